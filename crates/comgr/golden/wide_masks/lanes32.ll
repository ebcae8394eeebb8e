; 32 lanes fit a vector register as they are: unchanged.
define void @k(i1 %c, <32 x i32> %a, <32 x i32> %b, ptr %x, ptr %o) {
entry:
  br i1 %c, label %t, label %j
t:
  %m1 = icmp ult <32 x i32> %a, %b
  br label %j
j:
  %m = phi <32 x i1> [ zeroinitializer, %entry ], [ %m1, %t ]
  %v = load <32 x i64>, ptr %x, align 8
  %s = select <32 x i1> %m, <32 x i64> %v, <32 x i64> zeroinitializer
  store <32 x i64> %s, ptr %o, align 8
  ret void
}
