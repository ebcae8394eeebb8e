// Integer semantics: C division truncates toward zero, % takes the dividend's sign, >> on a
// negative int is arithmetic (clang), on unsigned logical; bit-count intrinsics.
#include <hip/hip_runtime.h>

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

extern "C" __global__ void divmod_i32(int* q, int* r, const int* a, const int* b, int n) {
    int i = GID;
    if (i < n) {
        q[i] = a[i] / b[i];
        r[i] = a[i] % b[i];
    }
}

extern "C" __global__ void divmod_i64(long long* q, long long* r, const long long* a, const long long* b, int n) {
    int i = GID;
    if (i < n) {
        q[i] = a[i] / b[i];
        r[i] = a[i] % b[i];
    }
}

extern "C" __global__ void divmod_u32(unsigned* q, unsigned* r, const unsigned* a, const unsigned* b, int n) {
    int i = GID;
    if (i < n) {
        q[i] = a[i] / b[i];
        r[i] = a[i] % b[i];
    }
}

extern "C" __global__ void divmod_u64(unsigned long long* q, unsigned long long* r,
                                      const unsigned long long* a, const unsigned long long* b, int n) {
    int i = GID;
    if (i < n) {
        q[i] = a[i] / b[i];
        r[i] = a[i] % b[i];
    }
}

// out[4*i + 0..4]: left shift, arithmetic right, logical right, 64-bit left shift (high half).
extern "C" __global__ void shifts(unsigned* out, const int* a, const unsigned* s, int n) {
    int i = GID;
    if (i < n) {
        unsigned sh = s[i] & 31u;
        out[4 * i + 0] = (unsigned)a[i] << sh;
        out[4 * i + 1] = (unsigned)(a[i] >> sh);
        out[4 * i + 2] = (unsigned)a[i] >> sh;
        unsigned long long w = (unsigned long long)(long long)a[i] << (s[i] & 63u);
        out[4 * i + 3] = (unsigned)(w >> 32);
    }
}

// out[4*i + 0..4]: __popc, __clz, __popcll, __clzll.
extern "C" __global__ void bit_counts(int* out, const unsigned* a, const unsigned long long* b, int n) {
    int i = GID;
    if (i < n) {
        out[4 * i + 0] = __popc(a[i]);
        out[4 * i + 1] = __clz((int)a[i]);
        out[4 * i + 2] = __popcll(b[i]);
        out[4 * i + 3] = __clzll((long long)b[i]);
    }
}
