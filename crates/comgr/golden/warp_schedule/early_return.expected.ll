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
  %warp.out = alloca i64, i64 %31, align 8
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
  %32 = icmp eq i32 %block_dim.y, 1
  %33 = zext i1 %32 to i32
  %34 = icmp eq i32 %block_dim.z, 1
  %35 = zext i1 %34 to i32
  %36 = and i32 %33, %35
  %37 = icmp eq i32 %36, 1
  %38 = addrspacecast ptr %local_mem to ptr addrspace(3)
  %39 = getelementptr inbounds i8, ptr addrspace(3) %38, i64 0
  br label %sched.init

wg.exit:                                          ; preds = %sched.block.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %out.r0 = icmp uge i32 %107, %arg1
  br i1 %out.r0, label %entry.done_crit_edge.r0, label %work.r0

entry.done_crit_edge.r0:                          ; preds = %entry.r0
  br label %done.r0

work.r0:                                          ; preds = %entry.r0
  %t64.r0 = zext i32 %107 to i64
  %slot.r0 = getelementptr inbounds [256 x i32], ptr addrspace(3) %39, i64 0, i64 %t64.r0
  store i32 %107, ptr addrspace(3) %slot.r0, align 4
  store i32 -2147483647, ptr %102, align 4
  br label %r0.lane.latch

done.r0:                                          ; preds = %entry.done_crit_edge.r0
  store i32 -1, ptr %102, align 4
  br label %r0.lane.latch

40:                                               ; preds = %r1.wi.begin
  %v.r1 = load i32, ptr addrspace(3) %39, align 16
  %41 = zext i32 %174 to i64
  %p.r1 = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %41
  store i32 %v.r1, ptr addrspace(1) %p.r1, align 4
  br label %done.r1

done.r1:                                          ; preds = %40
  store i32 -1, ptr %169, align 4
  br label %r1.lane.latch

wg.divergent:                                     ; preds = %sched.block.check, %sched.park, %sched.dispatch
  ret i32 1

sched.init:                                       ; preds = %prologue
  store i64 0, ptr %lane.addr, align 8
  br label %sched.init.head

sched.init.head:                                  ; preds = %sched.init.body, %sched.init
  %l = load i64, ptr %lane.addr, align 8
  %42 = icmp ult i64 %l, %25
  br i1 %42, label %sched.init.body, label %sched.ids.check

sched.init.body:                                  ; preds = %sched.init.head
  %43 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l
  store i32 -2147483648, ptr %43, align 4
  %44 = add nuw i64 %l, 1
  store i64 %44, ptr %lane.addr, align 8
  br label %sched.init.head

sched.ids.check:                                  ; preds = %sched.init.head
  store i64 0, ptr %lane.addr, align 8
  store i32 0, ptr %x.addr, align 4
  store i32 0, ptr %y.addr, align 4
  store i32 0, ptr %z.addr, align 4
  br i1 %37, label %sched.warps.init, label %sched.ids.head

sched.ids.head:                                   ; preds = %sched.ids.body, %sched.ids.check
  %l1 = load i64, ptr %lane.addr, align 8
  %45 = icmp ult i64 %l1, %25
  br i1 %45, label %sched.ids.body, label %sched.warps.init

sched.ids.body:                                   ; preds = %sched.ids.head
  %46 = load i32, ptr %x.addr, align 4
  %47 = load i32, ptr %y.addr, align 4
  %48 = load i32, ptr %z.addr, align 4
  %49 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l1
  store i32 %46, ptr %49, align 4
  %50 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l1
  store i32 %47, ptr %50, align 4
  %51 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l1
  store i32 %48, ptr %51, align 4
  %52 = add nuw i32 %46, 1
  %53 = icmp eq i32 %52, %block_dim.x
  %54 = select i1 %53, i32 0, i32 %52
  store i32 %54, ptr %x.addr, align 4
  %55 = zext i1 %53 to i32
  %56 = add i32 %47, %55
  %57 = icmp eq i32 %56, %block_dim.y
  %58 = select i1 %57, i32 0, i32 %56
  store i32 %58, ptr %y.addr, align 4
  %59 = zext i1 %57 to i32
  %60 = add i32 %48, %59
  store i32 %60, ptr %z.addr, align 4
  %61 = add nuw i64 %l1, 1
  store i64 %61, ptr %lane.addr, align 8
  br label %sched.ids.head

sched.warps.init:                                 ; preds = %sched.ids.head, %sched.ids.check
  store i64 0, ptr %warp.addr, align 8
  br label %sched.warps.head

sched.warps.head:                                 ; preds = %sched.warps.body, %sched.warps.init
  %warp = load i64, ptr %warp.addr, align 8
  %62 = icmp ult i64 %warp, %29
  br i1 %62, label %sched.warps.body, label %sched.block.start

sched.warps.body:                                 ; preds = %sched.warps.head
  %63 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp
  store i8 1, ptr %63, align 1
  %64 = add nuw i64 %warp, 1
  store i64 %64, ptr %warp.addr, align 8
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
  %65 = icmp ult i64 %warp2, %29
  br i1 %65, label %sched.warp.begin, label %sched.block.done

sched.warp.begin:                                 ; preds = %sched.warp.head
  %66 = load i32, ptr %pc.block.addr, align 4
  store i32 %66, ptr %pc.cur.addr, align 4
  %67 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp2
  %68 = load i8, ptr %67, align 1
  store i8 %68, ptr %warp.converged.addr, align 1
  br label %sched.dispatch

sched.dispatch:                                   ; preds = %sched.warp.begin
  store i32 -1, ptr %pc.warp.min.addr, align 4
  store i32 0, ptr %pc.warp.max.addr, align 4
  store i8 0, ptr %pc.warp.returned.addr, align 1
  %pc.cur16 = load i32, ptr %pc.cur.addr, align 4
  %69 = and i32 %pc.cur16, 2147483647
  switch i32 %69, label %wg.divergent [
    i32 0, label %r0.select
    i32 1, label %r1.select
  ]

sched.after:                                      ; preds = %r1.conv.lane.head, %r1.lane.head, %r0.conv.lane.head, %r0.lane.head
  %pc.warp.min = load i32, ptr %pc.warp.min.addr, align 4
  %pc.warp.max = load i32, ptr %pc.warp.max.addr, align 4
  %pc.warp.returned = load i8, ptr %pc.warp.returned.addr, align 1
  %70 = icmp eq i8 %pc.warp.returned, 0
  %71 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %72 = zext i1 %71 to i8
  %73 = zext i1 %70 to i8
  %74 = and i8 %72, %73
  store i8 %74, ptr %warp.converged.addr, align 1
  br label %sched.park

sched.park:                                       ; preds = %sched.after
  %75 = icmp eq i32 %pc.warp.min, -1
  %76 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %77 = or i1 %75, %76
  br i1 %77, label %sched.park.ok, label %wg.divergent

sched.park.ok:                                    ; preds = %sched.park
  %78 = load i32, ptr %pc.block.min.addr, align 4
  %79 = icmp ult i32 %78, %pc.warp.min
  %80 = select i1 %79, i32 %78, i32 %pc.warp.min
  store i32 %80, ptr %pc.block.min.addr, align 4
  %81 = load i32, ptr %pc.block.max.addr, align 4
  %82 = icmp ugt i32 %81, %pc.warp.max
  %83 = select i1 %82, i32 %81, i32 %pc.warp.max
  %84 = select i1 %75, i32 %81, i32 %83
  store i32 %84, ptr %pc.block.max.addr, align 4
  %85 = load i64, ptr %warp.addr, align 8
  %86 = zext i1 %70 to i8
  %87 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %85
  store i8 %86, ptr %87, align 1
  %88 = add nuw i64 %85, 1
  store i64 %88, ptr %warp.addr, align 8
  br label %sched.warp.head

sched.block.done:                                 ; preds = %sched.warp.head
  %pc.block.min = load i32, ptr %pc.block.min.addr, align 4
  %89 = icmp eq i32 %pc.block.min, -1
  br i1 %89, label %wg.exit, label %sched.block.check

sched.block.check:                                ; preds = %sched.block.done
  %pc.block.max = load i32, ptr %pc.block.max.addr, align 4
  %90 = icmp eq i32 %pc.block.min, %pc.block.max
  br i1 %90, label %sched.block.next, label %wg.divergent

sched.block.next:                                 ; preds = %sched.block.check
  store i32 %pc.block.min, ptr %pc.block.addr, align 4
  br label %sched.block.head

entry.r0.conv:                                    ; preds = %r0.conv.wi.begin
  %"reg2mem alloca point.r0.conv" = bitcast i32 0 to i32
  %out.r0.conv = icmp uge i32 %133, %arg1
  br i1 %out.r0.conv, label %entry.done_crit_edge.r0.conv, label %work.r0.conv

entry.done_crit_edge.r0.conv:                     ; preds = %entry.r0.conv
  br label %done.r0.conv

work.r0.conv:                                     ; preds = %entry.r0.conv
  %t64.r0.conv = zext i32 %133 to i64
  %slot.r0.conv = getelementptr inbounds [256 x i32], ptr addrspace(3) %39, i64 0, i64 %t64.r0.conv
  store i32 %133, ptr addrspace(3) %slot.r0.conv, align 4, !llvm.access.group !0
  store i32 -2147483647, ptr %exit.code.addr, align 4
  br label %r0.conv.lane.latch

done.r0.conv:                                     ; preds = %entry.done_crit_edge.r0.conv
  store i32 -1, ptr %exit.code.addr, align 4
  br label %r0.conv.lane.latch

r0.select:                                        ; preds = %sched.dispatch
  %91 = load i8, ptr %warp.converged.addr, align 1
  %92 = icmp ne i8 %91, 0
  br i1 %92, label %r0.conv.head, label %r0.head

r0.conv.head:                                     ; preds = %r0.select
  %warp5 = load i64, ptr %warp.addr, align 8
  %93 = mul nuw i64 %warp5, %26
  %94 = add i64 %93, %26
  %95 = icmp ult i64 %94, %25
  %96 = select i1 %95, i64 %94, i64 %25
  store i64 %93, ptr %lane.addr, align 8
  br label %r0.conv.lane.head

r0.head:                                          ; preds = %r0.select
  %warp3 = load i64, ptr %warp.addr, align 8
  %97 = mul nuw i64 %warp3, %26
  %98 = add i64 %97, %26
  %99 = icmp ult i64 %98, %25
  %100 = select i1 %99, i64 %98, i64 %25
  store i64 %97, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.lane.head:                                     ; preds = %r0.lane.latch, %r0.head
  %l4 = load i64, ptr %lane.addr, align 8
  %101 = icmp ult i64 %l4, %100
  br i1 %101, label %r0.lane.body, label %sched.after

r0.lane.body:                                     ; preds = %r0.lane.head
  %102 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l4
  %pc = load i32, ptr %102, align 4
  %pc.cur = load i32, ptr %pc.cur.addr, align 4
  %103 = icmp eq i32 %pc, %pc.cur
  br i1 %103, label %r0.wi.begin, label %r0.lane.latch

r0.wi.begin:                                      ; preds = %r0.lane.body
  %104 = trunc i64 %l4 to i32
  %105 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l4
  %106 = load i32, ptr %105, align 4
  %107 = select i1 %37, i32 %104, i32 %106
  %108 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l4
  %109 = load i32, ptr %108, align 4
  %110 = select i1 %37, i32 0, i32 %109
  %111 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l4
  %112 = load i32, ptr %111, align 4
  %113 = select i1 %37, i32 0, i32 %112
  %114 = sub i64 %l4, %97
  %115 = trunc i64 %114 to i32
  %116 = getelementptr inbounds i64, ptr %warp.in, i64 %l4
  br label %entry.r0

r0.lane.latch:                                    ; preds = %done.r0, %work.r0, %r0.lane.body
  %pc.now = load i32, ptr %102, align 4
  %117 = icmp eq i32 %pc.now, -1
  %118 = load i32, ptr %pc.warp.min.addr, align 4
  %119 = icmp ult i32 %118, %pc.now
  %120 = select i1 %119, i32 %118, i32 %pc.now
  store i32 %120, ptr %pc.warp.min.addr, align 4
  %121 = select i1 %117, i32 0, i32 %pc.now
  %122 = load i32, ptr %pc.warp.max.addr, align 4
  %123 = icmp ugt i32 %122, %121
  %124 = select i1 %123, i32 %122, i32 %121
  store i32 %124, ptr %pc.warp.max.addr, align 4
  %125 = load i8, ptr %pc.warp.returned.addr, align 1
  %126 = zext i1 %117 to i8
  %127 = or i8 %125, %126
  store i8 %127, ptr %pc.warp.returned.addr, align 1
  %128 = add nuw i64 %l4, 1
  store i64 %128, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.conv.lane.head:                                ; preds = %r0.conv.lane.latch, %r0.conv.head
  %l6 = load i64, ptr %lane.addr, align 8
  %129 = icmp ult i64 %l6, %96
  br i1 %129, label %r0.conv.wi.begin, label %sched.after

r0.conv.wi.begin:                                 ; preds = %r0.conv.lane.head
  %130 = trunc i64 %l6 to i32
  %131 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l6
  %132 = load i32, ptr %131, align 4, !llvm.access.group !0
  %133 = select i1 %37, i32 %130, i32 %132
  %134 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l6
  %135 = load i32, ptr %134, align 4, !llvm.access.group !0
  %136 = select i1 %37, i32 0, i32 %135
  %137 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l6
  %138 = load i32, ptr %137, align 4, !llvm.access.group !0
  %139 = select i1 %37, i32 0, i32 %138
  %140 = sub i64 %l6, %93
  %141 = trunc i64 %140 to i32
  %142 = getelementptr inbounds i64, ptr %warp.in, i64 %l6
  br label %entry.r0.conv

r0.conv.lane.latch:                               ; preds = %done.r0.conv, %work.r0.conv
  %pc.now7 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !0
  %143 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l6
  store i32 %pc.now7, ptr %143, align 4, !llvm.access.group !0
  %144 = icmp eq i32 %pc.now7, -1
  %145 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %146 = icmp ult i32 %145, %pc.now7
  %147 = select i1 %146, i32 %145, i32 %pc.now7
  store i32 %147, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %148 = select i1 %144, i32 0, i32 %pc.now7
  %149 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %150 = icmp ugt i32 %149, %148
  %151 = select i1 %150, i32 %149, i32 %148
  store i32 %151, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %152 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %153 = zext i1 %144 to i8
  %154 = or i8 %152, %153
  store i8 %154, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %155 = add nuw i64 %l6, 1
  store i64 %155, ptr %lane.addr, align 8, !llvm.access.group !0
  br label %r0.conv.lane.head, !llvm.loop !1

156:                                              ; preds = %r1.conv.wi.begin
  %v.r1.conv = load i32, ptr addrspace(3) %39, align 16, !llvm.access.group !4
  %157 = zext i32 %200 to i64
  %p.r1.conv = getelementptr inbounds i32, ptr addrspace(1) %arg0, i64 %157
  store i32 %v.r1.conv, ptr addrspace(1) %p.r1.conv, align 4, !llvm.access.group !4
  br label %done.r1.conv

done.r1.conv:                                     ; preds = %156
  store i32 -1, ptr %exit.code.addr, align 4
  br label %r1.conv.lane.latch

r1.select:                                        ; preds = %sched.dispatch
  %158 = load i8, ptr %warp.converged.addr, align 1
  %159 = icmp ne i8 %158, 0
  br i1 %159, label %r1.conv.head, label %r1.head

r1.conv.head:                                     ; preds = %r1.select
  %warp13 = load i64, ptr %warp.addr, align 8
  %160 = mul nuw i64 %warp13, %26
  %161 = add i64 %160, %26
  %162 = icmp ult i64 %161, %25
  %163 = select i1 %162, i64 %161, i64 %25
  store i64 %160, ptr %lane.addr, align 8
  br label %r1.conv.lane.head

r1.head:                                          ; preds = %r1.select
  %warp8 = load i64, ptr %warp.addr, align 8
  %164 = mul nuw i64 %warp8, %26
  %165 = add i64 %164, %26
  %166 = icmp ult i64 %165, %25
  %167 = select i1 %166, i64 %165, i64 %25
  store i64 %164, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.lane.head:                                     ; preds = %r1.lane.latch, %r1.head
  %l9 = load i64, ptr %lane.addr, align 8
  %168 = icmp ult i64 %l9, %167
  br i1 %168, label %r1.lane.body, label %sched.after

r1.lane.body:                                     ; preds = %r1.lane.head
  %169 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l9
  %pc10 = load i32, ptr %169, align 4
  %pc.cur11 = load i32, ptr %pc.cur.addr, align 4
  %170 = icmp eq i32 %pc10, %pc.cur11
  br i1 %170, label %r1.wi.begin, label %r1.lane.latch

r1.wi.begin:                                      ; preds = %r1.lane.body
  %171 = trunc i64 %l9 to i32
  %172 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l9
  %173 = load i32, ptr %172, align 4
  %174 = select i1 %37, i32 %171, i32 %173
  %175 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l9
  %176 = load i32, ptr %175, align 4
  %177 = select i1 %37, i32 0, i32 %176
  %178 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l9
  %179 = load i32, ptr %178, align 4
  %180 = select i1 %37, i32 0, i32 %179
  %181 = sub i64 %l9, %164
  %182 = trunc i64 %181 to i32
  %183 = getelementptr inbounds i64, ptr %warp.in, i64 %l9
  br label %40

r1.lane.latch:                                    ; preds = %done.r1, %r1.lane.body
  %pc.now12 = load i32, ptr %169, align 4
  %184 = icmp eq i32 %pc.now12, -1
  %185 = load i32, ptr %pc.warp.min.addr, align 4
  %186 = icmp ult i32 %185, %pc.now12
  %187 = select i1 %186, i32 %185, i32 %pc.now12
  store i32 %187, ptr %pc.warp.min.addr, align 4
  %188 = select i1 %184, i32 0, i32 %pc.now12
  %189 = load i32, ptr %pc.warp.max.addr, align 4
  %190 = icmp ugt i32 %189, %188
  %191 = select i1 %190, i32 %189, i32 %188
  store i32 %191, ptr %pc.warp.max.addr, align 4
  %192 = load i8, ptr %pc.warp.returned.addr, align 1
  %193 = zext i1 %184 to i8
  %194 = or i8 %192, %193
  store i8 %194, ptr %pc.warp.returned.addr, align 1
  %195 = add nuw i64 %l9, 1
  store i64 %195, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.conv.lane.head:                                ; preds = %r1.conv.lane.latch, %r1.conv.head
  %l14 = load i64, ptr %lane.addr, align 8
  %196 = icmp ult i64 %l14, %163
  br i1 %196, label %r1.conv.wi.begin, label %sched.after

r1.conv.wi.begin:                                 ; preds = %r1.conv.lane.head
  %197 = trunc i64 %l14 to i32
  %198 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l14
  %199 = load i32, ptr %198, align 4, !llvm.access.group !4
  %200 = select i1 %37, i32 %197, i32 %199
  %201 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l14
  %202 = load i32, ptr %201, align 4, !llvm.access.group !4
  %203 = select i1 %37, i32 0, i32 %202
  %204 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l14
  %205 = load i32, ptr %204, align 4, !llvm.access.group !4
  %206 = select i1 %37, i32 0, i32 %205
  %207 = sub i64 %l14, %160
  %208 = trunc i64 %207 to i32
  %209 = getelementptr inbounds i64, ptr %warp.in, i64 %l14
  br label %156

r1.conv.lane.latch:                               ; preds = %done.r1.conv
  %pc.now15 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !4
  %210 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l14
  store i32 %pc.now15, ptr %210, align 4, !llvm.access.group !4
  %211 = icmp eq i32 %pc.now15, -1
  %212 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !4
  %213 = icmp ult i32 %212, %pc.now15
  %214 = select i1 %213, i32 %212, i32 %pc.now15
  store i32 %214, ptr %pc.warp.min.addr, align 4, !llvm.access.group !4
  %215 = select i1 %211, i32 0, i32 %pc.now15
  %216 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !4
  %217 = icmp ugt i32 %216, %215
  %218 = select i1 %217, i32 %216, i32 %215
  store i32 %218, ptr %pc.warp.max.addr, align 4, !llvm.access.group !4
  %219 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !4
  %220 = zext i1 %211 to i8
  %221 = or i8 %219, %220
  store i8 %221, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !4
  %222 = add nuw i64 %l14, 1
  store i64 %222, ptr %lane.addr, align 8, !llvm.access.group !4
  br label %r1.conv.lane.head, !llvm.loop !5
}

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"llvm.loop.interleave.count", i32 1}
!4 = distinct !{}
!5 = distinct !{!5, !6, !3}
!6 = !{!"llvm.loop.parallel_accesses", !4}
