/* ferrocm: HIP short vector types (char1 .. double4) and dim3.
 *
 * Each vector type is a plain struct with members x, y, z, w (as many as it has), trivially
 * copyable, so it passes to kernels by value and lays out the same in the host and device
 * compiles. Sizes and alignments are HIP's (its types wrap clang's ext_vector_type, whose
 * alignment is its size, except for three elements, which HIP keeps as a packed array):
 *   N = 1: sizeof(T), align T        N = 2: 2 * sizeof(T), align 2 * sizeof(T)
 *   N = 3: 3 * sizeof(T), align T    N = 4: 4 * sizeof(T), align 4 * sizeof(T)
 * so float2 is 8-aligned, float4 and double2 16-aligned, double4 32-aligned, float3 12 bytes
 * aligned 4. charN holds plain `char` (make_charN takes `signed char`), as in HIP.
 *
 * Operators, as HIP defines them (C++ only), component by component:
 *   every type:      + - * /  and  += -= *= /=  (vector op vector, vector op scalar,
 *                    scalar op vector), ++ -- (prefix, postfix), == and != (true when every
 *                    component compares equal; also against a scalar), and unary + (which HIP
 *                    lacks; it changes nothing)
 *   signed and floating types: unary -
 *   integer types:   % ^ | & << >>, their compound assignments, and unary ~
 * A scalar operand is converted to the element type first (HIP makes a vector of it). Each
 * component is computed as C++ computes scalars and converted back to the element type, except
 * that unsigned char and unsigned short components are computed in unsigned int (C++ would
 * promote them to int, where 65535 * 65535 overflows): the results are those of HIP's native
 * vectors, which wrap in the element type, wherever C++ defines them.
 * HIP has no operator!, no relational operators (< <= > >=) and no && || on vectors; neither do
 * these.
 *
 * C gets the structs and make_* functions only (and dim3 comes from hip_runtime_api.h there). */
#ifndef FERROCM_HIP_VECTOR_TYPES_H
#define FERROCM_HIP_VECTOR_TYPES_H

#include <hip/hip_defines.h>

#if defined(__cplusplus)

#define __FERROCM_VEC_FN __host__ __device__ __forceinline__

/* Internal traits; the device compile has no C++ library, so no <type_traits>. */
template <bool B, typename R = void> struct __ferrocm_enable_if {};
template <typename R> struct __ferrocm_enable_if<true, R> {
  typedef R type;
};
/* Whether a From converts implicitly to a To (the overload trick, checked in sizeof only). */
template <typename From, typename To> struct __ferrocm_is_convertible {
  static char __test(To);
  static long __test(...);
  static From __make();
  static const bool value = sizeof(__test(__make())) == sizeof(char);
};

/* The type a component is computed in (see above). */
template <typename T> struct __ferrocm_vec_arith {
  typedef T type;
};
template <> struct __ferrocm_vec_arith<unsigned char> {
  typedef unsigned int type;
};
template <> struct __ferrocm_vec_arith<unsigned short> {
  typedef unsigned int type;
};

/* The constructors: V(s) repeats one scalar (explicit, any type that converts to T, as in HIP),
 * V(a, b, ...) takes one value per component and casts each to T. */
#define __FERROCM_VEC_SPLAT_CTOR(V, T, ...)                                                    \
  template <typename U,                                                                        \
            typename __ferrocm_enable_if<__ferrocm_is_convertible<U, T>::value, int>::type = 0> \
  __FERROCM_VEC_FN constexpr explicit V(U s) : __VA_ARGS__ {}

#define __FERROCM_VEC1(V, T, MT)                                                               \
  struct __attribute__((aligned(sizeof(T)))) V {                                               \
    typedef T value_type;                                                                      \
    T x;                                                                                       \
    V() = default;                                                                             \
    __FERROCM_VEC_SPLAT_CTOR(V, T, x(static_cast<T>(s)))                                       \
  };                                                                                           \
  __FERROCM_HOST_DEVICE V make_##V(MT x) { return V(x); }
#define __FERROCM_VEC2(V, T, MT)                                                               \
  struct __attribute__((aligned(2 * sizeof(T)))) V {                                           \
    typedef T value_type;                                                                      \
    T x, y;                                                                                    \
    V() = default;                                                                             \
    __FERROCM_VEC_SPLAT_CTOR(V, T, x(static_cast<T>(s)), y(static_cast<T>(s)))                 \
    template <typename A, typename B>                                                          \
    __FERROCM_VEC_FN constexpr V(A a, B b) : x(static_cast<T>(a)), y(static_cast<T>(b)) {}    \
  };                                                                                           \
  __FERROCM_HOST_DEVICE V make_##V(MT x, MT y) { return V(x, y); }
#define __FERROCM_VEC3(V, T, MT)                                                               \
  struct __attribute__((aligned(sizeof(T)))) V {                                               \
    typedef T value_type;                                                                      \
    T x, y, z;                                                                                 \
    V() = default;                                                                             \
    __FERROCM_VEC_SPLAT_CTOR(V, T, x(static_cast<T>(s)), y(static_cast<T>(s)),                 \
                             z(static_cast<T>(s)))                                             \
    template <typename A, typename B, typename C>                                              \
    __FERROCM_VEC_FN constexpr V(A a, B b, C c)                                                \
        : x(static_cast<T>(a)), y(static_cast<T>(b)), z(static_cast<T>(c)) {}                  \
  };                                                                                           \
  __FERROCM_HOST_DEVICE V make_##V(MT x, MT y, MT z) { return V(x, y, z); }
#define __FERROCM_VEC4(V, T, MT)                                                               \
  struct __attribute__((aligned(4 * sizeof(T)))) V {                                           \
    typedef T value_type;                                                                      \
    T x, y, z, w;                                                                              \
    V() = default;                                                                             \
    __FERROCM_VEC_SPLAT_CTOR(V, T, x(static_cast<T>(s)), y(static_cast<T>(s)),                 \
                             z(static_cast<T>(s)), w(static_cast<T>(s)))                       \
    template <typename A, typename B, typename C, typename D>                                  \
    __FERROCM_VEC_FN constexpr V(A a, B b, C c, D d)                                           \
        : x(static_cast<T>(a)), y(static_cast<T>(b)), z(static_cast<T>(c)),                    \
          w(static_cast<T>(d)) {}                                                              \
  };                                                                                           \
  __FERROCM_HOST_DEVICE V make_##V(MT x, MT y, MT z, MT w) { return V(x, y, z, w); }

/* EACH<N>(a, b, op): `a.c op b.c` for each of the N components, as one expression.
 * SET<N>(T, a, b, op): `a.c = T(A(a.c) op b.c)` for each component, A the type it is computed in.
 * ALL<N>(a, b): every component of a equals b's. */
#define __FERROCM_EACH1(a, b, op) (a.x op b.x)
#define __FERROCM_EACH2(a, b, op) __FERROCM_EACH1(a, b, op), (a.y op b.y)
#define __FERROCM_EACH3(a, b, op) __FERROCM_EACH2(a, b, op), (a.z op b.z)
#define __FERROCM_EACH4(a, b, op) __FERROCM_EACH3(a, b, op), (a.w op b.w)
#define __FERROCM_SET_ONE(T, a, b, op, c)                                                      \
  (a.c = static_cast<T>(static_cast<typename __ferrocm_vec_arith<T>::type>(a.c) op b.c))
#define __FERROCM_SET1(T, a, b, op) __FERROCM_SET_ONE(T, a, b, op, x)
#define __FERROCM_SET2(T, a, b, op) __FERROCM_SET1(T, a, b, op), __FERROCM_SET_ONE(T, a, b, op, y)
#define __FERROCM_SET3(T, a, b, op) __FERROCM_SET2(T, a, b, op), __FERROCM_SET_ONE(T, a, b, op, z)
#define __FERROCM_SET4(T, a, b, op) __FERROCM_SET3(T, a, b, op), __FERROCM_SET_ONE(T, a, b, op, w)
#define __FERROCM_ALL1(a, b) (a.x == b.x)
#define __FERROCM_ALL2(a, b) __FERROCM_ALL1(a, b) && (a.y == b.y)
#define __FERROCM_ALL3(a, b) __FERROCM_ALL2(a, b) && (a.z == b.z)
#define __FERROCM_ALL4(a, b) __FERROCM_ALL3(a, b) && (a.w == b.w)

/* One binary operator OP (with its compound form OPEQ) in all three shapes. */
#define __FERROCM_VEC_BINOP(V, T, SET, OP, OPEQ)                                               \
  __FERROCM_VEC_FN V &operator OPEQ(V &a, V b) {                                               \
    SET(T, a, b, OP);                                                                          \
    return a;                                                                                  \
  }                                                                                            \
  __FERROCM_VEC_FN V &operator OPEQ(V &a, T s) { return a OPEQ V(s); }                         \
  __FERROCM_VEC_FN V operator OP(V a, V b) { return a OPEQ b; }                                \
  __FERROCM_VEC_FN V operator OP(V a, T s) { return a OPEQ V(s); }                             \
  __FERROCM_VEC_FN V operator OP(T s, V b) {                                                   \
    V a(s);                                                                                    \
    return a OPEQ b;                                                                           \
  }

/* What every vector type has. */
#define __FERROCM_VEC_COMMON(V, T, N)                                                          \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, +, +=)                                          \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, -, -=)                                          \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, *, *=)                                          \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, /, /=)                                          \
  __FERROCM_VEC_FN V &operator++(V &a) { return a += V(1); }                                   \
  __FERROCM_VEC_FN V &operator--(V &a) { return a -= V(1); }                                   \
  __FERROCM_VEC_FN V operator++(V &a, int) {                                                   \
    V old = a;                                                                                 \
    a += V(1);                                                                                 \
    return old;                                                                                \
  }                                                                                            \
  __FERROCM_VEC_FN V operator--(V &a, int) {                                                   \
    V old = a;                                                                                 \
    a -= V(1);                                                                                 \
    return old;                                                                                \
  }                                                                                            \
  __FERROCM_VEC_FN V operator+(V a) { return a; }                                              \
  __FERROCM_VEC_FN bool operator==(V a, V b) { return __FERROCM_ALL##N(a, b); }                \
  __FERROCM_VEC_FN bool operator==(V a, T s) { return a == V(s); }                             \
  __FERROCM_VEC_FN bool operator==(T s, V a) { return V(s) == a; }                             \
  __FERROCM_VEC_FN bool operator!=(V a, V b) { return !(a == b); }                             \
  __FERROCM_VEC_FN bool operator!=(V a, T s) { return !(a == V(s)); }                          \
  __FERROCM_VEC_FN bool operator!=(T s, V a) { return !(V(s) == a); }

/* Negation of each component (so a floating zero changes sign, as -x does). */
#define __FERROCM_VEC_NEG(V, T, N)                                                             \
  __FERROCM_VEC_FN V operator-(V a) {                                                          \
    V r = a;                                                                                   \
    __FERROCM_EACH##N(r, a, = -);                                                              \
    return r;                                                                                  \
  }

#define __FERROCM_VEC_INTEGER(V, T, N)                                                         \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, %, %=)                                          \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, ^, ^=)                                          \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, |, |=)                                          \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, &, &=)                                          \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, <<, <<=)                                        \
  __FERROCM_VEC_BINOP(V, T, __FERROCM_SET##N, >>, >>=)                                        \
  __FERROCM_VEC_FN V operator~(V a) {                                                          \
    V r = a;                                                                                   \
    __FERROCM_EACH##N(r, a, = ~);                                                              \
    return r;                                                                                  \
  }

/* The operator sets of the three kinds of element type. */
#define __FERROCM_VEC_KIND_SINT(V, T, N)                                                       \
  __FERROCM_VEC_COMMON(V, T, N) __FERROCM_VEC_NEG(V, T, N) __FERROCM_VEC_INTEGER(V, T, N)
#define __FERROCM_VEC_KIND_UINT(V, T, N)                                                       \
  __FERROCM_VEC_COMMON(V, T, N) __FERROCM_VEC_INTEGER(V, T, N)
#define __FERROCM_VEC_KIND_FLOAT(V, T, N) __FERROCM_VEC_COMMON(V, T, N) __FERROCM_VEC_NEG(V, T, N)

/* All four lengths of one element type T, named P1 .. P4, make_* taking MT. */
#define __FERROCM_VEC_ALL(P, T, MT, KIND)                                                      \
  __FERROCM_VEC1(P##1, T, MT)                                                                  \
  __FERROCM_VEC2(P##2, T, MT)                                                                  \
  __FERROCM_VEC3(P##3, T, MT)                                                                  \
  __FERROCM_VEC4(P##4, T, MT)                                                                  \
  __FERROCM_VEC_KIND_##KIND(P##1, T, 1)                                                        \
  __FERROCM_VEC_KIND_##KIND(P##2, T, 2)                                                        \
  __FERROCM_VEC_KIND_##KIND(P##3, T, 3)                                                        \
  __FERROCM_VEC_KIND_##KIND(P##4, T, 4)

__FERROCM_VEC_ALL(char, char, signed char, SINT)
__FERROCM_VEC_ALL(uchar, unsigned char, unsigned char, UINT)
__FERROCM_VEC_ALL(short, short, short, SINT)
__FERROCM_VEC_ALL(ushort, unsigned short, unsigned short, UINT)
__FERROCM_VEC_ALL(int, int, int, SINT)
__FERROCM_VEC_ALL(uint, unsigned int, unsigned int, UINT)
__FERROCM_VEC_ALL(long, long, long, SINT)
__FERROCM_VEC_ALL(ulong, unsigned long, unsigned long, UINT)
__FERROCM_VEC_ALL(longlong, long long, long long, SINT)
__FERROCM_VEC_ALL(ulonglong, unsigned long long, unsigned long long, UINT)
__FERROCM_VEC_ALL(float, float, float, FLOAT)
__FERROCM_VEC_ALL(double, double, double, FLOAT)

#undef __FERROCM_VEC_ALL
#undef __FERROCM_VEC_KIND_SINT
#undef __FERROCM_VEC_KIND_UINT
#undef __FERROCM_VEC_KIND_FLOAT
#undef __FERROCM_VEC_INTEGER
#undef __FERROCM_VEC_NEG
#undef __FERROCM_VEC_COMMON
#undef __FERROCM_VEC_BINOP
#undef __FERROCM_VEC1
#undef __FERROCM_VEC2
#undef __FERROCM_VEC3
#undef __FERROCM_VEC4
#undef __FERROCM_VEC_SPLAT_CTOR
#undef __FERROCM_SET_ONE
#undef __FERROCM_SET1
#undef __FERROCM_SET2
#undef __FERROCM_SET3
#undef __FERROCM_SET4
#undef __FERROCM_EACH1
#undef __FERROCM_EACH2
#undef __FERROCM_EACH3
#undef __FERROCM_EACH4
#undef __FERROCM_ALL1
#undef __FERROCM_ALL2
#undef __FERROCM_ALL3
#undef __FERROCM_ALL4

/* dim3: grid and block extents; missing dimensions default to 1. */
struct dim3 {
  unsigned int x, y, z;
  __FERROCM_VEC_FN constexpr dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1)
      : x(x_), y(y_), z(z_) {}
};

#undef __FERROCM_VEC_FN

#else /* C */

#define __FERROCM_CVEC_ALL(P, T, MT)                                                           \
  typedef struct __attribute__((aligned(sizeof(T)))) { T x; } P##1;                           \
  typedef struct __attribute__((aligned(2 * sizeof(T)))) { T x, y; } P##2;                    \
  typedef struct __attribute__((aligned(sizeof(T)))) { T x, y, z; } P##3;                     \
  typedef struct __attribute__((aligned(4 * sizeof(T)))) { T x, y, z, w; } P##4;              \
  static inline P##1 make_##P##1(MT x) {                                                       \
    P##1 r;                                                                                    \
    r.x = x;                                                                                   \
    return r;                                                                                  \
  }                                                                                            \
  static inline P##2 make_##P##2(MT x, MT y) {                                                 \
    P##2 r;                                                                                    \
    r.x = x;                                                                                   \
    r.y = y;                                                                                   \
    return r;                                                                                  \
  }                                                                                            \
  static inline P##3 make_##P##3(MT x, MT y, MT z) {                                           \
    P##3 r;                                                                                    \
    r.x = x;                                                                                   \
    r.y = y;                                                                                   \
    r.z = z;                                                                                   \
    return r;                                                                                  \
  }                                                                                            \
  static inline P##4 make_##P##4(MT x, MT y, MT z, MT w) {                                     \
    P##4 r;                                                                                    \
    r.x = x;                                                                                   \
    r.y = y;                                                                                   \
    r.z = z;                                                                                   \
    r.w = w;                                                                                   \
    return r;                                                                                  \
  }

__FERROCM_CVEC_ALL(char, char, signed char)
__FERROCM_CVEC_ALL(uchar, unsigned char, unsigned char)
__FERROCM_CVEC_ALL(short, short, short)
__FERROCM_CVEC_ALL(ushort, unsigned short, unsigned short)
__FERROCM_CVEC_ALL(int, int, int)
__FERROCM_CVEC_ALL(uint, unsigned int, unsigned int)
__FERROCM_CVEC_ALL(long, long, long)
__FERROCM_CVEC_ALL(ulong, unsigned long, unsigned long)
__FERROCM_CVEC_ALL(longlong, long long, long long)
__FERROCM_CVEC_ALL(ulonglong, unsigned long long, unsigned long long)
__FERROCM_CVEC_ALL(float, float, float)
__FERROCM_CVEC_ALL(double, double, double)

#undef __FERROCM_CVEC_ALL

#endif /* __cplusplus */

#endif /* FERROCM_HIP_VECTOR_TYPES_H */
