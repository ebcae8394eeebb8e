; 2 regions outlined
; k -> __ferrocm_wg_k: args [Pointer@0:8/8], kernarg 8 align 8, local 0 (dynamic at 0), barriers 0, grid sync false
; ModuleID = 'scheduled'
source_filename = "scheduled"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__ferrocm_workitem_id_x()

declare i32 @__ferrocm_lane_id()

declare ptr addrspace(4) @__ferrocm_warp_exchange(i64)

declare void @__ferrocm_warp_publish(i64)

declare void @__ferrocm_warp_point()

declare ptr addrspace(4) @__ferrocm_warp_result()

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
  %25 = zext i32 %15 to i64
  %26 = sub i64 %25, 1
  %27 = add i64 %24, %26
  %28 = udiv i64 %27, %25
  %pc.ctx = alloca i32, i64 %24, align 4
  %29 = mul nuw i64 %28, %25
  %warp.in = alloca i64, i64 %29, align 8
  %30 = add i64 %25, 1
  %31 = mul nuw i64 %30, 2
  %warp.out = alloca i64, i64 %31, align 8
  %32 = mul nuw i64 %30, 0
  %33 = getelementptr inbounds i64, ptr %warp.out, i64 %32
  %34 = mul nuw i64 %30, 1
  %35 = getelementptr inbounds i64, ptr %warp.out, i64 %34
  %id.0.ctx = alloca i32, i64 %24, align 4
  %id.1.ctx = alloca i32, i64 %24, align 4
  %id.2.ctx = alloca i32, i64 %24, align 4
  %warp.converged.ctx = alloca i8, i64 %28, align 1
  %lane.addr = alloca i64, align 8
  %x.addr = alloca i32, align 4
  %y.addr = alloca i32, align 4
  %z.addr = alloca i32, align 4
  %warp.addr = alloca i64, align 8
  %pc.cur.addr = alloca i32, align 4
  %pc.block.addr = alloca i32, align 4
  %pc.warp.min.addr = alloca i32, align 4
  %pc.warp.max.addr = alloca i32, align 4
  %pc.warp.returned.addr = alloca i8, align 1
  %warp.converged.addr = alloca i8, align 1
  %pc.block.min.addr = alloca i32, align 4
  %pc.block.max.addr = alloca i32, align 4
  %warp.mask.addr = alloca i64, align 8
  %exit.code.addr = alloca i32, align 4
  %36 = icmp eq i32 %block_dim.y, 1
  %37 = zext i1 %36 to i32
  %38 = icmp eq i32 %block_dim.z, 1
  %39 = zext i1 %38 to i32
  %40 = and i32 %37, %39
  %41 = icmp eq i32 %40, 1
  %42 = addrspacecast ptr %local_mem to ptr addrspace(3)
  br label %sched.init

wg.exit:                                          ; preds = %sched.block.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

wg.divergent:                                     ; preds = %sched.block.check, %sched.park, %sched.dispatch
  ret i32 1

sched.init:                                       ; preds = %prologue
  store i64 0, ptr %lane.addr, align 8
  br label %sched.init.head

sched.init.head:                                  ; preds = %sched.init.body, %sched.init
  %l = load i64, ptr %lane.addr, align 8
  %43 = icmp ult i64 %l, %24
  br i1 %43, label %sched.init.body, label %sched.ids.check

sched.init.body:                                  ; preds = %sched.init.head
  %44 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l
  store i32 -2147483648, ptr %44, align 4
  %45 = add nuw i64 %l, 1
  store i64 %45, ptr %lane.addr, align 8
  br label %sched.init.head

sched.ids.check:                                  ; preds = %sched.init.head
  store i64 0, ptr %lane.addr, align 8
  store i32 0, ptr %x.addr, align 4
  store i32 0, ptr %y.addr, align 4
  store i32 0, ptr %z.addr, align 4
  br i1 %41, label %sched.warps.init, label %sched.ids.head

sched.ids.head:                                   ; preds = %sched.ids.body, %sched.ids.check
  %l1 = load i64, ptr %lane.addr, align 8
  %46 = icmp ult i64 %l1, %24
  br i1 %46, label %sched.ids.body, label %sched.warps.init

sched.ids.body:                                   ; preds = %sched.ids.head
  %47 = load i32, ptr %x.addr, align 4
  %48 = load i32, ptr %y.addr, align 4
  %49 = load i32, ptr %z.addr, align 4
  %50 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l1
  store i32 %47, ptr %50, align 4
  %51 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l1
  store i32 %48, ptr %51, align 4
  %52 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l1
  store i32 %49, ptr %52, align 4
  %53 = add nuw i32 %47, 1
  %54 = icmp eq i32 %53, %block_dim.x
  %55 = select i1 %54, i32 0, i32 %53
  store i32 %55, ptr %x.addr, align 4
  %56 = zext i1 %54 to i32
  %57 = add i32 %48, %56
  %58 = icmp eq i32 %57, %block_dim.y
  %59 = select i1 %58, i32 0, i32 %57
  store i32 %59, ptr %y.addr, align 4
  %60 = zext i1 %58 to i32
  %61 = add i32 %49, %60
  store i32 %61, ptr %z.addr, align 4
  %62 = add nuw i64 %l1, 1
  store i64 %62, ptr %lane.addr, align 8
  br label %sched.ids.head

sched.warps.init:                                 ; preds = %sched.ids.head, %sched.ids.check
  store i64 0, ptr %warp.addr, align 8
  br label %sched.warps.head

sched.warps.head:                                 ; preds = %sched.warps.body, %sched.warps.init
  %warp = load i64, ptr %warp.addr, align 8
  %63 = icmp ult i64 %warp, %28
  br i1 %63, label %sched.warps.body, label %sched.block.start

sched.warps.body:                                 ; preds = %sched.warps.head
  %64 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp
  store i8 1, ptr %64, align 1
  %65 = add nuw i64 %warp, 1
  store i64 %65, ptr %warp.addr, align 8
  br label %sched.warps.head

sched.block.start:                                ; preds = %sched.warps.head
  store i32 -2147483648, ptr %pc.block.addr, align 4
  br label %sched.block.head

sched.block.head:                                 ; preds = %sched.block.next, %sched.block.start
  store i64 0, ptr %warp.addr, align 8
  store i32 -1, ptr %pc.block.min.addr, align 4
  store i32 0, ptr %pc.block.max.addr, align 4
  br label %sched.warp.head

sched.warp.head:                                  ; preds = %sched.park.ok, %sched.block.head
  %warp2 = load i64, ptr %warp.addr, align 8
  %66 = icmp ult i64 %warp2, %28
  br i1 %66, label %sched.warp.begin, label %sched.block.done

sched.warp.begin:                                 ; preds = %sched.warp.head
  %67 = load i32, ptr %pc.block.addr, align 4
  store i32 %67, ptr %pc.cur.addr, align 4
  %68 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp2
  %69 = load i8, ptr %68, align 1
  store i8 %69, ptr %warp.converged.addr, align 1
  br label %sched.dispatch

sched.dispatch:                                   ; preds = %sched.step.done, %sched.warp.begin
  store i32 -1, ptr %pc.warp.min.addr, align 4
  store i32 0, ptr %pc.warp.max.addr, align 4
  store i8 0, ptr %pc.warp.returned.addr, align 1
  %pc.cur16 = load i32, ptr %pc.cur.addr, align 4
  %70 = and i32 %pc.cur16, 2147483647
  switch i32 %70, label %wg.divergent [
    i32 0, label %codeRepl
    i32 1, label %codeRepl22
  ]

sched.after:                                      ; preds = %codeRepl22, %codeRepl
  %pc.warp.min = load i32, ptr %pc.warp.min.addr, align 4
  %pc.warp.max = load i32, ptr %pc.warp.max.addr, align 4
  %pc.warp.returned = load i8, ptr %pc.warp.returned.addr, align 1
  %71 = icmp eq i8 %pc.warp.returned, 0
  %72 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %73 = zext i1 %72 to i8
  %74 = zext i1 %71 to i8
  %75 = and i8 %73, %74
  store i8 %75, ptr %warp.converged.addr, align 1
  %76 = icmp ult i32 %pc.warp.min, -2147483648
  br i1 %76, label %sched.step, label %sched.park

sched.park:                                       ; preds = %sched.after
  %77 = icmp eq i32 %pc.warp.min, -1
  %78 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %79 = or i1 %77, %78
  br i1 %79, label %sched.park.ok, label %wg.divergent

sched.park.ok:                                    ; preds = %sched.park
  %80 = load i32, ptr %pc.block.min.addr, align 4
  %81 = icmp ult i32 %80, %pc.warp.min
  %82 = select i1 %81, i32 %80, i32 %pc.warp.min
  store i32 %82, ptr %pc.block.min.addr, align 4
  %83 = load i32, ptr %pc.block.max.addr, align 4
  %84 = icmp ugt i32 %83, %pc.warp.max
  %85 = select i1 %84, i32 %83, i32 %pc.warp.max
  %86 = select i1 %77, i32 %83, i32 %85
  store i32 %86, ptr %pc.block.max.addr, align 4
  %87 = load i64, ptr %warp.addr, align 8
  %88 = zext i1 %71 to i8
  %89 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %87
  store i8 %88, ptr %89, align 1
  %90 = add nuw i64 %87, 1
  store i64 %90, ptr %warp.addr, align 8
  br label %sched.warp.head

sched.block.done:                                 ; preds = %sched.warp.head
  %pc.block.min = load i32, ptr %pc.block.min.addr, align 4
  %91 = icmp eq i32 %pc.block.min, -1
  br i1 %91, label %wg.exit, label %sched.block.check

sched.block.check:                                ; preds = %sched.block.done
  %pc.block.max = load i32, ptr %pc.block.max.addr, align 4
  %92 = icmp eq i32 %pc.block.min, %pc.block.max
  br i1 %92, label %sched.block.next, label %wg.divergent

sched.block.next:                                 ; preds = %sched.block.check
  store i32 %pc.block.min, ptr %pc.block.addr, align 4
  br label %sched.block.head

codeRepl:                                         ; preds = %sched.dispatch
  call void @__ferrocm_wg_k.region0(ptr nocapture %warp.converged.addr, ptr nocapture %warp.addr, i64 %25, i64 %24, ptr nocapture %lane.addr, ptr nocapture %pc.ctx, ptr nocapture %pc.cur.addr, ptr nocapture %id.0.ctx, i1 %41, ptr nocapture %id.1.ctx, ptr nocapture %id.2.ctx, ptr nocapture %warp.in, ptr nocapture %pc.warp.min.addr, ptr nocapture %pc.warp.max.addr, ptr nocapture %pc.warp.returned.addr, ptr nocapture %exit.code.addr)
  br label %sched.after

codeRepl22:                                       ; preds = %sched.dispatch
  call void @__ferrocm_wg_k.region1(ptr nocapture %warp.converged.addr, ptr nocapture %warp.addr, i64 %25, i64 %24, ptr nocapture %lane.addr, ptr nocapture %pc.ctx, ptr nocapture %pc.cur.addr, ptr nocapture %id.0.ctx, i1 %41, ptr nocapture %id.1.ctx, ptr nocapture %id.2.ctx, ptr nocapture %warp.in, ptr nocapture %pc.warp.min.addr, ptr nocapture %pc.warp.max.addr, ptr nocapture %pc.warp.returned.addr, ptr %35, ptr addrspace(1) %arg0, ptr nocapture %exit.code.addr)
  br label %sched.after

sched.step:                                       ; preds = %sched.after
  %93 = zext i32 %pc.warp.min to i64
  %94 = mul nuw i64 %30, %93
  %95 = getelementptr inbounds i64, ptr %warp.out, i64 %94
  %warp17 = load i64, ptr %warp.addr, align 8
  %96 = mul nuw i64 %warp17, %25
  %97 = add i64 %96, %25
  %98 = icmp ult i64 %97, %24
  %99 = select i1 %98, i64 %97, i64 %24
  store i64 %96, ptr %lane.addr, align 8
  store i64 0, ptr %warp.mask.addr, align 8
  %100 = icmp eq i8 %75, 1
  br i1 %100, label %sched.step.all.head, label %sched.step.head

sched.step.head:                                  ; preds = %sched.step.next, %sched.step
  %l19 = load i64, ptr %lane.addr, align 8
  %101 = icmp ult i64 %l19, %99
  br i1 %101, label %sched.step.body, label %sched.step.done

sched.step.body:                                  ; preds = %sched.step.head
  %102 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l19
  %pc20 = load i32, ptr %102, align 4
  %103 = icmp eq i32 %pc20, %pc.warp.min
  br i1 %103, label %sched.step.copy, label %sched.step.next

sched.step.copy:                                  ; preds = %sched.step.body
  %104 = sub i64 %l19, %96
  %105 = getelementptr inbounds i64, ptr %warp.in, i64 %l19
  %published21 = load i64, ptr %105, align 8
  %106 = getelementptr inbounds i64, ptr %95, i64 %104
  store i64 %published21, ptr %106, align 8
  %107 = shl i64 1, %104
  %108 = load i64, ptr %warp.mask.addr, align 8
  %109 = or i64 %108, %107
  store i64 %109, ptr %warp.mask.addr, align 8
  br label %sched.step.next

sched.step.next:                                  ; preds = %sched.step.copy, %sched.step.body
  %110 = add nuw i64 %l19, 1
  store i64 %110, ptr %lane.addr, align 8
  br label %sched.step.head

sched.step.done:                                  ; preds = %sched.step.head, %sched.step.all.done
  %mask = load i64, ptr %warp.mask.addr, align 8
  %111 = getelementptr inbounds i64, ptr %95, i64 %25
  store i64 %mask, ptr %111, align 8
  store i32 %pc.warp.min, ptr %pc.cur.addr, align 4
  br label %sched.dispatch

sched.step.all.head:                              ; preds = %sched.step.all.body, %sched.step
  %l18 = load i64, ptr %lane.addr, align 8
  %112 = icmp ult i64 %l18, %99
  br i1 %112, label %sched.step.all.body, label %sched.step.all.done

sched.step.all.body:                              ; preds = %sched.step.all.head
  %113 = getelementptr inbounds i64, ptr %warp.in, i64 %l18
  %published = load i64, ptr %113, align 8
  %114 = sub i64 %l18, %96
  %115 = getelementptr inbounds i64, ptr %95, i64 %114
  store i64 %published, ptr %115, align 8
  %116 = add nuw i64 %l18, 1
  store i64 %116, ptr %lane.addr, align 8
  br label %sched.step.all.head

sched.step.all.done:                              ; preds = %sched.step.all.head
  %117 = sub i64 %99, %96
  %118 = sub i64 %117, 1
  %119 = shl i64 1, %118
  %120 = sub i64 %119, 1
  %121 = sub i64 %117, 1
  %122 = shl i64 1, %121
  %123 = or i64 %120, %122
  store i64 %123, ptr %warp.mask.addr, align 8
  br label %sched.step.done
}

; Function Attrs: noinline
define internal void @__ferrocm_wg_k.region0(ptr noalias nocapture %warp.converged.addr, ptr noalias nocapture %warp.addr, i64 %0, i64 %1, ptr noalias nocapture %lane.addr, ptr noalias nocapture %pc.ctx, ptr noalias nocapture %pc.cur.addr, ptr noalias nocapture %id.0.ctx, i1 %2, ptr noalias nocapture %id.1.ctx, ptr noalias nocapture %id.2.ctx, ptr noalias nocapture %warp.in, ptr noalias nocapture %pc.warp.min.addr, ptr noalias nocapture %pc.warp.max.addr, ptr noalias nocapture %pc.warp.returned.addr, ptr noalias nocapture %exit.code.addr) #0 {
newFuncRoot:
  br label %r0.select

r0.select:                                        ; preds = %newFuncRoot
  %3 = load i8, ptr %warp.converged.addr, align 1
  %4 = icmp ne i8 %3, 0
  br i1 %4, label %r0.conv.head, label %r0.head

r0.conv.head:                                     ; preds = %r0.select
  %warp5 = load i64, ptr %warp.addr, align 8
  %5 = mul nuw i64 %warp5, %0
  %6 = add i64 %5, %0
  %7 = icmp ult i64 %6, %1
  %8 = select i1 %7, i64 %6, i64 %1
  store i64 %5, ptr %lane.addr, align 8
  br label %r0.conv.lane.head

r0.head:                                          ; preds = %r0.select
  %warp3 = load i64, ptr %warp.addr, align 8
  %9 = mul nuw i64 %warp3, %0
  %10 = add i64 %9, %0
  %11 = icmp ult i64 %10, %1
  %12 = select i1 %11, i64 %10, i64 %1
  store i64 %9, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.lane.head:                                     ; preds = %r0.lane.latch, %r0.head
  %l4 = load i64, ptr %lane.addr, align 8
  %13 = icmp ult i64 %l4, %12
  br i1 %13, label %r0.lane.body, label %sched.after.exitStub

r0.lane.body:                                     ; preds = %r0.lane.head
  %14 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l4
  %pc = load i32, ptr %14, align 4
  %pc.cur = load i32, ptr %pc.cur.addr, align 4
  %15 = icmp eq i32 %pc, %pc.cur
  br i1 %15, label %r0.wi.begin, label %r0.lane.latch

r0.wi.begin:                                      ; preds = %r0.lane.body
  %16 = trunc i64 %l4 to i32
  %17 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l4
  %18 = load i32, ptr %17, align 4
  %19 = select i1 %2, i32 %16, i32 %18
  %20 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l4
  %21 = load i32, ptr %20, align 4
  %22 = select i1 %2, i32 0, i32 %21
  %23 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l4
  %24 = load i32, ptr %23, align 4
  %25 = select i1 %2, i32 0, i32 %24
  %26 = sub i64 %l4, %9
  %27 = trunc i64 %26 to i32
  %28 = getelementptr inbounds i64, ptr %warp.in, i64 %l4
  br label %entry.r0

r0.lane.latch:                                    ; preds = %entry.r0, %r0.lane.body
  %pc.now = load i32, ptr %14, align 4
  %29 = icmp eq i32 %pc.now, -1
  %30 = load i32, ptr %pc.warp.min.addr, align 4
  %31 = icmp ult i32 %30, %pc.now
  %32 = select i1 %31, i32 %30, i32 %pc.now
  store i32 %32, ptr %pc.warp.min.addr, align 4
  %33 = select i1 %29, i32 0, i32 %pc.now
  %34 = load i32, ptr %pc.warp.max.addr, align 4
  %35 = icmp ugt i32 %34, %33
  %36 = select i1 %35, i32 %34, i32 %33
  store i32 %36, ptr %pc.warp.max.addr, align 4
  %37 = load i8, ptr %pc.warp.returned.addr, align 1
  %38 = zext i1 %29 to i8
  %39 = or i8 %37, %38
  store i8 %39, ptr %pc.warp.returned.addr, align 1
  %40 = add nuw i64 %l4, 1
  store i64 %40, ptr %lane.addr, align 8
  br label %r0.lane.head, !llvm.loop !0

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %v.r0 = zext i32 %19 to i64
  store i64 %v.r0, ptr %28, align 8
  store i32 1, ptr %14, align 4
  br label %r0.lane.latch

r0.conv.lane.head:                                ; preds = %r0.conv.lane.latch, %r0.conv.head
  %l6 = load i64, ptr %lane.addr, align 8
  %41 = icmp ult i64 %l6, %8
  br i1 %41, label %r0.conv.wi.begin, label %sched.after.exitStub

r0.conv.wi.begin:                                 ; preds = %r0.conv.lane.head
  %42 = trunc i64 %l6 to i32
  %43 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l6
  %44 = load i32, ptr %43, align 4, !llvm.access.group !2
  %45 = select i1 %2, i32 %42, i32 %44
  %46 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l6
  %47 = load i32, ptr %46, align 4, !llvm.access.group !2
  %48 = select i1 %2, i32 0, i32 %47
  %49 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l6
  %50 = load i32, ptr %49, align 4, !llvm.access.group !2
  %51 = select i1 %2, i32 0, i32 %50
  %52 = sub i64 %l6, %5
  %53 = trunc i64 %52 to i32
  %54 = getelementptr inbounds i64, ptr %warp.in, i64 %l6
  br label %entry.r0.conv

entry.r0.conv:                                    ; preds = %r0.conv.wi.begin
  %"reg2mem alloca point.r0.conv" = bitcast i32 0 to i32
  %v.r0.conv = zext i32 %45 to i64
  store i64 %v.r0.conv, ptr %54, align 8, !llvm.access.group !2
  store i32 1, ptr %exit.code.addr, align 4
  br label %r0.conv.lane.latch

r0.conv.lane.latch:                               ; preds = %entry.r0.conv
  %pc.now7 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !2
  %55 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l6
  store i32 %pc.now7, ptr %55, align 4, !llvm.access.group !2
  %56 = icmp eq i32 %pc.now7, -1
  %57 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !2
  %58 = icmp ult i32 %57, %pc.now7
  %59 = select i1 %58, i32 %57, i32 %pc.now7
  store i32 %59, ptr %pc.warp.min.addr, align 4, !llvm.access.group !2
  %60 = select i1 %56, i32 0, i32 %pc.now7
  %61 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !2
  %62 = icmp ugt i32 %61, %60
  %63 = select i1 %62, i32 %61, i32 %60
  store i32 %63, ptr %pc.warp.max.addr, align 4, !llvm.access.group !2
  %64 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !2
  %65 = zext i1 %56 to i8
  %66 = or i8 %64, %65
  store i8 %66, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !2
  %67 = add nuw i64 %l6, 1
  store i64 %67, ptr %lane.addr, align 8, !llvm.access.group !2
  br label %r0.conv.lane.head, !llvm.loop !3

sched.after.exitStub:                             ; preds = %r0.conv.lane.head, %r0.lane.head
  ret void
}

; Function Attrs: noinline
define internal void @__ferrocm_wg_k.region1(ptr noalias nocapture %warp.converged.addr, ptr noalias nocapture %warp.addr, i64 %0, i64 %1, ptr noalias nocapture %lane.addr, ptr noalias nocapture %pc.ctx, ptr noalias nocapture %pc.cur.addr, ptr noalias nocapture %id.0.ctx, i1 %2, ptr noalias nocapture %id.1.ctx, ptr noalias nocapture %id.2.ctx, ptr noalias nocapture %warp.in, ptr noalias nocapture %pc.warp.min.addr, ptr noalias nocapture %pc.warp.max.addr, ptr noalias nocapture %pc.warp.returned.addr, ptr %3, ptr addrspace(1) %arg0, ptr noalias nocapture %exit.code.addr) #0 {
newFuncRoot:
  br label %r1.select

r1.select:                                        ; preds = %newFuncRoot
  %4 = load i8, ptr %warp.converged.addr, align 1
  %5 = icmp ne i8 %4, 0
  br i1 %5, label %r1.conv.head, label %r1.head

r1.conv.head:                                     ; preds = %r1.select
  %warp13 = load i64, ptr %warp.addr, align 8
  %6 = mul nuw i64 %warp13, %0
  %7 = add i64 %6, %0
  %8 = icmp ult i64 %7, %1
  %9 = select i1 %8, i64 %7, i64 %1
  store i64 %6, ptr %lane.addr, align 8
  br label %r1.conv.lane.head

r1.head:                                          ; preds = %r1.select
  %warp8 = load i64, ptr %warp.addr, align 8
  %10 = mul nuw i64 %warp8, %0
  %11 = add i64 %10, %0
  %12 = icmp ult i64 %11, %1
  %13 = select i1 %12, i64 %11, i64 %1
  store i64 %10, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.lane.head:                                     ; preds = %r1.lane.latch, %r1.head
  %l9 = load i64, ptr %lane.addr, align 8
  %14 = icmp ult i64 %l9, %13
  br i1 %14, label %r1.lane.body, label %sched.after.exitStub

r1.lane.body:                                     ; preds = %r1.lane.head
  %15 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l9
  %pc10 = load i32, ptr %15, align 4
  %pc.cur11 = load i32, ptr %pc.cur.addr, align 4
  %16 = icmp eq i32 %pc10, %pc.cur11
  br i1 %16, label %r1.wi.begin, label %r1.lane.latch

r1.wi.begin:                                      ; preds = %r1.lane.body
  %17 = trunc i64 %l9 to i32
  %18 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l9
  %19 = load i32, ptr %18, align 4
  %20 = select i1 %2, i32 %17, i32 %19
  %21 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l9
  %22 = load i32, ptr %21, align 4
  %23 = select i1 %2, i32 0, i32 %22
  %24 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l9
  %25 = load i32, ptr %24, align 4
  %26 = select i1 %2, i32 0, i32 %25
  %27 = sub i64 %l9, %10
  %28 = trunc i64 %27 to i32
  %29 = getelementptr inbounds i64, ptr %warp.in, i64 %l9
  br label %42

r1.lane.latch:                                    ; preds = %42, %r1.lane.body
  %pc.now12 = load i32, ptr %15, align 4
  %30 = icmp eq i32 %pc.now12, -1
  %31 = load i32, ptr %pc.warp.min.addr, align 4
  %32 = icmp ult i32 %31, %pc.now12
  %33 = select i1 %32, i32 %31, i32 %pc.now12
  store i32 %33, ptr %pc.warp.min.addr, align 4
  %34 = select i1 %30, i32 0, i32 %pc.now12
  %35 = load i32, ptr %pc.warp.max.addr, align 4
  %36 = icmp ugt i32 %35, %34
  %37 = select i1 %36, i32 %35, i32 %34
  store i32 %37, ptr %pc.warp.max.addr, align 4
  %38 = load i8, ptr %pc.warp.returned.addr, align 1
  %39 = zext i1 %30 to i8
  %40 = or i8 %38, %39
  store i8 %40, ptr %pc.warp.returned.addr, align 1
  %41 = add nuw i64 %l9, 1
  store i64 %41, ptr %lane.addr, align 8
  br label %r1.lane.head, !llvm.loop !6

42:                                               ; preds = %r1.wi.begin
  %43 = addrspacecast ptr %3 to ptr addrspace(4)
  %src.r1 = xor i32 %28, 1
  %src64.r1 = zext i32 %src.r1 to i64
  %p.r1 = getelementptr inbounds i64, ptr addrspace(4) %43, i64 %src64.r1
  %w.r1 = load i64, ptr addrspace(4) %p.r1, align 8
  %t64.r1 = zext i32 %20 to i64
  %o.r1 = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r1
  store i64 %w.r1, ptr addrspace(1) %o.r1, align 8
  store i32 -1, ptr %15, align 4
  br label %r1.lane.latch

r1.conv.lane.head:                                ; preds = %r1.conv.lane.latch, %r1.conv.head
  %l14 = load i64, ptr %lane.addr, align 8
  %44 = icmp ult i64 %l14, %9
  br i1 %44, label %r1.conv.wi.begin, label %sched.after.exitStub

r1.conv.wi.begin:                                 ; preds = %r1.conv.lane.head
  %45 = trunc i64 %l14 to i32
  %46 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l14
  %47 = load i32, ptr %46, align 4, !llvm.access.group !7
  %48 = select i1 %2, i32 %45, i32 %47
  %49 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l14
  %50 = load i32, ptr %49, align 4, !llvm.access.group !7
  %51 = select i1 %2, i32 0, i32 %50
  %52 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l14
  %53 = load i32, ptr %52, align 4, !llvm.access.group !7
  %54 = select i1 %2, i32 0, i32 %53
  %55 = sub i64 %l14, %6
  %56 = trunc i64 %55 to i32
  %57 = getelementptr inbounds i64, ptr %warp.in, i64 %l14
  br label %58

58:                                               ; preds = %r1.conv.wi.begin
  %59 = addrspacecast ptr %3 to ptr addrspace(4)
  %src.r1.conv = xor i32 %56, 1
  %src64.r1.conv = zext i32 %src.r1.conv to i64
  %p.r1.conv = getelementptr inbounds i64, ptr addrspace(4) %59, i64 %src64.r1.conv
  %w.r1.conv = load i64, ptr addrspace(4) %p.r1.conv, align 8, !llvm.access.group !7
  %t64.r1.conv = zext i32 %48 to i64
  %o.r1.conv = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r1.conv
  store i64 %w.r1.conv, ptr addrspace(1) %o.r1.conv, align 8, !llvm.access.group !7
  store i32 -1, ptr %exit.code.addr, align 4
  br label %r1.conv.lane.latch

r1.conv.lane.latch:                               ; preds = %58
  %pc.now15 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !7
  %60 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l14
  store i32 %pc.now15, ptr %60, align 4, !llvm.access.group !7
  %61 = icmp eq i32 %pc.now15, -1
  %62 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !7
  %63 = icmp ult i32 %62, %pc.now15
  %64 = select i1 %63, i32 %62, i32 %pc.now15
  store i32 %64, ptr %pc.warp.min.addr, align 4, !llvm.access.group !7
  %65 = select i1 %61, i32 0, i32 %pc.now15
  %66 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !7
  %67 = icmp ugt i32 %66, %65
  %68 = select i1 %67, i32 %66, i32 %65
  store i32 %68, ptr %pc.warp.max.addr, align 4, !llvm.access.group !7
  %69 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !7
  %70 = zext i1 %61 to i8
  %71 = or i8 %69, %70
  store i8 %71, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !7
  %72 = add nuw i64 %l14, 1
  store i64 %72, ptr %lane.addr, align 8, !llvm.access.group !7
  br label %r1.conv.lane.head, !llvm.loop !8

sched.after.exitStub:                             ; preds = %r1.conv.lane.head, %r1.lane.head
  ret void
}

attributes #0 = { noinline }

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.runtime.disable"}
!2 = distinct !{}
!3 = distinct !{!3, !4, !5, !1}
!4 = !{!"llvm.loop.parallel_accesses", !2}
!5 = !{!"llvm.loop.interleave.count", i32 1}
!6 = distinct !{!6, !1}
!7 = distinct !{}
!8 = distinct !{!8, !9, !5, !1}
!9 = !{!"llvm.loop.parallel_accesses", !7}
