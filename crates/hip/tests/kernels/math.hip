// Device math library, one kernel per function so each is checked on its own domain.
#include <hip/hip_runtime.h>

#define UNARY(name, T, expr)                                                    \
    extern "C" __global__ void name(T* out, const T* x, int n) {                \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                          \
        if (i < n) {                                                            \
            T v = x[i];                                                         \
            out[i] = expr;                                                      \
        }                                                                       \
    }
#define BINARY(name, T, expr)                                                   \
    extern "C" __global__ void name(T* out, const T* x, const T* y, int n) {    \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                          \
        if (i < n) {                                                            \
            T a = x[i], b = y[i];                                               \
            out[i] = expr;                                                      \
        }                                                                       \
    }

UNARY(f32_sin, float, sinf(v))
UNARY(f32_cos, float, cosf(v))
UNARY(f32_tan, float, tanf(v))
UNARY(f32_exp, float, expf(v))
UNARY(f32_exp2, float, exp2f(v))
UNARY(f32_log, float, logf(v))
UNARY(f32_log2, float, log2f(v))
UNARY(f32_log10, float, log10f(v))
UNARY(f32_sqrt, float, sqrtf(v))
UNARY(f32_rsqrt, float, rsqrtf(v))
UNARY(f32_tanh, float, tanhf(v))
UNARY(f32_sinh, float, sinhf(v))
UNARY(f32_cosh, float, coshf(v))
UNARY(f32_asin, float, asinf(v))
UNARY(f32_acos, float, acosf(v))
UNARY(f32_atan, float, atanf(v))
UNARY(f32_floor, float, floorf(v))
UNARY(f32_ceil, float, ceilf(v))
UNARY(f32_trunc, float, truncf(v))
UNARY(f32_round, float, roundf(v))
UNARY(f32_fabs, float, fabsf(v))
BINARY(f32_pow, float, powf(a, b))
BINARY(f32_fmod, float, fmodf(a, b))
BINARY(f32_fmin, float, fminf(a, b))
BINARY(f32_fmax, float, fmaxf(a, b))
BINARY(f32_copysign, float, copysignf(a, b))
BINARY(f32_fma, float, fmaf(a, b, a - b))

UNARY(f64_sin, double, sin(v))
UNARY(f64_cos, double, cos(v))
UNARY(f64_tan, double, tan(v))
UNARY(f64_exp, double, exp(v))
UNARY(f64_exp2, double, exp2(v))
UNARY(f64_log, double, log(v))
UNARY(f64_log2, double, log2(v))
UNARY(f64_log10, double, log10(v))
UNARY(f64_sqrt, double, sqrt(v))
UNARY(f64_rsqrt, double, rsqrt(v))
UNARY(f64_tanh, double, tanh(v))
UNARY(f64_sinh, double, sinh(v))
UNARY(f64_cosh, double, cosh(v))
UNARY(f64_asin, double, asin(v))
UNARY(f64_acos, double, acos(v))
UNARY(f64_atan, double, atan(v))
UNARY(f64_floor, double, floor(v))
UNARY(f64_ceil, double, ceil(v))
UNARY(f64_trunc, double, trunc(v))
UNARY(f64_round, double, round(v))
UNARY(f64_fabs, double, fabs(v))
BINARY(f64_pow, double, pow(a, b))
BINARY(f64_fmod, double, fmod(a, b))
BINARY(f64_fmin, double, fmin(a, b))
BINARY(f64_fmax, double, fmax(a, b))
BINARY(f64_copysign, double, copysign(a, b))
BINARY(f64_fma, double, fma(a, b, a - b))

// sincos writes two outputs through pointers.
extern "C" __global__ void f32_sincos(float* s, float* c, const float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) sincosf(x[i], &s[i], &c[i]);
}
