// Elementwise kernels: one work-item per element, bounds-checked so that launches whose
// grid overshoots the data leave the (poisoned) tail of the output untouched.
#include <hip/hip_runtime.h>

extern "C" __global__ void vec_add_i32(int* out, const int* a, const int* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}

extern "C" __global__ void saxpy_f32(float* out, const float* x, const float* y, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a * x[i] + y[i];
}

extern "C" __global__ void daxpy_f64(double* out, const double* x, const double* y, double a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a * x[i] + y[i];
}

// Mixed types: conversions between float, int, unsigned char, long long and double.
extern "C" __global__ void mixed_types(double* out_d, int* out_i, const float* f, const int* k,
                                       const unsigned char* b, const long long* l, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out_d[i] = (double)f[i] * (double)k[i] + (double)b[i];
        out_i[i] = (int)f[i] + (int)(l[i] >> 3) - (int)b[i];
    }
}

// Vector-typed access: one float4 per work-item.
extern "C" __global__ void float4_ops(float4* out, const float4* in, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 v = in[i];
        out[i] = make_float4(v.x * s, v.y + s, v.z - s, v.w * v.x);
    }
}

// 64-bit unsigned arithmetic with wrap-around.
extern "C" __global__ void u64_hash(unsigned long long* out, const unsigned long long* a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned long long v = a[i];
        v = v * 0x9E3779B97F4A7C15ull;
        v ^= v >> 29;
        out[i] = v + (unsigned long long)i;
    }
}

// Small scalar arguments (char, short) and narrowing stores.
extern "C" __global__ void small_ints(signed char* out8, short* out16, const signed char* a,
                                      signed char k, short s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out8[i] = (signed char)(a[i] * k + s);
        out16[i] = (short)(a[i] * s - k);
    }
}
