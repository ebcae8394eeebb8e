/* ferrocm: the JIT linker's option and input enums (ROCm's hip/linker_types.h); they are declared
 * with the runtime API (hip_runtime_api.h). */
#ifndef FERROCM_HIP_LINKER_TYPES_H
#define FERROCM_HIP_LINKER_TYPES_H
#include <hip/hip_runtime_api.h>
#endif
