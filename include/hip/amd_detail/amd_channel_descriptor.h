/* ferrocm: ROCm's hip/amd_detail/amd_channel_descriptor.h, which programs and libraries include directly: here,
 * the channel format descriptors come from <hip/channel_descriptor.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_CHANNEL_DESCRIPTOR_H
#define FERROCM_AMD_DETAIL_AMD_CHANNEL_DESCRIPTOR_H
#include <hip/channel_descriptor.h>
#endif
