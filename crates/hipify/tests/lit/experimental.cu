// Names experimental in HIP are translated only with --experimental; without it they warn and stay.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --check-prefix=DEFAULT --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %hipify %s -o=%t --experimental && FileCheck %s --check-prefix=EXP --input-file=%t
#include <cublas_v2.h>
// WARN: {{.*}}experimental.cu:[[@LINE+3]]:44: warning: 'cublasSetMathMode' is experimental in 'HIP'; to hipify it, use the '--experimental' option.
// DEFAULT: void f(hipblasHandle_t h, hipblasMath_t m) { cublasSetMathMode(h, m); }
// EXP: void f(hipblasHandle_t h, hipblasMath_t m) { hipblasSetMathMode(h, m); }
void f(cublasHandle_t h, cublasMath_t m) { cublasSetMathMode(h, m); }
