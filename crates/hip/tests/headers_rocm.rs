//! The pieces of ROCm's headers that HIP code uses without thinking (issue 10, "Headers"): limits
//! and C library functions visible after hip/hip_runtime.h, device memcpy/memset/malloc/free,
//! mixed-type min/max, abs(long long), std::floorf & co., the device clocks, __ldg for every type,
//! HIP_DYNAMIC_SHARED, __align__ and __launch_bounds__ with template-dependent arguments. Each
//! kernel runs on the CPU device into a poisoned buffer and is checked against values computed
//! here on the host.

use hip::{DeviceBuffer, Function, HipError, KernelArg, Module};
use std::path::PathBuf;
use std::sync::OnceLock;

const SOURCE: &str = r#"
#include <hip/hip_runtime.h>

// out[0..12]: limits as ROCm's hip_runtime.h makes them visible; out[12]: other std headers.
extern "C" __global__ void limits(long long *out) {
  if (threadIdx.x != 0) return;
  out[0] = INT_MAX; out[1] = INT_MIN; out[2] = CHAR_BIT; out[3] = SHRT_MAX;
  out[4] = UINT_MAX; out[5] = LLONG_MAX; out[6] = LLONG_MIN; out[7] = SCHAR_MIN;
  out[8] = UCHAR_MAX; out[9] = (long long)(ULLONG_MAX >> 1);
  out[10] = std::numeric_limits<int>::max(); out[11] = std::numeric_limits<short>::min();
  // <array>, <tuple>, <type_traits> and <utility> come with hip_runtime.h too.
  std::array<int, 3> a{{1, 2, 30}};
  out[12] = a[2] + std::get<1>(std::make_tuple(1, 500)) +
            1000 * std::is_same<int, std::remove_const<const int>::type>::value +
            std::min(std::max(7, 3), 9) * 10000;
}

// Per work-item: a local buffer set by memset and copied by memcpy (also the std:: spellings),
// and a malloc'd array of i+1 ints summed and freed. out[2i] = bytes as one int, out[2i+1] = sum.
extern "C" __global__ void libc_calls(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned char bytes[8];
  memset(bytes, 0, sizeof bytes);
  std::memset(bytes + 1, i & 0x7f, 2);
  int word;
  memcpy(&word, bytes, sizeof word);
  int copy;
  std::memcpy(&copy, &word, sizeof copy);
  out[2 * i] = copy;
  int *heap = (int *)malloc((i + 1) * sizeof(int));
  if (!heap) { out[2 * i + 1] = -1; return; }
  for (int k = 0; k <= i; ++k) heap[k] = k * 3 - i;
  int sum = 0;
  for (int k = 0; k <= i; ++k) sum += heap[k];
  free(heap);
  out[2 * i + 1] = sum;
}

// new and delete in device code: an array per work-item, and an object whose pointer is handed
// through a device global (so the allocation stays), freed by the next kernel.
struct Node { int value; Node *next; __device__ Node(int v, Node *n) : value(v), next(n) {} };
__device__ Node *lists[256];
extern "C" __global__ void build_lists(int *sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int *a = new int[i + 1];
  for (int k = 0; k <= i; ++k) a[k] = k * k;
  int s = 0;
  for (int k = 0; k <= i; ++k) s += a[k];
  delete[] a;
  sums[i] = s;
  Node *head = nullptr;
  for (int k = 0; k < i % 5 + 1; ++k) head = new Node(i + k, head);
  lists[i] = head;
}
extern "C" __global__ void walk_lists(int *totals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int t = 0;
  for (Node *p = lists[i]; p;) {
    t += p->value;
    Node *next = p->next;
    delete p;
    p = next;
  }
  totals[i] = t;
}

// Mixed-type min/max, abs of every integer width, fma and the std:: float functions.
extern "C" __global__ void mixed_math(unsigned *u, float *f, double *d, long long *l,
                                      const int *a, const unsigned *b, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  u[4 * i + 0] = min(a[i], b[i]);
  u[4 * i + 1] = max(a[i], b[i]);
  u[4 * i + 2] = min(b[i], a[i]);
  u[4 * i + 3] = max((unsigned char)i, b[i]);
  f[8 * i + 0] = max(x[i], a[i]);
  f[8 * i + 1] = min(a[i], x[i]);
  f[8 * i + 2] = std::floorf(x[i]);
  f[8 * i + 3] = std::sqrtf(std::fabsf(x[i]));
  f[8 * i + 4] = std::fmaf(x[i], 3.0f, -1.0f);
  f[8 * i + 5] = fma(x[i], x[i], 0.5f);
  f[8 * i + 6] = std::truncf(x[i] * 4.0f);
  f[8 * i + 7] = std::copysignf(2.0f, x[i]);
  d[2 * i + 0] = min((double)x[i] * 2.0, x[i]);
  d[2 * i + 1] = max(x[i], (double)a[i]);
  long long big = (long long)a[i] * 1000003ll;
  l[3 * i + 0] = abs(big);
  l[3 * i + 1] = abs((long)a[i] * -7l);
  l[3 * i + 2] = abs(a[i]);
}

// The glibc-style classification names (`__isnanf`, ...) that CUDA code calls in device code.
extern "C" __global__ void glibc_classify(int *out, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  double w = (double)v;
  out[i] = __isnanf(v) | __isinff(v) << 1 | __finitef(v) << 2 | __signbitf(v) << 3 |
           __isnan(w) << 4 | __isinf(w) << 5 | __finite(w) << 6 | __signbit(w) << 7;
}

// Math calls whose arguments are of other arithmetic types, promoted as <cmath> does (integers
// count as double; the result is float only when every argument is float).
extern "C" __global__ void promoted_math(double *d, float *f, const float *x, const int *k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto r0 = sqrt(k[i]);
  auto r1 = pow(x[i], 2);
  auto r2 = fma(x[i], x[i], 1.0);
  auto r3 = fmin(x[i], 0.5);
  auto r4 = fmax(x[i], 0.25f);
  auto r5 = floor(k[i]);
  static_assert(sizeof(r0) == 8 && sizeof(r2) == 8 && sizeof(r3) == 8, "double");
  // pow(float, int) is HIP's own float overload; all-float calls stay float.
  static_assert(sizeof(r1) == 4 && sizeof(r4) == 4, "float");
  d[5 * i + 0] = r0; d[5 * i + 1] = r1; d[5 * i + 2] = r2; d[5 * i + 3] = r3; d[5 * i + 4] = r5;
  f[i] = r4;
}

// Lane masks of a full warp and of the odd lanes alone; the core each work-item ran on.
extern "C" __global__ void lane_masks(unsigned long long *m, unsigned *sm) {
  unsigned t = threadIdx.x;
  m[6 * t + 0] = __lanemask_eq();
  m[6 * t + 1] = __lanemask_lt();
  m[6 * t + 2] = __lanemask_gt();
  if (t & 1) {
    m[6 * t + 3] = __lanemask_lt();
    m[6 * t + 4] = __lanemask_gt();
  } else {
    m[6 * t + 3] = 0;
    m[6 * t + 4] = 0;
  }
  m[6 * t + 5] = __lane_id();
  sm[t] = __smid();
}

// ts[0], ts[1]: clock64() read twice; ts[2]: wall_clock64(); ts[3]: clock().
extern "C" __global__ void clocks(long long *ts) {
  if (threadIdx.x != 0) return;
  long long a = clock64();
  long long b = clock64();
  ts[0] = a;
  ts[1] = b;
  ts[2] = wall_clock64();
  ts[3] = (long long)clock();
}

// __ldg of scalars and vectors, through dynamic shared memory declared with HIP_DYNAMIC_SHARED.
extern "C" __global__ void ldg_shared(float *out, const float *in, const float4 *v4,
                                      const int2 *i2, const double *dd, int n) {
  HIP_DYNAMIC_SHARED(float, tile)
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  tile[t] = i < n ? __ldg(in + i) : 0.0f;
  __syncthreads();
  if (i >= n) return;
  float4 v = __ldg(v4 + i);
  int2 p = __ldg(i2 + i);
  out[i] = tile[blockDim.x - 1 - t] + v.y + (float)(p.x - p.y) + (float)__ldg(dd + i);
}

// __align__ on a type and on a variable.
struct __align__(32) Aligned { float v[3]; };
extern "C" __global__ void aligned(unsigned long long *out) {
  __align__(64) float local[4];
  local[threadIdx.x & 3] = 1.0f;
  out[0] = alignof(Aligned);
  out[1] = sizeof(Aligned);
  out[2] = (unsigned long long)local % 64;
}

// __launch_bounds__ whose arguments depend on template parameters.
template <unsigned BlockSize> struct Config { static constexpr unsigned min_blocks = BlockSize / 64; };
template <unsigned BlockSize>
__global__ void __launch_bounds__(BlockSize, Config<BlockSize>::min_blocks) bounded(unsigned *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = BlockSize + threadIdx.x;
}
template __global__ void bounded<128>(unsigned *);
template __global__ void bounded<256>(unsigned *);
"#;

/// hip_fp8.h and the headers of ROCm's include tree, amd_detail/ included.
const TREE_SOURCE: &str = r#"
#include <hip/hip_runtime.h>
#include <hip/hip_fp8.h>
#include <hip/hip_math_constants.h>
#include <hip/library_types.h>
#include <hip/device_functions.h>
#include <hip/math_functions.h>
#include <hip/hip_ext.h>
#include <hip/channel_descriptor.h>
#include <hip/texture_types.h>
#include <hip/surface_types.h>
#include <hip/amd_detail/host_defines.h>
#include <hip/amd_detail/amd_hip_runtime.h>
#include <hip/amd_detail/amd_device_functions.h>
#include <hip/amd_detail/amd_hip_vector_types.h>
#include <hip/amd_detail/amd_hip_fp16.h>
#include <hip/amd_detail/amd_hip_bf16.h>
#include <hip/amd_detail/amd_warp_functions.h>
#include <hip/amd_detail/amd_hip_complex.h>
#include <hip/amd_detail/amd_hip_atomic.h>
#include <hip/amd_detail/amd_math_functions.h>
#include <hip/amd_detail/hip_ldg.h>
#include <hip/amd_detail/amd_hip_unsafe_atomics.h>
#include <hip/amd_detail/amd_hip_fp8.h>
#include <hip/amd_detail/amd_hip_math_constants.h>

// codes[(kind * 2 + sat) * n + i]: input i converted to each encoding (kind = the
// __hip_fp8_interpretation_t value) without and with saturation; back[kind * 256 + c]: code c
// converted to float; cls[...]: the same through the class types and the x2/x4 forms.
extern "C" __global__ void fp8(unsigned char *codes, float *back, unsigned char *cls,
                               float *cls_back, const float *in, const double *din, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    for (int kind = 0; kind < 4; ++kind)
      for (int sat = 0; sat < 2; ++sat)
        codes[(kind * 2 + sat) * n + i] = __hip_cvt_float_to_fp8(
            in[i], (__hip_saturation_t)sat, (__hip_fp8_interpretation_t)kind);
    __hip_fp8_e4m3 a(in[i]);
    __hip_fp8_e5m2 b = in[i];
    __hip_fp8_e4m3_fnuz c(din[i]);
    __hip_fp8_e5m2_fnuz d(din[i]);
    cls[4 * i + 0] = a.__x;
    cls[4 * i + 1] = b.__x;
    cls[4 * i + 2] = c.__x;
    cls[4 * i + 3] = d.__x;
    cls_back[4 * i + 0] = a;
    cls_back[4 * i + 1] = b;
    cls_back[4 * i + 2] = (float)(double)c;
    cls_back[4 * i + 3] = (float)(__half)d;
  }
  if (i < 256) {
    for (int kind = 0; kind < 4; ++kind) {
      __half_raw h = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)i, (__hip_fp8_interpretation_t)kind);
      back[kind * 256 + i] = (float)h.data;
    }
  }
}

// Pairs and quads pack lane 0 in the low byte; out[0..4] and out[4..8] are the unpacked values.
extern "C" __global__ void fp8_vectors(unsigned *packed, float *out, const float *in) {
  if (threadIdx.x != 0) return;
  __hip_fp8x2_e4m3 p(make_float2(in[0], in[1]));
  __hip_fp8x4_e5m2_fnuz q(make_float4(in[0], in[1], in[2], in[3]));
  packed[0] = p.__x;
  packed[1] = q.__x;
  packed[2] = __hip_cvt_float2_to_fp8x2(make_float2(in[2], in[3]), __HIP_SATFINITE, __HIP_E5M2);
  float2 u = p;
  float4 v = q;
  out[0] = u.x; out[1] = u.y; out[2] = 0; out[3] = 0;
  out[4] = v.x; out[5] = v.y; out[6] = v.z; out[7] = v.w;
}

// The `data` member of the vector types (HIP's native vector: indexable, and for 1, 2 and 4
// components clang's ext_vector_type with its own operators), and HIP_vector_type by name.
template <typename T, unsigned int N> __device__ T sum_of(const HIP_vector_type<T, N> &v) {
  T s = 0;
  for (unsigned int i = 0; i < N; ++i) s += v.data[i];
  return s;
}
extern "C" __global__ void vector_data(float *out, const float4 *in, const int3 *i3) {
  if (threadIdx.x != 0) return;
  float4 v = in[0];
  out[0] = v.data[0] + 10.0f * v.data[3];
  v.data[1] = 7.5f;
  out[1] = v.y;
  float4::Native_vec_ n = v.data * 2.0f;
  out[2] = n.x + n.w;
  int3 t = i3[0];
  t.data[2] = t.data[0] * 3;
  out[3] = (float)t.z;
  out[4] = sum_of(v) + (float)sum_of(t);
  double2 d = make_double2(0.25, 0.5);
  out[5] = (float)(d.data.x + d.data.y);
}

// A program's own non-template operators for one vector type win over the headers' templates
// (here they compute something else, so the result shows which was called).
__device__ float4 operator+(const float4 &a, const float4 &b) {
  return make_float4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
}
__device__ float4 &operator+=(float4 &a, float4 b) {
  a.x *= b.x;
  return a;
}
__device__ bool operator==(const int2 &, const int2 &) { return false; }
extern "C" __global__ void vector_overloads(float *out, int *flags) {
  if (threadIdx.x != 0) return;
  float4 a = make_float4(5, 6, 7, 8), b = make_float4(1, 2, 3, 4);
  float4 c = a + b;      // the program's: differences
  float4 d = a - b;      // the header's
  float2 e = make_float2(1, 2) + make_float2(3, 4);  // the header's (no overload for float2)
  a += b;                // the program's: x only, multiplied
  out[0] = c.x; out[1] = c.w; out[2] = d.y; out[3] = e.y; out[4] = a.x; out[5] = a.y;
  flags[0] = make_int2(1, 2) == make_int2(1, 2);   // the program's: always false
  flags[1] = make_int3(1, 2, 3) == make_int3(1, 2, 3);  // the header's
}

// The older index spellings and the device feature tests.
extern "C" __global__ void legacy(int *o) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  o[i] = hipThreadIdx_x + 1000 * hipBlockIdx_x + 100000 * (hipGridDim_x + hipThreadIdx_y + hipBlockIdx_z);
#if __HIP_ARCH_HAS_WARP_SHUFFLE__ && __HIP_ARCH_HAS_DOUBLES__ && !__HIP_ARCH_HAS_DYNAMIC_PARALLEL__
  if (i == 0) o[i] = -1;
#endif
}

// Constants and enum values of the tree, and the unsafe atomics.
extern "C" __global__ void tree(double *out, float *sum) {
  unsafeAtomicAdd(sum, 1.5f);
  safeAtomicAdd(sum, 0.5f);
  if (threadIdx.x != 0) return;
  out[0] = HIP_PI_F;
  out[1] = HIP_PI;
  out[2] = HIP_INF_F;
  out[3] = HIP_LN2_LO;
  out[4] = HIP_R_16BF + 100 * HIP_R_8F_E4M3_FNUZ;
  out[5] = hipAddressModeBorder + 10 * hipFilterModeLinear + 100 * hipReadModeNormalizedFloat;
  out[6] = HIP_AD_FORMAT_FLOAT + 1000 * hipResourceTypePitch2D;
  out[7] = __HIP_PLATFORM_AMD__ + 10 * __HIP_CLANG_ONLY__;
  out[8] = HIP_SQRT_2PI_LO;
  out[9] = HIP_MAX_NORMAL_F;
}
"#;

fn detail() -> String {
    hip::last_error_detail().unwrap_or_else(|| "<no detail>".to_string())
}

fn compiled(cell: &'static OnceLock<Result<Module, String>>, src: &str) -> &'static Module {
    let m = cell.get_or_init(|| {
        Module::from_source(src, &["-O2"]).map_err(|e| format!("{e:?}\n{}", detail()))
    });
    match m {
        Ok(m) => m,
        Err(log) => panic!("kernel source failed to compile: {log}"),
    }
}

fn module() -> &'static Module {
    static M: OnceLock<Result<Module, String>> = OnceLock::new();
    compiled(&M, SOURCE)
}

fn tree_module() -> &'static Module {
    static M: OnceLock<Result<Module, String>> = OnceLock::new();
    compiled(&M, TREE_SOURCE)
}

fn function(name: &str) -> Function {
    function_in(module(), name)
}

fn function_in(m: &Module, name: &str) -> Function {
    m.function(name)
        .unwrap_or_else(|e| panic!("kernel {name} not found: {e:?}\n{}", detail()))
}

fn launch(name: &str, grid: u32, block: u32, shared: u32, args: &[&dyn KernelArg]) {
    launch_fn(&function(name), name, grid, block, shared, args);
}

fn launch_fn(
    f: &Function,
    name: &str,
    grid: u32,
    block: u32,
    shared: u32,
    args: &[&dyn KernelArg],
) {
    if let Err(e) = f.launch(
        (grid, 1, 1).into(),
        (block, 1, 1).into(),
        shared,
        None,
        args,
    ) {
        panic!("{name}: launch failed: {e:?}\n{}", detail());
    }
    hip::device_synchronize()
        .unwrap_or_else(|e| panic!("{name}: synchronize failed: {e:?}\n{}", detail()));
}

fn upload<T: Copy>(data: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(data).unwrap_or_else(|e| panic!("upload failed: {e:?}"))
}

/// Every byte 0xFF: results a kernel failed to write stand out.
fn poisoned<T: Copy>(len: usize) -> DeviceBuffer<T> {
    let b = DeviceBuffer::<T>::new(len).unwrap_or_else(|e| panic!("alloc failed: {e:?}"));
    b.fill_bytes(0xFF)
        .unwrap_or_else(|e| panic!("fill failed: {e:?}"));
    b
}

fn download<T: Copy>(b: &DeviceBuffer<T>) -> Vec<T> {
    b.to_vec()
        .unwrap_or_else(|e| panic!("read back failed: {e:?}"))
}

#[test]
fn limits_are_visible_in_device_code() {
    let out = poisoned::<i64>(13);
    launch("limits", 1, 32, 0, &[&out]);
    let want = [
        i64::from(i32::MAX),
        i64::from(i32::MIN),
        8,
        i64::from(i16::MAX),
        i64::from(u32::MAX),
        i64::MAX,
        i64::MIN,
        i64::from(i8::MIN),
        i64::from(u8::MAX),
        (u64::MAX >> 1) as i64,
        i64::from(i32::MAX),
        i64::from(i16::MIN),
        71_530,
    ];
    assert_eq!(download(&out), want);
}

#[test]
fn memset_memcpy_malloc_and_free_in_device_code() {
    let n = 300usize;
    let out = poisoned::<i32>(2 * n);
    launch("libc_calls", 5, 64, 0, &[&out, &(n as i32)]);
    let got = download(&out);
    for i in 0..n {
        let b = (i & 0x7f) as u8;
        let word = i32::from_le_bytes([0, b, b, 0]);
        let sum: i32 = (0..=i as i32).map(|k| k * 3 - i as i32).sum();
        assert_eq!((got[2 * i], got[2 * i + 1]), (word, sum), "work-item {i}");
    }
}

#[test]
fn glibc_classification_names_work_in_device_code() {
    let x = [
        0.0f32,
        -0.0,
        1.5,
        -2.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        f32::MIN_POSITIVE / 4.0,
    ];
    let out = poisoned::<i32>(x.len());
    let dx = upload(&x);
    launch("glibc_classify", 1, 64, 0, &[&out, &dx, &(x.len() as i32)]);
    let got = download(&out);
    for (i, &v) in x.iter().enumerate() {
        let bits = i32::from(v.is_nan())
            | i32::from(v.is_infinite()) << 1
            | i32::from(v.is_finite()) << 2
            | i32::from(v.is_sign_negative()) << 3;
        assert_eq!(got[i], bits | bits << 4, "classification of {v}");
    }
}

#[test]
fn mixed_min_max_abs_fma_and_std_float_functions() {
    let n = 200usize;
    let a: Vec<i32> = (0..n as i32).map(|i| (i * 7919) % 401 - 200).collect();
    let b: Vec<u32> = (0..n as u32).map(|i| (i * 104_729) % 300).collect();
    let x: Vec<f32> = (0..n)
        .map(|i| (i as f32 - 100.0) * 0.37 + if i % 3 == 0 { 0.5 } else { 0.0 })
        .collect();
    let (u, f, d, l) = (
        poisoned::<u32>(4 * n),
        poisoned::<f32>(8 * n),
        poisoned::<f64>(2 * n),
        poisoned::<i64>(3 * n),
    );
    let (da, db, dx) = (upload(&a), upload(&b), upload(&x));
    launch(
        "mixed_math",
        4,
        64,
        0,
        &[&u, &f, &d, &l, &da, &db, &dx, &(n as i32)],
    );
    let (gu, gf, gd, gl) = (download(&u), download(&f), download(&d), download(&l));
    for i in 0..n {
        // int and unsigned meet as unsigned (C++'s usual arithmetic conversions).
        let (ai, bi) = (a[i] as u32, b[i]);
        let want_u = [
            ai.min(bi),
            ai.max(bi),
            bi.min(ai),
            (i as u32 & 0xff).max(bi),
        ];
        assert_eq!(&gu[4 * i..4 * i + 4], &want_u, "unsigned results of {i}");
        let xf = x[i];
        let af = a[i] as f32;
        let want_f = [
            xf.max(af),
            af.min(xf),
            xf.floor(),
            xf.abs().sqrt(),
            xf.mul_add(3.0, -1.0),
            xf.mul_add(xf, 0.5),
            (xf * 4.0).trunc(),
            2.0f32.copysign(xf),
        ];
        for (k, (&g, &w)) in gf[8 * i..8 * i + 8].iter().zip(&want_f).enumerate() {
            assert_eq!(
                g.to_bits(),
                w.to_bits(),
                "float result {k} of {i}: {g} vs {w}"
            );
        }
        let xd = f64::from(xf);
        let want_d = [(xd * 2.0).min(xd), xd.max(f64::from(a[i]))];
        assert_eq!(&gd[2 * i..2 * i + 2], &want_d, "double results of {i}");
        let big = i64::from(a[i]) * 1_000_003;
        let want_l = [
            big.abs(),
            (i64::from(a[i]) * -7).abs(),
            i64::from(a[i].abs()),
        ];
        assert_eq!(&gl[3 * i..3 * i + 3], &want_l, "abs results of {i}");
    }
}

#[test]
fn device_clocks_are_monotonic_and_tick_at_their_documented_rates() {
    let first = poisoned::<i64>(4);
    let second = poisoned::<i64>(4);
    launch("clocks", 1, 1, 0, &[&first]);
    let pause = std::time::Duration::from_millis(60);
    let host_start = std::time::Instant::now();
    std::thread::sleep(pause);
    launch("clocks", 1, 1, 0, &[&second]);
    let host_elapsed = host_start.elapsed().as_nanos() as i64;
    let (a, b) = (download(&first), download(&second));
    for t in [&a, &b] {
        assert!(t[0] > 0 && t[1] >= t[0], "clock64 went backwards: {t:?}");
        assert!(t[3] >= t[1], "clock() is clock64's counter: {t:?}");
        // wall_clock64 ticks at 100 MHz from the same origin: a tenth of the nanosecond count.
        assert!(
            t[2] >= t[1] / 10 && t[2] <= t[3] / 10 + 1,
            "wall clock off: {t:?}"
        );
    }
    // clock64 counts nanoseconds: the pause shows in full, and no more than the host saw pass
    // from before the pause to after the second launch.
    let clock_gap = b[0] - a[1];
    assert!(
        clock_gap >= pause.as_nanos() as i64 && clock_gap <= host_elapsed + 50_000_000,
        "clock64 advanced {clock_gap} ns over a {pause:?} pause (host saw {host_elapsed} ns)"
    );
    let wall_gap = b[2] - a[2];
    assert!(
        wall_gap >= pause.as_nanos() as i64 / 10 && wall_gap <= host_elapsed / 10 + 5_000_000,
        "wall_clock64 advanced {wall_gap} ticks over a {pause:?} pause"
    );
}

#[test]
fn ldg_of_scalars_and_vectors_through_dynamic_shared_memory() {
    let n = 250usize;
    let block = 64usize;
    let input: Vec<f32> = (0..n).map(|i| i as f32 * 0.25 - 10.0).collect();
    let v4: Vec<[f32; 4]> = (0..n)
        .map(|i| [i as f32, i as f32 * 2.0 + 0.5, -1.0, 7.0])
        .collect();
    let i2: Vec<[i32; 2]> = (0..n as i32).map(|i| [i * 3, i - 5]).collect();
    let dd: Vec<f64> = (0..n).map(|i| i as f64 / 8.0).collect();
    let out = poisoned::<f32>(n);
    let (din, dv4, di2, ddd) = (upload(&input), upload(&v4), upload(&i2), upload(&dd));
    let grid = n.div_ceil(block);
    launch(
        "ldg_shared",
        grid as u32,
        block as u32,
        (block * 4) as u32,
        &[&out, &din, &dv4, &di2, &ddd, &(n as i32)],
    );
    let got = download(&out);
    for i in 0..n {
        let base = i / block * block;
        let mirror = base + block - 1 - (i - base);
        let tile = if mirror < n { input[mirror] } else { 0.0 };
        let want = tile + v4[i][1] + (i2[i][0] - i2[i][1]) as f32 + dd[i] as f32;
        assert_eq!(
            got[i].to_bits(),
            want.to_bits(),
            "element {i}: {} vs {want}",
            got[i]
        );
    }
}

#[test]
fn align_specifier_on_types_and_variables() {
    let out = poisoned::<u64>(3);
    launch("aligned", 1, 4, 0, &[&out]);
    assert_eq!(download(&out), [32, 32, 0]);
}

#[test]
fn launch_bounds_with_template_dependent_arguments_are_enforced() {
    for (name, bound) in [
        ("_Z7boundedILj128EEvPj", 128u32),
        ("_Z7boundedILj256EEvPj", 256),
    ] {
        let out = poisoned::<u32>(2 * bound as usize);
        launch(name, 2, bound, 0, &[&out]);
        let want: Vec<u32> = (0..2 * bound).map(|i| bound + i % bound).collect();
        assert_eq!(download(&out), want, "{name}");
        let over =
            function(name).launch((1, 1, 1).into(), (bound * 2, 1, 1).into(), 0, None, &[&out]);
        assert_eq!(
            over,
            Err(HipError::LaunchFailure),
            "{name} with {} threads",
            bound * 2
        );
    }
}

// ---- hip_fp8.h: an independent reference (decode every code; encode by searching them) ----

/// One 8-bit float encoding, indexed by its `__hip_fp8_interpretation_t` value.
#[derive(Clone, Copy, Debug)]
struct Fp8Format {
    mant: u32,
    bias: i32,
    fnuz: bool,
    has_inf: bool,
    max_code: u8,
}

const FP8_FORMATS: [Fp8Format; 4] = [
    // OCP E4M3, OCP E5M2, E4M3 FNUZ, E5M2 FNUZ
    Fp8Format {
        mant: 3,
        bias: 7,
        fnuz: false,
        has_inf: false,
        max_code: 0x7e,
    },
    Fp8Format {
        mant: 2,
        bias: 15,
        fnuz: false,
        has_inf: true,
        max_code: 0x7b,
    },
    Fp8Format {
        mant: 3,
        bias: 8,
        fnuz: true,
        has_inf: false,
        max_code: 0x7f,
    },
    Fp8Format {
        mant: 2,
        bias: 16,
        fnuz: true,
        has_inf: false,
        max_code: 0x7f,
    },
];

fn fp8_decode(f: Fp8Format, code: u8) -> f64 {
    let neg = code & 0x80 != 0;
    let mag = u32::from(code & 0x7f);
    if f.fnuz && code == 0x80 {
        return f64::NAN;
    }
    if !f.fnuz {
        if f.has_inf && mag >> 2 == 0x1f {
            if mag & 3 != 0 {
                return f64::NAN;
            }
            return if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
        }
        if !f.has_inf && mag == 0x7f {
            return f64::NAN;
        }
    }
    let e = (mag >> f.mant) as i32;
    let m = f64::from(mag & ((1 << f.mant) - 1));
    let v = if e == 0 {
        m * 2f64.powi(1 - f.bias - f.mant as i32)
    } else {
        (f64::from(1u32 << f.mant) + m) * 2f64.powi(e - f.bias - f.mant as i32)
    };
    if neg {
        -v
    } else {
        v
    }
}

fn fp8_encode(f: Fp8Format, x: f64, saturate: bool) -> u8 {
    let sign: u8 = if x.is_sign_negative() { 0x80 } else { 0 };
    let nan = if f.fnuz { 0x80 } else { sign | 0x7f };
    if x.is_nan() {
        return nan;
    }
    let overflow = if f.has_inf { sign | 0x7c } else { nan };
    if x.is_infinite() {
        return overflow;
    }
    let a = x.abs();
    if a > fp8_decode(f, f.max_code) {
        return if saturate {
            sign | f.max_code
        } else {
            overflow
        };
    }
    // The nearest finite code; a tie goes to the even code (even mantissa).
    let mut best = 0u8;
    for c in 0..=0x7fu8 {
        let v = fp8_decode(f, c);
        if !v.is_finite() {
            continue;
        }
        let (d, bd) = ((v - a).abs(), (fp8_decode(f, best) - a).abs());
        if d < bd || (d == bd && c & 1 == 0 && best & 1 == 1) {
            best = c;
        }
    }
    match (best, f.fnuz) {
        (0, true) => 0,
        (0, false) => sign,
        _ => sign | best,
    }
}

/// Every finite value of every format, the midpoints between neighbours (ties) and values just
/// beside them, both signs, zeros, tiny and huge values, infinities and NaN.
fn fp8_inputs() -> Vec<f32> {
    let mut v = vec![
        0.0f32,
        -0.0,
        1e-30,
        -1e-30,
        1e30,
        -1e30,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    v.push(f32::NAN);
    for f in FP8_FORMATS {
        let mut values: Vec<f64> = (0..=0x7fu8)
            .map(|c| fp8_decode(f, c))
            .filter(|x| x.is_finite())
            .collect();
        values.sort_by(f64::total_cmp);
        values.dedup();
        for w in values.windows(2) {
            let mid = (w[0] + w[1]) / 2.0;
            for x in [w[0], mid, mid * (1.0 + 1e-6), mid * (1.0 - 1e-6)] {
                v.push(x as f32);
                v.push(-x as f32);
            }
        }
        let max = *values.last().expect("finite values");
        for x in [max * 1.01, max * 1.2, max * 2.0] {
            v.push(x as f32);
            v.push(-x as f32);
        }
    }
    v
}

#[test]
fn fp8_conversions_match_an_independent_reference_in_all_four_encodings() {
    let input = fp8_inputs();
    let n = input.len();
    // Doubles just above each float: a float tie is no tie for the double, which must be
    // rounded once, not through float.
    let din: Vec<f64> = input
        .iter()
        .map(|&x| f64::from(x) * (1.0 + 2f64.powi(-40)))
        .collect();
    let codes = poisoned::<u8>(8 * n);
    let back = poisoned::<f32>(4 * 256);
    let cls = poisoned::<u8>(4 * n);
    let cls_back = poisoned::<f32>(4 * n);
    let (din_d, in_d) = (upload(&din), upload(&input));
    let f = function_in(tree_module(), "fp8");
    let grid = n.max(256).div_ceil(64) as u32;
    launch_fn(
        &f,
        "fp8",
        grid,
        64,
        0,
        &[&codes, &back, &cls, &cls_back, &in_d, &din_d, &(n as i32)],
    );
    let (codes, back, cls, cls_back) = (
        download(&codes),
        download(&back),
        download(&cls),
        download(&cls_back),
    );
    for (kind, fmt) in FP8_FORMATS.iter().enumerate() {
        for sat in 0..2 {
            for (i, &x) in input.iter().enumerate() {
                let got = codes[(kind * 2 + sat) * n + i];
                let want = fp8_encode(*fmt, f64::from(x), sat == 1);
                assert_eq!(
                    got, want,
                    "encoding {kind}, saturate {sat}: {x:e} gave {got:#04x}, want {want:#04x}"
                );
            }
        }
        for c in 0..=255u8 {
            let got = back[kind * 256 + usize::from(c)];
            let want = fp8_decode(*fmt, c);
            assert!(
                (got.is_nan() && want.is_nan()) || f64::from(got) == want,
                "encoding {kind}: code {c:#04x} read back as {got:e}, want {want:e}"
            );
            if want == 0.0 {
                assert_eq!(
                    got.is_sign_negative(),
                    want.is_sign_negative(),
                    "zero sign of {c:#04x}"
                );
            }
        }
    }
    for i in 0..n {
        // The class types saturate; c and d are built from the doubles.
        let want = [
            fp8_encode(FP8_FORMATS[0], f64::from(input[i]), true),
            fp8_encode(FP8_FORMATS[1], f64::from(input[i]), true),
            fp8_encode(FP8_FORMATS[2], din[i], true),
            fp8_encode(FP8_FORMATS[3], din[i], true),
        ];
        assert_eq!(
            &cls[4 * i..4 * i + 4],
            &want,
            "class types of input {i} ({:e})",
            input[i]
        );
        for k in 0..4 {
            let value = fp8_decode(FP8_FORMATS[k], want[k]);
            let got = cls_back[4 * i + k];
            assert!(
                (got.is_nan() && value.is_nan()) || f64::from(got) == value,
                "class type {k} of input {i}: read back {got:e}, want {value:e}"
            );
        }
    }
}

#[test]
fn fp8_pairs_and_quads_pack_lane_zero_low() {
    let input = [1.5f32, -300.0, 0.1, 70000.0];
    let packed = poisoned::<u32>(3);
    let out = poisoned::<f32>(8);
    let in_d = upload(&input);
    let f = function_in(tree_module(), "fp8_vectors");
    launch_fn(&f, "fp8_vectors", 1, 1, 0, &[&packed, &out, &in_d]);
    let enc = |k: usize, x: f32| u32::from(fp8_encode(FP8_FORMATS[k], f64::from(x), true));
    let want = [
        enc(0, input[0]) | enc(0, input[1]) << 8,
        enc(3, input[0]) | enc(3, input[1]) << 8 | enc(3, input[2]) << 16 | enc(3, input[3]) << 24,
        enc(1, input[2]) | enc(1, input[3]) << 8,
    ];
    assert_eq!(download(&packed), want);
    let dec = |k: usize, c: u32| fp8_decode(FP8_FORMATS[k], c as u8) as f32;
    let want_out = [
        dec(0, want[0] & 0xff),
        dec(0, want[0] >> 8),
        0.0,
        0.0,
        dec(3, want[1] & 0xff),
        dec(3, (want[1] >> 8) & 0xff),
        dec(3, (want[1] >> 16) & 0xff),
        dec(3, want[1] >> 24),
    ];
    assert_eq!(download(&out), want_out);
}

#[test]
fn rocm_include_tree_constants_enums_and_unsafe_atomics() {
    let out = poisoned::<f64>(10);
    let sum = upload(&[0.0f32]);
    let f = function_in(tree_module(), "tree");
    launch_fn(&f, "tree", 1, 64, 0, &[&out, &sum]);
    let want = [
        f64::from(std::f32::consts::PI),
        std::f64::consts::PI,
        f64::INFINITY,
        2.3190468138462996e-17,
        100_014.0,
        113.0,
        3032.0,
        11.0,
        -1.8328579980459167e-16,
        f64::from(f32::MAX),
    ];
    assert_eq!(download(&out), want);
    assert_eq!(download(&sum), [128.0]);
}

/// The C view of the runtime API header with the new type headers: layouts and values as HIP 6
/// has them, compiled by gcc as C99 and run.
#[test]
fn runtime_api_types_compile_as_c_with_hip_layouts() {
    let dir = std::env::temp_dir().join(format!("ferrocm-headers-rocm-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let src = dir.join("types.c");
    std::fs::write(
        &src,
        r#"#include <hip/hip_runtime_api.h>
#include <hip/library_types.h>
#include <hip/hip_math_constants.h>
#include <hip/channel_descriptor.h>
#include <hip/linker_types.h>
#include <stddef.h>
#include <stdio.h>
int main(void) {
  hipExtent e = make_hipExtent(4, 5, 6);
  hipPitchedPtr p = make_hipPitchedPtr(0, 256, 200, 7);
  hipPos q = make_hipPos(1, 2, 3);
  hipMemPool_t pool = 0;
  hipFuncCache_t cache = hipFuncCachePreferEqual;
  hipArray_Format fmt = HIP_AD_FORMAT_HALF;
  printf("%zu %zu %zu %zu %zu %zu %d %d %d\n", e.width * 100 + e.height * 10 + e.depth, p.pitch,
         q.x + q.y + q.z, sizeof(hipTextureDesc), sizeof(hipResourceDesc),
         offsetof(hipResourceDesc, res), (int)cache, (int)fmt, pool == 0);
  printf("%zu %zu %zu %d %d %d %d\n", sizeof(hipChannelFormatDesc), sizeof(hipIpcMemHandle_t),
         sizeof(HIP_ARRAY3D_DESCRIPTOR), (int)hipLimitMallocHeapSize, (int)HIP_R_8F_E5M2_FNUZ,
         (int)hipResViewFormatUnsignedBlockCompressed7, (int)hipMemAdviseUnsetCoarseGrain);
  printf("%.17g %.9g %d\n", HIP_PI, (double)HIP_PI_F, HIP_NAN_F != HIP_NAN_F);
  printf("%zu %zu %zu %d\n", sizeof(hipMemPoolProps), offsetof(hipMemPoolProps, maxSize),
         sizeof(hipMemAccessDesc), (int)hipMemPoolAttrUsedMemHigh);
  printf("%d %d %d\n", (int)hipJitOptionFastCompile, (int)hipJitInputLLVMBitcode,
         (int)hipJitOptionIRtoISAOptCountExt);
  return 0;
}
"#,
    )
    .expect("write types.c");
    let exe = dir.join("types");
    let build = std::process::Command::new("gcc")
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include"))
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("gcc runs");
    assert!(
        build.status.success(),
        "gcc failed:\n{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let run = std::process::Command::new(&exe)
        .output()
        .expect("program runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(run.status.success(), "{run:?}");
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "456 256 6 64 64 8 3 16 1\n20 64 40 2 1001 34 101\n3.1415926535897931 3.14159274 1\n88 24 12 8\n16 100 10001\n"
    );
}

#[test]
fn vector_types_have_the_native_data_member() {
    let out = poisoned::<f32>(6);
    let in4 = upload(&[[1.5f32, 2.0, 3.0, 4.25]]);
    let in3 = upload(&[[4i32, 5, 6]]);
    let f = function_in(tree_module(), "vector_data");
    launch_fn(&f, "vector_data", 1, 1, 0, &[&out, &in4, &in3]);
    // v = (1.5, 7.5, 3, 4.25) after the write through data[1]; t = (4, 5, 12).
    let want = [1.5 + 42.5, 7.5, 3.0 + 8.5, 12.0, 16.25 + 21.0, 0.75];
    assert_eq!(download(&out), want);
}

#[test]
fn programs_own_vector_operators_beat_the_headers_templates() {
    let out = poisoned::<f32>(6);
    let flags = poisoned::<i32>(2);
    let f = function_in(tree_module(), "vector_overloads");
    launch_fn(&f, "vector_overloads", 1, 1, 0, &[&out, &flags]);
    assert_eq!(download(&out), [4.0, 4.0, 4.0, 6.0, 5.0, 6.0]);
    assert_eq!(download(&flags), [0, 1]);
}

#[test]
fn math_arguments_of_other_types_are_promoted_as_cmath_does() {
    let n = 100usize;
    let x: Vec<f32> = (0..n).map(|i| (i as f32 - 50.0) * 0.013).collect();
    let k: Vec<i32> = (0..n as i32).map(|i| i * 37 + 1).collect();
    let (d, f) = (poisoned::<f64>(5 * n), poisoned::<f32>(n));
    let (dx, dk) = (upload(&x), upload(&k));
    launch("promoted_math", 2, 64, 0, &[&d, &f, &dx, &dk, &(n as i32)]);
    let (gd, gf) = (download(&d), download(&f));
    for i in 0..n {
        let xd = f64::from(x[i]);
        let want = [
            f64::from(k[i]).sqrt(),
            f64::from(x[i] * x[i]),
            xd.mul_add(xd, 1.0),
            xd.min(0.5),
            f64::from(k[i]),
        ];
        assert_eq!(&gd[5 * i..5 * i + 5], &want, "double results of {i}");
        assert_eq!(gf[i], x[i].max(0.25), "float result of {i}");
    }
}

#[test]
fn legacy_index_macros_and_device_feature_tests() {
    let out = poisoned::<i32>(96);
    let f = function_in(tree_module(), "legacy");
    launch_fn(&f, "legacy", 3, 32, 0, &[&out]);
    let want: Vec<i32> = (0..96)
        .map(|i| {
            if i == 0 {
                -1
            } else {
                i % 32 + 1000 * (i / 32) + 300_000
            }
        })
        .collect();
    assert_eq!(download(&out), want);
}

/// The same headers in plain C++ (g++, which has no ext_vector_type: `data` is the array form
/// there): vector types with their data member and operators, fp8 conversions, the 3-D copy
/// builders, the math constants.
#[test]
fn headers_work_in_plain_cxx_without_ext_vector_types() {
    let dir = std::env::temp_dir().join(format!("ferrocm-headers-rocm-cxx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let src = dir.join("plain.cpp");
    std::fs::write(
        &src,
        r#"#include <hip/hip_runtime.h>
#include <hip/hip_fp8.h>
#include <hip/hip_math_constants.h>
#include <cstdio>
int main() {
  float4 v = make_float4(1, 2, 3, 4);
  v.data[1] = 10.0f;
  float4 w = v * 2.0f + make_float4(0.5f, 0.5f, 0.5f, 0.5f);
  int3 t = make_int3(1, 2, 3);
  t += 4;
  static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
  static_assert(sizeof(int3) == 12 && alignof(int3) == 4, "int3");
  static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
  __hip_fp8_e4m3 a(3.3f);
  __hip_fp8_e5m2_fnuz b(-1000.0);
  hipExtent e = make_hipExtent(1, 2, 3);
  printf("%g %g %g %d %d %u %g %u %g %zu %.9g\n", w.x, w.y, w.data[3], t.x, t.data[2],
         (unsigned)a.__x, (float)a, (unsigned)b.__x, (float)b, e.depth, (double)HIP_PI_F);
  return 0;
}
"#,
    )
    .expect("write plain.cpp");
    let exe = dir.join("plain");
    let build = std::process::Command::new("g++")
        .args(["-std=c++17", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include"))
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("g++ runs");
    assert!(
        build.status.success(),
        "g++ failed:\n{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let run = std::process::Command::new(&exe)
        .output()
        .expect("program runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(run.status.success(), "{run:?}");
    let a = fp8_encode(FP8_FORMATS[0], f64::from(3.3f32), true);
    let b = fp8_encode(FP8_FORMATS[3], -1000.0, true);
    let want = format!(
        "2.5 20.5 8.5 5 7 {a} {} {b} {} 3 3.14159274\n",
        fp8_decode(FP8_FORMATS[0], a),
        fp8_decode(FP8_FORMATS[3], b)
    );
    assert_eq!(String::from_utf8_lossy(&run.stdout), want);
}

#[test]
fn lane_masks_and_the_core_a_work_item_runs_on() {
    // 64 work-items: one warp of 64, or two of 32 (FERROCM_WARP_SIZE=32).
    let m = poisoned::<u64>(6 * 64);
    let sm = poisoned::<u32>(64);
    launch("lane_masks", 1, 64, 0, &[&m, &sm]);
    let (m, sm) = (download(&m), download(&sm));
    let warp = if m[6 * 63 + 5] == 63 { 64u32 } else { 32 };
    let full: u64 = if warp == 64 { !0 } else { (1 << warp) - 1 };
    let odd: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    for t in 0..64u32 {
        let lane = t % warp;
        let row = &m[6 * t as usize..6 * t as usize + 6];
        let below = (1u64 << lane) - 1;
        let above = if lane == 63 {
            0
        } else {
            (!0u64 << (lane + 1)) & full
        };
        let (odd_below, odd_above) = if lane % 2 == 1 {
            (below & odd, above & odd)
        } else {
            (0, 0)
        };
        assert_eq!(
            row,
            [
                1u64 << lane,
                below,
                above,
                odd_below,
                odd_above,
                u64::from(lane)
            ],
            "work-item {t} (lane {lane} of a warp of {warp})"
        );
    }
    let cpus = std::fs::read_to_string("/proc/cpuinfo")
        .map(|t| t.lines().filter(|l| l.starts_with("processor")).count())
        .unwrap_or(0);
    if cpus > 0 {
        assert!(
            sm.iter().all(|&c| (c as usize) < cpus),
            "__smid beyond {cpus} cores: {sm:?}"
        );
    }
}

#[test]
fn new_and_delete_in_device_code() {
    let n = 200usize;
    let sums = poisoned::<i32>(n);
    let totals = poisoned::<i32>(n);
    launch("build_lists", 4, 64, 0, &[&sums, &(n as i32)]);
    launch("walk_lists", 4, 64, 0, &[&totals, &(n as i32)]);
    let (sums, totals) = (download(&sums), download(&totals));
    for i in 0..n as i32 {
        let want_sum: i32 = (0..=i).map(|k| k * k).sum();
        let want_total: i32 = (0..i % 5 + 1).map(|k| i + k).sum();
        assert_eq!(
            (sums[i as usize], totals[i as usize]),
            (want_sum, want_total),
            "work-item {i}"
        );
    }
}

/// The atomic functions have ROCm's overload set: `long long` has only atomicMin and atomicMax
/// (hip-tests' negative kernels count on the others failing to compile), float and double have
/// atomicCAS.
#[test]
fn atomic_overloads_are_rocms() {
    for f in [
        "atomicAdd",
        "atomicSub",
        "atomicExch",
        "atomicAnd",
        "atomicOr",
        "atomicXor",
        "atomicAdd_system",
        "atomicExch_system",
    ] {
        let src = format!(
            "#include <hip/hip_runtime.h>\n\
             extern \"C\" __global__ void k(long long *p) {{ p[1] = {f}(p, 3ll); }}\n"
        );
        match Module::from_source(&src, &[]) {
            Err(HipError::InvalidSource) => {}
            Err(e) => panic!(
                "{f}(long long *): expected InvalidSource, got {e:?}\n{}",
                detail()
            ),
            Ok(_) => panic!("{f}(long long *) compiled; ROCm has no such overload"),
        }
        let log = detail();
        assert!(
            log.lines().any(|l| l.contains("error") && l.contains(f)),
            "{f}: no error line names it:\n{log}"
        );
    }
    let src = "#include <hip/hip_runtime.h>\n\
        extern \"C\" __global__ void k(long long *p, float *f, double *d) {\n\
          p[2] = atomicMin(p, 3ll) + atomicMax_system(p + 1, 4ll);\n\
          f[1] = atomicCAS(f, 1.0f, 2.0f) + atomicCAS_system(f, 2.0f, 3.0f);\n\
          d[1] = atomicCAS(d, 1.0, 2.0);\n\
        }\n";
    if let Err(e) = Module::from_source(src, &[]) {
        panic!("ROCm's overloads failed to compile: {e:?}\n{}", detail());
    }
}

/// rocThrust's `guarded_hip_runtime_api.h`: unless ROCm's host_defines.h guard is set, it
/// undefines `__host__` and `__device__` and includes hip_runtime_api.h to get them back. With
/// the qualifiers already defined (hipcc includes hip_runtime.h first), the guard must say so.
#[test]
fn qualifiers_survive_rocthrusts_guarded_include() {
    let src = "#include <hip/hip_runtime.h>\n\
        #if !defined(HIP_INCLUDE_HIP_AMD_DETAIL_HOST_DEFINES_H)\n\
        #undef __host__\n\
        #undef __device__\n\
        #endif\n\
        #include <hip/hip_runtime_api.h>\n\
        inline __host__ __device__ int twice(int v) { return 2 * v; }\n\
        extern \"C\" __global__ void k(int *p) { p[threadIdx.x] = twice(threadIdx.x); }\n";
    let m = match Module::from_source(src, &[]) {
        Ok(m) => m,
        Err(e) => panic!("the guarded include failed to compile: {e:?}\n{}", detail()),
    };
    let out = poisoned::<i32>(8);
    launch_fn(&function_in(&m, "k"), "k", 1, 8, 0, &[&out]);
    let want: Vec<i32> = (0..8).map(|v| 2 * v).collect();
    assert_eq!(download(&out), want);
}
