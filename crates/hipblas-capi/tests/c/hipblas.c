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
  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasDestroy(h), HIPBLAS_STATUS_NOT_INITIALIZED);
  printf("ok\n");
  return 0;
}
