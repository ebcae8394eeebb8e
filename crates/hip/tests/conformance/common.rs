//! Shared plumbing for the conformance suite: compiled-module caches, launches that report
//! the runtime's detail on failure, poisoned buffers, seeded inputs and comparisons.

use hip::{DeviceBuffer, Function, KernelArg, Module};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt::Debug;
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// A launch shape as plain tuples (grid, block), so failure messages can print it.
pub type Shape = ((u32, u32, u32), (u32, u32, u32));

/// Error-case tests take this for writing and everything else for reading: a failing launch
/// (divergent barrier, assert) must not be observed by another test's `device_synchronize`.
static DEVICE_LOCK: RwLock<()> = RwLock::new(());

/// Held by every test that expects its launches to succeed.
pub fn shared_device() -> RwLockReadGuard<'static, ()> {
    // A poisoned lock only means another test panicked while holding it; the device itself
    // is still usable, and that test already reports its own failure.
    DEVICE_LOCK.read().unwrap_or_else(|p| p.into_inner())
}

/// Held by tests that make launches fail on purpose.
pub fn exclusive_device() -> RwLockWriteGuard<'static, ()> {
    DEVICE_LOCK.write().unwrap_or_else(|p| p.into_inner())
}

pub fn detail() -> String {
    hip::last_error_detail().unwrap_or_else(|| "<no detail>".to_string())
}

/// Compiles one kernel file (with the test binary's `COMPILE_FLAGS`); a failure gives the whole
/// compiler log.
pub fn compile(file: &str, source: &str) -> Result<Module, String> {
    let mut flags = vec!["-O3"];
    flags.extend(crate::COMPILE_FLAGS);
    Module::from_source(source, &flags)
        .map_err(|e| format!("{file} failed to compile: {e:?}\n{}", detail()))
}

/// `kernel_module!(name, "file.hip")` defines `fn name() -> &'static Module`, compiling the
/// file under tests/kernels/ once per test binary. A compile failure is kept too, so every
/// test of that file fails with the log instead of compiling again.
macro_rules! kernel_module {
    ($name:ident, $file:literal) => {
        pub fn $name() -> &'static hip::Module {
            static MODULE: std::sync::OnceLock<Result<hip::Module, String>> =
                std::sync::OnceLock::new();
            let module = MODULE.get_or_init(|| {
                $crate::common::compile(
                    $file,
                    include_str!(concat!(
                        env!("CARGO_MANIFEST_DIR"),
                        "/tests/kernels/",
                        $file
                    )),
                )
            });
            match module {
                Ok(m) => m,
                Err(log) => panic!("{log}"),
            }
        }
    };
}
pub(crate) use kernel_module;

pub fn function(module: &Module, name: &str) -> Function {
    match module.function(name) {
        Ok(f) => f,
        Err(e) => panic!("kernel {name} not found: {e:?}\n{}", detail()),
    }
}

/// Launches on the null stream and waits; `what` names the case in a failure.
pub fn launch(f: &Function, shape: Shape, shared: u32, args: &[&dyn KernelArg], what: &str) {
    let (grid, block) = shape;
    if let Err(e) = f.launch(grid.into(), block.into(), shared, None, args) {
        panic!(
            "{what}: launch grid={grid:?} block={block:?} failed: {e:?}\n{}",
            detail()
        );
    }
    if let Err(e) = hip::device_synchronize() {
        panic!(
            "{what}: grid={grid:?} block={block:?}: synchronize failed: {e:?}\n{}",
            detail()
        );
    }
}

/// A device buffer of `len` elements with every byte 0xFF, so that elements a kernel should
/// have written but did not stand out.
pub fn poisoned<T: Copy>(len: usize) -> DeviceBuffer<T> {
    filled(len, 0xFF)
}

pub fn filled<T: Copy>(len: usize, byte: u8) -> DeviceBuffer<T> {
    let buf = match DeviceBuffer::<T>::new(len) {
        Ok(b) => b,
        Err(e) => panic!("allocating {len} elements failed: {e:?}"),
    };
    if let Err(e) = buf.fill_bytes(byte) {
        panic!("fill_bytes failed: {e:?}");
    }
    buf
}

pub fn upload<T: Copy>(data: &[T]) -> DeviceBuffer<T> {
    match DeviceBuffer::from_slice(data) {
        Ok(b) => b,
        Err(e) => panic!("uploading {} elements failed: {e:?}", data.len()),
    }
}

pub fn download<T: Copy>(buf: &DeviceBuffer<T>) -> Vec<T> {
    match buf.to_vec() {
        Ok(v) => v,
        Err(e) => panic!("reading back failed: {e:?}"),
    }
}

pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// Integer division rounding up.
pub fn blocks_for(n: usize, block: u32) -> u32 {
    n.div_ceil(block as usize) as u32
}

/// 1D shapes for `n` elements: blocks of 1, 7, 64, 256 and 1024 work-items, each with just
/// enough groups and (to exercise the bounds checks) with a few groups too many.
pub fn shapes_1d(n: usize) -> Vec<Shape> {
    let mut out = Vec::new();
    for b in [1u32, 7, 64, 256, 1024] {
        let g = blocks_for(n, b);
        out.push(((g, 1, 1), (b, 1, 1)));
        if b == 7 || b == 256 {
            out.push(((g + 3, 1, 1), (b, 1, 1)));
        }
    }
    out
}

/// Exact comparison; reports the number of mismatches and the first few.
pub fn check_eq<T: PartialEq + Debug>(got: &[T], want: &[T], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let bad: Vec<usize> = (0..got.len()).filter(|&i| got[i] != want[i]).collect();
    if !bad.is_empty() {
        let first: Vec<String> = bad
            .iter()
            .take(8)
            .map(|&i| format!("[{i}] got {:?} want {:?}", got[i], want[i]))
            .collect();
        panic!(
            "{what}: {} of {} elements differ: {}",
            bad.len(),
            got.len(),
            first.join(", ")
        );
    }
}

/// Maps a float onto integers so that adjacent floats differ by one (both zeros map to 0).
fn ordered_f32(x: f32) -> i64 {
    let b = x.to_bits() as i32;
    i64::from(if b < 0 { i32::MIN.wrapping_sub(b) } else { b })
}

fn ordered_f64(x: f64) -> i128 {
    let b = x.to_bits() as i64;
    i128::from(if b < 0 { i64::MIN.wrapping_sub(b) } else { b })
}

pub fn ulps_f32(a: f32, b: f32) -> u64 {
    if a.is_nan() && b.is_nan() {
        return 0;
    }
    if a.is_nan() || b.is_nan() {
        return u64::MAX;
    }
    (ordered_f32(a) - ordered_f32(b)).unsigned_abs()
}

pub fn ulps_f64(a: f64, b: f64) -> u64 {
    if a.is_nan() && b.is_nan() {
        return 0;
    }
    if a.is_nan() || b.is_nan() {
        return u64::MAX;
    }
    u64::try_from((ordered_f64(a) - ordered_f64(b)).unsigned_abs()).unwrap_or(u64::MAX)
}

/// Fails with the worst element when any result is more than `max` ULPs (measured by `ulps`) from the
/// reference.
fn check_ulps<T: Copy + std::fmt::LowerExp>(
    inputs: &[Vec<T>],
    got: &[T],
    want: &[T],
    max: u64,
    what: &str,
    ulps: fn(T, T) -> u64,
) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let mut worst = (0u64, 0usize);
    let mut bad = 0usize;
    for i in 0..got.len() {
        let d = ulps(got[i], want[i]);
        if d > max {
            bad += 1;
        }
        if d > worst.0 {
            worst = (d, i);
        }
    }
    if bad > 0 {
        let i = worst.1;
        let ins: Vec<String> = inputs.iter().map(|v| format!("{:e}", v[i])).collect();
        panic!(
            "{what}: {bad} of {} results exceed {max} ulp; worst {} ulp at input ({}): got {:e} want {:e}",
            got.len(),
            worst.0,
            ins.join(", "),
            got[i],
            want[i]
        );
    }
}

pub fn check_ulps_f32(inputs: &[Vec<f32>], got: &[f32], want: &[f32], max: u64, what: &str) {
    check_ulps(inputs, got, want, max, what, ulps_f32);
}

pub fn check_ulps_f64(inputs: &[Vec<f64>], got: &[f64], want: &[f64], max: u64, what: &str) {
    check_ulps(inputs, got, want, max, what, ulps_f64);
}

/// |got - want| <= tol * scale for each element (scale: a magnitude the error is relative to).
pub fn check_close_f64(got: &[f64], want: &[f64], scale: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for i in 0..got.len() {
        let err = (got[i] - want[i]).abs();
        assert!(
            err <= tol * scale[i].max(f64::MIN_POSITIVE),
            "{what}: [{i}] got {:e} want {:e} (error {err:e}, allowed {:e})",
            got[i],
            want[i],
            tol * scale[i]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ulp_distance_counts_adjacent_floats() {
        assert_eq!(ulps_f32(1.0, 1.0), 0);
        assert_eq!(ulps_f32(1.0, f32::from_bits(1.0f32.to_bits() + 3)), 3);
        assert_eq!(ulps_f32(0.0, -0.0), 0);
        assert_eq!(ulps_f32(f32::from_bits(1), -f32::from_bits(1)), 2);
        assert_eq!(ulps_f32(f32::NAN, 1.0), u64::MAX);
        assert_eq!(ulps_f64(-2.0, f64::from_bits((-2.0f64).to_bits() + 1)), 1);
        assert_eq!(ulps_f64(f64::INFINITY, f64::MAX), 1);
    }

    #[test]
    fn shapes_cover_every_block_size() {
        let s = shapes_1d(1000);
        for b in [1, 7, 64, 256, 1024] {
            assert!(s
                .iter()
                .any(|&(g, bl)| bl.0 == b && g.0 as usize * b as usize >= 1000));
        }
    }
}
