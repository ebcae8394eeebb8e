/* ferrocm: copy kinds and the pitched-memory structures of the HIP runtime API.
 * Plain C, usable from C and C++. Layouts are HIP 6's. */
#ifndef FERROCM_HIP_DRIVER_TYPES_H
#define FERROCM_HIP_DRIVER_TYPES_H

#include <stddef.h>

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4
} hipMemcpyKind;

typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;

/* Arrays (textures) have no CPU-device implementation; the handle type exists so the 3-D
 * copy structure has its layout. Copies naming an array fail with hipErrorNotSupported. */
typedef struct hipArray* hipArray_t;

typedef struct hipPitchedPtr {
  void* ptr;
  size_t pitch; /* bytes per row */
  size_t xsize; /* row width in bytes (logical) */
  size_t ysize; /* rows per slice */
} hipPitchedPtr;

typedef struct hipExtent {
  size_t width; /* bytes, for linear memory */
  size_t height;
  size_t depth;
} hipExtent;

typedef struct hipPos {
  size_t x; /* bytes, for linear memory */
  size_t y;
  size_t z;
} hipPos;

typedef struct hipMemcpy3DParms {
  hipArray_t srcArray;
  struct hipPos srcPos;
  struct hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  struct hipPos dstPos;
  struct hipPitchedPtr dstPtr;
  struct hipExtent extent;
  enum hipMemcpyKind kind;
} hipMemcpy3DParms;

#endif /* FERROCM_HIP_DRIVER_TYPES_H */
