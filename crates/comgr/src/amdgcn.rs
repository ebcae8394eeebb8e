//! Intrinsic binding for AMD's generic target: gives every `llvm.amdgcn.*` intrinsic of a device module its
//! CPU meaning, before the lowering.
//!
//! Device code is compiled with `--offload-arch=amdgcnspirv`, so `__builtin_amdgcn_*` calls (rocPRIM,
//! hipCUB, rocThrust and ggml use them) arrive as `llvm.amdgcn.*` intrinsics. Each is replaced by:
//! - the lowering's own builtins (work-item and work-group ids, the warp size, the block barrier);
//! - plain LLVM IR (lane masks, bit-field extracts, the math operations, timers), or nothing where the
//!   instruction only schedules or waits on a GPU (`s_waitcnt`, `s_sleep`, `sched_barrier`);
//! - a call of ferrocm's device library (`device/amdgcn.hip`, compiled to bitcode by build.rs and linked
//!   in when needed) for what exchanges values between lanes: ballots, permutes, swizzles, DPP moves,
//!   `readlane`, `readfirstlane`, the wave barrier.
//!
//! An intrinsic that is not listed here is a compile error naming it (never a wrong answer), and so is a
//! DPP control the library does not implement.
use crate::error::CompileError;
use inkwell::attributes::AttributeLoc;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::intrinsics::Intrinsic;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{
    AnyValue, AnyValueEnum, AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum,
    CallSiteValue, FloatValue, FunctionValue, InstructionValue, IntValue,
};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use llvm_sys::core::LLVMReplaceAllUsesWith;

/// The CPU meaning of the intrinsics that need a warp exchange or a loop (device/amdgcn.hip).
static LIBRARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/amdgcn.bc"));

/// Source text of the device library, for the cache key.
pub const LIBRARY_SOURCE: &str = include_str!("../device/amdgcn.hip");

const PREFIX: &str = "llvm.amdgcn.";
const CC_SPIR_FUNC: u32 = 75;

/// What an intrinsic becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    WorkitemId(char),
    WorkgroupId(char),
    WaveSize,
    MbcntLo,
    MbcntHi,
    Ballot,
    Icmp,
    Fcmp,
    ReadFirstLane,
    ReadLane,
    WriteLane,
    DsBpermute,
    DsPermute,
    DsSwizzle,
    MovDpp,
    UpdateDpp,
    WaveBarrier,
    Barrier,
    Nothing,
    MemTime,
    MemRealTime,
    Ubfe,
    Sbfe,
    AlignByte,
    Perm,
    Rcp,
    Rsq,
    Sqrt,
    Sin,
    Cos,
    Exp2,
    Log2,
    Ldexp,
    FrexpMant,
    FrexpExp,
    Fmed3,
    Fract,
    Class,
    FmulLegacy,
    DispatchPtr,
    ImplicitArgPtr,
    /// sdot/udot: fields of `width` bits, both operands signed or both unsigned.
    IntDot {
        width: u32,
        signed: bool,
    },
    /// sudot: fields of `width` bits, each operand's signedness an argument.
    MixedDot {
        width: u32,
    },
    /// fdot2 forms: pairs of halves or bfloat16s; c and the result in `acc`'s format (0 half,
    /// 1 bfloat16, 2 f32, the library's numbering).
    FloatDot {
        bf16: bool,
        acc: u32,
    },
}

impl Op {
    /// Whether the replacement calls the device library.
    fn needs_library(self) -> bool {
        matches!(
            self,
            Op::Ballot
                | Op::Icmp
                | Op::Fcmp
                | Op::ReadFirstLane
                | Op::ReadLane
                | Op::DsBpermute
                | Op::DsPermute
                | Op::DsSwizzle
                | Op::MovDpp
                | Op::UpdateDpp
                | Op::WaveBarrier
                | Op::MemTime
                | Op::MemRealTime
                | Op::Perm
                | Op::IntDot { .. }
                | Op::MixedDot { .. }
                | Op::FloatDot { .. }
        )
    }
}

/// The intrinsics ferrocm knows, by base name (the part after `llvm.amdgcn.`, before any type suffix).
const TABLE: &[(&str, Op)] = &[
    ("workitem.id.x", Op::WorkitemId('x')),
    ("workitem.id.y", Op::WorkitemId('y')),
    ("workitem.id.z", Op::WorkitemId('z')),
    ("workgroup.id.x", Op::WorkgroupId('x')),
    ("workgroup.id.y", Op::WorkgroupId('y')),
    ("workgroup.id.z", Op::WorkgroupId('z')),
    ("wavefrontsize", Op::WaveSize),
    ("mbcnt.lo", Op::MbcntLo),
    ("mbcnt.hi", Op::MbcntHi),
    ("ballot", Op::Ballot),
    ("icmp", Op::Icmp),
    ("fcmp", Op::Fcmp),
    ("readfirstlane", Op::ReadFirstLane),
    ("readlane", Op::ReadLane),
    ("writelane", Op::WriteLane),
    ("ds.bpermute", Op::DsBpermute),
    ("ds.permute", Op::DsPermute),
    ("ds.swizzle", Op::DsSwizzle),
    ("mov.dpp", Op::MovDpp),
    ("update.dpp", Op::UpdateDpp),
    ("wave.barrier", Op::WaveBarrier),
    ("s.barrier", Op::Barrier),
    ("s.waitcnt", Op::Nothing),
    ("s.sleep", Op::Nothing),
    ("s.setprio", Op::Nothing),
    ("sched.barrier", Op::Nothing),
    ("sched.group.barrier", Op::Nothing),
    ("iglp.opt", Op::Nothing),
    ("s.memtime", Op::MemTime),
    ("s.memrealtime", Op::MemRealTime),
    ("ubfe", Op::Ubfe),
    ("sbfe", Op::Sbfe),
    ("alignbyte", Op::AlignByte),
    ("perm", Op::Perm),
    ("rcp", Op::Rcp),
    ("rsq", Op::Rsq),
    ("sqrt", Op::Sqrt),
    ("sin", Op::Sin),
    ("cos", Op::Cos),
    ("exp2", Op::Exp2),
    ("log", Op::Log2),
    ("ldexp", Op::Ldexp),
    ("frexp.mant", Op::FrexpMant),
    ("frexp.exp", Op::FrexpExp),
    ("fmed3", Op::Fmed3),
    ("fract", Op::Fract),
    ("class", Op::Class),
    ("fmul.legacy", Op::FmulLegacy),
    ("dispatch.ptr", Op::DispatchPtr),
    ("implicitarg.ptr", Op::ImplicitArgPtr),
    (
        "sdot2",
        Op::IntDot {
            width: 16,
            signed: true,
        },
    ),
    (
        "udot2",
        Op::IntDot {
            width: 16,
            signed: false,
        },
    ),
    (
        "sdot4",
        Op::IntDot {
            width: 8,
            signed: true,
        },
    ),
    (
        "udot4",
        Op::IntDot {
            width: 8,
            signed: false,
        },
    ),
    (
        "sdot8",
        Op::IntDot {
            width: 4,
            signed: true,
        },
    ),
    (
        "udot8",
        Op::IntDot {
            width: 4,
            signed: false,
        },
    ),
    ("sudot4", Op::MixedDot { width: 8 }),
    ("sudot8", Op::MixedDot { width: 4 }),
    (
        "fdot2",
        Op::FloatDot {
            bf16: false,
            acc: 2,
        },
    ),
    (
        "fdot2.f16.f16",
        Op::FloatDot {
            bf16: false,
            acc: 0,
        },
    ),
    ("fdot2.f32.bf16", Op::FloatDot { bf16: true, acc: 2 }),
    ("fdot2c.f32.bf16", Op::FloatDot { bf16: true, acc: 2 }),
    ("fdot2.bf16.bf16", Op::FloatDot { bf16: true, acc: 1 }),
];

/// The operation for intrinsic `name` (`llvm.amdgcn.readlane.i32` → `ReadLane`).
fn lookup(name: &str) -> Option<Op> {
    let rest = name.strip_prefix(PREFIX)?;
    TABLE
        .iter()
        .filter(|(base, _)| {
            rest == *base
                || rest
                    .strip_prefix(base)
                    .is_some_and(|suffix| suffix.starts_with('.'))
        })
        .max_by_key(|(base, _)| base.len())
        .map(|&(_, op)| op)
}

/// The DPP controls the device library implements (device/amdgcn.hip, `dpp_source`).
fn dpp_control_supported(ctrl: u64) -> bool {
    matches!(ctrl,
        0x000..=0x0ff
        | 0x101..=0x10f
        | 0x111..=0x11f
        | 0x121..=0x12f
        | 0x130 | 0x134 | 0x138 | 0x13c
        | 0x140..=0x143
        | 0x150..=0x16f)
}

fn llvm(e: BuilderError) -> CompileError {
    CompileError::Codegen(format!("binding AMD intrinsics: {e}"))
}

/// Gives every `llvm.amdgcn.*` call of `module` its CPU meaning (see the module docs).
pub fn run(module: &Module<'_>) -> Result<(), CompileError> {
    let mut intrinsics = Vec::new();
    let mut f = module.get_first_function();
    while let Some(func) = f {
        f = func.get_next_function();
        let name = func.get_name().to_string_lossy().into_owned();
        if !name.starts_with(PREFIX) {
            continue;
        }
        let calls = call_sites(func);
        if calls.is_empty() {
            // SAFETY: a declaration nothing refers to.
            unsafe { func.delete() };
            continue;
        }
        let Some(op) = lookup(&name) else {
            return Err(unsupported(
                &calls,
                &name,
                "has no CPU meaning in ferrocm yet",
            ));
        };
        intrinsics.push((func, op, name, calls));
    }
    // The headers call the library's cross-lane functions directly (hip_device_builtins.h).
    let calls_library = module_calls_library(module)?;
    if intrinsics.is_empty() && !calls_library {
        return Ok(());
    }
    if calls_library || intrinsics.iter().any(|(_, op, ..)| op.needs_library()) {
        link_library(module)?;
    }
    let cx = Cx {
        module,
        ctx: module.get_context(),
        b: module.get_context().create_builder(),
    };
    for (func, op, name, calls) in intrinsics {
        for call in calls {
            cx.b.position_before(&call);
            let new = cx.replace(op, &name, call)?;
            if let Some(v) = new {
                // SAFETY: both are live values of the same type in the same function.
                unsafe { LLVMReplaceAllUsesWith(call.as_value_ref(), v.as_value_ref()) };
            }
            call.erase_from_basic_block();
        }
        // SAFETY: every call of the declaration was just erased.
        unsafe { func.delete() };
    }
    Ok(())
}

/// Whether the module declares functions of the device library (the headers' forms of the cross-lane
/// builtins); checks the DPP controls of the calls that are constants (at -O0 they may not be, and
/// the library's own check stops the launch on a control it does not implement).
fn module_calls_library(module: &Module<'_>) -> Result<bool, CompileError> {
    let mut any = false;
    let mut f = module.get_first_function();
    while let Some(func) = f {
        f = func.get_next_function();
        let name = func.get_name().to_string_lossy().into_owned();
        if !name.starts_with("__ferrocm_amdgcn_") || func.count_basic_blocks() > 0 {
            continue;
        }
        any = true;
        if name != "__ferrocm_amdgcn_update_dpp" {
            continue;
        }
        for call in call_sites(func) {
            let ctrl = match call.get_operand(2) {
                Some(inkwell::values::Operand::Value(BasicValueEnum::IntValue(v))) => {
                    v.get_zero_extended_constant()
                }
                _ => None,
            };
            match ctrl {
                Some(c) if dpp_control_supported(c) => {}
                Some(c) => {
                    return Err(unsupported(
                        &[call],
                        "llvm.amdgcn.update.dpp",
                        &format!("with DPP control {c:#x} is not supported"),
                    ))
                }
                // Not folded to a constant (-O0): the library checks it when it runs.
                None => {}
            }
        }
    }
    Ok(any)
}

/// The calls of `func` (an intrinsic is only ever called).
fn call_sites(func: FunctionValue<'_>) -> Vec<InstructionValue<'_>> {
    let mut out = Vec::new();
    let mut u = func.as_global_value().as_pointer_value().get_first_use();
    while let Some(use_) = u {
        u = use_.get_next_use();
        if let AnyValueEnum::InstructionValue(i) = use_.get_user() {
            out.push(i);
        } else if let Some(i) = instruction_of(use_.get_user()) {
            out.push(i);
        }
    }
    out
}

fn instruction_of(v: AnyValueEnum<'_>) -> Option<InstructionValue<'_>> {
    match v {
        AnyValueEnum::IntValue(x) => x.as_instruction(),
        AnyValueEnum::FloatValue(x) => x.as_instruction(),
        AnyValueEnum::PointerValue(x) => x.as_instruction(),
        AnyValueEnum::VectorValue(x) => x.as_instruction(),
        AnyValueEnum::StructValue(x) => x.as_instruction(),
        AnyValueEnum::ArrayValue(x) => x.as_instruction(),
        AnyValueEnum::InstructionValue(i) => Some(i),
        _ => None,
    }
}

fn unsupported(calls: &[InstructionValue<'_>], name: &str, why: &str) -> CompileError {
    let kernel = calls
        .first()
        .and_then(|c| c.get_parent())
        .and_then(|b| b.get_parent())
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .unwrap_or_default();
    let builtin = name
        .strip_prefix(PREFIX)
        .unwrap_or(name)
        .split('.')
        .take_while(|p| !is_type_suffix(p))
        .collect::<Vec<_>>()
        .join("_");
    CompileError::Unsupported {
        kernel,
        message: format!(
            "the AMD GPU intrinsic `{name}` (`__builtin_amdgcn_{builtin}`) {why} on the CPU device"
        ),
    }
}

/// `i32`, `f64`, `v2i16`, `p0`: an overload's type suffix.
fn is_type_suffix(p: &str) -> bool {
    let p = p
        .strip_prefix('v')
        .map_or(p, |r| r.trim_start_matches(|c: char| c.is_ascii_digit()));
    matches!(p.chars().next(), Some('i' | 'f' | 'p'))
        && p.len() > 1
        && p[1..].chars().all(|c| c.is_ascii_digit())
        || p == "bf16"
}

/// Links the device library into `module`; its functions become internal, so the unused ones go away.
fn link_library(module: &Module<'_>) -> Result<(), CompileError> {
    let ctx = module.get_context();
    let buf = MemoryBuffer::create_from_memory_range_copy(LIBRARY, "ferrocm-amdgcn");
    let lib = ctx
        .create_module_from_ir(buf)
        .map_err(|e| CompileError::Codegen(format!("reading the AMD intrinsic library: {e}")))?;
    // Only the functions are wanted: not the compile-unit id or the `llvm.compiler.used` list that
    // clang gives every HIP module (appending lists of other modules may not link with it).
    for prefix in ["llvm.", "__hip_cuid_"] {
        let mut g = lib.get_first_global();
        while let Some(global) = g {
            g = global.get_next_global();
            if global.get_name().to_bytes().starts_with(prefix.as_bytes()) {
                // SAFETY: the lists go first; then nothing refers to the compile-unit id.
                unsafe { global.delete() };
            }
        }
    }
    lib.set_triple(&module.get_triple());
    lib.set_data_layout(&module.get_data_layout());
    module
        .link_in_module(lib)
        .map_err(|e| CompileError::Codegen(format!("linking the AMD intrinsic library: {e}")))?;
    let mut f = module.get_first_function();
    while let Some(func) = f {
        f = func.get_next_function();
        if func.count_basic_blocks() > 0
            && func.get_name().to_bytes().starts_with(b"__ferrocm_amdgcn_")
        {
            func.set_linkage(Linkage::Internal);
        }
    }
    Ok(())
}

struct Cx<'a, 'ctx> {
    module: &'a Module<'ctx>,
    ctx: ContextRef<'ctx>,
    b: Builder<'ctx>,
}

impl<'ctx> Cx<'_, 'ctx> {
    /// Argument `i` of `call`.
    fn arg(
        &self,
        call: InstructionValue<'ctx>,
        i: u32,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        match call.get_operand(i) {
            Some(inkwell::values::Operand::Value(v)) => Ok(v),
            _ => Err(CompileError::Codegen(format!(
                "AMD intrinsic call without argument {i}: {}",
                call.print_to_string()
            ))),
        }
    }

    fn int_arg(
        &self,
        call: InstructionValue<'ctx>,
        i: u32,
    ) -> Result<IntValue<'ctx>, CompileError> {
        match self.arg(call, i)? {
            BasicValueEnum::IntValue(v) => Ok(v),
            v => Err(CompileError::Codegen(format!(
                "AMD intrinsic argument {i} is not an integer: {}",
                v.print_to_string()
            ))),
        }
    }

    fn float_arg(
        &self,
        call: InstructionValue<'ctx>,
        i: u32,
    ) -> Result<FloatValue<'ctx>, CompileError> {
        match self.arg(call, i)? {
            BasicValueEnum::FloatValue(v) => Ok(v),
            v => Err(CompileError::Codegen(format!(
                "AMD intrinsic argument {i} is not a floating-point value: {}",
                v.print_to_string()
            ))),
        }
    }

    /// A constant argument (an `immarg`).
    fn const_arg(&self, call: InstructionValue<'ctx>, i: u32) -> Result<u64, CompileError> {
        self.int_arg(call, i)?
            .get_zero_extended_constant()
            .ok_or_else(|| {
                CompileError::Codegen(format!("AMD intrinsic argument {i} is not a constant"))
            })
    }

    /// The result type of `call`.
    fn ret_ty(&self, call: InstructionValue<'ctx>) -> Option<BasicTypeEnum<'ctx>> {
        BasicTypeEnum::try_from(call.get_type()).ok()
    }

    /// A declared-or-existing function of `module` (`__ferrocm_*` builtins, the library, LLVM intrinsics).
    fn function(
        &self,
        name: &str,
        ret: Option<BasicTypeEnum<'ctx>>,
        params: &[BasicTypeEnum<'ctx>],
    ) -> FunctionValue<'ctx> {
        if let Some(f) = self.module.get_function(name) {
            return f;
        }
        let params: Vec<_> = params.iter().map(|&t| t.into()).collect();
        let ty = match ret {
            Some(r) => r.fn_type(&params, false),
            None => self.ctx.void_type().fn_type(&params, false),
        };
        let f = self.module.add_function(name, ty, None);
        f.set_call_conventions(CC_SPIR_FUNC);
        f
    }

    fn call(
        &self,
        f: FunctionValue<'ctx>,
        args: &[BasicValueEnum<'ctx>],
    ) -> Result<CallSiteValue<'ctx>, CompileError> {
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        let c = self.b.build_call(f, &args, "").map_err(llvm)?;
        c.set_call_convention(f.get_call_conventions());
        Ok(c)
    }

    fn call_value(
        &self,
        f: FunctionValue<'ctx>,
        args: &[BasicValueEnum<'ctx>],
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        self.call(f, args)?
            .try_as_basic_value()
            .basic()
            .ok_or_else(|| CompileError::Codegen(format!("{:?} returns nothing", f.get_name())))
    }

    /// A call of the builtin `__ferrocm_<name>() -> i32`.
    fn builtin_u32(&self, name: &str) -> Result<IntValue<'ctx>, CompileError> {
        let i32t = self.ctx.i32_type().into();
        let f = self.function(&format!("__ferrocm_{name}"), Some(i32t), &[]);
        Ok(self.call_value(f, &[])?.into_int_value())
    }

    /// A call of an LLVM intrinsic overloaded on `types`.
    fn intrinsic(
        &self,
        name: &str,
        types: &[BasicTypeEnum<'ctx>],
        args: &[BasicValueEnum<'ctx>],
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let f = Intrinsic::find(name)
            .and_then(|i| i.get_declaration(self.module, types))
            .ok_or_else(|| CompileError::Codegen(format!("LLVM has no intrinsic {name}")))?;
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        self.b
            .build_call(f, &args, "")
            .map_err(llvm)?
            .try_as_basic_value()
            .basic()
            .ok_or_else(|| CompileError::Codegen(format!("{name} returns nothing")))
    }

    /// A call of the device library's `name` (linked in by [`link_library`]).
    fn library(
        &self,
        name: &str,
        args: &[BasicValueEnum<'ctx>],
    ) -> Result<Option<BasicValueEnum<'ctx>>, CompileError> {
        let f = self.module.get_function(name).ok_or_else(|| {
            CompileError::Codegen(format!("the AMD intrinsic library has no {name}"))
        })?;
        Ok(self.call(f, args)?.try_as_basic_value().basic())
    }

    fn library_value(
        &self,
        name: &str,
        args: &[BasicValueEnum<'ctx>],
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        self.library(name, args)?
            .ok_or_else(|| CompileError::Codegen(format!("{name} returns nothing")))
    }

    /// A value of at most 64 bits as an i64 (bits kept), for the library's lane exchanges.
    fn to_u64(&self, v: BasicValueEnum<'ctx>) -> Result<IntValue<'ctx>, CompileError> {
        let i64t = self.ctx.i64_type();
        let as_int = match v {
            BasicValueEnum::IntValue(i) => i,
            BasicValueEnum::PointerValue(p) => {
                return self.b.build_ptr_to_int(p, i64t, "").map_err(llvm);
            }
            other => {
                let it = self.int_type(self.bits_of(other.get_type())?);
                self.b
                    .build_bit_cast(other, it, "")
                    .map_err(llvm)?
                    .into_int_value()
            }
        };
        if as_int.get_type().get_bit_width() > 64 {
            return Err(CompileError::Codegen(
                "AMD lane intrinsic on a value wider than 64 bits".into(),
            ));
        }
        self.b
            .build_int_z_extend_or_bit_cast(as_int, i64t, "")
            .map_err(llvm)
    }

    /// The inverse of [`Cx::to_u64`].
    fn u64_to(
        &self,
        v: IntValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        match ty {
            BasicTypeEnum::IntType(t) => Ok(self
                .b
                .build_int_truncate_or_bit_cast(v, t, "")
                .map_err(llvm)?
                .into()),
            BasicTypeEnum::PointerType(t) => {
                Ok(self.b.build_int_to_ptr(v, t, "").map_err(llvm)?.into())
            }
            other => {
                let it = self.int_type(self.bits_of(other)?);
                let narrow = self
                    .b
                    .build_int_truncate_or_bit_cast(v, it, "")
                    .map_err(llvm)?;
                self.b.build_bit_cast(narrow, other, "").map_err(llvm)
            }
        }
    }

    /// The integer type of `bits` (1 to 64) bits.
    fn int_type(&self, bits: u32) -> inkwell::types::IntType<'ctx> {
        int_type(self.ctx, bits)
    }

    fn bits_of(&self, ty: BasicTypeEnum<'ctx>) -> Result<u32, CompileError> {
        let bits = type_bits(ty).unwrap_or(0);
        if bits == 0 || bits > 64 {
            return Err(CompileError::Codegen(format!(
                "AMD lane intrinsic on a value of type {} (at most 64 bits are supported)",
                ty.print_to_string()
            )));
        }
        Ok(bits)
    }

    /// The replacement value of one intrinsic call (None for a call without a result).
    fn replace(
        &self,
        op: Op,
        name: &str,
        call: InstructionValue<'ctx>,
    ) -> Result<Option<BasicValueEnum<'ctx>>, CompileError> {
        let b = &self.b;
        let i32t = self.ctx.i32_type();
        let i64t = self.ctx.i64_type();
        let ret = self.ret_ty(call);
        let v: BasicValueEnum = match op {
            Op::WorkitemId(d) => self.builtin_u32(&format!("workitem_id_{d}"))?.into(),
            Op::WorkgroupId(d) => self.builtin_u32(&format!("workgroup_id_{d}"))?.into(),
            Op::WaveSize => self.builtin_u32("warp_size")?.into(),
            Op::MbcntLo | Op::MbcntHi => {
                let (mask, acc) = (self.int_arg(call, 0)?, self.int_arg(call, 1)?);
                let lane = b
                    .build_int_z_extend(self.builtin_u32("lane_id")?, i64t, "")
                    .map_err(llvm)?;
                let bit = b
                    .build_left_shift(i64t.const_int(1, false), lane, "")
                    .map_err(llvm)?;
                let below = b
                    .build_int_sub(bit, i64t.const_int(1, false), "")
                    .map_err(llvm)?;
                let half = if op == Op::MbcntHi {
                    b.build_right_shift(below, i64t.const_int(32, false), false, "")
                        .map_err(llvm)?
                } else {
                    below
                };
                let half = b.build_int_truncate(half, i32t, "").map_err(llvm)?;
                let bits = b.build_and(mask, half, "").map_err(llvm)?;
                let n = self
                    .intrinsic("llvm.ctpop", &[i32t.into()], &[bits.into()])?
                    .into_int_value();
                b.build_int_add(n, acc, "").map_err(llvm)?.into()
            }
            Op::Ballot => {
                let p = self.int_arg(call, 0)?;
                self.ballot(p, ret)?
            }
            Op::Icmp => {
                let (x, y) = (self.int_arg(call, 0)?, self.int_arg(call, 1)?);
                let pred = int_predicate(self.const_arg(call, 2)?).ok_or_else(|| {
                    unsupported(
                        &[call],
                        name,
                        "with this comparison predicate is not supported",
                    )
                })?;
                let p = b.build_int_compare(pred, x, y, "").map_err(llvm)?;
                self.ballot(p, ret)?
            }
            Op::Fcmp => {
                let (x, y) = (self.float_arg(call, 0)?, self.float_arg(call, 1)?);
                let pred = float_predicate(self.const_arg(call, 2)?).ok_or_else(|| {
                    unsupported(
                        &[call],
                        name,
                        "with this comparison predicate is not supported",
                    )
                })?;
                let p = b.build_float_compare(pred, x, y, "").map_err(llvm)?;
                self.ballot(p, ret)?
            }
            Op::ReadFirstLane => {
                let v = self.arg(call, 0)?;
                let r = self
                    .library_value("__ferrocm_amdgcn_readfirstlane", &[self.to_u64(v)?.into()])?;
                self.u64_to(r.into_int_value(), v.get_type())?
            }
            Op::ReadLane => {
                let v = self.arg(call, 0)?;
                let lane = self.int_arg(call, 1)?;
                let r = self.library_value(
                    "__ferrocm_amdgcn_readlane",
                    &[self.to_u64(v)?.into(), lane.into()],
                )?;
                self.u64_to(r.into_int_value(), v.get_type())?
            }
            Op::WriteLane => {
                // The value in lane `lane`, `old` elsewhere (no exchange: `value` is uniform).
                let (v, lane, old) = (
                    self.arg(call, 0)?,
                    self.int_arg(call, 1)?,
                    self.arg(call, 2)?,
                );
                let me = self.builtin_u32("lane_id")?;
                let is_me = b
                    .build_int_compare(IntPredicate::EQ, me, lane, "")
                    .map_err(llvm)?;
                b.build_select(is_me, v, old, "").map_err(llvm)?
            }
            Op::DsBpermute | Op::DsPermute | Op::DsSwizzle | Op::Perm => {
                let f = match op {
                    Op::DsBpermute => "__ferrocm_amdgcn_ds_bpermute",
                    Op::DsPermute => "__ferrocm_amdgcn_ds_permute",
                    Op::DsSwizzle => "__ferrocm_amdgcn_ds_swizzle",
                    _ => "__ferrocm_amdgcn_perm",
                };
                let n = if op == Op::Perm { 3 } else { 2 };
                let args = (0..n)
                    .map(|i| self.arg(call, i))
                    .collect::<Result<Vec<_>, _>>()?;
                self.library_value(f, &args)?
            }
            Op::MovDpp | Op::UpdateDpp => {
                let first = if op == Op::MovDpp { 0 } else { 1 };
                let src = self.arg(call, first)?;
                // clang-19 writes `__builtin_amdgcn_mov_dpp` as update.dpp with a poison `old`: a
                // lane whose write is disabled then keeps 0, not a value LLVM may pick freely
                // (which would let it read the nonexistent source lane).
                let old = match op {
                    Op::MovDpp => i64t.const_zero(),
                    _ => {
                        let old = self.arg(call, 0)?;
                        // SAFETY: `old` is a live value of the module.
                        let undefined = unsafe {
                            llvm_sys::core::LLVMIsUndef(old.as_value_ref()) != 0
                                || llvm_sys::core::LLVMIsPoison(old.as_value_ref()) != 0
                        };
                        if undefined {
                            i64t.const_zero()
                        } else {
                            self.to_u64(old)?
                        }
                    }
                };
                let ctrl = self.const_arg(call, first + 1)?;
                if !dpp_control_supported(ctrl) {
                    return Err(unsupported(
                        &[call],
                        name,
                        &format!("with DPP control {ctrl:#x} is not supported"),
                    ));
                }
                let args = [
                    old.into(),
                    self.to_u64(src)?.into(),
                    self.int_arg(call, first + 1)?.into(),
                    self.int_arg(call, first + 2)?.into(),
                    self.int_arg(call, first + 3)?.into(),
                    self.int_arg(call, first + 4)?.into(),
                ];
                let r = self.library_value("__ferrocm_amdgcn_update_dpp", &args)?;
                self.u64_to(r.into_int_value(), src.get_type())?
            }
            Op::WaveBarrier => {
                self.library("__ferrocm_amdgcn_wave_barrier", &[])?;
                return Ok(None);
            }
            Op::Barrier => {
                let f = self.function("__ferrocm_barrier", None, &[]);
                let kind = inkwell::attributes::Attribute::get_named_enum_kind_id("convergent");
                f.add_attribute(
                    AttributeLoc::Function,
                    self.ctx.create_enum_attribute(kind, 0),
                );
                self.call(f, &[])?;
                return Ok(None);
            }
            Op::Nothing => return Ok(None),
            Op::IntDot { .. } | Op::MixedDot { .. } | Op::FloatDot { .. } => self.dot(op, call)?,
            Op::MemTime => self.library_value("__ferrocm_amdgcn_s_memtime", &[])?,
            Op::MemRealTime => self.library_value("__ferrocm_amdgcn_s_memrealtime", &[])?,
            Op::Ubfe | Op::Sbfe => {
                let (src, off, width) = (
                    self.int_arg(call, 0)?,
                    self.int_arg(call, 1)?,
                    self.int_arg(call, 2)?,
                );
                let t = src.get_type();
                let n = t.get_bit_width() as u64;
                let low = t.const_int(n - 1, false);
                let off = b
                    .build_and(b.build_int_cast(off, t, "").map_err(llvm)?, low, "")
                    .map_err(llvm)?;
                let width = b
                    .build_and(b.build_int_cast(width, t, "").map_err(llvm)?, low, "")
                    .map_err(llvm)?;
                let zero = b
                    .build_int_compare(IntPredicate::EQ, width, t.const_zero(), "")
                    .map_err(llvm)?;
                let field = if op == Op::Ubfe {
                    let shifted = b.build_right_shift(src, off, false, "").map_err(llvm)?;
                    let one = t.const_int(1, false);
                    let mask = b
                        .build_int_sub(b.build_left_shift(one, width, "").map_err(llvm)?, one, "")
                        .map_err(llvm)?;
                    b.build_and(shifted, mask, "").map_err(llvm)?
                } else {
                    // Arithmetic shift down to the field, then sign-extend its `width` low bits.
                    let shifted = b.build_right_shift(src, off, true, "").map_err(llvm)?;
                    let up = b
                        .build_int_sub(t.const_int(n, false), width, "")
                        .map_err(llvm)?;
                    let hi = b.build_left_shift(shifted, up, "").map_err(llvm)?;
                    b.build_right_shift(hi, up, true, "").map_err(llvm)?
                };
                b.build_select(zero, t.const_zero(), field, "")
                    .map_err(llvm)?
            }
            Op::AlignByte => {
                let (hi, lo, s) = (
                    self.int_arg(call, 0)?,
                    self.int_arg(call, 1)?,
                    self.int_arg(call, 2)?,
                );
                let s = b.build_and(s, i32t.const_int(3, false), "").map_err(llvm)?;
                let s = b
                    .build_int_mul(s, i32t.const_int(8, false), "")
                    .map_err(llvm)?;
                self.intrinsic(
                    "llvm.fshr",
                    &[i32t.into()],
                    &[hi.into(), lo.into(), s.into()],
                )?
            }
            Op::Rcp | Op::Rsq | Op::Sqrt | Op::Sin | Op::Cos | Op::Exp2 | Op::Log2 | Op::Fract => {
                let x = self.float_arg(call, 0)?;
                self.unary_math(op, x)?
            }
            Op::Ldexp => {
                let (x, e) = (self.float_arg(call, 0)?, self.int_arg(call, 1)?);
                let e = b
                    .build_int_cast_sign_flag(e, i32t, true, "")
                    .map_err(llvm)?;
                self.intrinsic(
                    "llvm.ldexp",
                    &[x.get_type().into(), i32t.into()],
                    &[x.into(), e.into()],
                )?
            }
            Op::FrexpMant | Op::FrexpExp => {
                let x = self.float_arg(call, 0)?;
                let pair = self.intrinsic(
                    "llvm.frexp",
                    &[x.get_type().into(), i32t.into()],
                    &[x.into()],
                )?;
                let pair = pair.into_struct_value();
                if op == Op::FrexpMant {
                    b.build_extract_value(pair, 0, "").map_err(llvm)?
                } else {
                    // The hardware's exponent of an infinity or NaN is 0.
                    let e = b
                        .build_extract_value(pair, 1, "")
                        .map_err(llvm)?
                        .into_int_value();
                    let fin = self.is_class(x, 0x1f8)?;
                    let e = b
                        .build_select(fin, e, i32t.const_zero(), "")
                        .map_err(llvm)?
                        .into_int_value();
                    match ret {
                        Some(BasicTypeEnum::IntType(t)) => b
                            .build_int_truncate_or_bit_cast(e, t, "")
                            .map_err(llvm)?
                            .into(),
                        _ => e.into(),
                    }
                }
            }
            Op::Fmed3 => {
                let (x, y, z) = (
                    self.float_arg(call, 0)?,
                    self.float_arg(call, 1)?,
                    self.float_arg(call, 2)?,
                );
                let t: BasicTypeEnum = x.get_type().into();
                let lo = self.intrinsic("llvm.minnum", &[t], &[x.into(), y.into()])?;
                let hi = self.intrinsic("llvm.maxnum", &[t], &[x.into(), y.into()])?;
                let hi_z = self.intrinsic("llvm.minnum", &[t], &[hi, z.into()])?;
                self.intrinsic("llvm.maxnum", &[t], &[lo, hi_z])?
            }
            Op::Class => {
                let (x, mask) = (self.float_arg(call, 0)?, self.int_arg(call, 1)?);
                // Bit i of AMD's class mask is the class LLVM's is.fpclass names with bit i.
                let mut any = self.ctx.bool_type().const_zero();
                for bit in 0..10u64 {
                    let want = b
                        .build_and(mask, mask.get_type().const_int(1 << bit, false), "")
                        .map_err(llvm)?;
                    let want = b
                        .build_int_compare(IntPredicate::NE, want, mask.get_type().const_zero(), "")
                        .map_err(llvm)?;
                    let is = self.is_class(x, 1 << bit)?;
                    let hit = b.build_and(want, is, "").map_err(llvm)?;
                    any = b.build_or(any, hit, "").map_err(llvm)?;
                }
                any.into()
            }
            Op::FmulLegacy => {
                // 0 times anything (infinity and NaN included) is +0.
                let (x, y) = (self.float_arg(call, 0)?, self.float_arg(call, 1)?);
                let zero = x.get_type().const_zero();
                let xz = b
                    .build_float_compare(FloatPredicate::OEQ, x, zero, "")
                    .map_err(llvm)?;
                let yz = b
                    .build_float_compare(FloatPredicate::OEQ, y, zero, "")
                    .map_err(llvm)?;
                let either = b.build_or(xz, yz, "").map_err(llvm)?;
                let p = b.build_float_mul(x, y, "").map_err(llvm)?;
                b.build_select(either, zero, p, "").map_err(llvm)?
            }
            Op::DispatchPtr | Op::ImplicitArgPtr => self.dispatch_block(op, call)?,
        };
        Ok(Some(v))
    }

    /// A ballot of `p` (i1), as the call's result type (i32 or i64).
    /// A 32-bit (or narrower) argument's bits as an i32, for the library's dot products.
    fn bits32(&self, call: InstructionValue<'ctx>, i: u32) -> Result<IntValue<'ctx>, CompileError> {
        let v = self.to_u64(self.arg(call, i)?)?;
        self.b
            .build_int_truncate(v, self.ctx.i32_type(), "")
            .map_err(llvm)
    }

    /// A dot-product intrinsic through the library's `__ferrocm_amdgcn_idot`/`_fdot2`.
    fn dot(
        &self,
        op: Op,
        call: InstructionValue<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let i32t = self.ctx.i32_type();
        let k = |v: u64| BasicValueEnum::from(i32t.const_int(v, false));
        let flag = |i| Ok::<u64, CompileError>(self.const_arg(call, i)? & 1);
        // The library function, the positions of a, b and c, and the constants that follow them.
        let (name, sources, consts) = match op {
            Op::IntDot { width, signed } => {
                let flags = if signed { 3 } else { 0 } | flag(3)? << 2;
                (
                    "__ferrocm_amdgcn_idot",
                    [0, 1, 2],
                    vec![width.into(), flags],
                )
            }
            Op::MixedDot { width } => {
                let flags = flag(0)? | flag(2)? << 1 | flag(5)? << 2;
                (
                    "__ferrocm_amdgcn_idot",
                    [1, 3, 4],
                    vec![width.into(), flags],
                )
            }
            Op::FloatDot { bf16, acc } => {
                // Only the f32-result forms take a clamp argument.
                let clamp = if acc == 2 { flag(3)? } else { 0 };
                let consts = vec![bf16.into(), acc.into(), clamp];
                ("__ferrocm_amdgcn_fdot2", [0, 1, 2], consts)
            }
            _ => {
                return Err(CompileError::Codegen(format!(
                    "{op:?} is not a dot product"
                )))
            }
        };
        let mut args = Vec::with_capacity(sources.len() + consts.len());
        for i in sources {
            args.push(self.bits32(call, i)?.into());
        }
        args.extend(consts.into_iter().map(k));
        let r = self.library_value(name, &args)?.into_int_value();
        let ty = self.ret_ty(call).ok_or_else(|| {
            CompileError::Codegen("a dot-product intrinsic without a result".into())
        })?;
        self.u64_to(r, ty)
    }

    fn ballot(
        &self,
        p: IntValue<'ctx>,
        ret: Option<BasicTypeEnum<'ctx>>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let r = self
            .library_value("__ferrocm_amdgcn_ballot", &[p.into()])?
            .into_int_value();
        match ret {
            Some(BasicTypeEnum::IntType(t)) => Ok(self
                .b
                .build_int_truncate_or_bit_cast(r, t, "")
                .map_err(llvm)?
                .into()),
            _ => Ok(r.into()),
        }
    }

    /// `llvm.is.fpclass(x, classes)`.
    fn is_class(&self, x: FloatValue<'ctx>, classes: u64) -> Result<IntValue<'ctx>, CompileError> {
        let c = self.ctx.i32_type().const_int(classes, false);
        Ok(self
            .intrinsic(
                "llvm.is.fpclass",
                &[x.get_type().into()],
                &[x.into(), c.into()],
            )?
            .into_int_value())
    }

    fn unary_math(
        &self,
        op: Op,
        x: FloatValue<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let b = &self.b;
        let t = x.get_type();
        let tb: BasicTypeEnum = t.into();
        let one = t.const_float(1.0);
        Ok(match op {
            Op::Rcp => b.build_float_div(one, x, "").map_err(llvm)?.into(),
            Op::Rsq => {
                let s = self
                    .intrinsic("llvm.sqrt", &[tb], &[x.into()])?
                    .into_float_value();
                b.build_float_div(one, s, "").map_err(llvm)?.into()
            }
            Op::Sqrt => self.intrinsic("llvm.sqrt", &[tb], &[x.into()])?,
            Op::Exp2 => self.intrinsic("llvm.exp2", &[tb], &[x.into()])?,
            Op::Log2 => self.intrinsic("llvm.log2", &[tb], &[x.into()])?,
            Op::Sin | Op::Cos => {
                // The hardware's argument is in turns: sin(2πx).
                let turns = b
                    .build_float_mul(x, t.const_float(std::f64::consts::TAU), "")
                    .map_err(llvm)?;
                let f = if op == Op::Sin {
                    "llvm.sin"
                } else {
                    "llvm.cos"
                };
                self.intrinsic(f, &[tb], &[turns.into()])?
            }
            _ => {
                // fract: x - floor(x), below 1 (the largest value under 1 of the type); NaN stays NaN.
                let fl = self
                    .intrinsic("llvm.floor", &[tb], &[x.into()])?
                    .into_float_value();
                let d = b.build_float_sub(x, fl, "").map_err(llvm)?;
                let below_one = t.const_float(below_one(float_bits(t)));
                let m = self.intrinsic("llvm.minnum", &[tb], &[d.into(), below_one.into()])?;
                let nan = b
                    .build_float_compare(FloatPredicate::UNO, x, x, "")
                    .map_err(llvm)?;
                b.build_select(nan, BasicValueEnum::from(x), m, "")
                    .map_err(llvm)?
            }
        })
    }

    /// `llvm.amdgcn.dispatch.ptr` (the HSA kernel-dispatch packet) and `llvm.amdgcn.implicitarg.ptr`
    /// (code object v5's hidden kernel arguments): a block in the calling work-item's private memory
    /// with the launch's sizes at the offsets AMD's ABI gives them, everything else 0.
    fn dispatch_block(
        &self,
        op: Op,
        call: InstructionValue<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, CompileError> {
        let b = &self.b;
        let i8t = self.ctx.i8_type();
        let i16t = self.ctx.i16_type();
        let i32t = self.ctx.i32_type();
        let size = if op == Op::DispatchPtr { 64 } else { 256 };
        let func = call
            .get_parent()
            .and_then(|bb| bb.get_parent())
            .ok_or_else(|| CompileError::Codegen("AMD intrinsic call outside a function".into()))?;
        let entry = func
            .get_first_basic_block()
            .ok_or_else(|| CompileError::Codegen("function without blocks".into()))?;
        let alloca_b = self.ctx.create_builder();
        match entry.get_first_instruction() {
            Some(first) => alloca_b.position_before(&first),
            None => alloca_b.position_at_end(entry),
        }
        let block_ty = i8t.array_type(size);
        let block = alloca_b
            .build_alloca(block_ty, "amdgcn.dispatch")
            .map_err(llvm)?;
        if let Some(a) = block.as_instruction() {
            a.set_alignment(8)
                .map_err(|e| CompileError::Codegen(e.to_string()))?;
        }
        b.build_memset(
            block,
            8,
            i8t.const_zero(),
            i32t.const_int(size as u64, false),
        )
        .map_err(llvm)?;
        let store = |offset: u64, v: IntValue<'ctx>| -> Result<(), CompileError> {
            // SAFETY: the offset lies inside the block (at most 64 of its 64 or 256 bytes).
            let p = unsafe {
                b.build_in_bounds_gep(
                    i8t,
                    block,
                    &[self.ctx.i64_type().const_int(offset, false)],
                    "",
                )
            }
            .map_err(llvm)?;
            b.build_store(p, v).map_err(llvm)?;
            Ok(())
        };
        for (i, d) in ['x', 'y', 'z'].into_iter().enumerate() {
            let i = i as u64;
            let wg = self.builtin_u32(&format!("workgroup_size_{d}"))?;
            let groups = self.builtin_u32(&format!("num_workgroups_{d}"))?;
            let wg16 = b.build_int_truncate(wg, i16t, "").map_err(llvm)?;
            if op == Op::DispatchPtr {
                store(4 + 2 * i, wg16)?;
                store(12 + 4 * i, b.build_int_mul(wg, groups, "").map_err(llvm)?)?;
            } else {
                store(4 * i, groups)?;
                store(12 + 2 * i, wg16)?;
            }
        }
        if op == Op::DispatchPtr {
            store(2, i16t.const_int(3, false))?; // setup: dimensions
        } else {
            store(64, i16t.const_int(3, false))?; // hidden_grid_dims
        }
        let want = match call.get_type() {
            inkwell::types::AnyTypeEnum::PointerType(t) => t,
            _ => self.ctx.ptr_type(AddressSpace::from(4u16)),
        };
        if block.get_type() == want {
            Ok(block.into())
        } else {
            Ok(b.build_address_space_cast(block, want, "")
                .map_err(llvm)?
                .into())
        }
    }
}

/// The integer type of `bits` bits (i64 where no such type can be made).
pub(crate) fn int_type(ctx: ContextRef<'_>, bits: u32) -> inkwell::types::IntType<'_> {
    match bits {
        8 => ctx.i8_type(),
        16 => ctx.i16_type(),
        32 => ctx.i32_type(),
        64 => ctx.i64_type(),
        n => std::num::NonZeroU32::new(n)
            .and_then(|n| ctx.custom_width_int_type(n).ok())
            .unwrap_or_else(|| ctx.i64_type()),
    }
}

/// The size in bits of an integer, float, or vector of them; None for other types.
pub(crate) fn type_bits(ty: BasicTypeEnum<'_>) -> Option<u32> {
    let bits = match ty {
        BasicTypeEnum::IntType(t) => t.get_bit_width(),
        BasicTypeEnum::FloatType(t) => float_bits(t),
        BasicTypeEnum::VectorType(t) => {
            let elem = match t.get_element_type() {
                BasicTypeEnum::IntType(e) => e.get_bit_width(),
                BasicTypeEnum::FloatType(e) => float_bits(e),
                _ => 0,
            };
            elem * t.get_size()
        }
        _ => 0,
    };
    (bits > 0).then_some(bits)
}

fn float_bits(t: inkwell::types::FloatType<'_>) -> u32 {
    let ctx = t.get_context();
    if t == ctx.f16_type() || t == ctx.bf16_type() {
        16
    } else if t == ctx.f32_type() {
        32
    } else {
        64
    }
}

/// The largest value below 1 of a float type of `bits` bits.
fn below_one(bits: u32) -> f64 {
    let mantissa = match bits {
        16 => 10,
        32 => 23,
        _ => 52,
    };
    1.0 - 2f64.powi(-(mantissa + 1))
}

/// LLVM's `CmpInst` predicate numbers (what `llvm.amdgcn.icmp`'s third argument holds).
fn int_predicate(p: u64) -> Option<IntPredicate> {
    Some(match p {
        32 => IntPredicate::EQ,
        33 => IntPredicate::NE,
        34 => IntPredicate::UGT,
        35 => IntPredicate::UGE,
        36 => IntPredicate::ULT,
        37 => IntPredicate::ULE,
        38 => IntPredicate::SGT,
        39 => IntPredicate::SGE,
        40 => IntPredicate::SLT,
        41 => IntPredicate::SLE,
        _ => return None,
    })
}

fn float_predicate(p: u64) -> Option<FloatPredicate> {
    Some(match p {
        0 => FloatPredicate::PredicateFalse,
        1 => FloatPredicate::OEQ,
        2 => FloatPredicate::OGT,
        3 => FloatPredicate::OGE,
        4 => FloatPredicate::OLT,
        5 => FloatPredicate::OLE,
        6 => FloatPredicate::ONE,
        7 => FloatPredicate::ORD,
        8 => FloatPredicate::UNO,
        9 => FloatPredicate::UEQ,
        10 => FloatPredicate::UGT,
        11 => FloatPredicate::UGE,
        12 => FloatPredicate::ULT,
        13 => FloatPredicate::ULE,
        14 => FloatPredicate::UNE,
        15 => FloatPredicate::PredicateTrue,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_to_the_longest_base() {
        assert_eq!(lookup("llvm.amdgcn.readlane.i32"), Some(Op::ReadLane));
        assert_eq!(
            lookup("llvm.amdgcn.readfirstlane.f32"),
            Some(Op::ReadFirstLane)
        );
        assert_eq!(lookup("llvm.amdgcn.sched.group.barrier"), Some(Op::Nothing));
        assert_eq!(lookup("llvm.amdgcn.s.barrier"), Some(Op::Barrier));
        assert_eq!(lookup("llvm.amdgcn.wave.barrier"), Some(Op::WaveBarrier));
        assert_eq!(lookup("llvm.amdgcn.icmp.i64.i32"), Some(Op::Icmp));
        assert_eq!(lookup("llvm.amdgcn.frexp.exp.i32.f32"), Some(Op::FrexpExp));
        assert_eq!(lookup("llvm.amdgcn.sin.f32"), Some(Op::Sin));
        assert_eq!(lookup("llvm.amdgcn.mfma.f32.32x32x8f16"), None);
        assert_eq!(lookup("llvm.amdgcn.s.barrierx"), None);
        assert_eq!(lookup("llvm.amdgcn.permlane16"), None);
    }

    #[test]
    fn builtin_names_in_errors_drop_type_suffixes() {
        let e = unsupported(&[], "llvm.amdgcn.mfma.f32.32x32x8f16", "has no CPU meaning");
        assert!(e.to_string().contains("__builtin_amdgcn_mfma"), "{e}");
        let e = unsupported(&[], "llvm.amdgcn.permlane16.i32", "x");
        assert!(
            e.to_string().contains("`__builtin_amdgcn_permlane16`"),
            "{e}"
        );
    }

    /// Runs the pass on textual IR and gives the result's text.
    fn bind(ir: &str) -> Result<String, CompileError> {
        let ctx = inkwell::context::Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "test");
        let m = ctx.create_module_from_ir(buf).expect("valid IR");
        run(&m)?;
        m.verify()
            .map_err(|e| CompileError::Codegen(e.to_string()))?;
        Ok(m.print_to_string().to_string())
    }

    const HEAD: &str = "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1-P4-A0\"\ntarget triple = \"spirv64-amd-amdhsa\"\n";

    #[test]
    fn lane_exchanges_of_any_type_go_through_the_library_as_64_bits() {
        let out = bind(&format!(
            "{HEAD}define spir_kernel void @k(ptr addrspace(1) %p, i64 %x, float %f) addrspace(4) {{
  %a = call i64 @llvm.amdgcn.readlane.i64(i64 %x, i32 3)
  %b = call float @llvm.amdgcn.readfirstlane.f32(float %f)
  %c = call i64 @llvm.amdgcn.update.dpp.i64(i64 %x, i64 %a, i32 273, i32 15, i32 15, i1 false)
  %bi = bitcast float %b to i32
  store i32 %bi, ptr addrspace(1) %p
  store i64 %c, ptr addrspace(1) %p
  ret void
}}
declare i64 @llvm.amdgcn.readlane.i64(i64, i32) addrspace(4)
declare float @llvm.amdgcn.readfirstlane.f32(float) addrspace(4)
declare i64 @llvm.amdgcn.update.dpp.i64(i64, i64, i32, i32, i32, i1) addrspace(4)
"
        ))
        .expect("binds");
        assert!(!out.contains("@llvm.amdgcn."), "{out}");
        assert!(
            out.contains("@__ferrocm_amdgcn_readlane(i64 %x, i32 3)"),
            "{out}"
        );
        assert!(out.contains("@__ferrocm_amdgcn_readfirstlane(i64"), "{out}");
        assert!(
            out.contains("@__ferrocm_amdgcn_update_dpp(i64 %x,"),
            "{out}"
        );
        assert!(
            out.contains("define internal spir_func i64 @__ferrocm_amdgcn_readlane"),
            "{out}"
        );
        assert!(
            !out.contains("llvm.cmdline"),
            "the library carries its command line:\n{out}"
        );
    }

    #[test]
    fn dot_products_pass_bits_and_constant_flags_to_the_library() {
        let out = bind(&format!(
            "{HEAD}define spir_kernel void @k(ptr addrspace(1) %p, i32 %x, i32 %y, <2 x i16> %s, <2 x half> %h, half %c, <2 x bfloat> %b, bfloat %bc) addrspace(4) {{
  %a = call i32 @llvm.amdgcn.sdot4(i32 %x, i32 %y, i32 7, i1 true)
  %m = call i32 @llvm.amdgcn.sudot8(i1 false, i32 %x, i1 true, i32 %y, i32 %a, i1 false)
  %u = call i32 @llvm.amdgcn.udot2(<2 x i16> %s, <2 x i16> %s, i32 %m, i1 false)
  %f = call float @llvm.amdgcn.fdot2(<2 x half> %h, <2 x half> %h, float 1.0, i1 true)
  %g = call half @llvm.amdgcn.fdot2.f16.f16(<2 x half> %h, <2 x half> %h, half %c)
  %r = call bfloat @llvm.amdgcn.fdot2.bf16.bf16(<2 x bfloat> %b, <2 x bfloat> %b, bfloat %bc)
  store i32 %u, ptr addrspace(1) %p
  store float %f, ptr addrspace(1) %p
  store half %g, ptr addrspace(1) %p
  store bfloat %r, ptr addrspace(1) %p
  ret void
}}
declare i32 @llvm.amdgcn.sdot4(i32, i32, i32, i1 immarg) addrspace(4)
declare i32 @llvm.amdgcn.sudot8(i1 immarg, i32, i1 immarg, i32, i32, i1 immarg) addrspace(4)
declare i32 @llvm.amdgcn.udot2(<2 x i16>, <2 x i16>, i32, i1 immarg) addrspace(4)
declare float @llvm.amdgcn.fdot2(<2 x half>, <2 x half>, float, i1 immarg) addrspace(4)
declare half @llvm.amdgcn.fdot2.f16.f16(<2 x half>, <2 x half>, half) addrspace(4)
declare bfloat @llvm.amdgcn.fdot2.bf16.bf16(<2 x bfloat>, <2 x bfloat>, bfloat) addrspace(4)
"
        ))
        .expect("binds");
        assert!(!out.contains("@llvm.amdgcn."), "{out}");
        // sdot4: 8-bit fields, both signed (1 | 2), clamp (4).
        assert!(out.contains("i32 7, i32 8, i32 7)"), "{out}");
        // sudot8: a unsigned, b signed (2), no clamp.
        assert!(out.contains("i32 4, i32 2)"), "{out}");
        // udot2: 16-bit fields, unsigned.
        assert!(out.contains("i32 16, i32 0)"), "{out}");
        // fdot2: halves, f32 accumulator (2), clamp; the f16 and bf16 forms never clamp.
        assert!(
            out.contains("i32 1065353216, i32 0, i32 2, i32 1)"),
            "{out}"
        );
        assert!(out.contains("i32 0, i32 0, i32 0)"), "{out}");
        assert!(out.contains("i32 1, i32 1, i32 0)"), "{out}");
        assert!(
            out.contains("define internal spir_func i32 @__ferrocm_amdgcn_fdot2"),
            "{out}"
        );
    }

    #[test]
    fn ids_waits_and_bit_fields_need_no_library() {
        let out = bind(&format!(
            "{HEAD}define spir_kernel void @k(ptr addrspace(1) %p, i32 %x) addrspace(4) {{
  %id = call i32 @llvm.amdgcn.workitem.id.y()
  call void @llvm.amdgcn.s.waitcnt(i32 0)
  %f = call i32 @llvm.amdgcn.ubfe.i32(i32 %x, i32 %id, i32 5)
  store i32 %f, ptr addrspace(1) %p
  ret void
}}
declare i32 @llvm.amdgcn.workitem.id.y() addrspace(4)
declare void @llvm.amdgcn.s.waitcnt(i32) addrspace(4)
declare i32 @llvm.amdgcn.ubfe.i32(i32, i32, i32) addrspace(4)
"
        ))
        .expect("binds");
        assert!(!out.contains("@llvm.amdgcn."), "{out}");
        assert!(out.contains("@__ferrocm_workitem_id_y()"), "{out}");
        assert!(
            !out.contains("__ferrocm_amdgcn_"),
            "library linked without need:\n{out}"
        );
    }

    #[test]
    fn unknown_intrinsics_are_errors_naming_intrinsic_and_kernel() {
        let e = bind(&format!(
            "{HEAD}define spir_kernel void @mfma_user(ptr addrspace(1) %p) addrspace(4) {{
  %v = call i64 @llvm.amdgcn.s.getpc()
  store i64 %v, ptr addrspace(1) %p
  ret void
}}
declare i64 @llvm.amdgcn.s.getpc() addrspace(4)
"
        ))
        .expect_err("unknown intrinsic");
        assert!(
            matches!(&e, CompileError::Unsupported { kernel, .. } if kernel == "mfma_user"),
            "{e:?}"
        );
        assert!(e.to_string().contains("`llvm.amdgcn.s.getpc`"), "{e}");
    }

    #[test]
    fn dpp_controls() {
        assert!(dpp_control_supported(0x111));
        assert!(dpp_control_supported(0xe4));
        assert!(dpp_control_supported(0x142));
        assert!(!dpp_control_supported(0x100));
        assert!(!dpp_control_supported(0x144));
        assert!(!dpp_control_supported(0x170));
    }
}
