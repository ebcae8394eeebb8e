/* hipBLAS's rank-2k, trtri and rotation entry points from C: Dsyr2k (lower, N), Zher2k
 * (upper, C, real beta), Ssyrkx (strided batch), Dtrtri (lower, non-unit), Drotg in host mode,
 * Srotm with a device param, Drotmg_64 against a naive host reference in double, and
 * hipBLAS's statuses for bad calls. Prints "ok" at the end; any failure exits non-zero naming
 * it. */
#include <hipblas/hipblas.h>
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                         \
    hipblasStatus_t got_ = (call);                                                             \
    if (got_ != (want)) {                                                                      \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,         \
              hipblasStatusToString(got_), hipblasStatusToString(want));                       \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)
#define HIP(call)                                                                              \
  do {                                                                                         \
    if ((call) != hipSuccess) {                                                                \
      fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call);                        \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)

static unsigned seed = 4242;
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 24) - 0.5;
}

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

static void expect(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1 + fabs(want)))) {
    fprintf(stderr, "%s: entry %d = %.9g, want %.9g\n", what, i, got, want);
    exit(1);
  }
}

enum { N = 9, K = 5, LD = 11 };

static void dsyr2k(hipblasHandle_t h) {
  double a[LD * K], b[LD * K], c[LD * N], c0[LD * N];
  for (int i = 0; i < LD * K; i++) a[i] = rnd(), b[i] = rnd();
  for (int i = 0; i < LD * N; i++) c[i] = c0[i] = rnd();
  double *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dc = dev(c, sizeof c);
  double alpha = 0.75, beta = -0.5;
  CHECK(hipblasDsyr2k(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, N, K, &alpha, da, LD, db, LD,
                      &beta, dc, LD),
        HIPBLAS_STATUS_SUCCESS);
  to_host(c, dc, sizeof c);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < LD; i++) {
      double want = c0[i + j * LD];
      if (i < N && i >= j) {
        double s = 0;
        for (int p = 0; p < K; p++)
          s += a[i + p * LD] * b[j + p * LD] + b[i + p * LD] * a[j + p * LD];
        want = alpha * s + beta * want;
      }
      expect("Dsyr2k", i + j * LD, c[i + j * LD], want, 1e-13);
    }
  CHECK(hipblasDsyr2k(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, N, K, &alpha, da, N - 1, db,
                      LD, &beta, dc, LD),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDsyr2k(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, N, K, &alpha, NULL, LD, db, LD,
                      &beta, dc, LD),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasDsyr2k(NULL, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, N, K, &alpha, da, LD, db,
                      LD, &beta, dc, LD),
        HIPBLAS_STATUS_NOT_INITIALIZED);
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dc));
}

static void zher2k(hipblasHandle_t h) {
  double complex a[LD * N], b[LD * N], c[LD * N], c0[LD * N];
  for (int i = 0; i < LD * N; i++) {
    a[i] = rnd() + I * rnd();
    b[i] = rnd() + I * rnd();
    c[i] = c0[i] = rnd() + I * rnd();
  }
  /* op = C: A and B are K x N. */
  double complex *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dc = dev(c, sizeof c);
  double complex alpha = 0.5 - 0.25 * I;
  double beta = 1.5;
  CHECK(hipblasZher2k(h, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_C, N, K,
                      (const hipblasDoubleComplex *)&alpha, (const hipblasDoubleComplex *)da,
                      LD, (const hipblasDoubleComplex *)db, LD, &beta,
                      (hipblasDoubleComplex *)dc, LD),
        HIPBLAS_STATUS_SUCCESS);
  to_host(c, dc, sizeof c);
  for (int j = 0; j < N; j++)
    for (int i = 0; i <= j; i++) {
      double complex s = 0, old = c0[i + j * LD];
      for (int p = 0; p < K; p++)
        s += alpha * conj(a[p + i * LD]) * b[p + j * LD] +
             conj(alpha) * conj(b[p + i * LD]) * a[p + j * LD];
      if (i == j) old = creal(old);
      double complex want = s + beta * old;
      if (i == j) want = creal(want);
      expect("Zher2k re", i + j * LD, creal(c[i + j * LD]), creal(want), 1e-13);
      expect("Zher2k im", i + j * LD, cimag(c[i + j * LD]), cimag(want), 1e-13);
    }
  CHECK(hipblasZher2k(h, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_T, N, K,
                      (const hipblasDoubleComplex *)&alpha, (const hipblasDoubleComplex *)da,
                      LD, (const hipblasDoubleComplex *)db, LD, &beta,
                      (hipblasDoubleComplex *)dc, LD),
        HIPBLAS_STATUS_INVALID_VALUE);
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dc));
}

static void ssyrkx_strided(hipblasHandle_t h) {
  enum { B = 3, SA = LD * K + 3, SC = LD * N + 1 };
  float a[SA * B], b[SA * B], c[SC * B], c0[SC * B];
  for (int i = 0; i < SA * B; i++) a[i] = (float)rnd(), b[i] = (float)rnd();
  for (int i = 0; i < SC * B; i++) c[i] = c0[i] = (float)rnd();
  float *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dc = dev(c, sizeof c);
  float alpha = 1.25f, beta = 0.0f;
  CHECK(hipblasSsyrkxStridedBatched(h, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_N, N, K, &alpha, da,
                                    LD, SA, db, LD, SA, &beta, dc, LD, SC, B),
        HIPBLAS_STATUS_SUCCESS);
  to_host(c, dc, sizeof c);
  for (int q = 0; q < B; q++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < LD; i++) {
        double want = c0[q * SC + i + j * LD];
        if (i < N && i <= j) {
          double s = 0;
          for (int p = 0; p < K; p++) s += a[q * SA + i + p * LD] * b[q * SA + j + p * LD];
          want = alpha * s;
        }
        expect("SsyrkxStridedBatched", i + j * LD, c[q * SC + i + j * LD], want, 1e-5);
      }
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dc));
}

static void dtrtri(hipblasHandle_t h) {
  double a[LD * N], inv[LD * N];
  for (int j = 0; j < N; j++)
    for (int i = 0; i < LD; i++)
      a[i + j * LD] = i == j ? 2 + rnd() : (i > j && i < N ? rnd() / N : NAN);
  for (int i = 0; i < LD * N; i++) inv[i] = -7;
  double *da = dev(a, sizeof a), *di = dev(inv, sizeof inv);
  CHECK(hipblasDtrtri(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_DIAG_NON_UNIT, N, da, LD, di, LD),
        HIPBLAS_STATUS_SUCCESS);
  to_host(inv, di, sizeof inv);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      double s = 0;
      for (int p = j; p <= i; p++) s += a[i + p * LD] * inv[p + j * LD];
      expect("Dtrtri A invA", i + j * N, s, i == j, 1e-13);
      if (i < j) expect("Dtrtri upper", i + j * N, inv[i + j * LD], 0, 0);
    }
  expect("Dtrtri padding", N, inv[N], -7, 0);
  CHECK(hipblasDtrtri(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_DIAG_NON_UNIT, N, da, N - 1, di, LD),
        HIPBLAS_STATUS_INVALID_VALUE);
  HIP(hipFree(da));
  HIP(hipFree(di));
}

static void rotations(hipblasHandle_t h) {
  /* Drotg, host mode: 3, 4 -> r 5, c 0.6, s 0.8, z 1/c. */
  double a = 3, b = 4, c, s;
  CHECK(hipblasDrotg(h, &a, &b, &c, &s), HIPBLAS_STATUS_SUCCESS);
  expect("Drotg r", 0, a, 5, 1e-15);
  expect("Drotg c", 0, c, 0.6, 1e-15);
  expect("Drotg s", 0, s, 0.8, 1e-15);
  expect("Drotg z", 0, b, 1 / 0.6, 1e-15);
  CHECK(hipblasDrotg(h, &a, &b, NULL, &s), HIPBLAS_STATUS_INVALID_VALUE);

  /* Srotm, device param (flag 1), negative incx. */
  enum { M = 7 };
  float x[2 * M], y[M], param[5] = {1, 0.5f, 9, 9, -2};
  for (int i = 0; i < 2 * M; i++) x[i] = (float)rnd();
  for (int i = 0; i < M; i++) y[i] = (float)rnd();
  float x0[2 * M], y0[M];
  for (int i = 0; i < 2 * M; i++) x0[i] = x[i];
  for (int i = 0; i < M; i++) y0[i] = y[i];
  float *dx = dev(x, sizeof x), *dy = dev(y, sizeof y), *dp = dev(param, sizeof param);
  CHECK(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_DEVICE), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasSrotm(h, M, dx, -2, dy, 1, dp), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_HOST), HIPBLAS_STATUS_SUCCESS);
  to_host(x, dx, sizeof x);
  to_host(y, dy, sizeof y);
  for (int i = 0; i < M; i++) {
    int ix = (M - 1 - i) * 2;
    double w = x0[ix], z = y0[i];
    expect("Srotm x", i, x[ix], w * 0.5 + z, 1e-6);
    expect("Srotm y", i, y[i], -w + z * -2, 1e-6);
  }
  CHECK(hipblasSrotm(h, M, dx, 1, dy, 1, NULL), HIPBLAS_STATUS_INVALID_VALUE);
  HIP(hipFree(dx));
  HIP(hipFree(dy));
  HIP(hipFree(dp));

  /* Drotmg_64: the rotation zeroes y1 and keeps d1 x1^2 + d2 y1^2. */
  double d1 = 2, d2 = 3, x1 = 4, y1 = 0.5, p[5];
  CHECK(hipblasDrotmg_64(h, &d1, &d2, &x1, &y1, p), HIPBLAS_STATUS_SUCCESS);
  double h11 = p[1], h21 = p[2], h12 = p[3], h22 = p[4];
  if (p[0] == 0) h11 = h22 = 1;
  if (p[0] == 1) h21 = -1, h12 = 1;
  expect("Drotmg second", 0, h21 * 4 + h22 * 0.5, 0, 1e-14);
  expect("Drotmg x1", 0, x1, h11 * 4 + h12 * 0.5, 1e-14);
  expect("Drotmg norm", 0, d1 * x1 * x1, 2 * 16 + 3 * 0.25, 1e-14);
}

int main(void) {
  hipblasHandle_t h;
  CHECK(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  dsyr2k(h);
  zher2k(h);
  ssyrkx_strided(h);
  dtrtri(h);
  rotations(h);
  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  printf("ok\n");
  return 0;
}
