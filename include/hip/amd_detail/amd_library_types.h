/* ferrocm: ROCm's hip/amd_detail/amd_library_types.h, which programs and libraries include directly: here,
 * the library data types come from <hip/library_types.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_LIBRARY_TYPES_H
#define FERROCM_AMD_DETAIL_AMD_LIBRARY_TYPES_H
#include <hip/library_types.h>
#endif
