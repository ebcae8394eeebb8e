//! The translation of one source file: CUDA names to HIP names, CUDA includes to HIP includes, and (with
//! `--hip-kernel-execution-syntax`) `k<<<g, b, s, st>>>(args)` to `hipLaunchKernelGGL(...)`.
//!
//! Only identifiers in code (directive lines included, so macro bodies are translated), header names of
//! `#include`s and, as hipify-clang does, the runs of plain string literals from a `cu` to the next space
//! that are exactly a CUDA name are rewritten. Comments and every other byte are copied as they are.

use crate::args::{ArgRules, Mode, Op};
use crate::lexer::{lex, LineIndex, Token, TokenKind};
use crate::pp::Macros;
use crate::stats::FileStats;
use crate::tables::{conv_index, Api, Entry, Family, Tables};
use std::collections::HashSet;
use std::time::Instant;

/// How to translate.
#[derive(Debug, Clone)]
pub struct Options {
    /// Rewrite `<<<...>>>` launches as `hipLaunchKernelGGL` calls (hipify-clang's
    /// `--hip-kernel-execution-syntax`; by default the launch syntax, which HIP supports, is kept).
    pub hip_kernel_execution_syntax: bool,
    /// Use ROC library names (rocBLAS, rocSPARSE, ...) where a family has them; implies `miopen`.
    pub roc: bool,
    /// Use MIOpen names for cuDNN.
    pub miopen: bool,
    /// Translate names HIP supports only experimentally (otherwise: a warning, left as they are).
    pub experimental: bool,
    /// Leave code in excluded conditional blocks (`#if 0`, `#ifdef UNDEFINED`) untranslated.
    pub skip_excluded_blocks: bool,
    /// Translate as much as possible: overrides `skip_excluded_blocks`.
    pub amap: bool,
    /// Macros for evaluating conditions: predefined ones plus `-D`/`-U`.
    pub macros: Macros,
    /// Insert `#include <hip/hip_runtime.h>` into a CUDA file that does not include a CUDA main header
    /// (hipify-clang does; hipcc, which force-includes the runtime header, turns it off).
    pub insert_runtime_header: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hip_kernel_execution_syntax: false,
            roc: false,
            miopen: false,
            experimental: false,
            skip_excluded_blocks: false,
            amap: false,
            macros: Macros::predefined(),
            insert_runtime_header: true,
        }
    }
}

/// A warning about the input, at a 1-based line and byte column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub offset: u32,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl Diagnostic {
    /// `file:line:col: warning: message`, the compiler's format.
    pub fn render(&self, file: &str) -> String {
        format!(
            "{file}:{}:{}: warning: {}",
            self.line, self.col, self.message
        )
    }
}

/// What translating one file gave.
#[derive(Debug, Clone)]
pub struct Translation {
    pub output: String,
    pub diagnostics: Vec<Diagnostic>,
    pub stats: FileStats,
}

impl Translation {
    pub fn changed(&self, src: &str) -> bool {
        self.output != src
    }
}

struct Edit {
    start: u32,
    end: u32,
    text: String,
}

/// An include directive: the `#` token and the header-name token.
struct Include {
    hash: usize,
    header: usize,
    active: bool,
    /// The conditional branches the directive is in, outermost first.
    branch: Vec<u32>,
}

const RUNTIME_HEADER: &str = "hip/hip_runtime.h";
const LAUNCH_COUNTER: &str = "cudaLaunchKernel";

/// Translates `src` (named `name` in statistics).
pub fn translate(name: &str, src: &str, tables: &Tables, opts: &Options) -> Translation {
    let started = Instant::now();
    let mut t = Translator::new(name, src, tables, opts);
    t.run();
    let mut out = t.finish();
    out.stats.elapsed = started.elapsed();
    out
}

struct Translator<'a> {
    src: &'a str,
    tables: &'a Tables,
    opts: &'a Options,
    toks: Vec<Token>,
    /// Indices of significant tokens.
    sig: Vec<u32>,
    /// For each token: its position in `sig`, or `u32::MAX`.
    sig_pos: Vec<u32>,
    /// For each token: not in an excluded conditional block (always true unless skipping).
    active: Vec<bool>,
    includes: Vec<Include>,
    pragma_once_end: Option<u32>,
    guard_end: Option<u32>,
    first_include: Option<u32>,
    blas_v2_included: bool,
    edits: Vec<Edit>,
    diags: Vec<Diagnostic>,
    stats: FileStats,
    /// The file uses CUDA: a CUDA name, include, keyword or launch.
    is_cuda: bool,
    runtime_included: bool,
    template_kernels: HashSet<&'a str>,
}

fn is_cuda_keyword(s: &str) -> bool {
    matches!(
        s,
        "__global__"
            | "__device__"
            | "__host__"
            | "__shared__"
            | "__constant__"
            | "__managed__"
            | "__launch_bounds__"
            | "threadIdx"
            | "blockIdx"
            | "blockDim"
            | "gridDim"
    )
}

impl<'a> Translator<'a> {
    fn new(name: &str, src: &'a str, tables: &'a Tables, opts: &'a Options) -> Self {
        let toks = lex(src);
        let mut sig = Vec::with_capacity(toks.len() / 2);
        let mut sig_pos = vec![u32::MAX; toks.len()];
        for (i, t) in toks.iter().enumerate() {
            if t.is_significant() {
                sig_pos[i] = sig.len() as u32;
                sig.push(i as u32);
            }
        }
        let n = toks.len();
        Translator {
            src,
            tables,
            opts,
            toks,
            sig,
            sig_pos,
            active: vec![true; n],
            includes: Vec::new(),
            pragma_once_end: None,
            guard_end: None,
            first_include: None,
            blas_v2_included: false,
            edits: Vec::new(),
            diags: Vec::new(),
            stats: FileStats::new(name, src),
            is_cuda: false,
            runtime_included: false,
            template_kernels: HashSet::new(),
        }
    }

    fn text(&self, i: usize) -> &'a str {
        let t = &self.toks[i];
        &self.src[t.start as usize..t.end as usize]
    }

    /// The significant token `k` (an index into `sig`).
    fn s(&self, k: usize) -> Option<&Token> {
        self.sig.get(k).map(|&i| &self.toks[i as usize])
    }

    fn s_text(&self, k: usize) -> &'a str {
        match self.sig.get(k) {
            Some(&i) => self.text(i as usize),
            None => "",
        }
    }

    fn s_is(&self, k: usize, p: &str) -> bool {
        self.s(k)
            .is_some_and(|t| t.kind == TokenKind::Punct && self.s_text(k) == p)
    }

    fn warn(&mut self, offset: u32, message: String) {
        self.diags.push(Diagnostic {
            offset,
            line: 0,
            col: 0,
            message,
        });
    }

    fn run(&mut self) {
        self.directives();
        self.find_template_kernels();
        self.process_includes();
        self.tokens();
        self.argument_rules();
        if self.opts.hip_kernel_execution_syntax {
            self.launches();
        } else if !self.is_cuda {
            self.is_cuda = self.find_launch_marker();
        }
        self.runtime_header();
    }

    fn skipping(&self) -> bool {
        self.opts.skip_excluded_blocks && !self.opts.amap
    }

    /// Walks the preprocessor directives: includes, `#pragma once`, the include guard and (when skipping
    /// excluded blocks) which tokens are in excluded conditional blocks.
    fn directives(&mut self) {
        struct Frame {
            parent: bool,
            taken: bool,
            active: bool,
            id: u32,
        }
        let skipping = self.skipping();
        let mut macros = if skipping {
            Some(self.opts.macros.clone())
        } else {
            None
        };
        let mut stack: Vec<Frame> = Vec::new();
        let mut next_branch = 0u32;
        let mut directive_count = 0usize;
        // The include guard candidate: the name of a first `#ifndef X` with no code before it.
        let mut guard: Option<(&str, u32)> = None;
        let mut guard_confirmed = false;
        let mut code_seen = false;
        let mut last_directive_is_endif_of_guard = false;
        let mut i = 0;
        let n = self.toks.len();
        while i < n {
            let tok = self.toks[i];
            let cur = stack.last().is_none_or(|f| f.active);
            if tok.kind != TokenKind::Hash {
                if skipping {
                    self.active[i] = cur;
                }
                if tok.is_significant() {
                    code_seen = true;
                    last_directive_is_endif_of_guard = false;
                }
                i += 1;
                continue;
            }
            // The directive's tokens: i..j.
            let mut j = i + 1;
            while j < n && self.toks[j].directive {
                j += 1;
                if self.toks[j - 1].kind == TokenKind::Newline {
                    break;
                }
            }
            let words: Vec<usize> = (i + 1..j)
                .filter(|&k| self.toks[k].is_significant())
                .collect();
            let name = words.first().map_or("", |&k| self.text(k));
            let rest_start = words.first().map_or(tok.end, |&k| self.toks[k].end) as usize;
            let rest_end = self.toks[j - 1].end as usize;
            let rest = &self.src[rest_start..rest_end.max(rest_start)];
            directive_count += 1;
            last_directive_is_endif_of_guard = false;
            // Activity of the directive's own tokens.
            let line_active = match name {
                "elif" | "else" | "endif" => stack.last().is_none_or(|f| f.parent),
                _ => cur,
            };
            match name {
                "if" | "ifdef" | "ifndef" => {
                    let cond = match (&macros, name) {
                        (Some(m), "if") => m.eval(rest),
                        (Some(m), "ifdef") => m.is_defined(rest.trim()),
                        (Some(m), _) => !m.is_defined(rest.trim()),
                        (None, _) => true,
                    };
                    let active = cur && cond;
                    next_branch += 1;
                    stack.push(Frame {
                        parent: cur,
                        taken: active,
                        active,
                        id: next_branch,
                    });
                    if name == "ifndef" && directive_count == 1 && !code_seen {
                        if let Some(&k) = words.get(1) {
                            guard = Some((self.text(k), self.toks[k].end));
                        }
                    }
                }
                "elif" | "elifdef" | "elifndef" => {
                    next_branch += 1;
                    if let Some(f) = stack.last_mut() {
                        f.id = next_branch;
                        if f.taken || !f.parent {
                            f.active = false;
                        } else {
                            let cond = match (&macros, name) {
                                (Some(m), "elif") => m.eval(rest),
                                (Some(m), "elifdef") => m.is_defined(rest.trim()),
                                (Some(m), _) => !m.is_defined(rest.trim()),
                                (None, _) => true,
                            };
                            f.active = cond;
                            f.taken |= cond;
                        }
                    }
                }
                "else" => {
                    next_branch += 1;
                    if let Some(f) = stack.last_mut() {
                        f.id = next_branch;
                        f.active = f.parent && !f.taken;
                        f.taken = true;
                    }
                }
                "endif" => {
                    stack.pop();
                    if stack.is_empty() && guard_confirmed {
                        last_directive_is_endif_of_guard = true;
                    }
                }
                "define" | "undef" if cur => {
                    if directive_count == 2 && guard.is_some() && name == "define" {
                        let defined = words.get(1).map(|&k| self.text(k));
                        guard_confirmed = defined == guard.map(|g| g.0);
                        if guard_confirmed {
                            // The runtime header goes after the guard's `#define` line.
                            let last = (i..j).rev().find(|&k| {
                                !matches!(
                                    self.toks[k].kind,
                                    TokenKind::Newline
                                        | TokenKind::Whitespace
                                        | TokenKind::LineComment
                                        | TokenKind::BlockComment
                                )
                            });
                            if let (Some(g), Some(k)) = (guard.as_mut(), last) {
                                g.1 = self.toks[k].end;
                            }
                        }
                    }
                    if let Some(m) = macros.as_mut() {
                        if name == "define" {
                            m.define_directive(rest);
                        } else {
                            m.undef(rest.trim());
                        }
                    }
                }
                "pragma" if cur => {
                    if let Some(&k) = words.get(1) {
                        if self.text(k) == "once" && self.pragma_once_end.is_none() {
                            self.pragma_once_end = Some(self.toks[k].end);
                        }
                    }
                }
                "include" | "include_next" | "import" => {
                    if let Some(&h) = words.get(1) {
                        if self.toks[h].kind == TokenKind::HeaderName {
                            if self.first_include.is_none() && (cur || !skipping) {
                                self.first_include = Some(tok.start);
                            }
                            let branch = stack.iter().map(|f| f.id).collect();
                            self.includes.push(Include {
                                hash: i,
                                header: h,
                                active: cur,
                                branch,
                            });
                        }
                    }
                }
                _ => {}
            }
            if skipping {
                for a in &mut self.active[i..j] {
                    *a = line_active;
                }
            }
            i = j;
        }
        if guard_confirmed && last_directive_is_endif_of_guard {
            self.guard_end = guard.map(|g| g.1);
        }
    }

    /// Kernels declared as templates in this file: their launches need `HIP_KERNEL_NAME(...)` even when
    /// the template arguments are deduced.
    fn find_template_kernels(&mut self) {
        for k in 0..self.sig.len() {
            if self.s_text(k) != "__global__" {
                continue;
            }
            let mut templated = false;
            let mut m = k;
            while m > 0 && k - m < 128 {
                m -= 1;
                let t = self.s_text(m);
                if matches!(t, ";" | "{" | "}") || self.s(m).is_some_and(|t| t.directive) {
                    break;
                }
                if t == "template" {
                    templated = true;
                    break;
                }
            }
            if !templated {
                continue;
            }
            // The name: the identifier before the first `(` that is not `__launch_bounds__(...)`.
            let mut q = k + 1;
            while q < self.sig.len() && q - k < 64 {
                if self.s_is(q, "(") {
                    if self.s_text(q - 1) == "__launch_bounds__" {
                        q = self.matching(q, "(", ")").unwrap_or(q) + 1;
                        continue;
                    }
                    if self.s(q - 1).is_some_and(|t| t.kind == TokenKind::Ident) {
                        self.template_kernels.insert(self.s_text(q - 1));
                    }
                    break;
                }
                if self.s_is(q, ";") || self.s_is(q, "{") {
                    break;
                }
                q += 1;
            }
        }
    }

    /// The `sig` index of the bracket closing the one at `k`.
    fn matching(&self, k: usize, open: &str, close: &str) -> Option<usize> {
        let mut depth = 0i32;
        let mut q = k;
        while q < self.sig.len() {
            if self.s_is(q, open) {
                depth += 1;
            } else if self.s_is(q, close) {
                depth -= 1;
                if depth == 0 {
                    return Some(q);
                }
            }
            q += 1;
        }
        None
    }

    fn use_roc(&self, fam: &Family) -> bool {
        if fam.miopen {
            self.opts.miopen || self.opts.roc
        } else {
            self.opts.roc && fam.roc_target.is_some()
        }
    }

    fn process_includes(&mut self) {
        let skipping = self.skipping();
        let includes = std::mem::take(&mut self.includes);
        // Includes already in the file, or written by this translation: (header, branch).
        let mut present: Vec<(String, Vec<u32>)> = Vec::new();
        for inc in &includes {
            let h = &self.toks[inc.header];
            let raw = self.text(inc.header);
            let angled = raw.starts_with('<');
            let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or("").trim();
            if skipping && !inc.active {
                continue;
            }
            let Some(hdr) = self.tables.header(inner) else {
                if inner == RUNTIME_HEADER {
                    self.runtime_included = true;
                }
                present.push((inner.to_string(), inc.branch.clone()));
                continue;
            };
            self.is_cuda = true;
            let group_roc = self
                .tables
                .family_by_id(&hdr.group)
                .map(|(_, f)| self.use_roc(f))
                .unwrap_or(false);
            let label = if group_roc {
                self.tables
                    .family_by_id(&hdr.group)
                    .and_then(|(_, f)| f.roc_target.clone())
                    .unwrap_or_else(|| "ROC".into())
            } else {
                "HIP".to_string()
            };
            let conv = if hdr.main {
                "include_cuda_main_header"
            } else if hdr.main_v2 {
                "include_cuda_main_header_v2"
            } else {
                "include"
            };
            let conv = conv_index(conv).unwrap_or(0);
            if hdr.cuda == "cublas_v2.h" {
                self.blas_v2_included = true;
            }
            if hdr.unsupported {
                self.stats.unconverted.add_ref(inner, conv, hdr.api);
                self.warn(
                    h.start,
                    format!("'{inner}' is unsupported header in '{label}'."),
                );
                continue;
            }
            self.stats.converted.add_ref(inner, conv, hdr.api);
            let target = if group_roc {
                hdr.roc.clone().or_else(|| hdr.hip.clone())
            } else {
                hdr.hip.clone()
            };
            let duplicate = target.as_ref().is_some_and(|t| {
                present
                    .iter()
                    .any(|(p, b)| p == t && inc.branch.starts_with(b))
            });
            match target {
                Some(t) if !duplicate => {
                    if t == RUNTIME_HEADER {
                        self.runtime_included = true;
                    }
                    let text = if angled {
                        format!("<{t}>")
                    } else {
                        format!("\"{t}\"")
                    };
                    self.edit(h.start, h.end, text);
                    present.push((t, inc.branch.clone()));
                }
                _ => {
                    // Removed (no HIP header, or one already included): the directive goes, its line
                    // end stays.
                    let start = self.toks[inc.hash].start;
                    self.edit(start, h.end, String::new());
                }
            }
        }
        self.includes = includes;
    }

    fn edit(&mut self, start: u32, end: u32, text: String) {
        self.edits.push(Edit { start, end, text });
    }

    /// Identifiers and string literals.
    fn tokens(&mut self) {
        let skipping = self.skipping();
        for i in 0..self.toks.len() {
            let tok = self.toks[i];
            match tok.kind {
                TokenKind::Ident => {
                    let name = self.text(i);
                    if !self.is_cuda && is_cuda_keyword(name) {
                        self.is_cuda = true;
                    }
                    if skipping && !self.active[i] {
                        continue;
                    }
                    let tables = self.tables;
                    if let Some(e) = tables.lookup(name) {
                        self.identifier(i, e);
                    }
                }
                TokenKind::String if tok.plain => {
                    if skipping && !self.active[i] {
                        continue;
                    }
                    self.string_literal(i);
                }
                _ => {}
            }
        }
    }

    fn next_sig_is(&self, i: usize, p: &str) -> bool {
        let k = self.sig_pos[i] as usize;
        self.s_is(k + 1, p)
    }

    fn prev_sig_text(&self, i: usize) -> &'a str {
        let k = self.sig_pos[i] as usize;
        if k == 0 {
            ""
        } else {
            self.s_text(k - 1)
        }
    }

    fn identifier(&mut self, i: usize, e: &'a Entry) {
        if e.call_only && !self.next_sig_is(i, "(") {
            return;
        }
        let fam = self.tables.family(e);
        if fam.api == Api::Cub && e.cuda == "cub" {
            // The namespace: `cub::X`, `namespace cub`, `using namespace cub`.
            let qualified = self.next_sig_is(i, "::");
            if !qualified && self.prev_sig_text(i) != "namespace" {
                return;
            }
            if qualified {
                let k = self.sig_pos[i] as usize;
                if let Some(member) = self.s(k + 2).filter(|t| t.kind == TokenKind::Ident) {
                    let full = format!("cub::{}", self.s_text(k + 2));
                    if let Some(m) = self.tables.lookup(&full) {
                        if m.hip.is_none() {
                            let at = member.start;
                            self.stats.unconverted.add_ref(&full, m.conv, Api::Cub);
                            self.warn(at, format!("'{full}' is unsupported in 'HIP'."));
                        }
                    }
                }
            }
        }
        let tok = self.toks[i];
        self.reference(e, tok.start, tok.end);
    }

    /// Counts, warns about and (when it can) rewrites one reference to `e` at `start..end`.
    fn reference(&mut self, e: &Entry, start: u32, end: u32) {
        let fam = self.tables.family(e);
        let roc = self.use_roc(fam);
        let (target, label) = if roc {
            (e.roc.as_deref(), fam.roc_target.as_deref().unwrap_or("ROC"))
        } else {
            (e.hip.as_deref(), fam.target.as_str())
        };
        // Plain C math and vector helpers (`sinf`, `make_float2`...) are the same in HIP and are host
        // functions too: not CUDA references (hipify-clang counts only calls of device-only functions).
        if fam.api == Api::Runtime
            && fam.id == "device"
            && target == Some(e.cuda.as_str())
            && !e.cuda.starts_with("__")
        {
            return;
        }
        self.is_cuda = true;
        let unsupported = target.is_none();
        if unsupported {
            self.stats.unconverted.add_ref(&e.cuda, e.conv, fam.api);
        } else {
            self.stats.converted.add_ref(&e.cuda, e.conv, fam.api);
        }
        if e.is_cuda_deprecated() {
            self.warn(start, format!("'{}' is deprecated in CUDA.", e.cuda));
        }
        let experimental = if roc {
            e.is_roc_experimental()
        } else {
            e.is_hip_experimental()
        };
        if experimental && !self.opts.experimental {
            self.warn(
                start,
                format!(
                    "'{}' is experimental in '{label}'; to hipify it, use the '--experimental' option.",
                    e.cuda
                ),
            );
            return;
        }
        if e.v2_only && fam.api == Api::Blas && !self.blas_v2_included {
            self.warn(
                start,
                format!(
                    "Only '{0}_v2' version of '{0}' is supported in '{label}'; to hipify it, include 'cublas_v2.h' in the source.",
                    e.cuda
                ),
            );
            return;
        }
        let Some(target) = target else {
            self.warn(start, format!("'{}' is unsupported in '{label}'.", e.cuda));
            return;
        };
        if target != e.cuda {
            self.edit(start, end, target.to_string());
        }
    }

    /// The arguments of the call whose `(` is the significant token `open`: each argument's byte range,
    /// and the offset of the closing `)`. None for an unbalanced or unterminated call, or one that runs
    /// out of its directive line.
    fn call_args(&self, open: usize) -> Option<(Vec<(u32, u32)>, u32)> {
        let directive = self.s(open)?.directive;
        let mut args = Vec::new();
        let mut depth = 0i32;
        let mut first: Option<u32> = None;
        let mut last_end = 0u32;
        let mut q = open + 1;
        loop {
            let t = *self.s(q)?;
            if t.directive != directive {
                return None;
            }
            if t.kind == TokenKind::Punct {
                match self.s_text(q) {
                    "(" | "[" | "{" => depth += 1,
                    ")" if depth == 0 => {
                        if let Some(f) = first {
                            args.push((f, last_end));
                        }
                        return Some((args, t.start));
                    }
                    ")" | "]" | "}" => depth -= 1,
                    ";" if depth == 0 => return None,
                    "," if depth == 0 => {
                        args.push((first?, last_end));
                        first = None;
                        q += 1;
                        continue;
                    }
                    _ => {}
                }
            }
            first.get_or_insert(t.start);
            last_end = t.end;
            q += 1;
        }
    }

    /// hipify-clang's argument changes for some calls (`data/arguments.tsv`): applied to calls whose
    /// function is translated in the current mode.
    fn argument_rules(&mut self) {
        let Ok(rules) = ArgRules::builtin() else {
            return;
        };
        self.edits.sort_by_key(|e| (e.start, e.end));
        let skipping = self.skipping();
        let mut added: Vec<Edit> = Vec::new();
        let mut removed: Vec<(u32, u32)> = Vec::new();
        for k in 0..self.sig.len().saturating_sub(1) {
            let Some(&tok) = self.s(k) else { break };
            if tok.kind != TokenKind::Ident || !self.s_is(k + 1, "(") {
                continue;
            }
            let name = self.s_text(k);
            let sets = rules.get(name);
            if sets.is_empty()
                || (skipping && !self.active[self.sig[k] as usize])
                || (k > 0 && (self.s_is(k - 1, ".") || self.s_is(k - 1, ">")))
            {
                continue;
            }
            let Some(e) = self.tables.lookup(name) else {
                continue;
            };
            let roc = self.use_roc(self.tables.family(e));
            let (target, experimental) = if roc {
                (e.roc.as_deref(), e.is_roc_experimental())
            } else {
                (e.hip.as_deref(), e.is_hip_experimental())
            };
            if target.is_none() || (experimental && !self.opts.experimental) {
                continue;
            }
            let mode = if roc { Mode::Roc } else { Mode::Hip };
            let Some(set) = sets.iter().find(|s| s.mode == mode) else {
                continue;
            };
            let Some((args, close)) = self.call_args(k + 1) else {
                continue;
            };
            let n_args = args.len();
            // Where a piece of text goes "before argument `to`", or at the end.
            let insert = |to: usize, text: &str| -> Edit {
                if to < n_args {
                    Edit {
                        start: args[to].0,
                        end: args[to].0,
                        text: format!("{text}, "),
                    }
                } else if n_args == 0 {
                    Edit {
                        start: close,
                        end: close,
                        text: text.to_string(),
                    }
                } else {
                    Edit {
                        start: close,
                        end: close,
                        text: format!(", {text}"),
                    }
                }
            };
            // The range that removes arguments `n..n + c`, with one of the commas around them.
            let cut = |n: usize, c: usize| -> (u32, u32) {
                if n + c < n_args {
                    (args[n].0, args[n + c].0)
                } else if n > 0 {
                    (args[n - 1].1, args[n + c - 1].1)
                } else {
                    (args[n].0, args[n + c - 1].1)
                }
            };
            for op in &set.ops {
                match op {
                    Op::Wrap { n, name: w } if *n < n_args => {
                        let (a, b) = args[*n];
                        added.push(Edit {
                            start: a,
                            end: a,
                            text: format!("{w}("),
                        });
                        added.push(Edit {
                            start: b,
                            end: b,
                            text: ")".into(),
                        });
                    }
                    Op::Remove { n, warn } if *n < n_args => {
                        let (a, b) = cut(*n, 1);
                        added.push(Edit {
                            start: a,
                            end: b,
                            text: String::new(),
                        });
                        removed.push((a, b));
                        if *warn {
                            self.warn(
                                args[*n].0,
                                format!("Possible data loss in {} argument of '{name}'.", n + 1),
                            );
                        }
                    }
                    Op::Add { n, text } => added.push(insert(*n, text)),
                    Op::Replace { n, text } if *n < n_args => {
                        let (a, b) = args[*n];
                        added.push(Edit {
                            start: a,
                            end: b,
                            text: text.clone(),
                        });
                        removed.push((a, b));
                    }
                    Op::Move { n, to, count } if *count > 0 && n + count <= n_args => {
                        let text = self.render(args[*n].0, args[n + count - 1].1, &self.edits);
                        let (a, b) = cut(*n, *count);
                        added.push(insert(*to, &text));
                        added.push(Edit {
                            start: a,
                            end: b,
                            text: String::new(),
                        });
                        removed.push((a, b));
                    }
                    Op::Copy { n, to } if *n < n_args => {
                        let text = self.render(args[*n].0, args[*n].1, &self.edits);
                        added.push(insert(*to, &text));
                    }
                    Op::Overload { arity, name: to } if *arity == n_args => {
                        // The edits are sorted: the name's own rename, if any, is found by bisection.
                        let at = self.edits.partition_point(|e| e.start < tok.start);
                        match self.edits.get_mut(at).filter(|e| e.start == tok.start) {
                            Some(e) => e.text = to.clone(),
                            None => added.push(Edit {
                                start: tok.start,
                                end: tok.end,
                                text: to.clone(),
                            }),
                        }
                    }
                    _ => {}
                }
            }
        }
        if added.is_empty() {
            return;
        }
        // Identifier edits inside removed or replaced arguments go with them.
        removed.sort_unstable();
        self.edits.retain(|e| {
            let i = removed.partition_point(|r| r.0 <= e.start);
            !(i > 0 && e.end <= removed[i - 1].1 && e.start < removed[i - 1].1)
        });
        self.edits.extend(added);
    }

    /// CUDA names in a plain string literal, found as hipify-clang finds them: each run from a `cu` to the
    /// next space that is exactly a CUDA name.
    fn string_literal(&mut self, i: usize) {
        let tok = self.toks[i];
        let raw = self.text(i);
        if raw.len() < 4 {
            return;
        }
        let inner = match raw.strip_suffix('"') {
            Some(r) if !r.is_empty() => &r[1..],
            _ => &raw[1..],
        };
        let base = tok.start + 1;
        let literal = conv_index("literal").unwrap_or(0);
        // hipify-clang's scan: from each "cu" to the next space (searched from 4 bytes on) is a candidate;
        // after one, the scan goes on past that space.
        let mut begin = 0usize;
        while let Some(found) = inner[begin..].find("cu") {
            let w_start = begin + found;
            let end = inner
                .get(w_start + 4..)
                .and_then(|rest| rest.find(' '))
                .map(|p| w_start + 4 + p);
            let word = &inner[w_start..end.unwrap_or(inner.len())];
            if let Some(e) = self.tables.lookup(word).filter(|e| !e.call_only) {
                let fam = self.tables.family(e);
                let target = if self.use_roc(fam) {
                    e.roc.as_deref()
                } else {
                    e.hip.as_deref()
                };
                match target {
                    None => self.stats.unconverted.add_ref(word, literal, Api::Runtime),
                    Some(t) => {
                        self.stats.converted.add_ref(word, literal, Api::Runtime);
                        if t != word {
                            let s = base + w_start as u32;
                            self.edit(s, s + word.len() as u32, t.to_string());
                        }
                    }
                }
            }
            match end {
                Some(e) => begin = e + 1,
                None => break,
            }
        }
    }

    /// Whether the file has `<<<` launch syntax (it then is a CUDA file even without CUDA names).
    fn find_launch_marker(&self) -> bool {
        (1..self.sig.len().saturating_sub(2)).any(|k| self.launch_marker(k))
    }

    /// `<<<` at `k`, not part of a longer run of `<`, after something that can end a kernel name
    /// (an identifier, template arguments, or a parenthesised expression such as `(*f)`).
    fn launch_marker(&self, k: usize) -> bool {
        k > 0
            && self.triple(k, "<")
            && !self.s_is(k - 1, "<")
            && !self.s_is(k + 3, "<")
            && (self.s(k - 1).is_some_and(|t| t.kind == TokenKind::Ident)
                || self.s_is(k - 1, ">")
                || self.s_is(k - 1, ")"))
    }

    /// Three adjacent `c` tokens at `k`.
    fn triple(&self, k: usize, c: &str) -> bool {
        match (self.s(k), self.s(k + 1), self.s(k + 2)) {
            (Some(a), Some(b), Some(d)) => {
                self.s_is(k, c)
                    && self.s_is(k + 1, c)
                    && self.s_is(k + 2, c)
                    && a.end == b.start
                    && b.end == d.start
            }
            _ => false,
        }
    }

    /// Text of `start..end` with the identifier edits inside it applied (edits sorted).
    fn render(&self, start: u32, end: u32, edits: &[Edit]) -> String {
        let mut out = String::with_capacity((end - start) as usize + 16);
        let mut pos = start;
        let first = edits.partition_point(|e| e.start < start);
        for e in &edits[first..] {
            if e.start >= end {
                break;
            }
            if e.end > end || e.start < pos {
                continue;
            }
            out.push_str(&self.src[pos as usize..e.start as usize]);
            out.push_str(&e.text);
            pos = e.end;
        }
        out.push_str(&self.src[pos as usize..end as usize]);
        out
    }

    /// `k<<<...>>>(...)` → `hipLaunchKernelGGL(...)`.
    fn launches(&mut self) {
        self.edits.sort_by_key(|e| (e.start, e.end));
        let mut launches: Vec<(u32, u32, String)> = Vec::new();
        let mut k = 1;
        while k + 2 < self.sig.len() {
            if !self.launch_marker(k) {
                k += 1;
                continue;
            }
            self.is_cuda = true;
            let at = self.s(k).map_or(0, |t| t.start);
            if self.s_text(k - 1) == "operator" {
                k += 3;
                continue;
            }
            if self.skipping() && !self.active[self.sig[k] as usize] {
                k += 3;
                continue;
            }
            match self.launch_at(k) {
                Some((start, end, text, next)) => {
                    if launches.last().is_some_and(|l| l.1 > start) {
                        k = next;
                        continue;
                    }
                    let conv = conv_index("kernel_launch").unwrap_or(0);
                    self.stats
                        .converted
                        .add_ref(LAUNCH_COUNTER, conv, Api::Runtime);
                    launches.push((start, end, text));
                    k = next;
                }
                None => {
                    self.warn(
                        at,
                        "kernel launch '<<<...>>>' not recognised; left as it is".to_string(),
                    );
                    k += 3;
                }
            }
        }
        if launches.is_empty() {
            return;
        }
        // The launches replace the identifier edits inside them (they are rendered into their text).
        let mut li = 0;
        let edits = std::mem::take(&mut self.edits);
        let mut kept = Vec::with_capacity(edits.len());
        for e in edits {
            while li < launches.len() && launches[li].1 <= e.start {
                li += 1;
            }
            let inside =
                li < launches.len() && e.start >= launches[li].0 && e.end <= launches[li].1;
            if !inside {
                kept.push(e);
            }
        }
        for (start, end, text) in launches {
            kept.push(Edit { start, end, text });
        }
        self.edits = kept;
    }

    /// The launch whose `<<<` is at `k`: (start, end, replacement, the `sig` index after it).
    fn launch_at(&self, k: usize) -> Option<(u32, u32, String, usize)> {
        // The callee, backwards from `<<<`.
        let mut j = k - 1;
        let mut explicit_template = false;
        if self.s_is(j, ">") {
            let mut depth = 0i32;
            loop {
                if self.s_is(j, ">") {
                    depth += 1;
                } else if self.s_is(j, "<") {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                } else if self.s_is(j, ";") || self.s_is(j, "{") || self.s_is(j, "}") {
                    return None;
                }
                j = j.checked_sub(1)?;
            }
            j = j.checked_sub(1)?;
            explicit_template = true;
        }
        let callee_start;
        let callee_name;
        if self.s(j)?.kind == TokenKind::Ident {
            callee_name = self.s_text(j);
            let mut c = j;
            while c >= 2
                && self.s_is(c - 1, "::")
                && self.s(c - 2).is_some_and(|t| t.kind == TokenKind::Ident)
            {
                c -= 2;
            }
            if c >= 1 && self.s_is(c - 1, "::") {
                c -= 1;
            }
            callee_start = c;
        } else if self.s_is(j, ")") && !explicit_template {
            let mut depth = 0i32;
            let mut c = j;
            loop {
                if self.s_is(c, ")") {
                    depth += 1;
                } else if self.s_is(c, "(") {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                c = c.checked_sub(1)?;
            }
            callee_start = c;
            callee_name = "";
        } else {
            return None;
        }
        // The configuration, up to `>>>`.
        let mut cfg: Vec<(usize, usize)> = Vec::new();
        let mut depth = 0i32;
        let mut q = k + 3;
        let mut arg_start = q;
        let close = loop {
            let t = self.s(q)?;
            if t.kind == TokenKind::Punct {
                match self.s_text(q) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => {
                        depth -= 1;
                        if depth < 0 {
                            return None;
                        }
                    }
                    ";" if depth == 0 => return None,
                    "," if depth == 0 => {
                        cfg.push((arg_start, q));
                        arg_start = q + 1;
                    }
                    ">" if depth == 0 && self.triple(q, ">") => {
                        cfg.push((arg_start, q));
                        break q;
                    }
                    _ => {}
                }
            }
            q += 1;
        };
        if !(2..=4).contains(&cfg.len()) || cfg.iter().any(|&(a, b)| a >= b) {
            return None;
        }
        let open = close + 3;
        if !self.s_is(open, "(") {
            return None;
        }
        let end = self.matching(open, "(", ")")?;
        let sorted = &self.edits;
        let piece = |a: usize, b: usize| -> String {
            let (Some(ta), Some(tb)) = (self.s(a), self.s(b - 1)) else {
                return String::new();
            };
            self.render(ta.start, tb.end, sorted)
        };
        // The callee with its template arguments: everything up to `<<<`.
        let callee = piece(callee_start, k);
        let templated = explicit_template || self.template_kernels.contains(callee_name);
        let mut out = String::from("hipLaunchKernelGGL(");
        if templated {
            out.push_str("HIP_KERNEL_NAME(");
            out.push_str(&callee);
            out.push(')');
        } else {
            out.push_str(&callee);
        }
        for (n, &(a, b)) in cfg.iter().enumerate() {
            let text = piece(a, b);
            out.push_str(", ");
            if n < 2 && !text.starts_with("dim3(") {
                out.push_str("dim3(");
                out.push_str(&text);
                out.push(')');
            } else {
                out.push_str(&text);
            }
        }
        for _ in cfg.len()..4 {
            out.push_str(", 0");
        }
        if end > open + 1 {
            out.push_str(", ");
            out.push_str(&piece(open + 1, end));
        }
        out.push(')');
        let start = self.s(callee_start)?.start;
        let stop = self.s(end)?.end;
        Some((start, stop, out, end + 1))
    }

    /// hipify-clang's `#include <hip/hip_runtime.h>` for a CUDA file that did not get it from a CUDA
    /// include: after `#pragma once` or the include guard's `#define`, else before the first include, else
    /// at the start.
    fn runtime_header(&mut self) {
        if !self.opts.insert_runtime_header || self.runtime_included || !self.is_cuda {
            return;
        }
        let at = match (self.pragma_once_end, self.guard_end) {
            (Some(p), Some(g)) => p.min(g),
            (Some(p), None) => p,
            (None, Some(g)) => g,
            (None, None) => self.first_include.unwrap_or(0),
        };
        // At a line's start the include is a line of its own; after a directive it starts a new line.
        let line_start = at == 0 || self.src.as_bytes().get(at as usize - 1) == Some(&b'\n');
        let text = if line_start {
            format!("#include <{RUNTIME_HEADER}>\n")
        } else {
            format!("\n#include <{RUNTIME_HEADER}>")
        };
        self.edits.push(Edit {
            start: at,
            end: at,
            text,
        });
    }

    fn finish(mut self) -> Translation {
        let mut edits = std::mem::take(&mut self.edits);
        edits.sort_by_key(|e| (e.start, e.end));
        let li = LineIndex::new(self.src);
        let mut out = String::with_capacity(self.src.len() + self.src.len() / 16);
        let mut pos = 0u32;
        for e in &edits {
            if e.start < pos {
                continue;
            }
            out.push_str(&self.src[pos as usize..e.start as usize]);
            out.push_str(&e.text);
            pos = e.end;
            self.stats.replaced_bytes += u64::from(e.end - e.start);
            self.stats.touched_lines.insert(li.line(e.start));
        }
        out.push_str(&self.src[pos as usize..]);
        let mut diags = std::mem::take(&mut self.diags);
        diags.sort_by_key(|d| d.offset);
        for d in &mut diags {
            let (l, c) = li.line_col(d.offset);
            d.line = l;
            d.col = c;
        }
        Translation {
            output: out,
            diagnostics: diags,
            stats: self.stats,
        }
    }
}
