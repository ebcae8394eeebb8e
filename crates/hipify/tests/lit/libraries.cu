// Library families to HIP: cuBLAS, cuRAND, cuFFT, cuSPARSE, cuComplex, NVRTC, cuSOLVER, CUB.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// CHECK: #include <hip/hip_runtime.h>
// CHECK: #include <hipblas.h>
#include <cublas_v2.h>
// CHECK: #include <hiprand/hiprand.h>
#include <curand.h>
// CHECK: #include <hiprand/hiprand_kernel.h>
#include <curand_kernel.h>
// CHECK: #include <hipfft/hipfft.h>
#include <cufft.h>
// CHECK: #include <hipsparse.h>
#include <cusparse.h>
// CHECK: #include <hip/hip_complex.h>
#include <cuComplex.h>
// CHECK: #include <hiprtc.h>
#include <nvrtc.h>
// CHECK: #include <hipsolver.h>
#include <cusolverDn.h>
// CHECK: #include <hipcub/hipcub.hpp>
#include <cub/cub.cuh>
// CHECK: __global__ void k(hiprandState *s) { hiprand_init(1234, threadIdx.x, 0, &s[threadIdx.x]); }
__global__ void k(curandState *s) { curand_init(1234, threadIdx.x, 0, &s[threadIdx.x]); }
void f(float *a, float *b, float *c, cufftComplex *d) {
  // CHECK: hipblasHandle_t h;
  cublasHandle_t h;
  // CHECK: hipblasStatus_t st = hipblasCreate(&h);
  cublasStatus_t st = cublasCreate(&h);
  const float one = 1.0f;
  // CHECK: hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_T, 4, 4, 4, &one, a, 4, b, 4, &one, c, 4);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, 4, 4, 4, &one, a, 4, b, 4, &one, c, 4);
  // CHECK: if (st == HIPBLAS_STATUS_SUCCESS) hipblasDestroy(h);
  if (st == CUBLAS_STATUS_SUCCESS) cublasDestroy(h);
  // CHECK: hiprandGenerator_t g;
  curandGenerator_t g;
  // CHECK: hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_DEFAULT);
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  // CHECK: hiprandGenerateUniform(g, a, 16);
  curandGenerateUniform(g, a, 16);
  // CHECK: hipfftHandle p;
  cufftHandle p;
  // CHECK: hipfftPlan1d(&p, 64, HIPFFT_C2C, 1);
  cufftPlan1d(&p, 64, CUFFT_C2C, 1);
  // CHECK: hipfftExecC2C(p, d, d, HIPFFT_FORWARD);
  cufftExecC2C(p, d, d, CUFFT_FORWARD);
  // CHECK: hipfftXtSubFormat_t sf = HIPFFT_XT_FORMAT_INPLACE_SHUFFLED;
  cufftXtSubFormat_t sf = CUFFT_XT_FORMAT_INPLACE_SHUFFLED;
  // WARN: {{.*}}libraries.cu:[[@LINE+3]]:3: warning: 'cufftProperty_t' is unsupported in 'HIP'.
  // WARN: {{.*}}libraries.cu:[[@LINE+2]]:24: warning: 'NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT' is unsupported in 'HIP'.
  // CHECK: cufftProperty_t pp = NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT;
  cufftProperty_t pp = NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT;
  // WARN: {{.*}}libraries.cu:[[@LINE+2]]:3: warning: 'cufftDescriptionHandle' is unsupported in 'HIP'.
  // CHECK: cufftDescriptionHandle dh;
  cufftDescriptionHandle dh;
  // WARN: {{.*}}libraries.cu:[[@LINE+3]]:3: warning: 'cufftDescriptionSetTraitInt64' is unsupported in 'HIP'.
  // WARN: {{.*}}libraries.cu:[[@LINE+2]]:37: warning: 'CUFFT_DESC_TRAIT_PRECISION' is unsupported in 'HIP'.
  // CHECK: cufftDescriptionSetTraitInt64(dh, CUFFT_DESC_TRAIT_PRECISION, CUFFT_DESC_DOUBLE);
  cufftDescriptionSetTraitInt64(dh, CUFFT_DESC_TRAIT_PRECISION, CUFFT_DESC_DOUBLE);
  // WARN: {{.*}}libraries.cu:[[@LINE+2]]:3: warning: 'cufftDeviceGetSemanticVersion' is unsupported in 'HIP'.
  // CHECK: cufftDeviceGetSemanticVersion(nullptr);
  cufftDeviceGetSemanticVersion(nullptr);
  // CHECK: hipsparseHandle_t sh;
  cusparseHandle_t sh;
  // CHECK: hipsparseCreate(&sh);
  cusparseCreate(&sh);
  // CHECK: hipFloatComplex z = make_hipFloatComplex(1.0f, 2.0f);
  cuFloatComplex z = make_cuFloatComplex(1.0f, 2.0f);
  // CHECK: float re = hipCrealf(hipCaddf(z, z));
  float re = cuCrealf(cuCaddf(z, z));
  // CHECK: hiprtcProgram prog;
  nvrtcProgram prog;
  // CHECK: hiprtcResult rr = hiprtcCompileProgram(prog, 0, nullptr);
  nvrtcResult rr = nvrtcCompileProgram(prog, 0, nullptr);
  // CHECK: hipsolverHandle_t dn;
  cusolverDnHandle_t dn;
  // CHECK: hipsolverDnCreate(&dn);
  cusolverDnCreate(&dn);
  // CHECK: hipsolverDnSgetrf(dn, 4, 4, nullptr, 4, nullptr, nullptr, nullptr);
  cusolverDnSgetrf(dn, 4, 4, nullptr, 4, nullptr, nullptr, nullptr);
  // CHECK: hipcub::DeviceReduce::Sum(nullptr, 0, nullptr, nullptr, 4);
  cub::DeviceReduce::Sum(nullptr, 0, nullptr, nullptr, 4);
  // CHECK: int cub = 0;
  int cub = 0;
}
