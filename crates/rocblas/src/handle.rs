//! The safe Rust API: a [`Handle`] over a hip [`Stream`], and routines over
//! [`DeviceBuffer`]s whose sizes are checked against the call.

use crate::element::Element;
use crate::kernel::{work_bytes, work_group, Launcher, Work};
use crate::level3::{gemm, Batch, Gemm};
use crate::types::{fail, Error, Operation, PointerMode, Result, Status};
use hip::{ArgBytes, DeviceBuffer, Dim3, Function, Stream};
use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// rocBLAS's state for a series of calls (`rocblas_handle`): the stream its work is queued on.
/// Scalars are passed by value here, so the handle is always in host pointer mode.
#[derive(Debug)]
pub struct Handle {
    stream: Stream,
}

impl Handle {
    /// A handle on the null stream (`rocblas_create_handle`).
    pub fn new() -> Result<Handle> {
        Ok(Handle {
            stream: Stream::null(),
        })
    }

    /// Queues later work on `stream` (`rocblas_set_stream`).
    pub fn set_stream(&mut self, stream: Stream) {
        self.stream = stream;
    }

    pub fn stream(&self) -> &Stream {
        &self.stream
    }

    /// `C = alpha * op(A) * op(B) + beta * C` for column-major matrices (`rocblas_<t>gemm`):
    /// queued on the handle's stream; returns at once.
    #[allow(clippy::too_many_arguments)] // BLAS's own argument list
    pub fn gemm<T: Element>(
        &self,
        trans_a: Operation,
        trans_b: Operation,
        (m, n, k): (usize, usize, usize),
        alpha: T,
        a: &DeviceBuffer<T>,
        lda: usize,
        b: &DeviceBuffer<T>,
        ldb: usize,
        beta: T,
        c: &mut DeviceBuffer<T>,
        ldc: usize,
    ) -> Result<()> {
        let a_dims = op_dims(trans_a, m, k);
        let b_dims = op_dims(trans_b, k, n);
        if m > 0 && n > 0 {
            covers("A", a, a_dims, lda)?;
            covers("B", b, b_dims, ldb)?;
            covers("C", c, (m, n), ldc)?;
        }
        let g = Gemm {
            trans_a,
            trans_b,
            m: size(m)?,
            n: size(n)?,
            k: size(k)?,
            alpha: &alpha,
            a: Batch::one(a.as_ptr()),
            lda: size(lda)?,
            b: Batch::one(b.as_ptr()),
            ldb: size(ldb)?,
            beta: &beta,
            c: Batch::one(c.as_ptr()),
            ldc: size(ldc)?,
            batch_count: 1,
        };
        // SAFETY: host scalars live across the call; the buffers cover the matrices (checked
        // above) and outlive the queued kernel as device memory does in HIP.
        unsafe { gemm(self, PointerMode::Host, &g) }
    }
}

/// The stored (rows, cols) of a matrix whose op is `rows x cols`.
pub(crate) fn op_dims(op: Operation, rows: usize, cols: usize) -> (usize, usize) {
    match op {
        Operation::None => (rows, cols),
        _ => (cols, rows),
    }
}

pub(crate) fn size(v: usize) -> Result<i64> {
    i64::try_from(v).or_else(|_| fail(Status::InvalidSize, format!("size {v} is too large")))
}

/// `buf` holds a column-major `rows x cols` matrix with leading dimension `ld`.
pub(crate) fn covers<T: Copy>(
    what: &str,
    buf: &DeviceBuffer<T>,
    (rows, cols): (usize, usize),
    ld: usize,
) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Ok(());
    }
    let need = ld
        .checked_mul(cols - 1)
        .and_then(|v| v.checked_add(rows))
        .unwrap_or(usize::MAX);
    if ld >= rows && buf.len() < need {
        return fail(
            Status::InvalidSize,
            format!(
                "{what} is {rows} x {cols} with leading dimension {ld}: it needs {need} \
                 elements, the buffer has {}",
                buf.len()
            ),
        );
    }
    Ok(())
}

/// The hip function of each kernel, made once per process.
fn function<W: Work>() -> Function {
    static FUNCTIONS: OnceLock<Mutex<HashMap<TypeId, Function>>> = OnceLock::new();
    let mut map = FUNCTIONS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    map.entry(TypeId::of::<W>())
        .or_insert_with(|| {
            Function::native(&W::name(), work_group::<W>, std::mem::size_of::<W>() as u32)
        })
        .clone()
}

fn hip_error(e: hip::HipError) -> Error {
    Error {
        status: Status::InternalError,
        message: format!("HIP runtime: {e}"),
    }
}

impl Launcher for Handle {
    fn launch<W: Work>(&self, groups: u32, work: &W) -> Result<()> {
        let args = ArgBytes(work_bytes(work).to_vec());
        function::<W>()
            .launch(
                Dim3::from(groups),
                Dim3::from(1),
                0,
                Some(&self.stream),
                &[&args],
            )
            .map_err(hip_error)
    }

    fn synchronize(&self) -> Result<()> {
        self.stream.synchronize().map_err(hip_error)
    }
}

impl Handle {
    /// Solves `op(A) X = alpha B` (side left) or `X op(A) = alpha B` (side right) for X, which
    /// overwrites B (`rocblas_<t>trsm`); A is triangular. Queued on the handle's stream.
    #[allow(clippy::too_many_arguments)] // BLAS's own argument list
    pub fn trsm<T: crate::trsm::Solvable>(
        &self,
        side: crate::Side,
        uplo: crate::Fill,
        trans_a: Operation,
        diag: crate::Diagonal,
        (m, n): (usize, usize),
        alpha: T,
        a: &DeviceBuffer<T>,
        lda: usize,
        b: &mut DeviceBuffer<T>,
        ldb: usize,
    ) -> Result<()> {
        let k = if side == crate::Side::Left { m } else { n };
        if m > 0 && n > 0 {
            covers("A", a, (k, k), lda)?;
            covers("B", b, (m, n), ldb)?;
        }
        let t = crate::trsm::Trsm {
            side,
            uplo,
            trans_a,
            diag,
            m: size(m)?,
            n: size(n)?,
            alpha: &alpha,
            a: Batch::one(a.as_ptr()),
            lda: size(lda)?,
            b: Batch::one(b.as_ptr()),
            ldb: size(ldb)?,
            batch_count: 1,
        };
        // SAFETY: alpha lives across the call; the buffers cover the matrices (checked above).
        unsafe { crate::trsm::trsm(self, PointerMode::Host, &t) }
    }
}
