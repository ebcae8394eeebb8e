; A float sum over a uniform trip count (an argument), after a divergent select that joins
; before the loop, reading the same element in every work-item and storing a column-wise one:
; the loop's header gets a barrier.
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %x = call i32 @__ferrocm_workitem_id_x()
  %big = icmp ugt i32 %x, 7
  br i1 %big, label %clamp, label %start

clamp:
  br label %start

start:
  %xc = phi i32 [ 7, %clamp ], [ %x, %entry ]
  br label %loop

loop:
  %k = phi i32 [ 0, %start ], [ %k1, %loop ]
  %sum = phi float [ 0.0, %start ], [ %sum1, %loop ]
  %k64 = zext i32 %k to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %k64
  %v = load float, ptr addrspace(1) %p, align 4
  %xf = uitofp i32 %xc to float
  %t = fmul float %v, %xf
  %sum1 = fadd float %sum, %t
  %col = mul i32 %k, %n
  %colx = add i32 %col, %x
  %c64 = zext i32 %colx to i64
  %cp = getelementptr inbounds float, ptr addrspace(1) %out, i64 %c64
  store float %t, ptr addrspace(1) %cp, align 4
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %n
  br i1 %more, label %loop, label %done

done:
  %x64 = zext i32 %x to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x64
  store float %sum1, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
