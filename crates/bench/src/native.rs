//! The native Rust references: the same computations as the HIP kernels, written as plain
//! loops, split into one contiguous chunk per thread where they run on all cores.

use std::thread;

pub fn saxpy_serial(a: f32, x: &[f32], y: &mut [f32]) {
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += a * xi;
    }
}

pub fn saxpy_parallel(a: f32, x: &[f32], y: &mut [f32], threads: usize) {
    let chunk = y.len().div_ceil(threads.max(1)).max(1);
    thread::scope(|s| {
        for (yc, xc) in y.chunks_mut(chunk).zip(x.chunks(chunk)) {
            s.spawn(move || saxpy_serial(a, xc, yc));
        }
    });
}

pub fn triad_parallel(a: &mut [f32], b: &[f32], s: f32, c: &[f32], threads: usize) {
    let chunk = a.len().div_ceil(threads.max(1)).max(1);
    thread::scope(|sc| {
        for ((ac, bc), cc) in a
            .chunks_mut(chunk)
            .zip(b.chunks(chunk))
            .zip(c.chunks(chunk))
        {
            sc.spawn(move || {
                for ((ai, bi), ci) in ac.iter_mut().zip(bc).zip(cc) {
                    *ai = bi + s * ci;
                }
            });
        }
    });
}

/// C = A * B (row-major n x n), i-k-j order, rows of C split over `threads`.
pub fn matmul_ikj(a: &[f32], b: &[f32], c: &mut [f32], n: usize, threads: usize) {
    let rows_per = n.div_ceil(threads.max(1)).max(1);
    thread::scope(|s| {
        for (t, cc) in c.chunks_mut(rows_per * n).enumerate() {
            s.spawn(move || {
                let first = t * rows_per;
                for (r, crow) in cc.chunks_mut(n).enumerate() {
                    let i = first + r;
                    crow.fill(0.0);
                    for k in 0..n {
                        let aik = a[i * n + k];
                        for (cj, bj) in crow.iter_mut().zip(&b[k * n..(k + 1) * n]) {
                            *cj += aik * bj;
                        }
                    }
                }
            });
        }
    });
}

/// Sums of consecutive blocks of `block` ints (the last one shorter), split over `threads`.
pub fn block_sums(input: &[i32], block: usize, out: &mut [i32], threads: usize) {
    let per = out.len().div_ceil(threads.max(1)).max(1);
    thread::scope(|s| {
        for (k, oc) in out.chunks_mut(per).enumerate() {
            let first = k * per * block;
            let ic = &input[first.min(input.len())..];
            s.spawn(move || {
                for (o, chunk) in oc.iter_mut().zip(ic.chunks(block)) {
                    *o = chunk.iter().fold(0i32, |a, &b| a.wrapping_add(b));
                }
            });
        }
    });
}

/// Byte histogram of `input`: one histogram per thread over a contiguous chunk, then summed.
pub fn histogram(input: &[u8], threads: usize) -> [u32; 256] {
    let per = input.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<[u32; 256]> = thread::scope(|s| {
        let handles: Vec<_> = input
            .chunks(per)
            .map(|c| {
                s.spawn(move || {
                    let mut h = [0u32; 256];
                    for &b in c {
                        h[b as usize] += 1;
                    }
                    h
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut total = [0u32; 256];
    for p in parts {
        for (t, v) in total.iter_mut().zip(p) {
            *t += v;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_counts_every_byte() {
        let input: Vec<u8> = (0..10_000u32).map(|i| (i * 37 % 251) as u8).collect();
        let h = histogram(&input, 3);
        assert_eq!(h.iter().sum::<u32>(), 10_000);
        let mut want = [0u32; 256];
        for &b in &input {
            want[b as usize] += 1;
        }
        assert_eq!(h, want);
    }

    #[test]
    fn block_sums_split_over_threads() {
        let input: Vec<i32> = (0..1000).map(|i| i * 7 - 300).collect();
        let mut out = vec![0i32; 4];
        block_sums(&input, 256, &mut out, 3);
        let want: Vec<i32> = input.chunks(256).map(|c| c.iter().sum()).collect();
        assert_eq!(out, want);
    }

    #[test]
    fn parallel_matches_serial() {
        let x: Vec<f32> = (0..1001).map(|i| i as f32).collect();
        let mut y1: Vec<f32> = (0..1001).map(|i| (i * 2) as f32).collect();
        let mut y2 = y1.clone();
        saxpy_serial(2.0, &x, &mut y1);
        saxpy_parallel(2.0, &x, &mut y2, 3);
        assert_eq!(y1, y2);
        assert_eq!(y1[10], 40.0);

        let mut a = vec![0.0; 1001];
        triad_parallel(&mut a, &x, 0.5, &x, 4);
        assert_eq!(a[10], 15.0);
    }

    #[test]
    fn matmul_threads_agree_and_are_right() {
        let n = 7;
        let a: Vec<f32> = (0..n * n).map(|i| (i % 5) as f32).collect();
        let b: Vec<f32> = (0..n * n).map(|i| (i % 3) as f32).collect();
        let mut c1 = vec![1.0; n * n];
        let mut c3 = vec![0.0; n * n];
        matmul_ikj(&a, &b, &mut c1, n, 1);
        matmul_ikj(&a, &b, &mut c3, n, 3);
        assert_eq!(c1, c3);
        let want: f32 = (0..n).map(|k| a[2 * n + k] * b[k * n + 4]).sum();
        assert_eq!(c1[2 * n + 4], want);
    }
}
