/* ferrocm: channel format descriptors (hipChannelFormatDesc, hipChannelFormatKind, in
 * driver_types.h). hipCreateChannelDesc is a runtime function ferrocm's runtime does not export
 * yet, so it is not declared here. */
#ifndef FERROCM_HIP_CHANNEL_DESCRIPTOR_H
#define FERROCM_HIP_CHANNEL_DESCRIPTOR_H
#include <hip/driver_types.h>
#endif
