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
  %umax = call i32 @llvm.umax.i32(i32 %n, i32 1)
  %0 = add i32 %umax, -1
  %xtraiter = and i32 %umax, 3
  %1 = icmp ult i32 %0, 3
  br i1 %1, label %done.unr-lcssa, label %start.new

start.new:                                        ; preds = %start
  %unroll_iter = sub i32 %umax, %xtraiter
  br label %loop

loop:                                             ; preds = %loop, %start.new
  %k = phi i32 [ 0, %start.new ], [ %k1.3, %loop ]
  %sum = phi float [ 0.000000e+00, %start.new ], [ %sum1.3, %loop ]
  %niter = phi i32 [ 0, %start.new ], [ %niter.next.3, %loop ]
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
  %k1 = add nuw nsw i32 %k, 1
  %k64.1 = zext i32 %k1 to i64
  %p.1 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %k64.1
  %v.1 = load float, ptr addrspace(1) %p.1, align 4
  %t.1 = fmul float %v.1, %xf
  %sum1.1 = fadd float %sum1, %t.1
  %col.1 = mul i32 %k1, %n
  %colx.1 = add i32 %col.1, %x
  %c64.1 = zext i32 %colx.1 to i64
  %cp.1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %c64.1
  store float %t.1, ptr addrspace(1) %cp.1, align 4
  %k1.1 = add nuw nsw i32 %k, 2
  %k64.2 = zext i32 %k1.1 to i64
  %p.2 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %k64.2
  %v.2 = load float, ptr addrspace(1) %p.2, align 4
  %t.2 = fmul float %v.2, %xf
  %sum1.2 = fadd float %sum1.1, %t.2
  %col.2 = mul i32 %k1.1, %n
  %colx.2 = add i32 %col.2, %x
  %c64.2 = zext i32 %colx.2 to i64
  %cp.2 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %c64.2
  store float %t.2, ptr addrspace(1) %cp.2, align 4
  %k1.2 = add nuw nsw i32 %k, 3
  %k64.3 = zext i32 %k1.2 to i64
  %p.3 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %k64.3
  %v.3 = load float, ptr addrspace(1) %p.3, align 4
  %t.3 = fmul float %v.3, %xf
  %sum1.3 = fadd float %sum1.2, %t.3
  %col.3 = mul i32 %k1.2, %n
  %colx.3 = add i32 %col.3, %x
  %c64.3 = zext i32 %colx.3 to i64
  %cp.3 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %c64.3
  store float %t.3, ptr addrspace(1) %cp.3, align 4
  %k1.3 = add nuw i32 %k, 4
  %niter.next.3 = add i32 %niter, 4
  %niter.ncmp.3 = icmp ne i32 %niter.next.3, %unroll_iter
  br i1 %niter.ncmp.3, label %loop, label %done.unr-lcssa.loopexit, !llvm.loop !0

done.unr-lcssa.loopexit:                          ; preds = %loop
  br label %done.unr-lcssa

done.unr-lcssa:                                   ; preds = %done.unr-lcssa.loopexit, %start
  %sum1.lcssa.ph = phi float [ poison, %start ], [ %sum1.3, %done.unr-lcssa.loopexit ]
  %k.unr = phi i32 [ 0, %start ], [ %k1.3, %done.unr-lcssa.loopexit ]
  %sum.unr = phi float [ 0.000000e+00, %start ], [ %sum1.3, %done.unr-lcssa.loopexit ]
  %lcmp.mod = icmp ne i32 %xtraiter, 0
  br i1 %lcmp.mod, label %loop.epil.preheader, label %done

loop.epil.preheader:                              ; preds = %done.unr-lcssa
  br label %loop.epil

loop.epil:                                        ; preds = %loop.epil, %loop.epil.preheader
  %k.epil = phi i32 [ %k.unr, %loop.epil.preheader ], [ %k1.epil, %loop.epil ]
  %sum.epil = phi float [ %sum.unr, %loop.epil.preheader ], [ %sum1.epil, %loop.epil ]
  %epil.iter = phi i32 [ 0, %loop.epil.preheader ], [ %epil.iter.next, %loop.epil ]
  call void @__ferrocm_barrier()
  %k64.epil = zext i32 %k.epil to i64
  %p.epil = getelementptr inbounds float, ptr addrspace(1) %a, i64 %k64.epil
  %v.epil = load float, ptr addrspace(1) %p.epil, align 4
  %xf.epil = uitofp i32 %xc to float
  %t.epil = fmul float %v.epil, %xf.epil
  %sum1.epil = fadd float %sum.epil, %t.epil
  %col.epil = mul i32 %k.epil, %n
  %colx.epil = add i32 %col.epil, %x
  %c64.epil = zext i32 %colx.epil to i64
  %cp.epil = getelementptr inbounds float, ptr addrspace(1) %out, i64 %c64.epil
  store float %t.epil, ptr addrspace(1) %cp.epil, align 4
  %k1.epil = add nuw i32 %k.epil, 1
  %more.epil = icmp ult i32 %k1.epil, %n
  %epil.iter.next = add i32 %epil.iter, 1
  %epil.iter.cmp = icmp ne i32 %epil.iter.next, %xtraiter
  br i1 %epil.iter.cmp, label %loop.epil, label %done.epilog-lcssa, !llvm.loop !2

done.epilog-lcssa:                                ; preds = %loop.epil
  br label %done

done:                                             ; preds = %done.unr-lcssa, %done.epilog-lcssa
  %sum1.lcssa = phi float [ %sum1.lcssa.ph, %done.unr-lcssa ], [ %sum1.epil, %done.epilog-lcssa ]
  %x64 = zext i32 %x to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x64
  store float %sum1.lcssa, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umax.i32(i32, i32) #0

declare void @__ferrocm_barrier()

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
!2 = distinct !{!2, !1}
