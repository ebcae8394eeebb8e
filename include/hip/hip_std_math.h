/* ferrocm: the float functions of C's <math.h> (floorf, sqrtf, ...) also as std::floorf and so
 * on, in device code, as HIP provides them: libstdc++ before GCC 14 declares none of them in
 * namespace std, and its own float overloads (std::floor(float)) are host functions. The device
 * overloads of hip_math.h are pulled into std beside the C library's host ones (C++ only, after
 * <cmath>). */
#ifndef FERROCM_HIP_STD_MATH_H
#define FERROCM_HIP_STD_MATH_H

#if defined(__HIP__) && defined(__cplusplus) && !defined(__HIPCC_RTC__)
#include <cmath>
#include <hip/hip_math.h>

namespace std {
using ::acosf; using ::acoshf; using ::asinf; using ::asinhf; using ::atan2f; using ::atanf;
using ::atanhf; using ::cbrtf; using ::ceilf; using ::copysignf; using ::cosf; using ::coshf;
using ::erfcf; using ::erff; using ::exp2f; using ::expf; using ::expm1f; using ::fabsf;
using ::fdimf; using ::floorf; using ::fmaf; using ::fmaxf; using ::fminf; using ::fmodf;
using ::frexpf; using ::hypotf; using ::ilogbf; using ::ldexpf; using ::lgammaf; using ::llrintf;
using ::llroundf; using ::log10f; using ::log1pf; using ::log2f; using ::logbf; using ::logf;
using ::lrintf; using ::lroundf; using ::modff; using ::nearbyintf; using ::nextafterf; using ::powf;
using ::remainderf; using ::remquof; using ::rintf; using ::roundf; using ::scalblnf; using ::scalbnf;
using ::sinf; using ::sinhf; using ::sqrtf; using ::tanf; using ::tanhf; using ::tgammaf;
using ::truncf;
}
#endif

#endif /* FERROCM_HIP_STD_MATH_H */
