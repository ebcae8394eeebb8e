//! rocSOLVER's routines: argument checks as rocSOLVER makes them, then one kernel on the
//! handle's stream whose work-groups each factor or solve one member of the batch (a known
//! limit: one matrix uses one worker).

use crate::lapack::{self, Field, View};
use rocblas::kernel::{Launcher, Ptr, Work};
use rocblas::level3::Batch;
use rocblas::{fail, Fill, Operation, Result, Status};

/// Work-groups in one launch, at most: beyond it a group takes several members.
const MAX_GROUPS: usize = 1 << 16;

pub(crate) fn groups(batch: usize) -> u32 {
    batch.clamp(1, MAX_GROUPS) as u32
}

/// Members `group`, `group + groups`, ... of a batch of `batch`.
pub(crate) fn members(group: u32, groups: u32, batch: usize) -> impl Iterator<Item = usize> {
    (group as usize..batch).step_by(groups as usize)
}

/// Per-member integer or scalar arrays (pivots, tau): a base and a stride in elements.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Strided<T> {
    pub base: Ptr<T>,
    pub stride: i64,
}

impl<T> Strided<T> {
    pub fn new(base: *const T, stride: i64) -> Self {
        Strided {
            base: Ptr(base),
            stride,
        }
    }
    pub(crate) fn at(self, i: usize) -> *mut T {
        self.base
            .0
            .wrapping_offset(self.stride as isize * i as isize) as *mut T
    }
}

pub(crate) fn check_sizes(what: &str, ok: bool) -> Result<()> {
    if ok {
        Ok(())
    } else {
        fail(Status::InvalidSize, what.to_string())
    }
}

pub(crate) fn check_pointer(what: &str, ok: bool) -> Result<()> {
    if ok {
        Ok(())
    } else {
        fail(Status::InvalidPointer, format!("{what} is a null pointer"))
    }
}

/// `getrf` / `getrf_npvt` and their batched forms.
#[derive(Clone, Copy)]
pub struct Getrf<T> {
    pub m: i64,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// `min(m, n)` pivots per member (unused without pivoting).
    pub ipiv: Strided<i32>,
    /// One info per member.
    pub info: *mut i32,
    pub batch_count: i64,
    pub pivot: bool,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GetrfWork<T> {
    m: usize,
    n: usize,
    a: Batch<T>,
    lda: usize,
    ipiv: Strided<i32>,
    info: Ptr<i32>,
    batch: usize,
    pivot: bool,
}

impl<T: Field> Work for GetrfWork<T> {
    fn name() -> String {
        format!("rocsolver_{}getrf", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let k = self.m.min(self.n);
        let mut scratch = vec![0i32; k];
        for b in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A covers m x n with lda, ipiv min(m, n) entries
            // per member (when pivoting), info one entry per member.
            unsafe {
                let a = View::col_major(self.a.at(b) as *mut T, self.m, self.n, self.lda);
                let ipiv: &mut [i32] = if self.pivot {
                    std::slice::from_raw_parts_mut(self.ipiv.at(b), k)
                } else {
                    &mut scratch
                };
                let info = if k == 0 {
                    0
                } else {
                    lapack::getrf(a, ipiv, self.pivot)
                };
                *self.info.mutable().add(b) = info;
            }
        }
    }
}

/// # Safety
/// The C API's contract: the pointers cover what the sizes say.
pub unsafe fn getrf<T: Field, L: Launcher>(l: &L, g: &Getrf<T>) -> Result<()> {
    check_sizes(
        "m, n and batch_count may not be negative, nor lda less than m",
        g.m >= 0 && g.n >= 0 && g.lda >= g.m && g.lda >= 1 && g.batch_count >= 0,
    )?;
    let nonempty = g.m > 0 && g.n > 0;
    check_pointer("A", !nonempty || !g.a.is_null())?;
    check_pointer("ipiv", !nonempty || !g.pivot || !g.ipiv.base.is_null())?;
    check_pointer("info", g.batch_count == 0 || !g.info.is_null())?;
    if g.batch_count == 0 {
        return Ok(());
    }
    let work = GetrfWork {
        m: g.m as usize,
        n: g.n as usize,
        a: g.a,
        lda: g.lda as usize,
        ipiv: g.ipiv,
        info: Ptr(g.info),
        batch: g.batch_count as usize,
        pivot: g.pivot,
    };
    l.launch(groups(work.batch), &work)
}

/// `getrs` and its batched forms: op(A) X = B with A's LU factors.
#[derive(Clone, Copy)]
pub struct Getrs<T> {
    pub trans: Operation,
    pub n: i64,
    pub nrhs: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub ipiv: Strided<i32>,
    pub b: Batch<T>,
    pub ldb: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GetrsWork<T> {
    trans: Operation,
    n: usize,
    nrhs: usize,
    a: Batch<T>,
    lda: usize,
    ipiv: Strided<i32>,
    b: Batch<T>,
    ldb: usize,
    batch: usize,
}

impl<T: Field> Work for GetrsWork<T> {
    fn name() -> String {
        format!("rocsolver_{}getrs", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        for m in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A n x n, B n x nrhs, n pivots naming rows of A.
            unsafe {
                let a = View::col_major(self.a.at(m) as *mut T, self.n, self.n, self.lda);
                let b = View::col_major(self.b.at(m) as *mut T, self.n, self.nrhs, self.ldb);
                let ipiv = std::slice::from_raw_parts(self.ipiv.at(m), self.n);
                lapack::getrs(self.trans, a, ipiv, b);
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn getrs<T: Field, L: Launcher>(l: &L, g: &Getrs<T>) -> Result<()> {
    check_sizes(
        "n, nrhs and batch_count may not be negative, nor lda or ldb less than n",
        g.n >= 0 && g.nrhs >= 0 && g.lda >= g.n.max(1) && g.ldb >= g.n.max(1) && g.batch_count >= 0,
    )?;
    let nonempty = g.n > 0 && g.nrhs > 0;
    check_pointer("A", !nonempty || !g.a.is_null())?;
    check_pointer("ipiv", !nonempty || !g.ipiv.base.is_null())?;
    check_pointer("B", !nonempty || !g.b.is_null())?;
    if !nonempty || g.batch_count == 0 {
        return Ok(());
    }
    let work = GetrsWork {
        trans: g.trans,
        n: g.n as usize,
        nrhs: g.nrhs as usize,
        a: g.a,
        lda: g.lda as usize,
        ipiv: g.ipiv,
        b: g.b,
        ldb: g.ldb as usize,
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `potrf` and its batched forms.
#[derive(Clone, Copy)]
pub struct Potrf<T> {
    pub uplo: Fill,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub info: *mut i32,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct PotrfWork<T> {
    upper: bool,
    n: usize,
    a: Batch<T>,
    lda: usize,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for PotrfWork<T> {
    fn name() -> String {
        format!("rocsolver_{}potrf", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        for m in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A n x n with lda, info one entry per member.
            unsafe {
                let a = View::col_major(self.a.at(m) as *mut T, self.n, self.n, self.lda);
                *self.info.mutable().add(m) = lapack::potrf(self.upper, a);
            }
        }
    }
}

pub(crate) fn triangle(uplo: Fill) -> Result<bool> {
    match uplo {
        Fill::Upper => Ok(true),
        Fill::Lower => Ok(false),
        Fill::Full => fail(Status::InvalidValue, "uplo must be upper or lower"),
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn potrf<T: Field, L: Launcher>(l: &L, p: &Potrf<T>) -> Result<()> {
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
    let work = PotrfWork {
        upper,
        n: p.n as usize,
        a: p.a,
        lda: p.lda as usize,
        info: Ptr(p.info),
        batch: p.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `potrs` and its batched forms.
#[derive(Clone, Copy)]
pub struct Potrs<T> {
    pub uplo: Fill,
    pub n: i64,
    pub nrhs: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct PotrsWork<T> {
    upper: bool,
    n: usize,
    nrhs: usize,
    a: Batch<T>,
    lda: usize,
    b: Batch<T>,
    ldb: usize,
    batch: usize,
}

impl<T: Field> Work for PotrsWork<T> {
    fn name() -> String {
        format!("rocsolver_{}potrs", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        for m in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A n x n, B n x nrhs.
            unsafe {
                let a = View::col_major(self.a.at(m) as *mut T, self.n, self.n, self.lda);
                let b = View::col_major(self.b.at(m) as *mut T, self.n, self.nrhs, self.ldb);
                lapack::potrs(self.upper, a, b);
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn potrs<T: Field, L: Launcher>(l: &L, p: &Potrs<T>) -> Result<()> {
    let upper = triangle(p.uplo)?;
    check_sizes(
        "n, nrhs and batch_count may not be negative, nor lda or ldb less than n",
        p.n >= 0 && p.nrhs >= 0 && p.lda >= p.n.max(1) && p.ldb >= p.n.max(1) && p.batch_count >= 0,
    )?;
    let nonempty = p.n > 0 && p.nrhs > 0;
    check_pointer("A", !nonempty || !p.a.is_null())?;
    check_pointer("B", !nonempty || !p.b.is_null())?;
    if !nonempty || p.batch_count == 0 {
        return Ok(());
    }
    let work = PotrsWork {
        upper,
        n: p.n as usize,
        nrhs: p.nrhs as usize,
        a: p.a,
        lda: p.lda as usize,
        b: p.b,
        ldb: p.ldb as usize,
        batch: p.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}

/// `geqrf` and its batched forms.
#[derive(Clone, Copy)]
pub struct Geqrf<T> {
    pub m: i64,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    /// `min(m, n)` reflector scalars per member.
    pub tau: Strided<T>,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GeqrfWork<T> {
    m: usize,
    n: usize,
    a: Batch<T>,
    lda: usize,
    tau: Strided<T>,
    batch: usize,
}

impl<T: Field> Work for GeqrfWork<T> {
    fn name() -> String {
        format!("rocsolver_{}geqrf", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let k = self.m.min(self.n);
        for m in members(group, groups, self.batch) {
            // SAFETY: the call was checked: A m x n with lda, tau min(m, n) entries.
            unsafe {
                let a = View::col_major(self.a.at(m) as *mut T, self.m, self.n, self.lda);
                lapack::geqrf(a, std::slice::from_raw_parts_mut(self.tau.at(m), k));
            }
        }
    }
}

/// # Safety
/// The C API's contract.
pub unsafe fn geqrf<T: Field, L: Launcher>(l: &L, g: &Geqrf<T>) -> Result<()> {
    check_sizes(
        "m, n and batch_count may not be negative, nor lda less than m",
        g.m >= 0 && g.n >= 0 && g.lda >= g.m.max(1) && g.batch_count >= 0,
    )?;
    let nonempty = g.m > 0 && g.n > 0;
    check_pointer("A", !nonempty || !g.a.is_null())?;
    check_pointer("tau", !nonempty || !g.tau.base.is_null())?;
    if !nonempty || g.batch_count == 0 {
        return Ok(());
    }
    let work = GeqrfWork {
        m: g.m as usize,
        n: g.n as usize,
        a: g.a,
        lda: g.lda as usize,
        tau: g.tau,
        batch: g.batch_count as usize,
    };
    l.launch(groups(work.batch), &work)
}
