/* ferrocm: ROCm's header for texture fetches. Texture objects are sampled by the functions of
 * texture_indirect_functions.h; the legacy texture references (texture<T, dim, mode> and their
 * fetches) are not provided. */
#ifndef FERROCM_AMD_DETAIL_TEXTURE_FETCH_FUNCTIONS_H
#define FERROCM_AMD_DETAIL_TEXTURE_FETCH_FUNCTIONS_H
#include <hip/amd_detail/texture_indirect_functions.h>
#endif
