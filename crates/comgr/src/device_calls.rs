//! Device functions that stay calls after inlining: those reached through a pointer (a function
//! pointer kept in a device variable, a virtual function) and recursive ones.
//!
//! Such a function runs inside some kernel's work-item loop, but the loop's values (which work-item
//! is running, the work-group's context) are not in scope there. What it may still use is what
//! needs only the work-group's context: `printf` and the dispatch values that are the same for the
//! whole group (blockIdx, blockDim, gridDim, the warp size). Every work-group function stores its
//! context pointer in a thread-local slot ([`CTX_SLOT`]) as it starts, when the module has such a
//! function (a work-group runs on one thread from start to end), and these calls read it back.
//! The work-item id, barriers, warp functions, `assert`/`__trap` and the grid barrier need the
//! work-item loop itself; a function left as a call that uses them is a compile error naming it.
use crate::error::CompileError;
use crate::ir::{Builder, Module, Val};
use kernel_abi::ctx_offsets;

/// The thread-local slot holding the running work-group's context.
pub const CTX_SLOT: &str = "__ferrocm_wg_ctx";

/// The group-uniform builtins and the context field (and component) each reads.
fn uniform_field(name: &str) -> Option<u64> {
    let xyz = |base: u64, axis: &str| match axis {
        "x" => Some(base),
        "y" => Some(base + 4),
        "z" => Some(base + 8),
        _ => None,
    };
    if let Some(axis) = name.strip_prefix("__ferrocm_workgroup_id_") {
        return xyz(ctx_offsets::GROUP_ID, axis);
    }
    if let Some(axis) = name.strip_prefix("__ferrocm_workgroup_size_") {
        return xyz(ctx_offsets::BLOCK_DIM, axis);
    }
    if let Some(axis) = name.strip_prefix("__ferrocm_num_workgroups_") {
        return xyz(ctx_offsets::NUM_GROUPS, axis);
    }
    (name == "__ferrocm_warp_size").then_some(ctx_offsets::WARP_SIZE)
}

/// Binds `printf` and the group-uniform builtins in every defined function that is not a kernel,
/// through the context slot. Returns the slot when some function reads it (the kernels must then
/// fill it), `None` when none does.
pub fn run(m: Module, kernels: &[String]) -> Result<Option<Val>, CompileError> {
    let b = m.builder();
    let mut slot = None;
    for f in m.functions() {
        if f.is_declaration() || kernels.contains(&f.name()) {
            continue;
        }
        let mut calls = Vec::new();
        for blk in f.blocks() {
            for i in blk.instructions() {
                if !i.is_call() {
                    continue;
                }
                let Some(name) = i.called_function().map(|c| c.name()) else {
                    continue;
                };
                if name == "printf" || uniform_field(&name).is_some() {
                    calls.push((i, name));
                } else if name.starts_with("__ferrocm_") {
                    return Err(CompileError::Unsupported {
                        kernel: f.name(),
                        message: format!(
                            "device function is not inlined into its kernel (it is called through a \
                             pointer, virtually or recursively) and uses `{name}` (threadIdx, \
                             barriers, warp functions, assert or the grid barrier), which only code \
                             inlined into the kernel can use on the CPU device"
                        ),
                    });
                }
            }
        }
        if calls.is_empty() {
            continue;
        }
        let slot = *slot.get_or_insert_with(|| m.add_thread_local_ptr(CTX_SLOT));
        let Some(first) = f.entry_block().and_then(|e| e.first_instruction()) else {
            continue;
        };
        // Read once, first: the calls below may be the entry block's first instructions, and go.
        b.before(first);
        let ctx = b.load(m.ptr(0), slot, "wg.ctx");
        for (call, name) in calls {
            b.before(call);
            if let Some(off) = uniform_field(&name) {
                let p = b.gep(m.i8(), ctx, &[m.const_int(m.i64(), off)]);
                let v = b.load(m.i32(), p, &name);
                call.replace_all_uses_with(v);
                call.erase();
                continue;
            }
            let p = b.gep(m.i8(), ctx, &[m.const_int(m.i64(), ctx_offsets::PRINTF)]);
            let printf_fn = b.load(m.ptr(0), p, "printf_fn");
            // The argument slots live in the entry block, as the kernels' own do.
            b.before(ctx);
            let buf = b.array_alloca(
                m.i64(),
                m.const_int(m.i32(), printf_arg_slots(call)),
                "printf.args",
            );
            bind_printf(m, &b, call, ctx, printf_fn, buf).map_err(|message| {
                CompileError::Unsupported {
                    kernel: f.name(),
                    message,
                }
            })?;
        }
    }
    Ok(slot)
}

/// Slots of the argument array a `printf` call needs (at least one, so the array exists).
pub fn printf_arg_slots(call: Val) -> u64 {
    u64::from(call.num_call_args().saturating_sub(1).max(1))
}

/// Replaces a device `printf` call with a call of the runtime's printf service `printf_fn(ctx, fmt,
/// args, nargs)`: each variadic argument widened to one 64-bit slot of `buf` (integers
/// sign-extended, as C promoted them; floats as doubles' bits; pointers as addresses). The service's
/// answer (bytes printed, or -1) is the call's value. The error is the reason an argument cannot
/// be passed.
pub fn bind_printf(
    m: Module,
    b: &Builder,
    call: Val,
    ctx: Val,
    printf_fn: Val,
    buf: Val,
) -> Result<(), String> {
    let n = call.num_call_args();
    if n == 0 {
        return Err("printf called without a format".into());
    }
    let (i32t, i64t, ptr0) = (m.i32(), m.i64(), m.ptr(0));
    b.before(call);
    for k in 1..n {
        let v = call.operand(k);
        let t = v.ty();
        let wide = if let Some(w) = t.int_width() {
            match w {
                ..64 => b.sext(v, i64t),
                64 => v,
                _ => return Err("printf argument wider than 64 bits".into()),
            }
        } else if t.is_pointer() {
            b.ptr_to_int(v, i64t)
        } else if t.kind() == llvm_sys::LLVMTypeKind::LLVMDoubleTypeKind {
            b.bitcast(v, i64t)
        } else if t.kind() == llvm_sys::LLVMTypeKind::LLVMFloatTypeKind {
            b.bitcast(b.fpext(v, m.double()), i64t)
        } else {
            return Err(format!(
                "printf argument {k} has a type the CPU device cannot print (vector or struct)"
            ));
        };
        let slot = b.gep(i64t, buf, &[m.const_int(i64t, u64::from(k - 1))]);
        b.store(wide, slot);
    }
    let fmt = b.as_cast(call.operand(0), ptr0);
    let fty = m.fn_type(i32t, &[ptr0, ptr0, ptr0, i32t]);
    // Code built with -mprintf-kind=buffered (see codegen) goes through the printf FIFO.
    let mut nargs = n - 1;
    if m.global(crate::codegen::PRINTF_BUFFERED_GLOBAL).is_some() {
        nargs |= kernel_abi::PRINTF_BUFFERED;
    }
    let printed = b.call(
        fty,
        printf_fn,
        &[ctx, fmt, buf, m.const_int(i32t, u64::from(nargs))],
    );
    call.replace_all_uses_with(printed);
    call.erase();
    Ok(())
}
