//! `hipify-bench`: translation speed on one core over a generated CUDA corpus, every warning formatted
//! and printed (to /dev/null).
//!
//! Two references run in the same process over the same corpus, with the same tables:
//! - *word pass*: one scan that replaces every whole word found in the tables (no lexer: comments and
//!   strings are rewritten too, nothing is warned about) — about the fastest any translation can be;
//! - *per-name pass*: one whole-word substitution over the buffer per table name, hipify-perl's method,
//!   timed on the first 3,000 lines (a full run would take minutes).
//!
//! `cargo run --release -p hipify --bin hipify-bench [-- LINES [--hip-kernel-execution-syntax]]`
use hipify::{translate, Options, Tables};
use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

const BLOCKS: &[&str] = &[
    "#include <cuda_runtime.h>\n#include <cublas_v2.h>\n#include <stdio.h>\n",
    "// Scales a vector: y = a * x + y, one element per thread (cudaMalloc'd buffers).\n",
    "template <typename T>\n__global__ void axpy(T a, const T *x, T *y, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) y[i] = a * x[i] + y[i];\n    __syncthreads();\n}\n",
    "__global__ void reduce(const float *in, float *out, int n) {\n    __shared__ float s[256];\n    float v = threadIdx.x < n ? in[threadIdx.x] : 0.0f;\n    v += __shfl_down_sync(0xffffffff, v, 16);\n    s[threadIdx.x] = v;\n    if (threadIdx.x == 0) atomicAdd(out, s[0]);\n}\n",
    "static void check(cudaError_t e, const char *what) {\n    if (e != cudaSuccess) {\n        printf(\"%s failed: %s\\n\", what, cudaGetErrorString(e));\n        exit(1);\n    }\n}\n",
    "int run(int n) {\n    float *x = nullptr, *y = nullptr;\n    cudaStream_t stream;\n    check(cudaStreamCreate(&stream), \"cudaStreamCreate\");\n    check(cudaMalloc(&x, n * sizeof(float)), \"cudaMalloc\");\n    check(cudaMalloc(&y, n * sizeof(float)), \"cudaMalloc\");\n    cudaMemcpyAsync(x, y, n * sizeof(float), cudaMemcpyDeviceToDevice, stream);\n    axpy<float><<<(n + 255) / 256, 256, 0, stream>>>(2.0f, x, y, n >> 0);\n    reduce<<<1, 256>>>(x, y, n);\n    cudaEvent_t start, stop;\n    cudaEventCreate(&start); cudaEventCreate(&stop);\n    cudaEventRecord(start, stream);\n    cudaDeviceSynchronize();\n    cudaInitDevice(0);      /* unsupported: a warning */\n    cudaThreadSynchronize();  // deprecated in CUDA: a warning\n    cudaFree(x); cudaFree(y);\n    return 0;\n}\n",
    "void blas(cublasHandle_t h, const float *A, const float *B, float *C, int m) {\n    const float one = 1.0f;\n    cublasCreate(&h);\n    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, m, m, m, &one, A, m, B, m, &one, C, m);\n    cublasDestroy(h);\n}\n",
    "#if defined(USE_DRIVER)\nvoid driver() { CUdevice d; cuInit(0); cuDeviceGet(&d, 0); CUcontext c; cuCtxCreate(&c, 0, d); }\n#endif\n",
    "struct Plain { int a; double b; std::vector<std::vector<int>> nested; };\nint plain_function(int a, int b) { return (a << 2) + (b >> 1) + (a > b ? a : b); }\n",
];

fn corpus(lines: usize) -> String {
    let mut s = String::new();
    let mut n = 0;
    let mut i = 0;
    while n < lines {
        let b = BLOCKS[i % BLOCKS.len()];
        s.push_str(b);
        n += b.bytes().filter(|&c| c == b'\n').count();
        i += 1;
    }
    s
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The word pass: each maximal `[A-Za-z0-9_]` run looked up once.
fn word_pass(src: &str, map: &HashMap<&str, &str>) -> String {
    let bytes = src.as_bytes();
    let mut out = String::with_capacity(src.len() + src.len() / 16);
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        if is_word(bytes[i]) {
            let start = i;
            while i < bytes.len() && is_word(bytes[i]) {
                i += 1;
            }
            if let Some(to) = map.get(&src[start..i]) {
                out.push_str(&src[copied..start]);
                out.push_str(to);
                copied = i;
            }
        } else {
            i += 1;
        }
    }
    out.push_str(&src[copied..]);
    out
}

/// The per-name pass: for every name, every whole-word occurrence replaced, one buffer pass per name.
fn per_name_pass(src: &str, pairs: &[(&str, &str)]) -> String {
    let mut buf = src.to_string();
    for &(from, to) in pairs {
        if !buf.contains(from) {
            continue;
        }
        let mut out = String::with_capacity(buf.len());
        let mut copied = 0;
        for (at, _) in buf.match_indices(from) {
            let b = buf.as_bytes();
            let before = at == 0 || !is_word(b[at - 1]);
            let end = at + from.len();
            let after = end == b.len() || !is_word(b[end]);
            if before && after && at >= copied {
                out.push_str(&buf[copied..at]);
                out.push_str(to);
                copied = end;
            }
        }
        out.push_str(&buf[copied..]);
        buf = out;
    }
    buf
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t0 = Instant::now();
        let r = f();
        best = best.min(t0.elapsed().as_secs_f64());
        last = Some(r);
    }
    match last {
        Some(r) => (best, r),
        None => (0.0, f()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lines: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(200_000);
    let opts = Options {
        hip_kernel_execution_syntax: args.iter().any(|a| a == "--hip-kernel-execution-syntax"),
        ..Options::default()
    };
    let tables = match Tables::builtin() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("hipify-bench: {e}");
            std::process::exit(1);
        }
    };
    let src = corpus(lines);
    let total_lines = src.bytes().filter(|&c| c == b'\n').count();
    let mut sink = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/null")
        .map(|f| Box::new(std::io::BufWriter::new(f)) as Box<dyn Write>)
        .unwrap_or_else(|_| Box::new(std::io::sink()));
    // Warm-up (page faults, table parse), then the measured runs.
    let _ = translate("corpus.cu", &src[..src.len().min(100_000)], tables, &opts);
    let runs = 3;
    let mut best = f64::MAX;
    let mut warnings = 0;
    for _ in 0..runs {
        let t0 = Instant::now();
        let t = translate("corpus.cu", &src, tables, &opts);
        for d in &t.diagnostics {
            let _ = writeln!(sink, "{}", d.render("corpus.cu"));
        }
        let _ = sink.write_all(t.output.as_bytes());
        let _ = sink.flush();
        best = best.min(t0.elapsed().as_secs_f64());
        warnings = t.diagnostics.len();
    }
    let rate = total_lines as f64 / best;
    println!(
        "hipify-bench: {total_lines} lines ({:.1} MiB), {warnings} warnings printed: best of {runs} {:.3} s = {:.0} lines/s on one core{}",
        src.len() as f64 / (1024.0 * 1024.0),
        best,
        rate,
        if opts.hip_kernel_execution_syntax {
            " (--hip-kernel-execution-syntax)"
        } else {
            ""
        }
    );

    let pairs: Vec<(&str, &str)> = tables
        .entries
        .iter()
        .filter_map(|e| e.hip.as_deref().map(|h| (e.cuda.as_str(), h)))
        .collect();
    let map: HashMap<&str, &str> = pairs.iter().copied().collect();
    let (word_s, word_out) = best_of(runs, || word_pass(&src, &map));
    let word_rate = total_lines as f64 / word_s;
    let _ = sink.write_all(word_out.as_bytes());
    let slice_end = src
        .match_indices('\n')
        .nth(2_999)
        .map_or(src.len(), |(i, _)| i + 1);
    let slice = &src[..slice_end];
    let slice_lines = slice.bytes().filter(|&c| c == b'\n').count();
    let (perl_s, perl_out) = best_of(1, || per_name_pass(slice, &pairs));
    let perl_rate = slice_lines as f64 / perl_s;
    let _ = sink.write_all(perl_out.as_bytes());
    let _ = sink.flush();
    println!(
        "reference word pass (no lexer, no warnings): {word_rate:.0} lines/s; hipify is {:.2} of it",
        rate / word_rate
    );
    println!(
        "reference per-name pass ({} names, hipify-perl's method), {slice_lines} lines: {perl_s:.3} s = {perl_rate:.0} lines/s; hipify is {:.0}x faster",
        pairs.len(),
        rate / perl_rate
    );
}
