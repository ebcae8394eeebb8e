// rocPRIM's block and warp primitives (Debian's librocprim-dev headers) built by hipcc and checked
// against the host: block reduce, inclusive and exclusive scan, radix sort; warp reduce and scan.
// Each kernel runs several blocks of random input; outputs start poisoned (0xFF bytes).
#include <hip/hip_runtime.h>
// rocPRIM 5.3's warp_scan_dpp.hpp uses rocprim::min without including functional.hpp.
#include <rocprim/functional.hpp>
#include <rocprim/block/block_radix_sort.hpp>
#include <rocprim/block/block_reduce.hpp>
#include <rocprim/block/block_scan.hpp>
#include <rocprim/warp/warp_reduce.hpp>
#include <rocprim/warp/warp_scan.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    hipError_t e_ = (x);                                                                           \
    if (e_ != hipSuccess) {                                                                        \
      std::printf("%s failed: %s\n", #x, hipGetErrorString(e_));                                   \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

constexpr unsigned kBlock = 256;
constexpr unsigned kItems = 4;
constexpr unsigned kLogicalWarp = 16;

__global__ void block_reduce_kernel(const int *in, int *out) {
  using reduce = rocprim::block_reduce<int, kBlock>;
  __shared__ typename reduce::storage_type storage;
  int r;
  reduce().reduce(in[blockIdx.x * kBlock + threadIdx.x], r, storage);
  if (threadIdx.x == 0)
    out[blockIdx.x] = r;
}

__global__ void block_scan_kernel(const int *in, int *inclusive, int *exclusive) {
  using scan = rocprim::block_scan<int, kBlock>;
  __shared__ typename scan::storage_type storage;
  unsigned i = blockIdx.x * kBlock + threadIdx.x;
  int v = in[i], inc, exc;
  scan().inclusive_scan(v, inc, storage);
  __syncthreads();
  scan().exclusive_scan(v, exc, 7, storage);
  inclusive[i] = inc;
  exclusive[i] = exc;
}

__global__ void block_sort_kernel(const unsigned *in, unsigned *out) {
  using sort = rocprim::block_radix_sort<unsigned, kBlock, kItems>;
  __shared__ typename sort::storage_type storage;
  unsigned keys[kItems];
  unsigned base = blockIdx.x * kBlock * kItems + threadIdx.x * kItems;
  for (unsigned k = 0; k < kItems; ++k)
    keys[k] = in[base + k];
  sort().sort(keys, storage);
  for (unsigned k = 0; k < kItems; ++k)
    out[base + k] = keys[k];
}

// A running prefix carried from tile to tile (hipCUB's BlockScan prefix callback).
struct RunningPrefix {
  int total;
  __device__ int operator()(int block_sum) {
    int old = total;
    total += block_sum;
    return old;
  }
};

// Scans of consecutive tiles, each continuing from the previous tiles' total through the prefix
// callback, with either block scan algorithm (reduce_then_scan reads a neighbour's slot in
// shared memory that lane 0 of the same warp overwrites: it relies on a warp's lanes running in
// lock step).
template <rocprim::block_scan_algorithm A>
__global__ void scan_tiles_kernel(const int *in, int *inclusive, int *exclusive, unsigned tiles) {
  using scan = rocprim::block_scan<int, kBlock, A>;
  __shared__ typename scan::storage_type storage;
  RunningPrefix inc_prefix{0}, exc_prefix{0};
  for (unsigned t = 0; t < tiles; ++t) {
    unsigned i = (blockIdx.x * tiles + t) * kBlock + threadIdx.x;
    int v = in[i], inc, exc;
    scan().inclusive_scan(v, inc, storage, inc_prefix, rocprim::plus<int>());
    __syncthreads();
    scan().exclusive_scan(v, exc, storage, exc_prefix, rocprim::plus<int>());
    __syncthreads();
    inclusive[i] = inc;
    exclusive[i] = exc;
  }
}

template <unsigned W> __global__ void warp_kernel(const int *in, int *sums, int *scans) {
  using reduce = rocprim::warp_reduce<int, W>;
  using scan = rocprim::warp_scan<int, W>;
  __shared__ typename reduce::storage_type rs[kBlock / W];
  __shared__ typename scan::storage_type ss[kBlock / W];
  unsigned i = blockIdx.x * kBlock + threadIdx.x;
  unsigned w = threadIdx.x / W;
  int v = in[i], sum, inc;
  reduce().reduce(v, sum, rs[w]);
  scan().inclusive_scan(v, inc, ss[w]);
  if (threadIdx.x % W == 0)
    sums[i / W] = sum;
  scans[i] = inc;
}

template <class T> T *device_poisoned(size_t n) {
  T *p;
  CHECK(hipMalloc(&p, n * sizeof(T)));
  CHECK(hipMemset(p, 0xFF, n * sizeof(T)));
  return p;
}

template <class T> std::vector<T> download(const T *d, size_t n) {
  std::vector<T> h(n);
  CHECK(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

static int failures = 0;
template <class T> void expect(const std::vector<T> &got, const std::vector<T> &want, const char *what) {
  size_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    bad += got[i] != want[i];
  if (bad) {
    std::printf("%s: %zu of %zu wrong\n", what, bad, want.size());
    ++failures;
  } else {
    std::printf("%s: ok\n", what);
  }
}

template <unsigned W> void warp_case(const int *d_in, const std::vector<int> &in, unsigned blocks) {
  int *sums = device_poisoned<int>(in.size() / W), *scans = device_poisoned<int>(in.size());
  warp_kernel<W><<<blocks, kBlock>>>(d_in, sums, scans);
  CHECK(hipGetLastError());
  std::vector<int> want_sums(in.size() / W), want_scans(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    want_sums[i / W] += in[i];
    want_scans[i] = in[i] + (i % W ? want_scans[i - 1] : 0);
  }
  char what[64];
  std::snprintf(what, sizeof what, "warp_reduce<%u>", W);
  expect(download(sums, want_sums.size()), want_sums, what);
  std::snprintf(what, sizeof what, "warp_scan<%u>", W);
  expect(download(scans, in.size()), want_scans, what);
}

// The tiles of `in` (one block per `tiles` consecutive tiles), scanned with prefix callbacks.
template <rocprim::block_scan_algorithm A>
void scan_tiles_case(const int *d_in, const std::vector<int> &in, const char *name) {
  const unsigned tiles = 5, blocks = unsigned(in.size() / kBlock / tiles);
  const size_t n = size_t(blocks) * tiles * kBlock;
  int *inc = device_poisoned<int>(n), *exc = device_poisoned<int>(n);
  scan_tiles_kernel<A><<<blocks, kBlock>>>(d_in, inc, exc, tiles);
  CHECK(hipGetLastError());
  std::vector<int> want_inc(n), want_exc(n);
  for (size_t i = 0; i < n; ++i) {
    bool first = i % (size_t(tiles) * kBlock) == 0;
    want_exc[i] = first ? 0 : want_inc[i - 1];
    want_inc[i] = want_exc[i] + in[i];
  }
  char what[96];
  std::snprintf(what, sizeof what, "block_scan<%s> inclusive with prefix callback", name);
  expect(download(inc, n), want_inc, what);
  std::snprintf(what, sizeof what, "block_scan<%s> exclusive with prefix callback", name);
  expect(download(exc, n), want_exc, what);
}

int main() {
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0));
  std::printf("device %s, warp size %d\n", props.gcnArchName, props.warpSize);
  const unsigned blocks = 5;
  const size_t n = blocks * kBlock;
  std::mt19937 rng(1234);
  std::vector<int> in(n);
  for (auto &v : in)
    v = int(rng() % 2001) - 1000;
  std::vector<unsigned> keys(n * kItems);
  for (auto &k : keys)
    k = rng();
  int *d_in;
  unsigned *d_keys;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_keys, keys.size() * sizeof(unsigned)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(d_keys, keys.data(), keys.size() * sizeof(unsigned), hipMemcpyHostToDevice));

  int *sums = device_poisoned<int>(blocks);
  block_reduce_kernel<<<blocks, kBlock>>>(d_in, sums);
  CHECK(hipGetLastError());
  std::vector<int> want(blocks);
  for (size_t i = 0; i < n; ++i)
    want[i / kBlock] += in[i];
  expect(download(sums, blocks), want, "block_reduce");

  int *inc = device_poisoned<int>(n), *exc = device_poisoned<int>(n);
  block_scan_kernel<<<blocks, kBlock>>>(d_in, inc, exc);
  CHECK(hipGetLastError());
  std::vector<int> want_inc(n), want_exc(n);
  for (size_t i = 0; i < n; ++i) {
    bool first = i % kBlock == 0;
    want_exc[i] = first ? 7 : want_exc[i - 1] + in[i - 1];
    want_inc[i] = in[i] + (first ? 0 : want_inc[i - 1]);
  }
  expect(download(inc, n), want_inc, "block_scan inclusive");
  expect(download(exc, n), want_exc, "block_scan exclusive");

  unsigned *sorted = device_poisoned<unsigned>(keys.size());
  block_sort_kernel<<<blocks, kBlock>>>(d_keys, sorted);
  CHECK(hipGetLastError());
  std::vector<unsigned> want_sorted = keys;
  for (unsigned b = 0; b < blocks; ++b)
    std::sort(want_sorted.begin() + b * kBlock * kItems, want_sorted.begin() + (b + 1) * kBlock * kItems);
  expect(download(sorted, keys.size()), want_sorted, "block_radix_sort");

  scan_tiles_case<rocprim::block_scan_algorithm::using_warp_scan>(d_in, in, "using_warp_scan");
  scan_tiles_case<rocprim::block_scan_algorithm::reduce_then_scan>(d_in, in, "reduce_then_scan");

  warp_case<kLogicalWarp>(d_in, in, blocks);
  warp_case<warpSize>(d_in, in, blocks);
  CHECK(hipDeviceSynchronize());
  std::printf(failures ? "FAILED\n" : "PASSED\n");
  return failures ? 1 : 0;
}
