/* ferrocm: the name older ROCm programs include for bfloat16 (hip_bfloat16); everything lives in
 * hip_bf16.h. */
#ifndef FERROCM_HIP_BFLOAT16_H
#define FERROCM_HIP_BFLOAT16_H
#include <hip/hip_bf16.h>
#endif
