//! Intrinsic binding: what the kernel reads from its dispatch.
//!
//! Kernel arguments are laid out in the kernarg segment and loaded in the prologue; the dispatch
//! values (group id, block and grid sizes, warp size) are loaded once per work-group; work-item
//! builtins, warp exchanges, printf, assert and grid sync are bound inside each region's loop;
//! `__shared__` variables are laid out in the work-group's local memory.
use super::*;

/// Values the prologue loads once per work-group.
pub(super) struct Uniforms {
    pub(super) ctx: Val,
    pub(super) group_id: [Val; 3],
    pub(super) block_dim: [Val; 3],
    /// The extents the loops run over: the block's, or in a warp-vectorized kernel, its warps.
    pub(super) items: [Val; 3],
    pub(super) num_groups: [Val; 3],
    pub(super) warp_size: Val,
    pub(super) local_mem: Val,
    pub(super) printf_fn: Val,
    pub(super) assert_fn: Val,
    pub(super) grid_sync_fn: Val,
}

impl KernelLowering {
    /// Lays the kernel's parameters out in the kernarg segment and loads them in the prologue.
    #[allow(clippy::type_complexity)] // Reason: a private helper's tuple, named at its one call site.
    pub(super) fn bind_arguments(
        &self,
    ) -> Result<(Vec<ArgMeta>, u32, u32, Vec<(Val, Val, u64, u32)>), CompileError> {
        let m = self.m;
        let b = &self.b;
        b.at_end(self.prologue);
        let kernargs = self.wg.params()[0];
        let byval = Module::enum_attr_kind("byval");
        let readonly = Module::enum_attr_kind("readonly");
        let mut offset = 0u64;
        let mut max_align = 1u32;
        let mut args = Vec::new();
        let mut copies = Vec::new();
        for (i, p) in self.kernel.params().into_iter().enumerate() {
            let by_value_ty = self.kernel.param_type_attr(i as u32, byval);
            let ty = by_value_ty.unwrap_or(p.ty());
            let size = m.size_of(ty);
            let align = m.align_of(ty).max(1);
            offset = offset.next_multiple_of(align as u64);
            max_align = max_align.max(align);
            let kind = if by_value_ty.is_some() || ty.is_struct_or_array() {
                ArgKind::Aggregate
            } else if ty.is_pointer() {
                ArgKind::Pointer
            } else {
                ArgKind::Value
            };
            args.push(ArgMeta {
                offset: offset as u32,
                size: size as u32,
                align,
                kind,
            });
            let slot = b.gep(m.i8(), kernargs, &[m.const_int(m.i64(), offset)]);
            let value = if by_value_ty.is_some() {
                let written = self.kernel_param_attr_missing(i as u32, readonly);
                if written {
                    // The kernel may write its copy: give each work-item one (filled at its start).
                    let copy = b.alloca(ty, "byval.copy");
                    copy.set_alignment(align);
                    copies.push((copy, slot, size, align));
                    b.as_cast(copy, p.ty())
                } else {
                    b.as_cast(slot, p.ty())
                }
            } else {
                let v = b.load(ty, slot, &format!("arg{i}"));
                v.set_alignment(align);
                v
            };
            p.replace_all_uses_with(value);
            offset += size;
        }
        let size = offset.next_multiple_of(max_align as u64);
        Ok((args, size as u32, max_align, copies))
    }

    pub(super) fn kernel_param_attr_missing(&self, param: u32, kind: u32) -> bool {
        !self.kernel.param_has_attr(param, kind)
    }

    pub(super) fn load_uniforms(&self) -> Uniforms {
        let m = self.m;
        let b = &self.b;
        b.at_end(self.prologue);
        let ctx = self.wg.params()[1];
        if let Some(slot) = self.ctx_slot {
            b.store(ctx, slot);
        }
        let i32t = m.i32();
        let field = |off: u64, ty: Ty, name: &str| {
            let p = b.gep(m.i8(), ctx, &[m.const_int(m.i64(), off)]);
            b.load(ty, p, name)
        };
        let dim3 = |base: u64, name: &str| {
            [0u64, 1, 2].map(|d| {
                field(
                    base + 4 * d,
                    i32t,
                    &format!("{name}.{}", ["x", "y", "z"][d as usize]),
                )
            })
        };
        let block_dim = dim3(ctx_offsets::BLOCK_DIM, "block_dim");
        let items = match &self.warp {
            None => block_dim,
            Some((width, _)) => {
                // Warps of the block: ceil(x * y * z / width).
                let all = b.mul(b.mul(block_dim[0], block_dim[1]), block_dim[2]);
                let w = m.const_int(i32t, *width as u64);
                let warps = b.udiv(b.add(all, m.const_int(i32t, *width as u64 - 1)), w);
                let one = m.const_int(i32t, 1);
                [warps, one, one]
            }
        };
        Uniforms {
            ctx,
            group_id: dim3(ctx_offsets::GROUP_ID, "group_id"),
            block_dim,
            items,
            num_groups: dim3(ctx_offsets::NUM_GROUPS, "num_groups"),
            warp_size: {
                // The agent's warp size is 32 or 64. Written as 1 << log2 so that LLVM knows it is a
                // power of two: `% warpSize` and `/ warpSize` become masks and shifts.
                let ws = field(ctx_offsets::WARP_SIZE, i32t, "warp_size");
                let is32 = b.icmp(IntPredicate::LLVMIntEQ, ws, m.const_int(i32t, 32));
                let log2 = b.select(is32, m.const_int(i32t, 5), m.const_int(i32t, 6));
                b.shl(m.const_int(i32t, 1), log2)
            },
            local_mem: field(ctx_offsets::LOCAL_MEM, m.ptr(0), "local_mem"),
            printf_fn: field(ctx_offsets::PRINTF, m.ptr(0), "printf_fn"),
            assert_fn: field(ctx_offsets::ASSERT_FAIL, m.ptr(0), "assert_fn"),
            grid_sync_fn: field(ctx_offsets::GRID_SYNC, m.ptr(0), "grid_sync_fn"),
        }
    }

    /// Replaces work-item builtins, printf and assert with their CPU implementations.
    pub(super) fn bind_builtins(
        &self,
        u: &Uniforms,
        nest: &Nest,
        blocks: &[Block],
    ) -> Result<bool, CompileError> {
        let local_id = nest.ids;
        let m = self.m;
        let b = &self.b;
        let ptr0 = m.ptr(0);
        let i32t = m.i32();
        let i64t = m.i64();
        let mut grid_sync = false;
        let mut work: Vec<Block> = blocks.to_vec();
        while let Some(blk) = work.pop() {
            'insts: for call in blk.instructions() {
                if !call.is_call() {
                    continue;
                }
                let Some(name) = callee_name(call) else {
                    continue;
                };
                let value = match name.as_str() {
                    "__ferrocm_workitem_id_x" => Some(local_id[0]),
                    "__ferrocm_workitem_id_y" => Some(local_id[1]),
                    "__ferrocm_workitem_id_z" => Some(local_id[2]),
                    "__ferrocm_workgroup_id_x" => Some(u.group_id[0]),
                    "__ferrocm_workgroup_id_y" => Some(u.group_id[1]),
                    "__ferrocm_workgroup_id_z" => Some(u.group_id[2]),
                    "__ferrocm_workgroup_size_x" => Some(u.block_dim[0]),
                    "__ferrocm_workgroup_size_y" => Some(u.block_dim[1]),
                    "__ferrocm_workgroup_size_z" => Some(u.block_dim[2]),
                    "__ferrocm_num_workgroups_x" => Some(u.num_groups[0]),
                    "__ferrocm_num_workgroups_y" => Some(u.num_groups[1]),
                    "__ferrocm_num_workgroups_z" => Some(u.num_groups[2]),
                    "__ferrocm_warp_size" => Some(u.warp_size),
                    "__ferrocm_lane_id" => Some(nest.lane),
                    crate::warp_vector::WARP_INDEX if self.warp.is_some() => Some(local_id[0]),
                    _ => None,
                };
                if let Some(v) = value {
                    call.replace_all_uses_with(v);
                    call.erase();
                    continue;
                }
                match name.as_str() {
                    WARP_PUBLISH | WARP_RESULT => {
                        let Some((in_slot, out)) = nest.warp else {
                            return Err(
                                self.unsupported("warp exchange outside the scheduled form")
                            );
                        };
                        if name == WARP_PUBLISH {
                            b.before(call);
                            b.store(call.operand(0), in_slot);
                            call.erase();
                        } else {
                            b.before(call);
                            let p = b.as_cast(out, call.ty());
                            call.replace_all_uses_with(p);
                            call.erase();
                        }
                    }
                    "printf" => {
                        b.at_end(self.prologue);
                        let slots = m.const_int(i32t, device_calls::printf_arg_slots(call));
                        let buf = b.array_alloca(i64t, slots, "printf.args");
                        device_calls::bind_printf(m, b, call, u.ctx, u.printf_fn, buf)
                            .map_err(|e| self.unsupported(e))?;
                    }
                    "__ferrocm_assert_fail" | "__ferrocm_trap" => {
                        b.before(call);
                        let null = m.const_null(ptr0);
                        let args = if name == "__ferrocm_trap" {
                            [u.ctx, null, null, m.const_int(i32t, 0), null]
                        } else {
                            if call.num_call_args() != 4 {
                                return Err(
                                    self.unsupported("__ferrocm_assert_fail takes 4 arguments")
                                );
                            }
                            [
                                u.ctx,
                                b.as_cast(call.operand(0), ptr0),
                                b.as_cast(call.operand(1), ptr0),
                                call.operand(2),
                                b.as_cast(call.operand(3), ptr0),
                            ]
                        };
                        let fty = m.fn_type(m.void(), &[ptr0, ptr0, ptr0, i32t, ptr0]);
                        b.call(fty, u.assert_fn, &args);
                        // The work-group stops here; the launch fails with the recorded message.
                        let mut rest = Vec::new();
                        let mut next = call.next_instruction();
                        while let Some(i) = next {
                            next = i.next_instruction();
                            rest.push(i);
                        }
                        call.erase();
                        for i in rest.into_iter().rev() {
                            i.erase();
                        }
                        b.at_end(blk).br(self.abort);
                        // The rest of this block is gone.
                        break 'insts;
                    }
                    "__ferrocm_grid_sync" => {
                        // One work-item of the group waits for the whole grid (the headers put
                        // block barriers around it); a non-cooperative launch aborts the group.
                        b.before(call);
                        let fty = m.fn_type(i32t, &[ptr0]);
                        let status = b.call(fty, u.grid_sync_fn, &[u.ctx]);
                        let ok = b.icmp(IntPredicate::LLVMIntEQ, status, m.const_int(i32t, 0));
                        let Some(next) = call.next_instruction() else {
                            return Err(self.unsupported("__ferrocm_grid_sync ends a block"));
                        };
                        let Some(rest) = crate::shim::split_block_before(next) else {
                            return Err(self.unsupported("cannot split at the grid barrier"));
                        };
                        call.erase();
                        if let Some(t) = blk.terminator() {
                            t.erase();
                        }
                        b.at_end(blk).cond_br(ok, rest, self.abort);
                        grid_sync = true;
                        // The rest of the block is checked on its own.
                        work.push(rest);
                        break 'insts;
                    }
                    n if is_builtin(n) => {
                        return Err(self.unsupported(format!("unknown device builtin `{n}`")));
                    }
                    _ => {}
                }
            }
        }
        Ok(grid_sync)
    }

    /// Reads of the device variable `warpSize` (declared by the headers, defined nowhere) become the
    /// launch's warp size.
    pub(super) fn bind_warp_size_variable(&self, u: &Uniforms) {
        let Some(g) = self
            .m
            .globals()
            .into_iter()
            .find(|g| g.name() == "warpSize")
        else {
            return;
        };
        crate::shim::expand_constant_users(g, self.wg);
        let mut work = vec![g];
        while let Some(v) = work.pop() {
            for user in v.users() {
                if !user.is_instruction() || user.parent_block().parent() != self.wg {
                    continue;
                }
                if user.is_load() && user.ty().int_width() == Some(32) {
                    user.replace_all_uses_with(u.warp_size);
                    user.erase();
                } else if matches!(
                    user.opcode(),
                    llvm_sys::LLVMOpcode::LLVMAddrSpaceCast | llvm_sys::LLVMOpcode::LLVMBitCast
                ) {
                    work.push(user);
                }
            }
        }
    }

    /// Gives each `__shared__` variable the kernel uses its offset in the work-group's local memory.
    #[allow(clippy::type_complexity)] // Reason: a private helper's tuple, named at its one call site.
    pub(super) fn bind_local_memory(
        &self,
        u: &Uniforms,
    ) -> Result<(u32, u32, Vec<(Val, u64)>), CompileError> {
        let m = self.m;
        let b = &self.b;
        let mut offset = 0u64;
        let mut dynamic = Vec::new();
        let mut statics = Vec::new();
        for g in m.globals() {
            if g.ty().addrspace() != AS_LOCAL {
                continue;
            }
            crate::shim::expand_constant_users(g, self.wg);
            let uses: Vec<Val> = g
                .users()
                .into_iter()
                .filter(|i| i.is_instruction() && i.parent_block().parent() == self.wg)
                .collect();
            if uses.is_empty() {
                continue;
            }
            if g.is_declaration() || m.size_of(g.global_value_type()) == 0 {
                dynamic.push((g, uses));
            } else {
                statics.push((g, uses));
            }
        }
        b.at_end(self.prologue);
        let base = b.as_cast(u.local_mem, m.ptr(AS_LOCAL));
        let place = |g: Val, uses: Vec<Val>, off: u64| {
            let p = b.gep(m.i8(), base, &[m.const_int(m.i64(), off)]);
            for user in uses {
                user.replace_operand(g, p);
            }
        };
        let mut layout = Vec::new();
        for (g, uses) in statics {
            let ty = g.global_value_type();
            let align = (g.alignment().max(m.align_of(ty)).max(1)) as u64;
            offset = offset.next_multiple_of(align);
            b.at_end(self.prologue);
            let at = match &self.warp {
                // A warp-vectorized clone uses the work-item form's places.
                Some((_, fixed)) => fixed
                    .iter()
                    .find(|(f, _)| *f == g)
                    .map(|(_, o)| *o)
                    .ok_or_else(|| self.unsupported("a __shared__ variable only the clone uses"))?,
                None => offset,
            };
            place(g, uses, at);
            layout.push((g, at));
            offset += m.size_of(ty);
        }
        let static_size = offset;
        let dynamic_offset = static_size.next_multiple_of(DYNAMIC_LOCAL_ALIGN);
        for (g, uses) in dynamic {
            place(g, uses, dynamic_offset);
        }
        let to_u32 = |v: u64| {
            u32::try_from(v)
                .map_err(|_| self.unsupported("static __shared__ memory larger than 4 GiB"))
        };
        Ok((to_u32(static_size)?, to_u32(dynamic_offset)?, layout))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower_to, Stage};
    use crate::ir::testing::golden;

    #[test]
    fn golden_cases() {
        golden("builtins", |module, m| {
            lower_to(module, m, Stage::Lowered, None)
        });
    }
}
