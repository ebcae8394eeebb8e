; With mask registers (AVX-512BW) the PHI stays as it is.
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
