//! The dense routines (getrf, getrs, potrf, potrs, geqrf in s/d/c/z), in hipSOLVER's regular
//! API (`hipsolverDgetrf(..., work, lwork, devIpiv, devInfo)`) and in its cuSOLVER-style
//! compatibility API (`hipsolverDnDgetrf`), both generated per element type from one body per
//! routine.
//!
//! As in hipSOLVER: a null `devIpiv` factors without pivoting; `devInfo` gets the routine's
//! info, or 0 for the routines whose core has none (written by a kernel queued after the work).

use crate::{
    check_info, entry, fail, fill, handle_obj, hipsolverHandle_t, hipsolverStatus_t, operation,
    status, zero_info, Result,
};
use rocblas::kernel::{Launcher, Work};
use rocblas::level3::Batch;
use rocblas::{C32, C64};
use rocsolver::routines::{self, Geqrf, Getrf, Getrs, Potrf, Potrs, Strided};
use rocsolver::Field;
use std::ptr::NonNull;

/// What a buffer-size query answers, in elements: the CPU device needs no workspace, and one
/// element is a size every allocator takes.
pub(crate) const WORKSPACE: i32 = 1;

/// A launcher that queues nothing: a buffer-size query runs a routine's argument checks only,
/// as rocSOLVER's device-memory size query does.
pub(crate) struct SizeQuery;

impl Launcher for SizeQuery {
    fn launch<W: Work>(&self, _groups: u32, _work: &W) -> rocblas::Result<()> {
        Ok(())
    }

    fn synchronize(&self) -> rocblas::Result<()> {
        Ok(())
    }
}

/// A non-null placeholder for the matrices of a size query, which are never read.
pub(crate) fn placeholder<T>() -> *mut T {
    NonNull::dangling().as_ptr()
}

/// Answers a buffer-size query: the handle and `lwork` checked (`lwork` set to 0 first, as
/// hipSOLVER does), then the routine's own checks of sizes and enums, then [`WORKSPACE`].
///
/// # Safety
/// The caller does not destroy `handle` during the call; `lwork` is null or writable.
pub(crate) unsafe fn buffer_size(
    handle: hipsolverHandle_t,
    lwork: *mut i32,
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
    unsafe { lwork.write(WORKSPACE) };
    Ok(())
}

fn getrf_args<T>(m: i32, n: i32, a: *mut T, lda: i32, ipiv: *mut i32, info: *mut i32) -> Getrf<T> {
    Getrf {
        m: m.into(),
        n: n.into(),
        a: Batch::one(a),
        lda: lda.into(),
        ipiv: Strided::new(ipiv, 0),
        info,
        batch_count: 1,
        pivot: !ipiv.is_null(),
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn getrf_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    m: i32,
    n: i32,
    lda: i32,
    lwork: *mut i32,
) -> Result<()> {
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            let g = getrf_args::<T>(m, n, placeholder(), lda, placeholder(), placeholder());
            Ok(routines::getrf(q, &g)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn getrf<T: Field>(
    handle: hipsolverHandle_t,
    m: i32,
    n: i32,
    a: *mut T,
    lda: i32,
    ipiv: *mut i32,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    // SAFETY: the C API's contract.
    Ok(unsafe { routines::getrf(h, &getrf_args(m, n, a, lda, ipiv, info)) }?)
}

/// `getrs`'s arguments after the handle, in the C call's order.
#[derive(Clone, Copy)]
struct GetrsCall<T> {
    trans: i32,
    n: i32,
    nrhs: i32,
    a: *const T,
    lda: i32,
    ipiv: *const i32,
    b: *mut T,
    ldb: i32,
}

impl<T> GetrsCall<T> {
    fn args(self) -> Result<Getrs<T>> {
        Ok(Getrs {
            trans: operation(self.trans)?,
            n: self.n.into(),
            nrhs: self.nrhs.into(),
            a: Batch::one(self.a),
            lda: self.lda.into(),
            ipiv: Strided::new(self.ipiv, 0),
            b: Batch::one(self.b),
            ldb: self.ldb.into(),
            batch_count: 1,
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn getrs_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    (trans, n, nrhs, lda, ldb): (i32, i32, i32, i32, i32),
    lwork: *mut i32,
) -> Result<()> {
    let call = GetrsCall::<T> {
        trans,
        n,
        nrhs,
        a: placeholder(),
        lda,
        ipiv: placeholder(),
        b: placeholder(),
        ldb,
    };
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe { buffer_size(handle, lwork, |q| Ok(routines::getrs(q, &call.args()?)?)) }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn getrs<T: Field>(
    handle: hipsolverHandle_t,
    call: GetrsCall<T>,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let g = call.args()?;
    check_info(info)?;
    // SAFETY: the C API's contract.
    unsafe { routines::getrs(h, &g) }?;
    zero_info(h, info)
}

fn potrf_args<T>(uplo: i32, n: i32, a: *mut T, lda: i32, info: *mut i32) -> Result<Potrf<T>> {
    Ok(Potrf {
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
unsafe fn potrf_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    uplo: i32,
    n: i32,
    lda: i32,
    lwork: *mut i32,
) -> Result<()> {
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            let p = potrf_args::<T>(uplo, n, placeholder(), lda, placeholder())?;
            Ok(routines::potrf(q, &p)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potrf<T: Field>(
    handle: hipsolverHandle_t,
    uplo: i32,
    n: i32,
    a: *mut T,
    lda: i32,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let p = potrf_args(uplo, n, a, lda, info)?;
    // SAFETY: the C API's contract.
    Ok(unsafe { routines::potrf(h, &p) }?)
}

/// `potrs`'s arguments after the handle, in the C call's order.
#[derive(Clone, Copy)]
struct PotrsCall<T> {
    uplo: i32,
    n: i32,
    nrhs: i32,
    a: *const T,
    lda: i32,
    b: *mut T,
    ldb: i32,
}

impl<T> PotrsCall<T> {
    fn args(self) -> Result<Potrs<T>> {
        Ok(Potrs {
            uplo: fill(self.uplo)?,
            n: self.n.into(),
            nrhs: self.nrhs.into(),
            a: Batch::one(self.a),
            lda: self.lda.into(),
            b: Batch::one(self.b),
            ldb: self.ldb.into(),
            batch_count: 1,
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potrs_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    (uplo, n, nrhs, lda, ldb): (i32, i32, i32, i32, i32),
    lwork: *mut i32,
) -> Result<()> {
    let call = PotrsCall::<T> {
        uplo,
        n,
        nrhs,
        a: placeholder(),
        lda,
        b: placeholder(),
        ldb,
    };
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe { buffer_size(handle, lwork, |q| Ok(routines::potrs(q, &call.args()?)?)) }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn potrs<T: Field>(
    handle: hipsolverHandle_t,
    call: PotrsCall<T>,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let p = call.args()?;
    check_info(info)?;
    // SAFETY: the C API's contract.
    unsafe { routines::potrs(h, &p) }?;
    zero_info(h, info)
}

fn geqrf_args<T>(m: i32, n: i32, a: *mut T, lda: i32, tau: *mut T) -> Geqrf<T> {
    Geqrf {
        m: m.into(),
        n: n.into(),
        a: Batch::one(a),
        lda: lda.into(),
        tau: Strided::new(tau, 0),
        batch_count: 1,
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn geqrf_buffer_size<T: Field>(
    handle: hipsolverHandle_t,
    m: i32,
    n: i32,
    lda: i32,
    lwork: *mut i32,
) -> Result<()> {
    // SAFETY: forwarded; the query launches nothing, so the placeholders are never read.
    unsafe {
        buffer_size(handle, lwork, |q| {
            let g = geqrf_args::<T>(m, n, placeholder(), lda, placeholder());
            Ok(routines::geqrf(q, &g)?)
        })
    }
}

/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn geqrf<T: Field>(
    handle: hipsolverHandle_t,
    m: i32,
    n: i32,
    a: *mut T,
    lda: i32,
    tau: *mut T,
    info: *mut i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    check_info(info)?;
    // SAFETY: the C API's contract.
    unsafe { routines::geqrf(h, &geqrf_args(m, n, a, lda, tau)) }?;
    zero_info(h, info)
}

/// The entry points of one element type: the regular API's and the compatibility API's.
macro_rules! dense_entries {
    (
        $t:ty,
        getrf: $getrf_bs:ident, $getrf:ident,
        getrs: $getrs_bs:ident, $getrs:ident,
        potrf: $potrf_bs:ident, $potrf:ident,
        potrs: $potrs_bs:ident, $potrs:ident,
        geqrf: $geqrf_bs:ident, $geqrf:ident,
        dn_getrf: $dn_getrf_bs:ident, $dn_getrf:ident,
        dn_getrs: $dn_getrs:ident,
        dn_potrf: $dn_potrf_bs:ident, $dn_potrf:ident,
        dn_potrs: $dn_potrs:ident,
        dn_geqrf: $dn_geqrf_bs:ident, $dn_geqrf:ident $(,)?
    ) => {
        // ---- getrf ----
        #[no_mangle]
        pub unsafe extern "C" fn $getrf_bs(
            handle: hipsolverHandle_t,
            m: i32,
            n: i32,
            _a: *mut $t,
            lda: i32,
            lwork: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($getrf_bs), || unsafe {
                getrf_buffer_size::<$t>(handle, m, n, lda, lwork)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $dn_getrf_bs(
            handle: hipsolverHandle_t,
            m: i32,
            n: i32,
            _a: *mut $t,
            lda: i32,
            lwork: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($dn_getrf_bs), || unsafe {
                getrf_buffer_size::<$t>(handle, m, n, lda, lwork)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $getrf(
            handle: hipsolverHandle_t,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            _work: *mut $t,
            _lwork: i32,
            dev_ipiv: *mut i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($getrf), || unsafe {
                getrf(handle, m, n, a, lda, dev_ipiv, dev_info)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $dn_getrf(
            handle: hipsolverHandle_t,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            _work: *mut $t,
            dev_ipiv: *mut i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($dn_getrf), || unsafe {
                getrf(handle, m, n, a, lda, dev_ipiv, dev_info)
            })
        }

        // ---- getrs ----
        #[no_mangle]
        pub unsafe extern "C" fn $getrs_bs(
            handle: hipsolverHandle_t,
            trans: i32,
            n: i32,
            nrhs: i32,
            _a: *mut $t,
            lda: i32,
            _dev_ipiv: *mut i32,
            _b: *mut $t,
            ldb: i32,
            lwork: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($getrs_bs), || unsafe {
                getrs_buffer_size::<$t>(handle, (trans, n, nrhs, lda, ldb), lwork)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $getrs(
            handle: hipsolverHandle_t,
            trans: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            dev_ipiv: *mut i32,
            b: *mut $t,
            ldb: i32,
            _work: *mut $t,
            _lwork: i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            let call = GetrsCall {
                trans,
                n,
                nrhs,
                a,
                lda,
                ipiv: dev_ipiv,
                b,
                ldb,
            };
            // SAFETY: the C API's contract.
            entry(stringify!($getrs), || unsafe {
                getrs(handle, call, dev_info)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $dn_getrs(
            handle: hipsolverHandle_t,
            trans: i32,
            n: i32,
            nrhs: i32,
            a: *const $t,
            lda: i32,
            dev_ipiv: *const i32,
            b: *mut $t,
            ldb: i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            let call = GetrsCall {
                trans,
                n,
                nrhs,
                a,
                lda,
                ipiv: dev_ipiv,
                b,
                ldb,
            };
            // SAFETY: the C API's contract.
            entry(stringify!($dn_getrs), || unsafe {
                getrs(handle, call, dev_info)
            })
        }

        // ---- potrf ----
        #[no_mangle]
        pub unsafe extern "C" fn $potrf_bs(
            handle: hipsolverHandle_t,
            uplo: i32,
            n: i32,
            _a: *mut $t,
            lda: i32,
            lwork: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($potrf_bs), || unsafe {
                potrf_buffer_size::<$t>(handle, uplo, n, lda, lwork)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $dn_potrf_bs(
            handle: hipsolverHandle_t,
            uplo: i32,
            n: i32,
            _a: *mut $t,
            lda: i32,
            lwork: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($dn_potrf_bs), || unsafe {
                potrf_buffer_size::<$t>(handle, uplo, n, lda, lwork)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $potrf(
            handle: hipsolverHandle_t,
            uplo: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            _work: *mut $t,
            _lwork: i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($potrf), || unsafe {
                potrf(handle, uplo, n, a, lda, dev_info)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $dn_potrf(
            handle: hipsolverHandle_t,
            uplo: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            _work: *mut $t,
            _lwork: i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($dn_potrf), || unsafe {
                potrf(handle, uplo, n, a, lda, dev_info)
            })
        }

        // ---- potrs ----
        #[no_mangle]
        pub unsafe extern "C" fn $potrs_bs(
            handle: hipsolverHandle_t,
            uplo: i32,
            n: i32,
            nrhs: i32,
            _a: *mut $t,
            lda: i32,
            _b: *mut $t,
            ldb: i32,
            lwork: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($potrs_bs), || unsafe {
                potrs_buffer_size::<$t>(handle, (uplo, n, nrhs, lda, ldb), lwork)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $potrs(
            handle: hipsolverHandle_t,
            uplo: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            b: *mut $t,
            ldb: i32,
            _work: *mut $t,
            _lwork: i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            let call = PotrsCall {
                uplo,
                n,
                nrhs,
                a,
                lda,
                b,
                ldb,
            };
            // SAFETY: the C API's contract.
            entry(stringify!($potrs), || unsafe {
                potrs(handle, call, dev_info)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $dn_potrs(
            handle: hipsolverHandle_t,
            uplo: i32,
            n: i32,
            nrhs: i32,
            a: *const $t,
            lda: i32,
            b: *mut $t,
            ldb: i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            let call = PotrsCall {
                uplo,
                n,
                nrhs,
                a,
                lda,
                b,
                ldb,
            };
            // SAFETY: the C API's contract.
            entry(stringify!($dn_potrs), || unsafe {
                potrs(handle, call, dev_info)
            })
        }

        // ---- geqrf ----
        #[no_mangle]
        pub unsafe extern "C" fn $geqrf_bs(
            handle: hipsolverHandle_t,
            m: i32,
            n: i32,
            _a: *mut $t,
            lda: i32,
            lwork: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($geqrf_bs), || unsafe {
                geqrf_buffer_size::<$t>(handle, m, n, lda, lwork)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $dn_geqrf_bs(
            handle: hipsolverHandle_t,
            m: i32,
            n: i32,
            _a: *mut $t,
            lda: i32,
            lwork: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($dn_geqrf_bs), || unsafe {
                geqrf_buffer_size::<$t>(handle, m, n, lda, lwork)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $geqrf(
            handle: hipsolverHandle_t,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            tau: *mut $t,
            _work: *mut $t,
            _lwork: i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($geqrf), || unsafe {
                geqrf(handle, m, n, a, lda, tau, dev_info)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $dn_geqrf(
            handle: hipsolverHandle_t,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            tau: *mut $t,
            _work: *mut $t,
            _lwork: i32,
            dev_info: *mut i32,
        ) -> hipsolverStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($dn_geqrf), || unsafe {
                geqrf(handle, m, n, a, lda, tau, dev_info)
            })
        }
    };
}

dense_entries!(
    f32,
    getrf: hipsolverSgetrf_bufferSize, hipsolverSgetrf,
    getrs: hipsolverSgetrs_bufferSize, hipsolverSgetrs,
    potrf: hipsolverSpotrf_bufferSize, hipsolverSpotrf,
    potrs: hipsolverSpotrs_bufferSize, hipsolverSpotrs,
    geqrf: hipsolverSgeqrf_bufferSize, hipsolverSgeqrf,
    dn_getrf: hipsolverDnSgetrf_bufferSize, hipsolverDnSgetrf,
    dn_getrs: hipsolverDnSgetrs,
    dn_potrf: hipsolverDnSpotrf_bufferSize, hipsolverDnSpotrf,
    dn_potrs: hipsolverDnSpotrs,
    dn_geqrf: hipsolverDnSgeqrf_bufferSize, hipsolverDnSgeqrf,
);
dense_entries!(
    f64,
    getrf: hipsolverDgetrf_bufferSize, hipsolverDgetrf,
    getrs: hipsolverDgetrs_bufferSize, hipsolverDgetrs,
    potrf: hipsolverDpotrf_bufferSize, hipsolverDpotrf,
    potrs: hipsolverDpotrs_bufferSize, hipsolverDpotrs,
    geqrf: hipsolverDgeqrf_bufferSize, hipsolverDgeqrf,
    dn_getrf: hipsolverDnDgetrf_bufferSize, hipsolverDnDgetrf,
    dn_getrs: hipsolverDnDgetrs,
    dn_potrf: hipsolverDnDpotrf_bufferSize, hipsolverDnDpotrf,
    dn_potrs: hipsolverDnDpotrs,
    dn_geqrf: hipsolverDnDgeqrf_bufferSize, hipsolverDnDgeqrf,
);
dense_entries!(
    C32,
    getrf: hipsolverCgetrf_bufferSize, hipsolverCgetrf,
    getrs: hipsolverCgetrs_bufferSize, hipsolverCgetrs,
    potrf: hipsolverCpotrf_bufferSize, hipsolverCpotrf,
    potrs: hipsolverCpotrs_bufferSize, hipsolverCpotrs,
    geqrf: hipsolverCgeqrf_bufferSize, hipsolverCgeqrf,
    dn_getrf: hipsolverDnCgetrf_bufferSize, hipsolverDnCgetrf,
    dn_getrs: hipsolverDnCgetrs,
    dn_potrf: hipsolverDnCpotrf_bufferSize, hipsolverDnCpotrf,
    dn_potrs: hipsolverDnCpotrs,
    dn_geqrf: hipsolverDnCgeqrf_bufferSize, hipsolverDnCgeqrf,
);
dense_entries!(
    C64,
    getrf: hipsolverZgetrf_bufferSize, hipsolverZgetrf,
    getrs: hipsolverZgetrs_bufferSize, hipsolverZgetrs,
    potrf: hipsolverZpotrf_bufferSize, hipsolverZpotrf,
    potrs: hipsolverZpotrs_bufferSize, hipsolverZpotrs,
    geqrf: hipsolverZgeqrf_bufferSize, hipsolverZgeqrf,
    dn_getrf: hipsolverDnZgetrf_bufferSize, hipsolverDnZgetrf,
    dn_getrs: hipsolverDnZgetrs,
    dn_potrf: hipsolverDnZpotrf_bufferSize, hipsolverDnZpotrf,
    dn_potrs: hipsolverDnZpotrs,
    dn_geqrf: hipsolverDnZgeqrf_bufferSize, hipsolverDnZgeqrf,
);
