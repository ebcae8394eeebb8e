/* ferrocm: the per-thread default stream entry points (`*_spt`). hip_runtime_api.h includes this
 * header at its end; programs may also include it directly.
 *
 * With HIP_API_PER_THREAD_DEFAULT_STREAM defined (clang defines it for
 * -fgpu-default-stream=per-thread), the plain names below are mapped onto their `_spt` forms, in
 * which stream 0 means the calling thread's default stream (hipStreamPerThread) instead of the
 * legacy null stream, and synchronous copies and fills order with that stream only. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#define FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Copies and fills. */
hipError_t hipMemcpy_spt(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync_spt(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind,
                              hipStream_t stream);
hipError_t hipMemcpyToSymbol_spt(const void* symbol, const void* src, size_t sizeBytes,
                                 size_t offset __FERROCM_DPARM(0),
                                 hipMemcpyKind kind __FERROCM_DPARM(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol_spt(void* dst, const void* symbol, size_t sizeBytes,
                                   size_t offset __FERROCM_DPARM(0),
                                   hipMemcpyKind kind __FERROCM_DPARM(hipMemcpyDeviceToHost));
hipError_t hipMemcpyToSymbolAsync_spt(const void* symbol, const void* src, size_t sizeBytes,
                                      size_t offset, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyFromSymbolAsync_spt(void* dst, const void* symbol, size_t sizeBytes,
                                        size_t offset, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy2D_spt(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                           size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync_spt(void* dst, size_t dpitch, const void* src, size_t spitch,
                                size_t width, size_t height, hipMemcpyKind kind,
                                hipStream_t stream);
hipError_t hipMemcpy2DFromArray_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                    size_t wOffset, size_t hOffset, size_t width, size_t height,
                                    hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArrayAsync_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                         size_t wOffsetSrc, size_t hOffsetSrc, size_t width,
                                         size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                  size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DToArrayAsync_spt(hipArray_t dst, size_t wOffset, size_t hOffset,
                                       const void* src, size_t spitch, size_t width, size_t height,
                                       hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyFromArray_spt(void* dst, hipArray_const_t src, size_t wOffsetSrc,
                                  size_t hOffset, size_t count, hipMemcpyKind kind);
hipError_t hipMemcpy3D_spt(const struct hipMemcpy3DParms* p);
hipError_t hipMemcpy3DAsync_spt(const struct hipMemcpy3DParms* p, hipStream_t stream);
hipError_t hipMemset_spt(void* dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync_spt(void* dst, int value, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemset2D_spt(void* dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync_spt(void* dst, size_t pitch, int value, size_t width, size_t height,
                                hipStream_t stream);
hipError_t hipMemset3D_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                                hipStream_t stream);

/* Streams and events. */
hipError_t hipStreamQuery_spt(hipStream_t stream);
hipError_t hipStreamSynchronize_spt(hipStream_t stream);
hipError_t hipStreamGetPriority_spt(hipStream_t stream, int* priority);
hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int* flags);
hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event,
                                  unsigned int flags __FERROCM_DPARM(0));
hipError_t hipStreamAddCallback_spt(hipStream_t stream, hipStreamCallback_t callback,
                                    void* userData, unsigned int flags);
hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn, void* userData);
hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream __FERROCM_DPARM(0));

/* Launches. */
hipError_t hipLaunchKernel_spt(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                               void** args, size_t sharedMemBytes, hipStream_t stream);
hipError_t hipLaunchCooperativeKernel_spt(const void* f, dim3 gridDim, dim3 blockDim,
                                          void** kernelParams, uint32_t sharedMemBytes,
                                          hipStream_t hStream);

/* Graphs and capture. */
hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipStreamBeginCapture_spt(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture_spt(hipStream_t stream, hipGraph_t* pGraph);
hipError_t hipStreamIsCapturing_spt(hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus);
hipError_t hipStreamGetCaptureInfo_spt(hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus,
                                       unsigned long long* pId);
hipError_t hipStreamGetCaptureInfo_v2_spt(hipStream_t stream,
                                          hipStreamCaptureStatus* captureStatus_out,
                                          unsigned long long* id_out, hipGraph_t* graph_out,
                                          const hipGraphNode_t** dependencies_out,
                                          size_t* numDependencies_out);

#ifdef __cplusplus
} /* extern "C" */

/* Symbols given as the variable itself, as the plain calls accept them. */
template <class T>
static inline hipError_t hipMemcpyToSymbol_spt(const T& symbol, const void* src, size_t sizeBytes,
                                               size_t offset = 0,
                                               hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol_spt((const void*)&symbol, src, sizeBytes, offset, kind);
}
template <class T>
static inline hipError_t hipMemcpyFromSymbol_spt(void* dst, const T& symbol, size_t sizeBytes,
                                                 size_t offset = 0,
                                                 hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol_spt(dst, (const void*)&symbol, sizeBytes, offset, kind);
}
template <class T>
static inline hipError_t hipMemcpyToSymbolAsync_spt(const T& symbol, const void* src,
                                                    size_t sizeBytes, size_t offset,
                                                    hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync_spt((const void*)&symbol, src, sizeBytes, offset, kind, stream);
}
template <class T>
static inline hipError_t hipMemcpyFromSymbolAsync_spt(void* dst, const T& symbol,
                                                      size_t sizeBytes, size_t offset,
                                                      hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync_spt(dst, (const void*)&symbol, sizeBytes, offset, kind, stream);
}
template <class F>
static inline hipError_t hipLaunchKernel_spt(F* func, dim3 numBlocks, dim3 dimBlocks, void** args,
                                             size_t sharedMemBytes = 0, hipStream_t stream = 0) {
  return hipLaunchKernel_spt((const void*)func, numBlocks, dimBlocks, args, sharedMemBytes,
                             stream);
}
template <class F>
static inline hipError_t hipLaunchCooperativeKernel_spt(F* func, dim3 gridDim, dim3 blockDim,
                                                        void** kernelParams,
                                                        unsigned int sharedMemBytes,
                                                        hipStream_t stream) {
  return hipLaunchCooperativeKernel_spt((const void*)func, gridDim, blockDim, kernelParams,
                                        sharedMemBytes, stream);
}
#endif /* __cplusplus */

/* Placed after every declaration of the plain names so those keep their own symbols. */
#if defined(HIP_API_PER_THREAD_DEFAULT_STREAM)
#define hipMemcpy hipMemcpy_spt
#define hipMemcpyAsync hipMemcpyAsync_spt
#define hipMemcpyToSymbol hipMemcpyToSymbol_spt
#define hipMemcpyFromSymbol hipMemcpyFromSymbol_spt
#define hipMemcpyToSymbolAsync hipMemcpyToSymbolAsync_spt
#define hipMemcpyFromSymbolAsync hipMemcpyFromSymbolAsync_spt
#define hipMemcpy2D hipMemcpy2D_spt
#define hipMemcpy2DAsync hipMemcpy2DAsync_spt
#define hipMemcpy2DFromArray hipMemcpy2DFromArray_spt
#define hipMemcpy2DFromArrayAsync hipMemcpy2DFromArrayAsync_spt
#define hipMemcpy2DToArray hipMemcpy2DToArray_spt
#define hipMemcpy2DToArrayAsync hipMemcpy2DToArrayAsync_spt
#define hipMemcpyFromArray hipMemcpyFromArray_spt
#define hipMemcpy3D hipMemcpy3D_spt
#define hipMemcpy3DAsync hipMemcpy3DAsync_spt
#define hipMemset hipMemset_spt
#define hipMemsetAsync hipMemsetAsync_spt
#define hipMemset2D hipMemset2D_spt
#define hipMemset2DAsync hipMemset2DAsync_spt
#define hipMemset3D hipMemset3D_spt
#define hipMemset3DAsync hipMemset3DAsync_spt
#define hipStreamQuery hipStreamQuery_spt
#define hipStreamSynchronize hipStreamSynchronize_spt
#define hipStreamGetPriority hipStreamGetPriority_spt
#define hipStreamGetFlags hipStreamGetFlags_spt
#define hipStreamWaitEvent hipStreamWaitEvent_spt
#define hipStreamAddCallback hipStreamAddCallback_spt
#define hipLaunchHostFunc hipLaunchHostFunc_spt
#define hipEventRecord hipEventRecord_spt
#define hipLaunchKernel hipLaunchKernel_spt
#define hipLaunchCooperativeKernel hipLaunchCooperativeKernel_spt
#define hipGraphLaunch hipGraphLaunch_spt
#define hipStreamBeginCapture hipStreamBeginCapture_spt
#define hipStreamEndCapture hipStreamEndCapture_spt
#define hipStreamIsCapturing hipStreamIsCapturing_spt
#define hipStreamGetCaptureInfo hipStreamGetCaptureInfo_spt
#define hipStreamGetCaptureInfo_v2 hipStreamGetCaptureInfo_v2_spt
#endif

#endif /* FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H */
