; k -> __ferrocm_wg_k: args [Pointer@0:8/8], kernarg 8 align 8, local 0 (dynamic at 0), barriers 0, grid sync false
; ModuleID = 'vector_lean_dispatch'
source_filename = "vector_lean_dispatch"
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

; Function Attrs: optsize
define dso_local i32 @__ferrocm_wg_k.items(ptr %0, ptr %1) #1 {
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
  %v.r0 = zext i32 %105 to i64
  store i64 %v.r0, ptr %114, align 8
  store i32 1, ptr %100, align 4
  br label %r0.lane.latch

43:                                               ; preds = %r1.wi.begin
  %44 = addrspacecast ptr %35 to ptr addrspace(4)
  %src.r1 = xor i32 %145, 1
  %src64.r1 = zext i32 %src.r1 to i64
  %p.r1 = getelementptr inbounds i64, ptr addrspace(4) %44, i64 %src64.r1
  %w.r1 = load i64, ptr addrspace(4) %p.r1, align 8
  %t64.r1 = zext i32 %137 to i64
  %o.r1 = getelementptr inbounds i64, ptr addrspace(1) %arg0, i64 %t64.r1
  store i64 %w.r1, ptr addrspace(1) %o.r1, align 8
  store i32 -1, ptr %132, align 4
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
  %pc.cur10 = load i32, ptr %pc.cur.addr, align 4
  %72 = and i32 %pc.cur10, 2147483647
  switch i32 %72, label %wg.divergent [
    i32 0, label %r0.select
    i32 1, label %r1.select
  ]

sched.after:                                      ; preds = %r1.lane.head, %r0.lane.head
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

r0.select:                                        ; preds = %sched.dispatch
  br label %r0.head

r0.head:                                          ; preds = %r0.select
  %warp3 = load i64, ptr %warp.addr, align 8
  %95 = mul nuw i64 %warp3, %25
  %96 = add i64 %95, %25
  %97 = icmp ult i64 %96, %24
  %98 = select i1 %97, i64 %96, i64 %24
  store i64 %95, ptr %lane.addr, align 8
  br label %r0.lane.head

r0.lane.head:                                     ; preds = %r0.lane.latch, %r0.head
  %l4 = load i64, ptr %lane.addr, align 8
  %99 = icmp ult i64 %l4, %98
  br i1 %99, label %r0.lane.body, label %sched.after

r0.lane.body:                                     ; preds = %r0.lane.head
  %100 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l4
  %pc = load i32, ptr %100, align 4
  %pc.cur = load i32, ptr %pc.cur.addr, align 4
  %101 = icmp eq i32 %pc, %pc.cur
  br i1 %101, label %r0.wi.begin, label %r0.lane.latch

r0.wi.begin:                                      ; preds = %r0.lane.body
  %102 = trunc i64 %l4 to i32
  %103 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l4
  %104 = load i32, ptr %103, align 4
  %105 = select i1 %41, i32 %102, i32 %104
  %106 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l4
  %107 = load i32, ptr %106, align 4
  %108 = select i1 %41, i32 0, i32 %107
  %109 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l4
  %110 = load i32, ptr %109, align 4
  %111 = select i1 %41, i32 0, i32 %110
  %112 = sub i64 %l4, %95
  %113 = trunc i64 %112 to i32
  %114 = getelementptr inbounds i64, ptr %warp.in, i64 %l4
  br label %entry.r0

r0.lane.latch:                                    ; preds = %entry.r0, %r0.lane.body
  %pc.now = load i32, ptr %100, align 4
  %115 = icmp eq i32 %pc.now, -1
  %116 = load i32, ptr %pc.warp.min.addr, align 4
  %117 = icmp ult i32 %116, %pc.now
  %118 = select i1 %117, i32 %116, i32 %pc.now
  store i32 %118, ptr %pc.warp.min.addr, align 4
  %119 = select i1 %115, i32 0, i32 %pc.now
  %120 = load i32, ptr %pc.warp.max.addr, align 4
  %121 = icmp ugt i32 %120, %119
  %122 = select i1 %121, i32 %120, i32 %119
  store i32 %122, ptr %pc.warp.max.addr, align 4
  %123 = load i8, ptr %pc.warp.returned.addr, align 1
  %124 = zext i1 %115 to i8
  %125 = or i8 %123, %124
  store i8 %125, ptr %pc.warp.returned.addr, align 1
  %126 = add nuw i64 %l4, 1
  store i64 %126, ptr %lane.addr, align 8
  br label %r0.lane.head, !llvm.loop !0

r1.select:                                        ; preds = %sched.dispatch
  br label %r1.head

r1.head:                                          ; preds = %r1.select
  %warp5 = load i64, ptr %warp.addr, align 8
  %127 = mul nuw i64 %warp5, %25
  %128 = add i64 %127, %25
  %129 = icmp ult i64 %128, %24
  %130 = select i1 %129, i64 %128, i64 %24
  store i64 %127, ptr %lane.addr, align 8
  br label %r1.lane.head

r1.lane.head:                                     ; preds = %r1.lane.latch, %r1.head
  %l6 = load i64, ptr %lane.addr, align 8
  %131 = icmp ult i64 %l6, %130
  br i1 %131, label %r1.lane.body, label %sched.after

r1.lane.body:                                     ; preds = %r1.lane.head
  %132 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l6
  %pc7 = load i32, ptr %132, align 4
  %pc.cur8 = load i32, ptr %pc.cur.addr, align 4
  %133 = icmp eq i32 %pc7, %pc.cur8
  br i1 %133, label %r1.wi.begin, label %r1.lane.latch

r1.wi.begin:                                      ; preds = %r1.lane.body
  %134 = trunc i64 %l6 to i32
  %135 = getelementptr inbounds i32, ptr %id.0.ctx, i64 %l6
  %136 = load i32, ptr %135, align 4
  %137 = select i1 %41, i32 %134, i32 %136
  %138 = getelementptr inbounds i32, ptr %id.1.ctx, i64 %l6
  %139 = load i32, ptr %138, align 4
  %140 = select i1 %41, i32 0, i32 %139
  %141 = getelementptr inbounds i32, ptr %id.2.ctx, i64 %l6
  %142 = load i32, ptr %141, align 4
  %143 = select i1 %41, i32 0, i32 %142
  %144 = sub i64 %l6, %127
  %145 = trunc i64 %144 to i32
  %146 = getelementptr inbounds i64, ptr %warp.in, i64 %l6
  br label %43

r1.lane.latch:                                    ; preds = %43, %r1.lane.body
  %pc.now9 = load i32, ptr %132, align 4
  %147 = icmp eq i32 %pc.now9, -1
  %148 = load i32, ptr %pc.warp.min.addr, align 4
  %149 = icmp ult i32 %148, %pc.now9
  %150 = select i1 %149, i32 %148, i32 %pc.now9
  store i32 %150, ptr %pc.warp.min.addr, align 4
  %151 = select i1 %147, i32 0, i32 %pc.now9
  %152 = load i32, ptr %pc.warp.max.addr, align 4
  %153 = icmp ugt i32 %152, %151
  %154 = select i1 %153, i32 %152, i32 %151
  store i32 %154, ptr %pc.warp.max.addr, align 4
  %155 = load i8, ptr %pc.warp.returned.addr, align 1
  %156 = zext i1 %147 to i8
  %157 = or i8 %155, %156
  store i8 %157, ptr %pc.warp.returned.addr, align 1
  %158 = add nuw i64 %l6, 1
  store i64 %158, ptr %lane.addr, align 8
  br label %r1.lane.head, !llvm.loop !2

sched.step:                                       ; preds = %sched.after
  %159 = zext i32 %pc.warp.min to i64
  %160 = mul nuw i64 %30, %159
  %161 = getelementptr inbounds i64, ptr %warp.out, i64 %160
  %warp11 = load i64, ptr %warp.addr, align 8
  %162 = mul nuw i64 %warp11, %25
  %163 = add i64 %162, %25
  %164 = icmp ult i64 %163, %24
  %165 = select i1 %164, i64 %163, i64 %24
  store i64 %162, ptr %lane.addr, align 8
  store i64 0, ptr %warp.mask.addr, align 8
  %166 = icmp eq i8 %77, 1
  br i1 %166, label %sched.step.all.head, label %sched.step.head

sched.step.head:                                  ; preds = %sched.step.next, %sched.step
  %l13 = load i64, ptr %lane.addr, align 8
  %167 = icmp ult i64 %l13, %165
  br i1 %167, label %sched.step.body, label %sched.step.done

sched.step.body:                                  ; preds = %sched.step.head
  %168 = getelementptr inbounds i32, ptr %pc.ctx, i64 %l13
  %pc14 = load i32, ptr %168, align 4
  %169 = icmp eq i32 %pc14, %pc.warp.min
  br i1 %169, label %sched.step.copy, label %sched.step.next

sched.step.copy:                                  ; preds = %sched.step.body
  %170 = sub i64 %l13, %162
  %171 = getelementptr inbounds i64, ptr %warp.in, i64 %l13
  %published15 = load i64, ptr %171, align 8
  %172 = getelementptr inbounds i64, ptr %161, i64 %170
  store i64 %published15, ptr %172, align 8
  %173 = shl i64 1, %170
  %174 = load i64, ptr %warp.mask.addr, align 8
  %175 = or i64 %174, %173
  store i64 %175, ptr %warp.mask.addr, align 8
  br label %sched.step.next

sched.step.next:                                  ; preds = %sched.step.copy, %sched.step.body
  %176 = add nuw i64 %l13, 1
  store i64 %176, ptr %lane.addr, align 8
  br label %sched.step.head

sched.step.done:                                  ; preds = %sched.step.head, %sched.step.all.done
  %mask = load i64, ptr %warp.mask.addr, align 8
  %177 = getelementptr inbounds i64, ptr %161, i64 %25
  store i64 %mask, ptr %177, align 8
  store i32 %pc.warp.min, ptr %pc.cur.addr, align 4
  br label %sched.dispatch

sched.step.all.head:                              ; preds = %sched.step.all.body, %sched.step
  %l12 = load i64, ptr %lane.addr, align 8
  %178 = icmp ult i64 %l12, %165
  br i1 %178, label %sched.step.all.body, label %sched.step.all.done

sched.step.all.body:                              ; preds = %sched.step.all.head
  %179 = getelementptr inbounds i64, ptr %warp.in, i64 %l12
  %published = load i64, ptr %179, align 8
  %180 = sub i64 %l12, %162
  %181 = getelementptr inbounds i64, ptr %161, i64 %180
  store i64 %published, ptr %181, align 8
  %182 = add nuw i64 %l12, 1
  store i64 %182, ptr %lane.addr, align 8
  br label %sched.step.all.head

sched.step.all.done:                              ; preds = %sched.step.all.head
  %183 = sub i64 %165, %162
  %184 = sub i64 %183, 1
  %185 = shl i64 1, %184
  %186 = sub i64 %185, 1
  %187 = sub i64 %183, 1
  %188 = shl i64 1, %187
  %189 = or i64 %186, %188
  store i64 %189, ptr %warp.mask.addr, align 8
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
  br label %r0.x.head, !llvm.loop !3

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
attributes #1 = { optsize }

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.runtime.disable"}
!2 = distinct !{!2, !1}
!3 = distinct !{!3, !4, !6, !1}
!4 = !{!"llvm.loop.parallel_accesses", !5}
!5 = distinct !{}
!6 = !{!"llvm.loop.interleave.count", i32 1}
