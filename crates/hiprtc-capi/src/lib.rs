//! `libhiprtc.so` for ferrocm: the hipRTC C ABI (`include/hip/hiprtc.h`), a thin edge over the
//! [`hiprtc`] crate.
//!
//! Every entry point checks its arguments (a NULL pointer where one is required is
//! `HIPRTC_ERROR_INVALID_INPUT`; a program handle that is NULL, was never created or is already
//! destroyed is `HIPRTC_ERROR_INVALID_PROGRAM`; a link state likewise is `HIPRTC_ERROR_INVALID_INPUT`, as ROCm has
//! no code of its own for it), runs the Rust API, and turns its `RtcError` into the status code with
//! ROCm's number. No panic crosses the C ABI: one would be `HIPRTC_ERROR_INTERNAL_ERROR`.
//!
//! Pointers handed back (`hiprtcGetLoweredName`'s names, `hiprtcLinkComplete`'s binary) stay valid
//! until the program or link state is destroyed. Errors are logged with `tracing` (target
//! `hiprtc_capi`), naming the call and what was wrong.
#![allow(non_snake_case, reason = "the C ABI uses hipRTC's own names")]
#![allow(
    non_camel_case_types,
    reason = "the C ABI uses hipRTC's own type names"
)]

mod handle;

use handle::Registry;
use hiprtc::{HiprtcResult, LinkInput, Linker, Program, RtcError};
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// `hiprtcProgram`: an opaque handle.
pub type hiprtcProgram = *mut c_void;
/// `hiprtcLinkState`: an opaque handle.
pub type hiprtcLinkState = *mut c_void;
/// `hiprtcJIT_option`, as the C enum's integer.
pub type hiprtcJIT_option = c_int;
/// `hiprtcJITInputType`, as the C enum's integer.
pub type hiprtcJITInputType = c_int;

/// `hiprtcJIT_option` values (ROCm's numbers).
pub mod jit_option {
    pub const MAX_REGISTERS: i32 = 0;
    pub const THREADS_PER_BLOCK: i32 = 1;
    pub const WALL_TIME: i32 = 2;
    pub const INFO_LOG_BUFFER: i32 = 3;
    pub const INFO_LOG_BUFFER_SIZE_BYTES: i32 = 4;
    pub const ERROR_LOG_BUFFER: i32 = 5;
    pub const ERROR_LOG_BUFFER_SIZE_BYTES: i32 = 6;
    pub const OPTIMIZATION_LEVEL: i32 = 7;
    pub const TARGET_FROM_HIPCONTEXT: i32 = 8;
    pub const TARGET: i32 = 9;
    pub const FALLBACK_STRATEGY: i32 = 10;
    pub const GENERATE_DEBUG_INFO: i32 = 11;
    pub const LOG_VERBOSE: i32 = 12;
    pub const GENERATE_LINE_INFO: i32 = 13;
    pub const CACHE_MODE: i32 = 14;
    pub const NEW_SM3X_OPT: i32 = 15;
    pub const FAST_COMPILE: i32 = 16;
    pub const GLOBAL_SYMBOL_NAMES: i32 = 17;
    pub const GLOBAL_SYMBOL_ADDRESS: i32 = 18;
    pub const GLOBAL_SYMBOL_COUNT: i32 = 19;
    pub const LTO: i32 = 20;
    pub const FTZ: i32 = 21;
    pub const PREC_DIV: i32 = 22;
    pub const PREC_SQRT: i32 = 23;
    pub const FMA: i32 = 24;
    pub const NUM_OPTIONS: i32 = 25;
    pub const IR_TO_ISA_OPT_EXT: i32 = 10000;
    pub const IR_TO_ISA_OPT_COUNT_EXT: i32 = 10001;
}

/// `hiprtcJITInputType` values (ROCm's numbers).
pub mod jit_input {
    pub const CUBIN: i32 = 0;
    pub const PTX: i32 = 1;
    pub const FATBINARY: i32 = 2;
    pub const OBJECT: i32 = 3;
    pub const LIBRARY: i32 = 4;
    pub const NVVM: i32 = 5;
    pub const LLVM_BITCODE: i32 = 100;
    pub const LLVM_BUNDLED_BITCODE: i32 = 101;
    pub const LLVM_ARCHIVES_OF_BUNDLED_BITCODE: i32 = 102;
}

const PROGRAM_TAG: u64 = u64::from_le_bytes(*b"FCRTCPRG");
const LINK_TAG: u64 = u64::from_le_bytes(*b"FCRTCLNK");

/// A program as the C API holds it: the Rust program plus what the API hands out by pointer.
struct ProgramState {
    program: Program,
    /// The serialized code object of the current compile, made once.
    code: Option<Vec<u8>>,
    /// Lowered names handed out; kept until the program is destroyed (even across recompiles).
    lowered: Vec<CString>,
}

/// A C caller's log buffer (`HIPRTC_JIT_*_LOG_BUFFER` and its size).
#[derive(Clone, Copy)]
struct LogBuffer {
    ptr: *mut c_char,
    size: usize,
}

// SAFETY: the buffer is the caller's, only written during hiprtcLinkComplete on the calling thread,
// under the link state's lock; the pointer itself is plain data.
unsafe impl Send for LogBuffer {}

struct LinkState {
    linker: Linker,
    info_log: Option<LogBuffer>,
    error_log: Option<LogBuffer>,
    /// Linked binaries handed out; kept until the link state is destroyed.
    outputs: Vec<Vec<u8>>,
}

static PROGRAMS: Registry<ProgramState> = Registry::new(PROGRAM_TAG);
static LINKS: Registry<LinkState> = Registry::new(LINK_TAG);

type ApiResult = Result<(), RtcError>;

fn err(result: HiprtcResult, message: impl Into<String>) -> RtcError {
    RtcError {
        result,
        message: message.into(),
    }
}

fn invalid_input(message: impl Into<String>) -> RtcError {
    err(HiprtcResult::ErrorInvalidInput, message)
}

/// Runs one entry point: its error becomes its status code (logged), a panic becomes
/// `HIPRTC_ERROR_INTERNAL_ERROR`.
fn entry(api: &'static str, body: impl FnOnce() -> ApiResult) -> HiprtcResult {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => HiprtcResult::Success,
        Ok(Err(e)) => {
            tracing::warn!(target: "hiprtc_capi", api, result = %e.result, "{}", e.message);
            e.result
        }
        Err(_) => {
            tracing::error!(target: "hiprtc_capi", api, "internal error (panic)");
            HiprtcResult::ErrorInternalError
        }
    }
}

/// A required C string argument.
///
/// # Safety
/// `ptr` is NULL or a NUL-terminated string that lives for `'a`.
unsafe fn c_str<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, RtcError> {
    if ptr.is_null() {
        return Err(invalid_input(format!("{what} is NULL")));
    }
    // SAFETY: non-NULL, and NUL-terminated by the caller's contract.
    let s = unsafe { CStr::from_ptr(ptr) };
    s.to_str()
        .map_err(|_| invalid_input(format!("{what} is not valid UTF-8")))
}

/// `count` C strings from `array`.
///
/// # Safety
/// `array` is NULL or points at `count` readable pointers, each NULL or a NUL-terminated string.
unsafe fn c_str_array<'a>(
    array: *const *const c_char,
    count: usize,
    what: &str,
) -> Result<Vec<&'a str>, RtcError> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if array.is_null() {
        return Err(invalid_input(format!(
            "{what} is NULL but {count} were given"
        )));
    }
    // SAFETY: the caller gives `count` readable pointers at `array`.
    let ptrs = unsafe { std::slice::from_raw_parts(array, count) };
    ptrs.iter()
        .enumerate()
        // SAFETY: each entry is NULL or a NUL-terminated string (caller's contract).
        .map(|(i, p)| unsafe { c_str(*p, &format!("{what}[{i}]")) })
        .collect()
}

/// Writes `value` through a required out-pointer.
///
/// # Safety
/// `ptr` is NULL or valid for a write of `T`.
unsafe fn write_out<T>(ptr: *mut T, value: T, what: &str) -> ApiResult {
    if ptr.is_null() {
        return Err(invalid_input(format!("{what} is NULL")));
    }
    // SAFETY: non-NULL and writable by the caller's contract.
    unsafe { ptr.write(value) };
    Ok(())
}

/// Copies `bytes` to a caller's buffer.
///
/// # Safety
/// `dst` is NULL or valid for `bytes.len()` bytes of writes.
unsafe fn copy_out(dst: *mut c_char, bytes: &[u8], what: &str) -> ApiResult {
    if dst.is_null() {
        return Err(invalid_input(format!("{what} is NULL")));
    }
    // SAFETY: the caller sized `dst` from the matching *Size call; the regions are distinct.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst.cast::<u8>(), bytes.len()) };
    Ok(())
}

fn program(prog: hiprtcProgram) -> Result<std::sync::Arc<handle::Handle<ProgramState>>, RtcError> {
    // A NULL handle is an invalid program (as in NVRTC); NULL out-pointers are invalid input.
    if prog.is_null() {
        return Err(err(HiprtcResult::ErrorInvalidProgram, "program is NULL"));
    }
    PROGRAMS.get(prog).ok_or_else(|| {
        err(
            HiprtcResult::ErrorInvalidProgram,
            format!("{prog:p} is not a live hiprtcProgram (never created, or destroyed)"),
        )
    })
}

fn link_state(
    state: hiprtcLinkState,
) -> Result<std::sync::Arc<handle::Handle<LinkState>>, RtcError> {
    if state.is_null() {
        return Err(invalid_input("link state is NULL"));
    }
    LINKS.get(state).ok_or_else(|| {
        invalid_input(format!(
            "{state:p} is not a live hiprtcLinkState (never created, or destroyed)"
        ))
    })
}

/// The name of a status code, as C strings.
fn error_string(code: c_int) -> &'static CStr {
    match HiprtcResult::from_i32(code) {
        Some(HiprtcResult::Success) => c"HIPRTC_SUCCESS",
        Some(HiprtcResult::ErrorOutOfMemory) => c"HIPRTC_ERROR_OUT_OF_MEMORY",
        Some(HiprtcResult::ErrorProgramCreationFailure) => c"HIPRTC_ERROR_PROGRAM_CREATION_FAILURE",
        Some(HiprtcResult::ErrorInvalidInput) => c"HIPRTC_ERROR_INVALID_INPUT",
        Some(HiprtcResult::ErrorInvalidProgram) => c"HIPRTC_ERROR_INVALID_PROGRAM",
        Some(HiprtcResult::ErrorInvalidOption) => c"HIPRTC_ERROR_INVALID_OPTION",
        Some(HiprtcResult::ErrorCompilation) => c"HIPRTC_ERROR_COMPILATION",
        Some(HiprtcResult::ErrorBuiltinOperationFailure) => {
            c"HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE"
        }
        Some(HiprtcResult::ErrorNoNameExpressionsAfterCompilation) => {
            c"HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION"
        }
        Some(HiprtcResult::ErrorNoLoweredNamesBeforeCompilation) => {
            c"HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION"
        }
        Some(HiprtcResult::ErrorNameExpressionNotValid) => {
            c"HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID"
        }
        Some(HiprtcResult::ErrorInternalError) => c"HIPRTC_ERROR_INTERNAL_ERROR",
        Some(HiprtcResult::ErrorLinking) => c"HIPRTC_ERROR_LINKING",
        None => c"Invalid HIPRTC error code",
    }
}

/// The name of `result` (`"HIPRTC_ERROR_COMPILATION"`), or `"Invalid HIPRTC error code"`.
#[no_mangle]
pub extern "C" fn hiprtcGetErrorString(result: c_int) -> *const c_char {
    catch_unwind(|| error_string(result).as_ptr())
        .unwrap_or(c"HIPRTC_ERROR_INTERNAL_ERROR".as_ptr())
}

/// The hipRTC version (that of the HIP API followed).
///
/// # Safety
/// `major` and `minor` are NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hiprtcVersion(major: *mut c_int, minor: *mut c_int) -> HiprtcResult {
    entry("hiprtcVersion", || {
        if major.is_null() || minor.is_null() {
            return Err(invalid_input("major or minor is NULL"));
        }
        let (ma, mi) = hiprtc::version();
        // SAFETY: both checked non-NULL; writable by the caller's contract.
        unsafe {
            write_out(major, ma, "major")?;
            write_out(minor, mi, "minor")
        }
    })
}

/// Creates a program from `src`, named `name` (NULL: `default_program`), with `numHeaders`
/// in-memory headers (`headers[i]` the contents `#include "includeNames[i]"` finds).
///
/// # Safety
/// `prog` is NULL or writable; strings are NULL or NUL-terminated; `headers` and `includeNames` are
/// NULL or hold `numHeaders` pointers.
#[no_mangle]
pub unsafe extern "C" fn hiprtcCreateProgram(
    prog: *mut hiprtcProgram,
    src: *const c_char,
    name: *const c_char,
    numHeaders: c_int,
    headers: *const *const c_char,
    includeNames: *const *const c_char,
) -> HiprtcResult {
    entry("hiprtcCreateProgram", || {
        if prog.is_null() {
            return Err(invalid_input("prog (the out-pointer) is NULL"));
        }
        let count = usize::try_from(numHeaders)
            .map_err(|_| invalid_input(format!("numHeaders is negative ({numHeaders})")))?;
        // SAFETY: argument contracts as documented above.
        let (src, name, contents, names) = unsafe {
            (
                c_str(src, "src")?,
                if name.is_null() {
                    None
                } else {
                    Some(c_str(name, "name")?)
                },
                c_str_array(headers, count, "headers")?,
                c_str_array(includeNames, count, "includeNames")?,
            )
        };
        let pairs: Vec<(&str, &str)> = names.into_iter().zip(contents).collect();
        let program = Program::new(src, name, &pairs)?;
        let handle = PROGRAMS.insert(ProgramState {
            program,
            code: None,
            lowered: Vec::new(),
        });
        // SAFETY: `prog` checked non-NULL above.
        unsafe { write_out(prog, handle, "prog") }
    })
}

/// Destroys `*prog` and sets it to NULL.
///
/// # Safety
/// `prog` is NULL or points at a readable and writable handle.
#[no_mangle]
pub unsafe extern "C" fn hiprtcDestroyProgram(prog: *mut hiprtcProgram) -> HiprtcResult {
    entry("hiprtcDestroyProgram", || {
        if prog.is_null() {
            return Err(invalid_input("prog (the pointer to the handle) is NULL"));
        }
        // SAFETY: non-NULL and readable by the caller's contract.
        let handle = unsafe { prog.read() };
        program(handle)?;
        PROGRAMS.remove(handle);
        // SAFETY: as above, writable.
        unsafe { prog.write(std::ptr::null_mut()) };
        Ok(())
    })
}

/// Compiles `prog` with `numOptions` hipRTC options.
///
/// # Safety
/// `options` is NULL or holds `numOptions` pointers, each NULL or NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn hiprtcCompileProgram(
    prog: hiprtcProgram,
    numOptions: c_int,
    options: *const *const c_char,
) -> HiprtcResult {
    entry("hiprtcCompileProgram", || {
        let h = program(prog)?;
        let count = usize::try_from(numOptions)
            .map_err(|_| invalid_input(format!("numOptions is negative ({numOptions})")))?;
        // SAFETY: argument contract as documented above.
        let options = unsafe { c_str_array(options, count, "options")? };
        let mut state = h.lock();
        state.code = None;
        state.program.compile(&options)
    })
}

/// The size of the compile log, with its terminating NUL.
///
/// # Safety
/// `logSizeRet` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hiprtcGetProgramLogSize(
    prog: hiprtcProgram,
    logSizeRet: *mut usize,
) -> HiprtcResult {
    entry("hiprtcGetProgramLogSize", || {
        let h = program(prog)?;
        let size = h.lock().program.log().len() + 1;
        // SAFETY: argument contract as documented above.
        unsafe { write_out(logSizeRet, size, "logSizeRet") }
    })
}

/// Copies the compile log, NUL-terminated, to `log` (sized by `hiprtcGetProgramLogSize`).
///
/// # Safety
/// `log` is NULL or writable for that many bytes.
#[no_mangle]
pub unsafe extern "C" fn hiprtcGetProgramLog(
    prog: hiprtcProgram,
    log: *mut c_char,
) -> HiprtcResult {
    entry("hiprtcGetProgramLog", || {
        let h = program(prog)?;
        let state = h.lock();
        let mut bytes = state.program.log().as_bytes().to_vec();
        bytes.push(0);
        // SAFETY: argument contract as documented above.
        unsafe { copy_out(log, &bytes, "log") }
    })
}

/// Runs `f` on the serialized code object of the last compile.
fn with_code<R>(
    prog: hiprtcProgram,
    f: impl FnOnce(&[u8]) -> Result<R, RtcError>,
) -> Result<R, RtcError> {
    let h = program(prog)?;
    let mut state = h.lock();
    if state.code.is_none() {
        let code = state.program.code()?;
        state.code = Some(code);
    }
    match &state.code {
        Some(code) => f(code),
        None => Err(err(
            HiprtcResult::ErrorInternalError,
            "code object vanished",
        )),
    }
}

/// The size of the compiled code (a serialized ferrocm code object, as `hipModuleLoadData` takes).
///
/// # Safety
/// `codeSizeRet` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hiprtcGetCodeSize(
    prog: hiprtcProgram,
    codeSizeRet: *mut usize,
) -> HiprtcResult {
    entry("hiprtcGetCodeSize", || {
        if codeSizeRet.is_null() {
            return Err(invalid_input("codeSizeRet is NULL"));
        }
        let size = with_code(prog, |c| Ok(c.len()))?;
        // SAFETY: argument contract as documented above.
        unsafe { write_out(codeSizeRet, size, "codeSizeRet") }
    })
}

/// Copies the compiled code to `code` (sized by `hiprtcGetCodeSize`).
///
/// # Safety
/// `code` is NULL or writable for that many bytes.
#[no_mangle]
pub unsafe extern "C" fn hiprtcGetCode(prog: hiprtcProgram, code: *mut c_char) -> HiprtcResult {
    entry("hiprtcGetCode", || {
        if code.is_null() {
            return Err(invalid_input("code is NULL"));
        }
        // SAFETY: argument contract as documented above.
        with_code(prog, |c| unsafe { copy_out(code, c, "code") })
    })
}

/// The size of the device LLVM bitcode of the last compile.
///
/// # Safety
/// `bitcode_size` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hiprtcGetBitcodeSize(
    prog: hiprtcProgram,
    bitcode_size: *mut usize,
) -> HiprtcResult {
    entry("hiprtcGetBitcodeSize", || {
        if bitcode_size.is_null() {
            return Err(invalid_input("bitcode_size is NULL"));
        }
        let h = program(prog)?;
        let size = h.lock().program.bitcode()?.len();
        // SAFETY: argument contract as documented above.
        unsafe { write_out(bitcode_size, size, "bitcode_size") }
    })
}

/// Copies the device LLVM bitcode to `bitcode` (sized by `hiprtcGetBitcodeSize`).
///
/// # Safety
/// `bitcode` is NULL or writable for that many bytes.
#[no_mangle]
pub unsafe extern "C" fn hiprtcGetBitcode(
    prog: hiprtcProgram,
    bitcode: *mut c_char,
) -> HiprtcResult {
    entry("hiprtcGetBitcode", || {
        if bitcode.is_null() {
            return Err(invalid_input("bitcode is NULL"));
        }
        let h = program(prog)?;
        let mut state = h.lock();
        let bc = state.program.bitcode()?;
        // SAFETY: argument contract as documented above.
        unsafe { copy_out(bitcode, bc, "bitcode") }
    })
}

/// Adds a name expression (before compiling) whose lowered name `hiprtcGetLoweredName` gives.
///
/// # Safety
/// `name_expression` is NULL or NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn hiprtcAddNameExpression(
    prog: hiprtcProgram,
    name_expression: *const c_char,
) -> HiprtcResult {
    entry("hiprtcAddNameExpression", || {
        let h = program(prog)?;
        // SAFETY: argument contract as documented above.
        let expr = unsafe { c_str(name_expression, "name_expression")? };
        let result = h.lock().program.add_name_expression(expr);
        result
    })
}

/// The lowered (mangled) name of a name expression, valid until the program is destroyed.
///
/// # Safety
/// `name_expression` is NULL or NUL-terminated; `lowered_name` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hiprtcGetLoweredName(
    prog: hiprtcProgram,
    name_expression: *const c_char,
    lowered_name: *mut *const c_char,
) -> HiprtcResult {
    entry("hiprtcGetLoweredName", || {
        let h = program(prog)?;
        // SAFETY: argument contract as documented above.
        let expr = unsafe { c_str(name_expression, "name_expression")? };
        if lowered_name.is_null() {
            return Err(invalid_input("lowered_name is NULL"));
        }
        let mut state = h.lock();
        let name = CString::new(state.program.lowered_name(expr)?)
            .map_err(|_| err(HiprtcResult::ErrorInternalError, "lowered name holds a NUL"))?;
        let ptr = match state.lowered.iter().find(|c| **c == *name) {
            Some(existing) => existing.as_ptr(),
            None => {
                state.lowered.push(name);
                state
                    .lowered
                    .last()
                    .map_or(std::ptr::null(), |c| c.as_ptr())
            }
        };
        // SAFETY: checked non-NULL above; the string lives in the program until it is destroyed.
        unsafe { write_out(lowered_name, ptr, "lowered_name") }
    })
}

/// Link options as given: (option, value) pairs.
///
/// # Safety
/// `options` and `values` are NULL or hold `count` entries.
unsafe fn option_pairs(
    count: c_uint,
    options: *const hiprtcJIT_option,
    values: *const *mut c_void,
) -> Result<Vec<(i32, *mut c_void)>, RtcError> {
    let count = count as usize;
    if count == 0 {
        return Ok(Vec::new());
    }
    if options.is_null() || values.is_null() {
        return Err(invalid_input(format!(
            "{count} options given but the option or value array is NULL"
        )));
    }
    // SAFETY: both arrays hold `count` entries by the caller's contract.
    let (o, v) = unsafe {
        (
            std::slice::from_raw_parts(options, count),
            std::slice::from_raw_parts(values, count),
        )
    };
    Ok(o.iter().copied().zip(v.iter().copied()).collect())
}

/// Options that only steer NVIDIA's JIT (register limits, caches, PTX fallbacks, float modes the CPU
/// device's code does not offer): accepted and ignored, as ROCm does.
fn is_cuda_only(option: i32) -> bool {
    use jit_option::*;
    matches!(
        option,
        MAX_REGISTERS
            | THREADS_PER_BLOCK
            | WALL_TIME
            | TARGET_FROM_HIPCONTEXT
            | TARGET
            | FALLBACK_STRATEGY
            | LOG_VERBOSE
            | GENERATE_LINE_INFO
            | CACHE_MODE
            | NEW_SM3X_OPT
            | FAST_COMPILE
            | LTO
            | FTZ
            | PREC_DIV
            | PREC_SQRT
            | FMA
    )
}

/// Creates a link state with `num_options` JIT options. Honoured: `HIPRTC_JIT_OPTIMIZATION_LEVEL`,
/// `HIPRTC_JIT_GENERATE_DEBUG_INFO`, the info/error log buffers (and their sizes), and
/// `HIPRTC_JIT_IR_TO_ISA_OPT_EXT` with `..._COUNT_EXT` (options `-O0`..`-O3`, `-g`). NVIDIA-only
/// options are ignored; the global-symbol relocation options are `HIPRTC_ERROR_INVALID_OPTION`.
///
/// # Safety
/// `option_ptr` and `option_vals_pptr` are NULL or hold `num_options` entries, each value what its
/// option expects; `hip_link_state_ptr` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hiprtcLinkCreate(
    num_options: c_uint,
    option_ptr: *mut hiprtcJIT_option,
    option_vals_pptr: *mut *mut c_void,
    hip_link_state_ptr: *mut hiprtcLinkState,
) -> HiprtcResult {
    entry("hiprtcLinkCreate", || {
        if hip_link_state_ptr.is_null() {
            return Err(invalid_input("hip_link_state_ptr is NULL"));
        }
        // SAFETY: argument contract as documented above.
        let pairs = unsafe { option_pairs(num_options, option_ptr, option_vals_pptr)? };
        let mut opt_level = None;
        let mut debug = false;
        let (mut info, mut info_size, mut error, mut error_size) = (None, 0, None, 0);
        let (mut ext, mut ext_count) = (None, None);
        for (option, value) in pairs {
            use jit_option::*;
            // Scalar option values travel in the pointer itself, as in CUDA's JIT options.
            let scalar = value as usize;
            match option {
                OPTIMIZATION_LEVEL => opt_level = Some(scalar),
                GENERATE_DEBUG_INFO => debug = scalar != 0,
                INFO_LOG_BUFFER => info = Some(value.cast::<c_char>()),
                INFO_LOG_BUFFER_SIZE_BYTES => info_size = scalar,
                ERROR_LOG_BUFFER => error = Some(value.cast::<c_char>()),
                ERROR_LOG_BUFFER_SIZE_BYTES => error_size = scalar,
                IR_TO_ISA_OPT_EXT => ext = Some(value as *const *const c_char),
                IR_TO_ISA_OPT_COUNT_EXT => ext_count = Some(scalar),
                GLOBAL_SYMBOL_NAMES | GLOBAL_SYMBOL_ADDRESS | GLOBAL_SYMBOL_COUNT => {
                    return Err(err(
                        HiprtcResult::ErrorInvalidOption,
                        format!("JIT option {option} (global symbol relocation) is not supported"),
                    ))
                }
                o if is_cuda_only(o) => {
                    tracing::debug!(target: "hiprtc_capi", option = o, "NVIDIA-only JIT option ignored")
                }
                o => {
                    return Err(err(
                        HiprtcResult::ErrorInvalidOption,
                        format!("unknown JIT option {o}"),
                    ))
                }
            }
        }
        let ext_options = match (ext, ext_count) {
            (Some(array), Some(count)) => {
                // SAFETY: the caller gives `count` option strings at `array`.
                unsafe { c_str_array(array, count, "HIPRTC_JIT_IR_TO_ISA_OPT_EXT")? }
            }
            (None, None) => Vec::new(),
            (None, Some(0)) => Vec::new(),
            _ => return Err(err(
                HiprtcResult::ErrorInvalidOption,
                "HIPRTC_JIT_IR_TO_ISA_OPT_EXT and HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT go together",
            )),
        };
        let mut linker_options = ext_options;
        if debug {
            linker_options.push("-g");
        }
        let mut linker = Linker::new(&linker_options)?;
        if let Some(level) = opt_level {
            linker.set_opt_level(u32::try_from(level).unwrap_or(u32::MAX))?;
        }
        let buffer = |ptr: Option<*mut c_char>, size: usize| {
            ptr.filter(|p| !p.is_null() && size > 0)
                .map(|ptr| LogBuffer { ptr, size })
        };
        let handle = LINKS.insert(LinkState {
            linker,
            info_log: buffer(info, info_size),
            error_log: buffer(error, error_size),
            outputs: Vec::new(),
        });
        // SAFETY: checked non-NULL above.
        unsafe { write_out(hip_link_state_ptr, handle, "hip_link_state_ptr") }
    })
}

/// Per-input options: only NVIDIA-only ones (ignored) are accepted.
///
/// # Safety
/// As [`option_pairs`].
unsafe fn check_input_options(
    count: c_uint,
    options: *const hiprtcJIT_option,
    values: *const *mut c_void,
) -> ApiResult {
    // SAFETY: forwarded contract.
    for (option, _) in unsafe { option_pairs(count, options, values)? } {
        if !is_cuda_only(option) {
            return Err(err(
                HiprtcResult::ErrorInvalidOption,
                format!(
                    "JIT option {option} is not supported per input; give it to hiprtcLinkCreate"
                ),
            ));
        }
    }
    Ok(())
}

/// What a JIT input type means here: `Ok(bundled)` for the bitcode kinds, else the error.
fn input_kind(input_type: hiprtcJITInputType) -> Result<bool, RtcError> {
    use jit_input::*;
    match input_type {
        LLVM_BITCODE => Ok(false),
        LLVM_BUNDLED_BITCODE => Ok(true),
        LLVM_ARCHIVES_OF_BUNDLED_BITCODE => Err(invalid_input(
            "HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE is not supported by the CPU device's \
             linker; add the bundles one by one",
        )),
        CUBIN | PTX | FATBINARY | OBJECT | LIBRARY | NVVM => Err(invalid_input(format!(
            "JIT input type {input_type} is NVIDIA's; the CPU device links LLVM bitcode \
             (HIPRTC_JIT_INPUT_LLVM_BITCODE, HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE)"
        ))),
        t => Err(invalid_input(format!("unknown JIT input type {t}"))),
    }
}

/// Adds the file at `file_path` (device bitcode, or a bundle of it) to a link.
///
/// # Safety
/// `file_path` is NULL or NUL-terminated; option arrays as in [`hiprtcLinkCreate`].
#[no_mangle]
pub unsafe extern "C" fn hiprtcLinkAddFile(
    hip_link_state: hiprtcLinkState,
    input_type: hiprtcJITInputType,
    file_path: *const c_char,
    num_options: c_uint,
    options_ptr: *mut hiprtcJIT_option,
    option_values: *mut *mut c_void,
) -> HiprtcResult {
    entry("hiprtcLinkAddFile", || {
        let h = link_state(hip_link_state)?;
        let bundled = input_kind(input_type)?;
        // SAFETY: argument contract as documented above.
        let path = unsafe {
            check_input_options(num_options, options_ptr, option_values)?;
            c_str(file_path, "file_path")?
        };
        let result = h
            .lock()
            .linker
            .add_file(std::path::Path::new(path), bundled);
        result
    })
}

/// Adds `image_size` bytes at `image` (device bitcode or IR text, or a bundle of bitcode), named
/// `name` (optional) in diagnostics, to a link.
///
/// # Safety
/// `image` is NULL or readable for `image_size` bytes; `name` is NULL or NUL-terminated; option
/// arrays as in [`hiprtcLinkCreate`].
#[no_mangle]
pub unsafe extern "C" fn hiprtcLinkAddData(
    hip_link_state: hiprtcLinkState,
    input_type: hiprtcJITInputType,
    image: *mut c_void,
    image_size: usize,
    name: *const c_char,
    num_options: c_uint,
    options_ptr: *mut hiprtcJIT_option,
    option_values: *mut *mut c_void,
) -> HiprtcResult {
    entry("hiprtcLinkAddData", || {
        let h = link_state(hip_link_state)?;
        let bundled = input_kind(input_type)?;
        if image.is_null() || image_size == 0 {
            return Err(invalid_input("image is NULL or image_size is 0"));
        }
        // SAFETY: argument contract as documented above.
        let (data, name) = unsafe {
            check_input_options(num_options, options_ptr, option_values)?;
            let data = std::slice::from_raw_parts(image.cast::<u8>(), image_size);
            let name = if name.is_null() {
                None
            } else {
                Some(c_str(name, "name")?)
            };
            (data, name)
        };
        let mut state = h.lock();
        let name = name.map_or_else(
            || format!("input {}", state.linker.input_count()),
            str::to_string,
        );
        let input = if bundled {
            LinkInput::BundledBitcode(data)
        } else {
            LinkInput::Bitcode(data)
        };
        state.linker.add(&name, input)
    })
}

/// Writes `text`, NUL-terminated and truncated to fit, to a caller's log buffer.
fn write_log(buffer: Option<LogBuffer>, text: &str) {
    if let Some(LogBuffer { ptr, size }) = buffer {
        let n = text.len().min(size - 1);
        // SAFETY: the caller gave `size` (> 0) writable bytes at `ptr` for this link state's logs.
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr(), ptr.cast::<u8>(), n);
            ptr.add(n).write(0);
        }
    }
}

/// Links the inputs into one code object; `*bin_out` points at it until the link state is
/// destroyed, `*size_out` (optional) is its size.
///
/// # Safety
/// `bin_out` is NULL or writable; `size_out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hiprtcLinkComplete(
    hip_link_state: hiprtcLinkState,
    bin_out: *mut *mut c_void,
    size_out: *mut usize,
) -> HiprtcResult {
    entry("hiprtcLinkComplete", || {
        let h = link_state(hip_link_state)?;
        if bin_out.is_null() {
            return Err(invalid_input("bin_out is NULL"));
        }
        let mut state = h.lock();
        let result = state.linker.complete();
        let log = state.linker.log().to_string();
        match result {
            Ok(binary) => {
                write_log(state.info_log, &log);
                write_log(state.error_log, "");
                state.outputs.push(binary);
                let out = state.outputs.last().map_or((std::ptr::null_mut(), 0), |b| {
                    (b.as_ptr() as *mut c_void, b.len())
                });
                // SAFETY: `bin_out` checked non-NULL; `size_out` is optional.
                unsafe {
                    bin_out.write(out.0);
                    if !size_out.is_null() {
                        size_out.write(out.1);
                    }
                }
                Ok(())
            }
            Err(e) => {
                write_log(state.error_log, &log);
                Err(e)
            }
        }
    })
}

/// Destroys a link state (and the binary `hiprtcLinkComplete` gave).
#[no_mangle]
pub extern "C" fn hiprtcLinkDestroy(hip_link_state: hiprtcLinkState) -> HiprtcResult {
    entry("hiprtcLinkDestroy", || {
        link_state(hip_link_state)?;
        LINKS.remove(hip_link_state);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_strings_are_the_rust_names() {
        for code in (0..=11).chain([100]) {
            let r = HiprtcResult::from_i32(code).expect("known");
            assert_eq!(error_string(code).to_str().expect("ascii"), r.name());
        }
        assert_eq!(error_string(12), c"Invalid HIPRTC error code");
        assert_eq!(error_string(-1), c"Invalid HIPRTC error code");
    }

    #[test]
    fn input_kinds() {
        assert_eq!(input_kind(jit_input::LLVM_BITCODE), Ok(false));
        assert_eq!(input_kind(jit_input::LLVM_BUNDLED_BITCODE), Ok(true));
        for t in [0, 1, 2, 3, 4, 5, 6, 102, 103, -1] {
            assert_eq!(
                input_kind(t).expect_err("unsupported").result,
                HiprtcResult::ErrorInvalidInput
            );
        }
    }
}
