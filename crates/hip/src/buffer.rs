//! `DeviceBuffer<T>`: RAII over device memory.

use crate::error::{fail, HipError, Result};
use crate::module::KernelArg;
use crate::runtime::{free, malloc, memcpy, memset, MemcpyKind};
use std::ffi::c_void;
use std::marker::PhantomData;

/// `len` elements of `T` in device memory, freed on drop.
pub struct DeviceBuffer<T: Copy> {
    ptr: *mut T,
    len: usize,
    _t: PhantomData<T>,
}

// SAFETY: the buffer owns its allocation like a Vec<T> does; the pointer is not shared with
// other owners, so moving or sharing the handle across threads is as safe as for Vec<T>.
unsafe impl<T: Copy + Send> Send for DeviceBuffer<T> {}
// SAFETY: &DeviceBuffer only gives the address and synchronous copies out.
unsafe impl<T: Copy + Sync> Sync for DeviceBuffer<T> {}

impl<T: Copy> std::fmt::Debug for DeviceBuffer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceBuffer")
            .field("ptr", &self.ptr)
            .field("len", &self.len)
            .finish()
    }
}

impl<T: Copy> DeviceBuffer<T> {
    /// Allocates `len` elements (zeroed on the CPU device, uninitialized in HIP's contract).
    pub fn new(len: usize) -> Result<Self> {
        let Some(bytes) = len.checked_mul(std::mem::size_of::<T>()) else {
            return fail(
                HipError::OutOfMemory,
                format!("{len} elements overflow the address space"),
            );
        };
        // SAFETY: the allocation is owned by the returned buffer and freed in Drop.
        let ptr = unsafe { malloc(bytes)? } as *mut T;
        Ok(DeviceBuffer {
            ptr,
            len,
            _t: PhantomData,
        })
    }

    /// Allocates and copies `data` in.
    pub fn from_slice(data: &[T]) -> Result<Self> {
        let mut b = Self::new(data.len())?;
        b.copy_from_slice(data)?;
        Ok(b)
    }

    /// Copies the whole buffer to the host.
    pub fn to_vec(&self) -> Result<Vec<T>> {
        let mut v: Vec<T> = Vec::with_capacity(self.len);
        if self.len > 0 {
            // SAFETY: `v` has capacity for len elements; the device range is this buffer.
            unsafe {
                memcpy(
                    v.as_mut_ptr() as *mut c_void,
                    self.ptr as *const c_void,
                    self.bytes(),
                    MemcpyKind::DeviceToHost,
                )?;
                v.set_len(self.len);
            }
        }
        Ok(v)
    }

    /// Copies `data` (of exactly `len()` elements) into the buffer.
    pub fn copy_from_slice(&mut self, data: &[T]) -> Result<()> {
        if data.len() != self.len {
            return fail(
                HipError::InvalidValue,
                format!(
                    "slice of {} elements copied into a buffer of {}",
                    data.len(),
                    self.len
                ),
            );
        }
        if self.len == 0 {
            return Ok(());
        }
        // SAFETY: `data` is a valid host range of bytes() bytes; the destination is ours.
        unsafe {
            memcpy(
                self.ptr as *mut c_void,
                data.as_ptr() as *const c_void,
                self.bytes(),
                MemcpyKind::HostToDevice,
            )
        }
    }

    /// Sets every byte to `value`.
    pub fn fill_bytes(&self, value: u8) -> Result<()> {
        if self.len == 0 {
            return Ok(());
        }
        // SAFETY: the range is exactly this buffer's allocation.
        unsafe { memset(self.ptr as *mut c_void, value as i32, self.bytes()) }
    }

    /// The device address (null for an empty buffer).
    pub fn as_ptr(&self) -> *mut T {
        self.ptr
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }
}

impl<T: Copy> KernelArg for DeviceBuffer<T> {
    fn arg_bytes(&self) -> &[u8] {
        self.ptr.arg_bytes()
    }
}

impl<T: Copy> Drop for DeviceBuffer<T> {
    fn drop(&mut self) {
        if !self.ptr.is_null() {
            // SAFETY: we own the allocation; nothing uses it after drop.
            let _ = unsafe { free(self.ptr as *mut c_void) };
        }
    }
}
