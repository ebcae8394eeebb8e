//! Memory pools: host memory handed out as "device" memory, every allocation tracked so a
//! pointer can be checked (freed, foreign, or out-of-range pointers are errors, not crashes).

use crate::error::{HsaError, Result};
use std::alloc::Layout;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Alignment of every pool allocation (what HIP guarantees for `hipMalloc`).
pub const POOL_ALIGN: usize = 256;

/// What a pool serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoolKind {
    /// Device global memory (`hipMalloc`).
    Global,
    /// Kernel argument segments.
    Kernarg,
    /// Pinned host memory (`hipHostMalloc`).
    Host,
}

/// A tracked allocator. Addresses are kept as `usize` (the map owns no pointers).
#[derive(Debug)]
pub struct MemoryPool {
    kind: PoolKind,
    capacity: u64,
    // base address -> size in bytes
    allocs: Mutex<BTreeMap<usize, usize>>,
}

impl MemoryPool {
    /// A pool of `kind` that refuses to hold more than `capacity` bytes at once.
    pub fn new(kind: PoolKind, capacity: u64) -> MemoryPool {
        MemoryPool {
            kind,
            capacity,
            allocs: Mutex::new(BTreeMap::new()),
        }
    }

    pub fn kind(&self) -> PoolKind {
        self.kind
    }

    /// Total bytes the pool may hand out.
    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    /// Bytes currently allocated.
    pub fn used(&self) -> u64 {
        let a = self.allocs.lock().unwrap_or_else(|e| e.into_inner());
        a.values().map(|&s| s as u64).sum()
    }

    /// Allocates `size` bytes (zeroed, [`POOL_ALIGN`]-aligned). `size` 0 is an error.
    pub fn allocate(&self, size: usize) -> Result<*mut u8> {
        if size == 0 {
            return Err(HsaError::InvalidAllocation("size 0".into()));
        }
        let layout = Layout::from_size_align(size, POOL_ALIGN)
            .map_err(|_| HsaError::OutOfResources(format!("{size} bytes is too large")))?;
        let mut allocs = self.allocs.lock().unwrap_or_else(|e| e.into_inner());
        let used: u64 = allocs.values().map(|&s| s as u64).sum();
        if used.saturating_add(size as u64) > self.capacity {
            return Err(HsaError::OutOfResources(format!(
                "{size} bytes requested, {} of {} bytes in use",
                used, self.capacity
            )));
        }
        // SAFETY: `layout` has a non-zero size (checked above).
        let p = unsafe { std::alloc::alloc_zeroed(layout) };
        if p.is_null() {
            return Err(HsaError::OutOfResources(format!(
                "host allocation of {size} bytes failed"
            )));
        }
        allocs.insert(p as usize, size);
        Ok(p)
    }

    /// Frees an allocation by its base address. A pointer that is not the base of a live
    /// allocation of this pool (double free, foreign pointer, interior pointer) is an error.
    pub fn free(&self, ptr: *mut u8) -> Result<()> {
        let mut allocs = self.allocs.lock().unwrap_or_else(|e| e.into_inner());
        let (base, size) = allocs.remove_entry(&(ptr as usize)).ok_or_else(|| {
            HsaError::InvalidAllocation(format!("{ptr:p} is not an allocation of this pool"))
        })?;
        drop(allocs);
        let layout = Layout::from_size_align(size, POOL_ALIGN)
            .map_err(|_| HsaError::Generic("corrupt allocation size".into()))?;
        // SAFETY: `base` came from `alloc_zeroed` with this same layout (the map recorded its
        // size) and was removed from the map, so it is freed exactly once.
        unsafe { std::alloc::dealloc(base as *mut u8, layout) };
        Ok(())
    }

    /// The allocation containing `ptr`: `(base, size)`, or `None` if it is not pool memory.
    pub fn find(&self, ptr: *const u8) -> Option<(*mut u8, usize)> {
        let addr = ptr as usize;
        let allocs = self.allocs.lock().unwrap_or_else(|e| e.into_inner());
        let (&base, &size) = allocs.range(..=addr).next_back()?;
        (addr < base + size).then_some((base as *mut u8, size))
    }

    /// Checks that `[ptr, ptr + len)` lies inside one allocation.
    pub fn check_range(&self, ptr: *const u8, len: usize) -> Result<()> {
        let (base, size) = self
            .find(ptr)
            .ok_or_else(|| HsaError::InvalidArgument(format!("{ptr:p} is not pool memory")))?;
        let off = ptr as usize - base as usize;
        if !matches!(off.checked_add(len), Some(end) if end <= size) {
            return Err(HsaError::InvalidArgument(format!(
                "{len} bytes at {ptr:p} run past the end of a {size}-byte allocation"
            )));
        }
        Ok(())
    }
}

impl Drop for MemoryPool {
    fn drop(&mut self) {
        let allocs = std::mem::take(self.allocs.get_mut().unwrap_or_else(|e| e.into_inner()));
        for (base, size) in allocs {
            if let Ok(layout) = Layout::from_size_align(size, POOL_ALIGN) {
                // SAFETY: each entry is a live allocation made with this layout; the pool is
                // going away, so nobody can free it again through the pool.
                unsafe { std::alloc::dealloc(base as *mut u8, layout) };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_are_tracked() {
        let pool = MemoryPool::new(PoolKind::Global, 1 << 20);
        let p = pool.allocate(1000).expect("alloc");
        assert_eq!(p as usize % POOL_ALIGN, 0);
        assert_eq!(pool.find(p), Some((p, 1000)));
        assert_eq!(pool.find(p.wrapping_add(999)), Some((p, 1000)));
        assert_eq!(pool.find(p.wrapping_add(1000)), None);
        assert!(pool.check_range(p.wrapping_add(500), 500).is_ok());
        assert!(pool.check_range(p.wrapping_add(500), 501).is_err());
        assert_eq!(pool.used(), 1000);
        // Interior pointer cannot be freed.
        assert!(pool.free(p.wrapping_add(8)).is_err());
        pool.free(p).expect("free");
        assert!(matches!(pool.free(p), Err(HsaError::InvalidAllocation(_))));
        assert_eq!(pool.find(p), None);
        assert_eq!(pool.used(), 0);
    }

    #[test]
    fn foreign_and_zero_are_rejected() {
        let pool = MemoryPool::new(PoolKind::Global, 1 << 20);
        let mut x = 0u8;
        assert!(pool.free(&mut x).is_err());
        assert_eq!(pool.find(&x), None);
        assert!(pool.allocate(0).is_err());
    }

    #[test]
    fn capacity_is_enforced() {
        let pool = MemoryPool::new(PoolKind::Global, 4096);
        let p = pool.allocate(4000).expect("alloc");
        assert!(matches!(
            pool.allocate(200),
            Err(HsaError::OutOfResources(_))
        ));
        pool.free(p).expect("free");
        assert!(pool.allocate(usize::MAX / 2).is_err());
    }

    #[test]
    fn memory_is_zeroed_and_usable() {
        let pool = MemoryPool::new(PoolKind::Host, 1 << 20);
        let p = pool.allocate(64).expect("alloc");
        // SAFETY: p points at 64 live bytes of this pool.
        let s = unsafe { std::slice::from_raw_parts_mut(p, 64) };
        assert!(s.iter().all(|&b| b == 0));
        s[63] = 9;
        pool.free(p).expect("free");
    }
}
