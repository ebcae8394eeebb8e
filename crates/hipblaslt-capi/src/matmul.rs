//! `hipblasLtMatmulAlgoGetHeuristic` and `hipblasLtMatmul`: a described problem is planned once
//! (sizes, types, options checked), then either judged (the heuristic query) or run as one
//! `gemm_ex` kernel and, when asked for, one epilogue kernel on the caller's stream.

use crate::attr::Attrs;
use crate::descriptors::{
    desc_attr, epilogue_name, layout_attr, pref_attr, Described, Layout, MatmulDesc, Preference,
    ORDER_COL,
};
use crate::epilogue::{self, Epilogue, Pass};
use crate::object;
use crate::{datatype, entry, fail, hipblasStatus_t, note, put, status, LtHandle, Result};
use amdhip64_sys::HipStream;
use rocblas::c_handle::StreamLauncher;
use rocblas::gemm_ex::{gemm_ex, GemmEx};
use rocblas::kernel::{Launcher, Ptr, Work};
use rocblas::level3::Batch;
use rocblas::{Datatype, Operation, PointerMode};
use std::ffi::c_void;

/// `hipblasLtMatmulAlgo_t`: hipBLASLt keeps a solution index in `data`; the one CPU algorithm
/// has index 0 and the text "ferrocm" after it. `hipblasLtMatmul` takes any value.
#[allow(non_camel_case_types)] // C's name
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct hipblasLtMatmulAlgo_t {
    pub data: [u8; 16],
    pub max_workspace_bytes: usize,
}

/// `hipblasLtMatmulHeuristicResult_t`.
#[allow(non_camel_case_types, non_snake_case)] // C's names
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct hipblasLtMatmulHeuristicResult_t {
    pub algo: hipblasLtMatmulAlgo_t,
    pub workspaceSize: usize,
    pub state: hipblasStatus_t,
    pub wavesCount: f32,
    pub reserved: [i32; 4],
}

/// The CPU algorithm's `data`.
const CPU_ALGO: [u8; 16] = *b"\0\0\0\0ferrocm\0\0\0\0\0";

/// One matrix as its layout describes it.
#[derive(Clone, Copy, Debug)]
struct Matrix {
    name: &'static str,
    ty: i64,
    rows: i64,
    cols: i64,
    ld: i64,
    batch: i64,
    stride: i64,
    order: i64,
}

impl Matrix {
    fn of(name: &'static str, a: &Attrs) -> Result<Matrix> {
        let (rows, cols) = (a.value(layout_attr::ROWS), a.value(layout_attr::COLS));
        // ROWS and COLS are uint64_t: a negative value here is one past i64::MAX.
        if rows < 0 || cols < 0 {
            return fail(
                status::INVALID_VALUE,
                format!(
                    "{name} has {} rows and {} columns",
                    rows as u64, cols as u64
                ),
            );
        }
        Ok(Matrix {
            name,
            ty: a.value(layout_attr::TYPE),
            rows,
            cols,
            ld: a.value(layout_attr::LD),
            batch: a.value(layout_attr::BATCH_COUNT),
            stride: a.value(layout_attr::STRIDED_BATCH_OFFSET),
            order: a.value(layout_attr::ORDER),
        })
    }
}

/// A matrix as gemm_ex takes it.
#[derive(Clone, Copy, Debug)]
struct Operand {
    ty: Datatype,
    ld: i64,
    stride: i64,
}

/// A checked problem.
#[derive(Clone, Copy, Debug)]
struct Plan {
    trans_a: Operation,
    trans_b: Operation,
    m: i64,
    n: i64,
    k: i64,
    batch: i64,
    a: Operand,
    b: Operand,
    c: Operand,
    d: Operand,
    compute: Datatype,
    mode: PointerMode,
    epilogue: Option<(Epilogue, epilogue::Launch)>,
    bias: *const u8,
}

/// gemm_ex's compute type for hipBLASLt's compute type and scale type (alpha's and beta's).
fn compute_type(compute: i32, scale: i32) -> Result<Datatype> {
    Ok(match (compute, scale) {
        (2..=6, 0) => Datatype::F32R,
        (2..=6, 4) => Datatype::F32C,
        (7 | 8, 1) => Datatype::F64R,
        (7 | 8, 5) => Datatype::F64C,
        (9 | 10, 10) => Datatype::I32R,
        _ => {
            return fail(
                status::NOT_SUPPORTED,
                format!("hipblasComputeType_t {compute} with scale type hipDataType {scale}"),
            )
        }
    })
}

fn operation(v: i64) -> Operation {
    // Set values were checked; anything else is the default.
    Operation::from_raw(v as i32).unwrap_or(Operation::None)
}

/// Descriptor attributes this library does not implement, which must be left unset.
const UNSUPPORTED_POINTERS: &[(i32, &str)] = &[
    (
        desc_attr::A_SCALE_POINTER,
        "HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER",
    ),
    (
        desc_attr::B_SCALE_POINTER,
        "HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER",
    ),
    (
        desc_attr::C_SCALE_POINTER,
        "HIPBLASLT_MATMUL_DESC_C_SCALE_POINTER",
    ),
    (
        desc_attr::D_SCALE_POINTER,
        "HIPBLASLT_MATMUL_DESC_D_SCALE_POINTER",
    ),
    (
        desc_attr::EPILOGUE_AUX_SCALE_POINTER,
        "HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER",
    ),
    (
        desc_attr::AMAX_D_POINTER,
        "HIPBLASLT_MATMUL_DESC_AMAX_D_POINTER",
    ),
    (
        desc_attr::A_SCALE_POINTER_VEC_EXT,
        "HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER_VEC_EXT",
    ),
    (
        desc_attr::B_SCALE_POINTER_VEC_EXT,
        "HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER_VEC_EXT",
    ),
];

/// Checks a described problem: `HIPBLAS_STATUS_INVALID_VALUE` for sizes that do not fit
/// together, `HIPBLAS_STATUS_NOT_SUPPORTED` for what this library does not do (row-major
/// matrices, scale pointers, some epilogues and pointer modes). The element types are gemm_ex's
/// to judge ([`types_supported`]).
fn plan(desc: &MatmulDesc, attrs: &Attrs, [a, b, c, d]: [&Matrix; 4]) -> Result<Plan> {
    let trans_a = operation(attrs.value(desc_attr::TRANSA));
    let trans_b = operation(attrs.value(desc_attr::TRANSB));
    for x in [a, b, c, d] {
        if x.order != ORDER_COL {
            return fail(
                status::NOT_SUPPORTED,
                format!(
                    "{} is row-major (HIPBLASLT_ORDER_ROW): only column-major matrices are supported",
                    x.name
                ),
            );
        }
    }
    if [b, c, d].iter().any(|x| x.batch != a.batch) {
        return fail(
            status::INVALID_VALUE,
            format!(
                "the batch counts of A ({}), B ({}), C ({}) and D ({}) differ",
                a.batch, b.batch, c.batch, d.batch
            ),
        );
    }
    let (m, k) = if trans_a == Operation::None {
        (a.rows, a.cols)
    } else {
        (a.cols, a.rows)
    };
    let (kb, n) = if trans_b == Operation::None {
        (b.rows, b.cols)
    } else {
        (b.cols, b.rows)
    };
    if kb != k {
        return fail(
            status::INVALID_VALUE,
            format!("op(A) is {m} x {k} but op(B) is {kb} x {n}: their inner sizes differ"),
        );
    }
    for x in [c, d] {
        if (x.rows, x.cols) != (m, n) {
            return fail(
                status::INVALID_VALUE,
                format!(
                    "{} is {} x {} but op(A) op(B) is {m} x {n}",
                    x.name, x.rows, x.cols
                ),
            );
        }
    }
    for x in [a, b, c, d] {
        if x.ld < x.rows.max(1) {
            return fail(
                status::INVALID_VALUE,
                format!(
                    "{}'s leading dimension {} is less than its {} rows",
                    x.name, x.ld, x.rows
                ),
            );
        }
    }
    let operand = |x: &Matrix| -> Result<Operand> {
        match datatype(x.ty) {
            Some(ty) => Ok(Operand {
                ty,
                ld: x.ld,
                stride: x.stride,
            }),
            None => fail(
                status::NOT_SUPPORTED,
                format!("{}'s type, hipDataType {}, is not supported", x.name, x.ty),
            ),
        }
    };
    let (a_op, b_op, c_op, d_op) = (operand(a)?, operand(b)?, operand(c)?, operand(d)?);
    let compute = compute_type(desc.compute_type, desc.scale_type)?;
    let mode = match attrs.value(desc_attr::POINTER_MODE) {
        0 => PointerMode::Host,
        1 => PointerMode::Device,
        v => {
            return fail(
                status::NOT_SUPPORTED,
                format!("pointer mode {v} (an alpha vector) is not supported"),
            )
        }
    };
    for &(id, name) in UNSUPPORTED_POINTERS {
        if attrs.value(id) != 0 {
            return fail(
                status::NOT_SUPPORTED,
                format!("{name} is set: scaling factors and amax are not supported"),
            );
        }
    }
    let raw_epilogue = attrs.value(desc_attr::EPILOGUE);
    let epilogue = match Epilogue::from_raw(raw_epilogue)? {
        None => None,
        Some(e) => {
            let bias_type = if e.bias {
                match attrs.value(desc_attr::BIAS_DATA_TYPE) {
                    crate::DATATYPE_UNSET => Some(d_op.ty),
                    t => match datatype(t) {
                        Some(t) => Some(t),
                        None => {
                            return fail(
                                status::NOT_SUPPORTED,
                                format!("a bias of hipDataType {t} is not supported"),
                            )
                        }
                    },
                }
            } else {
                None
            };
            match epilogue::kernel(d_op.ty, bias_type) {
                Some(kernel) => Some((e, kernel)),
                None => {
                    return fail(
                        status::NOT_SUPPORTED,
                        format!(
                            "the epilogue {} on D of type {:?}{} is not supported",
                            epilogue_name(raw_epilogue),
                            d_op.ty,
                            bias_type.map_or(String::new(), |t| format!(" with a bias of {t:?}"))
                        ),
                    )
                }
            }
        }
    };
    Ok(Plan {
        trans_a,
        trans_b,
        m,
        n,
        k,
        batch: a.batch,
        a: a_op,
        b: b_op,
        c: c_op,
        d: d_op,
        compute,
        mode,
        epilogue,
        bias: attrs.value(desc_attr::BIAS_POINTER) as usize as *const u8,
    })
}

/// gemm_ex's arguments for `p` over these matrices and scalars.
fn gemm_args(
    p: &Plan,
    (alpha, beta): (*const c_void, *const c_void),
    [a, b, c, d]: [*const c_void; 4],
) -> GemmEx {
    let strided = |x: *const c_void, o: &Operand| Batch::Strided {
        base: Ptr(x.cast::<u8>()),
        stride: o.stride,
    };
    GemmEx {
        trans_a: p.trans_a,
        trans_b: p.trans_b,
        m: p.m,
        n: p.n,
        k: p.k,
        alpha: alpha.cast(),
        a: strided(a, &p.a),
        a_type: p.a.ty,
        lda: p.a.ld,
        b: strided(b, &p.b),
        b_type: p.b.ty,
        ldb: p.b.ld,
        beta: beta.cast(),
        c: strided(c, &p.c),
        c_type: p.c.ty,
        ldc: p.c.ld,
        d: strided(d, &p.d),
        d_type: p.d.ty,
        ldd: p.d.ld,
        batch_count: p.batch,
        compute_type: p.compute,
    }
}

/// A launcher that queues nothing: gemm_ex run against it only checks its arguments.
struct DryRun;

impl Launcher for DryRun {
    fn launch<W: Work>(&self, _groups: u32, _work: &W) -> rocblas::Result<()> {
        Ok(())
    }
    fn synchronize(&self) -> rocblas::Result<()> {
        Ok(())
    }
}

/// Whether gemm_ex has `p`'s combination of element and compute types: it is asked with a
/// 1 x 1 x 1 product that is never run.
fn types_supported(p: &Plan) -> Result<()> {
    // Zero alpha and beta of any compute type (at most 16 bytes), and distinct C and D.
    let (scalars, c, d) = ([0u64; 2], [0u64; 2], [0u64; 2]);
    let one = Plan {
        m: 1,
        n: 1,
        k: 1,
        batch: 1,
        a: Operand { ld: 1, ..p.a },
        b: Operand { ld: 1, ..p.b },
        c: Operand { ld: 1, ..p.c },
        d: Operand { ld: 1, ..p.d },
        ..*p
    };
    let s: *const c_void = scalars.as_ptr().cast();
    let g = gemm_args(&one, (s, s), [s, s, c.as_ptr().cast(), d.as_ptr().cast()]);
    // SAFETY: host-mode alpha and beta are read now, from `scalars`, which holds 16 bytes; the
    // matrices are never read, as DryRun runs no kernel.
    unsafe { gemm_ex(&DryRun, PointerMode::Host, &g) }?;
    Ok(())
}

/// The four layouts (C's may be null in a matmul: it is D's then).
fn layouts(descs: [*mut c_void; 4], c_may_be_null: bool) -> Result<[Matrix; 4]> {
    let names = ["A", "B", "C", "D"];
    let mut out = Vec::with_capacity(4);
    for (i, &p) in descs.iter().enumerate() {
        let p = if i == 2 && c_may_be_null && p.is_null() {
            descs[3]
        } else {
            p
        };
        out.push(Matrix::of(names[i], &object::get::<Layout>(p)?.snapshot())?);
    }
    match <[Matrix; 4]>::try_from(out) {
        Ok(m) => Ok(m),
        Err(_) => fail(status::INTERNAL_ERROR, "four layouts expected"),
    }
}

#[no_mangle]
#[allow(clippy::too_many_arguments)] // hipBLASLt's signature
pub unsafe extern "C" fn hipblasLtMatmulAlgoGetHeuristic(
    handle: *mut c_void,
    matmul_desc: *mut c_void,
    a_desc: *mut c_void,
    b_desc: *mut c_void,
    c_desc: *mut c_void,
    d_desc: *mut c_void,
    pref: *mut c_void,
    requested_algo_count: i32,
    heuristic_results: *mut hipblasLtMatmulHeuristicResult_t,
    return_algo_count: *mut i32,
) -> hipblasStatus_t {
    const NAME: &str = "hipblasLtMatmulAlgoGetHeuristic";
    entry(NAME, || {
        object::get::<LtHandle>(handle)?;
        let desc = object::get::<MatmulDesc>(matmul_desc)?;
        let matrices = layouts([a_desc, b_desc, c_desc, d_desc], false)?;
        let pref = object::get::<Preference>(pref)?;
        if requested_algo_count < 1 {
            return fail(
                status::INVALID_VALUE,
                format!("requestedAlgoCount {requested_algo_count} is less than 1"),
            );
        }
        if heuristic_results.is_null() {
            return fail(
                status::INVALID_VALUE,
                "heuristicResultsArray is a null pointer",
            );
        }
        if return_algo_count.is_null() {
            return fail(status::INVALID_VALUE, "returnAlgoCount is a null pointer");
        }
        let max_workspace = pref.snapshot().value(pref_attr::MAX_WORKSPACE_BYTES) as u64;
        let [a, b, c, d] = &matrices;
        let verdict = plan(&desc, &desc.snapshot(), [a, b, c, d]).and_then(|p| types_supported(&p));
        let empty = |state| hipblasLtMatmulHeuristicResult_t {
            algo: hipblasLtMatmulAlgo_t {
                data: [0; 16],
                max_workspace_bytes: 0,
            },
            workspaceSize: 0,
            state,
            wavesCount: 0.0,
            reserved: [0; 4],
        };
        let (found, rest) = match verdict {
            Ok(()) => {
                let cpu = hipblasLtMatmulHeuristicResult_t {
                    algo: hipblasLtMatmulAlgo_t {
                        data: CPU_ALGO,
                        max_workspace_bytes: usize::try_from(max_workspace).unwrap_or(usize::MAX),
                    },
                    wavesCount: 1.0,
                    ..empty(status::SUCCESS)
                };
                // SAFETY: the array holds `requested_algo_count` (at least 1) results.
                unsafe { heuristic_results.write_unaligned(cpu) };
                (1, status::NOT_SUPPORTED)
            }
            Err(e) => {
                note(NAME, e.status, &format!("no algorithm: {}", e.message));
                (0, e.status)
            }
        };
        for i in found..requested_algo_count as usize {
            // SAFETY: as above, `i` is inside the array.
            unsafe { heuristic_results.add(i).write_unaligned(empty(rest)) };
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { put(return_algo_count, found as i32, "returnAlgoCount") }
    })
}

#[no_mangle]
#[allow(clippy::too_many_arguments)] // hipBLASLt's signature
pub unsafe extern "C" fn hipblasLtMatmul(
    handle: *mut c_void,
    matmul_desc: *mut c_void,
    alpha: *const c_void,
    a: *const c_void,
    a_desc: *mut c_void,
    b: *const c_void,
    b_desc: *mut c_void,
    beta: *const c_void,
    c: *const c_void,
    c_desc: *mut c_void,
    d: *mut c_void,
    d_desc: *mut c_void,
    _algo: *const hipblasLtMatmulAlgo_t,
    workspace: *mut c_void,
    workspace_size_in_bytes: usize,
    stream: HipStream,
) -> hipblasStatus_t {
    entry("hipblasLtMatmul", || {
        object::get::<LtHandle>(handle)?;
        let desc = object::get::<MatmulDesc>(matmul_desc)?;
        let matrices = layouts([a_desc, b_desc, c_desc, d_desc], true)?;
        for (p, name) in [
            (alpha, "alpha"),
            (beta, "beta"),
            (a, "A"),
            (b, "B"),
            (c, "C"),
            (d.cast_const(), "D"),
        ] {
            if p.is_null() {
                return fail(status::INVALID_VALUE, format!("{name} is a null pointer"));
            }
        }
        if workspace.is_null() && workspace_size_in_bytes > 0 {
            return fail(
                status::INVALID_VALUE,
                format!("the workspace is a null pointer of {workspace_size_in_bytes} bytes"),
            );
        }
        let [ma, mb, mc, md] = &matrices;
        let p = plan(&desc, &desc.snapshot(), [ma, mb, mc, md])?;
        if p.epilogue.is_some_and(|(e, _)| e.bias) && p.bias.is_null() {
            return fail(
                status::INVALID_VALUE,
                "the epilogue adds a bias but HIPBLASLT_MATMUL_DESC_BIAS_POINTER is null",
            );
        }
        let launcher = StreamLauncher(stream);
        let g = gemm_args(&p, (alpha, beta), [a, b, c, d.cast_const()]);
        // SAFETY: the C API's contract: the matrices cover their layouts, alpha and beta are of
        // the scale type, readable now (host pointer mode) or when the kernel runs (device).
        unsafe { gemm_ex(&launcher, p.mode, &g) }?;
        if let Some((epilogue, kernel)) = p.epilogue {
            let pass = Pass {
                epilogue,
                d: d.cast(),
                ldd: p.d.ld,
                stride_d: p.d.stride,
                m: p.m,
                n: p.n,
                batch: p.batch,
                bias: if epilogue.bias {
                    p.bias
                } else {
                    std::ptr::null()
                },
            };
            kernel(&launcher, &pass)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptors::OP_N;

    #[test]
    fn c_layouts() {
        assert_eq!(std::mem::size_of::<hipblasLtMatmulAlgo_t>(), 24);
        assert_eq!(std::mem::size_of::<hipblasLtMatmulHeuristicResult_t>(), 56);
        assert_eq!(OP_N, Operation::None as i64);
    }

    #[test]
    fn compute_and_scale_types() {
        assert_eq!(compute_type(2, 0).ok(), Some(Datatype::F32R));
        assert_eq!(compute_type(7, 1).ok(), Some(Datatype::F64R));
        assert_eq!(compute_type(9, 10).ok(), Some(Datatype::I32R));
        assert_eq!(
            compute_type(2, 1).err().map(|e| e.status),
            Some(status::NOT_SUPPORTED)
        );
    }
}
