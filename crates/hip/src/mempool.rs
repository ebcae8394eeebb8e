//! Stream-ordered allocation and memory pools (`hipMallocAsync`, `hipMemPool_t`), and the
//! registry of device-visible ranges the hsa pools do not hold: managed memory (lazily
//! zero-filled mappings), virtual-memory mappings and memory opened from another process.
//!
//! A pool hands out blocks of the device's global memory. A block freed with
//! [`free_async`] goes back to its pool only when the stream reaches the free, so a later
//! allocation (on any stream) never gets memory that earlier work may still touch. When a
//! block comes back, cached memory above the pool's release threshold is returned to the
//! device at once, which is what a synchronization observes in CUDA's and ROCm's pools.

use crate::error::{fail, HipError, Result};
use crate::runtime::{runtime, Stream};
use hsa::Agent;
use std::collections::{BTreeMap, HashMap};
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// `hipMemPoolAttr` values.
pub mod attr {
    pub const REUSE_FOLLOW_EVENT_DEPENDENCIES: i32 = 1;
    pub const REUSE_ALLOW_OPPORTUNISTIC: i32 = 2;
    pub const REUSE_ALLOW_INTERNAL_DEPENDENCIES: i32 = 3;
    pub const RELEASE_THRESHOLD: i32 = 4;
    pub const RESERVED_MEM_CURRENT: i32 = 5;
    pub const RESERVED_MEM_HIGH: i32 = 6;
    pub const USED_MEM_CURRENT: i32 = 7;
    pub const USED_MEM_HIGH: i32 = 8;
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

// ---------------------------------------------------------------------------------------
// Device-visible ranges outside the hsa pools

/// Who releases a registered range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeOwner {
    /// `hipMallocManaged`: released by `hipFree`.
    Managed,
    /// A virtual-memory mapping or an IPC mapping: released by its own API, not `hipFree`.
    Mapped,
    /// `hipMalloc` memory backed by a memory file, so another process can map it
    /// (`hipIpcGetMemHandle`): released by `hipFree`.
    Shareable,
    /// A block of a pool made for sharing (`hipMemPoolExportToShareableHandle`): a mapping of
    /// the pool's memory file, released by its pool.
    PoolFile,
    /// A block of another pool's memory file (`hipMemPoolImportPointer`): released by
    /// `hipFree`.
    Imported,
}

fn ranges() -> MutexGuard<'static, BTreeMap<usize, (usize, RangeOwner)>> {
    static R: OnceLock<Mutex<BTreeMap<usize, (usize, RangeOwner)>>> = OnceLock::new();
    lock(R.get_or_init(Default::default))
}

/// Makes `[base, base + size)` device memory for copies, fills, pointer queries and kernels.
pub fn register_range(base: *mut c_void, size: usize, owner: RangeOwner) {
    ranges().insert(base as usize, (size, owner));
}

/// Forgets a range registered at `base`; returns its size and owner.
pub fn unregister_range(base: *mut c_void) -> Option<(usize, RangeOwner)> {
    ranges().remove(&(base as usize))
}

/// The registered range holding `p`: `(base, size, owner)`.
pub fn find_range(p: *const c_void) -> Option<(*mut c_void, usize, RangeOwner)> {
    let addr = p as usize;
    let r = ranges();
    let (&base, &(size, owner)) = r.range(..=addr).next_back()?;
    (addr < base + size).then_some((base as *mut c_void, size, owner))
}

/// Allocates `bytes` of managed memory (`hipMallocManaged`): an anonymous mapping reserved
/// without swap (`MAP_NORESERVE`), so the pages are zero-filled by the kernel when first
/// touched; more than the free RAM can be allocated, as on a GPU with demand paging.
pub fn malloc_managed(bytes: usize) -> Result<*mut c_void> {
    runtime()?;
    if bytes == 0 {
        return fail(HipError::InvalidValue, "managed allocation of 0 bytes");
    }
    // SAFETY: a fresh anonymous private mapping; no existing memory is affected.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        return fail(
            HipError::OutOfMemory,
            format!(
                "managed allocation of {bytes} bytes: {}",
                std::io::Error::last_os_error()
            ),
        );
    }
    register_range(p, bytes, RangeOwner::Managed);
    Ok(p)
}

/// Memory files of shareable allocations: base -> descriptor.
fn shareable_fds() -> &'static Mutex<HashMap<usize, i32>> {
    static F: OnceLock<Mutex<HashMap<usize, i32>>> = OnceLock::new();
    F.get_or_init(Default::default)
}

/// Descriptors kept for shareable allocations at most: the rest of the process's limit stays
/// the program's.
fn shareable_fd_budget() -> usize {
    static B: OnceLock<usize> = OnceLock::new();
    *B.get_or_init(|| {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into the local struct only.
        let cur = if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } == 0 {
            lim.rlim_cur as usize
        } else {
            1024
        };
        (cur / 2).min(16_384)
    })
}

/// Bytes of device memory in shareable allocations.
pub(crate) fn shareable_bytes() -> usize {
    ranges()
        .values()
        .filter(|(_, o)| matches!(o, RangeOwner::Shareable | RangeOwner::PoolFile))
        .map(|(s, _)| *s)
        .sum()
}

/// Allocates `bytes` of device memory (`hipMalloc`) backed by a memory file, so that
/// `hipIpcGetMemHandle` can share it; the pages are zero until written. `Ok(None)` when the
/// descriptor budget is spent or the system refuses: the caller then uses the device pool
/// (memory that works the same but cannot be shared).
pub(crate) fn malloc_shareable(
    bytes: usize,
    capacity: u64,
    pool_used: u64,
) -> Result<Option<*mut c_void>> {
    let in_use = pool_used.saturating_add(shareable_bytes() as u64);
    if in_use.saturating_add(bytes as u64) > capacity {
        return fail(
            HipError::OutOfMemory,
            format!("{bytes} bytes requested, {in_use} of {capacity} bytes in use"),
        );
    }
    if lock(shareable_fds()).len() >= shareable_fd_budget() {
        return Ok(None);
    }
    // SAFETY: a NUL-terminated name; the new descriptor is owned here.
    let fd = unsafe { libc::memfd_create(c"hip-device-memory".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Ok(None);
    }
    // SAFETY: `fd` is the memory file just created; on failure it is closed once.
    let p = unsafe {
        if libc::ftruncate(fd, bytes as libc::off_t) != 0 {
            libc::close(fd);
            return Ok(None);
        }
        libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED,
            fd,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        // SAFETY: not handed out; closed once.
        unsafe { libc::close(fd) };
        return Ok(None);
    }
    lock(shareable_fds()).insert(p as usize, fd);
    register_range(p, bytes, RangeOwner::Shareable);
    Ok(Some(p))
}

/// The shareable allocation holding `p`: `(base, size, descriptor)`.
pub fn shareable(p: *const c_void) -> Option<(*mut c_void, usize, i32)> {
    let (base, size, owner) = find_range(p)?;
    if owner != RangeOwner::Shareable {
        return None;
    }
    let fd = *lock(shareable_fds()).get(&(base as usize))?;
    Some((base, size, fd))
}

/// Waits until no queued work is left on any stream, without taking their errors (what
/// unmapping memory that work may use needs first).
pub fn wait_device_idle() -> Result<()> {
    crate::runtime::wait_all_idle(runtime()?);
    Ok(())
}

/// `hipFree` of a range registered here: managed memory is unmapped; a virtual-memory or
/// IPC mapping is `hipErrorInvalidValue`. `None`: not a registered range's base.
pub(crate) fn free_range(p: *mut c_void) -> Option<Result<()>> {
    let (size, owner) = *ranges().get(&(p as usize))?;
    Some(match owner {
        RangeOwner::Managed => {
            unregister_range(p);
            // SAFETY: the range was mapped by `malloc_managed` with this size and is no
            // longer registered, so this is its only release.
            unsafe { libc::munmap(p, size) };
            Ok(())
        }
        RangeOwner::Shareable => {
            unregister_range(p);
            let fd = lock(shareable_fds()).remove(&(p as usize));
            // SAFETY: the range was mapped by `malloc_shareable` with this size and its file
            // descriptor is owned by the allocation; both are released once, here.
            unsafe {
                libc::munmap(p, size);
                if let Some(fd) = fd {
                    libc::close(fd);
                }
            }
            Ok(())
        }
        RangeOwner::Imported => {
            unregister_range(p);
            // SAFETY: the range was mapped by `import_pointer` with this size and is no
            // longer registered, so this is its only release.
            unsafe { libc::munmap(p, size) };
            Ok(())
        }
        RangeOwner::Mapped => fail(
            HipError::InvalidValue,
            format!("{p:p} is a mapping: release it with hipMemUnmap or hipIpcCloseMemHandle"),
        ),
        RangeOwner::PoolFile => fail(
            HipError::InvalidValue,
            format!("{p:p} was already freed (it is cached by a memory pool)"),
        ),
    })
}

// ---------------------------------------------------------------------------------------
// Memory pools

#[derive(Debug, Default)]
struct PoolState {
    release_threshold: u64,
    reuse_follow_event_dependencies: bool,
    reuse_allow_opportunistic: bool,
    reuse_allow_internal_dependencies: bool,
    reserved: usize,
    reserved_high: usize,
    used: usize,
    used_high: usize,
    /// Blocks held by the pool and not handed out: size -> bases.
    cached: BTreeMap<usize, Vec<usize>>,
    /// Blocks freed on a stream that has not reached the free yet: later allocations on
    /// that same stream are ordered after the free, so they may take them at once.
    pending: Vec<PendingFree>,
    destroyed: bool,
    /// A shareable pool's blocks: base -> offset in its memory file.
    file_offsets: HashMap<usize, u64>,
    /// The end of the last block placed in the memory file (offsets are never reused, so an
    /// exported pointer never names another block's memory).
    file_end: u64,
    /// The pool's memory file (owned by its [`PoolFile`]), -1 for none.
    file_fd: i32,
}

/// The memory file behind a pool made for sharing, or imported from another process: its
/// blocks are mappings of the file, so another process given the file maps the same memory.
#[derive(Debug)]
struct PoolFile {
    fd: i32,
    /// The file's identity, carried by exported pointers so an import checks it maps the
    /// right pool.
    inode: u64,
}

impl PoolFile {
    /// A new, empty memory file.
    fn create() -> Result<PoolFile> {
        // SAFETY: a NUL-terminated name; the new descriptor is owned here.
        let fd = unsafe { libc::memfd_create(c"hip-mempool".as_ptr(), libc::MFD_CLOEXEC) };
        if fd < 0 {
            return fail(
                HipError::OutOfMemory,
                format!(
                    "no memory file for a shareable pool: {}",
                    std::io::Error::last_os_error()
                ),
            );
        }
        PoolFile::own(fd)
    }

    /// Takes ownership of `fd`, which must be a memory file.
    fn own(fd: i32) -> Result<PoolFile> {
        // SAFETY: fstat writes into the local struct only.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        if unsafe { libc::fstat(fd, &mut st) } != 0 || st.st_mode & libc::S_IFMT != libc::S_IFREG {
            // SAFETY: owned here, closed once.
            unsafe { libc::close(fd) };
            return fail(
                HipError::InvalidValue,
                "the shareable handle is not a memory pool's file descriptor",
            );
        }
        Ok(PoolFile {
            fd,
            inode: st.st_ino,
        })
    }

    /// Maps `size` bytes of the file at `offset`, growing the file to hold them.
    fn map(&self, offset: u64, size: usize, grow: bool) -> Result<*mut c_void> {
        let end = offset.saturating_add(size as u64);
        // SAFETY: fstat writes into the local struct only.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: `self.fd` is open while `self` lives.
        let len = if unsafe { libc::fstat(self.fd, &mut st) } == 0 {
            st.st_size as u64
        } else {
            0
        };
        if len < end {
            // SAFETY: as above; growing a file is all ftruncate does here.
            if !grow || unsafe { libc::ftruncate(self.fd, end as libc::off_t) } != 0 {
                return fail(
                    if grow {
                        HipError::OutOfMemory
                    } else {
                        HipError::InvalidValue
                    },
                    format!(
                        "{size} bytes at offset {offset} are past the pool's memory ({len} bytes)"
                    ),
                );
            }
        }
        // SAFETY: a fresh shared mapping of the file's range; nothing else is replaced.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                self.fd,
                offset as libc::off_t,
            )
        };
        if p == libc::MAP_FAILED {
            return fail(
                HipError::OutOfMemory,
                format!(
                    "mapping {size} bytes of a pool's memory: {}",
                    std::io::Error::last_os_error()
                ),
            );
        }
        Ok(p)
    }
}

impl Drop for PoolFile {
    fn drop(&mut self) {
        // SAFETY: the descriptor is owned by this value and closed once.
        unsafe { libc::close(self.fd) };
    }
}

/// What `hipMemPoolExportPointer` records of an allocation: the pool file it lies in and
/// where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportedPointer {
    pub inode: u64,
    pub offset: u64,
    pub size: u64,
}

/// A block freed by `hipFreeAsync`, waiting for its stream to reach the free.
#[derive(Debug)]
struct PendingFree {
    token: u64,
    stream: usize,
    base: usize,
    block: usize,
}

/// Whether a cached block of `block` bytes serves a request of `size`: it fits, and no more
/// than half of it would go unused.
fn block_fits(block: usize, size: usize) -> bool {
    block >= size && block / 2 <= size
}

/// A memory pool (`hipMemPool_t`): device memory for stream-ordered allocations.
#[derive(Debug)]
pub struct MemPool {
    id: u64,
    device: i32,
    /// Most bytes the pool may reserve (0: no limit but the device's).
    max_size: usize,
    is_default: bool,
    state: Mutex<PoolState>,
    /// The memory file of a pool made for sharing or imported.
    file: Option<PoolFile>,
    /// Imported from another pool's file: it maps that pool's blocks and allocates none.
    imported: bool,
}

/// A pool's current counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolUsage {
    pub reserved: usize,
    pub reserved_high: usize,
    pub used: usize,
    pub used_high: usize,
}

struct Allocation {
    pool: Arc<MemPool>,
    block: usize,
}

/// Live stream-ordered allocations: base -> allocation.
fn allocations() -> MutexGuard<'static, HashMap<usize, Allocation>> {
    static A: OnceLock<Mutex<HashMap<usize, Allocation>>> = OnceLock::new();
    lock(A.get_or_init(Default::default))
}

/// Each device's default pool and current pool.
struct DevicePools {
    default: Arc<MemPool>,
    current: Arc<MemPool>,
}

fn device_pools() -> MutexGuard<'static, Vec<DevicePools>> {
    static D: OnceLock<Mutex<Vec<DevicePools>>> = OnceLock::new();
    lock(D.get_or_init(Default::default))
}

fn next_id() -> u64 {
    static ID: AtomicU64 = AtomicU64::new(1);
    ID.fetch_add(1, Ordering::Relaxed)
}

fn check_device(dev: i32) -> Result<()> {
    let n = crate::device_count()?;
    if dev < 0 || dev >= n {
        return fail(
            HipError::InvalidDevice,
            format!("device {dev} does not exist"),
        );
    }
    Ok(())
}

fn with_device_pools<R>(dev: i32, f: impl FnOnce(&mut DevicePools) -> R) -> Result<R> {
    check_device(dev)?;
    let n = crate::device_count()? as usize;
    let mut d = device_pools();
    while d.len() < n {
        let pool = Arc::new(MemPool::new(d.len() as i32, 0, true));
        d.push(DevicePools {
            default: pool.clone(),
            current: pool,
        });
    }
    Ok(f(&mut d[dev as usize]))
}

/// `hipDeviceGetDefaultMemPool`.
pub fn default_pool(dev: i32) -> Result<Arc<MemPool>> {
    with_device_pools(dev, |d| d.default.clone())
}

/// `hipDeviceGetMemPool`: the pool `hipMallocAsync` uses on `dev`.
pub fn current_pool(dev: i32) -> Result<Arc<MemPool>> {
    with_device_pools(dev, |d| d.current.clone())
}

/// `hipDeviceSetMemPool`: the pool must belong to `dev`.
pub fn set_current_pool(dev: i32, pool: &Arc<MemPool>) -> Result<()> {
    check_device(dev)?;
    if pool.device != dev {
        return fail(
            HipError::InvalidDevice,
            format!("the pool belongs to device {}, not {dev}", pool.device),
        );
    }
    with_device_pools(dev, |d| d.current = pool.clone())
}

impl MemPool {
    fn new(device: i32, max_size: usize, is_default: bool) -> MemPool {
        MemPool {
            id: next_id(),
            device,
            max_size,
            is_default,
            file: None,
            imported: false,
            state: Mutex::new(PoolState {
                reuse_follow_event_dependencies: true,
                reuse_allow_opportunistic: true,
                reuse_allow_internal_dependencies: true,
                file_fd: -1,
                ..Default::default()
            }),
        }
    }

    /// `hipMemPoolCreate` for `dev`, reserving at most `max_size` bytes (0: no limit).
    pub fn create(dev: i32, max_size: usize) -> Result<Arc<MemPool>> {
        check_device(dev)?;
        Ok(Arc::new(MemPool::new(dev, max_size, false)))
    }

    /// `hipMemPoolCreate` with `hipMemHandleTypePosixFileDescriptor`: a pool whose memory
    /// another process can map, given [`MemPool::export_fd`].
    pub fn create_shareable(dev: i32, max_size: usize) -> Result<Arc<MemPool>> {
        check_device(dev)?;
        let mut p = MemPool::new(dev, max_size, false);
        let f = PoolFile::create()?;
        lock(&p.state).file_fd = f.fd;
        p.file = Some(f);
        Ok(Arc::new(p))
    }

    /// `hipMemPoolExportToShareableHandle`: a new descriptor of the pool's memory file (the
    /// caller's to pass on, to another process over a Unix socket, and to close).
    pub fn export_fd(&self) -> Result<i32> {
        let Some(f) = &self.file else {
            return fail(
                HipError::InvalidValue,
                "the pool was not created for hipMemHandleTypePosixFileDescriptor handles",
            );
        };
        // SAFETY: duplicates a descriptor this pool owns.
        let fd = unsafe { libc::fcntl(f.fd, libc::F_DUPFD_CLOEXEC, 0) };
        if fd < 0 {
            return fail(
                HipError::OutOfMemory,
                format!(
                    "duplicating the pool's descriptor: {}",
                    std::io::Error::last_os_error()
                ),
            );
        }
        Ok(fd)
    }

    /// `hipMemPoolImportFromShareableHandle`: a pool over the memory file `fd` (a descriptor
    /// from [`MemPool::export_fd`], here or in another process; duplicated, so the caller
    /// keeps its own).
    pub fn import(dev: i32, fd: i32) -> Result<Arc<MemPool>> {
        check_device(dev)?;
        // SAFETY: duplicates the caller's descriptor; a bad one fails here.
        let own = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
        if own < 0 {
            return fail(
                HipError::InvalidValue,
                format!("{fd} is not an open file descriptor"),
            );
        }
        let mut p = MemPool::new(dev, 0, false);
        p.file = Some(PoolFile::own(own)?);
        p.imported = true;
        Ok(Arc::new(p))
    }

    /// `hipMemPoolImportPointer`: maps the allocation `e` (from
    /// [`export_pointer`] on the pool this one was imported from); free it with `hipFree`.
    pub fn import_pointer(&self, e: &ExportedPointer) -> Result<*mut c_void> {
        let f = match &self.file {
            Some(f) if self.imported => f,
            _ => {
                return fail(
                    HipError::InvalidValue,
                    "the pool was not imported (hipMemPoolImportFromShareableHandle)",
                )
            }
        };
        if e.inode != f.inode || e.size == 0 {
            return fail(
                HipError::InvalidValue,
                "the exported pointer belongs to another memory pool",
            );
        }
        let Ok(size) = usize::try_from(e.size) else {
            return fail(HipError::InvalidValue, "the exported pointer's size");
        };
        let p = f.map(e.offset, size, false)?;
        register_range(p, size, RangeOwner::Imported);
        Ok(p)
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn device(&self) -> i32 {
        self.device
    }

    pub fn is_default(&self) -> bool {
        self.is_default
    }

    /// `hipMemPoolDestroy`: cached memory goes back to the device now; allocations still
    /// out go back when they are freed. A default pool cannot be destroyed. A pool that is
    /// some device's current pool stops being it (the device's default pool takes over).
    pub fn destroy(self: &Arc<MemPool>) -> Result<()> {
        if self.is_default {
            return fail(
                HipError::InvalidValue,
                "a device's default memory pool cannot be destroyed",
            );
        }
        {
            let mut st = lock(&self.state);
            if st.destroyed {
                return fail(HipError::InvalidValue, "the memory pool was destroyed");
            }
            st.destroyed = true;
            release_cached(&mut st, 0);
        }
        let mut d = device_pools();
        for dp in d.iter_mut() {
            if Arc::ptr_eq(&dp.current, self) {
                dp.current = dp.default.clone();
            }
        }
        Ok(())
    }

    /// Allocates `size` bytes for use by work queued on `stream` from now on
    /// (`hipMallocFromPoolAsync`). 0 bytes gives a null pointer.
    pub fn allocate(self: &Arc<MemPool>, size: usize, stream: &Stream) -> Result<*mut c_void> {
        stream.inner()?;
        if size == 0 {
            return Ok(std::ptr::null_mut());
        }
        if crate::graph::is_capturing(stream) {
            // Captured: the graph gets an allocation node (graph memory, as
            // hipGraphAddMemAllocNode makes), and its address is known now.
            let a = Arc::new(crate::graph::GraphAllocation::new(size)?);
            let ptr = a.ptr;
            let op = a.clone();
            if let Some(r) =
                crate::graph::capture(stream, move || crate::graph::NodeOp::MemAlloc(op))
            {
                r?;
                return Ok(ptr as *mut c_void);
            }
        }
        let mut st = lock(&self.state);
        if st.destroyed {
            return fail(HipError::InvalidValue, "the memory pool was destroyed");
        }
        // A block this stream freed, and has not reached yet, first (CUDA's and ROCm's
        // stream-ordered reuse): it is handed out again as it is.
        let sid = stream.id();
        let same_stream = st
            .pending
            .iter()
            .position(|f| f.stream == sid && block_fits(f.block, size));
        if let Some(i) = same_stream {
            let f = st.pending.swap_remove(i);
            pending_blocks().remove(&f.base);
            st.used += f.block;
            st.used_high = st.used_high.max(st.used);
            drop(st);
            allocations().insert(
                f.base,
                Allocation {
                    pool: self.clone(),
                    block: f.block,
                },
            );
            return Ok(f.base as *mut c_void);
        }
        // The smallest cached block that fits, unless it would waste more than half of it.
        let reuse = st
            .cached
            .range(size..)
            .next()
            .filter(|(&bs, _)| block_fits(bs, size))
            .map(|(&bs, _)| bs);
        let (base, block) = match reuse {
            Some(bs) => {
                let bases = st.cached.get_mut(&bs);
                let base = bases.and_then(|v| v.pop());
                if st.cached.get(&bs).is_some_and(Vec::is_empty) {
                    st.cached.remove(&bs);
                }
                match base {
                    Some(b) => {
                        cached_blocks().remove(&b);
                        (b, bs)
                    }
                    None => return fail(HipError::Unknown, "memory pool cache is inconsistent"),
                }
            }
            None => {
                if self.max_size != 0 && st.reserved.saturating_add(size) > self.max_size {
                    // Cached blocks that do not fit are given back before giving up.
                    release_cached(&mut st, 0);
                    if st.reserved.saturating_add(size) > self.max_size {
                        return fail(
                            HipError::OutOfMemory,
                            format!(
                                "{size} bytes do not fit in the pool's limit of {} bytes ({} reserved)",
                                self.max_size, st.reserved
                            ),
                        );
                    }
                }
                let rt = runtime()?;
                if self.imported {
                    return fail(
                        HipError::InvalidValue,
                        "an imported memory pool only maps the exporter's allocations",
                    );
                }
                if let Some(f) = &self.file {
                    let p = self.map_file_block(f, &mut st, size)?;
                    st.reserved += size;
                    st.reserved_high = st.reserved_high.max(st.reserved);
                    st.used += size;
                    st.used_high = st.used_high.max(st.used);
                    drop(st);
                    allocations().insert(
                        p,
                        Allocation {
                            pool: self.clone(),
                            block: size,
                        },
                    );
                    return Ok(p as *mut c_void);
                }
                let p = match rt.agent.global_pool().allocate(size) {
                    Ok(p) => p as usize,
                    Err(first) => {
                        // Memory the pool keeps may be what is missing.
                        release_cached(&mut st, 0);
                        match rt.agent.global_pool().allocate(size) {
                            Ok(p) => p as usize,
                            Err(_) => {
                                return fail(
                                    HipError::OutOfMemory,
                                    format!("stream-ordered allocation of {size} bytes: {first}"),
                                )
                            }
                        }
                    }
                };
                st.reserved += size;
                st.reserved_high = st.reserved_high.max(st.reserved);
                (p, size)
            }
        };
        st.used += block;
        st.used_high = st.used_high.max(st.used);
        drop(st);
        allocations().insert(
            base,
            Allocation {
                pool: self.clone(),
                block,
            },
        );
        Ok(base as *mut c_void)
    }

    /// A new block of `size` bytes in the pool's memory file, after the last one (page
    /// aligned), within the device's memory.
    fn map_file_block(&self, f: &PoolFile, st: &mut PoolState, size: usize) -> Result<usize> {
        let rt = runtime()?;
        let g = rt.agent.global_pool();
        let in_use = g.used().saturating_add(shareable_bytes() as u64);
        if in_use.saturating_add(size as u64) > g.capacity() {
            release_cached(st, 0);
            let in_use = g.used().saturating_add(shareable_bytes() as u64);
            if in_use.saturating_add(size as u64) > g.capacity() {
                return fail(
                    HipError::OutOfMemory,
                    format!(
                        "stream-ordered allocation of {size} bytes: {in_use} of {} bytes in use",
                        g.capacity()
                    ),
                );
            }
        }
        let page = page_size() as u64;
        let offset = st.file_end.div_ceil(page) * page;
        let p = f.map(offset, size, true)? as usize;
        st.file_end = offset + size as u64;
        st.file_offsets.insert(p, offset);
        register_range(p as *mut c_void, size, RangeOwner::PoolFile);
        Ok(p)
    }

    /// `hipMemPoolTrimTo`: gives cached memory back until at most `keep` bytes are reserved
    /// (memory handed out stays).
    pub fn trim_to(&self, keep: usize) {
        release_cached(&mut lock(&self.state), keep);
    }

    pub fn usage(&self) -> PoolUsage {
        let st = lock(&self.state);
        PoolUsage {
            reserved: st.reserved,
            reserved_high: st.reserved_high,
            used: st.used,
            used_high: st.used_high,
        }
    }

    /// `hipMemPoolGetAttribute`, widened to 64 bits (the reuse flags are 0 or 1).
    pub fn get_attribute(&self, a: i32) -> Result<u64> {
        let st = lock(&self.state);
        Ok(match a {
            attr::REUSE_FOLLOW_EVENT_DEPENDENCIES => st.reuse_follow_event_dependencies as u64,
            attr::REUSE_ALLOW_OPPORTUNISTIC => st.reuse_allow_opportunistic as u64,
            attr::REUSE_ALLOW_INTERNAL_DEPENDENCIES => st.reuse_allow_internal_dependencies as u64,
            attr::RELEASE_THRESHOLD => st.release_threshold,
            attr::RESERVED_MEM_CURRENT => st.reserved as u64,
            attr::RESERVED_MEM_HIGH => st.reserved_high as u64,
            attr::USED_MEM_CURRENT => st.used as u64,
            attr::USED_MEM_HIGH => st.used_high as u64,
            _ => {
                return fail(
                    HipError::InvalidValue,
                    format!("{a} is not a hipMemPoolAttr"),
                )
            }
        })
    }

    /// `hipMemPoolSetAttribute`. The high watermarks can only be reset (to the current
    /// value, by setting 0); the current counters cannot be set. The reuse policies are
    /// recorded: reuse is always safe here, as a block returns to the pool only when its
    /// stream reached the free.
    pub fn set_attribute(&self, a: i32, v: u64) -> Result<()> {
        let mut st = lock(&self.state);
        match a {
            attr::REUSE_FOLLOW_EVENT_DEPENDENCIES => st.reuse_follow_event_dependencies = v != 0,
            attr::REUSE_ALLOW_OPPORTUNISTIC => st.reuse_allow_opportunistic = v != 0,
            attr::REUSE_ALLOW_INTERNAL_DEPENDENCIES => {
                st.reuse_allow_internal_dependencies = v != 0
            }
            attr::RELEASE_THRESHOLD => {
                st.release_threshold = v;
                let keep = usize::try_from(v).unwrap_or(usize::MAX);
                release_cached(&mut st, keep);
            }
            attr::RESERVED_MEM_HIGH | attr::USED_MEM_HIGH if v != 0 => {
                return fail(
                    HipError::InvalidValue,
                    "a memory pool's high watermark can only be reset to 0",
                )
            }
            attr::RESERVED_MEM_HIGH => st.reserved_high = st.reserved,
            attr::USED_MEM_HIGH => st.used_high = st.used,
            attr::RESERVED_MEM_CURRENT | attr::USED_MEM_CURRENT => {
                return fail(
                    HipError::InvalidValue,
                    "a memory pool's current usage cannot be set",
                )
            }
            _ => {
                return fail(
                    HipError::InvalidValue,
                    format!("{a} is not a hipMemPoolAttr"),
                )
            }
        }
        Ok(())
    }

    /// A block back from an allocation: no longer used, and cached.
    fn give_back(&self, base: usize, block: usize) {
        {
            let mut st = lock(&self.state);
            st.used = st.used.saturating_sub(block);
        }
        self.cache_block(base, block);
    }

    /// A block no longer counted as used goes into the cache, which is then trimmed to the
    /// release threshold (all of it when the pool was destroyed).
    fn cache_block(&self, base: usize, block: usize) {
        cache_locked(&mut lock(&self.state), base, block);
    }
}

/// [`MemPool::cache_block`] under a held pool lock.
fn cache_locked(st: &mut PoolState, base: usize, block: usize) {
    st.cached.entry(block).or_default().push(base);
    cached_blocks().insert(base);
    let keep = if st.destroyed {
        0
    } else {
        usize::try_from(st.release_threshold).unwrap_or(usize::MAX)
    };
    release_cached(st, keep);
}

/// Returns cached blocks to the device, largest first, until at most `keep` bytes are
/// reserved or nothing is cached.
fn release_cached(st: &mut PoolState, keep: usize) {
    let Ok(rt) = runtime() else { return };
    while st.reserved > keep {
        let Some(mut entry) = st.cached.last_entry() else {
            break;
        };
        let size = *entry.key();
        let base = entry.get_mut().pop();
        if entry.get().is_empty() {
            entry.remove();
        }
        let Some(base) = base else { continue };
        cached_blocks().remove(&base);
        if let Some(offset) = st.file_offsets.remove(&base) {
            release_file_block(st.file_fd, base, size, offset);
        } else {
            // Never waits for streams: this runs inside stream callbacks too.
            let _ = rt.agent.global_pool().free(base as *mut u8);
        }
        st.reserved = st.reserved.saturating_sub(size);
    }
}

/// Unmaps a block of a pool's memory file `fd` and gives its pages back to the system (the
/// file keeps its length: offsets are not reused, so a process that imported the block and
/// still maps it reads zeros rather than another block's data).
fn release_file_block(fd: i32, base: usize, size: usize, offset: u64) {
    unregister_range(base as *mut c_void);
    // SAFETY: the block was mapped by `map_file_block` with this size and is no longer
    // registered, so this is its only release; `fd` is the pool's open memory file, and
    // punching a hole only drops that range's pages.
    unsafe {
        libc::munmap(base as *mut c_void, size);
        libc::fallocate(
            fd,
            libc::FALLOC_FL_PUNCH_HOLE | libc::FALLOC_FL_KEEP_SIZE,
            offset as libc::off_t,
            size as libc::off_t,
        );
    }
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

/// `hipMemPoolExportPointer`: where the live allocation `p` lies in its pool's memory file.
pub fn export_pointer(p: *const c_void) -> Result<ExportedPointer> {
    let Some(pool) = pool_of(p) else {
        return fail(
            HipError::InvalidValue,
            format!("{p:p} is not a live stream-ordered allocation"),
        );
    };
    let Some(f) = pool.file.as_ref().filter(|_| !pool.imported) else {
        return fail(
            HipError::InvalidValue,
            "the allocation's pool was not created for hipMemHandleTypePosixFileDescriptor handles",
        );
    };
    let st = lock(&pool.state);
    let (Some(&offset), Some(size)) = (
        st.file_offsets.get(&(p as usize)),
        find_range(p).map(|(_, s, _)| s),
    ) else {
        return fail(
            HipError::InvalidValue,
            format!("{p:p} is not a block of its pool's memory file"),
        );
    };
    Ok(ExportedPointer {
        inode: f.inode,
        offset,
        size: size as u64,
    })
}

/// `hipDeviceReset`'s part for stream-ordered memory, as ROCm's: every allocation still out
/// from a pool of `dev` goes back (its pointer is stale afterwards; pools of destroyed or
/// program-made pools return their memory to the device at once), the default pool gives
/// its cached memory back and becomes the device's current pool again. The caller has
/// waited for the device. Gives the number of allocations released.
pub fn reset_device_pools(dev: i32) -> Result<usize> {
    let out: Vec<(usize, Allocation)> = {
        let mut a = allocations();
        let bases: Vec<usize> = a
            .iter()
            .filter(|(_, x)| x.pool.device == dev)
            .map(|(&b, _)| b)
            .collect();
        bases
            .into_iter()
            .filter_map(|b| a.remove(&b).map(|x| (b, x)))
            .collect()
    };
    let n = out.len();
    for (base, a) in out {
        a.pool.give_back(base, a.block);
    }
    with_device_pools(dev, |d| {
        d.current = d.default.clone();
        d.default.trim_to(0);
    })?;
    Ok(n)
}

/// Whether `p` is the base of a live stream-ordered allocation.
pub fn is_pool_allocation(p: *const c_void) -> bool {
    allocations().contains_key(&(p as usize))
}

/// The pool of a live stream-ordered allocation (for `hipPointerGetAttribute` and
/// `hipMemPoolExportPointer`).
pub fn pool_of(p: *const c_void) -> Option<Arc<MemPool>> {
    allocations().get(&(p as usize)).map(|a| a.pool.clone())
}

/// `hipFreeAsync`: the allocation is gone for the host at once (a second free is an
/// error); its memory returns to the pool when `stream` reaches this point.
pub fn free_async(p: *mut c_void, stream: &Stream) -> Result<()> {
    stream.inner()?;
    if p.is_null() {
        return fail(HipError::InvalidValue, "hipFreeAsync of a null pointer");
    }
    if crate::graph::is_graph_allocation(p as usize) && crate::graph::is_capturing(stream) {
        // Captured: a free node for graph memory.
        let base = p as usize;
        if let Some(r) = crate::graph::capture(stream, move || crate::graph::NodeOp::MemFree(base))
        {
            return r;
        }
    }
    if crate::graph::is_graph_allocation(p as usize) {
        // Graph memory freed outside its graph: it stays reserved for the graph (whose next
        // launch uses it again); it stops counting as in use when the stream reaches this.
        let base = p as usize;
        return stream.enqueue_host_fn(Box::new(move || crate::graph::unmap_allocation(base)));
    }
    let found = allocations().remove(&(p as usize));
    let Some(a) = found else {
        // Blocks a pool holds (freed, cached or waiting for their stream) are not the
        // program's to free again. Pending first: a block is cached before it stops being
        // pending, so in this order a block moving from one to the other is always seen (the
        // other order missed one the stream moved between the two checks, and freed it as
        // plain memory).
        if !pending_blocks().contains(&(p as usize))
            && !is_cached_block(p)
            && crate::runtime::free_plain_async(p, stream)?
        {
            return Ok(());
        }
        return fail(
            HipError::InvalidValue,
            format!("{p:p} is not a live stream-ordered allocation"),
        );
    };
    let base = p as usize;
    let (pool, block) = (a.pool.clone(), a.block);
    let token = next_id();
    {
        // The block stops counting as used at once (as in ROCm); it is cached when the
        // stream reaches the free.
        let mut st = lock(&pool.state);
        st.used = st.used.saturating_sub(block);
        st.pending.push(PendingFree {
            token,
            stream: stream.id(),
            base,
            block,
        });
        pending_blocks().insert(base);
    }
    let reached = pool.clone();
    let queued = stream.enqueue_host_fn(Box::new(move || {
        // Unless the stream took the block again meanwhile, it goes into the cache.
        // It is cached before it stops being pending, under one lock, so a second free of
        // it always finds it in one of the two.
        let mut st = lock(&reached.state);
        if let Some(i) = st.pending.iter().position(|f| f.token == token) {
            st.pending.swap_remove(i);
            cache_locked(&mut st, base, block);
            pending_blocks().remove(&base);
        }
    }));
    if queued.is_err() {
        // Keep the allocation rather than lose the block.
        let mut st = lock(&pool.state);
        st.pending.retain(|f| f.token != token);
        pending_blocks().remove(&base);
        st.used += block;
        drop(st);
        allocations().insert(base, a);
    }
    queued
}

/// `hipFree` of a stream-ordered allocation (after the device is idle): returned to its
/// pool now. `None`: `p` is not one.
pub(crate) fn free_now(p: *mut c_void) -> Option<Result<()>> {
    let a = allocations().remove(&(p as usize))?;
    a.pool.give_back(p as usize, a.block);
    Some(Ok(()))
}

/// Bases of the blocks pools keep cached, all pools together.
fn cached_blocks() -> MutexGuard<'static, std::collections::HashSet<usize>> {
    static C: OnceLock<Mutex<std::collections::HashSet<usize>>> = OnceLock::new();
    lock(C.get_or_init(Default::default))
}

/// Bases of the blocks freed on a stream that has not reached the free, all pools together.
fn pending_blocks() -> MutexGuard<'static, std::collections::HashSet<usize>> {
    static P: OnceLock<Mutex<std::collections::HashSet<usize>>> = OnceLock::new();
    lock(P.get_or_init(Default::default))
}

/// Whether `p` is the base of a block a pool keeps cached (not to be freed by `hipFree`).
pub(crate) fn is_cached_block(p: *const c_void) -> bool {
    cached_blocks().contains(&(p as usize))
}
