//! getri, orgqr / ungqr, gels, syevd / heevd and gesvd against LAPACK itself (Debian's OpenBLAS,
//! opened at run time; tests only): the same inverses, Q factors, solutions, eigenvalues and
//! singular values within rounding, eigenvectors and singular vectors checked by their
//! defining identities, over random sizes (0, 1, odd, past one panel), padded leading
//! dimensions, rank deficient and singular inputs, batches, and the statuses of bad calls.

use hip::DeviceBuffer;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rocblas::kernel::Ptr;
use rocblas::level3::Batch;
use rocblas::{Element, Fill, Handle, Operation, Status, C32, C64};
use rocsolver::lapack2::Real;
use rocsolver::routines::{self, Getrf, Strided};
use rocsolver::routines2::{self, Evect, Gels, Gesvd, Getri, Orgqr, Svect, Syevd};
use rocsolver::Field;
use std::ffi::{c_char, c_int};

type GetrfFn<T> =
    unsafe extern "C" fn(*const c_int, *const c_int, *mut T, *const c_int, *mut c_int, *mut c_int);
type GetriFn<T> = unsafe extern "C" fn(
    *const c_int,
    *mut T,
    *const c_int,
    *const c_int,
    *mut T,
    *const c_int,
    *mut c_int,
);
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
type OrgqrFn<T> = unsafe extern "C" fn(
    *const c_int,
    *const c_int,
    *const c_int,
    *mut T,
    *const c_int,
    *const T,
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
type DsyevdFn = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
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
type ZheevdFn = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
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
type DgesvdFn = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
    *const c_int,
    *const c_int,
    *mut f64,
    *const c_int,
    *mut f64,
    *mut f64,
    *const c_int,
    *mut f64,
    *const c_int,
    *mut f64,
    *const c_int,
    *mut c_int,
    usize,
    usize,
);
type ZgesvdFn = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
    *const c_int,
    *const c_int,
    *mut C64,
    *const c_int,
    *mut f64,
    *mut C64,
    *const c_int,
    *mut C64,
    *const c_int,
    *mut C64,
    *const c_int,
    *mut f64,
    *mut c_int,
    usize,
    usize,
);

struct Lapack {
    _lib: libloading::Library,
    dgetrf: GetrfFn<f64>,
    zgetrf: GetrfFn<C64>,
    dgetri: GetriFn<f64>,
    zgetri: GetriFn<C64>,
    dgeqrf: GeqrfFn<f64>,
    zgeqrf: GeqrfFn<C64>,
    dorgqr: OrgqrFn<f64>,
    zungqr: OrgqrFn<C64>,
    dgels: GelsFn<f64>,
    zgels: GelsFn<C64>,
    dsyevd: DsyevdFn,
    zheevd: ZheevdFn,
    dgesvd: DgesvdFn,
    zgesvd: ZgesvdFn,
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
            dgetri: *lib.get(b"dgetri_").expect("dgetri_"),
            zgetri: *lib.get(b"zgetri_").expect("zgetri_"),
            dgeqrf: *lib.get(b"dgeqrf_").expect("dgeqrf_"),
            zgeqrf: *lib.get(b"zgeqrf_").expect("zgeqrf_"),
            dorgqr: *lib.get(b"dorgqr_").expect("dorgqr_"),
            zungqr: *lib.get(b"zungqr_").expect("zungqr_"),
            dgels: *lib.get(b"dgels_").expect("dgels_"),
            zgels: *lib.get(b"zgels_").expect("zgels_"),
            dsyevd: *lib.get(b"dsyevd_").expect("dsyevd_"),
            zheevd: *lib.get(b"zheevd_").expect("zheevd_"),
            dgesvd: *lib.get(b"dgesvd_").expect("dgesvd_"),
            zgesvd: *lib.get(b"zgesvd_").expect("zgesvd_"),
            _lib: lib,
        }
    }
}

/// Random entries in [-1, 1) (real and imaginary parts; the real types drop the latter).
fn random<T: Field>(r: &mut StdRng, n: usize) -> Vec<T> {
    (0..n)
        .map(|_| T::from_c64(C64::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0))))
        .collect()
}

fn wide<T: Element>(v: &[T]) -> Vec<C64> {
    v.iter().map(|x| x.to_c64()).collect()
}

/// A device copy of `v` (one element more, so that empty data still allocates).
fn dev<T: Copy + Default>(v: &[T]) -> DeviceBuffer<T> {
    let mut padded = v.to_vec();
    padded.push(T::default());
    DeviceBuffer::from_slice(&padded).expect("device buffer")
}

/// A device array of the members' device addresses (rocSOLVER's `_batched` form).
fn pointers<T: Copy>(members: &[DeviceBuffer<T>]) -> DeviceBuffer<*mut T> {
    let ptrs: Vec<*mut T> = members.iter().map(|m| m.as_ptr()).collect();
    DeviceBuffer::from_slice(&ptrs).expect("pointer array")
}

/// `buf`'s first `n` elements.
fn host<T: Copy>(buf: &DeviceBuffer<T>, n: usize) -> Vec<T> {
    let mut v = buf.to_vec().expect("copy back");
    v.truncate(n);
    v
}

/// The largest |got - want| relative to max(1, max |want|); a failure names the element.
fn assert_close(what: &str, got: &[C64], want: &[C64], tol: f64) -> f64 {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    let scale = want.iter().fold(1.0f64, |m, v| m.max(v.norm()));
    let mut worst = 0.0f64;
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let d = (g - w).norm() / scale;
        assert!(d <= tol, "{what}: element {i} is {g}, LAPACK has {w}");
        worst = worst.max(d);
    }
    worst
}

/// The `rows x cols` block of a column-major matrix with leading dimension `ld`, packed.
fn block(v: &[C64], rows: usize, cols: usize, ld: usize) -> Vec<C64> {
    (0..cols)
        .flat_map(|j| (0..rows).map(move |i| v[i + j * ld]))
        .collect()
}

/// The product of packed column-major `a` (m x k) and `b` (k x n).
fn product(a: &[C64], b: &[C64], m: usize, k: usize, n: usize) -> Vec<C64> {
    let mut c = vec![C64::new(0.0, 0.0); m * n];
    for j in 0..n {
        for p in 0..k {
            let bp = b[p + j * k];
            for i in 0..m {
                c[i + j * m] += a[i + p * m] * bp;
            }
        }
    }
    c
}

/// The conjugate transpose of packed `a` (m x n).
fn adjoint(a: &[C64], m: usize, n: usize) -> Vec<C64> {
    let mut t = vec![C64::new(0.0, 0.0); m * n];
    for j in 0..n {
        for i in 0..m {
            t[j + i * n] = a[i + j * m].conj();
        }
    }
    t
}

fn identity(n: usize) -> Vec<C64> {
    let mut e = vec![C64::new(0.0, 0.0); n * n];
    for i in 0..n {
        e[i + i * n] = C64::new(1.0, 0.0);
    }
    e
}

/// max |M^H M - I| for packed `m` (rows x cols): its columns' departure from orthonormality.
fn orthonormality(m: &[C64], rows: usize, cols: usize) -> f64 {
    let g = product(&adjoint(m, rows, cols), m, cols, rows, cols);
    g.iter()
        .zip(identity(cols))
        .fold(0.0f64, |w, (x, y)| w.max((x - y).norm()))
}

#[test]
fn zgetri_inverse_matches_lapack_and_inverts() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(21);
    let mut worst = 0.0f64;
    for (s, n) in [0usize, 1, 5, 33, 70].into_iter().enumerate() {
        let lda = n.max(1) + s % 3;
        let a: Vec<C64> = random(&mut r, lda * n);
        // LAPACK's LU and pivots are the input of both.
        let mut lu0 = a.clone();
        let mut ipiv = vec![0i32; n];
        let (ni, ldi) = (n as c_int, lda as c_int);
        let mut info = 0;
        // SAFETY: local buffers of the right sizes.
        unsafe {
            (lp.zgetrf)(
                &ni,
                &ni,
                lu0.as_mut_ptr(),
                &ldi,
                ipiv.as_mut_ptr(),
                &mut info,
            )
        };
        assert_eq!(info, 0);
        for singular in [false, true] {
            if singular && n < 4 {
                continue;
            }
            let mut lu = lu0.clone();
            if singular {
                lu[3 + 3 * lda] = C64::new(0.0, 0.0);
            }
            let (da, dpiv, dinfo) = (dev(&lu), dev(&ipiv), dev(&[-7i32]));
            let g = Getri {
                n: n as i64,
                a: Batch::one(da.as_ptr()),
                lda: lda as i64,
                ipiv: Strided::new(dpiv.as_ptr(), 0),
                info: dinfo.as_ptr(),
                batch_count: 1,
            };
            // SAFETY: the buffers cover the sizes.
            unsafe { routines2::getri(&blas, &g) }.expect("getri");
            let (got, ginfo) = (host(&da, lu.len()), host(&dinfo, 1)[0]);
            let mut want = lu.clone();
            let lwork = 64 * n.max(1) as c_int;
            let mut work = vec![C64::new(0.0, 0.0); lwork as usize];
            let mut winfo = 0;
            // SAFETY: local buffers of the right sizes.
            unsafe {
                (lp.zgetri)(
                    &ni,
                    want.as_mut_ptr(),
                    &ldi,
                    ipiv.as_ptr(),
                    work.as_mut_ptr(),
                    &lwork,
                    &mut winfo,
                )
            };
            assert_eq!(ginfo, winfo, "info, n {n}");
            if singular {
                assert_eq!(winfo, 4);
                assert_eq!(got, lu, "a singular U leaves A as it was");
                continue;
            }
            let inv = block(&got, n, n, lda);
            worst = worst.max(assert_close(
                &format!("inverse, n {n}"),
                &inv,
                &block(&want, n, n, lda),
                1e-10,
            ));
            let ai = product(&block(&a, n, n, lda), &inv, n, n, n);
            assert_close(&format!("A A^-1, n {n}"), &ai, &identity(n), 1e-10);
            // The padding rows are not written.
            for j in 0..n {
                for i in n..lda {
                    assert_eq!(got[i + j * lda], lu[i + j * lda]);
                }
            }
        }
    }
    eprintln!("zgetri: largest difference from LAPACK {worst:.2e} (relative)");
}

#[test]
fn dgetri_strided_and_pointer_batches_match_lapack() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(22);
    let (n, batch, lda) = (40usize, 3usize, 43usize);
    let (stride, stride_p) = (lda * n + 5, n + 2);
    let mut lu: Vec<f64> = random(&mut r, stride * batch);
    let mut ipiv = vec![0i32; stride_p * batch];
    let (ni, ldi) = (n as c_int, lda as c_int);
    for b in 0..batch {
        let mut info = 0;
        // SAFETY: member b's region of the local buffers.
        unsafe {
            (lp.dgetrf)(
                &ni,
                &ni,
                lu[b * stride..].as_mut_ptr(),
                &ldi,
                ipiv[b * stride_p..].as_mut_ptr(),
                &mut info,
            )
        };
        assert_eq!(info, 0);
    }
    // Member 1 singular at U(10, 10).
    lu[stride + 10 + 10 * lda] = 0.0;
    let mut want = lu.clone();
    let mut winfo = vec![0; batch];
    for b in 0..batch {
        let lwork = 64 * n as c_int;
        let mut work = vec![0.0; lwork as usize];
        // SAFETY: member b's region of the local buffers.
        unsafe {
            (lp.dgetri)(
                &ni,
                want[b * stride..].as_mut_ptr(),
                &ldi,
                ipiv[b * stride_p..].as_ptr(),
                work.as_mut_ptr(),
                &lwork,
                &mut winfo[b],
            )
        };
    }
    assert_eq!(winfo, [0, 11, 0]);
    let check = |got: &[f64], b: usize, form: &str| {
        assert_close(
            &format!("{form} member {b}"),
            &block(&wide(got), n, n, lda),
            &block(&wide(&want[b * stride..]), n, n, lda),
            1e-10,
        );
    };
    // Strided.
    let (da, dpiv, dinfo) = (dev(&lu), dev(&ipiv), dev(&[-1i32; 3]));
    let g = Getri {
        n: n as i64,
        a: Batch::Strided {
            base: Ptr(da.as_ptr()),
            stride: stride as i64,
        },
        lda: lda as i64,
        ipiv: Strided::new(dpiv.as_ptr(), stride_p as i64),
        info: dinfo.as_ptr(),
        batch_count: batch as i64,
    };
    // SAFETY: the buffers cover the batch.
    unsafe { routines2::getri(&blas, &g) }.expect("getri strided");
    assert_eq!(host(&dinfo, batch), winfo);
    let got = host(&da, lu.len());
    for b in [0, 2] {
        check(&got[b * stride..], b, "strided");
    }
    assert_eq!(
        got[stride..2 * stride],
        lu[stride..2 * stride],
        "singular member"
    );
    // An array of pointers, one buffer per member.
    let members: Vec<DeviceBuffer<f64>> = (0..batch)
        .map(|b| dev(&lu[b * stride..(b + 1) * stride]))
        .collect();
    let ptrs = pointers(&members);
    let dinfo = dev(&[-1i32; 3]);
    let g = Getri {
        a: Batch::Array(Ptr(ptrs.as_ptr() as *const *const f64)),
        info: dinfo.as_ptr(),
        ..g
    };
    // SAFETY: the buffers cover the batch.
    unsafe { routines2::getri(&blas, &g) }.expect("getri batched");
    assert_eq!(host(&dinfo, batch), winfo);
    for b in [0, 2] {
        check(&host(&members[b], stride), b, "batched");
    }
}

/// Q from LAPACK's QR of a random m x n matrix, by `orgqr` and by LAPACK, for k reflectors.
fn orgqr_case<T: Field + Default>(
    geqrf: GeqrfFn<T>,
    orgqr: OrgqrFn<T>,
    r: &mut StdRng,
    (m, n, k): (usize, usize, usize),
    lda: usize,
) -> f64 {
    let blas = Handle::new().expect("handle");
    let mut a: Vec<T> = random(r, lda * n);
    let mut tau = vec![T::ZERO; n.max(1)];
    let (mi, ni, ki, ldi) = (m as c_int, n as c_int, k as c_int, lda as c_int);
    let lwork = 64 * n.max(1) as c_int;
    let mut work = vec![T::ZERO; lwork as usize];
    let mut info = 0;
    // SAFETY: local buffers of the right sizes.
    unsafe {
        geqrf(
            &mi,
            &ni,
            a.as_mut_ptr(),
            &ldi,
            tau.as_mut_ptr(),
            work.as_mut_ptr(),
            &lwork,
            &mut info,
        )
    };
    assert_eq!(info, 0);
    let (da, dtau) = (dev(&a), dev(&tau));
    let g = Orgqr {
        m: m as i64,
        n: n as i64,
        k: k as i64,
        a: Batch::one(da.as_ptr()),
        lda: lda as i64,
        tau: Strided::new(dtau.as_ptr(), 0),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines2::orgqr(&blas, &g) }.expect("orgqr");
    let got = host(&da, a.len());
    let mut want = a.clone();
    // SAFETY: local buffers of the right sizes.
    unsafe {
        orgqr(
            &mi,
            &ni,
            &ki,
            want.as_mut_ptr(),
            &ldi,
            tau.as_ptr(),
            work.as_mut_ptr(),
            &lwork,
            &mut info,
        )
    };
    assert_eq!(info, 0);
    let q = block(&wide(&got), m, n, lda);
    let what = format!("{}: Q of ({m}, {n}, {k})", T::PREFIX);
    let worst = assert_close(&what, &q, &block(&wide(&want), m, n, lda), 1e-12);
    assert!(orthonormality(&q, m, n) < 1e-12, "{what}: Q^H Q is not I");
    for j in 0..n {
        for i in m..lda {
            assert_eq!(got[i + j * lda], a[i + j * lda], "{what}: padding written");
        }
    }
    worst
}

#[test]
fn zungqr_and_dorgqr_match_lapack() {
    let lp = lapack();
    let mut r = StdRng::seed_from_u64(23);
    let shapes = [
        (0, 0, 0),
        (1, 1, 1),
        (5, 3, 2),
        (4, 4, 0),
        (33, 33, 33),
        (70, 50, 50),
        (70, 50, 20),
        (100, 37, 36),
    ];
    let mut worst = 0.0f64;
    for (s, &shape) in shapes.iter().enumerate() {
        let lda = shape.0.max(1) + s % 3;
        worst = worst.max(orgqr_case::<C64>(lp.zgeqrf, lp.zungqr, &mut r, shape, lda));
        worst = worst.max(orgqr_case::<f64>(lp.dgeqrf, lp.dorgqr, &mut r, shape, lda));
    }
    eprintln!("orgqr/ungqr: largest difference from LAPACK {worst:.2e} (relative)");
}

struct GelsCase {
    trans: Operation,
    m: usize,
    n: usize,
    nrhs: usize,
    /// A zero column (m >= n) or row (m < n) at this index: rank deficient.
    deficient: Option<usize>,
}

/// `gels` against LAPACK's on the same random A and B.
fn gels_case<T: Field + Default>(lp: GelsFn<T>, r: &mut StdRng, c: &GelsCase, pad: usize) -> f64 {
    let blas = Handle::new().expect("handle");
    let (m, n, nrhs) = (c.m, c.n, c.nrhs);
    let (lda, ldb) = (m.max(1) + pad, m.max(n).max(1) + pad + 1);
    let mut a: Vec<T> = random(r, lda * n);
    if let Some(z) = c.deficient {
        if m >= n {
            for i in 0..m {
                a[i + z * lda] = T::ZERO;
            }
        } else {
            for j in 0..n {
                a[z + j * lda] = T::ZERO;
            }
        }
    }
    let b: Vec<T> = random(r, ldb * nrhs);
    let (da, db, dinfo) = (dev(&a), dev(&b), dev(&[-7i32]));
    let g = Gels {
        trans: c.trans,
        m: m as i64,
        n: n as i64,
        nrhs: nrhs as i64,
        a: Batch::one(da.as_ptr()),
        lda: lda as i64,
        b: Batch::one(db.as_ptr()),
        ldb: ldb as i64,
        info: dinfo.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines2::gels(&blas, &g) }.expect("gels");
    let (got_a, got_b, info) = (host(&da, a.len()), host(&db, b.len()), host(&dinfo, 1)[0]);
    let (mut want_a, mut want_b) = (a.clone(), b.clone());
    let tc = match c.trans {
        Operation::None => b'N',
        Operation::Transpose => b'T',
        Operation::ConjugateTranspose => b'C',
    } as c_char;
    let (mi, ni, ri, ldai, ldbi) = (
        m as c_int,
        n as c_int,
        nrhs as c_int,
        lda as c_int,
        ldb as c_int,
    );
    let lwork = (m + n + nrhs + 1) as c_int * 64;
    let mut work = vec![T::ZERO; lwork as usize];
    let mut winfo = 0;
    // SAFETY: local buffers of the right sizes.
    unsafe {
        lp(
            &tc,
            &mi,
            &ni,
            &ri,
            want_a.as_mut_ptr(),
            &ldai,
            want_b.as_mut_ptr(),
            &ldbi,
            work.as_mut_ptr(),
            &lwork,
            &mut winfo,
            1,
        )
    };
    let what = format!("{}gels {:?} {m} x {n}, nrhs {nrhs}", T::PREFIX, c.trans);
    assert_eq!(info, winfo, "{what}: info");
    if let Some(z) = c.deficient {
        assert_eq!(info, z as i32 + 1, "{what}: info");
        assert_eq!(
            got_b, b,
            "{what}: B was written although A is rank deficient"
        );
        return 0.0;
    }
    let rows = m.max(n);
    let worst = assert_close(
        &format!("{what}: X"),
        &block(&wide(&got_b), rows, nrhs, ldb),
        &block(&wide(&want_b), rows, nrhs, ldb),
        1e-9,
    );
    if nrhs > 0 {
        assert_close(
            &format!("{what}: factors"),
            &block(&wide(&got_a), m, n, lda),
            &block(&wide(&want_a), m, n, lda),
            1e-12,
        );
    }
    worst
}

#[test]
fn dgels_and_zgels_match_lapack() {
    let lp = lapack();
    let mut r = StdRng::seed_from_u64(24);
    let case = |trans, m, n, nrhs, deficient| GelsCase {
        trans,
        m,
        n,
        nrhs,
        deficient,
    };
    let mut worst = 0.0f64;
    for (s, adj) in [Operation::Transpose, Operation::ConjugateTranspose]
        .into_iter()
        .enumerate()
    {
        let cases = [
            case(Operation::None, 0, 3, 2, None),
            case(adj, 3, 0, 2, None),
            case(Operation::None, 5, 3, 0, None),
            case(Operation::None, 1, 1, 1, None),
            case(Operation::None, 50, 30, 3, None),
            case(adj, 50, 30, 3, None),
            case(Operation::None, 30, 50, 4, None),
            case(adj, 30, 50, 4, None),
            case(Operation::None, 70, 70, 2, None),
            case(adj, 100, 41, 1, None),
            case(Operation::None, 40, 20, 2, Some(7)),
            case(Operation::None, 20, 40, 2, Some(3)),
            case(adj, 40, 20, 2, Some(0)),
        ];
        for (i, c) in cases.iter().enumerate() {
            let w = if s == 0 {
                gels_case::<f64>(lp.dgels, &mut r, c, i % 3)
            } else {
                gels_case::<C64>(lp.zgels, &mut r, c, i % 3)
            };
            worst = worst.max(w);
        }
    }
    eprintln!("gels: largest difference from LAPACK {worst:.2e} (relative)");
}

/// The full Hermitian matrix that triangle `upper` of packed-with-`ld` `a` stands for.
fn hermitian(a: &[C64], n: usize, ld: usize, upper: bool) -> Vec<C64> {
    let mut h = vec![C64::new(0.0, 0.0); n * n];
    for j in 0..n {
        for i in 0..n {
            h[i + j * n] = if i == j {
                C64::new(a[i + i * ld].re, 0.0)
            } else if (i < j) == upper {
                a[i + j * ld]
            } else {
                a[j + i * ld].conj()
            };
        }
    }
    h
}

/// Eigenvectors (packed n x n, column j for `w[j]`) of Hermitian `h`: A V = V diag(w) and
/// V^H V = I.
fn check_eigenvectors(what: &str, h: &[C64], v: &[C64], w: &[f64], n: usize, tol: f64) {
    let scale = w.iter().fold(1.0f64, |m, x| m.max(x.abs()));
    let av = product(h, v, n, n, n);
    for j in 0..n {
        for i in 0..n {
            let d = (av[i + j * n] - v[i + j * n] * w[j]).norm();
            assert!(d <= tol * scale, "{what}: (A v - w v)({i}, {j}) = {d:e}");
        }
    }
    let o = orthonormality(v, n, n);
    assert!(o <= tol, "{what}: V^H V departs from I by {o:e}");
}

#[test]
fn dsyevd_strided_batch_matches_lapack() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(25);
    let batch = 3usize;
    let mut worst = 0.0f64;
    for n in [0usize, 1, 7, 40, 65] {
        let lda = n + 1;
        let (stride, stride_d, stride_e) = (lda * n + 3, n + 1, n + 2);
        for (uplo, uc) in [(Fill::Lower, b'L'), (Fill::Upper, b'U')] {
            let upper = uplo == Fill::Upper;
            let mut a: Vec<f64> = random(&mut r, stride * batch);
            // The other triangle is never read.
            for b in 0..batch {
                for j in 0..n {
                    for i in 0..n {
                        if i != j && (i < j) != upper {
                            a[b * stride + i + j * lda] = f64::NAN;
                        }
                    }
                }
            }
            for evect in [Evect::Original, Evect::None] {
                let (da, dd, de) = (
                    dev(&a),
                    dev(&vec![-1.0f64; stride_d * batch]),
                    dev(&vec![-1.0f64; stride_e * batch]),
                );
                let dinfo = dev(&[-7i32; 3]);
                let g = Syevd {
                    evect,
                    uplo,
                    n: n as i64,
                    a: Batch::Strided {
                        base: Ptr(da.as_ptr()),
                        stride: stride as i64,
                    },
                    lda: lda as i64,
                    d: Strided::new(dd.as_ptr(), stride_d as i64),
                    e: Strided::new(de.as_ptr(), stride_e as i64),
                    info: dinfo.as_ptr(),
                    batch_count: batch as i64,
                };
                // SAFETY: the buffers cover the batch.
                unsafe { routines2::syevd(&blas, &g) }.expect("syevd");
                assert_eq!(host(&dinfo, batch), [0; 3]);
                let (got_a, got_d, got_e) = (
                    host(&da, a.len()),
                    host(&dd, stride_d * batch),
                    host(&de, stride_e * batch),
                );
                for b in 0..batch {
                    let member = &a[b * stride..];
                    let mut want = member[..lda * n].to_vec();
                    let mut w = vec![0.0f64; n];
                    let (lwork, liwork) = (1 + 6 * n + 2 * n * n, 3 + 5 * n);
                    let mut work = vec![0.0f64; lwork];
                    let mut iwork = vec![0 as c_int; liwork];
                    let (ni, ldi) = (n as c_int, lda as c_int);
                    let mut info = 0;
                    let (jobz, uc) = (b'N' as c_char, uc as c_char);
                    // SAFETY: local buffers of the right sizes.
                    unsafe {
                        (lp.dsyevd)(
                            &jobz,
                            &uc,
                            &ni,
                            want.as_mut_ptr(),
                            &ldi,
                            w.as_mut_ptr(),
                            work.as_mut_ptr(),
                            &(lwork as c_int),
                            iwork.as_mut_ptr(),
                            &(liwork as c_int),
                            &mut info,
                            1,
                            1,
                        )
                    };
                    assert_eq!(info, 0);
                    let what = format!("dsyevd n {n} {uplo:?} {evect:?} member {b}");
                    let d = &got_d[b * stride_d..b * stride_d + n];
                    worst = worst.max(assert_close(&what, &wide(d), &wide(&w), 1e-12));
                    assert!(d.windows(2).all(|p| p[0] <= p[1]), "{what}: not ascending");
                    assert!(got_e[b * stride_e..b * stride_e + n]
                        .iter()
                        .all(|&x| x == 0.0));
                    if evect == Evect::Original {
                        let h = hermitian(&wide(member), n, lda, upper);
                        let v = block(&wide(&got_a[b * stride..]), n, n, lda);
                        check_eigenvectors(&what, &h, &v, d, n, 1e-12);
                    }
                }
            }
        }
    }
    eprintln!("dsyevd: largest eigenvalue difference from LAPACK {worst:.2e} (relative)");
}

#[test]
fn zheevd_matches_lapack_plain_and_batched() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(26);
    let mut worst = 0.0f64;
    for (s, n) in [1usize, 5, 33, 64].into_iter().enumerate() {
        let lda = n + s % 2;
        for (uplo, uc) in [(Fill::Lower, b'L'), (Fill::Upper, b'U')] {
            let upper = uplo == Fill::Upper;
            // The diagonal's imaginary parts are random too: both drop them.
            let a: Vec<C64> = random(&mut r, lda * n);
            let (da, dd, de, dinfo) = (
                dev(&a),
                dev(&vec![0.0f64; n]),
                dev(&vec![0.0f64; n]),
                dev(&[-7i32]),
            );
            let g = Syevd {
                evect: Evect::Original,
                uplo,
                n: n as i64,
                a: Batch::one(da.as_ptr()),
                lda: lda as i64,
                d: Strided::new(dd.as_ptr(), 0),
                e: Strided::new(de.as_ptr(), 0),
                info: dinfo.as_ptr(),
                batch_count: 1,
            };
            // SAFETY: the buffers cover the sizes.
            unsafe { routines2::syevd(&blas, &g) }.expect("heevd");
            assert_eq!(host(&dinfo, 1)[0], 0);
            let (got_a, got_d) = (host(&da, a.len()), host(&dd, n));
            let mut want = a.clone();
            let mut w = vec![0.0f64; n];
            let (lwork, lrwork, liwork) = (2 * n + n * n + 1, 1 + 5 * n + 2 * n * n, 3 + 5 * n);
            let mut work = vec![C64::new(0.0, 0.0); lwork];
            let mut rwork = vec![0.0f64; lrwork];
            let mut iwork = vec![0 as c_int; liwork];
            let (ni, ldi) = (n as c_int, lda as c_int);
            let mut info = 0;
            let (jobz, uc) = (b'N' as c_char, uc as c_char);
            // SAFETY: local buffers of the right sizes.
            unsafe {
                (lp.zheevd)(
                    &jobz,
                    &uc,
                    &ni,
                    want.as_mut_ptr(),
                    &ldi,
                    w.as_mut_ptr(),
                    work.as_mut_ptr(),
                    &(lwork as c_int),
                    rwork.as_mut_ptr(),
                    &(lrwork as c_int),
                    iwork.as_mut_ptr(),
                    &(liwork as c_int),
                    &mut info,
                    1,
                    1,
                )
            };
            assert_eq!(info, 0);
            let what = format!("zheevd n {n} {uplo:?}");
            worst = worst.max(assert_close(&what, &wide(&got_d), &wide(&w), 1e-12));
            let h = hermitian(&a, n, lda, upper);
            check_eigenvectors(&what, &h, &block(&got_a, n, n, lda), &got_d, n, 1e-12);

            // The same matrix twice through an array of pointers, eigenvalues only.
            let members = [dev(&a), dev(&a)];
            let ptrs = pointers(&members);
            let (dd, de, dinfo) = (
                dev(&vec![0.0f64; 2 * n]),
                dev(&vec![0.0f64; 2 * n]),
                dev(&[-7i32; 2]),
            );
            let g = Syevd {
                evect: Evect::None,
                a: Batch::Array(Ptr(ptrs.as_ptr() as *const *const C64)),
                d: Strided::new(dd.as_ptr(), n as i64),
                e: Strided::new(de.as_ptr(), n as i64),
                info: dinfo.as_ptr(),
                batch_count: 2,
                ..g
            };
            // SAFETY: the buffers cover the batch.
            unsafe { routines2::syevd(&blas, &g) }.expect("heevd batched");
            assert_eq!(host(&dinfo, 2), [0, 0]);
            let d = host(&dd, 2 * n);
            assert_close(&what, &wide(&d[..n]), &wide(&w), 1e-12);
            assert_close(&what, &wide(&d[n..]), &wide(&w), 1e-12);
        }
    }
    eprintln!("zheevd: largest eigenvalue difference from LAPACK {worst:.2e} (relative)");
}

/// LAPACK's singular values of A (m x n, leading dimension `lda`), in f64.
fn lapack_singular_values<T: Field>(
    lp: &Lapack,
    a: &[T],
    m: usize,
    n: usize,
    lda: usize,
) -> Vec<f64> {
    let k = m.min(n);
    let mut s = vec![0.0f64; k.max(1)];
    let (mi, ni, ldi, one) = (m as c_int, n as c_int, lda as c_int, 1 as c_int);
    let lwork = (5 * (m + n) + 64) as c_int;
    let mut info = 0;
    let jn = b'N' as c_char;
    let wa = wide(a);
    if matches!(T::PREFIX, "s" | "d") {
        let mut a: Vec<f64> = wa.iter().map(|x| x.re).collect();
        a.push(0.0);
        let mut work = vec![0.0f64; lwork as usize];
        let (mut u, mut vt) = ([0.0f64], [0.0f64]);
        // SAFETY: local buffers of the right sizes (U and VT are not referenced).
        unsafe {
            (lp.dgesvd)(
                &jn,
                &jn,
                &mi,
                &ni,
                a.as_mut_ptr(),
                &ldi,
                s.as_mut_ptr(),
                u.as_mut_ptr(),
                &one,
                vt.as_mut_ptr(),
                &one,
                work.as_mut_ptr(),
                &lwork,
                &mut info,
                1,
                1,
            )
        };
    } else {
        let mut a = wa;
        a.push(C64::new(0.0, 0.0));
        let mut work = vec![C64::new(0.0, 0.0); lwork as usize];
        let mut rwork = vec![0.0f64; 5 * k.max(1)];
        let (mut u, mut vt) = ([C64::new(0.0, 0.0)], [C64::new(0.0, 0.0)]);
        // SAFETY: as above.
        unsafe {
            (lp.zgesvd)(
                &jn,
                &jn,
                &mi,
                &ni,
                a.as_mut_ptr(),
                &ldi,
                s.as_mut_ptr(),
                u.as_mut_ptr(),
                &one,
                vt.as_mut_ptr(),
                &one,
                work.as_mut_ptr(),
                &lwork,
                rwork.as_mut_ptr(),
                &mut info,
                1,
                1,
            )
        };
    }
    assert_eq!(info, 0);
    s.truncate(k);
    s
}

/// `gesvd` of a random m x n matrix with the given vectors: S against LAPACK's, U and V^H
/// orthonormal, U S V^H = A. Returns the largest relative singular value difference.
fn gesvd_case<T: Field + Default>(
    lp: &Lapack,
    r: &mut StdRng,
    (m, n): (usize, usize),
    (left, right): (Svect, Svect),
    pad: usize,
    tol: f64,
) -> f64
where
    Real<T>: Default,
{
    let blas = Handle::new().expect("handle");
    let k = m.min(n);
    let lda = m.max(1) + pad;
    let a: Vec<T> = random(r, lda * n);
    let u_cols = match left {
        Svect::All => m,
        _ => k,
    };
    let v_rows = match right {
        Svect::All => n,
        _ => k,
    };
    let (ldu, ldv) = (m.max(1) + pad, v_rows.max(1) + 1);
    let (da, du, dv) = (
        dev(&a),
        dev(&vec![T::ZERO; ldu * u_cols]),
        dev(&vec![T::ZERO; ldv * n]),
    );
    let (ds, de, dinfo) = (
        dev(&vec![Real::<T>::ONE; k]),
        dev(&vec![Real::<T>::ONE; k]),
        dev(&[-7i32]),
    );
    let g = Gesvd {
        left,
        right,
        m: m as i64,
        n: n as i64,
        a: Batch::one(da.as_ptr()),
        lda: lda as i64,
        s: Strided::new(ds.as_ptr(), 0),
        u: Strided::new(du.as_ptr(), 0),
        ldu: ldu as i64,
        v: Strided::new(dv.as_ptr(), 0),
        ldv: ldv as i64,
        e: Strided::new(de.as_ptr(), 0),
        info: dinfo.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines2::gesvd(&blas, &g) }.expect("gesvd");
    let what = format!("{}gesvd {m} x {n} {left:?} {right:?}", T::PREFIX);
    assert_eq!(host(&dinfo, 1)[0], 0, "{what}: info");
    let s: Vec<f64> = host(&ds, k).iter().map(|x| x.to_c64().re).collect();
    assert!(s.windows(2).all(|p| p[0] >= p[1]), "{what}: not descending");
    if k > 1 {
        assert!(host(&de, k - 1).iter().all(|x| x.to_c64().re == 0.0));
    }
    let want = lapack_singular_values(lp, &a, m, n, lda);
    let worst = assert_close(&what, &wide(&s), &wide(&want), tol);
    let got_a = wide(&host(&da, a.len()));
    let u = match left {
        Svect::All | Svect::Singular => {
            Some(block(&wide(&host(&du, ldu * u_cols)), m, u_cols, ldu))
        }
        Svect::Overwrite => Some(block(&got_a, m, k, lda)),
        Svect::None => None,
    };
    let vt = match right {
        Svect::All | Svect::Singular => Some(block(&wide(&host(&dv, ldv * n)), v_rows, n, ldv)),
        Svect::Overwrite => Some(block(&got_a, k, n, lda)),
        Svect::None => None,
    };
    if let Some(u) = &u {
        let cols = u.len() / m.max(1);
        let o = orthonormality(u, m, cols);
        assert!(o <= tol, "{what}: U^H U departs from I by {o:e}");
    }
    if let Some(vt) = &vt {
        let rows = vt.len() / n.max(1);
        let v = adjoint(vt, rows, n);
        let o = orthonormality(&v, n, rows);
        assert!(
            o <= tol,
            "{what}: V^H's rows depart from orthonormal by {o:e}"
        );
    }
    if let (Some(u), Some(vt)) = (&u, &vt) {
        // U(:, ..k) S V^H(..k, :) = A.
        let mut us = block(u, m, k, m);
        for j in 0..k {
            for i in 0..m {
                us[i + j * m] *= s[j];
            }
        }
        let rows = vt.len() / n.max(1);
        let vk = block(vt, k, n, rows);
        let usv = product(&us, &vk, m, k, n);
        assert_close(
            &format!("{what}: U S V^H"),
            &usv,
            &block(&wide(&a), m, n, lda),
            tol * (m + n) as f64,
        );
    }
    worst
}

#[test]
fn dgesvd_and_zgesvd_match_lapack() {
    let lp = lapack();
    let mut r = StdRng::seed_from_u64(27);
    let shapes = [
        (0, 3),
        (3, 0),
        (1, 1),
        (5, 3),
        (3, 5),
        (40, 40),
        (70, 33),
        (33, 70),
    ];
    let vectors = [
        (Svect::All, Svect::All),
        (Svect::Singular, Svect::Singular),
        (Svect::None, Svect::None),
        (Svect::Overwrite, Svect::All),
        (Svect::Singular, Svect::Overwrite),
        (Svect::All, Svect::None),
    ];
    let mut worst = 0.0f64;
    for (s, &shape) in shapes.iter().enumerate() {
        for &v in &vectors {
            worst = worst.max(gesvd_case::<f64>(lp, &mut r, shape, v, s % 2, 1e-12));
            worst = worst.max(gesvd_case::<C64>(lp, &mut r, shape, v, s % 3, 1e-12));
        }
    }
    eprintln!("gesvd: largest singular value difference from LAPACK {worst:.2e} (relative)");
}

#[test]
fn dgesvd_strided_batch_reconstructs() {
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(28);
    let (m, n, batch, lda) = (9usize, 6usize, 2usize, 10usize);
    let k = m.min(n);
    let (stride_a, stride_u, stride_v) = (lda * n + 1, m * k + 2, k * n + 3);
    let a: Vec<f64> = random(&mut r, stride_a * batch);
    let (da, du, dv) = (
        dev(&a),
        dev(&vec![0.0f64; stride_u * batch]),
        dev(&vec![0.0f64; stride_v * batch]),
    );
    let (ds, de, dinfo) = (
        dev(&vec![0.0f64; k * batch]),
        dev(&vec![0.0f64; k * batch]),
        dev(&[-7i32; 2]),
    );
    let g = Gesvd {
        left: Svect::Singular,
        right: Svect::Singular,
        m: m as i64,
        n: n as i64,
        a: Batch::Strided {
            base: Ptr(da.as_ptr()),
            stride: stride_a as i64,
        },
        lda: lda as i64,
        s: Strided::new(ds.as_ptr(), k as i64),
        u: Strided::new(du.as_ptr(), stride_u as i64),
        ldu: m as i64,
        v: Strided::new(dv.as_ptr(), stride_v as i64),
        ldv: k as i64,
        e: Strided::new(de.as_ptr(), k as i64),
        info: dinfo.as_ptr(),
        batch_count: batch as i64,
    };
    // SAFETY: the buffers cover the batch.
    unsafe { routines2::gesvd(&blas, &g) }.expect("gesvd strided");
    assert_eq!(host(&dinfo, batch), [0, 0]);
    let (s, u, v) = (
        host(&ds, k * batch),
        host(&du, stride_u * batch),
        host(&dv, stride_v * batch),
    );
    for b in 0..batch {
        let mut us = wide(&u[b * stride_u..b * stride_u + m * k]);
        for j in 0..k {
            for i in 0..m {
                us[i + j * m] *= s[b * k + j];
            }
        }
        let vt = wide(&v[b * stride_v..b * stride_v + k * n]);
        assert_close(
            &format!("member {b}: U S V^T"),
            &product(&us, &vt, m, k, n),
            &block(&wide(&a[b * stride_a..]), m, n, lda),
            1e-12,
        );
    }
}

#[test]
fn single_precision_forms_agree_with_double_lapack() {
    let lp = lapack();
    let blas = Handle::new().expect("handle");
    let mut r = StdRng::seed_from_u64(29);
    let n = 20usize;
    // sgetri after sgetrf: A A^-1 = I.
    let a: Vec<f32> = random(&mut r, n * n);
    let (da, dpiv, dinfo) = (dev(&a), dev(&vec![0i32; n]), dev(&[-7i32]));
    let f = Getrf {
        m: n as i64,
        n: n as i64,
        a: Batch::one(da.as_ptr()),
        lda: n as i64,
        ipiv: Strided::new(dpiv.as_ptr(), 0),
        info: dinfo.as_ptr(),
        batch_count: 1,
        pivot: true,
    };
    let g = Getri {
        n: n as i64,
        a: Batch::one(da.as_ptr()),
        lda: n as i64,
        ipiv: Strided::new(dpiv.as_ptr(), 0),
        info: dinfo.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes; both run in order on the handle's stream.
    unsafe {
        routines::getrf(&blas, &f).expect("sgetrf");
        routines2::getri(&blas, &g).expect("sgetri");
    }
    assert_eq!(host(&dinfo, 1)[0], 0);
    let ai = product(&wide(&a), &wide(&host(&da, n * n)), n, n, n);
    let e_getri = assert_close("sgetri: A A^-1", &ai, &identity(n), 1e-4);

    // cheevd: eigenvalues against zheevd's of the same (exactly widened) matrix.
    let h: Vec<C32> = random(&mut r, n * n);
    let (dh, dd, de, dinfo) = (
        dev(&h),
        dev(&vec![0.0f32; n]),
        dev(&vec![0.0f32; n]),
        dev(&[-7i32]),
    );
    let g = Syevd {
        evect: Evect::Original,
        uplo: Fill::Lower,
        n: n as i64,
        a: Batch::one(dh.as_ptr()),
        lda: n as i64,
        d: Strided::new(dd.as_ptr(), 0),
        e: Strided::new(de.as_ptr(), 0),
        info: dinfo.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines2::syevd(&blas, &g) }.expect("cheevd");
    assert_eq!(host(&dinfo, 1)[0], 0);
    let d: Vec<f64> = host(&dd, n).iter().map(|&x| x as f64).collect();
    let mut want = wide(&h);
    let mut w = vec![0.0f64; n];
    let (lwork, lrwork, liwork) = (2 * n + n * n + 1, 1 + 5 * n + 2 * n * n, 3 + 5 * n);
    let mut work = vec![C64::new(0.0, 0.0); lwork];
    let mut rwork = vec![0.0f64; lrwork];
    let mut iwork = vec![0 as c_int; liwork];
    let ni = n as c_int;
    let mut info = 0;
    let (jobz, lo) = (b'N' as c_char, b'L' as c_char);
    // SAFETY: local buffers of the right sizes.
    unsafe {
        (lp.zheevd)(
            &jobz,
            &lo,
            &ni,
            want.as_mut_ptr(),
            &ni,
            w.as_mut_ptr(),
            work.as_mut_ptr(),
            &(lwork as c_int),
            rwork.as_mut_ptr(),
            &(lrwork as c_int),
            iwork.as_mut_ptr(),
            &(liwork as c_int),
            &mut info,
            1,
            1,
        )
    };
    let e_heevd = assert_close("cheevd eigenvalues", &wide(&d), &wide(&w), 2e-5);
    check_eigenvectors(
        "cheevd",
        &hermitian(&wide(&h), n, n, false),
        &wide(&host(&dh, n * n)),
        &d,
        n,
        1e-4,
    );

    // sgesvd and cgesvd: singular values against LAPACK's in double.
    let mut e_gesvd = 0.0f64;
    for (s, &shape) in [(20usize, 12usize), (7, 15)].iter().enumerate() {
        let v = (Svect::All, Svect::Singular);
        e_gesvd = e_gesvd.max(gesvd_case::<f32>(lp, &mut r, shape, v, s, 1e-4));
        let v = (Svect::Singular, Svect::All);
        e_gesvd = e_gesvd.max(gesvd_case::<C32>(lp, &mut r, shape, v, s, 1e-4));
    }

    // cgels: the least squares solution against zgels on the widened data.
    let (m, nn, nrhs) = (25usize, 12usize, 2usize);
    let a: Vec<C32> = random(&mut r, m * nn);
    let b: Vec<C32> = random(&mut r, m * nrhs);
    let (da, db, dinfo) = (dev(&a), dev(&b), dev(&[-7i32]));
    let g = Gels {
        trans: Operation::None,
        m: m as i64,
        n: nn as i64,
        nrhs: nrhs as i64,
        a: Batch::one(da.as_ptr()),
        lda: m as i64,
        b: Batch::one(db.as_ptr()),
        ldb: m as i64,
        info: dinfo.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines2::gels(&blas, &g) }.expect("cgels");
    assert_eq!(host(&dinfo, 1)[0], 0);
    let (mut wa, mut wb) = (wide(&a), wide(&b));
    let lwork = 64 * (m + nrhs) as c_int;
    let mut work = vec![C64::new(0.0, 0.0); lwork as usize];
    let (mi, ni, ri) = (m as c_int, nn as c_int, nrhs as c_int);
    let tn = b'N' as c_char;
    // SAFETY: local buffers of the right sizes.
    unsafe {
        (lp.zgels)(
            &tn,
            &mi,
            &ni,
            &ri,
            wa.as_mut_ptr(),
            &mi,
            wb.as_mut_ptr(),
            &mi,
            work.as_mut_ptr(),
            &lwork,
            &mut info,
            1,
        )
    };
    let e_gels = assert_close(
        "cgels X",
        &block(&wide(&host(&db, m * nrhs)), nn, nrhs, m),
        &block(&wb, nn, nrhs, m),
        1e-5,
    );

    // sorgqr and cungqr: orthonormal Q with the reflectors of a geqrf.
    let q: Vec<C32> = random(&mut r, m * nn);
    let (dq, dtau) = (dev(&q), dev(&vec![C32::new(0.0, 0.0); nn]));
    let qr = rocsolver::routines::Geqrf {
        m: m as i64,
        n: nn as i64,
        a: Batch::one(dq.as_ptr()),
        lda: m as i64,
        tau: Strided::new(dtau.as_ptr(), 0),
        batch_count: 1,
    };
    let o = Orgqr {
        m: m as i64,
        n: nn as i64,
        k: nn as i64,
        a: Batch::one(dq.as_ptr()),
        lda: m as i64,
        tau: Strided::new(dtau.as_ptr(), 0),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes; both run in order on the handle's stream.
    unsafe {
        routines::geqrf(&blas, &qr).expect("cgeqrf");
        routines2::orgqr(&blas, &o).expect("cungqr");
    }
    let qv = wide(&host(&dq, m * nn));
    assert!(orthonormality(&qv, m, nn) < 1e-5, "cungqr: Q^H Q is not I");
    // Q R = A: R from a second geqrf.
    let (dq2, dtau2) = (dev(&q), dev(&vec![C32::new(0.0, 0.0); nn]));
    let qr2 = rocsolver::routines::Geqrf {
        a: Batch::one(dq2.as_ptr()),
        tau: Strided::new(dtau2.as_ptr(), 0),
        ..qr
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines::geqrf(&blas, &qr2) }.expect("cgeqrf");
    let rf = wide(&host(&dq2, m * nn));
    let mut rr = vec![C64::new(0.0, 0.0); nn * nn];
    for j in 0..nn {
        for i in 0..=j {
            rr[i + j * nn] = rf[i + j * m];
        }
    }
    assert_close(
        "cungqr: Q R",
        &product(&qv, &rr, m, nn, nn),
        &wide(&q),
        1e-5,
    );
    let qs: Vec<f32> = random(&mut r, m * nn);
    let (dq, dtau) = (dev(&qs), dev(&vec![0.0f32; nn]));
    let qr = rocsolver::routines::Geqrf {
        m: m as i64,
        n: nn as i64,
        a: Batch::one(dq.as_ptr()),
        lda: m as i64,
        tau: Strided::new(dtau.as_ptr(), 0),
        batch_count: 1,
    };
    let o = Orgqr {
        m: m as i64,
        n: nn as i64,
        k: nn as i64,
        a: Batch::one(dq.as_ptr()),
        lda: m as i64,
        tau: Strided::new(dtau.as_ptr(), 0),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes; both run in order on the handle's stream.
    unsafe {
        routines::geqrf(&blas, &qr).expect("sgeqrf");
        routines2::orgqr(&blas, &o).expect("sorgqr");
    }
    assert!(
        orthonormality(&wide(&host(&dq, m * nn)), m, nn) < 1e-5,
        "sorgqr: Q^T Q is not I"
    );
    eprintln!(
        "single precision, relative: sgetri A A^-1 - I {e_getri:.1e}, cheevd eigenvalues \
         {e_heevd:.1e}, s/cgesvd singular values {e_gesvd:.1e}, cgels X {e_gels:.1e}"
    );
}

#[test]
fn bad_arguments_get_rocsolvers_statuses() {
    let blas = Handle::new().expect("handle");
    let buf = DeviceBuffer::<f64>::new(64).expect("A");
    let zbuf = DeviceBuffer::<C64>::new(64).expect("A");
    let info = DeviceBuffer::<i32>::new(4).expect("info");
    let status = |r: rocblas::Result<()>| r.err().map(|e| e.status);

    // getri: sizes, then pointers; as rocSOLVER, an empty batch needs no info but still A
    // and ipiv.
    let g = Getri {
        n: 4,
        a: Batch::one(buf.as_ptr()),
        lda: 4,
        ipiv: Strided::new(info.as_ptr(), 0),
        info: info.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: every call below is refused (or has nothing to do) before memory is touched.
    unsafe {
        assert_eq!(
            status(routines2::getri(&blas, &Getri { lda: 3, ..g })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::getri(&blas, &Getri { n: -1, ..g })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::getri(
                &blas,
                &Getri {
                    ipiv: Strided::new(std::ptr::null(), 0),
                    ..g
                }
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            status(routines2::getri(
                &blas,
                &Getri {
                    info: std::ptr::null_mut(),
                    ..g
                }
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            status(routines2::getri(
                &blas,
                &Getri {
                    info: std::ptr::null_mut(),
                    batch_count: 0,
                    ..g
                }
            )),
            None
        );
        assert_eq!(
            status(routines2::getri(
                &blas,
                &Getri {
                    a: Batch::one(std::ptr::null()),
                    batch_count: 0,
                    ..g
                }
            )),
            Some(Status::InvalidPointer)
        );
    }

    // orgqr: n > m, k > n, lda < m; a null tau with k > 0.
    let o = Orgqr {
        m: 5,
        n: 4,
        k: 3,
        a: Batch::one(buf.as_ptr()),
        lda: 5,
        tau: Strided::new(buf.as_ptr(), 0),
        batch_count: 1,
    };
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            status(routines2::orgqr(&blas, &Orgqr { n: 6, ..o })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::orgqr(&blas, &Orgqr { k: 5, ..o })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::orgqr(&blas, &Orgqr { lda: 4, ..o })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::orgqr(
                &blas,
                &Orgqr {
                    tau: Strided::new(std::ptr::null(), 0),
                    ..o
                }
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            status(routines2::orgqr(
                &blas,
                &Orgqr {
                    a: Batch::one(std::ptr::null()),
                    ..o
                }
            )),
            Some(Status::InvalidPointer)
        );
    }

    // gels: transpose is for the real types, conjugate transpose for the complex ones;
    // ldb covers max(m, n) rows.
    let d = Gels {
        trans: Operation::None,
        m: 6,
        n: 4,
        nrhs: 1,
        a: Batch::one(buf.as_ptr()),
        lda: 6,
        b: Batch::one(buf.as_ptr()),
        ldb: 6,
        info: info.as_ptr(),
        batch_count: 1,
    };
    let z = Gels::<C64> {
        trans: Operation::Transpose,
        m: 6,
        n: 4,
        nrhs: 1,
        a: Batch::one(zbuf.as_ptr()),
        lda: 6,
        b: Batch::one(zbuf.as_ptr()),
        ldb: 6,
        info: info.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            status(routines2::gels(&blas, &z)),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            status(routines2::gels(
                &blas,
                &Gels {
                    trans: Operation::ConjugateTranspose,
                    ..d
                }
            )),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            status(routines2::gels(&blas, &Gels { m: 3, n: 7, ..d })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::gels(&blas, &Gels { lda: 5, ..d })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::gels(&blas, &Gels { nrhs: -1, ..d })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::gels(
                &blas,
                &Gels {
                    b: Batch::one(std::ptr::null()),
                    ..d
                }
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            status(routines2::gels(
                &blas,
                &Gels {
                    info: std::ptr::null_mut(),
                    ..d
                }
            )),
            Some(Status::InvalidPointer)
        );
        // No right-hand sides: B may be null.
        assert_eq!(
            status(routines2::gels(
                &blas,
                &Gels {
                    nrhs: 0,
                    b: Batch::one(std::ptr::null()),
                    ..d
                }
            )),
            None
        );
    }

    // syevd: evect tridiagonal and a full triangle are invalid values, before sizes.
    let s = Syevd::<f64> {
        evect: Evect::Original,
        uplo: Fill::Upper,
        n: 4,
        a: Batch::one(buf.as_ptr()),
        lda: 4,
        d: Strided::new(buf.as_ptr(), 0),
        e: Strided::new(buf.as_ptr(), 0),
        info: info.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            status(routines2::syevd(
                &blas,
                &Syevd {
                    evect: Evect::Tridiagonal,
                    lda: 1,
                    ..s
                }
            )),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            status(routines2::syevd(
                &blas,
                &Syevd {
                    uplo: Fill::Full,
                    ..s
                }
            )),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            status(routines2::syevd(&blas, &Syevd { lda: 3, ..s })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::syevd(
                &blas,
                &Syevd {
                    d: Strided::new(std::ptr::null(), 0),
                    ..s
                }
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            status(routines2::syevd(
                &blas,
                &Syevd {
                    e: Strided::new(std::ptr::null(), 0),
                    ..s
                }
            )),
            Some(Status::InvalidPointer)
        );
    }
    assert_eq!(
        Evect::from_raw(214).map_err(|e| e.status),
        Err(Status::InvalidValue)
    );
    assert_eq!(
        Svect::from_raw(190).map_err(|e| e.status),
        Err(Status::InvalidValue)
    );
    assert_eq!(Evect::from_raw(211), Ok(Evect::Original));
    assert_eq!(Svect::from_raw(194), Ok(Svect::None));

    // gesvd: both overwrite; ldu and ldv per svect; U, V, S and E pointers.
    let v = Gesvd::<f64> {
        left: Svect::Singular,
        right: Svect::Singular,
        m: 6,
        n: 4,
        a: Batch::one(buf.as_ptr()),
        lda: 6,
        s: Strided::new(buf.as_ptr(), 0),
        u: Strided::new(buf.as_ptr(), 0),
        ldu: 6,
        v: Strided::new(buf.as_ptr(), 0),
        ldv: 4,
        e: Strided::new(buf.as_ptr(), 0),
        info: info.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            status(routines2::gesvd(
                &blas,
                &Gesvd {
                    left: Svect::Overwrite,
                    right: Svect::Overwrite,
                    ..v
                }
            )),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            status(routines2::gesvd(&blas, &Gesvd { ldu: 5, ..v })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::gesvd(&blas, &Gesvd { ldv: 3, ..v })),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::gesvd(
                &blas,
                &Gesvd {
                    right: Svect::All,
                    ldv: 3,
                    ..v
                }
            )),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::gesvd(
                &blas,
                &Gesvd {
                    ldv: 0,
                    right: Svect::None,
                    ..v
                }
            )),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            status(routines2::gesvd(
                &blas,
                &Gesvd {
                    u: Strided::new(std::ptr::null(), 0),
                    ..v
                }
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            status(routines2::gesvd(
                &blas,
                &Gesvd {
                    v: Strided::new(std::ptr::null(), 0),
                    ..v
                }
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            status(routines2::gesvd(
                &blas,
                &Gesvd {
                    e: Strided::new(std::ptr::null(), 0),
                    ..v
                }
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            status(routines2::gesvd(
                &blas,
                &Gesvd {
                    s: Strided::new(std::ptr::null(), 0),
                    ..v
                }
            )),
            Some(Status::InvalidPointer)
        );
        // Vectors not asked for: U and V may be null, ldu and ldv 1.
        let none = Gesvd {
            left: Svect::None,
            right: Svect::None,
            u: Strided::new(std::ptr::null(), 0),
            v: Strided::new(std::ptr::null(), 0),
            ldu: 1,
            ldv: 1,
            ..v
        };
        assert_eq!(
            status(routines2::gesvd(
                &blas,
                &Gesvd {
                    batch_count: 0,
                    ..none
                }
            )),
            None
        );
    }
}

#[test]
fn nan_input_reports_no_convergence() {
    let blas = Handle::new().expect("handle");
    let n = 6usize;
    let mut a = vec![1.0f64; n * n];
    a[3 + 2 * n] = f64::NAN;
    let (da, dd, de, dinfo) = (
        dev(&a),
        dev(&vec![0.0f64; n]),
        dev(&vec![0.0f64; n]),
        dev(&[-7i32]),
    );
    let g = Syevd {
        evect: Evect::Original,
        uplo: Fill::Lower,
        n: n as i64,
        a: Batch::one(da.as_ptr()),
        lda: n as i64,
        d: Strided::new(dd.as_ptr(), 0),
        e: Strided::new(de.as_ptr(), 0),
        info: dinfo.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes.
    unsafe { routines2::syevd(&blas, &g) }.expect("syevd");
    assert_eq!(host(&dinfo, 1)[0], n as i32, "syevd of a NaN");
    let (ds, du, dv) = (
        dev(&vec![0.0f64; n]),
        dev(&vec![0.0f64; n * n]),
        dev(&vec![0.0f64; n * n]),
    );
    let g = Gesvd {
        left: Svect::All,
        right: Svect::All,
        m: n as i64,
        n: n as i64,
        a: Batch::one(da.as_ptr()),
        lda: n as i64,
        s: Strided::new(ds.as_ptr(), 0),
        u: Strided::new(du.as_ptr(), 0),
        ldu: n as i64,
        v: Strided::new(dv.as_ptr(), 0),
        ldv: n as i64,
        e: Strided::new(de.as_ptr(), 0),
        info: dinfo.as_ptr(),
        batch_count: 1,
    };
    // SAFETY: the buffers cover the sizes (A still holds its NaN: syevd failed before
    // writing it).
    unsafe { routines2::gesvd(&blas, &g) }.expect("gesvd");
    assert_eq!(host(&dinfo, 1)[0], n as i32, "gesvd of a NaN");
}
