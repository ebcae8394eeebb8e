// Warp cross-lane functions (hip_warp_functions.h). Work-items are numbered linearly in their
// block (x fastest); lane = rank % warpSize. Every output slot is written by exactly one
// work-item, so a missing write shows as the poison the tests fill buffers with.
#include <hip/hip_fp16.h>

__device__ unsigned block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ unsigned global_rank() {
  unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  return block * blockDim.x * blockDim.y * blockDim.z + block_rank();
}

// ---- the four shuffles, one kernel per overload: out[4i..4i+4] = shfl, up, down, xor ----

template <class T>
__device__ void shfl4(T *out, const T *in, int src, unsigned delta, int mask, int width) {
  unsigned i = global_rank();
  T v = in[i];
  out[4 * i + 0] = __shfl(v, src, width);
  out[4 * i + 1] = __shfl_up(v, delta, width);
  out[4 * i + 2] = __shfl_down(v, delta, width);
  out[4 * i + 3] = __shfl_xor(v, mask, width);
}

extern "C" __global__ void shfl4_i32(int *out, const int *in, int src, unsigned delta, int mask,
                                     int width) {
  shfl4(out, in, src, delta, mask, width);
}
extern "C" __global__ void shfl4_u32(unsigned *out, const unsigned *in, int src, unsigned delta,
                                     int mask, int width) {
  shfl4(out, in, src, delta, mask, width);
}
extern "C" __global__ void shfl4_long(long *out, const long *in, int src, unsigned delta, int mask,
                                      int width) {
  shfl4(out, in, src, delta, mask, width);
}
extern "C" __global__ void shfl4_ulong(unsigned long *out, const unsigned long *in, int src,
                                       unsigned delta, int mask, int width) {
  shfl4(out, in, src, delta, mask, width);
}
extern "C" __global__ void shfl4_i64(long long *out, const long long *in, int src, unsigned delta,
                                     int mask, int width) {
  shfl4(out, in, src, delta, mask, width);
}
extern "C" __global__ void shfl4_u64(unsigned long long *out, const unsigned long long *in, int src,
                                     unsigned delta, int mask, int width) {
  shfl4(out, in, src, delta, mask, width);
}
extern "C" __global__ void shfl4_f32(float *out, const float *in, int src, unsigned delta, int mask,
                                     int width) {
  shfl4(out, in, src, delta, mask, width);
}
extern "C" __global__ void shfl4_f64(double *out, const double *in, int src, unsigned delta,
                                     int mask, int width) {
  shfl4(out, in, src, delta, mask, width);
}
// Halves travel as their bits (the overloads must not go through float: NaN payloads and
// signed zeros would change).
extern "C" __global__ void shfl4_half(unsigned short *out, const unsigned short *in, int src,
                                      unsigned delta, int mask, int width) {
  unsigned i = global_rank();
  __half v = __ushort_as_half(in[i]);
  out[4 * i + 0] = __half_as_ushort(__shfl(v, src, width));
  out[4 * i + 1] = __half_as_ushort(__shfl_up(v, delta, width));
  out[4 * i + 2] = __half_as_ushort(__shfl_down(v, delta, width));
  out[4 * i + 3] = __half_as_ushort(__shfl_xor(v, mask, width));
}
extern "C" __global__ void shfl4_half2(unsigned *out, const unsigned *in, int src, unsigned delta,
                                       int mask, int width) {
  unsigned i = global_rank();
  __half2 v = __builtin_bit_cast(__half2, in[i]);
  out[4 * i + 0] = __builtin_bit_cast(unsigned, __shfl(v, src, width));
  out[4 * i + 1] = __builtin_bit_cast(unsigned, __shfl_up(v, delta, width));
  out[4 * i + 2] = __builtin_bit_cast(unsigned, __shfl_down(v, delta, width));
  out[4 * i + 3] = __builtin_bit_cast(unsigned, __shfl_xor(v, mask, width));
}

// The default width (warpSize): broadcast from lane 0, rotate by one, butterfly 1, shift by 2.
extern "C" __global__ void shfl_default_width(int *out, const int *in) {
  unsigned i = global_rank();
  int v = in[i];
  out[4 * i + 0] = __shfl(v, 0);
  out[4 * i + 1] = __shfl(v, (int)(__lane_id() + 1));
  out[4 * i + 2] = __shfl_xor(v, 1);
  out[4 * i + 3] = __shfl_up(v, 2u);
}

// ---- votes ----

// out[8i..8i+8] = ballot (low, high 32 bits), any, all, activemask (low, high), popcll(ballot),
// lane id.
extern "C" __global__ void votes(unsigned *out, const int *in) {
  unsigned i = global_rank();
  int p = in[i];
  unsigned long long b = __ballot(p);
  unsigned long long act = __activemask();
  out[8 * i + 0] = (unsigned)b;
  out[8 * i + 1] = (unsigned)(b >> 32);
  out[8 * i + 2] = __any(p);
  out[8 * i + 3] = __all(p);
  out[8 * i + 4] = (unsigned)act;
  out[8 * i + 5] = (unsigned)(act >> 32);
  out[8 * i + 6] = __popcll(__ballot64(p > 0 && p % 3 == 0));
  out[8 * i + 7] = __lane_id();
}

// A data-dependent branch: each side votes among its own lanes.
// out[4i..4i+4] = side, activemask (low, high), ballot of in & 2 within the side (low 32 bits
// then high 32 bits folded: low ^ high).
extern "C" __global__ void votes_divergent(unsigned *out, const int *in) {
  unsigned i = global_rank();
  int v = in[i];
  unsigned long long act, b;
  if (v % 3 == 0) {
    act = __activemask();
    b = __ballot(v & 2);
    out[4 * i + 0] = 1;
  } else {
    b = __ballot(v & 4);
    act = __activemask();
    out[4 * i + 0] = 2;
  }
  out[4 * i + 1] = (unsigned)act;
  out[4 * i + 2] = (unsigned)(act >> 32);
  out[4 * i + 3] = (unsigned)b ^ (unsigned)(b >> 32);
}

// Nested branches and a loop whose trip count differs per lane; out[3i..3i+3] = the active
// masks seen at three points (folded to 32 bits) .
extern "C" __global__ void activemask_nested(unsigned *out, const int *in) {
  unsigned i = global_rank();
  int v = in[i];
  unsigned long long a = 0, b = 0, c = 0;
  if (v & 1) {
    a = __activemask();
    if (v & 2) b = __activemask();
  }
  c = __activemask();
  out[3 * i + 0] = (unsigned)a ^ (unsigned)(a >> 32);
  out[3 * i + 1] = (unsigned)b ^ (unsigned)(b >> 32);
  out[3 * i + 2] = (unsigned)c ^ (unsigned)(c >> 32);
}

// Shuffles inside `if (lane < k)`: the lanes below k rotate among themselves; the others read
// their own segment of 8 from its first lane.
extern "C" __global__ void shfl_divergent(int *out, const int *in, int k) {
  unsigned i = global_rank();
  int lane = (int)__lane_id();
  int v = in[i];
  if (lane < k) {
    out[2 * i + 0] = __shfl(v, (lane + 1) % k);
    out[2 * i + 1] = __popcll(__activemask());
  } else {
    out[2 * i + 0] = __shfl(v, 0, 8);
    out[2 * i + 1] = __popcll(__activemask());
  }
}

// ---- idioms ----

// Per-warp sum by shfl_down, guarded so lanes past the end of a partial warp add nothing; lane
// 0 writes its warp's sum at out[global warp index].
extern "C" __global__ void warp_reduce_sum(int *out, const int *in, int n) {
  unsigned i = global_rank();
  int v = (int)i < n ? in[i] : 0;
  unsigned lane = __lane_id();
  unsigned lanes = __popcll(__activemask());
  for (int off = warpSize / 2; off > 0; off /= 2) {
    int other = __shfl_down(v, (unsigned)off);
    if (lane + off < lanes) v += other;
  }
  unsigned size = blockDim.x * blockDim.y * blockDim.z;
  unsigned nwarps = (size + warpSize - 1) / warpSize;
  if (lane == 0) out[blockIdx.x * nwarps + block_rank() / warpSize] = v;
}

// Inclusive scan within segments of `width` lanes (Hillis-Steele with shfl_up).
extern "C" __global__ void warp_scan(int *out, const int *in, int width) {
  unsigned i = global_rank();
  int v = in[i];
  int seg_lane = (int)__lane_id() & (width - 1);
  for (int d = 1; d < width; d *= 2) {
    int t = __shfl_up(v, (unsigned)d, width);
    if (seg_lane >= d) v += t;
  }
  out[i] = v;
}

// Block sum: warp sums by shuffles, one per warp into shared memory, then warp 0 sums those.
extern "C" __global__ void block_reduce(long long *out, const int *in, int n) {
  __shared__ long long partial[32];
  unsigned t = block_rank();
  unsigned size = blockDim.x * blockDim.y * blockDim.z;
  unsigned i = blockIdx.x * size + t;
  long long v = (int)i < n ? in[i] : 0;
  unsigned lane = t % warpSize, warp = t / warpSize;
  unsigned nwarps = (size + warpSize - 1) / warpSize;
  unsigned lanes = __popcll(__activemask());
  for (int off = 1; off < warpSize; off *= 2) {
    long long other = __shfl_xor(v, off);
    if ((lane ^ off) < lanes) v += other;
  }
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    long long w = lane < nwarps ? partial[lane] : 0;
    for (int off = warpSize / 2; off > 0; off /= 2) {
      long long other = __shfl_down(w, (unsigned)off);
      if (lane + off < lanes) w += other;
    }
    if (lane == 0) out[blockIdx.x] = w;
  }
}

// Counts the elements above a threshold: one atomic per warp with __popcll(__ballot()).
extern "C" __global__ void ballot_count(unsigned *count, const float *in, int n, float threshold) {
  unsigned i = global_rank();
  bool above = (int)i < n && in[i] > threshold;
  unsigned long long b = __ballot(above);
  if (__lane_id() == (unsigned)(__ffsll(__activemask()) - 1))
    atomicAdd(count, (unsigned)__popcll(b));
}

// Lane and warp numbering of 2-D and 3-D blocks, and a shuffle across rows: out[3i..3i+3] =
// lane id, threadIdx.x of lane 0 of the warp, threadIdx.y of the next lane (wrapping).
extern "C" __global__ void lane_ids(unsigned *out) {
  unsigned i = global_rank();
  out[3 * i + 0] = __lane_id();
  out[3 * i + 1] = __shfl(threadIdx.x, 0);
  out[3 * i + 2] = __shfl(threadIdx.y, (int)(__lane_id() + 1));
}

// ---- _sync forms ----

// The four shuffles with the warp's active mask: out[4i..4i+4] as shfl4.
extern "C" __global__ void shfl_sync4_i32(int *out, const int *in, int src, unsigned delta,
                                          int mask, int width) {
  unsigned i = global_rank();
  int v = in[i];
  unsigned long long m = __activemask();
  out[4 * i + 0] = __shfl_sync(m, v, src, width);
  out[4 * i + 1] = __shfl_up_sync(m, v, delta, width);
  out[4 * i + 2] = __shfl_down_sync(m, v, delta, width);
  out[4 * i + 3] = __shfl_xor_sync(m, v, mask, width);
}
extern "C" __global__ void shfl_sync4_f64(double *out, const double *in, int src, unsigned delta,
                                          int mask, int width) {
  unsigned i = global_rank();
  double v = in[i];
  unsigned long long m = __activemask();
  out[4 * i + 0] = __shfl_sync(m, v, src, width);
  out[4 * i + 1] = __shfl_up_sync(m, v, delta, width);
  out[4 * i + 2] = __shfl_down_sync(m, v, delta, width);
  out[4 * i + 3] = __shfl_xor_sync(m, v, mask, width);
}

// The warp split in two halves of 16 lanes (or the rest, in a partial warp), each naming only
// itself: out[4i..4i+4] = ballot (folded), any, all, the shuffle of the half's first lane.
extern "C" __global__ void votes_sync_halves(unsigned *out, const int *in) {
  unsigned i = global_rank();
  int p = in[i];
  unsigned lane = __lane_id();
  unsigned long long act = __activemask();
  unsigned long long half = (0xFFFFull << (lane & ~15u)) & act;
  unsigned long long b = __ballot_sync(half, p);
  out[4 * i + 0] = (unsigned)b ^ (unsigned)(b >> 32);
  out[4 * i + 1] = __any_sync(half, p);
  out[4 * i + 2] = __all_sync(half, p);
  out[4 * i + 3] = (unsigned)__shfl_sync(half, p, (int)(lane & ~15u));
}

// _sync forms in a data-dependent branch, each side naming its own lanes (from __activemask):
// out[3i..3i+3] = ballot (folded), shuffle from the side's lowest lane, syncwarp reached.
extern "C" __global__ void sync_divergent(unsigned *out, const int *in) {
  unsigned i = global_rank();
  int v = in[i];
  if (v & 1) {
    unsigned long long m = __activemask();
    unsigned long long b = __ballot_sync(m, v & 2);
    out[3 * i + 0] = (unsigned)b ^ (unsigned)(b >> 32);
    out[3 * i + 1] = (unsigned)__shfl_sync(m, v, __ffsll(m) - 1);
    __syncwarp(m);
    out[3 * i + 2] = 1;
  } else {
    unsigned long long m = __activemask();
    out[3 * i + 0] = (unsigned)__popcll(m);
    out[3 * i + 1] = (unsigned)__shfl_sync(m, v, __ffsll(m) - 1);
    __syncwarp(m);
    out[3 * i + 2] = 2;
  }
}

// Matches among segments of 8 lanes: out[4i..4i+4] = match_any (int), match_all (int) and its
// predicate, match_any of the same values as float (folded masks).
extern "C" __global__ void match_sync_i32(unsigned *out, const int *in) {
  unsigned i = global_rank();
  int v = in[i];
  unsigned lane = __lane_id();
  unsigned long long seg = (0xFFull << (lane & ~7u)) & __activemask();
  unsigned long long any = __match_any_sync(seg, v);
  int pred = -1;
  unsigned long long all = __match_all_sync(seg, v, &pred);
  unsigned long long anyf = __match_any_sync(seg, (float)v);
  out[4 * i + 0] = (unsigned)any ^ (unsigned)(any >> 32);
  out[4 * i + 1] = (unsigned)all ^ (unsigned)(all >> 32);
  out[4 * i + 2] = (unsigned)pred;
  out[4 * i + 3] = (unsigned)anyf ^ (unsigned)(anyf >> 32);
}
// The same with 64-bit values that differ only in their upper half, across the whole warp.
extern "C" __global__ void match_sync_i64(unsigned *out, const long long *in) {
  unsigned i = global_rank();
  long long v = in[i];
  unsigned long long m = __activemask();
  unsigned long long any = __match_any_sync(m, v);
  int pred = -1;
  unsigned long long all = __match_all_sync(m, (double)(v >> 40), &pred);
  out[3 * i + 0] = (unsigned)any ^ (unsigned)(any >> 32);
  out[3 * i + 1] = (unsigned)all ^ (unsigned)(all >> 32);
  out[3 * i + 2] = (unsigned)pred;
}

// The reductions over segments of `seg` lanes: out[9i..9i+9] = add, min, max (int), add, min,
// max (unsigned), and, or, xor (unsigned).
extern "C" __global__ void reduce_sync_32(unsigned *out, const int *in, int seg) {
  unsigned i = global_rank();
  int v = in[i];
  unsigned u = (unsigned)v * 2654435761u;
  unsigned lane = __lane_id();
  unsigned long long m = (~0ull >> (64 - seg)) << (lane & ~(unsigned)(seg - 1));
  m &= __activemask();
  out[9 * i + 0] = (unsigned)__reduce_add_sync(m, v);
  out[9 * i + 1] = (unsigned)__reduce_min_sync(m, v);
  out[9 * i + 2] = (unsigned)__reduce_max_sync(m, v);
  out[9 * i + 3] = __reduce_add_sync(m, u);
  out[9 * i + 4] = __reduce_min_sync(m, u);
  out[9 * i + 5] = __reduce_max_sync(m, u);
  out[9 * i + 6] = __reduce_and_sync(m, u);
  out[9 * i + 7] = __reduce_or_sync(m, u);
  out[9 * i + 8] = __reduce_xor_sync(m, u);
}
// 64-bit and floating-point reductions over the warp: out[4i..4i+4] = add (long long), min
// (unsigned long long), max (double), add (double, in lane order).
extern "C" __global__ void reduce_sync_64(double *out, const long long *in) {
  unsigned i = global_rank();
  long long v = in[i];
  unsigned long long m = __activemask();
  out[4 * i + 0] = (double)__reduce_add_sync(m, v);
  out[4 * i + 1] = (double)__reduce_min_sync(m, (unsigned long long)v);
  out[4 * i + 2] = __reduce_max_sync(m, (double)v * 0.5);
  out[4 * i + 3] = __reduce_add_sync(m, (double)v / 3.0);
}

// Lanes exchange through shared memory around __syncwarp: each reads the value its neighbour
// (next lane of the warp, wrapping among the warp's lanes) wrote.
extern "C" __global__ void syncwarp_shared(int *out, const int *in) {
  __shared__ int slot[1024];
  unsigned t = block_rank();
  unsigned i = global_rank();
  unsigned base = t - __lane_id();
  unsigned lanes = __popcll(__activemask());
  slot[t] = in[i];
  __syncwarp();
  int a = slot[base + (__lane_id() + 1) % lanes];
  __syncwarp(__activemask());
  slot[t] = a * 2;
  __syncwarp(__activemask());
  out[i] = slot[base + (__lane_id() + lanes - 1) % lanes];
}

// The same exchange with no __syncwarp, as code written for AMD GPUs has it: a wavefront runs in
// lock step, so each load sees the warp's earlier stores and no store lands before the warp's
// earlier loads (comgr's lockstep.rs). __activemask makes it warp-level code.
extern "C" __global__ void lockstep_shared(int *out, const int *in) {
  __shared__ int slot[1024];
  unsigned t = block_rank();
  unsigned i = global_rank();
  unsigned base = t - __lane_id();
  unsigned lanes = __popcll(__activemask());
  slot[t] = in[i];
  int a = slot[base + (__lane_id() + 1) % lanes];
  slot[t] = a * 2;
  out[i] = slot[base + (__lane_id() + lanes - 1) % lanes];
}

// Per channel, only the lanes whose value is in range take part in a ballot, as rocPRIM's global
// histogram groups lanes by bin (one ballot per bit, in a loop): a lane that skips a channel must
// not join the others' ballots of an earlier channel.
extern "C" __global__ void ballots_per_channel(unsigned long long *out, const int *in) {
  unsigned i = global_rank();
  for (int c = 0; c < 3; c++) {
    int v = in[3 * i + c];
    unsigned long long m = 0;
    if (v >= 0) {
      m = __ballot(1);
      for (int bit = 0; bit < 4; bit++) m &= __ballot((v >> bit) & 1) ^ ((v >> bit) & 1 ? 0ull : ~0ull);
    }
    out[3 * i + c] = m;
  }
}

// ---- misuse: each fails the launch with an assertion naming the function ----

// The full mask in a warp whose upper lanes do not exist (or took the other branch).
extern "C" __global__ void shfl_sync_names_absent_lanes(int *out) {
  unsigned i = global_rank();
  if (__lane_id() < 5) out[i] = __shfl_sync(~0ull, (int)i, 0);
  else out[i] = 0;
}
// A mask that leaves the caller out.
extern "C" __global__ void ballot_sync_without_self(int *out) {
  unsigned i = global_rank();
  unsigned long long others = __activemask() & ~(1ull << __lane_id());
  out[i] = (int)__ballot_sync(others | (__lane_id() == 0 ? 0ull : 1ull), 1);
}

// Lanes in lock step: every lane stores its value, then reads its right neighbour's slot (wrapping
// within the warp), with no barrier between. On a GPU every lane of a warp has stored before any
// lane loads; the warp-vectorized form (1-D blocks, or x extents that are multiples of the warp
// size) gives the same. The __activemask() makes it a kernel with warp functions.
extern "C" __global__ void lockstep_neighbour(int *out, const int *in) {
  __shared__ int slot[1024];
  unsigned t = threadIdx.x, lane = __lane_id();
  unsigned i = blockIdx.x * blockDim.x + t;
  slot[t] = in[i];
  unsigned right = t - lane + (lane + 1) % warpSize;
  int v = right < blockDim.x ? slot[right] : -1;
  out[i] = __activemask() != 0 ? v : -2;
}

// ---- loops the lanes of a warp leave at different iterations ----

// Row sums, one warp per row: each lane strides through its row (`cols` need not be a multiple
// of the warp size, so lanes leave the loop at different iterations), then the warp adds its
// lanes' sums with __shfl_xor.
extern "C" __global__ void warp_row_sums(int *out, const int *x, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  int lane = threadIdx.x % warpSize;
  if (row >= rows) return;
  int s = 0;
  for (int c = lane; c < cols; c += warpSize) s += x[row * cols + c];
  for (int off = warpSize / 2; off > 0; off >>= 1) s += __shfl_xor(s, off);
  if (lane == 0) out[row] = s;
}

// A loop with a break: each lane adds up its values until the first negative one (at most
// `limit`), counting them; then it reads its right neighbour's sum with a shuffle.
extern "C" __global__ void warp_runs(int *count, int *sums, const int *x, int limit) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = 0, s = 0;
  for (int i = 0; i < limit; i++) {
    int v = x[t * limit + i];
    if (v < 0) break;
    s += v;
    n++;
  }
  int lane = __lane_id();
  count[t] = n;
  sums[t] = s + __shfl(s, (lane + 1) % warpSize);
}
