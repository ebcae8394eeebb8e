//! How messages name a kernel: C++ names demangled (through the C++ runtime's
//! `__cxa_demangle`, loaded at run time), the mangled name kept beside it because that is what
//! `hipModuleGetFunction` looks up.

use std::ffi::{c_char, c_int, CStr, CString};
use std::sync::OnceLock;

/// `abi::__cxa_demangle(mangled, buffer, length, status)`.
type CxaDemangle =
    unsafe extern "C" fn(*const c_char, *mut c_char, *mut usize, *mut c_int) -> *mut c_char;

/// The C++ runtime's demangler, when the C++ runtime can be loaded.
fn cxa_demangle() -> Option<CxaDemangle> {
    static LIB: OnceLock<Option<(libloading::Library, CxaDemangle)>> = OnceLock::new();
    LIB.get_or_init(|| {
        for name in ["libstdc++.so.6", "libc++abi.so.1"] {
            // SAFETY: loading the C++ runtime runs its initialisers, which have no
            // preconditions; it is often already loaded (every HIP C++ program links it).
            let Ok(lib) = (unsafe { libloading::Library::new(name) }) else {
                continue;
            };
            // SAFETY: `__cxa_demangle` has this signature in the Itanium C++ ABI.
            let f = unsafe { lib.get::<CxaDemangle>(b"__cxa_demangle\0") }.map(|s| *s);
            if let Ok(f) = f {
                return Some((lib, f));
            }
        }
        None
    })
    .as_ref()
    .map(|(_, f)| *f)
}

/// The demangled form of an Itanium-mangled name (`_Z4fillIiEvPT_i` → `void fill<int>(int*,
/// int)`); `None` for names that are not mangled or when no demangler is available.
pub fn demangle(name: &str) -> Option<String> {
    if !name.starts_with("_Z") {
        return None;
    }
    let f = cxa_demangle()?;
    let c = CString::new(name).ok()?;
    let mut status: c_int = -1;
    // SAFETY: `c` is NUL-terminated; a null buffer asks the demangler to allocate the result
    // with malloc, which is freed below; `status` is a valid out-pointer.
    let out = unsafe {
        f(
            c.as_ptr(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            &mut status,
        )
    };
    if out.is_null() {
        return None;
    }
    let text = (status == 0).then(|| {
        // SAFETY: on success the result is a NUL-terminated string the demangler allocated.
        let c = unsafe { CStr::from_ptr(out) };
        c.to_string_lossy().into_owned()
    });
    // SAFETY: allocated by the demangler with malloc, not used afterwards.
    unsafe { libc::free(out.cast()) };
    text
}

/// A kernel as error messages name it: `` `name` ``, or for a C++ name
/// `` `void fill<int>(int*, int)` (`_Z4fillIiEvPT_i`) ``.
pub fn kernel_label(name: &str) -> String {
    match demangle(name) {
        Some(d) if d != name => format!("`{d}` (`{name}`)"),
        _ => format!("`{name}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_plain_and_mangled_names() {
        assert_eq!(kernel_label("saxpy"), "`saxpy`");
        assert_eq!(demangle("saxpy"), None);
        assert_eq!(demangle("_Znot a name"), None);
        // The C++ runtime is present wherever clang-19 is; without it the name stays mangled.
        if cxa_demangle().is_some() {
            assert_eq!(
                demangle("_Z4fillIiEvPT_S0_i").as_deref(),
                Some("void fill<int>(int*, int, int)")
            );
            assert_eq!(
                kernel_label("_Z5scalePffi"),
                "`scale(float*, float, int)` (`_Z5scalePffi`)"
            );
        }
    }
}
