//! hip/hip_complex.h and hip/hip_cooperative_groups.h: kernels compiled for the CPU device and
//! checked against results computed here on the host from seeded random inputs (the seed is in
//! every failure message), the cooperative-groups features still unsupported (multi-grid groups)
//! failing to compile with an error naming them, and hip_complex.h compiled and run as plain host
//! C++.

use hip::{DeviceBuffer, Function, HipError, KernelArg, Module};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

const COMPLEX_SOURCE: &str = r#"
#include <hip/hip_complex.h>

// Per element: out[6i..6i+6] = a*b, a/b, a*b+c, a+b, a-b, conj(a); real[2i..2i+2] = |a|, |a|^2.
extern "C" __global__ void complex_f32(hipFloatComplex *out, float *real, const hipFloatComplex *a,
                                       const hipFloatComplex *b, const hipFloatComplex *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  hipFloatComplex x = make_hipFloatComplex(hipCrealf(a[i]), hipCimagf(a[i]));
  hipComplex y = make_hipComplex(b[i].x, b[i].y);
  out[6 * i + 0] = hipCmulf(x, y);
  out[6 * i + 1] = hipCdivf(x, y);
  out[6 * i + 2] = hipCfmaf(x, y, c[i]);
  out[6 * i + 3] = hipCaddf(x, y);
  out[6 * i + 4] = hipCsubf(x, y);
  out[6 * i + 5] = hipConjf(x);
  real[2 * i + 0] = hipCabsf(x);
  real[2 * i + 1] = hipCsqabsf(x);
}

extern "C" __global__ void complex_f64(hipDoubleComplex *out, double *real,
                                       const hipDoubleComplex *a, const hipDoubleComplex *b,
                                       const hipDoubleComplex *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  hipDoubleComplex x = make_hipDoubleComplex(hipCreal(a[i]), hipCimag(a[i]));
  hipDoubleComplex y = b[i];
  out[6 * i + 0] = hipCmul(x, y);
  out[6 * i + 1] = hipCdiv(x, y);
  out[6 * i + 2] = hipCfma(x, y, c[i]);
  out[6 * i + 3] = hipCadd(x, y);
  out[6 * i + 4] = hipCsub(x, y);
  out[6 * i + 5] = hipConj(x);
  real[2 * i + 0] = hipCabs(x);
  real[2 * i + 1] = hipCsqabs(x);
}

// Double to float (rounded per part) and back to double.
extern "C" __global__ void complex_convert(hipFloatComplex *narrow, hipDoubleComplex *wide,
                                           const hipDoubleComplex *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  hipFloatComplex f = hipComplexDoubleToFloat(in[i]);
  narrow[i] = f;
  wide[i] = hipComplexFloatToDouble(f);
}
"#;

const GROUPS_SOURCE: &str = r#"
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// Through the base class, as library code taking any group would.
__device__ void group_barrier(const cg::thread_group &g) { g.sync(); }

// One sum per block (1D grid) over the block's slice of `in`, in thread_rank order, with a tree
// whose rounds are separated by the group's barrier. bad[0] counts work-items whose free-function
// answers disagree with the members or whose rank is out of range (those write nothing, so a
// wrong rank is a wrong answer rather than a stray write).
extern "C" __global__ void cg_block_sum(int *partial, unsigned *bad, const int *in, int n) {
  extern __shared__ int sdata[];
  cg::thread_block g = cg::this_thread_block();
  unsigned rank = g.thread_rank();
  unsigned size = g.size();
  if (cg::thread_rank(g) != rank || cg::group_size(g) != size || g.num_threads() != size ||
      !cg::is_valid(g) || rank >= size)
    atomicAdd(&bad[0], 1u);
  bool in_range = rank < size;
  int i = (int)(blockIdx.x * size + rank);
  if (in_range) sdata[rank] = i < n ? in[i] : 0;
  g.sync();
  for (unsigned s = 1; s < size; s *= 2) {
    if (in_range && rank % (2 * s) == 0 && rank + s < size) sdata[rank] += sdata[rank + s];
    if (s % 4 == 1) cg::sync(g); else group_barrier(g);
  }
  if (rank == 0) partial[blockIdx.x] = sdata[0];
}

// Every work-item writes what the group says about it, at the slot its block and rank name
// (slots past `slots` are dropped: a wrong rank shows as a missing or wrong slot).
#define FIELDS 14
extern "C" __global__ void cg_indices(unsigned *out, unsigned slots) {
  cg::thread_block g = cg::this_thread_block();
  dim3 gi = g.group_index(), ti = g.thread_index(), gd = g.group_dim(), dt = g.dim_threads();
  unsigned block = (gi.z * gridDim.y + gi.y) * gridDim.x + gi.x;
  unsigned slot = block * g.size() + g.thread_rank();
  if (slot >= slots) return;
  unsigned *o = out + slot * FIELDS;
  o[0] = ti.x; o[1] = ti.y; o[2] = ti.z;
  o[3] = gi.x; o[4] = gi.y; o[5] = gi.z;
  o[6] = gd.x; o[7] = gd.y; o[8] = gd.z;
  o[9] = dt.x; o[10] = dt.y; o[11] = dt.z;
  o[12] = g.thread_rank(); o[13] = cg::group_size(g);
}

// Tiles, coalesced groups and the grid group as ordinary CUDA-style code spells them: per tile
// of 8, the sum by shfl_xor; per coalesced group of the odd ranks, its size; the grid rank.
// out[3 * grid rank ..] = tile sum, coalesced size (0 for even ranks), grid rank.
extern "C" __global__ void cg_tiles(int *out, const int *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
  cg::grid_group grid = cg::this_grid();
  unsigned r = grid.thread_rank();
  int v = in[r];
  for (unsigned m = 1; m < tile.size(); m *= 2) v += tile.shfl_xor(v, m);
  int odd = 0;
  if (block.thread_rank() % 2) odd = (int)cg::coalesced_threads().size();
  out[3 * r] = v;
  out[3 * r + 1] = odd;
  out[3 * r + 2] = (int)r;
}

// The multi-grid of a cooperative launch on the only device, which is the grid. Per grid rank r,
// out[7 r ..] = num_grids, grid_rank, size, thread_rank (~0 where the base class, the free
// function or the grid disagree), validity and type (1 when all agree it is a valid multi-grid),
// and the two values read from the next block after each barrier: `slots` is written, the
// multi-grid (through the base class) syncs, the next block's slot is read, the multi-grid syncs,
// the slot is rewritten from what was read, a third sync (the free function), the next block's
// slot is read again.
extern "C" __global__ void cg_multi_grid(unsigned *out, unsigned *slots) {
  cg::multi_grid_group mg = cg::this_multi_grid();
  const cg::thread_group &tg = mg;
  cg::grid_group grid = cg::this_grid();
  unsigned r = grid.thread_rank(), n = grid.size();
  unsigned next = (r + blockDim.x) % n;
  slots[r] = r * 3u + 1u;
  tg.sync();
  unsigned a = slots[next];
  mg.sync();
  slots[r] = a + 1u;
  cg::sync(mg);
  unsigned b = slots[next];
  unsigned *o = out + 7 * r;
  o[0] = mg.num_grids();
  o[1] = mg.grid_rank();
  o[2] = cg::group_size(mg) == tg.size() ? mg.size() : ~0u;
  unsigned rank = mg.thread_rank();
  o[3] = (tg.thread_rank() == rank && cg::thread_rank(mg) == rank && rank == r) ? rank : ~0u;
  o[4] = mg.is_valid() && tg.is_valid() && cg::is_valid(mg) &&
         tg.cg_type() == cg::internal::cg_multi_grid;
  o[5] = a;
  o[6] = b;
}
"#;

const FIELDS: usize = 14;

fn detail() -> String {
    hip::last_error_detail().unwrap_or_else(|| "<no detail>".to_string())
}

fn module(cell: &'static OnceLock<Result<Module, String>>, src: &str) -> &'static Module {
    let m = cell.get_or_init(|| {
        Module::from_source(src, &["-O3"]).map_err(|e| format!("{e:?}\n{}", detail()))
    });
    match m {
        Ok(m) => m,
        Err(log) => panic!("kernel source failed to compile: {log}"),
    }
}

fn complex_module() -> &'static Module {
    static M: OnceLock<Result<Module, String>> = OnceLock::new();
    module(&M, COMPLEX_SOURCE)
}

fn groups_module() -> &'static Module {
    static M: OnceLock<Result<Module, String>> = OnceLock::new();
    module(&M, GROUPS_SOURCE)
}

fn function(m: &Module, name: &str) -> Function {
    m.function(name)
        .unwrap_or_else(|e| panic!("kernel {name} not found: {e:?}\n{}", detail()))
}

type Shape = ((u32, u32, u32), (u32, u32, u32));

fn launch(f: &Function, shape: Shape, shared: u32, args: &[&dyn KernelArg], what: &str) {
    let (grid, block) = shape;
    if let Err(e) = f.launch(grid.into(), block.into(), shared, None, args) {
        panic!(
            "{what}: launch {grid:?} x {block:?} failed: {e:?}\n{}",
            detail()
        );
    }
    if let Err(e) = hip::device_synchronize() {
        panic!(
            "{what}: {grid:?} x {block:?}: synchronize failed: {e:?}\n{}",
            detail()
        );
    }
}

fn upload<T: Copy>(data: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(data).unwrap_or_else(|e| panic!("upload failed: {e:?}"))
}

/// Every byte 0xFF: results a kernel failed to write stand out (NaN, or u32::MAX).
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

fn include_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include")
}

// ---- host references: the header's formulas, evaluated the same way in Rust ----

/// The complex formulas of hip_complex.h over one float type; Rust never contracts a*b+c, which
/// is what the header's contraction-off bodies give.
macro_rules! reference {
    ($m:ident, $t:ty) => {
        mod $m {
            pub type C = [$t; 2];
            pub fn mul(p: C, q: C) -> C {
                [p[0] * q[0] - p[1] * q[1], p[0] * q[1] + p[1] * q[0]]
            }
            pub fn div(p: C, q: C) -> C {
                let s = q[0].abs() + q[1].abs();
                let inv_s = 1.0 / s;
                let (pr, pi) = (p[0] * inv_s, p[1] * inv_s);
                let (qr, qi) = (q[0] * inv_s, q[1] * inv_s);
                let inv_d = 1.0 / (qr * qr + qi * qi);
                [(pr * qr + pi * qi) * inv_d, (pi * qr - pr * qi) * inv_d]
            }
            pub fn fma(p: C, q: C, r: C) -> C {
                let re = (-p[1]).mul_add(q[1], p[0].mul_add(q[0], r[0]));
                let im = p[1].mul_add(q[0], p[0].mul_add(q[1], r[1]));
                [re, im]
            }
            pub fn abs(z: C) -> $t {
                z[0].hypot(z[1])
            }
            pub fn sqabs(z: C) -> $t {
                z[0] * z[0] + z[1] * z[1]
            }
        }
    };
}
reference!(ref32, f32);
reference!(ref64, f64);

fn same_f32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn same_f64(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// Distance in representable floats (both zeros equal).
fn ulps_f32(a: f32, b: f32) -> u64 {
    let ord = |x: f32| {
        let b = x.to_bits() as i32;
        i64::from(if b < 0 { i32::MIN.wrapping_sub(b) } else { b })
    };
    (ord(a) - ord(b)).unsigned_abs()
}

fn ulps_f64(a: f64, b: f64) -> u64 {
    let ord = |x: f64| {
        let b = x.to_bits() as i64;
        i128::from(if b < 0 { i64::MIN.wrapping_sub(b) } else { b })
    };
    u64::try_from((ord(a) - ord(b)).unsigned_abs()).unwrap_or(u64::MAX)
}

fn rand_c32(r: &mut StdRng, lo: f32, hi: f32) -> [f32; 2] {
    [r.gen_range(lo..hi), r.gen_range(lo..hi)]
}

fn rand_c64(r: &mut StdRng, lo: f64, hi: f64) -> [f64; 2] {
    [r.gen_range(lo..hi), r.gen_range(lo..hi)]
}

/// Runs `complex_f32` on (a, b, c) and returns (six complex results, two real results) each.
fn run_complex_f32(a: &[[f32; 2]], b: &[[f32; 2]], c: &[[f32; 2]]) -> (Vec<[f32; 2]>, Vec<f32>) {
    let n = a.len();
    let f = function(complex_module(), "complex_f32");
    let out = poisoned::<[f32; 2]>(6 * n);
    let real = poisoned::<f32>(2 * n);
    let (da, db, dc) = (upload(a), upload(b), upload(c));
    let g = n.div_ceil(64) as u32;
    launch(
        &f,
        ((g, 1, 1), (64, 1, 1)),
        0,
        &[&out, &real, &da, &db, &dc, &(n as i32)],
        "complex_f32",
    );
    (download(&out), download(&real))
}

#[test]
fn complex_f32_matches_host_formulas_bit_for_bit() {
    let seed = 1100;
    let mut r = StdRng::seed_from_u64(seed);
    let n = 2000;
    let a: Vec<_> = (0..n).map(|_| rand_c32(&mut r, -100.0, 100.0)).collect();
    let b: Vec<_> = (0..n).map(|_| rand_c32(&mut r, -100.0, 100.0)).collect();
    let c: Vec<_> = (0..n).map(|_| rand_c32(&mut r, -1e4, 1e4)).collect();
    let (out, real) = run_complex_f32(&a, &b, &c);
    let names = ["mul", "div", "fma", "add", "sub", "conj"];
    for i in 0..n {
        let (p, q) = (a[i], b[i]);
        let want = [
            ref32::mul(p, q),
            ref32::div(p, q),
            ref32::fma(p, q, c[i]),
            [p[0] + q[0], p[1] + q[1]],
            [p[0] - q[0], p[1] - q[1]],
            [p[0], -p[1]],
        ];
        for (k, w) in want.iter().enumerate() {
            let got = out[6 * i + k];
            assert!(
                same_f32(got[0], w[0]) && same_f32(got[1], w[1]),
                "seed={seed} [{i}] hipC{}f({p:?}, {q:?}): got {got:?} want {w:?}",
                names[k]
            );
        }
        let abs = real[2 * i];
        assert!(
            ulps_f32(abs, ref32::abs(p)) <= 1,
            "seed={seed} [{i}] hipCabsf({p:?}) = {abs:e}, want {:e}",
            ref32::abs(p)
        );
        assert!(
            same_f32(real[2 * i + 1], ref32::sqabs(p)),
            "seed={seed} [{i}] hipCsqabsf({p:?}) = {:e}, want {:e}",
            real[2 * i + 1],
            ref32::sqabs(p)
        );
    }
}

/// The formulas themselves, against the exact-enough double-precision answer: a wrong sign or a
/// swapped part in the header would pass the bit-for-bit test only if the reference had the same
/// mistake, and this one is computed independently.
#[test]
fn complex_f32_is_accurate_against_double_precision() {
    let seed = 1110;
    let mut r = StdRng::seed_from_u64(seed);
    let n = 1000;
    let a: Vec<_> = (0..n).map(|_| rand_c32(&mut r, -10.0, 10.0)).collect();
    let b: Vec<_> = (0..n).map(|_| rand_c32(&mut r, -10.0, 10.0)).collect();
    let c: Vec<_> = (0..n).map(|_| rand_c32(&mut r, -10.0, 10.0)).collect();
    let (out, real) = run_complex_f32(&a, &b, &c);
    let w = |z: [f32; 2]| [f64::from(z[0]), f64::from(z[1])];
    for i in 0..n {
        let (p, q, s) = (w(a[i]), w(b[i]), w(c[i]));
        let mag = |z: [f64; 2]| z[0].hypot(z[1]);
        let prod = [p[0] * q[0] - p[1] * q[1], p[0] * q[1] + p[1] * q[0]];
        let d = q[0] * q[0] + q[1] * q[1];
        let quot = [
            (p[0] * q[0] + p[1] * q[1]) / d,
            (p[1] * q[0] - p[0] * q[1]) / d,
        ];
        let fma = [prod[0] + s[0], prod[1] + s[1]];
        let checks = [
            ("mul", out[6 * i], prod, mag(p) * mag(q)),
            ("div", out[6 * i + 1], quot, mag(p) / mag(q)),
            ("fma", out[6 * i + 2], fma, mag(p) * mag(q) + mag(s)),
        ];
        for (name, got, want, scale) in checks {
            for k in 0..2 {
                let err = (f64::from(got[k]) - want[k]).abs();
                assert!(
                    err <= 1e-6 * scale,
                    "seed={seed} [{i}] {name}({p:?}, {q:?}) part {k}: got {:e} want {:e}",
                    got[k],
                    want[k]
                );
            }
        }
        let abs = f64::from(real[2 * i]);
        assert!(
            (abs - mag(p)).abs() <= 1e-7 * mag(p),
            "seed={seed} [{i}] |{p:?}|: got {abs:e} want {:e}",
            mag(p)
        );
    }
}

/// Divisors whose |q|^2 overflows or underflows a float: the scaled division stays finite and
/// accurate, where (p * conj(q)) / |q|^2 would give 0, infinity or NaN.
#[test]
fn complex_f32_division_survives_extreme_divisors() {
    let seed = 1120;
    let mut r = StdRng::seed_from_u64(seed);
    let mut a = Vec::new();
    let mut b = Vec::new();
    for exp in [-37i32, -30, -25, 22, 25, 30, 37] {
        for _ in 0..50 {
            let s = 10f32.powi(exp);
            let q = rand_c32(&mut r, 1.0, 9.0);
            let sign = if r.gen_bool(0.5) { -1.0 } else { 1.0 };
            b.push([q[0] * s * sign, q[1] * s]);
            let p = rand_c32(&mut r, -9.0, 9.0);
            a.push([p[0] * s, p[1] * s]);
        }
    }
    let c = vec![[0.0f32; 2]; a.len()];
    let (out, _) = run_complex_f32(&a, &b, &c);
    for i in 0..a.len() {
        let p = [f64::from(a[i][0]), f64::from(a[i][1])];
        let q = [f64::from(b[i][0]), f64::from(b[i][1])];
        let d = q[0] * q[0] + q[1] * q[1];
        let want = [
            (p[0] * q[0] + p[1] * q[1]) / d,
            (p[1] * q[0] - p[0] * q[1]) / d,
        ];
        let scale = p[0].hypot(p[1]) / q[0].hypot(q[1]);
        let got = out[6 * i + 1];
        for k in 0..2 {
            let err = (f64::from(got[k]) - want[k]).abs();
            assert!(
                got[k].is_finite() && err <= 1e-6 * scale,
                "seed={seed} [{i}] hipCdivf({:?}, {:?}) part {k}: got {:e} want {:e}",
                a[i],
                b[i],
                got[k],
                want[k]
            );
        }
    }
}

#[test]
fn complex_f64_matches_host_formulas_bit_for_bit() {
    let seed = 1130;
    let mut r = StdRng::seed_from_u64(seed);
    let n = 1500;
    let a: Vec<_> = (0..n).map(|_| rand_c64(&mut r, -1e3, 1e3)).collect();
    let mut b: Vec<_> = (0..n).map(|_| rand_c64(&mut r, -1e3, 1e3)).collect();
    // A few divisors past sqrt(DBL_MAX) and below sqrt(DBL_MIN).
    for (i, s) in [(0usize, 1e200), (1, 1e-200), (2, 1e160), (3, 1e-170)] {
        b[i] = [b[i][0] * s, b[i][1] * s];
    }
    let c: Vec<_> = (0..n).map(|_| rand_c64(&mut r, -1e6, 1e6)).collect();
    let f = function(complex_module(), "complex_f64");
    let out = poisoned::<[f64; 2]>(6 * n);
    let real = poisoned::<f64>(2 * n);
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    let g = n.div_ceil(128) as u32;
    launch(
        &f,
        ((g, 1, 1), (128, 1, 1)),
        0,
        &[&out, &real, &da, &db, &dc, &(n as i32)],
        "complex_f64",
    );
    let (out, real) = (download(&out), download(&real));
    let names = ["mul", "div", "fma", "add", "sub", "conj"];
    for i in 0..n {
        let (p, q) = (a[i], b[i]);
        let want = [
            ref64::mul(p, q),
            ref64::div(p, q),
            ref64::fma(p, q, c[i]),
            [p[0] + q[0], p[1] + q[1]],
            [p[0] - q[0], p[1] - q[1]],
            [p[0], -p[1]],
        ];
        for (k, w) in want.iter().enumerate() {
            let got = out[6 * i + k];
            assert!(
                same_f64(got[0], w[0]) && same_f64(got[1], w[1]),
                "seed={seed} [{i}] hipC{}({p:?}, {q:?}): got {got:?} want {w:?}",
                names[k]
            );
        }
        // The quotient is finite even where |q|^2 is not representable.
        let quot = out[6 * i + 1];
        assert!(
            quot[0].is_finite() && quot[1].is_finite(),
            "seed={seed} [{i}] hipCdiv({p:?}, {q:?}) = {quot:?}"
        );
        assert!(
            ulps_f64(real[2 * i], ref64::abs(p)) <= 1,
            "seed={seed} [{i}] hipCabs({p:?}) = {:e}, want {:e}",
            real[2 * i],
            ref64::abs(p)
        );
        assert!(
            same_f64(real[2 * i + 1], ref64::sqabs(p)),
            "seed={seed} [{i}] hipCsqabs({p:?})"
        );
    }
}

#[test]
fn complex_conversions_round_each_part() {
    let seed = 1140;
    let mut r = StdRng::seed_from_u64(seed);
    let mut input: Vec<[f64; 2]> = (0..500).map(|_| rand_c64(&mut r, -1e5, 1e5)).collect();
    input.push([1e300, -1e300]);
    input.push([1e-300, 0.1]);
    input.push([f64::NAN, f64::INFINITY]);
    let n = input.len();
    let f = function(complex_module(), "complex_convert");
    let narrow = poisoned::<[f32; 2]>(n);
    let wide = poisoned::<[f64; 2]>(n);
    let din = upload(&input);
    launch(
        &f,
        ((n.div_ceil(32) as u32, 1, 1), (32, 1, 1)),
        0,
        &[&narrow, &wide, &din, &(n as i32)],
        "complex_convert",
    );
    let (narrow, wide) = (download(&narrow), download(&wide));
    for i in 0..n {
        for k in 0..2 {
            let want = input[i][k] as f32;
            assert!(
                same_f32(narrow[i][k], want),
                "seed={seed} [{i}] part {k}: hipComplexDoubleToFloat({:e}) = {:e}, want {want:e}",
                input[i][k],
                narrow[i][k]
            );
            assert!(
                same_f64(wide[i][k], f64::from(want)),
                "seed={seed} [{i}] part {k}: hipComplexFloatToDouble({want:e}) = {:e}",
                wide[i][k]
            );
        }
    }
}

// ---- cooperative groups ----

#[test]
fn thread_block_reduction_at_several_block_shapes() {
    let f = function(groups_module(), "cg_block_sum");
    let seed = 1200;
    let mut r = StdRng::seed_from_u64(seed);
    let n = 5000usize;
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1000..1000)).collect();
    let din = upload(&input);
    let blocks: [(u32, u32, u32); 10] = [
        (1, 1, 1),
        (7, 1, 1),
        (64, 1, 1),
        (100, 1, 1),
        (256, 1, 1),
        (1024, 1, 1),
        (16, 4, 1),
        (5, 3, 2),
        (8, 8, 16),
        (3, 1, 7),
    ];
    for block in blocks {
        let size = (block.0 * block.1 * block.2) as usize;
        let grid = n.div_ceil(size) as u32;
        let partial = poisoned::<i32>(grid as usize);
        let bad = upload(&[0u32]);
        let what = format!("cg_block_sum seed={seed} block={block:?}");
        launch(
            &f,
            ((grid, 1, 1), block),
            (size * 4) as u32,
            &[&partial, &bad, &din, &(n as i32)],
            &what,
        );
        let want: Vec<i32> = input.chunks(size).map(|c| c.iter().sum()).collect();
        let got = download(&partial);
        assert_eq!(got, want, "{what}: per-block sums");
        assert_eq!(
            download(&bad),
            vec![0],
            "{what}: free functions disagree with members"
        );
    }
}

#[test]
fn thread_block_indices_in_2d_and_3d() {
    let f = function(groups_module(), "cg_indices");
    let shapes: [Shape; 6] = [
        ((3, 2, 1), (4, 3, 1)),
        ((2, 2, 2), (5, 3, 2)),
        ((1, 3, 2), (8, 8, 4)),
        ((4, 1, 1), (1, 1, 1)),
        ((2, 1, 3), (1, 6, 1)),
        ((1, 1, 1), (32, 2, 16)),
    ];
    for ((gx, gy, gz), (bx, by, bz)) in shapes {
        let size = (bx * by * bz) as usize;
        let blocks = (gx * gy * gz) as usize;
        let out = poisoned::<u32>(blocks * size * FIELDS);
        let what = format!("cg_indices grid=({gx},{gy},{gz}) block=({bx},{by},{bz})");
        let slots = (blocks * size) as u32;
        launch(&f, ((gx, gy, gz), (bx, by, bz)), 0, &[&out, &slots], &what);
        let got = download(&out);
        for block in 0..blocks as u32 {
            let gi = [block % gx, (block / gx) % gy, block / (gx * gy)];
            for rank in 0..size as u32 {
                let ti = [rank % bx, (rank / bx) % by, rank / (bx * by)];
                let want = [
                    ti[0],
                    ti[1],
                    ti[2],
                    gi[0],
                    gi[1],
                    gi[2],
                    bx,
                    by,
                    bz,
                    bx,
                    by,
                    bz,
                    rank,
                    size as u32,
                ];
                let at = (block as usize * size + rank as usize) * FIELDS;
                assert_eq!(
                    &got[at..at + FIELDS],
                    &want[..],
                    "{what}: block {gi:?} rank {rank} (fields: thread_index, group_index, \
                     group_dim, dim_threads, thread_rank, group_size)"
                );
            }
        }
    }
}

/// Tiles, coalesced groups and the grid group, once compile errors, now build and run (the full
/// coverage is in the conformance suite's cgroups family): block sizes whose every warp is full.
#[test]
fn tiles_coalesced_groups_and_the_grid_run() {
    let f = function(groups_module(), "cg_tiles");
    let seed = 1210;
    let mut r = StdRng::seed_from_u64(seed);
    for (grid, block) in [(3u32, 64u32), (2, 256), (4, 128)] {
        let n = (grid * block) as usize;
        let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1000..1000)).collect();
        let din = upload(&input);
        let out = poisoned::<i32>(3 * n);
        let what = format!("cg_tiles seed={seed} grid={grid} block={block}");
        launch(&f, ((grid, 1, 1), (block, 1, 1)), 0, &[&out, &din], &what);
        let ws = hip::get_device_properties(0)
            .expect("device properties")
            .warp_size as usize;
        let mut want = Vec::with_capacity(3 * n);
        for i in 0..n {
            want.push(input[i / 8 * 8..i / 8 * 8 + 8].iter().sum::<i32>());
            // Every warp is full here: half its lanes are odd.
            want.push(if i % 2 == 1 { (ws / 2) as i32 } else { 0 });
            want.push(i as i32);
        }
        assert_eq!(download(&out), want, "{what}");
    }
}

/// With one device a multi-grid is the grid: one grid of rank 0, the grid's size and ranks, valid,
/// and its barrier (member, base class and free function) is the grid barrier, at several grid
/// sizes up to the cooperative limit.
#[test]
fn multi_grid_group_is_the_grid_of_the_only_device() {
    let f = function(groups_module(), "cg_multi_grid");
    let block = 32u32;
    let limit = f
        .max_cooperative_blocks(block, 0)
        .unwrap_or_else(|e| panic!("cooperative limit: {e:?}\n{}", detail()));
    for grid in [1, 2, limit.div_ceil(2), limit] {
        let n = (grid * block) as usize;
        let out = poisoned::<u32>(7 * n);
        let slots = poisoned::<u32>(n);
        let what = format!("cg_multi_grid grid={grid} block={block}");
        if let Err(e) = f.launch_cooperative(
            (grid, 1, 1).into(),
            (block, 1, 1).into(),
            0,
            None,
            &[&out, &slots],
        ) {
            panic!("{what}: launch failed: {e:?}\n{}", detail());
        }
        hip::device_synchronize()
            .unwrap_or_else(|e| panic!("{what}: synchronize failed: {e:?}\n{}", detail()));
        let got = download(&out);
        let next = |r: usize| (r + block as usize) % n;
        for r in 0..n {
            let a = next(r) as u32 * 3 + 1;
            let b = next(next(r)) as u32 * 3 + 2;
            let want = [1, 0, n as u32, r as u32, 1, a, b];
            assert_eq!(
                &got[7 * r..7 * r + 7],
                &want[..],
                "{what}: rank {r} (fields: num_grids, grid_rank, size, thread_rank, valid, \
                 after the first barrier, after the third)"
            );
        }
    }
}

/// What remains unsupported is a compile error that names it; none compiles into a kernel that
/// would run with the wrong group.
#[test]
fn unsupported_cooperative_groups_fail_to_compile_naming_the_feature() {
    let cases = [(
        "labeled_partition",
        "auto g = cg::labeled_partition(cg::coalesced_threads(), 3u); out[0] = g.size();",
    )];
    for (feature, body) in cases {
        let src = format!(
            "#include <hip/hip_cooperative_groups.h>\nnamespace cg = cooperative_groups;\n\
             extern \"C\" __global__ void uses_{feature}(unsigned *out) {{\n  {body}\n}}\n"
        );
        match Module::from_source(&src, &[]) {
            Err(HipError::InvalidSource) => {}
            Err(e) => panic!("{feature}: expected InvalidSource, got {e:?}\n{}", detail()),
            Ok(_) => panic!("a kernel using cooperative_groups::{feature} compiled:\n{src}"),
        }
        let log = detail();
        let named =
            format!("cooperative_groups::{feature} is not supported on the ferrocm CPU device");
        assert!(
            log.lines()
                .any(|l| l.contains("error") && l.contains(&named)),
            "{feature}: no error line says `{named}`:\n{log}"
        );
    }
}

/// Invalid static tile sizes are compile errors that say why.
#[test]
fn invalid_static_tile_sizes_fail_to_compile() {
    let cases = [
        (
            "tiled_partition<3>(cg::this_thread_block())",
            "power of two",
        ),
        (
            "tiled_partition<128>(cg::this_thread_block())",
            "power of two",
        ),
        (
            "tiled_partition<32>(cg::tiled_partition<16>(cg::this_thread_block()))",
            "a sub-tile must be smaller than its parent",
        ),
    ];
    for (call, says) in cases {
        let src = format!(
            "#include <hip/hip_cooperative_groups.h>\nnamespace cg = cooperative_groups;\n\
             extern \"C\" __global__ void bad_tile(unsigned *out) {{\n  auto t = cg::{call};\n  \
             out[0] = t.size();\n}}\n"
        );
        match Module::from_source(&src, &[]) {
            Err(HipError::InvalidSource) => {}
            Err(e) => panic!("{call}: expected InvalidSource, got {e:?}\n{}", detail()),
            Ok(_) => panic!("{call} compiled:\n{src}"),
        }
        let log = detail();
        assert!(
            log.lines().any(|l| l.contains("error") && l.contains(says)),
            "{call}: no error line says `{says}`:\n{log}"
        );
    }
}

// ---- host code ----

const HOST_PROGRAM: &str = r#"
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <stdio.h>

static void put(hipDoubleComplex z) { printf("%a %a\n", hipCreal(z), hipCimag(z)); }
static void putf(hipFloatComplex z) { printf("%a %a\n", (double)hipCrealf(z), (double)hipCimagf(z)); }

int main(void) {
  hipFloatComplex a = make_hipFloatComplex(1.5f, -2.25f);
  hipComplex b = make_hipComplex(-0.75f, 3.125f);
  hipFloatComplex c = make_hipFloatComplex(0.1f, 0.2f);
  putf(hipCmulf(a, b));
  putf(hipCdivf(a, b));
  putf(hipCfmaf(a, b, c));
  putf(hipCaddf(a, b));
  putf(hipCsubf(a, b));
  putf(hipConjf(a));
  printf("%a %a\n", (double)hipCabsf(a), (double)hipCsqabsf(a));
  hipDoubleComplex p = make_hipDoubleComplex(1.0 / 3.0, -7.5);
  hipDoubleComplex q = hipComplexFloatToDouble(b);
  put(hipCmul(p, q));
  put(hipCdiv(p, q));
  put(hipCfma(p, q, make_hipDoubleComplex(0.3, -0.7)));
  put(hipCadd(p, q));
  put(hipCsub(p, q));
  put(hipConj(p));
  printf("%a %a\n", hipCabs(p), hipCsqabs(p));
  putf(hipComplexDoubleToFloat(p));
  return 0;
}
"#;

fn parse_hex_floats(line: &str) -> Vec<f64> {
    line.split_whitespace()
        .map(|w| parse_hex_float(w).unwrap_or_else(|| panic!("not a %a float: {w}")))
        .collect()
}

/// Parses C's `%a` output (`-0x1.8p+1`, `0x0p+0`, `inf`, `nan`).
fn parse_hex_float(w: &str) -> Option<f64> {
    let (neg, body) = match w.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, w),
    };
    let v = match body {
        "inf" => f64::INFINITY,
        "nan" => f64::NAN,
        _ => {
            let hex = body.strip_prefix("0x")?;
            let (mant, exp) = hex.split_once('p')?;
            let exp: i32 = exp.parse().ok()?;
            let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
            let mut m = u64::from_str_radix(int, 16).ok()? as f64;
            let mut scale = 1.0 / 16.0;
            for d in frac.chars() {
                m += f64::from(d.to_digit(16)?) * scale;
                scale /= 16.0;
            }
            m * 2f64.powi(exp)
        }
    };
    Some(if neg { -v } else { v })
}

/// hip_complex.h (and hip_cooperative_groups.h, which then declares nothing) as plain C++:
/// parses warning-free, and the program built from it computes what the formulas say.
#[test]
fn hip_complex_compiles_and_runs_as_plain_host_cpp() {
    let dir = std::env::temp_dir().join(format!("ferrocm-headers-extra-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let src = dir.join("host.cpp");
    std::fs::write(&src, HOST_PROGRAM).expect("write host.cpp");
    let clang = comgr::clang_path();
    let inc = include_dir();

    let syntax = Command::new(&clang)
        .args([
            "-x",
            "c++",
            "-fsyntax-only",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-I",
        ])
        .arg(&inc)
        .arg(&src)
        .output()
        .expect("clang runs");
    assert!(
        syntax.status.success(),
        "-fsyntax-only failed:\n{}",
        String::from_utf8_lossy(&syntax.stderr)
    );

    let exe = dir.join("host");
    let build = Command::new(&clang)
        .args(["-x", "c++", "-O2", "-Werror", "-Wall", "-I"])
        .arg(&inc)
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .output()
        .expect("clang runs");
    assert!(
        build.status.success(),
        "host build failed:\n{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let run = Command::new(&exe).output().expect("host program runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(run.status.success(), "host program failed: {run:?}");
    let text = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<Vec<f64>> = text.lines().map(parse_hex_floats).collect();
    assert_eq!(lines.len(), 15, "host program output:\n{text}");

    let (a, b, c) = ([1.5f32, -2.25], [-0.75f32, 3.125], [0.1f32, 0.2]);
    let w32 = |z: [f32; 2]| vec![f64::from(z[0]), f64::from(z[1])];
    let want32 = [
        w32(ref32::mul(a, b)),
        w32(ref32::div(a, b)),
        w32(ref32::fma(a, b, c)),
        w32([a[0] + b[0], a[1] + b[1]]),
        w32([a[0] - b[0], a[1] - b[1]]),
        w32([a[0], -a[1]]),
        vec![f64::from(ref32::abs(a)), f64::from(ref32::sqabs(a))],
    ];
    let p = [1.0 / 3.0, -7.5];
    let q = [f64::from(b[0]), f64::from(b[1])];
    let want64 = [
        ref64::mul(p, q).to_vec(),
        ref64::div(p, q).to_vec(),
        ref64::fma(p, q, [0.3, -0.7]).to_vec(),
        vec![p[0] + q[0], p[1] + q[1]],
        vec![p[0] - q[0], p[1] - q[1]],
        vec![p[0], -p[1]],
        vec![ref64::abs(p), ref64::sqabs(p)],
        vec![f64::from(p[0] as f32), f64::from(p[1] as f32)],
    ];
    for (i, want) in want32.iter().chain(want64.iter()).enumerate() {
        for (k, (&g, &w)) in lines[i].iter().zip(want).enumerate() {
            // hypot (the first value of lines 6 and 13) is the C library's on both sides, allowed
            // one float ulp; everything else is one exact formula.
            let ok = if (i == 6 || i == 13) && k == 0 {
                ulps_f64(g, w) <= 1 || (g - w).abs() <= 2.0 * f64::from(f32::EPSILON) * w.abs()
            } else {
                same_f64(g, w)
            };
            assert!(ok, "host line {i} value {k}: got {g:e} want {w:e}\n{text}");
        }
    }
}

/// Both headers in clang's host pass of a HIP file, kernels included: the pass hipcc runs
/// before the host object is built.
#[test]
fn headers_parse_in_the_hip_host_pass() {
    let dir = std::env::temp_dir().join(format!("ferrocm-headers-host-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let src = dir.join("both.hip");
    let text = format!(
        "{COMPLEX_SOURCE}\n{GROUPS_SOURCE}\nint main() {{ hipDoubleComplex z = \
         hipCmul(make_hipDoubleComplex(1, 2), make_hipDoubleComplex(3, 4)); return (int)hipCabs(z) \
         - 11; }}\n"
    );
    std::fs::write(&src, text).expect("write both.hip");
    let out = Command::new(comgr::clang_path())
        .args([
            "-x",
            "hip",
            "--offload=spirv64",
            "--cuda-host-only",
            "-nogpuinc",
            "-nogpulib",
            "-fsyntax-only",
            "-Wall",
            "-Werror",
            "-I",
        ])
        .arg(include_dir())
        .args(["-include", "hip/hip_runtime.h"])
        .arg(&src)
        .output()
        .expect("clang runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "host pass failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn hex_float_parser_reads_c_printf_output() {
    assert_eq!(parse_hex_float("0x1.8p+1"), Some(3.0));
    assert_eq!(parse_hex_float("-0x1p-2"), Some(-0.25));
    assert_eq!(parse_hex_float("0x0p+0"), Some(0.0));
    assert_eq!(parse_hex_float("-inf"), Some(f64::NEG_INFINITY));
    assert!(parse_hex_float("nan").is_some_and(f64::is_nan));
    assert_eq!(parse_hex_float("12"), None);
}
