//! trsm against a host check in f64: the solution X times op(A) gives back alpha B, for every
//! side, triangle, operation and diagonal, sizes 0, 1, odd and several work-groups' worth,
//! leading dimensions past the rows; the other triangle of A is NaN, so reading it would show.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::{Diagonal, Fill, Handle, Operation, Side, Status, C64};

/// A(i, j) of op(A) as a complex f64 from column-major `a`.
fn op_at(a: &[C64], lda: usize, op: Operation, i: usize, j: usize) -> C64 {
    match op {
        Operation::None => a[i + j * lda],
        Operation::Transpose => a[j + i * lda],
        Operation::ConjugateTranspose => a[j + i * lda].conj(),
    }
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn check(
    r: &mut impl Rng,
    blas: &Handle,
    side: Side,
    uplo: Fill,
    op: Operation,
    diag: Diagonal,
    (m, n): (usize, usize),
    pad: usize,
) {
    let k = if side == Side::Left { m } else { n };
    let (lda, ldb) = (k.max(1) + pad, m.max(1) + pad);
    let nan = C64::new(f64::NAN, f64::NAN);
    let mut a = vec![nan; lda * k.max(1)];
    for j in 0..k {
        for i in 0..k {
            let inside = if uplo == Fill::Lower { i >= j } else { i <= j };
            if i == j {
                // A dominant diagonal keeps the system well conditioned; unit diagonals are
                // not read.
                a[i + j * lda] = if diag == Diagonal::Unit {
                    nan
                } else {
                    C64::new(r.gen_range(2.0..3.0), r.gen_range(-0.5..0.5))
                };
            } else if inside {
                a[i + j * lda] =
                    C64::new(r.gen_range(-0.3..0.3), r.gen_range(-0.3..0.3)) / k as f64;
            }
        }
    }
    let b: Vec<C64> = (0..ldb * n.max(1))
        .map(|_| C64::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0)))
        .collect();
    let alpha = C64::new(0.75, -0.25);
    let da = DeviceBuffer::from_slice(&a).expect("A");
    let mut db = DeviceBuffer::from_slice(&b).expect("B");
    blas.trsm(side, uplo, op, diag, (m, n), alpha, &da, lda, &mut db, ldb)
        .expect("trsm");
    let x = db.to_vec().expect("X");
    // op(A) with the unit diagonal and the zero triangle made explicit.
    let full = |i: usize, j: usize| {
        let (si, sj) = if op == Operation::None {
            (i, j)
        } else {
            (j, i)
        };
        let inside = if uplo == Fill::Lower {
            si >= sj
        } else {
            si <= sj
        };
        if i == j && diag == Diagonal::Unit {
            C64::new(1.0, 0.0)
        } else if inside {
            op_at(&a, lda, op, i, j)
        } else {
            C64::new(0.0, 0.0)
        }
    };
    for j in 0..n {
        for i in 0..ldb {
            if i >= m {
                assert_eq!(x[i + j * ldb], b[i + j * ldb], "padding row {i} written");
                continue;
            }
            let mut got = C64::new(0.0, 0.0);
            if side == Side::Left {
                for p in 0..m {
                    got += full(i, p) * x[p + j * ldb];
                }
            } else {
                for p in 0..n {
                    got += x[i + p * ldb] * full(p, j);
                }
            }
            let want = alpha * b[i + j * ldb];
            assert!(
                (got - want).norm() < 1e-9,
                "{side:?} {uplo:?} {op:?} {diag:?} m {m} n {n}: (op(A) X)({i},{j}) = {got}, want {want}"
            );
        }
    }
}

#[test]
fn ztrsm_solves_every_form() {
    let mut r = rand::rngs::StdRng::seed_from_u64(7);
    let blas = Handle::new().expect("handle");
    for side in [Side::Left, Side::Right] {
        for uplo in [Fill::Lower, Fill::Upper] {
            for op in [
                Operation::None,
                Operation::Transpose,
                Operation::ConjugateTranspose,
            ] {
                for diag in [Diagonal::NonUnit, Diagonal::Unit] {
                    for (s, shape) in [(0, 3), (1, 1), (7, 5), (40, 90)].into_iter().enumerate() {
                        check(&mut r, &blas, side, uplo, op, diag, shape, s % 2);
                    }
                }
            }
        }
    }
}

#[test]
fn strsm_matches_dtrsm_in_single_precision() {
    // The real kernels share the complex one's code path; one real case checks the types.
    let blas = Handle::new().expect("handle");
    let (m, n) = (33usize, 20usize);
    let mut a = vec![0.0f32; m * m];
    for j in 0..m {
        for i in j..m {
            a[i + j * m] = if i == j {
                2.0
            } else {
                0.01 * ((i * 7 + j) % 5) as f32
            };
        }
    }
    let b: Vec<f32> = (0..m * n).map(|i| (i % 11) as f32 - 5.0).collect();
    let da = DeviceBuffer::from_slice(&a).expect("A");
    let mut db = DeviceBuffer::from_slice(&b).expect("B");
    blas.trsm(
        Side::Left,
        Fill::Lower,
        Operation::None,
        Diagonal::NonUnit,
        (m, n),
        1.0f32,
        &da,
        m,
        &mut db,
        m,
    )
    .expect("strsm");
    let x = db.to_vec().expect("X");
    for j in 0..n {
        for i in 0..m {
            let got: f64 = (0..=i)
                .map(|p| a[i + p * m] as f64 * x[p + j * m] as f64)
                .sum();
            assert!((got - b[i + j * m] as f64).abs() < 1e-4, "({i},{j})");
        }
    }
}

#[test]
fn trsm_rejects_what_rocblas_rejects() {
    let blas = Handle::new().expect("handle");
    let a = DeviceBuffer::<f64>::new(16).expect("A");
    let mut b = DeviceBuffer::<f64>::new(16).expect("B");
    let (l, lo, n, u) = (Side::Left, Fill::Lower, Operation::None, Diagonal::NonUnit);
    let e = blas
        .trsm(Side::Both, lo, n, u, (4, 4), 1.0, &a, 4, &mut b, 4)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidValue);
    let e = blas
        .trsm(l, Fill::Full, n, u, (4, 4), 1.0, &a, 4, &mut b, 4)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidValue);
    let e = blas
        .trsm(l, lo, n, u, (4, 4), 1.0, &a, 3, &mut b, 4)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    let e = blas
        .trsm(l, lo, n, u, (4, 4), 1.0, &a, 4, &mut b, 2)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
}
