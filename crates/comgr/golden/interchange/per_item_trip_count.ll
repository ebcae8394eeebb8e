; Loops each work-item runs its own number of times, only some work-items run, that sum
; integers, or that read along a row per work-item: no barrier.
define spir_kernel void @bound_per_item(ptr addrspace(1) %out) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum1, %loop ]
  %sum1 = fadd float %sum, 1.0
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %x
  br i1 %more, label %loop, label %done

done:
  %x64 = zext i32 %x to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x64
  store float %sum1, ptr addrspace(1) %q, align 4
  ret void
}

define spir_kernel void @under_a_per_item_branch(ptr addrspace(1) %out, i32 %n) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %in = icmp ult i32 %x, %n
  br i1 %in, label %loop, label %done

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum1, %loop ]
  %sum1 = fadd float %sum, 1.0
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %n
  br i1 %more, label %loop, label %store

store:
  %x64 = zext i32 %x to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x64
  store float %sum1, ptr addrspace(1) %q, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @integer_sum(ptr addrspace(1) %out, i32 %n) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum1, %loop ]
  %sum1 = add i32 %sum, %x
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %n
  br i1 %more, label %loop, label %done

done:
  %x64 = zext i32 %x to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x64
  store i32 %sum1, ptr addrspace(1) %q, align 4
  ret void
}

define spir_kernel void @row_reads(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %m) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %row = mul i32 %x, %m
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum1, %loop ]
  %at = add i32 %row, %k
  %at64 = sext i32 %at to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %at64
  %v = load float, ptr addrspace(1) %p, align 4
  %sum1 = fadd float %sum, %v
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %m
  br i1 %more, label %loop, label %done

done:
  %x64 = zext i32 %x to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x64
  store float %sum1, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
