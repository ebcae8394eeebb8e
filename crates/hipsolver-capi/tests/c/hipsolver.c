/* hipSOLVER's C ABI from C, on a handle with a created stream: the compatibility API's dgetrf
 * (with its buffer-size query) and dgetrs solve a random 40 x 40 system (residual checked in
 * double on the host), spotrf (lower) of an indefinite matrix names the failing minor in devInfo,
 * dpotrf (upper) + dpotrs solve an SPD system, zgeqrf of orthogonal columns gives |R(j,j)| the
 * column norms; the regular API's dgetrf + dgetrs with their queries and workspaces; dgetrf with
 * a null devIpiv factors without pivoting (L U = A exactly where partial pivoting would swap);
 * and the statuses of bad calls. Prints "ok" at the end. */
#include <hipsolver/hipsolver.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    hipsolverStatus_t got_ = (call);                                                         \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %d, wanted %d\n", __FILE__, __LINE__, #call,        \
              (int)got_, (int)(want));                                                       \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

#define FAIL(...)                                                                              \
  do {                                                                                       \
    fprintf(stderr, __VA_ARGS__);                                                            \
    fprintf(stderr, " (line %d)\n", __LINE__);                                               \
    exit(1);                                                                                 \
  } while (0)

static void *dev(const void *h, size_t bytes) {
  void *d;
  if (hipMalloc(&d, bytes) || hipMemcpy(d, h, bytes, hipMemcpyHostToDevice)) exit(2);
  return d;
}

static void back(void *h, const void *d, size_t bytes, hipStream_t s) {
  if (hipStreamSynchronize(s) || hipMemcpy(h, d, bytes, hipMemcpyDeviceToHost)) exit(2);
}

static int info_of(const int *dinfo, hipStream_t s) {
  int info = -12345;
  back(&info, dinfo, sizeof info, s);
  return info;
}

static void poison_info(int *dinfo) {
  int p = -7;
  if (hipMemcpy(dinfo, &p, sizeof p, hipMemcpyHostToDevice)) exit(2);
}

static unsigned seed = 2024;
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 24) - 0.5;
}

/* max |A X - B| over an n x r system, column-major, relative to the size of A X. */
static double residual(int n, int r, const double *a, const double *x, const double *b) {
  double worst = 0;
  for (int j = 0; j < r; j++)
    for (int i = 0; i < n; i++) {
      double ax = 0, scale = 0;
      for (int p = 0; p < n; p++) {
        ax += a[i + p * n] * x[p + j * n];
        scale += fabs(a[i + p * n] * x[p + j * n]);
      }
      double e = fabs(ax - b[i + j * n]) / (scale + 1);
      if (e > worst) worst = e;
    }
  return worst;
}

int main(void) {
  hipsolverDnHandle_t h;
  CHECK(hipsolverDnCreate(&h), HIPSOLVER_STATUS_SUCCESS);
  hipStream_t s;
  if (hipStreamCreate(&s)) return 2;
  CHECK(hipsolverDnSetStream(h, s), HIPSOLVER_STATUS_SUCCESS);
  hipStream_t got = NULL;
  CHECK(hipsolverDnGetStream(h, &got), HIPSOLVER_STATUS_SUCCESS);
  if (got != s) FAIL("hipsolverDnGetStream gave another stream");
  got = NULL;
  CHECK(hipsolverGetStream(h, &got), HIPSOLVER_STATUS_SUCCESS);
  if (got != s) FAIL("hipsolverGetStream gave another stream");

  int *dinfo;
  if (hipMalloc((void **)&dinfo, sizeof(int))) return 2;

  /* ---- Dn dgetrf + dgetrs: a random 40 x 40 system, 2 right-hand sides ---- */
  enum { N = 40, R = 2 };
  {
    static double a[N * N], b[N * R], x[N * R];
    for (int i = 0; i < N * N; i++) a[i] = rnd();
    for (int i = 0; i < N * R; i++) b[i] = rnd();
    double *da = dev(a, sizeof a), *db = dev(b, sizeof b);
    int *dpiv;
    if (hipMalloc((void **)&dpiv, N * sizeof(int))) return 2;
    int lwork = -1;
    CHECK(hipsolverDnDgetrf_bufferSize(h, N, N, da, N, &lwork), HIPSOLVER_STATUS_SUCCESS);
    if (lwork < 0) FAIL("dgetrf lwork %d", lwork);
    double *work;
    if (hipMalloc((void **)&work, (size_t)(lwork > 0 ? lwork : 1) * sizeof(double))) return 2;
    poison_info(dinfo);
    CHECK(hipsolverDnDgetrf(h, N, N, da, N, work, dpiv, dinfo), HIPSOLVER_STATUS_SUCCESS);
    if (info_of(dinfo, s) != 0) FAIL("dgetrf info %d", info_of(dinfo, s));
    poison_info(dinfo);
    CHECK(hipsolverDnDgetrs(h, HIPSOLVER_OP_N, N, R, da, N, dpiv, db, N, dinfo),
          HIPSOLVER_STATUS_SUCCESS);
    if (info_of(dinfo, s) != 0) FAIL("dgetrs info %d", info_of(dinfo, s));
    back(x, db, sizeof x, s);
    double e = residual(N, R, a, x, b);
    if (!(e < 1e-12)) FAIL("Dn dgetrs residual %g", e);

    /* The transpose, on the same factors: A^T X = B. */
    static double at[N * N];
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++) at[i + j * N] = a[j + i * N];
    if (hipMemcpy(db, b, sizeof b, hipMemcpyHostToDevice)) return 2;
    CHECK(hipsolverDnDgetrs(h, HIPSOLVER_OP_T, N, R, da, N, dpiv, db, N, dinfo),
          HIPSOLVER_STATUS_SUCCESS);
    back(x, db, sizeof x, s);
    e = residual(N, R, at, x, b);
    if (!(e < 1e-12)) FAIL("Dn dgetrs (transpose) residual %g", e);

    /* ---- the regular API: hipsolverDgetrf + hipsolverDgetrs with their workspaces ---- */
    if (hipMemcpy(da, a, sizeof a, hipMemcpyHostToDevice) ||
        hipMemcpy(db, b, sizeof b, hipMemcpyHostToDevice))
      return 2;
    int lwork_f = -1, lwork_s = -1;
    CHECK(hipsolverDgetrf_bufferSize(h, N, N, da, N, &lwork_f), HIPSOLVER_STATUS_SUCCESS);
    CHECK(hipsolverDgetrs_bufferSize(h, HIPSOLVER_OP_N, N, R, da, N, dpiv, db, N, &lwork_s),
          HIPSOLVER_STATUS_SUCCESS);
    if (lwork_f < 0 || lwork_s < 0) FAIL("lwork %d %d", lwork_f, lwork_s);
    int lw = lwork_f > lwork_s ? lwork_f : lwork_s;
    double *work2;
    if (hipMalloc((void **)&work2, (size_t)(lw > 0 ? lw : 1) * sizeof(double))) return 2;
    poison_info(dinfo);
    CHECK(hipsolverDgetrf(h, N, N, da, N, work2, lwork_f, dpiv, dinfo), HIPSOLVER_STATUS_SUCCESS);
    if (info_of(dinfo, s) != 0) FAIL("regular dgetrf info");
    poison_info(dinfo);
    CHECK(hipsolverDgetrs(h, HIPSOLVER_OP_N, N, R, da, N, dpiv, db, N, work2, lwork_s, dinfo),
          HIPSOLVER_STATUS_SUCCESS);
    if (info_of(dinfo, s) != 0) FAIL("regular dgetrs info");
    back(x, db, sizeof x, s);
    e = residual(N, R, a, x, b);
    if (!(e < 1e-12)) FAIL("regular dgetrs residual %g", e);

    /* ---- statuses of bad getrf/getrs calls ---- */
    lwork = 77;
    CHECK(hipsolverDnDgetrf_bufferSize(h, N, N, da, N - 1, &lwork),
          HIPSOLVER_STATUS_INVALID_VALUE);
    if (lwork != 0) FAIL("a failed query leaves lwork %d, not 0", lwork);
    CHECK(hipsolverDnDgetrf_bufferSize(h, N, N, da, N, NULL), HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDgetrf(h, N, N, da, N - 1, work, dpiv, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDgetrf(h, -1, N, da, N, work, 1, dpiv, dinfo), HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDgetrf(h, N, N, da, N, work, dpiv, NULL), HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDgetrs(h, HIPSOLVER_OP_N, N, R, da, N, dpiv, db, N, NULL),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDgetrs(h, HIPSOLVER_OP_N, N, R, da, N, dpiv, db, N - 1, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnDgetrs(h, (hipblasOperation_t)110, N, R, da, N, dpiv, db, N, dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDgetrs_bufferSize(h, (hipsolverOperation_t)114, N, R, da, N, dpiv, db, N,
                                     &lwork),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDnDgetrf_bufferSize(NULL, N, N, da, N, &lwork),
          HIPSOLVER_STATUS_NOT_INITIALIZED);
    CHECK(hipsolverDnDgetrf(NULL, N, N, da, N, work, dpiv, dinfo),
          HIPSOLVER_STATUS_NOT_INITIALIZED);
    CHECK(hipsolverDgetrs(NULL, HIPSOLVER_OP_N, N, R, da, N, dpiv, db, N, work, 1, dinfo),
          HIPSOLVER_STATUS_NOT_INITIALIZED);
    if (hipFree(da) || hipFree(db) || hipFree(dpiv) || hipFree(work) || hipFree(work2)) return 2;
  }

  /* ---- Dn dgetrf with a null devIpiv: no pivoting ---- */
  {
    /* Diagonally dominant by rows, so every pivot of LU without pivoting is nonzero; but a
     * sub-diagonal entry of each column beats the diagonal, so partial pivoting would swap. */
    enum { M = 8 };
    double a[M * M], lu[M * M];
    for (int j = 0; j < M; j++)
      for (int i = 0; i < M; i++) a[i + j * M] = i == j ? 10.0 * (i + 1) : 0.5 * rnd();
    for (int j = 0; j + 1 < M; j++) a[(j + 1) + j * M] = 10.0 * j + 15;
    for (int i = 0; i < M; i++) {
      double off = 0;
      for (int j = 0; j < M; j++)
        if (j != i) off += fabs(a[i + j * M]);
      if (off >= fabs(a[i + i * M])) FAIL("test matrix not diagonally dominant in row %d", i);
    }
    double *da = dev(a, sizeof a);
    int lwork = -1;
    CHECK(hipsolverDnDgetrf_bufferSize(h, M, M, da, M, &lwork), HIPSOLVER_STATUS_SUCCESS);
    poison_info(dinfo);
    CHECK(hipsolverDnDgetrf(h, M, M, da, M, NULL, NULL, dinfo), HIPSOLVER_STATUS_SUCCESS);
    if (info_of(dinfo, s) != 0) FAIL("npvt dgetrf info");
    back(lu, da, sizeof lu, s);
    /* L U (unit lower L, upper U, both in lu) must be A itself: no row was exchanged. */
    for (int j = 0; j < M; j++)
      for (int i = 0; i < M; i++) {
        double v = 0;
        for (int p = 0; p <= (i < j ? i : j); p++) {
          double l = p == i ? 1.0 : lu[i + p * M];
          v += l * lu[p + j * M];
        }
        if (fabs(v - a[i + j * M]) > 1e-11)
          FAIL("npvt (L U)(%d,%d) = %g, A has %g", i, j, v, a[i + j * M]);
      }
    if (hipFree(da)) return 2;
  }

  /* ---- Dn spotrf (lower) of an indefinite matrix: devInfo names the failing minor ---- */
  {
    enum { M = 6 };
    float a[M * M];
    /* SPD except that the leading 4 x 4 minor is not positive definite. */
    for (int j = 0; j < M; j++)
      for (int i = 0; i < M; i++) a[i + j * M] = i == j ? 4.0f : 0.5f;
    a[3 + 3 * M] = -2.0f;
    float *da = dev(a, sizeof a);
    int lwork = -1;
    CHECK(hipsolverDnSpotrf_bufferSize(h, HIPSOLVER_FILL_MODE_LOWER, M, da, M, &lwork),
          HIPSOLVER_STATUS_SUCCESS);
    if (lwork < 0) FAIL("spotrf lwork %d", lwork);
    float *work;
    if (hipMalloc((void **)&work, (size_t)(lwork > 0 ? lwork : 1) * sizeof(float))) return 2;
    poison_info(dinfo);
    CHECK(hipsolverDnSpotrf(h, HIPSOLVER_FILL_MODE_LOWER, M, da, M, work, lwork, dinfo),
          HIPSOLVER_STATUS_SUCCESS);
    int info = info_of(dinfo, s);
    if (info != 4) FAIL("spotrf of an indefinite matrix: info %d, want 4", info);

    /* bad fill modes, and lda too small */
    CHECK(hipsolverDnSpotrf(h, (hipblasFillMode_t)120, M, da, M, work, lwork, dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDnSpotrf(h, HIPBLAS_FILL_MODE_FULL, M, da, M, work, lwork, dinfo),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverSpotrf_bufferSize(h, (hipsolverFillMode_t)7, M, da, M, &lwork),
          HIPSOLVER_STATUS_INVALID_ENUM);
    CHECK(hipsolverDnSpotrf(h, HIPSOLVER_FILL_MODE_LOWER, M, da, M - 1, work, lwork, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverDnSpotrf(NULL, HIPSOLVER_FILL_MODE_LOWER, M, da, M, work, lwork, dinfo),
          HIPSOLVER_STATUS_NOT_INITIALIZED);
    if (hipFree(da) || hipFree(work)) return 2;
  }

  /* ---- Dn dpotrf (upper) + dpotrs of an SPD system ---- */
  {
    enum { M = 12, Q = 3 };
    double g[M * M], a[M * M], b[M * Q], x[M * Q];
    for (int i = 0; i < M * M; i++) g[i] = rnd();
    for (int j = 0; j < M; j++) /* A = G^T G + M I */
      for (int i = 0; i < M; i++) {
        double v = i == j ? M : 0;
        for (int p = 0; p < M; p++) v += g[p + i * M] * g[p + j * M];
        a[i + j * M] = v;
      }
    for (int i = 0; i < M * Q; i++) b[i] = rnd();
    double *da = dev(a, sizeof a), *db = dev(b, sizeof b);
    int lwork = -1;
    CHECK(hipsolverDnDpotrf_bufferSize(h, HIPSOLVER_FILL_MODE_UPPER, M, da, M, &lwork),
          HIPSOLVER_STATUS_SUCCESS);
    poison_info(dinfo);
    CHECK(hipsolverDnDpotrf(h, HIPSOLVER_FILL_MODE_UPPER, M, da, M, NULL, 0, dinfo),
          HIPSOLVER_STATUS_SUCCESS);
    if (info_of(dinfo, s) != 0) FAIL("dpotrf info");
    poison_info(dinfo);
    CHECK(hipsolverDnDpotrs(h, HIPSOLVER_FILL_MODE_UPPER, M, Q, da, M, db, M, dinfo),
          HIPSOLVER_STATUS_SUCCESS);
    if (info_of(dinfo, s) != 0) FAIL("dpotrs info");
    back(x, db, sizeof x, s);
    double e = residual(M, Q, a, x, b);
    if (!(e < 1e-12)) FAIL("dpotrs residual %g", e);
    if (hipFree(da) || hipFree(db)) return 2;
  }

  /* ---- Dn zgeqrf of orthogonal columns: |R(j,j)| is column j's norm, R(i,j) = 0 above ---- */
  {
    enum { M = 6, K = 3 };
    const double pi = 3.14159265358979323846;
    hipDoubleComplex a[M * K], r[M * K], tau[K];
    double norm[K];
    for (int j = 0; j < K; j++) { /* column j: (j + 1) e^{2 pi i j k / M}, k = 0..M-1 */
      norm[j] = (j + 1) * sqrt((double)M);
      for (int k = 0; k < M; k++) {
        a[k + j * M].x = (j + 1) * cos(2 * pi * j * k / M);
        a[k + j * M].y = (j + 1) * sin(2 * pi * j * k / M);
      }
    }
    hipDoubleComplex *da = dev(a, sizeof a), *dtau;
    if (hipMalloc((void **)&dtau, sizeof tau)) return 2;
    int lwork = -1;
    CHECK(hipsolverDnZgeqrf_bufferSize(h, M, K, da, M, &lwork), HIPSOLVER_STATUS_SUCCESS);
    if (lwork < 0) FAIL("zgeqrf lwork %d", lwork);
    hipDoubleComplex *work;
    if (hipMalloc((void **)&work, (size_t)(lwork > 0 ? lwork : 1) * sizeof(hipDoubleComplex)))
      return 2;
    poison_info(dinfo);
    CHECK(hipsolverDnZgeqrf(h, M, K, da, M, dtau, work, lwork, dinfo), HIPSOLVER_STATUS_SUCCESS);
    if (info_of(dinfo, s) != 0) FAIL("zgeqrf info");
    back(r, da, sizeof r, s);
    for (int j = 0; j < K; j++) {
      double d = hypot(r[j + j * M].x, r[j + j * M].y);
      if (fabs(d - norm[j]) > 1e-12 * norm[j])
        FAIL("|R(%d,%d)| = %.17g, want %.17g", j, j, d, norm[j]);
      for (int i = 0; i < j; i++)
        if (hypot(r[i + j * M].x, r[i + j * M].y) > 1e-12 * norm[j])
          FAIL("R(%d,%d) is not 0 for orthogonal columns", i, j);
    }
    CHECK(hipsolverDnZgeqrf(h, M, K, da, M - 1, dtau, work, lwork, dinfo),
          HIPSOLVER_STATUS_INVALID_VALUE);
    CHECK(hipsolverZgeqrf(h, M, K, da, M, dtau, work, lwork, NULL), HIPSOLVER_STATUS_INVALID_VALUE);
    if (hipFree(da) || hipFree(dtau) || hipFree(work)) return 2;
  }

  /* ---- handles ---- */
  CHECK(hipsolverCreate(NULL), HIPSOLVER_STATUS_HANDLE_IS_NULLPTR);
  CHECK(hipsolverDnCreate(NULL), HIPSOLVER_STATUS_HANDLE_IS_NULLPTR);
  CHECK(hipsolverSetStream(NULL, s), HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverDnGetStream(NULL, &got), HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverGetStream(h, NULL), HIPSOLVER_STATUS_INVALID_VALUE);
  hipsolverHandle_t h2;
  CHECK(hipsolverCreate(&h2), HIPSOLVER_STATUS_SUCCESS);
  CHECK(hipsolverDestroy(h2), HIPSOLVER_STATUS_SUCCESS);
  CHECK(hipsolverDestroy(h2), HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverDnDestroy(NULL), HIPSOLVER_STATUS_NOT_INITIALIZED);

  CHECK(hipsolverDnDestroy(h), HIPSOLVER_STATUS_SUCCESS);
  if (hipFree(dinfo) || hipStreamDestroy(s)) return 2;
  printf("ok\n");
  return 0;
}
