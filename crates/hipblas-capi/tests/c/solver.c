/* hipBLAS's solver functions from C: getrf (with and without pivots; a singular matrix's info),
 * getrs, getriBatched, geqrf and gels in several types and batch forms, against host references
 * computed in double; and hipBLAS's statuses and host info values for bad calls. Prints "ok" at
 * the end; any failure exits non-zero naming it. */
#include <hipblas/hipblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    long long g_ = (got), w_ = (want);                                                       \
    if (g_ != w_) {                                                                          \
      fprintf(stderr, "%s:%d: %s = %lld, want %lld\n", __FILE__, __LINE__, what, g_, w_);   \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

static unsigned seed = 77;
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

static void get(void *h, const void *d, size_t bytes) {
  HIP(hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost));
}

static void near(const char *what, int i, double got, double want, double tol) {
  if (!(fabs(got - want) <= tol * (1 + fabs(want)))) {
    fprintf(stderr, "%s: element %d = %.17g, want %.17g\n", what, i, got, want);
    exit(1);
  }
}

/* LAPACK's getrf (unblocked, partial pivoting by largest magnitude, first of equals) on an
 * n x n column-major matrix in double: its info. */
static int ref_getrf(int n, double *a, int lda, int *ipiv, int pivot) {
  int info = 0;
  for (int k = 0; k < n; k++) {
    int p = k;
    if (pivot) {
      for (int i = k + 1; i < n; i++)
        if (fabs(a[i + k * lda]) > fabs(a[p + k * lda])) p = i;
      ipiv[k] = p + 1;
      if (p != k)
        for (int j = 0; j < n; j++) {
          double t = a[k + j * lda];
          a[k + j * lda] = a[p + j * lda];
          a[p + j * lda] = t;
        }
    }
    double d = a[k + k * lda];
    if (d == 0) {
      if (!info) info = k + 1;
      continue;
    }
    for (int i = k + 1; i < n; i++) a[i + k * lda] /= d;
    for (int j = k + 1; j < n; j++)
      for (int i = k + 1; i < n; i++) a[i + j * lda] -= a[i + k * lda] * a[k + j * lda];
  }
  return info;
}

/* sgetrf with and without pivots against the host, and a singular matrix's info. */
static void getrf_single(hipblasHandle_t h) {
  enum { N = 7, LDA = 9 };
  float a[LDA * N];
  double r[LDA * N];
  for (int i = 0; i < LDA * N; i++) r[i] = a[i] = (float)rnd();
  for (int pivot = 1; pivot >= 0; pivot--) {
    int *dipiv = pivot ? dev((int[N]){0}, N * sizeof(int)) : NULL;
    int *dinfo = dev((int[1]){-5}, sizeof(int));
    double ref[LDA * N];
    int ripiv[N];
    memcpy(ref, r, sizeof ref);
    if (!pivot) /* no pivoting needs a matrix that does not: make it diagonally dominant */
      for (int i = 0; i < N; i++) ref[i + i * LDA] = a[i + i * LDA] += 8;
    float *da2 = dev(a, sizeof a);
    SAME("ref info", ref_getrf(N, ref, LDA, ripiv, pivot), 0);
    CHECK(hipblasSgetrf(h, N, da2, LDA, dipiv, dinfo), HIPBLAS_STATUS_SUCCESS);
    float lu[LDA * N];
    int ipiv[N], info;
    get(lu, da2, sizeof lu);
    get(&info, dinfo, sizeof info);
    SAME("sgetrf info", info, 0);
    if (pivot) {
      get(ipiv, dipiv, sizeof ipiv);
      for (int i = 0; i < N; i++) SAME("sgetrf ipiv", ipiv[i], ripiv[i]);
    }
    for (int j = 0; j < N; j++)
      for (int i = 0; i < LDA; i++)
        near("sgetrf LU", i + j * LDA, lu[i + j * LDA], i < N ? ref[i + j * LDA] : a[i + j * LDA],
             1e-4);
    HIP(hipFree(da2));
    HIP(hipFree(dinfo));
    if (dipiv) HIP(hipFree(dipiv));
  }
  /* [[1 2] [2 4]]: rows exchanged, then U(2,2) = 0. */
  double s[4] = {1, 2, 2, 4};
  double *ds = dev(s, sizeof s);
  int *dipiv = dev((int[2]){0}, 2 * sizeof(int)), *dinfo = dev((int[1]){0}, sizeof(int));
  CHECK(hipblasDgetrf(h, 2, ds, 2, dipiv, dinfo), HIPBLAS_STATUS_SUCCESS);
  int ipiv[2], info;
  get(ipiv, dipiv, sizeof ipiv);
  get(&info, dinfo, sizeof info);
  SAME("singular ipiv[0]", ipiv[0], 2);
  SAME("singular ipiv[1]", ipiv[1], 2);
  SAME("singular info", info, 2);
  HIP(hipFree(ds));
  HIP(hipFree(dipiv));
  HIP(hipFree(dinfo));
}

/* dgetrfBatched, dgetrsBatched (op N and T) and dgetriBatched over pointer arrays. */
static void lu_batched(hipblasHandle_t h) {
  enum { N = 6, LDA = 8, LDB = 7, NRHS = 2, BATCH = 3 };
  double a[BATCH][LDA * N], b[BATCH][LDB * NRHS];
  double *da[BATCH], *db[BATCH], *dc[BATCH];
  for (int m = 0; m < BATCH; m++) {
    for (int i = 0; i < LDA * N; i++) a[m][i] = rnd();
    for (int i = 0; i < LDB * NRHS; i++) b[m][i] = rnd();
    da[m] = dev(a[m], sizeof a[m]);
    db[m] = dev(b[m], sizeof b[m]);
    dc[m] = dev((double[LDA * N]){0}, sizeof a[m]);
  }
  double **dA = dev(da, sizeof da), **dB = dev(db, sizeof db), **dC = dev(dc, sizeof dc);
  int *dipiv = dev((int[N * BATCH]){0}, sizeof(int) * N * BATCH);
  int *dinfo = dev((int[BATCH]){7, 7, 7}, sizeof(int) * BATCH);
  CHECK(hipblasDgetrfBatched(h, N, dA, LDA, dipiv, dinfo, BATCH), HIPBLAS_STATUS_SUCCESS);
  int info[BATCH], ipiv[N * BATCH];
  get(info, dinfo, sizeof info);
  get(ipiv, dipiv, sizeof ipiv);
  for (int m = 0; m < BATCH; m++) {
    double ref[LDA * N];
    int rp[N];
    memcpy(ref, a[m], sizeof ref);
    SAME("dgetrfBatched info", info[m], ref_getrf(N, ref, LDA, rp, 1));
    for (int i = 0; i < N; i++) SAME("dgetrfBatched ipiv", ipiv[m * N + i], rp[i]);
  }
  for (int trans = 0; trans < 2; trans++) {
    int hinfo = 9;
    for (int m = 0; m < BATCH; m++) HIP(hipMemcpy(db[m], b[m], sizeof b[m], hipMemcpyHostToDevice));
    CHECK(hipblasDgetrsBatched(h, trans ? HIPBLAS_OP_T : HIPBLAS_OP_N, N, NRHS, dA, LDA, dipiv, dB,
                               LDB, &hinfo, BATCH),
          HIPBLAS_STATUS_SUCCESS);
    SAME("dgetrsBatched info", hinfo, 0);
    for (int m = 0; m < BATCH; m++) {
      double x[LDB * NRHS];
      get(x, db[m], sizeof x);
      /* op(A) x = b */
      for (int k = 0; k < NRHS; k++)
        for (int i = 0; i < N; i++) {
          double s = 0;
          for (int j = 0; j < N; j++)
            s += (trans ? a[m][j + i * LDA] : a[m][i + j * LDA]) * x[j + k * LDB];
          near("dgetrsBatched residual", i, s, b[m][i + k * LDB], 1e-9);
        }
    }
  }
  int ginfo[BATCH];
  CHECK(hipblasDgetriBatched(h, N, dA, LDA, dipiv, dC, LDA, dinfo, BATCH), HIPBLAS_STATUS_SUCCESS);
  get(ginfo, dinfo, sizeof ginfo);
  for (int m = 0; m < BATCH; m++) {
    SAME("dgetriBatched info", ginfo[m], 0);
    double c[LDA * N];
    get(c, dc[m], sizeof c);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        double s = 0;
        for (int k = 0; k < N; k++) s += c[i + k * LDA] * a[m][k + j * LDA];
        near("dgetriBatched C A", i + j * N, s, i == j, 1e-9);
      }
  }
  for (int m = 0; m < BATCH; m++) {
    HIP(hipFree(da[m]));
    HIP(hipFree(db[m]));
    HIP(hipFree(dc[m]));
  }
  HIP(hipFree(dA));
  HIP(hipFree(dB));
  HIP(hipFree(dC));
  HIP(hipFree(dipiv));
  HIP(hipFree(dinfo));
}

/* zgetrfStridedBatched and zgetrsStridedBatched with op C: A^H x = b. */
static void lu_complex_strided(hipblasHandle_t h) {
  enum { N = 5, LDA = 6, BATCH = 2, SA = LDA * N + 3, SB = N + 2 };
  hipblasDoubleComplex a[SA * BATCH], b[SB * BATCH];
  for (int i = 0; i < SA * BATCH; i++) a[i] = (hipblasDoubleComplex){rnd(), rnd()};
  for (int i = 0; i < SB * BATCH; i++) b[i] = (hipblasDoubleComplex){rnd(), rnd()};
  hipblasDoubleComplex *da = dev(a, sizeof a), *db = dev(b, sizeof b);
  int *dipiv = dev((int[(N + 1) * BATCH]){0}, sizeof(int) * (N + 1) * BATCH);
  int *dinfo = dev((int[BATCH]){0}, sizeof(int) * BATCH), hinfo = 3;
  CHECK(hipblasZgetrfStridedBatched(h, N, da, LDA, SA, dipiv, N + 1, dinfo, BATCH),
        HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasZgetrsStridedBatched(h, HIPBLAS_OP_C, N, 1, da, LDA, SA, dipiv, N + 1, db, N, SB,
                                    &hinfo, BATCH),
        HIPBLAS_STATUS_SUCCESS);
  SAME("zgetrsStridedBatched info", hinfo, 0);
  hipblasDoubleComplex x[SB * BATCH];
  get(x, db, sizeof x);
  for (int m = 0; m < BATCH; m++)
    for (int i = 0; i < N; i++) {
      double re = 0, im = 0;
      for (int j = 0; j < N; j++) {
        hipblasDoubleComplex e = a[m * SA + j + i * LDA], v = x[m * SB + j];
        re += e.x * v.x + e.y * v.y; /* conj(e) v */
        im += e.x * v.y - e.y * v.x;
      }
      near("zgetrs re", i, re, b[m * SB + i].x, 1e-9);
      near("zgetrs im", i, im, b[m * SB + i].y, 1e-9);
    }
  /* The gap between strided members is untouched. */
  for (int i = N; i < SB; i++) near("zgetrs gap", i, x[i].x, b[i].x, 0);
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dipiv));
  HIP(hipFree(dinfo));
}

/* dgeqrf, sgeqrfBatched (tau pointers): R^T R = A^T A; dgels (least squares) against the
 * normal equations. */
static void qr(hipblasHandle_t h) {
  enum { M = 7, N = 4, LDA = 9 };
  double a[LDA * N];
  for (int i = 0; i < LDA * N; i++) a[i] = rnd();
  double *da = dev(a, sizeof a), *dtau = dev((double[N]){0}, sizeof(double) * N);
  int info = 5;
  CHECK(hipblasDgeqrf(h, M, N, da, LDA, dtau, &info), HIPBLAS_STATUS_SUCCESS);
  SAME("dgeqrf info", info, 0);
  double qrm[LDA * N];
  get(qrm, da, sizeof qrm);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double rr = 0, aa = 0;
      for (int k = 0; k <= (i < j ? i : j); k++) rr += qrm[k + i * LDA] * qrm[k + j * LDA];
      for (int k = 0; k < M; k++) aa += a[k + i * LDA] * a[k + j * LDA];
      near("dgeqrf R^T R", i + j * N, rr, aa, 1e-10);
    }
  HIP(hipFree(da));
  HIP(hipFree(dtau));

  float fa[2][LDA * N];
  float *dfa[2], *dft[2];
  for (int m = 0; m < 2; m++) {
    for (int i = 0; i < LDA * N; i++) fa[m][i] = (float)rnd();
    dfa[m] = dev(fa[m], sizeof fa[m]);
    dft[m] = dev((float[N]){0}, sizeof(float) * N);
  }
  float **dFA = dev(dfa, sizeof dfa), **dFT = dev(dft, sizeof dft);
  CHECK(hipblasSgeqrfBatched(h, M, N, dFA, LDA, dFT, &info, 2), HIPBLAS_STATUS_SUCCESS);
  SAME("sgeqrfBatched info", info, 0);
  for (int m = 0; m < 2; m++) {
    float r[LDA * N];
    get(r, dfa[m], sizeof r);
    for (int i = 0; i < N; i++) {
      double rr = 0, aa = 0;
      for (int k = 0; k <= i; k++) rr += (double)r[k + i * LDA] * r[k + i * LDA];
      for (int k = 0; k < M; k++) aa += (double)fa[m][k + i * LDA] * fa[m][k + i * LDA];
      near("sgeqrfBatched |R col|^2", i, rr, aa, 1e-4);
    }
    HIP(hipFree(dfa[m]));
    HIP(hipFree(dft[m]));
  }
  HIP(hipFree(dFA));
  HIP(hipFree(dFT));

  /* Least squares: A^T A x = A^T b. */
  double b[LDA];
  for (int i = 0; i < LDA; i++) b[i] = rnd();
  da = dev(a, sizeof a);
  double *db = dev(b, sizeof b);
  int *ddinfo = dev((int[1]){4}, sizeof(int)), dinfo;
  CHECK(hipblasDgels(h, HIPBLAS_OP_N, M, N, 1, da, LDA, db, LDA, &info, ddinfo),
        HIPBLAS_STATUS_SUCCESS);
  SAME("dgels info", info, 0);
  get(&dinfo, ddinfo, sizeof dinfo);
  SAME("dgels device info", dinfo, 0);
  double x[LDA];
  get(x, db, sizeof x);
  for (int i = 0; i < N; i++) {
    /* (A^T (A x - b))_i = 0 */
    double g = 0;
    for (int k = 0; k < M; k++) {
      double r = -b[k];
      for (int j = 0; j < N; j++) r += a[k + j * LDA] * x[j];
      g += a[k + i * LDA] * r;
    }
    near("dgels normal equations", i, g, 0, 1e-10);
  }
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(ddinfo));
}

/* Statuses and host info of bad calls, as hipBLAS's own tests expect them. */
static void bad_calls(hipblasHandle_t h) {
  enum { N = 4 };
  float *da = dev((float[N * N]){0}, sizeof(float) * N * N);
  float *db = dev((float[N]){0}, sizeof(float) * N);
  int *dipiv = dev((int[N]){1, 2, 3, 4}, sizeof(int) * N), *dinfo = dev((int[2]){0}, 8);
  int info = 0;
  CHECK(hipblasSgetrf(NULL, N, da, N, dipiv, dinfo), HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasSgetrf(h, -1, da, N, dipiv, dinfo), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSgetrf(h, N, da, N - 1, dipiv, dinfo), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSgetrf(h, N, NULL, N, dipiv, dinfo), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSgetrf(h, N, da, N, dipiv, NULL), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSgetrf(h, 0, NULL, N, NULL, dinfo), HIPBLAS_STATUS_SUCCESS);

  CHECK(hipblasSgetrs(h, HIPBLAS_OP_N, N, 1, da, N, dipiv, db, N, NULL),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSgetrs(h, HIPBLAS_OP_N, -1, 1, da, N, dipiv, db, N, &info),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("getrs n info", info, -2);
  CHECK(hipblasSgetrs(h, HIPBLAS_OP_N, N, 1, da, N, NULL, db, N, &info),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("getrs ipiv info", info, -6);
  CHECK(hipblasSgetrs(h, HIPBLAS_OP_N, N, 1, da, N, dipiv, db, N - 1, &info),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("getrs ldb info", info, -8);
  CHECK(hipblasSgetrs(h, (hipblasOperation_t)115, N, 1, da, N, dipiv, db, N, &info),
        HIPBLAS_STATUS_INVALID_ENUM);
  SAME("getrs trans info", info, -1);
  CHECK(hipblasSgetrs(h, HIPBLAS_OP_N, N, 0, da, N, dipiv, NULL, N, &info),
        HIPBLAS_STATUS_SUCCESS);
  SAME("getrs nrhs 0 info", info, 0);
  CHECK(hipblasSgetrsStridedBatched(h, HIPBLAS_OP_N, N, 1, da, N, 0, dipiv, 0, NULL, N, 0, &info,
                                    1),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("getrsStridedBatched B info", info, -9);

  CHECK(hipblasSgeqrf(h, N, N, da, N, db, NULL), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSgeqrf(h, N, N, da, N - 1, db, &info), HIPBLAS_STATUS_INVALID_VALUE);
  SAME("geqrf lda info", info, -4);
  CHECK(hipblasSgeqrf(h, 0, N, NULL, N, NULL, &info), HIPBLAS_STATUS_SUCCESS);
  SAME("geqrf m 0 info", info, 0);
  CHECK(hipblasSgeqrfStridedBatched(h, N, N, da, N, 0, db, 0, &info, -1),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("geqrfStridedBatched batch info", info, -9);

  CHECK(hipblasSgels(h, HIPBLAS_OP_C, N, N, 1, da, N, db, N, &info, dinfo),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("gels real op C info", info, -1);
  CHECK(hipblasSgels(h, HIPBLAS_OP_N, N, N, 1, da, N, db, N, &info, NULL),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("gels device info", info, -10);
  CHECK(hipblasSgelsStridedBatched(h, HIPBLAS_OP_N, 2, 3, 1, da, 2, 0, db, 2, 0, &info, dinfo, 1),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("gelsStridedBatched ldb info", info, -9);
  CHECK(hipblasSgelsStridedBatched(h, HIPBLAS_OP_N, N, N, 1, da, N, 0, db, N, 0, &info, NULL, 0),
        HIPBLAS_STATUS_SUCCESS);
  SAME("gelsStridedBatched batch 0 info", info, 0);
  CHECK(hipblasCgels(h, HIPBLAS_OP_T, N, N, 1, (hipblasComplex *)da, N, (hipblasComplex *)db, N,
                     &info, dinfo),
        HIPBLAS_STATUS_INVALID_VALUE);
  SAME("gels complex op T info", info, -1);

  float *pa[2] = {da, da};
  float **dpa = dev(pa, sizeof pa);
  CHECK(hipblasSgetriBatched(h, N, dpa, N, dipiv, dpa, N - 1, dinfo, 2),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSgetriBatched(h, N, dpa, N, dipiv, dpa, N, NULL, 2), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSgetriBatched(NULL, N, dpa, N, dipiv, dpa, N, dinfo, 2),
        HIPBLAS_STATUS_NOT_INITIALIZED);
  int two[2] = {9, 9};
  CHECK(hipblasSgetriBatched(h, 0, NULL, N, NULL, NULL, N, dinfo, 2), HIPBLAS_STATUS_SUCCESS);
  get(two, dinfo, sizeof two);
  SAME("getriBatched n 0 info", two[0] | two[1], 0);
  HIP(hipFree(dpa));
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dipiv));
  HIP(hipFree(dinfo));
}

/* The _v2 names are the same functions: cgetrf_v2 without pivots on a diagonal matrix. */
static void v2_names(hipblasHandle_t h) {
  hipblasComplex a[4] = {{2, 0}, {0, 0}, {0, 0}, {0, 4}};
  hipblasComplex *da = dev(a, sizeof a);
  int *dinfo = dev((int[1]){3}, sizeof(int)), info;
  CHECK(hipblasCgetrf_v2(h, 2, da, 2, NULL, dinfo), HIPBLAS_STATUS_SUCCESS);
  get(&info, dinfo, sizeof info);
  SAME("cgetrf_v2 info", info, 0);
  hipblasComplex lu[4];
  get(lu, da, sizeof lu);
  near("cgetrf_v2 U", 3, lu[3].y, 4, 0);
  HIP(hipFree(da));
  HIP(hipFree(dinfo));
}

int main(void) {
  hipblasHandle_t h;
  CHECK(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  getrf_single(h);
  lu_batched(h);
  lu_complex_strided(h);
  qr(h);
  bad_calls(h);
  v2_names(h);
  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  printf("ok\n");
  return 0;
}
