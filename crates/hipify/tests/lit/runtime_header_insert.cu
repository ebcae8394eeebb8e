// A CUDA file that does not include a CUDA header gets `#include <hip/hip_runtime.h>` once, after the include
// guard's #define (or #pragma once, or before the first include).
// RUN: %hipify %s -o=%t && FileCheck %s --input-file=%t
// CHECK: #ifndef MY_KERNELS_CUH
// CHECK: #define MY_KERNELS_CUH
// CHECK-NEXT: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <stdio.h>
#ifndef MY_KERNELS_CUH
#define MY_KERNELS_CUH
#include <stdio.h>
// CHECK: __global__ void k(float *x) { __syncthreads(); }
__global__ void k(float *x) { __syncthreads(); }
#endif
