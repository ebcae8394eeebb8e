//! AMD GPU inline assembly in device code, given its CPU meaning.
//!
//! HIP code written for AMD hardware carries GCN assembly in device functions: ggml's int8 dot product
//! on gfx900 and gfx1010 is `v_mul_i32_i24 ... src0_sel:BYTE_0` (SDWA) and `v_add3_u32`, its f16 one on
//! gfx906 `v_dot2_f32_f16`. The CPU backend would pass that text to the host assembler, which rejects
//! it with an x86 error. So each statement is translated into IR instead, before the intrinsic binding
//! (`amdgcn.rs`), which also binds the `llvm.amdgcn.*` calls some statements become:
//! - operands are the asm's `$N` (its outputs, then its inputs, each a 32-bit register), integer and
//!   float literals;
//! - source modifiers `sext()`, `-`, `|x|`/`abs()`/`neg()`, and the SDWA selects `src0_sel`,
//!   `src1_sel`, `dst_sel`, `dst_unused`, are honoured;
//! - `_e32`/`_e64`/`_sdwa` encodings mean the same operation;
//! - flat and global loads and stores (`flat_load_ubyte $0, $1 glc`, hipCUB's cache-modified
//!   `ThreadLoad`/`ThreadStore`) are volatile accesses, with `offset:` and any cache policy.
//!
//! A statement, operand or modifier outside that set (physical registers, scalar, buffer and LDS
//! memory instructions, DPP, `clamp`, labels) is a compile error that quotes the statement and
//! names the function: never a wrong answer.
use crate::error::CompileError;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::module::Module;
use inkwell::types::{AnyTypeEnum, BasicType, BasicTypeEnum, FloatType, IntType};
use inkwell::values::{
    AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum, FloatValue, InstructionOpcode,
    InstructionValue, IntValue,
};
use inkwell::IntPredicate;
use llvm_sys::core::{
    LLVMGetCalledValue, LLVMGetInlineAsmAsmString, LLVMGetInlineAsmConstraintString,
    LLVMIsAInlineAsm, LLVMReplaceAllUsesWith,
};

/// Translates every inline-asm call of `module`'s functions; gives how many there were.
pub fn run(module: &Module<'_>) -> Result<usize, CompileError> {
    let mut calls = Vec::new();
    let mut f = module.get_first_function();
    while let Some(func) = f {
        f = func.get_next_function();
        for bb in func.get_basic_blocks() {
            let mut i = bb.get_first_instruction();
            while let Some(ins) = i {
                i = ins.get_next_instruction();
                if let Some(asm) = inline_asm(ins) {
                    calls.push((ins, asm));
                }
            }
        }
    }
    let n = calls.len();
    for (call, asm) in calls {
        let function = call
            .get_parent()
            .and_then(|b| b.get_parent())
            .map(|f| f.get_name().to_string_lossy().into_owned())
            .unwrap_or_default();
        let cx = Cx {
            module,
            ctx: module.get_context(),
            b: module.get_context().create_builder(),
        };
        cx.b.position_before(&call);
        let result = cx.translate(call, &asm).map_err(|e| match e {
            Fail::Unsupported(why) => CompileError::Unsupported {
                kernel: function.clone(),
                message: format!(
                    "AMD GPU inline assembly is not supported on the CPU device: {why}, in `asm(\"{}\")`",
                    asm.text.trim().replace('\n', "\\n")
                ),
            },
            Fail::Llvm(e) => CompileError::Codegen(format!("translating inline assembly: {e}")),
        })?;
        if let Some(v) = result {
            // SAFETY: `v` has the call's type and is defined before it in the same block.
            unsafe { LLVMReplaceAllUsesWith(call.as_value_ref(), v.as_value_ref()) };
        }
        call.erase_from_basic_block();
    }
    Ok(n)
}

/// An inline-asm call's text and constraints.
struct Asm {
    text: String,
    constraints: String,
}

fn inline_asm(ins: InstructionValue<'_>) -> Option<Asm> {
    if ins.get_opcode() != InstructionOpcode::Call {
        return None;
    }
    // SAFETY: `ins` is a live call instruction; the strings LLVM gives are owned by the asm value and
    // copied at once, with the lengths it reports.
    unsafe {
        let callee = LLVMGetCalledValue(ins.as_value_ref());
        if callee.is_null() || LLVMIsAInlineAsm(callee).is_null() {
            return None;
        }
        let read = |p: *const std::os::raw::c_char, len: usize| {
            if p.is_null() {
                String::new()
            } else {
                String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len))
                    .into_owned()
            }
        };
        let mut len = 0usize;
        let text = read(LLVMGetInlineAsmAsmString(callee, &mut len), len);
        let mut len = 0usize;
        let constraints = read(LLVMGetInlineAsmConstraintString(callee, &mut len), len);
        Some(Asm { text, constraints })
    }
}

enum Fail {
    Unsupported(String),
    Llvm(BuilderError),
}

impl From<BuilderError> for Fail {
    fn from(e: BuilderError) -> Self {
        Fail::Llvm(e)
    }
}

fn no<T>(why: impl Into<String>) -> Result<T, Fail> {
    Err(Fail::Unsupported(why.into()))
}

/// What one constraint of the list is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Constraint {
    Output,
    /// An input, maybe tied to (giving the first value of) an output.
    Input(Option<usize>),
    Clobber,
}

fn parse_constraints(s: &str) -> Result<Vec<Constraint>, Fail> {
    let mut out = Vec::new();
    for part in s.split(',').filter(|p| !p.is_empty()) {
        let c = if part.starts_with('~') {
            Constraint::Clobber
        } else if let Some(rest) = part.strip_prefix('=') {
            register_class(rest.trim_start_matches('&'))?;
            Constraint::Output
        } else if let Ok(n) = part.parse::<usize>() {
            Constraint::Input(Some(n))
        } else {
            register_class(part)?;
            Constraint::Input(None)
        };
        out.push(c);
    }
    Ok(out)
}

/// Registers (`v`, `s`, `r`) and immediates (`i`, `n`, and AMD's inline-constant classes `I`,
/// `J`, `A`) are values; memory and fixed registers are not.
fn register_class(c: &str) -> Result<(), Fail> {
    if c.chars()
        .all(|ch| matches!(ch, 'v' | 's' | 'r' | 'i' | 'n' | 'I' | 'J' | 'A'))
        && !c.is_empty()
    {
        Ok(())
    } else {
        no(format!(
            "operand constraint `{c}` (only register and immediate operands are)"
        ))
    }
}

/// A field of a register (SDWA select).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sel {
    Byte(u32),
    Word(u32),
    Dword,
}

impl Sel {
    fn parse(s: &str) -> Result<Sel, Fail> {
        Ok(match s {
            "BYTE_0" => Sel::Byte(0),
            "BYTE_1" => Sel::Byte(1),
            "BYTE_2" => Sel::Byte(2),
            "BYTE_3" => Sel::Byte(3),
            "WORD_0" => Sel::Word(0),
            "WORD_1" => Sel::Word(1),
            "DWORD" => Sel::Dword,
            _ => return no(format!("SDWA select `{s}`")),
        })
    }

    /// (shift, width) of the field.
    fn field(self) -> (u32, u32) {
        match self {
            Sel::Byte(k) => (8 * k, 8),
            Sel::Word(k) => (16 * k, 16),
            Sel::Dword => (0, 32),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unused {
    Pad,
    Sext,
    Preserve,
}

/// A source or destination operand.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Operand {
    what: Src,
    sext: bool,
    neg: bool,
    abs: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Src {
    /// `$N`: operand N of the asm.
    Slot(usize),
    /// A literal's 32 bits.
    Imm(u32),
}

fn parse_operand(s: &str) -> Result<Operand, Fail> {
    let s = s.trim();
    let wrapped = |p: &str| {
        s.strip_prefix(p)
            .and_then(|r| r.strip_suffix(')'))
            .map(str::trim)
    };
    if let Some(inner) = wrapped("sext(") {
        return Ok(Operand {
            sext: true,
            ..parse_operand(inner)?
        });
    }
    if let Some(inner) = wrapped("abs(").or_else(|| {
        s.strip_prefix('|')
            .and_then(|r| r.strip_suffix('|'))
            .map(str::trim)
    }) {
        return Ok(Operand {
            abs: true,
            ..parse_operand(inner)?
        });
    }
    if let Some(inner) = wrapped("neg(") {
        let o = parse_operand(inner)?;
        return Ok(Operand { neg: !o.neg, ..o });
    }
    if let Some(inner) = s.strip_prefix('-') {
        if inner.trim_start().starts_with('$')
            || inner.trim_start().starts_with('|')
            || inner.contains('(')
        {
            let o = parse_operand(inner)?;
            return Ok(Operand { neg: !o.neg, ..o });
        }
    }
    let plain = |what| Operand {
        what,
        sext: false,
        neg: false,
        abs: false,
    };
    if let Some(n) = s.strip_prefix('$') {
        let n = n
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .unwrap_or(n);
        return match n.parse::<usize>() {
            Ok(n) => Ok(plain(Src::Slot(n))),
            Err(_) => no(format!("operand `{s}` (an operand modifier)")),
        };
    }
    literal(s).map(|v| plain(Src::Imm(v))).ok_or_else(|| {
        Fail::Unsupported(format!(
            "operand `{s}` (physical registers and special operands are not)"
        ))
    })
}

/// An integer (decimal or hex, maybe negative) or float literal's 32 bits.
fn literal(s: &str) -> Option<u32> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let int = if let Some(h) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        u64::from_str_radix(h, 16).ok()
    } else if digits.chars().all(|c| c.is_ascii_digit()) && !digits.is_empty() {
        digits.parse::<u64>().ok()
    } else {
        None
    };
    if let Some(v) = int {
        if v > u64::from(u32::MAX) {
            return None;
        }
        let v = v as u32;
        return Some(if neg { v.wrapping_neg() } else { v });
    }
    let f: f32 = s.parse().ok()?;
    f.is_finite().then_some(f.to_bits())
}

/// One statement: mnemonic, operands, SDWA and VOP3P modifiers.
#[derive(Debug, Clone, PartialEq)]
struct Statement {
    op: String,
    operands: Vec<Operand>,
    src_sel: [Sel; 2],
    dst_sel: Sel,
    dst_unused: Unused,
    /// VOP3P `neg_lo`, one bit per source; the mixed-sign dot products read it as the sources'
    /// signedness.
    neg_lo: u32,
    /// A memory instruction's `offset:` in bytes.
    offset: i64,
}

/// A flat or global load or store: how many bits it moves, and for a narrow load whether it
/// sign-extends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Memory {
    load: bool,
    bits: u32,
    signed: bool,
}

/// The flat and global memory instructions, in GCN's and gfx12's spellings (`flat_load_ubyte`,
/// `global_load_u8`, `flat_store_dwordx2`, `global_store_b64`).
fn memory_op(op: &str) -> Option<Memory> {
    let rest = op
        .strip_prefix("flat_")
        .or_else(|| op.strip_prefix("global_"))?;
    let (load, width) = if let Some(w) = rest.strip_prefix("load_") {
        (true, w)
    } else {
        (false, rest.strip_prefix("store_")?)
    };
    let (bits, signed) = match width {
        "ubyte" | "u8" | "byte" | "b8" => (8, false),
        "sbyte" | "i8" => (8, true),
        "ushort" | "u16" | "short" | "b16" => (16, false),
        "sshort" | "i16" => (16, true),
        "dword" | "b32" => (32, false),
        "dwordx2" | "b64" => (64, false),
        "dwordx3" | "b96" => (96, false),
        "dwordx4" | "b128" => (128, false),
        _ => return None,
    };
    // Stores have no signed forms; `byte` and `short` name stores only.
    let store_only = matches!(width, "byte" | "short" | "b8" | "b16");
    let load_only = matches!(width, "ubyte" | "sbyte" | "ushort" | "sshort")
        || matches!(width, "u8" | "i8" | "u16" | "i16");
    if (load && store_only) || (!load && load_only) {
        return None;
    }
    Some(Memory { load, bits, signed })
}

/// The cache and scope policies of a memory instruction: they order and place accesses on a GPU,
/// and on the CPU every access the asm makes is a volatile one.
fn is_cache_policy(m: &str) -> bool {
    matches!(m, "glc" | "slc" | "dlc" | "nt" | "sc0" | "sc1" | "nv")
        || m.starts_with("scope:")
        || m.starts_with("th:")
}

/// The statements of an asm text: newline-separated, `;` and `//` start comments.
fn parse_text(text: &str) -> Result<Vec<Statement>, Fail> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split(';').next().unwrap_or("");
        let line = line.split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        out.push(parse_statement(line)?);
    }
    Ok(out)
}

fn parse_statement(line: &str) -> Result<Statement, Fail> {
    // A quoted mnemonic (`"s_waitcnt"vmcnt(0)`: hipCUB stringizes an already quoted macro
    // argument) reads as the bare one, as AMD's assembler reads it.
    let (op, rest) = match line.strip_prefix('"').and_then(|r| r.split_once('"')) {
        Some(quoted) => quoted,
        None => line.split_once(char::is_whitespace).unwrap_or((line, "")),
    };
    if op.ends_with(':') || op.starts_with('.') {
        return no(format!("`{op}` (labels and directives)"));
    }
    let mut op = op.to_ascii_lowercase();
    for suffix in ["_e32", "_e64", "_sdwa", "_vop3"] {
        if let Some(s) = op.strip_suffix(suffix) {
            op = s.to_string();
        }
    }
    if op.ends_with("_dpp") {
        return no(format!("`{op}` (DPP forms)"));
    }
    let mut st = Statement {
        op: op.clone(),
        operands: Vec::new(),
        src_sel: [Sel::Dword; 2],
        dst_sel: Sel::Dword,
        dst_unused: Unused::Preserve,
        neg_lo: 0,
        offset: 0,
    };
    // Scheduling and waiting statements mean nothing on the CPU; their operands are counters.
    if is_wait(&op) {
        return Ok(st);
    }
    let mut sdwa = false;
    // Operands are comma-separated; modifiers follow the last one, separated by spaces.
    let pieces: Vec<&str> = split_top(rest, ',').into_iter().map(str::trim).collect();
    let mut modifiers: Vec<&str> = Vec::new();
    let memory = memory_op(&op).is_some();
    for (i, piece) in pieces.iter().enumerate() {
        // `off`: a global access's absent scalar base (the address is the 64-bit operand alone).
        if piece.is_empty() || (memory && i == 2 && split_words(piece).first() == Some(&"off")) {
            if memory && i == 2 {
                modifiers.extend(split_words(piece).into_iter().skip(1));
            }
            continue;
        }
        if i + 1 == pieces.len() {
            let mut words = split_words(piece).into_iter();
            if let Some(first) = words.next() {
                if first.contains(':') {
                    modifiers.push(first);
                } else {
                    st.operands
                        .push(parse_operand(first).map_err(|e| of(e, &op))?);
                }
            }
            modifiers.extend(words);
        } else {
            st.operands
                .push(parse_operand(piece).map_err(|e| of(e, &op))?);
        }
    }
    if memory {
        for m in modifiers {
            if let Some(v) = m.strip_prefix("offset:") {
                st.offset = literal(v)
                    .map(|o| i64::from(o as i32))
                    .ok_or_else(|| Fail::Unsupported(format!("modifier `{m}` of `{op}`")))?;
            } else if !is_cache_policy(m) {
                return no(format!("modifier `{m}` of `{op}`"));
            }
        }
        return Ok(st);
    }
    for m in modifiers {
        let (k, v) = m.split_once(':').unwrap_or((m, ""));
        match k {
            "src0_sel" => (st.src_sel[0], sdwa) = (Sel::parse(v)?, true),
            "src1_sel" => (st.src_sel[1], sdwa) = (Sel::parse(v)?, true),
            "dst_sel" => (st.dst_sel, sdwa) = (Sel::parse(v)?, true),
            "dst_unused" => {
                sdwa = true;
                st.dst_unused = match v {
                    "UNUSED_PAD" => Unused::Pad,
                    "UNUSED_SEXT" => Unused::Sext,
                    "UNUSED_PRESERVE" => Unused::Preserve,
                    _ => return no(format!("`{m}`")),
                }
            }
            // The defaults of VOP3P: low halves to the low result, high to high.
            "op_sel" if v.replace(' ', "") == "[0,0]" || v.replace(' ', "") == "[0,0,0]" => {}
            "op_sel_hi" if v.replace(' ', "") == "[1,1]" || v.replace(' ', "") == "[1,1,1]" => {}
            "neg_lo" if op.contains("_iu") => {
                st.neg_lo =
                    bit_list(v).ok_or_else(|| Fail::Unsupported(format!("modifier `{m}`")))?
            }
            _ => return no(format!("modifier `{m}`")),
        }
    }
    // SDWA leaves the unused destination bits zero unless told otherwise.
    if sdwa && !rest.contains("dst_unused") {
        st.dst_unused = Unused::Pad;
    }
    Ok(st)
}

/// A modifier's bit list (`[1,0,0]`) as bits, the first element lowest.
fn bit_list(v: &str) -> Option<u32> {
    let inner = v.trim().strip_prefix('[')?.strip_suffix(']')?;
    inner
        .split(',')
        .enumerate()
        .try_fold(0u32, |acc, (i, b)| match b.trim() {
            "0" => Some(acc),
            "1" => Some(acc | 1 << i),
            _ => None,
        })
}

/// An operand's error, naming the instruction.
fn of(e: Fail, op: &str) -> Fail {
    match e {
        Fail::Unsupported(why) => Fail::Unsupported(format!("{why} of `{op}`")),
        other => other,
    }
}

/// Statements that only schedule or wait on a GPU.
fn is_wait(op: &str) -> bool {
    op == "s_nop"
        || op.starts_with("s_waitcnt")
        || matches!(op, "s_sleep" | "s_setprio" | "s_dcache_wb" | "s_icache_inv")
}

/// `s` split at the `sep`s outside brackets and parentheses (`op_sel:[0,1]` stays whole).
fn split_top(s: &str, sep: char) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ if c == sep && depth == 0 => {
                out.push(&s[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// Whitespace-separated words, keeping `sext( $1 )` and `| $1 |` whole.
fn split_words(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut bars, mut start) = (0i32, 0u32, None);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '|' => bars ^= 1,
            _ => {}
        }
        if c.is_whitespace() && depth == 0 && bars == 0 {
            if let Some(st) = start.take() {
                out.push(&s[st..i]);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push(&s[st..]);
    }
    out
}

/// One asm operand while the statements run: its LLVM value, and its register once read or written.
struct Slot<'ctx> {
    value: Option<BasicValueEnum<'ctx>>,
    reg: Option<IntValue<'ctx>>,
}

struct Cx<'a, 'ctx> {
    module: &'a Module<'ctx>,
    ctx: ContextRef<'ctx>,
    b: Builder<'ctx>,
}

impl<'ctx> Cx<'_, 'ctx> {
    fn i32(&self) -> IntType<'ctx> {
        self.ctx.i32_type()
    }

    fn f32(&self) -> FloatType<'ctx> {
        self.ctx.f32_type()
    }

    /// The integer type of `bits` (1 to 32) bits.
    fn int_type(&self, bits: u32) -> IntType<'ctx> {
        crate::amdgcn::int_type(self.ctx, bits)
    }

    fn imm(&self, v: u32) -> IntValue<'ctx> {
        self.i32().const_int(u64::from(v), false)
    }

    fn translate(
        &self,
        call: InstructionValue<'ctx>,
        asm: &Asm,
    ) -> Result<Option<BasicValueEnum<'ctx>>, Fail> {
        let constraints = parse_constraints(&asm.constraints)?;
        let statements = parse_text(&asm.text)?;
        let outputs: Vec<BasicTypeEnum<'ctx>> = match call.get_type() {
            AnyTypeEnum::VoidType(_) => Vec::new(),
            AnyTypeEnum::StructType(s) => s.get_field_types(),
            t => vec![BasicTypeEnum::try_from(t)
                .map_err(|_| Fail::Unsupported("an asm result of this type".into()))?],
        };
        let n_out = constraints
            .iter()
            .filter(|c| **c == Constraint::Output)
            .count();
        if n_out != outputs.len() {
            return no("indirect outputs");
        }
        let mut slots: Vec<Slot<'ctx>> = outputs
            .iter()
            .map(|_| Slot {
                value: None,
                reg: None,
            })
            .collect();
        let mut arg = 0u32;
        for c in &constraints {
            let Constraint::Input(tied) = *c else {
                continue;
            };
            let v = match call.get_operand(arg) {
                Some(inkwell::values::Operand::Value(v)) => v,
                _ => return no("an input that is not a value"),
            };
            arg += 1;
            if let Some(t) = tied {
                if let Some(s) = slots.get_mut(t) {
                    s.value = Some(v);
                }
            }
            slots.push(Slot {
                value: Some(v),
                reg: None,
            });
        }
        for st in &statements {
            match memory_op(&st.op) {
                Some(mem) => self.memory(st, mem, &mut slots, &outputs)?,
                None => self.statement(st, &mut slots)?,
            }
        }
        let mut results = Vec::new();
        for (i, &ty) in outputs.iter().enumerate() {
            let s = &slots[i];
            let v = match (s.reg, s.value) {
                (Some(r), _) => self.reg_to_value(r, ty)?,
                (None, Some(v)) if v.get_type() == ty => v,
                _ => ty.const_zero(),
            };
            results.push(v);
        }
        Ok(match call.get_type() {
            AnyTypeEnum::VoidType(_) => None,
            AnyTypeEnum::StructType(s) => {
                let mut agg = s.get_undef().as_basic_value_enum();
                for (i, v) in results.into_iter().enumerate() {
                    agg = self
                        .b
                        .build_insert_value(agg.into_struct_value(), v, i as u32, "")?
                        .as_basic_value_enum();
                }
                Some(agg)
            }
            _ => results.into_iter().next(),
        })
    }

    /// A value of at most 32 bits as the i32 register that holds it (narrow values in the low bits).
    fn value_to_reg(&self, v: BasicValueEnum<'ctx>) -> Result<IntValue<'ctx>, Fail> {
        let bits = crate::amdgcn::type_bits(v.get_type())
            .filter(|&b| b <= 32)
            .ok_or_else(|| Fail::Unsupported("an operand wider than 32 bits".into()))?;
        let as_int = match v {
            BasicValueEnum::IntValue(i) => i,
            BasicValueEnum::PointerValue(_) => return no("a pointer operand"),
            other => self
                .b
                .build_bit_cast(other, self.int_type(bits), "")?
                .into_int_value(),
        };
        Ok(self
            .b
            .build_int_z_extend_or_bit_cast(as_int, self.i32(), "")?)
    }

    fn reg_to_value(
        &self,
        r: IntValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, Fail> {
        let bits = crate::amdgcn::type_bits(ty)
            .filter(|&b| b <= 32)
            .ok_or_else(|| Fail::Unsupported("an output wider than 32 bits".into()))?;
        let narrow = self
            .b
            .build_int_truncate_or_bit_cast(r, self.int_type(bits), "")?;
        Ok(match ty {
            BasicTypeEnum::IntType(_) => narrow.as_basic_value_enum(),
            BasicTypeEnum::PointerType(_) => return no("a pointer output"),
            t => self.b.build_bit_cast(narrow, t, "")?,
        })
    }

    fn read(&self, o: &Operand, slots: &mut [Slot<'ctx>]) -> Result<IntValue<'ctx>, Fail> {
        match o.what {
            Src::Imm(v) => Ok(self.imm(v)),
            Src::Slot(n) => {
                let Some(s) = slots.get_mut(n) else {
                    return no(format!("operand ${n}, which the asm does not have"));
                };
                if let Some(r) = s.reg {
                    return Ok(r);
                }
                let r = match s.value {
                    Some(v) => self.value_to_reg(v)?,
                    // An output read before it is written: its register holds nothing defined.
                    None => self.imm(0),
                };
                s.reg = Some(r);
                Ok(r)
            }
        }
    }

    /// A flat or global load (`$dst, $address`) or store (`$address, $value`), volatile: the
    /// asm's cache policies ask the GPU for an access it cannot merge or drop. A load's result
    /// takes its output's type (narrow loads extend as the instruction does); a store takes the
    /// low bits of its value.
    fn memory(
        &self,
        st: &Statement,
        mem: Memory,
        slots: &mut [Slot<'ctx>],
        outputs: &[BasicTypeEnum<'ctx>],
    ) -> Result<(), Fail> {
        let op = st.op.as_str();
        let [first, second] = st.operands[..] else {
            return no(format!("`{op}` without two operands"));
        };
        let (Src::Slot(a), Src::Slot(b)) = (first.what, second.what) else {
            return no(format!("`{op}` with a literal operand"));
        };
        if [first, second].iter().any(|o| o.sext || o.neg || o.abs) {
            return no(format!("`{op}` with a modified operand"));
        }
        let (address_slot, data_slot) = if mem.load { (b, a) } else { (a, b) };
        if slots.get(address_slot).is_some_and(|s| s.reg.is_some()) {
            return no(format!("`{op}` with an address computed in the asm"));
        }
        let address = match slots.get(address_slot).and_then(|s| s.value) {
            Some(BasicValueEnum::PointerValue(p)) => p,
            Some(BasicValueEnum::IntValue(i)) if i.get_type().get_bit_width() == 64 => self
                .b
                .build_int_to_ptr(i, self.ctx.ptr_type(Default::default()), "")?,
            _ => {
                return no(format!(
                    "`{op}` with an address that is not a 64-bit pointer"
                ))
            }
        };
        let address = if st.offset != 0 {
            let i8t = self.ctx.i8_type();
            let off = self.ctx.i64_type().const_int(st.offset as u64, true);
            // SAFETY: a byte offset from the address the asm computes, as the instruction adds
            // it; the access through it is the asm's own.
            unsafe { self.b.build_gep(i8t, address, &[off], "") }?
        } else {
            address
        };
        let word = self.int_type(mem.bits);
        if mem.load {
            let Some(&ty) = outputs.get(data_slot) else {
                return no(format!("`{op}` loading into an input"));
            };
            let raw = self.b.build_load(word, address, "")?;
            if let Some(i) = raw.as_instruction_value() {
                i.set_volatile(true)
                    .map_err(|_| Fail::Unsupported("a volatile load".into()))?;
                i.set_alignment(1)
                    .map_err(|_| Fail::Unsupported("a load's alignment".into()))?;
            }
            let raw = raw.into_int_value();
            let ty_bits = crate::amdgcn::type_bits(ty).unwrap_or(0);
            let value = match ty {
                BasicTypeEnum::IntType(t) if ty_bits > mem.bits => if mem.signed {
                    self.b.build_int_s_extend(raw, t, "")?
                } else {
                    self.b.build_int_z_extend(raw, t, "")?
                }
                .as_basic_value_enum(),
                _ if ty_bits == mem.bits => self.b.build_bit_cast(raw, ty, "")?,
                _ => return no(format!("`{op}` into an output of {ty_bits} bits")),
            };
            slots[data_slot] = Slot {
                value: Some(value),
                reg: None,
            };
        } else {
            let slot = slots
                .get(data_slot)
                .ok_or_else(|| Fail::Unsupported(format!("`{op}` storing a missing operand")))?;
            let v = match (slot.reg, slot.value) {
                (Some(r), _) => r.as_basic_value_enum(),
                (None, Some(v)) => v,
                (None, None) => return no(format!("`{op}` storing an undefined operand")),
            };
            let bits = crate::amdgcn::type_bits(v.get_type()).unwrap_or(0);
            let as_int = match v {
                BasicValueEnum::IntValue(i) => i,
                other if bits == mem.bits => {
                    self.b.build_bit_cast(other, word, "")?.into_int_value()
                }
                _ => return no(format!("`{op}` storing a value of {bits} bits")),
            };
            let narrowed = match bits.cmp(&mem.bits) {
                std::cmp::Ordering::Less => {
                    return no(format!("`{op}` storing a value of {bits} bits"))
                }
                std::cmp::Ordering::Equal => as_int,
                std::cmp::Ordering::Greater => self.b.build_int_truncate(as_int, word, "")?,
            };
            let store = self.b.build_store(address, narrowed)?;
            store
                .set_volatile(true)
                .map_err(|_| Fail::Unsupported("a volatile store".into()))?;
            store
                .set_alignment(1)
                .map_err(|_| Fail::Unsupported("a store's alignment".into()))?;
        }
        Ok(())
    }

    fn statement(&self, st: &Statement, slots: &mut [Slot<'ctx>]) -> Result<(), Fail> {
        let op = st.op.as_str();
        if is_wait(op) {
            return Ok(());
        }
        if op == "s_barrier" {
            self.declared_call("llvm.amdgcn.s.barrier", None, &[])?;
            return Ok(());
        }
        let Some((&dst, srcs)) = st.operands.split_first() else {
            return no(format!("`{op}` (an instruction without operands)"));
        };
        let Src::Slot(d) = dst.what else {
            return no(format!("`{op}` writing a literal"));
        };
        if dst.sext || dst.neg || dst.abs {
            return no(format!("`{op}` with a modified destination"));
        }
        let float_sources = op.ends_with("_f32");
        let mut v = Vec::with_capacity(srcs.len());
        for (i, s) in srcs.iter().enumerate() {
            let mut r = self.read(s, slots)?;
            let sel = st.src_sel.get(i).copied().unwrap_or(Sel::Dword);
            r = self.select(r, sel, s.sext)?;
            if s.neg || s.abs {
                if !float_sources {
                    return no(format!("`{op}` with a negated or absolute source"));
                }
                let mut f = self.f(r)?;
                if s.abs {
                    f = self.float_intrinsic("llvm.fabs.f32", &[f])?;
                }
                if s.neg {
                    f = self.b.build_float_neg(f, "")?;
                }
                r = self.i(f)?;
            }
            v.push(r);
        }
        let old = self.read(&dst, slots)?;
        let result = self.operation(op, &v, old, st.neg_lo)?;
        let placed = self.place(result, old, st.dst_sel, st.dst_unused)?;
        slots[d].reg = Some(placed);
        Ok(())
    }

    /// The SDWA source select: the field, zero- or sign-extended.
    fn select(&self, r: IntValue<'ctx>, sel: Sel, sext: bool) -> Result<IntValue<'ctx>, Fail> {
        let (shift, width) = sel.field();
        if width == 32 {
            return Ok(r);
        }
        Ok(if sext {
            let up = self
                .b
                .build_left_shift(r, self.imm(32 - shift - width), "")?;
            self.b
                .build_right_shift(up, self.imm(32 - width), true, "")?
        } else {
            let down = self.b.build_right_shift(r, self.imm(shift), false, "")?;
            self.b.build_and(down, self.imm((1u32 << width) - 1), "")?
        })
    }

    /// The SDWA destination select: the result's low bits placed in the field.
    fn place(
        &self,
        r: IntValue<'ctx>,
        old: IntValue<'ctx>,
        sel: Sel,
        unused: Unused,
    ) -> Result<IntValue<'ctx>, Fail> {
        let (shift, width) = sel.field();
        if width == 32 {
            return Ok(r);
        }
        let mask = ((1u32 << width) - 1) << shift;
        let field = self.b.build_and(
            self.b.build_left_shift(r, self.imm(shift), "")?,
            self.imm(mask),
            "",
        )?;
        Ok(match unused {
            Unused::Pad => field,
            Unused::Preserve => {
                let kept = self.b.build_and(old, self.imm(!mask), "")?;
                self.b.build_or(kept, field, "")?
            }
            Unused::Sext => {
                // Bits above the field copy its sign; bits below are zero.
                let up = self.b.build_left_shift(r, self.imm(32 - width), "")?;
                let ext = self
                    .b
                    .build_right_shift(up, self.imm(32 - width - shift), true, "")?;
                self.b
                    .build_and(ext, self.imm(!((1u32 << shift) - 1)), "")?
            }
        })
    }

    fn f(&self, r: IntValue<'ctx>) -> Result<FloatValue<'ctx>, Fail> {
        Ok(self.b.build_bit_cast(r, self.f32(), "")?.into_float_value())
    }

    fn i(&self, f: FloatValue<'ctx>) -> Result<IntValue<'ctx>, Fail> {
        Ok(self.b.build_bit_cast(f, self.i32(), "")?.into_int_value())
    }

    /// The f16 in the low (`hi` false) or high half of `r`, as f32.
    fn half(&self, r: IntValue<'ctx>, hi: bool) -> Result<FloatValue<'ctx>, Fail> {
        let bits = if hi {
            self.b.build_right_shift(r, self.imm(16), false, "")?
        } else {
            r
        };
        let h16 = self.b.build_int_truncate(bits, self.ctx.i16_type(), "")?;
        let h = self
            .b
            .build_bit_cast(h16, self.ctx.f16_type(), "")?
            .into_float_value();
        Ok(self.b.build_float_ext(h, self.f32(), "")?)
    }

    /// Two f32 values rounded to f16 and packed (low, high).
    fn pack_halves(
        &self,
        lo: FloatValue<'ctx>,
        hi: FloatValue<'ctx>,
    ) -> Result<IntValue<'ctx>, Fail> {
        let bits = |f: FloatValue<'ctx>| -> Result<IntValue<'ctx>, Fail> {
            let h = self.b.build_float_trunc(f, self.ctx.f16_type(), "")?;
            let b16 = self
                .b
                .build_bit_cast(h, self.ctx.i16_type(), "")?
                .into_int_value();
            Ok(self.b.build_int_z_extend(b16, self.i32(), "")?)
        };
        let (l, h) = (bits(lo)?, bits(hi)?);
        let h = self.b.build_left_shift(h, self.imm(16), "")?;
        Ok(self.b.build_or(l, h, "")?)
    }

    fn float_intrinsic(
        &self,
        name: &str,
        args: &[FloatValue<'ctx>],
    ) -> Result<FloatValue<'ctx>, Fail> {
        let args: Vec<BasicValueEnum<'ctx>> =
            args.iter().map(|a| a.as_basic_value_enum()).collect();
        Ok(self
            .declared_call(name, Some(self.f32().into()), &args)?
            .ok_or_else(|| Fail::Unsupported(format!("{name} returns nothing")))?
            .into_float_value())
    }

    fn int_intrinsic(&self, name: &str, args: &[IntValue<'ctx>]) -> Result<IntValue<'ctx>, Fail> {
        let args: Vec<BasicValueEnum<'ctx>> =
            args.iter().map(|a| a.as_basic_value_enum()).collect();
        Ok(self
            .declared_call(name, Some(self.i32().into()), &args)?
            .ok_or_else(|| Fail::Unsupported(format!("{name} returns nothing")))?
            .into_int_value())
    }

    /// A call of `name` (an LLVM or AMD intrinsic), declared with the arguments' types if need be.
    fn declared_call(
        &self,
        name: &str,
        ret: Option<BasicTypeEnum<'ctx>>,
        args: &[BasicValueEnum<'ctx>],
    ) -> Result<Option<BasicValueEnum<'ctx>>, Fail> {
        let f = match self.module.get_function(name) {
            Some(f) => f,
            None => {
                let params: Vec<_> = args.iter().map(|a| a.get_type().into()).collect();
                let ty = match ret {
                    Some(r) => r.fn_type(&params, false),
                    None => self.ctx.void_type().fn_type(&params, false),
                };
                self.module.add_function(name, ty, None)
            }
        };
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        Ok(self
            .b
            .build_call(f, &args, "")?
            .try_as_basic_value()
            .basic())
    }

    fn arity(op: &str, v: &[IntValue<'ctx>], n: usize) -> Result<(), Fail> {
        if v.len() == n {
            Ok(())
        } else {
            no(format!(
                "`{op}` with {} source operands (it takes {n})",
                v.len()
            ))
        }
    }

    /// The 24-bit product's (low 32, high 16) halves, signed or not.
    fn mul24(
        &self,
        a: IntValue<'ctx>,
        b: IntValue<'ctx>,
        signed: bool,
    ) -> Result<IntValue<'ctx>, Fail> {
        let i64t = self.ctx.i64_type();
        let ext = |x: IntValue<'ctx>| -> Result<IntValue<'ctx>, Fail> {
            let up = self.b.build_left_shift(x, self.imm(8), "")?;
            let x24 = self.b.build_right_shift(up, self.imm(8), signed, "")?;
            Ok(if signed {
                self.b.build_int_s_extend(x24, i64t, "")?
            } else {
                self.b.build_int_z_extend(x24, i64t, "")?
            })
        };
        Ok(self.b.build_int_mul(ext(a)?, ext(b)?, "")?)
    }

    fn low(&self, x: IntValue<'ctx>) -> Result<IntValue<'ctx>, Fail> {
        Ok(self.b.build_int_truncate(x, self.i32(), "")?)
    }

    fn high(&self, x: IntValue<'ctx>) -> Result<IntValue<'ctx>, Fail> {
        let s = self
            .b
            .build_right_shift(x, x.get_type().const_int(32, false), false, "")?;
        self.low(s)
    }

    /// `x` shifted by `n & 31`, as the hardware masks shift amounts.
    fn shift(
        &self,
        x: IntValue<'ctx>,
        n: IntValue<'ctx>,
        kind: u8,
    ) -> Result<IntValue<'ctx>, Fail> {
        let n = self.b.build_and(n, self.imm(31), "")?;
        Ok(match kind {
            b'l' => self.b.build_left_shift(x, n, "")?,
            b'r' => self.b.build_right_shift(x, n, false, "")?,
            _ => self.b.build_right_shift(x, n, true, "")?,
        })
    }

    fn min_max(
        &self,
        a: IntValue<'ctx>,
        b: IntValue<'ctx>,
        pred: IntPredicate,
    ) -> Result<IntValue<'ctx>, Fail> {
        let c = self.b.build_int_compare(pred, a, b, "")?;
        Ok(self.b.build_select(c, a, b, "")?.into_int_value())
    }

    /// A dot-product instruction as the intrinsic that clang emits for its builtin (`llvm.amdgcn.sdot4`
    /// and the like, bound by amdgcn.rs): `a` and `b` are the packed sources, reinterpreted as
    /// `pair` (a two-element vector type) where the intrinsic takes one; no clamp.
    fn dot(
        &self,
        name: &str,
        signs: Option<u32>,
        a: IntValue<'ctx>,
        b: IntValue<'ctx>,
        c: BasicValueEnum<'ctx>,
        pair: Option<BasicTypeEnum<'ctx>>,
    ) -> Result<BasicValueEnum<'ctx>, Fail> {
        let flag = |v: bool| self.ctx.bool_type().const_int(u64::from(v), false).into();
        let src = |v: IntValue<'ctx>| -> Result<BasicValueEnum<'ctx>, Fail> {
            Ok(match pair {
                Some(t) => self.b.build_bit_cast(v, t, "")?,
                None => v.into(),
            })
        };
        let args: Vec<BasicValueEnum<'ctx>> = match signs {
            // sudot: each source's signedness before it.
            Some(bits) => vec![
                flag(bits & 1 != 0),
                src(a)?,
                flag(bits & 2 != 0),
                src(b)?,
                c,
                flag(false),
            ],
            None => vec![src(a)?, src(b)?, c, flag(false)],
        };
        self.declared_call(name, Some(c.get_type()), &args)?
            .ok_or_else(|| Fail::Unsupported(format!("{name} returns nothing")))
    }

    /// The operation `op` on sources `s` (their selects applied); `old` is the destination's value.
    fn operation(
        &self,
        op: &str,
        s: &[IntValue<'ctx>],
        old: IntValue<'ctx>,
        neg_lo: u32,
    ) -> Result<IntValue<'ctx>, Fail> {
        let b = &self.b;
        let n = |k| Self::arity(op, s, k);
        let fl = |k: usize| self.f(s[k]);
        // Integer operations (the scalar `s_` forms compute the same; SCC is not an operand here).
        let int2 = match op {
            "v_add_u32" | "v_add_nc_u32" | "v_add_i32" | "s_add_u32" | "s_add_i32" => Some(0),
            "v_sub_u32" | "v_sub_nc_u32" | "v_sub_i32" | "s_sub_u32" | "s_sub_i32" => Some(1),
            "v_subrev_u32" | "v_subrev_nc_u32" => Some(2),
            "v_and_b32" | "s_and_b32" => Some(3),
            "v_or_b32" | "s_or_b32" => Some(4),
            "v_xor_b32" | "s_xor_b32" => Some(5),
            "v_mul_lo_u32" | "v_mul_lo_i32" | "s_mul_i32" => Some(6),
            _ => None,
        };
        if let Some(k) = int2 {
            n(2)?;
            let (x, y) = (s[0], s[1]);
            return Ok(match k {
                0 => b.build_int_add(x, y, "")?,
                1 => b.build_int_sub(x, y, "")?,
                2 => b.build_int_sub(y, x, "")?,
                3 => b.build_and(x, y, "")?,
                4 => b.build_or(x, y, "")?,
                5 => b.build_xor(x, y, "")?,
                _ => b.build_int_mul(x, y, "")?,
            });
        }
        Ok(match op {
            "v_mov_b32" | "s_mov_b32" => {
                n(1)?;
                s[0]
            }
            "v_not_b32" | "s_not_b32" => {
                n(1)?;
                b.build_not(s[0], "")?
            }
            "v_bfrev_b32" | "s_brev_b32" => {
                n(1)?;
                self.int_intrinsic("llvm.bitreverse.i32", &[s[0]])?
            }
            "v_bcnt_u32_b32" => {
                n(2)?;
                let p = self.int_intrinsic("llvm.ctpop.i32", &[s[0]])?;
                b.build_int_add(p, s[1], "")?
            }
            "v_xnor_b32" => {
                n(2)?;
                b.build_not(b.build_xor(s[0], s[1], "")?, "")?
            }
            "v_lshlrev_b32" => {
                n(2)?;
                self.shift(s[1], s[0], b'l')?
            }
            "v_lshrrev_b32" => {
                n(2)?;
                self.shift(s[1], s[0], b'r')?
            }
            "v_ashrrev_i32" => {
                n(2)?;
                self.shift(s[1], s[0], b'a')?
            }
            "v_lshl_b32" | "s_lshl_b32" => {
                n(2)?;
                self.shift(s[0], s[1], b'l')?
            }
            "v_lshr_b32" | "s_lshr_b32" => {
                n(2)?;
                self.shift(s[0], s[1], b'r')?
            }
            "v_ashr_i32" | "s_ashr_i32" => {
                n(2)?;
                self.shift(s[0], s[1], b'a')?
            }
            "v_mul_hi_u32" | "v_mul_hi_i32" => {
                n(2)?;
                let i64t = self.ctx.i64_type();
                let signed = op.ends_with("i32");
                let ext = |x| -> Result<IntValue<'ctx>, Fail> {
                    Ok(if signed {
                        b.build_int_s_extend(x, i64t, "")?
                    } else {
                        b.build_int_z_extend(x, i64t, "")?
                    })
                };
                self.high(b.build_int_mul(ext(s[0])?, ext(s[1])?, "")?)?
            }
            "v_mul_i32_i24" | "v_mul_u32_u24" => {
                n(2)?;
                self.low(self.mul24(s[0], s[1], op == "v_mul_i32_i24")?)?
            }
            "v_mul_hi_i32_i24" | "v_mul_hi_u32_u24" => {
                n(2)?;
                self.high(self.mul24(s[0], s[1], op == "v_mul_hi_i32_i24")?)?
            }
            "v_mad_i32_i24" | "v_mad_u32_u24" => {
                n(3)?;
                let p = self.low(self.mul24(s[0], s[1], op == "v_mad_i32_i24")?)?;
                b.build_int_add(p, s[2], "")?
            }
            "v_add3_u32" => {
                n(3)?;
                b.build_int_add(b.build_int_add(s[0], s[1], "")?, s[2], "")?
            }
            "v_lshl_add_u32" => {
                n(3)?;
                b.build_int_add(self.shift(s[0], s[1], b'l')?, s[2], "")?
            }
            "v_add_lshl_u32" => {
                n(3)?;
                self.shift(b.build_int_add(s[0], s[1], "")?, s[2], b'l')?
            }
            "v_lshl_or_b32" => {
                n(3)?;
                b.build_or(self.shift(s[0], s[1], b'l')?, s[2], "")?
            }
            "v_and_or_b32" => {
                n(3)?;
                b.build_or(b.build_and(s[0], s[1], "")?, s[2], "")?
            }
            "v_or3_b32" => {
                n(3)?;
                b.build_or(b.build_or(s[0], s[1], "")?, s[2], "")?
            }
            "v_xad_u32" => {
                n(3)?;
                b.build_int_add(b.build_xor(s[0], s[1], "")?, s[2], "")?
            }
            "v_bfi_b32" => {
                n(3)?;
                let keep = b.build_and(s[0], s[1], "")?;
                let other = b.build_and(b.build_not(s[0], "")?, s[2], "")?;
                b.build_or(keep, other, "")?
            }
            "v_bfe_u32" | "v_bfe_i32" => {
                n(3)?;
                let name = if op == "v_bfe_u32" {
                    "llvm.amdgcn.ubfe.i32"
                } else {
                    "llvm.amdgcn.sbfe.i32"
                };
                self.int_intrinsic(name, &[s[0], s[1], s[2]])?
            }
            "v_perm_b32" => {
                n(3)?;
                self.int_intrinsic("llvm.amdgcn.perm", &[s[0], s[1], s[2]])?
            }
            "v_alignbit_b32" => {
                n(3)?;
                let sh = b.build_and(s[2], self.imm(31), "")?;
                self.int_intrinsic("llvm.fshr.i32", &[s[0], s[1], sh])?
            }
            "v_alignbyte_b32" => {
                n(3)?;
                self.int_intrinsic("llvm.amdgcn.alignbyte", &[s[0], s[1], s[2]])?
            }
            "v_min_i32" | "s_min_i32" => {
                n(2)?;
                self.min_max(s[0], s[1], IntPredicate::SLT)?
            }
            "v_max_i32" | "s_max_i32" => {
                n(2)?;
                self.min_max(s[0], s[1], IntPredicate::SGT)?
            }
            "v_min_u32" | "s_min_u32" => {
                n(2)?;
                self.min_max(s[0], s[1], IntPredicate::ULT)?
            }
            "v_max_u32" | "s_max_u32" => {
                n(2)?;
                self.min_max(s[0], s[1], IntPredicate::UGT)?
            }
            "v_min3_i32" | "v_max3_i32" | "v_min3_u32" | "v_max3_u32" => {
                n(3)?;
                let pred = match op {
                    "v_min3_i32" => IntPredicate::SLT,
                    "v_max3_i32" => IntPredicate::SGT,
                    "v_min3_u32" => IntPredicate::ULT,
                    _ => IntPredicate::UGT,
                };
                self.min_max(self.min_max(s[0], s[1], pred)?, s[2], pred)?
            }
            "v_med3_i32" | "v_med3_u32" => {
                n(3)?;
                let (lt, gt) = if op == "v_med3_i32" {
                    (IntPredicate::SLT, IntPredicate::SGT)
                } else {
                    (IntPredicate::ULT, IntPredicate::UGT)
                };
                let lo = self.min_max(s[0], s[1], lt)?;
                let hi = self.min_max(s[0], s[1], gt)?;
                self.min_max(self.min_max(hi, s[2], lt)?, lo, gt)?
            }
            "v_dot4_i32_i8" | "v_dot4_u32_u8" | "v_dot4c_i32_i8" | "v_dot4_i32_iu8"
            | "v_dot8_i32_i4" | "v_dot8_u32_u4" | "v_dot8_i32_iu4" | "v_dot2_i32_i16"
            | "v_dot2_u32_u16" | "v_dot2_f32_f16" | "v_dot2c_f32_f16" => {
                // The `c` forms accumulate into the destination.
                let acc = if op.contains("dot4c") || op.contains("dot2c") {
                    n(2)?;
                    old
                } else {
                    n(3)?;
                    s[2]
                };
                let i16x2 = self.ctx.i16_type().vec_type(2).into();
                let (name, pair, signs) = match op {
                    "v_dot4_i32_i8" | "v_dot4c_i32_i8" => ("llvm.amdgcn.sdot4", None, None),
                    "v_dot4_u32_u8" => ("llvm.amdgcn.udot4", None, None),
                    "v_dot4_i32_iu8" => ("llvm.amdgcn.sudot4", None, Some(neg_lo)),
                    "v_dot8_i32_i4" => ("llvm.amdgcn.sdot8", None, None),
                    "v_dot8_u32_u4" => ("llvm.amdgcn.udot8", None, None),
                    "v_dot8_i32_iu4" => ("llvm.amdgcn.sudot8", None, Some(neg_lo)),
                    "v_dot2_i32_i16" => ("llvm.amdgcn.sdot2", Some(i16x2), None),
                    "v_dot2_u32_u16" => ("llvm.amdgcn.udot2", Some(i16x2), None),
                    _ => (
                        "llvm.amdgcn.fdot2",
                        Some(self.ctx.f16_type().vec_type(2).into()),
                        None,
                    ),
                };
                if name == "llvm.amdgcn.fdot2" {
                    let r = self.dot(name, None, s[0], s[1], self.f(acc)?.into(), pair)?;
                    self.i(r.into_float_value())?
                } else {
                    self.dot(name, signs, s[0], s[1], acc.into(), pair)?
                        .into_int_value()
                }
            }
            "v_pk_add_f16" | "v_pk_mul_f16" | "v_pk_max_f16" | "v_pk_min_f16" | "v_pk_fma_f16" => {
                n(if op == "v_pk_fma_f16" { 3 } else { 2 })?;
                let mut out = Vec::new();
                for hi in [false, true] {
                    let x = self.half(s[0], hi)?;
                    let y = self.half(s[1], hi)?;
                    out.push(match op {
                        "v_pk_add_f16" => b.build_float_add(x, y, "")?,
                        "v_pk_mul_f16" => b.build_float_mul(x, y, "")?,
                        "v_pk_max_f16" => self.float_intrinsic("llvm.maxnum.f32", &[x, y])?,
                        "v_pk_min_f16" => self.float_intrinsic("llvm.minnum.f32", &[x, y])?,
                        _ => {
                            // f16 fma rounds once: the f32 product of two halves is exact.
                            let z = self.half(s[2], hi)?;
                            b.build_float_add(b.build_float_mul(x, y, "")?, z, "")?
                        }
                    });
                }
                self.pack_halves(out[0], out[1])?
            }
            "v_cvt_f32_f16" => {
                n(1)?;
                self.i(self.half(s[0], false)?)?
            }
            "v_cvt_f16_f32" => {
                n(1)?;
                let z = self.f32().const_zero();
                let packed = self.pack_halves(fl(0)?, z)?;
                b.build_and(packed, self.imm(0xffff), "")?
            }
            "v_cvt_f32_i32" | "v_cvt_f32_u32" => {
                n(1)?;
                let f = if op.ends_with("i32") {
                    b.build_signed_int_to_float(s[0], self.f32(), "")?
                } else {
                    b.build_unsigned_int_to_float(s[0], self.f32(), "")?
                };
                self.i(f)?
            }
            "v_cvt_i32_f32" | "v_cvt_u32_f32" => {
                n(1)?;
                // The hardware saturates, and NaN converts to 0, as LLVM's saturating conversions do.
                let name = if op == "v_cvt_i32_f32" {
                    "llvm.fptosi.sat.i32.f32"
                } else {
                    "llvm.fptoui.sat.i32.f32"
                };
                self.declared_call(name, Some(self.i32().into()), &[fl(0)?.into()])?
                    .ok_or_else(|| Fail::Unsupported(format!("{name} returns nothing")))?
                    .into_int_value()
            }
            "v_cvt_f32_ubyte0" | "v_cvt_f32_ubyte1" | "v_cvt_f32_ubyte2" | "v_cvt_f32_ubyte3" => {
                n(1)?;
                let k = u32::from(op.as_bytes()[op.len() - 1] - b'0');
                let byte = self.select(s[0], Sel::Byte(k), false)?;
                self.i(b.build_unsigned_int_to_float(byte, self.f32(), "")?)?
            }
            _ => return self.float_operation(op, s, old),
        })
    }

    fn float_operation(
        &self,
        op: &str,
        s: &[IntValue<'ctx>],
        old: IntValue<'ctx>,
    ) -> Result<IntValue<'ctx>, Fail> {
        let b = &self.b;
        let n = |k| Self::arity(op, s, k);
        let fl = |k: usize| self.f(s[k]);
        let r = match op {
            "v_add_f32" | "v_sub_f32" | "v_subrev_f32" | "v_mul_f32" => {
                n(2)?;
                let (x, y) = (fl(0)?, fl(1)?);
                match op {
                    "v_add_f32" => b.build_float_add(x, y, "")?,
                    "v_sub_f32" => b.build_float_sub(x, y, "")?,
                    "v_subrev_f32" => b.build_float_sub(y, x, "")?,
                    _ => b.build_float_mul(x, y, "")?,
                }
            }
            "v_max_f32" | "v_min_f32" => {
                n(2)?;
                let name = if op == "v_max_f32" {
                    "llvm.maxnum.f32"
                } else {
                    "llvm.minnum.f32"
                };
                self.float_intrinsic(name, &[fl(0)?, fl(1)?])?
            }
            "v_max3_f32" | "v_min3_f32" => {
                n(3)?;
                let name = if op == "v_max3_f32" {
                    "llvm.maxnum.f32"
                } else {
                    "llvm.minnum.f32"
                };
                let m = self.float_intrinsic(name, &[fl(0)?, fl(1)?])?;
                self.float_intrinsic(name, &[m, fl(2)?])?
            }
            "v_med3_f32" => {
                n(3)?;
                self.float_intrinsic("llvm.amdgcn.fmed3.f32", &[fl(0)?, fl(1)?, fl(2)?])?
            }
            "v_fma_f32" => {
                n(3)?;
                self.float_intrinsic("llvm.fma.f32", &[fl(0)?, fl(1)?, fl(2)?])?
            }
            "v_mad_f32" => {
                n(3)?;
                b.build_float_add(b.build_float_mul(fl(0)?, fl(1)?, "")?, fl(2)?, "")?
            }
            "v_fmac_f32" => {
                n(2)?;
                self.float_intrinsic("llvm.fma.f32", &[fl(0)?, fl(1)?, self.f(old)?])?
            }
            "v_mac_f32" => {
                n(2)?;
                b.build_float_add(b.build_float_mul(fl(0)?, fl(1)?, "")?, self.f(old)?, "")?
            }
            "v_rcp_f32" | "v_rsq_f32" | "v_sqrt_f32" | "v_exp_f32" | "v_log_f32" | "v_sin_f32"
            | "v_cos_f32" | "v_fract_f32" | "v_floor_f32" | "v_ceil_f32" | "v_trunc_f32"
            | "v_rndne_f32" => {
                n(1)?;
                let name = match op {
                    "v_rcp_f32" => "llvm.amdgcn.rcp.f32",
                    "v_rsq_f32" => "llvm.amdgcn.rsq.f32",
                    "v_sqrt_f32" => "llvm.amdgcn.sqrt.f32",
                    "v_exp_f32" => "llvm.amdgcn.exp2.f32",
                    "v_log_f32" => "llvm.amdgcn.log.f32",
                    "v_sin_f32" => "llvm.amdgcn.sin.f32",
                    "v_cos_f32" => "llvm.amdgcn.cos.f32",
                    "v_fract_f32" => "llvm.amdgcn.fract.f32",
                    "v_floor_f32" => "llvm.floor.f32",
                    "v_ceil_f32" => "llvm.ceil.f32",
                    "v_trunc_f32" => "llvm.trunc.f32",
                    _ => "llvm.roundeven.f32",
                };
                self.float_intrinsic(name, &[fl(0)?])?
            }
            "v_ldexp_f32" => {
                n(2)?;
                self.declared_call(
                    "llvm.ldexp.f32.i32",
                    Some(self.f32().into()),
                    &[fl(0)?.into(), s[1].into()],
                )?
                .ok_or_else(|| Fail::Unsupported("ldexp returns nothing".into()))?
                .into_float_value()
            }
            _ if op.starts_with("v_cmp") || op.contains("_co_") || op == "v_cndmask_b32" => {
                return no(format!("`{op}` (VCC and SCC are not operands here)"))
            }
            _ => return no(format!("the instruction `{op}`")),
        };
        self.i(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::memory_buffer::MemoryBuffer;

    const HEAD: &str = "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1-P4-A0\"\ntarget triple = \"spirv64-amd-amdhsa\"\n";

    /// Runs the pass on a function whose body is `body`, and gives the module's text.
    fn translate(body: &str) -> Result<String, CompileError> {
        let ir = format!(
            "{HEAD}define spir_func i32 @f(i32 %a, i32 %b, i32 %c, float %x) addrspace(4) {{\n{body}\n}}\n"
        );
        let ctx = inkwell::context::Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "test");
        let m = ctx.create_module_from_ir(buf).expect("valid IR");
        run(&m)?;
        m.verify()
            .map_err(|e| CompileError::Codegen(e.to_string()))?;
        Ok(m.print_to_string().to_string())
    }

    /// The instructions of @f's body, without the `define` line.
    fn body(module: &str) -> String {
        module
            .lines()
            .skip_while(|l| !l.starts_with("define"))
            .skip(1)
            .take_while(|l| *l != "}")
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn statements_parse_with_sdwa_selects_and_comments() {
        let s = parse_text(
            "\n v_mul_i32_i24 $1, sext($3), sext($4) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:BYTE_3 ; c\n\n  v_add3_u32 $0, $1, $2, $0 // c\n",
        )
        .unwrap_or_else(|_| panic!("parses"));
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].op, "v_mul_i32_i24");
        assert_eq!(s[0].src_sel, [Sel::Byte(2), Sel::Byte(3)]);
        assert_eq!(s[0].dst_unused, Unused::Pad);
        assert!(s[0].operands[1].sext && s[0].operands[2].sext);
        assert_eq!(s[1].operands.len(), 4);
        assert_eq!(s[1].dst_unused, Unused::Preserve);
        let m = parse_statement("v_fmac_f32_e32 $0, -|$1|, 0x3f800000")
            .unwrap_or_else(|_| panic!("parses"));
        assert_eq!(m.op, "v_fmac_f32");
        assert!(m.operands[1].neg && m.operands[1].abs);
        assert_eq!(m.operands[2].what, Src::Imm(0x3f80_0000));
        let p = parse_statement("v_pk_fma_f16 $0, $1, $2, $3 op_sel:[0,0,0] op_sel_hi:[1,1,1]")
            .unwrap_or_else(|_| panic!("parses"));
        assert_eq!(p.operands.len(), 4);
        assert!(parse_statement("v_pk_fma_f16 $0, $1, $2, $3 op_sel:[1,0,0]").is_err());
        assert_eq!(literal("-1"), Some(u32::MAX));
        assert_eq!(literal("0.5"), Some(0.5f32.to_bits()));
        assert_eq!(literal("v0"), None);
    }

    #[test]
    fn flat_and_global_memory_instructions_parse_with_their_policies() {
        let m = |load, bits, signed| Some(Memory { load, bits, signed });
        assert_eq!(memory_op("flat_load_sbyte"), m(true, 8, true));
        assert_eq!(memory_op("global_load_u16"), m(true, 16, false));
        assert_eq!(memory_op("flat_load_dwordx2"), m(true, 64, false));
        assert_eq!(memory_op("global_store_b128"), m(false, 128, false));
        assert_eq!(memory_op("flat_store_byte"), m(false, 8, false));
        // Signed stores and `byte` loads do not exist; nor do scalar or buffer loads here.
        assert_eq!(memory_op("flat_store_sbyte"), None);
        assert_eq!(memory_op("flat_load_byte"), None);
        assert_eq!(memory_op("s_load_dword"), None);
        let st = parse_statement("flat_load_dword $0, $1 offset:-8 glc slc")
            .unwrap_or_else(|_| panic!("parses"));
        assert_eq!(
            (st.op.as_str(), st.offset, st.operands.len()),
            ("flat_load_dword", -8, 2)
        );
        assert!(parse_statement("global_load_dword $0, $1 scope:SCOPE_DEV th:TH_DEFAULT").is_ok());
        assert!(parse_statement("flat_load_dword $0, $1 lds").is_err());
        let off = parse_statement("global_load_dword $0, $1, off offset:4 glc")
            .unwrap_or_else(|_| panic!("parses"));
        assert_eq!((off.operands.len(), off.offset), (2, 4));
        assert!(parse_constraints("=v,v,I").is_ok());
        let wait = parse_statement("\"s_waitcnt\"vmcnt($2)").unwrap_or_else(|_| panic!("parses"));
        assert_eq!(wait.op, "s_waitcnt");
        assert_eq!(
            parse_statement("\"s_waitcnt\"($2)")
                .map(|s| s.op)
                .ok()
                .as_deref(),
            Some("s_waitcnt")
        );
    }

    #[test]
    fn constraints_number_outputs_then_inputs() {
        let c = parse_constraints("=v,=&v,v,v,0,~{memory}").unwrap_or_else(|_| panic!("parses"));
        assert_eq!(
            c,
            [
                Constraint::Output,
                Constraint::Output,
                Constraint::Input(None),
                Constraint::Input(None),
                Constraint::Input(Some(0)),
                Constraint::Clobber
            ]
        );
        assert!(parse_constraints("=*m,v").is_err());
        assert!(parse_constraints("{v0}").is_err());
    }

    #[test]
    fn sdwa_multiply_becomes_byte_extracts_and_a_24_bit_product() {
        let out = translate(
            "  %r = call { i32, i32 } asm \"v_mul_i32_i24 $1, sext($2), $3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:BYTE_0\\0Av_add3_u32 $0, $1, $0, $1\", \"=v,=&v,v,v,0\"(i32 %a, i32 %b, i32 %c)\n  %v = extractvalue { i32, i32 } %r, 0\n  ret i32 %v",
        )
        .expect("translates");
        // BYTE_1 sign-extended, BYTE_0 zero-extended, then the 24-bit signed product.
        assert_eq!(
            body(&out),
            "  %1 = shl i32 %a, 16
  %2 = ashr i32 %1, 24
  %3 = lshr i32 %b, 0
  %4 = and i32 %3, 255
  %5 = shl i32 %2, 8
  %6 = ashr i32 %5, 8
  %7 = sext i32 %6 to i64
  %8 = shl i32 %4, 8
  %9 = ashr i32 %8, 8
  %10 = sext i32 %9 to i64
  %11 = mul i64 %7, %10
  %12 = trunc i64 %11 to i32
  %13 = add i32 %12, %c
  %14 = add i32 %13, %12
  %15 = insertvalue { i32, i32 } undef, i32 %14, 0
  %16 = insertvalue { i32, i32 } %15, i32 %12, 1
  %v = extractvalue { i32, i32 } %16, 0
  ret i32 %v",
            "{out}"
        );
    }

    #[test]
    fn golden_dot2_reads_halves_and_accumulates_in_f32() {
        let out = translate(
            "  %r = call float asm sideeffect \"v_dot2_f32_f16 $0, $1, $2, $0\", \"=v,v,v,0\"(i32 %a, i32 %b, float %x)\n  %i = bitcast float %r to i32\n  ret i32 %i",
        )
        .expect("translates");
        // The builtin's intrinsic, which the intrinsic binding gives its meaning.
        assert_eq!(
            body(&out),
            "  %1 = bitcast float %x to i32
  %2 = bitcast i32 %1 to float
  %3 = bitcast i32 %a to <2 x half>
  %4 = bitcast i32 %b to <2 x half>
  %5 = call addrspace(4) float @llvm.amdgcn.fdot2(<2 x half> %3, <2 x half> %4, float %2, i1 false)
  %6 = bitcast float %5 to i32
  %7 = bitcast i32 %6 to float
  %i = bitcast float %7 to i32
  ret i32 %i",
            "{out}"
        );
    }

    #[test]
    fn mixed_sign_dots_take_signedness_from_neg_lo() {
        let asm = |text: &str| {
            translate(&format!(
                "  %r = call i32 asm \"{text}\", \"=v,v,v,v\"(i32 %a, i32 %b, i32 %c)\n  ret i32 %r"
            ))
        };
        let out = asm("v_dot4_i32_iu8 $0, $1, $2, $3 neg_lo:[1,0,0]").expect("translates");
        assert!(
            out.contains(
                "@llvm.amdgcn.sudot4(i1 true, i32 %a, i1 false, i32 %b, i32 %c, i1 false)"
            ),
            "{out}"
        );
        let out = asm("v_dot8_i32_iu4 $0, $1, $2, $3").expect("translates");
        assert!(
            out.contains(
                "@llvm.amdgcn.sudot8(i1 false, i32 %a, i1 false, i32 %b, i32 %c, i1 false)"
            ),
            "{out}"
        );
        // neg_lo means negation elsewhere, which integer sources do not have.
        let e = asm("v_dot4_i32_i8 $0, $1, $2, $3 neg_lo:[1,0,0]").unwrap_err();
        assert!(e.to_string().contains("neg_lo"), "{e}");
    }

    #[test]
    fn bit_operations_become_amd_intrinsics_for_the_binding_pass() {
        let out = translate(
            "  %r = call i32 asm \"v_perm_b32 $0, $1, $2, $3\\0Av_bfe_i32 $0, $0, 4, 8\", \"=v,v,v,v\"(i32 %a, i32 %b, i32 %c)\n  ret i32 %r",
        )
        .expect("translates");
        assert_eq!(
            body(&out),
            "  %1 = call addrspace(4) i32 @llvm.amdgcn.perm(i32 %a, i32 %b, i32 %c)
  %2 = call addrspace(4) i32 @llvm.amdgcn.sbfe.i32(i32 %1, i32 4, i32 8)
  ret i32 %2",
            "{out}"
        );
    }

    #[test]
    fn empty_asm_keeps_tied_values_and_waits_vanish() {
        let out = translate(
            "  %r = call i32 asm sideeffect \"s_waitcnt vmcnt(0) lgkmcnt(0)\\0A s_nop 0\", \"=v,0,~{memory}\"(i32 %a)\n  call void asm sideeffect \"\", \"~{memory}\"()\n  ret i32 %r",
        )
        .expect("translates");
        assert_eq!(body(&out).trim(), "ret i32 %a", "{out}");
    }

    #[test]
    fn unsupported_statements_are_errors_quoting_the_asm_and_naming_the_function() {
        for (asm, what) in [
            (
                "buffer_load_dword $0, $1, s[0:3], 0",
                "of `buffer_load_dword`",
            ),
            ("global_load_dword $0, $1, s[2:3]", "of `global_load_dword`"),
            ("v_sad_u32 $0, $1, $2, $1", "instruction `v_sad_u32`"),
            ("v_mov_b32 $0, v7", "operand `v7`"),
            ("v_add_f32 $0, $1, $2 clamp", "modifier `clamp`"),
            ("v_mov_b32_dpp $0, $1 row_shr:1", "DPP"),
            ("v_cmp_eq_u32 vcc, $1, $2", "operand `vcc`"),
            ("v_add3_u32 $0, $1, $2", "takes 3"),
            ("v_mov_b32 $0, -$1", "negated"),
        ] {
            let e = translate(&format!(
                "  %r = call i32 asm \"{asm}\", \"=v,v,v\"(i32 %a, i32 %b)\n  ret i32 %r"
            ))
            .expect_err(asm);
            assert!(
                matches!(&e, CompileError::Unsupported { kernel, .. } if kernel == "f"),
                "{e:?}"
            );
            let text = e.to_string();
            assert!(text.contains(what), "{asm}: {text}");
            assert!(
                text.contains(asm.split_whitespace().next().unwrap_or("")),
                "{text}"
            );
        }
    }

    #[test]
    fn wide_operands_are_refused_only_when_an_instruction_reads_them() {
        let ok = translate(
            "  %p = zext i32 %a to i64\n  %r = call i64 asm \"\", \"=v,0\"(i64 %p)\n  %t = trunc i64 %r to i32\n  ret i32 %t",
        );
        assert!(ok.is_ok(), "{ok:?}");
        let e = translate(
            "  %p = zext i32 %a to i64\n  %r = call i64 asm \"v_mov_b32 $0, $1\", \"=v,v\"(i64 %p)\n  %t = trunc i64 %r to i32\n  ret i32 %t",
        )
        .expect_err("64-bit");
        assert!(e.to_string().contains("wider than 32 bits"), "{e}");
    }
}
