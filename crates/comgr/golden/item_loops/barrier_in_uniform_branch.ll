; A barrier under a branch on an argument: the first region has two exits (the barrier or the
; return), so its loop records the lowest and highest exit reached, and the work-group function
; fails the launch as divergent unless every work-item reached the same one.
define spir_kernel void @k(ptr addrspace(1) %a, i32 %flag) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %t64
  store i32 %t, ptr addrspace(1) %p, align 4
  %on = icmp ne i32 %flag, 0
  br i1 %on, label %sync, label %done

sync:
  call void @__ferrocm_barrier()
  %u = xor i64 %t64, 1
  %q = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %u
  %v = load i32, ptr addrspace(1) %q, align 4
  %v1 = add i32 %v, 1
  store i32 %v1, ptr addrspace(1) %p, align 4
  br label %done

done:
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare void @__ferrocm_barrier()
