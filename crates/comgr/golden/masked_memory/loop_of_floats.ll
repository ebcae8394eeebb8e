; Masked loads of 16 floats in a loop: the phi that joins the two paths feeds the loop's
; accumulator, and the latch's branch stays in the join block.
define float @sum(ptr %p, i32 %n, <16 x i32> %lanes) {
entry:
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi <16 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %ks = insertelement <16 x i32> poison, i32 %k, i64 0
  %kv = shufflevector <16 x i32> %ks, <16 x i32> poison, <16 x i32> zeroinitializer
  %idx = add <16 x i32> %kv, %lanes
  %ns = insertelement <16 x i32> poison, i32 %n, i64 0
  %nv = shufflevector <16 x i32> %ns, <16 x i32> poison, <16 x i32> zeroinitializer
  %m = icmp ult <16 x i32> %idx, %nv
  %k64 = zext i32 %k to i64
  %q = getelementptr float, ptr %p, i64 %k64
  %v = call <16 x float> @llvm.masked.load.v16f32.p0(ptr %q, i32 64, <16 x i1> %m, <16 x float> zeroinitializer)
  %acc.next = fadd <16 x float> %acc, %v
  %k.next = add i32 %k, 16
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %r = call float @llvm.vector.reduce.fadd.v16f32(float 0.0, <16 x float> %acc.next)
  ret float %r
}

declare <16 x float> @llvm.masked.load.v16f32.p0(ptr, i32 immarg, <16 x i1>, <16 x float>)
declare float @llvm.vector.reduce.fadd.v16f32(float, <16 x float>)
