; k -> __ferrocm_wg_k: args [Value@0:1/1, Pointer@8:8/8, Aggregate@16:16/8, Aggregate@32:16/8, Value@48:8/8], kernarg 56 align 8, local 0 (dynamic at 0), barriers 0, grid sync false
; ModuleID = 'kernel_arguments'
source_filename = "kernel_arguments"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%pair = type { i32, double }

define i32 @__ferrocm_wg_k(ptr %0, ptr %1) {
prologue:
  %2 = getelementptr inbounds i8, ptr %0, i64 0
  %arg0 = load i8, ptr %2, align 1
  %3 = getelementptr inbounds i8, ptr %0, i64 8
  %arg1 = load ptr addrspace(1), ptr %3, align 8
  %4 = getelementptr inbounds i8, ptr %0, i64 16
  %byval.copy = alloca %pair, align 8
  %5 = getelementptr inbounds i8, ptr %0, i64 32
  %6 = getelementptr inbounds i8, ptr %0, i64 48
  %arg4 = load <2 x float>, ptr %6, align 8
  %7 = getelementptr inbounds i8, ptr %1, i64 12
  %block_dim.x = load i32, ptr %7, align 4
  %8 = getelementptr inbounds i8, ptr %1, i64 16
  %block_dim.y = load i32, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %1, i64 20
  %block_dim.z = load i32, ptr %9, align 4
  %10 = getelementptr inbounds i8, ptr %1, i64 0
  %group_id.x = load i32, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %1, i64 4
  %group_id.y = load i32, ptr %11, align 4
  %12 = getelementptr inbounds i8, ptr %1, i64 8
  %group_id.z = load i32, ptr %12, align 4
  %13 = getelementptr inbounds i8, ptr %1, i64 24
  %num_groups.x = load i32, ptr %13, align 4
  %14 = getelementptr inbounds i8, ptr %1, i64 28
  %num_groups.y = load i32, ptr %14, align 4
  %15 = getelementptr inbounds i8, ptr %1, i64 32
  %num_groups.z = load i32, ptr %15, align 4
  %16 = getelementptr inbounds i8, ptr %1, i64 36
  %warp_size = load i32, ptr %16, align 4
  %17 = icmp eq i32 %warp_size, 32
  %18 = select i1 %17, i32 5, i32 6
  %19 = shl i32 1, %18
  %20 = getelementptr inbounds i8, ptr %1, i64 40
  %local_mem = load ptr, ptr %20, align 8
  %21 = getelementptr inbounds i8, ptr %1, i64 48
  %printf_fn = load ptr, ptr %21, align 8
  %22 = getelementptr inbounds i8, ptr %1, i64 56
  %assert_fn = load ptr, ptr %22, align 8
  %23 = getelementptr inbounds i8, ptr %1, i64 72
  %grid_sync_fn = load ptr, ptr %23, align 8
  %24 = zext i32 %block_dim.x to i64
  %25 = zext i32 %block_dim.y to i64
  %26 = zext i32 %block_dim.z to i64
  %27 = mul nuw i64 %24, %25
  %28 = mul nuw i64 %27, %26
  %exit.addr = alloca i32, align 4
  %reached.min.addr = alloca i32, align 4
  %reached.max.addr = alloca i32, align 4
  %exit.bit.addr = alloca i32, align 4
  %reached.bits.addr = alloca i32, align 4
  %r0.z.addr = alloca i32, align 4
  %r0.y.addr = alloca i32, align 4
  %r0.x.addr = alloca i32, align 4
  %29 = addrspacecast ptr %local_mem to ptr addrspace(3)
  br label %r0.head

wg.exit:                                          ; preds = %r0.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry:                                            ; preds = %r0.wi.begin
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %byval.copy, ptr align 8 %4, i64 16, i1 false)
  %"reg2mem alloca point" = bitcast i32 0 to i32
  store i32 7, ptr %byval.copy, align 8
  %a = load i32, ptr %byval.copy, align 8
  %b = load i32, ptr %5, align 8, !llvm.access.group !0
  %c32 = sext i8 %arg0 to i32
  %s = add i32 %a, %b
  %s1 = add i32 %s, %c32
  %f = extractelement <2 x float> %arg4, i32 1
  %fi = fptosi float %f to i32
  %s2 = add i32 %s1, %fi
  store i32 %s2, ptr addrspace(1) %arg1, align 4, !llvm.access.group !0
  br label %r0.wi.latch

wg.divergent:                                     ; No predecessors!
  ret i32 1

r0.head:                                          ; preds = %prologue
  store i32 0, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.z.head:                                        ; preds = %r0.z.latch, %r0.head
  %z = load i32, ptr %r0.z.addr, align 4
  %30 = icmp ult i32 %z, %block_dim.z
  br i1 %30, label %r0.y.init, label %r0.done

r0.y.init:                                        ; preds = %r0.z.head
  store i32 0, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.y.head:                                        ; preds = %r0.y.latch, %r0.y.init
  %y = load i32, ptr %r0.y.addr, align 4
  %31 = icmp ult i32 %y, %block_dim.y
  br i1 %31, label %r0.x.init, label %r0.z.latch

r0.x.init:                                        ; preds = %r0.y.head
  store i32 0, ptr %r0.x.addr, align 4
  br label %r0.x.head

r0.x.head:                                        ; preds = %r0.wi.latch, %r0.x.init
  %x = load i32, ptr %r0.x.addr, align 4
  %32 = icmp ult i32 %x, %block_dim.x
  br i1 %32, label %r0.wi.begin, label %r0.y.latch

r0.wi.begin:                                      ; preds = %r0.x.head
  %local.x = load i32, ptr %r0.x.addr, align 4
  %local.y = load i32, ptr %r0.y.addr, align 4
  %local.z = load i32, ptr %r0.z.addr, align 4
  %33 = zext i32 %block_dim.x to i64
  %34 = zext i32 %block_dim.y to i64
  %35 = zext i32 %local.z to i64
  %36 = mul nuw i64 %35, %34
  %37 = zext i32 %local.y to i64
  %38 = add i64 %36, %37
  %39 = mul nuw i64 %38, %33
  %40 = zext i32 %local.x to i64
  %41 = add i64 %39, %40
  %42 = zext i32 %19 to i64
  %43 = urem i64 %41, %42
  %44 = trunc i64 %43 to i32
  br label %entry

r0.wi.latch:                                      ; preds = %entry
  %45 = load i32, ptr %r0.x.addr, align 4
  %46 = add nuw i32 %45, 1
  store i32 %46, ptr %r0.x.addr, align 4
  br label %r0.x.head, !llvm.loop !1

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
  br label %wg.exit
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #0

attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }

!0 = distinct !{}
!1 = distinct !{!1, !2, !3, !4}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"llvm.loop.interleave.count", i32 1}
!4 = !{!"llvm.loop.unroll.runtime.disable"}
