// Driver API: types, functions and enum values.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// CHECK: #include <hip/hip_runtime.h>
#include <cuda.h>
int main() {
  // CHECK: hipDevice_t dev;
  CUdevice dev;
  // CHECK: hipCtx_t ctx;
  CUcontext ctx;
  // CHECK: hipModule_t mod;
  CUmodule mod;
  // CHECK: hipFunction_t fn;
  CUfunction fn;
  // CHECK: hipDeviceptr_t ptr;
  CUdeviceptr ptr;
  // CHECK: hipInit(0);
  cuInit(0);
  // CHECK: hipDeviceGet(&dev, 0);
  cuDeviceGet(&dev, 0);
  // CHECK: hipModuleLoad(&mod, "k.co");
  cuModuleLoad(&mod, "k.co");
  // CHECK: hipModuleGetFunction(&fn, mod, "k");
  cuModuleGetFunction(&fn, mod, "k");
  // CHECK: hipMalloc(&ptr, 16);
  cuMemAlloc(&ptr, 16);
  // CHECK: hipModuleLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, 0, nullptr, nullptr);
  cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, 0, nullptr, nullptr);
  // CHECK: hipError_t r = hipFree(ptr);
  CUresult r = cuMemFree(ptr);
  // Green-context resources and fabric handles (HIP 7.14.0), and aliases of node parameter types.
  // CHECK: hipDevResource dres;
  CUdevResource dres;
  // CHECK: hipDevResourceType rt = hipDevResourceTypeSm;
  CUdevResourceType rt = CU_DEV_RESOURCE_TYPE_SM;
  // CHECK: hipDevSmResourceGroupParams gp;
  CU_DEV_SM_RESOURCE_GROUP_PARAMS gp;
  // CHECK: hipMemFabricHandle_t fh;
  CUmemFabricHandle fh;
  // CHECK: hipMemAllocationHandleType ht = hipMemHandleTypeFabric;
  CUmemAllocationHandleType ht = CU_MEM_HANDLE_TYPE_FABRIC;
  // CHECK: hipExternalSemaphoreSignalNodeParams sp;
  CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2 sp;
  // CHECK: hipError_t detached = hipErrorStreamDetached;
  CUresult detached = CUDA_ERROR_STREAM_DETACHED;
  // WARN: {{.*}}driver_api.cu:[[@LINE+2]]:3: warning: 'cuCheckpointProcessLock' is unsupported in 'HIP'.
  // CHECK: cuCheckpointProcessLock(0, nullptr);
  cuCheckpointProcessLock(0, nullptr);
  // CHECK: return r == hipSuccess ? 0 : 1;
  return r == CUDA_SUCCESS ? 0 : 1;
}
