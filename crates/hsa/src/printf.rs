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

/// Largest width or precision honoured; larger ones (a stray `*` argument can ask for two
/// billion) are clamped so that one device `printf` cannot exhaust host memory.
pub const MAX_FIELD: u32 = 1 << 16;

/// Formats `fmt` (the format string's bytes, without the NUL) with the 64-bit argument slots
/// `args`, as C's `printf` would.
///
/// `%n` is rejected: it prints nothing (its argument is still consumed so that the ones after
/// it line up). A specification whose argument (or `*` width/precision) is missing prints
/// nothing. An unknown or unfinished specification is copied through as text.
///
/// `%s` reads the NUL-terminated string at the address in its slot (at most `precision` bytes
/// when a precision is given); a null address prints `(null)`. The address must come from
/// device code of this process: on the CPU device that is host memory the kernel could read.
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
    /// `L`: long double in C; device code passes a double, so it is printed as one.
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
            let Some(slot) = args.next() else { return };
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
            let Some(slot) = args.next() else { return };
            let p = slot as i32;
            // A negative precision is taken as if it were omitted.
            u32::try_from(p).ok().map(|p| p.min(MAX_FIELD))
        }
    };
    let Some(slot) = args.next() else { return };
    let arg = match (spec.conversion, spec.length) {
        // %n would make the host write through a device pointer: never.
        (b'n', _) => return,
        (b'd' | b'i', Length::Long) => CArg::Long(slot as i64 as c_long),
        (b'd' | b'i', _) => CArg::Int(slot as i32),
        (b'u' | b'o' | b'x' | b'X', Length::Long) => CArg::ULong(slot as c_ulong),
        (b'u' | b'o' | b'x' | b'X', _) => CArg::UInt(slot as u32),
        // %lc takes a wint_t, an unsigned 32-bit value on Linux; %c an int.
        (b'c', Length::Long) => CArg::UInt(slot as u32),
        (b'c', _) => CArg::Int(slot as i32),
        (b's', Length::Long) => return, // wide strings are not supported by device printf
        (b's', _) => CArg::Str(slot as usize as *const c_char),
        (b'p', _) => CArg::Ptr(slot as usize as *const c_void),
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
    // `L` is dropped: the argument is passed as the double it is.
    if spec.length != Length::LongDouble && !matches!(arg, CArg::Str(_) | CArg::Ptr(_)) {
        text.extend_from_slice(&spec.length_text);
    }
    text.push(spec.conversion);
    // The specification is built from validated ASCII only, so it holds no NUL.
    let Ok(c_spec) = CString::new(text) else {
        return;
    };
    snprintf_one(&c_spec, arg, out);
}

const NULL_STR: &[u8] = b"(null)\0";

/// Runs `snprintf` for one specification and one argument, appending the result.
fn snprintf_one(spec: &CString, arg: CArg, out: &mut Vec<u8>) {
    let arg = match arg {
        CArg::Str(p) if p.is_null() => CArg::Str(NULL_STR.as_ptr().cast()),
        other => other,
    };
    let mut buf = vec![0u8; 128];
    loop {
        let f = spec.as_ptr();
        let b = buf.as_mut_ptr().cast::<c_char>();
        let n = buf.len();
        // SAFETY: `b` points to `n` writable bytes and `f` is a NUL-terminated format holding
        // exactly one conversion, whose C type is the one passed (`format_one` picked the
        // argument's type from the conversion and length). For `%s` the pointer is either our
        // static "(null)" or an address device code of this process passed to printf as a
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
        assert_eq!(fmt("%s", &[0]), "(null)");
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
    fn missing_arguments_print_nothing() {
        assert_eq!(fmt("a=%d b=%d.", &[int(1)]), "a=1 b=.");
        assert_eq!(fmt("[%*d]", &[5]), "[]");
        assert_eq!(fmt("%s", &[]), "");
    }

    #[test]
    fn percent_n_is_rejected() {
        let mut target = 0i32;
        let addr = &mut target as *mut i32 as u64;
        assert_eq!(fmt("ab%ncd%d", &[addr, int(7)]), "abcd7");
        assert_eq!(target, 0);
    }

    #[test]
    fn unknown_or_unfinished_specs_are_copied() {
        assert_eq!(fmt("50%", &[]), "50%");
        assert_eq!(fmt("%y and more", &[int(1)]), "%y and more");
        assert_eq!(fmt("%5.2", &[int(1)]), "%5.2");
        assert_eq!(fmt("%q%d", &[int(4)]), "%q4");
    }
}
