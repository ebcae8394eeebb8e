; A 2-D block: the nest runs z, y, x; the kernel's ids are the loop counters.
define spir_kernel void @k(ptr addrspace(1) %a, i32 %w) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %y = call i32 @__ferrocm_workitem_id_y()
  %row = mul i32 %y, %w
  %i = add i32 %row, %x
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i64
  store i32 %i, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare i32 @__ferrocm_workitem_id_y()
