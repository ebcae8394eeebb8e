// Device query: the properties of every device (hipGetDeviceProperties) cross-checked against
// the same numbers read one at a time with hipDeviceGetAttribute, plus the runtime version and
// free/total memory.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

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

static int attribute(hipDeviceAttribute_t attr, int device) {
    int value = 0;
    HIP_CHECK(hipDeviceGetAttribute(&value, attr, device));
    return value;
}

int main() {
    int count = 0;
    HIP_CHECK(hipGetDeviceCount(&count));
    int runtime_version = 0, driver_version = 0;
    HIP_CHECK(hipRuntimeGetVersion(&runtime_version));
    HIP_CHECK(hipDriverGetVersion(&driver_version));
    std::printf("device_query: %d device(s), runtime %d, driver %d\n", count, runtime_version, driver_version);

    int errors = count > 0 ? 0 : 1;
    for (int dev = 0; dev < count; ++dev) {
        HIP_CHECK(hipSetDevice(dev));
        int current = -1;
        HIP_CHECK(hipGetDevice(&current));
        hipDeviceProp_t prop;
        HIP_CHECK(hipGetDeviceProperties(&prop, dev));
        size_t free_mem = 0, total_mem = 0;
        HIP_CHECK(hipMemGetInfo(&free_mem, &total_mem));

        std::printf("device %d: %s (%s)\n", dev, prop.name, prop.gcnArchName);
        std::printf("  compute capability      %d.%d\n", prop.major, prop.minor);
        std::printf("  multiprocessors         %d\n", prop.multiProcessorCount);
        std::printf("  warp size               %d\n", prop.warpSize);
        std::printf("  max threads per block   %d (%d x %d x %d)\n", prop.maxThreadsPerBlock,
                    prop.maxThreadsDim[0], prop.maxThreadsDim[1], prop.maxThreadsDim[2]);
        std::printf("  max grid                %d x %d x %d\n", prop.maxGridSize[0], prop.maxGridSize[1], prop.maxGridSize[2]);
        std::printf("  shared memory per block %zu bytes\n", prop.sharedMemPerBlock);
        std::printf("  global memory           %zu MiB (free %zu MiB)\n", prop.totalGlobalMem >> 20, free_mem >> 20);
        std::printf("  clock rate              %d kHz\n", prop.clockRate);

        struct Check {
            const char* what;
            int from_props;
            int from_attribute;
        } checks[] = {
            {"maxThreadsPerBlock", prop.maxThreadsPerBlock, attribute(hipDeviceAttributeMaxThreadsPerBlock, dev)},
            {"warpSize", prop.warpSize, attribute(hipDeviceAttributeWarpSize, dev)},
            {"multiProcessorCount", prop.multiProcessorCount, attribute(hipDeviceAttributeMultiprocessorCount, dev)},
            {"major", prop.major, attribute(hipDeviceAttributeComputeCapabilityMajor, dev)},
            {"minor", prop.minor, attribute(hipDeviceAttributeComputeCapabilityMinor, dev)},
            {"maxThreadsDim[0]", prop.maxThreadsDim[0], attribute(hipDeviceAttributeMaxBlockDimX, dev)},
            {"maxGridSize[0]", prop.maxGridSize[0], attribute(hipDeviceAttributeMaxGridDimX, dev)},
            {"sharedMemPerBlock", static_cast<int>(prop.sharedMemPerBlock), attribute(hipDeviceAttributeMaxSharedMemoryPerBlock, dev)},
            {"clockRate", prop.clockRate, attribute(hipDeviceAttributeClockRate, dev)},
        };
        for (const Check& c : checks) {
            if (c.from_props != c.from_attribute) {
                std::printf("  %s: hipDeviceProp_t says %d, hipDeviceGetAttribute says %d\n", c.what, c.from_props, c.from_attribute);
                ++errors;
            }
        }
        // Sanity of the values themselves: what every HIP device has.
        if (current != dev || prop.warpSize <= 0 || prop.maxThreadsPerBlock < 64 || prop.multiProcessorCount < 1 ||
            prop.totalGlobalMem == 0 || total_mem == 0 || free_mem > total_mem || prop.name[0] == '\0') {
            std::printf("  implausible properties for device %d\n", dev);
            ++errors;
        }
    }
    // A device number past the end is an error.
    hipDeviceProp_t unused;
    if (hipGetDeviceProperties(&unused, count) != hipErrorInvalidDevice) {
        std::printf("hipGetDeviceProperties(%d) did not return hipErrorInvalidDevice\n", count);
        ++errors;
    }
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
