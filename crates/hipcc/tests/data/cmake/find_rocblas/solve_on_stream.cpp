// A kernel builds a diagonally dominant system, rocsolver_sgetrf and rocsolver_sgetrs solve it on
// the same stream without waiting in between. Prints PASSED when A x = b on the host.
#include <hip/hip_runtime.h>
#include <rocsolver/rocsolver.h>
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void build(float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n * n) a[i] = (i % (n + 1) == 0) ? 4.0f * n : (float)((i * 7) % 5) - 2.0f;
  if (i < n) b[i] = (float)(i % 3) + 1.0f;
}

int main() {
  const int n = 64;
  float *a, *b;
  int *ipiv, *info;
  if (hipMalloc(&a, n * n * 4) || hipMalloc(&b, n * 4) || hipMalloc(&ipiv, n * 4) ||
      hipMalloc(&info, 4))
    return 1;
  hipStream_t s;
  rocblas_handle h;
  if (hipStreamCreate(&s) || rocblas_create_handle(&h) || rocblas_set_stream(h, s)) return 1;
  build<<<(n * n + 255) / 256, 256, 0, s>>>(a, b, n);
  if (rocsolver_sgetrf(h, n, n, a, n, ipiv, info) ||
      rocsolver_sgetrs(h, rocblas_operation_none, n, 1, a, n, ipiv, b, n))
    return 1;
  std::vector<float> x(n);
  int hinfo = -1;
  if (hipMemcpyAsync(x.data(), b, n * 4, hipMemcpyDeviceToHost, s) ||
      hipMemcpyAsync(&hinfo, info, 4, hipMemcpyDeviceToHost, s) || hipStreamSynchronize(s))
    return 1;
  if (hinfo != 0) {
    printf("info %d\n", hinfo);
    return 1;
  }
  for (int i = 0; i < n; i++) {
    double ax = 0;
    for (int p = 0; p < n; p++) {
      int k = i + p * n;
      ax += ((k % (n + 1) == 0) ? 4.0 * n : (double)((k * 7) % 5) - 2.0) * x[p];
    }
    if (std::fabs(ax - ((i % 3) + 1.0)) > 1e-3) {
      printf("(A x)(%d) = %g\n", i, ax);
      return 1;
    }
  }
  rocblas_destroy_handle(h);
  printf("PASSED\n");
  return 0;
}
