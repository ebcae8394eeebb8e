//! The module API (`hipModuleLoad*`, `hipModuleGetFunction`, `hipModuleLaunchKernel`, ...),
//! function attributes and occupancy, cooperative launches, and the raw launch both launch
//! paths share.

use crate::abi::{dim3, hipFuncAttributes, hipFunctionLaunchParams, hipLaunchParams};
use crate::handles::{self, HandleKind};
use crate::stream::{hipStream_t, with_stream};
use crate::{c_str, entry, err, hipError_t, put, ApiResult};
use hip::{ArgBytes, HipError, KernelArg};
use kernel_abi::{bundle, CodeObject, CODE_OBJECT_MAGIC};
use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::sync::{Arc, Mutex};

/// `hipModule_t`.
pub type hipModule_t = *mut c_void;
/// `hipFunction_t`.
pub type hipFunction_t = *mut c_void;

/// `HIP_LAUNCH_PARAM_BUFFER_POINTER`, `..._SIZE`, `..._END` (the `extra` array's keys).
pub const LAUNCH_PARAM_BUFFER_POINTER: usize = 1;
pub const LAUNCH_PARAM_BUFFER_SIZE: usize = 2;
pub const LAUNCH_PARAM_END: usize = 3;

/// A module behind a `hipModule_t`.
pub struct ModuleObj {
    pub module: hip::Module,
    /// Function handles handed out, by kernel name (one handle per kernel).
    functions: Mutex<HashMap<String, usize>>,
}

impl HandleKind for ModuleObj {
    const TAG: u32 = 0x4d4f_444c; // "MODL"
    const NAME: &'static str = "module";
}

/// A kernel behind a `hipFunction_t`.
pub struct FunctionObj {
    pub function: hip::Function,
}

impl HandleKind for FunctionObj {
    const TAG: u32 = 0x4655_4e43; // "FUNC"
    const NAME: &'static str = "function";
}

fn module(h: hipModule_t) -> ApiResult<Arc<ModuleObj>> {
    handles::lookup::<ModuleObj>(h).ok_or_else(|| {
        err(
            HipError::InvalidHandle,
            format!("{h:p} is not a loaded module"),
        )
    })
}

fn function(h: hipFunction_t) -> ApiResult<Arc<FunctionObj>> {
    handles::lookup::<FunctionObj>(h).ok_or_else(|| {
        err(
            HipError::InvalidHandle,
            format!("{h:p} is not a live function"),
        )
    })
}

/// The serialized CPU code object inside `bytes`: `bytes` itself when it is one, the CPU
/// entry when it is an offload bundle. A bundle without a CPU entry is
/// `hipErrorNoBinaryForGpu`; anything else `hipErrorInvalidImage`.
pub(crate) fn cpu_code_object(bytes: &[u8]) -> ApiResult<CodeObject> {
    let image = if CodeObject::is_code_object(bytes) {
        bytes
    } else if bytes.starts_with(bundle::MAGIC) {
        let entries =
            bundle::read(bytes).map_err(|e| err(HipError::InvalidImage, e.to_string()))?;
        match entries.iter().find(|e| e.id == bundle::CPU_ENTRY_ID) {
            Some(e) => e.data,
            None => {
                let ids: Vec<&str> = entries.iter().map(|e| e.id).collect();
                return Err(err(
                    HipError::NoBinaryForGpu,
                    format!(
                        "the offload bundle has no entry for the CPU device ({}); it holds {ids:?}",
                        bundle::CPU_ENTRY_ID
                    ),
                ));
            }
        }
    } else {
        return Err(err(
            HipError::InvalidImage,
            "image is neither a ferrocm code object nor a clang offload bundle",
        ));
    };
    CodeObject::from_bytes(image).map_err(|e| err(HipError::InvalidImage, e.to_string()))
}

/// Largest image accepted through a bare pointer.
const MAX_IMAGE: usize = 4 << 30;

/// The length of the image at `p`, read from its own header (code object or bundle).
///
/// # Safety
/// `p` points to a complete image (at least its header is readable).
pub(crate) unsafe fn image_len(p: *const u8) -> ApiResult<usize> {
    // SAFETY: every image is at least 8 bytes of magic; the caller vouches for the image.
    let head = unsafe { std::slice::from_raw_parts(p, 8) };
    if head == CODE_OBJECT_MAGIC {
        let rd = |at: usize, n: usize| -> u64 {
            let mut b = [0u8; 8];
            // SAFETY: the code object header fields lie inside the image.
            let s = unsafe { std::slice::from_raw_parts(p.add(at), n) };
            b[..n].copy_from_slice(s);
            u64::from_le_bytes(b)
        };
        let meta = rd(8, 4) as usize;
        let elf = rd(12 + meta, 8) as usize;
        return (12usize + meta)
            .checked_add(8)
            .and_then(|n| n.checked_add(elf))
            .ok_or_else(|| err(HipError::InvalidImage, "code object length overflows"));
    }
    // SAFETY: the caller vouches for the image; `size_from_header` checks the magic first.
    match unsafe { bundle::size_from_header(p) } {
        // A length found only in the header cannot be checked against the memory behind the
        // pointer; an implausible one means a corrupt header, not a 4 GiB image.
        Ok(n) if n > MAX_IMAGE => Err(err(
            HipError::InvalidImage,
            format!("offload bundle header implies {n} bytes: corrupt header"),
        )),
        Ok(n) => Ok(n),
        Err(bundle::BundleError::BadMagic) => Err(err(
            HipError::InvalidImage,
            "image is neither a ferrocm code object nor a clang offload bundle",
        )),
        Err(e) => Err(err(HipError::InvalidImage, e.to_string())),
    }
}

fn register_module(out: *mut hipModule_t, co: CodeObject) -> ApiResult {
    if out.is_null() {
        return Err(err(HipError::InvalidValue, "module is a null pointer"));
    }
    let m = hip::Module::from_code_object(co)?;
    let h = handles::register(Arc::new(ModuleObj {
        module: m,
        functions: Mutex::new(HashMap::new()),
    }));
    // SAFETY: non-null, writable per the caller.
    unsafe { put(out, h, "module") }
}

/// # Safety
/// `out` is null or writable; `fname` is null or a C string.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoad(out: *mut hipModule_t, fname: *const c_char) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        let path = unsafe { c_str(fname, "fname")? };
        if path.is_empty() {
            return Err(err(HipError::InvalidValue, "fname is an empty string"));
        }
        let bytes =
            std::fs::read(path).map_err(|e| err(HipError::FileNotFound, format!("{path}: {e}")))?;
        register_module(out, cpu_code_object(&bytes)?)
    })
}

/// # Safety
/// `out` is null or writable; `image` is null or a complete image.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoadData(
    out: *mut hipModule_t,
    image: *const c_void,
) -> hipError_t {
    entry(|| {
        if image.is_null() {
            return Err(err(HipError::InvalidValue, "image is a null pointer"));
        }
        // SAFETY: the caller passes a complete image; its header gives its length.
        let bytes = unsafe {
            let n = image_len(image.cast())?;
            std::slice::from_raw_parts(image as *const u8, n)
        };
        register_module(out, cpu_code_object(bytes)?)
    })
}

/// JIT options do not apply to CPU code objects (already native); they are ignored.
///
/// # Safety
/// As [`hipModuleLoadData`].
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoadDataEx(
    out: *mut hipModule_t,
    image: *const c_void,
    _num_options: u32,
    _options: *mut i32,
    _option_values: *mut *mut c_void,
) -> hipError_t {
    // SAFETY: forwarded.
    unsafe { hipModuleLoadData(out, image) }
}

/// Unloads a module; its function handles die with it. Null is `hipErrorInvalidHandle`, a
/// module that is not loaded (unloaded already) `hipErrorNotFound`, as ROCm answers.
#[no_mangle]
pub extern "C" fn hipModuleUnload(m: hipModule_t) -> hipError_t {
    entry(|| {
        if m.is_null() {
            return Err(err(HipError::InvalidHandle, "module is null"));
        }
        let Some(obj) = handles::unregister::<ModuleObj>(m) else {
            return Err(err(
                HipError::NotFound,
                format!("{m:p} is not a loaded module"),
            ));
        };
        let fns = std::mem::take(&mut *obj.functions.lock().unwrap_or_else(|e| e.into_inner()));
        for h in fns.into_values() {
            handles::unregister::<FunctionObj>(h as *const c_void);
        }
        Ok(())
    })
}

/// # Safety
/// `out` is null or writable; `name` is null or a C string.
#[no_mangle]
pub unsafe extern "C" fn hipModuleGetFunction(
    out: *mut hipFunction_t,
    m: hipModule_t,
    name: *const c_char,
) -> hipError_t {
    entry(|| {
        if out.is_null() {
            return Err(err(HipError::InvalidValue, "function is a null pointer"));
        }
        let obj = module(m)?;
        // SAFETY: forwarded caller contract.
        let name = unsafe { c_str(name, "kname")? };
        let mut fns = obj.functions.lock().unwrap_or_else(|e| e.into_inner());
        let h = match fns.get(name) {
            Some(&h) => h as hipFunction_t,
            None => {
                let function = obj.module.function(name)?;
                let h = handles::register(Arc::new(FunctionObj { function }));
                fns.insert(name.to_string(), h as usize);
                h
            }
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(out, h, "function") }
    })
}

/// ferrocm's own: a `hipFunction_t` for a kernel written in Rust by one of ferrocm's libraries
/// (rocBLAS and the others link against this library, as ROCm's do, and launch their kernels
/// with `hipModuleLaunchKernel` on the caller's stream). `wg` runs one work-group and takes
/// one argument aggregate of `kernarg_size` bytes, passed through `extra`'s buffer.
///
/// # Safety
/// `out` is null or writable; `name` is null or a C string; `wg` honours the work-group
/// function contract (`kernel_abi::WorkGroupFn`).
#[no_mangle]
pub unsafe extern "C" fn __ferrocmNativeFunction(
    out: *mut hipFunction_t,
    name: *const c_char,
    wg: Option<kernel_abi::WorkGroupFn>,
    kernarg_size: u32,
) -> hipError_t {
    entry(|| {
        if out.is_null() {
            return Err(err(HipError::InvalidValue, "function is a null pointer"));
        }
        // SAFETY: forwarded caller contract.
        let name = unsafe { c_str(name, "name")? };
        let Some(wg) = wg else {
            return Err(err(HipError::InvalidValue, "work-group function is null"));
        };
        let function = hip::Function::native(name, wg, kernarg_size);
        let h = handles::register(Arc::new(FunctionObj { function }));
        // SAFETY: non-null, writable per the caller.
        unsafe { put(out, h, "function") }
    })
}

/// A module's global: either out-pointer may be null, not both. ROCm's order (clr's
/// hip_module.cpp): the out-pointers and a non-empty name, then the module.
///
/// # Safety
/// `dptr` and `bytes` are null or writable; `name` is null or a C string.
#[no_mangle]
pub unsafe extern "C" fn hipModuleGetGlobal(
    dptr: *mut *mut c_void,
    bytes: *mut usize,
    m: hipModule_t,
    name: *const c_char,
) -> hipError_t {
    entry(|| {
        if dptr.is_null() && bytes.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "hipModuleGetGlobal: dptr and bytes are both null",
            ));
        }
        // SAFETY: forwarded caller contract.
        let name = unsafe { c_str(name, "name")? };
        if name.is_empty() {
            return Err(err(
                HipError::InvalidValue,
                "hipModuleGetGlobal: name is empty",
            ));
        }
        if m.is_null() {
            return Err(err(HipError::InvalidHandle, "module is null"));
        }
        let obj = module(m)?;
        let (p, n) = obj.module.global(name)?;
        // SAFETY: writable per the caller; HIP allows either out-pointer to be null.
        unsafe {
            if !dptr.is_null() {
                put(dptr, p, "dptr")?;
            }
            if !bytes.is_null() {
                put(bytes, n, "bytes")?;
            }
        }
        Ok(())
    })
}

/// The texture reference of the module's `texture<T, dim, mode>` variable `name`. The
/// reference handed out is the device variable itself (host memory on the CPU device), so the
/// `hipTexRefSet*` calls change what the module's kernels sample. As in ROCm (clr's
/// hip_module.cpp), a driver-API reference reads normalized floats of one 32-bit float
/// channel until set otherwise; a global that is no texture reference is not found.
///
/// # Safety
/// `tex_ref` is null or writable; `name` is null or a C string.
#[no_mangle]
pub unsafe extern "C" fn hipModuleGetTexRef(
    tex_ref: *mut *mut crate::texture::textureReference,
    m: hipModule_t,
    name: *const c_char,
) -> hipError_t {
    use crate::texture::{hipChannelFormatDesc, textureReference};
    entry(|| {
        if tex_ref.is_null() || name.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "hipModuleGetTexRef: null texRef or name",
            ));
        }
        // SAFETY: non-null, a C string per the caller.
        let name = unsafe { c_str(name, "name")? };
        if name.is_empty() {
            return Err(err(
                HipError::InvalidValue,
                "hipModuleGetTexRef: name is empty",
            ));
        }
        if m.is_null() {
            return Err(err(HipError::InvalidHandle, "module is null"));
        }
        let obj = module(m)?;
        let (p, size) = obj.module.global(name)?;
        if size != std::mem::size_of::<textureReference>() {
            return Err(err(
                HipError::NotFound,
                format!("'{name}' is a global of {size} bytes, not a texture reference"),
            ));
        }
        let r = p.cast::<textureReference>();
        // SAFETY: the module's global holds a textureReference (its size checked above) in
        // loaded, writable memory; it is aligned as the device compiler laid it out.
        unsafe {
            (*r).readMode = 1; // hipReadModeNormalizedFloat
            (*r).format = 0x20; // HIP_AD_FORMAT_FLOAT
            (*r).numChannels = 1;
            (*r).channelDesc = hipChannelFormatDesc {
                x: 32,
                y: 0,
                z: 0,
                w: 0,
                f: 2, // hipChannelFormatKindFloat
            };
            put(tex_ref, r, "texRef")
        }
    })
}

/// Reads a kernel's arguments from `kernelParams` (one pointer per argument) or from the
/// `extra` array (`HIP_LAUNCH_PARAM_BUFFER_POINTER, buf, HIP_LAUNCH_PARAM_BUFFER_SIZE,
/// &size, HIP_LAUNCH_PARAM_END`: a buffer laid out as the kernarg segment), and launches.
///
/// # Safety
/// `params` is null or holds one valid pointer per kernel argument, each to that many
/// bytes; `extra` is null or an array as above.
#[allow(clippy::too_many_arguments)] // the launch's own parameters
pub(crate) unsafe fn launch(
    f: &hip::Function,
    grid: dim3,
    block: dim3,
    shmem: usize,
    stream: hipStream_t,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> ApiResult {
    // SAFETY: forwarded caller contract.
    unsafe {
        launch_as(
            f,
            grid,
            block,
            shmem,
            stream,
            params,
            extra,
            |shmem, s, refs| f.launch(grid.into(), block.into(), shmem, Some(s), refs),
        )
    }
}

/// [`launch`] without holding the grid to the device's `maxGridSize` (ROCm's
/// `hipExtModuleLaunchKernel`, whose global size may be any 32-bit count).
///
/// # Safety
/// As [`launch`].
unsafe fn launch_unbounded(
    f: &hip::Function,
    grid: dim3,
    block: dim3,
    shmem: usize,
    stream: hipStream_t,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> ApiResult {
    // SAFETY: forwarded caller contract.
    unsafe {
        launch_as(
            f,
            grid,
            block,
            shmem,
            stream,
            params,
            extra,
            |shmem, s, refs| f.launch_unbounded(grid.into(), block.into(), shmem, Some(s), refs),
        )
    }
}

/// A launch's shared steps: the dynamic shared size and arguments checked, the launch logged,
/// then `go` on the stream (serialized when the environment asks).
///
/// # Safety
/// As [`launch`].
#[allow(clippy::too_many_arguments)]
unsafe fn launch_as(
    f: &hip::Function,
    grid: dim3,
    block: dim3,
    shmem: usize,
    stream: hipStream_t,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    go: impl Fn(u32, &hip::Stream, &[&dyn KernelArg]) -> hip::Result<()>,
) -> ApiResult {
    let shmem = u32::try_from(shmem).map_err(|_| {
        err(
            HipError::InvalidValue,
            format!("{shmem} bytes of dynamic shared memory"),
        )
    })?;
    check_dynamic_shared(f, shmem)?;
    // SAFETY: forwarded caller contract.
    let args = unsafe { kernel_args(f, params, extra)? };
    let refs: Vec<&dyn KernelArg> = args.iter().map(|a| a as &dyn KernelArg).collect();
    log_launch(f, grid, block, shmem, stream, false);
    with_stream(stream, |s| serialized(s, || go(shmem, s, &refs)))
}

/// `AMD_LOG_LEVEL` 4: each launch, before it is queued.
fn log_launch(
    f: &hip::Function,
    grid: dim3,
    block: dim3,
    shmem: u32,
    stream: hipStream_t,
    cooperative: bool,
) {
    if crate::env::log_level() >= 4 {
        tracing::debug!(
            target: "hip_launch",
            "{}launch of {}: grid ({}, {}, {}) block ({}, {}, {}) shared {shmem} bytes stream {stream:p}",
            if cooperative { "cooperative " } else { "" },
            hsa::kernel_label(&f.meta().name),
            grid.x,
            grid.y,
            grid.z,
            block.x,
            block.y,
            block.z,
        );
    }
}

/// Runs the launch `queue` on `s`, waiting for the device before it and for the stream after
/// it as `AMD_SERIALIZE_KERNEL` / `HIP_LAUNCH_BLOCKING` ask; waiting surfaces a kernel's
/// failure at its launch. A capturing stream records the launch and is not waited for.
fn serialized(s: &hip::Stream, queue: impl FnOnce() -> ApiResult) -> ApiResult {
    use crate::env::{serialize_launches, SERIALIZE_AFTER, SERIALIZE_BEFORE};
    let mode = serialize_launches();
    if mode == 0
        || !matches!(
            hip::graph::capture_info(s).map(|c| c.status),
            Ok(hip::graph::CaptureStatus::None)
        )
    {
        return queue();
    }
    if mode & SERIALIZE_BEFORE != 0 {
        hip::device_synchronize()?;
    }
    queue()?;
    if mode & SERIALIZE_AFTER != 0 {
        s.synchronize()?;
    }
    Ok(())
}

/// Launches cooperatively (`hip::Function::launch_cooperative`): arguments from
/// `kernelParams` only, as HIP's cooperative launches take them.
///
/// # Safety
/// `params` is null or holds one valid pointer per kernel argument, each to that many bytes.
pub(crate) unsafe fn launch_cooperative(
    f: &hip::Function,
    grid: dim3,
    block: dim3,
    shmem: u32,
    stream: hipStream_t,
    params: *mut *mut c_void,
) -> ApiResult {
    check_dynamic_shared(f, shmem)?;
    // SAFETY: forwarded caller contract.
    let args = unsafe { kernel_args(f, params, std::ptr::null_mut())? };
    let refs: Vec<&dyn KernelArg> = args.iter().map(|a| a as &dyn KernelArg).collect();
    log_launch(f, grid, block, shmem, stream, true);
    with_stream(stream, |s| {
        serialized(s, || {
            f.launch_cooperative(grid.into(), block.into(), shmem, Some(s), &refs)
        })
    })
}

/// A kernel's argument values, from `kernelParams` or `extra` (see [`launch`]).
///
/// # Safety
/// As [`launch`].
pub(crate) unsafe fn kernel_args(
    f: &hip::Function,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> ApiResult<Vec<ArgBytes>> {
    let meta = f.meta();
    let mut args: Vec<ArgBytes> = Vec::with_capacity(meta.args.len());
    if !params.is_null() && !extra.is_null() {
        return Err(err(
            HipError::InvalidValue,
            "both kernelParams and extra given",
        ));
    }
    if !params.is_null() {
        for (i, a) in meta.args.iter().enumerate() {
            // SAFETY: the caller passes one pointer per kernel argument.
            let p = unsafe { *params.add(i) } as *const u8;
            if p.is_null() {
                return Err(err(
                    HipError::InvalidValue,
                    format!(
                        "kernelParams[{i}] of kernel {} is null",
                        hsa::kernel_label(&meta.name)
                    ),
                ));
            }
            // SAFETY: each pointer addresses the argument's value, `size` bytes.
            args.push(ArgBytes(
                unsafe { std::slice::from_raw_parts(p, a.size as usize) }.to_vec(),
            ));
        }
    } else if !extra.is_null() {
        let (mut buf, mut size): (*const u8, Option<usize>) = (std::ptr::null(), None);
        let mut i = 0usize;
        loop {
            if i > 64 {
                return Err(err(
                    HipError::InvalidValue,
                    "extra is not terminated by HIP_LAUNCH_PARAM_END",
                ));
            }
            // SAFETY: the caller passes a key/value array ending in HIP_LAUNCH_PARAM_END.
            let key = unsafe { *extra.add(i) } as usize;
            match key {
                LAUNCH_PARAM_END => break,
                LAUNCH_PARAM_BUFFER_POINTER => {
                    // SAFETY: as above; a key is followed by its value.
                    buf = unsafe { *extra.add(i + 1) } as *const u8;
                }
                LAUNCH_PARAM_BUFFER_SIZE => {
                    // SAFETY: as above; the value points to a size_t.
                    let sp = unsafe { *extra.add(i + 1) } as *const usize;
                    if sp.is_null() {
                        return Err(err(
                            HipError::InvalidValue,
                            "HIP_LAUNCH_PARAM_BUFFER_SIZE value is null",
                        ));
                    }
                    // SAFETY: non-null pointer to the caller's size_t.
                    size = Some(unsafe { *sp });
                }
                k => {
                    return Err(err(
                        HipError::InvalidValue,
                        format!("unknown key {k:#x} in extra"),
                    ))
                }
            }
            i += 2;
        }
        let need = meta
            .args
            .iter()
            .map(|a| (a.offset + a.size) as usize)
            .max()
            .unwrap_or(0);
        let Some(size) = size else {
            return Err(err(
                HipError::InvalidValue,
                "extra lacks HIP_LAUNCH_PARAM_BUFFER_SIZE",
            ));
        };
        if need > 0 && buf.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "extra lacks HIP_LAUNCH_PARAM_BUFFER_POINTER",
            ));
        }
        if size < need {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "argument buffer of {size} bytes; kernel {} needs {need}",
                    hsa::kernel_label(&meta.name)
                ),
            ));
        }
        for a in &meta.args {
            // SAFETY: the buffer holds `size >= need` bytes, so every argument lies inside.
            let s =
                unsafe { std::slice::from_raw_parts(buf.add(a.offset as usize), a.size as usize) };
            args.push(ArgBytes(s.to_vec()));
        }
    } else if !meta.args.is_empty() {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "kernel {} takes {} arguments; neither kernelParams nor extra given",
                hsa::kernel_label(&meta.name),
                meta.args.len()
            ),
        ));
    }
    Ok(args)
}

/// # Safety
/// As `launch`: `params` / `extra` describe the kernel's arguments.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLaunchKernel(
    f: hipFunction_t,
    gx: u32,
    gy: u32,
    gz: u32,
    bx: u32,
    by: u32,
    bz: u32,
    shmem: u32,
    stream: hipStream_t,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> hipError_t {
    entry(|| {
        let fo = function(f)?;
        let (g, b) = (
            dim3 {
                x: gx,
                y: gy,
                z: gz,
            },
            dim3 {
                x: bx,
                y: by,
                z: bz,
            },
        );
        // A captured launch remembers the function handle it was named by.
        hip::graph::with_launch_func_id(f as usize, || {
            // SAFETY: forwarded caller contract.
            unsafe { launch(&fo.function, g, b, shmem as usize, stream, params, extra) }
        })
    })
}

/// The kernel for `func`: a `hipFunction_t`, or a registered host function (what
/// `hipFuncGetAttributes` and the occupancy calls take).
pub(crate) fn resolve(func: *const c_void) -> ApiResult<hip::Function> {
    if let Some(f) = handles::lookup::<FunctionObj>(func) {
        return Ok(f.function.clone());
    }
    crate::register::host_function(func)
}

fn device_limits() -> ApiResult<hsa::AgentProperties> {
    hip::agent_properties()
}

/// # Safety
/// `attr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipFuncGetAttributes(
    attr: *mut hipFuncAttributes,
    func: *const c_void,
) -> hipError_t {
    entry(|| {
        if attr.is_null() {
            return Err(err(HipError::InvalidValue, "attr is a null pointer"));
        }
        let f = resolve(func)?;
        let p = device_limits()?;
        let m = f.meta();
        let a = hipFuncAttributes {
            binaryVersion: 90,
            ptxVersion: 90,
            sharedSizeBytes: m.static_local_size as usize,
            maxDynamicSharedSizeBytes: max_dynamic_shared(&f, &p) as i32,
            preferredShmemCarveout: func_settings(&f).carveout,
            maxThreadsPerBlock: m
                .max_threads_per_block
                .unwrap_or(p.max_workgroup_size)
                .min(p.max_workgroup_size) as i32,
            ..Default::default()
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(attr, a, "attr") }
    })
}

/// Blocks of `block` threads one compute unit runs at once, as the `hip` crate counts them
/// (`hip::Function::max_active_blocks_per_multiprocessor`: threads, local memory and the
/// device's blocks per multiprocessor). The same number bounds cooperative launches.
fn blocks_per_cu(f: &hip::Function, block: u32, dyn_shared: usize) -> ApiResult<u32> {
    f.max_active_blocks_per_multiprocessor(block, dyn_shared)
}

/// # Safety
/// Both out-pointers are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxPotentialBlockSize(
    grid_size: *mut i32,
    block_size: *mut i32,
    func: *const c_void,
    dyn_shared: usize,
    block_limit: i32,
) -> hipError_t {
    entry(|| {
        if grid_size.is_null() || block_size.is_null() {
            return Err(err(HipError::InvalidValue, "null gridSize or blockSize"));
        }
        let f = resolve(func)?;
        let p = device_limits()?;
        let mut b = f
            .meta()
            .max_threads_per_block
            .unwrap_or(p.max_workgroup_size)
            .min(p.max_workgroup_size);
        if block_limit > 0 {
            b = b.min(block_limit as u32);
        }
        let per_cu = blocks_per_cu(&f, b, dyn_shared)?;
        if per_cu == 0 {
            return Err(err(
                HipError::InvalidValue,
                format!("{dyn_shared} bytes of dynamic shared memory do not fit"),
            ));
        }
        // SAFETY: non-null, writable per the caller.
        unsafe {
            put(block_size, b as i32, "blockSize")?;
            put(
                grid_size,
                (per_cu.saturating_mul(p.compute_units)).min(i32::MAX as u32) as i32,
                "gridSize",
            )
        }
    })
}

/// # Safety
/// `num_blocks` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessor(
    num_blocks: *mut i32,
    func: *const c_void,
    block_size: i32,
    dyn_shared: usize,
) -> hipError_t {
    entry(|| {
        let f = resolve(func)?;
        let p = device_limits()?;
        if block_size <= 0 {
            return Err(err(
                HipError::InvalidValue,
                format!("block size {block_size}"),
            ));
        }
        // A block larger than the device runs is no error in ROCm: none of it fits.
        let n = if block_size as u32 > p.max_workgroup_size {
            0
        } else {
            blocks_per_cu(&f, block_size as u32, dyn_shared)?
        };
        // SAFETY: writable per the caller.
        unsafe { put(num_blocks, n.min(i32::MAX as u32) as i32, "numBlocks") }
    })
}

/// Launches the kernel `f` (a registered host function, or a `hipFunction_t`) so that all its
/// blocks run at once and may wait at the grid-wide barrier. More blocks than
/// `hipOccupancyMaxActiveBlocksPerMultiprocessor` × `multiProcessorCount` is
/// `hipErrorCooperativeLaunchTooLarge`.
///
/// # Safety
/// `args` is null or holds one valid pointer per kernel argument.
#[no_mangle]
pub unsafe extern "C" fn hipLaunchCooperativeKernel(
    f: *const c_void,
    grid: dim3,
    block: dim3,
    args: *mut *mut c_void,
    shmem: u32,
    stream: hipStream_t,
) -> hipError_t {
    entry(|| {
        let func = resolve(f)?;
        // SAFETY: forwarded caller contract.
        unsafe { launch_cooperative(&func, grid, block, shmem, stream, args) }
    })
}

/// `hipLaunchCooperativeKernel` for a module's kernel.
///
/// # Safety
/// `params` is null or holds one valid pointer per kernel argument.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLaunchCooperativeKernel(
    f: hipFunction_t,
    gx: u32,
    gy: u32,
    gz: u32,
    bx: u32,
    by: u32,
    bz: u32,
    shmem: u32,
    stream: hipStream_t,
    params: *mut *mut c_void,
) -> hipError_t {
    entry(|| {
        // A stream that no longer exists is hipErrorInvalidValue here, as for hipLaunchKernel.
        crate::stream::check_launch_stream(stream)?;
        let fo = function(f)?;
        let g = dim3 {
            x: gx,
            y: gy,
            z: gz,
        };
        let b = dim3 {
            x: bx,
            y: by,
            z: bz,
        };
        // SAFETY: forwarded caller contract.
        unsafe { launch_cooperative(&fo.function, g, b, shmem, stream, params) }
    })
}

/// `hipCooperativeLaunchMultiDeviceNoPreSync`: the launch does not wait for the streams' earlier
/// work first.
const MULTI_DEVICE_NO_PRE_SYNC: u32 = 0x1;
/// `hipCooperativeLaunchMultiDeviceNoPostSync`: the launch returns without waiting for the
/// kernels.
const MULTI_DEVICE_NO_POST_SYNC: u32 = 0x2;

/// One entry of a multi-device launch list, from either list type.
struct DeviceLaunch {
    function: hip::Function,
    grid: dim3,
    block: dim3,
    shmem: u32,
    stream: hipStream_t,
    params: *mut *mut c_void,
}

/// The entry count of a multi-device list: a null list, or a count of none or of more devices
/// than there are, is `hipErrorInvalidValue`. ROCm reads the entries before it checks the count;
/// here the count comes first, so that no entry past the devices is ever read.
fn multi_device_count(list_is_null: bool, num_devices: i64) -> ApiResult<usize> {
    if list_is_null {
        return Err(err(
            HipError::InvalidValue,
            "launchParamsList is a null pointer",
        ));
    }
    let count = hip::device_count()? as i64;
    if num_devices < 1 || num_devices > count {
        // With one device, a list naming it twice ends here too, as in ROCm.
        return Err(err(
            HipError::InvalidValue,
            format!("numDevices {num_devices}: there are {count} device(s)"),
        ));
    }
    Ok(num_devices as usize)
}

/// An entry's stream must be live: a destroyed one is `hipErrorInvalidValue` (ROCm's
/// `hip::isValid` check, before the entry is used). Null passes here and is refused later.
fn check_entry_stream(stream: hipStream_t, i: usize) -> ApiResult {
    crate::stream::check_launch_stream(stream).map_err(|_| {
        err(
            HipError::InvalidValue,
            format!("launchParamsList[{i}].stream {stream:p} is not a live stream"),
        )
    })
}

/// Checks and runs a multi-device launch list as ROCm does
/// (`ihipModuleLaunchCooperativeKernelMultiDevice`): flags other than the two sync flags are
/// `hipErrorInvalidValue`; an entry with an empty block `hipErrorInvalidConfiguration`, a null
/// stream `hipErrorInvalidResourceHandle` (each launch names its device by its stream), a grid
/// of more than 2^32 - 1 work-items along a dimension `hipErrorInvalidConfiguration`. Then,
/// unless `NoPreSync`, the host waits for every stream; the kernels are queued in order (the
/// first failure stops the rest); unless `NoPostSync`, the host waits for every stream again.
/// `cooperative` launches as `hipLaunchCooperativeKernel` (all blocks at once, grid and
/// multi-grid barriers); otherwise as `hipLaunchKernel`.
///
/// With one device the multi-grid is the entry's grid: `this_multi_grid()` answers one grid of
/// rank 0, and its barrier is the grid barrier.
///
/// # Safety
/// Each entry's `params` holds one valid pointer per kernel argument.
unsafe fn launch_multi_device(
    launches: &[DeviceLaunch],
    flags: u32,
    cooperative: bool,
) -> ApiResult {
    if flags & !(MULTI_DEVICE_NO_PRE_SYNC | MULTI_DEVICE_NO_POST_SYNC) != 0 {
        return Err(err(
            HipError::InvalidValue,
            format!("unknown multi-device launch flags {flags:#x}"),
        ));
    }
    for (i, l) in launches.iter().enumerate() {
        if u64::from(l.block.x) * u64::from(l.block.y) * u64::from(l.block.z) == 0 {
            return Err(err(
                HipError::InvalidConfiguration,
                format!(
                    "launchParamsList[{i}]: block ({}, {}, {}) is empty",
                    l.block.x, l.block.y, l.block.z
                ),
            ));
        }
        if l.stream.is_null() {
            return Err(err(
                HipError::InvalidHandle,
                format!(
                    "launchParamsList[{i}].stream is null: each launch names its device's stream"
                ),
            ));
        }
        let too_wide = |g: u32, b: u32| u64::from(g) * u64::from(b) > u64::from(u32::MAX);
        if too_wide(l.grid.x, l.block.x)
            || too_wide(l.grid.y, l.block.y)
            || too_wide(l.grid.z, l.block.z)
        {
            return Err(err(
                HipError::InvalidConfiguration,
                format!("launchParamsList[{i}]: more than 2^32 - 1 work-items along a dimension"),
            ));
        }
    }
    let wait_all = || -> ApiResult {
        for l in launches {
            with_stream(l.stream, |s| s.synchronize())?;
        }
        Ok(())
    };
    if flags & MULTI_DEVICE_NO_PRE_SYNC == 0 {
        wait_all()?;
    }
    let mut queued = Ok(());
    for l in launches {
        queued = if cooperative {
            // SAFETY: forwarded caller contract.
            unsafe { launch_cooperative(&l.function, l.grid, l.block, l.shmem, l.stream, l.params) }
        } else {
            // SAFETY: forwarded caller contract; no `extra`.
            unsafe {
                launch(
                    &l.function,
                    l.grid,
                    l.block,
                    l.shmem as usize,
                    l.stream,
                    l.params,
                    std::ptr::null_mut(),
                )
            }
        };
        if queued.is_err() {
            break;
        }
    }
    // As in ROCm, the streams are waited for even when a launch failed; that failure is the
    // answer.
    let waited = if flags & MULTI_DEVICE_NO_POST_SYNC == 0 {
        wait_all()
    } else {
        Ok(())
    };
    queued.and(waited)
}

/// The entries of a `hipLaunchParams` list (`hipLaunchCooperativeKernelMultiDevice`,
/// `hipExtLaunchMultiKernelMultiDevice`), checked in ROCm's order: the count, then each entry's
/// stream (live) and kernel (registered: else `hipErrorInvalidDeviceFunction`).
///
/// # Safety
/// `list` is null or holds `num_devices` entries.
unsafe fn launch_params_entries(
    list: *const hipLaunchParams,
    num_devices: i32,
) -> ApiResult<Vec<DeviceLaunch>> {
    let n = multi_device_count(list.is_null(), num_devices.into())?;
    // SAFETY: non-null, `n` entries per the caller.
    let entries = unsafe { std::slice::from_raw_parts(list, n) };
    let mut out = Vec::with_capacity(n);
    for (i, l) in entries.iter().enumerate() {
        check_entry_stream(l.stream, i)?;
        let function = resolve(l.func)?;
        let shmem = u32::try_from(l.sharedMem).map_err(|_| {
            err(
                HipError::InvalidValue,
                format!(
                    "launchParamsList[{i}]: {} bytes of dynamic shared memory",
                    l.sharedMem
                ),
            )
        })?;
        out.push(DeviceLaunch {
            function,
            grid: l.gridDim,
            block: l.blockDim,
            shmem,
            stream: l.stream,
            params: l.args,
        });
    }
    Ok(out)
}

/// Cooperative launches on several devices, one list entry a device, all of whose blocks may
/// wait at the multi-grid barrier (`cooperative_groups::this_multi_grid().sync()`). The CPU
/// device being the only one, a valid list has one entry; see [`launch_multi_device`] for the
/// checks and the synchronisation `flags` ask for.
///
/// # Safety
/// `list` is null or holds `num_devices` entries, each as `hipLaunchCooperativeKernel` takes.
#[no_mangle]
pub unsafe extern "C" fn hipLaunchCooperativeKernelMultiDevice(
    list: *mut hipLaunchParams,
    num_devices: i32,
    flags: u32,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        let launches = unsafe { launch_params_entries(list, num_devices)? };
        // SAFETY: forwarded caller contract.
        unsafe { launch_multi_device(&launches, flags, true) }
    })
}

/// AMD's launch of a kernel per device, each queued before any other work on its stream:
/// `hipLaunchCooperativeKernelMultiDevice`'s list, checks and `flags`, but ordinary
/// (non-cooperative) launches.
///
/// # Safety
/// `list` is null or holds `num_devices` entries, each as `hipLaunchKernel` takes.
#[no_mangle]
pub unsafe extern "C" fn hipExtLaunchMultiKernelMultiDevice(
    list: *mut hipLaunchParams,
    num_devices: i32,
    flags: u32,
) -> hipError_t {
    entry(|| {
        // SAFETY: forwarded caller contract.
        let launches = unsafe { launch_params_entries(list, num_devices)? };
        // SAFETY: forwarded caller contract.
        unsafe { launch_multi_device(&launches, flags, false) }
    })
}

/// `hipLaunchCooperativeKernelMultiDevice` for module kernels.
///
/// # Safety
/// `list` is null or holds `num_devices` entries, each as
/// `hipModuleLaunchCooperativeKernel` takes.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLaunchCooperativeKernelMultiDevice(
    list: *mut hipFunctionLaunchParams,
    num_devices: u32,
    flags: u32,
) -> hipError_t {
    entry(|| {
        let n = multi_device_count(list.is_null(), num_devices.into())?;
        // SAFETY: non-null, `n` entries per the caller.
        let entries = unsafe { std::slice::from_raw_parts(list, n) };
        for (i, l) in entries.iter().enumerate() {
            check_entry_stream(l.hStream, i)?;
        }
        let mut launches = Vec::with_capacity(n);
        for l in entries {
            launches.push(DeviceLaunch {
                function: function(l.function)?.function.clone(),
                grid: dim3 {
                    x: l.gridDimX,
                    y: l.gridDimY,
                    z: l.gridDimZ,
                },
                block: dim3 {
                    x: l.blockDimX,
                    y: l.blockDimY,
                    z: l.blockDimZ,
                },
                shmem: l.sharedMemBytes,
                stream: l.hStream,
                params: l.kernelParams,
            });
        }
        // SAFETY: forwarded caller contract.
        unsafe { launch_multi_device(&launches, flags, true) }
    })
}

// --- function attributes ---------------------------------------------------------------------

/// What `hipFuncSetAttribute` set for one kernel (by kernel object, so a module's
/// `hipFunction_t` and the host function registered for the same kernel share it).
#[derive(Clone, Copy, Default)]
struct FuncSettings {
    /// `hipFuncAttributeMaxDynamicSharedMemorySize`; `None`: all the local memory the kernel's
    /// static part leaves.
    max_dynamic_shared: Option<u32>,
    /// `hipFuncAttributePreferredSharedMemoryCarveout` (a hint; the CPU device has no cache
    /// to split), read back as set. 0 until set, as ROCm reports it.
    carveout: i32,
}

fn func_settings_table() -> std::sync::MutexGuard<'static, HashMap<u64, FuncSettings>> {
    static T: std::sync::OnceLock<Mutex<HashMap<u64, FuncSettings>>> = std::sync::OnceLock::new();
    T.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

fn func_settings(f: &hip::Function) -> FuncSettings {
    func_settings_table()
        .get(&f.kernel_handle())
        .copied()
        .unwrap_or_default()
}

/// The dynamic shared memory the kernel's static `__shared__` variables leave in a block's
/// local memory: the most `hipFuncAttributeMaxDynamicSharedMemorySize` may be.
fn dynamic_shared_room(f: &hip::Function, p: &hsa::AgentProperties) -> u32 {
    p.local_memory_size
        .saturating_sub(f.meta().static_local_size)
}

/// The dynamic shared memory a launch of `f` may ask for: what `hipFuncSetAttribute` set, else
/// what the kernel's local-memory layout leaves.
fn max_dynamic_shared(f: &hip::Function, p: &hsa::AgentProperties) -> u32 {
    func_settings(f).max_dynamic_shared.unwrap_or_else(|| {
        p.local_memory_size
            .saturating_sub(f.meta().dynamic_local_offset)
    })
}

/// A launch asking for more dynamic shared memory than the kernel's
/// `hipFuncAttributeMaxDynamicSharedMemorySize` fails with `hipErrorInvalidValue`, the code ROCm
/// gives a launch over the device's shared memory. (The bound itself is CUDA's rule: ROCm
/// stores the attribute without checking launches against it.)
fn check_dynamic_shared(f: &hip::Function, shmem: u32) -> ApiResult {
    let Some(max) = func_settings(f).max_dynamic_shared else {
        return Ok(());
    };
    if shmem > max {
        return Err(err(
            HipError::InvalidValue,
            format!(
                "{shmem} bytes of dynamic shared memory exceed the {max} bytes kernel {} allows \
                 (hipFuncAttributeMaxDynamicSharedMemorySize)",
                hsa::kernel_label(&f.meta().name)
            ),
        ));
    }
    Ok(())
}

/// `hipFunction_attribute` values.
const FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: i32 = 0;
const FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: i32 = 1;
const FUNC_ATTRIBUTE_CONST_SIZE_BYTES: i32 = 2;
const FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: i32 = 3;
const FUNC_ATTRIBUTE_NUM_REGS: i32 = 4;
const FUNC_ATTRIBUTE_PTX_VERSION: i32 = 5;
const FUNC_ATTRIBUTE_BINARY_VERSION: i32 = 6;
const FUNC_ATTRIBUTE_CACHE_MODE_CA: i32 = 7;
const FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: i32 = 8;
const FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: i32 = 9;

/// `hipFuncAttribute` values `hipFuncSetAttribute` acts on, and the end of the range it takes.
const FUNC_ATTR_MAX_DYNAMIC_SHARED: i32 = 8;
const FUNC_ATTR_PREFERRED_CARVEOUT: i32 = 9;
const FUNC_ATTR_MAX: i32 = 10;

/// One attribute of a module's kernel, as `hipFuncGetAttributes` reports them all. A null
/// `value` or an unknown attribute is `hipErrorInvalidValue`, a handle that is not a live
/// function `hipErrorInvalidHandle` (ROCm's order: the value pointer first).
///
/// # Safety
/// `value` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipFuncGetAttribute(
    value: *mut i32,
    attrib: i32,
    hfunc: hipFunction_t,
) -> hipError_t {
    entry(|| {
        if value.is_null() {
            return Err(err(HipError::InvalidValue, "value is a null pointer"));
        }
        let f = function(hfunc)?.function.clone();
        let p = device_limits()?;
        let m = f.meta();
        let v: i64 = match attrib {
            FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK => m
                .max_threads_per_block
                .unwrap_or(p.max_workgroup_size)
                .min(p.max_workgroup_size)
                .into(),
            FUNC_ATTRIBUTE_SHARED_SIZE_BYTES => m.static_local_size.into(),
            // Constants live in the code object's globals, private memory on the worker's
            // stack, registers are the host CPU's: none is a per-kernel budget here.
            FUNC_ATTRIBUTE_CONST_SIZE_BYTES
            | FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES
            | FUNC_ATTRIBUTE_NUM_REGS
            | FUNC_ATTRIBUTE_CACHE_MODE_CA => 0,
            // The ISA version, major * 10 + minor, as ROCm answers both (gfx900: 90).
            FUNC_ATTRIBUTE_PTX_VERSION | FUNC_ATTRIBUTE_BINARY_VERSION => 90,
            FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES => max_dynamic_shared(&f, &p).into(),
            FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT => func_settings(&f).carveout.into(),
            a => {
                return Err(err(
                    HipError::InvalidValue,
                    format!("{a} is not a hipFunction_attribute"),
                ))
            }
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(value, v.clamp(0, i32::MAX as i64) as i32, "value") }
    })
}

/// The kernel a `hipFuncSet*` call names: null is `hipErrorInvalidDeviceFunction`, as is a
/// pointer that is neither a registered kernel nor a `hipFunction_t`.
fn settable_function(func: *const c_void) -> ApiResult<hip::Function> {
    if func.is_null() {
        return Err(err(
            HipError::InvalidDeviceFunction,
            "func is a null pointer",
        ));
    }
    resolve(func).map_err(|_| {
        err(
            HipError::InvalidDeviceFunction,
            format!("{func:p} is neither a registered kernel nor a hipFunction_t"),
        )
    })
}

/// Sets `hipFuncAttributeMaxDynamicSharedMemorySize` (0 to the local memory the kernel's
/// static shared variables leave; later launches asking for more fail) or
/// `hipFuncAttributePreferredSharedMemoryCarveout` (-1 to 100, kept and read back). ROCm's
/// checks and codes: null `func` `hipErrorInvalidDeviceFunction`, an attribute outside
/// `0..=hipFuncAttributeMax` or a value out of range `hipErrorInvalidValue`.
#[no_mangle]
pub extern "C" fn hipFuncSetAttribute(func: *const c_void, attr: i32, value: i32) -> hipError_t {
    entry(|| {
        if func.is_null() {
            return Err(err(
                HipError::InvalidDeviceFunction,
                "func is a null pointer",
            ));
        }
        if !(0..=FUNC_ATTR_MAX).contains(&attr) {
            return Err(err(
                HipError::InvalidValue,
                format!("{attr} is not a hipFuncAttribute"),
            ));
        }
        let f = settable_function(func)?;
        let p = device_limits()?;
        match attr {
            FUNC_ATTR_MAX_DYNAMIC_SHARED => {
                let room = dynamic_shared_room(&f, &p);
                if value < 0 || value as u32 > room {
                    return Err(err(
                        HipError::InvalidValue,
                        format!(
                            "hipFuncAttributeMaxDynamicSharedMemorySize {value}: kernel {} has \
                             0 to {room} bytes",
                            hsa::kernel_label(&f.meta().name)
                        ),
                    ));
                }
                func_settings_table()
                    .entry(f.kernel_handle())
                    .or_default()
                    .max_dynamic_shared = Some(value as u32);
            }
            FUNC_ATTR_PREFERRED_CARVEOUT => {
                if !(-1..=100).contains(&value) {
                    return Err(err(
                        HipError::InvalidValue,
                        format!("hipFuncAttributePreferredSharedMemoryCarveout {value}: -1 to 100"),
                    ));
                }
                func_settings_table()
                    .entry(f.kernel_handle())
                    .or_default()
                    .carveout = value;
            }
            // The other values of the range name no settable attribute; ROCm accepts them.
            _ => {}
        }
        Ok(())
    })
}

/// A cache preference for one kernel: checked as ROCm checks it (null `func`
/// `hipErrorInvalidDeviceFunction`, an unknown `hipFuncCache_t` `hipErrorInvalidValue`); the
/// CPU device has no configurable cache, so it selects nothing.
#[no_mangle]
pub extern "C" fn hipFuncSetCacheConfig(func: *const c_void, config: i32) -> hipError_t {
    entry(|| {
        settable_function(func)?;
        crate::device::check_cache_config(config)
    })
}

/// A shared-memory bank size for one kernel: checked as `hipFuncSetCacheConfig`; the CPU
/// device's local memory has no banks.
#[no_mangle]
pub extern "C" fn hipFuncSetSharedMemConfig(func: *const c_void, config: i32) -> hipError_t {
    entry(|| {
        settable_function(func)?;
        crate::device::check_shared_mem_config(config)
    })
}

/// `hipFunction_t`s handed out by `hipGetFuncBySymbol`, by host function (one per kernel).
fn symbol_functions() -> std::sync::MutexGuard<'static, HashMap<usize, usize>> {
    static T: std::sync::OnceLock<Mutex<HashMap<usize, usize>>> = std::sync::OnceLock::new();
    T.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The `hipFunction_t` of a registered kernel (its host stub's address), usable with
/// `hipModuleLaunchKernel` and the other module calls. Anything that is not a registered
/// kernel is `hipErrorInvalidDeviceFunction`, as ROCm answers.
///
/// # Safety
/// `function` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetFuncBySymbol(
    function: *mut hipFunction_t,
    symbol: *const c_void,
) -> hipError_t {
    entry(|| {
        let f = crate::register::host_function(symbol).map_err(|_| {
            err(
                HipError::InvalidDeviceFunction,
                format!("{symbol:p} is not a registered kernel"),
            )
        })?;
        let mut table = symbol_functions();
        let live = table
            .get(&(symbol as usize))
            .filter(|&&h| {
                handles::lookup::<FunctionObj>(h as *const c_void)
                    .is_some_and(|o| o.function.kernel_handle() == f.kernel_handle())
            })
            .copied();
        let h = match live {
            Some(h) => h as hipFunction_t,
            None => {
                let h = handles::register(Arc::new(FunctionObj { function: f }));
                table.insert(symbol as usize, h as usize);
                h
            }
        };
        // SAFETY: writable per the caller; null is hipErrorInvalidValue.
        unsafe { put(function, h, "functionPtr") }
    })
}

// --- launches with events, by work-items, by pointer -----------------------------------------

/// A launch's optional start or stop event: null is none; one that is not live is
/// `hipErrorInvalidValue`, as ROCm's `hipExtLaunchKernel` answers.
fn check_launch_event(h: crate::stream::hipEvent_t, what: &str) -> ApiResult {
    if h.is_null() || handles::lookup::<crate::stream::EventObj>(h).is_some() {
        return Ok(());
    }
    Err(err(
        HipError::InvalidValue,
        format!("{what} {h:p} is not a live event"),
    ))
}

/// Records `ev` on `stream` as `hipEventRecord` does (a capturing stream records a node).
fn record(ev: crate::stream::hipEvent_t, stream: hipStream_t) -> ApiResult {
    if ev.is_null() {
        return Ok(());
    }
    match crate::stream::hipEventRecord(ev, stream) {
        0 => Ok(()),
        rc => Err(HipError::from_code(rc).unwrap_or(HipError::Unknown)),
    }
}

/// Records `start`, runs `launch`, records `stop`, all on `stream`: the events time the launch
/// alone, as the `Ext` launches promise (the stream is in order). Both events are checked
/// before anything is queued.
fn with_events(
    stream: hipStream_t,
    start: crate::stream::hipEvent_t,
    stop: crate::stream::hipEvent_t,
    launch: impl FnOnce() -> ApiResult,
) -> ApiResult {
    check_launch_event(start, "startEvent")?;
    check_launch_event(stop, "stopEvent")?;
    record(start, stream)?;
    launch()?;
    record(stop, stream)
}

/// `hipLaunchKernel` between optional records of `startEvent` and `stopEvent` on the same
/// stream. `flags` (`hipExtAnyOrderLaunch`) lets ROCm reorder launches of one stream; the CPU
/// device keeps the stream's order, which that flag allows. Stale stream or events are
/// `hipErrorInvalidValue`, an unregistered `f` `hipErrorInvalidDeviceFunction`.
///
/// # Safety
/// `args` is null or one valid pointer per kernel argument.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // HIP's signature
pub unsafe extern "C" fn hipExtLaunchKernel(
    f: *const c_void,
    grid: dim3,
    block: dim3,
    args: *mut *mut c_void,
    shmem: usize,
    stream: hipStream_t,
    start: crate::stream::hipEvent_t,
    stop: crate::stream::hipEvent_t,
    _flags: i32,
) -> hipError_t {
    entry(|| {
        crate::stream::check_launch_stream(stream)?;
        let func = crate::register::host_function(f)?;
        with_events(stream, start, stop, || {
            // SAFETY: forwarded caller contract.
            unsafe {
                launch(
                    &func,
                    grid,
                    block,
                    shmem,
                    stream,
                    args,
                    std::ptr::null_mut(),
                )
            }
        })
    })
}

/// The grid in blocks for a launch given in work-items (`hipExtModuleLaunchKernel`,
/// `hipHccModuleLaunchKernel`). As ROCm: a block larger than the global size shrinks to it;
/// a global size that is not a whole number of blocks is `hipErrorInvalidValue` (HIP kernels
/// have uniform work-groups); zero sizes, and a block of more work-items than the device's
/// work-group limit (checked before it shrinks, as ROCm validates), are `hipErrorInvalidValue`.
fn blocks_of(global: [u32; 3], local: [u32; 3]) -> ApiResult<(dim3, dim3)> {
    if global.contains(&0) || local.contains(&0) {
        return Err(err(
            HipError::InvalidValue,
            format!("zero dimension in global size {global:?} or block {local:?}"),
        ));
    }
    let max = device_limits()?.max_workgroup_size as u64;
    if local.iter().map(|&l| l as u64).product::<u64>() > max {
        return Err(err(
            HipError::InvalidValue,
            format!("block {local:?} has more than the device's {max} work-items"),
        ));
    }
    let mut grid = [0u32; 3];
    let mut block = [0u32; 3];
    for i in 0..3 {
        block[i] = local[i].min(global[i]);
        if !global[i].is_multiple_of(block[i]) {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "global size {global:?} is not a multiple of the block {local:?} (kernels \
                     have uniform work-groups)"
                ),
            ));
        }
        grid[i] = global[i] / block[i];
    }
    let d = |a: [u32; 3]| dim3 {
        x: a[0],
        y: a[1],
        z: a[2],
    };
    Ok((d(grid), d(block)))
}

/// A module kernel launched over `global*` work-items (not blocks) in blocks of `local*`,
/// between optional records of `start` and `stop` on `stream`. Arguments as
/// `hipModuleLaunchKernel`; `flags` as `hipExtLaunchKernel`'s.
///
/// # Safety
/// As `hipModuleLaunchKernel`.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // HIP's signature
pub unsafe extern "C" fn hipExtModuleLaunchKernel(
    f: hipFunction_t,
    global_x: u32,
    global_y: u32,
    global_z: u32,
    local_x: u32,
    local_y: u32,
    local_z: u32,
    shmem: usize,
    stream: hipStream_t,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    start: crate::stream::hipEvent_t,
    stop: crate::stream::hipEvent_t,
    _flags: u32,
) -> hipError_t {
    entry(|| {
        crate::stream::check_launch_stream(stream)?;
        let fo = function(f)?;
        let (g, b) = blocks_of([global_x, global_y, global_z], [local_x, local_y, local_z])?;
        with_events(stream, start, stop, || {
            // SAFETY: forwarded caller contract.
            unsafe { launch_unbounded(&fo.function, g, b, shmem, stream, params, extra) }
        })
    })
}

/// `hipExtModuleLaunchKernel` without flags (its older name).
///
/// # Safety
/// As `hipModuleLaunchKernel`.
#[no_mangle]
#[allow(clippy::too_many_arguments)] // HIP's signature
pub unsafe extern "C" fn hipHccModuleLaunchKernel(
    f: hipFunction_t,
    global_x: u32,
    global_y: u32,
    global_z: u32,
    local_x: u32,
    local_y: u32,
    local_z: u32,
    shmem: usize,
    stream: hipStream_t,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    start: crate::stream::hipEvent_t,
    stop: crate::stream::hipEvent_t,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    unsafe {
        hipExtModuleLaunchKernel(
            f, global_x, global_y, global_z, local_x, local_y, local_z, shmem, stream, params,
            extra, start, stop, 0,
        )
    }
}

thread_local! {
    /// The argument buffer `hipSetupArgument` fills for the next `hipLaunchByPtr`, laid out
    /// as the kernarg segment; `hipConfigureCall` starts a new one.
    static SETUP_ARGS: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Configures the next `hipLaunchByPtr` (grid, block, dynamic shared memory, stream): pushed
/// where `__hipPushCallConfiguration` pushes, as ROCm does; starts an empty argument buffer.
#[no_mangle]
pub extern "C" fn hipConfigureCall(
    grid: dim3,
    block: dim3,
    shmem: usize,
    stream: hipStream_t,
) -> hipError_t {
    SETUP_ARGS.with(|a| a.borrow_mut().clear());
    crate::register::__hipPushCallConfiguration(grid, block, shmem, stream)
}

/// Copies `size` bytes of one argument to `offset` in the buffer the next `hipLaunchByPtr`
/// passes (kernarg layout: the caller gives each argument's offset). A null `arg` with a
/// non-zero size is `hipErrorInvalidValue`.
///
/// # Safety
/// `arg` is null or readable for `size` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipSetupArgument(
    arg: *const c_void,
    size: usize,
    offset: usize,
) -> hipError_t {
    entry(|| {
        if size == 0 {
            return Ok(());
        }
        if arg.is_null() {
            return Err(err(HipError::InvalidValue, "arg is a null pointer"));
        }
        let end = offset
            .checked_add(size)
            .filter(|&e| e <= 1 << 20)
            .ok_or_else(|| {
                err(
                    HipError::InvalidValue,
                    format!("argument at {offset}+{size} bytes is past any kernarg segment"),
                )
            })?;
        // SAFETY: readable for `size` bytes per the caller.
        let bytes = unsafe { std::slice::from_raw_parts(arg as *const u8, size) };
        SETUP_ARGS.with(|a| {
            let mut a = a.borrow_mut();
            if a.len() < end {
                a.resize(end, 0);
            }
            a[offset..end].copy_from_slice(bytes);
        });
        Ok(())
    })
}

/// Launches the registered kernel `f` with the configuration of the last `hipConfigureCall`
/// (or `__hipPushCallConfiguration`) and the arguments `hipSetupArgument` gave, as ROCm:
/// the configuration is taken first, then an unknown `f` is `hipErrorInvalidDeviceFunction`.
/// Without a configuration: `hipErrorMissingConfiguration`.
#[no_mangle]
pub extern "C" fn hipLaunchByPtr(f: *const c_void) -> hipError_t {
    entry(|| {
        let (mut grid, mut block) = (dim3 { x: 0, y: 0, z: 0 }, dim3 { x: 0, y: 0, z: 0 });
        let (mut shmem, mut stream) = (0usize, std::ptr::null_mut());
        // SAFETY: the out-pointers are locals.
        let rc = unsafe {
            crate::register::__hipPopCallConfiguration(
                &mut grid,
                &mut block,
                &mut shmem,
                &mut stream,
            )
        };
        let mut buf = SETUP_ARGS.with(|a| std::mem::take(&mut *a.borrow_mut()));
        if rc != HipError::Success.code() {
            return Err(HipError::from_code(rc).unwrap_or(HipError::MissingConfiguration));
        }
        let func = crate::register::host_function(f)?;
        crate::stream::check_launch_stream(stream)?;
        let mut size = buf.len();
        let mut extra: [*mut c_void; 5] = [
            LAUNCH_PARAM_BUFFER_POINTER as *mut c_void,
            buf.as_mut_ptr().cast(),
            LAUNCH_PARAM_BUFFER_SIZE as *mut c_void,
            (&mut size as *mut usize).cast(),
            LAUNCH_PARAM_END as *mut c_void,
        ];
        // SAFETY: `extra` describes `buf`, which outlives the call.
        unsafe {
            launch(
                &func,
                grid,
                block,
                shmem,
                stream,
                std::ptr::null_mut(),
                extra.as_mut_ptr(),
            )
        }
    })
}

// --- occupancy, with flags and for module kernels ----------------------------------------------

/// `hipOccupancyDefault`, `hipOccupancyDisableCachingOverride`: the flags the `WithFlags`
/// occupancy calls take; others are `hipErrorInvalidValue`. Neither changes the count on the
/// CPU device (no cache to override).
const OCCUPANCY_FLAGS: u32 = 0x1;

fn check_occupancy_flags(flags: u32) -> ApiResult {
    if flags & !OCCUPANCY_FLAGS != 0 {
        return Err(err(
            HipError::InvalidValue,
            format!("{flags:#x} is not a combination of hipOccupancy* flags"),
        ));
    }
    Ok(())
}

/// # Safety
/// `num_blocks` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    num_blocks: *mut i32,
    func: *const c_void,
    block_size: i32,
    dyn_shared: usize,
    flags: u32,
) -> hipError_t {
    // ROCm's order: the out-pointer, then the flags, then the kernel.
    let rc = entry(|| {
        if num_blocks.is_null() {
            return Err(err(HipError::InvalidValue, "numBlocks is a null pointer"));
        }
        check_occupancy_flags(flags)
    });
    if rc != HipError::Success.code() {
        return rc;
    }
    // SAFETY: forwarded caller contract.
    unsafe {
        hipOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks, func, block_size, dyn_shared)
    }
}

/// `hipOccupancyMaxPotentialBlockSize` for a module's kernel.
///
/// # Safety
/// Both out-pointers are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxPotentialBlockSize(
    grid_size: *mut i32,
    block_size: *mut i32,
    f: hipFunction_t,
    dyn_shared: usize,
    block_limit: i32,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    unsafe {
        hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
            grid_size,
            block_size,
            f,
            dyn_shared,
            block_limit,
            0,
        )
    }
}

/// # Safety
/// Both out-pointers are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    grid_size: *mut i32,
    block_size: *mut i32,
    f: hipFunction_t,
    dyn_shared: usize,
    block_limit: i32,
    flags: u32,
) -> hipError_t {
    // ROCm's order: null pointers (the kernel's too) are hipErrorInvalidValue, then the flags.
    let rc = entry(|| {
        if grid_size.is_null() || block_size.is_null() || f.is_null() {
            return Err(err(
                HipError::InvalidValue,
                "null gridSize, blockSize or function",
            ));
        }
        check_occupancy_flags(flags)?;
        function(f).map(|_| ())
    });
    if rc != HipError::Success.code() {
        return rc;
    }
    // SAFETY: forwarded caller contract; `f` is a live function, which `resolve` takes.
    unsafe { hipOccupancyMaxPotentialBlockSize(grid_size, block_size, f, dyn_shared, block_limit) }
}

/// `hipOccupancyMaxActiveBlocksPerMultiprocessor` for a module's kernel.
///
/// # Safety
/// `num_blocks` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    num_blocks: *mut i32,
    f: hipFunction_t,
    block_size: i32,
    dyn_shared: usize,
) -> hipError_t {
    // SAFETY: forwarded caller contract.
    unsafe {
        hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            num_blocks, f, block_size, dyn_shared, 0,
        )
    }
}

/// # Safety
/// `num_blocks` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    num_blocks: *mut i32,
    f: hipFunction_t,
    block_size: i32,
    dyn_shared: usize,
    flags: u32,
) -> hipError_t {
    let rc = entry(|| {
        if num_blocks.is_null() || f.is_null() {
            return Err(err(HipError::InvalidValue, "null numBlocks or function"));
        }
        check_occupancy_flags(flags)?;
        function(f).map(|_| ())
    });
    if rc != HipError::Success.code() {
        return rc;
    }
    // SAFETY: forwarded caller contract; `f` is a live function, which `resolve` takes.
    unsafe { hipOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks, f, block_size, dyn_shared) }
}
