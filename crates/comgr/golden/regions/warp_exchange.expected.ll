; ModuleID = 'warp_exchange'
source_filename = "warp_exchange"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @k(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__ferrocm_workitem_id_x()
  %lane = call i32 @__ferrocm_lane_id()
  %v = zext i32 %t to i64
  call void @__ferrocm_warp_publish(i64 %v)
  call void @__ferrocm_warp_point()
  br label %0

0:                                                ; preds = %entry
  %1 = call ptr addrspace(4) @__ferrocm_warp_result()
  %src = add i32 %lane, 1
  %src64 = zext i32 %src to i64
  %p = getelementptr inbounds i64, ptr addrspace(4) %1, i64 %src64
  %w = load i64, ptr addrspace(4) %p, align 8
  %t64 = zext i32 %t to i64
  %o = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %t64
  store i64 %w, ptr addrspace(1) %o, align 8
  ret void
}

declare i32 @__ferrocm_workitem_id_x()

declare i32 @__ferrocm_lane_id()

declare ptr addrspace(4) @__ferrocm_warp_exchange(i64)

declare void @__ferrocm_warp_publish(i64)

declare void @__ferrocm_warp_point()

declare ptr addrspace(4) @__ferrocm_warp_result()
