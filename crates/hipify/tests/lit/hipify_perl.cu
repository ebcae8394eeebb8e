// hipify-perl's command line: the translation to standard output by default; -inplace keeps the original
// as .prehip (a second run translates that again); -o= and -print-stats (on standard error);
// -quiet-warnings; and the hipify binary behaving so when called through a link named hipify-perl.
// RUN: %hipify-perl %s > %t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: cp %s %T/a.cu && %hipify-perl -inplace %T/a.cu 2>/dev/null && cmp %s %T/a.cu.prehip
// RUN: FileCheck %s --input-file=%T/a.cu
// RUN: %hipify-perl --inplace %T/a.cu 2>/dev/null && cmp %s %T/a.cu.prehip && FileCheck %s --input-file=%T/a.cu
// RUN: %hipify-perl -o=%t.out -print-stats %s 2>%t.stats && FileCheck %s --input-file=%t.out
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t.stats
// RUN: %hipify-perl -quiet-warnings -no-output %s 2>%t.quiet && test ! -s %t.quiet
// RUN: ln -sf %hipify %T/hipify-perl && %T/hipify-perl %s 2>/dev/null | FileCheck %s
#include <cuda_runtime.h>
// CHECK: #include <hip/hip_runtime.h>
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
int main() {
  float *p;
  // CHECK: hipMalloc(&p, 4);
  cudaMalloc(&p, 4);
  // CHECK: k<<<1, 1>>>(p);
  k<<<1, 1>>>(p);
  // WARN: warning: {{.*}}hipify_perl.cu:[[@LINE+1]]:3: 'cudaInitDevice' is unsupported in 'HIP'.
  cudaInitDevice(0);
  return 0;
}
// STATS: info: converted {{[0-9]+}} CUDA->HIP refs ( error:0 {{.*}} )
// STATS: warn:1 LOC:{{[0-9]+}} in '{{.*}}hipify_perl.cu'
