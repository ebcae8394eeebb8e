// By default every conditional block is translated; --skip-excluded-preprocessor-conditional-blocks leaves
// the inactive ones alone, with -D/-U (before or after `--`) deciding what is active.
// RUN: %hipify %s -o=%t && FileCheck %s --check-prefix=ALL --input-file=%t
// RUN: %hipify %s -o=%t --skip-excluded-preprocessor-conditional-blocks && FileCheck %s --check-prefix=SKIP --input-file=%t
// RUN: %hipify %s -o=%t --skip-excluded-preprocessor-conditional-blocks -DUSE_ASYNC && FileCheck %s --check-prefix=DEF --input-file=%t
// RUN: %hipify %s -o=%t --skip-excluded-preprocessor-conditional-blocks -- -DUSE_ASYNC && FileCheck %s --check-prefix=DEF --input-file=%t
#include <cuda_runtime.h>
#if 0
// ALL: void a() { hipFree(0); }
// SKIP: void a() { cudaFree(0); }
// DEF: void a() { cudaFree(0); }
void a() { cudaFree(0); }
#endif
#ifdef USE_ASYNC
// ALL: void b() { hipFreeAsync(0, 0); }
// SKIP: void b() { cudaFreeAsync(0, 0); }
// DEF: void b() { hipFreeAsync(0, 0); }
void b() { cudaFreeAsync(0, 0); }
#else
// ALL: void c() { hipDeviceReset(); }
// SKIP: void c() { hipDeviceReset(); }
// DEF: void c() { cudaDeviceReset(); }
void c() { cudaDeviceReset(); }
#endif
#if defined(USE_ASYNC) && __CUDACC__ && __cplusplus >= 201103L
// ALL: void d() { hipStreamSynchronize(0); }
// SKIP: void d() { cudaStreamSynchronize(0); }
// DEF: void d() { hipStreamSynchronize(0); }
void d() { cudaStreamSynchronize(0); }
#endif
