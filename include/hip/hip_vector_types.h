/* ferrocm: HIP short vector types (char1 .. double4) and dim3.
 *
 * As in HIP, floatN & co. name HIP_vector_type<T, N>, whose storage (HIP_vector_base<T, N>) is a
 * union of the named components x, y, z, w (as many as there are) and `data`, the native vector
 * (Native_vec_): clang's ext_vector_type(N) for N = 1, 2, 4, so `v.data[i]` indexes a component
 * and `v.data * 2.0f` is vector arithmetic; for three components an array wrapper with
 * operator[] (C++ compilers without ext_vector_type get the wrapper for every N). The types are
 * trivially copyable, so they pass to kernels by value and lay out the same in the host and
 * device compiles. Sizes and alignments are HIP's (an ext_vector's alignment is its size, except
 * for three elements, which HIP keeps packed):
 *   N = 1: sizeof(T), align T        N = 2: 2 * sizeof(T), align 2 * sizeof(T)
 *   N = 3: 3 * sizeof(T), align T    N = 4: 4 * sizeof(T), align 4 * sizeof(T)
 * so float2 is 8-aligned, float4 and double2 16-aligned, double4 32-aligned, float3 12 bytes
 * aligned 4. charN holds plain `char` (make_charN takes `signed char`), as in HIP.
 *
 * Operators, as HIP defines them (C++ only), component by component, all function templates
 * over HIP_vector_type<T, N> (so a program's own non-template operator for one vector type is
 * chosen over them, as with HIP):
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
 * C gets plain structs and the make_* functions only (and dim3 comes from hip_runtime_api.h
 * there). */
#ifndef FERROCM_HIP_VECTOR_TYPES_H
#define FERROCM_HIP_VECTOR_TYPES_H

#include <hip/hip_defines.h>
#include <hip/amd_detail/device_library_decls.h>

#if defined(__cplusplus)

#define __FERROCM_VEC_FN __host__ __device__ __forceinline__

/* Internal traits; the device compile has no C++ library, so no <type_traits>. */
template <bool __B, typename __R = void> struct __ferrocm_enable_if {};
template <typename __R> struct __ferrocm_enable_if<true, __R> {
  typedef __R type;
};
/* Whether a From converts implicitly to a To (the overload trick, checked in sizeof only). */
template <typename __From, typename __To> struct __ferrocm_is_convertible {
  static char __test(__To);
  static long __test(...);
  static __From __make();
  static const bool value = sizeof(__test(__make())) == sizeof(char);
};
/* Element kinds: integers get % ^ | & << >> and ~; signed and floating types get unary -. */
template <typename __T> struct __ferrocm_vec_elem {
  static const bool integral = false, negatable = false;
};
#define __FERROCM_VEC_ELEM(__T, __I, __N)                                                            \
  template <> struct __ferrocm_vec_elem<__T> {                                                   \
    static const bool integral = __I, negatable = __N;                                             \
  };
__FERROCM_VEC_ELEM(char, true, true)
__FERROCM_VEC_ELEM(signed char, true, true)
__FERROCM_VEC_ELEM(unsigned char, true, false)
__FERROCM_VEC_ELEM(short, true, true)
__FERROCM_VEC_ELEM(unsigned short, true, false)
__FERROCM_VEC_ELEM(int, true, true)
__FERROCM_VEC_ELEM(unsigned int, true, false)
__FERROCM_VEC_ELEM(long, true, true)
__FERROCM_VEC_ELEM(unsigned long, true, false)
__FERROCM_VEC_ELEM(long long, true, true)
__FERROCM_VEC_ELEM(unsigned long long, true, false)
__FERROCM_VEC_ELEM(float, false, true)
__FERROCM_VEC_ELEM(double, false, true)
#undef __FERROCM_VEC_ELEM

/* The type a component is computed in (see above). */
template <typename __T> struct __ferrocm_vec_arith {
  typedef __T type;
};
template <> struct __ferrocm_vec_arith<unsigned char> {
  typedef unsigned int type;
};
template <> struct __ferrocm_vec_arith<unsigned short> {
  typedef unsigned int type;
};

/* The `data` member's type (HIP's Native_vec_): clang's ext_vector_type for 1, 2 and 4
 * components (indexable, data[i]); for 3 components, and for compilers without ext_vector_type,
 * an array wrapper with operator[] (HIP keeps three-component vectors packed: size 3 * T). */
template <typename __T, unsigned int __N> struct __ferrocm_vec_array {
  __T d[__N];
  __FERROCM_VEC_FN __T &operator[](unsigned int i) { return d[i]; }
  __FERROCM_VEC_FN constexpr __T operator[](unsigned int i) const { return d[i]; }
};
#if defined(__has_attribute)
#if __has_attribute(ext_vector_type)
#define __FERROCM_HAS_EXT_VECTOR 1
#endif
#endif
template <typename __T, unsigned int __N> struct __ferrocm_native_vec {
  typedef __ferrocm_vec_array<__T, __N> type;
};
#if defined(__FERROCM_HAS_EXT_VECTOR)
template <typename __T> struct __ferrocm_native_vec<__T, 1> {
  typedef __T type __attribute__((ext_vector_type(1)));
};
template <typename __T> struct __ferrocm_native_vec<__T, 2> {
  typedef __T type __attribute__((ext_vector_type(2)));
};
template <typename __T> struct __ferrocm_native_vec<__T, 4> {
  typedef __T type __attribute__((ext_vector_type(4)));
};
#define __FERROCM_VEC_ALIGN(__N, __T)
#else
#define __FERROCM_VEC_ALIGN(__N, __T) __attribute__((aligned((__N) == 3 ? sizeof(__T) : (__N) * sizeof(__T))))
#endif

/* HIP_vector_base<T, N>: the storage, a union of `data` and the named components. */
template <typename __T, unsigned int __N> struct HIP_vector_base;
template <typename __T> struct HIP_vector_base<__T, 1> {
  typedef typename __ferrocm_native_vec<__T, 1>::type Native_vec_;
  union __FERROCM_VEC_ALIGN(1, __T) {
    Native_vec_ data;
    struct {
      __T x;
    };
  };
  typedef __T value_type;
  HIP_vector_base() = default;
  __FERROCM_VEC_FN constexpr explicit HIP_vector_base(__T a) : data{a} {}
};
template <typename __T> struct HIP_vector_base<__T, 2> {
  typedef typename __ferrocm_native_vec<__T, 2>::type Native_vec_;
  union __FERROCM_VEC_ALIGN(2, __T) {
    Native_vec_ data;
    struct {
      __T x, y;
    };
  };
  typedef __T value_type;
  HIP_vector_base() = default;
  __FERROCM_VEC_FN constexpr explicit HIP_vector_base(__T a) : data{a, a} {}
  __FERROCM_VEC_FN constexpr HIP_vector_base(__T a, __T b) : data{a, b} {}
};
template <typename __T> struct HIP_vector_base<__T, 3> {
  typedef __ferrocm_vec_array<__T, 3> Native_vec_;
  union {
    Native_vec_ data;
    struct {
      __T x, y, z;
    };
  };
  typedef __T value_type;
  HIP_vector_base() = default;
  __FERROCM_VEC_FN constexpr explicit HIP_vector_base(__T a) : data{{a, a, a}} {}
  __FERROCM_VEC_FN constexpr HIP_vector_base(__T a, __T b, __T c) : data{{a, b, c}} {}
};
template <typename __T> struct HIP_vector_base<__T, 4> {
  typedef typename __ferrocm_native_vec<__T, 4>::type Native_vec_;
  union __FERROCM_VEC_ALIGN(4, __T) {
    Native_vec_ data;
    struct {
      __T x, y, z, w;
    };
  };
  typedef __T value_type;
  HIP_vector_base() = default;
  __FERROCM_VEC_FN constexpr explicit HIP_vector_base(__T a) : data{a, a, a, a} {}
  __FERROCM_VEC_FN constexpr HIP_vector_base(__T a, __T b, __T c, __T d) : data{a, b, c, d} {}
};

/* HIP_vector_type<T, N>: what floatN & co. name. V(s) repeats one scalar (explicit, any type
 * that converts to T), V(a, b, ...) takes one value per component and casts each to T. */
template <typename __T, unsigned int __N> struct HIP_vector_type : public HIP_vector_base<__T, __N> {
  using HIP_vector_base<__T, __N>::data;
  typedef typename HIP_vector_base<__T, __N>::Native_vec_ Native_vec_;
  HIP_vector_type() = default;
  template <typename __U,
            typename __ferrocm_enable_if<__ferrocm_is_convertible<__U, __T>::value, int>::type = 0>
  __FERROCM_VEC_FN constexpr explicit HIP_vector_type(__U s)
      : HIP_vector_base<__T, __N>(static_cast<__T>(s)) {}
  template <typename... __Us,
            typename __ferrocm_enable_if<(__N > 1) && sizeof...(__Us) == __N, int>::type = 0>
  __FERROCM_VEC_FN constexpr HIP_vector_type(__Us... xs)
      : HIP_vector_base<__T, __N>(static_cast<__T>(xs)...) {}
};

/* The operators are function templates over HIP_vector_type<T, N>, as HIP's are: a program's
 * own non-template overload for one vector type is preferred to them. Each component is
 * computed as C++ computes scalars (in __ferrocm_vec_arith<T>) and converted back to T. */
#define __FERROCM_VEC_T HIP_vector_type<__T, __N>
#define __FERROCM_VEC_EACH(r, a, expr)                                                         \
  for (unsigned int __i = 0; __i < __N; ++__i) r.data[__i] = static_cast<__T>(expr);
#define __FERROCM_VEC_ARITH(v) static_cast<typename __ferrocm_vec_arith<__T>::type>(v)
#define __FERROCM_VEC_SCALAR_OK(__U) __ferrocm_is_convertible<__U, __T>::value

/* OP and OPEQ for element kinds where COND holds: V OPEQ V, V OPEQ s, V OP V, V OP s, s OP V. */
#define __FERROCM_VEC_BINOP(OP, OPEQ, COND)                                                    \
  template <typename __T, unsigned int __N>                                                        \
  __FERROCM_VEC_FN typename __ferrocm_enable_if<COND, __FERROCM_VEC_T &>::type operator OPEQ(  \
      __FERROCM_VEC_T &a, const __FERROCM_VEC_T &b) {                                          \
    __FERROCM_VEC_EACH(a, a, __FERROCM_VEC_ARITH(a.data[__i]) OP b.data[__i])                  \
    return a;                                                                                  \
  }                                                                                            \
  template <typename __T, unsigned int __N, typename __U>                                            \
  __FERROCM_VEC_FN typename __ferrocm_enable_if<(COND) && __FERROCM_VEC_SCALAR_OK(__U),          \
                                                __FERROCM_VEC_T &>::type                       \
  operator OPEQ(__FERROCM_VEC_T &a, __U s) {                                                     \
    return a OPEQ __FERROCM_VEC_T(s);                                                          \
  }                                                                                            \
  template <typename __T, unsigned int __N>                                                        \
  __FERROCM_VEC_FN typename __ferrocm_enable_if<COND, __FERROCM_VEC_T>::type operator OP(      \
      const __FERROCM_VEC_T &a, const __FERROCM_VEC_T &b) {                                    \
    __FERROCM_VEC_T r = a;                                                                     \
    return r OPEQ b;                                                                           \
  }                                                                                            \
  template <typename __T, unsigned int __N, typename __U>                                            \
  __FERROCM_VEC_FN                                                                             \
      typename __ferrocm_enable_if<(COND) && __FERROCM_VEC_SCALAR_OK(__U), __FERROCM_VEC_T>::type \
      operator OP(const __FERROCM_VEC_T &a, __U s) {                                             \
    __FERROCM_VEC_T r = a;                                                                     \
    return r OPEQ __FERROCM_VEC_T(s);                                                          \
  }                                                                                            \
  template <typename __T, unsigned int __N, typename __U>                                            \
  __FERROCM_VEC_FN                                                                             \
      typename __ferrocm_enable_if<(COND) && __FERROCM_VEC_SCALAR_OK(__U), __FERROCM_VEC_T>::type \
      operator OP(__U s, const __FERROCM_VEC_T &b) {                                             \
    __FERROCM_VEC_T r(s);                                                                      \
    return r OPEQ b;                                                                           \
  }

#define __FERROCM_VEC_ANY true
#define __FERROCM_VEC_INTEGRAL __ferrocm_vec_elem<__T>::integral
__FERROCM_VEC_BINOP(+, +=, __FERROCM_VEC_ANY)
__FERROCM_VEC_BINOP(-, -=, __FERROCM_VEC_ANY)
__FERROCM_VEC_BINOP(*, *=, __FERROCM_VEC_ANY)
__FERROCM_VEC_BINOP(/, /=, __FERROCM_VEC_ANY)
__FERROCM_VEC_BINOP(%, %=, __FERROCM_VEC_INTEGRAL)
__FERROCM_VEC_BINOP(^, ^=, __FERROCM_VEC_INTEGRAL)
__FERROCM_VEC_BINOP(|, |=, __FERROCM_VEC_INTEGRAL)
__FERROCM_VEC_BINOP(&, &=, __FERROCM_VEC_INTEGRAL)
__FERROCM_VEC_BINOP(<<, <<=, __FERROCM_VEC_INTEGRAL)
__FERROCM_VEC_BINOP(>>, >>=, __FERROCM_VEC_INTEGRAL)

/* ++ -- (prefix and postfix), unary + (which HIP lacks; it changes nothing), unary - for
 * signed and floating types (a floating zero changes sign, as -x does), ~ for integers. */
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN __FERROCM_VEC_T &operator++(__FERROCM_VEC_T &a) {
  return a += __FERROCM_VEC_T(1);
}
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN __FERROCM_VEC_T &operator--(__FERROCM_VEC_T &a) {
  return a -= __FERROCM_VEC_T(1);
}
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN __FERROCM_VEC_T operator++(__FERROCM_VEC_T &a, int) {
  __FERROCM_VEC_T old = a;
  a += __FERROCM_VEC_T(1);
  return old;
}
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN __FERROCM_VEC_T operator--(__FERROCM_VEC_T &a, int) {
  __FERROCM_VEC_T old = a;
  a -= __FERROCM_VEC_T(1);
  return old;
}
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN __FERROCM_VEC_T operator+(const __FERROCM_VEC_T &a) {
  return a;
}
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN typename __ferrocm_enable_if<__ferrocm_vec_elem<__T>::negatable, __FERROCM_VEC_T>::type
operator-(const __FERROCM_VEC_T &a) {
  __FERROCM_VEC_T r = a;
  __FERROCM_VEC_EACH(r, a, -__FERROCM_VEC_ARITH(a.data[__i]))
  return r;
}
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN typename __ferrocm_enable_if<__ferrocm_vec_elem<__T>::integral, __FERROCM_VEC_T>::type
operator~(const __FERROCM_VEC_T &a) {
  __FERROCM_VEC_T r = a;
  __FERROCM_VEC_EACH(r, a, ~__FERROCM_VEC_ARITH(a.data[__i]))
  return r;
}

/* == and != : true when every component compares equal (also against a scalar). HIP has no
 * operator!, no relational operators (< <= > >=) and no && || on vectors; neither do these. */
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN bool operator==(const __FERROCM_VEC_T &a, const __FERROCM_VEC_T &b) {
  bool same = true;
  for (unsigned int i = 0; i < __N; ++i) same = same && a.data[i] == b.data[i];
  return same;
}
template <typename __T, unsigned int __N, typename __U>
__FERROCM_VEC_FN typename __ferrocm_enable_if<__FERROCM_VEC_SCALAR_OK(__U), bool>::type
operator==(const __FERROCM_VEC_T &a, __U s) {
  return a == __FERROCM_VEC_T(s);
}
template <typename __T, unsigned int __N, typename __U>
__FERROCM_VEC_FN typename __ferrocm_enable_if<__FERROCM_VEC_SCALAR_OK(__U), bool>::type
operator==(__U s, const __FERROCM_VEC_T &a) {
  return __FERROCM_VEC_T(s) == a;
}
template <typename __T, unsigned int __N>
__FERROCM_VEC_FN bool operator!=(const __FERROCM_VEC_T &a, const __FERROCM_VEC_T &b) {
  return !(a == b);
}
template <typename __T, unsigned int __N, typename __U>
__FERROCM_VEC_FN typename __ferrocm_enable_if<__FERROCM_VEC_SCALAR_OK(__U), bool>::type
operator!=(const __FERROCM_VEC_T &a, __U s) {
  return !(a == __FERROCM_VEC_T(s));
}
template <typename __T, unsigned int __N, typename __U>
__FERROCM_VEC_FN typename __ferrocm_enable_if<__FERROCM_VEC_SCALAR_OK(__U), bool>::type
operator!=(__U s, const __FERROCM_VEC_T &a) {
  return !(__FERROCM_VEC_T(s) == a);
}

#undef __FERROCM_VEC_BINOP
#undef __FERROCM_VEC_ANY
#undef __FERROCM_VEC_INTEGRAL
#undef __FERROCM_VEC_T
#undef __FERROCM_VEC_EACH
#undef __FERROCM_VEC_ARITH
#undef __FERROCM_VEC_SCALAR_OK
#undef __FERROCM_VEC_ALIGN

/* The named types and make_* (taking MT; charN holds plain `char`, make_charN takes
 * `signed char`, as in HIP). */
#define __FERROCM_VEC_ALL(P, __T, MT)                                                            \
  typedef HIP_vector_type<__T, 1> P##1;                                                          \
  typedef HIP_vector_type<__T, 2> P##2;                                                          \
  typedef HIP_vector_type<__T, 3> P##3;                                                          \
  typedef HIP_vector_type<__T, 4> P##4;                                                          \
  __FERROCM_HOST_DEVICE P##1 make_##P##1(MT x) { return P##1(x); }                             \
  __FERROCM_HOST_DEVICE P##2 make_##P##2(MT x, MT y) { return P##2(x, y); }                    \
  __FERROCM_HOST_DEVICE P##3 make_##P##3(MT x, MT y, MT z) { return P##3(x, y, z); }           \
  __FERROCM_HOST_DEVICE P##4 make_##P##4(MT x, MT y, MT z, MT w) { return P##4(x, y, z, w); }

__FERROCM_VEC_ALL(char, char, signed char)
__FERROCM_VEC_ALL(uchar, unsigned char, unsigned char)
__FERROCM_VEC_ALL(short, short, short)
__FERROCM_VEC_ALL(ushort, unsigned short, unsigned short)
__FERROCM_VEC_ALL(int, int, int)
__FERROCM_VEC_ALL(uint, unsigned int, unsigned int)
__FERROCM_VEC_ALL(long, long, long)
__FERROCM_VEC_ALL(ulong, unsigned long, unsigned long)
__FERROCM_VEC_ALL(longlong, long long, long long)
__FERROCM_VEC_ALL(ulonglong, unsigned long long, unsigned long long)
__FERROCM_VEC_ALL(float, float, float)
__FERROCM_VEC_ALL(double, double, double)

#undef __FERROCM_VEC_ALL

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
