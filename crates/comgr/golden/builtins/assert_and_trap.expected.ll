; k -> __ferrocm_wg_k: args [Value@0:4/4, Value@4:4/4, Value@8:4/4], kernarg 12 align 4, local 0 (dynamic at 0), barriers 0, grid sync false
; ModuleID = 'assert_and_trap'
source_filename = "assert_and_trap"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@expr = private constant [6 x i8] c"x < n\00"
@file = private constant [6 x i8] c"k.hip\00"
@func = private constant [2 x i8] c"k\00"

declare void @__ferrocm_assert_fail(ptr, ptr, i32, ptr)

declare void @__ferrocm_trap()

define i32 @__ferrocm_wg_k(ptr %0, ptr %1) {
prologue:
  %2 = getelementptr inbounds i8, ptr %0, i64 0
  %arg0 = load i32, ptr %2, align 4
  %3 = getelementptr inbounds i8, ptr %0, i64 4
  %arg1 = load i32, ptr %3, align 4
  %4 = getelementptr inbounds i8, ptr %0, i64 8
  %arg2 = load i32, ptr %4, align 4
  %5 = getelementptr inbounds i8, ptr %1, i64 12
  %block_dim.x = load i32, ptr %5, align 4
  %6 = getelementptr inbounds i8, ptr %1, i64 16
  %block_dim.y = load i32, ptr %6, align 4
  %7 = getelementptr inbounds i8, ptr %1, i64 20
  %block_dim.z = load i32, ptr %7, align 4
  %8 = getelementptr inbounds i8, ptr %1, i64 0
  %group_id.x = load i32, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %1, i64 4
  %group_id.y = load i32, ptr %9, align 4
  %10 = getelementptr inbounds i8, ptr %1, i64 8
  %group_id.z = load i32, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %1, i64 24
  %num_groups.x = load i32, ptr %11, align 4
  %12 = getelementptr inbounds i8, ptr %1, i64 28
  %num_groups.y = load i32, ptr %12, align 4
  %13 = getelementptr inbounds i8, ptr %1, i64 32
  %num_groups.z = load i32, ptr %13, align 4
  %14 = getelementptr inbounds i8, ptr %1, i64 36
  %warp_size = load i32, ptr %14, align 4
  %15 = icmp eq i32 %warp_size, 32
  %16 = select i1 %15, i32 5, i32 6
  %17 = shl i32 1, %16
  %18 = getelementptr inbounds i8, ptr %1, i64 40
  %local_mem = load ptr, ptr %18, align 8
  %19 = getelementptr inbounds i8, ptr %1, i64 48
  %printf_fn = load ptr, ptr %19, align 8
  %20 = getelementptr inbounds i8, ptr %1, i64 56
  %assert_fn = load ptr, ptr %20, align 8
  %21 = getelementptr inbounds i8, ptr %1, i64 72
  %grid_sync_fn = load ptr, ptr %21, align 8
  %22 = zext i32 %block_dim.x to i64
  %23 = zext i32 %block_dim.y to i64
  %24 = zext i32 %block_dim.z to i64
  %25 = mul nuw i64 %22, %23
  %26 = mul nuw i64 %25, %24
  %exit.addr = alloca i32, align 4
  %reached.min.addr = alloca i32, align 4
  %reached.max.addr = alloca i32, align 4
  %exit.bit.addr = alloca i32, align 4
  %reached.bits.addr = alloca i32, align 4
  %r0.z.addr = alloca i32, align 4
  %r0.y.addr = alloca i32, align 4
  %r0.x.addr = alloca i32, align 4
  %27 = addrspacecast ptr %local_mem to ptr addrspace(3)
  br label %r0.head

wg.exit:                                          ; preds = %r0.done
  ret i32 0

wg.abort:                                         ; preds = %fail, %trap
  ret i32 2

entry:                                            ; preds = %r0.wi.begin
  %"reg2mem alloca point" = bitcast i32 0 to i32
  %ok = icmp slt i32 %arg0, %arg1
  br i1 %ok, label %next, label %fail

fail:                                             ; preds = %entry
  call void %assert_fn(ptr %1, ptr @expr, ptr @file, i32 12, ptr @func)
  br label %wg.abort

next:                                             ; preds = %entry
  %bad = icmp eq i32 %arg2, 3
  br i1 %bad, label %trap, label %done

trap:                                             ; preds = %next
  call void %assert_fn(ptr %1, ptr null, ptr null, i32 0, ptr null)
  br label %wg.abort

done:                                             ; preds = %next
  br label %r0.wi.latch

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
  %40 = zext i32 %17 to i64
  %41 = urem i64 %39, %40
  %42 = trunc i64 %41 to i32
  br label %entry

r0.wi.latch:                                      ; preds = %done
  %43 = load i32, ptr %r0.x.addr, align 4
  %44 = add nuw i32 %43, 1
  store i32 %44, ptr %r0.x.addr, align 4
  br label %r0.x.head, !llvm.loop !0

r0.y.latch:                                       ; preds = %r0.x.head
  %45 = load i32, ptr %r0.y.addr, align 4
  %46 = add nuw i32 %45, 1
  store i32 %46, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.z.latch:                                       ; preds = %r0.y.head
  %47 = load i32, ptr %r0.z.addr, align 4
  %48 = add nuw i32 %47, 1
  store i32 %48, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.done:                                          ; preds = %r0.z.head
  br label %wg.exit
}

!0 = distinct !{!0, !1, !3, !4}
!1 = !{!"llvm.loop.parallel_accesses", !2}
!2 = distinct !{}
!3 = !{!"llvm.loop.interleave.count", i32 1}
!4 = !{!"llvm.loop.unroll.runtime.disable"}
