// Run-time compilation (hiprtc::hiprtc): a kernel compiled from a string, loaded and launched.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <cstdio>
#include <string>
#include <vector>

static const char *kSource = R"(
extern "C" __global__ void twice(int *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2;
}
)";

static int fail(const char *what) {
    std::printf("%s failed\nFAILED\n", what);
    return 1;
}

int main() {
    hipDeviceProp_t props;
    if (hipGetDeviceProperties(&props, 0) != hipSuccess) return fail("hipGetDeviceProperties");
    std::string arch = std::string("--gpu-architecture=") + props.gcnArchName;
    hiprtcProgram prog;
    if (hiprtcCreateProgram(&prog, kSource, "twice.hip", 0, nullptr, nullptr) != HIPRTC_SUCCESS)
        return fail("hiprtcCreateProgram");
    const char *options[] = {arch.c_str()};
    if (hiprtcCompileProgram(prog, 1, options) != HIPRTC_SUCCESS) return fail("hiprtcCompileProgram");
    size_t size = 0;
    if (hiprtcGetCodeSize(prog, &size) != HIPRTC_SUCCESS) return fail("hiprtcGetCodeSize");
    std::vector<char> code(size);
    if (hiprtcGetCode(prog, code.data()) != HIPRTC_SUCCESS) return fail("hiprtcGetCode");
    hiprtcDestroyProgram(&prog);

    hipModule_t module;
    hipFunction_t fn;
    if (hipModuleLoadData(&module, code.data()) != hipSuccess) return fail("hipModuleLoadData");
    if (hipModuleGetFunction(&fn, module, "twice") != hipSuccess) return fail("hipModuleGetFunction");
    const int n = 256;
    std::vector<int> h(n);
    for (int i = 0; i < n; ++i) h[i] = i;
    int *d = nullptr;
    hipMalloc(&d, n * sizeof(int));
    hipMemcpy(d, h.data(), n * sizeof(int), hipMemcpyHostToDevice);
    struct {
        int *x;
        int n;
    } args{d, n};
    size_t args_size = sizeof(args);
    void *config[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &args_size,
                      HIP_LAUNCH_PARAM_END};
    if (hipModuleLaunchKernel(fn, 1, 1, 1, n, 1, 1, 0, nullptr, nullptr, config) != hipSuccess)
        return fail("hipModuleLaunchKernel");
    hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost);
    hipFree(d);
    hipModuleUnload(module);
    int bad = 0;
    for (int i = 0; i < n; ++i)
        if (h[i] != 2 * i) ++bad;
    std::printf("rtc: %d of %d values wrong\n%s\n", bad, n, bad == 0 ? "PASSED" : "FAILED");
    return bad == 0 ? 0 : 1;
}
