; Block-stride loops in the form LLVM rotates them into: a tile's bytes counted into shared
; memory, and a grid-stride copy from threadIdx.x's global index. Each becomes a loop over
; chunks of 16 steps with a barrier at its top, the original loop inside bounded by the chunk.
@h = internal addrspace(3) global [256 x i32] undef

define spir_kernel void @tile_counts(ptr addrspace(1) %in, i32 %n, i32 %tile) {
entry:
  %g = call i32 @__ferrocm_workgroup_id_x()
  %start = mul i32 %g, %tile
  %lim = add nsw i32 %start, %tile
  %end = call i32 @llvm.smin.i32(i32 %lim, i32 %n)
  %t = call i32 @__ferrocm_workitem_id_x()
  %first = add i32 %start, %t
  %any = icmp slt i32 %first, %end
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i64
  %b = load i8, ptr addrspace(1) %p, align 1
  %b64 = zext i8 %b to i64
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @h, i64 0, i64 %b64
  %old = atomicrmw add ptr addrspace(3) %q, i32 1 monotonic, align 4
  %bd = call i32 @__ferrocm_workgroup_size_x()
  %next = add i32 %bd, %i
  %more = icmp slt i32 %next, %end
  br i1 %more, label %loop, label %done

done:
  ret void
}

define spir_kernel void @grid_copy(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %g = call i32 @__ferrocm_workgroup_id_x()
  %bd = call i32 @__ferrocm_workgroup_size_x()
  %base = mul i32 %g, %bd
  %t = call i32 @__ferrocm_workitem_id_x()
  %first = add i32 %base, %t
  %any = icmp ult i32 %first, %n
  br i1 %any, label %loop, label %done

loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i64
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %v, ptr addrspace(1) %q, align 4
  %bd2 = call i32 @__ferrocm_workgroup_size_x()
  %gd = call i32 @__ferrocm_num_workgroups_x()
  %step = mul i32 %bd2, %gd
  %next = add i32 %i, %step
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

declare i32 @__ferrocm_workgroup_id_x()
declare i32 @__ferrocm_workgroup_size_x()
declare i32 @__ferrocm_num_workgroups_x()
declare i32 @__ferrocm_workitem_id_x()
declare i32 @llvm.smin.i32(i32, i32)
