; A barrier between a store and a load in one block: the block splits after the barrier, so that
; the second region starts a block of its own.
@s = internal addrspace(3) global [256 x float] undef, align 16

define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %t64
  store float 1.0, ptr addrspace(3) %p, align 4
  call void @__ferrocm_barrier()
  %u = xor i64 %t64, 1
  %q = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %u
  %v = load float, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare void @__ferrocm_barrier()
