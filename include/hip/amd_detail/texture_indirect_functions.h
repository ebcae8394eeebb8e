/* ferrocm: sampling texture objects in device code (tex1Dfetch, tex1D, tex2D, tex3D, the layered
 * and cubemap forms, explicit-LOD and gradient forms, tex2Dgather), templated on the result type
 * and in the out-parameter forms.
 *
 * The CPU device has no texture units: a hipTextureObject_t is the address of a descriptor the
 * runtime fills (struct __ferrocm_texture; the runtime's Rust side has the same layout) and these
 * functions read the texels and filter them as the hardware does: nearest takes the texel under
 * floor(coordinate); linear blends the texels around coordinate - 0.5 with weights rounded to
 * 1/256; wrap and mirror act with normalized coordinates only (the runtime turns them into clamp
 * otherwise); border reads return the border colour. 8- and 16-bit integers read in
 * hipReadModeNormalizedFloat map to [0, 1] (unsigned) or [-1, 1] (signed). */
#ifndef FERROCM_AMD_DETAIL_TEXTURE_INDIRECT_FUNCTIONS_H
#define FERROCM_AMD_DETAIL_TEXTURE_INDIRECT_FUNCTIONS_H

#if defined(__cplusplus)

#include <hip/hip_defines.h>
#include <hip/hip_vector_types.h>
#include <hip/texture_types.h>

struct __ferrocm_tex_level {
  unsigned long long data, width, rows, slices, pitch, slice_pitch;
};

struct __ferrocm_texture {
  unsigned int magic, dims, res_type, kind, channels, bits, elem_size, read_mode, filter_mode,
      normalized, srgb, mip_filter;
  unsigned int address[3];
  unsigned int num_levels;
  float border[4];
  float mip_bias, min_mip_clamp, max_mip_clamp;
  unsigned int reserved;
  struct __ferrocm_tex_level levels[16];
};

static_assert(sizeof(struct __ferrocm_tex_level) == 48, "texture level layout");
static_assert(__builtin_offsetof(struct __ferrocm_texture, address) == 48, "texture layout");
static_assert(__builtin_offsetof(struct __ferrocm_texture, border) == 64, "texture layout");
static_assert(__builtin_offsetof(struct __ferrocm_texture, levels) == 96, "texture layout");
static_assert(sizeof(struct __ferrocm_texture) == 96 + 48 * 16, "texture layout");

#define __FERROCM_TEX __device__ static inline

/* The four components of a texel, as floats (filterable) and as integers (element reads). */
struct __ferrocm_texel4 {
  float f[4];
  int i[4];
};

__FERROCM_TEX const __ferrocm_texture* __ferrocm_tex_desc(hipTextureObject_t t) {
  return reinterpret_cast<const __ferrocm_texture*>(t);
}

__FERROCM_TEX float __ferrocm_half_to_float(unsigned int h) {
  unsigned int sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  float mag;
  if (exp == 0) {
    mag = (float)man * (1.0f / 16777216.0f); /* subnormal: man * 2^-24 */
  } else if (exp == 31) {
    unsigned int bits = 0x7f800000u | (man << 13);
    mag = __builtin_bit_cast(float, bits);
  } else {
    unsigned int bits = ((exp + 112u) << 23) | (man << 13);
    mag = __builtin_bit_cast(float, bits);
  }
  return sign ? -mag : mag;
}

__FERROCM_TEX float __ferrocm_srgb_to_linear(float c) {
  return c <= 0.04045f ? c / 12.92f : __builtin_powf((c + 0.055f) / 1.055f, 2.4f);
}

/* Index i of a dimension of n texels under an address mode; false when it falls on the border. */
__FERROCM_TEX bool __ferrocm_tex_address(int& i, int n, unsigned int mode) {
  switch (mode) {
    case 0: /* wrap */
      i %= n;
      if (i < 0) i += n;
      return true;
    case 2: { /* mirror */
      int p = 2 * n, j = i % p;
      if (j < 0) j += p;
      i = j < n ? j : p - 1 - j;
      return true;
    }
    case 3: /* border */
      return i >= 0 && i < n;
    default: /* clamp */
      i = i < 0 ? 0 : (i >= n ? n - 1 : i);
      return true;
  }
}

/* Texel (i, j) of slice k of a level, address modes applied to i and j (and k when 3-D). */
__FERROCM_TEX __ferrocm_texel4 __ferrocm_tex_texel(const __ferrocm_texture* t,
                                                    const __ferrocm_tex_level& l, int i, int j,
                                                    int k, int ndim) {
  __ferrocm_texel4 r;
  bool in = __ferrocm_tex_address(i, (int)l.width, t->address[0]);
  if (ndim >= 2) in = __ferrocm_tex_address(j, (int)l.rows, t->address[1]) && in;
  if (ndim >= 3) in = __ferrocm_tex_address(k, (int)l.slices, t->address[2]) && in;
  if (ndim < 3) k = k < 0 ? 0 : (k >= (int)l.slices ? (int)l.slices - 1 : k);
  if (!in) {
    for (int c = 0; c < 4; ++c) {
      r.f[c] = t->border[c];
      r.i[c] = (int)t->border[c];
    }
    return r;
  }
  const unsigned char* p = reinterpret_cast<const unsigned char*>(l.data) +
                           (unsigned long long)k * l.slice_pitch +
                           (unsigned long long)j * l.pitch + (unsigned long long)i * t->elem_size;
  for (int c = 0; c < 4; ++c) {
    if (c >= (int)t->channels) {
      r.f[c] = c == 3 ? 1.0f : 0.0f;
      r.i[c] = c == 3 ? 1 : 0;
      continue;
    }
    int v = 0;
    float f = 0.0f;
    switch (t->bits) {
      case 8:
        v = t->kind == hipChannelFormatKindSigned ? (int)((const signed char*)p)[c]
                                                   : (int)((const unsigned char*)p)[c];
        f = (float)v;
        if (t->read_mode == hipReadModeNormalizedFloat)
          f = t->kind == hipChannelFormatKindSigned ? __builtin_fmaxf(f / 127.0f, -1.0f)
                                                    : f / 255.0f;
        break;
      case 16: {
        unsigned int u = ((const unsigned short*)p)[c];
        if (t->kind == hipChannelFormatKindFloat) {
          f = __ferrocm_half_to_float(u);
          v = __builtin_bit_cast(int, f);
        } else {
          v = t->kind == hipChannelFormatKindSigned ? (int)(short)u : (int)u;
          f = (float)v;
          if (t->read_mode == hipReadModeNormalizedFloat)
            f = t->kind == hipChannelFormatKindSigned ? __builtin_fmaxf(f / 32767.0f, -1.0f)
                                                      : f / 65535.0f;
        }
        break;
      }
      default:
        v = ((const int*)p)[c];
        f = t->kind == hipChannelFormatKindFloat ? __builtin_bit_cast(float, v)
            : t->kind == hipChannelFormatKindSigned ? (float)v
                                                    : (float)(unsigned int)v;
        break;
    }
    if (t->srgb && c < 3 && t->read_mode == hipReadModeNormalizedFloat) f = __ferrocm_srgb_to_linear(f);
    r.f[c] = f;
    r.i[c] = v;
  }
  return r;
}

/* Linear-filter weight: the fraction rounded to 8 bits, as texture units store it. */
__FERROCM_TEX float __ferrocm_tex_weight(float frac) { return __builtin_rintf(frac * 256.0f) / 256.0f; }

/* Samples level `lv` at unnormalized-or-normalized (x, y, z) in `ndim` dimensions; slice is the
 * layer (or cube face) for 1-D and 2-D lookups. */
__FERROCM_TEX __ferrocm_texel4 __ferrocm_tex_sample_level(const __ferrocm_texture* t, int lv,
                                                           float x, float y, float z, int ndim,
                                                           int slice) {
  const __ferrocm_tex_level& l = t->levels[lv];
  if (t->normalized) {
    x *= (float)l.width;
    y *= (float)l.rows;
    z *= (float)l.slices;
  }
  if (t->filter_mode == hipFilterModePoint) {
    int i = (int)__builtin_floorf(x), j = (int)__builtin_floorf(y), k = (int)__builtin_floorf(z);
    return __ferrocm_tex_texel(t, l, i, ndim >= 2 ? j : 0, ndim >= 3 ? k : slice, ndim);
  }
  float xb = x - 0.5f, yb = y - 0.5f, zb = z - 0.5f;
  float fx = __builtin_floorf(xb), fy = __builtin_floorf(yb), fz = __builtin_floorf(zb);
  int i0 = (int)fx, j0 = (int)fy, k0 = (int)fz;
  float a = __ferrocm_tex_weight(xb - fx), b = ndim >= 2 ? __ferrocm_tex_weight(yb - fy) : 0.0f,
        g = ndim >= 3 ? __ferrocm_tex_weight(zb - fz) : 0.0f;
  __ferrocm_texel4 r;
  for (int c = 0; c < 4; ++c) r.f[c] = 0.0f;
  int nk = ndim >= 3 ? 2 : 1, nj = ndim >= 2 ? 2 : 1;
  for (int dk = 0; dk < nk; ++dk)
    for (int dj = 0; dj < nj; ++dj)
      for (int di = 0; di < 2; ++di) {
        float w = (di ? a : 1.0f - a) * (ndim >= 2 ? (dj ? b : 1.0f - b) : 1.0f) *
                  (ndim >= 3 ? (dk ? g : 1.0f - g) : 1.0f);
        __ferrocm_texel4 s = __ferrocm_tex_texel(t, l, i0 + di, ndim >= 2 ? j0 + dj : 0,
                                                 ndim >= 3 ? k0 + dk : slice, ndim);
        for (int c = 0; c < 4; ++c) r.f[c] += w * s.f[c];
      }
  for (int c = 0; c < 4; ++c) r.i[c] = (int)r.f[c];
  return r;
}

/* Samples at mip level `lod` (clamped to the texture's range), blending two levels under
 * linear mip filtering. */
__FERROCM_TEX __ferrocm_texel4 __ferrocm_tex_sample(const __ferrocm_texture* t, float x, float y,
                                                     float z, int ndim, int slice, float lod) {
  if (t->num_levels <= 1) return __ferrocm_tex_sample_level(t, 0, x, y, z, ndim, slice);
  float top = (float)(t->num_levels - 1);
  float hi = t->max_mip_clamp < top ? t->max_mip_clamp : top;
  lod = lod < t->min_mip_clamp ? t->min_mip_clamp : lod;
  lod = lod > hi ? hi : lod;
  lod = lod < 0.0f ? 0.0f : lod;
  if (t->mip_filter == hipFilterModePoint) {
    return __ferrocm_tex_sample_level(t, (int)__builtin_floorf(lod + 0.5f), x, y, z, ndim, slice);
  }
  int l0 = (int)__builtin_floorf(lod);
  float w = __ferrocm_tex_weight(lod - (float)l0);
  __ferrocm_texel4 r = __ferrocm_tex_sample_level(t, l0, x, y, z, ndim, slice);
  if (w == 0.0f || l0 + 1 >= (int)t->num_levels) return r;
  __ferrocm_texel4 s = __ferrocm_tex_sample_level(t, l0 + 1, x, y, z, ndim, slice);
  for (int c = 0; c < 4; ++c) {
    r.f[c] = (1.0f - w) * r.f[c] + w * s.f[c];
    r.i[c] = (int)r.f[c];
  }
  return r;
}

/* The level of detail of a gradient: log2 of the longer footprint axis in texels of level 0. */
__FERROCM_TEX float __ferrocm_tex_grad_lod(const __ferrocm_texture* t, float dxx, float dxy,
                                           float dyx, float dyy) {
  float w = (float)t->levels[0].width, h = (float)t->levels[0].rows;
  if (!t->normalized) w = h = 1.0f;
  float lx = (dxx * w) * (dxx * w) + (dxy * h) * (dxy * h);
  float ly = (dyx * w) * (dyx * w) + (dyy * h) * (dyy * h);
  float m = lx > ly ? lx : ly;
  return m > 0.0f ? 0.5f * __builtin_log2f(m) + t->mip_bias : -1000.0f;
}

/* The same for a 3-D footprint. */
__FERROCM_TEX float __ferrocm_tex_grad_lod3(const __ferrocm_texture* t, float4 dx, float4 dy) {
  const __ferrocm_tex_level& l = t->levels[0];
  float w = (float)l.width, h = (float)l.rows, d = (float)l.slices;
  if (!t->normalized) w = h = d = 1.0f;
  float lx = dx.x * w * dx.x * w + dx.y * h * dx.y * h + dx.z * d * dx.z * d;
  float ly = dy.x * w * dy.x * w + dy.y * h * dy.y * h + dy.z * d * dy.z * d;
  float m = lx > ly ? lx : ly;
  return m > 0.0f ? 0.5f * __builtin_log2f(m) + t->mip_bias : -1000.0f;
}

/* A cube direction: its face (0..5) and the face coordinates in [0, 1]. On a tie between
 * axes of equal magnitude the face is chosen as AMD's cube-id instruction does: z before y
 * before x (an edge or corner direction reads the z or y face). */
__FERROCM_TEX int __ferrocm_tex_cube(float x, float y, float z, float& s, float& u) {
  float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y), az = __builtin_fabsf(z);
  int face;
  float m, sc, tc;
  if (az >= ax && az >= ay) {
    face = z >= 0.0f ? 4 : 5;
    m = az;
    sc = z >= 0.0f ? x : -x;
    tc = -y;
  } else if (ay >= ax) {
    face = y >= 0.0f ? 2 : 3;
    m = ay;
    sc = x;
    tc = y >= 0.0f ? z : -z;
  } else {
    face = x >= 0.0f ? 0 : 1;
    m = ax;
    sc = x >= 0.0f ? -z : z;
    tc = -y;
  }
  s = m > 0.0f ? (sc / m + 1.0f) * 0.5f : 0.5f;
  u = m > 0.0f ? (tc / m + 1.0f) * 0.5f : 0.5f;
  return face;
}

/* Cube face lookups always use normalized face coordinates. */
__FERROCM_TEX __ferrocm_texel4 __ferrocm_tex_sample_cube(const __ferrocm_texture* t, float x,
                                                          float y, float z, int layer, float lod) {
  float s, u;
  int face = __ferrocm_tex_cube(x, y, z, s, u);
  __ferrocm_texture c = *t;
  c.normalized = 1;
  c.address[0] = c.address[1] = hipAddressModeClamp;
  return __ferrocm_tex_sample(&c, s, u, 0.0f, 2, layer * 6 + face, lod);
}

/* Result types: how many components, and whether they are filled from floats or integers. */
template <typename T> struct __ferrocm_tex_result {};
#define __FERROCM_TEX_RESULT(T, S, N, F)                                                           \
  template <> struct __ferrocm_tex_result<T> {                                                     \
    static const int n = N;                                                                        \
    typedef S scalar;                                                                              \
    __FERROCM_TEX T make(const __ferrocm_texel4& v) {                                              \
      T r;                                                                                         \
      S* p = reinterpret_cast<S*>(&r);                                                             \
      for (int c = 0; c < N; ++c) p[c] = F ? (S)v.f[c] : (S)v.i[c];                                \
      return r;                                                                                    \
    }                                                                                              \
  };
#define __FERROCM_TEX_RESULTS(P, S, F)                                                             \
  __FERROCM_TEX_RESULT(P##1, S, 1, F)                                                              \
  __FERROCM_TEX_RESULT(P##2, S, 2, F)                                                              \
  __FERROCM_TEX_RESULT(P##4, S, 4, F)
__FERROCM_TEX_RESULT(char, char, 1, 0)
__FERROCM_TEX_RESULT(signed char, signed char, 1, 0)
__FERROCM_TEX_RESULT(unsigned char, unsigned char, 1, 0)
__FERROCM_TEX_RESULT(short, short, 1, 0)
__FERROCM_TEX_RESULT(unsigned short, unsigned short, 1, 0)
__FERROCM_TEX_RESULT(int, int, 1, 0)
__FERROCM_TEX_RESULT(unsigned int, unsigned int, 1, 0)
__FERROCM_TEX_RESULT(float, float, 1, 1)
__FERROCM_TEX_RESULTS(char, char, 0)
__FERROCM_TEX_RESULTS(uchar, unsigned char, 0)
__FERROCM_TEX_RESULTS(short, short, 0)
__FERROCM_TEX_RESULTS(ushort, unsigned short, 0)
__FERROCM_TEX_RESULTS(int, int, 0)
__FERROCM_TEX_RESULTS(uint, unsigned int, 0)
__FERROCM_TEX_RESULTS(float, float, 1)
#undef __FERROCM_TEX_RESULTS
#undef __FERROCM_TEX_RESULT

#define __FERROCM_TEX_T template <typename T> __FERROCM_TEX
#define __FERROCM_TEX_MAKE(expr) __ferrocm_tex_result<T>::make(expr)

/* tex1Dfetch: element x of a linear (or any 1-D) texture, no filtering, no coordinates scaling. */
__FERROCM_TEX_T T tex1Dfetch(hipTextureObject_t obj, int x) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  __ferrocm_texture c = *t;
  c.address[0] = hipAddressModeBorder;
  for (int i = 0; i < 4; ++i) c.border[i] = 0.0f;
  return __FERROCM_TEX_MAKE(__ferrocm_tex_texel(&c, t->levels[0], x, 0, 0, 1));
}
__FERROCM_TEX_T T tex1D(hipTextureObject_t obj, float x) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, 0, 0, 1, 0, 0.0f));
}
__FERROCM_TEX_T T tex2D(hipTextureObject_t obj, float x, float y) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, y, 0, 2, 0, 0.0f));
}
__FERROCM_TEX_T T tex3D(hipTextureObject_t obj, float x, float y, float z) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, y, z, 3, 0, 0.0f));
}
__FERROCM_TEX_T T tex1DLayered(hipTextureObject_t obj, float x, int layer) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, 0, 0, 1, layer, 0.0f));
}
__FERROCM_TEX_T T tex2DLayered(hipTextureObject_t obj, float x, float y, int layer) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, y, 0, 2, layer, 0.0f));
}
__FERROCM_TEX_T T tex1DLod(hipTextureObject_t obj, float x, float level) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, 0, 0, 1, 0, level));
}
__FERROCM_TEX_T T tex2DLod(hipTextureObject_t obj, float x, float y, float level) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, y, 0, 2, 0, level));
}
__FERROCM_TEX_T T tex3DLod(hipTextureObject_t obj, float x, float y, float z, float level) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, y, z, 3, 0, level));
}
__FERROCM_TEX_T T tex1DLayeredLod(hipTextureObject_t obj, float x, int layer, float level) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, 0, 0, 1, layer, level));
}
__FERROCM_TEX_T T tex2DLayeredLod(hipTextureObject_t obj, float x, float y, int layer, float level) {
  return __FERROCM_TEX_MAKE(
      __ferrocm_tex_sample(__ferrocm_tex_desc(obj), x, y, 0, 2, layer, level));
}
__FERROCM_TEX_T T texCubemap(hipTextureObject_t obj, float x, float y, float z) {
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample_cube(__ferrocm_tex_desc(obj), x, y, z, 0, 0.0f));
}
__FERROCM_TEX_T T texCubemapLayered(hipTextureObject_t obj, float x, float y, float z, int layer) {
  return __FERROCM_TEX_MAKE(
      __ferrocm_tex_sample_cube(__ferrocm_tex_desc(obj), x, y, z, layer, 0.0f));
}
__FERROCM_TEX_T T texCubemapLod(hipTextureObject_t obj, float x, float y, float z, float level) {
  return __FERROCM_TEX_MAKE(
      __ferrocm_tex_sample_cube(__ferrocm_tex_desc(obj), x, y, z, 0, level));
}
__FERROCM_TEX_T T texCubemapLayeredLod(hipTextureObject_t obj, float x, float y, float z, int layer,
                                       float level) {
  return __FERROCM_TEX_MAKE(
      __ferrocm_tex_sample_cube(__ferrocm_tex_desc(obj), x, y, z, layer, level));
}
__FERROCM_TEX_T T tex1DGrad(hipTextureObject_t obj, float x, float dPdx, float dPdy) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  float lod = __ferrocm_tex_grad_lod(t, dPdx, 0.0f, dPdy, 0.0f);
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(t, x, 0, 0, 1, 0, lod));
}
__FERROCM_TEX_T T tex2DGrad(hipTextureObject_t obj, float x, float y, float2 dPdx, float2 dPdy) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  float lod = __ferrocm_tex_grad_lod(t, dPdx.x, dPdx.y, dPdy.x, dPdy.y);
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(t, x, y, 0, 2, 0, lod));
}
__FERROCM_TEX_T T tex1DLayeredGrad(hipTextureObject_t obj, float x, int layer, float dPdx,
                                   float dPdy) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  float lod = __ferrocm_tex_grad_lod(t, dPdx, 0.0f, dPdy, 0.0f);
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(t, x, 0, 0, 1, layer, lod));
}
__FERROCM_TEX_T T tex2DLayeredGrad(hipTextureObject_t obj, float x, float y, int layer,
                                   float2 dPdx, float2 dPdy) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  float lod = __ferrocm_tex_grad_lod(t, dPdx.x, dPdx.y, dPdy.x, dPdy.y);
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample(t, x, y, 0, 2, layer, lod));
}

__FERROCM_TEX_T T tex3DGrad(hipTextureObject_t obj, float x, float y, float z, float4 dPdx,
                            float4 dPdy) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  return __FERROCM_TEX_MAKE(
      __ferrocm_tex_sample(t, x, y, z, 3, 0, __ferrocm_tex_grad_lod3(t, dPdx, dPdy)));
}
/* Cube gradients: the footprint on a face of width w, for direction derivatives. */
__FERROCM_TEX_T T texCubemapGrad(hipTextureObject_t obj, float x, float y, float z, float4 dPdx,
                                 float4 dPdy) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  __ferrocm_texture c = *t;
  c.normalized = 1;
  c.levels[0].slices = 1;
  float lod = __ferrocm_tex_grad_lod3(&c, dPdx, dPdy);
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample_cube(t, x, y, z, 0, lod));
}
__FERROCM_TEX_T T texCubemapLayeredGrad(hipTextureObject_t obj, float x, float y, float z,
                                        int layer, float4 dPdx, float4 dPdy) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  __ferrocm_texture c = *t;
  c.normalized = 1;
  c.levels[0].slices = 1;
  float lod = __ferrocm_tex_grad_lod3(&c, dPdx, dPdy);
  return __FERROCM_TEX_MAKE(__ferrocm_tex_sample_cube(t, x, y, z, layer, lod));
}

/* tex2Dgather: component `comp` of the four texels bilinear filtering would blend, in the
 * order (i0, j1), (i1, j1), (i1, j0), (i0, j0). */
__FERROCM_TEX_T T tex2Dgather(hipTextureObject_t obj, float x, float y, int comp = 0) {
  const __ferrocm_texture* t = __ferrocm_tex_desc(obj);
  const __ferrocm_tex_level& l = t->levels[0];
  if (t->normalized) {
    x *= (float)l.width;
    y *= (float)l.rows;
  }
  int i0 = (int)__builtin_floorf(x - 0.5f), j0 = (int)__builtin_floorf(y - 0.5f);
  comp = comp < 0 ? 0 : (comp > 3 ? 3 : comp);
  const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
  __ferrocm_texel4 r;
  for (int c = 0; c < 4; ++c) {
    __ferrocm_texel4 s = __ferrocm_tex_texel(t, l, i0 + di[c], j0 + dj[c], 0, 2);
    r.f[c] = s.f[comp];
    r.i[c] = s.i[comp];
  }
  return __FERROCM_TEX_MAKE(r);
}

/* The out-parameter forms. */
__FERROCM_TEX_T void tex1Dfetch(T* ptr, hipTextureObject_t obj, int x) { *ptr = tex1Dfetch<T>(obj, x); }
__FERROCM_TEX_T void tex1D(T* ptr, hipTextureObject_t obj, float x) { *ptr = tex1D<T>(obj, x); }
__FERROCM_TEX_T void tex2D(T* ptr, hipTextureObject_t obj, float x, float y) {
  *ptr = tex2D<T>(obj, x, y);
}
__FERROCM_TEX_T void tex3D(T* ptr, hipTextureObject_t obj, float x, float y, float z) {
  *ptr = tex3D<T>(obj, x, y, z);
}
__FERROCM_TEX_T void tex1DLayered(T* ptr, hipTextureObject_t obj, float x, int layer) {
  *ptr = tex1DLayered<T>(obj, x, layer);
}
__FERROCM_TEX_T void tex2DLayered(T* ptr, hipTextureObject_t obj, float x, float y, int layer) {
  *ptr = tex2DLayered<T>(obj, x, y, layer);
}
__FERROCM_TEX_T void tex1DLod(T* ptr, hipTextureObject_t obj, float x, float level) {
  *ptr = tex1DLod<T>(obj, x, level);
}
__FERROCM_TEX_T void tex2DLod(T* ptr, hipTextureObject_t obj, float x, float y, float level) {
  *ptr = tex2DLod<T>(obj, x, y, level);
}
__FERROCM_TEX_T void tex3DLod(T* ptr, hipTextureObject_t obj, float x, float y, float z, float level) {
  *ptr = tex3DLod<T>(obj, x, y, z, level);
}
__FERROCM_TEX_T void tex1DLayeredLod(T* ptr, hipTextureObject_t obj, float x, int layer, float level) {
  *ptr = tex1DLayeredLod<T>(obj, x, layer, level);
}
__FERROCM_TEX_T void tex2DLayeredLod(T* ptr, hipTextureObject_t obj, float x, float y, int layer,
                                     float level) {
  *ptr = tex2DLayeredLod<T>(obj, x, y, layer, level);
}
__FERROCM_TEX_T void texCubemap(T* ptr, hipTextureObject_t obj, float x, float y, float z) {
  *ptr = texCubemap<T>(obj, x, y, z);
}
__FERROCM_TEX_T void texCubemapLayered(T* ptr, hipTextureObject_t obj, float x, float y, float z,
                                       int layer) {
  *ptr = texCubemapLayered<T>(obj, x, y, z, layer);
}
__FERROCM_TEX_T void texCubemapLod(T* ptr, hipTextureObject_t obj, float x, float y, float z,
                                   float level) {
  *ptr = texCubemapLod<T>(obj, x, y, z, level);
}
__FERROCM_TEX_T void texCubemapLayeredLod(T* ptr, hipTextureObject_t obj, float x, float y, float z,
                                          int layer, float level) {
  *ptr = texCubemapLayeredLod<T>(obj, x, y, z, layer, level);
}
__FERROCM_TEX_T void tex1DGrad(T* ptr, hipTextureObject_t obj, float x, float dPdx, float dPdy) {
  *ptr = tex1DGrad<T>(obj, x, dPdx, dPdy);
}
__FERROCM_TEX_T void tex2DGrad(T* ptr, hipTextureObject_t obj, float x, float y, float2 dPdx,
                               float2 dPdy) {
  *ptr = tex2DGrad<T>(obj, x, y, dPdx, dPdy);
}
__FERROCM_TEX_T void tex1DLayeredGrad(T* ptr, hipTextureObject_t obj, float x, int layer, float dPdx,
                                      float dPdy) {
  *ptr = tex1DLayeredGrad<T>(obj, x, layer, dPdx, dPdy);
}
__FERROCM_TEX_T void tex2DLayeredGrad(T* ptr, hipTextureObject_t obj, float x, float y, int layer,
                                      float2 dPdx, float2 dPdy) {
  *ptr = tex2DLayeredGrad<T>(obj, x, y, layer, dPdx, dPdy);
}
__FERROCM_TEX_T void tex3DGrad(T* ptr, hipTextureObject_t obj, float x, float y, float z,
                               float4 dPdx, float4 dPdy) {
  *ptr = tex3DGrad<T>(obj, x, y, z, dPdx, dPdy);
}
__FERROCM_TEX_T void texCubemapGrad(T* ptr, hipTextureObject_t obj, float x, float y, float z,
                                    float4 dPdx, float4 dPdy) {
  *ptr = texCubemapGrad<T>(obj, x, y, z, dPdx, dPdy);
}
__FERROCM_TEX_T void texCubemapLayeredGrad(T* ptr, hipTextureObject_t obj, float x, float y,
                                           float z, int layer, float4 dPdx, float4 dPdy) {
  *ptr = texCubemapLayeredGrad<T>(obj, x, y, z, layer, dPdx, dPdy);
}
__FERROCM_TEX_T void tex2Dgather(T* ptr, hipTextureObject_t obj, float x, float y, int comp = 0) {
  *ptr = tex2Dgather<T>(obj, x, y, comp);
}

#undef __FERROCM_TEX_MAKE
#undef __FERROCM_TEX_T

#endif /* __cplusplus */
#endif /* FERROCM_AMD_DETAIL_TEXTURE_INDIRECT_FUNCTIONS_H */
