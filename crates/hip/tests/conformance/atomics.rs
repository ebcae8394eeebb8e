//! Atomics on global and shared memory: final values and, where it matters, the old values
//! each work-item got back (they must form one valid serialisation of the updates).

use crate::common::*;
use rand::Rng;

kernel_module!(module, "atomics.hip");

const N: usize = 3000;

fn shapes() -> Vec<Shape> {
    shapes_1d(N)
}

/// Checks `olds` form a chain: sorted in update order, each old is the previous old combined
/// with the previous work-item's operand, starting at `init` and ending at `fin`.
fn check_chain<T: Copy + Ord + std::fmt::Debug>(
    init: T,
    fin: T,
    olds: &[T],
    vals: &[T],
    descending: bool,
    op: impl Fn(T, T) -> T,
    what: &str,
) {
    let mut pairs: Vec<(T, T)> = olds.iter().copied().zip(vals.iter().copied()).collect();
    pairs.sort();
    if descending {
        pairs.reverse();
    }
    let mut cur = init;
    for (k, &(old, val)) in pairs.iter().enumerate() {
        assert_eq!(
            old, cur,
            "{what}: update #{k} saw {old:?}, the chain says {cur:?}"
        );
        cur = op(cur, val);
    }
    assert_eq!(fin, cur, "{what}: final value");
}

macro_rules! add_sub_test {
    ($test:ident, $kernel:literal, $t:ty, $init:expr, $range:expr, $desc:expr, $op:expr, $seed:expr) => {
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            let seed: u64 = $seed;
            let mut r = rng(seed);
            let vals: Vec<$t> = (0..N).map(|_| r.gen_range($range)).collect();
            let dv = upload(&vals);
            for shape in shapes() {
                let init: $t = $init;
                let acc = upload(&[init]);
                let old = poisoned::<$t>(N);
                let what = format!("{} seed={seed} {shape:?}", $kernel);
                launch(&f, shape, 0, &[&acc, &old, &dv, &(N as i32)], &what);
                check_chain(
                    init,
                    download(&acc)[0],
                    &download(&old),
                    &vals,
                    $desc,
                    $op,
                    &what,
                );
            }
        }
    };
}

add_sub_test!(
    atomic_add_i32,
    "atomic_add_i32",
    i32,
    -1_000_000,
    1..1000,
    false,
    |a: i32, b| a + b,
    400
);
add_sub_test!(
    atomic_add_u32,
    "atomic_add_u32",
    u32,
    17,
    1..1_000_000,
    false,
    |a: u32, b| a + b,
    401
);
add_sub_test!(
    atomic_add_u64,
    "atomic_add_u64",
    u64,
    1 << 40,
    1..(1u64 << 40),
    false,
    |a: u64, b| a + b,
    402
);
add_sub_test!(
    atomic_sub_i32,
    "atomic_sub_i32",
    i32,
    5,
    1..1000,
    true,
    |a: i32, b| a - b,
    403
);
add_sub_test!(
    atomic_sub_u32,
    "atomic_sub_u32",
    u32,
    4_000_000_000,
    1..1_000_000,
    true,
    |a: u32, b| a - b,
    404
);

/// Float atomics with integer-valued operands: every partial sum is exact, so the chain check
/// works on the integer values.
macro_rules! float_add_test {
    ($test:ident, $kernel:literal, $t:ty, $seed:expr) => {
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            let seed: u64 = $seed;
            let mut r = rng(seed);
            let ints: Vec<i64> = (0..N).map(|_| r.gen_range(1..16)).collect();
            let vals: Vec<$t> = ints.iter().map(|&v| v as $t).collect();
            let dv = upload(&vals);
            for shape in shapes() {
                let acc = upload(&[0.5 as $t]);
                let old = poisoned::<$t>(N);
                let what = format!("{} seed={seed} {shape:?}", $kernel);
                launch(&f, shape, 0, &[&acc, &old, &dv, &(N as i32)], &what);
                // Scale by 2 so the initial 0.5 is an integer too.
                let as_int = |x: $t| {
                    assert_eq!((x * 2.0).fract(), 0.0, "{what}: {x} is not a partial sum");
                    (x * 2.0) as i64
                };
                let olds: Vec<i64> = download(&old).into_iter().map(as_int).collect();
                let doubled: Vec<i64> = ints.iter().map(|v| v * 2).collect();
                check_chain(
                    1,
                    as_int(download(&acc)[0]),
                    &olds,
                    &doubled,
                    false,
                    |a, b| a + b,
                    &what,
                );
            }
        }
    };
}

float_add_test!(atomic_add_f32, "atomic_add_f32", f32, 405);
float_add_test!(atomic_add_f64, "atomic_add_f64", f64, 406);

macro_rules! exch_test {
    ($test:ident, $kernel:literal, $t:ty, $value:expr) => {
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            let value = $value;
            for shape in shapes() {
                let init: $t = 0;
                let acc = upload(&[init]);
                let old = poisoned::<$t>(N);
                let what = format!("{} {shape:?}", $kernel);
                launch(&f, shape, 0, &[&acc, &old, &(N as i32)], &what);
                let mut seen = download(&old);
                seen.push(download(&acc)[0]);
                seen.sort();
                let mut want: Vec<$t> = (0..N).map(value).collect();
                want.push(init);
                want.sort();
                check_eq(&seen, &want, &format!("{what}: old values + final"));
            }
        }
    };
}

exch_test!(atomic_exch_i32, "atomic_exch_i32", i32, |i: usize| i as i32
    + 1);
exch_test!(atomic_exch_u32, "atomic_exch_u32", u32, |i: usize| i as u32
    + 1);
exch_test!(atomic_exch_u64, "atomic_exch_u64", u64, |i: usize| ((i
    as u64)
    << 33)
    + 1);

macro_rules! minmax_test {
    ($test:ident, $kernel:literal, $t:ty, $range:expr, $seed:expr) => {
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            let seed: u64 = $seed;
            let mut r = rng(seed);
            let vals: Vec<$t> = (0..N).map(|_| r.gen_range($range)).collect();
            let dv = upload(&vals);
            let (lo, hi) = (
                *vals.iter().min().unwrap_or(&0),
                *vals.iter().max().unwrap_or(&0),
            );
            // Start strictly inside the range so both atomics have work to do.
            let init: $t = vals[0];
            for shape in shapes() {
                let (mn, mx) = (upload(&[init]), upload(&[init]));
                let (omn, omx) = (poisoned::<$t>(N), poisoned::<$t>(N));
                let what = format!("{} seed={seed} {shape:?}", $kernel);
                launch(
                    &f,
                    shape,
                    0,
                    &[&mn, &mx, &omn, &omx, &dv, &(N as i32)],
                    &what,
                );
                assert_eq!(download(&mn)[0], lo.min(init), "{what}: min");
                assert_eq!(download(&mx)[0], hi.max(init), "{what}: max");
                let allowed: std::collections::HashSet<$t> =
                    vals.iter().copied().chain([init]).collect();
                for (i, (a, b)) in download(&omn).into_iter().zip(download(&omx)).enumerate() {
                    assert!(
                        allowed.contains(&a) && a <= init && a >= lo,
                        "{what}: old min [{i}] = {a:?}"
                    );
                    assert!(
                        allowed.contains(&b) && b >= init && b <= hi,
                        "{what}: old max [{i}] = {b:?}"
                    );
                }
            }
        }
    };
}

minmax_test!(
    atomic_minmax_i32,
    "atomic_minmax_i32",
    i32,
    -1_000_000_000..1_000_000_000,
    410
);
minmax_test!(
    atomic_minmax_u32,
    "atomic_minmax_u32",
    u32,
    0..u32::MAX,
    411
);
minmax_test!(
    atomic_minmax_u64,
    "atomic_minmax_u64",
    u64,
    0..u64::MAX,
    412
);

/// atomicInc / atomicDec apply one fixed function, so the values seen are the host's walk
/// from the initial value, in some order.
fn check_walk(
    init: u32,
    limit: u32,
    step: impl Fn(u32, u32) -> u32,
    olds: Vec<u32>,
    fin: u32,
    what: &str,
) {
    let mut want = Vec::with_capacity(olds.len());
    let mut cur = init;
    for _ in 0..olds.len() {
        want.push(cur);
        cur = step(cur, limit);
    }
    assert_eq!(fin, cur, "{what}: final value");
    let mut got = olds;
    got.sort_unstable();
    want.sort_unstable();
    check_eq(&got, &want, &format!("{what}: old values"));
}

fn inc(old: u32, limit: u32) -> u32 {
    if old >= limit {
        0
    } else {
        old + 1
    }
}

fn dec(old: u32, limit: u32) -> u32 {
    if old == 0 || old > limit {
        limit
    } else {
        old - 1
    }
}

#[test]
fn atomic_inc_u32_wraps_at_limit() {
    let _device = shared_device();
    let f = function(module(), "atomic_inc_u32");
    for (init, limit) in [(5u32, 37u32), (0, 0), (10, u32::MAX), (100, 50)] {
        for shape in shapes() {
            let acc = upload(&[init]);
            let old = poisoned::<u32>(N);
            let what = format!("atomic_inc_u32 init={init} limit={limit} {shape:?}");
            launch(&f, shape, 0, &[&acc, &old, &limit, &(N as i32)], &what);
            check_walk(init, limit, inc, download(&old), download(&acc)[0], &what);
        }
    }
}

#[test]
fn atomic_dec_u32_wraps_at_zero() {
    let _device = shared_device();
    let f = function(module(), "atomic_dec_u32");
    for (init, limit) in [(5u32, 37u32), (0, 0), (3000, u32::MAX), (100, 50)] {
        for shape in shapes() {
            let acc = upload(&[init]);
            let old = poisoned::<u32>(N);
            let what = format!("atomic_dec_u32 init={init} limit={limit} {shape:?}");
            launch(&f, shape, 0, &[&acc, &old, &limit, &(N as i32)], &what);
            check_walk(init, limit, dec, download(&old), download(&acc)[0], &what);
        }
    }
}

macro_rules! cas_test {
    ($test:ident, $kernel:literal, $t:ty) => {
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            for shape in shapes() {
                let counter = filled::<$t>(1, 0);
                let tickets = poisoned::<$t>(N);
                let what = format!("{} {shape:?}", $kernel);
                launch(&f, shape, 0, &[&counter, &tickets, &(N as i32)], &what);
                assert_eq!(download(&counter)[0], N as $t, "{what}: final counter");
                let mut got = download(&tickets);
                got.sort();
                check_eq(
                    &got,
                    &(0..N as $t).collect::<Vec<_>>(),
                    &format!("{what}: tickets"),
                );
            }
        }
    };
}

cas_test!(atomic_cas_i32, "atomic_cas_i32", i32);
cas_test!(atomic_cas_u32, "atomic_cas_u32", u32);
cas_test!(atomic_cas_u64, "atomic_cas_u64", u64);

macro_rules! bitwise_test {
    ($test:ident, $kernel:literal, $t:ty, $bits:expr, $seed:expr) => {
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            let seed: u64 = $seed;
            let mut r = rng(seed);
            for n in [1usize, 20, N] {
                let vals: Vec<$t> = (0..n).map(|_| r.gen()).collect();
                let dv = upload(&vals);
                let xor_init: $t = r.gen();
                let mut or_want: $t = 0;
                for i in 0..n {
                    or_want |= (1u64 << (i % $bits)) as $t;
                }
                let want = [or_want, !or_want, vals.iter().fold(xor_init, |a, &b| a ^ b)];
                for shape in shapes_1d(n) {
                    let acc = upload(&[0 as $t, !(0 as $t), xor_init]);
                    let what = format!("{} seed={seed} n={n} {shape:?}", $kernel);
                    launch(&f, shape, 0, &[&acc, &dv, &(n as i32)], &what);
                    check_eq(&download(&acc), &want, &format!("{what}: [or, and, xor]"));
                }
            }
        }
    };
}

bitwise_test!(atomic_bitwise_i32, "atomic_bitwise_i32", i32, 32, 420);
bitwise_test!(atomic_bitwise_u32, "atomic_bitwise_u32", u32, 32, 421);
bitwise_test!(atomic_bitwise_u64, "atomic_bitwise_u64", u64, 64, 422);

#[test]
fn atomic_shared_memory_rank() {
    let _device = shared_device();
    let f = function(module(), "atomic_shared_rank");
    for shape in shapes() {
        let ((g, _, _), (b, _, _)) = shape;
        let count = poisoned::<u32>(g as usize);
        let rank = poisoned::<u32>(N);
        let what = format!("atomic_shared_rank {shape:?}");
        launch(&f, shape, 0, &[&count, &rank, &(N as i32)], &what);
        check_eq(
            &download(&count),
            &vec![b; g as usize],
            &format!("{what}: per-block count"),
        );
        let ranks = download(&rank);
        for (blk, chunk) in ranks.chunks(b as usize).enumerate() {
            let mut c = chunk.to_vec();
            c.sort_unstable();
            c.dedup();
            assert_eq!(
                c.len(),
                chunk.len(),
                "{what}: block {blk} has repeated ranks"
            );
            assert!(
                c.iter().all(|&x| x < b),
                "{what}: block {blk} rank out of range: {c:?}"
            );
            if chunk.len() == b as usize {
                check_eq(&c, &(0..b).collect::<Vec<_>>(), &what);
            }
        }
    }
}

macro_rules! safe_unsafe_test {
    ($test:ident, $kernel:literal, $t:ty, $seed:expr) => {
        /// safeAtomic*/unsafeAtomic* add, min and max; whole numbers keep every sum exact.
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            let seed: u64 = $seed;
            let mut r = rng(seed);
            let vals: Vec<$t> = (0..N).map(|_| r.gen_range(-500i32..500) as $t).collect();
            let dv = upload(&vals);
            let sum: $t = vals.iter().sum();
            let lo = vals.iter().copied().fold(<$t>::INFINITY, <$t>::min);
            let hi = vals.iter().copied().fold(<$t>::NEG_INFINITY, <$t>::max);
            for shape in shapes() {
                let acc = upload(&[0.5 as $t, 0.5, 1e9, 1e9, -1e9, -1e9]);
                let what = format!("{} seed={seed} {shape:?}", $kernel);
                launch(&f, shape, 0, &[&acc, &dv, &(N as i32)], &what);
                let want = [sum + 0.5, sum + 0.5, lo, lo, hi, hi];
                assert_eq!(download(&acc), want, "{what}");
            }
        }
    };
}

safe_unsafe_test!(safe_and_unsafe_atomics_f32, "safe_unsafe_f32", f32, 430);
safe_unsafe_test!(safe_and_unsafe_atomics_f64, "safe_unsafe_f64", f64, 431);

macro_rules! cas_float_test {
    ($test:ident, $kernel:literal, $t:ty, $seed:expr) => {
        /// atomicCAS on floating point: a CAS-loop add of whole numbers (exact in any order).
        #[test]
        fn $test() {
            let _device = shared_device();
            let f = function(module(), $kernel);
            let seed: u64 = $seed;
            let mut r = rng(seed);
            let vals: Vec<$t> = (0..N).map(|_| r.gen_range(-500i32..500) as $t).collect();
            let dv = upload(&vals);
            let sum: $t = vals.iter().sum();
            for shape in shapes() {
                let acc = upload(&[0.25 as $t]);
                let what = format!("{} seed={seed} {shape:?}", $kernel);
                launch(&f, shape, 0, &[&acc, &dv, &(N as i32)], &what);
                assert_eq!(download(&acc)[0], sum + 0.25, "{what}");
            }
        }
    };
}

cas_float_test!(atomic_cas_add_f32, "atomic_cas_add_f32", f32, 432);
cas_float_test!(atomic_cas_add_f64, "atomic_cas_add_f64", f64, 433);
