/* ferrocm: HIP cooperative groups.
 *
 * Supported, following HIP 6's API:
 *   - thread_group, the base of every group: num_threads(), size(), thread_rank(), is_valid(),
 *     sync(), cg_type(), and meta_group_rank()/meta_group_size() (1 group of rank 0 unless the
 *     group came from a partition);
 *   - thread_block / this_thread_block(): the block, with group_index(), thread_index(),
 *     group_dim(), dim_threads();
 *   - tiled_partition(parent, n) (a thread_group of n consecutive ranks, n a power of two no larger
 *     than warpSize, as HIP requires; the last tile of a block whose size is not a multiple of n is
 *     smaller) and tiled_partition<N>(parent) -> thread_block_tile<N, Parent> (N a power of two,
 *     at most warpSize, and below the parent tile's size) with shfl, shfl_up, shfl_down, shfl_xor,
 *     ballot, any, all, match_any, match_all (results over tile ranks: bit r = rank r), sync;
 *   - coalesced_threads() -> coalesced_group: the lanes of the warp that call it together; size()
 *     is their number, thread_rank() the rank among them, shfl by rank, shfl_up/shfl_down by
 *     rank distance, ballot/any/all/match_any/match_all over ranks, sync; tiled_partition and
 *     binary_partition of coalesced groups and tiles;
 *   - this_thread(), a group of the caller alone;
 *   - this_grid() -> grid_group: size(), thread_rank(), block_rank(), group_dim(), is_valid() and
 *     sync(), a grid-wide barrier that needs a cooperative launch (hipLaunchCooperativeKernel);
 *     in any other launch the launch fails with an error;
 *   - this_multi_grid() -> multi_grid_group: the threads of a multi-device launch
 *     (hipLaunchCooperativeKernelMultiDevice). The CPU device is the only device, so a multi-grid
 *     is one grid: num_grids() 1, grid_rank() 0, size() and thread_rank() over the grid, is_valid(),
 *     and sync() the grid-wide barrier (which, as this_grid().sync(), needs a cooperative launch);
 *   - reduce, inclusive_scan and exclusive_scan over tiles and coalesced groups, with plus,
 *     less, greater, bit_and, bit_or, bit_xor (combined in rank order);
 *   - the free functions group_size, thread_rank, is_valid, sync.
 *
 * Tiles and coalesced groups live inside one warp: their operations are warp exchanges (one per
 * call) among the member lanes that reach the call together. A tile whose lanes do not all exist
 * (the end of a partial last warp) operates on those that do. A coalesced group used by fewer
 * lanes than it holds, or a static tile larger than the launch's warpSize (thread_block_tile<64>
 * at FERROCM_WARP_SIZE=32), fails the launch with an assertion naming the feature.
 *
 * Not supported: labeled_partition (not in HIP). It is declared `unavailable`, so a program using
 * it fails to compile with an error naming it.
 *
 * Usable only in device code; the header still parses in the host pass, as the kernels that use
 * it do. */
#ifndef FERROCM_HIP_COOPERATIVE_GROUPS_H
#define FERROCM_HIP_COOPERATIVE_GROUPS_H

#if !defined(__cplusplus)
#error "hip/hip_cooperative_groups.h is C++: compile as HIP"
#endif

#include <hip/hip_runtime.h>

#if defined(__HIP__)

#define __FERROCM_CG_FN __device__ __forceinline__
#define __FERROCM_CG_STATIC static __device__ __forceinline__
#define __FERROCM_CG_UNSUPPORTED(what, why)                                                       \
  __attribute__((unavailable("cooperative_groups::" what                                          \
                             " is not supported on the ferrocm CPU device" why)))

namespace cooperative_groups {

namespace internal {
/* HIP's group kinds, as thread_group::cg_type() reports them. */
typedef enum {
  cg_invalid,
  cg_multi_grid,
  cg_grid,
  cg_workgroup,
  cg_tiled_group,
  cg_coalesced_group
} group_type;
} // namespace internal

namespace __ferrocm_detail {
namespace w = ::__ferrocm_warp;

/* The block's work-item count and the caller's linear rank in it (x fastest, then y, then z),
 * as HIP numbers them; the lane is this rank modulo warpSize. */
__FERROCM_CG_FN unsigned int block_size() { return blockDim.x * blockDim.y * blockDim.z; }
__FERROCM_CG_FN unsigned int block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__FERROCM_CG_FN unsigned int grid_block_rank() {
  return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
__FERROCM_CG_FN unsigned int grid_size() {
  return gridDim.x * gridDim.y * gridDim.z * block_size();
}
__FERROCM_CG_FN void block_sync() { __syncthreads(); }
/* The grid-wide barrier: the block meets, one work-item waits for every other block, the block
 * meets again. */
__FERROCM_CG_FN void grid_sync() {
  __syncthreads();
  if (block_rank() == 0) __ferrocm_grid_sync();
  __syncthreads();
}
/* The member lanes of the warp meet (tiles and coalesced groups). */
__FERROCM_CG_FN w::lanes_t warp_meet() {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  w::lanes_t l = w::exchange(0);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  return l;
}
/* The lanes of the caller's aligned tile of `n` lanes (n a power of two, at most warpSize). */
__FERROCM_CG_FN unsigned int tile_base(unsigned int n) { return w::lane() & ~(n - 1u); }
__FERROCM_CG_FN unsigned long long tile_mask(unsigned int n) {
  return (~0ull >> (64u - n)) << tile_base(n);
}
/* The rank among `mask`'s lanes of lane `l`. */
__FERROCM_CG_FN unsigned int rank_in(unsigned long long mask, unsigned int l) {
  return (unsigned int)__builtin_popcountll(mask & w::lanes_below(l));
}
__FERROCM_CG_FN bool valid_tile_size(unsigned int n) {
  return n != 0 && (n & (n - 1u)) == 0 && n <= w::size();
}
/* A coalesced group's exchange must include all its lanes. */
__FERROCM_CG_FN void require_members(w::lanes_t l, unsigned long long mask, const char *fn) {
  w::require((mask & ~w::active(l)) == 0,
             "cooperative_groups::coalesced_group: used by fewer lanes than it holds", fn);
}
} // namespace __ferrocm_detail

/* A set of threads that can synchronise. Derived groups store what they are here, so a group
 * passed as `const thread_group &` still answers for itself. */
class thread_group {
protected:
  unsigned int _type;
  unsigned int _num_threads;
  /* Member lanes, for coalesced groups. */
  unsigned long long _mask;
  /* For tiles: the tile size (its lanes are aligned), and where it sits among its siblings. */
  unsigned int _tile_size;
  unsigned int _meta_group_rank;
  unsigned int _meta_group_size;

  __FERROCM_CG_FN thread_group(internal::group_type type, unsigned int num_threads,
                               unsigned long long mask = 0, unsigned int tile_size = 0,
                               unsigned int meta_group_rank = 0,
                               unsigned int meta_group_size = 1)
      : _type(type), _num_threads(num_threads), _mask(mask), _tile_size(tile_size),
        _meta_group_rank(meta_group_rank), _meta_group_size(meta_group_size) {}

  friend __FERROCM_CG_FN thread_group tiled_partition(const thread_group &parent,
                                                      unsigned int tile_size);
  friend __FERROCM_CG_FN thread_group this_thread();

public:
  __FERROCM_CG_FN unsigned int num_threads() const { return _num_threads; }
  __FERROCM_CG_FN unsigned int size() const { return num_threads(); }
  __FERROCM_CG_FN unsigned int cg_type() const { return _type; }
  __FERROCM_CG_FN unsigned int thread_rank() const {
    switch (_type) {
    case internal::cg_multi_grid:
    case internal::cg_grid:
      return __ferrocm_detail::grid_block_rank() * __ferrocm_detail::block_size() +
             __ferrocm_detail::block_rank();
    case internal::cg_tiled_group:
      return __ferrocm_detail::block_rank() & (_tile_size - 1u);
    case internal::cg_coalesced_group:
      return __ferrocm_detail::rank_in(_mask, ::__ferrocm_warp::lane());
    default:
      return __ferrocm_detail::block_rank();
    }
  }
  __FERROCM_CG_FN bool is_valid() const { return _type != internal::cg_invalid; }
  /* Every member must reach it: a block barrier, a grid barrier, or a meeting of a warp's
   * member lanes. */
  __FERROCM_CG_FN void sync() const {
    switch (_type) {
    case internal::cg_multi_grid:
    case internal::cg_grid:
      __ferrocm_detail::grid_sync();
      break;
    case internal::cg_tiled_group:
      (void)__ferrocm_detail::warp_meet();
      break;
    case internal::cg_coalesced_group:
      __ferrocm_detail::require_members(__ferrocm_detail::warp_meet(), _mask,
                                        "thread_group::sync");
      break;
    default:
      __ferrocm_detail::block_sync();
      break;
    }
  }
  /* Rank of this group among the groups its parent was partitioned into, and their number. */
  __FERROCM_CG_FN unsigned int meta_group_rank() const { return _meta_group_rank; }
  __FERROCM_CG_FN unsigned int meta_group_size() const { return _meta_group_size; }
};

/* ---- the grid ---- */

/* Every thread of the launch. sync() needs a cooperative launch. */
class grid_group : public thread_group {
  friend __FERROCM_CG_FN grid_group this_grid();
  explicit __FERROCM_CG_FN grid_group(unsigned int size) : thread_group(internal::cg_grid, size) {}

public:
  __FERROCM_CG_FN unsigned int thread_rank() const {
    return __ferrocm_detail::grid_block_rank() * __ferrocm_detail::block_size() +
           __ferrocm_detail::block_rank();
  }
  /* The caller's block among the grid's (x fastest). */
  __FERROCM_CG_FN unsigned int block_rank() const { return __ferrocm_detail::grid_block_rank(); }
  /* True: the CPU device cannot yet tell device code whether the launch is cooperative. A sync()
   * outside one still fails the launch with an error. */
  __FERROCM_CG_FN bool is_valid() const { return true; }
  __FERROCM_CG_FN void sync() const { __ferrocm_detail::grid_sync(); }
  /* gridDim. */
  __FERROCM_CG_FN dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
};

__FERROCM_CG_FN grid_group this_grid() { return grid_group(__ferrocm_detail::grid_size()); }

/* ---- the multi-grid ---- */

/* Every thread of a multi-device launch. With one device there is one grid, so the multi-grid is
 * the grid: its ranks, size and barrier are the grid's. */
class multi_grid_group : public thread_group {
  friend __FERROCM_CG_FN multi_grid_group this_multi_grid();
  explicit __FERROCM_CG_FN multi_grid_group(unsigned int size)
      : thread_group(internal::cg_multi_grid, size) {}

public:
  /* The number of grids (devices) in the launch. */
  __FERROCM_CG_FN unsigned int num_grids() const { return 1u; }
  /* This grid's rank among them. */
  __FERROCM_CG_FN unsigned int grid_rank() const { return 0u; }
  __FERROCM_CG_FN unsigned int thread_rank() const {
    return __ferrocm_detail::grid_block_rank() * __ferrocm_detail::block_size() +
           __ferrocm_detail::block_rank();
  }
  __FERROCM_CG_FN bool is_valid() const { return true; }
  __FERROCM_CG_FN void sync() const { __ferrocm_detail::grid_sync(); }
};

__FERROCM_CG_FN multi_grid_group this_multi_grid() {
  return multi_grid_group(__ferrocm_detail::grid_size());
}

/* ---- the block ---- */

/* The calling thread block (HIP's work-group). */
class thread_block : public thread_group {
  friend __FERROCM_CG_FN thread_block this_thread_block();
  explicit __FERROCM_CG_FN thread_block(unsigned int size)
      : thread_group(internal::cg_workgroup, size) {}

public:
  __FERROCM_CG_STATIC unsigned int num_threads() { return __ferrocm_detail::block_size(); }
  __FERROCM_CG_STATIC unsigned int size() { return num_threads(); }
  __FERROCM_CG_STATIC unsigned int thread_rank() { return __ferrocm_detail::block_rank(); }
  __FERROCM_CG_STATIC bool is_valid() { return true; }
  __FERROCM_CG_STATIC void sync() { __syncthreads(); }
  /* blockIdx: this block's index in the grid. */
  __FERROCM_CG_STATIC dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  /* threadIdx: the caller's index in the block. */
  __FERROCM_CG_STATIC dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  /* blockDim: the block's extent. */
  __FERROCM_CG_STATIC dim3 group_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __FERROCM_CG_STATIC dim3 dim_threads() { return group_dim(); }
};

__FERROCM_CG_FN thread_block this_thread_block() {
  return thread_block(__ferrocm_detail::block_size());
}

/* ---- coalesced groups ---- */

template <unsigned int _Size, class _ParentT = void> class thread_block_tile;

/* Lanes of one warp, named by a mask; ranks number them from the lowest lane. */
class coalesced_group : public thread_group {
  friend __FERROCM_CG_FN coalesced_group coalesced_threads();
  friend __FERROCM_CG_FN coalesced_group tiled_partition(const coalesced_group &parent,
                                                         unsigned int tile_size);
  friend __FERROCM_CG_FN coalesced_group binary_partition(const coalesced_group &parent,
                                                          bool pred);
  template <unsigned int _Sp, class _Pp>
  friend __FERROCM_CG_FN coalesced_group binary_partition(const thread_block_tile<_Sp, _Pp> &,
                                                          bool);
  template <class _Group, class _Tp, class _Op> friend struct __ferrocm_collective;

  explicit __FERROCM_CG_FN coalesced_group(unsigned long long mask, unsigned int meta_rank = 0,
                                           unsigned int meta_size = 1)
      : thread_group(internal::cg_coalesced_group, (unsigned int)__builtin_popcountll(mask), mask,
                     0, meta_rank, meta_size) {}

  /* One exchange of `v` among the members (all must be there). */
  __FERROCM_CG_FN ::__ferrocm_warp::lanes_t exchange(unsigned long long v, const char *fn) const {
    ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(v);
    __ferrocm_detail::require_members(l, _mask, fn);
    return l;
  }
  /* The lane of rank `r`. */
  __FERROCM_CG_FN int lane_of(unsigned int r) const { return ::__ferrocm_warp::nth_lane(_mask, r); }

public:
  __FERROCM_CG_FN unsigned int num_threads() const { return _num_threads; }
  __FERROCM_CG_FN unsigned int size() const { return num_threads(); }
  __FERROCM_CG_FN unsigned int thread_rank() const {
    return __ferrocm_detail::rank_in(_mask, ::__ferrocm_warp::lane());
  }
  __FERROCM_CG_FN bool is_valid() const { return true; }
  __FERROCM_CG_FN void sync() const {
    __ferrocm_detail::require_members(__ferrocm_detail::warp_meet(), _mask,
                                      "coalesced_group::sync");
  }
  __FERROCM_CG_FN unsigned int meta_group_rank() const { return _meta_group_rank; }
  __FERROCM_CG_FN unsigned int meta_group_size() const { return _meta_group_size; }

  /* The value of the member of rank srcRank modulo size(). */
  template <class _Tp> __FERROCM_CG_FN _Tp shfl(_Tp var, int srcRank) const {
    int n = (int)_num_threads;
    int r = srcRank % n;
    if (r < 0) r += n;
    ::__ferrocm_warp::lanes_t l = exchange(::__ferrocm_warp::pack(var), "coalesced_group::shfl");
    return ::__ferrocm_warp::unpack<_Tp>(::__ferrocm_warp::at(l, lane_of((unsigned int)r)));
  }
  /* The value of the member lane_delta ranks above (below for shfl_up); the caller's own where
   * there is none. */
  template <class _Tp> __FERROCM_CG_FN _Tp shfl_down(_Tp var, unsigned int lane_delta) const {
    unsigned long long target = (unsigned long long)thread_rank() + lane_delta;
    ::__ferrocm_warp::lanes_t l =
        exchange(::__ferrocm_warp::pack(var), "coalesced_group::shfl_down");
    int src = target < _num_threads ? lane_of((unsigned int)target) : (int)::__ferrocm_warp::lane();
    return ::__ferrocm_warp::unpack<_Tp>(::__ferrocm_warp::at(l, src));
  }
  template <class _Tp> __FERROCM_CG_FN _Tp shfl_up(_Tp var, unsigned int lane_delta) const {
    unsigned int rank = thread_rank();
    ::__ferrocm_warp::lanes_t l = exchange(::__ferrocm_warp::pack(var), "coalesced_group::shfl_up");
    int src = lane_delta <= rank ? lane_of(rank - lane_delta) : (int)::__ferrocm_warp::lane();
    return ::__ferrocm_warp::unpack<_Tp>(::__ferrocm_warp::at(l, src));
  }
  /* Bit r set where the member of rank r has a non-zero predicate. */
  __FERROCM_CG_FN unsigned long long ballot(int pred) const {
    ::__ferrocm_warp::lanes_t l = exchange(pred != 0, "coalesced_group::ballot");
    return ::__ferrocm_warp::compress(_mask, ::__ferrocm_warp::ballot_of(l, _mask));
  }
  __FERROCM_CG_FN int any(int pred) const {
    ::__ferrocm_warp::lanes_t l = exchange(pred != 0, "coalesced_group::any");
    return ::__ferrocm_warp::ballot_of(l, _mask) != 0;
  }
  __FERROCM_CG_FN int all(int pred) const {
    ::__ferrocm_warp::lanes_t l = exchange(pred != 0, "coalesced_group::all");
    return ::__ferrocm_warp::ballot_of(l, _mask) == _mask;
  }
  /* Ranks of the members whose value equals the caller's. */
  template <class _Tp> __FERROCM_CG_FN unsigned long long match_any(_Tp value) const {
    unsigned long long mine = ::__ferrocm_warp::pack(value);
    ::__ferrocm_warp::lanes_t l = exchange(mine, "coalesced_group::match_any");
    return ::__ferrocm_warp::compress(_mask, ::__ferrocm_warp::match_of(l, _mask, mine));
  }
  /* Every rank's bit, pred = 1, when all members hold the same value; else 0, pred = 0. */
  template <class _Tp> __FERROCM_CG_FN unsigned long long match_all(_Tp value, int &pred) const {
    unsigned long long mine = ::__ferrocm_warp::pack(value);
    ::__ferrocm_warp::lanes_t l = exchange(mine, "coalesced_group::match_all");
    bool all = ::__ferrocm_warp::match_of(l, _mask, mine) == _mask;
    pred = all;
    return all ? ::__ferrocm_warp::compress(_mask, _mask) : 0ull;
  }
};

/* The lanes of the warp that call it together. */
__FERROCM_CG_FN coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

/* The calling thread alone. */
__FERROCM_CG_FN thread_group this_thread() {
  return thread_group(internal::cg_coalesced_group, 1,
                      ::__ferrocm_warp::lane_bit(::__ferrocm_warp::lane()));
}

/* ---- tiles ---- */

/* A tile of consecutive ranks within one warp, its size fixed at run time. */
class tiled_group : public thread_group {
protected:
  __FERROCM_CG_FN tiled_group(unsigned int tile_size, unsigned int num_threads,
                              unsigned int meta_rank, unsigned int meta_size)
      : thread_group(internal::cg_tiled_group, num_threads, 0, tile_size, meta_rank, meta_size) {}

public:
  __FERROCM_CG_FN unsigned int num_threads() const { return _num_threads; }
  __FERROCM_CG_FN unsigned int size() const { return num_threads(); }
  __FERROCM_CG_FN unsigned int thread_rank() const {
    return __ferrocm_detail::block_rank() & (_tile_size - 1u);
  }
  __FERROCM_CG_FN void sync() const { (void)__ferrocm_detail::warp_meet(); }
};

namespace __ferrocm_detail {
/* The lanes of `mask` whose ranks share the caller's run of `n` (rank / n). */
__FERROCM_CG_FN unsigned long long coalesced_tile(unsigned long long mask, unsigned int n) {
  unsigned int first = rank_in(mask, w::lane()) / n * n;
  unsigned long long out = 0;
  unsigned int r = 0;
  for (unsigned long long m = mask; m; m &= m - 1ull, ++r)
    if (r >= first && r - first < n) out |= m & ~(m - 1ull);
  return out;
}
__FERROCM_CG_FN void require_pow2(unsigned int n) {
  w::require(n != 0 && (n & (n - 1u)) == 0,
             "cooperative_groups::tiled_partition: the tile size must be a power of two",
             "tiled_partition");
}
} // namespace __ferrocm_detail

/* n consecutive ranks of the parent. For a block or a tile, n is a power of two no larger than
 * warpSize (HIP asserts the same), and the last tile of a parent whose size is not a multiple of
 * n holds the rest; a coalesced parent gives a coalesced group of n consecutive ranks. */
__FERROCM_CG_FN thread_group tiled_partition(const thread_group &parent, unsigned int tile_size) {
  __ferrocm_detail::require_pow2(tile_size);
  unsigned int rank = parent.thread_rank();
  unsigned int parent_size = parent.num_threads();
  unsigned int meta_rank = rank / tile_size;
  unsigned int meta_size = (parent_size + tile_size - 1u) / tile_size;
  if (parent._type == internal::cg_coalesced_group) {
    unsigned long long mask = __ferrocm_detail::coalesced_tile(parent._mask, tile_size);
    return thread_group(internal::cg_coalesced_group, (unsigned int)__builtin_popcountll(mask),
                        mask, 0, meta_rank, meta_size);
  }
  ::__ferrocm_warp::require(tile_size <= ::__ferrocm_warp::size(),
                            "cooperative_groups::tiled_partition: the tile size must be a power "
                            "of two no larger than warpSize",
                            "tiled_partition");
  if (parent._type == internal::cg_tiled_group && parent_size <= tile_size) return parent;
  unsigned int left = parent_size - meta_rank * tile_size;
  return thread_group(internal::cg_tiled_group, left < tile_size ? left : tile_size, 0, tile_size,
                      meta_rank, meta_size);
}
__FERROCM_CG_FN thread_group tiled_partition(const thread_block &parent, unsigned int tile_size) {
  return tiled_partition(static_cast<const thread_group &>(parent), tile_size);
}

/* A coalesced group's ranks in runs of tile_size (a power of two): a coalesced group again. */
__FERROCM_CG_FN coalesced_group tiled_partition(const coalesced_group &parent,
                                                unsigned int tile_size) {
  __ferrocm_detail::require_pow2(tile_size);
  return coalesced_group(__ferrocm_detail::coalesced_tile(parent._mask, tile_size),
                         parent.thread_rank() / tile_size,
                         (parent.num_threads() + tile_size - 1u) / tile_size);
}

/* The members whose predicate matches the caller's. */
__FERROCM_CG_FN coalesced_group binary_partition(const coalesced_group &parent, bool pred) {
  ::__ferrocm_warp::lanes_t l = parent.exchange(pred, "binary_partition");
  unsigned long long yes = ::__ferrocm_warp::ballot_of(l, parent._mask);
  return coalesced_group(pred ? yes : parent._mask & ~yes);
}

/* thread_block_tile<N>: N (a power of two, at most warpSize) consecutive ranks of the block or
 * of a larger tile. The members of the tile's lanes are the tile mask's lanes that exist. */

template <unsigned int _Size> class __ferrocm_tile_base : public tiled_group {
  static_assert(_Size != 0 && (_Size & (_Size - 1u)) == 0 && _Size <= 64,
                "thread_block_tile: the tile size must be a power of two no larger than the "
                "wavefront size (64)");

protected:
  __FERROCM_CG_FN __ferrocm_tile_base(unsigned int meta_rank, unsigned int meta_size)
      : tiled_group(_Size, _Size, meta_rank, meta_size) {
    ::__ferrocm_warp::require(_Size <= ::__ferrocm_warp::size(),
                              "cooperative_groups::thread_block_tile: the tile is larger than "
                              "this launch's warpSize",
                              "tiled_partition");
  }
  /* One exchange of `v`; the tile's lanes that took part. */
  __FERROCM_CG_STATIC ::__ferrocm_warp::lanes_t exchange(unsigned long long v,
                                                        unsigned long long &members) {
    ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(v);
    members = __ferrocm_detail::tile_mask(_Size) & ::__ferrocm_warp::active(l);
    return l;
  }
  template <class _Group, class _Tp, class _Op> friend struct __ferrocm_collective;
  template <unsigned int _Sp, class _Pp>
  friend __FERROCM_CG_FN coalesced_group binary_partition(const thread_block_tile<_Sp, _Pp> &,
                                                          bool);

public:
  static constexpr unsigned int numThreads = _Size;
  __FERROCM_CG_STATIC unsigned int num_threads() { return _Size; }
  __FERROCM_CG_STATIC unsigned int size() { return _Size; }
  __FERROCM_CG_STATIC unsigned int thread_rank() {
    return __ferrocm_detail::block_rank() & (_Size - 1u);
  }
  __FERROCM_CG_STATIC void sync() { (void)__ferrocm_detail::warp_meet(); }
  __FERROCM_CG_FN unsigned int meta_group_rank() const { return _meta_group_rank; }
  __FERROCM_CG_FN unsigned int meta_group_size() const { return _meta_group_size; }

  template <class _Tp> __FERROCM_CG_FN _Tp shfl(_Tp var, int srcRank) const {
    return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_shfl(srcRank, (int)_Size));
  }
  template <class _Tp> __FERROCM_CG_FN _Tp shfl_down(_Tp var, unsigned int lane_delta) const {
    return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_down(lane_delta, (int)_Size));
  }
  template <class _Tp> __FERROCM_CG_FN _Tp shfl_up(_Tp var, unsigned int lane_delta) const {
    return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_up(lane_delta, (int)_Size));
  }
  template <class _Tp> __FERROCM_CG_FN _Tp shfl_xor(_Tp var, unsigned int laneMask) const {
    return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_xor((int)laneMask, (int)_Size));
  }
  /* Bit r set where the tile's rank r has a non-zero predicate. */
  __FERROCM_CG_FN unsigned long long ballot(int pred) const {
    unsigned long long members;
    ::__ferrocm_warp::lanes_t l = exchange(pred != 0, members);
    return ::__ferrocm_warp::ballot_of(l, members) >> __ferrocm_detail::tile_base(_Size);
  }
  __FERROCM_CG_FN int any(int pred) const {
    unsigned long long members;
    ::__ferrocm_warp::lanes_t l = exchange(pred != 0, members);
    return ::__ferrocm_warp::ballot_of(l, members) != 0;
  }
  __FERROCM_CG_FN int all(int pred) const {
    unsigned long long members;
    ::__ferrocm_warp::lanes_t l = exchange(pred != 0, members);
    return ::__ferrocm_warp::ballot_of(l, members) == members;
  }
  template <class _Tp> __FERROCM_CG_FN unsigned long long match_any(_Tp value) const {
    unsigned long long members, mine = ::__ferrocm_warp::pack(value);
    ::__ferrocm_warp::lanes_t l = exchange(mine, members);
    return ::__ferrocm_warp::match_of(l, members, mine) >> __ferrocm_detail::tile_base(_Size);
  }
  template <class _Tp> __FERROCM_CG_FN unsigned long long match_all(_Tp value, int &pred) const {
    unsigned long long members, mine = ::__ferrocm_warp::pack(value);
    ::__ferrocm_warp::lanes_t l = exchange(mine, members);
    bool all = ::__ferrocm_warp::match_of(l, members, mine) == members;
    pred = all;
    return all ? members >> __ferrocm_detail::tile_base(_Size) : 0ull;
  }
};

template <unsigned int _Size, class _ParentT>
class thread_block_tile : public __ferrocm_tile_base<_Size> {
  template <unsigned int, class> friend class thread_block_tile;
  template <unsigned int _Sp, class _Pp>
  friend __FERROCM_CG_FN thread_block_tile<_Sp, _Pp> tiled_partition(const _Pp &parent);

protected:
  __FERROCM_CG_FN thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
      : __ferrocm_tile_base<_Size>(meta_rank, meta_size) {}

public:
  __FERROCM_CG_FN operator thread_block_tile<_Size, void>() const {
    return thread_block_tile<_Size, void>(this->_meta_group_rank, this->_meta_group_size);
  }
};

/* The tile type without its parent, which every thread_block_tile<Size, P> converts to. */
template <unsigned int _Size>
class thread_block_tile<_Size, void> : public __ferrocm_tile_base<_Size> {
  template <unsigned int, class> friend class thread_block_tile;

  __FERROCM_CG_FN thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
      : __ferrocm_tile_base<_Size>(meta_rank, meta_size) {}

public:
  template <class _ParentT>
  __FERROCM_CG_FN thread_block_tile(const thread_block_tile<_Size, _ParentT> &g)
      : __ferrocm_tile_base<_Size>(g.meta_group_rank(), g.meta_group_size()) {}
};

namespace __ferrocm_detail {
/* What tiled_partition<Size>(parent) needs to know of the parent. */
template <unsigned int _Size, class _ParentGroup> struct tile_parent;
template <unsigned int _Size> struct tile_parent<_Size, thread_block> {
  __FERROCM_CG_STATIC unsigned int rank(const thread_block &) { return block_rank(); }
  __FERROCM_CG_STATIC unsigned int count(const thread_block &) { return block_size(); }
};
template <unsigned int _Size, unsigned int _ParentSize, class _GrandParentT>
struct tile_parent<_Size, thread_block_tile<_ParentSize, _GrandParentT>> {
  static_assert(_Size < _ParentSize, "tiled_partition: a sub-tile must be smaller than its parent");
  __FERROCM_CG_STATIC unsigned int rank(const thread_block_tile<_ParentSize, _GrandParentT> &p) {
    return p.thread_rank();
  }
  __FERROCM_CG_STATIC unsigned int count(const thread_block_tile<_ParentSize, _GrandParentT> &p) {
    return p.num_threads();
  }
};
} // namespace __ferrocm_detail

template <unsigned int _Size, class _ParentT>
__FERROCM_CG_FN thread_block_tile<_Size, _ParentT> tiled_partition(const _ParentT &parent) {
  typedef __ferrocm_detail::tile_parent<_Size, _ParentT> info;
  return thread_block_tile<_Size, _ParentT>(info::rank(parent) / _Size,
                                             (info::count(parent) + _Size - 1u) / _Size);
}

/* The tile's members whose predicate matches the caller's. */
template <unsigned int _Size, class _ParentT>
__FERROCM_CG_FN coalesced_group binary_partition(const thread_block_tile<_Size, _ParentT> &tile,
                                                 bool pred) {
  unsigned long long members;
  ::__ferrocm_warp::lanes_t l = __ferrocm_tile_base<_Size>::exchange(pred, members);
  unsigned long long yes = ::__ferrocm_warp::ballot_of(l, members);
  (void)tile;
  return coalesced_group(pred ? yes : members & ~yes);
}

/* ---- reductions and scans over tiles and coalesced groups ---- */

template <class _Tp> struct plus {
  __FERROCM_CG_FN _Tp operator()(_Tp a, _Tp b) const { return a + b; }
};
/* The smaller (less) or larger (greater) of the two, as HIP defines them. */
template <class _Tp> struct less {
  __FERROCM_CG_FN _Tp operator()(_Tp a, _Tp b) const { return b < a ? b : a; }
};
template <class _Tp> struct greater {
  __FERROCM_CG_FN _Tp operator()(_Tp a, _Tp b) const { return a < b ? b : a; }
};
template <class _Tp> struct bit_and {
  __FERROCM_CG_FN _Tp operator()(_Tp a, _Tp b) const { return a & b; }
};
template <class _Tp> struct bit_or {
  __FERROCM_CG_FN _Tp operator()(_Tp a, _Tp b) const { return a | b; }
};
template <class _Tp> struct bit_xor {
  __FERROCM_CG_FN _Tp operator()(_Tp a, _Tp b) const { return a ^ b; }
};

namespace __ferrocm_detail {
/* Folds the values of the lanes in `set`, in lane order; `none` when there are none. */
template <class _Tp, class _Op>
__FERROCM_CG_FN _Tp fold(::__ferrocm_warp::lanes_t l, unsigned long long set, _Op op, _Tp none) {
  if (set == 0) return none;
  _Tp acc = ::__ferrocm_warp::unpack<_Tp>(l[__builtin_ctzll(set)]);
  for (unsigned long long m = set & (set - 1ull); m; m &= m - 1ull)
    acc = op(acc, ::__ferrocm_warp::unpack<_Tp>(l[__builtin_ctzll(m)]));
  return acc;
}
/* The same fold over a tile's `_Size` lanes from `first`, where all of `set` lies: a loop of the
 * tile's size, the same in every lane, so that the CPU device's warp vectorizer keeps the tile's
 * lanes together. */
template <unsigned int _Size, class _Tp, class _Op>
__FERROCM_CG_FN _Tp fold_tile(::__ferrocm_warp::lanes_t l, unsigned long long set, unsigned first,
                              _Op op, _Tp none) {
  _Tp acc = none;
  bool any = false;
  for (unsigned k = 0; k < _Size; ++k) {
    unsigned i = first + k;
    if ((set >> i) & 1ull) {
      _Tp x = ::__ferrocm_warp::unpack<_Tp>(l[i]);
      acc = any ? op(acc, x) : x;
      any = true;
    }
  }
  return acc;
}
} // namespace __ferrocm_detail

namespace __ferrocm_detail {
/* What exclusive_scan gives rank 0: op's identity (T() for plus, bit_or, bit_xor and any other
 * op; all ones for bit_and; the type's largest / smallest value for less / greater). */
template <class _Tp> struct limits {
  __FERROCM_CG_STATIC _Tp lowest() { return _Tp(); }
  __FERROCM_CG_STATIC _Tp highest() { return _Tp(); }
};
#define __FERROCM_CG_LIMITS(_Tp, LO, HI)                                                          \
  template <> struct limits<_Tp> {                                                                \
    __FERROCM_CG_STATIC _Tp lowest() { return LO; }                                               \
    __FERROCM_CG_STATIC _Tp highest() { return HI; }                                              \
  };
__FERROCM_CG_LIMITS(int, -__INT_MAX__ - 1, __INT_MAX__)
__FERROCM_CG_LIMITS(unsigned int, 0u, ~0u)
__FERROCM_CG_LIMITS(long, -__LONG_MAX__ - 1, __LONG_MAX__)
__FERROCM_CG_LIMITS(unsigned long, 0ul, ~0ul)
__FERROCM_CG_LIMITS(long long, -__LONG_LONG_MAX__ - 1, __LONG_LONG_MAX__)
__FERROCM_CG_LIMITS(unsigned long long, 0ull, ~0ull)
__FERROCM_CG_LIMITS(float, -__FLT_MAX__, __FLT_MAX__)
__FERROCM_CG_LIMITS(double, -__DBL_MAX__, __DBL_MAX__)
#undef __FERROCM_CG_LIMITS
template <class _Tp, class _Op> struct identity {
  __FERROCM_CG_STATIC _Tp value() { return _Tp(); }
};
template <class _Tp> struct identity<_Tp, bit_and<_Tp>> {
  __FERROCM_CG_STATIC _Tp value() { return ~_Tp(); }
};
template <class _Tp> struct identity<_Tp, less<_Tp>> {
  __FERROCM_CG_STATIC _Tp value() { return limits<_Tp>::highest(); }
};
template <class _Tp> struct identity<_Tp, greater<_Tp>> {
  __FERROCM_CG_STATIC _Tp value() { return limits<_Tp>::lowest(); }
};
} // namespace __ferrocm_detail

namespace __ferrocm_detail {
/* Whether each tile of `_Size` lanes with a member in `active` (the lanes that took part in an
 * exchange) has all its lanes there. `active` is the same in every lane of a warp, so a branch on
 * this is too. */
template <unsigned int _Size> __FERROCM_CG_FN bool tiles_whole(unsigned long long active) {
  const unsigned long long tile = _Size >= 64u ? ~0ull : (1ull << (_Size & 63u)) - 1ull;
  unsigned split = 0; /* no early return: branches here would reach the warp vectorizer */
  for (unsigned t = 0; t < ::__ferrocm_warp::size(); t += _Size) {
    unsigned long long part = (active >> t) & tile;
    split |= (unsigned)(part != 0) & (unsigned)(part != tile);
  }
  return split == 0;
}
/* A whole tile's values combined as a butterfly: in round k each lane takes the value of the
 * lane k ranks away (rank ^ k), the lower rank's value first, so that every lane ends with the
 * tree in rank order ((v0 op v1) op (v2 op v3)) ... and no broadcast is needed. Every read is a
 * lane permutation within the tile, which the CPU device's warp vectorizer makes a register
 * shuffle (no more than a swap of registers for the widest rounds). */
template <unsigned int _Size, class _Tp, class _Op>
__FERROCM_CG_FN _Tp tree_reduce(::__ferrocm_warp::lanes_t l, _Tp acc, _Op op) {
  unsigned self = ::__ferrocm_warp::lane();
#pragma unroll
  for (unsigned k = 1; k < _Size; k <<= 1) {
    if (k > 1) l = ::__ferrocm_warp::exchange(::__ferrocm_warp::pack(acc));
    _Tp x = ::__ferrocm_warp::unpack<_Tp>(::__ferrocm_warp::at(l, (int)(self ^ k)));
    acc = (self & k) ? op(x, acc) : op(acc, x);
  }
  return acc;
}
/* The inclusive scan of a whole tile in rank order (Hillis-Steele: rank r takes r - 1, then r - 2,
 * r - 4, ... as the earlier operand). `l` is an exchange of `acc`. */
template <unsigned int _Size, class _Tp, class _Op>
__FERROCM_CG_FN _Tp tree_scan(::__ferrocm_warp::lanes_t l, _Tp acc, _Op op) {
  unsigned self = ::__ferrocm_warp::lane(), rank = self & (_Size - 1u);
#pragma unroll
  for (unsigned k = 1; k < _Size; k <<= 1) {
    if (k > 1) l = ::__ferrocm_warp::exchange(::__ferrocm_warp::pack(acc));
    _Tp x = ::__ferrocm_warp::unpack<_Tp>(::__ferrocm_warp::at(l, (int)(self - k)));
    if (rank >= k) acc = op(x, acc);
  }
  return acc;
}
/* Each lane's value from the lane `delta` ranks before it in its tile (its own for rank 0). */
template <unsigned int _Size, class _Tp> __FERROCM_CG_FN _Tp tile_at(_Tp v, int delta) {
  unsigned self = ::__ferrocm_warp::lane();
  return ::__ferrocm_warp::unpack<_Tp>(::__ferrocm_warp::at(
      ::__ferrocm_warp::exchange(::__ferrocm_warp::pack(v)), (int)self + delta));
}
} // namespace __ferrocm_detail

/* The collectives of each group type: one exchange of the members' values, then op over them in
 * rank order. */
template <class _Group, class _Tp, class _Op> struct __ferrocm_collective;
/* A tile: when every tile of the warp that takes part is whole (the usual case), a tree of
 * exchanges; otherwise (a partial last tile, or a tile split by a branch) a fold over the members. */
template <unsigned int _Size, class _Pp, class _Tp, class _Op>
struct __ferrocm_collective<thread_block_tile<_Size, _Pp>, _Tp, _Op> {
  typedef __ferrocm_tile_base<_Size> _Base;
  __FERROCM_CG_STATIC _Tp fold(::__ferrocm_warp::lanes_t l, unsigned long long set, _Op op,
                               _Tp none) {
    unsigned first = ::__ferrocm_warp::lane() & ~(_Size - 1u);
    return __ferrocm_detail::fold_tile<_Size>(l, set, first, op, none);
  }
  __FERROCM_CG_STATIC _Tp reduce(const thread_block_tile<_Size, _Pp> &, _Tp v, _Op op) {
    unsigned long long members;
    ::__ferrocm_warp::lanes_t l = _Base::exchange(::__ferrocm_warp::pack(v), members);
    if (__ferrocm_detail::tiles_whole<_Size>(::__ferrocm_warp::active(l)))
      return __ferrocm_detail::tree_reduce<_Size>(l, v, op);
    return fold(l, members, op, v);
  }
  __FERROCM_CG_STATIC _Tp inclusive(const thread_block_tile<_Size, _Pp> &, _Tp v, _Op op) {
    unsigned long long members;
    ::__ferrocm_warp::lanes_t l = _Base::exchange(::__ferrocm_warp::pack(v), members);
    if (__ferrocm_detail::tiles_whole<_Size>(::__ferrocm_warp::active(l)))
      return __ferrocm_detail::tree_scan<_Size>(l, v, op);
    unsigned long long upto = members & (::__ferrocm_warp::lanes_below(::__ferrocm_warp::lane()) |
                                         ::__ferrocm_warp::lane_bit(::__ferrocm_warp::lane()));
    return fold(l, upto, op, v);
  }
  __FERROCM_CG_STATIC _Tp exclusive(const thread_block_tile<_Size, _Pp> &, _Tp v, _Op op,
                                    _Tp identity) {
    unsigned long long members;
    ::__ferrocm_warp::lanes_t l = _Base::exchange(::__ferrocm_warp::pack(v), members);
    if (__ferrocm_detail::tiles_whole<_Size>(::__ferrocm_warp::active(l))) {
      _Tp upto = __ferrocm_detail::tile_at<_Size>(__ferrocm_detail::tree_scan<_Size>(l, v, op), -1);
      return (::__ferrocm_warp::lane() & (_Size - 1u)) == 0 ? identity : upto;
    }
    unsigned long long below = members & ::__ferrocm_warp::lanes_below(::__ferrocm_warp::lane());
    return fold(l, below, op, identity);
  }
};
/* A coalesced group's members can be any lanes: a fold over them. */
template <class _Tp, class _Op> struct __ferrocm_collective<coalesced_group, _Tp, _Op> {
  __FERROCM_CG_STATIC ::__ferrocm_warp::lanes_t lanes(const coalesced_group &g, _Tp v) {
    return g.exchange(::__ferrocm_warp::pack(v), "cooperative_groups::reduce/scan");
  }
  __FERROCM_CG_STATIC _Tp reduce(const coalesced_group &g, _Tp v, _Op op) {
    return __ferrocm_detail::fold(lanes(g, v), g._mask, op, v);
  }
  __FERROCM_CG_STATIC _Tp inclusive(const coalesced_group &g, _Tp v, _Op op) {
    unsigned long long upto = g._mask & (::__ferrocm_warp::lanes_below(::__ferrocm_warp::lane()) |
                                         ::__ferrocm_warp::lane_bit(::__ferrocm_warp::lane()));
    return __ferrocm_detail::fold(lanes(g, v), upto, op, v);
  }
  __FERROCM_CG_STATIC _Tp exclusive(const coalesced_group &g, _Tp v, _Op op, _Tp identity) {
    unsigned long long below = g._mask & ::__ferrocm_warp::lanes_below(::__ferrocm_warp::lane());
    return __ferrocm_detail::fold(lanes(g, v), below, op, identity);
  }
};

/* op over every member's value. */
template <class _Group, class _Tp, class _Op>
__FERROCM_CG_FN _Tp reduce(const _Group &group, _Tp value, _Op op) {
  return __ferrocm_collective<_Group, _Tp, _Op>::reduce(group, value, op);
}
/* op over the values of the members of rank <= the caller's. */
template <class _Group, class _Tp, class _Op>
__FERROCM_CG_FN _Tp inclusive_scan(const _Group &group, _Tp value, _Op op) {
  return __ferrocm_collective<_Group, _Tp, _Op>::inclusive(group, value, op);
}
template <class _Group, class _Tp>
__FERROCM_CG_FN _Tp inclusive_scan(const _Group &group, _Tp value) {
  return inclusive_scan(group, value, plus<_Tp>());
}
/* op over the values of the members of rank < the caller's; op's identity for rank 0. */
template <class _Group, class _Tp, class _Op>
__FERROCM_CG_FN _Tp exclusive_scan(const _Group &group, _Tp value, _Op op) {
  return __ferrocm_collective<_Group, _Tp, _Op>::exclusive(
      group, value, op, __ferrocm_detail::identity<_Tp, _Op>::value());
}
template <class _Group, class _Tp>
__FERROCM_CG_FN _Tp exclusive_scan(const _Group &group, _Tp value) {
  return exclusive_scan(group, value, plus<_Tp>());
}

/* ---- free functions, for any group type ---- */
template <class _Group> __FERROCM_CG_FN unsigned int group_size(const _Group &g) {
  return g.num_threads();
}
template <class _Group> __FERROCM_CG_FN unsigned int thread_rank(const _Group &g) {
  return g.thread_rank();
}
template <class _Group> __FERROCM_CG_FN bool is_valid(const _Group &g) { return g.is_valid(); }
template <class _Group> __FERROCM_CG_FN void sync(const _Group &g) { g.sync(); }

/* ---- not supported: using it is a compile error naming it ---- */

template <class _Group>
__FERROCM_CG_UNSUPPORTED("labeled_partition", " (HIP has no labeled_partition)")
__device__ coalesced_group labeled_partition(const _Group &parent, unsigned int label);

} // namespace cooperative_groups

#undef __FERROCM_CG_UNSUPPORTED
#undef __FERROCM_CG_STATIC
#undef __FERROCM_CG_FN

#endif /* __HIP__ */

#endif /* FERROCM_HIP_COOPERATIVE_GROUPS_H */
