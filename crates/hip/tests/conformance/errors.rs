//! End-to-end error cases, each asserting the exact error. These hold the device exclusively:
//! a failing launch must not be seen by another test's synchronize.

use crate::common::*;
use hip::{ArgBytes, HipError, Module};

kernel_module!(module, "errors.hip");

/// Launch then synchronize; the first error of the two.
fn launch_result(
    f: &hip::Function,
    shape: Shape,
    args: &[&dyn hip::KernelArg],
) -> Result<(), HipError> {
    let (grid, block) = shape;
    f.launch(grid.into(), block.into(), 0, None, args)?;
    hip::device_synchronize()
}

#[test]
fn unknown_kernel_name_is_not_found() {
    let _device = exclusive_device();
    match module().function("no_such_kernel") {
        Err(HipError::NotFound) => {}
        Err(e) => panic!("expected NotFound, got {e:?}"),
        Ok(_) => panic!("expected NotFound, got a function"),
    }
    // A C++-mangled spelling of an extern "C" kernel is not its name either.
    assert!(matches!(
        module().function("_Z10three_argsPiii"),
        Err(HipError::NotFound)
    ));
}

#[test]
fn compile_error_reports_file_and_line() {
    let _device = exclusive_device();
    let src = include_str!("../kernels/bad_syntax.hip");
    match Module::from_source(src, &[]) {
        Err(HipError::InvalidSource) => {}
        Err(e) => panic!("expected InvalidSource, got {e:?}"),
        Ok(_) => panic!("a kernel with an undeclared identifier compiled"),
    }
    let log = detail();
    assert!(
        log.contains("undeclared_identifier_xyz"),
        "compiler log does not name the identifier:\n{log}"
    );
    // clang's diagnostics read `name:line:col: error: ...`; the bad line is 5.
    let has_line = log
        .lines()
        .any(|l| l.contains(":5:") && l.contains("error"));
    assert!(has_line, "compiler log does not point at line 5:\n{log}");
}

#[test]
fn divergent_barrier_is_a_launch_failure() {
    for kernel in ["divergent_barrier", "divergent_barrier_after_shuffle"] {
        divergent_barrier_fails(kernel);
    }
}

fn divergent_barrier_fails(kernel: &str) {
    let _device = exclusive_device();
    let f = function(module(), kernel);
    let out = filled::<i32>(64, 0);
    match launch_result(&f, ((1, 1, 1), (64, 1, 1)), &[&out]) {
        Err(HipError::LaunchFailure) => {}
        Err(e) => panic!("expected LaunchFailure, got {e:?}: {}", detail()),
        Ok(()) => {
            panic!("{kernel}: work-items waiting at two different barriers ran to completion")
        }
    }
    let msg = detail();
    assert!(
        msg.contains(kernel),
        "the failure does not name the kernel: {msg}"
    );
}

#[test]
fn failing_device_assert() {
    let _device = exclusive_device();
    let f = function(module(), "checked_values");
    let mut data: Vec<i32> = (0..1000).collect();
    data[42] = 0;
    let ok = upload(&data);
    // No element is 42: the assert holds everywhere.
    launch(
        &f,
        ((4, 1, 1), (256, 1, 1)),
        0,
        &[&ok, &1000i32],
        "checked_values without 42",
    );
    data[500] = 42;
    let bad = upload(&data);
    match launch_result(&f, ((4, 1, 1), (256, 1, 1)), &[&bad, &1000i32]) {
        Err(HipError::Assert) => {}
        Err(e) => panic!("expected Assert, got {e:?}: {}", detail()),
        Ok(()) => panic!("assert(x[i] != 42) passed with x[500] == 42"),
    }
    let msg = detail();
    assert!(
        msg.contains("x[i] != 42"),
        "the assert message does not name the expression: {msg}"
    );
}

#[test]
fn bad_block_sizes_are_invalid_value() {
    let _device = exclusive_device();
    let f = function(module(), "three_args");
    let out = filled::<i32>(1024, 0);
    for block in [
        (0u32, 1u32, 1u32),
        (1, 0, 1),
        (1, 1, 0),
        (2048, 1, 1),
        (32, 32, 2),
        (1025, 1, 1),
    ] {
        match f.launch(
            (1, 1, 1).into(),
            block.into(),
            0,
            None,
            &[&out, &1i32, &2i32],
        ) {
            // ROCm's answer for a zero or oversized block (clr's launch validation).
            Err(HipError::InvalidValue) => {}
            Err(e) => panic!("block {block:?}: expected InvalidValue, got {e:?}"),
            Ok(()) => panic!("block {block:?} launched"),
        }
    }
    // The runtime is still usable: the largest legal block runs.
    launch(
        &f,
        ((1, 1, 1), (1024, 1, 1)),
        0,
        &[&out, &3i32, &4i32],
        "three_args after bad launches",
    );
    let got = download(&out);
    check_eq(
        &got,
        &(0..1024).map(|t| 12 + t).collect::<Vec<i32>>(),
        "three_args",
    );
}

#[test]
fn wrong_argument_count_or_size_is_invalid_value() {
    let _device = exclusive_device();
    let f = function(module(), "three_args");
    let out = filled::<i32>(8, 0);
    let one = (1u32, 1u32, 1u32);
    let cases: [(&str, Vec<&dyn hip::KernelArg>); 5] = [
        ("two arguments", vec![&out, &1i32]),
        ("four arguments", vec![&out, &1i32, &2i32, &3i32]),
        ("no arguments", vec![]),
        ("i64 for an int", vec![&out, &1i64, &2i32]),
        ("i32 for a pointer", vec![&7i32, &1i32, &2i32]),
    ];
    for (what, args) in &cases {
        match f.launch(one.into(), (8, 1, 1).into(), 0, None, args) {
            Err(HipError::InvalidValue) => {}
            Err(e) => panic!("{what}: expected InvalidValue, got {e:?}"),
            Ok(()) => panic!("{what}: launched"),
        }
    }
    let g = function(module(), "pair_arg");
    let dout = filled::<f64>(4, 0);
    let short = ArgBytes(vec![0u8; 12]);
    match g.launch(one.into(), (4, 1, 1).into(), 0, None, &[&short, &dout]) {
        Err(HipError::InvalidValue) => {}
        Err(e) => panic!("12-byte struct for a 16-byte one: expected InvalidValue, got {e:?}"),
        Ok(()) => panic!("12-byte struct for a 16-byte one: launched"),
    }
    // The right size works: Pair { a: 3, b: 0.5 } (int at 0, double at 8).
    let mut bytes = vec![0u8; 16];
    bytes[0..4].copy_from_slice(&3i32.to_le_bytes());
    bytes[8..16].copy_from_slice(&0.5f64.to_le_bytes());
    let pair = ArgBytes(bytes);
    launch(&g, (one, (4, 1, 1)), 0, &[&pair, &dout], "pair_arg");
    check_eq(&download(&dout), &[3.5; 4], "pair_arg");
}

#[test]
fn block_over_launch_bounds_is_a_launch_failure() {
    let _device = exclusive_device();
    // bounded_reverse is declared __launch_bounds__(256); the hip crate documents a larger
    // block as hipErrorLaunchFailure, reported by the launch itself.
    let f = function(crate::control::module(), "bounded_reverse");
    let (out, input) = (filled::<f32>(512, 0), filled::<f32>(512, 0));
    match f.launch(
        (1, 1, 1).into(),
        (512, 1, 1).into(),
        0,
        None,
        &[&out, &input, &512i32],
    ) {
        Err(HipError::LaunchFailure) => {}
        Err(e) => panic!("expected LaunchFailure, got {e:?}"),
        Ok(()) => panic!("a 512-thread block launched a __launch_bounds__(256) kernel"),
    }
    let msg = detail();
    assert!(
        msg.contains("bounded_reverse"),
        "the failure does not name the kernel: {msg}"
    );
    launch(
        &f,
        ((2, 1, 1), (256, 1, 1)),
        0,
        &[&out, &input, &512i32],
        "bounded_reverse at its bound",
    );
}

#[test]
fn too_much_dynamic_shared_memory_is_invalid_value() {
    let _device = exclusive_device();
    let f = function(crate::matmul::matmul_module(), "matmul_tiled_dynamic");
    let c = filled::<f32>(1, 0);
    let one = (1u32, 1u32, 1u32);
    let args: [&dyn hip::KernelArg; 6] = [&c, &c, &c, &1i32, &1i32, &1i32];
    match f.launch(one.into(), one.into(), 1 << 30, None, &args) {
        Err(HipError::InvalidValue) => {}
        Err(e) => panic!("1 GiB of shared memory: expected InvalidValue, got {e:?}"),
        Ok(()) => panic!("1 GiB of shared memory: launched"),
    }
}
