// A kernel with a type error on line 5: the compiler log must say so.
#include <hip/hip_runtime.h>

extern "C" __global__ void broken(int* out) {
    out[threadIdx.x] = undeclared_identifier_xyz;
}
