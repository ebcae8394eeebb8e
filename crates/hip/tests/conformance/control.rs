//! Kernel arguments (structs by value, many scalars) and control flow: launch bounds,
//! grid-stride loops, data-dependent loops, barriers in loops and in uniform branches.

use crate::common::*;
use hip::ArgBytes;
use rand::Rng;

kernel_module!(module, "control.hip");
kernel_module!(globals_module, "globals.hip");

/// The kernel's `struct Params` laid out by hand, field by field, in C's layout.
fn params_bytes(a: i32, b: f32, c: f64, d: i8, arr: [i32; 3]) -> Vec<u8> {
    let mut v = vec![0u8; 32];
    v[0..4].copy_from_slice(&a.to_le_bytes());
    v[4..8].copy_from_slice(&b.to_le_bytes());
    v[8..16].copy_from_slice(&c.to_le_bytes());
    v[16] = d as u8;
    for (k, x) in arr.iter().enumerate() {
        v[20 + 4 * k..24 + 4 * k].copy_from_slice(&x.to_le_bytes());
    }
    v
}

fn small_bytes(s: i16, c: i8) -> Vec<u8> {
    let mut v = vec![0u8; 4];
    v[0..2].copy_from_slice(&s.to_le_bytes());
    v[2] = c as u8;
    v
}

#[test]
fn struct_arguments_by_value() {
    let _device = shared_device();
    let f = function(module(), "struct_by_value");
    let n = 1000;
    for (a, b, c, d, arr, s, ch) in [
        (7i32, 1.5f32, -2.25f64, -3i8, [10, -20, 30], 300i16, -5i8),
        (
            -123_456,
            3.0e-3,
            1.0e100,
            127,
            [i32::MAX - 1000, 0, i32::MIN + 1000],
            -32768,
            127,
        ),
    ] {
        let p = ArgBytes(params_bytes(a, b, c, d, arr));
        let q = ArgBytes(small_bytes(s, ch));
        let mut want = Vec::with_capacity(5 * n);
        for i in 0..n {
            want.push(f64::from(a + i as i32));
            want.push(f64::from(b * i as f32));
            want.push(c * i as f64);
            want.push(f64::from(i32::from(d) + arr[i % 3]));
            want.push(f64::from(i32::from(s) * i32::from(ch) + i as i32));
        }
        for shape in shapes_1d(n) {
            let out = poisoned::<f64>(5 * n);
            let what = format!("struct_by_value a={a} {shape:?}");
            launch(&f, shape, 0, &[&p, &q, &out, &(n as i32)], &what);
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn seventeen_mixed_arguments() {
    let _device = shared_device();
    let f = function(module(), "many_args");
    let n = 300;
    let (a, b, c, d) = (-5i8, -30_000i16, 2_000_000_000i32, -(1i64 << 50));
    let (e, ff, g, h) = (250u8, 65_000u16, 4_000_000_000u32, 0xF000_0000_0000_0007u64);
    let (x, y, z, k, w, s2) = (
        1.25f32,
        -3.5e200f64,
        -0.75f32,
        -77i32,
        6.0e-300f64,
        12_345i16,
    );
    let mut want_i = Vec::with_capacity(10 * n);
    let mut want_d = Vec::with_capacity(4 * n);
    for i in 0..n as i64 {
        want_i.extend([
            i64::from(a) + i,
            i64::from(b) + i,
            i64::from(c) + i,
            d + i,
            i64::from(e) + i,
            i64::from(ff) + i,
            i64::from(g) + i,
            (h >> 1) as i64 + i,
            i64::from(k) + i,
            i64::from(s2) + i,
        ]);
        let m = (i + 1) as f64;
        want_d.extend([f64::from(x) * m, y * m, f64::from(z) * m, w * m]);
    }
    for shape in shapes_1d(n) {
        let (oi, od) = (poisoned::<i64>(10 * n), poisoned::<f64>(4 * n));
        let what = format!("many_args {shape:?}");
        launch(
            &f,
            shape,
            0,
            &[
                &oi,
                &od,
                &a,
                &b,
                &c,
                &d,
                &e,
                &ff,
                &g,
                &h,
                &x,
                &y,
                &z,
                &k,
                &w,
                &s2,
                &(n as i32),
            ],
            &what,
        );
        check_eq(&download(&oi), &want_i, &format!("{what}: integers"));
        check_eq(&download(&od), &want_d, &format!("{what}: floats"));
    }
}

#[test]
fn launch_bounds_kernel() {
    let _device = shared_device();
    let f = function(module(), "bounded_reverse");
    let n = 1000;
    let seed = 800;
    let mut r = rng(seed);
    let input: Vec<f32> = (0..n).map(|_| r.gen()).collect();
    let din = upload(&input);
    for b in [1u32, 7, 64, 200, 256] {
        let g = blocks_for(n, b);
        let out = poisoned::<f32>(n);
        let what = format!("bounded_reverse seed={seed} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            0,
            &[&out, &din, &(n as i32)],
            &what,
        );
        let bu = b as usize;
        let want: Vec<f32> = (0..n)
            .map(|i| {
                let src = (i / bu) * bu + (bu - 1 - i % bu);
                if src < n {
                    input[src]
                } else {
                    0.0
                }
            })
            .collect();
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn grid_stride_loop() {
    let _device = shared_device();
    let f = function(module(), "grid_stride");
    let n = 10_007;
    let seed = 810;
    let mut r = rng(seed);
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1_000_000..1_000_000)).collect();
    let want: Vec<i32> = input.iter().map(|x| x * 3 - 1).collect();
    let din = upload(&input);
    for (g, b) in [
        (1u32, 1u32),
        (1, 64),
        (3, 7),
        (2, 1024),
        (100, 256),
        (20_000, 1),
    ] {
        let out = poisoned::<i32>(n);
        let what = format!("grid_stride seed={seed} grid={g} block={b}");
        launch(
            &f,
            ((g, 1, 1), (b, 1, 1)),
            0,
            &[&out, &din, &(n as i32)],
            &what,
        );
        check_eq(&download(&out), &want, &what);
    }
}

fn collatz(mut v: u64) -> i32 {
    let mut steps = 0;
    while v > 1 {
        v = if v & 1 == 1 { 3 * v + 1 } else { v / 2 };
        steps += 1;
    }
    steps
}

#[test]
fn data_dependent_loop_without_barrier() {
    let _device = shared_device();
    let f = function(module(), "collatz_steps");
    let n = 3000;
    let seed = 820;
    let mut r = rng(seed);
    let input: Vec<u64> = (0..n)
        .map(|i| {
            if i < 3 {
                i as u64
            } else {
                r.gen_range(1..1_000_000)
            }
        })
        .collect();
    let want: Vec<i32> = input.iter().map(|&v| collatz(v)).collect();
    let din = upload(&input);
    for shape in shapes_1d(n) {
        let out = poisoned::<i32>(n);
        let what = format!("collatz_steps seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&out, &din, &(n as i32)], &what);
        check_eq(&download(&out), &want, &what);
    }
}

fn barrier_loop_host(input: &[u32], block: usize, iters: i32) -> Vec<u32> {
    let mut out = Vec::with_capacity(input.len());
    for chunk in input.chunks(block) {
        let mut s: Vec<u32> = (0..block)
            .map(|t| chunk.get(t).copied().unwrap_or(0))
            .collect();
        for k in 0..iters {
            s = (0..block)
                .map(|t| s[(t + 1) % block].wrapping_add(s[t]) ^ k as u32)
                .collect();
        }
        out.extend_from_slice(&s[..chunk.len()]);
    }
    out
}

#[test]
fn barrier_in_loop_with_argument_trip_count() {
    let _device = shared_device();
    let f = function(module(), "barrier_loop");
    let n = 2100;
    let seed = 830;
    let mut r = rng(seed);
    let input: Vec<u32> = (0..n).map(|_| r.gen()).collect();
    let din = upload(&input);
    for b in [1u32, 7, 64, 1024] {
        for iters in [0i32, 1, 5, 33] {
            let g = blocks_for(n, b);
            let out = poisoned::<u32>(n);
            let what = format!("barrier_loop seed={seed} block={b} iters={iters}");
            launch(
                &f,
                ((g, 1, 1), (b, 1, 1)),
                0,
                &[&out, &din, &iters, &(n as i32)],
                &what,
            );
            check_eq(
                &download(&out),
                &barrier_loop_host(&input, b as usize, iters),
                &what,
            );
        }
    }
}

#[test]
fn barrier_in_block_uniform_branch() {
    let _device = shared_device();
    let f = function(module(), "sync_in_uniform_if");
    let n = 2000;
    let seed = 840;
    let mut r = rng(seed);
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1000..1000)).collect();
    let din = upload(&input);
    for b in [1u32, 7, 64, 1024] {
        for flag in [0i32, 1] {
            let g = blocks_for(n, b);
            let out = poisoned::<i32>(n);
            let what = format!("sync_in_uniform_if seed={seed} block={b} flag={flag}");
            launch(
                &f,
                ((g, 1, 1), (b, 1, 1)),
                0,
                &[&out, &din, &flag, &(n as i32)],
                &what,
            );
            let bu = b as usize;
            let want: Vec<i32> = (0..n)
                .map(|i| {
                    let blk = i / bu;
                    if blk.is_multiple_of(2) == (flag != 0) {
                        let src = blk * bu + (bu - 1 - i % bu);
                        input.get(src).copied().unwrap_or(0)
                    } else {
                        -input[i]
                    }
                })
                .collect();
            check_eq(&download(&out), &want, &what);
        }
    }
}

/// Steps between barriers guarded by `threadIdx.x` against a kernel argument, signed and
/// unsigned, with k below, inside and past the block: each work-item's bits say which guards it
/// passed.
#[test]
fn regions_guarded_by_thread_index() {
    let _device = shared_device();
    let f = function(module(), "guarded_steps");
    for (bx, by) in [(16u32, 1u32), (7, 3), (1, 1), (64, 2)] {
        for k in [i32::MIN, -5, -1, 0, 1, 3, 6, 7, 15, 16, 63, 100, i32::MAX] {
            let n = (2 * bx * by) as usize;
            let out = poisoned::<i32>(n);
            let what = format!("guarded_steps block=({bx},{by}) k={k}");
            launch(&f, ((2, 1, 1), (bx, by, 1)), 0, &[&out, &k], &what);
            let want: Vec<i32> = (0..n)
                .map(|i| {
                    let x = (i as u32 % (bx * by)) % bx;
                    let (xu, ku, xs) = (x, k as u32, x as i32);
                    let guards = [
                        xu < ku,
                        xu <= ku,
                        xs < k,
                        xs <= k,
                        xu >= ku,
                        xu > ku,
                        xs >= k,
                        xs > k,
                        xu == ku,
                        xu < 3,
                        xu < 5,
                    ];
                    guards
                        .iter()
                        .enumerate()
                        .map(|(j, &g)| i32::from(g) << j)
                        .sum()
                })
                .collect();
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn whole_blocks_return_before_barrier() {
    let _device = shared_device();
    let f = function(module(), "early_exit_blocks");
    let n = 1000;
    for b in [1u32, 64, 256] {
        let g = blocks_for(n, b);
        for active in [0u32, 1, g / 2, g] {
            let out = poisoned::<i32>(n);
            let what = format!("early_exit_blocks block={b} active={active}");
            launch(
                &f,
                ((g, 1, 1), (b, 1, 1)),
                0,
                &[&out, &(active as i32), &(n as i32)],
                &what,
            );
            let want: Vec<i32> = (0..n)
                .map(|i| {
                    let blk = (i / b as usize) as u32;
                    if blk < active {
                        blk as i32 * 10 + (i % b as usize) as i32
                    } else {
                        -1 // poison: 0xFFFFFFFF
                    }
                })
                .collect();
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn device_function_calls_in_2d_blocks() {
    let _device = shared_device();
    let f = function(module(), "device_calls_2d");
    let n = 1500;
    let seed = 850;
    let mut r = rng(seed);
    let input: Vec<i32> = (0..n).map(|_| r.gen_range(-40_000..40_000)).collect();
    let poly = |x: u32| {
        x.wrapping_mul(x)
            .wrapping_sub(x.wrapping_mul(3))
            .wrapping_add(7)
            & 0xffff
    };
    let want: Vec<i32> = input.iter().map(|&x| poly(poly(x as u32)) as i32).collect();
    let din = upload(&input);
    for (bx, by) in [(1u32, 1u32), (8, 8), (32, 4), (5, 7), (16, 64)] {
        let g = blocks_for(n, bx * by);
        let out = poisoned::<i32>(n);
        let what = format!("device_calls_2d seed={seed} block=({bx},{by})");
        launch(
            &f,
            ((g, 1, 1), (bx, by, 1)),
            0,
            &[&out, &din, &(n as i32)],
            &what,
        );
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn constant_memory_table() {
    let _device = shared_device();
    let f = function(globals_module(), "const_table");
    let n = 999;
    let seed = 860;
    let mut r = rng(seed);
    let idx: Vec<i32> = (0..n).map(|_| r.gen()).collect();
    let table = [3, 1, 4, 1, 5, 9, 2, 6];
    let want: Vec<i32> = idx
        .iter()
        .enumerate()
        .map(|(i, &x)| table[(x & 7) as usize] * 3 + i as i32)
        .collect();
    let didx = upload(&idx);
    for shape in shapes_1d(n) {
        let out = poisoned::<i32>(n);
        let what = format!("const_table seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&out, &didx, &(n as i32)], &what);
        check_eq(&download(&out), &want, &what);
    }
}

/// Many launches queued on the null stream before one synchronize: all run, in order.
#[test]
fn queued_launches_run_in_order() {
    let _device = shared_device();
    let f = function(module(), "add_launch_number");
    let n = 1000usize;
    let acc = filled::<u32>(n, 0);
    let launches = 40u32;
    for k in 0..launches {
        let shape: Shape = ((blocks_for(n, 64), 1, 1), (64, 1, 1));
        let (grid, block) = shape;
        if let Err(e) = f.launch(grid.into(), block.into(), 0, None, &[&acc, &k, &(n as i32)]) {
            panic!("launch {k} failed: {e:?}\n{}", detail());
        }
    }
    if let Err(e) = hip::device_synchronize() {
        panic!(
            "synchronize after {launches} queued launches failed: {e:?}\n{}",
            detail()
        );
    }
    // Order matters: acc = acc * 3 + k does not commute.
    let want = (0..launches).fold(0u32, |a, k| a.wrapping_mul(3).wrapping_add(k));
    check_eq(&download(&acc), &vec![want; n], "queued launches");
}

#[test]
fn early_return_before_barriers() {
    let _device = shared_device();
    let f = function(module(), "early_return_stencil");
    let seed = 4242;
    let mut r = rng(seed);
    for n in [1000usize, 77, 1] {
        let input: Vec<i32> = (0..n).map(|_| r.gen_range(-1000..1000)).collect();
        let dev_in = upload(&input);
        for shape in shapes_1d(n) {
            let b = (shape.1).0 as usize;
            let out = poisoned::<i32>(n);
            let what = format!("early_return_stencil n={n} seed={seed} {shape:?}");
            launch(
                &f,
                shape,
                (b * 4) as u32,
                &[&out, &dev_in, &(n as i32)],
                &what,
            );
            let mut want = vec![0i32; n];
            for start in (0..n).step_by(b) {
                let live = b.min(n - start);
                let tile = &input[start..start + live];
                let v: Vec<i32> = (0..live)
                    .map(|t| {
                        let left = tile[if t == 0 { live - 1 } else { t - 1 }];
                        let right = tile[if t + 1 == live { 0 } else { t + 1 }];
                        left + 2 * tile[t] + right
                    })
                    .collect();
                for t in 0..live {
                    want[start + t] = v[(t + 1) % live] - v[t];
                }
            }
            check_eq(&download(&out), &want, &what);
        }
    }
}

#[test]
fn float_sums_over_loops_every_work_item_runs() {
    let _device = shared_device();
    let mut r = rng(0x10f5);
    let tile_sums = function(module(), "tile_sums");
    for (bx, by) in [(64u32, 1u32), (7, 3), (1, 1), (16, 4)] {
        let size = (bx * by) as usize;
        for (n, tiles) in [(1usize, 1i32), (size * 3 - 1, 2), (size * 2, 3), (5, 0)] {
            let a: Vec<f32> = (0..n).map(|_| r.gen_range(-4.0..4.0)).collect();
            let groups = n.div_ceil(size);
            let out = poisoned::<f32>(2 * groups * size);
            let what = format!("tile_sums block=({bx},{by}) n={n} tiles={tiles}");
            launch(
                &tile_sums,
                ((groups as u32, 1, 1), (bx, by, 1)),
                0,
                &[&upload(&a), &out, &(n as i32), &tiles],
                &what,
            );
            let got = download(&out);
            let mut want = got.clone();
            for i in 0..n {
                let p = a[i];
                let (mut s, mut d) = (0.0f32, 0.0f64);
                for start in 0..tiles as usize {
                    for k in 0..size {
                        let v = a[(start * size + k) % n];
                        s += v - p;
                        d += f64::from(v) * 0.5;
                    }
                }
                want[2 * i] = s;
                want[2 * i + 1] = d as f32;
            }
            // As bits: the poison past `n` is a NaN, equal to itself only so.
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<u32>>();
            check_eq(&bits(&got), &bits(&want), &what);
        }
    }
    for name in ["row_sums", "row_sums_early_exit"] {
        let f = function(module(), name);
        for (bx, by) in [(64u32, 1u32), (7, 3), (1, 1)] {
            for (n, m) in [(1usize, 1usize), (100, 17), (130, 0), (64, 5)] {
                let a: Vec<f32> = (0..n * m.max(1)).map(|_| r.gen_range(-4.0..4.0)).collect();
                let b: Vec<f32> = (0..m.max(1)).map(|_| r.gen_range(-4.0..4.0)).collect();
                let size = (bx * by) as usize;
                let groups = n.div_ceil(size);
                let out = poisoned::<f32>(n);
                let what = format!("{name} block=({bx},{by}) n={n} m={m}");
                let args: [&dyn hip::KernelArg; 5] =
                    [&upload(&a), &upload(&b), &out, &(n as i32), &(m as i32)];
                launch(&f, ((groups as u32, 1, 1), (bx, by, 1)), 0, &args, &what);
                let want: Vec<f32> = (0..n)
                    .map(|i| (0..m).fold(0.0f32, |s, k| s + (a[i * m + k] - b[k])))
                    .collect();
                check_eq(&download(&out), &want, &what);
            }
        }
    }
}

#[test]
fn block_stride_loops_over_tiles_and_rows() {
    let _device = shared_device();
    let mut r = rng(0xb10c);
    let hist = function(module(), "tile_histogram");
    for (bx, by) in [(64u32, 1u32), (7, 3), (1, 1), (256, 1)] {
        for (n, tile) in [
            (0usize, 1usize),
            (1, 1),
            (5, 37),
            (1000, 37),
            (4099, 4096),
            (70_000, 5000),
        ] {
            let input: Vec<u8> = (0..n.max(1)).map(|_| r.gen()).collect();
            let groups = n.div_ceil(tile).max(1);
            let out = upload(&vec![0u32; 64]);
            let what = format!("tile_histogram block=({bx},{by}) n={n} tile={tile}");
            let args: [&dyn hip::KernelArg; 4] =
                [&upload(&input), &out, &(n as i32), &(tile as i32)];
            launch(&hist, ((groups as u32, 1, 1), (bx, by, 1)), 0, &args, &what);
            // Every row of the block counts each byte, row y adding 1 + y.
            let rows: u32 = (1..=by).sum();
            let mut want = vec![0u32; 64];
            for &b in &input[..n] {
                want[usize::from(b & 63)] += rows;
            }
            check_eq(&download(&out), &want, &what);
        }
    }
    let scale = function(module(), "row_scale");
    for bx in [64u32, 7, 1, 256] {
        for (rows, m) in [(1usize, 0usize), (3, 1), (2, 100), (5, 4099)] {
            let input: Vec<f32> = (0..rows * m).map(|_| r.gen_range(-4.0..4.0)).collect();
            let out = poisoned::<f32>(rows * m + 1);
            let what = format!("row_scale block={bx} rows={rows} m={m}");
            let args: [&dyn hip::KernelArg; 4] = [&upload(&input), &out, &(m as u32), &1.5f32];
            launch(&scale, ((rows as u32, 1, 1), (bx, 1, 1)), 0, &args, &what);
            // The element past the rows keeps its poison (all bits set).
            let mut want: Vec<u32> = (0..rows * m)
                .map(|k| (input[k] * 1.5 + ((k % m) % 5) as f32).to_bits())
                .collect();
            want.push(u32::MAX);
            let got: Vec<u32> = download(&out).iter().map(|x| x.to_bits()).collect();
            check_eq(&got, &want, &what);
        }
    }
}
