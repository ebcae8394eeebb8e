; rewritten: 2
; ModuleID = 'guarded_bytes'
source_filename = "guarded_bytes"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @bytes(ptr %in, ptr %out, <64 x i1> %m) {
entry:
  %lanes.slot = alloca <64 x i8>, align 64
  %0 = bitcast <64 x i1> %m to i64
  %1 = icmp eq i64 %0, -1
  br i1 %1, label %mask.full, label %mask.some

mask.part:                                        ; preds = %mask.some
  %2 = bitcast <64 x i1> %m to i64
  store <64 x i8> zeroinitializer, ptr %lanes.slot, align 64
  %3 = icmp eq i64 %2, 0
  br i1 %3, label %lanes.done, label %lanes

mask.join:                                        ; preds = %lanes.done, %mask.full, %mask.some
  %mask.value = phi <64 x i8> [ %mask.load, %mask.full ], [ zeroinitializer, %mask.some ], [ %lanes.value, %lanes.done ]
  %4 = bitcast <64 x i1> %m to i64
  %5 = icmp eq i64 %4, -1
  br i1 %5, label %mask.full3, label %mask.some4

mask.part1:                                       ; preds = %mask.some4
  %6 = bitcast <64 x i1> %m to i64
  store <64 x i8> %mask.value, ptr %lanes.slot, align 64
  %7 = icmp eq i64 %6, 0
  br i1 %7, label %lanes.done6, label %lanes5

mask.join2:                                       ; preds = %lanes.done6, %mask.full3, %mask.some4
  ret void

mask.full:                                        ; preds = %entry
  %mask.load = load <64 x i8>, ptr %in, align 16
  br label %mask.join

mask.some:                                        ; preds = %entry
  %8 = icmp eq i64 %0, 0
  br i1 %8, label %mask.join, label %mask.part

lanes:                                            ; preds = %lanes, %mask.part
  %lanes.left = phi i64 [ %2, %mask.part ], [ %14, %lanes ]
  %9 = call i64 @llvm.cttz.i64(i64 %lanes.left, i1 true)
  %10 = getelementptr inbounds i8, ptr %in, i64 %9
  %11 = getelementptr inbounds i8, ptr %lanes.slot, i64 %9
  %12 = load i8, ptr %10, align 1
  store i8 %12, ptr %11, align 1
  %13 = sub i64 %lanes.left, 1
  %14 = and i64 %lanes.left, %13
  %15 = icmp eq i64 %14, 0
  br i1 %15, label %lanes.done, label %lanes

lanes.done:                                       ; preds = %lanes, %mask.part
  %lanes.value = load <64 x i8>, ptr %lanes.slot, align 64
  br label %mask.join

mask.full3:                                       ; preds = %mask.join
  store <64 x i8> %mask.value, ptr %out, align 1
  br label %mask.join2

mask.some4:                                       ; preds = %mask.join
  %16 = icmp eq i64 %4, 0
  br i1 %16, label %mask.join2, label %mask.part1

lanes5:                                           ; preds = %lanes5, %mask.part1
  %lanes.left7 = phi i64 [ %6, %mask.part1 ], [ %22, %lanes5 ]
  %17 = call i64 @llvm.cttz.i64(i64 %lanes.left7, i1 true)
  %18 = getelementptr inbounds i8, ptr %out, i64 %17
  %19 = getelementptr inbounds i8, ptr %lanes.slot, i64 %17
  %20 = load i8, ptr %19, align 1
  store i8 %20, ptr %18, align 1
  %21 = sub i64 %lanes.left7, 1
  %22 = and i64 %lanes.left7, %21
  %23 = icmp eq i64 %22, 0
  br i1 %23, label %lanes.done6, label %lanes5

lanes.done6:                                      ; preds = %lanes5, %mask.part1
  br label %mask.join2
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <64 x i8> @llvm.masked.load.v64i8.p0(ptr nocapture, i32 immarg, <64 x i1>, <64 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v64i8.p0(<64 x i8>, ptr nocapture, i32 immarg, <64 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.cttz.i64(i64, i1 immarg) #2

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
