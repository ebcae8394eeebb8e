/* ferrocm: reading and writing surface objects in device code (surf1D/2D/3D read and write, the
 * layered and cubemap forms), with x in bytes as in HIP and CUDA. A hipSurfaceObject_t is the
 * address of the same descriptor a texture object has (see texture_indirect_functions.h).
 * Out-of-range accesses follow the boundary mode: hipBoundaryModeZero reads zero and drops
 * writes (the default, as in HIP), hipBoundaryModeClamp clamps to the edge, hipBoundaryModeTrap
 * traps. */
#ifndef FERROCM_AMD_DETAIL_SURFACE_FUNCTIONS_H
#define FERROCM_AMD_DETAIL_SURFACE_FUNCTIONS_H

#if defined(__cplusplus)

#include <hip/amd_detail/texture_indirect_functions.h>
#include <hip/surface_types.h>

/* The address of a sizeof-`size` access at byte x, row y, slice z; null when it is out of range
 * under hipBoundaryModeZero. */
__device__ static inline unsigned char* __ferrocm_surf_addr(hipSurfaceObject_t obj, int x, int y,
                                                            int z, unsigned int size, int mode) {
  const __ferrocm_texture* t = reinterpret_cast<const __ferrocm_texture*>(obj);
  const __ferrocm_tex_level& l = t->levels[0];
  long long row = (long long)(l.width * t->elem_size);
  bool out = x < 0 || (long long)x + size > row || y < 0 || (unsigned long long)y >= l.rows ||
             z < 0 || (unsigned long long)z >= l.slices;
  if (out) {
    if (mode == hipBoundaryModeTrap) __builtin_trap();
    if (mode != hipBoundaryModeClamp) return nullptr;
    long long xm = row - (long long)size;
    x = x < 0 ? 0 : (x > xm ? (int)xm : x);
    y = y < 0 ? 0 : ((unsigned long long)y >= l.rows ? (int)l.rows - 1 : y);
    z = z < 0 ? 0 : ((unsigned long long)z >= l.slices ? (int)l.slices - 1 : z);
  }
  return reinterpret_cast<unsigned char*>(l.data) + (unsigned long long)z * l.slice_pitch +
         (unsigned long long)y * l.pitch + (unsigned long long)x;
}

template <typename T>
__device__ static inline T __ferrocm_surf_load(hipSurfaceObject_t obj, int x, int y, int z, int mode) {
  const unsigned char* p = __ferrocm_surf_addr(obj, x, y, z, sizeof(T), mode);
  T v;
  unsigned char* d = reinterpret_cast<unsigned char*>(&v);
  for (unsigned int i = 0; i < sizeof(T); ++i) d[i] = p ? p[i] : 0;
  return v;
}

template <typename T>
__device__ static inline void __ferrocm_surf_store(T v, hipSurfaceObject_t obj, int x, int y, int z,
                                                   int mode) {
  unsigned char* p = __ferrocm_surf_addr(obj, x, y, z, sizeof(T), mode);
  if (!p) return;
  const unsigned char* s = reinterpret_cast<const unsigned char*>(&v);
  for (unsigned int i = 0; i < sizeof(T); ++i) p[i] = s[i];
}

#define __FERROCM_SURF_T template <typename T> __device__ static inline
#define __FERROCM_SURF_MODE int boundaryMode = hipBoundaryModeZero

/* Value-returning forms (CUDA's spelling) and HIP's out-parameter reads. */
__FERROCM_SURF_T T surf1Dread(hipSurfaceObject_t s, int x, __FERROCM_SURF_MODE) {
  return __ferrocm_surf_load<T>(s, x, 0, 0, boundaryMode);
}
__FERROCM_SURF_T void surf1Dread(T* data, hipSurfaceObject_t s, int x, __FERROCM_SURF_MODE) {
  *data = __ferrocm_surf_load<T>(s, x, 0, 0, boundaryMode);
}
__FERROCM_SURF_T void surf1Dwrite(T data, hipSurfaceObject_t s, int x, __FERROCM_SURF_MODE) {
  __ferrocm_surf_store(data, s, x, 0, 0, boundaryMode);
}
__FERROCM_SURF_T T surf2Dread(hipSurfaceObject_t s, int x, int y, __FERROCM_SURF_MODE) {
  return __ferrocm_surf_load<T>(s, x, y, 0, boundaryMode);
}
__FERROCM_SURF_T void surf2Dread(T* data, hipSurfaceObject_t s, int x, int y, __FERROCM_SURF_MODE) {
  *data = __ferrocm_surf_load<T>(s, x, y, 0, boundaryMode);
}
__FERROCM_SURF_T void surf2Dwrite(T data, hipSurfaceObject_t s, int x, int y, __FERROCM_SURF_MODE) {
  __ferrocm_surf_store(data, s, x, y, 0, boundaryMode);
}
__FERROCM_SURF_T T surf3Dread(hipSurfaceObject_t s, int x, int y, int z, __FERROCM_SURF_MODE) {
  return __ferrocm_surf_load<T>(s, x, y, z, boundaryMode);
}
__FERROCM_SURF_T void surf3Dread(T* data, hipSurfaceObject_t s, int x, int y, int z,
                                 __FERROCM_SURF_MODE) {
  *data = __ferrocm_surf_load<T>(s, x, y, z, boundaryMode);
}
__FERROCM_SURF_T void surf3Dwrite(T data, hipSurfaceObject_t s, int x, int y, int z,
                                  __FERROCM_SURF_MODE) {
  __ferrocm_surf_store(data, s, x, y, z, boundaryMode);
}
/* A 1-D layered array keeps one row per layer (layers are its slices). */
__FERROCM_SURF_T T surf1DLayeredread(hipSurfaceObject_t s, int x, int layer, __FERROCM_SURF_MODE) {
  return __ferrocm_surf_load<T>(s, x, 0, layer, boundaryMode);
}
__FERROCM_SURF_T void surf1DLayeredread(T* data, hipSurfaceObject_t s, int x, int layer,
                                        __FERROCM_SURF_MODE) {
  *data = __ferrocm_surf_load<T>(s, x, 0, layer, boundaryMode);
}
__FERROCM_SURF_T void surf1DLayeredwrite(T data, hipSurfaceObject_t s, int x, int layer,
                                         __FERROCM_SURF_MODE) {
  __ferrocm_surf_store(data, s, x, 0, layer, boundaryMode);
}
__FERROCM_SURF_T T surf2DLayeredread(hipSurfaceObject_t s, int x, int y, int layer,
                                     __FERROCM_SURF_MODE) {
  return __ferrocm_surf_load<T>(s, x, y, layer, boundaryMode);
}
__FERROCM_SURF_T void surf2DLayeredread(T* data, hipSurfaceObject_t s, int x, int y, int layer,
                                        __FERROCM_SURF_MODE) {
  *data = __ferrocm_surf_load<T>(s, x, y, layer, boundaryMode);
}
__FERROCM_SURF_T void surf2DLayeredwrite(T data, hipSurfaceObject_t s, int x, int y, int layer,
                                         __FERROCM_SURF_MODE) {
  __ferrocm_surf_store(data, s, x, y, layer, boundaryMode);
}
__FERROCM_SURF_T T surfCubemapread(hipSurfaceObject_t s, int x, int y, int face,
                                   __FERROCM_SURF_MODE) {
  return __ferrocm_surf_load<T>(s, x, y, face, boundaryMode);
}
__FERROCM_SURF_T void surfCubemapread(T* data, hipSurfaceObject_t s, int x, int y, int face,
                                      __FERROCM_SURF_MODE) {
  *data = __ferrocm_surf_load<T>(s, x, y, face, boundaryMode);
}
__FERROCM_SURF_T void surfCubemapwrite(T data, hipSurfaceObject_t s, int x, int y, int face,
                                       __FERROCM_SURF_MODE) {
  __ferrocm_surf_store(data, s, x, y, face, boundaryMode);
}
__FERROCM_SURF_T T surfCubemapLayeredread(hipSurfaceObject_t s, int x, int y, int face, int layer,
                                          __FERROCM_SURF_MODE) {
  return __ferrocm_surf_load<T>(s, x, y, layer * 6 + face, boundaryMode);
}
__FERROCM_SURF_T void surfCubemapLayeredread(T* data, hipSurfaceObject_t s, int x, int y, int face,
                                             int layer, __FERROCM_SURF_MODE) {
  *data = __ferrocm_surf_load<T>(s, x, y, layer * 6 + face, boundaryMode);
}
__FERROCM_SURF_T void surfCubemapLayeredwrite(T data, hipSurfaceObject_t s, int x, int y, int face,
                                              int layer, __FERROCM_SURF_MODE) {
  __ferrocm_surf_store(data, s, x, y, layer * 6 + face, boundaryMode);
}

#undef __FERROCM_SURF_MODE
#undef __FERROCM_SURF_T

#endif /* __cplusplus */
#endif /* FERROCM_AMD_DETAIL_SURFACE_FUNCTIONS_H */
