// rocPRIM's block reduction, as rocPRIM's and hipCUB's device-wide reduce use it, on 64-bit
// values: each block of 256 work-items sums 4 values each (1024 per block) with
// `rocprim::block_reduce` in its default algorithm (a reduction in each warp, with DPP moves on
// AMD's wave 64, then one across the warps).
// The block header alone: Debian's rocPRIM (5.x) reads `hipDeviceProp_t::gcnArch` in its
// device-wide headers, a field ROCm 6 removed.
#include <rocprim/block/block_reduce.hpp>

extern "C" __global__ __launch_bounds__(256) void rocprim_block_sums(
    const unsigned long long *in, unsigned long long *out, int n) {
  using reduce_t = rocprim::block_reduce<unsigned long long, 256>;
  __shared__ typename reduce_t::storage_type storage;
  const int base = blockIdx.x * 1024;
  unsigned long long v = 0;
  for (int k = 0; k < 4; ++k) {
    const int i = base + k * 256 + (int)threadIdx.x;
    v += i < n ? in[i] : 0ull;
  }
  unsigned long long sum;
  reduce_t().reduce(v, sum, storage);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}
