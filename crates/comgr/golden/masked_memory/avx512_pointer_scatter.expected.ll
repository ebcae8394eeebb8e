; rewritten: 1
; ModuleID = 'avx512_pointer_scatter'
source_filename = "avx512_pointer_scatter"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @pointers(<64 x ptr> %v, <64 x ptr> %p, <64 x i1> %m) {
entry:
  %lanes.slot1 = alloca <64 x ptr>, align 64
  %lanes.slot = alloca <64 x ptr>, align 64
  %0 = bitcast <64 x i1> %m to i64
  %1 = icmp eq i64 %0, 0
  br i1 %1, label %scatter.join, label %scatter.check

scatter.all:                                      ; preds = %scatter.check
  call void @llvm.masked.scatter.v64p0.v64p0(<64 x ptr> %v, <64 x ptr> %p, i32 8, <64 x i1> %m)
  br label %scatter.join

scatter.join:                                     ; preds = %scatter.lanes, %entry, %scatter.all
  ret void

scatter.check:                                    ; preds = %entry
  store <64 x ptr> %v, ptr %lanes.slot, align 64
  store <64 x ptr> %p, ptr %lanes.slot1, align 64
  %2 = call i64 @llvm.ctpop.i64(i64 %0)
  %3 = icmp ule i64 %2, 4
  br i1 %3, label %scatter.lanes, label %scatter.all

scatter.lanes:                                    ; preds = %scatter.check
  call void @__ferrocm_lanes.scatter.ptrx64.a8.as0(ptr %lanes.slot1, ptr %lanes.slot, i64 %0)
  br label %scatter.join
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(write)
declare void @llvm.masked.scatter.v64p0.v64p0(<64 x ptr>, <64 x ptr>, i32 immarg, <64 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #1

; Function Attrs: noinline nounwind
define internal void @__ferrocm_lanes.scatter.ptrx64.a8.as0(ptr %0, ptr %1, i64 %2) #2 {
entry:
  %3 = icmp eq i64 %2, 0
  br i1 %3, label %done, label %lane

lane:                                             ; preds = %lane, %entry
  %left = phi i64 [ %2, %entry ], [ %10, %lane ]
  %4 = call i64 @llvm.cttz.i64(i64 %left, i1 true)
  %5 = getelementptr inbounds ptr, ptr %0, i64 %4
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr inbounds ptr, ptr %1, i64 %4
  %8 = load ptr, ptr %7, align 8
  store ptr %8, ptr %6, align 8
  %9 = sub i64 %left, 1
  %10 = and i64 %left, %9
  %11 = icmp eq i64 %10, 0
  br i1 %11, label %done, label %lane

done:                                             ; preds = %lane, %entry
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.cttz.i64(i64, i1 immarg) #1

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(write) }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { noinline nounwind }
