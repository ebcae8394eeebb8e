// Driver API: types, functions and enum values.
// RUN: %hipify %s -o=%t && FileCheck %s --input-file=%t
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
  // CHECK: return r == hipSuccess ? 0 : 1;
  return r == CUDA_SUCCESS ? 0 : 1;
}
