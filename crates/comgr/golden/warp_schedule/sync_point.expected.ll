; k -> __ferrocm_wg_k: args [Pointer@0:8/8], kernarg 8 align 8, local 0 (dynamic at 0), barriers 0, grid sync false
; ModuleID = 'sync_point'
source_filename = "sync_point"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__ferrocm_workitem_id_x()

declare i32 @__ferrocm_lane_id()

declare ptr addrspace(4) @__ferrocm_warp_exchange(i64)

declare void @__ferrocm_warp_publish(i64)

declare void @__ferrocm_warp_point()

declare ptr addrspace(4) @__ferrocm_warp_result()

declare void @__ferrocm_warp_sync_point()

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
  %.reg2mem.ctx = alloca ptr addrspace(4), i64 %24, align 8
  %25 = zext i32 %15 to i64
  %26 = sub i64 %25, 1
  %27 = add i64 %24, %26
  %28 = udiv i64 %27, %25
  %pc.ctx = alloca i32, i64 %24, align 4
  %29 = mul nuw i64 %28, %25
  %warp.in = alloca i64, i64 %29, align 8
  %30 = add i64 %25, 1
  %31 = mul nuw i64 %30, 3
  %warp.out = alloca i64, i64 %31, align 8
  %32 = mul nuw i64 %30, 0
  %33 = getelementptr inbounds i64, ptr %warp.out, i64 %32
  %34 = mul nuw i64 %30, 1
  %35 = getelementptr inbounds i64, ptr %warp.out, i64 %34
  %36 = mul nuw i64 %30, 2
  %37 = getelementptr inbounds i64, ptr %warp.out, i64 %36
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
  %38 = icmp eq i32 %block_dim.y, 1
  %39 = zext i1 %38 to i32
  %40 = icmp eq i32 %block_dim.z, 1
  %41 = zext i1 %40 to i32
  %42 = and i32 %39, %41
  %43 = icmp eq i32 %42, 1
  %44 = addrspacecast ptr %local_mem to ptr addrspace(3)
  br label %sched.init

wg.exit:                                          ; preds = %sched.block.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %v.r0 = zext i32 %114 to i64
  store i64 %v.r0, ptr %123, align 8
  store i32 1, ptr %109, align 4
  br label %r0.lane.latch

45:                                               ; preds = %r1.wi.begin
  %46 = addrspacecast ptr %35 to ptr addrspace(4)
  store ptr addrspace(4) %46, ptr %191, align 8
  store i32 2, ptr %176, align 4
  br label %r1.lane.latch

47:                                               ; preds = %r2.wi.begin
  %src.r2 = xor i32 %257, 1
  %src64.r2 = zext i32 %src.r2 to i64
  %.reload.r2 = load ptr addrspace(4), ptr %259, align 8
  %p.r2 = getelementptr inbounds i64, ptr addrspace(4) %.reload.r2, i64 %src64.r2
  %w.r2 = load i64, ptr addrspace(4) %p.r2, align 8
  %t64.r2 = zext i32 %249 to i64
  %o.r2 = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r2
  store i64 %w.r2, ptr addrspace(1) %o.r2, align 8
  store i32 -1, ptr %244, align 4
  br label %r2.lane.latch

wg.divergent:                                     ; preds = %sched.block.check, %sched.park, %sched.dispatch
  ret i32 1

sched.init:                                       ; preds = %prologue
  store i64 0, ptr %lane.addr, align 8
  br label %sched.init.head

sched.init.head:                                  ; preds = %sched.init.body, %sched.init
  %l = load i64, ptr %lane.addr, align 8
  %48 = icmp ult i64 %l, %24
  br i1 %48, label %sched.init.body, label %sched.ids.check

sched.init.body:                                  ; preds = %sched.init.head
  %49 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l
  store i32 -2147483648, ptr %49, align 4
  %50 = add nuw i64 %l, 1
  store i64 %50, ptr %lane.addr, align 8
  br label %sched.init.head

sched.ids.check:                                  ; preds = %sched.init.head
  store i64 0, ptr %lane.addr, align 8
  store i32 0, ptr %x.addr, align 4
  store i32 0, ptr %y.addr, align 4
  store i32 0, ptr %z.addr, align 4
  br i1 %43, label %sched.warps.init, label %sched.ids.head

sched.ids.head:                                   ; preds = %sched.ids.body, %sched.ids.check
  %l1 = load i64, ptr %lane.addr, align 8
  %51 = icmp ult i64 %l1, %24
  br i1 %51, label %sched.ids.body, label %sched.warps.init

sched.ids.body:                                   ; preds = %sched.ids.head
  %52 = load i32, ptr %x.addr, align 4
  %53 = load i32, ptr %y.addr, align 4
  %54 = load i32, ptr %z.addr, align 4
  %55 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l1
  store i32 %52, ptr %55, align 4
  %56 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l1
  store i32 %53, ptr %56, align 4
  %57 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l1
  store i32 %54, ptr %57, align 4
  %58 = add nuw i32 %52, 1
  %59 = icmp eq i32 %58, %block_dim.x
  %60 = select i1 %59, i32 0, i32 %58
  store i32 %60, ptr %x.addr, align 4
  %61 = zext i1 %59 to i32
  %62 = add i32 %53, %61
  %63 = icmp eq i32 %62, %block_dim.y
  %64 = select i1 %63, i32 0, i32 %62
  store i32 %64, ptr %y.addr, align 4
  %65 = zext i1 %63 to i32
  %66 = add i32 %54, %65
  store i32 %66, ptr %z.addr, align 4
  %67 = add nuw i64 %l1, 1
  store i64 %67, ptr %lane.addr, align 8
  br label %sched.ids.head

sched.warps.init:                                 ; preds = %sched.ids.head, %sched.ids.check
  store i64 0, ptr %warp.addr, align 8
  br label %sched.warps.head

sched.warps.head:                                 ; preds = %sched.warps.body, %sched.warps.init
  %warp = load i64, ptr %warp.addr, align 8
  %68 = icmp ult i64 %warp, %28
  br i1 %68, label %sched.warps.body, label %sched.block.start

sched.warps.body:                                 ; preds = %sched.warps.head
  %69 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp
  store i8 1, ptr %69, align 1
  %70 = add nuw i64 %warp, 1
  store i64 %70, ptr %warp.addr, align 8
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
  %71 = icmp ult i64 %warp2, %28
  br i1 %71, label %sched.warp.begin, label %sched.block.done

sched.warp.begin:                                 ; preds = %sched.warp.head
  %72 = load i32, ptr %pc.block.addr, align 4
  store i32 %72, ptr %pc.cur.addr, align 4
  %73 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp2
  %74 = load i8, ptr %73, align 1
  store i8 %74, ptr %warp.converged.addr, align 1
  br label %sched.dispatch

sched.dispatch:                                   ; preds = %sched.step.done, %sched.step.sync, %sched.warp.begin
  store i32 -1, ptr %pc.warp.min.addr, align 4
  store i32 0, ptr %pc.warp.max.addr, align 4
  store i8 0, ptr %pc.warp.returned.addr, align 1
  %pc.cur24 = load i32, ptr %pc.cur.addr, align 4
  %75 = and i32 %pc.cur24, 2147483647
  switch i32 %75, label %wg.divergent [
    i32 0, label %r0.select
    i32 1, label %r1.select
    i32 2, label %r2.select
  ]

sched.after:                                      ; preds = %r2.conv.lane.head, %r2.lane.head, %r1.conv.lane.head, %r1.lane.head, %r0.conv.lane.head, %r0.lane.head
  %pc.warp.min = load i32, ptr %pc.warp.min.addr, align 4
  %pc.warp.max = load i32, ptr %pc.warp.max.addr, align 4
  %pc.warp.returned = load i8, ptr %pc.warp.returned.addr, align 1
  %76 = icmp eq i8 %pc.warp.returned, 0
  %77 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %78 = zext i1 %77 to i8
  %79 = zext i1 %76 to i8
  %80 = and i8 %78, %79
  store i8 %80, ptr %warp.converged.addr, align 1
  %81 = icmp ult i32 %pc.warp.min, -2147483648
  br i1 %81, label %sched.step, label %sched.park

sched.park:                                       ; preds = %sched.after
  %82 = icmp eq i32 %pc.warp.min, -1
  %83 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %84 = or i1 %82, %83
  br i1 %84, label %sched.park.ok, label %wg.divergent

sched.park.ok:                                    ; preds = %sched.park
  %85 = load i32, ptr %pc.block.min.addr, align 4
  %86 = icmp ult i32 %85, %pc.warp.min
  %87 = select i1 %86, i32 %85, i32 %pc.warp.min
  store i32 %87, ptr %pc.block.min.addr, align 4
  %88 = load i32, ptr %pc.block.max.addr, align 4
  %89 = icmp ugt i32 %88, %pc.warp.max
  %90 = select i1 %89, i32 %88, i32 %pc.warp.max
  %91 = select i1 %82, i32 %88, i32 %90
  store i32 %91, ptr %pc.block.max.addr, align 4
  %92 = load i64, ptr %warp.addr, align 8
  %93 = zext i1 %76 to i8
  %94 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %92
  store i8 %93, ptr %94, align 1
  %95 = add nuw i64 %92, 1
  store i64 %95, ptr %warp.addr, align 8
  br label %sched.warp.head

sched.block.done:                                 ; preds = %sched.warp.head
  %pc.block.min = load i32, ptr %pc.block.min.addr, align 4
  %96 = icmp eq i32 %pc.block.min, -1
  br i1 %96, label %wg.exit, label %sched.block.check

sched.block.check:                                ; preds = %sched.block.done
  %pc.block.max = load i32, ptr %pc.block.max.addr, align 4
  %97 = icmp eq i32 %pc.block.min, %pc.block.max
  br i1 %97, label %sched.block.next, label %wg.divergent

sched.block.next:                                 ; preds = %sched.block.check
  store i32 %pc.block.min, ptr %pc.block.addr, align 4
  br label %sched.block.head

entry.r0.conv:                                    ; preds = %r0.conv.wi.begin
  %"reg2mem alloca point.r0.conv" = bitcast i32 0 to i32
  %v.r0.conv = zext i32 %140 to i64
  store i64 %v.r0.conv, ptr %149, align 8, !llvm.access.group !0
  store i32 1, ptr %exit.code.addr, align 4
  br label %r0.conv.lane.latch

r0.select:                                        ; preds = %sched.dispatch
  %98 = load i8, ptr %warp.converged.addr, align 1
  %99 = icmp ne i8 %98, 0
  br i1 %99, label %r0.conv.head, label %r0.head

r0.conv.head:                                     ; preds = %r0.select
  %warp5 = load i64, ptr %warp.addr, align 8
  %100 = mul nuw i64 %warp5, %25
  %101 = add i64 %100, %25
  %102 = icmp ult i64 %101, %24
  %103 = select i1 %102, i64 %101, i64 %24
  store i64 %100, ptr %lane.addr, align 8
  br label %r0.conv.lane.head

r0.head:                                          ; preds = %r0.select
  %warp3 = load i64, ptr %warp.addr, align 8
  %104 = mul nuw i64 %warp3, %25
  %105 = add i64 %104, %25
  %106 = icmp ult i64 %105, %24
  %107 = select i1 %106, i64 %105, i64 %24
  store i64 %104, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.lane.head:                                     ; preds = %r0.lane.latch, %r0.head
  %l4 = load i64, ptr %lane.addr, align 8
  %108 = icmp ult i64 %l4, %107
  br i1 %108, label %r0.lane.body, label %sched.after

r0.lane.body:                                     ; preds = %r0.lane.head
  %109 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l4
  %pc = load i32, ptr %109, align 4
  %pc.cur = load i32, ptr %pc.cur.addr, align 4
  %110 = icmp eq i32 %pc, %pc.cur
  br i1 %110, label %r0.wi.begin, label %r0.lane.latch

r0.wi.begin:                                      ; preds = %r0.lane.body
  %111 = trunc i64 %l4 to i32
  %112 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l4
  %113 = load i32, ptr %112, align 4
  %114 = select i1 %43, i32 %111, i32 %113
  %115 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l4
  %116 = load i32, ptr %115, align 4
  %117 = select i1 %43, i32 0, i32 %116
  %118 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l4
  %119 = load i32, ptr %118, align 4
  %120 = select i1 %43, i32 0, i32 %119
  %121 = sub i64 %l4, %104
  %122 = trunc i64 %121 to i32
  %123 = getelementptr inbounds i64, ptr %warp.in, i64 %l4
  br label %entry.r0

r0.lane.latch:                                    ; preds = %entry.r0, %r0.lane.body
  %pc.now = load i32, ptr %109, align 4
  %124 = icmp eq i32 %pc.now, -1
  %125 = load i32, ptr %pc.warp.min.addr, align 4
  %126 = icmp ult i32 %125, %pc.now
  %127 = select i1 %126, i32 %125, i32 %pc.now
  store i32 %127, ptr %pc.warp.min.addr, align 4
  %128 = select i1 %124, i32 0, i32 %pc.now
  %129 = load i32, ptr %pc.warp.max.addr, align 4
  %130 = icmp ugt i32 %129, %128
  %131 = select i1 %130, i32 %129, i32 %128
  store i32 %131, ptr %pc.warp.max.addr, align 4
  %132 = load i8, ptr %pc.warp.returned.addr, align 1
  %133 = zext i1 %124 to i8
  %134 = or i8 %132, %133
  store i8 %134, ptr %pc.warp.returned.addr, align 1
  %135 = add nuw i64 %l4, 1
  store i64 %135, ptr %lane.addr, align 8
  br label %r0.lane.head, !llvm.loop !1

r0.conv.lane.head:                                ; preds = %r0.conv.lane.latch, %r0.conv.head
  %l6 = load i64, ptr %lane.addr, align 8
  %136 = icmp ult i64 %l6, %103
  br i1 %136, label %r0.conv.wi.begin, label %sched.after

r0.conv.wi.begin:                                 ; preds = %r0.conv.lane.head
  %137 = trunc i64 %l6 to i32
  %138 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l6
  %139 = load i32, ptr %138, align 4, !llvm.access.group !0
  %140 = select i1 %43, i32 %137, i32 %139
  %141 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l6
  %142 = load i32, ptr %141, align 4, !llvm.access.group !0
  %143 = select i1 %43, i32 0, i32 %142
  %144 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l6
  %145 = load i32, ptr %144, align 4, !llvm.access.group !0
  %146 = select i1 %43, i32 0, i32 %145
  %147 = sub i64 %l6, %100
  %148 = trunc i64 %147 to i32
  %149 = getelementptr inbounds i64, ptr %warp.in, i64 %l6
  br label %entry.r0.conv

r0.conv.lane.latch:                               ; preds = %entry.r0.conv
  %pc.now7 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !0
  %150 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l6
  store i32 %pc.now7, ptr %150, align 4, !llvm.access.group !0
  %151 = icmp eq i32 %pc.now7, -1
  %152 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %153 = icmp ult i32 %152, %pc.now7
  %154 = select i1 %153, i32 %152, i32 %pc.now7
  store i32 %154, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %155 = select i1 %151, i32 0, i32 %pc.now7
  %156 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %157 = icmp ugt i32 %156, %155
  %158 = select i1 %157, i32 %156, i32 %155
  store i32 %158, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %159 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %160 = zext i1 %151 to i8
  %161 = or i8 %159, %160
  store i8 %161, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %162 = add nuw i64 %l6, 1
  store i64 %162, ptr %lane.addr, align 8, !llvm.access.group !0
  br label %r0.conv.lane.head, !llvm.loop !3

163:                                              ; preds = %r1.conv.wi.begin
  %164 = addrspacecast ptr %35 to ptr addrspace(4)
  store ptr addrspace(4) %164, ptr %218, align 8, !llvm.access.group !6
  store i32 2, ptr %exit.code.addr, align 4
  br label %r1.conv.lane.latch

r1.select:                                        ; preds = %sched.dispatch
  %165 = load i8, ptr %warp.converged.addr, align 1
  %166 = icmp ne i8 %165, 0
  br i1 %166, label %r1.conv.head, label %r1.head

r1.conv.head:                                     ; preds = %r1.select
  %warp13 = load i64, ptr %warp.addr, align 8
  %167 = mul nuw i64 %warp13, %25
  %168 = add i64 %167, %25
  %169 = icmp ult i64 %168, %24
  %170 = select i1 %169, i64 %168, i64 %24
  store i64 %167, ptr %lane.addr, align 8
  br label %r1.conv.lane.head

r1.head:                                          ; preds = %r1.select
  %warp8 = load i64, ptr %warp.addr, align 8
  %171 = mul nuw i64 %warp8, %25
  %172 = add i64 %171, %25
  %173 = icmp ult i64 %172, %24
  %174 = select i1 %173, i64 %172, i64 %24
  store i64 %171, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.lane.head:                                     ; preds = %r1.lane.latch, %r1.head
  %l9 = load i64, ptr %lane.addr, align 8
  %175 = icmp ult i64 %l9, %174
  br i1 %175, label %r1.lane.body, label %sched.after

r1.lane.body:                                     ; preds = %r1.lane.head
  %176 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l9
  %pc10 = load i32, ptr %176, align 4
  %pc.cur11 = load i32, ptr %pc.cur.addr, align 4
  %177 = icmp eq i32 %pc10, %pc.cur11
  br i1 %177, label %r1.wi.begin, label %r1.lane.latch

r1.wi.begin:                                      ; preds = %r1.lane.body
  %178 = trunc i64 %l9 to i32
  %179 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l9
  %180 = load i32, ptr %179, align 4
  %181 = select i1 %43, i32 %178, i32 %180
  %182 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l9
  %183 = load i32, ptr %182, align 4
  %184 = select i1 %43, i32 0, i32 %183
  %185 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l9
  %186 = load i32, ptr %185, align 4
  %187 = select i1 %43, i32 0, i32 %186
  %188 = sub i64 %l9, %171
  %189 = trunc i64 %188 to i32
  %190 = getelementptr inbounds i64, ptr %warp.in, i64 %l9
  %191 = getelementptr inbounds ptr addrspace(4), ptr %.reg2mem.ctx, i64 %l9
  br label %45

r1.lane.latch:                                    ; preds = %45, %r1.lane.body
  %pc.now12 = load i32, ptr %176, align 4
  %192 = icmp eq i32 %pc.now12, -1
  %193 = load i32, ptr %pc.warp.min.addr, align 4
  %194 = icmp ult i32 %193, %pc.now12
  %195 = select i1 %194, i32 %193, i32 %pc.now12
  store i32 %195, ptr %pc.warp.min.addr, align 4
  %196 = select i1 %192, i32 0, i32 %pc.now12
  %197 = load i32, ptr %pc.warp.max.addr, align 4
  %198 = icmp ugt i32 %197, %196
  %199 = select i1 %198, i32 %197, i32 %196
  store i32 %199, ptr %pc.warp.max.addr, align 4
  %200 = load i8, ptr %pc.warp.returned.addr, align 1
  %201 = zext i1 %192 to i8
  %202 = or i8 %200, %201
  store i8 %202, ptr %pc.warp.returned.addr, align 1
  %203 = add nuw i64 %l9, 1
  store i64 %203, ptr %lane.addr, align 8
  br label %r1.lane.head, !llvm.loop !7

r1.conv.lane.head:                                ; preds = %r1.conv.lane.latch, %r1.conv.head
  %l14 = load i64, ptr %lane.addr, align 8
  %204 = icmp ult i64 %l14, %170
  br i1 %204, label %r1.conv.wi.begin, label %sched.after

r1.conv.wi.begin:                                 ; preds = %r1.conv.lane.head
  %205 = trunc i64 %l14 to i32
  %206 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l14
  %207 = load i32, ptr %206, align 4, !llvm.access.group !6
  %208 = select i1 %43, i32 %205, i32 %207
  %209 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l14
  %210 = load i32, ptr %209, align 4, !llvm.access.group !6
  %211 = select i1 %43, i32 0, i32 %210
  %212 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l14
  %213 = load i32, ptr %212, align 4, !llvm.access.group !6
  %214 = select i1 %43, i32 0, i32 %213
  %215 = sub i64 %l14, %167
  %216 = trunc i64 %215 to i32
  %217 = getelementptr inbounds i64, ptr %warp.in, i64 %l14
  %218 = getelementptr inbounds ptr addrspace(4), ptr %.reg2mem.ctx, i64 %l14
  br label %163

r1.conv.lane.latch:                               ; preds = %163
  %pc.now15 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !6
  %219 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l14
  store i32 %pc.now15, ptr %219, align 4, !llvm.access.group !6
  %220 = icmp eq i32 %pc.now15, -1
  %221 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !6
  %222 = icmp ult i32 %221, %pc.now15
  %223 = select i1 %222, i32 %221, i32 %pc.now15
  store i32 %223, ptr %pc.warp.min.addr, align 4, !llvm.access.group !6
  %224 = select i1 %220, i32 0, i32 %pc.now15
  %225 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !6
  %226 = icmp ugt i32 %225, %224
  %227 = select i1 %226, i32 %225, i32 %224
  store i32 %227, ptr %pc.warp.max.addr, align 4, !llvm.access.group !6
  %228 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !6
  %229 = zext i1 %220 to i8
  %230 = or i8 %228, %229
  store i8 %230, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !6
  %231 = add nuw i64 %l14, 1
  store i64 %231, ptr %lane.addr, align 8, !llvm.access.group !6
  br label %r1.conv.lane.head, !llvm.loop !8

232:                                              ; preds = %r2.conv.wi.begin
  %src.r2.conv = xor i32 %284, 1
  %src64.r2.conv = zext i32 %src.r2.conv to i64
  %.reload.r2.conv = load ptr addrspace(4), ptr %286, align 8, !llvm.access.group !10
  %p.r2.conv = getelementptr inbounds i64, ptr addrspace(4) %.reload.r2.conv, i64 %src64.r2.conv
  %w.r2.conv = load i64, ptr addrspace(4) %p.r2.conv, align 8, !llvm.access.group !10
  %t64.r2.conv = zext i32 %276 to i64
  %o.r2.conv = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r2.conv
  store i64 %w.r2.conv, ptr addrspace(1) %o.r2.conv, align 8, !llvm.access.group !10
  store i32 -1, ptr %exit.code.addr, align 4
  br label %r2.conv.lane.latch

r2.select:                                        ; preds = %sched.dispatch
  %233 = load i8, ptr %warp.converged.addr, align 1
  %234 = icmp ne i8 %233, 0
  br i1 %234, label %r2.conv.head, label %r2.head

r2.conv.head:                                     ; preds = %r2.select
  %warp21 = load i64, ptr %warp.addr, align 8
  %235 = mul nuw i64 %warp21, %25
  %236 = add i64 %235, %25
  %237 = icmp ult i64 %236, %24
  %238 = select i1 %237, i64 %236, i64 %24
  store i64 %235, ptr %lane.addr, align 8
  br label %r2.conv.lane.head

r2.head:                                          ; preds = %r2.select
  %warp16 = load i64, ptr %warp.addr, align 8
  %239 = mul nuw i64 %warp16, %25
  %240 = add i64 %239, %25
  %241 = icmp ult i64 %240, %24
  %242 = select i1 %241, i64 %240, i64 %24
  store i64 %239, ptr %lane.addr, align 8
  br label %r2.lane.head

r2.lane.head:                                     ; preds = %r2.lane.latch, %r2.head
  %l17 = load i64, ptr %lane.addr, align 8
  %243 = icmp ult i64 %l17, %242
  br i1 %243, label %r2.lane.body, label %sched.after

r2.lane.body:                                     ; preds = %r2.lane.head
  %244 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l17
  %pc18 = load i32, ptr %244, align 4
  %pc.cur19 = load i32, ptr %pc.cur.addr, align 4
  %245 = icmp eq i32 %pc18, %pc.cur19
  br i1 %245, label %r2.wi.begin, label %r2.lane.latch

r2.wi.begin:                                      ; preds = %r2.lane.body
  %246 = trunc i64 %l17 to i32
  %247 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l17
  %248 = load i32, ptr %247, align 4
  %249 = select i1 %43, i32 %246, i32 %248
  %250 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l17
  %251 = load i32, ptr %250, align 4
  %252 = select i1 %43, i32 0, i32 %251
  %253 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l17
  %254 = load i32, ptr %253, align 4
  %255 = select i1 %43, i32 0, i32 %254
  %256 = sub i64 %l17, %239
  %257 = trunc i64 %256 to i32
  %258 = getelementptr inbounds i64, ptr %warp.in, i64 %l17
  %259 = getelementptr inbounds ptr addrspace(4), ptr %.reg2mem.ctx, i64 %l17
  br label %47

r2.lane.latch:                                    ; preds = %47, %r2.lane.body
  %pc.now20 = load i32, ptr %244, align 4
  %260 = icmp eq i32 %pc.now20, -1
  %261 = load i32, ptr %pc.warp.min.addr, align 4
  %262 = icmp ult i32 %261, %pc.now20
  %263 = select i1 %262, i32 %261, i32 %pc.now20
  store i32 %263, ptr %pc.warp.min.addr, align 4
  %264 = select i1 %260, i32 0, i32 %pc.now20
  %265 = load i32, ptr %pc.warp.max.addr, align 4
  %266 = icmp ugt i32 %265, %264
  %267 = select i1 %266, i32 %265, i32 %264
  store i32 %267, ptr %pc.warp.max.addr, align 4
  %268 = load i8, ptr %pc.warp.returned.addr, align 1
  %269 = zext i1 %260 to i8
  %270 = or i8 %268, %269
  store i8 %270, ptr %pc.warp.returned.addr, align 1
  %271 = add nuw i64 %l17, 1
  store i64 %271, ptr %lane.addr, align 8
  br label %r2.lane.head, !llvm.loop !11

r2.conv.lane.head:                                ; preds = %r2.conv.lane.latch, %r2.conv.head
  %l22 = load i64, ptr %lane.addr, align 8
  %272 = icmp ult i64 %l22, %238
  br i1 %272, label %r2.conv.wi.begin, label %sched.after

r2.conv.wi.begin:                                 ; preds = %r2.conv.lane.head
  %273 = trunc i64 %l22 to i32
  %274 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l22
  %275 = load i32, ptr %274, align 4, !llvm.access.group !10
  %276 = select i1 %43, i32 %273, i32 %275
  %277 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l22
  %278 = load i32, ptr %277, align 4, !llvm.access.group !10
  %279 = select i1 %43, i32 0, i32 %278
  %280 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l22
  %281 = load i32, ptr %280, align 4, !llvm.access.group !10
  %282 = select i1 %43, i32 0, i32 %281
  %283 = sub i64 %l22, %235
  %284 = trunc i64 %283 to i32
  %285 = getelementptr inbounds i64, ptr %warp.in, i64 %l22
  %286 = getelementptr inbounds ptr addrspace(4), ptr %.reg2mem.ctx, i64 %l22
  br label %232

r2.conv.lane.latch:                               ; preds = %232
  %pc.now23 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !10
  %287 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l22
  store i32 %pc.now23, ptr %287, align 4, !llvm.access.group !10
  %288 = icmp eq i32 %pc.now23, -1
  %289 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !10
  %290 = icmp ult i32 %289, %pc.now23
  %291 = select i1 %290, i32 %289, i32 %pc.now23
  store i32 %291, ptr %pc.warp.min.addr, align 4, !llvm.access.group !10
  %292 = select i1 %288, i32 0, i32 %pc.now23
  %293 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !10
  %294 = icmp ugt i32 %293, %292
  %295 = select i1 %294, i32 %293, i32 %292
  store i32 %295, ptr %pc.warp.max.addr, align 4, !llvm.access.group !10
  %296 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !10
  %297 = zext i1 %288 to i8
  %298 = or i8 %296, %297
  store i8 %298, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !10
  %299 = add nuw i64 %l22, 1
  store i64 %299, ptr %lane.addr, align 8, !llvm.access.group !10
  br label %r2.conv.lane.head, !llvm.loop !12

sched.step:                                       ; preds = %sched.after
  switch i32 %pc.warp.min, label %sched.step.copy.start [
    i32 2, label %sched.step.sync
  ]

sched.step.head:                                  ; preds = %sched.step.next, %sched.step.copy.start
  %l27 = load i64, ptr %lane.addr, align 8
  %300 = icmp ult i64 %l27, %329
  br i1 %300, label %sched.step.body, label %sched.step.done

sched.step.body:                                  ; preds = %sched.step.head
  %301 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l27
  %pc28 = load i32, ptr %301, align 4
  %302 = icmp eq i32 %pc28, %pc.warp.min
  br i1 %302, label %sched.step.copy, label %sched.step.next

sched.step.copy:                                  ; preds = %sched.step.body
  %303 = sub i64 %l27, %326
  %304 = getelementptr inbounds i64, ptr %warp.in, i64 %l27
  %published29 = load i64, ptr %304, align 8
  %305 = getelementptr inbounds i64, ptr %325, i64 %303
  store i64 %published29, ptr %305, align 8
  %306 = shl i64 1, %303
  %307 = load i64, ptr %warp.mask.addr, align 8
  %308 = or i64 %307, %306
  store i64 %308, ptr %warp.mask.addr, align 8
  br label %sched.step.next

sched.step.next:                                  ; preds = %sched.step.copy, %sched.step.body
  %309 = add nuw i64 %l27, 1
  store i64 %309, ptr %lane.addr, align 8
  br label %sched.step.head

sched.step.done:                                  ; preds = %sched.step.head, %sched.step.all.done
  %mask = load i64, ptr %warp.mask.addr, align 8
  %310 = getelementptr inbounds i64, ptr %325, i64 %25
  store i64 %mask, ptr %310, align 8
  store i32 %pc.warp.min, ptr %pc.cur.addr, align 4
  br label %sched.dispatch

sched.step.all.head:                              ; preds = %sched.step.all.body, %sched.step.copy.start
  %l26 = load i64, ptr %lane.addr, align 8
  %311 = icmp ult i64 %l26, %329
  br i1 %311, label %sched.step.all.body, label %sched.step.all.done

sched.step.all.body:                              ; preds = %sched.step.all.head
  %312 = getelementptr inbounds i64, ptr %warp.in, i64 %l26
  %published = load i64, ptr %312, align 8
  %313 = sub i64 %l26, %326
  %314 = getelementptr inbounds i64, ptr %325, i64 %313
  store i64 %published, ptr %314, align 8
  %315 = add nuw i64 %l26, 1
  store i64 %315, ptr %lane.addr, align 8
  br label %sched.step.all.head

sched.step.all.done:                              ; preds = %sched.step.all.head
  %316 = sub i64 %329, %326
  %317 = sub i64 %316, 1
  %318 = shl i64 1, %317
  %319 = sub i64 %318, 1
  %320 = sub i64 %316, 1
  %321 = shl i64 1, %320
  %322 = or i64 %319, %321
  store i64 %322, ptr %warp.mask.addr, align 8
  br label %sched.step.done

sched.step.copy.start:                            ; preds = %sched.step
  %323 = zext i32 %pc.warp.min to i64
  %324 = mul nuw i64 %30, %323
  %325 = getelementptr inbounds i64, ptr %warp.out, i64 %324
  %warp25 = load i64, ptr %warp.addr, align 8
  %326 = mul nuw i64 %warp25, %25
  %327 = add i64 %326, %25
  %328 = icmp ult i64 %327, %24
  %329 = select i1 %328, i64 %327, i64 %24
  store i64 %326, ptr %lane.addr, align 8
  store i64 0, ptr %warp.mask.addr, align 8
  %330 = icmp eq i8 %80, 1
  br i1 %330, label %sched.step.all.head, label %sched.step.head

sched.step.sync:                                  ; preds = %sched.step
  store i32 %pc.warp.min, ptr %pc.cur.addr, align 4
  br label %sched.dispatch
}

!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.unroll.runtime.disable"}
!3 = distinct !{!3, !4, !5, !2}
!4 = !{!"llvm.loop.parallel_accesses", !0}
!5 = !{!"llvm.loop.interleave.count", i32 1}
!6 = distinct !{}
!7 = distinct !{!7, !2}
!8 = distinct !{!8, !9, !5, !2}
!9 = !{!"llvm.loop.parallel_accesses", !6}
!10 = distinct !{}
!11 = distinct !{!11, !2}
!12 = distinct !{!12, !13, !5, !2}
!13 = !{!"llvm.loop.parallel_accesses", !10}
