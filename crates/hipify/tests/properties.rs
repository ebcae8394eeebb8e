//! Properties over generated inputs: translating twice changes nothing the second time, and a file with no
//! CUDA names comes out byte-identical. Seeded (HIPIFY_SEED=n to replay); the seed is printed on failure.
use hipify::{translate, Options, Tables};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

fn seed() -> u64 {
    std::env::var("HIPIFY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1
        })
}

const PLAIN_WORDS: &[&str] = &[
    "x",
    "y",
    "n",
    "idx",
    "buffer",
    "value",
    "std",
    "vector",
    "int",
    "float",
    "double",
    "return",
    "if",
    "for",
    "while",
    "struct",
    "template",
    "typename",
    "T",
    "auto",
    "const",
    "size_t",
    "main",
    "printf",
    "operator",
    "sizeof",
    "nullptr",
    "my_kernel",
    "foo",
    "bar",
    "cuda_like",
    "hipx",
    "u8",
    "R",
    "L",
];
const PUNCT: &[&str] = &[
    "(", ")", "[", "]", "{", "}", ";", ",", "+", "-", "*", "/", "%", "<", ">", "<<", ">>", "<=",
    "==", "&&", "||", "::", ".", "->", "?", ":", "!", "~", "&", "|", "^", "=", "#", "\\", "'",
    "\"",
];
const LITERALS: &[&str] = &[
    "1",
    "0x1p3",
    "1e-3f",
    "1'000'000",
    ".5",
    "'a'",
    "'\\''",
    "\"text\"",
    "\"a \\\"q\\\" b\"",
    "u8\"x\"",
    "L\"w\"",
    "R\"d(raw \" )d\"",
    "42u",
    "3.14159",
];
const SPACE: &[&str] = &[" ", "  ", "\t", "\n", "\r\n", " \\\n ", "\n\n"];
const COMMENTS: &[&str] = &[
    "// note\n",
    "/* block */",
    "/* multi\nline */",
    "// cont \\\nnued\n",
];

const CUDA_BITS: &[&str] = &[
    "cudaMalloc(&p, n);",
    "cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);",
    "cudaFree(p);",
    "cudaStream_t s;",
    "cudaError_t e = cudaGetLastError();",
    "cudaDeviceSynchronize();",
    "cudaInitDevice(0);",
    "printf(\"cudaMalloc failed\\n\");",
    "// cudaMalloc in a comment\n",
    "kernel<<<grid, block>>>(a, b);",
    "kernel<<<dim3(1), 64, 0, s>>>(a >> 1);",
    "tk<float><<<1, 32>>>(x);",
    "tk<std::vector<int>><<<g, b, shm>>>();",
    "\n#include <cuda_runtime.h>\n",
    "\n#include \"cuda.h\"\n",
    "\n#include <cublas_v2.h>\n",
    "\n#include <device_launch_parameters.h>\n",
    "\n#define CHECK(x) cudaMemset(x, 0, 4)\n",
    "\n#if 0\ncudaFree(q);\n#endif\n",
    "__global__ void kernel(float *a) { a[threadIdx.x] = __shfl_down_sync(0xffffffff, 1.0f, 1); }",
    "template <typename T> __global__ void tk(T *x) { __syncthreads(); }",
    "cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &a, A, m, B, k, &b, C, m);",
    "curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);",
    "cufftPlan1d(&plan, n, CUFFT_C2C, 1);",
    "cuInit(0); CUdevice dev; cuDeviceGet(&dev, 0);",
    "using namespace cub;",
    "cudaMemcpyToSymbol(sym, h, sizeof(sym));",
    "cudaMemcpyFromSymbolAsync(h, sym, 4, 0, cudaMemcpyDeviceToHost, s);",
    "cudaMallocHost((void **)&p, 64);",
    "cudaEventCreate(&e, cudaEventDisableTiming);",
    "cuOccupancyMaxPotentialBlockSize(&g, &b, f, nullptr, 0, 0);",
    "cusparseSpMV(h, op, &a, A, x, &b, y, CUDA_R_32F, alg, buf);",
    "cudnnSoftmaxForward(h, algo, mode, &a, xd, x, &b, yd, y);",
];

fn generate(rng: &mut Rng, cuda: bool) -> String {
    let mut s = String::new();
    let n = 20 + rng.below(200);
    for _ in 0..n {
        match rng.below(if cuda { 7 } else { 6 }) {
            0 | 1 => s.push_str(rng.pick(PLAIN_WORDS)),
            2 => s.push_str(rng.pick(PUNCT)),
            3 => s.push_str(rng.pick(LITERALS)),
            4 => s.push_str(rng.pick(COMMENTS)),
            5 => s.push_str(rng.pick(SPACE)),
            _ => s.push_str(rng.pick(CUDA_BITS)),
        }
        if rng.below(3) == 0 {
            s.push(' ');
        }
        if rng.below(9) == 0 {
            s.push('\n');
            if rng.below(4) == 0 {
                s.push_str(rng.pick(&[
                    "#define W 1",
                    "#if W",
                    "#else",
                    "#endif",
                    "#pragma once",
                    "# include <vector>",
                ]));
                s.push('\n');
            }
        }
    }
    s
}

fn option_sets() -> Vec<Options> {
    let base = Options::default();
    let launch = Options {
        hip_kernel_execution_syntax: true,
        ..Options::default()
    };
    let roc = Options {
        roc: true,
        hip_kernel_execution_syntax: true,
        ..Options::default()
    };
    let skip = Options {
        skip_excluded_blocks: true,
        ..Options::default()
    };
    vec![base, launch, roc, skip]
}

#[test]
fn translating_twice_changes_nothing_the_second_time() {
    let seed = seed();
    let mut rng = Rng(seed);
    let tables = Tables::builtin().expect("tables");
    for case in 0..300 {
        let src = generate(&mut rng, true);
        for (k, opts) in option_sets().iter().enumerate() {
            let once = translate("p.cu", &src, tables, opts);
            let twice = translate("p.cu", &once.output, tables, opts);
            assert_eq!(
                twice.output, once.output,
                "seed {seed} case {case} options #{k}: the second translation changed the file\n--- input:\n{src}\n--- once:\n{}",
                once.output
            );
        }
    }
}

#[test]
fn files_without_cuda_names_are_byte_identical() {
    let seed = seed();
    let mut rng = Rng(seed ^ 0x9e37_79b9_7f4a_7c15);
    let tables = Tables::builtin().expect("tables");
    for case in 0..300 {
        // `<<<` is CUDA's launch syntax: a file with it is a CUDA file.
        let src = generate(&mut rng, false).replace("<<<", "<< <");
        for (k, opts) in option_sets().iter().enumerate() {
            let t = translate("p.cpp", &src, tables, opts);
            if t.output != src {
                let d = t
                    .output
                    .bytes()
                    .zip(src.bytes())
                    .position(|(a, b)| a != b)
                    .unwrap_or(src.len().min(t.output.len()));
                let lo = d.saturating_sub(40);
                eprintln!(
                    "first difference at {d}: output {:?} / input {:?}",
                    t.output.get(lo..(d + 40).min(t.output.len())),
                    src.get(lo..(d + 40).min(src.len()))
                );
            }
            assert_eq!(
                t.output, src,
                "seed {seed} case {case} options #{k}: a file with no CUDA names changed\n--- input:\n{src}"
            );
            assert!(
                t.diagnostics.is_empty(),
                "seed {seed} case {case}: {:?}",
                t.diagnostics
            );
        }
    }
}

#[test]
fn arbitrary_bytes_survive() {
    let seed = seed();
    let mut rng = Rng(seed ^ 0x1234_5678);
    let tables = Tables::builtin().expect("tables");
    for case in 0..200 {
        let len = rng.below(400);
        // Printable ASCII, line ends and some UTF-8, without ASCII letters (so no CUDA names).
        let alphabet: Vec<char> = " \t\n\r\\\"'#/*<>()[]{};:,.+-=!?%&|^~0123456789é€"
            .chars()
            .collect();
        let src: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        for opts in option_sets() {
            let t = translate("b.cu", &src, tables, &opts);
            // Non-ASCII bytes lex as identifier characters (as in clang), so `é<<<` is launch syntax:
            // the file is then CUDA and gets the runtime header, at the start (it has no includes).
            let output = t
                .output
                .strip_prefix("#include <hip/hip_runtime.h>\n")
                .filter(|_| src.contains("<<<") && opts.insert_runtime_header)
                .unwrap_or(&t.output);
            assert_eq!(output, src, "seed {seed} case {case}: {src:?}");
        }
    }
}
