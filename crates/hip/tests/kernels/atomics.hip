// Every atomic the headers provide, each thread storing the old value it got back so the
// host can check the order of updates was a valid serialisation, not just the final value.
#include <hip/hip_runtime.h>

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

extern "C" __global__ void atomic_add_i32(int* acc, int* old, const int* val, int n) {
    int i = GID;
    if (i < n) old[i] = atomicAdd(acc, val[i]);
}

extern "C" __global__ void atomic_add_u32(unsigned* acc, unsigned* old, const unsigned* val, int n) {
    int i = GID;
    if (i < n) old[i] = atomicAdd(acc, val[i]);
}

extern "C" __global__ void atomic_add_u64(unsigned long long* acc, unsigned long long* old,
                                          const unsigned long long* val, int n) {
    int i = GID;
    if (i < n) old[i] = atomicAdd(acc, val[i]);
}

extern "C" __global__ void atomic_sub_i32(int* acc, int* old, const int* val, int n) {
    int i = GID;
    if (i < n) old[i] = atomicSub(acc, val[i]);
}

extern "C" __global__ void atomic_sub_u32(unsigned* acc, unsigned* old, const unsigned* val, int n) {
    int i = GID;
    if (i < n) old[i] = atomicSub(acc, val[i]);
}

extern "C" __global__ void atomic_add_f32(float* acc, float* old, const float* val, int n) {
    int i = GID;
    if (i < n) old[i] = atomicAdd(acc, val[i]);
}

extern "C" __global__ void atomic_add_f64(double* acc, double* old, const double* val, int n) {
    int i = GID;
    if (i < n) old[i] = atomicAdd(acc, val[i]);
}

// Each work-item swaps in its own id + 1: the old values plus the final value are a
// permutation of {initial, 1..n}.
extern "C" __global__ void atomic_exch_i32(int* acc, int* old, int n) {
    int i = GID;
    if (i < n) old[i] = atomicExch(acc, i + 1);
}

extern "C" __global__ void atomic_exch_u32(unsigned* acc, unsigned* old, int n) {
    int i = GID;
    if (i < n) old[i] = atomicExch(acc, (unsigned)i + 1u);
}

extern "C" __global__ void atomic_exch_u64(unsigned long long* acc, unsigned long long* old, int n) {
    int i = GID;
    if (i < n) old[i] = atomicExch(acc, ((unsigned long long)i << 33) + 1ull);
}

template <typename T>
__device__ void min_max(T* mn, T* mx, T* old_min, T* old_max, const T* val, int n) {
    int i = GID;
    if (i < n) {
        old_min[i] = atomicMin(mn, val[i]);
        old_max[i] = atomicMax(mx, val[i]);
    }
}

extern "C" __global__ void atomic_minmax_i32(int* mn, int* mx, int* omn, int* omx, const int* v, int n) {
    min_max(mn, mx, omn, omx, v, n);
}
extern "C" __global__ void atomic_minmax_u32(unsigned* mn, unsigned* mx, unsigned* omn, unsigned* omx,
                                             const unsigned* v, int n) {
    min_max(mn, mx, omn, omx, v, n);
}
extern "C" __global__ void atomic_minmax_u64(unsigned long long* mn, unsigned long long* mx,
                                             unsigned long long* omn, unsigned long long* omx,
                                             const unsigned long long* v, int n) {
    min_max(mn, mx, omn, omx, v, n);
}

// atomicInc: old >= limit ? 0 : old + 1.  atomicDec: (old == 0 || old > limit) ? limit : old - 1.
extern "C" __global__ void atomic_inc_u32(unsigned* acc, unsigned* old, unsigned limit, int n) {
    int i = GID;
    if (i < n) old[i] = atomicInc(acc, limit);
}

extern "C" __global__ void atomic_dec_u32(unsigned* acc, unsigned* old, unsigned limit, int n) {
    int i = GID;
    if (i < n) old[i] = atomicDec(acc, limit);
}

// Compare-and-swap loop taking a ticket: tickets are a permutation of 0..n.
template <typename T>
__device__ void cas_ticket(T* counter, T* ticket, int n) {
    int i = GID;
    if (i < n) {
        T seen = *(volatile T*)counter;
        T assumed;
        do {
            assumed = seen;
            seen = atomicCAS(counter, assumed, assumed + 1);
        } while (seen != assumed);
        ticket[i] = assumed;
    }
}

extern "C" __global__ void atomic_cas_i32(int* c, int* t, int n) { cas_ticket(c, t, n); }
extern "C" __global__ void atomic_cas_u32(unsigned* c, unsigned* t, int n) { cas_ticket(c, t, n); }
extern "C" __global__ void atomic_cas_u64(unsigned long long* c, unsigned long long* t, int n) {
    cas_ticket(c, t, n);
}

// Bitwise atomics: acc[0] |= bit, acc[1] &= ~bit, acc[2] ^= val.
template <typename T>
__device__ void bitwise(T* acc, const T* val, int n) {
    int i = GID;
    if (i < n) {
        T bit = (T)(1ull << (i % (int)(8 * sizeof(T))));
        atomicOr(&acc[0], bit);
        atomicAnd(&acc[1], ~bit);
        atomicXor(&acc[2], val[i]);
    }
}

extern "C" __global__ void atomic_bitwise_i32(int* acc, const int* v, int n) { bitwise(acc, v, n); }
extern "C" __global__ void atomic_bitwise_u32(unsigned* acc, const unsigned* v, int n) { bitwise(acc, v, n); }
extern "C" __global__ void atomic_bitwise_u64(unsigned long long* acc, const unsigned long long* v, int n) {
    bitwise(acc, v, n);
}

// Atomics on shared memory: each work-item takes a rank within its block.
extern "C" __global__ void atomic_shared_rank(unsigned* count, unsigned* rank, int n) {
    __shared__ unsigned counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    unsigned r = atomicAdd(&counter, 1u);
    int i = GID;
    if (i < n) rank[i] = r;
    __syncthreads();
    if (threadIdx.x == 0) count[blockIdx.x] = counter;
}

// safeAtomic* and unsafeAtomic* (ROCm declares them through hip_runtime.h alone): acc[0..6] are
// unsafe add, safe add, unsafe min, safe min, unsafe max, safe max.
template <typename T>
__device__ void safe_unsafe(T* acc, const T* val, int n) {
    int i = GID;
    if (i >= n) return;
    unsafeAtomicAdd(&acc[0], val[i]);
    safeAtomicAdd(&acc[1], val[i]);
    unsafeAtomicMin(&acc[2], val[i]);
    safeAtomicMin(&acc[3], val[i]);
    unsafeAtomicMax(&acc[4], val[i]);
    safeAtomicMax(&acc[5], val[i]);
}
extern "C" __global__ void safe_unsafe_f32(float* acc, const float* v, int n) { safe_unsafe(acc, v, n); }
extern "C" __global__ void safe_unsafe_f64(double* acc, const double* v, int n) { safe_unsafe(acc, v, n); }

// Float and double compare-and-swap (ROCm has both): an add written as a CAS loop.
template <typename T>
__device__ void cas_add(T* acc, const T* val, int n) {
    int i = GID;
    if (i >= n) return;
    T old = *acc, seen;
    do {
        seen = old;
        old = atomicCAS(acc, seen, seen + val[i]);
    } while (__builtin_memcmp(&old, &seen, sizeof(T)) != 0);
}
extern "C" __global__ void atomic_cas_add_f32(float* acc, const float* v, int n) { cas_add(acc, v, n); }
extern "C" __global__ void atomic_cas_add_f64(double* acc, const double* v, int n) { cas_add(acc, v, n); }
