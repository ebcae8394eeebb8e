/* ferrocm: the C library functions HIP device code may call (memcpy, memset, malloc, free, and
 * new/delete on them), the device clocks (clock, clock64, wall_clock64), __smid and
 * HIP_DYNAMIC_SHARED.
 *
 * On the CPU device a kernel is native code in the host process, so the allocator is the C
 * library's own: device malloc and free call the process's malloc and free (any work-item of any
 * kernel may free what another allocated, and a block stays valid until it is freed; the host
 * must not free it with hipFree). The clocks read CLOCK_MONOTONIC:
 *   clock64(), clock(), __clock64(), __clock()
 *                       nanoseconds (the CPU device's "cycle" counter runs at 1 GHz), as
 *                       long long, ROCm's type;
 *   wall_clock64()      a constant 100 MHz (10 ns ticks), the rate AMD GPUs report as
 *                       hipDeviceAttributeWallClockRate (100000 kHz).
 * The device versions have C++ linkage and are overloads by target (as HIP's are), so host code
 * keeps the C library's declarations from <cstring>, <cstdlib> and <ctime>. */
#ifndef FERROCM_HIP_DEVICE_LIBC_H
#define FERROCM_HIP_DEVICE_LIBC_H

#include <hip/hip_defines.h>

/* extern __shared__ T name[]: the launch's dynamic shared memory, as an array of `type`. */
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

#if defined(__HIP__)

/* The process's C library, bound by symbol name (the lowering leaves these calls to the
 * dynamic linker). */
struct __ferrocm_timespec {
  long tv_sec;
  long tv_nsec;
};
extern "C" {
__device__ void *__ferrocm_libc_malloc(__SIZE_TYPE__) __asm__("malloc");
__device__ void __ferrocm_libc_free(void *) __asm__("free");
__device__ int __ferrocm_libc_clock_gettime(int, struct __ferrocm_timespec *)
    __asm__("clock_gettime");
__device__ int __ferrocm_libc_sched_getcpu(void) __asm__("sched_getcpu");
}

__FERROCM_DEVICE void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n) {
  return __builtin_memcpy(dst, src, n);
}
__FERROCM_DEVICE void *memset(void *dst, int value, __SIZE_TYPE__ n) {
  return __builtin_memset(dst, value, n);
}
__FERROCM_DEVICE void *malloc(__SIZE_TYPE__ size) { return __ferrocm_libc_malloc(size); }
__FERROCM_DEVICE void free(void *ptr) { __ferrocm_libc_free(ptr); }

/* Device new and delete, on malloc and free (as clang's CUDA/HIP wrappers define them: a failed
 * allocation gives a null pointer, device code has no exceptions). C++ only. */
#if defined(__cplusplus)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Winline-new-delete"
__device__ inline void *operator new(__SIZE_TYPE__ size) { return malloc(size ? size : 1); }
__device__ inline void *operator new[](__SIZE_TYPE__ size) { return malloc(size ? size : 1); }
__device__ inline void operator delete(void *ptr) noexcept { free(ptr); }
__device__ inline void operator delete[](void *ptr) noexcept { free(ptr); }
__device__ inline void operator delete(void *ptr, __SIZE_TYPE__) noexcept { free(ptr); }
__device__ inline void operator delete[](void *ptr, __SIZE_TYPE__) noexcept { free(ptr); }
/* Placement forms (rocPRIM constructs objects in shared memory with them); <new> declares only
 * the host's. */
__device__ inline void *operator new(__SIZE_TYPE__, void *ptr) noexcept { return ptr; }
__device__ inline void *operator new[](__SIZE_TYPE__, void *ptr) noexcept { return ptr; }
__device__ inline void operator delete(void *, void *) noexcept {}
__device__ inline void operator delete[](void *, void *) noexcept {}
#pragma clang diagnostic pop
#endif

/* CLOCK_MONOTONIC is 1 on Linux. */
__FERROCM_DEVICE long long __ferrocm_monotonic_ns(void) {
  struct __ferrocm_timespec t;
  __ferrocm_libc_clock_gettime(1, &t);
  return t.tv_sec * 1000000000ll + t.tv_nsec;
}
__FERROCM_DEVICE long long __clock64(void) { return __ferrocm_monotonic_ns(); }
__FERROCM_DEVICE long long __clock(void) { return __ferrocm_monotonic_ns(); }
__FERROCM_DEVICE long long clock64(void) { return __ferrocm_monotonic_ns(); }
__FERROCM_DEVICE long long clock(void) { return __ferrocm_monotonic_ns(); }
__FERROCM_DEVICE long long wall_clock64(void) { return __ferrocm_monotonic_ns() / 10; }

/* The "multiprocessor" a work-item runs on: on the CPU device, the core its worker thread is on
 * (the C library's sched_getcpu; 0 if the system cannot say). */
__FERROCM_DEVICE unsigned int __smid(void) {
  int cpu = __ferrocm_libc_sched_getcpu();
  return cpu < 0 ? 0u : (unsigned int)cpu;
}

#endif /* __HIP__ */

#endif /* FERROCM_HIP_DEVICE_LIBC_H */
