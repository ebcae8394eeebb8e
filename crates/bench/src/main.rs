//! `ferrocm-bench`: measures ferrocm's CPU device against native Rust over the same data, in the
//! same run, and prints a Markdown table.
//!
//! ```text
//! ferrocm-bench            # full sizes (32M-float arrays, n = 512 and 1024, 10,000 launches)
//! ferrocm-bench --quick    # small sizes, for a smoke run
//! ferrocm-bench --only reduction   # one benchmark (repeatable)
//! ferrocm-bench --only kernels     # the side-by-side kernel set with the PoCL peer
//! ferrocm-bench --only rocprim     # rocPRIM's block reduction (Debian's headers) vs native
//! ```
//!
//! (a) SAXPY and STREAM triad bandwidth: the HIP kernel vs a loop split over all cores.
//! (b) 16x16-tiled matrix multiply: the HIP kernel vs an i-k-j triple loop, one core and all cores.
//! (c) Empty kernel: launch + `hipDeviceSynchronize` latency (median, p99) and launch throughput.
//! (d) Block sums: a shared-memory tree and a warp-shuffle kernel vs native Rust and each other.
//! (e) Byte histograms with shared-memory and with global atomics vs per-thread native histograms.
//! (f) The kernel set of issue 12 side by side (`side_by_side`): triad, three block reductions,
//!     16x16- and 32x32-tiled SGEMM, a 5-point stencil, histograms with global and shared
//!     atomics, a shared-memory transpose, a block scan and an all-pairs n-body step, each as HIP
//!     on ferrocm, as the same loops in native Rust on all cores, and as OpenCL C on PoCL's CPU
//!     device (`kernels.cl`, through `libOpenCL.so.1` loaded at run time; "n/a" where PoCL is not
//!     installed). Prints milliseconds, the ratios and their geomeans.

mod blas;
mod native;
mod opencl;
mod side_by_side;
mod stats;

use hip::{DeviceBuffer, Dim3, KernelArg, Module};
use std::time::{Duration, Instant};

const SAXPY_SRC: &str = include_str!("../../../samples/saxpy.hip");
const MATMUL_SRC: &str = include_str!("../../../samples/matmul.hip");
const BENCH_SRC: &str = include_str!("kernels.hip");
const ROCPRIM_SRC: &str = include_str!("rocprim.hip");

struct Config {
    stream_len: usize,
    stream_runs: usize,
    matmul_sizes: Vec<usize>,
    matmul_runs: usize,
    launches: usize,
    kernels: side_by_side::Sizes,
    /// BLAS: the sizes of the whole products, the main one (every transpose, one thread, f16),
    /// the runs, and the count of the small products' batch.
    blas_sizes: Vec<usize>,
    blas_n: usize,
    blas_runs: usize,
    blas_batch: usize,
}

impl Config {
    fn full() -> Self {
        Config {
            stream_len: 32 << 20,
            stream_runs: 10,
            matmul_sizes: vec![512, 1024],
            matmul_runs: 3,
            launches: 10_000,
            kernels: side_by_side::Sizes::full(),
            blas_sizes: vec![512, 2048, 4096],
            blas_n: 2048,
            blas_runs: 3,
            blas_batch: 10_000,
        }
    }

    fn quick() -> Self {
        Config {
            stream_len: 1 << 20,
            stream_runs: 3,
            matmul_sizes: vec![128],
            matmul_runs: 1,
            launches: 500,
            kernels: side_by_side::Sizes::quick(),
            blas_sizes: vec![64, 256],
            blas_n: 256,
            blas_runs: 1,
            blas_batch: 64,
        }
    }
}

/// One row of the results table.
struct Row {
    case: String,
    hip: String,
    reference: String,
    ratio: String,
}

fn dim3(x: u32, y: u32, z: u32) -> Dim3 {
    Dim3 { x, y, z }
}

/// Best wall times of `runs` calls each of `a` and `b`, alternating (a, b, a, b, ...) after one
/// warm-up call of each, so that a machine whose memory bandwidth drifts (a shared VM) treats both
/// sides alike.
fn best_of_interleaved(
    runs: usize,
    mut a: impl FnMut() -> Result<(), String>,
    mut b: impl FnMut() -> Result<(), String>,
) -> Result<(Duration, Duration), String> {
    a()?;
    b()?;
    let (mut best_a, mut best_b) = (Duration::MAX, Duration::MAX);
    for _ in 0..runs.max(1) {
        let t0 = Instant::now();
        a()?;
        best_a = best_a.min(t0.elapsed());
        let t0 = Instant::now();
        b()?;
        best_b = best_b.min(t0.elapsed());
    }
    Ok((best_a, best_b))
}

/// Block sums by `kernel` (one per block of the 1-D `grid`) against `native`, alternating, best
/// of `runs`; then the kernel's sums in `dout` checked against `want`. The two times.
fn time_block_sums<T: Copy + PartialEq + std::fmt::Display>(
    name: &str,
    runs: usize,
    (kernel, grid, block, args): (&hip::Function, Dim3, Dim3, &[&dyn KernelArg]),
    dout: &DeviceBuffer<T>,
    want: &[T],
    mut native: impl FnMut(),
) -> Result<(Duration, Duration), String> {
    let times = best_of_interleaved(
        runs,
        || {
            kernel.launch(grid, block, 0, None, args).map_err(hip_err)?;
            hip::device_synchronize().map_err(hip_err)
        },
        || {
            native();
            Ok(())
        },
    )?;
    let got = dout.to_vec().map_err(hip_err)?;
    if let Some(k) = (0..want.len()).find(|&k| got[k] != want[k]) {
        return Err(format!(
            "{name}: block {k} sums to {} instead of {}",
            got[k], want[k]
        ));
    }
    Ok(times)
}

/// Best (shortest) wall time of `runs` calls of `f`, after one warm-up call.
fn best_of<E>(runs: usize, mut f: impl FnMut() -> Result<(), E>) -> Result<Duration, E> {
    f()?;
    let mut best = Duration::MAX;
    for _ in 0..runs.max(1) {
        let t0 = Instant::now();
        f()?;
        best = best.min(t0.elapsed());
    }
    Ok(best)
}

/// A HIP error with the runtime's detail (e.g. the compiler log), as one message.
fn hip_err(e: hip::HipError) -> String {
    match hip::last_error_detail() {
        Some(d) => format!("{e}: {d}"),
        None => e.to_string(),
    }
}

fn gbps(bytes: usize, t: Duration) -> f64 {
    bytes as f64 / t.as_secs_f64() / 1e9
}

fn gflops(n: usize, t: Duration) -> f64 {
    2.0 * (n as f64).powi(3) / t.as_secs_f64() / 1e9
}

fn fill(n: usize, seed: u32) -> Vec<f32> {
    // Cheap deterministic values in [0, 1); the benchmark checks results, not statistics.
    (0..n)
        .map(|i| {
            ((i as u32).wrapping_mul(2_654_435_761).wrapping_add(seed) >> 8) as f32
                / (1u32 << 24) as f32
        })
        .collect()
}

fn check(what: &str, got: &[f32], want: &[f32], tol: f32) -> Result<(), String> {
    let err = got
        .iter()
        .zip(want)
        .map(|(g, w)| (g - w).abs())
        .fold(
            0.0f32,
            |m, d| if d.is_nan() { f32::INFINITY } else { m.max(d) },
        );
    if got.len() != want.len() || err > tol {
        return Err(format!(
            "{what}: device result differs from native (max |error| {err:e})"
        ));
    }
    Ok(())
}

fn bench_stream(cfg: &Config, threads: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let n = cfg.stream_len;
    let blocks = n.div_ceil(256) as u32;
    let (grid, block) = (dim3(blocks, 1, 1), dim3(256, 1, 1));
    let s = 3.0f32;
    let b = fill(n, 1);
    let c = fill(n, 2);
    let bytes = 3 * 4 * n;

    // SAXPY: y = s*x + y (reads x and y, writes y). Repeated runs keep updating y, which does
    // not change the traffic; the check below runs once on fresh data.
    let saxpy_mod = Module::from_source(SAXPY_SRC, &["-O3"]).map_err(hip_err)?;
    let saxpy = saxpy_mod.function("saxpy").map_err(hip_err)?;
    let dx = DeviceBuffer::from_slice(&b).map_err(hip_err)?;
    let dy = DeviceBuffer::from_slice(&c).map_err(hip_err)?;
    let args: [&dyn KernelArg; 4] = [&(n as i32), &s, &dx, &dy];
    saxpy.launch(grid, block, 0, None, &args).map_err(hip_err)?;
    hip::device_synchronize().map_err(hip_err)?;
    let mut want = c.clone();
    native::saxpy_serial(s, &b, &mut want);
    check("saxpy", &dy.to_vec().map_err(hip_err)?, &want, 1e-5)?;
    let mut y = c.clone();
    let (t_hip, t_native) = best_of_interleaved(
        cfg.stream_runs,
        || {
            saxpy.launch(grid, block, 0, None, &args).map_err(hip_err)?;
            hip::device_synchronize().map_err(hip_err)
        },
        || {
            native::saxpy_parallel(s, &b, &mut y, threads);
            Ok(())
        },
    )?;
    rows.push(bandwidth_row(
        format!("SAXPY, {} M floats", n >> 20),
        bytes,
        t_hip,
        t_native,
        threads,
    ));
    // Free the arrays, and unload this module before the next one loads.
    drop((dx, dy, saxpy, saxpy_mod));

    // Triad: a = b + s*c.
    let bench_mod = Module::from_source(BENCH_SRC, &["-O3"]).map_err(hip_err)?;
    let triad = bench_mod.function("triad").map_err(hip_err)?;
    let da = DeviceBuffer::<f32>::new(n).map_err(hip_err)?;
    let db = DeviceBuffer::from_slice(&b).map_err(hip_err)?;
    let dc = DeviceBuffer::from_slice(&c).map_err(hip_err)?;
    let args: [&dyn KernelArg; 5] = [&(n as i32), &s, &da, &db, &dc];
    let mut a = vec![0.0f32; n];
    let (t_hip, t_native) = best_of_interleaved(
        cfg.stream_runs,
        || {
            triad.launch(grid, block, 0, None, &args).map_err(hip_err)?;
            hip::device_synchronize().map_err(hip_err)
        },
        || {
            native::triad_parallel(&mut a, &b, s, &c, threads);
            Ok(())
        },
    )?;
    check("triad", &da.to_vec().map_err(hip_err)?, &a, 1e-5)?;
    rows.push(bandwidth_row(
        format!("STREAM triad, {} M floats", n >> 20),
        bytes,
        t_hip,
        t_native,
        threads,
    ));
    Ok(())
}

fn bandwidth_row(
    case: String,
    bytes: usize,
    t_hip: Duration,
    t_native: Duration,
    threads: usize,
) -> Row {
    let (h, r) = (gbps(bytes, t_hip), gbps(bytes, t_native));
    Row {
        case,
        hip: format!("{h:.1} GB/s"),
        reference: format!("{r:.1} GB/s (Rust, {threads} threads)"),
        ratio: format!("{:.2}", h / r),
    }
}

/// Block sums of 256 ints: the shared-memory tree, the warp-shuffle kernel and cooperative groups' `reduce`, each against the
/// same sums in native Rust, and against each other.
fn bench_reduction(cfg: &Config, threads: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let n = cfg.stream_len;
    let blocks = n.div_ceil(256);
    let input: Vec<i32> = (0..n)
        .map(|i| ((i as u32).wrapping_mul(2_654_435_761) >> 20) as i32 - 2048)
        .collect();
    let module = Module::from_source(BENCH_SRC, &["-O3"]).map_err(hip_err)?;
    let din = DeviceBuffer::from_slice(&input).map_err(hip_err)?;
    let mut want = vec![0i32; blocks];
    native::block_sums(&input, 256, &mut want, threads);
    let mut sums = vec![0i32; blocks];
    let mut times = Vec::new();
    for name in ["reduce_shared", "reduce_shfl", "reduce_cg"] {
        let kernel = module.function(name).map_err(hip_err)?;
        let dout = DeviceBuffer::<i32>::new(blocks).map_err(hip_err)?;
        dout.fill_bytes(0xFF).map_err(hip_err)?;
        let args: [&dyn KernelArg; 3] = [&din, &dout, &(n as i32)];
        let (grid, block) = (dim3(blocks as u32, 1, 1), dim3(256, 1, 1));
        let (t_hip, t_native) = time_block_sums(
            name,
            cfg.stream_runs,
            (&kernel, grid, block, &args),
            &dout,
            &want,
            || native::block_sums(&input, 256, &mut sums, threads),
        )?;
        let rate = |t: Duration| n as f64 / t.as_secs_f64() / 1e9;
        rows.push(Row {
            case: format!("block sums of 256 ints, {name}, {} M ints", n >> 20),
            hip: format!("{:.2} G ints/s", rate(t_hip)),
            reference: format!("{:.2} G ints/s (Rust, {threads} threads)", rate(t_native)),
            ratio: format!("{:.2}", t_native.as_secs_f64() / t_hip.as_secs_f64()),
        });
        times.push(t_hip);
    }
    rows.push(Row {
        case: "warp shuffles vs shared memory + barriers (same sums)".into(),
        hip: format!("{:.2} ms", times[1].as_secs_f64() * 1e3),
        reference: format!("{:.2} ms", times[0].as_secs_f64() * 1e3),
        ratio: format!("{:.2}", times[0].as_secs_f64() / times[1].as_secs_f64()),
    });
    Ok(())
}

/// Debian's rocPRIM headers, which scripts/setup.sh unpacks (or `ROCPRIM_INCLUDE`).
fn rocprim_include() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("ROCPRIM_INCLUDE")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../target/deps/rocprim/usr/include")
        });
    dir.join("rocprim/rocprim.hpp").exists().then_some(dir)
}

/// rocPRIM's block reduction of 64-bit values (what its device-wide reduce runs per block) vs
/// the same block sums in native Rust.
fn bench_rocprim(cfg: &Config, threads: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let Some(include) = rocprim_include() else {
        println!("rocprim: skipped, rocPRIM's headers are not unpacked (scripts/setup.sh)\n");
        return Ok(());
    };
    let n = cfg.stream_len;
    let blocks = n.div_ceil(1024);
    let input: Vec<u64> = (0..n as u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 3)
        .collect();
    let flag = format!("-I{}", include.display());
    let module = Module::from_source(ROCPRIM_SRC, &["-O3", &flag]).map_err(hip_err)?;
    let kernel = module.function("rocprim_block_sums").map_err(hip_err)?;
    let din = DeviceBuffer::from_slice(&input).map_err(hip_err)?;
    let dout = DeviceBuffer::<u64>::new(blocks).map_err(hip_err)?;
    dout.fill_bytes(0xFF).map_err(hip_err)?;
    let mut want = vec![0u64; blocks];
    native::block_sums_u64(&input, 1024, &mut want, threads);
    let mut sums = vec![0u64; blocks];
    let args: [&dyn KernelArg; 3] = [&din, &dout, &(n as i32)];
    let (grid, block) = (dim3(blocks as u32, 1, 1), dim3(256, 1, 1));
    let (t_hip, t_native) = time_block_sums(
        "rocprim_block_sums",
        cfg.stream_runs,
        (&kernel, grid, block, &args),
        &dout,
        &want,
        || native::block_sums_u64(&input, 1024, &mut sums, threads),
    )?;
    let rate = |t: Duration| n as f64 / t.as_secs_f64() / 1e9;
    rows.push(Row {
        case: format!(
            "rocprim::block_reduce, u64, blocks of 1024, {} M values (warp size {})",
            n >> 20,
            hip::get_device_properties(0).map_or(0, |p| p.warp_size)
        ),
        hip: format!("{:.2} G values/s", rate(t_hip)),
        reference: format!("{:.2} G values/s (Rust, {threads} threads)", rate(t_native)),
        ratio: format!("{:.2}", t_native.as_secs_f64() / t_hip.as_secs_f64()),
    });
    Ok(())
}

/// Byte histograms with shared-memory and with global atomics vs per-thread native histograms.
fn bench_histogram(cfg: &Config, threads: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let n = cfg.stream_len * 2;
    let tile = 64 << 10;
    let input: Vec<u8> = (0..n)
        .map(|i| ((i as u32).wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let want = native::histogram(&input, threads);
    let module = Module::from_source(BENCH_SRC, &["-O3"]).map_err(hip_err)?;
    let din = DeviceBuffer::from_slice(&input).map_err(hip_err)?;
    let dout = DeviceBuffer::<u32>::new(256).map_err(hip_err)?;
    let blocks = n.div_ceil(tile) as u32;
    for name in ["histogram_shared", "histogram_global"] {
        let kernel = module.function(name).map_err(hip_err)?;
        let args: [&dyn KernelArg; 4] = [&din, &dout, &(n as i32), &(tile as i32)];
        let (t_hip, t_native) = best_of_interleaved(
            cfg.stream_runs,
            || {
                dout.fill_bytes(0).map_err(hip_err)?;
                kernel
                    .launch(dim3(blocks, 1, 1), dim3(256, 1, 1), 0, None, &args)
                    .map_err(hip_err)?;
                hip::device_synchronize().map_err(hip_err)
            },
            || {
                std::hint::black_box(native::histogram(&input, threads));
                Ok(())
            },
        )?;
        let got = dout.to_vec().map_err(hip_err)?;
        if let Some(k) = (0..256).find(|&k| got[k] != want[k]) {
            return Err(format!(
                "{name}: bin {k} counts {} instead of {}",
                got[k], want[k]
            ));
        }
        let rate = |t: Duration| n as f64 / t.as_secs_f64() / 1e9;
        rows.push(Row {
            case: format!("byte histogram, {name}, {} MiB", n >> 20),
            hip: format!("{:.2} GB/s", rate(t_hip)),
            reference: format!("{:.2} GB/s (Rust, {threads} threads)", rate(t_native)),
            ratio: format!("{:.2}", t_native.as_secs_f64() / t_hip.as_secs_f64()),
        });
    }
    Ok(())
}

fn bench_matmul(cfg: &Config, threads: usize, rows: &mut Vec<Row>) -> Result<(), String> {
    let module = Module::from_source(MATMUL_SRC, &["-O3"]).map_err(hip_err)?;
    let kernel = module.function("matmul_tiled").map_err(hip_err)?;
    for &n in &cfg.matmul_sizes {
        let a = fill(n * n, 3);
        let b = fill(n * n, 4);
        let da = DeviceBuffer::from_slice(&a).map_err(hip_err)?;
        let db = DeviceBuffer::from_slice(&b).map_err(hip_err)?;
        let dc = DeviceBuffer::<f32>::new(n * n).map_err(hip_err)?;
        let tiles = n.div_ceil(16) as u32;
        let args: [&dyn KernelArg; 4] = [&da, &db, &dc, &(n as i32)];
        let t_hip = best_of(cfg.matmul_runs, || {
            kernel.launch(dim3(tiles, tiles, 1), dim3(16, 16, 1), 0, None, &args)?;
            hip::device_synchronize()
        })
        .map_err(hip_err)?;
        let mut c1 = vec![0.0f32; n * n];
        let t_one = best_of(cfg.matmul_runs, || {
            native::matmul_ikj(&a, &b, &mut c1, n, 1);
            Ok::<(), String>(())
        })?;
        let mut cn = vec![0.0f32; n * n];
        let t_all = best_of(cfg.matmul_runs, || {
            native::matmul_ikj(&a, &b, &mut cn, n, threads);
            Ok::<(), String>(())
        })?;
        // Sums of n products of values in [0, 1): allow float reassociation differences.
        let tol = n as f32 * 1e-5;
        check("matmul", &dc.to_vec().map_err(hip_err)?, &c1, tol)?;
        check("matmul (threads)", &cn, &c1, tol)?;
        let (g, g1, gn) = (gflops(n, t_hip), gflops(n, t_one), gflops(n, t_all));
        rows.push(Row {
            case: format!("tiled matmul n={n} vs 1 thread"),
            hip: format!("{g:.2} GFLOP/s"),
            reference: format!("{g1:.2} GFLOP/s (Rust i-k-j, 1 thread)"),
            ratio: format!("{:.2}", g / g1),
        });
        rows.push(Row {
            case: format!("tiled matmul n={n} vs {threads} threads"),
            hip: format!("{g:.2} GFLOP/s"),
            reference: format!("{gn:.2} GFLOP/s (Rust i-k-j, {threads} threads)"),
            ratio: format!("{:.2}", g / gn),
        });
    }
    Ok(())
}

fn bench_launch(cfg: &Config, rows: &mut Vec<Row>) -> Result<(), String> {
    let module = Module::from_source(BENCH_SRC, &["-O3"]).map_err(hip_err)?;
    let kernel = module.function("empty_kernel").map_err(hip_err)?;
    let one = dim3(1, 1, 1);
    let mut samples = Vec::with_capacity(cfg.launches);
    // Warm up: the first launches page in code and start the worker threads.
    for _ in 0..100 {
        kernel.launch(one, one, 0, None, &[]).map_err(hip_err)?;
        hip::device_synchronize().map_err(hip_err)?;
    }
    for _ in 0..cfg.launches {
        let t0 = Instant::now();
        kernel.launch(one, one, 0, None, &[]).map_err(hip_err)?;
        hip::device_synchronize().map_err(hip_err)?;
        samples.push(t0.elapsed().as_secs_f64() * 1e6);
    }
    let median = stats::percentile(&mut samples, 50.0);
    let p99 = stats::percentile(&mut samples, 99.0);
    rows.push(Row {
        case: format!("empty launch + sync, median of {}", cfg.launches),
        hip: format!("{median:.1} µs"),
        reference: "target ≤ 20 µs".into(),
        ratio: if median <= 20.0 {
            "met".into()
        } else {
            "not met".into()
        },
    });
    rows.push(Row {
        case: format!("empty launch + sync, p99 of {}", cfg.launches),
        hip: format!("{p99:.1} µs"),
        reference: "-".into(),
        ratio: "-".into(),
    });
    let t0 = Instant::now();
    for _ in 0..cfg.launches {
        kernel.launch(one, one, 0, None, &[]).map_err(hip_err)?;
    }
    let issued = t0.elapsed();
    hip::device_synchronize().map_err(hip_err)?;
    let total = t0.elapsed();
    rows.push(Row {
        case: format!("{} empty launches, then one sync", cfg.launches),
        hip: format!(
            "{:.0} launches/s",
            cfg.launches as f64 / total.as_secs_f64()
        ),
        reference: format!(
            "{:.2} µs per launch call (issue only)",
            issued.as_secs_f64() * 1e6 / cfg.launches as f64
        ),
        ratio: "-".into(),
    });
    Ok(())
}

/// The side-by-side kernel set: prints its own table (its columns differ from the others').
fn bench_kernels(cfg: &Config, threads: usize, _rows: &mut Vec<Row>) -> Result<(), String> {
    let module = Module::from_source(BENCH_SRC, &["-O3"]).map_err(hip_err)?;
    let pocl = side_by_side::PoclPeer::open();
    println!("{}\n", pocl.describe());
    let env = side_by_side::Env {
        hip: &module,
        pocl: &pocl,
        threads,
    };
    let rows = side_by_side::run_all(&cfg.kernels, &env);
    println!("{}", side_by_side::table(&rows));
    let failed: Vec<&str> = rows
        .iter()
        .filter_map(|r| r.as_ref().err().map(String::as_str))
        .collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(failed.join("; "))
    }
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

const USAGE: &str = concat!(
    "usage: ferrocm-bench [--quick] ",
    "[--only bandwidth|matmul|reduction|histogram|launch|kernels|blas|rocprim]..."
);
const BENCHES: [&str; 8] = [
    "bandwidth",
    "matmul",
    "reduction",
    "histogram",
    "launch",
    "kernels",
    "blas",
    "rocprim",
];

fn main() -> std::process::ExitCode {
    blas::pick_openblas_core();
    let mut quick = false;
    let mut only: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--only" => match args.next() {
                Some(v) if BENCHES.contains(&v.as_str()) => only.push(v),
                other => {
                    eprintln!("--only takes a benchmark name, not {other:?}; {USAGE}");
                    return std::process::ExitCode::from(2);
                }
            },
            bad => {
                eprintln!("unknown argument {bad:?}; {USAGE}");
                return std::process::ExitCode::from(2);
            }
        }
    }
    let cfg = if quick {
        Config::quick()
    } else {
        Config::full()
    };
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let device = hip::get_device_properties(0)
        .map(|p| p.name.to_string())
        .unwrap_or_else(|e| format!("(no device: {e})"));
    println!(
        "machine: {} ({threads} threads), device: {device}\n",
        cpu_model()
    );

    let mut rows = Vec::new();
    let mut failed = false;
    type Bench = fn(&Config, usize, &mut Vec<Row>) -> Result<(), String>;
    let benches: [(&str, Bench); 8] = [
        ("bandwidth", bench_stream),
        ("matmul", bench_matmul),
        ("reduction", bench_reduction),
        ("histogram", bench_histogram),
        ("launch", |cfg, _, rows| bench_launch(cfg, rows)),
        ("kernels", bench_kernels),
        ("blas", blas::bench_blas),
        ("rocprim", bench_rocprim),
    ];
    for (what, bench) in benches {
        if !wanted(what) {
            continue;
        }
        if let Err(e) = bench(&cfg, threads, &mut rows) {
            eprintln!("{what} benchmark failed: {e}");
            failed = true;
        }
    }
    if !rows.is_empty() {
        println!("| case | ferrocm HIP (CPU device) | reference | ratio |");
        println!("|---|---|---|---|");
        for r in &rows {
            println!("| {} | {} | {} | {} |", r.case, r.hip, r.reference, r.ratio);
        }
    }
    if failed {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}
