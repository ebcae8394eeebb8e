// Error checking, CUDA style.
#pragma once
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t err_ = (call);                                                         \
        if (err_ != cudaSuccess) {                                                         \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,             \
                         cudaGetErrorString(err_));                                        \
            std::exit(EXIT_FAILURE);                                                       \
        }                                                                                  \
    } while (0)
