//! Vector types: every type's layout (against Rust `repr(C)` structs and a plain C++ host
//! compile), constructors and make_*, and the operators of integer and floating vectors over
//! seeded random inputs, checked component by component against results computed here. The
//! same kernels compiled as plain C++ for the host (g++) must give the same bytes.

use crate::common::*;
use hip::{DeviceBuffer, KernelArg};
use rand::rngs::StdRng;
use rand::Rng;
use std::fmt::Debug;
use std::path::PathBuf;
use std::process::Command;

kernel_module!(module, "vectors.hip");

const N: usize = 700;

/// A few launch shapes for `n` elements: single work-items, an odd block with spare groups,
/// and a large block.
fn shapes(n: usize) -> Vec<Shape> {
    vec![
        ((blocks_for(n, 64), 1, 1), (64, 1, 1)),
        ((blocks_for(n, 7) + 2, 1, 1), (7, 1, 1)),
        ((blocks_for(n, 256), 1, 1), (256, 1, 1)),
    ]
}

// ---------------------------------------------------------------------------------------------
// Layout.

/// Rust's view of the HIP layouts: N elements of T, aligned as HIP aligns the type.
macro_rules! rust_vectors {
    ($($name:ident: $t:ty, $n:literal, $align:literal;)*) => {
        $(
            #[allow(dead_code)] // only its layout is used
            #[repr(C, align($align))]
            struct $name([$t; $n]);
        )*
        /// (name, size_of, align_of) of each Rust struct, in the kernel's order.
        fn rust_layouts() -> Vec<(&'static str, usize, usize)> {
            vec![$((stringify!($name), std::mem::size_of::<$name>(), std::mem::align_of::<$name>())),*]
        }
    };
}

rust_vectors! {
    Char1: i8, 1, 1; Char2: i8, 2, 2; Char3: i8, 3, 1; Char4: i8, 4, 4;
    Uchar1: u8, 1, 1; Uchar2: u8, 2, 2; Uchar3: u8, 3, 1; Uchar4: u8, 4, 4;
    Short1: i16, 1, 2; Short2: i16, 2, 4; Short3: i16, 3, 2; Short4: i16, 4, 8;
    Ushort1: u16, 1, 2; Ushort2: u16, 2, 4; Ushort3: u16, 3, 2; Ushort4: u16, 4, 8;
    Int1: i32, 1, 4; Int2: i32, 2, 8; Int3: i32, 3, 4; Int4: i32, 4, 16;
    Uint1: u32, 1, 4; Uint2: u32, 2, 8; Uint3: u32, 3, 4; Uint4: u32, 4, 16;
    Long1: i64, 1, 8; Long2: i64, 2, 16; Long3: i64, 3, 8; Long4: i64, 4, 32;
    Ulong1: u64, 1, 8; Ulong2: u64, 2, 16; Ulong3: u64, 3, 8; Ulong4: u64, 4, 32;
    Longlong1: i64, 1, 8; Longlong2: i64, 2, 16; Longlong3: i64, 3, 8; Longlong4: i64, 4, 32;
    Ulonglong1: u64, 1, 8; Ulonglong2: u64, 2, 16; Ulonglong3: u64, 3, 8; Ulonglong4: u64, 4, 32;
    Float1: f32, 1, 4; Float2: f32, 2, 8; Float3: f32, 3, 4; Float4: f32, 4, 16;
    Double1: f64, 1, 8; Double2: f64, 2, 16; Double3: f64, 3, 8; Double4: f64, 4, 32;
    Dim3: u32, 3, 4;
}

/// The kernel's table: per type, sizeof, alignof and the offsets of x, y, z, w (0 where the
/// type has no such component).
fn expected_layout_rows() -> Vec<[u64; 6]> {
    rust_layouts()
        .iter()
        .enumerate()
        .map(|(k, &(_, size, align))| {
            let n = if k == 48 { 3 } else { k % 4 + 1 };
            let elem = (size / n) as u64;
            let mut row = [size as u64, align as u64, 0, 0, 0, 0];
            for c in 1..n {
                row[2 + c] = elem * c as u64;
            }
            row
        })
        .collect()
}

#[test]
fn layouts_match_rust_and_hip() {
    let _device = shared_device();
    // HIP's rule, spelled out once more: 3 components are packed, the others aligned to size.
    for (k, &(name, size, align)) in rust_layouts().iter().enumerate().take(48) {
        let n = k % 4 + 1;
        let elem = size / n;
        let want_align = if n == 3 { elem } else { size };
        assert_eq!(align, want_align, "{name}: the Rust mirror itself");
    }
    let f = function(module(), "vec_layout");
    let out = filled::<u64>(49 * 6, 0);
    launch(&f, ((1, 1, 1), (1, 1, 1)), 0, &[&out], "vec_layout");
    let got = download(&out);
    let want = expected_layout_rows();
    for (k, (name, _, _)) in rust_layouts().iter().enumerate() {
        assert_eq!(
            &got[k * 6..k * 6 + 6],
            &want[k][..],
            "{name}: device [sizeof, alignof, offsets of x y z w]"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Integer vectors.

/// An integer element type and the C++ semantics the kernels rely on (wrapping in the element
/// type wherever the inputs allow C++ to define the result at all).
trait IntElem: Copy + PartialEq + Debug + KernelArg + 'static {
    const BITS: u32;
    const SIGNED: bool;
    fn from_i64(v: i64) -> Self;
    fn random(r: &mut StdRng) -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn rem(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn and(self, o: Self) -> Self;
    fn not(self) -> Self;
    fn neg(self) -> Self;
    fn shl(self, c: Self) -> Self;
    fn shr(self, c: Self) -> Self;
    fn is_zero(self) -> bool;
}

macro_rules! int_elem {
    ($t:ty, $signed:expr, $random:expr) => {
        impl IntElem for $t {
            const BITS: u32 = <$t>::BITS;
            const SIGNED: bool = $signed;
            fn from_i64(v: i64) -> Self {
                v as $t
            }
            fn random(r: &mut StdRng) -> Self {
                let f: fn(&mut StdRng) -> $t = $random;
                f(r)
            }
            fn add(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            fn sub(self, o: Self) -> Self {
                self.wrapping_sub(o)
            }
            fn mul(self, o: Self) -> Self {
                self.wrapping_mul(o)
            }
            fn div(self, o: Self) -> Self {
                self.wrapping_div(o)
            }
            fn rem(self, o: Self) -> Self {
                self.wrapping_rem(o)
            }
            fn xor(self, o: Self) -> Self {
                self ^ o
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn and(self, o: Self) -> Self {
                self & o
            }
            fn not(self) -> Self {
                !self
            }
            fn neg(self) -> Self {
                (0 as $t).wrapping_sub(self)
            }
            fn shl(self, c: Self) -> Self {
                self.wrapping_shl(c as u32)
            }
            fn shr(self, c: Self) -> Self {
                self.wrapping_shr(c as u32)
            }
            fn is_zero(self) -> bool {
                self == 0
            }
        }
    };
}

// 8- and 16-bit and unsigned types take any value (C++ computes them without overflow); the
// signed 32- and 64-bit ones stay small enough that no result overflows.
int_elem!(i8, true, |r| r.gen());
int_elem!(u8, false, |r| r.gen());
int_elem!(i16, true, |r| r.gen());
int_elem!(u16, false, |r| r.gen());
int_elem!(i32, true, |r| r.gen_range(-4096..4096));
int_elem!(u32, false, |r| r.gen());
int_elem!(i64, true, |r| r.gen_range(-4096..4096));
int_elem!(u64, false, |r| r.gen());

/// The 24 results of INT_OPS_BODY for one component.
fn int_ops_ref<T: IntElem>(x: T, y: T, c: T, s: T) -> [T; 24] {
    let m7f = T::from_i64(0x7f);
    let one = T::from_i64(1);
    let two = T::from_i64(2);
    let t18 = x.add(y).sub(s).mul(y).xor(x).or(c).and(y);
    let t19 = x.div(y).rem(s).and(T::from_i64(0x3f)).shl(c);
    let t20 = y.shr(c).shr(one);
    let before_plus_pre = x.add(x.add(two));
    let down = x.sub(x.add(two));
    [
        x.add(y),
        x.sub(y),
        x.mul(y),
        x.div(y),
        x.rem(y),
        x.xor(y),
        x.or(y),
        x.and(y),
        x.not(),
        x.and(m7f).shl(c),
        y.shr(c),
        x.add(s),
        s.sub(x),
        x.mul(s),
        s.div(y),
        x.rem(s),
        s.xor(x).or(y.and(s)),
        y.shr(one),
        t18,
        t19,
        t20,
        before_plus_pre,
        down,
        if T::SIGNED { x.neg() } else { x },
    ]
}

fn int_vector_test<T: IntElem>(kernel: &str, n_comp: usize, seed: u64) {
    let _device = shared_device();
    let f = function(module(), kernel);
    let mut r = rng(seed);
    let len = N * n_comp;
    let a: Vec<T> = (0..len).map(|_| T::random(&mut r)).collect();
    // b: no zero component (it divides).
    let b: Vec<T> = (0..len)
        .map(|_| loop {
            let v = T::random(&mut r);
            if !v.is_zero() {
                break v;
            }
        })
        .collect();
    // Shift counts: below the width; for signed 32/64-bit types low enough that a 7-bit value
    // shifted left stays positive.
    let max_shift = if T::SIGNED && T::BITS >= 32 {
        T::BITS - 8
    } else {
        T::BITS - 1
    };
    let k: Vec<T> = (0..len)
        .map(|_| T::from_i64(i64::from(r.gen_range(0..=max_shift))))
        .collect();
    let s = loop {
        let v = T::random(&mut r);
        if !v.is_zero() && v != T::from_i64(-1) {
            break v;
        }
    };
    let mut want = vec![T::from_i64(0); N * 24 * n_comp];
    for i in 0..N {
        for comp in 0..n_comp {
            let e = i * n_comp + comp;
            let res = int_ops_ref(a[e], b[e], k[e], s);
            for (slot, v) in res.iter().enumerate() {
                want[(i * 24 + slot) * n_comp + comp] = *v;
            }
        }
    }
    let (da, db, dk) = (upload(&a), upload(&b), upload(&k));
    for shape in shapes(N) {
        let out = poisoned::<T>(N * 24 * n_comp);
        let what = format!("{kernel} seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &db, &dk, &s, &out, &(N as i32)], &what);
        let got = download(&out);
        if got != want {
            let bad = (0..got.len()).find(|&j| got[j] != want[j]).unwrap_or(0);
            let (i, slot) = (bad / n_comp / 24, bad / n_comp % 24);
            let comp = bad % n_comp;
            let e = i * n_comp + comp;
            panic!(
                "{what}: element {i} result slot {slot} component {comp}: got {:?} want {:?} \
                 (x={:?} y={:?} shift={:?} s={s:?})",
                got[bad], want[bad], a[e], b[e], k[e]
            );
        }
    }
}

#[test]
fn char4_operators() {
    int_vector_test::<i8>("vec_char4_ops", 4, 0x7e01);
}
#[test]
fn uchar3_operators() {
    int_vector_test::<u8>("vec_uchar3_ops", 3, 0x7e02);
}
#[test]
fn short2_operators() {
    int_vector_test::<i16>("vec_short2_ops", 2, 0x7e03);
}
#[test]
fn ushort4_operators() {
    int_vector_test::<u16>("vec_ushort4_ops", 4, 0x7e04);
}
#[test]
fn int1_operators() {
    int_vector_test::<i32>("vec_int1_ops", 1, 0x7e05);
}
#[test]
fn int3_operators() {
    int_vector_test::<i32>("vec_int3_ops", 3, 0x7e06);
}
#[test]
fn int4_operators() {
    int_vector_test::<i32>("vec_int4_ops", 4, 0x7e07);
}
#[test]
fn uint2_operators() {
    int_vector_test::<u32>("vec_uint2_ops", 2, 0x7e08);
}
#[test]
fn uint4_operators() {
    int_vector_test::<u32>("vec_uint4_ops", 4, 0x7e09);
}
#[test]
fn long2_operators() {
    int_vector_test::<i64>("vec_long2_ops", 2, 0x7e0a);
}
#[test]
fn ulong3_operators() {
    int_vector_test::<u64>("vec_ulong3_ops", 3, 0x7e0b);
}
#[test]
fn longlong4_operators() {
    int_vector_test::<i64>("vec_longlong4_ops", 4, 0x7e0c);
}
#[test]
fn ulonglong1_operators() {
    int_vector_test::<u64>("vec_ulonglong1_ops", 1, 0x7e0d);
}

// ---------------------------------------------------------------------------------------------
// Floating vectors.

trait FloatElem:
    Copy
    + Debug
    + KernelArg
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Neg<Output = Self>
    + 'static
{
    fn one() -> Self;
    fn is_zero(self) -> bool;
    fn fma(self, b: Self, c: Self) -> Self;
    fn random(r: &mut StdRng) -> Self;
    fn same(self, o: Self) -> bool;
}

macro_rules! float_elem {
    ($t:ty, $bits:ty) => {
        impl FloatElem for $t {
            fn one() -> Self {
                1.0
            }
            fn is_zero(self) -> bool {
                self == 0.0
            }
            fn fma(self, b: Self, c: Self) -> Self {
                self.mul_add(b, c)
            }
            /// Normal magnitudes well away from overflow and subnormals, either sign, and some
            /// zeros (the divisions then make infinities and NaNs).
            fn random(r: &mut StdRng) -> Self {
                if r.gen_bool(0.03) {
                    return 0.0;
                }
                let m: $t = r.gen_range(1.0..10.0);
                let e = r.gen_range(-3..4);
                let v = m * (10.0 as $t).powi(e);
                if r.gen_bool(0.5) {
                    -v
                } else {
                    v
                }
            }
            fn same(self, o: Self) -> bool {
                self.to_bits() == o.to_bits() || (self.is_nan() && o.is_nan())
            }
        }
    };
}
float_elem!(f32, u32);
float_elem!(f64, u64);

/// The slot whose expression has a product followed by a subtraction: HIP compiles with
/// contraction on, so the device may fuse them (both roundings are right).
const FUSABLE_SLOT: usize = 11;

/// The fused alternative of FUSABLE_SLOT.
fn float_fused_ref<T: FloatElem>(x: T, y: T, s: T) -> T {
    (x + y).fma(s, -x) / y
}

/// Whether `got` is an acceptable result for `slot` of element inputs (x, y, s).
fn float_ok<T: FloatElem>(slot: usize, got: T, want: T, x: T, y: T, s: T) -> bool {
    got.same(want) || (slot == FUSABLE_SLOT && got.same(float_fused_ref(x, y, s)))
}

/// The 16 results of FLOAT_KERNEL for one component, rounded operation by operation.
fn float_ops_ref<T: FloatElem>(x: T, y: T, s: T) -> [T; 16] {
    let one = T::one();
    let t11 = (((x + y) * s) - x) / y;
    let t12 = (((y + s) - s) * s) / s;
    let r13 = x;
    let u1 = x + one;
    let r14 = u1 + one;
    let r15 = r14 - one;
    let u2 = r15 - one;
    [
        x + y,
        x - y,
        x * y,
        x / y,
        -x,
        y,
        x + s,
        s - x,
        y * s,
        s / y,
        x / s,
        t11,
        t12,
        r13,
        r14,
        r15 - u2,
    ]
}

fn float_vector_test<T: FloatElem>(kernel: &str, n_comp: usize, seed: u64) {
    let _device = shared_device();
    let f = function(module(), kernel);
    let mut r = rng(seed);
    let len = N * n_comp;
    let a: Vec<T> = (0..len).map(|_| T::random(&mut r)).collect();
    let b: Vec<T> = (0..len).map(|_| T::random(&mut r)).collect();
    let s = loop {
        let v = T::random(&mut r);
        if !v.is_zero() {
            break v;
        }
    };
    let mut want = vec![T::one(); N * 16 * n_comp];
    for i in 0..N {
        for comp in 0..n_comp {
            let e = i * n_comp + comp;
            let res = float_ops_ref(a[e], b[e], s);
            for (slot, v) in res.iter().enumerate() {
                want[(i * 16 + slot) * n_comp + comp] = *v;
            }
        }
    }
    let (da, db) = (upload(&a), upload(&b));
    for shape in shapes(N) {
        let out = poisoned::<T>(N * 16 * n_comp);
        let what = format!("{kernel} seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &db, &s, &out, &(N as i32)], &what);
        let got = download(&out);
        let ok = |j: usize| {
            let (i, slot) = (j / n_comp / 16, j / n_comp % 16);
            let e = i * n_comp + j % n_comp;
            float_ok(slot, got[j], want[j], a[e], b[e], s)
        };
        if let Some(bad) = (0..got.len()).find(|&j| !ok(j)) {
            let (i, slot) = (bad / n_comp / 16, bad / n_comp % 16);
            let e = i * n_comp + bad % n_comp;
            panic!(
                "{what}: element {i} result slot {slot} component {}: got {:?} want {:?} \
                 (x={:?} y={:?} s={s:?})",
                bad % n_comp,
                got[bad],
                want[bad],
                a[e],
                b[e]
            );
        }
    }
}

#[test]
fn float1_operators() {
    float_vector_test::<f32>("vec_float1_ops", 1, 0x7f01);
}
#[test]
fn float2_operators() {
    float_vector_test::<f32>("vec_float2_ops", 2, 0x7f02);
}
#[test]
fn float3_operators() {
    float_vector_test::<f32>("vec_float3_ops", 3, 0x7f03);
}
#[test]
fn float4_operators() {
    float_vector_test::<f32>("vec_float4_ops", 4, 0x7f04);
}
#[test]
fn double1_operators() {
    float_vector_test::<f64>("vec_double1_ops", 1, 0x7f05);
}
#[test]
fn double2_operators() {
    float_vector_test::<f64>("vec_double2_ops", 2, 0x7f06);
}
#[test]
fn double3_operators() {
    float_vector_test::<f64>("vec_double3_ops", 3, 0x7f07);
}
#[test]
fn double4_operators() {
    float_vector_test::<f64>("vec_double4_ops", 4, 0x7f08);
}

// ---------------------------------------------------------------------------------------------
// Comparisons.

/// Inputs for == and !=: y equal to x, equal but for one component, or unrelated; t sometimes
/// every component of x. `nan` (floats) goes into some components.
fn cmp_test<T: Copy + PartialEq + Debug + 'static>(
    kernel: &str,
    n_comp: usize,
    seed: u64,
    mut gen: impl FnMut(&mut StdRng) -> T,
    nan: Option<T>,
) {
    let _device = shared_device();
    let f = function(module(), kernel);
    let mut r = rng(seed);
    let mut a = Vec::with_capacity(N * n_comp);
    let mut b = Vec::with_capacity(N * n_comp);
    let mut s = Vec::with_capacity(N);
    for _ in 0..N {
        let t = gen(&mut r);
        let splat = r.gen_bool(0.3);
        let x: Vec<T> = (0..n_comp)
            .map(|_| if splat { t } else { gen(&mut r) })
            .collect();
        let mut y = x.clone();
        match r.gen_range(0..4) {
            0 => {}
            1 => {
                let c = r.gen_range(0..n_comp);
                y[c] = gen(&mut r);
            }
            2 => y.iter_mut().for_each(|v| *v = t),
            _ => y.iter_mut().for_each(|v| *v = gen(&mut r)),
        }
        let mut x = x;
        if let Some(nan) = nan {
            if r.gen_bool(0.1) {
                x[r.gen_range(0..n_comp)] = nan;
            }
            if r.gen_bool(0.1) {
                y[r.gen_range(0..n_comp)] = nan;
            }
        }
        a.extend(x);
        b.extend(y);
        s.push(t);
    }
    let eq = |u: &[T], v: &[T]| u.iter().zip(v).all(|(p, q)| p == q);
    let all = |u: &[T], t: T| u.iter().all(|p| *p == t);
    let mut want = Vec::with_capacity(N * 8);
    for i in 0..N {
        let x = &a[i * n_comp..(i + 1) * n_comp];
        let y = &b[i * n_comp..(i + 1) * n_comp];
        let t = s[i];
        want.extend(
            [
                eq(x, y),
                !eq(x, y),
                eq(x, x),
                !eq(y, y),
                all(x, t),
                all(y, t),
                !all(x, t),
                !all(y, t),
            ]
            .map(i32::from),
        );
    }
    let (da, db, ds) = (upload(&a), upload(&b), upload(&s));
    for shape in shapes(N) {
        let out = poisoned::<i32>(N * 8);
        let what = format!("{kernel} seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &db, &ds, &out, &(N as i32)], &what);
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn float4_comparisons() {
    cmp_test::<f32>(
        "vec_float4_cmp",
        4,
        0x7c01,
        |r| f32::from(r.gen_range(-3i8..3)) * 0.5,
        Some(f32::NAN),
    );
}
#[test]
fn double2_comparisons() {
    cmp_test::<f64>(
        "vec_double2_cmp",
        2,
        0x7c02,
        |r| f64::from(r.gen_range(-3i8..3)),
        Some(f64::NAN),
    );
}
#[test]
fn int3_comparisons() {
    cmp_test::<i32>("vec_int3_cmp", 3, 0x7c03, |r| r.gen_range(-2..2), None);
}
#[test]
fn uchar2_comparisons() {
    cmp_test::<u8>("vec_uchar2_cmp", 2, 0x7c04, |r| r.gen_range(0..3), None);
}

// ---------------------------------------------------------------------------------------------
// Constructors.

fn construct_ref(p: f32, q: f32, j: i32, k: i32) -> [f32; 32] {
    let mixed = [f64::from(j), f64::from(q), 7.0];
    let braces = [j, k, j + k, j - k];
    let cut = [p as i32, q as i32];
    let wrap = j as u8;
    let ints = [j as f32, k as f32];
    [
        p,
        p,
        ints[0],
        ints[1],
        cut[0] as f32,
        cut[1] as f32,
        f32::from(wrap),
        f32::from(wrap),
        mixed[0] as f32,
        mixed[1] as f32,
        mixed[2] as f32,
        braces[0] as f32,
        braces[1] as f32,
        braces[2] as f32,
        braces[3] as f32,
        f32::from(j as i8),
        f32::from(k as i8),
        (j as i64 as u64) as f32,
        5.0,
        p + q,
        (k & 7) as f32,
        1.0,
        1.0,
        q,
        f32::from(j as i8),
        8.0,
        p * ints[0],
        (mixed[2] * 2.0) as f32,
        (braces[3] + 1) as f32,
        !braces[0] as f32,
        1.0,
        0.0,
    ]
}

#[test]
fn constructors_and_make_functions() {
    let _device = shared_device();
    let f = function(module(), "vec_construct");
    let seed = 0x7d01;
    let mut r = rng(seed);
    let fl: Vec<f32> = (0..2 * N).map(|_| r.gen_range(-1e4f32..1e4)).collect();
    let iv: Vec<i32> = (0..2 * N).map(|_| r.gen_range(-100_000..100_000)).collect();
    let want: Vec<f32> = (0..N)
        .flat_map(|i| construct_ref(fl[2 * i], fl[2 * i + 1], iv[2 * i], iv[2 * i + 1]))
        .collect();
    let (df, di) = (upload(&fl), upload(&iv));
    for shape in shapes(N) {
        let out = poisoned::<f32>(N * 32);
        let what = format!("vec_construct seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&df, &di, &out, &(N as i32)], &what);
        let got = download(&out);
        for (idx, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!(
                g.to_bits() == w.to_bits(),
                "{what}: element {} slot {}: got {g} want {w}",
                idx / 32,
                idx % 32
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The same kernels as plain C++ on the host.

/// A host program: vectors.hip compiled as C++, each kernel run as a loop over "work-items".
/// It reads the inputs from files and writes each kernel's output to a file.
const HOST_MAIN: &str = r#"
#include <cstdio>
#include <cstdlib>
#include <vector>
static std::vector<unsigned char> slurp(const char *path) {
  std::vector<unsigned char> v;
  FILE *f = std::fopen(path, "rb");
  if (!f) std::exit(2);
  int c;
  while ((c = std::fgetc(f)) != EOF) v.push_back((unsigned char)c);
  std::fclose(f);
  return v;
}
static void spill(const char *path, const void *p, size_t n) {
  FILE *f = std::fopen(path, "wb");
  if (!f || std::fwrite(p, 1, n, f) != n) std::exit(3);
  std::fclose(f);
}
/* Bytes into properly aligned vectors (double4 wants 32-byte alignment). */
template <typename V> static std::vector<V> as_vectors(const std::vector<unsigned char> &bytes) {
  std::vector<V> v(bytes.size() / sizeof(V));
  __builtin_memcpy((void *)v.data(), bytes.data(), v.size() * sizeof(V));
  return v;
}
template <typename V, typename T, typename K>
static void run_int(K kernel, const char *name, int n) {
  char path[256];
  std::snprintf(path, sizeof path, "%s.a", name); std::vector<unsigned char> a = slurp(path);
  std::snprintf(path, sizeof path, "%s.b", name); std::vector<unsigned char> b = slurp(path);
  std::snprintf(path, sizeof path, "%s.k", name); std::vector<unsigned char> k = slurp(path);
  std::snprintf(path, sizeof path, "%s.s", name); std::vector<unsigned char> s = slurp(path);
  std::vector<V> o((size_t)n * 24);
  std::vector<V> av = as_vectors<V>(a), bv = as_vectors<V>(b), kv = as_vectors<V>(k);
  T scalar;
  __builtin_memcpy(&scalar, s.data(), sizeof scalar);
  blockDim.x = 1;
  for (int i = 0; i < n; ++i) {
    blockIdx.x = i;
    kernel(av.data(), bv.data(), kv.data(), scalar, o.data(), n);
  }
  std::snprintf(path, sizeof path, "%s.out", name);
  spill(path, o.data(), o.size() * sizeof(V));
}
template <typename V, typename T, typename K>
static void run_float(K kernel, const char *name, int n) {
  char path[256];
  std::snprintf(path, sizeof path, "%s.a", name); std::vector<unsigned char> a = slurp(path);
  std::snprintf(path, sizeof path, "%s.b", name); std::vector<unsigned char> b = slurp(path);
  std::snprintf(path, sizeof path, "%s.s", name); std::vector<unsigned char> s = slurp(path);
  std::vector<V> o((size_t)n * 16);
  std::vector<V> av = as_vectors<V>(a), bv = as_vectors<V>(b);
  T scalar;
  __builtin_memcpy(&scalar, s.data(), sizeof scalar);
  blockDim.x = 1;
  for (int i = 0; i < n; ++i) {
    blockIdx.x = i;
    kernel(av.data(), bv.data(), scalar, o.data(), n);
  }
  std::snprintf(path, sizeof path, "%s.out", name);
  spill(path, o.data(), o.size() * sizeof(V));
}
int main(int argc, char **argv) {
  if (argc != 2) return 1;
  int n = std::atoi(argv[1]);
  std::vector<unsigned long long> layout(49 * 6, 0);
  vec_layout(layout.data());
  spill("layout.out", layout.data(), layout.size() * 8);
  run_int<char4, char>(vec_char4_ops, "vec_char4_ops", n);
  run_int<ushort4, unsigned short>(vec_ushort4_ops, "vec_ushort4_ops", n);
  run_int<int3, int>(vec_int3_ops, "vec_int3_ops", n);
  run_int<ulong3, unsigned long>(vec_ulong3_ops, "vec_ulong3_ops", n);
  run_float<float3, float>(vec_float3_ops, "vec_float3_ops", n);
  run_float<double4, double>(vec_double4_ops, "vec_double4_ops", n);
  return 0;
}
"#;

/// Built-in variables for the host program (each kernel reads threadIdx.x, blockIdx.x,
/// blockDim.x only).
const HOST_PRELUDE: &str = r#"
#include <hip/hip_runtime.h>
static dim3 threadIdx(0, 0, 0), blockIdx(0, 0, 0), blockDim(1, 1, 1);
"#;

fn write_raw<T: Copy>(path: PathBuf, data: &[T]) {
    // SAFETY: plain integers and floats: every byte is initialized.
    let bytes = unsafe {
        std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), std::mem::size_of_val(data))
    };
    std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("writing {path:?}: {e}"));
}

fn read_raw<T: Copy + Default>(path: PathBuf) -> Vec<T> {
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path:?}: {e}"));
    let n = bytes.len() / std::mem::size_of::<T>();
    let mut out = vec![T::default(); n];
    // SAFETY: `out` has room for exactly n values of T; any bit pattern is a valid T for the
    // integer and float types this reads.
    unsafe {
        std::ptr::copy_nonoverlapping(
            bytes.as_ptr(),
            out.as_mut_ptr().cast::<u8>(),
            n * std::mem::size_of::<T>(),
        );
    }
    out
}

/// Runs one integer kernel on the device and writes its inputs for the host program; returns
/// the device output.
fn device_int_run<T: IntElem + Default>(
    dir: &std::path::Path,
    kernel: &str,
    n_comp: usize,
    seed: u64,
) -> Vec<T> {
    let mut r = rng(seed);
    let len = N * n_comp;
    let a: Vec<T> = (0..len).map(|_| T::random(&mut r)).collect();
    let b: Vec<T> = (0..len)
        .map(|_| loop {
            let v = T::random(&mut r);
            if !v.is_zero() {
                break v;
            }
        })
        .collect();
    let max_shift = if T::SIGNED && T::BITS >= 32 {
        T::BITS - 8
    } else {
        T::BITS - 1
    };
    let k: Vec<T> = (0..len)
        .map(|_| T::from_i64(i64::from(r.gen_range(0..=max_shift))))
        .collect();
    let s = T::from_i64(3);
    for (ext, data) in [("a", &a), ("b", &b), ("k", &k)] {
        write_raw(dir.join(format!("{kernel}.{ext}")), data);
    }
    write_raw(dir.join(format!("{kernel}.s")), &[s]);
    let f = function(module(), kernel);
    let out = poisoned::<T>(N * 24 * n_comp);
    let (da, db, dk) = (upload(&a), upload(&b), upload(&k));
    launch(
        &f,
        shapes(N)[0],
        0,
        &[&da, &db, &dk, &s, &out, &(N as i32)],
        kernel,
    );
    download(&out)
}

/// The host program's floating results must be the reference's (see FUSABLE_SLOT).
fn check_host_floats<T: FloatElem + Default>(
    dir: &std::path::Path,
    kernel: &str,
    n_comp: usize,
    seed: u64,
) {
    let mut r = rng(seed);
    let len = N * n_comp;
    let a: Vec<T> = (0..len).map(|_| T::random(&mut r)).collect();
    let b: Vec<T> = (0..len).map(|_| T::random(&mut r)).collect();
    let s = T::one() + T::one() + T::one();
    let got = read_raw::<T>(dir.join(format!("{kernel}.out")));
    assert_eq!(got.len(), N * 16 * n_comp, "{kernel}: host output length");
    for (j, g) in got.iter().enumerate() {
        let (i, slot) = (j / n_comp / 16, j / n_comp % 16);
        let e = i * n_comp + j % n_comp;
        let want = float_ops_ref(a[e], b[e], s)[slot];
        assert!(
            float_ok(slot, *g, want, a[e], b[e], s),
            "host {kernel} seed={seed}: element {i} slot {slot}: got {g:?} want {want:?}"
        );
    }
}

fn device_float_run<T: FloatElem + Default>(
    dir: &std::path::Path,
    kernel: &str,
    n_comp: usize,
    seed: u64,
) -> Vec<T> {
    let mut r = rng(seed);
    let len = N * n_comp;
    let a: Vec<T> = (0..len).map(|_| T::random(&mut r)).collect();
    let b: Vec<T> = (0..len).map(|_| T::random(&mut r)).collect();
    let s = T::one() + T::one() + T::one();
    write_raw(dir.join(format!("{kernel}.a")), &a);
    write_raw(dir.join(format!("{kernel}.b")), &b);
    write_raw(dir.join(format!("{kernel}.s")), &[s]);
    let f = function(module(), kernel);
    let out: DeviceBuffer<T> = poisoned::<T>(N * 16 * n_comp);
    let (da, db) = (upload(&a), upload(&b));
    launch(
        &f,
        shapes(N)[0],
        0,
        &[&da, &db, &s, &out, &(N as i32)],
        kernel,
    );
    download(&out)
}

fn same_bits<T: Copy + Debug>(got: &[T], want: &[T], what: &str, eq: impl Fn(T, T) -> bool) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    if let Some(i) = (0..got.len()).find(|&i| !eq(got[i], want[i])) {
        panic!("{what}: [{i}] host {:?} device {:?}", got[i], want[i]);
    }
}

#[test]
fn host_cxx_gives_the_devices_results() {
    let _device = shared_device();
    let dir = std::env::temp_dir().join(format!("ferrocm-vectors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let seed = 0x7b01;
    let d_char = device_int_run::<i8>(&dir, "vec_char4_ops", 4, seed);
    let d_ushort = device_int_run::<u16>(&dir, "vec_ushort4_ops", 4, seed + 1);
    let d_int = device_int_run::<i32>(&dir, "vec_int3_ops", 3, seed + 2);
    let d_ulong = device_int_run::<u64>(&dir, "vec_ulong3_ops", 3, seed + 3);
    // The floating kernels run on the device too (their results are checked by the
    // *_operators tests); here only their inputs matter.
    device_float_run::<f32>(&dir, "vec_float3_ops", 3, seed + 4);
    device_float_run::<f64>(&dir, "vec_double4_ops", 4, seed + 5);
    let f = function(module(), "vec_layout");
    let out = filled::<u64>(49 * 6, 0);
    launch(&f, ((1, 1, 1), (1, 1, 1)), 0, &[&out], "vec_layout");
    let d_layout = download(&out);

    let kernels = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/kernels/vectors.hip"
    ));
    let src = format!("{HOST_PRELUDE}\n{kernels}\n{HOST_MAIN}");
    let src_path = dir.join("host.cpp");
    std::fs::write(&src_path, src).expect("write source");
    let include = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include");
    let exe = dir.join("host");
    let out = Command::new("g++")
        .args([
            "-x",
            "c++",
            "-std=c++17",
            "-O1",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-Wno-unknown-pragmas",
        ])
        .arg(format!("-I{}", include.display()))
        .arg(&src_path)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("g++ must be installed");
    assert!(
        out.status.success(),
        "g++ failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe)
        .arg(N.to_string())
        .current_dir(&dir)
        .output()
        .expect("run the host program");
    assert!(
        run.status.success(),
        "host program failed: {:?}",
        run.status
    );

    same_bits(
        &read_raw::<u64>(dir.join("layout.out")),
        &d_layout,
        "layout",
        |a, b| a == b,
    );
    same_bits(
        &read_raw::<i8>(dir.join("vec_char4_ops.out")),
        &d_char,
        "char4",
        |a, b| a == b,
    );
    same_bits(
        &read_raw::<u16>(dir.join("vec_ushort4_ops.out")),
        &d_ushort,
        "ushort4",
        |a, b| a == b,
    );
    same_bits(
        &read_raw::<i32>(dir.join("vec_int3_ops.out")),
        &d_int,
        "int3",
        |a, b| a == b,
    );
    same_bits(
        &read_raw::<u64>(dir.join("vec_ulong3_ops.out")),
        &d_ulong,
        "ulong3",
        |a, b| a == b,
    );
    check_host_floats::<f32>(&dir, "vec_float3_ops", 3, seed + 4);
    check_host_floats::<f64>(&dir, "vec_double4_ops", 4, seed + 5);
    let _ = std::fs::remove_dir_all(&dir);
}
