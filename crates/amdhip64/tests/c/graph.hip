// Graphs from a HIP program: <<<>>> launches captured on a stream and replayed with new
// inputs, kernel nodes naming kernels by their host function, copies to and from a __device__
// variable as graph nodes, a cooperative kernel node, and a node disabled in the executable.
// Compiled host-side by clang-19 with the bundle embedded, linked against libamdhip64. Prints
// "OK" when every check passes.
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                          \
  do {                                                                                     \
    hipError_t e_ = (call);                                                                \
    if (e_ != hipSuccess) {                                                                \
      fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #call, hipGetErrorName(e_));  \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

#define EXPECT(cond)                                                                         \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);              \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

__device__ int offset_value;

__global__ void add_offset(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + offset_value;
}

__global__ void square(int* v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * v[i];
}

__device__ static inline void grid_barrier() {
  __syncthreads();
  if (threadIdx.x == 0) __ferrocm_grid_sync();
  __syncthreads();
}

// Every block reads the value the previous block wrote: only correct when all blocks are
// resident at once (a cooperative launch).
__global__ void rotate(int* slots, int* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
  slots[i] = (int)i;
  grid_barrier();
  out[i] = slots[(i + n - blockDim.x) % n];
}

static int seed = 12345;
static int next_random() {
  seed = seed * 1103515245 + 12345;
  return (seed >> 16) % 1000 - 500;
}

int main() {
  const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
  int *in = nullptr, *out = nullptr;
  CHECK(hipMalloc(&in, n * sizeof(int)));
  CHECK(hipMalloc(&out, n * sizeof(int)));
  int* h_in = (int*)malloc(n * sizeof(int));
  int* h_out = (int*)malloc(n * sizeof(int));
  int h_offset = 0, h_offset_back = -1;

  // Capture: offset to the device variable, H2D, two <<<>>> launches, D2H, read back the
  // variable.
  hipStream_t s;
  CHECK(hipStreamCreate(&s));
  hipGraph_t g;
  CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  CHECK(hipMemcpyToSymbolAsync((const void*)&offset_value, &h_offset, sizeof(int), 0,
                               hipMemcpyHostToDevice, s));
  CHECK(hipMemcpyAsync(in, h_in, n * sizeof(int), hipMemcpyHostToDevice, s));
  add_offset<<<blocks, threads, 0, s>>>(in, out, n);
  square<<<blocks, threads, 0, s>>>(out, n);
  CHECK(hipGetLastError());
  CHECK(hipMemcpyAsync(h_out, out, n * sizeof(int), hipMemcpyDeviceToHost, s));
  CHECK(hipStreamEndCapture(s, &g));
  size_t count = 0;
  CHECK(hipGraphGetNodes(g, nullptr, &count));
  EXPECT(count == 5);
  {
    // The captured <<<>>> launches are kernel nodes naming their kernels' host functions.
    hipGraphNode_t nodes[5];
    CHECK(hipGraphGetNodes(g, nodes, &count));
    int kernels = 0;
    for (size_t i = 0; i < count; i++) {
      hipGraphNodeType t;
      CHECK(hipGraphNodeGetType(nodes[i], &t));
      if (t != hipGraphNodeTypeKernel) continue;
      hipKernelNodeParams p = {};
      CHECK(hipGraphKernelNodeGetParams(nodes[i], &p));
      EXPECT(p.func == (kernels == 0 ? (void*)add_offset : (void*)square));
      EXPECT(p.gridDim.x == (unsigned)blocks && p.blockDim.x == (unsigned)threads);
      EXPECT(*(int*)p.kernelParams[kernels == 0 ? 2 : 1] == n);
      kernels++;
    }
    EXPECT(kernels == 2);
  }
  hipGraphExec_t exec;
  CHECK(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0));
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < n; i++) h_in[i] = next_random();
    for (int i = 0; i < n; i++) h_out[i] = 0x7eadbeef;
    h_offset = round * 10 - 7;
    CHECK(hipGraphLaunch(exec, s));
    CHECK(hipStreamSynchronize(s));
    for (int i = 0; i < n; i++) {
      int v = h_in[i] + h_offset;
      EXPECT(h_out[i] == v * v);
    }
  }

  // Explicit graph: the kernel named by its host function; symbol copies as nodes.
  hipGraph_t g2;
  CHECK(hipGraphCreate(&g2, 0));
  hipGraphNode_t to_sym, k, from_sym, d2h;
  h_offset = 3;
  CHECK(hipGraphAddMemcpyNodeToSymbol(&to_sym, g2, nullptr, 0, &offset_value,
                                      &h_offset, sizeof(int), 0, hipMemcpyHostToDevice));
  int n_arg = n;
  void* args[] = {&in, &out, &n_arg};
  hipKernelNodeParams kp = {};
  kp.func = (void*)add_offset;
  kp.gridDim = dim3(blocks);
  kp.blockDim = dim3(threads);
  kp.kernelParams = args;
  CHECK(hipGraphAddKernelNode(&k, g2, &to_sym, 1, &kp));
  hipKernelNodeParams back = {};
  CHECK(hipGraphKernelNodeGetParams(k, &back));
  EXPECT(back.func == (void*)add_offset && back.gridDim.x == (unsigned)blocks);
  CHECK(hipGraphAddMemcpyNodeFromSymbol(&from_sym, g2, &k, 1, &h_offset_back,
                                        &offset_value, sizeof(int), 0,
                                        hipMemcpyDeviceToHost));
  CHECK(hipGraphAddMemcpyNode1D(&d2h, g2, &k, 1, h_out, out, n * sizeof(int),
                                hipMemcpyDeviceToHost));
  EXPECT(hipGraphAddMemcpyNodeToSymbol(&to_sym, g2, nullptr, 0, (const void*)&h_offset,
                                       &h_offset, sizeof(int), 0, hipMemcpyHostToDevice) ==
         hipErrorInvalidSymbol);
  EXPECT(hipGetLastError() == hipErrorInvalidSymbol);
  CHECK(hipGraphMemcpyNodeSetParamsToSymbol(to_sym, &offset_value, &h_offset, sizeof(int), 0,
                                            hipMemcpyHostToDevice));
  // New parameters are checked as ROCm checks them: the other side may not be a device
  // variable, and the direction must fit the memory it is in.
  EXPECT(hipGraphMemcpyNodeSetParamsToSymbol(to_sym, &offset_value, &offset_value, sizeof(int),
                                             0, hipMemcpyDeviceToDevice) == hipErrorInvalidValue);
  EXPECT(hipGraphMemcpyNodeSetParamsToSymbol(to_sym, &offset_value, &h_offset, sizeof(int), 0,
                                             hipMemcpyDeviceToDevice) == hipErrorInvalidValue);
  EXPECT(hipGraphMemcpyNodeSetParamsToSymbol(to_sym, &offset_value, in, sizeof(int), 0,
                                             hipMemcpyHostToDevice) == hipErrorInvalidValue);
  EXPECT(hipGraphMemcpyNodeSetParamsFromSymbol(from_sym, (void*)&offset_value, &offset_value,
                                               sizeof(int), 0, hipMemcpyDeviceToDevice) ==
         hipErrorInvalidValue);
  EXPECT(hipGraphMemcpyNodeSetParamsFromSymbol(from_sym, &h_offset_back, &offset_value,
                                               sizeof(int), 0, hipMemcpyDeviceToDevice) ==
         hipErrorInvalidMemcpyDirection);
  EXPECT(hipGetLastError() == hipErrorInvalidMemcpyDirection);
  CHECK(hipGraphMemcpyNodeSetParamsToSymbol(to_sym, &offset_value, in, sizeof(int), 0,
                                            hipMemcpyDeviceToDevice));
  CHECK(hipGraphMemcpyNodeSetParamsToSymbol(to_sym, &offset_value, &h_offset, sizeof(int), 0,
                                            hipMemcpyHostToDevice));
  hipGraphExec_t exec2;
  CHECK(hipGraphInstantiate(&exec2, g2, nullptr, nullptr, 0));
  // An executable graph's copy keeps its direction.
  EXPECT(hipGraphExecMemcpyNodeSetParamsToSymbol(exec2, to_sym, &offset_value, &h_offset,
                                                 sizeof(int), 0, hipMemcpyDefault) ==
         hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParamsToSymbol(exec2, to_sym, &offset_value, &h_offset,
                                                sizeof(int), 0, hipMemcpyHostToDevice));
  for (int i = 0; i < n; i++) h_in[i] = next_random();
  CHECK(hipMemcpy(in, h_in, n * sizeof(int), hipMemcpyHostToDevice));
  CHECK(hipGraphLaunch(exec2, s));
  CHECK(hipStreamSynchronize(s));
  EXPECT(h_offset_back == 3);
  for (int i = 0; i < n; i++) EXPECT(h_out[i] == h_in[i] + 3);

  // Disable the kernel in the executable: the copy then reads what `out` already holds.
  CHECK(hipMemset(out, 0, n * sizeof(int)));
  CHECK(hipGraphNodeSetEnabled(exec2, k, 0));
  unsigned enabled = 1;
  CHECK(hipGraphNodeGetEnabled(exec2, k, &enabled));
  EXPECT(enabled == 0);
  CHECK(hipGraphLaunch(exec2, s));
  CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; i++) EXPECT(h_out[i] == 0);
  CHECK(hipGraphNodeSetEnabled(exec2, k, 1));
  CHECK(hipGraphLaunch(exec2, s));
  CHECK(hipStreamSynchronize(s));
  for (int i = 0; i < n; i++) EXPECT(h_out[i] == h_in[i] + 3);

  // A cooperative kernel node: all blocks resident, so the grid barrier holds.
  int per_cu = 0;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, rotate, 32, 0));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  const int cblocks = per_cu * prop.multiProcessorCount < 8 ? per_cu * prop.multiProcessorCount : 8;
  const int cn = cblocks * 32;
  int *slots = nullptr, *rot = nullptr;
  CHECK(hipMalloc(&slots, cn * sizeof(int)));
  CHECK(hipMalloc(&rot, cn * sizeof(int)));
  hipGraph_t g3;
  CHECK(hipGraphCreate(&g3, 0));
  void* cargs[] = {&slots, &rot};
  hipKernelNodeParams cp = {};
  cp.func = (void*)rotate;
  cp.gridDim = dim3(cblocks);
  cp.blockDim = dim3(32);
  cp.kernelParams = cargs;
  hipGraphNode_t ck;
  CHECK(hipGraphAddKernelNode(&ck, g3, nullptr, 0, &cp));
  hipKernelNodeAttrValue attr = {};
  attr.cooperative = 1;
  CHECK(hipGraphKernelNodeSetAttribute(ck, hipKernelNodeAttributeCooperative, &attr));
  hipKernelNodeAttrValue got = {};
  CHECK(hipGraphKernelNodeGetAttribute(ck, hipKernelNodeAttributeCooperative, &got));
  EXPECT(got.cooperative == 1);
  hipGraphExec_t exec3;
  CHECK(hipGraphInstantiate(&exec3, g3, nullptr, nullptr, 0));
  CHECK(hipGraphLaunch(exec3, s));
  CHECK(hipStreamSynchronize(s));
  int* h_rot = (int*)malloc(cn * sizeof(int));
  CHECK(hipMemcpy(h_rot, rot, cn * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < cn; i++) EXPECT(h_rot[i] == (i + cn - 32) % cn);

  CHECK(hipGraphExecDestroy(exec3));
  CHECK(hipGraphDestroy(g3));
  CHECK(hipGraphExecDestroy(exec2));
  CHECK(hipGraphDestroy(g2));
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(g));
  CHECK(hipStreamDestroy(s));
  CHECK(hipFree(slots));
  CHECK(hipFree(rot));
  CHECK(hipFree(in));
  CHECK(hipFree(out));
  free(h_in);
  free(h_out);
  free(h_rot);
  printf("OK\n");
  return 0;
}
