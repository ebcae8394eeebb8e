//! ROCm's soname, so programs linked against ROCm's libhipblaslt load this one; and a run path
//! of the library's own folder, where libamdhip64 sits in the prefix.
fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libhipblaslt.so.0");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,$ORIGIN");
    println!("cargo:rerun-if-changed=build.rs");
}
