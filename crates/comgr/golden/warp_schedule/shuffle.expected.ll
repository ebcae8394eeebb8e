; k -> __ferrocm_wg_k: args [Pointer@0:8/8], kernarg 8 align 8, local 0 (dynamic at 0), barriers 0, grid sync false
; ModuleID = 'shuffle'
source_filename = "shuffle"
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

entry.r0:                                         ; preds = %r0.wi.begin
  %"reg2mem alloca point.r0" = bitcast i32 0 to i32
  %v.r0 = zext i32 %111 to i64
  store i64 %v.r0, ptr %120, align 8
  store i32 1, ptr %106, align 4
  br label %r0.lane.latch

43:                                               ; preds = %r1.wi.begin
  %44 = addrspacecast ptr %35 to ptr addrspace(4)
  %src.r1 = xor i32 %186, 1
  %src64.r1 = zext i32 %src.r1 to i64
  %p.r1 = getelementptr inbounds i64, ptr addrspace(4) %44, i64 %src64.r1
  %w.r1 = load i64, ptr addrspace(4) %p.r1, align 8
  %t64.r1 = zext i32 %178 to i64
  %o.r1 = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r1
  store i64 %w.r1, ptr addrspace(1) %o.r1, align 8
  store i32 -1, ptr %173, align 4
  br label %r1.lane.latch

wg.divergent:                                     ; preds = %sched.block.check, %sched.park, %sched.dispatch
  ret i32 1

sched.init:                                       ; preds = %prologue
  store i64 0, ptr %lane.addr, align 8
  br label %sched.init.head

sched.init.head:                                  ; preds = %sched.init.body, %sched.init
  %l = load i64, ptr %lane.addr, align 8
  %45 = icmp ult i64 %l, %24
  br i1 %45, label %sched.init.body, label %sched.ids.check

sched.init.body:                                  ; preds = %sched.init.head
  %46 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l
  store i32 -2147483648, ptr %46, align 4
  %47 = add nuw i64 %l, 1
  store i64 %47, ptr %lane.addr, align 8
  br label %sched.init.head

sched.ids.check:                                  ; preds = %sched.init.head
  store i64 0, ptr %lane.addr, align 8
  store i32 0, ptr %x.addr, align 4
  store i32 0, ptr %y.addr, align 4
  store i32 0, ptr %z.addr, align 4
  br i1 %41, label %sched.warps.init, label %sched.ids.head

sched.ids.head:                                   ; preds = %sched.ids.body, %sched.ids.check
  %l1 = load i64, ptr %lane.addr, align 8
  %48 = icmp ult i64 %l1, %24
  br i1 %48, label %sched.ids.body, label %sched.warps.init

sched.ids.body:                                   ; preds = %sched.ids.head
  %49 = load i32, ptr %x.addr, align 4
  %50 = load i32, ptr %y.addr, align 4
  %51 = load i32, ptr %z.addr, align 4
  %52 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l1
  store i32 %49, ptr %52, align 4
  %53 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l1
  store i32 %50, ptr %53, align 4
  %54 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l1
  store i32 %51, ptr %54, align 4
  %55 = add nuw i32 %49, 1
  %56 = icmp eq i32 %55, %block_dim.x
  %57 = select i1 %56, i32 0, i32 %55
  store i32 %57, ptr %x.addr, align 4
  %58 = zext i1 %56 to i32
  %59 = add i32 %50, %58
  %60 = icmp eq i32 %59, %block_dim.y
  %61 = select i1 %60, i32 0, i32 %59
  store i32 %61, ptr %y.addr, align 4
  %62 = zext i1 %60 to i32
  %63 = add i32 %51, %62
  store i32 %63, ptr %z.addr, align 4
  %64 = add nuw i64 %l1, 1
  store i64 %64, ptr %lane.addr, align 8
  br label %sched.ids.head

sched.warps.init:                                 ; preds = %sched.ids.head, %sched.ids.check
  store i64 0, ptr %warp.addr, align 8
  br label %sched.warps.head

sched.warps.head:                                 ; preds = %sched.warps.body, %sched.warps.init
  %warp = load i64, ptr %warp.addr, align 8
  %65 = icmp ult i64 %warp, %28
  br i1 %65, label %sched.warps.body, label %sched.block.start

sched.warps.body:                                 ; preds = %sched.warps.head
  %66 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp
  store i8 1, ptr %66, align 1
  %67 = add nuw i64 %warp, 1
  store i64 %67, ptr %warp.addr, align 8
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
  %68 = icmp ult i64 %warp2, %28
  br i1 %68, label %sched.warp.begin, label %sched.block.done

sched.warp.begin:                                 ; preds = %sched.warp.head
  %69 = load i32, ptr %pc.block.addr, align 4
  store i32 %69, ptr %pc.cur.addr, align 4
  %70 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %warp2
  %71 = load i8, ptr %70, align 1
  store i8 %71, ptr %warp.converged.addr, align 1
  br label %sched.dispatch

sched.dispatch:                                   ; preds = %sched.step.done, %sched.warp.begin
  store i32 -1, ptr %pc.warp.min.addr, align 4
  store i32 0, ptr %pc.warp.max.addr, align 4
  store i8 0, ptr %pc.warp.returned.addr, align 1
  %pc.cur16 = load i32, ptr %pc.cur.addr, align 4
  %72 = and i32 %pc.cur16, 2147483647
  switch i32 %72, label %wg.divergent [
    i32 0, label %r0.select
    i32 1, label %r1.select
  ]

sched.after:                                      ; preds = %r1.conv.lane.head, %r1.lane.head, %r0.conv.lane.head, %r0.lane.head
  %pc.warp.min = load i32, ptr %pc.warp.min.addr, align 4
  %pc.warp.max = load i32, ptr %pc.warp.max.addr, align 4
  %pc.warp.returned = load i8, ptr %pc.warp.returned.addr, align 1
  %73 = icmp eq i8 %pc.warp.returned, 0
  %74 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %75 = zext i1 %74 to i8
  %76 = zext i1 %73 to i8
  %77 = and i8 %75, %76
  store i8 %77, ptr %warp.converged.addr, align 1
  %78 = icmp ult i32 %pc.warp.min, -2147483648
  br i1 %78, label %sched.step, label %sched.park

sched.park:                                       ; preds = %sched.after
  %79 = icmp eq i32 %pc.warp.min, -1
  %80 = icmp eq i32 %pc.warp.min, %pc.warp.max
  %81 = or i1 %79, %80
  br i1 %81, label %sched.park.ok, label %wg.divergent

sched.park.ok:                                    ; preds = %sched.park
  %82 = load i32, ptr %pc.block.min.addr, align 4
  %83 = icmp ult i32 %82, %pc.warp.min
  %84 = select i1 %83, i32 %82, i32 %pc.warp.min
  store i32 %84, ptr %pc.block.min.addr, align 4
  %85 = load i32, ptr %pc.block.max.addr, align 4
  %86 = icmp ugt i32 %85, %pc.warp.max
  %87 = select i1 %86, i32 %85, i32 %pc.warp.max
  %88 = select i1 %79, i32 %85, i32 %87
  store i32 %88, ptr %pc.block.max.addr, align 4
  %89 = load i64, ptr %warp.addr, align 8
  %90 = zext i1 %73 to i8
  %91 = getelementptr inbounds i8, ptr %warp.converged.ctx, i64 %89
  store i8 %90, ptr %91, align 1
  %92 = add nuw i64 %89, 1
  store i64 %92, ptr %warp.addr, align 8
  br label %sched.warp.head

sched.block.done:                                 ; preds = %sched.warp.head
  %pc.block.min = load i32, ptr %pc.block.min.addr, align 4
  %93 = icmp eq i32 %pc.block.min, -1
  br i1 %93, label %wg.exit, label %sched.block.check

sched.block.check:                                ; preds = %sched.block.done
  %pc.block.max = load i32, ptr %pc.block.max.addr, align 4
  %94 = icmp eq i32 %pc.block.min, %pc.block.max
  br i1 %94, label %sched.block.next, label %wg.divergent

sched.block.next:                                 ; preds = %sched.block.check
  store i32 %pc.block.min, ptr %pc.block.addr, align 4
  br label %sched.block.head

entry.r0.conv:                                    ; preds = %r0.conv.wi.begin
  %"reg2mem alloca point.r0.conv" = bitcast i32 0 to i32
  %v.r0.conv = zext i32 %137 to i64
  store i64 %v.r0.conv, ptr %146, align 8, !llvm.access.group !0
  store i32 1, ptr %exit.code.addr, align 4
  br label %r0.conv.lane.latch

r0.select:                                        ; preds = %sched.dispatch
  %95 = load i8, ptr %warp.converged.addr, align 1
  %96 = icmp ne i8 %95, 0
  br i1 %96, label %r0.conv.head, label %r0.head

r0.conv.head:                                     ; preds = %r0.select
  %warp5 = load i64, ptr %warp.addr, align 8
  %97 = mul nuw i64 %warp5, %25
  %98 = add i64 %97, %25
  %99 = icmp ult i64 %98, %24
  %100 = select i1 %99, i64 %98, i64 %24
  store i64 %97, ptr %lane.addr, align 8
  br label %r0.conv.lane.head

r0.head:                                          ; preds = %r0.select
  %warp3 = load i64, ptr %warp.addr, align 8
  %101 = mul nuw i64 %warp3, %25
  %102 = add i64 %101, %25
  %103 = icmp ult i64 %102, %24
  %104 = select i1 %103, i64 %102, i64 %24
  store i64 %101, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.lane.head:                                     ; preds = %r0.lane.latch, %r0.head
  %l4 = load i64, ptr %lane.addr, align 8
  %105 = icmp ult i64 %l4, %104
  br i1 %105, label %r0.lane.body, label %sched.after

r0.lane.body:                                     ; preds = %r0.lane.head
  %106 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l4
  %pc = load i32, ptr %106, align 4
  %pc.cur = load i32, ptr %pc.cur.addr, align 4
  %107 = icmp eq i32 %pc, %pc.cur
  br i1 %107, label %r0.wi.begin, label %r0.lane.latch

r0.wi.begin:                                      ; preds = %r0.lane.body
  %108 = trunc i64 %l4 to i32
  %109 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l4
  %110 = load i32, ptr %109, align 4
  %111 = select i1 %41, i32 %108, i32 %110
  %112 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l4
  %113 = load i32, ptr %112, align 4
  %114 = select i1 %41, i32 0, i32 %113
  %115 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l4
  %116 = load i32, ptr %115, align 4
  %117 = select i1 %41, i32 0, i32 %116
  %118 = sub i64 %l4, %101
  %119 = trunc i64 %118 to i32
  %120 = getelementptr inbounds i64, ptr %warp.in, i64 %l4
  br label %entry.r0

r0.lane.latch:                                    ; preds = %entry.r0, %r0.lane.body
  %pc.now = load i32, ptr %106, align 4
  %121 = icmp eq i32 %pc.now, -1
  %122 = load i32, ptr %pc.warp.min.addr, align 4
  %123 = icmp ult i32 %122, %pc.now
  %124 = select i1 %123, i32 %122, i32 %pc.now
  store i32 %124, ptr %pc.warp.min.addr, align 4
  %125 = select i1 %121, i32 0, i32 %pc.now
  %126 = load i32, ptr %pc.warp.max.addr, align 4
  %127 = icmp ugt i32 %126, %125
  %128 = select i1 %127, i32 %126, i32 %125
  store i32 %128, ptr %pc.warp.max.addr, align 4
  %129 = load i8, ptr %pc.warp.returned.addr, align 1
  %130 = zext i1 %121 to i8
  %131 = or i8 %129, %130
  store i8 %131, ptr %pc.warp.returned.addr, align 1
  %132 = add nuw i64 %l4, 1
  store i64 %132, ptr %lane.addr, align 8
  br label %r0.lane.head, !llvm.loop !1

r0.conv.lane.head:                                ; preds = %r0.conv.lane.latch, %r0.conv.head
  %l6 = load i64, ptr %lane.addr, align 8
  %133 = icmp ult i64 %l6, %100
  br i1 %133, label %r0.conv.wi.begin, label %sched.after

r0.conv.wi.begin:                                 ; preds = %r0.conv.lane.head
  %134 = trunc i64 %l6 to i32
  %135 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l6
  %136 = load i32, ptr %135, align 4, !llvm.access.group !0
  %137 = select i1 %41, i32 %134, i32 %136
  %138 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l6
  %139 = load i32, ptr %138, align 4, !llvm.access.group !0
  %140 = select i1 %41, i32 0, i32 %139
  %141 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l6
  %142 = load i32, ptr %141, align 4, !llvm.access.group !0
  %143 = select i1 %41, i32 0, i32 %142
  %144 = sub i64 %l6, %97
  %145 = trunc i64 %144 to i32
  %146 = getelementptr inbounds i64, ptr %warp.in, i64 %l6
  br label %entry.r0.conv

r0.conv.lane.latch:                               ; preds = %entry.r0.conv
  %pc.now7 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !0
  %147 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l6
  store i32 %pc.now7, ptr %147, align 4, !llvm.access.group !0
  %148 = icmp eq i32 %pc.now7, -1
  %149 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %150 = icmp ult i32 %149, %pc.now7
  %151 = select i1 %150, i32 %149, i32 %pc.now7
  store i32 %151, ptr %pc.warp.min.addr, align 4, !llvm.access.group !0
  %152 = select i1 %148, i32 0, i32 %pc.now7
  %153 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %154 = icmp ugt i32 %153, %152
  %155 = select i1 %154, i32 %153, i32 %152
  store i32 %155, ptr %pc.warp.max.addr, align 4, !llvm.access.group !0
  %156 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %157 = zext i1 %148 to i8
  %158 = or i8 %156, %157
  store i8 %158, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !0
  %159 = add nuw i64 %l6, 1
  store i64 %159, ptr %lane.addr, align 8, !llvm.access.group !0
  br label %r0.conv.lane.head, !llvm.loop !3

160:                                              ; preds = %r1.conv.wi.begin
  %161 = addrspacecast ptr %35 to ptr addrspace(4)
  %src.r1.conv = xor i32 %212, 1
  %src64.r1.conv = zext i32 %src.r1.conv to i64
  %p.r1.conv = getelementptr inbounds i64, ptr addrspace(4) %161, i64 %src64.r1.conv
  %w.r1.conv = load i64, ptr addrspace(4) %p.r1.conv, align 8, !llvm.access.group !6
  %t64.r1.conv = zext i32 %204 to i64
  %o.r1.conv = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r1.conv
  store i64 %w.r1.conv, ptr addrspace(1) %o.r1.conv, align 8, !llvm.access.group !6
  store i32 -1, ptr %exit.code.addr, align 4
  br label %r1.conv.lane.latch

r1.select:                                        ; preds = %sched.dispatch
  %162 = load i8, ptr %warp.converged.addr, align 1
  %163 = icmp ne i8 %162, 0
  br i1 %163, label %r1.conv.head, label %r1.head

r1.conv.head:                                     ; preds = %r1.select
  %warp13 = load i64, ptr %warp.addr, align 8
  %164 = mul nuw i64 %warp13, %25
  %165 = add i64 %164, %25
  %166 = icmp ult i64 %165, %24
  %167 = select i1 %166, i64 %165, i64 %24
  store i64 %164, ptr %lane.addr, align 8
  br label %r1.conv.lane.head

r1.head:                                          ; preds = %r1.select
  %warp8 = load i64, ptr %warp.addr, align 8
  %168 = mul nuw i64 %warp8, %25
  %169 = add i64 %168, %25
  %170 = icmp ult i64 %169, %24
  %171 = select i1 %170, i64 %169, i64 %24
  store i64 %168, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.lane.head:                                     ; preds = %r1.lane.latch, %r1.head
  %l9 = load i64, ptr %lane.addr, align 8
  %172 = icmp ult i64 %l9, %171
  br i1 %172, label %r1.lane.body, label %sched.after

r1.lane.body:                                     ; preds = %r1.lane.head
  %173 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l9
  %pc10 = load i32, ptr %173, align 4
  %pc.cur11 = load i32, ptr %pc.cur.addr, align 4
  %174 = icmp eq i32 %pc10, %pc.cur11
  br i1 %174, label %r1.wi.begin, label %r1.lane.latch

r1.wi.begin:                                      ; preds = %r1.lane.body
  %175 = trunc i64 %l9 to i32
  %176 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l9
  %177 = load i32, ptr %176, align 4
  %178 = select i1 %41, i32 %175, i32 %177
  %179 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l9
  %180 = load i32, ptr %179, align 4
  %181 = select i1 %41, i32 0, i32 %180
  %182 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l9
  %183 = load i32, ptr %182, align 4
  %184 = select i1 %41, i32 0, i32 %183
  %185 = sub i64 %l9, %168
  %186 = trunc i64 %185 to i32
  %187 = getelementptr inbounds i64, ptr %warp.in, i64 %l9
  br label %43

r1.lane.latch:                                    ; preds = %43, %r1.lane.body
  %pc.now12 = load i32, ptr %173, align 4
  %188 = icmp eq i32 %pc.now12, -1
  %189 = load i32, ptr %pc.warp.min.addr, align 4
  %190 = icmp ult i32 %189, %pc.now12
  %191 = select i1 %190, i32 %189, i32 %pc.now12
  store i32 %191, ptr %pc.warp.min.addr, align 4
  %192 = select i1 %188, i32 0, i32 %pc.now12
  %193 = load i32, ptr %pc.warp.max.addr, align 4
  %194 = icmp ugt i32 %193, %192
  %195 = select i1 %194, i32 %193, i32 %192
  store i32 %195, ptr %pc.warp.max.addr, align 4
  %196 = load i8, ptr %pc.warp.returned.addr, align 1
  %197 = zext i1 %188 to i8
  %198 = or i8 %196, %197
  store i8 %198, ptr %pc.warp.returned.addr, align 1
  %199 = add nuw i64 %l9, 1
  store i64 %199, ptr %lane.addr, align 8
  br label %r1.lane.head, !llvm.loop !7

r1.conv.lane.head:                                ; preds = %r1.conv.lane.latch, %r1.conv.head
  %l14 = load i64, ptr %lane.addr, align 8
  %200 = icmp ult i64 %l14, %167
  br i1 %200, label %r1.conv.wi.begin, label %sched.after

r1.conv.wi.begin:                                 ; preds = %r1.conv.lane.head
  %201 = trunc i64 %l14 to i32
  %202 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l14
  %203 = load i32, ptr %202, align 4, !llvm.access.group !6
  %204 = select i1 %41, i32 %201, i32 %203
  %205 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l14
  %206 = load i32, ptr %205, align 4, !llvm.access.group !6
  %207 = select i1 %41, i32 0, i32 %206
  %208 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l14
  %209 = load i32, ptr %208, align 4, !llvm.access.group !6
  %210 = select i1 %41, i32 0, i32 %209
  %211 = sub i64 %l14, %164
  %212 = trunc i64 %211 to i32
  %213 = getelementptr inbounds i64, ptr %warp.in, i64 %l14
  br label %160

r1.conv.lane.latch:                               ; preds = %160
  %pc.now15 = load i32, ptr %exit.code.addr, align 4, !llvm.access.group !6
  %214 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l14
  store i32 %pc.now15, ptr %214, align 4, !llvm.access.group !6
  %215 = icmp eq i32 %pc.now15, -1
  %216 = load i32, ptr %pc.warp.min.addr, align 4, !llvm.access.group !6
  %217 = icmp ult i32 %216, %pc.now15
  %218 = select i1 %217, i32 %216, i32 %pc.now15
  store i32 %218, ptr %pc.warp.min.addr, align 4, !llvm.access.group !6
  %219 = select i1 %215, i32 0, i32 %pc.now15
  %220 = load i32, ptr %pc.warp.max.addr, align 4, !llvm.access.group !6
  %221 = icmp ugt i32 %220, %219
  %222 = select i1 %221, i32 %220, i32 %219
  store i32 %222, ptr %pc.warp.max.addr, align 4, !llvm.access.group !6
  %223 = load i8, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !6
  %224 = zext i1 %215 to i8
  %225 = or i8 %223, %224
  store i8 %225, ptr %pc.warp.returned.addr, align 1, !llvm.access.group !6
  %226 = add nuw i64 %l14, 1
  store i64 %226, ptr %lane.addr, align 8, !llvm.access.group !6
  br label %r1.conv.lane.head, !llvm.loop !8

sched.step:                                       ; preds = %sched.after
  %227 = zext i32 %pc.warp.min to i64
  %228 = mul nuw i64 %30, %227
  %229 = getelementptr inbounds i64, ptr %warp.out, i64 %228
  %warp17 = load i64, ptr %warp.addr, align 8
  %230 = mul nuw i64 %warp17, %25
  %231 = add i64 %230, %25
  %232 = icmp ult i64 %231, %24
  %233 = select i1 %232, i64 %231, i64 %24
  store i64 %230, ptr %lane.addr, align 8
  store i64 0, ptr %warp.mask.addr, align 8
  %234 = icmp eq i8 %77, 1
  br i1 %234, label %sched.step.all.head, label %sched.step.head

sched.step.head:                                  ; preds = %sched.step.next, %sched.step
  %l19 = load i64, ptr %lane.addr, align 8
  %235 = icmp ult i64 %l19, %233
  br i1 %235, label %sched.step.body, label %sched.step.done

sched.step.body:                                  ; preds = %sched.step.head
  %236 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l19
  %pc20 = load i32, ptr %236, align 4
  %237 = icmp eq i32 %pc20, %pc.warp.min
  br i1 %237, label %sched.step.copy, label %sched.step.next

sched.step.copy:                                  ; preds = %sched.step.body
  %238 = sub i64 %l19, %230
  %239 = getelementptr inbounds i64, ptr %warp.in, i64 %l19
  %published21 = load i64, ptr %239, align 8
  %240 = getelementptr inbounds i64, ptr %229, i64 %238
  store i64 %published21, ptr %240, align 8
  %241 = shl i64 1, %238
  %242 = load i64, ptr %warp.mask.addr, align 8
  %243 = or i64 %242, %241
  store i64 %243, ptr %warp.mask.addr, align 8
  br label %sched.step.next

sched.step.next:                                  ; preds = %sched.step.copy, %sched.step.body
  %244 = add nuw i64 %l19, 1
  store i64 %244, ptr %lane.addr, align 8
  br label %sched.step.head

sched.step.done:                                  ; preds = %sched.step.head, %sched.step.all.done
  %mask = load i64, ptr %warp.mask.addr, align 8
  %245 = getelementptr inbounds i64, ptr %229, i64 %25
  store i64 %mask, ptr %245, align 8
  store i32 %pc.warp.min, ptr %pc.cur.addr, align 4
  br label %sched.dispatch

sched.step.all.head:                              ; preds = %sched.step.all.body, %sched.step
  %l18 = load i64, ptr %lane.addr, align 8
  %246 = icmp ult i64 %l18, %233
  br i1 %246, label %sched.step.all.body, label %sched.step.all.done

sched.step.all.body:                              ; preds = %sched.step.all.head
  %247 = getelementptr inbounds i64, ptr %warp.in, i64 %l18
  %published = load i64, ptr %247, align 8
  %248 = sub i64 %l18, %230
  %249 = getelementptr inbounds i64, ptr %229, i64 %248
  store i64 %published, ptr %249, align 8
  %250 = add nuw i64 %l18, 1
  store i64 %250, ptr %lane.addr, align 8
  br label %sched.step.all.head

sched.step.all.done:                              ; preds = %sched.step.all.head
  %251 = sub i64 %233, %230
  %252 = sub i64 %251, 1
  %253 = shl i64 1, %252
  %254 = sub i64 %253, 1
  %255 = sub i64 %251, 1
  %256 = shl i64 1, %255
  %257 = or i64 %254, %256
  store i64 %257, ptr %warp.mask.addr, align 8
  br label %sched.step.done
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
