; rewritten: 2
; ModuleID = 'avx512_byte_gather'
source_filename = "avx512_byte_gather"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define <64 x i8> @bools(<64 x ptr> %p, <64 x i1> %m, <64 x i8> %old) {
entry:
  %lanes.slot1 = alloca <64 x ptr>, align 64
  %lanes.slot = alloca <64 x i8>, align 64
  %0 = bitcast <64 x i1> %m to i64
  store <64 x ptr> %p, ptr %lanes.slot1, align 64
  store <64 x i8> %old, ptr %lanes.slot, align 64
  call void @__ferrocm_lanes.gather.i8x64.a1.as0(ptr %lanes.slot1, ptr %lanes.slot, i64 %0)
  %lanes.value = load <64 x i8>, ptr %lanes.slot, align 64
  ret <64 x i8> %lanes.value
}

define void @shorts(<64 x i16> %v, <64 x ptr> %p, <64 x i1> %m) {
entry:
  %lanes.slot1 = alloca <64 x ptr>, align 64
  %lanes.slot = alloca <64 x i16>, align 64
  %0 = bitcast <64 x i1> %m to i64
  store <64 x ptr> %p, ptr %lanes.slot1, align 64
  store <64 x i16> %v, ptr %lanes.slot, align 64
  call void @__ferrocm_lanes.scatter.i16x64.a2.as0(ptr %lanes.slot1, ptr %lanes.slot, i64 %0)
  ret void
}

define <64 x i64> @longs(<64 x ptr> %p, <64 x i1> %m, <64 x i64> %old) {
entry:
  %a = call <64 x i64> @llvm.masked.gather.v64i64.v64p0(<64 x ptr> %p, i32 8, <64 x i1> %m, <64 x i64> %old)
  ret <64 x i64> %a
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <64 x i8> @llvm.masked.gather.v64i8.v64p0(<64 x ptr>, i32 immarg, <64 x i1>, <64 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(write)
declare void @llvm.masked.scatter.v64i16.v64p0(<64 x i16>, <64 x ptr>, i32 immarg, <64 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(read)
declare <64 x i64> @llvm.masked.gather.v64i64.v64p0(<64 x ptr>, i32 immarg, <64 x i1>, <64 x i64>) #0

; Function Attrs: noinline nounwind
define internal void @__ferrocm_lanes.gather.i8x64.a1.as0(ptr %0, ptr %1, i64 %2) #2 {
entry:
  %3 = icmp eq i64 %2, 0
  br i1 %3, label %done, label %lane

lane:                                             ; preds = %lane, %entry
  %left = phi i64 [ %2, %entry ], [ %10, %lane ]
  %4 = call i64 @llvm.cttz.i64(i64 %left, i1 true)
  %5 = getelementptr inbounds ptr, ptr %0, i64 %4
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr inbounds i8, ptr %1, i64 %4
  %8 = load i8, ptr %6, align 1
  store i8 %8, ptr %7, align 1
  %9 = sub i64 %left, 1
  %10 = and i64 %left, %9
  %11 = icmp eq i64 %10, 0
  br i1 %11, label %done, label %lane

done:                                             ; preds = %lane, %entry
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.cttz.i64(i64, i1 immarg) #3

; Function Attrs: noinline nounwind
define internal void @__ferrocm_lanes.scatter.i16x64.a2.as0(ptr %0, ptr %1, i64 %2) #2 {
entry:
  %3 = icmp eq i64 %2, 0
  br i1 %3, label %done, label %lane

lane:                                             ; preds = %lane, %entry
  %left = phi i64 [ %2, %entry ], [ %10, %lane ]
  %4 = call i64 @llvm.cttz.i64(i64 %left, i1 true)
  %5 = getelementptr inbounds ptr, ptr %0, i64 %4
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr inbounds i16, ptr %1, i64 %4
  %8 = load i16, ptr %7, align 2
  store i16 %8, ptr %6, align 2
  %9 = sub i64 %left, 1
  %10 = and i64 %left, %9
  %11 = icmp eq i64 %10, 0
  br i1 %11, label %done, label %lane

done:                                             ; preds = %lane, %entry
  ret void
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(read) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(write) }
attributes #2 = { noinline nounwind }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
