; No barrier: one region, one loop nest over the block, its x loop marked parallel.
define spir_kernel void @k(ptr addrspace(1) %a, float %s, i32 %n) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %g = call i32 @__ferrocm_workgroup_id_x()
  %bs = call i32 @__ferrocm_workgroup_size_x()
  %base = mul i32 %g, %bs
  %i = add i32 %base, %t
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done

body:
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %y = fmul float %x, %s
  store float %y, ptr addrspace(1) %p, align 4
  br label %done

done:
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare i32 @__ferrocm_workgroup_id_x()
declare i32 @__ferrocm_workgroup_size_x()
