; Two barriers in one block of a loop: each ends its block; the loop's back edge stays.
define spir_kernel void @k(ptr addrspace(1) %a, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @__ferrocm_barrier()
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i64
  store i32 %i, ptr addrspace(1) %p, align 4
  call void @__ferrocm_barrier()
  %i1 = add nuw i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

declare void @__ferrocm_barrier()
