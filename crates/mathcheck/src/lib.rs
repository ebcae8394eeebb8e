//! ferrocm-mathcheck: measures every function of ferrocm's HIP device math library
//! (include/hip/hip_math.h) on the CPU device against an MPFR reference, and writes the accuracy
//! report (MATH_ACCURACY.md).
//!
//! Each function becomes one kernel (`k<index>`) in a generated HIP module per precision, compiled
//! with `hip::Module::from_source` exactly as a HIP program's kernels are; its inputs are the
//! format's edge cases plus seeded random values spread over the whole domain. Every result is
//! compared with the reference rounded to the format (see [`measure`]) and judged against the
//! maximum error HIP documents for the function (CUDA's table where HIP has none; exactness for
//! the operations IEEE 754 defines), listed in [`catalog`].

pub mod catalog;
pub mod inputs;
pub mod measure;
pub mod reference;
pub mod report;

use hip::{DeviceBuffer, Dim3, Module};
use inputs::{Dom, IntArg};
use measure::Error;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rug::float::Round;
use rug::Float;
use std::fmt::Write as _;
use std::time::Instant;

/// Floating-point format under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    F32,
    F64,
}

impl Prec {
    pub fn c_type(self) -> &'static str {
        match self {
            Prec::F32 => "float",
            Prec::F64 => "double",
        }
    }

    /// The suffix of the C names (`sinf`, `sin`).
    pub fn suffix(self) -> &'static str {
        match self {
            Prec::F32 => "f",
            Prec::F64 => "",
        }
    }

    /// Bits of the MPFR reference: far beyond the format's 24 or 53.
    pub fn ref_bits(self) -> u32 {
        match self {
            Prec::F32 => 128,
            Prec::F64 => 192,
        }
    }
}

/// One input, as the reference sees it: the arguments' exact values, the integer argument, the
/// reference precision and the rounding mode of the function under test.
#[derive(Clone, Copy, Debug)]
pub struct Args {
    pub x: f64,
    pub y: f64,
    pub z: f64,
    pub w: f64,
    pub k: i32,
    pub bits: u32,
    pub round: Round,
}

/// What a kernel's result is compared with.
#[derive(Clone, Copy)]
pub enum Reference {
    /// The exact value (to `Args::bits` bits, or exactly); the result is the kernel's `res`.
    Real(fn(&Args) -> Float),
    /// An exact integer (the kernel's `iq`); `None` where the value is unspecified.
    Int(fn(&Args) -> Option<i64>),
    /// A predicate on the kernel's `iq` (remquo's quotient bits); `None` where unspecified.
    IntCheck(fn(&Args, i64) -> Option<bool>),
}

/// How one input is judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Crit {
    /// At most this many ulps from the correctly rounded value.
    Ulp(u64),
    /// At most this absolute error.
    Abs(f64),
    /// Outside the documented range: measured, not judged.
    Skip,
}

/// A documented bound: its text in the report, where it comes from, and the rule per input.
#[derive(Clone)]
pub struct Bound {
    pub doc: String,
    pub source: &'static str,
    pub crit: fn(&Args) -> Crit,
    pub ulp: u64,
}

/// One function (one row of the report).
#[derive(Clone)]
pub struct Func {
    pub name: String,
    pub prec: Prec,
    pub group: &'static str,
    /// HIP statements: arguments `x y z w` (type `T`) and `k` (int); they set `res` (type `T`)
    /// and/or `iq` (long long).
    pub body: String,
    pub args: usize,
    pub dom: [Dom; 4],
    pub int_arg: IntArg,
    /// Extra edge values for the first argument.
    pub extra: Vec<f64>,
    pub reference: Reference,
    pub bound: Bound,
    pub round: Round,
    /// Inputs are divided by this (for slow references).
    pub cost: usize,
}

/// The worst input seen for one kind of criterion.
#[derive(Clone, Debug, Default)]
pub struct Worst {
    pub ulps: u64,
    pub frac: f64,
    pub abs: f64,
    pub input: String,
    pub seen: bool,
}

/// The measured row.
#[derive(Clone, Debug)]
pub struct RowResult {
    pub name: String,
    pub prec: Prec,
    pub group: &'static str,
    pub bound_doc: String,
    pub source: &'static str,
    pub inputs: usize,
    /// Worst over the inputs judged in ulps.
    pub worst_ulp: Worst,
    /// Worst over the inputs judged by absolute error.
    pub worst_abs: Worst,
    /// Worst over the inputs outside the documented range (not judged).
    pub worst_skipped: Worst,
    pub skipped: usize,
    pub failures: usize,
    pub failure_examples: Vec<String>,
}

impl RowResult {
    pub fn passed(&self) -> bool {
        self.failures == 0
    }
}

/// Options of one run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Random inputs per function (before the cost divisor); edge cases come on top.
    pub random_inputs: usize,
    pub seed: u64,
    /// Only functions whose name contains this.
    pub filter: Option<String>,
}

impl Options {
    pub fn quick() -> Options {
        Options {
            random_inputs: 1500,
            seed: 20_241_101,
            filter: None,
        }
    }

    pub fn full() -> Options {
        Options {
            random_inputs: 100_000,
            seed: 20_241_101,
            filter: None,
        }
    }
}

/// The whole run: results per function plus timing.
pub struct Run {
    pub rows: Vec<RowResult>,
    pub options: Options,
    pub seconds: f64,
}

/// The HIP source of one precision's module: one kernel per function.
pub fn module_source(funcs: &[(usize, &Func)], prec: Prec) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Generated by ferrocm-mathcheck: one kernel per {} function.",
        prec.c_type()
    );
    let _ = writeln!(
        s,
        "#include <hip/hip_runtime.h>\ntypedef {} T;",
        prec.c_type()
    );
    for (i, f) in funcs {
        let _ = writeln!(
            s,
            "// {name}\nextern \"C\" __global__ void k{i}(T* r, long long* q, const T* xa, const T* ya, \
             const T* za, const T* wa, const int* ka, int n) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  \
             if (i >= n) return;\n  T x = xa[i], y = ya[i], z = za[i], w = wa[i];\n  int k = ka[i];\n  \
             (void)x; (void)y; (void)z; (void)w; (void)k;\n  T res = 0;\n  long long iq = 0;\n  {body}\n  \
             r[i] = res;\n  q[i] = iq;\n}}",
            name = f.name,
            body = f.body
        );
    }
    s
}

/// Inputs of one function: edges first, then random values. Each is (x, y, z, w, k).
pub fn make_inputs(f: &Func, opts: &Options, seed: u64) -> Vec<([f64; 4], i32)> {
    let prec = f.prec;
    let mut r = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let ints = inputs::int_edges(f.int_arg);
    let mut firsts = inputs::edges(prec);
    firsts.extend(f.extra.iter().map(|&v| inputs::to_format(v, prec)));
    let fill = |r: &mut StdRng, j: usize| -> f64 {
        if r.gen_bool(0.25) {
            inputs::sample(r, Dom::Any, prec)
        } else {
            inputs::sample(r, f.dom[j], prec)
        }
    };
    match f.args {
        1 => {
            for &a in &firsts {
                for &k in &ints {
                    out.push(([a, 1.0, 1.0, 1.0], k));
                }
            }
            // Each int edge with random first arguments too.
            for &k in &ints {
                for _ in 0..8 {
                    let a = fill(&mut r, 0);
                    out.push(([a, 1.0, 1.0, 1.0], k));
                }
            }
        }
        2 => {
            let small = inputs::edges_small(prec);
            for &a in firsts.iter().chain(&small) {
                for &b in &small {
                    out.push(([a, b, 1.0, 1.0], ints[0]));
                }
            }
        }
        _ => {
            let small = inputs::edges_small(prec);
            for _ in 0..400 {
                let mut v = [1.0; 4];
                for (j, slot) in v.iter_mut().enumerate().take(f.args) {
                    *slot = if r.gen_bool(0.6) {
                        small[r.gen_range(0..small.len())]
                    } else {
                        fill(&mut r, j)
                    };
                }
                let k = ints[r.gen_range(0..ints.len())];
                out.push((v, k));
            }
        }
    }
    let n = (opts.random_inputs / f.cost.max(1)).max(200);
    for _ in 0..n {
        let mut v = [1.0; 4];
        for (j, slot) in v.iter_mut().enumerate().take(f.args) {
            *slot = fill(&mut r, j);
        }
        let k = inputs::sample_int(&mut r, f.int_arg);
        out.push((v, k));
    }
    out
}

fn fmt_arg(v: f64, prec: Prec) -> String {
    match prec {
        Prec::F32 => format!("{:e}", v as f32),
        Prec::F64 => format!("{v:e}"),
    }
}

/// The input as text: `x=..., y=..., k=...`.
pub fn describe(f: &Func, v: &[f64; 4], k: i32) -> String {
    let names = ["x", "y", "z", "w"];
    let mut parts: Vec<String> = (0..f.args)
        .map(|j| format!("{}={}", names[j], fmt_arg(v[j], f.prec)))
        .collect();
    if !matches!(f.int_arg, IntArg::None) {
        parts.push(format!("k={k}"));
    }
    parts.join(", ")
}

/// The kernel's outputs for one function.
struct Outputs {
    res: Vec<f64>,
    iq: Vec<i64>,
}

fn launch(
    module: &Module,
    idx: usize,
    f: &Func,
    ins: &[([f64; 4], i32)],
) -> Result<Outputs, String> {
    let n = ins.len();
    let kernel = module
        .function(&format!("k{idx}"))
        .map_err(|e| format!("kernel for {}: {e:?}", f.name))?;
    let ks: Vec<i32> = ins.iter().map(|(_, k)| *k).collect();
    let kb = DeviceBuffer::from_slice(&ks).map_err(|e| format!("{e:?}"))?;
    let q = DeviceBuffer::<i64>::new(n).map_err(|e| format!("{e:?}"))?;
    q.fill_bytes(0xFF).map_err(|e| format!("{e:?}"))?;
    let grid = Dim3::new(n.div_ceil(256) as u32, 1, 1);
    let block = Dim3::new(256, 1, 1);
    let ni = n as i32;
    let res: Vec<f64> = match f.prec {
        Prec::F32 => {
            let col = |j: usize| -> Vec<f32> { ins.iter().map(|(v, _)| v[j] as f32).collect() };
            let bufs: Vec<DeviceBuffer<f32>> = (0..4)
                .map(|j| DeviceBuffer::from_slice(&col(j)))
                .collect::<Result<_, _>>()
                .map_err(|e| format!("{e:?}"))?;
            let r = DeviceBuffer::<f32>::new(n).map_err(|e| format!("{e:?}"))?;
            r.fill_bytes(0xFF).map_err(|e| format!("{e:?}"))?;
            kernel
                .launch(
                    grid,
                    block,
                    0,
                    None,
                    &[&r, &q, &bufs[0], &bufs[1], &bufs[2], &bufs[3], &kb, &ni],
                )
                .map_err(|e| format!("launch {}: {e:?} {:?}", f.name, hip::last_error_detail()))?;
            hip::device_synchronize().map_err(|e| format!("{}: {e:?}", f.name))?;
            r.to_vec()
                .map_err(|e| format!("{e:?}"))?
                .into_iter()
                .map(f64::from)
                .collect()
        }
        Prec::F64 => {
            let col = |j: usize| -> Vec<f64> { ins.iter().map(|(v, _)| v[j]).collect() };
            let bufs: Vec<DeviceBuffer<f64>> = (0..4)
                .map(|j| DeviceBuffer::from_slice(&col(j)))
                .collect::<Result<_, _>>()
                .map_err(|e| format!("{e:?}"))?;
            let r = DeviceBuffer::<f64>::new(n).map_err(|e| format!("{e:?}"))?;
            r.fill_bytes(0xFF).map_err(|e| format!("{e:?}"))?;
            kernel
                .launch(
                    grid,
                    block,
                    0,
                    None,
                    &[&r, &q, &bufs[0], &bufs[1], &bufs[2], &bufs[3], &kb, &ni],
                )
                .map_err(|e| format!("launch {}: {e:?} {:?}", f.name, hip::last_error_detail()))?;
            hip::device_synchronize().map_err(|e| format!("{}: {e:?}", f.name))?;
            r.to_vec().map_err(|e| format!("{e:?}"))?
        }
    };
    let iq = q.to_vec().map_err(|e| format!("{e:?}"))?;
    Ok(Outputs { res, iq })
}

/// One input's verdict.
struct Verdict {
    crit: Crit,
    err: Error,
    ok: bool,
    detail: String,
}

fn judge(f: &Func, v: &[f64; 4], k: i32, res: f64, iq: i64) -> Verdict {
    let a = Args {
        x: v[0],
        y: v[1],
        z: v[2],
        w: v[3],
        k,
        bits: f.prec.ref_bits(),
        round: f.round,
    };
    let crit = (f.bound.crit)(&a);
    match f.reference {
        Reference::Real(rf) => {
            let exact = rf(&a);
            let err = measure::measure(res, &exact, f.prec, f.round);
            let ok = match crit {
                Crit::Ulp(u) => err.ulps <= u,
                Crit::Abs(t) => {
                    err.ulps == 0 || (err.ulps != u64::MAX && err.abs <= t && res.is_finite())
                }
                Crit::Skip => true,
            };
            let detail = format!(
                "got {} want {} ({} ulp)",
                fmt_arg(res, f.prec),
                fmt_arg(measure::round_to(&exact, f.prec, f.round), f.prec),
                if err.ulps == u64::MAX {
                    "special-value mismatch".to_string()
                } else {
                    format!("{:.2}", err.frac)
                }
            );
            Verdict {
                crit,
                err,
                ok,
                detail,
            }
        }
        Reference::Int(rf) => match rf(&a) {
            None => Verdict {
                crit: Crit::Skip,
                err: Error::EXACT,
                ok: true,
                detail: String::new(),
            },
            Some(want) => {
                let ok = want == iq;
                Verdict {
                    crit,
                    err: if ok { Error::EXACT } else { Error::MISMATCH },
                    ok,
                    detail: format!("got {iq} want {want}"),
                }
            }
        },
        Reference::IntCheck(check) => match check(&a, iq) {
            None => Verdict {
                crit: Crit::Skip,
                err: Error::EXACT,
                ok: true,
                detail: String::new(),
            },
            Some(ok) => Verdict {
                crit,
                err: if ok { Error::EXACT } else { Error::MISMATCH },
                ok,
                detail: format!("got {iq}"),
            },
        },
    }
}

fn update(w: &mut Worst, err: &Error, input: &str) {
    let worse = !w.seen
        || err.ulps > w.ulps
        || (err.ulps == w.ulps && err.frac > w.frac)
        || (err.abs > w.abs && err.ulps >= w.ulps);
    if worse {
        w.ulps = err.ulps;
        w.frac = err.frac;
        w.abs = err.abs;
        w.input = input.to_string();
    }
    w.seen = true;
}

/// Measures one function's outputs on all inputs, on every core.
fn evaluate(f: &Func, ins: &[([f64; 4], i32)], out: &Outputs) -> RowResult {
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(1);
    let chunk = ins.len().div_ceil(threads).max(1);
    let partials: Vec<RowResult> = std::thread::scope(|s| {
        let handles: Vec<_> = ins
            .chunks(chunk)
            .enumerate()
            .map(|(c, part)| {
                s.spawn(move || {
                    let mut row = empty_row(f);
                    for (i, (v, k)) in part.iter().enumerate() {
                        let idx = c * chunk + i;
                        let verdict = judge(f, v, *k, out.res[idx], out.iq[idx]);
                        row.inputs += 1;
                        let input = describe(f, v, *k);
                        match verdict.crit {
                            Crit::Ulp(_) => update(&mut row.worst_ulp, &verdict.err, &input),
                            Crit::Abs(_) => update(&mut row.worst_abs, &verdict.err, &input),
                            Crit::Skip => {
                                row.skipped += 1;
                                update(&mut row.worst_skipped, &verdict.err, &input);
                            }
                        }
                        if !verdict.ok {
                            row.failures += 1;
                            if row.failure_examples.len() < 4 {
                                row.failure_examples
                                    .push(format!("{input}: {}", verdict.detail));
                            }
                        }
                    }
                    row
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| empty_row(f)))
            .collect()
    });
    let mut row = empty_row(f);
    for p in partials {
        row.inputs += p.inputs;
        row.skipped += p.skipped;
        row.failures += p.failures;
        for e in p.failure_examples {
            if row.failure_examples.len() < 4 {
                row.failure_examples.push(e);
            }
        }
        merge(&mut row.worst_ulp, &p.worst_ulp);
        merge(&mut row.worst_abs, &p.worst_abs);
        merge(&mut row.worst_skipped, &p.worst_skipped);
    }
    row
}

fn merge(into: &mut Worst, from: &Worst) {
    if from.seen {
        let e = Error {
            ulps: from.ulps,
            frac: from.frac,
            abs: from.abs,
        };
        update(into, &e, &from.input);
    }
}

fn empty_row(f: &Func) -> RowResult {
    RowResult {
        name: f.name.clone(),
        prec: f.prec,
        group: f.group,
        bound_doc: f.bound.doc.clone(),
        source: f.bound.source,
        inputs: 0,
        worst_ulp: Worst::default(),
        worst_abs: Worst::default(),
        worst_skipped: Worst::default(),
        skipped: 0,
        failures: 0,
        failure_examples: Vec::new(),
    }
}

/// Compiles the modules, runs every function and measures it. `progress` gets one line per
/// function.
pub fn run(opts: &Options, mut progress: impl FnMut(&str)) -> Result<Run, String> {
    let start = Instant::now();
    let all = catalog::all();
    let selected: Vec<(usize, &Func)> = all
        .iter()
        .enumerate()
        .filter(|(_, f)| match &opts.filter {
            None => true,
            Some(p) => f.name.contains(p.as_str()),
        })
        .collect();
    let mut rows = Vec::new();
    for prec in [Prec::F32, Prec::F64] {
        let funcs: Vec<(usize, &Func)> = selected
            .iter()
            .copied()
            .filter(|(_, f)| f.prec == prec)
            .collect();
        if funcs.is_empty() {
            continue;
        }
        let src = module_source(&funcs, prec);
        let t = Instant::now();
        let module = Module::from_source(&src, &["-O3"]).map_err(|e| {
            format!(
                "compiling the {} module: {e:?}\n{}",
                prec.c_type(),
                hip::last_error_detail().unwrap_or_default()
            )
        })?;
        progress(&format!(
            "compiled {} {} kernels in {:.1} s",
            funcs.len(),
            prec.c_type(),
            t.elapsed().as_secs_f64()
        ));
        for (idx, f) in funcs {
            let t = Instant::now();
            let seed = opts.seed ^ (idx as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let ins = make_inputs(f, opts, seed);
            let out = launch(&module, idx, f, &ins)?;
            let row = evaluate(f, &ins, &out);
            progress(&format!(
                "{:<24} {:<6} {:>7} inputs  worst {:>8} ulp  {} ({:.2} s)",
                row.name,
                row.prec.c_type(),
                row.inputs,
                report::fmt_ulps(&row.worst_ulp),
                if row.passed() { "pass" } else { "FAIL" },
                t.elapsed().as_secs_f64()
            ));
            rows.push(row);
        }
    }
    Ok(Run {
        rows,
        options: opts.clone(),
        seconds: start.elapsed().as_secs_f64(),
    })
}
