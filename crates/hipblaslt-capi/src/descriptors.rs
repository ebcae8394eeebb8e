//! Matrix layouts, matmul descriptors and matmul preferences: their attribute tables (hipBLASLt
//! 0.8's enum numbers) and their create, destroy, set and get entry points.
//!
//! Values with a closed set (an operation, an epilogue, an order, a pointer mode, a type) are
//! checked when set: an unknown one is `HIPBLAS_STATUS_INVALID_VALUE` there. Known values this
//! library cannot run (row-major order, the auxiliary-output epilogues, scale pointers) are
//! accepted and refused by the heuristic query and `hipblasLtMatmul` with
//! `HIPBLAS_STATUS_NOT_SUPPORTED`.

use crate::attr::{one_of, Attr, Attrs, Kind, Table};
use crate::object::{self, Object};
use crate::{entry, fail, hipblasStatus_t, is_hip_datatype, put, status, Result, DATATYPE_UNSET};
use std::ffi::c_void;
use std::sync::{Mutex, MutexGuard};

/// `hipblasLtMatrixLayoutAttribute_t`.
pub(crate) mod layout_attr {
    pub const BATCH_COUNT: i32 = 0;
    pub const STRIDED_BATCH_OFFSET: i32 = 1;
    pub const TYPE: i32 = 2;
    pub const ORDER: i32 = 3;
    pub const ROWS: i32 = 4;
    pub const COLS: i32 = 5;
    pub const LD: i32 = 6;
}

/// `hipblasLtMatmulDescAttributes_t`.
pub(crate) mod desc_attr {
    pub const TRANSA: i32 = 0;
    pub const TRANSB: i32 = 1;
    pub const EPILOGUE: i32 = 2;
    pub const BIAS_POINTER: i32 = 3;
    pub const BIAS_DATA_TYPE: i32 = 4;
    pub const A_SCALE_POINTER: i32 = 5;
    pub const B_SCALE_POINTER: i32 = 6;
    pub const C_SCALE_POINTER: i32 = 7;
    pub const D_SCALE_POINTER: i32 = 8;
    pub const EPILOGUE_AUX_SCALE_POINTER: i32 = 9;
    pub const EPILOGUE_AUX_POINTER: i32 = 10;
    pub const EPILOGUE_AUX_LD: i32 = 11;
    pub const EPILOGUE_AUX_BATCH_STRIDE: i32 = 12;
    pub const POINTER_MODE: i32 = 13;
    pub const AMAX_D_POINTER: i32 = 14;
    pub const COMPUTE_INPUT_TYPE_A_EXT: i32 = 100;
    pub const COMPUTE_INPUT_TYPE_B_EXT: i32 = 101;
    pub const A_SCALE_POINTER_VEC_EXT: i32 = 102;
    pub const B_SCALE_POINTER_VEC_EXT: i32 = 103;
}

/// `hipblasLtMatmulPreferenceAttributes_t`.
pub(crate) mod pref_attr {
    pub const SEARCH_MODE: i32 = 0;
    pub const MAX_WORKSPACE_BYTES: i32 = 1;
}

/// `hipblasLtEpilogue_t`: each value and its C name.
pub(crate) const EPILOGUES: &[(i64, &str)] = &[
    (1, "HIPBLASLT_EPILOGUE_DEFAULT"),
    (2, "HIPBLASLT_EPILOGUE_RELU"),
    (4, "HIPBLASLT_EPILOGUE_BIAS"),
    (6, "HIPBLASLT_EPILOGUE_RELU_BIAS"),
    (32, "HIPBLASLT_EPILOGUE_GELU"),
    (36, "HIPBLASLT_EPILOGUE_GELU_BIAS"),
    (160, "HIPBLASLT_EPILOGUE_GELU_AUX"),
    (164, "HIPBLASLT_EPILOGUE_GELU_AUX_BIAS"),
    (192, "HIPBLASLT_EPILOGUE_DGELU"),
    (208, "HIPBLASLT_EPILOGUE_DGELU_BGRAD"),
    (256, "HIPBLASLT_EPILOGUE_BGRADA"),
    (512, "HIPBLASLT_EPILOGUE_BGRADB"),
];

/// The C name of a `hipblasLtEpilogue_t` value.
pub(crate) fn epilogue_name(v: i64) -> &'static str {
    EPILOGUES
        .iter()
        .find(|&&(e, _)| e == v)
        .map_or("<unknown hipblasLtEpilogue_t>", |&(_, name)| name)
}

/// `hipblasOperation_t`.
pub(crate) const OP_N: i64 = 111;
const OPERATIONS: &[i64] = &[111, 112, 113];
/// `hipblasLtOrder_t`.
pub(crate) const ORDER_COL: i64 = 0;
const ORDERS: &[i64] = &[0, 1];
/// `hipblasLtPointerMode_t`: host, device, and alpha as a device vector with beta on the host.
const POINTER_MODES: &[i64] = &[0, 1, 4];

fn check_operation(v: i64) -> Option<String> {
    one_of(v, OPERATIONS, "hipblasOperation_t")
}
fn check_epilogue(v: i64) -> Option<String> {
    (!EPILOGUES.iter().any(|&(e, _)| e == v)).then(|| format!("{v} is not a hipblasLtEpilogue_t"))
}
fn check_order(v: i64) -> Option<String> {
    one_of(v, ORDERS, "hipblasLtOrder_t")
}
fn check_pointer_mode(v: i64) -> Option<String> {
    one_of(v, POINTER_MODES, "hipblasLtPointerMode_t")
}
fn check_type(v: i64) -> Option<String> {
    (!is_hip_datatype(v)).then(|| format!("{v} is not a hipDataType"))
}
fn check_type_or_unset(v: i64) -> Option<String> {
    if v == DATATYPE_UNSET {
        None
    } else {
        check_type(v)
    }
}
fn check_batch_count(v: i64) -> Option<String> {
    (v < 1).then(|| format!("a batch count of {v}: it must be at least 1"))
}
fn check_not_negative(v: i64) -> Option<String> {
    (v < 0).then(|| format!("{v} is negative"))
}

const fn plain(id: i32, name: &'static str, kind: Kind, default: i64) -> Attr {
    Attr {
        id,
        name,
        kind,
        default,
        check: None,
    }
}

const fn checked(
    id: i32,
    name: &'static str,
    kind: Kind,
    default: i64,
    check: fn(i64) -> Option<String>,
) -> Attr {
    Attr {
        id,
        name,
        kind,
        default,
        check: Some(check),
    }
}

static LAYOUT: Table = Table {
    enum_name: "hipblasLtMatrixLayoutAttribute_t",
    attrs: &[
        checked(
            layout_attr::BATCH_COUNT,
            "HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT",
            Kind::I32,
            1,
            check_batch_count,
        ),
        checked(
            layout_attr::STRIDED_BATCH_OFFSET,
            "HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET",
            Kind::I64,
            0,
            check_not_negative,
        ),
        checked(
            layout_attr::TYPE,
            "HIPBLASLT_MATRIX_LAYOUT_TYPE",
            Kind::U32,
            0,
            check_type,
        ),
        checked(
            layout_attr::ORDER,
            "HIPBLASLT_MATRIX_LAYOUT_ORDER",
            Kind::I32,
            ORDER_COL,
            check_order,
        ),
        plain(
            layout_attr::ROWS,
            "HIPBLASLT_MATRIX_LAYOUT_ROWS",
            Kind::U64,
            0,
        ),
        plain(
            layout_attr::COLS,
            "HIPBLASLT_MATRIX_LAYOUT_COLS",
            Kind::U64,
            0,
        ),
        plain(layout_attr::LD, "HIPBLASLT_MATRIX_LAYOUT_LD", Kind::I64, 0),
    ],
};

static MATMUL_DESC: Table = Table {
    enum_name: "hipblasLtMatmulDescAttributes_t",
    attrs: &[
        checked(
            desc_attr::TRANSA,
            "HIPBLASLT_MATMUL_DESC_TRANSA",
            Kind::I32,
            OP_N,
            check_operation,
        ),
        checked(
            desc_attr::TRANSB,
            "HIPBLASLT_MATMUL_DESC_TRANSB",
            Kind::I32,
            OP_N,
            check_operation,
        ),
        checked(
            desc_attr::EPILOGUE,
            "HIPBLASLT_MATMUL_DESC_EPILOGUE",
            Kind::U32,
            1,
            check_epilogue,
        ),
        plain(
            desc_attr::BIAS_POINTER,
            "HIPBLASLT_MATMUL_DESC_BIAS_POINTER",
            Kind::Ptr,
            0,
        ),
        checked(
            desc_attr::BIAS_DATA_TYPE,
            "HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE",
            Kind::I32,
            DATATYPE_UNSET,
            check_type_or_unset,
        ),
        plain(
            desc_attr::A_SCALE_POINTER,
            "HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER",
            Kind::Ptr,
            0,
        ),
        plain(
            desc_attr::B_SCALE_POINTER,
            "HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER",
            Kind::Ptr,
            0,
        ),
        plain(
            desc_attr::C_SCALE_POINTER,
            "HIPBLASLT_MATMUL_DESC_C_SCALE_POINTER",
            Kind::Ptr,
            0,
        ),
        plain(
            desc_attr::D_SCALE_POINTER,
            "HIPBLASLT_MATMUL_DESC_D_SCALE_POINTER",
            Kind::Ptr,
            0,
        ),
        plain(
            desc_attr::EPILOGUE_AUX_SCALE_POINTER,
            "HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER",
            Kind::Ptr,
            0,
        ),
        plain(
            desc_attr::EPILOGUE_AUX_POINTER,
            "HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER",
            Kind::Ptr,
            0,
        ),
        plain(
            desc_attr::EPILOGUE_AUX_LD,
            "HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD",
            Kind::I64,
            0,
        ),
        plain(
            desc_attr::EPILOGUE_AUX_BATCH_STRIDE,
            "HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE",
            Kind::I64,
            0,
        ),
        checked(
            desc_attr::POINTER_MODE,
            "HIPBLASLT_MATMUL_DESC_POINTER_MODE",
            Kind::I32,
            0,
            check_pointer_mode,
        ),
        plain(
            desc_attr::AMAX_D_POINTER,
            "HIPBLASLT_MATMUL_DESC_AMAX_D_POINTER",
            Kind::Ptr,
            0,
        ),
        checked(
            desc_attr::COMPUTE_INPUT_TYPE_A_EXT,
            "HIPBLASLT_MATMUL_DESC_COMPUTE_INPUT_TYPE_A_EXT",
            Kind::I32,
            DATATYPE_UNSET,
            check_type_or_unset,
        ),
        checked(
            desc_attr::COMPUTE_INPUT_TYPE_B_EXT,
            "HIPBLASLT_MATMUL_DESC_COMPUTE_INPUT_TYPE_B_EXT",
            Kind::I32,
            DATATYPE_UNSET,
            check_type_or_unset,
        ),
        plain(
            desc_attr::A_SCALE_POINTER_VEC_EXT,
            "HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER_VEC_EXT",
            Kind::Ptr,
            0,
        ),
        plain(
            desc_attr::B_SCALE_POINTER_VEC_EXT,
            "HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER_VEC_EXT",
            Kind::Ptr,
            0,
        ),
    ],
};

static PREFERENCE: Table = Table {
    enum_name: "hipblasLtMatmulPreferenceAttributes_t",
    attrs: &[
        plain(
            pref_attr::SEARCH_MODE,
            "HIPBLASLT_MATMUL_PREF_SEARCH_MODE",
            Kind::U32,
            0,
        ),
        plain(
            pref_attr::MAX_WORKSPACE_BYTES,
            "HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES",
            Kind::U64,
            0,
        ),
    ],
};

/// A descriptor: attributes behind a lock (a program may set them from several threads).
pub(crate) trait Described: Object {
    fn attrs(&self) -> &Mutex<Attrs>;

    fn lock(&self) -> MutexGuard<'_, Attrs> {
        // Attribute values are whole after any panic: use them as they are.
        self.attrs().lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A copy of the attributes, for one call to use.
    fn snapshot(&self) -> Attrs {
        self.lock().clone()
    }
}

/// What a `hipblasLtMatrixLayout_t` points to.
pub(crate) struct Layout(Mutex<Attrs>);
object::object!(Layout, "hipblasLtMatrixLayout_t");
impl Described for Layout {
    fn attrs(&self) -> &Mutex<Attrs> {
        &self.0
    }
}

/// What a `hipblasLtMatmulDesc_t` points to: the compute and scale types it was created with,
/// and its attributes.
pub(crate) struct MatmulDesc {
    pub compute_type: i32,
    pub scale_type: i32,
    attrs: Mutex<Attrs>,
}
object::object!(MatmulDesc, "hipblasLtMatmulDesc_t");
impl Described for MatmulDesc {
    fn attrs(&self) -> &Mutex<Attrs> {
        &self.attrs
    }
}

/// What a `hipblasLtMatmulPreference_t` points to.
pub(crate) struct Preference(Mutex<Attrs>);
object::object!(Preference, "hipblasLtMatmulPreference_t");
impl Described for Preference {
    fn attrs(&self) -> &Mutex<Attrs> {
        &self.0
    }
}

/// `hipblasComputeType_t`s a matmul descriptor takes: the 32-bit float kinds (all computed in
/// f32 here), 64-bit float and 32-bit integer. hipBLASLt has no f16 compute.
const COMPUTE_TYPES: &[i64] = &[2, 3, 4, 5, 6, 7, 8, 9, 10];
/// Scale types (of alpha and beta): `HIP_R_32F`, `HIP_R_64F`, `HIP_R_32I` as in hipBLASLt, and
/// `HIP_C_32F`, `HIP_C_64F` for the complex products gemm_ex has.
const SCALE_TYPES: &[i64] = &[0, 1, 10, 4, 5];

/// Creates a descriptor into `out`.
///
/// # Safety
/// `out` is null or writable.
unsafe fn create_into<T: Object>(
    out: *mut *mut c_void,
    v: impl FnOnce() -> Result<T>,
) -> Result<()> {
    if out.is_null() {
        return fail(
            status::INVALID_VALUE,
            format!("the {} out-pointer is null", T::C_TYPE),
        );
    }
    let obj = object::create(v()?);
    // SAFETY: non-null, writable per the caller.
    unsafe { put(out, obj, T::C_TYPE) }
}

/// `...SetAttribute` of any descriptor kind.
///
/// # Safety
/// `buf` is null or readable for `size` bytes.
unsafe fn set_attribute<T: Described>(
    p: *mut c_void,
    attr: i32,
    buf: *const c_void,
    size: usize,
) -> Result<()> {
    let obj = object::get::<T>(p)?;
    let mut attrs = obj.lock();
    // SAFETY: forwarded caller contract.
    unsafe { attrs.set_from(attr, buf, size) }
}

/// `...GetAttribute` of any descriptor kind.
///
/// # Safety
/// `buf` is null or writable for `size` bytes; `written` is null or writable.
unsafe fn get_attribute<T: Described>(
    p: *mut c_void,
    attr: i32,
    buf: *mut c_void,
    size: usize,
    written: *mut usize,
) -> Result<()> {
    let attrs = object::get::<T>(p)?.snapshot();
    // SAFETY: forwarded caller contract.
    unsafe { attrs.get_into(attr, buf, size, written) }
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatrixLayoutCreate(
    mat_layout: *mut *mut c_void,
    type_: i32,
    rows: u64,
    cols: u64,
    ld: i64,
) -> hipblasStatus_t {
    entry("hipblasLtMatrixLayoutCreate", || {
        let make = || {
            let mut a = Attrs::new(&LAYOUT);
            a.set(layout_attr::TYPE, i64::from(type_))?;
            a.set(layout_attr::ROWS, rows as i64)?;
            a.set(layout_attr::COLS, cols as i64)?;
            a.set(layout_attr::LD, ld)?;
            Ok(Layout(Mutex::new(a)))
        };
        // SAFETY: `mat_layout` is null or writable.
        unsafe { create_into(mat_layout, make) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatrixLayoutDestroy(mat_layout: *mut c_void) -> hipblasStatus_t {
    entry("hipblasLtMatrixLayoutDestroy", || {
        object::destroy::<Layout>(mat_layout)
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatrixLayoutSetAttribute(
    mat_layout: *mut c_void,
    attr: i32,
    buf: *const c_void,
    size_in_bytes: usize,
) -> hipblasStatus_t {
    entry("hipblasLtMatrixLayoutSetAttribute", || {
        // SAFETY: the C API's contract.
        unsafe { set_attribute::<Layout>(mat_layout, attr, buf, size_in_bytes) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatrixLayoutGetAttribute(
    mat_layout: *mut c_void,
    attr: i32,
    buf: *mut c_void,
    size_in_bytes: usize,
    size_written: *mut usize,
) -> hipblasStatus_t {
    entry("hipblasLtMatrixLayoutGetAttribute", || {
        // SAFETY: the C API's contract.
        unsafe { get_attribute::<Layout>(mat_layout, attr, buf, size_in_bytes, size_written) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatmulDescCreate(
    matmul_desc: *mut *mut c_void,
    compute_type: i32,
    scale_type: i32,
) -> hipblasStatus_t {
    entry("hipblasLtMatmulDescCreate", || {
        let make = || {
            if let Some(why) = one_of(
                i64::from(compute_type),
                COMPUTE_TYPES,
                "hipblasComputeType_t hipBLASLt takes",
            ) {
                return fail(status::INVALID_VALUE, why);
            }
            if let Some(why) = one_of(
                i64::from(scale_type),
                SCALE_TYPES,
                "scale type (hipDataType) hipBLASLt takes",
            ) {
                return fail(status::INVALID_VALUE, why);
            }
            Ok(MatmulDesc {
                compute_type,
                scale_type,
                attrs: Mutex::new(Attrs::new(&MATMUL_DESC)),
            })
        };
        // SAFETY: `matmul_desc` is null or writable.
        unsafe { create_into(matmul_desc, make) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatmulDescDestroy(matmul_desc: *mut c_void) -> hipblasStatus_t {
    entry("hipblasLtMatmulDescDestroy", || {
        object::destroy::<MatmulDesc>(matmul_desc)
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatmulDescSetAttribute(
    matmul_desc: *mut c_void,
    attr: i32,
    buf: *const c_void,
    size_in_bytes: usize,
) -> hipblasStatus_t {
    entry("hipblasLtMatmulDescSetAttribute", || {
        // SAFETY: the C API's contract.
        unsafe { set_attribute::<MatmulDesc>(matmul_desc, attr, buf, size_in_bytes) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatmulDescGetAttribute(
    matmul_desc: *mut c_void,
    attr: i32,
    buf: *mut c_void,
    size_in_bytes: usize,
    size_written: *mut usize,
) -> hipblasStatus_t {
    entry("hipblasLtMatmulDescGetAttribute", || {
        // SAFETY: the C API's contract.
        unsafe { get_attribute::<MatmulDesc>(matmul_desc, attr, buf, size_in_bytes, size_written) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatmulPreferenceCreate(
    pref: *mut *mut c_void,
) -> hipblasStatus_t {
    entry("hipblasLtMatmulPreferenceCreate", || {
        let make = || Ok(Preference(Mutex::new(Attrs::new(&PREFERENCE))));
        // SAFETY: `pref` is null or writable.
        unsafe { create_into(pref, make) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatmulPreferenceDestroy(pref: *mut c_void) -> hipblasStatus_t {
    entry("hipblasLtMatmulPreferenceDestroy", || {
        object::destroy::<Preference>(pref)
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatmulPreferenceSetAttribute(
    pref: *mut c_void,
    attr: i32,
    buf: *const c_void,
    size_in_bytes: usize,
) -> hipblasStatus_t {
    entry("hipblasLtMatmulPreferenceSetAttribute", || {
        // SAFETY: the C API's contract.
        unsafe { set_attribute::<Preference>(pref, attr, buf, size_in_bytes) }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtMatmulPreferenceGetAttribute(
    pref: *mut c_void,
    attr: i32,
    buf: *mut c_void,
    size_in_bytes: usize,
    size_written: *mut usize,
) -> hipblasStatus_t {
    entry("hipblasLtMatmulPreferenceGetAttribute", || {
        // SAFETY: the C API's contract.
        unsafe { get_attribute::<Preference>(pref, attr, buf, size_in_bytes, size_written) }
    })
}
