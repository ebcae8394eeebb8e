//! More dense routines in s/d/c/z, in hipSOLVER's regular API and its compatibility (`Dn`) API,
//! each with its buffer-size query: orgqr / ungqr, ormqr / unmqr, the full-precision `XXgels`
//! and `XXgesv` (no iterative refinement: `niters` gets 0), potrfBatched and potrsBatched,
//! syevd / heevd, gesvd (with hipSOLVER's `jobu` / `jobv` characters and optional `rwork`),
//! sygvd / hegvd and potri. One generic body per routine; the entry points of both APIs are
//! generated from it per element type.
//!
//! As in hipSOLVER: `devInfo` gets the routine's info, or 0 (one per member for the batched
//! solves) for those whose rocSOLVER routine has none; `gels` and `gesv` run in place when B
//! and X are the same pointer.

use crate::dense::{buffer_size, placeholder, SizeQuery, WORKSPACE};
use crate::{
    check_info, eig_mode, eig_type, entry, fail, fill, handle_obj, hipsolverHandle_t,
    hipsolverStatus_t, operation, side, status, svect, zero_info, zero_infos, Result,
};
use rocblas::kernel::Ptr;
use rocblas::level3::Batch;
use rocblas::{Operation, C32, C64};
use rocsolver::lapack2::Real;
use rocsolver::routines::{self, Potrf, Potrs, Strided};
use rocsolver::routines2::{self, Gels, Gesvd, Orgqr, Syevd};
use rocsolver::routines3::{self, GelsOutOfPlace, Gesv, Ormqr, Potri, Sygvd};
use rocsolver::Field;

/// Answers a query whose size is in bytes (`size_t *lwork`: gels, gesv): the handle and
/// `lwork` checked (`lwork` set to 0 first), then the routine's checks, then one element.
///
/// # Safety
/// The caller does not destroy `handle` during the call; `lwork` is null or writable.
unsafe fn buffer_size_bytes<T>(
    handle: hipsolverHandle_t,
    lwork: *mut usize,
    checks: impl FnOnce(&SizeQuery) -> Result<()>,
) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { handle_obj(handle)? };
    if lwork.is_null() {
        return fail(status::INVALID_VALUE, "lwork is a null pointer");
    }
    // SAFETY: non-null, writable per the contract.
    unsafe { lwork.write(0) };
    checks(&SizeQuery)?;
    // SAFETY: as above.
    unsafe { lwork.write(WORKSPACE as usize * std::mem::size_of::<T>()) };
    Ok(())
}

// ---- orgqr / ungqr ----

fn orgqr_args<T>(m: i32, n: i32, k: i32, a: *mut T, lda: i32, tau: *const T) -> Orgqr<T> {
    Orgqr {
        m: m.into(),
        n: n.into(),
        k: k.into(),
        a: Batch::one(a),
        lda: lda.into(),
        tau: Strided::new(tau, 0),
        batch_count: 1,
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn orgqr_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    (m, n, k, lda): (i32, i32, i32, i32),
    lwork: *mut i32,
) -> Result<()> {
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            let g = orgqr_args::<T>(m, n, k, placeholder(), lda, placeholder());
            Ok(routines2::orgqr(q, &g)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn orgqr<T: Field>(
    handle: hipsolverHandle_t,
    (m, n, k): (i32, i32, i32),
    a: *mut T,
    lda: i32,
    tau: *const T,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    check_info(info)?;
    // SAFETY: the C API's contract.
    unsafe { routines2::orgqr(h, &orgqr_args(m, n, k, a, lda, tau)) }?;
    zero_info(h, info)
}

// ---- ormqr / unmqr ----

/// `ormqr`'s arguments after the handle, in the C call's order.
#[derive(Clone, Copy)]
struct OrmqrCall<T> {
    side: i32,
    trans: i32,
    m: i32,
    n: i32,
    k: i32,
    a: *const T,
    lda: i32,
    tau: *const T,
    c: *mut T,
    ldc: i32,
}

impl<T> OrmqrCall<T> {
    fn args(self) -> Result<Ormqr<T>> {
        Ok(Ormqr {
            side: side(self.side)?,
            trans: operation(self.trans)?,
            m: self.m.into(),
            n: self.n.into(),
            k: self.k.into(),
            a: Batch::one(self.a),
            lda: self.lda.into(),
            tau: Strided::new(self.tau, 0),
            c: Batch::one(self.c),
            ldc: self.ldc.into(),
            batch_count: 1,
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn ormqr_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    call: OrmqrCall<T>,
    lwork: *mut i32,
) -> Result<()> {
    let call = OrmqrCall {
        a: placeholder(),
        tau: placeholder(),
        c: placeholder(),
        ..call
    };
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe { buffer_size(handle, lwork, |q| Ok(routines3::ormqr(q, &call.args()?)?)) }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn ormqr<T: Field>(
    handle: hipsolverHandle_t,
    call: OrmqrCall<T>,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let g = call.args()?;
    check_info(info)?;
    // SAFETY: the C API's contract.
    unsafe { routines3::ormqr(h, &g) }?;
    zero_info(h, info)
}

// ---- XXgels / XXgesv ----

/// The least-squares and square solves' matrices: `n` is A's columns (gesv: its order, with
/// `m == n`), `ipiv` gesv's pivots.
#[derive(Clone, Copy)]
struct SolveCall<T> {
    m: i32,
    n: i32,
    nrhs: i32,
    a: *mut T,
    lda: i32,
    ipiv: *mut i32,
    b: *mut T,
    ldb: i32,
    x: *mut T,
    ldx: i32,
}

impl<T> SolveCall<T> {
    fn placeholders(self) -> Self {
        SolveCall {
            a: placeholder(),
            ipiv: placeholder(),
            b: placeholder(),
            x: placeholder(),
            ..self
        }
    }

    fn gels_outofplace(self, info: *mut i32) -> GelsOutOfPlace<T> {
        GelsOutOfPlace {
            m: self.m.into(),
            n: self.n.into(),
            nrhs: self.nrhs.into(),
            a: Batch::one(self.a),
            lda: self.lda.into(),
            b: Batch::one(self.b),
            ldb: self.ldb.into(),
            x: Batch::one(self.x),
            ldx: self.ldx.into(),
            info,
            batch_count: 1,
        }
    }

    /// gesv; in place (X over B, with `ldb`) when B and X are the same pointer.
    fn gesv(self, info: *mut i32) -> Gesv<T> {
        let (x, ldx) = if self.b == self.x {
            (self.b, self.ldb)
        } else {
            (self.x, self.ldx)
        };
        Gesv {
            n: self.n.into(),
            nrhs: self.nrhs.into(),
            a: Batch::one(self.a),
            lda: self.lda.into(),
            ipiv: Strided::new(self.ipiv, 0),
            b: Batch::one(self.b),
            ldb: self.ldb.into(),
            x: Batch::one(x),
            ldx: ldx.into(),
            info,
            batch_count: 1,
        }
    }
}

/// `niters`: the refinement iterations, none here (the solve is in the working precision);
/// null is allowed.
///
/// # Safety
/// `niters` is null or writable host memory.
unsafe fn no_iterations(niters: *mut i32) {
    if !niters.is_null() {
        // SAFETY: per the contract.
        unsafe { niters.write(0) };
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn gels_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    call: SolveCall<T>,
    lwork: *mut usize,
) -> Result<()> {
    let call = call.placeholders();
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size_bytes::<T>(handle, lwork, |q| {
            Ok(routines3::gels_outofplace(
                q,
                &call.gels_outofplace(placeholder()),
            )?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn gels<T: Field>(
    handle: hipsolverHandle_t,
    call: SolveCall<T>,
    niters: *mut i32,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    if call.b == call.x {
        let g = Gels {
            trans: Operation::None,
            m: call.m.into(),
            n: call.n.into(),
            nrhs: call.nrhs.into(),
            a: Batch::one(call.a),
            lda: call.lda.into(),
            b: Batch::one(call.b),
            ldb: call.ldb.into(),
            info,
            batch_count: 1,
        };
        // SAFETY: the C API's contract.
        unsafe { routines2::gels(h, &g) }?;
    } else {
        // SAFETY: the C API's contract.
        unsafe { routines3::gels_outofplace(h, &call.gels_outofplace(info)) }?;
    }
    // SAFETY: the C API's contract.
    unsafe { no_iterations(niters) };
    Ok(())
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn gesv_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    call: SolveCall<T>,
    lwork: *mut usize,
) -> Result<()> {
    let call = call.placeholders();
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size_bytes::<T>(handle, lwork, |q| {
            Ok(routines3::gesv(q, &call.gesv(placeholder()))?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn gesv<T: Field>(
    handle: hipsolverHandle_t,
    call: SolveCall<T>,
    niters: *mut i32,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    // SAFETY: the C API's contract.
    unsafe { routines3::gesv(h, &call.gesv(info)) }?;
    // SAFETY: the C API's contract.
    unsafe { no_iterations(niters) };
    Ok(())
}

// ---- potrfBatched / potrsBatched ----

fn array<T>(p: *mut *mut T) -> Batch<T> {
    Batch::Array(Ptr(p as *const *const T))
}

fn potrf_batched_args<T>(
    uplo: i32,
    n: i32,
    a: *mut *mut T,
    lda: i32,
    info: *mut i32,
    batch_count: i32,
) -> Result<Potrf<T>> {
    Ok(Potrf {
        uplo: fill(uplo)?,
        n: n.into(),
        a: array(a),
        lda: lda.into(),
        info,
        batch_count: batch_count.into(),
    })
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potrf_batched_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    (uplo, n, lda, batch_count): (i32, i32, i32, i32),
    lwork: *mut i32,
) -> Result<()> {
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            let p =
                potrf_batched_args::<T>(uplo, n, placeholder(), lda, placeholder(), batch_count)?;
            Ok(routines::potrf(q, &p)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potrf_batched<T: Field>(
    handle: hipsolverHandle_t,
    (uplo, n): (i32, i32),
    a: *mut *mut T,
    lda: i32,
    info: *mut i32,
    batch_count: i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let p = potrf_batched_args(uplo, n, a, lda, info, batch_count)?;
    // SAFETY: the C API's contract.
    Ok(unsafe { routines::potrf(h, &p) }?)
}

/// `potrsBatched`'s arguments after the handle, in the C call's order.
#[derive(Clone, Copy)]
struct PotrsBatchedCall<T> {
    uplo: i32,
    n: i32,
    nrhs: i32,
    a: *mut *mut T,
    lda: i32,
    b: *mut *mut T,
    ldb: i32,
    batch_count: i32,
}

impl<T> PotrsBatchedCall<T> {
    fn args(self) -> Result<Potrs<T>> {
        Ok(Potrs {
            uplo: fill(self.uplo)?,
            n: self.n.into(),
            nrhs: self.nrhs.into(),
            a: array(self.a),
            lda: self.lda.into(),
            b: array(self.b),
            ldb: self.ldb.into(),
            batch_count: self.batch_count.into(),
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potrs_batched_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    call: PotrsBatchedCall<T>,
    lwork: *mut i32,
) -> Result<()> {
    let call = PotrsBatchedCall {
        a: placeholder(),
        b: placeholder(),
        ..call
    };
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe { buffer_size(handle, lwork, |q| Ok(routines::potrs(q, &call.args()?)?)) }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potrs_batched<T: Field>(
    handle: hipsolverHandle_t,
    call: PotrsBatchedCall<T>,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let p = call.args()?;
    check_info(info)?;
    // SAFETY: the C API's contract.
    unsafe { routines::potrs(h, &p) }?;
    zero_infos(h, info, call.batch_count.max(0) as usize)
}

// ---- syevd / heevd ----

fn syevd_args<T: Field>(
    (jobz, uplo, n): (i32, i32, i32),
    a: *mut T,
    lda: i32,
    w: *mut Real<T>,
    info: *mut i32,
) -> Result<Syevd<T>> {
    Ok(Syevd {
        evect: eig_mode(jobz)?,
        uplo: fill(uplo)?,
        n: n.into(),
        a: Batch::one(a),
        lda: lda.into(),
        d: Strided::new(w, 0),
        e: Strided::new(std::ptr::null(), 0),
        info,
        batch_count: 1,
    })
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn syevd_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    (jobz, uplo, n, lda): (i32, i32, i32, i32),
    lwork: *mut i32,
) -> Result<()> {
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            let g = syevd_args::<T>(
                (jobz, uplo, n),
                placeholder(),
                lda,
                placeholder(),
                placeholder(),
            )?;
            Ok(routines2::syevd_scratch_e(q, &g)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn syevd<T: Field>(
    handle: hipsolverHandle_t,
    modes: (i32, i32, i32),
    a: *mut T,
    lda: i32,
    w: *mut Real<T>,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let g = syevd_args(modes, a, lda, w, info)?;
    // SAFETY: the C API's contract.
    Ok(unsafe { routines2::syevd_scratch_e(h, &g) }?)
}

// ---- gesvd ----

/// `gesvd`'s arguments after the handle, in the C call's order.
#[derive(Clone, Copy)]
struct GesvdCall<T: Field> {
    jobu: i8,
    jobv: i8,
    m: i32,
    n: i32,
    a: *mut T,
    lda: i32,
    s: *mut Real<T>,
    u: *mut T,
    ldu: i32,
    v: *mut T,
    ldv: i32,
    rwork: *mut Real<T>,
}

impl<T: Field> GesvdCall<T> {
    fn args(self, info: *mut i32) -> Result<Gesvd<T>> {
        Ok(Gesvd {
            left: svect(self.jobu)?,
            right: svect(self.jobv)?,
            m: self.m.into(),
            n: self.n.into(),
            a: Batch::one(self.a),
            lda: self.lda.into(),
            s: Strided::new(self.s, 0),
            u: Strided::new(self.u, 0),
            ldu: self.ldu.into(),
            v: Strided::new(self.v, 0),
            ldv: self.ldv.into(),
            e: Strided::new(self.rwork, 0),
            info,
            batch_count: 1,
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn gesvd_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    (jobu, jobv, m, n): (i8, i8, i32, i32),
    lwork: *mut i32,
) -> Result<()> {
    let call = GesvdCall::<T> {
        jobu,
        jobv,
        m,
        n,
        a: placeholder(),
        lda: m.max(1),
        s: placeholder(),
        u: placeholder(),
        ldu: m.max(1),
        v: placeholder(),
        ldv: n.max(1),
        rwork: placeholder(),
    };
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            Ok(routines2::gesvd_scratch_e(q, &call.args(placeholder())?)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers; `rwork`, when not null, holds min(m, n) - 1
/// entries.
unsafe fn gesvd<T: Field>(
    handle: hipsolverHandle_t,
    call: GesvdCall<T>,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let g = call.args(info)?;
    // SAFETY: the C API's contract.
    Ok(unsafe { routines2::gesvd_scratch_e(h, &g) }?)
}

// ---- sygvd / hegvd ----

/// `sygvd`'s arguments after the handle, in the C call's order.
#[derive(Clone, Copy)]
struct SygvdCall<T: Field> {
    itype: i32,
    jobz: i32,
    uplo: i32,
    n: i32,
    a: *mut T,
    lda: i32,
    b: *mut T,
    ldb: i32,
    w: *mut Real<T>,
}

impl<T: Field> SygvdCall<T> {
    fn args(self, info: *mut i32) -> Result<Sygvd<T>> {
        Ok(Sygvd {
            itype: eig_type(self.itype)?,
            evect: eig_mode(self.jobz)?,
            uplo: fill(self.uplo)?,
            n: self.n.into(),
            a: Batch::one(self.a),
            lda: self.lda.into(),
            b: Batch::one(self.b),
            ldb: self.ldb.into(),
            d: Strided::new(self.w, 0),
            e: Strided::new(std::ptr::null(), 0),
            info,
            batch_count: 1,
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn sygvd_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    call: SygvdCall<T>,
    lwork: *mut i32,
) -> Result<()> {
    let call = SygvdCall {
        a: placeholder(),
        b: placeholder(),
        w: placeholder(),
        ..call
    };
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            Ok(routines3::sygvd_scratch_e(q, &call.args(placeholder())?)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn sygvd<T: Field>(
    handle: hipsolverHandle_t,
    call: SygvdCall<T>,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let g = call.args(info)?;
    // SAFETY: the C API's contract.
    Ok(unsafe { routines3::sygvd_scratch_e(h, &g) }?)
}

// ---- potri ----

fn potri_args<T>(uplo: i32, n: i32, a: *mut T, lda: i32, info: *mut i32) -> Result<Potri<T>> {
    Ok(Potri {
        uplo: fill(uplo)?,
        n: n.into(),
        a: Batch::one(a),
        lda: lda.into(),
        info,
        batch_count: 1,
    })
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potri_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    (uplo, n, lda): (i32, i32, i32),
    lwork: *mut i32,
) -> Result<()> {
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            let p = potri_args::<T>(uplo, n, placeholder(), lda, placeholder())?;
            Ok(routines3::potri(q, &p)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potri<T: Field>(
    handle: hipsolverHandle_t,
    (uplo, n): (i32, i32),
    a: *mut T,
    lda: i32,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let p = potri_args(uplo, n, a, lda, info)?;
    // SAFETY: the C API's contract.
    Ok(unsafe { routines3::potri(h, &p) }?)
}

/// Entry points with one C signature under several names (the regular API's and the
/// compatibility API's, where they agree), each running `$body`.
macro_rules! entries {
    ([$($name:ident),+ $(,)?] $params:tt => $body:expr) => {
        $(
            #[no_mangle]
            pub unsafe extern "C" fn $name $params -> hipsolverStatus_t {
                // SAFETY: the C API's contract for the call's pointers.
                entry(stringify!($name), || unsafe { $body })
            }
        )+
    };
}

/// The entry points of one element type `$t` (real type `$r`), named in the order: the
/// regular API's query and routine, then the compatibility API's, per routine.
macro_rules! dense2_entries {
    (
        $t:ty, $r:ty,
        orgqr: $orgqr_bs:ident, $orgqr:ident, $dn_orgqr_bs:ident, $dn_orgqr:ident,
        ormqr: $ormqr_bs:ident, $ormqr:ident, $dn_ormqr_bs:ident, $dn_ormqr:ident,
        gels: $gels_bs:ident, $gels:ident, $dn_gels_bs:ident, $dn_gels:ident,
        gesv: $gesv_bs:ident, $gesv:ident, $dn_gesv_bs:ident, $dn_gesv:ident,
        potrf_batched: $potrfb_bs:ident, $potrfb:ident, $dn_potrfb:ident,
        potrs_batched: $potrsb_bs:ident, $potrsb:ident, $dn_potrsb:ident,
        syevd: $syevd_bs:ident, $syevd:ident, $dn_syevd_bs:ident, $dn_syevd:ident,
        gesvd: $gesvd_bs:ident, $gesvd:ident, $dn_gesvd_bs:ident, $dn_gesvd:ident,
        sygvd: $sygvd_bs:ident, $sygvd:ident, $dn_sygvd_bs:ident, $dn_sygvd:ident,
        potri: $potri_bs:ident, $potri:ident, $dn_potri_bs:ident, $dn_potri:ident $(,)?
    ) => {
        entries!([$orgqr_bs, $dn_orgqr_bs] (
            handle: hipsolverHandle_t, m: i32, n: i32, k: i32, _a: *mut $t, lda: i32,
            _tau: *mut $t, lwork: *mut i32,
        ) => orgqr_buffer_size::<$t>(handle, (m, n, k, lda), lwork));
        entries!([$orgqr, $dn_orgqr] (
            handle: hipsolverHandle_t, m: i32, n: i32, k: i32, a: *mut $t, lda: i32,
            tau: *const $t, _work: *mut $t, _lwork: i32, dev_info: *mut i32,
        ) => orgqr(handle, (m, n, k), a, lda, tau, dev_info));

        entries!([$ormqr_bs, $dn_ormqr_bs] (
            handle: hipsolverHandle_t, side: i32, trans: i32, m: i32, n: i32, k: i32,
            _a: *const $t, lda: i32, _tau: *const $t, _c: *const $t, ldc: i32, lwork: *mut i32,
        ) => ormqr_buffer_size::<$t>(
            handle,
            OrmqrCall { side, trans, m, n, k, a: _a, lda, tau: _tau, c: _c as *mut $t, ldc },
            lwork,
        ));
        entries!([$ormqr, $dn_ormqr] (
            handle: hipsolverHandle_t, side: i32, trans: i32, m: i32, n: i32, k: i32,
            a: *const $t, lda: i32, tau: *const $t, c: *mut $t, ldc: i32, _work: *mut $t,
            _lwork: i32, dev_info: *mut i32,
        ) => ormqr(
            handle,
            OrmqrCall { side, trans, m, n, k, a, lda, tau, c, ldc },
            dev_info,
        ));

        entries!([$gels_bs] (
            handle: hipsolverHandle_t, m: i32, n: i32, nrhs: i32, a: *mut $t, lda: i32,
            b: *mut $t, ldb: i32, x: *mut $t, ldx: i32, lwork: *mut usize,
        ) => gels_buffer_size(
            handle,
            SolveCall { m, n, nrhs, a, lda, ipiv: std::ptr::null_mut(), b, ldb, x, ldx },
            lwork,
        ));
        entries!([$dn_gels_bs] (
            handle: hipsolverHandle_t, m: i32, n: i32, nrhs: i32, a: *mut $t, lda: i32,
            b: *mut $t, ldb: i32, x: *mut $t, ldx: i32, _work: *mut std::ffi::c_void,
            lwork: *mut usize,
        ) => gels_buffer_size(
            handle,
            SolveCall { m, n, nrhs, a, lda, ipiv: std::ptr::null_mut(), b, ldb, x, ldx },
            lwork,
        ));
        entries!([$gels, $dn_gels] (
            handle: hipsolverHandle_t, m: i32, n: i32, nrhs: i32, a: *mut $t, lda: i32,
            b: *mut $t, ldb: i32, x: *mut $t, ldx: i32, _work: *mut std::ffi::c_void,
            _lwork: usize, niters: *mut i32, dev_info: *mut i32,
        ) => gels(
            handle,
            SolveCall { m, n, nrhs, a, lda, ipiv: std::ptr::null_mut(), b, ldb, x, ldx },
            niters,
            dev_info,
        ));

        entries!([$gesv_bs] (
            handle: hipsolverHandle_t, n: i32, nrhs: i32, a: *mut $t, lda: i32,
            dev_ipiv: *mut i32, b: *mut $t, ldb: i32, x: *mut $t, ldx: i32, lwork: *mut usize,
        ) => gesv_buffer_size(
            handle,
            SolveCall { m: n, n, nrhs, a, lda, ipiv: dev_ipiv, b, ldb, x, ldx },
            lwork,
        ));
        entries!([$dn_gesv_bs] (
            handle: hipsolverHandle_t, n: i32, nrhs: i32, a: *mut $t, lda: i32,
            dev_ipiv: *mut i32, b: *mut $t, ldb: i32, x: *mut $t, ldx: i32,
            _work: *mut std::ffi::c_void, lwork: *mut usize,
        ) => gesv_buffer_size(
            handle,
            SolveCall { m: n, n, nrhs, a, lda, ipiv: dev_ipiv, b, ldb, x, ldx },
            lwork,
        ));
        entries!([$gesv, $dn_gesv] (
            handle: hipsolverHandle_t, n: i32, nrhs: i32, a: *mut $t, lda: i32,
            dev_ipiv: *mut i32, b: *mut $t, ldb: i32, x: *mut $t, ldx: i32,
            _work: *mut std::ffi::c_void, _lwork: usize, niters: *mut i32, dev_info: *mut i32,
        ) => gesv(
            handle,
            SolveCall { m: n, n, nrhs, a, lda, ipiv: dev_ipiv, b, ldb, x, ldx },
            niters,
            dev_info,
        ));

        entries!([$potrfb_bs] (
            handle: hipsolverHandle_t, uplo: i32, n: i32, _a: *mut *mut $t, lda: i32,
            lwork: *mut i32, batch_count: i32,
        ) => potrf_batched_buffer_size::<$t>(handle, (uplo, n, lda, batch_count), lwork));
        entries!([$potrfb] (
            handle: hipsolverHandle_t, uplo: i32, n: i32, a: *mut *mut $t, lda: i32,
            _work: *mut $t, _lwork: i32, dev_info: *mut i32, batch_count: i32,
        ) => potrf_batched(handle, (uplo, n), a, lda, dev_info, batch_count));
        entries!([$dn_potrfb] (
            handle: hipsolverHandle_t, uplo: i32, n: i32, a: *mut *mut $t, lda: i32,
            dev_info: *mut i32, batch_count: i32,
        ) => potrf_batched(handle, (uplo, n), a, lda, dev_info, batch_count));

        entries!([$potrsb_bs] (
            handle: hipsolverHandle_t, uplo: i32, n: i32, nrhs: i32, a: *mut *mut $t,
            lda: i32, b: *mut *mut $t, ldb: i32, lwork: *mut i32, batch_count: i32,
        ) => potrs_batched_buffer_size(
            handle,
            PotrsBatchedCall { uplo, n, nrhs, a, lda, b, ldb, batch_count },
            lwork,
        ));
        entries!([$potrsb] (
            handle: hipsolverHandle_t, uplo: i32, n: i32, nrhs: i32, a: *mut *mut $t,
            lda: i32, b: *mut *mut $t, ldb: i32, _work: *mut $t, _lwork: i32,
            dev_info: *mut i32, batch_count: i32,
        ) => potrs_batched(
            handle,
            PotrsBatchedCall { uplo, n, nrhs, a, lda, b, ldb, batch_count },
            dev_info,
        ));
        entries!([$dn_potrsb] (
            handle: hipsolverHandle_t, uplo: i32, n: i32, nrhs: i32, a: *mut *mut $t,
            lda: i32, b: *mut *mut $t, ldb: i32, dev_info: *mut i32, batch_count: i32,
        ) => potrs_batched(
            handle,
            PotrsBatchedCall { uplo, n, nrhs, a, lda, b, ldb, batch_count },
            dev_info,
        ));

        entries!([$syevd_bs, $dn_syevd_bs] (
            handle: hipsolverHandle_t, jobz: i32, uplo: i32, n: i32, _a: *const $t, lda: i32,
            _w: *const $r, lwork: *mut i32,
        ) => syevd_buffer_size::<$t>(handle, (jobz, uplo, n, lda), lwork));
        entries!([$syevd, $dn_syevd] (
            handle: hipsolverHandle_t, jobz: i32, uplo: i32, n: i32, a: *mut $t, lda: i32,
            w: *mut $r, _work: *mut $t, _lwork: i32, dev_info: *mut i32,
        ) => syevd(handle, (jobz, uplo, n), a, lda, w, dev_info));

        entries!([$gesvd_bs] (
            handle: hipsolverHandle_t, jobu: i8, jobv: i8, m: i32, n: i32, lwork: *mut i32,
        ) => gesvd_buffer_size::<$t>(handle, (jobu, jobv, m, n), lwork));
        entries!([$dn_gesvd_bs] (
            handle: hipsolverHandle_t, m: i32, n: i32, lwork: *mut i32,
        ) => gesvd_buffer_size::<$t>(handle, (b'N' as i8, b'N' as i8, m, n), lwork));
        entries!([$gesvd, $dn_gesvd] (
            handle: hipsolverHandle_t, jobu: i8, jobv: i8, m: i32, n: i32, a: *mut $t,
            lda: i32, s: *mut $r, u: *mut $t, ldu: i32, v: *mut $t, ldv: i32, _work: *mut $t,
            _lwork: i32, rwork: *mut $r, dev_info: *mut i32,
        ) => gesvd(
            handle,
            GesvdCall { jobu, jobv, m, n, a, lda, s, u, ldu, v, ldv, rwork },
            dev_info,
        ));

        entries!([$sygvd_bs, $dn_sygvd_bs] (
            handle: hipsolverHandle_t, itype: i32, jobz: i32, uplo: i32, n: i32,
            _a: *const $t, lda: i32, _b: *const $t, ldb: i32, _w: *const $r, lwork: *mut i32,
        ) => sygvd_buffer_size::<$t>(
            handle,
            SygvdCall {
                itype, jobz, uplo, n,
                a: std::ptr::null_mut(), lda, b: std::ptr::null_mut(), ldb,
                w: std::ptr::null_mut(),
            },
            lwork,
        ));
        entries!([$sygvd, $dn_sygvd] (
            handle: hipsolverHandle_t, itype: i32, jobz: i32, uplo: i32, n: i32, a: *mut $t,
            lda: i32, b: *mut $t, ldb: i32, w: *mut $r, _work: *mut $t, _lwork: i32,
            dev_info: *mut i32,
        ) => sygvd(
            handle,
            SygvdCall { itype, jobz, uplo, n, a, lda, b, ldb, w },
            dev_info,
        ));

        entries!([$potri_bs, $dn_potri_bs] (
            handle: hipsolverHandle_t, uplo: i32, n: i32, _a: *mut $t, lda: i32,
            lwork: *mut i32,
        ) => potri_buffer_size::<$t>(handle, (uplo, n, lda), lwork));
        entries!([$potri, $dn_potri] (
            handle: hipsolverHandle_t, uplo: i32, n: i32, a: *mut $t, lda: i32,
            _work: *mut $t, _lwork: i32, dev_info: *mut i32,
        ) => potri(handle, (uplo, n), a, lda, dev_info));
    };
}

dense2_entries!(
    f32, f32,
    orgqr: hipsolverSorgqr_bufferSize, hipsolverSorgqr,
        hipsolverDnSorgqr_bufferSize, hipsolverDnSorgqr,
    ormqr: hipsolverSormqr_bufferSize, hipsolverSormqr,
        hipsolverDnSormqr_bufferSize, hipsolverDnSormqr,
    gels: hipsolverSSgels_bufferSize, hipsolverSSgels,
        hipsolverDnSSgels_bufferSize, hipsolverDnSSgels,
    gesv: hipsolverSSgesv_bufferSize, hipsolverSSgesv,
        hipsolverDnSSgesv_bufferSize, hipsolverDnSSgesv,
    potrf_batched: hipsolverSpotrfBatched_bufferSize, hipsolverSpotrfBatched,
        hipsolverDnSpotrfBatched,
    potrs_batched: hipsolverSpotrsBatched_bufferSize, hipsolverSpotrsBatched,
        hipsolverDnSpotrsBatched,
    syevd: hipsolverSsyevd_bufferSize, hipsolverSsyevd,
        hipsolverDnSsyevd_bufferSize, hipsolverDnSsyevd,
    gesvd: hipsolverSgesvd_bufferSize, hipsolverSgesvd,
        hipsolverDnSgesvd_bufferSize, hipsolverDnSgesvd,
    sygvd: hipsolverSsygvd_bufferSize, hipsolverSsygvd,
        hipsolverDnSsygvd_bufferSize, hipsolverDnSsygvd,
    potri: hipsolverSpotri_bufferSize, hipsolverSpotri,
        hipsolverDnSpotri_bufferSize, hipsolverDnSpotri,
);
dense2_entries!(
    f64, f64,
    orgqr: hipsolverDorgqr_bufferSize, hipsolverDorgqr,
        hipsolverDnDorgqr_bufferSize, hipsolverDnDorgqr,
    ormqr: hipsolverDormqr_bufferSize, hipsolverDormqr,
        hipsolverDnDormqr_bufferSize, hipsolverDnDormqr,
    gels: hipsolverDDgels_bufferSize, hipsolverDDgels,
        hipsolverDnDDgels_bufferSize, hipsolverDnDDgels,
    gesv: hipsolverDDgesv_bufferSize, hipsolverDDgesv,
        hipsolverDnDDgesv_bufferSize, hipsolverDnDDgesv,
    potrf_batched: hipsolverDpotrfBatched_bufferSize, hipsolverDpotrfBatched,
        hipsolverDnDpotrfBatched,
    potrs_batched: hipsolverDpotrsBatched_bufferSize, hipsolverDpotrsBatched,
        hipsolverDnDpotrsBatched,
    syevd: hipsolverDsyevd_bufferSize, hipsolverDsyevd,
        hipsolverDnDsyevd_bufferSize, hipsolverDnDsyevd,
    gesvd: hipsolverDgesvd_bufferSize, hipsolverDgesvd,
        hipsolverDnDgesvd_bufferSize, hipsolverDnDgesvd,
    sygvd: hipsolverDsygvd_bufferSize, hipsolverDsygvd,
        hipsolverDnDsygvd_bufferSize, hipsolverDnDsygvd,
    potri: hipsolverDpotri_bufferSize, hipsolverDpotri,
        hipsolverDnDpotri_bufferSize, hipsolverDnDpotri,
);
dense2_entries!(
    C32, f32,
    orgqr: hipsolverCungqr_bufferSize, hipsolverCungqr,
        hipsolverDnCungqr_bufferSize, hipsolverDnCungqr,
    ormqr: hipsolverCunmqr_bufferSize, hipsolverCunmqr,
        hipsolverDnCunmqr_bufferSize, hipsolverDnCunmqr,
    gels: hipsolverCCgels_bufferSize, hipsolverCCgels,
        hipsolverDnCCgels_bufferSize, hipsolverDnCCgels,
    gesv: hipsolverCCgesv_bufferSize, hipsolverCCgesv,
        hipsolverDnCCgesv_bufferSize, hipsolverDnCCgesv,
    potrf_batched: hipsolverCpotrfBatched_bufferSize, hipsolverCpotrfBatched,
        hipsolverDnCpotrfBatched,
    potrs_batched: hipsolverCpotrsBatched_bufferSize, hipsolverCpotrsBatched,
        hipsolverDnCpotrsBatched,
    syevd: hipsolverCheevd_bufferSize, hipsolverCheevd,
        hipsolverDnCheevd_bufferSize, hipsolverDnCheevd,
    gesvd: hipsolverCgesvd_bufferSize, hipsolverCgesvd,
        hipsolverDnCgesvd_bufferSize, hipsolverDnCgesvd,
    sygvd: hipsolverChegvd_bufferSize, hipsolverChegvd,
        hipsolverDnChegvd_bufferSize, hipsolverDnChegvd,
    potri: hipsolverCpotri_bufferSize, hipsolverCpotri,
        hipsolverDnCpotri_bufferSize, hipsolverDnCpotri,
);
dense2_entries!(
    C64, f64,
    orgqr: hipsolverZungqr_bufferSize, hipsolverZungqr,
        hipsolverDnZungqr_bufferSize, hipsolverDnZungqr,
    ormqr: hipsolverZunmqr_bufferSize, hipsolverZunmqr,
        hipsolverDnZunmqr_bufferSize, hipsolverDnZunmqr,
    gels: hipsolverZZgels_bufferSize, hipsolverZZgels,
        hipsolverDnZZgels_bufferSize, hipsolverDnZZgels,
    gesv: hipsolverZZgesv_bufferSize, hipsolverZZgesv,
        hipsolverDnZZgesv_bufferSize, hipsolverDnZZgesv,
    potrf_batched: hipsolverZpotrfBatched_bufferSize, hipsolverZpotrfBatched,
        hipsolverDnZpotrfBatched,
    potrs_batched: hipsolverZpotrsBatched_bufferSize, hipsolverZpotrsBatched,
        hipsolverDnZpotrsBatched,
    syevd: hipsolverZheevd_bufferSize, hipsolverZheevd,
        hipsolverDnZheevd_bufferSize, hipsolverDnZheevd,
    gesvd: hipsolverZgesvd_bufferSize, hipsolverZgesvd,
        hipsolverDnZgesvd_bufferSize, hipsolverDnZgesvd,
    sygvd: hipsolverZhegvd_bufferSize, hipsolverZhegvd,
        hipsolverDnZhegvd_bufferSize, hipsolverDnZhegvd,
    potri: hipsolverZpotri_bufferSize, hipsolverZpotri,
        hipsolverDnZpotri_bufferSize, hipsolverDnZpotri,
);
