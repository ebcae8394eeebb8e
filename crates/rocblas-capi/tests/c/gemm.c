/* rocBLAS's C ABI from C: gemm in host and device pointer modes, strided and pointer-array
 * batches, on the null stream and on a created stream, against a host reference; and the
 * statuses of bad calls. Prints "ok" at the end; any failure exits non-zero naming it. */
#include <rocblas/rocblas.h>
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

static unsigned seed = 12345;
static double rnd(void) {
  seed = seed * 1664525u + 1013904223u;
  return (double)(seed >> 8) / (double)(1u << 24) - 0.5;
}

/* C = alpha op(A) op(B) + beta C in double, column-major. */
static void reference(int ta, int tb, int m, int n, int k, double alpha, const float *A, int lda,
                      const float *B, int ldb, double beta, const float *C0, float *C, int ldc) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int p = 0; p < k; p++) {
        double a = ta == rocblas_operation_none ? A[i + p * lda] : A[p + i * lda];
        double b = tb == rocblas_operation_none ? B[p + j * ldb] : B[j + p * ldb];
        s += a * b;
      }
      C[i + j * ldc] = (float)(alpha * s + (beta == 0 ? 0 : beta * C0[i + j * ldc]));
    }
}

static void compare(const char *what, const float *got, const float *want, int m, int n, int ldc,
                    int k) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      float g = got[i + j * ldc], w = want[i + j * ldc];
      if (!(fabsf(g - w) <= 1e-5f * (k + 2))) {
        fprintf(stderr, "%s: C(%d,%d) = %g, want %g\n", what, i, j, g, w);
        exit(1);
      }
    }
}

static float *device_copy(const float *h, size_t n) {
  float *d;
  HIP(hipMalloc((void **)&d, n * sizeof(float)));
  HIP(hipMemcpy(d, h, n * sizeof(float), hipMemcpyHostToDevice));
  return d;
}

int main(void) {
  rocblas_handle h;
  CHECK(rocblas_create_handle(&h), rocblas_status_success);

  /* Host pointer mode on the null stream, every transpose pair. */
  int m = 37, n = 29, k = 41, ld = 50;
  size_t sz = (size_t)ld * 50;
  float *A = malloc(sz * 4), *B = malloc(sz * 4), *C0 = malloc(sz * 4), *C = malloc(sz * 4),
        *want = malloc(sz * 4);
  for (size_t i = 0; i < sz; i++) A[i] = (float)rnd(), B[i] = (float)rnd(), C0[i] = (float)rnd();
  float *dA = device_copy(A, sz), *dB = device_copy(B, sz);
  rocblas_operation ops[2] = {rocblas_operation_none, rocblas_operation_transpose};
  for (int x = 0; x < 2; x++)
    for (int y = 0; y < 2; y++) {
      float alpha = 1.5f, beta = -0.5f;
      float *dC = device_copy(C0, sz);
      CHECK(rocblas_sgemm(h, ops[x], ops[y], m, n, k, &alpha, dA, ld, dB, ld, &beta, dC, ld),
            rocblas_status_success);
      HIP(hipMemcpy(C, dC, sz * 4, hipMemcpyDeviceToHost));
      reference(ops[x], ops[y], m, n, k, alpha, A, ld, B, ld, beta, C0, want, ld);
      compare("sgemm host mode", C, want, m, n, ld, k);
      HIP(hipFree(dC));
    }

  /* Device pointer mode on a created stream: alpha and beta are read when the kernel runs. */
  hipStream_t s;
  HIP(hipStreamCreate(&s));
  CHECK(rocblas_set_stream(h, s), rocblas_status_success);
  hipStream_t back = 0;
  CHECK(rocblas_get_stream(h, &back), rocblas_status_success);
  if (back != s) { fprintf(stderr, "get_stream\n"); return 1; }
  CHECK(rocblas_set_pointer_mode(h, rocblas_pointer_mode_device), rocblas_status_success);
  rocblas_pointer_mode mode;
  CHECK(rocblas_get_pointer_mode(h, &mode), rocblas_status_success);
  if (mode != rocblas_pointer_mode_device) { fprintf(stderr, "get_pointer_mode\n"); return 1; }
  float scalars[2] = {0.25f, 0.0f};
  float *dScalars = device_copy(scalars, 2);
  float *dC = device_copy(C0, sz);
  /* Poison C: beta 0 must not read it. */
  HIP(hipMemset(dC, 0xff, sz * 4));
  CHECK(rocblas_sgemm(h, rocblas_operation_transpose, rocblas_operation_none, m, n, k, dScalars,
                      dA, ld, dB, ld, dScalars + 1, dC, ld),
        rocblas_status_success);
  HIP(hipStreamSynchronize(s));
  HIP(hipMemcpy(C, dC, sz * 4, hipMemcpyDeviceToHost));
  reference(rocblas_operation_transpose, rocblas_operation_none, m, n, k, 0.25, A, ld, B, ld, 0,
            C0, want, ld);
  compare("sgemm device mode", C, want, m, n, ld, k);
  CHECK(rocblas_set_pointer_mode(h, rocblas_pointer_mode_host), rocblas_status_success);

  /* Strided batch of 3 (dgemm) and a pointer array (sgemm_batched). */
  {
    int bm = 9, bn = 7, bk = 5, batch = 3;
    rocblas_stride st = 64;
    double hA[192], hB[192], hC[192];
    for (int i = 0; i < 192; i++) hA[i] = rnd(), hB[i] = rnd(), hC[i] = -1;
    double *gA, *gB, *gC;
    HIP(hipMalloc((void **)&gA, sizeof hA));
    HIP(hipMalloc((void **)&gB, sizeof hB));
    HIP(hipMalloc((void **)&gC, sizeof hC));
    HIP(hipMemcpy(gA, hA, sizeof hA, hipMemcpyHostToDevice));
    HIP(hipMemcpy(gB, hB, sizeof hB, hipMemcpyHostToDevice));
    HIP(hipMemcpy(gC, hC, sizeof hC, hipMemcpyHostToDevice));
    double one = 1, zero = 0;
    CHECK(rocblas_dgemm_strided_batched(h, rocblas_operation_none, rocblas_operation_none, bm, bn,
                                        bk, &one, gA, bm, st, gB, bk, st, &zero, gC, bm, st,
                                        batch),
          rocblas_status_success);
    HIP(hipMemcpy(hC, gC, sizeof hC, hipMemcpyDeviceToHost));
    for (int b = 0; b < batch; b++)
      for (int j = 0; j < bn; j++)
        for (int i = 0; i < bm; i++) {
          double w = 0;
          for (int p = 0; p < bk; p++) w += hA[b * st + i + p * bm] * hB[b * st + p + j * bk];
          if (fabs(hC[b * st + i + j * bm] - w) > 1e-12) {
            fprintf(stderr, "dgemm_strided_batched: batch %d C(%d,%d)\n", b, i, j);
            return 1;
          }
        }
    /* Past each matrix, within the stride: untouched. */
    if (hC[bm * bn] != -1) { fprintf(stderr, "strided batch wrote past C\n"); return 1; }

    float *arrA[2] = {dA, dB}, *arrC[2];
    float **gArrA, **gArrC;
    for (int b = 0; b < 2; b++) HIP(hipMalloc((void **)&arrC[b], sz * 4));
    HIP(hipMalloc((void **)&gArrA, sizeof arrA));
    HIP(hipMalloc((void **)&gArrC, sizeof arrC));
    HIP(hipMemcpy(gArrA, arrA, sizeof arrA, hipMemcpyHostToDevice));
    HIP(hipMemcpy(gArrC, arrC, sizeof arrC, hipMemcpyHostToDevice));
    float fone = 1, fzero = 0;
    CHECK(rocblas_sgemm_batched(h, rocblas_operation_none, rocblas_operation_none, m, n, k, &fone,
                                (const float *const *)gArrA, ld, (const float *const *)gArrA, ld,
                                &fzero, gArrC, ld, 2),
          rocblas_status_success);
    HIP(hipStreamSynchronize(s));
    HIP(hipMemcpy(C, arrC[1], sz * 4, hipMemcpyDeviceToHost));
    reference(rocblas_operation_none, rocblas_operation_none, m, n, k, 1, B, ld, B, ld, 0, C0,
              want, ld);
    compare("sgemm_batched member 1", C, want, m, n, ld, k);
  }

  /* Bad calls: rocBLAS's statuses. */
  float one = 1;
  CHECK(rocblas_sgemm(NULL, rocblas_operation_none, rocblas_operation_none, 1, 1, 1, &one, dA, 1,
                      dB, 1, &one, dC, 1),
        rocblas_status_invalid_handle);
  CHECK(rocblas_sgemm(h, (rocblas_operation)7, rocblas_operation_none, 1, 1, 1, &one, dA, 1, dB,
                      1, &one, dC, 1),
        rocblas_status_invalid_value);
  CHECK(rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_none, 4, 4, 4, &one, dA, 3, dB,
                      4, &one, dC, 4),
        rocblas_status_invalid_size);
  CHECK(rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_none, -1, 4, 4, &one, dA, 4,
                      dB, 4, &one, dC, 4),
        rocblas_status_invalid_size);
  CHECK(rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_none, 4, 4, 4, &one, dA, 4, dB,
                      4, NULL, dC, 4),
        rocblas_status_invalid_pointer);
  CHECK(rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_none, 4, 4, 4, &one, NULL, 4,
                      dB, 4, &one, dC, 4),
        rocblas_status_invalid_pointer);
  /* Zero sizes return at once, whatever the pointers. */
  CHECK(rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_none, 0, 4, 4, NULL, NULL, 1,
                      NULL, 4, NULL, NULL, 1),
        rocblas_status_success);
  CHECK(rocblas_set_pointer_mode(h, (rocblas_pointer_mode)5), rocblas_status_invalid_value);
  CHECK(rocblas_get_stream(h, NULL), rocblas_status_invalid_pointer);
  CHECK(rocblas_create_handle(NULL), rocblas_status_invalid_handle);

  size_t vlen = 0;
  CHECK(rocblas_get_version_string_size(&vlen), rocblas_status_success);
  char version[64];
  CHECK(rocblas_get_version_string(version, sizeof version), rocblas_status_success);
  if (strlen(version) + 1 != vlen || strncmp(version, "4.", 2) != 0) {
    fprintf(stderr, "version %s\n", version);
    return 1;
  }
  CHECK(rocblas_get_version_string(version, 2), rocblas_status_invalid_size);
  if (strcmp(rocblas_status_to_string(rocblas_status_invalid_size),
             "rocblas_status_invalid_size") != 0) {
    fprintf(stderr, "status_to_string\n");
    return 1;
  }

  /* Level 3 beside gemm and trsm: geam, dgmm, syrk, herk, symm, hemm and trmm, one call each
   * against a host loop (small integers: every sum is exact in float). */
  {
    enum { LD = 6, SZ = 36, M = 5, N = 4 };
    float hA[SZ], hB[SZ], hC[SZ], out[SZ], hx[LD];
    rocblas_float_complex zA[SZ], zB[SZ], zC[SZ], zout[SZ];
    for (int i = 0; i < SZ; i++) {
      hA[i] = (float)(i % 7) - 3;
      hB[i] = (float)(i % 5) - 2;
      hC[i] = (float)(i % 3);
      zA[i].x = (float)(i % 5) - 2, zA[i].y = (float)(i % 3) - 1;
      zB[i].x = (float)(i % 4) - 1, zB[i].y = (float)(i % 7) - 3;
      zC[i].x = (float)(i % 3), zC[i].y = (float)(i % 2) + 1;
    }
    for (int i = 0; i < LD; i++) hx[i] = (float)i - 2;
    float *gA = device_copy(hA, SZ), *gB = device_copy(hB, SZ), *gC = device_copy(hC, SZ);
    float *gx = device_copy(hx, LD);
    rocblas_float_complex *cA, *cB, *cC;
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
    CHECK(rocblas_sgeam(h, rocblas_operation_transpose, rocblas_operation_none, M, N, &two, gA, LD,
                        &minus, gB, LD, gC, LD),
          rocblas_status_success);
    FETCH_C();
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++)
        EXPECT("sgeam", i, j, out[i + j * LD], 2 * hA[j + i * LD] - hB[i + j * LD]);
    CHECK(rocblas_sgeam(h, rocblas_operation_transpose, rocblas_operation_none, M, M, &two, gA, LD,
                        &minus, gB, LD, gA, LD),
          rocblas_status_invalid_size);
    /* sdgmm: C = diag(x) A, incx -1 (x read from its end). */
    RESET_C();
    CHECK(rocblas_sdgmm(h, rocblas_side_left, M, N, gA, LD, gx, -1, gC, LD), rocblas_status_success);
    FETCH_C();
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++)
        EXPECT("sdgmm", i, j, out[i + j * LD], hx[M - 1 - i] * hA[i + j * LD]);
    /* ssyrk: lower triangle of C = A A^T + 2 C (A M x N); the upper one untouched. */
    RESET_C();
    CHECK(rocblas_ssyrk(h, rocblas_fill_lower, rocblas_operation_none, M, N, &fone, gA, LD, &two, gC,
                        LD),
          rocblas_status_success);
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
    CHECK(rocblas_ssymm(h, rocblas_side_right, rocblas_fill_upper, M, N, &fone, gA, LD, gB, LD, &zero,
                        gC, LD),
          rocblas_status_success);
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
    CHECK(rocblas_strmm(h, rocblas_side_left, rocblas_fill_lower, rocblas_operation_none,
                        rocblas_diagonal_non_unit, M, N, &fone, gA, LD, gB, LD, gC, LD),
          rocblas_status_success);
    FETCH_C();
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++) {
        float s = 0;
        for (int p = 0; p <= i; p++) s += hA[i + p * LD] * hB[p + j * LD];
        EXPECT("strmm", i, j, out[i + j * LD], s);
      }
    /* cherk: upper triangle of C = A A^H (A 3 x 2); real diagonal, the lower one untouched. */
    ZRESET_C();
    CHECK(rocblas_cherk(h, rocblas_fill_upper, rocblas_operation_none, 3, 2, &fone, cA, LD, &zero, cC,
                        LD),
          rocblas_status_success);
    ZFETCH_C();
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) {
        rocblas_float_complex want = zC[i + j * LD];
        if (i <= j) {
          want.x = want.y = 0;
          for (int p = 0; p < 2; p++) {
            rocblas_float_complex a = zA[i + p * LD], b = zA[j + p * LD];
            want.x += a.x * b.x + a.y * b.y;
            want.y += a.y * b.x - a.x * b.y;
          }
        }
        EXPECT("cherk re", i, j, zout[i + j * LD].x, want.x);
        EXPECT("cherk im", i, j, zout[i + j * LD].y, want.y);
      }
    /* chemm: C = A B (side left), A Hermitian 3 x 3 from its lower triangle, B 3 x 2. */
    ZRESET_C();
    rocblas_float_complex cone = {1, 0}, czero = {0, 0};
    CHECK(rocblas_chemm(h, rocblas_side_left, rocblas_fill_lower, 3, 2, &cone, cA, LD, cB, LD, &czero,
                        cC, LD),
          rocblas_status_success);
    ZFETCH_C();
    for (int j = 0; j < 2; j++)
      for (int i = 0; i < 3; i++) {
        float re = 0, im = 0;
        for (int p = 0; p < 3; p++) {
          rocblas_float_complex a = i >= p ? zA[i + p * LD] : zA[p + i * LD];
          if (i < p) a.y = -a.y;
          if (i == p) a.y = 0;
          rocblas_float_complex b = zB[p + j * LD];
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

  CHECK(rocblas_destroy_handle(h), rocblas_status_success);
  /* A destroyed handle is refused. */
  CHECK(rocblas_destroy_handle(h), rocblas_status_invalid_handle);
  CHECK(rocblas_set_stream(h, 0), rocblas_status_invalid_handle);
  HIP(hipStreamDestroy(s));
  printf("ok\n");
  return 0;
}
