; One step of a shared-memory tree reduction: after the barrier, only work-items below 64 add,
; and the others go straight to the next barrier. That region's x loop runs up to min(blockDim.x,
; 64) instead of blockDim.x (the x.head test compares against the umin built in r1.head). The
; last region, where only work-item 0 writes, runs x from min(blockDim.x, 0) to
; min(blockDim.x - 1, 0) + 1 (r2.x.init's start, r2.x.head's bound).
@s = internal addrspace(3) global [256 x i32] undef, align 4

define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  store i32 %t, ptr addrspace(3) %p, align 4
  call void @__ferrocm_barrier()
  %low = icmp ult i32 %t, 64
  br i1 %low, label %add, label %next

add:
  %t2 = or disjoint i32 %t, 64
  %t2w = zext i32 %t2 to i64
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t2w
  %a = load i32, ptr addrspace(3) %p, align 4
  %b = load i32, ptr addrspace(3) %q, align 4
  %sum = add i32 %a, %b
  store i32 %sum, ptr addrspace(3) %p, align 4
  br label %next

next:
  call void @__ferrocm_barrier()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %done

write:
  %v = load i32, ptr addrspace(3) @s, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  br label %done

done:
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare void @__ferrocm_barrier()
