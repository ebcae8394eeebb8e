//! Name expressions and the link API through the real compiler (clang-19, the CPU lowering).

use hiprtc::{HiprtcResult, LinkInput, Linker, Program};
use kernel_abi::CodeObject;

const TEMPLATES: &str = r#"
template <typename T, int N> __global__ void scale(T *x) { x[threadIdx.x] *= N; }
namespace ns { __device__ int table[4]; }
__constant__ float coeff = 1.5f;
"#;

#[test]
fn name_expressions_give_mangled_names_found_in_the_code_object() {
    let mut prog = Program::new(TEMPLATES, Some("templates.hip"), &[]).expect("new");
    for e in ["scale<float, 4>", "&scale<int, 2>", "ns::table", "&coeff"] {
        prog.add_name_expression(e).expect("add");
    }
    assert_eq!(
        prog.lowered_name("ns::table")
            .expect_err("not compiled")
            .result,
        HiprtcResult::ErrorNoLoweredNamesBeforeCompilation
    );
    prog.compile(&[])
        .unwrap_or_else(|e| panic!("{e}\n{}", prog.log()));
    assert_eq!(
        prog.lowered_name("scale<float, 4>").unwrap(),
        "_Z5scaleIfLi4EEvPT_"
    );
    assert_eq!(
        prog.lowered_name("&scale<int, 2>").unwrap(),
        "_Z5scaleIiLi2EEvPT_"
    );
    assert_eq!(prog.lowered_name("ns::table").unwrap(), "_ZN2ns5tableE");
    assert_eq!(prog.lowered_name("&coeff").unwrap(), "coeff");
    assert_eq!(
        prog.lowered_name("scale<double, 1>")
            .expect_err("never added")
            .result,
        HiprtcResult::ErrorNameExpressionNotValid
    );
    assert_eq!(
        prog.add_name_expression("scale<double, 1>")
            .expect_err("after compile")
            .result,
        HiprtcResult::ErrorNoNameExpressionsAfterCompilation
    );
    let co = CodeObject::from_bytes(&prog.code().expect("code")).expect("code object");
    let kernels: Vec<&str> = co.meta.kernels.iter().map(|k| k.name.as_str()).collect();
    assert!(kernels.contains(&"_Z5scaleIfLi4EEvPT_"), "{kernels:?}");
    assert!(kernels.contains(&"_Z5scaleIiLi2EEvPT_"), "{kernels:?}");
    let globals: Vec<&str> = co.meta.globals.iter().map(|g| g.name.as_str()).collect();
    assert!(globals.contains(&"_ZN2ns5tableE"), "{globals:?}");
    assert!(
        !globals.iter().any(|g| g.starts_with("__ferrocm_name_expr")),
        "{globals:?}"
    );
    assert!(prog.bitcode().expect("bitcode").starts_with(b"BC\xc0\xde"));
}

#[test]
fn a_name_expression_that_names_nothing_fails_the_compile_with_a_log() {
    let mut prog = Program::new(TEMPLATES, Some("t.hip"), &[]).expect("new");
    prog.add_name_expression("no_such_kernel<int>")
        .expect("add");
    let e = prog.compile(&[]).expect_err("must fail");
    assert_eq!(e.result, HiprtcResult::ErrorCompilation);
    assert!(prog.log().contains("no_such_kernel"), "{}", prog.log());
    assert!(prog.log().contains("name expression 0"), "{}", prog.log());
}

#[test]
fn relocatable_programs_link_into_one_code_object() {
    let mut lib = Program::new(
        "__device__ float twice(float x) { return 2.0f * x; }\n",
        Some("lib.hip"),
        &[],
    )
    .expect("new");
    lib.compile(&["-fgpu-rdc"])
        .unwrap_or_else(|e| panic!("{e}\n{}", lib.log()));
    assert_eq!(
        lib.code().expect_err("rdc has no code object").result,
        HiprtcResult::ErrorInvalidProgram
    );
    let mut main = Program::new(
        "extern __device__ float twice(float);\n\
         extern \"C\" __global__ void k(float *x) { x[threadIdx.x] = twice(x[threadIdx.x]); }\n",
        Some("main.hip"),
        &[],
    )
    .expect("new");
    main.compile(&["-fgpu-rdc", "-O2"])
        .unwrap_or_else(|e| panic!("{e}\n{}", main.log()));

    let mut linker = Linker::new(&["-O2"]).expect("linker");
    linker
        .add("main", LinkInput::Bitcode(main.bitcode().unwrap()))
        .unwrap();
    linker
        .add("lib", LinkInput::Bitcode(lib.bitcode().unwrap()))
        .unwrap();
    let co = CodeObject::from_bytes(&linker.complete().expect("links")).expect("code object");
    assert!(
        co.meta.kernels.iter().any(|k| k.name == "k"),
        "{:?}",
        co.meta.kernels
    );

    // Without the library the device function stays undefined: a link error, not a crash.
    let mut alone = Linker::new(&[]).expect("linker");
    alone
        .add("main", LinkInput::Bitcode(main.bitcode().unwrap()))
        .unwrap();
    let e = alone.complete().expect_err("twice is undefined");
    assert_eq!(e.result, HiprtcResult::ErrorLinking);
    assert!(!alone.log().is_empty());
}
