#pragma once
// Multiplies `n` floats of host memory by `a` and adds 0.5 on the device; returns 0 on success.
extern "C" int scale_on_device(float *values, int n, float a);
