; rewritten: 1
; ModuleID = 'tile_leader_scatter'
source_filename = "tile_leader_scatter"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @leaders(<64 x i32> %v, <64 x ptr> %p, <64 x i1> %m) {
entry:
  %lanes.slot1 = alloca <64 x ptr>, align 64
  %lanes.slot = alloca <64 x i32>, align 64
  br label %lanes.head

lanes.head:                                       ; preds = %entry
  %0 = bitcast <64 x i1> %m to i64
  store <64 x ptr> %p, ptr %lanes.slot1, align 64
  store <64 x i32> %v, ptr %lanes.slot, align 64
  %1 = icmp eq i64 %0, 0
  br i1 %1, label %lanes.done, label %lanes

lanes.join:                                       ; preds = %lanes.done
  ret void

lanes:                                            ; preds = %lanes, %lanes.head
  %lanes.left = phi i64 [ %0, %lanes.head ], [ %8, %lanes ]
  %2 = call i64 @llvm.cttz.i64(i64 %lanes.left, i1 true)
  %3 = getelementptr inbounds ptr, ptr %lanes.slot1, i64 %2
  %4 = load ptr, ptr %3, align 8
  %5 = getelementptr inbounds i32, ptr %lanes.slot, i64 %2
  %6 = load i32, ptr %5, align 4
  store i32 %6, ptr %4, align 4
  %7 = sub i64 %lanes.left, 1
  %8 = and i64 %lanes.left, %7
  %9 = icmp eq i64 %8, 0
  br i1 %9, label %lanes.done, label %lanes

lanes.done:                                       ; preds = %lanes, %lanes.head
  br label %lanes.join
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(write)
declare void @llvm.masked.scatter.v64i32.v64p0(<64 x i32>, <64 x ptr>, i32 immarg, <64 x i1>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.cttz.i64(i64, i1 immarg) #1

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(write) }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
