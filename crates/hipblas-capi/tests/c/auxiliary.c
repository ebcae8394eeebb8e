/* hipBLAS's auxiliary C ABI from C: vector and matrix copies between host and device memory
 * (plain and on a stream, with increments and leading dimensions), math modes, a `_v2` entry
 * point under -DHIPBLAS_V2's names, and the statuses of bad calls. Prints "ok" at the end; any
 * failure exits non-zero naming it. */
#include <hipblas/hipblas.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    hipblasStatus_t got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,       \
              hipblasStatusToString(got_), hipblasStatusToString(want));                     \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)
#define HIP(call)                                                                            \
  do {                                                                                       \
    if ((call) != hipSuccess) {                                                              \
      fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call);                      \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)
#define SAME(what, got, want)                                                                \
  do {                                                                                       \
    if ((got) != (want)) {                                                                   \
      fprintf(stderr, "%s:%d: %s = %g, want %g\n", __FILE__, __LINE__, what, (double)(got),  \
              (double)(want));                                                               \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

static void vectors(void) {
  enum { N = 37, INCX = 3, INCY = 2 };
  double x[N * INCX], back[N * INCX];
  for (int i = 0; i < N * INCX; i++) {
    x[i] = i * 0.5 - 7;
    back[i] = -1e300; /* poison */
  }
  double *d;
  HIP(hipMalloc((void **)&d, sizeof(double) * N * INCY));
  HIP(hipMemset(d, 0, sizeof(double) * N * INCY));
  /* Every INCX-th host element into every INCY-th device element, and back with INCX. */
  CHECK(hipblasSetVector(N, sizeof(double), x, INCX, d, INCY), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasGetVector(N, sizeof(double), d, INCY, back, INCX), HIPBLAS_STATUS_SUCCESS);
  for (int i = 0; i < N * INCX; i++)
    SAME("vector round trip", back[i], i % INCX == 0 ? x[i] : -1e300);
  double dense[N * INCY];
  HIP(hipMemcpy(dense, d, sizeof(dense), hipMemcpyDeviceToHost));
  for (int i = 0; i < N; i++) {
    SAME("device element", dense[i * INCY], x[i * INCX]);
    SAME("device gap", dense[i * INCY + 1], 0.0);
  }

  /* On a stream: queued behind earlier work on it, done by its synchronize. */
  hipStream_t s;
  HIP(hipStreamCreate(&s));
  float f[N], g[N];
  for (int i = 0; i < N; i++) {
    f[i] = (float)i;
    g[i] = -1;
  }
  float *df;
  HIP(hipMalloc((void **)&df, sizeof(f)));
  CHECK(hipblasSetVectorAsync(N, sizeof(float), f, 1, df, 1, s), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasGetVectorAsync(N, sizeof(float), df, 1, g, 1, s), HIPBLAS_STATUS_SUCCESS);
  HIP(hipStreamSynchronize(s));
  for (int i = 0; i < N; i++) SAME("async vector", g[i], f[i]);

  /* rocBLAS's checks: empty first, then sizes and increments, then pointers. */
  CHECK(hipblasSetVector(0, 8, NULL, 0, NULL, 0), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasSetVector(-1, 8, x, 1, d, 1), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetVector(N, 8, x, 0, d, 1), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetVector(N, 0, x, 1, d, 1), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasGetVector(N, 8, d, 1, NULL, 1), HIPBLAS_STATUS_INVALID_VALUE);
  HIP(hipStreamDestroy(s));
  HIP(hipFree(df));
  HIP(hipFree(d));
}

static void matrices(void) {
  enum { ROWS = 5, COLS = 7, LDA = 9, LDB = 6 };
  float a[LDA * COLS], back[LDA * COLS];
  for (int i = 0; i < LDA * COLS; i++) {
    a[i] = (float)(i * 3 % 17);
    back[i] = -7;
  }
  float *d;
  HIP(hipMalloc((void **)&d, sizeof(float) * LDB * COLS));
  CHECK(hipblasSetMatrix(ROWS, COLS, sizeof(float), a, LDA, d, LDB), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasGetMatrix(ROWS, COLS, sizeof(float), d, LDB, back, LDA), HIPBLAS_STATUS_SUCCESS);
  for (int j = 0; j < COLS; j++)
    for (int i = 0; i < LDA; i++)
      SAME("matrix round trip", back[i + j * LDA], i < ROWS ? a[i + j * LDA] : -7.0f);

  for (int i = 0; i < LDA * COLS; i++) back[i] = -7;
  CHECK(hipblasSetMatrixAsync(ROWS, COLS, sizeof(float), a, LDA, d, LDB, NULL),
        HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasGetMatrixAsync(ROWS, COLS, sizeof(float), d, LDB, back, LDA, NULL),
        HIPBLAS_STATUS_SUCCESS);
  HIP(hipDeviceSynchronize());
  for (int j = 0; j < COLS; j++)
    for (int i = 0; i < ROWS; i++) SAME("async matrix", back[i + j * LDA], a[i + j * LDA]);

  CHECK(hipblasSetMatrix(ROWS, COLS, 4, a, ROWS - 1, d, LDB), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetMatrix(ROWS, -1, 4, a, LDA, d, LDB), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetMatrix(ROWS, COLS, 4, NULL, LDA, d, LDB), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetMatrix(ROWS, 0, 4, NULL, LDA, NULL, LDB), HIPBLAS_STATUS_SUCCESS);
  HIP(hipFree(d));
}

static void modes(hipblasHandle_t h) {
  hipblasMath_t m = HIPBLAS_TENSOR_OP_MATH;
  CHECK(hipblasGetMathMode(h, &m), HIPBLAS_STATUS_SUCCESS);
  SAME("default math mode", m, HIPBLAS_DEFAULT_MATH);
  CHECK(hipblasSetMathMode(h, HIPBLAS_XF32_XDL_MATH), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasGetMathMode(h, &m), HIPBLAS_STATUS_SUCCESS);
  SAME("xf32 math mode", m, HIPBLAS_XF32_XDL_MATH);
  CHECK(hipblasSetMathMode(h, HIPBLAS_TF32_TENSOR_OP_MATH), HIPBLAS_STATUS_NOT_SUPPORTED);
  CHECK(hipblasSetMathMode(NULL, HIPBLAS_DEFAULT_MATH), HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasGetMathMode(h, NULL), HIPBLAS_STATUS_INVALID_VALUE);
}

/* A complex entry point under its `_v2` name (what -DHIPBLAS_V2 programs call). */
typedef struct {
  float x, y;
} c32;
HIPBLAS_EXPORT hipblasStatus_t hipblasCscal_v2(hipblasHandle_t, int, const c32 *, c32 *, int);

static void v2(hipblasHandle_t h) {
  c32 x[3] = {{1, 2}, {3, 4}, {5, 6}}, alpha = {0, 1};
  c32 *d;
  HIP(hipMalloc((void **)&d, sizeof(x)));
  HIP(hipMemcpy(d, x, sizeof(x), hipMemcpyHostToDevice));
  CHECK(hipblasCscal_v2(h, 3, &alpha, d, 1), HIPBLAS_STATUS_SUCCESS);
  HIP(hipMemcpy(x, d, sizeof(x), hipMemcpyDeviceToHost));
  SAME("i * (1 + 2i) real", x[0].x, -2.0f);
  SAME("i * (1 + 2i) imag", x[0].y, 1.0f);
  SAME("i * (5 + 6i) real", x[2].x, -6.0f);
  CHECK(hipblasCscal_v2(NULL, 3, &alpha, d, 1), HIPBLAS_STATUS_NOT_INITIALIZED);
  HIP(hipFree(d));
}

int main(void) {
  hipblasHandle_t h;
  CHECK(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  vectors();
  matrices();
  modes(h);
  v2(h);
  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  puts("ok");
  return 0;
}
