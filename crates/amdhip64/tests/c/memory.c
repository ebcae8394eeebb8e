/* The memory API of <hip/hip_runtime_api.h> from C (gcc, -pedantic): memory pools and
 * stream-ordered allocation, managed-memory hints and range attributes, 3-D and parameter-block
 * copies and fills, virtual memory management, IPC handles. Checks the declarations, the
 * struct layouts C sees and the values round-tripping. Prints "OK" when every check passes. */
#include <hip/hip_runtime_api.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

_Static_assert(sizeof(hipMemPoolProps) == 88, "hipMemPoolProps layout");
_Static_assert(sizeof(hipMemAllocationProp) == 32, "hipMemAllocationProp layout");
_Static_assert(offsetof(hipMemAllocationProp, allocFlags) == 24, "allocFlags offset");
_Static_assert(sizeof(hip_Memcpy2D) == 128, "hip_Memcpy2D layout");
_Static_assert(offsetof(hip_Memcpy2D, dstXInBytes) == 56, "hip_Memcpy2D dst offset");
_Static_assert(sizeof(hipIpcMemHandle_t) == 64 && sizeof(hipIpcEventHandle_t) == 64, "IPC");

int main(void) {
  /* Pools. */
  hipMemPool_t def, pool;
  CHECK(hipDeviceGetDefaultMemPool(&def, 0));
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  CHECK(hipMemPoolCreate(&pool, &props));
  uint64_t threshold = UINT64_MAX, used = 0;
  CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold));
  hipStream_t s;
  CHECK(hipStreamCreate(&s));
  unsigned char* p = NULL;
  CHECK(hipMallocFromPoolAsync((void**)&p, 1000, pool, s));
  CHECK(hipMemsetAsync(p, 7, 1000, s));
  unsigned char back[1000];
  CHECK(hipMemcpyAsync(back, p, 1000, hipMemcpyDeviceToHost, s));
  CHECK(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &used));
  EXPECT(used == 1000);
  CHECK(hipFreeAsync(p, s));
  CHECK(hipStreamSynchronize(s));
  EXPECT(back[0] == 7 && back[999] == 7);
  CHECK(hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &used));
  EXPECT(used == 0);
  CHECK(hipMemPoolTrimTo(pool, 0));
  CHECK(hipMemPoolGetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &used));
  EXPECT(used == 0);
  EXPECT(hipMemPoolDestroy(def) == hipErrorInvalidValue);
  CHECK(hipMemPoolDestroy(pool));
  void* q = NULL;
  CHECK(hipMallocAsync(&q, 64, s));
  CHECK(hipFreeAsync(q, s));

  /* Managed memory hints. */
  void* m = NULL;
  CHECK(hipMallocManaged(&m, 8192, hipMemAttachGlobal));
  CHECK(hipMemAdvise(m, 8192, hipMemAdviseSetPreferredLocation, hipCpuDeviceId));
  CHECK(hipMemPrefetchAsync(m, 8192, 0, s));
  CHECK(hipStreamSynchronize(s));
  int loc = 0;
  CHECK(hipMemRangeGetAttribute(&loc, sizeof loc, hipMemRangeAttributePreferredLocation, m, 8192));
  EXPECT(loc == hipCpuDeviceId);
  CHECK(hipMemRangeGetAttribute(&loc, sizeof loc, hipMemRangeAttributeLastPrefetchLocation, m,
                                8192));
  EXPECT(loc == 0);
  CHECK(hipFree(m));

  /* 3-D and parameter-block forms. */
  hipPitchedPtr pp;
  CHECK(hipMalloc3D(&pp, make_hipExtent(30, 4, 2)));
  CHECK(hipMemset3D(pp, 0x5a, make_hipExtent(30, 4, 2)));
  unsigned char rows[4 * 30];
  hip_Memcpy2D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeDevice;
  c.srcDevice = pp.ptr;
  c.srcPitch = pp.pitch;
  c.dstMemoryType = hipMemoryTypeHost;
  c.dstHost = rows;
  c.dstPitch = 30;
  c.WidthInBytes = 30;
  c.Height = 4;
  CHECK(hipMemcpyParam2D(&c));
  EXPECT(rows[0] == 0x5a && rows[4 * 30 - 1] == 0x5a);
  CHECK(hipMemsetD2D32(pp.ptr, pp.pitch, 0x01020304u, 2, 4));
  CHECK(hipFree(pp.ptr));

  /* Virtual memory. */
  hipMemAllocationProp ap;
  memset(&ap, 0, sizeof ap);
  ap.type = hipMemAllocationTypePinned;
  ap.location.type = hipMemLocationTypeDevice;
  ap.location.id = 0;
  size_t g = 0;
  CHECK(hipMemGetAllocationGranularity(&g, &ap, hipMemAllocationGranularityMinimum));
  hipMemGenericAllocationHandle_t h;
  CHECK(hipMemCreate(&h, g, &ap, 0));
  void* va = NULL;
  CHECK(hipMemAddressReserve(&va, g, 0, NULL, 0));
  CHECK(hipMemMap(va, g, 0, h, 0));
  hipMemAccessDesc d;
  d.location = ap.location;
  d.flags = hipMemAccessFlagsProtReadWrite;
  CHECK(hipMemSetAccess(va, g, &d, 1));
  CHECK(hipMemset(va, 3, g));
  /* A fill of a whole device allocation returns once queued, as in ROCm. */
  CHECK(hipDeviceSynchronize());
  EXPECT(((unsigned char*)va)[g - 1] == 3);
  CHECK(hipMemUnmap(va, g));
  CHECK(hipMemAddressFree(va, g));
  CHECK(hipMemRelease(h));

  /* IPC handles. */
  void* shared = NULL;
  hipIpcMemHandle_t mh;
  CHECK(hipMalloc(&shared, 4096));
  CHECK(hipIpcGetMemHandle(&mh, shared));
  void* opened = NULL;
  EXPECT(hipIpcOpenMemHandle(&opened, mh, hipIpcMemLazyEnablePeerAccess) == hipErrorInvalidContext);
  CHECK(hipFree(shared));
  CHECK(hipStreamDestroy(s));
  (void)hipGetLastError();
  printf("OK\n");
  return 0;
}
