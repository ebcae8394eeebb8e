; k -> __ferrocm_wg_k: args [Pointer@0:8/8], kernarg 8 align 8, local 0 (dynamic at 0), barriers 1, grid sync false
; ModuleID = 'escaping_slot'
source_filename = "escaping_slot"
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
  %priv.ctx = alloca [4 x i32], i64 %24, align 4
  %e.reg2mem.ctx = alloca ptr, i64 %24, align 8
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
  %25 = addrspacecast ptr %local_mem to ptr addrspace(3)
  br label %r0.head

wg.exit:                                          ; preds = %r1.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %t64.r0 = zext i32 %local.x to i64
  %k.r0 = and i64 %t64.r0, 3
  %e.r0 = getelementptr inbounds [4 x i32], ptr %43, i64 0, i64 %k.r0
  store ptr %e.r0, ptr %44, align 8, !llvm.access.group !0
  %e.reload1.r0 = load ptr, ptr %44, align 8, !llvm.access.group !0
  store i32 %local.x, ptr %e.reload1.r0, align 4, !llvm.access.group !0
  br label %r0.wi.latch

26:                                               ; preds = %r1.wi.begin
  %e.reload.r1 = load ptr, ptr %66, align 8, !llvm.access.group !1
  %v.r1 = load i32, ptr %e.reload.r1, align 4, !llvm.access.group !1
  %27 = zext i32 %local.x4 to i64
  %p.r1 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %27
  store i32 %v.r1, ptr addrspace(1) %p.r1, align 4, !llvm.access.group !1
  br label %r1.wi.latch

wg.divergent:                                     ; No predecessors!
  ret i32 1

r0.head:                                          ; preds = %prologue
  store i32 0, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.z.head:                                        ; preds = %r0.z.latch, %r0.head
  %z = load i32, ptr %r0.z.addr, align 4
  %28 = icmp ult i32 %z, %block_dim.z
  br i1 %28, label %r0.y.init, label %r0.done

r0.y.init:                                        ; preds = %r0.z.head
  store i32 0, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.y.head:                                        ; preds = %r0.y.latch, %r0.y.init
  %y = load i32, ptr %r0.y.addr, align 4
  %29 = icmp ult i32 %y, %block_dim.y
  br i1 %29, label %r0.x.init, label %r0.z.latch

r0.x.init:                                        ; preds = %r0.y.head
  store i32 0, ptr %r0.x.addr, align 4
  br label %r0.x.head

r0.x.head:                                        ; preds = %r0.wi.latch, %r0.x.init
  %x = load i32, ptr %r0.x.addr, align 4
  %30 = icmp ult i32 %x, %block_dim.x
  br i1 %30, label %r0.wi.begin, label %r0.y.latch

r0.wi.begin:                                      ; preds = %r0.x.head
  %local.x = load i32, ptr %r0.x.addr, align 4
  %local.y = load i32, ptr %r0.y.addr, align 4
  %local.z = load i32, ptr %r0.z.addr, align 4
  %31 = zext i32 %block_dim.x to i64
  %32 = zext i32 %block_dim.y to i64
  %33 = zext i32 %local.z to i64
  %34 = mul nuw i64 %33, %32
  %35 = zext i32 %local.y to i64
  %36 = add i64 %34, %35
  %37 = mul nuw i64 %36, %31
  %38 = zext i32 %local.x to i64
  %39 = add i64 %37, %38
  %40 = zext i32 %15 to i64
  %41 = urem i64 %39, %40
  %42 = trunc i64 %41 to i32
  %43 = getelementptr inbounds [4 x i32], ptr %priv.ctx, i64 %39
  %44 = getelementptr inbounds ptr, ptr %e.reg2mem.ctx, i64 %39
  br label %entry.r0

r0.wi.latch:                                      ; preds = %entry.r0
  %45 = load i32, ptr %r0.x.addr, align 4
  %46 = add nuw i32 %45, 1
  store i32 %46, ptr %r0.x.addr, align 4
  br label %r0.x.head, !llvm.loop !2

r0.y.latch:                                       ; preds = %r0.x.head
  %47 = load i32, ptr %r0.y.addr, align 4
  %48 = add nuw i32 %47, 1
  store i32 %48, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.z.latch:                                       ; preds = %r0.y.head
  %49 = load i32, ptr %r0.z.addr, align 4
  %50 = add nuw i32 %49, 1
  store i32 %50, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.done:                                          ; preds = %r0.z.head
  br label %r1.head

r1.head:                                          ; preds = %r0.done
  store i32 0, ptr %r1.z.addr, align 4
  br label %r1.z.head

r1.z.head:                                        ; preds = %r1.z.latch, %r1.head
  %z1 = load i32, ptr %r1.z.addr, align 4
  %51 = icmp ult i32 %z1, %block_dim.z
  br i1 %51, label %r1.y.init, label %r1.done

r1.y.init:                                        ; preds = %r1.z.head
  store i32 0, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.y.head:                                        ; preds = %r1.y.latch, %r1.y.init
  %y2 = load i32, ptr %r1.y.addr, align 4
  %52 = icmp ult i32 %y2, %block_dim.y
  br i1 %52, label %r1.x.init, label %r1.z.latch

r1.x.init:                                        ; preds = %r1.y.head
  store i32 0, ptr %r1.x.addr, align 4
  br label %r1.x.head

r1.x.head:                                        ; preds = %r1.wi.latch, %r1.x.init
  %x3 = load i32, ptr %r1.x.addr, align 4
  %53 = icmp ult i32 %x3, %block_dim.x
  br i1 %53, label %r1.wi.begin, label %r1.y.latch

r1.wi.begin:                                      ; preds = %r1.x.head
  %local.x4 = load i32, ptr %r1.x.addr, align 4
  %local.y5 = load i32, ptr %r1.y.addr, align 4
  %local.z6 = load i32, ptr %r1.z.addr, align 4
  %54 = zext i32 %block_dim.x to i64
  %55 = zext i32 %block_dim.y to i64
  %56 = zext i32 %local.z6 to i64
  %57 = mul nuw i64 %56, %55
  %58 = zext i32 %local.y5 to i64
  %59 = add i64 %57, %58
  %60 = mul nuw i64 %59, %54
  %61 = zext i32 %local.x4 to i64
  %62 = add i64 %60, %61
  %63 = zext i32 %15 to i64
  %64 = urem i64 %62, %63
  %65 = trunc i64 %64 to i32
  %66 = getelementptr inbounds ptr, ptr %e.reg2mem.ctx, i64 %62
  br label %26

r1.wi.latch:                                      ; preds = %26
  %67 = load i32, ptr %r1.x.addr, align 4
  %68 = add nuw i32 %67, 1
  store i32 %68, ptr %r1.x.addr, align 4
  br label %r1.x.head, !llvm.loop !6

r1.y.latch:                                       ; preds = %r1.x.head
  %69 = load i32, ptr %r1.y.addr, align 4
  %70 = add nuw i32 %69, 1
  store i32 %70, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.z.latch:                                       ; preds = %r1.y.head
  %71 = load i32, ptr %r1.z.addr, align 4
  %72 = add nuw i32 %71, 1
  store i32 %72, ptr %r1.z.addr, align 4
  br label %r1.z.head

r1.done:                                          ; preds = %r1.z.head
  br label %wg.exit
}

!0 = distinct !{}
!1 = distinct !{}
!2 = distinct !{!2, !3, !4, !5}
!3 = !{!"llvm.loop.parallel_accesses", !0}
!4 = !{!"llvm.loop.interleave.count", i32 1}
!5 = !{!"llvm.loop.unroll.runtime.disable"}
!6 = distinct !{!6, !7, !4, !5}
!7 = !{!"llvm.loop.parallel_accesses", !1}
