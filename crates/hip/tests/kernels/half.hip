// hip_fp16.h and hip_bf16.h: every function family over seeded random bit patterns; each kernel
// writes its results' bits and tests/conformance/half.rs checks them bit for bit against an
// exact host reference (within one unit in the last place for the transcendental functions).
// Each result is one operation on the inputs, so contraction never applies.
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>

#define INDEX                                                                                      \
  int i = blockIdx.x * blockDim.x + threadIdx.x;                                                   \
  if (i >= n) return;
#define H(bits) __ushort_as_half(bits)
#define B(bits) __ushort_as_bfloat16(bits)
#define HB(h) __half_as_ushort(h)
#define BB(b) __bfloat16_as_ushort(b)

// ---- half: arithmetic, 17 results ----
extern "C" __global__ void half_arith(const unsigned short *a, const unsigned short *b,
                                      const unsigned short *c, unsigned short *o, int n) {
  INDEX
  __half x = H(a[i]), y = H(b[i]), z = H(c[i]);
  unsigned short *r = o + i * 17;
  r[0] = HB(__hadd(x, y));
  r[1] = HB(__hsub(x, y));
  r[2] = HB(__hmul(x, y));
  r[3] = HB(__hdiv(x, y));
  r[4] = HB(__hadd_rn(x, y));
  r[5] = HB(__hsub_rn(x, y));
  r[6] = HB(__hmul_rn(x, y));
  r[7] = HB(__hadd_sat(x, y));
  r[8] = HB(__hsub_sat(x, y));
  r[9] = HB(__hmul_sat(x, y));
  r[10] = HB(__hfma(x, y, z));
  r[11] = HB(__hfma_sat(x, y, z));
  r[12] = HB(__hneg(x));
  r[13] = HB(__habs(x));
  r[14] = HB(x / y);
  r[15] = HB(-x);
  r[16] = HB(__clamp_01(x));
}

// ---- half: comparisons and classification, 20 results ----
extern "C" __global__ void half_cmp(const unsigned short *a, const unsigned short *b, int *o,
                                    int n) {
  INDEX
  __half x = H(a[i]), y = H(b[i]);
  int *r = o + i * 20;
  r[0] = __heq(x, y);
  r[1] = __hne(x, y);
  r[2] = __hlt(x, y);
  r[3] = __hle(x, y);
  r[4] = __hgt(x, y);
  r[5] = __hge(x, y);
  r[6] = __hequ(x, y);
  r[7] = __hneu(x, y);
  r[8] = __hltu(x, y);
  r[9] = __hleu(x, y);
  r[10] = __hgtu(x, y);
  r[11] = __hgeu(x, y);
  r[12] = __hisnan(x);
  r[13] = __hisinf(x);
  r[14] = x == y;
  r[15] = x != y;
  r[16] = x < y;
  r[17] = x <= y;
  r[18] = x > y;
  r[19] = x >= y;
}

// ---- half: max and min, 4 results ----
extern "C" __global__ void half_minmax(const unsigned short *a, const unsigned short *b,
                                       unsigned short *o, int n) {
  INDEX
  __half x = H(a[i]), y = H(b[i]);
  unsigned short *r = o + i * 4;
  r[0] = HB(__hmax(x, y));
  r[1] = HB(__hmin(x, y));
  r[2] = HB(__hmax_nan(x, y));
  r[3] = HB(__hmin_nan(x, y));
}

// ---- half2: lane-wise arithmetic, comparisons and the pair functions ----
// a, b, c hold two halves per element (low lane first); 30 pairs and 6 booleans out.
extern "C" __global__ void half2_ops(const __half2 *a, const __half2 *b, const __half2 *c,
                                     __half2 *o, int *ob, int n) {
  INDEX
  __half2 x = a[i], y = b[i], z = c[i];
  __half2 *r = o + i * 30;
  r[0] = __hadd2(x, y);
  r[1] = __hsub2(x, y);
  r[2] = __hmul2(x, y);
  r[3] = __h2div(x, y);
  r[4] = __hfma2(x, y, z);
  r[5] = __hadd2_sat(x, y);
  r[6] = __hmul2_sat(x, y);
  r[7] = __hfma2_sat(x, y, z);
  r[8] = __hneg2(x);
  r[9] = __habs2(x);
  r[10] = __hmax2(x, y);
  r[11] = __hmin2(x, y);
  r[12] = __heq2(x, y);
  r[13] = __hne2(x, y);
  r[14] = __hlt2(x, y);
  r[15] = __hgeu2(x, y);
  r[16] = __hisnan2(x);
  r[17] = __hisinf2(x);
  r[18] = __lows2half2(x, y);
  r[19] = __highs2half2(x, y);
  r[20] = __lowhigh2highlow(x);
  r[21] = __low2half2(x);
  r[22] = __high2half2(y);
  r[23] = __halves2half2(__high2half(x), __low2half(y));
  r[24] = __half2half2(__low2half(z));
  r[25] = make_half2(__high2half(z), __low2half(x));
  r[26] = __hadd2_rn(x, y);
  r[27] = __hmax2_nan(x, y);
  r[28] = x + y;
  r[29] = x * y;
  int *q = ob + i * 6;
  q[0] = __hbeq2(x, y);
  q[1] = __hbne2(x, y);
  q[2] = __hblt2(x, y);
  q[3] = __hbgeu2(x, y);
  q[4] = x == y;
  q[5] = x != y;
}

// ---- float and double to half (all roundings), half to float, and the pair conversions ----
// 12 halves and 5 floats out.
extern "C" __global__ void half_from_float(const float *f, const double *d,
                                           const unsigned short *a, unsigned short *o,
                                           float *of, int n) {
  INDEX
  float x = f[i], y = f[(i + 1) % n];
  unsigned short *r = o + i * 12;
  r[0] = HB(__float2half(x));
  r[1] = HB(__float2half_rn(x));
  r[2] = HB(__float2half_rz(x));
  r[3] = HB(__float2half_rd(x));
  r[4] = HB(__float2half_ru(x));
  r[5] = HB(__double2half(d[i]));
  __half2 p = __floats2half2_rn(x, y);
  r[6] = HB(p.x);
  r[7] = HB(p.y);
  __half2 q = __float22half2_rn(make_float2(y, x));
  r[8] = HB(q.x);
  r[9] = HB(q.y);
  __half2 s = __float2half2_rn(y);
  r[10] = HB(s.y);
  r[11] = HB(__half(x)); // the converting constructor
  __half h = H(a[i]);
  __half2 hh = __halves2half2(h, H(a[(i + 1) % n]));
  float2 back = __half22float2(hh);
  float *g = of + i * 5;
  g[0] = __half2float(h);
  g[1] = back.x;
  g[2] = back.y;
  g[3] = __high2float(hh);
  g[4] = (float)h; // the conversion operator
}

// ---- half to integers: 6 types x 4 roundings, sign- or zero-extended to 64 bits ----
#define TO_INT(k, F, T) r[k] = (unsigned long long)(T)F(h);
#define TO_INT4(k, P, T)                                                                           \
  TO_INT(k, __half2##P##_rn, T)                                                                    \
  TO_INT(k + 1, __half2##P##_rz, T)                                                                \
  TO_INT(k + 2, __half2##P##_rd, T) TO_INT(k + 3, __half2##P##_ru, T)
extern "C" __global__ void half_to_int(const unsigned short *a, unsigned long long *o, int n) {
  INDEX
  __half h = H(a[i]);
  unsigned long long *r = o + i * 24;
  TO_INT4(0, int, int)
  TO_INT4(4, uint, unsigned int)
  TO_INT4(8, short, short)
  TO_INT4(12, ushort, unsigned short)
  TO_INT4(16, ll, long long)
  TO_INT4(20, ull, unsigned long long)
}

// ---- integers to half: each input as 6 types x 4 roundings ----
#define FROM_INT(k, F, T) r[k] = HB(F((T)v[i]));
#define FROM_INT4(k, P, T)                                                                         \
  FROM_INT(k, P##2half_rn, T)                                                                      \
  FROM_INT(k + 1, P##2half_rz, T)                                                                  \
  FROM_INT(k + 2, P##2half_rd, T) FROM_INT(k + 3, P##2half_ru, T)
extern "C" __global__ void int_to_half(const long long *v, unsigned short *o, int n) {
  INDEX
  unsigned short *r = o + i * 24;
  FROM_INT4(0, __int, int)
  FROM_INT4(4, __uint, unsigned int)
  FROM_INT4(8, __short, short)
  FROM_INT4(12, __ushort, unsigned short)
  FROM_INT4(16, __ll, long long)
  FROM_INT4(20, __ull, unsigned long long)
}

// ---- bit casts and constants, 6 results ----
extern "C" __global__ void half_bits(const unsigned short *a, unsigned short *o, int n) {
  INDEX
  __half h = H(a[i]);
  unsigned short *r = o + i * 6;
  r[0] = (unsigned short)__half_as_short(h);
  r[1] = __half_as_ushort(__short_as_half((short)a[i]));
  __half_raw raw = h;
  r[2] = raw.x;
  __half2_raw raw2 = __halves2half2(h, __hneg(h));
  r[3] = raw2.y;
  r[4] = HB(HIPRT_INF_FP16) ^ HB(HIPRT_MAX_NORMAL_FP16) ^ HB(HIPRT_MIN_DENORM_FP16);
  r[5] = HB(HIPRT_ONE_FP16) ^ HB(HIPRT_NEG_ZERO_FP16) ^ HB(HIPRT_ZERO_FP16) ^ HB(HIPRT_NAN_FP16);
}

// ---- math, 15 results ----
extern "C" __global__ void half_math(const unsigned short *a, unsigned short *o, int n) {
  INDEX
  __half x = H(a[i]);
  unsigned short *r = o + i * 15;
  r[0] = HB(hsqrt(x));
  r[1] = HB(hrsqrt(x));
  r[2] = HB(hrcp(x));
  r[3] = HB(hexp(x));
  r[4] = HB(hexp2(x));
  r[5] = HB(hexp10(x));
  r[6] = HB(hlog(x));
  r[7] = HB(hlog2(x));
  r[8] = HB(hlog10(x));
  r[9] = HB(hsin(x));
  r[10] = HB(hcos(x));
  r[11] = HB(hfloor(x));
  r[12] = HB(hceil(x));
  r[13] = HB(htrunc(x));
  r[14] = HB(hrint(x));
}

// ---- half2 math, 15 pairs ----
extern "C" __global__ void half2_math(const __half2 *a, __half2 *o, int n) {
  INDEX
  __half2 x = a[i];
  __half2 *r = o + i * 15;
  r[0] = h2sqrt(x);
  r[1] = h2rsqrt(x);
  r[2] = h2rcp(x);
  r[3] = h2exp(x);
  r[4] = h2exp2(x);
  r[5] = h2exp10(x);
  r[6] = h2log(x);
  r[7] = h2log2(x);
  r[8] = h2log10(x);
  r[9] = h2sin(x);
  r[10] = h2cos(x);
  r[11] = h2floor(x);
  r[12] = h2ceil(x);
  r[13] = h2trunc(x);
  r[14] = h2rint(x);
}

// ---- C++ operators on __half and __half2: compound assignment, ++ and --, 14 results ----
extern "C" __global__ void half_operators(const unsigned short *a, const unsigned short *b,
                                          unsigned short *o, int n) {
  INDEX
  __half x = H(a[i]), y = H(b[i]);
  unsigned short *r = o + i * 14;
  __half t = x;
  t += y;
  r[0] = HB(t);
  t = x;
  t -= y;
  r[1] = HB(t);
  t = x;
  t *= y;
  r[2] = HB(t);
  t = x;
  t /= y;
  r[3] = HB(t);
  t = x;
  r[4] = HB(++t);
  t = x;
  r[5] = HB(t++);
  r[6] = HB(t);
  t = x;
  r[7] = HB(--t);
  t = x;
  r[8] = HB(t--);
  r[9] = HB(t);
  r[10] = HB(+x);
  __half2 p = __halves2half2(x, y);
  p++;
  r[11] = HB(p.x);
  --p;
  --p;
  r[12] = HB(p.y);
  p -= __halves2half2(y, x);
  r[13] = HB(p.x);
}

// ---- atomics: every work-item adds its value to one of `m` counters of each kind ----
extern "C" __global__ void half_atomic(__half *h, __half2 *h2, __hip_bfloat16 *bf,
                                       const unsigned short *v, int m, int n) {
  INDEX
  __half x = H(v[i]);
  unsafeAtomicAdd(&h[i % m], x);
  unsafeAtomicAdd(&h2[i % m], __halves2half2(x, __hneg(x)));
  float f = __half2float(x);
  unsafeAtomicAdd(&bf[i % m], __float2bfloat16(f > 0.0f ? 1.0f : (f < 0.0f ? -1.0f : 0.0f)));
}

// ---- bfloat16 conversions: 14 bfloat16 results, 2 floats, 8 integers ----
extern "C" __global__ void bf16_conv(const float *f, const double *d, const long long *v,
                                     const unsigned short *a, unsigned short *o, float *of,
                                     long long *oi, int n) {
  INDEX
  float x = f[i];
  long long w = v[i];
  unsigned short *r = o + i * 14;
  r[0] = BB(__float2bfloat16(x));
  r[1] = BB(__float2bfloat16_rn(x));
  r[2] = BB(__double2bfloat16(d[i]));
  r[3] = BB(__int2bfloat16_rn((int)w));
  r[4] = BB(__uint2bfloat16_rn((unsigned int)w));
  r[5] = BB(__short2bfloat16_rn((short)w));
  r[6] = BB(__ushort2bfloat16_rn((unsigned short)w));
  r[7] = BB(__ll2bfloat16_rn(w));
  r[8] = BB(__ull2bfloat16_rn((unsigned long long)w));
  r[9] = hip_bfloat16(x).data;
  r[10] = hip_bfloat16(x, hip_bfloat16::truncate).data;
  __hip_bfloat16 ctor = d[i]; // the converting constructor from double
  r[11] = BB(ctor);
  __hip_bfloat162 p = __floats2bfloat162_rn(x, f[(i + 1) % n]);
  r[12] = BB(p.y);
  __hip_bfloat16_raw raw = __hip_bfloat16(x);
  r[13] = raw.x;
  __hip_bfloat16 b = B(a[i]);
  of[i * 2] = __bfloat162float(b);
  of[i * 2 + 1] = (float)hip_bfloat16::round_to_bfloat16(x);
  long long *q = oi + i * 8;
  q[0] = __bfloat162int_rn(b);
  q[1] = __bfloat162int_rz(b);
  q[2] = __bfloat162int_rd(b);
  q[3] = __bfloat162int_ru(b);
  q[4] = (long long)__bfloat162uint_rn(b);
  q[5] = __bfloat162short_rz(b);
  q[6] = __bfloat162ll_rd(b);
  q[7] = (long long)__bfloat162ull_ru(b);
}

// ---- bfloat16 arithmetic, 16 results ----
extern "C" __global__ void bf16_arith(const unsigned short *a, const unsigned short *b,
                                      const unsigned short *c, unsigned short *o, int n) {
  INDEX
  __hip_bfloat16 x = B(a[i]), y = B(b[i]), z = B(c[i]);
  unsigned short *r = o + i * 16;
  r[0] = BB(__hadd(x, y));
  r[1] = BB(__hsub(x, y));
  r[2] = BB(__hmul(x, y));
  r[3] = BB(__hdiv(x, y));
  r[4] = BB(__hfma(x, y, z));
  r[5] = BB(__hneg(x));
  r[6] = BB(__habs(x));
  r[7] = BB(__hmax(x, y));
  r[8] = BB(__hmin(x, y));
  r[9] = BB(__hmax_nan(x, y));
  r[10] = BB(__hmin_nan(x, y));
  r[11] = BB(x * y);
  __hip_bfloat16 t = x;
  r[12] = BB(++t);
  t -= y;
  r[13] = BB(t);
  hip_bfloat16 hx, hy;
  hx.data = a[i];
  hy.data = b[i];
  r[14] = (hx + hy).data;
  r[15] = (hx / hy).data;
}

// ---- bfloat16 comparisons, 20 results ----
extern "C" __global__ void bf16_cmp(const unsigned short *a, const unsigned short *b, int *o,
                                    int n) {
  INDEX
  __hip_bfloat16 x = B(a[i]), y = B(b[i]);
  int *r = o + i * 20;
  r[0] = __heq(x, y);
  r[1] = __hne(x, y);
  r[2] = __hlt(x, y);
  r[3] = __hle(x, y);
  r[4] = __hgt(x, y);
  r[5] = __hge(x, y);
  r[6] = __hequ(x, y);
  r[7] = __hneu(x, y);
  r[8] = __hltu(x, y);
  r[9] = __hleu(x, y);
  r[10] = __hgtu(x, y);
  r[11] = __hgeu(x, y);
  r[12] = __hisnan(x);
  r[13] = __hisinf(x);
  r[14] = x == y;
  r[15] = x != y;
  r[16] = x < y;
  r[17] = x <= y;
  r[18] = x > y;
  r[19] = x >= y;
}

// ---- bfloat16 math, 15 results ----
extern "C" __global__ void bf16_math(const unsigned short *a, unsigned short *o, int n) {
  INDEX
  __hip_bfloat16 x = B(a[i]);
  unsigned short *r = o + i * 15;
  r[0] = BB(hsqrt(x));
  r[1] = BB(hrsqrt(x));
  r[2] = BB(hrcp(x));
  r[3] = BB(hexp(x));
  r[4] = BB(hexp2(x));
  r[5] = BB(hexp10(x));
  r[6] = BB(hlog(x));
  r[7] = BB(hlog2(x));
  r[8] = BB(hlog10(x));
  r[9] = BB(hsin(x));
  r[10] = BB(hcos(x));
  r[11] = BB(hfloor(x));
  r[12] = BB(hceil(x));
  r[13] = BB(htrunc(x));
  r[14] = BB(hrint(x));
}

// ---- __hip_bfloat162: lanes and pairs, 20 pairs and 4 booleans ----
extern "C" __global__ void bf162_ops(const __hip_bfloat162 *a, const __hip_bfloat162 *b,
                                     const __hip_bfloat162 *c, __hip_bfloat162 *o, int *ob,
                                     int n) {
  INDEX
  __hip_bfloat162 x = a[i], y = b[i], z = c[i];
  __hip_bfloat162 *r = o + i * 20;
  r[0] = __hadd2(x, y);
  r[1] = __hsub2(x, y);
  r[2] = __hmul2(x, y);
  r[3] = __h2div(x, y);
  r[4] = __hfma2(x, y, z);
  r[5] = __hneg2(x);
  r[6] = __habs2(x);
  r[7] = __hmax2(x, y);
  r[8] = __hmin2(x, y);
  r[9] = __heq2(x, y);
  r[10] = __hlt2(x, y);
  r[11] = __hgeu2(x, y);
  r[12] = __hisnan2(x);
  r[13] = __lows2bfloat162(x, y);
  r[14] = __highs2bfloat162(x, y);
  r[15] = __lowhigh2highlow(x);
  r[16] = __low2bfloat162(y);
  r[17] = __high2bfloat162(z);
  r[18] = __halves2bfloat162(__high2bfloat16(x), __low2bfloat16(y));
  __hip_bfloat162 t = x;
  t += y;
  r[19] = t;
  int *q = ob + i * 4;
  q[0] = __hbeq2(x, y);
  q[1] = __hbltu2(x, y);
  q[2] = x != y;
  float2 f = x;
  q[3] = __builtin_bit_cast(unsigned, f.x) == __builtin_bit_cast(unsigned, __low2float(x)) &&
         __builtin_bit_cast(unsigned, f.y) == __builtin_bit_cast(unsigned, __high2float(x));
}
