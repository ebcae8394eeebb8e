// Sizes and a host helper for vector_add.cu (a local header, with CUDA names of its own).
#pragma once
#include "util/check.cuh"

#define VECTOR_ADD_N 1000
#define THREADS 128

// The most threads a block of the current device can have.
static inline int max_block_threads() {
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    return prop.maxThreadsPerBlock;
}
