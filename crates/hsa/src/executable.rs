//! Loading CPU code objects: the native ELF goes to a memfd and is `dlopen`ed; every kernel's
//! work-group function and every global is resolved up front, so a missing symbol is an error
//! at load time, never a crash at launch.

use crate::error::{HsaError, Result};
use kernel_abi::{CodeObject, KernelMeta, WorkGroupFn, CPU_TARGET};
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

pub(crate) struct KernelInner {
    handle: u64,
    pub(crate) meta: KernelMeta,
    pub(crate) func: WorkGroupFn,
    // Keeps the shared object mapped while the kernel can still run.
    _lib: Option<Arc<libloading::Library>>,
}

impl Drop for KernelInner {
    fn drop(&mut self) {
        let mut reg = kernel_registry().lock().unwrap_or_else(|e| e.into_inner());
        if reg.get(&self.handle).is_some_and(|w| w.strong_count() == 0) {
            reg.remove(&self.handle);
        }
    }
}

fn kernel_registry() -> &'static Mutex<HashMap<u64, Weak<KernelInner>>> {
    static REG: OnceLock<Mutex<HashMap<u64, Weak<KernelInner>>>> = OnceLock::new();
    REG.get_or_init(|| Mutex::new(HashMap::new()))
}

static NEXT_KERNEL: AtomicU64 = AtomicU64::new(0x4b00_0001);

/// A loaded kernel: its work-group function and metadata. The [`KernelObject::handle`] is what
/// a kernel-dispatch packet's `kernel_object` field holds.
#[derive(Clone)]
pub struct KernelObject {
    pub(crate) inner: Arc<KernelInner>,
}

impl std::fmt::Debug for KernelObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelObject")
            .field("handle", &self.inner.handle)
            .field("name", &self.inner.meta.name)
            .finish()
    }
}

impl KernelObject {
    fn register(
        meta: KernelMeta,
        func: WorkGroupFn,
        lib: Option<Arc<libloading::Library>>,
    ) -> Self {
        let handle = NEXT_KERNEL.fetch_add(1, Ordering::Relaxed);
        let inner = Arc::new(KernelInner {
            handle,
            meta,
            func,
            _lib: lib,
        });
        kernel_registry()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(handle, Arc::downgrade(&inner));
        KernelObject { inner }
    }

    /// A kernel object for a work-group function that is already in the process (tests, and
    /// kernels written in Rust). `f` must honour the [`WorkGroupFn`] contract for `meta`.
    pub fn from_fn(meta: KernelMeta, f: WorkGroupFn) -> KernelObject {
        Self::register(meta, f, None)
    }

    /// Looks a live kernel object up by handle.
    pub fn from_handle(handle: u64) -> Result<KernelObject> {
        let reg = kernel_registry().lock().unwrap_or_else(|e| e.into_inner());
        let inner = reg.get(&handle).and_then(Weak::upgrade);
        drop(reg);
        inner
            .map(|inner| KernelObject { inner })
            .ok_or(HsaError::InvalidKernelObject(handle))
    }

    pub fn handle(&self) -> u64 {
        self.inner.handle
    }

    pub fn meta(&self) -> &KernelMeta {
        &self.inner.meta
    }

    pub fn function(&self) -> WorkGroupFn {
        self.inner.func
    }
}

/// A parsed code object, ready to load (`hsa_code_object_reader_t`'s role).
#[derive(Debug, Clone)]
pub struct CodeObjectReader {
    code_object: CodeObject,
}

impl CodeObjectReader {
    pub fn from_bytes(bytes: &[u8]) -> Result<CodeObjectReader> {
        let code_object = CodeObject::from_bytes(bytes)
            .map_err(|e| HsaError::InvalidCodeObject(e.to_string()))?;
        Ok(CodeObjectReader { code_object })
    }

    pub fn from_code_object(code_object: CodeObject) -> CodeObjectReader {
        CodeObjectReader { code_object }
    }

    pub fn code_object(&self) -> &CodeObject {
        &self.code_object
    }
}

/// A loaded code object: kernels and globals by name.
pub struct Executable {
    _lib: Arc<libloading::Library>,
    kernels: HashMap<String, KernelObject>,
    globals: HashMap<String, (usize, u64)>,
}

impl std::fmt::Debug for Executable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Executable")
            .field("kernels", &self.kernels.keys().collect::<Vec<_>>())
            .field("globals", &self.globals.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// Writes `elf` where the dynamic loader can open it. Returns the path to `dlopen`, the file
/// (kept open until `dlopen` returned) and a path to remove afterwards.
///
/// The loader recognises already-loaded objects by path name before it opens anything, so
/// every load needs a name never used before: `/proc/self/fd/N` is not (fd numbers are
/// reused), so the memfd is reached through a uniquely named symlink. Without memfd or
/// symlinks, a uniquely named temporary file is used.
fn stage_elf(elf: &[u8]) -> Result<(String, std::fs::File, Option<std::path::PathBuf>)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let unique = std::env::temp_dir().join(format!(
        "ferrocm-co-{}-{}.so",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let name = c"ferrocm-code-object";
    // SAFETY: `name` is a valid NUL-terminated string; memfd_create has no other inputs.
    let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) };
    if fd >= 0 {
        use std::os::fd::FromRawFd;
        // SAFETY: `fd` is a fresh descriptor we own; the File takes over closing it.
        let mut file = unsafe { std::fs::File::from_raw_fd(fd) };
        file.write_all(elf)
            .map_err(|e| HsaError::OutOfResources(format!("writing code object: {e}")))?;
        if std::os::unix::fs::symlink(format!("/proc/self/fd/{fd}"), &unique).is_ok() {
            return Ok((unique.display().to_string(), file, Some(unique)));
        }
    }
    let mut file = std::fs::File::create(&unique)
        .map_err(|e| HsaError::OutOfResources(format!("creating {}: {e}", unique.display())))?;
    file.write_all(elf)
        .map_err(|e| HsaError::OutOfResources(format!("writing {}: {e}", unique.display())))?;
    Ok((unique.display().to_string(), file, Some(unique)))
}

impl Executable {
    /// Loads a CPU code object: checks the target, maps the native code and resolves every
    /// kernel and global symbol.
    pub fn load(reader: &CodeObjectReader) -> Result<Executable> {
        let co = &reader.code_object;
        if co.meta.target != CPU_TARGET {
            return Err(HsaError::Incompatible(format!(
                "code object is for target '{}', this agent runs '{CPU_TARGET}'",
                co.meta.target
            )));
        }
        let wave = crate::agent::warp_size();
        if co.meta.wavefront_size != 0 && co.meta.wavefront_size != wave {
            return Err(HsaError::Incompatible(format!(
                "code object was compiled for wavefront size {} (warpSize is a compile-time \
                 constant), and this device runs warps of {wave}: rebuild it with \
                 FERROCM_WARP_SIZE={wave} (or hipcc -m{}wavefrontsize64), or run it with \
                 FERROCM_WARP_SIZE={}",
                co.meta.wavefront_size,
                if wave == 64 { "" } else { "no-" },
                co.meta.wavefront_size
            )));
        }
        if !co.elf.starts_with(b"\x7fELF") {
            return Err(HsaError::InvalidCodeObject(
                "native code is not an ELF object".into(),
            ));
        }
        let (path, file, temp) = stage_elf(&co.elf)?;
        // SAFETY: loading runs the object's initialisers. Code objects come from ferrocm's own
        // compiler (kernels and globals only, no constructors of consequence); loading
        // untrusted native code is inherently as trusted as running it.
        let lib = unsafe { libloading::Library::new(&path) };
        drop(file);
        if let Some(temp) = temp {
            let _ = std::fs::remove_file(temp);
        }
        let lib =
            Arc::new(lib.map_err(|e| {
                HsaError::InvalidCodeObject(format!("cannot load native code: {e}"))
            })?);
        let mut kernels = HashMap::new();
        for k in &co.meta.kernels {
            // SAFETY: the metadata declares this symbol to be a work-group function with the
            // kernel ABI signature; the library stays loaded while the KernelObject lives.
            let sym = unsafe { lib.get::<WorkGroupFn>(k.symbol.as_bytes()) }
                .map_err(|_| HsaError::InvalidSymbolName(k.symbol.clone()))?;
            let f = *sym;
            kernels.insert(
                k.name.clone(),
                KernelObject::register(k.clone(), f, Some(lib.clone())),
            );
        }
        let mut globals = HashMap::new();
        for g in &co.meta.globals {
            // SAFETY: reading a data symbol's address; `*mut u8` is only the address, no
            // access happens here.
            let sym = unsafe { lib.get::<*mut u8>(g.name.as_bytes()) }
                .map_err(|_| HsaError::InvalidSymbolName(g.name.clone()))?;
            globals.insert(g.name.clone(), (*sym as usize, g.size));
        }
        Ok(Executable {
            _lib: lib,
            kernels,
            globals,
        })
    }

    /// The kernel named `name` (as in [`KernelMeta::name`]).
    pub fn kernel(&self, name: &str) -> Option<KernelObject> {
        self.kernels.get(name).cloned()
    }

    pub fn kernel_names(&self) -> impl Iterator<Item = &str> {
        self.kernels.keys().map(String::as_str)
    }

    /// A global variable's address and size.
    pub fn global(&self, name: &str) -> Option<(*mut u8, u64)> {
        self.globals.get(name).map(|&(a, s)| (a as *mut u8, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel_abi::{ArgKind, ArgMeta, CodeObjectMeta, GlobalMeta, WorkGroupCtx};

    pub(crate) fn meta(name: &str) -> KernelMeta {
        KernelMeta {
            name: name.into(),
            symbol: format!("{name}.wg"),
            args: vec![ArgMeta {
                offset: 0,
                size: 8,
                align: 8,
                kind: ArgKind::Pointer,
            }],
            kernarg_size: 8,
            kernarg_align: 8,
            static_local_size: 0,
            dynamic_local_offset: 0,
            max_threads_per_block: None,
            barriers: 0,
            grid_sync: false,
        }
    }

    unsafe extern "C" fn nop(_k: *const u8, _c: *mut WorkGroupCtx) -> u32 {
        0
    }

    #[test]
    fn kernel_handles_are_validated() {
        let k = KernelObject::from_fn(meta("k"), nop);
        let h = k.handle();
        assert_eq!(
            KernelObject::from_handle(h).map(|k| k.meta().name.clone()),
            Ok("k".into())
        );
        drop(k);
        assert_eq!(
            KernelObject::from_handle(h).err(),
            Some(HsaError::InvalidKernelObject(h))
        );
        assert!(KernelObject::from_handle(0).is_err());
    }

    fn code_object(elf: Vec<u8>, target: &str, kernels: Vec<KernelMeta>) -> CodeObject {
        CodeObject {
            meta: CodeObjectMeta {
                target: target.into(),
                wavefront_size: 0,
                kernels,
                globals: vec![],
            },
            elf,
        }
    }

    #[test]
    fn bad_code_objects_are_errors() {
        let r =
            CodeObjectReader::from_code_object(code_object(b"\x7fELF".to_vec(), "amdgcn", vec![]));
        assert!(matches!(
            Executable::load(&r),
            Err(HsaError::Incompatible(_))
        ));
        let r =
            CodeObjectReader::from_code_object(code_object(b"nope".to_vec(), CPU_TARGET, vec![]));
        assert!(matches!(
            Executable::load(&r),
            Err(HsaError::InvalidCodeObject(_))
        ));
        let r = CodeObjectReader::from_code_object(code_object(
            b"\x7fELF garbage".to_vec(),
            CPU_TARGET,
            vec![],
        ));
        assert!(matches!(
            Executable::load(&r),
            Err(HsaError::InvalidCodeObject(_))
        ));
        assert!(CodeObjectReader::from_bytes(b"garbage!").is_err());
    }

    /// Builds a real shared object with clang (skipped when clang-19 is missing) and checks
    /// kernels and globals resolve, and a missing symbol is an error.
    #[test]
    fn loads_native_shared_object() {
        let dir = std::env::temp_dir().join(format!("ferrocm-hsa-exe-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        // Two objects with the same symbol names and different values.
        let build = |tag: &str, value: u32| -> Option<Vec<u8>> {
            let c = dir.join(format!("k{tag}.c"));
            let so = dir.join(format!("k{tag}.so"));
            let src = format!(
                "unsigned int counter = {value};\n\
                 unsigned int k_wg(const unsigned char *ka, void *ctx) {{ (void)ka; (void)ctx; return counter + 1; }}\n"
            );
            std::fs::write(&c, src).ok()?;
            let status = std::process::Command::new("clang-19")
                .args(["-shared", "-fPIC", "-O1", "-o"])
                .arg(&so)
                .arg(&c)
                .status();
            if !matches!(status, Ok(s) if s.success()) {
                return None;
            }
            std::fs::read(&so).ok()
        };
        let (Some(elf_a), Some(elf_b)) = (build("a", 41), build("b", 7)) else {
            eprintln!("clang-19 unavailable: skipping native load test");
            return;
        };
        let mut m = meta("k");
        m.symbol = "k_wg".into();
        let load = |elf: &[u8]| {
            let mut co = code_object(elf.to_vec(), CPU_TARGET, vec![m.clone()]);
            co.meta.globals.push(GlobalMeta {
                name: "counter".into(),
                size: 4,
            });
            Executable::load(&CodeObjectReader::from_code_object(co)).expect("load")
        };
        let check = |exe: &Executable, value: u32| {
            let k = exe.kernel("k").expect("kernel");
            let (addr, size) = exe.global("counter").expect("global");
            assert_eq!(size, 4);
            // SAFETY: `counter` is a 4-byte global of the loaded object.
            assert_eq!(unsafe { *(addr as *const u32) }, value);
            // SAFETY: k_wg ignores its arguments.
            let r = unsafe { (k.function())(std::ptr::null(), std::ptr::null_mut()) };
            assert_eq!(r, value + 1);
        };
        let a = load(&elf_a);
        // Loaded while `a` is alive: must be its own object, not `a` again.
        let b = load(&elf_b);
        check(&a, 41);
        check(&b, 7);
        assert!(a.kernel("missing").is_none());
        assert!(a.global("missing").is_none());
        drop(a);
        let a2 = load(&elf_a);
        check(&a2, 41);

        let mut bad = m.clone();
        bad.symbol = "not_there".into();
        let co = code_object(elf_b, CPU_TARGET, vec![bad]);
        let r = Executable::load(&CodeObjectReader::from_code_object(co));
        assert_eq!(
            r.err(),
            Some(HsaError::InvalidSymbolName("not_there".into()))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
