// Device code: CUDA builtins and intrinsics that HIP has under the same name stay, headers are mapped.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hip/hip_fp16.h>
#include <cuda_fp16.h>
__device__ float f(float x) {
  // CHECK: float y = __expf(x) + __fdividef(x, 2.0f) + sinf(x);
  float y = __expf(x) + __fdividef(x, 2.0f) + sinf(x);
  // CHECK: __half h = __float2half(y);
  __half h = __float2half(y);
  // CHECK: int r = __shfl_sync(0xffffffff, 1, 0);
  int r = __shfl_sync(0xffffffff, 1, 0);
  // CHECK: __syncthreads();
  __syncthreads();
  // CHECK: atomicAdd(&y, 1.0f);
  atomicAdd(&y, 1.0f);
  // CHECK: uchar4 c4 = make_uchar4(1, 2, 3, 4); char1 c1 = make_char1(0); ushort2 u2 = make_ushort2(5, 6);
  uchar4 c4 = make_uchar4(1, 2, 3, 4); char1 c1 = make_char1(0); ushort2 u2 = make_ushort2(5, 6);
  // WARN: {{.*}}device_functions.cu:[[@LINE+2]]:{{[0-9]+}}: warning: '__prof_trigger' is unsupported in 'HIP'.
  // CHECK: __prof_trigger(1);
  __prof_trigger(1);
  return __half2float(h) + r;
}
