//! Runs lowered kernels directly (dlopen + a sequential loop over work-groups), so the lowering is
//! tested without the runtime above it.
use comgr::{compile_hip, CompileError, CompileOptions};
use kernel_abi::{CodeObject, WorkGroupCtx, WorkGroupFn, WG_STATUS_OK};
use std::ffi::{c_char, c_void, CStr};
use std::sync::Mutex;

struct Loaded {
    _lib: libloading::Library,
    co: CodeObject,
    path: std::path::PathBuf,
}

impl Drop for Loaded {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

fn load(co: CodeObject) -> Loaded {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let path = std::env::temp_dir().join(format!(
        "comgr-test-{}-{}.so",
        std::process::id(),
        N.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::write(&path, &co.elf).unwrap();
    // SAFETY: the shared object was just produced by the compiler under test; it has no initialisers.
    let lib = unsafe { libloading::Library::new(&path) }.unwrap();
    Loaded {
        _lib: lib,
        co,
        path,
    }
}

static PRINTED: Mutex<Vec<String>> = Mutex::new(Vec::new());
static ASSERTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

unsafe extern "C" fn test_printf(
    _ctx: *mut WorkGroupCtx,
    fmt: *const c_char,
    args: *const u64,
    n: u32,
) -> i32 {
    // SAFETY: the kernel passes a NUL-terminated format and `n` argument slots.
    let fmt = unsafe { CStr::from_ptr(fmt) }
        .to_string_lossy()
        .into_owned();
    let n = n & !kernel_abi::PRINTF_BUFFERED;
    // SAFETY: the kernel passes `n` initialised argument slots.
    let args = unsafe { std::slice::from_raw_parts(args, n as usize) };
    let line = format!("{fmt}|{args:?}");
    let len = line.len() as i32;
    PRINTED.lock().unwrap().push(line);
    len
}

/// These runs are never cooperative launches.
unsafe extern "C" fn test_grid_sync(_ctx: *mut WorkGroupCtx) -> u32 {
    1
}

unsafe extern "C" fn test_assert(
    _ctx: *mut WorkGroupCtx,
    expr: *const c_char,
    _file: *const c_char,
    line: u32,
    _func: *const c_char,
) {
    let e = if expr.is_null() {
        "trap".to_string()
    } else {
        // SAFETY: a NUL-terminated string from the kernel.
        unsafe { CStr::from_ptr(expr) }
            .to_string_lossy()
            .into_owned()
    };
    ASSERTS.lock().unwrap().push(format!("{e}@{line}"));
}

impl Loaded {
    /// Runs kernel `name` over `grid` groups of `block` work-items, sequentially; returns the first
    /// non-OK status.
    fn run(
        &self,
        name: &str,
        grid: [u32; 3],
        block: [u32; 3],
        dyn_shared: usize,
        args: &[&[u8]],
    ) -> u32 {
        self.run_ws(name, grid, block, dyn_shared, args, 64)
    }

    /// [`Loaded::run`] at warp size `warp_size`.
    fn run_ws(
        &self,
        name: &str,
        grid: [u32; 3],
        block: [u32; 3],
        dyn_shared: usize,
        args: &[&[u8]],
        warp_size: u32,
    ) -> u32 {
        let k = self
            .co
            .meta
            .kernels
            .iter()
            .find(|k| k.name == name)
            .expect("kernel");
        assert_eq!(k.args.len(), args.len(), "argument count");
        let mut kernargs = vec![0u8; k.kernarg_size as usize + 16];
        for (a, bytes) in k.args.iter().zip(args) {
            assert_eq!(a.size as usize, bytes.len(), "argument size");
            kernargs[a.offset as usize..a.offset as usize + bytes.len()].copy_from_slice(bytes);
        }
        // SAFETY: the symbol is the kernel's work-group function, with the kernel_abi signature.
        let f: libloading::Symbol<WorkGroupFn> =
            unsafe { self._lib.get(k.symbol.as_bytes()) }.unwrap();
        let mut local = vec![0u64; (k.dynamic_local_offset as usize + dyn_shared) / 8 + 8];
        for gz in 0..grid[2] {
            for gy in 0..grid[1] {
                for gx in 0..grid[0] {
                    let mut ctx = WorkGroupCtx {
                        group_id: [gx, gy, gz],
                        block_dim: block,
                        num_groups: grid,
                        warp_size,
                        local_mem: local.as_mut_ptr().cast(),
                        printf: test_printf,
                        assert_fail: test_assert,
                        host_data: std::ptr::null_mut::<c_void>(),
                        grid_sync: test_grid_sync,
                    };
                    // SAFETY: kernargs laid out per the metadata; ctx valid for the call.
                    let st = unsafe { f(kernargs.as_ptr(), &mut ctx) };
                    if st != WG_STATUS_OK {
                        return st;
                    }
                }
            }
        }
        WG_STATUS_OK
    }
}

fn ptr<T>(v: &mut [T]) -> [u8; 8] {
    (v.as_mut_ptr() as u64).to_le_bytes()
}

/// hipcc's flag choosing the wavefront size device code is built for.
fn wave_flag(ws: u32) -> &'static str {
    if ws == 64 {
        "-mwavefrontsize64"
    } else {
        "-mno-wavefrontsize64"
    }
}

fn build(src: &str) -> Loaded {
    build_with(src, &[])
}

fn build_with(src: &str, args: &[&str]) -> Loaded {
    let opts = CompileOptions {
        args: args.iter().map(|s| s.to_string()).collect(),
        headers: vec![],
    };
    match compile_hip(src, "test.hip", &opts) {
        Ok(co) => load(co),
        Err(e) => panic!("{e}\n{}", e.log()),
    }
}

#[test]
fn elementwise_without_barriers() {
    let l = build(
        r#"extern "C" __global__ void saxpy(float *y, const float *x, float a, int n) {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n) y[i] = a * x[i] + y[i];
        }"#,
    );
    let n = 1000usize;
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
    let mut y: Vec<f32> = (0..n).map(|i| 1.0 + i as f32).collect();
    let mut x2 = x.clone();
    let st = l.run(
        "saxpy",
        [8, 1, 1],
        [128, 1, 1],
        0,
        &[
            &ptr(&mut y),
            &ptr(&mut x2),
            &2.0f32.to_le_bytes(),
            &(n as i32).to_le_bytes(),
        ],
    );
    assert_eq!(st, WG_STATUS_OK);
    for i in 0..n {
        assert_eq!(y[i], 2.0 * x[i] + 1.0 + i as f32, "at {i}");
    }
}

const REDUCE: &str = r#"extern "C" __global__ void reduce(const int *in, int *out) {
            __shared__ int s[256];
            unsigned t = threadIdx.x;
            s[t] = in[blockIdx.x * blockDim.x + t];
            __syncthreads();
            for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
                if (t < stride) s[t] += s[t + stride];
                __syncthreads();
            }
            if (t == 0) out[blockIdx.x] = s[0];
        }"#;

#[test]
fn reduction_with_barriers_in_a_loop() {
    check_reduce(&build(REDUCE));
}

#[test]
fn reduction_at_o0_keeps_values_across_barriers() {
    // At -O0 every value lives in memory and crosses the barriers: the context arrays carry them.
    check_reduce(&build_with(REDUCE, &["-O0"]));
}

fn check_reduce(l: &Loaded) {
    assert!(l.co.meta.kernels[0].barriers >= 2);
    assert_eq!(l.co.meta.kernels[0].static_local_size, 1024);
    for block in [1u32, 2, 64, 256] {
        let groups = 3u32;
        let mut input: Vec<i32> = (0..(groups * block) as i32).map(|i| i * 7 - 50).collect();
        let mut out = vec![-1i32; groups as usize];
        let st = l.run(
            "reduce",
            [groups, 1, 1],
            [block, 1, 1],
            0,
            &[&ptr(&mut input), &ptr(&mut out)],
        );
        assert_eq!(st, WG_STATUS_OK);
        for g in 0..groups as usize {
            let want: i32 = input[g * block as usize..(g + 1) * block as usize]
                .iter()
                .sum();
            assert_eq!(out[g], want, "block {block} group {g}");
        }
    }
}

const BYVAL: &str = r#"struct S { unsigned a, b, c; };
        static __device__ unsigned f(S s, unsigned t) { return (t * s.a + s.b) >> s.c; }
        extern "C" __global__ void byval(unsigned *out, S s) {
            unsigned t = threadIdx.x;
            s.b += t;
            unsigned v = f(s, t);
            __syncthreads();
            out[blockIdx.x * blockDim.x + t] = v + s.b;
        }"#;

#[test]
fn by_value_structs_each_work_item_writes_survive_barriers_at_every_level() {
    // The kernel writes its copy of `s`, so each work-item gets one; at -O0 the call also copies it
    // into the callee's own by-value parameter.
    for level in ["-O0", "-O2"] {
        let l = build_with(BYVAL, &[level]);
        let (a, b, c) = (3u32, 5u32, 1u32);
        let arg: Vec<u8> = [a, b, c].iter().flat_map(|v| v.to_le_bytes()).collect();
        for block in [1u32, 64, 100] {
            let groups = 2u32;
            let mut out = vec![u32::MAX; (groups * block) as usize];
            let st = l.run(
                "byval",
                [groups, 1, 1],
                [block, 1, 1],
                0,
                &[&ptr(&mut out), &arg],
            );
            assert_eq!(st, WG_STATUS_OK);
            for (i, &got) in out.iter().enumerate() {
                let t = i as u32 % block;
                let want = ((t * a + b + t) >> c) + b + t;
                assert_eq!(got, want, "{level} block {block} item {i}");
            }
        }
    }
}

#[test]
fn dynamic_shared_memory_and_2d_ids() {
    let l = build(
        r#"extern "C" __global__ void flip(int *out) {
            extern __shared__ int tile[];
            unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
            unsigned n = blockDim.x * blockDim.y;
            tile[t] = t * 10 + blockIdx.y;
            __syncthreads();
            out[(blockIdx.y * gridDim.x + blockIdx.x) * n + t] = tile[n - 1 - t];
        }"#,
    );
    let (bx, by) = (4u32, 3u32);
    let n = (bx * by) as usize;
    let mut out = vec![-1i32; n * 2 * 2];
    let st = l.run("flip", [2, 2, 1], [bx, by, 1], n * 4, &[&ptr(&mut out)]);
    assert_eq!(st, WG_STATUS_OK);
    for g in 0..4 {
        let gy = (g / 2) as i32;
        for t in 0..n {
            assert_eq!(
                out[g * n + t],
                (n - 1 - t) as i32 * 10 + gy,
                "group {g} t {t}"
            );
        }
    }
}

#[test]
fn divergent_barrier_is_reported() {
    // Work-items waiting at two different barriers.
    let l = build(
        r#"extern "C" __global__ void bad(int *out) {
            if (threadIdx.x < 5) { __syncthreads(); out[threadIdx.x] = 2; }
            else { __syncthreads(); out[threadIdx.x] = 1; }
        }"#,
    );
    let mut out = vec![0i32; 64];
    let st = l.run("bad", [1, 1, 1], [64, 1, 1], 0, &[&ptr(&mut out)]);
    assert_eq!(st, kernel_abi::WG_STATUS_DIVERGENT_BARRIER);
}

#[test]
fn printf_and_assert_go_through_the_services() {
    let l = build(
        r#"extern "C" __global__ void talk(int n, int *ret) {
            if (threadIdx.x == 1) *ret = printf("n=%d x=%f\n", n, 1.5f);
            assert(threadIdx.x < 3);
        }"#,
    );
    let mut ret = [-7i32];
    let st = l.run(
        "talk",
        [1, 1, 1],
        [8, 1, 1],
        0,
        &[&42i32.to_le_bytes(), &ptr(&mut ret)],
    );
    assert_eq!(st, kernel_abi::WG_STATUS_ABORT);
    let printed = PRINTED.lock().unwrap().clone();
    let line = format!("n=%d x=%f\n|[42, {}]", 1.5f64.to_bits());
    assert!(printed.contains(&line), "{printed:?}");
    // printf's value is what the service answered (here, the length of the recorded line).
    assert_eq!(ret[0], line.len() as i32);
    let asserts = ASSERTS.lock().unwrap().clone();
    assert!(
        asserts.iter().any(|a| a.starts_with("threadIdx.x < 3@")),
        "{asserts:?}"
    );
}

/// Device functions reached through a function-pointer table in a device variable stay calls (the
/// kernel cannot inline them); they print and read the group's dispatch values through the context
/// the work-group function leaves for them.
#[test]
fn functions_called_through_pointers_print_and_read_the_group_values() {
    check_calls_through_pointers(&[]);
}

/// The same, the module split into partitions compiled on three threads (comgr's `split.rs`):
/// the functions, the kernel and the context slot they share land in different objects.
#[test]
fn functions_called_through_pointers_work_across_partitions() {
    check_calls_through_pointers(&[
        "-D__FERROCM_SPLIT_MIN_INSTRUCTIONS=1",
        "-D__FERROCM_COMPILE_THREADS=3",
    ]);
}

fn check_calls_through_pointers(flags: &[&str]) {
    let l = build_with(
        r#"typedef int (*op_t)(int, int *);
        __device__ int tagged(int v, int *out) {
            out[blockIdx.x] = blockIdx.x * 1000 + blockDim.x * 10 + gridDim.x + warpSize * 100000;
            return printf("group %u of %u: %d\n", blockIdx.x, gridDim.x, v);
        }
        __device__ int countdown(int n, int *out) {
            if (n <= 0) return printf("liftoff %d\n", (int)blockIdx.x);
            return countdown(n - 1, out) + 1;
        }
        __device__ op_t ops[2] = {tagged, countdown};
        extern "C" __global__ void dispatch(int which, int *out, int *ret) {
            if (threadIdx.x != 0) return;
            ret[blockIdx.x] = ops[which](7 + blockIdx.x, out);
        }"#,
        flags,
    );
    let mut out = [-1i32; 3];
    let mut ret = [-1i32; 3];
    let st = l.run(
        "dispatch",
        [3, 1, 1],
        [4, 1, 1],
        0,
        &[&0i32.to_le_bytes(), &ptr(&mut out), &ptr(&mut ret)],
    );
    assert_eq!(st, WG_STATUS_OK);
    let printed = PRINTED.lock().unwrap().clone();
    for b in 0..3u32 {
        let line = format!("group %u of %u: %d\n|[{b}, 3, {}]", 7 + b);
        assert!(printed.contains(&line), "{line} not in {printed:?}");
        assert_eq!(ret[b as usize], line.len() as i32);
        assert_eq!(out[b as usize], (b * 1000 + 40 + 3 + 64 * 100000) as i32);
    }
    let st = l.run(
        "dispatch",
        [3, 1, 1],
        [4, 1, 1],
        0,
        &[&1i32.to_le_bytes(), &ptr(&mut out), &ptr(&mut ret)],
    );
    assert_eq!(st, WG_STATUS_OK);
    let printed = PRINTED.lock().unwrap().clone();
    for b in 0..3u32 {
        let line = format!("liftoff %d\n|[{b}]");
        assert!(printed.contains(&line), "{line} not in {printed:?}");
        // One printf, then one more for each of the 7 + b levels above it.
        assert_eq!(ret[b as usize], line.len() as i32 + 7 + b as i32);
    }
}

/// threadIdx (like barriers, warp functions and assert) belongs to the work-item loop: a function
/// reached through a pointer cannot use it on the CPU device, and the compile says which one.
#[test]
fn functions_called_through_pointers_cannot_use_the_work_item_id() {
    let err = compile_hip(
        r#"__device__ int lane_of(int v) { return v + threadIdx.x; }
        __device__ int (*fp)(int) = lane_of;
        extern "C" __global__ void k(int *o) { o[0] = fp(1); }"#,
        "fp.hip",
        &CompileOptions::default(),
    )
    .unwrap_err();
    let CompileError::Unsupported { kernel, message } = &err else {
        panic!("{err:?}");
    };
    assert!(kernel.contains("lane_of"), "{err}");
    assert!(message.contains("__ferrocm_workitem_id_x"), "{err}");
    assert!(message.contains("through a pointer"), "{err}");
}

#[test]
fn compile_errors_carry_the_log() {
    let err = compile_hip(
        "__global__ void k() { undeclared(); }",
        "bad.hip",
        &CompileOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(err, CompileError::Compile { .. }));
    assert!(err.log().contains("bad.hip:1:"), "{}", err.log());
}

#[test]
fn launch_bounds_reach_the_metadata() {
    let l = build(
        r#"extern "C" __global__ void __launch_bounds__(128) a(int *p) { p[threadIdx.x] = 1; }
           extern "C" __global__ void __launch_bounds__(256, 2) b(int *p) { p[threadIdx.x] = 2; }
           extern "C" __global__ void c(int *p) { p[threadIdx.x] = 3; }"#,
    );
    let get = |n: &str| {
        l.co.meta
            .kernels
            .iter()
            .find(|k| k.name == n)
            .unwrap()
            .max_threads_per_block
    };
    assert_eq!(get("a"), Some(128));
    assert_eq!(get("b"), Some(256));
    assert_eq!(get("c"), None);
}

#[test]
fn tiled_matmul_with_barriers_in_a_loop() {
    let l = build(
        r#"#define T 16
        extern "C" __global__ void mm(const float *a, const float *b, float *c, int n) {
            __shared__ float as[T][T];
            __shared__ float bs[T][T];
            int tx = threadIdx.x, ty = threadIdx.y;
            int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
            float acc = 0.0f;
            for (int t = 0; t < n / T; ++t) {
                as[ty][tx] = a[row * n + t * T + tx];
                bs[ty][tx] = b[(t * T + ty) * n + col];
                __syncthreads();
                for (int k = 0; k < T; ++k) acc += as[ty][k] * bs[k][tx];
                __syncthreads();
            }
            c[row * n + col] = acc;
        }"#,
    );
    let n = 48usize;
    let mut a: Vec<f32> = (0..n * n).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let mut b: Vec<f32> = (0..n * n).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let mut c = vec![f32::NAN; n * n];
    let g = (n / 16) as u32;
    let st = l.run(
        "mm",
        [g, g, 1],
        [16, 16, 1],
        0,
        &[
            &ptr(&mut a),
            &ptr(&mut b),
            &ptr(&mut c),
            &(n as i32).to_le_bytes(),
        ],
    );
    assert_eq!(st, WG_STATUS_OK);
    for i in 0..n {
        for j in 0..n {
            let want: f32 = (0..n).map(|k| a[i * n + k] * b[k * n + j]).sum();
            assert!(
                (c[i * n + j] - want).abs() < 1e-3,
                "c[{i}][{j}] = {} want {want}",
                c[i * n + j]
            );
        }
    }
}

#[test]
fn private_arrays_and_indirect_accesses_stay_correct_in_parallel_loops() {
    let l = build(
        r#"extern "C" __global__ void priv(const int *idx, int *out) {
            int t = blockIdx.x * blockDim.x + threadIdx.x;
            int a[8];
            for (int k = 0; k < 8; k++) a[k] = t * k + idx[(t + k) & 63];
            out[t] = a[idx[t] & 7];
        }
        extern "C" __global__ void scatter(const int *perm, const float *in, float *out) {
            int t = blockIdx.x * blockDim.x + threadIdx.x;
            out[perm[t]] = in[t] * 2.0f;
        }"#,
    );
    let n = 64usize;
    let mut idx: Vec<i32> = (0..n as i32).map(|i| (i * 37 + 11) % 64).collect();
    let mut out = vec![-1i32; n];
    assert_eq!(
        l.run(
            "priv",
            [2, 1, 1],
            [32, 1, 1],
            0,
            &[&ptr(&mut idx), &ptr(&mut out)]
        ),
        WG_STATUS_OK
    );
    for t in 0..n {
        let a: Vec<i32> = (0..8).map(|k| (t * k) as i32 + idx[(t + k) & 63]).collect();
        assert_eq!(out[t], a[(idx[t] & 7) as usize], "priv at {t}");
    }
    let mut perm: Vec<i32> = (0..n as i32).map(|i| (i * 29 + 3) % 64).collect();
    let mut input: Vec<f32> = (0..n).map(|i| i as f32 + 0.25).collect();
    let mut out = vec![f32::NAN; n];
    let st = l.run(
        "scatter",
        [1, 1, 1],
        [64, 1, 1],
        0,
        &[&ptr(&mut perm), &ptr(&mut input), &ptr(&mut out)],
    );
    assert_eq!(st, WG_STATUS_OK);
    for t in 0..n {
        assert_eq!(out[perm[t] as usize], input[t] * 2.0, "scatter at {t}");
    }
}

/// A private array written through one type and read through another, in a loop that is not
/// unrolled (rocPRIM's histogram loads its samples as `int[]` and reads them as `unsigned
/// short[]`): the writes must survive, as they do on AMD's target where the array becomes
/// registers.
#[test]
fn private_arrays_written_as_one_type_and_read_as_another_keep_the_writes() {
    let l = build(
        r#"extern "C" __global__ void pun(const unsigned short *in, unsigned *out) {
            unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
            unsigned short v[12];
            // Striped, as rocPRIM loads: thread t takes ints t, t + 64, ...
            const int *packed = reinterpret_cast<const int *>(in);
            for (int i = 0; i < 6; i++) reinterpret_cast<int *>(v)[i] = packed[i * 64 + t];
            unsigned s = 0;
            #pragma nounroll
            for (int i = 0; i < 12; i++) s = s * 31u + v[i];
            out[t] = s;
        }"#,
    );
    let n = 64usize;
    let mut input: Vec<u16> = (0..n * 12).map(|i| (i * 7919 % 65521) as u16).collect();
    let mut out = vec![0xdead_beefu32; n];
    let st = l.run(
        "pun",
        [2, 1, 1],
        [32, 1, 1],
        0,
        &[&ptr(&mut input), &ptr(&mut out)],
    );
    assert_eq!(st, WG_STATUS_OK);
    for t in 0..n {
        // Short 2i + j of thread t is half j of int i * 64 + t.
        let want = (0..12)
            .map(|k| input[2 * ((k / 2) * 64 + t) + k % 2])
            .fold(0u32, |s, v| s.wrapping_mul(31).wrapping_add(u32::from(v)));
        assert_eq!(out[t], want, "at {t}");
    }
}

#[test]
fn a_file_compiles_in_place_with_its_neighbour_headers() {
    let dir = std::env::temp_dir().join(format!("comgr-file-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("scale.h"), "#define SCALE 7\n").unwrap();
    let file = dir.join("k.hip");
    std::fs::write(&file, "#include \"scale.h\"\nextern \"C\" __global__ void k(int *p) { p[threadIdx.x] = SCALE; }\n").unwrap();
    let (co, _log) = comgr::compile_hip_file(&file, &CompileOptions::default()).unwrap();
    let l = load(co);
    let mut out = vec![0i32; 4];
    assert_eq!(
        l.run("k", [1, 1, 1], [4, 1, 1], 0, &[&ptr(&mut out)]),
        WG_STATUS_OK
    );
    assert_eq!(out, vec![7; 4]);
    std::fs::write(
        &file,
        "extern \"C\" __global__ void k(int *p) { p[0] = nope; }\n",
    )
    .unwrap();
    let err = comgr::compile_hip_file(&file, &CompileOptions::default()).unwrap_err();
    assert!(
        err.log().contains(&format!("{}:1:", file.display())),
        "{}",
        err.log()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn warp_size_is_the_launch_value() {
    let l = build(
        r#"extern "C" __global__ void w(int *o) { o[threadIdx.x] = warpSize + (int)threadIdx.x % warpSize; }"#,
    );
    let mut out = vec![0i32; 70];
    assert_eq!(
        l.run("w", [1, 1, 1], [70, 1, 1], 0, &[&ptr(&mut out)]),
        WG_STATUS_OK
    );
    for (i, v) in out.iter().enumerate() {
        assert_eq!(*v, 64 + (i as i32) % 64, "at {i}");
    }
}

/// Runs `name` with one `int` output of `n` elements (poisoned) and returns it.
fn run_out(l: &Loaded, name: &str, grid: [u32; 3], block: [u32; 3], ws: u32, n: usize) -> Vec<i64> {
    let mut out = vec![-1i64; n];
    let st = l.run_ws(name, grid, block, 0, &[&ptr(&mut out)], ws);
    assert_eq!(
        st, WG_STATUS_OK,
        "{name} grid={grid:?} block={block:?} ws={ws}"
    );
    out
}

#[test]
fn early_return_before_a_barrier() {
    // Work-items past `n` return; the rest still meet at the barriers (as on AMD hardware, where
    // exited lanes no longer take part).
    let l = build(
        r#"extern "C" __global__ void early(long long *out) {
            __shared__ long long s[256];
            unsigned t = threadIdx.x, n = blockDim.x - 37;
            if (t >= n) return;
            s[t] = t * 7 + blockIdx.x;
            __syncthreads();
            long long v = s[(t + 1) % n];
            __syncthreads();
            s[t] = v + 1;
            __syncthreads();
            out[blockIdx.x * blockDim.x + t] = s[(t + 2) % n];
        }"#,
    );
    for block in [64u32, 100, 256] {
        let out = run_out(
            &l,
            "early",
            [3, 1, 1],
            [block, 1, 1],
            64,
            3 * block as usize,
        );
        let n = block as usize - 37;
        for g in 0..3usize {
            for t in 0..block as usize {
                let got = out[g * block as usize + t];
                let want = if t >= n {
                    -1
                } else {
                    let j = (t + 2) % n;
                    (((j + 1) % n) * 7 + g) as i64 + 1
                };
                assert_eq!(got, want, "block {block} group {g} t {t}");
            }
        }
    }
}

const EXCHANGE: &str = r#"
extern "C" __global__ void rotate(long long *out) {
  unsigned t = threadIdx.x + threadIdx.y * blockDim.x;
  unsigned lane = __ferrocm_lane_id();
  const unsigned long long *a = __ferrocm_warp_exchange(t * 3 + 1);
  unsigned long long mask = a[warpSize];
  unsigned src = (lane + 1) % warpSize;
  out[2 * t] = (mask >> src) & 1 ? (long long)a[src] : -2;
  out[2 * t + 1] = (long long)mask;
}

// Two paths exchange separately, then meet again.
extern "C" __global__ void diverge(long long *out) {
  unsigned t = threadIdx.x;
  unsigned lane = __ferrocm_lane_id();
  long long r;
  if (lane < 10) {
    const unsigned long long *a = __ferrocm_warp_exchange(t);
    r = (long long)a[warpSize];
  } else {
    const unsigned long long *a = __ferrocm_warp_exchange(t + 1000);
    r = (long long)a[warpSize] + (long long)a[lane ^ 1];
  }
  const unsigned long long *b = __ferrocm_warp_exchange(r);
  out[2 * t] = r;
  out[2 * t + 1] = (long long)b[warpSize];
}

// A lane-dependent number of exchanges in a loop, then one all lanes reach.
extern "C" __global__ void loop(long long *out) {
  unsigned t = threadIdx.x;
  unsigned lane = __ferrocm_lane_id();
  long long acc = 0;
  for (unsigned i = 0; i < lane % 5; ++i) {
    const unsigned long long *a = __ferrocm_warp_exchange(i);
    acc += __builtin_popcountll(a[warpSize]);
  }
  __syncthreads();
  const unsigned long long *b = __ferrocm_warp_exchange(acc);
  out[2 * t] = acc;
  out[2 * t + 1] = (long long)b[lane];
}
"#;

fn lanes_of(t: usize, total: usize, ws: usize) -> (usize, usize) {
    let base = t / ws * ws;
    (base, (base + ws).min(total))
}

fn mask_of(range: impl Iterator<Item = usize>, base: usize) -> i64 {
    range.fold(0u64, |m, l| m | 1u64 << (l - base)) as i64
}

#[test]
fn warp_exchange_rotates_within_each_warp() {
    for ws in [64u32, 32] {
        // warpSize is a compile-time constant: build for the warp size the launch uses.
        let l = build_with(EXCHANGE, &[wave_flag(ws)]);
        for block in [
            [64u32, 1, 1],
            [100, 1, 1],
            [16, 6, 1],
            [1, 1, 1],
            [33, 1, 1],
        ] {
            let total = (block[0] * block[1]) as usize;
            let out = run_out(&l, "rotate", [2, 1, 1], block, ws, 2 * total);
            let ws = ws as usize;
            for t in 0..total {
                let (base, end) = lanes_of(t, total, ws);
                let mask = mask_of(base..end, base);
                let src = base + (t - base + 1) % ws;
                let want = if src < end { (src * 3 + 1) as i64 } else { -2 };
                assert_eq!(out[2 * t], want, "ws {ws} block {block:?} t {t}");
                assert_eq!(out[2 * t + 1], mask, "mask: ws {ws} block {block:?} t {t}");
            }
        }
    }
}

#[test]
fn diverged_lanes_exchange_apart_and_meet_again() {
    for ws in [64u32, 32] {
        // warpSize is a compile-time constant: build for the warp size the launch uses.
        let l = build_with(EXCHANGE, &[wave_flag(ws)]);
        for block in [64u32, 100, 7] {
            let total = block as usize;
            let out = run_out(&l, "diverge", [1, 1, 1], [block, 1, 1], ws, 2 * total);
            let ws = ws as usize;
            for t in 0..total {
                let (base, end) = lanes_of(t, total, ws);
                let lane = t - base;
                let low = mask_of((base..end).filter(|l| l - base < 10), base);
                let high = mask_of((base..end).filter(|l| l - base >= 10), base);
                let r = if lane < 10 {
                    low
                } else {
                    high + (base + (lane ^ 1)) as i64 + 1000
                };
                // a[lane ^ 1] is only defined when that lane took part.
                let partner_ok = lane < 10 || ((lane ^ 1) >= 10 && base + (lane ^ 1) < end);
                if partner_ok {
                    assert_eq!(out[2 * t], r, "ws {ws} block {block} t {t}");
                }
                assert_eq!(out[2 * t + 1], mask_of(base..end, base), "ws {ws} t {t}");
            }
        }
    }
}

#[test]
fn exchanges_in_lane_dependent_loops() {
    for ws in [64u32, 32] {
        // warpSize is a compile-time constant: build for the warp size the launch uses.
        let l = build_with(EXCHANGE, &[wave_flag(ws)]);
        for block in [64u32, 96, 13] {
            let total = block as usize;
            let out = run_out(&l, "loop", [1, 1, 1], [block, 1, 1], ws, 2 * total);
            let ws = ws as usize;
            let mut acc = vec![0i64; total];
            for (t, a) in acc.iter_mut().enumerate() {
                let (base, end) = lanes_of(t, total, ws);
                let lane = t - base;
                // Iteration i runs with the lanes whose count exceeds i, all together.
                for i in 0..lane % 5 {
                    *a += (base..end).filter(|l| (l - base) % 5 > i).count() as i64;
                }
            }
            for t in 0..total {
                assert_eq!(out[2 * t], acc[t], "ws {ws} block {block} t {t}");
                assert_eq!(out[2 * t + 1], acc[t], "ws {ws} block {block} t {t}");
            }
        }
    }
}

/// Division by zero and `INT_MIN / -1` answer what an AMD GPU answers instead of raising SIGFPE
/// and ending the process.
#[test]
fn integer_division_by_zero_does_not_trap() {
    let l = build(
        r#"extern "C" __global__ void divs(const int *x, const int *d, int *q, int *r,
                                            unsigned *uq, unsigned *ur, long long *lq) {
            int i = threadIdx.x;
            q[i] = x[i] / d[i];
            r[i] = x[i] % d[i];
            uq[i] = unsigned(x[i]) / unsigned(d[i]);
            ur[i] = unsigned(x[i]) % unsigned(d[i]);
            lq[i] = (long long)x[i] * 4294967296LL / (long long)d[i];
        }"#,
    );
    let mut x = vec![7, -7, i32::MIN, 0, 100, i32::MIN, 9, -9];
    let mut d = vec![0, 0, -1, 0, 7, 0, -2, 4];
    let n = x.len();
    let (mut q, mut r) = (vec![0x5a5a_5a5ai32; n], vec![0x5a5a_5a5ai32; n]);
    let (mut uq, mut ur) = (vec![0x5a5a_5a5au32; n], vec![0x5a5a_5a5au32; n]);
    let mut lq = vec![0x5a5a_5a5ai64; n];
    let st = l.run(
        "divs",
        [1, 1, 1],
        [n as u32, 1, 1],
        0,
        &[
            &ptr(&mut x),
            &ptr(&mut d),
            &ptr(&mut q),
            &ptr(&mut r),
            &ptr(&mut uq),
            &ptr(&mut ur),
            &ptr(&mut lq),
        ],
    );
    assert_eq!(st, WG_STATUS_OK);
    for i in 0..n {
        let (xi, di) = (x[i], d[i]);
        let (eq, er) = match di {
            0 => (if xi < 0 { 1 } else { -1 }, xi),
            _ => (xi.wrapping_div(di), xi.wrapping_rem(di)),
        };
        assert_eq!((q[i], r[i]), (eq, er), "signed {xi} / {di}");
        let (ux, ud) = (xi as u32, di as u32);
        let (euq, eur) = match ud {
            0 => (u32::MAX, ux),
            _ => (ux / ud, ux % ud),
        };
        assert_eq!((uq[i], ur[i]), (euq, eur), "unsigned {ux} / {ud}");
        let lx = xi as i64 * 4294967296;
        let elq = match di {
            0 => {
                if lx < 0 {
                    1
                } else {
                    -1
                }
            }
            _ => lx.wrapping_div(di as i64),
        };
        assert_eq!(lq[i], elq, "64-bit {lx} / {di}");
    }
}

/// `-mprintf-kind=buffered`: printf returns 0 once its output is taken (AMD's printf buffer);
/// the default hostcall kind returns the bytes printed.
#[test]
fn buffered_printf_returns_zero() {
    let src = r#"extern "C" __global__ void say(int *ret) { *ret = printf("%d\n", 12345); }"#;
    // The test service answers the length of "fmt|args" ("%d\n|[12345]" is 11 bytes).
    for (args, expect) in [(&["-mprintf-kind=buffered"][..], 0), (&[][..], 11)] {
        let l = build_with(src, args);
        let mut ret = [-7i32];
        let st = l.run("say", [1, 1, 1], [1, 1, 1], 0, &[&ptr(&mut ret)]);
        assert_eq!(st, WG_STATUS_OK);
        assert_eq!(ret[0], expect, "{args:?}");
    }
    let opts = CompileOptions {
        args: vec!["-mprintf-kind=fancy".into()],
        headers: vec![],
    };
    let e = compile_hip(src, "test.hip", &opts).expect_err("unknown printf kind");
    assert!(matches!(e, CompileError::InvalidOption(_)), "{e}");
}

/// Private variables written through a reference by some lanes only: in the warp form each
/// lane's copy sits beside the others, and the lanes that skip a write keep their own value.
/// -O0 keeps the variables in memory (clang's -O2 promotes them; inlining after it can leave
/// them, as with rocPRIM's reductions).
const PRIVATES: &str = r#"
__device__ void bump(long long &acc, long long v, unsigned sel) {
  if (sel & 1) acc += v;
  if (sel & 2) acc -= 2 * v;
}
extern "C" __global__ void privates(long long *out) {
  unsigned t = threadIdx.x;
  unsigned lane = __ferrocm_lane_id();
  long long x = (long long)((t * 2654435761u) >> 7);
  long long acc = x;
  for (int k = 1; k < 4; ++k) bump(acc, x * k + k, lane + k);
  const unsigned long long *a = __ferrocm_warp_exchange(acc);
  out[2 * t] = acc;
  out[2 * t + 1] = (long long)a[lane ^ 1];
}
"#;

/// `out` holds, for each work-item `t`, `value(t)` and then the value of its partner `t ^ 1` in
/// its warp (where the partner exists).
fn check_with_partners(out: &[i64], ws: u32, value: impl Fn(usize) -> i64, what: &str) {
    let total = out.len() / 2;
    for t in 0..total {
        let (base, end) = lanes_of(t, total, ws as usize);
        assert_eq!(out[2 * t], value(t), "{what} t {t}");
        let partner = base + ((t - base) ^ 1);
        if partner < end {
            assert_eq!(out[2 * t + 1], value(partner), "partner: {what} t {t}");
        }
    }
}

#[test]
fn private_variables_some_lanes_write_keep_the_others_values() {
    for level in ["-O0", "-O2"] {
        for ws in [64u32, 32] {
            let l = build_with(PRIVATES, &[level, wave_flag(ws)]);
            for block in [64u32, 100, 33] {
                let total = block as usize;
                let out = run_out(&l, "privates", [1, 1, 1], [block, 1, 1], ws, 2 * total);
                let acc = |t: usize| {
                    let lane = (t % ws as usize) as u32;
                    let x = ((t as u32).wrapping_mul(2_654_435_761) >> 7) as i64;
                    let mut acc = x;
                    for k in 1..4i64 {
                        let v = x * k + k;
                        let sel = lane + k as u32;
                        if sel & 1 != 0 {
                            acc += v;
                        }
                        if sel & 2 != 0 {
                            acc -= 2 * v;
                        }
                    }
                    acc
                };
                check_with_partners(&out, ws, acc, &format!("{level} ws {ws} block {block}"));
            }
        }
    }
}

/// rocPRIM's warp reductions of a `key_value_pair<int, __half>`: the pair has 6 bytes of data
/// and 2 of tail padding, which a derived class may reuse since the pair has constructors, so a
/// copy through a reference moves an `i48`. The lanes' copies are 8 bytes apart, where a
/// `<64 x i48>` store would pack them 6 apart.
const PADDED_PAIRS: &str = r#"
struct KV {
  int key;
  short value;
  __device__ KV() {}
  __device__ KV(int k, short v) : key(k), value(v) {}
};
__device__ KV pick(const KV &a, const KV &b) {
  return (b.value < a.value || (b.value == a.value && b.key < a.key)) ? b : a;
}
__device__ KV shfl_xor(const KV &v, int m) {
  int w[2];
  __builtin_memcpy(w, &v, sizeof(w));
  w[0] = __shfl_xor(w[0], m);
  w[1] = __shfl_xor(w[1], m);
  KV r;
  __builtin_memcpy(&r, w, sizeof(r));
  return r;
}
__device__ void step(KV &out, int m) { out = pick(out, shfl_xor(out, m)); }
extern "C" __global__ void argmin(long long *out) {
  unsigned t = threadIdx.x;
  KV v((int)t, (short)((t * 37u) % 101u));
  for (int m = 1; m < warpSize; m *= 2) step(v, m);
  out[t] = (long long)v.key * 1000 + v.value;
}
"#;

#[test]
fn structs_with_padding_move_between_lanes_whole() {
    for level in ["-O0", "-O2"] {
        for ws in [64u32, 32] {
            let l = build_with(PADDED_PAIRS, &[level, wave_flag(ws)]);
            let block = 128usize;
            let out = run_out(&l, "argmin", [1, 1, 1], [block as u32, 1, 1], ws, block);
            for (t, &got) in out.iter().enumerate() {
                let (base, end) = lanes_of(t, block, ws as usize);
                let value = |u: usize| ((u * 37) % 101) as i64;
                let best = (base..end).min_by_key(|&u| (value(u), u)).unwrap();
                assert_eq!(
                    got,
                    best as i64 * 1000 + value(best),
                    "{level} ws {ws} t {t}"
                );
            }
        }
    }
}

/// Switches in a kernel that exchanges values between lanes: on a kernel argument (every lane
/// goes one way) and on the lane (rocPRIM's look-back scan and its tail loads).
const SWITCHES: &str = r#"
extern "C" __global__ void switches(long long *out, int pick) {
  unsigned t = threadIdx.x;
  long long v = (long long)t * 3;
  switch (pick) {
    case 0: v += 100; break;
    case 1: case 2: v *= 2; break;
    case 9: v -= 7; break;
    default: v = -v;
  }
  switch (t % 6) {
    case 0: v += 1000; break;
    case 2: v += 2000; break;
    case 3: case 4: v += 3000; break;
    default: break;
  }
  out[2 * t] = v;
  out[2 * t + 1] = __shfl_xor(v, 1);
}
"#;

#[test]
fn switches_on_uniform_and_lane_values_pick_each_lanes_path() {
    for level in ["-O0", "-O2"] {
        for ws in [64u32, 32] {
            let l = build_with(SWITCHES, &[level, wave_flag(ws)]);
            for pick in [0i32, 2, 9, 5] {
                let block = 96usize;
                let mut out = vec![-1i64; 2 * block];
                let st = l.run_ws(
                    "switches",
                    [1, 1, 1],
                    [block as u32, 1, 1],
                    0,
                    &[&ptr(&mut out), &pick.to_ne_bytes()],
                    ws,
                );
                assert_eq!(st, WG_STATUS_OK);
                let value = |t: usize| {
                    let mut v = t as i64 * 3;
                    v = match pick {
                        0 => v + 100,
                        1 | 2 => v * 2,
                        9 => v - 7,
                        _ => -v,
                    };
                    v + [1000, 0, 2000, 3000, 3000, 0][t % 6]
                };
                check_with_partners(&out, ws, value, &format!("{level} ws {ws} pick {pick}"));
            }
        }
    }
}
