//! `rocblas_gemm_ex` and its batched forms: `D = alpha * op(A) * op(B) + beta * C` with the
//! element types given at run time, accumulated in the compute type.
//!
//! The combinations are rocBLAS's: f16, bf16 and f32 inputs accumulated in f32 (f16 and bf16
//! results rounded once at the end), f64, f32 and f64 complex, and int8 accumulated in int32.
//! Each work-group packs its tile's rows of op(A) and columns of op(B) in the compute type,
//! multiplies them (faer for floating point, a vectorizable loop for integers), and writes D.
//! Others are `rocblas_status_not_implemented`, as in rocBLAS.

use crate::element::{Element, C32, C64};
use crate::kernel::{split, Launcher, Ptr, Work};
use crate::level3::{gemm, Batch, Gemm};
use crate::types::{fail, Datatype, Operation, PointerMode, Result, Status};
use half::{bf16, f16};

/// A type the compute happens in.
pub trait Acc: Copy + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    const ZERO: Self;
    const ONE: Self;
    fn mul(self, o: Self) -> Self;
    fn add(self, o: Self) -> Self;
    fn conj(self) -> Self;
    /// An f16 scalar (alpha, beta of an f16 compute type) in this type.
    fn from_half(h: f16) -> Self;
    /// `out = a * b` (column-major `m x n`) for packed `a` (`m x k`) and `b` (`k x n`), each
    /// column-major or row-major as its [`Packed`] says.
    fn product(m: usize, n: usize, k: usize, a: &Packed<Self>, b: &Packed<Self>, out: &mut [Self]);
}

/// A packed operand: its elements, and whether it is stored row by row.
pub struct Packed<A> {
    pub data: Vec<A>,
    pub rows_contiguous: bool,
}

impl<A> Packed<A> {
    /// (row stride, column stride) of a `rows x cols` matrix packed this way.
    fn strides(&self, rows: usize, cols: usize) -> (usize, usize) {
        if self.rows_contiguous {
            (cols, 1)
        } else {
            (1, rows)
        }
    }
}

fn faer_product<T: Element>(
    m: usize,
    n: usize,
    k: usize,
    a: &Packed<T>,
    b: &Packed<T>,
    out: &mut [T],
) {
    let ((a_rs, a_cs), (b_rs, b_cs)) = (a.strides(m, k), b.strides(k, n));
    let t = crate::element::Tile {
        m,
        n,
        k,
        alpha: T::ONE,
        a: a.data.as_ptr(),
        a_rs: a_rs as isize,
        a_cs: a_cs as isize,
        conj_a: false,
        b: b.data.as_ptr(),
        b_rs: b_rs as isize,
        b_cs: b_cs as isize,
        conj_b: false,
        beta: T::ZERO,
        c: out.as_mut_ptr(),
        ldc: m as isize,
    };
    // SAFETY: the packed operands hold m*k and k*n elements and `out` m*n, laid out as the
    // views say.
    unsafe { T::gemm_tile(&t) };
}

macro_rules! float_acc {
    ($t:ty, $conj:expr, $half:expr) => {
        impl Acc for $t {
            const ZERO: Self = <$t as Element>::ZERO;
            const ONE: Self = <$t as Element>::ONE;
            fn mul(self, o: Self) -> Self {
                self * o
            }
            fn add(self, o: Self) -> Self {
                self + o
            }
            fn conj(self) -> Self {
                let f: fn($t) -> $t = $conj;
                f(self)
            }
            fn from_half(h: f16) -> Self {
                let f: fn(f16) -> $t = $half;
                f(h)
            }
            fn product(
                m: usize,
                n: usize,
                k: usize,
                a: &Packed<Self>,
                b: &Packed<Self>,
                out: &mut [Self],
            ) {
                faer_product(m, n, k, a, b, out)
            }
        }
    };
}
float_acc!(f32, |x| x, |h| h.to_f32());
float_acc!(f64, |x| x, |h| h.to_f64());
float_acc!(C32, |x| x.conj(), |h| C32::new(h.to_f32(), 0.0));
float_acc!(C64, |x| x.conj(), |h| C64::new(h.to_f64(), 0.0));

impl Acc for i32 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn mul(self, o: Self) -> Self {
        self.wrapping_mul(o)
    }
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    fn conj(self) -> Self {
        self
    }
    fn from_half(h: f16) -> Self {
        h.to_f32() as i32
    }
    fn product(m: usize, n: usize, k: usize, a: &Packed<Self>, b: &Packed<Self>, out: &mut [Self]) {
        // A column-major, so that column j of the product is a sum of A's columns: a loop over
        // i that vectorizes.
        let a_cols;
        let a = if a.rows_contiguous {
            a_cols = (0..m * k)
                .map(|x| a.data[(x % m) * k + x / m])
                .collect::<Vec<_>>();
            &a_cols
        } else {
            &a.data
        };
        let (b_rs, b_cs) = b.strides(k, n);
        for j in 0..n {
            let col = &mut out[j * m..(j + 1) * m];
            col.fill(0);
            for p in 0..k {
                let s = b.data[p * b_rs + j * b_cs];
                for (o, &x) in col.iter_mut().zip(&a[p * m..(p + 1) * m]) {
                    *o = o.wrapping_add(x.wrapping_mul(s));
                }
            }
        }
    }
}

/// A matrix element type of gemm_ex, and its conversions to and from the compute type.
pub trait Stored<A: Acc>: Copy + Send + Sync + 'static {
    fn widen(self) -> A;
    fn narrow(a: A) -> Self;
    /// `dst[i] = src[i].widen()`, vectorized where the type allows (f16 and bf16).
    fn widen_slice(src: &[Self], dst: &mut [A]) {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = s.widen();
        }
    }
    /// `dst[i] = narrow(src[i])`, likewise.
    fn narrow_slice(src: &[A], dst: &mut [Self]) {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = Self::narrow(s);
        }
    }
}

macro_rules! stored {
    ($s:ty, $a:ty, $widen:expr, $narrow:expr) => {
        impl Stored<$a> for $s {
            fn widen(self) -> $a {
                let f: fn($s) -> $a = $widen;
                f(self)
            }
            fn narrow(a: $a) -> Self {
                let f: fn($a) -> $s = $narrow;
                f(a)
            }
        }
    };
}
macro_rules! stored_half {
    ($s:ty) => {
        impl Stored<f32> for $s {
            fn widen(self) -> f32 {
                self.to_f32()
            }
            fn narrow(a: f32) -> Self {
                <$s>::from_f32(a)
            }
            fn widen_slice(src: &[Self], dst: &mut [f32]) {
                use half::slice::HalfFloatSliceExt;
                src.convert_to_f32_slice(dst);
            }
            fn narrow_slice(src: &[f32], dst: &mut [Self]) {
                use half::slice::HalfFloatSliceExt;
                dst.convert_from_f32_slice(src);
            }
        }
    };
}
stored_half!(f16);
stored_half!(bf16);
stored!(f32, f32, |x| x, |x| x);
stored!(f64, f64, |x| x, |x| x);
stored!(C32, C32, |x| x, |x| x);
stored!(C64, C64, |x| x, |x| x);
stored!(i8, i32, i32::from, |x| x as i8);
stored!(i32, i32, |x| x, |x| x);

/// alpha or beta in the compute type: a value (host mode), or a device address of the compute
/// type, or of f16 for an f16 compute type (accumulated in f32 here).
#[repr(C)]
#[derive(Clone, Copy)]
enum ExScalar<A> {
    Value(A),
    Device(Ptr<A>),
    DeviceHalf(Ptr<f16>),
}

impl<A: Acc> ExScalar<A> {
    fn get(self) -> A
where {
        match self {
            ExScalar::Value(v) => v,
            // SAFETY: checked non-null at the call; valid when the kernel runs (device mode).
            ExScalar::Device(p) => unsafe { p.0.read_unaligned() },
            // SAFETY: as above.
            ExScalar::DeviceHalf(p) => A::from_half(unsafe { p.0.read_unaligned() }),
        }
    }
}

/// The arguments of a gemm_ex call after the handle, untyped as the C API passes them. Sizes
/// are `i64` for the 32-bit and `_64` entry points alike.
#[derive(Clone, Copy)]
pub struct GemmEx {
    pub trans_a: Operation,
    pub trans_b: Operation,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub alpha: *const u8,
    /// Untyped: strides count elements of the matrix's own type.
    pub a: Batch<u8>,
    pub a_type: Datatype,
    pub lda: i64,
    pub b: Batch<u8>,
    pub b_type: Datatype,
    pub ldb: i64,
    pub beta: *const u8,
    pub c: Batch<u8>,
    pub c_type: Datatype,
    pub ldc: i64,
    pub d: Batch<u8>,
    pub d_type: Datatype,
    pub ldd: i64,
    pub batch_count: i64,
    pub compute_type: Datatype,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GemmExWork<S, O, A> {
    trans_a: Operation,
    trans_b: Operation,
    m: usize,
    n: usize,
    k: usize,
    alpha: ExScalar<A>,
    a: Batch<S>,
    lda: usize,
    b: Batch<S>,
    ldb: usize,
    beta: ExScalar<A>,
    c: Batch<O>,
    ldc: usize,
    d: Batch<O>,
    ldd: usize,
    batch: usize,
    tiles_m: usize,
    tiles_n: usize,
}

impl<S, O, A> Work for GemmExWork<S, O, A>
where
    S: Stored<A>,
    O: Stored<A>,
    A: Acc,
{
    fn name() -> String {
        format!(
            "rocblas_gemm_ex<{}, {}, {}>",
            std::any::type_name::<S>(),
            std::any::type_name::<O>(),
            std::any::type_name::<A>()
        )
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get(), self.beta.get());
        let per_batch = self.tiles_m * self.tiles_n;
        let mut item = group as usize;
        let packed = || Packed {
            data: Vec::new(),
            rows_contiguous: false,
        };
        let (mut pa, mut pb, mut prod, mut wide) = (packed(), packed(), Vec::new(), Vec::new());
        while item < per_batch * self.batch {
            let (bi, tile) = (item / per_batch, item % per_batch);
            let (r0, r1) = split(self.m, self.tiles_m, tile % self.tiles_m);
            let (c0, c1) = split(self.n, self.tiles_n, tile / self.tiles_m);
            let (mt, nt, k) = (r1 - r0, c1 - c0, self.k);
            let (a, b) = (self.a.at(bi), self.b.at(bi));
            prod.clear();
            prod.resize(mt * nt, A::ZERO);
            if k > 0 && alpha != A::ZERO {
                pack(a, self.lda, self.trans_a, (r0..r1, 0..k), &mut pa);
                pack(b, self.ldb, self.trans_b, (0..k, c0..c1), &mut pb);
                A::product(mt, nt, k, &pa, &pb, &mut prod);
            }
            let (c, d) = (self.c.at(bi), self.d.at(bi) as *mut O);
            // Column by column: C widened and D narrowed as slices (vectorized for f16, bf16).
            for j in 0..nt {
                let col = &mut prod[j * mt..(j + 1) * mt];
                for v in col.iter_mut() {
                    *v = alpha.mul(*v);
                }
                if beta != A::ZERO {
                    // SAFETY: rows r0..r1 of column c0 + j lie inside C (checked sizes).
                    let cs =
                        unsafe { std::slice::from_raw_parts(c.add(r0 + (c0 + j) * self.ldc), mt) };
                    wide.clear();
                    wide.resize(mt, A::ZERO);
                    O::widen_slice(cs, &mut wide);
                    for (v, &w) in col.iter_mut().zip(&wide) {
                        *v = v.add(beta.mul(w));
                    }
                }
                // SAFETY: inside D likewise. D may be C itself (same leading dimension,
                // checked): this column of C was read above, before this write.
                let ds =
                    unsafe { std::slice::from_raw_parts_mut(d.add(r0 + (c0 + j) * self.ldd), mt) };
                O::narrow_slice(col, ds);
            }
            item += groups as usize;
        }
    }
}

/// Packs rows `rows` and columns `cols` of op(X) (X column-major with leading dimension `ld`)
/// in the compute type: op(X)'s columns are X's for `None`, its rows X's columns otherwise, so
/// every run read is contiguous and converts as a slice. Conjugated for `C`.
fn pack<S: Stored<A>, A: Acc>(
    x: *const S,
    ld: usize,
    op: Operation,
    (rows, cols): (std::ops::Range<usize>, std::ops::Range<usize>),
    out: &mut Packed<A>,
) {
    let (runs, run) = match op {
        Operation::None => (cols, rows),
        _ => (rows, cols),
    };
    out.rows_contiguous = op != Operation::None;
    out.data.clear();
    out.data.resize(runs.len() * run.len(), A::ZERO);
    for (i, r) in runs.enumerate() {
        // SAFETY: each run is one stored column's stretch inside op(X), which the checked
        // sizes say the caller's memory covers.
        let src = unsafe { std::slice::from_raw_parts(x.add(run.start + r * ld), run.len()) };
        S::widen_slice(src, &mut out.data[i * run.len()..(i + 1) * run.len()]);
    }
    if op == Operation::ConjugateTranspose {
        for v in &mut out.data {
            *v = v.conj();
        }
    }
}

/// Reads alpha or beta of the compute type `ct` (f16 compute widened to f32).
///
/// # Safety
/// `p` is readable now (host mode) or when the kernel runs (device mode).
unsafe fn scalar<A: Acc>(
    p: *const u8,
    ct: Datatype,
    mode: PointerMode,
    what: &str,
) -> Result<ExScalar<A>> {
    if p.is_null() {
        return fail(Status::InvalidPointer, format!("{what} is a null pointer"));
    }
    Ok(match (mode, ct) {
        (PointerMode::Host, Datatype::F16R) => {
            // SAFETY: readable per the contract.
            ExScalar::Value(A::from_half(unsafe { p.cast::<f16>().read_unaligned() }))
        }
        // SAFETY: as above.
        (PointerMode::Host, _) => ExScalar::Value(unsafe { p.cast::<A>().read_unaligned() }),
        (PointerMode::Device, Datatype::F16R) => ExScalar::DeviceHalf(Ptr(p.cast())),
        (PointerMode::Device, _) => ExScalar::Device(Ptr(p.cast())),
    })
}

fn typed<T>(b: Batch<u8>) -> Batch<T> {
    match b {
        Batch::Strided { base, stride } => Batch::Strided {
            base: Ptr(base.0.cast()),
            stride,
        },
        Batch::Array(list) => Batch::Array(Ptr(list.0.cast())),
    }
}

/// Queues `g` with storage `S` for A and B, `O` for C and D, compute in `A`.
///
/// # Safety
/// As [`gemm_ex`].
unsafe fn launch_typed<S, O, A, L>(launcher: &L, mode: PointerMode, g: &GemmEx) -> Result<()>
where
    S: Stored<A>,
    O: Stored<A>,
    A: Acc,
    L: Launcher,
{
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { scalar::<A>(g.alpha, g.compute_type, mode, "alpha")? };
    // SAFETY: as above.
    let beta = unsafe { scalar::<A>(g.beta, g.compute_type, mode, "beta")? };
    if let (ExScalar::Value(al), ExScalar::Value(be)) = (alpha, beta) {
        // With nothing to add and C == D, there is nothing to do.
        if (g.k == 0 || al == A::ZERO) && be == A::ONE && same_matrices(g.c, g.d) {
            return Ok(());
        }
    }
    if g.c.is_null() || g.d.is_null() {
        return fail(Status::InvalidPointer, "C or D is a null pointer");
    }
    if g.k > 0 && (g.a.is_null() || g.b.is_null()) {
        return fail(Status::InvalidPointer, "A or B is a null pointer");
    }
    let (m, n, k) = (g.m as usize, g.n as usize, g.k as usize);
    let (tiles_m, tiles_n) = (
        crate::level3::tiles_along(m, k),
        crate::level3::tiles_along(n, k),
    );
    let batch = g.batch_count as usize;
    let work = GemmExWork::<S, O, A> {
        trans_a: g.trans_a,
        trans_b: g.trans_b,
        m,
        n,
        k,
        alpha,
        a: typed(g.a),
        lda: g.lda as usize,
        b: typed(g.b),
        ldb: g.ldb as usize,
        beta,
        c: typed(g.c),
        ldc: g.ldc as usize,
        d: typed(g.d),
        ldd: g.ldd as usize,
        batch,
        tiles_m,
        tiles_n,
    };
    let groups = (tiles_m * tiles_n).saturating_mul(batch).min(1 << 16);
    launcher.launch(groups as u32, &work)
}

/// `rocblas_gemm_ex`, `_strided_batched_ex` and `_batched_ex`: checks the call as rocBLAS does
/// and queues it. Same-type float and complex calls whose D is C take plain gemm's path.
///
/// # Safety
/// The C API's contract: alpha and beta of the compute type, readable now (host mode) or when
/// the kernel runs (device mode); the matrices cover their sizes and leading dimensions.
pub unsafe fn gemm_ex<L: Launcher>(launcher: &L, mode: PointerMode, g: &GemmEx) -> Result<()> {
    if g.m < 0 || g.n < 0 || g.k < 0 || g.batch_count < 0 {
        return fail(
            Status::InvalidSize,
            format!(
                "m {}, n {}, k {}, batch_count {}: none may be negative",
                g.m, g.n, g.k, g.batch_count
            ),
        );
    }
    let a_rows = if g.trans_a == Operation::None {
        g.m
    } else {
        g.k
    };
    let b_rows = if g.trans_b == Operation::None {
        g.k
    } else {
        g.n
    };
    for (name, ld, rows) in [
        ("lda", g.lda, a_rows),
        ("ldb", g.ldb, b_rows),
        ("ldc", g.ldc, g.m),
        ("ldd", g.ldd, g.m),
    ] {
        if ld < rows {
            return fail(
                Status::InvalidSize,
                format!("{name} {ld} is less than the {rows} rows it must hold"),
            );
        }
    }
    let same_cd = same_matrices(g.c, g.d);
    if same_cd && (g.ldc != g.ldd || g.c_type != g.d_type) {
        return fail(
            Status::InvalidSize,
            "C and D are the same matrix but their leading dimensions or types differ",
        );
    }
    if g.m == 0 || g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    use Datatype as D;
    let types = (g.a_type, g.b_type, g.c_type, g.d_type, g.compute_type);
    // Same types throughout and D = C: plain gemm, no packing.
    if same_cd && g.a_type == g.b_type && g.b_type == g.c_type {
        let plain = matches!(
            (g.a_type, g.compute_type),
            (D::F32R, D::F32R) | (D::F64R, D::F64R) | (D::F32C, D::F32C) | (D::F64C, D::F64C)
        );
        if plain {
            // SAFETY: forwarded caller contract; the element type is the call's.
            return unsafe {
                match g.a_type {
                    D::F32R => gemm(launcher, mode, &retype::<f32>(g)),
                    D::F64R => gemm(launcher, mode, &retype::<f64>(g)),
                    D::F32C => gemm(launcher, mode, &retype::<C32>(g)),
                    _ => gemm(launcher, mode, &retype::<C64>(g)),
                }
            };
        }
    }
    // SAFETY: forwarded caller contract; each arm's types are the call's.
    unsafe {
        match types {
            (D::F16R, D::F16R, D::F16R, D::F16R, D::F16R | D::F32R) => {
                launch_typed::<f16, f16, f32, L>(launcher, mode, g)
            }
            (D::F16R, D::F16R, D::F32R, D::F32R, D::F32R) => {
                launch_typed::<f16, f32, f32, L>(launcher, mode, g)
            }
            (D::Bf16R, D::Bf16R, D::Bf16R, D::Bf16R, D::F32R) => {
                launch_typed::<bf16, bf16, f32, L>(launcher, mode, g)
            }
            (D::Bf16R, D::Bf16R, D::F32R, D::F32R, D::F32R) => {
                launch_typed::<bf16, f32, f32, L>(launcher, mode, g)
            }
            (D::F32R, D::F32R, D::F32R, D::F32R, D::F32R) => {
                launch_typed::<f32, f32, f32, L>(launcher, mode, g)
            }
            (D::F64R, D::F64R, D::F64R, D::F64R, D::F64R) => {
                launch_typed::<f64, f64, f64, L>(launcher, mode, g)
            }
            (D::F32C, D::F32C, D::F32C, D::F32C, D::F32C) => {
                launch_typed::<C32, C32, C32, L>(launcher, mode, g)
            }
            (D::F64C, D::F64C, D::F64C, D::F64C, D::F64C) => {
                launch_typed::<C64, C64, C64, L>(launcher, mode, g)
            }
            (D::I8R, D::I8R, D::I32R, D::I32R, D::I32R) => {
                launch_typed::<i8, i32, i32, L>(launcher, mode, g)
            }
            _ => fail(
                Status::NotImplemented,
                format!(
                    "gemm_ex with A {:?}, B {:?}, C {:?}, D {:?} and compute type {:?}",
                    g.a_type, g.b_type, g.c_type, g.d_type, g.compute_type
                ),
            ),
        }
    }
}

/// Whether C and D are the same matrices (one base and stride, or one pointer array).
fn same_matrices(c: Batch<u8>, d: Batch<u8>) -> bool {
    match (c, d) {
        (
            Batch::Strided {
                base: c,
                stride: sc,
            },
            Batch::Strided {
                base: d,
                stride: sd,
            },
        ) => c.0 == d.0 && sc == sd,
        (Batch::Array(c), Batch::Array(d)) => c.0 == d.0,
        _ => false,
    }
}

/// `g` as plain gemm's arguments in `T` (C is D).
fn retype<T>(g: &GemmEx) -> Gemm<T> {
    Gemm {
        trans_a: g.trans_a,
        trans_b: g.trans_b,
        m: g.m,
        n: g.n,
        k: g.k,
        alpha: g.alpha.cast(),
        a: typed(g.a),
        lda: g.lda,
        b: typed(g.b),
        ldb: g.ldb,
        beta: g.beta.cast(),
        c: typed(g.c),
        ldc: g.ldc,
        batch_count: g.batch_count,
    }
}
