/* ferrocm: the surface types of the HIP runtime API, with HIP 6's values (the device functions
 * are in amd_detail/surface_functions.h). */
#ifndef FERROCM_HIP_SURFACE_TYPES_H
#define FERROCM_HIP_SURFACE_TYPES_H

#include <hip/driver_types.h>

typedef struct __hip_surface* hipSurfaceObject_t;

typedef enum hipSurfaceBoundaryMode {
  hipBoundaryModeZero = 0,
  hipBoundaryModeTrap = 1,
  hipBoundaryModeClamp = 2
} hipSurfaceBoundaryMode;

/* A surface reference (the legacy API). */
struct surfaceReference {
  hipSurfaceObject_t surfaceObject;
};

#endif /* FERROCM_HIP_SURFACE_TYPES_H */
