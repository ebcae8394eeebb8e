//! Level 1: vector operations.
//!
//! axpy, scal (and csscal, zdscal), copy, swap, dot (dotu, dotc), nrm2, asum, iamax, iamin and
//! rot (and csrot, zdrot, crot, zrot) in every element type, plain, strided-batched and batched
//! (arrays of pointers), checked and run as rocBLAS does. Each routine is written once, generic
//! over its element type and over where its vectors lie (level 3's [`Batch`]: a plain call is a
//! batch of one). Sizes and steps are `i64` so that the 32-bit and `_64` entry points share it.
//!
//! A vector of `n` elements with step `inc` holds element `i` at `i * inc`; a negative step
//! walks the memory from its end, as BLAS does (element 0 at `(n - 1) * |inc|`).
//!
//! Values are computed in complex f64 ([`Element::to_c64`], exact for every type) and rounded
//! once when stored: the native arithmetic for f64 and C64, a little more accurate for f32, C32
//! and f16, and one code path for all five.
//!
//! Elementwise routines cut each vector into chunks, one per work-group. Reductions run one
//! work-group per batch member, serially over `n`: a known limit (one long vector keeps one
//! worker busy), accepted because it needs no workspace and gives the same bits on every run.

use crate::element::{Element, C64};
use crate::kernel::{split, Launcher, Ptr, Scalar, Work};
use crate::level3::Batch;
use crate::types::{fail, PointerMode, Result, Status};
use std::ops::Range;

/// Elements per chunk of an elementwise kernel: large enough that a chunk outweighs its
/// dispatch, small enough that a long vector spreads over every worker.
const CHUNK: usize = 1 << 16;
/// Chunks of one vector, at most.
const MAX_CHUNKS: usize = 256;
/// Work-groups in one launch, at most: beyond it a group takes several chunks.
const MAX_GROUPS: usize = 1 << 16;

/// The integer of iamax's and iamin's results: `rocblas_int` (i32) for the 32-bit API, `int64_t`
/// for `_64`. The kernel finds an i64 index and stores it in the caller's width.
pub trait IndexInt: Copy + Send + Sync + 'static {
    /// `v` in this width (the 32-bit API's `n` fits `rocblas_int`, so nothing is cut in use).
    fn from_i64(v: i64) -> Self;
}

impl IndexInt for i32 {
    fn from_i64(v: i64) -> Self {
        i32::try_from(v).unwrap_or(i32::MAX)
    }
}

impl IndexInt for i64 {
    fn from_i64(v: i64) -> Self {
        v
    }
}

/// `rocblas_<t>axpy` (`_batched`, `_strided_batched`, `_64`): `y = alpha * x + y`.
///
/// `n <= 0` or `batch_count <= 0` does nothing; so does an `alpha` of 0 in host pointer mode
/// (x and y are then not checked). Negative steps walk from the end; `incy == 0` runs each
/// vector serially, as reference BLAS would.
#[derive(Clone, Copy)]
pub struct Axpy<T> {
    pub n: i64,
    pub alpha: *const T,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

/// `rocblas_<t>scal` (`_batched`, `_strided_batched`, `_64`): `x = alpha * x`. `A` is `T`, or
/// `T::Real` for csscal and zdscal.
///
/// `n <= 0`, `incx <= 0` or `batch_count <= 0` does nothing; so does an `alpha` of 1 in host
/// pointer mode.
#[derive(Clone, Copy)]
pub struct Scal<T, A = T> {
    pub n: i64,
    pub alpha: *const A,
    pub x: Batch<T>,
    pub incx: i64,
    pub batch_count: i64,
}

/// Two vectors and no scalar: `rocblas_<t>copy` (`y = x`) and `rocblas_<t>swap` (x and y
/// exchanged), with their `_batched`, `_strided_batched` and `_64` forms.
///
/// `n <= 0` or `batch_count <= 0` does nothing; negative steps walk from the end.
#[derive(Clone, Copy)]
pub struct Pair<T> {
    pub n: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

/// `rocblas_<t>dot`, `dotu` and `dotc` (`_batched`, `_strided_batched`, `_64`): `result[b]`
/// is the sum over i of `x[i] * y[i]` (dotc: `conj(x[i]) * y[i]`) for batch member `b`.
///
/// `result` holds `batch_count` values, in host or device memory per the pointer mode. A null
/// `result` is an error even when there is nothing to do; `n <= 0` stores zeros.
#[derive(Clone, Copy)]
pub struct Dot<T> {
    pub n: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
    pub result: *mut T,
}

/// A reduction of one vector to one value per batch member: `rocblas_<t>nrm2` and `asum`
/// (`R` is `T::Real`), `rocblas_i<t>amax` and `amin` (`R` an [`IndexInt`]).
///
/// `result` holds `batch_count` values, in host or device memory per the pointer mode. A null
/// `result` is an error even when there is nothing to do; `n <= 0` or `incx <= 0` stores
/// zeros (for iamax and iamin, index 0: no element).
#[derive(Clone, Copy)]
pub struct Reduction<T, R> {
    pub n: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub batch_count: i64,
    pub result: *mut R,
}

/// `rocblas_<t>rot` (`_batched`, `_strided_batched`, `_64`): the plane rotation
/// `x = c x + s y`, `y = c y - conj(s) x`, with a real `c`. `S` is `T::Real` for srot, drot,
/// csrot and zdrot, `T` for crot and zrot.
///
/// `n <= 0` or `batch_count <= 0` does nothing; negative steps walk from the end.
#[derive(Clone, Copy)]
pub struct Rot<T: Element, S> {
    pub n: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub c: *const T::Real,
    pub s: *const S,
    pub batch_count: i64,
}

/// One vector of a batch member: element `i` at `origin + i * inc`.
#[derive(Clone, Copy)]
pub(crate) struct Strided<T> {
    origin: *mut T,
    inc: isize,
}

impl<T: Copy> Strided<T> {
    /// The vector of `n` elements `inc` apart at `base`: with a negative `inc`, element 0 is
    /// the last in memory.
    pub(crate) fn new(base: *const T, n: usize, inc: i64) -> Self {
        let inc = inc as isize;
        let origin = if inc < 0 {
            base.wrapping_offset((1 - n as isize).wrapping_mul(inc))
        } else {
            base
        };
        Strided {
            origin: origin as *mut T,
            inc,
        }
    }

    fn at(self, i: usize) -> *mut T {
        self.origin
            .wrapping_offset((i as isize).wrapping_mul(self.inc))
    }

    /// # Safety
    /// `i` is below the vector's `n` and its memory is readable.
    pub(crate) unsafe fn get(self, i: usize) -> T {
        // SAFETY: per the contract.
        unsafe { *self.at(i) }
    }

    /// # Safety
    /// `i` is below the vector's `n` and its memory is writable.
    pub(crate) unsafe fn set(self, i: usize, v: T) {
        // SAFETY: per the contract.
        unsafe { *self.at(i) = v }
    }
}

/// How a kernel's work is cut: `chunks` pieces of each of `batch` vectors of `n` elements.
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct Cut {
    pub(crate) n: usize,
    batch: usize,
    chunks: usize,
}

impl Cut {
    /// Chunks of [`CHUNK`] elements, or one per vector when it must run in order (a step of
    /// 0 on a written vector, or a reduction).
    pub(crate) fn new(n: usize, batch: usize, serial: bool) -> Cut {
        let chunks = if serial {
            1
        } else {
            n.div_ceil(CHUNK).clamp(1, MAX_CHUNKS)
        };
        // The item count must fit a usize; a batch that large gets one chunk per vector.
        let chunks = if chunks.checked_mul(batch).is_some() {
            chunks
        } else {
            1
        };
        Cut { n, batch, chunks }
    }

    pub(crate) fn groups(&self) -> u32 {
        (self.chunks * self.batch).clamp(1, MAX_GROUPS) as u32
    }

    /// Runs `f(member, range)` on each chunk of work-group `group`.
    pub(crate) fn each(&self, group: u32, groups: u32, mut f: impl FnMut(usize, Range<usize>)) {
        let total = self.chunks * self.batch;
        let mut item = group as usize;
        while item < total {
            let (member, piece) = (item / self.chunks, item % self.chunks);
            let (start, end) = split(self.n, self.chunks, piece);
            f(member, start..end);
            item += groups.max(1) as usize;
        }
    }
}

/// `n` and `batch_count` as sizes, or `None` when there is nothing to do.
pub(crate) fn sizes(n: i64, batch_count: i64) -> Option<(usize, usize)> {
    if n <= 0 || batch_count <= 0 {
        return None;
    }
    Some((usize::try_from(n).ok()?, usize::try_from(batch_count).ok()?))
}

pub(crate) fn null_vectors(x: &Batch<impl Sized>, y: &Batch<impl Sized>) -> Result<()> {
    if x.is_null() || y.is_null() {
        return fail(Status::InvalidPointer, "x or y is a null pointer");
    }
    Ok(())
}

/// Whether a type is complex: its real type is another one.
fn is_complex<T: Element>() -> bool {
    T::PREFIX != T::Real::PREFIX
}

#[repr(C)]
#[derive(Clone, Copy)]
struct AxpyWork<T: Element> {
    cut: Cut,
    alpha: Scalar<T>,
    x: Batch<T>,
    incx: i64,
    y: Batch<T>,
    incy: i64,
}

impl<T: Element> Work for AxpyWork<T> {
    fn name() -> String {
        format!("rocblas_{}axpy", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha = self.alpha.get();
        // A device alpha of 0 leaves y as it is, as the host-mode quick return does.
        if alpha == T::ZERO {
            return;
        }
        let alpha = alpha.to_c64();
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            let y = Strided::new(self.y.at(member), self.cut.n, self.incy);
            for i in range {
                // SAFETY: i < n; the caller's vectors cover n elements at their steps (the
                // C API's contract, checked by the safe API).
                unsafe {
                    y.set(
                        i,
                        T::from_c64(alpha * x.get(i).to_c64() + y.get(i).to_c64()),
                    )
                };
            }
        });
    }
}

/// `rocblas_<t>axpy` and its batched forms: checks the call as rocBLAS does and queues it.
///
/// # Safety
/// `alpha` is readable now (host mode) or when the kernel runs (device mode); x and y (and
/// the pointer arrays of a batched call) cover `n` elements at their steps for every member.
pub unsafe fn axpy<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Axpy<T>,
) -> Result<()> {
    let Some((n, batch)) = sizes(a.n, a.batch_count) else {
        return Ok(());
    };
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(a.alpha, mode, "alpha")? };
    if alpha.known() == Some(T::ZERO) {
        return Ok(());
    }
    null_vectors(&a.x, &a.y)?;
    let cut = Cut::new(n, batch, a.incy == 0);
    let work = AxpyWork {
        cut,
        alpha,
        x: a.x,
        incx: a.incx,
        y: a.y,
        incy: a.incy,
    };
    launcher.launch(cut.groups(), &work)
}

#[repr(C)]
#[derive(Clone, Copy)]
struct ScalWork<T: Element, A: Element> {
    cut: Cut,
    alpha: Scalar<A>,
    x: Batch<T>,
    incx: i64,
}

impl<T: Element, A: Element> Work for ScalWork<T, A> {
    fn name() -> String {
        if A::PREFIX == T::PREFIX {
            format!("rocblas_{}scal", T::PREFIX)
        } else {
            format!("rocblas_{}{}scal", T::PREFIX, A::PREFIX)
        }
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha = self.alpha.get().to_c64();
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            for i in range {
                // SAFETY: i < n; the caller's vector covers n elements at its step.
                unsafe { x.set(i, T::from_c64(alpha * x.get(i).to_c64())) };
            }
        });
    }
}

/// `rocblas_<t>scal`, csscal and zdscal (`A` = `T::Real`), and their batched forms.
///
/// # Safety
/// As [`axpy`], for alpha and x.
pub unsafe fn scal<T: Element, A: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Scal<T, A>,
) -> Result<()> {
    // rocBLAS's scal does nothing for a step that is not positive.
    if a.incx <= 0 {
        return Ok(());
    }
    let Some((n, batch)) = sizes(a.n, a.batch_count) else {
        return Ok(());
    };
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(a.alpha, mode, "alpha")? };
    if alpha.known() == Some(A::ONE) {
        return Ok(());
    }
    if a.x.is_null() {
        return fail(Status::InvalidPointer, "x is a null pointer");
    }
    let cut = Cut::new(n, batch, false);
    let work = ScalWork {
        cut,
        alpha,
        x: a.x,
        incx: a.incx,
    };
    launcher.launch(cut.groups(), &work)
}

/// copy (`SWAP` false) or swap over a [`Pair`].
#[repr(C)]
#[derive(Clone, Copy)]
struct PairWork<T: Element, const SWAP: bool> {
    cut: Cut,
    x: Batch<T>,
    incx: i64,
    y: Batch<T>,
    incy: i64,
}

impl<T: Element, const SWAP: bool> Work for PairWork<T, SWAP> {
    fn name() -> String {
        format!(
            "rocblas_{}{}",
            T::PREFIX,
            if SWAP { "swap" } else { "copy" }
        )
    }

    fn run(&self, group: u32, groups: u32) {
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            let y = Strided::new(self.y.at(member), self.cut.n, self.incy);
            for i in range {
                // SAFETY: i < n; the caller's vectors cover n elements at their steps.
                unsafe {
                    let v = x.get(i);
                    if SWAP {
                        x.set(i, y.get(i));
                    }
                    y.set(i, v);
                }
            }
        });
    }
}

/// Checks and queues copy or swap.
///
/// # Safety
/// As [`copy`].
unsafe fn pair<T: Element, L: Launcher, const SWAP: bool>(launcher: &L, a: &Pair<T>) -> Result<()> {
    let Some((n, batch)) = sizes(a.n, a.batch_count) else {
        return Ok(());
    };
    null_vectors(&a.x, &a.y)?;
    let serial = a.incy == 0 || (SWAP && a.incx == 0);
    let cut = Cut::new(n, batch, serial);
    let work = PairWork::<T, SWAP> {
        cut,
        x: a.x,
        incx: a.incx,
        y: a.y,
        incy: a.incy,
    };
    launcher.launch(cut.groups(), &work)
}

/// `rocblas_<t>copy` and its batched forms: `y = x`.
///
/// # Safety
/// x and y (and the pointer arrays of a batched call) cover `n` elements at their steps for
/// every member.
pub unsafe fn copy<T: Element, L: Launcher>(launcher: &L, a: &Pair<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { pair::<T, L, false>(launcher, a) }
}

/// `rocblas_<t>swap` and its batched forms: x and y exchanged.
///
/// # Safety
/// As [`copy`].
pub unsafe fn swap<T: Element, L: Launcher>(launcher: &L, a: &Pair<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { pair::<T, L, true>(launcher, a) }
}

#[repr(C)]
#[derive(Clone, Copy)]
struct RotWork<T: Element, S: Element> {
    cut: Cut,
    x: Batch<T>,
    incx: i64,
    y: Batch<T>,
    incy: i64,
    c: Scalar<T::Real>,
    s: Scalar<S>,
}

impl<T: Element, S: Element> Work for RotWork<T, S> {
    fn name() -> String {
        if S::PREFIX == T::PREFIX {
            format!("rocblas_{}rot", T::PREFIX)
        } else {
            format!("rocblas_{}{}rot", T::PREFIX, S::PREFIX)
        }
    }

    fn run(&self, group: u32, groups: u32) {
        let (c, s) = (self.c.get().to_c64(), self.s.get().to_c64());
        let s_conj = s.conj();
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            let y = Strided::new(self.y.at(member), self.cut.n, self.incy);
            for i in range {
                // SAFETY: i < n; the caller's vectors cover n elements at their steps.
                unsafe {
                    let (xi, yi) = (x.get(i).to_c64(), y.get(i).to_c64());
                    x.set(i, T::from_c64(c * xi + s * yi));
                    y.set(i, T::from_c64(c * yi - s_conj * xi));
                }
            }
        });
    }
}

/// `rocblas_<t>rot`, csrot, zdrot (`S` = `T::Real`), crot and zrot (`S` = `T`), and their
/// batched forms.
///
/// # Safety
/// `c` and `s` are readable now (host mode) or when the kernel runs (device mode); x and y
/// cover `n` elements at their steps for every member.
pub unsafe fn rot<T: Element, S: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Rot<T, S>,
) -> Result<()> {
    let Some((n, batch)) = sizes(a.n, a.batch_count) else {
        return Ok(());
    };
    // SAFETY: forwarded caller contract.
    let c = unsafe { Scalar::from_ptr(a.c, mode, "c")? };
    // SAFETY: as above.
    let s = unsafe { Scalar::from_ptr(a.s, mode, "s")? };
    null_vectors(&a.x, &a.y)?;
    let cut = Cut::new(n, batch, a.incx == 0 || a.incy == 0);
    let work = RotWork {
        cut,
        x: a.x,
        incx: a.incx,
        y: a.y,
        incy: a.incy,
        c,
        s,
    };
    launcher.launch(cut.groups(), &work)
}

/// Stores `v` as batch member `member`'s result.
///
/// # Safety
/// `results` holds one value per member (checked non-null when the call was made).
pub(crate) unsafe fn store<R>(results: Ptr<R>, member: usize, v: R) {
    // SAFETY: per the contract; a host result may be unaligned, as a host scalar may.
    unsafe { results.mutable().add(member).write_unaligned(v) }
}

/// Queues a reduction and, in host pointer mode, waits for it: the kernel stores the results
/// in the caller's memory, which host mode says hold them when the call returns.
pub(crate) fn reduce<W: Work, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    cut: Cut,
    work: &W,
) -> Result<()> {
    launcher.launch(cut.groups(), work)?;
    if mode == PointerMode::Host {
        launcher.synchronize()?;
    }
    Ok(())
}

/// The batch and length of a reduction: a null result is an error first; `Ok(None)` is a
/// call with no batch members (nothing stored), `n` 0 is a call storing zeros.
pub(crate) fn reduction_sizes<R>(
    n: i64,
    reads: bool,
    batch_count: i64,
    result: *mut R,
) -> Result<Option<(usize, usize)>> {
    if result.is_null() {
        return fail(Status::InvalidPointer, "result is a null pointer");
    }
    let Ok(batch) = usize::try_from(batch_count) else {
        return Ok(None);
    };
    if batch == 0 {
        return Ok(None);
    }
    let n = if reads {
        usize::try_from(n).unwrap_or(0)
    } else {
        0
    };
    Ok(Some((n, batch)))
}

#[repr(C)]
#[derive(Clone, Copy)]
struct DotWork<T: Element, const CONJ: bool> {
    cut: Cut,
    x: Batch<T>,
    incx: i64,
    y: Batch<T>,
    incy: i64,
    result: Ptr<T>,
}

impl<T: Element, const CONJ: bool> Work for DotWork<T, CONJ> {
    fn name() -> String {
        let kind = match (CONJ, is_complex::<T>()) {
            (true, _) => "dotc",
            (false, true) => "dotu",
            (false, false) => "dot",
        };
        format!("rocblas_{}{kind}", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            let y = Strided::new(self.y.at(member), self.cut.n, self.incy);
            let mut sum = C64::new(0.0, 0.0);
            for i in range {
                // SAFETY: i < n; the caller's vectors cover n elements at their steps.
                let (xi, yi) = unsafe { (x.get(i).to_c64(), y.get(i).to_c64()) };
                sum += if CONJ { xi.conj() } else { xi } * yi;
            }
            // SAFETY: one result per member, checked non-null.
            unsafe { store(self.result, member, T::from_c64(sum)) };
        });
    }
}

/// Checks and queues dot or dotc.
///
/// # Safety
/// As [`dot`].
unsafe fn dot_any<T: Element, L: Launcher, const CONJ: bool>(
    launcher: &L,
    mode: PointerMode,
    a: &Dot<T>,
) -> Result<()> {
    let Some((n, batch)) = reduction_sizes(a.n, true, a.batch_count, a.result)? else {
        return Ok(());
    };
    if n > 0 {
        null_vectors(&a.x, &a.y)?;
    }
    let cut = Cut::new(n, batch, true);
    let work = DotWork::<T, CONJ> {
        cut,
        x: a.x,
        incx: a.incx,
        y: a.y,
        incy: a.incy,
        result: Ptr(a.result),
    };
    reduce(launcher, mode, cut, &work)
}

/// `rocblas_<t>dot` (s, d, h) and `dotu` (c, z), and their batched forms.
///
/// # Safety
/// x and y cover `n` elements at their steps for every member; `result` holds `batch_count`
/// values, writable until the call returns (host mode) or until the kernel has run (device
/// mode).
pub unsafe fn dot<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Dot<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { dot_any::<T, L, false>(launcher, mode, a) }
}

/// `rocblas_<t>dotc` (c, z) and its batched forms: x conjugated.
///
/// # Safety
/// As [`dot`].
pub unsafe fn dotc<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Dot<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { dot_any::<T, L, true>(launcher, mode, a) }
}

#[repr(C)]
#[derive(Clone, Copy)]
struct Nrm2Work<T: Element> {
    cut: Cut,
    x: Batch<T>,
    incx: i64,
    result: Ptr<T::Real>,
}

impl<T: Element> Work for Nrm2Work<T> {
    fn name() -> String {
        if is_complex::<T>() {
            format!("rocblas_{}{}nrm2", T::Real::PREFIX, T::PREFIX)
        } else {
            format!("rocblas_{}nrm2", T::PREFIX)
        }
    }

    fn run(&self, group: u32, groups: u32) {
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            // SAFETY: i < n; the caller's vector covers n elements at its step.
            let norm = euclidean_norm(range.map(|i| unsafe { x.get(i) }.to_c64()));
            let norm = T::Real::from_c64(C64::new(norm, 0.0));
            // SAFETY: one result per member, checked non-null.
            unsafe { store(self.result, member, norm) };
        });
    }
}

/// The Euclidean norm of `values`, without overflow or underflow in between: LAPACK's scaled sum
/// of squares, the norm being `scale * sqrt(ssq)` with every term divided by the largest
/// magnitude so far (f64 elements near 1e200 or 1e-200 square out of range). An infinity makes
/// the norm infinite, a NaN makes it NaN.
pub(crate) fn euclidean_norm(values: impl Iterator<Item = C64>) -> f64 {
    let (mut scale, mut ssq) = (0.0f64, 1.0f64);
    let mut special = 0.0f64;
    for v in values {
        for part in [v.re, v.im] {
            let a = part.abs();
            if !a.is_finite() {
                special += a;
            } else if a > 0.0 {
                if scale < a {
                    ssq = 1.0 + ssq * (scale / a) * (scale / a);
                    scale = a;
                } else {
                    ssq += (a / scale) * (a / scale);
                }
            }
        }
    }
    if special != 0.0 {
        special
    } else {
        scale * ssq.sqrt()
    }
}

/// `rocblas_<t>nrm2`, scnrm2 and dznrm2, and their batched forms: the Euclidean norm, without
/// overflow or underflow in between.
///
/// # Safety
/// x covers `n` elements at its step for every member; `result` holds `batch_count` values,
/// writable until the call returns (host mode) or until the kernel has run (device mode).
pub unsafe fn nrm2<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Reduction<T, T::Real>,
) -> Result<()> {
    let Some((n, batch)) = reduction_sizes(a.n, a.incx > 0, a.batch_count, a.result)? else {
        return Ok(());
    };
    if n > 0 && a.x.is_null() {
        return fail(Status::InvalidPointer, "x is a null pointer");
    }
    let cut = Cut::new(n, batch, true);
    let work = Nrm2Work {
        cut,
        x: a.x,
        incx: a.incx,
        result: Ptr(a.result),
    };
    reduce(launcher, mode, cut, &work)
}

#[repr(C)]
#[derive(Clone, Copy)]
struct AsumWork<T: Element> {
    cut: Cut,
    x: Batch<T>,
    incx: i64,
    result: Ptr<T::Real>,
}

impl<T: Element> Work for AsumWork<T> {
    fn name() -> String {
        if is_complex::<T>() {
            format!("rocblas_{}{}asum", T::Real::PREFIX, T::PREFIX)
        } else {
            format!("rocblas_{}asum", T::PREFIX)
        }
    }

    fn run(&self, group: u32, groups: u32) {
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            let mut sum = 0.0f64;
            for i in range {
                // SAFETY: i < n; the caller's vector covers n elements at its step.
                sum += magnitude(unsafe { x.get(i) });
            }
            let sum = T::Real::from_c64(C64::new(sum, 0.0));
            // SAFETY: one result per member, checked non-null.
            unsafe { store(self.result, member, sum) };
        });
    }
}

/// BLAS's magnitude for asum, iamax and iamin: `|re| + |im|` (not the modulus).
fn magnitude<T: Element>(v: T) -> f64 {
    let v = v.to_c64();
    v.re.abs() + v.im.abs()
}

/// `rocblas_<t>asum`, scasum and dzasum, and their batched forms: the sum of `|re| + |im|`.
///
/// # Safety
/// As [`nrm2`].
pub unsafe fn asum<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Reduction<T, T::Real>,
) -> Result<()> {
    let Some((n, batch)) = reduction_sizes(a.n, a.incx > 0, a.batch_count, a.result)? else {
        return Ok(());
    };
    if n > 0 && a.x.is_null() {
        return fail(Status::InvalidPointer, "x is a null pointer");
    }
    let cut = Cut::new(n, batch, true);
    let work = AsumWork {
        cut,
        x: a.x,
        incx: a.incx,
        result: Ptr(a.result),
    };
    reduce(launcher, mode, cut, &work)
}

/// iamax (`MIN` false) or iamin.
#[repr(C)]
#[derive(Clone, Copy)]
struct ExtremumWork<T: Element, I: IndexInt, const MIN: bool> {
    cut: Cut,
    x: Batch<T>,
    incx: i64,
    result: Ptr<I>,
}

impl<T: Element, I: IndexInt, const MIN: bool> Work for ExtremumWork<T, I, MIN> {
    fn name() -> String {
        format!(
            "rocblas_i{}{}",
            T::PREFIX,
            if MIN { "amin" } else { "amax" }
        )
    }

    fn run(&self, group: u32, groups: u32) {
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            // 1-based; 0 for an empty vector. A strict comparison keeps the first of equal
            // magnitudes and, as reference BLAS, passes over NaNs after the first element.
            let (mut best, mut best_v) = (0usize, f64::NAN);
            for i in range {
                // SAFETY: i < n; the caller's vector covers n elements at its step.
                let v = magnitude(unsafe { x.get(i) });
                let better = if MIN { v < best_v } else { v > best_v };
                if best == 0 || better {
                    (best, best_v) = (i + 1, v);
                }
            }
            let index = I::from_i64(i64::try_from(best).unwrap_or(i64::MAX));
            // SAFETY: one result per member, checked non-null.
            unsafe { store(self.result, member, index) };
        });
    }
}

/// Checks and queues iamax or iamin.
///
/// # Safety
/// As [`nrm2`].
unsafe fn extremum<T: Element, I: IndexInt, L: Launcher, const MIN: bool>(
    launcher: &L,
    mode: PointerMode,
    a: &Reduction<T, I>,
) -> Result<()> {
    let Some((n, batch)) = reduction_sizes(a.n, a.incx > 0, a.batch_count, a.result)? else {
        return Ok(());
    };
    if n > 0 && a.x.is_null() {
        return fail(Status::InvalidPointer, "x is a null pointer");
    }
    let cut = Cut::new(n, batch, true);
    let work = ExtremumWork::<T, I, MIN> {
        cut,
        x: a.x,
        incx: a.incx,
        result: Ptr(a.result),
    };
    reduce(launcher, mode, cut, &work)
}

/// `rocblas_i<t>amax` and its batched forms: the 1-based index of the first element of
/// largest `|re| + |im|`.
///
/// # Safety
/// As [`nrm2`].
pub unsafe fn iamax<T: Element, I: IndexInt, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Reduction<T, I>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { extremum::<T, I, L, false>(launcher, mode, a) }
}

/// `rocblas_i<t>amin` and its batched forms: the 1-based index of the first element of
/// smallest `|re| + |im|`.
///
/// # Safety
/// As [`nrm2`].
pub unsafe fn iamin<T: Element, I: IndexInt, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    a: &Reduction<T, I>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { extremum::<T, I, L, true>(launcher, mode, a) }
}

/// `buf` holds a vector of `n` elements `inc` apart (one element when `inc` is 0).
#[cfg(feature = "hip")]
fn holds<T: Copy>(what: &str, buf: &hip::DeviceBuffer<T>, n: usize, inc: i64) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let need = usize::try_from(inc.unsigned_abs())
        .ok()
        .and_then(|step| step.checked_mul(n - 1))
        .and_then(|v| v.checked_add(1))
        .unwrap_or(usize::MAX);
    if buf.len() < need {
        return fail(
            Status::InvalidSize,
            format!(
                "{what} has {n} elements {inc} apart: it needs {need} elements, the buffer has {}",
                buf.len()
            ),
        );
    }
    Ok(())
}

/// The level 1 routines over device buffers, queued on the handle's stream; scalars are host
/// values and results come back as values (host pointer mode), so the reductions wait for the
/// stream.
#[cfg(feature = "hip")]
impl crate::handle::Handle {
    /// `y = alpha * x + y` (`rocblas_<t>axpy`).
    pub fn axpy<T: Element>(
        &self,
        n: usize,
        alpha: T,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
        y: &mut hip::DeviceBuffer<T>,
        incy: i64,
    ) -> Result<()> {
        holds("x", x, n, incx)?;
        holds("y", y, n, incy)?;
        let a = Axpy {
            n: crate::handle::size(n)?,
            alpha: &alpha,
            x: Batch::one(x.as_ptr()),
            incx,
            y: Batch::one(y.as_ptr()),
            incy,
            batch_count: 1,
        };
        // SAFETY: alpha lives across the call; the buffers cover the vectors (checked above)
        // and outlive the queued kernel as device memory does in HIP.
        unsafe { axpy(self, PointerMode::Host, &a) }
    }

    /// `x = alpha * x` (`rocblas_<t>scal`); a step that is not positive does nothing.
    pub fn scal<T: Element>(
        &self,
        n: usize,
        alpha: T,
        x: &mut hip::DeviceBuffer<T>,
        incx: i64,
    ) -> Result<()> {
        self.scal_by(n, alpha, x, incx)
    }

    /// `x = alpha * x` with a real alpha (`rocblas_csscal`, `rocblas_zdscal`).
    pub fn scal_real<T: Element>(
        &self,
        n: usize,
        alpha: T::Real,
        x: &mut hip::DeviceBuffer<T>,
        incx: i64,
    ) -> Result<()> {
        self.scal_by(n, alpha, x, incx)
    }

    fn scal_by<T: Element, A: Element>(
        &self,
        n: usize,
        alpha: A,
        x: &mut hip::DeviceBuffer<T>,
        incx: i64,
    ) -> Result<()> {
        if incx > 0 {
            holds("x", x, n, incx)?;
        }
        let a = Scal {
            n: crate::handle::size(n)?,
            alpha: &alpha,
            x: Batch::one(x.as_ptr()),
            incx,
            batch_count: 1,
        };
        // SAFETY: as in axpy.
        unsafe { scal(self, PointerMode::Host, &a) }
    }

    /// `y = x` (`rocblas_<t>copy`).
    pub fn copy<T: Element>(
        &self,
        n: usize,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
        y: &mut hip::DeviceBuffer<T>,
        incy: i64,
    ) -> Result<()> {
        let a = self.pair(n, x, incx, y, incy)?;
        // SAFETY: as in axpy.
        unsafe { copy(self, &a) }
    }

    /// x and y exchanged (`rocblas_<t>swap`).
    pub fn swap<T: Element>(
        &self,
        n: usize,
        x: &mut hip::DeviceBuffer<T>,
        incx: i64,
        y: &mut hip::DeviceBuffer<T>,
        incy: i64,
    ) -> Result<()> {
        let a = self.pair(n, x, incx, y, incy)?;
        // SAFETY: as in axpy.
        unsafe { swap(self, &a) }
    }

    fn pair<T: Element>(
        &self,
        n: usize,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
        y: &hip::DeviceBuffer<T>,
        incy: i64,
    ) -> Result<Pair<T>> {
        holds("x", x, n, incx)?;
        holds("y", y, n, incy)?;
        Ok(Pair {
            n: crate::handle::size(n)?,
            x: Batch::one(x.as_ptr()),
            incx,
            y: Batch::one(y.as_ptr()),
            incy,
            batch_count: 1,
        })
    }

    /// The plane rotation `x = c x + s y`, `y = c y - s x` (`rocblas_<t>rot`, `csrot`,
    /// `zdrot`).
    #[allow(clippy::too_many_arguments)] // BLAS's own argument list
    pub fn rot<T: Element>(
        &self,
        n: usize,
        x: &mut hip::DeviceBuffer<T>,
        incx: i64,
        y: &mut hip::DeviceBuffer<T>,
        incy: i64,
        c: T::Real,
        s: T::Real,
    ) -> Result<()> {
        holds("x", x, n, incx)?;
        holds("y", y, n, incy)?;
        let a = Rot {
            n: crate::handle::size(n)?,
            x: Batch::one(x.as_ptr()),
            incx,
            y: Batch::one(y.as_ptr()),
            incy,
            c: &c,
            s: &s,
            batch_count: 1,
        };
        // SAFETY: as in axpy, for c and s too.
        unsafe { rot(self, PointerMode::Host, &a) }
    }

    /// The sum of `x[i] * y[i]` (`rocblas_<t>dot`, `dotu`).
    pub fn dot<T: Element>(
        &self,
        n: usize,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
        y: &hip::DeviceBuffer<T>,
        incy: i64,
    ) -> Result<T> {
        self.dot_any::<T, false>(n, x, incx, y, incy)
    }

    /// The sum of `conj(x[i]) * y[i]` (`rocblas_<t>dotc`).
    pub fn dotc<T: Element>(
        &self,
        n: usize,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
        y: &hip::DeviceBuffer<T>,
        incy: i64,
    ) -> Result<T> {
        self.dot_any::<T, true>(n, x, incx, y, incy)
    }

    fn dot_any<T: Element, const CONJ: bool>(
        &self,
        n: usize,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
        y: &hip::DeviceBuffer<T>,
        incy: i64,
    ) -> Result<T> {
        holds("x", x, n, incx)?;
        holds("y", y, n, incy)?;
        let mut out = T::ZERO;
        let a = Dot {
            n: crate::handle::size(n)?,
            x: Batch::one(x.as_ptr()),
            incx,
            y: Batch::one(y.as_ptr()),
            incy,
            batch_count: 1,
            result: &mut out,
        };
        // SAFETY: as in axpy; host mode waits for the kernel, so `out` outlives its store.
        unsafe { dot_any::<T, Self, CONJ>(self, PointerMode::Host, &a)? };
        Ok(out)
    }

    /// The Euclidean norm of x (`rocblas_<t>nrm2`, `scnrm2`, `dznrm2`); 0 for a step that is
    /// not positive.
    pub fn nrm2<T: Element>(
        &self,
        n: usize,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
    ) -> Result<T::Real> {
        // SAFETY: as in dot.
        self.reduce_into(T::Real::ZERO, n, x, incx, |a| unsafe {
            nrm2(self, PointerMode::Host, a)
        })
    }

    /// The sum of `|re| + |im|` over x (`rocblas_<t>asum`, `scasum`, `dzasum`); 0 for a step
    /// that is not positive.
    pub fn asum<T: Element>(
        &self,
        n: usize,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
    ) -> Result<T::Real> {
        // SAFETY: as in dot.
        self.reduce_into(T::Real::ZERO, n, x, incx, |a| unsafe {
            asum(self, PointerMode::Host, a)
        })
    }

    /// The 1-based index of the first largest `|re| + |im|` in x (`rocblas_i<t>amax`); 0 for
    /// an empty vector or a step that is not positive.
    pub fn iamax<T: Element>(&self, n: usize, x: &hip::DeviceBuffer<T>, incx: i64) -> Result<i64> {
        // SAFETY: as in dot.
        self.reduce_into(0, n, x, incx, |a| unsafe {
            iamax(self, PointerMode::Host, a)
        })
    }

    /// The 1-based index of the first smallest `|re| + |im|` in x (`rocblas_i<t>amin`); 0 for
    /// an empty vector or a step that is not positive.
    pub fn iamin<T: Element>(&self, n: usize, x: &hip::DeviceBuffer<T>, incx: i64) -> Result<i64> {
        // SAFETY: as in dot.
        self.reduce_into(0, n, x, incx, |a| unsafe {
            iamin(self, PointerMode::Host, a)
        })
    }

    /// Runs a one-vector reduction into a host value (`init` until the kernel stores it).
    fn reduce_into<T: Element, R: Copy>(
        &self,
        init: R,
        n: usize,
        x: &hip::DeviceBuffer<T>,
        incx: i64,
        call: impl FnOnce(&Reduction<T, R>) -> Result<()>,
    ) -> Result<R> {
        if incx > 0 {
            holds("x", x, n, incx)?;
        }
        let mut out = init;
        let a = Reduction {
            n: crate::handle::size(n)?,
            x: Batch::one(x.as_ptr()),
            incx,
            batch_count: 1,
            result: &mut out,
        };
        call(&a)?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::element::C32;
    use half::f16;

    #[test]
    fn kernels_have_rocblas_names() {
        assert_eq!(AxpyWork::<f16>::name(), "rocblas_haxpy");
        assert_eq!(ScalWork::<C32, C32>::name(), "rocblas_cscal");
        assert_eq!(ScalWork::<C32, f32>::name(), "rocblas_csscal");
        assert_eq!(PairWork::<f64, true>::name(), "rocblas_dswap");
        assert_eq!(RotWork::<C64, f64>::name(), "rocblas_zdrot");
        assert_eq!(RotWork::<C64, C64>::name(), "rocblas_zrot");
        assert_eq!(DotWork::<f32, false>::name(), "rocblas_sdot");
        assert_eq!(DotWork::<C32, false>::name(), "rocblas_cdotu");
        assert_eq!(DotWork::<C64, true>::name(), "rocblas_zdotc");
        assert_eq!(Nrm2Work::<C64>::name(), "rocblas_dznrm2");
        assert_eq!(AsumWork::<C32>::name(), "rocblas_scasum");
        assert_eq!(ExtremumWork::<f64, i32, true>::name(), "rocblas_idamin");
    }

    #[test]
    fn cuts_cover_every_element_of_every_member_once() {
        for (n, batch, serial) in [
            (0, 1, false),
            (5, 3, false),
            (300_000, 2, false),
            (70_000, 2, true),
        ] {
            let cut = Cut::new(n, batch, serial);
            let groups = cut.groups();
            let mut seen = vec![0u8; n * batch];
            for g in 0..groups {
                cut.each(g, groups, |member, range| {
                    range.for_each(|i| seen[member * n + i] += 1);
                });
            }
            assert!(seen.iter().all(|&c| c == 1), "n {n} batch {batch}");
            let want = if serial {
                batch
            } else {
                n.div_ceil(CHUNK).max(1) * batch
            };
            assert_eq!(groups as usize, want);
        }
    }

    #[test]
    fn negative_steps_start_at_the_end() {
        let v = [0, 1, 2, 3, 4, 5, 6];
        let back = Strided::new(v.as_ptr(), 4, -2);
        // SAFETY: indices below 4 at step -2 stay inside the 7 elements.
        let got: Vec<i32> = (0..4).map(|i| unsafe { back.get(i) }).collect();
        assert_eq!(got, [6, 4, 2, 0]);
    }
}
