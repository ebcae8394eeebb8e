; ModuleID = 'index_across_barrier'
source_filename = "index_across_barrier"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@s = internal addrspace(3) global [256 x i32] undef, align 16

define void @k(ptr addrspace(1) %a, i32 %n) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %g = call i32 @__ferrocm_workgroup_id_x()
  %bs = call i32 @__ferrocm_workgroup_size_x()
  %base = mul i32 %g, %bs
  %i = add i32 %base, %t
  %i64 = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i64
  %x = load i32, ptr addrspace(1) %src, align 4
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  store i32 %x, ptr addrspace(3) %slot, align 4
  call void @__ferrocm_barrier()
  br label %0

0:                                                ; preds = %entry
  %1 = call i32 @__ferrocm_workgroup_id_x()
  %2 = call i32 @__ferrocm_workgroup_size_x()
  %3 = mul i32 %1, %2
  %4 = call i32 @__ferrocm_workitem_id_x()
  %5 = add i32 %3, %4
  %in = icmp slt i32 %5, %n
  br i1 %in, label %write, label %done

write:                                            ; preds = %0
  %y = load i32, ptr addrspace(3) @s, align 16
  %z = add i32 %y, %x
  %6 = call i32 @__ferrocm_workgroup_id_x()
  %7 = call i32 @__ferrocm_workgroup_size_x()
  %8 = mul i32 %6, %7
  %9 = call i32 @__ferrocm_workitem_id_x()
  %10 = add i32 %8, %9
  %11 = sext i32 %10 to i64
  %12 = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %11
  store i32 %z, ptr addrspace(1) %12, align 4
  br label %done

done:                                             ; preds = %write, %0
  ret void
}

declare i32 @__ferrocm_workitem_id_x()

declare i32 @__ferrocm_workgroup_id_x()

declare i32 @__ferrocm_workgroup_size_x()

declare void @__ferrocm_barrier()
