/* ferrocm's rocSOLVER: ROCm's rocSOLVER API (names and types of rocSOLVER 3), run on the CPU
 * device. Routines take rocBLAS handles and queue their work on the handle's stream; info and
 * pivots are written to device memory when the work runs. Link with -lrocsolver -lrocblas
 * -lamdhip64. */
#ifndef FERROCM_ROCSOLVER_ROCSOLVER_H
#define FERROCM_ROCSOLVER_ROCSOLVER_H

#include <rocblas/rocblas.h>

#ifndef ROCSOLVER_EXPORT
#define ROCSOLVER_EXPORT __attribute__((visibility("default")))
#endif

#define ROCSOLVER_VERSION_MAJOR 3
#define ROCSOLVER_VERSION_MINOR 26
#define ROCSOLVER_VERSION_PATCH 0

#ifdef __cplusplus
extern "C" {
#endif

ROCSOLVER_EXPORT rocblas_status rocsolver_get_version_string(char *buf, size_t len);
ROCSOLVER_EXPORT rocblas_status rocsolver_get_version_string_size(size_t *len);

#define FERROCM_ROCSOLVER(P, T)                                                                 \
  /* A = P L U; ipiv 1-based; info: 0, or the first i with U(i, i) = 0. */                      \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrf(rocblas_handle handle, const rocblas_int m, \
                                                      const rocblas_int n, T *A,                 \
                                                      const rocblas_int lda, rocblas_int *ipiv,  \
                                                      rocblas_int *info);                        \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrf_batched(                                 \
      rocblas_handle handle, const rocblas_int m, const rocblas_int n, T *const A[],            \
      const rocblas_int lda, rocblas_int *ipiv, const rocblas_stride strideP, rocblas_int *info, \
      const rocblas_int batch_count);                                                           \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrf_strided_batched(                         \
      rocblas_handle handle, const rocblas_int m, const rocblas_int n, T *A,                    \
      const rocblas_int lda, const rocblas_stride strideA, rocblas_int *ipiv,                   \
      const rocblas_stride strideP, rocblas_int *info, const rocblas_int batch_count);          \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrf_npvt(rocblas_handle handle,              \
                                                           const rocblas_int m,                  \
                                                           const rocblas_int n, T *A,            \
                                                           const rocblas_int lda,                \
                                                           rocblas_int *info);                   \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrf_npvt_batched(                            \
      rocblas_handle handle, const rocblas_int m, const rocblas_int n, T *const A[],            \
      const rocblas_int lda, rocblas_int *info, const rocblas_int batch_count);                 \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrf_npvt_strided_batched(                    \
      rocblas_handle handle, const rocblas_int m, const rocblas_int n, T *A,                    \
      const rocblas_int lda, const rocblas_stride strideA, rocblas_int *info,                   \
      const rocblas_int batch_count);                                                           \
  /* op(A) X = B with getrf's factors; X overwrites B. */                                        \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrs(                                         \
      rocblas_handle handle, const rocblas_operation trans, const rocblas_int n,                \
      const rocblas_int nrhs, T *A, const rocblas_int lda, const rocblas_int *ipiv, T *B,       \
      const rocblas_int ldb);                                                                   \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrs_batched(                                 \
      rocblas_handle handle, const rocblas_operation trans, const rocblas_int n,                \
      const rocblas_int nrhs, T *const A[], const rocblas_int lda, const rocblas_int *ipiv,     \
      const rocblas_stride strideP, T *const B[], const rocblas_int ldb,                        \
      const rocblas_int batch_count);                                                           \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getrs_strided_batched(                         \
      rocblas_handle handle, const rocblas_operation trans, const rocblas_int n,                \
      const rocblas_int nrhs, T *A, const rocblas_int lda, const rocblas_stride strideA,        \
      const rocblas_int *ipiv, const rocblas_stride strideP, T *B, const rocblas_int ldb,       \
      const rocblas_stride strideB, const rocblas_int batch_count);                             \
  /* A = L L^H or U^H U; info: 0, or the order of the first minor not positive definite. */     \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##potrf(rocblas_handle handle,                   \
                                                      const rocblas_fill uplo,                   \
                                                      const rocblas_int n, T *A,                 \
                                                      const rocblas_int lda, rocblas_int *info); \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##potrf_batched(                                 \
      rocblas_handle handle, const rocblas_fill uplo, const rocblas_int n, T *const A[],        \
      const rocblas_int lda, rocblas_int *info, const rocblas_int batch_count);                 \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##potrf_strided_batched(                         \
      rocblas_handle handle, const rocblas_fill uplo, const rocblas_int n, T *A,                \
      const rocblas_int lda, const rocblas_stride strideA, rocblas_int *info,                   \
      const rocblas_int batch_count);                                                           \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##potrs(                                         \
      rocblas_handle handle, const rocblas_fill uplo, const rocblas_int n,                      \
      const rocblas_int nrhs, T *A, const rocblas_int lda, T *B, const rocblas_int ldb);        \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##potrs_batched(                                 \
      rocblas_handle handle, const rocblas_fill uplo, const rocblas_int n,                      \
      const rocblas_int nrhs, T *const A[], const rocblas_int lda, T *const B[],                \
      const rocblas_int ldb, const rocblas_int batch_count);                                    \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##potrs_strided_batched(                         \
      rocblas_handle handle, const rocblas_fill uplo, const rocblas_int n,                      \
      const rocblas_int nrhs, T *A, const rocblas_int lda, const rocblas_stride strideA, T *B,  \
      const rocblas_int ldb, const rocblas_stride strideB, const rocblas_int batch_count);      \
  /* A = Q R; the reflectors' scalars in ipiv (LAPACK's tau). */                                \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##geqrf(rocblas_handle handle,                   \
                                                      const rocblas_int m, const rocblas_int n,  \
                                                      T *A, const rocblas_int lda, T *ipiv);     \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##geqrf_batched(                                 \
      rocblas_handle handle, const rocblas_int m, const rocblas_int n, T *const A[],            \
      const rocblas_int lda, T *ipiv, const rocblas_stride strideP,                             \
      const rocblas_int batch_count);                                                           \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##geqrf_strided_batched(                         \
      rocblas_handle handle, const rocblas_int m, const rocblas_int n, T *A,                    \
      const rocblas_int lda, const rocblas_stride strideA, T *ipiv,                             \
      const rocblas_stride strideP, const rocblas_int batch_count);
FERROCM_ROCSOLVER(s, float)
FERROCM_ROCSOLVER(d, double)
FERROCM_ROCSOLVER(c, rocblas_float_complex)
FERROCM_ROCSOLVER(z, rocblas_double_complex)
#undef FERROCM_ROCSOLVER

#ifdef __cplusplus
}
#endif

#endif
