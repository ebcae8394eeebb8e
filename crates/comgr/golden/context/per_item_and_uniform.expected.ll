; k -> __ferrocm_wg_k: args [Pointer@0:8/8, Value@8:4/4], kernarg 16 align 8, local 0 (dynamic at 0), barriers 1, grid sync false
; ModuleID = 'per_item_and_uniform'
source_filename = "per_item_and_uniform"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__ferrocm_workitem_id_x()

declare void @__ferrocm_barrier()

define i32 @__ferrocm_wg_k(ptr %0, ptr %1) {
prologue:
  %2 = getelementptr inbounds i8, ptr %0, i64 0
  %arg0 = load ptr addrspace(1), ptr %2, align 8
  %3 = getelementptr inbounds i8, ptr %0, i64 8
  %arg1 = load i32, ptr %3, align 4
  %4 = getelementptr inbounds i8, ptr %1, i64 12
  %block_dim.x = load i32, ptr %4, align 4
  %5 = getelementptr inbounds i8, ptr %1, i64 16
  %block_dim.y = load i32, ptr %5, align 4
  %6 = getelementptr inbounds i8, ptr %1, i64 20
  %block_dim.z = load i32, ptr %6, align 4
  %7 = getelementptr inbounds i8, ptr %1, i64 0
  %group_id.x = load i32, ptr %7, align 4
  %8 = getelementptr inbounds i8, ptr %1, i64 4
  %group_id.y = load i32, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %1, i64 8
  %group_id.z = load i32, ptr %9, align 4
  %10 = getelementptr inbounds i8, ptr %1, i64 24
  %num_groups.x = load i32, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %1, i64 28
  %num_groups.y = load i32, ptr %11, align 4
  %12 = getelementptr inbounds i8, ptr %1, i64 32
  %num_groups.z = load i32, ptr %12, align 4
  %13 = getelementptr inbounds i8, ptr %1, i64 36
  %warp_size = load i32, ptr %13, align 4
  %14 = icmp eq i32 %warp_size, 32
  %15 = select i1 %14, i32 5, i32 6
  %16 = shl i32 1, %15
  %17 = getelementptr inbounds i8, ptr %1, i64 40
  %local_mem = load ptr, ptr %17, align 8
  %18 = getelementptr inbounds i8, ptr %1, i64 48
  %printf_fn = load ptr, ptr %18, align 8
  %19 = getelementptr inbounds i8, ptr %1, i64 56
  %assert_fn = load ptr, ptr %19, align 8
  %20 = getelementptr inbounds i8, ptr %1, i64 72
  %grid_sync_fn = load ptr, ptr %20, align 8
  %k1.reg2mem = alloca i32, align 4
  %k.reg2mem3 = alloca i32, align 4
  %21 = zext i32 %block_dim.x to i64
  %22 = zext i32 %block_dim.y to i64
  %23 = zext i32 %block_dim.z to i64
  %24 = mul nuw i64 %21, %22
  %25 = mul nuw i64 %24, %23
  %x.reg2mem.ctx = alloca i32, i64 %25, align 4
  %k.reg2mem.uniform = alloca i32, i64 %25, align 4
  %exit.addr = alloca i32, align 4
  %reached.min.addr = alloca i32, align 4
  %reached.max.addr = alloca i32, align 4
  %exit.bit.addr = alloca i32, align 4
  %reached.bits.addr = alloca i32, align 4
  %r0.z.addr = alloca i32, align 4
  %r0.y.addr = alloca i32, align 4
  %r0.x.addr = alloca i32, align 4
  %k.reg2mem.local = alloca i32, align 4
  %r1.z.addr = alloca i32, align 4
  %r1.y.addr = alloca i32, align 4
  %r1.x.addr = alloca i32, align 4
  %k.reg2mem.local8 = alloca i32, align 4
  %26 = addrspacecast ptr %local_mem to ptr addrspace(3)
  br label %r0.head

wg.exit:                                          ; preds = %region.pick
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %t64.r0 = zext i32 %local.x to i64
  %p.r0 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %t64.r0
  %x.r0 = load i32, ptr addrspace(1) %p.r0, align 4, !llvm.access.group !0
  store i32 %x.r0, ptr %48, align 4, !llvm.access.group !0
  store i32 0, ptr %k.reg2mem3, align 4
  br label %loop.r0

loop.r0:                                          ; preds = %entry.r0
  %k.reload4.r0 = load i32, ptr %k.reg2mem3, align 4
  store i32 %k.reload4.r0, ptr %k.reg2mem.local, align 4
  %k.reload2.r0 = load i32, ptr %k.reg2mem.local, align 4
  %x.reload.r0 = load i32, ptr %48, align 4, !llvm.access.group !0
  %s.r0 = add i32 %x.reload.r0, %k.reload2.r0
  %27 = zext i32 %local.x to i64
  %28 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %27
  store i32 %s.r0, ptr addrspace(1) %28, align 4, !llvm.access.group !0
  br label %r0.wi.latch

29:                                               ; preds = %r1.wi.begin
  %k.reload.r1 = load i32, ptr %k.reg2mem.local8, align 4
  %k1.r1 = add nuw i32 %k.reload.r1, 1
  store i32 %k1.r1, ptr %k1.reg2mem, align 4
  %k1.reload.r1 = load i32, ptr %k1.reg2mem, align 4
  %more.r1 = icmp ult i32 %k1.reload.r1, %arg1
  br i1 %more.r1, label %.loop_crit_edge.r1, label %done.r1

.loop_crit_edge.r1:                               ; preds = %29
  %k1.reload1.r1 = load i32, ptr %k1.reg2mem, align 4
  store i32 %k1.reload1.r1, ptr %k.reg2mem3, align 4
  br label %loop.r1

done.r1:                                          ; preds = %29
  store i32 2, ptr %exit.bit.addr, align 4
  br label %r1.wi.latch

loop.r1:                                          ; preds = %.loop_crit_edge.r1
  %k.reload4.r1 = load i32, ptr %k.reg2mem3, align 4
  store i32 %k.reload4.r1, ptr %k.reg2mem.local8, align 4
  %k.reload2.r1 = load i32, ptr %k.reg2mem.local8, align 4
  %x.reload.r1 = load i32, ptr %73, align 4, !llvm.access.group !1
  %s.r1 = add i32 %x.reload.r1, %k.reload2.r1
  %30 = zext i32 %local.x4 to i64
  %31 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %30
  store i32 %s.r1, ptr addrspace(1) %31, align 4, !llvm.access.group !1
  store i32 1, ptr %exit.bit.addr, align 4
  br label %r1.wi.latch

wg.divergent:                                     ; preds = %region.pick, %r1.done
  ret i32 1

r0.head:                                          ; preds = %prologue
  store i32 0, ptr %r0.z.addr, align 4
  %32 = getelementptr inbounds i32, ptr %k.reg2mem.uniform, i64 0
  %k.reg2mem.entry = load i32, ptr %32, align 4
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
  %45 = zext i32 %16 to i64
  %46 = urem i64 %44, %45
  %47 = trunc i64 %46 to i32
  %48 = getelementptr inbounds i32, ptr %x.reg2mem.ctx, i64 %44
  store i32 %k.reg2mem.entry, ptr %k.reg2mem.local, align 4
  %49 = getelementptr inbounds i32, ptr %k.reg2mem.uniform, i64 %44
  br label %entry.r0

r0.wi.latch:                                      ; preds = %loop.r0
  %50 = load i32, ptr %r0.x.addr, align 4
  %51 = add nuw i32 %50, 1
  store i32 %51, ptr %r0.x.addr, align 4
  %52 = load i32, ptr %k.reg2mem.local, align 4
  store i32 %52, ptr %49, align 4, !llvm.access.group !0
  br label %r0.x.head, !llvm.loop !2

r0.y.latch:                                       ; preds = %r0.x.head
  %53 = load i32, ptr %r0.y.addr, align 4
  %54 = add nuw i32 %53, 1
  store i32 %54, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.z.latch:                                       ; preds = %r0.y.head
  %55 = load i32, ptr %r0.z.addr, align 4
  %56 = add nuw i32 %55, 1
  store i32 %56, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.done:                                          ; preds = %r0.z.head
  br label %r1.head

r1.head:                                          ; preds = %region.pick, %r0.done
  store i32 0, ptr %reached.bits.addr, align 4
  store i32 0, ptr %r1.z.addr, align 4
  %57 = getelementptr inbounds i32, ptr %k.reg2mem.uniform, i64 0
  %k.reg2mem.entry7 = load i32, ptr %57, align 4
  br label %r1.z.head

r1.z.head:                                        ; preds = %r1.z.latch, %r1.head
  %z1 = load i32, ptr %r1.z.addr, align 4
  %58 = icmp ult i32 %z1, %block_dim.z
  br i1 %58, label %r1.y.init, label %r1.done

r1.y.init:                                        ; preds = %r1.z.head
  store i32 0, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.y.head:                                        ; preds = %r1.y.latch, %r1.y.init
  %y2 = load i32, ptr %r1.y.addr, align 4
  %59 = icmp ult i32 %y2, %block_dim.y
  br i1 %59, label %r1.x.init, label %r1.z.latch

r1.x.init:                                        ; preds = %r1.y.head
  store i32 0, ptr %r1.x.addr, align 4
  br label %r1.x.head

r1.x.head:                                        ; preds = %r1.wi.latch, %r1.x.init
  %x3 = load i32, ptr %r1.x.addr, align 4
  %60 = icmp ult i32 %x3, %block_dim.x
  br i1 %60, label %r1.wi.begin, label %r1.y.latch

r1.wi.begin:                                      ; preds = %r1.x.head
  %local.x4 = load i32, ptr %r1.x.addr, align 4
  %local.y5 = load i32, ptr %r1.y.addr, align 4
  %local.z6 = load i32, ptr %r1.z.addr, align 4
  %61 = zext i32 %block_dim.x to i64
  %62 = zext i32 %block_dim.y to i64
  %63 = zext i32 %local.z6 to i64
  %64 = mul nuw i64 %63, %62
  %65 = zext i32 %local.y5 to i64
  %66 = add i64 %64, %65
  %67 = mul nuw i64 %66, %61
  %68 = zext i32 %local.x4 to i64
  %69 = add i64 %67, %68
  %70 = zext i32 %16 to i64
  %71 = urem i64 %69, %70
  %72 = trunc i64 %71 to i32
  %73 = getelementptr inbounds i32, ptr %x.reg2mem.ctx, i64 %69
  store i32 %k.reg2mem.entry7, ptr %k.reg2mem.local8, align 4
  %74 = getelementptr inbounds i32, ptr %k.reg2mem.uniform, i64 %69
  br label %29

r1.wi.latch:                                      ; preds = %loop.r1, %done.r1
  %reached = load i32, ptr %exit.bit.addr, align 4
  %75 = load i32, ptr %reached.bits.addr, align 4
  %76 = or i32 %75, %reached
  store i32 %76, ptr %reached.bits.addr, align 4
  %77 = load i32, ptr %r1.x.addr, align 4
  %78 = add nuw i32 %77, 1
  store i32 %78, ptr %r1.x.addr, align 4
  %79 = load i32, ptr %k.reg2mem.local8, align 4
  store i32 %79, ptr %74, align 4, !llvm.access.group !1
  br label %r1.x.head, !llvm.loop !6

r1.y.latch:                                       ; preds = %r1.x.head
  %80 = load i32, ptr %r1.y.addr, align 4
  %81 = add nuw i32 %80, 1
  store i32 %81, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.z.latch:                                       ; preds = %r1.y.head
  %82 = load i32, ptr %r1.z.addr, align 4
  %83 = add nuw i32 %82, 1
  store i32 %83, ptr %r1.z.addr, align 4
  br label %r1.z.head

r1.done:                                          ; preds = %r1.z.head
  %reached.bits = load i32, ptr %reached.bits.addr, align 4
  %84 = sub i32 %reached.bits, 1
  %85 = and i32 %reached.bits, %84
  %86 = icmp ne i32 %reached.bits, 0
  %87 = icmp eq i32 %85, 0
  %88 = and i1 %86, %87
  br i1 %88, label %region.pick, label %wg.divergent

region.pick:                                      ; preds = %r1.done
  switch i32 %reached.bits, label %wg.divergent [
    i32 1, label %r1.head
    i32 2, label %wg.exit
  ]
}

!0 = distinct !{}
!1 = distinct !{}
!2 = distinct !{!2, !3, !4, !5}
!3 = !{!"llvm.loop.parallel_accesses", !0}
!4 = !{!"llvm.loop.interleave.count", i32 1}
!5 = !{!"llvm.loop.unroll.runtime.disable"}
!6 = distinct !{!6, !7, !4, !5}
!7 = !{!"llvm.loop.parallel_accesses", !1}
