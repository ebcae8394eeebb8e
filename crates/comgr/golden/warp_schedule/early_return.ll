; Work-items past %n return before the barrier the others wait at: the scheduled form, where a
; returned work-item takes no more part and the rest meet at the barrier.
@s = internal addrspace(3) global [256 x i32] undef, align 16

define spir_kernel void @k(ptr addrspace(1) %a, i32 %n) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %out = icmp uge i32 %t, %n
  br i1 %out, label %done, label %work

work:
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  store i32 %t, ptr addrspace(3) %slot, align 4
  call void @__ferrocm_barrier()
  %v = load i32, ptr addrspace(3) @s, align 16
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %t64
  store i32 %v, ptr addrspace(1) %p, align 4
  br label %done

done:
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare void @__ferrocm_barrier()
