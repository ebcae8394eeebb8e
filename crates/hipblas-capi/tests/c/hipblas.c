/* hipBLAS's C ABI from C: handle calls, Sgemm against a host reference, GemmEx with f16 inputs
 * and f32 output (ggml's call) and its strided batch, with hipBLAS 1's type enums or, built with
 * -DHIPBLAS_V2, hipDataType and hipblasComputeType_t; and the statuses of bad calls. */
#include <hipblas/hipblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    hipblasStatus_t got_ = (call);                                                           \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,       \
              hipblasStatusToString(got_), hipblasStatusToString(want));                     \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

#ifdef HIPBLAS_V2
#define T_F16 HIP_R_16F
#define T_F32 HIP_R_32F
#define COMPUTE_F32 HIPBLAS_COMPUTE_32F
#else
#define T_F16 HIPBLAS_R_16F
#define T_F32 HIPBLAS_R_32F
#define COMPUTE_F32 HIPBLAS_R_32F
#endif

static uint16_t half_of(int v) { /* small integers, exact in f16 */
  if (v == 0) return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  unsigned a = (unsigned)(v < 0 ? -v : v);
  int e = 0;
  while ((a >> e) > 1) e++;
  return (uint16_t)(sign | ((e + 15) << 10) | ((a << (10 - e)) & 0x3ff));
}

static void *dev(const void *h, size_t bytes) {
  void *d;
  if (hipMalloc(&d, bytes) || hipMemcpy(d, h, bytes, hipMemcpyHostToDevice)) exit(2);
  return d;
}

int main(void) {
  hipblasHandle_t h;
  CHECK(hipblasCreate(&h), HIPBLAS_STATUS_SUCCESS);
  int version = 0;
  CHECK(hipblasGetVersion(h, &version), HIPBLAS_STATUS_SUCCESS);
  if (version / 10000 != hipblasVersionMajor) { fprintf(stderr, "version %d\n", version); return 1; }
  hipStream_t s;
  if (hipStreamCreate(&s)) return 2;
  CHECK(hipblasSetStream(h, s), HIPBLAS_STATUS_SUCCESS);
  hipStream_t back;
  CHECK(hipblasGetStream(h, &back), HIPBLAS_STATUS_SUCCESS);
  if (back != s) return 1;

  enum { M = 6, N = 5, K = 4 };
  float a[M * K], b[K * N], c[M * N];
  uint16_t ha[M * K], hb[K * N];
  for (int i = 0; i < M * K; i++) a[i] = (float)(i % 5 - 2), ha[i] = half_of(i % 5 - 2);
  for (int i = 0; i < K * N; i++) b[i] = (float)(i % 3 - 1), hb[i] = half_of(i % 3 - 1);
  for (int i = 0; i < M * N; i++) c[i] = (float)i;
  float *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dc = dev(c, sizeof c);
  float alpha = 2, beta = 0.5f;
  /* C = 2 A^T' ... plain: C = 2 A B + 0.5 C. */
  CHECK(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, M, N, K, &alpha, da, M, db, K, &beta, dc, M),
        HIPBLAS_STATUS_SUCCESS);
  float out[M * N];
  if (hipStreamSynchronize(s) || hipMemcpy(out, dc, sizeof out, hipMemcpyDeviceToHost)) return 2;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++) {
      float want = 0.5f * c[i + j * M];
      for (int p = 0; p < K; p++) want += 2 * a[i + p * M] * b[p + j * K];
      if (fabsf(out[i + j * M] - want) > 1e-5f) {
        fprintf(stderr, "Sgemm C(%d,%d) = %g, want %g\n", i, j, out[i + j * M], want);
        return 1;
      }
    }

  /* f16 x f16 -> f32, compute f32, C = A^T B with beta 0 (C poisoned first). */
  void *gha = dev(ha, sizeof ha), *ghb = dev(hb, sizeof hb);
  float *gc;
  if (hipMalloc((void **)&gc, M * N * 4) || hipMemset(gc, 0xff, M * N * 4)) return 2;
  float one = 1, zero = 0;
  CHECK(hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, M, N, K, &one, gha, T_F16, K, ghb, T_F16, K,
                      &zero, gc, T_F32, M, COMPUTE_F32, HIPBLAS_GEMM_DEFAULT),
        HIPBLAS_STATUS_SUCCESS);
  if (hipStreamSynchronize(s) || hipMemcpy(out, gc, sizeof out, hipMemcpyDeviceToHost)) return 2;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++) {
      float want = 0;
      for (int p = 0; p < K; p++) want += a[p + i * K] * b[p + j * K];
      if (out[i + j * M] != want) {
        fprintf(stderr, "GemmEx C(%d,%d) = %g, want %g\n", i, j, out[i + j * M], want);
        return 1;
      }
    }
  /* A strided batch of 2 sharing A and B (stride 0), each member its own C: both the same. */
  float *gc2, out2[2 * M * N];
  if (hipMalloc((void **)&gc2, sizeof out2) || hipMemset(gc2, 0xff, sizeof out2)) return 2;
  CHECK(hipblasGemmStridedBatchedEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, M, N, K, &one, gha, T_F16, K, 0,
                                    ghb, T_F16, K, 0, &zero, gc2, T_F32, M, M * N, 2, COMPUTE_F32,
                                    HIPBLAS_GEMM_DEFAULT),
        HIPBLAS_STATUS_SUCCESS);
  if (hipStreamSynchronize(s) || hipMemcpy(out2, gc2, sizeof out2, hipMemcpyDeviceToHost)) return 2;
  for (int i = 0; i < 2 * M * N; i++)
    if (out2[i] != out[i % (M * N)]) {
      fprintf(stderr, "GemmStridedBatchedEx element %d = %g, want %g\n", i, out2[i], out[i % (M * N)]);
      return 1;
    }

  /* hipblasStrsmBatched as ggml's solve_tri calls it: side left, lower, no transpose, non-unit,
   * two systems through device arrays of pointers. */
  {
    enum { TM = 4, TN = 3 };
    float ta[2][TM * TM], tb[2][TM * TN], x[TM * TN];
    for (int q = 0; q < 2; q++) {
      for (int j = 0; j < TM; j++)
        for (int i = 0; i < TM; i++) ta[q][i + j * TM] = i == j ? 2.0f + q : (i > j ? 0.25f * (i - j) : 99.0f);
      for (int i = 0; i < TM * TN; i++) tb[q][i] = (float)(i % 5) - 2.0f + q;
    }
    float *pa[2], *pb[2];
    for (int q = 0; q < 2; q++) {
      pa[q] = dev(ta[q], sizeof ta[q]);
      pb[q] = dev(tb[q], sizeof tb[q]);
    }
    float **gpa = dev(pa, sizeof pa), **gpb = dev(pb, sizeof pb);
    float talpha = 1.0f;
    CHECK(hipblasStrsmBatched(h, HIPBLAS_SIDE_LEFT, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N,
                              HIPBLAS_DIAG_NON_UNIT, TM, TN, &talpha, (const float *const *)gpa, TM,
                              gpb, TM, 2),
          HIPBLAS_STATUS_SUCCESS);
    if (hipStreamSynchronize(s)) return 2;
    for (int q = 0; q < 2; q++) {
      if (hipMemcpy(x, pb[q], sizeof x, hipMemcpyDeviceToHost)) return 2;
      for (int j = 0; j < TN; j++)
        for (int i = 0; i < TM; i++) {
          float lx = 0;
          for (int p = 0; p <= i; p++) lx += ta[q][i + p * TM] * x[p + j * TM];
          if (fabsf(lx - tb[q][i + j * TM]) > 1e-5f) {
            fprintf(stderr, "StrsmBatched system %d: (L X)(%d,%d) = %g, want %g\n", q, i, j, lx, tb[q][i + j * TM]);
            return 1;
          }
        }
    }
    CHECK(hipblasStrsm(h, (hipblasSideMode_t)0, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N,
                       HIPBLAS_DIAG_NON_UNIT, TM, TN, &talpha, pa[0], TM, pb[0], TM),
          HIPBLAS_STATUS_INVALID_ENUM);
  }

  /* Bad calls. */
  CHECK(hipblasCreate(NULL), HIPBLAS_STATUS_HANDLE_IS_NULLPTR);
  CHECK(hipblasSgemm(NULL, HIPBLAS_OP_N, HIPBLAS_OP_N, M, N, K, &alpha, da, M, db, K, &beta, dc, M),
        HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasSgemm(h, (hipblasOperation_t)3, HIPBLAS_OP_N, M, N, K, &alpha, da, M, db, K, &beta,
                     dc, M),
        HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, M, N, K, &alpha, da, M - 1, db, K, &beta, dc, M),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, M, N, K, &one, gha, T_F16, M, ghb, T_F16, K,
                      &zero, gc, T_F32, M, COMPUTE_F32, (hipblasGemmAlgo_t)0),
        HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasSetPointerMode(h, (hipblasPointerMode_t)9), HIPBLAS_STATUS_INVALID_ENUM);
  /* Level 3 beside gemm and trsm: geam, dgmm, syrk, herk, symm, hemm and trmm, one call each
   * against a host loop (small integers: every sum is exact in float). */
  {
#define HIP(call)                                                                            \
  do {                                                                                       \
    if ((call) != hipSuccess) {                                                              \
      fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call);                      \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)
    enum { LD = 6, SZ = 36, M = 5, N = 4 };
    float hA[SZ], hB[SZ], hC[SZ], out[SZ], hx[LD];
    hipblasComplex zA[SZ], zB[SZ], zC[SZ], zout[SZ];
    for (int i = 0; i < SZ; i++) {
      hA[i] = (float)(i % 7) - 3;
      hB[i] = (float)(i % 5) - 2;
      hC[i] = (float)(i % 3);
      zA[i].x = (float)(i % 5) - 2, zA[i].y = (float)(i % 3) - 1;
      zB[i].x = (float)(i % 4) - 1, zB[i].y = (float)(i % 7) - 3;
      zC[i].x = (float)(i % 3), zC[i].y = (float)(i % 2) + 1;
    }
    for (int i = 0; i < LD; i++) hx[i] = (float)i - 2;
    float *gA = dev(hA, sizeof hA), *gB = dev(hB, sizeof hB), *gC = dev(hC, sizeof hC);
    float *gx = dev(hx, sizeof hx);
    hipblasComplex *cA, *cB, *cC;
    HIP(hipMalloc((void **)&cA, sizeof zA));
    HIP(hipMalloc((void **)&cB, sizeof zB));
    HIP(hipMalloc((void **)&cC, sizeof zC));
    HIP(hipMemcpy(cA, zA, sizeof zA, hipMemcpyHostToDevice));
    HIP(hipMemcpy(cB, zB, sizeof zB, hipMemcpyHostToDevice));
#define RESET_C() HIP(hipMemcpy(gC, hC, sizeof hC, hipMemcpyHostToDevice))
#define FETCH_C()                                                                            \
  HIP(hipDeviceSynchronize());                                                               \
  HIP(hipMemcpy(out, gC, sizeof out, hipMemcpyDeviceToHost))
#define ZRESET_C() HIP(hipMemcpy(cC, zC, sizeof zC, hipMemcpyHostToDevice))
#define ZFETCH_C()                                                                           \
  HIP(hipDeviceSynchronize());                                                               \
  HIP(hipMemcpy(zout, cC, sizeof zout, hipMemcpyDeviceToHost))
#define EXPECT(what, i, j, got, want)                                                          \
  do {                                                                                       \
    if ((got) != (want)) {                                                                   \
      fprintf(stderr, "%s: (%d,%d) = %g, want %g\n", what, i, j, (double)(got), (double)(want)); \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)
    float two = 2, minus = -1, fone = 1, zero = 0;
    /* sgeam: C = 2 A^T - B. */
    RESET_C();
    CHECK(hipblasSgeam(h, HIPBLAS_OP_T, HIPBLAS_OP_N, M, N, &two, gA, LD,
                        &minus, gB, LD, gC, LD),
          HIPBLAS_STATUS_SUCCESS);
    FETCH_C();
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++)
        EXPECT("sgeam", i, j, out[i + j * LD], 2 * hA[j + i * LD] - hB[i + j * LD]);
    CHECK(hipblasSgeam(h, HIPBLAS_OP_T, HIPBLAS_OP_N, M, M, &two, gA, LD,
                        &minus, gB, LD, gA, LD),
          HIPBLAS_STATUS_INVALID_VALUE);
    /* sdgmm: C = diag(x) A, incx -1 (x read from its end). */
    RESET_C();
    CHECK(hipblasSdgmm(h, HIPBLAS_SIDE_LEFT, M, N, gA, LD, gx, -1, gC, LD), HIPBLAS_STATUS_SUCCESS);
    FETCH_C();
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++)
        EXPECT("sdgmm", i, j, out[i + j * LD], hx[M - 1 - i] * hA[i + j * LD]);
    /* ssyrk: lower triangle of C = A A^T + 2 C (A M x N); the upper one untouched. */
    RESET_C();
    CHECK(hipblasSsyrk(h, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, M, N, &fone, gA, LD, &two, gC,
                        LD),
          HIPBLAS_STATUS_SUCCESS);
    FETCH_C();
    for (int j = 0; j < M; j++)
      for (int i = 0; i < M; i++) {
        float want = hC[i + j * LD];
        if (i >= j) {
          float s = 0;
          for (int p = 0; p < N; p++) s += hA[i + p * LD] * hA[j + p * LD];
          want = s + 2 * want;
        }
        EXPECT("ssyrk", i, j, out[i + j * LD], want);
      }
    /* ssymm: C = B A (side right), A symmetric from its upper triangle. */
    RESET_C();
    CHECK(hipblasSsymm(h, HIPBLAS_SIDE_RIGHT, HIPBLAS_FILL_MODE_UPPER, M, N, &fone, gA, LD, gB, LD, &zero,
                        gC, LD),
          HIPBLAS_STATUS_SUCCESS);
    FETCH_C();
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++) {
        float s = 0;
        for (int p = 0; p < N; p++)
          s += hB[i + p * LD] * (p <= j ? hA[p + j * LD] : hA[j + p * LD]);
        EXPECT("ssymm", i, j, out[i + j * LD], s);
      }
    /* strmm: C = A B (side left), A lower triangular, non-unit; out of place. */
    RESET_C();
    CHECK(hipblasStrmm(h, HIPBLAS_SIDE_LEFT, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N,
                        HIPBLAS_DIAG_NON_UNIT, M, N, &fone, gA, LD, gB, LD, gC, LD),
          HIPBLAS_STATUS_SUCCESS);
    FETCH_C();
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++) {
        float s = 0;
        for (int p = 0; p <= i; p++) s += hA[i + p * LD] * hB[p + j * LD];
        EXPECT("strmm", i, j, out[i + j * LD], s);
      }
    /* cherk: upper triangle of C = A A^H (A 3 x 2); real diagonal, the lower one untouched. */
    ZRESET_C();
    CHECK(hipblasCherk(h, HIPBLAS_FILL_MODE_UPPER, HIPBLAS_OP_N, 3, 2, &fone, cA, LD, &zero, cC,
                        LD),
          HIPBLAS_STATUS_SUCCESS);
    ZFETCH_C();
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) {
        hipblasComplex want = zC[i + j * LD];
        if (i <= j) {
          want.x = want.y = 0;
          for (int p = 0; p < 2; p++) {
            hipblasComplex a = zA[i + p * LD], b = zA[j + p * LD];
            want.x += a.x * b.x + a.y * b.y;
            want.y += a.y * b.x - a.x * b.y;
          }
        }
        EXPECT("cherk re", i, j, zout[i + j * LD].x, want.x);
        EXPECT("cherk im", i, j, zout[i + j * LD].y, want.y);
      }
    /* chemm: C = A B (side left), A Hermitian 3 x 3 from its lower triangle, B 3 x 2. */
    ZRESET_C();
    hipblasComplex cone = {1, 0}, czero = {0, 0};
    CHECK(hipblasChemm(h, HIPBLAS_SIDE_LEFT, HIPBLAS_FILL_MODE_LOWER, 3, 2, &cone, cA, LD, cB, LD, &czero,
                        cC, LD),
          HIPBLAS_STATUS_SUCCESS);
    ZFETCH_C();
    for (int j = 0; j < 2; j++)
      for (int i = 0; i < 3; i++) {
        float re = 0, im = 0;
        for (int p = 0; p < 3; p++) {
          hipblasComplex a = i >= p ? zA[i + p * LD] : zA[p + i * LD];
          if (i < p) a.y = -a.y;
          if (i == p) a.y = 0;
          hipblasComplex b = zB[p + j * LD];
          re += a.x * b.x - a.y * b.y;
          im += a.x * b.y + a.y * b.x;
        }
        EXPECT("chemm re", i, j, zout[i + j * LD].x, re);
        EXPECT("chemm im", i, j, zout[i + j * LD].y, im);
      }
#undef RESET_C
#undef FETCH_C
#undef ZRESET_C
#undef ZFETCH_C
#undef EXPECT
    HIP(hipFree(gA));
    HIP(hipFree(gB));
    HIP(hipFree(gC));
    HIP(hipFree(gx));
    HIP(hipFree(cA));
    HIP(hipFree(cB));
    HIP(hipFree(cC));
  }
#undef HIP

  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_NOT_INITIALIZED);
  printf("ok\n");
  return 0;
}
