//! Device `printf` on the CPU device, end to end: kernels print many formats (every conversion,
//! flag, width, precision, `*` field and length modifier) with seeded random values, and their
//! output must be byte for byte what the host C library's `snprintf` makes of the same format
//! and the same C-typed values. Then the refusals (`%n`, missing arguments), and many
//! work-items printing at once (whole lines, each work-item's lines in order).
//!
//! Device printf writes to the process's stdout, so every printing case runs in a child: this
//! test binary again, with `FERROCM_PRINTF_CASE` naming the case and running only the test
//! `child_entry`, which launches the kernel and prints the output between two marker lines.

use hip::{DeviceBuffer, Dim3, KernelArg, Module};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::ffi::{c_char, c_int, c_longlong, c_uint, c_ulonglong, c_void, CString};
use std::io::Write;
use std::process::Command;

extern "C" {
    /// The C library's own (the reference; Rust's std links it).
    fn snprintf(buf: *mut c_char, n: usize, fmt: *const c_char, ...) -> c_int;
}

const CASE_VAR: &str = "FERROCM_PRINTF_CASE";
const SEED_VAR: &str = "FERROCM_PRINTF_SEED";
const BEGIN: &str = "=====ferrocm-printf-begin=====";
const END: &str = "=====ferrocm-printf-end=====";

// ---------------------------------------------------------------------------------------------
// The format table: each case is one printf call site in the kernel, and the same call to the
// host's snprintf with values of the same C types.

/// The C type (and value distribution) of one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// int, full range with edge values mixed in
    I,
    /// unsigned int
    U,
    /// long long
    L,
    /// unsigned long long
    Ul,
    /// size_t
    Z,
    /// short (promoted to int)
    H,
    /// unsigned short
    Us,
    /// signed char
    Sc,
    /// unsigned char
    Uc,
    /// a char for %c (1..=255, promoted to int)
    C,
    /// double, with the special values mixed in
    D,
    /// float (promoted to double)
    F,
    /// a `*` width: int in -25..25
    W,
    /// a `*` precision: int in -3..15
    P,
    /// a string in device global memory
    S,
    /// a string literal
    Lit,
    /// a string in __constant__ memory
    Cst,
    /// a null string
    Null,
    /// a pointer value (for %p)
    Ptr,
}

/// One case: the format, its arguments, and the host call.
struct Case {
    fmt: &'static str,
    kinds: &'static [Kind],
    host: fn(&str, &mut Args) -> Vec<u8>,
}

const LITERAL: &str = "a string literal";
const CONSTANT: &str = "__constant__ text";

/// The arguments of one call, each as the raw 64-bit value the kernel reads and casts; the
/// accessors give the host's C-typed value of the next one.
struct Args<'a> {
    raw: &'a [u64],
    next: usize,
    /// Device-string offsets resolve into this host copy of the string buffer.
    strings: &'a [u8],
    literal: &'a CString,
    constant: &'a CString,
}

impl Args<'_> {
    fn take(&mut self) -> u64 {
        let v = self.raw[self.next];
        self.next += 1;
        v
    }
    fn i(&mut self) -> c_int {
        self.take() as c_int
    }
    fn u(&mut self) -> c_uint {
        self.take() as c_uint
    }
    fn l(&mut self) -> c_longlong {
        self.take() as c_longlong
    }
    fn ul(&mut self) -> c_ulonglong {
        self.take()
    }
    fn z(&mut self) -> usize {
        self.take() as usize
    }
    fn h(&mut self) -> c_int {
        c_int::from(self.take() as i16)
    }
    fn us(&mut self) -> c_int {
        c_int::from(self.take() as u16)
    }
    fn sc(&mut self) -> c_int {
        c_int::from(self.take() as i8)
    }
    fn uc(&mut self) -> c_int {
        c_int::from(self.take() as u8)
    }
    fn c(&mut self) -> c_int {
        // The kernel passes a `char`: signed on both targets, promoted to int.
        c_int::from(self.take() as u8 as i8)
    }
    fn d(&mut self) -> f64 {
        f64::from_bits(self.take())
    }
    fn f(&mut self) -> f64 {
        f64::from(f32::from_bits(self.take() as u32))
    }
    fn w(&mut self) -> c_int {
        self.i()
    }
    fn p(&mut self) -> c_int {
        self.i()
    }
    fn s(&mut self) -> *const c_char {
        let off = self.take() as usize;
        self.strings[off..].as_ptr().cast()
    }
    fn lit(&mut self) -> *const c_char {
        self.take();
        self.literal.as_ptr()
    }
    fn cst(&mut self) -> *const c_char {
        self.take();
        self.constant.as_ptr()
    }
    fn null(&mut self) -> *const c_char {
        self.take();
        std::ptr::null()
    }
    /// A null string as the host reference: ROCm's device printf prints it as nothing, where
    /// glibc prints "(null)", so the host is handed an empty string.
    fn nulls(&mut self) -> *const c_char {
        self.take();
        c"".as_ptr()
    }
    fn ptr(&mut self) -> *const c_void {
        self.take() as usize as *const c_void
    }
}

/// Room for any case's text (the widest: %f of DBL_MAX, some 320 characters).
const HOST_BUF: usize = 1 << 14;

macro_rules! kind_name {
    (i) => {
        Kind::I
    };
    (u) => {
        Kind::U
    };
    (l) => {
        Kind::L
    };
    (ul) => {
        Kind::Ul
    };
    (z) => {
        Kind::Z
    };
    (h) => {
        Kind::H
    };
    (us) => {
        Kind::Us
    };
    (sc) => {
        Kind::Sc
    };
    (uc) => {
        Kind::Uc
    };
    (c) => {
        Kind::C
    };
    (d) => {
        Kind::D
    };
    (f) => {
        Kind::F
    };
    (w) => {
        Kind::W
    };
    (p) => {
        Kind::P
    };
    (s) => {
        Kind::S
    };
    (lit) => {
        Kind::Lit
    };
    (cst) => {
        Kind::Cst
    };
    (null) => {
        Kind::Null
    };
    (nulls) => {
        Kind::Null
    };
    (ptr) => {
        Kind::Ptr
    };
}

/// `cases![ "format": kind kind ...; ... ]`: the table, each host call made with the arguments
/// in order (Rust evaluates call arguments left to right). A case may give the host a different
/// format after `=>` (for `L`, which on the host would mean a long double).
macro_rules! cases {
    ($( $fmt:literal $(=> $hfmt:literal)? : $($k:ident)* ;)*) => {
        vec![$(
            Case {
                fmt: $fmt,
                kinds: &[$(kind_name!($k)),*],
                host: |fmt: &str, a: &mut Args| {
                    $(let fmt: &str = {
                        let _device_format = fmt;
                        $hfmt
                    };)?
                    let _ = &a; // a case may take no arguments
                    let f = CString::new(fmt).expect("no NUL in formats");
                    let mut buf = vec![0u8; HOST_BUF];
                    // SAFETY: `buf` has HOST_BUF writable bytes, `f` is a NUL-terminated
                    // format whose conversions take exactly these C types, in this order (the
                    // string pointers point to live NUL-terminated strings; a null `%p` is
                    // "(nil)").
                    let n = unsafe {
                        snprintf(buf.as_mut_ptr().cast(), buf.len(), f.as_ptr() $(, a.$k())*)
                    };
                    let n = usize::try_from(n).expect("snprintf failed");
                    assert!(n < HOST_BUF, "{fmt:?}: text too long for the host buffer");
                    buf.truncate(n);
                    buf
                },
            },
        )*]
    };
}

fn table() -> Vec<Case> {
    cases![
        "d [%d] [%i] [%5d] [%-6d|] [%+d] [% d]\n": i i i i i i;
        "d0 [%05d] [%-05d] [%+08d] [% 07i] [%.4d] [%.0d]\n": i i i i i i;
        "d* [%*d] [%-*d] [%.*d] [%*.*d]\n": w i w i p i w p i;
        "u [%u] [%10u] [%-10u|] [%010u] [%.7u] [%#u]\n": u u u u u u;
        "x [%x] [%X] [%#x] [%#X] [%08x] [%#010x] [%-#8x|] [%.5x]\n": u u u u u u u u;
        "o [%o] [%#o] [%10o] [%-#12o|] [%.8o] [%#.0o]\n": u u u u u u;
        "hh [%hhd] [%hhi] [%hhu] [%hhx] [%#hho] [%5hhd]\n": i i i i i i;
        "h [%hd] [%hi] [%hu] [%hx] [%#hX] [%-7hd|]\n": i i i i i i;
        "small [%hd] [%hu] [%hhd] [%hhu] [%d] [%u]\n": h us sc uc h us;
        "l [%ld] [%li] [%lu] [%lx] [%#lo] [%20ld] [%-+21ld|]\n": l l l ul ul l l;
        "ll [%lld] [%llu] [%llX] [%#llx] [%.25lld] [%025llu]\n": l ul ul ul l ul;
        "zjt [%zu] [%zd] [%zx] [%jd] [%ju] [%td] [%tx]\n": z z z l ul l l;
        "L [%Ld] [%Lu] [%Lx]\n" => "L [%lld] [%llu] [%llx]\n": l ul ul;
        "c [%c] [%3c] [%-4c|] [%c%c]\n": c c c c c;
        "s [%s] [%12s] [%-12s|] [%.3s] [%8.2s] [%-8.0s|]\n": s s s s s s;
        "s* [%*s] [%.*s] [%*.*s]\n": w s p s w p s;
        "lit [%s] [%20s] [%.5s] [%-18.4s|]\n": lit lit lit lit;
        "const [%s] [%.8s] [%24s]\n": cst cst cst;
        "null [%s] [%.3s] [%.6s] [%10s] [%-9s|] [%.0s]\n": nulls nulls nulls nulls nulls nulls;
        "f [%f] [%.0f] [%.1f] [%.3f] [%#.0f] [%12.4f] [%-12.2f|]\n": d d d d d d d;
        "f0 [%012.3f] [%+f] [% f] [%+.2f] [%F] [%lf]\n": d d d d d d;
        "e [%e] [%E] [%.0e] [%#.0e] [%.10e] [%15.3e] [%-+15.2E|] [%012.4e]\n": d d d d d d d d;
        "g [%g] [%G] [%.0g] [%.1g] [%.10g] [%#g] [%#.3G] [%12g] [%-+12.4g|] [%012g]\n": d d d d d d d d d d;
        "a [%a] [%A] [%.0a] [%.3a] [%#a] [%20a] [%-+20.2A|] [%025a]\n": d d d d d d d d;
        "fl [%f] [%e] [%g] [%a] [%.9g] [%.3e]\n": f f f f f f;
        "f* [%*f] [%.*f] [%*.*e] [%.*g] [%*.*a]\n": w d p d w p d p d w p d;
        "L [%Lf] [%Le] [%Lg] [%La]\n" => "L [%f] [%e] [%g] [%a]\n": d d d d;
        "p [%p] [%20p] [%-20p|] [%p]\n": ptr ptr ptr null;
        "pct [%%] [%5%] [100%%]\n": ;
        "mix i=%d u=%u x=%x f=%.3f e=%e s=%s c=%c ll=%lld p=%p\n": i u u d d s c l ptr;
        "star-mix [%-*.*s] [%0*.*d] [%+*.*f]\n": w p s w p i w p d;
    ]
}

// ---------------------------------------------------------------------------------------------
// Values.

fn seed() -> u64 {
    std::env::var(SEED_VAR)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5052_494e_5446)
}

/// The strings the kernel reads from device memory; a value of kind S is an offset into this
/// buffer (each string NUL-terminated).
fn string_pool(r: &mut StdRng) -> (Vec<u8>, Vec<u64>) {
    let mut pool = Vec::new();
    let mut offs = Vec::new();
    let fixed: [&[u8]; 4] = [b"", b"x", b"hello, device", b"tab\tand spaces  "];
    for s in fixed {
        offs.push(pool.len() as u64);
        pool.extend_from_slice(s);
        pool.push(0);
    }
    for _ in 0..28 {
        offs.push(pool.len() as u64);
        let len = r.gen_range(0..40);
        for _ in 0..len {
            pool.push(r.gen_range(0x20u8..0x7f));
        }
        pool.push(0);
    }
    (pool, offs)
}

fn edge_or<T: Copy>(r: &mut StdRng, edges: &[T], other: impl FnOnce(&mut StdRng) -> T) -> T {
    if r.gen_bool(0.25) {
        edges[r.gen_range(0..edges.len())]
    } else {
        other(r)
    }
}

fn random_double(r: &mut StdRng) -> f64 {
    let edges = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        2.5,
        -2.5,
        0.125,
        1e-300,
        -1e300,
        5e-324,
        f64::MAX,
        f64::MIN_POSITIVE,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
        999999.5,
        9.9999995,
        0.00001234,
        123456789.0,
    ];
    edge_or(r, &edges, |r| match r.gen_range(0..3) {
        0 => r.gen_range(-1000.0..1000.0),
        1 => {
            let e = r.gen_range(-40..40);
            r.gen_range(-10.0..10.0) * 10f64.powi(e)
        }
        _ => f64::from_bits(r.gen()),
    })
}

/// The raw 64-bit value of one argument of kind `k` (what the kernel reads and casts).
fn random_raw(r: &mut StdRng, k: Kind, string_offsets: &[u64]) -> u64 {
    match k {
        Kind::I | Kind::H | Kind::Sc => {
            let edges = [
                0i64,
                1,
                -1,
                127,
                -128,
                255,
                32767,
                -32768,
                65535,
                i32::MAX as i64,
                i32::MIN as i64,
            ];
            edge_or(r, &edges, |r| {
                if r.gen_bool(0.5) {
                    r.gen_range(-100_000i64..100_000)
                } else {
                    i64::from(r.gen::<i32>())
                }
            }) as u64
        }
        Kind::U | Kind::Us | Kind::Uc => {
            let edges = [
                0u64,
                1,
                7,
                8,
                255,
                256,
                65535,
                u64::from(u32::MAX),
                0xdead_beef,
            ];
            edge_or(r, &edges, |r| u64::from(r.gen::<u32>()))
        }
        Kind::L => {
            let edges = [0i64, -1, i64::MAX, i64::MIN, 1 << 40, -(1 << 33)];
            edge_or(r, &edges, |r| r.gen()) as u64
        }
        Kind::Ul | Kind::Z => {
            let edges = [0u64, u64::MAX, 1 << 63, 0xffff_ffff, 0x1_0000_0000];
            edge_or(r, &edges, |r| r.gen())
        }
        Kind::C => r.gen_range(1u64..=255),
        Kind::D => random_double(r).to_bits(),
        Kind::F => {
            let edges = [
                0.0f32,
                -0.0,
                1.0,
                f32::MAX,
                f32::MIN_POSITIVE,
                1e-45,
                f32::INFINITY,
                f32::NAN,
            ];
            u64::from(edge_or(r, &edges, |r| random_double(r) as f32).to_bits())
        }
        Kind::W => r.gen_range(-25i64..25) as u64,
        Kind::P => r.gen_range(-3i64..15) as u64,
        Kind::S => string_offsets[r.gen_range(0..string_offsets.len())],
        Kind::Lit | Kind::Cst | Kind::Null => 0,
        Kind::Ptr => {
            let edges = [0u64, 1, 0xffff_ffff_ffff_ffff, 0x7fff_0000_1000];
            edge_or(r, &edges, |r| r.gen::<u64>() >> r.gen_range(0..64))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The kernels.

/// Escapes a format for a C string literal.
fn c_literal(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The most arguments of any case: each case's values take this many slots of a row.
fn max_args(cases: &[Case]) -> usize {
    cases
        .iter()
        .map(|c| c.kinds.len())
        .max()
        .unwrap_or(0)
        .max(1)
}

/// The table kernel: one work-item prints every case for every row, reading each argument from
/// the row's slots and casting it to the C type of its kind.
fn formats_source(cases: &[Case]) -> String {
    let m = max_args(cases);
    let mut src = format!(
        "__constant__ char constant_text[] = {};\n\
         extern \"C\" __global__ void formats(const unsigned long long *v, const char *strs, int rows) {{\n\
         \x20 if (threadIdx.x != 0 || blockIdx.x != 0) return;\n\
         \x20 for (int r = 0; r < rows; ++r) {{\n\
         \x20   const unsigned long long *a = v + (unsigned long long)r * {};\n",
        c_literal(CONSTANT),
        cases.len() * m
    );
    for (c, case) in cases.iter().enumerate() {
        let mut call = format!("    printf({}", c_literal(case.fmt));
        for (j, k) in case.kinds.iter().enumerate() {
            let x = format!("a[{}]", c * m + j);
            let arg = match k {
                Kind::I | Kind::W | Kind::P => format!("(int){x}"),
                Kind::U => format!("(unsigned){x}"),
                Kind::L => format!("(long long){x}"),
                Kind::Ul => x,
                Kind::Z => format!("(__SIZE_TYPE__){x}"),
                Kind::H => format!("(short){x}"),
                Kind::Us => format!("(unsigned short){x}"),
                Kind::Sc => format!("(signed char){x}"),
                Kind::Uc => format!("(unsigned char){x}"),
                Kind::C => format!("(char){x}"),
                Kind::D => format!("__builtin_bit_cast(double, {x})"),
                Kind::F => format!("__builtin_bit_cast(float, (unsigned){x})"),
                Kind::S => format!("strs + {x}"),
                Kind::Lit => c_literal(LITERAL),
                Kind::Cst => "constant_text".to_string(),
                Kind::Null => "(const char *)0".to_string(),
                Kind::Ptr => format!("(const void *){x}"),
            };
            call.push_str(", ");
            call.push_str(&arg);
        }
        call.push_str(");\n");
        src.push_str(&call);
    }
    src.push_str("  }\n}\n");
    src
}

/// Refusals and what C leaves undefined but device printf must survive.
const EDGES_SOURCE: &str = r#"
#pragma clang diagnostic ignored "-Wformat"
#pragma clang diagnostic ignored "-Wformat-extra-args"
extern "C" __global__ void edges(int *target) {
  if (threadIdx.x != 0) return;
  printf("n: before%nafter %d\n", target, 7);
  printf("hhn: [%hhn] lln: [%lln]\n", target, target);
  printf("missing: %d %s %f|\n", 42);
  printf("missing star: [%*d] [%.*f]\n", 5);
  printf("none: %d %c %p|\n");
  printf("wide: %ls|\n", (const char *)0);
  printf("unfinished: 50%");
  printf("\n");
  printf("unknown: %y %k|\n", 1, 2);
}
"#;

const EDGES_EXPECTED: &str = "n: before(%n refused)after 7\n\
hhn: [(%n refused)] lln: [(%n refused)]\n\
missing: 42 (missing argument) (missing argument)|\n\
missing star: [(missing argument)] [(missing argument)]\n\
none: (missing argument) (missing argument) (missing argument)|\n\
wide: (%ls refused)|\n\
unfinished: 50%\n\
unknown: %y %k|\n";

/// Many work-items of many groups each print LINES lines; some lines are made of three printf
/// calls (no newline until the last), which the per-thread line buffer must keep together.
const MANY_SOURCE: &str = r#"
extern "C" __global__ void many(const unsigned *v, int lines) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < lines; ++k) {
    unsigned x = v[gid * lines + k];
    if (k % 3 == 2) {
      printf("wi %u line %d: ", gid, k);
      printf("x=%08x ", x);
      printf("d=%d f=%.2f end\n", (int)x, (double)(x % 1000) / 8.0);
    } else {
      printf("wi %u line %d: x=%08x d=%d f=%.2f end\n", gid, k, x, (int)x, (double)(x % 1000) / 8.0);
    }
  }
}
"#;
const MANY_GROUPS: u32 = 12;
const MANY_BLOCK: u32 = 48;
const MANY_LINES: usize = 6;

/// A work-item's line as the host C library formats it (the whole line in one call).
fn many_expected_line(gid: u32, k: usize, x: u32) -> String {
    let f = CString::new("wi %u line %d: x=%08x d=%d f=%.2f end").expect("no NUL");
    let mut buf = vec![0u8; 256];
    // SAFETY: `buf` has 256 writable bytes; the format takes unsigned, int, unsigned, int and
    // double, as passed.
    let n = unsafe {
        snprintf(
            buf.as_mut_ptr().cast(),
            buf.len(),
            f.as_ptr(),
            gid as c_uint,
            k as c_int,
            x as c_uint,
            x as c_int,
            f64::from(x % 1000) / 8.0,
        )
    };
    buf.truncate(usize::try_from(n).expect("snprintf failed"));
    String::from_utf8(buf).expect("ASCII")
}

fn many_values(seed: u64) -> Vec<u32> {
    let mut r = StdRng::seed_from_u64(seed ^ 0x6d61_6e79);
    (0..MANY_GROUPS * MANY_BLOCK)
        .flat_map(|_| (0..MANY_LINES).map(|_| r.gen::<u32>()).collect::<Vec<_>>())
        .collect()
}

const ROWS: usize = 12;

/// The values of every row of the table kernel, and the string pool.
fn table_values(cases: &[Case], seed: u64) -> (Vec<u64>, Vec<u8>) {
    let mut r = StdRng::seed_from_u64(seed);
    let (pool, offs) = string_pool(&mut r);
    let m = max_args(cases);
    let mut v = vec![0u64; ROWS * cases.len() * m];
    for row in 0..ROWS {
        for (c, case) in cases.iter().enumerate() {
            for (j, &k) in case.kinds.iter().enumerate() {
                v[(row * cases.len() + c) * m + j] = random_raw(&mut r, k, &offs);
            }
        }
    }
    (v, pool)
}

// ---------------------------------------------------------------------------------------------
// Child side.

fn compile(src: &str) -> Module {
    match Module::from_source(src, &["-O3"]) {
        Ok(m) => m,
        Err(e) => panic!(
            "compile failed: {e:?}\n{}\n{src}",
            hip::last_error_detail().unwrap_or_default()
        ),
    }
}

fn launch(m: &Module, name: &str, grid: u32, block: u32, args: &[&dyn KernelArg]) {
    let f = m.function(name).expect("kernel present");
    f.launch(Dim3::new(grid, 1, 1), Dim3::new(block, 1, 1), 0, None, args)
        .unwrap_or_else(|e| panic!("{name}: launch failed: {e:?}"));
    hip::device_synchronize().unwrap_or_else(|e| panic!("{name}: synchronize failed: {e:?}"));
}

fn run_case(case: &str, seed: u64) {
    match case {
        "formats" => {
            let cases = table();
            let (v, pool) = table_values(&cases, seed);
            let m = compile(&formats_source(&cases));
            let dv = DeviceBuffer::from_slice(&v).expect("upload values");
            let ds = DeviceBuffer::from_slice(&pool).expect("upload strings");
            launch(&m, "formats", 1, 1, &[&dv, &ds, &(ROWS as i32)]);
        }
        "edges" => {
            let m = compile(EDGES_SOURCE);
            let target = DeviceBuffer::from_slice(&[0x5a5a_5a5au32; 2]).expect("upload");
            launch(&m, "edges", 1, 4, &[&target]);
            // %n must not have written anything.
            let t = target.to_vec().expect("read back");
            assert_eq!(t, vec![0x5a5a_5a5a; 2], "%n wrote device memory");
        }
        "many" => {
            let m = compile(MANY_SOURCE);
            let dv = DeviceBuffer::from_slice(&many_values(seed)).expect("upload");
            launch(
                &m,
                "many",
                MANY_GROUPS,
                MANY_BLOCK,
                &[&dv, &(MANY_LINES as i32)],
            );
        }
        other => panic!("unknown case {other}"),
    }
}

/// The child's entry point: does nothing unless the parent set the case variable.
#[test]
fn child_entry() {
    let Ok(case) = std::env::var(CASE_VAR) else {
        return;
    };
    let mut out = std::io::stdout();
    writeln!(out, "{BEGIN}").expect("stdout");
    out.flush().expect("stdout");
    run_case(&case, seed());
    out.flush().expect("stdout");
    writeln!(out, "\n{END}").expect("stdout");
    out.flush().expect("stdout");
}

// ---------------------------------------------------------------------------------------------
// Parent side.

/// Runs `case` in a child process and returns what the kernel printed.
fn child_output(case: &str, seed: u64) -> Vec<u8> {
    let exe = std::env::current_exe().expect("test binary path");
    let out = Command::new(exe)
        .args(["--exact", "child_entry", "--nocapture", "--test-threads=1"])
        .env(CASE_VAR, case)
        .env(SEED_VAR, seed.to_string())
        .output()
        .expect("run the child");
    let stdout = out.stdout;
    let text = String::from_utf8_lossy(&stdout);
    assert!(
        out.status.success(),
        "case {case} seed={seed}: child failed\nstdout:\n{text}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let find = |needle: &[u8], from: usize| {
        stdout[from..]
            .windows(needle.len())
            .position(|w| w == needle)
            .map(|p| p + from)
    };
    let begin_marker = format!("{BEGIN}\n");
    let end_marker = format!("\n{END}\n");
    let b = find(begin_marker.as_bytes(), 0)
        .unwrap_or_else(|| panic!("case {case}: no begin marker in:\n{text}"));
    let start = b + begin_marker.len();
    let e = find(end_marker.as_bytes(), start)
        .unwrap_or_else(|| panic!("case {case}: no end marker in:\n{text}"));
    stdout[start..e].to_vec()
}

fn show(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn formats_match_the_c_library() {
    let seed = seed();
    let cases = table();
    let (v, pool) = table_values(&cases, seed);
    let literal = CString::new(LITERAL).expect("no NUL");
    let constant = CString::new(CONSTANT).expect("no NUL");
    let m = max_args(&cases);
    // Expected: each call, in the kernel's order, formatted by the host C library.
    let mut want: Vec<(usize, Vec<u8>)> = Vec::new();
    for row in 0..ROWS {
        for (c, case) in cases.iter().enumerate() {
            let base = (row * cases.len() + c) * m;
            let mut args = Args {
                raw: &v[base..base + m],
                next: 0,
                strings: &pool,
                literal: &literal,
                constant: &constant,
            };
            let text = (case.host)(case.fmt, &mut args);
            assert_eq!(
                args.next,
                case.kinds.len(),
                "case {}: argument count",
                case.fmt
            );
            want.push((c, text));
        }
    }
    let got = child_output("formats", seed);
    let want_all: Vec<u8> = want.iter().flat_map(|(_, t)| t.clone()).collect();
    if got == want_all {
        return;
    }
    // Find the first call whose text differs.
    let mut at = 0;
    for (i, (c, text)) in want.iter().enumerate() {
        let end = at + text.len();
        if got.get(at..end) != Some(&text[..]) {
            let got_line: Vec<u8> = got[at.min(got.len())..]
                .iter()
                .copied()
                .take_while(|&b| b != b'\n')
                .collect();
            let row = i / cases.len();
            let base = (row * cases.len() + c) * m;
            panic!(
                "seed={seed} (set {SEED_VAR} to rerun): row {row}, format {:?}, raw arguments \
                 {:x?}:\n  device: {:?}\n  libc:   {:?}",
                cases[*c].fmt,
                &v[base..base + cases[*c].kinds.len()],
                show(&got_line),
                show(text)
            );
        }
        at = end;
    }
    panic!(
        "seed={seed}: device printed {} bytes more than libc: {:?}",
        got.len() - at,
        show(&got[at..])
    );
}

#[test]
fn refusals_and_missing_arguments_print_markers() {
    let got = child_output("edges", seed());
    assert_eq!(show(&got), EDGES_EXPECTED);
}

#[test]
fn many_work_items_print_whole_lines_in_order() {
    let seed = seed();
    let v = many_values(seed);
    let got = child_output("many", seed);
    let text = String::from_utf8(got).expect("ASCII output");
    let mut next_line = vec![0usize; (MANY_GROUPS * MANY_BLOCK) as usize];
    let mut count = 0;
    for line in text.lines() {
        // "wi <gid> line <k>: ..." — each line must be exactly one work-item's whole line, and
        // the next one that work-item prints.
        let gid: u32 = line
            .strip_prefix("wi ")
            .and_then(|r| r.split(' ').next())
            .and_then(|g| g.parse().ok())
            .unwrap_or_else(|| panic!("seed={seed}: malformed line {line:?}"));
        assert!(
            gid < MANY_GROUPS * MANY_BLOCK,
            "seed={seed}: bad work-item in {line:?}"
        );
        let k = next_line[gid as usize];
        assert!(
            k < MANY_LINES,
            "seed={seed}: too many lines from {gid}: {line:?}"
        );
        let x = v[gid as usize * MANY_LINES + k];
        assert_eq!(
            line,
            many_expected_line(gid, k, x),
            "seed={seed}: work-item {gid}'s line {k} is broken or out of order"
        );
        next_line[gid as usize] += 1;
        count += 1;
    }
    assert_eq!(
        count,
        MANY_GROUPS as usize * MANY_BLOCK as usize * MANY_LINES,
        "seed={seed}: line count"
    );
    assert!(text.ends_with('\n'), "output ends with a whole line");
}

#[test]
fn the_generated_kernel_has_one_call_per_case() {
    // The table drives both sides; a case the source generator dropped would go unnoticed.
    let cases = table();
    let src = formats_source(&cases);
    assert_eq!(src.matches("printf(").count(), cases.len());
    for case in &cases {
        assert!(src.contains(&c_literal(case.fmt)), "{:?}", case.fmt);
    }
}
