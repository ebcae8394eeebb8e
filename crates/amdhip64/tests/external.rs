//! External memory and semaphores through the C ABI: a memory file imported as device memory
//! (buffers at offsets carry data both ways through copies, fills and a kernel while the
//! exporter's own mapping sees every byte), the runtime's ownership of the descriptor, the
//! mapping's lifetime across hipFree and hipDestroyExternalMemory, every error path with
//! ROCm's code, semaphores (none can be imported) and the external-semaphore graph nodes.

mod common;
mod memory_common;

use amdhip64::external::*;
use amdhip64::graph::*;
use amdhip64::*;
use memory_common::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

const STREAM_CAPTURE_UNSUPPORTED: i32 = 900;

fn page() -> usize {
    // SAFETY: sysconf has no preconditions.
    usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096)
}

/// A memory file of `len` bytes, as an exporter (a Vulkan CPU driver, another library) hands
/// one out, and the exporter's own shared mapping of it.
struct MemFile {
    fd: i32,
    view: *mut u8,
    len: usize,
    /// (device, inode): tells the file apart from whatever reuses its descriptor number.
    id: (u64, u64),
}

impl MemFile {
    fn new(len: usize) -> MemFile {
        // SAFETY: a NUL-terminated name; the descriptor is checked before use.
        let fd = unsafe { libc::memfd_create(c"ferrocm-external-test".as_ptr(), 0) };
        assert!(fd >= 0, "memfd_create: {}", std::io::Error::last_os_error());
        // SAFETY: a descriptor this test owns.
        assert_eq!(unsafe { libc::ftruncate(fd, len as libc::off_t) }, 0);
        // SAFETY: a new shared mapping of the whole file.
        let view = unsafe {
            libc::mmap(
                null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd,
                0,
            )
        };
        assert_ne!(view, libc::MAP_FAILED);
        MemFile {
            fd,
            view: view.cast(),
            len,
            id: file_id(fd).expect("fstat of a new memory file"),
        }
    }

    /// What the exporter sees now (a copy: the runtime writes the same pages).
    fn bytes(&self) -> Vec<u8> {
        // SAFETY: the mapping lives as long as `self` and holds `len` bytes.
        unsafe { std::slice::from_raw_parts(self.view, self.len) }.to_vec()
    }

    /// Writes `data` at `offset` through the exporter's mapping.
    fn write(&self, offset: usize, data: &[u8]) {
        assert!(offset + data.len() <= self.len);
        // SAFETY: inside the mapping; no reference to it is held anywhere.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), self.view.add(offset), data.len()) };
    }

    fn desc(&self, size: usize) -> hipExternalMemoryHandleDesc {
        fd_desc(self.fd, size as u64)
    }

    /// Whether the descriptor still names this file (the runtime has not closed it).
    fn open(&self) -> bool {
        file_id(self.fd) == Some(self.id)
    }
}

impl Drop for MemFile {
    fn drop(&mut self) {
        // SAFETY: the test's own mapping; the descriptor only when the runtime did not take it.
        unsafe {
            libc::munmap(self.view.cast(), self.len);
            if self.open() {
                libc::close(self.fd);
            }
        }
    }
}

fn file_id(fd: i32) -> Option<(u64, u64)> {
    // SAFETY: an all-zero `stat` is valid; fstat checks the descriptor.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `st` is writable.
    (unsafe { libc::fstat(fd, &mut st) } == 0).then_some((st.st_dev, st.st_ino))
}

fn fd_desc(fd: i32, size: u64) -> hipExternalMemoryHandleDesc {
    hipExternalMemoryHandleDesc {
        type_: EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD,
        handle: hipExternalMemoryHandle { fd },
        size,
        flags: 0,
        reserved: [0; 16],
    }
}

fn buffer_desc(offset: usize, size: usize) -> hipExternalMemoryBufferDesc {
    hipExternalMemoryBufferDesc {
        offset: offset as u64,
        size: size as u64,
        ..Default::default()
    }
}

fn import(desc: &hipExternalMemoryHandleDesc) -> hipExternalMemory_t {
    let mut m = null_mut();
    // SAFETY: valid out-pointer and descriptor.
    ok(unsafe { hipImportExternalMemory(&mut m, desc) });
    assert!(!m.is_null());
    m
}

fn map_buffer(m: hipExternalMemory_t, offset: usize, size: usize) -> *mut c_void {
    let mut p = null_mut();
    // SAFETY: valid out-pointer and descriptor.
    ok(unsafe { hipExternalMemoryGetMappedBuffer(&mut p, m, &buffer_desc(offset, size)) });
    assert!(!p.is_null());
    p
}

#[test]
fn imported_memory_file_is_device_memory_shared_with_the_exporter() {
    let pg = page();
    let file = MemFile::new(4 * pg);
    let pattern: Vec<u8> = (0..4 * pg).map(|i| (i * 7 + 3) as u8).collect();
    file.write(0, &pattern);
    // Less than the whole file may be imported, with the dedicated flag or without.
    let mut desc = file.desc(3 * pg + 100);
    desc.flags = EXTERNAL_MEMORY_DEDICATED;
    let m = import(&desc);
    assert!(
        file.open(),
        "the runtime holds the descriptor until destroy"
    );

    // SAFETY: every device pointer below lies inside the imported range; host buffers are
    // as long as each copy.
    unsafe {
        // A buffer at an offset reads what the exporter wrote.
        let off = 64;
        let len = 2 * pg;
        let p = map_buffer(m, off, len);
        let mut host = vec![0u8; len];
        ok(hipMemcpy(host.as_mut_ptr().cast(), p, len, 2));
        assert_eq!(&host[..], &file.bytes()[off..off + len]);
        // Default-kind copies classify it as device memory too.
        let mut attrs: amdhip64::abi::hipPointerAttribute_t = std::mem::zeroed();
        ok(hipPointerGetAttributes(&mut attrs, p));
        assert_eq!(attrs.type_, 2, "hipMemoryTypeDevice");

        // A fill through the buffer shows in the exporter's mapping, and only there.
        ok(hipMemset(p.cast::<u8>().add(16).cast(), 0xab, 128));
        let bytes = file.bytes();
        assert!(bytes[off + 16..off + 144].iter().all(|&b| b == 0xab));
        assert_eq!(bytes[off + 15], ((off + 15) * 7 + 3) as u8);
        assert_eq!(bytes[off + 144], ((off + 144) * 7 + 3) as u8);

        // Device-to-device with ordinary device memory, both ways.
        let mut d = null_mut();
        ok(hipMalloc(&mut d, 256));
        ok(hipMemcpy(d, p, 256, 3));
        ok(hipMemset(p, 0, 256));
        ok(hipMemcpy(p, d, 256, 3));
        // Copies between device allocations return once queued, as in ROCm.
        ok(hipDeviceSynchronize());
        assert_eq!(file.bytes()[off..off + 256], bytes[off..off + 256]);
        ok(hipFree(d));

        // A kernel reads one buffer and writes another of the same import.
        let n = pg / 4;
        let xs = random_floats(n, 0x5eed_0e11);
        let raw: Vec<u8> = xs.iter().flat_map(|v| v.to_ne_bytes()).collect();
        file.write(pg, &raw);
        let x = map_buffer(m, pg, pg);
        let y = map_buffer(m, 2 * pg, pg);
        // Exact in both fused and unfused arithmetic (2x is exact).
        axpb(x, y, 2.0, 1.0, n as i32, null_mut());
        ok(hipDeviceSynchronize());
        let after = file.bytes();
        for (i, y) in after[2 * pg..3 * pg].chunks_exact(4).enumerate() {
            let y = f32::from_ne_bytes([y[0], y[1], y[2], y[3]]);
            assert_eq!(y, 2.0 * xs[i] + 1.0, "element {i}");
        }

        // The same range mapped twice is the same address, released once per mapping.
        let again = map_buffer(m, pg, pg);
        assert_eq!(again, x);
        ok(hipFree(again));
        ok(hipFree(x));
        ok(hipFree(y));

        // Destroying the import closes the descriptor; a buffer still mapped keeps the
        // memory until its hipFree.
        ok(hipDestroyExternalMemory(m));
        assert!(
            !file.open(),
            "hipDestroyExternalMemory closes the descriptor"
        );
        ok(hipMemset(p, 0x5a, 8));
        assert!(file.bytes()[off..off + 8].iter().all(|&b| b == 0x5a));
        ok(hipFree(p));
        // The mapping is gone: the address is no device memory any more (an unknown address
        // is unregistered host memory to pointer queries, as in ROCm 6).
        ok(hipPointerGetAttributes(&mut attrs, p));
        assert_eq!(attrs.type_, 0, "hipMemoryTypeUnregistered");
        // Destroying twice: the handle is stale.
        expect(hipDestroyExternalMemory(m), INVALID_VALUE);
    }
}

#[test]
fn regular_file_imports_and_destroy_unmaps_once_buffers_are_freed() {
    let dir = common::scratch("external-file");
    let path = dir.join("data.bin");
    let pattern: Vec<u8> = (0..8192u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(&path, &pattern).expect("write the file");
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .expect("open the file");
    let fd = std::os::fd::IntoRawFd::into_raw_fd(f);
    let m = import(&fd_desc(fd, 8192));
    // SAFETY: the buffer holds 8192 bytes; the host buffer as many.
    unsafe {
        let p = map_buffer(m, 0, 8192);
        let mut back = vec![0u8; 8192];
        ok(hipMemcpy(back.as_mut_ptr().cast(), p, 8192, 2));
        assert_eq!(back, pattern);
        ok(hipMemset(p, 0x11, 4));
        // The buffer is freed first: the import keeps the mapping.
        ok(hipFree(p));
        let q = map_buffer(m, 4, 4);
        let mut word = [0u8; 4];
        ok(hipMemcpy(
            word.as_mut_ptr().cast(),
            q.cast::<u8>().sub(4).cast(),
            4,
            2,
        ));
        assert_eq!(word, [0x11; 4]);
        ok(hipFree(q));
        ok(hipDestroyExternalMemory(m));
    }
    let on_disk = std::fs::read(&path).expect("read back");
    assert_eq!(&on_disk[..4], &[0x11; 4], "writes reach the file");
    assert_eq!(&on_disk[4..], &pattern[4..]);
}

/// What a host function tried: freeing a mapped buffer and destroying its import.
struct InCallback {
    buffer: *mut c_void,
    mem: hipExternalMemory_t,
    codes: [i32; 2],
}

unsafe extern "C" fn release_inside_host_fn(user: *mut c_void) {
    // SAFETY: the test passes an `InCallback` it keeps alive until the stream is idle.
    let c = unsafe { &mut *user.cast::<InCallback>() };
    // SAFETY: a buffer and an import of the test's.
    c.codes = unsafe { [hipFree(c.buffer), hipDestroyExternalMemory(c.mem)] };
    let _ = hipGetLastError();
}

/// Both calls wait for the device first (queued work may use the memory), which a host
/// function would do for itself forever: refused, as hipFree is there.
#[test]
fn release_inside_a_host_function_is_refused() {
    let file = MemFile::new(page());
    let m = import(&file.desc(page()));
    let p = map_buffer(m, 0, 64);
    let mut c = InCallback {
        buffer: p,
        mem: m,
        codes: [-1; 2],
    };
    // SAFETY: `c` outlives the host function (the stream is synchronized before it goes).
    unsafe {
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipLaunchHostFunc(
            s,
            Some(release_inside_host_fn),
            (&mut c as *mut InCallback).cast(),
        ));
        ok(hipStreamSynchronize(s));
        ok(hipStreamDestroy(s));
        assert_eq!(c.codes, [NOT_SUPPORTED, NOT_SUPPORTED]);
        // Neither happened: both still work outside.
        ok(hipMemset(p, 1, 64));
        ok(hipFree(p));
        ok(hipDestroyExternalMemory(m));
    }
}

#[test]
fn import_errors() {
    let pg = page();
    let file = MemFile::new(pg);
    let good = file.desc(pg);
    let mut m = null_mut();
    // SAFETY: out-pointers and descriptors are locals or null, as each case needs.
    unsafe {
        expect(hipImportExternalMemory(null_mut(), &good), INVALID_VALUE);
        expect(hipImportExternalMemory(&mut m, null()), INVALID_VALUE);
        let mut d = good;
        d.flags = 2;
        expect(hipImportExternalMemory(&mut m, &d), INVALID_VALUE);
        let mut d = good;
        d.size = 0;
        expect(hipImportExternalMemory(&mut m, &d), INVALID_VALUE);
        // Types ROCm does not import, NvSciBuf included.
        for t in [0, -1, EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF, 9] {
            let mut d = good;
            d.type_ = t;
            expect(hipImportExternalMemory(&mut m, &d), INVALID_VALUE);
        }
        // Windows and Direct3D handles do not exist on Linux.
        for t in EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32
            ..=EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE_KMT
        {
            let mut d = good;
            d.type_ = t;
            d.handle = hipExternalMemoryHandle {
                win32: hipExternalWin32Handle {
                    handle: 0x1234 as *mut c_void,
                    name: null(),
                },
            };
            expect(hipImportExternalMemory(&mut m, &d), NOT_SUPPORTED);
        }
        // Descriptors that name no memory file big enough.
        expect(
            hipImportExternalMemory(&mut m, &fd_desc(-1, 64)),
            INVALID_VALUE,
        );
        expect(
            hipImportExternalMemory(&mut m, &fd_desc(i32::MAX, 64)),
            INVALID_VALUE,
        );
        expect(
            hipImportExternalMemory(&mut m, &file.desc(pg + 1)),
            INVALID_VALUE,
        );
        let mut pipe = [0i32; 2];
        assert_eq!(libc::pipe(pipe.as_mut_ptr()), 0);
        expect(
            hipImportExternalMemory(&mut m, &fd_desc(pipe[0], 64)),
            INVALID_VALUE,
        );
        libc::close(pipe[0]);
        libc::close(pipe[1]);
        // A file open for reading only cannot be device memory, which is writable.
        let dir = common::scratch("external-readonly");
        let path = dir.join("ro.bin");
        std::fs::write(&path, [0u8; 64]).expect("write the file");
        let ro = std::fs::File::open(&path).expect("open the file");
        expect(
            hipImportExternalMemory(&mut m, &fd_desc(std::os::fd::AsRawFd::as_raw_fd(&ro), 64)),
            INVALID_VALUE,
        );
        // A failed import leaves the descriptor with the caller.
        assert!(file.open());
        assert!(m.is_null(), "no handle is written on failure");
    }
}

#[test]
fn mapped_buffer_and_destroy_errors() {
    let pg = page();
    let file = MemFile::new(pg);
    let m = import(&file.desc(pg));
    let mut p = null_mut();
    let desc = buffer_desc(0, pg);
    let local = 0u64;
    // SAFETY: out-pointers and descriptors are locals or null, as each case needs.
    unsafe {
        expect(
            hipExternalMemoryGetMappedBuffer(null_mut(), m, &desc),
            INVALID_VALUE,
        );
        expect(
            hipExternalMemoryGetMappedBuffer(&mut p, null_mut(), &desc),
            INVALID_VALUE,
        );
        expect(
            hipExternalMemoryGetMappedBuffer(&mut p, m, null()),
            INVALID_VALUE,
        );
        let mut d = desc;
        d.flags = 1;
        expect(
            hipExternalMemoryGetMappedBuffer(&mut p, m, &d),
            INVALID_VALUE,
        );
        for (off, size) in [(1, pg), (pg, 1), (0, pg + 1), (u64::MAX as usize, 2)] {
            expect(
                hipExternalMemoryGetMappedBuffer(&mut p, m, &buffer_desc(off, size)),
                INVALID_VALUE,
            );
        }
        // Not an external memory handle.
        let foreign = (&local as *const u64).cast_mut().cast();
        expect(
            hipExternalMemoryGetMappedBuffer(&mut p, foreign, &desc),
            INVALID_VALUE,
        );
        assert!(p.is_null());
        // The whole import and an empty buffer at its end are fine.
        let whole = map_buffer(m, 0, pg);
        let mut end = null_mut();
        ok(hipExternalMemoryGetMappedBuffer(
            &mut end,
            m,
            &buffer_desc(pg, 0),
        ));
        ok(hipFree(end));
        ok(hipFree(whole));

        // Mipmapped arrays: the arguments are checked, then not supported.
        let mdesc = hipExternalMemoryMipmappedArrayDesc {
            offset: 0,
            formatDesc: amdhip64::texture::hipChannelFormatDesc {
                x: 32,
                y: 0,
                z: 0,
                w: 0,
                f: 2,
            },
            extent: amdhip64::abi::hipExtent {
                width: 16,
                height: 16,
                depth: 0,
            },
            flags: 0,
            numLevels: 1,
        };
        let mut mm = null_mut();
        expect(
            hipExternalMemoryGetMappedMipmappedArray(null_mut(), m, &mdesc),
            INVALID_VALUE,
        );
        expect(
            hipExternalMemoryGetMappedMipmappedArray(&mut mm, null_mut(), &mdesc),
            INVALID_VALUE,
        );
        expect(
            hipExternalMemoryGetMappedMipmappedArray(&mut mm, m, null()),
            INVALID_VALUE,
        );
        expect(
            hipExternalMemoryGetMappedMipmappedArray(&mut mm, foreign, &mdesc),
            INVALID_VALUE,
        );
        expect(
            hipExternalMemoryGetMappedMipmappedArray(&mut mm, m, &mdesc),
            NOT_SUPPORTED,
        );
        assert!(mm.is_null());

        expect(hipDestroyExternalMemory(null_mut()), INVALID_VALUE);
        expect(hipDestroyExternalMemory(foreign), INVALID_VALUE);
        ok(hipDestroyExternalMemory(m));
        expect(
            hipExternalMemoryGetMappedBuffer(&mut p, m, &desc),
            INVALID_VALUE,
        );
        expect(
            hipExternalMemoryGetMappedMipmappedArray(&mut mm, m, &mdesc),
            INVALID_VALUE,
        );
    }
}

#[test]
fn mipmapped_array_is_refused_during_capture() {
    let file = MemFile::new(page());
    let m = import(&file.desc(page()));
    let mdesc = hipExternalMemoryMipmappedArrayDesc {
        offset: 0,
        formatDesc: Default::default(),
        extent: amdhip64::abi::hipExtent {
            width: 1,
            height: 0,
            depth: 0,
        },
        flags: 0,
        numLevels: 1,
    };
    // SAFETY: valid out-pointers; the stream lives for the test.
    unsafe {
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        // Thread-local mode: the forbidden call of this thread ends only this capture.
        ok(hipStreamBeginCapture(s, 1));
        let mut mm = null_mut();
        expect(
            hipExternalMemoryGetMappedMipmappedArray(&mut mm, m, &mdesc),
            STREAM_CAPTURE_UNSUPPORTED,
        );
        let mut g = null_mut();
        // The capture was invalidated by the forbidden call.
        let _ = hipStreamEndCapture(s, &mut g);
        let _ = hipGetLastError();
        if !g.is_null() {
            ok(hipGraphDestroy(g));
        }
        ok(hipStreamDestroy(s));
        ok(hipDestroyExternalMemory(m));
    }
}

fn sem_desc(type_: i32, fd: i32) -> hipExternalSemaphoreHandleDesc {
    hipExternalSemaphoreHandleDesc {
        type_,
        handle: hipExternalSemaphoreHandle { fd },
        flags: 0,
        reserved: [0; 16],
    }
}

fn signal_params(flags: u32) -> hipExternalSemaphoreSignalParams {
    // SAFETY: the C structure is plain data; all-zero is its `= {}`.
    let mut p: hipExternalSemaphoreSignalParams = unsafe { std::mem::zeroed() };
    p.params.fence.value = 1;
    p.flags = flags;
    p
}

fn wait_params(flags: u32) -> hipExternalSemaphoreWaitParams {
    // SAFETY: the C structure is plain data; all-zero is its `= {}`.
    let mut p: hipExternalSemaphoreWaitParams = unsafe { std::mem::zeroed() };
    p.params.fence.value = 1;
    p.flags = flags;
    p
}

#[test]
fn semaphores_cannot_be_imported_and_every_handle_is_invalid() {
    let file = MemFile::new(page());
    let mut sem = null_mut();
    // SAFETY: out-pointers, arrays and descriptors are locals or null, as each case needs.
    unsafe {
        let d = sem_desc(EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD, file.fd);
        expect(hipImportExternalSemaphore(null_mut(), &d), INVALID_VALUE);
        expect(hipImportExternalSemaphore(&mut sem, null()), INVALID_VALUE);
        // ROCm imports the opaque descriptor, Windows handle and D3D12 fence types only.
        for t in [
            -1,
            0,
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_FENCE,
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC,
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_KEYED_MUTEX,
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_KEYED_MUTEX_KMT,
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD,
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_WIN32,
            11,
        ] {
            expect(
                hipImportExternalSemaphore(&mut sem, &sem_desc(t, file.fd)),
                INVALID_VALUE,
            );
        }
        for fd in [0, -1] {
            expect(
                hipImportExternalSemaphore(
                    &mut sem,
                    &sem_desc(EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD, fd),
                ),
                INVALID_VALUE,
            );
        }
        expect(hipImportExternalSemaphore(&mut sem, &d), NOT_SUPPORTED);
        let mut w = sem_desc(EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32, 0);
        w.handle = hipExternalSemaphoreHandle {
            win32: hipExternalWin32Handle {
                handle: null_mut(),
                name: null(),
            },
        };
        expect(hipImportExternalSemaphore(&mut sem, &w), INVALID_VALUE);
        for t in
            EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32..=EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D12_FENCE
        {
            w.type_ = t;
            w.handle.win32.handle = 0x1234 as *mut c_void;
            expect(hipImportExternalSemaphore(&mut sem, &w), NOT_SUPPORTED);
        }
        assert!(sem.is_null());
        assert!(file.open(), "a refused import leaves the descriptor alone");

        // Signal and wait: ROCm's checks in order, then the semaphore itself.
        let sp = signal_params(0);
        let wp = wait_params(0);
        let bogus: hipExternalSemaphore_t = 0x1000 as *mut c_void;
        let none: hipExternalSemaphore_t = null_mut();
        // hip-tests' hipGetLastError case: a null array with one entry.
        expect(
            hipSignalExternalSemaphoresAsync(null(), &sp, 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipWaitExternalSemaphoresAsync(null(), &wp, 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipSignalExternalSemaphoresAsync(&bogus, null(), 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipWaitExternalSemaphoresAsync(&bogus, null(), 1, null_mut()),
            INVALID_VALUE,
        );
        let mut s = null_mut();
        ok(hipStreamCreate(&mut s));
        ok(hipStreamDestroy(s));
        expect(
            hipSignalExternalSemaphoresAsync(&bogus, &sp, 1, s),
            INVALID_VALUE,
        );
        expect(
            hipWaitExternalSemaphoresAsync(&bogus, &wp, 1, s),
            INVALID_VALUE,
        );
        expect(
            hipSignalExternalSemaphoresAsync(&none, &sp, 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipWaitExternalSemaphoresAsync(&none, &wp, 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipSignalExternalSemaphoresAsync(&bogus, &signal_params(1), 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipWaitExternalSemaphoresAsync(&bogus, &wait_params(1), 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipSignalExternalSemaphoresAsync(&bogus, &sp, 1, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipWaitExternalSemaphoresAsync(&bogus, &wp, 1, null_mut()),
            INVALID_VALUE,
        );
        // No semaphore: nothing to do, as ROCm.
        ok(hipSignalExternalSemaphoresAsync(&bogus, &sp, 0, null_mut()));
        ok(hipWaitExternalSemaphoresAsync(&bogus, &wp, 0, null_mut()));
        assert_eq!(hipGetLastError(), SUCCESS);

        expect(hipDestroyExternalSemaphore(null_mut()), INVALID_VALUE);
        expect(hipDestroyExternalSemaphore(bogus), INVALID_VALUE);
    }
}

#[test]
fn semaphore_graph_nodes_follow_rocm_checks_and_are_never_made() {
    let bogus: hipExternalSemaphore_t = 0x1000 as *mut c_void;
    let mut sems = [bogus];
    let sp = signal_params(0);
    let wp = wait_params(0);
    let signal = hipExternalSemaphoreSignalNodeParams {
        extSemArray: sems.as_mut_ptr(),
        paramsArray: &sp,
        numExtSems: 1,
    };
    let wait = hipExternalSemaphoreWaitNodeParams {
        extSemArray: sems.as_mut_ptr(),
        paramsArray: &wp,
        numExtSems: 1,
    };
    // SAFETY: out-pointers and parameters are locals or null, as each case needs.
    unsafe {
        let (mut g, mut other) = (null_mut(), null_mut());
        ok(hipGraphCreate(&mut g, 0));
        ok(hipGraphCreate(&mut other, 0));
        let (mut a, mut foreign) = (null_mut(), null_mut());
        ok(hipGraphAddEmptyNode(&mut a, g, null(), 0));
        ok(hipGraphAddEmptyNode(&mut foreign, other, null(), 0));
        let mut n = null_mut();

        // hip-tests' common add-node cases, then the parameters.
        expect(
            hipGraphAddExternalSemaphoresSignalNode(null_mut(), g, null(), 0, &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddExternalSemaphoresSignalNode(&mut n, null_mut(), null(), 0, &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddExternalSemaphoresSignalNode(&mut n, g, null(), 1, &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddExternalSemaphoresSignalNode(&mut n, g, &foreign, 1, &signal),
            INVALID_VALUE,
        );
        let twice = [a, a];
        expect(
            hipGraphAddExternalSemaphoresSignalNode(&mut n, g, twice.as_ptr(), 2, &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddExternalSemaphoresSignalNode(&mut n, g, &a, 1, null()),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddExternalSemaphoresWaitNode(&mut n, g, &a, 1, null()),
            INVALID_VALUE,
        );
        let mut empty = signal;
        empty.numExtSems = 0;
        expect(
            hipGraphAddExternalSemaphoresSignalNode(&mut n, g, null(), 0, &empty),
            INVALID_VALUE,
        );
        let mut no_params = wait;
        no_params.paramsArray = null();
        expect(
            hipGraphAddExternalSemaphoresWaitNode(&mut n, g, null(), 0, &no_params),
            INVALID_VALUE,
        );
        // Well-formed parameters still name a semaphore that cannot exist.
        expect(
            hipGraphAddExternalSemaphoresSignalNode(&mut n, g, &a, 1, &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphAddExternalSemaphoresWaitNode(&mut n, g, &a, 1, &wait),
            INVALID_VALUE,
        );
        assert!(n.is_null());
        let mut count = 0usize;
        ok(hipGraphGetNodes(g, null_mut(), &mut count));
        assert_eq!(count, 1, "no node was added");

        // Getters and setters: null and stale nodes, null parameters, then the node's type.
        let mut sout = signal;
        let mut wout = wait;
        expect(
            hipGraphExternalSemaphoresSignalNodeGetParams(null_mut(), &mut sout),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresSignalNodeGetParams(a, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresSignalNodeGetParams(a, &mut sout),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresWaitNodeGetParams(null_mut(), &mut wout),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresWaitNodeGetParams(a, null_mut()),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresWaitNodeGetParams(a, &mut wout),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresSignalNodeSetParams(null_mut(), &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresSignalNodeSetParams(a, null()),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresSignalNodeSetParams(a, &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresWaitNodeSetParams(null_mut(), &wait),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresWaitNodeSetParams(a, null()),
            INVALID_VALUE,
        );
        expect(
            hipGraphExternalSemaphoresWaitNodeSetParams(a, &wait),
            INVALID_VALUE,
        );
        assert_eq!(sout.numExtSems, 1, "nothing written on failure");

        let mut exec = null_mut();
        ok(hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0));
        expect(
            hipGraphExecExternalSemaphoresSignalNodeSetParams(null_mut(), a, &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, null_mut(), &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, a, null()),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, a, &signal),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecExternalSemaphoresWaitNodeSetParams(null_mut(), a, &wait),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecExternalSemaphoresWaitNodeSetParams(exec, null_mut(), &wait),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecExternalSemaphoresWaitNodeSetParams(exec, a, null()),
            INVALID_VALUE,
        );
        expect(
            hipGraphExecExternalSemaphoresWaitNodeSetParams(exec, a, &wait),
            INVALID_VALUE,
        );

        ok(hipGraphExecDestroy(exec));
        ok(hipGraphDestroy(other));
        ok(hipGraphDestroy(g));
        // A node of a destroyed graph is stale.
        expect(
            hipGraphExternalSemaphoresSignalNodeGetParams(a, &mut sout),
            INVALID_VALUE,
        );
    }
}

/// Every external-resource entry point: exported by the library and declared in
/// `hip_runtime_api.h`.
const EXTERNAL_EXPORTS: &[&str] = &[
    "hipImportExternalMemory",
    "hipExternalMemoryGetMappedBuffer",
    "hipExternalMemoryGetMappedMipmappedArray",
    "hipDestroyExternalMemory",
    "hipImportExternalSemaphore",
    "hipSignalExternalSemaphoresAsync",
    "hipWaitExternalSemaphoresAsync",
    "hipDestroyExternalSemaphore",
    "hipGraphAddExternalSemaphoresSignalNode",
    "hipGraphAddExternalSemaphoresWaitNode",
    "hipGraphExternalSemaphoresSignalNodeSetParams",
    "hipGraphExternalSemaphoresWaitNodeSetParams",
    "hipGraphExternalSemaphoresSignalNodeGetParams",
    "hipGraphExternalSemaphoresWaitNodeGetParams",
    "hipGraphExecExternalSemaphoresSignalNodeSetParams",
    "hipGraphExecExternalSemaphoresWaitNodeSetParams",
];

#[test]
fn entry_points_are_exported_and_declared() {
    let lib = common::lib_dir().join("libamdhip64.so");
    let out = common::run(
        std::process::Command::new("nm")
            .args(["-D", "--defined-only"])
            .arg(&lib),
    );
    let defined: std::collections::HashSet<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    let header = std::fs::read_to_string(common::include_dir().join("hip/hip_runtime_api.h"))
        .expect("read hip_runtime_api.h");
    for name in EXTERNAL_EXPORTS {
        assert!(defined.contains(name), "{name} is not exported");
        assert!(
            header.contains(&format!(" {name}(")),
            "{name} is not declared"
        );
    }
}

/// The C view: `tests/c/external.c`, compiled by gcc against `<hip/hip_runtime_api.h>` only
/// (pedantic C11): the structure layouts C sees, a memory file imported and read back, and
/// the semaphore calls' codes.
#[test]
fn c_program_uses_external_memory() {
    let dir = common::scratch("external-c");
    let src = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/c/external.c");
    let exe = dir.join("external");
    common::link(
        "gcc",
        &[&src],
        &exe,
        &["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"],
    );
    let out = common::run(&mut std::process::Command::new(&exe));
    assert_eq!(out.trim(), "OK");
}
