/* Cooperative launches through libamdhip64, compiled as C by gcc against
 * <hip/hip_runtime_api.h> only. argv[1]: a serialized CPU code object with
 * `ring(const unsigned* seed, unsigned* slots, unsigned* out, int rounds)` (rounds of: publish,
 * grid barrier, fold in another block's value, grid barrier); argv[2]: the seed of the inputs.
 * Prints "OK" and exits 0 when every check passes. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long seed_value;

#define CHECK(call)                                                                          \
  do {                                                                                     \
    hipError_t e_ = (call);                                                                \
    if (e_ != hipSuccess) {                                                                \
      fprintf(stderr, "%s:%d (seed %lu): %s -> %s (%d)\n", __FILE__, __LINE__, seed_value,  \
              #call, hipGetErrorName(e_), (int)e_);                                        \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)
#define EXPECT(cond)                                                                         \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      fprintf(stderr, "%s:%d (seed %lu): expected %s\n", __FILE__, __LINE__, seed_value,    \
              #cond);                                                                      \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

static void* read_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  void* p = malloc((size_t)n);
  if (fread(p, 1, (size_t)n, f) != (size_t)n) exit(2);
  fclose(f);
  return p;
}

/* xorshift64: reproducible inputs from argv[2]. */
static unsigned long long rng_state;
static unsigned next_random(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned)(rng_state >> 16);
}

/* The host's `ring`. */
static void ring_reference(const unsigned* seed, unsigned* acc, unsigned* slots, unsigned blocks,
                           unsigned threads, int rounds) {
  memcpy(acc, seed, sizeof(unsigned) * blocks * threads);
  for (int r = 0; r < rounds; r++) {
    for (unsigned i = 0; i < blocks * threads; i++) slots[i] = acc[i] * 2654435761u + (unsigned)r;
    for (unsigned b = 0; b < blocks; b++) {
      unsigned src = (b + (unsigned)r + 1u) % blocks;
      for (unsigned t = 0; t < threads; t++) {
        unsigned v = slots[src * threads + (t + (unsigned)r) % threads];
        acc[b * threads + t] = (acc[b * threads + t] ^ v) + 0x9e3779b9u;
      }
    }
  }
}

struct ring_buffers {
  unsigned *seed, *slots, *out; /* device */
  unsigned *h_seed, *h_out, *h_want, *h_slots;
  size_t n;
};

static void ring_alloc(struct ring_buffers* r, unsigned blocks, unsigned threads) {
  r->n = (size_t)blocks * threads;
  size_t bytes = r->n * sizeof(unsigned);
  r->h_seed = malloc(bytes);
  r->h_out = malloc(bytes);
  r->h_want = malloc(bytes);
  r->h_slots = malloc(bytes);
  for (size_t i = 0; i < r->n; i++) r->h_seed[i] = next_random();
  CHECK(hipMalloc((void**)&r->seed, bytes));
  CHECK(hipMalloc((void**)&r->slots, bytes));
  CHECK(hipMalloc((void**)&r->out, bytes));
  CHECK(hipMemcpy(r->seed, r->h_seed, bytes, hipMemcpyHostToDevice));
  CHECK(hipMemset(r->out, 0xff, bytes));
}

static void ring_check(struct ring_buffers* r, unsigned blocks, unsigned threads, int rounds,
                       const char* what) {
  size_t n = (size_t)blocks * threads; /* the launch's part of the buffers */
  CHECK(hipMemcpy(r->h_out, r->out, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  ring_reference(r->h_seed, r->h_want, r->h_slots, blocks, threads, rounds);
  for (size_t i = 0; i < n; i++) {
    if (r->h_out[i] != r->h_want[i]) {
      fprintf(stderr, "%s (seed %lu, %u blocks): out[%zu] = %u, want %u\n", what, seed_value,
              blocks, i, r->h_out[i], r->h_want[i]);
      exit(1);
    }
  }
}

static void ring_free(struct ring_buffers* r) {
  CHECK(hipFree(r->seed));
  CHECK(hipFree(r->slots));
  CHECK(hipFree(r->out));
  free(r->h_seed);
  free(r->h_out);
  free(r->h_want);
  free(r->h_slots);
}

int main(int argc, char** argv) {
  EXPECT(argc == 3);
  seed_value = strtoul(argv[2], NULL, 10);
  rng_state = seed_value * 2654435761ull + 1;

  /* The device says it can. */
  int v = -1;
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeCooperativeLaunch, 0));
  EXPECT(v == 1);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0));
  EXPECT(v == 1);
  const hipDeviceAttribute_t unmatched[4] = {
      hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc,
      hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim,
      hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim,
      hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem};
  for (int i = 0; i < 4; i++) {
    v = -1;
    CHECK(hipDeviceGetAttribute(&v, unmatched[i], 0));
    EXPECT(v == 1);
  }
  hipDeviceProp_t prop;
  memset(&prop, 0xff, sizeof prop);
  CHECK(hipGetDeviceProperties(&prop, 0));
  EXPECT(prop.cooperativeLaunch == 1 && prop.cooperativeMultiDeviceLaunch == 1);
  EXPECT(prop.cooperativeMultiDeviceUnmatchedFunc == 1 &&
         prop.cooperativeMultiDeviceUnmatchedGridDim == 1 &&
         prop.cooperativeMultiDeviceUnmatchedBlockDim == 1 &&
         prop.cooperativeMultiDeviceUnmatchedSharedMem == 1);
  EXPECT(prop.maxBlocksPerMultiProcessor >= 1);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxBlocksPerMultiProcessor, 0));
  EXPECT(v == prop.maxBlocksPerMultiProcessor);

  void* image = read_file(argv[1]);
  EXPECT(image != NULL);
  hipModule_t m;
  hipFunction_t f;
  CHECK(hipModuleLoadData(&m, image));
  CHECK(hipModuleGetFunction(&f, m, "ring"));

  /* The limit: blocks per multiprocessor (as the occupancy call reports) x multiprocessors. */
  const unsigned threads = 64;
  int per_cu = 0;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, (const void*)f, (int)threads, 0));
  EXPECT(per_cu >= 1 && per_cu <= prop.maxBlocksPerMultiProcessor);
  const unsigned limit = (unsigned)per_cu * (unsigned)prop.multiProcessorCount;

  hipStream_t s;
  CHECK(hipStreamCreate(&s));
  const int rounds = 11;
  unsigned sizes[3] = {1, limit > 2 ? limit / 2 : 1, limit};
  for (int k = 0; k < 3; k++) {
    unsigned blocks = sizes[k];
    struct ring_buffers r;
    ring_alloc(&r, blocks, threads);
    int rr = rounds;
    void* params[] = {&r.seed, &r.slots, &r.out, &rr};
    CHECK(hipModuleLaunchCooperativeKernel(f, blocks, 1, 1, threads, 1, 1, 0, s, params));
    CHECK(hipStreamSynchronize(s));
    ring_check(&r, blocks, threads, rounds, "hipModuleLaunchCooperativeKernel");
    ring_free(&r);
  }

  {
    /* hipLaunchCooperativeKernel (here with the hipFunction_t as the kernel handle), then
     * one block too many. */
    struct ring_buffers r;
    ring_alloc(&r, limit + 1, threads);
    int rr = 3;
    void* params[] = {&r.seed, &r.slots, &r.out, &rr};
    dim3 grid = {limit, 1, 1}, block = {threads, 1, 1};
    CHECK(hipLaunchCooperativeKernel((const void*)f, grid, block, params, 0, NULL));
    CHECK(hipDeviceSynchronize());
    ring_check(&r, limit, threads, 3, "hipLaunchCooperativeKernel");
    dim3 big = {limit + 1, 1, 1};
    EXPECT(hipLaunchCooperativeKernel((const void*)f, big, block, params, 0, NULL) ==
           hipErrorCooperativeLaunchTooLarge);
    EXPECT(hipGetLastError() == hipErrorCooperativeLaunchTooLarge);
    EXPECT(hipModuleLaunchCooperativeKernel(f, limit + 1, 1, 1, threads, 1, 1, 0, s, params) ==
           hipErrorCooperativeLaunchTooLarge);
    EXPECT(hipGetLastError() == hipErrorCooperativeLaunchTooLarge);
    EXPECT(hipLaunchCooperativeKernel((const void*)&rr, grid, block, params, 0, NULL) ==
           hipErrorInvalidDeviceFunction);
    EXPECT(hipModuleLaunchCooperativeKernel(NULL, 1, 1, 1, 1, 1, 1, 0, s, params) ==
           hipErrorInvalidHandle);
    (void)hipGetLastError();

    /* A grid barrier in an ordinary launch fails the launch (at the barrier). */
    CHECK(hipModuleLaunchKernel(f, 2, 1, 1, threads, 1, 1, 0, s, params, NULL));
    EXPECT(hipStreamSynchronize(s) == hipErrorLaunchFailure);
    EXPECT(hipGetLastError() == hipErrorLaunchFailure);
    ring_free(&r);
  }

  {
    /* The multi-device forms, with the one device there is. */
    struct ring_buffers r;
    ring_alloc(&r, 2, threads);
    int rr = 4;
    void* params[] = {&r.seed, &r.slots, &r.out, &rr};
    hipFunctionLaunchParams fl;
    memset(&fl, 0, sizeof fl);
    fl.function = f;
    fl.gridDimX = 2;
    fl.gridDimY = fl.gridDimZ = 1;
    fl.blockDimX = threads;
    fl.blockDimY = fl.blockDimZ = 1;
    fl.hStream = s;
    fl.kernelParams = params;
    CHECK(hipModuleLaunchCooperativeKernelMultiDevice(&fl, 1, 0));
    /* Without hipCooperativeLaunchMultiDeviceNoPostSync the call waits for the kernel. */
    EXPECT(hipStreamQuery(s) == hipSuccess);
    ring_check(&r, 2, threads, 4, "hipModuleLaunchCooperativeKernelMultiDevice");
    /* Two entries name the one device twice. */
    hipFunctionLaunchParams fl2[2] = {fl, fl};
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(fl2, 2, 0) == hipErrorInvalidValue);
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(&fl, 0, 0) == hipErrorInvalidValue);
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(NULL, 1, 0) == hipErrorInvalidValue);
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(&fl, 1, 0x10) == hipErrorInvalidValue);
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(&fl, 1, 4) == hipErrorInvalidValue);
    fl.blockDimY = 0;
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(&fl, 1, 0) ==
           hipErrorInvalidConfiguration);
    fl.blockDimY = 1;
    fl.gridDimX = 0x10000000u;
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(&fl, 1, 0) ==
           hipErrorInvalidConfiguration);
    fl.gridDimX = 2;
    fl.hStream = NULL;
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(&fl, 1, 0) == hipErrorInvalidHandle);
    hipStream_t gone;
    CHECK(hipStreamCreate(&gone));
    CHECK(hipStreamDestroy(gone));
    fl.hStream = gone;
    EXPECT(hipModuleLaunchCooperativeKernelMultiDevice(&fl, 1, 0) == hipErrorInvalidValue);
    (void)hipGetLastError();

    CHECK(hipMemset(r.out, 0xff, r.n * sizeof(unsigned)));
    hipLaunchParams lp;
    memset(&lp, 0, sizeof lp);
    lp.func = (void*)f;
    lp.gridDim.x = 2;
    lp.gridDim.y = lp.gridDim.z = 1;
    lp.blockDim.x = threads;
    lp.blockDim.y = lp.blockDim.z = 1;
    lp.args = params;
    lp.sharedMem = 0;
    lp.stream = s;
    CHECK(hipLaunchCooperativeKernelMultiDevice(&lp, 1,
                                                hipCooperativeLaunchMultiDeviceNoPreSync |
                                                    hipCooperativeLaunchMultiDeviceNoPostSync));
    CHECK(hipStreamSynchronize(s));
    ring_check(&r, 2, threads, 4, "hipLaunchCooperativeKernelMultiDevice");
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&lp, 0, 0) == hipErrorInvalidValue);
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&lp, -1, 0) == hipErrorInvalidValue);
    EXPECT(hipLaunchCooperativeKernelMultiDevice(NULL, 1, 0) == hipErrorInvalidValue);
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 999) == hipErrorInvalidValue);
    hipLaunchParams lp2[2] = {lp, lp};
    EXPECT(hipLaunchCooperativeKernelMultiDevice(lp2, 2, 0) == hipErrorInvalidValue);
    lp.func = (void*)&rr;
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0) == hipErrorInvalidDeviceFunction);
    lp.func = (void*)f;
    lp.blockDim.z = 0;
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0) == hipErrorInvalidConfiguration);
    lp.blockDim.z = 1;
    lp.stream = NULL;
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0) == hipErrorInvalidHandle);
    lp.stream = gone;
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0) == hipErrorInvalidValue);
    lp.stream = s;
    lp.gridDim.x = limit + 1;
    EXPECT(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0) == hipErrorCooperativeLaunchTooLarge);
    (void)hipGetLastError();
    ring_free(&r);
  }

  {
    /* hipExtLaunchMultiKernelMultiDevice: the same list and checks, ordinary launches (so no
     * cooperative limit; no rounds, so no grid barrier: out is the seed). */
    struct ring_buffers r;
    ring_alloc(&r, limit + 1, threads);
    int rr = 0;
    void* params[] = {&r.seed, &r.slots, &r.out, &rr};
    hipLaunchParams lp;
    memset(&lp, 0, sizeof lp);
    lp.func = (void*)f;
    lp.gridDim.x = limit + 1;
    lp.gridDim.y = lp.gridDim.z = 1;
    lp.blockDim.x = threads;
    lp.blockDim.y = lp.blockDim.z = 1;
    lp.args = params;
    lp.stream = s;
    CHECK(hipExtLaunchMultiKernelMultiDevice(&lp, 1, 0));
    EXPECT(hipStreamQuery(s) == hipSuccess);
    ring_check(&r, limit + 1, threads, 0, "hipExtLaunchMultiKernelMultiDevice");
    EXPECT(hipExtLaunchMultiKernelMultiDevice(NULL, 1, 0) == hipErrorInvalidValue);
    EXPECT(hipExtLaunchMultiKernelMultiDevice(&lp, 0, 0) == hipErrorInvalidValue);
    EXPECT(hipExtLaunchMultiKernelMultiDevice(&lp, 2, 0) == hipErrorInvalidValue);
    EXPECT(hipExtLaunchMultiKernelMultiDevice(&lp, 1, 999) == hipErrorInvalidValue);
    lp.blockDim.x = 0;
    EXPECT(hipExtLaunchMultiKernelMultiDevice(&lp, 1, 0) == hipErrorInvalidConfiguration);
    lp.blockDim.x = threads;
    lp.stream = NULL;
    EXPECT(hipExtLaunchMultiKernelMultiDevice(&lp, 1, 0) == hipErrorInvalidHandle);
    lp.stream = s;
    lp.func = (void*)&rr;
    EXPECT(hipExtLaunchMultiKernelMultiDevice(&lp, 1, 0) == hipErrorInvalidDeviceFunction);
    (void)hipGetLastError();
    ring_free(&r);
  }

  CHECK(hipStreamDestroy(s));
  CHECK(hipModuleUnload(m));
  free(image);
  printf("OK\n");
  return 0;
}
