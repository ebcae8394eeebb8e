// The documentation generator: one Markdown page per table (--md), CSV (--csv), ROC columns (--doc-roc).
// RUN: %hipify --md -o-dir=%T/md && FileCheck %s --check-prefix=RT --input-file=%T/md/CUDA_Runtime_API_functions_supported_by_HIP.md
// RUN: %hipify --md --doc-roc=joint -o-dir=%T/roc && FileCheck %s --check-prefix=BLAS --input-file=%T/roc/CUBLAS_API_supported_by_HIP_and_ROC.md
// RUN: %hipify --csv -o-dir=%T/csv && test -s %T/csv/CURAND_API_supported_by_HIP.csv
// RT: # CUDA Runtime API supported by HIP
// RT: ## **1. Device Management**
// RT: |`cudaChooseDevice`| | | | |`hipChooseDevice`|1.6.0| | | | |
// RT: |`cudaDeviceFlushGPUDirectRDMAWrites`|11.3| | | | | | | | | |
// BLAS: # CUBLAS API supported by HIP and ROC
