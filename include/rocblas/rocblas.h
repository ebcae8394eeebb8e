/* ferrocm's rocBLAS: ROCm's BLAS API (names, enum values and types of rocBLAS 4), run on the
 * CPU device. Link with -lrocblas (librocblas.so.4) and -lamdhip64. Routines queue their work on
 * the handle's stream and return; results written to host memory (host pointer mode) are ready
 * when the routine returns. */
#ifndef FERROCM_ROCBLAS_ROCBLAS_H
#define FERROCM_ROCBLAS_ROCBLAS_H

#include <stddef.h>
#include <stdint.h>
#include <hip/hip_runtime_api.h>

#define ROCBLAS_VERSION_MAJOR 4
#define ROCBLAS_VERSION_MINOR 2
#define ROCBLAS_VERSION_PATCH 0
#define ROCBLAS_VERSION_TWEAK ferrocm

#ifndef ROCBLAS_EXPORT
#define ROCBLAS_EXPORT __attribute__((visibility("default")))
#endif
#ifndef ROCBLAS_DEPRECATED_MSG
#define ROCBLAS_DEPRECATED_MSG(msg) __attribute__((deprecated(msg)))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- types ---- */
typedef int32_t rocblas_int;
typedef int64_t rocblas_stride;
typedef float rocblas_float;
typedef double rocblas_double;
/* IEEE half and bfloat16, as their bits. */
typedef struct rocblas_half { uint16_t data; } rocblas_half;
typedef struct rocblas_bfloat16 { uint16_t data; } rocblas_bfloat16;
/* Complex numbers: real part then imaginary part. */
typedef struct rocblas_float_complex { float x, y; } rocblas_float_complex;
typedef struct rocblas_double_complex { double x, y; } rocblas_double_complex;

typedef struct _rocblas_handle *rocblas_handle;

typedef enum rocblas_status_ {
  rocblas_status_success = 0,
  rocblas_status_invalid_handle = 1,
  rocblas_status_not_implemented = 2,
  rocblas_status_invalid_pointer = 3,
  rocblas_status_invalid_size = 4,
  rocblas_status_memory_error = 5,
  rocblas_status_internal_error = 6,
  rocblas_status_perf_degraded = 7,
  rocblas_status_size_query_mismatch = 8,
  rocblas_status_size_increased = 9,
  rocblas_status_size_unchanged = 10,
  rocblas_status_invalid_value = 11,
  rocblas_status_continue = 12,
  rocblas_status_check_numerics_fail = 13,
  rocblas_status_excluded_from_build = 14,
  rocblas_status_arch_mismatch = 15
} rocblas_status;

typedef enum rocblas_operation_ {
  rocblas_operation_none = 111,
  rocblas_operation_transpose = 112,
  rocblas_operation_conjugate_transpose = 113
} rocblas_operation;

typedef enum rocblas_fill_ {
  rocblas_fill_upper = 121,
  rocblas_fill_lower = 122,
  rocblas_fill_full = 123
} rocblas_fill;

typedef enum rocblas_diagonal_ {
  rocblas_diagonal_non_unit = 131,
  rocblas_diagonal_unit = 132
} rocblas_diagonal;

typedef enum rocblas_side_ {
  rocblas_side_left = 141,
  rocblas_side_right = 142,
  rocblas_side_both = 143
} rocblas_side;

typedef enum rocblas_datatype_ {
  rocblas_datatype_f16_r = 150,
  rocblas_datatype_f32_r = 151,
  rocblas_datatype_f64_r = 152,
  rocblas_datatype_f16_c = 153,
  rocblas_datatype_f32_c = 154,
  rocblas_datatype_f64_c = 155,
  rocblas_datatype_i8_r = 160,
  rocblas_datatype_u8_r = 161,
  rocblas_datatype_i32_r = 162,
  rocblas_datatype_u32_r = 163,
  rocblas_datatype_i8_c = 164,
  rocblas_datatype_u8_c = 165,
  rocblas_datatype_i32_c = 166,
  rocblas_datatype_u32_c = 167,
  rocblas_datatype_bf16_r = 168,
  rocblas_datatype_bf16_c = 169,
  rocblas_datatype_f8_r = 170,
  rocblas_datatype_bf8_r = 171,
  rocblas_datatype_invalid = 255
} rocblas_datatype;

typedef enum rocblas_pointer_mode_ {
  rocblas_pointer_mode_host = 0,
  rocblas_pointer_mode_device = 1
} rocblas_pointer_mode;

typedef enum rocblas_atomics_mode_ {
  rocblas_atomics_not_allowed = 0,
  rocblas_atomics_allowed = 1
} rocblas_atomics_mode;

typedef enum rocblas_math_mode_ {
  rocblas_default_math = 0,
  rocblas_xf32_xdl_math_op = 1
} rocblas_math_mode;

typedef enum rocblas_layer_mode_ {
  rocblas_layer_mode_none = 0,
  rocblas_layer_mode_log_trace = 1,
  rocblas_layer_mode_log_bench = 2,
  rocblas_layer_mode_log_profile = 4
} rocblas_layer_mode;

typedef enum rocblas_gemm_algo_ {
  rocblas_gemm_algo_standard = 0,
  rocblas_gemm_algo_solution_index = 1
} rocblas_gemm_algo;

typedef enum rocblas_gemm_flags_ {
  rocblas_gemm_flags_none = 0,
  rocblas_gemm_flags_use_cu_efficiency = 2,
  rocblas_gemm_flags_fp16_alt_impl = 4,
  rocblas_gemm_flags_check_solution_index = 8,
  rocblas_gemm_flags_fp16_alt_impl_rnz = 16,
  rocblas_gemm_flags_stochastic_rounding = 32
} rocblas_gemm_flags;

/* ---- handle and auxiliary ---- */
ROCBLAS_EXPORT rocblas_status rocblas_create_handle(rocblas_handle *handle);
ROCBLAS_EXPORT rocblas_status rocblas_destroy_handle(rocblas_handle handle);
ROCBLAS_EXPORT rocblas_status rocblas_set_stream(rocblas_handle handle, hipStream_t stream);
ROCBLAS_EXPORT rocblas_status rocblas_get_stream(rocblas_handle handle, hipStream_t *stream);
ROCBLAS_EXPORT rocblas_status rocblas_set_pointer_mode(rocblas_handle handle,
                                                       rocblas_pointer_mode pointer_mode);
ROCBLAS_EXPORT rocblas_status rocblas_get_pointer_mode(rocblas_handle handle,
                                                       rocblas_pointer_mode *pointer_mode);
ROCBLAS_EXPORT rocblas_status rocblas_set_atomics_mode(rocblas_handle handle,
                                                       rocblas_atomics_mode atomics_mode);
ROCBLAS_EXPORT rocblas_status rocblas_get_atomics_mode(rocblas_handle handle,
                                                       rocblas_atomics_mode *atomics_mode);
ROCBLAS_EXPORT rocblas_status rocblas_set_math_mode(rocblas_handle handle,
                                                    rocblas_math_mode math_mode);
ROCBLAS_EXPORT rocblas_status rocblas_get_math_mode(rocblas_handle handle,
                                                    rocblas_math_mode *math_mode);
ROCBLAS_EXPORT const char *rocblas_status_to_string(rocblas_status status);
ROCBLAS_EXPORT rocblas_status rocblas_get_version_string_size(size_t *len);
ROCBLAS_EXPORT rocblas_status rocblas_get_version_string(char *buf, size_t len);
ROCBLAS_EXPORT void rocblas_initialize(void);

/* Copies between host and device memory: n elements of elem_size bytes, incx and incy elements
 * apart (both positive); matrices rows x cols, column-major, lda and ldb at least rows. The
 * _async forms are queued on the stream. */
#define FERROCM_ROCBLAS_COPIES(I, N)                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_set_vector##N(I n, I elem_size, const void *x, I incx,  \
                                                      void *y, I incy);                          \
  ROCBLAS_EXPORT rocblas_status rocblas_get_vector##N(I n, I elem_size, const void *x, I incx,  \
                                                      void *y, I incy);                          \
  ROCBLAS_EXPORT rocblas_status rocblas_set_matrix##N(I rows, I cols, I elem_size, const void *a, \
                                                      I lda, void *b, I ldb);                    \
  ROCBLAS_EXPORT rocblas_status rocblas_get_matrix##N(I rows, I cols, I elem_size, const void *a, \
                                                      I lda, void *b, I ldb);                    \
  ROCBLAS_EXPORT rocblas_status rocblas_set_vector_async##N(                                      \
      I n, I elem_size, const void *x, I incx, void *y, I incy, hipStream_t stream);             \
  ROCBLAS_EXPORT rocblas_status rocblas_get_vector_async##N(                                      \
      I n, I elem_size, const void *x, I incx, void *y, I incy, hipStream_t stream);             \
  ROCBLAS_EXPORT rocblas_status rocblas_set_matrix_async##N(                                      \
      I rows, I cols, I elem_size, const void *a, I lda, void *b, I ldb, hipStream_t stream);    \
  ROCBLAS_EXPORT rocblas_status rocblas_get_matrix_async##N(                                      \
      I rows, I cols, I elem_size, const void *a, I lda, void *b, I ldb, hipStream_t stream);
FERROCM_ROCBLAS_COPIES(rocblas_int, )
FERROCM_ROCBLAS_COPIES(int64_t, _64)
#undef FERROCM_ROCBLAS_COPIES

/* ---- level 1 ----
 * Vector operations on n elements incx apart (a negative increment walks backwards from the
 * end). axpy: y = alpha x + y. scal: x = alpha x (csscal, zdscal: real alpha). copy: y = x.
 * swap: x and y exchanged. dot, dotu: sum x_i y_i (bfdot: bfloat16, summed in float);
 * dotc: sum conj(x_i) y_i. nrm2: the Euclidean
 * norm; asum: sum |re x_i| + |im x_i|. iamax, iamin: the 1-based index of the first element of
 * largest or smallest |re| + |im| (0 when n <= 0 or incx <= 0). rot: x = c x + s y,
 * y = c y - conj(s) x, c real (crot, zrot: s complex). Scalars and results follow the pointer
 * mode; batched results are batch_count contiguous values. Strided-batched forms take each
 * vector's stride after its increment. */
#define FERROCM_L1_ rocblas_int
#define FERROCM_L1__64 int64_t
#define FERROCM_ROCBLAS_AXPY(I, P, T)                                                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##axpy##I(rocblas_handle handle, FERROCM_L1_##I n,   \
                                                     const T *alpha, const T *x,               \
                                                     FERROCM_L1_##I incx, T *y,                \
                                                     FERROCM_L1_##I incy);                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##axpy_strided_batched##I(                           \
      rocblas_handle handle, FERROCM_L1_##I n, const T *alpha, const T *x, FERROCM_L1_##I incx, \
      rocblas_stride stridex, T *y, FERROCM_L1_##I incy, rocblas_stride stridey,               \
      FERROCM_L1_##I batch_count);                                                              \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##axpy_batched##I(                                   \
      rocblas_handle handle, FERROCM_L1_##I n, const T *alpha, const T *const x[],              \
      FERROCM_L1_##I incx, T *const y[], FERROCM_L1_##I incy, FERROCM_L1_##I batch_count);
#define FERROCM_ROCBLAS_SCAL(I, P, T, A)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##scal##I(rocblas_handle handle, FERROCM_L1_##I n,   \
                                                     const A *alpha, T *x,                     \
                                                     FERROCM_L1_##I incx);                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##scal_strided_batched##I(                           \
      rocblas_handle handle, FERROCM_L1_##I n, const A *alpha, T *x, FERROCM_L1_##I incx,       \
      rocblas_stride stridex, FERROCM_L1_##I batch_count);                                      \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##scal_batched##I(                                   \
      rocblas_handle handle, FERROCM_L1_##I n, const A *alpha, T *const x[],                    \
      FERROCM_L1_##I incx, FERROCM_L1_##I batch_count);
/* copy (X: const T) and swap (X: T). */
#define FERROCM_ROCBLAS_PAIR(I, P, NAME, T, X)                                                  \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##I(rocblas_handle handle, FERROCM_L1_##I n,   \
                                                     X *x, FERROCM_L1_##I incx, T *y,          \
                                                     FERROCM_L1_##I incy);                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##_strided_batched##I(                         \
      rocblas_handle handle, FERROCM_L1_##I n, X *x, FERROCM_L1_##I incx,                       \
      rocblas_stride stridex, T *y, FERROCM_L1_##I incy, rocblas_stride stridey,               \
      FERROCM_L1_##I batch_count);                                                              \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##_batched##I(                                 \
      rocblas_handle handle, FERROCM_L1_##I n, X *const x[], FERROCM_L1_##I incx,               \
      T *const y[], FERROCM_L1_##I incy, FERROCM_L1_##I batch_count);
/* dot, dotu, dotc. */
#define FERROCM_ROCBLAS_DOT(I, P, NAME, T)                                                      \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##I(rocblas_handle handle, FERROCM_L1_##I n,   \
                                                     const T *x, FERROCM_L1_##I incx,          \
                                                     const T *y, FERROCM_L1_##I incy,          \
                                                     T *result);                               \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##_strided_batched##I(                         \
      rocblas_handle handle, FERROCM_L1_##I n, const T *x, FERROCM_L1_##I incx,                 \
      rocblas_stride stridex, const T *y, FERROCM_L1_##I incy, rocblas_stride stridey,         \
      FERROCM_L1_##I batch_count, T *result);                                                   \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##_batched##I(                                 \
      rocblas_handle handle, FERROCM_L1_##I n, const T *const x[], FERROCM_L1_##I incx,         \
      const T *const y[], FERROCM_L1_##I incy, FERROCM_L1_##I batch_count, T *result);
/* nrm2, asum (R: the real type), iamax, iamin (R: the width's integer). */
#define FERROCM_ROCBLAS_REDUCTION(I, NAME, T, R)                                                \
  ROCBLAS_EXPORT rocblas_status rocblas_##NAME##I(rocblas_handle handle, FERROCM_L1_##I n,      \
                                                  const T *x, FERROCM_L1_##I incx, R *result); \
  ROCBLAS_EXPORT rocblas_status rocblas_##NAME##_strided_batched##I(                            \
      rocblas_handle handle, FERROCM_L1_##I n, const T *x, FERROCM_L1_##I incx,                 \
      rocblas_stride stridex, FERROCM_L1_##I batch_count, R *result);                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##NAME##_batched##I(                                    \
      rocblas_handle handle, FERROCM_L1_##I n, const T *const x[], FERROCM_L1_##I incx,         \
      FERROCM_L1_##I batch_count, R *result);
#define FERROCM_ROCBLAS_REAL_RESULTS(I, P, Q, T, R)                                             \
  FERROCM_ROCBLAS_REDUCTION(I, Q##nrm2, T, R)                                                   \
  FERROCM_ROCBLAS_REDUCTION(I, Q##asum, T, R)                                                   \
  FERROCM_ROCBLAS_REDUCTION(I, i##P##amax, T, FERROCM_L1_##I)                                   \
  FERROCM_ROCBLAS_REDUCTION(I, i##P##amin, T, FERROCM_L1_##I)
/* rot: c of type C, s of type S. */
#define FERROCM_ROCBLAS_ROT(I, P, T, C, S)                                                      \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rot##I(rocblas_handle handle, FERROCM_L1_##I n,    \
                                                    T *x, FERROCM_L1_##I incx, T *y,           \
                                                    FERROCM_L1_##I incy, const C *c,           \
                                                    const S *s);                               \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rot_strided_batched##I(                            \
      rocblas_handle handle, FERROCM_L1_##I n, T *x, FERROCM_L1_##I incx,                       \
      rocblas_stride stridex, T *y, FERROCM_L1_##I incy, rocblas_stride stridey, const C *c,   \
      const S *s, FERROCM_L1_##I batch_count);                                                  \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rot_batched##I(                                    \
      rocblas_handle handle, FERROCM_L1_##I n, T *const x[], FERROCM_L1_##I incx,               \
      T *const y[], FERROCM_L1_##I incy, const C *c, const S *s, FERROCM_L1_##I batch_count);
/* Every routine of one width: I is empty (rocblas_int sizes) or _64 (int64_t). */
#define FERROCM_ROCBLAS_LEVEL1(I)                                                               \
  FERROCM_ROCBLAS_AXPY(I, s, float)                                                             \
  FERROCM_ROCBLAS_AXPY(I, d, double)                                                            \
  FERROCM_ROCBLAS_AXPY(I, c, rocblas_float_complex)                                             \
  FERROCM_ROCBLAS_AXPY(I, z, rocblas_double_complex)                                            \
  FERROCM_ROCBLAS_AXPY(I, h, rocblas_half)                                                      \
  FERROCM_ROCBLAS_SCAL(I, s, float, float)                                                      \
  FERROCM_ROCBLAS_SCAL(I, d, double, double)                                                    \
  FERROCM_ROCBLAS_SCAL(I, c, rocblas_float_complex, rocblas_float_complex)                      \
  FERROCM_ROCBLAS_SCAL(I, z, rocblas_double_complex, rocblas_double_complex)                    \
  FERROCM_ROCBLAS_SCAL(I, cs, rocblas_float_complex, float)                                     \
  FERROCM_ROCBLAS_SCAL(I, zd, rocblas_double_complex, double)                                   \
  FERROCM_ROCBLAS_PAIR(I, s, copy, float, const float)                                          \
  FERROCM_ROCBLAS_PAIR(I, d, copy, double, const double)                                        \
  FERROCM_ROCBLAS_PAIR(I, c, copy, rocblas_float_complex, const rocblas_float_complex)          \
  FERROCM_ROCBLAS_PAIR(I, z, copy, rocblas_double_complex, const rocblas_double_complex)        \
  FERROCM_ROCBLAS_PAIR(I, s, swap, float, float)                                                \
  FERROCM_ROCBLAS_PAIR(I, d, swap, double, double)                                              \
  FERROCM_ROCBLAS_PAIR(I, c, swap, rocblas_float_complex, rocblas_float_complex)                \
  FERROCM_ROCBLAS_PAIR(I, z, swap, rocblas_double_complex, rocblas_double_complex)              \
  FERROCM_ROCBLAS_DOT(I, s, dot, float)                                                         \
  FERROCM_ROCBLAS_DOT(I, d, dot, double)                                                        \
  FERROCM_ROCBLAS_DOT(I, h, dot, rocblas_half)                                                  \
  FERROCM_ROCBLAS_DOT(I, bf, dot, rocblas_bfloat16)                                             \
  FERROCM_ROCBLAS_DOT(I, c, dotu, rocblas_float_complex)                                        \
  FERROCM_ROCBLAS_DOT(I, z, dotu, rocblas_double_complex)                                       \
  FERROCM_ROCBLAS_DOT(I, c, dotc, rocblas_float_complex)                                        \
  FERROCM_ROCBLAS_DOT(I, z, dotc, rocblas_double_complex)                                       \
  FERROCM_ROCBLAS_REAL_RESULTS(I, s, s, float, float)                                           \
  FERROCM_ROCBLAS_REAL_RESULTS(I, d, d, double, double)                                         \
  FERROCM_ROCBLAS_REAL_RESULTS(I, c, sc, rocblas_float_complex, float)                          \
  FERROCM_ROCBLAS_REAL_RESULTS(I, z, dz, rocblas_double_complex, double)                        \
  FERROCM_ROCBLAS_ROT(I, s, float, float, float)                                                \
  FERROCM_ROCBLAS_ROT(I, d, double, double, double)                                             \
  FERROCM_ROCBLAS_ROT(I, c, rocblas_float_complex, float, rocblas_float_complex)                \
  FERROCM_ROCBLAS_ROT(I, z, rocblas_double_complex, double, rocblas_double_complex)             \
  FERROCM_ROCBLAS_ROT(I, cs, rocblas_float_complex, float, float)                               \
  FERROCM_ROCBLAS_ROT(I, zd, rocblas_double_complex, double, double)
FERROCM_ROCBLAS_LEVEL1()
FERROCM_ROCBLAS_LEVEL1(_64)
#undef FERROCM_ROCBLAS_LEVEL1
#undef FERROCM_ROCBLAS_ROT
#undef FERROCM_ROCBLAS_REAL_RESULTS
#undef FERROCM_ROCBLAS_REDUCTION
#undef FERROCM_ROCBLAS_DOT
#undef FERROCM_ROCBLAS_PAIR
#undef FERROCM_ROCBLAS_SCAL
#undef FERROCM_ROCBLAS_AXPY
/* rotg: the Givens rotation [c s; -conj(s) c] that zeroes b; a becomes r and (s, d) b the
 * reconstruction value z; c is real. rotmg: the modified rotation of (d1, d2, x1, y1), into
 * param = [flag, h11, h21, h12, h22] (s, d). rotm: applies param's rotation to x and y (s, d).
 * The scalars, results and param follow the pointer mode. */
#define FERROCM_ROCBLAS_ROTG(I, P, T, C)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotg##I(rocblas_handle handle, T *a, T *b, C *c,   \
                                                     T *s);                                    \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotg_strided_batched##I(                           \
      rocblas_handle handle, T *a, rocblas_stride stride_a, T *b, rocblas_stride stride_b,      \
      C *c, rocblas_stride stride_c, T *s, rocblas_stride stride_s,                             \
      FERROCM_L1_##I batch_count);                                                              \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotg_batched##I(                                   \
      rocblas_handle handle, T *const a[], T *const b[], C *const c[], T *const s[],            \
      FERROCM_L1_##I batch_count);
#define FERROCM_ROCBLAS_ROTM(I, P, T)                                                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotm##I(rocblas_handle handle, FERROCM_L1_##I n,   \
                                                     T *x, FERROCM_L1_##I incx, T *y,          \
                                                     FERROCM_L1_##I incy, const T *param);     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotm_strided_batched##I(                           \
      rocblas_handle handle, FERROCM_L1_##I n, T *x, FERROCM_L1_##I incx,                       \
      rocblas_stride stride_x, T *y, FERROCM_L1_##I incy, rocblas_stride stride_y,              \
      const T *param, rocblas_stride stride_param, FERROCM_L1_##I batch_count);                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotm_batched##I(                                   \
      rocblas_handle handle, FERROCM_L1_##I n, T *const x[], FERROCM_L1_##I incx,               \
      T *const y[], FERROCM_L1_##I incy, const T *const param[], FERROCM_L1_##I batch_count);  \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotmg##I(rocblas_handle handle, T *d1, T *d2,      \
                                                      T *x1, const T *y1, T *param);           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotmg_strided_batched##I(                          \
      rocblas_handle handle, T *d1, rocblas_stride stride_d1, T *d2, rocblas_stride stride_d2,  \
      T *x1, rocblas_stride stride_x1, const T *y1, rocblas_stride stride_y1, T *param,         \
      rocblas_stride stride_param, FERROCM_L1_##I batch_count);                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##rotmg_batched##I(                                  \
      rocblas_handle handle, T *const d1[], T *const d2[], T *const x1[], const T *const y1[],  \
      T *const param[], FERROCM_L1_##I batch_count);
#define FERROCM_ROCBLAS_ROTATIONS(I)                                                            \
  FERROCM_ROCBLAS_ROTG(I, s, float, float)                                                      \
  FERROCM_ROCBLAS_ROTG(I, d, double, double)                                                    \
  FERROCM_ROCBLAS_ROTG(I, c, rocblas_float_complex, float)                                      \
  FERROCM_ROCBLAS_ROTG(I, z, rocblas_double_complex, double)                                    \
  FERROCM_ROCBLAS_ROTM(I, s, float)                                                             \
  FERROCM_ROCBLAS_ROTM(I, d, double)
FERROCM_ROCBLAS_ROTATIONS()
FERROCM_ROCBLAS_ROTATIONS(_64)
#undef FERROCM_ROCBLAS_ROTATIONS
#undef FERROCM_ROCBLAS_ROTM
#undef FERROCM_ROCBLAS_ROTG
#undef FERROCM_L1_
#undef FERROCM_L1__64

/* ---- level 2 ----
 * Matrix-vector operations, column-major; vectors step by their increments (a negative one
 * walks backwards from the end). gemv: y = alpha op(A) x + beta y, A m x n. ger, geru:
 * A = alpha x y^T + A; gerc: A = alpha x y^H + A. symv, hemv: y = alpha A x + beta y, A n x n
 * symmetric or Hermitian, read from its uplo triangle. syr, her: A = alpha x x^T + A or
 * alpha x x^H + A on the uplo triangle (her's alpha is real). trmv: x = op(A) x; trsv: solves
 * op(A) x = b, b given in x; A triangular (uplo), its diagonal taken as ones with
 * rocblas_diagonal_unit. In the strided-batched forms each stride follows its matrix or vector. */
/* The 32-bit entry points and their `_64` (64-bit sizes) twins. */
#define FERROCM_ rocblas_int
#define FERROCM__64 int64_t
#define FERROCM_ROCBLAS_GEMV(P, T, I)                                                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gemv##I(                                           \
      rocblas_handle handle, rocblas_operation trans, FERROCM_##I m, FERROCM_##I n,             \
      const T *alpha, const T *A, FERROCM_##I lda, const T *x, FERROCM_##I incx, const T *beta, \
      T *y, FERROCM_##I incy);                                                                   \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gemv_strided_batched##I(                           \
      rocblas_handle handle, rocblas_operation trans, FERROCM_##I m, FERROCM_##I n,             \
      const T *alpha, const T *A, FERROCM_##I lda, rocblas_stride stride_A, const T *x,         \
      FERROCM_##I incx, rocblas_stride stride_x, const T *beta, T *y, FERROCM_##I incy,         \
      rocblas_stride stride_y, FERROCM_##I batch_count);                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gemv_batched##I(                                   \
      rocblas_handle handle, rocblas_operation trans, FERROCM_##I m, FERROCM_##I n,             \
      const T *alpha, const T *const A[], FERROCM_##I lda, const T *const x[],                  \
      FERROCM_##I incx, const T *beta, T *const y[], FERROCM_##I incy,                          \
      FERROCM_##I batch_count);
/* N: ger, geru or gerc. */
#define FERROCM_ROCBLAS_GER(P, N, T, I)                                                         \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *x,          \
      FERROCM_##I incx, const T *y, FERROCM_##I incy, T *A, FERROCM_##I lda);                   \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *x,          \
      FERROCM_##I incx, rocblas_stride stride_x, const T *y, FERROCM_##I incy,                  \
      rocblas_stride stride_y, T *A, FERROCM_##I lda, rocblas_stride stride_A,                  \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *const x[],  \
      FERROCM_##I incx, const T *const y[], FERROCM_##I incy, T *const A[], FERROCM_##I lda,    \
      FERROCM_##I batch_count);
/* N: symv or hemv. */
#define FERROCM_ROCBLAS_SYMV(P, N, T, I)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha, const T *A,      \
      FERROCM_##I lda, const T *x, FERROCM_##I incx, const T *beta, T *y, FERROCM_##I incy);    \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha, const T *A,      \
      FERROCM_##I lda, rocblas_stride stride_A, const T *x, FERROCM_##I incx,                   \
      rocblas_stride stride_x, const T *beta, T *y, FERROCM_##I incy, rocblas_stride stride_y,  \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha,                  \
      const T *const A[], FERROCM_##I lda, const T *const x[], FERROCM_##I incx, const T *beta, \
      T *const y[], FERROCM_##I incy, FERROCM_##I batch_count);
/* N: syr (alpha's type S is T) or her (S is the real type). */
#define FERROCM_ROCBLAS_SYR(P, N, T, S, I)                                                      \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(rocblas_handle handle, rocblas_fill uplo,     \
                                                  FERROCM_##I n, const S *alpha, const T *x,    \
                                                  FERROCM_##I incx, T *A, FERROCM_##I lda);     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const S *alpha, const T *x,      \
      FERROCM_##I incx, rocblas_stride stride_x, T *A, FERROCM_##I lda, rocblas_stride stride_A, \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const S *alpha,                  \
      const T *const x[], FERROCM_##I incx, T *const A[], FERROCM_##I lda,                      \
      FERROCM_##I batch_count);
/* N: trmv or trsv. */
#define FERROCM_ROCBLAS_TRIANGULAR(P, N, T, I)                                                  \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, rocblas_diagonal diag, \
      FERROCM_##I n, const T *A, FERROCM_##I lda, T *x, FERROCM_##I incx);                      \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, rocblas_diagonal diag, \
      FERROCM_##I n, const T *A, FERROCM_##I lda, rocblas_stride stride_A, T *x,                \
      FERROCM_##I incx, rocblas_stride stride_x, FERROCM_##I batch_count);                      \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, rocblas_diagonal diag, \
      FERROCM_##I n, const T *const A[], FERROCM_##I lda, T *const x[], FERROCM_##I incx,       \
      FERROCM_##I batch_count);
/* Every type's gemv, symv, syr, trmv and trsv, then the real types' ger and the complex types'
 * geru, gerc, hemv and her (R: the real type of her's alpha). */
#define FERROCM_ROCBLAS_LEVEL2(P, T, I)                                                         \
  FERROCM_ROCBLAS_GEMV(P, T, I)                                                                 \
  FERROCM_ROCBLAS_SYMV(P, symv, T, I)                                                           \
  FERROCM_ROCBLAS_SYR(P, syr, T, T, I)                                                          \
  FERROCM_ROCBLAS_TRIANGULAR(P, trmv, T, I)                                                     \
  FERROCM_ROCBLAS_TRIANGULAR(P, trsv, T, I)
#define FERROCM_ROCBLAS_LEVEL2_REAL(P, T, I)                                                    \
  FERROCM_ROCBLAS_LEVEL2(P, T, I) FERROCM_ROCBLAS_GER(P, ger, T, I)
#define FERROCM_ROCBLAS_LEVEL2_COMPLEX(P, T, R, I)                                              \
  FERROCM_ROCBLAS_LEVEL2(P, T, I)                                                               \
  FERROCM_ROCBLAS_GER(P, geru, T, I)                                                            \
  FERROCM_ROCBLAS_GER(P, gerc, T, I)                                                            \
  FERROCM_ROCBLAS_SYMV(P, hemv, T, I)                                                           \
  FERROCM_ROCBLAS_SYR(P, her, T, R, I)
FERROCM_ROCBLAS_LEVEL2_REAL(s, float, )
FERROCM_ROCBLAS_LEVEL2_REAL(s, float, _64)
FERROCM_ROCBLAS_LEVEL2_REAL(d, double, )
FERROCM_ROCBLAS_LEVEL2_REAL(d, double, _64)
FERROCM_ROCBLAS_LEVEL2_COMPLEX(c, rocblas_float_complex, float, )
FERROCM_ROCBLAS_LEVEL2_COMPLEX(c, rocblas_float_complex, float, _64)
FERROCM_ROCBLAS_LEVEL2_COMPLEX(z, rocblas_double_complex, double, )
FERROCM_ROCBLAS_LEVEL2_COMPLEX(z, rocblas_double_complex, double, _64)
#undef FERROCM_ROCBLAS_LEVEL2_COMPLEX
#undef FERROCM_ROCBLAS_LEVEL2_REAL
#undef FERROCM_ROCBLAS_LEVEL2
#undef FERROCM_ROCBLAS_TRIANGULAR
#undef FERROCM_ROCBLAS_SYR
#undef FERROCM_ROCBLAS_SYMV
#undef FERROCM_ROCBLAS_GER
#undef FERROCM_ROCBLAS_GEMV

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
#define FERROCM_ROCBLAS_GBMV(P, T, I)                                                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gbmv##I(                                           \
      rocblas_handle handle, rocblas_operation trans, FERROCM_##I m, FERROCM_##I n,             \
      FERROCM_##I kl, FERROCM_##I ku, const T *alpha, const T *A, FERROCM_##I lda, const T *x,  \
      FERROCM_##I incx, const T *beta, T *y, FERROCM_##I incy);                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gbmv##_strided_batched##I(                         \
      rocblas_handle handle, rocblas_operation trans, FERROCM_##I m, FERROCM_##I n,             \
      FERROCM_##I kl, FERROCM_##I ku, const T *alpha, const T *A, FERROCM_##I lda,              \
      rocblas_stride stride_A, const T *x, FERROCM_##I incx, rocblas_stride stride_x,           \
      const T *beta, T *y, FERROCM_##I incy, rocblas_stride stride_y,                           \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gbmv##_batched##I(                                 \
      rocblas_handle handle, rocblas_operation trans, FERROCM_##I m, FERROCM_##I n,             \
      FERROCM_##I kl, FERROCM_##I ku, const T *alpha, const T *const A[], FERROCM_##I lda,      \
      const T *const x[], FERROCM_##I incx, const T *beta, T *const y[], FERROCM_##I incy,      \
      FERROCM_##I batch_count);
/* N: sbmv or hbmv. */
#define FERROCM_ROCBLAS_SBMV(P, N, T, I)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, FERROCM_##I k, const T *alpha,   \
      const T *A, FERROCM_##I lda, const T *x, FERROCM_##I incx, const T *beta, T *y,           \
      FERROCM_##I incy);                                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, FERROCM_##I k, const T *alpha,   \
      const T *A, FERROCM_##I lda, rocblas_stride stride_A, const T *x, FERROCM_##I incx,       \
      rocblas_stride stride_x, const T *beta, T *y, FERROCM_##I incy, rocblas_stride stride_y,  \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, FERROCM_##I k, const T *alpha,   \
      const T *const A[], FERROCM_##I lda, const T *const x[], FERROCM_##I incx,                \
      const T *beta, T *const y[], FERROCM_##I incy, FERROCM_##I batch_count);
/* N: tbmv or tbsv. */
#define FERROCM_ROCBLAS_TBMV(P, N, T, I)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA,                       \
      rocblas_diagonal diag, FERROCM_##I n, FERROCM_##I k, const T *A, FERROCM_##I lda, T *x,   \
      FERROCM_##I incx);                                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA,                       \
      rocblas_diagonal diag, FERROCM_##I n, FERROCM_##I k, const T *A, FERROCM_##I lda,         \
      rocblas_stride stride_A, T *x, FERROCM_##I incx, rocblas_stride stride_x,                 \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA,                       \
      rocblas_diagonal diag, FERROCM_##I n, FERROCM_##I k, const T *const A[],                  \
      FERROCM_##I lda, T *const x[], FERROCM_##I incx, FERROCM_##I batch_count);
/* N: spmv or hpmv. */
#define FERROCM_ROCBLAS_SPMV(P, N, T, I)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha, const T *AP,     \
      const T *x, FERROCM_##I incx, const T *beta, T *y, FERROCM_##I incy);                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha, const T *AP,     \
      rocblas_stride stride_A, const T *x, FERROCM_##I incx, rocblas_stride stride_x,           \
      const T *beta, T *y, FERROCM_##I incy, rocblas_stride stride_y,                           \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha,                  \
      const T *const AP[], const T *const x[], FERROCM_##I incx, const T *beta, T *const y[],   \
      FERROCM_##I incy, FERROCM_##I batch_count);
/* N: tpmv or tpsv. */
#define FERROCM_ROCBLAS_TPMV(P, N, T, I)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA,                       \
      rocblas_diagonal diag, FERROCM_##I n, const T *AP, T *x, FERROCM_##I incx);               \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA,                       \
      rocblas_diagonal diag, FERROCM_##I n, const T *AP, rocblas_stride stride_A, T *x,         \
      FERROCM_##I incx, rocblas_stride stride_x, FERROCM_##I batch_count);                      \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA,                       \
      rocblas_diagonal diag, FERROCM_##I n, const T *const AP[], T *const x[],                  \
      FERROCM_##I incx, FERROCM_##I batch_count);
/* N: spr (alpha's type S is T) or hpr (S is the real type). */
#define FERROCM_ROCBLAS_SPR(P, N, T, S, I)                                                      \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const S *alpha, const T *x,      \
      FERROCM_##I incx, T *AP);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const S *alpha, const T *x,      \
      FERROCM_##I incx, rocblas_stride stride_x, T *AP, rocblas_stride stride_A,                \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const S *alpha,                  \
      const T *const x[], FERROCM_##I incx, T *const AP[], FERROCM_##I batch_count);
/* N: spr2 or hpr2. */
#define FERROCM_ROCBLAS_SPR2(P, N, T, I)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha, const T *x,      \
      FERROCM_##I incx, const T *y, FERROCM_##I incy, T *AP);                                   \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha, const T *x,      \
      FERROCM_##I incx, rocblas_stride stride_x, const T *y, FERROCM_##I incy,                  \
      rocblas_stride stride_y, T *AP, rocblas_stride stride_A, FERROCM_##I batch_count);        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha,                  \
      const T *const x[], FERROCM_##I incx, const T *const y[], FERROCM_##I incy,               \
      T *const AP[], FERROCM_##I batch_count);
/* N: syr2 or her2. */
#define FERROCM_ROCBLAS_SYR2(P, N, T, I)                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##I(                                              \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha, const T *x,      \
      FERROCM_##I incx, const T *y, FERROCM_##I incy, T *A, FERROCM_##I lda);                   \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_strided_batched##I(                            \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha, const T *x,      \
      FERROCM_##I incx, rocblas_stride stride_x, const T *y, FERROCM_##I incy,                  \
      rocblas_stride stride_y, T *A, FERROCM_##I lda, rocblas_stride stride_A,                  \
      FERROCM_##I batch_count);                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##N##_batched##I(                                    \
      rocblas_handle handle, rocblas_fill uplo, FERROCM_##I n, const T *alpha,                  \
      const T *const x[], FERROCM_##I incx, const T *const y[], FERROCM_##I incy,               \
      T *const A[], FERROCM_##I lda, FERROCM_##I batch_count);
/* Every type's gbmv, tbmv, tbsv, tpmv, tpsv, spr and syr2, then the real types' sbmv, spmv and
 * spr2 and the complex types' hbmv, hpmv, hpr (R: the real type of its alpha), hpr2 and her2. */
#define FERROCM_ROCBLAS_LEVEL2_MORE(P, T, I)                                                    \
  FERROCM_ROCBLAS_GBMV(P, T, I)                                                                 \
  FERROCM_ROCBLAS_TBMV(P, tbmv, T, I)                                                           \
  FERROCM_ROCBLAS_TBMV(P, tbsv, T, I)                                                           \
  FERROCM_ROCBLAS_TPMV(P, tpmv, T, I)                                                           \
  FERROCM_ROCBLAS_TPMV(P, tpsv, T, I)                                                           \
  FERROCM_ROCBLAS_SPR(P, spr, T, T, I)                                                          \
  FERROCM_ROCBLAS_SYR2(P, syr2, T, I)
#define FERROCM_ROCBLAS_LEVEL2_MORE_REAL(P, T, I)                                               \
  FERROCM_ROCBLAS_LEVEL2_MORE(P, T, I)                                                          \
  FERROCM_ROCBLAS_SBMV(P, sbmv, T, I)                                                           \
  FERROCM_ROCBLAS_SPMV(P, spmv, T, I)                                                           \
  FERROCM_ROCBLAS_SPR2(P, spr2, T, I)
#define FERROCM_ROCBLAS_LEVEL2_MORE_COMPLEX(P, T, R, I)                                         \
  FERROCM_ROCBLAS_LEVEL2_MORE(P, T, I)                                                          \
  FERROCM_ROCBLAS_SBMV(P, hbmv, T, I)                                                           \
  FERROCM_ROCBLAS_SPMV(P, hpmv, T, I)                                                           \
  FERROCM_ROCBLAS_SPR(P, hpr, T, R, I)                                                          \
  FERROCM_ROCBLAS_SPR2(P, hpr2, T, I)                                                           \
  FERROCM_ROCBLAS_SYR2(P, her2, T, I)
FERROCM_ROCBLAS_LEVEL2_MORE_REAL(s, float, )
FERROCM_ROCBLAS_LEVEL2_MORE_REAL(s, float, _64)
FERROCM_ROCBLAS_LEVEL2_MORE_REAL(d, double, )
FERROCM_ROCBLAS_LEVEL2_MORE_REAL(d, double, _64)
FERROCM_ROCBLAS_LEVEL2_MORE_COMPLEX(c, rocblas_float_complex, float, )
FERROCM_ROCBLAS_LEVEL2_MORE_COMPLEX(c, rocblas_float_complex, float, _64)
FERROCM_ROCBLAS_LEVEL2_MORE_COMPLEX(z, rocblas_double_complex, double, )
FERROCM_ROCBLAS_LEVEL2_MORE_COMPLEX(z, rocblas_double_complex, double, _64)
#undef FERROCM_ROCBLAS_LEVEL2_MORE_COMPLEX
#undef FERROCM_ROCBLAS_LEVEL2_MORE_REAL
#undef FERROCM_ROCBLAS_LEVEL2_MORE
#undef FERROCM_ROCBLAS_SYR2
#undef FERROCM_ROCBLAS_SPR2
#undef FERROCM_ROCBLAS_SPR
#undef FERROCM_ROCBLAS_TPMV
#undef FERROCM_ROCBLAS_SPMV
#undef FERROCM_ROCBLAS_TBMV
#undef FERROCM_ROCBLAS_SBMV
#undef FERROCM_ROCBLAS_GBMV

/* ---- level 3: gemm ----
 * C = alpha * op(A) * op(B) + beta * C, column-major; op(A) is m x k, op(B) k x n. */
#define FERROCM_ROCBLAS_GEMM(P, T, I)                                                          \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gemm##I(                                          \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB, FERROCM_##I m, \
      FERROCM_##I n, FERROCM_##I k, const T *alpha, const T *A, FERROCM_##I lda, const T *B,    \
      FERROCM_##I ldb, const T *beta, T *C, FERROCM_##I ldc);                                   \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gemm_strided_batched##I(                          \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB, FERROCM_##I m, \
      FERROCM_##I n, FERROCM_##I k, const T *alpha, const T *A, FERROCM_##I lda,               \
      rocblas_stride stride_a, const T *B, FERROCM_##I ldb, rocblas_stride stride_b,           \
      const T *beta, T *C, FERROCM_##I ldc, rocblas_stride stride_c, FERROCM_##I batch_count); \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##gemm_batched##I(                                  \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB, FERROCM_##I m, \
      FERROCM_##I n, FERROCM_##I k, const T *alpha, const T *const A[], FERROCM_##I lda,       \
      const T *const B[], FERROCM_##I ldb, const T *beta, T *const C[], FERROCM_##I ldc,       \
      FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_GEMM_BOTH(P, T) FERROCM_ROCBLAS_GEMM(P, T, ) FERROCM_ROCBLAS_GEMM(P, T, _64)
FERROCM_ROCBLAS_GEMM_BOTH(s, float)
FERROCM_ROCBLAS_GEMM_BOTH(d, double)
FERROCM_ROCBLAS_GEMM_BOTH(c, rocblas_float_complex)
FERROCM_ROCBLAS_GEMM_BOTH(z, rocblas_double_complex)
FERROCM_ROCBLAS_GEMM_BOTH(h, rocblas_half)
#undef FERROCM_ROCBLAS_GEMM_BOTH
#undef FERROCM_ROCBLAS_GEMM

/* ---- level 3: trsm ----
 * Solves op(A) X = alpha B (side left) or X op(A) = alpha B (side right); X overwrites B. */
#define FERROCM_ROCBLAS_TRSM(P, T, I)                                                          \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trsm##I(                                          \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, rocblas_operation transA,   \
      rocblas_diagonal diag, FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *A,         \
      FERROCM_##I lda, T *B, FERROCM_##I ldb);                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trsm_strided_batched##I(                          \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, rocblas_operation transA,   \
      rocblas_diagonal diag, FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *A,         \
      FERROCM_##I lda, rocblas_stride stride_a, T *B, FERROCM_##I ldb, rocblas_stride stride_b, \
      FERROCM_##I batch_count);                                                                \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trsm_batched##I(                                  \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, rocblas_operation transA,   \
      rocblas_diagonal diag, FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *const A[], \
      FERROCM_##I lda, T *const B[], FERROCM_##I ldb, FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_TRSM_BOTH(P, T) FERROCM_ROCBLAS_TRSM(P, T, ) FERROCM_ROCBLAS_TRSM(P, T, _64)
FERROCM_ROCBLAS_TRSM_BOTH(s, float)
FERROCM_ROCBLAS_TRSM_BOTH(d, double)
FERROCM_ROCBLAS_TRSM_BOTH(c, rocblas_float_complex)
FERROCM_ROCBLAS_TRSM_BOTH(z, rocblas_double_complex)
#undef FERROCM_ROCBLAS_TRSM_BOTH
#undef FERROCM_ROCBLAS_TRSM

/* ---- level 3: geam (C = alpha op(A) + beta op(B); C may be A or B only untransposed with
 * ldc's leading dimension), dgmm (C = A diag(x) or diag(x) A), syrk/herk (C = alpha op(A)
 * op(A)^T (^H) + beta C on the uplo triangle; herk's alpha and beta are real), symm/hemm
 * (C = alpha A B + beta C or alpha B A + beta C, A given by one triangle) and trmm (out of
 * place: C = alpha op(A) B or alpha B op(A), A triangular; C may be B with ldc == ldb). ---- */
#define FERROCM_ROCBLAS_GEAM(P, T, R, I)                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##geam##I(                                               \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB,                    \
      FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *A, FERROCM_##I lda,                    \
      const T *beta, const T *B, FERROCM_##I ldb, T *C, FERROCM_##I ldc);                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##geam_strided_batched##I(                               \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB,                    \
      FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *A, FERROCM_##I lda,                    \
      rocblas_stride stride_A, const T *beta, const T *B, FERROCM_##I ldb,                          \
      rocblas_stride stride_B, T *C, FERROCM_##I ldc, rocblas_stride stride_C,                      \
      FERROCM_##I batch_count);                                                                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##geam_batched##I(                                       \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB,                    \
      FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *const A[], FERROCM_##I lda,            \
      const T *beta, const T *const B[], FERROCM_##I ldb, T *const C[], FERROCM_##I ldc,            \
      FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_GEAM_BOTH(P, T, R) FERROCM_ROCBLAS_GEAM(P, T, R, ) FERROCM_ROCBLAS_GEAM(P, T, R, _64)
FERROCM_ROCBLAS_GEAM_BOTH(s, float, float)
FERROCM_ROCBLAS_GEAM_BOTH(d, double, double)
FERROCM_ROCBLAS_GEAM_BOTH(c, rocblas_float_complex, float)
FERROCM_ROCBLAS_GEAM_BOTH(z, rocblas_double_complex, double)
#undef FERROCM_ROCBLAS_GEAM_BOTH
#undef FERROCM_ROCBLAS_GEAM

#define FERROCM_ROCBLAS_DGMM(P, T, R, I)                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##dgmm##I(                                               \
      rocblas_handle handle, rocblas_side side, FERROCM_##I m, FERROCM_##I n, const T *A,           \
      FERROCM_##I lda, const T *x, FERROCM_##I incx, T *C, FERROCM_##I ldc);                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##dgmm_strided_batched##I(                               \
      rocblas_handle handle, rocblas_side side, FERROCM_##I m, FERROCM_##I n, const T *A,           \
      FERROCM_##I lda, rocblas_stride stride_A, const T *x, FERROCM_##I incx,                       \
      rocblas_stride stride_x, T *C, FERROCM_##I ldc, rocblas_stride stride_C,                      \
      FERROCM_##I batch_count);                                                                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##dgmm_batched##I(                                       \
      rocblas_handle handle, rocblas_side side, FERROCM_##I m, FERROCM_##I n,                       \
      const T *const A[], FERROCM_##I lda, const T *const x[], FERROCM_##I incx,                    \
      T *const C[], FERROCM_##I ldc, FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_DGMM_BOTH(P, T, R) FERROCM_ROCBLAS_DGMM(P, T, R, ) FERROCM_ROCBLAS_DGMM(P, T, R, _64)
FERROCM_ROCBLAS_DGMM_BOTH(s, float, float)
FERROCM_ROCBLAS_DGMM_BOTH(d, double, double)
FERROCM_ROCBLAS_DGMM_BOTH(c, rocblas_float_complex, float)
FERROCM_ROCBLAS_DGMM_BOTH(z, rocblas_double_complex, double)
#undef FERROCM_ROCBLAS_DGMM_BOTH
#undef FERROCM_ROCBLAS_DGMM

#define FERROCM_ROCBLAS_SYRK(P, T, R, I)                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##syrk##I(                                               \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, FERROCM_##I n,            \
      FERROCM_##I k, const T *alpha, const T *A, FERROCM_##I lda, const T *beta, T *C,              \
      FERROCM_##I ldc);                                                                             \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##syrk_strided_batched##I(                               \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, FERROCM_##I n,            \
      FERROCM_##I k, const T *alpha, const T *A, FERROCM_##I lda, rocblas_stride stride_A,          \
      const T *beta, T *C, FERROCM_##I ldc, rocblas_stride stride_C,                                \
      FERROCM_##I batch_count);                                                                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##syrk_batched##I(                                       \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, FERROCM_##I n,            \
      FERROCM_##I k, const T *alpha, const T *const A[], FERROCM_##I lda, const T *beta,            \
      T *const C[], FERROCM_##I ldc, FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_SYRK_BOTH(P, T, R) FERROCM_ROCBLAS_SYRK(P, T, R, ) FERROCM_ROCBLAS_SYRK(P, T, R, _64)
FERROCM_ROCBLAS_SYRK_BOTH(s, float, float)
FERROCM_ROCBLAS_SYRK_BOTH(d, double, double)
FERROCM_ROCBLAS_SYRK_BOTH(c, rocblas_float_complex, float)
FERROCM_ROCBLAS_SYRK_BOTH(z, rocblas_double_complex, double)
#undef FERROCM_ROCBLAS_SYRK_BOTH
#undef FERROCM_ROCBLAS_SYRK

#define FERROCM_ROCBLAS_HERK(P, T, R, I)                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##herk##I(                                               \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, FERROCM_##I n,            \
      FERROCM_##I k, const R *alpha, const T *A, FERROCM_##I lda, const R *beta, T *C,              \
      FERROCM_##I ldc);                                                                             \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##herk_strided_batched##I(                               \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, FERROCM_##I n,            \
      FERROCM_##I k, const R *alpha, const T *A, FERROCM_##I lda, rocblas_stride stride_A,          \
      const R *beta, T *C, FERROCM_##I ldc, rocblas_stride stride_C,                                \
      FERROCM_##I batch_count);                                                                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##herk_batched##I(                                       \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation transA, FERROCM_##I n,            \
      FERROCM_##I k, const R *alpha, const T *const A[], FERROCM_##I lda, const R *beta,            \
      T *const C[], FERROCM_##I ldc, FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_HERK_BOTH(P, T, R) FERROCM_ROCBLAS_HERK(P, T, R, ) FERROCM_ROCBLAS_HERK(P, T, R, _64)
FERROCM_ROCBLAS_HERK_BOTH(c, rocblas_float_complex, float)
FERROCM_ROCBLAS_HERK_BOTH(z, rocblas_double_complex, double)
#undef FERROCM_ROCBLAS_HERK_BOTH
#undef FERROCM_ROCBLAS_HERK

#define FERROCM_ROCBLAS_SYMM(P, T, R, I)                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##symm##I(                                               \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, FERROCM_##I m,                   \
      FERROCM_##I n, const T *alpha, const T *A, FERROCM_##I lda, const T *B,                       \
      FERROCM_##I ldb, const T *beta, T *C, FERROCM_##I ldc);                                       \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##symm_strided_batched##I(                               \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, FERROCM_##I m,                   \
      FERROCM_##I n, const T *alpha, const T *A, FERROCM_##I lda, rocblas_stride stride_A,          \
      const T *B, FERROCM_##I ldb, rocblas_stride stride_B, const T *beta, T *C,                    \
      FERROCM_##I ldc, rocblas_stride stride_C, FERROCM_##I batch_count);                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##symm_batched##I(                                       \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, FERROCM_##I m,                   \
      FERROCM_##I n, const T *alpha, const T *const A[], FERROCM_##I lda,                           \
      const T *const B[], FERROCM_##I ldb, const T *beta, T *const C[], FERROCM_##I ldc,            \
      FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_SYMM_BOTH(P, T, R) FERROCM_ROCBLAS_SYMM(P, T, R, ) FERROCM_ROCBLAS_SYMM(P, T, R, _64)
FERROCM_ROCBLAS_SYMM_BOTH(s, float, float)
FERROCM_ROCBLAS_SYMM_BOTH(d, double, double)
FERROCM_ROCBLAS_SYMM_BOTH(c, rocblas_float_complex, float)
FERROCM_ROCBLAS_SYMM_BOTH(z, rocblas_double_complex, double)
#undef FERROCM_ROCBLAS_SYMM_BOTH
#undef FERROCM_ROCBLAS_SYMM

#define FERROCM_ROCBLAS_HEMM(P, T, R, I)                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##hemm##I(                                               \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, FERROCM_##I m,                   \
      FERROCM_##I n, const T *alpha, const T *A, FERROCM_##I lda, const T *B,                       \
      FERROCM_##I ldb, const T *beta, T *C, FERROCM_##I ldc);                                       \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##hemm_strided_batched##I(                               \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, FERROCM_##I m,                   \
      FERROCM_##I n, const T *alpha, const T *A, FERROCM_##I lda, rocblas_stride stride_A,          \
      const T *B, FERROCM_##I ldb, rocblas_stride stride_B, const T *beta, T *C,                    \
      FERROCM_##I ldc, rocblas_stride stride_C, FERROCM_##I batch_count);                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##hemm_batched##I(                                       \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, FERROCM_##I m,                   \
      FERROCM_##I n, const T *alpha, const T *const A[], FERROCM_##I lda,                           \
      const T *const B[], FERROCM_##I ldb, const T *beta, T *const C[], FERROCM_##I ldc,            \
      FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_HEMM_BOTH(P, T, R) FERROCM_ROCBLAS_HEMM(P, T, R, ) FERROCM_ROCBLAS_HEMM(P, T, R, _64)
FERROCM_ROCBLAS_HEMM_BOTH(c, rocblas_float_complex, float)
FERROCM_ROCBLAS_HEMM_BOTH(z, rocblas_double_complex, double)
#undef FERROCM_ROCBLAS_HEMM_BOTH
#undef FERROCM_ROCBLAS_HEMM

#define FERROCM_ROCBLAS_TRMM(P, T, R, I)                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trmm##I(                                               \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, rocblas_operation transA,        \
      rocblas_diagonal diag, FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *A,              \
      FERROCM_##I lda, const T *B, FERROCM_##I ldb, T *C, FERROCM_##I ldc);                         \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trmm_strided_batched##I(                               \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, rocblas_operation transA,        \
      rocblas_diagonal diag, FERROCM_##I m, FERROCM_##I n, const T *alpha, const T *A,              \
      FERROCM_##I lda, rocblas_stride stride_A, const T *B, FERROCM_##I ldb,                        \
      rocblas_stride stride_B, T *C, FERROCM_##I ldc, rocblas_stride stride_C,                      \
      FERROCM_##I batch_count);                                                                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trmm_batched##I(                                       \
      rocblas_handle handle, rocblas_side side, rocblas_fill uplo, rocblas_operation transA,        \
      rocblas_diagonal diag, FERROCM_##I m, FERROCM_##I n, const T *alpha,                          \
      const T *const A[], FERROCM_##I lda, const T *const B[], FERROCM_##I ldb,                     \
      T *const C[], FERROCM_##I ldc, FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_TRMM_BOTH(P, T, R) FERROCM_ROCBLAS_TRMM(P, T, R, ) FERROCM_ROCBLAS_TRMM(P, T, R, _64)
FERROCM_ROCBLAS_TRMM_BOTH(s, float, float)
FERROCM_ROCBLAS_TRMM_BOTH(d, double, double)
FERROCM_ROCBLAS_TRMM_BOTH(c, rocblas_float_complex, float)
FERROCM_ROCBLAS_TRMM_BOTH(z, rocblas_double_complex, double)
#undef FERROCM_ROCBLAS_TRMM_BOTH
#undef FERROCM_ROCBLAS_TRMM

/* syr2k: C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C; her2k: C = alpha op(A) op(B)^H +
 * conj(alpha) op(B) op(A)^H + beta C (beta real); syrkx: C = alpha op(A) op(B)^T + beta C;
 * herkx: C = alpha op(A) op(B)^H + beta C (beta real); all on the uplo triangle. R is beta's
 * type. */
#define FERROCM_ROCBLAS_SYR2K(P, NAME, T, R, I)                                                     \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##I(                                               \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation trans, FERROCM_##I n,             \
      FERROCM_##I k, const T *alpha, const T *A, FERROCM_##I lda, const T *B, FERROCM_##I ldb,      \
      const R *beta, T *C, FERROCM_##I ldc);                                                        \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##_strided_batched##I(                             \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation trans, FERROCM_##I n,             \
      FERROCM_##I k, const T *alpha, const T *A, FERROCM_##I lda, rocblas_stride stride_A,          \
      const T *B, FERROCM_##I ldb, rocblas_stride stride_B, const R *beta, T *C,                    \
      FERROCM_##I ldc, rocblas_stride stride_C, FERROCM_##I batch_count);                           \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##NAME##_batched##I(                                     \
      rocblas_handle handle, rocblas_fill uplo, rocblas_operation trans, FERROCM_##I n,             \
      FERROCM_##I k, const T *alpha, const T *const A[], FERROCM_##I lda, const T *const B[],       \
      FERROCM_##I ldb, const R *beta, T *const C[], FERROCM_##I ldc, FERROCM_##I batch_count);
#define FERROCM_ROCBLAS_SYR2K_BOTH(P, NAME, T, R)                                                   \
  FERROCM_ROCBLAS_SYR2K(P, NAME, T, R, ) FERROCM_ROCBLAS_SYR2K(P, NAME, T, R, _64)
FERROCM_ROCBLAS_SYR2K_BOTH(s, syr2k, float, float)
FERROCM_ROCBLAS_SYR2K_BOTH(d, syr2k, double, double)
FERROCM_ROCBLAS_SYR2K_BOTH(c, syr2k, rocblas_float_complex, rocblas_float_complex)
FERROCM_ROCBLAS_SYR2K_BOTH(z, syr2k, rocblas_double_complex, rocblas_double_complex)
FERROCM_ROCBLAS_SYR2K_BOTH(c, her2k, rocblas_float_complex, float)
FERROCM_ROCBLAS_SYR2K_BOTH(z, her2k, rocblas_double_complex, double)
FERROCM_ROCBLAS_SYR2K_BOTH(s, syrkx, float, float)
FERROCM_ROCBLAS_SYR2K_BOTH(d, syrkx, double, double)
FERROCM_ROCBLAS_SYR2K_BOTH(c, syrkx, rocblas_float_complex, rocblas_float_complex)
FERROCM_ROCBLAS_SYR2K_BOTH(z, syrkx, rocblas_double_complex, rocblas_double_complex)
FERROCM_ROCBLAS_SYR2K_BOTH(c, herkx, rocblas_float_complex, float)
FERROCM_ROCBLAS_SYR2K_BOTH(z, herkx, rocblas_double_complex, double)
#undef FERROCM_ROCBLAS_SYR2K_BOTH
#undef FERROCM_ROCBLAS_SYR2K

/* trtri: invA = A^-1, A triangular (uplo; ones on the diagonal with rocblas_diagonal_unit),
 * out of place with its own leading dimension; invA's other triangle is set to zero. 32-bit
 * sizes only. */
#define FERROCM_ROCBLAS_TRTRI(P, T)                                                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trtri(rocblas_handle handle, rocblas_fill uplo,        \
                                                   rocblas_diagonal diag, rocblas_int n,            \
                                                   const T *A, rocblas_int lda, T *invA,            \
                                                   rocblas_int ldinvA);                             \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trtri_strided_batched(                                 \
      rocblas_handle handle, rocblas_fill uplo, rocblas_diagonal diag, rocblas_int n,               \
      const T *A, rocblas_int lda, rocblas_stride stride_a, T *invA, rocblas_int ldinvA,            \
      rocblas_stride stride_invA, rocblas_int batch_count);                                         \
  ROCBLAS_EXPORT rocblas_status rocblas_##P##trtri_batched(                                         \
      rocblas_handle handle, rocblas_fill uplo, rocblas_diagonal diag, rocblas_int n,               \
      const T *const A[], rocblas_int lda, T *const invA[], rocblas_int ldinvA,                     \
      rocblas_int batch_count);
FERROCM_ROCBLAS_TRTRI(s, float)
FERROCM_ROCBLAS_TRTRI(d, double)
FERROCM_ROCBLAS_TRTRI(c, rocblas_float_complex)
FERROCM_ROCBLAS_TRTRI(z, rocblas_double_complex)
#undef FERROCM_ROCBLAS_TRTRI

/* ---- gemm_ex: D = alpha * op(A) * op(B) + beta * C with run-time types ----
 * alpha and beta are of compute_type. Supported: f16/bf16 inputs with f16/bf16 or f32 outputs
 * (f32 compute; f16 compute for f16 outputs), f32, f64, f32 and f64 complex, and i8 inputs with
 * i32 outputs and compute. Others return rocblas_status_not_implemented. */
#define FERROCM_ROCBLAS_GEMM_EX(I)                                                              \
  ROCBLAS_EXPORT rocblas_status rocblas_gemm_ex##I(                                              \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB, FERROCM_##I m,   \
      FERROCM_##I n, FERROCM_##I k, const void *alpha, const void *a, rocblas_datatype a_type,    \
      FERROCM_##I lda, const void *b, rocblas_datatype b_type, FERROCM_##I ldb,                   \
      const void *beta, const void *c, rocblas_datatype c_type, FERROCM_##I ldc, void *d,         \
      rocblas_datatype d_type, FERROCM_##I ldd, rocblas_datatype compute_type,                    \
      rocblas_gemm_algo algo, int32_t solution_index, uint32_t flags);                            \
  ROCBLAS_EXPORT rocblas_status rocblas_gemm_strided_batched_ex##I(                              \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB, FERROCM_##I m,   \
      FERROCM_##I n, FERROCM_##I k, const void *alpha, const void *a, rocblas_datatype a_type,    \
      FERROCM_##I lda, rocblas_stride stride_a, const void *b, rocblas_datatype b_type,           \
      FERROCM_##I ldb, rocblas_stride stride_b, const void *beta, const void *c,                  \
      rocblas_datatype c_type, FERROCM_##I ldc, rocblas_stride stride_c, void *d,                 \
      rocblas_datatype d_type, FERROCM_##I ldd, rocblas_stride stride_d, FERROCM_##I batch_count, \
      rocblas_datatype compute_type, rocblas_gemm_algo algo, int32_t solution_index,             \
      uint32_t flags);                                                                            \
  ROCBLAS_EXPORT rocblas_status rocblas_gemm_batched_ex##I(                                      \
      rocblas_handle handle, rocblas_operation transA, rocblas_operation transB, FERROCM_##I m,   \
      FERROCM_##I n, FERROCM_##I k, const void *alpha, const void *a, rocblas_datatype a_type,    \
      FERROCM_##I lda, const void *b, rocblas_datatype b_type, FERROCM_##I ldb,                   \
      const void *beta, const void *c, rocblas_datatype c_type, FERROCM_##I ldc, void *d,         \
      rocblas_datatype d_type, FERROCM_##I ldd, FERROCM_##I batch_count,                          \
      rocblas_datatype compute_type, rocblas_gemm_algo algo, int32_t solution_index,             \
      uint32_t flags);
FERROCM_ROCBLAS_GEMM_EX()
FERROCM_ROCBLAS_GEMM_EX(_64)
#undef FERROCM_ROCBLAS_GEMM_EX

/* ---- level 1 Ex and trsm_ex: run-time element types (void * data, rocblas_datatype types).
 * axpy_ex (y = alpha x + y), scal_ex (x = alpha x), dot_ex / dotc_ex (one result per batch
 * member), nrm2_ex and rot_ex (c and s both of cs_type) take rocBLAS's documented combinations
 * (f16, bf16, f32, f64, f32_c, f64_c with the documented execution types); others return
 * rocblas_status_not_implemented. Batched forms take a device array of pointers as the vector
 * argument. trsm_ex solves in the compute type (f32, f64, f32_c, f64_c); invA is not read. ---- */
#define FERROCM_ROCBLAS_LEVEL1_EX(I)                                                             \
  ROCBLAS_EXPORT rocblas_status rocblas_axpy_ex##I(                                              \
      rocblas_handle handle, FERROCM_##I n, const void *alpha, rocblas_datatype alpha_type,       \
      const void *x, rocblas_datatype x_type, FERROCM_##I incx, void *y, rocblas_datatype y_type, \
      FERROCM_##I incy, rocblas_datatype execution_type);                                         \
  ROCBLAS_EXPORT rocblas_status rocblas_axpy_strided_batched_ex##I(                              \
      rocblas_handle handle, FERROCM_##I n, const void *alpha, rocblas_datatype alpha_type,       \
      const void *x, rocblas_datatype x_type, FERROCM_##I incx, rocblas_stride stridex, void *y,  \
      rocblas_datatype y_type, FERROCM_##I incy, rocblas_stride stridey,                          \
      FERROCM_##I batch_count, rocblas_datatype execution_type);                                  \
  ROCBLAS_EXPORT rocblas_status rocblas_axpy_batched_ex##I(                                      \
      rocblas_handle handle, FERROCM_##I n, const void *alpha, rocblas_datatype alpha_type,       \
      const void *x, rocblas_datatype x_type, FERROCM_##I incx, void *y, rocblas_datatype y_type, \
      FERROCM_##I incy, FERROCM_##I batch_count, rocblas_datatype execution_type);                \
  ROCBLAS_EXPORT rocblas_status rocblas_scal_ex##I(                                              \
      rocblas_handle handle, FERROCM_##I n, const void *alpha, rocblas_datatype alpha_type,       \
      void *x, rocblas_datatype x_type, FERROCM_##I incx, rocblas_datatype execution_type);       \
  ROCBLAS_EXPORT rocblas_status rocblas_scal_strided_batched_ex##I(                              \
      rocblas_handle handle, FERROCM_##I n, const void *alpha, rocblas_datatype alpha_type,       \
      void *x, rocblas_datatype x_type, FERROCM_##I incx, rocblas_stride stridex,                 \
      FERROCM_##I batch_count, rocblas_datatype execution_type);                                  \
  ROCBLAS_EXPORT rocblas_status rocblas_scal_batched_ex##I(                                      \
      rocblas_handle handle, FERROCM_##I n, const void *alpha, rocblas_datatype alpha_type,       \
      void *x, rocblas_datatype x_type, FERROCM_##I incx, FERROCM_##I batch_count,                \
      rocblas_datatype execution_type);                                                           \
  FERROCM_ROCBLAS_DOT_EX(I, dot)                                                                 \
  FERROCM_ROCBLAS_DOT_EX(I, dotc)                                                                \
  ROCBLAS_EXPORT rocblas_status rocblas_nrm2_ex##I(                                              \
      rocblas_handle handle, FERROCM_##I n, const void *x, rocblas_datatype x_type,               \
      FERROCM_##I incx, void *results, rocblas_datatype result_type,                             \
      rocblas_datatype execution_type);                                                           \
  ROCBLAS_EXPORT rocblas_status rocblas_nrm2_strided_batched_ex##I(                              \
      rocblas_handle handle, FERROCM_##I n, const void *x, rocblas_datatype x_type,               \
      FERROCM_##I incx, rocblas_stride stride_x, FERROCM_##I batch_count, void *results,          \
      rocblas_datatype result_type, rocblas_datatype execution_type);                             \
  ROCBLAS_EXPORT rocblas_status rocblas_nrm2_batched_ex##I(                                      \
      rocblas_handle handle, FERROCM_##I n, const void *x, rocblas_datatype x_type,               \
      FERROCM_##I incx, FERROCM_##I batch_count, void *results, rocblas_datatype result_type,     \
      rocblas_datatype execution_type);                                                           \
  ROCBLAS_EXPORT rocblas_status rocblas_rot_ex##I(                                               \
      rocblas_handle handle, FERROCM_##I n, void *x, rocblas_datatype x_type, FERROCM_##I incx,   \
      void *y, rocblas_datatype y_type, FERROCM_##I incy, const void *c, const void *s,           \
      rocblas_datatype cs_type, rocblas_datatype execution_type);                                 \
  ROCBLAS_EXPORT rocblas_status rocblas_rot_strided_batched_ex##I(                               \
      rocblas_handle handle, FERROCM_##I n, void *x, rocblas_datatype x_type, FERROCM_##I incx,   \
      rocblas_stride stride_x, void *y, rocblas_datatype y_type, FERROCM_##I incy,                \
      rocblas_stride stride_y, const void *c, const void *s, rocblas_datatype cs_type,            \
      FERROCM_##I batch_count, rocblas_datatype execution_type);                                  \
  ROCBLAS_EXPORT rocblas_status rocblas_rot_batched_ex##I(                                       \
      rocblas_handle handle, FERROCM_##I n, void *x, rocblas_datatype x_type, FERROCM_##I incx,   \
      void *y, rocblas_datatype y_type, FERROCM_##I incy, const void *c, const void *s,           \
      rocblas_datatype cs_type, FERROCM_##I batch_count, rocblas_datatype execution_type);
#define FERROCM_ROCBLAS_DOT_EX(I, D)                                                             \
  ROCBLAS_EXPORT rocblas_status rocblas_##D##_ex##I(                                             \
      rocblas_handle handle, FERROCM_##I n, const void *x, rocblas_datatype x_type,               \
      FERROCM_##I incx, const void *y, rocblas_datatype y_type, FERROCM_##I incy, void *result,   \
      rocblas_datatype result_type, rocblas_datatype execution_type);                             \
  ROCBLAS_EXPORT rocblas_status rocblas_##D##_strided_batched_ex##I(                             \
      rocblas_handle handle, FERROCM_##I n, const void *x, rocblas_datatype x_type,               \
      FERROCM_##I incx, rocblas_stride stride_x, const void *y, rocblas_datatype y_type,          \
      FERROCM_##I incy, rocblas_stride stride_y, FERROCM_##I batch_count, void *result,           \
      rocblas_datatype result_type, rocblas_datatype execution_type);                             \
  ROCBLAS_EXPORT rocblas_status rocblas_##D##_batched_ex##I(                                     \
      rocblas_handle handle, FERROCM_##I n, const void *x, rocblas_datatype x_type,               \
      FERROCM_##I incx, const void *y, rocblas_datatype y_type, FERROCM_##I incy,                 \
      FERROCM_##I batch_count, void *result, rocblas_datatype result_type,                        \
      rocblas_datatype execution_type);
FERROCM_ROCBLAS_LEVEL1_EX()
FERROCM_ROCBLAS_LEVEL1_EX(_64)
#undef FERROCM_ROCBLAS_DOT_EX
#undef FERROCM_ROCBLAS_LEVEL1_EX

ROCBLAS_EXPORT rocblas_status rocblas_trsm_ex(rocblas_handle handle, rocblas_side side,
                                              rocblas_fill uplo, rocblas_operation transA,
                                              rocblas_diagonal diag, rocblas_int m, rocblas_int n,
                                              const void *alpha, const void *A, rocblas_int lda,
                                              void *B, rocblas_int ldb, const void *invA,
                                              rocblas_int invA_size,
                                              rocblas_datatype compute_type);
ROCBLAS_EXPORT rocblas_status rocblas_trsm_strided_batched_ex(
    rocblas_handle handle, rocblas_side side, rocblas_fill uplo, rocblas_operation transA,
    rocblas_diagonal diag, rocblas_int m, rocblas_int n, const void *alpha, const void *A,
    rocblas_int lda, rocblas_stride stride_A, void *B, rocblas_int ldb, rocblas_stride stride_B,
    rocblas_int batch_count, const void *invA, rocblas_int invA_size, rocblas_stride stride_invA,
    rocblas_datatype compute_type);
ROCBLAS_EXPORT rocblas_status rocblas_trsm_batched_ex(
    rocblas_handle handle, rocblas_side side, rocblas_fill uplo, rocblas_operation transA,
    rocblas_diagonal diag, rocblas_int m, rocblas_int n, const void *alpha, const void *A,
    rocblas_int lda, void *B, rocblas_int ldb, rocblas_int batch_count, const void *invA,
    rocblas_int invA_size, rocblas_datatype compute_type);

#undef FERROCM_
#undef FERROCM__64

#ifdef __cplusplus
}
#endif

#endif
