// rocPRIM's device-wide algorithms (Debian's librocprim-dev headers) built by hipcc and checked
// against the host: radix sort (keys, and pairs on a bit range), reduce (sum with an initial value,
// and max), and histograms whose bins fit in shared memory and whose bins do not (global atomics
// after a ballot per bin bit, with samples out of range in between), over several blocks with a
// partial last one. Outputs start poisoned (0xFF bytes).
//
// Debian 12's rocPRIM is 5.3: its device scan reads hipDeviceProp_t::gcnArch, which ROCm 6 removed
// from the struct, so that header does not compile against ROCm 6's (or ferrocm's) HIP headers.
#include <hip/hip_runtime.h>
// rocPRIM 5.3's histogram and reduce print with std::cout but leave <iostream> to rocprim.hpp.
#include <iostream>
// rocPRIM 5.3's warp_scan_dpp.hpp uses rocprim::min without including functional.hpp.
#include <rocprim/functional.hpp>
#include <rocprim/device/device_histogram.hpp>
#include <rocprim/device/device_radix_sort.hpp>
#include <rocprim/device/device_reduce.hpp>

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

static int failures = 0;

template <class T> T *device_poisoned(size_t n) {
  T *p;
  CHECK(hipMalloc(&p, n * sizeof(T) + 1));
  CHECK(hipMemset(p, 0xFF, n * sizeof(T) + 1));
  return p;
}

template <class T> T *upload(const std::vector<T> &v) {
  T *p;
  CHECK(hipMalloc(&p, v.size() * sizeof(T) + 1));
  CHECK(hipMemcpy(p, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
  return p;
}

template <class T> std::vector<T> download(const T *p, size_t n) {
  std::vector<T> v(n);
  CHECK(hipMemcpy(v.data(), p, n * sizeof(T), hipMemcpyDeviceToHost));
  return v;
}

template <class T> void expect(const std::vector<T> &got, const std::vector<T> &want, const char *what) {
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (!(got[i] == want[i]) && bad++ == 0)
      first = i;
  if (bad) {
    std::printf("%s: %zu of %zu differ, first at %zu\n", what, bad, want.size(), first);
    ++failures;
  } else {
    std::printf("%s: ok\n", what);
  }
}

// Runs a rocPRIM device call twice: for its temporary storage size, then with the storage.
template <class F> void with_storage(F f) {
  size_t bytes = 0;
  CHECK(f(nullptr, bytes));
  void *tmp;
  CHECK(hipMalloc(&tmp, bytes ? bytes : 1));
  CHECK(f(tmp, bytes));
  CHECK(hipFree(tmp));
}

int main() {
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0));
  std::printf("device %s, warp size %d\n", props.gcnArchName, props.warpSize);
  std::mt19937 rng(4321);
  const size_t n = 20011; // several blocks of every algorithm, the last one partial

  std::vector<unsigned> keys(n);
  for (auto &k : keys)
    k = rng();
  std::vector<int> values(n);
  for (size_t i = 0; i < n; ++i)
    values[i] = int(i);
  unsigned *d_keys = upload(keys);
  int *d_values = upload(values);

  {
    unsigned *out = device_poisoned<unsigned>(n);
    with_storage([&](void *t, size_t &b) { return rocprim::radix_sort_keys(t, b, d_keys, out, n); });
    std::vector<unsigned> want = keys;
    std::sort(want.begin(), want.end());
    expect(download(out, n), want, "radix_sort_keys");
  }
  {
    // Pairs on bits [4, 20): stable, so equal keys keep their input order.
    unsigned *kout = device_poisoned<unsigned>(n);
    int *vout = device_poisoned<int>(n);
    with_storage([&](void *t, size_t &b) {
      return rocprim::radix_sort_pairs(t, b, d_keys, kout, d_values, vout, n, 4, 20);
    });
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i)
      order[i] = i;
    auto bits = [&](size_t i) { return (keys[i] >> 4) & 0xFFFFu; };
    // A stable order: equal bits keep their input order.
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return bits(a) != bits(b) ? bits(a) < bits(b) : a < b;
    });
    std::vector<unsigned> want_k(n);
    std::vector<int> want_v(n);
    for (size_t i = 0; i < n; ++i) {
      want_k[i] = keys[order[i]];
      want_v[i] = values[order[i]];
    }
    expect(download(kout, n), want_k, "radix_sort_pairs keys");
    expect(download(vout, n), want_v, "radix_sort_pairs values");
  }

  std::vector<int> in(n);
  for (auto &v : in)
    v = int(rng() % 2001) - 1000;
  int *d_in = upload(in);
  {
    int *sum = device_poisoned<int>(1);
    with_storage([&](void *t, size_t &b) {
      return rocprim::reduce(t, b, d_in, sum, 17, n, rocprim::plus<int>());
    });
    long long want = 17;
    for (int v : in)
      want += v;
    expect(download(sum, 1), std::vector<int>{int(want)}, "reduce");
    int *mx = device_poisoned<int>(1);
    with_storage([&](void *t, size_t &b) {
      return rocprim::reduce(t, b, d_in, mx, n, rocprim::maximum<int>());
    });
    expect(download(mx, 1), std::vector<int>{*std::max_element(in.begin(), in.end())}, "reduce max");
  }
  // Histograms: samples in [-50, bins + 50) over `bins` bins of width 1, so some fall outside.
  for (unsigned bins : {100u, 40000u}) {
    std::vector<int> samples(n);
    for (auto &s : samples)
      s = int(rng() % (bins + 100)) - 50;
    int *d_samples = upload(samples);
    unsigned *hist = device_poisoned<unsigned>(bins);
    with_storage([&](void *t, size_t &b) {
      return rocprim::histogram_even(t, b, d_samples, unsigned(n), hist, bins + 1, 0, int(bins));
    });
    std::vector<unsigned> want(bins);
    for (int s : samples)
      if (s >= 0 && s < int(bins))
        ++want[s];
    char what[64];
    std::snprintf(what, sizeof what, "histogram_even %u bins", bins);
    expect(download(hist, bins), want, what);
  }
  CHECK(hipDeviceSynchronize());
  std::printf(failures ? "FAILED\n" : "PASSED\n");
  return failures ? 1 : 0;
}
