/* ferrocm: AMD's extensions to the HIP runtime API (ROCm's hip/hip_ext.h).
 *
 * hipExtLaunchKernelGGL is provided here, header-only: the launch (a `<<<>>>` launch of the
 * kernel) between optional records of a start and a stop event on the same stream; `flags` has
 * no meaning on the CPU device. The extension functions of the runtime library itself
 * (hipExtModuleLaunchKernel, hipExtMallocWithFlags, hipExtGetLinkTypeAndHopCount, ...) are not
 * declared: ferrocm's runtime does not export them yet. */
#ifndef FERROCM_HIP_EXT_H
#define FERROCM_HIP_EXT_H

#include <hip/hip_runtime.h>

#if defined(__cplusplus) && (defined(__HIP__) || defined(__CUDA__))
template <typename... __Args, typename __F = void (*)(__Args...)>
inline void hipExtLaunchKernelGGL(__F kernel, const dim3 &numBlocks, const dim3 &dimBlocks,
                                  unsigned int sharedMemBytes, hipStream_t stream,
                                  hipEvent_t startEvent, hipEvent_t stopEvent, unsigned int flags,
                                  __Args... args) {
  (void)flags;
  if (startEvent) hipEventRecord(startEvent, stream);
  kernel<<<numBlocks, dimBlocks, sharedMemBytes, stream>>>(args...);
  if (stopEvent) hipEventRecord(stopEvent, stream);
}
#endif

#endif /* FERROCM_HIP_EXT_H */
