// The full cuDNN table: convolution, pooling, LRN, softmax, batch norm, RNN and backend names, to hipDNN and to
// MIOpen (--miopen, and --roc), with MIOpen's argument orders; names one side lacks stay and warn.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --check-prefix=HIP --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %hipify %s -o=%t.mi --miopen 2>%t.mi.err && FileCheck %s --check-prefix=MIOPEN --input-file=%t.mi
// RUN: FileCheck %s --check-prefix=MIWARN --input-file=%t.mi.err
// RUN: %hipify %s -o=%t.roc --roc 2>/dev/null && FileCheck %s --check-prefix=MIOPEN --input-file=%t.roc
// HIP: #include <hipDNN.h>
// MIOPEN: #include <miopen/miopen.h>
#include <cudnn.h>

void conv(cudnnHandle_t h, cudnnTensorDescriptor_t x, cudnnFilterDescriptor_t w, cudnnTensorDescriptor_t y,
          size_t *ws) {
  // HIP: hipdnnConvolutionDescriptor_t cd;
  // MIOPEN: miopenConvolutionDescriptor_t cd;
  cudnnConvolutionDescriptor_t cd;
  // WARN: {{.*}}dnn_full.cu:[[@LINE+3]]:3: warning: 'cudnnCreateConvolutionDescriptor' is deprecated in CUDA.
  // HIP: hipdnnCreateConvolutionDescriptor(&cd);
  // MIOPEN: miopenCreateConvolutionDescriptor(&cd);
  cudnnCreateConvolutionDescriptor(&cd);
  // HIP: hipdnnConvolutionMode_t cm = HIPDNN_CROSS_CORRELATION;
  // MIOPEN: miopenConvolutionMode_t cm = miopenConvolution;
  cudnnConvolutionMode_t cm = CUDNN_CROSS_CORRELATION;
  // HIP: hipdnnConvolutionFwdAlgo_t fa = HIPDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
  // MIOPEN: miopenConvFwdAlgorithm_t fa = miopenConvolutionFwdAlgoImplicitGEMM;
  cudnnConvolutionFwdAlgo_t fa = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
  // HIP: hipdnnConvolutionFwdAlgo_t fw = HIPDNN_CONVOLUTION_FWD_ALGO_WINOGRAD;
  // MIOPEN: miopenConvFwdAlgorithm_t fw = miopenConvolutionFwdAlgoWinograd;
  cudnnConvolutionFwdAlgo_t fw = CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD;
  // HIP: hipdnnConvolutionBwdDataAlgo_t ba = HIPDNN_CONVOLUTION_BWD_DATA_ALGO_0;
  // MIOPEN: miopenConvBwdDataAlgorithm_t ba = miopenConvolutionBwdDataAlgoGEMM;
  cudnnConvolutionBwdDataAlgo_t ba = CUDNN_CONVOLUTION_BWD_DATA_ALGO_0;
  // HIP: hipdnnConvolutionBwdDataAlgo_t bt = HIPDNN_CONVOLUTION_BWD_DATA_ALGO_TRANSPOSE_GEMM;
  // MIOPEN: miopenConvBwdDataAlgorithm_t bt = miopenTransposeBwdDataAlgoGEMM;
  cudnnConvolutionBwdDataAlgo_t bt = CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT;
  // HIP: hipdnnConvolutionFwdAlgoPerf_t perf;
  // MIOPEN: miopenConvAlgoPerf_t perf;
  cudnnConvolutionFwdAlgoPerf_t perf;
  // HIP: hipdnnSetConvolutionGroupCount(cd, 2);
  // MIOPEN: miopenSetConvolutionGroupCount(cd, 2);
  cudnnSetConvolutionGroupCount(cd, 2);
  // HIP: hipdnnGetConvolutionForwardWorkspaceSize(h, x, w, cd, y, fa, ws);
  // MIOPEN: miopenConvolutionForwardGetWorkSpaceSize(h, w, x, cd, y, ws);
  cudnnGetConvolutionForwardWorkspaceSize(h, x, w, cd, y, fa, ws);
  // MIWARN: {{.*}}dnn_full.cu:[[@LINE+4]]:3: warning: 'cudnnConvolutionBwdFilterAlgo_t' is unsupported in 'MIOPEN'.
  // MIWARN: {{.*}}dnn_full.cu:[[@LINE+3]]:40: warning: 'CUDNN_CONVOLUTION_BWD_FILTER_ALGO_FFT' is unsupported in 'MIOPEN'.
  // HIP: hipdnnConvolutionBwdFilterAlgo_t bf = HIPDNN_CONVOLUTION_BWD_FILTER_ALGO_FFT;
  // MIOPEN: cudnnConvolutionBwdFilterAlgo_t bf = CUDNN_CONVOLUTION_BWD_FILTER_ALGO_FFT;
  cudnnConvolutionBwdFilterAlgo_t bf = CUDNN_CONVOLUTION_BWD_FILTER_ALGO_FFT;
  // HIP: hipdnnDestroyConvolutionDescriptor(cd);
  // MIOPEN: miopenDestroyConvolutionDescriptor(cd);
  cudnnDestroyConvolutionDescriptor(cd);
}

void pooling() {
  // HIP: hipdnnPoolingDescriptor_t pd;
  // MIOPEN: miopenPoolingDescriptor_t pd;
  cudnnPoolingDescriptor_t pd;
  // HIP: hipdnnCreatePoolingDescriptor(&pd);
  // MIOPEN: miopenCreatePoolingDescriptor(&pd);
  cudnnCreatePoolingDescriptor(&pd);
  // WARN: {{.*}}dnn_full.cu:[[@LINE+3]]:27: warning: 'CUDNN_POOLING_MAX' is deprecated in CUDA.
  // HIP: hipdnnPoolingMode_t pm = HIPDNN_POOLING_MAX;
  // MIOPEN: miopenPoolingMode_t pm = miopenPoolingMax;
  cudnnPoolingMode_t pm = CUDNN_POOLING_MAX;
  // HIP: hipdnnPoolingMode_t pa = HIPDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  // MIOPEN: miopenPoolingMode_t pa = miopenPoolingAverageInclusive;
  cudnnPoolingMode_t pa = CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  // HIP: hipdnnPoolingMode_t pe = HIPDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING;
  // MIOPEN: miopenPoolingMode_t pe = miopenPoolingAverage;
  cudnnPoolingMode_t pe = CUDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING;
  // HIP: hipdnnSetPooling2dDescriptor(pd, pm, HIPDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
  // MIOPEN: miopenSet2dPoolingDescriptor(pd, pm, 2, 2, 0, 0, 2, 2);
  cudnnSetPooling2dDescriptor(pd, pm, CUDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
  // HIP: hipdnnDestroyPoolingDescriptor(pd);
  // MIOPEN: miopenDestroyPoolingDescriptor(pd);
  cudnnDestroyPoolingDescriptor(pd);
}

void lrn_softmax(cudnnHandle_t h, cudnnTensorDescriptor_t x, float *a, float *b, float *xs, float *ys) {
  // HIP: hipdnnLRNDescriptor_t ld;
  // MIOPEN: miopenLRNDescriptor_t ld;
  cudnnLRNDescriptor_t ld;
  // HIP: hipdnnCreateLRNDescriptor(&ld);
  // MIOPEN: miopenCreateLRNDescriptor(&ld);
  cudnnCreateLRNDescriptor(&ld);
  // HIP: hipdnnLRNMode_t lm = HIPDNN_LRN_CROSS_CHANNEL;
  // MIOPEN: miopenLRNMode_t lm = miopenLRNCrossChannel;
  cudnnLRNMode_t lm = CUDNN_LRN_CROSS_CHANNEL_DIM1;
  // HIP: hipdnnSetLRNDescriptor(ld, 5, 1e-4, 0.75, 2.0);
  // MIOPEN: miopenSetLRNDescriptor(ld, miopenLRNCrossChannel, 5, 1e-4, 0.75, 2.0);
  cudnnSetLRNDescriptor(ld, 5, 1e-4, 0.75, 2.0);
  // HIP: hipdnnDestroyLRNDescriptor(ld);
  // MIOPEN: miopenDestroyLRNDescriptor(ld);
  cudnnDestroyLRNDescriptor(ld);
  // HIP: hipdnnSoftmaxAlgorithm_t sa = HIPDNN_SOFTMAX_LOG;
  // MIOPEN: miopenSoftmaxAlgorithm_t sa = MIOPEN_SOFTMAX_LOG;
  cudnnSoftmaxAlgorithm_t sa = CUDNN_SOFTMAX_LOG;
  // HIP: hipdnnSoftmaxMode_t sm = HIPDNN_SOFTMAX_MODE_CHANNEL;
  // MIOPEN: miopenSoftmaxMode_t sm = MIOPEN_SOFTMAX_MODE_CHANNEL;
  cudnnSoftmaxMode_t sm = CUDNN_SOFTMAX_MODE_CHANNEL;
  // HIP: hipdnnSoftmaxForward(h, sa, sm, a, x, xs, b, x, ys);
  // MIOPEN: miopenSoftmaxForward_V2(h, a, x, xs, b, x, ys, sa, sm);
  cudnnSoftmaxForward(h, sa, sm, a, x, xs, b, x, ys);
}

void batchnorm(cudnnTensorDescriptor_t bn, cudnnTensorDescriptor_t x) {
  // WARN: {{.*}}dnn_full.cu:[[@LINE+4]]:3: warning: 'cudnnBatchNormMode_t' is deprecated in CUDA.
  // WARN: {{.*}}dnn_full.cu:[[@LINE+3]]:29: warning: 'CUDNN_BATCHNORM_SPATIAL' is deprecated in CUDA.
  // HIP: hipdnnBatchNormMode_t bm = HIPDNN_BATCHNORM_SPATIAL;
  // MIOPEN: miopenBatchNormMode_t bm = miopenBNSpatial;
  cudnnBatchNormMode_t bm = CUDNN_BATCHNORM_SPATIAL;
  // HIP: hipdnnBatchNormMode_t bp = HIPDNN_BATCHNORM_PER_ACTIVATION;
  // MIOPEN: miopenBatchNormMode_t bp = miopenBNPerActivation;
  cudnnBatchNormMode_t bp = CUDNN_BATCHNORM_PER_ACTIVATION;
  // HIP: hipdnnDeriveBNTensorDescriptor(bn, x, bm);
  // MIOPEN: miopenDeriveBNTensorDescriptor(bn, x, bm);
  cudnnDeriveBNTensorDescriptor(bn, x, bm);
}

void rnn() {
  // HIP: hipdnnRNNDescriptor_t rd;
  // MIOPEN: miopenRNNDescriptor_t rd;
  cudnnRNNDescriptor_t rd;
  // HIP: hipdnnCreateRNNDescriptor(&rd);
  // MIOPEN: miopenCreateRNNDescriptor(&rd);
  cudnnCreateRNNDescriptor(&rd);
  // HIP: hipdnnRNNMode_t rm = HIPDNN_LSTM;
  // MIOPEN: miopenRNNMode_t rm = miopenLSTM;
  cudnnRNNMode_t rm = CUDNN_LSTM;
  // HIP: hipdnnRNNMode_t rg = HIPDNN_GRU;
  // MIOPEN: miopenRNNMode_t rg = miopenGRU;
  cudnnRNNMode_t rg = CUDNN_GRU;
  // HIP: hipdnnDirectionMode_t dm = HIPDNN_BIDIRECTIONAL;
  // MIOPEN: miopenRNNDirectionMode_t dm = miopenRNNbidirection;
  cudnnDirectionMode_t dm = CUDNN_BIDIRECTIONAL;
  // HIP: hipdnnRNNInputMode_t im = HIPDNN_LINEAR_INPUT;
  // MIOPEN: miopenRNNInputMode_t im = miopenRNNlinear;
  cudnnRNNInputMode_t im = CUDNN_LINEAR_INPUT;
  // HIP: hipdnnRNNAlgo_t ra = HIPDNN_RNN_ALGO_STANDARD;
  // MIOPEN: miopenRNNAlgo_t ra = miopenRNNdefault;
  cudnnRNNAlgo_t ra = CUDNN_RNN_ALGO_STANDARD;
  // HIP: hipdnnRNNBiasMode_t rb = HIPDNN_RNN_WITH_BIAS;
  // MIOPEN: miopenRNNBiasMode_t rb = miopenRNNwithBias;
  cudnnRNNBiasMode_t rb = CUDNN_RNN_DOUBLE_BIAS;
  // HIP: hipdnnDestroyRNNDescriptor(rd);
  // MIOPEN: miopenDestroyRNNDescriptor(rd);
  cudnnDestroyRNNDescriptor(rd);
  // WARN: {{.*}}dnn_full.cu:[[@LINE+4]]:3: warning: 'cudnnRNNDataDescriptor_t' is unsupported in 'HIP'.
  // MIWARN: {{.*}}dnn_full.cu:[[@LINE+3]]:3: warning: 'cudnnRNNDataDescriptor_t' is unsupported in 'MIOPEN'.
  // HIP: cudnnRNNDataDescriptor_t rdd;
  // MIOPEN: cudnnRNNDataDescriptor_t rdd;
  cudnnRNNDataDescriptor_t rdd;
}

void misc(cudnnHandle_t h, size_t *sz) {
  // HIP: hipdnnDataType_t dt = HIPDNN_DATA_HALF;
  // MIOPEN: miopenDataType_t dt = miopenHalf;
  cudnnDataType_t dt = CUDNN_DATA_HALF;
  // HIP: hipdnnTensorFormat_t tf = HIPDNN_TENSOR_NHWC;
  // MIOPEN: miopenTensorLayout_t tf = miopenTensorNHWC;
  cudnnTensorFormat_t tf = CUDNN_TENSOR_NHWC;
  // HIP: hipdnnStatus_t st = HIPDNN_STATUS_BAD_PARAM;
  // MIOPEN: miopenStatus_t st = miopenStatusBadParm;
  cudnnStatus_t st = CUDNN_STATUS_BAD_PARAM;
  // HIP: hipdnnDropoutGetStatesSize(h, sz);
  // MIOPEN: miopenDropoutGetStatesSize(h, sz);
  cudnnDropoutGetStatesSize(h, sz);
  // MIWARN: {{.*}}dnn_full.cu:[[@LINE+3]]:3: warning: 'cudnnMathType_t' is unsupported in 'MIOPEN'.
  // HIP: hipdnnMathType_t mt = HIPDNN_TENSOR_OP_MATH;
  // MIOPEN: cudnnMathType_t mt = CUDNN_TENSOR_OP_MATH;
  cudnnMathType_t mt = CUDNN_TENSOR_OP_MATH;
  // WARN: {{.*}}dnn_full.cu:[[@LINE+3]]:3: warning: 'cudnnBackendDescriptor_t' is unsupported in 'HIP'.
  // HIP: cudnnBackendDescriptor_t bd;
  // MIOPEN: miopenBackendDescriptor_t bd;
  cudnnBackendDescriptor_t bd;
  // WARN: {{.*}}dnn_full.cu:[[@LINE+4]]:3: warning: 'cudnnBackendCreateDescriptor' is unsupported in 'HIP'.
  // WARN: {{.*}}dnn_full.cu:[[@LINE+3]]:32: warning: 'CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR' is unsupported in 'HIP'.
  // HIP: cudnnBackendCreateDescriptor(CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR, &bd);
  // MIOPEN: miopenBackendCreateDescriptor(MIOPEN_BACKEND_CONVOLUTION_DESCRIPTOR, &bd);
  cudnnBackendCreateDescriptor(CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR, &bd);
}
