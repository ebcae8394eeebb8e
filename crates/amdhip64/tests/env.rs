//! ROCm's environment variables, each case in a child process (the variables are read once per
//! process): HIP/CUDA/ROCR_VISIBLE_DEVICES hide the CPU device (hipErrorNoDevice) or keep it,
//! AMD_LOG_LEVEL's messages on stderr, AMD_SERIALIZE_KERNEL and HIP_LAUNCH_BLOCKING making
//! launches wait.

use amdhip64::*;
use std::ffi::c_void;
use std::process::Command;
use std::ptr::null_mut;

/// Set in the child: which probe to run.
const CHILD: &str = "FERROCM_ENV_TEST_CHILD";
const NO_DEVICE: i32 = 100;
const SUCCESS: i32 = 0;

/// Every variable the cases set, cleared in each child first so the parent's environment
/// does not leak in.
const VARS: [&str; 6] = [
    "HIP_VISIBLE_DEVICES",
    "CUDA_VISIBLE_DEVICES",
    "ROCR_VISIBLE_DEVICES",
    "AMD_LOG_LEVEL",
    "AMD_SERIALIZE_KERNEL",
    "HIP_LAUNCH_BLOCKING",
];

/// Runs the probe `which` in a child with `vars` set; gives (stdout, stderr).
fn child(which: &str, vars: &[(&str, &str)]) -> (String, String) {
    let exe = std::env::current_exe().expect("test binary path");
    let mut cmd = Command::new(exe);
    cmd.args(["--exact", "probe", "--nocapture", "--test-threads=1"])
        .env(CHILD, which);
    if which != "devices" {
        cmd.env(SPIN_IMAGE, spin_image());
    }
    for v in VARS {
        cmd.env_remove(v);
    }
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run the test binary again");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "child {which} {vars:?} failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("probe done"),
        "child {which} ran no probe:\n{stdout}"
    );
    (stdout, stderr)
}

/// The value the child printed for `key` (`key=value` on a line of its own).
fn value(stdout: &str, key: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("no {key}= in the child's output:\n{stdout}"))
        .to_string()
}

const SPIN: &str = r#"
#include <hip/hip_runtime.h>
// Writes v to out[0] after a long loop whose result goes to out[1].
extern "C" __global__ void spin_write(volatile int *out, int iters, int v) {
    int acc = 0;
    for (int i = 0; i < iters; ++i) acc = acc * 31 + (i ^ v);
    out[1] = acc;
    out[0] = v;
}
"#;

/// Set in the child: the spin kernel's code object, compiled once by the parent.
const SPIN_IMAGE: &str = "FERROCM_ENV_TEST_SPIN";

/// Compiles the spin kernel once per parent process; its code object file.
fn spin_image() -> &'static std::path::Path {
    static P: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    P.get_or_init(|| {
        let co = comgr::compile_hip(SPIN, "spin.hip", &comgr::CompileOptions::default())
            .expect("compile the spin kernel");
        let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("env-spin-{}.co", std::process::id()));
        std::fs::write(&path, co.to_bytes()).expect("write the code object");
        path
    })
}

fn spin_kernel() -> hipFunction_t {
    let path = std::env::var(SPIN_IMAGE).expect("the parent names the spin kernel's image");
    let bytes = std::fs::read(path).expect("read the spin kernel's image");
    let (mut m, mut f) = (null_mut(), null_mut());
    // SAFETY: a complete code object; out-pointers are locals. The module stays loaded.
    unsafe {
        assert_eq!(hipModuleLoadData(&mut m, bytes.as_ptr().cast()), SUCCESS);
        assert_eq!(
            hipModuleGetFunction(&mut f, m, c"spin_write".as_ptr()),
            SUCCESS
        );
    }
    f
}

/// Launches `spin_write(out, iters, v)` as one work-item on `stream`.
fn spin(f: hipFunction_t, out: *mut i32, iters: i32, v: i32, stream: hipStream_t) -> i32 {
    let (mut o, mut n, mut val) = (out, iters, v);
    let mut p: [*mut c_void; 3] = [
        (&mut o as *mut *mut i32).cast(),
        (&mut n as *mut i32).cast(),
        (&mut val as *mut i32).cast(),
    ];
    // SAFETY: params point to the kernel's three arguments.
    unsafe { hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, stream, p.as_mut_ptr(), null_mut()) }
}

/// Host memory the kernel writes (the CPU device shares it), zeroed.
fn host_ints(n: usize) -> *mut i32 {
    let mut p = null_mut();
    // SAFETY: out-pointer is a local; the allocation holds n ints.
    unsafe {
        assert_eq!(hipHostMalloc(&mut p, n * 4, 0), SUCCESS);
        std::ptr::write_bytes(p as *mut u8, 0, n * 4);
    }
    p.cast()
}

/// The child's side: runs the probe the parent named and prints what it saw.
#[test]
fn probe() {
    let Ok(which) = std::env::var(CHILD) else {
        return;
    };
    // libtest printed "test probe ... " without a line end.
    println!();
    match which.as_str() {
        "devices" => {
            let mut n = -1;
            // SAFETY: out-pointers are locals.
            let rc = unsafe { hipGetDeviceCount(&mut n) };
            println!("count={rc},{n}");
            let mut p = null_mut();
            // SAFETY: as above.
            let rc = unsafe { hipMalloc(&mut p, 64) };
            println!("malloc={rc}");
            println!("last={}", hipGetLastError());
        }
        "log" => {
            let mut n = 0;
            // SAFETY: out-pointer is a local.
            unsafe { hipGetDeviceCount(&mut n) };
            hipSetDevice(7);
            let out = host_ints(2);
            let f = spin_kernel();
            println!("launch={}", spin(f, out, 10, 3, null_mut()));
            println!("sync={}", hipDeviceSynchronize());
        }
        "serialize" => {
            let f = spin_kernel();
            let (a, b) = (host_ints(2), host_ints(2));
            let (mut s1, mut s2) = (null_mut(), null_mut());
            // SAFETY: out-pointers are locals.
            unsafe {
                assert_eq!(hipStreamCreateWithFlags(&mut s1, 1), SUCCESS);
                assert_eq!(hipStreamCreateWithFlags(&mut s2, 1), SUCCESS);
            }
            // A long launch on one stream, a short one on another: waiting before a launch
            // means the first is done when the second's launch returns; waiting after it, the
            // launch itself is done on return.
            assert_eq!(spin(f, a, 30_000_000, 11, s1), SUCCESS);
            // SAFETY: the kernel writes these ints; reads of a volatile-written location.
            let a_after_own = unsafe { std::ptr::read_volatile(a) };
            assert_eq!(spin(f, b, 1, 22, s2), SUCCESS);
            // SAFETY: as above.
            let a_after_next = unsafe { std::ptr::read_volatile(a) };
            println!("a_after_own={a_after_own}");
            println!("a_after_next={a_after_next}");
            println!("query={}", hipStreamQuery(s1));
            assert_eq!(hipDeviceSynchronize(), SUCCESS);
        }
        other => panic!("unknown probe {other}"),
    }
    println!("probe done");
}

#[test]
fn visible_devices_lists_as_rocm_reads_them() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    let visible = format!("count={SUCCESS},1");
    let hidden = format!("count={NO_DEVICE},0");
    let cases: &[(&[(&str, &str)], bool)] = &[
        (&[], true),
        (&[("HIP_VISIBLE_DEVICES", "0")], true),
        (&[("HIP_VISIBLE_DEVICES", "-1")], false),
        (&[("HIP_VISIBLE_DEVICES", "1")], false),
        (&[("HIP_VISIBLE_DEVICES", "0,1")], true),
        (&[("HIP_VISIBLE_DEVICES", "0,0")], true),
        // The list stops at its first invalid entry.
        (&[("HIP_VISIBLE_DEVICES", "1,0")], false),
        (&[("HIP_VISIBLE_DEVICES", "00")], false),
        (&[("HIP_VISIBLE_DEVICES", "x")], false),
        // An empty HIP_VISIBLE_DEVICES is unset: CUDA_VISIBLE_DEVICES decides.
        (&[("HIP_VISIBLE_DEVICES", "")], true),
        (
            &[("HIP_VISIBLE_DEVICES", ""), ("CUDA_VISIBLE_DEVICES", "-1")],
            false,
        ),
        (
            &[("HIP_VISIBLE_DEVICES", "0"), ("CUDA_VISIBLE_DEVICES", "-1")],
            true,
        ),
        (&[("CUDA_VISIBLE_DEVICES", "0")], true),
        (&[("CUDA_VISIBLE_DEVICES", "3")], false),
        // ROCR_VISIBLE_DEVICES filters when set at all, then the HIP list applies.
        (&[("ROCR_VISIBLE_DEVICES", "")], false),
        (&[("ROCR_VISIBLE_DEVICES", "0")], true),
        (
            &[("ROCR_VISIBLE_DEVICES", "0"), ("HIP_VISIBLE_DEVICES", "-1")],
            false,
        ),
    ];
    for (vars, shown) in cases {
        let (out, _) = child("devices", vars);
        let want = if *shown { &visible } else { &hidden };
        assert_eq!(&format!("count={}", value(&out, "count")), want, "{vars:?}");
        let malloc = if *shown { SUCCESS } else { NO_DEVICE };
        assert_eq!(value(&out, "malloc"), malloc.to_string(), "{vars:?}");
        assert_eq!(value(&out, "last"), malloc.to_string(), "{vars:?}");
    }
}

#[test]
fn amd_log_level_writes_errors_calls_and_launches_to_stderr() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    let (out, err) = child("log", &[]);
    assert_eq!(value(&out, "launch"), "0");
    assert!(
        !err.contains(":1:"),
        "nothing logged without AMD_LOG_LEVEL:\n{err}"
    );

    let (_, err) = child("log", &[("AMD_LOG_LEVEL", "1")]);
    let line = err
        .lines()
        .find(|l| l.starts_with(":1:hip_api"))
        .unwrap_or_else(|| panic!("no error line:\n{err}"));
    assert!(line.contains("hipErrorInvalidDevice (101)"), "{line}");
    assert!(line.contains("device.rs:"), "names the place: {line}");
    assert!(!err.contains(":3:"), "level 1 logs errors only:\n{err}");

    let (_, err) = child("log", &[("AMD_LOG_LEVEL", "3")]);
    assert!(err.contains(":1:hip_api"), "{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with(":3:hip_api") && l.ends_with("hipSuccess")),
        "every call's result at level 3:\n{err}"
    );
    assert!(
        !err.contains(":4:hip_launch"),
        "launches are level 4:\n{err}"
    );

    let (_, err) = child("log", &[("AMD_LOG_LEVEL", "4")]);
    let launch = err
        .lines()
        .find(|l| l.starts_with(":4:hip_launch"))
        .unwrap_or_else(|| panic!("no launch line:\n{err}"));
    assert!(launch.contains("spin_write"), "{launch}");
    assert!(
        launch.contains("grid (1, 1, 1) block (1, 1, 1)"),
        "{launch}"
    );
}

#[test]
fn serialized_launches_wait_as_asked() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    // Waiting after each launch: the long kernel is done when its launch returns.
    for vars in [
        &[("AMD_SERIALIZE_KERNEL", "2")][..],
        &[("AMD_SERIALIZE_KERNEL", "3")][..],
        &[("HIP_LAUNCH_BLOCKING", "1")][..],
    ] {
        let (out, _) = child("serialize", vars);
        assert_eq!(value(&out, "a_after_own"), "11", "{vars:?}");
        assert_eq!(value(&out, "query"), "0", "{vars:?}");
    }
    // Waiting before each launch: done once the next launch (on another stream) returns.
    let (out, _) = child("serialize", &[("AMD_SERIALIZE_KERNEL", "1")]);
    assert_eq!(value(&out, "a_after_next"), "11");
}
