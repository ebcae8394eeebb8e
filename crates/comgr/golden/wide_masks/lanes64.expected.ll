; rewritten: 3
; ModuleID = 'lanes64'
source_filename = "lanes64"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @k(i1 %c, i1 %d, <64 x i32> %a, <64 x i32> %b, ptr %x, ptr %o) {
entry:
  br i1 %c, label %t, label %j

t:                                                ; preds = %entry
  %m1 = icmp ult <64 x i32> %a, %b
  %0 = sext <64 x i1> %m1 to <64 x i8>
  br i1 %d, label %j, label %j

j:                                                ; preds = %t, %t, %entry
  %m.bytes = phi <64 x i8> [ zeroinitializer, %entry ], [ %0, %t ], [ %0, %t ]
  %n = phi i32 [ 0, %entry ], [ 1, %t ], [ 1, %t ]
  %1 = icmp ne <64 x i8> %m.bytes, zeroinitializer
  %v = load <64 x i64>, ptr %x, align 8
  %s = select <64 x i1> %1, <64 x i64> %v, <64 x i64> zeroinitializer
  store <64 x i64> %s, ptr %o, align 8
  ret void
}

define void @rows(<64 x i1> %arg, <64 x i32> %a, <64 x i32> %b, ptr %x, ptr %o, i32 %n) {
entry:
  %0 = sext <64 x i1> %arg to <64 x i8>
  %row = icmp ult <64 x i32> %a, %b
  %1 = sext <64 x i1> %row to <64 x i8>
  br label %loop

loop:                                             ; preds = %loop, %entry
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %2 = icmp ne <64 x i8> %1, zeroinitializer
  %3 = icmp ne <64 x i8> %0, zeroinitializer
  %v = load <64 x i64>, ptr %x, align 8
  %both = and <64 x i1> %2, %3
  %s = select <64 x i1> %both, <64 x i64> %v, <64 x i64> zeroinitializer
  %t = select <64 x i1> %2, <64 x i64> %s, <64 x i64> %v
  store <64 x i64> %t, ptr %o, align 8
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %done

done:                                             ; preds = %loop
  ret void
}
