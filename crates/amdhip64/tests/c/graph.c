/* Graphs from C (gcc, <hip/hip_runtime_api.h> only): the declarations compile as C, an
 * explicit graph of fill, copy and host nodes runs, a captured sequence replays, and stream
 * memory operations order two streams. Prints "OK" when every check passes. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void add_one(void* p) { *(int*)p += 1; }

int main(void) {
  enum { N = 4096 };
  unsigned char* dev = NULL;
  unsigned char host[N];
  int calls = 0;
  hipStream_t s;
  hipGraph_t g;
  hipGraphNode_t fill, copy, host_node;
  hipMemsetParams mp;
  hipHostNodeParams hp;
  hipGraphExec_t exec;
  hipGraphNodeType type;
  hipStreamCaptureStatus status;
  unsigned long long id = 0;
  unsigned int flag = 0;
  int i;

  CHECK(hipMalloc((void**)&dev, N));
  CHECK(hipStreamCreate(&s));
  CHECK(hipGraphCreate(&g, 0));
  memset(&mp, 0, sizeof mp);
  mp.dst = dev;
  mp.elementSize = 1;
  mp.height = 1;
  mp.value = 0x5a;
  mp.width = N;
  CHECK(hipGraphAddMemsetNode(&fill, g, NULL, 0, &mp));
  CHECK(hipGraphAddMemcpyNode1D(&copy, g, &fill, 1, host, dev, N, hipMemcpyDeviceToHost));
  hp.fn = add_one;
  hp.userData = &calls;
  CHECK(hipGraphAddHostNode(&host_node, g, &copy, 1, &hp));
  CHECK(hipGraphNodeGetType(host_node, &type));
  EXPECT(type == hipGraphNodeTypeHost);
  CHECK(hipGraphInstantiate(&exec, g, NULL, NULL, 0));
  memset(host, 0, N);
  CHECK(hipGraphLaunch(exec, s));
  CHECK(hipGraphLaunch(exec, s));
  CHECK(hipStreamSynchronize(s));
  for (i = 0; i < N; i++) EXPECT(host[i] == 0x5a);
  EXPECT(calls == 2);
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(g));

  /* Capture: a fill and a host function, replayed. */
  CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal));
  CHECK(hipStreamGetCaptureInfo(s, &status, &id));
  EXPECT(status == hipStreamCaptureStatusActive && id != 0);
  CHECK(hipMemsetAsync(dev, 0x11, N, s));
  CHECK(hipLaunchHostFunc(s, add_one, &calls));
  CHECK(hipStreamEndCapture(s, &g));
  EXPECT(calls == 2);
  CHECK(hipGraphInstantiateWithFlags(&exec, g, 0));
  CHECK(hipGraphLaunch(exec, s));
  CHECK(hipMemcpyAsync(host, dev, N, hipMemcpyDeviceToHost, s));
  CHECK(hipStreamSynchronize(s));
  for (i = 0; i < N; i++) EXPECT(host[i] == 0x11);
  EXPECT(calls == 3);
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(g));

  /* The generic node API: a fill, then a host node after it. */
  {
    hipGraphNodeParams np;
    hipGraphNode_t a, b;
    hipGraphNode_t deps[2];
    size_t count = 2;
    CHECK(hipGraphCreate(&g, 0));
    memset(&np, 0, sizeof np);
    np.type = hipGraphNodeTypeMemset;
    np.memset.dst = dev;
    np.memset.elementSize = 4;
    np.memset.height = 1;
    np.memset.value = 0x01020304;
    np.memset.width = N / 4;
    CHECK(hipGraphAddNode(&a, g, NULL, 0, &np));
    memset(&np, 0, sizeof np);
    np.type = hipGraphNodeTypeHost;
    np.host.fn = add_one;
    np.host.userData = &calls;
    CHECK(hipGraphAddNode(&b, g, &a, 1, &np));
    CHECK(hipGraphNodeGetDependencies(b, deps, &count));
    EXPECT(count == 1 && deps[0] == a);
    np.type = hipGraphNodeTypeExtSemaphoreSignal;
    EXPECT(hipGraphAddNode(&b, g, NULL, 0, &np) == hipErrorNotSupported);
    EXPECT(hipGetLastError() == hipErrorNotSupported);
    CHECK(hipGraphInstantiate(&exec, g, NULL, NULL, 0));
    CHECK(hipGraphLaunch(exec, s));
    CHECK(hipMemcpyAsync(host, dev, N, hipMemcpyDeviceToHost, s));
    CHECK(hipStreamSynchronize(s));
    for (i = 0; i < N; i += 4) EXPECT(host[i] == 0x04 && host[i + 3] == 0x01);
    EXPECT(calls == 4);
    CHECK(hipGraphExecDestroy(exec));
    CHECK(hipGraphDestroy(g));
  }

  /* Stream memory operations: the write on one stream releases the wait on the other. */
  {
    hipStream_t t;
    hipDevice_t d = -1;
    CHECK(hipStreamCreate(&t));
    CHECK(hipStreamGetDevice(t, &d));
    EXPECT(d == 0);
    CHECK(hipStreamWaitValue32(t, &flag, 1, hipStreamWaitValueEq, 0xffffffffu));
    CHECK(hipLaunchHostFunc(t, add_one, &calls));
    CHECK(hipStreamWriteValue32(s, &flag, 1, 0));
    CHECK(hipStreamSynchronize(t));
    EXPECT(calls == 5);
    CHECK(hipStreamDestroy(t));
  }

  CHECK(hipStreamDestroy(s));
  CHECK(hipFree(dev));
  printf("OK\n");
  return 0;
}
