//! Just enough of a preprocessor to tell which conditional blocks (`#if`, `#ifdef`, `#elif`, `#else`) are
//! excluded, for `--skip-excluded-preprocessor-conditional-blocks`: object-like macros from `-D`/`-U` and
//! from the file's own `#define`/`#undef`, `defined`, and C's integer constant expressions.
//! Function-like macros and `__has_include`-style queries evaluate to 0; unknown identifiers are 0, as in C.

use std::collections::HashMap;

/// Macro definitions: name → replacement text (object-like macros; function-like ones map to `None`).
#[derive(Debug, Clone, Default)]
pub struct Macros {
    defs: HashMap<String, Option<String>>,
}

impl Macros {
    /// The macros hipify-clang's CUDA host compile would see predefined.
    pub fn predefined() -> Macros {
        let mut m = Macros::default();
        for (k, v) in [
            ("__CUDACC__", "1"),
            ("__cplusplus", "201703L"),
            ("__linux__", "1"),
            ("__x86_64__", "1"),
            ("__STDC__", "1"),
        ] {
            m.define(k, Some(v.to_string()));
        }
        m
    }

    pub fn define(&mut self, name: &str, value: Option<String>) {
        self.defs.insert(name.to_string(), value);
    }

    /// A `-D` argument: `NAME`, `NAME=VALUE`.
    pub fn define_arg(&mut self, arg: &str) {
        match arg.split_once('=') {
            Some((k, v)) => self.define(k, Some(v.to_string())),
            None => self.define(arg, Some("1".to_string())),
        }
    }

    pub fn undef(&mut self, name: &str) {
        self.defs.remove(name);
    }

    pub fn is_defined(&self, name: &str) -> bool {
        self.defs.contains_key(name)
    }

    /// A `#define` line's text after `define`: records `NAME value` (or a function-like macro).
    pub fn define_directive(&mut self, rest: &str) {
        let rest = rest.trim_start();
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
            .unwrap_or(rest.len());
        let name = &rest[..end];
        if name.is_empty() {
            return;
        }
        if rest[end..].starts_with('(') {
            self.define(name, None);
        } else {
            self.define(name, Some(rest[end..].trim().to_string()));
        }
    }

    /// Evaluates a `#if`/`#elif` expression; malformed expressions are false.
    pub fn eval(&self, expr: &str) -> bool {
        let toks = tokens(expr);
        let toks = self.expand(&toks, 0);
        let mut p = Parser { t: &toks, i: 0 };
        match p.expr(0) {
            Some(v) if p.i == toks.len() => v != 0,
            _ => false,
        }
    }

    /// Replaces `defined X` by 0/1 and object-like macros by their values (recursively, bounded).
    fn expand(&self, toks: &[Tok], depth: u32) -> Vec<Tok> {
        let mut out = Vec::with_capacity(toks.len());
        let mut i = 0;
        while i < toks.len() {
            match &toks[i] {
                Tok::Ident(id) if id == "defined" => {
                    let (name, next) = match (toks.get(i + 1), toks.get(i + 2), toks.get(i + 3)) {
                        (Some(Tok::Op("(")), Some(Tok::Ident(n)), Some(Tok::Op(")"))) => {
                            (n.as_str(), i + 4)
                        }
                        (Some(Tok::Ident(n)), _, _) => (n.as_str(), i + 2),
                        _ => ("", i + 1),
                    };
                    out.push(Tok::Num(i64::from(self.is_defined(name))));
                    i = next;
                }
                Tok::Ident(id) => {
                    match self.defs.get(id.as_str()) {
                        Some(Some(v)) if depth < 16 => {
                            out.extend(self.expand(&tokens(v), depth + 1));
                        }
                        _ => {
                            // Function-like macros, `__has_include(...)` and friends: 0, arguments skipped.
                            if matches!(toks.get(i + 1), Some(Tok::Op("("))) {
                                let mut d = 0;
                                let mut j = i + 1;
                                while j < toks.len() {
                                    match toks[j] {
                                        Tok::Op("(") => d += 1,
                                        Tok::Op(")") => {
                                            d -= 1;
                                            if d == 0 {
                                                break;
                                            }
                                        }
                                        _ => {}
                                    }
                                    j += 1;
                                }
                                i = j;
                            }
                            out.push(Tok::Num(0));
                        }
                    }
                    i += 1;
                }
                t => {
                    out.push(t.clone());
                    i += 1;
                }
            }
        }
        out
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(i64),
    Ident(String),
    Op(&'static str),
}

const OPS: &[&str] = &[
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "!", "~", "-", "+", "*", "/", "%",
    "<", ">", "&", "^", "|", "?", ":", ",",
];

fn tokens(s: &str) -> Vec<Tok> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() || c == b'\\' {
            i += 1;
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            break;
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i = s[i + 2..].find("*/").map_or(b.len(), |j| i + 2 + j + 2);
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'\'') {
                i += 1;
            }
            out.push(Tok::Num(parse_int(&s[start..i])));
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$') {
                i += 1;
            }
            out.push(Tok::Ident(s[start..i].to_string()));
        } else if c == b'\'' {
            // A character constant: its first character's value.
            let v = b.get(i + 1).copied().unwrap_or(0);
            let v = if v == b'\\' {
                match b.get(i + 2) {
                    Some(b'n') => 10,
                    Some(b't') => 9,
                    Some(b'0') => 0,
                    Some(&o) => o,
                    None => 0,
                }
            } else {
                v
            };
            out.push(Tok::Num(i64::from(v)));
            i = s[i + 1..].find('\'').map_or(b.len(), |j| i + 1 + j + 1);
        } else if let Some(op) = OPS.iter().find(|op| s[i..].starts_with(**op)) {
            out.push(Tok::Op(op));
            i += op.len();
        } else {
            // Something C's #if does not allow: makes the expression malformed.
            out.push(Tok::Op("?bad"));
            i += 1;
        }
    }
    out
}

fn parse_int(s: &str) -> i64 {
    let s: String = s.chars().filter(|&c| c != '\'').collect();
    let s = s.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (b, 2)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    u64::from_str_radix(digits, radix).map_or(0, |v| v as i64)
}

struct Parser<'a> {
    t: &'a [Tok],
    i: usize,
}

fn binding(op: &str) -> Option<u8> {
    Some(match op {
        "?" => 1,
        "||" => 2,
        "&&" => 3,
        "|" => 4,
        "^" => 5,
        "&" => 6,
        "==" | "!=" => 7,
        "<" | ">" | "<=" | ">=" => 8,
        "<<" | ">>" => 9,
        "+" | "-" => 10,
        "*" | "/" | "%" => 11,
        _ => return None,
    })
}

impl Parser<'_> {
    fn expr(&mut self, min: u8) -> Option<i64> {
        let mut lhs = self.unary()?;
        while let Some(Tok::Op(op)) = self.t.get(self.i) {
            let Some(bp) = binding(op) else { break };
            if bp < min.max(1) {
                break;
            }
            let op = *op;
            self.i += 1;
            if op == "?" {
                let a = self.expr(0)?;
                if self.t.get(self.i) != Some(&Tok::Op(":")) {
                    return None;
                }
                self.i += 1;
                let b = self.expr(1)?;
                lhs = if lhs != 0 { a } else { b };
                continue;
            }
            let rhs = self.expr(bp + 1)?;
            lhs = match op {
                "||" => i64::from(lhs != 0 || rhs != 0),
                "&&" => i64::from(lhs != 0 && rhs != 0),
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => i64::from(lhs == rhs),
                "!=" => i64::from(lhs != rhs),
                "<" => i64::from(lhs < rhs),
                ">" => i64::from(lhs > rhs),
                "<=" => i64::from(lhs <= rhs),
                ">=" => i64::from(lhs >= rhs),
                "<<" => lhs.wrapping_shl(rhs as u32),
                ">>" => lhs.wrapping_shr(rhs as u32),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" => lhs.checked_div(rhs).unwrap_or(0),
                "%" => lhs.checked_rem(rhs).unwrap_or(0),
                _ => return None,
            };
        }
        Some(lhs)
    }

    fn unary(&mut self) -> Option<i64> {
        let t = self.t.get(self.i)?.clone();
        self.i += 1;
        match t {
            Tok::Num(v) => Some(v),
            Tok::Ident(_) => Some(0),
            Tok::Op("!") => Some(i64::from(self.unary()? == 0)),
            Tok::Op("~") => Some(!self.unary()?),
            Tok::Op("-") => Some(self.unary()?.wrapping_neg()),
            Tok::Op("+") => self.unary(),
            Tok::Op("(") => {
                let v = self.expr(0)?;
                if self.t.get(self.i) != Some(&Tok::Op(")")) {
                    return None;
                }
                self.i += 1;
                Some(v)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions() {
        let mut m = Macros::predefined();
        m.define_arg("CUDART_VERSION=11020");
        m.define_arg("FOO");
        m.define_directive("BAR (FOO + 1)");
        m.define_directive("F(x) x");
        for (e, want) in [
            ("1", true),
            ("0", false),
            ("defined(FOO) && !defined NOPE", true),
            ("CUDART_VERSION >= 11000", true),
            ("CUDART_VERSION < 0x2b0c", false),
            ("BAR == 2", true),
            ("F(1)", false),
            ("UNKNOWN", false),
            ("1 ? 0 : 1", false),
            ("(2 + 3) * 4 == 20 && 7 % 4 == 3 && (1 << 4) == 16", true),
            ("__cplusplus >= 201103L", true),
            ("1 +", false),
            ("__has_include(<cuda.h>)", false),
            ("'a' == 97", true),
        ] {
            assert_eq!(m.eval(e), want, "{e}");
        }
        m.undef("FOO");
        assert!(!m.eval("defined FOO"));
    }
}
