// Built by CMake (find_package(hipblas)): a kernel makes a matrix A and vector x, hipblasDgemv
// computes y = A x and hipblasDdot y . y on one stream; the host checks both.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void make(double *a, double *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n * n) a[i] = (double)(i % 13) - 6.0;
  if (i < n) x[i] = 1.0 / (1.0 + i);
}

// The example; non-zero on any failure (after saying which).
static int run() {
  const int n = 300;
  double *a, *x, *y;
  if (hipMalloc(&a, n * n * sizeof(double)) || hipMalloc(&x, n * sizeof(double)) ||
      hipMalloc(&y, n * sizeof(double)))
    return 1;
  hipStream_t s;
  hipblasHandle_t h;
  if (hipStreamCreate(&s) || hipblasCreate(&h) || hipblasSetStream(h, s)) return 1;
  make<<<(n * n + 255) / 256, 256, 0, s>>>(a, x, n);
  const double one = 1.0, zero = 0.0;
  double dot = 0;
  if (hipblasDgemv(h, HIPBLAS_OP_N, n, n, &one, a, n, x, 1, &zero, y, 1) ||
      hipblasDdot(h, n, y, 1, y, 1, &dot))  // host pointer mode: ready on return
    return 1;
  std::vector<double> hy(n);
  if (hipMemcpy(hy.data(), y, n * sizeof(double), hipMemcpyDeviceToHost)) return 1;
  double want_dot = 0;
  for (int i = 0; i < n; i++) {
    double want = 0;
    for (int j = 0; j < n; j++) want += ((i + j * n) % 13 - 6.0) / (1.0 + j);
    if (std::fabs(hy[i] - want) > 1e-9) {
      std::printf("mismatch: y(%d) = %g, want %g\n", i, hy[i], want);
      return 1;
    }
    want_dot += want * want;
  }
  if (std::fabs(dot - want_dot) > 1e-9 * want_dot) {
    std::printf("mismatch: y . y = %g, want %g\n", dot, want_dot);
    return 1;
  }
  hipblasDestroy(h);
  std::printf("hipblasDgemv and hipblasDdot of a %d x %d system match the host\n", n, n);
  return 0;
}

int main() {
  int failed = run();
  std::puts(failed ? "FAILED" : "PASSED");
  return failed;
}
