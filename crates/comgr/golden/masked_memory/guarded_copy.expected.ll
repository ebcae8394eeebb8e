; rewritten: 4
; ModuleID = 'guarded_copy'
source_filename = "guarded_copy"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @body(ptr %in, ptr %out, <8 x i32> %i, i32 %n) {
entry:
  %ns = insertelement <8 x i32> poison, i32 %n, i64 0
  %nv = shufflevector <8 x i32> %ns, <8 x i32> poison, <8 x i32> zeroinitializer
  %m = icmp slt <8 x i32> %i, %nv
  %0 = bitcast <8 x i1> %m to i8
  %1 = icmp eq i8 %0, -1
  br i1 %1, label %mask.full, label %mask.some

mask.part:                                        ; preds = %mask.some
  %v = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr %in, i32 4, <8 x i1> %m, <8 x i32> zeroinitializer)
  br label %mask.join

mask.join:                                        ; preds = %mask.full, %mask.some, %mask.part
  %mask.value = phi <8 x i32> [ %mask.load, %mask.full ], [ zeroinitializer, %mask.some ], [ %v, %mask.part ]
  %w = add <8 x i32> %mask.value, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %2 = bitcast <8 x i1> %m to i8
  %3 = icmp eq i8 %2, -1
  br i1 %3, label %mask.full3, label %mask.some4

mask.part1:                                       ; preds = %mask.some4
  call void @llvm.masked.store.v8i32.p0(<8 x i32> %w, ptr %out, i32 4, <8 x i1> %m)
  br label %mask.join2

mask.join2:                                       ; preds = %mask.full3, %mask.some4, %mask.part1
  %c = call <8 x i32> @llvm.masked.load.v8i32.p0(ptr %in, i32 4, <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, <8 x i32> %w)
  store <8 x i32> %c, ptr %in, align 4
  ret void

mask.full:                                        ; preds = %entry
  %mask.load = load <8 x i32>, ptr %in, align 4
  br label %mask.join

mask.some:                                        ; preds = %entry
  %4 = icmp eq i8 %0, 0
  br i1 %4, label %mask.join, label %mask.part

mask.full3:                                       ; preds = %mask.join
  store <8 x i32> %w, ptr %out, align 4
  br label %mask.join2

mask.some4:                                       ; preds = %mask.join
  %5 = icmp eq i8 %2, 0
  br i1 %5, label %mask.join2, label %mask.part1
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <8 x i32> @llvm.masked.load.v8i32.p0(ptr nocapture, i32 immarg, <8 x i1>, <8 x i32>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v8i32.p0(<8 x i32>, ptr nocapture, i32 immarg, <8 x i1>) #1

define void @copy(ptr %in, ptr %out, <8 x i1> %m) {
entry:
  %0 = bitcast <8 x i1> %m to i8
  %1 = icmp eq i8 %0, -1
  br i1 %1, label %mask.full, label %mask.some

mask.part:                                        ; preds = %mask.some
  %v = call <8 x i64> @llvm.masked.load.v8i64.p0(ptr %in, i32 8, <8 x i1> %m, <8 x i64> poison)
  br label %mask.join

mask.join:                                        ; preds = %mask.full, %mask.some, %mask.part
  %mask.value = phi <8 x i64> [ %mask.load, %mask.full ], [ poison, %mask.some ], [ %v, %mask.part ]
  %2 = bitcast <8 x i1> %m to i8
  %3 = icmp eq i8 %2, -1
  br i1 %3, label %mask.full3, label %mask.some4

mask.part1:                                       ; preds = %mask.some4
  call void @llvm.masked.store.v8i64.p0(<8 x i64> %mask.value, ptr %out, i32 8, <8 x i1> %m)
  br label %mask.join2

mask.join2:                                       ; preds = %mask.full3, %mask.some4, %mask.part1
  ret void

mask.full:                                        ; preds = %entry
  %mask.load = load <8 x i64>, ptr %in, align 8
  br label %mask.join

mask.some:                                        ; preds = %entry
  %4 = icmp eq i8 %0, 0
  br i1 %4, label %mask.join, label %mask.part

mask.full3:                                       ; preds = %mask.join
  store <8 x i64> %mask.value, ptr %out, align 8
  br label %mask.join2

mask.some4:                                       ; preds = %mask.join
  %5 = icmp eq i8 %2, 0
  br i1 %5, label %mask.join2, label %mask.part1
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <8 x i64> @llvm.masked.load.v8i64.p0(ptr nocapture, i32 immarg, <8 x i1>, <8 x i64>) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.masked.store.v8i64.p0(<8 x i64>, ptr nocapture, i32 immarg, <8 x i1>) #1

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }
