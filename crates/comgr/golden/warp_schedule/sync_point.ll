; An exchange whose result no one reads (a wave barrier) is a sync point: the lanes meet there, and
; the step leaves every lane array as it was (the switch on the warp's lowest point skips the copy),
; so the shuffle's lanes, read after it, are still the shuffle's. Each point has its own lane array.
define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %lane = call i32 @__ferrocm_lane_id()
  %v = zext i32 %t to i64
  %lanes = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %v)
  %sync = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 0)
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
