; k -> __ferrocm_wg_k: args [Pointer@0:8/8, Value@8:4/4], kernarg 16 align 8, local 0 (dynamic at 0), barriers 1, grid sync false
; ModuleID = 'barrier_in_uniform_branch'
source_filename = "barrier_in_uniform_branch"
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
  %21 = zext i32 %block_dim.x to i64
  %22 = zext i32 %block_dim.y to i64
  %23 = zext i32 %block_dim.z to i64
  %24 = mul nuw i64 %21, %22
  %25 = mul nuw i64 %24, %23
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
  %26 = addrspacecast ptr %local_mem to ptr addrspace(3)
  br label %r0.head

wg.exit:                                          ; preds = %r1.done, %region.pick
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %t64.r0 = zext i32 %local.x to i64
  %p.r0 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %t64.r0
  store i32 %local.x, ptr addrspace(1) %p.r0, align 4, !llvm.access.group !0
  %on.r0 = icmp ne i32 %arg1, 0
  br i1 %on.r0, label %sync.r0, label %entry.done_crit_edge.r0

sync.r0:                                          ; preds = %entry.r0
  store i32 1, ptr %exit.bit.addr, align 4
  br label %r0.wi.latch

entry.done_crit_edge.r0:                          ; preds = %entry.r0
  br label %done.r0

done.r0:                                          ; preds = %entry.done_crit_edge.r0
  store i32 2, ptr %exit.bit.addr, align 4
  br label %r0.wi.latch

27:                                               ; preds = %r1.wi.begin
  %28 = zext i32 %local.x4 to i64
  %u.r1 = xor i64 %28, 1
  %q.r1 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %u.r1
  %v.r1 = load i32, ptr addrspace(1) %q.r1, align 4, !llvm.access.group !1
  %v1.r1 = add i32 %v.r1, 1
  %29 = zext i32 %local.x4 to i64
  %30 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %29
  store i32 %v1.r1, ptr addrspace(1) %30, align 4, !llvm.access.group !1
  br label %done.r1

done.r1:                                          ; preds = %27
  br label %r1.wi.latch

wg.divergent:                                     ; preds = %region.pick, %r0.done
  ret i32 1

r0.head:                                          ; preds = %prologue
  store i32 0, ptr %reached.bits.addr, align 4
  store i32 0, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.z.head:                                        ; preds = %r0.z.latch, %r0.head
  %z = load i32, ptr %r0.z.addr, align 4
  %31 = icmp ult i32 %z, %block_dim.z
  br i1 %31, label %r0.y.init, label %r0.done

r0.y.init:                                        ; preds = %r0.z.head
  store i32 0, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.y.head:                                        ; preds = %r0.y.latch, %r0.y.init
  %y = load i32, ptr %r0.y.addr, align 4
  %32 = icmp ult i32 %y, %block_dim.y
  br i1 %32, label %r0.x.init, label %r0.z.latch

r0.x.init:                                        ; preds = %r0.y.head
  store i32 0, ptr %r0.x.addr, align 4
  br label %r0.x.head

r0.x.head:                                        ; preds = %r0.wi.latch, %r0.x.init
  %x = load i32, ptr %r0.x.addr, align 4
  %33 = icmp ult i32 %x, %block_dim.x
  br i1 %33, label %r0.wi.begin, label %r0.y.latch

r0.wi.begin:                                      ; preds = %r0.x.head
  %local.x = load i32, ptr %r0.x.addr, align 4
  %local.y = load i32, ptr %r0.y.addr, align 4
  %local.z = load i32, ptr %r0.z.addr, align 4
  %34 = zext i32 %block_dim.x to i64
  %35 = zext i32 %block_dim.y to i64
  %36 = zext i32 %local.z to i64
  %37 = mul nuw i64 %36, %35
  %38 = zext i32 %local.y to i64
  %39 = add i64 %37, %38
  %40 = mul nuw i64 %39, %34
  %41 = zext i32 %local.x to i64
  %42 = add i64 %40, %41
  %43 = zext i32 %16 to i64
  %44 = urem i64 %42, %43
  %45 = trunc i64 %44 to i32
  br label %entry.r0

r0.wi.latch:                                      ; preds = %done.r0, %sync.r0
  %reached = load i32, ptr %exit.bit.addr, align 4
  %46 = load i32, ptr %reached.bits.addr, align 4
  %47 = or i32 %46, %reached
  store i32 %47, ptr %reached.bits.addr, align 4
  %48 = load i32, ptr %r0.x.addr, align 4
  %49 = add nuw i32 %48, 1
  store i32 %49, ptr %r0.x.addr, align 4
  br label %r0.x.head, !llvm.loop !2

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
  %reached.bits = load i32, ptr %reached.bits.addr, align 4
  %54 = sub i32 %reached.bits, 1
  %55 = and i32 %reached.bits, %54
  %56 = icmp ne i32 %reached.bits, 0
  %57 = icmp eq i32 %55, 0
  %58 = and i1 %56, %57
  br i1 %58, label %region.pick, label %wg.divergent

r1.head:                                          ; preds = %region.pick
  store i32 0, ptr %r1.z.addr, align 4
  br label %r1.z.head

r1.z.head:                                        ; preds = %r1.z.latch, %r1.head
  %z1 = load i32, ptr %r1.z.addr, align 4
  %59 = icmp ult i32 %z1, %block_dim.z
  br i1 %59, label %r1.y.init, label %r1.done

r1.y.init:                                        ; preds = %r1.z.head
  store i32 0, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.y.head:                                        ; preds = %r1.y.latch, %r1.y.init
  %y2 = load i32, ptr %r1.y.addr, align 4
  %60 = icmp ult i32 %y2, %block_dim.y
  br i1 %60, label %r1.x.init, label %r1.z.latch

r1.x.init:                                        ; preds = %r1.y.head
  store i32 0, ptr %r1.x.addr, align 4
  br label %r1.x.head

r1.x.head:                                        ; preds = %r1.wi.latch, %r1.x.init
  %x3 = load i32, ptr %r1.x.addr, align 4
  %61 = icmp ult i32 %x3, %block_dim.x
  br i1 %61, label %r1.wi.begin, label %r1.y.latch

r1.wi.begin:                                      ; preds = %r1.x.head
  %local.x4 = load i32, ptr %r1.x.addr, align 4
  %local.y5 = load i32, ptr %r1.y.addr, align 4
  %local.z6 = load i32, ptr %r1.z.addr, align 4
  %62 = zext i32 %block_dim.x to i64
  %63 = zext i32 %block_dim.y to i64
  %64 = zext i32 %local.z6 to i64
  %65 = mul nuw i64 %64, %63
  %66 = zext i32 %local.y5 to i64
  %67 = add i64 %65, %66
  %68 = mul nuw i64 %67, %62
  %69 = zext i32 %local.x4 to i64
  %70 = add i64 %68, %69
  %71 = zext i32 %16 to i64
  %72 = urem i64 %70, %71
  %73 = trunc i64 %72 to i32
  br label %27

r1.wi.latch:                                      ; preds = %done.r1
  %74 = load i32, ptr %r1.x.addr, align 4
  %75 = add nuw i32 %74, 1
  store i32 %75, ptr %r1.x.addr, align 4
  br label %r1.x.head, !llvm.loop !6

r1.y.latch:                                       ; preds = %r1.x.head
  %76 = load i32, ptr %r1.y.addr, align 4
  %77 = add nuw i32 %76, 1
  store i32 %77, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.z.latch:                                       ; preds = %r1.y.head
  %78 = load i32, ptr %r1.z.addr, align 4
  %79 = add nuw i32 %78, 1
  store i32 %79, ptr %r1.z.addr, align 4
  br label %r1.z.head

r1.done:                                          ; preds = %r1.z.head
  br label %wg.exit

region.pick:                                      ; preds = %r0.done
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
