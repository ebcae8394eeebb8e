//! The native Rust references: the same computations as the HIP kernels, written as plain
//! loops, split into one contiguous chunk per thread where they run on all cores.

use std::thread;

/// Builds a reference for the instructions of the machine it runs on, as ferrocm's code
/// generator does for kernels (and `-march=native` for the first OpenMP references):
/// the function is compiled three times, for x86-64-v4 (AVX-512), v3 (AVX2, FMA) and the
/// baseline, and each call takes the best the CPU has.
macro_rules! host_isa {
    ($(#[$m:meta])* pub fn $name:ident($($arg:ident : $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block) => {
        $(#[$m])*
        pub fn $name($($arg: $ty),*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx512f,avx512bw,avx512cd,avx512dq,avx512vl,avx2,fma,bmi1,bmi2,lzcnt,movbe,popcnt")]
                fn v4($($arg: $ty),*) $(-> $ret)? $body
                #[target_feature(enable = "avx2,fma,bmi1,bmi2,lzcnt,movbe,popcnt")]
                fn v3($($arg: $ty),*) $(-> $ret)? $body
                let has = |f: &[bool]| f.iter().all(|&b| b);
                let v3_ok = has(&[
                    is_x86_feature_detected!("avx2"),
                    is_x86_feature_detected!("fma"),
                    is_x86_feature_detected!("bmi1"),
                    is_x86_feature_detected!("bmi2"),
                    is_x86_feature_detected!("lzcnt"),
                    is_x86_feature_detected!("movbe"),
                    is_x86_feature_detected!("popcnt"),
                ]);
                let v4_ok = v3_ok
                    && has(&[
                        is_x86_feature_detected!("avx512f"),
                        is_x86_feature_detected!("avx512bw"),
                        is_x86_feature_detected!("avx512cd"),
                        is_x86_feature_detected!("avx512dq"),
                        is_x86_feature_detected!("avx512vl"),
                    ]);
                if v4_ok {
                    // SAFETY: the CPU has every feature `v4` is compiled for.
                    return unsafe { v4($($arg),*) };
                }
                if v3_ok {
                    // SAFETY: the CPU has every feature `v3` is compiled for.
                    return unsafe { v3($($arg),*) };
                }
            }
            $body
        }
    };
}

host_isa! {
    pub fn saxpy_serial(a: f32, x: &[f32], y: &mut [f32]) {
        for (yi, xi) in y.iter_mut().zip(x) {
            *yi += a * xi;
        }
    }
}

host_isa! {
    pub fn saxpy_parallel(a: f32, x: &[f32], y: &mut [f32], threads: usize) {
        let chunk = y.len().div_ceil(threads.max(1)).max(1);
        thread::scope(|s| {
            for (yc, xc) in y.chunks_mut(chunk).zip(x.chunks(chunk)) {
                s.spawn(move || saxpy_serial(a, xc, yc));
            }
        });
    }
}

host_isa! {
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
}

host_isa! {
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
}

/// Sums of consecutive blocks of `block` values (wrapping; the last block shorter), split over
/// `threads`. Inlined into each of the callers' builds for the host's vector width.
#[inline(always)]
fn block_sums_of<T: Copy + Send + Sync + Default>(
    input: &[T],
    block: usize,
    out: &mut [T],
    threads: usize,
    add: fn(T, T) -> T,
) {
    let per = out.len().div_ceil(threads.max(1)).max(1);
    thread::scope(|s| {
        for (k, oc) in out.chunks_mut(per).enumerate() {
            let first = k * per * block;
            let ic = &input[first.min(input.len())..];
            s.spawn(move || {
                for (o, chunk) in oc.iter_mut().zip(ic.chunks(block)) {
                    *o = chunk.iter().fold(T::default(), |a, &b| add(a, b));
                }
            });
        }
    });
}

host_isa! {
    /// Sums of consecutive blocks of `block` ints (the last one shorter), split over `threads`.
    pub fn block_sums(input: &[i32], block: usize, out: &mut [i32], threads: usize) {
        block_sums_of(input, block, out, threads, i32::wrapping_add)
    }
}

host_isa! {
    /// Sums of consecutive blocks of `block` 64-bit values (wrapping), split over `threads`.
    pub fn block_sums_u64(input: &[u64], block: usize, out: &mut [u64], threads: usize) {
        block_sums_of(input, block, out, threads, u64::wrapping_add)
    }
}

host_isa! {
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
}

host_isa! {
    /// Byte histogram of `input` the way `histogram_global` computes it: every byte is a relaxed
    /// atomic add into the one shared table, each thread taking a contiguous chunk.
    pub fn histogram_atomic(input: &[u8], threads: usize) -> [u32; 256] {
        use std::sync::atomic::{AtomicU32, Ordering};
        let table: [AtomicU32; 256] = std::array::from_fn(|_| AtomicU32::new(0));
        let per = input.len().div_ceil(threads.max(1)).max(1);
        thread::scope(|s| {
            for c in input.chunks(per) {
                let table = &table;
                s.spawn(move || {
                    for &b in c {
                        table[b as usize].fetch_add(1, Ordering::Relaxed);
                    }
                });
            }
        });
        table.map(AtomicU32::into_inner)
    }
}

host_isa! {
    /// One step of the 5-point stencil on a `w` x `h` grid: interior points become
    /// `c0 * centre + c1 * (left + right + up + down)`, the boundary is copied; rows split over
    /// `threads`.
    pub fn stencil5(input: &[f32], out: &mut [f32], w: usize, h: usize, c: (f32, f32), threads: usize) {
        let (c0, c1) = c;
        let rows_per = h.div_ceil(threads.max(1)).max(1);
        thread::scope(|s| {
            for (t, oc) in out.chunks_mut(rows_per * w).enumerate() {
                s.spawn(move || {
                    for (r, orow) in oc.chunks_mut(w).enumerate() {
                        let y = t * rows_per + r;
                        let mid = &input[y * w..(y + 1) * w];
                        if y == 0 || y + 1 == h || w < 3 {
                            orow.copy_from_slice(mid);
                            continue;
                        }
                        let up = &input[(y - 1) * w..y * w];
                        let down = &input[(y + 1) * w..(y + 2) * w];
                        orow[0] = mid[0];
                        orow[w - 1] = mid[w - 1];
                        for (((o, m), u), d) in orow[1..w - 1]
                            .iter_mut()
                            .zip(mid.windows(3))
                            .zip(&up[1..])
                            .zip(&down[1..])
                        {
                            *o = c0 * m[1] + c1 * (m[0] + m[2] + u + d);
                        }
                    }
                });
            }
        });
    }
}

host_isa! {
    /// `out` (`w` rows of `h`) = the transpose of `input` (`h` rows of `w`), in 32 x 32 tiles; the
    /// output's rows split over `threads` in whole tiles.
    pub fn transpose(input: &[f32], out: &mut [f32], w: usize, h: usize, threads: usize) {
        const TILE: usize = 32;
        let rows_per = w.div_ceil(threads.max(1)).div_ceil(TILE).max(1) * TILE;
        thread::scope(|s| {
            for (t, oc) in out.chunks_mut(rows_per * h).enumerate() {
                s.spawn(move || {
                    let first = t * rows_per;
                    let rows = oc.len() / h;
                    for xb in (0..rows).step_by(TILE) {
                        for yb in (0..h).step_by(TILE) {
                            let end = (yb + TILE).min(h);
                            for x in xb..(xb + TILE).min(rows) {
                                for (o, y) in oc[x * h + yb..x * h + end].iter_mut().zip(yb..) {
                                    *o = input[y * w + first + x];
                                }
                            }
                        }
                    }
                });
            }
        });
    }
}

host_isa! {
    /// Inclusive scans of consecutive blocks of `block` ints (the last one shorter), split over
    /// `threads` in whole blocks.
    pub fn scan_blocks(input: &[i32], out: &mut [i32], block: usize, threads: usize) {
        let blocks = input.len().div_ceil(block.max(1));
        let per = blocks.div_ceil(threads.max(1)).max(1) * block.max(1);
        thread::scope(|s| {
            for (oc, ic) in out.chunks_mut(per).zip(input.chunks(per)) {
                s.spawn(move || {
                    for (ob, ib) in oc.chunks_mut(block).zip(ic.chunks(block)) {
                        let mut sum = 0i32;
                        for (o, &v) in ob.iter_mut().zip(ib) {
                            sum = sum.wrapping_add(v);
                            *o = sum;
                        }
                    }
                });
            }
        });
    }
}

host_isa! {
    /// The same scans the way `scan_block` computes them: per block, log2(block) Hillis-Steele
    /// passes, each element adding the one `off` before it (the kernel's loops, with two buffers
    /// for its barriers). A block is `block` ints, zero-padded at the end like the kernel's last.
    pub fn scan_blocks_passes(input: &[i32], out: &mut [i32], block: usize, threads: usize) {
        let block = block.max(1);
        let blocks = input.len().div_ceil(block);
        let per = blocks.div_ceil(threads.max(1)).max(1) * block;
        thread::scope(|s| {
            for (oc, ic) in out.chunks_mut(per).zip(input.chunks(per)) {
                s.spawn(move || {
                    let (mut cur, mut next) = (vec![0i32; block], vec![0i32; block]);
                    for (ob, ib) in oc.chunks_mut(block).zip(ic.chunks(block)) {
                        cur[..ib.len()].copy_from_slice(ib);
                        cur[ib.len()..].fill(0);
                        let mut off = 1;
                        while off < block {
                            next[..off].copy_from_slice(&cur[..off]);
                            // Zipped slices: no bounds checks, so the pass vectorizes.
                            let pairs = cur[off..].iter().zip(&cur[..block - off]);
                            for (n, (&c, &p)) in next[off..].iter_mut().zip(pairs) {
                                *n = c.wrapping_add(p);
                            }
                            std::mem::swap(&mut cur, &mut next);
                            off <<= 1;
                        }
                        ob.copy_from_slice(&cur[..ob.len()]);
                    }
                });
            }
        });
    }
}

/// Bodies whose accelerations one pass over all bodies computes together (the vector width the
/// inner loop gets).
const NBODY_LANES: usize = 16;

host_isa! {
    /// All-pairs accelerations: `pos` holds (x, y, z, mass) per body, `acc` gets (ax, ay, az, 0);
    /// `eps2` softens close encounters. The bodies split over `threads`; each thread takes
    /// [`NBODY_LANES`] bodies at a time and sums every body's pull on them, in body order.
    pub fn nbody_accel(pos: &[f32], acc: &mut [f32], eps2: f32, threads: usize) {
        let n = pos.len() / 4;
        let per = n.div_ceil(threads.max(1)).div_ceil(NBODY_LANES).max(1) * NBODY_LANES;
        thread::scope(|s| {
            for (t, ac) in acc.chunks_mut(per * 4).enumerate() {
                s.spawn(move || {
                    for (g, ag) in ac.chunks_mut(NBODY_LANES * 4).enumerate() {
                        let first = t * per + g * NBODY_LANES;
                        let (mut px, mut py, mut pz) = (
                            [0.0f32; NBODY_LANES],
                            [0.0; NBODY_LANES],
                            [0.0; NBODY_LANES],
                        );
                        for (k, p) in pos[first * 4..]
                            .chunks_exact(4)
                            .take(ag.len() / 4)
                            .enumerate()
                        {
                            (px[k], py[k], pz[k]) = (p[0], p[1], p[2]);
                        }
                        let (mut ax, mut ay, mut az) = (
                            [0.0f32; NBODY_LANES],
                            [0.0; NBODY_LANES],
                            [0.0; NBODY_LANES],
                        );
                        for q in pos.chunks_exact(4) {
                            #[allow(clippy::needless_range_loop)] // Reason: six arrays in lock step.
                            for k in 0..NBODY_LANES {
                                let (dx, dy, dz) = (q[0] - px[k], q[1] - py[k], q[2] - pz[k]);
                                let d2 = dx * dx + dy * dy + dz * dz + eps2;
                                let inv = 1.0 / d2.sqrt();
                                let s = q[3] * inv * inv * inv;
                                ax[k] += dx * s;
                                ay[k] += dy * s;
                                az[k] += dz * s;
                            }
                        }
                        for (k, a) in ag.chunks_exact_mut(4).enumerate() {
                            a.copy_from_slice(&[ax[k], ay[k], az[k], 0.0]);
                        }
                    }
                });
            }
        });
    }
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
        assert_eq!(histogram_atomic(&input, 3), want);
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
    #[test]
    fn stencil_copies_the_boundary_and_averages_inside() {
        let (w, h) = (7, 5);
        let input: Vec<f32> = (0..w * h).map(|i| (i * i % 11) as f32).collect();
        let mut out = vec![f32::NAN; w * h];
        stencil5(&input, &mut out, w, h, (0.5, 0.125), 3);
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                let want = if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    input[i]
                } else {
                    0.5 * input[i]
                        + 0.125 * (input[i - 1] + input[i + 1] + input[i - w] + input[i + w])
                };
                assert_eq!(out[i], want, "({x}, {y})");
            }
        }
    }

    #[test]
    fn transpose_moves_every_element() {
        let (w, h) = (45, 70);
        let input: Vec<f32> = (0..w * h).map(|i| i as f32).collect();
        let mut out = vec![f32::NAN; w * h];
        transpose(&input, &mut out, w, h, 3);
        for y in 0..h {
            for x in 0..w {
                assert_eq!(out[x * h + y], input[y * w + x]);
            }
        }
    }

    #[test]
    fn the_kernels_passes_give_the_running_sums() {
        let input: Vec<i32> = (0..1000).map(|i| (i * 37 % 11) - 5).collect();
        let (mut a, mut b) = (vec![i32::MIN; 1000], vec![i32::MAX; 1000]);
        scan_blocks(&input, &mut a, 256, 3);
        scan_blocks_passes(&input, &mut b, 256, 3);
        assert_eq!(a, b);
    }

    #[test]
    fn scans_restart_at_each_block() {
        let input: Vec<i32> = (0..1000).map(|i| i % 7 - 3).collect();
        let mut out = vec![i32::MIN; 1000];
        scan_blocks(&input, &mut out, 256, 3);
        for (b, (ob, ib)) in out.chunks(256).zip(input.chunks(256)).enumerate() {
            for k in 0..ib.len() {
                assert_eq!(
                    ob[k],
                    ib[..=k].iter().sum::<i32>(),
                    "block {b}, element {k}"
                );
            }
        }
    }

    #[test]
    fn nbody_matches_the_pairwise_sum() {
        let n = 37;
        let pos: Vec<f32> = (0..n * 4)
            .map(|i| ((i * 7919) % 101) as f32 / 101.0)
            .collect();
        let mut acc = vec![f32::NAN; n * 4];
        nbody_accel(&pos, &mut acc, 0.01, 3);
        for i in 0..n {
            let mut want = [0.0f32; 3];
            for j in 0..n {
                let d: Vec<f32> = (0..3).map(|c| pos[j * 4 + c] - pos[i * 4 + c]).collect();
                let d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 0.01;
                let s = pos[j * 4 + 3] / (d2 * d2.sqrt());
                for c in 0..3 {
                    want[c] += d[c] * s;
                }
            }
            for c in 0..3 {
                assert!(
                    (acc[i * 4 + c] - want[c]).abs() <= 1e-3 * (1.0 + want[c].abs()),
                    "body {i}"
                );
            }
            assert_eq!(acc[i * 4 + 3], 0.0);
        }
    }
}
