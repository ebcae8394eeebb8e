//! Device `printf` formatting, done on the host.
//!
//! A kernel's `printf(fmt, ...)` reaches the runtime as the format string and its variadic
//! arguments, each widened to a 64-bit slot (C's default promotions already happened in the
//! kernel: `char`/`short` became `int`, `float` became `double`; integers are sign- or
//! zero-extended into the slot, a `double` is its IEEE bits, pointers and strings are
//! addresses). [`format_printf`] turns that into the bytes C's `printf` would print.
//!
//! For exact C semantics (rounding of `%f`/`%e`/`%g`, `%a`'s hex digits, every flag
//! combination) each conversion specification is handed to the C library's `snprintf` on its
//! own, with its one argument cast to the C type the specification calls for. Only the parsing
//! and the argument bookkeeping are done here.

use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CString};

/// The printf FIFO of each dispatch (`hipLimitPrintfFifoSize`) unless set: 4 MiB, the printf
/// buffer ROCm gives a kernel built with `-mprintf-kind=buffered`.
pub const DEFAULT_FIFO_SIZE: usize = 4 << 20;

static FIFO_SIZE: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(DEFAULT_FIFO_SIZE);

/// Sets the printf FIFO size that dispatches started from now on get.
pub fn set_fifo_size(bytes: usize) {
    FIFO_SIZE.store(bytes, std::sync::atomic::Ordering::Relaxed);
}

/// The printf FIFO size a dispatch started now gets.
pub fn fifo_size() -> usize {
    FIFO_SIZE.load(std::sync::atomic::Ordering::Relaxed)
}

/// Largest width or precision honoured; larger ones (a stray `*` argument can ask for two
/// billion) are clamped so that one device `printf` cannot exhaust host memory.
pub const MAX_FIELD: u32 = 1 << 16;

/// What a specification whose argument (or `*` width or precision) is missing prints.
pub const MISSING_ARGUMENT: &str = "(missing argument)";
/// What `%n` prints instead of storing the count.
pub const PERCENT_N_REFUSED: &str = "(%n refused)";
/// What `%ls` prints (device printf has no wide strings).
pub const WIDE_STRING_REFUSED: &str = "(%ls refused)";

/// Formats `fmt` (the format string's bytes, without the NUL) with the 64-bit argument slots
/// `args`, as C's `printf` would.
///
/// Each slot holds its argument as the lowering widened it: an integer sign-extended from its
/// C-promoted type, a float promoted to double (its bits), a pointer as its address. The length
/// modifier then says how much of the slot counts, as in C: `%u` of `0xFFFFFFFFu` prints
/// 4294967295, `%hhx` of 0x1ff prints ff; `l`, `ll`, `z`, `j`, `t` (and `L` on an integer, as
/// glibc reads it) take all 64 bits. On a floating conversion a length modifier means nothing
/// (`%Lf` prints the double it was given).
///
/// `%n` is refused: it prints [`PERCENT_N_REFUSED`] and writes nothing (its argument is still
/// consumed so that the ones after it line up). A specification whose argument (or `*`
/// width/precision) is missing prints [`MISSING_ARGUMENT`]. An unknown or unfinished
/// specification is copied through as text.
///
/// `%s` reads the NUL-terminated string at the address in its slot (at most `precision` bytes
/// when a precision is given); a null address prints nothing, as ROCm's device printf has it
/// (glibc and CUDA print `(null)`). The address must come from device code of this process: on the CPU
/// device that is host memory the kernel could read.
pub fn format_printf(fmt: &[u8], args: &[u64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(fmt.len() + 16 * args.len());
    let mut args = args.iter().copied();
    let mut i = 0;
    while i < fmt.len() {
        let Some(off) = fmt[i..].iter().position(|&b| b == b'%') else {
            out.extend_from_slice(&fmt[i..]);
            break;
        };
        out.extend_from_slice(&fmt[i..i + off]);
        i += off;
        match parse_spec(&fmt[i..]) {
            Some(spec) => {
                format_one(&spec, &mut args, &mut out);
                i += spec.len;
            }
            None => {
                // Unfinished or unknown specification: print its '%' and go on, so that the
                // rest of it comes out as text.
                out.push(b'%');
                i += 1;
            }
        }
    }
    out
}

/// Bytes one `printf` takes in AMD's printf buffer (`-mprintf-kind=buffered`), the record the
/// FIFO-size limit counts: a 4-byte header, the 8-byte format id, 8 bytes per argument, and a
/// `%s` argument's string with its NUL, rounded up to 8 bytes.
///
/// # Safety
/// Each slot a `%s` conversion takes is null or the address of a NUL-terminated string (as for
/// [`format_printf`]).
pub unsafe fn buffered_record_size(fmt: &[u8], args: &[u64]) -> usize {
    let mut size = 12 + 8 * args.len();
    let mut slot = 0usize;
    let mut i = 0;
    while let Some(off) = fmt[i..].iter().position(|&b| b == b'%') {
        i += off;
        let Some(spec) = parse_spec(&fmt[i..]) else {
            i += 1;
            continue;
        };
        i += spec.len;
        if spec.conversion == b'%' {
            continue;
        }
        slot += usize::from(spec.width == Field::Arg) + usize::from(spec.precision == Field::Arg);
        if spec.conversion == b's' {
            if let Some(&p) = args.get(slot).filter(|&&p| p != 0) {
                // SAFETY: per this function's contract.
                let len = unsafe { std::ffi::CStr::from_ptr(p as usize as *const c_char) }
                    .to_bytes()
                    .len();
                // The string replaces its 8-byte slot.
                size += (len + 1).next_multiple_of(8) - 8;
            }
        }
        slot += 1;
    }
    size
}

/// Width or precision: absent, given in the format, or taken from the next argument (`*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    None,
    Fixed(u32),
    Arg,
}

/// Length modifier, as far as it decides the C type of the argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Length {
    /// none, `hh`, `h`: the argument is an `int` (the modifier narrows it when printing).
    Int,
    /// `l`, `ll`, `z`, `j`, `t`: a 64-bit integer on the LP64 host.
    Long,
    /// `L`: long double on a floating conversion (device code passes a double, printed as one);
    /// glibc reads it as `ll` on an integer conversion.
    LongDouble,
}

/// One parsed conversion specification.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Spec {
    /// Flag characters as written (a subset of `-+ #0`).
    flags: Vec<u8>,
    width: Field,
    precision: Field,
    /// The length modifier as written (`hh`, `l`, ...), passed on to snprintf.
    length_text: Vec<u8>,
    length: Length,
    conversion: u8,
    /// Bytes of the format string the specification spans, from its `%`.
    len: usize,
}

/// Parses the specification at the start of `s` (which begins with `%`). `None` when it is
/// unfinished or its conversion character is unknown.
fn parse_spec(s: &[u8]) -> Option<Spec> {
    let mut i = 1;
    let mut flags = Vec::new();
    while let Some(&c) = s.get(i) {
        if !matches!(c, b'-' | b'+' | b' ' | b'#' | b'0') {
            break;
        }
        if !flags.contains(&c) {
            flags.push(c);
        }
        i += 1;
    }
    let (width, n) = parse_field(&s[i..]);
    i += n;
    let mut precision = Field::None;
    if s.get(i) == Some(&b'.') {
        i += 1;
        let (p, n) = parse_field(&s[i..]);
        i += n;
        // A lone '.' means precision zero.
        precision = if p == Field::None { Field::Fixed(0) } else { p };
    }
    let start = i;
    let length = match s.get(i) {
        Some(b'h') => {
            i += if s.get(i + 1) == Some(&b'h') { 2 } else { 1 };
            Length::Int
        }
        Some(b'l') => {
            i += if s.get(i + 1) == Some(&b'l') { 2 } else { 1 };
            Length::Long
        }
        Some(b'z' | b'j' | b't') => {
            i += 1;
            Length::Long
        }
        Some(b'L') => {
            i += 1;
            Length::LongDouble
        }
        _ => Length::Int,
    };
    let length_text = s[start..i].to_vec();
    let conversion = *s.get(i)?;
    if !b"diuoxXcsfFeEgGaApn%".contains(&conversion) {
        return None;
    }
    Some(Spec {
        flags,
        width,
        precision,
        length_text,
        length,
        conversion,
        len: i + 1,
    })
}

/// Parses `*` or a decimal number; returns the field and the bytes it took.
fn parse_field(s: &[u8]) -> (Field, usize) {
    if s.first() == Some(&b'*') {
        return (Field::Arg, 1);
    }
    let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return (Field::None, 0);
    }
    let value = s[..digits].iter().fold(0u32, |acc, &d| {
        acc.saturating_mul(10).saturating_add(u32::from(d - b'0'))
    });
    (Field::Fixed(value.min(MAX_FIELD)), digits)
}

/// The C-typed argument one conversion takes.
enum CArg {
    Int(c_int),
    UInt(c_uint),
    Long(c_long),
    ULong(c_ulong),
    Double(f64),
    Str(*const c_char),
    Ptr(*const c_void),
}

/// Formats one specification, consuming its `*` fields and argument from `args`.
fn format_one(spec: &Spec, args: &mut impl Iterator<Item = u64>, out: &mut Vec<u8>) {
    if spec.conversion == b'%' {
        out.push(b'%');
        return;
    }
    let mut flags = spec.flags.clone();
    // `*` fields come first, in order: width, then precision. Their slots hold C ints.
    let width = match spec.width {
        Field::None => None,
        Field::Fixed(w) => Some(w),
        Field::Arg => {
            let Some(slot) = args.next() else {
                out.extend_from_slice(MISSING_ARGUMENT.as_bytes());
                return;
            };
            let w = slot as i32;
            // A negative width is the '-' flag with the absolute value.
            if w < 0 && !flags.contains(&b'-') {
                flags.push(b'-');
            }
            Some(w.unsigned_abs().min(MAX_FIELD))
        }
    };
    let precision = match spec.precision {
        Field::None => None,
        Field::Fixed(p) => Some(p),
        Field::Arg => {
            let Some(slot) = args.next() else {
                out.extend_from_slice(MISSING_ARGUMENT.as_bytes());
                return;
            };
            let p = slot as i32;
            // A negative precision is taken as if it were omitted.
            u32::try_from(p).ok().map(|p| p.min(MAX_FIELD))
        }
    };
    let Some(slot) = args.next() else {
        out.extend_from_slice(MISSING_ARGUMENT.as_bytes());
        return;
    };
    // The length text handed to snprintf: only where it changes how the C argument is read
    // or narrowed, so that snprintf always reads exactly the type passed to it.
    let mut length_text: &[u8] = b"";
    let arg = match (spec.conversion, spec.length) {
        // %n would make the host write through a device pointer: never.
        (b'n', _) => {
            out.extend_from_slice(PERCENT_N_REFUSED.as_bytes());
            return;
        }
        (b'd' | b'i', Length::Long | Length::LongDouble) => {
            length_text = b"l";
            CArg::Long(slot as i64 as c_long)
        }
        (b'd' | b'i', Length::Int) => {
            length_text = &spec.length_text; // "", "h" or "hh": snprintf narrows the int
            CArg::Int(slot as i32)
        }
        (b'u' | b'o' | b'x' | b'X', Length::Long | Length::LongDouble) => {
            length_text = b"l";
            CArg::ULong(slot as c_ulong)
        }
        (b'u' | b'o' | b'x' | b'X', Length::Int) => {
            length_text = &spec.length_text;
            CArg::UInt(slot as u32)
        }
        // %lc takes a wint_t, an unsigned 32-bit value on Linux; %c an int.
        (b'c', Length::Long) if spec.length_text == b"l" => {
            length_text = b"l";
            CArg::UInt(slot as u32)
        }
        (b'c', _) => CArg::Int(slot as i32),
        (b's', Length::Long) if spec.length_text == b"l" => {
            // Wide strings are not supported by device printf.
            out.extend_from_slice(WIDE_STRING_REFUSED.as_bytes());
            return;
        }
        // A null string prints nothing, as ROCm's device printf has it (CUDA prints "(null)").
        (b's', _) if slot == 0 => CArg::Str(EMPTY_STR.as_ptr().cast()),
        (b's', _) => CArg::Str(slot as usize as *const c_char),
        (b'p', _) => CArg::Ptr(slot as usize as *const c_void),
        // Floating conversions: the slot is a double whatever the modifier said.
        _ => CArg::Double(f64::from_bits(slot)),
    };
    let mut text = Vec::with_capacity(16);
    text.push(b'%');
    text.extend_from_slice(&flags);
    if let Some(w) = width {
        text.extend_from_slice(w.to_string().as_bytes());
    }
    if let Some(p) = precision {
        text.push(b'.');
        text.extend_from_slice(p.to_string().as_bytes());
    }
    text.extend_from_slice(length_text);
    text.push(spec.conversion);
    // The specification is built from validated ASCII only, so it holds no NUL.
    let Ok(c_spec) = CString::new(text) else {
        return;
    };
    snprintf_one(&c_spec, arg, out);
}

const EMPTY_STR: &[u8] = b"\0";

/// Runs `snprintf` for one specification and one argument, appending the result.
fn snprintf_one(spec: &CString, arg: CArg, out: &mut Vec<u8>) {
    let mut buf = vec![0u8; 128];
    loop {
        let f = spec.as_ptr();
        let b = buf.as_mut_ptr().cast::<c_char>();
        let n = buf.len();
        // SAFETY: `b` points to `n` writable bytes and `f` is a NUL-terminated format holding
        // exactly one conversion, whose C type is the one passed (`format_one` picked the
        // argument's type from the conversion and length). For `%s` the pointer is either one of
        // our static empty string or a non-null address device code of this process passed to printf as a
        // string: on the CPU device that is host memory it could read, and snprintf reads no
        // more than C's printf would (up to the NUL, or `precision` bytes).
        let written = unsafe {
            match arg {
                CArg::Int(v) => libc::snprintf(b, n, f, v),
                CArg::UInt(v) => libc::snprintf(b, n, f, v),
                CArg::Long(v) => libc::snprintf(b, n, f, v),
                CArg::ULong(v) => libc::snprintf(b, n, f, v),
                CArg::Double(v) => libc::snprintf(b, n, f, v),
                CArg::Str(v) => libc::snprintf(b, n, f, v),
                CArg::Ptr(v) => libc::snprintf(b, n, f, v),
            }
        };
        let Ok(written) = usize::try_from(written) else {
            return; // an encoding error (e.g. %lc of an invalid character): print nothing
        };
        if written < n {
            out.extend_from_slice(&buf[..written]);
            return;
        }
        // Too small: snprintf said how much it needs (plus the NUL).
        buf.resize(written + 1, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(f: &str, args: &[u64]) -> String {
        String::from_utf8(format_printf(f.as_bytes(), args)).expect("utf-8 output")
    }
    fn int(v: i64) -> u64 {
        v as u64
    }
    fn dbl(v: f64) -> u64 {
        v.to_bits()
    }

    #[test]
    fn plain_text_and_percent() {
        assert_eq!(fmt("hello, world\n", &[]), "hello, world\n");
        assert_eq!(fmt("100%% sure", &[]), "100% sure");
        assert_eq!(fmt("", &[]), "");
    }

    #[test]
    fn signed_integers() {
        assert_eq!(fmt("%d %i", &[int(-42), int(7)]), "-42 7");
        assert_eq!(fmt("[%5d]", &[int(42)]), "[   42]");
        assert_eq!(fmt("[%-5d]", &[int(42)]), "[42   ]");
        assert_eq!(fmt("[%05d]", &[int(-42)]), "[-0042]");
        assert_eq!(fmt("[%+d] [% d]", &[int(42), int(42)]), "[+42] [ 42]");
        assert_eq!(fmt("[%.3d]", &[int(7)]), "[007]");
        assert_eq!(fmt("[%.0d]", &[int(0)]), "[]");
        assert_eq!(fmt("[%8.3d]", &[int(-7)]), "[    -007]");
        // No length modifier: only the low 32 bits count.
        assert_eq!(fmt("%d", &[0x1_0000_0005]), "5");
        assert_eq!(fmt("%d", &[int(i64::from(i32::MIN))]), "-2147483648");
    }

    #[test]
    fn length_modifiers() {
        assert_eq!(fmt("%hhd", &[int(300)]), "44");
        assert_eq!(fmt("%hhd", &[int(-1)]), "-1");
        assert_eq!(fmt("%hd", &[int(70000)]), "4464");
        assert_eq!(fmt("%hu", &[int(-1)]), "65535");
        assert_eq!(fmt("%hhx", &[0x1ff]), "ff");
        assert_eq!(fmt("%ld", &[int(-5_000_000_000)]), "-5000000000");
        assert_eq!(fmt("%lld", &[int(i64::MIN)]), "-9223372036854775808");
        assert_eq!(fmt("%llu", &[u64::MAX]), "18446744073709551615");
        assert_eq!(fmt("%zu %jd %td", &[123, int(-4), int(-9)]), "123 -4 -9");
        assert_eq!(fmt("%lx", &[0xdead_beef_cafe]), "deadbeefcafe");
        assert_eq!(fmt("%Lf", &[dbl(1.5)]), "1.500000");
    }

    #[test]
    fn unsigned_integers() {
        assert_eq!(fmt("%u", &[int(-1)]), "4294967295");
        assert_eq!(fmt("%x %X", &[255, 255]), "ff FF");
        assert_eq!(fmt("%#x %#X %#o", &[255, 255, 8]), "0xff 0XFF 010");
        assert_eq!(fmt("%o", &[8]), "10");
        assert_eq!(fmt("[%08x]", &[0xbeef]), "[0000beef]");
        assert_eq!(fmt("[%-6x]", &[0xab]), "[ab    ]");
        assert_eq!(fmt("%#x", &[0]), "0");
    }

    #[test]
    fn buffered_records_count_header_arguments_and_strings() {
        let s = b"Hello World from Device.Iam printing 55 bytes of data.\n\0";
        let addr = s.as_ptr() as u64;
        // SAFETY: the %s slots hold a NUL-terminated string or null.
        unsafe {
            assert_eq!(buffered_record_size(b"plain\n", &[]), 12);
            assert_eq!(buffered_record_size(b"%d %f\n", &[1, dbl(1.0)]), 28);
            // 55 characters and the NUL: 56 bytes, already a multiple of 8.
            assert_eq!(buffered_record_size(b"%s", &[addr]), 68);
            assert_eq!(
                buffered_record_size(b"%%s%*d %s", &[3, 4, addr]),
                12 + 16 + 56
            );
            assert_eq!(buffered_record_size(b"%s", &[0]), 20);
        }
    }

    #[test]
    fn characters_and_strings() {
        let s = b"device\0";
        let addr = s.as_ptr() as u64;
        assert_eq!(fmt("%c%c", &[u64::from(b'o'), u64::from(b'k')]), "ok");
        assert_eq!(
            fmt("[%3c] [%-3c]", &[u64::from(b'x'), u64::from(b'y')]),
            "[  x] [y  ]"
        );
        assert_eq!(fmt("%s!", &[addr]), "device!");
        assert_eq!(fmt("[%10s]", &[addr]), "[    device]");
        assert_eq!(fmt("[%-10s]", &[addr]), "[device    ]");
        assert_eq!(fmt("[%.3s]", &[addr]), "[dev]");
        assert_eq!(fmt("[%*.*s]", &[5, 2, addr]), "[   de]");
        // ROCm's rule: a null string is empty (padding still applies).
        assert_eq!(fmt("%s", &[0]), "");
        assert_eq!(
            fmt("[%.3s][%.6s][%8.5s][%-8s]", &[0, 0, 0, 0]),
            "[][][        ][        ]"
        );
    }

    #[test]
    fn precision_bounds_string_read() {
        // Not NUL-terminated: a precision must stop the read at its bound.
        let s = [b'a', b'b', b'c'];
        assert_eq!(fmt("%.3s", &[s.as_ptr() as u64]), "abc");
    }

    #[test]
    fn fixed_and_exponent() {
        assert_eq!(fmt("%f", &[dbl(std::f64::consts::PI)]), "3.141593");
        assert_eq!(fmt("%F", &[dbl(f64::INFINITY)]), "INF");
        assert_eq!(fmt("%f", &[dbl(f64::NAN)]), "nan");
        assert_eq!(fmt("%.2f", &[dbl(2.675)]), "2.67"); // 2.675 is 2.67499999... in binary
        assert_eq!(fmt("[%8.3f]", &[dbl(-1.5)]), "[  -1.500]");
        assert_eq!(fmt("[%-8.1f]", &[dbl(1.25)]), "[1.2     ]");
        assert_eq!(fmt("[%08.2f]", &[dbl(-3.5)]), "[-0003.50]");
        assert_eq!(fmt("%+.1f % .1f", &[dbl(1.0), dbl(1.0)]), "+1.0  1.0");
        assert_eq!(fmt("%#.0f %.0f", &[dbl(3.0), dbl(2.5)]), "3. 2");
        assert_eq!(fmt("%e", &[dbl(12345.678)]), "1.234568e+04");
        assert_eq!(fmt("%E", &[dbl(0.000123)]), "1.230000E-04");
        assert_eq!(fmt("%.2e", &[dbl(-0.0)]), "-0.00e+00");
        assert_eq!(fmt("%f", &[dbl(1e20)]), "100000000000000000000.000000");
    }

    #[test]
    fn general_and_hex_float() {
        assert_eq!(fmt("%g", &[dbl(100000.0)]), "100000");
        assert_eq!(fmt("%g", &[dbl(1000000.0)]), "1e+06");
        assert_eq!(fmt("%G", &[dbl(1e-10)]), "1E-10");
        assert_eq!(fmt("%g", &[dbl(0.0001)]), "0.0001");
        assert_eq!(fmt("%#g", &[dbl(1.0)]), "1.00000");
        assert_eq!(fmt("%.3g", &[dbl(std::f64::consts::E)]), "2.72");
        assert_eq!(fmt("%a", &[dbl(1.0)]), "0x1p+0");
        assert_eq!(fmt("%A", &[dbl(-2.5)]), "-0X1.4P+1");
        assert_eq!(fmt("%.1a", &[dbl(1.0)]), "0x1.0p+0");
    }

    #[test]
    fn pointers() {
        assert_eq!(fmt("%p", &[0x1234]), "0x1234");
        assert_eq!(fmt("[%10p]", &[0xab]), "[      0xab]");
        assert_eq!(fmt("%p", &[0]), "(nil)");
    }

    #[test]
    fn star_width_and_precision() {
        assert_eq!(fmt("[%*d]", &[6, int(42)]), "[    42]");
        assert_eq!(fmt("[%*d]", &[int(-6), int(42)]), "[42    ]");
        assert_eq!(fmt("[%.*f]", &[2, dbl(1.0)]), "[1.00]");
        assert_eq!(fmt("[%.*f]", &[int(-1), dbl(1.0)]), "[1.000000]");
        assert_eq!(fmt("[%-*.*d]", &[6, 3, int(5)]), "[005   ]");
        // A huge width is clamped rather than allocating gigabytes.
        let wide = fmt("%*d", &[int(i64::from(i32::MAX)), 1]);
        assert_eq!(wide.len(), MAX_FIELD as usize);
        assert!(wide.ends_with(" 1"));
    }

    #[test]
    fn mixed_arguments_line_up() {
        let s = b"x\0";
        assert_eq!(
            fmt(
                "i=%d f=%.1f s=%s c=%c u=%lu\n",
                &[int(-3), dbl(0.5), s.as_ptr() as u64, u64::from(b'z'), 99]
            ),
            "i=-3 f=0.5 s=x c=z u=99\n"
        );
    }

    #[test]
    fn missing_arguments_print_a_marker() {
        assert_eq!(fmt("a=%d b=%d.", &[int(1)]), "a=1 b=(missing argument).");
        assert_eq!(fmt("[%*d]", &[5]), "[(missing argument)]");
        assert_eq!(fmt("[%.*f]", &[]), "[(missing argument)]");
        assert_eq!(fmt("%s%c", &[]), "(missing argument)(missing argument)");
    }

    #[test]
    fn percent_n_is_rejected() {
        let mut target = 0i32;
        let addr = &mut target as *mut i32 as u64;
        assert_eq!(fmt("ab%ncd%d", &[addr, int(7)]), "ab(%n refused)cd7");
        assert_eq!(fmt("%hhn%lln|", &[addr, addr]), "(%n refused)(%n refused)|");
        assert_eq!(target, 0);
    }

    #[test]
    fn wide_strings_are_refused() {
        assert_eq!(fmt("%ls.", &[0x1234]), "(%ls refused).");
    }

    #[test]
    fn length_modifiers_never_change_what_snprintf_reads() {
        // A floating conversion reads the double in the slot whatever the modifier says (glibc
        // would read a long double for `ll` or `L`).
        assert_eq!(
            fmt(
                "%llf %Le %hg %lF",
                &[dbl(1.5), dbl(2.0), dbl(0.25), dbl(3.0)]
            ),
            "1.500000 2.000000e+00 0.25 3.000000"
        );
        // `L` on an integer is glibc's `ll`.
        assert_eq!(
            fmt("%Ld %Lx", &[int(-5_000_000_000), u64::MAX]),
            "-5000000000 ffffffffffffffff"
        );
        // Modifiers on %c, %s and %p other than `l` are ignored.
        let s = b"hi\0";
        assert_eq!(
            fmt("%hhc%zs%llp", &[u64::from(b'x'), s.as_ptr() as u64, 0x10]),
            "xhi0x10"
        );
        // Sign extension from the promoted type: the slot of (short)-1 is all ones.
        assert_eq!(
            fmt("%hu %hhu %u %lu", &[u64::MAX, u64::MAX, u64::MAX, u64::MAX]),
            "65535 255 4294967295 18446744073709551615"
        );
        assert_eq!(fmt("%hhd %hd", &[int(-129), int(-32769)]), "127 32767");
    }

    #[test]
    fn unknown_or_unfinished_specs_are_copied() {
        assert_eq!(fmt("50%", &[]), "50%");
        assert_eq!(fmt("%y and more", &[int(1)]), "%y and more");
        assert_eq!(fmt("%5.2", &[int(1)]), "%5.2");
        assert_eq!(fmt("%q%d", &[int(4)]), "%q4");
    }
}
