/* External memory and semaphores from C (gcc, -pedantic) through <hip/hip_runtime_api.h>: the
 * structure layouts of HIP 6, a memory file imported and read back through a buffer at an
 * offset, a fill seen by the exporter, the descriptor closed at destroy, and the semaphore
 * calls' codes (no semaphore can be imported on the CPU device). Prints "OK" when every
 * check passes. */
#define _GNU_SOURCE /* memfd_create */
#include <hip/hip_runtime_api.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define CHECK(call)                                                                         \
  do {                                                                                      \
    hipError_t e_ = (call);                                                                 \
    if (e_ != hipSuccess) {                                                                 \
      fprintf(stderr, "%s:%d: %s -> %s (%d)\n", __FILE__, __LINE__, #call,                 \
              hipGetErrorName(e_), (int)e_);                                                \
      exit(1);                                                                              \
    }                                                                                       \
  } while (0)
#define EXPECT(cond)                                                                        \
  do {                                                                                      \
    if (!(cond)) {                                                                          \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                   \
      exit(1);                                                                              \
    }                                                                                       \
  } while (0)

_Static_assert(sizeof(hipExternalMemoryHandleDesc) == 104, "hipExternalMemoryHandleDesc");
_Static_assert(offsetof(hipExternalMemoryHandleDesc, size) == 24, "handle desc size");
_Static_assert(offsetof(hipExternalMemoryHandleDesc, flags) == 32, "handle desc flags");
_Static_assert(sizeof(hipExternalMemoryBufferDesc) == 88, "hipExternalMemoryBufferDesc");
_Static_assert(sizeof(hipExternalMemoryMipmappedArrayDesc) == 64, "mipmapped array desc");
_Static_assert(offsetof(hipExternalMemoryMipmappedArrayDesc, numLevels) == 60, "numLevels");
_Static_assert(sizeof(hipExternalSemaphoreHandleDesc) == 96, "semaphore handle desc");
_Static_assert(sizeof(hipExternalSemaphoreSignalParams) == 144, "signal params");
_Static_assert(offsetof(hipExternalSemaphoreSignalParams, flags) == 72, "signal flags");
_Static_assert(sizeof(hipExternalSemaphoreWaitParams) == 144, "wait params");
_Static_assert(offsetof(hipExternalSemaphoreWaitParams, params.keyedMutex.timeoutMs) == 24,
               "wait timeout");
_Static_assert(sizeof(hipExternalSemaphoreSignalNodeParams) == 24, "signal node params");
_Static_assert(sizeof(hipExternalSemaphoreWaitNodeParams) == 24, "wait node params");
_Static_assert(sizeof(hipGraphNodeParams) == 256, "hipGraphNodeParams keeps HIP's size");
_Static_assert(offsetof(hipGraphNodeParams, extSemWait) == 16, "node params union");
_Static_assert(hipExternalMemoryHandleTypeOpaqueFd == 1 &&
                   hipExternalMemoryHandleTypeNvSciBuf == 8 &&
                   hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32 == 10 &&
                   hipExternalMemoryDedicated == 1,
               "enum values");

int main(void) {
  enum { SIZE = 8192, OFFSET = 100 };
  int fd = memfd_create("ferrocm-external-c", 0);
  EXPECT(fd >= 0);
  EXPECT(ftruncate(fd, SIZE) == 0);
  unsigned char* view = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  EXPECT(view != MAP_FAILED);
  for (int i = 0; i < SIZE; ++i) view[i] = (unsigned char)(i * 13 + 1);

  hipExternalMemoryHandleDesc desc;
  memset(&desc, 0, sizeof desc);
  desc.type = hipExternalMemoryHandleTypeOpaqueFd;
  desc.handle.fd = fd;
  desc.size = SIZE;
  hipExternalMemory_t mem = NULL;
  CHECK(hipImportExternalMemory(&mem, &desc));

  hipExternalMemoryBufferDesc buf;
  memset(&buf, 0, sizeof buf);
  buf.offset = OFFSET;
  buf.size = 1000;
  void* dev = NULL;
  CHECK(hipExternalMemoryGetMappedBuffer(&dev, mem, &buf));
  unsigned char host[1000];
  CHECK(hipMemcpy(host, dev, sizeof host, hipMemcpyDeviceToHost));
  EXPECT(memcmp(host, view + OFFSET, sizeof host) == 0);
  CHECK(hipMemset(dev, 0x7e, 10));
  EXPECT(view[OFFSET] == 0x7e && view[OFFSET + 9] == 0x7e);
  EXPECT(view[OFFSET + 10] == (unsigned char)((OFFSET + 10) * 13 + 1));
  buf.offset = SIZE;
  EXPECT(hipExternalMemoryGetMappedBuffer(&dev, mem, &buf) == hipErrorInvalidValue);
  EXPECT(hipGetLastError() == hipErrorInvalidValue);
  CHECK(hipFree(dev));
  CHECK(hipDestroyExternalMemory(mem));
  EXPECT(fcntl(fd, F_GETFD) == -1); /* the runtime owned and closed it */
  EXPECT(hipDestroyExternalMemory(mem) == hipErrorInvalidValue);
  munmap(view, SIZE);

  hipExternalSemaphoreSignalParams signal;
  memset(&signal, 0, sizeof signal);
  signal.params.fence.value = 1;
  EXPECT(hipSignalExternalSemaphoresAsync(NULL, &signal, 1, NULL) == hipErrorInvalidValue);
  EXPECT(hipGetLastError() == hipErrorInvalidValue);
  EXPECT(hipGetLastError() == hipSuccess);
  hipExternalSemaphoreWaitParams wait;
  memset(&wait, 0, sizeof wait);
  EXPECT(hipWaitExternalSemaphoresAsync(NULL, &wait, 1, NULL) == hipErrorInvalidValue);
  hipExternalSemaphoreHandleDesc sem_desc;
  memset(&sem_desc, 0, sizeof sem_desc);
  sem_desc.type = hipExternalSemaphoreHandleTypeOpaqueFd;
  sem_desc.handle.fd = 1;
  hipExternalSemaphore_t sem = NULL;
  EXPECT(hipImportExternalSemaphore(&sem, &sem_desc) == hipErrorNotSupported);
  EXPECT(hipDestroyExternalSemaphore(NULL) == hipErrorInvalidValue);

  hipGraph_t graph = NULL;
  CHECK(hipGraphCreate(&graph, 0));
  hipExternalSemaphoreSignalNodeParams node_params;
  node_params.extSemArray = &sem;
  node_params.paramsArray = &signal;
  node_params.numExtSems = 1;
  hipGraphNode_t node = NULL;
  EXPECT(hipGraphAddExternalSemaphoresSignalNode(&node, graph, NULL, 0, &node_params) ==
         hipErrorInvalidValue);
  CHECK(hipGraphDestroy(graph));
  (void)hipGetLastError();
  printf("OK\n");
  return 0;
}
