//! Contexts (`hipCtx*`, `hipDevicePrimaryCtx*`), deprecated in HIP but kept by ROCm, with
//! ROCm's semantics: a context *is* its device's primary context (one per device, a
//! validated handle); `hipCtxCreate` retains it and pushes it on the calling thread's
//! context stack; pushing or setting a context makes its device the thread's device.

use crate::device::{
    check_cache_config, check_shared_mem_config, device_state, hipDeviceDisablePeerAccess,
    hipDeviceEnablePeerAccess, HIP_VERSION,
};
use crate::handles::{self, HandleKind};
use crate::{entry, err, hipError_t, put, ApiResult};
use hip::HipError;
use std::cell::RefCell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

/// `hipCtx_t`.
pub type hipCtx_t = *mut c_void;

/// A device's primary context behind a `hipCtx_t`.
pub struct ContextObj {
    pub device: i32,
    /// `hipCtxCreate` / `hipDevicePrimaryCtxRetain` minus releases.
    retains: AtomicU32,
}

impl HandleKind for ContextObj {
    const TAG: u32 = 0x4354_5854; // "CTXT"
    const NAME: &'static str = "context";
}

thread_local! {
    /// This thread's context stack (handles), top last.
    static STACK: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// The primary context of `dev` (which exists): its handle, created on first use.
fn primary(dev: i32) -> ApiResult<(hipCtx_t, Arc<ContextObj>)> {
    static CTX: OnceLock<usize> = OnceLock::new();
    // The CPU device is device 0, the only one.
    crate::check_device(dev)?;
    let h = *CTX.get_or_init(|| {
        handles::register(Arc::new(ContextObj {
            device: 0,
            retains: AtomicU32::new(0),
        })) as usize
    }) as hipCtx_t;
    let obj = handles::lookup::<ContextObj>(h)
        .ok_or_else(|| err(HipError::InvalidContext, "primary context lost"))?;
    Ok((h, obj))
}

/// The context behind `h`; null or anything else is `hipErrorInvalidContext`.
fn context(h: hipCtx_t) -> ApiResult<Arc<ContextObj>> {
    handles::lookup::<ContextObj>(h)
        .ok_or_else(|| err(HipError::InvalidContext, format!("{h:p} is not a context")))
}

/// ROCm: an ordinal past the devices is `hipErrorInvalidValue` here (not InvalidDevice).
///
/// # Safety
/// `ctx` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxCreate(ctx: *mut hipCtx_t, flags: u32, device: i32) -> hipError_t {
    entry(|| {
        if ctx.is_null() {
            return Err(err(HipError::InvalidValue, "ctx is a null pointer"));
        }
        if device < 0 || device >= hip::device_count()? {
            return Err(err(
                HipError::InvalidValue,
                format!("device {device} does not exist"),
            ));
        }
        let (h, obj) = primary(device)?;
        obj.retains.fetch_add(1, Ordering::Relaxed);
        device_state().flags = flags;
        hip::set_device(obj.device)?;
        STACK.with(|s| s.borrow_mut().push(h as usize));
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ctx, h, "ctx") }
    })
}

/// Releases a `hipCtxCreate` reference and pops the context if it is the thread's top.
#[no_mangle]
pub extern "C" fn hipCtxDestroy(ctx: hipCtx_t) -> hipError_t {
    entry(|| {
        if ctx.is_null() {
            return Err(err(HipError::InvalidValue, "ctx is null"));
        }
        let obj = context(ctx)?;
        STACK.with(|s| {
            let mut s = s.borrow_mut();
            if s.last() == Some(&(ctx as usize)) {
                s.pop();
            }
        });
        let _ = obj
            .retains
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        Ok(())
    })
}

/// # Safety
/// `ctx` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxPopCurrent(ctx: *mut hipCtx_t) -> hipError_t {
    entry(|| {
        let Some(top) = STACK.with(|s| s.borrow_mut().pop()) else {
            return Err(err(HipError::InvalidContext, "the context stack is empty"));
        };
        // The next context down, if any, becomes current again.
        if let Some(next) = STACK.with(|s| s.borrow().last().copied()) {
            hip::set_device(context(next as hipCtx_t)?.device)?;
        }
        if !ctx.is_null() {
            // SAFETY: non-null, writable per the caller.
            unsafe { put(ctx, top as hipCtx_t, "ctx")? };
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipCtxPushCurrent(ctx: hipCtx_t) -> hipError_t {
    entry(|| {
        let obj = context(ctx)?;
        hip::set_device(obj.device)?;
        STACK.with(|s| s.borrow_mut().push(ctx as usize));
        Ok(())
    })
}

/// Replaces the top of the thread's stack; null pops it.
#[no_mangle]
pub extern "C" fn hipCtxSetCurrent(ctx: hipCtx_t) -> hipError_t {
    entry(|| {
        if ctx.is_null() {
            STACK.with(|s| s.borrow_mut().pop());
            return Ok(());
        }
        let obj = context(ctx)?;
        hip::set_device(obj.device)?;
        STACK.with(|s| {
            let mut s = s.borrow_mut();
            s.pop();
            s.push(ctx as usize);
        });
        Ok(())
    })
}

/// The current device's primary context (ROCm: the thread always has a device).
///
/// # Safety
/// `ctx` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetCurrent(ctx: *mut hipCtx_t) -> hipError_t {
    entry(|| {
        if ctx.is_null() {
            return Err(err(HipError::InvalidValue, "ctx is a null pointer"));
        }
        let (h, _) = primary(hip::get_device()?)?;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ctx, h, "ctx") }
    })
}

/// # Safety
/// `device` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetDevice(device: *mut i32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(device, hip::get_device()?, "device") })
}

/// The HIP version the context's runtime implements.
///
/// # Safety
/// `version` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetApiVersion(ctx: hipCtx_t, version: *mut i32) -> hipError_t {
    entry(|| {
        context(ctx)?;
        // SAFETY: writable per the caller.
        unsafe { put(version, HIP_VERSION, "apiVersion") }
    })
}

/// # Safety
/// `config` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetCacheConfig(config: *mut i32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(config, device_state().cache_config, "cacheConfig") })
}

#[no_mangle]
pub extern "C" fn hipCtxSetCacheConfig(config: i32) -> hipError_t {
    entry(|| {
        check_cache_config(config)?;
        device_state().cache_config = config;
        Ok(())
    })
}

/// Four-byte banks, as `hipDeviceGetSharedMemConfig` answers.
///
/// # Safety
/// `config` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetSharedMemConfig(config: *mut i32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(config, 1, "pConfig") })
}

#[no_mangle]
pub extern "C" fn hipCtxSetSharedMemConfig(config: i32) -> hipError_t {
    entry(|| {
        check_shared_mem_config(config)?;
        device_state().shared_mem_config = config;
        Ok(())
    })
}

/// Waits for the current context's (the device's) work.
#[no_mangle]
pub extern "C" fn hipCtxSynchronize() -> hipError_t {
    crate::device::hipDeviceSynchronize()
}

/// The flags `hipCtxCreate` or `hipSetDeviceFlags` set.
///
/// # Safety
/// `flags` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetFlags(flags: *mut u32) -> hipError_t {
    // SAFETY: forwarded caller contract.
    entry(|| unsafe { put(flags, device_state().flags, "flags") })
}

/// Peer access to another context's device: as `hipDeviceEnablePeerAccess` (a device is
/// never its own peer: `hipErrorInvalidDevice`).
#[no_mangle]
pub extern "C" fn hipCtxEnablePeerAccess(peer: hipCtx_t, flags: u32) -> hipError_t {
    match context(peer) {
        Ok(c) => hipDeviceEnablePeerAccess(c.device, flags),
        Err(e) => e.code(),
    }
}

#[no_mangle]
pub extern "C" fn hipCtxDisablePeerAccess(peer: hipCtx_t) -> hipError_t {
    match context(peer) {
        Ok(c) => hipDeviceDisablePeerAccess(c.device),
        Err(e) => e.code(),
    }
}

/// `flags`: the device's flags; `active`: whether the primary context is retained.
///
/// # Safety
/// Both are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxGetState(
    dev: i32,
    flags: *mut u32,
    active: *mut i32,
) -> hipError_t {
    entry(|| {
        crate::check_device(dev)?;
        let (_, obj) = primary(dev)?;
        // SAFETY: writable per the caller; ROCm allows either to be null.
        unsafe {
            if !flags.is_null() {
                put(flags, device_state().flags, "flags")?;
            }
            if !active.is_null() {
                let on = obj.retains.load(Ordering::Relaxed) > 0;
                put(active, on as i32, "active")?;
            }
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipDevicePrimaryCtxRelease(dev: i32) -> hipError_t {
    entry(|| {
        crate::check_device(dev)?;
        let (_, obj) = primary(dev)?;
        let _ = obj
            .retains
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        Ok(())
    })
}

/// # Safety
/// `ctx` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxRetain(ctx: *mut hipCtx_t, dev: i32) -> hipError_t {
    entry(|| {
        crate::check_device(dev)?;
        if ctx.is_null() {
            return Err(err(HipError::InvalidValue, "pctx is a null pointer"));
        }
        let (h, obj) = primary(dev)?;
        obj.retains.fetch_add(1, Ordering::Relaxed);
        // SAFETY: non-null, writable per the caller.
        unsafe { put(ctx, h, "pctx") }
    })
}

/// ROCm answers success for any ordinal and releases nothing (its primary context is never
/// torn down); `hipDeviceReset` is the call that releases the device's objects.
#[no_mangle]
pub extern "C" fn hipDevicePrimaryCtxReset(_dev: i32) -> hipError_t {
    HipError::Success.code()
}

/// ROCm: the primary context is always in use, so its flags cannot change here
/// (`hipErrorContextAlreadyInUse`); `hipSetDeviceFlags` sets them.
#[no_mangle]
pub extern "C" fn hipDevicePrimaryCtxSetFlags(dev: i32, _flags: u32) -> hipError_t {
    entry(|| {
        crate::check_device(dev)?;
        Err(err(
            HipError::ContextAlreadyInUse,
            "the primary context is active; set its flags with hipSetDeviceFlags",
        ))
    })
}
