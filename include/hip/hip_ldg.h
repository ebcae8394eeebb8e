/* ferrocm: __ldg, the read-only-cache load. The CPU device has one cache hierarchy, so each is a
 * plain load. Every type ROCm's header overloads is here, plus the remaining vector types, as
 * non-template overloads (so a user's template or overload for another type is unaffected).
 * __half and __half2 have theirs in hip_fp16.h. */
#ifndef FERROCM_HIP_LDG_H
#define FERROCM_HIP_LDG_H

#include <hip/hip_defines.h>
#include <hip/hip_vector_types.h>

#if defined(__HIP__)
#define __FERROCM_LDG(T) \
  __FERROCM_DEVICE T __ldg(const T *ptr) { return *ptr; }
__FERROCM_LDG(char)
__FERROCM_LDG(char2)
__FERROCM_LDG(char4)
__FERROCM_LDG(signed char)
__FERROCM_LDG(unsigned char)
__FERROCM_LDG(short)
__FERROCM_LDG(short2)
__FERROCM_LDG(short4)
__FERROCM_LDG(unsigned short)
__FERROCM_LDG(int)
__FERROCM_LDG(int2)
__FERROCM_LDG(int4)
__FERROCM_LDG(unsigned int)
__FERROCM_LDG(long)
__FERROCM_LDG(unsigned long)
__FERROCM_LDG(long long)
__FERROCM_LDG(longlong2)
__FERROCM_LDG(unsigned long long)
__FERROCM_LDG(uchar2)
__FERROCM_LDG(uchar4)
__FERROCM_LDG(ushort2)
__FERROCM_LDG(uint2)
__FERROCM_LDG(uint4)
__FERROCM_LDG(ulonglong2)
__FERROCM_LDG(float)
__FERROCM_LDG(float2)
__FERROCM_LDG(float4)
__FERROCM_LDG(double)
__FERROCM_LDG(double2)
__FERROCM_LDG(ushort4)
__FERROCM_LDG(long2)
__FERROCM_LDG(ulong2)
__FERROCM_LDG(longlong4)
__FERROCM_LDG(ulonglong4)
__FERROCM_LDG(double4)
__FERROCM_LDG(char1)
__FERROCM_LDG(uchar1)
__FERROCM_LDG(short1)
__FERROCM_LDG(ushort1)
__FERROCM_LDG(int1)
__FERROCM_LDG(uint1)
__FERROCM_LDG(float1)
__FERROCM_LDG(double1)
__FERROCM_LDG(int3)
__FERROCM_LDG(uint3)
__FERROCM_LDG(float3)
#undef __FERROCM_LDG
#endif /* __HIP__ */

#endif /* FERROCM_HIP_LDG_H */
