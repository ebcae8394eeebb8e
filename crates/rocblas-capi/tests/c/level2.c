/* rocBLAS's Level 2 C ABI from C: gemv (N, T and C; strided batch), ger, gerc, symv, her, trmv
 * and trsv (plain and batched) against a naive host reference computed in double, one `_64`
 * entry point, and the statuses of bad calls. Prints "ok" at the end; any failure exits non-zero
 * naming it. */
#include <rocblas/rocblas.h>
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    rocblas_status got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,       \
              rocblas_status_to_string(got_), rocblas_status_to_string(want));               \
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

static double complex cf(rocblas_float_complex v) { return v.x + v.y * I; }
static double complex cd(rocblas_double_complex v) { return v.x + v.y * I; }

/* sgemv with op N (beta 0, y poisoned with NaN: not read) and T (beta != 0), x with incx 2;
 * then the same N call through sgemv_64. */
static void sgemv(rocblas_handle h) {
  enum { M = 37, N = 23, LDA = 40 };
  static float A[LDA * N], x[2 * M], y0[M], y[M];
  for (int i = 0; i < LDA * N; i++) A[i] = (float)rnd();
  for (int i = 0; i < 2 * M; i++) x[i] = (float)rnd();
  for (int i = 0; i < M; i++) y0[i] = (float)rnd();
  float *dA = dev(A, sizeof A), *dx = dev(x, sizeof x), *dy = dev(y0, sizeof y0);

  float alpha = 1.25f, beta = 0;
  HIP(hipMemset(dy, 0xff, sizeof y0));
  CHECK(rocblas_sgemv(h, rocblas_operation_none, M, N, &alpha, dA, LDA, dx, 2, &beta, dy, 1),
        rocblas_status_success);
  to_host(y, dy, sizeof y);
  for (int i = 0; i < M; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += (double)A[i + j * LDA] * x[2 * j];
    expect("sgemv N, beta 0", i, y[i], alpha * s, 1e-5);
  }

  HIP(hipMemset(dy, 0xff, sizeof y0));
  CHECK(rocblas_sgemv_64(h, rocblas_operation_none, (int64_t)M, (int64_t)N, &alpha, dA,
                         (int64_t)LDA, dx, (int64_t)2, &beta, dy, (int64_t)1),
        rocblas_status_success);
  float y64[M];
  to_host(y64, dy, sizeof y64);
  if (memcmp(y64, y, sizeof y) != 0) {
    fprintf(stderr, "sgemv_64 differs from sgemv\n");
    exit(1);
  }

  /* T: y (n entries) = alpha A^T x + beta y, x of m entries, incx 2. */
  beta = -0.5f;
  HIP(hipMemcpy(dy, y0, sizeof y0, hipMemcpyHostToDevice));
  CHECK(rocblas_sgemv(h, rocblas_operation_transpose, M, N, &alpha, dA, LDA, dx, 2, &beta, dy, 1),
        rocblas_status_success);
  to_host(y, dy, sizeof y);
  for (int j = 0; j < N; j++) {
    double s = 0;
    for (int i = 0; i < M; i++) s += (double)A[i + j * LDA] * x[2 * i];
    expect("sgemv T", j, y[j], alpha * s + beta * (double)y0[j], 1e-5);
  }
  for (int j = N; j < M; j++)
    if (y[j] != y0[j]) {
      fprintf(stderr, "sgemv T wrote y past its %d entries\n", N);
      exit(1);
    }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* dgemv_strided_batched: three members, each stride past its matrix or vector. */
static void dgemv_strided_batched(rocblas_handle h) {
  enum { M = 7, N = 5, LDA = 8, B = 3, SA = LDA * N + 3, SX = N + 2, SY = M + 1 };
  static double A[SA * B], x[SX * B], y0[SY * B], y[SY * B];
  for (int i = 0; i < SA * B; i++) A[i] = rnd();
  for (int i = 0; i < SX * B; i++) x[i] = rnd();
  for (int i = 0; i < SY * B; i++) y0[i] = rnd();
  double *dA = dev(A, sizeof A), *dx = dev(x, sizeof x), *dy = dev(y0, sizeof y0);
  double alpha = 0.5, beta = 1.5;
  CHECK(rocblas_dgemv_strided_batched(h, rocblas_operation_none, M, N, &alpha, dA, LDA, SA, dx, 1,
                                      SX, &beta, dy, 1, SY, B),
        rocblas_status_success);
  to_host(y, dy, sizeof y);
  for (int b = 0; b < B; b++) {
    for (int i = 0; i < M; i++) {
      double s = 0;
      for (int j = 0; j < N; j++) s += A[b * SA + i + j * LDA] * x[b * SX + j];
      expect("dgemv_strided_batched", b * SY + i, y[b * SY + i], alpha * s + beta * y0[b * SY + i],
             1e-12);
    }
    if (y[b * SY + M] != y0[b * SY + M]) {
      fprintf(stderr, "dgemv_strided_batched wrote between members\n");
      exit(1);
    }
  }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* cgemv with op C: y = alpha A^H x + beta y. */
static void cgemv_conjugate(rocblas_handle h) {
  enum { M = 6, N = 4, LDA = 6 };
  rocblas_float_complex A[LDA * N], x[M], y0[N], y[N];
  for (int i = 0; i < LDA * N; i++) A[i].x = (float)rnd(), A[i].y = (float)rnd();
  for (int i = 0; i < M; i++) x[i].x = (float)rnd(), x[i].y = (float)rnd();
  for (int i = 0; i < N; i++) y0[i].x = (float)rnd(), y0[i].y = (float)rnd();
  rocblas_float_complex *dA = dev(A, sizeof A), *dx = dev(x, sizeof x), *dy = dev(y0, sizeof y0);
  rocblas_float_complex alpha = {1, 2}, beta = {0.5f, -1};
  CHECK(rocblas_cgemv(h, rocblas_operation_conjugate_transpose, M, N, &alpha, dA, LDA, dx, 1,
                      &beta, dy, 1),
        rocblas_status_success);
  to_host(y, dy, sizeof y);
  for (int j = 0; j < N; j++) {
    double complex s = 0;
    for (int i = 0; i < M; i++) s += conj(cf(A[i + j * LDA])) * cf(x[i]);
    expect_c("cgemv C", j, cf(y[j]), cf(alpha) * s + cf(beta) * cf(y0[j]), 1e-5);
  }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* sger with a negative incy: A = alpha x y^T + A. */
static void sger(rocblas_handle h) {
  enum { M = 9, N = 7, LDA = 10 };
  float A0[LDA * N], A[LDA * N], x[M], y[N];
  for (int i = 0; i < LDA * N; i++) A0[i] = (float)rnd();
  for (int i = 0; i < M; i++) x[i] = (float)rnd();
  for (int i = 0; i < N; i++) y[i] = (float)rnd();
  float *dA = dev(A0, sizeof A0), *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
  float alpha = 0.75f;
  CHECK(rocblas_sger(h, M, N, &alpha, dx, 1, dy, -1, dA, LDA), rocblas_status_success);
  to_host(A, dA, sizeof A);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < LDA; i++) {
      double want = A0[i + j * LDA];
      if (i < M) want += alpha * (double)x[i] * y[at(j, N, -1)];
      expect("sger", i + j * LDA, A[i + j * LDA], want, 1e-6);
    }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* zgerc: A = alpha x y^H + A, x with incx 2. */
static void zgerc(rocblas_handle h) {
  enum { M = 5, N = 6, LDA = 5 };
  rocblas_double_complex A0[LDA * N], A[LDA * N], x[2 * M], y[N];
  for (int i = 0; i < LDA * N; i++) A0[i].x = rnd(), A0[i].y = rnd();
  for (int i = 0; i < 2 * M; i++) x[i].x = rnd(), x[i].y = rnd();
  for (int i = 0; i < N; i++) y[i].x = rnd(), y[i].y = rnd();
  rocblas_double_complex *dA = dev(A0, sizeof A0), *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
  rocblas_double_complex alpha = {0.5, -0.25};
  CHECK(rocblas_zgerc(h, M, N, &alpha, dx, 2, dy, 1, dA, LDA), rocblas_status_success);
  to_host(A, dA, sizeof A);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++)
      expect_c("zgerc", i + j * LDA, cd(A[i + j * LDA]),
               cd(A0[i + j * LDA]) + cd(alpha) * cd(x[2 * i]) * conj(cd(y[j])), 1e-12);
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* strsv, lower, non-unit, well-conditioned (a dominant diagonal); the strict upper triangle is
 * NaN, so reading it would show. b = A x_true, solved back to x_true. */
static void strsv_lower(rocblas_handle h) {
  enum { N = 20, LDA = 21 };
  float A[LDA * N], xt[N], b[N];
  for (int j = 0; j < N; j++)
    for (int i = 0; i < LDA; i++)
      A[i + j * LDA] = i < j ? NAN : i == j ? (float)(4 + rnd()) : (float)(0.2 * rnd());
  for (int i = 0; i < N; i++) xt[i] = (float)rnd();
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j <= i; j++) s += (double)A[i + j * LDA] * xt[j];
    b[i] = (float)s;
  }
  float *dA = dev(A, sizeof A), *dx = dev(b, sizeof b);
  CHECK(rocblas_strsv(h, rocblas_fill_lower, rocblas_operation_none, rocblas_diagonal_non_unit, N,
                      dA, LDA, dx, 1),
        rocblas_status_success);
  float x[N];
  to_host(x, dx, sizeof x);
  for (int i = 0; i < N; i++) expect("strsv lower", i, x[i], xt[i], 1e-5);

  /* The same solve through strsv_batched: two members, pointer arrays in device memory. */
  float *dx2 = dev(b, sizeof b);
  float *xs[2] = {dx, dx2};
  const float *as[2] = {dA, dA};
  HIP(hipMemcpy(dx, b, sizeof b, hipMemcpyHostToDevice));
  float **dxs = dev(xs, sizeof xs);
  const float **das = dev(as, sizeof as);
  CHECK(rocblas_strsv_batched(h, rocblas_fill_lower, rocblas_operation_none,
                              rocblas_diagonal_non_unit, N, das, LDA, dxs, 1, 2),
        rocblas_status_success);
  for (int m = 0; m < 2; m++) {
    to_host(x, xs[m], sizeof x);
    for (int i = 0; i < N; i++) expect("strsv_batched", m * N + i, x[i], xt[i], 1e-5);
  }
  HIP(hipFree(dxs));
  HIP(hipFree(das));
  HIP(hipFree(dx2));
  HIP(hipFree(dA));
  HIP(hipFree(dx));
}

/* dtrmv, upper, unit diagonal: the diagonal and the strict lower triangle are NaN (unread). */
static void dtrmv_upper_unit(rocblas_handle h) {
  enum { N = 15, LDA = 15 };
  double A[LDA * N], x0[N], x[N];
  for (int j = 0; j < N; j++)
    for (int i = 0; i < LDA; i++) A[i + j * LDA] = i >= j ? NAN : rnd();
  for (int i = 0; i < N; i++) x0[i] = rnd();
  double *dA = dev(A, sizeof A), *dx = dev(x0, sizeof x0);
  CHECK(rocblas_dtrmv(h, rocblas_fill_upper, rocblas_operation_none, rocblas_diagonal_unit, N, dA,
                      LDA, dx, 1),
        rocblas_status_success);
  to_host(x, dx, sizeof x);
  for (int i = 0; i < N; i++) {
    double s = x0[i];
    for (int j = i + 1; j < N; j++) s += A[i + j * LDA] * x0[j];
    expect("dtrmv upper unit", i, x[i], s, 1e-12);
  }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
}

/* ssymv from the upper triangle (the strict lower one NaN), incy 3. */
static void ssymv_upper(rocblas_handle h) {
  enum { N = 11, LDA = 12 };
  float A[LDA * N], x[N], y0[3 * N], y[3 * N];
  for (int j = 0; j < N; j++)
    for (int i = 0; i < LDA; i++) A[i + j * LDA] = i > j ? NAN : (float)rnd();
  for (int i = 0; i < N; i++) x[i] = (float)rnd();
  for (int i = 0; i < 3 * N; i++) y0[i] = (float)rnd();
  float *dA = dev(A, sizeof A), *dx = dev(x, sizeof x), *dy = dev(y0, sizeof y0);
  float alpha = -1.5f, beta = 0.25f;
  CHECK(rocblas_ssymv(h, rocblas_fill_upper, N, &alpha, dA, LDA, dx, 1, &beta, dy, 3),
        rocblas_status_success);
  to_host(y, dy, sizeof y);
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += (double)(i <= j ? A[i + j * LDA] : A[j + i * LDA]) * x[j];
    expect("ssymv upper", i, y[3 * i], alpha * s + beta * (double)y0[3 * i], 1e-5);
    if (y[3 * i + 1] != y0[3 * i + 1]) {
      fprintf(stderr, "ssymv wrote between y's entries\n");
      exit(1);
    }
  }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

/* cher on the lower triangle, real alpha: the upper triangle is untouched and the diagonal
 * comes out real. */
static void cher_lower(rocblas_handle h) {
  enum { N = 8, LDA = 9 };
  rocblas_float_complex A0[LDA * N], A[LDA * N], x[N];
  for (int i = 0; i < LDA * N; i++) A0[i].x = (float)rnd(), A0[i].y = (float)rnd();
  for (int i = 0; i < N; i++) x[i].x = (float)rnd(), x[i].y = (float)rnd();
  rocblas_float_complex *dA = dev(A0, sizeof A0), *dx = dev(x, sizeof x);
  float alpha = 0.5f;
  CHECK(rocblas_cher(h, rocblas_fill_lower, N, &alpha, dx, 1, dA, LDA), rocblas_status_success);
  to_host(A, dA, sizeof A);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < LDA; i++) {
      int k = i + j * LDA;
      double complex want = cf(A0[k]);
      if (i >= j && i < N) want += alpha * cf(x[i]) * conj(cf(x[j]));
      if (i == j) want = creal(want);
      expect_c("cher lower", k, cf(A[k]), want, 1e-5);
    }
  HIP(hipFree(dA));
  HIP(hipFree(dx));
}

/* Bad calls: rocBLAS's statuses. */
static void bad_calls(rocblas_handle h) {
  float A[16] = {0}, x[4] = {0}, y[4] = {0};
  float *dA = dev(A, sizeof A), *dx = dev(x, sizeof x), *dy = dev(y, sizeof y);
  float one = 1;
  CHECK(rocblas_sgemv(NULL, rocblas_operation_none, 4, 4, &one, dA, 4, dx, 1, &one, dy, 1),
        rocblas_status_invalid_handle);
  CHECK(rocblas_sgemv(h, (rocblas_operation)3, 4, 4, &one, dA, 4, dx, 1, &one, dy, 1),
        rocblas_status_invalid_value);
  CHECK(rocblas_strsv(h, (rocblas_fill)7, rocblas_operation_none, rocblas_diagonal_unit, 4, dA, 4,
                      dx, 1),
        rocblas_status_invalid_value);
  CHECK(rocblas_strmv(h, rocblas_fill_upper, rocblas_operation_none, (rocblas_diagonal)0, 4, dA,
                      4, dx, 1),
        rocblas_status_invalid_value);
  CHECK(rocblas_sgemv(h, rocblas_operation_none, 4, 4, &one, dA, 3, dx, 1, &one, dy, 1),
        rocblas_status_invalid_size);
  CHECK(rocblas_ssymv(h, rocblas_fill_upper, 4, &one, dA, 4, dx, 0, &one, dy, 1),
        rocblas_status_invalid_size);
  CHECK(rocblas_sger(h, 4, 4, NULL, dx, 1, dy, 1, dA, 4), rocblas_status_invalid_pointer);
  CHECK(rocblas_sgemv(h, rocblas_operation_none, 4, 4, NULL, dA, 4, dx, 1, &one, dy, 1),
        rocblas_status_invalid_pointer);
  CHECK(rocblas_ssyr(h, rocblas_fill_full, 4, &one, dx, 1, dA, 4), rocblas_status_invalid_value);
  /* Zero sizes return at once, whatever the pointers. */
  CHECK(rocblas_sgemv(h, rocblas_operation_none, 0, 4, NULL, NULL, 1, NULL, 1, NULL, NULL, 1),
        rocblas_status_success);
  HIP(hipFree(dA));
  HIP(hipFree(dx));
  HIP(hipFree(dy));
}

int main(void) {
  rocblas_handle h;
  CHECK(rocblas_create_handle(&h), rocblas_status_success);
  sgemv(h);
  dgemv_strided_batched(h);
  cgemv_conjugate(h);
  sger(h);
  zgerc(h);
  strsv_lower(h);
  dtrmv_upper_unit(h);
  ssymv_upper(h);
  cher_lower(h);
  bad_calls(h);
  CHECK(rocblas_destroy_handle(h), rocblas_status_success);
  printf("ok\n");
  return 0;
}
