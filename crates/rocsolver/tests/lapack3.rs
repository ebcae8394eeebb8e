//! potri, ormqr / unmqr, sygvd / hegvd, gesv and gels_outofplace against LAPACK itself
//! (Debian's OpenBLAS, opened at run time; tests only): the same inverses, products,
//! eigenvalues, Cholesky factors and solutions within rounding, generalized eigenvectors
//! checked by their defining identities, over sizes 0, 1, odd and past one panel, padded leading
//! dimensions, singular and indefinite inputs, a batch, and the statuses of bad calls.

use hip::DeviceBuffer;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rocblas::level3::Batch;
use rocblas::{Element, Fill, Handle, Operation, Side, Status, C64};
use rocsolver::lapack2::Real;
use rocsolver::lapack3::EigenForm;
use rocsolver::routines::Strided;
use rocsolver::routines2::Evect;
use rocsolver::routines3::{self, GelsOutOfPlace, Gesv, Ormqr, Potri, Sygvd};
use rocsolver::Field;
use std::ffi::{c_char, c_int};

type PotrfFn<T> =
    unsafe extern "C" fn(*const c_char, *const c_int, *mut T, *const c_int, *mut c_int, usize);
type GeqrfFn<T> = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *mut T,
    *const c_int,
    *mut T,
    *mut T,
    *const c_int,
    *mut c_int,
);
type OrmqrFn<T> = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
    *const c_int,
    *const c_int,
    *const c_int,
    *const T,
    *const c_int,
    *const T,
    *mut T,
    *const c_int,
    *mut T,
    *const c_int,
    *mut c_int,
    usize,
    usize,
);
type DsygvdFn = unsafe extern "C" fn(
    *const c_int,
    *const c_char,
    *const c_char,
    *const c_int,
    *mut f64,
    *const c_int,
    *mut f64,
    *const c_int,
    *mut f64,
    *mut f64,
    *const c_int,
    *mut c_int,
    *const c_int,
    *mut c_int,
    usize,
    usize,
);
type ZhegvdFn = unsafe extern "C" fn(
    *const c_int,
    *const c_char,
    *const c_char,
    *const c_int,
    *mut C64,
    *const c_int,
    *mut C64,
    *const c_int,
    *mut f64,
    *mut C64,
    *const c_int,
    *mut f64,
    *const c_int,
    *mut c_int,
    *const c_int,
    *mut c_int,
    usize,
    usize,
);
type GesvFn<T> = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *mut T,
    *const c_int,
    *mut c_int,
    *mut T,
    *const c_int,
    *mut c_int,
);
type GelsFn<T> = unsafe extern "C" fn(
    *const c_char,
    *const c_int,
    *const c_int,
    *const c_int,
    *mut T,
    *const c_int,
    *mut T,
    *const c_int,
    *mut T,
    *const c_int,
    *mut c_int,
    usize,
);

struct Lapack {
    _lib: libloading::Library,
    dpotrf: PotrfFn<f64>,
    zpotrf: PotrfFn<C64>,
    dpotri: PotrfFn<f64>,
    zpotri: PotrfFn<C64>,
    dgeqrf: GeqrfFn<f64>,
    zgeqrf: GeqrfFn<C64>,
    dormqr: OrmqrFn<f64>,
    zunmqr: OrmqrFn<C64>,
    dsygvd: DsygvdFn,
    zhegvd: ZhegvdFn,
    dgesv: GesvFn<f64>,
    zgesv: GesvFn<C64>,
    dgels: GelsFn<f64>,
    zgels: GelsFn<C64>,
}

/// OpenBLAS, opened once for the whole test binary and never closed (as in the other suites).
fn lapack() -> &'static Lapack {
    static LAPACK: std::sync::OnceLock<Lapack> = std::sync::OnceLock::new();
    LAPACK.get_or_init(|| {
        // SAFETY: OpenBLAS's initializers only set up its thread pool.
        let lib = unsafe { libloading::Library::new("libopenblas.so.0") }
            .expect("the tests compare against Debian's OpenBLAS (scripts/setup.sh installs it)");
        // SAFETY: `openblas_set_num_threads(int)`, called once at load; then the Fortran
        // LAPACK signatures above (gfortran's hidden string lengths last).
        unsafe {
            let set: libloading::Symbol<unsafe extern "C" fn(c_int)> = lib
                .get(b"openblas_set_num_threads")
                .expect("openblas_set_num_threads");
            set(1);
            Lapack {
                dpotrf: *lib.get(b"dpotrf_").expect("dpotrf_"),
                zpotrf: *lib.get(b"zpotrf_").expect("zpotrf_"),
                dpotri: *lib.get(b"dpotri_").expect("dpotri_"),
                zpotri: *lib.get(b"zpotri_").expect("zpotri_"),
                dgeqrf: *lib.get(b"dgeqrf_").expect("dgeqrf_"),
                zgeqrf: *lib.get(b"zgeqrf_").expect("zgeqrf_"),
                dormqr: *lib.get(b"dormqr_").expect("dormqr_"),
                zunmqr: *lib.get(b"zunmqr_").expect("zunmqr_"),
                dsygvd: *lib.get(b"dsygvd_").expect("dsygvd_"),
                zhegvd: *lib.get(b"zhegvd_").expect("zhegvd_"),
                dgesv: *lib.get(b"dgesv_").expect("dgesv_"),
                zgesv: *lib.get(b"zgesv_").expect("zgesv_"),
                dgels: *lib.get(b"dgels_").expect("dgels_"),
                zgels: *lib.get(b"zgels_").expect("zgels_"),
                _lib: lib,
            }
        }
    })
}

fn random<T: Field>(r: &mut StdRng, n: usize) -> Vec<T> {
    (0..n)
        .map(|_| T::from_c64(C64::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0))))
        .collect()
}

/// A Hermitian positive definite n x n matrix in an `lda` frame (padding random).
fn hpd<T: Field>(r: &mut StdRng, n: usize, lda: usize) -> Vec<T> {
    let mut a: Vec<T> = random(r, lda * n.max(1));
    for j in 0..n {
        for i in 0..j {
            let v = a[i + j * lda].to_c64();
            a[j + i * lda] = T::from_c64(v.conj());
        }
        a[j + j * lda] = T::from_c64(C64::new(n as f64 + 2.0, 0.0));
    }
    a
}

fn wide<T: Element>(v: &[T]) -> Vec<C64> {
    v.iter().map(|x| x.to_c64()).collect()
}

/// A device copy of `v` (one zero element more, so that empty data still allocates).
fn dev<T: Copy>(v: &[T]) -> DeviceBuffer<T> {
    let mut padded = v.to_vec();
    // SAFETY: the element types are plain numbers (and i32), for which zero bytes are zero.
    padded.push(unsafe { std::mem::zeroed() });
    DeviceBuffer::from_slice(&padded).expect("device buffer")
}

fn host<T: Copy>(buf: &DeviceBuffer<T>, n: usize) -> Vec<T> {
    let mut v = buf.to_vec().expect("copy back");
    v.truncate(n);
    v
}

/// The largest |got - want| relative to max(1, max |want|), asserted below `tol`.
fn assert_close(what: &str, got: &[C64], want: &[C64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    let scale = want.iter().fold(1.0f64, |m, v| m.max(v.norm()));
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let d = (g - w).norm() / scale;
        assert!(d <= tol, "{what}: element {i} is {g}, LAPACK has {w}");
    }
}

fn tol<T: Field>() -> f64 {
    if std::mem::size_of::<Real<T>>() == 4 {
        1e-3
    } else {
        1e-10
    }
}

fn potri_matches<T: Field>(potrf: PotrfFn<T>, potri: PotrfFn<T>, seed: u64) {
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(seed);
    for (s, n) in [0usize, 1, 5, 40].into_iter().enumerate() {
        for upper in [false, true] {
            let lda = n.max(1) + s % 2;
            let mut f = hpd::<T>(&mut r, n, lda);
            let uplo: c_char = if upper { b'U' } else { b'L' } as c_char;
            let (ni, ldi) = (n as c_int, lda as c_int);
            let mut info = 0;
            // SAFETY: local buffers of the right sizes.
            unsafe { potrf(&uplo, &ni, f.as_mut_ptr(), &ldi, &mut info, 1) };
            assert_eq!(info, 0);
            let (da, dinfo) = (dev(&f), dev(&[-7i32]));
            let p = Potri {
                uplo: if upper { Fill::Upper } else { Fill::Lower },
                n: n as i64,
                a: Batch::one(da.as_ptr()),
                lda: lda as i64,
                info: dinfo.as_ptr(),
                batch_count: 1,
            };
            // SAFETY: the buffers cover the sizes.
            unsafe { routines3::potri(&blas, &p) }.expect("potri");
            let mut want = f.clone();
            // SAFETY: as above.
            unsafe { potri(&uplo, &ni, want.as_mut_ptr(), &ldi, &mut info, 1) };
            assert_eq!(host(&dinfo, 1)[0], info);
            let what = format!("{}potri n {n} upper {upper}", T::PREFIX);
            // The whole frame: the referenced triangle as LAPACK's, the rest untouched.
            assert_close(&what, &wide(&host(&da, f.len())), &wide(&want), tol::<T>());
            if n >= 4 {
                // A zero on the factor's diagonal: info names it, A is left as it was.
                let mut z = f.clone();
                z[2 + 2 * lda] = T::ZERO;
                let dz = dev(&z);
                let p = Potri {
                    a: Batch::one(dz.as_ptr()),
                    ..p
                };
                // SAFETY: as above.
                unsafe { routines3::potri(&blas, &p) }.expect("potri");
                assert_eq!(host(&dinfo, 1)[0], 3, "{what}: singular info");
                assert_eq!(wide(&host(&dz, z.len())), wide(&z), "{what}: singular A");
            }
        }
    }
}

#[test]
fn potri_matches_lapack() {
    let lp = lapack();
    potri_matches::<f64>(lp.dpotrf, lp.dpotri, 31);
    potri_matches::<C64>(lp.zpotrf, lp.zpotri, 32);
}

fn ormqr_matches<T: Field>(geqrf: GeqrfFn<T>, ormqr: OrmqrFn<T>, seed: u64) {
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(seed);
    let adjoint = if T::PREFIX == "d" || T::PREFIX == "s" {
        Operation::Transpose
    } else {
        Operation::ConjugateTranspose
    };
    for (m, n, k) in [(1usize, 1usize, 1usize), (7, 5, 3), (40, 33, 20), (6, 9, 6)] {
        for side in [Side::Left, Side::Right] {
            for trans in [Operation::None, adjoint] {
                let nq = if side == Side::Left { m } else { n };
                if k > nq {
                    continue;
                }
                let (lda, ldc) = (nq + 2, m + 1);
                let mut a: Vec<T> = random(&mut r, lda * k);
                let mut tau = vec![T::ZERO; k];
                let lwork = 64 * (m + n + k) as c_int;
                let mut work = vec![T::ZERO; lwork as usize];
                let (nqi, ki, ldai) = (nq as c_int, k as c_int, lda as c_int);
                let mut info = 0;
                // SAFETY: local buffers of the right sizes.
                unsafe {
                    geqrf(
                        &nqi,
                        &ki,
                        a.as_mut_ptr(),
                        &ldai,
                        tau.as_mut_ptr(),
                        work.as_mut_ptr(),
                        &lwork,
                        &mut info,
                    )
                };
                assert_eq!(info, 0);
                let c: Vec<T> = random(&mut r, ldc * n);
                let (da, dtau, dc) = (dev(&a), dev(&tau), dev(&c));
                let g = Ormqr {
                    side,
                    trans,
                    m: m as i64,
                    n: n as i64,
                    k: k as i64,
                    a: Batch::one(da.as_ptr()),
                    lda: lda as i64,
                    tau: Strided::new(dtau.as_ptr(), 0),
                    c: Batch::one(dc.as_ptr()),
                    ldc: ldc as i64,
                    batch_count: 1,
                };
                // SAFETY: the buffers cover the sizes.
                unsafe { routines3::ormqr(&blas, &g) }.expect("ormqr");
                let mut want = c.clone();
                let s: c_char = if side == Side::Left { b'L' } else { b'R' } as c_char;
                let t: c_char = match trans {
                    Operation::None => b'N',
                    Operation::Transpose => b'T',
                    _ => b'C',
                } as c_char;
                let (mi, ni, ldci) = (m as c_int, n as c_int, ldc as c_int);
                // SAFETY: as above.
                unsafe {
                    ormqr(
                        &s,
                        &t,
                        &mi,
                        &ni,
                        &ki,
                        a.as_ptr(),
                        &ldai,
                        tau.as_ptr(),
                        want.as_mut_ptr(),
                        &ldci,
                        work.as_mut_ptr(),
                        &lwork,
                        &mut info,
                        1,
                        1,
                    )
                };
                assert_eq!(info, 0);
                let what = format!("{}ormqr {m} x {n} k {k} {side:?} {trans:?}", T::PREFIX);
                assert_close(&what, &wide(&host(&dc, c.len())), &wide(&want), tol::<T>());
            }
        }
    }
}

#[test]
fn ormqr_unmqr_match_lapack_on_both_sides() {
    let lp = lapack();
    ormqr_matches::<f64>(lp.dgeqrf, lp.dormqr, 33);
    ormqr_matches::<C64>(lp.zgeqrf, lp.zunmqr, 34);
}

/// Packed n x n products in C64.
fn mul(a: &[C64], b: &[C64], n: usize) -> Vec<C64> {
    let mut c = vec![C64::new(0.0, 0.0); n * n];
    for j in 0..n {
        for p in 0..n {
            for i in 0..n {
                c[i + j * n] += a[i + p * n] * b[p + j * n];
            }
        }
    }
    c
}

/// The full Hermitian matrix of a referenced triangle in an `ld` frame, packed.
fn hermitian(v: &[C64], n: usize, ld: usize, upper: bool) -> Vec<C64> {
    let mut h = vec![C64::new(0.0, 0.0); n * n];
    for j in 0..n {
        for i in 0..n {
            h[i + j * n] = if (i <= j) == upper || i == j {
                v[i + j * ld]
            } else {
                v[j + i * ld].conj()
            };
        }
    }
    h
}

/// sygvd through the routine and through LAPACK (`lapack_gvd(itype, jobz, uplo, a, b, w)`
/// returning info) on the same inputs: eigenvalues, B's factor and info compared, eigenvectors
/// checked by the problem's identity.
fn sygvd_matches<T: Field>(
    lapack_gvd: impl Fn(
        c_int,
        c_char,
        c_char,
        usize,
        &mut [T],
        usize,
        &mut [T],
        usize,
        &mut [f64],
    ) -> c_int,
    seed: u64,
) {
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(seed);
    for (s, n) in [0usize, 1, 6, 35].into_iter().enumerate() {
        for (itype, form) in [(1, EigenForm::Ax), (2, EigenForm::Abx), (3, EigenForm::Bax)] {
            for upper in [false, true] {
                for vectors in [false, true] {
                    let (lda, ldb) = (n.max(1) + s % 2, n.max(1) + 1);
                    let mut a: Vec<T> = random(&mut r, lda * n.max(1));
                    for i in 0..n {
                        let v = a[i + i * lda].to_c64().re;
                        a[i + i * lda] = T::from_c64(C64::new(v, 0.0));
                    }
                    let b = hpd::<T>(&mut r, n, ldb);
                    let (da, db) = (dev(&a), dev(&b));
                    let (dd, de, dinfo) = (
                        dev(&vec![<Real<T> as Element>::ZERO; n]),
                        dev(&vec![<Real<T> as Element>::ZERO; n]),
                        dev(&[-7i32]),
                    );
                    let g = Sygvd {
                        itype: form,
                        evect: if vectors {
                            Evect::Original
                        } else {
                            Evect::None
                        },
                        uplo: if upper { Fill::Upper } else { Fill::Lower },
                        n: n as i64,
                        a: Batch::one(da.as_ptr()),
                        lda: lda as i64,
                        b: Batch::one(db.as_ptr()),
                        ldb: ldb as i64,
                        d: Strided::new(dd.as_ptr(), 0),
                        e: Strided::new(de.as_ptr(), 0),
                        info: dinfo.as_ptr(),
                        batch_count: 1,
                    };
                    // SAFETY: the buffers cover the sizes.
                    unsafe { routines3::sygvd(&blas, &g) }.expect("sygvd");
                    let (mut wa, mut wb, mut ww) = (a.clone(), b.clone(), vec![0.0; n]);
                    let jobz = if vectors { b'V' } else { b'N' } as c_char;
                    let uplo = if upper { b'U' } else { b'L' } as c_char;
                    let info =
                        lapack_gvd(itype, jobz, uplo, n, &mut wa, lda, &mut wb, ldb, &mut ww);
                    let what = format!(
                        "{}sygvd n {n} itype {itype} upper {upper} vectors {vectors}",
                        T::PREFIX
                    );
                    assert_eq!(info, 0, "{what}: LAPACK's info");
                    assert_eq!(host(&dinfo, 1)[0], 0, "{what}: info");
                    let w: Vec<C64> = host(&dd, n).iter().map(|x| x.to_c64()).collect();
                    let ww: Vec<C64> = ww.iter().map(|&x| C64::new(x, 0.0)).collect();
                    assert_close(&format!("{what}: eigenvalues"), &w, &ww, tol::<T>());
                    // B's triangle holds its Cholesky factor, as LAPACK's.
                    let gb = wide(&host(&db, b.len()));
                    let wbw = wide(&wb);
                    for j in 0..n {
                        for i in 0..n {
                            if (i <= j) == upper || i == j {
                                assert_close(
                                    &format!("{what}: B({i}, {j})"),
                                    &[gb[i + j * ldb]],
                                    &[wbw[i + j * ldb]],
                                    tol::<T>(),
                                );
                            }
                        }
                    }
                    if !vectors || n == 0 {
                        continue;
                    }
                    // A X = B X W (1), A B X = X W (2), B A X = X W (3).
                    let ah = hermitian(&wide(&a), n, lda, upper);
                    let bh = hermitian(&wide(&b), n, ldb, upper);
                    let gx = wide(&host(&da, a.len()));
                    let x: Vec<C64> = (0..n * n).map(|i| gx[i % n + (i / n) * lda]).collect();
                    let mut xw = x.clone();
                    for j in 0..n {
                        for i in 0..n {
                            xw[i + j * n] *= w[j];
                        }
                    }
                    let (lhs, rhs) = match itype {
                        1 => (mul(&ah, &x, n), mul(&bh, &xw, n)),
                        2 => (mul(&ah, &mul(&bh, &x, n), n), xw),
                        _ => (mul(&bh, &mul(&ah, &x, n), n), xw),
                    };
                    let scale = n as f64 * (n as f64 + 3.0);
                    let t = tol::<T>() * scale * 10.0;
                    assert_close(&format!("{what}: identity"), &lhs, &rhs, t);
                }
            }
        }
    }
}

#[test]
fn dsygvd_matches_lapack() {
    let lp = lapack();
    sygvd_matches::<f64>(
        |itype, jobz, uplo, n, a, lda, b, ldb, w| {
            let lwork = (2 * n * n + 6 * n + 1) as c_int;
            let liwork = (5 * n + 3) as c_int;
            let (mut work, mut iwork) = (vec![0.0; lwork as usize], vec![0; liwork as usize]);
            let (ni, ldai, ldbi) = (n as c_int, lda as c_int, ldb as c_int);
            let mut info = 0;
            // SAFETY: local buffers of the documented sizes.
            unsafe {
                (lp.dsygvd)(
                    &itype,
                    &jobz,
                    &uplo,
                    &ni,
                    a.as_mut_ptr(),
                    &ldai,
                    b.as_mut_ptr(),
                    &ldbi,
                    w.as_mut_ptr(),
                    work.as_mut_ptr(),
                    &lwork,
                    iwork.as_mut_ptr(),
                    &liwork,
                    &mut info,
                    1,
                    1,
                )
            };
            info
        },
        35,
    );
}

#[test]
fn zhegvd_matches_lapack() {
    let lp = lapack();
    sygvd_matches::<C64>(
        |itype, jobz, uplo, n, a, lda, b, ldb, w| {
            let lwork = (n * n + 2 * n + 1) as c_int;
            let lrwork = (2 * n * n + 5 * n + 1) as c_int;
            let liwork = (5 * n + 3) as c_int;
            let mut work = vec![C64::new(0.0, 0.0); lwork as usize];
            let (mut rwork, mut iwork) = (vec![0.0; lrwork as usize], vec![0; liwork as usize]);
            let (ni, ldai, ldbi) = (n as c_int, lda as c_int, ldb as c_int);
            let mut info = 0;
            // SAFETY: local buffers of the documented sizes.
            unsafe {
                (lp.zhegvd)(
                    &itype,
                    &jobz,
                    &uplo,
                    &ni,
                    a.as_mut_ptr(),
                    &ldai,
                    b.as_mut_ptr(),
                    &ldbi,
                    w.as_mut_ptr(),
                    work.as_mut_ptr(),
                    &lwork,
                    rwork.as_mut_ptr(),
                    &lrwork,
                    iwork.as_mut_ptr(),
                    &liwork,
                    &mut info,
                    1,
                    1,
                )
            };
            info
        },
        36,
    );
}

#[test]
fn sygvd_with_an_indefinite_b_reports_n_plus_the_minor() {
    let blas = Handle::new().expect("handle");
    let n = 4;
    let a = vec![1.0f64; n * n];
    let mut b = vec![0.0f64; n * n];
    for i in 0..n {
        b[i + i * n] = if i == 2 { -1.0 } else { 2.0 };
    }
    let (da, db, dd, de, dinfo) = (dev(&a), dev(&b), dev(&[0.0; 4]), dev(&[0.0; 4]), dev(&[-7]));
    let g = Sygvd {
        itype: EigenForm::Ax,
        evect: Evect::Original,
        uplo: Fill::Lower,
        n: n as i64,
        a: Batch::one(da.as_ptr()),
        lda: n as i64,
        b: Batch::one(db.as_ptr()),
        ldb: n as i64,
        d: Strided::new(dd.as_ptr(), 0),
        e: Strided::new(de.as_ptr(), 0),
        info: dinfo.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines3::sygvd(&blas, &g) }.expect("sygvd");
    assert_eq!(host(&dinfo, 1)[0], 4 + 3);
    assert_eq!(host(&da, n * n), a, "A is left as it was");
}

fn gesv_matches<T: Field>(gesv: GesvFn<T>, seed: u64) {
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(seed);
    for (n, nrhs) in [(0usize, 2usize), (1, 1), (9, 3), (45, 2)] {
        for out_of_place in [false, true] {
            for singular in [false, true] {
                if singular && n < 4 {
                    continue;
                }
                let (lda, ldb, ldx) = (n.max(1) + 1, n.max(1) + 2, n.max(1) + 3);
                let mut a: Vec<T> = random(&mut r, lda * n.max(1));
                if singular {
                    for j in 0..n {
                        a[3 + j * lda] = T::ZERO;
                    }
                }
                let b: Vec<T> = random(&mut r, ldb * nrhs);
                let x0: Vec<T> = random(&mut r, ldx * nrhs);
                let (da, db, dx) = (dev(&a), dev(&b), dev(&x0));
                let (dpiv, dinfo) = (dev(&vec![0i32; n]), dev(&[-7i32]));
                let (xb, ldxb) = if out_of_place {
                    (dx.as_ptr(), ldx)
                } else {
                    (db.as_ptr(), ldb)
                };
                let g = Gesv {
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: Batch::one(da.as_ptr()),
                    lda: lda as i64,
                    ipiv: Strided::new(dpiv.as_ptr(), 0),
                    b: Batch::one(db.as_ptr()),
                    ldb: ldb as i64,
                    x: Batch::one(xb),
                    ldx: ldxb as i64,
                    info: dinfo.as_ptr(),
                    batch_count: 1,
                };
                // SAFETY: the buffers cover the sizes.
                unsafe { routines3::gesv(&blas, &g) }.expect("gesv");
                let (mut wa, mut wb, mut wpiv) = (a.clone(), b.clone(), vec![0i32; n]);
                let (ni, ri, ldai, ldbi) = (n as c_int, nrhs as c_int, lda as c_int, ldb as c_int);
                let mut info = 0;
                // SAFETY: local buffers of the right sizes.
                unsafe {
                    gesv(
                        &ni,
                        &ri,
                        wa.as_mut_ptr(),
                        &ldai,
                        wpiv.as_mut_ptr(),
                        wb.as_mut_ptr(),
                        &ldbi,
                        &mut info,
                    )
                };
                let what = format!(
                    "{}gesv n {n} out of place {out_of_place} singular {singular}",
                    T::PREFIX
                );
                assert_eq!(host(&dinfo, 1)[0], info, "{what}: info");
                assert_eq!(host(&dpiv, n), wpiv, "{what}: pivots");
                assert_close(
                    &format!("{what}: LU"),
                    &wide(&host(&da, a.len())),
                    &wide(&wa),
                    tol::<T>(),
                );
                let gb = wide(&host(&db, b.len()));
                let gx = wide(&host(&dx, x0.len()));
                if out_of_place {
                    assert_eq!(gb, wide(&b), "{what}: B is left as it was");
                }
                if singular {
                    assert!(info > 0);
                    assert_eq!(gx, wide(&x0), "{what}: X is left as it was");
                    continue;
                }
                let (got, ld) = if out_of_place { (gx, ldx) } else { (gb, ldb) };
                let wbw = wide(&wb);
                for j in 0..nrhs {
                    for i in 0..n {
                        assert_close(
                            &format!("{what}: X({i}, {j})"),
                            &[got[i + j * ld]],
                            &[wbw[i + j * ldb]],
                            tol::<T>() * 100.0,
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn gesv_matches_lapack_in_and_out_of_place() {
    let lp = lapack();
    gesv_matches::<f64>(lp.dgesv, 37);
    gesv_matches::<C64>(lp.zgesv, 38);
}

fn gels_outofplace_matches<T: Field>(gels: GelsFn<T>, seed: u64) {
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(seed);
    for (m, n, nrhs) in [
        (1usize, 1usize, 1usize),
        (12, 7, 3),
        (40, 40, 2),
        (5, 9, 2),
        (0, 3, 1),
    ] {
        let (lda, ldb, ldx) = (m.max(1) + 1, m.max(1) + 2, n.max(1) + 1);
        let a: Vec<T> = random(&mut r, lda * n.max(1));
        let b: Vec<T> = random(&mut r, ldb * nrhs);
        let x0: Vec<T> = random(&mut r, ldx * nrhs);
        let (da, db, dx, dinfo) = (dev(&a), dev(&b), dev(&x0), dev(&[-7i32]));
        let g = GelsOutOfPlace {
            m: m as i64,
            n: n as i64,
            nrhs: nrhs as i64,
            a: Batch::one(da.as_ptr()),
            lda: lda as i64,
            b: Batch::one(db.as_ptr()),
            ldb: ldb as i64,
            x: Batch::one(dx.as_ptr()),
            ldx: ldx as i64,
            info: dinfo.as_ptr(),
            batch_count: 1,
        };
        // SAFETY: the buffers cover the sizes.
        unsafe { routines3::gels_outofplace(&blas, &g) }.expect("gels_outofplace");
        // LAPACK in place on a max(m, n) x nrhs copy of B.
        let rows = m.max(n).max(1);
        let mut wb = vec![T::ZERO; rows * nrhs];
        for j in 0..nrhs {
            for i in 0..m {
                wb[i + j * rows] = b[i + j * ldb];
            }
        }
        let mut wa = a.clone();
        let lwork = 64 * (m + n + nrhs + 1) as c_int;
        let mut work = vec![T::ZERO; lwork as usize];
        let (mi, ni, ri, ldai, rowsi) = (
            m as c_int,
            n as c_int,
            nrhs as c_int,
            lda as c_int,
            rows as c_int,
        );
        let mut info = 0;
        // SAFETY: local buffers of the right sizes.
        unsafe {
            gels(
                &(b'N' as c_char),
                &mi,
                &ni,
                &ri,
                wa.as_mut_ptr(),
                &ldai,
                wb.as_mut_ptr(),
                &rowsi,
                work.as_mut_ptr(),
                &lwork,
                &mut info,
                1,
            )
        };
        let what = format!("{}gels_outofplace {m} x {n}", T::PREFIX);
        assert_eq!(info, 0);
        assert_eq!(host(&dinfo, 1)[0], 0, "{what}: info");
        assert_eq!(
            wide(&host(&db, b.len())),
            wide(&b),
            "{what}: B is left as it was"
        );
        let gx = wide(&host(&dx, x0.len()));
        let wbw = wide(&wb);
        let got: Vec<C64> = (0..n * nrhs).map(|i| gx[i % n + (i / n) * ldx]).collect();
        let want: Vec<C64> = (0..n * nrhs).map(|i| wbw[i % n + (i / n) * rows]).collect();
        assert_close(&what, &got, &want, tol::<T>() * 100.0);
    }
}

#[test]
fn gels_outofplace_matches_lapack() {
    let lp = lapack();
    gels_outofplace_matches::<f64>(lp.dgels, 39);
    gels_outofplace_matches::<C64>(lp.zgels, 40);
}

#[test]
fn potri_batch_inverts_each_member() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(41);
    let (n, batch, lda) = (12usize, 3usize, 13usize);
    let stride = lda * n + 3;
    let mut f = vec![0.0f64; stride * batch];
    let mut want = Vec::new();
    let (ni, ldi, uplo) = (n as c_int, lda as c_int, b'L' as c_char);
    for m in 0..batch {
        let mut a = hpd::<f64>(&mut r, n, lda);
        let mut info = 0;
        // SAFETY: local buffers of the right sizes.
        unsafe { (lp.dpotrf)(&uplo, &ni, a.as_mut_ptr(), &ldi, &mut info, 1) };
        f[m * stride..m * stride + lda * n].copy_from_slice(&a);
        // SAFETY: as above.
        unsafe { (lp.dpotri)(&uplo, &ni, a.as_mut_ptr(), &ldi, &mut info, 1) };
        want.push(a);
    }
    let (da, dinfo) = (dev(&f), dev(&[-7i32; 3]));
    let p = Potri {
        uplo: Fill::Lower,
        n: n as i64,
        a: Batch::Strided {
            base: rocblas::kernel::Ptr(da.as_ptr()),
            stride: stride as i64,
        },
        lda: lda as i64,
        info: dinfo.as_ptr(),
        batch_count: batch as i64,
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines3::potri(&blas, &p) }.expect("potri");
    let got = host(&da, f.len());
    assert_eq!(host(&dinfo, 3), vec![0, 0, 0]);
    for (m, w) in want.iter().enumerate() {
        let g = &got[m * stride..m * stride + lda * n];
        assert_close("batched dpotri", &wide(g), &wide(w), 1e-10);
    }
}

#[test]
fn bad_arguments_get_rocsolvers_statuses() {
    let blas = Handle::new().expect("handle");
    let buf = DeviceBuffer::<f64>::new(64).expect("A");
    let zbuf = DeviceBuffer::<C64>::new(64).expect("A");
    let info = DeviceBuffer::<i32>::new(4).expect("info");
    let status = |r: rocblas::Result<()>| r.err().map(|e| e.status);
    let null = std::ptr::null::<f64>();
    // SAFETY: every call below is refused before memory is touched.
    unsafe {
        let p = Potri {
            uplo: Fill::Lower,
            n: 4,
            a: Batch::one(buf.as_ptr()),
            lda: 4,
            info: info.as_ptr(),
            batch_count: 1,
        };
        let potri = |p: Potri<f64>| status(routines3::potri(&blas, &p));
        assert_eq!(
            potri(Potri {
                uplo: Fill::Full,
                ..p
            }),
            Some(Status::InvalidValue)
        );
        assert_eq!(potri(Potri { lda: 3, ..p }), Some(Status::InvalidSize));
        assert_eq!(
            potri(Potri {
                a: Batch::one(null),
                ..p
            }),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            potri(Potri {
                info: std::ptr::null_mut(),
                ..p
            }),
            Some(Status::InvalidPointer)
        );

        let o = Ormqr {
            side: Side::Left,
            trans: Operation::None,
            m: 4,
            n: 4,
            k: 4,
            a: Batch::one(zbuf.as_ptr()),
            lda: 4,
            tau: Strided::new(zbuf.as_ptr(), 0),
            c: Batch::one(zbuf.as_ptr()),
            ldc: 4,
            batch_count: 1,
        };
        let ormqr = |o: Ormqr<C64>| status(routines3::ormqr(&blas, &o));
        assert_eq!(
            ormqr(Ormqr {
                side: Side::Both,
                ..o
            }),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            ormqr(Ormqr {
                trans: Operation::Transpose,
                ..o
            }),
            Some(Status::InvalidValue)
        );
        assert_eq!(ormqr(Ormqr { k: 5, ..o }), Some(Status::InvalidSize));
        assert_eq!(
            ormqr(Ormqr {
                side: Side::Right,
                n: 3,
                ..o
            }),
            Some(Status::InvalidSize)
        );
        assert_eq!(ormqr(Ormqr { ldc: 3, ..o }), Some(Status::InvalidSize));
        assert_eq!(
            ormqr(Ormqr {
                tau: Strided::new(std::ptr::null(), 0),
                ..o
            }),
            Some(Status::InvalidPointer)
        );

        let g = Gesv {
            n: 4,
            nrhs: 1,
            a: Batch::one(buf.as_ptr()),
            lda: 4,
            ipiv: Strided::new(info.as_ptr(), 0),
            b: Batch::one(buf.as_ptr()),
            ldb: 4,
            x: Batch::one(buf.as_ptr()),
            ldx: 4,
            info: info.as_ptr(),
            batch_count: 1,
        };
        let gesv = |g: Gesv<f64>| status(routines3::gesv(&blas, &g));
        assert_eq!(gesv(Gesv { ldx: 3, ..g }), Some(Status::InvalidSize));
        assert_eq!(
            gesv(Gesv {
                ipiv: Strided::new(std::ptr::null(), 0),
                ..g
            }),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            gesv(Gesv {
                x: Batch::one(null),
                ..g
            }),
            Some(Status::InvalidPointer)
        );

        let s = Sygvd {
            itype: EigenForm::Ax,
            evect: Evect::Original,
            uplo: Fill::Upper,
            n: 4,
            a: Batch::one(buf.as_ptr()),
            lda: 4,
            b: Batch::one(buf.as_ptr()),
            ldb: 4,
            d: Strided::new(buf.as_ptr(), 0),
            e: Strided::new(buf.as_ptr(), 0),
            info: info.as_ptr(),
            batch_count: 1,
        };
        let sygvd = |s: Sygvd<f64>| status(routines3::sygvd(&blas, &s));
        assert_eq!(
            sygvd(Sygvd {
                evect: Evect::Tridiagonal,
                ..s
            }),
            Some(Status::InvalidValue)
        );
        assert_eq!(sygvd(Sygvd { ldb: 3, ..s }), Some(Status::InvalidSize));
        assert_eq!(
            sygvd(Sygvd {
                b: Batch::one(null),
                ..s
            }),
            Some(Status::InvalidPointer)
        );
    }
}
