; k -> __ferrocm_wg_k: args [Pointer@0:8/8], kernarg 8 align 8, local 68 (dynamic at 128), barriers 0, grid sync false
; ModuleID = 'shared_memory'
source_filename = "shared_memory"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__ferrocm_workitem_id_x()

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
  %25 = addrspacecast ptr %local_mem to ptr addrspace(3)
  %26 = getelementptr inbounds i8, ptr addrspace(3) %25, i64 0
  %27 = getelementptr inbounds i8, ptr addrspace(3) %25, i64 64
  %28 = getelementptr inbounds i8, ptr addrspace(3) %25, i64 128
  br label %r0.head

wg.exit:                                          ; preds = %r0.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry:                                            ; preds = %r0.wi.begin
  %"reg2mem alloca point" = bitcast i32 0 to i32
  %t64 = zext i32 %local.x to i64
  %p = getelementptr inbounds [16 x float], ptr addrspace(3) %26, i64 0, i64 %t64
  store float 1.000000e+00, ptr addrspace(3) %p, align 4, !llvm.access.group !0
  store i32 1, ptr addrspace(3) %27, align 4, !llvm.access.group !0
  %d = getelementptr inbounds [0 x double], ptr addrspace(3) %28, i64 0, i64 %t64
  store double 2.000000e+00, ptr addrspace(3) %d, align 8, !llvm.access.group !0
  %o = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %t64
  %f = load i32, ptr addrspace(3) %27, align 4, !llvm.access.group !0
  store i32 %f, ptr addrspace(1) %o, align 4, !llvm.access.group !0
  br label %r0.wi.latch

wg.divergent:                                     ; No predecessors!
  ret i32 1

r0.head:                                          ; preds = %prologue
  store i32 0, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.z.head:                                        ; preds = %r0.z.latch, %r0.head
  %z = load i32, ptr %r0.z.addr, align 4
  %29 = icmp ult i32 %z, %block_dim.z
  br i1 %29, label %r0.y.init, label %r0.done

r0.y.init:                                        ; preds = %r0.z.head
  store i32 0, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.y.head:                                        ; preds = %r0.y.latch, %r0.y.init
  %y = load i32, ptr %r0.y.addr, align 4
  %30 = icmp ult i32 %y, %block_dim.y
  br i1 %30, label %r0.x.init, label %r0.z.latch

r0.x.init:                                        ; preds = %r0.y.head
  store i32 0, ptr %r0.x.addr, align 4
  br label %r0.x.head

r0.x.head:                                        ; preds = %r0.wi.latch, %r0.x.init
  %x = load i32, ptr %r0.x.addr, align 4
  %31 = icmp ult i32 %x, %block_dim.x
  br i1 %31, label %r0.wi.begin, label %r0.y.latch

r0.wi.begin:                                      ; preds = %r0.x.head
  %local.x = load i32, ptr %r0.x.addr, align 4
  %local.y = load i32, ptr %r0.y.addr, align 4
  %local.z = load i32, ptr %r0.z.addr, align 4
  %32 = zext i32 %block_dim.x to i64
  %33 = zext i32 %block_dim.y to i64
  %34 = zext i32 %local.z to i64
  %35 = mul nuw i64 %34, %33
  %36 = zext i32 %local.y to i64
  %37 = add i64 %35, %36
  %38 = mul nuw i64 %37, %32
  %39 = zext i32 %local.x to i64
  %40 = add i64 %38, %39
  %41 = zext i32 %15 to i64
  %42 = urem i64 %40, %41
  %43 = trunc i64 %42 to i32
  br label %entry

r0.wi.latch:                                      ; preds = %entry
  %44 = load i32, ptr %r0.x.addr, align 4
  %45 = add nuw i32 %44, 1
  store i32 %45, ptr %r0.x.addr, align 4
  br label %r0.x.head, !llvm.loop !1

r0.y.latch:                                       ; preds = %r0.x.head
  %46 = load i32, ptr %r0.y.addr, align 4
  %47 = add nuw i32 %46, 1
  store i32 %47, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.z.latch:                                       ; preds = %r0.y.head
  %48 = load i32, ptr %r0.z.addr, align 4
  %49 = add nuw i32 %48, 1
  store i32 %49, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.done:                                          ; preds = %r0.z.head
  br label %wg.exit
}

!0 = distinct !{}
!1 = distinct !{!1, !2, !3, !4}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"llvm.loop.interleave.count", i32 1}
!4 = !{!"llvm.loop.unroll.runtime.disable"}
