//! hipBLAS's solver functions (getrf, getrs, getri, geqrf, gels in s/d/c/z, with their batched
//! and strided-batched forms as hipBLAS has them), over the rocsolver crate, as ROCm's hipBLAS
//! exports them over rocSOLVER.
//!
//! hipBLAS's conventions, kept here:
//! - getrf and getriBatched report through a device `info` array (one entry per matrix, written
//!   by the kernel); a null `ipiv` factors (or inverts) without pivoting. Batched pivots lie `n`
//!   apart in one array.
//! - getrs, geqrf and gels take a host `info`, set before anything runs to minus the position of
//!   the first bad argument (0 when all are good); a null host `info` is
//!   `HIPBLAS_STATUS_INVALID_VALUE`, and a call with a bad argument runs nothing and returns
//!   `HIPBLAS_STATUS_INVALID_VALUE` (rocSOLVER's invalid size, pointer or value, mapped). gels
//!   also takes a device `info` for the solution's own info.
//! - getriBatched is out of place (C = A^-1, A left as it is); geqrfBatched takes an array of
//!   tau pointers.

use crate::{entry, fail, handle_obj, hipblasHandle_t, hipblasStatus_t, operation, status, Result};
use rocblas::kernel::{Launcher, Ptr, Work};
use rocblas::level3::Batch;
use rocblas::{Element, C32, C64};
use rocsolver::lapack::{self, View};
use rocsolver::lapack2;
use rocsolver::routines::{self, Geqrf, Getrf, Getrs, Strided};
use rocsolver::routines2::{self, Gels};
use rocsolver::Field;

/// Work-groups in one launch, at most: beyond it a group takes several matrices.
const MAX_GROUPS: usize = 1 << 16;

fn groups(batch: usize) -> u32 {
    batch.clamp(1, MAX_GROUPS) as u32
}

/// Whether `T` is complex (its real type is another type).
fn is_complex<T: Element>() -> bool {
    T::PREFIX != T::Real::PREFIX
}

/// hipBLAS's host `info`: minus the position of the first argument whose check in `bad` is
/// true, or 0; written to `info` before anything else happens. A null `info` is
/// `HIPBLAS_STATUS_INVALID_VALUE`.
///
/// # Safety
/// `info` is null or writable host memory.
unsafe fn host_info(info: *mut i32, bad: &[(bool, i32)]) -> Result<i32> {
    if info.is_null() {
        return fail(status::INVALID_VALUE, "info is a null pointer");
    }
    let v = bad.iter().find(|(b, _)| *b).map_or(0, |&(_, pos)| -pos);
    // SAFETY: non-null and writable per the contract.
    unsafe { info.write(v) };
    Ok(v)
}

/// A call whose host info named a bad argument: `HIPBLAS_STATUS_INVALID_VALUE`, as rocSOLVER's
/// invalid size, pointer or value maps.
fn rejected(info: i32) -> Result<()> {
    if info != 0 {
        return fail(
            status::INVALID_VALUE,
            format!("argument {} is invalid (info {info})", -info),
        );
    }
    Ok(())
}

/// `getrf` over `n x n` matrices: pivots `stride_p` apart, none when `ipiv` is null.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[allow(clippy::too_many_arguments)] // the C call's own arguments
unsafe fn getrf<T: Field>(
    handle: hipblasHandle_t,
    n: i32,
    a: Batch<T>,
    lda: i32,
    (ipiv, stride_p): (*mut i32, i64),
    info: *mut i32,
    batch_count: i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let g = Getrf {
        m: n.into(),
        n: n.into(),
        a,
        lda: lda.into(),
        ipiv: Strided::new(ipiv, stride_p),
        info,
        batch_count: batch_count.into(),
        pivot: !ipiv.is_null(),
    };
    // SAFETY: the C API's contract.
    Ok(unsafe { routines::getrf(h, &g) }?)
}

/// `getrs`'s arguments after the handle, and the positions hipBLAS's host info gives ipiv, B,
/// ldb and batchCount in this form.
struct GetrsCall<T> {
    trans: i32,
    n: i32,
    nrhs: i32,
    a: Batch<T>,
    lda: i32,
    ipiv: *const i32,
    stride_p: i64,
    b: Batch<T>,
    ldb: i32,
    batch_count: i32,
    positions: [i32; 4],
}

/// # Safety
/// The C API's contract for the call's pointers; `info` is null or writable host memory.
unsafe fn getrs<T: Field>(handle: hipblasHandle_t, g: GetrsCall<T>, info: *mut i32) -> Result<()> {
    let [p_ipiv, p_b, p_ldb, p_batch] = g.positions;
    let n = i64::from(g.n);
    let bad = [
        (operation(g.trans).is_err(), 1),
        (g.n < 0, 2),
        (g.nrhs < 0, 3),
        (g.a.is_null() && n != 0, 4),
        (g.lda < g.n.max(1), 5),
        (g.ipiv.is_null() && n != 0, p_ipiv),
        (g.b.is_null() && n * i64::from(g.nrhs) != 0, p_b),
        (g.ldb < g.n.max(1), p_ldb),
        (g.batch_count < 0, p_batch),
    ];
    // SAFETY: per the contract.
    let v = unsafe { host_info(info, &bad)? };
    let trans = operation(g.trans)?;
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    rejected(v)?;
    let args = Getrs {
        trans,
        n,
        nrhs: g.nrhs.into(),
        a: g.a,
        lda: g.lda.into(),
        ipiv: Strided::new(g.ipiv, g.stride_p),
        b: g.b,
        ldb: g.ldb.into(),
        batch_count: g.batch_count.into(),
    };
    // SAFETY: the C API's contract.
    Ok(unsafe { routines::getrs(h, &args) }?)
}

/// getriBatched's kernel: C = A^-1 for each matrix, from getrf's factors in A (left as they
/// are) and its pivots (none when `ipiv` is null); info as getri's.
#[repr(C)]
#[derive(Clone, Copy)]
struct GetriWork<T> {
    n: usize,
    a: Batch<T>,
    lda: usize,
    ipiv: Ptr<i32>,
    stride_p: usize,
    c: Batch<T>,
    ldc: usize,
    info: Ptr<i32>,
    batch: usize,
}

impl<T: Field> Work for GetriWork<T> {
    fn name() -> String {
        format!("hipblas{}getriBatched", T::PREFIX.to_uppercase())
    }

    fn run(&self, group: u32, groups: u32) {
        let n = self.n;
        let identity: Vec<i32> = if self.ipiv.is_null() {
            (1..=n as i32).collect()
        } else {
            Vec::new()
        };
        for b in (group as usize..self.batch).step_by(groups.max(1) as usize) {
            let info = if n == 0 {
                0
            } else {
                let (a, c) = (self.a.at(b), self.c.at(b) as *mut T);
                for j in 0..n {
                    // SAFETY: the call was checked: A and C cover n x n with their leading
                    // dimensions; they are different matrices (out of place).
                    unsafe {
                        std::ptr::copy(a.add(j * self.lda), c.add(j * self.ldc), n);
                    }
                }
                let ipiv = if self.ipiv.is_null() {
                    &identity[..]
                } else {
                    // SAFETY: n pivots per matrix, `stride_p` apart (checked non-null).
                    unsafe { std::slice::from_raw_parts(self.ipiv.0.add(b * self.stride_p), n) }
                };
                // SAFETY: C is n x n with ldc; the pivots name its rows.
                unsafe { lapack2::getri(View::col_major(c, n, n, self.ldc), ipiv) }
            };
            // SAFETY: one info per matrix (checked non-null).
            unsafe { *self.info.mutable().add(b) = info };
        }
    }
}

/// `getriBatched` (out of place), checked as rocSOLVER's getri_outofplace_batched.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[allow(clippy::too_many_arguments)] // the C call's own arguments
unsafe fn getri_batched<T: Field>(
    handle: hipblasHandle_t,
    n: i32,
    a: Batch<T>,
    lda: i32,
    ipiv: *mut i32,
    c: Batch<T>,
    ldc: i32,
    info: *mut i32,
    batch_count: i32,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    if n < 0 || lda < n || ldc < n || batch_count < 0 {
        return Err(rocblas::Error {
            status: rocblas::Status::InvalidSize,
            message: format!(
                "n {n}, lda {lda}, ldc {ldc}, batchCount {batch_count}: none may be negative, \
                 nor lda or ldc less than n"
            ),
        }
        .into());
    }
    if (n > 0 && (a.is_null() || c.is_null())) || (batch_count > 0 && info.is_null()) {
        return Err(rocblas::Error {
            status: rocblas::Status::InvalidPointer,
            message: "A, C or info is a null pointer".into(),
        }
        .into());
    }
    if batch_count == 0 {
        return Ok(());
    }
    let work = GetriWork {
        n: n as usize,
        a,
        lda: lda as usize,
        ipiv: Ptr(ipiv),
        stride_p: n as usize,
        c,
        ldc: ldc as usize,
        info: Ptr(info),
        batch: batch_count as usize,
    };
    Ok(h.launch(groups(work.batch), &work)?)
}

/// geqrfBatched's kernel: geqrf of each matrix, its tau through an array of pointers.
#[repr(C)]
#[derive(Clone, Copy)]
struct GeqrfArrayWork<T> {
    m: usize,
    n: usize,
    a: Batch<T>,
    lda: usize,
    tau: Batch<T>,
    batch: usize,
}

impl<T: Field> Work for GeqrfArrayWork<T> {
    fn name() -> String {
        format!("hipblas{}geqrfBatched", T::PREFIX.to_uppercase())
    }

    fn run(&self, group: u32, groups: u32) {
        let k = self.m.min(self.n);
        for b in (group as usize..self.batch).step_by(groups.max(1) as usize) {
            // SAFETY: the call was checked: A m x n with lda, tau min(m, n) entries per matrix.
            unsafe {
                let a = View::col_major(self.a.at(b) as *mut T, self.m, self.n, self.lda);
                lapack::geqrf(
                    a,
                    std::slice::from_raw_parts_mut(self.tau.at(b) as *mut T, k),
                );
            }
        }
    }
}

/// `geqrf` in any of its forms; `tau` is strided (plain, strided-batched) or an array of
/// pointers (batched); `positions` are the host info's for tau and batchCount.
///
/// # Safety
/// The C API's contract for the call's pointers; `info` is null or writable host memory.
#[allow(clippy::too_many_arguments)] // the C call's own arguments
unsafe fn geqrf<T: Field>(
    handle: hipblasHandle_t,
    (m, n): (i32, i32),
    a: Batch<T>,
    lda: i32,
    tau: Batch<T>,
    info: *mut i32,
    batch_count: i32,
    [p_tau, p_batch]: [i32; 2],
) -> Result<()> {
    let empty = m == 0 || n == 0;
    let bad = [
        (m < 0, 1),
        (n < 0, 2),
        (a.is_null() && !empty, 3),
        (lda < m.max(1), 4),
        (tau.is_null() && !empty, p_tau),
        (batch_count < 0, p_batch),
    ];
    // SAFETY: per the contract.
    let v = unsafe { host_info(info, &bad)? };
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    rejected(v)?;
    match tau {
        Batch::Strided { base, stride } => {
            let g = Geqrf {
                m: m.into(),
                n: n.into(),
                a,
                lda: lda.into(),
                tau: Strided::new(base.0, stride),
                batch_count: batch_count.into(),
            };
            // SAFETY: the C API's contract.
            Ok(unsafe { routines::geqrf(h, &g) }?)
        }
        Batch::Array(_) => {
            if empty || batch_count == 0 {
                return Ok(());
            }
            let work = GeqrfArrayWork {
                m: m as usize,
                n: n as usize,
                a,
                lda: lda as usize,
                tau,
                batch: batch_count as usize,
            };
            Ok(h.launch(groups(work.batch), &work)?)
        }
    }
}

/// `gels`'s arguments after the handle, and the positions hipBLAS's host info gives B, ldb,
/// deviceInfo and batchCount in this form.
struct GelsCall<T> {
    trans: i32,
    m: i32,
    n: i32,
    nrhs: i32,
    a: Batch<T>,
    lda: i32,
    b: Batch<T>,
    ldb: i32,
    device_info: *mut i32,
    batch_count: i32,
    positions: [i32; 4],
}

/// # Safety
/// The C API's contract for the call's pointers; `info` is null or writable host memory.
unsafe fn gels<T: Field>(handle: hipblasHandle_t, g: GelsCall<T>, info: *mut i32) -> Result<()> {
    let [p_b, p_ldb, p_dinfo, p_batch] = g.positions;
    let (m, n, nrhs) = (i64::from(g.m), i64::from(g.n), i64::from(g.nrhs));
    // Real types solve with A or A^T, complex ones with A or A^H.
    let adjoint = if is_complex::<T>() { 113 } else { 112 };
    let bad = [
        (g.trans != 111 && g.trans != adjoint, 1),
        (g.m < 0, 2),
        (g.n < 0, 3),
        (g.nrhs < 0, 4),
        (g.a.is_null() && m * n != 0, 5),
        (g.lda < g.m, 6),
        (g.b.is_null() && (m * nrhs != 0 || n * nrhs != 0), p_b),
        (g.ldb < g.m || g.ldb < g.n, p_ldb),
        (g.device_info.is_null() && g.batch_count != 0, p_dinfo),
        (g.batch_count < 0, p_batch),
    ];
    // SAFETY: per the contract.
    let v = unsafe { host_info(info, &bad)? };
    let trans = operation(g.trans)?;
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    rejected(v)?;
    let args = Gels {
        trans,
        m,
        n,
        nrhs,
        a: g.a,
        lda: g.lda.into(),
        b: g.b,
        ldb: g.ldb.into(),
        info: g.device_info,
        batch_count: g.batch_count.into(),
    };
    // SAFETY: the C API's contract.
    Ok(unsafe { routines2::gels(h, &args) }?)
}

fn array<T>(p: *const *mut T) -> Batch<T> {
    Batch::Array(Ptr(p.cast::<*const T>()))
}

fn strided<T>(p: *const T, stride: i64) -> Batch<T> {
    Batch::Strided {
        base: Ptr(p),
        stride,
    }
}

/// One row per element type (and for c and z, once more under the `_v2` names): getrf,
/// getrfBatched, getrfStridedBatched, getrs, getrsBatched, getrsStridedBatched, getriBatched,
/// geqrf, geqrfBatched, geqrfStridedBatched, gels, gelsBatched, gelsStridedBatched.
macro_rules! solver_entries {
    ($($t:ty => $getrf:ident, $getrf_b:ident, $getrf_s:ident, $getrs:ident, $getrs_b:ident,
        $getrs_s:ident, $getri_b:ident, $geqrf:ident, $geqrf_b:ident, $geqrf_s:ident,
        $gels:ident, $gels_b:ident, $gels_s:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $getrf(
            handle: hipblasHandle_t,
            n: i32,
            a: *mut $t,
            lda: i32,
            ipiv: *mut i32,
            info: *mut i32,
        ) -> hipblasStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($getrf), || unsafe {
                getrf(handle, n, Batch::one(a), lda, (ipiv, 0), info, 1)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $getrf_b(
            handle: hipblasHandle_t,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            ipiv: *mut i32,
            info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($getrf_b), || unsafe {
                getrf(handle, n, array(a), lda, (ipiv, n.into()), info, batch_count)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $getrf_s(
            handle: hipblasHandle_t,
            n: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            ipiv: *mut i32,
            stride_p: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($getrf_s), || unsafe {
                getrf(handle, n, strided(a, stride_a), lda, (ipiv, stride_p), info, batch_count)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $getrs(
            handle: hipblasHandle_t,
            trans: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            ipiv: *const i32,
            b: *mut $t,
            ldb: i32,
            info: *mut i32,
        ) -> hipblasStatus_t {
            let g = GetrsCall {
                trans, n, nrhs, a: Batch::one(a), lda, ipiv, stride_p: 0, b: Batch::one(b), ldb,
                batch_count: 1, positions: [6, 7, 8, 0],
            };
            // SAFETY: the C API's contract.
            entry(stringify!($getrs), || unsafe { getrs(handle, g, info) })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $getrs_b(
            handle: hipblasHandle_t,
            trans: i32,
            n: i32,
            nrhs: i32,
            a: *const *mut $t,
            lda: i32,
            ipiv: *const i32,
            b: *const *mut $t,
            ldb: i32,
            info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            let g = GetrsCall {
                trans, n, nrhs, a: array(a), lda, ipiv, stride_p: n.into(), b: array(b), ldb,
                batch_count, positions: [6, 7, 8, 10],
            };
            // SAFETY: the C API's contract.
            entry(stringify!($getrs_b), || unsafe { getrs(handle, g, info) })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $getrs_s(
            handle: hipblasHandle_t,
            trans: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            ipiv: *const i32,
            stride_p: i64,
            b: *mut $t,
            ldb: i32,
            stride_b: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            let g = GetrsCall {
                trans, n, nrhs, a: strided(a, stride_a), lda, ipiv, stride_p,
                b: strided(b, stride_b), ldb, batch_count, positions: [7, 9, 10, 13],
            };
            // SAFETY: the C API's contract.
            entry(stringify!($getrs_s), || unsafe { getrs(handle, g, info) })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $getri_b(
            handle: hipblasHandle_t,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            ipiv: *mut i32,
            c: *const *mut $t,
            ldc: i32,
            info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($getri_b), || unsafe {
                getri_batched(handle, n, array(a), lda, ipiv, array(c), ldc, info, batch_count)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $geqrf(
            handle: hipblasHandle_t,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            tau: *mut $t,
            info: *mut i32,
        ) -> hipblasStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($geqrf), || unsafe {
                geqrf(handle, (m, n), Batch::one(a), lda, Batch::one(tau), info, 1, [5, 0])
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $geqrf_b(
            handle: hipblasHandle_t,
            m: i32,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            tau: *const *mut $t,
            info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($geqrf_b), || unsafe {
                geqrf(handle, (m, n), array(a), lda, array(tau), info, batch_count, [5, 7])
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $geqrf_s(
            handle: hipblasHandle_t,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            tau: *mut $t,
            stride_t: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            // SAFETY: the C API's contract.
            entry(stringify!($geqrf_s), || unsafe {
                geqrf(
                    handle,
                    (m, n),
                    strided(a, stride_a),
                    lda,
                    strided(tau, stride_t),
                    info,
                    batch_count,
                    [6, 9],
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $gels(
            handle: hipblasHandle_t,
            trans: i32,
            m: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            b: *mut $t,
            ldb: i32,
            info: *mut i32,
            device_info: *mut i32,
        ) -> hipblasStatus_t {
            let g = GelsCall {
                trans, m, n, nrhs, a: Batch::one(a), lda, b: Batch::one(b), ldb, device_info,
                batch_count: 1, positions: [7, 8, 10, 0],
            };
            // SAFETY: the C API's contract.
            entry(stringify!($gels), || unsafe { gels(handle, g, info) })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $gels_b(
            handle: hipblasHandle_t,
            trans: i32,
            m: i32,
            n: i32,
            nrhs: i32,
            a: *const *mut $t,
            lda: i32,
            b: *const *mut $t,
            ldb: i32,
            info: *mut i32,
            device_info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            let g = GelsCall {
                trans, m, n, nrhs, a: array(a), lda, b: array(b), ldb, device_info,
                batch_count, positions: [7, 8, 10, 11],
            };
            // SAFETY: the C API's contract.
            entry(stringify!($gels_b), || unsafe { gels(handle, g, info) })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $gels_s(
            handle: hipblasHandle_t,
            trans: i32,
            m: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            b: *mut $t,
            ldb: i32,
            stride_b: i64,
            info: *mut i32,
            device_info: *mut i32,
            batch_count: i32,
        ) -> hipblasStatus_t {
            let g = GelsCall {
                trans, m, n, nrhs, a: strided(a, stride_a), lda, b: strided(b, stride_b), ldb,
                device_info, batch_count, positions: [8, 9, 12, 13],
            };
            // SAFETY: the C API's contract.
            entry(stringify!($gels_s), || unsafe { gels(handle, g, info) })
        }
    )+};
}

solver_entries! {
    f32 => hipblasSgetrf, hipblasSgetrfBatched, hipblasSgetrfStridedBatched, hipblasSgetrs,
        hipblasSgetrsBatched, hipblasSgetrsStridedBatched, hipblasSgetriBatched, hipblasSgeqrf,
        hipblasSgeqrfBatched, hipblasSgeqrfStridedBatched, hipblasSgels, hipblasSgelsBatched,
        hipblasSgelsStridedBatched;
    f64 => hipblasDgetrf, hipblasDgetrfBatched, hipblasDgetrfStridedBatched, hipblasDgetrs,
        hipblasDgetrsBatched, hipblasDgetrsStridedBatched, hipblasDgetriBatched, hipblasDgeqrf,
        hipblasDgeqrfBatched, hipblasDgeqrfStridedBatched, hipblasDgels, hipblasDgelsBatched,
        hipblasDgelsStridedBatched;
    C32 => hipblasCgetrf, hipblasCgetrfBatched, hipblasCgetrfStridedBatched, hipblasCgetrs,
        hipblasCgetrsBatched, hipblasCgetrsStridedBatched, hipblasCgetriBatched, hipblasCgeqrf,
        hipblasCgeqrfBatched, hipblasCgeqrfStridedBatched, hipblasCgels, hipblasCgelsBatched,
        hipblasCgelsStridedBatched;
    C64 => hipblasZgetrf, hipblasZgetrfBatched, hipblasZgetrfStridedBatched, hipblasZgetrs,
        hipblasZgetrsBatched, hipblasZgetrsStridedBatched, hipblasZgetriBatched, hipblasZgeqrf,
        hipblasZgeqrfBatched, hipblasZgeqrfStridedBatched, hipblasZgels, hipblasZgelsBatched,
        hipblasZgelsStridedBatched;
    C32 => hipblasCgetrf_v2, hipblasCgetrfBatched_v2, hipblasCgetrfStridedBatched_v2,
        hipblasCgetrs_v2, hipblasCgetrsBatched_v2, hipblasCgetrsStridedBatched_v2,
        hipblasCgetriBatched_v2, hipblasCgeqrf_v2, hipblasCgeqrfBatched_v2,
        hipblasCgeqrfStridedBatched_v2, hipblasCgels_v2, hipblasCgelsBatched_v2,
        hipblasCgelsStridedBatched_v2;
    C64 => hipblasZgetrf_v2, hipblasZgetrfBatched_v2, hipblasZgetrfStridedBatched_v2,
        hipblasZgetrs_v2, hipblasZgetrsBatched_v2, hipblasZgetrsStridedBatched_v2,
        hipblasZgetriBatched_v2, hipblasZgeqrf_v2, hipblasZgeqrfBatched_v2,
        hipblasZgeqrfStridedBatched_v2, hipblasZgels_v2, hipblasZgelsBatched_v2,
        hipblasZgelsStridedBatched_v2;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_info_names_the_first_bad_argument() {
        let mut info = 7;
        // SAFETY: `info` is a live local.
        let v = unsafe { host_info(&mut info, &[(false, 1), (true, 3), (true, 4)]) };
        assert_eq!(v.ok(), Some(-3));
        assert_eq!(info, -3);
        // SAFETY: as above.
        let v = unsafe { host_info(&mut info, &[(false, 1)]) };
        assert_eq!(v.ok(), Some(0));
        assert_eq!(info, 0);
        // SAFETY: null is allowed by the contract.
        let e = unsafe { host_info(std::ptr::null_mut(), &[]) };
        assert_eq!(e.err().map(|e| e.status), Some(status::INVALID_VALUE));
    }

    #[test]
    fn kernels_have_hipblas_names() {
        assert_eq!(GetriWork::<f64>::name(), "hipblasDgetriBatched");
        assert_eq!(GeqrfArrayWork::<C32>::name(), "hipblasCgeqrfBatched");
    }
}
