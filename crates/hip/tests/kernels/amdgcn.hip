// AMD GPU builtins (__builtin_amdgcn_*), as rocPRIM, hipCUB, rocThrust and ggml call them: each
// kernel writes what every work-item computed, and conformance/amdgcn.rs checks it against the
// hardware's rules evaluated on the host.

#define LANE_OUTS 24

// One work-item per input; a 1-D block of any size (partial last warps included).
extern "C" __global__ void amd_lanes(const int *in, int *out) {
  unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
  int v = in[t];
  int *o = out + (size_t)t * LANE_OUTS;
  o[0] = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0));
  o[1] = __builtin_amdgcn_mbcnt_lo(0x5555aaaau, 7);
  o[2] = __builtin_amdgcn_mbcnt_hi(0xf0f0f00fu, 0);
  o[3] = __builtin_amdgcn_ds_bpermute((v & 0xff) * 4, v);
  o[4] = __builtin_amdgcn_ds_permute(((t * 7 + 3) & 63) * 4, v);
  o[5] = __builtin_amdgcn_ds_swizzle(v, 0x041f);  // bit-mask mode: xor 1
  o[6] = __builtin_amdgcn_ds_swizzle(v, 0x801b);  // quad mode: 3 2 1 0
  o[7] = __builtin_amdgcn_ds_swizzle(v, 0x0070);  // bit-mask mode: and 0x10, or 3
  o[8] = __builtin_amdgcn_readfirstlane(v);
  o[9] = __builtin_amdgcn_readlane(v, 5);
  o[10] = (int)__builtin_amdgcn_ballot_w32(v & 4);
  unsigned long long b = __builtin_amdgcn_ballot_w64(v & 1);
  o[11] = (int)b;
  o[12] = (int)(b >> 32);
  o[13] = __builtin_amdgcn_mov_dpp(v, 0x111, 0xf, 0xf, true);        // row_shr:1, bound_ctrl
  o[14] = __builtin_amdgcn_update_dpp(-5, v, 0x111, 0xf, 0xf, false);  // row_shr:1
  o[15] = __builtin_amdgcn_update_dpp(-5, v, 0x1b, 0xf, 0xf, false);   // quad_perm 3 2 1 0
  o[16] = __builtin_amdgcn_update_dpp(-5, v, 0x101, 0xa, 0xf, false);  // row_shl:1, rows 1 and 3
  o[17] = __builtin_amdgcn_update_dpp(-5, v, 0x142, 0xa, 0xf, false);  // row_bcast15
  o[18] = __builtin_amdgcn_update_dpp(-5, v, 0x143, 0xc, 0xf, false);  // row_bcast31
  o[19] = __builtin_amdgcn_update_dpp(-5, v, 0x140, 0xf, 0x5, false);  // row_mirror, banks 0 and 2
  o[20] = __builtin_amdgcn_update_dpp(-5, v, 0x128, 0xf, 0xf, false);  // row_ror:8
  o[21] = __builtin_amdgcn_update_dpp(-5, v, 0x138, 0xf, 0xf, false);  // wave_shr1
  o[22] = __builtin_amdgcn_wavefrontsize();
  // Divergent: only the odd values take part.
  o[23] = (v & 1) ? (int)__builtin_amdgcn_ballot_w64(v & 2) : __builtin_amdgcn_readfirstlane(v);
}

// 64-bit and floating-point values through the lane exchanges.
extern "C" __global__ void amd_lanes_wide(const long long *in, long long *out, float *fout) {
  unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
  long long v = in[t];
  out[2 * t] = __builtin_amdgcn_readlane(v, 1);
  out[2 * t + 1] = __builtin_amdgcn_update_dpp(0ll, v, 0x111, 0xf, 0xf, false);
  // clang-19's DPP builtins take integers: a float travels as its bits.
  fout[t] = __builtin_bit_cast(
      float, __builtin_amdgcn_update_dpp(__builtin_bit_cast(int, -1.0f),
                                         __builtin_bit_cast(int, (float)v), 0x1b, 0xf, 0xf, false));
}

// Warp-level communication through shared memory around the wave barrier, and the block barrier.
extern "C" __global__ void amd_barriers(const int *in, int *out) {
  extern __shared__ int lds[];
  unsigned t = threadIdx.x;
  unsigned g = t + blockIdx.x * blockDim.x;
  unsigned ws = __builtin_amdgcn_wavefrontsize();
  unsigned lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0));
  unsigned base = t - lane;
  unsigned count = blockDim.x - base < ws ? blockDim.x - base : ws;
  lds[t] = in[g];
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
  int mine = lds[base + (lane + 1) % count];
  __builtin_amdgcn_s_waitcnt(0);
  __builtin_amdgcn_s_barrier();
  lds[t] = mine;
  __builtin_amdgcn_s_barrier();
  out[g] = lds[(t + 1) % blockDim.x] + (int)__builtin_amdgcn_workitem_id_x() * 0;
  __builtin_amdgcn_s_sleep(1);
  __builtin_amdgcn_sched_barrier(0);
}

#define BIT_OUTS 8
extern "C" __global__ void amd_bits(const unsigned *a, const unsigned *b, const unsigned *c,
                                    unsigned *out, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n)
    return;
  unsigned *o = out + (size_t)i * BIT_OUTS;
  o[0] = __builtin_amdgcn_ubfe(a[i], b[i], c[i]);
  o[1] = (unsigned)__builtin_amdgcn_sbfe((int)a[i], b[i], c[i]);
  o[2] = __builtin_amdgcn_alignbyte(a[i], b[i], c[i]);
  o[3] = __builtin_amdgcn_perm(a[i], b[i], c[i] & 0x0f0f0f0f);
  o[4] = __builtin_amdgcn_perm(a[i], b[i], c[i]);
  o[5] = __builtin_amdgcn_ubfe(a[i], 8, 8);
  o[6] = (unsigned)__builtin_amdgcn_sbfe((int)a[i], 4, 12);
  o[7] = __builtin_amdgcn_alignbit(a[i], b[i], c[i]);
}

#define MATH_OUTS 14
extern "C" __global__ void amd_math(const float *x, const float *y, const int *e, float *out,
                                    int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n)
    return;
  float *o = out + (size_t)i * MATH_OUTS;
  o[0] = __builtin_amdgcn_rcpf(x[i]);
  o[1] = __builtin_amdgcn_rsqf(x[i]);
  o[2] = __builtin_amdgcn_sqrtf(x[i]);
  o[3] = __builtin_amdgcn_sinf(y[i]);
  o[4] = __builtin_amdgcn_cosf(y[i]);
  o[5] = __builtin_amdgcn_ldexpf(x[i], e[i]);
  o[6] = __builtin_amdgcn_frexp_mantf(x[i]);
  o[7] = (float)__builtin_amdgcn_frexp_expf(x[i]);
  o[8] = __builtin_amdgcn_fmed3f(x[i], y[i], (float)e[i]);
  o[9] = __builtin_amdgcn_fractf(y[i]);
  o[10] = (float)__builtin_amdgcn_classf(x[i], e[i] & 0x3ff);
  o[11] = __builtin_amdgcn_exp2f(y[i]);
  o[12] = (float)__builtin_amdgcn_frexp_exp(x[i]);
  o[13] = (float)__builtin_amdgcn_rcp((double)x[i]);
}

// The launch's sizes through the AMD ABI's dispatch packet and hidden arguments.
extern "C" __global__ void amd_dispatch(unsigned *out) {
  unsigned t = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) +
               blockDim.x * blockDim.y * blockDim.z *
                   (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z));
  unsigned *o = out + (size_t)t * 12;
  o[0] = __builtin_amdgcn_workgroup_size_x();
  o[1] = __builtin_amdgcn_workgroup_size_y();
  o[2] = __builtin_amdgcn_workgroup_size_z();
  o[3] = __builtin_amdgcn_grid_size_x();
  o[4] = __builtin_amdgcn_grid_size_y();
  o[5] = __builtin_amdgcn_grid_size_z();
  o[6] = __builtin_amdgcn_workitem_id_x();
  o[7] = __builtin_amdgcn_workitem_id_y();
  o[8] = __builtin_amdgcn_workitem_id_z();
  o[9] = __builtin_amdgcn_workgroup_id_x();
  o[10] = __builtin_amdgcn_workgroup_id_y();
  o[11] = __builtin_amdgcn_workgroup_id_z();
}

extern "C" __global__ void amd_clocks(unsigned long long *out) {
  out[0] = __builtin_amdgcn_s_memrealtime();
  out[1] = __builtin_amdgcn_s_memtime();
}

// Atomics as ROCm's headers write them.
extern "C" __global__ void amd_atomics(unsigned *counter, unsigned *wrapped, float *sum,
                                       unsigned *loaded) {
  __hip_atomic_fetch_add(counter, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __builtin_amdgcn_atomic_inc32(wrapped, 9u, __ATOMIC_RELAXED, "agent");
  __hip_atomic_fetch_add(sum, 0.5f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned v = __hip_atomic_load(counter, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_store(loaded + threadIdx.x + blockIdx.x * blockDim.x, v > 0 ? 1u : 0u,
                     __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}

// warpSize is a compile-time constant (template arguments, static_assert), as rocPRIM needs.
template <int N> struct wave_constant {
  static constexpr int value = N;
};
extern "C" __global__ void amd_wave_size(int *out) {
  static_assert(warpSize == __AMDGCN_WAVEFRONT_SIZE, "warpSize is the compile's wavefront size");
  out[0] = wave_constant<warpSize>::value;
  out[1] = __AMDGCN_WAVEFRONT_SIZE;
  out[2] = __builtin_amdgcn_wavefrontsize();
}

// GCN inline assembly, translated statement by statement (comgr's amdgcn_asm.rs). Output 0 is ggml's
// int8 dot product for gfx900/gfx1010, as ggml writes it.
#define ASM_OUTS 12
extern "C" __global__ void amd_asm(const unsigned *a, const unsigned *b, const unsigned *c,
                                   unsigned *out, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n)
    return;
  unsigned x = a[i], y = b[i], z = c[i];
  unsigned *o = out + (size_t)i * ASM_OUTS;
  int acc = (int)z, t1, t2;
  asm("\n \
      v_mul_i32_i24 %1, sext(%3), sext(%4) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:BYTE_0 \n \
      v_mul_i32_i24 %2, sext(%3), sext(%4) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:BYTE_1 \n \
      v_add3_u32 %0, %1, %2, %0 \n \
      v_mul_i32_i24 %1, sext(%3), sext(%4) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:BYTE_2 \n \
      v_mul_i32_i24 %2, sext(%3), sext(%4) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_3 src1_sel:BYTE_3 \n \
      v_add3_u32 %0, %1, %2, %0 \n \
      "
      : "+v"(acc), "=&v"(t1), "=&v"(t2)
      : "v"(x), "v"(y));
  o[0] = (unsigned)acc;
  unsigned r;
  asm("v_mul_u32_u24 %0, %1, %2" : "=v"(r) : "v"(x), "v"(y));
  o[1] = r;
  asm("v_mul_hi_i32_i24_e64 %0, %1, %2" : "=v"(r) : "v"(x), "v"(y));
  o[2] = r;
  asm("v_lshl_add_u32 %0, %1, %2, %3 ; shift by the low five bits" : "=v"(r) : "v"(x), "v"(y), "v"(z));
  o[3] = r;
  asm("v_perm_b32 %0, %1, %2, %3" : "=v"(r) : "v"(x), "v"(y), "v"(z & 0x0f0f0f0fu));
  o[4] = r;
  asm("v_bfe_u32 %0, %1, %2, %3" : "=v"(r) : "v"(x), "v"(y), "v"(z));
  o[5] = r;
  asm("v_dot4_i32_i8 %0, %1, %2, %3" : "=v"(r) : "v"(x), "v"(y), "v"(z));
  o[6] = r;
  asm("v_med3_i32 %0, %1, %2, %3" : "=v"(r) : "v"(x), "v"(y), "v"(z));
  o[7] = r;
  r = z;
  asm("v_mov_b32_sdwa %0, %1 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_3" : "+v"(r)
      : "v"(x));
  o[8] = r;
  // Finite halves below 1: their f32 products are exact, so the sum's rounding is the only one.
  float d = (float)(int)(z & 0xffff);
  asm volatile("v_dot2_f32_f16 %0, %1, %2, %0" : "+v"(d) : "v"(x & 0x3bff3bffu), "v"(y & 0x3bff3bffu));
  o[9] = __float_as_uint(d);
  float u;
  asm("v_cvt_f32_ubyte2 %0, %1" : "=v"(u) : "v"(x));
  o[10] = __float_as_uint(u);
  float m = (float)(int)(z & 0xfff);
  asm("v_fmac_f32 %0, -%1, |%2|" : "+v"(m) : "v"((float)(x & 0xffff) / 64.0f), "v"(-(float)(y & 0xff)));
  o[11] = __float_as_uint(m);
}

// Flat and global loads and stores in inline assembly, as hipCUB's ThreadLoad and ThreadStore
// write them: cache policies, a wait on an `I` immediate, narrow loads into 16-bit outputs, and
// `offset:`. Each thread reads its 16 bytes of `in` and writes into its 32 bytes of `out`.
extern "C" __global__ void amd_asm_memory(const unsigned char *in, unsigned char *out, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n)
    return;
  const unsigned char *p = in + (size_t)i * 16;
  unsigned char *q = out + (size_t)i * 32;
  short sb, ss;
  unsigned short ub, us;
  unsigned d;
  unsigned long long d2;
  // hipCUB stringizes a quoted macro argument: the mnemonic arrives in quotes.
  asm volatile("flat_load_sbyte %0, %1 glc\n\t\"s_waitcnt\"vmcnt(%2)" : "=v"(sb) : "v"(p), "I"(0x00));
  asm volatile("flat_load_ubyte %0, %1 glc slc\n\ts_waitcnt vmcnt(%2)" : "=v"(ub) : "v"(p + 1),
               "I"(0x00));
  asm volatile("flat_load_sshort %0, %1 sc0 sc1\n\t\"s_waitcnt\"(%2)" : "=v"(ss) : "v"(p + 2),
               "I"(0x00));
  asm volatile("flat_load_ushort %0, %1 offset:2" : "=v"(us) : "v"(p + 2));
  asm volatile("global_load_dword %0, %1 nt" : "=v"(d) : "v"(p + 4));
  asm volatile("flat_load_dwordx2 %0, %1 glc\n\ts_waitcnt vmcnt(%2)" : "=v"(d2) : "v"(p + 8),
               "I"(0x00));
  asm volatile("flat_store_short %0, %1 glc\n\ts_waitcnt vmcnt(%2)" : : "v"(q), "v"(sb), "I"(0x00));
  asm volatile("flat_store_short %0, %1" : : "v"(q + 2), "v"(ub));
  asm volatile("flat_store_short %0, %1" : : "v"(q + 4), "v"(ss));
  asm volatile("flat_store_byte %0, %1 glc slc" : : "v"(q + 6), "v"(us));
  asm volatile("flat_store_dword %0, %1" : : "v"(q + 8), "v"(d));
  asm volatile("flat_store_dwordx2 %0, %1 offset:8" : : "v"(q + 8), "v"(d2));
}

// The dot-product builtins (llvm.amdgcn.*dot*), with and without clamp.
typedef short short2_v __attribute__((ext_vector_type(2)));
typedef unsigned short ushort2_v __attribute__((ext_vector_type(2)));
typedef _Float16 half2_v __attribute__((ext_vector_type(2)));
typedef __bf16 bf162_v __attribute__((ext_vector_type(2)));
#define DOT_OUTS 14
extern "C" __global__ void amd_dots(const unsigned *a, const unsigned *b, const unsigned *c,
                                    unsigned *out, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n)
    return;
  unsigned x = a[i], y = b[i], z = c[i];
  unsigned *o = out + (size_t)i * DOT_OUTS;
  o[0] = __builtin_amdgcn_sdot4(x, y, z, false);
  o[1] = __builtin_amdgcn_sdot4(x, y, z, true);
  o[2] = __builtin_amdgcn_udot4(x, y, z, true);
  o[3] = __builtin_amdgcn_sudot4(true, x, false, y, z, false);
  o[4] = __builtin_amdgcn_sdot2(__builtin_bit_cast(short2_v, x), __builtin_bit_cast(short2_v, y), z,
                                true);
  o[5] = __builtin_amdgcn_udot2(__builtin_bit_cast(ushort2_v, x), __builtin_bit_cast(ushort2_v, y),
                                z, false);
  o[6] = __builtin_amdgcn_sdot8(x, y, z, false);
  o[7] = __builtin_amdgcn_udot8(x, y, z, true);
  o[8] = __builtin_amdgcn_sudot8(false, x, true, y, z, true);
  // Finite halves and bfloat16s below 1 (bit 14 clear).
  unsigned hx = x & 0x3bff3bffu, hy = y & 0x3bff3bffu, bx = x & 0xbf7fbf7fu, by = y & 0xbf7fbf7fu;
  half2_v h1 = __builtin_bit_cast(half2_v, hx), h2 = __builtin_bit_cast(half2_v, hy);
  bf162_v b1 = __builtin_bit_cast(bf162_v, bx), b2 = __builtin_bit_cast(bf162_v, by);
  float acc = (float)(int)(z & 0xff) / 128.0f - 1.0f;
  o[9] = __float_as_uint(__builtin_amdgcn_fdot2(h1, h2, acc, false));
  o[10] = __float_as_uint(__builtin_amdgcn_fdot2(h1, h2, acc, true));
  o[11] = __float_as_uint(__builtin_amdgcn_fdot2_f32_bf16(b1, b2, acc, false));
  o[12] = __builtin_bit_cast(unsigned short,
                             __builtin_amdgcn_fdot2_f16_f16(h1, h2, (_Float16)acc));
  // clang-19 declares this builtin's accumulator a short holding bfloat16 bits.
  o[13] = __builtin_bit_cast(unsigned short, __builtin_amdgcn_fdot2_bf16_bf16(
                                                 b1, b2, (short)(__float_as_uint(acc) >> 16)));
}
