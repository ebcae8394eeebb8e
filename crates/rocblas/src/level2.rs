//! Level 2: matrix-vector operations.
//!
//! `gemv`, `ger`/`geru`/`gerc`, `symv`/`hemv`, `syr`/`her`, `trmv` and `trsv` in s, d, c and z
//! (rocBLAS has no half-precision Level 2), each written once over the element type and the
//! batching: a plain call is a strided batch of one, and the strided-batched and batched
//! (arrays of pointers) forms fill in [`Batch`]es. Each routine checks its arguments as rocBLAS
//! does, then queues one kernel whose work-groups are pieces of the result:
//!
//! - `gemv` splits the entries of y (rows of A for `N`, columns for `T`/`C`), `symv`/`hemv` the
//!   entries of y, `ger` and `syr`/`her` the columns of A;
//! - `trmv` and `trsv` run one work-group per batch member, serially along the vector. This is
//!   a known limit: a single large triangular solve uses one worker (each step depends on the
//!   ones before it, and the pool gives no barrier between work-groups to order blocks).
//!
//! The triangular kernels (`trmv`, `trsv`) and the symmetric rows (`symv`, `hemv`) are written
//! over `Stored`, a triangle reached column by column, so that the band and packed routines
//! (level2_band.rs, level2_packed.rs) share them.
//!
//! Vectors follow BLAS's increments: with `inc < 0` the vector's entry 0 is the last in memory.
//! One deviation from rocBLAS: in device pointer mode rocBLAS does not check the matrix and
//! vector pointers (alpha is unknown), while here a null one is `invalid_pointer`, since on the
//! CPU agent reading it would end the process rather than fault one kernel.

use crate::element::{Element, C32, C64};
use crate::kernel::{split, Launcher, Scalar, Work};
use crate::level3::Batch;
use crate::types::{fail, Diagonal, Fill, Operation, PointerMode, Result, Status};
use std::borrow::Cow;
use std::marker::PhantomData;
use std::ops::{Add, Div, Mul, Range, Sub};

/// The arithmetic of Level 2 beyond [`Element`]: the s, d, c and z types.
pub trait Field:
    Element + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    /// The real type of its scalars: `her`'s alpha (itself for the real types).
    type RealScalar: Copy + Send + Sync + PartialEq + std::fmt::Debug + Into<Self> + 'static;
    /// The complex conjugate (the value itself for the real types).
    fn conjugated(self) -> Self;
    /// The value with its imaginary part dropped: Hermitian diagonals are real.
    fn real_only(self) -> Self;
}

macro_rules! real_field {
    ($t:ty) => {
        impl Field for $t {
            type RealScalar = $t;
            fn conjugated(self) -> Self {
                self
            }
            fn real_only(self) -> Self {
                self
            }
        }
    };
}
real_field!(f32);
real_field!(f64);

macro_rules! complex_field {
    ($t:ty, $real:ty) => {
        impl Field for $t {
            type RealScalar = $real;
            fn conjugated(self) -> Self {
                <$t>::new(self.re, -self.im)
            }
            fn real_only(self) -> Self {
                <$t>::new(self.re, 0.0)
            }
        }
    };
}
complex_field!(C32, f32);
complex_field!(C64, f64);

pub(crate) fn conj_if<T: Field>(conj: bool, v: T) -> T {
    if conj {
        v.conjugated()
    } else {
        v
    }
}

/// `sum(a[p] * x[p])`, with `a` conjugated when `conj`.
pub(crate) fn dot<T: Field>(a: &[T], x: &[T], conj: bool) -> T {
    let mut s = T::ZERO;
    if conj {
        for (&a, &x) in a.iter().zip(x) {
            s = s + a.conjugated() * x;
        }
    } else {
        for (&a, &x) in a.iter().zip(x) {
            s = s + a * x;
        }
    }
    s
}

/// `y = v + beta * y`; with `beta == 0`, y is not read (BLAS's rule: it may hold NaN).
///
/// # Safety
/// `y` is writable (and readable when `beta != 0`).
pub(crate) unsafe fn store<T: Field>(y: *mut T, v: T, beta: T) {
    // SAFETY: per the contract.
    unsafe {
        if beta == T::ZERO {
            y.write(v);
        } else {
            y.write(v + beta * y.read());
        }
    }
}

/// A BLAS vector in device memory: entry `i` at `first + i * inc`.
#[derive(Clone, Copy)]
pub(crate) struct Vector<T> {
    first: *mut T,
    inc: isize,
}

impl<T: Copy> Vector<T> {
    /// The vector of `len` entries at `p`, `inc` apart; with a negative `inc`, entry 0 is the
    /// last in memory (so `p` is always the lowest address, as in BLAS).
    pub(crate) fn new(p: *const T, len: usize, inc: isize) -> Self {
        let back = if inc < 0 {
            len.saturating_sub(1) as isize * -inc
        } else {
            0
        };
        Vector {
            first: (p as *mut T).wrapping_offset(back),
            inc,
        }
    }

    pub(crate) fn at(self, i: usize) -> *mut T {
        self.first.wrapping_offset(i as isize * self.inc)
    }

    /// Entry `i`.
    ///
    /// # Safety
    /// `i` is inside the vector the caller described.
    pub(crate) unsafe fn get(self, i: usize) -> T {
        // SAFETY: per the contract.
        unsafe { self.at(i).read() }
    }

    /// The first `len` entries, packed.
    ///
    /// # Safety
    /// As [`Vector::get`] for each of them.
    pub(crate) unsafe fn gather(self, len: usize) -> Vec<T> {
        // SAFETY: forwarded.
        (0..len).map(|i| unsafe { self.get(i) }).collect()
    }

    /// The first `len` entries as a slice to read: the vector itself when it is contiguous
    /// (no copy per work-group), else packed.
    ///
    /// # Safety
    /// As [`Vector::get`] for each of them; nothing writes them while the slice lives.
    pub(crate) unsafe fn read<'a>(self, len: usize) -> Cow<'a, [T]> {
        if self.inc == 1 {
            // SAFETY: per the contract, `len` readable entries from `first`.
            Cow::Borrowed(unsafe { std::slice::from_raw_parts(self.first, len) })
        } else {
            // SAFETY: forwarded.
            Cow::Owned(unsafe { self.gather(len) })
        }
    }

    /// Entries `range` as a slice to read (entry `range.start` first): borrowed when the vector
    /// is contiguous, else packed. Banded routines read only the window their piece needs.
    ///
    /// # Safety
    /// As [`Vector::read`].
    pub(crate) unsafe fn read_range<'a>(self, range: Range<usize>) -> Cow<'a, [T]> {
        if self.inc == 1 {
            // SAFETY: per the contract, the entries are readable.
            Cow::Borrowed(unsafe { std::slice::from_raw_parts(self.at(range.start), range.len()) })
        } else {
            // SAFETY: forwarded.
            Cow::Owned(range.map(|i| unsafe { self.get(i) }).collect())
        }
    }

    /// Writes `v` back as the vector's first `v.len()` entries.
    ///
    /// # Safety
    /// They are writable.
    pub(crate) unsafe fn scatter(self, v: &[T]) {
        for (i, &e) in v.iter().enumerate() {
            // SAFETY: per the contract.
            unsafe { self.at(i).write(e) };
        }
    }
}

/// A column-major matrix in device memory that a kernel updates, a column at a time.
#[derive(Clone, Copy)]
pub(crate) struct Matrix<T> {
    base: *mut T,
    ld: usize,
}

impl<T: Copy> Matrix<T> {
    pub(crate) fn new(p: *const T, ld: usize) -> Self {
        Matrix {
            base: p as *mut T,
            ld,
        }
    }

    pub(crate) fn at(self, i: usize, j: usize) -> *mut T {
        self.base.wrapping_add(i + j * self.ld)
    }

    /// `rows` of column `j`, to update.
    ///
    /// # Safety
    /// They are inside the matrix, and nothing else reads or writes them while the slice lives.
    pub(crate) unsafe fn col_mut<'a>(self, j: usize, rows: Range<usize>) -> &'a mut [T] {
        // SAFETY: per the contract.
        unsafe { std::slice::from_raw_parts_mut(self.at(rows.start, j), rows.len()) }
    }
}

/// A column-major matrix in device memory that a kernel only reads, column piece by column
/// piece (never the rows past the matrix between columns, which may be the caller's other data).
pub(crate) struct Columns<'a, T> {
    base: *const T,
    rows: usize,
    cols: usize,
    ld: usize,
    _read: PhantomData<&'a [T]>,
}

impl<'a, T: Copy> Columns<'a, T> {
    /// The `rows x cols` matrix at `p` with leading dimension `ld`.
    ///
    /// # Safety
    /// `ld >= rows`; the matrix's elements are readable, and nothing writes them while the view
    /// lives.
    pub(crate) unsafe fn new(p: *const T, rows: usize, cols: usize, ld: usize) -> Self {
        Columns {
            base: p,
            rows,
            cols,
            ld,
            _read: PhantomData,
        }
    }

    /// `rows` of column `j`.
    pub(crate) fn col(&self, j: usize, rows: Range<usize>) -> &'a [T] {
        assert!(
            j < self.cols && rows.start <= rows.end && rows.end <= self.rows,
            "rows {rows:?} of column {j} are outside a {} x {} matrix",
            self.rows,
            self.cols
        );
        // SAFETY: inside the matrix (checked above), which the constructor's contract makes
        // readable and unwritten for 'a.
        unsafe { std::slice::from_raw_parts(self.base.add(rows.start + j * self.ld), rows.len()) }
    }

    pub(crate) fn get(&self, i: usize, j: usize) -> T {
        self.col(j, i..i + 1)[0]
    }
}

/// Work-groups in one launch, at most: beyond it a group takes several pieces.
pub(crate) const MAX_GROUPS: usize = 1 << 16;

/// Multiply-adds a work-group does, about: fewer and the dispatch costs more than the work.
pub(crate) const GROUP_WORK: usize = 1 << 16;

/// Pieces to split `len` entries of a result into, when each entry costs `cost` multiply-adds:
/// about [`GROUP_WORK`] per piece, and at least `min` entries in each.
pub(crate) fn pieces(len: usize, cost: usize, min: usize) -> usize {
    let per = (GROUP_WORK / cost.max(1)).max(min).max(1);
    len.div_ceil(per).max(1)
}

pub(crate) fn groups(pieces: usize, batch: usize) -> u32 {
    pieces.saturating_mul(batch).min(MAX_GROUPS) as u32
}

pub(crate) fn negative(sizes: &[(&str, i64)]) -> Result<()> {
    for &(name, v) in sizes {
        if v < 0 {
            return fail(
                Status::InvalidSize,
                format!("{name} is {v}: it may not be negative"),
            );
        }
    }
    Ok(())
}

/// rocBLAS's rule for a leading dimension: at least the rows, and at least 1.
pub(crate) fn leading(name: &str, ld: i64, rows: i64) -> Result<()> {
    if ld < rows.max(1) {
        return fail(
            Status::InvalidSize,
            format!("{name} {ld} is less than max(1, {rows}), the rows it must hold"),
        );
    }
    Ok(())
}

pub(crate) fn increments(incs: &[(&str, i64)]) -> Result<()> {
    for &(name, inc) in incs {
        if inc == 0 {
            return fail(Status::InvalidSize, format!("{name} is 0"));
        }
    }
    Ok(())
}

/// The triangle a symmetric or triangular routine reads: `Full` is not one.
pub(crate) fn triangle(uplo: Fill) -> Result<()> {
    if uplo == Fill::Full {
        return fail(
            Status::InvalidValue,
            "uplo must be upper or lower, not full",
        );
    }
    Ok(())
}

pub(crate) fn not_null(what: &[(&str, bool)]) -> Result<()> {
    for &(name, null) in what {
        if null {
            return fail(Status::InvalidPointer, format!("{name} is a null pointer"));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// gemv

/// The arguments of a `gemv` call in rocBLAS's order, after the handle: `y = alpha * op(A) * x
/// + beta * y` with A `m x n`. Vector batches step by their own strides (`stride_x`,
/// `stride_y`); sizes are `i64` so that the 32-bit and `_64` entry points share it.
#[derive(Clone, Copy)]
pub struct Gemv<T> {
    pub trans: Operation,
    pub m: i64,
    pub n: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub beta: *const T,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GemvWork<T: Field> {
    trans: Operation,
    m: usize,
    n: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    lda: usize,
    x: Batch<T>,
    incx: isize,
    beta: Scalar<T>,
    y: Batch<T>,
    incy: isize,
    batch: usize,
    /// Pieces of y per batch member.
    pieces: usize,
}

impl<T: Field> Work for GemvWork<T> {
    fn name() -> String {
        format!("rocblas_{}gemv", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get(), self.beta.get());
        if alpha == T::ZERO && beta == T::ONE {
            return; // device pointer mode's quick return, known only now
        }
        let (x_len, y_len) = match self.trans {
            Operation::None => (self.n, self.m),
            _ => (self.m, self.n),
        };
        let mut item = group as usize;
        while item < self.pieces.saturating_mul(self.batch) {
            let (bi, piece) = (item / self.pieces, item % self.pieces);
            let (r0, r1) = split(y_len, self.pieces, piece);
            let y = Vector::new(self.y.at(bi), y_len, self.incy);
            if alpha == T::ZERO {
                // A and x are not read: rocBLAS lets them be null here.
                for i in r0..r1 {
                    // SAFETY: i is an entry of y, which the caller's memory covers.
                    unsafe { store(y.at(i), T::ZERO, beta) };
                }
            } else {
                // SAFETY: the call was checked as rocBLAS checks it; the caller's A covers
                // m x n with leading dimension lda and x its x_len entries, and y overlaps
                // neither.
                let (a, xs) = unsafe {
                    let a = Columns::new(self.a.at(bi), self.m, self.n, self.lda);
                    (a, Vector::new(self.x.at(bi), x_len, self.incx).read(x_len))
                };
                for (i, v) in (r0..r1).zip(self.piece(&a, &xs, r0..r1)) {
                    // SAFETY: i is an entry of y; pieces hold disjoint entries.
                    unsafe { store(y.at(i), alpha * v, beta) };
                }
            }
            item += groups as usize;
        }
    }
}

impl<T: Field> GemvWork<T> {
    /// Entries `rows` of op(A) * x.
    fn piece(&self, a: &Columns<T>, x: &[T], rows: Range<usize>) -> Vec<T> {
        match self.trans {
            Operation::None => {
                // Column by column, so that A is read down its columns.
                let mut acc = vec![T::ZERO; rows.len()];
                for (j, &xj) in x.iter().enumerate() {
                    for (s, &aij) in acc.iter_mut().zip(a.col(j, rows.clone())) {
                        *s = *s + aij * xj;
                    }
                }
                acc
            }
            trans => {
                let conj = trans == Operation::ConjugateTranspose;
                rows.map(|j| dot(a.col(j, 0..self.m), x, conj)).collect()
            }
        }
    }
}

/// `rocblas_<t>gemv`, `_strided_batched` and `_batched`: `y = alpha * op(A) * x + beta * y`,
/// checked as rocBLAS checks it and queued on `launcher`.
///
/// # Safety
/// The pointers are what the C API says: alpha and beta readable now (host mode) or when the
/// kernel runs (device mode); A, x and y cover their sizes, leading dimension and increments,
/// and y overlaps neither A nor x.
pub unsafe fn gemv<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Gemv<T>,
) -> Result<()> {
    negative(&[("m", g.m), ("n", g.n), ("batch_count", g.batch_count)])?;
    leading("lda", g.lda, g.m)?;
    increments(&[("incx", g.incx), ("incy", g.incy)])?;
    if g.m == 0 || g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(g.alpha, mode, "alpha")? };
    // SAFETY: as above.
    let beta = unsafe { Scalar::from_ptr(g.beta, mode, "beta")? };
    if alpha.known() == Some(T::ZERO) && beta.known() == Some(T::ONE) {
        return Ok(());
    }
    let reads = alpha.known() != Some(T::ZERO);
    not_null(&[
        ("y", g.y.is_null()),
        ("A", reads && g.a.is_null()),
        ("x", reads && g.x.is_null()),
    ])?;
    let (m, n, batch) = (g.m as usize, g.n as usize, g.batch_count as usize);
    let pieces = match g.trans {
        // A few hundred rows per group at least, so that each column is read in long runs.
        Operation::None => pieces(m, n, 256),
        _ => pieces(n, m, 16),
    };
    let work = GemvWork {
        trans: g.trans,
        m,
        n,
        alpha,
        a: g.a,
        lda: g.lda as usize,
        x: g.x,
        incx: g.incx as isize,
        beta,
        y: g.y,
        incy: g.incy as isize,
        batch,
        pieces,
    };
    launcher.launch(groups(pieces, batch), &work)
}

// ---------------------------------------------------------------------------------------------
// ger, geru, gerc

/// The arguments of a `ger`/`geru`/`gerc` call in rocBLAS's order: `A = alpha * x * y^T + A`
/// (`y^H` for `gerc`) with A `m x n`.
#[derive(Clone, Copy)]
pub struct Ger<T> {
    pub m: i64,
    pub n: i64,
    pub alpha: *const T,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub batch_count: i64,
}

/// `ger`'s kernel; `CONJ` is `gerc`.
#[repr(C)]
#[derive(Clone, Copy)]
struct GerWork<T: Field, const CONJ: bool> {
    m: usize,
    n: usize,
    alpha: Scalar<T>,
    x: Batch<T>,
    incx: isize,
    y: Batch<T>,
    incy: isize,
    a: Batch<T>,
    lda: usize,
    batch: usize,
    /// Pieces of A's columns per batch member.
    pieces: usize,
}

impl<T: Field, const CONJ: bool> Work for GerWork<T, CONJ> {
    fn name() -> String {
        let which = match (CONJ, T::PREFIX) {
            (true, _) => "gerc",
            (false, "c" | "z") => "geru",
            (false, _) => "ger",
        };
        format!("rocblas_{}{which}", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha = self.alpha.get();
        if alpha == T::ZERO {
            return;
        }
        let mut item = group as usize;
        while item < self.pieces.saturating_mul(self.batch) {
            let (bi, piece) = (item / self.pieces, item % self.pieces);
            let (c0, c1) = split(self.n, self.pieces, piece);
            let a = Matrix::new(self.a.at(bi), self.lda);
            let x = Vector::new(self.x.at(bi), self.m, self.incx);
            let y = Vector::new(self.y.at(bi), self.n, self.incy);
            // SAFETY: the call was checked as rocBLAS checks it; x has m entries and y n, A
            // is m x n, A overlaps neither vector, and pieces hold disjoint columns.
            unsafe {
                let xs = x.read(self.m);
                for j in c0..c1 {
                    let t = alpha * conj_if(CONJ, y.get(j));
                    for (aij, &xi) in a.col_mut(j, 0..self.m).iter_mut().zip(xs.iter()) {
                        *aij = *aij + xi * t;
                    }
                }
            }
            item += groups as usize;
        }
    }
}

/// `A = alpha * x * y^T (conjugated y when CONJ) + A`, checked as rocBLAS checks it.
///
/// # Safety
/// As [`ger`].
unsafe fn rank_one<T: Field, const CONJ: bool, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Ger<T>,
) -> Result<()> {
    negative(&[("m", g.m), ("n", g.n), ("batch_count", g.batch_count)])?;
    leading("lda", g.lda, g.m)?;
    increments(&[("incx", g.incx), ("incy", g.incy)])?;
    if g.m == 0 || g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(g.alpha, mode, "alpha")? };
    if alpha.known() == Some(T::ZERO) {
        return Ok(());
    }
    not_null(&[
        ("A", g.a.is_null()),
        ("x", g.x.is_null()),
        ("y", g.y.is_null()),
    ])?;
    let (m, n, batch) = (g.m as usize, g.n as usize, g.batch_count as usize);
    let pieces = pieces(n, m, 1);
    let work = GerWork::<T, CONJ> {
        m,
        n,
        alpha,
        x: g.x,
        incx: g.incx as isize,
        y: g.y,
        incy: g.incy as isize,
        a: g.a,
        lda: g.lda as usize,
        batch,
        pieces,
    };
    launcher.launch(groups(pieces, batch), &work)
}

/// `rocblas_<s|d>ger` and `rocblas_<c|z>geru`, with `_strided_batched` and `_batched`:
/// `A = alpha * x * y^T + A`.
///
/// # Safety
/// The pointers are what the C API says: alpha readable now (host mode) or when the kernel
/// runs (device mode); A, x and y cover their sizes, leading dimension and increments, and A
/// overlaps neither vector.
pub unsafe fn ger<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Ger<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { rank_one::<T, false, L>(launcher, mode, g) }
}

/// `rocblas_<c|z>gerc`, with `_strided_batched` and `_batched`: `A = alpha * x * y^H + A`.
///
/// # Safety
/// As [`ger`].
pub unsafe fn gerc<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Ger<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { rank_one::<T, true, L>(launcher, mode, g) }
}

// ---------------------------------------------------------------------------------------------
// symv, hemv

/// The arguments of a `symv`/`hemv` call in rocBLAS's order: `y = alpha * A * x + beta * y`
/// with A `n x n` symmetric (Hermitian for `hemv`), read from its `uplo` triangle only.
#[derive(Clone, Copy)]
pub struct Symv<T> {
    pub uplo: Fill,
    pub n: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub beta: *const T,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

/// `symv`'s kernel; `HERM` is `hemv`.
#[repr(C)]
#[derive(Clone, Copy)]
struct SymvWork<T: Field, const HERM: bool> {
    uplo: Fill,
    n: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    lda: usize,
    x: Batch<T>,
    incx: isize,
    beta: Scalar<T>,
    y: Batch<T>,
    incy: isize,
    batch: usize,
    pieces: usize,
}

impl<T: Field, const HERM: bool> Work for SymvWork<T, HERM> {
    fn name() -> String {
        format!(
            "rocblas_{}{}",
            T::PREFIX,
            if HERM { "hemv" } else { "symv" }
        )
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get(), self.beta.get());
        if alpha == T::ZERO && beta == T::ONE {
            return;
        }
        let n = self.n;
        let upper = self.uplo == Fill::Upper;
        let mut item = group as usize;
        while item < self.pieces.saturating_mul(self.batch) {
            let (bi, piece) = (item / self.pieces, item % self.pieces);
            let (r0, r1) = split(n, self.pieces, piece);
            let y = Vector::new(self.y.at(bi), n, self.incy);
            if alpha == T::ZERO {
                for i in r0..r1 {
                    // SAFETY: i is an entry of y, which the caller's memory covers.
                    unsafe { store(y.at(i), T::ZERO, beta) };
                }
                item += groups as usize;
                continue;
            }
            // SAFETY: the call was checked as rocBLAS checks it; the caller's A covers n x n
            // with leading dimension lda and x its n entries, and y overlaps neither.
            let (a, xs) = unsafe {
                let a = Columns::new(self.a.at(bi), n, n, self.lda);
                (a, Vector::new(self.x.at(bi), n, self.incx).read(n))
            };
            let a = Full { a, n, upper };
            for i in r0..r1 {
                let s = symmetric_row(&a, HERM, &xs, 0, i);
                // SAFETY: i is an entry of y; pieces hold disjoint entries.
                unsafe { store(y.at(i), alpha * s, beta) };
            }
            item += groups as usize;
        }
    }
}

/// `y = alpha * A * x + beta * y` for symmetric (Hermitian when HERM) A.
///
/// # Safety
/// As [`symv`].
unsafe fn symmetric_mv<T: Field, const HERM: bool, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Symv<T>,
) -> Result<()> {
    triangle(g.uplo)?;
    negative(&[("n", g.n), ("batch_count", g.batch_count)])?;
    leading("lda", g.lda, g.n)?;
    increments(&[("incx", g.incx), ("incy", g.incy)])?;
    if g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(g.alpha, mode, "alpha")? };
    // SAFETY: as above.
    let beta = unsafe { Scalar::from_ptr(g.beta, mode, "beta")? };
    if alpha.known() == Some(T::ZERO) && beta.known() == Some(T::ONE) {
        return Ok(());
    }
    let reads = alpha.known() != Some(T::ZERO);
    not_null(&[
        ("y", g.y.is_null()),
        ("A", reads && g.a.is_null()),
        ("x", reads && g.x.is_null()),
    ])?;
    let (n, batch) = (g.n as usize, g.batch_count as usize);
    let pieces = pieces(n, n, 16);
    let work = SymvWork::<T, HERM> {
        uplo: g.uplo,
        n,
        alpha,
        a: g.a,
        lda: g.lda as usize,
        x: g.x,
        incx: g.incx as isize,
        beta,
        y: g.y,
        incy: g.incy as isize,
        batch,
        pieces,
    };
    launcher.launch(groups(pieces, batch), &work)
}

/// `rocblas_<t>symv`, `_strided_batched` and `_batched`: `y = alpha * A * x + beta * y` with A
/// symmetric, read from its `uplo` triangle.
///
/// # Safety
/// As [`gemv`], for an `n x n` A.
pub unsafe fn symv<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Symv<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { symmetric_mv::<T, false, L>(launcher, mode, g) }
}

/// `rocblas_<c|z>hemv`, `_strided_batched` and `_batched`: `y = alpha * A * x + beta * y`
/// with A Hermitian, read from its `uplo` triangle (the diagonal's imaginary parts ignored).
///
/// # Safety
/// As [`gemv`], for an `n x n` A.
pub unsafe fn hemv<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Symv<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { symmetric_mv::<T, true, L>(launcher, mode, g) }
}

// ---------------------------------------------------------------------------------------------
// syr, her

/// The arguments of a `syr`/`her` call in rocBLAS's order: `A = alpha * x * x^T + A` (`x^H`
/// for `her`) on the `uplo` triangle of the `n x n` A. `S` is alpha's type: `T` for `syr`, the
/// real type for `her` (see [`Her`]).
#[derive(Clone, Copy)]
pub struct Syr<T, S = T> {
    pub uplo: Fill,
    pub n: i64,
    pub alpha: *const S,
    pub x: Batch<T>,
    pub incx: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub batch_count: i64,
}

/// The arguments of a `her` call: [`Syr`] with a real alpha.
pub type Her<T> = Syr<T, <T as Field>::RealScalar>;

/// `syr`'s kernel; `HERM` is `her`.
#[repr(C)]
#[derive(Clone, Copy)]
struct SyrWork<T: Field, S: Copy + Send + Into<T> + 'static, const HERM: bool> {
    uplo: Fill,
    n: usize,
    alpha: Scalar<S>,
    x: Batch<T>,
    incx: isize,
    a: Batch<T>,
    lda: usize,
    batch: usize,
    pieces: usize,
}

impl<T: Field, S: Copy + Send + Into<T> + 'static, const HERM: bool> Work for SyrWork<T, S, HERM> {
    fn name() -> String {
        format!("rocblas_{}{}", T::PREFIX, if HERM { "her" } else { "syr" })
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha: T = self.alpha.get().into();
        if alpha == T::ZERO {
            return;
        }
        let n = self.n;
        let mut item = group as usize;
        while item < self.pieces.saturating_mul(self.batch) {
            let (bi, piece) = (item / self.pieces, item % self.pieces);
            let (c0, c1) = split(n, self.pieces, piece);
            let a = Matrix::new(self.a.at(bi), self.lda);
            let x = Vector::new(self.x.at(bi), n, self.incx);
            // SAFETY: the call was checked as rocBLAS checks it; x has n entries, A is n x n
            // and overlaps x not, and pieces hold disjoint columns.
            unsafe {
                let xs = x.read(n);
                for j in c0..c1 {
                    let rows = if self.uplo == Fill::Upper {
                        0..j + 1
                    } else {
                        j..n
                    };
                    let t = alpha * conj_if(HERM, xs[j]);
                    let col = a.col_mut(j, rows.clone());
                    for (aij, &xi) in col.iter_mut().zip(&xs[rows]) {
                        *aij = *aij + xi * t;
                    }
                    if HERM {
                        // BLAS's her leaves the diagonal real.
                        let d = a.at(j, j);
                        d.write(d.read().real_only());
                    }
                }
            }
            item += groups as usize;
        }
    }
}

/// `A = alpha * x * x^T + A` (conjugated when HERM) on a triangle.
///
/// # Safety
/// As [`syr`].
unsafe fn symmetric_rank_one<T, S, const HERM: bool, L>(
    launcher: &L,
    mode: PointerMode,
    g: &Syr<T, S>,
) -> Result<()>
where
    T: Field,
    S: Copy + Send + Into<T> + 'static,
    L: Launcher,
{
    triangle(g.uplo)?;
    negative(&[("n", g.n), ("batch_count", g.batch_count)])?;
    leading("lda", g.lda, g.n)?;
    increments(&[("incx", g.incx)])?;
    if g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(g.alpha, mode, "alpha")? };
    if alpha.known().map(Into::into) == Some(T::ZERO) {
        return Ok(());
    }
    not_null(&[("A", g.a.is_null()), ("x", g.x.is_null())])?;
    let (n, batch) = (g.n as usize, g.batch_count as usize);
    let pieces = pieces(n, n / 2, 1);
    let work = SyrWork::<T, S, HERM> {
        uplo: g.uplo,
        n,
        alpha,
        x: g.x,
        incx: g.incx as isize,
        a: g.a,
        lda: g.lda as usize,
        batch,
        pieces,
    };
    launcher.launch(groups(pieces, batch), &work)
}

/// `rocblas_<t>syr`, `_strided_batched` and `_batched`: `A = alpha * x * x^T + A` on the
/// `uplo` triangle of A.
///
/// # Safety
/// The pointers are what the C API says: alpha readable now (host mode) or when the kernel
/// runs (device mode); A and x cover their sizes, leading dimension and increment, and do not
/// overlap.
pub unsafe fn syr<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Syr<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { symmetric_rank_one::<T, T, false, L>(launcher, mode, g) }
}

/// `rocblas_<c|z>her`, `_strided_batched` and `_batched`: `A = alpha * x * x^H + A` on the
/// `uplo` triangle of A, alpha real; the diagonal is left real.
///
/// # Safety
/// As [`syr`].
pub unsafe fn her<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Her<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { symmetric_rank_one::<T, T::RealScalar, true, L>(launcher, mode, g) }
}

// ---------------------------------------------------------------------------------------------
// trmv, trsv

/// The arguments of a `trmv` or `trsv` call in rocBLAS's order: `x = op(A) * x` or solve
/// `op(A) * x = b` in place, A `n x n` triangular (its `uplo` triangle; with a unit diagonal,
/// the diagonal is not read).
#[derive(Clone, Copy)]
pub struct Trmv<T> {
    pub uplo: Fill,
    pub trans: Operation,
    pub diag: Diagonal,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub batch_count: i64,
}

/// The arguments of a `trsv` call: the same as `trmv`'s.
pub type Trsv<T> = Trmv<T>;

/// The kernel of `trmv`, or of `trsv` when `SOLVE`: one work-group per batch member.
#[repr(C)]
#[derive(Clone, Copy)]
struct TriangularWork<T: Field, const SOLVE: bool> {
    uplo: Fill,
    trans: Operation,
    diag: Diagonal,
    n: usize,
    a: Batch<T>,
    lda: usize,
    x: Batch<T>,
    incx: isize,
    batch: usize,
}

impl<T: Field, const SOLVE: bool> Work for TriangularWork<T, SOLVE> {
    fn name() -> String {
        format!(
            "rocblas_{}{}",
            T::PREFIX,
            if SOLVE { "trsv" } else { "trmv" }
        )
    }

    fn run(&self, group: u32, groups: u32) {
        let n = self.n;
        let mut bi = group as usize;
        while bi < self.batch {
            let x = Vector::new(self.x.at(bi), n, self.incx);
            // SAFETY: the call was checked as rocBLAS checks it; the caller's A covers n x n
            // with leading dimension lda and x its n entries, and they do not overlap.
            let (a, mut xs) = unsafe { (Columns::new(self.a.at(bi), n, n, self.lda), x.gather(n)) };
            let a = Full {
                a,
                n,
                upper: self.uplo == Fill::Upper,
            };
            if SOLVE {
                triangular_solve(&a, self.trans, self.diag, &mut xs);
            } else {
                triangular_multiply(&a, self.trans, self.diag, &mut xs);
            }
            // SAFETY: as above; one work-group per batch member.
            unsafe { x.scatter(&xs) };
            bi += groups as usize;
        }
    }
}

/// The stored triangle of an `n x n` triangular, symmetric or Hermitian matrix, column by
/// column: full (`trmv`, `symv`), banded (`tbmv`, `sbmv`) or packed (`tpmv`, `spmv`). In all
/// three, the part of a column stored off the diagonal is contiguous, so that the triangular
/// and symmetric kernels are written once over this trait.
pub(crate) trait Stored<T> {
    /// Whether the upper triangle is the stored one.
    fn upper(&self) -> bool;
    /// The rows of column `j` stored off the diagonal (above it for upper, below for lower),
    /// and those elements.
    fn column(&self, j: usize) -> (Range<usize>, &[T]);
    /// Element (j, j).
    fn diagonal(&self, j: usize) -> T;
    /// The columns other than `i` whose stored part holds row `i`.
    fn row(&self, i: usize) -> Range<usize>;

    /// Stored element (i, j), off the diagonal.
    fn at(&self, i: usize, j: usize) -> T
    where
        T: Copy,
    {
        let (rows, col) = self.column(j);
        col[i - rows.start]
    }
}

/// A full `n x n` matrix's `uplo` triangle (leading dimension `lda`).
pub(crate) struct Full<'a, T> {
    pub(crate) a: Columns<'a, T>,
    pub(crate) n: usize,
    pub(crate) upper: bool,
}

impl<T: Copy> Stored<T> for Full<'_, T> {
    fn upper(&self) -> bool {
        self.upper
    }
    fn column(&self, j: usize) -> (Range<usize>, &[T]) {
        let rows = if self.upper { 0..j } else { j + 1..self.n };
        (rows.clone(), self.a.col(j, rows))
    }
    fn diagonal(&self, j: usize) -> T {
        self.a.get(j, j)
    }
    fn row(&self, i: usize) -> Range<usize> {
        if self.upper {
            i + 1..self.n
        } else {
            0..i
        }
    }
}

/// `(A x)(i)` for a symmetric (Hermitian when `herm`) A stored in `a`, with `x` the window of
/// the vector from entry `x0` on (covering the columns row i reaches).
pub(crate) fn symmetric_row<T: Field, A: Stored<T>>(
    a: &A,
    herm: bool,
    x: &[T],
    x0: usize,
    i: usize,
) -> T {
    // Row i off the diagonal on the unstored side is column i, mirrored (conjugated for a
    // Hermitian A); the diagonal is real for one; the rest is row i as stored.
    let (rows, col) = a.column(i);
    let mut s = dot(col, &x[rows.start - x0..rows.end - x0], herm);
    let d = a.diagonal(i);
    s = s + if herm { d.real_only() } else { d } * x[i - x0];
    for j in a.row(i) {
        s = s + a.at(i, j) * x[j - x0];
    }
    s
}

/// op(A)(j, j) of a stored triangle: 1 for a unit diagonal (then A's is not read).
fn triangular_diagonal<T: Field, A: Stored<T>>(
    a: &A,
    trans: Operation,
    diag: Diagonal,
    j: usize,
) -> T {
    if diag == Diagonal::Unit {
        return T::ONE;
    }
    conj_if(trans == Operation::ConjugateTranspose, a.diagonal(j))
}

/// `x = op(A) * x` in place for a triangular A stored in `a`: each step reads only entries of
/// x not yet overwritten.
pub(crate) fn triangular_multiply<T: Field, A: Stored<T>>(
    a: &A,
    trans: Operation,
    diag: Diagonal,
    x: &mut [T],
) {
    let n = x.len();
    let conj = trans == Operation::ConjugateTranspose;
    let d = |j| triangular_diagonal(a, trans, diag, j);
    match (trans, a.upper()) {
        (Operation::None, true) => {
            for j in 0..n {
                let t = x[j];
                let (rows, col) = a.column(j);
                for (xi, &aij) in x[rows].iter_mut().zip(col) {
                    *xi = *xi + aij * t;
                }
                x[j] = d(j) * t;
            }
        }
        (Operation::None, false) => {
            for j in (0..n).rev() {
                let t = x[j];
                let (rows, col) = a.column(j);
                for (xi, &aij) in x[rows].iter_mut().zip(col) {
                    *xi = *xi + aij * t;
                }
                x[j] = d(j) * t;
            }
        }
        // op(A) is lower triangular: row i of op(A) is column i of A above the diagonal.
        (_, true) => {
            for i in (0..n).rev() {
                let (rows, col) = a.column(i);
                x[i] = d(i) * x[i] + dot(col, &x[rows], conj);
            }
        }
        (_, false) => {
            for i in 0..n {
                let (rows, col) = a.column(i);
                x[i] = d(i) * x[i] + dot(col, &x[rows], conj);
            }
        }
    }
}

/// Solves `op(A) * x = b` in place (b given in x) by substitution for a triangular A stored in
/// `a`; a zero on the diagonal gives infinities or NaN, as in BLAS (no singularity test).
pub(crate) fn triangular_solve<T: Field, A: Stored<T>>(
    a: &A,
    trans: Operation,
    diag: Diagonal,
    x: &mut [T],
) {
    let n = x.len();
    let conj = trans == Operation::ConjugateTranspose;
    let divide = |v: T, j: usize| {
        if diag == Diagonal::Unit {
            v
        } else {
            v / triangular_diagonal(a, trans, diag, j)
        }
    };
    match (trans, a.upper()) {
        (Operation::None, true) => {
            for j in (0..n).rev() {
                x[j] = divide(x[j], j);
                let t = x[j];
                let (rows, col) = a.column(j);
                for (xi, &aij) in x[rows].iter_mut().zip(col) {
                    *xi = *xi - aij * t;
                }
            }
        }
        (Operation::None, false) => {
            for j in 0..n {
                x[j] = divide(x[j], j);
                let t = x[j];
                let (rows, col) = a.column(j);
                for (xi, &aij) in x[rows].iter_mut().zip(col) {
                    *xi = *xi - aij * t;
                }
            }
        }
        // op(A) is lower triangular: forward substitution with dots down A's columns.
        (_, true) => {
            for i in 0..n {
                let (rows, col) = a.column(i);
                x[i] = divide(x[i] - dot(col, &x[rows], conj), i);
            }
        }
        (_, false) => {
            for i in (0..n).rev() {
                let (rows, col) = a.column(i);
                x[i] = divide(x[i] - dot(col, &x[rows], conj), i);
            }
        }
    }
}

/// `x = op(A) * x` or solve `op(A) * x = b`, checked as rocBLAS checks them.
///
/// # Safety
/// As [`trmv`].
unsafe fn triangular<T: Field, const SOLVE: bool, L: Launcher>(
    launcher: &L,
    t: &Trmv<T>,
) -> Result<()> {
    triangle(t.uplo)?;
    negative(&[("n", t.n), ("batch_count", t.batch_count)])?;
    leading("lda", t.lda, t.n)?;
    increments(&[("incx", t.incx)])?;
    if t.n == 0 || t.batch_count == 0 {
        return Ok(());
    }
    not_null(&[("A", t.a.is_null()), ("x", t.x.is_null())])?;
    let batch = t.batch_count as usize;
    let work = TriangularWork::<T, SOLVE> {
        uplo: t.uplo,
        trans: t.trans,
        diag: t.diag,
        n: t.n as usize,
        a: t.a,
        lda: t.lda as usize,
        x: t.x,
        incx: t.incx as isize,
        batch,
    };
    launcher.launch(groups(1, batch), &work)
}

/// `rocblas_<t>trmv`, `_strided_batched` and `_batched`: `x = op(A) * x` for triangular A.
/// One work-group per batch member (see the module's note on the serial limit).
///
/// # Safety
/// A and x cover their sizes, leading dimension and increment, and do not overlap.
pub unsafe fn trmv<T: Field, L: Launcher>(launcher: &L, t: &Trmv<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { triangular::<T, false, L>(launcher, t) }
}

/// `rocblas_<t>trsv`, `_strided_batched` and `_batched`: solves `op(A) * x = b` for triangular
/// A, x holding b on entry. One work-group per batch member (see the module's note on the
/// serial limit).
///
/// # Safety
/// As [`trmv`].
pub unsafe fn trsv<T: Field, L: Launcher>(launcher: &L, t: &Trsv<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { triangular::<T, true, L>(launcher, t) }
}

// ---------------------------------------------------------------------------------------------
// The safe API

#[cfg(feature = "hip")]
mod safe {
    use super::*;
    use crate::handle::{covers, size, Handle};
    use hip::DeviceBuffer;

    /// `buf` holds a BLAS vector of `len` entries `inc` apart (a zero `inc` is left to the
    /// routine's own check).
    fn covers_vector<T: Copy>(
        what: &str,
        buf: &DeviceBuffer<T>,
        len: usize,
        inc: i64,
    ) -> Result<()> {
        if len == 0 || inc == 0 {
            return Ok(());
        }
        let need = (len - 1)
            .checked_mul(inc.unsigned_abs() as usize)
            .and_then(|v| v.checked_add(1))
            .unwrap_or(usize::MAX);
        if buf.len() < need {
            return fail(
                Status::InvalidSize,
                format!(
                    "{what} has {len} entries {inc} apart: it needs {need} elements, the buffer \
                     has {}",
                    buf.len()
                ),
            );
        }
        Ok(())
    }

    impl Handle {
        /// `y = alpha * op(A) * x + beta * y` with A `m x n` column-major (`rocblas_<t>gemv`):
        /// queued on the handle's stream; returns at once.
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn gemv<T: Field>(
            &self,
            trans: Operation,
            (m, n): (usize, usize),
            alpha: T,
            a: &DeviceBuffer<T>,
            lda: usize,
            x: &DeviceBuffer<T>,
            incx: i64,
            beta: T,
            y: &mut DeviceBuffer<T>,
            incy: i64,
        ) -> Result<()> {
            let (x_len, y_len) = match trans {
                Operation::None => (n, m),
                _ => (m, n),
            };
            if m > 0 && n > 0 {
                covers("A", a, (m, n), lda)?;
                covers_vector("x", x, x_len, incx)?;
                covers_vector("y", y, y_len, incy)?;
            }
            let g = Gemv {
                trans,
                m: size(m)?,
                n: size(n)?,
                alpha: &alpha,
                a: Batch::one(a.as_ptr()),
                lda: size(lda)?,
                x: Batch::one(x.as_ptr()),
                incx,
                beta: &beta,
                y: Batch::one(y.as_ptr()),
                incy,
                batch_count: 1,
            };
            // SAFETY: host scalars live across the call; the buffers cover the matrix and the
            // vectors (checked above), y is borrowed mutably so overlaps neither, and they
            // outlive the queued kernel as device memory does in HIP.
            unsafe { gemv(self, PointerMode::Host, &g) }
        }

        /// `A = alpha * x * y^T + A` (`rocblas_<s|d>ger`, `rocblas_<c|z>geru`).
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn ger<T: Field>(
            &self,
            (m, n): (usize, usize),
            alpha: T,
            x: &DeviceBuffer<T>,
            incx: i64,
            y: &DeviceBuffer<T>,
            incy: i64,
            a: &mut DeviceBuffer<T>,
            lda: usize,
        ) -> Result<()> {
            let g = self.ger_args((m, n), &alpha, x, incx, y, incy, a, lda)?;
            // SAFETY: as in `gemv`, A borrowed mutably.
            unsafe { ger(self, PointerMode::Host, &g) }
        }

        /// `A = alpha * x * y^H + A` (`rocblas_<c|z>gerc`).
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn gerc<T: Field>(
            &self,
            (m, n): (usize, usize),
            alpha: T,
            x: &DeviceBuffer<T>,
            incx: i64,
            y: &DeviceBuffer<T>,
            incy: i64,
            a: &mut DeviceBuffer<T>,
            lda: usize,
        ) -> Result<()> {
            let g = self.ger_args((m, n), &alpha, x, incx, y, incy, a, lda)?;
            // SAFETY: as in `gemv`, A borrowed mutably.
            unsafe { gerc(self, PointerMode::Host, &g) }
        }

        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        fn ger_args<T: Field>(
            &self,
            (m, n): (usize, usize),
            alpha: &T,
            x: &DeviceBuffer<T>,
            incx: i64,
            y: &DeviceBuffer<T>,
            incy: i64,
            a: &mut DeviceBuffer<T>,
            lda: usize,
        ) -> Result<Ger<T>> {
            if m > 0 && n > 0 {
                covers_vector("x", x, m, incx)?;
                covers_vector("y", y, n, incy)?;
                covers("A", a, (m, n), lda)?;
            }
            Ok(Ger {
                m: size(m)?,
                n: size(n)?,
                alpha,
                x: Batch::one(x.as_ptr()),
                incx,
                y: Batch::one(y.as_ptr()),
                incy,
                a: Batch::one(a.as_ptr()),
                lda: size(lda)?,
                batch_count: 1,
            })
        }

        /// `y = alpha * A * x + beta * y`, A symmetric in its `uplo` triangle
        /// (`rocblas_<t>symv`).
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn symv<T: Field>(
            &self,
            uplo: Fill,
            n: usize,
            alpha: T,
            a: &DeviceBuffer<T>,
            lda: usize,
            x: &DeviceBuffer<T>,
            incx: i64,
            beta: T,
            y: &mut DeviceBuffer<T>,
            incy: i64,
        ) -> Result<()> {
            let g = symv_args(uplo, n, &alpha, a, lda, x, incx, &beta, y, incy)?;
            // SAFETY: as in `gemv`.
            unsafe { symv(self, PointerMode::Host, &g) }
        }

        /// `y = alpha * A * x + beta * y`, A Hermitian in its `uplo` triangle
        /// (`rocblas_<c|z>hemv`).
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn hemv<T: Field>(
            &self,
            uplo: Fill,
            n: usize,
            alpha: T,
            a: &DeviceBuffer<T>,
            lda: usize,
            x: &DeviceBuffer<T>,
            incx: i64,
            beta: T,
            y: &mut DeviceBuffer<T>,
            incy: i64,
        ) -> Result<()> {
            let g = symv_args(uplo, n, &alpha, a, lda, x, incx, &beta, y, incy)?;
            // SAFETY: as in `gemv`.
            unsafe { hemv(self, PointerMode::Host, &g) }
        }

        /// `A = alpha * x * x^T + A` on the `uplo` triangle (`rocblas_<t>syr`).
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn syr<T: Field>(
            &self,
            uplo: Fill,
            n: usize,
            alpha: T,
            x: &DeviceBuffer<T>,
            incx: i64,
            a: &mut DeviceBuffer<T>,
            lda: usize,
        ) -> Result<()> {
            let g = syr_args(uplo, n, &alpha, x, incx, a, lda)?;
            // SAFETY: as in `gemv`, A borrowed mutably.
            unsafe { syr(self, PointerMode::Host, &g) }
        }

        /// `A = alpha * x * x^H + A` on the `uplo` triangle, alpha real (`rocblas_<c|z>her`).
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn her<T: Field>(
            &self,
            uplo: Fill,
            n: usize,
            alpha: T::RealScalar,
            x: &DeviceBuffer<T>,
            incx: i64,
            a: &mut DeviceBuffer<T>,
            lda: usize,
        ) -> Result<()> {
            let g = syr_args(uplo, n, &alpha, x, incx, a, lda)?;
            // SAFETY: as in `gemv`, A borrowed mutably.
            unsafe { her(self, PointerMode::Host, &g) }
        }

        /// `x = op(A) * x`, A triangular (`rocblas_<t>trmv`).
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn trmv<T: Field>(
            &self,
            uplo: Fill,
            trans: Operation,
            diag: Diagonal,
            n: usize,
            a: &DeviceBuffer<T>,
            lda: usize,
            x: &mut DeviceBuffer<T>,
            incx: i64,
        ) -> Result<()> {
            let t = triangular_args(uplo, trans, diag, n, a, lda, x, incx)?;
            // SAFETY: as in `gemv`, x borrowed mutably.
            unsafe { trmv(self, &t) }
        }

        /// Solves `op(A) * x = b` in place, A triangular (`rocblas_<t>trsv`).
        #[allow(clippy::too_many_arguments)] // BLAS's own argument list
        pub fn trsv<T: Field>(
            &self,
            uplo: Fill,
            trans: Operation,
            diag: Diagonal,
            n: usize,
            a: &DeviceBuffer<T>,
            lda: usize,
            x: &mut DeviceBuffer<T>,
            incx: i64,
        ) -> Result<()> {
            let t = triangular_args(uplo, trans, diag, n, a, lda, x, incx)?;
            // SAFETY: as in `gemv`, x borrowed mutably.
            unsafe { trsv(self, &t) }
        }
    }

    #[allow(clippy::too_many_arguments)] // BLAS's own argument list
    fn symv_args<T: Field>(
        uplo: Fill,
        n: usize,
        alpha: &T,
        a: &DeviceBuffer<T>,
        lda: usize,
        x: &DeviceBuffer<T>,
        incx: i64,
        beta: &T,
        y: &mut DeviceBuffer<T>,
        incy: i64,
    ) -> Result<Symv<T>> {
        covers("A", a, (n, n), lda)?;
        covers_vector("x", x, n, incx)?;
        covers_vector("y", y, n, incy)?;
        Ok(Symv {
            uplo,
            n: size(n)?,
            alpha,
            a: Batch::one(a.as_ptr()),
            lda: size(lda)?,
            x: Batch::one(x.as_ptr()),
            incx,
            beta,
            y: Batch::one(y.as_ptr()),
            incy,
            batch_count: 1,
        })
    }

    fn syr_args<T: Field, S>(
        uplo: Fill,
        n: usize,
        alpha: &S,
        x: &DeviceBuffer<T>,
        incx: i64,
        a: &mut DeviceBuffer<T>,
        lda: usize,
    ) -> Result<Syr<T, S>> {
        covers_vector("x", x, n, incx)?;
        covers("A", a, (n, n), lda)?;
        Ok(Syr {
            uplo,
            n: size(n)?,
            alpha,
            x: Batch::one(x.as_ptr()),
            incx,
            a: Batch::one(a.as_ptr()),
            lda: size(lda)?,
            batch_count: 1,
        })
    }

    #[allow(clippy::too_many_arguments)] // BLAS's own argument list
    fn triangular_args<T: Field>(
        uplo: Fill,
        trans: Operation,
        diag: Diagonal,
        n: usize,
        a: &DeviceBuffer<T>,
        lda: usize,
        x: &mut DeviceBuffer<T>,
        incx: i64,
    ) -> Result<Trmv<T>> {
        covers("A", a, (n, n), lda)?;
        covers_vector("x", x, n, incx)?;
        Ok(Trmv {
            uplo,
            trans,
            diag,
            n: size(n)?,
            a: Batch::one(a.as_ptr()),
            lda: size(lda)?,
            x: Batch::one(x.as_ptr()),
            incx,
            batch_count: 1,
        })
    }
}
