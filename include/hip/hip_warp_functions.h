/* ferrocm: HIP's warp (wavefront) cross-lane functions: shuffles, votes, ballots, matches,
 * reductions and their `_sync` forms with 64-bit lane masks.
 *
 * Everything is built on two device builtins the CPU lowering binds (hip_device_builtins.h):
 * __ferrocm_lane_id() and __ferrocm_warp_exchange(v), through which the lanes of a warp that
 * reach the call together publish one 64-bit value each and read everybody's, plus the mask of
 * the lanes that took part. Each function here is one exchange: a 64-bit payload (long long,
 * double...) travels whole, and a `_sync` form checks its mask against the exchange's lanes in
 * the same exchange.
 *
 * Lane rules (HIP on AMD GPUs, ds_bpermute based), for self = the caller's lane and a segment
 * width `width` (a power of two, default warpSize):
 *   __shfl(v, src, width)     reads lane (src & (width-1)) + (self & ~(width-1));
 *   __shfl_up(v, d, width)    reads self - d, or self if that is below the segment's first lane;
 *   __shfl_down(v, d, width)  reads self + d, or self if (self & (width-1)) + d >= width;
 *   __shfl_xor(v, m, width)   reads self ^ m, or self if that is at or past the segment's end
 *                             (a lane below the segment is read, as on AMD hardware).
 * The lane read is then taken modulo warpSize (the hardware's address wrap). Reading a lane
 * that is not active at the call (a partial last warp, another branch) gives an unspecified
 * value, as in HIP.
 *
 * The `_sync` forms take an `unsigned long long` mask (a static_assert rejects narrower masks,
 * as HIP 6 does: CUDA's 32-bit 0xffffffff would silently name only half a wavefront). At warp
 * size 32 the mask's upper half is ignored. The mask must name the calling lane and only lanes
 * that reach the same call together; otherwise (undefined in HIP) the launch fails with an
 * assertion naming the function. HIP gates them behind HIP_ENABLE_WARP_SYNC_BUILTINS in some
 * releases; on ferrocm they are always available.
 *
 * The __half and __half2 overloads are templates restricted to those two types, so this header
 * needs only their declarations: they work once the program includes <hip/hip_fp16.h>. */
#ifndef FERROCM_HIP_WARP_FUNCTIONS_H
#define FERROCM_HIP_WARP_FUNCTIONS_H

#include <hip/hip_defines.h>
#include <hip/hip_device_builtins.h>

#if defined(__HIP__) && defined(__cplusplus)

/* Defined by hip_fp16.h. */
struct __half;
struct __half2;

#define __FERROCM_WARP_FN static __device__ inline __attribute__((always_inline))
#define __FERROCM_WARP_MASK_CHECK(_MaskT)                                                         \
  static_assert(__is_integral(_MaskT) && sizeof(_MaskT) == 8,                                     \
                "The mask must be a 64-bit integer (unsigned long long): a narrower one "         \
                "would silently leave out lanes 32-63")

/* Internal building blocks, also used by hip_cooperative_groups.h. */
namespace __ferrocm_warp {

/* The lane array of one exchange: [0, warpSize) the lanes' values, [warpSize] the mask of the
 * lanes that took part. */
typedef const unsigned long long *lanes_t;

__FERROCM_WARP_FN unsigned size() { return (unsigned)warpSize; }
__FERROCM_WARP_FN unsigned lane() { return __ferrocm_lane_id(); }
/* Every lane of a warp: 64 or 32 low bits. */
__FERROCM_WARP_FN unsigned long long full_mask() { return ~0ull >> (64u - size()); }
__FERROCM_WARP_FN unsigned long long lane_bit(unsigned l) { return 1ull << l; }
__FERROCM_WARP_FN unsigned long long lanes_below(unsigned l) { return lane_bit(l) - 1ull; }
__FERROCM_WARP_FN lanes_t exchange(unsigned long long v) { return __ferrocm_warp_exchange(v); }
__FERROCM_WARP_FN unsigned long long active(lanes_t l) { return l[size()]; }
/* The value of the lane `index` names, the index wrapped into the warp. */
__FERROCM_WARP_FN unsigned long long at(lanes_t l, int index) {
  return l[(unsigned)index & (size() - 1u)];
}

/* Bit i set where lane i is in `set` and published a non-zero value. A loop over every lane (not
 * only the set ones) so that it vectorises; elements outside `set` are read but not used. */
__FERROCM_WARP_FN unsigned long long ballot_of(lanes_t l, unsigned long long set) {
  unsigned long long r = 0;
  for (unsigned i = 0; i < size(); ++i)
    r |= (unsigned long long)(l[i] != 0) << i;
  return r & set;
}
/* The lanes of `set` that published `v`. */
__FERROCM_WARP_FN unsigned long long match_of(lanes_t l, unsigned long long set,
                                              unsigned long long v) {
  unsigned long long r = 0;
  for (unsigned i = 0; i < size(); ++i)
    r |= (unsigned long long)(l[i] == v) << i;
  return r & set;
}
/* Gathers the bits of `bits` at the positions set in `set` into the low bits, in order (bit k of
 * the result is the bit at the k-th set position). */
__FERROCM_WARP_FN unsigned long long compress(unsigned long long set, unsigned long long bits) {
  unsigned long long r = 0;
  unsigned k = 0;
  for (unsigned long long m = set; m; m &= m - 1ull) {
    unsigned i = (unsigned)__builtin_ctzll(m);
    r |= ((bits >> i) & 1ull) << k;
    ++k;
  }
  return r;
}
/* The lane of the n-th (from 0) set bit of `set`, or -1. */
__FERROCM_WARP_FN int nth_lane(unsigned long long set, unsigned n) {
  for (unsigned long long m = set; m; m &= m - 1ull) {
    if (n == 0) return __builtin_ctzll(m);
    --n;
  }
  return -1;
}

/* Fails the launch with `what` as the assertion text. */
__FERROCM_WARP_FN void require(bool ok, const char *what, const char *func) {
  if (!ok) __ferrocm_assert_fail(what, __FILE__, __LINE__, func);
}
/* The `_sync` rule: the (warp-size-trimmed) mask names the caller and only lanes that took part
 * in this exchange. Returns the trimmed mask. */
__FERROCM_WARP_FN unsigned long long checked_mask(lanes_t l, unsigned long long mask,
                                                  const char *names_others,
                                                  const char *misses_self, const char *func) {
  mask &= full_mask();
  require((mask & ~active(l)) == 0, names_others, func);
  require((mask & lane_bit(lane())) != 0, misses_self, func);
  return mask;
}
#define __FERROCM_WARP_CHECKED(l, mask, fn)                                                       \
  ::__ferrocm_warp::checked_mask(l, (unsigned long long)(mask),                                   \
                                 fn ": mask names lanes that did not take part",                  \
                                 fn ": mask does not name the calling lane", fn)

/* A value as 64 exchange bits (zero-extended) and back. */
template <unsigned _Np> struct uint_of;
template <> struct uint_of<1> { typedef unsigned char type; };
template <> struct uint_of<2> { typedef unsigned short type; };
template <> struct uint_of<4> { typedef unsigned int type; };
template <> struct uint_of<8> { typedef unsigned long long type; };
template <class _Tp> __FERROCM_WARP_FN unsigned long long pack(_Tp v) {
  static_assert(sizeof(_Tp) == 1 || sizeof(_Tp) == 2 || sizeof(_Tp) == 4 || sizeof(_Tp) == 8,
                "warp functions exchange values of 1, 2, 4 or 8 bytes");
  return (unsigned long long)__builtin_bit_cast(typename uint_of<sizeof(_Tp)>::type, v);
}
template <class _Tp> __FERROCM_WARP_FN _Tp unpack(unsigned long long b) {
  return __builtin_bit_cast(_Tp, (typename uint_of<sizeof(_Tp)>::type)b);
}

/* The lane each shuffle reads (see the top of the file); the arithmetic is HIP's, in int. */
__FERROCM_WARP_FN int src_shfl(int src_lane, int width) {
  int self = (int)lane();
  return (src_lane & (width - 1)) + (self & ~(width - 1));
}
__FERROCM_WARP_FN int src_up(unsigned int delta, int width) {
  int self = (int)lane();
  int index = (int)((unsigned)self - delta);
  return index < (self & ~(width - 1)) ? self : index;
}
__FERROCM_WARP_FN int src_down(unsigned int delta, int width) {
  int self = (int)lane();
  int index = (int)((unsigned)self + delta);
  return (int)((unsigned)(self & (width - 1)) + delta) >= width ? self : index;
}
__FERROCM_WARP_FN int src_xor(int lane_mask, int width) {
  int self = (int)lane();
  int index = self ^ lane_mask;
  return index >= ((self + width) & ~(width - 1)) ? self : index;
}

/* One exchange: every lane publishes `var` and reads lane `index`. */
template <class _Tp> __FERROCM_WARP_FN _Tp read_lane(_Tp var, int index) {
  return unpack<_Tp>(at(exchange(pack(var)), index));
}
template <class _Tp> struct is_half { static const bool value = false; };
template <> struct is_half<__half> { static const bool value = true; };
template <> struct is_half<__half2> { static const bool value = true; };
template <bool _Bp, class _Tp = int> struct enable_if {};
template <class _Tp> struct enable_if<true, _Tp> { typedef _Tp type; };

} // namespace __ferrocm_warp

/* ---- lane id, votes, ballots ---- */

__FERROCM_WARP_FN unsigned int __lane_id() { return __ferrocm_lane_id(); }

/* Bit i set where lane i is active and its predicate is non-zero (upper 32 bits 0 at warp size
 * 32). */
__FERROCM_WARP_FN unsigned long long int __ballot(int predicate) {
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(predicate != 0);
  return ::__ferrocm_warp::ballot_of(l, ::__ferrocm_warp::active(l));
}
__FERROCM_WARP_FN unsigned long long int __ballot64(int predicate) { return __ballot(predicate); }
__FERROCM_WARP_FN int __any(int predicate) { return __ballot(predicate) != 0; }
__FERROCM_WARP_FN int __all(int predicate) {
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(predicate != 0);
  unsigned long long act = ::__ferrocm_warp::active(l);
  return ::__ferrocm_warp::ballot_of(l, act) == act;
}
/* The lanes that reach this call together (on the CPU device, as on AMD GPUs, lanes do not make
 * independent progress, so this is exact). */
__FERROCM_WARP_FN unsigned long long __activemask() {
  return ::__ferrocm_warp::active(::__ferrocm_warp::exchange(0));
}

/* ---- shuffles ---- */

#define __FERROCM_SHFL_FOR(_Tp)                                                                   \
  __FERROCM_WARP_FN _Tp __shfl(_Tp var, int src_lane, int width = warpSize) {                     \
    return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_shfl(src_lane, width));         \
  }                                                                                               \
  __FERROCM_WARP_FN _Tp __shfl_up(_Tp var, unsigned int lane_delta, int width = warpSize) {       \
    return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_up(lane_delta, width));         \
  }                                                                                               \
  __FERROCM_WARP_FN _Tp __shfl_down(_Tp var, unsigned int lane_delta, int width = warpSize) {     \
    return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_down(lane_delta, width));       \
  }                                                                                               \
  __FERROCM_WARP_FN _Tp __shfl_xor(_Tp var, int lane_mask, int width = warpSize) {                \
    return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_xor(lane_mask, width));         \
  }

__FERROCM_SHFL_FOR(int)
__FERROCM_SHFL_FOR(unsigned int)
__FERROCM_SHFL_FOR(long)
__FERROCM_SHFL_FOR(unsigned long)
__FERROCM_SHFL_FOR(long long)
__FERROCM_SHFL_FOR(unsigned long long)
__FERROCM_SHFL_FOR(float)
__FERROCM_SHFL_FOR(double)
#undef __FERROCM_SHFL_FOR

/* __half and __half2 (an exact match, so preferred over __half's conversion to float). */
#define __FERROCM_IF_HALF(_Tp)                                                                    \
  typename ::__ferrocm_warp::enable_if<::__ferrocm_warp::is_half<_Tp>::value>::type = 0
template <class _Tp, __FERROCM_IF_HALF(_Tp)>
__FERROCM_WARP_FN _Tp __shfl(_Tp var, int src_lane, int width = warpSize) {
  return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_shfl(src_lane, width));
}
template <class _Tp, __FERROCM_IF_HALF(_Tp)>
__FERROCM_WARP_FN _Tp __shfl_up(_Tp var, unsigned int lane_delta, int width = warpSize) {
  return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_up(lane_delta, width));
}
template <class _Tp, __FERROCM_IF_HALF(_Tp)>
__FERROCM_WARP_FN _Tp __shfl_down(_Tp var, unsigned int lane_delta, int width = warpSize) {
  return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_down(lane_delta, width));
}
template <class _Tp, __FERROCM_IF_HALF(_Tp)>
__FERROCM_WARP_FN _Tp __shfl_xor(_Tp var, int lane_mask, int width = warpSize) {
  return ::__ferrocm_warp::read_lane(var, ::__ferrocm_warp::src_xor(lane_mask, width));
}
#undef __FERROCM_IF_HALF

/* ---- _sync forms (64-bit masks) ---- */

/* Any value of 1, 2, 4 or 8 bytes (the types above, and what promotes to them in HIP). */
template <typename _MaskT, typename _Tp>
__FERROCM_WARP_FN _Tp __shfl_sync(_MaskT mask, _Tp var, int srcLane, int width = warpSize) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(::__ferrocm_warp::pack(var));
  __FERROCM_WARP_CHECKED(l, mask, "__shfl_sync");
  return ::__ferrocm_warp::unpack<_Tp>(
      ::__ferrocm_warp::at(l, ::__ferrocm_warp::src_shfl(srcLane, width)));
}
template <typename _MaskT, typename _Tp>
__FERROCM_WARP_FN _Tp __shfl_up_sync(_MaskT mask, _Tp var, unsigned int delta,
                                     int width = warpSize) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(::__ferrocm_warp::pack(var));
  __FERROCM_WARP_CHECKED(l, mask, "__shfl_up_sync");
  return ::__ferrocm_warp::unpack<_Tp>(
      ::__ferrocm_warp::at(l, ::__ferrocm_warp::src_up(delta, width)));
}
template <typename _MaskT, typename _Tp>
__FERROCM_WARP_FN _Tp __shfl_down_sync(_MaskT mask, _Tp var, unsigned int delta,
                                     int width = warpSize) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(::__ferrocm_warp::pack(var));
  __FERROCM_WARP_CHECKED(l, mask, "__shfl_down_sync");
  return ::__ferrocm_warp::unpack<_Tp>(
      ::__ferrocm_warp::at(l, ::__ferrocm_warp::src_down(delta, width)));
}
template <typename _MaskT, typename _Tp>
__FERROCM_WARP_FN _Tp __shfl_xor_sync(_MaskT mask, _Tp var, int laneMask, int width = warpSize) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(::__ferrocm_warp::pack(var));
  __FERROCM_WARP_CHECKED(l, mask, "__shfl_xor_sync");
  return ::__ferrocm_warp::unpack<_Tp>(
      ::__ferrocm_warp::at(l, ::__ferrocm_warp::src_xor(laneMask, width)));
}

/* The ballot of the mask's lanes. */
template <typename _MaskT>
__FERROCM_WARP_FN unsigned long long __ballot_sync(_MaskT mask, int predicate) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(predicate != 0);
  unsigned long long m = __FERROCM_WARP_CHECKED(l, mask, "__ballot_sync");
  return ::__ferrocm_warp::ballot_of(l, m);
}
template <typename _MaskT> __FERROCM_WARP_FN int __any_sync(_MaskT mask, int predicate) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(predicate != 0);
  unsigned long long m = __FERROCM_WARP_CHECKED(l, mask, "__any_sync");
  return ::__ferrocm_warp::ballot_of(l, m) != 0;
}
template <typename _MaskT> __FERROCM_WARP_FN int __all_sync(_MaskT mask, int predicate) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(predicate != 0);
  unsigned long long m = __FERROCM_WARP_CHECKED(l, mask, "__all_sync");
  return ::__ferrocm_warp::ballot_of(l, m) == m;
}

/* The lanes of the warp that reach it together meet; memory written before is visible after. */
__FERROCM_WARP_FN void __syncwarp() {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  (void)::__ferrocm_warp::exchange(0);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
template <typename _MaskT> __FERROCM_WARP_FN void __syncwarp(_MaskT mask) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(0);
  (void)__FERROCM_WARP_CHECKED(l, mask, "__syncwarp");
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* Matches compare the values' bits: int, unsigned, long, unsigned long, long long, unsigned long
 * long, float or double, as HIP. */
#define __FERROCM_MATCH_TYPE_CHECK(_Tp)                                                           \
  static_assert((__is_integral(_Tp) || __is_floating_point(_Tp)) &&                               \
                    (sizeof(_Tp) == 4 || sizeof(_Tp) == 8),                                       \
                "T can be int, unsigned int, long, unsigned long, long long, unsigned long "      \
                "long, float or double")

/* The mask's lanes whose value equals the caller's. */
template <typename _MaskT, typename _Tp>
__FERROCM_WARP_FN unsigned long long __match_any_sync(_MaskT mask, _Tp value) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  __FERROCM_MATCH_TYPE_CHECK(_Tp);
  unsigned long long mine = ::__ferrocm_warp::pack(value);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(mine);
  unsigned long long m = __FERROCM_WARP_CHECKED(l, mask, "__match_any_sync");
  return ::__ferrocm_warp::match_of(l, m, mine);
}
/* The mask, with *pred = 1, when all its lanes hold the same value; else 0 and *pred = 0. */
template <typename _MaskT, typename _Tp>
__FERROCM_WARP_FN unsigned long long __match_all_sync(_MaskT mask, _Tp value, int *pred) {
  __FERROCM_WARP_MASK_CHECK(_MaskT);
  __FERROCM_MATCH_TYPE_CHECK(_Tp);
  unsigned long long mine = ::__ferrocm_warp::pack(value);
  ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(mine);
  unsigned long long m = __FERROCM_WARP_CHECKED(l, mask, "__match_all_sync");
  bool all = ::__ferrocm_warp::match_of(l, m, mine) == m;
  *pred = all;
  return all ? m : 0ull;
}
#undef __FERROCM_MATCH_TYPE_CHECK

/* Reductions over the mask's lanes, combined in lane order (so a float sum is reproducible; HIP's
 * tree order may round differently). and/or/xor are bitwise, as CUDA documents them. Besides
 * CUDA's int/unsigned forms, the 64-bit and floating-point types HIP adds under
 * HIP_ENABLE_EXTRA_WARP_SYNC_TYPES are always here. */
namespace __ferrocm_warp {
template <class _Tp, class _Op>
__FERROCM_WARP_FN _Tp reduce_lanes(lanes_t l, unsigned long long m, _Op op) {
  unsigned first = (unsigned)__builtin_ctzll(m);
  _Tp acc = unpack<_Tp>(l[first]);
  for (unsigned long long rest = m & (m - 1ull); rest; rest &= rest - 1ull)
    acc = op(acc, unpack<_Tp>(l[__builtin_ctzll(rest)]));
  return acc;
}
struct op_add {
  template <class _Tp> __device__ _Tp operator()(_Tp a, _Tp b) const { return a + b; }
};
struct op_min {
  template <class _Tp> __device__ _Tp operator()(_Tp a, _Tp b) const { return b < a ? b : a; }
};
struct op_max {
  template <class _Tp> __device__ _Tp operator()(_Tp a, _Tp b) const { return a < b ? b : a; }
};
struct op_and {
  template <class _Tp> __device__ _Tp operator()(_Tp a, _Tp b) const { return a & b; }
};
struct op_or {
  template <class _Tp> __device__ _Tp operator()(_Tp a, _Tp b) const { return a | b; }
};
struct op_xor {
  template <class _Tp> __device__ _Tp operator()(_Tp a, _Tp b) const { return a ^ b; }
};
} // namespace __ferrocm_warp

#define __FERROCM_REDUCE_SYNC(NAME, OP, _Tp)                                                      \
  template <typename _MaskT> __FERROCM_WARP_FN _Tp NAME(_MaskT mask, _Tp val) {                   \
    __FERROCM_WARP_MASK_CHECK(_MaskT);                                                            \
    ::__ferrocm_warp::lanes_t l = ::__ferrocm_warp::exchange(::__ferrocm_warp::pack(val));        \
    unsigned long long m = __FERROCM_WARP_CHECKED(l, mask, #NAME);                                \
    return ::__ferrocm_warp::reduce_lanes<_Tp>(l, m, ::__ferrocm_warp::OP());                     \
  }
#define __FERROCM_REDUCE_ARITH(NAME, OP)                                                          \
  __FERROCM_REDUCE_SYNC(NAME, OP, int)                                                            \
  __FERROCM_REDUCE_SYNC(NAME, OP, unsigned int)                                                   \
  __FERROCM_REDUCE_SYNC(NAME, OP, long long)                                                      \
  __FERROCM_REDUCE_SYNC(NAME, OP, unsigned long long)                                             \
  __FERROCM_REDUCE_SYNC(NAME, OP, float)                                                          \
  __FERROCM_REDUCE_SYNC(NAME, OP, double)
#define __FERROCM_REDUCE_BITS(NAME, OP)                                                           \
  __FERROCM_REDUCE_SYNC(NAME, OP, int)                                                            \
  __FERROCM_REDUCE_SYNC(NAME, OP, unsigned int)                                                   \
  __FERROCM_REDUCE_SYNC(NAME, OP, long long)                                                      \
  __FERROCM_REDUCE_SYNC(NAME, OP, unsigned long long)
__FERROCM_REDUCE_ARITH(__reduce_add_sync, op_add)
__FERROCM_REDUCE_ARITH(__reduce_min_sync, op_min)
__FERROCM_REDUCE_ARITH(__reduce_max_sync, op_max)
__FERROCM_REDUCE_BITS(__reduce_and_sync, op_and)
__FERROCM_REDUCE_BITS(__reduce_or_sync, op_or)
__FERROCM_REDUCE_BITS(__reduce_xor_sync, op_xor)
#undef __FERROCM_REDUCE_BITS
#undef __FERROCM_REDUCE_ARITH
#undef __FERROCM_REDUCE_SYNC

#undef __FERROCM_WARP_CHECKED
#undef __FERROCM_WARP_MASK_CHECK
/* Lane masks relative to the calling lane, among the lanes that call together (as ROCm's: the
 * lanes below / above are limited to those active, the lane's own bit is its alone). */
__FERROCM_WARP_FN unsigned long long __lanemask_eq() { return 1ull << __lane_id(); }
__FERROCM_WARP_FN unsigned long long __lanemask_lt() {
  return ((1ull << __lane_id()) - 1ull) & __ballot(1);
}
__FERROCM_WARP_FN unsigned long long __lanemask_gt() {
  unsigned int lane = __lane_id();
  unsigned long long above = lane >= 63 ? 0ull : ~0ull << (lane + 1);
  return above & __ballot(1);
}

#undef __FERROCM_WARP_FN

#endif /* __HIP__ && __cplusplus */

#endif /* FERROCM_HIP_WARP_FUNCTIONS_H */
