// The CPU meaning of the AMD GPU intrinsics (llvm.amdgcn.*) that need a warp exchange or a loop over
// lanes. build.rs compiles this file to device bitcode for AMD's generic target; the intrinsic pass
// (src/amdgcn.rs) links it into a module that needs it and replaces each intrinsic call with a call
// of the function here, which the lowering then inlines like any device function.
//
// Everything is built on the lowering's warp builtins (include/hip/hip_device_builtins.h):
// __ferrocm_warp_exchange(v) publishes the calling lane's 64-bit value and returns the warp's lane
// array, element warpSize being the mask of the lanes that took part. A lane that reads a lane that is
// not active reads 0 (a GPU gives an unspecified value; 0 makes such programs deterministic).
//
// Lane rules follow AMD's ISA manuals (Vega and RDNA): DPP rows are 16 lanes and banks 4 lanes of a
// row; ds_swizzle's bit-mask mode works within groups of 32 lanes.

// The C library's struct timespec (x86_64 and aarch64 Linux).
struct timespec_ {
  long tv_sec, tv_nsec;
};

extern "C" {
__attribute__((device, const)) unsigned __ferrocm_lane_id(void);
__attribute__((device, const)) unsigned __ferrocm_warp_size(void);
__attribute__((device, convergent)) const unsigned long long *
__ferrocm_warp_exchange(unsigned long long value);
__attribute__((device)) int clock_gettime(int clock, struct timespec_ *ts);
__attribute__((device, noreturn)) void __ferrocm_assert_fail(const char *expr, const char *file,
                                                             unsigned line, const char *func);
}

#define FN extern "C" __attribute__((device, always_inline, convergent))
typedef unsigned long long u64;
typedef const u64 *lanes_t;

namespace {
__attribute__((device, always_inline)) inline bool active(lanes_t l, unsigned lane) {
  return (l[__ferrocm_warp_size()] >> lane) & 1;
}
// Lane `src`'s value, or 0 where `src` is past the warp or was not active.
__attribute__((device, always_inline)) inline u64 read(lanes_t l, unsigned src) {
  return src < __ferrocm_warp_size() && active(l, src) ? l[src] : 0;
}
} // namespace

// llvm.amdgcn.ballot: bit i set where lane i is active and its predicate is true. A loop over every
// lane so that it vectorises.
FN u64 __ferrocm_amdgcn_ballot(bool predicate) {
  lanes_t l = __ferrocm_warp_exchange(predicate);
  u64 r = 0;
  for (unsigned i = 0; i < __ferrocm_warp_size(); ++i)
    r |= (u64)(l[i] != 0) << i;
  return r & l[__ferrocm_warp_size()];
}

// llvm.amdgcn.readfirstlane: the value of the lowest active lane.
FN u64 __ferrocm_amdgcn_readfirstlane(u64 v) {
  lanes_t l = __ferrocm_warp_exchange(v);
  return l[__builtin_ctzll(l[__ferrocm_warp_size()])];
}

// llvm.amdgcn.readlane: the value of lane `lane` (taken modulo the warp size).
FN u64 __ferrocm_amdgcn_readlane(u64 v, unsigned lane) {
  lanes_t l = __ferrocm_warp_exchange(v);
  return read(l, lane & (__ferrocm_warp_size() - 1));
}

// llvm.amdgcn.wave.barrier: the lanes of a warp meet (values they wrote to memory before it are seen by
// the others after it, as on a GPU whose lanes run in lock step).
FN void __ferrocm_amdgcn_wave_barrier(void) { (void)__ferrocm_warp_exchange(0); }

// llvm.amdgcn.ds.bpermute: a backward permute; each lane reads lane (addr / 4) mod warpSize.
FN int __ferrocm_amdgcn_ds_bpermute(int addr, int v) {
  lanes_t l = __ferrocm_warp_exchange((unsigned)v);
  return (int)read(l, ((unsigned)addr >> 2) & (__ferrocm_warp_size() - 1));
}

// llvm.amdgcn.ds.permute: a forward permute; each lane writes its value to lane (addr / 4) mod
// warpSize. A lane nobody writes to gets 0; of several writers, the highest lane wins.
FN int __ferrocm_amdgcn_ds_permute(int addr, int v) {
  unsigned ws = __ferrocm_warp_size();
  u64 dest = ((unsigned)addr >> 2) & (ws - 1);
  lanes_t l = __ferrocm_warp_exchange(dest << 32 | (unsigned)v);
  unsigned self = __ferrocm_lane_id();
  u64 mask = l[ws];
  int r = 0;
  for (unsigned i = 0; i < ws; ++i)
    if (((mask >> i) & 1) && (l[i] >> 32) == self)
      r = (int)(unsigned)l[i];
  return r;
}

// llvm.amdgcn.ds.swizzle: offset bit 15 set is the quad-permute mode (2 bits per lane of a quad);
// clear, the bit-mask mode within 32-lane groups: ((lane & and) | or) ^ xor, masks of 5 bits at
// bits 0, 5 and 10.
FN int __ferrocm_amdgcn_ds_swizzle(int v, int offset) {
  lanes_t l = __ferrocm_warp_exchange((unsigned)v);
  unsigned self = __ferrocm_lane_id();
  unsigned src;
  if (offset & 0x8000) {
    src = (self & ~3u) | ((offset >> ((self & 3) * 2)) & 3);
  } else {
    unsigned and_mask = offset & 31, or_mask = (offset >> 5) & 31, xor_mask = (offset >> 10) & 31;
    src = (self & ~31u) | ((((self & 31) & and_mask) | or_mask) ^ xor_mask);
  }
  return (int)read(l, src);
}

// The source lane of DPP control `ctrl` for lane `self`, -1 where the control names no lane, -2 for a
// control not implemented here.
__attribute__((device, always_inline)) static inline int dpp_source(unsigned ctrl, unsigned self,
                                                                    unsigned ws) {
  unsigned row = self & ~15u, in_row = self & 15;
  if (ctrl <= 0xff) // quad_perm
    return (int)((self & ~3u) | ((ctrl >> ((self & 3) * 2)) & 3));
  unsigned n = ctrl & 15;
  if (n == 0 && (ctrl == 0x100 || ctrl == 0x110 || ctrl == 0x120))
    return -2;
  switch (ctrl & ~15u) {
  case 0x100: // row_shl
    return in_row + n < 16 ? (int)(self + n) : -1;
  case 0x110: // row_shr
    return in_row >= n ? (int)(self - n) : -1;
  case 0x120: // row_ror
    return (int)(row | ((in_row + 16 - n) & 15));
  case 0x150: // row_share (RDNA)
    return (int)(row | n);
  case 0x160: // row_xmask (RDNA)
    return (int)(row | (in_row ^ n));
  }
  switch (ctrl) {
  case 0x130: // wave_shl1
    return self + 1 < ws ? (int)(self + 1) : -1;
  case 0x134: // wave_rol1
    return (int)((self + 1) & (ws - 1));
  case 0x138: // wave_shr1
    return self >= 1 ? (int)(self - 1) : -1;
  case 0x13c: // wave_ror1
    return (int)((self + ws - 1) & (ws - 1));
  case 0x140: // row_mirror
    return (int)(row | (15 - in_row));
  case 0x141: // row_half_mirror
    return (int)((self & ~7u) | (7 - (self & 7)));
  case 0x142: // row_bcast15: row r reads the last lane of row r - 1
    return row >= 16 ? (int)(row - 1) : -1;
  case 0x143: // row_bcast31: rows 2 and 3 read lane 31
    return self >= 32 ? 31 : -1;
  }
  return -2;
}

// llvm.amdgcn.update.dpp (and mov.dpp, whose `old` is 0): lane `self` takes the DPP source lane's
// `src` where its row and bank are enabled; a source that is out of its range or inactive gives 0 with
// bound_ctrl, else leaves `old`. The pass checks that `ctrl` is one of the controls above.
FN u64 __ferrocm_amdgcn_update_dpp(u64 old, u64 src, unsigned ctrl, unsigned row_mask,
                                   unsigned bank_mask, bool bound_ctrl) {
  unsigned ws = __ferrocm_warp_size();
  lanes_t l = __ferrocm_warp_exchange(src);
  unsigned self = __ferrocm_lane_id();
  if (!((row_mask >> ((self >> 4) & 3)) & 1) || !((bank_mask >> ((self >> 2) & 3)) & 1))
    return old;
  int s = dpp_source(ctrl, self, ws);
  if (s == -2)
    __ferrocm_assert_fail("the DPP control is one the CPU device implements", __FILE_NAME__,
                          __LINE__, "__builtin_amdgcn_update_dpp");
  if (s < 0 || (unsigned)s >= ws || !active(l, (unsigned)s))
    return bound_ctrl ? 0 : old;
  return l[s];
}

// llvm.amdgcn.perm (v_perm_b32): byte j of the result is chosen by byte j of `sel` from the eight
// bytes of {a, b} (b the low four): 0-7 a byte, 8-11 the sign of byte 1, 3, 5 or 7 spread over the
// byte, 12 zero, 13 and above 0xff.
FN unsigned __ferrocm_amdgcn_perm(unsigned a, unsigned b, unsigned sel) {
  u64 bytes = (u64)a << 32 | b;
  unsigned r = 0;
  for (unsigned j = 0; j < 4; ++j) {
    unsigned s = (sel >> (8 * j)) & 0xff, v;
    if (s < 8)
      v = (bytes >> (8 * s)) & 0xff;
    else if (s < 12)
      v = (bytes >> (16 * (s - 8) + 15)) & 1 ? 0xff : 0;
    else if (s == 12)
      v = 0;
    else
      v = 0xff;
    r |= v << (8 * j);
  }
  return r;
}

// llvm.amdgcn.s.memrealtime: AMD GPUs' constant 100 MHz clock (hipDeviceAttributeWallClockRate),
// from the host's monotonic clock.
// llvm.amdgcn.s.memtime: the "shader clock" clock64() reads; nanoseconds of the host's monotonic
// clock (a 1 GHz counter, hipDeviceProp_t::clockInstructionRate).
FN u64 __ferrocm_amdgcn_s_memtime(void) {
  timespec_ ts;
  clock_gettime(1 /* CLOCK_MONOTONIC */, &ts);
  return (u64)ts.tv_sec * 1000000000ull + (u64)ts.tv_nsec;
}

FN u64 __ferrocm_amdgcn_s_memrealtime(void) {
  timespec_ ts;
  clock_gettime(1 /* CLOCK_MONOTONIC */, &ts);
  return (u64)ts.tv_sec * 100000000ull + (u64)ts.tv_nsec / 10;
}

// The integer dot products (llvm.amdgcn.sdot2/udot2, sdot4/udot4/sudot4, sdot8/udot8/sudot8): c plus
// the products of the 32 / width fields of a and b. flags: bit 0 a's fields are signed, bit 1 b's,
// bit 2 clamp. With clamp the sum saturates to the result's range (signed unless both sides are
// unsigned); without it the sum wraps, as the 32-bit hardware sum does.
FN unsigned __ferrocm_amdgcn_idot(unsigned a, unsigned b, unsigned c, unsigned width,
                                  unsigned flags) {
  const bool a_signed = flags & 1, b_signed = flags & 2, clamp = flags & 4;
  const bool signed_sum = a_signed || b_signed;
  const unsigned mask = (1u << width) - 1;
  long long acc = signed_sum ? (long long)(int)c : (long long)c;
  for (unsigned k = 0; k < 32; k += width) {
    long long x = (a >> k) & mask, y = (b >> k) & mask;
    if (a_signed && (x >> (width - 1)))
      x -= 1ll << width;
    if (b_signed && (y >> (width - 1)))
      y -= 1ll << width;
    acc += x * y;
  }
  if (clamp) {
    const long long lo = signed_sum ? -2147483648ll : 0;
    const long long hi = signed_sum ? 2147483647ll : 4294967295ll;
    acc = acc < lo ? lo : acc > hi ? hi : acc;
  }
  return (unsigned)acc;
}

namespace {
// A 16-bit float's value: IEEE half, or bfloat16 (the high half of an f32).
__attribute__((device, always_inline)) inline float f16_value(unsigned bits, bool bf16) {
  bits &= 0xffff;
  return bf16 ? __builtin_bit_cast(float, bits << 16)
              : (float)__builtin_bit_cast(_Float16, (unsigned short)bits);
}
// f32 to bfloat16 bits, rounding to nearest even; NaNs stay quiet NaNs.
__attribute__((device, always_inline)) inline unsigned bf16_bits(float f) {
  unsigned u = __builtin_bit_cast(unsigned, f);
  if ((u & 0x7fffffff) > 0x7f800000)
    return (u >> 16) | 0x40;
  return (u + 0x7fff + ((u >> 16) & 1)) >> 16;
}
} // namespace

// The float dot products of pairs (llvm.amdgcn.fdot2, fdot2.f16.f16, fdot2.f32.bf16,
// fdot2.bf16.bf16): a.lo * b.lo + a.hi * b.hi + c, where a and b hold two halves (in_bf16 0) or two
// bfloat16s (1). The products of 16-bit floats are exact in f32, so the sum is formed there. c and
// the result are in `acc`'s format, as bits: 0 half, 1 bfloat16, 2 f32. With clamp the result is
// clamped to [0, 1] (a NaN becomes 0), as the hardware's clamp modifier does.
FN unsigned __ferrocm_amdgcn_fdot2(unsigned a, unsigned b, unsigned c, unsigned in_bf16,
                                   unsigned acc, unsigned clamp) {
  const float lo = f16_value(a, in_bf16) * f16_value(b, in_bf16);
  const float hi = f16_value(a >> 16, in_bf16) * f16_value(b >> 16, in_bf16);
  const float add = acc == 2 ? __builtin_bit_cast(float, c) : f16_value(c, acc == 1);
  float r = (lo + hi) + add;
  if (clamp)
    r = r > 0.0f ? (r < 1.0f ? r : 1.0f) : 0.0f;
  if (acc == 2)
    return __builtin_bit_cast(unsigned, r);
  if (acc == 1)
    return bf16_bits(r);
  return __builtin_bit_cast(unsigned short, (_Float16)r);
}
