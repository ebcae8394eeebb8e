; k -> __ferrocm_wg_k: args [Pointer@0:8/8], kernarg 8 align 8, local 1024 (dynamic at 1024), barriers 2, grid sync false
; ModuleID = 'guarded_tree_step'
source_filename = "guarded_tree_step"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__ferrocm_workitem_id_x()

declare void @__ferrocm_barrier()

define i32 @__ferrocm_wg_k(ptr %0, ptr %1) {
prologue:
  %2 = getelementptr inbounds i8, ptr %0, i64 0
  %arg0 = load ptr addrspace(1), ptr %2, align 8
  %3 = getelementptr inbounds i8, ptr %1, i64 12
  %block_dim.x = load i32, ptr %3, align 4
  %4 = getelementptr inbounds i8, ptr %1, i64 16
  %block_dim.y = load i32, ptr %4, align 4
  %5 = getelementptr inbounds i8, ptr %1, i64 20
  %block_dim.z = load i32, ptr %5, align 4
  %6 = getelementptr inbounds i8, ptr %1, i64 0
  %group_id.x = load i32, ptr %6, align 4
  %7 = getelementptr inbounds i8, ptr %1, i64 4
  %group_id.y = load i32, ptr %7, align 4
  %8 = getelementptr inbounds i8, ptr %1, i64 8
  %group_id.z = load i32, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %1, i64 24
  %num_groups.x = load i32, ptr %9, align 4
  %10 = getelementptr inbounds i8, ptr %1, i64 28
  %num_groups.y = load i32, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %1, i64 32
  %num_groups.z = load i32, ptr %11, align 4
  %12 = getelementptr inbounds i8, ptr %1, i64 36
  %warp_size = load i32, ptr %12, align 4
  %13 = icmp eq i32 %warp_size, 32
  %14 = select i1 %13, i32 5, i32 6
  %15 = shl i32 1, %14
  %16 = getelementptr inbounds i8, ptr %1, i64 40
  %local_mem = load ptr, ptr %16, align 8
  %17 = getelementptr inbounds i8, ptr %1, i64 48
  %printf_fn = load ptr, ptr %17, align 8
  %18 = getelementptr inbounds i8, ptr %1, i64 56
  %assert_fn = load ptr, ptr %18, align 8
  %19 = getelementptr inbounds i8, ptr %1, i64 72
  %grid_sync_fn = load ptr, ptr %19, align 8
  %20 = zext i32 %block_dim.x to i64
  %21 = zext i32 %block_dim.y to i64
  %22 = zext i32 %block_dim.z to i64
  %23 = mul nuw i64 %20, %21
  %24 = mul nuw i64 %23, %22
  %exit.addr = alloca i32, align 4
  %reached.min.addr = alloca i32, align 4
  %reached.max.addr = alloca i32, align 4
  %exit.bit.addr = alloca i32, align 4
  %reached.bits.addr = alloca i32, align 4
  %r0.z.addr = alloca i32, align 4
  %r0.y.addr = alloca i32, align 4
  %r0.x.addr = alloca i32, align 4
  %r1.z.addr = alloca i32, align 4
  %r1.y.addr = alloca i32, align 4
  %r1.x.addr = alloca i32, align 4
  %r2.z.addr = alloca i32, align 4
  %r2.y.addr = alloca i32, align 4
  %r2.x.addr = alloca i32, align 4
  %25 = addrspacecast ptr %local_mem to ptr addrspace(3)
  %26 = getelementptr inbounds i8, ptr addrspace(3) %25, i64 0
  br label %r0.head

wg.exit:                                          ; preds = %r2.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %t64.r0 = zext i32 %local.x to i64
  %p.r0 = getelementptr inbounds [256 x i32], ptr addrspace(3) %26, i64 0, i64 %t64.r0
  store i32 %local.x, ptr addrspace(3) %p.r0, align 4, !llvm.access.group !0
  br label %r0.wi.latch

27:                                               ; preds = %r1.wi.begin
  %low.r1 = icmp ult i32 %local.x4, 64
  br i1 %low.r1, label %add.r1, label %.next_crit_edge.r1

add.r1:                                           ; preds = %27
  %t2.r1 = or disjoint i32 %local.x4, 64
  %t2w.r1 = zext i32 %t2.r1 to i64
  %q.r1 = getelementptr inbounds [256 x i32], ptr addrspace(3) %26, i64 0, i64 %t2w.r1
  %28 = zext i32 %local.x4 to i64
  %29 = getelementptr inbounds [256 x i32], ptr addrspace(3) %26, i64 0, i64 %28
  %a.r1 = load i32, ptr addrspace(3) %29, align 4, !llvm.access.group !1
  %b.r1 = load i32, ptr addrspace(3) %q.r1, align 4, !llvm.access.group !1
  %sum.r1 = add i32 %a.r1, %b.r1
  %30 = zext i32 %local.x4 to i64
  %31 = getelementptr inbounds [256 x i32], ptr addrspace(3) %26, i64 0, i64 %30
  store i32 %sum.r1, ptr addrspace(3) %31, align 4, !llvm.access.group !1
  br label %next.r1

.next_crit_edge.r1:                               ; preds = %27
  br label %next.r1

next.r1:                                          ; preds = %.next_crit_edge.r1, %add.r1
  br label %r1.wi.latch

32:                                               ; preds = %r2.wi.begin
  %first.r2 = icmp eq i32 %local.x10, 0
  br i1 %first.r2, label %write.r2, label %.done_crit_edge.r2

write.r2:                                         ; preds = %32
  %v.r2 = load i32, ptr addrspace(3) %26, align 4, !llvm.access.group !2
  store i32 %v.r2, ptr addrspace(1) %arg0, align 4, !llvm.access.group !2
  br label %done.r2

.done_crit_edge.r2:                               ; preds = %32
  br label %done.r2

done.r2:                                          ; preds = %.done_crit_edge.r2, %write.r2
  br label %r2.wi.latch

wg.divergent:                                     ; No predecessors!
  ret i32 1

r0.head:                                          ; preds = %prologue
  store i32 0, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.z.head:                                        ; preds = %r0.z.latch, %r0.head
  %z = load i32, ptr %r0.z.addr, align 4
  %33 = icmp ult i32 %z, %block_dim.z
  br i1 %33, label %r0.y.init, label %r0.done

r0.y.init:                                        ; preds = %r0.z.head
  store i32 0, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.y.head:                                        ; preds = %r0.y.latch, %r0.y.init
  %y = load i32, ptr %r0.y.addr, align 4
  %34 = icmp ult i32 %y, %block_dim.y
  br i1 %34, label %r0.x.init, label %r0.z.latch

r0.x.init:                                        ; preds = %r0.y.head
  store i32 0, ptr %r0.x.addr, align 4
  br label %r0.x.head

r0.x.head:                                        ; preds = %r0.wi.latch, %r0.x.init
  %x = load i32, ptr %r0.x.addr, align 4
  %35 = icmp ult i32 %x, %block_dim.x
  br i1 %35, label %r0.wi.begin, label %r0.y.latch

r0.wi.begin:                                      ; preds = %r0.x.head
  %local.x = load i32, ptr %r0.x.addr, align 4
  %local.y = load i32, ptr %r0.y.addr, align 4
  %local.z = load i32, ptr %r0.z.addr, align 4
  %36 = zext i32 %block_dim.x to i64
  %37 = zext i32 %block_dim.y to i64
  %38 = zext i32 %local.z to i64
  %39 = mul nuw i64 %38, %37
  %40 = zext i32 %local.y to i64
  %41 = add i64 %39, %40
  %42 = mul nuw i64 %41, %36
  %43 = zext i32 %local.x to i64
  %44 = add i64 %42, %43
  %45 = zext i32 %15 to i64
  %46 = urem i64 %44, %45
  %47 = trunc i64 %46 to i32
  br label %entry.r0

r0.wi.latch:                                      ; preds = %entry.r0
  %48 = load i32, ptr %r0.x.addr, align 4
  %49 = add nuw i32 %48, 1
  store i32 %49, ptr %r0.x.addr, align 4
  br label %r0.x.head, !llvm.loop !3

r0.y.latch:                                       ; preds = %r0.x.head
  %50 = load i32, ptr %r0.y.addr, align 4
  %51 = add nuw i32 %50, 1
  store i32 %51, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.z.latch:                                       ; preds = %r0.y.head
  %52 = load i32, ptr %r0.z.addr, align 4
  %53 = add nuw i32 %52, 1
  store i32 %53, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.done:                                          ; preds = %r0.z.head
  br label %r1.head

r1.head:                                          ; preds = %r0.done
  store i32 0, ptr %r1.z.addr, align 4
  %54 = icmp ult i32 %block_dim.x, 64
  %55 = select i1 %54, i32 %block_dim.x, i32 64
  br label %r1.z.head

r1.z.head:                                        ; preds = %r1.z.latch, %r1.head
  %z1 = load i32, ptr %r1.z.addr, align 4
  %56 = icmp ult i32 %z1, %block_dim.z
  br i1 %56, label %r1.y.init, label %r1.done

r1.y.init:                                        ; preds = %r1.z.head
  store i32 0, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.y.head:                                        ; preds = %r1.y.latch, %r1.y.init
  %y2 = load i32, ptr %r1.y.addr, align 4
  %57 = icmp ult i32 %y2, %block_dim.y
  br i1 %57, label %r1.x.init, label %r1.z.latch

r1.x.init:                                        ; preds = %r1.y.head
  store i32 0, ptr %r1.x.addr, align 4
  br label %r1.x.head

r1.x.head:                                        ; preds = %r1.wi.latch, %r1.x.init
  %x3 = load i32, ptr %r1.x.addr, align 4
  %58 = icmp ult i32 %x3, %55
  br i1 %58, label %r1.wi.begin, label %r1.y.latch

r1.wi.begin:                                      ; preds = %r1.x.head
  %local.x4 = load i32, ptr %r1.x.addr, align 4
  %local.y5 = load i32, ptr %r1.y.addr, align 4
  %local.z6 = load i32, ptr %r1.z.addr, align 4
  %59 = zext i32 %block_dim.x to i64
  %60 = zext i32 %block_dim.y to i64
  %61 = zext i32 %local.z6 to i64
  %62 = mul nuw i64 %61, %60
  %63 = zext i32 %local.y5 to i64
  %64 = add i64 %62, %63
  %65 = mul nuw i64 %64, %59
  %66 = zext i32 %local.x4 to i64
  %67 = add i64 %65, %66
  %68 = zext i32 %15 to i64
  %69 = urem i64 %67, %68
  %70 = trunc i64 %69 to i32
  br label %27

r1.wi.latch:                                      ; preds = %next.r1
  %71 = load i32, ptr %r1.x.addr, align 4
  %72 = add nuw i32 %71, 1
  store i32 %72, ptr %r1.x.addr, align 4
  br label %r1.x.head, !llvm.loop !7

r1.y.latch:                                       ; preds = %r1.x.head
  %73 = load i32, ptr %r1.y.addr, align 4
  %74 = add nuw i32 %73, 1
  store i32 %74, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.z.latch:                                       ; preds = %r1.y.head
  %75 = load i32, ptr %r1.z.addr, align 4
  %76 = add nuw i32 %75, 1
  store i32 %76, ptr %r1.z.addr, align 4
  br label %r1.z.head

r1.done:                                          ; preds = %r1.z.head
  br label %r2.head

r2.head:                                          ; preds = %r1.done
  store i32 0, ptr %r2.z.addr, align 4
  %77 = icmp ult i32 %block_dim.x, 0
  %78 = select i1 %77, i32 %block_dim.x, i32 0
  %79 = sub i32 %block_dim.x, 1
  %80 = icmp ult i32 %79, 0
  %81 = select i1 %80, i32 %79, i32 0
  %82 = add nuw i32 %81, 1
  br label %r2.z.head

r2.z.head:                                        ; preds = %r2.z.latch, %r2.head
  %z7 = load i32, ptr %r2.z.addr, align 4
  %83 = icmp ult i32 %z7, %block_dim.z
  br i1 %83, label %r2.y.init, label %r2.done

r2.y.init:                                        ; preds = %r2.z.head
  store i32 0, ptr %r2.y.addr, align 4
  br label %r2.y.head

r2.y.head:                                        ; preds = %r2.y.latch, %r2.y.init
  %y8 = load i32, ptr %r2.y.addr, align 4
  %84 = icmp ult i32 %y8, %block_dim.y
  br i1 %84, label %r2.x.init, label %r2.z.latch

r2.x.init:                                        ; preds = %r2.y.head
  store i32 %78, ptr %r2.x.addr, align 4
  br label %r2.x.head

r2.x.head:                                        ; preds = %r2.wi.latch, %r2.x.init
  %x9 = load i32, ptr %r2.x.addr, align 4
  %85 = icmp ult i32 %x9, %82
  br i1 %85, label %r2.wi.begin, label %r2.y.latch

r2.wi.begin:                                      ; preds = %r2.x.head
  %local.x10 = load i32, ptr %r2.x.addr, align 4
  %local.y11 = load i32, ptr %r2.y.addr, align 4
  %local.z12 = load i32, ptr %r2.z.addr, align 4
  %86 = zext i32 %block_dim.x to i64
  %87 = zext i32 %block_dim.y to i64
  %88 = zext i32 %local.z12 to i64
  %89 = mul nuw i64 %88, %87
  %90 = zext i32 %local.y11 to i64
  %91 = add i64 %89, %90
  %92 = mul nuw i64 %91, %86
  %93 = zext i32 %local.x10 to i64
  %94 = add i64 %92, %93
  %95 = zext i32 %15 to i64
  %96 = urem i64 %94, %95
  %97 = trunc i64 %96 to i32
  br label %32

r2.wi.latch:                                      ; preds = %done.r2
  %98 = load i32, ptr %r2.x.addr, align 4
  %99 = add nuw i32 %98, 1
  store i32 %99, ptr %r2.x.addr, align 4
  br label %r2.x.head, !llvm.loop !9

r2.y.latch:                                       ; preds = %r2.x.head
  %100 = load i32, ptr %r2.y.addr, align 4
  %101 = add nuw i32 %100, 1
  store i32 %101, ptr %r2.y.addr, align 4
  br label %r2.y.head

r2.z.latch:                                       ; preds = %r2.y.head
  %102 = load i32, ptr %r2.z.addr, align 4
  %103 = add nuw i32 %102, 1
  store i32 %103, ptr %r2.z.addr, align 4
  br label %r2.z.head

r2.done:                                          ; preds = %r2.z.head
  br label %wg.exit
}

!0 = distinct !{}
!1 = distinct !{}
!2 = distinct !{}
!3 = distinct !{!3, !4, !5, !6}
!4 = !{!"llvm.loop.parallel_accesses", !0}
!5 = !{!"llvm.loop.interleave.count", i32 1}
!6 = !{!"llvm.loop.unroll.runtime.disable"}
!7 = distinct !{!7, !8, !5, !6}
!8 = !{!"llvm.loop.parallel_accesses", !1}
!9 = distinct !{!9, !10, !5, !6}
!10 = !{!"llvm.loop.parallel_accesses", !2}
