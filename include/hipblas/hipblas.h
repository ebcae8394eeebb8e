/* ferrocm's hipBLAS: ROCm's hipBLAS API (names, enum values and types of hipBLAS 2.2), over
 * ferrocm's rocBLAS, run on the CPU device. Link with -lhipblas (libhipblas.so.2) and -lamdhip64.
 *
 * hipblasGemmEx and its batched forms take hipblasDatatype_t (HIPBLAS_R_16F, ...) for types and
 * compute type by default; with HIPBLAS_V2 defined, hipDataType (HIP_R_16F, ...) and
 * hipblasComputeType_t (HIPBLAS_COMPUTE_32F, ...), as hipBLAS 2.x has it. */
#ifndef FERROCM_HIPBLAS_HIPBLAS_H
#define FERROCM_HIPBLAS_HIPBLAS_H

#include <stddef.h>
#include <stdint.h>
#include <hip/hip_runtime_api.h>
#include <hip/library_types.h>

#define hipblasVersionMajor 2
#define hipblasVersionMinor 2
#define hipblasVersionPatch 0
#define hipblasVersionTweak ferrocm

#ifndef HIPBLAS_EXPORT
#define HIPBLAS_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef void *hipblasHandle_t;
typedef uint16_t hipblasHalf;
typedef int8_t hipblasInt8;
typedef int64_t hipblasStride;
typedef struct hipblasBfloat16 { uint16_t data; } hipblasBfloat16;
typedef struct hipblasComplex { float x, y; } hipblasComplex;
typedef struct hipblasDoubleComplex { double x, y; } hipblasDoubleComplex;

typedef enum {
  HIPBLAS_STATUS_SUCCESS = 0,
  HIPBLAS_STATUS_NOT_INITIALIZED = 1,
  HIPBLAS_STATUS_ALLOC_FAILED = 2,
  HIPBLAS_STATUS_INVALID_VALUE = 3,
  HIPBLAS_STATUS_MAPPING_ERROR = 4,
  HIPBLAS_STATUS_EXECUTION_FAILED = 5,
  HIPBLAS_STATUS_INTERNAL_ERROR = 6,
  HIPBLAS_STATUS_NOT_SUPPORTED = 7,
  HIPBLAS_STATUS_ARCH_MISMATCH = 8,
  HIPBLAS_STATUS_HANDLE_IS_NULLPTR = 9,
  HIPBLAS_STATUS_INVALID_ENUM = 10,
  HIPBLAS_STATUS_UNKNOWN = 11
} hipblasStatus_t;

typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113 } hipblasOperation_t;
typedef enum { HIPBLAS_POINTER_MODE_HOST = 0, HIPBLAS_POINTER_MODE_DEVICE = 1 } hipblasPointerMode_t;
typedef enum {
  HIPBLAS_FILL_MODE_UPPER = 121,
  HIPBLAS_FILL_MODE_LOWER = 122,
  HIPBLAS_FILL_MODE_FULL = 123
} hipblasFillMode_t;
typedef enum { HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132 } hipblasDiagType_t;
typedef enum {
  HIPBLAS_SIDE_LEFT = 141,
  HIPBLAS_SIDE_RIGHT = 142,
  HIPBLAS_SIDE_BOTH = 143
} hipblasSideMode_t;
typedef enum { HIPBLAS_ATOMICS_NOT_ALLOWED = 0, HIPBLAS_ATOMICS_ALLOWED = 1 } hipblasAtomicsMode_t;
typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;

/* hipBLAS 1's type enum, rocBLAS's numbers. */
typedef enum {
  HIPBLAS_R_16F = 150,
  HIPBLAS_R_32F = 151,
  HIPBLAS_R_64F = 152,
  HIPBLAS_C_16F = 153,
  HIPBLAS_C_32F = 154,
  HIPBLAS_C_64F = 155,
  HIPBLAS_R_8I = 160,
  HIPBLAS_R_8U = 161,
  HIPBLAS_R_32I = 162,
  HIPBLAS_R_32U = 163,
  HIPBLAS_C_8I = 164,
  HIPBLAS_C_8U = 165,
  HIPBLAS_C_32I = 166,
  HIPBLAS_C_32U = 167,
  HIPBLAS_R_16B = 168,
  HIPBLAS_C_16B = 169,
  HIPBLAS_DATATYPE_INVALID = 255
} hipblasDatatype_t;

typedef enum {
  HIPBLAS_COMPUTE_16F = 0,
  HIPBLAS_COMPUTE_16F_PEDANTIC = 1,
  HIPBLAS_COMPUTE_32F = 2,
  HIPBLAS_COMPUTE_32F_PEDANTIC = 3,
  HIPBLAS_COMPUTE_32F_FAST_16F = 4,
  HIPBLAS_COMPUTE_32F_FAST_16BF = 5,
  HIPBLAS_COMPUTE_32F_FAST_TF32 = 6,
  HIPBLAS_COMPUTE_64F = 7,
  HIPBLAS_COMPUTE_64F_PEDANTIC = 8,
  HIPBLAS_COMPUTE_32I = 9,
  HIPBLAS_COMPUTE_32I_PEDANTIC = 10
} hipblasComputeType_t;

#ifdef HIPBLAS_V2
#define FERROCM_HIPBLAS_TYPE hipDataType
#define FERROCM_HIPBLAS_COMPUTE hipblasComputeType_t
#else
#define FERROCM_HIPBLAS_TYPE hipblasDatatype_t
#define FERROCM_HIPBLAS_COMPUTE hipblasDatatype_t
#endif

/* ---- handle and auxiliary ---- */
HIPBLAS_EXPORT hipblasStatus_t hipblasCreate(hipblasHandle_t *handle);
HIPBLAS_EXPORT hipblasStatus_t hipblasDestroy(hipblasHandle_t handle);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetStream(hipblasHandle_t handle, hipStream_t streamId);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetStream(hipblasHandle_t handle, hipStream_t *streamId);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetPointerMode(hipblasHandle_t handle,
                                                     hipblasPointerMode_t mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetPointerMode(hipblasHandle_t handle,
                                                     hipblasPointerMode_t *mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetAtomicsMode(hipblasHandle_t handle,
                                                     hipblasAtomicsMode_t atomics_mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetAtomicsMode(hipblasHandle_t handle,
                                                     hipblasAtomicsMode_t *atomics_mode);
HIPBLAS_EXPORT const char *hipblasStatusToString(hipblasStatus_t status);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetVersion(hipblasHandle_t handle, int *version);

/* ---- level 3: gemm, C = alpha op(A) op(B) + beta C ---- */
#define FERROCM_HIPBLAS_GEMM(P, T, I, INT)                                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemm##I(                                           \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,      \
      INT n, INT k, const T *alpha, const T *AP, INT lda, const T *BP, INT ldb, const T *beta,  \
      T *CP, INT ldc);                                                                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemmStridedBatched##I(                             \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,      \
      INT n, INT k, const T *alpha, const T *AP, INT lda, hipblasStride strideA, const T *BP,   \
      INT ldb, hipblasStride strideB, const T *beta, T *CP, INT ldc, hipblasStride strideC,     \
      INT batchCount);                                                                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemmBatched##I(                                    \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,      \
      INT n, INT k, const T *alpha, const T *const AP[], INT lda, const T *const BP[], INT ldb, \
      const T *beta, T *const CP[], INT ldc, INT batchCount);
#define FERROCM_HIPBLAS_GEMM_BOTH(P, T)                                                         \
  FERROCM_HIPBLAS_GEMM(P, T, , int) FERROCM_HIPBLAS_GEMM(P, T, _64, int64_t)
FERROCM_HIPBLAS_GEMM_BOTH(S, float)
FERROCM_HIPBLAS_GEMM_BOTH(D, double)
FERROCM_HIPBLAS_GEMM_BOTH(C, hipblasComplex)
FERROCM_HIPBLAS_GEMM_BOTH(Z, hipblasDoubleComplex)
FERROCM_HIPBLAS_GEMM_BOTH(H, hipblasHalf)
#undef FERROCM_HIPBLAS_GEMM_BOTH
#undef FERROCM_HIPBLAS_GEMM

/* ---- level 3: trsm, op(A) X = alpha B or X op(A) = alpha B; X overwrites B ---- */
#define FERROCM_HIPBLAS_TRSM(P, T, I, INT)                                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trsm##I(                                           \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                   \
      hipblasOperation_t transA, hipblasDiagType_t diag, INT m, INT n, const T *alpha,          \
      const T *AP, INT lda, T *BP, INT ldb);                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trsmStridedBatched##I(                             \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                   \
      hipblasOperation_t transA, hipblasDiagType_t diag, INT m, INT n, const T *alpha,          \
      const T *AP, INT lda, hipblasStride strideA, T *BP, INT ldb, hipblasStride strideB,       \
      INT batchCount);                                                                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trsmBatched##I(                                    \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                   \
      hipblasOperation_t transA, hipblasDiagType_t diag, INT m, INT n, const T *alpha,          \
      const T *const AP[], INT lda, T *const BP[], INT ldb, INT batchCount);
#define FERROCM_HIPBLAS_TRSM_BOTH(P, T)                                                         \
  FERROCM_HIPBLAS_TRSM(P, T, , int) FERROCM_HIPBLAS_TRSM(P, T, _64, int64_t)
FERROCM_HIPBLAS_TRSM_BOTH(S, float)
FERROCM_HIPBLAS_TRSM_BOTH(D, double)
FERROCM_HIPBLAS_TRSM_BOTH(C, hipblasComplex)
FERROCM_HIPBLAS_TRSM_BOTH(Z, hipblasDoubleComplex)
#undef FERROCM_HIPBLAS_TRSM_BOTH
#undef FERROCM_HIPBLAS_TRSM

/* ---- GemmEx: C = alpha op(A) op(B) + beta C with run-time types; alpha and beta of the compute
 * type. The type combinations are rocBLAS gemm_ex's (see rocblas/rocblas.h). */
#define FERROCM_HIPBLAS_GEMM_EX(I, INT)                                                         \
  HIPBLAS_EXPORT hipblasStatus_t hipblasGemmEx##I(                                              \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,      \
      INT n, INT k, const void *alpha, const void *A, FERROCM_HIPBLAS_TYPE aType, INT lda,      \
      const void *B, FERROCM_HIPBLAS_TYPE bType, INT ldb, const void *beta, void *C,            \
      FERROCM_HIPBLAS_TYPE cType, INT ldc, FERROCM_HIPBLAS_COMPUTE computeType,                 \
      hipblasGemmAlgo_t algo);                                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblasGemmStridedBatchedEx##I(                                \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,      \
      INT n, INT k, const void *alpha, const void *A, FERROCM_HIPBLAS_TYPE aType, INT lda,      \
      hipblasStride strideA, const void *B, FERROCM_HIPBLAS_TYPE bType, INT ldb,                \
      hipblasStride strideB, const void *beta, void *C, FERROCM_HIPBLAS_TYPE cType, INT ldc,    \
      hipblasStride strideC, INT batchCount, FERROCM_HIPBLAS_COMPUTE computeType,               \
      hipblasGemmAlgo_t algo);                                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblasGemmBatchedEx##I(                                       \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,      \
      INT n, INT k, const void *alpha, const void *A[], FERROCM_HIPBLAS_TYPE aType, INT lda,    \
      const void *B[], FERROCM_HIPBLAS_TYPE bType, INT ldb, const void *beta, void *C[],        \
      FERROCM_HIPBLAS_TYPE cType, INT ldc, INT batchCount, FERROCM_HIPBLAS_COMPUTE computeType, \
      hipblasGemmAlgo_t algo);
FERROCM_HIPBLAS_GEMM_EX(, int)
FERROCM_HIPBLAS_GEMM_EX(_64, int64_t)
#undef FERROCM_HIPBLAS_GEMM_EX

#ifdef __cplusplus
}
#endif

#endif
