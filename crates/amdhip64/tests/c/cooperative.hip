// hipLaunchCooperativeKernel on a kernel registered by clang's host code (the host stub as
// the handle, and the C++ template overload), and a multi-grid kernel through
// hipLaunchCooperativeKernelMultiDevice, compiled host-side by clang-19 with the bundle
// embedded, linked against libamdhip64. Prints "OK" when every check passes.
#include <hip/hip_cooperative_groups.h>
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

__device__ static inline void grid_barrier() {
  __syncthreads();
  if (threadIdx.x == 0) __ferrocm_grid_sync();
  __syncthreads();
}

// Each round, every block passes its values on to the next block through `slots`.
__global__ void pass_along(const int* in, int* slots, int* out, int rounds) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
  int v = in[i];
  for (int r = 0; r < rounds; r++) {
    slots[i] = v;
    grid_barrier();
    v = slots[(i + n - blockDim.x) % n] + 1;
    grid_barrier();
  }
  out[i] = v;
}

// The multi-grid of a multi-device launch on the one device: per grid rank, num_grids, grid_rank,
// size and thread_rank; then, after a multi-grid barrier, the value the next block published.
__global__ void multi_grid_facts(unsigned* out, unsigned* slots) {
  cooperative_groups::multi_grid_group mg = cooperative_groups::this_multi_grid();
  unsigned r = mg.thread_rank(), n = mg.size();
  slots[r] = r + 100u;
  mg.sync();
  unsigned* o = out + 5 * r;
  o[0] = mg.num_grids();
  o[1] = mg.grid_rank();
  o[2] = n;
  o[3] = mg.is_valid() ? r : ~0u;
  o[4] = slots[(r + blockDim.x) % n];
}

static int check_multi_grid(int blocks, int threads) {
  const int n = blocks * threads;
  unsigned *out = nullptr, *slots = nullptr;
  CHECK(hipHostMalloc(&out, 5 * n * sizeof(unsigned), 0));
  CHECK(hipMalloc(&slots, n * sizeof(unsigned)));
  for (int i = 0; i < 5 * n; i++) out[i] = 0xdeadbeefu;
  hipStream_t s;
  CHECK(hipStreamCreate(&s));
  void* args[] = {&out, &slots};
  hipLaunchParams lp = {};
  lp.func = reinterpret_cast<void*>(multi_grid_facts);
  lp.gridDim = dim3(blocks);
  lp.blockDim = dim3(threads);
  lp.args = args;
  lp.sharedMem = 0;
  lp.stream = s;
  CHECK(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0));
  // No synchronisation: without hipCooperativeLaunchMultiDeviceNoPostSync the call waited.
  for (int r = 0; r < n; r++) {
    unsigned want[5] = {1u, 0u, (unsigned)n, (unsigned)r, (unsigned)((r + threads) % n) + 100u};
    for (int k = 0; k < 5; k++) {
      if (out[5 * r + k] != want[k]) {
        fprintf(stderr, "multi-grid %d x %d: rank %d field %d = %u, want %u\n", blocks, threads,
                r, k, out[5 * r + k], want[k]);
        return 1;
      }
    }
  }
  CHECK(hipStreamDestroy(s));
  CHECK(hipHostFree(out));
  CHECK(hipFree(slots));
  return 0;
}

int main() {
  int per_cu = 0;
  const int threads = 32;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, pass_along, threads, 0));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  const int blocks = per_cu * prop.multiProcessorCount, n = blocks * threads, rounds = 10;
  int *in = nullptr, *slots = nullptr, *out = nullptr;
  CHECK(hipMalloc(&in, n * sizeof(int)));
  CHECK(hipMalloc(&slots, n * sizeof(int)));
  CHECK(hipMalloc(&out, n * sizeof(int)));
  int* h = (int*)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 1000;
  CHECK(hipMemcpy(in, h, n * sizeof(int), hipMemcpyHostToDevice));
  int r = rounds;
  void* args[] = {&in, &slots, &out, &r};
  for (int pass = 0; pass < 2; pass++) {
    CHECK(hipMemset(out, 0xff, n * sizeof(int)));
    if (pass == 0) {
      CHECK(hipLaunchCooperativeKernel(pass_along, dim3(blocks), dim3(threads), args, 0, 0));
    } else {
      CHECK(hipLaunchCooperativeKernel((const void*)pass_along, dim3(blocks), dim3(threads), args,
                                       0, 0));
    }
    CHECK(hipDeviceSynchronize());
    int* back = (int*)malloc(n * sizeof(int));
    CHECK(hipMemcpy(back, out, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
      // After `rounds` rounds, element i holds the input `rounds` blocks back, plus rounds.
      int src = ((i - rounds * threads) % n + n) % n;
      if (back[i] != h[src] + rounds) {
        fprintf(stderr, "pass %d: out[%d] = %d, want %d\n", pass, i, back[i], h[src] + rounds);
        return 1;
      }
    }
    free(back);
  }
  if (hipLaunchCooperativeKernel(pass_along, dim3(blocks + 1), dim3(threads), args, 0, 0) !=
      hipErrorCooperativeLaunchTooLarge) {
    fprintf(stderr, "a grid over the limit launched\n");
    return 1;
  }
  if (check_multi_grid(1, 1) || check_multi_grid(blocks, threads) || check_multi_grid(2, 64))
    return 1;
  CHECK(hipFree(in));
  CHECK(hipFree(slots));
  CHECK(hipFree(out));
  free(h);
  printf("OK\n");
  return 0;
}
