; rewritten: 2
; ModuleID = 'shuffle_gather'
source_filename = "shuffle_gather"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define <32 x i32> @shuffle(<32 x ptr> %p, <32 x ptr> %q, <32 x i1> %m, <32 x i32> %old) {
entry:
  %lanes.slot1 = alloca <32 x ptr>, align 64
  %lanes.slot = alloca <32 x i32>, align 64
  br label %lanes.head

lanes.head:                                       ; preds = %entry
  %0 = bitcast <32 x i1> %m to i32
  store <32 x ptr> %p, ptr %lanes.slot1, align 64
  store <32 x i32> %old, ptr %lanes.slot, align 64
  %1 = icmp eq i32 %0, 0
  br i1 %1, label %lanes.done, label %lanes

lanes.join:                                       ; preds = %lanes.done
  br label %lanes.head2

lanes.head2:                                      ; preds = %lanes.join
  %2 = bitcast <32 x i1> %m to i32
  store <32 x ptr> %q, ptr %lanes.slot1, align 64
  %3 = icmp eq i32 %2, 0
  br i1 %3, label %lanes.done5, label %lanes4

lanes.join3:                                      ; preds = %lanes.done5
  %c = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> %q, i32 4, <32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <32 x i32> poison)
  %ab = add <32 x i32> %lanes.value, %lanes.value7
  %abc = add <32 x i32> %ab, %c
  ret <32 x i32> %abc

lanes:                                            ; preds = %lanes, %lanes.head
  %lanes.left = phi i32 [ %0, %lanes.head ], [ %10, %lanes ]
  %4 = call i32 @llvm.cttz.i32(i32 %lanes.left, i1 true)
  %5 = getelementptr inbounds ptr, ptr %lanes.slot1, i32 %4
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr inbounds i32, ptr %lanes.slot, i32 %4
  %8 = load i32, ptr %6, align 4
  store i32 %8, ptr %7, align 4
  %9 = sub i32 %lanes.left, 1
  %10 = and i32 %lanes.left, %9
  %11 = icmp eq i32 %10, 0
  br i1 %11, label %lanes.done, label %lanes

lanes.done:                                       ; preds = %lanes, %lanes.head
  %lanes.value = load <32 x i32>, ptr %lanes.slot, align 64
  br label %lanes.join

lanes4:                                           ; preds = %lanes4, %lanes.head2
  %lanes.left6 = phi i32 [ %2, %lanes.head2 ], [ %18, %lanes4 ]
  %12 = call i32 @llvm.cttz.i32(i32 %lanes.left6, i1 true)
  %13 = getelementptr inbounds ptr, ptr %lanes.slot1, i32 %12
  %14 = load ptr, ptr %13, align 8
  %15 = getelementptr inbounds i32, ptr %lanes.slot, i32 %12
  %16 = load i32, ptr %14, align 4
  store i32 %16, ptr %15, align 4
  %17 = sub i32 %lanes.left6, 1
  %18 = and i32 %lanes.left6, %17
  %19 = icmp eq i32 %18, 0
  br i1 %19, label %lanes.done5, label %lanes4

lanes.done5:                                      ; preds = %lanes4, %lanes.head2
  %lanes.value7 = load <32 x i32>, ptr %lanes.slot, align 64
  br label %lanes.join3
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr>, i32 immarg, <32 x i1>, <32 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.cttz.i32(i32, i1 immarg) #1

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(read) }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
