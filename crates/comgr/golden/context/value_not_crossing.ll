; %x is used only before the barrier and %y only after it: no value crosses, no context array.
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %t64
  %x = load i32, ptr addrspace(1) %p, align 4
  %x2 = shl i32 %x, 1
  store i32 %x2, ptr addrspace(1) %p, align 4
  call void @__ferrocm_barrier()
  %u = call i32 @__ferrocm_workitem_id_x()
  %u64 = zext i32 %u to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %u64
  %y = load i32, ptr addrspace(1) %q, align 4
  %y1 = add i32 %y, 1
  store i32 %y1, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare void @__ferrocm_barrier()
