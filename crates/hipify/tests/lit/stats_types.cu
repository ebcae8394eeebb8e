// Statistics by type count enum values as numeric_literal and macros as define, as hipify-clang does.
// RUN: %hipify %s --no-output --print-stats 2>%t.err && FileCheck %s --input-file=%t.err
// CHECK: [HIPIFY] info: CONVERTED refs by type:
// CHECK-NEXT: memory: 2
// CHECK-NEXT: stream: 1
// CHECK-NEXT: include_cuda_main_header: 1
// CHECK-NEXT: type: 1
// CHECK-NEXT: numeric_literal: 1
// CHECK-NEXT: define: 1
#include <cuda_runtime.h>
int main() {
  float *d, h;
  cudaMalloc(&d, 4);
  cudaMemcpy(d, &h, 4, cudaMemcpyHostToDevice);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  return 0;
}
