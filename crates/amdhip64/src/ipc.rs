//! Inter-process memory: `hipIpcGetMemHandle`, `hipIpcOpenMemHandle`,
//! `hipIpcCloseMemHandle`.
//!
//! `hipMalloc` memory is a memory file mapped shared (see `hip::mempool::malloc_shareable`).
//! A handle names the exporting process, its descriptor of that file and the file's inode;
//! the importer opens `/proc/<pid>/fd/<fd>` (allowed to a process of the same user while the
//! exporter lives), checks the inode, and maps the file. Opening one handle twice in a process
//! gives the same address; the mapping goes away at the last close.
//!
//! Events: an exported event (`hipIpcGetEventHandle`) shares one page of a memory file with
//! two counters, records made and records reached; `hipEventRecord` bumps the first and queues
//! the second's update on the stream. An opened event (`hipIpcOpenEventHandle`) waits on the
//! page in `hipEventSynchronize`, `hipEventQuery` and `hipStreamWaitEvent`.

use crate::handles::{self, HandleKind};
use crate::stream::{hipEvent_t, EventObj};
use crate::{entry, err, hipError_t, put, ApiResult};
use hip::mempool::RangeOwner;
use hip::HipError;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// `hipIpcMemHandle_t`: 64 opaque bytes.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct hipIpcMemHandle_t {
    pub reserved: [u8; 64],
}

/// `hipIpcMemLazyEnablePeerAccess`.
pub const IPC_MEM_LAZY_ENABLE_PEER_ACCESS: u32 = 1;

/// Marks a handle this runtime made ("FIPC").
const MAGIC: u32 = 0x4350_4946;

/// What a memory handle carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct MemHandle {
    pid: u32,
    fd: i32,
    /// Bytes of the allocation (the whole file).
    size: u64,
    /// Where the exported pointer is in the allocation.
    offset: u64,
    /// The memory file's inode: the descriptor number may be reused after a free.
    inode: u64,
}

impl MemHandle {
    fn encode(&self) -> hipIpcMemHandle_t {
        let mut b = [0u8; 64];
        b[0..4].copy_from_slice(&MAGIC.to_le_bytes());
        b[4..8].copy_from_slice(&self.pid.to_le_bytes());
        b[8..12].copy_from_slice(&self.fd.to_le_bytes());
        b[16..24].copy_from_slice(&self.size.to_le_bytes());
        b[24..32].copy_from_slice(&self.offset.to_le_bytes());
        b[32..40].copy_from_slice(&self.inode.to_le_bytes());
        hipIpcMemHandle_t { reserved: b }
    }

    fn decode(h: &hipIpcMemHandle_t) -> Option<MemHandle> {
        let b = &h.reserved;
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let u64_at = |i: usize| {
            let mut a = [0u8; 8];
            a.copy_from_slice(&b[i..i + 8]);
            u64::from_le_bytes(a)
        };
        (u32_at(0) == MAGIC).then(|| MemHandle {
            pid: u32_at(4),
            fd: u32_at(8) as i32,
            size: u64_at(16),
            offset: u64_at(24),
            inode: u64_at(32),
        })
    }
}

fn inode_of(fd: i32) -> Option<u64> {
    // SAFETY: fstat writes into the local only.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `st` is a writable stat buffer.
    (unsafe { libc::fstat(fd, &mut st) } == 0).then_some(st.st_ino)
}

/// # Safety
/// `handle` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipIpcGetMemHandle(
    handle: *mut hipIpcMemHandle_t,
    dev_ptr: *mut c_void,
) -> hipError_t {
    entry(|| {
        if handle.is_null() || dev_ptr.is_null() {
            return Err(err(HipError::InvalidValue, "null handle or dev_ptr"));
        }
        let Some((base, size, fd)) = hip::mempool::shareable(dev_ptr) else {
            return Err(match hip::pointer_info(dev_ptr)? {
                Some(_) if !hip::mempool::is_pool_allocation(dev_ptr) => err(
                    HipError::NotSupported,
                    format!(
                        "hipIpcGetMemHandle: {dev_ptr:p} was allocated when no more memory files could be kept open, so it cannot be shared"
                    ),
                ),
                _ => err(
                    HipError::InvalidValue,
                    format!("{dev_ptr:p} is not hipMalloc memory"),
                ),
            });
        };
        let Some(inode) = inode_of(fd) else {
            return Err(err(
                HipError::Unknown,
                "the allocation's memory file is gone",
            ));
        };
        let h = MemHandle {
            pid: std::process::id(),
            fd,
            size: size as u64,
            offset: (dev_ptr as usize - base as usize) as u64,
            inode,
        };
        // SAFETY: non-null, writable per the caller.
        unsafe { put(handle, h.encode(), "handle") }
    })
}

/// An opened handle's mapping.
struct Opened {
    size: usize,
    refs: usize,
}

/// Opened mappings: (pid, inode) -> mapping base; base -> mapping.
#[derive(Default)]
struct OpenState {
    by_key: HashMap<(u32, u64), usize>,
    mapped: HashMap<usize, Opened>,
}

fn open_state() -> MutexGuard<'static, OpenState> {
    static S: OnceLock<Mutex<OpenState>> = OnceLock::new();
    S.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

fn map_handle(h: &MemHandle) -> ApiResult<usize> {
    // ROCm's answer when the memory cannot be attached.
    let stale = || {
        err(
            HipError::InvalidDevicePointer,
            format!(
                "the memory handle's process {} or allocation is gone",
                h.pid
            ),
        )
    };
    let path = format!("/proc/{}/fd/{}\0", h.pid, h.fd);
    // SAFETY: a NUL-terminated path; the descriptor is closed below.
    let fd = unsafe { libc::open(path.as_ptr().cast(), libc::O_RDWR | libc::O_CLOEXEC) };
    if fd < 0 {
        return Err(stale());
    }
    let size = usize::try_from(h.size).unwrap_or(0);
    let p = if inode_of(fd) == Some(h.inode) && size > 0 {
        // SAFETY: a fresh shared mapping of the exporter's memory file, `size` bytes long.
        unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd,
                0,
            )
        }
    } else {
        libc::MAP_FAILED
    };
    // SAFETY: opened above; the mapping keeps the file alive.
    unsafe { libc::close(fd) };
    if p == libc::MAP_FAILED {
        return Err(stale());
    }
    Ok(p as usize)
}

/// # Safety
/// `dev_ptr` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipIpcOpenMemHandle(
    dev_ptr: *mut *mut c_void,
    handle: hipIpcMemHandle_t,
    flags: u32,
) -> hipError_t {
    entry(|| {
        if dev_ptr.is_null() {
            return Err(err(HipError::InvalidValue, "dev_ptr is a null pointer"));
        }
        if flags != IPC_MEM_LAZY_ENABLE_PEER_ACCESS {
            return Err(err(
                HipError::InvalidValue,
                format!(
                    "hipIpcOpenMemHandle flags {flags:#x}: must be hipIpcMemLazyEnablePeerAccess"
                ),
            ));
        }
        let Some(h) = MemHandle::decode(&handle).filter(|h| h.size > 0) else {
            return Err(err(
                HipError::InvalidValue,
                "not a memory handle of hipIpcGetMemHandle",
            ));
        };
        if h.pid == std::process::id() {
            return Err(err(
                HipError::InvalidContext,
                "a memory handle cannot be opened in the process that made it",
            ));
        }
        if h.offset >= h.size {
            return Err(err(HipError::InvalidValue, "corrupt memory handle"));
        }
        let key = (h.pid, h.inode);
        let mut st = open_state();
        let base = match st.by_key.get(&key).copied() {
            Some(b) => {
                if let Some(o) = st.mapped.get_mut(&b) {
                    o.refs += 1;
                }
                b
            }
            None => {
                let b = map_handle(&h)?;
                let size = h.size as usize;
                st.by_key.insert(key, b);
                st.mapped.insert(b, Opened { size, refs: 1 });
                hip::mempool::register_range(b as *mut c_void, size, RangeOwner::Mapped);
                b
            }
        };
        let p = (base + h.offset as usize) as *mut c_void;
        // SAFETY: non-null, writable per the caller.
        unsafe { put(dev_ptr, p, "dev_ptr") }
    })
}

/// Closes one open of a handle; the mapping goes at the last.
#[no_mangle]
pub extern "C" fn hipIpcCloseMemHandle(dev_ptr: *mut c_void) -> hipError_t {
    entry(|| {
        if dev_ptr.is_null() {
            return Err(err(HipError::InvalidValue, "dev_ptr is a null pointer"));
        }
        // Queued work may still use the memory (ROCm waits for the device too).
        hip::mempool::wait_device_idle()?;
        let mut st = open_state();
        let p = dev_ptr as usize;
        let Some((&base, _)) = st.mapped.iter().find(|(&b, o)| p >= b && p < b + o.size) else {
            return Err(err(
                HipError::InvalidValue,
                format!("{dev_ptr:p} is not memory opened with hipIpcOpenMemHandle"),
            ));
        };
        let last = match st.mapped.get_mut(&base) {
            Some(o) if o.refs > 1 => {
                o.refs -= 1;
                None
            }
            Some(o) => Some(o.size),
            None => None,
        };
        if let Some(size) = last {
            st.mapped.remove(&base);
            st.by_key.retain(|_, b| *b != base);
            hip::mempool::unregister_range(base as *mut c_void);
            // SAFETY: the mapping made by `map_handle`, now unregistered; unmapped once.
            unsafe { libc::munmap(base as *mut c_void, size) };
            crate::memory::forget_buffer(base);
        }
        Ok(())
    })
}

/// `hipDeviceReset`'s part for IPC, as ROCm's (memory opened from another process belongs to
/// the device's context, which the reset purges): every opened mapping is closed, however
/// many times it was opened; its pointers are stale afterwards. The device is idle. Gives the
/// number of mappings closed.
pub(crate) fn reset_device_mappings() -> usize {
    let mut st = open_state();
    let mapped = std::mem::take(&mut st.mapped);
    st.by_key.clear();
    drop(st);
    for (&base, o) in &mapped {
        hip::mempool::unregister_range(base as *mut c_void);
        // SAFETY: the mapping made by `map_handle`, no longer in the open state; unmapped once.
        unsafe { libc::munmap(base as *mut c_void, o.size) };
        crate::memory::forget_buffer(base);
    }
    mapped.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_round_trip_and_are_64_bytes() {
        assert_eq!(std::mem::size_of::<hipIpcMemHandle_t>(), 64);
        let h = MemHandle {
            pid: 42,
            fd: 7,
            size: 1 << 20,
            offset: 256,
            inode: 99,
        };
        assert_eq!(MemHandle::decode(&h.encode()), Some(h));
        assert_eq!(
            MemHandle::decode(&hipIpcMemHandle_t { reserved: [0; 64] }),
            None
        );
    }
}

// --- inter-process events ---------------------------------------------------------------

/// `hipIpcEventHandle_t`: 64 opaque bytes.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct hipIpcEventHandle_t {
    pub reserved: [u8; 64],
}

/// Marks an event handle this runtime made ("FIPE").
const EVENT_MAGIC: u32 = 0x4550_4946;

/// The state an interprocess event shares, in one page of a memory file: how many records
/// were made, and how many of them the device has reached. An importer waits until
/// `completed` reaches the `recorded` it read.
#[repr(C)]
struct SharedEvent {
    recorded: AtomicU64,
    completed: AtomicU64,
}

const EVENT_PAGE: usize = 4096;

/// One mapping of an event's shared page.
struct EventPage {
    page: usize,
    /// The exporter's memory file (-1 in an importer, which closes its descriptor).
    fd: i32,
    inode: u64,
}

impl EventPage {
    fn shared(&self) -> &SharedEvent {
        // SAFETY: `page` is a live shared mapping of EVENT_PAGE bytes (unmapped only in Drop),
        // zero-initialised by the kernel; SharedEvent is two atomics, valid for any bytes.
        unsafe { &*(self.page as *const SharedEvent) }
    }
}

impl Drop for EventPage {
    fn drop(&mut self) {
        // SAFETY: the mapping and descriptor are owned by this page and released once.
        unsafe {
            libc::munmap(self.page as *mut c_void, EVENT_PAGE);
            if self.fd >= 0 {
                libc::close(self.fd);
            }
        }
    }
}

/// Exported events: event handle -> its shared page.
fn exported() -> MutexGuard<'static, HashMap<usize, Arc<EventPage>>> {
    static E: OnceLock<Mutex<HashMap<usize, Arc<EventPage>>>> = OnceLock::new();
    E.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// An event opened from another process's handle (`hipIpcOpenEventHandle`).
pub struct ImportedEvent {
    page: EventPage,
}

impl HandleKind for ImportedEvent {
    const TAG: u32 = 0x4950_4345; // "IPCE"
    const NAME: &'static str = "interprocess event";
}

fn new_event_page() -> ApiResult<EventPage> {
    // SAFETY: a NUL-terminated name; the descriptor is owned by the page.
    let fd = unsafe { libc::memfd_create(c"hip-ipc-event".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(err(
            HipError::OutOfMemory,
            "hipIpcGetEventHandle: memfd_create failed",
        ));
    }
    // SAFETY: the file just created; sized, then mapped shared.
    let page = unsafe {
        if libc::ftruncate(fd, EVENT_PAGE as libc::off_t) != 0 {
            libc::close(fd);
            return Err(err(
                HipError::OutOfMemory,
                "hipIpcGetEventHandle: ftruncate failed",
            ));
        }
        libc::mmap(
            std::ptr::null_mut(),
            EVENT_PAGE,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED,
            fd,
            0,
        )
    };
    if page == libc::MAP_FAILED {
        // SAFETY: not handed out; closed once.
        unsafe { libc::close(fd) };
        return Err(err(
            HipError::OutOfMemory,
            "hipIpcGetEventHandle: mmap failed",
        ));
    }
    Ok(EventPage {
        page: page as usize,
        fd,
        inode: inode_of(fd).unwrap_or(0),
    })
}

/// # Safety
/// `handle` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipIpcGetEventHandle(
    handle: *mut hipIpcEventHandle_t,
    event: hipEvent_t,
) -> hipError_t {
    entry(|| {
        if handle.is_null() || event.is_null() {
            return Err(err(HipError::InvalidValue, "null handle or event"));
        }
        let Some(e) = handles::lookup::<EventObj>(event) else {
            return Err(err(
                HipError::InvalidValue,
                format!("{event:p} is not a live event"),
            ));
        };
        if e.flags & hip::EVENT_INTERPROCESS == 0 {
            return Err(err(
                HipError::InvalidConfiguration,
                "the event was not created with hipEventInterprocess",
            ));
        }
        let page = {
            let mut ex = exported();
            match ex.get(&(event as usize)) {
                Some(p) => p.clone(),
                None => {
                    let p = Arc::new(new_event_page()?);
                    ex.insert(event as usize, p.clone());
                    p
                }
            }
        };
        let mut b = [0u8; 64];
        b[0..4].copy_from_slice(&EVENT_MAGIC.to_le_bytes());
        b[4..8].copy_from_slice(&std::process::id().to_le_bytes());
        b[8..12].copy_from_slice(&page.fd.to_le_bytes());
        b[16..24].copy_from_slice(&page.inode.to_le_bytes());
        // SAFETY: non-null, writable per the caller.
        unsafe { put(handle, hipIpcEventHandle_t { reserved: b }, "handle") }
    })
}

/// # Safety
/// `event` is null or writable.
#[no_mangle]
pub unsafe extern "C" fn hipIpcOpenEventHandle(
    event: *mut hipEvent_t,
    handle: hipIpcEventHandle_t,
) -> hipError_t {
    entry(|| {
        if event.is_null() {
            return Err(err(HipError::InvalidValue, "event is a null pointer"));
        }
        let b = &handle.reserved;
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        if u32_at(0) != EVENT_MAGIC {
            return Err(err(
                HipError::InvalidHandle,
                "not an event handle of hipIpcGetEventHandle",
            ));
        }
        let (pid, fd) = (u32_at(4), u32_at(8) as i32);
        let mut ino = [0u8; 8];
        ino.copy_from_slice(&b[16..24]);
        let inode = u64::from_le_bytes(ino);
        if pid == std::process::id() {
            return Err(err(
                HipError::InvalidContext,
                "an event handle cannot be opened in the process that made it",
            ));
        }
        let stale = || {
            err(
                HipError::InvalidHandle,
                format!("the event handle's process {pid} or event is gone"),
            )
        };
        let path = format!("/proc/{pid}/fd/{fd}\0");
        // SAFETY: a NUL-terminated path; the descriptor is closed below.
        let own = unsafe { libc::open(path.as_ptr().cast(), libc::O_RDWR | libc::O_CLOEXEC) };
        if own < 0 {
            return Err(stale());
        }
        let page = if inode_of(own) == Some(inode) {
            // SAFETY: a fresh shared mapping of the exporter's one-page memory file.
            unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    EVENT_PAGE,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED,
                    own,
                    0,
                )
            }
        } else {
            libc::MAP_FAILED
        };
        // SAFETY: opened above; the mapping keeps the file alive.
        unsafe { libc::close(own) };
        if page == libc::MAP_FAILED {
            return Err(stale());
        }
        let h = handles::register(Arc::new(ImportedEvent {
            page: EventPage {
                page: page as usize,
                fd: -1,
                inode,
            },
        }));
        // SAFETY: non-null, writable per the caller.
        unsafe { put(event, h, "event") }
    })
}

/// After `hipEventRecord` of an exported event on `s`: one more record, completed when the
/// stream reaches it.
pub(crate) fn event_recorded(event: hipEvent_t, s: &hip::Stream) -> ApiResult {
    let Some(page) = exported().get(&(event as usize)).cloned() else {
        return Ok(());
    };
    let seq = page.shared().recorded.fetch_add(1, Ordering::SeqCst) + 1;
    s.enqueue_host_fn(Box::new(move || {
        page.shared().completed.fetch_max(seq, Ordering::SeqCst);
    }))
}

/// Forgets an exported event being destroyed (importers keep their mapping).
pub(crate) fn event_destroyed(event: hipEvent_t) {
    exported().remove(&(event as usize));
}

fn imported(event: hipEvent_t) -> Option<Arc<ImportedEvent>> {
    handles::lookup::<ImportedEvent>(event)
}

/// Waits until `completed` reaches `target`.
fn wait_for(page: &EventPage, target: u64) {
    let mut spins = 0u32;
    while page.shared().completed.load(Ordering::SeqCst) < target {
        spins += 1;
        if spins < 64 {
            std::thread::yield_now();
        } else {
            std::thread::sleep(std::time::Duration::from_micros(50));
        }
    }
}

/// `hipEventSynchronize` of an imported event: waits for the exporter's latest record.
pub(crate) fn imported_synchronize(event: hipEvent_t) -> Option<ApiResult> {
    let e = imported(event)?;
    let target = e.page.shared().recorded.load(Ordering::SeqCst);
    wait_for(&e.page, target);
    Some(Ok(()))
}

/// `hipEventQuery` of an imported event.
pub(crate) fn imported_query(event: hipEvent_t) -> Option<ApiResult> {
    let e = imported(event)?;
    let s = e.page.shared();
    Some(
        if s.completed.load(Ordering::SeqCst) >= s.recorded.load(Ordering::SeqCst) {
            Ok(())
        } else {
            Err(HipError::NotReady)
        },
    )
}

/// Whether `event` was opened with `hipIpcOpenEventHandle`.
pub(crate) fn is_imported(event: hipEvent_t) -> bool {
    imported(event).is_some()
}

/// `hipStreamWaitEvent` on an imported event: later work on `s` waits for the exporter's
/// latest record.
pub(crate) fn imported_wait(event: hipEvent_t, s: &hip::Stream) -> ApiResult {
    let Some(e) = imported(event) else {
        return Err(err(
            HipError::ContextIsDestroyed,
            format!("{event:p} is not a live event"),
        ));
    };
    let target = e.page.shared().recorded.load(Ordering::SeqCst);
    s.enqueue_host_fn(Box::new(move || wait_for(&e.page, target)))
}

/// `hipEventDestroy` of an imported event.
pub(crate) fn imported_destroy(event: hipEvent_t) -> Option<ApiResult> {
    handles::unregister::<ImportedEvent>(event).map(|_| Ok(()))
}
