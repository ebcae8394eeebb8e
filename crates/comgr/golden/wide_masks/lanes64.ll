; A 64-lane mask reaching a join from two blocks (one of them by both edges of its branch) and
; a constant: the PHI carries bytes, and the select reads the comparison after the PHIs.
define void @k(i1 %c, i1 %d, <64 x i32> %a, <64 x i32> %b, ptr %x, ptr %o) {
entry:
  br i1 %c, label %t, label %j
t:
  %m1 = icmp ult <64 x i32> %a, %b
  br i1 %d, label %j, label %j
j:
  %m = phi <64 x i1> [ zeroinitializer, %entry ], [ %m1, %t ], [ %m1, %t ]
  %n = phi i32 [ 0, %entry ], [ 1, %t ], [ 1, %t ]
  %v = load <64 x i64>, ptr %x, align 8
  %s = select <64 x i1> %m, <64 x i64> %v, <64 x i64> zeroinitializer
  store <64 x i64> %s, ptr %o, align 8
  ret void
}

; A mask computed before a loop and used in it, and one passed in: each crosses as bytes, and
; each block that uses it compares once.
define void @rows(<64 x i1> %arg, <64 x i32> %a, <64 x i32> %b, ptr %x, ptr %o, i32 %n) {
entry:
  %row = icmp ult <64 x i32> %a, %b
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = load <64 x i64>, ptr %x, align 8
  %both = and <64 x i1> %row, %arg
  %s = select <64 x i1> %both, <64 x i64> %v, <64 x i64> zeroinitializer
  %t = select <64 x i1> %row, <64 x i64> %s, <64 x i64> %v
  store <64 x i64> %t, ptr %o, align 8
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}
