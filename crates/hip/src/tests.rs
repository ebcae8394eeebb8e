//! Runtime tests with work-group functions written in Rust (no compiler needed), plus a few
//! through the real compiler (`Module::from_source`).

use crate::*;
use hsa::KernelObject;
use kernel_abi::{
    ArgKind, ArgMeta, KernelMeta, WorkGroupCtx, WG_STATUS_ABORT, WG_STATUS_DIVERGENT_BARRIER,
};
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

fn meta(name: &str, sizes: &[u32]) -> KernelMeta {
    let mut off = 0u32;
    let args = sizes
        .iter()
        .map(|&size| {
            off = off.next_multiple_of(size);
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

fn arg<T: Copy>(ka: *const u8, off: usize) -> T {
    // SAFETY: tests lay kernargs out as read here.
    unsafe { (ka.add(off) as *const T).read_unaligned() }
}

/// y[i] = a * x[i] + y[i] for i < n. Args: (x: *const f32, y: *mut f32, a: f32, n: u32).
unsafe extern "C" fn saxpy_wg(ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: live context.
    let c = unsafe { &*ctx };
    let x: *const f32 = arg(ka, 0);
    let y: *mut f32 = arg(ka, 8);
    let a: f32 = arg(ka, 16);
    let n: u32 = arg(ka, 20);
    for t in 0..c.block_dim[0] {
        let i = c.group_id[0] * c.block_dim[0] + t;
        if i < n {
            // SAFETY: i < n elements of both buffers.
            unsafe { *y.add(i as usize) += a * *x.add(i as usize) };
        }
    }
    0
}

/// Sleeps `ms` then adds 1 to *counter. Args: (counter: *mut u64, ms: u32).
unsafe extern "C" fn slow_wg(ka: *const u8, _ctx: *mut WorkGroupCtx) -> u32 {
    let p: *mut u64 = arg(ka, 0);
    let ms: u32 = arg(ka, 8);
    std::thread::sleep(Duration::from_millis(ms as u64));
    // SAFETY: p is a live u64 of device memory; one work-group, one work-item.
    unsafe { *p += 1 };
    0
}

unsafe extern "C" fn assert_wg(_ka: *const u8, ctx: *mut WorkGroupCtx) -> u32 {
    // SAFETY: the service takes NUL-terminated strings and the live context.
    unsafe {
        ((*ctx).assert_fail)(
            ctx,
            c"i < n".as_ptr(),
            c"t.hip".as_ptr(),
            7,
            c"bad".as_ptr(),
        )
    };
    WG_STATUS_ABORT
}

unsafe extern "C" fn divergent_wg(_ka: *const u8, _ctx: *mut WorkGroupCtx) -> u32 {
    WG_STATUS_DIVERGENT_BARRIER
}

fn module() -> Module {
    let mut bounded = meta("bounded", &[]);
    bounded.max_threads_per_block = Some(128);
    Module::from_kernel_objects_for_tests(vec![
        KernelObject::from_fn(meta("saxpy", &[8, 8, 4, 4]), saxpy_wg),
        KernelObject::from_fn(meta("slow", &[8, 4]), slow_wg),
        KernelObject::from_fn(meta("bad", &[]), assert_wg),
        KernelObject::from_fn(meta("div", &[]), divergent_wg),
        KernelObject::from_fn(bounded, divergent_wg),
    ])
}

fn launch_slow(f: &Function, counter: &DeviceBuffer<u64>, ms: u32, s: Option<&Stream>) {
    f.launch(1.into(), 1.into(), 0, s, &[counter, &ms])
        .expect("launch slow");
}

#[test]
fn devices() {
    assert_eq!(device_count(), Ok(1));
    assert_eq!(set_device(0), Ok(()));
    assert_eq!(get_device(), Ok(0));
    assert_eq!(set_device(1), Err(HipError::InvalidDevice));
    assert_eq!(get_last_error(), HipError::InvalidDevice);
    assert_eq!(get_last_error(), HipError::Success);
    let p = get_device_properties(0).expect("props");
    assert!(!p.name.is_empty());
    assert_eq!(p.max_threads_per_block, 1024);
    assert_eq!(p.max_grid_size, [i32::MAX, 65536, 65536]);
    assert_eq!(p.shared_mem_per_block, 65536);
    assert!(p.warp_size == 64 || p.warp_size == 32);
    assert!(p.multi_processor_count >= 1);
    assert_eq!(
        get_device_properties(3).err(),
        Some(HipError::InvalidDevice)
    );
    let (free, total) = mem_get_info().expect("info");
    assert!(free <= total && total > 0);
}

#[test]
fn memory_round_trip_and_validation() {
    // SAFETY: the test owns these allocations and host arrays.
    unsafe {
        let d = malloc(256).expect("malloc");
        assert_eq!(d as usize % 256, 0);
        let src: Vec<u8> = (0..=255).collect();
        let mut out = vec![0u8; 256];
        memcpy(
            d,
            src.as_ptr() as *const c_void,
            256,
            MemcpyKind::HostToDevice,
        )
        .expect("h2d");
        memcpy(
            out.as_mut_ptr() as *mut c_void,
            d,
            256,
            MemcpyKind::DeviceToHost,
        )
        .expect("d2h");
        assert_eq!(out, src);
        memset(d.cast::<u8>().add(16).cast(), 0x7f, 16).expect("memset");
        memcpy(out.as_mut_ptr() as *mut c_void, d, 256, MemcpyKind::Default).expect("default");
        assert!(out[16..32].iter().all(|&b| b == 0x7f));
        assert_eq!(out[15], 15);
        // Past the end of the allocation.
        assert_eq!(
            memcpy(
                d.cast::<u8>().add(200).cast(),
                src.as_ptr() as *const c_void,
                100,
                MemcpyKind::HostToDevice
            ),
            Err(HipError::InvalidValue)
        );
        assert!(last_error_detail().is_some_and(|m| m.contains("past the end")));
        // A host pointer as the device side.
        assert_eq!(
            memcpy(
                out.as_mut_ptr() as *mut c_void,
                src.as_ptr() as *const c_void,
                4,
                MemcpyKind::DeviceToHost
            ),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            memset(out.as_mut_ptr() as *mut c_void, 0, 4),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            memcpy(std::ptr::null_mut(), d, 4, MemcpyKind::DeviceToHost),
            Err(HipError::InvalidValue)
        );
        // Zero bytes is a no-op.
        assert_eq!(
            memcpy(
                std::ptr::null_mut(),
                std::ptr::null(),
                0,
                MemcpyKind::Default
            ),
            Ok(())
        );
        free(d).expect("free");
        // Freed and foreign pointers are checked in tests/freed_pointers.rs, a process of
        // their own: here a test running beside this one may be handed `d` again.
        assert_eq!(
            free(out.as_mut_ptr() as *mut c_void),
            Err(HipError::InvalidValue)
        );
        assert_eq!(free(std::ptr::null_mut()), Ok(()));
        assert_eq!(malloc(0), Ok(std::ptr::null_mut()));
        assert_eq!(malloc(usize::MAX / 2).err(), Some(HipError::OutOfMemory));
        // Pinned host memory works as both sides; hipFree of it is an error.
        let h = host_malloc(64).expect("host_malloc");
        let d2 = malloc(64).expect("malloc");
        memset(h, 3, 64).expect("memset pinned");
        memcpy(d2, h, 64, MemcpyKind::HostToDevice).expect("h2d pinned");
        assert_eq!(free(h), Err(HipError::InvalidValue));
        assert_eq!(host_free(d2), Err(HipError::InvalidValue));
        host_free(h).expect("host_free");
        free(d2).expect("free");
    }
}

#[test]
fn device_buffer() {
    let mut b = DeviceBuffer::from_slice(&[1u32, 2, 3]).expect("buffer");
    assert_eq!(b.len(), 3);
    assert_eq!(b.bytes(), 12);
    assert_eq!(b.to_vec(), Ok(vec![1, 2, 3]));
    b.fill_bytes(0xff).expect("fill");
    assert_eq!(b.to_vec(), Ok(vec![u32::MAX; 3]));
    assert_eq!(b.copy_from_slice(&[1, 2]), Err(HipError::InvalidValue));
    let e = DeviceBuffer::<f64>::new(0).expect("empty");
    assert!(e.is_empty());
    assert_eq!(e.to_vec(), Ok(vec![]));
}

#[test]
fn saxpy_launch() {
    let m = module();
    let f = m.function("saxpy").expect("function");
    let n = 10_000u32;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let y: Vec<f32> = (0..n).map(|i| 1.0 + i as f32).collect();
    let dx = DeviceBuffer::from_slice(&x).expect("x");
    let dy = DeviceBuffer::from_slice(&y).expect("y");
    let s = Stream::new().expect("stream");
    f.launch(
        n.div_ceil(256).into(),
        256.into(),
        0,
        Some(&s),
        &[&dx, &dy, &2.0f32, &n],
    )
    .expect("launch");
    s.synchronize().expect("sync");
    let out = dy.to_vec().expect("out");
    assert!(out
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 1.0 + 3.0 * i as f32));
    // On the null stream; the synchronous copy sees the result.
    f.launch(
        n.div_ceil(128).into(),
        128.into(),
        0,
        None,
        &[&dx, &dy, &1.0f32, &n],
    )
    .expect("launch");
    let out = dy.to_vec().expect("out");
    assert!(out
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 1.0 + 4.0 * i as f32));
    assert_eq!(m.function("nope").err(), Some(HipError::NotFound));
    assert_eq!(m.global("nope").err(), Some(HipError::NotFound));
}

#[test]
fn launch_validation() {
    let m = module();
    let f = m.function("saxpy").expect("function");
    let d = DeviceBuffer::<f32>::new(4).expect("buf");
    let args: [&dyn KernelArg; 4] = [&d, &d, &1.0f32, &4u32];
    let cfg = |g: Dim3, b: Dim3, sh: u32| f.launch(g, b, sh, None, &args);
    assert_eq!(
        cfg(Dim3::new(0, 1, 1), 1.into(), 0),
        Err(HipError::InvalidValue)
    );
    assert_eq!(
        cfg(1.into(), Dim3::new(1, 0, 1), 0),
        Err(HipError::InvalidValue)
    );
    assert_eq!(cfg(1.into(), 1025.into(), 0), Err(HipError::InvalidValue));
    assert_eq!(
        cfg(1.into(), (32, 32, 2).into(), 0),
        Err(HipError::InvalidValue)
    );
    assert_eq!(
        cfg(Dim3::new(1, 65537, 1), 1.into(), 0),
        Err(HipError::InvalidValue)
    );
    assert_eq!(
        cfg((i32::MAX as u32).into(), 4.into(), 0),
        Err(HipError::InvalidConfiguration)
    );
    assert_eq!(cfg(1.into(), 1.into(), 65537), Err(HipError::InvalidValue));
    assert_eq!(
        f.launch(1.into(), 1.into(), 0, None, &[&d, &d, &1.0f32]),
        Err(HipError::InvalidValue)
    );
    assert_eq!(
        f.launch(1.into(), 1.into(), 0, None, &[&d, &d, &1.0f64, &4u32]),
        Err(HipError::InvalidValue)
    );
    assert!(last_error_detail().is_some_and(|m| m.contains("argument 2")));
    let b = m.function("bounded").expect("bounded");
    assert_eq!(
        b.launch(1.into(), 256.into(), 0, None, &[]),
        Err(HipError::LaunchFailure)
    );
    assert_eq!(get_last_error(), HipError::LaunchFailure);
    // A valid launch still works afterwards.
    cfg(1.into(), 4.into(), 65536).expect("launch");
    Stream::null().synchronize().expect("sync");
}

#[test]
fn kernel_failures_surface_at_synchronize() {
    let m = module();
    let s = Stream::new().expect("stream");
    m.function("bad")
        .expect("bad")
        .launch(4.into(), 64.into(), 0, Some(&s), &[])
        .expect("launch");
    assert_eq!(s.synchronize(), Err(HipError::Assert));
    // Every group asserts; whichever was first is named.
    let detail = last_error_detail().unwrap_or_default();
    assert!(
        detail
            .starts_with("kernel `bad`: assertion `i < n` failed at t.hip:7 in bad (work-group (")
            && detail.ends_with(", 0, 0))"),
        "{detail}"
    );
    assert_eq!(s.synchronize(), Ok(()));
    m.function("div")
        .expect("div")
        .launch(1.into(), 8.into(), 0, Some(&s), &[])
        .expect("launch");
    assert_eq!(s.synchronize(), Err(HipError::LaunchFailure));
    assert!(last_error_detail().is_some_and(|m| m.contains("different barriers")));
}

#[test]
fn null_stream_waits_for_blocking_streams() {
    let m = module();
    let slow = m.function("slow").expect("slow");
    let counter = DeviceBuffer::<u64>::from_slice(&[0]).expect("counter");
    let s = Stream::new().expect("stream");
    launch_slow(&slow, &counter, 100, Some(&s));
    // The synchronous copy on the null stream is ordered after the blocking stream's kernel.
    assert_eq!(counter.to_vec(), Ok(vec![1]));
    // And work on a blocking stream waits for the null stream's earlier work.
    launch_slow(&slow, &counter, 100, None);
    let e = Event::new().expect("event");
    e.record(&s).expect("record");
    e.synchronize().expect("sync");
    assert_eq!(counter.to_vec(), Ok(vec![2]));
}

#[test]
fn non_blocking_stream_does_not_sync_with_null_stream() {
    let m = module();
    let slow = m.function("slow").expect("slow");
    let counter = DeviceBuffer::<u64>::from_slice(&[0]).expect("counter");
    let other = DeviceBuffer::<u64>::from_slice(&[0]).expect("other");
    let s = Stream::with_flags(STREAM_NON_BLOCKING).expect("stream");
    assert_eq!(s.flags(), STREAM_NON_BLOCKING);
    launch_slow(&slow, &counter, 500, Some(&s));
    // The null stream does not wait for the non-blocking stream's kernel.
    assert_eq!(other.to_vec(), Ok(vec![0]));
    assert_eq!(s.query(), Err(HipError::NotReady));
    s.synchronize().expect("sync");
    assert_eq!(s.query(), Ok(()));
    assert_eq!(counter.to_vec(), Ok(vec![1]));
    assert_eq!(Stream::with_flags(8).err(), Some(HipError::InvalidValue));
}

#[test]
fn events_time_and_order() {
    let m = module();
    let slow = m.function("slow").expect("slow");
    let counter = DeviceBuffer::<u64>::from_slice(&[0]).expect("counter");
    let s1 = Stream::with_flags(STREAM_NON_BLOCKING).expect("s1");
    let s2 = Stream::with_flags(STREAM_NON_BLOCKING).expect("s2");
    let (a, b) = (Event::new().expect("a"), Event::new().expect("b"));
    assert_eq!(a.query(), Ok(()));
    assert_eq!(Event::elapsed_time(&a, &b), Err(HipError::InvalidHandle));
    a.record(&s1).expect("record");
    launch_slow(&slow, &counter, 50, Some(&s1));
    b.record(&s1).expect("record");
    // s2 waits for b, then adds again.
    s2.wait_event(&b).expect("wait_event");
    launch_slow(&slow, &counter, 1, Some(&s2));
    s2.synchronize().expect("sync");
    assert_eq!(b.query(), Ok(()));
    assert_eq!(counter.to_vec(), Ok(vec![2]));
    let ms = Event::elapsed_time(&a, &b).expect("elapsed");
    assert!((45.0..5000.0).contains(&ms), "{ms}");
    let nt = Event::with_flags(EVENT_DISABLE_TIMING).expect("nt");
    nt.record(&s1).expect("record");
    nt.synchronize().expect("sync");
    assert_eq!(Event::elapsed_time(&a, &nt), Err(HipError::InvalidHandle));
    assert_eq!(Event::with_flags(0x100).err(), Some(HipError::InvalidValue));
}

#[test]
fn destroying_a_busy_stream_finishes_its_work() {
    let m = module();
    let slow = m.function("slow").expect("slow");
    let counter = DeviceBuffer::<u64>::from_slice(&[0]).expect("counter");
    let s = Stream::with_flags(STREAM_NON_BLOCKING).expect("stream");
    for _ in 0..10 {
        launch_slow(&slow, &counter, 5, Some(&s));
    }
    s.destroy().expect("destroy");
    assert_eq!(counter.to_vec(), Ok(vec![10]));
    assert_eq!(Stream::null().destroy(), Err(HipError::InvalidHandle));
}

#[test]
fn many_threads_at_once() {
    let counter = std::sync::Arc::new(AtomicU64::new(0));
    let threads: Vec<_> = (0..6)
        .map(|t| {
            let counter = counter.clone();
            std::thread::spawn(move || {
                let m = module();
                let f = m.function("saxpy").expect("f");
                let s = Stream::new().expect("stream");
                let n = 1000u32;
                let x = DeviceBuffer::from_slice(&vec![1.0f32; n as usize]).expect("x");
                let y = DeviceBuffer::from_slice(&vec![t as f32; n as usize]).expect("y");
                for _ in 0..5 {
                    f.launch(8.into(), 128.into(), 0, Some(&s), &[&x, &y, &1.0f32, &n])
                        .expect("launch");
                }
                s.synchronize()
                    .unwrap_or_else(|e| panic!("{e}: {:?}", last_error_detail()));
                let v = y.to_vec().expect("y");
                assert!(v.iter().all(|&e| e == t as f32 + 5.0));
                assert_eq!(peek_at_last_error(), HipError::Success);
                counter.fetch_add(1, Ordering::Relaxed);
            })
        })
        .collect();
    for t in threads {
        t.join().expect("thread");
    }
    assert_eq!(counter.load(Ordering::Relaxed), 6);
}

#[test]
fn bad_images() {
    assert_eq!(
        Module::load_data(b"not a code object").err(),
        Some(HipError::InvalidImage)
    );
    let co = kernel_abi::CodeObject {
        meta: kernel_abi::CodeObjectMeta {
            target: "amdgcn-amd-amdhsa--gfx90a".into(),
            wavefront_size: 0,
            kernels: vec![],
            globals: vec![],
        },
        elf: b"\x7fELF".to_vec(),
    };
    assert_eq!(
        Module::load_data(&co.to_bytes()).err(),
        Some(HipError::NoBinaryForGpu)
    );
    assert_eq!(
        Module::load("/nonexistent/ferrocm.co").err(),
        Some(HipError::FileNotFound)
    );
}

#[test]
fn compile_error_is_invalid_source_with_log() {
    let r = Module::from_source("__global__ void k(int *p) { p[0] = undefined_name; }", &[]);
    assert_eq!(r.err(), Some(HipError::InvalidSource));
    let log = last_error_detail().unwrap_or_default();
    assert!(log.contains("undefined_name"), "{log}");
}

#[test]
fn compiled_kernel_runs() {
    let src = r#"
        extern "C" __global__ void add1(int *p, int n) {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n) p[i] += i;
        }
    "#;
    let m = Module::from_source(src, &["-O2"]).unwrap_or_else(|e| {
        panic!(
            "compile failed: {e}: {}",
            last_error_detail().unwrap_or_default()
        )
    });
    let f = m.function("add1").expect("add1");
    let n = 1000i32;
    let d = DeviceBuffer::from_slice(&vec![1i32; n as usize]).expect("buf");
    f.launch(4.into(), 256.into(), 0, None, &[&d, &n])
        .expect("launch");
    Stream::null().synchronize().expect("sync");
    let v = d.to_vec().expect("out");
    assert!(v.iter().enumerate().all(|(i, &x)| x == 1 + i as i32));
}
