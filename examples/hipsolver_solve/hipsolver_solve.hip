// hipSOLVER on the CPU device, through its cuSOLVER-style Dn API: a kernel builds a linear
// system, hipsolverDnDgetrf factors it (with its workspace query) and hipsolverDnDgetrs solves it,
// all on one stream; then hipsolverDnDpotrf finds the first minor of a matrix that is not positive
// definite. The host checks the solution and the info codes. Build: make; run: make run.
#include <hip/hip_runtime.h>
#include <hipsolver/hipsolver.h>
#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                  \
  do {                                                                               \
    if ((call) != 0) {                                                               \
      std::printf("%s failed\n", #call);                                             \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

// A(i, j): a dominant diagonal plus small off-diagonal terms; b(i) = i mod 7.
__device__ __host__ double entry(int i, int j, int n) {
  return i == j ? 2.0 * n : (double)((i * 31 + j * 17) % 11) - 5.0;
}

__global__ void build(double *a, double *b, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n * n) a[k] = entry(k % n, k / n, n);
  if (k < n) b[k] = (double)(k % 7);
}

// The example; non-zero on any failure (after saying which).
static int run() {
  const int n = 120;
  double *a, *b, *work;
  int *ipiv, *info;
  CHECK(hipMalloc(&a, n * n * sizeof(double)));
  CHECK(hipMalloc(&b, n * sizeof(double)));
  CHECK(hipMalloc(&ipiv, n * sizeof(int)));
  CHECK(hipMalloc(&info, sizeof(int)));
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  hipsolverDnHandle_t handle;
  CHECK(hipsolverDnCreate(&handle));
  CHECK(hipsolverDnSetStream(handle, stream));

  build<<<(n * n + 255) / 256, 256, 0, stream>>>(a, b, n);
  int lwork = 0;
  CHECK(hipsolverDnDgetrf_bufferSize(handle, n, n, a, n, &lwork));
  CHECK(hipMalloc(&work, (lwork > 0 ? lwork : 1) * sizeof(double)));
  CHECK(hipsolverDnDgetrf(handle, n, n, a, n, work, ipiv, info));
  CHECK(hipsolverDnDgetrs(handle, HIPSOLVER_OP_N, n, 1, a, n, ipiv, b, n, info));
  std::vector<double> x(n);
  int hinfo = -1;
  CHECK(hipMemcpyAsync(x.data(), b, n * sizeof(double), hipMemcpyDeviceToHost, stream));
  CHECK(hipMemcpyAsync(&hinfo, info, sizeof(int), hipMemcpyDeviceToHost, stream));
  CHECK(hipStreamSynchronize(stream));
  if (hinfo != 0) {
    std::printf("getrs info %d\n", hinfo);
    return 1;
  }
  for (int i = 0; i < n; i++) {
    double ax = 0;
    for (int j = 0; j < n; j++) ax += entry(i, j, n) * x[j];
    if (std::fabs(ax - i % 7) > 1e-10) {
      std::printf("mismatch: (A x)(%d) = %g, want %d\n", i, ax, i % 7);
      return 1;
    }
  }

  // A symmetric matrix whose 5th leading minor is not positive definite: info is 5.
  const int m = 8;
  std::vector<double> s(m * m);
  for (int j = 0; j < m; j++)
    for (int i = 0; i < m; i++) s[i + j * m] = i == j ? (i == 4 ? -100.0 : 10.0) : 1.0;
  double *ds;
  CHECK(hipMalloc(&ds, m * m * sizeof(double)));
  CHECK(hipMemcpy(ds, s.data(), m * m * sizeof(double), hipMemcpyHostToDevice));
  CHECK(hipsolverDnDpotrf_bufferSize(handle, HIPSOLVER_FILL_MODE_LOWER, m, ds, m, &lwork));
  CHECK(hipsolverDnDpotrf(handle, HIPSOLVER_FILL_MODE_LOWER, m, ds, m, work, lwork, info));
  CHECK(hipMemcpyAsync(&hinfo, info, sizeof(int), hipMemcpyDeviceToHost, stream));
  CHECK(hipStreamSynchronize(stream));
  if (hinfo != 5) {
    std::printf("potrf info %d, want 5\n", hinfo);
    return 1;
  }
  CHECK(hipsolverDnDestroy(handle));
  CHECK(hipStreamDestroy(stream));
  std::printf("a %d x %d system solved by getrf + getrs; potrf found minor %d\n", n, n, hinfo);
  return 0;
}

int main() {
  int failed = run();
  std::puts(failed ? "FAILED" : "PASSED");
  return failed;
}
