// Host-only C++ (hip::host): the runtime API without any device code.
#include <hip/hip_runtime_api.h>
#include <cstdio>

int main() {
    int count = 0;
    if (hipGetDeviceCount(&count) != hipSuccess || count < 1) {
        std::printf("no device\nFAILED\n");
        return 1;
    }
    hipDeviceProp_t props;
    if (hipGetDeviceProperties(&props, 0) != hipSuccess) {
        std::printf("hipGetDeviceProperties failed\nFAILED\n");
        return 1;
    }
    std::printf("%d device(s), device 0: %s\nPASSED\n", count, props.gcnArchName);
    return 0;
}
