// Integer, bit-manipulation, type-conversion and rounding intrinsics of hip_math.h: each kernel
// writes M results per element (out[M*i + j]), compared bit for bit with the host.
#include <hip/hip_runtime.h>

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// ---- integer intrinsics ----

// out[4i..]: __popc, __clz, __ffs(int), __ffs(unsigned)
extern "C" __global__ void bits32(int* out, const unsigned* a, int n) {
    int i = GID;
    if (i < n) {
        out[4 * i + 0] = __popc(a[i]);
        out[4 * i + 1] = __clz((int)a[i]);
        out[4 * i + 2] = __ffs((int)a[i]);
        out[4 * i + 3] = __ffs(a[i]);
    }
}

// out[4i..]: __popcll, __clzll, __ffsll(long long), __ffsll(unsigned long long)
extern "C" __global__ void bits64(int* out, const unsigned long long* a, int n) {
    int i = GID;
    if (i < n) {
        out[4 * i + 0] = __popcll(a[i]);
        out[4 * i + 1] = __clzll((long long)a[i]);
        out[4 * i + 2] = __ffsll((long long)a[i]);
        out[4 * i + 3] = __ffsll(a[i]);
    }
}

// out[2i..]: __brevll and __brev of the low word (zero-extended)
extern "C" __global__ void brev(unsigned long long* out, const unsigned long long* a, int n) {
    int i = GID;
    if (i < n) {
        out[2 * i + 0] = __brevll(a[i]);
        out[2 * i + 1] = __brev((unsigned)a[i]);
    }
}

extern "C" __global__ void byte_perm(unsigned* out, const unsigned* a, const unsigned* b,
                                     const unsigned* s, int n) {
    int i = GID;
    if (i < n) out[i] = __byte_perm(a[i], b[i], s[i]);
}

// out[4i..]: __funnelshift_l, _lc, _r, _rc
extern "C" __global__ void funnelshift(unsigned* out, const unsigned* lo, const unsigned* hi,
                                       const unsigned* s, int n) {
    int i = GID;
    if (i < n) {
        out[4 * i + 0] = __funnelshift_l(lo[i], hi[i], s[i]);
        out[4 * i + 1] = __funnelshift_lc(lo[i], hi[i], s[i]);
        out[4 * i + 2] = __funnelshift_r(lo[i], hi[i], s[i]);
        out[4 * i + 3] = __funnelshift_rc(lo[i], hi[i], s[i]);
    }
}

// out[4i..]: __mul24, __umul24, __mulhi, __umulhi
extern "C" __global__ void mul32(unsigned* out, const unsigned* a, const unsigned* b, int n) {
    int i = GID;
    if (i < n) {
        out[4 * i + 0] = (unsigned)__mul24((int)a[i], (int)b[i]);
        out[4 * i + 1] = __umul24(a[i], b[i]);
        out[4 * i + 2] = (unsigned)__mulhi((int)a[i], (int)b[i]);
        out[4 * i + 3] = __umulhi(a[i], b[i]);
    }
}

// out[2i..]: __mul64hi, __umul64hi
extern "C" __global__ void mul64hi(unsigned long long* out, const unsigned long long* a,
                                   const unsigned long long* b, int n) {
    int i = GID;
    if (i < n) {
        out[2 * i + 0] = (unsigned long long)__mul64hi((long long)a[i], (long long)b[i]);
        out[2 * i + 1] = __umul64hi(a[i], b[i]);
    }
}

// out[6i..]: __sad, __usad, __hadd, __rhadd, __uhadd, __urhadd
extern "C" __global__ void sad_hadd(unsigned* out, const unsigned* a, const unsigned* b,
                                    const unsigned* c, int n) {
    int i = GID;
    if (i < n) {
        out[6 * i + 0] = __sad((int)a[i], (int)b[i], c[i]);
        out[6 * i + 1] = __usad(a[i], b[i], c[i]);
        out[6 * i + 2] = (unsigned)__hadd((int)a[i], (int)b[i]);
        out[6 * i + 3] = (unsigned)__rhadd((int)a[i], (int)b[i]);
        out[6 * i + 4] = __uhadd(a[i], b[i]);
        out[6 * i + 5] = __urhadd(a[i], b[i]);
    }
}

// out[2i..]: __lastbit_u32_u64, __lastbit_u32_u32 of the low word
extern "C" __global__ void lastbit(unsigned* out, const unsigned long long* a, int n) {
    int i = GID;
    if (i < n) {
        out[2 * i + 0] = __lastbit_u32_u64(a[i]);
        out[2 * i + 1] = __lastbit_u32_u32((unsigned)a[i]);
    }
}

// out[2i..]: __bitextract_u64, __bitextract_u32 (low word)
extern "C" __global__ void bitextract(unsigned long long* out, const unsigned long long* a,
                                      const unsigned* off, const unsigned* w, int n) {
    int i = GID;
    if (i < n) {
        out[2 * i + 0] = __bitextract_u64(a[i], off[i], w[i]);
        out[2 * i + 1] = __bitextract_u32((unsigned)a[i], off[i], w[i]);
    }
}

// out[2i..]: __bitinsert_u64, __bitinsert_u32 (low words)
extern "C" __global__ void bitinsert(unsigned long long* out, const unsigned long long* a,
                                     const unsigned long long* b, const unsigned* off,
                                     const unsigned* w, int n) {
    int i = GID;
    if (i < n) {
        out[2 * i + 0] = __bitinsert_u64(a[i], b[i], off[i], w[i]);
        out[2 * i + 1] = __bitinsert_u32((unsigned)a[i], (unsigned)b[i], off[i], w[i]);
    }
}

// out[2i..]: __fns64, __fns32
extern "C" __global__ void fns(int* out, const unsigned long long* mask, const unsigned* base,
                               const int* offset, int n) {
    int i = GID;
    if (i < n) {
        out[2 * i + 0] = __fns64(mask[i], base[i], offset[i]);
        out[2 * i + 1] = __fns32(mask[i], base[i], offset[i]);
    }
}

// ---- conversions: float and double to integers, all rounding modes (rn, rz, ru, rd) ----

#define TO_INT(NAME, SRC, DST, FN)                                                          \
    extern "C" __global__ void NAME(DST* out, const SRC* a, int n) {                        \
        int i = GID;                                                                        \
        if (i < n) {                                                                        \
            out[4 * i + 0] = FN##_rn(a[i]);                                                 \
            out[4 * i + 1] = FN##_rz(a[i]);                                                 \
            out[4 * i + 2] = FN##_ru(a[i]);                                                 \
            out[4 * i + 3] = FN##_rd(a[i]);                                                 \
        }                                                                                   \
    }
TO_INT(float2int, float, int, __float2int)
TO_INT(float2uint, float, unsigned, __float2uint)
TO_INT(float2ll, float, long long, __float2ll)
TO_INT(float2ull, float, unsigned long long, __float2ull)
TO_INT(double2int, double, int, __double2int)
TO_INT(double2uint, double, unsigned, __double2uint)
TO_INT(double2ll, double, long long, __double2ll)
TO_INT(double2ull, double, unsigned long long, __double2ull)

// ---- conversions to float and double, all rounding modes ----

TO_INT(int2float, int, float, __int2float)
TO_INT(uint2float, unsigned, float, __uint2float)
TO_INT(ll2float, long long, float, __ll2float)
TO_INT(ull2float, unsigned long long, float, __ull2float)
TO_INT(ll2double, long long, double, __ll2double)
TO_INT(ull2double, unsigned long long, double, __ull2double)
TO_INT(double2float, double, float, __double2float)

// out[2i..]: __int2double_rn, __uint2double_rn (of the same 32 bits)
extern "C" __global__ void int2double(double* out, const int* a, int n) {
    int i = GID;
    if (i < n) {
        out[2 * i + 0] = __int2double_rn(a[i]);
        out[2 * i + 1] = __uint2double_rn((unsigned)a[i]);
    }
}

// ---- reinterpretations ----

// out[4i..]: __float_as_int, __float_as_uint of a float; __int_as_float, __uint_as_float of its bits
extern "C" __global__ void as_float(unsigned* out, const unsigned* bits, int n) {
    int i = GID;
    if (i < n) {
        float f = __uint_as_float(bits[i]);
        out[4 * i + 0] = (unsigned)__float_as_int(f);
        out[4 * i + 1] = __float_as_uint(__int_as_float((int)bits[i]));
        out[4 * i + 2] = __float_as_uint(f) ^ 0x80000000u;
        out[4 * i + 3] = (unsigned)__float_as_int(-f);
    }
}

// out[4i..]: __double_as_longlong, hi and lo words, __hiloint2double of swapped words
extern "C" __global__ void as_double(unsigned long long* out, const unsigned long long* bits,
                                     int n) {
    int i = GID;
    if (i < n) {
        double d = __longlong_as_double((long long)bits[i]);
        out[4 * i + 0] = (unsigned long long)__double_as_longlong(d);
        out[4 * i + 1] = (unsigned long long)(unsigned)__double2hiint(d);
        out[4 * i + 2] = (unsigned long long)(unsigned)__double2loint(d);
        out[4 * i + 3] = (unsigned long long)__double_as_longlong(
            __hiloint2double(__double2loint(d), __double2hiint(d)));
    }
}

// ---- rounding ----

// out[8i..] (float bits / integers): rintf, nearbyintf, roundf, truncf, floorf, ceilf, lrintf, llroundf
extern "C" __global__ void round_f32(long long* out, const float* a, int n) {
    int i = GID;
    if (i < n) {
        float x = a[i];
        out[8 * i + 0] = __float_as_uint(rintf(x));
        out[8 * i + 1] = __float_as_uint(nearbyintf(x));
        out[8 * i + 2] = __float_as_uint(roundf(x));
        out[8 * i + 3] = __float_as_uint(truncf(x));
        out[8 * i + 4] = __float_as_uint(floorf(x));
        out[8 * i + 5] = __float_as_uint(ceilf(x));
        out[8 * i + 6] = lrintf(x);
        out[8 * i + 7] = llroundf(x);
    }
}

extern "C" __global__ void round_f64(long long* out, const double* a, int n) {
    int i = GID;
    if (i < n) {
        double x = a[i];
        out[8 * i + 0] = __double_as_longlong(rint(x));
        out[8 * i + 1] = __double_as_longlong(nearbyint(x));
        out[8 * i + 2] = __double_as_longlong(round(x));
        out[8 * i + 3] = __double_as_longlong(trunc(x));
        out[8 * i + 4] = __double_as_longlong(floor(x));
        out[8 * i + 5] = __double_as_longlong(ceil(x));
        out[8 * i + 6] = lrint(x);
        out[8 * i + 7] = llround(x);
    }
}

// ---- manipulation, classification, NaN payloads ----

// out[8i..]: frexp mantissa bits and exponent, ilogb, logb bits, ldexp(x, k) bits,
// isnan | isinf << 1 | isfinite << 2 | signbit << 3, copysign(x, -1) bits, nextafter(x, 0) bits
extern "C" __global__ void manip_f64(long long* out, const double* a, const int* k, int n) {
    int i = GID;
    if (i < n) {
        double x = a[i];
        int e = 0;
        double m = frexp(x, &e);
        out[8 * i + 0] = __double_as_longlong(m);
        out[8 * i + 1] = isfinite(x) ? e : 0;
        out[8 * i + 2] = ilogb(x);
        out[8 * i + 3] = __double_as_longlong(logb(x));
        out[8 * i + 4] = __double_as_longlong(ldexp(x, k[i]));
        out[8 * i + 5] = isnan(x) | (isinf(x) << 1) | (isfinite(x) << 2) | (signbit(x) << 3);
        out[8 * i + 6] = __double_as_longlong(copysign(x, -1.0));
        out[8 * i + 7] = __double_as_longlong(nextafter(x, 0.0));
    }
}

extern "C" __global__ void manip_f32(long long* out, const float* a, const int* k, int n) {
    int i = GID;
    if (i < n) {
        float x = a[i];
        int e = 0;
        float m = frexpf(x, &e);
        out[8 * i + 0] = __float_as_uint(m);
        out[8 * i + 1] = isfinite(x) ? e : 0;
        out[8 * i + 2] = ilogbf(x);
        out[8 * i + 3] = __float_as_uint(logbf(x));
        out[8 * i + 4] = __float_as_uint(ldexpf(x, k[i]));
        out[8 * i + 5] = isnan(x) | (isinf(x) << 1) | (isfinite(x) << 2) | (signbit(x) << 3);
        out[8 * i + 6] = __float_as_uint(copysignf(x, -1.0f));
        out[8 * i + 7] = __float_as_uint(nextafterf(x, 0.0f));
    }
}

// The bits of nan(tag) and nanf(tag) for a fixed list of tags.
extern "C" __global__ void nan_payloads(unsigned long long* out, int n) {
    int i = GID;
    if (i < n) {
        const char* tags[6] = {"", "1", "0x1f", "017", "quiet", "123456789"};
        const char* t = tags[i % 6];
        out[2 * i + 0] = (unsigned long long)__double_as_longlong(nan(t));
        out[2 * i + 1] = __float_as_uint(nanf(t));
    }
}

// C++ overloads against the C names: out[8i..] bits of sin, exp, pow, fma, rsqrt, sinpi, erfinv,
// cyl_bessel_i0 on float arguments, each XOR the C function's result (0 when they agree).
extern "C" __global__ void overloads_f32(unsigned* out, const float* a, int n) {
    int i = GID;
    if (i < n) {
        float x = a[i];
        out[8 * i + 0] = __float_as_uint(sin(x)) ^ __float_as_uint(sinf(x));
        out[8 * i + 1] = __float_as_uint(exp(x)) ^ __float_as_uint(expf(x));
        out[8 * i + 2] = __float_as_uint(pow(x, 2.5f)) ^ __float_as_uint(powf(x, 2.5f));
        out[8 * i + 3] = __float_as_uint(fma(x, x, 1.0f)) ^ __float_as_uint(fmaf(x, x, 1.0f));
        out[8 * i + 4] = __float_as_uint(rsqrt(x)) ^ __float_as_uint(rsqrtf(x));
        out[8 * i + 5] = __float_as_uint(sinpi(x)) ^ __float_as_uint(sinpif(x));
        out[8 * i + 6] = __float_as_uint(erfinv(x)) ^ __float_as_uint(erfinvf(x));
        out[8 * i + 7] = __float_as_uint(cyl_bessel_i0(x)) ^ __float_as_uint(cyl_bessel_i0f(x));
    }
}

// __saturatef and abs/labs/llabs: out[4i..]
extern "C" __global__ void saturate_abs(long long* out, const float* a, const long long* b, int n) {
    int i = GID;
    if (i < n) {
        out[4 * i + 0] = __float_as_uint(__saturatef(a[i]));
        out[4 * i + 1] = abs((int)b[i]);
        out[4 * i + 2] = labs((long)b[i]);
        out[4 * i + 3] = llabs(b[i]);
    }
}
