//! Inter-process memory between two processes: this test binary runs itself again as the
//! importing process (`ipc_child`, active only when `FERROCM_IPC_TEST_HANDLES` is set).

mod memory_common;

use amdhip64::ipc::*;
use amdhip64::mempool::*;
use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::process::Command;
use std::ptr::null_mut;

const INVALID_CONTEXT: i32 = 201;
const N: usize = 4096;
const ENV: &str = "FERROCM_IPC_TEST_HANDLES";

fn to_hex(h: &hipIpcMemHandle_t) -> String {
    h.reserved.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(s: &str) -> hipIpcMemHandle_t {
    let mut h = hipIpcMemHandle_t { reserved: [0; 64] };
    for (i, b) in h.reserved.iter_mut().enumerate() {
        *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex byte");
    }
    h
}

/// Runs this test binary's test `name` alone as the importing process, with `var` set to
/// `value` (what it imports), and asserts that it ran and passed.
fn run_importer(name: &str, var: &str, value: &str) {
    let out = Command::new(std::env::current_exe().expect("test binary"))
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(var, value)
        .output()
        .expect("run the importing process");
    assert!(
        out.status.success(),
        "importing process failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 passed"));
}

/// The importing process: `y = 2 x + 3` by a kernel on both imported buffers (x at an
/// offset), then both opens of x closed.
#[test]
fn ipc_child() {
    let _alone = alone();
    let Ok(handles) = std::env::var(ENV) else {
        return;
    };
    let (hx, hy) = handles.split_once(',').expect("two handles");
    let (hx, hy) = (from_hex(hx), from_hex(hy));
    // SAFETY: the imported pointers hold N floats each (x from its offset on).
    unsafe {
        let (mut x, mut x2, mut y) = (null_mut(), null_mut(), null_mut());
        ok(hipIpcOpenMemHandle(
            &mut x,
            hx,
            IPC_MEM_LAZY_ENABLE_PEER_ACCESS,
        ));
        ok(hipIpcOpenMemHandle(
            &mut x2,
            hx,
            IPC_MEM_LAZY_ENABLE_PEER_ACCESS,
        ));
        assert_eq!(x, x2, "one mapping per handle");
        ok(hipIpcOpenMemHandle(
            &mut y,
            hy,
            IPC_MEM_LAZY_ENABLE_PEER_ACCESS,
        ));
        // HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR of an opened mapping: its base.
        let mut start = null_mut::<c_void>();
        ok(hipPointerGetAttribute(
            (&mut start as *mut *mut c_void).cast(),
            11,
            y.cast::<u8>().add(40).cast(),
        ));
        assert_eq!(start, y);
        axpb(x, y, 2.0, 3.0, N as i32, null_mut());
        ok(hipDeviceSynchronize());
        ok(hipIpcCloseMemHandle(x));
        let mut attrs: amdhip64::abi::hipPointerAttribute_t = std::mem::zeroed();
        ok(hipPointerGetAttributes(&mut attrs, x2));
        assert_eq!(attrs.type_, 2, "still open once");
        ok(hipIpcCloseMemHandle(x2));
        // Closed for good: unknown memory, which ROCm 6 reports as unregistered (success).
        ok(hipPointerGetAttributes(&mut attrs, x2));
        assert_eq!(attrs.type_, 0, "unregistered after the last close");
        let mut start = null_mut::<c_void>();
        expect(
            hipPointerGetAttribute((&mut start as *mut *mut c_void).cast(), 11, x2),
            INVALID_VALUE,
        );
        expect(hipIpcCloseMemHandle(x2), INVALID_VALUE);
        // hipDeviceReset closes what is still open, as ROCm's purge of the device's memory.
        ok(hipIpcOpenMemHandle(
            &mut x,
            hx,
            IPC_MEM_LAZY_ENABLE_PEER_ACCESS,
        ));
        ok(hipDeviceReset());
        expect(hipIpcCloseMemHandle(y), INVALID_VALUE);
        expect(hipIpcCloseMemHandle(x), INVALID_VALUE);
    }
}

#[test]
fn device_memory_is_shared_with_another_process() {
    let _alone = alone();
    let host = random_floats(N, 0x5eed_0005);
    // SAFETY: allocations of the sizes used; handles are written into locals.
    unsafe {
        let (mut x, mut y) = (null_mut(), null_mut());
        // x starts 256 bytes into its allocation: handles carry the offset.
        ok(hipMalloc(&mut x, N * 4 + 256));
        ok(hipMalloc(&mut y, N * 4));
        let xo = x.cast::<u8>().add(256).cast::<c_void>();
        ok(hipMemcpy(xo, host.as_ptr().cast(), N * 4, 1));
        ok(hipMemset(y, 0xff, N * 4));
        let mut hx = hipIpcMemHandle_t { reserved: [0; 64] };
        let mut hy = hx;
        ok(hipIpcGetMemHandle(&mut hx, xo));
        ok(hipIpcGetMemHandle(&mut hy, y));

        run_importer(
            "ipc_child",
            ENV,
            &format!("{},{}", to_hex(&hx), to_hex(&hy)),
        );

        let mut back = vec![f32::NAN; N];
        ok(hipMemcpy(back.as_mut_ptr().cast(), y, N * 4, 2));
        for i in 0..N {
            assert_eq!(back[i], 2.0 * host[i] + 3.0, "element {i}");
        }
        ok(hipFree(x));
        ok(hipFree(y));
    }
}

const EVENT_ENV: &str = "FERROCM_IPC_TEST_EVENT";

/// The importing process of the event test: waits on the exporter's event (through a stream
/// and synchronously), then reads memory the exporter's stream wrote before recording it.
#[test]
fn ipc_event_child() {
    let _alone = alone();
    let Ok(handles) = std::env::var(EVENT_ENV) else {
        return;
    };
    let (he, hm) = handles.split_once(',').expect("two handles");
    let mut ev_handle = hipIpcEventHandle_t { reserved: [0; 64] };
    ev_handle.reserved = from_hex(he).reserved;
    // SAFETY: the imported memory holds N bytes.
    unsafe {
        let mut ev = null_mut();
        ok(hipIpcOpenEventHandle(&mut ev, ev_handle));
        let mut y = null_mut();
        ok(hipIpcOpenMemHandle(
            &mut y,
            from_hex(hm),
            IPC_MEM_LAZY_ENABLE_PEER_ACCESS,
        ));
        ok(hipStreamWaitEvent(null_mut(), ev, 0));
        let mut back = vec![0u8; N];
        ok(hipMemcpy(back.as_mut_ptr().cast(), y, N, 2));
        assert!(
            back.iter().all(|&b| b == 42),
            "read before the exporter's record"
        );
        ok(hipEventSynchronize(ev));
        ok(hipEventQuery(ev));
        ok(hipEventDestroy(ev));
        ok(hipIpcCloseMemHandle(y));
    }
}

unsafe extern "C" fn sleep_500ms(_: *mut c_void) {
    std::thread::sleep(std::time::Duration::from_millis(500));
}

#[test]
fn events_order_work_across_processes() {
    let _alone = alone();
    // SAFETY: live handles; the host function and copies use memory that outlives them.
    unsafe {
        let mut s = null_mut();
        ok(hipStreamCreateWithFlags(&mut s, 1));
        let mut ev = null_mut();
        ok(hipEventCreateWithFlags(&mut ev, 2 | 4));
        let mut he = hipIpcEventHandle_t { reserved: [0; 64] };
        ok(hipIpcGetEventHandle(&mut he, ev));
        let mut y = null_mut();
        ok(hipMalloc(&mut y, N));
        ok(hipMemset(y, 0xff, N));
        let mut hm = hipIpcMemHandle_t { reserved: [0; 64] };
        ok(hipIpcGetMemHandle(&mut hm, y));
        // The stream is busy for a while, then writes, then records the event.
        ok(hipLaunchHostFunc(s, Some(sleep_500ms), null_mut()));
        ok(hipMemsetAsync(y, 42, N, s));
        ok(hipEventRecord(ev, s));
        let he_hex = to_hex(&hipIpcMemHandle_t {
            reserved: he.reserved,
        });
        run_importer(
            "ipc_event_child",
            EVENT_ENV,
            &format!("{he_hex},{}", to_hex(&hm)),
        );
        ok(hipStreamSynchronize(s));

        // Errors.
        let mut plain = null_mut();
        ok(hipEventCreateWithFlags(&mut plain, 2));
        expect(hipIpcGetEventHandle(&mut he, plain), 9);
        expect(hipIpcGetEventHandle(null_mut(), ev), INVALID_VALUE);
        expect(hipIpcGetEventHandle(&mut he, null_mut()), INVALID_VALUE);
        let mut opened = null_mut();
        expect(hipIpcOpenEventHandle(&mut opened, he), INVALID_CONTEXT);
        expect(hipIpcOpenEventHandle(null_mut(), he), INVALID_VALUE);
        let junk = hipIpcEventHandle_t { reserved: [3; 64] };
        expect(hipIpcOpenEventHandle(&mut opened, junk), INVALID_HANDLE);
        ok(hipEventDestroy(plain));
        ok(hipEventDestroy(ev));
        ok(hipStreamDestroy(s));
        ok(hipFree(y));
    }
}

const POOL_ENV: &str = "FERROCM_IPC_TEST_POOL";

fn export_hex(d: &hipMemPoolPtrExportData) -> String {
    d.reserved.iter().map(|b| format!("{b:02x}")).collect()
}

/// The importing process of the pool test: imports the pool from the inherited descriptor
/// and both exported allocations, `y = 2 x + 3` by a kernel, then frees its mappings.
#[test]
fn ipc_pool_child() {
    let _alone = alone();
    let Ok(v) = std::env::var(POOL_ENV) else {
        return;
    };
    let parts: Vec<&str> = v.split(',').collect();
    let fd: usize = parts[0].parse().expect("descriptor");
    let data = |hex: &str| hipMemPoolPtrExportData {
        reserved: from_hex(hex).reserved,
    };
    let (mut dx, mut dy) = (data(parts[1]), data(parts[2]));
    // SAFETY: the imported pointers map N floats each.
    unsafe {
        let mut pool = null_mut();
        ok(hipMemPoolImportFromShareableHandle(
            &mut pool,
            fd as *mut c_void,
            MEM_HANDLE_TYPE_POSIX_FD,
            0,
        ));
        let mut flags = 0;
        let loc = hipMemLocation {
            type_: MEM_LOCATION_TYPE_DEVICE,
            id: 0,
        };
        ok(hipMemPoolGetAccess(&mut flags, pool, &loc));
        assert_eq!(flags, MEM_ACCESS_PROT_READ_WRITE);
        let (mut x, mut y) = (null_mut(), null_mut());
        ok(hipMemPoolImportPointer(&mut x, pool, &mut dx));
        ok(hipMemPoolImportPointer(&mut y, pool, &mut dy));
        axpb(x, y, 2.0, 3.0, N as i32, null_mut());
        ok(hipDeviceSynchronize());
        ok(hipFree(x));
        ok(hipFree(y));
        ok(hipMemPoolDestroy(pool));
    }
}

#[test]
fn pool_memory_is_shared_with_another_process() {
    let _alone = alone();
    let host = random_floats(N, 0x5eed_0006);
    let props = pool_props(MEM_HANDLE_TYPE_POSIX_FD);
    // SAFETY: valid out-pointers and sizes; the descriptor is the test's to pass on.
    unsafe {
        let mut pool = null_mut();
        ok(hipMemPoolCreate(&mut pool, &props));
        // Exported before the allocations exist: the descriptor covers the pool's future
        // memory too (hip-tests' order).
        let mut fd = -1i32;
        ok(hipMemPoolExportToShareableHandle(
            (&mut fd as *mut i32).cast(),
            pool,
            MEM_HANDLE_TYPE_POSIX_FD,
            0,
        ));
        let (mut x, mut y) = (null_mut(), null_mut());
        ok(hipMallocFromPoolAsync(&mut x, N * 4, pool, null_mut()));
        ok(hipMallocFromPoolAsync(&mut y, N * 4, pool, null_mut()));
        ok(hipMemcpy(x, host.as_ptr().cast(), N * 4, 1));
        ok(hipMemset(y, 0xff, N * 4));
        let (mut dx, mut dy) = (
            hipMemPoolPtrExportData { reserved: [0; 64] },
            hipMemPoolPtrExportData { reserved: [0; 64] },
        );
        ok(hipMemPoolExportPointer(&mut dx, x));
        ok(hipMemPoolExportPointer(&mut dy, y));
        // The child inherits the descriptor (as one sent over a Unix socket arrives).
        assert_eq!(libc::fcntl(fd, libc::F_SETFD, 0), 0);
        run_importer(
            "ipc_pool_child",
            POOL_ENV,
            &format!("{fd},{},{}", export_hex(&dx), export_hex(&dy)),
        );
        let mut back = vec![f32::NAN; N];
        ok(hipMemcpy(back.as_mut_ptr().cast(), y, N * 4, 2));
        for i in 0..N {
            assert_eq!(back[i], 2.0 * host[i] + 3.0, "element {i}");
        }
        ok(hipFreeAsync(x, null_mut()));
        ok(hipFreeAsync(y, null_mut()));
        ok(hipStreamSynchronize(null_mut()));
        ok(hipMemPoolDestroy(pool));
        libc::close(fd);
    }
}

#[test]
fn ipc_errors() {
    let _alone = alone();
    // SAFETY: valid out-pointers; deliberate bad pointers and handles.
    unsafe {
        let mut p = null_mut();
        ok(hipMalloc(&mut p, 1024));
        let mut h = hipIpcMemHandle_t { reserved: [0; 64] };
        let mut q = null_mut();
        expect(hipIpcGetMemHandle(null_mut(), p), INVALID_VALUE);
        expect(hipIpcGetMemHandle(&mut h, null_mut()), INVALID_VALUE);
        expect(
            hipIpcGetMemHandle(&mut h, p.cast::<u8>().add(1024).cast()),
            INVALID_VALUE,
        );
        let mut local = 0u64;
        expect(
            hipIpcGetMemHandle(&mut h, (&mut local as *mut u64).cast()),
            INVALID_VALUE,
        );
        let mut pa = null_mut();
        ok(hipMallocAsync(&mut pa, 64, null_mut()));
        expect(hipIpcGetMemHandle(&mut h, pa), INVALID_VALUE);
        ok(hipFreeAsync(pa, null_mut()));

        ok(hipIpcGetMemHandle(&mut h, p));
        expect(
            hipIpcOpenMemHandle(&mut q, h, IPC_MEM_LAZY_ENABLE_PEER_ACCESS),
            INVALID_CONTEXT,
        );
        expect(hipIpcOpenMemHandle(null_mut(), h, 0), INVALID_VALUE);
        expect(hipIpcOpenMemHandle(&mut q, h, 0), INVALID_VALUE);
        expect(hipIpcOpenMemHandle(&mut q, h, 2), INVALID_VALUE);
        let junk = hipIpcMemHandle_t { reserved: [7; 64] };
        expect(hipIpcOpenMemHandle(&mut q, junk, 1), INVALID_VALUE);
        // A handle of a process that is gone cannot be attached.
        let mut gone = h;
        gone.reserved[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        expect(hipIpcOpenMemHandle(&mut q, gone, 1), 17);
        expect(hipIpcCloseMemHandle(null_mut()), INVALID_VALUE);
        expect(hipIpcCloseMemHandle(p), INVALID_VALUE);
        ok(hipFree(p));
        expect(hipIpcGetMemHandle(&mut h, p), INVALID_VALUE);
    }
}
