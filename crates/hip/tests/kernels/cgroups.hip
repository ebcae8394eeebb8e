// Cooperative groups beyond the block (hip_cooperative_groups.h): static and dynamic tiles,
// coalesced groups, the grid group, collectives, and groups through the thread_group base.
// Every output slot is written by exactly one work-item.
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ unsigned global_rank() {
  cg::thread_block b = cg::this_thread_block();
  unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  return block * b.size() + b.thread_rank();
}

// ---- thread_block_tile<N> ----

// out[9i..9i+9] = thread_rank, size, num_threads, meta_group_rank, meta_group_size, shfl(src),
// shfl_up(delta), shfl_down(delta), shfl_xor(mask).
template <unsigned N>
__device__ void tile_ops(int *out, const int *in, int src, unsigned delta, int mask) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(block);
  unsigned i = global_rank();
  int v = in[i];
  int *o = out + 9 * i;
  o[0] = (int)t.thread_rank();
  o[1] = (int)t.size();
  o[2] = (int)t.num_threads();
  o[3] = (int)t.meta_group_rank();
  o[4] = (int)t.meta_group_size();
  o[5] = t.shfl(v, src);
  o[6] = t.shfl_up(v, delta);
  o[7] = t.shfl_down(v, delta);
  o[8] = t.shfl_xor(v, (unsigned)mask);
}
extern "C" __global__ void tile_ops_4(int *out, const int *in, int src, unsigned delta, int mask) {
  tile_ops<4>(out, in, src, delta, mask);
}
extern "C" __global__ void tile_ops_8(int *out, const int *in, int src, unsigned delta, int mask) {
  tile_ops<8>(out, in, src, delta, mask);
}
extern "C" __global__ void tile_ops_16(int *out, const int *in, int src, unsigned delta,
                                       int mask) {
  tile_ops<16>(out, in, src, delta, mask);
}
extern "C" __global__ void tile_ops_32(int *out, const int *in, int src, unsigned delta,
                                       int mask) {
  tile_ops<32>(out, in, src, delta, mask);
}
extern "C" __global__ void tile_ops_64(int *out, const int *in, int src, unsigned delta,
                                       int mask) {
  tile_ops<64>(out, in, src, delta, mask);
}

// out[6i..6i+6] = ballot (folded to 32 bits), any, all, match_any (folded), match_all (folded),
// match_all's predicate.
template <unsigned N> __device__ void tile_votes(unsigned *out, const int *in) {
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(cg::this_thread_block());
  unsigned i = global_rank();
  int v = in[i];
  unsigned *o = out + 6 * i;
  unsigned long long b = t.ballot(v & 1);
  o[0] = (unsigned)b ^ (unsigned)(b >> 32);
  o[1] = (unsigned)t.any(v & 2);
  o[2] = (unsigned)t.all(v & 4);
  unsigned long long m = t.match_any(v >> 3);
  o[3] = (unsigned)m ^ (unsigned)(m >> 32);
  int pred = -1;
  unsigned long long a = t.match_all((long long)(v >> 5), pred);
  o[4] = (unsigned)a ^ (unsigned)(a >> 32);
  o[5] = (unsigned)pred;
}
extern "C" __global__ void tile_votes_4(unsigned *out, const int *in) { tile_votes<4>(out, in); }
extern "C" __global__ void tile_votes_8(unsigned *out, const int *in) { tile_votes<8>(out, in); }
extern "C" __global__ void tile_votes_16(unsigned *out, const int *in) { tile_votes<16>(out, in); }
extern "C" __global__ void tile_votes_32(unsigned *out, const int *in) { tile_votes<32>(out, in); }
extern "C" __global__ void tile_votes_64(unsigned *out, const int *in) { tile_votes<64>(out, in); }

// Tile members exchange through shared memory around tile.sync(): each reads the value written
// by the next member of its tile (wrapping among the members that exist).
extern "C" __global__ void tile_sync_shared(int *out, const int *in) {
  __shared__ int slot[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> t = cg::tiled_partition<16>(block);
  unsigned r = block.thread_rank();
  unsigned first = r - t.thread_rank();
  unsigned left = block.size() - first;
  unsigned members = left < 16 ? left : 16;
  slot[r] = in[global_rank()];
  t.sync();
  int a = slot[first + (t.thread_rank() + 1) % members];
  t.sync();
  slot[r] = a + 1;
  cg::sync(t);
  out[global_rank()] = slot[first + (t.thread_rank() + members - 1) % members];
}

// Sub-tiles: tiled_partition<4> of a tiled_partition<16>, and the tile converted to
// thread_block_tile<4> (no parent). out[6i..6i+6] = rank, meta rank, meta size of the sub-tile;
// rank, meta rank and the shuffle from rank 3 of the converted copy.
extern "C" __global__ void nested_tiles(int *out, const int *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<4, cg::thread_block_tile<16>> t4 = cg::tiled_partition<4>(t16);
  cg::thread_block_tile<4> plain = t4;
  unsigned i = global_rank();
  int *o = out + 6 * i;
  o[0] = (int)t4.thread_rank();
  o[1] = (int)t4.meta_group_rank();
  o[2] = (int)t4.meta_group_size();
  o[3] = (int)plain.thread_rank();
  o[4] = (int)plain.meta_group_rank();
  o[5] = plain.shfl(in[i], 3);
}

// ---- dynamic tiles ----

// tiled_partition(block, n) and tiled_partition(that, m): out[10i..10i+10] = rank, size, meta
// rank, meta size, cg_type of the first; the same of the second.
extern "C" __global__ void dynamic_tiles(unsigned *out, unsigned n, unsigned m) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group t = cg::tiled_partition(block, n);
  t.sync();
  cg::thread_group s = cg::tiled_partition(t, m);
  cg::sync(s);
  unsigned *o = out + 10 * global_rank();
  o[0] = t.thread_rank();
  o[1] = t.size();
  o[2] = t.meta_group_rank();
  o[3] = t.meta_group_size();
  o[4] = t.cg_type();
  o[5] = cg::thread_rank(s);
  o[6] = cg::group_size(s);
  o[7] = s.meta_group_rank();
  o[8] = s.meta_group_size();
  o[9] = s.cg_type();
}

// Any group through the base class, as library code sees it.
__device__ void describe(const cg::thread_group &g, unsigned *o) {
  o[0] = g.size();
  o[1] = g.thread_rank();
  o[2] = g.meta_group_rank();
  o[3] = g.meta_group_size();
  o[4] = g.cg_type();
  g.sync();
  o[5] = cg::is_valid(g);
}
// out[30i..30i+30]: the block, a thread_block_tile<16>, tiled_partition(block, 8), this_thread(),
// and (odd ranks) the coalesced group of the odd ranks; even ranks write 99s there.
extern "C" __global__ void groups_through_base(unsigned *out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned *o = out + 30 * global_rank();
  describe(block, o);
  describe(cg::tiled_partition<16>(block), o + 6);
  describe(cg::tiled_partition(block, 8), o + 12);
  describe(cg::this_thread(), o + 18);
  if (block.thread_rank() % 2) {
    describe(cg::coalesced_threads(), o + 24);
  } else {
    for (int k = 24; k < 30; ++k) o[k] = 99;
  }
}

// ---- collectives ----

// out[5i..5i+5] = reduce(tile8, +), inclusive_scan(tile8), exclusive_scan(tile16, ^),
// reduce(tile32, greater), exclusive_scan(tile4, less).
extern "C" __global__ void tile_collectives(int *out, const int *in) {
  cg::thread_block block = cg::this_thread_block();
  auto t4 = cg::tiled_partition<4>(block);
  auto t8 = cg::tiled_partition<8>(block);
  auto t16 = cg::tiled_partition<16>(block);
  auto t32 = cg::tiled_partition<32>(block);
  unsigned i = global_rank();
  int v = in[i];
  int *o = out + 5 * i;
  o[0] = cg::reduce(t8, v, cg::plus<int>());
  o[1] = cg::inclusive_scan(t8, v);
  o[2] = cg::exclusive_scan(t16, v, cg::bit_xor<int>());
  o[3] = cg::reduce(t32, v, cg::greater<int>());
  o[4] = cg::exclusive_scan(t4, v, cg::less<int>());
}

// Float collectives, where the order of the additions shows: out[3i..3i+3] = reduce(tile32, +),
// inclusive_scan(tile16, +), exclusive_scan(tile32, +).
extern "C" __global__ void tile_float_collectives(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  auto t16 = cg::tiled_partition<16>(block);
  auto t32 = cg::tiled_partition<32>(block);
  unsigned i = global_rank();
  float v = in[i];
  float *o = out + 3 * i;
  o[0] = cg::reduce(t32, v, cg::plus<float>());
  o[1] = cg::inclusive_scan(t16, v, cg::plus<float>());
  o[2] = cg::exclusive_scan(t32, v, cg::plus<float>());
}

// An associative op that does not commute: affine maps x -> a * x + b (a in the high half, b in
// the low, mod 2^32), composed. reduce must combine a tile's values in rank order.
struct compose {
  __device__ unsigned long long operator()(unsigned long long f, unsigned long long g) const {
    unsigned a1 = (unsigned)(f >> 32), b1 = (unsigned)f, a2 = (unsigned)(g >> 32), b2 = (unsigned)g;
    return ((unsigned long long)(a1 * a2) << 32) | (unsigned)(a1 * b2 + b1);
  }
};
extern "C" __global__ void tile_compose(unsigned long long *out, const unsigned long long *in) {
  cg::thread_block block = cg::this_thread_block();
  auto t8 = cg::tiled_partition<8>(block);
  auto t32 = cg::tiled_partition<32>(block);
  unsigned i = global_rank();
  out[2 * i] = cg::reduce(t8, in[i], compose());
  out[2 * i + 1] = cg::reduce(t32, in[i], compose());
}

// Block sum: each tile of 16 reduces by shuffles, rank 0 of each tile stores it, and the first
// tile sums the partial sums.
extern "C" __global__ void tile_block_reduce(long long *out, const int *in, int n) {
  __shared__ long long partial[64];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> t = cg::tiled_partition<16>(block);
  unsigned i = blockIdx.x * block.size() + block.thread_rank();
  long long v = (int)i < n ? in[i] : 0;
  unsigned left = block.size() - t.meta_group_rank() * 16;
  unsigned members = left < 16 ? left : 16;
  for (unsigned off = 8; off > 0; off /= 2) {
    long long other = t.shfl_down(v, off);
    if (t.thread_rank() + off < members) v += other;
  }
  if (t.thread_rank() == 0) partial[t.meta_group_rank()] = v;
  block.sync();
  if (t.meta_group_rank() == 0) {
    long long s = 0;
    for (unsigned k = t.thread_rank(); k < t.meta_group_size(); k += 16) s += partial[k];
    s = cg::reduce(t, s, cg::plus<long long>());
    if (t.thread_rank() == 0) out[blockIdx.x] = s;
  }
}

// ---- coalesced groups ----

// The lanes with in % 3 == 0 form a group: out[8i..8i+8] = size, thread_rank, shfl(rank 0),
// shfl(rank + 1, wrapping), shfl_up(1), shfl_down(2), meta rank, meta size. Other lanes write -1.
extern "C" __global__ void coalesced_in_branch(int *out, const int *in) {
  unsigned i = global_rank();
  int v = in[i];
  int *o = out + 8 * i;
  if (v % 3 == 0) {
    cg::coalesced_group g = cg::coalesced_threads();
    o[0] = (int)g.size();
    o[1] = (int)g.thread_rank();
    o[2] = g.shfl(v, 0);
    o[3] = g.shfl(v, (int)g.thread_rank() + 1);
    o[4] = g.shfl_up(v, 1);
    o[5] = g.shfl_down(v, 2);
    o[6] = (int)g.meta_group_rank();
    o[7] = (int)g.meta_group_size();
  } else {
    for (int k = 0; k < 8; ++k) o[k] = -1;
  }
}

// out[6i..6i+6] in the group of the lanes with in & 8: ballot(in & 1) over ranks (folded), any,
// all, match_any(in & 3) (folded), match_all(in >> 10) (folded), its predicate.
extern "C" __global__ void coalesced_votes(unsigned *out, const int *in) {
  unsigned i = global_rank();
  int v = in[i];
  unsigned *o = out + 6 * i;
  if (v & 8) {
    cg::coalesced_group g = cg::coalesced_threads();
    unsigned long long b = g.ballot(v & 1);
    o[0] = (unsigned)b ^ (unsigned)(b >> 32);
    o[1] = (unsigned)g.any(v & 2);
    o[2] = (unsigned)g.all(v & 4);
    unsigned long long m = g.match_any(v & 3);
    o[3] = (unsigned)m ^ (unsigned)(m >> 32);
    int pred = -1;
    unsigned long long a = g.match_all(v >> 10, pred);
    o[4] = (unsigned)a ^ (unsigned)(a >> 32);
    o[5] = (unsigned)pred;
  } else {
    for (int k = 0; k < 6; ++k) o[k] = 7;
  }
}

// Partitions of the group of the lanes with in & 16: out[9i..9i+9] = tiled_partition(g, 4)'s
// size, rank, meta rank, meta size, reduce(+) over it; binary_partition(g, in & 1)'s size and
// rank; reduce(g, +), inclusive_scan(g).
extern "C" __global__ void coalesced_partitions(int *out, const int *in) {
  unsigned i = global_rank();
  int v = in[i];
  int *o = out + 9 * i;
  if (v & 16) {
    cg::coalesced_group g = cg::coalesced_threads();
    cg::coalesced_group q = cg::tiled_partition(g, 4);
    o[0] = (int)q.size();
    o[1] = (int)q.thread_rank();
    o[2] = (int)q.meta_group_rank();
    o[3] = (int)q.meta_group_size();
    o[4] = cg::reduce(q, v, cg::plus<int>());
    cg::coalesced_group h = cg::binary_partition(g, v & 1);
    o[5] = (int)h.size();
    o[6] = (int)h.thread_rank();
    o[7] = cg::reduce(g, v, cg::plus<int>());
    o[8] = cg::inclusive_scan(g, v);
  } else {
    for (int k = 0; k < 9; ++k) o[k] = -2;
  }
}

// ---- the grid ----

// Slot thread_rank: size, thread_rank, block_rank, is_valid, group_dim (3), size, rank and
// cg_type through the base class.
extern "C" __global__ void grid_info(unsigned *out, unsigned slots) {
  cg::grid_group g = cg::this_grid();
  unsigned r = g.thread_rank();
  if (r >= slots) return;
  const cg::thread_group &base = g;
  unsigned *o = out + 10 * r;
  dim3 d = g.group_dim();
  o[0] = g.size();
  o[1] = r;
  o[2] = g.block_rank();
  o[3] = g.is_valid();
  o[4] = d.x;
  o[5] = d.y;
  o[6] = d.z;
  o[7] = cg::group_size(base);
  o[8] = base.thread_rank();
  o[9] = base.cg_type();
}

// A grid-wide barrier: needs a cooperative launch.
extern "C" __global__ void grid_sync(int *out) {
  cg::grid_group g = cg::this_grid();
  out[g.thread_rank()] = 1;
  g.sync();
  out[g.thread_rank()] = 2;
}

// ---- misuse: each fails the launch with an assertion naming the feature ----

extern "C" __global__ void dynamic_tile_too_large(unsigned *out) {
  cg::thread_group t = cg::tiled_partition(cg::this_thread_block(), 128);
  out[global_rank()] = t.size();
}
// A coalesced group made by the whole warp, used by three of its lanes.
extern "C" __global__ void coalesced_used_by_fewer_lanes(int *out) {
  cg::coalesced_group g = cg::coalesced_threads();
  unsigned i = global_rank();
  if (__lane_id() < 3) out[i] = g.shfl((int)i, 0);
  else out[i] = 0;
}

// A tile reduce run only by the block's first 32 threads: at warp size 64 the branch splits a
// warp, and the reduce's loop over the tile's lanes runs under it.
extern "C" __global__ void first_tile_reduce(int *out, const int *in) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (threadIdx.x < 32) v = cg::reduce(tile, v, cg::plus<int>());
  out[i] = v;
}
