//! gemm_ex over rocBLAS's type combinations against a host reference in f64: reduced-precision
//! inputs accumulated in f32, int8 accumulated in int32, D apart from C, and the calls rocBLAS
//! refuses.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::gemm_ex::{gemm_ex, GemmEx};
use rocblas::level3::Batch;
use rocblas::{f16, half::bf16};
use rocblas::{Datatype, Handle, Operation, PointerMode, Status, C64};

/// A matrix element as the test sees it.
trait El: Copy {
    const TYPE: Datatype;
    fn from_f64(v: f64) -> Self;
    fn to_f64(self) -> f64;
}

macro_rules! el {
    ($t:ty, $d:ident, $from:expr, $to:expr) => {
        impl El for $t {
            const TYPE: Datatype = Datatype::$d;
            fn from_f64(v: f64) -> Self {
                let f: fn(f64) -> $t = $from;
                f(v)
            }
            fn to_f64(self) -> f64 {
                let f: fn($t) -> f64 = $to;
                f(self)
            }
        }
    };
}
el!(f16, F16R, f16::from_f64, |x| x.to_f64());
el!(bf16, Bf16R, bf16::from_f64, |x| x.to_f64());
el!(f32, F32R, |v| v as f32, |x| x as f64);
el!(f64, F64R, |v| v, |x| x);
el!(i8, I8R, |v| v as i8, |x| x as f64);
el!(i32, I32R, |v| v as i32, |x| x as f64);

struct Case {
    m: usize,
    n: usize,
    k: usize,
    ta: Operation,
    tb: Operation,
}

/// Runs one gemm_ex with inputs `S`, outputs `O`, compute `ct` (alpha and beta `Sc`), D apart
/// from C; checks D against f64 within `tol` relative to the terms' magnitude, and that C is
/// unchanged.
fn check<S: El, O: El, Sc: El>(seed: u64, c: &Case, ct: Datatype, tol: f64, ints: bool) {
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    let val = |r: &mut rand::rngs::StdRng| {
        if ints {
            r.gen_range(-100i32..100) as f64
        } else {
            r.gen_range(-1.0..1.0)
        }
    };
    let (ar, ac) = if c.ta == Operation::None {
        (c.m, c.k)
    } else {
        (c.k, c.m)
    };
    let (br, bc) = if c.tb == Operation::None {
        (c.k, c.n)
    } else {
        (c.n, c.k)
    };
    let (lda, ldb, ldc, ldd) = (ar + 1, br + 2, c.m + 1, c.m + 3);
    let a: Vec<S> = (0..lda * ac).map(|_| S::from_f64(val(&mut r))).collect();
    let b: Vec<S> = (0..ldb * bc).map(|_| S::from_f64(val(&mut r))).collect();
    let c0: Vec<O> = (0..ldc * c.n).map(|_| O::from_f64(val(&mut r))).collect();
    let (alpha, beta) = if ints {
        (Sc::from_f64(2.0), Sc::from_f64(-1.0))
    } else {
        (Sc::from_f64(0.75), Sc::from_f64(-0.5))
    };
    let (da, db, dc) = (
        DeviceBuffer::from_slice(&a).expect("A"),
        DeviceBuffer::from_slice(&b).expect("B"),
        DeviceBuffer::from_slice(&c0).expect("C"),
    );
    let dd = DeviceBuffer::<O>::new(ldd * c.n).expect("D");
    dd.fill_bytes(0xff).expect("poison D");
    let blas = Handle::new().expect("handle");
    let one = |p: *mut u8| Batch::one(p as *const u8);
    let g = GemmEx {
        trans_a: c.ta,
        trans_b: c.tb,
        m: c.m as i64,
        n: c.n as i64,
        k: c.k as i64,
        alpha: (&alpha as *const Sc).cast(),
        a: one(da.as_ptr().cast()),
        a_type: S::TYPE,
        lda: lda as i64,
        b: one(db.as_ptr().cast()),
        b_type: S::TYPE,
        ldb: ldb as i64,
        beta: (&beta as *const Sc).cast(),
        c: one(dc.as_ptr().cast()),
        c_type: O::TYPE,
        ldc: ldc as i64,
        d: one(dd.as_ptr().cast()),
        d_type: O::TYPE,
        ldd: ldd as i64,
        batch_count: 1,
        compute_type: ct,
    };
    // SAFETY: host scalars live across the call; the buffers cover the sizes above.
    unsafe { gemm_ex(&blas, PointerMode::Host, &g) }.expect("gemm_ex");
    let d = dd.to_vec().expect("D back");
    let c_after = dc.to_vec().expect("C back");
    assert!(
        c_after
            .iter()
            .zip(&c0)
            .all(|(x, y)| x.to_f64() == y.to_f64()),
        "C was written"
    );
    let at = |x: &[S], ld: usize, op: Operation, i: usize, j: usize| match op {
        Operation::None => x[i + j * ld].to_f64(),
        _ => x[j + i * ld].to_f64(),
    };
    for j in 0..c.n {
        for i in 0..c.m {
            let (mut s, mut mag) = (0.0, 0.0);
            for p in 0..c.k {
                let t = at(&a, lda, c.ta, i, p) * at(&b, ldb, c.tb, p, j);
                s += t;
                mag += t.abs();
            }
            let cv = c0[i + j * ldc].to_f64();
            let want = alpha.to_f64() * s + beta.to_f64() * cv;
            let got = d[i + j * ldd].to_f64();
            let bound = tol * (mag + cv.abs() + 1.0);
            assert!(
                (got - want).abs() <= bound,
                "{:?} -> {:?}: D({i},{j}) = {got}, want {want}",
                S::TYPE,
                O::TYPE
            );
        }
    }
}

const CASES: [Case; 3] = [
    Case {
        m: 1,
        n: 1,
        k: 1,
        ta: Operation::None,
        tb: Operation::None,
    },
    Case {
        m: 19,
        n: 23,
        k: 17,
        ta: Operation::Transpose,
        tb: Operation::None,
    },
    Case {
        m: 150,
        n: 70,
        k: 40,
        ta: Operation::None,
        tb: Operation::Transpose,
    },
];

#[test]
fn half_and_bfloat16_accumulate_in_f32() {
    for (s, c) in CASES.iter().enumerate() {
        let seed = s as u64;
        check::<f16, f16, f32>(seed, c, Datatype::F32R, 2.0 * f16::EPSILON.to_f64(), false);
        check::<f16, f32, f32>(seed, c, Datatype::F32R, 1e-6, false);
        check::<f16, f16, f16>(seed, c, Datatype::F16R, 2.0 * f16::EPSILON.to_f64(), false);
        check::<bf16, bf16, f32>(seed, c, Datatype::F32R, 2.0 * bf16::EPSILON.to_f64(), false);
        check::<bf16, f32, f32>(seed, c, Datatype::F32R, 1e-6, false);
    }
}

#[test]
fn int8_accumulates_in_int32_exactly() {
    for (s, c) in CASES.iter().enumerate() {
        check::<i8, i32, i32>(10 + s as u64, c, Datatype::I32R, 0.0, true);
    }
}

#[test]
fn float_types_with_d_apart_from_c() {
    for (s, c) in CASES.iter().enumerate() {
        check::<f32, f32, f32>(20 + s as u64, c, Datatype::F32R, 1e-6, false);
        check::<f64, f64, f64>(30 + s as u64, c, Datatype::F64R, 1e-14, false);
    }
}

#[test]
fn unsupported_combinations_and_bad_sizes_are_refused() {
    let blas = Handle::new().expect("handle");
    let buf = DeviceBuffer::<f64>::new(64).expect("buffer");
    let p = Batch::one(buf.as_ptr() as *const u8);
    let one = C64::new(1.0, 0.0);
    let mut g = GemmEx {
        trans_a: Operation::None,
        trans_b: Operation::None,
        m: 4,
        n: 4,
        k: 4,
        alpha: (&one as *const C64).cast(),
        a: p,
        a_type: Datatype::F16R,
        lda: 4,
        b: p,
        b_type: Datatype::F16R,
        ldb: 4,
        beta: (&one as *const C64).cast(),
        c: p,
        c_type: Datatype::F64R,
        ldc: 4,
        d: p,
        d_type: Datatype::F64R,
        ldd: 4,
        batch_count: 1,
        compute_type: Datatype::F64R,
    };
    // SAFETY: the call is refused before any memory is touched.
    let e = unsafe { gemm_ex(&blas, PointerMode::Host, &g) }.unwrap_err();
    assert_eq!(e.status, Status::NotImplemented, "{e}");
    // C is D but with another leading dimension.
    g.a_type = Datatype::F64R;
    g.b_type = Datatype::F64R;
    g.ldd = 5;
    // SAFETY: as above.
    let e = unsafe { gemm_ex(&blas, PointerMode::Host, &g) }.unwrap_err();
    assert_eq!(e.status, Status::InvalidSize, "{e}");
    g.ldd = 3;
    // SAFETY: as above.
    let e = unsafe { gemm_ex(&blas, PointerMode::Host, &g) }.unwrap_err();
    assert_eq!(e.status, Status::InvalidSize, "{e}");
    g.ldd = 4;
    g.beta = std::ptr::null();
    // SAFETY: as above.
    let e = unsafe { gemm_ex(&blas, PointerMode::Host, &g) }.unwrap_err();
    assert_eq!(e.status, Status::InvalidPointer, "{e}");
}
