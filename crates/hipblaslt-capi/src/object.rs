//! The objects behind hipBLASLt's pointer types (handles and descriptors): each kind has a
//! registry of the live ones, keyed by the address handed out, so that every call checks the
//! pointer it is given. A null, foreign or destroyed pointer is `HIPBLAS_STATUS_NOT_INITIALIZED`
//! (hipBLASLt's status for an invalid handle) and never dereferenced: the address is only a key.
//! A call holds its own reference to the object, so a destroy meanwhile cannot free it.

use crate::{fail, status, Result};
use std::collections::BTreeMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, MutexGuard};

/// The live objects of one kind.
pub(crate) struct Registry<T>(Mutex<BTreeMap<usize, Arc<T>>>);

impl<T> Registry<T> {
    pub(crate) const fn new() -> Self {
        Registry(Mutex::new(BTreeMap::new()))
    }

    fn live(&self) -> MutexGuard<'_, BTreeMap<usize, Arc<T>>> {
        // A panic while holding the lock cannot leave the map half-changed: use it as it is.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A kind of object a C pointer type points to.
pub(crate) trait Object: Send + Sync + Sized + 'static {
    /// The C type's name, for messages.
    const C_TYPE: &'static str;
    fn registry() -> &'static Registry<Self>;
}

/// Implements [`Object`] for a type, with its own registry.
macro_rules! object {
    ($t:ty, $c_type:literal) => {
        impl $crate::object::Object for $t {
            const C_TYPE: &'static str = $c_type;
            fn registry() -> &'static $crate::object::Registry<Self> {
                static LIVE: $crate::object::Registry<$t> = $crate::object::Registry::new();
                &LIVE
            }
        }
    };
}
pub(crate) use object;

/// Registers `v` and gives the address that stands for it.
pub(crate) fn create<T: Object>(v: T) -> *mut c_void {
    let obj = Arc::new(v);
    let key = Arc::as_ptr(&obj) as usize;
    T::registry().live().insert(key, obj);
    key as *mut c_void
}

/// The live object `p` stands for.
pub(crate) fn get<T: Object>(p: *const c_void) -> Result<Arc<T>> {
    if p.is_null() {
        return fail(
            status::NOT_INITIALIZED,
            format!("the {} is a null pointer", T::C_TYPE),
        );
    }
    match T::registry().live().get(&(p as usize)) {
        Some(obj) => Ok(Arc::clone(obj)),
        None => fail(
            status::NOT_INITIALIZED,
            format!("{p:p} is not a live {}", T::C_TYPE),
        ),
    }
}

/// Unregisters `p`'s object; it is freed when the last call using it returns. A null pointer is
/// `HIPBLAS_STATUS_INVALID_VALUE`, as hipBLASLt's destroy functions have it.
pub(crate) fn destroy<T: Object>(p: *const c_void) -> Result<()> {
    if p.is_null() {
        return fail(
            status::INVALID_VALUE,
            format!("the {} to destroy is a null pointer", T::C_TYPE),
        );
    }
    match T::registry().live().remove(&(p as usize)) {
        Some(_) => Ok(()),
        None => fail(
            status::NOT_INITIALIZED,
            format!("{p:p} is not a live {}", T::C_TYPE),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Thing(u8);

    object!(Thing, "thing_t");

    #[test]
    fn live_foreign_and_destroyed_pointers() {
        let p = create(Thing(1));
        assert_eq!(get::<Thing>(p).map(|t| t.0).ok(), Some(1));
        let local = 5u64;
        let foreign = get::<Thing>((&local as *const u64).cast());
        assert_eq!(
            foreign.err().map(|e| e.status),
            Some(status::NOT_INITIALIZED)
        );
        assert!(destroy::<Thing>(p).is_ok());
        assert_eq!(
            get::<Thing>(p).err().map(|e| e.status),
            Some(status::NOT_INITIALIZED)
        );
        assert_eq!(
            destroy::<Thing>(p).err().map(|e| e.status),
            Some(status::NOT_INITIALIZED)
        );
        assert_eq!(
            destroy::<Thing>(std::ptr::null()).err().map(|e| e.status),
            Some(status::INVALID_VALUE)
        );
    }
}
