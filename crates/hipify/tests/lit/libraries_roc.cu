// --roc: cuBLAS, cuRAND, cuSPARSE and cuSOLVER go to the ROC libraries (headers too); names without a ROC
// equivalent warn.
// RUN: %hipify %s -o=%t --roc 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// CHECK: #include <rocblas.h>
#include <cublas_v2.h>
// CHECK: #include <rocrand/rocrand.h>
#include <curand.h>
// CHECK: #include <rocsparse/rocsparse.h>
#include <cusparse.h>
// CHECK: #include <rocsolver/rocsolver.h>
#include <cusolverDn.h>
void f(float *a, float *b, float *c) {
  // CHECK: rocblas_handle h;
  cublasHandle_t h;
  // CHECK: rocblas_status st = rocblas_create_handle(&h);
  cublasStatus_t st = cublasCreate(&h);
  const float one = 1.0f;
  // CHECK: rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_transpose, 4, 4, 4, &one, a, 4, b, 4, &one, c, 4);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, 4, 4, 4, &one, a, 4, b, 4, &one, c, 4);
  // CHECK: rocrand_generator g;
  curandGenerator_t g;
  // CHECK: rocrand_create_generator(&g, ROCRAND_RNG_PSEUDO_DEFAULT);
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  // CHECK: rocsparse_handle sh;
  cusparseHandle_t sh;
  // CHECK: rocsparse_create_handle(&sh);
  cusparseCreate(&sh);
  // CHECK: rocblas_handle dn;
  cusolverDnHandle_t dn;
  // CHECK: rocsolver_dpotrf(dn, rocblas_fill_lower, 4, nullptr, 4, nullptr, 0, nullptr);
  cusolverDnDpotrf(dn, CUBLAS_FILL_MODE_LOWER, 4, nullptr, 4, nullptr, 0, nullptr);
  // WARN: {{.*}}libraries_roc.cu:[[@LINE+2]]:3: warning: 'cusolverDnSgetrf' is unsupported in 'ROC'.
  // CHECK: cusolverDnSgetrf(dn, 4, 4, nullptr, 4, nullptr, nullptr, nullptr);
  cusolverDnSgetrf(dn, 4, 4, nullptr, 4, nullptr, nullptr, nullptr);
}
