//! Elementwise kernels over int, float, double, mixed and vector types.

use crate::common::*;
use rand::Rng;

kernel_module!(module, "elementwise.hip");

const SIZES: [usize; 3] = [1, 1000, 4099];

#[test]
fn vec_add_i32() {
    let _device = shared_device();
    let f = function(module(), "vec_add_i32");
    for (k, n) in SIZES.into_iter().enumerate() {
        let seed = 100 + k as u64;
        let mut r = rng(seed);
        let a: Vec<i32> = (0..n).map(|_| r.gen_range(-1_000_000..1_000_000)).collect();
        let b: Vec<i32> = (0..n).map(|_| r.gen_range(-1_000_000..1_000_000)).collect();
        let want: Vec<i32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
        let (da, db) = (upload(&a), upload(&b));
        for shape in shapes_1d(n) {
            let out = poisoned::<i32>(n);
            let what = format!("vec_add_i32 seed={seed} n={n} {shape:?}");
            launch(&f, shape, 0, &[&out, &da, &db, &(n as i32)], &what);
            check_eq(&download(&out), &want, &what);
        }
    }
}

/// `a * x + y` may be contracted into a fused multiply-add on the device; both roundings are
/// correct, anything else is not.
fn axpy_ok_f32(got: f32, a: f32, x: f32, y: f32) -> bool {
    got == a * x + y || got == a.mul_add(x, y)
}

#[test]
fn saxpy_f32() {
    let _device = shared_device();
    let f = function(module(), "saxpy_f32");
    for (k, n) in SIZES.into_iter().enumerate() {
        let seed = 110 + k as u64;
        let mut r = rng(seed);
        let x: Vec<f32> = (0..n).map(|_| r.gen_range(-100.0..100.0)).collect();
        let y: Vec<f32> = (0..n).map(|_| r.gen_range(-100.0..100.0)).collect();
        let a = 1.7f32;
        let (dx, dy) = (upload(&x), upload(&y));
        for shape in shapes_1d(n) {
            let out = poisoned::<f32>(n);
            let what = format!("saxpy_f32 seed={seed} n={n} {shape:?}");
            launch(&f, shape, 0, &[&out, &dx, &dy, &a, &(n as i32)], &what);
            let got = download(&out);
            for i in 0..n {
                assert!(
                    axpy_ok_f32(got[i], a, x[i], y[i]),
                    "{what}: [{i}] got {} want {}",
                    got[i],
                    a * x[i] + y[i]
                );
            }
        }
    }
}

#[test]
fn daxpy_f64() {
    let _device = shared_device();
    let f = function(module(), "daxpy_f64");
    for (k, n) in SIZES.into_iter().enumerate() {
        let seed = 120 + k as u64;
        let mut r = rng(seed);
        let x: Vec<f64> = (0..n).map(|_| r.gen_range(-1e6..1e6)).collect();
        let y: Vec<f64> = (0..n).map(|_| r.gen_range(-1e6..1e6)).collect();
        let a = -0.3f64;
        let (dx, dy) = (upload(&x), upload(&y));
        for shape in shapes_1d(n) {
            let out = poisoned::<f64>(n);
            let what = format!("daxpy_f64 seed={seed} n={n} {shape:?}");
            launch(&f, shape, 0, &[&out, &dx, &dy, &a, &(n as i32)], &what);
            let got = download(&out);
            for i in 0..n {
                let ok = got[i] == a * x[i] + y[i] || got[i] == a.mul_add(x[i], y[i]);
                assert!(ok, "{what}: [{i}] got {} want {}", got[i], a * x[i] + y[i]);
            }
        }
    }
}

#[test]
fn mixed_types() {
    let _device = shared_device();
    let f = function(module(), "mixed_types");
    let n = 2049;
    let seed = 130;
    let mut r = rng(seed);
    let fl: Vec<f32> = (0..n).map(|_| r.gen_range(-1000.0..1000.0)).collect();
    let k: Vec<i32> = (0..n).map(|_| r.gen_range(-50_000..50_000)).collect();
    let b: Vec<u8> = (0..n).map(|_| r.gen()).collect();
    let l: Vec<i64> = (0..n)
        .map(|_| r.gen_range(-(1i64 << 33)..(1i64 << 33)))
        .collect();
    let want_d: Vec<f64> = (0..n)
        .map(|i| f64::from(fl[i]) * f64::from(k[i]) + f64::from(b[i]))
        .collect();
    let want_i: Vec<i32> = (0..n)
        .map(|i| (fl[i] as i32) + ((l[i] >> 3) as i32) - i32::from(b[i]))
        .collect();
    let (dfl, dk, db, dl) = (upload(&fl), upload(&k), upload(&b), upload(&l));
    for shape in shapes_1d(n) {
        let (od, oi) = (poisoned::<f64>(n), poisoned::<i32>(n));
        let what = format!("mixed_types seed={seed} n={n} {shape:?}");
        launch(
            &f,
            shape,
            0,
            &[&od, &oi, &dfl, &dk, &db, &dl, &(n as i32)],
            &what,
        );
        let got_d = download(&od);
        for i in 0..n {
            // The product is exact in double; only the final add rounds (fma or not).
            let fused = (f64::from(fl[i]) * f64::from(k[i])).mul_add(1.0, f64::from(b[i]));
            assert!(
                got_d[i] == want_d[i] || got_d[i] == fused,
                "{what}: out_d[{i}] got {} want {}",
                got_d[i],
                want_d[i]
            );
        }
        check_eq(&download(&oi), &want_i, &what);
    }
}

#[test]
fn float4_ops() {
    let _device = shared_device();
    let f = function(module(), "float4_ops");
    let n = 1500;
    let seed = 140;
    let mut r = rng(seed);
    let v: Vec<[f32; 4]> = (0..n)
        .map(|_| [0; 4].map(|_: i32| r.gen_range(-10.0f32..10.0)))
        .collect();
    let s = 2.5f32;
    let want: Vec<[f32; 4]> = v
        .iter()
        .map(|q| [q[0] * s, q[1] + s, q[2] - s, q[3] * q[0]])
        .collect();
    let dv = upload(&v);
    for shape in shapes_1d(n) {
        let out = poisoned::<[f32; 4]>(n);
        let what = format!("float4_ops seed={seed} n={n} {shape:?}");
        launch(&f, shape, 0, &[&out, &dv, &s, &(n as i32)], &what);
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn u64_hash() {
    let _device = shared_device();
    let f = function(module(), "u64_hash");
    let n = 3000;
    let seed = 150;
    let mut r = rng(seed);
    let a: Vec<u64> = (0..n).map(|_| r.gen()).collect();
    let want: Vec<u64> = a
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let mut v = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            v ^= v >> 29;
            v.wrapping_add(i as u64)
        })
        .collect();
    let da = upload(&a);
    for shape in shapes_1d(n) {
        let out = poisoned::<u64>(n);
        let what = format!("u64_hash seed={seed} n={n} {shape:?}");
        launch(&f, shape, 0, &[&out, &da, &(n as i32)], &what);
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn small_int_arguments() {
    let _device = shared_device();
    let f = function(module(), "small_ints");
    let n = 777;
    let seed = 160;
    let mut r = rng(seed);
    let a: Vec<i8> = (0..n).map(|_| r.gen()).collect();
    for (k, s) in [(3i8, 1000i16), (-7, -12345), (127, 1)] {
        // C promotes to int, then the store truncates modulo 2^8 / 2^16.
        let want8: Vec<i8> = a
            .iter()
            .map(|&x| (i32::from(x) * i32::from(k) + i32::from(s)) as i8)
            .collect();
        let want16: Vec<i16> = a
            .iter()
            .map(|&x| (i32::from(x) * i32::from(s) - i32::from(k)) as i16)
            .collect();
        let da = upload(&a);
        for shape in shapes_1d(n) {
            let (o8, o16) = (poisoned::<i8>(n), poisoned::<i16>(n));
            let what = format!("small_ints seed={seed} k={k} s={s} {shape:?}");
            launch(&f, shape, 0, &[&o8, &o16, &da, &k, &s, &(n as i32)], &what);
            check_eq(&download(&o8), &want8, &what);
            check_eq(&download(&o16), &want16, &what);
        }
    }
}
