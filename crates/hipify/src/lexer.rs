//! A lexer for C, C++ and CUDA source that keeps every byte.
//!
//! The token stream covers the input exactly: concatenating the text of all tokens gives the source back.
//! Whitespace, line splices (backslash-newline) and comments are tokens too, so a rewrite that replaces
//! some tokens and copies the others preserves the rest of the file byte for byte.
//!
//! What it knows: preprocessor directives (a `#` first on a line starts one, a newline not preceded by a
//! backslash ends it; header names after `#include` are single tokens), `//` comments (continued by a
//! trailing backslash) and `/* */` comments, string and character literals with their prefixes (`L`, `u`,
//! `U`, `u8`), raw strings (`R"delim(...)delim"`), preprocessing numbers (`1e-3f`, `0x1p3`, `1'000'000`),
//! identifiers and punctuators. `<` and `>` are always single-character tokens, so `<<<`/`>>>` are three
//! adjacent tokens and `>>` closing two template argument lists survives untouched; [`crate::translate`]
//! recognises the launch syntax from the structure around it.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// Spaces, tabs, form feeds, vertical tabs, and line splices (backslash-newline).
    Whitespace,
    /// One line end (`\n` or `\r\n`).
    Newline,
    /// `// ...` up to (not including) the line end.
    LineComment,
    /// `/* ... */`.
    BlockComment,
    Ident,
    Number,
    /// A string literal, with any prefix; `raw` literals included.
    String,
    /// A character literal, with any prefix.
    Char,
    /// `<...>` or `"..."` after `#include`, `#include_next` or `#import`.
    HeaderName,
    /// `::`, or any other single punctuation character.
    Punct,
    /// The `#` that starts a preprocessor directive.
    Hash,
    /// A byte that starts no token (stray `\`, `@`, a control character...).
    Other,
}

/// One token: its kind and byte range in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
    /// Inside a preprocessor directive line (the `#` itself included).
    pub directive: bool,
    /// For strings: a plain narrow literal (no prefix, not raw) — the only kind hipify-clang rewrites.
    pub plain: bool,
}

impl Token {
    /// The token's text in `src`.
    pub fn text<'a>(&self, src: &'a str) -> &'a str {
        &src[self.start as usize..self.end as usize]
    }

    /// Whether the token carries meaning (not whitespace, a line end or a comment).
    pub fn is_significant(&self) -> bool {
        !matches!(
            self.kind,
            TokenKind::Whitespace
                | TokenKind::Newline
                | TokenKind::LineComment
                | TokenKind::BlockComment
        )
    }
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// Splits `src` into tokens covering every byte.
pub fn lex(src: &str) -> Vec<Token> {
    Lexer::new(src).run()
}

struct Lexer<'a> {
    s: &'a [u8],
    src: &'a str,
    pos: usize,
    out: Vec<Token>,
    /// Only whitespace and comments seen since the last line end.
    at_line_start: bool,
    in_directive: bool,
    /// Significant tokens seen in the current directive (`#` is the first).
    directive_tokens: u32,
    /// The directive is `#include`-like: the next `<` or `"` starts a header name.
    expect_header: bool,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Self {
        Lexer {
            s: src.as_bytes(),
            src,
            pos: 0,
            out: Vec::with_capacity(src.len() / 3),
            at_line_start: true,
            in_directive: false,
            directive_tokens: 0,
            expect_header: false,
        }
    }

    fn peek(&self, off: usize) -> u8 {
        self.s.get(self.pos + off).copied().unwrap_or(0)
    }

    fn push(&mut self, kind: TokenKind, start: usize, plain: bool) {
        // Never split a UTF-8 sequence: extend to the next char boundary.
        let mut end = self.pos.max(start + 1).min(self.s.len());
        while end < self.s.len() && !self.src.is_char_boundary(end) {
            end += 1;
        }
        self.pos = end;
        self.out.push(Token {
            kind,
            start: start as u32,
            end: end as u32,
            directive: self.in_directive,
            plain,
        });
    }

    fn run(mut self) -> Vec<Token> {
        while self.pos < self.s.len() {
            self.next_token();
        }
        self.out
    }

    /// Length of a line splice (backslash, optional spaces? no: backslash then newline) at `pos`.
    fn splice_len(&self, at: usize) -> usize {
        if self.s.get(at) == Some(&b'\\') {
            match self.s.get(at + 1) {
                Some(b'\n') => return 2,
                Some(b'\r') if self.s.get(at + 2) == Some(&b'\n') => return 3,
                _ => {}
            }
        }
        0
    }

    fn next_token(&mut self) {
        let start = self.pos;
        let b = self.s[start];
        match b {
            b'\n' => {
                self.pos += 1;
                self.push(TokenKind::Newline, start, false);
                self.end_line();
            }
            b'\r' if self.peek(1) == b'\n' => {
                self.pos += 2;
                self.push(TokenKind::Newline, start, false);
                self.end_line();
            }
            b' ' | b'\t' | b'\x0b' | b'\x0c' | b'\r' => {
                while self.pos < self.s.len() {
                    match self.s[self.pos] {
                        b' ' | b'\t' | b'\x0b' | b'\x0c' => self.pos += 1,
                        b'\r' if self.peek(1) != b'\n' => self.pos += 1,
                        _ => break,
                    }
                }
                self.push(TokenKind::Whitespace, start, false);
            }
            b'\\' if self.splice_len(start) > 0 => {
                self.pos += self.splice_len(start);
                self.push(TokenKind::Whitespace, start, false);
            }
            b'/' if self.peek(1) == b'/' => {
                self.pos += 2;
                while self.pos < self.s.len() {
                    let c = self.s[self.pos];
                    if c == b'\n' || (c == b'\r' && self.peek(1) == b'\n') {
                        break;
                    }
                    let sp = self.splice_len(self.pos);
                    self.pos += if sp > 0 { sp } else { 1 };
                }
                self.push(TokenKind::LineComment, start, false);
            }
            b'/' if self.peek(1) == b'*' => {
                self.pos += 2;
                match find(self.s, self.pos, b"*/") {
                    Some(i) => self.pos = i + 2,
                    None => self.pos = self.s.len(),
                }
                self.push(TokenKind::BlockComment, start, false);
            }
            b'#' if self.at_line_start && !self.in_directive => {
                self.pos += 1;
                self.in_directive = true;
                self.directive_tokens = 0;
                self.expect_header = false;
                self.push(TokenKind::Hash, start, false);
                self.significant();
            }
            b'<' if self.expect_header => {
                self.expect_header = false;
                self.pos += 1;
                while self.pos < self.s.len() && !matches!(self.s[self.pos], b'>' | b'\n') {
                    self.pos += 1;
                }
                if self.peek(0) == b'>' {
                    self.pos += 1;
                }
                self.push(TokenKind::HeaderName, start, false);
                self.significant();
            }
            b'"' => {
                let header = self.expect_header;
                self.expect_header = false;
                self.pos += 1;
                self.quoted(b'"');
                let kind = if header {
                    TokenKind::HeaderName
                } else {
                    TokenKind::String
                };
                self.push(kind, start, !header);
                self.significant();
            }
            b'\'' => {
                self.pos += 1;
                self.quoted(b'\'');
                self.push(TokenKind::Char, start, false);
                self.significant();
            }
            b'0'..=b'9' => {
                self.number();
                self.push(TokenKind::Number, start, false);
                self.significant();
            }
            b'.' if self.peek(1).is_ascii_digit() => {
                self.number();
                self.push(TokenKind::Number, start, false);
                self.significant();
            }
            _ if is_ident_start(b) => {
                self.pos += 1;
                while self.pos < self.s.len() && is_ident_continue(self.s[self.pos]) {
                    self.pos += 1;
                }
                let word = &self.s[start..self.pos];
                let next = self.peek(0);
                if next == b'"' && matches!(word, b"R" | b"LR" | b"uR" | b"UR" | b"u8R") {
                    self.raw_string();
                    self.push(TokenKind::String, start, false);
                } else if next == b'"' && matches!(word, b"L" | b"u" | b"U" | b"u8") {
                    self.pos += 1;
                    self.quoted(b'"');
                    self.push(TokenKind::String, start, false);
                } else if next == b'\'' && matches!(word, b"L" | b"u" | b"U" | b"u8") {
                    self.pos += 1;
                    self.quoted(b'\'');
                    self.push(TokenKind::Char, start, false);
                } else {
                    if self.in_directive && self.directive_tokens == 1 {
                        self.expect_header =
                            matches!(word, b"include" | b"include_next" | b"import");
                    }
                    self.push(TokenKind::Ident, start, false);
                }
                self.significant();
            }
            b':' if self.peek(1) == b':' => {
                self.pos += 2;
                self.push(TokenKind::Punct, start, false);
                self.significant();
            }
            _ if b.is_ascii_punctuation() => {
                self.pos += 1;
                self.push(TokenKind::Punct, start, false);
                self.significant();
            }
            _ => {
                self.pos += 1;
                self.push(TokenKind::Other, start, false);
                self.significant();
            }
        }
    }

    fn significant(&mut self) {
        self.at_line_start = false;
        if self.in_directive {
            self.directive_tokens += 1;
        }
    }

    fn end_line(&mut self) {
        self.at_line_start = true;
        self.in_directive = false;
        self.expect_header = false;
    }

    /// Consumes the body of a quoted literal (opening quote already consumed) up to the closing quote, or up
    /// to an unescaped line end for an unterminated one.
    fn quoted(&mut self, q: u8) {
        while self.pos < self.s.len() {
            let c = self.s[self.pos];
            if c == q {
                self.pos += 1;
                return;
            }
            if c == b'\\' {
                let sp = self.splice_len(self.pos);
                self.pos += if sp > 0 { sp } else { 2 };
                continue;
            }
            if c == b'\n' || (c == b'\r' && self.peek(1) == b'\n') {
                return;
            }
            self.pos += 1;
        }
        self.pos = self.pos.min(self.s.len());
    }

    /// `R"delim( ... )delim"`, with `pos` at the opening quote.
    fn raw_string(&mut self) {
        let open = self.pos + 1;
        let mut i = open;
        while i < self.s.len() && i - open <= 16 && !matches!(self.s[i], b'(' | b'"' | b' ' | b'\n')
        {
            i += 1;
        }
        if self.s.get(i) != Some(&b'(') {
            // Not a valid raw string: lex as an ordinary string.
            self.pos += 1;
            self.quoted(b'"');
            return;
        }
        let mut close = Vec::with_capacity(i - open + 2);
        close.push(b')');
        close.extend_from_slice(&self.s[open..i]);
        close.push(b'"');
        self.pos = match find(self.s, i + 1, &close) {
            Some(j) => j + close.len(),
            None => self.s.len(),
        };
    }

    /// A preprocessing number: digits, letters, `_`, `.`, exponent signs, digit separators.
    fn number(&mut self) {
        self.pos += 1;
        while self.pos < self.s.len() {
            let c = self.s[self.pos];
            let sign = matches!(c, b'+' | b'-')
                && matches!(self.s[self.pos - 1], b'e' | b'E' | b'p' | b'P');
            if sign || c.is_ascii_alphanumeric() || c == b'_' || c == b'.' {
                self.pos += 1;
            } else if c == b'\'' && is_ident_continue(self.peek(1)) {
                self.pos += 2;
            } else {
                break;
            }
        }
    }
}

fn find(hay: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    if from >= hay.len() || needle.is_empty() {
        return None;
    }
    let first = needle[0];
    let mut i = from;
    while i + needle.len() <= hay.len() {
        match hay[i..].iter().position(|&b| b == first) {
            Some(off) => {
                i += off;
                if i + needle.len() <= hay.len() && &hay[i..i + needle.len()] == needle {
                    return Some(i);
                }
                i += 1;
            }
            None => return None,
        }
    }
    None
}

/// Byte offsets of line starts, for turning offsets into 1-based line and column numbers.
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(src: &str) -> LineIndex {
        let mut starts = vec![0u32];
        for (i, b) in src.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i as u32 + 1);
            }
        }
        LineIndex { starts }
    }

    /// 1-based line and (byte) column of `offset`.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line as u32 + 1, offset - self.starts[line] + 1)
    }

    /// 1-based line of `offset`.
    pub fn line(&self, offset: u32) -> u32 {
        self.line_col(offset).0
    }
}

/// The header names of the `#include` directives of `src`, in order, each with whether it is quoted
/// (`"..."`) rather than angled; comments and strings are not mistaken for directives. These are the
/// headers a translated file may need translated too.
pub fn includes(src: &str) -> Vec<(&str, bool)> {
    let toks = lex(src);
    toks.iter()
        .filter(|t| t.kind == TokenKind::HeaderName && t.directive)
        .filter_map(|t| {
            let text = t.text(src);
            if let Some(q) = text.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
                Some((q, true))
            } else {
                let a = text.strip_prefix('<').and_then(|r| r.strip_suffix('>'))?;
                Some((a, false))
            }
        })
        .collect()
}

/// The names in `#include "..."` directives of `src`, in order.
pub fn quoted_includes(src: &str) -> Vec<&str> {
    includes(src)
        .into_iter()
        .filter_map(|(name, quoted)| quoted.then_some(name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokenKind, &str)> {
        lex(src)
            .into_iter()
            .filter(|t| t.is_significant())
            .map(|t| (t.kind, t.text(src)))
            .collect()
    }

    #[test]
    fn quoted_includes_skip_comments_strings_and_system_headers() {
        let src = "#include \"a.cuh\"\n// #include \"b.h\"\n#include <c.h>\nconst char *s = \"#include \\\"d.h\\\"\";\n  #  include \"sub/e.h\" // x\n";
        assert_eq!(quoted_includes(src), vec!["a.cuh", "sub/e.h"]);
        assert_eq!(
            includes(src),
            vec![("a.cuh", true), ("c.h", false), ("sub/e.h", true)]
        );
    }

    #[test]
    fn tokens_cover_every_byte() {
        let src = "a /* c */ b // d \\\n e\n#define X \\\n  1\r\n\"s\\\"\" 'c' R\"x(raw)\")x\" é 1'000 @\\";
        let toks = lex(src);
        let mut pos = 0;
        for t in &toks {
            assert_eq!(t.start as usize, pos);
            pos = t.end as usize;
        }
        assert_eq!(pos, src.len());
    }

    #[test]
    fn literals_and_numbers() {
        use TokenKind::*;
        assert_eq!(
            kinds(r#"u8"x" L'y' LR"d(a)"b)d" 1e-3f 0x1p+3 .5 1'000'000 x.y"#),
            vec![
                (String, r#"u8"x""#),
                (Char, "L'y'"),
                (String, r#"LR"d(a)"b)d""#),
                (Number, "1e-3f"),
                (Number, "0x1p+3"),
                (Number, ".5"),
                (Number, "1'000'000"),
                (Ident, "x"),
                (Punct, "."),
                (Ident, "y"),
            ]
        );
    }

    #[test]
    fn directives_and_header_names() {
        use TokenKind::*;
        let src =
            "#include <cuda_runtime.h>\n  # include \"a b.h\"\nx < y > z\n#define A(x) \\\n  x\nb";
        let toks = lex(src);
        let sig: Vec<_> = toks
            .iter()
            .filter(|t| t.is_significant())
            .map(|t| (t.kind, t.text(src), t.directive))
            .collect();
        assert_eq!(sig[0], (Hash, "#", true));
        assert_eq!(sig[2], (HeaderName, "<cuda_runtime.h>", true));
        assert_eq!(sig[5], (HeaderName, "\"a b.h\"", true));
        assert_eq!(sig[7], (Punct, "<", false));
        assert!(sig.iter().any(|s| s.1 == "x" && s.2));
        assert_eq!(*sig.last().unwrap(), (Ident, "b", false));
    }

    #[test]
    fn line_comment_continues_after_backslash() {
        let src = "// a \\\n b\nc";
        let k: Vec<_> = lex(src)
            .into_iter()
            .filter(|t| t.kind != TokenKind::Newline)
            .map(|t| (t.kind, t.text(src)))
            .collect();
        assert_eq!(
            k,
            vec![
                (TokenKind::LineComment, "// a \\\n b"),
                (TokenKind::Ident, "c")
            ]
        );
    }

    #[test]
    fn line_index() {
        let li = LineIndex::new("ab\ncd\n");
        assert_eq!(li.line_col(0), (1, 1));
        assert_eq!(li.line_col(4), (2, 2));
        assert_eq!(li.line_col(6), (3, 1));
    }
}
