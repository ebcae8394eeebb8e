; ModuleID = 'uniform_float_sum'
source_filename = "uniform_float_sum"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @k(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %big = icmp ugt i32 %x, 7
  br i1 %big, label %clamp, label %start

clamp:                                            ; preds = %entry
  br label %start

start:                                            ; preds = %clamp, %entry
  %xc = phi i32 [ 7, %clamp ], [ %x, %entry ]
  br label %loop

loop:                                             ; preds = %loop, %start
  %k = phi i32 [ 0, %start ], [ %k1, %loop ]
  %sum = phi float [ 0.000000e+00, %start ], [ %sum1, %loop ]
  call void @__ferrocm_barrier()
  %k64 = zext i32 %k to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %k64
  %v = load float, ptr addrspace(1) %p, align 4
  %xf = uitofp i32 %xc to float
  %t = fmul float %v, %xf
  %sum1 = fadd float %sum, %t
  %col = mul i32 %k, %n
  %colx = add i32 %col, %x
  %c64 = zext i32 %colx to i64
  %cp = getelementptr inbounds float, ptr addrspace(1) %out, i64 %c64
  store float %t, ptr addrspace(1) %cp, align 4
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %n
  br i1 %more, label %loop, label %done

done:                                             ; preds = %loop
  %x64 = zext i32 %x to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x64
  store float %sum1, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()

declare void @__ferrocm_barrier()
