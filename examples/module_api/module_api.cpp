// The module API: load a code object built separately (`hipcc --genco -o kernels.co`), look up
// its kernels and a global by name, launch with hipModuleLaunchKernel. This host program holds no
// device code, so it is an ordinary C++ file.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
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

int main(int argc, char** argv) {
    const char* code_object = argc > 1 ? argv[1] : "kernels.co";
    hipModule_t module;
    HIP_CHECK(hipModuleLoad(&module, code_object));

    hipFunction_t vector_add, fill_index;
    HIP_CHECK(hipModuleGetFunction(&vector_add, module, "vector_add"));
    HIP_CHECK(hipModuleGetFunction(&fill_index, module, "fill_index"));

    // A name the module does not have is an error, not a crash.
    hipFunction_t missing;
    int errors = 0;
    if (hipModuleGetFunction(&missing, module, "no_such_kernel") == hipSuccess) {
        std::printf("hipModuleGetFunction found a kernel that does not exist\n");
        ++errors;
    }

    // Set the module's __device__ int through its address.
    hipDeviceptr_t bias_ptr;
    size_t bias_bytes = 0;
    HIP_CHECK(hipModuleGetGlobal(&bias_ptr, &bias_bytes, module, "bias"));
    if (bias_bytes != sizeof(int)) {
        std::printf("hipModuleGetGlobal: size %zu, expected %zu\n", bias_bytes, sizeof(int));
        ++errors;
    }
    const int bias = 3;
    HIP_CHECK(hipMemcpyHtoD(bias_ptr, const_cast<int*>(&bias), sizeof(int)));

    int n = 5000;
    std::vector<float> a(n), b(n), c(n);
    for (int i = 0; i < n; ++i) {
        a[i] = 0.5f * i;
        b[i] = 1000.0f - i;
    }
    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
    int* d_idx = nullptr;
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_a), n * sizeof(float)));
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_b), n * sizeof(float)));
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_c), n * sizeof(float)));
    HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&d_idx), n * sizeof(int)));
    HIP_CHECK(hipMemcpy(d_a, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(d_b, b.data(), n * sizeof(float), hipMemcpyHostToDevice));

    const unsigned block = 128;
    const unsigned grid = (n + block - 1) / block;
    // Arguments as an array of pointers to each argument, in the kernel's parameter order.
    void* add_args[] = {&d_a, &d_b, &d_c, &n};
    HIP_CHECK(hipModuleLaunchKernel(vector_add, grid, 1, 1, block, 1, 1, 0, nullptr, add_args, nullptr));
    int stride = 7;
    void* fill_args[] = {&d_idx, &n, &stride};
    HIP_CHECK(hipModuleLaunchKernel(fill_index, grid, 1, 1, block, 1, 1, 0, nullptr, fill_args, nullptr));
    HIP_CHECK(hipDeviceSynchronize());

    std::vector<int> idx(n);
    HIP_CHECK(hipMemcpy(c.data(), d_c, n * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(idx.data(), d_idx, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        float expected = a[i] + b[i] + bias;
        if (c[i] != expected || idx[i] != i * stride) {
            if (errors < 10) std::printf("mismatch at %d: c=%f (expected %f), idx=%d (expected %d)\n", i, c[i], expected, idx[i], i * stride);
            ++errors;
        }
    }

    HIP_CHECK(hipFree(d_a));
    HIP_CHECK(hipFree(d_b));
    HIP_CHECK(hipFree(d_c));
    HIP_CHECK(hipFree(d_idx));
    HIP_CHECK(hipModuleUnload(module));
    std::printf("module_api: loaded %s, 2 kernels launched, %d mismatches\n", code_object, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
