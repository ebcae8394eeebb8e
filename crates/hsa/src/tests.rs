//! Queue, dispatch and packet-processor tests with work-group functions written in Rust.

use crate::packet::{make_header, packet_type, BarrierAndPacket, KernelDispatchPacket};
use crate::*;
use kernel_abi::{
    ArgKind, ArgMeta, KernelMeta, WorkGroupCtx, WG_STATUS_ABORT, WG_STATUS_DIVERGENT_BARRIER,
};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const T: Option<Duration> = Some(Duration::from_secs(20));

fn wait_done(s: &Signal) {
    assert_eq!(
        s.wait(SignalCondition::Eq, 0, T),
        0,
        "signal did not complete"
    );
}

fn meta(name: &str, args: &[u32]) -> KernelMeta {
    let mut off = 0;
    let args: Vec<ArgMeta> = args
        .iter()
        .map(|&size| {
            let a = ArgMeta {
                offset: off,
                size,
                align: size,
                kind: ArgKind::Value,
            };
            off += size;
            a
        })
        .collect();
    KernelMeta {
        name: name.into(),
        symbol: format!("{name}.wg"),
        args,
        kernarg_size: off,
        kernarg_align: 8,
        static_local_size: 0,
        dynamic_local_offset: 0,
        max_threads_per_block: None,
        barriers: 0,
        grid_sync: false,
    }
}

fn read_u64(ka: *const u8, off: usize) -> u64 {
    // SAFETY: tests pass kernarg segments holding the u64 arguments they read.
    unsafe { (ka.add(off) as *const u64).read_unaligned() }
}

/// out[global_id] = global_id * 2 over a 3-D grid, flattened; arg0 = out ptr, arg1 = row len.
unsafe extern "C" fn fill_wg(ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: the runtime passes a live context.
    let c = unsafe { &*ctx };
    let out = read_u64(ka, 0) as *mut u32;
    let nx = (c.block_dim[0] * c.num_groups[0]) as u64;
    let ny = (c.block_dim[1] * c.num_groups[1]) as u64;
    for z in 0..c.block_dim[2] {
        for y in 0..c.block_dim[1] {
            for x in 0..c.block_dim[0] {
                let gx = (c.group_id[0] * c.block_dim[0] + x) as u64;
                let gy = (c.group_id[1] * c.block_dim[1] + y) as u64;
                let gz = (c.group_id[2] * c.block_dim[2] + z) as u64;
                let i = gx + nx * (gy + ny * gz);
                // SAFETY: the test allocated nx*ny*nz u32s.
                unsafe { *out.add(i as usize) = (i * 2) as u32 };
            }
        }
    }
    0
}

/// Reverses each work-group's block through local memory (the work-items' "barrier" is the
/// boundary between the two loops).
unsafe extern "C" fn reverse_wg(ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: live context.
    let c = unsafe { &*ctx };
    let data = read_u64(ka, 0) as *mut u32;
    let n = c.block_dim[0] as usize;
    let base = c.group_id[0] as usize * n;
    let local = c.local_mem as *mut u32;
    for i in 0..n {
        // SAFETY: dynamic local memory of n u32s was requested; data has the whole grid.
        unsafe { *local.add(i) = *data.add(base + i) };
    }
    for i in 0..n {
        // SAFETY: as above.
        unsafe { *data.add(base + i) = *local.add(n - 1 - i) };
    }
    0
}

unsafe extern "C" fn assert_wg(_ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: live context.
    let c = unsafe { &*ctx };
    if c.group_id[0] == 3 {
        // SAFETY: the service accepts NUL-terminated strings and the live context.
        unsafe {
            (c.assert_fail)(
                ctx,
                c"x < n".as_ptr(),
                c"k.hip".as_ptr(),
                12,
                c"foo".as_ptr(),
            )
        };
        return WG_STATUS_ABORT;
    }
    0
}

unsafe extern "C" fn divergent_wg(_ka: *const u8, _ctx: *mut WorkGroupCtx) -> u32 {
    WG_STATUS_DIVERGENT_BARRIER
}

static PRINTED_GROUPS: AtomicU32 = AtomicU32::new(0);
unsafe extern "C" fn printf_wg(_ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: live context.
    let c = unsafe { &*ctx };
    let args = [c.group_id[0] as u64];
    // SAFETY: fmt is NUL-terminated and args holds 1 slot.
    let printed = unsafe {
        (c.printf)(
            ctx,
            c"hsa printf test: group %d\n".as_ptr(),
            args.as_ptr(),
            1,
        )
    };
    // "hsa printf test: group " is 23 bytes, then the digits and the newline.
    assert_eq!(
        printed as usize,
        23 + c.group_id[0].to_string().len() + 1,
        "printf's value is the bytes printed"
    );
    PRINTED_GROUPS.fetch_add(1, Ordering::Relaxed);
    0
}

fn queue(size: u32) -> Queue {
    cpu_agent().create_queue(size).expect("queue")
}

#[test]
fn callbacks_run_in_order() {
    let q = queue(8);
    let log = Arc::new(Mutex::new(Vec::new()));
    let done = Signal::new(100);
    for i in 0..100 {
        let log = log.clone();
        q.submit_callback(
            Box::new(move || log.lock().unwrap_or_else(|e| e.into_inner()).push(i)),
            Some(&done),
        )
        .expect("submit");
    }
    wait_done(&done);
    assert_eq!(
        *log.lock().unwrap_or_else(|e| e.into_inner()),
        (0..100).collect::<Vec<_>>()
    );
    assert!(q.take_error().is_none());
    assert_eq!(q.write_index(), 100);
}

#[test]
fn many_producers_one_queue() {
    let q = Arc::new(queue(4));
    let count = Arc::new(AtomicU32::new(0));
    let done = Signal::new(8 * 50);
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let (q, count, done) = (q.clone(), count.clone(), done.clone());
            std::thread::spawn(move || {
                for _ in 0..50 {
                    let c = count.clone();
                    q.submit_callback(
                        Box::new(move || {
                            c.fetch_add(1, Ordering::Relaxed);
                        }),
                        Some(&done),
                    )
                    .expect("submit");
                }
            })
        })
        .collect();
    for t in threads {
        t.join().expect("producer");
    }
    wait_done(&done);
    assert_eq!(count.load(Ordering::Relaxed), 400);
}

#[test]
fn barrier_and_across_two_queues() {
    let q1 = queue(16);
    let q2 = queue(16);
    let gate = Signal::new(1);
    let order = Arc::new(Mutex::new(Vec::new()));
    // q1: a slow callback, completing `gate`.
    let o = order.clone();
    q1.submit_callback(
        Box::new(move || {
            std::thread::sleep(Duration::from_millis(50));
            o.lock().unwrap_or_else(|e| e.into_inner()).push("q1");
        }),
        Some(&gate),
    )
    .expect("submit");
    // q2 waits for it before its own callback.
    let done = Signal::new(1);
    q2.submit_barrier_and(&[&gate], None).expect("barrier");
    let o = order.clone();
    q2.submit_callback(
        Box::new(move || o.lock().unwrap_or_else(|e| e.into_inner()).push("q2")),
        Some(&done),
    )
    .expect("submit");
    wait_done(&done);
    assert_eq!(
        *order.lock().unwrap_or_else(|e| e.into_inner()),
        vec!["q1", "q2"]
    );
    assert!(q2
        .submit_barrier_and(&[&gate, &gate, &gate, &gate, &gate, &gate], None)
        .is_err());
}

#[test]
fn full_queue_blocks_then_drains() {
    let q = Arc::new(queue(2));
    let gate = Signal::new(1);
    let done = Signal::new(10);
    // The first packet waits for `gate`, so the 2-slot ring fills.
    q.submit_barrier_and(&[&gate], None).expect("barrier");
    let (q2, d2) = (q.clone(), done.clone());
    let producer = std::thread::spawn(move || {
        for _ in 0..10 {
            q2.submit_callback(Box::new(|| {}), Some(&d2))
                .expect("submit");
        }
    });
    std::thread::sleep(Duration::from_millis(100));
    // Blocked: at most `size` packets beyond the read index were written.
    assert!(q.write_index() <= q.read_index() + 3);
    assert!(!producer.is_finished());
    gate.store(0);
    producer.join().expect("producer");
    wait_done(&done);
    assert_eq!(q.write_index(), 11);
}

#[test]
fn dispatch_runs_every_work_item() {
    let q = queue(16);
    let k = KernelObject::from_fn(meta("fill", &[8]), fill_wg);
    let (nx, ny, nz) = (64u32, 6u32, 3u32);
    let n = (nx * ny * nz) as usize;
    let mut out = vec![0u32; n];
    let ka = (out.as_mut_ptr() as u64).to_ne_bytes();
    let done = Signal::new(1);
    q.submit_dispatch(
        &DispatchParams {
            kernel: &k,
            grid: [nx, ny, nz],
            workgroup: [16, 2, 1],
            group_segment_size: 0,
            kernargs: &ka,
        },
        Some(&done),
    )
    .expect("dispatch");
    wait_done(&done);
    assert!(q.take_error().is_none());
    assert!(out.iter().enumerate().all(|(i, &v)| v == (i * 2) as u32));
    // Single-group dispatch (runs inline).
    let mut one = vec![0u32; 8];
    let ka = (one.as_mut_ptr() as u64).to_ne_bytes();
    let done = Signal::new(1);
    q.submit_dispatch(
        &DispatchParams {
            kernel: &k,
            grid: [8, 1, 1],
            workgroup: [8, 1, 1],
            group_segment_size: 0,
            kernargs: &ka,
        },
        Some(&done),
    )
    .expect("dispatch");
    wait_done(&done);
    assert_eq!(one, (0..8).map(|i| i * 2).collect::<Vec<u32>>());
}

#[test]
fn dispatch_uses_local_memory() {
    let q = queue(16);
    let k = KernelObject::from_fn(meta("reverse", &[8]), reverse_wg);
    let block = 256u32;
    let groups = 37u32;
    let mut data: Vec<u32> = (0..block * groups).collect();
    let ka = (data.as_mut_ptr() as u64).to_ne_bytes();
    let done = Signal::new(1);
    q.submit_dispatch(
        &DispatchParams {
            kernel: &k,
            grid: [block * groups, 1, 1],
            workgroup: [block as u16, 1, 1],
            group_segment_size: block * 4,
            kernargs: &ka,
        },
        Some(&done),
    )
    .expect("dispatch");
    wait_done(&done);
    assert!(q.take_error().is_none());
    for g in 0..groups {
        for i in 0..block {
            assert_eq!(data[(g * block + i) as usize], g * block + (block - 1 - i));
        }
    }
}

#[test]
fn assert_is_recorded_and_completes() {
    let q = queue(16);
    let k = KernelObject::from_fn(meta("foo", &[]), assert_wg);
    let done = Signal::new(1);
    q.submit_dispatch(
        &DispatchParams {
            kernel: &k,
            grid: [64 * 8, 1, 1],
            workgroup: [64, 1, 1],
            group_segment_size: 0,
            kernargs: &[],
        },
        Some(&done),
    )
    .expect("dispatch");
    wait_done(&done);
    let e = q.take_error().expect("error recorded");
    assert_eq!(e.kind, DispatchErrorKind::Assert);
    assert_eq!(
        e.message,
        "kernel `foo`: assertion `x < n` failed at k.hip:12 in foo (work-group (3, 0, 0))"
    );
    assert!(q.take_error().is_none());
    // The queue keeps working after a failure.
    let done = Signal::new(1);
    q.submit_callback(Box::new(|| {}), Some(&done))
        .expect("submit");
    wait_done(&done);
}

#[test]
fn divergent_barrier_is_recorded() {
    let q = queue(16);
    let k = KernelObject::from_fn(meta("div", &[]), divergent_wg);
    let done = Signal::new(1);
    q.submit_dispatch(
        &DispatchParams {
            kernel: &k,
            grid: [4, 1, 1],
            workgroup: [4, 1, 1],
            group_segment_size: 0,
            kernargs: &[],
        },
        Some(&done),
    )
    .expect("dispatch");
    wait_done(&done);
    let e = q.take_error().expect("error");
    assert_eq!(e.kind, DispatchErrorKind::DivergentBarrier);
    assert!(e
        .message
        .starts_with("kernel `div`: work-items of a work-group reached different barriers"));
}

#[test]
fn printf_service_runs() {
    let q = queue(16);
    let k = KernelObject::from_fn(meta("pr", &[]), printf_wg);
    let done = Signal::new(1);
    let before = PRINTED_GROUPS.load(Ordering::Relaxed);
    q.submit_dispatch(
        &DispatchParams {
            kernel: &k,
            grid: [4, 1, 1],
            workgroup: [1, 1, 1],
            group_segment_size: 0,
            kernargs: &[],
        },
        Some(&done),
    )
    .expect("dispatch");
    wait_done(&done);
    assert!(q.take_error().is_none());
    assert_eq!(PRINTED_GROUPS.load(Ordering::Relaxed) - before, 4);
}

#[test]
fn bad_packets_are_errors_not_hangs() {
    let q = queue(16);
    let k = KernelObject::from_fn(meta("fill", &[8]), fill_wg);
    // Kernargs too short.
    let p = DispatchParams {
        kernel: &k,
        grid: [1, 1, 1],
        workgroup: [1, 1, 1],
        group_segment_size: 0,
        kernargs: &[],
    };
    assert!(matches!(
        q.submit_dispatch(&p, None),
        Err(HsaError::InvalidArgument(_))
    ));
    // Unknown kernel object through a raw packet.
    let done = Signal::new(3);
    let raw = KernelDispatchPacket {
        header: make_header(packet_type::KERNEL_DISPATCH, true),
        setup: 1,
        workgroup_size_x: 1,
        workgroup_size_y: 1,
        workgroup_size_z: 1,
        grid_size_x: 1,
        grid_size_y: 1,
        grid_size_z: 1,
        kernel_object: 0x1234,
        completion_signal: done.handle(),
        ..Default::default()
    };
    q.submit_raw(raw.to_words()).expect("raw");
    // Partial work-groups.
    let ka = [0u8; 8];
    let p = DispatchParams {
        kernel: &k,
        grid: [10, 1, 1],
        workgroup: [4, 1, 1],
        group_segment_size: 0,
        kernargs: &ka,
    };
    q.submit_dispatch(&p, Some(&done)).expect("dispatch");
    // A barrier on a destroyed signal.
    let dead = Signal::new(1);
    let dead_handle = dead.handle();
    dead.destroy();
    let b = BarrierAndPacket {
        header: make_header(packet_type::BARRIER_AND, true),
        dep_signal: [dead_handle, 0, 0, 0, 0],
        completion_signal: done.handle(),
        ..Default::default()
    };
    q.submit_raw(b.to_words()).expect("raw");
    wait_done(&done);
    let e1 = q.take_error().expect("e1");
    assert!(
        e1.message.contains("invalid kernel object"),
        "{}",
        e1.message
    );
    let e2 = q.take_error().expect("e2");
    assert!(e2.message.contains("partial work-groups"), "{}", e2.message);
    let e3 = q.take_error().expect("e3");
    assert!(
        e3.message.contains("invalid dependency signal"),
        "{}",
        e3.message
    );
    // An invalid packet type.
    let mut w = [0u64; 8];
    w[0] = make_header(7, false) as u64;
    q.submit_raw(w).expect("raw");
    let done = Signal::new(1);
    q.submit_callback(Box::new(|| {}), Some(&done)).expect("cb");
    wait_done(&done);
    assert!(q
        .take_error()
        .expect("e4")
        .message
        .contains("unsupported packet type 7"));
}

#[test]
fn dropping_a_queue_finishes_its_work() {
    let count = Arc::new(AtomicU32::new(0));
    {
        let q = queue(4);
        for _ in 0..20 {
            let c = count.clone();
            q.submit_callback(
                Box::new(move || {
                    std::thread::sleep(Duration::from_millis(1));
                    c.fetch_add(1, Ordering::Relaxed);
                }),
                None,
            )
            .expect("submit");
        }
    }
    assert_eq!(count.load(Ordering::Relaxed), 20);
}

#[test]
fn concurrent_dispatches_from_two_queues() {
    let k = KernelObject::from_fn(meta("fill", &[8]), fill_wg);
    let start = Instant::now();
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let k = k.clone();
            std::thread::spawn(move || {
                let q = queue(8);
                let mut out = vec![0u32; 4096];
                let ka = (out.as_mut_ptr() as u64).to_ne_bytes();
                let done = Signal::new(5);
                for _ in 0..5 {
                    q.submit_dispatch(
                        &DispatchParams {
                            kernel: &k,
                            grid: [4096, 1, 1],
                            workgroup: [64, 1, 1],
                            group_segment_size: 0,
                            kernargs: &ka,
                        },
                        Some(&done),
                    )
                    .expect("dispatch");
                }
                wait_done(&done);
                out.iter().enumerate().all(|(i, &v)| v == (i * 2) as u32)
            })
        })
        .collect();
    for h in handles {
        assert!(h.join().expect("thread"));
    }
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn status_codes_match_rocr() {
    assert_eq!(
        HsaError::InvalidArgument(String::new()).status_code(),
        0x1001
    );
    assert_eq!(HsaError::InvalidAgent.status_code(), 0x1004);
    assert_eq!(HsaError::InvalidSignal(0).status_code(), 0x1006);
    assert_eq!(HsaError::InvalidQueue(String::new()).status_code(), 0x1007);
    assert_eq!(
        HsaError::OutOfResources(String::new()).status_code(),
        0x1008
    );
    assert_eq!(
        HsaError::InvalidCodeObject(String::new()).status_code(),
        0x1010
    );
    assert_eq!(
        HsaError::InvalidSymbolName(String::new()).status_code(),
        0x1013
    );
    assert_eq!(HsaError::Exception(String::new()).status_code(), 0x1016);
}

// ---------------------------------------------------------------------------------------
// Cooperative dispatches

/// Rounds of [`ring_wg`].
const RING_ROUNDS: u64 = 12;

/// A ring exchange over the grid: in each round every group writes its value into its slot,
/// grid-syncs, adds the slot of the next group, grid-syncs again (so no slot is overwritten
/// before its neighbour read it). arg0 = slots (u64 per group), arg1 = results (u64 per group).
unsafe extern "C" fn ring_wg(ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: the runtime passes a live context.
    let c = unsafe { &*ctx };
    let slots = read_u64(ka, 0) as *mut u64;
    let results = read_u64(ka, 8) as *mut u64;
    let n = c.num_groups[0] as usize;
    let g = c.group_id[0] as usize;
    let mut acc = 0u64;
    for round in 0..RING_ROUNDS {
        let mine = (g as u64 + 1) * 1000 + round;
        // SAFETY: the test allocated one slot per group; the barrier orders the accesses.
        unsafe { std::ptr::write_volatile(slots.add(g), mine) };
        // SAFETY: the service takes the live context.
        if unsafe { (c.grid_sync)(ctx) } != 0 {
            return WG_STATUS_ABORT;
        }
        // SAFETY: as above.
        acc = acc
            .wrapping_mul(31)
            .wrapping_add(unsafe { std::ptr::read_volatile(slots.add((g + 1) % n)) });
        // SAFETY: the service takes the live context.
        if unsafe { (c.grid_sync)(ctx) } != 0 {
            return WG_STATUS_ABORT;
        }
    }
    // SAFETY: one result per group.
    unsafe { *results.add(g) = acc };
    0
}

fn ring_expected(n: usize) -> Vec<u64> {
    (0..n)
        .map(|g| {
            let next = (g + 1) % n;
            (0..RING_ROUNDS).fold(0u64, |acc, round| {
                acc.wrapping_mul(31)
                    .wrapping_add((next as u64 + 1) * 1000 + round)
            })
        })
        .collect()
}

/// Group 2 traps before the first grid sync, while the others wait there.
unsafe extern "C" fn trap_while_others_wait_wg(_ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: live context.
    let c = unsafe { &*ctx };
    if c.group_id[0] == 2 {
        // Make the others wait at the barrier first.
        std::thread::sleep(Duration::from_millis(50));
        // SAFETY: a trap: null strings, the live context.
        unsafe { (c.assert_fail)(ctx, std::ptr::null(), std::ptr::null(), 0, std::ptr::null()) };
        return WG_STATUS_ABORT;
    }
    // SAFETY: the service takes the live context.
    if unsafe { (c.grid_sync)(ctx) } != 0 {
        return WG_STATUS_ABORT;
    }
    0
}

/// Group 0 returns at once; the others grid-sync (which can then never complete).
unsafe extern "C" fn early_return_wg(_ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: live context.
    let c = unsafe { &*ctx };
    if c.group_id[0] == 0 {
        return 0;
    }
    // SAFETY: the service takes the live context.
    if unsafe { (c.grid_sync)(ctx) } != 0 {
        return WG_STATUS_ABORT;
    }
    0
}

fn grid_meta(name: &str, args: &[u32]) -> KernelMeta {
    KernelMeta {
        grid_sync: true,
        ..meta(name, args)
    }
}

fn submit_coop(q: &Queue, k: &KernelObject, groups: u32, ka: &[u8], cooperative: bool) {
    let done = Signal::new(1);
    let p = DispatchParams {
        kernel: k,
        grid: [groups * 4, 1, 1],
        workgroup: [4, 1, 1],
        group_segment_size: 0,
        kernargs: ka,
    };
    if cooperative {
        q.submit_cooperative_dispatch(&p, Some(&done))
    } else {
        q.submit_dispatch(&p, Some(&done))
    }
    .expect("dispatch");
    wait_done(&done);
}

fn max_cooperative_groups() -> u32 {
    let p = cpu_agent().properties().clone();
    p.compute_units * p.max_workgroups_per_cu
}

#[test]
fn cooperative_dispatch_grid_syncs_many_times() {
    let q = queue(16);
    let k = KernelObject::from_fn(grid_meta("ring", &[8, 8]), ring_wg);
    let max = max_cooperative_groups();
    for n in [1u32, 2, 7, max] {
        let mut slots = vec![u64::MAX; n as usize];
        let mut results = vec![u64::MAX; n as usize];
        let mut ka = (slots.as_mut_ptr() as u64).to_ne_bytes().to_vec();
        ka.extend_from_slice(&(results.as_mut_ptr() as u64).to_ne_bytes());
        submit_coop(&q, &k, n, &ka, true);
        assert!(q.take_error().is_none(), "{n} groups");
        assert_eq!(results, ring_expected(n as usize), "{n} groups");
    }
}

/// A barrier GPU code builds itself (hipCUB's `GridBarrier`): each group counts its arrival and
/// spins until all arrived, three times. arg0 = the counter, arg1 = results (u64 per group).
unsafe extern "C" fn spin_barrier_wg(ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: the runtime passes a live context.
    let c = unsafe { &*ctx };
    // SAFETY: the test passes a live, aligned counter.
    let counter = unsafe { &*(read_u64(ka, 0) as *const std::sync::atomic::AtomicU64) };
    let results = read_u64(ka, 8) as *mut u64;
    let n = c.num_groups[0] as u64;
    for round in 1..=3u64 {
        counter.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        while counter.load(std::sync::atomic::Ordering::Acquire) < round * n {
            std::hint::spin_loop();
        }
    }
    // SAFETY: one result per group.
    unsafe { *results.add(c.group_id[0] as usize) = c.group_id[0] as u64 + 1 };
    0
}

#[test]
fn a_grid_the_device_holds_at_once_runs_all_its_groups_together() {
    // Not cooperative: a GPU still runs such a grid all at once, and the groups wait on each
    // other. More groups than workers, so some start only when the watcher sees the stall.
    let q = queue(16);
    let k = KernelObject::from_fn(meta("spin", &[8, 8]), spin_barrier_wg);
    for n in [2u32, 7, max_cooperative_groups()] {
        let counter = std::sync::atomic::AtomicU64::new(0);
        let mut results = vec![u64::MAX; n as usize];
        let mut ka = (&counter as *const _ as u64).to_ne_bytes().to_vec();
        ka.extend_from_slice(&(results.as_mut_ptr() as u64).to_ne_bytes());
        let start = Instant::now();
        submit_coop(&q, &k, n, &ka, false);
        assert!(q.take_error().is_none(), "{n} groups");
        assert_eq!(results, (1..=n as u64).collect::<Vec<_>>(), "{n} groups");
        assert_eq!(counter.into_inner(), 3 * n as u64);
        assert!(start.elapsed() < Duration::from_secs(10), "{n} groups");
    }
}

#[test]
fn failing_group_releases_the_grid_barrier() {
    let q = queue(16);
    let k = KernelObject::from_fn(grid_meta("trapper", &[]), trap_while_others_wait_wg);
    let start = Instant::now();
    submit_coop(&q, &k, 6, &[], true);
    assert!(start.elapsed() < Duration::from_secs(10));
    let e = q.take_error().expect("error recorded");
    assert_eq!(e.kind, DispatchErrorKind::Abort);
    assert_eq!(
        e.message,
        "kernel `trapper`: trap or abort executed (work-group (2, 0, 0))"
    );
    assert!(q.take_error().is_none());
    // The queue and the cooperative path keep working.
    let k = KernelObject::from_fn(grid_meta("ring", &[8, 8]), ring_wg);
    let mut slots = vec![0u64; 3];
    let mut results = vec![0u64; 3];
    let mut ka = (slots.as_mut_ptr() as u64).to_ne_bytes().to_vec();
    ka.extend_from_slice(&(results.as_mut_ptr() as u64).to_ne_bytes());
    submit_coop(&q, &k, 3, &ka, true);
    assert!(q.take_error().is_none());
    assert_eq!(results, ring_expected(3));
}

#[test]
fn group_returning_while_others_wait_fails_the_dispatch() {
    let q = queue(16);
    let k = KernelObject::from_fn(grid_meta("early", &[]), early_return_wg);
    submit_coop(&q, &k, 5, &[], true);
    let e = q.take_error().expect("error recorded");
    assert_eq!(e.kind, DispatchErrorKind::DivergentBarrier);
    assert!(
        e.message
            .starts_with("kernel `early`: work-groups returned while others waited"),
        "{}",
        e.message
    );
}

#[test]
fn grid_sync_in_an_ordinary_dispatch_fails() {
    let q = queue(16);
    let k = KernelObject::from_fn(grid_meta("ring", &[8, 8]), ring_wg);
    let mut slots = vec![0u64; 4];
    let mut results = vec![7u64; 4];
    let mut ka = (slots.as_mut_ptr() as u64).to_ne_bytes().to_vec();
    ka.extend_from_slice(&(results.as_mut_ptr() as u64).to_ne_bytes());
    submit_coop(&q, &k, 4, &ka, false);
    let e = q.take_error().expect("error recorded");
    assert_eq!(e.kind, DispatchErrorKind::Abort);
    assert!(
        e.message.starts_with("kernel `ring`: grid-wide barrier")
            && e.message.contains("hipLaunchCooperativeKernel"),
        "{}",
        e.message
    );
    assert_eq!(results, vec![7; 4], "no group got past the grid barrier");
}

#[test]
fn too_large_cooperative_dispatch_is_an_error() {
    let q = queue(16);
    let k = KernelObject::from_fn(grid_meta("ring", &[8, 8]), ring_wg);
    let ka = [0u8; 16];
    submit_coop(&q, &k, max_cooperative_groups() + 1, &ka, true);
    let e = q.take_error().expect("error recorded");
    assert_eq!(e.kind, DispatchErrorKind::OutOfResources);
    assert!(
        e.message.contains("cooperative dispatch of"),
        "{}",
        e.message
    );
}
