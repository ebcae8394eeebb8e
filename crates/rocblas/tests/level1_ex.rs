//! The level 1 Ex routines and trsm_ex over rocBLAS's type combinations against a host
//! reference in complex f64: plain calls with negative and zero steps, strided batches, pointer
//! arrays, device pointer mode, untouched gaps between elements, and the statuses of the calls
//! rocBLAS refuses.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::level1_ex::{
    axpy_ex, dot_ex, nrm2_ex, rot_ex, scal_ex, trsm_ex, AxpyEx, DotEx, Nrm2Ex, RotEx, ScalEx,
    TrsmEx,
};
use rocblas::level3::Batch;
use rocblas::{f16, half::bf16};
use rocblas::{Datatype, Diagonal, Fill, Handle, Operation, PointerMode, Side, Status, C32, C64};

/// An element as the test sees it: a complex f64 (imaginary part 0 for the real types).
trait El: Copy + PartialEq + std::fmt::Debug {
    const TYPE: Datatype;
    fn from_c(v: C64) -> Self;
    fn to_c(self) -> C64;
}

macro_rules! el {
    ($t:ty, $d:ident, |$v:ident| $from:expr, |$x:ident| $to:expr) => {
        impl El for $t {
            const TYPE: Datatype = Datatype::$d;
            fn from_c($v: C64) -> Self {
                $from
            }
            fn to_c(self) -> C64 {
                let $x = self;
                $to
            }
        }
    };
}
el!(f16, F16R, |v| f16::from_f64(v.re), |x| C64::new(
    x.to_f64(),
    0.0
));
el!(bf16, Bf16R, |v| bf16::from_f64(v.re), |x| C64::new(
    x.to_f64(),
    0.0
));
el!(f32, F32R, |v| v.re as f32, |x| C64::new(x as f64, 0.0));
el!(f64, F64R, |v| v.re, |x| C64::new(x, 0.0));
el!(C32, F32C, |v| C32::new(v.re as f32, v.im as f32), |x| {
    C64::new(x.re as f64, x.im as f64)
});
el!(C64, F64C, |v| v, |x| x);

/// Small integers (and halves): exact in every type, so sums and products of a few are too.
fn values<T: El>(r: &mut rand::rngs::StdRng, n: usize) -> Vec<T> {
    (0..n)
        .map(|_| {
            T::from_c(C64::new(
                r.gen_range(-8i32..8) as f64 / 2.0,
                r.gen_range(-8i32..8) as f64 / 2.0,
            ))
        })
        .collect()
}

/// Index in memory of element `i` of a vector of `n` with step `inc`.
fn at(i: usize, n: usize, inc: i64) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs() as usize
    }
}

fn len(n: usize, inc: i64) -> usize {
    1 + (n - 1) * inc.unsigned_abs().max(1) as usize
}

fn one(p: *mut u8) -> Batch<u8> {
    Batch::one(p)
}

fn near(what: &str, got: C64, want: C64, tol: f64) {
    assert!(
        (got - want).norm() <= tol * (1.0 + want.norm()),
        "{what}: got {got:?}, want {want:?}"
    );
}

/// axpy_ex with alpha `A` on vectors `X`, steps (incx, incy), over a strided batch of 2 with a
/// gap between members that must stay as it was.
fn check_axpy<A: El, X: El>(exec: Datatype, n: usize, incx: i64, incy: i64, tol: f64) {
    let mut r = rand::rngs::StdRng::seed_from_u64(n as u64 * 7 + 1);
    let (lx, ly) = (len(n, incx), len(n, incy));
    let (sx, sy) = (lx + 3, ly + 5);
    let x: Vec<X> = values(&mut r, sx * 2);
    let y0: Vec<X> = values(&mut r, sy * 2);
    let alpha = A::from_c(C64::new(1.5, if A::TYPE == X::TYPE { -0.5 } else { 0.0 }));
    let (dx, dy) = (
        DeviceBuffer::from_slice(&x).unwrap(),
        DeviceBuffer::from_slice(&y0).unwrap(),
    );
    let blas = Handle::new().unwrap();
    let a = AxpyEx {
        n: n as i64,
        alpha: (&alpha as *const A).cast(),
        alpha_type: A::TYPE,
        x: Batch::Strided {
            base: rocblas::kernel::Ptr(dx.as_ptr().cast()),
            stride: sx as i64,
        },
        x_type: X::TYPE,
        incx,
        y: Batch::Strided {
            base: rocblas::kernel::Ptr(dy.as_ptr().cast()),
            stride: sy as i64,
        },
        y_type: X::TYPE,
        incy,
        batch_count: 2,
        execution_type: exec,
    };
    // SAFETY: alpha lives across the call; the buffers cover both members.
    unsafe { axpy_ex(&blas, PointerMode::Host, &a) }.expect("axpy_ex");
    let y = dy.to_vec().unwrap();
    let mut want = y0.clone();
    if incy != 0 {
        for m in 0..2 {
            for i in 0..n {
                let (xi, yi) = (m * sx + at(i, n, incx), m * sy + at(i, n, incy));
                want[yi] = X::from_c(alpha.to_c() * x[xi].to_c() + y0[yi].to_c());
            }
        }
    }
    for (i, (g, w)) in y.iter().zip(&want).enumerate() {
        near(&format!("axpy_ex y[{i}]"), g.to_c(), w.to_c(), tol);
    }
}

#[test]
fn axpy_ex_matches_the_host_for_every_documented_combination() {
    use Datatype as D;
    for (n, incx, incy) in [(1, 1, 1), (9, 2, -3), (70_000, 1, 1)] {
        check_axpy::<bf16, bf16>(D::F32R, n, incx, incy, 1e-2);
        check_axpy::<f32, bf16>(D::F32R, n, incx, incy, 1e-2);
        check_axpy::<f16, f16>(D::F16R, n, incx, incy, 1e-3);
        check_axpy::<f16, f16>(D::F32R, n, incx, incy, 1e-3);
        check_axpy::<f32, f16>(D::F32R, n, incx, incy, 1e-3);
        check_axpy::<f32, f32>(D::F32R, n, incx, incy, 1e-6);
        check_axpy::<f64, f64>(D::F64R, n, incx, incy, 1e-14);
        check_axpy::<C32, C32>(D::F32C, n, incx, incy, 1e-6);
        check_axpy::<C64, C64>(D::F64C, n, incx, incy, 1e-14);
    }
}

#[test]
fn scal_ex_matches_the_host_including_a_real_alpha_on_complex_x() {
    use Datatype as D;
    fn check<A: El, X: El>(exec: Datatype) {
        let mut r = rand::rngs::StdRng::seed_from_u64(3);
        let (n, inc) = (11usize, 2i64);
        let x0: Vec<X> = values(&mut r, len(n, inc) + 1);
        let dx = DeviceBuffer::from_slice(&x0).unwrap();
        let alpha = A::from_c(C64::new(-2.5, 0.5));
        let blas = Handle::new().unwrap();
        let s = ScalEx {
            n: n as i64,
            alpha: (&alpha as *const A).cast(),
            alpha_type: A::TYPE,
            x: one(dx.as_ptr().cast()),
            x_type: X::TYPE,
            incx: inc,
            batch_count: 1,
            execution_type: exec,
        };
        // SAFETY: as in axpy.
        unsafe { scal_ex(&blas, PointerMode::Host, &s) }.expect("scal_ex");
        let x = dx.to_vec().unwrap();
        for (i, (g, w)) in x.iter().zip(&x0).enumerate() {
            let want = if i % 2 == 0 && i / 2 < n {
                X::from_c(alpha.to_c() * w.to_c()).to_c()
            } else {
                w.to_c()
            };
            near(&format!("scal_ex x[{i}]"), g.to_c(), want, 1e-6);
        }
    }
    check::<f32, bf16>(D::F32R);
    check::<bf16, bf16>(D::F32R);
    check::<f16, f16>(D::F16R);
    check::<f16, f16>(D::F32R);
    check::<f32, f16>(D::F32R);
    check::<f32, f32>(D::F32R);
    check::<f64, f64>(D::F64R);
    check::<C32, C32>(D::F32C);
    check::<C64, C64>(D::F64C);
    check::<f32, C32>(D::F32C);
    check::<f64, C64>(D::F64C);
}

/// dot_ex / dotc_ex of `X` into `R` over a pointer-array batch of 3, host and device results.
fn check_dot<X: El, R: El, const CONJ: bool>(exec: Datatype, n: usize) {
    let mut r = rand::rngs::StdRng::seed_from_u64(n as u64 + 11);
    let (incx, incy) = (-2i64, 1i64);
    let xs: Vec<Vec<X>> = (0..3).map(|_| values(&mut r, len(n, incx))).collect();
    let ys: Vec<Vec<X>> = (0..3).map(|_| values(&mut r, len(n, incy))).collect();
    let dxs: Vec<_> = xs
        .iter()
        .map(|v| DeviceBuffer::from_slice(v).unwrap())
        .collect();
    let dys: Vec<_> = ys
        .iter()
        .map(|v| DeviceBuffer::from_slice(v).unwrap())
        .collect();
    let px: Vec<*const u8> = dxs.iter().map(|d| d.as_ptr() as *const u8).collect();
    let py: Vec<*const u8> = dys.iter().map(|d| d.as_ptr() as *const u8).collect();
    let (dpx, dpy) = (
        DeviceBuffer::from_slice(&px).unwrap(),
        DeviceBuffer::from_slice(&py).unwrap(),
    );
    let blas = Handle::new().unwrap();
    let mut host = [R::from_c(C64::new(99.0, 0.0)); 3];
    let dres = DeviceBuffer::<R>::new(3).unwrap();
    for mode in [PointerMode::Host, PointerMode::Device] {
        let result = match mode {
            PointerMode::Host => host.as_mut_ptr().cast(),
            PointerMode::Device => dres.as_ptr() as *mut u8,
        };
        let d = DotEx {
            n: n as i64,
            x: Batch::Array(rocblas::kernel::Ptr(dpx.as_ptr().cast())),
            x_type: X::TYPE,
            incx,
            y: Batch::Array(rocblas::kernel::Ptr(dpy.as_ptr().cast())),
            y_type: X::TYPE,
            incy,
            batch_count: 3,
            result,
            result_type: R::TYPE,
            execution_type: exec,
        };
        // SAFETY: the pointer arrays name live buffers covering the vectors; the results hold 3.
        unsafe { dot_ex::<_, CONJ>(&blas, mode, &d) }.expect("dot_ex");
        let got = match mode {
            PointerMode::Host => host.to_vec(),
            PointerMode::Device => dres.to_vec().unwrap(),
        };
        for m in 0..3 {
            let mut s = C64::new(0.0, 0.0);
            for i in 0..n {
                let xi = xs[m][at(i, n, incx)].to_c();
                s += if CONJ { xi.conj() } else { xi } * ys[m][at(i, n, incy)].to_c();
            }
            near("dot_ex", got[m].to_c(), R::from_c(s).to_c(), 1e-6);
        }
    }
}

#[test]
fn dot_ex_and_dotc_ex_match_the_host() {
    use Datatype as D;
    for n in [1, 13, 300] {
        check_dot::<f16, f16, false>(D::F16R, n.min(13));
        check_dot::<f16, f16, false>(D::F32R, n.min(13));
        check_dot::<bf16, bf16, false>(D::F32R, n.min(13));
        check_dot::<f32, f32, false>(D::F32R, n);
        check_dot::<f32, f64, false>(D::F64R, n);
        check_dot::<f64, f64, false>(D::F64R, n);
        check_dot::<C32, C32, false>(D::F32C, n);
        check_dot::<C64, C64, false>(D::F64C, n);
        check_dot::<C32, C32, true>(D::F32C, n);
        check_dot::<C64, C64, true>(D::F64C, n);
        check_dot::<f32, f64, true>(D::F64R, n);
    }
}

#[test]
fn nrm2_ex_matches_the_host() {
    use Datatype as D;
    fn check<X: El, R: El>(exec: Datatype, tol: f64) {
        let mut r = rand::rngs::StdRng::seed_from_u64(5);
        let (n, inc, stride) = (17usize, 3i64, 60i64);
        let x: Vec<X> = values(&mut r, stride as usize * 2);
        let dx = DeviceBuffer::from_slice(&x).unwrap();
        let mut out = [R::from_c(C64::new(-1.0, 0.0)); 2];
        let blas = Handle::new().unwrap();
        let a = Nrm2Ex {
            n: n as i64,
            x: Batch::Strided {
                base: rocblas::kernel::Ptr(dx.as_ptr().cast()),
                stride,
            },
            x_type: X::TYPE,
            incx: inc,
            batch_count: 2,
            result: out.as_mut_ptr().cast(),
            result_type: R::TYPE,
            execution_type: exec,
        };
        // SAFETY: the buffer covers both members; `out` holds two results.
        unsafe { nrm2_ex(&blas, PointerMode::Host, &a) }.expect("nrm2_ex");
        for (m, o) in out.iter().enumerate() {
            let ss: f64 = (0..n)
                .map(|i| x[m * stride as usize + at(i, n, inc)].to_c().norm_sqr())
                .sum();
            near("nrm2_ex", o.to_c(), C64::new(ss.sqrt(), 0.0), tol);
        }
    }
    check::<bf16, bf16>(D::F32R, 1e-2);
    check::<f16, f16>(D::F32R, 1e-3);
    check::<f32, f32>(D::F32R, 1e-6);
    check::<f64, f64>(D::F64R, 1e-14);
    check::<C32, f32>(D::F32R, 1e-6);
    check::<C64, f64>(D::F64R, 1e-14);
}

#[test]
fn rot_ex_matches_the_host_with_real_and_complex_c() {
    use Datatype as D;
    fn check<X: El, S: El>(exec: Datatype, tol: f64) {
        let mut r = rand::rngs::StdRng::seed_from_u64(9);
        let (n, incx, incy) = (10usize, 1i64, -2i64);
        let x0: Vec<X> = values(&mut r, len(n, incx));
        let y0: Vec<X> = values(&mut r, len(n, incy));
        let (dx, dy) = (
            DeviceBuffer::from_slice(&x0).unwrap(),
            DeviceBuffer::from_slice(&y0).unwrap(),
        );
        let c = S::from_c(C64::new(0.5, 0.25));
        let s = S::from_c(C64::new(-1.5, 0.75));
        let blas = Handle::new().unwrap();
        let a = RotEx {
            n: n as i64,
            x: one(dx.as_ptr().cast()),
            x_type: X::TYPE,
            incx,
            y: one(dy.as_ptr().cast()),
            y_type: X::TYPE,
            incy,
            c: (&c as *const S).cast(),
            s: (&s as *const S).cast(),
            cs_type: S::TYPE,
            batch_count: 1,
            execution_type: exec,
        };
        // SAFETY: c and s live across the call; the buffers cover the vectors.
        unsafe { rot_ex(&blas, PointerMode::Host, &a) }.expect("rot_ex");
        let (x, y) = (dx.to_vec().unwrap(), dy.to_vec().unwrap());
        let (c, s) = (c.to_c(), s.to_c());
        for i in 0..n {
            let (xi, yi) = (x0[at(i, n, incx)].to_c(), y0[at(i, n, incy)].to_c());
            near(
                "rot_ex x",
                x[at(i, n, incx)].to_c(),
                X::from_c(c * xi + s * yi).to_c(),
                tol,
            );
            near(
                "rot_ex y",
                y[at(i, n, incy)].to_c(),
                X::from_c(c * yi - s.conj() * xi).to_c(),
                tol,
            );
        }
    }
    check::<bf16, bf16>(D::F32R, 1e-2);
    check::<f16, f16>(D::F32R, 1e-3);
    check::<f32, f32>(D::F32R, 1e-6);
    check::<f64, f64>(D::F64R, 1e-14);
    check::<C32, C32>(D::F32C, 1e-6);
    check::<C32, f32>(D::F32C, 1e-6);
    check::<C64, C64>(D::F64C, 1e-14);
    check::<C64, f64>(D::F64C, 1e-14);
}

#[test]
fn trsm_ex_solves_in_the_compute_type() {
    let (m, n, lda, ldb) = (4usize, 3usize, 5usize, 6usize);
    let mut r = rand::rngs::StdRng::seed_from_u64(21);
    let mut a: Vec<f64> = (0..lda * m).map(|_| r.gen_range(-1.0..1.0)).collect();
    for i in 0..m {
        a[i + i * lda] += 4.0;
    }
    let b0: Vec<f64> = (0..ldb * n).map(|_| r.gen_range(-1.0..1.0)).collect();
    let (da, db) = (
        DeviceBuffer::from_slice(&a).unwrap(),
        DeviceBuffer::from_slice(&b0).unwrap(),
    );
    let alpha = 2.0f64;
    let blas = Handle::new().unwrap();
    let mut t = TrsmEx {
        side: Side::Left,
        uplo: Fill::Lower,
        trans_a: Operation::None,
        diag: Diagonal::NonUnit,
        m: m as i64,
        n: n as i64,
        alpha: (&alpha as *const f64).cast(),
        a: one(da.as_ptr().cast()),
        lda: lda as i64,
        b: one(db.as_ptr().cast()),
        ldb: ldb as i64,
        batch_count: 1,
        compute_type: Datatype::F64R,
    };
    // SAFETY: alpha lives across the call; the buffers cover A and B.
    unsafe { trsm_ex(&blas, PointerMode::Host, &t) }.expect("trsm_ex");
    let x = db.to_vec().unwrap();
    for j in 0..n {
        for i in 0..m {
            let s: f64 = (0..=i).map(|k| a[i + k * lda] * x[k + j * ldb]).sum();
            assert!(
                (s - alpha * b0[i + j * ldb]).abs() < 1e-12,
                "L X = alpha B at {i},{j}"
            );
        }
    }
    t.compute_type = Datatype::F16R;
    // SAFETY: refused before anything is read.
    let e = unsafe { trsm_ex(&blas, PointerMode::Host, &t) }.unwrap_err();
    assert_eq!(e.status, Status::NotImplemented);
}

#[test]
fn refused_combinations_and_bad_pointers_get_rocblas_statuses() {
    use Datatype as D;
    let blas = Handle::new().unwrap();
    let buf = DeviceBuffer::<f64>::new(8).unwrap();
    let p = buf.as_ptr() as *mut u8;
    let alpha = 1.0f64;
    let axpy = |alpha_type, x_type, y_type, exec, alpha: *const u8, x: *mut u8| AxpyEx {
        n: 4,
        alpha,
        alpha_type,
        x: one(x),
        x_type,
        incx: 1,
        y: one(p),
        y_type,
        incy: 1,
        batch_count: 1,
        execution_type: exec,
    };
    let a: *const u8 = (&alpha as *const f64).cast();
    let status = |c: &AxpyEx| {
        // SAFETY: refused calls read nothing; good ones cover 4 f64.
        unsafe { axpy_ex(&blas, PointerMode::Host, c) }.map_err(|e| e.status)
    };
    assert_eq!(
        status(&axpy(D::F64R, D::F64R, D::F64R, D::F64R, a, p)),
        Ok(())
    );
    for bad in [
        axpy(D::F64R, D::F32R, D::F32R, D::F32R, a, p),
        axpy(D::F64R, D::F64R, D::F32R, D::F64R, a, p),
        axpy(D::F16R, D::F16R, D::F16R, D::F64R, a, p),
        axpy(D::I8R, D::I8R, D::I8R, D::I32R, a, p),
    ] {
        assert_eq!(status(&bad), Err(Status::NotImplemented));
    }
    assert_eq!(
        status(&axpy(
            D::F64R,
            D::F64R,
            D::F64R,
            D::F64R,
            std::ptr::null(),
            p
        )),
        Err(Status::InvalidPointer)
    );
    assert_eq!(
        status(&axpy(
            D::F64R,
            D::F64R,
            D::F64R,
            D::F64R,
            a,
            std::ptr::null_mut()
        )),
        Err(Status::InvalidPointer)
    );
    // Nothing to do: success before the types are looked at.
    let mut empty = axpy(D::I8R, D::I8R, D::I8R, D::I8R, a, p);
    empty.n = 0;
    assert_eq!(status(&empty), Ok(()));

    let mut out = 0.0f64;
    let dot = |result: *mut u8, result_type, exec| DotEx {
        n: 4,
        x: one(p),
        x_type: D::F64R,
        incx: 1,
        y: one(p),
        y_type: D::F64R,
        incy: 1,
        batch_count: 1,
        result,
        result_type,
        execution_type: exec,
    };
    let r: *mut u8 = (&mut out as *mut f64).cast();
    let st = |d: &DotEx| {
        // SAFETY: refused calls read nothing; `out` holds the one result.
        unsafe { dot_ex::<_, false>(&blas, PointerMode::Host, d) }.map_err(|e| e.status)
    };
    assert_eq!(st(&dot(r, D::F32R, D::F64R)), Err(Status::NotImplemented));
    assert_eq!(
        st(&dot(std::ptr::null_mut(), D::F64R, D::F64R)),
        Err(Status::InvalidPointer)
    );
    let nrm = Nrm2Ex {
        n: 4,
        x: one(p),
        x_type: D::F32C,
        incx: 1,
        batch_count: 1,
        result: r,
        result_type: D::F32C,
        execution_type: D::F32R,
    };
    // SAFETY: refused before anything is read.
    let e = unsafe { nrm2_ex(&blas, PointerMode::Host, &nrm) }.unwrap_err();
    assert_eq!(e.status, Status::NotImplemented);
    let rot = RotEx {
        n: 4,
        x: one(p),
        x_type: D::F32R,
        incx: 1,
        y: one(p),
        y_type: D::F32R,
        incy: 1,
        c: a,
        s: a,
        cs_type: D::F32C,
        batch_count: 1,
        execution_type: D::F32R,
    };
    // SAFETY: as above.
    let e = unsafe { rot_ex(&blas, PointerMode::Host, &rot) }.unwrap_err();
    assert_eq!(e.status, Status::NotImplemented);
    let scal = ScalEx {
        n: 4,
        alpha: a,
        alpha_type: D::F64R,
        x: one(p),
        x_type: D::F32C,
        incx: 1,
        batch_count: 1,
        execution_type: D::F32C,
    };
    // SAFETY: as above.
    let e = unsafe { scal_ex(&blas, PointerMode::Host, &scal) }.unwrap_err();
    assert_eq!(e.status, Status::NotImplemented);
}
