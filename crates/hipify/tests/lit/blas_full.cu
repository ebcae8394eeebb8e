// The full cuBLAS table: types, helpers, levels 1-3, extensions, the ILP64 `_64` forms and cublasLt.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %hipify %s -o=%t.roc --roc 2>%t.roc.err && FileCheck %s --check-prefix=ROC --input-file=%t.roc
// RUN: FileCheck %s --check-prefix=ROCWARN --input-file=%t.roc.err
// CHECK: #include <hipblas.h>
// ROC: #include <rocblas.h>
#include <cublas_v2.h>
// CHECK: #include <hipblaslt.h>
// ROC: #include <hipblaslt.h>
#include <cublasLt.h>
#include <cstdint>

void types() {
  // CHECK: hipblasAtomicsMode_t am = HIPBLAS_ATOMICS_ALLOWED;
  // ROC: rocblas_atomics_mode am = rocblas_atomics_allowed;
  cublasAtomicsMode_t am = CUBLAS_ATOMICS_ALLOWED;
  // CHECK: hipblasComputeType_t ct = HIPBLAS_COMPUTE_32F_FAST_TF32;
  cublasComputeType_t ct = CUBLAS_COMPUTE_32F_FAST_TF32;
  // CHECK: hipblasGemmAlgo_t ga = HIPBLAS_GEMM_DEFAULT;
  // ROC: rocblas_gemm_algo ga = rocblas_gemm_algo_standard;
  cublasGemmAlgo_t ga = CUBLAS_GEMM_DFALT;
  // CHECK: hipblasOperation_t op = HIPBLAS_OP_C;
  // ROC: rocblas_operation op = rocblas_operation_conjugate_transpose;
  cublasOperation_t op = CUBLAS_OP_HERMITAN;
  // CHECK: hipDataType dt = HIP_R_8F_E4M3;
  cudaDataType dt = CUDA_R_8F_UE4M3;
  // CHECK: hipDataType dt2 = HIP_C_64F;
  // ROC: rocblas_datatype dt2 = rocblas_datatype_f64_c;
  cudaDataType dt2 = CUDA_C_64F;
  // WARN: {{.*}}blas_full.cu:[[@LINE+2]]:26: warning: 'CUBLAS_GEMM_ALGO5_TENSOR_OP' is unsupported in 'HIP'.
  // CHECK: hipblasGemmAlgo_t ga2 = CUBLAS_GEMM_ALGO5_TENSOR_OP;
  cublasGemmAlgo_t ga2 = CUBLAS_GEMM_ALGO5_TENSOR_OP;
}

void helpers(cublasHandle_t h, hipStream_t s, float *x) {
  // CHECK: hipblasSetStream(h, s);
  // ROC: rocblas_set_stream(h, s);
  cublasSetStream_v2(h, s);
  // CHECK: hipblasSetWorkspace(h, x, 64);
  cublasSetWorkspace(h, x, 64);
  // CHECK: hipblasSetVectorAsync(4, 4, x, 1, x, 1, s);
  // ROC: rocblas_set_vector_async(4, 4, x, 1, x, 1, s);
  cublasSetVectorAsync(4, 4, x, 1, x, 1, s);
  // WARN: {{.*}}blas_full.cu:[[@LINE+2]]:3: warning: 'cublasSetVector_64' is unsupported in 'HIP'.
  // CHECK: cublasSetVector_64(4, 4, x, 1, x, 1);
  cublasSetVector_64(4, 4, x, 1, x, 1);
  // WARN: {{.*}}blas_full.cu:[[@LINE+3]]:3: warning: 'cublasSetEmulationStrategy' is unsupported in 'HIP'.
  // ROCWARN: {{.*}}blas_full.cu:[[@LINE+2]]:3: warning: 'cublasSetEmulationStrategy' is unsupported in 'ROC'.
  // CHECK: cublasSetEmulationStrategy(h, CUBLAS_EMULATION_STRATEGY_EAGER);
  cublasSetEmulationStrategy(h, CUBLAS_EMULATION_STRATEGY_EAGER);
}

void levels(cublasHandle_t h, float *x, double *d, cuComplex *c, cuDoubleComplex *z, int64_t n, int *r) {
  // CHECK: hipblasCaxpy(h, 4, c, c, 1, c, 1);
  // ROC: rocblas_caxpy(h, 4, c, c, 1, c, 1);
  cublasCaxpy_v2(h, 4, c, c, 1, c, 1);
  // CHECK: hipblasZdotc_64(h, n, z, 1, z, 1, z);
  // ROC: rocblas_zdotc_64(h, n, z, 1, z, 1, z);
  cublasZdotc_v2_64(h, n, z, 1, z, 1, z);
  // CHECK: hipblasIdamax_64(h, n, d, 1, &n);
  cublasIdamax_64(h, n, d, 1, &n);
  // CHECK: hipblasSgemv_64(h, HIPBLAS_OP_N, n, n, x, x, n, x, 1, x, x, 1);
  // ROC: rocblas_sgemv_64(h, rocblas_operation_none, n, n, x, x, n, x, 1, x, x, 1);
  cublasSgemv_64(h, CUBLAS_OP_N, n, n, x, x, n, x, 1, x, x, 1);
  // CHECK: hipblasZhpr2(h, HIPBLAS_FILL_MODE_UPPER, 4, z, z, 1, z, 1, z);
  cublasZhpr2_v2(h, CUBLAS_FILL_MODE_UPPER, 4, z, z, 1, z, 1, z);
  // CHECK: hipblasDgemm_64(h, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, d, d, n, d, n, d, d, n);
  // ROC: rocblas_dgemm_64(h, rocblas_operation_none, rocblas_operation_transpose, n, n, n, d, d, n, d, n, d, d, n);
  cublasDgemm_v2_64(h, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, d, d, n, d, n, d, d, n);
  // CHECK: hipblasDgemvBatched(h, HIPBLAS_OP_N, 4, 4, d, nullptr, 4, nullptr, 1, d, nullptr, 1, 8);
  // ROC: rocblas_dgemv_batched(h, rocblas_operation_none, 4, 4, d, nullptr, 4, nullptr, 1, d, nullptr, 1, 8);
  cublasDgemvBatched(h, CUBLAS_OP_N, 4, 4, d, nullptr, 4, nullptr, 1, d, nullptr, 1, 8);
  // WARN: {{.*}}blas_full.cu:[[@LINE+2]]:3: warning: 'cublasSgemmGroupedBatched' is unsupported in 'HIP'.
  // CHECK: cublasSgemmGroupedBatched(h, nullptr, nullptr, r, r, r, x, nullptr, r, nullptr, r, x, nullptr, r, 1, r);
  cublasSgemmGroupedBatched(h, nullptr, nullptr, r, r, r, x, nullptr, r, nullptr, r, x, nullptr, r, 1, r);
  // WARN: {{.*}}blas_full.cu:[[@LINE+3]]:3: warning: 'cublasHSHgemvBatched' is unsupported in 'HIP'.
  // CHECK: cublasHSHgemvBatched(h, HIPBLAS_OP_N, 4, 4, x, nullptr, 4, nullptr, 1, x, nullptr, 1, 8);
  // ROC: rocblas_hshgemv_batched(h, rocblas_operation_none, 4, 4, x, nullptr, 4, nullptr, 1, x, nullptr, 1, 8);
  cublasHSHgemvBatched(h, CUBLAS_OP_N, 4, 4, x, nullptr, 4, nullptr, 1, x, nullptr, 1, 8);
}

void extensions(cublasHandle_t h, void *p, int64_t n) {
  // CHECK: hipblasGemmEx_64(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, p, p, HIP_R_16F, n, p, HIP_R_16F, n, p, p, HIP_R_32F, n, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, p, p, CUDA_R_16F, n, p, CUDA_R_16F, n, p, p, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK: hipblasAxpyEx_64(h, n, p, HIP_R_32F, p, HIP_R_32F, 1, p, HIP_R_32F, 1, HIP_R_32F);
  // ROC: rocblas_axpy_ex_64(h, n, p, rocblas_datatype_f32_r, p, rocblas_datatype_f32_r, 1, p, rocblas_datatype_f32_r, 1, rocblas_datatype_f32_r);
  cublasAxpyEx_64(h, n, p, CUDA_R_32F, p, CUDA_R_32F, 1, p, CUDA_R_32F, 1, CUDA_R_32F);
  // CHECK: hipblasZgetrfBatched(h, 4, nullptr, 4, nullptr, nullptr, 8);
  cublasZgetrfBatched(h, 4, nullptr, 4, nullptr, nullptr, 8);
}

void lt(cublasLtHandle_t lh, cublasLtMatmulDesc_t md, cublasLtMatrixLayout_t a, cublasLtMatmulPreference_t pref, void *w) {
  // CHECK: hipblasLtCreate(&lh);
  cublasLtCreate(&lh);
  // CHECK: hipblasLtMatmulDescCreate(&md, HIPBLAS_COMPUTE_32F, HIP_R_32F);
  cublasLtMatmulDescCreate(&md, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  // CHECK: hipblasLtEpilogue_t ep = HIPBLASLT_EPILOGUE_GELU_AUX_BIAS;
  cublasLtEpilogue_t ep = CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
  // CHECK: hipblasLtMatmulDescSetAttribute(md, HIPBLASLT_MATMUL_DESC_EPILOGUE, &ep, sizeof(ep));
  cublasLtMatmulDescSetAttribute(md, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, sizeof(ep));
  // CHECK: hipblasLtMatrixLayoutCreate(&a, HIP_R_16F, 64, 64, 64);
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 64, 64);
  // CHECK: hipblasLtMatmulPreferenceSetAttribute(pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, w, 8);
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, w, 8);
  // CHECK: hipblasLtMatmulMatrixScale_t sm = HIPBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0;
  cublasLtMatmulMatrixScale_t sm = CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0;
  // WARN: {{.*}}blas_full.cu:[[@LINE+2]]:31: warning: 'CUBLASLT_MATMUL_TILE_128x256' is unsupported in 'HIP'.
  // CHECK: cublasLtMatmulTile_t tile = CUBLASLT_MATMUL_TILE_128x256;
  cublasLtMatmulTile_t tile = CUBLASLT_MATMUL_TILE_128x256;
  // ROCWARN: {{.*}}blas_full.cu:[[@LINE+2]]:3: warning: 'cublasLtDestroy' is unsupported in 'ROC'.
  // CHECK: hipblasLtDestroy(lh);
  cublasLtDestroy(lh);
}
