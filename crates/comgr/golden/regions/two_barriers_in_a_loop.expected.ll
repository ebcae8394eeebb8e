; ModuleID = 'two_barriers_in_a_loop'
source_filename = "two_barriers_in_a_loop"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @k(ptr addrspace(1) %a, i32 %n) {
entry:
  br label %loop

loop:                                             ; preds = %1, %entry
  %i = phi i32 [ 0, %entry ], [ %i1, %1 ]
  call void @__ferrocm_barrier()
  br label %0

0:                                                ; preds = %loop
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i64
  store i32 %i, ptr addrspace(1) %p, align 4
  call void @__ferrocm_barrier()
  br label %1

1:                                                ; preds = %0
  %i1 = add nuw i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %done

done:                                             ; preds = %1
  ret void
}

declare void @__ferrocm_barrier()
