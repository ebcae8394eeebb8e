#pragma once
// Multiplies `n` floats of host memory by `a` on the device; returns 0 on success.
extern "C" int scale_on_device(float *values, int n, float a);
