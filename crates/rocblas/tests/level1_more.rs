//! rotg, rotmg and rotm: the rotations rotg and rotmg build checked by what they must do (zero
//! the second component, keep the norm), rotm against a host reference in f64 for every flag;
//! plain, strided and batched forms, host and device pointer modes, negative increments, and
//! the exact status of each bad argument.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::kernel::Ptr;
use rocblas::level1_more::{rotg, rotm, rotmg, Rotg, Rotm, Rotmg};
use rocblas::level3::Batch;
use rocblas::{Element, Handle, PointerMode, Status, C32, C64};

fn buf<T: Copy>(v: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(v).expect("device buffer")
}

fn tol<T: Element>() -> f64 {
    if matches!(T::PREFIX, "s" | "c") {
        1e-5
    } else {
        1e-13
    }
}

fn close(got: C64, want: C64, tol: f64) -> bool {
    (got - want).norm() <= tol * (1.0 + want.norm())
}

fn strided<T>(p: *const T, stride: usize) -> Batch<T> {
    Batch::Strided {
        base: Ptr(p),
        stride: stride as i64,
    }
}

// ---- rotg ----

/// Checks rotg's results for inputs (a, b): the rotation zeroes b and is unitary.
fn check_rotg<T: Element>(a: C64, b: C64, (r, z, c, s): (C64, C64, f64, C64), what: &str) {
    let t = tol::<T>();
    let complex = T::PREFIX != T::Real::PREFIX;
    assert!(
        close(C64::new(c * c, 0.0) + s * s.conj(), C64::new(1.0, 0.0), t),
        "{what}: c^2 + |s|^2"
    );
    assert!(close(c * a + s * b, r, t), "{what}: c a + s b = r ({r})");
    assert!(
        (c * b - s.conj() * a).norm() <= t * (1.0 + a.norm() + b.norm()),
        "{what}: -conj(s) a + c b = 0"
    );
    if complex {
        assert_eq!(z, b, "{what}: complex rotg leaves b");
    } else {
        // Reference BLAS: a and b both zero give c 1, s 0 and z 0.
        let want = if a.re == 0.0 && b.re == 0.0 {
            0.0
        } else if a.re.abs() > b.re.abs() {
            s.re
        } else if c != 0.0 {
            1.0 / c
        } else {
            1.0
        };
        assert!(
            close(z, C64::new(want, 0.0), t),
            "{what}: z {z}, want {want}"
        );
    }
}

fn rotg_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    let mut inputs: Vec<(T, T)> = vec![
        (T::ZERO, T::ZERO),
        (T::ZERO, T::ONE),
        (T::ONE, T::ZERO),
        (
            T::from_c64(C64::new(3.0, 1.0)),
            T::from_c64(C64::new(-4.0, 2.0)),
        ),
    ];
    for _ in 0..20 {
        let mut v = || T::from_c64(C64::new(r.gen_range(-5.0..5.0), r.gen_range(-5.0..5.0)));
        let (a, b) = (v(), v());
        inputs.push((a, b));
    }
    let what = |i: usize, form: &str| format!("{}rotg {form} input {i}", T::PREFIX);
    // Plain, host mode.
    for (i, &(a0, b0)) in inputs.iter().enumerate() {
        let (mut a, mut b, mut c, mut s) = (a0, b0, T::Real::ONE, T::ONE);
        let g = Rotg::<T> {
            a: Batch::one(std::ptr::addr_of_mut!(a).cast_const()),
            b: Batch::one(std::ptr::addr_of_mut!(b).cast_const()),
            c: Batch::one(std::ptr::addr_of_mut!(c).cast_const()),
            s: Batch::one(std::ptr::addr_of_mut!(s).cast_const()),
            batch_count: 1,
        };
        // SAFETY: the four scalars are live host memory; host mode waits for the kernel.
        unsafe { rotg(blas, PointerMode::Host, &g) }.expect("rotg");
        let out = (a.to_c64(), b.to_c64(), c.to_c64().re, s.to_c64());
        check_rotg::<T>(a0.to_c64(), b0.to_c64(), out, &what(i, "host"));
    }
    // Strided in device memory (stride 2), then batched (arrays of device pointers).
    let n = inputs.len();
    let a0: Vec<T> = inputs.iter().flat_map(|p| [p.0, T::ZERO]).collect();
    let b0: Vec<T> = inputs.iter().flat_map(|p| [p.1, T::ZERO]).collect();
    for arrays in [false, true] {
        let (da, db) = (buf(&a0), buf(&b0));
        let dc = buf(&vec![T::Real::ZERO; 2 * n]);
        let ds = buf(&vec![T::ZERO; 2 * n]);
        let list =
            |p: *const T| -> Vec<*const T> { (0..n).map(|i| p.wrapping_add(2 * i)).collect() };
        let (la, lb, ls) = (
            buf(&list(da.as_ptr())),
            buf(&list(db.as_ptr())),
            buf(&list(ds.as_ptr())),
        );
        let lc: Vec<*const T::Real> = (0..n)
            .map(|i| dc.as_ptr().wrapping_add(2 * i) as *const _)
            .collect();
        let lc = buf(&lc);
        let g = if arrays {
            Rotg::<T> {
                a: Batch::Array(Ptr(la.as_ptr())),
                b: Batch::Array(Ptr(lb.as_ptr())),
                c: Batch::Array(Ptr(lc.as_ptr())),
                s: Batch::Array(Ptr(ls.as_ptr())),
                batch_count: n as i64,
            }
        } else {
            Rotg::<T> {
                a: strided(da.as_ptr(), 2),
                b: strided(db.as_ptr(), 2),
                c: strided(dc.as_ptr(), 2),
                s: strided(ds.as_ptr(), 2),
                batch_count: n as i64,
            }
        };
        // SAFETY: the device buffers hold every member's scalars; they are read back after
        // the stream's work (to_vec synchronises).
        unsafe { rotg(blas, PointerMode::Device, &g) }.expect("rotg device");
        let (a, b) = (da.to_vec().expect("a"), db.to_vec().expect("b"));
        let (c, s) = (dc.to_vec().expect("c"), ds.to_vec().expect("s"));
        for i in 0..n {
            let out = (
                a[2 * i].to_c64(),
                b[2 * i].to_c64(),
                c[2 * i].to_c64().re,
                s[2 * i].to_c64(),
            );
            check_rotg::<T>(
                inputs[i].0.to_c64(),
                inputs[i].1.to_c64(),
                out,
                &what(i, "device"),
            );
            assert_eq!(a[2 * i + 1], T::ZERO, "rotg wrote between members");
        }
    }
}

#[test]
fn rotg_zeroes_b_in_every_type_and_form() {
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(3);
    rotg_all::<f32>(&blas, &mut r);
    rotg_all::<f64>(&blas, &mut r);
    rotg_all::<C32>(&blas, &mut r);
    rotg_all::<C64>(&blas, &mut r);
}

/// H of rotm's `param` (h11, h21, h12, h22), `None` for flag -2 (the identity).
fn h_of(p: &[f64]) -> Option<[f64; 4]> {
    let flag = p[0];
    if flag == -2.0 {
        None
    } else if flag < 0.0 {
        Some([p[1], p[2], p[3], p[4]])
    } else if flag == 0.0 {
        Some([1.0, p[2], p[3], 1.0])
    } else {
        Some([p[1], -1.0, 1.0, p[4]])
    }
}

// ---- rotmg ----

fn rotmg_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    let mut inputs: Vec<[f64; 4]> = vec![
        [1.0, 1.0, 1.0, 0.0],
        [-1.0, 2.0, 3.0, 4.0],
        [1e-9, 1.0, 1.0, 1.0],
        [1e9, 1.0, 1.0, 1.0],
        [2.0, 1e-9, 1.0, 1.0],
        [2.0, 3.0, 0.5, 4.0],
        [2.0, 3.0, 4.0, 0.5],
    ];
    for _ in 0..20 {
        inputs.push([
            r.gen_range(0.1..4.0),
            r.gen_range(0.1..4.0),
            r.gen_range(-3.0..3.0),
            r.gen_range(-3.0..3.0),
        ]);
    }
    let n = inputs.len();
    let v = |x: f64| T::from_c64(C64::new(x, 0.0));
    let get = |x: T| x.to_c64().re;
    let check = |i: usize, out: [f64; 3], p: &[f64], form: &str| {
        let [d1, d2, x1, y1] = inputs[i];
        let t = tol::<T>() * 100.0;
        let what = format!("{}rotmg {form} input {i} {:?}", T::PREFIX, inputs[i]);
        if d1 < 0.0 {
            assert_eq!(out, [0.0, 0.0, 0.0], "{what}");
            return;
        }
        if d2 * y1 == 0.0 {
            assert_eq!(p[0], -2.0, "{what}");
            return;
        }
        let [h11, h21, h12, h22] = h_of(p).unwrap_or([1.0, 0.0, 0.0, 1.0]);
        // H [x1; y1] = [x1'; 0], and d1' x1'^2 = d1 x1^2 + d2 y1^2.
        let second = h21 * x1 + h22 * y1;
        assert!(
            second.abs() <= t * (x1.abs() + y1.abs()) * (h21.abs() + h22.abs() + 1.0),
            "{what}: second {second}"
        );
        let first = h11 * x1 + h12 * y1;
        assert!(
            (first - out[2]).abs() <= t * (1.0 + first.abs()),
            "{what}: x1 {} vs {first}",
            out[2]
        );
        let (before, after) = (d1 * x1 * x1 + d2 * y1 * y1, out[0] * out[2] * out[2]);
        assert!(
            (before - after).abs() <= t * (1.0 + before),
            "{what}: {before} vs {after}"
        );
    };
    // Plain, host mode.
    for (i, input) in inputs.iter().enumerate() {
        let [d1, d2, x1, y1] = input.map(v);
        let (mut d1, mut d2, mut x1) = (d1, d2, x1);
        let mut param = [v(7.0); 5];
        let g = Rotmg::<T> {
            d1: Batch::one(std::ptr::addr_of_mut!(d1).cast_const()),
            d2: Batch::one(std::ptr::addr_of_mut!(d2).cast_const()),
            x1: Batch::one(std::ptr::addr_of_mut!(x1).cast_const()),
            y1: Batch::one(&y1),
            param: Batch::one(param.as_mut_ptr().cast_const()),
            batch_count: 1,
        };
        // SAFETY: live host scalars; host mode waits for the kernel.
        unsafe { rotmg(blas, PointerMode::Host, &g) }.expect("rotmg");
        let p = param.map(get);
        check(i, [get(d1), get(d2), get(x1)], &p, "host");
    }
    // Strided in device memory, params 6 apart; then batched.
    for arrays in [false, true] {
        let col = |k: usize| -> Vec<T> { inputs.iter().map(|x| v(x[k])).collect() };
        let (d1, d2, x1, y1) = (buf(&col(0)), buf(&col(1)), buf(&col(2)), buf(&col(3)));
        let param = buf(&vec![v(7.0); 6 * n]);
        let list =
            |p: *const T, s: usize| buf(&(0..n).map(|i| p.wrapping_add(s * i)).collect::<Vec<_>>());
        let lists = [
            list(d1.as_ptr(), 1),
            list(d2.as_ptr(), 1),
            list(x1.as_ptr(), 1),
            list(y1.as_ptr(), 1),
            list(param.as_ptr(), 6),
        ];
        let pick = |k: usize, p: *const T, s: usize| {
            if arrays {
                Batch::Array(Ptr(lists[k].as_ptr()))
            } else {
                strided(p, s)
            }
        };
        let g = Rotmg::<T> {
            d1: pick(0, d1.as_ptr(), 1),
            d2: pick(1, d2.as_ptr(), 1),
            x1: pick(2, x1.as_ptr(), 1),
            y1: pick(3, y1.as_ptr(), 1),
            param: pick(4, param.as_ptr(), 6),
            batch_count: n as i64,
        };
        // SAFETY: the device buffers hold every member; read back after the stream's work.
        unsafe { rotmg(blas, PointerMode::Device, &g) }.expect("rotmg device");
        let (d1, d2, x1) = (
            d1.to_vec().expect("d1"),
            d2.to_vec().expect("d2"),
            x1.to_vec().expect("x1"),
        );
        let param: Vec<f64> = param
            .to_vec()
            .expect("param")
            .into_iter()
            .map(get)
            .collect();
        for i in 0..n {
            check(
                i,
                [get(d1[i]), get(d2[i]), get(x1[i])],
                &param[6 * i..6 * i + 5],
                "device",
            );
            assert_eq!(param[6 * i + 5], 7.0, "rotmg wrote past param");
        }
    }
}

#[test]
fn rotmg_builds_a_rotation_that_zeroes_y1() {
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(4);
    rotmg_all::<f32>(&blas, &mut r);
    rotmg_all::<f64>(&blas, &mut r);
}

// ---- rotm ----

/// rotm on the host in f64: the vectors of n elements at steps incx, incy.
fn rotm_reference(n: usize, x: &mut [f64], incx: i64, y: &mut [f64], incy: i64, p: &[f64]) {
    let Some([h11, h21, h12, h22]) = h_of(p) else {
        return;
    };
    let at = |i: usize, inc: i64| {
        if inc < 0 {
            ((n - 1 - i) as i64 * -inc) as usize
        } else {
            (i as i64 * inc) as usize
        }
    };
    for i in 0..n {
        let (ix, iy) = (at(i, incx), at(i, incy));
        let (w, z) = (x[ix], y[iy]);
        x[ix] = w * h11 + z * h12;
        y[iy] = w * h21 + z * h22;
    }
}

fn rotm_all<T: Element>(blas: &Handle, r: &mut impl Rng) {
    let v = |x: f64| T::from_c64(C64::new(x, 0.0));
    let get = |x: T| x.to_c64().re;
    for flag in [-1.0, 0.0, 1.0, -2.0] {
        for (n, incx, incy) in [(1, 1, 1), (9, 2, -1), (70_000, 1, 1), (33, -3, 2)] {
            let len = |inc: i64| 1 + (n - 1) * inc.unsigned_abs() as usize;
            let (lx, ly) = (len(incx), len(incy));
            for (form, batch) in [("host", 1), ("device strided", 3), ("host batched", 2)] {
                let x0: Vec<T> = (0..lx * batch).map(|_| v(r.gen_range(-1.0..1.0))).collect();
                let y0: Vec<T> = (0..ly * batch).map(|_| v(r.gen_range(-1.0..1.0))).collect();
                let mut params = Vec::new();
                for _ in 0..batch {
                    params.push(v(flag));
                    params.extend((0..4).map(|_| v(r.gen_range(-2.0..2.0))));
                }
                let (dx, dy, dp) = (buf(&x0), buf(&y0), buf(&params));
                let list = |p: *const T, s: usize| {
                    buf(&(0..batch)
                        .map(|i| p.wrapping_add(s * i))
                        .collect::<Vec<_>>())
                };
                let (lx_, ly_, lp) = (
                    list(dx.as_ptr(), lx),
                    list(dy.as_ptr(), ly),
                    list(params.as_ptr(), 5),
                );
                let (g, mode) = match form {
                    "host" => (
                        Rotm {
                            n: n as i64,
                            x: Batch::one(dx.as_ptr()),
                            incx,
                            y: Batch::one(dy.as_ptr()),
                            incy,
                            param: Batch::one(params.as_ptr()),
                            batch_count: 1,
                        },
                        PointerMode::Host,
                    ),
                    "device strided" => (
                        Rotm {
                            n: n as i64,
                            x: strided(dx.as_ptr(), lx),
                            incx,
                            y: strided(dy.as_ptr(), ly),
                            incy,
                            param: strided(dp.as_ptr(), 5),
                            batch_count: batch as i64,
                        },
                        PointerMode::Device,
                    ),
                    _ => (
                        Rotm {
                            n: n as i64,
                            x: Batch::Array(Ptr(lx_.as_ptr())),
                            incx,
                            y: Batch::Array(Ptr(ly_.as_ptr())),
                            incy,
                            param: Batch::Array(Ptr(lp.as_ptr())),
                            batch_count: batch as i64,
                        },
                        PointerMode::Host,
                    ),
                };
                // SAFETY: the buffers cover every member's vectors and params; host params
                // outlive the call (it waits for the kernel when the kernel reads them).
                unsafe { rotm(blas, mode, &g) }.expect("rotm");
                let (gx, gy) = (dx.to_vec().expect("x"), dy.to_vec().expect("y"));
                for q in 0..batch {
                    let mut wx: Vec<f64> =
                        x0[q * lx..(q + 1) * lx].iter().map(|&e| get(e)).collect();
                    let mut wy: Vec<f64> =
                        y0[q * ly..(q + 1) * ly].iter().map(|&e| get(e)).collect();
                    let p: Vec<f64> = params[5 * q..5 * q + 5].iter().map(|&e| get(e)).collect();
                    rotm_reference(n, &mut wx, incx, &mut wy, incy, &p);
                    for (got, want) in gx[q * lx..(q + 1) * lx]
                        .iter()
                        .zip(&wx)
                        .chain(gy[q * ly..(q + 1) * ly].iter().zip(&wy))
                    {
                        assert!(
                            close(C64::new(get(*got), 0.0), C64::new(*want, 0.0), tol::<T>()),
                            "{}rotm flag {flag} n {n} incs {incx},{incy} {form} member {q}: got {}, want {want}",
                            T::PREFIX,
                            get(*got)
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn rotm_matches_the_reference_for_every_flag() {
    let blas = Handle::new().expect("handle");
    let mut r = rand::rngs::StdRng::seed_from_u64(6);
    rotm_all::<f32>(&blas, &mut r);
    rotm_all::<f64>(&blas, &mut r);
}

#[test]
fn rotations_reject_what_rocblas_rejects() {
    let blas = Handle::new().expect("handle");
    let host = PointerMode::Host;
    let st = |r: rocblas::Result<()>| r.err().map(|e| e.status);
    let null = Batch::one(std::ptr::null::<f64>());
    let mut s = [1.0f64; 8];
    let p = s.as_mut_ptr();
    let some = Batch::one(p as *const f64);
    // SAFETY: every call fails its checks or returns before touching memory, or (flag -2)
    // reads only the host param.
    unsafe {
        // rotg: a batch count of 0 first, then the pointers.
        let g = |a, b, c, s, batch_count| Rotg::<f64> {
            a,
            b,
            c,
            s,
            batch_count,
        };
        assert_eq!(st(rotg(&blas, host, &g(null, null, null, null, 0))), None);
        for k in 0..4 {
            let mut v = [some; 4];
            v[k] = null;
            assert_eq!(
                st(rotg(&blas, host, &g(v[0], v[1], v[2], v[3], 1))),
                Some(Status::InvalidPointer)
            );
        }
        // rotmg likewise.
        let m = |v: [Batch<f64>; 5], batch_count| Rotmg {
            d1: v[0],
            d2: v[1],
            x1: v[2],
            y1: v[3],
            param: v[4],
            batch_count,
        };
        assert_eq!(st(rotmg(&blas, host, &m([null; 5], -1))), None);
        for k in 0..5 {
            let mut v = [some; 5];
            v[k] = null;
            assert_eq!(
                st(rotmg(&blas, host, &m(v, 1))),
                Some(Status::InvalidPointer)
            );
        }
        // rotm: n 0 first, then param, then flag -2 (host), then x and y.
        let r = |n, x, y, param| Rotm {
            n,
            x,
            incx: 1,
            y,
            incy: 1,
            param,
            batch_count: 1,
        };
        assert_eq!(st(rotm(&blas, host, &r(0, null, null, null))), None);
        assert_eq!(
            st(rotm(&blas, host, &r(4, some, some, null))),
            Some(Status::InvalidPointer)
        );
        let identity = [-2.0f64, 0.0, 0.0, 0.0, 0.0];
        assert_eq!(
            st(rotm(
                &blas,
                host,
                &r(4, null, null, Batch::one(identity.as_ptr()))
            )),
            None
        );
        let full = [-1.0f64, 1.0, 0.0, 0.0, 1.0];
        assert_eq!(
            st(rotm(
                &blas,
                host,
                &r(4, null, some, Batch::one(full.as_ptr()))
            )),
            Some(Status::InvalidPointer)
        );
        assert_eq!(
            st(rotm(
                &blas,
                host,
                &r(4, some, null, Batch::one(full.as_ptr()))
            )),
            Some(Status::InvalidPointer)
        );
    }
    let _ = &mut s;
}
