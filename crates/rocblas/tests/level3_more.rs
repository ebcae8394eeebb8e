//! geam, dgmm, syrk/herk, symm/hemm and trmm against a host reference in complex f64, in every
//! element type: sizes 0, 1, odd and several work-groups' worth, leading dimensions past the
//! rows (the padding must stay as it was), every side, triangle, operation and diagonal. The
//! triangle of A that a routine must not read is NaN, so reading it would show; syrk/herk's
//! other triangle of C must come back untouched.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::level3::Batch;
use rocblas::level3_more::{self as l3, Dgmm, Geam, Symm, Syrk, Trmm};
use rocblas::{Diagonal, Element, Fill, Handle, Operation, PointerMode, Side, Status, C32, C64};

const OPS: [Operation; 3] = [
    Operation::None,
    Operation::Transpose,
    Operation::ConjugateTranspose,
];

fn random<T: Element>(r: &mut impl Rng, len: usize) -> Vec<T> {
    (0..len)
        .map(|_| T::from_c64(C64::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0))))
        .collect()
}

fn wide<T: Element>(v: &[T]) -> Vec<C64> {
    v.iter().map(|x| x.to_c64()).collect()
}

fn complex<T: Element>() -> bool {
    matches!(T::PREFIX, "c" | "z")
}

/// The tolerance of a result of `terms` products, for T's precision.
fn tol<T: Element>(terms: usize) -> f64 {
    let eps = if matches!(T::PREFIX, "s" | "c") {
        1e-6
    } else {
        1e-14
    };
    eps * 10.0 * (terms as f64 + 1.0)
}

/// op(X)(i, j) for column-major X.
fn op_at(x: &[C64], ld: usize, op: Operation, i: usize, j: usize) -> C64 {
    match op {
        Operation::None => x[i + j * ld],
        Operation::Transpose => x[j + i * ld],
        Operation::ConjugateTranspose => x[j + i * ld].conj(),
    }
}

fn assert_close(got: C64, want: C64, tol: f64, what: &dyn Fn() -> String) {
    assert!(
        (got - want).norm() <= tol * (1.0 + want.norm()),
        "{}: got {got}, want {want}",
        what()
    );
}

fn buf<T: Element>(v: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(v).expect("device buffer")
}

fn for_each_type(f: impl Fn(&Handle, &mut rand::rngs::StdRng, &str)) {
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(11);
    for t in ["s", "d", "c", "z"] {
        f(&blas, &mut r, t);
    }
}

// ---- geam ----

fn geam_case<T: Element>(
    blas: &Handle,
    r: &mut impl Rng,
    ops: (Operation, Operation),
    (m, n): (usize, usize),
    pad: usize,
) {
    let (ta, tb) = ops;
    let dims = |op: Operation| {
        if op == Operation::None {
            (m, n)
        } else {
            (n, m)
        }
    };
    let ((ar, ac), (br, bc)) = (dims(ta), dims(tb));
    let (lda, ldb, ldc) = (ar.max(1) + pad, br.max(1) + pad + 1, m.max(1) + pad);
    let a: Vec<T> = random(r, lda * ac.max(1));
    let b: Vec<T> = random(r, ldb * bc.max(1));
    let c0: Vec<T> = random(r, ldc * n.max(1));
    let (alpha, beta) = (
        T::from_c64(C64::new(0.5, -0.25)),
        T::from_c64(C64::new(-1.5, 0.75)),
    );
    let (da, db, dc) = (buf(&a), buf(&b), buf(&c0));
    let g = Geam {
        trans_a: ta,
        trans_b: tb,
        m: m as i64,
        n: n as i64,
        alpha: &alpha,
        a: Batch::one(da.as_ptr()),
        lda: lda as i64,
        beta: &beta,
        b: Batch::one(db.as_ptr()),
        ldb: ldb as i64,
        c: Batch::one(dc.as_ptr()),
        ldc: ldc as i64,
        batch_count: 1,
    };
    // SAFETY: the buffers cover the matrices; the scalars outlive the call.
    unsafe { l3::geam(blas, PointerMode::Host, &g) }.expect("geam");
    let got = wide(&dc.to_vec().expect("C"));
    let (a, b, c0) = (wide(&a), wide(&b), wide(&c0));
    for j in 0..n.max(1) {
        for i in 0..ldc {
            let at = i + j * ldc;
            if i >= m || j >= n {
                assert_eq!(got[at], c0[at], "geam wrote outside C at ({i},{j})");
                continue;
            }
            let want = alpha.to_c64() * op_at(&a, lda, ta, i, j)
                + beta.to_c64() * op_at(&b, ldb, tb, i, j);
            assert_close(got[at], want, tol::<T>(2), &|| {
                format!("{}geam {ta:?} {tb:?} {m}x{n} ({i},{j})", T::PREFIX)
            });
        }
    }
}

fn geam_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    for ta in OPS {
        for tb in OPS {
            for (s, shape) in [(0, 3), (1, 1), (7, 5), (130, 70)].into_iter().enumerate() {
                geam_case::<T>(blas, r, (ta, tb), shape, s % 2 + 1);
            }
        }
    }
}

#[test]
fn geam_matches_the_reference_in_every_type_and_operation() {
    for_each_type(|blas, r, t| match t {
        "s" => geam_all::<f32>(blas, r),
        "d" => geam_all::<f64>(blas, r),
        "c" => geam_all::<C32>(blas, r),
        _ => geam_all::<C64>(blas, r),
    });
}

#[test]
fn geam_in_place_and_its_errors() {
    let blas = Handle::new().expect("handle");
    let (m, n, ld) = (5usize, 4usize, 6usize);
    let a: Vec<f64> = (0..ld * n).map(|i| i as f64).collect();
    let b: Vec<f64> = (0..m * n).map(|i| 100.0 + i as f64).collect();
    let (da, db) = (buf(&a), buf(&b));
    let (alpha, beta) = (2.0f64, -1.0f64);
    let call = |ta, lda: i64, ldc: i64, m: i64| {
        let g = Geam {
            trans_a: ta,
            trans_b: Operation::None,
            m,
            n: n as i64,
            alpha: &alpha,
            a: Batch::one(da.as_ptr()),
            lda,
            beta: &beta,
            b: Batch::one(db.as_ptr()),
            ldb: m.max(1),
            c: Batch::one(da.as_ptr()),
            ldc,
            batch_count: 1,
        };
        // SAFETY: the buffers cover the matrices.
        unsafe { l3::geam(&blas, PointerMode::Host, &g) }
    };
    assert_eq!(
        call(Operation::Transpose, ld as i64, ld as i64, 4)
            .unwrap_err()
            .status,
        Status::InvalidSize
    );
    assert_eq!(
        call(Operation::None, ld as i64, m as i64, m as i64)
            .unwrap_err()
            .status,
        Status::InvalidSize
    );
    assert_eq!(
        call(Operation::None, 3, ld as i64, m as i64)
            .unwrap_err()
            .status,
        Status::InvalidSize
    );
    assert_eq!(
        call(Operation::None, ld as i64, ld as i64, -1)
            .unwrap_err()
            .status,
        Status::InvalidSize
    );
    call(Operation::None, ld as i64, ld as i64, m as i64).expect("in place");
    let got = da.to_vec().expect("C");
    for j in 0..n {
        for i in 0..ld {
            let want = if i < m {
                alpha * a[i + j * ld] + beta * b[i + j * m]
            } else {
                a[i + j * ld]
            };
            assert_eq!(got[i + j * ld], want, "({i},{j})");
        }
    }
}

// ---- dgmm ----

fn dgmm_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    for side in [Side::Left, Side::Right] {
        for incx in [1i64, 2, -1, -3] {
            for (s, (m, n)) in [(0, 3), (1, 1), (7, 5), (130, 70)].into_iter().enumerate() {
                let (lda, ldc) = (m.max(1) + s % 2, m.max(1) + 2);
                let len = if side == Side::Left { m } else { n };
                let a: Vec<T> = random(r, lda * n.max(1));
                let x: Vec<T> = random(r, 1 + len.max(1) * incx.unsigned_abs() as usize);
                let c0: Vec<T> = random(r, ldc * n.max(1));
                let (da, dx, dc) = (buf(&a), buf(&x), buf(&c0));
                let d = Dgmm {
                    side,
                    m: m as i64,
                    n: n as i64,
                    a: Batch::one(da.as_ptr()),
                    lda: lda as i64,
                    x: Batch::one(dx.as_ptr()),
                    incx,
                    c: Batch::one(dc.as_ptr()),
                    ldc: ldc as i64,
                    batch_count: 1,
                };
                // SAFETY: the buffers cover the matrices and the vector.
                unsafe { l3::dgmm(blas, PointerMode::Host, &d) }.expect("dgmm");
                let got = wide(&dc.to_vec().expect("C"));
                let (a, x, c0) = (wide(&a), wide(&x), wide(&c0));
                let xi = |p: usize| {
                    if incx > 0 {
                        x[p * incx as usize]
                    } else {
                        x[(len - 1 - p) * incx.unsigned_abs() as usize]
                    }
                };
                for j in 0..n.max(1) {
                    for i in 0..ldc {
                        let at = i + j * ldc;
                        if i >= m || j >= n {
                            assert_eq!(got[at], c0[at], "dgmm wrote outside C");
                            continue;
                        }
                        let d = if side == Side::Left { xi(i) } else { xi(j) };
                        assert_close(got[at], a[i + j * lda] * d, tol::<T>(1), &|| {
                            format!("{}dgmm {side:?} incx {incx} {m}x{n} ({i},{j})", T::PREFIX)
                        });
                    }
                }
            }
        }
    }
}

#[test]
fn dgmm_matches_the_reference_for_every_side_and_increment() {
    for_each_type(|blas, r, t| match t {
        "s" => dgmm_all::<f32>(blas, r),
        "d" => dgmm_all::<f64>(blas, r),
        "c" => dgmm_all::<C32>(blas, r),
        _ => dgmm_all::<C64>(blas, r),
    });
    let blas = Handle::new().expect("handle");
    let a = buf(&[1.0f32; 16]);
    let d = |side, lda| Dgmm {
        side,
        m: 4,
        n: 4,
        a: Batch::one(a.as_ptr()),
        lda,
        x: Batch::one(a.as_ptr()),
        incx: 1,
        c: Batch::one(a.as_ptr()),
        ldc: 4,
        batch_count: 1,
    };
    // SAFETY: the calls fail their checks before reading memory.
    unsafe {
        let e = l3::dgmm(&blas, PointerMode::Host, &d(Side::Both, 4)).unwrap_err();
        assert_eq!(e.status, Status::InvalidValue);
        let e = l3::dgmm(&blas, PointerMode::Host, &d(Side::Left, 3)).unwrap_err();
        assert_eq!(e.status, Status::InvalidSize);
    }
}

// ---- syrk / herk ----

fn rank_k_case<T: Element, S: Element>(
    r: &mut impl Rng,
    hermitian: bool,
    (uplo, trans): (Fill, Operation),
    (n, k): (usize, usize),
    pad: usize,
    call: &dyn Fn(&Syrk<T, S>) -> rocblas::Result<()>,
) {
    let (ar, ac) = if trans == Operation::None {
        (n, k)
    } else {
        (k, n)
    };
    let (lda, ldc) = (ar.max(1) + pad, n.max(1) + pad + 1);
    let a: Vec<T> = random(r, lda * ac.max(1));
    let c0: Vec<T> = random(r, ldc * n.max(1));
    let (alpha, beta) = (
        S::from_c64(C64::new(0.75, -0.5)),
        S::from_c64(C64::new(-0.5, 0.25)),
    );
    let (da, dc) = (buf(&a), buf(&c0));
    let s = Syrk {
        uplo,
        trans,
        n: n as i64,
        k: k as i64,
        alpha: &alpha,
        a: Batch::one(da.as_ptr()),
        lda: lda as i64,
        beta: &beta,
        c: Batch::one(dc.as_ptr()),
        ldc: ldc as i64,
        batch_count: 1,
    };
    let name = if hermitian { "herk" } else { "syrk" };
    call(&s).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let got = wide(&dc.to_vec().expect("C"));
    let (a, c0) = (wide(&a), wide(&c0));
    // op(A) as an n x k view over A, and its (conjugate) transpose.
    let opa = |i: usize, p: usize| op_at(&a, lda, trans, i, p);
    for j in 0..n.max(1) {
        for i in 0..ldc {
            let at = i + j * ldc;
            let inside = i < n && j < n && if uplo == Fill::Lower { i >= j } else { i <= j };
            if !inside {
                assert_eq!(
                    got[at], c0[at],
                    "{name} wrote ({i},{j}) outside its triangle"
                );
                continue;
            }
            let mut want = C64::new(0.0, 0.0);
            for p in 0..k {
                let right = if hermitian {
                    opa(j, p).conj()
                } else {
                    opa(j, p)
                };
                want += opa(i, p) * right;
            }
            let mut old = c0[at];
            if hermitian && i == j {
                old.im = 0.0;
            }
            want = alpha.to_c64() * want + beta.to_c64() * old;
            if hermitian && i == j {
                want.im = 0.0;
                assert_eq!(got[at].im, 0.0, "{name} diagonal imaginary part");
            }
            assert_close(got[at], want, tol::<T>(k + 1), &|| {
                format!(
                    "{}{name} {uplo:?} {trans:?} n {n} k {k} ({i},{j})",
                    T::PREFIX
                )
            });
        }
    }
}

fn syrk_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    let ops: &[Operation] = if complex::<T>() {
        &[Operation::None, Operation::Transpose]
    } else {
        &OPS
    };
    for uplo in [Fill::Lower, Fill::Upper] {
        for &trans in ops {
            for (s, shape) in [(0, 2), (1, 1), (7, 5), (150, 9), (3, 0)]
                .into_iter()
                .enumerate()
            {
                // SAFETY: the test's buffers cover the matrices; the scalars outlive the call.
                let call = |g: &Syrk<T, T>| unsafe { l3::syrk(blas, PointerMode::Host, g) };
                rank_k_case::<T, T>(r, false, (uplo, trans), shape, s % 2, &call);
            }
        }
    }
}

fn herk_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    for uplo in [Fill::Lower, Fill::Upper] {
        for trans in [Operation::None, Operation::ConjugateTranspose] {
            for (s, shape) in [(0, 2), (1, 1), (7, 5), (150, 9)].into_iter().enumerate() {
                // SAFETY: the test's buffers cover the matrices; the scalars outlive the call.
                let call = |g: &Syrk<T, T::Real>| unsafe { l3::herk(blas, PointerMode::Host, g) };
                rank_k_case::<T, T::Real>(r, true, (uplo, trans), shape, s % 2, &call);
            }
        }
    }
}

#[test]
fn syrk_and_herk_write_only_their_triangle() {
    for_each_type(|blas, r, t| match t {
        "s" => syrk_all::<f32>(blas, r),
        "d" => syrk_all::<f64>(blas, r),
        "c" => {
            syrk_all::<C32>(blas, r);
            herk_all::<C32>(blas, r);
        }
        _ => {
            syrk_all::<C64>(blas, r);
            herk_all::<C64>(blas, r);
        }
    });
}

#[test]
fn syrk_and_herk_reject_what_rocblas_rejects() {
    let blas = Handle::new().expect("handle");
    let a = buf(&[C64::new(1.0, 0.0); 16]);
    let (one, real) = (C64::new(1.0, 0.0), 1.0f64);
    let z = |uplo, trans, lda| Syrk {
        uplo,
        trans,
        n: 4,
        k: 4,
        alpha: &one,
        a: Batch::one(a.as_ptr()),
        lda,
        beta: &one,
        c: Batch::one(a.as_ptr()),
        ldc: 4,
        batch_count: 1,
    };
    let h = |trans| Syrk {
        uplo: Fill::Lower,
        trans,
        n: 4,
        k: 4,
        alpha: &real,
        a: Batch::one(a.as_ptr()),
        lda: 4,
        beta: &real,
        c: Batch::one(a.as_ptr()),
        ldc: 4,
        batch_count: 1,
    };
    // SAFETY: the calls fail their checks before reading memory.
    unsafe {
        let st = |r: rocblas::Result<()>| r.unwrap_err().status;
        let host = PointerMode::Host;
        let (lo, none) = (Fill::Lower, Operation::None);
        assert_eq!(
            st(l3::syrk(&blas, host, &z(Fill::Full, none, 4))),
            Status::InvalidValue
        );
        let ct = Operation::ConjugateTranspose;
        assert_eq!(
            st(l3::syrk(&blas, host, &z(lo, ct, 4))),
            Status::InvalidValue
        );
        assert_eq!(
            st(l3::syrk(&blas, host, &z(lo, none, 3))),
            Status::InvalidSize
        );
        let t = Operation::Transpose;
        assert_eq!(
            st(l3::herk::<C64, _>(&blas, host, &h(t))),
            Status::InvalidValue
        );
    }
}

// ---- symm / hemm ----

fn symm_all<T: Element>(blas: &Handle, r: &mut impl Rng, hermitian: bool) {
    let nan = C64::new(f64::NAN, f64::NAN);
    for side in [Side::Left, Side::Right] {
        for uplo in [Fill::Lower, Fill::Upper] {
            for (s, (m, n)) in [(0, 3), (1, 1), (7, 5), (40, 37)].into_iter().enumerate() {
                let ka = if side == Side::Left { m } else { n };
                let (lda, ldb, ldc) = (ka.max(1) + s % 2, m.max(1) + 1, m.max(1) + 2);
                let mut aw = vec![nan; lda * ka.max(1)];
                for j in 0..ka {
                    for i in 0..ka {
                        let stored = if uplo == Fill::Lower { i >= j } else { i <= j };
                        if stored {
                            let im = if hermitian && i == j {
                                f64::NAN
                            } else {
                                r.gen_range(-1.0..1.0)
                            };
                            aw[i + j * lda] = C64::new(r.gen_range(-1.0..1.0), im);
                        }
                    }
                }
                let a: Vec<T> = aw.iter().map(|&v| T::from_c64(v)).collect();
                let b: Vec<T> = random(r, ldb * n.max(1));
                let c0: Vec<T> = random(r, ldc * n.max(1));
                let (alpha, beta) = (
                    T::from_c64(C64::new(0.5, 0.25)),
                    T::from_c64(C64::new(-1.0, 0.5)),
                );
                let (da, db, dc) = (buf(&a), buf(&b), buf(&c0));
                let g = Symm {
                    side,
                    uplo,
                    m: m as i64,
                    n: n as i64,
                    alpha: &alpha,
                    a: Batch::one(da.as_ptr()),
                    lda: lda as i64,
                    b: Batch::one(db.as_ptr()),
                    ldb: ldb as i64,
                    beta: &beta,
                    c: Batch::one(dc.as_ptr()),
                    ldc: ldc as i64,
                    batch_count: 1,
                };
                // SAFETY: the buffers cover the matrices; the scalars outlive the call.
                unsafe {
                    if hermitian {
                        l3::hemm(blas, PointerMode::Host, &g)
                    } else {
                        l3::symm(blas, PointerMode::Host, &g)
                    }
                }
                .expect("symm/hemm");
                let got = wide(&dc.to_vec().expect("C"));
                let (a, b, c0) = (wide(&a), wide(&b), wide(&c0));
                let full = |i: usize, j: usize| {
                    let stored = if uplo == Fill::Lower { i >= j } else { i <= j };
                    let v = if stored {
                        a[i + j * lda]
                    } else {
                        a[j + i * lda]
                    };
                    match (hermitian, i == j, stored) {
                        (true, true, _) => C64::new(v.re, 0.0),
                        (true, false, false) => v.conj(),
                        _ => v,
                    }
                };
                for j in 0..n.max(1) {
                    for i in 0..ldc {
                        let at = i + j * ldc;
                        if i >= m || j >= n {
                            assert_eq!(got[at], c0[at], "symm wrote outside C");
                            continue;
                        }
                        let mut prod = C64::new(0.0, 0.0);
                        for p in 0..ka {
                            prod += if side == Side::Left {
                                full(i, p) * b[p + j * ldb]
                            } else {
                                b[i + p * ldb] * full(p, j)
                            };
                        }
                        let want = alpha.to_c64() * prod + beta.to_c64() * c0[at];
                        assert_close(got[at], want, tol::<T>(ka + 1), &|| {
                            format!("{}symm/hemm {side:?} {uplo:?} {m}x{n} ({i},{j})", T::PREFIX)
                        });
                    }
                }
            }
        }
    }
}

#[test]
fn symm_and_hemm_read_one_triangle() {
    for_each_type(|blas, r, t| match t {
        "s" => symm_all::<f32>(blas, r, false),
        "d" => symm_all::<f64>(blas, r, false),
        "c" => {
            symm_all::<C32>(blas, r, false);
            symm_all::<C32>(blas, r, true);
        }
        _ => {
            symm_all::<C64>(blas, r, false);
            symm_all::<C64>(blas, r, true);
        }
    });
}

// ---- trmm ----

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn trmm_case<T: Element>(
    blas: &Handle,
    r: &mut impl Rng,
    (side, uplo, op, diag): (Side, Fill, Operation, Diagonal),
    (m, n): (usize, usize),
    pad: usize,
    in_place: bool,
    batch: usize,
) {
    let nan = C64::new(f64::NAN, f64::NAN);
    let ka = if side == Side::Left { m } else { n };
    let lda = ka.max(1) + pad;
    let ldb = m.max(1) + pad + 1;
    let ldc = if in_place { ldb } else { m.max(1) + 2 };
    let (sa, sb, sc) = (lda * ka.max(1), ldb * n.max(1), ldc * n.max(1));
    let mut aw = vec![nan; sa * batch];
    for q in 0..batch {
        for j in 0..ka {
            for i in 0..ka {
                let stored = if uplo == Fill::Lower { i >= j } else { i <= j };
                if stored && !(i == j && diag == Diagonal::Unit) {
                    aw[q * sa + i + j * lda] =
                        C64::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0));
                }
            }
        }
    }
    let a: Vec<T> = aw.iter().map(|&v| T::from_c64(v)).collect();
    let b: Vec<T> = random(r, sb * batch);
    let c0: Vec<T> = if in_place {
        b.clone()
    } else {
        random(r, sc * batch)
    };
    let alpha = T::from_c64(C64::new(-0.75, 0.5));
    let (da, db, dc) = (buf(&a), buf(&b), buf(&c0));
    let c_ptr = if in_place { db.as_ptr() } else { dc.as_ptr() };
    let strided = |p: *const T, s: usize| Batch::Strided {
        base: rocblas::kernel::Ptr(p),
        stride: s as i64,
    };
    let t = Trmm {
        side,
        uplo,
        trans_a: op,
        diag,
        m: m as i64,
        n: n as i64,
        alpha: &alpha,
        a: strided(da.as_ptr(), sa),
        lda: lda as i64,
        b: strided(db.as_ptr(), sb),
        ldb: ldb as i64,
        c: strided(c_ptr, sc),
        ldc: ldc as i64,
        batch_count: batch as i64,
    };
    // SAFETY: the buffers cover the batches; alpha outlives the call.
    unsafe { l3::trmm(blas, PointerMode::Host, &t) }.expect("trmm");
    let got = wide(&if in_place { db } else { dc }.to_vec().expect("C"));
    let (a, b, c0) = (wide(&a), wide(&b), wide(&c0));
    for q in 0..batch {
        let full = |i: usize, j: usize| {
            let (si, sj) = if op == Operation::None {
                (i, j)
            } else {
                (j, i)
            };
            let stored = if uplo == Fill::Lower {
                si >= sj
            } else {
                si <= sj
            };
            if i == j && diag == Diagonal::Unit {
                C64::new(1.0, 0.0)
            } else if stored {
                op_at(&a[q * sa..], lda, op, i, j)
            } else {
                C64::new(0.0, 0.0)
            }
        };
        for j in 0..n.max(1) {
            for i in 0..ldc {
                let at = q * sc + i + j * ldc;
                if i >= m || j >= n {
                    assert!(got[at] == c0[at], "trmm wrote outside C");
                    continue;
                }
                let mut prod = C64::new(0.0, 0.0);
                for p in 0..ka {
                    prod += if side == Side::Left {
                        full(i, p) * b[q * sb + p + j * ldb]
                    } else {
                        b[q * sb + i + p * ldb] * full(p, j)
                    };
                }
                assert_close(got[at], alpha.to_c64() * prod, tol::<T>(ka), &|| {
                    format!(
                        "{}trmm {side:?} {uplo:?} {op:?} {diag:?} {m}x{n} in place {in_place} \
                         batch {q} ({i},{j})",
                        T::PREFIX
                    )
                });
            }
        }
    }
}

fn trmm_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    for side in [Side::Left, Side::Right] {
        for uplo in [Fill::Lower, Fill::Upper] {
            for op in OPS {
                for diag in [Diagonal::NonUnit, Diagonal::Unit] {
                    for (s, shape) in [(0, 3), (1, 1), (7, 5), (40, 37)].into_iter().enumerate() {
                        let modes = (side, uplo, op, diag);
                        trmm_case::<T>(blas, r, modes, shape, s % 2, s == 2, 1 + s % 3);
                    }
                }
            }
        }
    }
}

#[test]
fn trmm_matches_the_reference_out_of_place_in_place_and_batched() {
    for_each_type(|blas, r, t| match t {
        "s" => trmm_all::<f32>(blas, r),
        "d" => trmm_all::<f64>(blas, r),
        "c" => trmm_all::<C32>(blas, r),
        _ => trmm_all::<C64>(blas, r),
    });
}

#[test]
fn symm_and_trmm_reject_what_rocblas_rejects() {
    let blas = Handle::new().expect("handle");
    let a = buf(&[1.0f64; 64]);
    let one = 1.0f64;
    let s = |side, uplo, lda| Symm {
        side,
        uplo,
        m: 4,
        n: 4,
        alpha: &one,
        a: Batch::one(a.as_ptr()),
        lda,
        b: Batch::one(a.as_ptr()),
        ldb: 4,
        beta: &one,
        c: Batch::one(a.as_ptr()),
        ldc: 4,
        batch_count: 1,
    };
    let t = |side, ldc, c: *const f64| Trmm {
        side,
        uplo: Fill::Upper,
        trans_a: Operation::None,
        diag: Diagonal::NonUnit,
        m: 4,
        n: 4,
        alpha: &one,
        a: Batch::one(a.as_ptr()),
        lda: 4,
        b: Batch::one(a.as_ptr()),
        ldb: 4,
        c: Batch::one(c),
        ldc,
        batch_count: 1,
    };
    let host = PointerMode::Host;
    // SAFETY: the calls fail their checks before reading memory.
    unsafe {
        let st = |r: rocblas::Result<()>| r.unwrap_err().status;
        let (l, lo) = (Side::Left, Fill::Lower);
        assert_eq!(
            st(l3::symm(&blas, host, &s(Side::Both, lo, 4))),
            Status::InvalidValue
        );
        assert_eq!(
            st(l3::symm(&blas, host, &s(l, Fill::Full, 4))),
            Status::InvalidValue
        );
        assert_eq!(st(l3::symm(&blas, host, &s(l, lo, 3))), Status::InvalidSize);
        assert_eq!(
            st(l3::trmm(&blas, host, &t(Side::Both, 4, a.as_ptr()))),
            Status::InvalidValue
        );
        assert_eq!(
            st(l3::trmm(&blas, host, &t(l, 5, a.as_ptr()))),
            Status::InvalidSize
        );
        assert_eq!(
            st(l3::trmm(&blas, host, &t(l, 4, std::ptr::null()))),
            Status::InvalidPointer
        );
    }
}
