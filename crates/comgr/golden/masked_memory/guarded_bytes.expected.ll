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
  call void @__ferrocm_lanes.load.i8x64.a1.as0(ptr %in, ptr %lanes.slot, i64 %2)
  %lanes.value = load <64 x i8>, ptr %lanes.slot, align 64
  br label %mask.join

mask.join:                                        ; preds = %mask.full, %mask.some, %mask.part
  %mask.value = phi <64 x i8> [ %mask.load, %mask.full ], [ zeroinitializer, %mask.some ], [ %lanes.value, %mask.part ]
  %3 = bitcast <64 x i1> %m to i64
  %4 = icmp eq i64 %3, -1
  br i1 %4, label %mask.full3, label %mask.some4

mask.part1:                                       ; preds = %mask.some4
  %5 = bitcast <64 x i1> %m to i64
  store <64 x i8> %mask.value, ptr %lanes.slot, align 64
  call void @__ferrocm_lanes.store.i8x64.a1.as0(ptr %out, ptr %lanes.slot, i64 %5)
  br label %mask.join2

mask.join2:                                       ; preds = %mask.full3, %mask.some4, %mask.part1
  ret void

mask.full:                                        ; preds = %entry
  %mask.load = load <64 x i8>, ptr %in, align 16
  br label %mask.join

mask.some:                                        ; preds = %entry
  %6 = icmp eq i64 %0, 0
  br i1 %6, label %mask.join, label %mask.part

mask.full3:                                       ; preds = %mask.join
  store <64 x i8> %mask.value, ptr %out, align 1
  br label %mask.join2

mask.some4:                                       ; preds = %mask.join
  %7 = icmp eq i64 %3, 0
  br i1 %7, label %mask.join2, label %mask.part1
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <64 x i8> @llvm.masked.load.v64i8.p0(ptr nocapture, i32 immarg, <64 x i1>, <64 x i8>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v64i8.p0(<64 x i8>, ptr nocapture, i32 immarg, <64 x i1>) #1

; Function Attrs: noinline nounwind
define internal void @__ferrocm_lanes.load.i8x64.a1.as0(ptr %0, ptr %1, i64 %2) #2 {
entry:
  %3 = icmp eq i64 %2, 0
  br i1 %3, label %done, label %lane

lane:                                             ; preds = %lane, %entry
  %left = phi i64 [ %2, %entry ], [ %9, %lane ]
  %4 = call i64 @llvm.cttz.i64(i64 %left, i1 true)
  %5 = getelementptr inbounds i8, ptr %0, i64 %4
  %6 = getelementptr inbounds i8, ptr %1, i64 %4
  %7 = load i8, ptr %5, align 1
  store i8 %7, ptr %6, align 1
  %8 = sub i64 %left, 1
  %9 = and i64 %left, %8
  %10 = icmp eq i64 %9, 0
  br i1 %10, label %done, label %lane

done:                                             ; preds = %lane, %entry
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.cttz.i64(i64, i1 immarg) #3

; Function Attrs: noinline nounwind
define internal void @__ferrocm_lanes.store.i8x64.a1.as0(ptr %0, ptr %1, i64 %2) #2 {
entry:
  %3 = icmp eq i64 %2, 0
  br i1 %3, label %done, label %lane

lane:                                             ; preds = %lane, %entry
  %left = phi i64 [ %2, %entry ], [ %9, %lane ]
  %4 = call i64 @llvm.cttz.i64(i64 %left, i1 true)
  %5 = getelementptr inbounds i8, ptr %0, i64 %4
  %6 = getelementptr inbounds i8, ptr %1, i64 %4
  %7 = load i8, ptr %6, align 1
  store i8 %7, ptr %5, align 1
  %8 = sub i64 %left, 1
  %9 = and i64 %left, %8
  %10 = icmp eq i64 %9, 0
  br i1 %10, label %done, label %lane

done:                                             ; preds = %lane, %entry
  ret void
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #2 = { noinline nounwind }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
