// Names in comments, character literals, raw strings and strings that are not exactly one name stay.
// In plain strings, as hipify-clang does: each run from "cu" to the next space (looked for from 4 bytes
// on, so "accum cudaFree" is one run) that is exactly a name.
// RUN: %hipify %s -o=%t && FileCheck %s --input-file=%t
#include <cuda_runtime.h>
void f(float **p) {
  // CHECK: hipMalloc(p,   4);   /* cudaMalloc in a comment */ // cudaFree too
  cudaMalloc(p,   4);   /* cudaMalloc in a comment */ // cudaFree too
  /* a block comment with cudaMalloc(p, 4);
     over two lines with cudaFree */
  // CHECK: const char *s = "a cudaMalloc-like text: cudaMalloc()";
  const char *s = "a cudaMalloc-like text: cudaMalloc()";
  // CHECK: const char *r = R"x(cudaFree(p); )" still raw )x";
  const char *r = R"x(cudaFree(p); )" still raw )x";
  // CHECK: const char *w = "hipMalloc";
  const char *w = "cudaMalloc";
  // CHECK: const char *m = "hipMalloc failed: hipGetLastError said so, accum cudaFree";
  const char *m = "cudaMalloc failed: cudaGetLastError said so, accum cudaFree";
  // CHECK: const char *x = "error:hipMalloc u8 cudaFree, cudaFree(p)";
  const char *x = "error:cudaMalloc u8 cudaFree, cudaFree(p)";
  // CHECK: const char *u = u8"cudaMalloc";
  const char *u = u8"cudaMalloc";
  // CHECK: char c = 'c'; int n = 1'000'000; double e = 1e-3 + 0x1p3 + 2.f;
  char c = 'c'; int n = 1'000'000; double e = 1e-3 + 0x1p3 + 2.f;
  // CHECK: int cudaMallocX = 0; int my_cudaFree = 1;
  int cudaMallocX = 0; int my_cudaFree = 1;
}
#define LONG_MACRO(p) \
  cudaFree(p)
// CHECK: hipFree(p)
