/* ferrocm: AMD's extensions to the HIP runtime API (ROCm's hip/hip_ext.h).
 *
 * hipExtModuleLaunchKernel and hipHccModuleLaunchKernel take the grid in work-items (not
 * blocks) and time the launch between optional start and stop events; hipExtLaunchKernel (in
 * hip_runtime_api.h) does the same for a kernel by host function. hipExtLaunchKernelGGL is
 * a macro: a `<<<>>>` launch of the kernel (so arguments convert to the kernel's parameter
 * types) between optional records of a start and a stop event on the same stream. `flags`
 * (hipExtAnyOrderLaunch) lets a stream run launches out of order; the CPU device keeps the
 * order, which that allows. */
#ifndef FERROCM_HIP_EXT_H
#define FERROCM_HIP_EXT_H

#include <hip/hip_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif
hipError_t hipExtModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
                                    uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
                                    uint32_t localWorkSizeX, uint32_t localWorkSizeY,
                                    uint32_t localWorkSizeZ, size_t sharedMemBytes,
                                    hipStream_t hStream, void** kernelParams, void** extra,
                                    hipEvent_t startEvent __FERROCM_DPARM(NULL),
                                    hipEvent_t stopEvent __FERROCM_DPARM(NULL),
                                    uint32_t flags __FERROCM_DPARM(0));
hipError_t hipHccModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX,
                                    uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
                                    uint32_t blockDimX, uint32_t blockDimY, uint32_t blockDimZ,
                                    size_t sharedMemBytes, hipStream_t hStream,
                                    void** kernelParams, void** extra,
                                    hipEvent_t startEvent __FERROCM_DPARM(NULL),
                                    hipEvent_t stopEvent __FERROCM_DPARM(NULL));
#ifdef __cplusplus
}
#endif

#if defined(__cplusplus) && (defined(__HIP__) || defined(__CUDA__))
/* A macro, as hipLaunchKernelGGL is: a function template would have to convert the kernel to a
 * plain function pointer, which clang 19 refuses in the device pass for AMD's generic target (a
 * kernel's calling convention is part of its type there), so template kernels named without
 * their arguments deduced could not be launched. */
static inline void __ferrocm_ext_record(hipEvent_t event, hipStream_t stream) {
  if (event) hipEventRecord(event, stream);
}
#define hipExtLaunchKernelGGL(kernel, numBlocks, dimBlocks, sharedMemBytes, stream, startEvent,  \
                              stopEvent, flags, ...)                                            \
  do {                                                                                          \
    hipStream_t __ferrocm_s = (stream);                                                         \
    (void)(flags);                                                                              \
    __ferrocm_ext_record((startEvent), __ferrocm_s);                                            \
    kernel<<<(numBlocks), (dimBlocks), (sharedMemBytes), __ferrocm_s>>>(__VA_ARGS__);            \
    __ferrocm_ext_record((stopEvent), __ferrocm_s);                                             \
  } while (0)
#endif

#endif /* FERROCM_HIP_EXT_H */
