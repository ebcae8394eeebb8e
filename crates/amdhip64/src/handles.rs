//! Validated C handles. Each handle the C side sees is the address of a boxed
//! [`HandleHeader`] (`#[repr(C)]`: a type tag and a serial number); the registry maps live
//! addresses to their objects. Lookups consult the registry *before* touching the pointer,
//! so a stale, foreign or wrong-type handle is an error, never a dereference of bad memory.

use std::any::Any;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// What every handle points to.
#[repr(C)]
#[derive(Debug)]
pub struct HandleHeader {
    /// One of the `TAG_*` values of [`HandleKind`] implementations.
    pub tag: u32,
    _reserved: u32,
    /// Serial number, unique per process (helps when reading logs).
    pub serial: u64,
}

/// An object type that C code holds by handle.
pub trait HandleKind: Any + Send + Sync {
    /// Type tag stored in the header.
    const TAG: u32;
    /// For error messages: "stream", "event", ...
    const NAME: &'static str;
}

struct Entry {
    tag: u32,
    obj: Arc<dyn Any + Send + Sync>,
}

fn registry() -> &'static Mutex<HashMap<usize, Entry>> {
    static R: OnceLock<Mutex<HashMap<usize, Entry>>> = OnceLock::new();
    R.get_or_init(|| Mutex::new(HashMap::new()))
}

fn lock() -> std::sync::MutexGuard<'static, HashMap<usize, Entry>> {
    registry().lock().unwrap_or_else(|e| e.into_inner())
}

/// Registers `obj`; returns its new handle.
pub fn register<T: HandleKind>(obj: Arc<T>) -> *mut c_void {
    static SERIAL: AtomicU64 = AtomicU64::new(1);
    let header = Box::new(HandleHeader {
        tag: T::TAG,
        _reserved: 0,
        serial: SERIAL.fetch_add(1, Ordering::Relaxed),
    });
    let p = Box::into_raw(header);
    lock().insert(p as usize, Entry { tag: T::TAG, obj });
    p.cast()
}

/// The live object of type `T` behind `h`, if `h` is one.
pub fn lookup<T: HandleKind>(h: *const c_void) -> Option<Arc<T>> {
    let map = lock();
    let e = map.get(&(h as usize))?;
    if e.tag != T::TAG {
        return None;
    }
    // SAFETY: `h` is registered, so it is a live `HandleHeader` box owned by the registry
    // (freed only under this lock, in `unregister`).
    let tag = unsafe { (*(h as *const HandleHeader)).tag };
    debug_assert_eq!(tag, T::TAG);
    e.obj.clone().downcast::<T>().ok()
}

/// Removes `h` (of type `T`) from the registry and frees its header; returns the object.
pub fn unregister<T: HandleKind>(h: *const c_void) -> Option<Arc<T>> {
    let mut map = lock();
    match map.get(&(h as usize)) {
        Some(e) if e.tag == T::TAG => {}
        _ => return None,
    }
    let e = map.remove(&(h as usize))?;
    // SAFETY: the address came from `Box::into_raw` in `register` and was just removed from
    // the registry under the lock, so this is the only release.
    drop(unsafe { Box::from_raw(h as *mut HandleHeader) });
    e.obj.downcast::<T>().ok()
}

/// Every live handle of type `T` (`hipDeviceReset` releases the streams).
pub fn live<T: HandleKind>() -> Vec<*mut c_void> {
    lock()
        .iter()
        .filter(|(_, e)| e.tag == T::TAG)
        .map(|(&h, _)| h as *mut c_void)
        .collect()
}

/// Whether `h` is any live handle (of any type).
pub fn is_handle(h: *const c_void) -> bool {
    lock().contains_key(&(h as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct A(u32);
    impl HandleKind for A {
        const TAG: u32 = 0xA;
        const NAME: &'static str = "a";
    }
    struct B;
    impl HandleKind for B {
        const TAG: u32 = 0xB;
        const NAME: &'static str = "b";
    }

    #[test]
    fn handles_are_typed_and_die_on_unregister() {
        let h = register(Arc::new(A(7)));
        assert_eq!(lookup::<A>(h).map(|a| a.0), Some(7));
        assert!(lookup::<B>(h).is_none(), "wrong type");
        assert!(unregister::<B>(h).is_none(), "wrong type is not removed");
        assert!(is_handle(h));
        let local = 5u64;
        assert!(lookup::<A>(&local as *const u64 as *const c_void).is_none());
        assert!(lookup::<A>(std::ptr::null()).is_none());
        assert_eq!(unregister::<A>(h).map(|a| a.0), Some(7));
        assert!(lookup::<A>(h).is_none(), "stale");
        assert!(unregister::<A>(h).is_none(), "double destroy");
    }
}
