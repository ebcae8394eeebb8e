//! The CPU agent's worker pool and the execution of one kernel dispatch.
//!
//! A dispatch is split into work-groups handed out in chunks by an atomic counter. Workers
//! (one per core) and the packet-processor thread that submitted the dispatch all claim
//! chunks; the submitter then blocks on a condition variable until the last group finished.
//!
//! A cooperative dispatch (`hipLaunchCooperativeKernel`) runs differently: its work-groups must
//! all be able to run at the same time, since each may wait at the grid-wide barrier for all
//! the others. Every work-group gets a thread of its own (scoped to the dispatch; the
//! submitting thread runs group 0), and the `GridBarrier` behind
//! [`WorkGroupCtx::grid_sync`] is a generation-counting barrier on a mutex and condition
//! variable. A group that fails, or returns while others wait at the barrier, breaks it for
//! good: the waiting groups are released with a failure status and abort, so a failing
//! cooperative kernel fails its launch instead of hanging.
//!
//! A grid no larger than the device holds at once is resident on a GPU: all its work-groups
//! run together, and code written for GPUs relies on it (hipCUB's `GridBarrier` spins on flags
//! the other groups set; persistent kernels do the same). Such a grid's groups are handed out
//! one at a time, and a watcher thread gives every group not yet started a thread of its own
//! when the running ones have made no progress for a while ([`STALL`]), so groups waiting on
//! each other all get to run.

use crate::error::{DispatchError, DispatchErrorKind};
use crate::executable::KernelObject;
use crate::names::kernel_label;
use kernel_abi::{
    WorkGroupCtx, PRINTF_BUFFERED, WG_STATUS_ABORT, WG_STATUS_DIVERGENT_BARRIER, WG_STATUS_OK,
};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::ffi::{c_char, c_void, CStr};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// Stack size of threads that run work-groups: the lowering keeps per-work-item values on
/// the stack.
pub const WORKER_STACK: usize = 64 << 20;

/// How long a resident-sized grid may go without a work-group finishing, while some have not
/// started, before the watcher starts them on threads of their own.
pub const STALL: std::time::Duration = std::time::Duration::from_millis(20);

/// Per-dispatch state reached by the device services through `ctx.host_data`.
pub(crate) struct DispatchServices {
    kernel_name: String,
    error: Mutex<Option<DispatchError>>,
    abort: AtomicBool,
    /// The grid-wide barrier of a cooperative dispatch.
    grid: Option<GridBarrier>,
    /// Bytes left in the dispatch's printf FIFO, for code built with `-mprintf-kind=buffered`.
    printf_left: AtomicUsize,
}

impl DispatchServices {
    /// Takes `bytes` of the printf FIFO; false (and nothing taken) when they do not fit.
    fn take_printf_space(&self, bytes: usize) -> bool {
        self.printf_left
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |left| {
                left.checked_sub(bytes)
            })
            .is_ok()
    }
}

impl DispatchServices {
    /// Records the dispatch's first failure: ``kernel `name`: what (work-group (x, y, z))``.
    fn record(&self, kind: DispatchErrorKind, what: &str, group: Option<[u32; 3]>) {
        let mut e = self.error.lock().unwrap_or_else(|e| e.into_inner());
        if e.is_none() {
            let at = group.map_or(String::new(), |[x, y, z]| {
                format!(" (work-group ({x}, {y}, {z}))")
            });
            *e = Some(DispatchError {
                kind,
                message: format!("kernel {}: {what}{at}", kernel_label(&self.kernel_name)),
            });
        }
        drop(e);
        self.abort.store(true, Ordering::Release);
    }
}

/// Why a grid-wide barrier let a work-group go without the whole grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GridBreak {
    /// A work-group failed (its error is recorded), or the dispatch could not start them all.
    Failed,
    /// Work-groups returned while others waited: the barrier can never complete.
    Stranded,
}

#[derive(Default)]
struct GridState {
    /// Groups waiting in the current generation.
    waiting: u64,
    /// Groups whose work-group function returned.
    exited: u64,
    generation: u64,
    broken: Option<GridBreak>,
}

/// The grid-wide barrier of a cooperative dispatch, reusable across any number of syncs.
pub(crate) struct GridBarrier {
    groups: u64,
    state: Mutex<GridState>,
    cond: Condvar,
}

impl GridBarrier {
    fn new(groups: u64) -> GridBarrier {
        GridBarrier {
            groups,
            state: Mutex::new(GridState::default()),
            cond: Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GridState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until every work-group arrived (Ok), or the barrier broke.
    fn arrive(&self) -> Result<(), GridBreak> {
        let mut st = self.lock();
        if let Some(b) = st.broken {
            return Err(b);
        }
        st.waiting += 1;
        if st.waiting + st.exited == self.groups {
            if st.exited == 0 {
                st.waiting = 0;
                st.generation = st.generation.wrapping_add(1);
                self.cond.notify_all();
                return Ok(());
            }
            st.broken = Some(GridBreak::Stranded);
            self.cond.notify_all();
            return Err(GridBreak::Stranded);
        }
        let generation = st.generation;
        while st.generation == generation && st.broken.is_none() {
            st = self.cond.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        match st.broken {
            // Released before the barrier broke: this generation completed.
            _ if st.generation != generation => Ok(()),
            Some(b) => Err(b),
            None => Ok(()),
        }
    }

    /// A work-group returned: successfully (`ok`) or not. Breaks the barrier when it failed,
    /// or when the groups still waiting can now never be joined by the rest.
    fn leave(&self, ok: bool) {
        let mut st = self.lock();
        st.exited += 1;
        if st.broken.is_some() {
            return;
        }
        if !ok {
            st.broken = Some(GridBreak::Failed);
            self.cond.notify_all();
        } else if st.waiting > 0 && st.waiting + st.exited == self.groups {
            st.broken = Some(GridBreak::Stranded);
            self.cond.notify_all();
        }
    }

    /// Breaks the barrier for good (work-groups could not be started).
    fn abandon(&self) {
        let mut st = self.lock();
        st.broken.get_or_insert(GridBreak::Failed);
        self.cond.notify_all();
    }
}

/// One dispatch in flight.
pub(crate) struct Job {
    kernel: KernelObject,
    kernargs: usize,
    block: [u32; 3],
    groups: [u32; 3],
    total: u64,
    chunk: u64,
    local_size: usize,
    warp_size: u32,
    cooperative: bool,
    /// The watcher already started the groups left (once per dispatch).
    boosted: AtomicBool,
    next: AtomicU64,
    done: AtomicU64,
    finished: Mutex<bool>,
    finished_cond: Condvar,
    services: DispatchServices,
}

/// What a dispatch needs, already validated by the packet processor.
pub(crate) struct JobDesc {
    pub kernel: KernelObject,
    pub kernargs: *const u8,
    pub block: [u32; 3],
    pub groups: [u32; 3],
    pub local_size: usize,
    pub warp_size: u32,
    /// Run as a cooperative dispatch (a thread per work-group, a grid barrier).
    pub cooperative: bool,
    /// Work-groups the device holds at once; a grid of at most this many (and more than one)
    /// is resident.
    pub resident_groups: u64,
}

struct PoolState {
    jobs: VecDeque<Arc<Job>>,
    /// Resident-sized dispatches in flight, for the watcher.
    resident: Vec<Arc<Job>>,
    shutdown: bool,
}

struct PoolShared {
    state: Mutex<PoolState>,
    cond: Condvar,
    /// Wakes the watcher when a resident-sized dispatch starts, and at shutdown.
    watch: Condvar,
}

/// One worker thread per core, created once per agent, and the watcher of resident grids.
pub struct WorkerPool {
    shared: Arc<PoolShared>,
    threads: Vec<JoinHandle<()>>,
    watcher: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for WorkerPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkerPool")
            .field("workers", &self.threads.len())
            .finish()
    }
}

impl WorkerPool {
    /// Starts `workers` threads named `ferrocm-cpu-N`.
    pub fn new(workers: usize) -> std::io::Result<WorkerPool> {
        let shared = Arc::new(PoolShared {
            state: Mutex::new(PoolState {
                jobs: VecDeque::new(),
                resident: Vec::new(),
                shutdown: false,
            }),
            cond: Condvar::new(),
            watch: Condvar::new(),
        });
        let mut threads = Vec::with_capacity(workers);
        let cores = worker_cores(workers);
        for i in 0..workers {
            let s = shared.clone();
            let core = cores.get(i).copied();
            let t = std::thread::Builder::new()
                .name(format!("ferrocm-cpu-{i}"))
                .stack_size(WORKER_STACK)
                .spawn(move || {
                    if let Some(c) = core {
                        pin_to(c);
                    }
                    worker_loop(&s)
                })?;
            threads.push(t);
        }
        let s = shared.clone();
        let watcher = std::thread::Builder::new()
            .name("ferrocm-watch".into())
            .spawn(move || watch_resident(&s))?;
        Ok(WorkerPool {
            shared,
            threads,
            watcher: Some(watcher),
        })
    }

    pub fn workers(&self) -> usize {
        self.threads.len()
    }

    /// Runs every work-group of a dispatch; returns the first failure. The calling thread
    /// takes part and returns once all groups finished.
    pub(crate) fn run(&self, desc: JobDesc) -> Option<DispatchError> {
        let total = desc.groups.iter().map(|&g| g as u64).product::<u64>();
        let participants = self.threads.len() as u64 + 1;
        let resident = !desc.cooperative && total > 1 && total <= desc.resident_groups;
        // A resident grid's groups go one at a time, so that none waits behind another in a
        // chunk.
        let chunk = if resident {
            1
        } else {
            (total / (participants * 4)).max(1)
        };
        let job = Arc::new(Job {
            services: DispatchServices {
                kernel_name: desc.kernel.meta().name.clone(),
                error: Mutex::new(None),
                abort: AtomicBool::new(false),
                grid: desc.cooperative.then(|| GridBarrier::new(total)),
                printf_left: AtomicUsize::new(crate::printf::fifo_size()),
            },
            kernel: desc.kernel,
            kernargs: desc.kernargs as usize,
            block: desc.block,
            groups: desc.groups,
            total,
            chunk,
            local_size: desc.local_size,
            warp_size: desc.warp_size,
            cooperative: desc.cooperative,
            boosted: AtomicBool::new(false),
            next: AtomicU64::new(0),
            done: AtomicU64::new(0),
            finished: Mutex::new(false),
            finished_cond: Condvar::new(),
        });
        if job.cooperative {
            run_cooperative(&job);
            return take_error(&job);
        }
        if resident {
            let mut st = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
            st.resident.push(job.clone());
            drop(st);
            self.shared.watch.notify_one();
        }
        if total > 1 && !self.threads.is_empty() {
            let mut st = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
            st.jobs.push_back(job.clone());
            drop(st);
            // Wake only as many workers as there are chunks beyond our own.
            let chunks = total.div_ceil(chunk);
            if chunks > 2 {
                self.shared.cond.notify_all();
            } else {
                self.shared.cond.notify_one();
            }
        }
        run_chunks(&job);
        remove_job(&self.shared, &job);
        let mut fin = job.finished.lock().unwrap_or_else(|e| e.into_inner());
        while !*fin {
            fin = job
                .finished_cond
                .wait(fin)
                .unwrap_or_else(|e| e.into_inner());
        }
        drop(fin);
        if resident {
            let mut st = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
            st.resident.retain(|j| !Arc::ptr_eq(j, &job));
        }
        take_error(&job)
    }
}

/// The watcher: while resident-sized dispatches are in flight, checks every [`STALL`] whether
/// each has finished a work-group since the last check; one that has not, and has groups not
/// yet started, gets a thread for each of those (they claim them as the workers do).
fn watch_resident(shared: &PoolShared) {
    // Groups done at the last check, per dispatch.
    let mut seen: Vec<(Arc<Job>, u64)> = Vec::new();
    let mut checked = std::time::Instant::now();
    let mut st = shared.state.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        if st.shutdown {
            return;
        }
        if st.resident.is_empty() {
            seen.clear();
            st = shared.watch.wait(st).unwrap_or_else(|e| e.into_inner());
            checked = std::time::Instant::now();
            continue;
        }
        // A dispatch starting wakes this early: check only once a whole interval passed.
        let waited = checked.elapsed();
        if waited < STALL {
            st = shared
                .watch
                .wait_timeout(st, STALL - waited)
                .unwrap_or_else(|e| e.into_inner())
                .0;
            continue;
        }
        checked = std::time::Instant::now();
        let now: Vec<(Arc<Job>, u64)> = st
            .resident
            .iter()
            .map(|j| (j.clone(), j.done.load(Ordering::Acquire)))
            .collect();
        drop(st);
        for (job, done) in &now {
            let stalled = seen
                .iter()
                .any(|(j, before)| Arc::ptr_eq(j, job) && before == done);
            let left = job.total.saturating_sub(job.next.load(Ordering::Relaxed));
            if stalled && left > 0 && !job.boosted.swap(true, Ordering::AcqRel) {
                start_the_rest(job, left);
            }
        }
        seen = now;
        st = shared.state.lock().unwrap_or_else(|e| e.into_inner());
    }
}

/// Starts `left` threads for a resident grid's groups not yet started.
fn start_the_rest(job: &Arc<Job>, left: u64) {
    for _ in 0..left {
        let j = job.clone();
        let started = std::thread::Builder::new()
            .name("ferrocm-resident".into())
            .stack_size(WORKER_STACK)
            .spawn(move || run_chunks(&j));
        if let Err(e) = started {
            job.services.record(
                DispatchErrorKind::OutOfResources,
                &format!(
                    "cannot start a thread for the {left} work-groups of a resident grid \
                     that have not started while the others wait: {e}"
                ),
                None,
            );
            return;
        }
    }
}

fn take_error(job: &Job) -> Option<DispatchError> {
    job.services
        .error
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
}

/// Runs a cooperative dispatch: every work-group on a thread of its own (group 0 on this one),
/// all at the same time; returns when all finished.
fn run_cooperative(job: &Job) {
    std::thread::scope(|scope| {
        for g in 1..job.total {
            let started = std::thread::Builder::new()
                .name(format!("ferrocm-coop-{g}"))
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    with_local_mem(job, |local| run_group(job, group_id(job, g), local));
                    flush_printf(true);
                });
            if let Err(e) = started {
                job.services.record(
                    DispatchErrorKind::OutOfResources,
                    &format!(
                        "cannot start a thread for work-group {g} of {} of a cooperative \
                         launch: {e}",
                        job.total
                    ),
                    None,
                );
                // The groups already running must not wait for those that never start.
                if let Some(grid) = &job.services.grid {
                    grid.abandon();
                }
                break;
            }
        }
        with_local_mem(job, |local| run_group(job, [0; 3], local));
        flush_printf(true);
    });
}

impl Drop for WorkerPool {
    fn drop(&mut self) {
        let mut st = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
        st.shutdown = true;
        drop(st);
        self.shared.cond.notify_all();
        self.shared.watch.notify_all();
        if let Some(w) = self.watcher.take() {
            let _ = w.join();
        }
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// The cores the workers keep to with `FERROCM_PIN_WORKERS=1`, one each: the process's allowed
/// cores but its first, which is left to the threads that submit dispatches (they take part in
/// each, unpinned). Off by default, as OpenMP's binding is: processes sharing a machine (test
/// runners, several programs) would all pile their workers onto the same cores, and on the
/// 2-core machine measured it changed nothing (BENCHMARKS.md). Empty too when there are not
/// enough cores.
fn worker_cores(workers: usize) -> Vec<usize> {
    if !std::env::var("FERROCM_PIN_WORKERS").is_ok_and(|v| v == "1") || workers == 0 {
        return Vec::new();
    }
    // SAFETY: `set` is a plain bit set that sched_getaffinity fills for this thread; the size
    // passed is its own.
    let allowed = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
            return Vec::new();
        }
        (0..libc::CPU_SETSIZE as usize)
            .filter(|&c| libc::CPU_ISSET(c, &set))
            .collect::<Vec<usize>>()
    };
    cores_for(&allowed, workers)
}

/// One core per worker from `allowed`, skipping the first; none when there are too few.
fn cores_for(allowed: &[usize], workers: usize) -> Vec<usize> {
    allowed
        .get(1..=workers)
        .map(<[usize]>::to_vec)
        .unwrap_or_default()
}

/// Keeps the calling thread on `core` (a failure leaves it where the system puts it: pinning
/// only helps its caches stay warm).
fn pin_to(core: usize) {
    // SAFETY: as in `worker_cores`; the set holds one core, and 0 names the calling thread.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(core, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
}

fn remove_job(shared: &PoolShared, job: &Arc<Job>) {
    let mut st = shared.state.lock().unwrap_or_else(|e| e.into_inner());
    st.jobs.retain(|j| !Arc::ptr_eq(j, job));
}

fn worker_loop(shared: &PoolShared) {
    loop {
        let mut st = shared.state.lock().unwrap_or_else(|e| e.into_inner());
        let job = loop {
            if st.shutdown {
                return;
            }
            // Drop jobs whose groups are all claimed; take the first with work left.
            while st
                .jobs
                .front()
                .is_some_and(|j| j.next.load(Ordering::Relaxed) >= j.total)
            {
                st.jobs.pop_front();
            }
            if let Some(j) = st.jobs.front() {
                break j.clone();
            }
            st = shared.cond.wait(st).unwrap_or_else(|e| e.into_inner());
        };
        drop(st);
        run_chunks(&job);
    }
}

#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Line64([u8; 64]);

thread_local! {
    // This thread's local-memory buffer, grown as needed, 64-byte aligned.
    static LOCAL_MEM: RefCell<Vec<Line64>> = const { RefCell::new(Vec::new()) };
    // Device printf output not yet ended by a newline.
    static PRINTF_BUF: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's local-memory buffer, grown to the dispatch's size.
fn with_local_mem<R>(job: &Job, f: impl FnOnce(*mut u8) -> R) -> R {
    LOCAL_MEM.with(|lm| {
        let mut lm = lm.borrow_mut();
        let lines = job.local_size.div_ceil(64).max(1);
        if lm.len() < lines {
            lm.resize(lines, Line64([0; 64]));
        }
        f(lm.as_mut_ptr() as *mut u8)
    })
}

fn run_chunks(job: &Job) {
    with_local_mem(job, |local| {
        loop {
            let start = job.next.fetch_add(job.chunk, Ordering::Relaxed);
            if start >= job.total {
                return;
            }
            let end = (start + job.chunk).min(job.total);
            // The ids step through the chunk in x, then y, then z: no divisions per group.
            let mut id = group_id(job, start);
            for _ in start..end {
                if job.services.abort.load(Ordering::Acquire) {
                    // A group failed: like a GPU, the rest of the grid is abandoned.
                    break;
                }
                run_group(job, id, local);
                id[0] += 1;
                if id[0] == job.groups[0] {
                    id[0] = 0;
                    id[1] += 1;
                    if id[1] == job.groups[1] {
                        id[1] = 0;
                        id[2] += 1;
                    }
                }
            }
            // A printf without a newline at its end is written once the chunk is done (lines are
            // written as they complete).
            flush_printf(true);
            let n = end - start;
            if job.done.fetch_add(n, Ordering::AcqRel) + n == job.total {
                let mut fin = job.finished.lock().unwrap_or_else(|e| e.into_inner());
                *fin = true;
                job.finished_cond.notify_all();
            }
        }
    })
}

/// The x, y, z id of the work-group at `linear` in the grid's x-fastest order.
fn group_id(job: &Job, linear: u64) -> [u32; 3] {
    let gx = job.groups[0] as u64;
    let gy = job.groups[1] as u64;
    [
        (linear % gx) as u32,
        ((linear / gx) % gy) as u32,
        (linear / (gx * gy)) as u32,
    ]
}

// Inlined into the chunk loop: its group id stays in registers (passed through memory, its
// store and the wider load of it stall the forwarding of one to the other).
#[inline(always)]
fn run_group(job: &Job, group_id: [u32; 3], local: *mut u8) {
    let mut ctx = WorkGroupCtx {
        group_id,
        block_dim: job.block,
        num_groups: job.groups,
        warp_size: job.warp_size,
        local_mem: local,
        printf: printf_service,
        assert_fail: assert_service,
        host_data: &job.services as *const DispatchServices as *mut c_void,
        grid_sync: if job.cooperative {
            grid_sync_service
        } else {
            grid_sync_outside_cooperative_launch
        },
    };
    // SAFETY: the packet processor validated the dispatch against the kernel's metadata:
    // `kernargs` holds `kernarg_size` bytes laid out per the metadata and outlives the
    // dispatch, `local` has `local_size` bytes, and `ctx` lives across the call.
    let status = unsafe { (job.kernel.function())(job.kernargs as *const u8, &mut ctx) };
    let at = Some(group_id);
    match status {
        WG_STATUS_OK => {}
        WG_STATUS_DIVERGENT_BARRIER => job.services.record(
            DispatchErrorKind::DivergentBarrier,
            "work-items of a work-group reached different barriers \
             (barrier in divergent control flow is not supported)",
            at,
        ),
        // The service that made the group abort (assert, trap, grid barrier) recorded why;
        // this only ever shows for a lowering that aborted without saying.
        WG_STATUS_ABORT => job.services.record(
            DispatchErrorKind::Abort,
            "work-group aborted (trap or abort)",
            at,
        ),
        other => job.services.record(
            DispatchErrorKind::BadPacket,
            &format!("work-group function returned unknown status {other}"),
            at,
        ),
    }
    // After the failure is recorded: groups released from the grid barrier by it find it.
    if let Some(grid) = &job.services.grid {
        grid.leave(status == WG_STATUS_OK);
    }
}

fn stdout_lock() -> &'static Mutex<()> {
    static L: Mutex<()> = Mutex::new(());
    &L
}

/// Writes complete lines of this thread's printf buffer (all of it when `all`) to stdout,
/// with one write under a lock so lines from different work-groups never interleave.
fn flush_printf(all: bool) {
    PRINTF_BUF.with(|b| {
        let mut b = b.borrow_mut();
        if b.is_empty() {
            return;
        }
        let upto = if all {
            b.len()
        } else {
            match b.iter().rposition(|&c| c == b'\n') {
                Some(i) => i + 1,
                None => return,
            }
        };
        let _g = stdout_lock().lock().unwrap_or_else(|e| e.into_inner());
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(&b[..upto]);
        let _ = out.flush();
        b.drain(..upto);
    })
}

/// Returns the number of bytes printed (device `printf`'s value), -1 for no format or, for code
/// built with `-mprintf-kind=buffered` (`PRINTF_BUFFERED` in `nargs`), when the record does not
/// fit in what is left of the dispatch's printf FIFO (nothing is printed then).
///
/// # Safety
/// Called by device code: `ctx` is null or the caller's live context, `fmt` is null or
/// NUL-terminated, `args` points at `nargs` u64s (without the flag).
unsafe extern "C" fn printf_service(
    ctx: *mut WorkGroupCtx,
    fmt: *const c_char,
    args: *const u64,
    nargs: u32,
) -> i32 {
    let buffered = nargs & PRINTF_BUFFERED != 0;
    let nargs = nargs & !PRINTF_BUFFERED;
    if fmt.is_null() {
        return -1;
    }
    // SAFETY: per this function's contract, `fmt` is a NUL-terminated string.
    let fmt = unsafe { CStr::from_ptr(fmt) }.to_bytes();
    let args: &[u64] = if args.is_null() || nargs == 0 {
        &[]
    } else {
        // SAFETY: per the contract, `args` points at `nargs` initialized u64 slots.
        unsafe { std::slice::from_raw_parts(args, nargs as usize) }
    };
    // A panic must not unwind into device code.
    if buffered {
        // SAFETY: per the contract, %s slots hold strings of the kernel (as for formatting).
        let record = unsafe { crate::printf::buffered_record_size(fmt, args) };
        // SAFETY: per the contract.
        let services = unsafe { services_of(ctx) };
        if services.is_some_and(|(_, s)| !s.take_printf_space(record)) {
            return -1;
        }
    }
    std::panic::catch_unwind(|| {
        let text = crate::printf::format_printf(fmt, args);
        PRINTF_BUF.with(|b| b.borrow_mut().extend_from_slice(&text));
        flush_printf(false);
        i32::try_from(text.len()).unwrap_or(i32::MAX)
    })
    .unwrap_or(-1)
}

/// The calling work-group's id and its dispatch's services.
///
/// # Safety
/// `ctx` is null or the live context of a work-group run by `run_group`.
unsafe fn services_of<'a>(ctx: *mut WorkGroupCtx) -> Option<([u32; 3], &'a DispatchServices)> {
    if ctx.is_null() {
        return None;
    }
    // SAFETY: ctx is the live context of the calling work-group.
    let (group, host) = unsafe { ((*ctx).group_id, (*ctx).host_data) };
    let host = host as *const DispatchServices;
    // SAFETY: host_data was set by run_group to the job's services, which outlive the group.
    (!host.is_null()).then(|| (group, unsafe { &*host }))
}

/// Grid barrier of an ordinary dispatch: its work-groups need not run at the same time, so the
/// barrier could never complete; the launch fails instead. (It fails here, at the first grid
/// sync, not at launch: a kernel may call it only on paths a given launch never takes.)
///
/// # Safety
/// `ctx` is null or the live context of a work-group run by `run_group`.
unsafe extern "C" fn grid_sync_outside_cooperative_launch(ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: per this function's contract.
    if let Some((group, services)) = unsafe { services_of(ctx) } {
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            services.record(
                DispatchErrorKind::Abort,
                "grid-wide barrier (cooperative_groups::this_grid().sync()) in a launch that is \
                 not cooperative: launch the kernel with hipLaunchCooperativeKernel",
                Some(group),
            )
        }));
    }
    1
}

/// Grid barrier of a cooperative dispatch: 0 once every work-group arrived; 1 when the barrier
/// broke (a group failed, or returned while others wait), after which the group aborts.
///
/// # Safety
/// `ctx` is null or the live context of a work-group run by `run_group`.
unsafe extern "C" fn grid_sync_service(ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: per this function's contract.
    let Some((group, services)) = (unsafe { services_of(ctx) }) else {
        return 1;
    };
    let Some(grid) = &services.grid else {
        return 1;
    };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match grid.arrive() {
        Ok(()) => 0,
        // The failure that broke the barrier is recorded already.
        Err(GridBreak::Failed) => 1,
        Err(GridBreak::Stranded) => {
            services.record(
                DispatchErrorKind::DivergentBarrier,
                "work-groups returned while others waited at a grid-wide barrier (every \
                 work-group of a cooperative launch must reach each grid sync)",
                Some(group),
            );
            1
        }
    }));
    r.unwrap_or(1)
}

/// # Safety
/// `ctx.host_data` is the dispatch's `DispatchServices`; string pointers are null or
/// NUL-terminated.
unsafe extern "C" fn assert_service(
    ctx: *mut WorkGroupCtx,
    expr: *const c_char,
    file: *const c_char,
    line: u32,
    func: *const c_char,
) {
    let text = |p: *const c_char| -> Option<String> {
        // SAFETY: per the contract, non-null pointers are NUL-terminated strings.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    };
    // SAFETY: per this function's contract.
    let Some((group, services)) = (unsafe { services_of(ctx) }) else {
        return;
    };
    let at = Some(group);
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match text(expr) {
        Some(expr) => {
            let file = text(file).unwrap_or_else(|| "<unknown>".into());
            let mut msg = format!("assertion `{expr}` failed at {file}:{line}");
            if let Some(func) = text(func) {
                msg.push_str(&format!(" in {func}"));
            }
            services.record(DispatchErrorKind::Assert, &msg, at);
        }
        None => services.record(DispatchErrorKind::Abort, "trap or abort executed", at),
    }));
}

#[cfg(test)]
mod tests {
    use super::cores_for;

    #[test]
    fn pinned_workers_leave_the_first_allowed_core_to_submitters() {
        assert_eq!(cores_for(&[0, 1, 2, 3], 3), vec![1, 2, 3]);
        assert_eq!(cores_for(&[4, 6, 9], 2), vec![6, 9]);
        // Too few cores (a restricted set): nothing pinned.
        assert_eq!(cores_for(&[2, 3], 2), Vec::<usize>::new());
        assert_eq!(cores_for(&[], 0), Vec::<usize>::new());
    }

    #[test]
    fn workers_are_not_pinned_unless_asked() {
        if std::env::var_os("FERROCM_PIN_WORKERS").is_none() {
            assert!(super::worker_cores(1).is_empty());
        }
    }
}
