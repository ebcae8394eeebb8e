/* ferrocm: built-in variables (threadIdx, blockIdx, blockDim, gridDim, warpSize), barriers,
 * fences, device printf, assert and trap.
 *
 * The __ferrocm_* functions are declared here and never defined: the CPU lowering binds each one
 * (work-item id, work-group id and size, barrier, trap...) when it turns a kernel into a
 * work-group function. */
#ifndef FERROCM_HIP_DEVICE_BUILTINS_H
#define FERROCM_HIP_DEVICE_BUILTINS_H

#include <hip/hip_defines.h>
#include <hip/hip_vector_types.h>

#if defined(__HIP__)

extern "C" {
__device__ __attribute__((const)) unsigned __ferrocm_workitem_id_x(void);
__device__ __attribute__((const)) unsigned __ferrocm_workitem_id_y(void);
__device__ __attribute__((const)) unsigned __ferrocm_workitem_id_z(void);
__device__ __attribute__((const)) unsigned __ferrocm_workgroup_id_x(void);
__device__ __attribute__((const)) unsigned __ferrocm_workgroup_id_y(void);
__device__ __attribute__((const)) unsigned __ferrocm_workgroup_id_z(void);
__device__ __attribute__((const)) unsigned __ferrocm_workgroup_size_x(void);
__device__ __attribute__((const)) unsigned __ferrocm_workgroup_size_y(void);
__device__ __attribute__((const)) unsigned __ferrocm_workgroup_size_z(void);
__device__ __attribute__((const)) unsigned __ferrocm_num_workgroups_x(void);
__device__ __attribute__((const)) unsigned __ferrocm_num_workgroups_y(void);
__device__ __attribute__((const)) unsigned __ferrocm_num_workgroups_z(void);
__device__ __attribute__((const)) unsigned __ferrocm_warp_size(void);
__device__ __attribute__((convergent)) void __ferrocm_barrier(void);
/* Waits until every work-group of a cooperative launch has called it; call from one work-item of
 * the group, between block barriers. In any other launch the work-group aborts with an error. */
__device__ __attribute__((convergent)) void __ferrocm_grid_sync(void);
/* Warp (wavefront) primitives. A block's work-items are numbered linearly (x fastest:
 * x + y*blockDim.x + z*blockDim.x*blockDim.y); lane = linear % warpSize, warp = linear / warpSize.
 * __ferrocm_warp_exchange(v): every lane of the warp that reaches this call together publishes v
 * and waits for the others; the result points to the warp's lane array, valid until the lane's next
 * warp or block builtin: element i (i < warpSize) is lane i's value, element warpSize the mask of
 * lanes that took part (bit i = lane i; lanes of a partial last warp and lanes on another path are
 * not in it, and their elements are unspecified). Lanes on diverged paths exchange separately:
 * the CPU device runs the paths one after another and they meet again at the next point both
 * reach. */
__device__ __attribute__((const)) unsigned __ferrocm_lane_id(void);
__device__ __attribute__((convergent)) const unsigned long long *
__ferrocm_warp_exchange(unsigned long long value);
__device__ __attribute__((noreturn)) void __ferrocm_assert_fail(const char *expr, const char *file,
                                                                unsigned line, const char *func);
__device__ __attribute__((noreturn)) void __ferrocm_trap(void);
}

/* threadIdx and friends are objects with no data: each .x/.y/.z is a property whose getter
 * calls the matching __ferrocm_* function, so `threadIdx.x` reads like a variable but lowers to
 * a call the CPU lowering can bind. The objects themselves are never defined or referenced. */
#define __FERROCM_BUILTIN_XYZ(type, fn)                                                        \
  struct type {                                                                                \
    __declspec(property(get = __get_x)) unsigned int x;                                        \
    __declspec(property(get = __get_y)) unsigned int y;                                        \
    __declspec(property(get = __get_z)) unsigned int z;                                        \
    static __device__ __forceinline__ unsigned int __get_x(void) { return fn##_x(); }          \
    static __device__ __forceinline__ unsigned int __get_y(void) { return fn##_y(); }          \
    static __device__ __forceinline__ unsigned int __get_z(void) { return fn##_z(); }          \
    __device__ __forceinline__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); } \
    type() = delete;                                                                           \
    type(const type &) = delete;                                                               \
    void operator=(const type &) = delete;                                                     \
    type *operator&() const = delete;                                                          \
  }

__FERROCM_BUILTIN_XYZ(__ferrocm_thread_idx_t, __ferrocm_workitem_id);
__FERROCM_BUILTIN_XYZ(__ferrocm_block_idx_t, __ferrocm_workgroup_id);
__FERROCM_BUILTIN_XYZ(__ferrocm_block_dim_t, __ferrocm_workgroup_size);
__FERROCM_BUILTIN_XYZ(__ferrocm_grid_dim_t, __ferrocm_num_workgroups);
#undef __FERROCM_BUILTIN_XYZ

extern const __device__ __attribute__((weak)) __ferrocm_thread_idx_t threadIdx;
extern const __device__ __attribute__((weak)) __ferrocm_block_idx_t blockIdx;
extern const __device__ __attribute__((weak)) __ferrocm_block_dim_t blockDim;
extern const __device__ __attribute__((weak)) __ferrocm_grid_dim_t gridDim;

/* The warp size: a compile-time constant, as ROCm 6 declares it (rocPRIM uses it in template
 * arguments). The CPU device has one warp size per process (64, or 32 under FERROCM_WARP_SIZE=32),
 * and ferrocm's compiles define __AMDGCN_WAVEFRONT_SIZE to it (hipcc's -mwavefrontsize64 and
 * -mno-wavefrontsize64 choose one). __ferrocm_wavefront_size carries the size into the device IR,
 * so that the runtime refuses code built for the other size instead of running it wrong. */
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
static constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE;
#if defined(__HIP_DEVICE_COMPILE__)
extern "C" __device__ __attribute__((weak)) const int __ferrocm_wavefront_size =
    __AMDGCN_WAVEFRONT_SIZE;
#endif
/* -mprintf-kind=buffered (AMD's printf buffer, where printf returns 0 on success, -1 when full)
 * instead of the default hostcall scheme (where it returns the bytes printed): the compiler defines
 * __FERROCM_PRINTF_BUFFERED and this constant tells the lowering. */
#if defined(__HIP_DEVICE_COMPILE__) && defined(__FERROCM_PRINTF_BUFFERED)
extern "C" __device__ __attribute__((weak)) const int __ferrocm_printf_buffered = 1;
#endif

/* AMD's cross-lane builtins as calls of ferrocm's device library (crates/comgr/device/amdgcn.hip).
 * clang gives the __builtin_amdgcn_* forms no memory effects, so its optimiser may move reads of an
 * earlier warp exchange's lane array past them; on the CPU device each is itself an exchange through
 * that array, so they are calls it must keep in order. (Their llvm.amdgcn.* intrinsics, from IR
 * written elsewhere, are bound by the compiler's intrinsic pass.) */
#if defined(__HIP_DEVICE_COMPILE__)
extern "C" {
__device__ __attribute__((convergent)) unsigned long long __ferrocm_amdgcn_ballot(bool);
__device__ __attribute__((convergent)) unsigned long long __ferrocm_amdgcn_readfirstlane(unsigned long long);
__device__ __attribute__((convergent)) unsigned long long __ferrocm_amdgcn_readlane(unsigned long long, unsigned);
__device__ __attribute__((convergent)) void __ferrocm_amdgcn_wave_barrier(void);
__device__ __attribute__((convergent)) int __ferrocm_amdgcn_ds_bpermute(int, int);
__device__ __attribute__((convergent)) int __ferrocm_amdgcn_ds_permute(int, int);
__device__ __attribute__((convergent)) int __ferrocm_amdgcn_ds_swizzle(int, int);
__device__ __attribute__((convergent)) unsigned long long
__ferrocm_amdgcn_update_dpp(unsigned long long, unsigned long long, unsigned, unsigned, unsigned, bool);
}
/* Object-like macros, so that `::__builtin_amdgcn_mov_dpp(...)` (rocPRIM's spelling) works too. */
__FERROCM_DEVICE unsigned long long __ferrocm_ballot_w64(bool p) { return __ferrocm_amdgcn_ballot(p); }
__FERROCM_DEVICE unsigned __ferrocm_ballot_w32(bool p) { return (unsigned)__ferrocm_amdgcn_ballot(p); }
__FERROCM_DEVICE int __ferrocm_readfirstlane(int v) {
  return (int)__ferrocm_amdgcn_readfirstlane((unsigned)v);
}
__FERROCM_DEVICE int __ferrocm_readlane(int v, int lane) {
  return (int)__ferrocm_amdgcn_readlane((unsigned)v, (unsigned)lane);
}
__FERROCM_DEVICE int __ferrocm_mov_dpp(int v, int ctrl, int row_mask, int bank_mask, bool bound) {
  return (int)__ferrocm_amdgcn_update_dpp(0, (unsigned)v, ctrl, row_mask, bank_mask, bound);
}
__FERROCM_DEVICE int __ferrocm_update_dpp(int old, int v, int ctrl, int row_mask, int bank_mask,
                                          bool bound) {
  return (int)__ferrocm_amdgcn_update_dpp((unsigned)old, (unsigned)v, ctrl, row_mask, bank_mask,
                                          bound);
}
#define __builtin_amdgcn_ballot_w64 __ferrocm_ballot_w64
#define __builtin_amdgcn_ballot_w32 __ferrocm_ballot_w32
#define __builtin_amdgcn_readfirstlane __ferrocm_readfirstlane
#define __builtin_amdgcn_readlane __ferrocm_readlane
#define __builtin_amdgcn_wave_barrier __ferrocm_amdgcn_wave_barrier
#define __builtin_amdgcn_ds_bpermute __ferrocm_amdgcn_ds_bpermute
#define __builtin_amdgcn_ds_permute __ferrocm_amdgcn_ds_permute
#define __builtin_amdgcn_ds_swizzle __ferrocm_amdgcn_ds_swizzle
#define __builtin_amdgcn_mov_dpp __ferrocm_mov_dpp
#define __builtin_amdgcn_update_dpp __ferrocm_update_dpp
#endif

/* ---- synchronisation ---- */
__FERROCM_DEVICE void __syncthreads(void) { __ferrocm_barrier(); }
/* On the CPU device every scope shares one coherent memory, so all three are full fences. */
__FERROCM_DEVICE void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
__FERROCM_DEVICE void __threadfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
__FERROCM_DEVICE void __threadfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* Barrier plus a block-wide reduction of a predicate: count the work-items whose predicate is
 * non-zero in a shared counter (the first barrier orders the reset before the increments, the
 * last keeps the next call's reset after everyone's read). */
__FERROCM_DEVICE int __syncthreads_count(int predicate) {
  __shared__ int count;
  if (__ferrocm_workitem_id_x() == 0 && __ferrocm_workitem_id_y() == 0 &&
      __ferrocm_workitem_id_z() == 0)
    count = 0;
  __ferrocm_barrier();
  if (predicate)
    __hip_atomic_fetch_add(&count, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __ferrocm_barrier();
  int result = __hip_atomic_load(&count, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __ferrocm_barrier();
  return result;
}
__FERROCM_DEVICE int __syncthreads_and(int predicate) {
  return __syncthreads_count(!predicate) == 0;
}
__FERROCM_DEVICE int __syncthreads_or(int predicate) { return __syncthreads_count(predicate) != 0; }

/* ---- printf, trap, abort ----
 * Declared in the host pass too: clang parses kernel bodies there and does not let them call
 * the C library's host-only printf/abort. Host code still gets the C library's (overloading on
 * __host__/__device__ picks by caller). */
extern "C" __device__ int printf(const char *fmt, ...);
__FERROCM_DEVICE __attribute__((noreturn)) void __trap(void) { __ferrocm_trap(); }
__FERROCM_DEVICE __attribute__((noreturn)) void abort(void) { __ferrocm_trap(); }

#endif /* __HIP__ */

#if !defined(__HIP_DEVICE_COMPILE__)
#include <stdio.h>
#include <stdlib.h>
#endif

#endif /* FERROCM_HIP_DEVICE_BUILTINS_H */

