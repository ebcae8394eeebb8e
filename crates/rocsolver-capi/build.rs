//! ROCm's soname, so programs linked against ROCm's librocsolver load this one; and a run path
//! of the library's own folder, where librocblas and libamdhip64 sit in the prefix.
fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,librocsolver.so.0");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,$ORIGIN");
    println!("cargo:rerun-if-changed=build.rs");
}
