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
#ifdef __cplusplus
#include <hip/hip_complex.h>
#endif

#define hipblasVersionMajor 2
#define hipblasVersionMinor 2
#define hipblasVersionPatch 0
#define hipblasVersionTweak ferrocm

#ifndef HIPBLAS_EXPORT
#define HIPBLAS_EXPORT __attribute__((visibility("default")))
#endif
/* Helpers hipBLAS's header gives its users: static under clang, and deprecation notes (empty). */
#ifndef HIPBLAS_CLANG_STATIC
#if defined(__clang__)
#define HIPBLAS_CLANG_STATIC static
#else
#define HIPBLAS_CLANG_STATIC
#endif
#endif
#ifndef HIPBLAS_DEPRECATED_MSG
#define HIPBLAS_DEPRECATED_MSG(MSG)
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef void *hipblasHandle_t;
typedef int8_t hipblasInt8;
typedef int64_t hipblasStride;
#ifdef __cplusplus
}
#endif

/* hipblasHalf: 16 bits, or __half with HIPBLAS_USE_HIP_HALF in C++. */
#if defined(__cplusplus) && defined(HIPBLAS_USE_HIP_HALF)
#include <hip/hip_fp16.h>
typedef __half hipblasHalf;
#else
typedef uint16_t hipblasHalf;
#endif

/* hipblasBfloat16: the bits of a bfloat16; in C++ with HIPBLAS_BFLOAT16_CLASS, a class that
 * converts to and from float (rounding to nearest even), as hipBLAS's does. */
#if defined(__cplusplus) && defined(HIPBLAS_USE_HIP_BFLOAT16)
#include <hip/hip_bfloat16.h>
typedef hip_bfloat16 hipblasBfloat16;
#elif defined(__cplusplus) && defined(HIPBLAS_BFLOAT16_CLASS)
#include <string.h>
class hipblasBfloat16 {
public:
  uint16_t data;

  static float bfloat16_to_float(hipblasBfloat16 v) {
    uint32_t bits = (uint32_t)v.data << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
  }
  static hipblasBfloat16 float_to_bfloat16(float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    if ((bits & 0x7f800000u) != 0x7f800000u)
      bits += 0x7fffu + ((bits >> 16) & 1u); /* nearest, ties to even */
    else if (bits & 0xffffu)
      bits |= 0x10000u; /* a NaN stays a NaN */
    hipblasBfloat16 r;
    r.data = (uint16_t)(bits >> 16);
    return r;
  }
  hipblasBfloat16() = default;
  explicit hipblasBfloat16(float f) : data(float_to_bfloat16(f).data) {}
  operator float() const { return bfloat16_to_float(*this); }
  explicit operator bool() const { return (data & 0x7fff) != 0; }
  hipblasBfloat16 &operator+=(const hipblasBfloat16 &a) {
    *this = hipblasBfloat16(float(*this) + float(a));
    return *this;
  }
};
#else
typedef struct hipblasBfloat16 {
  uint16_t data;
} hipblasBfloat16;
#endif

/* hipblasComplex, hipblasDoubleComplex: a real and an imaginary part. C++ sees hipBLAS's
 * classes (real()/imag() to read and set them); ROCM_MATHLIBS_API_USE_HIP_COMPLEX makes them
 * hipFloatComplex and hipDoubleComplex. The layout is the same throughout. */
#if defined(__cplusplus) && defined(ROCM_MATHLIBS_API_USE_HIP_COMPLEX)
#include <hip/hip_complex.h>
typedef hipFloatComplex hipblasComplex;
typedef hipDoubleComplex hipblasDoubleComplex;
#elif defined(__cplusplus)
#define FERROCM_HIPBLAS_COMPLEX_CLASS(NAME, R)                                                  \
  class NAME {                                                                                  \
    R x, y;                                                                                     \
                                                                                                \
  public:                                                                                       \
    NAME() = default;                                                                           \
    NAME(R r, R i = 0) : x(r), y(i) {}                                                          \
    R real() const { return x; }                                                                \
    R imag() const { return y; }                                                                \
    void real(R r) { x = r; }                                                                   \
    void imag(R i) { y = i; }                                                                   \
  };
FERROCM_HIPBLAS_COMPLEX_CLASS(hipblasComplex, float)
FERROCM_HIPBLAS_COMPLEX_CLASS(hipblasDoubleComplex, double)
#undef FERROCM_HIPBLAS_COMPLEX_CLASS
#else
typedef struct hipblasComplex {
  float x, y;
} hipblasComplex;
typedef struct hipblasDoubleComplex {
  double x, y;
} hipblasDoubleComplex;
#endif

/* The complex types of the entry points: hipBLAS's own, or with HIPBLAS_V2 in C++ the HIP
 * types (hipComplex, hipDoubleComplex), under the `_v2` names (see the end of this file). */
#if defined(__cplusplus) && defined(HIPBLAS_V2)
#include <hip/hip_complex.h>
#define FERROCM_C32 hipComplex
#define FERROCM_C64 hipDoubleComplex
#else
#define FERROCM_C32 hipblasComplex
#define FERROCM_C64 hipblasDoubleComplex
#endif

#ifdef __cplusplus
extern "C" {
#endif

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

/* The enums hipSOLVER shares, declared once whichever of hipblas.h and hipsolver.h comes first
 * (hipBLAS's *_DECLARED guards). */
#ifndef HIPBLAS_OPERATION_DECLARED
#define HIPBLAS_OPERATION_DECLARED
typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113 } hipblasOperation_t;
#endif
typedef enum { HIPBLAS_POINTER_MODE_HOST = 0, HIPBLAS_POINTER_MODE_DEVICE = 1 } hipblasPointerMode_t;
#ifndef HIPBLAS_FILL_MODE_DECLARED
#define HIPBLAS_FILL_MODE_DECLARED
typedef enum {
  HIPBLAS_FILL_MODE_UPPER = 121,
  HIPBLAS_FILL_MODE_LOWER = 122,
  HIPBLAS_FILL_MODE_FULL = 123
} hipblasFillMode_t;
#endif
#ifndef HIPBLAS_DIAG_TYPE_DECLARED
#define HIPBLAS_DIAG_TYPE_DECLARED
typedef enum { HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132 } hipblasDiagType_t;
#endif
#ifndef HIPBLAS_SIDE_MODE_DECLARED
#define HIPBLAS_SIDE_MODE_DECLARED
typedef enum {
  HIPBLAS_SIDE_LEFT = 141,
  HIPBLAS_SIDE_RIGHT = 142,
  HIPBLAS_SIDE_BOTH = 143
} hipblasSideMode_t;
#endif
typedef enum { HIPBLAS_ATOMICS_NOT_ALLOWED = 0, HIPBLAS_ATOMICS_ALLOWED = 1 } hipblasAtomicsMode_t;
typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;

/* hipBLAS 1's type enum, rocBLAS's numbers. With HIPBLAS_V2 (hipBLAS 2's API) it is hipDataType,
 * and its names are hipDataType's values, as hipBLAS 2 defines them; the library takes both. */
#ifdef HIPBLAS_V2
typedef hipDataType hipblasDatatype_t;
#define HIPBLAS_R_16F HIP_R_16F
#define HIPBLAS_R_32F HIP_R_32F
#define HIPBLAS_R_64F HIP_R_64F
#define HIPBLAS_C_16F HIP_C_16F
#define HIPBLAS_C_32F HIP_C_32F
#define HIPBLAS_C_64F HIP_C_64F
#define HIPBLAS_R_8I HIP_R_8I
#define HIPBLAS_R_8U HIP_R_8U
#define HIPBLAS_R_32I HIP_R_32I
#define HIPBLAS_R_32U HIP_R_32U
#define HIPBLAS_C_8I HIP_C_8I
#define HIPBLAS_C_8U HIP_C_8U
#define HIPBLAS_C_32I HIP_C_32I
#define HIPBLAS_C_32U HIP_C_32U
#define HIPBLAS_R_16B HIP_R_16BF
#define HIPBLAS_C_16B HIP_C_16BF
#define HIPBLAS_DATATYPE_INVALID ((hipDataType)31)
#else
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
#endif

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

/* The complex types of the _v2 names: HIP's (C++ only), or hipBLAS's of the same layout in C. */
#ifdef __cplusplus
#define FERROCM_HIPBLAS_COMPLEX_V2 hipFloatComplex
#define FERROCM_HIPBLAS_DOUBLE_COMPLEX_V2 hipDoubleComplex
#else
#define FERROCM_HIPBLAS_COMPLEX_V2 FERROCM_C32
#define FERROCM_HIPBLAS_DOUBLE_COMPLEX_V2 FERROCM_C64
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

/* Math modes: hipBLAS's default and xf32 modes are rocBLAS's; the rest are cuBLAS's and return
 * HIPBLAS_STATUS_NOT_SUPPORTED. */
typedef enum {
  HIPBLAS_DEFAULT_MATH,
  HIPBLAS_XF32_XDL_MATH,
  HIPBLAS_PEDANTIC_MATH,
  HIPBLAS_TF32_TENSOR_OP_MATH,
  HIPBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION,
  HIPBLAS_TENSOR_OP_MATH
} hipblasMath_t;
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMathMode(hipblasHandle_t handle, hipblasMath_t mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMathMode(hipblasHandle_t handle, hipblasMath_t *mode);

/* Copies between host and device memory: n elements of elemSize bytes, incx and incy elements
 * apart (both positive); matrices rows x cols, column-major, lda and ldb at least rows. The
 * Async forms are queued on the stream. */
HIPBLAS_EXPORT hipblasStatus_t hipblasSetVector(int n, int elemSize, const void *x, int incx,
                                                void *y, int incy);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetVector(int n, int elemSize, const void *x, int incx,
                                                void *y, int incy);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMatrix(int rows, int cols, int elemSize, const void *AP,
                                                int lda, void *BP, int ldb);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMatrix(int rows, int cols, int elemSize, const void *AP,
                                                int lda, void *BP, int ldb);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetVectorAsync(int n, int elemSize, const void *x, int incx,
                                                     void *y, int incy, hipStream_t stream);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetVectorAsync(int n, int elemSize, const void *x, int incx,
                                                     void *y, int incy, hipStream_t stream);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMatrixAsync(int rows, int cols, int elemSize,
                                                     const void *AP, int lda, void *BP, int ldb,
                                                     hipStream_t stream);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMatrixAsync(int rows, int cols, int elemSize,
                                                     const void *AP, int lda, void *BP, int ldb,
                                                     hipStream_t stream);

/* ---- level 1 ----
 * Vector operations on n elements incx apart (a negative increment walks backwards from the
 * end). axpy: y = alpha x + y. scal: x = alpha x (Csscal, Zdscal: real alpha). copy: y = x.
 * swap: x and y exchanged. dot, dotu: sum x_i y_i (Bfdot: bfloat16, summed in float);
 * dotc: sum conj(x_i) y_i. nrm2: the Euclidean
 * norm; asum: sum |re x_i| + |im x_i|. amax, amin: the 1-based index of the first element of
 * largest or smallest |re| + |im| (0 when n <= 0 or incx <= 0). rot: x = c x + s y,
 * y = c y - conj(s) x, c real (Crot, Zrot: s complex). Scalars and results follow the pointer
 * mode; batched results are batchCount contiguous values. Strided-batched forms take each
 * vector's stride after its increment. W is empty (int sizes) or _64 (int64_t sizes, INT). */
#define FERROCM_HIPBLAS_AXPY(W, INT, P, T)                                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##axpy##W(hipblasHandle_t handle, INT n,             \
                                                     const T *alpha, const T *x, INT incx,     \
                                                     T *y, INT incy);                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##axpyStridedBatched##W(                             \
      hipblasHandle_t handle, INT n, const T *alpha, const T *x, INT incx,                      \
      hipblasStride stridex, T *y, INT incy, hipblasStride stridey, INT batchCount);           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##axpyBatched##W(                                    \
      hipblasHandle_t handle, INT n, const T *alpha, const T *const x[], INT incx,              \
      T *const y[], INT incy, INT batchCount);
#define FERROCM_HIPBLAS_SCAL(W, INT, P, T, A)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##scal##W(hipblasHandle_t handle, INT n,             \
                                                     const A *alpha, T *x, INT incx);          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##scalStridedBatched##W(                             \
      hipblasHandle_t handle, INT n, const A *alpha, T *x, INT incx, hipblasStride stridex,     \
      INT batchCount);                                                                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##scalBatched##W(                                    \
      hipblasHandle_t handle, INT n, const A *alpha, T *const x[], INT incx, INT batchCount);
/* copy (X: const T) and swap (X: T). */
#define FERROCM_HIPBLAS_PAIR(W, INT, P, NAME, T, X)                                             \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##W(hipblasHandle_t handle, INT n, X *x,       \
                                                     INT incx, T *y, INT incy);                \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##StridedBatched##W(                           \
      hipblasHandle_t handle, INT n, X *x, INT incx, hipblasStride stridex, T *y, INT incy,     \
      hipblasStride stridey, INT batchCount);                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##Batched##W(                                  \
      hipblasHandle_t handle, INT n, X *const x[], INT incx, T *const y[], INT incy,            \
      INT batchCount);
/* dot, dotu, dotc. */
#define FERROCM_HIPBLAS_DOT(W, INT, P, NAME, T)                                                 \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##W(hipblasHandle_t handle, INT n,             \
                                                     const T *x, INT incx, const T *y,         \
                                                     INT incy, T *result);                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##StridedBatched##W(                           \
      hipblasHandle_t handle, INT n, const T *x, INT incx, hipblasStride stridex, const T *y,   \
      INT incy, hipblasStride stridey, INT batchCount, T *result);                              \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##Batched##W(                                  \
      hipblasHandle_t handle, INT n, const T *const x[], INT incx, const T *const y[],          \
      INT incy, INT batchCount, T *result);
/* nrm2, asum (R: the real type), amax, amin (R: INT). */
#define FERROCM_HIPBLAS_REDUCTION(W, INT, NAME, T, R)                                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##NAME##W(hipblasHandle_t handle, INT n, const T *x,    \
                                                  INT incx, R *result);                        \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##NAME##StridedBatched##W(                              \
      hipblasHandle_t handle, INT n, const T *x, INT incx, hipblasStride stridex,               \
      INT batchCount, R *result);                                                               \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##NAME##Batched##W(                                     \
      hipblasHandle_t handle, INT n, const T *const x[], INT incx, INT batchCount, R *result);
#define FERROCM_HIPBLAS_RESULTS(W, INT, P, Q, T, R)                                             \
  FERROCM_HIPBLAS_REDUCTION(W, INT, Q##nrm2, T, R)                                              \
  FERROCM_HIPBLAS_REDUCTION(W, INT, Q##asum, T, R)                                              \
  FERROCM_HIPBLAS_REDUCTION(W, INT, I##P##amax, T, INT)                                         \
  FERROCM_HIPBLAS_REDUCTION(W, INT, I##P##amin, T, INT)
/* rot: c of type C, s of type S. */
#define FERROCM_HIPBLAS_ROT(W, INT, P, T, C, S)                                                 \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rot##W(hipblasHandle_t handle, INT n, T *x,        \
                                                    INT incx, T *y, INT incy, const C *c,      \
                                                    const S *s);                               \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotStridedBatched##W(                              \
      hipblasHandle_t handle, INT n, T *x, INT incx, hipblasStride stridex, T *y, INT incy,     \
      hipblasStride stridey, const C *c, const S *s, INT batchCount);                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotBatched##W(                                     \
      hipblasHandle_t handle, INT n, T *const x[], INT incx, T *const y[], INT incy,            \
      const C *c, const S *s, INT batchCount);
#define FERROCM_HIPBLAS_LEVEL1(W, INT)                                                          \
  FERROCM_HIPBLAS_AXPY(W, INT, S, float)                                                        \
  FERROCM_HIPBLAS_AXPY(W, INT, D, double)                                                       \
  FERROCM_HIPBLAS_AXPY(W, INT, C, FERROCM_C32)                                               \
  FERROCM_HIPBLAS_AXPY(W, INT, Z, FERROCM_C64)                                         \
  FERROCM_HIPBLAS_AXPY(W, INT, H, hipblasHalf)                                                  \
  FERROCM_HIPBLAS_SCAL(W, INT, S, float, float)                                                 \
  FERROCM_HIPBLAS_SCAL(W, INT, D, double, double)                                               \
  FERROCM_HIPBLAS_SCAL(W, INT, C, FERROCM_C32, FERROCM_C32)                               \
  FERROCM_HIPBLAS_SCAL(W, INT, Z, FERROCM_C64, FERROCM_C64)                   \
  FERROCM_HIPBLAS_SCAL(W, INT, Cs, FERROCM_C32, float)                                       \
  FERROCM_HIPBLAS_SCAL(W, INT, Zd, FERROCM_C64, double)                                \
  FERROCM_HIPBLAS_PAIR(W, INT, S, copy, float, const float)                                     \
  FERROCM_HIPBLAS_PAIR(W, INT, D, copy, double, const double)                                   \
  FERROCM_HIPBLAS_PAIR(W, INT, C, copy, FERROCM_C32, const FERROCM_C32)                   \
  FERROCM_HIPBLAS_PAIR(W, INT, Z, copy, FERROCM_C64, const FERROCM_C64)       \
  FERROCM_HIPBLAS_PAIR(W, INT, S, swap, float, float)                                           \
  FERROCM_HIPBLAS_PAIR(W, INT, D, swap, double, double)                                         \
  FERROCM_HIPBLAS_PAIR(W, INT, C, swap, FERROCM_C32, FERROCM_C32)                         \
  FERROCM_HIPBLAS_PAIR(W, INT, Z, swap, FERROCM_C64, FERROCM_C64)             \
  FERROCM_HIPBLAS_DOT(W, INT, S, dot, float)                                                    \
  FERROCM_HIPBLAS_DOT(W, INT, D, dot, double)                                                   \
  FERROCM_HIPBLAS_DOT(W, INT, H, dot, hipblasHalf)                                              \
  FERROCM_HIPBLAS_DOT(W, INT, Bf, dot, hipblasBfloat16)                                         \
  FERROCM_HIPBLAS_DOT(W, INT, C, dotu, FERROCM_C32)                                          \
  FERROCM_HIPBLAS_DOT(W, INT, Z, dotu, FERROCM_C64)                                    \
  FERROCM_HIPBLAS_DOT(W, INT, C, dotc, FERROCM_C32)                                          \
  FERROCM_HIPBLAS_DOT(W, INT, Z, dotc, FERROCM_C64)                                    \
  FERROCM_HIPBLAS_RESULTS(W, INT, s, S, float, float)                                           \
  FERROCM_HIPBLAS_RESULTS(W, INT, d, D, double, double)                                         \
  FERROCM_HIPBLAS_RESULTS(W, INT, c, Sc, FERROCM_C32, float)                                 \
  FERROCM_HIPBLAS_RESULTS(W, INT, z, Dz, FERROCM_C64, double)                          \
  FERROCM_HIPBLAS_ROT(W, INT, S, float, float, float)                                           \
  FERROCM_HIPBLAS_ROT(W, INT, D, double, double, double)                                        \
  FERROCM_HIPBLAS_ROT(W, INT, C, FERROCM_C32, float, FERROCM_C32)                         \
  FERROCM_HIPBLAS_ROT(W, INT, Z, FERROCM_C64, double, FERROCM_C64)            \
  FERROCM_HIPBLAS_ROT(W, INT, Cs, FERROCM_C32, float, float)                                 \
  FERROCM_HIPBLAS_ROT(W, INT, Zd, FERROCM_C64, double, double)
FERROCM_HIPBLAS_LEVEL1(, int)
FERROCM_HIPBLAS_LEVEL1(_64, int64_t)
#undef FERROCM_HIPBLAS_LEVEL1
#undef FERROCM_HIPBLAS_ROT
#undef FERROCM_HIPBLAS_RESULTS
#undef FERROCM_HIPBLAS_REDUCTION
#undef FERROCM_HIPBLAS_DOT
#undef FERROCM_HIPBLAS_PAIR
#undef FERROCM_HIPBLAS_SCAL
#undef FERROCM_HIPBLAS_AXPY
/* rotg: the Givens rotation [c s; -conj(s) c] that zeroes b; a becomes r and (S, D) b the
 * reconstruction value z; c is real. rotmg: the modified rotation of (d1, d2, x1, y1), into
 * param = [flag, h11, h21, h12, h22] (S, D). rotm: applies param's rotation to x and y (S, D).
 * The scalars, results and param follow the pointer mode. */
#define FERROCM_HIPBLAS_ROTG(W, INT, P, T, C)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotg##W(hipblasHandle_t handle, T *a, T *b, C *c,  \
                                                     T *s);                                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotgStridedBatched##W(                             \
      hipblasHandle_t handle, T *a, hipblasStride stride_a, T *b, hipblasStride stride_b, C *c, \
      hipblasStride stride_c, T *s, hipblasStride stride_s, INT batchCount);                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotgBatched##W(hipblasHandle_t handle,             \
                                                            T *const a[], T *const b[],         \
                                                            C *const c[], T *const s[],         \
                                                            INT batchCount);
#define FERROCM_HIPBLAS_ROTM(W, INT, P, T)                                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotm##W(hipblasHandle_t handle, INT n, T *x,       \
                                                     INT incx, T *y, INT incy,                 \
                                                     const T *param);                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotmStridedBatched##W(                             \
      hipblasHandle_t handle, INT n, T *x, INT incx, hipblasStride stridex, T *y, INT incy,     \
      hipblasStride stridey, const T *param, hipblasStride strideParam, INT batchCount);        \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotmBatched##W(                                    \
      hipblasHandle_t handle, INT n, T *const x[], INT incx, T *const y[], INT incy,            \
      const T *const param[], INT batchCount);                                                  \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotmg##W(hipblasHandle_t handle, T *d1, T *d2,     \
                                                      T *x1, const T *y1, T *param);           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotmgStridedBatched##W(                            \
      hipblasHandle_t handle, T *d1, hipblasStride strided1, T *d2, hipblasStride strided2,     \
      T *x1, hipblasStride stridex1, const T *y1, hipblasStride stridey1, T *param,             \
      hipblasStride strideParam, INT batchCount);                                               \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##rotmgBatched##W(                                   \
      hipblasHandle_t handle, T *const d1[], T *const d2[], T *const x1[],                      \
      const T *const y1[], T *const param[], INT batchCount);
#define FERROCM_HIPBLAS_ROTATIONS(W, INT)                                                       \
  FERROCM_HIPBLAS_ROTG(W, INT, S, float, float)                                                 \
  FERROCM_HIPBLAS_ROTG(W, INT, D, double, double)                                               \
  FERROCM_HIPBLAS_ROTG(W, INT, C, FERROCM_C32, float)                                        \
  FERROCM_HIPBLAS_ROTG(W, INT, Z, FERROCM_C64, double)                                 \
  FERROCM_HIPBLAS_ROTM(W, INT, S, float)                                                        \
  FERROCM_HIPBLAS_ROTM(W, INT, D, double)
FERROCM_HIPBLAS_ROTATIONS(, int)
FERROCM_HIPBLAS_ROTATIONS(_64, int64_t)
#undef FERROCM_HIPBLAS_ROTATIONS
#undef FERROCM_HIPBLAS_ROTM
#undef FERROCM_HIPBLAS_ROTG

/* ---- level 2: matrix-vector operations, column-major ----
 * gemv: y = alpha op(A) x + beta y, A m x n. ger, geru: A = alpha x y^T + A; gerc:
 * A = alpha x y^H + A. symv, hemv: y = alpha A x + beta y, A n x n symmetric or Hermitian, read
 * from its uplo triangle. syr, her: A = alpha x x^T + A or alpha x x^H + A on the uplo triangle
 * (her's alpha is real). trmv: x = op(A) x; trsv: solves op(A) x = b, b given in x; A triangular.
 * A negative increment walks the vector backwards from its end. In the strided-batched forms
 * each stride follows its matrix or vector. */
#define FERROCM_HIPBLAS_GEMV(P, T, I, INT)                                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemv##I(                                           \
      hipblasHandle_t handle, hipblasOperation_t trans, INT m, INT n, const T *alpha,           \
      const T *AP, INT lda, const T *x, INT incx, const T *beta, T *y, INT incy);                \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemvStridedBatched##I(                             \
      hipblasHandle_t handle, hipblasOperation_t trans, INT m, INT n, const T *alpha,           \
      const T *AP, INT lda, hipblasStride strideA, const T *x, INT incx, hipblasStride stridex, \
      const T *beta, T *y, INT incy, hipblasStride stridey, INT batchCount);                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gemvBatched##I(                                    \
      hipblasHandle_t handle, hipblasOperation_t trans, INT m, INT n, const T *alpha,           \
      const T *const AP[], INT lda, const T *const x[], INT incx, const T *beta, T *const y[],  \
      INT incy, INT batchCount);
/* N: ger, geru or gerc. */
#define FERROCM_HIPBLAS_GER(P, N, T, I, INT)                                                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(hipblasHandle_t handle, INT m, INT n,         \
                                                  const T *alpha, const T *x, INT incx,         \
                                                  const T *y, INT incy, T *AP, INT lda);        \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, INT m, INT n, const T *alpha, const T *x, INT incx,               \
      hipblasStride stridex, const T *y, INT incy, hipblasStride stridey, T *AP, INT lda,       \
      hipblasStride strideA, INT batchCount);                                                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, INT m, INT n, const T *alpha, const T *const x[], INT incx,       \
      const T *const y[], INT incy, T *const AP[], INT lda, INT batchCount);
/* N: symv or hemv. */
#define FERROCM_HIPBLAS_SYMV(P, N, T, I, INT)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha, const T *AP,       \
      INT lda, const T *x, INT incx, const T *beta, T *y, INT incy);                             \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha, const T *AP,       \
      INT lda, hipblasStride strideA, const T *x, INT incx, hipblasStride stridex,              \
      const T *beta, T *y, INT incy, hipblasStride stridey, INT batchCount);                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha,                    \
      const T *const AP[], INT lda, const T *const x[], INT incx, const T *beta, T *const y[],  \
      INT incy, INT batchCount);
/* N: syr (alpha's type S is T) or her (S is the real type). */
#define FERROCM_HIPBLAS_SYR(P, N, T, S, I, INT)                                                 \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(hipblasHandle_t handle, hipblasFillMode_t uplo, \
                                                  INT n, const S *alpha, const T *x, INT incx,  \
                                                  T *AP, INT lda);                              \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const S *alpha, const T *x,        \
      INT incx, hipblasStride stridex, T *AP, INT lda, hipblasStride strideA, INT batchCount);  \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const S *alpha, const T *const x[], \
      INT incx, T *const AP[], INT lda, INT batchCount);
/* N: trmv or trsv. */
#define FERROCM_HIPBLAS_TRIANGULAR(P, N, T, I, INT)                                             \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT m, const T *AP, INT lda, T *x, INT incx);                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT m, const T *AP, INT lda, hipblasStride strideA, T *x,         \
      INT incx, hipblasStride stridex, INT batchCount);                                         \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT m, const T *const AP[], INT lda, T *const x[], INT incx,      \
      INT batchCount);
/* Every type's gemv, symv, syr, trmv and trsv, then the real types' ger and the complex types'
 * geru, gerc, hemv and her (R: the real type of her's alpha); 32-bit and `_64` forms. */
#define FERROCM_HIPBLAS_LEVEL2(P, T, I, INT)                                                    \
  FERROCM_HIPBLAS_GEMV(P, T, I, INT)                                                            \
  FERROCM_HIPBLAS_SYMV(P, symv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_SYR(P, syr, T, T, I, INT)                                                     \
  FERROCM_HIPBLAS_TRIANGULAR(P, trmv, T, I, INT)                                                \
  FERROCM_HIPBLAS_TRIANGULAR(P, trsv, T, I, INT)
#define FERROCM_HIPBLAS_LEVEL2_REAL(P, T, I, INT)                                               \
  FERROCM_HIPBLAS_LEVEL2(P, T, I, INT) FERROCM_HIPBLAS_GER(P, ger, T, I, INT)
#define FERROCM_HIPBLAS_LEVEL2_COMPLEX(P, T, R, I, INT)                                         \
  FERROCM_HIPBLAS_LEVEL2(P, T, I, INT)                                                          \
  FERROCM_HIPBLAS_GER(P, geru, T, I, INT)                                                       \
  FERROCM_HIPBLAS_GER(P, gerc, T, I, INT)                                                       \
  FERROCM_HIPBLAS_SYMV(P, hemv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_SYR(P, her, T, R, I, INT)
FERROCM_HIPBLAS_LEVEL2_REAL(S, float, , int)
FERROCM_HIPBLAS_LEVEL2_REAL(S, float, _64, int64_t)
FERROCM_HIPBLAS_LEVEL2_REAL(D, double, , int)
FERROCM_HIPBLAS_LEVEL2_REAL(D, double, _64, int64_t)
FERROCM_HIPBLAS_LEVEL2_COMPLEX(C, FERROCM_C32, float, , int)
FERROCM_HIPBLAS_LEVEL2_COMPLEX(C, FERROCM_C32, float, _64, int64_t)
FERROCM_HIPBLAS_LEVEL2_COMPLEX(Z, FERROCM_C64, double, , int)
FERROCM_HIPBLAS_LEVEL2_COMPLEX(Z, FERROCM_C64, double, _64, int64_t)
#undef FERROCM_HIPBLAS_LEVEL2_COMPLEX
#undef FERROCM_HIPBLAS_LEVEL2_REAL
#undef FERROCM_HIPBLAS_LEVEL2
#undef FERROCM_HIPBLAS_TRIANGULAR
#undef FERROCM_HIPBLAS_SYR
#undef FERROCM_HIPBLAS_SYMV
#undef FERROCM_HIPBLAS_GER
#undef FERROCM_HIPBLAS_GEMV

/* ---- level 2: band, packed and rank-2 ----
 * gbmv: y = alpha op(A) x + beta y, A m x n with kl diagonals below the main one and ku above, in
 * BLAS's band storage (column j's band in column j of a (kl + ku + 1) x n array, (i, j) at row
 * ku + i - j; lda >= kl + ku + 1). sbmv, hbmv: y = alpha A x + beta y, A symmetric or Hermitian
 * with k diagonals beside the main one, its uplo triangle in band storage ((i, j) at row
 * k + i - j for upper, i - j for lower). tbmv: x = op(A) x; tbsv: solves op(A) x = b, b given in
 * x; A triangular in band storage. spmv, hpmv, tpmv, tpsv: the same over a packed uplo triangle
 * (AP: the triangle's columns one after another, n (n + 1) / 2 elements). spr: AP = alpha x x^T
 * + AP; hpr: AP = alpha x x^H + AP (alpha real); spr2: AP = alpha x y^T + alpha y x^T + AP;
 * hpr2: AP = alpha x y^H + conj(alpha) y x^H + AP. syr2, her2: the same as spr2 and hpr2 on the
 * uplo triangle of a full A. In the strided-batched forms each stride follows its matrix or
 * vector. */
#define FERROCM_HIPBLAS_GBMV(P, T, I, INT)                                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gbmv##I(                                           \
      hipblasHandle_t handle, hipblasOperation_t trans, INT m, INT n, INT kl, INT ku,           \
      const T *alpha, const T *AP, INT lda, const T *x, INT incx, const T *beta, T *y,          \
      INT incy);                                                                                \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gbmv##StridedBatched##I(                           \
      hipblasHandle_t handle, hipblasOperation_t trans, INT m, INT n, INT kl, INT ku,           \
      const T *alpha, const T *AP, INT lda, hipblasStride strideA, const T *x, INT incx,        \
      hipblasStride stridex, const T *beta, T *y, INT incy, hipblasStride stridey,              \
      INT batchCount);                                                                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gbmv##Batched##I(                                  \
      hipblasHandle_t handle, hipblasOperation_t trans, INT m, INT n, INT kl, INT ku,           \
      const T *alpha, const T *const AP[], INT lda, const T *const x[], INT incx,               \
      const T *beta, T *const y[], INT incy, INT batchCount);
/* N: sbmv or hbmv. */
#define FERROCM_HIPBLAS_SBMV(P, N, T, I, INT)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, INT k, const T *alpha,             \
      const T *AP, INT lda, const T *x, INT incx, const T *beta, T *y, INT incy);               \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, INT k, const T *alpha,             \
      const T *AP, INT lda, hipblasStride strideA, const T *x, INT incx,                        \
      hipblasStride stridex, const T *beta, T *y, INT incy, hipblasStride stridey,              \
      INT batchCount);                                                                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, INT k, const T *alpha,             \
      const T *const AP[], INT lda, const T *const x[], INT incx, const T *beta, T *const y[],  \
      INT incy, INT batchCount);
/* N: tbmv or tbsv. */
#define FERROCM_HIPBLAS_TBMV(P, N, T, I, INT)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT n, INT k, const T *AP, INT lda, T *x, INT incx);              \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT n, INT k, const T *AP, INT lda, hipblasStride strideA, T *x,  \
      INT incx, hipblasStride stridex, INT batchCount);                                         \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT n, INT k, const T *const AP[], INT lda, T *const x[],         \
      INT incx, INT batchCount);
/* N: spmv or hpmv. */
#define FERROCM_HIPBLAS_SPMV(P, N, T, I, INT)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha, const T *AP,       \
      const T *x, INT incx, const T *beta, T *y, INT incy);                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha, const T *AP,       \
      hipblasStride strideA, const T *x, INT incx, hipblasStride stridex, const T *beta, T *y,  \
      INT incy, hipblasStride stridey, INT batchCount);                                         \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha,                    \
      const T *const AP[], const T *const x[], INT incx, const T *beta, T *const y[],           \
      INT incy, INT batchCount);
/* N: tpmv or tpsv. */
#define FERROCM_HIPBLAS_TPMV(P, N, T, I, INT)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT n, const T *AP, T *x, INT incx);                              \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT n, const T *AP, hipblasStride strideA, T *x, INT incx,        \
      hipblasStride stridex, INT batchCount);                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA,                \
      hipblasDiagType_t diag, INT n, const T *const AP[], T *const x[], INT incx,               \
      INT batchCount);
/* N: spr (alpha's type S is T) or hpr (S is the real type). */
#define FERROCM_HIPBLAS_SPR(P, N, T, S, I, INT)                                                 \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const S *alpha, const T *x,        \
      INT incx, T *AP);                                                                         \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const S *alpha, const T *x,        \
      INT incx, hipblasStride stridex, T *AP, hipblasStride strideA, INT batchCount);           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const S *alpha,                    \
      const T *const x[], INT incx, T *const AP[], INT batchCount);
/* N: spr2 or hpr2. */
#define FERROCM_HIPBLAS_SPR2(P, N, T, I, INT)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha, const T *x,        \
      INT incx, const T *y, INT incy, T *AP);                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha, const T *x,        \
      INT incx, hipblasStride stridex, const T *y, INT incy, hipblasStride stridey, T *AP,      \
      hipblasStride strideA, INT batchCount);                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha,                    \
      const T *const x[], INT incx, const T *const y[], INT incy, T *const AP[],                \
      INT batchCount);
/* N: syr2 or her2. */
#define FERROCM_HIPBLAS_SYR2(P, N, T, I, INT)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##I(                                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha, const T *x,        \
      INT incx, const T *y, INT incy, T *AP, INT lda);                                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##StridedBatched##I(                              \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha, const T *x,        \
      INT incx, hipblasStride stridex, const T *y, INT incy, hipblasStride stridey, T *AP,      \
      INT lda, hipblasStride strideA, INT batchCount);                                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##N##Batched##I(                                     \
      hipblasHandle_t handle, hipblasFillMode_t uplo, INT n, const T *alpha,                    \
      const T *const x[], INT incx, const T *const y[], INT incy, T *const AP[], INT lda,       \
      INT batchCount);
/* Every type's gbmv, tbmv, tbsv, tpmv, tpsv, spr and syr2, then the real types' sbmv, spmv and
 * spr2 and the complex types' hbmv, hpmv, hpr (R: the real type of its alpha), hpr2 and her2;
 * 32-bit and `_64` forms. */
#define FERROCM_HIPBLAS_LEVEL2_MORE(P, T, I, INT)                                               \
  FERROCM_HIPBLAS_GBMV(P, T, I, INT)                                                            \
  FERROCM_HIPBLAS_TBMV(P, tbmv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_TBMV(P, tbsv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_TPMV(P, tpmv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_TPMV(P, tpsv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_SPR(P, spr, T, T, I, INT)                                                     \
  FERROCM_HIPBLAS_SYR2(P, syr2, T, I, INT)
#define FERROCM_HIPBLAS_LEVEL2_MORE_REAL(P, T, I, INT)                                          \
  FERROCM_HIPBLAS_LEVEL2_MORE(P, T, I, INT)                                                     \
  FERROCM_HIPBLAS_SBMV(P, sbmv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_SPMV(P, spmv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_SPR2(P, spr2, T, I, INT)
#define FERROCM_HIPBLAS_LEVEL2_MORE_COMPLEX(P, T, R, I, INT)                                    \
  FERROCM_HIPBLAS_LEVEL2_MORE(P, T, I, INT)                                                     \
  FERROCM_HIPBLAS_SBMV(P, hbmv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_SPMV(P, hpmv, T, I, INT)                                                      \
  FERROCM_HIPBLAS_SPR(P, hpr, T, R, I, INT)                                                     \
  FERROCM_HIPBLAS_SPR2(P, hpr2, T, I, INT)                                                      \
  FERROCM_HIPBLAS_SYR2(P, her2, T, I, INT)
FERROCM_HIPBLAS_LEVEL2_MORE_REAL(S, float, , int)
FERROCM_HIPBLAS_LEVEL2_MORE_REAL(S, float, _64, int64_t)
FERROCM_HIPBLAS_LEVEL2_MORE_REAL(D, double, , int)
FERROCM_HIPBLAS_LEVEL2_MORE_REAL(D, double, _64, int64_t)
FERROCM_HIPBLAS_LEVEL2_MORE_COMPLEX(C, FERROCM_C32, float, , int)
FERROCM_HIPBLAS_LEVEL2_MORE_COMPLEX(C, FERROCM_C32, float, _64, int64_t)
FERROCM_HIPBLAS_LEVEL2_MORE_COMPLEX(Z, FERROCM_C64, double, , int)
FERROCM_HIPBLAS_LEVEL2_MORE_COMPLEX(Z, FERROCM_C64, double, _64, int64_t)
#undef FERROCM_HIPBLAS_LEVEL2_MORE_COMPLEX
#undef FERROCM_HIPBLAS_LEVEL2_MORE_REAL
#undef FERROCM_HIPBLAS_LEVEL2_MORE
#undef FERROCM_HIPBLAS_SYR2
#undef FERROCM_HIPBLAS_SPR2
#undef FERROCM_HIPBLAS_SPR
#undef FERROCM_HIPBLAS_TPMV
#undef FERROCM_HIPBLAS_SPMV
#undef FERROCM_HIPBLAS_TBMV
#undef FERROCM_HIPBLAS_SBMV
#undef FERROCM_HIPBLAS_GBMV

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
FERROCM_HIPBLAS_GEMM_BOTH(C, FERROCM_C32)
FERROCM_HIPBLAS_GEMM_BOTH(Z, FERROCM_C64)
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
FERROCM_HIPBLAS_TRSM_BOTH(C, FERROCM_C32)
FERROCM_HIPBLAS_TRSM_BOTH(Z, FERROCM_C64)
#undef FERROCM_HIPBLAS_TRSM_BOTH
#undef FERROCM_HIPBLAS_TRSM

/* ---- level 3: geam (C = alpha op(A) + beta op(B); C may be A or B only untransposed with
 * ldc's leading dimension), dgmm (C = A diag(x) or diag(x) A), syrk/herk (C = alpha op(A)
 * op(A)^T (^H) + beta C on the uplo triangle; herk's alpha and beta are real), symm/hemm
 * (C = alpha A B + beta C or alpha B A + beta C, A given by one triangle) and trmm (out of
 * place: C = alpha op(A) B or alpha B op(A), A triangular; C may be B with ldc == ldb). ---- */
#define FERROCM_HIPBLAS_GEAM(P, T, R, I, INT)                                                       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##geam##I(                                               \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,          \
      INT n, const T *alpha, const T *A, INT lda, const T *beta, const T *B, INT ldb, T *C,         \
      INT ldc);                                                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##geamStridedBatched##I(                                 \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,          \
      INT n, const T *alpha, const T *A, INT lda, hipblasStride stride_A, const T *beta,            \
      const T *B, INT ldb, hipblasStride stride_B, T *C, INT ldc, hipblasStride stride_C,           \
      INT batch_count);                                                                             \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##geamBatched##I(                                        \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m,          \
      INT n, const T *alpha, const T *const A[], INT lda, const T *beta, const T *const B[],        \
      INT ldb, T *const C[], INT ldc, INT batch_count);
#define FERROCM_HIPBLAS_GEAM_BOTH(P, T, R) FERROCM_HIPBLAS_GEAM(P, T, R, , int) FERROCM_HIPBLAS_GEAM(P, T, R, _64, int64_t)
FERROCM_HIPBLAS_GEAM_BOTH(S, float, float)
FERROCM_HIPBLAS_GEAM_BOTH(D, double, double)
FERROCM_HIPBLAS_GEAM_BOTH(C, FERROCM_C32, float)
FERROCM_HIPBLAS_GEAM_BOTH(Z, FERROCM_C64, double)
#undef FERROCM_HIPBLAS_GEAM_BOTH
#undef FERROCM_HIPBLAS_GEAM

#define FERROCM_HIPBLAS_DGMM(P, T, R, I, INT)                                                       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##dgmm##I(                                               \
      hipblasHandle_t handle, hipblasSideMode_t side, INT m, INT n, const T *A, INT lda,            \
      const T *x, INT incx, T *C, INT ldc);                                                         \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##dgmmStridedBatched##I(                                 \
      hipblasHandle_t handle, hipblasSideMode_t side, INT m, INT n, const T *A, INT lda,            \
      hipblasStride stride_A, const T *x, INT incx, hipblasStride stride_x, T *C, INT ldc,          \
      hipblasStride stride_C, INT batch_count);                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##dgmmBatched##I(                                        \
      hipblasHandle_t handle, hipblasSideMode_t side, INT m, INT n, const T *const A[],             \
      INT lda, const T *const x[], INT incx, T *const C[], INT ldc, INT batch_count);
#define FERROCM_HIPBLAS_DGMM_BOTH(P, T, R) FERROCM_HIPBLAS_DGMM(P, T, R, , int) FERROCM_HIPBLAS_DGMM(P, T, R, _64, int64_t)
FERROCM_HIPBLAS_DGMM_BOTH(S, float, float)
FERROCM_HIPBLAS_DGMM_BOTH(D, double, double)
FERROCM_HIPBLAS_DGMM_BOTH(C, FERROCM_C32, float)
FERROCM_HIPBLAS_DGMM_BOTH(Z, FERROCM_C64, double)
#undef FERROCM_HIPBLAS_DGMM_BOTH
#undef FERROCM_HIPBLAS_DGMM

#define FERROCM_HIPBLAS_SYRK(P, T, R, I, INT)                                                       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##syrk##I(                                               \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const T *alpha, const T *A, INT lda, const T *beta, T *C, INT ldc);                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##syrkStridedBatched##I(                                 \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const T *alpha, const T *A, INT lda, hipblasStride stride_A, const T *beta,            \
      T *C, INT ldc, hipblasStride stride_C, INT batch_count);                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##syrkBatched##I(                                        \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const T *alpha, const T *const A[], INT lda, const T *beta, T *const C[],              \
      INT ldc, INT batch_count);
#define FERROCM_HIPBLAS_SYRK_BOTH(P, T, R) FERROCM_HIPBLAS_SYRK(P, T, R, , int) FERROCM_HIPBLAS_SYRK(P, T, R, _64, int64_t)
FERROCM_HIPBLAS_SYRK_BOTH(S, float, float)
FERROCM_HIPBLAS_SYRK_BOTH(D, double, double)
FERROCM_HIPBLAS_SYRK_BOTH(C, FERROCM_C32, float)
FERROCM_HIPBLAS_SYRK_BOTH(Z, FERROCM_C64, double)
#undef FERROCM_HIPBLAS_SYRK_BOTH
#undef FERROCM_HIPBLAS_SYRK

#define FERROCM_HIPBLAS_HERK(P, T, R, I, INT)                                                       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##herk##I(                                               \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const R *alpha, const T *A, INT lda, const R *beta, T *C, INT ldc);                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##herkStridedBatched##I(                                 \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const R *alpha, const T *A, INT lda, hipblasStride stride_A, const R *beta,            \
      T *C, INT ldc, hipblasStride stride_C, INT batch_count);                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##herkBatched##I(                                        \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const R *alpha, const T *const A[], INT lda, const R *beta, T *const C[],              \
      INT ldc, INT batch_count);
#define FERROCM_HIPBLAS_HERK_BOTH(P, T, R) FERROCM_HIPBLAS_HERK(P, T, R, , int) FERROCM_HIPBLAS_HERK(P, T, R, _64, int64_t)
FERROCM_HIPBLAS_HERK_BOTH(C, FERROCM_C32, float)
FERROCM_HIPBLAS_HERK_BOTH(Z, FERROCM_C64, double)
#undef FERROCM_HIPBLAS_HERK_BOTH
#undef FERROCM_HIPBLAS_HERK

#define FERROCM_HIPBLAS_SYMM(P, T, R, I, INT)                                                       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##symm##I(                                               \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo, INT m, INT n,         \
      const T *alpha, const T *A, INT lda, const T *B, INT ldb, const T *beta, T *C,                \
      INT ldc);                                                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##symmStridedBatched##I(                                 \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo, INT m, INT n,         \
      const T *alpha, const T *A, INT lda, hipblasStride stride_A, const T *B, INT ldb,             \
      hipblasStride stride_B, const T *beta, T *C, INT ldc, hipblasStride stride_C,                 \
      INT batch_count);                                                                             \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##symmBatched##I(                                        \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo, INT m, INT n,         \
      const T *alpha, const T *const A[], INT lda, const T *const B[], INT ldb,                     \
      const T *beta, T *const C[], INT ldc, INT batch_count);
#define FERROCM_HIPBLAS_SYMM_BOTH(P, T, R) FERROCM_HIPBLAS_SYMM(P, T, R, , int) FERROCM_HIPBLAS_SYMM(P, T, R, _64, int64_t)
FERROCM_HIPBLAS_SYMM_BOTH(S, float, float)
FERROCM_HIPBLAS_SYMM_BOTH(D, double, double)
FERROCM_HIPBLAS_SYMM_BOTH(C, FERROCM_C32, float)
FERROCM_HIPBLAS_SYMM_BOTH(Z, FERROCM_C64, double)
#undef FERROCM_HIPBLAS_SYMM_BOTH
#undef FERROCM_HIPBLAS_SYMM

#define FERROCM_HIPBLAS_HEMM(P, T, R, I, INT)                                                       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##hemm##I(                                               \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo, INT m, INT n,         \
      const T *alpha, const T *A, INT lda, const T *B, INT ldb, const T *beta, T *C,                \
      INT ldc);                                                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##hemmStridedBatched##I(                                 \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo, INT m, INT n,         \
      const T *alpha, const T *A, INT lda, hipblasStride stride_A, const T *B, INT ldb,             \
      hipblasStride stride_B, const T *beta, T *C, INT ldc, hipblasStride stride_C,                 \
      INT batch_count);                                                                             \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##hemmBatched##I(                                        \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo, INT m, INT n,         \
      const T *alpha, const T *const A[], INT lda, const T *const B[], INT ldb,                     \
      const T *beta, T *const C[], INT ldc, INT batch_count);
#define FERROCM_HIPBLAS_HEMM_BOTH(P, T, R) FERROCM_HIPBLAS_HEMM(P, T, R, , int) FERROCM_HIPBLAS_HEMM(P, T, R, _64, int64_t)
FERROCM_HIPBLAS_HEMM_BOTH(C, FERROCM_C32, float)
FERROCM_HIPBLAS_HEMM_BOTH(Z, FERROCM_C64, double)
#undef FERROCM_HIPBLAS_HEMM_BOTH
#undef FERROCM_HIPBLAS_HEMM

#define FERROCM_HIPBLAS_TRMM(P, T, R, I, INT)                                                       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trmm##I(                                               \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                       \
      hipblasOperation_t transA, hipblasDiagType_t diag, INT m, INT n, const T *alpha,              \
      const T *A, INT lda, const T *B, INT ldb, T *C, INT ldc);                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trmmStridedBatched##I(                                 \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                       \
      hipblasOperation_t transA, hipblasDiagType_t diag, INT m, INT n, const T *alpha,              \
      const T *A, INT lda, hipblasStride stride_A, const T *B, INT ldb,                             \
      hipblasStride stride_B, T *C, INT ldc, hipblasStride stride_C, INT batch_count);              \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trmmBatched##I(                                        \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                       \
      hipblasOperation_t transA, hipblasDiagType_t diag, INT m, INT n, const T *alpha,              \
      const T *const A[], INT lda, const T *const B[], INT ldb, T *const C[], INT ldc,              \
      INT batch_count);
#define FERROCM_HIPBLAS_TRMM_BOTH(P, T, R) FERROCM_HIPBLAS_TRMM(P, T, R, , int) FERROCM_HIPBLAS_TRMM(P, T, R, _64, int64_t)
FERROCM_HIPBLAS_TRMM_BOTH(S, float, float)
FERROCM_HIPBLAS_TRMM_BOTH(D, double, double)
FERROCM_HIPBLAS_TRMM_BOTH(C, FERROCM_C32, float)
FERROCM_HIPBLAS_TRMM_BOTH(Z, FERROCM_C64, double)
#undef FERROCM_HIPBLAS_TRMM_BOTH
#undef FERROCM_HIPBLAS_TRMM

/* syr2k: C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C; her2k: C = alpha op(A) op(B)^H +
 * conj(alpha) op(B) op(A)^H + beta C (beta real); syrkx: C = alpha op(A) op(B)^T + beta C;
 * herkx: C = alpha op(A) op(B)^H + beta C (beta real); all on the uplo triangle. R is beta's
 * type. */
#define FERROCM_HIPBLAS_SYR2K(P, NAME, T, R, I, INT)                                                \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##I(                                               \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const T *alpha, const T *A, INT lda, const T *B, INT ldb, const R *beta, T *C,         \
      INT ldc);                                                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##StridedBatched##I(                               \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const T *alpha, const T *A, INT lda, hipblasStride stride_A, const T *B, INT ldb,      \
      hipblasStride stride_B, const R *beta, T *C, INT ldc, hipblasStride stride_C,                 \
      INT batch_count);                                                                             \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##NAME##Batched##I(                                      \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasOperation_t transA, INT n,             \
      INT k, const T *alpha, const T *const A[], INT lda, const T *const B[], INT ldb,              \
      const R *beta, T *const C[], INT ldc, INT batch_count);
#define FERROCM_HIPBLAS_SYR2K_BOTH(P, NAME, T, R)                                                   \
  FERROCM_HIPBLAS_SYR2K(P, NAME, T, R, , int) FERROCM_HIPBLAS_SYR2K(P, NAME, T, R, _64, int64_t)
FERROCM_HIPBLAS_SYR2K_BOTH(S, syr2k, float, float)
FERROCM_HIPBLAS_SYR2K_BOTH(D, syr2k, double, double)
FERROCM_HIPBLAS_SYR2K_BOTH(C, syr2k, FERROCM_C32, FERROCM_C32)
FERROCM_HIPBLAS_SYR2K_BOTH(Z, syr2k, FERROCM_C64, FERROCM_C64)
FERROCM_HIPBLAS_SYR2K_BOTH(C, her2k, FERROCM_C32, float)
FERROCM_HIPBLAS_SYR2K_BOTH(Z, her2k, FERROCM_C64, double)
FERROCM_HIPBLAS_SYR2K_BOTH(S, syrkx, float, float)
FERROCM_HIPBLAS_SYR2K_BOTH(D, syrkx, double, double)
FERROCM_HIPBLAS_SYR2K_BOTH(C, syrkx, FERROCM_C32, FERROCM_C32)
FERROCM_HIPBLAS_SYR2K_BOTH(Z, syrkx, FERROCM_C64, FERROCM_C64)
FERROCM_HIPBLAS_SYR2K_BOTH(C, herkx, FERROCM_C32, float)
FERROCM_HIPBLAS_SYR2K_BOTH(Z, herkx, FERROCM_C64, double)
#undef FERROCM_HIPBLAS_SYR2K_BOTH
#undef FERROCM_HIPBLAS_SYR2K

/* trtri: invA = A^-1, A triangular (uplo; ones on the diagonal with HIPBLAS_DIAG_UNIT), out of
 * place with its own leading dimension; invA's other triangle is set to zero. int sizes only. */
#define FERROCM_HIPBLAS_TRTRI(P, T)                                                                 \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trtri(hipblasHandle_t handle, hipblasFillMode_t uplo,  \
                                                   hipblasDiagType_t diag, int n, const T *A,       \
                                                   int lda, T *invA, int ldinvA);                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trtriStridedBatched(                                   \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasDiagType_t diag, int n, const T *A,    \
      int lda, hipblasStride strideA, T *invA, int ldinvA, hipblasStride stride_invA,               \
      int batchCount);                                                                              \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##trtriBatched(                                          \
      hipblasHandle_t handle, hipblasFillMode_t uplo, hipblasDiagType_t diag, int n,                \
      const T *const A[], int lda, T *const invA[], int ldinvA, int batchCount);
FERROCM_HIPBLAS_TRTRI(S, float)
FERROCM_HIPBLAS_TRTRI(D, double)
FERROCM_HIPBLAS_TRTRI(C, FERROCM_C32)
FERROCM_HIPBLAS_TRTRI(Z, FERROCM_C64)
#undef FERROCM_HIPBLAS_TRTRI

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

/* ---- Ex level 1 and TrsmEx: run-time element types (void * data). AxpyEx (y = alpha x + y),
 * ScalEx (x = alpha x), DotEx / DotcEx (one result per batch member), Nrm2Ex and RotEx (c and s
 * both of csType) take rocBLAS's documented combinations (f16, bf16, f32, f64, c32, c64 with the
 * documented execution types); others return HIPBLAS_STATUS_NOT_SUPPORTED. Batched forms take a
 * device array of pointers as the vector argument. TrsmEx solves in the compute type; invA is
 * not read. The _v2 names are the same functions taking hipDataType; the plain names take
 * FERROCM_HIPBLAS_TYPE (hipDataType with HIPBLAS_V2), and both accept either enum. */
#define FERROCM_HIPBLAS_LEVEL1_EX(V, I, INT, TY)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblasAxpyEx##V##I(                                              \
      hipblasHandle_t handle, INT n, const void *alpha, TY alphaType, const void *x, TY xType,     \
      INT incx, void *y, TY yType, INT incy, TY executionType);                                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblasAxpyStridedBatchedEx##V##I(                                \
      hipblasHandle_t handle, INT n, const void *alpha, TY alphaType, const void *x, TY xType,     \
      INT incx, hipblasStride stridex, void *y, TY yType, INT incy, hipblasStride stridey,         \
      INT batchCount, TY executionType);                                                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblasAxpyBatchedEx##V##I(                                       \
      hipblasHandle_t handle, INT n, const void *alpha, TY alphaType, const void *x, TY xType,     \
      INT incx, void *y, TY yType, INT incy, INT batchCount, TY executionType);                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblasScalEx##V##I(hipblasHandle_t handle, INT n,                \
                                                     const void *alpha, TY alphaType, void *x,     \
                                                     TY xType, INT incx, TY executionType);        \
  HIPBLAS_EXPORT hipblasStatus_t hipblasScalStridedBatchedEx##V##I(                                \
      hipblasHandle_t handle, INT n, const void *alpha, TY alphaType, void *x, TY xType,           \
      INT incx, hipblasStride stridex, INT batchCount, TY executionType);                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblasScalBatchedEx##V##I(                                       \
      hipblasHandle_t handle, INT n, const void *alpha, TY alphaType, void *x, TY xType,           \
      INT incx, INT batchCount, TY executionType);                                                 \
  FERROCM_HIPBLAS_DOT_EX(Dot, V, I, INT, TY)                                                       \
  FERROCM_HIPBLAS_DOT_EX(Dotc, V, I, INT, TY)                                                      \
  HIPBLAS_EXPORT hipblasStatus_t hipblasNrm2Ex##V##I(hipblasHandle_t handle, INT n, const void *x, \
                                                     TY xType, INT incx, void *result,             \
                                                     TY resultType, TY executionType);             \
  HIPBLAS_EXPORT hipblasStatus_t hipblasNrm2StridedBatchedEx##V##I(                                \
      hipblasHandle_t handle, INT n, const void *x, TY xType, INT incx, hipblasStride stridex,     \
      INT batchCount, void *result, TY resultType, TY executionType);                              \
  HIPBLAS_EXPORT hipblasStatus_t hipblasNrm2BatchedEx##V##I(                                       \
      hipblasHandle_t handle, INT n, const void *x, TY xType, INT incx, INT batchCount,            \
      void *result, TY resultType, TY executionType);                                              \
  HIPBLAS_EXPORT hipblasStatus_t hipblasRotEx##V##I(                                               \
      hipblasHandle_t handle, INT n, void *x, TY xType, INT incx, void *y, TY yType, INT incy,     \
      const void *c, const void *s, TY csType, TY executionType);                                  \
  HIPBLAS_EXPORT hipblasStatus_t hipblasRotStridedBatchedEx##V##I(                                 \
      hipblasHandle_t handle, INT n, void *x, TY xType, INT incx, hipblasStride stridex, void *y,  \
      TY yType, INT incy, hipblasStride stridey, const void *c, const void *s, TY csType,          \
      INT batchCount, TY executionType);                                                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblasRotBatchedEx##V##I(                                        \
      hipblasHandle_t handle, INT n, void *x, TY xType, INT incx, void *y, TY yType, INT incy,     \
      const void *c, const void *s, TY csType, INT batchCount, TY executionType);
#define FERROCM_HIPBLAS_DOT_EX(D, V, I, INT, TY)                                                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##D##Ex##V##I(                                             \
      hipblasHandle_t handle, INT n, const void *x, TY xType, INT incx, const void *y, TY yType,   \
      INT incy, void *result, TY resultType, TY executionType);                                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##D##StridedBatchedEx##V##I(                               \
      hipblasHandle_t handle, INT n, const void *x, TY xType, INT incx, hipblasStride stridex,     \
      const void *y, TY yType, INT incy, hipblasStride stridey, INT batchCount, void *result,      \
      TY resultType, TY executionType);                                                            \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##D##BatchedEx##V##I(                                      \
      hipblasHandle_t handle, INT n, const void *x, TY xType, INT incx, const void *y, TY yType,   \
      INT incy, INT batchCount, void *result, TY resultType, TY executionType);
FERROCM_HIPBLAS_LEVEL1_EX(, , int, FERROCM_HIPBLAS_TYPE)
FERROCM_HIPBLAS_LEVEL1_EX(, _64, int64_t, FERROCM_HIPBLAS_TYPE)
FERROCM_HIPBLAS_LEVEL1_EX(_v2, , int, hipDataType)
FERROCM_HIPBLAS_LEVEL1_EX(_v2, _64, int64_t, hipDataType)
#undef FERROCM_HIPBLAS_DOT_EX
#undef FERROCM_HIPBLAS_LEVEL1_EX

#define FERROCM_HIPBLAS_TRSM_EX(V, TY)                                                             \
  HIPBLAS_EXPORT hipblasStatus_t hipblasTrsmEx##V(                                                 \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                      \
      hipblasOperation_t transA, hipblasDiagType_t diag, int m, int n, const void *alpha, void *A, \
      int lda, void *B, int ldb, const void *invA, int invAsize, TY computeType);                  \
  HIPBLAS_EXPORT hipblasStatus_t hipblasTrsmStridedBatchedEx##V(                                   \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                      \
      hipblasOperation_t transA, hipblasDiagType_t diag, int m, int n, const void *alpha, void *A, \
      int lda, hipblasStride strideA, void *B, int ldb, hipblasStride strideB, int batchCount,     \
      const void *invA, int invAsize, hipblasStride strideInvA, TY computeType);                   \
  HIPBLAS_EXPORT hipblasStatus_t hipblasTrsmBatchedEx##V(                                          \
      hipblasHandle_t handle, hipblasSideMode_t side, hipblasFillMode_t uplo,                      \
      hipblasOperation_t transA, hipblasDiagType_t diag, int m, int n, const void *alpha, void *A, \
      int lda, void *B, int ldb, int batchCount, const void *invA, int invAsize, TY computeType);
FERROCM_HIPBLAS_TRSM_EX(, FERROCM_HIPBLAS_TYPE)
FERROCM_HIPBLAS_TRSM_EX(_v2, hipDataType)
#undef FERROCM_HIPBLAS_TRSM_EX

/* GemmEx under hipBLAS 2's _v2 names, and with flags (hints, accepted and unused). */
typedef enum {
  HIPBLAS_GEMM_FLAGS_NONE = 0x0,
  HIPBLAS_GEMM_FLAGS_USE_CU_EFFICIENCY = 0x2,
  HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL = 0x4,
  HIPBLAS_GEMM_FLAGS_CHECK_SOLUTION_INDEX = 0x8,
  HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL_RNZ = 0x10
} hipblasGemmFlags_t;
#define FERROCM_HIPBLAS_GEMM_EX_FLAGS(V, I, INT, TY, CT, FN, FLAGS)                                \
  HIPBLAS_EXPORT hipblasStatus_t hipblasGemm##FN##V##I(                                            \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m, INT n,  \
      INT k, const void *alpha, const void *A, TY aType, INT lda, const void *B, TY bType,         \
      INT ldb, const void *beta, void *C, TY cType, INT ldc, CT computeType,                       \
      hipblasGemmAlgo_t algo FLAGS);                                                               \
  HIPBLAS_EXPORT hipblasStatus_t hipblasGemmStridedBatched##FN##V##I(                              \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m, INT n,  \
      INT k, const void *alpha, const void *A, TY aType, INT lda, hipblasStride strideA,           \
      const void *B, TY bType, INT ldb, hipblasStride strideB, const void *beta, void *C,          \
      TY cType, INT ldc, hipblasStride strideC, INT batchCount, CT computeType,                    \
      hipblasGemmAlgo_t algo FLAGS);                                                               \
  HIPBLAS_EXPORT hipblasStatus_t hipblasGemmBatched##FN##V##I(                                     \
      hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, INT m, INT n,  \
      INT k, const void *alpha, const void *A[], TY aType, INT lda, const void *B[], TY bType,     \
      INT ldb, const void *beta, void *C[], TY cType, INT ldc, INT batchCount, CT computeType,     \
      hipblasGemmAlgo_t algo FLAGS);
#define FERROCM_HIPBLAS_FLAGS , hipblasGemmFlags_t flags
FERROCM_HIPBLAS_GEMM_EX_FLAGS(_v2, , int, hipDataType, hipblasComputeType_t, Ex, )
FERROCM_HIPBLAS_GEMM_EX_FLAGS(_v2, _64, int64_t, hipDataType, hipblasComputeType_t, Ex, )
FERROCM_HIPBLAS_GEMM_EX_FLAGS(, , int, FERROCM_HIPBLAS_TYPE, FERROCM_HIPBLAS_COMPUTE, ExWithFlags,
                              FERROCM_HIPBLAS_FLAGS)
FERROCM_HIPBLAS_GEMM_EX_FLAGS(, _64, int64_t, FERROCM_HIPBLAS_TYPE, FERROCM_HIPBLAS_COMPUTE,
                              ExWithFlags, FERROCM_HIPBLAS_FLAGS)
FERROCM_HIPBLAS_GEMM_EX_FLAGS(_v2, , int, hipDataType, hipblasComputeType_t, ExWithFlags,
                              FERROCM_HIPBLAS_FLAGS)
FERROCM_HIPBLAS_GEMM_EX_FLAGS(_v2, _64, int64_t, hipDataType, hipblasComputeType_t, ExWithFlags,
                              FERROCM_HIPBLAS_FLAGS)
#undef FERROCM_HIPBLAS_FLAGS
#undef FERROCM_HIPBLAS_GEMM_EX_FLAGS

/* ---- solver (over rocSOLVER): getrf (LU with partial pivoting; a null ipiv factors without
 * pivoting; info is device memory, one per matrix, j > 0 for a zero U(j,j)), getrs (solves
 * op(A) X = B with getrf's factors), getriBatched (out of place: C = A^-1 from getrf's factors;
 * a null ipiv means no pivoting; device info), geqrf (QR; tau holds min(m, n) scalars; batched
 * tau is an array of pointers) and gels (least squares or minimum norm solution; real types take
 * OP_N or OP_T, complex OP_N or OP_C; deviceInfo is device memory). getrs, geqrf and gels set the
 * host info to minus the position of the first bad argument (0 when none) and then return
 * HIPBLAS_STATUS_INVALID_VALUE without running. Batched pivots lie n apart in one array. The
 * _v2 names of c and z are the same functions under hipBLAS 2's names. ---- */
#define FERROCM_HIPBLAS_SOLVER(P, T, V)                                                         \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##getrf##V(hipblasHandle_t handle, const int n, T *A, \
                                                      const int lda, int *ipiv, int *info);      \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##getrfBatched##V(                                   \
      hipblasHandle_t handle, const int n, T *const A[], const int lda, int *ipiv, int *info,   \
      const int batchCount);                                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##getrfStridedBatched##V(                            \
      hipblasHandle_t handle, const int n, T *A, const int lda, const hipblasStride strideA,    \
      int *ipiv, const hipblasStride strideP, int *info, const int batchCount);                 \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##getrs##V(                                          \
      hipblasHandle_t handle, const hipblasOperation_t trans, const int n, const int nrhs, T *A, \
      const int lda, const int *ipiv, T *B, const int ldb, int *info);                          \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##getrsBatched##V(                                   \
      hipblasHandle_t handle, const hipblasOperation_t trans, const int n, const int nrhs,      \
      T *const A[], const int lda, const int *ipiv, T *const B[], const int ldb, int *info,     \
      const int batchCount);                                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##getrsStridedBatched##V(                            \
      hipblasHandle_t handle, const hipblasOperation_t trans, const int n, const int nrhs, T *A, \
      const int lda, const hipblasStride strideA, const int *ipiv, const hipblasStride strideP, \
      T *B, const int ldb, const hipblasStride strideB, int *info, const int batchCount);       \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##getriBatched##V(                                   \
      hipblasHandle_t handle, const int n, T *const A[], const int lda, int *ipiv, T *const C[], \
      const int ldc, int *info, const int batchCount);                                           \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##geqrf##V(hipblasHandle_t handle, const int m,       \
                                                      const int n, T *A, const int lda, T *ipiv, \
                                                      int *info);                                \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##geqrfBatched##V(                                   \
      hipblasHandle_t handle, const int m, const int n, T *const A[], const int lda,            \
      T *const ipiv[], int *info, const int batchCount);                                         \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##geqrfStridedBatched##V(                            \
      hipblasHandle_t handle, const int m, const int n, T *A, const int lda,                    \
      const hipblasStride strideA, T *ipiv, const hipblasStride strideP, int *info,             \
      const int batchCount);                                                                     \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gels##V(                                           \
      hipblasHandle_t handle, hipblasOperation_t trans, const int m, const int n,               \
      const int nrhs, T *A, const int lda, T *B, const int ldb, int *info, int *deviceInfo);    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gelsBatched##V(                                    \
      hipblasHandle_t handle, hipblasOperation_t trans, const int m, const int n,               \
      const int nrhs, T *const A[], const int lda, T *const B[], const int ldb, int *info,      \
      int *deviceInfo, const int batchCount);                                                    \
  HIPBLAS_EXPORT hipblasStatus_t hipblas##P##gelsStridedBatched##V(                             \
      hipblasHandle_t handle, hipblasOperation_t trans, const int m, const int n,               \
      const int nrhs, T *A, const int lda, const hipblasStride strideA, T *B, const int ldb,    \
      const hipblasStride strideB, int *info, int *deviceInfo, const int batchCount);
FERROCM_HIPBLAS_SOLVER(S, float, )
FERROCM_HIPBLAS_SOLVER(D, double, )
FERROCM_HIPBLAS_SOLVER(C, FERROCM_C32, )
FERROCM_HIPBLAS_SOLVER(Z, FERROCM_C64, )
FERROCM_HIPBLAS_SOLVER(C, FERROCM_HIPBLAS_COMPLEX_V2, _v2)
FERROCM_HIPBLAS_SOLVER(Z, FERROCM_HIPBLAS_DOUBLE_COMPLEX_V2, _v2)
#undef FERROCM_HIPBLAS_SOLVER

#ifdef __cplusplus
}
#endif

#endif
