; ModuleID = 'barrier_mid_block'
source_filename = "barrier_mid_block"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@s = internal addrspace(3) global [256 x float] undef, align 16

define void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %t64 = zext i32 %t to i64
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %t64
  store float 1.000000e+00, ptr addrspace(3) %p, align 4
  call void @__ferrocm_barrier()
  br label %0

0:                                                ; preds = %entry
  %u = xor i64 %t64, 1
  %q = getelementptr inbounds [256 x float], ptr addrspace(3) @s, i64 0, i64 %u
  %v = load float, ptr addrspace(3) %q, align 4
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()

declare void @__ferrocm_barrier()
