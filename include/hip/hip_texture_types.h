/* ferrocm: HIP's name for the texture declarations (see texture_types.h). */
#ifndef FERROCM_HIP_HIP_TEXTURE_TYPES_H
#define FERROCM_HIP_HIP_TEXTURE_TYPES_H
#include <hip/texture_types.h>
#endif
