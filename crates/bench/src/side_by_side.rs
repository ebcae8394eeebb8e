//! The kernel set of issue 12, side by side: each kernel as HIP on ferrocm, as the same loops in
//! native Rust on threads over all cores, and as OpenCL C on PoCL's CPU device, timed in one
//! process (best of N, the three taking turns) and checked against the native result.
//!
//! Every output starts poisoned (all bits set: NaN for floats), so a kernel that skips elements
//! fails its check. Kernels with no OpenCL C 1.2 counterpart (sub-groups) run without the peer.

use crate::opencl::{self, ClArg, ClError, Pocl, Program};
use crate::{dim3, fill, hip_err, native};
use hip::{DeviceBuffer, Dim3, KernelArg, Module};
use std::fmt::Debug;
use std::time::{Duration, Instant};

/// The OpenCL C versions of the kernels in kernels.hip.
const CL_SRC: &str = include_str!("kernels.cl");

/// What the PoCL column says where PoCL or the ICD loader is not installed.
const NO_POCL: &str = "no PoCL: install pocl-opencl-icd";
/// What the PoCL column says for kernels built on warp exchanges.
const NO_SUB_GROUPS: &str = "OpenCL C 1.2 has no sub-groups";

/// Problem sizes and repetitions.
pub struct Sizes {
    /// Elements of the triad, reduction and scan arrays.
    pub stream: usize,
    /// Bytes histogrammed, and the bytes each block counts.
    pub histogram: (usize, usize),
    /// Matrix order of the SGEMMs.
    pub sgemm: usize,
    /// Width and height of the stencil and transpose grids.
    pub grid: (usize, usize),
    /// Bodies of the n-body step.
    pub bodies: usize,
    /// Timed runs of each side (after one warm-up) for the memory-bound kernels...
    pub runs: usize,
    /// ...and for the compute-bound ones (SGEMM, n-body).
    pub compute_runs: usize,
}

impl Sizes {
    /// A few milliseconds or more per run on each side.
    pub fn full() -> Sizes {
        Sizes {
            stream: 32 << 20,
            histogram: (64 << 20, 64 << 10),
            sgemm: 1024,
            grid: (4096, 4096),
            bodies: 16 << 10,
            runs: 10,
            compute_runs: 3,
        }
    }

    /// A smoke run.
    pub fn quick() -> Sizes {
        Sizes {
            stream: 1 << 20,
            histogram: (2 << 20, 64 << 10),
            sgemm: 128,
            grid: (512, 512),
            bodies: 2 << 10,
            runs: 3,
            compute_runs: 1,
        }
    }

    /// Tests: sizes that are not multiples of the block sizes, so every bounds check is taken.
    #[cfg(test)]
    pub fn tiny() -> Sizes {
        Sizes {
            stream: 1000,
            histogram: (5000, 1024),
            sgemm: 40,
            grid: (45, 70),
            bodies: 300,
            runs: 1,
            compute_runs: 1,
        }
    }
}

/// PoCL with the OpenCL C kernels built, or why not.
pub enum PoclPeer {
    Ready {
        pocl: Pocl,
        program: Program,
    },
    /// PoCL or the ICD loader is not installed.
    Missing(String),
    /// PoCL is there but failed (e.g. the build): every PoCL cell says so.
    Broken(String),
}

impl PoclPeer {
    /// Opens PoCL's CPU device and builds the kernels (outside any timing).
    pub fn open() -> PoclPeer {
        let pocl = match Pocl::open() {
            Ok(p) => p,
            Err(e) if e.is_missing() => return PoclPeer::Missing(e.to_string()),
            Err(e) => return PoclPeer::Broken(e.to_string()),
        };
        match pocl.build(CL_SRC, "") {
            Ok(program) => PoclPeer::Ready { pocl, program },
            Err(e) => PoclPeer::Broken(e.to_string()),
        }
    }

    /// A line for the output: which device, or why there is none.
    pub fn describe(&self) -> String {
        match self {
            PoclPeer::Ready { pocl, .. } => format!("PoCL device: {}", pocl.device_name()),
            PoclPeer::Missing(why) => format!("PoCL: not found ({why}); install pocl-opencl-icd"),
            PoclPeer::Broken(why) => format!("PoCL failed: {why}"),
        }
    }
}

/// What the kernels run with.
pub struct Env<'a> {
    pub hip: &'a Module,
    pub pocl: &'a PoclPeer,
    pub threads: usize,
}

/// The PoCL cell of a row.
#[derive(Debug)]
pub enum Peer {
    Ran(Duration),
    NotAvailable(&'static str),
    Failed(String),
}

/// One kernel's measurements.
#[derive(Debug)]
pub struct Row {
    pub kernel: &'static str,
    pub size: String,
    pub hip: Duration,
    pub native: Duration,
    pub pocl: Peer,
    /// A second native reference doing the same job another way (what it is, its time), shown
    /// under the table; the ratios and targets use `native`, the kernel's own loops.
    pub other_native: Option<(&'static str, Duration)>,
}

/// An element type of a kernel's output.
trait Element: Copy + Default + PartialEq + Debug + 'static {
    /// All bits set, as `fill_bytes(0xFF)` leaves it (NaN for floats).
    const POISON: Self;

    /// The first element of `got` that differs from `want`'s, described: exactly for integers,
    /// beyond the tolerance for floats (`tol` is unused for integers).
    fn mismatch(got: &[Self], want: &[Self], tol: f32) -> Option<String> {
        let _ = tol;
        if got.len() != want.len() {
            return Some(format!("{} elements instead of {}", got.len(), want.len()));
        }
        let k = got.iter().zip(want).position(|(g, w)| g != w)?;
        Some(format!(
            "element {k} is {:?} instead of {:?}",
            got[k], want[k]
        ))
    }
}

impl Element for i32 {
    const POISON: i32 = -1;
}

impl Element for u32 {
    const POISON: u32 = u32::MAX;
}

impl Element for f32 {
    const POISON: f32 = f32::from_bits(u32::MAX);

    /// Within `tol` times (1 + the largest |wanted| value): sums in another order or with fused
    /// multiply-adds differ in the last bits, in proportion to the values' magnitude.
    fn mismatch(got: &[f32], want: &[f32], tol: f32) -> Option<String> {
        if got.len() != want.len() {
            return Some(format!("{} elements instead of {}", got.len(), want.len()));
        }
        let scale = 1.0 + want.iter().fold(0.0f32, |m, w| m.max(w.abs()));
        let k = got.iter().zip(want).position(|(g, w)| {
            let d = (g - w).abs();
            d.is_nan() || d > tol * scale
        })?;
        Some(format!(
            "element {k} is {} instead of {} (tolerance {:e})",
            got[k],
            want[k],
            tol * scale
        ))
    }
}

/// Input data, the same on all three sides.
enum Input<'a> {
    F32(&'a [f32]),
    I32(&'a [i32]),
    U8(&'a [u8]),
}

/// A kernel argument, in the kernel's order.
enum Arg<'a> {
    In(Input<'a>),
    /// The output buffer.
    Out,
    I32(i32),
    F32(f32),
}

/// One kernel launch: what to run, on what, and how to check it.
struct Case<'a> {
    kernel: &'static str,
    size: String,
    args: Vec<Arg<'a>>,
    out_len: usize,
    /// Blocks (work-groups) and threads per block; OpenCL's global size is their product.
    grid: Dim3,
    block: Dim3,
    runs: usize,
    /// The output accumulates (histograms): zero it before each run, inside the timing.
    zero_each_run: bool,
    /// Float tolerance, relative to the largest wanted value.
    tol: f32,
    /// Why the kernel has no OpenCL C counterpart, if it has none.
    no_pocl: Option<&'static str>,
}

/// Best wall times of `runs` calls of each side, the sides taking turns (a, b, c, a, b, c, ...)
/// after one warm-up call of each, so that drifting memory bandwidth on a shared machine treats
/// them alike.
fn best_of_each(
    runs: usize,
    sides: &mut [&mut dyn FnMut() -> Result<(), String>],
) -> Result<Vec<Duration>, String> {
    for side in sides.iter_mut() {
        side()?;
    }
    let mut best = vec![Duration::MAX; sides.len()];
    for _ in 0..runs.max(1) {
        for (side, b) in sides.iter_mut().zip(&mut best) {
            let t0 = Instant::now();
            side()?;
            *b = (*b).min(t0.elapsed());
        }
    }
    Ok(best)
}

/// An input in ferrocm's device memory.
enum HipBuf {
    F32(DeviceBuffer<f32>),
    I32(DeviceBuffer<i32>),
    U8(DeviceBuffer<u8>),
}

impl HipBuf {
    fn new(data: &Input) -> Result<HipBuf, String> {
        Ok(match data {
            Input::F32(d) => HipBuf::F32(DeviceBuffer::from_slice(d).map_err(hip_err)?),
            Input::I32(d) => HipBuf::I32(DeviceBuffer::from_slice(d).map_err(hip_err)?),
            Input::U8(d) => HipBuf::U8(DeviceBuffer::from_slice(d).map_err(hip_err)?),
        })
    }

    fn arg(&self) -> &dyn KernelArg {
        match self {
            HipBuf::F32(b) => b,
            HipBuf::I32(b) => b,
            HipBuf::U8(b) => b,
        }
    }
}

/// A HIP kernel argument: an input buffer made for it, a scalar, or the output.
enum HipSlot<'a> {
    Buf(HipBuf),
    Value(&'a dyn KernelArg),
    Out,
}

/// An input in a PoCL buffer.
enum ClBuf {
    F32(opencl::Buffer<f32>),
    I32(opencl::Buffer<i32>),
    U8(opencl::Buffer<u8>),
}

impl ClBuf {
    fn new(pocl: &Pocl, data: &Input) -> Result<ClBuf, ClError> {
        Ok(match data {
            Input::F32(d) => ClBuf::F32(pocl.buffer_from(d)?),
            Input::I32(d) => ClBuf::I32(pocl.buffer_from(d)?),
            Input::U8(d) => ClBuf::U8(pocl.buffer_from(d)?),
        })
    }

    fn arg(&self) -> &dyn ClArg {
        match self {
            ClBuf::F32(b) => b,
            ClBuf::I32(b) => b,
            ClBuf::U8(b) => b,
        }
    }
}

/// The PoCL side of a case, its arguments set.
struct ClSide<'p, T: Element> {
    pocl: &'p Pocl,
    kernel: opencl::Kernel,
    _inputs: Vec<ClBuf>,
    out: opencl::Buffer<T>,
    /// What the output is reset to before each run, where it accumulates.
    zeros: Option<Vec<T>>,
    global: Vec<usize>,
    local: Vec<usize>,
}

impl<'p, T: Element> ClSide<'p, T> {
    fn new(pocl: &'p Pocl, program: &Program, case: &Case) -> Result<ClSide<'p, T>, ClError> {
        let kernel = program.kernel(case.kernel)?;
        let out = pocl.buffer_from(&vec![T::POISON; case.out_len])?;
        let mut inputs = Vec::new();
        for (i, a) in case.args.iter().enumerate() {
            match a {
                Arg::In(data) => {
                    let buf = ClBuf::new(pocl, data)?;
                    kernel.set_arg(i, buf.arg())?;
                    inputs.push(buf);
                }
                Arg::Out => kernel.set_arg(i, &out)?,
                Arg::I32(v) => kernel.set_arg(i, v)?,
                Arg::F32(v) => kernel.set_arg(i, v)?,
            }
        }
        let dims = if case.grid.y > 1 || case.block.y > 1 {
            2
        } else {
            1
        };
        let g = [case.grid.x, case.grid.y];
        let b = [case.block.x, case.block.y];
        Ok(ClSide {
            pocl,
            kernel,
            _inputs: inputs,
            out,
            zeros: case.zero_each_run.then(|| vec![T::default(); case.out_len]),
            global: (0..dims).map(|d| g[d] as usize * b[d] as usize).collect(),
            local: (0..dims).map(|d| b[d] as usize).collect(),
        })
    }

    fn run(&self) -> Result<(), ClError> {
        if let Some(z) = &self.zeros {
            self.pocl.write(&self.out, z)?;
        }
        self.pocl.run(&self.kernel, &self.global, &self.local)
    }
}

/// Runs `case` on the three sides, `native` writing the native result, and checks ferrocm's
/// and PoCL's results against it.
fn run_case<T: Element>(
    env: &Env,
    case: Case,
    mut native: impl FnMut(&mut [T]),
) -> Result<Row, String> {
    let fail = |e: String| format!("{}: {e}", case.kernel);
    let kernel = env
        .hip
        .function(case.kernel)
        .map_err(hip_err)
        .map_err(fail)?;
    let mut slots = Vec::with_capacity(case.args.len());
    for a in &case.args {
        slots.push(match a {
            Arg::In(data) => HipSlot::Buf(HipBuf::new(data).map_err(fail)?),
            Arg::Out => HipSlot::Out,
            Arg::I32(v) => HipSlot::Value(v),
            Arg::F32(v) => HipSlot::Value(v),
        });
    }
    let hip_out = DeviceBuffer::<T>::new(case.out_len)
        .map_err(hip_err)
        .map_err(fail)?;
    hip_out.fill_bytes(0xFF).map_err(hip_err).map_err(fail)?;
    let hip_args: Vec<&dyn KernelArg> = slots
        .iter()
        .map(|s| match s {
            HipSlot::Buf(b) => b.arg(),
            HipSlot::Value(v) => *v,
            HipSlot::Out => &hip_out,
        })
        .collect();
    let mut run_hip = || -> Result<(), String> {
        if case.zero_each_run {
            hip_out.fill_bytes(0).map_err(hip_err)?;
        }
        kernel
            .launch(case.grid, case.block, 0, None, &hip_args)
            .map_err(hip_err)?;
        hip::device_synchronize().map_err(hip_err)
    };

    let mut native_out = vec![T::POISON; case.out_len];
    let mut run_native = || -> Result<(), String> {
        native(&mut native_out);
        Ok(())
    };

    let mut pocl = Peer::NotAvailable(NO_POCL);
    let cl = match (env.pocl, case.no_pocl) {
        (_, Some(why)) => {
            pocl = Peer::NotAvailable(why);
            None
        }
        (PoclPeer::Ready { pocl: p, program }, None) => match ClSide::<T>::new(p, program, &case) {
            Ok(side) => Some(side),
            Err(e) => {
                pocl = Peer::Failed(e.to_string());
                None
            }
        },
        (PoclPeer::Missing(_), None) => None,
        (PoclPeer::Broken(why), None) => {
            pocl = Peer::Failed(why.clone());
            None
        }
    };
    // A PoCL failure is recorded and ends PoCL's runs, but not ferrocm's and native's.
    let mut cl_error: Option<ClError> = None;
    let mut run_cl = || -> Result<(), String> {
        if let (Some(side), None) = (&cl, &cl_error) {
            cl_error = side.run().err();
        }
        Ok(())
    };

    let mut sides: Vec<&mut dyn FnMut() -> Result<(), String>> =
        vec![&mut run_hip, &mut run_native];
    if cl.is_some() {
        sides.push(&mut run_cl);
    }
    let times = best_of_each(case.runs, &mut sides).map_err(fail)?;
    drop(sides);

    let got = hip_out.to_vec().map_err(hip_err).map_err(fail)?;
    if let Some(m) = T::mismatch(&got, &native_out, case.tol) {
        return Err(fail(format!("ferrocm's result differs from native: {m}")));
    }
    if let Some(side) = &cl {
        pocl = match (cl_error, times.get(2)) {
            (Some(e), _) => Peer::Failed(e.to_string()),
            (None, None) => Peer::Failed("not timed".into()),
            (None, Some(&t)) => match side.pocl.read(&side.out) {
                Err(e) => Peer::Failed(e.to_string()),
                Ok(got) => match T::mismatch(&got, &native_out, case.tol) {
                    Some(m) => Peer::Failed(format!("PoCL's result differs from native: {m}")),
                    None => Peer::Ran(t),
                },
            },
        };
    }
    Ok(Row {
        kernel: case.kernel,
        size: case.size,
        hip: times[0],
        native: times[1],
        pocl,
        other_native: None,
    })
}

/// Deterministic ints in [-2048, 2048).
fn ints(n: usize) -> Vec<i32> {
    (0..n)
        .map(|i| ((i as u32).wrapping_mul(2_654_435_761) >> 20) as i32 - 2048)
        .collect()
}

fn mega(n: usize) -> String {
    if n >= 1 << 20 {
        format!("{} Mi", n >> 20)
    } else {
        n.to_string()
    }
}

/// Runs every kernel of the set, in the order; a kernel that fails on ferrocm (or gives
/// a wrong result there) is an `Err` naming it.
pub fn run_all(sizes: &Sizes, env: &Env) -> Vec<Result<Row, String>> {
    let mut rows = Vec::new();
    let t = env.threads;
    let n = sizes.stream;
    let blocks256 = |n: usize| dim3(n.div_ceil(256) as u32, 1, 1);
    let b256 = dim3(256, 1, 1);

    {
        let (b, c) = (fill(n, 1), fill(n, 2));
        let s = 3.0f32;
        let case = Case {
            kernel: "triad",
            size: format!("{} floats", mega(n)),
            args: vec![
                Arg::I32(n as i32),
                Arg::F32(s),
                Arg::Out,
                Arg::In(Input::F32(&b)),
                Arg::In(Input::F32(&c)),
            ],
            out_len: n,
            grid: blocks256(n),
            block: b256,
            runs: sizes.runs,
            zero_each_run: false,
            tol: 1e-6,
            no_pocl: None,
        };
        rows.push(run_case(env, case, |a: &mut [f32]| {
            native::triad_parallel(a, &b, s, &c, t)
        }));
    }

    {
        let input = ints(n);
        for (kernel, no_pocl) in [
            ("reduce_shared", None),
            ("reduce_shfl", Some(NO_SUB_GROUPS)),
            ("reduce_cg", Some(NO_SUB_GROUPS)),
        ] {
            let case = Case {
                kernel,
                size: format!("{} ints", mega(n)),
                args: vec![Arg::In(Input::I32(&input)), Arg::Out, Arg::I32(n as i32)],
                out_len: n.div_ceil(256),
                grid: blocks256(n),
                block: b256,
                runs: sizes.runs,
                zero_each_run: false,
                tol: 0.0,
                no_pocl,
            };
            rows.push(run_case(env, case, |out: &mut [i32]| {
                native::block_sums(&input, 256, out, t)
            }));
        }
    }

    {
        let m = sizes.sgemm;
        let (a, b) = (fill(m * m, 3), fill(m * m, 4));
        for (kernel, tile) in [("sgemm_tile16", 16), ("sgemm_tile32", 32)] {
            let tiles = m.div_ceil(tile) as u32;
            let case = Case {
                kernel,
                size: format!("{m} x {m}"),
                args: vec![
                    Arg::In(Input::F32(&a)),
                    Arg::In(Input::F32(&b)),
                    Arg::Out,
                    Arg::I32(m as i32),
                ],
                out_len: m * m,
                grid: dim3(tiles, tiles, 1),
                block: dim3(tile as u32, tile as u32, 1),
                runs: sizes.compute_runs,
                zero_each_run: false,
                tol: 1e-5,
                no_pocl: None,
            };
            rows.push(run_case(env, case, |c: &mut [f32]| {
                native::matmul_ikj(&a, &b, c, m, t)
            }));
        }
    }

    let (w, h) = sizes.grid;
    {
        let input = fill(w * h, 5);
        let c = (0.5f32, 0.125f32);
        let case = Case {
            kernel: "stencil5",
            size: format!("{w} x {h}"),
            args: vec![
                Arg::In(Input::F32(&input)),
                Arg::Out,
                Arg::I32(w as i32),
                Arg::I32(h as i32),
                Arg::F32(c.0),
                Arg::F32(c.1),
            ],
            out_len: w * h,
            grid: dim3(w.div_ceil(32) as u32, h.div_ceil(8) as u32, 1),
            block: dim3(32, 8, 1),
            runs: sizes.runs,
            zero_each_run: false,
            tol: 1e-6,
            no_pocl: None,
        };
        rows.push(run_case(env, case, |out: &mut [f32]| {
            native::stencil5(&input, out, w, h, c, t)
        }));
    }

    {
        let (bytes, tile) = sizes.histogram;
        let input: Vec<u8> = (0..bytes)
            .map(|i| ((i as u32).wrapping_mul(2_654_435_761) >> 24) as u8)
            .collect();
        for kernel in ["histogram_global", "histogram_shared"] {
            let case = Case {
                kernel,
                size: format!("{} bytes", mega(bytes)),
                args: vec![
                    Arg::In(Input::U8(&input)),
                    Arg::Out,
                    Arg::I32(bytes as i32),
                    Arg::I32(tile as i32),
                ],
                out_len: 256,
                grid: dim3(bytes.div_ceil(tile) as u32, 1, 1),
                block: b256,
                runs: sizes.runs,
                zero_each_run: true,
                tol: 0.0,
                no_pocl: None,
            };
            // The same loops natively: locked adds into one table for the global kernel,
            // private tables for the shared one (a block's table is private to its thread).
            let global = kernel == "histogram_global";
            rows.push(run_case(env, case, |out: &mut [u32]| {
                out.copy_from_slice(&if global {
                    native::histogram_atomic(&input, t)
                } else {
                    native::histogram(&input, t)
                })
            }));
        }
    }

    {
        let input = fill(w * h, 6);
        let case = Case {
            kernel: "transpose_shared",
            size: format!("{w} x {h}"),
            args: vec![
                Arg::In(Input::F32(&input)),
                Arg::Out,
                Arg::I32(w as i32),
                Arg::I32(h as i32),
            ],
            out_len: w * h,
            grid: dim3(w.div_ceil(32) as u32, h.div_ceil(32) as u32, 1),
            block: dim3(32, 8, 1),
            runs: sizes.runs,
            zero_each_run: false,
            tol: 0.0,
            no_pocl: None,
        };
        rows.push(run_case(env, case, |out: &mut [f32]| {
            native::transpose(&input, out, w, h, t)
        }));
    }

    {
        // Small values, so that no block's sum overflows.
        let input: Vec<i32> = ints(n).iter().map(|v| v % 100).collect();
        let case = Case {
            kernel: "scan_block",
            size: format!("{} ints", mega(n)),
            args: vec![Arg::In(Input::I32(&input)), Arg::Out, Arg::I32(n as i32)],
            out_len: n,
            grid: blocks256(n),
            block: b256,
            runs: sizes.runs,
            zero_each_run: false,
            tol: 0.0,
            no_pocl: None,
        };
        // The same loops: the kernel's Hillis-Steele passes. A running sum, a different and
        // 8x cheaper algorithm, is timed too and shown under the table.
        let row = run_case(env, case, |out: &mut [i32]| {
            native::scan_blocks_passes(&input, out, 256, t)
        });
        rows.push(row.and_then(|mut r| {
            let mut out = vec![0i32; n];
            let mut sum = || -> Result<(), String> {
                native::scan_blocks(&input, &mut out, 256, t);
                Ok(())
            };
            let times = best_of_each(sizes.runs, &mut [&mut sum])?;
            r.other_native = Some(("a running sum per block", times[0]));
            Ok(r)
        }));
    }

    {
        let bodies = sizes.bodies;
        let pos = fill(bodies * 4, 7);
        let eps2 = 0.01f32;
        let case = Case {
            kernel: "nbody_accel",
            size: format!("{bodies} bodies"),
            args: vec![
                Arg::In(Input::F32(&pos)),
                Arg::Out,
                Arg::I32(bodies as i32),
                Arg::F32(eps2),
            ],
            out_len: bodies * 4,
            grid: blocks256(bodies),
            block: b256,
            runs: sizes.compute_runs,
            zero_each_run: false,
            tol: 1e-4,
            no_pocl: None,
        };
        rows.push(run_case(env, case, |acc: &mut [f32]| {
            native::nbody_accel(&pos, acc, eps2, t)
        }));
    }
    rows
}

fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1e3
}

fn geomean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp())
}

/// The Markdown table of `rows` (failed kernels as a row saying so), a geomean row, and the
/// issue's targets, met or not.
pub fn table(rows: &[Result<Row, String>]) -> String {
    let mut s = String::from(
        "| kernel | size | ferrocm ms | native ms | PoCL ms | ferrocm/native | ferrocm/PoCL |\n\
         |---|---|---|---|---|---|---|\n",
    );
    let (mut vs_native, mut vs_pocl, mut over_2x) = (Vec::new(), Vec::new(), Vec::new());
    for row in rows {
        let r = match row {
            Ok(r) => r,
            Err(e) => {
                s += &format!("| failed: {e} | | | | | | |\n");
                continue;
            }
        };
        let ratio = ms(r.hip) / ms(r.native);
        vs_native.push(ratio);
        if ratio > 2.0 {
            over_2x.push(r.kernel);
        }
        let (pocl_ms, pocl_ratio) = match &r.pocl {
            Peer::Ran(t) => {
                let x = ms(r.hip) / ms(*t);
                vs_pocl.push(x);
                (format!("{:.2}", ms(*t)), format!("{x:.2}"))
            }
            Peer::NotAvailable(why) => (format!("n/a ({why})"), "-".into()),
            Peer::Failed(e) => (format!("failed: {e}"), "-".into()),
        };
        s += &format!(
            "| {} | {} | {:.2} | {:.2} | {pocl_ms} | {ratio:.2} | {pocl_ratio} |\n",
            r.kernel,
            r.size,
            ms(r.hip),
            ms(r.native)
        );
    }
    let g_native = geomean(&vs_native);
    let g_pocl = geomean(&vs_pocl);
    let show = |g: Option<f64>| g.map_or("-".into(), |g| format!("{g:.2}"));
    s += &format!(
        "| geomean ({} kernels; {} with PoCL) | | | | | {} | {} |\n",
        vs_native.len(),
        vs_pocl.len(),
        show(g_native),
        show(g_pocl)
    );
    for r in rows.iter().flatten() {
        if let Some((what, t)) = r.other_native {
            s += &format!(
                "\n{}: against {what} natively instead ({:.2} ms), ferrocm/native is {:.2}",
                r.kernel,
                ms(t),
                ms(r.hip) / ms(t)
            );
        }
    }
    let met = |ok: bool| if ok { "met" } else { "not met" };
    s += &format!(
        "\ntargets: ferrocm/native geomean ≤ 1.25: {} ({}); no kernel over 2x native: {}{}; \
         ferrocm/PoCL geomean ≤ 0.5: {}\n",
        show(g_native),
        met(g_native.is_some_and(|g| g <= 1.25) && vs_native.len() == rows.len()),
        met(over_2x.is_empty() && vs_native.len() == rows.len()),
        if over_2x.is_empty() {
            String::new()
        } else {
            format!(" ({})", over_2x.join(", "))
        },
        match g_pocl {
            Some(g) => format!("{g:.2} ({})", met(g <= 0.5)),
            None => "no PoCL figures".into(),
        }
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threads() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    #[test]
    fn every_kernel_matches_native_at_a_tiny_size() {
        let module = Module::from_source(crate::BENCH_SRC, &["-O3"])
            .map_err(hip_err)
            .expect("kernels.hip compiles");
        let pocl = PoclPeer::open();
        let env = Env {
            hip: &module,
            pocl: &pocl,
            threads: threads(),
        };
        if let PoclPeer::Missing(why) = &pocl {
            eprintln!("note: PoCL is not installed ({why}); only ferrocm is checked");
        }
        let rows = run_all(&Sizes::tiny(), &env);
        assert_eq!(rows.len(), 12);
        for row in &rows {
            let row = row
                .as_ref()
                .expect("ferrocm runs the kernel and matches native");
            match (&pocl, &row.pocl) {
                (PoclPeer::Ready { .. }, Peer::Ran(_)) | (_, Peer::NotAvailable(_)) => {}
                (_, other) => panic!("{}: PoCL: {other:?}", row.kernel),
            }
            if matches!(pocl, PoclPeer::Ready { .. })
                && row.kernel != "reduce_shfl"
                && row.kernel != "reduce_cg"
            {
                assert!(
                    matches!(row.pocl, Peer::Ran(_)),
                    "{}: PoCL did not run",
                    row.kernel
                );
            }
        }
    }

    /// The checks can fail: a launch that writes nothing (n = 0) leaves the poison.
    #[test]
    fn an_output_left_unwritten_fails_the_check() {
        let module = Module::from_source(crate::BENCH_SRC, &["-O3"])
            .map_err(hip_err)
            .expect("kernels.hip compiles");
        let pocl = PoclPeer::open();
        let env = Env {
            hip: &module,
            pocl: &pocl,
            threads: 1,
        };
        let b = fill(300, 1);
        let case = Case {
            kernel: "triad",
            size: String::new(),
            args: vec![
                Arg::I32(0),
                Arg::F32(1.0),
                Arg::Out,
                Arg::In(Input::F32(&b)),
                Arg::In(Input::F32(&b)),
            ],
            out_len: 300,
            grid: dim3(2, 1, 1),
            block: dim3(256, 1, 1),
            runs: 1,
            zero_each_run: false,
            tol: 1e-6,
            no_pocl: None,
        };
        let err = run_case(&env, case, |a: &mut [f32]| a.fill(2.0)).expect_err("poison is caught");
        assert!(err.contains("element 0 is NaN"), "{err}");
    }

    #[test]
    fn floats_compare_within_a_tolerance_scaled_by_the_largest_value() {
        assert_eq!(f32::mismatch(&[1.0, 100.0], &[1.001, 100.0], 1e-4), None);
        assert!(f32::mismatch(&[1.0, 1.0], &[1.1, 1.0], 1e-4).is_some());
        assert!(f32::mismatch(&[f32::POISON], &[0.0], 1.0).is_some());
        assert!(i32::mismatch(&[1, 2], &[1, 3], 0.0).is_some());
        assert_eq!(u32::mismatch(&[7], &[7], 0.0), None);
    }

    #[test]
    fn geomean_of_ratios() {
        assert_eq!(geomean(&[]), None);
        let g = geomean(&[0.5, 2.0, 1.0]).expect("three values");
        assert!((g - 1.0).abs() < 1e-12);
    }
}
