; Dispatch values: group ids, block and grid sizes and the warp size are loaded once in the
; prologue; work-item ids and the lane are the loops' counters.
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tx = call i32 @__ferrocm_workitem_id_x()
  %ty = call i32 @__ferrocm_workitem_id_y()
  %gx = call i32 @__ferrocm_workgroup_id_x()
  %gz = call i32 @__ferrocm_workgroup_id_z()
  %bx = call i32 @__ferrocm_workgroup_size_x()
  %ny = call i32 @__ferrocm_num_workgroups_y()
  %ws = call i32 @__ferrocm_warp_size()
  %lane = call i32 @__ferrocm_lane_id()
  %s1 = add i32 %tx, %ty
  %s2 = add i32 %s1, %gx
  %s3 = add i32 %s2, %gz
  %s4 = add i32 %s3, %bx
  %s5 = add i32 %s4, %ny
  %s6 = add i32 %s5, %ws
  %s7 = add i32 %s6, %lane
  %t64 = zext i32 %tx to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t64
  store i32 %s7, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare i32 @__ferrocm_workitem_id_y()
declare i32 @__ferrocm_workgroup_id_x()
declare i32 @__ferrocm_workgroup_id_z()
declare i32 @__ferrocm_workgroup_size_x()
declare i32 @__ferrocm_num_workgroups_y()
declare i32 @__ferrocm_warp_size()
declare i32 @__ferrocm_lane_id()
