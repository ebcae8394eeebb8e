/* hipBLASLt's matmul C ABI from C, the way public programs call it: a handle, a matmul descriptor
 * (HIPBLAS_COMPUTE_32F, scale HIP_R_32F, A transposed), f16 layouts, a preference with a workspace
 * limit, the heuristic query, hipblasLtMatmul on a created stream; then a strided batch of 2 set
 * through layout attributes with f32 D apart from C, the RELU_BIAS and GELU epilogues, device
 * pointer mode, int8 into int32 -- each against a host reference computed in double -- and the
 * statuses of bad calls. Prints "ok" at the end; any failure exits non-zero naming it. */
#include <hipblaslt/hipblaslt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                         \
    hipblasStatus_t got_ = (call);                                                             \
    if (got_ != (want)) {                                                                      \
      fprintf(stderr, "%s:%d: %s returned %d, wanted %d\n", __FILE__, __LINE__, #call,         \
              (int)got_, (int)(want));                                                         \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)
#define OK(call) CHECK(call, HIPBLAS_STATUS_SUCCESS)
#define HIP(call)                                                                              \
  do {                                                                                         \
    if ((call) != hipSuccess) {                                                                \
      fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call);                        \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)
#define EXPECT(cond)                                                                           \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                      \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)

static unsigned seed = 77;
/* A multiple of 1/4 in [-2, 2]: exact in f16, so products and sums are exact in f32. */
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)((int)((seed >> 16) % 17) - 8) / 4.0;
}

/* f32 -> f16 bits, rounding to nearest (normal range and zero: what these tests hold). */
static uint16_t to_half(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  int e = (int)((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0 || e <= 0) return sign;
  uint32_t h = ((uint32_t)e << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1))) h++;
  return (uint16_t)(sign | h);
}

static double from_half(uint16_t h) {
  int e = (h >> 10) & 0x1f;
  double mant = (double)(h & 0x3ff);
  double v = e == 0 ? ldexp(mant, -24) : ldexp(1024.0 + mant, e - 25);
  return (h & 0x8000) ? -v : v;
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
    fprintf(stderr, "%s: element %d = %.9g, want %.9g\n", what, i, got, want);
    exit(1);
  }
}

static void set_i32(hipblasLtMatmulDesc_t desc, hipblasLtMatmulDescAttributes_t a, int32_t v) {
  OK(hipblasLtMatmulDescSetAttribute(desc, a, &v, sizeof v));
}

static void layout(hipblasLtMatrixLayout_t *l, hipDataType t, uint64_t rows, uint64_t cols,
                   int64_t ld, int32_t batch, int64_t stride) {
  OK(hipblasLtMatrixLayoutCreate(l, t, rows, cols, ld));
  if (batch != 1) {
    OK(hipblasLtMatrixLayoutSetAttribute(*l, HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch,
                                         sizeof batch));
    OK(hipblasLtMatrixLayoutSetAttribute(*l, HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride,
                                         sizeof stride));
  }
}

/* op(X)[i][p] for X column-major with leading dimension ld. */
static double op_at(const double *x, int ld, int trans, int i, int p) {
  return trans ? x[p + (size_t)i * ld] : x[i + (size_t)p * ld];
}

static double gelu(double x) {
  return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}

/* The usual sequence: f16 A (transposed), B, C and D (in place), compute f32. */
static void f16_in_place(hipblasLtHandle_t lt, hipStream_t s) {
  enum { M = 37, N = 23, K = 19, LDA = K + 3, LDB = K, LDC = M + 2 };
  static double a[LDA * M], b[LDB * N], c[LDC * N];
  static uint16_t ha[LDA * M], hb[LDB * N], hc[LDC * N];
  for (int i = 0; i < LDA * M; i++) a[i] = rnd(), ha[i] = to_half((float)a[i]);
  for (int i = 0; i < LDB * N; i++) b[i] = rnd(), hb[i] = to_half((float)b[i]);
  for (int i = 0; i < LDC * N; i++) c[i] = rnd(), hc[i] = to_half((float)c[i]);
  void *da = dev(ha, sizeof ha), *db = dev(hb, sizeof hb), *dc = dev(hc, sizeof hc);

  hipblasLtMatmulDesc_t desc;
  OK(hipblasLtMatmulDescCreate(&desc, HIPBLAS_COMPUTE_32F, HIP_R_32F));
  set_i32(desc, HIPBLASLT_MATMUL_DESC_TRANSA, HIPBLAS_OP_T);
  set_i32(desc, HIPBLASLT_MATMUL_DESC_TRANSB, HIPBLAS_OP_N);
  int32_t back = 0;
  size_t written = 0;
  OK(hipblasLtMatmulDescGetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &back, sizeof back,
                                     &written));
  EXPECT(back == HIPBLAS_OP_T && written == 4);
  uint32_t epilogue = 0;
  OK(hipblasLtMatmulDescGetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epilogue,
                                     sizeof epilogue, &written));
  EXPECT(epilogue == HIPBLASLT_EPILOGUE_DEFAULT);

  hipblasLtMatrixLayout_t la, lb, lc;
  layout(&la, HIP_R_16F, K, M, LDA, 1, 0);
  layout(&lb, HIP_R_16F, K, N, LDB, 1, 0);
  layout(&lc, HIP_R_16F, M, N, LDC, 1, 0);

  hipblasLtMatmulPreference_t pref;
  OK(hipblasLtMatmulPreferenceCreate(&pref));
  uint64_t max_ws = 32u << 20, ws_back = 0;
  OK(hipblasLtMatmulPreferenceSetAttribute(pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                           &max_ws, sizeof max_ws));
  OK(hipblasLtMatmulPreferenceGetAttribute(pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                           &ws_back, sizeof ws_back, &written));
  EXPECT(ws_back == max_ws && written == 8);

  hipblasLtMatmulHeuristicResult_t results[4];
  int count = -1;
  OK(hipblasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, lc, pref, 4, results, &count));
  EXPECT(count == 1);
  EXPECT(results[0].state == HIPBLAS_STATUS_SUCCESS && results[0].workspaceSize == 0);
  EXPECT(results[0].algo.max_workspace_bytes == max_ws);

  void *workspace;
  HIP(hipMalloc(&workspace, max_ws));
  float alpha = 1.5f, beta = -0.5f;
  OK(hipblasLtMatmul(lt, desc, &alpha, da, la, db, lb, &beta, dc, lc, dc, lc, &results[0].algo,
                     workspace, max_ws, s));
  HIP(hipStreamSynchronize(s));
  uint16_t out[LDC * N];
  get(out, dc, sizeof out);
  for (int j = 0; j < N; j++) {
    for (int i = 0; i < M; i++) {
      double sum = 0;
      for (int p = 0; p < K; p++) sum += op_at(a, LDA, 1, i, p) * op_at(b, LDB, 0, p, j);
      near("f16 D (in place)", i + j * LDC, from_half(out[i + j * LDC]),
           alpha * sum + beta * c[i + j * LDC], 1e-3);
    }
    for (int i = M; i < LDC; i++) EXPECT(out[i + j * LDC] == hc[i + j * LDC]);
  }
  HIP(hipFree(workspace));
  OK(hipblasLtMatmulPreferenceDestroy(pref));
  OK(hipblasLtMatrixLayoutDestroy(la));
  OK(hipblasLtMatrixLayoutDestroy(lb));
  OK(hipblasLtMatrixLayoutDestroy(lc));
  OK(hipblasLtMatmulDescDestroy(desc));
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dc));
}

/* A strided batch of 2 set through layout attributes: f16 A and B (B transposed), f32 C and a
 * separate f32 D with another leading dimension, then the same with an epilogue: RELU with an
 * f32 bias, or GELU. */
enum { BM = 13, BN = 9, BK = 11, BLDA = BM, BLDB = BN + 1, BLDC = BM, BLDD = BM + 4, BATCH = 2 };
enum { SA = BLDA * BK + 5, SB = BLDB * BK, SC = BLDC * BN + 3, SD = BLDD * BN };

static void batched(hipblasLtHandle_t lt, hipStream_t s, hipblasLtEpilogue_t epilogue) {
  static double a[SA * BATCH], b[SB * BATCH], c[SC * BATCH], bias[BM];
  static uint16_t ha[SA * BATCH], hb[SB * BATCH];
  static float fc[SC * BATCH], fd[SD * BATCH], fbias[BM];
  for (int i = 0; i < SA * BATCH; i++) a[i] = rnd(), ha[i] = to_half((float)a[i]);
  for (int i = 0; i < SB * BATCH; i++) b[i] = rnd(), hb[i] = to_half((float)b[i]);
  for (int i = 0; i < SC * BATCH; i++) c[i] = rnd(), fc[i] = (float)c[i];
  for (int i = 0; i < SD * BATCH; i++) fd[i] = 1234.0f;
  for (int i = 0; i < BM; i++) bias[i] = rnd(), fbias[i] = (float)bias[i];
  void *da = dev(ha, sizeof ha), *db = dev(hb, sizeof hb), *dc = dev(fc, sizeof fc);
  void *dd = dev(fd, sizeof fd), *dbias = dev(fbias, sizeof fbias);

  hipblasLtMatmulDesc_t desc;
  OK(hipblasLtMatmulDescCreate(&desc, HIPBLAS_COMPUTE_32F, HIP_R_32F));
  set_i32(desc, HIPBLASLT_MATMUL_DESC_TRANSB, HIPBLAS_OP_T);
  if (epilogue != HIPBLASLT_EPILOGUE_DEFAULT) {
    uint32_t e = (uint32_t)epilogue;
    OK(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof e));
  }
  if (epilogue == HIPBLASLT_EPILOGUE_RELU_BIAS) {
    OK(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &dbias,
                                       sizeof dbias));
    set_i32(desc, HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, HIP_R_32F);
  }
  hipblasLtMatrixLayout_t la, lb, lc, ld;
  layout(&la, HIP_R_16F, BM, BK, BLDA, BATCH, SA);
  layout(&lb, HIP_R_16F, BN, BK, BLDB, BATCH, SB);
  layout(&lc, HIP_R_32F, BM, BN, BLDC, BATCH, SC);
  layout(&ld, HIP_R_32F, BM, BN, BLDD, BATCH, SD);
  int32_t batch_back = 0;
  int64_t stride_back = 0;
  size_t written = 0;
  OK(hipblasLtMatrixLayoutGetAttribute(lc, HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch_back,
                                       sizeof batch_back, &written));
  OK(hipblasLtMatrixLayoutGetAttribute(lc, HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                       &stride_back, sizeof stride_back, &written));
  EXPECT(batch_back == BATCH && stride_back == SC && written == 8);

  hipblasLtMatmulPreference_t pref;
  OK(hipblasLtMatmulPreferenceCreate(&pref));
  hipblasLtMatmulHeuristicResult_t result;
  int count = 0;
  OK(hipblasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, ld, pref, 1, &result, &count));
  EXPECT(count == 1 && result.state == HIPBLAS_STATUS_SUCCESS);

  float alpha = 0.75f, beta = 2.0f;
  /* No algorithm and no workspace: allowed. */
  OK(hipblasLtMatmul(lt, desc, &alpha, da, la, db, lb, &beta, dc, lc, dd, ld, NULL, NULL, 0, s));
  HIP(hipStreamSynchronize(s));
  float out[SD * BATCH], c_after[SC * BATCH];
  get(out, dd, sizeof out);
  get(c_after, dc, sizeof c_after);
  EXPECT(memcmp(c_after, fc, sizeof fc) == 0);
  for (int q = 0; q < BATCH; q++) {
    for (int j = 0; j < BN; j++) {
      for (int i = 0; i < BM; i++) {
        double sum = 0;
        for (int p = 0; p < BK; p++)
          sum += op_at(a + q * SA, BLDA, 0, i, p) * op_at(b + q * SB, BLDB, 1, p, j);
        double want = alpha * sum + beta * c[q * SC + i + j * BLDC];
        if (epilogue == HIPBLASLT_EPILOGUE_RELU_BIAS) want = fmax(want + bias[i], 0.0);
        if (epilogue == HIPBLASLT_EPILOGUE_GELU) want = gelu(want);
        near(epilogue == HIPBLASLT_EPILOGUE_DEFAULT ? "batched D" : "batched D with epilogue",
             q * SD + i + j * BLDD, out[q * SD + i + j * BLDD], want, 1e-5);
      }
      for (int i = BM; i < BLDD; i++) EXPECT(out[q * SD + i + j * BLDD] == 1234.0f);
    }
  }
  OK(hipblasLtMatmulPreferenceDestroy(pref));
  OK(hipblasLtMatrixLayoutDestroy(la));
  OK(hipblasLtMatrixLayoutDestroy(lb));
  OK(hipblasLtMatrixLayoutDestroy(lc));
  OK(hipblasLtMatrixLayoutDestroy(ld));
  OK(hipblasLtMatmulDescDestroy(desc));
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dc));
  HIP(hipFree(dd));
  HIP(hipFree(dbias));
}

/* f32 throughout with alpha and beta in device memory (HIPBLASLT_POINTER_MODE_DEVICE). */
static void device_scalars(hipblasLtHandle_t lt, hipStream_t s) {
  enum { M = 6, N = 5, K = 7 };
  float a[M * K], b[K * N], c[M * N], scalars[2] = {2.0f, 1.0f};
  for (int i = 0; i < M * K; i++) a[i] = (float)rnd();
  for (int i = 0; i < K * N; i++) b[i] = (float)rnd();
  for (int i = 0; i < M * N; i++) c[i] = (float)rnd();
  void *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dc = dev(c, sizeof c);
  float *ds = (float *)dev(scalars, sizeof scalars);
  hipblasLtMatmulDesc_t desc;
  OK(hipblasLtMatmulDescCreate(&desc, HIPBLAS_COMPUTE_32F, HIP_R_32F));
  set_i32(desc, HIPBLASLT_MATMUL_DESC_POINTER_MODE, HIPBLASLT_POINTER_MODE_DEVICE);
  hipblasLtMatrixLayout_t la, lb, lc;
  layout(&la, HIP_R_32F, M, K, M, 1, 0);
  layout(&lb, HIP_R_32F, K, N, K, 1, 0);
  layout(&lc, HIP_R_32F, M, N, M, 1, 0);
  /* Cdesc NULL: C is laid out as D. */
  OK(hipblasLtMatmul(lt, desc, ds, da, la, db, lb, ds + 1, dc, NULL, dc, lc, NULL, NULL, 0, s));
  HIP(hipStreamSynchronize(s));
  float out[M * N];
  get(out, dc, sizeof out);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++) {
      double sum = 0;
      for (int p = 0; p < K; p++) sum += (double)a[i + p * M] * b[p + j * K];
      near("device-mode D", i + j * M, out[i + j * M], 2.0 * sum + c[i + j * M], 1e-6);
    }
  OK(hipblasLtMatrixLayoutDestroy(la));
  OK(hipblasLtMatrixLayoutDestroy(lb));
  OK(hipblasLtMatrixLayoutDestroy(lc));
  OK(hipblasLtMatmulDescDestroy(desc));
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dc));
  HIP(hipFree(ds));
}

/* int8 A and B into int32 C and D, compute and scale int32. */
static void int8_into_int32(hipblasLtHandle_t lt, hipStream_t s) {
  enum { M = 9, N = 4, K = 33 };
  int8_t a[M * K], b[K * N];
  int32_t c[M * N];
  for (int i = 0; i < M * K; i++) a[i] = (int8_t)((i * 37) % 255 - 127);
  for (int i = 0; i < K * N; i++) b[i] = (int8_t)((i * 91) % 255 - 127);
  for (int i = 0; i < M * N; i++) c[i] = i * 1000 - 7;
  void *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dc = dev(c, sizeof c), *dd;
  HIP(hipMalloc(&dd, sizeof c));
  hipblasLtMatmulDesc_t desc;
  OK(hipblasLtMatmulDescCreate(&desc, HIPBLAS_COMPUTE_32I, HIP_R_32I));
  hipblasLtMatrixLayout_t la, lb, lc;
  layout(&la, HIP_R_8I, M, K, M, 1, 0);
  layout(&lb, HIP_R_8I, K, N, K, 1, 0);
  layout(&lc, HIP_R_32I, M, N, M, 1, 0);
  int32_t alpha = 3, beta = -2;
  OK(hipblasLtMatmul(lt, desc, &alpha, da, la, db, lb, &beta, dc, lc, dd, lc, NULL, NULL, 0, s));
  HIP(hipStreamSynchronize(s));
  int32_t out[M * N];
  get(out, dd, sizeof out);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++) {
      long long sum = 0;
      for (int p = 0; p < K; p++) sum += (long long)a[i + p * M] * b[p + j * K];
      EXPECT(out[i + j * M] == (int32_t)(alpha * sum + beta * (long long)c[i + j * M]));
    }
  OK(hipblasLtMatrixLayoutDestroy(la));
  OK(hipblasLtMatrixLayoutDestroy(lb));
  OK(hipblasLtMatrixLayoutDestroy(lc));
  OK(hipblasLtMatmulDescDestroy(desc));
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dc));
  HIP(hipFree(dd));
}

/* The statuses of bad calls, and the heuristic's answer for problems that cannot run. */
static void statuses(hipblasLtHandle_t lt, hipStream_t s) {
  enum { M = 4, N = 3, K = 5 };
  float a[M * K] = {0}, b[K * N] = {0}, c[M * N] = {0};
  void *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dc = dev(c, sizeof c);
  float alpha = 1, beta = 0;

  CHECK(hipblasLtCreate(NULL), HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasLtDestroy(NULL), HIPBLAS_STATUS_INVALID_VALUE);
  hipblasLtHandle_t gone;
  OK(hipblasLtCreate(&gone));
  OK(hipblasLtDestroy(gone));
  CHECK(hipblasLtDestroy(gone), HIPBLAS_STATUS_NOT_INITIALIZED);
  int version = 0;
  OK(hipblasLtGetVersion(lt, &version));
  EXPECT(version == HIPBLASLT_VERSION_MAJOR * 100000 + HIPBLASLT_VERSION_MINOR * 100 +
                        HIPBLASLT_VERSION_PATCH);
  CHECK(hipblasLtGetVersion(gone, &version), HIPBLAS_STATUS_NOT_INITIALIZED);

  hipblasLtMatmulDesc_t desc;
  CHECK(hipblasLtMatmulDescCreate(NULL, HIPBLAS_COMPUTE_32F, HIP_R_32F),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasLtMatmulDescCreate(&desc, HIPBLAS_COMPUTE_16F, HIP_R_16F),
        HIPBLAS_STATUS_INVALID_VALUE);
  OK(hipblasLtMatmulDescCreate(&desc, HIPBLAS_COMPUTE_32F, HIP_R_32F));
  int32_t bad_op = 0;
  CHECK(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &bad_op, sizeof bad_op),
        HIPBLAS_STATUS_INVALID_VALUE);
  int32_t op_t = HIPBLAS_OP_T;
  CHECK(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &op_t, 2),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, NULL, 4),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasLtMatmulDescSetAttribute(desc, (hipblasLtMatmulDescAttributes_t)99, &op_t, 4),
        HIPBLAS_STATUS_INVALID_VALUE);
  uint32_t bad_epilogue = 3;
  CHECK(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &bad_epilogue, 4),
        HIPBLAS_STATUS_INVALID_VALUE);
  int32_t back = 0;
  size_t written = 0;
  OK(hipblasLtMatmulDescGetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &back, 4, &written));
  EXPECT(back == HIPBLAS_OP_N);
  OK(hipblasLtMatmulDescGetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, NULL, 0, &written));
  EXPECT(written == sizeof(void *));
  CHECK(hipblasLtMatmulDescGetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &back, 4, NULL),
        HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasLtMatmulDescGetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, NULL, 0, NULL),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasLtMatmulDescGetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &back, 4,
                                        &written),
        HIPBLAS_STATUS_INVALID_VALUE);

  hipblasLtMatrixLayout_t la, lb, lc, lb_bad, la_f16, lrow;
  CHECK(hipblasLtMatrixLayoutCreate(NULL, HIP_R_32F, M, K, M), HIPBLAS_STATUS_INVALID_VALUE);
  layout(&la, HIP_R_32F, M, K, M, 1, 0);
  layout(&lb, HIP_R_32F, K, N, K, 1, 0);
  layout(&lc, HIP_R_32F, M, N, M, 1, 0);
  layout(&lb_bad, HIP_R_32F, K + 1, N, K + 1, 1, 0);
  layout(&la_f16, HIP_R_16F, M, K, M, 1, 0);
  layout(&lrow, HIP_R_32F, M, K, M, 1, 0);
  int32_t row = HIPBLASLT_ORDER_ROW, bad_order = 7, zero = 0;
  OK(hipblasLtMatrixLayoutSetAttribute(lrow, HIPBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof row));
  CHECK(hipblasLtMatrixLayoutSetAttribute(la, HIPBLASLT_MATRIX_LAYOUT_ORDER, &bad_order, 4),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasLtMatrixLayoutSetAttribute(la, HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &zero, 4),
        HIPBLAS_STATUS_INVALID_VALUE);
  OK(hipblasLtMatrixLayoutGetAttribute(la, HIPBLASLT_MATRIX_LAYOUT_ROWS, NULL, 0, &written));
  EXPECT(written == 8);
  uint64_t rows = 0;
  OK(hipblasLtMatrixLayoutGetAttribute(la, HIPBLASLT_MATRIX_LAYOUT_ROWS, &rows, 8, &written));
  EXPECT(rows == M);
  struct { uint64_t data[4]; } foreign = {{0}};
  CHECK(hipblasLtMatrixLayoutSetAttribute((hipblasLtMatrixLayout_t)&foreign,
                                          HIPBLASLT_MATRIX_LAYOUT_ORDER, &row, 4),
        HIPBLAS_STATUS_NOT_INITIALIZED);

  hipblasLtMatmulPreference_t pref;
  OK(hipblasLtMatmulPreferenceCreate(&pref));
  hipblasLtMatmulHeuristicResult_t results[2];
  int count = -1;
  CHECK(hipblasLtMatmulAlgoGetHeuristic(NULL, desc, la, lb, lc, lc, pref, 2, results, &count),
        HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, lc, pref, 0, results, &count),
        HIPBLAS_STATUS_INVALID_VALUE);
  OK(hipblasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, lc, pref, 2, results, &count));
  EXPECT(count == 1 && results[0].state == HIPBLAS_STATUS_SUCCESS);
  /* Inner sizes that differ: no algorithm, the reason in the state. */
  OK(hipblasLtMatmulAlgoGetHeuristic(lt, desc, la, lb_bad, lc, lc, pref, 2, results, &count));
  EXPECT(count == 0 && results[0].state == HIPBLAS_STATUS_INVALID_VALUE);
  /* f16 A with f32 B: a combination gemm_ex does not have. */
  OK(hipblasLtMatmulAlgoGetHeuristic(lt, desc, la_f16, lb, lc, lc, pref, 2, results, &count));
  EXPECT(count == 0 && results[0].state == HIPBLAS_STATUS_NOT_SUPPORTED);

  CHECK(hipblasLtMatmul(NULL, desc, &alpha, da, la, db, lb, &beta, dc, lc, dc, lc, NULL, NULL, 0,
                        s),
        HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasLtMatmul(lt, desc, &alpha, da, la, db, lb_bad, &beta, dc, lc, dc, lc, NULL, NULL,
                        0, s),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasLtMatmul(lt, desc, &alpha, da, la_f16, db, lb, &beta, dc, lc, dc, lc, NULL, NULL,
                        0, s),
        HIPBLAS_STATUS_NOT_SUPPORTED);
  CHECK(hipblasLtMatmul(lt, desc, &alpha, da, lrow, db, lb, &beta, dc, lc, dc, lc, NULL, NULL, 0,
                        s),
        HIPBLAS_STATUS_NOT_SUPPORTED);
  CHECK(hipblasLtMatmul(lt, desc, NULL, da, la, db, lb, &beta, dc, lc, dc, lc, NULL, NULL, 0, s),
        HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasLtMatmul(lt, desc, &alpha, da, la, db, lb, &beta, dc, lc, dc, lc, NULL, NULL, 64,
                        s),
        HIPBLAS_STATUS_INVALID_VALUE);
  uint32_t aux = HIPBLASLT_EPILOGUE_GELU_AUX;
  OK(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &aux, sizeof aux));
  CHECK(hipblasLtMatmul(lt, desc, &alpha, da, la, db, lb, &beta, dc, lc, dc, lc, NULL, NULL, 0, s),
        HIPBLAS_STATUS_NOT_SUPPORTED);
  OK(hipblasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, lc, pref, 1, results, &count));
  EXPECT(count == 0 && results[0].state == HIPBLAS_STATUS_NOT_SUPPORTED);
  uint32_t bias_only = HIPBLASLT_EPILOGUE_BIAS;
  OK(hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &bias_only, 4));
  CHECK(hipblasLtMatmul(lt, desc, &alpha, da, la, db, lb, &beta, dc, lc, dc, lc, NULL, NULL, 0, s),
        HIPBLAS_STATUS_INVALID_VALUE);

  OK(hipblasLtMatrixLayoutDestroy(lrow));
  CHECK(hipblasLtMatrixLayoutDestroy(lrow), HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasLtMatrixLayoutDestroy(NULL), HIPBLAS_STATUS_INVALID_VALUE);
  OK(hipblasLtMatmulPreferenceDestroy(pref));
  CHECK(hipblasLtMatmulPreferenceGetAttribute(pref, HIPBLASLT_MATMUL_PREF_SEARCH_MODE, &back, 4,
                                              &written),
        HIPBLAS_STATUS_NOT_INITIALIZED);
  OK(hipblasLtMatrixLayoutDestroy(la));
  OK(hipblasLtMatrixLayoutDestroy(lb));
  OK(hipblasLtMatrixLayoutDestroy(lc));
  OK(hipblasLtMatrixLayoutDestroy(lb_bad));
  OK(hipblasLtMatrixLayoutDestroy(la_f16));
  OK(hipblasLtMatmulDescDestroy(desc));
  CHECK(hipblasLtMatmulDescDestroy(desc), HIPBLAS_STATUS_NOT_INITIALIZED);
  HIP(hipFree(da));
  HIP(hipFree(db));
  HIP(hipFree(dc));
}

int main(void) {
  EXPECT(sizeof(hipblasLtMatmulAlgo_t) == 24);
  EXPECT(sizeof(hipblasLtMatmulHeuristicResult_t) == 56);
  hipblasLtHandle_t lt;
  OK(hipblasLtCreate(&lt));
  hipStream_t s;
  HIP(hipStreamCreate(&s));
  f16_in_place(lt, s);
  batched(lt, s, HIPBLASLT_EPILOGUE_DEFAULT);
  batched(lt, s, HIPBLASLT_EPILOGUE_RELU_BIAS);
  batched(lt, s, HIPBLASLT_EPILOGUE_GELU);
  device_scalars(lt, s);
  int8_into_int32(lt, s);
  statuses(lt, s);
  HIP(hipStreamDestroy(s));
  OK(hipblasLtDestroy(lt));
  printf("ok\n");
  return 0;
}
