/* ferrocm: HIP atomic functions on global and shared memory (generic pointers).
 *
 * Every function returns the old value and is relaxed, like HIP's. The plain name has device
 * (agent) scope, the _block suffix work-group scope, the _system suffix system scope. They are
 * written with clang's __hip_atomic_* builtins, which become single `atomicrmw` / `cmpxchg`
 * instructions (float add becomes `atomicrmw fadd`, float min/max `atomicrmw fmin`/`fmax`). */
#ifndef FERROCM_HIP_ATOMIC_H
#define FERROCM_HIP_ATOMIC_H

#include <hip/hip_defines.h>

#if defined(__HIP__)

/* One read-modify-write in all three scopes: NAME(T *, T), NAME_block, NAME_system. */
#define __FERROCM_ATOMIC_RMW(NAME, BUILTIN, T)                                                 \
  __FERROCM_DEVICE T NAME(T *address, T val) {                                                 \
    return BUILTIN(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);                  \
  }                                                                                            \
  __FERROCM_DEVICE T NAME##_block(T *address, T val) {                                         \
    return BUILTIN(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);              \
  }                                                                                            \
  __FERROCM_DEVICE T NAME##_system(T *address, T val) {                                        \
    return BUILTIN(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);                 \
  }

#define __FERROCM_ATOMIC_CAS(T)                                                                \
  __FERROCM_DEVICE T __ferrocm_atomic_cas(T *address, T compare, T val, int scope) {           \
    /* On failure the builtin writes the value it found into `compare`, which is then the     \
     * old value; on success `compare` already was. Either way it is what HIP returns. */     \
    switch (scope) {                                                                           \
    case __HIP_MEMORY_SCOPE_WORKGROUP:                                                         \
      __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED,           \
                                           __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);    \
      break;                                                                                   \
    case __HIP_MEMORY_SCOPE_SYSTEM:                                                            \
      __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED,           \
                                           __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);       \
      break;                                                                                   \
    default:                                                                                   \
      __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED,           \
                                           __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);        \
      break;                                                                                   \
    }                                                                                          \
    return compare;                                                                            \
  }                                                                                            \
  __FERROCM_DEVICE T atomicCAS(T *address, T compare, T val) {                                 \
    return __ferrocm_atomic_cas(address, compare, val, __HIP_MEMORY_SCOPE_AGENT);              \
  }                                                                                            \
  __FERROCM_DEVICE T atomicCAS_block(T *address, T compare, T val) {                           \
    return __ferrocm_atomic_cas(address, compare, val, __HIP_MEMORY_SCOPE_WORKGROUP);          \
  }                                                                                            \
  __FERROCM_DEVICE T atomicCAS_system(T *address, T compare, T val) {                          \
    return __ferrocm_atomic_cas(address, compare, val, __HIP_MEMORY_SCOPE_SYSTEM);             \
  }

/* Integer types: add, sub, exchange, min, max, and, or, xor, compare-and-swap. */
#define __FERROCM_ATOMIC_INT(T)                                                                \
  __FERROCM_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicSub, __hip_atomic_fetch_sub, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicAnd, __hip_atomic_fetch_and, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicOr, __hip_atomic_fetch_or, T)                                     \
  __FERROCM_ATOMIC_RMW(atomicXor, __hip_atomic_fetch_xor, T)                                   \
  __FERROCM_ATOMIC_CAS(T)

/* Floating-point types: add, sub, exchange, min, max, compare-and-swap. */
#define __FERROCM_ATOMIC_FLOAT(T)                                                              \
  __FERROCM_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicSub, __hip_atomic_fetch_sub, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, T)                                   \
  __FERROCM_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, T)                                   \
  __FERROCM_ATOMIC_CAS(T)

/* The overload set is ROCm's: signed 64-bit integers have only min and max (a program calling
 * atomicAdd on a `long long *` does not compile there, and must not here either). */
__FERROCM_ATOMIC_INT(int)
__FERROCM_ATOMIC_INT(unsigned int)
__FERROCM_ATOMIC_INT(unsigned long)
__FERROCM_ATOMIC_INT(unsigned long long)
__FERROCM_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, long long)
__FERROCM_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, long long)
__FERROCM_ATOMIC_FLOAT(float)
__FERROCM_ATOMIC_FLOAT(double)

/* ROCm's older float add that returns nothing (deprecated there too). */
__attribute__((deprecated("use atomicAdd instead"))) __FERROCM_DEVICE void
atomicAddNoRet(float *address, float val) {
  __hip_atomic_fetch_add(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

/* atomicInc / atomicDec with HIP's wrap-around:
 *   inc: old >= val ? 0 : old + 1          dec: (old == 0 || old > val) ? val : old - 1
 * No single instruction does this on every target, so it is a compare-and-swap loop; it ends
 * because each failed exchange means another work-item's update succeeded. */
#define __FERROCM_ATOMIC_WRAP(SUFFIX, SCOPE)                                                   \
  __FERROCM_DEVICE unsigned int atomicInc##SUFFIX(unsigned int *address, unsigned int val) {   \
    unsigned int old = __hip_atomic_load(address, __ATOMIC_RELAXED, SCOPE);                    \
    for (;;) {                                                                                 \
      unsigned int next = old >= val ? 0u : old + 1u;                                          \
      if (__hip_atomic_compare_exchange_weak(address, &old, next, __ATOMIC_RELAXED,            \
                                             __ATOMIC_RELAXED, SCOPE))                         \
        return old;                                                                            \
    }                                                                                          \
  }                                                                                            \
  __FERROCM_DEVICE unsigned int atomicDec##SUFFIX(unsigned int *address, unsigned int val) {   \
    unsigned int old = __hip_atomic_load(address, __ATOMIC_RELAXED, SCOPE);                    \
    for (;;) {                                                                                 \
      unsigned int next = (old == 0u || old > val) ? val : old - 1u;                           \
      if (__hip_atomic_compare_exchange_weak(address, &old, next, __ATOMIC_RELAXED,            \
                                             __ATOMIC_RELAXED, SCOPE))                         \
        return old;                                                                            \
    }                                                                                          \
  }
__FERROCM_ATOMIC_WRAP(, __HIP_MEMORY_SCOPE_AGENT)
__FERROCM_ATOMIC_WRAP(_block, __HIP_MEMORY_SCOPE_WORKGROUP)
__FERROCM_ATOMIC_WRAP(_system, __HIP_MEMORY_SCOPE_SYSTEM)

/* safeAtomic* and unsafeAtomic* on float and double (ROCm's amd_hip_unsafe_atomics.h, which its
 * atomic header includes, so hip_runtime.h declares them). AMD hardware has faster float
 * atomics that are "unsafe" on some memory kinds; the CPU device has one kind of memory, where
 * every atomic is safe, so both spellings are the device-scope atomics above. */
#define __FERROCM_SAFE_ATOMICS(T)                                                              \
  __FERROCM_DEVICE T unsafeAtomicAdd(T *addr, T value) { return atomicAdd(addr, value); }      \
  __FERROCM_DEVICE T safeAtomicAdd(T *addr, T value) { return atomicAdd(addr, value); }        \
  __FERROCM_DEVICE T unsafeAtomicMax(T *addr, T value) { return atomicMax(addr, value); }      \
  __FERROCM_DEVICE T safeAtomicMax(T *addr, T value) { return atomicMax(addr, value); }        \
  __FERROCM_DEVICE T unsafeAtomicMin(T *addr, T value) { return atomicMin(addr, value); }      \
  __FERROCM_DEVICE T safeAtomicMin(T *addr, T value) { return atomicMin(addr, value); }
__FERROCM_SAFE_ATOMICS(float)
__FERROCM_SAFE_ATOMICS(double)

#undef __FERROCM_ATOMIC_RMW
#undef __FERROCM_ATOMIC_CAS
#undef __FERROCM_ATOMIC_INT
#undef __FERROCM_ATOMIC_FLOAT
#undef __FERROCM_ATOMIC_WRAP
#undef __FERROCM_SAFE_ATOMICS

#endif /* __HIP__ */

#endif /* FERROCM_HIP_ATOMIC_H */
