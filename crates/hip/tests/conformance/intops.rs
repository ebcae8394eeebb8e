//! Integer semantics: division and remainder with negative operands, shifts, bit counts.

use crate::common::*;
use rand::Rng;

kernel_module!(module, "intops.hip");

const N: usize = 2500;

/// Random values with the edge cases (0, ±1, extremes) mixed in.
macro_rules! edgy {
    ($r:expr, $t:ty, $extra:expr) => {{
        let edges: Vec<$t> = $extra;
        (0..N)
            .map(|i| {
                if i < edges.len() {
                    edges[i]
                } else if $r.gen_bool(0.3) {
                    $r.gen_range(-100i64..100) as $t
                } else {
                    $r.gen()
                }
            })
            .collect::<Vec<$t>>()
    }};
}

macro_rules! divmod_test {
    ($test:ident, $kernel:literal, $t:ty, $edges_a:expr, $seed:expr) => {
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            let seed: u64 = $seed;
            let mut r = rng(seed);
            let a = edgy!(r, $t, $edges_a);
            // Divisors: never zero; never -1 with the minimum dividend (overflow in C).
            let b: Vec<$t> = edgy!(r, $t, vec![1 as $t, 3 as $t, 7 as $t, <$t>::MAX])
                .into_iter()
                .enumerate()
                .map(|(i, d)| {
                    if d == 0 || (a[i] == <$t>::MIN && d == (0 as $t).wrapping_sub(1)) {
                        5 as $t
                    } else {
                        d
                    }
                })
                .collect();
            let q: Vec<$t> = a.iter().zip(&b).map(|(x, y)| x / y).collect();
            let m: Vec<$t> = a.iter().zip(&b).map(|(x, y)| x % y).collect();
            let (da, db) = (upload(&a), upload(&b));
            for shape in shapes_1d(N) {
                let (oq, om) = (poisoned::<$t>(N), poisoned::<$t>(N));
                let what = format!("{} seed={seed} {shape:?}", $kernel);
                launch(&f, shape, 0, &[&oq, &om, &da, &db, &(N as i32)], &what);
                check_eq(&download(&oq), &q, &format!("{what}: quotient"));
                check_eq(&download(&om), &m, &format!("{what}: remainder"));
            }
        }
    };
}

divmod_test!(
    divmod_i32,
    "divmod_i32",
    i32,
    vec![-7, 7, -7, 7, i32::MIN, i32::MAX, 0, -1],
    700
);
divmod_test!(
    divmod_i64,
    "divmod_i64",
    i64,
    vec![-7, 7, -7, 7, i64::MIN, i64::MAX, 0, -1],
    701
);
divmod_test!(divmod_u32, "divmod_u32", u32, vec![7, 0, u32::MAX, 1], 702);
divmod_test!(divmod_u64, "divmod_u64", u64, vec![7, 0, u64::MAX, 1], 703);

#[test]
fn shifts_arithmetic_and_logical() {
    let _device = shared_device();
    let f = function(module(), "shifts");
    let seed = 710;
    let mut r = rng(seed);
    let a = edgy!(r, i32, vec![-1, i32::MIN, i32::MAX, 0, -2, 1]);
    let s: Vec<u32> = (0..N).map(|_| r.gen()).collect();
    let mut want = Vec::with_capacity(4 * N);
    for i in 0..N {
        let sh = s[i] & 31;
        want.push((a[i] as u32) << sh);
        want.push((a[i] >> sh) as u32);
        want.push((a[i] as u32) >> sh);
        want.push((((i64::from(a[i]) as u64) << (s[i] & 63)) >> 32) as u32);
    }
    let (da, ds) = (upload(&a), upload(&s));
    for shape in shapes_1d(N) {
        let out = poisoned::<u32>(4 * N);
        let what = format!("shifts seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&out, &da, &ds, &(N as i32)], &what);
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn popc_and_clz() {
    let _device = shared_device();
    let f = function(module(), "bit_counts");
    let seed = 720;
    let mut r = rng(seed);
    // Include 0 (clz = width) and single-bit values at every position.
    let a: Vec<u32> = (0..N)
        .map(|i| match i {
            0 => 0,
            1..=32 => 1u32 << (i - 1),
            _ => r.gen::<u32>() >> r.gen_range(0..32),
        })
        .collect();
    let b: Vec<u64> = (0..N)
        .map(|i| match i {
            0 => 0,
            1..=64 => 1u64 << (i - 1),
            _ => r.gen::<u64>() >> r.gen_range(0..64),
        })
        .collect();
    let mut want = Vec::with_capacity(4 * N);
    for i in 0..N {
        want.extend(
            [
                a[i].count_ones(),
                a[i].leading_zeros(),
                b[i].count_ones(),
                b[i].leading_zeros(),
            ]
            .map(|v| v as i32),
        );
    }
    let (da, db) = (upload(&a), upload(&b));
    for shape in shapes_1d(N) {
        let out = poisoned::<i32>(4 * N);
        let what = format!("bit_counts seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&out, &da, &db, &(N as i32)], &what);
        check_eq(
            &download(&out),
            &want,
            &format!("{what}: [popc, clz, popcll, clzll] per element"),
        );
    }
}
