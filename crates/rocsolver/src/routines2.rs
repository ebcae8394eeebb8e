//! More of rocSOLVER's routines: `getri`, `orgqr` / `ungqr`, `gels`, `syevd` / `heevd` and
//! `gesvd`. As in [`crate::routines`]: rocSOLVER's argument checks, in its order (values, then
//! sizes, then pointers), then one kernel on the handle's stream whose work-groups each take
//! members of the batch.

use crate::lapack::{Field, View};
use crate::lapack2::{self, Real, SingularVectors};
use crate::routines::{check_pointer, check_sizes, groups, members, triangle, Strided};
use faer::traits::ComplexField;
use rocblas::kernel::{Launcher, Ptr, Work};
use rocblas::level3::Batch;
use rocblas::{fail, Fill, Operation, Result, Status};

/// `rocblas_evect`: which eigenvectors `syevd` computes.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evect {
    /// Those of the original matrix.
    Original = 211,
    /// Those of the tridiagonal matrix (not accepted by `syevd`, as rocSOLVER).
    Tridiagonal = 212,
    None = 213,
}

impl Evect {
    /// The value for a C enum's number; an unknown number is `rocblas_status_invalid_value`.
    pub fn from_raw(v: i32) -> Result<Evect> {
        match v {
            211 => Ok(Evect::Original),
            212 => Ok(Evect::Tridiagonal),
            213 => Ok(Evect::None),
            _ => fail(Status::InvalidValue, format!("{v} is not a rocblas_evect")),
        }
    }
}

/// `rocblas_svect`: which singular vectors `gesvd` computes, on one side.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Svect {
    All = 191,
    Singular = 192,
    Overwrite = 193,
    None = 194,
}

impl Svect {
    /// The value for a C enum's number; an unknown number is `rocblas_status_invalid_value`.
    pub fn from_raw(v: i32) -> Result<Svect> {
        match v {
            191 => Ok(Svect::All),
            192 => Ok(Svect::Singular),
            193 => Ok(Svect::Overwrite),
            194 => Ok(Svect::None),
            _ => fail(Status::InvalidValue, format!("{v} is not a rocblas_svect")),
        }
    }

    fn vectors(self) -> SingularVectors {
        match self {
            Svect::All => SingularVectors::All,
            Svect::Singular => SingularVectors::Singular,
            Svect::Overwrite => SingularVectors::Overwrite,
            Svect::None => SingularVectors::None,
        }
    }
}

/// `getri` and its batched forms: A^-1 from `getrf`'s factors and pivots.
#[derive(Clone, Copy)]
pub struct Getri<T> {
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// n pivots per member.
    pub ipiv: Strided<i32>,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GetriWork<T> {
    n: usize,
    a: Batch<T>,
    lda: usize,
    ipiv: Strided<i32>,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for GetriWork<T> {
    fn name() -> String {
        format!("rocsolver_{}getri", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        for b in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A n x n with lda, n pivots per member (when n > 0),
            // info one entry per member.
            unsafe {
                let info = if self.n == 0 {
                    0
                } else {
                    let a = View::col_major(self.a.at(b) as *mut T, self.n, self.n, self.lda);
                    let ipiv = std::slice::from_raw_parts(self.ipiv.at(b), self.n);
                    lapack2::getri(a, ipiv)
                };
                *self.info.mutable().add(b) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract: the pointers cover what the sizes say.
pub unsafe fn getri<T: Field, L: Launcher>(l: &L, g: &Getri<T>) -> Result<()> {
    check_sizes(
        "n and batch_count may not be negative, nor lda less than n",
        g.n >= 0 && g.lda >= g.n && g.batch_count >= 0,
    )?;
    check_pointer("A", g.n == 0 || !g.a.is_null())?;
    check_pointer("ipiv", g.n == 0 || !g.ipiv.base.is_null())?;
    check_pointer("info", g.batch_count == 0 || !g.info.is_null())?;
    if g.batch_count == 0 {
        return Ok(());
    }
    let work = GetriWork {
        n: g.n as usize,
        a: g.a,
        lda: g.lda as usize,
        ipiv: g.ipiv,
        info: Ptr(g.info),
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `orgqr` (real) / `ungqr` (complex): Q's first n columns from `geqrf`'s k reflectors. The C
/// API has the plain form only; a batch works the same way.
#[derive(Clone, Copy)]
pub struct Orgqr<T> {
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// k reflector scalars per member.
    pub tau: Strided<T>,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct OrgqrWork<T> {
    m: usize,
    n: usize,
    k: usize,
    a: Batch<T>,
    lda: usize,
    tau: Strided<T>,
    batch: usize,
}

impl<T: Field> Work for OrgqrWork<T> {
    fn name() -> String {
        let which = if <T as ComplexField>::IS_REAL {
            "orgqr"
        } else {
            "ungqr"
        };
        format!("rocsolver_{}{which}", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        for b in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A m x n with lda, m >= n >= k, k scalars.
            unsafe {
                let a = View::col_major(self.a.at(b) as *mut T, self.m, self.n, self.lda);
                let tau: &[T] = if self.k == 0 {
                    &[]
                } else {
                    std::slice::from_raw_parts(self.tau.at(b), self.k)
                };
                lapack2::orgqr(a, self.k, tau);
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn orgqr<T: Field, L: Launcher>(l: &L, g: &Orgqr<T>) -> Result<()> {
    check_sizes(
        "m, n, k and batch_count may not be negative, nor n more than m, k more than n, or \
         lda less than m",
        g.m >= 0
            && g.n >= 0
            && g.n <= g.m
            && g.k >= 0
            && g.k <= g.n
            && g.lda >= g.m
            && g.batch_count >= 0,
    )?;
    check_pointer("ipiv", g.k == 0 || !g.tau.base.is_null())?;
    check_pointer("A", g.m == 0 || g.n == 0 || !g.a.is_null())?;
    if g.m == 0 || g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    let work = OrgqrWork {
        m: g.m as usize,
        n: g.n as usize,
        k: g.k as usize,
        a: g.a,
        lda: g.lda as usize,
        tau: g.tau,
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `gels` and its batched forms: least squares or minimum norm solutions of op(A) X = B.
#[derive(Clone, Copy)]
pub struct Gels<T> {
    pub trans: Operation,
    pub m: i64,
    pub n: i64,
    pub nrhs: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GelsWork<T> {
    adjoint: bool,
    m: usize,
    n: usize,
    nrhs: usize,
    a: Batch<T>,
    lda: usize,
    b: Batch<T>,
    ldb: usize,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for GelsWork<T> {
    fn name() -> String {
        format!("rocsolver_{}gels", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let rows = self.m.max(self.n);
        for i in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A m x n with lda, B max(m, n) x nrhs with ldb (when
            // not empty), info one entry per member.
            unsafe {
                let info = if self.nrhs == 0 {
                    0
                } else {
                    // An empty A or B may be a null pointer (or array): not read.
                    let pa = if self.m == 0 || self.n == 0 {
                        std::ptr::null_mut()
                    } else {
                        self.a.at(i) as *mut T
                    };
                    let pb = if rows == 0 {
                        std::ptr::null_mut()
                    } else {
                        self.b.at(i) as *mut T
                    };
                    let a = View::col_major(pa, self.m, self.n, self.lda);
                    let b = View::col_major(pb, rows, self.nrhs, self.ldb);
                    lapack2::gels(self.adjoint, a, b)
                };
                *self.info.mutable().add(i) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn gels<T: Field, L: Launcher>(l: &L, g: &Gels<T>) -> Result<()> {
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
    check_sizes(
        "m, n, nrhs and batch_count may not be negative, nor lda less than m, or ldb less than \
         m or n",
        g.m >= 0
            && g.n >= 0
            && g.nrhs >= 0
            && g.lda >= g.m
            && g.ldb >= g.m
            && g.ldb >= g.n
            && g.batch_count >= 0,
    )?;
    check_pointer("A", g.m == 0 || g.n == 0 || !g.a.is_null())?;
    check_pointer("B", g.nrhs == 0 || (g.m == 0 && g.n == 0) || !g.b.is_null())?;
    check_pointer("info", g.batch_count == 0 || !g.info.is_null())?;
    if g.batch_count == 0 {
        return Ok(());
    }
    let work = GelsWork {
        adjoint: g.trans != Operation::None,
        m: g.m as usize,
        n: g.n as usize,
        nrhs: g.nrhs as usize,
        a: g.a,
        lda: g.lda as usize,
        b: g.b,
        ldb: g.ldb as usize,
        info: Ptr(g.info),
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `syevd` (real) / `heevd` (complex) and their batched forms: eigenvalues, and optionally
/// eigenvectors, of Hermitian matrices.
#[derive(Clone, Copy)]
pub struct Syevd<T: Field> {
    pub evect: Evect,
    pub uplo: Fill,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// n eigenvalues per member (rocSOLVER's D).
    pub d: Strided<Real<T>>,
    /// n work entries per member.
    pub e: Strided<Real<T>>,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct SyevdWork<T, R> {
    vectors: bool,
    upper: bool,
    n: usize,
    a: Batch<T>,
    lda: usize,
    d: Strided<R>,
    e: Strided<R>,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for SyevdWork<T, Real<T>> {
    fn name() -> String {
        let which = if <T as ComplexField>::IS_REAL {
            "syevd"
        } else {
            "heevd"
        };
        format!("rocsolver_{}{which}", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let mut scratch = Vec::new();
        for b in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A n x n with lda, D and E n entries per member
            // (when n > 0), info one entry per member.
            unsafe {
                let info = if self.n == 0 {
                    0
                } else {
                    let a = View::col_major(self.a.at(b) as *mut T, self.n, self.n, self.lda);
                    let d = std::slice::from_raw_parts_mut(self.d.at(b), self.n);
                    let e = if self.e.base.is_null() {
                        // `syevd_scratch_e`: the work array in the kernel's own memory.
                        scratch.resize(self.n, <Real<T> as rocblas::Element>::ZERO);
                        &mut scratch[..]
                    } else {
                        std::slice::from_raw_parts_mut(self.e.at(b), self.n)
                    };
                    lapack2::syevd(self.vectors, self.upper, a, d, e)
                };
                *self.info.mutable().add(b) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn syevd<T: Field, L: Launcher>(l: &L, g: &Syevd<T>) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { syevd_checked(l, g, false) }
}

/// As [`syevd`], except that a null E is allowed: the kernel then keeps its work array in
/// memory of its own (hipSOLVER's routines, whose workspace may be absent).
///
/// # Safety
/// The C API's contract.
pub unsafe fn syevd_scratch_e<T: Field, L: Launcher>(l: &L, g: &Syevd<T>) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { syevd_checked(l, g, true) }
}

/// # Safety
/// The C API's contract.
unsafe fn syevd_checked<T: Field, L: Launcher>(l: &L, g: &Syevd<T>, scratch_e: bool) -> Result<()> {
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
        "n and batch_count may not be negative, nor lda less than n",
        g.n >= 0 && g.lda >= g.n && g.batch_count >= 0,
    )?;
    check_pointer("A", g.n == 0 || !g.a.is_null())?;
    check_pointer("E", scratch_e || g.n == 0 || !g.e.base.is_null())?;
    check_pointer("D", g.n == 0 || !g.d.base.is_null())?;
    check_pointer("info", g.batch_count == 0 || !g.info.is_null())?;
    if g.batch_count == 0 {
        return Ok(());
    }
    let work = SyevdWork {
        vectors,
        upper,
        n: g.n as usize,
        a: g.a,
        lda: g.lda as usize,
        d: g.d,
        e: g.e,
        info: Ptr(g.info),
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `gesvd` and its batched forms: singular values, and optionally singular vectors. U, V^H
/// and the real arrays are strided per member in every form (only A may be an array of
/// pointers); rocSOLVER's `fast_alg` changes nothing here and is not kept.
#[derive(Clone, Copy)]
pub struct Gesvd<T: Field> {
    pub left: Svect,
    pub right: Svect,
    pub m: i64,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// min(m, n) singular values per member.
    pub s: Strided<Real<T>>,
    pub u: Strided<T>,
    pub ldu: i64,
    /// V^H (rocSOLVER's V: the right singular vectors as rows).
    pub v: Strided<T>,
    pub ldv: i64,
    /// min(m, n) - 1 work entries per member.
    pub e: Strided<Real<T>>,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GesvdWork<T, R> {
    left: Svect,
    right: Svect,
    m: usize,
    n: usize,
    a: Batch<T>,
    lda: usize,
    s: Strided<R>,
    u: Strided<T>,
    ldu: usize,
    v: Strided<T>,
    ldv: usize,
    e: Strided<R>,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for GesvdWork<T, Real<T>> {
    fn name() -> String {
        format!("rocsolver_{}gesvd", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let (m, n) = (self.m, self.n);
        let k = m.min(n);
        // The rows and columns of U and V^H per svect.
        let u_cols = match self.left {
            Svect::All => Some(m),
            Svect::Singular => Some(k),
            _ => None,
        };
        let v_rows = match self.right {
            Svect::All => Some(n),
            Svect::Singular => Some(k),
            _ => None,
        };
        let mut scratch = Vec::new();
        for b in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A m x n with lda; U m x u_cols with ldu and V^H
            // v_rows x n with ldv when asked for (and not empty); S min(m, n) entries, E
            // min(m, n) - 1; info one entry per member.
            unsafe {
                // An empty A may be a null pointer (or array): not read.
                let pa = if k == 0 {
                    std::ptr::null_mut()
                } else {
                    self.a.at(b) as *mut T
                };
                let a = View::col_major(pa, m, n, self.lda);
                let u = u_cols
                    .filter(|&c| m > 0 && c > 0)
                    .map(|c| View::col_major(self.u.at(b), m, c, self.ldu));
                let v = v_rows
                    .filter(|&r| n > 0 && r > 0)
                    .map(|r| View::col_major(self.v.at(b), r, n, self.ldv));
                let s: &mut [Real<T>] = if k == 0 {
                    &mut []
                } else {
                    std::slice::from_raw_parts_mut(self.s.at(b), k)
                };
                let e: &mut [Real<T>] = if k <= 1 {
                    &mut []
                } else if self.e.base.is_null() {
                    // `gesvd_scratch_e`: the superdiagonal in the kernel's own memory.
                    scratch.resize(k - 1, <Real<T> as rocblas::Element>::ZERO);
                    &mut scratch
                } else {
                    std::slice::from_raw_parts_mut(self.e.at(b), k - 1)
                };
                let info = lapack2::gesvd(self.left.vectors(), self.right.vectors(), a, s, u, v, e);
                *self.info.mutable().add(b) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn gesvd<T: Field, L: Launcher>(l: &L, g: &Gesvd<T>) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { gesvd_checked(l, g, false) }
}

/// As [`gesvd`], except that a null E is allowed: the kernel then keeps the superdiagonal in
/// memory of its own (hipSOLVER's optional `rwork`).
///
/// # Safety
/// The C API's contract.
pub unsafe fn gesvd_scratch_e<T: Field, L: Launcher>(l: &L, g: &Gesvd<T>) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { gesvd_checked(l, g, true) }
}

/// # Safety
/// The C API's contract.
unsafe fn gesvd_checked<T: Field, L: Launcher>(l: &L, g: &Gesvd<T>, scratch_e: bool) -> Result<()> {
    if g.left == Svect::Overwrite && g.right == Svect::Overwrite {
        return fail(
            Status::InvalidValue,
            "left_svect and right_svect may not both be overwrite",
        );
    }
    let k = g.m.min(g.n);
    let wants = |s: Svect| matches!(s, Svect::All | Svect::Singular);
    check_sizes(
        "m, n and batch_count may not be negative, nor lda less than m, or ldu and ldv less \
         than 1",
        g.m >= 0 && g.n >= 0 && g.lda >= g.m && g.ldu >= 1 && g.ldv >= 1 && g.batch_count >= 0,
    )?;
    check_sizes(
        "ldu may not be less than m when U is computed",
        !wants(g.left) || g.ldu >= g.m,
    )?;
    check_sizes(
        "ldv may not be less than n (all) or min(m, n) (singular)",
        match g.right {
            Svect::All => g.ldv >= g.n,
            Svect::Singular => g.ldv >= k,
            _ => true,
        },
    )?;
    check_pointer("A", g.m == 0 || g.n == 0 || !g.a.is_null())?;
    check_pointer("E", scratch_e || k <= 1 || !g.e.base.is_null())?;
    check_pointer("S", k == 0 || !g.s.base.is_null())?;
    check_pointer("info", g.batch_count == 0 || !g.info.is_null())?;
    check_pointer(
        "U",
        match g.left {
            Svect::All => g.m == 0 || !g.u.base.is_null(),
            Svect::Singular => k == 0 || !g.u.base.is_null(),
            _ => true,
        },
    )?;
    check_pointer("V", !wants(g.right) || g.n == 0 || !g.v.base.is_null())?;
    if g.batch_count == 0 {
        return Ok(());
    }
    let work = GesvdWork {
        left: g.left,
        right: g.right,
        m: g.m as usize,
        n: g.n as usize,
        a: g.a,
        lda: g.lda as usize,
        s: g.s,
        u: g.u,
        ldu: g.ldu as usize,
        v: g.v,
        ldv: g.ldv as usize,
        e: g.e,
        info: Ptr(g.info),
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}
