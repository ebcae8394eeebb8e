/* ferrocm: channel format descriptors. hipChannelFormatDesc and hipChannelFormatKind are in
 * driver_types.h, hipCreateChannelDesc(x, y, z, w, f) in hip_runtime_api.h; this adds HIP's C++
 * hipCreateChannelDesc<T>(), the descriptor of an element type. */
#ifndef FERROCM_HIP_CHANNEL_DESCRIPTOR_H
#define FERROCM_HIP_CHANNEL_DESCRIPTOR_H
#include <hip/driver_types.h>
#include <hip/hip_runtime_api.h>

#if defined(__cplusplus)
#include <hip/hip_vector_types.h>

/* Types that are no texel: kind None, no components. */
template <typename T> static inline hipChannelFormatDesc hipCreateChannelDesc() {
  return hipCreateChannelDesc(0, 0, 0, 0, hipChannelFormatKindNone);
}

#define __FERROCM_CHANNEL_DESC(T, BITS, N, KIND)                                                   \
  template <> inline hipChannelFormatDesc hipCreateChannelDesc<T>() {                              \
    return hipCreateChannelDesc(BITS, N > 1 ? BITS : 0, N > 2 ? BITS : 0, N > 3 ? BITS : 0, KIND); \
  }
#define __FERROCM_CHANNEL_DESCS(P, BITS, KIND)                                                     \
  __FERROCM_CHANNEL_DESC(P##1, BITS, 1, KIND)                                                      \
  __FERROCM_CHANNEL_DESC(P##2, BITS, 2, KIND)                                                      \
  __FERROCM_CHANNEL_DESC(P##3, BITS, 3, KIND)                                                      \
  __FERROCM_CHANNEL_DESC(P##4, BITS, 4, KIND)

__FERROCM_CHANNEL_DESC(char, 8, 1, hipChannelFormatKindSigned)
__FERROCM_CHANNEL_DESC(signed char, 8, 1, hipChannelFormatKindSigned)
__FERROCM_CHANNEL_DESC(unsigned char, 8, 1, hipChannelFormatKindUnsigned)
__FERROCM_CHANNEL_DESC(short, 16, 1, hipChannelFormatKindSigned)
__FERROCM_CHANNEL_DESC(unsigned short, 16, 1, hipChannelFormatKindUnsigned)
__FERROCM_CHANNEL_DESC(int, 32, 1, hipChannelFormatKindSigned)
__FERROCM_CHANNEL_DESC(unsigned int, 32, 1, hipChannelFormatKindUnsigned)
__FERROCM_CHANNEL_DESC(float, 32, 1, hipChannelFormatKindFloat)
__FERROCM_CHANNEL_DESCS(char, 8, hipChannelFormatKindSigned)
__FERROCM_CHANNEL_DESCS(uchar, 8, hipChannelFormatKindUnsigned)
__FERROCM_CHANNEL_DESCS(short, 16, hipChannelFormatKindSigned)
__FERROCM_CHANNEL_DESCS(ushort, 16, hipChannelFormatKindUnsigned)
__FERROCM_CHANNEL_DESCS(int, 32, hipChannelFormatKindSigned)
__FERROCM_CHANNEL_DESCS(uint, 32, hipChannelFormatKindUnsigned)
__FERROCM_CHANNEL_DESCS(float, 32, hipChannelFormatKindFloat)
#undef __FERROCM_CHANNEL_DESCS
#undef __FERROCM_CHANNEL_DESC

#endif /* __cplusplus */
#endif /* FERROCM_HIP_CHANNEL_DESCRIPTOR_H */
