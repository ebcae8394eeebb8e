/* hipSOLVER's second set of dense routines from C, on a handle with a created stream, each
 * checked against a host computation: orgqr/ungqr (Q orthonormal, Q R = A), ormqr/unmqr on both
 * sides (against the explicit Q, and Q^H Q C = C), gels (normal equations, minimum norm, in
 * and out of place, B kept), gesv (residual, in and out of place, singular info),
 * potrfBatched + potrsBatched (residuals, per-member infos), syevd/heevd (a matrix with known
 * eigenvalues, A v = l v), gesvd (A = U S V^H, with and without rwork), sygvd/hegvd of each
 * itype (A x = l B x and its kin), potri (A A^-1 = I), each routine through both APIs and in
 * more than one type; then the statuses of bad calls. Prints "ok" at the end. */
#include <hipsolver/hipsolver.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    hipsolverStatus_t got_ = (call);                                                         \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %d, wanted %d\n", __FILE__, __LINE__, #call,        \
              (int)got_, (int)(want));                                                       \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

#define OK(call) CHECK(call, HIPSOLVER_STATUS_SUCCESS)

#define FAIL(...)                                                                              \
  do {                                                                                       \
    fprintf(stderr, __VA_ARGS__);                                                            \
    fprintf(stderr, " (line %d)\n", __LINE__);                                               \
    exit(1);                                                                                 \
  } while (0)

#define EXPECT_NEAR(got, want, tol, ...)                                                       \
  do {                                                                                       \
    if (!(fabs((double)(got) - (double)(want)) <= (tol))) {                                  \
      fprintf(stderr, "%g, wanted %g: ", (double)(got), (double)(want));                     \
      FAIL(__VA_ARGS__);                                                                     \
    }                                                                                        \
  } while (0)

static hipStream_t s;

static void *dev(const void *h, size_t bytes) {
  void *d;
  if (hipMalloc(&d, bytes ? bytes : 1) ||
      (h && bytes && hipMemcpy(d, h, bytes, hipMemcpyHostToDevice)))
    exit(2);
  return d;
}

static void back(void *h, const void *d, size_t bytes) {
  if (hipStreamSynchronize(s) || hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost)) exit(2);
}

static void put(void *d, const void *h, size_t bytes) {
  if (hipMemcpy(d, h, bytes, hipMemcpyHostToDevice)) exit(2);
}

static int info_of(const int *dinfo) {
  int info = -12345;
  back(&info, dinfo, sizeof info);
  return info;
}

static void poison(int *dinfo, int count) {
  int p[8];
  for (int i = 0; i < count; i++) p[i] = -7;
  put(dinfo, p, (size_t)count * sizeof(int));
}

static unsigned seed = 77;
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 24) - 0.5;
}

/* Column-major products: C (m x n) = op(A) op(B), op = transpose (or conjugate transpose for the
 * complex kind) when the flag is set; A is m x k (or k x m), B k x n (or n x k). */
static void dmul(int m, int n, int k, const double *a, int lda, int ta, const double *b, int ldb,
                 int tb, double *c, int ldc) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double v = 0;
      for (int p = 0; p < k; p++)
        v += (ta ? a[p + i * lda] : a[i + p * lda]) * (tb ? b[j + p * ldb] : b[p + j * ldb]);
      c[i + j * ldc] = v;
    }
}

typedef hipDoubleComplex zc;
static zc zmk(double x, double y) {
  zc z;
  z.x = x;
  z.y = y;
  return z;
}
static zc zmul(zc a, zc b) { return zmk(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
static zc zconj(zc a) { return zmk(a.x, -a.y); }
static void zmm(int m, int n, int k, const zc *a, int lda, int ha, const zc *b, int ldb, zc *c,
                int ldc) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      zc v = zmk(0, 0);
      for (int p = 0; p < k; p++) {
        zc x = ha ? zconj(a[p + i * lda]) : a[i + p * lda];
        zc t = zmul(x, b[p + j * ldb]);
        v.x += t.x;
        v.y += t.y;
      }
      c[i + j * ldc] = v;
    }
}

static double dmaxdiff(int m, int n, const double *a, int lda, const double *b, int ldb) {
  double w = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double d = fabs(a[i + j * lda] - b[i + j * ldb]);
      if (d > w) w = d;
    }
  return w;
}

static double zmaxdiff(int m, int n, const zc *a, int lda, const zc *b, int ldb) {
  double w = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double d = hypot(a[i + j * lda].x - b[i + j * ldb].x, a[i + j * lda].y - b[i + j * ldb].y);
      if (d > w) w = d;
    }
  return w;
}

/* A symmetric positive definite n x n matrix. */
static void dspd(int n, double *a) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= j; i++) {
      double v = i == j ? n + 2.0 : rnd();
      a[i + j * n] = v;
      a[j + i * n] = v;
    }
}

/* A Hermitian (positive definite with `pd`) n x n matrix. */
static void zherm(int n, zc *a, int pd) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= j; i++) {
      zc v = i == j ? zmk(pd ? n + 2.0 : rnd(), 0) : zmk(rnd(), rnd());
      a[i + j * n] = v;
      a[j + i * n] = zconj(v);
    }
}

int main(void) {
  hipsolverHandle_t h;
  OK(hipsolverCreate(&h));
  if (hipStreamCreate(&s)) return 2;
  OK(hipsolverSetStream(h, s));
  int *dinfo;
  if (hipMalloc((void **)&dinfo, 8 * sizeof(int))) return 2;
  int lwork = -1;

  /* ---- geqrf + orgqr (Dn, d), Q Q^T C and ormqr on both sides (regular, d) ---- */
  {
    enum { M = 8, K = 5, NC = 3 };
    double a[M * M], f[M * M], tau[K], q[M * M], r[M * K];
    for (int i = 0; i < M * M; i++) a[i] = rnd();
    double *da = dev(a, sizeof a), *dtau = dev(tau, sizeof tau);
    OK(hipsolverDnDgeqrf(h, M, K, da, M, dtau, NULL, 0, dinfo));
    back(f, da, sizeof f);
    /* Q, 8 x 5, from the 5 reflectors. */
    OK(hipsolverDnDorgqr_bufferSize(h, M, K, K, da, M, dtau, &lwork));
    if (lwork < 0) FAIL("dorgqr lwork %d", lwork);
    poison(dinfo, 1);
    OK(hipsolverDnDorgqr(h, M, K, K, da, M, dtau, NULL, 0, dinfo));
    if (info_of(dinfo) != 0) FAIL("dorgqr info");
    back(q, da, sizeof q);
    double qtq[K * K], eye[K * K], qr[M * K];
    dmul(K, K, M, q, M, 1, q, M, 0, qtq, K);
    for (int i = 0; i < K * K; i++) eye[i] = i % (K + 1) == 0;
    if (dmaxdiff(K, K, qtq, K, eye, K) > 1e-13) FAIL("dorgqr Q^T Q != I");
    for (int j = 0; j < K; j++)
      for (int i = 0; i < M; i++) r[i + j * M] = i <= j ? f[i + j * M] : 0;
    dmul(M, K, K, q, M, 0, r, M, 0, qr, M);
    if (dmaxdiff(M, K, qr, M, a, M) > 1e-13) FAIL("dorgqr Q R != A");

    /* The whole 8 x 8 Q (regular API), then ormqr against it. */
    put(da, f, sizeof f);
    OK(hipsolverDorgqr_bufferSize(h, M, M, K, da, M, dtau, &lwork));
    OK(hipsolverDorgqr(h, M, M, K, da, M, dtau, NULL, 0, dinfo));
    back(q, da, sizeof q);
    put(da, f, sizeof f);
    double c[M * NC], got[M * NC], want[M * NC], ct[NC * M], gott[NC * M], wantt[NC * M];
    for (int i = 0; i < M * NC; i++) c[i] = rnd(), ct[i] = rnd();
    double *dc = dev(c, sizeof c), *dct = dev(ct, sizeof ct);
    for (int t = 0; t < 2; t++) {
      hipsolverOperation_t op = t ? HIPSOLVER_OP_T : HIPSOLVER_OP_N;
      put(dc, c, sizeof c);
      OK(hipsolverDormqr_bufferSize(h, HIPSOLVER_SIDE_LEFT, op, M, NC, K, da, M, dtau, dc, M,
                                    &lwork));
      poison(dinfo, 1);
      OK(hipsolverDormqr(h, HIPSOLVER_SIDE_LEFT, op, M, NC, K, da, M, dtau, dc, M, NULL, 0,
                         dinfo));
      if (info_of(dinfo) != 0) FAIL("dormqr info");
      back(got, dc, sizeof got);
      dmul(M, NC, M, q, M, t, c, M, 0, want, M);
      if (dmaxdiff(M, NC, got, M, want, M) > 1e-13) FAIL("dormqr left, trans %d", t);
      put(dct, ct, sizeof ct);
      OK(hipsolverDnDormqr(h, HIPSOLVER_SIDE_RIGHT, op, NC, M, K, da, M, dtau, dct, NC, NULL, 0,
                           dinfo));
      back(gott, dct, sizeof gott);
      dmul(NC, M, M, ct, NC, 0, q, M, t, wantt, NC);
      if (dmaxdiff(NC, M, gott, NC, wantt, NC) > 1e-13) FAIL("dormqr right, trans %d", t);
    }
    if (hipFree(da) || hipFree(dtau) || hipFree(dc) || hipFree(dct)) return 2;
  }

  /* ---- zgeqrf + zungqr (regular) and zunmqr: Q^H (Q C) = C ---- */
  {
    enum { M = 7, K = 4, NC = 2 };
    zc a[M * K], q[M * K], tau[K], c[M * NC], got[M * NC];
    for (int i = 0; i < M * K; i++) a[i] = zmk(rnd(), rnd());
    for (int i = 0; i < M * NC; i++) c[i] = zmk(rnd(), rnd());
    zc *da = dev(a, sizeof a), *dtau = dev(tau, sizeof tau), *dc = dev(c, sizeof c);
    zc *df = dev(a, sizeof a);
    OK(hipsolverZgeqrf(h, M, K, df, M, dtau, NULL, 0, dinfo));
    if (hipMemcpy(da, df, sizeof a, hipMemcpyDeviceToDevice)) return 2;
    OK(hipsolverZungqr_bufferSize(h, M, K, K, da, M, dtau, &lwork));
    OK(hipsolverZungqr(h, M, K, K, da, M, dtau, NULL, 0, dinfo));
    back(q, da, sizeof q);
    zc qhq[K * K];
    zmm(K, K, M, q, M, 1, q, M, qhq, K);
    for (int j = 0; j < K; j++)
      for (int i = 0; i < K; i++)
        if (hypot(qhq[i + j * K].x - (i == j), qhq[i + j * K].y) > 1e-13) FAIL("zungqr Q^H Q");
    OK(hipsolverDnZunmqr(h, HIPSOLVER_SIDE_LEFT, HIPSOLVER_OP_N, M, NC, K, df, M, dtau, dc, M,
                         NULL, 0, dinfo));
    OK(hipsolverZunmqr(h, HIPSOLVER_SIDE_LEFT, HIPSOLVER_OP_C, M, NC, K, df, M, dtau, dc, M, NULL,
                       0, dinfo));
    back(got, dc, sizeof got);
    if (zmaxdiff(M, NC, got, M, c, M) > 1e-13) FAIL("zunmqr Q^H Q C != C");
    /* trans T is for the real types only. */
    CHECK(hipsolverZunmqr(h, HIPSOLVER_SIDE_LEFT, HIPSOLVER_OP_T, M, NC, K, df, M, dtau, dc, M,
                          NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    if (hipFree(da) || hipFree(dtau) || hipFree(dc) || hipFree(df)) return 2;
  }

  /* ---- DDgels: overdetermined (out of place and in place) and underdetermined ---- */
  {
    enum { M = 10, N = 4, R = 2 };
    double a[M * N], b[M * R], x[N * R], res[M * R], atr[N * R], bb[M * R];
    for (int i = 0; i < M * N; i++) a[i] = rnd();
    for (int i = 0; i < M * R; i++) b[i] = rnd();
    double *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dx = dev(x, sizeof x);
    size_t lw = 0;
    OK(hipsolverDDgels_bufferSize(h, M, N, R, da, M, db, M, dx, N, &lw));
    if (lw == 0) FAIL("DDgels lwork 0");
    void *work = dev(NULL, lw);
    int niters = -3;
    poison(dinfo, 1);
    OK(hipsolverDDgels(h, M, N, R, da, M, db, M, dx, N, work, lw, &niters, dinfo));
    if (info_of(dinfo) != 0 || niters != 0) FAIL("DDgels info or niters %d", niters);
    back(x, dx, sizeof x);
    back(bb, db, sizeof bb);
    if (memcmp(bb, b, sizeof b)) FAIL("DDgels out of place changed B");
    /* A^T (A x - b) = 0. */
    dmul(M, R, N, a, M, 0, x, N, 0, res, M);
    for (int i = 0; i < M * R; i++) res[i] -= b[i];
    dmul(N, R, M, a, M, 1, res, M, 0, atr, N);
    for (int i = 0; i < N * R; i++)
      if (fabs(atr[i]) > 1e-12) FAIL("DDgels normal equations %g", atr[i]);
    /* In place through the Dn API: the same solution in B's first rows. */
    put(da, a, sizeof a);
    OK(hipsolverDnDDgels_bufferSize(h, M, N, R, da, M, db, M, db, M, NULL, &lw));
    OK(hipsolverDnDDgels(h, M, N, R, da, M, db, M, db, M, NULL, 0, NULL, dinfo));
    back(bb, db, sizeof bb);
    if (dmaxdiff(N, R, bb, M, x, N) > 1e-12) FAIL("DDgels in place");

    /* Underdetermined 3 x 6: A x = b, x = A^T y (minimum norm). */
    enum { MU = 3, NU = 6 };
    double au[MU * NU], bu[MU], xu[NU], ax[MU];
    for (int i = 0; i < MU * NU; i++) au[i] = rnd();
    for (int i = 0; i < MU; i++) bu[i] = rnd();
    double *dau = dev(au, sizeof au), *dbu = dev(bu, sizeof bu), *dxu = dev(xu, sizeof xu);
    OK(hipsolverDDgels(h, MU, NU, 1, dau, MU, dbu, MU, dxu, NU, NULL, 0, &niters, dinfo));
    if (info_of(dinfo) != 0) FAIL("DDgels underdetermined info");
    back(xu, dxu, sizeof xu);
    dmul(MU, 1, NU, au, MU, 0, xu, NU, 0, ax, MU);
    if (dmaxdiff(MU, 1, ax, MU, bu, MU) > 1e-12) FAIL("DDgels underdetermined A x != b");
    /* x is in A's row space: x = A^T (A A^T)^-1 b, so x^T z = 0 for z in A's null space; check
     * by projecting: || x ||^2 == b^T (A A^T)^-1 b, i.e. x . x == y . b with A^T y = x. */
    double aat[MU * MU], y[MU], xx = 0, yb = 0;
    dmul(MU, MU, NU, au, MU, 0, au, MU, 1, aat, MU);
    /* y = (A A^T)^-1 b by Cramer's rule on the 3 x 3 system. */
    {
      double *m = aat;
      double det = m[0] * (m[4] * m[8] - m[7] * m[5]) - m[3] * (m[1] * m[8] - m[7] * m[2]) +
                   m[6] * (m[1] * m[5] - m[4] * m[2]);
      for (int k = 0; k < 3; k++) {
        double t[9];
        memcpy(t, m, sizeof t);
        for (int i = 0; i < 3; i++) t[i + 3 * k] = bu[i];
        y[k] = (t[0] * (t[4] * t[8] - t[7] * t[5]) - t[3] * (t[1] * t[8] - t[7] * t[2]) +
                t[6] * (t[1] * t[5] - t[4] * t[2])) /
               det;
      }
    }
    for (int i = 0; i < NU; i++) xx += xu[i] * xu[i];
    for (int i = 0; i < MU; i++) yb += y[i] * bu[i];
    EXPECT_NEAR(xx, yb, 1e-12, "DDgels underdetermined: not the minimum norm solution");

    /* ZZgels (regular): a square complex system, A x = b. */
    enum { NZ = 5 };
    zc az[NZ * NZ], bz[NZ], xz[NZ], axz[NZ];
    for (int i = 0; i < NZ * NZ; i++) az[i] = zmk(rnd() + (i % (NZ + 1) == 0 ? 3 : 0), rnd());
    for (int i = 0; i < NZ; i++) bz[i] = zmk(rnd(), rnd());
    zc *daz = dev(az, sizeof az), *dbz = dev(bz, sizeof bz), *dxz = dev(xz, sizeof xz);
    OK(hipsolverZZgels_bufferSize(h, NZ, NZ, 1, daz, NZ, dbz, NZ, dxz, NZ, &lw));
    OK(hipsolverZZgels(h, NZ, NZ, 1, daz, NZ, dbz, NZ, dxz, NZ, NULL, 0, &niters, dinfo));
    back(xz, dxz, sizeof xz);
    zmm(NZ, 1, NZ, az, NZ, 0, xz, NZ, axz, NZ);
    if (zmaxdiff(NZ, 1, axz, NZ, bz, NZ) > 1e-12) FAIL("ZZgels A x != b");

    /* Bad sizes: ldb < m, ldx < n. */
    CHECK(hipsolverDDgels(h, M, N, R, da, M, db, M - 1, dx, N, NULL, 0, &niters, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDDgels_bufferSize(h, M, N, R, da, M, db, M, dx, N - 1, &lw),
          HIPSOLVER_STATUS_INVALID_VALUE);
    if (lw != 0) FAIL("a failed query leaves lwork %zu, not 0", lw);
    CHECK(hipsolverDDgels(h, M, N, R, da, M, db, M, dx, N, NULL, 0, &niters, NULL),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDDgels(h, M, N, R, NULL, M, db, M, dx, N, NULL, 0, &niters, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    if (hipFree(da) || hipFree(db) || hipFree(dx) || hipFree(work) || hipFree(dau) ||
        hipFree(dbu) || hipFree(dxu) || hipFree(daz) || hipFree(dbz) || hipFree(dxz))
      return 2;
  }

  /* ---- DDgesv (Dn) and SSgesv (regular): residuals, in place, singular ---- */
  {
    enum { N = 12, R = 3 };
    double a[N * N], b[N * R], x[N * R], ax[N * R], bb[N * R];
    for (int i = 0; i < N * N; i++) a[i] = rnd();
    for (int i = 0; i < N * R; i++) b[i] = rnd();
    double *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dx = dev(x, sizeof x);
    int *dpiv;
    if (hipMalloc((void **)&dpiv, N * sizeof(int))) return 2;
    size_t lw = 0;
    OK(hipsolverDnDDgesv_bufferSize(h, N, R, da, N, dpiv, db, N, dx, N, NULL, &lw));
    int niters = -3;
    poison(dinfo, 1);
    OK(hipsolverDnDDgesv(h, N, R, da, N, dpiv, db, N, dx, N, NULL, 0, &niters, dinfo));
    if (info_of(dinfo) != 0 || niters != 0) FAIL("DDgesv info or niters");
    back(x, dx, sizeof x);
    back(bb, db, sizeof bb);
    if (memcmp(bb, b, sizeof b)) FAIL("DDgesv out of place changed B");
    dmul(N, R, N, a, N, 0, x, N, 0, ax, N);
    if (dmaxdiff(N, R, ax, N, b, N) > 1e-12) FAIL("DDgesv residual");
    /* In place. */
    put(da, a, sizeof a);
    OK(hipsolverDDgesv(h, N, R, da, N, dpiv, db, N, db, N, NULL, 0, &niters, dinfo));
    back(bb, db, sizeof bb);
    if (dmaxdiff(N, R, bb, N, x, N) > 1e-12) FAIL("DDgesv in place");
    /* Singular: a zero column; info names it, X is left alone. */
    double sa[N * N];
    memcpy(sa, a, sizeof a);
    for (int i = 0; i < N; i++) sa[i + 4 * N] = 0;
    put(da, sa, sizeof sa);
    put(db, b, sizeof b);
    double x0[N * R];
    for (int i = 0; i < N * R; i++) x0[i] = 99;
    put(dx, x0, sizeof x0);
    OK(hipsolverDDgesv(h, N, R, da, N, dpiv, db, N, dx, N, NULL, 0, &niters, dinfo));
    if (info_of(dinfo) != 5) FAIL("singular DDgesv info %d", info_of(dinfo));
    back(x, dx, sizeof x);
    if (memcmp(x, x0, sizeof x)) FAIL("singular DDgesv wrote X");
    /* Bad calls. */
    CHECK(hipsolverDDgesv(h, N, R, da, N, NULL, db, N, dx, N, NULL, 0, &niters, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDDgesv(h, N, R, da, N - 1, dpiv, db, N, dx, N, NULL, 0, &niters, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDDgesv_bufferSize(NULL, N, R, da, N, dpiv, db, N, dx, N, &lw),
          HIPSOLVER_STATUS_NOT_INITIALIZED);

    float fa[N * N], fb[N], fx[N];
    for (int i = 0; i < N * N; i++) fa[i] = (float)a[i];
    for (int i = 0; i < N; i++) fb[i] = (float)b[i];
    float *dfa = dev(fa, sizeof fa), *dfb = dev(fb, sizeof fb), *dfx = dev(fx, sizeof fx);
    OK(hipsolverSSgesv_bufferSize(h, N, 1, dfa, N, dpiv, dfb, N, dfx, N, &lw));
    OK(hipsolverSSgesv(h, N, 1, dfa, N, dpiv, dfb, N, dfx, N, NULL, 0, &niters, dinfo));
    back(fx, dfx, sizeof fx);
    for (int i = 0; i < N; i++) {
      double v = 0;
      for (int p = 0; p < N; p++) v += fa[i + p * N] * (double)fx[p];
      EXPECT_NEAR(v, fb[i], 1e-3, "SSgesv residual row %d", i);
    }
    if (hipFree(da) || hipFree(db) || hipFree(dx) || hipFree(dpiv) || hipFree(dfa) ||
        hipFree(dfb) || hipFree(dfx))
      return 2;
  }

  /* ---- potrfBatched + potrsBatched (regular, d; Dn, z) ---- */
  {
    enum { N = 6, BC = 3 };
    double a[BC][N * N], b[BC][N], x[N], ax[N];
    double *da[BC], *db[BC];
    for (int m = 0; m < BC; m++) {
      dspd(N, a[m]);
      for (int i = 0; i < N; i++) b[m][i] = rnd();
      da[m] = dev(a[m], sizeof a[m]);
      db[m] = dev(b[m], sizeof b[m]);
    }
    double **dA = dev(da, sizeof da), **dB = dev(db, sizeof db);
    OK(hipsolverDpotrfBatched_bufferSize(h, HIPSOLVER_FILL_MODE_UPPER, N, dA, N, &lwork, BC));
    poison(dinfo, BC);
    OK(hipsolverDpotrfBatched(h, HIPSOLVER_FILL_MODE_UPPER, N, dA, N, NULL, 0, dinfo, BC));
    OK(hipsolverDpotrsBatched_bufferSize(h, HIPSOLVER_FILL_MODE_UPPER, N, 1, dA, N, dB, N,
                                         &lwork, BC));
    int infos[BC];
    back(infos, dinfo, sizeof infos);
    for (int m = 0; m < BC; m++)
      if (infos[m] != 0) FAIL("dpotrfBatched info %d of member %d", infos[m], m);
    poison(dinfo, BC);
    OK(hipsolverDpotrsBatched(h, HIPSOLVER_FILL_MODE_UPPER, N, 1, dA, N, dB, N, NULL, 0, dinfo,
                              BC));
    back(infos, dinfo, sizeof infos);
    for (int m = 0; m < BC; m++) {
      if (infos[m] != 0) FAIL("dpotrsBatched info %d of member %d", infos[m], m);
      back(x, db[m], sizeof x);
      dmul(N, 1, N, a[m], N, 0, x, N, 0, ax, N);
      if (dmaxdiff(N, 1, ax, N, b[m], N) > 1e-12) FAIL("dpotrsBatched member %d residual", m);
    }
    /* Member 1 indefinite at order 3. */
    for (int m = 0; m < BC; m++) put(da[m], a[m], sizeof a[m]);
    double bad[N * N];
    memcpy(bad, a[1], sizeof bad);
    bad[2 + 2 * N] = -1;
    put(da[1], bad, sizeof bad);
    OK(hipsolverDnDpotrfBatched(h, HIPSOLVER_FILL_MODE_LOWER, N, dA, N, dinfo, BC));
    back(infos, dinfo, sizeof infos);
    if (infos[0] != 0 || infos[1] != 3 || infos[2] != 0)
      FAIL("Dn dpotrfBatched infos %d %d %d", infos[0], infos[1], infos[2]);
    CHECK(hipsolverDpotrsBatched(h, HIPSOLVER_FILL_MODE_UPPER, N, 1, dA, N, dB, N, NULL, 0, NULL,
                                 BC),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDpotrfBatched(h, HIPBLAS_FILL_MODE_FULL, N, dA, N, dinfo, BC),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDpotrfBatched(h, HIPSOLVER_FILL_MODE_UPPER, N, dA, N, NULL, 0, dinfo, -1),
          HIPSOLVER_STATUS_INVALID_VALUE);

    zc za[N * N], zb[N], zx[N], zax[N];
    zherm(N, za, 1);
    for (int i = 0; i < N; i++) zb[i] = zmk(rnd(), rnd());
    zc *dza = dev(za, sizeof za), *dzb = dev(zb, sizeof zb);
    zc **dZA = dev(&dza, sizeof dza), **dZB = dev(&dzb, sizeof dzb);
    OK(hipsolverDnZpotrfBatched(h, HIPSOLVER_FILL_MODE_LOWER, N, dZA, N, dinfo, 1));
    OK(hipsolverDnZpotrsBatched(h, HIPSOLVER_FILL_MODE_LOWER, N, 1, dZA, N, dZB, N, dinfo, 1));
    if (info_of(dinfo) != 0) FAIL("Dn zpotrsBatched info");
    back(zx, dzb, sizeof zx);
    zmm(N, 1, N, za, N, 0, zx, N, zax, N);
    if (zmaxdiff(N, 1, zax, N, zb, N) > 1e-12) FAIL("Dn zpotrsBatched residual");
    for (int m = 0; m < BC; m++)
      if (hipFree(da[m]) || hipFree(db[m])) return 2;
    if (hipFree(dA) || hipFree(dB) || hipFree(dza) || hipFree(dzb) || hipFree(dZA) ||
        hipFree(dZB))
      return 2;
  }

  /* ---- syevd (regular, d): the second-difference matrix, eigenvalues 2 - 2 cos(k pi/(n+1));
   *      heevd (Dn, z): A v = l v ---- */
  {
    enum { N = 9 };
    double a[N * N], w[N], v[N * N], av[N * N];
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++) a[i + j * N] = i == j ? 2 : (abs(i - j) == 1 ? -1 : 0);
    double *da = dev(a, sizeof a), *dw = dev(w, sizeof w);
    OK(hipsolverDsyevd_bufferSize(h, HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_LOWER, N, da,
                                  N, dw, &lwork));
    poison(dinfo, 1);
    OK(hipsolverDsyevd(h, HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_LOWER, N, da, N, dw,
                       NULL, 0, dinfo));
    if (info_of(dinfo) != 0) FAIL("dsyevd info");
    back(w, dw, sizeof w);
    back(v, da, sizeof v);
    for (int k = 0; k < N; k++)
      EXPECT_NEAR(w[k], 2 - 2 * cos((k + 1) * M_PI / (N + 1)), 1e-13, "dsyevd eigenvalue %d", k);
    dmul(N, N, N, a, N, 0, v, N, 0, av, N);
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        EXPECT_NEAR(av[i + j * N], w[j] * v[i + j * N], 1e-13, "dsyevd A v (%d,%d)", i, j);
    /* Values only, through the Dn API on the upper triangle. */
    put(da, a, sizeof a);
    OK(hipsolverDnDsyevd(h, HIPSOLVER_EIG_MODE_NOVECTOR, HIPBLAS_FILL_MODE_UPPER, N, da, N, dw,
                         NULL, 0, dinfo));
    double w2[N];
    back(w2, dw, sizeof w2);
    if (dmaxdiff(N, 1, w2, N, w, N) > 1e-13) FAIL("Dn dsyevd values");
    CHECK(hipsolverDsyevd(h, (hipsolverEigMode_t)-1, HIPSOLVER_FILL_MODE_LOWER, N, da, N, dw,
                          NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDnDsyevd_bufferSize(h, HIPSOLVER_EIG_MODE_VECTOR, HIPBLAS_FILL_MODE_FULL, N,
                                       da, N, dw, &lwork),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDsyevd(h, HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_LOWER, N, da, N,
                          NULL, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDsyevd(h, HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_LOWER, N, da, N - 1,
                          dw, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);

    enum { NZ = 5 };
    zc za[NZ * NZ], zv[NZ * NZ], zav[NZ * NZ];
    double zw[NZ];
    zherm(NZ, za, 0);
    zc *dza = dev(za, sizeof za);
    double *dzw = dev(zw, sizeof zw);
    OK(hipsolverDnZheevd_bufferSize(h, HIPSOLVER_EIG_MODE_VECTOR, HIPBLAS_FILL_MODE_UPPER, NZ,
                                    dza, NZ, dzw, &lwork));
    OK(hipsolverDnZheevd(h, HIPSOLVER_EIG_MODE_VECTOR, HIPBLAS_FILL_MODE_UPPER, NZ, dza, NZ, dzw,
                         NULL, 0, dinfo));
    if (info_of(dinfo) != 0) FAIL("zheevd info");
    back(zw, dzw, sizeof zw);
    back(zv, dza, sizeof zv);
    zmm(NZ, NZ, NZ, za, NZ, 0, zv, NZ, zav, NZ);
    for (int j = 0; j < NZ; j++) {
      if (j > 0 && zw[j] < zw[j - 1]) FAIL("zheevd eigenvalues not ascending");
      for (int i = 0; i < NZ; i++)
        if (hypot(zav[i + j * NZ].x - zw[j] * zv[i + j * NZ].x,
                  zav[i + j * NZ].y - zw[j] * zv[i + j * NZ].y) > 1e-12)
          FAIL("zheevd A v (%d,%d)", i, j);
    }
    if (hipFree(da) || hipFree(dw) || hipFree(dza) || hipFree(dzw)) return 2;
  }

  /* ---- gesvd (regular, d, 'A'/'A', rwork and none; Dn, z, 'S'/'S') ---- */
  {
    enum { M = 6, N = 4 };
    double a[M * N], u[M * M], vt[N * N], sv[N], us[M * N], usv[M * N], e[N];
    for (int i = 0; i < M * N; i++) a[i] = rnd();
    double *da = dev(a, sizeof a), *du = dev(u, sizeof u), *dv = dev(vt, sizeof vt);
    double *ds = dev(sv, sizeof sv), *de = dev(e, sizeof e);
    OK(hipsolverDgesvd_bufferSize(h, 'A', 'A', M, N, &lwork));
    for (int with_rwork = 0; with_rwork < 2; with_rwork++) {
      put(da, a, sizeof a);
      poison(dinfo, 1);
      OK(hipsolverDgesvd(h, 'A', 'A', M, N, da, M, ds, du, M, dv, N, NULL, 0,
                         with_rwork ? de : NULL, dinfo));
      if (info_of(dinfo) != 0) FAIL("dgesvd info");
      back(sv, ds, sizeof sv);
      back(u, du, sizeof u);
      back(vt, dv, sizeof vt);
      for (int k = 1; k < N; k++)
        if (sv[k] > sv[k - 1]) FAIL("dgesvd S not descending");
      /* U(:, 0..N) S V^T = A. */
      for (int j = 0; j < N; j++)
        for (int i = 0; i < M; i++) us[i + j * M] = u[i + j * M] * sv[j];
      dmul(M, N, N, us, M, 0, vt, N, 0, usv, M);
      if (dmaxdiff(M, N, usv, M, a, M) > 1e-13) FAIL("dgesvd U S V^T != A (rwork %d)", with_rwork);
      double utu[M * M], eye[M * M];
      dmul(M, M, M, u, M, 1, u, M, 0, utu, M);
      for (int i = 0; i < M * M; i++) eye[i] = i % (M + 1) == 0;
      if (dmaxdiff(M, M, utu, M, eye, M) > 1e-13) FAIL("dgesvd U not orthogonal");
    }
    CHECK(hipsolverDgesvd_bufferSize(h, '\0', 'A', M, N, &lwork), HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDgesvd(h, 'O', 'O', M, N, da, M, ds, du, M, dv, N, NULL, 0, NULL, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDgesvd(h, 'A', 'A', M, N, da, M, ds, du, M - 1, dv, N, NULL, 0, NULL, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDgesvd(h, 'A', 'A', M, N, da, M, NULL, du, M, dv, N, NULL, 0, NULL, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);

    zc za[M * N], zu[M * N], zvt[N * N], zus[M * N], zusv[M * N];
    double zs[N];
    for (int i = 0; i < M * N; i++) za[i] = zmk(rnd(), rnd());
    zc *dza = dev(za, sizeof za), *dzu = dev(zu, sizeof zu), *dzv = dev(zvt, sizeof zvt);
    double *dzs = dev(zs, sizeof zs);
    OK(hipsolverDnZgesvd_bufferSize(h, M, N, &lwork));
    OK(hipsolverDnZgesvd(h, 'S', 'S', M, N, dza, M, dzs, dzu, M, dzv, N, NULL, 0, NULL, dinfo));
    if (info_of(dinfo) != 0) FAIL("zgesvd info");
    back(zs, dzs, sizeof zs);
    back(zu, dzu, sizeof zu);
    back(zvt, dzv, sizeof zvt);
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++) zus[i + j * M] = zmk(zu[i + j * M].x * zs[j], zu[i + j * M].y * zs[j]);
    zmm(M, N, N, zus, M, 0, zvt, N, zusv, M);
    if (zmaxdiff(M, N, zusv, M, za, M) > 1e-13) FAIL("zgesvd U S V^H != A");
    if (hipFree(da) || hipFree(du) || hipFree(dv) || hipFree(ds) || hipFree(de) ||
        hipFree(dza) || hipFree(dzu) || hipFree(dzv) || hipFree(dzs))
      return 2;
  }

  /* ---- sygvd of each itype (regular and Dn, d), hegvd (regular, c) ---- */
  {
    enum { N = 7 };
    double a[N * N], b[N * N], x[N * N], w[N], l[N * N], r[N * N], t[N * N];
    for (int j = 0; j < N; j++)
      for (int i = 0; i <= j; i++) a[i + j * N] = a[j + i * N] = rnd();
    dspd(N, b);
    double *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dw = dev(w, sizeof w);
    hipsolverEigType_t types[3] = {HIPSOLVER_EIG_TYPE_1, HIPSOLVER_EIG_TYPE_2,
                                   HIPSOLVER_EIG_TYPE_3};
    for (int k = 0; k < 3; k++) {
      put(da, a, sizeof a);
      put(db, b, sizeof b);
      hipsolverFillMode_t uplo = k == 1 ? HIPSOLVER_FILL_MODE_UPPER : HIPSOLVER_FILL_MODE_LOWER;
      if (k == 2) {
        OK(hipsolverDnDsygvd_bufferSize(h, types[k], HIPSOLVER_EIG_MODE_VECTOR, uplo, N, da, N,
                                        db, N, dw, &lwork));
        OK(hipsolverDnDsygvd(h, types[k], HIPSOLVER_EIG_MODE_VECTOR, uplo, N, da, N, db, N, dw,
                             NULL, 0, dinfo));
      } else {
        OK(hipsolverDsygvd_bufferSize(h, types[k], HIPSOLVER_EIG_MODE_VECTOR, uplo, N, da, N, db,
                                      N, dw, &lwork));
        poison(dinfo, 1);
        OK(hipsolverDsygvd(h, types[k], HIPSOLVER_EIG_MODE_VECTOR, uplo, N, da, N, db, N, dw,
                           NULL, 0, dinfo));
      }
      if (info_of(dinfo) != 0) FAIL("dsygvd itype %d info %d", k + 1, info_of(dinfo));
      back(x, da, sizeof x);
      back(w, dw, sizeof w);
      /* 1: A X = B X W; 2: A B X = X W; 3: B A X = X W. */
      double xw[N * N];
      for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) xw[i + j * N] = x[i + j * N] * w[j];
      if (k == 0) {
        dmul(N, N, N, a, N, 0, x, N, 0, l, N);
        dmul(N, N, N, b, N, 0, xw, N, 0, r, N);
      } else {
        dmul(N, N, N, k == 1 ? b : a, N, 0, x, N, 0, t, N);
        dmul(N, N, N, k == 1 ? a : b, N, 0, t, N, 0, l, N);
        memcpy(r, xw, sizeof r);
      }
      if (dmaxdiff(N, N, l, N, r, N) > 1e-11) FAIL("dsygvd itype %d identity", k + 1);
    }
    /* B indefinite: info n + the order of its first bad minor. */
    double bb[N * N];
    memcpy(bb, b, sizeof b);
    bb[1 + 1 * N] = -3;
    put(da, a, sizeof a);
    put(db, bb, sizeof bb);
    OK(hipsolverDsygvd(h, HIPSOLVER_EIG_TYPE_1, HIPSOLVER_EIG_MODE_NOVECTOR,
                       HIPSOLVER_FILL_MODE_LOWER, N, da, N, db, N, dw, NULL, 0, dinfo));
    if (info_of(dinfo) != N + 2) FAIL("dsygvd indefinite B info %d", info_of(dinfo));
    CHECK(hipsolverDsygvd(h, (hipsolverEigType_t)-1, HIPSOLVER_EIG_MODE_VECTOR,
                          HIPSOLVER_FILL_MODE_LOWER, N, da, N, db, N, dw, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDnDsygvd_bufferSize(h, HIPSOLVER_EIG_TYPE_1, (hipsolverEigMode_t)-1,
                                       HIPBLAS_FILL_MODE_LOWER, N, da, N, db, N, dw, &lwork),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDsygvd(h, HIPSOLVER_EIG_TYPE_1, HIPSOLVER_EIG_MODE_VECTOR,
                          HIPSOLVER_FILL_MODE_LOWER, N, da, N, NULL, N, dw, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDsygvd(h, HIPSOLVER_EIG_TYPE_1, HIPSOLVER_EIG_MODE_VECTOR,
                          HIPSOLVER_FILL_MODE_LOWER, N, da, N, db, N - 1, dw, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);

    /* chegvd, itype 1: eigenvalues real, ascending; A x = l B x in float. */
    enum { NC = 4 };
    hipFloatComplex ca[NC * NC], cb[NC * NC], cx[NC * NC];
    float cw[NC];
    zc za[NC * NC], zb[NC * NC];
    zherm(NC, za, 0);
    zherm(NC, zb, 1);
    for (int i = 0; i < NC * NC; i++) {
      ca[i].x = (float)za[i].x, ca[i].y = (float)za[i].y;
      cb[i].x = (float)zb[i].x, cb[i].y = (float)zb[i].y;
    }
    hipFloatComplex *dca = dev(ca, sizeof ca), *dcb = dev(cb, sizeof cb);
    float *dcw = dev(cw, sizeof cw);
    OK(hipsolverChegvd_bufferSize(h, HIPSOLVER_EIG_TYPE_1, HIPSOLVER_EIG_MODE_VECTOR,
                                  HIPSOLVER_FILL_MODE_UPPER, NC, dca, NC, dcb, NC, dcw, &lwork));
    OK(hipsolverChegvd(h, HIPSOLVER_EIG_TYPE_1, HIPSOLVER_EIG_MODE_VECTOR,
                       HIPSOLVER_FILL_MODE_UPPER, NC, dca, NC, dcb, NC, dcw, NULL, 0, dinfo));
    if (info_of(dinfo) != 0) FAIL("chegvd info");
    back(cx, dca, sizeof cx);
    back(cw, dcw, sizeof cw);
    zc zx[NC * NC], lhs[NC * NC], rhs[NC * NC], zxw[NC * NC];
    for (int j = 0; j < NC; j++)
      for (int i = 0; i < NC; i++) {
        zx[i + j * NC] = zmk(cx[i + j * NC].x, cx[i + j * NC].y);
        zxw[i + j * NC] = zmk(cx[i + j * NC].x * cw[j], cx[i + j * NC].y * cw[j]);
      }
    zmm(NC, NC, NC, za, NC, 0, zx, NC, lhs, NC);
    zmm(NC, NC, NC, zb, NC, 0, zxw, NC, rhs, NC);
    if (zmaxdiff(NC, NC, lhs, NC, rhs, NC) > 1e-3) FAIL("chegvd A x != l B x");
    if (hipFree(da) || hipFree(db) || hipFree(dw) || hipFree(dca) || hipFree(dcb) ||
        hipFree(dcw))
      return 2;
  }

  /* ---- potri (regular, d lower; Dn, z upper): A A^-1 = I ---- */
  {
    enum { N = 8 };
    double a[N * N], inv[N * N], full[N * N], ai[N * N];
    dspd(N, a);
    double *da = dev(a, sizeof a);
    OK(hipsolverDpotrf(h, HIPSOLVER_FILL_MODE_LOWER, N, da, N, NULL, 0, dinfo));
    OK(hipsolverDpotri_bufferSize(h, HIPSOLVER_FILL_MODE_LOWER, N, da, N, &lwork));
    poison(dinfo, 1);
    OK(hipsolverDpotri(h, HIPSOLVER_FILL_MODE_LOWER, N, da, N, NULL, 0, dinfo));
    if (info_of(dinfo) != 0) FAIL("dpotri info");
    back(inv, da, sizeof inv);
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++) full[i + j * N] = i >= j ? inv[i + j * N] : inv[j + i * N];
    dmul(N, N, N, a, N, 0, full, N, 0, ai, N);
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++) EXPECT_NEAR(ai[i + j * N], i == j, 1e-13, "dpotri (%d,%d)", i, j);
    /* A zero on the factor's diagonal. */
    double z[N * N];
    memcpy(z, a, sizeof z);
    z[5 + 5 * N] = 0;
    put(da, z, sizeof z);
    OK(hipsolverDnDpotri(h, HIPBLAS_FILL_MODE_LOWER, N, da, N, NULL, 0, dinfo));
    if (info_of(dinfo) != 6) FAIL("dpotri singular info %d", info_of(dinfo));
    CHECK(hipsolverDpotri(h, (hipsolverFillMode_t)-1, N, da, N, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDpotri(h, HIPSOLVER_FILL_MODE_LOWER, N, NULL, N, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDpotri(h, HIPSOLVER_FILL_MODE_LOWER, N, da, N, NULL, 0, NULL),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDpotri_bufferSize(h, HIPBLAS_FILL_MODE_LOWER, N, da, N - 1, &lwork),
          HIPSOLVER_STATUS_INVALID_VALUE);

    zc za[N * N], zi[N * N], zfull[N * N], zai[N * N];
    zherm(N, za, 1);
    zc *dza = dev(za, sizeof za);
    OK(hipsolverDnZpotrf(h, HIPBLAS_FILL_MODE_UPPER, N, dza, N, NULL, 0, dinfo));
    OK(hipsolverDnZpotri_bufferSize(h, HIPBLAS_FILL_MODE_UPPER, N, dza, N, &lwork));
    OK(hipsolverDnZpotri(h, HIPBLAS_FILL_MODE_UPPER, N, dza, N, NULL, 0, dinfo));
    if (info_of(dinfo) != 0) FAIL("zpotri info");
    back(zi, dza, sizeof zi);
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        zfull[i + j * N] = i <= j ? zi[i + j * N] : zconj(zi[j + i * N]);
    zmm(N, N, N, za, N, 0, zfull, N, zai, N);
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        if (hypot(zai[i + j * N].x - (i == j), zai[i + j * N].y) > 1e-13)
          FAIL("zpotri (%d,%d)", i, j);
    if (hipFree(da) || hipFree(dza)) return 2;
  }

  /* ---- more statuses: handles, lwork, orgqr/ormqr sizes and enums ---- */
  {
    double *d;
    if (hipMalloc((void **)&d, 64 * sizeof(double))) return 2;
    CHECK(hipsolverDorgqr_bufferSize(NULL, 4, 4, 4, d, 4, d, &lwork),
          HIPSOLVER_STATUS_NOT_INITIALIZED);
    CHECK(hipsolverDorgqr_bufferSize(h, 4, 4, 4, d, 4, d, NULL), HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDorgqr(h, 4, 5, 4, d, 4, d, NULL, 0, dinfo), HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDorgqr(h, 4, 4, 4, d, 4, NULL, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDorgqr(h, 4, 4, 4, d, 4, d, NULL, 0, NULL), HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDormqr(h, (hipsolverSideMode_t)-1, HIPSOLVER_OP_N, 4, 4, 4, d, 4, d, d, 4,
                          NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDnDormqr(h, HIPBLAS_SIDE_BOTH, HIPBLAS_OP_N, 4, 4, 4, d, 4, d, d, 4, NULL, 0,
                            dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDormqr(h, HIPSOLVER_SIDE_LEFT, (hipsolverOperation_t)-1, 4, 4, 4, d, 4, d, d,
                          4, NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDormqr(h, HIPSOLVER_SIDE_LEFT, HIPSOLVER_OP_C, 4, 4, 4, d, 4, d, d, 4, NULL,
                          0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDormqr_bufferSize(h, HIPSOLVER_SIDE_LEFT, HIPSOLVER_OP_N, 4, 4, 5, d, 4, d, d,
                                     4, &lwork),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDormqr(h, HIPSOLVER_SIDE_RIGHT, HIPSOLVER_OP_N, 4, 3, 3, d, 2, d, d, 4, NULL,
                          0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDormqr(h, HIPSOLVER_SIDE_LEFT, HIPSOLVER_OP_N, 4, 4, 4, d, 4, d, NULL, 4,
                          NULL, 0, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDormqr(h, HIPSOLVER_SIDE_LEFT, HIPSOLVER_OP_N, 4, 4, 4, d, 4, d, d, 4, NULL,
                          0, NULL),
          HIPSOLVER_STATUS_INVALID_VALUE);
    if (hipFree(d)) return 2;
  }

  if (hipFree(dinfo)) return 2;
  OK(hipsolverDestroy(h));
  if (hipStreamDestroy(s)) return 2;
  printf("ok\n");
  return 0;
}
