; k -> __ferrocm_wg_k: args [Pointer@0:8/8, Value@8:4/4], kernarg 16 align 8, local 1024 (dynamic at 1024), barriers 1, grid sync false
; ModuleID = 'early_return'
source_filename = "early_return"
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
  %26 = zext i32 %16 to i64
  %27 = sub i64 %26, 1
  %28 = add i64 %25, %27
  %29 = udiv i64 %28, %26
  %pc.ctx = alloca i32, i64 %25, align 4
  %30 = mul nuw i64 %29, %26
  %warp.in = alloca i64, i64 %30, align 8
  %31 = add i64 %26, 1
  %32 = mul nuw i64 %31, 2
  %warp.out = alloca i64, i64 %32, align 8
  %33 = mul nuw i64 %31, 0
  %34 = getelementptr inbounds i64, ptr %warp.out, i64 %33
  %35 = mul nuw i64 %31, 1
  %36 = getelementptr inbounds i64, ptr %warp.out, i64 %35
  %id.0.ctx = alloca i32, i64 %25, align 4
  %id.1.ctx = alloca i32, i64 %25, align 4
  %id.2.ctx = alloca i32, i64 %25, align 4
  %warp.converged.ctx = alloca i8, i64 %29, align 1
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
  %37 = icmp eq i32 %block_dim.y, 1
  %38 = zext i1 %37 to i32
  %39 = icmp eq i32 %block_dim.z, 1
  %40 = zext i1 %39 to i32
  %41 = and i32 %38, %40
  %42 = icmp eq i32 %41, 1
  %43 = addrspacecast ptr %local_mem to ptr addrspace(3)
  %44 = getelementptr inbounds i8, ptr addrspace(3) %43, i64 0
  br label %sched.init

wg.exit:                                          ; preds = %sched.block.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %out.r0 = icmp uge i32 %112, %arg1
  br i1 %out.r0, label %entry.done_crit_edge.r0, label %work.r0

entry.done_crit_edge.r0:                          ; preds = %entry.r0
  br label %done.r0

work.r0:                                          ; preds = %entry.r0
  %t64.r0 = zext i32 %112 to i64
  %slot.r0 = getelementptr inbounds [256 x i32], ptr addrspace(3) %44, i64 0, i64 %t64.r0
  store i32 %112, ptr addrspace(3) %slot.r0, align 4
  store i32 -2147483647, ptr %107, align 4
  br label %r0.lane.latch

done.r0:                                          ; preds = %entry.done_crit_edge.r0
  store i32 -1, ptr %107, align 4
  br label %r0.lane.latch

45:                                               ; preds = %r1.wi.begin
  %v.r1 = load i32, ptr addrspace(3) %44, align 16
  %46 = zext i32 %179 to i64
  %p.r1 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %46
  store i32 %v.r1, ptr addrspace(1) %p.r1, align 4
  br label %done.r1

done.r1:                                          ; preds = %45
  store i32 -1, ptr %174, align 4
  br label %r1.lane.latch

wg.divergent:                                     ; preds = %sched.block.check, %sched.park, %sched.dispatch
  ret i32 1

sched.init:                                       ; preds = %prologue
  store i64 0, ptr %lane.addr, align 8
  br label %sched.init.head

sched.init.head:                                  ; preds = %sched.init.body, %sched.init
  %l = load i64, ptr %lane.addr, align 8
  %47 = icmp ult i64 %l, %25
  br i1 %47, label %sched.init.body, label %sched.ids.check

sched.init.body:                                  ; preds = %sched.init.head
  %48 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l
  store i32 -2147483648, ptr %48, align 4
  %49 = add nuw i64 %l, 1
  store i64 %49, ptr %lane.addr, align 8
  br label %sched.init.head

sched.ids.check:                                  ; preds = %sched.init.head
  store i64 0, ptr %lane.addr, align 8
  store i32 0, ptr %x.addr, align 4
  store i32 0, ptr %y.addr, align 4
  store i32 0, ptr %z.addr, align 4
  br i1 %42, label %sched.warps.init, label %sched.ids.head

sched.ids.head:                                   ; preds = %sched.ids.body, %sched.ids.check
  %l1 = load i64, ptr %lane.addr, align 8
  %50 = icmp ult i64 %l1, %25
  br i1 %50, label %sched.ids.body, label %sched.warps.init

sched.ids.body:                                   ; preds = %sched.ids.head
  %51 = load i32, ptr %x.addr, align 4
  %52 = load i32, ptr %y.addr, align 4
  %53 = load i32, ptr %z.addr, align 4
  %54 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l1
  store i32 %51, ptr %54, align 4
  %55 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l1
  store i32 %52, ptr %55, align 4
  %56 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l1
  store i32 %53, ptr %56, align 4
  %57 = add nuw i32 %51, 1
  %58 = icmp eq i32 %57, %block_dim.x
  %59 = select i1 %58, i32 0, i32 %57
  store i32 %59, ptr %x.addr, align 4
  %60 = zext i1 %58 to i32
  %61 = add i32 %52, %60
  %62 = icmp eq i32 %61, %block_dim.y
  %63 = select i1 %62, i32 0, i32 %61
  store i32 %63, ptr %y.addr, align 4
  %64 = zext i1 %62 to i32
  %65 = add i32 %53, %64
  store i32 %65, ptr %z.addr, align 4
  %66 = add nuw i64 %l1, 1
  store i64 %66, ptr %lane.addr, align 8
  br label %sched.ids.head

sched.warps.init:                                 ; preds = %sched.ids.head, %sched.ids.check
  store i64 0, ptr %warp.addr, align 8
  br label %sched.warps.head

sched.warps.head:                                 ; preds = %sched.warps.body, %sched.warps.init
  %warp = load i64, ptr %warp.addr, align 8
  %67 = icmp ult i64 %warp, %29
  br i1 %67, label %sched.warps.body, label %sched.block.start

sched.warps.body:                                 ; preds = %sched.warps.head
  %68 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp
  store i8 1, ptr %68, align 1
  %69 = add nuw i64 %warp, 1
  store i64 %69, ptr %warp.addr, align 8
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
  %70 = icmp ult i64 %warp2, %29
  br i1 %70, label %sched.warp.begin, label %sched.block.done

sched.warp.begin:                                 ; preds = %sched.warp.head
  %71 = load i32, ptr %pc.block.addr, align 4
  store i32 %71, ptr %pc.cur.addr, align 4
  %72 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp2
  %73 = load i8, ptr %72, align 1
  store i8 %73, ptr %warp.converged.addr, align 1
  br label %sched.dispatch

sched.dispatch:                                   ; preds = %sched.warp.begin
  store i32 -1, ptr %pc.warp.min.addr, align 4
  store i32 0, ptr %pc.warp.max.addr, align 4
  store i8 0, ptr %pc.warp.returned.addr, align 1
  %pc.cur16 = load i32, ptr %pc.cur.addr, align 4
  %74 = and i32 %pc.cur16, 2147483647
  switch i32 %74, label %wg.divergent [
    i32 0, label %r0.select
    i32 1, label %r1.select
  ]

sched.after:                                      ; preds = %r1.conv.lane.head, %r1.lane.head, %r0.conv.lane.head, %r0.lane.head
  %pc.warp.min = load i32, ptr %pc.warp.min.addr, align 4
  %pc.warp.max = load i32, ptr %pc.warp.max.addr, align 4
  %pc.warp.returned = load i8, ptr %pc.warp.returned.addr, align 1
  %75 = icmp eq i8 %pc.warp.returned, 0
  %76 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %77 = zext i1 %76 to i8
  %78 = zext i1 %75 to i8
  %79 = and i8 %77, %78
  store i8 %79, ptr %warp.converged.addr, align 1
  br label %sched.park

sched.park:                                       ; preds = %sched.after
  %80 = icmp eq i32 %pc.warp.min, -1
  %81 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %82 = or i1 %80, %81
  br i1 %82, label %sched.park.ok, label %wg.divergent

sched.park.ok:                                    ; preds = %sched.park
  %83 = load i32, ptr %pc.block.min.addr, align 4
  %84 = icmp ult i32 %83, %pc.warp.min
  %85 = select i1 %84, i32 %83, i32 %pc.warp.min
  store i32 %85, ptr %pc.block.min.addr, align 4
  %86 = load i32, ptr %pc.block.max.addr, align 4
  %87 = icmp ugt i32 %86, %pc.warp.max
  %88 = select i1 %87, i32 %86, i32 %pc.warp.max
  %89 = select i1 %80, i32 %86, i32 %88
  store i32 %89, ptr %pc.block.max.addr, align 4
  %90 = load i64, ptr %warp.addr, align 8
  %91 = zext i1 %75 to i8
  %92 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %90
  store i8 %91, ptr %92, align 1
  %93 = add nuw i64 %90, 1
  store i64 %93, ptr %warp.addr, align 8
  br label %sched.warp.head

sched.block.done:                                 ; preds = %sched.warp.head
  %pc.block.min = load i32, ptr %pc.block.min.addr, align 4
  %94 = icmp eq i32 %pc.block.min, -1
  br i1 %94, label %wg.exit, label %sched.block.check

sched.block.check:                                ; preds = %sched.block.done
  %pc.block.max = load i32, ptr %pc.block.max.addr, align 4
  %95 = icmp eq i32 %pc.block.min, %pc.block.max
  br i1 %95, label %sched.block.next, label %wg.divergent

sched.block.next:                                 ; preds = %sched.block.check
  store i32 %pc.block.min, ptr %pc.block.addr, align 4
  br label %sched.block.head

entry.r0.conv:                                    ; preds = %r0.conv.wi.begin
  %"reg2mem alloca point.r0.conv" = bitcast i32 0 to i32
  %out.r0.conv = icmp uge i32 %138, %arg1
  br i1 %out.r0.conv, label %entry.done_crit_edge.r0.conv, label %work.r0.conv

entry.done_crit_edge.r0.conv:                     ; preds = %entry.r0.conv
  br label %done.r0.conv

work.r0.conv:                                     ; preds = %entry.r0.conv
  %t64.r0.conv = zext i32 %138 to i64
  %slot.r0.conv = getelementptr inbounds [256 x i32], ptr addrspace(3) %44, i64 0, i64 %t64.r0.conv
  store i32 %138, ptr addrspace(3) %slot.r0.conv, align 4, !llvm.access.group !0
  store i32 -2147483647, ptr %exit.code.addr, align 4
  br label %r0.conv.lane.latch

done.r0.conv:                                     ; preds = %entry.done_crit_edge.r0.conv
  store i32 -1, ptr %exit.code.addr, align 4
  br label %r0.conv.lane.latch

r0.select:                                        ; preds = %sched.dispatch
  %96 = load i8, ptr %warp.converged.addr, align 1
  %97 = icmp ne i8 %96, 0
  br i1 %97, label %r0.conv.head, label %r0.head

r0.conv.head:                                     ; preds = %r0.select
  %warp5 = load i64, ptr %warp.addr, align 8
  %98 = mul nuw i64 %warp5, %26
  %99 = add i64 %98, %26
  %100 = icmp ult i64 %99, %25
  %101 = select i1 %100, i64 %99, i64 %25
  store i64 %98, ptr %lane.addr, align 8
  br label %r0.conv.lane.head

r0.head:                                          ; preds = %r0.select
  %warp3 = load i64, ptr %warp.addr, align 8
  %102 = mul nuw i64 %warp3, %26
  %103 = add i64 %102, %26
  %104 = icmp ult i64 %103, %25
  %105 = select i1 %104, i64 %103, i64 %25
  store i64 %102, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.lane.head:                                     ; preds = %r0.lane.latch, %r0.head
  %l4 = load i64, ptr %lane.addr, align 8
  %106 = icmp ult i64 %l4, %105
  br i1 %106, label %r0.lane.body, label %sched.after

r0.lane.body:                                     ; preds = %r0.lane.head
  %107 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l4
  %pc = load i32, ptr %107, align 4
  %pc.cur = load i32, ptr %pc.cur.addr, align 4
  %108 = icmp eq i32 %pc, %pc.cur
  br i1 %108, label %r0.wi.begin, label %r0.lane.latch

r0.wi.begin:                                      ; preds = %r0.lane.body
  %109 = trunc i64 %l4 to i32
  %110 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l4
  %111 = load i32, ptr %110, align 4
  %112 = select i1 %42, i32 %109, i32 %111
  %113 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l4
  %114 = load i32, ptr %113, align 4
  %115 = select i1 %42, i32 0, i32 %114
  %116 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l4
  %117 = load i32, ptr %116, align 4
  %118 = select i1 %42, i32 0, i32 %117
  %119 = sub i64 %l4, %102
  %120 = trunc i64 %119 to i32
  %121 = getelementptr inbounds i64, ptr %warp.in, i64 %l4
  br label %entry.r0

r0.lane.latch:                                    ; preds = %done.r0, %work.r0, %r0.lane.body
  %pc.now = load i32, ptr %107, align 4
  %122 = icmp eq i32 %pc.now, -1
  %123 = load i32, ptr %pc.warp.min.addr, align 4
  %124 = icmp ult i32 %123, %pc.now
  %125 = select i1 %124, i32 %123, i32 %pc.now
  store i32 %125, ptr %pc.warp.min.addr, align 4
  %126 = select i1 %122, i32 0, i32 %pc.now
  %127 = load i32, ptr %pc.warp.max.addr, align 4
  %128 = icmp ugt i32 %127, %126
  %129 = select i1 %128, i32 %127, i32 %126
  store i32 %129, ptr %pc.warp.max.addr, align 4
  %130 = load i8, ptr %pc.warp.returned.addr, align 1
  %131 = zext i1 %122 to i8
  %132 = or i8 %130, %131
  store i8 %132, ptr %pc.warp.returned.addr, align 1
  %133 = add nuw i64 %l4, 1
  store i64 %133, ptr %lane.addr, align 8
  br label %r0.lane.head, !llvm.loop !1

r0.conv.lane.head:                                ; preds = %r0.conv.lane.latch, %r0.conv.head
  %l6 = load i64, ptr %lane.addr, align 8
  %134 = icmp ult i64 %l6, %101
  br i1 %134, label %r0.conv.wi.begin, label %sched.after

r0.conv.wi.begin:                                 ; preds = %r0.conv.lane.head
  %135 = trunc i64 %l6 to i32
  %136 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l6
  %137 = load i32, ptr %136, align 4, !llvm.access.group !0
  %138 = select i1 %42, i32 %135, i32 %137
  %139 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l6
  %140 = load i32, ptr %139, align 4, !llvm.access.group !0
  %141 = select i1 %42, i32 0, i32 %140
  %142 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l6
  %143 = load i32, ptr %142, align 4, !llvm.access.group !0
  %144 = select i1 %42, i32 0, i32 %143
  %145 = sub i64 %l6, %98
  %146 = trunc i64 %145 to i32
  %147 = getelementptr inbounds i64, ptr %warp.in, i64 %l6
  br label %entry.r0.conv

r0.conv.lane.latch:                               ; preds = %done.r0.conv, %work.r0.conv
  %pc.now7 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !0
  %148 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l6
  store i32 %pc.now7, ptr %148, align 4, !llvm.access.group !0
  %149 = icmp eq i32 %pc.now7, -1
  %150 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %151 = icmp ult i32 %150, %pc.now7
  %152 = select i1 %151, i32 %150, i32 %pc.now7
  store i32 %152, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %153 = select i1 %149, i32 0, i32 %pc.now7
  %154 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %155 = icmp ugt i32 %154, %153
  %156 = select i1 %155, i32 %154, i32 %153
  store i32 %156, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %157 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %158 = zext i1 %149 to i8
  %159 = or i8 %157, %158
  store i8 %159, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %160 = add nuw i64 %l6, 1
  store i64 %160, ptr %lane.addr, align 8, !llvm.access.group !0
  br label %r0.conv.lane.head, !llvm.loop !3

161:                                              ; preds = %r1.conv.wi.begin
  %v.r1.conv = load i32, ptr addrspace(3) %44, align 16, !llvm.access.group !6
  %162 = zext i32 %205 to i64
  %p.r1.conv = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %162
  store i32 %v.r1.conv, ptr addrspace(1) %p.r1.conv, align 4, !llvm.access.group !6
  br label %done.r1.conv

done.r1.conv:                                     ; preds = %161
  store i32 -1, ptr %exit.code.addr, align 4
  br label %r1.conv.lane.latch

r1.select:                                        ; preds = %sched.dispatch
  %163 = load i8, ptr %warp.converged.addr, align 1
  %164 = icmp ne i8 %163, 0
  br i1 %164, label %r1.conv.head, label %r1.head

r1.conv.head:                                     ; preds = %r1.select
  %warp13 = load i64, ptr %warp.addr, align 8
  %165 = mul nuw i64 %warp13, %26
  %166 = add i64 %165, %26
  %167 = icmp ult i64 %166, %25
  %168 = select i1 %167, i64 %166, i64 %25
  store i64 %165, ptr %lane.addr, align 8
  br label %r1.conv.lane.head

r1.head:                                          ; preds = %r1.select
  %warp8 = load i64, ptr %warp.addr, align 8
  %169 = mul nuw i64 %warp8, %26
  %170 = add i64 %169, %26
  %171 = icmp ult i64 %170, %25
  %172 = select i1 %171, i64 %170, i64 %25
  store i64 %169, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.lane.head:                                     ; preds = %r1.lane.latch, %r1.head
  %l9 = load i64, ptr %lane.addr, align 8
  %173 = icmp ult i64 %l9, %172
  br i1 %173, label %r1.lane.body, label %sched.after

r1.lane.body:                                     ; preds = %r1.lane.head
  %174 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l9
  %pc10 = load i32, ptr %174, align 4
  %pc.cur11 = load i32, ptr %pc.cur.addr, align 4
  %175 = icmp eq i32 %pc10, %pc.cur11
  br i1 %175, label %r1.wi.begin, label %r1.lane.latch

r1.wi.begin:                                      ; preds = %r1.lane.body
  %176 = trunc i64 %l9 to i32
  %177 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l9
  %178 = load i32, ptr %177, align 4
  %179 = select i1 %42, i32 %176, i32 %178
  %180 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l9
  %181 = load i32, ptr %180, align 4
  %182 = select i1 %42, i32 0, i32 %181
  %183 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l9
  %184 = load i32, ptr %183, align 4
  %185 = select i1 %42, i32 0, i32 %184
  %186 = sub i64 %l9, %169
  %187 = trunc i64 %186 to i32
  %188 = getelementptr inbounds i64, ptr %warp.in, i64 %l9
  br label %45

r1.lane.latch:                                    ; preds = %done.r1, %r1.lane.body
  %pc.now12 = load i32, ptr %174, align 4
  %189 = icmp eq i32 %pc.now12, -1
  %190 = load i32, ptr %pc.warp.min.addr, align 4
  %191 = icmp ult i32 %190, %pc.now12
  %192 = select i1 %191, i32 %190, i32 %pc.now12
  store i32 %192, ptr %pc.warp.min.addr, align 4
  %193 = select i1 %189, i32 0, i32 %pc.now12
  %194 = load i32, ptr %pc.warp.max.addr, align 4
  %195 = icmp ugt i32 %194, %193
  %196 = select i1 %195, i32 %194, i32 %193
  store i32 %196, ptr %pc.warp.max.addr, align 4
  %197 = load i8, ptr %pc.warp.returned.addr, align 1
  %198 = zext i1 %189 to i8
  %199 = or i8 %197, %198
  store i8 %199, ptr %pc.warp.returned.addr, align 1
  %200 = add nuw i64 %l9, 1
  store i64 %200, ptr %lane.addr, align 8
  br label %r1.lane.head, !llvm.loop !7

r1.conv.lane.head:                                ; preds = %r1.conv.lane.latch, %r1.conv.head
  %l14 = load i64, ptr %lane.addr, align 8
  %201 = icmp ult i64 %l14, %168
  br i1 %201, label %r1.conv.wi.begin, label %sched.after

r1.conv.wi.begin:                                 ; preds = %r1.conv.lane.head
  %202 = trunc i64 %l14 to i32
  %203 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l14
  %204 = load i32, ptr %203, align 4, !llvm.access.group !6
  %205 = select i1 %42, i32 %202, i32 %204
  %206 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l14
  %207 = load i32, ptr %206, align 4, !llvm.access.group !6
  %208 = select i1 %42, i32 0, i32 %207
  %209 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l14
  %210 = load i32, ptr %209, align 4, !llvm.access.group !6
  %211 = select i1 %42, i32 0, i32 %210
  %212 = sub i64 %l14, %165
  %213 = trunc i64 %212 to i32
  %214 = getelementptr inbounds i64, ptr %warp.in, i64 %l14
  br label %161

r1.conv.lane.latch:                               ; preds = %done.r1.conv
  %pc.now15 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !6
  %215 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l14
  store i32 %pc.now15, ptr %215, align 4, !llvm.access.group !6
  %216 = icmp eq i32 %pc.now15, -1
  %217 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !6
  %218 = icmp ult i32 %217, %pc.now15
  %219 = select i1 %218, i32 %217, i32 %pc.now15
  store i32 %219, ptr %pc.warp.min.addr, align 4, !llvm.access.group !6
  %220 = select i1 %216, i32 0, i32 %pc.now15
  %221 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !6
  %222 = icmp ugt i32 %221, %220
  %223 = select i1 %222, i32 %221, i32 %220
  store i32 %223, ptr %pc.warp.max.addr, align 4, !llvm.access.group !6
  %224 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !6
  %225 = zext i1 %216 to i8
  %226 = or i8 %224, %225
  store i8 %226, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !6
  %227 = add nuw i64 %l14, 1
  store i64 %227, ptr %lane.addr, align 8, !llvm.access.group !6
  br label %r1.conv.lane.head, !llvm.loop !8
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
