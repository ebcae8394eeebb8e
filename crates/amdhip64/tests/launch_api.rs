//! Function attributes and the remaining launch calls through the C ABI: hipFuncGetAttribute,
//! hipFuncSetAttribute (the dynamic shared memory bound honoured by launches), the cache and
//! bank preferences, hipGetFuncBySymbol, hipExtLaunchKernel, hipExtModuleLaunchKernel,
//! hipHccModuleLaunchKernel, hipConfigureCall/hipSetupArgument/hipLaunchByPtr and the occupancy
//! calls with flags and for module kernels. Each failing call asserts the exact code and that
//! it became the thread's last error; kernels are checked against the host on random inputs
//! with a poisoned output buffer.

use amdhip64::abi::{dim3, FatBinaryWrapper, FATBIN_MAGIC, FATBIN_VERSION};
use amdhip64::*;
use std::ffi::{c_void, CStr};
use std::ptr::{null, null_mut};
use std::sync::{Mutex, MutexGuard, OnceLock};

const SUCCESS: i32 = 0;
const INVALID_VALUE: i32 = 1;
const MISSING_CONFIGURATION: i32 = 52;
const INVALID_DEVICE_FUNCTION: i32 = 98;
const INVALID_HANDLE: i32 = 400;

const KERNELS: &str = r#"
#include <hip/hip_runtime.h>
extern "C" __global__ void axpb(const int *x, int *y, int a, int b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + b;
}
// Sums its block's inputs through dynamic shared memory.
extern "C" __global__ void block_sum(const int *x, int *out) {
    extern __shared__ int s[];
    s[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        int t = 0;
        for (unsigned i = 0; i < blockDim.x; ++i) t += s[i];
        out[blockIdx.x] = t;
    }
}
// Static shared memory, for sharedSizeBytes and the room it leaves.
extern "C" __global__ void tiled(int *p) {
    __shared__ int tile[256];
    tile[threadIdx.x] = threadIdx.x;
    __syncthreads();
    p[threadIdx.x] = tile[255 - threadIdx.x];
}
extern "C" __global__ __launch_bounds__(128) void bounded(int *p) { p[threadIdx.x] = 1; }
"#;

fn serial() -> MutexGuard<'static, ()> {
    static M: Mutex<()> = Mutex::new(());
    let g = M.lock().unwrap_or_else(|e| e.into_inner());
    hipGetLastError();
    g
}

#[track_caller]
fn expect(code: i32, want: i32) {
    assert_eq!(code, want, "returned {}, wanted {}", name(code), name(want));
    assert_eq!(hipGetLastError(), want, "last error");
    assert_eq!(hipGetLastError(), SUCCESS, "hipGetLastError resets");
}

#[track_caller]
fn ok(code: i32) {
    assert_eq!(
        code,
        SUCCESS,
        "returned {}: {:?}",
        name(code),
        hip::last_error_detail()
    );
}

fn name(code: i32) -> String {
    // SAFETY: hipGetErrorName returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(hipGetErrorName(code)) }
        .to_string_lossy()
        .into_owned()
}

fn d3(x: u32) -> dim3 {
    dim3 { x, y: 1, z: 1 }
}

/// The test kernels: as module functions, and registered as host functions (the addresses of
/// the `HOST_*` statics stand in for clang's host stubs).
struct Kernels {
    axpb: usize,
    block_sum: usize,
    tiled: usize,
    bounded: usize,
    /// The code object bytes the fat binary wrapper points to (kept alive).
    _image: Vec<u8>,
}

static HOST_AXPB: u8 = 0;
static HOST_BLOCK_SUM: u8 = 0;

fn host_axpb() -> *const c_void {
    &HOST_AXPB as *const u8 as *const c_void
}

fn host_block_sum() -> *const c_void {
    &HOST_BLOCK_SUM as *const u8 as *const c_void
}

fn kernels() -> &'static Kernels {
    static K: OnceLock<Kernels> = OnceLock::new();
    K.get_or_init(|| {
        let co = comgr::compile_hip(KERNELS, "launch.hip", &comgr::CompileOptions::default())
            .expect("compile the test kernels");
        let image = co.to_bytes();
        let mut m = null_mut();
        let mut f = [null_mut(); 4];
        // SAFETY: a complete code object; out-pointers are locals; the wrapper and the image
        // it points to live for the whole process (the image moves into the static).
        unsafe {
            ok(hipModuleLoadData(&mut m, image.as_ptr().cast()));
            for (i, n) in [c"axpb", c"block_sum", c"tiled", c"bounded"]
                .iter()
                .enumerate()
            {
                ok(hipModuleGetFunction(&mut f[i], m, n.as_ptr()));
            }
            let wrapper = Box::leak(Box::new(FatBinaryWrapper {
                magic: FATBIN_MAGIC,
                version: FATBIN_VERSION,
                binary: image.as_ptr().cast(),
                unused: null(),
            }));
            let fb = __hipRegisterFatBinary((wrapper as *const FatBinaryWrapper).cast());
            assert!(!fb.is_null());
            for (host, dev) in [(host_axpb(), c"axpb"), (host_block_sum(), c"block_sum")] {
                ok(__hipRegisterFunction(
                    fb,
                    host,
                    null_mut(),
                    dev.as_ptr(),
                    u32::MAX,
                    null_mut(),
                    null_mut(),
                    null_mut(),
                    null_mut(),
                    null_mut(),
                ));
            }
        }
        Kernels {
            axpb: f[0] as usize,
            block_sum: f[1] as usize,
            tiled: f[2] as usize,
            bounded: f[3] as usize,
            _image: image,
        }
    })
}

/// A small deterministic generator seeded from the clock: random inputs, reproducible
/// within a run.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1);
        Rng(t | 1)
    }
    fn next(&mut self) -> i32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % 2001) as i32 - 1000
    }
}

/// Device buffers: random input `x` (n values) and output `y` poisoned.
struct Buffers {
    x: *mut i32,
    y: *mut i32,
    host_x: Vec<i32>,
    n: usize,
}

const POISON: i32 = 0x5a5a_5a5a;

impl Buffers {
    fn new(n: usize) -> Buffers {
        let mut rng = Rng::new();
        let host_x: Vec<i32> = (0..n).map(|_| rng.next()).collect();
        let (mut x, mut y) = (null_mut(), null_mut());
        let bytes = n * 4;
        // SAFETY: out-pointers are locals; copies stay inside the allocations.
        unsafe {
            ok(hipMalloc(&mut x, bytes));
            ok(hipMalloc(&mut y, bytes));
            ok(hipMemcpy(x, host_x.as_ptr().cast(), bytes, 1));
            ok(hipMemset(y, 0x5a, bytes));
        }
        Buffers {
            x: x.cast(),
            y: y.cast(),
            host_x,
            n,
        }
    }

    fn output(&self) -> Vec<i32> {
        let mut out = vec![0i32; self.n];
        ok(hipDeviceSynchronize());
        // SAFETY: `y` holds n values.
        ok(unsafe { hipMemcpy(out.as_mut_ptr().cast(), self.y.cast(), self.n * 4, 2) });
        out
    }

    fn expect_axpb(&self, a: i32, b: i32) {
        let want: Vec<i32> = self.host_x.iter().map(|&v| a * v + b).collect();
        assert_eq!(self.output(), want);
    }
}

impl Drop for Buffers {
    fn drop(&mut self) {
        // SAFETY: allocated by `new`.
        unsafe {
            hipFree(self.x.cast());
            hipFree(self.y.cast());
        }
    }
}

/// `axpb`'s kernelParams: pointers to each argument value.
struct AxpbArgs {
    x: *const i32,
    y: *mut i32,
    a: i32,
    b: i32,
    n: i32,
}

impl AxpbArgs {
    fn params(&mut self) -> [*mut c_void; 5] {
        [
            (&mut self.x as *mut *const i32).cast(),
            (&mut self.y as *mut *mut i32).cast(),
            (&mut self.a as *mut i32).cast(),
            (&mut self.b as *mut i32).cast(),
            (&mut self.n as *mut i32).cast(),
        ]
    }
}

fn attr(f: usize, a: i32) -> i32 {
    let mut v = -7;
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipFuncGetAttribute(&mut v, a, f as hipFunction_t) });
    v
}

fn attrs(f: *const c_void) -> amdhip64::abi::hipFuncAttributes {
    let mut a = amdhip64::abi::hipFuncAttributes::default();
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipFuncGetAttributes(&mut a, f) });
    a
}

fn shared_per_block() -> i32 {
    let mut v = 0;
    // SAFETY: out-pointer is a local; 74 is hipDeviceAttributeMaxSharedMemoryPerBlock.
    ok(unsafe { hipDeviceGetAttribute(&mut v, 74, 0) });
    v
}

#[test]
fn func_get_attribute_matches_func_get_attributes() {
    let _g = serial();
    let k = kernels();
    let all = attrs(k.tiled as *const c_void);
    assert_eq!(attr(k.tiled, 0), all.maxThreadsPerBlock);
    assert_eq!(attr(k.tiled, 1) as usize, all.sharedSizeBytes);
    assert!(
        all.sharedSizeBytes >= 256 * 4,
        "static tile: {}",
        all.sharedSizeBytes
    );
    assert_eq!(attr(k.tiled, 2), 0);
    assert_eq!(attr(k.tiled, 5), all.ptxVersion);
    assert_eq!(attr(k.tiled, 6), all.binaryVersion);
    assert_eq!(attr(k.tiled, 8), all.maxDynamicSharedSizeBytes);
    assert_eq!(attr(k.tiled, 9), all.preferredShmemCarveout);
    assert_eq!(attr(k.bounded, 0), 128, "__launch_bounds__");
    let mut v = 0;
    // SAFETY: out-pointers are locals or null (checked).
    unsafe {
        expect(
            hipFuncGetAttribute(null_mut(), 6, k.tiled as hipFunction_t),
            INVALID_VALUE,
        );
        expect(
            hipFuncGetAttribute(&mut v, -1, k.tiled as hipFunction_t),
            INVALID_VALUE,
        );
        expect(
            hipFuncGetAttribute(&mut v, 10, k.tiled as hipFunction_t),
            INVALID_VALUE,
        );
        expect(hipFuncGetAttribute(&mut v, 6, null_mut()), INVALID_HANDLE);
        expect(
            hipFuncGetAttribute(&mut v, 6, host_axpb() as hipFunction_t),
            INVALID_HANDLE,
        );
    }
}

#[test]
fn max_dynamic_shared_memory_is_set_read_back_and_bounds_launches() {
    let _g = serial();
    let k = kernels();
    let f = k.block_sum as *const c_void;
    let room = shared_per_block() - attrs(f).sharedSizeBytes as i32;
    expect(hipFuncSetAttribute(f, 8, -1), INVALID_VALUE);
    expect(hipFuncSetAttribute(f, 8, room + 1), INVALID_VALUE);
    ok(hipFuncSetAttribute(f, 8, room));
    ok(hipFuncSetAttribute(f, 8, 256));
    assert_eq!(attrs(f).maxDynamicSharedSizeBytes, 256);
    assert_eq!(attr(k.block_sum, 8), 256);
    // A registered kernel's setting is seen through its hipGetFuncBySymbol handle too (a
    // separate load of the code object: its own kernel, its own settings).
    ok(hipFuncSetAttribute(host_block_sum(), 8, 128));
    let mut h = null_mut();
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipGetFuncBySymbol(&mut h, host_block_sum()) });
    assert_eq!(attr(h as usize, 8), 128);
    assert_eq!(attrs(f).maxDynamicSharedSizeBytes, 256);

    // 4 blocks of 64 threads: 256 bytes of dynamic shared memory each, the bound.
    let b = Buffers::new(256);
    let (mut x, mut y) = (b.x as *const i32, b.y);
    let mut params: [*mut c_void; 2] = [
        (&mut x as *mut *const i32).cast(),
        (&mut y as *mut *mut i32).cast(),
    ];
    // SAFETY: params point to the kernel's two arguments.
    unsafe {
        expect(
            hipModuleLaunchKernel(
                f as hipFunction_t,
                4,
                1,
                1,
                64,
                1,
                1,
                257,
                null_mut(),
                params.as_mut_ptr(),
                null_mut(),
            ),
            INVALID_VALUE,
        );
        expect(
            hipLaunchKernel(
                host_block_sum(),
                d3(4),
                d3(64),
                params.as_mut_ptr(),
                257,
                null_mut(),
            ),
            INVALID_VALUE,
        );
        ok(hipModuleLaunchKernel(
            f as hipFunction_t,
            4,
            1,
            1,
            64,
            1,
            1,
            256,
            null_mut(),
            params.as_mut_ptr(),
            null_mut(),
        ));
    }
    let out = b.output();
    for (blk, got) in out.iter().take(4).enumerate() {
        let want: i32 = b.host_x[blk * 64..(blk + 1) * 64].iter().sum();
        assert_eq!(*got, want, "block {blk}");
    }
    assert!(out[4..].iter().all(|&v| v == POISON), "untouched outputs");

    // Raising the bound again lets the larger launch through.
    ok(hipFuncSetAttribute(f, 8, room));
    // SAFETY: as above.
    ok(unsafe {
        hipModuleLaunchKernel(
            f as hipFunction_t,
            4,
            1,
            1,
            64,
            1,
            1,
            257,
            null_mut(),
            params.as_mut_ptr(),
            null_mut(),
        )
    });
    ok(hipDeviceSynchronize());
}

#[test]
fn set_attribute_codes_and_carveout() {
    let _g = serial();
    let f = kernels().tiled as *const c_void;
    expect(hipFuncSetAttribute(null(), 9, 50), INVALID_DEVICE_FUNCTION);
    expect(hipFuncSetAttribute(f, -1, 50), INVALID_VALUE);
    expect(hipFuncSetAttribute(f, 11, 50), INVALID_VALUE);
    let stranger = &SUCCESS as *const i32 as *const c_void;
    expect(
        hipFuncSetAttribute(stranger, 9, 50),
        INVALID_DEVICE_FUNCTION,
    );
    expect(hipFuncSetAttribute(f, 9, -2), INVALID_VALUE);
    expect(hipFuncSetAttribute(f, 9, 101), INVALID_VALUE);
    for v in [-1, 0, 100, 50] {
        ok(hipFuncSetAttribute(f, 9, v));
    }
    assert_eq!(attrs(f).preferredShmemCarveout, 50);
    assert_eq!(attr(kernels().tiled, 9), 50);
}

#[test]
fn cache_and_shared_memory_preferences() {
    let _g = serial();
    kernels();
    let f = host_axpb();
    for c in 0..4 {
        ok(hipFuncSetCacheConfig(f, c));
    }
    for c in 0..3 {
        ok(hipFuncSetSharedMemConfig(f, c));
    }
    expect(hipFuncSetCacheConfig(null(), 0), INVALID_DEVICE_FUNCTION);
    expect(hipFuncSetCacheConfig(f, 4), INVALID_VALUE);
    expect(
        hipFuncSetSharedMemConfig(null(), 0),
        INVALID_DEVICE_FUNCTION,
    );
    expect(hipFuncSetSharedMemConfig(f, 3), INVALID_VALUE);
}

#[test]
fn get_func_by_symbol_launches_the_registered_kernel() {
    let _g = serial();
    kernels();
    let (mut h, mut h2) = (null_mut(), null_mut());
    // SAFETY: out-pointers are locals or null (checked).
    unsafe {
        ok(hipGetFuncBySymbol(&mut h, host_axpb()));
        ok(hipGetFuncBySymbol(&mut h2, host_axpb()));
        assert_eq!(h, h2, "one handle per kernel");
        expect(hipGetFuncBySymbol(&mut h2, null()), INVALID_DEVICE_FUNCTION);
        let stranger = &SUCCESS as *const i32 as *const c_void;
        expect(
            hipGetFuncBySymbol(&mut h2, stranger),
            INVALID_DEVICE_FUNCTION,
        );
        expect(hipGetFuncBySymbol(null_mut(), host_axpb()), INVALID_VALUE);
    }
    let b = Buffers::new(1000);
    let mut a = AxpbArgs {
        x: b.x,
        y: b.y,
        a: 3,
        b: -7,
        n: 1000,
    };
    let mut p = a.params();
    // SAFETY: params point to the kernel's arguments.
    ok(unsafe {
        hipModuleLaunchKernel(
            h,
            8,
            1,
            1,
            128,
            1,
            1,
            0,
            null_mut(),
            p.as_mut_ptr(),
            null_mut(),
        )
    });
    b.expect_axpb(3, -7);
}

fn event() -> hipEvent_t {
    let mut e = null_mut();
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipEventCreate(&mut e) });
    e
}

fn stale_event() -> hipEvent_t {
    let e = event();
    ok(hipEventDestroy(e));
    e
}

fn stale_stream() -> hipStream_t {
    let mut s = null_mut();
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipStreamCreate(&mut s) });
    ok(hipStreamDestroy(s));
    s
}

fn elapsed(start: hipEvent_t, stop: hipEvent_t) -> f32 {
    let mut ms = -1.0f32;
    ok(hipEventSynchronize(stop));
    // SAFETY: out-pointer is a local.
    ok(unsafe { hipEventElapsedTime(&mut ms, start, stop) });
    ms
}

#[test]
fn ext_launch_kernel_times_the_launch() {
    let _g = serial();
    kernels();
    let b = Buffers::new(777);
    let mut a = AxpbArgs {
        x: b.x,
        y: b.y,
        a: -5,
        b: 11,
        n: 777,
    };
    let mut p = a.params();
    let (start, stop) = (event(), event());
    let mut s = null_mut();
    // SAFETY: params point to the kernel's arguments; out-pointer is a local.
    unsafe {
        ok(hipStreamCreate(&mut s));
        ok(hipExtLaunchKernel(
            host_axpb(),
            d3(13),
            d3(64),
            p.as_mut_ptr(),
            0,
            s,
            start,
            stop,
            0,
        ));
    }
    assert!(elapsed(start, stop) >= 0.0);
    b.expect_axpb(-5, 11);
    // SAFETY: as above; stale handles are validated before use.
    unsafe {
        let mut launch = |f: *const c_void, s: hipStream_t, e0: hipEvent_t, e1: hipEvent_t| {
            hipExtLaunchKernel(f, d3(1), d3(1), p.as_mut_ptr(), 0, s, e0, e1, 0)
        };
        expect(
            launch(null(), null_mut(), null_mut(), null_mut()),
            INVALID_DEVICE_FUNCTION,
        );
        expect(
            launch(host_axpb(), stale_stream(), null_mut(), null_mut()),
            INVALID_VALUE,
        );
        expect(
            launch(host_axpb(), null_mut(), stale_event(), null_mut()),
            INVALID_VALUE,
        );
        expect(
            launch(host_axpb(), null_mut(), null_mut(), stale_event()),
            INVALID_VALUE,
        );
        expect(
            hipExtLaunchKernel(
                host_axpb(),
                d3(0),
                d3(1),
                p.as_mut_ptr(),
                0,
                null_mut(),
                null_mut(),
                null_mut(),
                0,
            ),
            INVALID_VALUE,
        );
    }
    ok(hipStreamDestroy(s));
    ok(hipEventDestroy(start));
    ok(hipEventDestroy(stop));
}

#[test]
fn module_launches_by_work_items() {
    let _g = serial();
    let f = kernels().axpb as hipFunction_t;
    let b = Buffers::new(512);
    let mut a = AxpbArgs {
        x: b.x,
        y: b.y,
        a: 7,
        b: 2,
        n: 512,
    };
    let mut p = a.params();
    let (start, stop) = (event(), event());
    // SAFETY: params point to the kernel's arguments.
    unsafe {
        // 512 work-items in blocks of 128: 4 blocks.
        ok(hipExtModuleLaunchKernel(
            f,
            512,
            1,
            1,
            128,
            1,
            1,
            0,
            null_mut(),
            p.as_mut_ptr(),
            null_mut(),
            start,
            stop,
            0,
        ));
    }
    assert!(elapsed(start, stop) >= 0.0);
    b.expect_axpb(7, 2);

    let b = Buffers::new(96);
    let mut a = AxpbArgs {
        x: b.x,
        y: b.y,
        a: 1,
        b: 1000,
        n: 96,
    };
    let mut p = a.params();
    // SAFETY: as above.
    unsafe {
        // A block larger than the global size shrinks to it (96 work-items, one block).
        ok(hipHccModuleLaunchKernel(
            f,
            96,
            1,
            1,
            256,
            1,
            1,
            0,
            null_mut(),
            p.as_mut_ptr(),
            null_mut(),
            null_mut(),
            null_mut(),
        ));
        b.expect_axpb(1, 1000);
        let mut launch = |gx: u32, lx: u32, s: hipStream_t, e: hipEvent_t| {
            hipExtModuleLaunchKernel(
                f,
                gx,
                1,
                1,
                lx,
                1,
                1,
                0,
                s,
                p.as_mut_ptr(),
                null_mut(),
                e,
                null_mut(),
                0,
            )
        };
        expect(launch(100, 64, null_mut(), null_mut()), INVALID_VALUE);
        expect(launch(0, 64, null_mut(), null_mut()), INVALID_VALUE);
        expect(launch(64, 0, null_mut(), null_mut()), INVALID_VALUE);
        // A block over the device's 1024 work-items is refused before it would shrink to the
        // global size.
        expect(launch(1, 1025, null_mut(), null_mut()), INVALID_VALUE);
        ok(launch(1, 1024, null_mut(), null_mut()));
        expect(launch(64, 64, stale_stream(), null_mut()), INVALID_VALUE);
        expect(launch(64, 64, null_mut(), stale_event()), INVALID_VALUE);
        // A global size is any 32-bit count of work-items: more blocks than maxGridSize
        // allows a hipModuleLaunchKernel (65536 in y) are a valid dispatch, as in ROCm.
        let mut y_blocks = |gy: u32| {
            hipExtModuleLaunchKernel(
                f,
                96,
                gy,
                1,
                96,
                1,
                1,
                0,
                null_mut(),
                p.as_mut_ptr(),
                null_mut(),
                null_mut(),
                null_mut(),
                0,
            )
        };
        ok(y_blocks(65537));
        ok(hipDeviceSynchronize());
        b.expect_axpb(1, 1000);
        let mut grid_y = |gy: u32| {
            hipModuleLaunchKernel(
                f,
                1,
                gy,
                1,
                96,
                1,
                1,
                0,
                null_mut(),
                p.as_mut_ptr(),
                null_mut(),
            )
        };
        ok(grid_y(65536));
        expect(grid_y(65537), INVALID_VALUE);
        expect(
            hipHccModuleLaunchKernel(
                null_mut(),
                64,
                1,
                1,
                64,
                1,
                1,
                0,
                null_mut(),
                p.as_mut_ptr(),
                null_mut(),
                null_mut(),
                null_mut(),
            ),
            INVALID_HANDLE,
        );
    }
    ok(hipEventDestroy(start));
    ok(hipEventDestroy(stop));
}

#[test]
fn configure_setup_argument_launch_by_ptr() {
    let _g = serial();
    kernels();
    let b = Buffers::new(300);
    let (x, y, a, bb, n) = (b.x as *const i32, b.y, 9i32, -3i32, 300i32);
    // SAFETY: each argument is read for its size; offsets follow the kernel's layout.
    unsafe {
        ok(hipConfigureCall(d3(3), d3(128), 0, null_mut()));
        ok(hipSetupArgument((&x as *const *const i32).cast(), 8, 0));
        ok(hipSetupArgument((&y as *const *mut i32).cast(), 8, 8));
        ok(hipSetupArgument((&a as *const i32).cast(), 4, 16));
        ok(hipSetupArgument((&bb as *const i32).cast(), 4, 20));
        ok(hipSetupArgument((&n as *const i32).cast(), 4, 24));
        expect(hipSetupArgument(null(), 4, 0), INVALID_VALUE);
    }
    ok(hipLaunchByPtr(host_axpb()));
    b.expect_axpb(9, -3);

    // Without a configuration; then with one, an unknown kernel (the configuration is used up).
    expect(hipLaunchByPtr(host_axpb()), MISSING_CONFIGURATION);
    ok(hipConfigureCall(d3(1), d3(1), 0, null_mut()));
    expect(hipLaunchByPtr(null()), INVALID_DEVICE_FUNCTION);
    expect(hipLaunchByPtr(host_axpb()), MISSING_CONFIGURATION);
    // Too few argument bytes for the kernel.
    ok(hipConfigureCall(d3(1), d3(1), 0, null_mut()));
    // SAFETY: reads 8 bytes of `x`.
    ok(unsafe { hipSetupArgument((&x as *const *const i32).cast(), 8, 0) });
    expect(hipLaunchByPtr(host_axpb()), INVALID_VALUE);
}

#[test]
fn occupancy_with_flags_and_for_module_kernels() {
    let _g = serial();
    let k = kernels();
    let f = k.axpb as hipFunction_t;
    let (mut g1, mut b1, mut g2, mut b2) = (0, 0, 0, 0);
    let (mut n1, mut n2, mut n3) = (-1, -1, -1);
    // SAFETY: out-pointers are locals or null (checked); stale handles are validated.
    unsafe {
        ok(hipOccupancyMaxPotentialBlockSize(
            &mut g1,
            &mut b1,
            f as *const c_void,
            0,
            0,
        ));
        ok(hipModuleOccupancyMaxPotentialBlockSize(
            &mut g2, &mut b2, f, 0, 0,
        ));
        assert_eq!((g1, b1), (g2, b2));
        assert!(g1 > 0 && b1 > 0);
        ok(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
            &mut g2, &mut b2, f, 0, 64, 1,
        ));
        assert_eq!(b2, 64, "blockSizeLimit");
        ok(hipOccupancyMaxActiveBlocksPerMultiprocessor(
            &mut n1,
            host_axpb(),
            128,
            0,
        ));
        ok(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
            &mut n2, f, 128, 0,
        ));
        ok(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &mut n3,
            host_axpb(),
            128,
            0,
            1,
        ));
        assert_eq!((n1, n2, n3), (n1, n1, n1));
        assert!(n1 > 0);
        ok(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &mut n2, f, 128, 0, 0,
        ));
        assert_eq!(n2, n1);

        expect(
            hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&mut g2, &mut b2, f, 0, 0, 2),
            INVALID_VALUE,
        );
        expect(
            hipModuleOccupancyMaxPotentialBlockSize(&mut g2, &mut b2, null_mut(), 0, 0),
            INVALID_VALUE,
        );
        expect(
            hipModuleOccupancyMaxPotentialBlockSize(null_mut(), &mut b2, f, 0, 0),
            INVALID_VALUE,
        );
        expect(
            hipModuleOccupancyMaxPotentialBlockSize(
                &mut g2,
                &mut b2,
                host_axpb() as hipFunction_t,
                0,
                0,
            ),
            INVALID_HANDLE,
        );
        expect(
            hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&mut n2, f, 128, 0, 2),
            INVALID_VALUE,
        );
        expect(
            hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&mut n2, null_mut(), 128, 0),
            INVALID_VALUE,
        );
        expect(
            hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&mut n2, f, 0, 0),
            INVALID_VALUE,
        );
        // A block larger than the device runs: no error, no block fits (ROCm's answer).
        n2 = -1;
        ok(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
            &mut n2,
            f,
            i32::MAX,
            0,
        ));
        assert_eq!(n2, 0);
        n3 = -1;
        ok(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &mut n3,
            host_axpb(),
            i32::MAX,
            0,
            0,
        ));
        assert_eq!(n3, 0);
        expect(
            hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&mut n3, host_axpb(), 128, 0, 2),
            INVALID_VALUE,
        );
        expect(
            hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                null_mut(),
                host_axpb(),
                128,
                0,
                0,
            ),
            INVALID_VALUE,
        );
        expect(
            hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&mut n3, null(), 128, 0, 0),
            INVALID_DEVICE_FUNCTION,
        );
    }
}

#[test]
fn stream_get_flags_on_the_null_and_special_streams() {
    let _g = serial();
    let mut flags = 7u32;
    // SAFETY: out-pointers are locals or null (checked).
    unsafe {
        expect(hipStreamGetFlags(null_mut(), &mut flags), INVALID_VALUE);
        assert_eq!(flags, 7, "untouched");
        for special in [1usize, 2] {
            ok(hipStreamGetFlags(special as hipStream_t, &mut flags));
            assert_eq!(flags, 0);
        }
        let mut s = null_mut();
        ok(hipStreamCreateWithFlags(&mut s, 1));
        ok(hipStreamGetFlags(s, &mut flags));
        assert_eq!(flags, 1, "hipStreamNonBlocking");
        expect(hipStreamGetFlags(s, null_mut()), INVALID_VALUE);
        ok(hipStreamDestroy(s));
    }
}
