//! The BLAS "Ex" routines of level 1 (`rocblas_axpy_ex`, `dot_ex`, `dotc_ex`, `nrm2_ex`,
//! `rot_ex`, `scal_ex` and their batched forms) and `rocblas_trsm_ex`: the element types are
//! given at run time as `rocblas_datatype`s.
//!
//! The combinations are the ones rocBLAS documents for each routine; others are
//! `rocblas_status_not_implemented`, as in rocBLAS. A combination whose types are one element
//! type of level 1 (f16, f32, f64, c32, c64, and the real-scalar complex scal and rot) runs
//! level 1's routine itself; the others (bf16, an f32 scalar on f16 or bf16 vectors, an f32 dot
//! into f64, a complex cosine in rot) run the kernels here, which compute as level 1 does: in
//! complex f64, rounded once when stored. That is at least as precise as every documented
//! execution type (f16 execution computes in f32, as hipBLAS's host reference does), so the
//! execution type selects a combination and changes no result.

use crate::element::{Element, C32, C64};
use crate::kernel::{Launcher, Ptr, Scalar, Work};
use crate::level1::{
    self, euclidean_norm, null_vectors, reduce, reduction_sizes, sizes, store, Axpy, Cut, Dot,
    Reduction, Rot, Scal, Strided,
};
use crate::level3::Batch;
use crate::trsm::{trsm, Trsm};
use crate::types::{fail, Datatype, Diagonal, Fill, Operation, PointerMode, Result, Side, Status};
use half::{bf16, f16};

/// A value an Ex routine stores or reads: level 1's element types and bf16.
pub trait Value: Copy + Send + Sync + 'static {
    /// The value as a complex f64 (exact for every type).
    fn to_c64(self) -> C64;
    /// The value nearest `v` (its imaginary part dropped for the real types).
    fn from_c64(v: C64) -> Self;
}

impl<T: Element> Value for T {
    fn to_c64(self) -> C64 {
        Element::to_c64(self)
    }
    fn from_c64(v: C64) -> Self {
        Element::from_c64(v)
    }
}

impl Value for bf16 {
    fn to_c64(self) -> C64 {
        C64::new(self.to_f64(), 0.0)
    }
    fn from_c64(v: C64) -> Self {
        bf16::from_f64(v.re)
    }
}

/// Where the vectors of an Ex call lie, untyped: strides count elements of the vector's own
/// type, as the kernel steps once typed.
fn typed<T>(b: Batch<u8>) -> Batch<T> {
    match b {
        Batch::Strided { base, stride } => Batch::Strided {
            base: Ptr(base.0.cast()),
            stride,
        },
        Batch::Array(list) => Batch::Array(Ptr(list.0.cast())),
    }
}

fn kernel_name<A, B>(routine: &str) -> String {
    format!(
        "rocblas_{routine}<{}, {}>",
        std::any::type_name::<A>(),
        std::any::type_name::<B>()
    )
}

/// `rocblas_status_not_implemented` for a combination of types rocBLAS does not run.
fn unsupported(routine: &str, types: &[Datatype]) -> Result<()> {
    fail(
        Status::NotImplemented,
        format!("{routine} with the types {types:?}"),
    )
}

/// `rocblas_axpy_ex` (`_batched`, `_strided_batched`, `_64`): `y = alpha * x + y`.
#[derive(Clone, Copy)]
pub struct AxpyEx {
    pub n: i64,
    pub alpha: *const u8,
    pub alpha_type: Datatype,
    pub x: Batch<u8>,
    pub x_type: Datatype,
    pub incx: i64,
    pub y: Batch<u8>,
    pub y_type: Datatype,
    pub incy: i64,
    pub batch_count: i64,
    pub execution_type: Datatype,
}

impl AxpyEx {
    fn typed<T>(&self) -> Axpy<T> {
        Axpy {
            n: self.n,
            alpha: self.alpha.cast(),
            x: typed(self.x),
            incx: self.incx,
            y: typed(self.y),
            incy: self.incy,
            batch_count: self.batch_count,
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy)]
struct AxpyExWork<A: Value, X: Value> {
    cut: Cut,
    alpha: Scalar<A>,
    x: Batch<X>,
    incx: i64,
    y: Batch<X>,
    incy: i64,
}

impl<A: Value, X: Value> Work for AxpyExWork<A, X> {
    fn name() -> String {
        kernel_name::<A, X>("axpy_ex")
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha = self.alpha.get().to_c64();
        if alpha == C64::new(0.0, 0.0) {
            return;
        }
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            let y = Strided::new(self.y.at(member), self.cut.n, self.incy);
            for i in range {
                // SAFETY: i < n; the caller's vectors cover n elements at their steps.
                unsafe {
                    y.set(
                        i,
                        X::from_c64(alpha * x.get(i).to_c64() + y.get(i).to_c64()),
                    )
                };
            }
        });
    }
}

/// axpy with alpha of type `A` on vectors of `X`, checked as level 1's axpy.
///
/// # Safety
/// As [`axpy_ex`].
unsafe fn axpy_mixed<A: Value, X: Value, L: Launcher>(
    l: &L,
    mode: PointerMode,
    a: &AxpyEx,
) -> Result<()> {
    let Some((n, batch)) = sizes(a.n, a.batch_count) else {
        return Ok(());
    };
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(a.alpha.cast::<A>(), mode, "alpha")? };
    if alpha.known().map(Value::to_c64) == Some(C64::new(0.0, 0.0)) {
        return Ok(());
    }
    null_vectors(&a.x, &a.y)?;
    let cut = Cut::new(n, batch, a.incy == 0);
    let work = AxpyExWork::<A, X> {
        cut,
        alpha,
        x: typed(a.x),
        incx: a.incx,
        y: typed(a.y),
        incy: a.incy,
    };
    l.launch(cut.groups(), &work)
}

/// `rocblas_axpy_ex` and its batched forms: checks the call as rocBLAS does and queues it.
///
/// # Safety
/// `alpha` (of `alpha_type`) is readable now (host mode) or when the kernel runs (device mode);
/// x and y cover `n` elements of their type at their steps for every member.
pub unsafe fn axpy_ex<L: Launcher>(l: &L, mode: PointerMode, a: &AxpyEx) -> Result<()> {
    if sizes(a.n, a.batch_count).is_none() {
        return Ok(());
    }
    if a.alpha.is_null() {
        return fail(Status::InvalidPointer, "alpha is a null pointer");
    }
    use Datatype as D;
    let types = [a.alpha_type, a.x_type, a.y_type, a.execution_type];
    if a.x_type != a.y_type {
        return unsupported("axpy_ex", &types);
    }
    // SAFETY: forwarded caller contract; each arm's types are the call's.
    unsafe {
        match (a.alpha_type, a.x_type, a.execution_type) {
            (D::Bf16R, D::Bf16R, D::F32R) => axpy_mixed::<bf16, bf16, L>(l, mode, a),
            (D::F32R, D::Bf16R, D::F32R) => axpy_mixed::<f32, bf16, L>(l, mode, a),
            (D::F16R, D::F16R, D::F16R | D::F32R) => level1::axpy::<f16, L>(l, mode, &a.typed()),
            (D::F32R, D::F16R, D::F32R) => axpy_mixed::<f32, f16, L>(l, mode, a),
            (D::F32R, D::F32R, D::F32R) => level1::axpy::<f32, L>(l, mode, &a.typed()),
            (D::F64R, D::F64R, D::F64R) => level1::axpy::<f64, L>(l, mode, &a.typed()),
            (D::F32C, D::F32C, D::F32C) => level1::axpy::<C32, L>(l, mode, &a.typed()),
            (D::F64C, D::F64C, D::F64C) => level1::axpy::<C64, L>(l, mode, &a.typed()),
            _ => unsupported("axpy_ex", &types),
        }
    }
}

/// `rocblas_scal_ex` (`_batched`, `_strided_batched`, `_64`): `x = alpha * x`.
#[derive(Clone, Copy)]
pub struct ScalEx {
    pub n: i64,
    pub alpha: *const u8,
    pub alpha_type: Datatype,
    pub x: Batch<u8>,
    pub x_type: Datatype,
    pub incx: i64,
    pub batch_count: i64,
    pub execution_type: Datatype,
}

impl ScalEx {
    fn typed<T, A>(&self) -> Scal<T, A> {
        Scal {
            n: self.n,
            alpha: self.alpha.cast(),
            x: typed(self.x),
            incx: self.incx,
            batch_count: self.batch_count,
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy)]
struct ScalExWork<A: Value, X: Value> {
    cut: Cut,
    alpha: Scalar<A>,
    x: Batch<X>,
    incx: i64,
}

impl<A: Value, X: Value> Work for ScalExWork<A, X> {
    fn name() -> String {
        kernel_name::<A, X>("scal_ex")
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha = self.alpha.get().to_c64();
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            for i in range {
                // SAFETY: i < n; the caller's vector covers n elements at its step.
                unsafe { x.set(i, X::from_c64(alpha * x.get(i).to_c64())) };
            }
        });
    }
}

/// scal with alpha of type `A` on a vector of `X`, checked as level 1's scal.
///
/// # Safety
/// As [`scal_ex`].
unsafe fn scal_mixed<A: Value, X: Value, L: Launcher>(
    l: &L,
    mode: PointerMode,
    a: &ScalEx,
) -> Result<()> {
    let Some((n, batch)) = sizes(a.n, a.batch_count) else {
        return Ok(());
    };
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(a.alpha.cast::<A>(), mode, "alpha")? };
    if alpha.known().map(Value::to_c64) == Some(C64::new(1.0, 0.0)) {
        return Ok(());
    }
    if a.x.is_null() {
        return fail(Status::InvalidPointer, "x is a null pointer");
    }
    let cut = Cut::new(n, batch, false);
    let work = ScalExWork::<A, X> {
        cut,
        alpha,
        x: typed(a.x),
        incx: a.incx,
    };
    l.launch(cut.groups(), &work)
}

/// `rocblas_scal_ex` and its batched forms.
///
/// # Safety
/// As [`axpy_ex`], for alpha and x.
pub unsafe fn scal_ex<L: Launcher>(l: &L, mode: PointerMode, a: &ScalEx) -> Result<()> {
    if a.incx <= 0 || sizes(a.n, a.batch_count).is_none() {
        return Ok(());
    }
    if a.alpha.is_null() {
        return fail(Status::InvalidPointer, "alpha is a null pointer");
    }
    use Datatype as D;
    // SAFETY: forwarded caller contract; each arm's types are the call's.
    unsafe {
        match (a.alpha_type, a.x_type, a.execution_type) {
            (D::F32R, D::Bf16R, D::F32R) => scal_mixed::<f32, bf16, L>(l, mode, a),
            (D::Bf16R, D::Bf16R, D::F32R) => scal_mixed::<bf16, bf16, L>(l, mode, a),
            (D::F16R, D::F16R, D::F16R | D::F32R) => {
                level1::scal::<f16, f16, L>(l, mode, &a.typed())
            }
            (D::F32R, D::F16R, D::F32R) => scal_mixed::<f32, f16, L>(l, mode, a),
            (D::F32R, D::F32R, D::F32R) => level1::scal::<f32, f32, L>(l, mode, &a.typed()),
            (D::F64R, D::F64R, D::F64R) => level1::scal::<f64, f64, L>(l, mode, &a.typed()),
            (D::F32C, D::F32C, D::F32C) => level1::scal::<C32, C32, L>(l, mode, &a.typed()),
            (D::F64C, D::F64C, D::F64C) => level1::scal::<C64, C64, L>(l, mode, &a.typed()),
            (D::F32R, D::F32C, D::F32C) => level1::scal::<C32, f32, L>(l, mode, &a.typed()),
            (D::F64R, D::F64C, D::F64C) => level1::scal::<C64, f64, L>(l, mode, &a.typed()),
            _ => unsupported("scal_ex", &[a.alpha_type, a.x_type, a.execution_type]),
        }
    }
}

/// `rocblas_dot_ex` and `rocblas_dotc_ex` (`_batched`, `_strided_batched`, `_64`): one sum
/// of `x[i] * y[i]` (dotc: `conj(x[i]) * y[i]`) per batch member, stored in `result` (host or
/// device memory per the pointer mode).
#[derive(Clone, Copy)]
pub struct DotEx {
    pub n: i64,
    pub x: Batch<u8>,
    pub x_type: Datatype,
    pub incx: i64,
    pub y: Batch<u8>,
    pub y_type: Datatype,
    pub incy: i64,
    pub batch_count: i64,
    pub result: *mut u8,
    pub result_type: Datatype,
    pub execution_type: Datatype,
}

impl DotEx {
    fn typed<T>(&self) -> Dot<T> {
        Dot {
            n: self.n,
            x: typed(self.x),
            incx: self.incx,
            y: typed(self.y),
            incy: self.incy,
            batch_count: self.batch_count,
            result: self.result.cast(),
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy)]
struct DotExWork<X: Value, R: Value, const CONJ: bool> {
    cut: Cut,
    x: Batch<X>,
    incx: i64,
    y: Batch<X>,
    incy: i64,
    result: Ptr<R>,
}

impl<X: Value, R: Value, const CONJ: bool> Work for DotExWork<X, R, CONJ> {
    fn name() -> String {
        kernel_name::<X, R>(if CONJ { "dotc_ex" } else { "dot_ex" })
    }

    fn run(&self, group: u32, groups: u32) {
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            let y = Strided::new(self.y.at(member), self.cut.n, self.incy);
            let mut sum = C64::new(0.0, 0.0);
            for i in range {
                // SAFETY: i < n; the caller's vectors cover n elements at their steps.
                let (xi, yi) = unsafe { (x.get(i).to_c64(), y.get(i).to_c64()) };
                sum += if CONJ { xi.conj() } else { xi } * yi;
            }
            // SAFETY: one result per member, checked non-null.
            unsafe { store(self.result, member, R::from_c64(sum)) };
        });
    }
}

/// dot of vectors of `X` into results of `R`, checked as level 1's dot.
///
/// # Safety
/// As [`dot_ex`].
unsafe fn dot_mixed<X: Value, R: Value, L: Launcher, const CONJ: bool>(
    l: &L,
    mode: PointerMode,
    a: &DotEx,
) -> Result<()> {
    let result = a.result.cast::<R>();
    let Some((n, batch)) = reduction_sizes(a.n, true, a.batch_count, result)? else {
        return Ok(());
    };
    if n > 0 {
        null_vectors(&a.x, &a.y)?;
    }
    let cut = Cut::new(n, batch, true);
    let work = DotExWork::<X, R, CONJ> {
        cut,
        x: typed(a.x),
        incx: a.incx,
        y: typed(a.y),
        incy: a.incy,
        result: Ptr(result),
    };
    reduce(l, mode, cut, &work)
}

/// `rocblas_dot_ex` (`CONJ` false) or `rocblas_dotc_ex` and their batched forms.
///
/// # Safety
/// x and y cover `n` elements of their type at their steps for every member; `result` holds
/// `batch_count` values of `result_type`, writable until the call returns (host mode) or until
/// the kernel has run (device mode).
pub unsafe fn dot_ex<L: Launcher, const CONJ: bool>(
    l: &L,
    mode: PointerMode,
    a: &DotEx,
) -> Result<()> {
    use Datatype as D;
    let types = [a.x_type, a.y_type, a.result_type, a.execution_type];
    if a.x_type != a.y_type {
        return unsupported("dot_ex", &types);
    }
    fn plain<T: Element, L: Launcher, const CONJ: bool>(
        l: &L,
        mode: PointerMode,
        a: &DotEx,
    ) -> Result<()> {
        let d = a.typed::<T>();
        // SAFETY: the caller's contract of dot_ex, for the call's own type.
        unsafe {
            if CONJ {
                level1::dotc(l, mode, &d)
            } else {
                level1::dot(l, mode, &d)
            }
        }
    }
    match (a.x_type, a.result_type, a.execution_type) {
        (D::F16R, D::F16R, D::F16R | D::F32R) => plain::<f16, L, CONJ>(l, mode, a),
        // SAFETY: forwarded caller contract; the types are the call's.
        (D::Bf16R, D::Bf16R, D::F32R) => unsafe { dot_mixed::<bf16, bf16, L, CONJ>(l, mode, a) },
        (D::F32R, D::F32R, D::F32R) => plain::<f32, L, CONJ>(l, mode, a),
        // SAFETY: as above.
        (D::F32R, D::F64R, D::F64R) => unsafe { dot_mixed::<f32, f64, L, CONJ>(l, mode, a) },
        (D::F64R, D::F64R, D::F64R) => plain::<f64, L, CONJ>(l, mode, a),
        (D::F32C, D::F32C, D::F32C) => plain::<C32, L, CONJ>(l, mode, a),
        (D::F64C, D::F64C, D::F64C) => plain::<C64, L, CONJ>(l, mode, a),
        _ => unsupported(if CONJ { "dotc_ex" } else { "dot_ex" }, &types),
    }
}

/// `rocblas_nrm2_ex` (`_batched`, `_strided_batched`, `_64`): the Euclidean norm of each x,
/// stored in `result` (host or device memory per the pointer mode).
#[derive(Clone, Copy)]
pub struct Nrm2Ex {
    pub n: i64,
    pub x: Batch<u8>,
    pub x_type: Datatype,
    pub incx: i64,
    pub batch_count: i64,
    pub result: *mut u8,
    pub result_type: Datatype,
    pub execution_type: Datatype,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct Nrm2ExWork<X: Value, R: Value> {
    cut: Cut,
    x: Batch<X>,
    incx: i64,
    result: Ptr<R>,
}

impl<X: Value, R: Value> Work for Nrm2ExWork<X, R> {
    fn name() -> String {
        kernel_name::<X, R>("nrm2_ex")
    }

    fn run(&self, group: u32, groups: u32) {
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            // SAFETY: i < n; the caller's vector covers n elements at its step.
            let norm = euclidean_norm(range.map(|i| unsafe { x.get(i) }.to_c64()));
            // SAFETY: one result per member, checked non-null.
            unsafe { store(self.result, member, R::from_c64(C64::new(norm, 0.0))) };
        });
    }
}

/// `rocblas_nrm2_ex` and its batched forms.
///
/// # Safety
/// x covers `n` elements of its type at its step for every member; `result` holds
/// `batch_count` values of `result_type`, writable until the call returns (host mode) or until
/// the kernel has run (device mode).
pub unsafe fn nrm2_ex<L: Launcher>(l: &L, mode: PointerMode, a: &Nrm2Ex) -> Result<()> {
    use Datatype as D;
    fn plain<T: Element, L: Launcher>(l: &L, mode: PointerMode, a: &Nrm2Ex) -> Result<()> {
        let r = Reduction {
            n: a.n,
            x: typed::<T>(a.x),
            incx: a.incx,
            batch_count: a.batch_count,
            result: a.result.cast::<T::Real>(),
        };
        // SAFETY: the caller's contract of nrm2_ex, for the call's own types.
        unsafe { level1::nrm2(l, mode, &r) }
    }
    match (a.x_type, a.result_type, a.execution_type) {
        (D::Bf16R, D::Bf16R, D::F32R) => {
            let result = a.result.cast::<bf16>();
            let Some((n, batch)) = reduction_sizes(a.n, a.incx > 0, a.batch_count, result)? else {
                return Ok(());
            };
            if n > 0 && a.x.is_null() {
                return fail(Status::InvalidPointer, "x is a null pointer");
            }
            let cut = Cut::new(n, batch, true);
            let work = Nrm2ExWork::<bf16, bf16> {
                cut,
                x: typed(a.x),
                incx: a.incx,
                result: Ptr(result),
            };
            reduce(l, mode, cut, &work)
        }
        (D::F16R, D::F16R, D::F32R) => plain::<f16, L>(l, mode, a),
        (D::F32R, D::F32R, D::F32R) => plain::<f32, L>(l, mode, a),
        (D::F64R, D::F64R, D::F64R) => plain::<f64, L>(l, mode, a),
        (D::F32C, D::F32R, D::F32R) => plain::<C32, L>(l, mode, a),
        (D::F64C, D::F64R, D::F64R) => plain::<C64, L>(l, mode, a),
        _ => unsupported("nrm2_ex", &[a.x_type, a.result_type, a.execution_type]),
    }
}

/// `rocblas_rot_ex` (`_batched`, `_strided_batched`, `_64`): `x = c x + s y`,
/// `y = c y - conj(s) x`, with c and s both of `cs_type`.
#[derive(Clone, Copy)]
pub struct RotEx {
    pub n: i64,
    pub x: Batch<u8>,
    pub x_type: Datatype,
    pub incx: i64,
    pub y: Batch<u8>,
    pub y_type: Datatype,
    pub incy: i64,
    pub c: *const u8,
    pub s: *const u8,
    pub cs_type: Datatype,
    pub batch_count: i64,
    pub execution_type: Datatype,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct RotExWork<X: Value, S: Value> {
    cut: Cut,
    x: Batch<X>,
    incx: i64,
    y: Batch<X>,
    incy: i64,
    c: Scalar<S>,
    s: Scalar<S>,
}

impl<X: Value, S: Value> Work for RotExWork<X, S> {
    fn name() -> String {
        kernel_name::<X, S>("rot_ex")
    }

    fn run(&self, group: u32, groups: u32) {
        let (c, s) = (self.c.get().to_c64(), self.s.get().to_c64());
        let s_conj = s.conj();
        self.cut.each(group, groups, |member, range| {
            let x = Strided::new(self.x.at(member), self.cut.n, self.incx);
            let y = Strided::new(self.y.at(member), self.cut.n, self.incy);
            for i in range {
                // SAFETY: i < n; the caller's vectors cover n elements at their steps.
                unsafe {
                    let (xi, yi) = (x.get(i).to_c64(), y.get(i).to_c64());
                    x.set(i, X::from_c64(c * xi + s * yi));
                    y.set(i, X::from_c64(c * yi - s_conj * xi));
                }
            }
        });
    }
}

/// rot on vectors of `X` with c and s of `S`, checked as level 1's rot.
///
/// # Safety
/// As [`rot_ex`].
unsafe fn rot_mixed<X: Value, S: Value, L: Launcher>(
    l: &L,
    mode: PointerMode,
    a: &RotEx,
) -> Result<()> {
    let Some((n, batch)) = sizes(a.n, a.batch_count) else {
        return Ok(());
    };
    // SAFETY: forwarded caller contract.
    let c = unsafe { Scalar::from_ptr(a.c.cast::<S>(), mode, "c")? };
    // SAFETY: as above.
    let s = unsafe { Scalar::from_ptr(a.s.cast::<S>(), mode, "s")? };
    null_vectors(&a.x, &a.y)?;
    let cut = Cut::new(n, batch, a.incx == 0 || a.incy == 0);
    let work = RotExWork::<X, S> {
        cut,
        x: typed(a.x),
        incx: a.incx,
        y: typed(a.y),
        incy: a.incy,
        c,
        s,
    };
    l.launch(cut.groups(), &work)
}

/// `rocblas_rot_ex` and its batched forms.
///
/// # Safety
/// `c` and `s` (of `cs_type`) are readable now (host mode) or when the kernel runs (device
/// mode); x and y cover `n` elements of their type at their steps for every member.
pub unsafe fn rot_ex<L: Launcher>(l: &L, mode: PointerMode, a: &RotEx) -> Result<()> {
    if sizes(a.n, a.batch_count).is_none() {
        return Ok(());
    }
    use Datatype as D;
    let types = [a.x_type, a.y_type, a.cs_type, a.execution_type];
    if a.x_type != a.y_type {
        return unsupported("rot_ex", &types);
    }
    fn plain<T: Element, S: Element, L: Launcher>(
        l: &L,
        mode: PointerMode,
        a: &RotEx,
    ) -> Result<()> {
        let r = Rot::<T, S> {
            n: a.n,
            x: typed(a.x),
            incx: a.incx,
            y: typed(a.y),
            incy: a.incy,
            c: a.c.cast(),
            s: a.s.cast(),
            batch_count: a.batch_count,
        };
        // SAFETY: the caller's contract of rot_ex, for the call's own types (c is T::Real).
        unsafe { level1::rot(l, mode, &r) }
    }
    match (a.x_type, a.cs_type, a.execution_type) {
        // SAFETY: forwarded caller contract; the types are the call's.
        (D::Bf16R, D::Bf16R, D::F32R) => unsafe { rot_mixed::<bf16, bf16, L>(l, mode, a) },
        (D::F16R, D::F16R, D::F32R) => plain::<f16, f16, L>(l, mode, a),
        (D::F32R, D::F32R, D::F32R) => plain::<f32, f32, L>(l, mode, a),
        (D::F64R, D::F64R, D::F64R) => plain::<f64, f64, L>(l, mode, a),
        // SAFETY: as above (a complex c, which level 1's rot does not take).
        (D::F32C, D::F32C, D::F32C) => unsafe { rot_mixed::<C32, C32, L>(l, mode, a) },
        (D::F32C, D::F32R, D::F32C) => plain::<C32, f32, L>(l, mode, a),
        // SAFETY: as above.
        (D::F64C, D::F64C, D::F64C) => unsafe { rot_mixed::<C64, C64, L>(l, mode, a) },
        (D::F64C, D::F64R, D::F64C) => plain::<C64, f64, L>(l, mode, a),
        _ => unsupported("rot_ex", &types),
    }
}

/// `rocblas_trsm_ex` and its batched forms: trsm with the element type given as the compute
/// type (f32, f64, c32, c64). `invA`, rocBLAS's optional precomputed inverse of A's diagonal
/// blocks, is not needed by the CPU device's solve and is not read.
#[derive(Clone, Copy)]
pub struct TrsmEx {
    pub side: Side,
    pub uplo: Fill,
    pub trans_a: Operation,
    pub diag: Diagonal,
    pub m: i64,
    pub n: i64,
    pub alpha: *const u8,
    pub a: Batch<u8>,
    pub lda: i64,
    pub b: Batch<u8>,
    pub ldb: i64,
    pub batch_count: i64,
    pub compute_type: Datatype,
}

/// `rocblas_trsm_ex` and its batched forms.
///
/// # Safety
/// As [`trsm`], for the compute type's elements.
pub unsafe fn trsm_ex<L: Launcher>(l: &L, mode: PointerMode, t: &TrsmEx) -> Result<()> {
    fn args<T>(t: &TrsmEx) -> Trsm<T> {
        Trsm {
            side: t.side,
            uplo: t.uplo,
            trans_a: t.trans_a,
            diag: t.diag,
            m: t.m,
            n: t.n,
            alpha: t.alpha.cast(),
            a: typed(t.a),
            lda: t.lda,
            b: typed(t.b),
            ldb: t.ldb,
            batch_count: t.batch_count,
        }
    }
    use Datatype as D;
    // SAFETY: forwarded caller contract; the element type is the call's.
    unsafe {
        match t.compute_type {
            D::F32R => trsm(l, mode, &args::<f32>(t)),
            D::F64R => trsm(l, mode, &args::<f64>(t)),
            D::F32C => trsm(l, mode, &args::<C32>(t)),
            D::F64C => trsm(l, mode, &args::<C64>(t)),
            _ => unsupported("trsm_ex", &[t.compute_type]),
        }
    }
}
