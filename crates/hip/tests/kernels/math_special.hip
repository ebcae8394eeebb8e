// Device math, the special functions (expm1, log1p, cbrt, erf, erfc, atan2, hypot): one kernel
// per function; in their own file so the elementary ones in math.hip are checked apart.
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

UNARY(f32_expm1, float, expm1f(v))
UNARY(f32_log1p, float, log1pf(v))
UNARY(f32_cbrt, float, cbrtf(v))
UNARY(f32_erf, float, erff(v))
UNARY(f32_erfc, float, erfcf(v))
BINARY(f32_atan2, float, atan2f(a, b))
BINARY(f32_hypot, float, hypotf(a, b))
UNARY(f64_expm1, double, expm1(v))
UNARY(f64_log1p, double, log1p(v))
UNARY(f64_cbrt, double, cbrt(v))
UNARY(f64_erf, double, erf(v))
UNARY(f64_erfc, double, erfc(v))
BINARY(f64_atan2, double, atan2(a, b))
BINARY(f64_hypot, double, hypot(a, b))
