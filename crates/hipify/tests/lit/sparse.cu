// cuSPARSE: the generic API and level-2/level-3/preconditioner functions to hipSPARSE, and with --roc to
// rocSPARSE (with the arguments rocSPARSE's functions take); names without an equivalent warn.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %hipify %s -o=%t.roc --roc 2>%t.roc.err && FileCheck %s --check-prefix=ROC --input-file=%t.roc
// RUN: FileCheck %s --check-prefix=ROCWARN --input-file=%t.roc.err
// CHECK: #include <hipsparse.h>
// ROC: #include <rocsparse/rocsparse.h>
#include <cusparse.h>
// CHECK: void f(hipsparseHandle_t h, int *rp, int *ci, float *v, float *x, float *y, double *dv, double *dx,
// ROC: void f(rocsparse_handle h, int *rp, int *ci, float *v, float *x, float *y, double *dv, double *dx,
void f(cusparseHandle_t h, int *rp, int *ci, float *v, float *x, float *y, double *dv, double *dx,
       // CHECK: double *dy, void *buf, size_t sz, hipsparseMatDescr_t d, csrilu02Info_t info) {
       // ROC: double *dy, void *buf, size_t sz, rocsparse_mat_descr d, rocsparse_mat_info info) {
       double *dy, void *buf, size_t sz, cusparseMatDescr_t d, csrilu02Info_t info) {
  // CHECK: hipsparseSpMatDescr_t A;
  // ROC: rocsparse_spmat_descr A;
  cusparseSpMatDescr_t A;
  // CHECK: hipsparseDnVecDescr_t vx, vy;
  // ROC: rocsparse_dnvec_descr vx, vy;
  cusparseDnVecDescr_t vx, vy;
  const float one = 1.0f, zero = 0.0f;
  const double done = 1.0;
  // CHECK: hipsparseCreateCsr(&A, 4, 4, 8, rp, ci, v, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  // ROC: rocsparse_create_csr_descr(&A, 4, 4, 8, rp, ci, v, rocsparse_indextype_i32, rocsparse_indextype_i32, rocsparse_index_base_zero, rocblas_datatype_f32_r);
  cusparseCreateCsr(&A, 4, 4, 8, rp, ci, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  // CHECK: hipsparseCreateDnVec(&vx, 4, x, HIP_R_32F);
  // ROC: rocsparse_create_dnvec_descr(&vx, 4, x, rocblas_datatype_f32_r);
  cusparseCreateDnVec(&vx, 4, x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, 4, y, CUDA_R_32F);
  // CHECK: hipsparseSpMV_bufferSize(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, &sz);
  // ROC: rocsparse_spmv(h, rocsparse_operation_none, &one, A, vx, &zero, vy, rocblas_datatype_f32_r, rocsparse_spmv_alg_default, rocsparse_spmv_stage_buffer_size, &sz, nullptr);
  cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &sz);
  // CHECK: hipsparseSpMV(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, buf);
  // ROC: rocsparse_spmv(h, rocsparse_operation_none, &one, A, vx, &zero, vy, rocblas_datatype_f32_r, rocsparse_spmv_alg_default, rocsparse_spmv_stage_compute, buf);
  cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf);
  // CHECK: hipsparseDestroySpMat(A);
  // ROC: rocsparse_destroy_spmat_descr(A);
  cusparseDestroySpMat(A);
  // Level 2 and level 3.
  // CHECK: hipsparseDbsrmv(h, HIPSPARSE_DIRECTION_ROW, HIPSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 4, &done, d, dv, rp, ci, 2, dx, &done, dy);
  // ROC: rocsparse_dbsrmv(h, rocsparse_direction_row, rocsparse_operation_none, 2, 2, 4, &done, d, dv, rp, ci, 2, dx, &done, dy);
  cusparseDbsrmv(h, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 2, 4, &done, d, dv, rp, ci, 2, dx, &done, dy);
  // CHECK: hipsparseDbsrmm(h, HIPSPARSE_DIRECTION_ROW, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, 2, 4, 2, 4, &done, d, dv, rp, ci, 2, dx, 4, &done, dy, 4);
  // ROC: rocsparse_dbsrmm(h, rocsparse_direction_row, rocsparse_operation_none, rocsparse_operation_none, 2, 4, 2, 4, &done, d, dv, rp, ci, 2, dx, 4, &done, dy, 4);
  cusparseDbsrmm(h, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, 2, 4, 2, 4, &done, d, dv, rp, ci, 2, dx, 4, &done, dy, 4);
  // A preconditioner (deprecated in CUDA 12.2; rocSPARSE takes its own solve policy).
  // WARN: {{.*}}sparse.cu:[[@LINE+4]]:3: warning: 'cusparseDcsrilu02' is deprecated in CUDA.
  // ROCWARN: {{.*}}sparse.cu:[[@LINE+3]]:3: warning: 'cusparseDcsrilu02' is deprecated in CUDA.
  // CHECK: hipsparseDcsrilu02(h, 4, 8, d, dv, rp, ci, info, HIPSPARSE_SOLVE_POLICY_NO_LEVEL, buf);
  // ROC: rocsparse_dcsrilu0(h, 4, 8, d, dv, rp, ci, info, rocsparse_solve_policy_auto, buf);
  cusparseDcsrilu02(h, 4, 8, d, dv, rp, ci, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, buf);
  // No hipSPARSE or rocSPARSE equivalent: the name stays and warns.
  // WARN: {{.*}}sparse.cu:[[@LINE+4]]:3: warning: 'cusparseCreateConstSlicedEll' is unsupported in 'HIP'.
  // ROCWARN: {{.*}}sparse.cu:[[@LINE+3]]:3: warning: 'cusparseCreateConstSlicedEll' is unsupported in 'ROC'.
  // CHECK: cusparseCreateConstSlicedEll(&A, 4, 4, 8, 8, 2, nullptr, nullptr, v, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
  // ROC: cusparseCreateConstSlicedEll(&A, 4, 4, 8, 8, 2, nullptr, nullptr, v, rocsparse_indextype_i32, rocsparse_indextype_i32, rocsparse_index_base_zero, rocblas_datatype_f32_r);
  cusparseCreateConstSlicedEll(&A, 4, 4, 8, 8, 2, nullptr, nullptr, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  // Removed in CUDA 11.0, never in HIP.
  // WARN: {{.*}}sparse.cu:[[@LINE+4]]:3: warning: 'cusparseScsrmv_mp' is unsupported in 'HIP'.
  // ROCWARN: {{.*}}sparse.cu:[[@LINE+3]]:3: warning: 'cusparseScsrmv_mp' is unsupported in 'ROC'.
  // CHECK: cusparseScsrmv_mp(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, 4, 4, 8, &one, d, v, rp, ci, x, &zero, y);
  // ROC: cusparseScsrmv_mp(h, rocsparse_operation_none, 4, 4, 8, &one, d, v, rp, ci, x, &zero, y);
  cusparseScsrmv_mp(h, CUSPARSE_OPERATION_NON_TRANSPOSE, 4, 4, 8, &one, d, v, rp, ci, x, &zero, y);
  // In hipSPARSE only.
  // ROCWARN: {{.*}}sparse.cu:[[@LINE+3]]:3: warning: 'cusparseSpSV_solve' is unsupported in 'ROC'.
  // CHECK: hipsparseSpSV_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, vy, HIP_R_32F, HIPSPARSE_SPSV_ALG_DEFAULT, nullptr);
  // ROC: cusparseSpSV_solve(h, rocsparse_operation_none, &one, A, vx, vy, rocblas_datatype_f32_r, rocsparse_spsv_alg_default, nullptr);
  cusparseSpSV_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, vy, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, nullptr);
}
