/* rocblas_gemm_ex from C: f16 inputs with f32 outputs in a strided batch (strides in elements),
 * int8 inputs with int32 outputs, D apart from C; and the statuses of refused calls. */
#include <rocblas/rocblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call, want)                                                                      \
  do {                                                                                       \
    rocblas_status got_ = (call);                                                            \
    if (got_ != (want)) {                                                                    \
      fprintf(stderr, "%s:%d: %s returned %s, wanted %s\n", __FILE__, __LINE__, #call,       \
              rocblas_status_to_string(got_), rocblas_status_to_string(want));               \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

/* f16 bits of a small integer-valued float (exact in f16). */
static uint16_t half_of(int v) {
  if (v == 0) return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  unsigned a = (unsigned)(v < 0 ? -v : v);
  int e = 0;
  while ((a >> e) > 1) e++;
  unsigned mant = (a << (10 - e)) & 0x3ff;
  return (uint16_t)(sign | ((e + 15) << 10) | mant);
}

static void *dev(const void *h, size_t bytes) {
  void *d;
  if (hipMalloc(&d, bytes) || hipMemcpy(d, h, bytes, hipMemcpyHostToDevice)) exit(2);
  return d;
}

int main(void) {
  rocblas_handle h;
  CHECK(rocblas_create_handle(&h), rocblas_status_success);
  enum { M = 5, N = 4, K = 3, B = 2, SA = 16, SB = 13, SC = 21 };
  rocblas_half a[SA * B], b[SB * B];
  int av[SA * B], bv[SB * B];
  for (int i = 0; i < SA * B; i++) av[i] = i % 5 - 2, a[i].data = half_of(av[i]);
  for (int i = 0; i < SB * B; i++) bv[i] = i % 3 - 1, b[i].data = half_of(bv[i]);
  float c[SC * B], d[SC * B];
  for (int i = 0; i < SC * B; i++) c[i] = (float)i, d[i] = -7;
  void *da = dev(a, sizeof a), *db = dev(b, sizeof b), *dc = dev(c, sizeof c), *dd = dev(d, sizeof d);
  float alpha = 2, beta = 1;
  CHECK(rocblas_gemm_strided_batched_ex(h, rocblas_operation_none, rocblas_operation_none, M, N, K,
                                        &alpha, da, rocblas_datatype_f16_r, M, SA, db,
                                        rocblas_datatype_f16_r, K, SB, &beta, dc,
                                        rocblas_datatype_f32_r, M, SC, dd, rocblas_datatype_f32_r,
                                        M, SC, B, rocblas_datatype_f32_r,
                                        rocblas_gemm_algo_standard, 0, 0),
        rocblas_status_success);
  if (hipMemcpy(d, dd, sizeof d, hipMemcpyDeviceToHost)) return 2;
  for (int s = 0; s < B; s++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < M; i++) {
        float want = c[s * SC + i + j * M];
        for (int p = 0; p < K; p++) want += 2.0f * av[s * SA + i + p * M] * bv[s * SB + p + j * K];
        if (d[s * SC + i + j * M] != want) {
          fprintf(stderr, "f16 batch %d D(%d,%d) = %g, want %g\n", s, i, j, d[s * SC + i + j * M], want);
          return 1;
        }
      }
  if (d[M * N] != -7) { fprintf(stderr, "wrote past D within the stride\n"); return 1; }

  /* int8 -> int32, transposed A. */
  int8_t ia[K * M], ib[K * N];
  int32_t ic[M * N], id[M * N];
  for (int i = 0; i < K * M; i++) ia[i] = (int8_t)(i * 37 % 255 - 127);
  for (int i = 0; i < K * N; i++) ib[i] = (int8_t)(i * 91 % 255 - 127);
  for (int i = 0; i < M * N; i++) ic[i] = i * 1000;
  void *gia = dev(ia, sizeof ia), *gib = dev(ib, sizeof ib), *gic = dev(ic, sizeof ic), *gid = dev(ic, sizeof ic);
  int32_t ialpha = 3, ibeta = -1;
  CHECK(rocblas_gemm_ex(h, rocblas_operation_transpose, rocblas_operation_none, M, N, K, &ialpha, gia,
                        rocblas_datatype_i8_r, K, gib, rocblas_datatype_i8_r, K, &ibeta, gic,
                        rocblas_datatype_i32_r, M, gid, rocblas_datatype_i32_r, M,
                        rocblas_datatype_i32_r, rocblas_gemm_algo_standard, 0, 0),
        rocblas_status_success);
  if (hipMemcpy(id, gid, sizeof id, hipMemcpyDeviceToHost)) return 2;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++) {
      int32_t want = -ic[i + j * M];
      for (int p = 0; p < K; p++) want += 3 * ia[p + i * K] * ib[p + j * K];
      if (id[i + j * M] != want) {
        fprintf(stderr, "int8 D(%d,%d) = %d, want %d\n", i, j, id[i + j * M], want);
        return 1;
      }
    }

  /* Refused: an unknown algorithm, an unknown type, a combination rocBLAS lacks. */
  CHECK(rocblas_gemm_ex(h, rocblas_operation_none, rocblas_operation_none, M, N, K, &alpha, da,
                        rocblas_datatype_f16_r, M, db, rocblas_datatype_f16_r, K, &beta, dc,
                        rocblas_datatype_f32_r, M, dd, rocblas_datatype_f32_r, M,
                        rocblas_datatype_f32_r, (rocblas_gemm_algo)9, 0, 0),
        rocblas_status_invalid_value);
  CHECK(rocblas_gemm_ex(h, rocblas_operation_none, rocblas_operation_none, M, N, K, &alpha, da,
                        (rocblas_datatype)149, M, db, rocblas_datatype_f16_r, K, &beta, dc,
                        rocblas_datatype_f32_r, M, dd, rocblas_datatype_f32_r, M,
                        rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, 0),
        rocblas_status_invalid_value);
  CHECK(rocblas_gemm_ex(h, rocblas_operation_none, rocblas_operation_none, M, N, K, &alpha, da,
                        rocblas_datatype_f16_r, M, db, rocblas_datatype_f16_r, K, &beta, dc,
                        rocblas_datatype_f64_r, M, dd, rocblas_datatype_f64_r, M,
                        rocblas_datatype_f64_r, rocblas_gemm_algo_standard, 0, 0),
        rocblas_status_not_implemented);
  CHECK(rocblas_destroy_handle(h), rocblas_status_success);
  printf("ok\n");
  return 0;
}
