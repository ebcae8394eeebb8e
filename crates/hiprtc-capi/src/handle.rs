//! Validated C handles: every handle points at a `#[repr(C)]` [`Handle`] whose first field is a type
//! tag, and is live only while a registry holds it. A handle is looked up in the registry before
//! anything reads through it, so a destroyed, foreign or garbage pointer is an error code, never a
//! read of freed memory; the registry hands out an `Arc`, so a concurrent destroy cannot free an
//! object another thread is using.
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// The header and body of one C object.
#[repr(C)]
pub struct Handle<T> {
    tag: u64,
    body: Mutex<T>,
}

impl<T> Handle<T> {
    /// The object, locked. A panic in an earlier call (caught at the C edge) leaves the object
    /// usable: every mutation keeps it consistent, so a poisoned lock is taken over.
    pub fn lock(&self) -> MutexGuard<'_, T> {
        self.body.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The live handles of one type.
pub struct Registry<T> {
    tag: u64,
    live: Mutex<BTreeMap<usize, Arc<Handle<T>>>>,
}

impl<T> Registry<T> {
    pub const fn new(tag: u64) -> Registry<T> {
        Registry {
            tag,
            live: Mutex::new(BTreeMap::new()),
        }
    }

    fn map(&self) -> MutexGuard<'_, BTreeMap<usize, Arc<Handle<T>>>> {
        // The map is only inserted into or removed from; a poisoned lock holds a consistent map.
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Registers `body` and gives the handle the C caller holds.
    pub fn insert(&self, body: T) -> *mut std::ffi::c_void {
        let handle = Arc::new(Handle {
            tag: self.tag,
            body: Mutex::new(body),
        });
        let ptr = Arc::as_ptr(&handle) as *mut std::ffi::c_void;
        self.map().insert(ptr as usize, handle);
        ptr
    }

    /// The object behind a live handle of this type.
    pub fn get(&self, ptr: *const std::ffi::c_void) -> Option<Arc<Handle<T>>> {
        let h = self.map().get(&(ptr as usize)).cloned()?;
        (h.tag == self.tag).then_some(h)
    }

    /// Unregisters a live handle; the object is freed when the last user lets go.
    pub fn remove(&self, ptr: *const std::ffi::c_void) -> Option<Arc<Handle<T>>> {
        let mut map = self.map();
        match map.get(&(ptr as usize)) {
            Some(h) if h.tag == self.tag => map.remove(&(ptr as usize)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_live_until_removed() {
        static R: Registry<u32> = Registry::new(7);
        let h = R.insert(5);
        assert_eq!(*R.get(h).expect("live").lock(), 5);
        let held = R.get(h).expect("live");
        assert!(R.remove(h).is_some());
        assert!(R.get(h).is_none(), "removed");
        assert!(R.remove(h).is_none(), "removed twice");
        assert_eq!(*held.lock(), 5, "a user's reference outlives removal");
        let mut other = 0u64;
        assert!(R.get(std::ptr::addr_of_mut!(other).cast()).is_none());
        assert!(R.get(std::ptr::null()).is_none());
    }
}
