; rewritten: 2
; ModuleID = 'shuffle_gather'
source_filename = "shuffle_gather"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define <32 x i32> @shuffle(<32 x ptr> %p, <32 x ptr> %q, <32 x i1> %m, <32 x i32> %old) {
entry:
  %lanes.slot1 = alloca <32 x ptr>, align 64
  %lanes.slot = alloca <32 x i32>, align 64
  %0 = bitcast <32 x i1> %m to i32
  store <32 x ptr> %p, ptr %lanes.slot1, align 64
  store <32 x i32> %old, ptr %lanes.slot, align 64
  call void @__ferrocm_lanes.gather.i32x32.a4.as0(ptr %lanes.slot1, ptr %lanes.slot, i32 %0)
  %lanes.value = load <32 x i32>, ptr %lanes.slot, align 64
  %1 = bitcast <32 x i1> %m to i32
  store <32 x ptr> %q, ptr %lanes.slot1, align 64
  call void @__ferrocm_lanes.gather.i32x32.a4.as0(ptr %lanes.slot1, ptr %lanes.slot, i32 %1)
  %lanes.value2 = load <32 x i32>, ptr %lanes.slot, align 64
  %c = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> %q, i32 4, <32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <32 x i32> poison)
  %ab = add <32 x i32> %lanes.value, %lanes.value2
  %abc = add <32 x i32> %ab, %c
  ret <32 x i32> %abc
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr>, i32 immarg, <32 x i1>, <32 x i32>) #0

; Function Attrs: noinline nounwind
define internal void @__ferrocm_lanes.gather.i32x32.a4.as0(ptr %0, ptr %1, i32 %2) #1 {
entry:
  %3 = icmp eq i32 %2, 0
  br i1 %3, label %done, label %lane

lane:                                             ; preds = %lane, %entry
  %left = phi i32 [ %2, %entry ], [ %10, %lane ]
  %4 = call i32 @llvm.cttz.i32(i32 %left, i1 true)
  %5 = getelementptr inbounds ptr, ptr %0, i32 %4
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr inbounds i32, ptr %1, i32 %4
  %8 = load i32, ptr %6, align 4
  store i32 %8, ptr %7, align 4
  %9 = sub i32 %left, 1
  %10 = and i32 %left, %9
  %11 = icmp eq i32 %10, 0
  br i1 %11, label %done, label %lane

done:                                             ; preds = %lane, %entry
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.cttz.i32(i32, i1 immarg) #2

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(read) }
attributes #1 = { noinline nounwind }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
