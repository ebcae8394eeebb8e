; __shared__ variables lie at offsets in the work-group's local memory, in order, each at its
; alignment; the dynamic part (extern __shared__) starts after them, 64-byte aligned.
@tile = internal addrspace(3) global [16 x float] undef, align 16
@flag = internal addrspace(3) global i32 undef, align 4
@dyn = external addrspace(3) global [0 x double], align 8

define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %p = getelementptr inbounds [16 x float], ptr addrspace(3) @tile, i64 0, i64 %t64
  store float 1.0, ptr addrspace(3) %p, align 4
  store i32 1, ptr addrspace(3) @flag, align 4
  %d = getelementptr inbounds [0 x double], ptr addrspace(3) @dyn, i64 0, i64 %t64
  store double 2.0, ptr addrspace(3) %d, align 8
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t64
  %f = load i32, ptr addrspace(3) @flag, align 4
  store i32 %f, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
