/* ferrocm: HIP's profiling markers (ROCm's hip/hip_profile.h). The markers annotate a trace for
 * AMD's profilers; ferrocm has no such tracer, so they expand to nothing. */
#ifndef FERROCM_HIP_PROFILE_H
#define FERROCM_HIP_PROFILE_H
#define HIP_SCOPED_MARKER(markerName, group)
#define HIP_BEGIN_MARKER(markerName, group)
#define HIP_END_MARKER()
#endif
