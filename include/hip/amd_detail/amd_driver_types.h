/* ferrocm: ROCm's hip/amd_detail/amd_driver_types.h, which programs and libraries include directly: here,
 * the driver API types come from <hip/driver_types.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_DRIVER_TYPES_H
#define FERROCM_AMD_DETAIL_AMD_DRIVER_TYPES_H
#include <hip/driver_types.h>
#endif
