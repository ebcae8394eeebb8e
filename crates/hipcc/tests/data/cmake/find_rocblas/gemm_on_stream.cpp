// A kernel fills A and B, rocblas_sgemm multiplies them, a second kernel doubles C: all queued on
// one stream without waiting in between, so the product must run after the first kernel and
// before the second. Prints PASSED when C matches the host's product.
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>
#include <cmath>
#include <cstdio>
#include <vector>

// x[i] = (i % mod) * scale + shift.
__global__ void fill(float *x, int n, int mod, float scale, float shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = (float)(i % mod) * scale + shift;
}

__global__ void twice(float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] *= 2.0f;
}

int main() {
  const int m = 300, k = 200, n = 150;
  float *a, *b, *c;
  if (hipMalloc(&a, m * k * 4) || hipMalloc(&b, k * n * 4) || hipMalloc(&c, m * n * 4)) return 1;
  hipStream_t s;
  if (hipStreamCreate(&s)) return 1;
  rocblas_handle h;
  if (rocblas_create_handle(&h) != rocblas_status_success) return 1;
  if (rocblas_set_stream(h, s) != rocblas_status_success) return 1;
  fill<<<(m * k + 255) / 256, 256, 0, s>>>(a, m * k, 7, 1.0f, -3.0f);
  fill<<<(k * n + 255) / 256, 256, 0, s>>>(b, k * n, 5, 0.5f, 0.0f);
  const float one = 1.0f, zero = 0.0f;
  rocblas_status st = rocblas_sgemm(h, rocblas_operation_none, rocblas_operation_none, m, n, k,
                                    &one, a, m, b, k, &zero, c, m);
  if (st != rocblas_status_success) {
    printf("rocblas_sgemm: %s\n", rocblas_status_to_string(st));
    return 1;
  }
  twice<<<(m * n + 255) / 256, 256, 0, s>>>(c, m * n);
  if (hipStreamSynchronize(s)) return 1;
  std::vector<float> hc(m * n);
  if (hipMemcpy(hc.data(), c, m * n * 4, hipMemcpyDeviceToHost)) return 1;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double want = 0;
      for (int p = 0; p < k; p++)
        want += ((double)((i + p * m) % 7) - 3.0) * ((double)((p + j * k) % 5) * 0.5);
      want *= 2;
      if (std::fabs(hc[i + j * m] - want) > 1e-3 * (1 + std::fabs(want))) {
        printf("C(%d,%d) = %g, want %g\n", i, j, hc[i + j * m], want);
        return 1;
      }
    }
  rocblas_destroy_handle(h);
  hipStreamDestroy(s);
  printf("PASSED\n");
  return 0;
}
