; 3 regions outlined
; k -> __ferrocm_wg_k: args [Pointer@0:8/8, Pointer@8:8/8], kernarg 16 align 8, local 1024 (dynamic at 1024), barriers 2, grid sync false
; ModuleID = 'lockstep'
source_filename = "lockstep"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__ferrocm_workitem_id_x()

declare void @__ferrocm_barrier()

define i32 @__ferrocm_wg_k(ptr %0, ptr %1) {
prologue:
  %2 = getelementptr inbounds i8, ptr %0, i64 0
  %arg0 = load ptr addrspace(1), ptr %2, align 8
  %3 = getelementptr inbounds i8, ptr %0, i64 8
  %arg1 = load ptr addrspace(1), ptr %3, align 8
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
  %y.reg2mem.ctx = alloca i32, i64 %25, align 4
  %x.reg2mem.ctx = alloca i32, i64 %25, align 4
  %exit.addr = alloca i32, align 4
  %reached.min.addr = alloca i32, align 4
  %reached.max.addr = alloca i32, align 4
  %exit.bit.addr = alloca i32, align 4
  %reached.bits.addr = alloca i32, align 4
  %26 = addrspacecast ptr %local_mem to ptr addrspace(3)
  %27 = getelementptr inbounds i8, ptr addrspace(3) %26, i64 0
  br label %codeRepl

wg.exit:                                          ; preds = %codeRepl14
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

wg.divergent:                                     ; No predecessors!
  ret i32 1

codeRepl:                                         ; preds = %prologue
  call void @__ferrocm_wg_k.region0(ptr poison, i32 %block_dim.z, ptr poison, i32 %block_dim.y, ptr poison, i32 %block_dim.x, i32 %16, ptr nocapture %x.reg2mem.ctx, ptr addrspace(1) %arg0, ptr addrspace(3) %27)
  br label %codeRepl13

codeRepl13:                                       ; preds = %codeRepl
  call void @__ferrocm_wg_k.region1(ptr poison, i32 %block_dim.z, ptr poison, i32 %block_dim.y, ptr poison, i32 %block_dim.x, i32 %16, ptr nocapture %y.reg2mem.ctx, ptr nocapture %x.reg2mem.ctx, ptr addrspace(3) %27, ptr poison, ptr poison, ptr poison)
  br label %codeRepl14

codeRepl14:                                       ; preds = %codeRepl13
  call void @__ferrocm_wg_k.region2(ptr poison, i32 %block_dim.z, ptr poison, i32 %block_dim.y, ptr poison, i32 %block_dim.x, i32 %16, ptr nocapture %y.reg2mem.ctx, ptr addrspace(1) %arg1)
  br label %wg.exit
}

; Function Attrs: noinline
define internal void @__ferrocm_wg_k.region0(ptr %0, i32 %block_dim.z, ptr %1, i32 %block_dim.y, ptr %2, i32 %block_dim.x, i32 %3, ptr noalias nocapture %x.reg2mem.ctx, ptr addrspace(1) %arg0, ptr addrspace(3) %4) #0 {
newFuncRoot:
  %r0.x.addr = alloca i32, align 4
  %r0.y.addr = alloca i32, align 4
  %r0.z.addr = alloca i32, align 4
  br label %r0.head

r0.head:                                          ; preds = %newFuncRoot
  store i32 0, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.z.head:                                        ; preds = %r0.z.latch, %r0.head
  %z = load i32, ptr %r0.z.addr, align 4
  %5 = icmp ult i32 %z, %block_dim.z
  br i1 %5, label %r0.y.init, label %r0.done

r0.y.init:                                        ; preds = %r0.z.head
  store i32 0, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.done:                                          ; preds = %r0.z.head
  br label %r1.head.exitStub

r0.y.head:                                        ; preds = %r0.y.latch, %r0.y.init
  %y = load i32, ptr %r0.y.addr, align 4
  %6 = icmp ult i32 %y, %block_dim.y
  br i1 %6, label %r0.x.init, label %r0.z.latch

r0.x.init:                                        ; preds = %r0.y.head
  store i32 0, ptr %r0.x.addr, align 4
  br label %r0.x.head

r0.z.latch:                                       ; preds = %r0.y.head
  %7 = load i32, ptr %r0.z.addr, align 4
  %8 = add nuw i32 %7, 1
  store i32 %8, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.x.head:                                        ; preds = %r0.wi.latch, %r0.x.init
  %x = load i32, ptr %r0.x.addr, align 4
  %9 = icmp ult i32 %x, %block_dim.x
  br i1 %9, label %r0.wi.begin, label %r0.y.latch

r0.wi.begin:                                      ; preds = %r0.x.head
  %local.x = load i32, ptr %r0.x.addr, align 4
  %local.y = load i32, ptr %r0.y.addr, align 4
  %local.z = load i32, ptr %r0.z.addr, align 4
  %10 = zext i32 %block_dim.x to i64
  %11 = zext i32 %block_dim.y to i64
  %12 = zext i32 %local.z to i64
  %13 = mul nuw i64 %12, %11
  %14 = zext i32 %local.y to i64
  %15 = add i64 %13, %14
  %16 = mul nuw i64 %15, %10
  %17 = zext i32 %local.x to i64
  %18 = add i64 %16, %17
  %19 = zext i32 %3 to i64
  %20 = urem i64 %18, %19
  %21 = trunc i64 %20 to i32
  %22 = getelementptr inbounds i32, ptr %x.reg2mem.ctx, i64 %18
  br label %entry.r0

r0.y.latch:                                       ; preds = %r0.x.head
  %23 = load i32, ptr %r0.y.addr, align 4
  %24 = add nuw i32 %23, 1
  store i32 %24, ptr %r0.y.addr, align 4
  br label %r0.y.head

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %t64.r0 = zext i32 %local.x to i64
  %pin.r0 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %t64.r0
  %v.r0 = load i32, ptr addrspace(1) %pin.r0, align 4, !llvm.access.group !0
  %x.r0 = mul i32 %v.r0, 3
  store i32 %x.r0, ptr %22, align 4, !llvm.access.group !0
  %p.r0 = getelementptr inbounds [256 x i32], ptr addrspace(3) %4, i64 0, i64 %t64.r0
  store i32 %v.r0, ptr addrspace(3) %p.r0, align 4, !llvm.access.group !0
  br label %r0.wi.latch

r0.wi.latch:                                      ; preds = %entry.r0
  %25 = load i32, ptr %r0.x.addr, align 4
  %26 = add nuw i32 %25, 1
  store i32 %26, ptr %r0.x.addr, align 4
  br label %r0.x.head, !llvm.loop !1

r1.head.exitStub:                                 ; preds = %r0.done
  ret void
}

; Function Attrs: noinline
define internal void @__ferrocm_wg_k.region1(ptr %0, i32 %block_dim.z, ptr %1, i32 %block_dim.y, ptr %2, i32 %block_dim.x, i32 %3, ptr noalias nocapture %y.reg2mem.ctx, ptr noalias nocapture %x.reg2mem.ctx, ptr addrspace(3) %4, ptr %5, ptr %6, ptr %7) #0 {
newFuncRoot:
  %m.reg2mem = alloca i32, align 4
  %d.reg2mem = alloca i32, align 4
  %w.reg2mem = alloca i32, align 4
  %r1.x.addr = alloca i32, align 4
  %r1.y.addr = alloca i32, align 4
  %r1.z.addr = alloca i32, align 4
  br label %r1.head

r1.head:                                          ; preds = %newFuncRoot
  store i32 0, ptr %r1.z.addr, align 4
  br label %r1.z.head

r1.z.head:                                        ; preds = %r1.z.latch, %r1.head
  %z1 = load i32, ptr %r1.z.addr, align 4
  %8 = icmp ult i32 %z1, %block_dim.z
  br i1 %8, label %r1.y.init, label %r1.done

r1.y.init:                                        ; preds = %r1.z.head
  store i32 0, ptr %r1.y.addr, align 4
  br label %r1.y.head

r1.done:                                          ; preds = %r1.z.head
  br label %r2.head.exitStub

r1.y.head:                                        ; preds = %r1.y.latch, %r1.y.init
  %y2 = load i32, ptr %r1.y.addr, align 4
  %9 = icmp ult i32 %y2, %block_dim.y
  br i1 %9, label %r1.x.init, label %r1.z.latch

r1.x.init:                                        ; preds = %r1.y.head
  store i32 0, ptr %r1.x.addr, align 4
  br label %r1.x.head

r1.z.latch:                                       ; preds = %r1.y.head
  %10 = load i32, ptr %r1.z.addr, align 4
  %11 = add nuw i32 %10, 1
  store i32 %11, ptr %r1.z.addr, align 4
  br label %r1.z.head

r1.x.head:                                        ; preds = %r1.wi.latch, %r1.x.init
  %x3 = load i32, ptr %r1.x.addr, align 4
  %12 = icmp ult i32 %x3, %block_dim.x
  br i1 %12, label %r1.wi.begin, label %r1.y.latch

r1.wi.begin:                                      ; preds = %r1.x.head
  %local.x4 = load i32, ptr %r1.x.addr, align 4
  %local.y5 = load i32, ptr %r1.y.addr, align 4
  %local.z6 = load i32, ptr %r1.z.addr, align 4
  %13 = zext i32 %block_dim.x to i64
  %14 = zext i32 %block_dim.y to i64
  %15 = zext i32 %local.z6 to i64
  %16 = mul nuw i64 %15, %14
  %17 = zext i32 %local.y5 to i64
  %18 = add i64 %16, %17
  %19 = mul nuw i64 %18, %13
  %20 = zext i32 %local.x4 to i64
  %21 = add i64 %19, %20
  %22 = zext i32 %3 to i64
  %23 = urem i64 %21, %22
  %24 = trunc i64 %23 to i32
  %25 = getelementptr inbounds i32, ptr %y.reg2mem.ctx, i64 %21
  %26 = getelementptr inbounds i32, ptr %x.reg2mem.ctx, i64 %21
  br label %29

r1.y.latch:                                       ; preds = %r1.x.head
  %27 = load i32, ptr %r1.y.addr, align 4
  %28 = add nuw i32 %27, 1
  store i32 %28, ptr %r1.y.addr, align 4
  br label %r1.y.head

29:                                               ; preds = %r1.wi.begin
  %r.r1 = xor i32 %local.x4, 1
  %r64.r1 = zext i32 %r.r1 to i64
  %q.r1 = getelementptr inbounds [256 x i32], ptr addrspace(3) %4, i64 0, i64 %r64.r1
  %w.r1 = load i32, ptr addrspace(3) %q.r1, align 4, !llvm.access.group !5
  store i32 %w.r1, ptr %w.reg2mem, align 4
  %w.reload1.r1 = load i32, ptr %w.reg2mem, align 4
  %x.reload3.r1 = load i32, ptr %26, align 4, !llvm.access.group !5
  %big.r1 = icmp sgt i32 %w.reload1.r1, %x.reload3.r1
  br i1 %big.r1, label %then.r1, label %.join_crit_edge.r1

then.r1:                                          ; preds = %29
  %w.reload.r1 = load i32, ptr %w.reg2mem, align 4
  %x.reload2.r1 = load i32, ptr %26, align 4, !llvm.access.group !5
  %d.r1 = sub i32 %w.reload.r1, %x.reload2.r1
  store i32 %d.r1, ptr %d.reg2mem, align 4
  %d.reload.r1 = load i32, ptr %d.reg2mem, align 4
  store i32 %d.reload.r1, ptr %m.reg2mem, align 4
  br label %join.r1

.join_crit_edge.r1:                               ; preds = %29
  store i32 0, ptr %m.reg2mem, align 4
  br label %join.r1

join.r1:                                          ; preds = %.join_crit_edge.r1, %then.r1
  %m.reload.r1 = load i32, ptr %m.reg2mem, align 4
  %x.reload.r1 = load i32, ptr %26, align 4, !llvm.access.group !5
  %y.r1 = add i32 %m.reload.r1, %x.reload.r1
  store i32 %y.r1, ptr %25, align 4, !llvm.access.group !5
  br label %r1.wi.latch

r1.wi.latch:                                      ; preds = %join.r1
  %30 = load i32, ptr %r1.x.addr, align 4
  %31 = add nuw i32 %30, 1
  store i32 %31, ptr %r1.x.addr, align 4
  br label %r1.x.head, !llvm.loop !6

r2.head.exitStub:                                 ; preds = %r1.done
  ret void
}

; Function Attrs: noinline
define internal void @__ferrocm_wg_k.region2(ptr %0, i32 %block_dim.z, ptr %1, i32 %block_dim.y, ptr %2, i32 %block_dim.x, i32 %3, ptr noalias nocapture %y.reg2mem.ctx, ptr addrspace(1) %arg1) #0 {
newFuncRoot:
  %r2.x.addr = alloca i32, align 4
  %r2.y.addr = alloca i32, align 4
  %r2.z.addr = alloca i32, align 4
  br label %r2.head

r2.head:                                          ; preds = %newFuncRoot
  store i32 0, ptr %r2.z.addr, align 4
  br label %r2.z.head

r2.z.head:                                        ; preds = %r2.z.latch, %r2.head
  %z7 = load i32, ptr %r2.z.addr, align 4
  %4 = icmp ult i32 %z7, %block_dim.z
  br i1 %4, label %r2.y.init, label %r2.done

r2.y.init:                                        ; preds = %r2.z.head
  store i32 0, ptr %r2.y.addr, align 4
  br label %r2.y.head

r2.done:                                          ; preds = %r2.z.head
  br label %wg.exit.exitStub

r2.y.head:                                        ; preds = %r2.y.latch, %r2.y.init
  %y8 = load i32, ptr %r2.y.addr, align 4
  %5 = icmp ult i32 %y8, %block_dim.y
  br i1 %5, label %r2.x.init, label %r2.z.latch

r2.x.init:                                        ; preds = %r2.y.head
  store i32 0, ptr %r2.x.addr, align 4
  br label %r2.x.head

r2.z.latch:                                       ; preds = %r2.y.head
  %6 = load i32, ptr %r2.z.addr, align 4
  %7 = add nuw i32 %6, 1
  store i32 %7, ptr %r2.z.addr, align 4
  br label %r2.z.head

r2.x.head:                                        ; preds = %r2.wi.latch, %r2.x.init
  %x9 = load i32, ptr %r2.x.addr, align 4
  %8 = icmp ult i32 %x9, %block_dim.x
  br i1 %8, label %r2.wi.begin, label %r2.y.latch

r2.wi.begin:                                      ; preds = %r2.x.head
  %local.x10 = load i32, ptr %r2.x.addr, align 4
  %local.y11 = load i32, ptr %r2.y.addr, align 4
  %local.z12 = load i32, ptr %r2.z.addr, align 4
  %9 = zext i32 %block_dim.x to i64
  %10 = zext i32 %block_dim.y to i64
  %11 = zext i32 %local.z12 to i64
  %12 = mul nuw i64 %11, %10
  %13 = zext i32 %local.y11 to i64
  %14 = add i64 %12, %13
  %15 = mul nuw i64 %14, %9
  %16 = zext i32 %local.x10 to i64
  %17 = add i64 %15, %16
  %18 = zext i32 %3 to i64
  %19 = urem i64 %17, %18
  %20 = trunc i64 %19 to i32
  %21 = getelementptr inbounds i32, ptr %y.reg2mem.ctx, i64 %17
  br label %24

r2.y.latch:                                       ; preds = %r2.x.head
  %22 = load i32, ptr %r2.y.addr, align 4
  %23 = add nuw i32 %22, 1
  store i32 %23, ptr %r2.y.addr, align 4
  br label %r2.y.head

24:                                               ; preds = %r2.wi.begin
  %25 = zext i32 %local.x10 to i64
  %pout.r2 = getelementptr inbounds i32, ptr addrspace(1) %arg1, i64 %25
  %y.reload.r2 = load i32, ptr %21, align 4, !llvm.access.group !8
  store i32 %y.reload.r2, ptr addrspace(1) %pout.r2, align 4, !llvm.access.group !8
  br label %r2.wi.latch

r2.wi.latch:                                      ; preds = %24
  %26 = load i32, ptr %r2.x.addr, align 4
  %27 = add nuw i32 %26, 1
  store i32 %27, ptr %r2.x.addr, align 4
  br label %r2.x.head, !llvm.loop !9

wg.exit.exitStub:                                 ; preds = %r2.done
  ret void
}

attributes #0 = { noinline }

!0 = distinct !{}
!1 = distinct !{!1, !2, !3, !4}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"llvm.loop.interleave.count", i32 1}
!4 = !{!"llvm.loop.unroll.runtime.disable"}
!5 = distinct !{}
!6 = distinct !{!6, !7, !3, !4}
!7 = !{!"llvm.loop.parallel_accesses", !5}
!8 = distinct !{}
!9 = distinct !{!9, !10, !3, !4}
!10 = !{!"llvm.loop.parallel_accesses", !8}
