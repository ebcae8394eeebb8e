/* Uses libamdhip64 through <hip/hip_runtime_api.h> only, compiled as C by gcc. argv[1]:
 * a serialized CPU code object with `scale(float* y, float a, int n)` (y[i] *= a) and the
 * device global `counter` (int). Prints "OK" and exits 0 when every check passes. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                          \
  do {                                                                                     \
    hipError_t e_ = (call);                                                                \
    if (e_ != hipSuccess) {                                                                \
      fprintf(stderr, "%s:%d: %s -> %s (%d): %s\n", __FILE__, __LINE__, #call,             \
              hipGetErrorName(e_), (int)e_, hipGetErrorString(e_));                        \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)
#define EXPECT(cond)                                                                         \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                  \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

_Static_assert(sizeof(hipDeviceProp_t) == 1472, "hipDeviceProp_t is HIP 6's R0600 layout");

static int callbacks;
static void on_stream(hipStream_t s, hipError_t status, void* user) {
  (void)s;
  if (status == hipSuccess) *(int*)user += 1;
}
static void host_fn(void* user) { *(int*)user += 10; }

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

int main(int argc, char** argv) {
  EXPECT(argc == 2);
  CHECK(hipInit(0));
  int n = 0, dev = -1, v = 0;
  CHECK(hipGetDeviceCount(&n));
  EXPECT(n == 1);
  CHECK(hipSetDevice(0));
  CHECK(hipGetDevice(&dev));
  EXPECT(dev == 0);
  EXPECT(hipSetDevice(1) == hipErrorInvalidDevice);
  EXPECT(hipGetLastError() == hipErrorInvalidDevice);
  EXPECT(hipGetLastError() == hipSuccess);
  CHECK(hipRuntimeGetVersion(&v));
  EXPECT(v == HIP_VERSION && v / 10000000 == 6);
  hipDeviceProp_t prop;
  memset(&prop, 0xff, sizeof prop);
  CHECK(hipGetDeviceProperties(&prop, 0));
  EXPECT(prop.name[0] != 0 && prop.maxThreadsPerBlock >= 256 && prop.warpSize > 0);
  EXPECT(prop.multiProcessorCount >= 1 && prop.totalGlobalMem > 0);
  EXPECT(prop.arch.hasDoubles == 1 && prop.arch.hasDynamicParallelism == 0);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxThreadsPerBlock, 0));
  EXPECT(v == prop.maxThreadsPerBlock);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0));
  EXPECT(v == prop.warpSize);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMultiprocessorCount, 0));
  EXPECT(v == prop.multiProcessorCount);
  /* Texture limits are answered, as ROCm answers them; an unknown attribute is not. */
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxTexture1DWidth, 0));
  EXPECT(v > 0);
  EXPECT(hipDeviceGetAttribute(&v, (hipDeviceAttribute_t)-5, 0) == hipErrorInvalidValue);
  char name[64];
  CHECK(hipDeviceGetName(name, sizeof name, 0));
  EXPECT(strncmp(name, prop.name, sizeof name - 1) == 0);
  EXPECT(strcmp(hipGetErrorName(hipErrorInvalidHandle), "hipErrorInvalidHandle") == 0);

  /* memory */
  enum { N = 1000 };
  float host[N], back[N];
  for (int i = 0; i < N; i++) host[i] = (float)i;
  float* d = NULL;
  CHECK(hipMalloc((void**)&d, sizeof host));
  CHECK(hipMemcpy(d, host, sizeof host, hipMemcpyHostToDevice));
  CHECK(hipMemcpy(back, d, sizeof host, hipMemcpyDeviceToHost));
  EXPECT(memcmp(host, back, sizeof host) == 0);
  EXPECT(hipMemcpy(back, d, sizeof host, (hipMemcpyKind)7) == hipErrorInvalidMemcpyDirection);
  hipPointerAttribute_t attr;
  CHECK(hipPointerGetAttributes(&attr, d + 5));
  EXPECT(attr.type == hipMemoryTypeDevice && attr.devicePointer == (void*)(d + 5));
  unsigned* u = NULL;
  CHECK(hipMalloc((void**)&u, 64 * sizeof(unsigned)));
  CHECK(hipMemsetD32(u, 0x01020304, 64));
  unsigned ub[64];
  CHECK(hipMemcpyDtoH(ub, u, sizeof ub));
  EXPECT(ub[0] == 0x01020304u && ub[63] == 0x01020304u);
  CHECK(hipMemset(u, 0, 64 * sizeof(unsigned)));
  CHECK(hipMemcpyDtoH(ub, u, sizeof ub));
  EXPECT(ub[17] == 0);
  /* 2-D: a 4 x 3 block into a pitched allocation and back */
  void* pitched = NULL;
  size_t pitch = 0;
  CHECK(hipMallocPitch(&pitched, &pitch, 4, 3));
  EXPECT(pitch >= 4);
  unsigned char rows[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, rows_back[12] = {0};
  CHECK(hipMemcpy2D(pitched, pitch, rows, 4, 4, 3, hipMemcpyHostToDevice));
  CHECK(hipMemcpy2D(rows_back, 4, pitched, pitch, 4, 3, hipMemcpyDeviceToHost));
  EXPECT(memcmp(rows, rows_back, 12) == 0);
  float* pinned = NULL;
  CHECK(hipHostMalloc((void**)&pinned, sizeof host, hipHostMallocDefault));
  CHECK(hipPointerGetAttributes(&attr, pinned));
  EXPECT(attr.type == hipMemoryTypeHost);
  size_t fr = 0, tot = 0;
  CHECK(hipMemGetInfo(&fr, &tot));
  EXPECT(tot > 0 && fr <= tot);

  /* streams, events, callbacks */
  hipStream_t s;
  hipEvent_t a, b;
  CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  unsigned flags = 9;
  CHECK(hipStreamGetFlags(s, &flags));
  EXPECT(flags == hipStreamNonBlocking);
  CHECK(hipEventCreate(&a));
  CHECK(hipEventCreate(&b));
  CHECK(hipEventRecord(a, s));
  CHECK(hipMemcpyAsync(pinned, d, sizeof host, hipMemcpyDeviceToHost, s));
  CHECK(hipStreamAddCallback(s, on_stream, &callbacks, 0));
  CHECK(hipLaunchHostFunc(s, host_fn, &callbacks));
  CHECK(hipEventRecord(b, s));
  CHECK(hipEventSynchronize(b));
  CHECK(hipStreamSynchronize(s));
  EXPECT(callbacks == 11);
  EXPECT(pinned[999] == 999.0f);
  float ms = -1;
  CHECK(hipEventElapsedTime(&ms, a, b));
  EXPECT(ms >= 0.0f);
  CHECK(hipStreamQuery(s));
  /* hipMemcpyWithStream returns when the copy (after the stream's earlier work) is done. */
  memset(pinned, 0xFF, sizeof host);
  CHECK(hipMemcpyWithStream(pinned, d, sizeof host, hipMemcpyDeviceToHost, s));
  EXPECT(pinned[999] == 999.0f);
  EXPECT(hipMemcpyWithStream(pinned, d, sizeof host, (hipMemcpyKind)77, s) == hipErrorInvalidMemcpyDirection);
  EXPECT(hipGetStreamDeviceId(s) == 0);
  EXPECT(hipGetStreamDeviceId(NULL) == 0);
  hipTextureObject_t tex = NULL;
  hipResourceDesc res;
  hipTextureDesc td;
  memset(&res, 0, sizeof res);
  memset(&td, 0, sizeof td);
  /* A zeroed resource description names no array. */
  EXPECT(hipCreateTextureObject(&tex, &res, &td, NULL) == hipErrorInvalidValue);
  EXPECT(hipGetLastError() == hipErrorInvalidValue);
  EXPECT(tex == NULL);
  EXPECT(hipDestroyTextureObject(tex) == hipSuccess);

  /* modules */
  void* image = read_file(argv[1]);
  EXPECT(image != NULL);
  hipModule_t m;
  hipFunction_t f;
  CHECK(hipModuleLoadData(&m, image));
  CHECK(hipModuleGetFunction(&f, m, "scale"));
  EXPECT(hipModuleGetFunction(&f, m, "nope") == hipErrorNotFound);
  CHECK(hipModuleGetFunction(&f, m, "scale"));
  float a2 = 2.0f;
  int nn = N;
  void* params[] = {&d, &a2, &nn};
  CHECK(hipModuleLaunchKernel(f, (N + 127) / 128, 1, 1, 128, 1, 1, 0, s, params, NULL));
  CHECK(hipStreamSynchronize(s));
  CHECK(hipMemcpy(back, d, sizeof back, hipMemcpyDeviceToHost));
  for (int i = 0; i < N; i++) EXPECT(back[i] == 2.0f * (float)i);
  /* the same through `extra`: the arguments laid out as the kernel's argument buffer */
  struct {
    float* y;
    float a;
    int n;
  } buf = {d, 0.5f, N};
  size_t size = sizeof buf;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &buf, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                   HIP_LAUNCH_PARAM_END};
  CHECK(hipModuleLaunchKernel(f, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, NULL, extra));
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(back, d, sizeof back, hipMemcpyDeviceToHost));
  for (int i = 0; i < N; i++) EXPECT(back[i] == (float)i);
  size = 4;
  EXPECT(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra) == hipErrorInvalidValue);
  void* g = NULL;
  size_t gsize = 0;
  CHECK(hipModuleGetGlobal(&g, &gsize, m, "counter"));
  EXPECT(g != NULL && gsize == sizeof(int));
  int seven = 7, got = 0;
  CHECK(hipMemcpyHtoD(g, &seven, sizeof seven));
  CHECK(hipMemcpyDtoH(&got, g, sizeof got));
  EXPECT(got == 7);
  CHECK(hipModuleUnload(m));
  EXPECT(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL) == hipErrorInvalidHandle);
  EXPECT(hipModuleUnload(m) == hipErrorNotFound);

  CHECK(hipEventDestroy(a));
  CHECK(hipEventDestroy(b));
  EXPECT(hipEventDestroy(a) == hipErrorContextIsDestroyed);
  CHECK(hipStreamDestroy(s));
  EXPECT(hipStreamSynchronize(s) == hipErrorContextIsDestroyed);
  EXPECT(hipGetStreamDeviceId(s) == -1);
  EXPECT(hipMemcpyWithStream(pinned, d, sizeof host, hipMemcpyDeviceToHost, s) == hipErrorContextIsDestroyed);
  CHECK(hipHostFree(pinned));
  CHECK(hipFree(pitched));
  CHECK(hipFree(u));
  CHECK(hipFree(d));
  EXPECT(hipFree(d) == hipErrorInvalidValue);
  free(image);
  printf("OK\n");
  return 0;
}
