//! rocBLAS's kernels on the CPU agent: work-group functions written in Rust.
//!
//! A routine validates its arguments on the caller's thread, then queues one kernel on the
//! handle's stream. The kernel's arguments are one `#[repr(C)]` value (a [`Work`]) copied into
//! the launch's kernarg segment; its work-groups are tiles of the result, which the agent's
//! worker pool runs like any other kernel's, in order with the stream's other work.

use crate::types::{fail, Result, Status};
use kernel_abi::{WorkGroupCtx, WG_STATUS_ABORT, WG_STATUS_OK};
use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// One kernel's arguments, and what each of its work-groups does.
///
/// A `Work` is copied byte for byte into kernarg memory and read back in the work-group
/// function, so it holds plain values and raw device addresses only (no references, no heap).
pub trait Work: Copy + Send + 'static {
    /// The kernel's name in launch errors.
    fn name() -> String;
    /// Runs work-group `group` of `groups`.
    fn run(&self, group: u32, groups: u32);
}

/// The [`kernel_abi::WorkGroupFn`] of `W`: a panic in `run` (a bug of ours) fails the launch
/// with its message instead of crossing the C ABI.
///
/// # Safety
/// `kernargs` holds a `W` (maybe unaligned); `ctx` is the runtime's live work-group context.
pub unsafe extern "C" fn work_group<W: Work>(kernargs: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: per the contract, the launch copied a `W` there.
    let work = unsafe { kernargs.cast::<W>().read_unaligned() };
    // SAFETY: the context is live for the call.
    let (group, groups) = unsafe { ((*ctx).group_id[0], (*ctx).num_groups[0]) };
    match catch_unwind(AssertUnwindSafe(|| work.run(group, groups))) {
        Ok(()) => WG_STATUS_OK,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into());
            let expr = CString::new(what.replace('\0', " ")).unwrap_or_default();
            let name = CString::new(W::name()).unwrap_or_default();
            // SAFETY: the service records the failure for this dispatch; the strings outlive
            // the call.
            unsafe {
                ((*ctx).assert_fail)(ctx, expr.as_ptr(), c"rocblas".as_ptr(), 0, name.as_ptr())
            };
            WG_STATUS_ABORT
        }
    }
}

/// Where kernels go: a HIP stream, reached through the hip crate or through libamdhip64's C
/// ABI.
pub trait Launcher {
    /// Queues `groups` work-groups of `W`'s kernel with `work` as its arguments.
    fn launch<W: Work>(&self, groups: u32, work: &W) -> Result<()>;
    /// Waits for everything queued so far (host pointer mode results are ready after it).
    fn synchronize(&self) -> Result<()>;
}

/// `work`'s bytes, as the launch copies them.
pub fn work_bytes<W: Work>(work: &W) -> &[u8] {
    // SAFETY: a `W` is plain data (the `Work` contract) and the slice covers exactly it.
    unsafe { std::slice::from_raw_parts((work as *const W).cast::<u8>(), std::mem::size_of::<W>()) }
}

/// A device address in a [`Work`]: `Copy` and `Send` as the kernel's arguments must be. On the
/// CPU agent device memory is host memory, so the kernel reads it directly.
#[repr(transparent)]
pub struct Ptr<T>(pub *const T);

impl<T> Clone for Ptr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Ptr<T> {}
// SAFETY: a device address, valid on every thread of the process; the stream orders the
// kernels that use it.
unsafe impl<T> Send for Ptr<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for Ptr<T> {}

impl<T> Ptr<T> {
    pub fn is_null(&self) -> bool {
        self.0.is_null()
    }
    pub fn mutable(self) -> *mut T {
        self.0 as *mut T
    }
}

/// A scalar argument (alpha, beta): its value, read when the call is made (host pointer mode),
/// or a device address, read when the kernel runs (device pointer mode).
#[repr(C)]
#[derive(Clone, Copy)]
pub enum Scalar<T: Copy> {
    Value(T),
    Device(Ptr<T>),
}

impl<T: Copy> Scalar<T> {
    /// The value, read now: in a kernel, once it runs.
    pub fn get(self) -> T {
        match self {
            Scalar::Value(v) => v,
            // SAFETY: checked non-null when the call was made; the caller keeps the memory
            // valid until the kernel has run (rocBLAS's device pointer mode contract).
            Scalar::Device(p) => unsafe { p.0.read_unaligned() },
        }
    }

    /// The value behind `p` in `mode`: read now for host mode, kept as an address for device
    /// mode. A null `p` is `rocblas_status_invalid_pointer`.
    ///
    /// # Safety
    /// `p` is null or readable now (host mode) or when the kernel runs (device mode).
    pub unsafe fn from_ptr(p: *const T, mode: crate::PointerMode, what: &str) -> Result<Self> {
        if p.is_null() {
            return fail(Status::InvalidPointer, format!("{what} is a null pointer"));
        }
        Ok(match mode {
            // SAFETY: non-null and readable per the contract.
            crate::PointerMode::Host => Scalar::Value(unsafe { p.read_unaligned() }),
            crate::PointerMode::Device => Scalar::Device(Ptr(p)),
        })
    }

    /// The value when it is known before the kernel runs (host mode).
    pub fn known(self) -> Option<T> {
        match self {
            Scalar::Value(v) => Some(v),
            Scalar::Device(_) => None,
        }
    }
}

/// Ranges `[start, end)` of `n` split into `parts` nearly equal pieces; piece `i`.
pub fn split(n: usize, parts: usize, i: usize) -> (usize, usize) {
    let parts = parts.max(1);
    let (q, r) = (n / parts, n % parts);
    let start = i * q + i.min(r);
    (start, start + q + usize::from(i < r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_covers_every_index_once() {
        for n in [0, 1, 7, 64, 1000] {
            for parts in [1, 2, 3, 8, 13] {
                let mut next = 0;
                for i in 0..parts {
                    let (s, e) = split(n, parts, i);
                    assert_eq!(s, next);
                    assert!(e >= s && e - s <= n / parts + 1);
                    next = e;
                }
                assert_eq!(next, n);
            }
        }
    }
}
