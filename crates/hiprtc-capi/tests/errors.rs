//! Every error path of the C ABI, with the exact hiprtcResult, called as a C program would.

use hiprtc::HiprtcResult as R;
use hiprtc_capi::*;
use std::ffi::{c_char, c_void, CStr};
use std::ptr::{null, null_mut};

fn program(src: &CStr) -> hiprtcProgram {
    let mut prog: hiprtcProgram = null_mut();
    // SAFETY: valid out-pointer and strings; no headers.
    let r = unsafe { hiprtcCreateProgram(&mut prog, src.as_ptr(), null(), 0, null(), null()) };
    assert_eq!(r, R::Success);
    prog
}

fn destroy(mut prog: hiprtcProgram) {
    // SAFETY: a valid pointer to a handle.
    assert_eq!(unsafe { hiprtcDestroyProgram(&mut prog) }, R::Success);
}

fn link() -> hiprtcLinkState {
    let mut state: hiprtcLinkState = null_mut();
    // SAFETY: no options; valid out-pointer.
    let r = unsafe { hiprtcLinkCreate(0, null_mut(), null_mut(), &mut state) };
    assert_eq!(r, R::Success);
    state
}

#[test]
fn error_string_and_version() {
    // SAFETY: hiprtcGetErrorString returns static NUL-terminated strings.
    let s = |code| unsafe { CStr::from_ptr(hiprtcGetErrorString(code)) };
    assert_eq!(s(0), c"HIPRTC_SUCCESS");
    assert_eq!(s(100), c"HIPRTC_ERROR_LINKING");
    assert_eq!(s(12), c"Invalid HIPRTC error code");
    let mut major = 0;
    // SAFETY: NULL where the API checks for it, a valid pointer otherwise.
    unsafe {
        assert_eq!(hiprtcVersion(null_mut(), null_mut()), R::ErrorInvalidInput);
        assert_eq!(hiprtcVersion(&mut major, null_mut()), R::ErrorInvalidInput);
    }
}

#[test]
fn create_program_checks_its_arguments() {
    let src = c"__global__ void k() {}";
    let mut prog: hiprtcProgram = null_mut();
    let header = [c"#define X 1".as_ptr()];
    let name = [c"x.h".as_ptr()];
    let null_entry: [*const c_char; 1] = [null()];
    let bad_utf8 = [0xffu8, 0xfe, 0];
    // SAFETY: every pointer is NULL or valid; arrays hold as many entries as claimed.
    unsafe {
        let p = src.as_ptr();
        assert_eq!(
            hiprtcCreateProgram(null_mut(), p, null(), 0, null(), null()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcCreateProgram(&mut prog, null(), null(), 0, null(), null()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcCreateProgram(&mut prog, p, null(), -1, null(), null()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcCreateProgram(&mut prog, p, null(), 1, null(), name.as_ptr()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcCreateProgram(
                &mut prog,
                p,
                null(),
                1,
                header.as_ptr(),
                null_entry.as_ptr()
            ),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcCreateProgram(
                &mut prog,
                bad_utf8.as_ptr().cast(),
                null(),
                0,
                null(),
                null()
            ),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcCreateProgram(&mut prog, p, c"".as_ptr(), 0, null(), null()),
            R::ErrorInvalidInput
        );
        assert!(prog.is_null(), "no handle on failure");
        assert_eq!(
            hiprtcCreateProgram(
                &mut prog,
                p,
                c"k.hip".as_ptr(),
                1,
                header.as_ptr(),
                name.as_ptr()
            ),
            R::Success
        );
    }
    destroy(prog);
}

#[test]
fn destroyed_null_and_foreign_programs_are_invalid() {
    let prog = program(c"__global__ void k() {}");
    let stale = prog;
    destroy(prog);
    let mut not_a_program = [0u64; 8];
    let foreign = not_a_program.as_mut_ptr().cast::<c_void>();
    let mut size = 0usize;
    for bad in [stale, foreign, null_mut()] {
        // SAFETY: the handle is checked before use; out-pointers are valid.
        unsafe {
            assert_eq!(hiprtcCompileProgram(bad, 0, null()), R::ErrorInvalidProgram);
            assert_eq!(
                hiprtcGetProgramLogSize(bad, &mut size),
                R::ErrorInvalidProgram
            );
            assert_eq!(hiprtcGetCodeSize(bad, &mut size), R::ErrorInvalidProgram);
            assert_eq!(hiprtcGetBitcodeSize(bad, &mut size), R::ErrorInvalidProgram);
            assert_eq!(
                hiprtcAddNameExpression(bad, c"k".as_ptr()),
                R::ErrorInvalidProgram
            );
            let mut copy = bad;
            assert_eq!(hiprtcDestroyProgram(&mut copy), R::ErrorInvalidProgram);
        }
    }
    // SAFETY: NULL where the API checks for it.
    let r = unsafe { hiprtcDestroyProgram(null_mut()) };
    assert_eq!(r, R::ErrorInvalidInput);
    // A link state is not a program, and a program is not a link state.
    let state = link();
    // SAFETY: handles checked before use.
    unsafe {
        assert_eq!(hiprtcGetCodeSize(state, &mut size), R::ErrorInvalidProgram);
        let prog = program(c"__global__ void k() {}");
        assert_eq!(hiprtcLinkDestroy(prog), R::ErrorInvalidInput);
        destroy(prog);
    }
    assert_eq!(hiprtcLinkDestroy(state), R::Success);
}

#[test]
fn program_calls_check_pointers_and_state() {
    let prog = program(c"__global__ void k() {}");
    let null_opt: [*const c_char; 1] = [null()];
    let bad_opt = [c"--no-such-option".as_ptr()];
    let mut size = 0usize;
    let mut name: *const c_char = null();
    let mut buf = [0 as c_char; 4];
    // SAFETY: the handle is live; pointers are NULL or valid; arrays as long as claimed.
    unsafe {
        assert_eq!(hiprtcCompileProgram(prog, -1, null()), R::ErrorInvalidInput);
        assert_eq!(hiprtcCompileProgram(prog, 1, null()), R::ErrorInvalidInput);
        assert_eq!(
            hiprtcCompileProgram(prog, 1, null_opt.as_ptr()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcCompileProgram(prog, 1, bad_opt.as_ptr()),
            R::ErrorInvalidOption
        );
        assert_eq!(
            hiprtcGetProgramLogSize(prog, null_mut()),
            R::ErrorInvalidInput
        );
        assert_eq!(hiprtcGetProgramLog(prog, null_mut()), R::ErrorInvalidInput);
        assert_eq!(hiprtcGetProgramLogSize(prog, &mut size), R::Success);
        assert_eq!(size, 1, "empty log: just the NUL");
        assert_eq!(hiprtcGetProgramLog(prog, buf.as_mut_ptr()), R::Success);
        assert_eq!(buf[0], 0);
        // Nothing compiled yet.
        assert_eq!(hiprtcGetCodeSize(prog, &mut size), R::ErrorInvalidProgram);
        assert_eq!(
            hiprtcGetCode(prog, buf.as_mut_ptr()),
            R::ErrorInvalidProgram
        );
        assert_eq!(
            hiprtcGetBitcodeSize(prog, &mut size),
            R::ErrorInvalidProgram
        );
        assert_eq!(
            hiprtcGetBitcode(prog, buf.as_mut_ptr()),
            R::ErrorInvalidProgram
        );
        assert_eq!(hiprtcGetCodeSize(prog, null_mut()), R::ErrorInvalidInput);
        assert_eq!(hiprtcGetCode(prog, null_mut()), R::ErrorInvalidInput);
        assert_eq!(hiprtcGetBitcodeSize(prog, null_mut()), R::ErrorInvalidInput);
        assert_eq!(hiprtcGetBitcode(prog, null_mut()), R::ErrorInvalidInput);
        // Name expressions.
        assert_eq!(hiprtcAddNameExpression(prog, null()), R::ErrorInvalidInput);
        assert_eq!(
            hiprtcAddNameExpression(prog, c"".as_ptr()),
            R::ErrorInvalidInput
        );
        assert_eq!(hiprtcAddNameExpression(prog, c"k".as_ptr()), R::Success);
        assert_eq!(
            hiprtcGetLoweredName(prog, null(), &mut name),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcGetLoweredName(prog, c"k".as_ptr(), null_mut()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcGetLoweredName(prog, c"k".as_ptr(), &mut name),
            R::ErrorNoLoweredNamesBeforeCompilation
        );
    }
    destroy(prog);
}

#[test]
fn link_create_checks_options() {
    let mut state: hiprtcLinkState = null_mut();
    let create = |opts: &mut [hiprtcJIT_option],
                  vals: &mut [*mut c_void],
                  out: *mut hiprtcLinkState| {
        // SAFETY: arrays as long as claimed; values of the kinds their options take.
        unsafe { hiprtcLinkCreate(opts.len() as u32, opts.as_mut_ptr(), vals.as_mut_ptr(), out) }
    };
    let level = |n: usize| n as *mut c_void;
    let mut ext = [c"-O1".as_ptr()];
    let mut bad_ext = [c"-fbogus".as_ptr()];
    let mut mllvm_ext = [c"-mllvm".as_ptr(), c"-inline-threshold=1".as_ptr()];
    let mut lone_mllvm = [c"-mllvm".as_ptr()];
    // SAFETY: NULL arrays with a count, which the API rejects.
    unsafe {
        assert_eq!(
            hiprtcLinkCreate(0, null_mut(), null_mut(), null_mut()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcLinkCreate(1, null_mut(), null_mut(), &mut state),
            R::ErrorInvalidInput
        );
    }
    use jit_option::*;
    assert_eq!(
        create(&mut [99], &mut [null_mut()], &mut state),
        R::ErrorInvalidOption
    );
    assert_eq!(
        create(&mut [GLOBAL_SYMBOL_NAMES], &mut [null_mut()], &mut state),
        R::ErrorInvalidOption
    );
    assert_eq!(
        create(&mut [OPTIMIZATION_LEVEL], &mut [level(7)], &mut state),
        R::ErrorInvalidOption
    );
    assert_eq!(
        create(
            &mut [IR_TO_ISA_OPT_EXT],
            &mut [ext.as_mut_ptr().cast()],
            &mut state
        ),
        R::ErrorInvalidOption,
        "the option array needs its count"
    );
    assert_eq!(
        create(
            &mut [IR_TO_ISA_OPT_EXT, IR_TO_ISA_OPT_COUNT_EXT],
            &mut [bad_ext.as_mut_ptr().cast(), level(1)],
            &mut state
        ),
        R::ErrorInvalidOption
    );
    assert_eq!(
        create(
            &mut [IR_TO_ISA_OPT_EXT, IR_TO_ISA_OPT_COUNT_EXT],
            &mut [lone_mllvm.as_mut_ptr().cast(), level(1)],
            &mut state
        ),
        R::ErrorInvalidOption,
        "-mllvm needs its flag"
    );
    assert!(state.is_null());
    assert_eq!(
        create(
            &mut [IR_TO_ISA_OPT_EXT, IR_TO_ISA_OPT_COUNT_EXT],
            &mut [mllvm_ext.as_mut_ptr().cast(), level(2)],
            &mut state
        ),
        R::Success,
        "-mllvm flags for the ISA step are accepted"
    );
    assert!(!state.is_null());
    assert_eq!(hiprtcLinkDestroy(state), R::Success);
    state = null_mut();
    assert_eq!(
        create(
            &mut [
                IR_TO_ISA_OPT_EXT,
                IR_TO_ISA_OPT_COUNT_EXT,
                MAX_REGISTERS,
                OPTIMIZATION_LEVEL
            ],
            &mut [ext.as_mut_ptr().cast(), level(1), level(32), level(3)],
            &mut state
        ),
        R::Success
    );
    assert_eq!(hiprtcLinkDestroy(state), R::Success);
}

#[test]
fn link_inputs_and_completion_are_checked() {
    let state = link();
    let ir = b"target triple = \"spirv64\"\n";
    let data = ir.as_ptr() as *mut c_void;
    let mut bin: *mut c_void = null_mut();
    let mut level_opt = [jit_option::OPTIMIZATION_LEVEL];
    let mut level_val = [2usize as *mut c_void];
    use jit_input::*;
    // SAFETY: the state is live; data points at `ir.len()` bytes; other pointers NULL or valid.
    unsafe {
        let add = |ty, ptr: *mut c_void, len| {
            hiprtcLinkAddData(
                state,
                ty,
                ptr,
                len,
                c"x".as_ptr(),
                0,
                null_mut(),
                null_mut(),
            )
        };
        assert_eq!(add(LLVM_BITCODE, null_mut(), 4), R::ErrorInvalidInput);
        assert_eq!(add(LLVM_BITCODE, data, 0), R::ErrorInvalidInput);
        for ty in [
            CUBIN,
            PTX,
            FATBINARY,
            OBJECT,
            LIBRARY,
            NVVM,
            LLVM_ARCHIVES_OF_BUNDLED_BITCODE,
            7,
        ] {
            assert_eq!(add(ty, data, ir.len()), R::ErrorInvalidInput, "type {ty}");
        }
        let junk = b"\xff\xfe\x00\x01";
        assert_eq!(
            add(LLVM_BITCODE, junk.as_ptr() as *mut c_void, 4),
            R::ErrorInvalidInput
        );
        assert_eq!(
            add(LLVM_BUNDLED_BITCODE, data, ir.len()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcLinkAddData(
                state,
                LLVM_BITCODE,
                data,
                ir.len(),
                null(),
                1,
                level_opt.as_mut_ptr(),
                level_val.as_mut_ptr()
            ),
            R::ErrorInvalidOption,
            "optimisation level is per link, not per input"
        );
        assert_eq!(
            hiprtcLinkAddFile(state, LLVM_BITCODE, null(), 0, null_mut(), null_mut()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcLinkAddFile(
                state,
                LLVM_BITCODE,
                c"/nonexistent/ferrocm/x.bc".as_ptr(),
                0,
                null_mut(),
                null_mut()
            ),
            R::ErrorProgramCreationFailure,
            "a file that cannot be read"
        );
        assert_eq!(
            hiprtcLinkComplete(state, null_mut(), null_mut()),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcLinkComplete(state, &mut bin, null_mut()),
            R::ErrorLinking,
            "nothing was added"
        );
        assert!(bin.is_null());
    }
    assert_eq!(hiprtcLinkDestroy(state), R::Success);
    // SAFETY: stale and NULL states are checked before use.
    unsafe {
        assert_eq!(hiprtcLinkDestroy(state), R::ErrorInvalidInput);
        assert_eq!(hiprtcLinkDestroy(null_mut()), R::ErrorInvalidInput);
        assert_eq!(
            hiprtcLinkAddData(
                state,
                LLVM_BITCODE,
                data,
                ir.len(),
                null(),
                0,
                null_mut(),
                null_mut()
            ),
            R::ErrorInvalidInput
        );
        assert_eq!(
            hiprtcLinkComplete(state, &mut bin, null_mut()),
            R::ErrorInvalidInput
        );
    }
}

#[test]
fn compile_errors_and_name_expression_misuse_after_a_compile() {
    let prog = program(c"template <int N> __global__ void k(int *x) { x[0] = N; }");
    let mut name: *const c_char = null();
    // SAFETY: the handle is live; strings and out-pointers valid.
    unsafe {
        assert_eq!(hiprtcAddNameExpression(prog, c"k<3>".as_ptr()), R::Success);
        assert_eq!(hiprtcCompileProgram(prog, 0, null()), R::Success);
        assert_eq!(
            hiprtcGetLoweredName(prog, c"k<3>".as_ptr(), &mut name),
            R::Success
        );
        assert_eq!(CStr::from_ptr(name), c"_Z1kILi3EEvPi");
        assert_eq!(
            hiprtcGetLoweredName(prog, c"k<4>".as_ptr(), &mut name),
            R::ErrorNameExpressionNotValid
        );
        assert_eq!(
            hiprtcAddNameExpression(prog, c"k<4>".as_ptr()),
            R::ErrorNoNameExpressionsAfterCompilation
        );
        let rdc = [c"-fgpu-rdc".as_ptr()];
        assert_eq!(hiprtcCompileProgram(prog, 1, rdc.as_ptr()), R::Success);
        let mut size = 0usize;
        assert_eq!(
            hiprtcGetCodeSize(prog, &mut size),
            R::ErrorInvalidProgram,
            "rdc: bitcode only"
        );
        assert_eq!(hiprtcGetBitcodeSize(prog, &mut size), R::Success);
        assert!(size > 4);
    }
    destroy(prog);
}
