//! AMD GPU builtins (`__builtin_amdgcn_*`, compiled for AMD's generic target and given their CPU meaning
//! by the intrinsic pass): lane ids and masks, permutes, swizzles, DPP moves, ballots, barriers,
//! dispatch sizes, bit and math operations, timers and atomics, checked against the hardware's rules
//! evaluated here. The warp test re-runs these in a child process at the other warp size.

use crate::common::*;
use crate::warp::{low_bits, warp_size, Lane};
use hip::{HipError, Module};
use rand::Rng;

kernel_module!(amdgcn_module, "amdgcn.hip");

const LANE_OUTS: usize = 24;

/// Lane `src` of the warp at `at` (0 where that lane does not exist, as the device library gives).
fn lane_value(input: &[i32], start: usize, at: Lane, src: u32) -> i32 {
    if src < at.count {
        input[start + (at.base + src) as usize]
    } else {
        0
    }
}

/// The DPP source lane (device/amdgcn.hip's rules, from AMD's ISA manuals), or None.
fn dpp_source(ctrl: u32, lane: u32, ws: u32) -> Option<u32> {
    let row = lane & !15;
    let in_row = lane & 15;
    let n = ctrl & 15;
    match ctrl {
        0..=0xff => Some((lane & !3) | ((ctrl >> ((lane & 3) * 2)) & 3)),
        0x101..=0x10f => (in_row + n < 16).then(|| lane + n),
        0x111..=0x11f => (in_row >= n).then(|| lane - n),
        0x121..=0x12f => Some(row | ((in_row + 16 - n) & 15)),
        0x138 => (lane >= 1).then(|| lane - 1),
        0x140 => Some(row | (15 - in_row)),
        0x142 => (row >= 16).then(|| row - 1),
        0x143 => (lane >= 32).then_some(31),
        _ => unreachable!("control {ctrl:#x} not modelled"),
    }
    .filter(|&s| s < ws)
}

#[allow(clippy::too_many_arguments)] // reason: the DPP instruction's own operands
fn dpp(
    input: &[i32],
    start: usize,
    at: Lane,
    ws: u32,
    old: i32,
    ctrl: u32,
    row_mask: u32,
    bank_mask: u32,
    bound_ctrl: bool,
) -> i32 {
    let lane = at.lane;
    if (row_mask >> ((lane >> 4) & 3)) & 1 == 0 || (bank_mask >> ((lane >> 2) & 3)) & 1 == 0 {
        return old;
    }
    match dpp_source(ctrl, lane, ws) {
        Some(s) if s < at.count => lane_value(input, start, at, s),
        _ if bound_ctrl => 0,
        _ => old,
    }
}

fn ballot(
    input: &[i32],
    start: usize,
    at: Lane,
    include: impl Fn(i32) -> bool,
    bit: impl Fn(i32) -> bool,
) -> u64 {
    let mut m = 0u64;
    for l in 0..at.count {
        let v = input[start + (at.base + l) as usize];
        if include(v) && bit(v) {
            m |= 1 << l;
        }
    }
    m
}

/// Everything `amd_lanes` writes for the work-item at block rank `t`.
fn expected_lanes(
    input: &[i32],
    start: usize,
    t: u32,
    size: u32,
    ws: u32,
    global: u32,
) -> [i32; LANE_OUTS] {
    let at = Lane::of(t, size, ws);
    let lane = at.lane;
    let v = input[start + t as usize];
    let read = |src: u32| lane_value(input, start, at, src);
    let below = low_bits(lane);
    let mut o = [0i32; LANE_OUTS];
    o[0] = lane as i32;
    o[1] = ((0x5555_aaaau32 & below as u32).count_ones() + 7) as i32;
    o[2] = (0xf0f0_f00fu32 & (below >> 32) as u32).count_ones() as i32;
    o[3] = read((v & 0xff) as u32 & (ws - 1));
    // ds_permute: lane i sends to lane dest(i); the highest sender wins, 0 if none.
    o[4] = 0;
    for i in 0..at.count {
        let g = global - lane + i;
        if (g.wrapping_mul(7).wrapping_add(3) & 63) & (ws - 1) == lane {
            o[4] = read(i);
        }
    }
    o[5] = read((lane & !31) | ((lane & 31) ^ 1));
    o[6] = read((lane & !3) | ((0x1b >> ((lane & 3) * 2)) & 3));
    o[7] = read((lane & !31) | ((lane & 31 & 0x10) | 3));
    o[8] = read(0);
    o[9] = read(5 & (ws - 1));
    o[10] = ballot(input, start, at, |_| true, |x| x & 4 != 0) as u32 as i32;
    let b = ballot(input, start, at, |_| true, |x| x & 1 != 0);
    o[11] = b as i32;
    o[12] = (b >> 32) as i32;
    o[13] = dpp(input, start, at, ws, 0, 0x111, 0xf, 0xf, true);
    o[14] = dpp(input, start, at, ws, -5, 0x111, 0xf, 0xf, false);
    o[15] = dpp(input, start, at, ws, -5, 0x1b, 0xf, 0xf, false);
    o[16] = dpp(input, start, at, ws, -5, 0x101, 0xa, 0xf, false);
    o[17] = dpp(input, start, at, ws, -5, 0x142, 0xa, 0xf, false);
    o[18] = dpp(input, start, at, ws, -5, 0x143, 0xc, 0xf, false);
    o[19] = dpp(input, start, at, ws, -5, 0x140, 0xf, 0x5, false);
    o[20] = dpp(input, start, at, ws, -5, 0x128, 0xf, 0xf, false);
    o[21] = dpp(input, start, at, ws, -5, 0x138, 0xf, 0xf, false);
    o[22] = ws as i32;
    o[23] = if v & 1 != 0 {
        ballot(input, start, at, |x| x & 1 != 0, |x| x & 2 != 0) as i32
    } else {
        (0..at.count).map(read).find(|x| x & 1 == 0).unwrap_or(0)
    };
    o
}

#[test]
fn lane_ids_permutes_swizzles_dpp_and_ballots() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(amdgcn_module(), "amd_lanes");
    let mut rng = rng(0xa3d6);
    for block in [64u32, 256, 96, 100, 33, 1, 128] {
        let grid = 3u32;
        let n = (grid * block) as usize;
        let input: Vec<i32> = (0..n).map(|_| rng.gen()).collect();
        let d_in = upload(&input);
        let d_out = poisoned::<i32>(n * LANE_OUTS);
        launch(
            &f,
            ((grid, 1, 1), (block, 1, 1)),
            0,
            &[&d_in, &d_out],
            "amd_lanes",
        );
        let got = download(&d_out);
        let mut want = Vec::with_capacity(n * LANE_OUTS);
        for g in 0..grid {
            for t in 0..block {
                let start = (g * block) as usize;
                want.extend(expected_lanes(&input, start, t, block, ws, g * block + t));
            }
        }
        for k in 0..LANE_OUTS {
            let col = |v: &[i32]| {
                v.iter()
                    .skip(k)
                    .step_by(LANE_OUTS)
                    .copied()
                    .collect::<Vec<_>>()
            };
            check_eq(
                &col(&got),
                &col(&want),
                &format!("amd_lanes output {k}, block {block}, warp size {ws}"),
            );
        }
    }
}

#[test]
fn lane_exchanges_of_truncated_and_float_values() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(amdgcn_module(), "amd_lanes_wide");
    let mut rng = rng(0x64b);
    let block = 100u32;
    let input: Vec<i64> = (0..block).map(|_| rng.gen::<i64>() >> 20).collect();
    let d_in = upload(&input);
    let d_out = poisoned::<i64>(2 * block as usize);
    let d_f = poisoned::<f32>(block as usize);
    launch(
        &f,
        ((1, 1, 1), (block, 1, 1)),
        0,
        &[&d_in, &d_out, &d_f],
        "amd_lanes_wide",
    );
    let (got, gotf) = (download(&d_out), download(&d_f));
    for t in 0..block {
        let at = Lane::of(t, block, ws);
        let lane_of = |l: u32| {
            if l < at.count {
                input[(at.base + l) as usize]
            } else {
                0
            }
        };
        let i = t as usize;
        // clang-19's readlane takes and gives an int.
        assert_eq!(got[2 * i], i64::from(lane_of(1) as i32), "readlane at {t}");
        let shr = if at.lane & 15 >= 1 {
            lane_of(at.lane - 1)
        } else {
            0
        };
        assert_eq!(
            got[2 * i + 1],
            i64::from(shr as i32),
            "update_dpp row_shr:1 at {t}"
        );
        let quad = (at.lane & !3) | (3 - (at.lane & 3));
        let want = if quad < at.count {
            lane_of(quad) as f32
        } else {
            -1.0
        };
        assert_eq!(gotf[i], want, "update_dpp.f32 quad_perm at {t}");
    }
}

#[test]
fn wave_barrier_and_block_barrier_order_shared_memory() {
    let _device = shared_device();
    let ws = warp_size();
    let f = function(amdgcn_module(), "amd_barriers");
    let mut rng = rng(0xba7);
    for block in [64u32, 256, 100, 33] {
        let grid = 2u32;
        let n = (grid * block) as usize;
        let input: Vec<i32> = (0..n).map(|_| rng.gen()).collect();
        let d_in = upload(&input);
        let d_out = poisoned::<i32>(n);
        launch(
            &f,
            ((grid, 1, 1), (block, 1, 1)),
            block * 4,
            &[&d_in, &d_out],
            "amd_barriers",
        );
        let got = download(&d_out);
        let mut want = vec![0; n];
        for g in 0..grid {
            let start = (g * block) as usize;
            let mine = |t: u32| {
                let at = Lane::of(t, block, ws);
                input[start + (at.base + (at.lane + 1) % at.count) as usize]
            };
            for t in 0..block {
                want[start + t as usize] = mine((t + 1) % block);
            }
        }
        check_eq(
            &got,
            &want,
            &format!("amd_barriers block {block} warp size {ws}"),
        );
    }
}

fn ubfe(a: u32, off: u32, w: u32) -> u32 {
    let (off, w) = (off & 31, w & 31);
    if w == 0 {
        0
    } else {
        (a >> off) & ((1u32 << w) - 1)
    }
}

fn sbfe(a: u32, off: u32, w: u32) -> u32 {
    let (off, w) = (off & 31, w & 31);
    if w == 0 {
        0
    } else {
        let shifted = (a as i32) >> off;
        ((shifted << (32 - w)) >> (32 - w)) as u32
    }
}

fn perm(a: u32, b: u32, sel: u32) -> u32 {
    let bytes = (u64::from(a) << 32) | u64::from(b);
    (0..4).fold(0u32, |r, j| {
        let s = (sel >> (8 * j)) & 0xff;
        let v = match s {
            0..=7 => (bytes >> (8 * s)) & 0xff,
            8..=11 => {
                if (bytes >> (16 * (s - 8) + 15)) & 1 != 0 {
                    0xff
                } else {
                    0
                }
            }
            12 => 0,
            _ => 0xff,
        } as u32;
        r | (v << (8 * j))
    })
}

#[test]
fn bit_field_extracts_byte_permutes_and_aligns() {
    let _device = shared_device();
    let f = function(amdgcn_module(), "amd_bits");
    let mut rng = rng(0xb175);
    let n = 5000usize;
    let a: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    let b: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    let c: Vec<u32> = (0..n)
        .map(|i| {
            if i % 3 == 0 {
                rng.gen_range(0..40)
            } else {
                rng.gen()
            }
        })
        .collect();
    let d_out = poisoned::<u32>(n * 8);
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    launch(
        &f,
        ((blocks_for(n, 128), 1, 1), (128, 1, 1)),
        0,
        &[&da, &db, &dc, &d_out, &(n as i32)],
        "amd_bits",
    );
    let got = download(&d_out);
    for i in 0..n {
        let (x, y, z) = (a[i], b[i], c[i]);
        let want = [
            ubfe(x, y, z),
            sbfe(x, y, z),
            (((u64::from(x) << 32) | u64::from(y)) >> (8 * (z & 3))) as u32,
            perm(x, y, z & 0x0f0f_0f0f),
            perm(x, y, z),
            ubfe(x, 8, 8),
            sbfe(x, 4, 12),
            (((u64::from(x) << 32) | u64::from(y)) >> (z & 31)) as u32,
        ];
        assert_eq!(
            &got[i * 8..i * 8 + 8],
            &want,
            "amd_bits {i}: a={x:#x} b={y:#x} c={z:#x}"
        );
    }
}

/// AMD's class bit of `x` (bit 0 signalling NaN ... bit 9 positive infinity).
fn class_bit(x: f32) -> u32 {
    use std::num::FpCategory::*;
    let neg = x.is_sign_negative();
    match (x.classify(), neg) {
        (Nan, _) => 1, // quiet NaN (the inputs hold no signalling ones)
        (Infinite, true) => 2,
        (Normal, true) => 3,
        (Subnormal, true) => 4,
        (Zero, true) => 5,
        (Zero, false) => 6,
        (Subnormal, false) => 7,
        (Normal, false) => 8,
        (Infinite, false) => 9,
    }
}

fn frexp(x: f32) -> (f32, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (mut m, mut e) = (f64::from(x), 0i32);
    while m.abs() >= 1.0 {
        m /= 2.0;
        e += 1;
    }
    while m.abs() < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    (m as f32, e)
}

#[test]
fn math_builtins_follow_the_hardware_definitions() {
    let _device = shared_device();
    let f = function(amdgcn_module(), "amd_math");
    let mut rng = rng(0x3a7);
    let n = 4000usize;
    let x: Vec<f32> = (0..n)
        .map(|i| match i % 17 {
            0 => 0.0,
            1 => -0.0,
            2 => f32::from_bits(rng.gen_range(1..0x007f_ffff)),
            3 => -rng.gen_range(0.1f32..100.0),
            _ => rng.gen_range(1e-3f32..1e4),
        })
        .collect();
    let y: Vec<f32> = (0..n)
        .map(|i| {
            if i % 11 == 0 {
                0.0
            } else {
                rng.gen_range(-8.0f32..8.0)
            }
        })
        .collect();
    let e: Vec<i32> = (0..n).map(|_| rng.gen_range(-20..1024)).collect();
    let d_out = poisoned::<f32>(n * 14);
    let (dx, dy, de) = (upload(&x), upload(&y), upload(&e));
    launch(
        &f,
        ((blocks_for(n, 64), 1, 1), (64, 1, 1)),
        0,
        &[&dx, &dy, &de, &d_out, &(n as i32)],
        "amd_math",
    );
    let got = download(&d_out);
    for i in 0..n {
        let (xi, yi, ei) = (x[i], y[i], e[i]);
        let o = &got[i * 14..i * 14 + 14];
        let what = |k: usize| format!("amd_math output {k} for x={xi:e} y={yi:e} e={ei}");
        let exact = |k: usize, want: f32| {
            assert!(
                o[k].to_bits() == want.to_bits() || (o[k].is_nan() && want.is_nan()),
                "{}: got {:e} want {want:e}",
                what(k),
                o[k]
            );
        };
        exact(0, 1.0 / xi);
        exact(1, 1.0 / xi.sqrt());
        exact(2, xi.sqrt());
        let turns = yi * std::f32::consts::TAU;
        for (k, want) in [(3, f64::from(turns).sin()), (4, f64::from(turns).cos())] {
            let err = (f64::from(o[k]) - want).abs();
            assert!(err <= 2e-6, "{}: got {:e} want {want:e}", what(k), o[k]);
        }
        let ldexp = (f64::from(xi) * 2f64.powi(ei.clamp(-400, 400))) as f32;
        exact(5, ldexp);
        let (m, ex) = frexp(xi);
        exact(6, m);
        exact(7, ex as f32);
        let (a, b, c) = (xi, yi, ei as f32);
        exact(8, a.min(b).max(a.max(b).min(c)));
        let fr = (yi - yi.floor()).min(f32::from_bits(0x3f7f_ffff));
        exact(9, fr);
        let mask = (ei & 0x3ff) as u32;
        exact(10, ((mask >> class_bit(xi)) & 1) as f32);
        assert!(
            ulps_f32(o[11], yi.exp2()) <= 1,
            "{}: got {:e}",
            what(11),
            o[11]
        );
        exact(12, ex as f32);
        exact(13, (1.0 / f64::from(xi)) as f32);
    }
}

#[test]
fn dispatch_packet_and_hidden_arguments_give_the_launch_sizes() {
    let _device = shared_device();
    let f = function(amdgcn_module(), "amd_dispatch");
    for (grid, block) in [
        ((3u32, 2u32, 2u32), (4u32, 3u32, 2u32)),
        ((5, 1, 1), (64, 1, 1)),
        ((1, 4, 1), (8, 8, 1)),
    ] {
        let n = (grid.0 * grid.1 * grid.2 * block.0 * block.1 * block.2) as usize;
        let d_out = poisoned::<u32>(n * 12);
        launch(&f, (grid, block), 0, &[&d_out], "amd_dispatch");
        let got = download(&d_out);
        let mut want = Vec::with_capacity(n * 12);
        for bz in 0..grid.2 {
            for by in 0..grid.1 {
                for bx in 0..grid.0 {
                    for tz in 0..block.2 {
                        for ty in 0..block.1 {
                            for tx in 0..block.0 {
                                want.extend([
                                    block.0,
                                    block.1,
                                    block.2,
                                    grid.0 * block.0,
                                    grid.1 * block.1,
                                    grid.2 * block.2,
                                    tx,
                                    ty,
                                    tz,
                                    bx,
                                    by,
                                    bz,
                                ]);
                            }
                        }
                    }
                }
            }
        }
        check_eq(
            &got,
            &want,
            &format!("amd_dispatch grid {grid:?} block {block:?}"),
        );
    }
}

#[test]
fn memrealtime_counts_at_100_mhz_and_memtime_in_nanoseconds() {
    let _device = shared_device();
    let f = function(amdgcn_module(), "amd_clocks");
    let first = poisoned::<u64>(2);
    let second = poisoned::<u64>(2);
    launch(&f, ((1, 1, 1), (1, 1, 1)), 0, &[&first], "amd_clocks");
    let pause = std::time::Instant::now();
    std::thread::sleep(std::time::Duration::from_millis(50));
    launch(&f, ((1, 1, 1), (1, 1, 1)), 0, &[&second], "amd_clocks");
    let host_ticks = pause.elapsed().as_nanos() as u64 / 10;
    let (a, b) = (download(&first), download(&second));
    let ticks = b[0].wrapping_sub(a[0]);
    assert!(
        ticks >= 4_500_000 && ticks <= host_ticks + 2_000_000,
        "memrealtime advanced {ticks} ticks over a 50 ms pause (host: {host_ticks} ticks of 10 ns)"
    );
    // memtime counts nanoseconds (clockInstructionRate is 1 GHz).
    let ns = b[1].wrapping_sub(a[1]);
    assert!(
        ns >= 45_000_000 && ns <= host_ticks * 10 + 20_000_000,
        "memtime advanced {ns} ns over a 50 ms pause"
    );
}

#[test]
fn hip_atomics_and_atomic_inc_with_scopes() {
    let _device = shared_device();
    let f = function(amdgcn_module(), "amd_atomics");
    let counter = filled::<u32>(1, 0);
    let wrapped = filled::<u32>(1, 0);
    let sum = filled::<f32>(1, 0);
    let loaded = poisoned::<u32>(256);
    launch(
        &f,
        ((4, 1, 1), (64, 1, 1)),
        0,
        &[&counter, &wrapped, &sum, &loaded],
        "amd_atomics",
    );
    assert_eq!(download(&counter), vec![256]);
    // atomic_inc with limit 9 counts 0..=9 and wraps: 256 increments leave 256 mod 10.
    assert_eq!(download(&wrapped), vec![6]);
    assert_eq!(download(&sum), vec![128.0]);
    assert_eq!(download(&loaded), vec![1; 256]);
}

fn compile_error(src: &str) -> String {
    let _device = exclusive_device();
    match Module::from_source(src, &[]) {
        Err(HipError::InvalidSource) => detail(),
        Err(e) => panic!("expected InvalidSource, got {e:?}"),
        Ok(_) => panic!("compiled:\n{src}"),
    }
}

#[test]
fn an_intrinsic_without_a_cpu_meaning_is_a_compile_error_naming_it() {
    let log = compile_error(
        "extern \"C\" __global__ void pc(unsigned long long *o) { *o = __builtin_amdgcn_s_getpc(); }",
    );
    assert!(log.contains("llvm.amdgcn.s.getpc"), "{log}");
    assert!(log.contains("kernel 'pc'"), "{log}");
    assert!(log.contains("CPU device"), "{log}");
}

#[test]
fn an_unsupported_dpp_control_is_a_compile_error() {
    let log = compile_error(
        "extern \"C\" __global__ void d(int *o) { *o = __builtin_amdgcn_mov_dpp(*o, 0x144, 0xf, 0xf, false); }",
    );
    assert!(log.contains("DPP control 0x144"), "{log}");
}

#[test]
fn warp_size_is_a_compile_time_constant_equal_to_the_devices() {
    let _device = shared_device();
    let ws = warp_size() as i32;
    let f = function(amdgcn_module(), "amd_wave_size");
    let out = poisoned::<i32>(3);
    launch(&f, ((1, 1, 1), (1, 1, 1)), 0, &[&out], "amd_wave_size");
    assert_eq!(download(&out), vec![ws, ws, ws]);
    let p = hip::get_device_properties(0).expect("properties");
    assert!(p.gcn_arch_name.starts_with("gfx"), "{}", p.gcn_arch_name);
}

#[test]
fn code_built_for_the_other_wavefront_size_is_refused_at_load() {
    let other = if warp_size() == 64 {
        "-mno-wavefrontsize64"
    } else {
        "-mwavefrontsize64"
    };
    let _device = exclusive_device();
    let src = "extern \"C\" __global__ void w(int *o) { *o = warpSize; }";
    match Module::from_source(src, &[other]) {
        Err(HipError::NoBinaryForGpu) => {}
        Err(e) => panic!("expected NoBinaryForGpu, got {e:?}: {}", detail()),
        Ok(_) => panic!("code for the other wavefront size loaded"),
    }
    let log = detail();
    assert!(log.contains("wavefront size"), "{log}");
    assert!(log.contains("FERROCM_WARP_SIZE"), "{log}");
}

/// An f16's value (finite inputs only).
fn half_value(h: u32) -> f32 {
    let (sign, exp, man) = ((h >> 15) & 1, (h >> 10) & 0x1f, h & 0x3ff);
    let v = if exp == 0 {
        man as f32 * 2f32.powi(-24)
    } else {
        (1.0 + man as f32 / 1024.0) * 2f32.powi(exp as i32 - 15)
    };
    if sign == 1 {
        -v
    } else {
        v
    }
}

fn dot4(x: u32, y: u32, acc: u32, signed: bool) -> u32 {
    (0..4).fold(acc, |s, k| {
        let (p, q) = ((x >> (8 * k)) & 0xff, (y >> (8 * k)) & 0xff);
        let prod = if signed {
            (i32::from(p as u8 as i8) * i32::from(q as u8 as i8)) as u32
        } else {
            p * q
        };
        s.wrapping_add(prod)
    })
}

fn sext24(v: u32) -> i64 {
    i64::from(((v << 8) as i32) >> 8)
}

/// hipCUB's cache-modified loads and stores: each byte lands where the instruction puts it, narrow
/// loads extend by their signedness, and bytes no store covers keep the poison.
#[test]
fn inline_flat_loads_and_stores_move_the_bytes_they_name() {
    let _device = shared_device();
    let f = function(amdgcn_module(), "amd_asm_memory");
    let mut rng = rng(0xf1a7);
    let n = 1000usize;
    let input: Vec<u8> = (0..n * 16).map(|_| rng.gen()).collect();
    let d_out = poisoned::<u8>(n * 32);
    let d_in = upload(&input);
    launch(
        &f,
        ((blocks_for(n, 64), 1, 1), (64, 1, 1)),
        0,
        &[&d_in, &d_out, &(n as i32)],
        "amd_asm_memory",
    );
    let got = download(&d_out);
    for i in 0..n {
        let p = &input[i * 16..i * 16 + 16];
        let mut want = [0xffu8; 32];
        want[0..2].copy_from_slice(&i16::from(p[0] as i8).to_le_bytes());
        want[2..4].copy_from_slice(&u16::from(p[1]).to_le_bytes());
        want[4..6].copy_from_slice(&p[2..4]);
        want[6] = p[4];
        want[8..12].copy_from_slice(&p[4..8]);
        want[16..24].copy_from_slice(&p[8..16]);
        assert_eq!(&got[i * 32..i * 32 + 32], &want, "thread {i}: in {p:02x?}");
    }
}

#[test]
fn inline_gcn_assembly_computes_what_the_isa_defines() {
    let _device = shared_device();
    let f = function(amdgcn_module(), "amd_asm");
    let mut rng = rng(0xa5a);
    let n = 3000usize;
    let a: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    let b: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    let c: Vec<u32> = (0..n)
        .map(|i| {
            if i % 4 == 0 {
                rng.gen_range(0..40)
            } else {
                rng.gen()
            }
        })
        .collect();
    let d_out = poisoned::<u32>(n * 12);
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    launch(
        &f,
        ((blocks_for(n, 64), 1, 1), (64, 1, 1)),
        0,
        &[&da, &db, &dc, &d_out, &(n as i32)],
        "amd_asm",
    );
    let got = download(&d_out);
    for i in 0..n {
        let (x, y, z) = (a[i], b[i], c[i]);
        let (hx, hy) = (x & 0x3bff_3bff, y & 0x3bff_3bff);
        let dot2 = half_value(hx & 0xffff) * half_value(hy & 0xffff)
            + half_value(hx >> 16) * half_value(hy >> 16)
            + (z & 0xffff) as f32;
        let fmac = (-((x & 0xffff) as f32 / 64.0)).mul_add((y & 0xff) as f32, (z & 0xfff) as f32);
        let (lo, hi) = ((x as i32).min(y as i32), (x as i32).max(y as i32));
        let want = [
            dot4(x, y, z, true),
            ((x & 0xff_ffff) as u64 * (y & 0xff_ffff) as u64) as u32,
            ((sext24(x) * sext24(y)) >> 32) as u32,
            (x << (y & 31)).wrapping_add(z),
            perm(x, y, z & 0x0f0f_0f0f),
            ubfe(x, y, z),
            dot4(x, y, z, true),
            (z as i32).clamp(lo, hi) as u32,
            (z & 0xffff_00ff) | ((x >> 24) << 8),
            dot2.to_bits(),
            (((x >> 16) & 0xff) as f32).to_bits(),
            fmac.to_bits(),
        ];
        assert_eq!(
            &got[i * 12..i * 12 + 12],
            &want,
            "amd_asm {i}: a={x:#x} b={y:#x} c={z:#x}"
        );
    }
}

/// c plus the products of the `width`-bit fields of a and b (signed as the flags say); with `clamp`
/// saturated to the result's range, else wrapped.
fn idot(a: u32, b: u32, c: u32, width: u32, signs: (bool, bool), clamp: bool) -> u32 {
    let field = |v: u32, k: u32, signed: bool| {
        let f = i64::from((v >> k) & ((1u32 << width) - 1));
        if signed && f >> (width - 1) != 0 {
            f - (1i64 << width)
        } else {
            f
        }
    };
    let signed = signs.0 || signs.1;
    let start = if signed {
        i64::from(c as i32)
    } else {
        i64::from(c)
    };
    let sum = (0..32).step_by(width as usize).fold(start, |s, k| {
        s + field(a, k, signs.0) * field(b, k, signs.1)
    });
    if !clamp {
        return sum as u32;
    }
    if signed {
        sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u32
    } else {
        sum.clamp(0, i64::from(u32::MAX)) as u32
    }
}

fn bf16_value(h: u32) -> f32 {
    f32::from_bits((h & 0xffff) << 16)
}

/// Whether half `got` is the half nearest to `r` (no neighbour is closer).
fn is_nearest_half(got: u32, r: f32) -> bool {
    let d = |h: u32| (half_value(h) - r).abs();
    let mag = got & 0x7fff;
    let up = (got & 0x8000) | (mag + 1);
    let down = if mag == 0 {
        got ^ 0x8000 | 1
    } else {
        (got & 0x8000) | (mag - 1)
    };
    d(got) <= d(up) && d(got) <= d(down)
}

#[test]
fn dot_product_builtins_compute_what_the_isa_defines() {
    let _device = shared_device();
    let f = function(amdgcn_module(), "amd_dots");
    let mut rng = rng(0xd07);
    let n = 3000usize;
    let a: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    let b: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    // Accumulators near the edges of the signed and unsigned ranges, so that clamping shows.
    let c: Vec<u32> = (0..n)
        .map(|i| match i % 4 {
            0 => rng.gen(),
            1 => 0x7fff_0000 | rng.gen_range(0..0x1_0000),
            2 => 0x8000_0000 | rng.gen_range(0..0x1_0000),
            _ => 0xffff_0000 | rng.gen_range(0..0x1_0000),
        })
        .collect();
    const OUTS: usize = 14;
    let d_out = poisoned::<u32>(n * OUTS);
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    launch(
        &f,
        ((blocks_for(n, 64), 1, 1), (64, 1, 1)),
        0,
        &[&da, &db, &dc, &d_out, &(n as i32)],
        "amd_dots",
    );
    let got = download(&d_out);
    for i in 0..n {
        let (x, y, z) = (a[i], b[i], c[i]);
        let o = &got[i * OUTS..(i + 1) * OUTS];
        let ints = [
            idot(x, y, z, 8, (true, true), false),
            idot(x, y, z, 8, (true, true), true),
            idot(x, y, z, 8, (false, false), true),
            idot(x, y, z, 8, (true, false), false),
            idot(x, y, z, 16, (true, true), true),
            idot(x, y, z, 16, (false, false), false),
            idot(x, y, z, 4, (true, true), false),
            idot(x, y, z, 4, (false, false), true),
            idot(x, y, z, 4, (false, true), true),
        ];
        assert_eq!(&o[..9], &ints, "amd_dots {i}: a={x:#x} b={y:#x} c={z:#x}");
        let acc = (z & 0xff) as f32 / 128.0 - 1.0;
        let (hx, hy, bx, by) = (
            x & 0x3bff_3bff,
            y & 0x3bff_3bff,
            x & 0xbf7f_bf7f,
            y & 0xbf7f_bf7f,
        );
        let hsum = (half_value(hx & 0xffff) * half_value(hy & 0xffff)
            + half_value(hx >> 16) * half_value(hy >> 16))
            + acc;
        let bsum =
            (bf16_value(bx) * bf16_value(by) + bf16_value(bx >> 16) * bf16_value(by >> 16)) + acc;
        let want_bf16 = if bsum.is_nan() {
            (bsum.to_bits() >> 16) | 0x40
        } else {
            let u = bsum.to_bits();
            (u + 0x7fff + ((u >> 16) & 1)) >> 16
        };
        assert_eq!(
            o[9],
            hsum.to_bits(),
            "fdot2 {i}: a={x:#x} b={y:#x} c={z:#x}"
        );
        let clamped = if hsum > 0.0 { hsum.min(1.0) } else { 0.0 };
        assert_eq!(o[10], clamped.to_bits(), "fdot2 clamp {i}");
        assert_eq!(o[11], bsum.to_bits(), "fdot2_f32_bf16 {i}");
        assert!(
            is_nearest_half(o[12], hsum),
            "fdot2_f16_f16 {i}: got {:#x} = {}, sum {hsum}",
            o[12],
            half_value(o[12])
        );
        assert_eq!(o[13], want_bf16, "fdot2_bf16_bf16 {i}");
    }
}
