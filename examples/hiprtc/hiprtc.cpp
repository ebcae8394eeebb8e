// Run-time compilation with hipRTC: the kernel source and a header it includes both live in
// memory. The program is compiled for the current device's architecture, its code object loaded
// with hipModuleLoadData and its kernel launched with hipModuleLaunchKernel. A second program
// with a deliberate error shows the compile log.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define HIP_CHECK(expr)                                                                        \
    do {                                                                                       \
        hipError_t hip_check_status_ = (expr);                                                 \
        if (hip_check_status_ != hipSuccess) {                                                 \
            std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #expr,     \
                         hipGetErrorString(hip_check_status_),                                 \
                         hipGetErrorName(hip_check_status_));                                  \
            std::exit(EXIT_FAILURE);                                                           \
        }                                                                                      \
    } while (0)

#define HIPRTC_CHECK(expr)                                                                     \
    do {                                                                                       \
        hiprtcResult hiprtc_check_status_ = (expr);                                            \
        if (hiprtc_check_status_ != HIPRTC_SUCCESS) {                                          \
            std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,          \
                         hiprtcGetErrorString(hiprtc_check_status_));                          \
            std::exit(EXIT_FAILURE);                                                           \
        }                                                                                      \
    } while (0)

// An in-memory header: included by name from the kernel source below.
static const char* kPolyHeader = R"(
#pragma once
__device__ inline float poly(float x, float a, float b) { return (a * x + b) * x; }
)";

static const char* kKernelSource = R"(
#include "poly.h"
extern "C" __global__ void apply_poly(const float* in, float* out, int n, float a, float b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = poly(in[i], a, b) + SHIFT;
}
)";

static std::string program_log(hiprtcProgram prog) {
    size_t log_size = 0;
    HIPRTC_CHECK(hiprtcGetProgramLogSize(prog, &log_size));
    std::string log(log_size, '\0');
    if (log_size > 0) HIPRTC_CHECK(hiprtcGetProgramLog(prog, &log[0]));
    return log;
}

int main() {
    int errors = 0;
    hipDeviceProp_t props;
    HIP_CHECK(hipGetDeviceProperties(&props, 0));
    std::string arch_option = std::string("--gpu-architecture=") + props.gcnArchName;

    hiprtcProgram prog;
    const char* headers[] = {kPolyHeader};
    const char* header_names[] = {"poly.h"};
    HIPRTC_CHECK(hiprtcCreateProgram(&prog, kKernelSource, "apply_poly.hip", 1, headers, header_names));
    const char* options[] = {arch_option.c_str(), "-DSHIFT=10.0f", "-O2"};
    hiprtcResult compiled = hiprtcCompileProgram(prog, 3, options);
    std::string log = program_log(prog);
    if (compiled != HIPRTC_SUCCESS) {
        std::fprintf(stderr, "hiprtcCompileProgram: %s\n%s\n", hiprtcGetErrorString(compiled), log.c_str());
        return EXIT_FAILURE;
    }
    size_t code_size = 0;
    HIPRTC_CHECK(hiprtcGetCodeSize(prog, &code_size));
    std::vector<char> code(code_size);
    HIPRTC_CHECK(hiprtcGetCode(prog, code.data()));
    HIPRTC_CHECK(hiprtcDestroyProgram(&prog));
    std::printf("hiprtc: compiled apply_poly for %s, %zu bytes of code\n", props.gcnArchName, code_size);

    hipModule_t module;
    hipFunction_t kernel;
    HIP_CHECK(hipModuleLoadData(&module, code.data()));
    HIP_CHECK(hipModuleGetFunction(&kernel, module, "apply_poly"));

    int n = 4096;
    float a = 0.5f, b = -2.0f;
    std::vector<float> in(n), out(n);
    for (int i = 0; i < n; ++i) in[i] = 0.01f * i - 10.0f;
    float *d_in = nullptr, *d_out = nullptr;
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_in), n * sizeof(float)));
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_out), n * sizeof(float)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
    void* args[] = {&d_in, &d_out, &n, &a, &b};
    HIP_CHECK(hipModuleLaunchKernel(kernel, n / 256, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr));
    HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        float expected = (a * in[i] + b) * in[i] + 10.0f;
        float diff = out[i] - expected;
        if (std::fabs(diff) > 1e-5f * (1.0f + std::fabs(expected))) {
            if (errors < 10) std::printf("mismatch at %d: got %f, expected %f\n", i, out[i], expected);
            ++errors;
        }
    }
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    HIP_CHECK(hipModuleUnload(module));

    // A program that does not compile: the call fails and the log says why.
    hiprtcProgram bad;
    HIPRTC_CHECK(hiprtcCreateProgram(&bad, "extern \"C\" __global__ void broken(int* p) { p[0] = undeclared_name; }", "broken.hip", 0, nullptr, nullptr));
    hiprtcResult bad_result = hiprtcCompileProgram(bad, 1, options);
    std::string bad_log = program_log(bad);
    HIPRTC_CHECK(hiprtcDestroyProgram(&bad));
    if (bad_result == HIPRTC_SUCCESS) {
        std::printf("a program with an error compiled\n");
        ++errors;
    } else if (bad_log.find("undeclared_name") == std::string::npos) {
        std::printf("the compile log does not name the error:\n%s\n", bad_log.c_str());
        ++errors;
    } else {
        std::printf("hiprtc: the broken program failed as expected (%s)\n", hiprtcGetErrorString(bad_result));
    }

    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
