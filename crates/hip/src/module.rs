//! Modules (loaded code objects), kernel functions and launches.

use crate::error::{fail, HipError, Result};
use crate::runtime::{runtime, Stream};
use hsa::{kernel_label, Agent, CodeObjectReader, DispatchParams, Executable, KernelObject};
use kernel_abi::{CodeObject, KernelMeta};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Arc;

/// Grid or block dimensions (`dim3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

impl Dim3 {
    pub const fn new(x: u32, y: u32, z: u32) -> Dim3 {
        Dim3 { x, y, z }
    }

    pub(crate) fn arr(self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }
}

impl From<u32> for Dim3 {
    fn from(x: u32) -> Dim3 {
        Dim3::new(x, 1, 1)
    }
}

impl From<(u32, u32)> for Dim3 {
    fn from((x, y): (u32, u32)) -> Dim3 {
        Dim3::new(x, y, 1)
    }
}

impl From<(u32, u32, u32)> for Dim3 {
    fn from((x, y, z): (u32, u32, u32)) -> Dim3 {
        Dim3::new(x, y, z)
    }
}

/// A kernel argument: its bytes as the kernarg segment holds them.
pub trait KernelArg {
    fn arg_bytes(&self) -> &[u8];
}

macro_rules! plain_arg {
    ($($t:ty),*) => {$(
        impl KernelArg for $t {
            fn arg_bytes(&self) -> &[u8] {
                // SAFETY: a primitive without padding; its size_of bytes are initialized.
                unsafe { std::slice::from_raw_parts(self as *const $t as *const u8, std::mem::size_of::<$t>()) }
            }
        }
    )*};
}

plain_arg!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, isize, usize);

impl<T> KernelArg for *mut T {
    fn arg_bytes(&self) -> &[u8] {
        // SAFETY: a thin pointer is 8 initialized bytes (its address).
        unsafe {
            std::slice::from_raw_parts(
                self as *const *mut T as *const u8,
                std::mem::size_of::<*mut T>(),
            )
        }
    }
}

impl<T> KernelArg for *const T {
    fn arg_bytes(&self) -> &[u8] {
        // SAFETY: as for `*mut T`.
        unsafe {
            std::slice::from_raw_parts(
                self as *const *const T as *const u8,
                std::mem::size_of::<*const T>(),
            )
        }
    }
}

/// Raw bytes of a by-value aggregate argument (a struct laid out as the kernel expects).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgBytes(pub Vec<u8>);

impl KernelArg for ArgBytes {
    fn arg_bytes(&self) -> &[u8] {
        &self.0
    }
}

/// A loaded module (`hipModule_t`).
pub struct Module {
    kernels: HashMap<String, KernelObject>,
    exe: Option<Arc<Executable>>,
    /// Its device globals' ranges, registered as device memory while the module lives.
    globals: Vec<(usize, usize)>,
}

impl Drop for Module {
    fn drop(&mut self) {
        crate::runtime::remove_module_globals(&self.globals);
    }
}

impl std::fmt::Debug for Module {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Module")
            .field("kernels", &self.kernels.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Module {
    /// Compiles HIP source for the CPU device and loads it. A compile failure is
    /// `hipErrorInvalidSource` (CUDA's meaning of 300: "compilation/linking errors
    /// encountered in dynamic code compilation"), with the compiler log in
    /// [`crate::last_error_detail`].
    pub fn from_source(src: &str, options: &[&str]) -> Result<Module> {
        runtime()?;
        let opts = comgr::CompileOptions {
            args: options.iter().map(|s| s.to_string()).collect(),
            headers: vec![],
        };
        match comgr::compile_hip(src, "module.hip", &opts) {
            Ok(co) => Self::from_code_object(co),
            Err(e) => {
                let log = e.log();
                let detail = if log.is_empty() || log == e.to_string() {
                    e.to_string()
                } else {
                    format!("{e}\n{log}")
                };
                fail(HipError::InvalidSource, detail)
            }
        }
    }

    /// Loads a serialized `kernel_abi::CodeObject` (`hipModuleLoadData`).
    pub fn load_data(image: &[u8]) -> Result<Module> {
        runtime()?;
        match CodeObject::from_bytes(image) {
            Ok(co) => Self::from_code_object(co),
            Err(e) => fail(HipError::InvalidImage, e.to_string()),
        }
    }

    /// Loads a code object file (`hipModuleLoad`).
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Module> {
        let path = path.as_ref();
        match std::fs::read(path) {
            Ok(bytes) => Self::load_data(&bytes),
            Err(e) => fail(HipError::FileNotFound, format!("{}: {e}", path.display())),
        }
    }

    /// Loads an in-memory code object. A code object for another target is
    /// `hipErrorNoBinaryForGpu`; broken native code is `hipErrorInvalidImage`.
    pub fn from_code_object(co: CodeObject) -> Result<Module> {
        let rt = runtime()?;
        let global_names: Vec<String> = co.meta.globals.iter().map(|g| g.name.clone()).collect();
        match rt
            .agent
            .load_executable(&CodeObjectReader::from_code_object(co))
        {
            Ok(exe) => {
                let kernels = exe
                    .kernel_names()
                    .filter_map(|n| exe.kernel(n).map(|k| (n.to_string(), k)))
                    .collect();
                let globals: Vec<(usize, usize)> = global_names
                    .iter()
                    .filter_map(|n| exe.global(n))
                    .map(|(p, s)| (p as usize, s as usize))
                    .collect();
                crate::runtime::add_module_globals(&globals);
                Ok(Module {
                    kernels,
                    exe: Some(Arc::new(exe)),
                    globals,
                })
            }
            Err(e @ hsa::HsaError::Incompatible(_)) => {
                fail(HipError::NoBinaryForGpu, e.to_string())
            }
            Err(e) => fail(HipError::InvalidImage, e.to_string()),
        }
    }

    /// A module over kernels that are already in the process (work-group functions written
    /// in Rust): for tests of the runtime without the compiler.
    #[doc(hidden)]
    pub fn from_kernel_objects_for_tests(kernels: Vec<KernelObject>) -> Module {
        Module {
            kernels: kernels
                .into_iter()
                .map(|k| (k.meta().name.clone(), k))
                .collect(),
            exe: None,
            globals: Vec::new(),
        }
    }

    /// The kernel named `name` (`hipModuleGetFunction`); unknown: `hipErrorNotFound`.
    pub fn function(&self, name: &str) -> Result<Function> {
        match self.kernels.get(name) {
            Some(k) => Ok(Function {
                kernel: k.clone(),
                _exe: self.exe.clone(),
            }),
            None => fail(
                HipError::NotFound,
                format!("no kernel named '{name}' in the module"),
            ),
        }
    }

    /// A global's device address and size (`hipModuleGetGlobal`).
    pub fn global(&self, name: &str) -> Result<(*mut c_void, usize)> {
        match self.exe.as_ref().and_then(|e| e.global(name)) {
            Some((p, s)) => Ok((p.cast(), s as usize)),
            None => fail(
                HipError::NotFound,
                format!("no global named '{name}' in the module"),
            ),
        }
    }
}

/// A kernel of a module (`hipFunction_t`).
#[derive(Clone)]
pub struct Function {
    kernel: KernelObject,
    // Keeps globals and native code loaded while the function is usable.
    _exe: Option<Arc<Executable>>,
}

impl std::fmt::Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Function")
            .field("name", &self.kernel.meta().name)
            .finish()
    }
}

impl Function {
    /// A kernel written in Rust (a library's, such as rocBLAS's): `f` runs one work-group
    /// and takes its arguments as one aggregate of `kernarg_size` bytes (8-byte aligned).
    /// `name` names it in launch errors. `f` must honour the [`kernel_abi::WorkGroupFn`]
    /// contract.
    pub fn native(name: &str, f: kernel_abi::WorkGroupFn, kernarg_size: u32) -> Function {
        let meta = KernelMeta {
            name: name.to_string(),
            symbol: name.to_string(),
            args: vec![kernel_abi::ArgMeta {
                offset: 0,
                size: kernarg_size,
                align: 8,
                kind: kernel_abi::ArgKind::Aggregate,
            }],
            kernarg_size,
            kernarg_align: 8,
            static_local_size: 0,
            dynamic_local_offset: 0,
            max_threads_per_block: Some(1),
            barriers: 0,
            grid_sync: false,
        };
        Function {
            kernel: KernelObject::from_fn(meta, f),
            _exe: None,
        }
    }

    pub fn meta(&self) -> &KernelMeta {
        self.kernel.meta()
    }

    /// The kernel object's handle: the same for every `Function` of one loaded kernel and
    /// never reused, so per-kernel settings (function attributes) can be keyed by it.
    pub fn kernel_handle(&self) -> u64 {
        self.kernel.handle()
    }

    /// Launches the kernel (`hipModuleLaunchKernel` / `hipLaunchKernel`). Validation
    /// follows ROCm's `ihipLaunchKernel_validate` (clr hip_module.cpp): zero or oversize
    /// dimensions are `hipErrorInvalidValue` (work-item counts past 2^32
    /// `hipErrorInvalidConfiguration`), dynamic shared memory over the
    /// device's local memory `hipErrorInvalidValue`, a block over the kernel's
    /// `__launch_bounds__` `hipErrorLaunchFailure`; a wrong argument count or size is
    /// `hipErrorInvalidValue`. Failures inside the kernel surface at the next
    /// synchronization, with a detail naming the kernel and the work-group
    /// ([`crate::last_error_detail`]). A grid-wide barrier (`this_grid().sync()`) fails the
    /// launch there: it needs [`Function::launch_cooperative`].
    pub fn launch(
        &self,
        grid: Dim3,
        block: Dim3,
        shared_mem_bytes: u32,
        stream: Option<&Stream>,
        args: &[&dyn KernelArg],
    ) -> Result<()> {
        let (items, kernargs) = self.prepare(grid, block, shared_mem_bytes, args)?;
        self.submit(items, block, shared_mem_bytes, &kernargs, stream, false)
    }

    /// [`Function::launch`] without holding the grid to the device's `maxGridSize`, as ROCm's
    /// `hipExtModuleLaunchKernel` does (any 32-bit global size is a valid dispatch; the
    /// work-item count per dimension is still checked).
    pub fn launch_unbounded(
        &self,
        grid: Dim3,
        block: Dim3,
        shared_mem_bytes: u32,
        stream: Option<&Stream>,
        args: &[&dyn KernelArg],
    ) -> Result<()> {
        let (items, kernargs) = self.check(grid, block, shared_mem_bytes, args, GridLimit::None)?;
        self.submit(items, block, shared_mem_bytes, &kernargs, stream, false)
    }

    /// Launches the kernel cooperatively (`hipLaunchCooperativeKernel` /
    /// `hipModuleLaunchCooperativeKernel`): all its blocks run at the same time, so they can
    /// wait for each other at the grid-wide barrier (`cooperative_groups::this_grid().sync()`).
    /// Validated as [`Function::launch`]; a grid of more blocks than can be resident at once,
    /// [`Function::max_cooperative_blocks`], is `hipErrorCooperativeLaunchTooLarge`.
    pub fn launch_cooperative(
        &self,
        grid: Dim3,
        block: Dim3,
        shared_mem_bytes: u32,
        stream: Option<&Stream>,
        args: &[&dyn KernelArg],
    ) -> Result<()> {
        let (items, kernargs) = self.prepare(grid, block, shared_mem_bytes, args)?;
        let blocks = grid.arr().iter().map(|&g| g as u64).product::<u64>();
        let threads = block.arr().iter().map(|&b| b as u64).product::<u64>();
        // `prepare` checked the block against the device's 1024 threads.
        let per_cu =
            self.max_active_blocks_per_multiprocessor(threads as u32, shared_mem_bytes as usize)?;
        let cus = runtime()?.agent.properties().compute_units;
        let limit = per_cu as u64 * cus as u64;
        if blocks > limit {
            return fail(
                HipError::CooperativeLaunchTooLarge,
                format!(
                    "cooperative launch of kernel {}: grid {:?} has {blocks} blocks; at most \
                     {limit} can be resident at once ({per_cu} per multiprocessor x {cus} \
                     multiprocessors, for blocks of {threads} threads with {shared_mem_bytes} \
                     bytes of dynamic shared memory)",
                    kernel_label(&self.meta().name),
                    grid.arr()
                ),
            );
        }
        self.submit(items, block, shared_mem_bytes, &kernargs, stream, true)
    }

    /// Blocks of `block_size` threads, each with `dynamic_shared` bytes of dynamic shared
    /// memory, that one multiprocessor (a core of the CPU device) holds at once
    /// (`hipOccupancyMaxActiveBlocksPerMultiprocessor`): as many as its
    /// `maxThreadsPerMultiProcessor` threads, its local memory and its
    /// `maxBlocksPerMultiProcessor` allow; 0 when such a block cannot run (over the kernel's
    /// launch bounds, or too much shared memory). A block size of 0 or over the device's
    /// maximum is `hipErrorInvalidValue`.
    pub fn max_active_blocks_per_multiprocessor(
        &self,
        block_size: u32,
        dynamic_shared: usize,
    ) -> Result<u32> {
        let rt = runtime()?;
        let p = rt.agent.properties();
        if block_size == 0 || block_size > p.max_workgroup_size {
            return fail(
                HipError::InvalidValue,
                format!(
                    "block size {block_size} (the device takes 1 to {})",
                    p.max_workgroup_size
                ),
            );
        }
        let meta = self.meta();
        if meta.max_threads_per_block.is_some_and(|m| block_size > m) {
            return Ok(0);
        }
        let by_threads = p.max_workgroup_size / block_size;
        let local = (meta.dynamic_local_offset as u64)
            .saturating_add(dynamic_shared as u64)
            .max(meta.static_local_size as u64);
        let by_local = (p.local_memory_size as u64)
            .checked_div(local)
            .unwrap_or(u64::MAX)
            .min(u32::MAX as u64) as u32;
        Ok(by_threads.min(by_local).min(p.max_workgroups_per_cu))
    }

    /// The most blocks a cooperative launch of this kernel may have:
    /// [`Function::max_active_blocks_per_multiprocessor`] × `multiProcessorCount`.
    pub fn max_cooperative_blocks(&self, block_size: u32, dynamic_shared: usize) -> Result<u32> {
        let per_cu = self.max_active_blocks_per_multiprocessor(block_size, dynamic_shared)?;
        let cus = runtime()?.agent.properties().compute_units;
        Ok(per_cu.saturating_mul(cus))
    }

    /// Submits a validated launch on `stream` (the null stream when `None`), or records it
    /// when the stream captures.
    pub(crate) fn submit(
        &self,
        items: [u32; 3],
        block: Dim3,
        shared_mem_bytes: u32,
        kernargs: &[u8],
        stream: Option<&Stream>,
        cooperative: bool,
    ) -> Result<()> {
        let b = block.arr();
        let params = DispatchParams {
            kernel: &self.kernel,
            grid: items,
            // Block dimensions are at most 1024 (checked by `prepare`), so they fit u16.
            workgroup: [b[0] as u16, b[1] as u16, b[2] as u16],
            group_segment_size: shared_mem_bytes,
            kernargs,
        };
        let null = Stream::null();
        let stream = stream.unwrap_or(&null);
        if cooperative && crate::graph::is_capturing(stream) {
            // Kernel nodes replay as ordinary launches; a grid-wide barrier needs a cooperative one.
            return fail(
                HipError::StreamCaptureUnsupported,
                "a cooperative launch cannot be captured",
            );
        }
        if let Some(r) = crate::graph::capture(stream, || {
            crate::graph::NodeOp::Kernel(crate::graph::KernelNode::from_prepared(
                self,
                items,
                block,
                shared_mem_bytes,
                kernargs,
            ))
        }) {
            return r;
        }
        stream
            .submit(&[], |q, done| {
                if cooperative {
                    q.submit_cooperative_dispatch(&params, Some(done))
                } else {
                    q.submit_dispatch(&params, Some(done))
                }
            })
            .map(|_| ())
    }

    /// The dispatch packet of a prepared launch (graph replay submits runs of these at once).
    pub(crate) fn dispatch_params<'a>(
        &'a self,
        items: [u32; 3],
        block: Dim3,
        shared_mem_bytes: u32,
        kernargs: &'a [u8],
    ) -> DispatchParams<'a> {
        let b = block.arr();
        DispatchParams {
            kernel: &self.kernel,
            grid: items,
            // Block dimensions are at most 1024 (checked by `prepare`), so they fit u16.
            workgroup: [b[0] as u16, b[1] as u16, b[2] as u16],
            group_segment_size: shared_mem_bytes,
            kernargs,
        }
    }

    /// Checks a launch's configuration and arguments; gives the grid in work-items and the
    /// kernarg segment.
    pub(crate) fn prepare(
        &self,
        grid: Dim3,
        block: Dim3,
        shared_mem_bytes: u32,
        args: &[&dyn KernelArg],
    ) -> Result<([u32; 3], Vec<u8>)> {
        self.check(grid, block, shared_mem_bytes, args, GridLimit::Device)
    }

    fn check(
        &self,
        grid: Dim3,
        block: Dim3,
        shared_mem_bytes: u32,
        args: &[&dyn KernelArg],
        limit: GridLimit,
    ) -> Result<([u32; 3], Vec<u8>)> {
        let rt = runtime()?;
        let props = rt.agent.properties();
        let meta = self.kernel.meta();
        let (g, b) = (grid.arr(), block.arr());
        // ROCm answers a zero-sized or oversized grid or block with hipErrorInvalidValue
        // (its launch validation sees the work-item counts); only work-item counts beyond
        // 2^32 are hipErrorInvalidConfiguration.
        if g.contains(&0) || b.contains(&0) {
            return fail(
                HipError::InvalidValue,
                format!("zero dimension in grid {g:?} or block {b:?}"),
            );
        }
        let local = meta.dynamic_local_offset as u64 + shared_mem_bytes as u64;
        if local.max(meta.static_local_size as u64) > props.local_memory_size as u64 {
            return fail(
                HipError::InvalidValue,
                format!(
                    "{shared_mem_bytes} bytes of dynamic shared memory (+{} static) exceed the \
                     device's {} bytes",
                    meta.dynamic_local_offset, props.local_memory_size
                ),
            );
        }
        let threads = b.iter().map(|&x| x as u64).product::<u64>();
        if threads > props.max_workgroup_size as u64
            || b.iter().zip(&props.max_workgroup_dims).any(|(d, m)| d > m)
        {
            return fail(
                HipError::InvalidValue,
                format!(
                    "block {b:?} exceeds the device's limits ({} threads)",
                    props.max_workgroup_size
                ),
            );
        }
        if limit == GridLimit::Device && g.iter().zip(&props.grid_max).any(|(d, m)| d > m) {
            return fail(
                HipError::InvalidValue,
                format!(
                    "grid {g:?} exceeds the device's limits {:?}",
                    props.grid_max
                ),
            );
        }
        let mut items = [0u32; 3];
        for i in 0..3 {
            match g[i].checked_mul(b[i]) {
                Some(n) => items[i] = n,
                None => {
                    return fail(
                        HipError::InvalidConfiguration,
                        format!("grid {g:?} x block {b:?} exceeds 2^32 work-items in a dimension"),
                    )
                }
            }
        }
        if let Some(max) = meta.max_threads_per_block {
            if threads > max as u64 {
                return fail(
                    HipError::LaunchFailure,
                    format!(
                        "block of {threads} threads exceeds the launch bounds ({max}) of kernel {}",
                        kernel_label(&meta.name)
                    ),
                );
            }
        }
        if args.len() != meta.args.len() {
            return fail(
                HipError::InvalidValue,
                format!(
                    "kernel {} takes {} arguments, {} given",
                    kernel_label(&meta.name),
                    meta.args.len(),
                    args.len()
                ),
            );
        }
        let mut kernargs = vec![0u8; meta.kernarg_size as usize];
        for (i, (a, m)) in args.iter().zip(&meta.args).enumerate() {
            let bytes = a.arg_bytes();
            if bytes.len() != m.size as usize {
                return fail(
                    HipError::InvalidValue,
                    format!(
                        "argument {i} of kernel {} is {} bytes, the kernel expects {}",
                        kernel_label(&meta.name),
                        bytes.len(),
                        m.size
                    ),
                );
            }
            let start = m.offset as usize;
            match kernargs.get_mut(start..start + bytes.len()) {
                Some(dst) => dst.copy_from_slice(bytes),
                None => {
                    return fail(
                        HipError::InvalidImage,
                        format!(
                            "argument {i} of kernel {} lies outside its kernarg segment",
                            kernel_label(&meta.name)
                        ),
                    )
                }
            }
        }
        Ok((items, kernargs))
    }
}

/// Whether a launch's grid (in blocks) is held to the device's `maxGridSize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GridLimit {
    Device,
    None,
}
