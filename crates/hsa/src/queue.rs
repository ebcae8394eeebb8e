//! AQL queues: a power-of-two ring of 64-byte packets, multi-producer submission, and one
//! packet-processor thread per queue that runs packets strictly in order.
//!
//! Submission follows HSA: reserve a slot by bumping the write index, wait (blocking) until
//! the ring has room, write the packet body, publish the header last, ring the doorbell.

use crate::cpu::pool::{JobDesc, WorkerPool, WORKER_STACK};
use crate::error::{DispatchError, DispatchErrorKind, HsaError, Result};
use crate::executable::KernelObject;
use crate::memory::MemoryPool;
use crate::names::kernel_label;
use crate::packet::{
    dispatch_flags, header_type, make_header, packet_type, BarrierAndPacket, KernelDispatchPacket,
    PacketWords, VendorCallbackPacket, VENDOR_HOST_CALLBACK,
};
use crate::signal::{Signal, SignalCondition};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often a blocked processor or producer re-checks for shutdown.
const POLL: Duration = Duration::from_millis(50);

/// A host callback run in order on a queue.
pub type HostCallback = Box<dyn FnOnce() + Send + 'static>;

#[repr(C, align(64))]
struct Slot {
    words: [AtomicU64; 8],
}

/// Everything that outlives the packet: kept by the queue until the packet retires, so the
/// packet's handles stay valid even if the submitter dropped its references.
#[derive(Default)]
struct Held {
    kernel: Option<KernelObject>,
    signals: Vec<Signal>,
    callback: Option<HostCallback>,
}

struct QueueShared {
    id: u64,
    mask: u64,
    ring: Box<[Slot]>,
    write_index: AtomicU64,
    read_index: AtomicU64,
    doorbell: Signal,
    space_waiters: AtomicUsize,
    space_lock: Mutex<()>,
    space_cond: Condvar,
    held: Mutex<HashMap<u64, Held>>,
    errors: Mutex<VecDeque<DispatchError>>,
    shutdown: AtomicBool,
    workers: Arc<WorkerPool>,
    kernarg_pool: Arc<MemoryPool>,
    warp_size: u32,
    local_memory_size: u32,
    /// Most work-groups a cooperative dispatch may have (all run at once, a thread each).
    max_cooperative_groups: u64,
}

/// A kernel dispatch to submit.
#[derive(Debug, Clone)]
pub struct DispatchParams<'a> {
    pub kernel: &'a KernelObject,
    /// Grid size in work-items (a multiple of `workgroup` in each dimension).
    pub grid: [u32; 3],
    pub workgroup: [u16; 3],
    /// Dynamic shared memory bytes.
    pub group_segment_size: u32,
    /// The kernarg segment, laid out per the kernel's metadata; copied at submission.
    pub kernargs: &'a [u8],
}

/// A user-mode queue of the CPU agent. Dropping it processes what was submitted, then stops
/// and joins its packet processor.
pub struct Queue {
    shared: Arc<QueueShared>,
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Queue")
            .field("id", &self.shared.id)
            .field("size", &self.size())
            .field("write_index", &self.write_index())
            .field("read_index", &self.read_index())
            .finish()
    }
}

static NEXT_QUEUE: AtomicU64 = AtomicU64::new(1);

impl Queue {
    pub(crate) fn new(
        size: u32,
        workers: Arc<WorkerPool>,
        kernarg_pool: Arc<MemoryPool>,
        warp_size: u32,
        local_memory_size: u32,
        max_cooperative_groups: u64,
    ) -> Result<Queue> {
        if size < 2 || !size.is_power_of_two() {
            return Err(HsaError::InvalidQueueCreation(format!(
                "queue size {size} is not a power of two >= 2"
            )));
        }
        if size > 1 << 17 {
            return Err(HsaError::InvalidQueueCreation(format!(
                "queue size {size} is too large"
            )));
        }
        let invalid = make_header(packet_type::INVALID, false) as u64;
        let ring = (0..size)
            .map(|_| Slot {
                words: std::array::from_fn(|i| AtomicU64::new(if i == 0 { invalid } else { 0 })),
            })
            .collect::<Vec<_>>()
            .into_boxed_slice();
        let id = NEXT_QUEUE.fetch_add(1, Ordering::Relaxed);
        let shared = Arc::new(QueueShared {
            id,
            mask: size as u64 - 1,
            ring,
            write_index: AtomicU64::new(0),
            read_index: AtomicU64::new(0),
            doorbell: Signal::new(-1),
            space_waiters: AtomicUsize::new(0),
            space_lock: Mutex::new(()),
            space_cond: Condvar::new(),
            held: Mutex::new(HashMap::new()),
            errors: Mutex::new(VecDeque::new()),
            shutdown: AtomicBool::new(false),
            workers,
            kernarg_pool,
            warp_size,
            local_memory_size,
            max_cooperative_groups,
        });
        let s = shared.clone();
        let thread = std::thread::Builder::new()
            .name(format!("ferrocm-queue-{id}"))
            // The processor runs work-groups itself.
            .stack_size(WORKER_STACK)
            .spawn(move || process(&s))
            .map_err(|e| HsaError::OutOfResources(format!("cannot start packet processor: {e}")))?;
        Ok(Queue {
            shared,
            thread: Some(thread),
        })
    }

    pub fn id(&self) -> u64 {
        self.shared.id
    }

    /// Number of packet slots.
    pub fn size(&self) -> u32 {
        (self.shared.mask + 1) as u32
    }

    pub fn write_index(&self) -> u64 {
        self.shared.write_index.load(Ordering::Acquire)
    }

    pub fn read_index(&self) -> u64 {
        self.shared.read_index.load(Ordering::Acquire)
    }

    /// The first failure recorded by the packet processor, if any (oldest first).
    pub fn take_error(&self) -> Option<DispatchError> {
        self.shared
            .errors
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front()
    }

    /// Writes one packet; `fill` gets the reserved index to build the packet (word 0 holds
    /// the header, published last). Returns the packet index.
    fn submit(&self, held: Held, fill: impl FnOnce(u64) -> PacketWords) -> Result<u64> {
        let s = &self.shared;
        let idx = s.write_index.fetch_add(1, Ordering::AcqRel);
        if !held.signals.is_empty() || held.kernel.is_some() || held.callback.is_some() {
            s.held
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(idx, held);
        }
        // Wait for room: the slot is free once the processor retired packet idx - size.
        if idx.wrapping_sub(s.read_index.load(Ordering::Acquire)) > s.mask {
            s.space_waiters.fetch_add(1, Ordering::SeqCst);
            let mut g = s.space_lock.lock().unwrap_or_else(|e| e.into_inner());
            while idx.wrapping_sub(s.read_index.load(Ordering::SeqCst)) > s.mask {
                g = s
                    .space_cond
                    .wait_timeout(g, POLL)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
            drop(g);
            s.space_waiters.fetch_sub(1, Ordering::SeqCst);
        }
        let words = fill(idx);
        let slot = &s.ring[(idx & s.mask) as usize];
        for (w, &v) in slot.words.iter().zip(&words).skip(1) {
            w.store(v, Ordering::Relaxed);
        }
        slot.words[0].store(words[0], Ordering::Release);
        s.doorbell.store(idx as i64);
        Ok(idx)
    }

    /// Submits a kernel dispatch. The kernargs are copied into the agent's kernarg pool.
    pub fn submit_dispatch(
        &self,
        p: &DispatchParams<'_>,
        completion: Option<&Signal>,
    ) -> Result<u64> {
        self.submit_kernel(p, completion, 0)
    }

    /// Submits a cooperative dispatch (`hipLaunchCooperativeKernel`): every work-group runs at
    /// the same time, on a thread of its own, so that they can wait for each other at the
    /// grid-wide barrier. A dispatch of more work-groups than the agent runs at once
    /// ([`crate::agent::max_workgroups_per_cu`] per compute unit) fails when it is processed.
    pub fn submit_cooperative_dispatch(
        &self,
        p: &DispatchParams<'_>,
        completion: Option<&Signal>,
    ) -> Result<u64> {
        self.submit_kernel(p, completion, dispatch_flags::COOPERATIVE)
    }

    fn submit_kernel(
        &self,
        p: &DispatchParams<'_>,
        completion: Option<&Signal>,
        flags: u16,
    ) -> Result<u64> {
        let meta = p.kernel.meta();
        if (p.kernargs.len() as u64) < meta.kernarg_size as u64 {
            return Err(HsaError::InvalidArgument(format!(
                "kernel {} needs {} kernarg bytes, {} given",
                kernel_label(&meta.name),
                meta.kernarg_size,
                p.kernargs.len()
            )));
        }
        let ka = self
            .shared
            .kernarg_pool
            .allocate(p.kernargs.len().max(16))?;
        // SAFETY: `ka` is a fresh allocation of at least kernargs.len() bytes.
        unsafe { std::ptr::copy_nonoverlapping(p.kernargs.as_ptr(), ka, p.kernargs.len()) };
        let packet = KernelDispatchPacket {
            header: make_header(packet_type::KERNEL_DISPATCH, true),
            setup: 3,
            workgroup_size_x: p.workgroup[0],
            workgroup_size_y: p.workgroup[1],
            workgroup_size_z: p.workgroup[2],
            reserved0: flags,
            grid_size_x: p.grid[0],
            grid_size_y: p.grid[1],
            grid_size_z: p.grid[2],
            private_segment_size: 0,
            group_segment_size: p.group_segment_size,
            kernel_object: p.kernel.handle(),
            kernarg_address: ka as u64,
            reserved2: 0,
            completion_signal: completion.map_or(0, Signal::handle),
        };
        let held = Held {
            kernel: Some(p.kernel.clone()),
            signals: completion.into_iter().cloned().collect(),
            callback: None,
        };
        self.submit(held, |_| packet.to_words())
    }

    /// Submits a barrier-AND packet: later packets wait until every dep reaches 0.
    pub fn submit_barrier_and(&self, deps: &[&Signal], completion: Option<&Signal>) -> Result<u64> {
        if deps.len() > 5 {
            return Err(HsaError::InvalidArgument(format!(
                "a barrier-AND packet holds at most 5 signals, {} given",
                deps.len()
            )));
        }
        let mut packet = BarrierAndPacket {
            header: make_header(packet_type::BARRIER_AND, true),
            completion_signal: completion.map_or(0, Signal::handle),
            ..Default::default()
        };
        for (i, d) in deps.iter().enumerate() {
            packet.dep_signal[i] = d.handle();
        }
        let held = Held {
            kernel: None,
            signals: deps
                .iter()
                .map(|&s| s.clone())
                .chain(completion.cloned())
                .collect(),
            callback: None,
        };
        self.submit(held, |_| packet.to_words())
    }

    /// Submits a host callback that runs in order with the queue's other packets.
    pub fn submit_callback(&self, f: HostCallback, completion: Option<&Signal>) -> Result<u64> {
        let held = Held {
            kernel: None,
            signals: completion.into_iter().cloned().collect(),
            callback: Some(f),
        };
        let completion = completion.map_or(0, Signal::handle);
        self.submit(held, |idx| {
            VendorCallbackPacket {
                header: make_header(packet_type::VENDOR_SPECIFIC, true),
                reserved0: 0,
                vendor_kind: VENDOR_HOST_CALLBACK,
                callback_id: idx,
                reserved1: [0; 5],
                completion_signal: completion,
            }
            .to_words()
        })
    }

    /// Submits raw packet words (the C ABI's path); the processor validates them.
    pub fn submit_raw(&self, words: PacketWords) -> Result<u64> {
        self.submit(Held::default(), |_| words)
    }
}

impl Drop for Queue {
    fn drop(&mut self) {
        self.shared.shutdown.store(true, Ordering::SeqCst);
        // Any change of the doorbell wakes the processor.
        self.shared.doorbell.add(1 << 40);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn process(s: &QueueShared) {
    let invalid = make_header(packet_type::INVALID, false) as u64;
    loop {
        let r = s.read_index.load(Ordering::Acquire);
        let slot = &s.ring[(r & s.mask) as usize];
        let bell = s.doorbell.load();
        let w0 = slot.words[0].load(Ordering::Acquire);
        if header_type(w0 as u16) == packet_type::INVALID {
            if s.shutdown.load(Ordering::SeqCst) && s.write_index.load(Ordering::SeqCst) == r {
                return;
            }
            // The doorbell changes whenever any producer publishes a packet.
            s.doorbell.wait(SignalCondition::Ne, bell, Some(POLL));
            continue;
        }
        let mut words = [0u64; 8];
        words[0] = w0;
        for (i, w) in words.iter_mut().enumerate().skip(1) {
            *w = slot.words[i].load(Ordering::Relaxed);
        }
        let mut held = s
            .held
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&r)
            .unwrap_or_default();
        // The packet's signals stay referenced until it has completed them.
        let signals = std::mem::take(&mut held.signals);
        let completion = words[7];
        if let Err(e) = run_packet(s, &words, held) {
            tracing::warn!(queue = s.id, "packet {r} failed: {}", e.message);
            s.errors
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push_back(e);
        }
        if completion != 0 {
            match Signal::from_handle(completion) {
                Ok(sig) => {
                    sig.sub(1);
                }
                Err(_) => {
                    s.errors
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push_back(DispatchError {
                            kind: DispatchErrorKind::BadPacket,
                            message: format!(
                                "packet {r}: invalid completion signal {completion:#x}"
                            ),
                        });
                }
            }
        }
        drop(signals);
        slot.words[0].store(invalid, Ordering::Release);
        s.read_index.store(r + 1, Ordering::SeqCst);
        if s.space_waiters.load(Ordering::SeqCst) > 0 {
            let _g = s.space_lock.lock().unwrap_or_else(|e| e.into_inner());
            s.space_cond.notify_all();
        }
    }
}

fn bad(message: String) -> DispatchError {
    DispatchError {
        kind: DispatchErrorKind::BadPacket,
        message,
    }
}

fn run_packet(
    s: &QueueShared,
    words: &PacketWords,
    held: Held,
) -> std::result::Result<(), DispatchError> {
    match header_type(words[0] as u16) {
        packet_type::KERNEL_DISPATCH => {
            let p = KernelDispatchPacket::from_words(words);
            let r = run_dispatch(s, &p, held.kernel);
            // Kernargs we copied at submission belong to the kernarg pool; free them.
            let ka = p.kernarg_address as *mut u8;
            if s.kernarg_pool.find(ka).is_some_and(|(base, _)| base == ka) {
                let _ = s.kernarg_pool.free(ka);
            }
            r
        }
        packet_type::BARRIER_AND => {
            let p = BarrierAndPacket::from_words(words);
            let mut result = Ok(());
            for &h in p.dep_signal.iter().filter(|&&h| h != 0) {
                match Signal::from_handle(h) {
                    Ok(sig) => while sig.wait(SignalCondition::Eq, 0, Some(POLL)) != 0 {},
                    Err(_) => {
                        result = Err(bad(format!(
                            "barrier-AND: invalid dependency signal {h:#x}"
                        )))
                    }
                }
            }
            result
        }
        packet_type::VENDOR_SPECIFIC => {
            let p = VendorCallbackPacket::from_words(words);
            if p.vendor_kind != VENDOR_HOST_CALLBACK {
                return Err(bad(format!(
                    "unknown vendor packet kind {:#x}",
                    p.vendor_kind
                )));
            }
            let Some(cb) = held.callback else {
                return Err(bad(format!(
                    "host callback {} is not registered",
                    p.callback_id
                )));
            };
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(cb)).map_err(|_| DispatchError {
                kind: DispatchErrorKind::Callback,
                message: "host callback panicked".into(),
            })
        }
        other => Err(bad(format!("unsupported packet type {other}"))),
    }
}

fn run_dispatch(
    s: &QueueShared,
    p: &KernelDispatchPacket,
    kernel: Option<KernelObject>,
) -> std::result::Result<(), DispatchError> {
    let kernel = match kernel {
        Some(k) if k.handle() == p.kernel_object => k,
        _ => KernelObject::from_handle(p.kernel_object)
            .map_err(|_| bad(format!("invalid kernel object {:#x}", p.kernel_object)))?,
    };
    let meta = kernel.meta();
    // Only failures name the kernel (demangling is not for every dispatch).
    let name = || kernel_label(&meta.name);
    let wg = [
        p.workgroup_size_x as u32,
        p.workgroup_size_y as u32,
        p.workgroup_size_z as u32,
    ];
    let grid = [p.grid_size_x, p.grid_size_y, p.grid_size_z];
    if wg.contains(&0) || grid.contains(&0) {
        return Err(bad(format!(
            "kernel {}: zero grid or work-group size",
            name()
        )));
    }
    if grid.iter().zip(&wg).any(|(g, w)| g % w != 0) {
        return Err(bad(format!(
            "kernel {}: grid {grid:?} is not a multiple of the work-group size {wg:?} \
             (partial work-groups are not supported)",
            name()
        )));
    }
    if meta.kernarg_size > 0 && p.kernarg_address == 0 {
        return Err(bad(format!("kernel {}: null kernarg address", name())));
    }
    let local = (meta.dynamic_local_offset as u64 + p.group_segment_size as u64)
        .max(meta.static_local_size as u64);
    if local > s.local_memory_size as u64 {
        return Err(bad(format!(
            "kernel {}: {local} bytes of local memory exceed the agent's {}",
            name(),
            s.local_memory_size
        )));
    }
    let groups = [grid[0] / wg[0], grid[1] / wg[1], grid[2] / wg[2]];
    let cooperative = p.reserved0 & dispatch_flags::COOPERATIVE != 0;
    let total = groups.iter().map(|&g| g as u64).product::<u64>();
    if cooperative && total > s.max_cooperative_groups {
        return Err(DispatchError {
            kind: DispatchErrorKind::OutOfResources,
            message: format!(
                "kernel {}: cooperative dispatch of {total} work-groups; the agent runs at most \
                 {} at once",
                name(),
                s.max_cooperative_groups
            ),
        });
    }
    let desc = JobDesc {
        kernel: kernel.clone(),
        kernargs: p.kernarg_address as *const u8,
        block: wg,
        groups,
        local_size: local as usize,
        warp_size: s.warp_size,
        cooperative,
        resident_groups: s.max_cooperative_groups,
    };
    match s.workers.run(desc) {
        None => Ok(()),
        Some(e) => Err(e),
    }
}
