; The global index (ids and an argument) is used after the barrier: it is recomputed there rather
; than kept per work-item. The loaded value is not recomputable and stays as it is.
@s = internal addrspace(3) global [256 x i32] undef, align 16

define spir_kernel void @k(ptr addrspace(1) %a, i32 %n) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %g = call i32 @__ferrocm_workgroup_id_x()
  %bs = call i32 @__ferrocm_workgroup_size_x()
  %base = mul i32 %g, %bs
  %i = add i32 %base, %t
  %i64 = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %i64
  %x = load i32, ptr addrspace(1) %src, align 4
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [256 x i32], ptr addrspace(3) @s, i64 0, i64 %t64
  store i32 %x, ptr addrspace(3) %slot, align 4
  call void @__ferrocm_barrier()
  %in = icmp slt i32 %i, %n
  br i1 %in, label %write, label %done

write:
  %y = load i32, ptr addrspace(3) @s, align 16
  %z = add i32 %y, %x
  store i32 %z, ptr addrspace(1) %src, align 4
  br label %done

done:
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare i32 @__ferrocm_workgroup_id_x()
declare i32 @__ferrocm_workgroup_size_x()
declare void @__ferrocm_barrier()
