// hipBLAS on the CPU device: a kernel fills two matrices, hipblasSgemm multiplies them on the
// same stream, hipblasSgemmStridedBatched does a batch of small products, and the host checks
// both. Build: make (HIP_PATH=<prefix>); run: make run.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <cmath>
#include <cstdio>
#include <vector>

#define HIP_CHECK(call)                                                              \
  do {                                                                               \
    hipError_t e_ = (call);                                                          \
    if (e_ != hipSuccess) {                                                          \
      std::printf("%s failed: %s\n", #call, hipGetErrorString(e_));                  \
      return 1;                                                                      \
    }                                                                                \
  } while (0)
#define HIPBLAS_CHECK(call)                                                          \
  do {                                                                               \
    hipblasStatus_t s_ = (call);                                                     \
    if (s_ != HIPBLAS_STATUS_SUCCESS) {                                              \
      std::printf("%s failed: %s\n", #call, hipblasStatusToString(s_));              \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

// x[i] = a small value that depends on i, exact in float.
__global__ void fill(float *x, int n, int seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = (float)((i * seed) % 17) * 0.125f - 1.0f;
}

static float value(int i, int seed) { return (float)((i * seed) % 17) * 0.125f - 1.0f; }

// The example; non-zero on any failure (after saying which).
static int run() {
  const int m = 200, n = 150, k = 120;
  float *a, *b, *c;
  HIP_CHECK(hipMalloc(&a, m * k * sizeof(float)));
  HIP_CHECK(hipMalloc(&b, k * n * sizeof(float)));
  HIP_CHECK(hipMalloc(&c, m * n * sizeof(float)));
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  hipblasHandle_t handle;
  HIPBLAS_CHECK(hipblasCreate(&handle));
  HIPBLAS_CHECK(hipblasSetStream(handle, stream));

  fill<<<(m * k + 255) / 256, 256, 0, stream>>>(a, m * k, 3);
  fill<<<(k * n + 255) / 256, 256, 0, stream>>>(b, k * n, 5);
  // C = 2 A B, column-major; no wait between the kernels and the product.
  const float alpha = 2.0f, beta = 0.0f;
  HIPBLAS_CHECK(hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, a, m, b, k,
                             &beta, c, m));
  std::vector<float> hc(m * n);
  HIP_CHECK(hipMemcpyAsync(hc.data(), c, hc.size() * sizeof(float), hipMemcpyDeviceToHost,
                           stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double want = 0;
      for (int p = 0; p < k; p++) want += value(i + p * m, 3) * value(p + j * k, 5);
      want *= 2;
      if (std::fabs(hc[i + j * m] - want) > 1e-3) {
        std::printf("mismatch: C(%d,%d) = %g, want %g\n", i, j, hc[i + j * m], want);
        return 1;
      }
    }

  // A batch of 64 products of 16 x 16 matrices, each member 256 floats after the last.
  const int s = 16, batch = 64, stride = s * s;
  float *ba, *bc;
  HIP_CHECK(hipMalloc(&ba, batch * stride * sizeof(float)));
  HIP_CHECK(hipMalloc(&bc, batch * stride * sizeof(float)));
  fill<<<(batch * stride + 255) / 256, 256, 0, stream>>>(ba, batch * stride, 7);
  const float one = 1.0f;
  HIPBLAS_CHECK(hipblasSgemmStridedBatched(handle, HIPBLAS_OP_T, HIPBLAS_OP_N, s, s, s, &one, ba,
                                           s, stride, ba, s, stride, &beta, bc, s, stride,
                                           batch));
  std::vector<float> hb(batch * stride);
  HIP_CHECK(hipMemcpyAsync(hb.data(), bc, hb.size() * sizeof(float), hipMemcpyDeviceToHost,
                           stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  for (int q = 0; q < batch; q++)
    for (int j = 0; j < s; j++)
      for (int i = 0; i < s; i++) {
        double want = 0;  // (A^T A)(i, j) of member q
        for (int p = 0; p < s; p++)
          want += value(q * stride + p + i * s, 7) * value(q * stride + p + j * s, 7);
        if (std::fabs(hb[q * stride + i + j * s] - want) > 1e-3) {
          std::printf("mismatch: member %d C(%d,%d)\n", q, i, j);
          return 1;
        }
      }

  HIPBLAS_CHECK(hipblasDestroy(handle));
  HIP_CHECK(hipStreamDestroy(stream));
  std::printf("hipblasSgemm %dx%dx%d and %d strided %dx%d products match the host\n", m,
              n, k, batch, s, s);
  return 0;
}

int main() {
  int failed = run();
  std::puts(failed ? "FAILED" : "PASSED");
  return failed;
}
