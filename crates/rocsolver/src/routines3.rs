//! rocSOLVER's routines over [`crate::lapack3`]: `gesv` (in place and out of place),
//! `gels_outofplace`, `potri`, `ormqr` / `unmqr` and `sygvd` / `hegvd`. As in
//! [`crate::routines`]: rocSOLVER's argument checks, in its order (values, then sizes, then
//! pointers), then one kernel on the handle's stream whose work-groups each take members of
//! the batch.

use crate::lapack::{Field, View};
use crate::lapack2::Real;
use crate::lapack3::{self, EigenForm};
use crate::routines::{check_pointer, check_sizes, groups, members, triangle, Strided};
use crate::routines2::Evect;
use faer::traits::ComplexField;
use rocblas::kernel::{Launcher, Ptr, Work};
use rocblas::level3::Batch;
use rocblas::{fail, Fill, Operation, Result, Side, Status};

/// `gesv` / `gesv_outofplace` and their batched forms: A X = B by LU with partial pivoting.
#[derive(Clone, Copy)]
pub struct Gesv<T> {
    pub n: i64,
    pub nrhs: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// n pivots per member.
    pub ipiv: Strided<i32>,
    pub b: Batch<T>,
    pub ldb: i64,
    /// Where X goes: `b` itself (with `ldb`) for `gesv`.
    pub x: Batch<T>,
    pub ldx: i64,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GesvWork<T> {
    n: usize,
    nrhs: usize,
    a: Batch<T>,
    lda: usize,
    ipiv: Strided<i32>,
    b: Batch<T>,
    ldb: usize,
    x: Batch<T>,
    ldx: usize,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for GesvWork<T> {
    fn name() -> String {
        format!("rocsolver_{}gesv", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        for m in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A n x n, B and X n x nrhs with their leading
            // dimensions, n pivots and one info per member; nothing is read when n is 0.
            unsafe {
                let info = if self.n == 0 {
                    0
                } else {
                    let a = View::col_major(self.a.at(m) as *mut T, self.n, self.n, self.lda);
                    let ipiv = std::slice::from_raw_parts_mut(self.ipiv.at(m), self.n);
                    let (pb, px) = if self.nrhs == 0 {
                        (std::ptr::null_mut(), std::ptr::null_mut())
                    } else {
                        (self.b.at(m) as *mut T, self.x.at(m) as *mut T)
                    };
                    let b = View::col_major(pb, self.n, self.nrhs, self.ldb);
                    let x = View::col_major(px, self.n, self.nrhs, self.ldx);
                    lapack3::gesv(a, ipiv, b, x)
                };
                *self.info.mutable().add(m) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract: the pointers cover what the sizes say.
pub unsafe fn gesv<T: Field, L: Launcher>(l: &L, g: &Gesv<T>) -> Result<()> {
    check_sizes(
        "n, nrhs and batch_count may not be negative, nor lda, ldb or ldx less than n",
        g.n >= 0
            && g.nrhs >= 0
            && g.lda >= g.n.max(1)
            && g.ldb >= g.n.max(1)
            && g.ldx >= g.n.max(1)
            && g.batch_count >= 0,
    )?;
    check_pointer("A", g.n == 0 || !g.a.is_null())?;
    check_pointer("ipiv", g.n == 0 || !g.ipiv.base.is_null())?;
    check_pointer("B", g.n == 0 || g.nrhs == 0 || !g.b.is_null())?;
    check_pointer("X", g.n == 0 || g.nrhs == 0 || !g.x.is_null())?;
    check_pointer("info", g.batch_count == 0 || !g.info.is_null())?;
    if g.batch_count == 0 {
        return Ok(());
    }
    let work = GesvWork {
        n: g.n as usize,
        nrhs: g.nrhs as usize,
        a: g.a,
        lda: g.lda as usize,
        ipiv: g.ipiv,
        b: g.b,
        ldb: g.ldb as usize,
        x: g.x,
        ldx: g.ldx as usize,
        info: Ptr(g.info),
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `gels_outofplace` and its batched forms: A X = B in the least squares or minimum norm
/// sense, without transposition, X apart from B.
#[derive(Clone, Copy)]
pub struct GelsOutOfPlace<T> {
    pub m: i64,
    pub n: i64,
    pub nrhs: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub x: Batch<T>,
    pub ldx: i64,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GelsOutOfPlaceWork<T> {
    m: usize,
    n: usize,
    nrhs: usize,
    a: Batch<T>,
    lda: usize,
    b: Batch<T>,
    ldb: usize,
    x: Batch<T>,
    ldx: usize,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for GelsOutOfPlaceWork<T> {
    fn name() -> String {
        format!("rocsolver_{}gels_outofplace", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        for i in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A m x n, B m x nrhs, X n x nrhs with their leading
            // dimensions (an empty one may be null and is not read), one info per member.
            unsafe {
                let info = if self.nrhs == 0 {
                    0
                } else {
                    let at = |p: Batch<T>, empty: bool| {
                        if empty {
                            std::ptr::null_mut()
                        } else {
                            p.at(i) as *mut T
                        }
                    };
                    let a = View::col_major(
                        at(self.a, self.m == 0 || self.n == 0),
                        self.m,
                        self.n,
                        self.lda,
                    );
                    let b = View::col_major(at(self.b, self.m == 0), self.m, self.nrhs, self.ldb);
                    let x = View::col_major(at(self.x, self.n == 0), self.n, self.nrhs, self.ldx);
                    lapack3::gels_outofplace(a, b, x)
                };
                *self.info.mutable().add(i) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn gels_outofplace<T: Field, L: Launcher>(l: &L, g: &GelsOutOfPlace<T>) -> Result<()> {
    check_sizes(
        "m, n, nrhs and batch_count may not be negative, nor lda or ldb less than m, or ldx \
         less than n",
        g.m >= 0
            && g.n >= 0
            && g.nrhs >= 0
            && g.lda >= g.m.max(1)
            && g.ldb >= g.m.max(1)
            && g.ldx >= g.n.max(1)
            && g.batch_count >= 0,
    )?;
    check_pointer("A", g.m == 0 || g.n == 0 || !g.a.is_null())?;
    check_pointer("B", g.m == 0 || g.nrhs == 0 || !g.b.is_null())?;
    check_pointer("X", g.n == 0 || g.nrhs == 0 || !g.x.is_null())?;
    check_pointer("info", g.batch_count == 0 || !g.info.is_null())?;
    if g.batch_count == 0 {
        return Ok(());
    }
    let work = GelsOutOfPlaceWork {
        m: g.m as usize,
        n: g.n as usize,
        nrhs: g.nrhs as usize,
        a: g.a,
        lda: g.lda as usize,
        b: g.b,
        ldb: g.ldb as usize,
        x: g.x,
        ldx: g.ldx as usize,
        info: Ptr(g.info),
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `potri` and its batched forms: A^-1 from `potrf`'s factor.
#[derive(Clone, Copy)]
pub struct Potri<T> {
    pub uplo: Fill,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct PotriWork<T> {
    upper: bool,
    n: usize,
    a: Batch<T>,
    lda: usize,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for PotriWork<T> {
    fn name() -> String {
        format!("rocsolver_{}potri", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        for m in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A n x n with lda (when n > 0), one info per member.
            unsafe {
                let info = if self.n == 0 {
                    0
                } else {
                    let a = View::col_major(self.a.at(m) as *mut T, self.n, self.n, self.lda);
                    lapack3::potri(self.upper, a)
                };
                *self.info.mutable().add(m) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn potri<T: Field, L: Launcher>(l: &L, p: &Potri<T>) -> Result<()> {
    let upper = triangle(p.uplo)?;
    check_sizes(
        "n and batch_count may not be negative, nor lda less than n",
        p.n >= 0 && p.lda >= p.n.max(1) && p.batch_count >= 0,
    )?;
    check_pointer("A", p.n == 0 || !p.a.is_null())?;
    check_pointer("info", p.batch_count == 0 || !p.info.is_null())?;
    if p.batch_count == 0 {
        return Ok(());
    }
    let work = PotriWork {
        upper,
        n: p.n as usize,
        a: p.a,
        lda: p.lda as usize,
        info: Ptr(p.info),
        batch: p.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `ormqr` (real) / `unmqr` (complex): C := op(Q) C or C op(Q) with `geqrf`'s k reflectors.
/// The C API has the plain form only; a batch works the same way.
#[derive(Clone, Copy)]
pub struct Ormqr<T> {
    pub side: Side,
    pub trans: Operation,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// k reflector scalars per member.
    pub tau: Strided<T>,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct OrmqrWork<T> {
    left: bool,
    adjoint: bool,
    m: usize,
    n: usize,
    k: usize,
    a: Batch<T>,
    lda: usize,
    tau: Strided<T>,
    c: Batch<T>,
    ldc: usize,
    batch: usize,
}

impl<T: Field> Work for OrmqrWork<T> {
    fn name() -> String {
        let which = if <T as ComplexField>::IS_REAL {
            "ormqr"
        } else {
            "unmqr"
        };
        format!("rocsolver_{}{which}", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let nq = if self.left { self.m } else { self.n };
        for b in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A nq x k with lda, k scalars, C m x n with ldc;
            // the kernel is queued only when k, m and n are positive.
            unsafe {
                let a = View::col_major(self.a.at(b) as *mut T, nq, self.k, self.lda);
                let tau = std::slice::from_raw_parts(self.tau.at(b), self.k);
                let c = View::col_major(self.c.at(b) as *mut T, self.m, self.n, self.ldc);
                lapack3::ormqr(self.left, self.adjoint, a, tau, c);
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn ormqr<T: Field, L: Launcher>(l: &L, g: &Ormqr<T>) -> Result<()> {
    let left = match g.side {
        Side::Left => true,
        Side::Right => false,
        _ => return fail(Status::InvalidValue, "side must be left or right"),
    };
    let real = <T as ComplexField>::IS_REAL;
    match g.trans {
        Operation::Transpose if !real => {
            return fail(
                Status::InvalidValue,
                "trans may not be transpose for complex types (use conjugate transpose)",
            )
        }
        Operation::ConjugateTranspose if real => {
            return fail(
                Status::InvalidValue,
                "trans may not be conjugate transpose for real types (use transpose)",
            )
        }
        _ => {}
    }
    let nq = if left { g.m } else { g.n };
    check_sizes(
        "m, n, k and batch_count may not be negative, nor k more than the order of Q, lda less \
         than it, or ldc less than m",
        g.m >= 0
            && g.n >= 0
            && g.k >= 0
            && g.k <= nq
            && g.lda >= nq.max(1)
            && g.ldc >= g.m.max(1)
            && g.batch_count >= 0,
    )?;
    check_pointer("A", g.k == 0 || nq == 0 || !g.a.is_null())?;
    check_pointer("ipiv", g.k == 0 || !g.tau.base.is_null())?;
    check_pointer("C", g.m == 0 || g.n == 0 || !g.c.is_null())?;
    if g.m == 0 || g.n == 0 || g.k == 0 || g.batch_count == 0 {
        return Ok(());
    }
    let work = OrmqrWork {
        left,
        adjoint: g.trans != Operation::None,
        m: g.m as usize,
        n: g.n as usize,
        k: g.k as usize,
        a: g.a,
        lda: g.lda as usize,
        tau: g.tau,
        c: g.c,
        ldc: g.ldc as usize,
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `sygvd` (real) / `hegvd` (complex) and their batched forms: the Hermitian-definite
/// generalized eigenproblem.
#[derive(Clone, Copy)]
pub struct Sygvd<T: Field> {
    pub itype: EigenForm,
    pub evect: Evect,
    pub uplo: Fill,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    /// n eigenvalues per member.
    pub d: Strided<Real<T>>,
    /// n work entries per member.
    pub e: Strided<Real<T>>,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct SygvdWork<T, R> {
    form: EigenForm,
    vectors: bool,
    upper: bool,
    n: usize,
    a: Batch<T>,
    lda: usize,
    b: Batch<T>,
    ldb: usize,
    d: Strided<R>,
    e: Strided<R>,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for SygvdWork<T, Real<T>> {
    fn name() -> String {
        let which = if <T as ComplexField>::IS_REAL {
            "sygvd"
        } else {
            "hegvd"
        };
        format!("rocsolver_{}{which}", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let mut scratch = Vec::new();
        for m in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A and B n x n with their leading dimensions, D and
            // E n entries per member (when n > 0), one info per member.
            unsafe {
                let info = if self.n == 0 {
                    0
                } else {
                    let a = View::col_major(self.a.at(m) as *mut T, self.n, self.n, self.lda);
                    let b = View::col_major(self.b.at(m) as *mut T, self.n, self.n, self.ldb);
                    let d = std::slice::from_raw_parts_mut(self.d.at(m), self.n);
                    let e = if self.e.base.is_null() {
                        // `sygvd_scratch_e`: the work array in the kernel's own memory.
                        scratch.resize(self.n, <Real<T> as rocblas::Element>::ZERO);
                        &mut scratch[..]
                    } else {
                        std::slice::from_raw_parts_mut(self.e.at(m), self.n)
                    };
                    lapack3::sygvd(self.form, self.vectors, self.upper, a, b, d, e)
                };
                *self.info.mutable().add(m) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn sygvd<T: Field, L: Launcher>(l: &L, g: &Sygvd<T>) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { sygvd_checked(l, g, false) }
}

/// As [`sygvd`], except that a null E is allowed: the kernel then keeps its work array in
/// memory of its own (hipSOLVER's routines, whose workspace may be absent).
///
/// # Safety
/// The C API's contract.
pub unsafe fn sygvd_scratch_e<T: Field, L: Launcher>(l: &L, g: &Sygvd<T>) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { sygvd_checked(l, g, true) }
}

/// # Safety
/// The C API's contract.
unsafe fn sygvd_checked<T: Field, L: Launcher>(l: &L, g: &Sygvd<T>, scratch_e: bool) -> Result<()> {
    let vectors = match g.evect {
        Evect::Original => true,
        Evect::None => false,
        Evect::Tridiagonal => {
            return fail(
                Status::InvalidValue,
                "evect must be original or none (tridiagonal is not supported)",
            )
        }
    };
    let upper = triangle(g.uplo)?;
    check_sizes(
        "n and batch_count may not be negative, nor lda or ldb less than n",
        g.n >= 0 && g.lda >= g.n.max(1) && g.ldb >= g.n.max(1) && g.batch_count >= 0,
    )?;
    check_pointer("A", g.n == 0 || !g.a.is_null())?;
    check_pointer("B", g.n == 0 || !g.b.is_null())?;
    check_pointer("D", g.n == 0 || !g.d.base.is_null())?;
    check_pointer("E", scratch_e || g.n == 0 || !g.e.base.is_null())?;
    check_pointer("info", g.batch_count == 0 || !g.info.is_null())?;
    if g.batch_count == 0 {
        return Ok(());
    }
    let work = SygvdWork {
        form: g.itype,
        vectors,
        upper,
        n: g.n as usize,
        a: g.a,
        lda: g.lda as usize,
        b: g.b,
        ldb: g.ldb as usize,
        d: g.d,
        e: g.e,
        info: Ptr(g.info),
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}
