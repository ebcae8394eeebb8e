//! syr2k/her2k, syrkx/herkx and trtri against a host reference in complex f64, in every element
//! type: sizes 0, 1, odd and several work-groups' worth, leading dimensions past the rows, both
//! triangles, every operation each routine takes, strided and batched forms, device pointer
//! mode, and the exact status of each bad argument. C's other triangle (and its padding) must
//! come back untouched; trtri's A is NaN outside its triangle, so reading it would show.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::level3::Batch;
use rocblas::level3_rank2k::{self as r2k, Syr2k};
use rocblas::trtri::{trtri, Trtri};
use rocblas::{Diagonal, Element, Fill, Handle, Operation, PointerMode, Status, C32, C64};

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

fn tol<T: Element>(terms: usize) -> f64 {
    let eps = if matches!(T::PREFIX, "s" | "c") {
        1e-6
    } else {
        1e-14
    };
    eps * 10.0 * (terms as f64 + 1.0)
}

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

/// Which of the four routines.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Syr2k,
    Her2k,
    Syrkx,
    Herkx,
}

impl Kind {
    fn hermitian(self) -> bool {
        matches!(self, Kind::Her2k | Kind::Herkx)
    }
    fn two(self) -> bool {
        matches!(self, Kind::Syr2k | Kind::Her2k)
    }
}

/// How the call is made: a batch of `batch` members, strided or as arrays of pointers, with
/// the scalars in host or device memory.
#[derive(Clone, Copy, Debug)]
struct Form {
    batch: usize,
    arrays: bool,
    device: bool,
}

const PLAIN: Form = Form {
    batch: 1,
    arrays: false,
    device: false,
};

/// One of the four routines, as a case calls it.
type Call<'a, T, S> = dyn Fn(&Handle, PointerMode, &Syr2k<T, S>) -> rocblas::Result<()> + 'a;

#[allow(clippy::too_many_arguments)] // the case's dimensions
fn rank2k_case<T: Element, S: Element>(
    blas: &Handle,
    r: &mut impl Rng,
    kind: Kind,
    (uplo, trans): (Fill, Operation),
    (n, k): (usize, usize),
    pad: usize,
    form: Form,
    call: &Call<'_, T, S>,
) {
    let (ar, ac) = if trans == Operation::None {
        (n, k)
    } else {
        (k, n)
    };
    let (lda, ldb, ldc) = (ar.max(1) + pad, ar.max(1) + pad + 2, n.max(1) + pad + 1);
    let (sa, sb, sc) = (lda * ac.max(1), ldb * ac.max(1), ldc * n.max(1));
    let nb = form.batch;
    let a: Vec<T> = random(r, sa * nb);
    let b: Vec<T> = random(r, sb * nb);
    let c0: Vec<T> = random(r, sc * nb);
    let alpha = T::from_c64(C64::new(0.75, -0.5));
    let beta = S::from_c64(C64::new(-0.5, 0.25));
    let (da, db, dc) = (buf(&a), buf(&b), buf(&c0));
    let (dalpha, dbeta) = (buf(&[alpha]), buf(&[beta]));
    let ptrs = |d: &DeviceBuffer<T>, s: usize| -> Vec<*const T> {
        (0..nb)
            .map(|q| d.as_ptr().wrapping_add(q * s) as *const T)
            .collect()
    };
    let (pa, pb, pc) = (ptrs(&da, sa), ptrs(&db, sb), ptrs(&dc, sc));
    let lists = (
        DeviceBuffer::from_slice(&pa).expect("A list"),
        DeviceBuffer::from_slice(&pb).expect("B list"),
        DeviceBuffer::from_slice(&pc).expect("C list"),
    );
    let batch = |d: &DeviceBuffer<T>, list: &DeviceBuffer<*const T>, s: usize| {
        if form.arrays {
            Batch::Array(rocblas::kernel::Ptr(list.as_ptr()))
        } else {
            Batch::Strided {
                base: rocblas::kernel::Ptr(d.as_ptr()),
                stride: s as i64,
            }
        }
    };
    let (alpha_p, beta_p, mode) = if form.device {
        (
            dalpha.as_ptr() as *const T,
            dbeta.as_ptr() as *const S,
            PointerMode::Device,
        )
    } else {
        (&alpha as *const T, &beta as *const S, PointerMode::Host)
    };
    let s = Syr2k {
        uplo,
        trans,
        n: n as i64,
        k: k as i64,
        alpha: alpha_p,
        a: batch(&da, &lists.0, sa),
        lda: lda as i64,
        b: batch(&db, &lists.1, sb),
        ldb: ldb as i64,
        beta: beta_p,
        c: batch(&dc, &lists.2, sc),
        ldc: ldc as i64,
        batch_count: nb as i64,
    };
    call(blas, mode, &s).unwrap_or_else(|e| panic!("{kind:?}: {e:?}"));
    let got = wide(&dc.to_vec().expect("C"));
    let (a, b, c0) = (wide(&a), wide(&b), wide(&c0));
    let h = kind.hermitian();
    let (al, be) = (alpha.to_c64(), beta.to_c64());
    for q in 0..nb {
        let (a, b) = (&a[q * sa..], &b[q * sb..]);
        let (got, c0) = (&got[q * sc..(q + 1) * sc], &c0[q * sc..(q + 1) * sc]);
        let opa = |i: usize, p: usize| op_at(a, lda, trans, i, p);
        let opb = |i: usize, p: usize| op_at(b, ldb, trans, i, p);
        let right = |v: C64| if h { v.conj() } else { v };
        for j in 0..n.max(1) {
            for i in 0..ldc {
                let at = i + j * ldc;
                let inside = i < n && j < n && if uplo == Fill::Lower { i >= j } else { i <= j };
                if !inside {
                    assert_eq!(got[at], c0[at], "{kind:?} wrote ({i},{j}) outside");
                    continue;
                }
                let (mut ab, mut ba) = (C64::new(0.0, 0.0), C64::new(0.0, 0.0));
                for p in 0..k {
                    ab += opa(i, p) * right(opb(j, p));
                    ba += opb(i, p) * right(opa(j, p));
                }
                let mut want = al * ab;
                if kind.two() {
                    want += if h { al.conj() } else { al } * ba;
                }
                let mut old = c0[at];
                if h && i == j {
                    old.im = 0.0;
                }
                want += be * old;
                if h && i == j {
                    want.im = 0.0;
                    assert_eq!(got[at].im, 0.0, "{kind:?} diagonal imaginary part");
                }
                assert_close(got[at], want, tol::<T>(2 * k + 1), &|| {
                    format!(
                        "{}{kind:?} {uplo:?} {trans:?} n {n} k {k} {form:?} member {q} ({i},{j})",
                        T::PREFIX
                    )
                });
            }
        }
    }
}

const SHAPES: [(usize, usize); 5] = [(0, 2), (1, 1), (7, 5), (150, 9), (3, 0)];
const FORMS: [Form; 3] = [
    PLAIN,
    Form {
        batch: 3,
        arrays: false,
        device: true,
    },
    Form {
        batch: 2,
        arrays: true,
        device: false,
    },
];

fn symmetric_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    let ops: &[Operation] = if complex::<T>() {
        &[Operation::None, Operation::Transpose]
    } else {
        &[
            Operation::None,
            Operation::Transpose,
            Operation::ConjugateTranspose,
        ]
    };
    for kind in [Kind::Syr2k, Kind::Syrkx] {
        for uplo in [Fill::Lower, Fill::Upper] {
            for &trans in ops {
                for (s, shape) in SHAPES.into_iter().enumerate() {
                    let form = FORMS[s % FORMS.len()];
                    let call = |h: &Handle, m: PointerMode, g: &Syr2k<T, T>| {
                        // SAFETY: the test's buffers cover the matrices; the scalars outlive
                        // the call, which is synchronised before the buffers are read.
                        unsafe {
                            if kind == Kind::Syr2k {
                                r2k::syr2k(h, m, g)
                            } else {
                                r2k::syrkx(h, m, g)
                            }
                        }
                    };
                    rank2k_case::<T, T>(blas, r, kind, (uplo, trans), shape, s % 2, form, &call);
                }
            }
        }
    }
}

fn hermitian_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    for kind in [Kind::Her2k, Kind::Herkx] {
        for uplo in [Fill::Lower, Fill::Upper] {
            for trans in [Operation::None, Operation::ConjugateTranspose] {
                for (s, shape) in SHAPES.into_iter().enumerate() {
                    let form = FORMS[s % FORMS.len()];
                    let call = |h: &Handle, m: PointerMode, g: &Syr2k<T, T::Real>| {
                        // SAFETY: as above.
                        unsafe {
                            if kind == Kind::Her2k {
                                r2k::her2k(h, m, g)
                            } else {
                                r2k::herkx(h, m, g)
                            }
                        }
                    };
                    rank2k_case::<T, T::Real>(
                        blas,
                        r,
                        kind,
                        (uplo, trans),
                        shape,
                        s % 2,
                        form,
                        &call,
                    );
                }
            }
        }
    }
}

#[test]
fn syr2k_her2k_syrkx_herkx_match_the_reference_on_their_triangle() {
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(23);
    symmetric_all::<f32>(&blas, &mut r);
    symmetric_all::<f64>(&blas, &mut r);
    symmetric_all::<C32>(&blas, &mut r);
    hermitian_all::<C32>(&blas, &mut r);
    symmetric_all::<C64>(&blas, &mut r);
    hermitian_all::<C64>(&blas, &mut r);
}

#[test]
fn rank2k_rejects_what_rocblas_rejects() {
    let blas = Handle::new().expect("handle");
    let m = buf(&[C64::new(1.0, 0.0); 16]);
    let (one, real) = (C64::new(1.0, 0.0), 1.0f64);
    let z = |uplo, trans, (lda, ldb, ldc): (i64, i64, i64)| Syr2k {
        uplo,
        trans,
        n: 4,
        k: 4,
        alpha: &one as *const C64,
        a: Batch::one(m.as_ptr()),
        lda,
        b: Batch::one(m.as_ptr()),
        ldb,
        beta: &one as *const C64,
        c: Batch::one(m.as_ptr()),
        ldc,
        batch_count: 1,
    };
    let h = |trans| Syr2k {
        uplo: Fill::Upper,
        trans,
        n: 4,
        k: 4,
        alpha: &one as *const C64,
        a: Batch::one(m.as_ptr()),
        lda: 4,
        b: Batch::one(m.as_ptr()),
        ldb: 4,
        beta: &real as *const f64,
        c: Batch::one(m.as_ptr()),
        ldc: 4,
        batch_count: 1,
    };
    let (lo, none, t, ct) = (
        Fill::Lower,
        Operation::None,
        Operation::Transpose,
        Operation::ConjugateTranspose,
    );
    let host = PointerMode::Host;
    let st = |r: rocblas::Result<()>| r.err().map(|e| e.status);
    // SAFETY: every call fails its checks (or returns early) before touching the matrices,
    // except the last ones, whose 4 x 4 matrices are `m`.
    unsafe {
        let fours = (4, 4, 4);
        assert_eq!(
            st(r2k::syr2k(&blas, host, &z(Fill::Full, none, fours))),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            st(r2k::syrkx(&blas, host, &z(lo, ct, fours))),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            st(r2k::her2k::<C64, _>(&blas, host, &h(t))),
            Some(Status::InvalidValue)
        );
        assert_eq!(
            st(r2k::herkx::<C64, _>(&blas, host, &h(t))),
            Some(Status::InvalidValue)
        );
        for lds in [(3, 4, 4), (4, 3, 4), (4, 4, 3)] {
            assert_eq!(
                st(r2k::syr2k(&blas, host, &z(lo, none, lds))),
                Some(Status::InvalidSize),
                "{lds:?}"
            );
        }
        let mut g = z(lo, none, fours);
        g.n = -1;
        assert_eq!(st(r2k::syr2k(&blas, host, &g)), Some(Status::InvalidSize));
        let mut g = z(lo, none, fours);
        g.batch_count = -1;
        assert_eq!(st(r2k::syr2k(&blas, host, &g)), Some(Status::InvalidSize));
        // n 0: success before any pointer is looked at.
        let mut g = z(lo, none, (0, 0, 0));
        g.n = 0;
        g.alpha = std::ptr::null();
        g.a = Batch::one(std::ptr::null());
        assert_eq!(st(r2k::syr2k(&blas, host, &g)), None);
        // k 0: alpha may be null; beta may not.
        let mut g = z(lo, none, fours);
        g.k = 0;
        g.alpha = std::ptr::null();
        assert_eq!(st(r2k::syr2k(&blas, host, &g)), None);
        g.beta = std::ptr::null();
        assert_eq!(
            st(r2k::syr2k(&blas, host, &g)),
            Some(Status::InvalidPointer)
        );
        let mut g = z(lo, none, fours);
        g.alpha = std::ptr::null();
        assert_eq!(
            st(r2k::syr2k(&blas, host, &g)),
            Some(Status::InvalidPointer)
        );
        for which in 0..3 {
            let mut g = z(lo, none, fours);
            match which {
                0 => g.a = Batch::one(std::ptr::null()),
                1 => g.b = Batch::one(std::ptr::null()),
                _ => g.c = Batch::one(std::ptr::null()),
            }
            assert_eq!(
                st(r2k::syr2k(&blas, host, &g)),
                Some(Status::InvalidPointer),
                "null matrix {which}"
            );
        }
        // alpha 0 and beta 1: nothing to do, null matrices accepted.
        let zero = C64::new(0.0, 0.0);
        let mut g = z(lo, none, fours);
        g.alpha = &zero;
        g.a = Batch::one(std::ptr::null());
        g.b = Batch::one(std::ptr::null());
        g.c = Batch::one(std::ptr::null());
        assert_eq!(st(r2k::syr2k(&blas, host, &g)), None);
    }
}

// ---- trtri ----

#[allow(clippy::too_many_arguments)] // the case's dimensions
fn trtri_case<T: rocblas::trsm::Solvable>(
    blas: &Handle,
    r: &mut impl Rng,
    (uplo, diag): (Fill, Diagonal),
    n: usize,
    pad: usize,
    batch: usize,
    arrays: bool,
) {
    let (lda, ldi) = (n.max(1) + pad, n.max(1) + 2 * pad + 1);
    let (sa, si) = (lda * n.max(1), ldi * n.max(1));
    let nan = T::from_c64(C64::new(f64::NAN, f64::NAN));
    let lower = uplo == Fill::Lower;
    let mut a = vec![nan; sa * batch];
    for q in 0..batch {
        for j in 0..n {
            for i in 0..n {
                if (lower && i > j) || (!lower && i < j) {
                    // Small off-diagonal entries keep the inverse well conditioned.
                    let v: C64 = random::<T>(r, 1)[0].to_c64() * (0.5 / n as f64);
                    a[q * sa + i + j * lda] = T::from_c64(v);
                } else if i == j {
                    let v = if diag == Diagonal::Unit {
                        nan
                    } else {
                        T::from_c64(C64::new(1.5 + r.gen_range(0.0..1.0), 0.25))
                    };
                    a[q * sa + i + j * lda] = v;
                }
            }
        }
    }
    let inv0: Vec<T> = random(r, si * batch);
    let (da, di) = (buf(&a), buf(&inv0));
    let pa: Vec<*const T> = (0..batch)
        .map(|q| da.as_ptr().wrapping_add(q * sa) as *const T)
        .collect();
    let pi: Vec<*const T> = (0..batch)
        .map(|q| di.as_ptr().wrapping_add(q * si) as *const T)
        .collect();
    let (la, li) = (
        DeviceBuffer::from_slice(&pa).expect("list"),
        DeviceBuffer::from_slice(&pi).expect("list"),
    );
    let pick = |d: &DeviceBuffer<T>, l: &DeviceBuffer<*const T>, s: usize| {
        if arrays {
            Batch::Array(rocblas::kernel::Ptr(l.as_ptr()))
        } else {
            Batch::Strided {
                base: rocblas::kernel::Ptr(d.as_ptr()),
                stride: s as i64,
            }
        }
    };
    let t = Trtri {
        uplo,
        diag,
        n: n as i64,
        a: pick(&da, &la, sa),
        lda: lda as i64,
        inv_a: pick(&di, &li, si),
        ld_inv_a: ldi as i64,
        batch_count: batch as i64,
    };
    // SAFETY: the buffers cover the batches.
    unsafe { trtri(blas, PointerMode::Host, &t) }.expect("trtri");
    let got = wide(&di.to_vec().expect("invA"));
    let (a, inv0) = (wide(&a), wide(&inv0));
    for q in 0..batch {
        let at = |i: usize, j: usize| {
            if i == j && diag == Diagonal::Unit {
                C64::new(1.0, 0.0)
            } else if (lower && i >= j) || (!lower && i <= j) {
                a[q * sa + i + j * lda]
            } else {
                C64::new(0.0, 0.0)
            }
        };
        let inv = |i: usize, j: usize| got[q * si + i + j * ldi];
        for j in 0..n.max(1) {
            for i in 0..ldi {
                let p = q * si + i + j * ldi;
                if i >= n || j >= n {
                    assert_eq!(got[p], inv0[p], "trtri wrote padding ({i},{j})");
                } else if (lower && i < j) || (!lower && i > j) {
                    assert_eq!(got[p], C64::new(0.0, 0.0), "other triangle ({i},{j})");
                }
            }
        }
        // A invA = I.
        for j in 0..n {
            for i in 0..n {
                let mut v = C64::new(0.0, 0.0);
                for p in 0..n {
                    v += at(i, p) * inv(p, j);
                }
                let want = C64::new(if i == j { 1.0 } else { 0.0 }, 0.0);
                assert_close(v, want, tol::<T>(n), &|| {
                    format!(
                        "{}trtri {uplo:?} {diag:?} n {n} member {q} ({i},{j})",
                        T::PREFIX
                    )
                });
            }
        }
    }
}

fn trtri_all<T: rocblas::trsm::Solvable>(blas: &Handle, r: &mut impl Rng) {
    for uplo in [Fill::Lower, Fill::Upper] {
        for diag in [Diagonal::NonUnit, Diagonal::Unit] {
            for (s, n) in [0, 1, 7, 40, 130].into_iter().enumerate() {
                let (batch, arrays) = [(1, false), (3, false), (2, true)][s % 3];
                trtri_case::<T>(blas, r, (uplo, diag), n, s % 2, batch, arrays);
            }
        }
    }
}

#[test]
fn trtri_inverts_every_triangle_out_of_place() {
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(5);
    trtri_all::<f32>(&blas, &mut r);
    trtri_all::<f64>(&blas, &mut r);
    trtri_all::<C32>(&blas, &mut r);
    trtri_all::<C64>(&blas, &mut r);
}

#[test]
fn trtri_rejects_what_rocblas_rejects() {
    let blas = Handle::new().expect("handle");
    let m = buf(&[1.0f64; 16]);
    let t = |n: i64, lda: i64, ldi: i64| Trtri {
        uplo: Fill::Lower,
        diag: Diagonal::NonUnit,
        n,
        a: Batch::one(m.as_ptr()),
        lda,
        inv_a: Batch::one(m.as_ptr().wrapping_add(0)),
        ld_inv_a: ldi,
        batch_count: 1,
    };
    let st = |r: rocblas::Result<()>| r.err().map(|e| e.status);
    let host = PointerMode::Host;
    // SAFETY: every call fails its checks or returns before touching memory.
    unsafe {
        let mut g = t(4, 4, 4);
        g.uplo = Fill::Full;
        assert_eq!(st(trtri(&blas, host, &g)), Some(Status::InvalidValue));
        assert_eq!(
            st(trtri(&blas, host, &t(-1, 4, 4))),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            st(trtri(&blas, host, &t(4, 3, 4))),
            Some(Status::InvalidSize)
        );
        assert_eq!(
            st(trtri(&blas, host, &t(4, 4, 3))),
            Some(Status::InvalidSize)
        );
        let mut g = t(4, 4, 4);
        g.batch_count = -1;
        assert_eq!(st(trtri(&blas, host, &g)), Some(Status::InvalidSize));
        let mut g = t(0, 0, 0);
        g.a = Batch::one(std::ptr::null());
        assert_eq!(st(trtri(&blas, host, &g)), None);
        let mut g = t(4, 4, 4);
        g.a = Batch::one(std::ptr::null());
        assert_eq!(st(trtri(&blas, host, &g)), Some(Status::InvalidPointer));
        let mut g = t(4, 4, 4);
        g.inv_a = Batch::one(std::ptr::null());
        assert_eq!(st(trtri(&blas, host, &g)), Some(Status::InvalidPointer));
    }
}
