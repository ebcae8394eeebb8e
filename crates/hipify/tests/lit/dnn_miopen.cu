// cuDNN goes to hipDNN, or to MIOpen with --miopen (and --roc); deprecated names warn.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --check-prefix=HIP --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %hipify %s -o=%t --miopen 2>/dev/null && FileCheck %s --check-prefix=MIOPEN --input-file=%t
// RUN: %hipify %s -o=%t --roc 2>/dev/null && FileCheck %s --check-prefix=MIOPEN --input-file=%t
// HIP: #include <hipDNN.h>
// MIOPEN: #include <miopen/miopen.h>
#include <cudnn.h>
void f() {
  // HIP: hipdnnHandle_t h;
  // MIOPEN: miopenHandle_t h;
  cudnnHandle_t h;
  // HIP: hipdnnCreate(&h);
  // MIOPEN: miopenCreate(&h);
  cudnnCreate(&h);
  // WARN: {{.*}}dnn_miopen.cu:[[@LINE+3]]:29: warning: 'CUDNN_ACTIVATION_RELU' is deprecated in CUDA.
  // HIP: hipdnnActivationMode_t m = HIPDNN_ACTIVATION_RELU;
  // MIOPEN: miopenActivationMode_t m = miopenActivationRELU;
  cudnnActivationMode_t m = CUDNN_ACTIVATION_RELU;
  // HIP: hipdnnDestroy(h);
  // MIOPEN: miopenDestroy(h);
  cudnnDestroy(h);
}
