// Built with -fgpu-default-stream=per-thread: stream 0 (and a <<<>>> launch without a stream) is
// the thread's default stream, so it can be captured, unlike the legacy null stream.
#include <hip/hip_runtime.h>
#include <stdio.h>

__global__ void triple_plus_one(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 3 * p[i] + 1;
}

#define CHECK(x)                                                                 \
  do {                                                                           \
    hipError_t e_ = (x);                                                         \
    if (e_ != hipSuccess) {                                                      \
      printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, hipGetErrorName(e_));    \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

int main() {
  enum { N = 1000 };
  static int in[N], out[N];
  unsigned x = 12345;
  for (int i = 0; i < N; ++i) {
    x = x * 1103515245u + 12345u;
    in[i] = (int)((x >> 16) % 2001) - 1000;
    out[i] = 0x7eadbeef;  // poison
  }
  int* d = nullptr;
  CHECK(hipMalloc(&d, sizeof in));
  CHECK(hipMemcpy(d, in, sizeof in, hipMemcpyHostToDevice));

  CHECK(hipStreamBeginCapture(0, hipStreamCaptureModeThreadLocal));
  hipStreamCaptureStatus status;
  CHECK(hipStreamIsCapturing(0, &status));
  if (status != hipStreamCaptureStatusActive) {
    printf("stream 0 is not capturing\n");
    return 1;
  }
  triple_plus_one<<<(N + 255) / 256, 256>>>(d, N);
  hipGraph_t g = nullptr;
  CHECK(hipStreamEndCapture(0, &g));
  size_t nodes = 0;
  CHECK(hipGraphGetNodes(g, nullptr, &nodes));
  if (nodes != 1) {
    printf("captured %zu nodes\n", nodes);
    return 1;
  }
  hipGraphExec_t exec = nullptr;
  CHECK(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0));
  CHECK(hipGraphLaunch(exec, 0));
  CHECK(hipGraphLaunch(exec, 0));
  CHECK(hipStreamSynchronize(0));
  CHECK(hipMemcpy(out, d, sizeof out, hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i) {
    int want = 3 * (3 * in[i] + 1) + 1;
    if (out[i] != want) {
      printf("out[%d] = %d, want %d\n", i, out[i], want);
      return 1;
    }
  }
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(g));
  CHECK(hipFree(d));
  printf("OK\n");
  return 0;
}
