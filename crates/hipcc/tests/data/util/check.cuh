// Error checking for vector_add.cu, in a subfolder: hipcc translates local headers too (into a mirror
// folder searched before this one), so the CUDA names here become HIP names.
#pragma once
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                              \
    do {                                                                         \
        cudaError_t err_ = (call);                                               \
        if (err_ != cudaSuccess) {                                               \
            printf("CUDA error %s at line %d\n", cudaGetErrorString(err_), __LINE__); \
            exit(1);                                                             \
        }                                                                        \
    } while (0)
