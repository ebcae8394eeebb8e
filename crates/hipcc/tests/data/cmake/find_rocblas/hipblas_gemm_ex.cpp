// hipblasGemmEx as ggml's HIP backend calls it: half inputs (A transposed), float output and
// compute, the default algorithm, on the stream of the kernel that made the inputs. Prints PASSED
// when the product matches the host's.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void fill(__half *x, int n, int mod) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = __float2half((float)(i % mod) * 0.25f - 1.0f);
}

int main() {
  const int m = 64, n = 48, k = 96;
  __half *a, *b;
  float *c;
  if (hipMalloc(&a, k * m * 2) || hipMalloc(&b, k * n * 2) || hipMalloc(&c, m * n * 4)) return 1;
  hipStream_t s;
  if (hipStreamCreate(&s)) return 1;
  hipblasHandle_t h;
  if (hipblasCreate(&h) != HIPBLAS_STATUS_SUCCESS || hipblasSetStream(h, s)) return 1;
  fill<<<(k * m + 255) / 256, 256, 0, s>>>(a, k * m, 9);
  fill<<<(k * n + 255) / 256, 256, 0, s>>>(b, k * n, 7);
  const float one = 1.0f, zero = 0.0f;
  hipblasStatus_t st = hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &one, a, HIPBLAS_R_16F,
                                     k, b, HIPBLAS_R_16F, k, &zero, c, HIPBLAS_R_32F, m,
                                     HIPBLAS_R_32F, HIPBLAS_GEMM_DEFAULT);
  if (st != HIPBLAS_STATUS_SUCCESS) {
    printf("hipblasGemmEx: %s\n", hipblasStatusToString(st));
    return 1;
  }
  std::vector<float> hc(m * n);
  if (hipMemcpyAsync(hc.data(), c, m * n * 4, hipMemcpyDeviceToHost, s) || hipStreamSynchronize(s))
    return 1;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double want = 0;
      for (int p = 0; p < k; p++)
        want += ((p + i * k) % 9 * 0.25 - 1.0) * ((p + j * k) % 7 * 0.25 - 1.0);
      if (std::fabs(hc[i + j * m] - want) > 1e-4) {
        printf("C(%d,%d) = %g, want %g\n", i, j, hc[i + j * m], want);
        return 1;
      }
    }
  hipblasDestroy(h);
  hipStreamDestroy(s);
  printf("PASSED\n");
  return 0;
}
