//! The CPU agent's worker pool and the execution of one kernel dispatch.
//!
//! A dispatch is split into work-groups handed out in chunks by an atomic counter. Workers
//! (one per core) and the packet-processor thread that submitted the dispatch all claim
//! chunks; the submitter then blocks on a condition variable until the last group finished.

use crate::error::{DispatchError, DispatchErrorKind};
use crate::executable::KernelObject;
use kernel_abi::{WorkGroupCtx, WG_STATUS_ABORT, WG_STATUS_DIVERGENT_BARRIER, WG_STATUS_OK};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::ffi::{c_char, c_void, CStr};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// Stack size of threads that run work-groups: the lowering keeps per-work-item values on
/// the stack.
pub const WORKER_STACK: usize = 64 << 20;

/// Per-dispatch state reached by the printf/assert services through `ctx.host_data`.
pub(crate) struct DispatchServices {
    kernel_name: String,
    error: Mutex<Option<DispatchError>>,
    abort: AtomicBool,
}

impl DispatchServices {
    fn record(&self, kind: DispatchErrorKind, what: &str) {
        let mut e = self.error.lock().unwrap_or_else(|e| e.into_inner());
        if e.is_none() {
            *e = Some(DispatchError {
                kind,
                message: format!("kernel '{}': {what}", self.kernel_name),
            });
        }
        self.abort.store(true, Ordering::Release);
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
}

struct PoolState {
    jobs: VecDeque<Arc<Job>>,
    shutdown: bool,
}

struct PoolShared {
    state: Mutex<PoolState>,
    cond: Condvar,
}

/// One worker thread per core, created once per agent.
pub struct WorkerPool {
    shared: Arc<PoolShared>,
    threads: Vec<JoinHandle<()>>,
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
                shutdown: false,
            }),
            cond: Condvar::new(),
        });
        let mut threads = Vec::with_capacity(workers);
        for i in 0..workers {
            let s = shared.clone();
            let t = std::thread::Builder::new()
                .name(format!("ferrocm-cpu-{i}"))
                .stack_size(WORKER_STACK)
                .spawn(move || worker_loop(&s))?;
            threads.push(t);
        }
        Ok(WorkerPool { shared, threads })
    }

    pub fn workers(&self) -> usize {
        self.threads.len()
    }

    /// Runs every work-group of a dispatch; returns the first failure. The calling thread
    /// takes part and returns once all groups finished.
    pub(crate) fn run(&self, desc: JobDesc) -> Option<DispatchError> {
        let total = desc.groups.iter().map(|&g| g as u64).product::<u64>();
        let participants = self.threads.len() as u64 + 1;
        let chunk = (total / (participants * 4)).max(1);
        let job = Arc::new(Job {
            services: DispatchServices {
                kernel_name: desc.kernel.meta().name.clone(),
                error: Mutex::new(None),
                abort: AtomicBool::new(false),
            },
            kernel: desc.kernel,
            kernargs: desc.kernargs as usize,
            block: desc.block,
            groups: desc.groups,
            total,
            chunk,
            local_size: desc.local_size,
            warp_size: desc.warp_size,
            next: AtomicU64::new(0),
            done: AtomicU64::new(0),
            finished: Mutex::new(false),
            finished_cond: Condvar::new(),
        });
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
        let err = job
            .services
            .error
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        err
    }
}

impl Drop for WorkerPool {
    fn drop(&mut self) {
        let mut st = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
        st.shutdown = true;
        drop(st);
        self.shared.cond.notify_all();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
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

fn run_chunks(job: &Job) {
    LOCAL_MEM.with(|lm| {
        let mut lm = lm.borrow_mut();
        let lines = job.local_size.div_ceil(64).max(1);
        if lm.len() < lines {
            lm.resize(lines, Line64([0; 64]));
        }
        let local = lm.as_mut_ptr() as *mut u8;
        loop {
            let start = job.next.fetch_add(job.chunk, Ordering::Relaxed);
            if start >= job.total {
                return;
            }
            let end = (start + job.chunk).min(job.total);
            for g in start..end {
                if job.services.abort.load(Ordering::Acquire) {
                    // A group failed: like a GPU, the rest of the grid is abandoned.
                    continue;
                }
                run_group(job, g, local);
            }
            let n = end - start;
            if job.done.fetch_add(n, Ordering::AcqRel) + n == job.total {
                let mut fin = job.finished.lock().unwrap_or_else(|e| e.into_inner());
                *fin = true;
                job.finished_cond.notify_all();
            }
        }
    })
}

fn run_group(job: &Job, linear: u64, local: *mut u8) {
    let gx = job.groups[0] as u64;
    let gy = job.groups[1] as u64;
    let group_id = [
        (linear % gx) as u32,
        ((linear / gx) % gy) as u32,
        (linear / (gx * gy)) as u32,
    ];
    let mut ctx = WorkGroupCtx {
        group_id,
        block_dim: job.block,
        num_groups: job.groups,
        warp_size: job.warp_size,
        local_mem: local,
        printf: printf_service,
        assert_fail: assert_service,
        host_data: &job.services as *const DispatchServices as *mut c_void,
        grid_sync: grid_sync_outside_cooperative_launch,
    };
    // SAFETY: the packet processor validated the dispatch against the kernel's metadata:
    // `kernargs` holds `kernarg_size` bytes laid out per the metadata and outlives the
    // dispatch, `local` has `local_size` bytes, and `ctx` lives across the call.
    let status = unsafe { (job.kernel.function())(job.kernargs as *const u8, &mut ctx) };
    flush_printf(true);
    match status {
        WG_STATUS_OK => {}
        WG_STATUS_DIVERGENT_BARRIER => job.services.record(
            DispatchErrorKind::DivergentBarrier,
            "work-items of a work-group reached different barriers \
             (barrier in divergent control flow is not supported)",
        ),
        WG_STATUS_ABORT => job.services.record(
            DispatchErrorKind::Abort,
            "work-group aborted (trap or abort)",
        ),
        other => job.services.record(
            DispatchErrorKind::BadPacket,
            &format!("work-group function returned unknown status {other}"),
        ),
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

/// # Safety
/// Called by device code: `fmt` is null or NUL-terminated, `args` points at `nargs` u64s.
unsafe extern "C" fn printf_service(
    _ctx: *mut WorkGroupCtx,
    fmt: *const c_char,
    args: *const u64,
    nargs: u32,
) {
    if fmt.is_null() {
        return;
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
    let _ = std::panic::catch_unwind(|| {
        let text = crate::printf::format_printf(fmt, args);
        PRINTF_BUF.with(|b| b.borrow_mut().extend_from_slice(&text));
        flush_printf(false);
    });
}

/// Grid barrier of an ordinary dispatch: its work-groups need not run at the same time, so the
/// barrier could never complete; the launch fails instead.
///
/// # Safety
/// `ctx.host_data` is the dispatch's `DispatchServices`.
unsafe extern "C" fn grid_sync_outside_cooperative_launch(ctx: *mut WorkGroupCtx) -> u32 {
    if ctx.is_null() {
        return 1;
    }
    // SAFETY: ctx is the live context of the calling work-group.
    let host = unsafe { (*ctx).host_data } as *const DispatchServices;
    if !host.is_null() {
        // SAFETY: host_data was set by run_group to the job's services, which outlive the group.
        let services = unsafe { &*host };
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            services.record(
                DispatchErrorKind::Abort,
                "grid-wide barrier (cooperative_groups::this_grid().sync()) in a kernel not \
                 launched with hipLaunchCooperativeKernel",
            )
        }));
    }
    1
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
    if ctx.is_null() {
        return;
    }
    // SAFETY: ctx is the live context of the calling work-group.
    let host = unsafe { (*ctx).host_data } as *const DispatchServices;
    if host.is_null() {
        return;
    }
    // SAFETY: host_data was set by run_group to the job's services, which outlive the group.
    let services = unsafe { &*host };
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match text(expr) {
        Some(expr) => {
            let file = text(file).unwrap_or_else(|| "<unknown>".into());
            let mut msg = format!("assertion `{expr}` failed at {file}:{line}");
            if let Some(func) = text(func) {
                msg.push_str(&format!(" in {func}"));
            }
            services.record(DispatchErrorKind::Assert, &msg);
        }
        None => services.record(DispatchErrorKind::Abort, "trap or abort executed"),
    }));
}
