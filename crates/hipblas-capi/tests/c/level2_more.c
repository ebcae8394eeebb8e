/* hipBLAS's band, packed and rank-2 Level 2 C ABI from C: dgbmv (T), stbsv (lower, unit),
 * zhpmv (batched), chpr2 (strided batch), dspr, ssyr2_64 and dtpsv against a naive host
 * reference computed in double, and hipBLAS's statuses for bad calls. Prints "ok" at the end;
 * any failure exits non-zero naming it. */
#include <hipblas/hipblas.h>
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    hipblasStatus_t got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,       \
              hipblasStatusToString(got_), hipblasStatusToString(want));               \
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

static unsigned seed = 777;
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 24) - 0.5;
}

/* A device copy of `bytes` host bytes. */
static void *dev(const void *h, size_t bytes) {
  void *d;
  HIP(hipMalloc(&d, bytes));
  HIP(hipMemcpy(d, h, bytes, hipMemcpyHostToDevice));
  return d;
}

static void to_host(void *h, const void *d, size_t bytes) {
  HIP(hipDeviceSynchronize());
  HIP(hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost));
}

/* Where entry i of a BLAS vector of `len` entries `inc` apart lies (entry 0 last when inc < 0). */
static int at(int i, int len, int inc) { return inc > 0 ? i * inc : (len - 1 - i) * -inc; }

/* |got - want| within tol relative to the size of want (and absolute near zero). */
static void expect(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1 + fabs(want)))) {
    fprintf(stderr, "%s: entry %d = %.9g, want %.9g\n", what, i, got, want);
    exit(1);
  }
}

static void expect_c(const char *what, int i, double complex got, double complex want,
                     double tol) {
  if (!(cabs(got - want) <= tol * (1 + cabs(want)))) {
    fprintf(stderr, "%s: entry %d = %.9g%+.9gi, want %.9g%+.9gi\n", what, i, creal(got),
            cimag(got), creal(want), cimag(want));
    exit(1);
  }
}

static double complex cf(hipblasComplex v) { return v.x + v.y * I; }
static double complex cd(hipblasDoubleComplex v) { return v.x + v.y * I; }

/* dgbmv, op T: y (n entries) = alpha A^T x + beta y for an m x n band A (kl 2, ku 1) stored
 * with lda 5, x with incx -1. */
static void dgbmv_transposed(hipblasHandle_t h) {
  enum { M = 9, N = 7, KL = 2, KU = 1, LDA = 5 };
  static double A[LDA * N], x[M], y0[N], y[N];
  for (int i = 0; i < LDA * N; i++) A[i] = rnd();
  for (int i = 0; i < M; i++) x[i] = rnd();
  for (int i = 0; i < N; i++) y0[i] = rnd();
  double *dA = dev(A, sizeof A), *dx = dev(x, sizeof x), *dy = dev(y0, sizeof y0);
  double alpha = 0.75, beta = -0.5;
  CHECK(hipblasDgbmv(h, HIPBLAS_OP_T, M, N, KL, KU, &alpha, dA, LDA, dx, -1, &beta, dy, 1),
        HIPBLAS_STATUS_SUCCESS);
  to_host(y, dy, sizeof y);
  for (int j = 0; j < N; j++) {
    double s = 0;
    for (int i = 0; i < M; i++)
      if (i - j <= KL && j - i <= KU) s += A[KU + i - j + j * LDA] * x[at(i, M, -1)];
    expect("dgbmv T", j, y[j], alpha * s + beta * y0[j], 1e-12);
  }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* stbsv, lower, op N, unit diagonal (k 2): the residual A x - b. */
static void stbsv_lower_unit(hipblasHandle_t h) {
  enum { N = 11, K = 2, LDA = 3 };
  static float A[LDA * N], b[N], x[N];
  for (int i = 0; i < LDA * N; i++) A[i] = (float)(0.3 * rnd());
  for (int i = 0; i < N; i++) b[i] = (float)rnd();
  float *dA = dev(A, sizeof A), *dx = dev(b, sizeof b);
  CHECK(hipblasStbsv(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, N, K, dA, LDA,
                     dx, 1),
        HIPBLAS_STATUS_SUCCESS);
  to_host(x, dx, sizeof x);
  for (int i = 0; i < N; i++) {
    double s = x[i];
    for (int j = i - K < 0 ? 0 : i - K; j < i; j++) s += (double)A[i - j + j * LDA] * x[j];
    expect("stbsv residual", i, s, b[i], 1e-5);
  }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
}

/* Element (i, j), i <= j, of a packed upper triangle. */
static int up(int i, int j) { return i + j * (j + 1) / 2; }

/* zhpmv, batched (two members), upper: y = alpha A x + beta y, A Hermitian. */
static void zhpmv_batched(hipblasHandle_t h) {
  enum { N = 6, P = N * (N + 1) / 2, B = 2 };
  static hipblasDoubleComplex A[B][P], x[B][N], y0[B][N], y[N];
  hipblasDoubleComplex *dA[B], *dx[B], *dy[B];
  for (int b = 0; b < B; b++) {
    for (int i = 0; i < P; i++) A[b][i] = (hipblasDoubleComplex){rnd(), rnd()};
    for (int i = 0; i < N; i++) x[b][i] = (hipblasDoubleComplex){rnd(), rnd()};
    for (int i = 0; i < N; i++) y0[b][i] = (hipblasDoubleComplex){rnd(), rnd()};
    dA[b] = dev(A[b], sizeof A[b]);
    dx[b] = dev(x[b], sizeof x[b]);
    dy[b] = dev(y0[b], sizeof y0[b]);
  }
  hipblasDoubleComplex **pA = dev(dA, sizeof dA), **px = dev(dx, sizeof dx),
                       **py = dev(dy, sizeof dy);
  hipblasDoubleComplex alpha = {0.5, -1.0}, beta = {0.25, 0.5};
  CHECK(hipblasZhpmvBatched(h, HIPBLAS_FILL_MODE_UPPER, N, &alpha,
                            (const hipblasDoubleComplex *const *)pA,
                            (const hipblasDoubleComplex *const *)px, 1, &beta, py, 1, B),
        HIPBLAS_STATUS_SUCCESS);
  for (int b = 0; b < B; b++) {
    to_host(y, dy[b], sizeof y);
    for (int i = 0; i < N; i++) {
      double complex s = 0;
      for (int j = 0; j < N; j++) {
        double complex a = i < j ? cd(A[b][up(i, j)])
                           : i > j ? conj(cd(A[b][up(j, i)]))
                                   : creal(cd(A[b][up(i, i)]));
        s += a * cd(x[b][j]);
      }
      expect_c("zhpmv batched", i, cd(y[i]), cd(alpha) * s + cd(beta) * cd(y0[b][i]), 1e-12);
    }
    HIP(hipFree(dA[b]));
    HIP(hipFree(dx[b]));
    HIP(hipFree(dy[b]));
  }
  HIP(hipFree(pA));
  HIP(hipFree(px));
  HIP(hipFree(py));
}

/* chpr2, strided batch (two members), upper: AP = alpha x y^H + conj(alpha) y x^H + AP with a
 * real diagonal. */
static void chpr2_strided_batched(hipblasHandle_t h) {
  enum { N = 5, P = N * (N + 1) / 2, B = 2, SA = P + 2, SX = N + 1 };
  static hipblasComplex A0[SA * B], A[SA * B], x[SX * B], y[SX * B];
  for (int i = 0; i < SA * B; i++) A0[i] = (hipblasComplex){(float)rnd(), (float)rnd()};
  for (int i = 0; i < SX * B; i++) x[i] = (hipblasComplex){(float)rnd(), (float)rnd()};
  for (int i = 0; i < SX * B; i++) y[i] = (hipblasComplex){(float)rnd(), (float)rnd()};
  hipblasComplex *dA = dev(A0, sizeof A0), *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
  hipblasComplex alpha = {1.0f, 0.5f};
  CHECK(hipblasChpr2StridedBatched(h, HIPBLAS_FILL_MODE_UPPER, N, &alpha, dx, 1, SX, dy, 1, SX,
                                   dA, SA, B),
        HIPBLAS_STATUS_SUCCESS);
  to_host(A, dA, sizeof A);
  for (int b = 0; b < B; b++) {
    for (int j = 0; j < N; j++)
      for (int i = 0; i <= j; i++) {
        double complex xi = cf(x[b * SX + i]), xj = cf(x[b * SX + j]);
        double complex yi = cf(y[b * SX + i]), yj = cf(y[b * SX + j]);
        double complex want = cf(A0[b * SA + up(i, j)]) + cf(alpha) * xi * conj(yj) +
                              conj(cf(alpha)) * yi * conj(xj);
        if (i == j) want = creal(want);
        expect_c("chpr2 strided", up(i, j), cf(A[b * SA + up(i, j)]), want, 1e-5);
      }
    for (int i = P; i < SA && b + 1 < B; i++)
      if (memcmp(&A[b * SA + i], &A0[b * SA + i], sizeof A[0]) != 0) {
        fprintf(stderr, "chpr2 strided wrote between members\n");
        exit(1);
      }
  }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* dspr, lower: AP = alpha x x^T + AP, x with incx 2. */
static void dspr_lower(hipblasHandle_t h) {
  enum { N = 8, P = N * (N + 1) / 2 };
  static double A0[P], A[P], x[2 * N];
  for (int i = 0; i < P; i++) A0[i] = rnd();
  for (int i = 0; i < 2 * N; i++) x[i] = rnd();
  double *dA = dev(A0, sizeof A0), *dx = dev(x, sizeof x);
  double alpha = -1.5;
  CHECK(hipblasDspr(h, HIPBLAS_FILL_MODE_LOWER, N, &alpha, dx, 2, dA), HIPBLAS_STATUS_SUCCESS);
  to_host(A, dA, sizeof A);
  for (int j = 0, p = 0; j < N; j++)
    for (int i = j; i < N; i++, p++)
      expect("dspr lower", p, A[p], A0[p] + alpha * x[2 * i] * x[2 * j], 1e-12);
  HIP(hipFree(dA));
  HIP(hipFree(dx));
}

/* ssyr2_64, upper, lda past n: the lower triangle and the padding rows stay as they were. */
static void ssyr2_upper_64(hipblasHandle_t h) {
  enum { N = 6, LDA = 8 };
  static float A0[LDA * N], A[LDA * N], x[N], y[N];
  for (int i = 0; i < LDA * N; i++) A0[i] = (float)rnd();
  for (int i = 0; i < N; i++) x[i] = (float)rnd();
  for (int i = 0; i < N; i++) y[i] = (float)rnd();
  float *dA = dev(A0, sizeof A0), *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
  float alpha = 0.5f;
  CHECK(hipblasSsyr2_64(h, HIPBLAS_FILL_MODE_UPPER, (int64_t)N, &alpha, dx, (int64_t)1, dy,
                        (int64_t)1, dA, (int64_t)LDA),
        HIPBLAS_STATUS_SUCCESS);
  to_host(A, dA, sizeof A);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < LDA; i++) {
      double want = A0[i + j * LDA];
      if (i <= j) want += alpha * ((double)x[i] * y[j] + (double)y[i] * x[j]);
      expect("ssyr2_64 upper", i + j * LDA, A[i + j * LDA], want, 1e-5);
    }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* dtpsv, upper, op T, non-unit: the residual A^T x - b. */
static void dtpsv_upper_transposed(hipblasHandle_t h) {
  enum { N = 9, P = N * (N + 1) / 2 };
  static double A[P], b[N], x[N];
  for (int j = 0; j < N; j++)
    for (int i = 0; i <= j; i++) A[up(i, j)] = i == j ? 1.5 + 0.5 * rnd() : 0.1 * rnd();
  for (int i = 0; i < N; i++) b[i] = rnd();
  double *dA = dev(A, sizeof A), *dx = dev(b, sizeof b);
  CHECK(hipblasDtpsv(h, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_T, HIPBLAS_DIAG_NON_UNIT, N, dA, dx,
                     1),
        HIPBLAS_STATUS_SUCCESS);
  to_host(x, dx, sizeof x);
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j <= i; j++) s += A[up(j, i)] * x[j];
    expect("dtpsv residual", i, s, b[i], 1e-12);
  }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
}

/* hipBLAS's statuses: a null handle, enums out of range, rocBLAS's invalid_value and
 * invalid_size (both HIPBLAS_STATUS_INVALID_VALUE), null pointers, and the quick returns that
 * take null pointers. */
static void bad_calls(hipblasHandle_t h) {
  double A[16] = {0}, x[4] = {0}, y[4] = {0}, alpha = 1, beta = 0, zero = 0, one = 1;
  double *dA = dev(A, sizeof A), *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
  CHECK(hipblasDgbmv(NULL, HIPBLAS_OP_N, 4, 4, 1, 1, &alpha, dA, 3, dx, 1, &beta, dy, 1),
        HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasDgbmv(h, (hipblasOperation_t)HIPBLAS_FILL_MODE_FULL, 4, 4, 1, 1, &alpha, dA, 3,
                     dx, 1, &beta, dy, 1),
        HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasDgbmv(h, HIPBLAS_OP_N, 4, 4, 1, 1, &alpha, dA, 2, dx, 1, &beta, dy, 1),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDgbmv(h, HIPBLAS_OP_N, 4, 4, 1, 1, NULL, dA, 3, dx, 1, &beta, dy, 1),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDgbmv(h, HIPBLAS_OP_N, 4, 4, 1, 1, &zero, NULL, 3, NULL, 1, &one, NULL, 1),
        HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasDgbmv(h, HIPBLAS_OP_N, 0, 4, 1, 1, NULL, NULL, 3, NULL, 1, NULL, NULL, 1),
        HIPBLAS_STATUS_SUCCESS);
  /* A size overflowing 32 bits is negative there, but a quick return in the _64 form. */
  CHECK(hipblasDgbmv(h, HIPBLAS_OP_N, INT32_MIN, INT32_MIN, 1, 1, &zero, NULL, 3, NULL, 1, &one,
                     NULL, 1),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDgbmv_64(h, HIPBLAS_OP_N, (int64_t)1 << 31, (int64_t)1 << 31, 1, 1, &zero, NULL,
                        3, NULL, 1, &one, NULL, 1),
        HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasDtbsv(h, HIPBLAS_FILL_MODE_FULL, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, 4, 1, dA, 2, dx,
                     1),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDtbsv(h, (hipblasFillMode_t)HIPBLAS_OP_N, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, 4, 1,
                     dA, 2, dx, 1),
        HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasDtbsv(h, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_N,
                     (hipblasDiagType_t)HIPBLAS_FILL_MODE_FULL, 4, 1, dA, 2, dx, 1),
        HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasDtbsv(h, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, 4, 1, NULL, 2,
                     dx, 1),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDtbsv(h, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, 0, 1, NULL, 2,
                     NULL, 1),
        HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasDspmv(h, HIPBLAS_FILL_MODE_UPPER, 4, &alpha, dA, dx, 0, &beta, dy, 1),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDspr2(h, HIPBLAS_FILL_MODE_LOWER, 4, &alpha, dx, 1, NULL, 1, dA),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDspr2(h, HIPBLAS_FILL_MODE_LOWER, 4, &zero, NULL, 1, NULL, 1, NULL),
        HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasDsyr2(h, HIPBLAS_FILL_MODE_LOWER, 4, &alpha, dx, 1, dy, 1, dA, 3),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDtpmv(NULL, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, 4, dA, dx,
                     1),
        HIPBLAS_STATUS_NOT_INITIALIZED);
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

int main(void) {
  hipblasHandle_t h;
  CHECK(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  dgbmv_transposed(h);
  stbsv_lower_unit(h);
  zhpmv_batched(h);
  chpr2_strided_batched(h);
  dspr_lower(h);
  ssyr2_upper_64(h);
  dtpsv_upper_transposed(h);
  bad_calls(h);
  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  printf("ok\n");
  return 0;
}
