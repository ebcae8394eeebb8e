//! The handle of the C APIs (`rocblas_handle`, and hipBLAS's behind `hipblasHandle_t`): a
//! HIP stream of libamdhip64 and the modes, behind a checked pointer. Its kernels go to the
//! process's one HIP runtime through [`amdhip64_sys`].

use crate::kernel::{work_bytes, work_group, Launcher, Work};
use crate::types::{fail, AtomicsMode, Error, MathMode, PointerMode, Result, Status};
use amdhip64_sys::{HipStream, NativeKernel};
use std::any::TypeId;
use std::collections::HashSet;
use std::ffi::c_void;
use std::sync::atomic::{AtomicI32, AtomicPtr, Ordering};
use std::sync::{Mutex, OnceLock};

/// What a `rocblas_handle` points to.
pub struct HandleObj {
    stream: AtomicPtr<c_void>,
    pointer_mode: AtomicI32,
    atomics_mode: AtomicI32,
    math_mode: AtomicI32,
}

pub type RocblasHandle = *mut HandleObj;

/// The handles created and not yet destroyed: anything else is `rocblas_status_invalid_handle`.
fn live() -> std::sync::MutexGuard<'static, HashSet<usize>> {
    static LIVE: OnceLock<Mutex<HashSet<usize>>> = OnceLock::new();
    LIVE.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

impl HandleObj {
    /// A new handle on the null stream, host pointer mode, atomics allowed (rocBLAS's
    /// defaults).
    pub fn create() -> RocblasHandle {
        let h = Box::into_raw(Box::new(HandleObj {
            stream: AtomicPtr::new(std::ptr::null_mut()),
            pointer_mode: AtomicI32::new(PointerMode::Host as i32),
            atomics_mode: AtomicI32::new(AtomicsMode::Allowed as i32),
            math_mode: AtomicI32::new(MathMode::Default as i32),
        }));
        live().insert(h as usize);
        h
    }

    /// The handle behind `h`.
    ///
    /// # Safety
    /// A live handle is not destroyed while the returned reference is used (rocBLAS's rule:
    /// a handle is not destroyed while calls on it run).
    pub unsafe fn get<'a>(h: RocblasHandle) -> Result<&'a HandleObj> {
        if h.is_null() {
            return fail(Status::InvalidHandle, "the handle is a null pointer");
        }
        if !live().contains(&(h as usize)) {
            return fail(
                Status::InvalidHandle,
                format!("{h:p} is not a live rocblas_handle"),
            );
        }
        // SAFETY: registered by `create` and not yet destroyed.
        Ok(unsafe { &*h })
    }

    /// Destroys `h`.
    ///
    /// # Safety
    /// No other call on `h` is running (rocBLAS's rule).
    pub unsafe fn destroy(h: RocblasHandle) -> Result<()> {
        if h.is_null() {
            return fail(Status::InvalidHandle, "the handle is a null pointer");
        }
        if !live().remove(&(h as usize)) {
            return fail(
                Status::InvalidHandle,
                format!("{h:p} is not a live rocblas_handle"),
            );
        }
        // SAFETY: made by `Box::into_raw` in `create`, removed from the live set just now,
        // so dropped once.
        drop(unsafe { Box::from_raw(h) });
        Ok(())
    }

    pub fn stream(&self) -> HipStream {
        HipStream(self.stream.load(Ordering::Acquire))
    }
    pub fn set_stream(&self, s: HipStream) {
        self.stream.store(s.0, Ordering::Release);
    }
    pub fn pointer_mode(&self) -> PointerMode {
        PointerMode::from_raw(self.pointer_mode.load(Ordering::Relaxed))
            .unwrap_or(PointerMode::Host)
    }
    pub fn set_pointer_mode(&self, m: PointerMode) {
        self.pointer_mode.store(m as i32, Ordering::Relaxed);
    }
    pub fn atomics_mode(&self) -> AtomicsMode {
        AtomicsMode::from_raw(self.atomics_mode.load(Ordering::Relaxed))
            .unwrap_or(AtomicsMode::Allowed)
    }
    pub fn set_atomics_mode(&self, m: AtomicsMode) {
        self.atomics_mode.store(m as i32, Ordering::Relaxed);
    }
    pub fn math_mode(&self) -> MathMode {
        MathMode::from_raw(self.math_mode.load(Ordering::Relaxed)).unwrap_or(MathMode::Default)
    }
    pub fn set_math_mode(&self, m: MathMode) {
        self.math_mode.store(m as i32, Ordering::Relaxed);
    }
}

fn runtime_error(message: String) -> Error {
    Error {
        status: Status::InternalError,
        message,
    }
}

impl Launcher for HandleObj {
    fn launch<W: Work>(&self, groups: u32, work: &W) -> Result<()> {
        StreamLauncher(self.stream()).launch(groups, work)
    }

    fn synchronize(&self) -> Result<()> {
        StreamLauncher(self.stream()).synchronize()
    }
}

/// A launcher onto one stream: what a library that takes another library's handle (rocSOLVER
/// takes rocBLAS's) launches with, once it has asked that library for the handle's stream.
#[derive(Debug, Clone, Copy)]
pub struct StreamLauncher(pub HipStream);

impl Launcher for StreamLauncher {
    fn launch<W: Work>(&self, groups: u32, work: &W) -> Result<()> {
        let kernel = NativeKernel {
            key: TypeId::of::<W>(),
            name: &W::name,
            function: work_group::<W>,
            args: work_bytes(work),
        };
        amdhip64_sys::launch(self.0, groups, &kernel).map_err(runtime_error)
    }

    fn synchronize(&self) -> Result<()> {
        amdhip64_sys::synchronize(self.0).map_err(runtime_error)
    }
}
