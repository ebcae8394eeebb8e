/* ferrocm: sampling legacy texture references (texture<T, dim, mode> variables bound with
 * hipBindTexture*): each fetch samples the texture object the binding stored in the reference,
 * with the object functions of texture_indirect_functions.h. Normalized reads of 8- and 16-bit
 * integer texels return floats (float, float2, float4), element reads the texel type. */
#ifndef FERROCM_AMD_DETAIL_TEXTURE_FETCH_FUNCTIONS_H
#define FERROCM_AMD_DETAIL_TEXTURE_FETCH_FUNCTIONS_H
#include <hip/amd_detail/texture_indirect_functions.h>

#if defined(__cplusplus)
#include <hip/hip_texture_types.h>

/* The result type of a fetch from a texture<T, dim, mode>. */
template <class T, enum hipTextureReadMode M> struct __ferrocm_texref_result {
  typedef T type;
};
#define __FERROCM_TEXREF_FLOAT(T, F)                                                               \
  template <> struct __ferrocm_texref_result<T, hipReadModeNormalizedFloat> {                      \
    typedef F type;                                                                                \
  };
#define __FERROCM_TEXREF_FLOATS(P)                                                                 \
  __FERROCM_TEXREF_FLOAT(P##1, float1)                                                             \
  __FERROCM_TEXREF_FLOAT(P##2, float2)                                                             \
  __FERROCM_TEXREF_FLOAT(P##4, float4)
__FERROCM_TEXREF_FLOAT(char, float)
__FERROCM_TEXREF_FLOAT(signed char, float)
__FERROCM_TEXREF_FLOAT(unsigned char, float)
__FERROCM_TEXREF_FLOAT(short, float)
__FERROCM_TEXREF_FLOAT(unsigned short, float)
__FERROCM_TEXREF_FLOATS(char)
__FERROCM_TEXREF_FLOATS(uchar)
__FERROCM_TEXREF_FLOATS(short)
__FERROCM_TEXREF_FLOATS(ushort)
#undef __FERROCM_TEXREF_FLOATS
#undef __FERROCM_TEXREF_FLOAT

#define __FERROCM_TEXREF(DIM)                                                                      \
  template <class T, enum hipTextureReadMode M>                                                    \
  __device__ static inline typename __ferrocm_texref_result<T, M>::type
#define __FERROCM_TEXREF_R typename __ferrocm_texref_result<T, M>::type

__FERROCM_TEXREF(1) tex1Dfetch(texture<T, hipTextureType1D, M> t, int x) {
  return tex1Dfetch<__FERROCM_TEXREF_R>(t.textureObject, x);
}
__FERROCM_TEXREF(1) tex1D(texture<T, hipTextureType1D, M> t, float x) {
  return tex1D<__FERROCM_TEXREF_R>(t.textureObject, x);
}
__FERROCM_TEXREF(2) tex2D(texture<T, hipTextureType2D, M> t, float x, float y) {
  return tex2D<__FERROCM_TEXREF_R>(t.textureObject, x, y);
}
__FERROCM_TEXREF(3) tex3D(texture<T, hipTextureType3D, M> t, float x, float y, float z) {
  return tex3D<__FERROCM_TEXREF_R>(t.textureObject, x, y, z);
}
__FERROCM_TEXREF(1) tex1DLayered(texture<T, hipTextureType1DLayered, M> t, float x, int layer) {
  return tex1DLayered<__FERROCM_TEXREF_R>(t.textureObject, x, layer);
}
__FERROCM_TEXREF(2) tex2DLayered(texture<T, hipTextureType2DLayered, M> t, float x, float y,
                                 int layer) {
  return tex2DLayered<__FERROCM_TEXREF_R>(t.textureObject, x, y, layer);
}
__FERROCM_TEXREF(1) tex1DLod(texture<T, hipTextureType1D, M> t, float x, float level) {
  return tex1DLod<__FERROCM_TEXREF_R>(t.textureObject, x, level);
}
__FERROCM_TEXREF(2) tex2DLod(texture<T, hipTextureType2D, M> t, float x, float y, float level) {
  return tex2DLod<__FERROCM_TEXREF_R>(t.textureObject, x, y, level);
}
__FERROCM_TEXREF(3) tex3DLod(texture<T, hipTextureType3D, M> t, float x, float y, float z,
                             float level) {
  return tex3DLod<__FERROCM_TEXREF_R>(t.textureObject, x, y, z, level);
}
__FERROCM_TEXREF(3) texCubemap(texture<T, hipTextureTypeCubemap, M> t, float x, float y, float z) {
  return texCubemap<__FERROCM_TEXREF_R>(t.textureObject, x, y, z);
}

#undef __FERROCM_TEXREF_R
#undef __FERROCM_TEXREF
#endif /* __cplusplus */
#endif /* FERROCM_AMD_DETAIL_TEXTURE_FETCH_FUNCTIONS_H */
