//! The OpenCL peer: PoCL's CPU device through the OpenCL ICD loader (`libOpenCL.so.1`), loaded at
//! run time so that the benchmark builds and runs where neither is installed.
//!
//! Two levels: [`Api`], the entry points this benchmark uses as plain function pointers, and the
//! owning types over it ([`Pocl`], [`Program`], [`Kernel`], [`Buffer`]), which check every status,
//! release their handle on drop and keep the library loaded while they live.

use std::ffi::{c_char, c_void, CString};
use std::sync::{Arc, Mutex};

type ClInt = i32;
type ClUint = u32;
type Handle = *mut c_void;
/// `clCreateContext`'s error callback (unused: always null).
type ContextNotify = Option<unsafe extern "C" fn(*const c_char, *const c_void, usize, *mut c_void)>;
/// `clBuildProgram`'s completion callback (unused: always null, so the build is synchronous).
type BuildNotify = Option<unsafe extern "C" fn(Handle, *mut c_void)>;

const CL_SUCCESS: ClInt = 0;
const CL_PLATFORM_NAME: ClUint = 0x0902;
const CL_DEVICE_NAME: ClUint = 0x102B;
const CL_DEVICE_TYPE_CPU: u64 = 1 << 1;
const CL_PROGRAM_BUILD_LOG: ClUint = 0x1183;
const CL_MEM_READ_WRITE: u64 = 1 << 0;
const CL_TRUE: ClUint = 1;

/// The platform this peer runs on, as PoCL names itself.
const POCL_PLATFORM: &str = "Portable Computing Language";

/// What can go wrong with the OpenCL peer.
#[derive(Debug, thiserror::Error)]
pub enum ClError {
    #[error("cannot load the OpenCL ICD loader: {0}")]
    Load(#[from] libloading::Error),
    #[error("no OpenCL platform named \"{POCL_PLATFORM}\" with a CPU device")]
    NoPocl,
    #[error("{call} failed with OpenCL error {code}")]
    Call { call: &'static str, code: ClInt },
    #[error("PoCL could not build the OpenCL C program:\n{log}")]
    Build { log: String },
    #[error("{0}")]
    Usage(String),
}

impl ClError {
    /// PoCL or the ICD loader is not installed (as opposed to a failure of an installed PoCL).
    pub fn is_missing(&self) -> bool {
        matches!(self, ClError::Load(_) | ClError::NoPocl)
    }
}

type Result<T> = std::result::Result<T, ClError>;

fn status(call: &'static str, code: ClInt) -> Result<()> {
    if code == CL_SUCCESS {
        Ok(())
    } else {
        Err(ClError::Call { call, code })
    }
}

/// Declares [`Api`]: one function pointer per OpenCL entry point, and `Api::load`, which looks
/// each one up by its own name.
macro_rules! api {
    ($($name:ident: fn($($arg:ty),*) $(-> $ret:ty)?;)*) => {
        /// The OpenCL 1.2 entry points used here, from the ICD loader.
        #[allow(non_snake_case)] // Reason: the fields are the OpenCL entry points' own names.
        pub struct Api {
            $($name: unsafe extern "C" fn($($arg),*) $(-> $ret)?,)*
            /// Keeps the function pointers valid.
            _lib: libloading::Library,
        }

        impl Api {
            fn load() -> Result<Api> {
                // SAFETY: loading the ICD loader runs its initialisers, which only set up its own
                // state; it is a C library with no Rust-visible invariants.
                let lib = unsafe { libloading::Library::new("libOpenCL.so.1") }?;
                Ok(Api {
                    $($name: {
                        let name = concat!(stringify!($name), "\0").as_bytes();
                        // SAFETY: the symbol is the OpenCL 1.2 entry point of that name, whose C
                        // signature is the declared one; the pointer is copied out and stays valid
                        // while `_lib` (moved into the same struct) keeps the library loaded.
                        unsafe { *lib.get::<unsafe extern "C" fn($($arg),*) $(-> $ret)?>(name)? }
                    },)*
                    _lib: lib,
                })
            }
        }
    };
}

api! {
    clGetPlatformIDs: fn(ClUint, *mut Handle, *mut ClUint) -> ClInt;
    clGetPlatformInfo: fn(Handle, ClUint, usize, *mut c_void, *mut usize) -> ClInt;
    clGetDeviceIDs: fn(Handle, u64, ClUint, *mut Handle, *mut ClUint) -> ClInt;
    clGetDeviceInfo: fn(Handle, ClUint, usize, *mut c_void, *mut usize) -> ClInt;
    clCreateContext:
        fn(*const isize, ClUint, *const Handle, ContextNotify, *mut c_void, *mut ClInt) -> Handle;
    clCreateCommandQueue: fn(Handle, Handle, u64, *mut ClInt) -> Handle;
    clCreateProgramWithSource:
        fn(Handle, ClUint, *const *const c_char, *const usize, *mut ClInt) -> Handle;
    clBuildProgram:
        fn(Handle, ClUint, *const Handle, *const c_char, BuildNotify, *mut c_void) -> ClInt;
    clGetProgramBuildInfo: fn(Handle, Handle, ClUint, usize, *mut c_void, *mut usize) -> ClInt;
    clCreateKernel: fn(Handle, *const c_char, *mut ClInt) -> Handle;
    clSetKernelArg: fn(Handle, ClUint, usize, *const c_void) -> ClInt;
    clCreateBuffer: fn(Handle, u64, usize, *mut c_void, *mut ClInt) -> Handle;
    clEnqueueWriteBuffer: fn(
        Handle, Handle, ClUint, usize, usize, *const c_void, ClUint, *const Handle, *mut Handle
    ) -> ClInt;
    clEnqueueReadBuffer: fn(
        Handle, Handle, ClUint, usize, usize, *mut c_void, ClUint, *const Handle, *mut Handle
    ) -> ClInt;
    clEnqueueNDRangeKernel: fn(
        Handle, Handle, ClUint, *const usize, *const usize, *const usize, ClUint, *const Handle,
        *mut Handle
    ) -> ClInt;
    clFinish: fn(Handle) -> ClInt;
    clReleaseMemObject: fn(Handle) -> ClInt;
    clReleaseKernel: fn(Handle) -> ClInt;
    clReleaseProgram: fn(Handle) -> ClInt;
    clReleaseCommandQueue: fn(Handle) -> ClInt;
    clReleaseContext: fn(Handle) -> ClInt;
}

/// A string-valued `clGet*Info` query: `query(size, value, size_ret)`.
fn info_string(
    call: &'static str,
    query: impl Fn(usize, *mut c_void, *mut usize) -> ClInt,
) -> Result<String> {
    let mut len = 0usize;
    status(call, query(0, std::ptr::null_mut(), &mut len))?;
    let mut buf = vec![0u8; len];
    status(
        call,
        query(len, buf.as_mut_ptr().cast(), std::ptr::null_mut()),
    )?;
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    Ok(String::from_utf8_lossy(&buf[..end]).into_owned())
}

/// PoCL's CPU device, with a context and an in-order command queue on it.
pub struct Pocl {
    api: Arc<Api>,
    device: Handle,
    context: Handle,
    queue: Handle,
    device_name: String,
}

impl Pocl {
    /// Loads the ICD loader and opens PoCL's CPU device.
    pub fn open() -> Result<Pocl> {
        // PoCL 3.1 sets up its devices on the first call, and a second thread calling meanwhile
        // may see a device without its name yet (a crash in clGetDeviceInfo): one open at a time.
        static OPENING: Mutex<()> = Mutex::new(());
        let _one_at_a_time = OPENING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let api = Arc::new(Api::load()?);
        let mut count: ClUint = 0;
        // SAFETY: asks only for the count, through a valid out pointer.
        let code = unsafe { (api.clGetPlatformIDs)(0, std::ptr::null_mut(), &mut count) };
        if code != CL_SUCCESS || count == 0 {
            // The ICD loader's CL_PLATFORM_NOT_FOUND_KHR: no ICD is installed.
            return Err(ClError::NoPocl);
        }
        let mut platforms = vec![std::ptr::null_mut(); count as usize];
        // SAFETY: `platforms` has room for `count` handles.
        let code =
            unsafe { (api.clGetPlatformIDs)(count, platforms.as_mut_ptr(), std::ptr::null_mut()) };
        status("clGetPlatformIDs", code)?;
        let mut pocl = None;
        for &p in &platforms {
            let name = info_string("clGetPlatformInfo", |size, value, ret| {
                // SAFETY: `p` is a platform the loader returned; `value` has room for `size`
                // bytes (or is null with size 0), as `info_string` guarantees.
                unsafe { (api.clGetPlatformInfo)(p, CL_PLATFORM_NAME, size, value, ret) }
            })?;
            if name.contains(POCL_PLATFORM) {
                pocl = Some(p);
                break;
            }
        }
        let platform = pocl.ok_or(ClError::NoPocl)?;
        let mut device: Handle = std::ptr::null_mut();
        // SAFETY: one device handle is written into `device`.
        let code = unsafe {
            (api.clGetDeviceIDs)(
                platform,
                CL_DEVICE_TYPE_CPU,
                1,
                &mut device,
                std::ptr::null_mut(),
            )
        };
        if code != CL_SUCCESS || device.is_null() {
            return Err(ClError::NoPocl);
        }
        let device_name = info_string("clGetDeviceInfo", |size, value, ret| {
            // SAFETY: as for the platform name, on the device just returned.
            unsafe { (api.clGetDeviceInfo)(device, CL_DEVICE_NAME, size, value, ret) }
        })?;
        let mut code = CL_SUCCESS;
        // SAFETY: one valid device; no properties, no callback.
        let context = unsafe {
            (api.clCreateContext)(
                std::ptr::null(),
                1,
                &device,
                None,
                std::ptr::null_mut(),
                &mut code,
            )
        };
        status("clCreateContext", code)?;
        // SAFETY: `context` was just created on `device`; default (in-order) properties.
        let queue = unsafe { (api.clCreateCommandQueue)(context, device, 0, &mut code) };
        if let Err(e) = status("clCreateCommandQueue", code) {
            // SAFETY: the context is ours and nothing else refers to it.
            unsafe { (api.clReleaseContext)(context) };
            return Err(e);
        }
        Ok(Pocl {
            api,
            device,
            context,
            queue,
            device_name,
        })
    }

    /// The device's name, as PoCL gives it (e.g. "pthread-skylake-avx512-AMD EPYC").
    pub fn device_name(&self) -> &str {
        &self.device_name
    }

    /// Compiles OpenCL C `source` for the device; a failure carries the build log.
    pub fn build(&self, source: &str, options: &str) -> Result<Program> {
        let mut code = CL_SUCCESS;
        let ptr = source.as_ptr().cast::<c_char>();
        let len = source.len();
        // SAFETY: one string of `len` bytes (lengths given, so no terminator needed), alive for
        // the call; OpenCL copies it.
        let program =
            unsafe { (self.api.clCreateProgramWithSource)(self.context, 1, &ptr, &len, &mut code) };
        status("clCreateProgramWithSource", code)?;
        let program = Program {
            api: self.api.clone(),
            program,
        };
        let options = CString::new(options)
            .map_err(|_| ClError::Usage("build options contain a NUL byte".into()))?;
        // SAFETY: a program of this context, its one device, a NUL-terminated option string; no
        // callback, so the build is synchronous.
        let code = unsafe {
            (self.api.clBuildProgram)(
                program.program,
                1,
                &self.device,
                options.as_ptr(),
                None,
                std::ptr::null_mut(),
            )
        };
        if code != CL_SUCCESS {
            let log = info_string("clGetProgramBuildInfo", |size, value, ret| {
                // SAFETY: as for the platform name, on the program and device above.
                unsafe {
                    (self.api.clGetProgramBuildInfo)(
                        program.program,
                        self.device,
                        CL_PROGRAM_BUILD_LOG,
                        size,
                        value,
                        ret,
                    )
                }
            })
            .unwrap_or_else(|e| format!("(no build log: {e}; clBuildProgram returned {code})"));
            return Err(ClError::Build { log });
        }
        Ok(program)
    }

    /// A read-write buffer holding a copy of `data`.
    pub fn buffer_from<T: Copy>(&self, data: &[T]) -> Result<Buffer<T>> {
        let buf = self.buffer::<T>(data.len())?;
        self.write(&buf, data)?;
        Ok(buf)
    }

    /// A read-write buffer of `len` elements, contents undefined.
    pub fn buffer<T: Copy>(&self, len: usize) -> Result<Buffer<T>> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or_else(|| ClError::Usage(format!("a buffer of {len} elements is too large")))?;
        let mut code = CL_SUCCESS;
        // SAFETY: no host pointer; OpenCL allocates `bytes` (at least 1) itself.
        let mem = unsafe {
            (self.api.clCreateBuffer)(
                self.context,
                CL_MEM_READ_WRITE,
                bytes.max(1),
                std::ptr::null_mut(),
                &mut code,
            )
        };
        status("clCreateBuffer", code)?;
        Ok(Buffer {
            api: self.api.clone(),
            mem,
            len,
            _t: std::marker::PhantomData,
        })
    }

    /// Copies `data` into `buf` (blocking).
    pub fn write<T: Copy>(&self, buf: &Buffer<T>, data: &[T]) -> Result<()> {
        if data.len() != buf.len {
            return Err(ClError::Usage(format!(
                "writing {} elements into a buffer of {}",
                data.len(),
                buf.len
            )));
        }
        // SAFETY: a blocking write of exactly the buffer's size from `data`, which holds as many
        // bytes and outlives the call.
        let code = unsafe {
            (self.api.clEnqueueWriteBuffer)(
                self.queue,
                buf.mem,
                CL_TRUE,
                0,
                std::mem::size_of_val(data),
                data.as_ptr().cast(),
                0,
                std::ptr::null(),
                std::ptr::null_mut(),
            )
        };
        status("clEnqueueWriteBuffer", code)
    }

    /// Copies the whole of `buf` to the host (blocking).
    pub fn read<T: Copy + Default>(&self, buf: &Buffer<T>) -> Result<Vec<T>> {
        let mut out = vec![T::default(); buf.len];
        // SAFETY: a blocking read of exactly the buffer's size into `out`, which has room for it.
        let code = unsafe {
            (self.api.clEnqueueReadBuffer)(
                self.queue,
                buf.mem,
                CL_TRUE,
                0,
                std::mem::size_of_val(out.as_slice()),
                out.as_mut_ptr().cast(),
                0,
                std::ptr::null(),
                std::ptr::null_mut(),
            )
        };
        status("clEnqueueReadBuffer", code)?;
        Ok(out)
    }

    /// Enqueues `kernel` over `global` work-items in work-groups of `local` (1 to 3 dimensions,
    /// the same length), without waiting; see [`Pocl::finish`].
    pub fn enqueue(&self, kernel: &Kernel, global: &[usize], local: &[usize]) -> Result<()> {
        if global.is_empty() || global.len() > 3 || global.len() != local.len() {
            return Err(ClError::Usage(format!(
                "an NDRange of {global:?} work-items in groups of {local:?}"
            )));
        }
        // SAFETY: the kernel and queue belong to this context; `global` and `local` hold
        // `work_dim` sizes each; no events.
        let code = unsafe {
            (self.api.clEnqueueNDRangeKernel)(
                self.queue,
                kernel.kernel,
                global.len() as ClUint,
                std::ptr::null(),
                global.as_ptr(),
                local.as_ptr(),
                0,
                std::ptr::null(),
                std::ptr::null_mut(),
            )
        };
        status("clEnqueueNDRangeKernel", code)
    }

    /// Waits until everything enqueued has finished.
    pub fn finish(&self) -> Result<()> {
        // SAFETY: the queue is live while `self` is.
        status("clFinish", unsafe { (self.api.clFinish)(self.queue) })
    }

    /// Enqueues `kernel` and waits for it: one timed run.
    pub fn run(&self, kernel: &Kernel, global: &[usize], local: &[usize]) -> Result<()> {
        self.enqueue(kernel, global, local)?;
        self.finish()
    }
}

impl Drop for Pocl {
    fn drop(&mut self) {
        // SAFETY: the queue and context are owned by `self`; buffers, programs and kernels hold
        // their own references to the context, as OpenCL counts them. Failures are ignored: there
        // is nothing left to do with the handles.
        unsafe {
            (self.api.clReleaseCommandQueue)(self.queue);
            (self.api.clReleaseContext)(self.context);
        }
    }
}

/// A built OpenCL program.
pub struct Program {
    api: Arc<Api>,
    program: Handle,
}

impl Program {
    /// The kernel named `name`.
    pub fn kernel(&self, name: &str) -> Result<Kernel> {
        let cname =
            CString::new(name).map_err(|_| ClError::Usage(format!("kernel name {name:?}")))?;
        let mut code = CL_SUCCESS;
        // SAFETY: a built program and a NUL-terminated name.
        let kernel = unsafe { (self.api.clCreateKernel)(self.program, cname.as_ptr(), &mut code) };
        status("clCreateKernel", code)?;
        Ok(Kernel {
            api: self.api.clone(),
            kernel,
        })
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: the program is owned by `self`; kernels created from it keep their own reference.
        unsafe { (self.api.clReleaseProgram)(self.program) };
    }
}

/// A value that can be a kernel argument: its size and address, as `clSetKernelArg` takes them.
pub trait ClArg {
    fn size_and_ptr(&self) -> (usize, *const c_void);
}

macro_rules! plain_cl_arg {
    ($($t:ty),*) => {$(
        impl ClArg for $t {
            fn size_and_ptr(&self) -> (usize, *const c_void) {
                (std::mem::size_of::<$t>(), (self as *const $t).cast())
            }
        }
    )*};
}

plain_cl_arg!(i32, u32, f32);

/// An OpenCL kernel with its arguments.
pub struct Kernel {
    api: Arc<Api>,
    kernel: Handle,
}

impl Kernel {
    /// Sets argument `index` (from 0) to `value`.
    pub fn set_arg(&self, index: usize, value: &dyn ClArg) -> Result<()> {
        let (size, ptr) = value.size_and_ptr();
        // SAFETY: `ptr` points to `size` readable bytes (a scalar or a `cl_mem` handle) that
        // OpenCL copies during the call.
        let code = unsafe { (self.api.clSetKernelArg)(self.kernel, index as ClUint, size, ptr) };
        status("clSetKernelArg", code)
    }
}

impl Drop for Kernel {
    fn drop(&mut self) {
        // SAFETY: the kernel is owned by `self`.
        unsafe { (self.api.clReleaseKernel)(self.kernel) };
    }
}

/// A device buffer of `len` elements of `T`.
pub struct Buffer<T: Copy> {
    api: Arc<Api>,
    mem: Handle,
    len: usize,
    _t: std::marker::PhantomData<T>,
}

impl<T: Copy> ClArg for Buffer<T> {
    fn size_and_ptr(&self) -> (usize, *const c_void) {
        (
            std::mem::size_of::<Handle>(),
            (&self.mem as *const Handle).cast(),
        )
    }
}

impl<T: Copy> Drop for Buffer<T> {
    fn drop(&mut self) {
        // SAFETY: the memory object is owned by `self`; a kernel still using it holds its own
        // reference until it completes.
        unsafe { (self.api.clReleaseMemObject)(self.mem) };
    }
}
