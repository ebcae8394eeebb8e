/* ferrocm: ROCm's hip/amd_detail/amd_hip_unsafe_atomics.h. AMD hardware offers faster float
 * atomics that are "unsafe" on some memory kinds; the CPU device has one kind of memory, where
 * every atomic is safe, so both spellings are the ordinary device-scope atomics. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H
#define FERROCM_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H

#include <hip/hip_runtime.h>

#if defined(__HIP__)
#define __FERROCM_SAFE_ATOMICS(T)                                                              \
  __FERROCM_DEVICE T unsafeAtomicAdd(T *addr, T value) { return atomicAdd(addr, value); }      \
  __FERROCM_DEVICE T safeAtomicAdd(T *addr, T value) { return atomicAdd(addr, value); }        \
  __FERROCM_DEVICE T unsafeAtomicMax(T *addr, T value) { return atomicMax(addr, value); }      \
  __FERROCM_DEVICE T safeAtomicMax(T *addr, T value) { return atomicMax(addr, value); }        \
  __FERROCM_DEVICE T unsafeAtomicMin(T *addr, T value) { return atomicMin(addr, value); }      \
  __FERROCM_DEVICE T safeAtomicMin(T *addr, T value) { return atomicMin(addr, value); }
__FERROCM_SAFE_ATOMICS(float)
__FERROCM_SAFE_ATOMICS(double)
#undef __FERROCM_SAFE_ATOMICS
#endif

#endif /* FERROCM_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H */
