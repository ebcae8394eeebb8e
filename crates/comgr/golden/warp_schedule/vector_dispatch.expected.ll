; k -> __ferrocm_wg_k: args [Pointer@0:8/8], kernarg 8 align 8, local 0 (dynamic at 0), barriers 0, grid sync false
; ModuleID = 'vector_dispatch'
source_filename = "vector_dispatch"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @__ferrocm_workitem_id_x()

declare i32 @__ferrocm_lane_id()

declare ptr addrspace(4) @__ferrocm_warp_exchange(i64)

declare i32 @__ferrocm_warp_index()

declare i32 @__ferrocm_workgroup_size_x()

declare i32 @__ferrocm_workgroup_size_y()

declare i32 @__ferrocm_workgroup_size_z()

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v32i64.p1(<32 x i64>, ptr addrspace(1) nocapture, i32 immarg, <32 x i1>) #0

declare void @__ferrocm_warp_publish(i64)

declare void @__ferrocm_warp_point()

declare ptr addrspace(4) @__ferrocm_warp_result()

define dso_local i32 @__ferrocm_wg_k.items(ptr %0, ptr %1) {
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
  %warp.out = alloca i64, i64 %30, align 8
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
  %31 = icmp eq i32 %block_dim.y, 1
  %32 = zext i1 %31 to i32
  %33 = icmp eq i32 %block_dim.z, 1
  %34 = zext i1 %33 to i32
  %35 = and i32 %32, %34
  %36 = icmp eq i32 %35, 1
  %37 = addrspacecast ptr %local_mem to ptr addrspace(3)
  br label %sched.init

wg.exit:                                          ; preds = %sched.block.done
  ret i32 0

wg.abort:                                         ; No predecessors!
  ret i32 2

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %v.r0 = zext i32 %106 to i64
  store i64 %v.r0, ptr %115, align 8
  store i32 1, ptr %101, align 4
  br label %r0.lane.latch

38:                                               ; preds = %r1.wi.begin
  %39 = addrspacecast ptr %warp.out to ptr addrspace(4)
  %src.r1 = xor i32 %181, 1
  %src64.r1 = zext i32 %src.r1 to i64
  %p.r1 = getelementptr inbounds i64, ptr addrspace(4) %39, i64 %src64.r1
  %w.r1 = load i64, ptr addrspace(4) %p.r1, align 8
  %t64.r1 = zext i32 %173 to i64
  %o.r1 = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r1
  store i64 %w.r1, ptr addrspace(1) %o.r1, align 8
  store i32 -1, ptr %168, align 4
  br label %r1.lane.latch

wg.divergent:                                     ; preds = %sched.block.check, %sched.park, %sched.dispatch
  ret i32 1

sched.init:                                       ; preds = %prologue
  store i64 0, ptr %lane.addr, align 8
  br label %sched.init.head

sched.init.head:                                  ; preds = %sched.init.body, %sched.init
  %l = load i64, ptr %lane.addr, align 8
  %40 = icmp ult i64 %l, %24
  br i1 %40, label %sched.init.body, label %sched.ids.check

sched.init.body:                                  ; preds = %sched.init.head
  %41 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l
  store i32 -2147483648, ptr %41, align 4
  %42 = add nuw i64 %l, 1
  store i64 %42, ptr %lane.addr, align 8
  br label %sched.init.head

sched.ids.check:                                  ; preds = %sched.init.head
  store i64 0, ptr %lane.addr, align 8
  store i32 0, ptr %x.addr, align 4
  store i32 0, ptr %y.addr, align 4
  store i32 0, ptr %z.addr, align 4
  br i1 %36, label %sched.warps.init, label %sched.ids.head

sched.ids.head:                                   ; preds = %sched.ids.body, %sched.ids.check
  %l1 = load i64, ptr %lane.addr, align 8
  %43 = icmp ult i64 %l1, %24
  br i1 %43, label %sched.ids.body, label %sched.warps.init

sched.ids.body:                                   ; preds = %sched.ids.head
  %44 = load i32, ptr %x.addr, align 4
  %45 = load i32, ptr %y.addr, align 4
  %46 = load i32, ptr %z.addr, align 4
  %47 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l1
  store i32 %44, ptr %47, align 4
  %48 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l1
  store i32 %45, ptr %48, align 4
  %49 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l1
  store i32 %46, ptr %49, align 4
  %50 = add nuw i32 %44, 1
  %51 = icmp eq i32 %50, %block_dim.x
  %52 = select i1 %51, i32 0, i32 %50
  store i32 %52, ptr %x.addr, align 4
  %53 = zext i1 %51 to i32
  %54 = add i32 %45, %53
  %55 = icmp eq i32 %54, %block_dim.y
  %56 = select i1 %55, i32 0, i32 %54
  store i32 %56, ptr %y.addr, align 4
  %57 = zext i1 %55 to i32
  %58 = add i32 %46, %57
  store i32 %58, ptr %z.addr, align 4
  %59 = add nuw i64 %l1, 1
  store i64 %59, ptr %lane.addr, align 8
  br label %sched.ids.head

sched.warps.init:                                 ; preds = %sched.ids.head, %sched.ids.check
  store i64 0, ptr %warp.addr, align 8
  br label %sched.warps.head

sched.warps.head:                                 ; preds = %sched.warps.body, %sched.warps.init
  %warp = load i64, ptr %warp.addr, align 8
  %60 = icmp ult i64 %warp, %28
  br i1 %60, label %sched.warps.body, label %sched.block.start

sched.warps.body:                                 ; preds = %sched.warps.head
  %61 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp
  store i8 1, ptr %61, align 1
  %62 = add nuw i64 %warp, 1
  store i64 %62, ptr %warp.addr, align 8
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
  %63 = icmp ult i64 %warp2, %28
  br i1 %63, label %sched.warp.begin, label %sched.block.done

sched.warp.begin:                                 ; preds = %sched.warp.head
  %64 = load i32, ptr %pc.block.addr, align 4
  store i32 %64, ptr %pc.cur.addr, align 4
  %65 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp2
  %66 = load i8, ptr %65, align 1
  store i8 %66, ptr %warp.converged.addr, align 1
  br label %sched.dispatch

sched.dispatch:                                   ; preds = %sched.step.done, %sched.warp.begin
  store i32 -1, ptr %pc.warp.min.addr, align 4
  store i32 0, ptr %pc.warp.max.addr, align 4
  store i8 0, ptr %pc.warp.returned.addr, align 1
  %pc.cur16 = load i32, ptr %pc.cur.addr, align 4
  %67 = and i32 %pc.cur16, 2147483647
  switch i32 %67, label %wg.divergent [
    i32 0, label %r0.select
    i32 1, label %r1.select
  ]

sched.after:                                      ; preds = %r1.conv.lane.head, %r1.lane.head, %r0.conv.lane.head, %r0.lane.head
  %pc.warp.min = load i32, ptr %pc.warp.min.addr, align 4
  %pc.warp.max = load i32, ptr %pc.warp.max.addr, align 4
  %pc.warp.returned = load i8, ptr %pc.warp.returned.addr, align 1
  %68 = icmp eq i8 %pc.warp.returned, 0
  %69 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %70 = zext i1 %69 to i8
  %71 = zext i1 %68 to i8
  %72 = and i8 %70, %71
  store i8 %72, ptr %warp.converged.addr, align 1
  %73 = icmp ult i32 %pc.warp.min, -2147483648
  br i1 %73, label %sched.step, label %sched.park

sched.park:                                       ; preds = %sched.after
  %74 = icmp eq i32 %pc.warp.min, -1
  %75 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %76 = or i1 %74, %75
  br i1 %76, label %sched.park.ok, label %wg.divergent

sched.park.ok:                                    ; preds = %sched.park
  %77 = load i32, ptr %pc.block.min.addr, align 4
  %78 = icmp ult i32 %77, %pc.warp.min
  %79 = select i1 %78, i32 %77, i32 %pc.warp.min
  store i32 %79, ptr %pc.block.min.addr, align 4
  %80 = load i32, ptr %pc.block.max.addr, align 4
  %81 = icmp ugt i32 %80, %pc.warp.max
  %82 = select i1 %81, i32 %80, i32 %pc.warp.max
  %83 = select i1 %74, i32 %80, i32 %82
  store i32 %83, ptr %pc.block.max.addr, align 4
  %84 = load i64, ptr %warp.addr, align 8
  %85 = zext i1 %68 to i8
  %86 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %84
  store i8 %85, ptr %86, align 1
  %87 = add nuw i64 %84, 1
  store i64 %87, ptr %warp.addr, align 8
  br label %sched.warp.head

sched.block.done:                                 ; preds = %sched.warp.head
  %pc.block.min = load i32, ptr %pc.block.min.addr, align 4
  %88 = icmp eq i32 %pc.block.min, -1
  br i1 %88, label %wg.exit, label %sched.block.check

sched.block.check:                                ; preds = %sched.block.done
  %pc.block.max = load i32, ptr %pc.block.max.addr, align 4
  %89 = icmp eq i32 %pc.block.min, %pc.block.max
  br i1 %89, label %sched.block.next, label %wg.divergent

sched.block.next:                                 ; preds = %sched.block.check
  store i32 %pc.block.min, ptr %pc.block.addr, align 4
  br label %sched.block.head

entry.r0.conv:                                    ; preds = %r0.conv.wi.begin
  %"reg2mem alloca point.r0.conv" = bitcast i32 0 to i32
  %v.r0.conv = zext i32 %132 to i64
  store i64 %v.r0.conv, ptr %141, align 8, !llvm.access.group !0
  store i32 1, ptr %exit.code.addr, align 4
  br label %r0.conv.lane.latch

r0.select:                                        ; preds = %sched.dispatch
  %90 = load i8, ptr %warp.converged.addr, align 1
  %91 = icmp ne i8 %90, 0
  br i1 %91, label %r0.conv.head, label %r0.head

r0.conv.head:                                     ; preds = %r0.select
  %warp5 = load i64, ptr %warp.addr, align 8
  %92 = mul nuw i64 %warp5, %25
  %93 = add i64 %92, %25
  %94 = icmp ult i64 %93, %24
  %95 = select i1 %94, i64 %93, i64 %24
  store i64 %92, ptr %lane.addr, align 8
  br label %r0.conv.lane.head

r0.head:                                          ; preds = %r0.select
  %warp3 = load i64, ptr %warp.addr, align 8
  %96 = mul nuw i64 %warp3, %25
  %97 = add i64 %96, %25
  %98 = icmp ult i64 %97, %24
  %99 = select i1 %98, i64 %97, i64 %24
  store i64 %96, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.lane.head:                                     ; preds = %r0.lane.latch, %r0.head
  %l4 = load i64, ptr %lane.addr, align 8
  %100 = icmp ult i64 %l4, %99
  br i1 %100, label %r0.lane.body, label %sched.after

r0.lane.body:                                     ; preds = %r0.lane.head
  %101 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l4
  %pc = load i32, ptr %101, align 4
  %pc.cur = load i32, ptr %pc.cur.addr, align 4
  %102 = icmp eq i32 %pc, %pc.cur
  br i1 %102, label %r0.wi.begin, label %r0.lane.latch

r0.wi.begin:                                      ; preds = %r0.lane.body
  %103 = trunc i64 %l4 to i32
  %104 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l4
  %105 = load i32, ptr %104, align 4
  %106 = select i1 %36, i32 %103, i32 %105
  %107 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l4
  %108 = load i32, ptr %107, align 4
  %109 = select i1 %36, i32 0, i32 %108
  %110 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l4
  %111 = load i32, ptr %110, align 4
  %112 = select i1 %36, i32 0, i32 %111
  %113 = sub i64 %l4, %96
  %114 = trunc i64 %113 to i32
  %115 = getelementptr inbounds i64, ptr %warp.in, i64 %l4
  br label %entry.r0

r0.lane.latch:                                    ; preds = %entry.r0, %r0.lane.body
  %pc.now = load i32, ptr %101, align 4
  %116 = icmp eq i32 %pc.now, -1
  %117 = load i32, ptr %pc.warp.min.addr, align 4
  %118 = icmp ult i32 %117, %pc.now
  %119 = select i1 %118, i32 %117, i32 %pc.now
  store i32 %119, ptr %pc.warp.min.addr, align 4
  %120 = select i1 %116, i32 0, i32 %pc.now
  %121 = load i32, ptr %pc.warp.max.addr, align 4
  %122 = icmp ugt i32 %121, %120
  %123 = select i1 %122, i32 %121, i32 %120
  store i32 %123, ptr %pc.warp.max.addr, align 4
  %124 = load i8, ptr %pc.warp.returned.addr, align 1
  %125 = zext i1 %116 to i8
  %126 = or i8 %124, %125
  store i8 %126, ptr %pc.warp.returned.addr, align 1
  %127 = add nuw i64 %l4, 1
  store i64 %127, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.conv.lane.head:                                ; preds = %r0.conv.lane.latch, %r0.conv.head
  %l6 = load i64, ptr %lane.addr, align 8
  %128 = icmp ult i64 %l6, %95
  br i1 %128, label %r0.conv.wi.begin, label %sched.after

r0.conv.wi.begin:                                 ; preds = %r0.conv.lane.head
  %129 = trunc i64 %l6 to i32
  %130 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l6
  %131 = load i32, ptr %130, align 4, !llvm.access.group !0
  %132 = select i1 %36, i32 %129, i32 %131
  %133 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l6
  %134 = load i32, ptr %133, align 4, !llvm.access.group !0
  %135 = select i1 %36, i32 0, i32 %134
  %136 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l6
  %137 = load i32, ptr %136, align 4, !llvm.access.group !0
  %138 = select i1 %36, i32 0, i32 %137
  %139 = sub i64 %l6, %92
  %140 = trunc i64 %139 to i32
  %141 = getelementptr inbounds i64, ptr %warp.in, i64 %l6
  br label %entry.r0.conv

r0.conv.lane.latch:                               ; preds = %entry.r0.conv
  %pc.now7 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !0
  %142 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l6
  store i32 %pc.now7, ptr %142, align 4, !llvm.access.group !0
  %143 = icmp eq i32 %pc.now7, -1
  %144 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %145 = icmp ult i32 %144, %pc.now7
  %146 = select i1 %145, i32 %144, i32 %pc.now7
  store i32 %146, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %147 = select i1 %143, i32 0, i32 %pc.now7
  %148 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %149 = icmp ugt i32 %148, %147
  %150 = select i1 %149, i32 %148, i32 %147
  store i32 %150, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %151 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %152 = zext i1 %143 to i8
  %153 = or i8 %151, %152
  store i8 %153, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %154 = add nuw i64 %l6, 1
  store i64 %154, ptr %lane.addr, align 8, !llvm.access.group !0
  br label %r0.conv.lane.head, !llvm.loop !1

155:                                              ; preds = %r1.conv.wi.begin
  %156 = addrspacecast ptr %warp.out to ptr addrspace(4)
  %src.r1.conv = xor i32 %207, 1
  %src64.r1.conv = zext i32 %src.r1.conv to i64
  %p.r1.conv = getelementptr inbounds i64, ptr addrspace(4) %156, i64 %src64.r1.conv
  %w.r1.conv = load i64, ptr addrspace(4) %p.r1.conv, align 8, !llvm.access.group !4
  %t64.r1.conv = zext i32 %199 to i64
  %o.r1.conv = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r1.conv
  store i64 %w.r1.conv, ptr addrspace(1) %o.r1.conv, align 8, !llvm.access.group !4
  store i32 -1, ptr %exit.code.addr, align 4
  br label %r1.conv.lane.latch

r1.select:                                        ; preds = %sched.dispatch
  %157 = load i8, ptr %warp.converged.addr, align 1
  %158 = icmp ne i8 %157, 0
  br i1 %158, label %r1.conv.head, label %r1.head

r1.conv.head:                                     ; preds = %r1.select
  %warp13 = load i64, ptr %warp.addr, align 8
  %159 = mul nuw i64 %warp13, %25
  %160 = add i64 %159, %25
  %161 = icmp ult i64 %160, %24
  %162 = select i1 %161, i64 %160, i64 %24
  store i64 %159, ptr %lane.addr, align 8
  br label %r1.conv.lane.head

r1.head:                                          ; preds = %r1.select
  %warp8 = load i64, ptr %warp.addr, align 8
  %163 = mul nuw i64 %warp8, %25
  %164 = add i64 %163, %25
  %165 = icmp ult i64 %164, %24
  %166 = select i1 %165, i64 %164, i64 %24
  store i64 %163, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.lane.head:                                     ; preds = %r1.lane.latch, %r1.head
  %l9 = load i64, ptr %lane.addr, align 8
  %167 = icmp ult i64 %l9, %166
  br i1 %167, label %r1.lane.body, label %sched.after

r1.lane.body:                                     ; preds = %r1.lane.head
  %168 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l9
  %pc10 = load i32, ptr %168, align 4
  %pc.cur11 = load i32, ptr %pc.cur.addr, align 4
  %169 = icmp eq i32 %pc10, %pc.cur11
  br i1 %169, label %r1.wi.begin, label %r1.lane.latch

r1.wi.begin:                                      ; preds = %r1.lane.body
  %170 = trunc i64 %l9 to i32
  %171 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l9
  %172 = load i32, ptr %171, align 4
  %173 = select i1 %36, i32 %170, i32 %172
  %174 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l9
  %175 = load i32, ptr %174, align 4
  %176 = select i1 %36, i32 0, i32 %175
  %177 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l9
  %178 = load i32, ptr %177, align 4
  %179 = select i1 %36, i32 0, i32 %178
  %180 = sub i64 %l9, %163
  %181 = trunc i64 %180 to i32
  %182 = getelementptr inbounds i64, ptr %warp.in, i64 %l9
  br label %38

r1.lane.latch:                                    ; preds = %38, %r1.lane.body
  %pc.now12 = load i32, ptr %168, align 4
  %183 = icmp eq i32 %pc.now12, -1
  %184 = load i32, ptr %pc.warp.min.addr, align 4
  %185 = icmp ult i32 %184, %pc.now12
  %186 = select i1 %185, i32 %184, i32 %pc.now12
  store i32 %186, ptr %pc.warp.min.addr, align 4
  %187 = select i1 %183, i32 0, i32 %pc.now12
  %188 = load i32, ptr %pc.warp.max.addr, align 4
  %189 = icmp ugt i32 %188, %187
  %190 = select i1 %189, i32 %188, i32 %187
  store i32 %190, ptr %pc.warp.max.addr, align 4
  %191 = load i8, ptr %pc.warp.returned.addr, align 1
  %192 = zext i1 %183 to i8
  %193 = or i8 %191, %192
  store i8 %193, ptr %pc.warp.returned.addr, align 1
  %194 = add nuw i64 %l9, 1
  store i64 %194, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.conv.lane.head:                                ; preds = %r1.conv.lane.latch, %r1.conv.head
  %l14 = load i64, ptr %lane.addr, align 8
  %195 = icmp ult i64 %l14, %162
  br i1 %195, label %r1.conv.wi.begin, label %sched.after

r1.conv.wi.begin:                                 ; preds = %r1.conv.lane.head
  %196 = trunc i64 %l14 to i32
  %197 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l14
  %198 = load i32, ptr %197, align 4, !llvm.access.group !4
  %199 = select i1 %36, i32 %196, i32 %198
  %200 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l14
  %201 = load i32, ptr %200, align 4, !llvm.access.group !4
  %202 = select i1 %36, i32 0, i32 %201
  %203 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l14
  %204 = load i32, ptr %203, align 4, !llvm.access.group !4
  %205 = select i1 %36, i32 0, i32 %204
  %206 = sub i64 %l14, %159
  %207 = trunc i64 %206 to i32
  %208 = getelementptr inbounds i64, ptr %warp.in, i64 %l14
  br label %155

r1.conv.lane.latch:                               ; preds = %155
  %pc.now15 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !4
  %209 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l14
  store i32 %pc.now15, ptr %209, align 4, !llvm.access.group !4
  %210 = icmp eq i32 %pc.now15, -1
  %211 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !4
  %212 = icmp ult i32 %211, %pc.now15
  %213 = select i1 %212, i32 %211, i32 %pc.now15
  store i32 %213, ptr %pc.warp.min.addr, align 4, !llvm.access.group !4
  %214 = select i1 %210, i32 0, i32 %pc.now15
  %215 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !4
  %216 = icmp ugt i32 %215, %214
  %217 = select i1 %216, i32 %215, i32 %214
  store i32 %217, ptr %pc.warp.max.addr, align 4, !llvm.access.group !4
  %218 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !4
  %219 = zext i1 %210 to i8
  %220 = or i8 %218, %219
  store i8 %220, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !4
  %221 = add nuw i64 %l14, 1
  store i64 %221, ptr %lane.addr, align 8, !llvm.access.group !4
  br label %r1.conv.lane.head, !llvm.loop !5

sched.step:                                       ; preds = %sched.after
  %warp17 = load i64, ptr %warp.addr, align 8
  %222 = mul nuw i64 %warp17, %25
  %223 = add i64 %222, %25
  %224 = icmp ult i64 %223, %24
  %225 = select i1 %224, i64 %223, i64 %24
  store i64 %222, ptr %lane.addr, align 8
  store i64 0, ptr %warp.mask.addr, align 8
  %226 = icmp eq i8 %72, 1
  br i1 %226, label %sched.step.all.head, label %sched.step.head

sched.step.head:                                  ; preds = %sched.step.next, %sched.step
  %l19 = load i64, ptr %lane.addr, align 8
  %227 = icmp ult i64 %l19, %225
  br i1 %227, label %sched.step.body, label %sched.step.done

sched.step.body:                                  ; preds = %sched.step.head
  %228 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l19
  %pc20 = load i32, ptr %228, align 4
  %229 = icmp eq i32 %pc20, %pc.warp.min
  br i1 %229, label %sched.step.copy, label %sched.step.next

sched.step.copy:                                  ; preds = %sched.step.body
  %230 = sub i64 %l19, %222
  %231 = getelementptr inbounds i64, ptr %warp.in, i64 %l19
  %published21 = load i64, ptr %231, align 8
  %232 = getelementptr inbounds i64, ptr %warp.out, i64 %230
  store i64 %published21, ptr %232, align 8
  %233 = shl i64 1, %230
  %234 = load i64, ptr %warp.mask.addr, align 8
  %235 = or i64 %234, %233
  store i64 %235, ptr %warp.mask.addr, align 8
  br label %sched.step.next

sched.step.next:                                  ; preds = %sched.step.copy, %sched.step.body
  %236 = add nuw i64 %l19, 1
  store i64 %236, ptr %lane.addr, align 8
  br label %sched.step.head

sched.step.done:                                  ; preds = %sched.step.head, %sched.step.all.done
  %mask = load i64, ptr %warp.mask.addr, align 8
  %237 = getelementptr inbounds i64, ptr %warp.out, i64 %25
  store i64 %mask, ptr %237, align 8
  store i32 %pc.warp.min, ptr %pc.cur.addr, align 4
  br label %sched.dispatch

sched.step.all.head:                              ; preds = %sched.step.all.body, %sched.step
  %l18 = load i64, ptr %lane.addr, align 8
  %238 = icmp ult i64 %l18, %225
  br i1 %238, label %sched.step.all.body, label %sched.step.all.done

sched.step.all.body:                              ; preds = %sched.step.all.head
  %239 = getelementptr inbounds i64, ptr %warp.in, i64 %l18
  %published = load i64, ptr %239, align 8
  %240 = sub i64 %l18, %222
  %241 = getelementptr inbounds i64, ptr %warp.out, i64 %240
  store i64 %published, ptr %241, align 8
  %242 = add nuw i64 %l18, 1
  store i64 %242, ptr %lane.addr, align 8
  br label %sched.step.all.head

sched.step.all.done:                              ; preds = %sched.step.all.head
  %243 = sub i64 %225, %222
  %244 = sub i64 %243, 1
  %245 = shl i64 1, %244
  %246 = sub i64 %245, 1
  %247 = sub i64 %243, 1
  %248 = shl i64 1, %247
  %249 = or i64 %246, %248
  store i64 %249, ptr %warp.mask.addr, align 8
  br label %sched.step.done
}

define dso_local i32 @__ferrocm_wg_k.__ferrocm_warp(ptr %0, ptr %1) {
prologue:
  %2 = getelementptr inbounds i8, ptr %0, i64 0
  %arg0 = load ptr addrspace(1), ptr %2, align 8
  %3 = getelementptr inbounds i8, ptr %1, i64 12
  %block_dim.x = load i32, ptr %3, align 4
  %4 = getelementptr inbounds i8, ptr %1, i64 16
  %block_dim.y = load i32, ptr %4, align 4
  %5 = getelementptr inbounds i8, ptr %1, i64 20
  %block_dim.z = load i32, ptr %5, align 4
  %6 = mul nuw i32 %block_dim.x, %block_dim.y
  %7 = mul nuw i32 %6, %block_dim.z
  %8 = add i32 %7, 31
  %9 = udiv i32 %8, 32
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
  %warp.lanes = alloca [33 x i64], align 64
  %24 = zext i32 %9 to i64
  %25 = mul nuw i64 %24, 1
  %26 = mul nuw i64 %25, 1
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

wg.abort:                                         ; No predecessors!
  ret i32 2

entry:                                            ; preds = %r0.wi.begin
  %"reg2mem alloca point" = bitcast i32 0 to i32
  %28 = mul nuw i32 %local.x, 32
  %29 = urem i32 %28, %block_dim.x
  %30 = udiv i32 %28, %block_dim.x
  %31 = urem i32 %30, %block_dim.y
  %32 = udiv i32 %30, %block_dim.y
  %33 = mul nuw i32 %block_dim.x, %block_dim.y
  %34 = mul nuw i32 %33, %block_dim.z
  %35 = insertelement <32 x i32> poison, i32 %28, i32 0
  %36 = shufflevector <32 x i32> %35, <32 x i32> poison, <32 x i32> zeroinitializer
  %37 = add <32 x i32> %36, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %38 = insertelement <32 x i32> poison, i32 %34, i32 0
  %39 = shufflevector <32 x i32> %38, <32 x i32> poison, <32 x i32> zeroinitializer
  %40 = icmp ult <32 x i32> %37, %39
  %41 = insertelement <32 x i32> poison, i32 %29, i32 0
  %42 = shufflevector <32 x i32> %41, <32 x i32> poison, <32 x i32> zeroinitializer
  %43 = add <32 x i32> %42, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %44 = zext <32 x i32> %43 to <32 x i64>
  %45 = select <32 x i1> %40, <32 x i64> %44, <32 x i64> zeroinitializer
  %46 = bitcast <32 x i1> %40 to i32
  %47 = zext i32 %46 to i64
  %48 = getelementptr inbounds i64, ptr %warp.lanes, i64 32
  %49 = addrspacecast ptr %warp.lanes to ptr addrspace(4)
  %50 = getelementptr inbounds i64, ptr addrspace(4) %49, <32 x i64> <i64 1, i64 0, i64 3, i64 2, i64 5, i64 4, i64 7, i64 6, i64 9, i64 8, i64 11, i64 10, i64 13, i64 12, i64 15, i64 14, i64 17, i64 16, i64 19, i64 18, i64 21, i64 20, i64 23, i64 22, i64 25, i64 24, i64 27, i64 26, i64 29, i64 28, i64 31, i64 30>
  %51 = shufflevector <32 x i64> %45, <32 x i64> poison, <32 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6, i32 9, i32 8, i32 11, i32 10, i32 13, i32 12, i32 15, i32 14, i32 17, i32 16, i32 19, i32 18, i32 21, i32 20, i32 23, i32 22, i32 25, i32 24, i32 27, i32 26, i32 29, i32 28, i32 31, i32 30>
  %52 = zext <32 x i32> %43 to <32 x i64>
  %53 = getelementptr inbounds i64, ptr addrspace(1) %arg0, <32 x i64> %52
  %54 = extractelement <32 x ptr addrspace(1)> %53, i32 0
  call void @llvm.masked.store.v32i64.p1(<32 x i64> %51, ptr addrspace(1) %54, i32 8, <32 x i1> %40)
  br label %r0.wi.latch

wg.divergent:                                     ; No predecessors!
  ret i32 1

r0.head:                                          ; preds = %prologue
  store i32 0, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.z.head:                                        ; preds = %r0.z.latch, %r0.head
  %z = load i32, ptr %r0.z.addr, align 4
  %55 = icmp ult i32 %z, 1
  br i1 %55, label %r0.y.init, label %r0.done

r0.y.init:                                        ; preds = %r0.z.head
  store i32 0, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.y.head:                                        ; preds = %r0.y.latch, %r0.y.init
  %y = load i32, ptr %r0.y.addr, align 4
  %56 = icmp ult i32 %y, 1
  br i1 %56, label %r0.x.init, label %r0.z.latch

r0.x.init:                                        ; preds = %r0.y.head
  store i32 0, ptr %r0.x.addr, align 4
  br label %r0.x.head

r0.x.head:                                        ; preds = %r0.wi.latch, %r0.x.init
  %x = load i32, ptr %r0.x.addr, align 4
  %57 = icmp ult i32 %x, %9
  br i1 %57, label %r0.wi.begin, label %r0.y.latch

r0.wi.begin:                                      ; preds = %r0.x.head
  %local.x = load i32, ptr %r0.x.addr, align 4
  %local.y = load i32, ptr %r0.y.addr, align 4
  %local.z = load i32, ptr %r0.z.addr, align 4
  %58 = zext i32 %9 to i64
  %59 = zext i32 %local.z to i64
  %60 = mul nuw i64 %59, 1
  %61 = zext i32 %local.y to i64
  %62 = add i64 %60, %61
  %63 = mul nuw i64 %62, %58
  %64 = zext i32 %local.x to i64
  %65 = add i64 %63, %64
  %66 = zext i32 %19 to i64
  %67 = urem i64 %65, %66
  %68 = trunc i64 %67 to i32
  br label %entry

r0.wi.latch:                                      ; preds = %entry
  %69 = load i32, ptr %r0.x.addr, align 4
  %70 = add nuw i32 %69, 1
  store i32 %70, ptr %r0.x.addr, align 4
  br label %r0.x.head, !llvm.loop !7

r0.y.latch:                                       ; preds = %r0.x.head
  %71 = load i32, ptr %r0.y.addr, align 4
  %72 = add nuw i32 %71, 1
  store i32 %72, ptr %r0.y.addr, align 4
  br label %r0.y.head

r0.z.latch:                                       ; preds = %r0.y.head
  %73 = load i32, ptr %r0.z.addr, align 4
  %74 = add nuw i32 %73, 1
  store i32 %74, ptr %r0.z.addr, align 4
  br label %r0.z.head

r0.done:                                          ; preds = %r0.z.head
  br label %wg.exit
}

define i32 @__ferrocm_wg_k(ptr %0, ptr %1) {
entry:
  %2 = getelementptr inbounds i8, ptr %1, i64 12
  %3 = load i32, ptr %2, align 4
  %4 = getelementptr inbounds i8, ptr %1, i64 16
  %5 = load i32, ptr %4, align 4
  %6 = getelementptr inbounds i8, ptr %1, i64 20
  %7 = load i32, ptr %6, align 4
  %8 = getelementptr inbounds i8, ptr %1, i64 36
  %9 = load i32, ptr %8, align 4
  %10 = icmp eq i32 %5, 1
  %11 = icmp eq i32 %7, 1
  %12 = and i1 %10, %11
  %13 = urem i32 %3, 32
  %14 = icmp eq i32 %13, 0
  %15 = or i1 %12, %14
  %16 = icmp eq i32 %9, 32
  %17 = and i1 %15, %16
  br i1 %17, label %warps, label %work_items

warps:                                            ; preds = %entry
  %18 = call i32 @__ferrocm_wg_k.__ferrocm_warp(ptr %0, ptr %1)
  ret i32 %18

work_items:                                       ; preds = %entry
  %19 = call i32 @__ferrocm_wg_k.items(ptr %0, ptr %1)
  ret i32 %19
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"llvm.loop.interleave.count", i32 1}
!4 = distinct !{}
!5 = distinct !{!5, !6, !3}
!6 = !{!"llvm.loop.parallel_accesses", !4}
!7 = distinct !{!7, !8, !3}
!8 = !{!"llvm.loop.parallel_accesses", !9}
!9 = distinct !{}
