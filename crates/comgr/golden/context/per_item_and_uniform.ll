; Two values cross the barrier in the loop: %x (loaded per work-item) needs a context array; the
; loop counter %k is the same in every work-item, a uniform slot read once per region loop.
define spir_kernel void @k(ptr addrspace(1) %a, i32 %n) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %t64
  %x = load i32, ptr addrspace(1) %p, align 4
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %s = add i32 %x, %k
  store i32 %s, ptr addrspace(1) %p, align 4
  call void @__ferrocm_barrier()
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare void @__ferrocm_barrier()
