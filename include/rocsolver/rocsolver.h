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

/* rocSOLVER's own enums (ROCm's rocsolver-extra-types.h), with ROCm's numbers. */
typedef enum rocblas_svect_ {
  rocblas_svect_all = 191,       /* the whole square U (or V') */
  rocblas_svect_singular = 192,  /* the first min(m, n) columns of U (rows of V') */
  rocblas_svect_overwrite = 193, /* as singular, over the first columns (rows) of A */
  rocblas_svect_none = 194
} rocblas_svect;

typedef enum rocblas_workmode_ {
  rocblas_outofplace = 201,
  rocblas_inplace = 202
} rocblas_workmode;

typedef enum rocblas_evect_ {
  rocblas_evect_original = 211,    /* eigenvectors of the matrix */
  rocblas_evect_tridiagonal = 212, /* of its tridiagonal form (not accepted by syevd) */
  rocblas_evect_none = 213
} rocblas_evect;

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

/* R is the real type of T; ORGQR and SYEVD name the real (orgqr, syevd) or complex (ungqr,
 * heevd) routine. */
#define FERROCM_ROCSOLVER2(P, T, R, ORGQR, SYEVD)                                                \
  /* A^-1 from getrf's factors and pivots; info: 0, or the first i with U(i, i) = 0. */         \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getri(rocblas_handle handle,                   \
                                                      const rocblas_int n, T *A,                 \
                                                      const rocblas_int lda, rocblas_int *ipiv,  \
                                                      rocblas_int *info);                        \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getri_batched(                                 \
      rocblas_handle handle, const rocblas_int n, T *const A[], const rocblas_int lda,          \
      rocblas_int *ipiv, const rocblas_stride strideP, rocblas_int *info,                       \
      const rocblas_int batch_count);                                                           \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##getri_strided_batched(                         \
      rocblas_handle handle, const rocblas_int n, T *A, const rocblas_int lda,                  \
      const rocblas_stride strideA, rocblas_int *ipiv, const rocblas_stride strideP,            \
      rocblas_int *info, const rocblas_int batch_count);                                        \
  /* Q's first n columns from geqrf's k reflectors (m >= n >= k); Q overwrites A. */            \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##ORGQR(rocblas_handle handle,                   \
                                                      const rocblas_int m, const rocblas_int n,  \
                                                      const rocblas_int k, T *A,                 \
                                                      const rocblas_int lda, T *ipiv);           \
  /* Least squares (or minimum norm) op(A) X = B; X overwrites B (ldb >= max(m, n)); info: 0,  \
   * or the first zero diagonal element of R (or L). */                                         \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##gels(                                          \
      rocblas_handle handle, rocblas_operation trans, const rocblas_int m, const rocblas_int n, \
      const rocblas_int nrhs, T *A, const rocblas_int lda, T *B, const rocblas_int ldb,         \
      rocblas_int *info);                                                                       \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##gels_batched(                                  \
      rocblas_handle handle, rocblas_operation trans, const rocblas_int m, const rocblas_int n, \
      const rocblas_int nrhs, T *const A[], const rocblas_int lda, T *const B[],                \
      const rocblas_int ldb, rocblas_int *info, const rocblas_int batch_count);                 \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##gels_strided_batched(                          \
      rocblas_handle handle, rocblas_operation trans, const rocblas_int m, const rocblas_int n, \
      const rocblas_int nrhs, T *A, const rocblas_int lda, const rocblas_stride strideA, T *B,  \
      const rocblas_int ldb, const rocblas_stride strideB, rocblas_int *info,                   \
      const rocblas_int batch_count);                                                           \
  /* Eigenvalues ascending into D, eigenvectors over A (evect original); E is work. */          \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##SYEVD(                                         \
      rocblas_handle handle, const rocblas_evect evect, const rocblas_fill uplo,                \
      const rocblas_int n, T *A, const rocblas_int lda, R *D, R *E, rocblas_int *info);         \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##SYEVD##_batched(                               \
      rocblas_handle handle, const rocblas_evect evect, const rocblas_fill uplo,                \
      const rocblas_int n, T *const A[], const rocblas_int lda, R *D,                           \
      const rocblas_stride strideD, R *E, const rocblas_stride strideE, rocblas_int *info,      \
      const rocblas_int batch_count);                                                           \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##SYEVD##_strided_batched(                       \
      rocblas_handle handle, const rocblas_evect evect, const rocblas_fill uplo,                \
      const rocblas_int n, T *A, const rocblas_int lda, const rocblas_stride strideA, R *D,     \
      const rocblas_stride strideD, R *E, const rocblas_stride strideE, rocblas_int *info,      \
      const rocblas_int batch_count);                                                           \
  /* A = U S V'; S descending; V holds V' (the right singular vectors as rows); E is work;     \
   * fast_alg is ignored. */                                                                    \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##gesvd(                                         \
      rocblas_handle handle, const rocblas_svect left_svect, const rocblas_svect right_svect,   \
      const rocblas_int m, const rocblas_int n, T *A, const rocblas_int lda, R *S, T *U,        \
      const rocblas_int ldu, T *V, const rocblas_int ldv, R *E, const rocblas_workmode fast_alg, \
      rocblas_int *info);                                                                       \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##gesvd_batched(                                 \
      rocblas_handle handle, const rocblas_svect left_svect, const rocblas_svect right_svect,   \
      const rocblas_int m, const rocblas_int n, T *const A[], const rocblas_int lda, R *S,      \
      const rocblas_stride strideS, T *U, const rocblas_int ldu, const rocblas_stride strideU,  \
      T *V, const rocblas_int ldv, const rocblas_stride strideV, R *E,                          \
      const rocblas_stride strideE, const rocblas_workmode fast_alg, rocblas_int *info,         \
      const rocblas_int batch_count);                                                           \
  ROCSOLVER_EXPORT rocblas_status rocsolver_##P##gesvd_strided_batched(                         \
      rocblas_handle handle, const rocblas_svect left_svect, const rocblas_svect right_svect,   \
      const rocblas_int m, const rocblas_int n, T *A, const rocblas_int lda,                    \
      const rocblas_stride strideA, R *S, const rocblas_stride strideS, T *U,                   \
      const rocblas_int ldu, const rocblas_stride strideU, T *V, const rocblas_int ldv,         \
      const rocblas_stride strideV, R *E, const rocblas_stride strideE,                         \
      const rocblas_workmode fast_alg, rocblas_int *info, const rocblas_int batch_count);
FERROCM_ROCSOLVER2(s, float, float, orgqr, syevd)
FERROCM_ROCSOLVER2(d, double, double, orgqr, syevd)
FERROCM_ROCSOLVER2(c, rocblas_float_complex, float, ungqr, heevd)
FERROCM_ROCSOLVER2(z, rocblas_double_complex, double, ungqr, heevd)
#undef FERROCM_ROCSOLVER2

#ifdef __cplusplus
}
#endif

#endif
