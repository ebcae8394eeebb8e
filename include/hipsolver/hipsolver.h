/* ferrocm's hipSOLVER: ROCm's hipSOLVER API (names, argument orders, enum values and types of
 * hipSOLVER 2.2, ROCm 6.2) over ferrocm's rocSOLVER, run on the CPU device. Link with
 * -lhipsolver (libhipsolver.so.0) and -lamdhip64.
 *
 * Routines queue their work on the handle's stream; devInfo and devIpiv are written to device
 * memory when the work runs. The CPU device needs no workspace: the _bufferSize queries check
 * their arguments and answer one element (its bytes for the size_t queries of gels and gesv),
 * and work/lwork are accepted and unused. A null devIpiv
 * in getrf factors without pivoting. hipsolverOperation_t and hipsolverFillMode_t are hipBLAS's
 * enums, declared here (or taken from <hipblas/hipblas.h>, in either order of inclusion). */
#ifndef FERROCM_HIPSOLVER_HIPSOLVER_H
#define FERROCM_HIPSOLVER_HIPSOLVER_H

#include <hip/hip_runtime_api.h>
#include <hip/library_types.h>
#include <stddef.h>

/* hipFloatComplex and hipDoubleComplex: <hip/hip_complex.h> in C++; in C, the same float2 and
 * double2 structs (x the real part, y the imaginary part). */
#ifdef __cplusplus
#include <hip/hip_complex.h>
#else
#include <hip/hip_vector_types.h>
#ifndef FERROCM_HIP_COMPLEX_C_TYPES
#define FERROCM_HIP_COMPLEX_C_TYPES
typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;
#endif
#endif

#define hipsolverVersionMajor 2
#define hipsolverVersionMinor 2
#define hipsolverVersionPatch 0
#define hipsolverVersionTweak ferrocm

#ifndef HIPSOLVER_EXPORT
#define HIPSOLVER_EXPORT __attribute__((visibility("default")))
#endif

typedef void *hipsolverHandle_t;
/* The compatibility API's name for the same handle. */
typedef hipsolverHandle_t hipsolverDnHandle_t;

typedef enum {
  HIPSOLVER_STATUS_SUCCESS = 0,
  HIPSOLVER_STATUS_NOT_INITIALIZED = 1,
  HIPSOLVER_STATUS_ALLOC_FAILED = 2,
  HIPSOLVER_STATUS_INVALID_VALUE = 3,
  HIPSOLVER_STATUS_MAPPING_ERROR = 4,
  HIPSOLVER_STATUS_EXECUTION_FAILED = 5,
  HIPSOLVER_STATUS_INTERNAL_ERROR = 6,
  HIPSOLVER_STATUS_NOT_SUPPORTED = 7,
  HIPSOLVER_STATUS_ARCH_MISMATCH = 8,
  HIPSOLVER_STATUS_HANDLE_IS_NULLPTR = 9,
  HIPSOLVER_STATUS_INVALID_ENUM = 10,
  HIPSOLVER_STATUS_UNKNOWN = 11,
  HIPSOLVER_STATUS_ZERO_PIVOT = 12,
  HIPSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 13
} hipsolverStatus_t;

/* hipBLAS's enums, declared once whichever of hipblas.h and hipsolver.h comes first. */
#ifndef HIPBLAS_OPERATION_DECLARED
#define HIPBLAS_OPERATION_DECLARED
typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113 } hipblasOperation_t;
#elif defined(__cplusplus) && __cplusplus >= 201103L
static_assert(HIPBLAS_OP_N == 111 && HIPBLAS_OP_T == 112 && HIPBLAS_OP_C == 113,
              "inconsistent hipblasOperation_t");
#endif

#ifndef HIPBLAS_FILL_MODE_DECLARED
#define HIPBLAS_FILL_MODE_DECLARED
typedef enum {
  HIPBLAS_FILL_MODE_UPPER = 121,
  HIPBLAS_FILL_MODE_LOWER = 122,
  HIPBLAS_FILL_MODE_FULL = 123
} hipblasFillMode_t;
#elif defined(__cplusplus) && __cplusplus >= 201103L
static_assert(HIPBLAS_FILL_MODE_UPPER == 121 && HIPBLAS_FILL_MODE_LOWER == 122 &&
                  HIPBLAS_FILL_MODE_FULL == 123,
              "inconsistent hipblasFillMode_t");
#endif

#ifndef HIPBLAS_DIAG_TYPE_DECLARED
#define HIPBLAS_DIAG_TYPE_DECLARED
typedef enum { HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132 } hipblasDiagType_t;
#elif defined(__cplusplus) && __cplusplus >= 201103L
static_assert(HIPBLAS_DIAG_NON_UNIT == 131 && HIPBLAS_DIAG_UNIT == 132,
              "inconsistent hipblasDiagType_t");
#endif

#ifndef HIPBLAS_SIDE_MODE_DECLARED
#define HIPBLAS_SIDE_MODE_DECLARED
typedef enum {
  HIPBLAS_SIDE_LEFT = 141,
  HIPBLAS_SIDE_RIGHT = 142,
  HIPBLAS_SIDE_BOTH = 143
} hipblasSideMode_t;
#elif defined(__cplusplus) && __cplusplus >= 201103L
static_assert(HIPBLAS_SIDE_LEFT == 141 && HIPBLAS_SIDE_RIGHT == 142 && HIPBLAS_SIDE_BOTH == 143,
              "inconsistent hipblasSideMode_t");
#endif

typedef hipblasOperation_t hipsolverOperation_t;
#define HIPSOLVER_OP_N HIPBLAS_OP_N
#define HIPSOLVER_OP_T HIPBLAS_OP_T
#define HIPSOLVER_OP_C HIPBLAS_OP_C

/* Upper and lower only: HIPBLAS_FILL_MODE_FULL is HIPSOLVER_STATUS_INVALID_ENUM. */
typedef hipblasFillMode_t hipsolverFillMode_t;
#define HIPSOLVER_FILL_MODE_UPPER HIPBLAS_FILL_MODE_UPPER
#define HIPSOLVER_FILL_MODE_LOWER HIPBLAS_FILL_MODE_LOWER

typedef hipblasSideMode_t hipsolverSideMode_t;
#define HIPSOLVER_SIDE_LEFT HIPBLAS_SIDE_LEFT
#define HIPSOLVER_SIDE_RIGHT HIPBLAS_SIDE_RIGHT

typedef enum {
  HIPSOLVER_EIG_MODE_NOVECTOR = 201,
  HIPSOLVER_EIG_MODE_VECTOR = 202
} hipsolverEigMode_t;

/* The generalized eigenproblems of sygvd/hegvd: A x = l B x, A B x = l x, B A x = l x. */
typedef enum {
  HIPSOLVER_EIG_TYPE_1 = 211,
  HIPSOLVER_EIG_TYPE_2 = 212,
  HIPSOLVER_EIG_TYPE_3 = 213
} hipsolverEigType_t;

#ifdef __cplusplus
extern "C" {
#endif

/* ---- handle: the regular API and its Dn aliases ---- */
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverCreate(hipsolverHandle_t *handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDestroy(hipsolverHandle_t handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSetStream(hipsolverHandle_t handle,
                                                      hipStream_t streamId);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverGetStream(hipsolverHandle_t handle,
                                                      hipStream_t *streamId);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnCreate(hipsolverHandle_t *handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnDestroy(hipsolverHandle_t handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnSetStream(hipsolverHandle_t handle,
                                                        hipStream_t streamId);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnGetStream(hipsolverHandle_t handle,
                                                        hipStream_t *streamId);

/* ---- the regular API, for P = S, D, C, Z and T its element type ---- */
#define FERROCM_HIPSOLVER_REGULAR(P, T)                                                          \
  /* A = P L U (devIpiv 1-based; NULL: no pivoting); devInfo: 0, or the first i with             \
     U(i,i) = 0. */                                                                              \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##getrf_bufferSize(                             \
      hipsolverHandle_t handle, int m, int n, T *A, int lda, int *lwork);                        \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##getrf(hipsolverHandle_t handle, int m, int n, \
                                                         T *A, int lda, T *work, int lwork,      \
                                                         int *devIpiv, int *devInfo);            \
  /* op(A) X = B with getrf's factors; X overwrites B; devInfo: 0. */                            \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##getrs_bufferSize(                             \
      hipsolverHandle_t handle, hipsolverOperation_t trans, int n, int nrhs, T *A, int lda,      \
      int *devIpiv, T *B, int ldb, int *lwork);                                                  \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##getrs(                                        \
      hipsolverHandle_t handle, hipsolverOperation_t trans, int n, int nrhs, T *A, int lda,      \
      int *devIpiv, T *B, int ldb, T *work, int lwork, int *devInfo);                            \
  /* A = L L^H or U^H U; devInfo: 0, or the order of the first minor not positive definite. */   \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potrf_bufferSize(                             \
      hipsolverHandle_t handle, hipsolverFillMode_t uplo, int n, T *A, int lda, int *lwork);     \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potrf(hipsolverHandle_t handle,               \
                                                         hipsolverFillMode_t uplo, int n, T *A,  \
                                                         int lda, T *work, int lwork,            \
                                                         int *devInfo);                          \
  /* A X = B with potrf's factor; X overwrites B; devInfo: 0. */                                 \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potrs_bufferSize(                             \
      hipsolverHandle_t handle, hipsolverFillMode_t uplo, int n, int nrhs, T *A, int lda, T *B,  \
      int ldb, int *lwork);                                                                      \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potrs(                                        \
      hipsolverHandle_t handle, hipsolverFillMode_t uplo, int n, int nrhs, T *A, int lda, T *B,  \
      int ldb, T *work, int lwork, int *devInfo);                                                \
  /* A = Q R: R on and above the diagonal, the reflectors below it and in tau; devInfo: 0. */    \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##geqrf_bufferSize(                             \
      hipsolverHandle_t handle, int m, int n, T *A, int lda, int *lwork);                        \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##geqrf(hipsolverHandle_t handle, int m, int n, \
                                                         T *A, int lda, T *tau, T *work,         \
                                                         int lwork, int *devInfo);

/* ---- the compatibility API (cuSOLVER's argument lists) ---- */
#define FERROCM_HIPSOLVER_DN(P, T)                                                               \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##getrf_bufferSize(                           \
      hipsolverHandle_t handle, int m, int n, T *A, int lda, int *lwork);                        \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##getrf(hipsolverHandle_t handle, int m,      \
                                                           int n, T *A, int lda, T *work,        \
                                                           int *devIpiv, int *devInfo);          \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##getrs(                                      \
      hipsolverHandle_t handle, hipblasOperation_t trans, int n, int nrhs, const T *A, int lda,  \
      const int *devIpiv, T *B, int ldb, int *devInfo);                                          \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##potrf_bufferSize(                           \
      hipsolverHandle_t handle, hipblasFillMode_t uplo, int n, T *A, int lda, int *lwork);       \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##potrf(hipsolverHandle_t handle,             \
                                                           hipblasFillMode_t uplo, int n, T *A,  \
                                                           int lda, T *work, int lwork,          \
                                                           int *devInfo);                        \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##potrs(                                      \
      hipsolverHandle_t handle, hipblasFillMode_t uplo, int n, int nrhs, const T *A, int lda,    \
      T *B, int ldb, int *devInfo);                                                              \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##geqrf_bufferSize(                           \
      hipsolverHandle_t handle, int m, int n, T *A, int lda, int *lwork);                        \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##geqrf(hipsolverHandle_t handle, int m,      \
                                                           int n, T *A, int lda, T *tau,         \
                                                           T *work, int lwork, int *devInfo);

/* ---- more of the regular API: P the type's letter, T the element type, R its real type, and
   the routines' names for it (orgqr or ungqr, ormqr or unmqr, syevd or heevd, sygvd or hegvd) ---- */
#define FERROCM_HIPSOLVER_REGULAR2(P, T, R, ORGQR, ORMQR, SYEVD, SYGVD)                            \
  /* Q's first n columns from geqrf's k reflectors, over A; devInfo: 0. */                       \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##ORGQR##_bufferSize(                           \
      hipsolverHandle_t handle, int m, int n, int k, T *A, int lda, T *tau, int *lwork);         \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##ORGQR(hipsolverHandle_t handle, int m, int n, \
                                                         int k, T *A, int lda, T *tau, T *work,  \
                                                         int lwork, int *devInfo);               \
  /* C := op(Q) C or C op(Q), Q from geqrf's k reflectors in A; devInfo: 0. */                   \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##ORMQR##_bufferSize(                           \
      hipsolverHandle_t handle, hipsolverSideMode_t side, hipsolverOperation_t trans, int m,     \
      int n, int k, T *A, int lda, T *tau, T *C, int ldc, int *lwork);                           \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##ORMQR(                                        \
      hipsolverHandle_t handle, hipsolverSideMode_t side, hipsolverOperation_t trans, int m,     \
      int n, int k, T *A, int lda, T *tau, T *C, int ldc, T *work, int lwork, int *devInfo);     \
  /* Least squares (m >= n) or minimum norm (m < n) solution of A X = B by QR (LQ), in the       \
     working precision; X == B solves in place (ldb >= max(m, n)), otherwise B is left as it     \
     was; *niters (host, may be NULL): 0; devInfo: 0, or i when R(i,i) = 0. lwork in bytes. */   \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##P##gels_bufferSize(                           \
      hipsolverHandle_t handle, int m, int n, int nrhs, T *A, int lda, T *B, int ldb, T *X,      \
      int ldx, size_t *lwork);                                                                   \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##P##gels(                                      \
      hipsolverHandle_t handle, int m, int n, int nrhs, T *A, int lda, T *B, int ldb, T *X,      \
      int ldx, void *work, size_t lwork, int *niters, int *devInfo);                             \
  /* A X = B by getrf + getrs, in the working precision; X == B solves in place; *niters (host,  \
     may be NULL): 0; devInfo: 0, or i when U(i,i) = 0 (X then not written). lwork in bytes. */  \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##P##gesv_bufferSize(                           \
      hipsolverHandle_t handle, int n, int nrhs, T *A, int lda, int *devIpiv, T *B, int ldb,     \
      T *X, int ldx, size_t *lwork);                                                             \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##P##gesv(                                      \
      hipsolverHandle_t handle, int n, int nrhs, T *A, int lda, int *devIpiv, T *B, int ldb,     \
      T *X, int ldx, void *work, size_t lwork, int *niters, int *devInfo);                       \
  /* potrf on each of batch_count matrices; devInfo: one info per matrix. */                     \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potrfBatched_bufferSize(                      \
      hipsolverHandle_t handle, hipsolverFillMode_t uplo, int n, T *A[], int lda, int *lwork,    \
      int batch_count);                                                                          \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potrfBatched(                                 \
      hipsolverHandle_t handle, hipsolverFillMode_t uplo, int n, T *A[], int lda, T *work,       \
      int lwork, int *devInfo, int batch_count);                                                 \
  /* potrs on each of batch_count systems; devInfo: batch_count zeros. */                        \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potrsBatched_bufferSize(                      \
      hipsolverHandle_t handle, hipsolverFillMode_t uplo, int n, int nrhs, T *A[], int lda,      \
      T *B[], int ldb, int *lwork, int batch_count);                                             \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potrsBatched(                                 \
      hipsolverHandle_t handle, hipsolverFillMode_t uplo, int n, int nrhs, T *A[], int lda,      \
      T *B[], int ldb, T *work, int lwork, int *devInfo, int batch_count);                       \
  /* Eigenvalues (ascending, into D) and with jobz VECTOR eigenvectors (over A) of the           \
     Hermitian A; devInfo: 0, or n when the iteration did not converge. */                       \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##SYEVD##_bufferSize(                           \
      hipsolverHandle_t handle, hipsolverEigMode_t jobz, hipsolverFillMode_t uplo, int n, T *A,  \
      int lda, R *D, int *lwork);                                                                \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##SYEVD(                                        \
      hipsolverHandle_t handle, hipsolverEigMode_t jobz, hipsolverFillMode_t uplo, int n, T *A,  \
      int lda, R *D, T *work, int lwork, int *devInfo);                                          \
  /* A = U S V^H: jobu/jobv 'A' (all), 'S' (min(m,n)), 'O' (over A) or 'N'; V holds V^H; rwork   \
     (may be NULL) gets min(m,n) - 1 superdiagonal entries; devInfo: 0, or min(m,n) when the     \
     iteration did not converge. */                                                              \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##gesvd_bufferSize(                             \
      hipsolverHandle_t handle, signed char jobu, signed char jobv, int m, int n, int *lwork);   \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##gesvd(                                        \
      hipsolverHandle_t handle, signed char jobu, signed char jobv, int m, int n, T *A, int lda,  \
      R *S, T *U, int ldu, T *V, int ldv, T *work, int lwork, R *rwork, int *devInfo);           \
  /* The generalized Hermitian-definite eigenproblem of itype; B gets its Cholesky factor;       \
     devInfo: 0, i <= n (no convergence), or n + i (B's minor of order i not positive). */       \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##SYGVD##_bufferSize(                           \
      hipsolverHandle_t handle, hipsolverEigType_t itype, hipsolverEigMode_t jobz,               \
      hipsolverFillMode_t uplo, int n, T *A, int lda, T *B, int ldb, R *W, int *lwork);          \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##SYGVD(                                        \
      hipsolverHandle_t handle, hipsolverEigType_t itype, hipsolverEigMode_t jobz,               \
      hipsolverFillMode_t uplo, int n, T *A, int lda, T *B, int ldb, R *W, T *work, int lwork,   \
      int *devInfo);                                                                             \
  /* A^-1 from potrf's factor, over the same triangle; devInfo: 0, or i when the factor's        \
     (i,i) is 0. */                                                                              \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potri_bufferSize(                             \
      hipsolverHandle_t handle, hipsolverFillMode_t uplo, int n, T *A, int lda, int *lwork);     \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolver##P##potri(hipsolverHandle_t handle,               \
                                                         hipsolverFillMode_t uplo, int n, T *A,  \
                                                         int lda, T *work, int lwork,            \
                                                         int *devInfo);

/* ---- more of the compatibility API, named as FERROCM_HIPSOLVER_REGULAR2 ---- */
#define FERROCM_HIPSOLVER_DN2(P, T, R, ORGQR, ORMQR, SYEVD, SYGVD)                                 \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##ORGQR##_bufferSize(                         \
      hipsolverHandle_t handle, int m, int n, int k, const T *A, int lda, const T *tau,          \
      int *lwork);                                                                               \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##ORGQR(hipsolverHandle_t handle, int m,      \
                                                           int n, int k, T *A, int lda,          \
                                                           const T *tau, T *work, int lwork,     \
                                                           int *devInfo);                        \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##ORMQR##_bufferSize(                         \
      hipsolverHandle_t handle, hipblasSideMode_t side, hipblasOperation_t trans, int m, int n,  \
      int k, const T *A, int lda, const T *tau, const T *C, int ldc, int *lwork);                \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##ORMQR(                                      \
      hipsolverHandle_t handle, hipblasSideMode_t side, hipblasOperation_t trans, int m, int n,  \
      int k, const T *A, int lda, const T *tau, T *C, int ldc, T *work, int lwork,               \
      int *devInfo);                                                                             \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##P##gels_bufferSize(                         \
      hipsolverHandle_t handle, int m, int n, int nrhs, T *A, int lda, T *B, int ldb, T *X,      \
      int ldx, void *work, size_t *lwork);                                                       \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##P##gels(                                    \
      hipsolverHandle_t handle, int m, int n, int nrhs, T *A, int lda, T *B, int ldb, T *X,      \
      int ldx, void *work, size_t lwork, int *niters, int *devInfo);                             \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##P##gesv_bufferSize(                         \
      hipsolverHandle_t handle, int n, int nrhs, T *A, int lda, int *devIpiv, T *B, int ldb,     \
      T *X, int ldx, void *work, size_t *lwork);                                                 \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##P##gesv(                                    \
      hipsolverHandle_t handle, int n, int nrhs, T *A, int lda, int *devIpiv, T *B, int ldb,     \
      T *X, int ldx, void *work, size_t lwork, int *niters, int *devInfo);                       \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##potrfBatched(                               \
      hipsolverHandle_t handle, hipblasFillMode_t uplo, int n, T *A[], int lda, int *devInfo,    \
      int batch_count);                                                                          \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##potrsBatched(                               \
      hipsolverHandle_t handle, hipblasFillMode_t uplo, int n, int nrhs, T *A[], int lda,        \
      T *B[], int ldb, int *devInfo, int batch_count);                                           \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##SYEVD##_bufferSize(                         \
      hipsolverHandle_t handle, hipsolverEigMode_t jobz, hipblasFillMode_t uplo, int n,          \
      const T *A, int lda, const R *W, int *lwork);                                              \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##SYEVD(                                      \
      hipsolverHandle_t handle, hipsolverEigMode_t jobz, hipblasFillMode_t uplo, int n, T *A,    \
      int lda, R *W, T *work, int lwork, int *devInfo);                                          \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##gesvd_bufferSize(hipsolverHandle_t handle,  \
                                                                      int m, int n, int *lwork); \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##gesvd(                                      \
      hipsolverHandle_t handle, signed char jobu, signed char jobv, int m, int n, T *A, int lda,  \
      R *S, T *U, int ldu, T *V, int ldv, T *work, int lwork, R *rwork, int *devInfo);           \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##SYGVD##_bufferSize(                         \
      hipsolverHandle_t handle, hipsolverEigType_t itype, hipsolverEigMode_t jobz,               \
      hipblasFillMode_t uplo, int n, const T *A, int lda, const T *B, int ldb, const R *W,       \
      int *lwork);                                                                               \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##SYGVD(                                      \
      hipsolverHandle_t handle, hipsolverEigType_t itype, hipsolverEigMode_t jobz,               \
      hipblasFillMode_t uplo, int n, T *A, int lda, T *B, int ldb, R *W, T *work, int lwork,     \
      int *devInfo);                                                                             \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##potri_bufferSize(                           \
      hipsolverHandle_t handle, hipblasFillMode_t uplo, int n, T *A, int lda, int *lwork);       \
  HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDn##P##potri(hipsolverHandle_t handle,             \
                                                           hipblasFillMode_t uplo, int n, T *A,  \
                                                           int lda, T *work, int lwork,          \
                                                           int *devInfo);

FERROCM_HIPSOLVER_REGULAR(S, float)
FERROCM_HIPSOLVER_REGULAR(D, double)
FERROCM_HIPSOLVER_REGULAR(C, hipFloatComplex)
FERROCM_HIPSOLVER_REGULAR(Z, hipDoubleComplex)
FERROCM_HIPSOLVER_DN(S, float)
FERROCM_HIPSOLVER_DN(D, double)
FERROCM_HIPSOLVER_DN(C, hipFloatComplex)
FERROCM_HIPSOLVER_DN(Z, hipDoubleComplex)

FERROCM_HIPSOLVER_REGULAR2(S, float, float, orgqr, ormqr, syevd, sygvd)
FERROCM_HIPSOLVER_REGULAR2(D, double, double, orgqr, ormqr, syevd, sygvd)
FERROCM_HIPSOLVER_REGULAR2(C, hipFloatComplex, float, ungqr, unmqr, heevd, hegvd)
FERROCM_HIPSOLVER_REGULAR2(Z, hipDoubleComplex, double, ungqr, unmqr, heevd, hegvd)
FERROCM_HIPSOLVER_DN2(S, float, float, orgqr, ormqr, syevd, sygvd)
FERROCM_HIPSOLVER_DN2(D, double, double, orgqr, ormqr, syevd, sygvd)
FERROCM_HIPSOLVER_DN2(C, hipFloatComplex, float, ungqr, unmqr, heevd, hegvd)
FERROCM_HIPSOLVER_DN2(Z, hipDoubleComplex, double, ungqr, unmqr, heevd, hegvd)

#undef FERROCM_HIPSOLVER_REGULAR
#undef FERROCM_HIPSOLVER_REGULAR2
#undef FERROCM_HIPSOLVER_DN2
#undef FERROCM_HIPSOLVER_DN

#ifdef __cplusplus
}
#endif

#endif /* FERROCM_HIPSOLVER_HIPSOLVER_H */
