; Block-stride loops left as they are: a step below the block's width (a work-item's chunk
; would start past some of its iterations), shared memory only (nothing to gain), and a sum
; used after the loop.
@h = internal addrspace(3) global [256 x i32] undef

define spir_kernel void @narrow_step(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ %t, %entry ], [ %next, %loop ]
  %i64 = sext i32 %i to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i64
  store i32 %i, ptr addrspace(1) %q, align 4
  %next = add nsw i32 %i, 32
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

define spir_kernel void @shared_only() {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %any = icmp ult i32 %t, 256
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ %t, %entry ], [ %next, %loop ]
  %i64 = zext i32 %i to i64
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @h, i64 0, i64 %i64
  store i32 0, ptr addrspace(3) %q, align 4
  %bd = call i32 @__ferrocm_workgroup_size_x()
  %next = add i32 %bd, %i
  %more = icmp ult i32 %next, 256
  br i1 %more, label %loop, label %done

done:
  ret void
}

define spir_kernel void @sum_after(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ %t, %entry ], [ %next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i64
  %v = load i32, ptr addrspace(1) %p, align 4
  %s1 = add i32 %s, %v
  %bd = call i32 @__ferrocm_workgroup_size_x()
  %next = add i32 %bd, %i
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %done

done:
  %r = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %t64 = zext i32 %t to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t64
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @__ferrocm_workgroup_size_x()
declare i32 @__ferrocm_workitem_id_x()
