// cuSOLVER: dense Z functions, the 64-bit generic API (Xgetrf...), sparse (Sp) and refactorisation (Rf) names
// go to hipSOLVER; with --roc, names with a rocSOLVER/rocBLAS equivalent go there and the others warn.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %hipify %s -o=%t.roc --roc 2>%t.roc.err && FileCheck %s --check-prefix=ROC --input-file=%t.roc
// RUN: FileCheck %s --check-prefix=ROCWARN --input-file=%t.roc.err
// CHECK: #include <hipsolver.h>
// ROC: #include <rocsolver/rocsolver.h>
#include <cusolverDn.h>
#include <cusolverSp.h>
#include <cusolverRf.h>
void f(cuDoubleComplex *a, double *v, int *ipiv, int *info, void *dw, void *hw) {
  // CHECK: hipsolverHandle_t dn;
  // ROC: rocblas_handle dn;
  cusolverDnHandle_t dn;
  // CHECK: hipsolverDnCreate(&dn);
  // ROC: rocblas_create_handle(&dn);
  cusolverDnCreate(&dn);
  int lwork = 0;
  // CHECK: hipsolverDnZgetrf_bufferSize(dn, 4, 4, a, 4, &lwork);
  // ROC: cusolverDnZgetrf_bufferSize(dn, 4, 4, a, 4, &lwork);
  cusolverDnZgetrf_bufferSize(dn, 4, 4, a, 4, &lwork);
  // CHECK: hipsolverDnZgetrf(dn, 4, 4, a, 4, a, ipiv, info);
  cusolverDnZgetrf(dn, 4, 4, a, 4, a, ipiv, info);
  // CHECK: hipsolverDnZpotrf(dn, HIPBLAS_FILL_MODE_LOWER, 4, a, 4, a, lwork, info);
  // ROC: rocsolver_zpotrf(dn, rocblas_fill_lower, 4, a, 4, a, lwork, info);
  cusolverDnZpotrf(dn, CUBLAS_FILL_MODE_LOWER, 4, a, 4, a, lwork, info);
  // CHECK: hipsolverDnZheevd(dn, HIPSOLVER_EIG_MODE_VECTOR, HIPBLAS_FILL_MODE_LOWER, 4, a, 4, v, a, lwork, info);
  // ROC: cusolverDnZheevd(dn, rocblas_evect_original, rocblas_fill_lower, 4, a, 4, v, a, lwork, info);
  cusolverDnZheevd(dn, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 4, a, 4, v, a, lwork, info);
  // WARN: {{.*}}solver.cu:[[@LINE+4]]:3: warning: 'cusolverDnZsytri' is unsupported in 'HIP'.
  // ROCWARN: {{.*}}solver.cu:[[@LINE+3]]:3: warning: 'cusolverDnZsytri' is unsupported in 'ROC'.
  // CHECK: cusolverDnZsytri(dn, HIPBLAS_FILL_MODE_LOWER, 4, a, 4, ipiv, a, lwork, info);
  // ROC: cusolverDnZsytri(dn, rocblas_fill_lower, 4, a, 4, ipiv, a, lwork, info);
  cusolverDnZsytri(dn, CUBLAS_FILL_MODE_LOWER, 4, a, 4, ipiv, a, lwork, info);

  // CHECK: hipsolverDnParams_t params;
  // ROC: cusolverDnParams_t params;
  cusolverDnParams_t params;
  // CHECK: hipsolverDnCreateParams(&params);
  cusolverDnCreateParams(&params);
  size_t dsize = 0, hsize = 0;
  // CHECK: hipsolverDnXgetrf_bufferSize(dn, params, 4, 4, HIP_C_64F, a, 4, HIP_C_64F, &dsize, &hsize);
  cusolverDnXgetrf_bufferSize(dn, params, 4, 4, CUDA_C_64F, a, 4, CUDA_C_64F, &dsize, &hsize);
  // ROCWARN: {{.*}}solver.cu:[[@LINE+3]]:3: warning: 'cusolverDnXgetrf' is unsupported in 'ROC'.
  // CHECK: hipsolverDnXgetrf(dn, params, 4, 4, HIP_C_64F, a, 4, nullptr, HIP_C_64F, dw, dsize, hw, hsize, info);
  // ROC: cusolverDnXgetrf(dn, params, 4, 4, rocblas_datatype_f64_c, a, 4, nullptr, rocblas_datatype_f64_c, dw, dsize, hw, hsize, info);
  cusolverDnXgetrf(dn, params, 4, 4, CUDA_C_64F, a, 4, nullptr, CUDA_C_64F, dw, dsize, hw, hsize, info);
  // CHECK: hipsolverDnXgetrs(dn, params, HIPBLAS_OP_N, 4, 1, HIP_C_64F, a, 4, nullptr, HIP_C_64F, a, 4, info);
  cusolverDnXgetrs(dn, params, CUBLAS_OP_N, 4, 1, CUDA_C_64F, a, 4, nullptr, CUDA_C_64F, a, 4, info);
  // CHECK: hipsolverDnXpotrf(dn, params, HIPBLAS_FILL_MODE_LOWER, 4, HIP_C_64F, a, 4, HIP_C_64F, dw, dsize, hw, hsize, info);
  cusolverDnXpotrf(dn, params, CUBLAS_FILL_MODE_LOWER, 4, CUDA_C_64F, a, 4, CUDA_C_64F, dw, dsize, hw, hsize, info);
  // WARN: {{.*}}solver.cu:[[@LINE+2]]:3: warning: 'cusolverDnXsyevd' is unsupported in 'HIP'.
  // CHECK: cusolverDnXsyevd(dn, params, HIPSOLVER_EIG_MODE_VECTOR, HIPBLAS_FILL_MODE_LOWER, 4, HIP_C_64F, a, 4, HIP_R_64F, v, HIP_C_64F, dw, dsize, hw, hsize, info);
  cusolverDnXsyevd(dn, params, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 4, CUDA_C_64F, a, 4, CUDA_R_64F, v, CUDA_C_64F, dw, dsize, hw, hsize, info);
  // CHECK: hipsolverDnDestroyParams(params);
  cusolverDnDestroyParams(params);

  // CHECK: hipsolverSpHandle_t sp;
  // ROC: cusolverSpHandle_t sp;
  cusolverSpHandle_t sp;
  // CHECK: hipsolverSpCreate(&sp);
  cusolverSpCreate(&sp);
  int singularity = 0;
  // CHECK: hipsolverSpDcsrlsvqr(sp, 4, 4, nullptr, v, ipiv, ipiv, v, 1e-12, 0, v, &singularity);
  // ROC: cusolverSpDcsrlsvqr(sp, 4, 4, nullptr, v, ipiv, ipiv, v, 1e-12, 0, v, &singularity);
  cusolverSpDcsrlsvqr(sp, 4, 4, nullptr, v, ipiv, ipiv, v, 1e-12, 0, v, &singularity);
  // CHECK: hipsolverSpDcsrlsvchol(sp, 4, 4, nullptr, v, ipiv, ipiv, v, 1e-12, 0, v, &singularity);
  cusolverSpDcsrlsvchol(sp, 4, 4, nullptr, v, ipiv, ipiv, v, 1e-12, 0, v, &singularity);
  // CHECK: hipsolverSpDestroy(sp);
  cusolverSpDestroy(sp);

  // CHECK: hipsolverRfHandle_t rf;
  // ROC: cusolverRfHandle_t rf;
  cusolverRfHandle_t rf;
  // WARN: {{.*}}solver.cu:[[@LINE+3]]:3: warning: 'cusolverRfCreate' is deprecated in CUDA.
  // CHECK: hipsolverRfCreate(&rf);
  // ROC: cusolverRfCreate(&rf);
  cusolverRfCreate(&rf);
  // CHECK: hipsolverRfSetResetValuesFastMode(rf, HIPSOLVERRF_RESET_VALUES_FAST_MODE_ON);
  // ROC: cusolverRfSetResetValuesFastMode(rf, CUSOLVERRF_RESET_VALUES_FAST_MODE_ON);
  cusolverRfSetResetValuesFastMode(rf, CUSOLVERRF_RESET_VALUES_FAST_MODE_ON);
  // CHECK: hipsolverRfDestroy(rf);
  cusolverRfDestroy(rf);
}
