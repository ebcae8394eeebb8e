//! Level 1's rotation builders and the modified rotation: `rotg` (s, d, c, z), `rotm` and
//! `rotmg` (s, d), plain, strided-batched and batched (arrays of pointers), checked and run as
//! rocBLAS does. Sizes are `i64` so that the 32-bit and `_64` entry points share them.
//!
//! rotg and rotmg read and write scalars only: the kernel takes batch members in chunks, and
//! their scalars lie in host or device memory per the pointer mode (on the CPU agent both are
//! readable by the kernel); in host mode the call waits for the kernel, so that the results
//! are there when it returns, as rocBLAS's are. rotm's parameters in host mode are read when
//! the call is made when they are one set (a plain call, or a stride of 0), and otherwise by
//! the kernel, which the call then waits for. They compute in f64 and round once.

use crate::element::{Element, C64};
use crate::kernel::{split, Launcher, Work};
use crate::level3::Batch;
use crate::types::{fail, PointerMode, Result, Status};

/// Batch members per work-group of rotg and rotmg, at least.
const MEMBERS: usize = 1024;
/// Elements per chunk of rotm, and chunks per vector at most.
const CHUNK: usize = 1 << 16;
const MAX_CHUNKS: usize = 256;
/// Work-groups in one launch, at most: beyond it a group takes several pieces.
const MAX_GROUPS: usize = 1 << 16;

/// `batch_count` as a count, `None` when there is nothing to do.
fn members(batch_count: i64) -> Option<usize> {
    usize::try_from(batch_count).ok().filter(|&b| b > 0)
}

/// Launches `work` over `groups` groups, and waits for it in host pointer mode (the results
/// or the parameters are in the caller's host memory).
fn launch_and_wait<W: Work, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    groups: usize,
    work: &W,
) -> Result<()> {
    launcher.launch(groups.clamp(1, MAX_GROUPS) as u32, work)?;
    if mode == PointerMode::Host {
        launcher.synchronize()?;
    }
    Ok(())
}

/// Runs `f(member)` for each batch member of work-group `group`'s chunks.
fn each_member(batch: usize, group: u32, groups: u32, mut f: impl FnMut(usize)) {
    let chunks = batch.div_ceil(MEMBERS);
    let mut item = group as usize;
    while item < chunks {
        let (start, end) = split(batch, chunks, item);
        (start..end).for_each(&mut f);
        item += groups.max(1) as usize;
    }
}

// ---- rotg ----

/// `rocblas_<t>rotg` (`_batched`, `_strided_batched`, `_64`): the Givens rotation that zeroes
/// b: on return `[c s; -conj(s) c] [a; b] = [r; 0]`, a holds r, and (real types) b holds
/// BLAS's reconstruction value z. c is real.
#[derive(Clone, Copy)]
pub struct Rotg<T: Element> {
    pub a: Batch<T>,
    pub b: Batch<T>,
    pub c: Batch<T::Real>,
    pub s: Batch<T>,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct RotgWork<T: Element> {
    a: Batch<T>,
    b: Batch<T>,
    c: Batch<T::Real>,
    s: Batch<T>,
    batch: usize,
}

/// rotg's values for (a, b): (r, z, c, s), as reference BLAS computes them (LAPACK 3.10's
/// scaled form for the complex types).
fn givens(a: C64, b: C64, complex: bool) -> (C64, C64, f64, C64) {
    let zero = C64::new(0.0, 0.0);
    if !complex {
        let (a, b) = (a.re, b.re);
        let scale = a.abs() + b.abs();
        if scale == 0.0 {
            return (zero, zero, 1.0, zero);
        }
        let r = scale * ((a / scale).powi(2) + (b / scale).powi(2)).sqrt();
        let r = r.copysign(if a.abs() > b.abs() { a } else { b });
        let (c, s) = (a / r, b / r);
        let z = if a.abs() > b.abs() {
            s
        } else if c != 0.0 {
            1.0 / c
        } else {
            1.0
        };
        return (C64::new(r, 0.0), C64::new(z, 0.0), c, C64::new(s, 0.0));
    }
    let abs_a = a.norm();
    if abs_a == 0.0 {
        return (b, b, 0.0, C64::new(1.0, 0.0));
    }
    let scale = abs_a + b.norm();
    let norm = scale * ((abs_a / scale).powi(2) + (b.norm() / scale).powi(2)).sqrt();
    let alpha = a / abs_a;
    (alpha * norm, b, abs_a / norm, alpha * b.conj() / norm)
}

impl<T: Element> Work for RotgWork<T> {
    fn name() -> String {
        format!("rocblas_{}rotg", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let complex = T::PREFIX != T::Real::PREFIX;
        each_member(self.batch, group, groups, |m| {
            let (a, b) = (self.a.at(m) as *mut T, self.b.at(m) as *mut T);
            let (c, s) = (self.c.at(m) as *mut T::Real, self.s.at(m) as *mut T);
            // SAFETY: the four scalars of each member were checked non-null and are the
            // caller's (host memory in host mode, which the call waits on).
            unsafe {
                let (r, z, cv, sv) = givens(
                    a.read_unaligned().to_c64(),
                    b.read_unaligned().to_c64(),
                    complex,
                );
                a.write_unaligned(T::from_c64(r));
                // Complex rotg leaves b as it was.
                if !complex {
                    b.write_unaligned(T::from_c64(z));
                }
                c.write_unaligned(T::Real::from_c64(C64::new(cv, 0.0)));
                s.write_unaligned(T::from_c64(sv));
            }
        });
    }
}

/// `rocblas_<t>rotg` and its batched forms: a batch count of 0 or less does nothing, then a
/// null a, b, c or s is `invalid_pointer`.
///
/// # Safety
/// a, b, c and s (and the arrays of a batched call) hold one scalar per batch member, in host
/// memory (host mode) or device memory (device mode).
pub unsafe fn rotg<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Rotg<T>,
) -> Result<()> {
    let Some(batch) = members(g.batch_count) else {
        return Ok(());
    };
    if g.a.is_null() || g.b.is_null() || g.c.is_null() || g.s.is_null() {
        return fail(Status::InvalidPointer, "a, b, c or s is a null pointer");
    }
    let work = RotgWork {
        a: g.a,
        b: g.b,
        c: g.c,
        s: g.s,
        batch,
    };
    launch_and_wait(launcher, mode, batch.div_ceil(MEMBERS), &work)
}

// ---- rotmg ----

/// `rocblas_<t>rotmg` (s, d; `_batched`, `_strided_batched`, `_64`): the modified Givens
/// rotation H that zeroes the second component of `(sqrt(d1) x1, sqrt(d2) y1)`; d1, d2 and x1
/// are updated, `param` receives `[flag, h11, h21, h12, h22]` (the entries the flag implies
/// are not written).
#[derive(Clone, Copy)]
pub struct Rotmg<T> {
    pub d1: Batch<T>,
    pub d2: Batch<T>,
    pub x1: Batch<T>,
    pub y1: Batch<T>,
    pub param: Batch<T>,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct RotmgWork<T> {
    d1: Batch<T>,
    d2: Batch<T>,
    x1: Batch<T>,
    y1: Batch<T>,
    param: Batch<T>,
    batch: usize,
}

/// rotmg on (d1, d2, x1, y1), as reference BLAS: the new (d1, d2, x1) and `param`, of which
/// only the entries the flag uses are meant to be stored (the flag says which).
fn modified_givens(mut d1: f64, mut d2: f64, mut x1: f64, y1: f64) -> (f64, f64, f64, [f64; 5]) {
    const GAM: f64 = 4096.0;
    const GAMSQ: f64 = GAM * GAM;
    const RGAMSQ: f64 = 1.0 / GAMSQ;
    let (mut flag, mut h11, mut h21, mut h12, mut h22) = (-1.0, 0.0, 0.0, 0.0, 0.0);
    if d1 < 0.0 {
        (d1, d2, x1) = (0.0, 0.0, 0.0);
    } else {
        let p2 = d2 * y1;
        if p2 == 0.0 {
            return (d1, d2, x1, [-2.0, 0.0, 0.0, 0.0, 0.0]);
        }
        let p1 = d1 * x1;
        let (q2, q1) = (p2 * y1, p1 * x1);
        if q1.abs() > q2.abs() {
            h21 = -y1 / x1;
            h12 = p2 / p1;
            let u = 1.0 - h12 * h21;
            if u > 0.0 {
                flag = 0.0;
                d1 /= u;
                d2 /= u;
                x1 *= u;
            }
        } else if q2 < 0.0 {
            (d1, d2, x1) = (0.0, 0.0, 0.0);
        } else {
            flag = 1.0;
            h11 = p1 / p2;
            h22 = x1 / y1;
            let u = 1.0 + h11 * h22;
            (d1, d2) = (d2 / u, d1 / u);
            x1 = y1 * u;
        }
        // Rescale d1 and d2 into [1/gam^2, gam^2], making H full (flag -1) if it was not.
        let make_full = |flag: &mut f64, h: [&mut f64; 4]| {
            let [h11, h21, h12, h22] = h;
            if *flag == 0.0 {
                (*h11, *h22) = (1.0, 1.0);
            } else {
                (*h21, *h12) = (-1.0, 1.0);
            }
            *flag = -1.0;
        };
        if d1 != 0.0 {
            while d1 <= RGAMSQ || d1 >= GAMSQ {
                make_full(&mut flag, [&mut h11, &mut h21, &mut h12, &mut h22]);
                if d1 <= RGAMSQ {
                    d1 *= GAMSQ;
                    x1 /= GAM;
                    h11 /= GAM;
                    h12 /= GAM;
                } else {
                    d1 /= GAMSQ;
                    x1 *= GAM;
                    h11 *= GAM;
                    h12 *= GAM;
                }
            }
        }
        if d2 != 0.0 {
            while d2.abs() <= RGAMSQ || d2.abs() >= GAMSQ {
                make_full(&mut flag, [&mut h11, &mut h21, &mut h12, &mut h22]);
                if d2.abs() <= RGAMSQ {
                    d2 *= GAMSQ;
                    h21 /= GAM;
                    h22 /= GAM;
                } else {
                    d2 /= GAMSQ;
                    h21 *= GAM;
                    h22 *= GAM;
                }
            }
        }
    }
    (d1, d2, x1, [flag, h11, h21, h12, h22])
}

impl<T: Element> Work for RotmgWork<T> {
    fn name() -> String {
        format!("rocblas_{}rotmg", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let real = |v: T| v.to_c64().re;
        let value = |v: f64| T::from_c64(C64::new(v, 0.0));
        each_member(self.batch, group, groups, |m| {
            let (d1, d2) = (self.d1.at(m) as *mut T, self.d2.at(m) as *mut T);
            let (x1, y1) = (self.x1.at(m) as *mut T, self.y1.at(m));
            let param = self.param.at(m) as *mut T;
            // SAFETY: the scalars and the 5-element param of each member were checked non-null
            // and are the caller's (host memory in host mode, which the call waits on).
            unsafe {
                let (nd1, nd2, nx1, p) = modified_givens(
                    real(d1.read_unaligned()),
                    real(d2.read_unaligned()),
                    real(x1.read_unaligned()),
                    real(y1.read_unaligned()),
                );
                d1.write_unaligned(value(nd1));
                d2.write_unaligned(value(nd2));
                x1.write_unaligned(value(nx1));
                param.write_unaligned(value(p[0]));
                // flag -1: all four; 0: h21 and h12; 1: h11 and h22; -2: none.
                let stored: &[usize] = match Flag::of(p[0]) {
                    Flag::Identity => &[],
                    Flag::Full => &[1, 2, 3, 4],
                    Flag::UnitDiagonal => &[2, 3],
                    Flag::Swapped => &[1, 4],
                };
                for &i in stored {
                    param.add(i).write_unaligned(value(p[i]));
                }
            }
        });
    }
}

/// `rocblas_<t>rotmg` (s, d) and its batched forms: a batch count of 0 or less does nothing,
/// then a null d1, d2, x1, y1 or param is `invalid_pointer`.
///
/// # Safety
/// The scalars (and `param`'s 5 elements) of every member are in host memory (host mode) or
/// device memory (device mode).
pub unsafe fn rotmg<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Rotmg<T>,
) -> Result<()> {
    let Some(batch) = members(g.batch_count) else {
        return Ok(());
    };
    if g.d1.is_null() || g.d2.is_null() || g.x1.is_null() || g.y1.is_null() || g.param.is_null() {
        return fail(
            Status::InvalidPointer,
            "d1, d2, x1, y1 or param is a null pointer",
        );
    }
    let work = RotmgWork {
        d1: g.d1,
        d2: g.d2,
        x1: g.x1,
        y1: g.y1,
        param: g.param,
        batch,
    };
    launch_and_wait(launcher, mode, batch.div_ceil(MEMBERS), &work)
}

// ---- rotm ----

/// The form of a modified rotation H, from its flag (`param[0]`).
enum Flag {
    /// -1: the four entries as given.
    Full,
    /// 0: ones on the diagonal, h21 and h12 given.
    UnitDiagonal,
    /// 1: h12 = 1, h21 = -1, h11 and h22 given.
    Swapped,
    /// -2: the identity.
    Identity,
}

impl Flag {
    fn of(flag: f64) -> Flag {
        if flag == -2.0 {
            Flag::Identity
        } else if flag < 0.0 {
            Flag::Full
        } else if flag == 0.0 {
            Flag::UnitDiagonal
        } else {
            Flag::Swapped
        }
    }
}

/// `rocblas_<t>rotm` (s, d; `_batched`, `_strided_batched`, `_64`): applies the modified
/// rotation H of `param = [flag, h11, h21, h12, h22]` to the pairs `(x_i, y_i)`: flag -1 uses
/// the four entries, 0 takes h11 = h22 = 1, 1 takes h12 = 1 and h21 = -1, -2 is the identity.
///
/// `n <= 0` or `batch_count <= 0` does nothing; then a null param is `invalid_pointer`; then a
/// flag of -2 read in host mode (one set of parameters) does nothing; then null x or y is
/// `invalid_pointer`. Negative steps walk from the end.
#[derive(Clone, Copy)]
pub struct Rotm<T> {
    pub n: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub param: Batch<T>,
    pub batch_count: i64,
}

/// Where rotm's kernel finds the parameters: read at the call, or per member at run time.
#[repr(C)]
#[derive(Clone, Copy)]
enum Params<T> {
    Values([T; 5]),
    Each(Batch<T>),
}

#[repr(C)]
#[derive(Clone, Copy)]
struct RotmWork<T> {
    n: usize,
    x: Batch<T>,
    incx: isize,
    y: Batch<T>,
    incy: isize,
    params: Params<T>,
    batch: usize,
    chunks: usize,
}

/// The element `i` of a vector of `n` at `base` with step `inc` (negative: from the end).
fn element<T>(base: *const T, n: usize, inc: isize, i: usize) -> *mut T {
    let origin = if inc < 0 {
        base.wrapping_offset((1 - n as isize).wrapping_mul(inc))
    } else {
        base
    };
    origin.wrapping_offset((i as isize).wrapping_mul(inc)) as *mut T
}

impl<T: Element> Work for RotmWork<T> {
    fn name() -> String {
        format!("rocblas_{}rotm", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let total = self.chunks * self.batch;
        let mut item = group as usize;
        while item < total {
            let (m, piece) = (item / self.chunks, item % self.chunks);
            item += groups.max(1) as usize;
            let p = match self.params {
                Params::Values(v) => v,
                Params::Each(b) => {
                    let at = b.at(m);
                    // SAFETY: each member's param was checked non-null and holds 5 elements.
                    std::array::from_fn(|i| unsafe { at.add(i).read_unaligned() })
                }
            };
            let p = p.map(|v| v.to_c64().re);
            let (h11, h21, h12, h22) = match Flag::of(p[0]) {
                Flag::Identity => continue,
                Flag::Full => (p[1], p[2], p[3], p[4]),
                Flag::UnitDiagonal => (1.0, p[2], p[3], 1.0),
                Flag::Swapped => (p[1], -1.0, 1.0, p[4]),
            };
            let (start, end) = split(self.n, self.chunks, piece);
            let (x, y) = (self.x.at(m), self.y.at(m));
            for i in start..end {
                let (px, py) = (
                    element(x, self.n, self.incx, i),
                    element(y, self.n, self.incy, i),
                );
                // SAFETY: i < n; the vectors cover n elements at their steps (checked
                // non-null; the caller's contract for the rest).
                unsafe {
                    let (w, z) = ((*px).to_c64().re, (*py).to_c64().re);
                    *px = T::from_c64(C64::new(w * h11 + z * h12, 0.0));
                    *py = T::from_c64(C64::new(w * h21 + z * h22, 0.0));
                }
            }
        }
    }
}

/// `rocblas_<t>rotm` (s, d) and its batched forms.
///
/// # Safety
/// x and y (and the arrays of a batched call) cover `n` elements at their steps for every
/// member; param holds 5 elements per member, in host memory (host mode) or device memory
/// (device mode).
pub unsafe fn rotm<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    r: &Rotm<T>,
) -> Result<()> {
    let (Ok(n), Some(batch)) = (usize::try_from(r.n), members(r.batch_count)) else {
        return Ok(());
    };
    if n == 0 {
        return Ok(());
    }
    if r.param.is_null() {
        return fail(Status::InvalidPointer, "param is a null pointer");
    }
    // One set of parameters in host mode is read now (rocBLAS passes it by value); its flag
    // -2 (the identity) returns at once.
    let one_set = matches!(r.param, Batch::Strided { stride: 0, .. });
    let params = if mode == PointerMode::Host && one_set {
        let at = r.param.at(0);
        // SAFETY: non-null, 5 elements of host memory (the caller's contract).
        let v: [T; 5] = std::array::from_fn(|i| unsafe { at.add(i).read_unaligned() });
        if v[0].to_c64().re == -2.0 {
            return Ok(());
        }
        Params::Values(v)
    } else {
        Params::Each(r.param)
    };
    if r.x.is_null() || r.y.is_null() {
        return fail(Status::InvalidPointer, "x or y is a null pointer");
    }
    let chunks = n.div_ceil(CHUNK).clamp(1, MAX_CHUNKS);
    // A vector written twice through a step of 0 must be run in order.
    let chunks = if r.incx == 0 || r.incy == 0 {
        1
    } else {
        chunks
    };
    let work = RotmWork {
        n,
        x: r.x,
        incx: r.incx as isize,
        y: r.y,
        incy: r.incy as isize,
        params,
        batch,
        chunks,
    };
    let groups = chunks.saturating_mul(batch);
    match params {
        // The kernel carries the values: nothing of the caller's host memory is read later.
        Params::Values(_) => launcher.launch(groups.clamp(1, MAX_GROUPS) as u32, &work),
        Params::Each(_) => launch_and_wait(launcher, mode, groups, &work),
    }
}
