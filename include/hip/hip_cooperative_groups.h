/* ferrocm: HIP cooperative groups, the thread-block part.
 *
 * Supported: cooperative_groups::thread_group (which on ferrocm can only ever be the calling
 * thread block, since no other group can be made), thread_block and this_thread_block(), with
 * sync(), size(), num_threads(), thread_rank(), is_valid(), group_index(), thread_index(),
 * group_dim() and dim_threads(); and the free functions sync(g), thread_rank(g), group_size(g)
 * and is_valid(g).
 *
 * Not supported yet on the CPU device: tiles (tiled_partition, thread_block_tile), coalesced
 * groups, grid and multi-grid groups (this_grid, grid_group::sync and so on), this_thread and
 * the partitioning functions. Each is declared `unavailable` so that a program using it fails to
 * compile with an error naming it, rather than running with the wrong group. (A grid-wide
 * barrier in particular needs every block of the launch resident at once, which the CPU device's
 * launch does not promise.)
 *
 * Usable only in device code: the members read threadIdx/blockIdx/blockDim and call
 * __syncthreads(). The header still parses in the host pass, as the kernels that use it do. */
#ifndef FERROCM_HIP_COOPERATIVE_GROUPS_H
#define FERROCM_HIP_COOPERATIVE_GROUPS_H

#if !defined(__cplusplus)
#error "hip/hip_cooperative_groups.h is C++: compile as HIP"
#endif

#include <hip/hip_runtime.h>

#if defined(__HIP__)

#define __FERROCM_CG_FN __device__ __forceinline__
#define __FERROCM_CG_UNSUPPORTED(what)                                                         \
  __attribute__((unavailable("cooperative_groups::" what                                      \
                             " is not supported on the ferrocm CPU device yet")))

namespace cooperative_groups {

/* The block's work-item count and the caller's linear rank in it (x fastest, then y, then z),
 * as HIP numbers them. */
namespace __ferrocm_detail {
__FERROCM_CG_FN unsigned int block_size() { return blockDim.x * blockDim.y * blockDim.z; }
__FERROCM_CG_FN unsigned int block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
} // namespace __ferrocm_detail

/* A set of threads that can synchronise. The only group ferrocm creates is the thread block,
 * so every member answers for the calling block. */
class thread_group {
public:
  __FERROCM_CG_FN unsigned int num_threads() const { return __ferrocm_detail::block_size(); }
  __FERROCM_CG_FN unsigned int size() const { return num_threads(); }
  __FERROCM_CG_FN unsigned int thread_rank() const { return __ferrocm_detail::block_rank(); }
  __FERROCM_CG_FN bool is_valid() const { return true; }
  /* Every thread of the block must reach it (a barrier, as __syncthreads()). */
  __FERROCM_CG_FN void sync() const { __syncthreads(); }

protected:
  __FERROCM_CG_FN thread_group() {}
  friend class thread_block;
};

/* The calling thread block (HIP's work-group). */
class thread_block : public thread_group {
public:
  __FERROCM_CG_FN static unsigned int num_threads() { return __ferrocm_detail::block_size(); }
  __FERROCM_CG_FN static unsigned int size() { return num_threads(); }
  __FERROCM_CG_FN static unsigned int thread_rank() { return __ferrocm_detail::block_rank(); }
  __FERROCM_CG_FN static bool is_valid() { return true; }
  __FERROCM_CG_FN static void sync() { __syncthreads(); }
  /* blockIdx: this block's index in the grid. */
  __FERROCM_CG_FN static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  /* threadIdx: the caller's index in the block. */
  __FERROCM_CG_FN static dim3 thread_index() {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  /* blockDim: the block's extent. */
  __FERROCM_CG_FN static dim3 group_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __FERROCM_CG_FN static dim3 dim_threads() { return group_dim(); }

private:
  __FERROCM_CG_FN thread_block() {}
  friend __FERROCM_CG_FN thread_block this_thread_block();
};

__FERROCM_CG_FN thread_block this_thread_block() { return thread_block(); }

/* Free-function forms, for any group type. */
template <class Group> __FERROCM_CG_FN unsigned int group_size(const Group &g) {
  return g.size();
}
template <class Group> __FERROCM_CG_FN unsigned int thread_rank(const Group &g) {
  return g.thread_rank();
}
template <class Group> __FERROCM_CG_FN bool is_valid(const Group &g) { return g.is_valid(); }
template <class Group> __FERROCM_CG_FN void sync(const Group &g) { g.sync(); }

/* ---- not supported yet: using any of these is a compile error naming it ---- */

/* Complete (empty) types, so that the first error a use gives is the one naming it and not an
 * "incomplete type" one. */
class __FERROCM_CG_UNSUPPORTED("grid_group") grid_group {};
class __FERROCM_CG_UNSUPPORTED("multi_grid_group") multi_grid_group {};
class __FERROCM_CG_UNSUPPORTED("coalesced_group") coalesced_group {};
template <unsigned int Size, class Parent = void>
class __FERROCM_CG_UNSUPPORTED("thread_block_tile") thread_block_tile {};

__FERROCM_CG_UNSUPPORTED("this_grid") __device__ grid_group this_grid();
__FERROCM_CG_UNSUPPORTED("this_multi_grid") __device__ multi_grid_group this_multi_grid();
__FERROCM_CG_UNSUPPORTED("coalesced_threads") __device__ coalesced_group coalesced_threads();
__FERROCM_CG_UNSUPPORTED("this_thread") __device__ thread_group this_thread();
__FERROCM_CG_UNSUPPORTED("tiled_partition")
__device__ thread_group tiled_partition(const thread_group &parent, unsigned int tile_size);
template <unsigned int Size, class Parent>
__FERROCM_CG_UNSUPPORTED("tiled_partition")
__device__ thread_block_tile<Size, Parent> tiled_partition(const Parent &parent);
template <class Group>
__FERROCM_CG_UNSUPPORTED("binary_partition")
__device__ coalesced_group binary_partition(const Group &parent, bool pred);
template <class Group>
__FERROCM_CG_UNSUPPORTED("labeled_partition")
__device__ coalesced_group labeled_partition(const Group &parent, unsigned int label);

} // namespace cooperative_groups

#undef __FERROCM_CG_UNSUPPORTED
#undef __FERROCM_CG_FN

#endif /* __HIP__ */

#endif /* FERROCM_HIP_COOPERATIVE_GROUPS_H */
