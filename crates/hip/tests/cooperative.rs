//! Cooperative launches (`Function::launch_cooperative`): kernels that wait at the grid-wide
//! barrier between phases, checked against the host from seeded random inputs, at grid sizes
//! up to the occupancy limit; the limit itself and the too-large error; and failures: a grid
//! barrier in an ordinary launch, a block that aborts while the others wait (which must not
//! hang), and launch errors that name the kernel.
//!
//! The grid barrier is written as `cooperative_groups::this_grid().sync()` will be in the
//! headers: a block barrier, `__ferrocm_grid_sync()` from one work-item, a block barrier.

use hip::{DeviceBuffer, Dim3, Function, HipError, KernelArg, Module};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::mpsc;
use std::sync::{OnceLock, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

const KERNELS: &str = r#"
__device__ static inline void grid_barrier() {
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) __ferrocm_grid_sync();
    __syncthreads();
}

__device__ static inline unsigned block_linear() {
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

__device__ static inline unsigned thread_linear() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

// `rounds` times: every work-item publishes a value, grid barrier, folds in the value that
// work-item (t + r) % threads of block (b + r + 1) % blocks published, grid barrier.
extern "C" __global__ void ring_exchange(const unsigned* seed, unsigned* slots, unsigned* out,
                                         int rounds) {
    unsigned nb = gridDim.x * gridDim.y * gridDim.z;
    unsigned bs = blockDim.x * blockDim.y * blockDim.z;
    unsigned b = block_linear(), t = thread_linear();
    unsigned acc = seed[b * bs + t];
    for (int r = 0; r < rounds; ++r) {
        slots[b * bs + t] = acc * 2654435761u + (unsigned)r;
        grid_barrier();
        unsigned src = (b + (unsigned)r + 1u) % nb;
        acc = (acc ^ slots[src * bs + (t + (unsigned)r) % bs]) + 0x9e3779b9u;
        grid_barrier();
    }
    out[b * bs + t] = acc;
}

// Each block sums its slice through dynamic shared memory into partial[b]; after the grid
// barrier every block adds up all partials.
extern "C" __global__ void grid_sum(const int* x, int* partial, long long* out) {
    extern __shared__ int s[];
    unsigned nb = gridDim.x * gridDim.y * gridDim.z;
    unsigned bs = blockDim.x * blockDim.y * blockDim.z;
    unsigned b = block_linear(), t = thread_linear();
    s[t] = x[b * bs + t];
    __syncthreads();
    if (t == 0) {
        int sum = 0;
        for (unsigned i = 0; i < bs; ++i) sum += s[i];
        partial[b] = sum;
    }
    grid_barrier();
    if (t == 0) {
        long long total = 0;
        for (unsigned j = 0; j < nb; ++j) total += partial[j];
        out[b] = total;
    }
}

// Block `victim` spins a while, then aborts; the others wait at the grid barrier meanwhile.
extern "C" __global__ void abort_in_one_block(int* flags, volatile int* sink, int victim,
                                              int spin) {
    unsigned b = block_linear();
    if (b == (unsigned)victim && threadIdx.x == 0) {
        for (int i = 0; i < spin; ++i) *sink = *sink + 1;
        abort();
    }
    grid_barrier();
    flags[b] = 1;
}

// Block `victim` fails an assertion, perhaps before the others reach the grid barrier.
extern "C" __global__ void assert_in_one_block(int* flags, int victim) {
    unsigned b = block_linear();
    assert(b != (unsigned)victim);
    grid_barrier();
    flags[b] = 1;
}

// Work-items wait at two different block barriers.
extern "C" __global__ void divergent(int* out) {
    if (threadIdx.x < 5) {
        __syncthreads();
        out[threadIdx.x] = 2;
    } else {
        __syncthreads();
        out[threadIdx.x] = 1;
    }
}

template <typename T> __global__ void trap_if(T* p, T v) {
    if (p[blockIdx.x * blockDim.x + threadIdx.x] == v) __trap();
}
template __global__ void trap_if<int>(int*, int);
"#;

/// Tests that make launches fail take the device exclusively, so that their failures are not
/// seen by another test's synchronize.
static DEVICE: RwLock<()> = RwLock::new(());

fn shared_device() -> RwLockReadGuard<'static, ()> {
    DEVICE.read().unwrap_or_else(|p| p.into_inner())
}

fn exclusive_device() -> RwLockWriteGuard<'static, ()> {
    DEVICE.write().unwrap_or_else(|p| p.into_inner())
}

fn detail() -> String {
    hip::last_error_detail().unwrap_or_else(|| "<no detail>".into())
}

fn module() -> &'static Module {
    static M: OnceLock<Result<Module, String>> = OnceLock::new();
    match M.get_or_init(|| {
        Module::from_source(KERNELS, &["-O3"]).map_err(|e| format!("{e:?}\n{}", detail()))
    }) {
        Ok(m) => m,
        Err(log) => panic!("the cooperative kernels do not compile: {log}"),
    }
}

fn function(name: &str) -> Function {
    module()
        .function(name)
        .unwrap_or_else(|e| panic!("kernel {name}: {e:?}"))
}

fn poisoned<T: Copy>(len: usize) -> DeviceBuffer<T> {
    let b = DeviceBuffer::<T>::new(len).expect("allocate");
    b.fill_bytes(0xFF).expect("poison");
    b
}

/// Runs `f` on another thread and fails the test if it has not returned within `secs`: a
/// cooperative launch that hangs must fail, not stall the suite. `f` returns the HIP result
/// with its detail (last errors are per thread).
fn within<T: Send + 'static>(secs: u64, what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(_) => panic!("{what}: no result after {secs} s: the launch hangs"),
    }
}

/// The host's `ring_exchange`.
fn ring_reference(seed: &[u32], blocks: usize, threads: usize, rounds: i32) -> Vec<u32> {
    let mut acc = seed.to_vec();
    for r in 0..rounds {
        let slots: Vec<u32> = acc
            .iter()
            .map(|&a| a.wrapping_mul(2_654_435_761).wrapping_add(r as u32))
            .collect();
        for b in 0..blocks {
            let src = (b + r as usize + 1) % blocks;
            for t in 0..threads {
                let v = slots[src * threads + (t + r as usize) % threads];
                acc[b * threads + t] = (acc[b * threads + t] ^ v).wrapping_add(0x9e37_79b9);
            }
        }
    }
    acc
}

fn threads_of(d: Dim3) -> u32 {
    d.x * d.y * d.z
}

#[test]
fn grid_barrier_orders_phases_at_every_grid_size_up_to_the_limit() {
    let _device = shared_device();
    let f = function("ring_exchange");
    let rounds = 12;
    for block in [Dim3::new(64, 1, 1), Dim3::new(8, 4, 1), Dim3::new(1, 1, 1)] {
        let limit = f
            .max_cooperative_blocks(threads_of(block), 0)
            .expect("limit");
        assert!(limit >= 1, "block {block:?}: no block fits");
        let mut grids = vec![
            Dim3::new(1, 1, 1),
            Dim3::new(2, 1, 1),
            Dim3::new(3, 1, 1),
            Dim3::new(limit, 1, 1),
        ];
        if limit >= 4 {
            grids.push(Dim3::new(limit / 2, 2, 1));
            grids.push(Dim3::new(limit - 1, 1, 1));
        }
        for grid in grids {
            let (nb, bs) = (threads_of(grid) as usize, threads_of(block) as usize);
            let seed_value = 0xC00F_0000 ^ ((nb as u64) << 16) ^ bs as u64;
            let mut rng = StdRng::seed_from_u64(seed_value);
            let seed: Vec<u32> = (0..nb * bs).map(|_| rng.gen()).collect();
            let d_seed = DeviceBuffer::from_slice(&seed).expect("upload");
            let slots = poisoned::<u32>(nb * bs);
            let out = poisoned::<u32>(nb * bs);
            let args: [&dyn KernelArg; 4] = [&d_seed, &slots, &out, &rounds];
            f.launch_cooperative(grid, block, 0, None, &args)
                .unwrap_or_else(|e| panic!("grid {grid:?} block {block:?}: {e:?}: {}", detail()));
            hip::device_synchronize()
                .unwrap_or_else(|e| panic!("grid {grid:?} block {block:?}: {e:?}: {}", detail()));
            let got = out.to_vec().expect("download");
            let want = ring_reference(&seed, nb, bs, rounds);
            let bad = (0..got.len()).filter(|&i| got[i] != want[i]).count();
            assert_eq!(
                bad,
                0,
                "grid {grid:?} block {block:?} (seed {seed_value:#x}): {bad} of {} results \
                 differ, first {:?}",
                got.len(),
                (0..got.len())
                    .find(|&i| got[i] != want[i])
                    .map(|i| (i, got[i], want[i]))
            );
        }
    }
}

#[test]
fn grid_sum_on_a_stream_with_dynamic_shared_memory() {
    let _device = shared_device();
    let f = function("grid_sum");
    let stream = hip::Stream::new().expect("stream");
    let block = Dim3::new(128, 1, 1);
    let shared = 128 * 4;
    let limit = f
        .max_cooperative_blocks(128, shared as usize)
        .expect("limit");
    for nb in [1, limit.div_ceil(3), limit] {
        let seed_value = 0x5u64 << 32 | nb as u64;
        let mut rng = StdRng::seed_from_u64(seed_value);
        let x: Vec<i32> = (0..nb as usize * 128)
            .map(|_| rng.gen_range(-1000..1000))
            .collect();
        let d_x = DeviceBuffer::from_slice(&x).expect("upload");
        let partial = poisoned::<i32>(nb as usize);
        let out = poisoned::<i64>(nb as usize);
        let args: [&dyn KernelArg; 3] = [&d_x, &partial, &out];
        f.launch_cooperative(Dim3::new(nb, 1, 1), block, shared, Some(&stream), &args)
            .unwrap_or_else(|e| panic!("{nb} blocks: {e:?}: {}", detail()));
        stream
            .synchronize()
            .unwrap_or_else(|e| panic!("{nb} blocks: {e:?}: {}", detail()));
        let total: i64 = x.iter().map(|&v| v as i64).sum();
        assert_eq!(
            out.to_vec().expect("download"),
            vec![total; nb as usize],
            "{nb} blocks (seed {seed_value:#x})"
        );
    }
}

#[test]
fn occupancy_limit_matches_the_reported_numbers_and_bigger_grids_fail() {
    let _device = exclusive_device();
    let props = hip::get_device_properties(0).expect("properties");
    assert_eq!(props.cooperative_launch, 1);
    assert!(props.max_blocks_per_multi_processor >= 1);
    let f = function("grid_sum");
    for (threads, shared) in [(64u32, 0usize), (256, 1024), (1024, 0), (32, 40_000)] {
        let per_cu = f
            .max_active_blocks_per_multiprocessor(threads, shared)
            .expect("occupancy");
        let limit = f.max_cooperative_blocks(threads, shared).expect("limit");
        assert!(per_cu >= 1, "{threads} threads, {shared} bytes");
        assert!(per_cu <= props.max_blocks_per_multi_processor as u32);
        assert!(per_cu * threads <= props.max_threads_per_multi_processor as u32);
        assert!(per_cu as usize * shared <= props.max_shared_memory_per_multi_processor);
        assert_eq!(limit, per_cu * props.multi_processor_count as u32);
    }
    // 40000 bytes of shared memory: one block per multiprocessor.
    assert_eq!(f.max_active_blocks_per_multiprocessor(32, 40_000), Ok(1));
    assert_eq!(
        f.max_active_blocks_per_multiprocessor(0, 0),
        Err(HipError::InvalidValue)
    );

    let ring = function("ring_exchange");
    let limit = ring.max_cooperative_blocks(64, 0).expect("limit");
    let n = (limit as usize + 1) * 64;
    let (seed, slots, out) = (poisoned::<u32>(n), poisoned::<u32>(n), poisoned::<u32>(n));
    let args: [&dyn KernelArg; 4] = [&seed, &slots, &out, &1i32];
    for grid in [Dim3::new(limit + 1, 1, 1), Dim3::new(limit, 2, 1)] {
        assert_eq!(
            ring.launch_cooperative(grid, Dim3::new(64, 1, 1), 0, None, &args),
            Err(HipError::CooperativeLaunchTooLarge),
            "grid {grid:?}"
        );
        assert_eq!(hip::get_last_error(), HipError::CooperativeLaunchTooLarge);
        let d = detail();
        assert!(
            d.contains("`ring_exchange`") && d.contains(&format!("at most {limit}")),
            "{d}"
        );
    }
    // Shared memory lowers the limit: 40000 bytes per block leave one block per core.
    let sum = function("grid_sum");
    let cus = props.multi_processor_count as u32;
    let (x, partial, total) = (
        poisoned::<i32>(32 * (cus as usize + 1)),
        poisoned::<i32>(cus as usize + 1),
        poisoned::<i64>(cus as usize + 1),
    );
    let args: [&dyn KernelArg; 3] = [&x, &partial, &total];
    assert_eq!(
        sum.launch_cooperative(Dim3::new(cus + 1, 1, 1), 32.into(), 40_000, None, &args),
        Err(HipError::CooperativeLaunchTooLarge)
    );
    hip::device_synchronize().expect("nothing was launched");
}

#[test]
fn grid_barrier_in_an_ordinary_launch_fails_naming_the_kernel() {
    let _device = exclusive_device();
    let f = function("ring_exchange");
    let n = 4 * 64;
    let (seed, slots, out) = (poisoned::<u32>(n), poisoned::<u32>(n), poisoned::<u32>(n));
    let args: [&dyn KernelArg; 4] = [&seed, &slots, &out, &3i32];
    f.launch(Dim3::new(4, 1, 1), Dim3::new(64, 1, 1), 0, None, &args)
        .expect("the launch itself is accepted");
    assert_eq!(hip::device_synchronize(), Err(HipError::LaunchFailure));
    let d = detail();
    assert!(
        d.starts_with("kernel `ring_exchange`: grid-wide barrier")
            && d.contains("hipLaunchCooperativeKernel")
            && d.contains("work-group ("),
        "{d}"
    );
    assert!(
        out.to_vec()
            .expect("download")
            .iter()
            .all(|&v| v == u32::MAX),
        "a block got past the grid barrier"
    );
    // The device still works: the same kernel, cooperatively.
    f.launch_cooperative(Dim3::new(4, 1, 1), Dim3::new(64, 1, 1), 0, None, &args)
        .expect("cooperative launch");
    hip::device_synchronize().unwrap_or_else(|e| panic!("{e:?}: {}", detail()));
}

#[test]
fn a_block_that_aborts_while_others_wait_fails_the_launch_without_hanging() {
    let _device = exclusive_device();
    let f = function("abort_in_one_block");
    let limit = f.max_cooperative_blocks(32, 0).expect("limit");
    for (blocks, victim) in [(2u32, 1i32), (limit, 0), (limit, limit as i32 - 1)] {
        let f = f.clone();
        let (result, d, flags) = within(60, "abort_in_one_block", move || {
            let flags = poisoned::<i32>(blocks as usize);
            let sink = DeviceBuffer::from_slice(&[0i32]).expect("sink");
            let args: [&dyn KernelArg; 4] = [&flags, &sink, &victim, &2_000_000i32];
            let r = f
                .launch_cooperative(Dim3::new(blocks, 1, 1), Dim3::new(32, 1, 1), 0, None, &args)
                .and_then(|()| hip::device_synchronize());
            (r, detail(), flags.to_vec().expect("download"))
        });
        assert_eq!(result, Err(HipError::LaunchFailure), "{blocks} blocks: {d}");
        assert_eq!(
            d,
            format!(
                "kernel `abort_in_one_block`: trap or abort executed (work-group ({victim}, 0, 0))"
            ),
            "{blocks} blocks"
        );
        assert!(
            flags.iter().all(|&v| v == -1),
            "{blocks} blocks: a block passed a grid barrier the aborted block never reached"
        );
    }
    let f = function("assert_in_one_block");
    let (result, d) = within(60, "assert_in_one_block", move || {
        let flags = poisoned::<i32>(limit as usize);
        let args: [&dyn KernelArg; 2] = [&flags, &0i32];
        let r = f
            .launch_cooperative(Dim3::new(limit, 1, 1), Dim3::new(32, 1, 1), 0, None, &args)
            .and_then(|()| hip::device_synchronize());
        (r, detail())
    });
    assert_eq!(result, Err(HipError::Assert), "{d}");
    assert!(
        d.starts_with("kernel `assert_in_one_block`: assertion `")
            && d.ends_with("(work-group (0, 0, 0))"),
        "{d}"
    );
    // Cooperative launches work again afterwards.
    let ring = function("ring_exchange");
    let n = 2 * 64;
    let seed: Vec<u32> = (0..n as u32).collect();
    let d_seed = DeviceBuffer::from_slice(&seed).expect("upload");
    let (slots, out) = (poisoned::<u32>(n), poisoned::<u32>(n));
    let args: [&dyn KernelArg; 4] = [&d_seed, &slots, &out, &5i32];
    ring.launch_cooperative(Dim3::new(2, 1, 1), Dim3::new(64, 1, 1), 0, None, &args)
        .expect("launch");
    hip::device_synchronize().unwrap_or_else(|e| panic!("{e:?}: {}", detail()));
    assert_eq!(
        out.to_vec().expect("download"),
        ring_reference(&seed, 2, 64, 5)
    );
}

#[test]
fn launch_failures_name_the_kernel() {
    let _device = exclusive_device();
    // A trap in a C++ (mangled) kernel: the demangled signature, the mangled name, the block.
    let name = "_Z7trap_ifIiEvPT_S0_";
    let f = function(name);
    let mut data = vec![0i32; 4 * 16];
    data[16 + 5] = 7;
    let d = DeviceBuffer::from_slice(&data).expect("upload");
    f.launch(
        Dim3::new(4, 1, 1),
        Dim3::new(16, 1, 1),
        0,
        None,
        &[&d, &7i32],
    )
    .expect("launch");
    assert_eq!(hip::device_synchronize(), Err(HipError::LaunchFailure));
    assert_eq!(
        detail(),
        format!(
            "kernel `void trap_if<int>(int*, int)` (`{name}`): trap or abort executed \
             (work-group (1, 0, 0))"
        )
    );
    // A divergent block barrier.
    let f = function("divergent");
    let out = poisoned::<i32>(64);
    f.launch(1.into(), 64.into(), 0, None, &[&out])
        .expect("launch");
    assert_eq!(hip::device_synchronize(), Err(HipError::LaunchFailure));
    let d = detail();
    assert!(
        d.starts_with("kernel `divergent`: work-items of a work-group reached different barriers")
            && d.ends_with("(work-group (0, 0, 0))"),
        "{d}"
    );
}
