//! Gives the shared library ROCm's soname, so programs linked against it record
//! `libamdhip64.so.6` as ROCm-built programs do.

fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libamdhip64.so.6");
}
