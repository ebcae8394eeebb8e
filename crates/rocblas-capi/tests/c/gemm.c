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

  CHECK(rocblas_destroy_handle(h), rocblas_status_success);
  /* A destroyed handle is refused. */
  CHECK(rocblas_destroy_handle(h), rocblas_status_invalid_handle);
  CHECK(rocblas_set_stream(h, 0), rocblas_status_invalid_handle);
  HIP(hipStreamDestroy(s));
  printf("ok\n");
  return 0;
}
