; vector_dispatch in a large module: the work-item form runs only the launches the clone cannot
; take, so each region has its lane-by-lane loop and not the lock-step copy.
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %lane = call i32 @__ferrocm_lane_id()
  %v = zext i32 %t to i64
  %lanes = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %v)
  %src = xor i32 %lane, 1
  %src64 = zext i32 %src to i64
  %p = getelementptr inbounds i64, ptr addrspace(4) %lanes, i64 %src64
  %w = load i64, ptr addrspace(4) %p, align 8
  %t64 = zext i32 %t to i64
  %o = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %t64
  store i64 %w, ptr addrspace(1) %o, align 8
  ret void
}

declare i32 @__ferrocm_workitem_id_x()
declare i32 @__ferrocm_lane_id()
declare ptr addrspace(4) @__ferrocm_warp_exchange(i64)
