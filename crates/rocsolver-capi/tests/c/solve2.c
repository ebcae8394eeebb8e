/* rocSOLVER's C ABI from C, the routines past the factorizations: dgetri (A A^-1 = I, and a
 * strided batch with a singular member), zungqr after zgeqrf (Q^H Q = I, Q R = A), sgels (a
 * consistent overdetermined system gives back its solution), dsyevd (the second-difference
 * matrix's known eigenvalues, A v = w v) and zheevd on a 2 x 2, dgesvd (U S V' = A); and the
 * statuses of bad calls. Prints "ok" at the end. */
#include <rocsolver/rocsolver.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    rocblas_status got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %d, wanted %d\n", __FILE__, __LINE__, #call, got_,  \
              (int)(want));                                                                  \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

#define FAIL(...)                                                                              \
  do {                                                                                       \
    fprintf(stderr, __VA_ARGS__);                                                            \
    fputc('\n', stderr);                                                                     \
    exit(1);                                                                                 \
  } while (0)

static void *dev(const void *h, size_t bytes) {
  void *d;
  if (hipMalloc(&d, bytes) || hipMemcpy(d, h, bytes, hipMemcpyHostToDevice)) exit(2);
  return d;
}

static void back(void *h, const void *d, size_t bytes) {
  if (hipDeviceSynchronize() || hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost)) exit(2);
}

static unsigned seed = 7;
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 24) - 0.5;
}

int main(void) {
  rocblas_handle h;
  CHECK(rocblas_create_handle(&h), rocblas_status_success);
  int *dinfo;
  if (hipMalloc((void **)&dinfo, 4 * sizeof(int))) return 2;
  int infos[4];

  /* dgetrf + dgetri, n = 30: A A^-1 = I. */
  enum { N = 30 };
  static double a[N * N], inv[N * N];
  for (int i = 0; i < N * N; i++) a[i] = rnd();
  double *da = dev(a, sizeof a);
  int *dpiv;
  if (hipMalloc((void **)&dpiv, 2 * N * sizeof(int))) return 2;
  CHECK(rocsolver_dgetrf(h, N, N, da, N, dpiv, dinfo), rocblas_status_success);
  CHECK(rocsolver_dgetri(h, N, da, N, dpiv, dinfo), rocblas_status_success);
  back(inv, da, sizeof inv);
  back(infos, dinfo, sizeof(int));
  if (infos[0] != 0) FAIL("dgetri info %d", infos[0]);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) {
      double s = 0;
      for (int p = 0; p < N; p++) s += a[i + p * N] * inv[p + j * N];
      if (fabs(s - (i == j)) > 1e-10) FAIL("dgetri: (A A^-1)(%d,%d) = %g", i, j, s);
    }

  /* A strided batch of two: member 1 has a zero column 2, so U(3,3) = 0 and info is 3. */
  enum { BS = N * N + 4 };
  static double pair[2 * BS];
  for (int i = 0; i < 2 * BS; i++) pair[i] = rnd();
  for (int i = 0; i < N; i++) pair[BS + i + 2 * N] = 0.0;
  double *dpair = dev(pair, sizeof pair);
  CHECK(rocsolver_dgetrf_strided_batched(h, N, N, dpair, N, BS, dpiv, N, dinfo, 2),
        rocblas_status_success);
  CHECK(rocsolver_dgetri_strided_batched(h, N, dpair, N, BS, dpiv, N, dinfo, 2),
        rocblas_status_success);
  back(infos, dinfo, 2 * sizeof(int));
  if (infos[0] != 0 || infos[1] != 3) FAIL("dgetri batch infos %d %d, want 0 3", infos[0], infos[1]);

  /* zgeqrf + zungqr, 12 x 5: Q^H Q = I and Q R = A. */
  enum { QM = 12, QN = 5 };
  rocblas_double_complex q[QM * QN], qa[QM * QN], r[QM * QN], tau[QN];
  for (int i = 0; i < QM * QN; i++) q[i].x = rnd(), q[i].y = rnd();
  memcpy(qa, q, sizeof q);
  rocblas_double_complex *dq = dev(q, sizeof q), *dtau = dev(tau, sizeof tau);
  CHECK(rocsolver_zgeqrf(h, QM, QN, dq, QM, dtau), rocblas_status_success);
  back(r, dq, sizeof r);
  CHECK(rocsolver_zungqr(h, QM, QN, QN, dq, QM, dtau), rocblas_status_success);
  back(q, dq, sizeof q);
  for (int j = 0; j < QN; j++)
    for (int i = 0; i < QN; i++) {
      double re = 0, im = 0; /* (Q^H Q)(i, j) */
      for (int p = 0; p < QM; p++) {
        rocblas_double_complex x = q[p + i * QM], y = q[p + j * QM];
        re += x.x * y.x + x.y * y.y;
        im += x.x * y.y - x.y * y.x;
      }
      if (fabs(re - (i == j)) > 1e-12 || fabs(im) > 1e-12) FAIL("zungqr: (Q^H Q)(%d,%d)", i, j);
    }
  for (int j = 0; j < QN; j++)
    for (int i = 0; i < QM; i++) {
      double re = 0, im = 0; /* (Q R)(i, j), R upper triangular */
      for (int p = 0; p <= j; p++) {
        rocblas_double_complex x = q[i + p * QM], y = r[p + j * QM];
        re += x.x * y.x - x.y * y.y;
        im += x.x * y.y + x.y * y.x;
      }
      if (fabs(re - qa[i + j * QM].x) > 1e-12 || fabs(im - qa[i + j * QM].y) > 1e-12)
        FAIL("zungqr: (Q R)(%d,%d)", i, j);
    }

  /* sgels: B = A x for a 10 x 4 A, so the least squares solution is x. */
  enum { GM = 10, GN = 4 };
  float ga[GM * GN], gb[GM], x[GN] = {1.0f, -2.0f, 0.5f, 3.0f};
  for (int i = 0; i < GM * GN; i++) ga[i] = (float)rnd();
  for (int i = 0; i < GM; i++) {
    gb[i] = 0;
    for (int p = 0; p < GN; p++) gb[i] += ga[i + p * GM] * x[p];
  }
  float *dga = dev(ga, sizeof ga), *dgb = dev(gb, sizeof gb);
  CHECK(rocsolver_sgels(h, rocblas_operation_none, GM, GN, 1, dga, GM, dgb, GM, dinfo),
        rocblas_status_success);
  back(gb, dgb, sizeof gb);
  back(infos, dinfo, sizeof(int));
  if (infos[0] != 0) FAIL("sgels info %d", infos[0]);
  for (int p = 0; p < GN; p++)
    if (fabsf(gb[p] - x[p]) > 1e-4f) FAIL("sgels: x[%d] = %g, want %g", p, gb[p], x[p]);

  /* dsyevd on the second-difference matrix (2 on the diagonal, -1 beside it; the lower
   * triangle given, the upper one garbage): w[k] = 2 - 2 cos((k + 1) pi / (n + 1)). */
  enum { EN = 8 };
  double t[EN * EN], w[EN], e[EN], v[EN * EN];
  for (int j = 0; j < EN; j++)
    for (int i = 0; i < EN; i++) t[i + j * EN] = i == j ? 2.0 : i == j + 1 ? -1.0 : i < j ? 99.0 : 0.0;
  double *dt = dev(t, sizeof t), *dw = dev(w, sizeof w), *de = dev(e, sizeof e);
  CHECK(rocsolver_dsyevd(h, rocblas_evect_original, rocblas_fill_lower, EN, dt, EN, dw, de, dinfo),
        rocblas_status_success);
  back(w, dw, sizeof w);
  back(v, dt, sizeof v);
  back(infos, dinfo, sizeof(int));
  if (infos[0] != 0) FAIL("dsyevd info %d", infos[0]);
  for (int k = 0; k < EN; k++) {
    double want = 2.0 - 2.0 * cos((k + 1) * M_PI / (EN + 1));
    if (fabs(w[k] - want) > 1e-13) FAIL("dsyevd: w[%d] = %.17g, want %.17g", k, w[k], want);
    for (int i = 0; i < EN; i++) {
      double av = 2.0 * v[i + k * EN] - (i > 0 ? v[i - 1 + k * EN] : 0) - (i + 1 < EN ? v[i + 1 + k * EN] : 0);
      if (fabs(av - w[k] * v[i + k * EN]) > 1e-13) FAIL("dsyevd: (A v - w v)(%d) for w[%d]", i, k);
    }
  }

  /* zheevd on [[2, i], [-i, 2]] (upper triangle): eigenvalues 1 and 3. */
  rocblas_double_complex z[4] = {{2, 0}, {77, 77}, {0, 1}, {2, 0}};
  double zw[2], ze[2];
  rocblas_double_complex *dz = dev(z, sizeof z);
  double *dzw = dev(zw, sizeof zw), *dze = dev(ze, sizeof ze);
  CHECK(rocsolver_zheevd(h, rocblas_evect_none, rocblas_fill_upper, 2, dz, 2, dzw, dze, dinfo),
        rocblas_status_success);
  back(zw, dzw, sizeof zw);
  if (fabs(zw[0] - 1.0) > 1e-14 || fabs(zw[1] - 3.0) > 1e-14) FAIL("zheevd: %g %g, want 1 3", zw[0], zw[1]);

  /* dgesvd, 7 x 5, all vectors: S descending, U S V' = A. */
  enum { SM = 7, SN = 5 };
  double sa[SM * SN], s[SN], u[SM * SM], vt[SN * SN], se[SN];
  for (int i = 0; i < SM * SN; i++) sa[i] = rnd();
  double *dsa = dev(sa, sizeof sa), *ds = dev(s, sizeof s), *du = dev(u, sizeof u),
         *dvt = dev(vt, sizeof vt), *dse = dev(se, sizeof se);
  CHECK(rocsolver_dgesvd(h, rocblas_svect_all, rocblas_svect_all, SM, SN, dsa, SM, ds, du, SM, dvt,
                         SN, dse, rocblas_outofplace, dinfo),
        rocblas_status_success);
  back(s, ds, sizeof s);
  back(u, du, sizeof u);
  back(vt, dvt, sizeof vt);
  back(infos, dinfo, sizeof(int));
  if (infos[0] != 0) FAIL("dgesvd info %d", infos[0]);
  for (int k = 1; k < SN; k++)
    if (s[k] > s[k - 1]) FAIL("dgesvd: S not descending");
  for (int j = 0; j < SN; j++)
    for (int i = 0; i < SM; i++) {
      double usv = 0;
      for (int k = 0; k < SN; k++) usv += u[i + k * SM] * s[k] * vt[k + j * SN];
      if (fabs(usv - sa[i + j * SM]) > 1e-13) FAIL("dgesvd: (U S V')(%d,%d)", i, j);
    }

  /* Bad calls. */
  CHECK(rocsolver_dgetri(NULL, N, da, N, dpiv, dinfo), rocblas_status_invalid_handle);
  CHECK(rocsolver_dgetri(h, N, da, N - 1, dpiv, dinfo), rocblas_status_invalid_size);
  CHECK(rocsolver_dgetri(h, N, da, N, NULL, dinfo), rocblas_status_invalid_pointer);
  CHECK(rocsolver_zungqr(h, QM, QM + 1, 1, dq, QM, dtau), rocblas_status_invalid_size);
  CHECK(rocsolver_dorgqr(h, 4, 3, 4, da, 4, da), rocblas_status_invalid_size);
  CHECK(rocsolver_zgels(h, rocblas_operation_transpose, QM, QN, 1, dq, QM, dq, QM, dinfo),
        rocblas_status_invalid_value);
  CHECK(rocsolver_sgels(h, rocblas_operation_none, GM, GN, 1, dga, GM, dgb, GN, dinfo),
        rocblas_status_invalid_size);
  CHECK(rocsolver_dsyevd(h, rocblas_evect_tridiagonal, rocblas_fill_lower, EN, dt, EN, dw, de, dinfo),
        rocblas_status_invalid_value);
  CHECK(rocsolver_dsyevd(h, rocblas_evect_none, rocblas_fill_full, EN, dt, EN, dw, de, dinfo),
        rocblas_status_invalid_value);
  CHECK(rocsolver_dgesvd(h, rocblas_svect_overwrite, rocblas_svect_overwrite, SM, SN, dsa, SM, ds,
                         du, SM, dvt, SN, dse, rocblas_outofplace, dinfo),
        rocblas_status_invalid_value);
  CHECK(rocsolver_dgesvd(h, rocblas_svect_singular, rocblas_svect_none, SM, SN, dsa, SM, ds, NULL,
                         SM, NULL, 1, dse, rocblas_inplace, dinfo),
        rocblas_status_invalid_pointer);

  CHECK(rocblas_destroy_handle(h), rocblas_status_success);
  printf("ok\n");
  return 0;
}
