/* ferrocm: ROCm's hip/amd_detail/hip_assert.h, which programs and libraries include directly: here,
 * device assert come from <hip/hip_assert.h>. */
#ifndef FERROCM_AMD_DETAIL_HIP_ASSERT_H
#define FERROCM_AMD_DETAIL_HIP_ASSERT_H
#include <hip/hip_assert.h>
#endif
