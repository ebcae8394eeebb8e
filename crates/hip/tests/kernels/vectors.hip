// Vector types (hip_vector_types.h): layouts, constructors, make_*, and every operator, each
// kernel over one type with seeded random inputs; tests/conformance/vectors.rs computes the
// same results on the host. HIP compiles with floating-point contraction on, so a product
// followed by a sum may be fused; the host accepts either rounding where an expression allows
// it.

// ---- layout: sizeof and alignof of every type, and the offset of each component ----
#define LAYOUT(V, k)                                                                               \
  o[(k) * 6 + 0] = sizeof(V);                                                                      \
  o[(k) * 6 + 1] = alignof(V);                                                                     \
  o[(k) * 6 + 2] = __builtin_offsetof(V, x);
#define LAYOUT_Y(V, k) o[(k) * 6 + 3] = __builtin_offsetof(V, y);
#define LAYOUT_Z(V, k) o[(k) * 6 + 4] = __builtin_offsetof(V, z);
#define LAYOUT_W(V, k) o[(k) * 6 + 5] = __builtin_offsetof(V, w);
#define LAYOUT_ALL(P, k)                                                                           \
  LAYOUT(P##1, (k) + 0)                                                                            \
  LAYOUT(P##2, (k) + 1) LAYOUT_Y(P##2, (k) + 1)                                                    \
  LAYOUT(P##3, (k) + 2) LAYOUT_Y(P##3, (k) + 2) LAYOUT_Z(P##3, (k) + 2)                            \
  LAYOUT(P##4, (k) + 3) LAYOUT_Y(P##4, (k) + 3) LAYOUT_Z(P##4, (k) + 3) LAYOUT_W(P##4, (k) + 3)

extern "C" __global__ void vec_layout(unsigned long long *o) {
  if (threadIdx.x != 0) return;
  LAYOUT_ALL(char, 0)
  LAYOUT_ALL(uchar, 4)
  LAYOUT_ALL(short, 8)
  LAYOUT_ALL(ushort, 12)
  LAYOUT_ALL(int, 16)
  LAYOUT_ALL(uint, 20)
  LAYOUT_ALL(long, 24)
  LAYOUT_ALL(ulong, 28)
  LAYOUT_ALL(longlong, 32)
  LAYOUT_ALL(ulonglong, 36)
  LAYOUT_ALL(float, 40)
  LAYOUT_ALL(double, 44)
  LAYOUT(dim3, 48) LAYOUT_Y(dim3, 48) LAYOUT_Z(dim3, 48)
}

// ---- integer vectors: 24 results per element ----
// a, b: operands (b has no zero component); k: shift counts (valid for the type); s: a nonzero
// scalar. Signed types also get unary minus (slot 23); unsigned ones write x there.
#define INT_OPS_BODY(V, T)                                                                         \
  int i = blockIdx.x * blockDim.x + threadIdx.x;                                                   \
  if (i >= n) return;                                                                              \
  V x = a[i], y = b[i], c = k[i];                                                                  \
  V *r = o + (unsigned long long)i * 24;                                                           \
  r[0] = x + y;                                                                                    \
  r[1] = x - y;                                                                                    \
  r[2] = x * y;                                                                                    \
  r[3] = x / y;                                                                                    \
  r[4] = x % y;                                                                                    \
  r[5] = x ^ y;                                                                                    \
  r[6] = x | y;                                                                                    \
  r[7] = x & y;                                                                                    \
  r[8] = ~x;                                                                                       \
  r[9] = (x & (T)0x7f) << c;                                                                       \
  r[10] = y >> c;                                                                                  \
  r[11] = x + s;                                                                                   \
  r[12] = s - x;                                                                                   \
  r[13] = x * s;                                                                                   \
  r[14] = s / y;                                                                                   \
  r[15] = x % s;                                                                                   \
  r[16] = (s ^ x) | (y & s);                                                                       \
  r[17] = y >> (T)1;                                                                               \
  {                                                                                                \
    V t = x;                                                                                       \
    t += y;                                                                                        \
    t -= s;                                                                                        \
    t *= y;                                                                                        \
    t ^= x;                                                                                        \
    t |= c;                                                                                        \
    t &= y;                                                                                        \
    r[18] = t;                                                                                     \
    t = x;                                                                                         \
    t /= y;                                                                                        \
    t %= s;                                                                                        \
    t &= (T)0x3f;                                                                                  \
    t <<= c;                                                                                       \
    r[19] = t;                                                                                     \
    t = y;                                                                                         \
    t >>= c;                                                                                       \
    t >>= (T)1;                                                                                    \
    r[20] = t;                                                                                     \
  }                                                                                                \
  {                                                                                                \
    V u = x;                                                                                       \
    V before = u++;                                                                                \
    V pre = ++u;                                                                                   \
    r[21] = before + pre;                                                                          \
    V down = u--;                                                                                  \
    r[22] = --u - down;                                                                            \
  }

#define INT_PARAMS(V, T) const V *a, const V *b, const V *k, T s, V *o, int n

extern "C" __global__ void vec_char4_ops(INT_PARAMS(char4, char)) {
  INT_OPS_BODY(char4, char)
  r[23] = -x;
}
extern "C" __global__ void vec_uchar3_ops(INT_PARAMS(uchar3, unsigned char)) {
  INT_OPS_BODY(uchar3, unsigned char)
  r[23] = +x;
}
extern "C" __global__ void vec_short2_ops(INT_PARAMS(short2, short)) {
  INT_OPS_BODY(short2, short)
  r[23] = -x;
}
extern "C" __global__ void vec_ushort4_ops(INT_PARAMS(ushort4, unsigned short)) {
  INT_OPS_BODY(ushort4, unsigned short)
  r[23] = +x;
}
extern "C" __global__ void vec_int1_ops(INT_PARAMS(int1, int)) {
  INT_OPS_BODY(int1, int)
  r[23] = -x;
}
extern "C" __global__ void vec_int3_ops(INT_PARAMS(int3, int)) {
  INT_OPS_BODY(int3, int)
  r[23] = -x;
}
extern "C" __global__ void vec_int4_ops(INT_PARAMS(int4, int)) {
  INT_OPS_BODY(int4, int)
  r[23] = -x;
}
extern "C" __global__ void vec_uint2_ops(INT_PARAMS(uint2, unsigned int)) {
  INT_OPS_BODY(uint2, unsigned int)
  r[23] = +x;
}
extern "C" __global__ void vec_uint4_ops(INT_PARAMS(uint4, unsigned int)) {
  INT_OPS_BODY(uint4, unsigned int)
  r[23] = +x;
}
extern "C" __global__ void vec_long2_ops(INT_PARAMS(long2, long)) {
  INT_OPS_BODY(long2, long)
  r[23] = -x;
}
extern "C" __global__ void vec_ulong3_ops(INT_PARAMS(ulong3, unsigned long)) {
  INT_OPS_BODY(ulong3, unsigned long)
  r[23] = +x;
}
extern "C" __global__ void vec_longlong4_ops(INT_PARAMS(longlong4, long long)) {
  INT_OPS_BODY(longlong4, long long)
  r[23] = -x;
}
extern "C" __global__ void vec_ulonglong1_ops(INT_PARAMS(ulonglong1, unsigned long long)) {
  INT_OPS_BODY(ulonglong1, unsigned long long)
  r[23] = +x;
}

// ---- floating vectors: 16 results per element ----
#define FLOAT_OPS_BODY(V, T)                                                                       \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                                 \
    if (i >= n) return;                                                                            \
    V x = a[i], y = b[i];                                                                          \
    V *r = o + (unsigned long long)i * 16;                                                         \
    r[0] = x + y;                                                                                  \
    r[1] = x - y;                                                                                  \
    r[2] = x * y;                                                                                  \
    r[3] = x / y;                                                                                  \
    r[4] = -x;                                                                                     \
    r[5] = +y;                                                                                     \
    r[6] = x + s;                                                                                  \
    r[7] = s - x;                                                                                  \
    r[8] = y * s;                                                                                  \
    r[9] = s / y;                                                                                  \
    r[10] = x / s;                                                                                 \
    V t = x;                                                                                       \
    t += y;                                                                                        \
    t *= s;                                                                                        \
    t -= x;                                                                                        \
    t /= y;                                                                                        \
    r[11] = t;                                                                                     \
    t = y;                                                                                         \
    t += s;                                                                                        \
    t -= s;                                                                                        \
    t *= s;                                                                                        \
    t /= s;                                                                                        \
    r[12] = t;                                                                                     \
    V u = x;                                                                                       \
    r[13] = u++;                                                                                   \
    r[14] = ++u;                                                                                   \
    r[15] = --u;                                                                                   \
    u--;                                                                                           \
    r[15] = r[15] - u;
#define FLOAT_PARAMS(V, T) const V *a, const V *b, T s, V *o, int n

extern "C" __global__ void vec_float1_ops(FLOAT_PARAMS(float1, float)) {
  FLOAT_OPS_BODY(float1, float)
}
extern "C" __global__ void vec_float2_ops(FLOAT_PARAMS(float2, float)) {
  FLOAT_OPS_BODY(float2, float)
}
extern "C" __global__ void vec_float3_ops(FLOAT_PARAMS(float3, float)) {
  FLOAT_OPS_BODY(float3, float)
}
extern "C" __global__ void vec_float4_ops(FLOAT_PARAMS(float4, float)) {
  FLOAT_OPS_BODY(float4, float)
}
extern "C" __global__ void vec_double1_ops(FLOAT_PARAMS(double1, double)) {
  FLOAT_OPS_BODY(double1, double)
}
extern "C" __global__ void vec_double2_ops(FLOAT_PARAMS(double2, double)) {
  FLOAT_OPS_BODY(double2, double)
}
extern "C" __global__ void vec_double3_ops(FLOAT_PARAMS(double3, double)) {
  FLOAT_OPS_BODY(double3, double)
}
extern "C" __global__ void vec_double4_ops(FLOAT_PARAMS(double4, double)) {
  FLOAT_OPS_BODY(double4, double)
}

// ---- comparisons: == and != of vectors and against scalars, 8 results per element ----
#define CMP_BODY(V, T)                                                                             \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                                 \
    if (i >= n) return;                                                                            \
    V x = a[i], y = b[i];                                                                          \
    T t = s[i];                                                                                    \
    int *r = o + i * 8;                                                                            \
    r[0] = x == y;                                                                                 \
    r[1] = x != y;                                                                                 \
    r[2] = x == x;                                                                                 \
    r[3] = y != y;                                                                                 \
    r[4] = x == t;                                                                                 \
    r[5] = t == y;                                                                                 \
    r[6] = x != t;                                                                                 \
    r[7] = t != y;
#define CMP_PARAMS(V, T) const V *a, const V *b, const T *s, int *o, int n

extern "C" __global__ void vec_float4_cmp(CMP_PARAMS(float4, float)) {
  CMP_BODY(float4, float)
}
extern "C" __global__ void vec_double2_cmp(CMP_PARAMS(double2, double)) {
  CMP_BODY(double2, double)
}
extern "C" __global__ void vec_int3_cmp(CMP_PARAMS(int3, int)) {
  CMP_BODY(int3, int)
}
extern "C" __global__ void vec_uchar2_cmp(CMP_PARAMS(uchar2, unsigned char)) {
  CMP_BODY(uchar2, unsigned char)
}

// ---- constructors and make_*: from the inputs f (floats) and v (ints), 32 floats out ----
extern "C" __global__ void vec_construct(const float *f, const int *v, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float p = f[2 * i], q = f[2 * i + 1];
  int j = v[2 * i], k = v[2 * i + 1];
  float *r = o + i * 32;
  float4 splat(p);                    // one scalar, every component
  float2 ints{j, k};                  // ints cast to float (braces: no narrowing error)
  int2 cut(p, q);                     // floats truncated to int
  uchar4 wrap(j);                     // an int cast to unsigned char
  double3 mixed(j, q, 7u);            // three different argument types
  int4 braces = {j, k, j + k, j - k}; // copy-list-initialization
  char2 mc = make_char2((signed char)j, (signed char)k);
  ulonglong2 mu = make_ulonglong2((unsigned long long)j, 5ull);
  float3 mf = make_float3(p, q, p + q);
  dim3 d(k & 7);
  r[0] = splat.x;
  r[1] = splat.w;
  r[2] = ints.x;
  r[3] = ints.y;
  r[4] = cut.x;
  r[5] = cut.y;
  r[6] = wrap.x;
  r[7] = wrap.z;
  r[8] = (float)mixed.x;
  r[9] = (float)mixed.y;
  r[10] = (float)mixed.z;
  r[11] = braces.x;
  r[12] = braces.y;
  r[13] = braces.z;
  r[14] = braces.w;
  r[15] = mc.x;
  r[16] = mc.y;
  r[17] = (float)mu.x;
  r[18] = (float)mu.y;
  r[19] = mf.z;
  r[20] = d.x;
  r[21] = d.y;
  r[22] = d.z;
  // The element types: value_type, and char being plain char.
  float4::value_type e = q;
  char *pc = &mc.x;
  r[23] = e;
  r[24] = *pc;
  r[25] = sizeof(longlong4::value_type);
  // A vector by value through a device function, and assignment of a whole vector.
  float4 g = splat;
  g = g * ints.x;
  r[26] = g.y;
  r[27] = (float)(mixed * 2.0).z;
  r[28] = (float)(braces + 1).w;
  r[29] = (float)(~braces).x;
  r[30] = (wrap == (unsigned char)j) ? 1.0f : 0.0f;
  r[31] = (cut != int2(p, q)) ? 1.0f : 0.0f;
}
