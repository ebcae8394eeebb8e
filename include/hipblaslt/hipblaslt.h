/* ferrocm's hipBLASLt: the matmul API of ROCm's hipBLASLt 0.8 (ROCm 6.2) -- its names, enum values,
 * structures and argument orders -- over ferrocm's gemm_ex, run on the CPU device. Link with
 * -lhipblaslt (libhipblaslt.so.0) and -lamdhip64. C and C++.
 *
 * hipblasStatus_t, hipblasOperation_t and hipblasComputeType_t are hipBLAS's: this header includes
 * <hipblas/hipblas.h> for them (and hipDataType from <hip/library_types.h>).
 *
 * What runs: D = alpha op(A) op(B) + beta C for gemm_ex's type combinations (f16 and bf16 inputs
 * with f16/bf16 or f32 C and D in f32, f32, f64, f32 and f64 complex, int8 into int32), D apart
 * from C or in place, strided batches, host or device pointer mode, and the epilogues DEFAULT,
 * RELU, BIAS, RELU_BIAS, GELU and GELU_BIAS (on f16, bf16, f32 and f64 D). Column-major matrices
 * only: HIPBLASLT_ORDER_ROW, the other epilogues, scale and amax pointers are
 * HIPBLAS_STATUS_NOT_SUPPORTED. hipblasLtMatmulAlgoGetHeuristic offers one algorithm, needing no
 * workspace. */
#ifndef FERROCM_HIPBLASLT_HIPBLASLT_H
#define FERROCM_HIPBLASLT_HIPBLASLT_H

#include <stddef.h>
#include <stdint.h>
#include <hip/hip_runtime_api.h>
#include <hip/library_types.h>
#include <hipblas/hipblas.h>

#define HIPBLASLT_VERSION_MAJOR 0
#define HIPBLASLT_VERSION_MINOR 8
#define HIPBLASLT_VERSION_PATCH 0
#define HIPBLASLT_VERSION_TWEAK ferrocm

#ifndef HIPBLASLT_EXPORT
#define HIPBLASLT_EXPORT __attribute__((visibility("default")))
#endif

/* "Not set": the bias type is then D's. */
#define HIPBLASLT_DATATYPE_INVALID ((hipDataType)255)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  HIPBLASLT_EPILOGUE_DEFAULT = 1,
  HIPBLASLT_EPILOGUE_RELU = 2,
  HIPBLASLT_EPILOGUE_BIAS = 4,
  HIPBLASLT_EPILOGUE_RELU_BIAS = 6,
  HIPBLASLT_EPILOGUE_GELU = 32,
  HIPBLASLT_EPILOGUE_GELU_BIAS = 36,
  HIPBLASLT_EPILOGUE_GELU_AUX = 160,
  HIPBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
  HIPBLASLT_EPILOGUE_DGELU = 192,
  HIPBLASLT_EPILOGUE_DGELU_BGRAD = 208,
  HIPBLASLT_EPILOGUE_BGRADA = 256,
  HIPBLASLT_EPILOGUE_BGRADB = 512
} hipblasLtEpilogue_t;

/* Value types: BATCH_COUNT int32_t (default 1), STRIDED_BATCH_OFFSET int64_t (elements, default
 * 0), TYPE uint32_t (a hipDataType), ORDER int32_t (default HIPBLASLT_ORDER_COL), ROWS and COLS
 * uint64_t, LD int64_t. */
typedef enum {
  HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 0,
  HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 1,
  HIPBLASLT_MATRIX_LAYOUT_TYPE = 2,
  HIPBLASLT_MATRIX_LAYOUT_ORDER = 3,
  HIPBLASLT_MATRIX_LAYOUT_ROWS = 4,
  HIPBLASLT_MATRIX_LAYOUT_COLS = 5,
  HIPBLASLT_MATRIX_LAYOUT_LD = 6
} hipblasLtMatrixLayoutAttribute_t;

typedef enum {
  HIPBLASLT_POINTER_MODE_HOST = 0,
  HIPBLASLT_POINTER_MODE_DEVICE = 1,
  HIPBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST = 4
} hipblasLtPointerMode_t;

/* Value types: TRANSA, TRANSB int32_t (hipblasOperation_t, default HIPBLAS_OP_N); EPILOGUE
 * uint32_t (default HIPBLASLT_EPILOGUE_DEFAULT); the pointers void *; BIAS_DATA_TYPE,
 * POINTER_MODE and the COMPUTE_INPUT_TYPEs int32_t; the AUX LD and BATCH_STRIDE int64_t. */
typedef enum {
  HIPBLASLT_MATMUL_DESC_TRANSA = 0,
  HIPBLASLT_MATMUL_DESC_TRANSB = 1,
  HIPBLASLT_MATMUL_DESC_EPILOGUE = 2,
  HIPBLASLT_MATMUL_DESC_BIAS_POINTER = 3,
  HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 4,
  HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER = 5,
  HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER = 6,
  HIPBLASLT_MATMUL_DESC_C_SCALE_POINTER = 7,
  HIPBLASLT_MATMUL_DESC_D_SCALE_POINTER = 8,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER = 9,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 10,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 11,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 12,
  HIPBLASLT_MATMUL_DESC_POINTER_MODE = 13,
  HIPBLASLT_MATMUL_DESC_AMAX_D_POINTER = 14,
  HIPBLASLT_MATMUL_DESC_COMPUTE_INPUT_TYPE_A_EXT = 100,
  HIPBLASLT_MATMUL_DESC_COMPUTE_INPUT_TYPE_B_EXT = 101,
  HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER_VEC_EXT = 102,
  HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER_VEC_EXT = 103,
  HIPBLASLT_MATMUL_DESC_MAX = 104
} hipblasLtMatmulDescAttributes_t;

/* Value types: SEARCH_MODE uint32_t, MAX_WORKSPACE_BYTES uint64_t (default 0). */
typedef enum {
  HIPBLASLT_MATMUL_PREF_SEARCH_MODE = 0,
  HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,
  HIPBLASLT_MATMUL_PREF_MAX = 2
} hipblasLtMatmulPreferenceAttributes_t;

typedef enum { HIPBLASLT_ORDER_COL = 0, HIPBLASLT_ORDER_ROW = 1 } hipblasLtOrder_t;

/* The descriptors are opaque: created and destroyed by the library only. */
typedef struct { uint64_t data[4]; } hipblasLtMatmulDescOpaque_t;
typedef struct { uint64_t data[4]; } hipblasLtMatrixLayoutOpaque_t;
typedef struct { uint64_t data[5]; } hipblasLtMatmulPreferenceOpaque_t;

typedef void *hipblasLtHandle_t;
typedef hipblasLtMatmulDescOpaque_t *hipblasLtMatmulDesc_t;
typedef hipblasLtMatrixLayoutOpaque_t *hipblasLtMatrixLayout_t;
typedef hipblasLtMatmulPreferenceOpaque_t *hipblasLtMatmulPreference_t;

/* An algorithm, as the heuristic query gives it; plain data a program may copy and keep. */
typedef struct _hipblasLtMatmulAlgo_t {
#ifdef __cplusplus
  uint8_t data[16] = {0};
  size_t max_workspace_bytes = 0;
#else
  uint8_t data[16];
  size_t max_workspace_bytes;
#endif
} hipblasLtMatmulAlgo_t;

/* One answer of the heuristic query: the other fields mean something only if state is
 * HIPBLAS_STATUS_SUCCESS. */
typedef struct _hipblasLtMatmulHeuristicResult_t {
  hipblasLtMatmulAlgo_t algo;
#ifdef __cplusplus
  size_t workspaceSize = 0;
  hipblasStatus_t state = HIPBLAS_STATUS_SUCCESS;
  float wavesCount = 1.0f;
  int reserved[4] = {0, 0, 0, 0};
#else
  size_t workspaceSize;
  hipblasStatus_t state;
  float wavesCount;
  int reserved[4];
#endif
} hipblasLtMatmulHeuristicResult_t;

/* ---- library and handle ---- */
/* The version as major * 100000 + minor * 100 + patch (800). */
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtGetVersion(hipblasLtHandle_t handle, int *version);
/* The build's revision text with its NUL ("ferrocm"). */
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtGetGitRevision(hipblasLtHandle_t handle, char *rev);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtCreate(hipblasLtHandle_t *handle);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtDestroy(const hipblasLtHandle_t handle);

/* ---- matrix layouts ---- */
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatrixLayoutCreate(hipblasLtMatrixLayout_t *matLayout,
                                                             hipDataType type, uint64_t rows,
                                                             uint64_t cols, int64_t ld);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatrixLayoutDestroy(const hipblasLtMatrixLayout_t matLayout);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatrixLayoutSetAttribute(hipblasLtMatrixLayout_t matLayout,
                                                                   hipblasLtMatrixLayoutAttribute_t attr,
                                                                   const void *buf, size_t sizeInBytes);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatrixLayoutGetAttribute(hipblasLtMatrixLayout_t matLayout,
                                                                   hipblasLtMatrixLayoutAttribute_t attr,
                                                                   void *buf, size_t sizeInBytes,
                                                                   size_t *sizeWritten);

/* ---- matmul descriptors ---- */
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulDescCreate(hipblasLtMatmulDesc_t *matmulDesc,
                                                           hipblasComputeType_t computeType,
                                                           hipDataType scaleType);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulDescDestroy(const hipblasLtMatmulDesc_t matmulDesc);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulDescSetAttribute(hipblasLtMatmulDesc_t matmulDesc,
                                                                 hipblasLtMatmulDescAttributes_t attr,
                                                                 const void *buf, size_t sizeInBytes);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulDescGetAttribute(hipblasLtMatmulDesc_t matmulDesc,
                                                                 hipblasLtMatmulDescAttributes_t attr,
                                                                 void *buf, size_t sizeInBytes,
                                                                 size_t *sizeWritten);

/* ---- matmul preferences ---- */
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulPreferenceCreate(hipblasLtMatmulPreference_t *pref);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulPreferenceDestroy(const hipblasLtMatmulPreference_t pref);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulPreferenceSetAttribute(
    hipblasLtMatmulPreference_t pref, hipblasLtMatmulPreferenceAttributes_t attr, const void *buf,
    size_t sizeInBytes);
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulPreferenceGetAttribute(
    hipblasLtMatmulPreference_t pref, hipblasLtMatmulPreferenceAttributes_t attr, void *buf,
    size_t sizeInBytes, size_t *sizeWritten);

/* ---- algorithms and the product ---- */
/* Writes returnAlgoCount (1, or 0 if the problem cannot run here, the reason in the first
 * result's state) results of heuristicResultsArray[requestedAlgoCount]. */
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmulAlgoGetHeuristic(
    hipblasLtHandle_t handle, hipblasLtMatmulDesc_t matmulDesc, hipblasLtMatrixLayout_t Adesc,
    hipblasLtMatrixLayout_t Bdesc, hipblasLtMatrixLayout_t Cdesc, hipblasLtMatrixLayout_t Ddesc,
    hipblasLtMatmulPreference_t pref, int requestedAlgoCount,
    hipblasLtMatmulHeuristicResult_t heuristicResultsArray[], int *returnAlgoCount);
/* D = alpha op(A) op(B) + beta C, then the epilogue, queued on stream. algo may be NULL; Cdesc
 * NULL means Ddesc. */
HIPBLASLT_EXPORT hipblasStatus_t hipblasLtMatmul(
    hipblasLtHandle_t handle, hipblasLtMatmulDesc_t matmulDesc, const void *alpha, const void *A,
    hipblasLtMatrixLayout_t Adesc, const void *B, hipblasLtMatrixLayout_t Bdesc, const void *beta,
    const void *C, hipblasLtMatrixLayout_t Cdesc, void *D, hipblasLtMatrixLayout_t Ddesc,
    const hipblasLtMatmulAlgo_t *algo, void *workspace, size_t workspaceSizeInBytes,
    hipStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* FERROCM_HIPBLASLT_HIPBLASLT_H */
