// A CUDA program, built unchanged by hipcc: the .cu file and the CUDA headers it includes from
// -Iinclude are translated to HIP on the fly (`make hipify` shows the translation of this file).
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <vector>
#include <stencil.cuh>

int main() {
    const int n = 100003;  // not a multiple of the block size
    std::vector<float> in(n), out(n, -1.0f), expected(n);
    unsigned s = 2024;
    for (int i = 0; i < n; ++i) {
        s = s * 1103515245u + 12345u;
        in[i] = (float)((s >> 8) % 1000) / 100.0f - 5.0f;
    }
    float w[2 * RADIUS + 1];
    for (int j = 0; j <= 2 * RADIUS; ++j) w[j] = 1.0f / (1.0f + std::abs(j - RADIUS));
    for (int i = 0; i < n; ++i) {
        float acc = 0.0f;
        for (int j = -RADIUS; j <= RADIUS; ++j)
            if (i + j >= 0 && i + j < n) acc += w[j + RADIUS] * in[i + j];
        expected[i] = acc;
    }

    float *d_in, *d_out;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpyToSymbol(weights, w, sizeof(w)));
    CUDA_CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0xff, n * sizeof(float)));  // poisoned: every element must be written
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    run_stencil(d_in, d_out, n, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        if (!(std::fabs(out[i] - expected[i]) <= 1e-4f * (1.0f + std::fabs(expected[i])))) {
            if (errors < 10) std::printf("mismatch at %d: got %f, expected %f\n", i, out[i], expected[i]);
            ++errors;
        }
    }
    std::printf("cuda_stencil: n=%d, radius=%d, %d mismatches\n", n, RADIUS, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
