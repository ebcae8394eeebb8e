/* ferrocm: HIP short vector types (char1 .. double4) and dim3.
 *
 * Each vector type is a plain struct with members x, y, z, w, so it is trivially copyable and
 * can be passed to kernels by value. Sizes and alignments:
 *   N = 1: sizeof(T), align T        N = 2: 2 * sizeof(T), align 2 * sizeof(T)
 *   N = 3: 3 * sizeof(T), align T    N = 4: 4 * sizeof(T), align 4 * sizeof(T)
 * so float2 is 8-aligned, float4 and double2 16-aligned, double4 32-aligned as in HIP; the
 * 3-element types are packed like CUDA's (float3 is 12 bytes). Host and device see the same
 * layout because both passes use this header. */
#ifndef FERROCM_HIP_VECTOR_TYPES_H
#define FERROCM_HIP_VECTOR_TYPES_H

#include <hip/hip_defines.h>

#define __FERROCM_VEC_FN __host__ __device__ __forceinline__

/* Component-wise operators shared by every length; EACH(a, b, op) is one of the
 * __FERROCM_EACH<N> macros and applies `a.c = a.c op b.c` to each of the N components. */
#define __FERROCM_EACH1(a, b, op) a.x = a.x op b.x
#define __FERROCM_EACH2(a, b, op) __FERROCM_EACH1(a, b, op), a.y = a.y op b.y
#define __FERROCM_EACH3(a, b, op) __FERROCM_EACH2(a, b, op), a.z = a.z op b.z
#define __FERROCM_EACH4(a, b, op) __FERROCM_EACH3(a, b, op), a.w = a.w op b.w
#define __FERROCM_VEC_OPS(V, T, EACH)                                                              \
  __FERROCM_VEC_FN V operator+(V a, V b) { EACH(a, b, +); return a; }            \
  __FERROCM_VEC_FN V operator-(V a, V b) { EACH(a, b, -); return a; }            \
  __FERROCM_VEC_FN V operator*(V a, V b) { EACH(a, b, *); return a; }            \
  __FERROCM_VEC_FN V operator/(V a, V b) { EACH(a, b, /); return a; }            \
  __FERROCM_VEC_FN V operator+(V a, T s) { return a + V(s); }                                  \
  __FERROCM_VEC_FN V operator-(V a, T s) { return a - V(s); }                                  \
  __FERROCM_VEC_FN V operator*(V a, T s) { return a * V(s); }                                  \
  __FERROCM_VEC_FN V operator/(V a, T s) { return a / V(s); }                                  \
  __FERROCM_VEC_FN V operator+(T s, V a) { return V(s) + a; }                                  \
  __FERROCM_VEC_FN V operator-(T s, V a) { return V(s) - a; }                                  \
  __FERROCM_VEC_FN V operator*(T s, V a) { return V(s) * a; }                                  \
  __FERROCM_VEC_FN V operator/(T s, V a) { return V(s) / a; }                                  \
  __FERROCM_VEC_FN V &operator+=(V &a, V b) { return a = a + b; }                              \
  __FERROCM_VEC_FN V &operator-=(V &a, V b) { return a = a - b; }                              \
  __FERROCM_VEC_FN V &operator*=(V &a, V b) { return a = a * b; }                              \
  __FERROCM_VEC_FN V &operator/=(V &a, V b) { return a = a / b; }                              \
  __FERROCM_VEC_FN V &operator+=(V &a, T s) { return a = a + V(s); }                           \
  __FERROCM_VEC_FN V &operator-=(V &a, T s) { return a = a - V(s); }                           \
  __FERROCM_VEC_FN V &operator*=(V &a, T s) { return a = a * V(s); }                           \
  __FERROCM_VEC_FN V &operator/=(V &a, T s) { return a = a / V(s); }                           \
  __FERROCM_VEC_FN V operator-(V a) { return V((T)0) - a; }

#define __FERROCM_VEC1(V, T)                                                                   \
  struct __attribute__((aligned(sizeof(T)))) V {                                               \
    T x;                                                                                       \
    V() = default;                                                                             \
    __FERROCM_VEC_FN constexpr explicit V(T s) : x(s) {}                                       \
  };                                                                                           \
  __FERROCM_HOST_DEVICE V make_##V(T x) { return V(x); }                                       \
  __FERROCM_VEC_FN bool operator==(V a, V b) { return a.x == b.x; }
#define __FERROCM_VEC2(V, T)                                                                   \
  struct __attribute__((aligned(2 * sizeof(T)))) V {                                           \
    T x, y;                                                                                    \
    V() = default;                                                                             \
    __FERROCM_VEC_FN constexpr explicit V(T s) : x(s), y(s) {}                                 \
    __FERROCM_VEC_FN constexpr V(T x_, T y_) : x(x_), y(y_) {}                                 \
  };                                                                                           \
  __FERROCM_HOST_DEVICE V make_##V(T x, T y) { return V(x, y); }                               \
  __FERROCM_VEC_FN bool operator==(V a, V b) { return a.x == b.x && a.y == b.y; }
#define __FERROCM_VEC3(V, T)                                                                   \
  struct __attribute__((aligned(sizeof(T)))) V {                                               \
    T x, y, z;                                                                                 \
    V() = default;                                                                             \
    __FERROCM_VEC_FN constexpr explicit V(T s) : x(s), y(s), z(s) {}                           \
    __FERROCM_VEC_FN constexpr V(T x_, T y_, T z_) : x(x_), y(y_), z(z_) {}                    \
  };                                                                                           \
  __FERROCM_HOST_DEVICE V make_##V(T x, T y, T z) { return V(x, y, z); }                       \
  __FERROCM_VEC_FN bool operator==(V a, V b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
#define __FERROCM_VEC4(V, T)                                                                   \
  struct __attribute__((aligned(4 * sizeof(T)))) V {                                           \
    T x, y, z, w;                                                                              \
    V() = default;                                                                             \
    __FERROCM_VEC_FN constexpr explicit V(T s) : x(s), y(s), z(s), w(s) {}                     \
    __FERROCM_VEC_FN constexpr V(T x_, T y_, T z_, T w_) : x(x_), y(y_), z(z_), w(w_) {}       \
  };                                                                                           \
  __FERROCM_HOST_DEVICE V make_##V(T x, T y, T z, T w) { return V(x, y, z, w); }               \
  __FERROCM_VEC_FN bool operator==(V a, V b) {                                                 \
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;                               \
  }

/* All four lengths of one element type, prefix P (float -> float1 .. float4). */
#define __FERROCM_VEC_ALL(P, T)                                                                \
  __FERROCM_VEC1(P##1, T)                                                                      \
  __FERROCM_VEC2(P##2, T)                                                                      \
  __FERROCM_VEC3(P##3, T)                                                                      \
  __FERROCM_VEC4(P##4, T)                                                                      \
  __FERROCM_VEC_OPS(P##1, T, __FERROCM_EACH1)                                                  \
  __FERROCM_VEC_OPS(P##2, T, __FERROCM_EACH2)                                                  \
  __FERROCM_VEC_OPS(P##3, T, __FERROCM_EACH3)                                                  \
  __FERROCM_VEC_OPS(P##4, T, __FERROCM_EACH4)

__FERROCM_VEC_ALL(char, signed char)
__FERROCM_VEC_ALL(uchar, unsigned char)
__FERROCM_VEC_ALL(short, short)
__FERROCM_VEC_ALL(ushort, unsigned short)
__FERROCM_VEC_ALL(int, int)
__FERROCM_VEC_ALL(uint, unsigned int)
__FERROCM_VEC_ALL(long, long)
__FERROCM_VEC_ALL(ulong, unsigned long)
__FERROCM_VEC_ALL(longlong, long long)
__FERROCM_VEC_ALL(ulonglong, unsigned long long)
__FERROCM_VEC_ALL(float, float)
__FERROCM_VEC_ALL(double, double)

#undef __FERROCM_VEC_ALL
#undef __FERROCM_VEC1
#undef __FERROCM_VEC2
#undef __FERROCM_VEC3
#undef __FERROCM_VEC4
#undef __FERROCM_VEC_OPS
#undef __FERROCM_EACH1
#undef __FERROCM_EACH2
#undef __FERROCM_EACH3
#undef __FERROCM_EACH4

/* dim3: grid and block extents; missing dimensions default to 1. */
struct dim3 {
  unsigned int x, y, z;
  __FERROCM_VEC_FN constexpr dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1)
      : x(x_), y(y_), z(z_) {}
};

#undef __FERROCM_VEC_FN

#endif /* FERROCM_HIP_VECTOR_TYPES_H */
