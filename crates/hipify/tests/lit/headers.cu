// Includes are rewritten in place, keeping <> or "", removed headers disappear, and a HIP header is never
// included twice in the same branch.
// RUN: %hipify %s -o=%t && FileCheck %s --input-file=%t
// CHECK: #include <hip/hip_runtime.h>
// CHECK-NOT: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <cuda.h>
// CHECK: #include "hip/hip_runtime_api.h"
#include "cuda_runtime_api.h"
// CHECK: #include <hip/hip_fp16.h>
#include <cuda_fp16.h>
// CHECK: #include <hipblas.h>
// CHECK-NOT: #include <hipblas.h>
#include <cublas.h>
#include <cublas_v2.h>
#include <device_launch_parameters.h>
// CHECK: #include <vector>
#include <vector>
// CHECK: #include "my_kernels.cuh"
#include "my_kernels.cuh"
__global__ void k() {}
