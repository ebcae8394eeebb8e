//! The factorizations against LAPACK itself (Debian's OpenBLAS, opened at run time; tests only):
//! identical pivots and info codes, factors and reflectors within rounding, over random sizes
//! (0, 1, odd, several panels, wide and tall), padded leading dimensions, singular and
//! indefinite matrices, and batches.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::kernel::Ptr;
use rocblas::level3::Batch;
use rocblas::{Fill, Handle, Operation, Status, C64};
use rocsolver::routines::{self, Geqrf, Getrf, Getrs, Potrf, Potrs, Strided};
use std::ffi::{c_char, c_int};

type Getrf64 = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *mut f64,
    *const c_int,
    *mut c_int,
    *mut c_int,
);
type GetrfZ = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *mut C64,
    *const c_int,
    *mut c_int,
    *mut c_int,
);
type PotrfZ =
    unsafe extern "C" fn(*const c_char, *const c_int, *mut C64, *const c_int, *mut c_int, usize);
type GeqrfZ = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *mut C64,
    *const c_int,
    *mut C64,
    *mut C64,
    *const c_int,
    *mut c_int,
);

struct Lapack {
    _lib: libloading::Library,
    dgetrf: Getrf64,
    zgetrf: GetrfZ,
    zpotrf: PotrfZ,
    zgeqrf: GeqrfZ,
}

/// OpenBLAS, opened once for the whole test binary and never closed: the tests run on parallel
/// threads, and an OpenBLAS closed by one test while another opens it tears its thread pool down
/// under that test (a SIGSEGV seen once in CI).
fn lapack() -> &'static Lapack {
    static LAPACK: std::sync::OnceLock<Lapack> = std::sync::OnceLock::new();
    LAPACK.get_or_init(open_lapack)
}

fn open_lapack() -> Lapack {
    // SAFETY: OpenBLAS's initializers only set up its thread pool.
    let lib = unsafe { libloading::Library::new("libopenblas.so.0") }
        .expect("the tests compare against Debian's OpenBLAS (scripts/setup.sh installs it)");
    // One thread: the reference must not race itself (OpenBLAS 0.3.21's threaded zgetrf was
    // seen to crash here), and the tests already run in parallel.
    // SAFETY: `openblas_set_num_threads(int)` is OpenBLAS's setting, called once at load.
    unsafe {
        let set: libloading::Symbol<unsafe extern "C" fn(std::ffi::c_int)> = lib
            .get(b"openblas_set_num_threads")
            .expect("openblas_set_num_threads");
        set(1);
    }
    // SAFETY: the Fortran LAPACK signatures above (gfortran's hidden string lengths last).
    unsafe {
        Lapack {
            dgetrf: *lib.get(b"dgetrf_").expect("dgetrf_"),
            zgetrf: *lib.get(b"zgetrf_").expect("zgetrf_"),
            zpotrf: *lib.get(b"zpotrf_").expect("zpotrf_"),
            zgeqrf: *lib.get(b"zgeqrf_").expect("zgeqrf_"),
            _lib: lib,
        }
    }
}

fn close(what: &str, got: &[C64], want: &[C64], tol: f64) {
    let scale = want.iter().fold(1.0f64, |m, v| m.max(v.norm()));
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).norm() <= tol * scale,
            "{what}: element {i} is {g}, LAPACK has {w}"
        );
    }
}

fn random_c64(r: &mut impl Rng, n: usize) -> Vec<C64> {
    (0..n)
        .map(|_| C64::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0)))
        .collect()
}

const SHAPES: [(usize, usize); 8] = [
    (0, 3),
    (1, 1),
    (5, 3),
    (3, 5),
    (33, 33),
    (70, 50),
    (50, 70),
    (100, 100),
];

#[test]
fn zgetrf_pivots_and_factors_match_lapack() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(1);
    for (s, &(m, n)) in SHAPES.iter().enumerate() {
        let lda = m.max(1) + s % 3;
        let mut a = random_c64(&mut r, lda * n);
        if s == 5 {
            // A zero column: U(4, 4) is exactly zero (info 4), the rest still factors.
            for i in 0..m {
                a[i + 3 * lda] = C64::new(0.0, 0.0);
            }
        }
        let k = m.min(n);
        let da = DeviceBuffer::from_slice(&a).expect("A");
        let dipiv = DeviceBuffer::from_slice(&vec![-7i32; k.max(1)]).expect("ipiv");
        let dinfo = DeviceBuffer::from_slice(&[-7i32]).expect("info");
        let g = Getrf {
            m: m as i64,
            n: n as i64,
            a: Batch::one(da.as_ptr()),
            lda: lda as i64,
            ipiv: Strided::new(dipiv.as_ptr(), 0),
            info: dinfo.as_ptr(),
            batch_count: 1,
            pivot: true,
        };
        // SAFETY: the buffers cover the sizes.
        unsafe { routines::getrf(&blas, &g) }.expect("getrf");
        let (lu, ipiv, info) = (
            da.to_vec().expect("LU"),
            dipiv.to_vec().expect("ipiv"),
            dinfo.to_vec().expect("info"),
        );
        let mut want = a.clone();
        let mut wipiv = vec![0i32; k.max(1)];
        let mut winfo = 0;
        let (mi, ni, ldi) = (m as c_int, n as c_int, lda as c_int);
        // SAFETY: LAPACK's arguments over local buffers of the right sizes.
        unsafe {
            (lp.zgetrf)(
                &mi,
                &ni,
                want.as_mut_ptr(),
                &ldi,
                wipiv.as_mut_ptr(),
                &mut winfo,
            )
        };
        assert_eq!(info[0], winfo, "info for {m} x {n}");
        assert_eq!(ipiv[..k], wipiv[..k], "pivots for {m} x {n}");
        close(&format!("LU of {m} x {n}"), &lu, &want, 1e-12);
    }
}

#[test]
fn dgetrf_strided_batch_and_getrs_solve() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(2);
    let (n, batch, nrhs) = (40usize, 3usize, 5usize);
    let stride = n * n + 7;
    let a: Vec<f64> = (0..stride * batch)
        .map(|_| r.gen_range(-1.0..1.0))
        .collect();
    let da = DeviceBuffer::from_slice(&a).expect("A");
    let dipiv = DeviceBuffer::from_slice(&vec![0i32; n * batch]).expect("ipiv");
    let dinfo = DeviceBuffer::from_slice(&vec![-1i32; batch]).expect("info");
    let g = Getrf {
        m: n as i64,
        n: n as i64,
        a: Batch::Strided {
            base: Ptr(da.as_ptr()),
            stride: stride as i64,
        },
        lda: n as i64,
        ipiv: Strided::new(dipiv.as_ptr(), n as i64),
        info: dinfo.as_ptr(),
        batch_count: batch as i64,
        pivot: true,
    };
    // SAFETY: the buffers cover the batch.
    unsafe { routines::getrf(&blas, &g) }.expect("getrf");
    let (lu, ipiv) = (da.to_vec().expect("LU"), dipiv.to_vec().expect("ipiv"));
    assert_eq!(dinfo.to_vec().expect("info"), vec![0; batch]);
    for b in 0..batch {
        let mut want = a[b * stride..b * stride + n * n].to_vec();
        let mut wipiv = vec![0i32; n];
        let mut winfo = 0;
        let ni = n as c_int;
        // SAFETY: local buffers of the right sizes.
        unsafe {
            (lp.dgetrf)(
                &ni,
                &ni,
                want.as_mut_ptr(),
                &ni,
                wipiv.as_mut_ptr(),
                &mut winfo,
            )
        };
        assert_eq!(ipiv[b * n..(b + 1) * n], wipiv[..], "pivots of member {b}");
        for (i, (x, y)) in lu[b * stride..b * stride + n * n]
            .iter()
            .zip(&want)
            .enumerate()
        {
            assert!((x - y).abs() < 1e-12, "member {b} element {i}: {x} vs {y}");
        }
        // Past the matrix, within the stride: untouched.
        assert_eq!(
            lu[b * stride + n * n..(b + 1) * stride],
            a[b * stride + n * n..(b + 1) * stride]
        );
    }
    // Solve with member 1's factors, every operation: op(A) X = B.
    for trans in [Operation::None, Operation::Transpose] {
        let rhs: Vec<f64> = (0..n * nrhs).map(|_| r.gen_range(-1.0..1.0)).collect();
        let dlu = DeviceBuffer::from_slice(&lu[stride..stride + n * n]).expect("LU");
        let dpiv = DeviceBuffer::from_slice(&ipiv[n..2 * n]).expect("ipiv");
        let db = DeviceBuffer::from_slice(&rhs).expect("B");
        let s = Getrs {
            trans,
            n: n as i64,
            nrhs: nrhs as i64,
            a: Batch::one(dlu.as_ptr()),
            lda: n as i64,
            ipiv: Strided::new(dpiv.as_ptr(), 0),
            b: Batch::one(db.as_ptr()),
            ldb: n as i64,
            batch_count: 1,
        };
        // SAFETY: the buffers cover the sizes.
        unsafe { routines::getrs(&blas, &s) }.expect("getrs");
        let x = db.to_vec().expect("X");
        let a1 = &a[stride..stride + n * n];
        for j in 0..nrhs {
            for i in 0..n {
                let ax: f64 = (0..n)
                    .map(|p| {
                        let aip = if trans == Operation::None {
                            a1[i + p * n]
                        } else {
                            a1[p + i * n]
                        };
                        aip * x[p + j * n]
                    })
                    .sum();
                assert!(
                    (ax - rhs[i + j * n]).abs() < 1e-9,
                    "{trans:?}: (A X)({i},{j})"
                );
            }
        }
    }
}

/// A random Hermitian positive definite matrix: M M^H + n I.
fn hpd(r: &mut impl Rng, n: usize, lda: usize) -> Vec<C64> {
    let m = random_c64(r, n * n);
    let mut a = vec![C64::new(f64::NAN, 0.0); lda * n.max(1)];
    for j in 0..n {
        for i in 0..n {
            let mut s: C64 = (0..n).map(|p| m[i + p * n] * m[j + p * n].conj()).sum();
            if i == j {
                s += C64::new(n as f64, 0.0);
            }
            a[i + j * lda] = s;
        }
    }
    a
}

#[test]
fn zpotrf_matches_lapack_for_both_triangles_and_reports_indefinite_minors() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(3);
    for (s, n) in [0usize, 1, 7, 33, 70].into_iter().enumerate() {
        for (uplo, c) in [(Fill::Lower, b'L'), (Fill::Upper, b'U')] {
            let lda = n.max(1) + s % 2;
            let mut a = hpd(&mut r, n, lda);
            if s == 4 {
                // Indefinite from row 40 on: LAPACK's info is 41.
                a[40 + 40 * lda] = C64::new(-1e6, 0.0);
            }
            let da = DeviceBuffer::from_slice(&a).expect("A");
            let dinfo = DeviceBuffer::from_slice(&[-7i32]).expect("info");
            let p = Potrf {
                uplo,
                n: n as i64,
                a: Batch::one(da.as_ptr()),
                lda: lda as i64,
                info: dinfo.as_ptr(),
                batch_count: 1,
            };
            // SAFETY: the buffers cover the sizes.
            unsafe { routines::potrf(&blas, &p) }.expect("potrf");
            let (f, info) = (da.to_vec().expect("factor"), dinfo.to_vec().expect("info"));
            let mut want = a.clone();
            let mut winfo = 0;
            let (ni, ldi) = (n as c_int, lda as c_int);
            let cc = c as c_char;
            // SAFETY: local buffers of the right sizes.
            unsafe { (lp.zpotrf)(&cc, &ni, want.as_mut_ptr(), &ldi, &mut winfo, 1) };
            assert_eq!(info[0], winfo, "info, n {n} {uplo:?}");
            // Only the referenced triangle is written; up to the failing minor the factors
            // agree.
            let upto = if winfo > 0 { winfo as usize - 1 } else { n };
            for j in 0..upto {
                for i in 0..upto {
                    let inside = if uplo == Fill::Lower { i >= j } else { i <= j };
                    let (g, w) = (f[i + j * lda], want[i + j * lda]);
                    if inside {
                        assert!((g - w).norm() < 1e-10 * n as f64, "({i},{j}) {g} vs {w}");
                    } else {
                        assert_eq!(
                            g,
                            a[i + j * lda],
                            "({i},{j}) outside the triangle was written"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn potrs_solves_with_either_factor() {
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(4);
    let (n, nrhs) = (45usize, 3usize);
    for uplo in [Fill::Lower, Fill::Upper] {
        let a = hpd(&mut r, n, n);
        let da = DeviceBuffer::from_slice(&a).expect("A");
        let dinfo = DeviceBuffer::from_slice(&[0i32]).expect("info");
        let p = Potrf {
            uplo,
            n: n as i64,
            a: Batch::one(da.as_ptr()),
            lda: n as i64,
            info: dinfo.as_ptr(),
            batch_count: 1,
        };
        let b = random_c64(&mut r, n * nrhs);
        let db = DeviceBuffer::from_slice(&b).expect("B");
        let s = Potrs {
            uplo,
            n: n as i64,
            nrhs: nrhs as i64,
            a: Batch::one(da.as_ptr()),
            lda: n as i64,
            b: Batch::one(db.as_ptr()),
            ldb: n as i64,
            batch_count: 1,
        };
        // SAFETY: the buffers cover the sizes; both run in order on the handle's stream.
        unsafe {
            routines::potrf(&blas, &p).expect("potrf");
            routines::potrs(&blas, &s).expect("potrs");
        }
        let x = db.to_vec().expect("X");
        for j in 0..nrhs {
            for i in 0..n {
                let ax: C64 = (0..n).map(|q| a[i + q * n] * x[q + j * n]).sum();
                assert!(
                    (ax - b[i + j * n]).norm() < 1e-9,
                    "{uplo:?}: (A X)({i},{j})"
                );
            }
        }
    }
}

#[test]
fn zgeqrf_reflectors_match_lapack() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(5);
    for (s, &(m, n)) in SHAPES.iter().enumerate() {
        let lda = m.max(1) + s % 2;
        let a = random_c64(&mut r, lda * n);
        let k = m.min(n);
        let da = DeviceBuffer::from_slice(&a).expect("A");
        let dtau = DeviceBuffer::from_slice(&vec![C64::new(9.0, 9.0); k.max(1)]).expect("tau");
        let g = Geqrf {
            m: m as i64,
            n: n as i64,
            a: Batch::one(da.as_ptr()),
            lda: lda as i64,
            tau: Strided::new(dtau.as_ptr(), 0),
            batch_count: 1,
        };
        // SAFETY: the buffers cover the sizes.
        unsafe { routines::geqrf(&blas, &g) }.expect("geqrf");
        let (qr, tau) = (da.to_vec().expect("QR"), dtau.to_vec().expect("tau"));
        let mut want = a.clone();
        let mut wtau = vec![C64::new(0.0, 0.0); k.max(1)];
        let lwork = (64 * n.max(1)) as c_int;
        let mut work = vec![C64::new(0.0, 0.0); lwork as usize];
        let (mi, ni, ldi) = (m as c_int, n as c_int, lda as c_int);
        let mut info = 0;
        // SAFETY: local buffers of the right sizes.
        unsafe {
            (lp.zgeqrf)(
                &mi,
                &ni,
                want.as_mut_ptr(),
                &ldi,
                wtau.as_mut_ptr(),
                work.as_mut_ptr(),
                &lwork,
                &mut info,
            )
        };
        assert_eq!(info, 0);
        close(&format!("QR of {m} x {n}"), &qr, &want, 1e-12);
        close(&format!("tau of {m} x {n}"), &tau[..k], &wtau[..k], 1e-12);
    }
}

#[test]
fn bad_arguments_get_rocsolvers_statuses() {
    let blas = Handle::new().expect("handle");
    let buf = DeviceBuffer::<f64>::new(16).expect("A");
    let info = DeviceBuffer::<i32>::new(1).expect("info");
    let mut g = Getrf {
        m: 4,
        n: 4,
        a: Batch::one(buf.as_ptr()),
        lda: 3,
        ipiv: Strided::new(info.as_ptr(), 0),
        info: info.as_ptr(),
        batch_count: 1,
        pivot: true,
    };
    // SAFETY: refused before any memory is touched.
    let e = unsafe { routines::getrf(&blas, &g) }.unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    g.lda = 4;
    g.info = std::ptr::null_mut();
    // SAFETY: as above.
    let e = unsafe { routines::getrf(&blas, &g) }.unwrap_err();
    assert_eq!(e.status, Status::InvalidPointer);
    let p = Potrf {
        uplo: Fill::Full,
        n: 4,
        a: Batch::one(buf.as_ptr()),
        lda: 4,
        info: info.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: as above.
    let e = unsafe { routines::potrf(&blas, &p) }.unwrap_err();
    assert_eq!(e.status, Status::InvalidValue);
}
