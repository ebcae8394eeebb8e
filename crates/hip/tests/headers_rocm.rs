//! The pieces of ROCm's headers that HIP code uses without thinking (issue 10, "Headers"): limits
//! and C library functions visible after hip/hip_runtime.h, device memcpy/memset/malloc/free,
//! mixed-type min/max, abs(long long), std::floorf & co., the device clocks, __ldg for every type,
//! HIP_DYNAMIC_SHARED, __align__ and __launch_bounds__ with template-dependent arguments. Each
//! kernel runs on the CPU device into a poisoned buffer and is checked against values computed
//! here on the host.

use hip::{DeviceBuffer, Function, HipError, KernelArg, Module};
use std::sync::OnceLock;

const SOURCE: &str = r#"
#include <hip/hip_runtime.h>

// out[0..12]: limits as ROCm's hip_runtime.h makes them visible.
extern "C" __global__ void limits(long long *out) {
  if (threadIdx.x != 0) return;
  out[0] = INT_MAX; out[1] = INT_MIN; out[2] = CHAR_BIT; out[3] = SHRT_MAX;
  out[4] = UINT_MAX; out[5] = LLONG_MAX; out[6] = LLONG_MIN; out[7] = SCHAR_MIN;
  out[8] = UCHAR_MAX; out[9] = (long long)(ULLONG_MAX >> 1);
  out[10] = std::numeric_limits<int>::max(); out[11] = std::numeric_limits<short>::min();
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

fn detail() -> String {
    hip::last_error_detail().unwrap_or_else(|| "<no detail>".to_string())
}

fn module() -> &'static Module {
    static M: OnceLock<Result<Module, String>> = OnceLock::new();
    let m = M.get_or_init(|| {
        Module::from_source(SOURCE, &["-O2"]).map_err(|e| format!("{e:?}\n{}", detail()))
    });
    match m {
        Ok(m) => m,
        Err(log) => panic!("kernel source failed to compile: {log}"),
    }
}

fn function(name: &str) -> Function {
    module()
        .function(name)
        .unwrap_or_else(|e| panic!("kernel {name} not found: {e:?}\n{}", detail()))
}

fn launch(name: &str, grid: u32, block: u32, shared: u32, args: &[&dyn KernelArg]) {
    let f = function(name);
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
    let out = poisoned::<i64>(12);
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
