//! Reconvergence for the work-item form: the lanes of a warp that part at a branch meet again at
//! its join before any of them exchanges with the warp again, as on a GPU.
//!
//! A GPU runs the two sides of a lane-varying branch one after the other under an execution mask,
//! and the lanes run on together from the branch's immediate post-dominator. The scheduled
//! work-item form (`lower/warp_schedule.rs`) instead lets each lane run to its next warp point, and
//! the lanes waiting at the same point exchange. When a lane skips a side that holds an exchange,
//! it can reach the *same* point on a later trip round a loop while the other lanes are still at
//! it on the earlier trip, and the two trips exchange with each other. rocPRIM's global histogram
//! does this: per channel, only the lanes whose sample is in range group by bin (`match_any`, a
//! ballot per bit), and a lane whose sample was out of range joined the ballots of the next
//! channel, so counts landed in the wrong channel's histogram.
//!
//! The pass puts a warp exchange (a wave barrier) at the immediate post-dominator of every branch
//! from which an exchange can be reached before that join: lanes that skipped the exchanges wait
//! there for the others. Loops are covered too: a loop's exiting branch joins at the loop's exit.
//! Branches whose lanes only meet again at the kernel's end (early returns) need nothing, since a
//! returned lane takes no further part.
//!
//! The lowering numbers the warp points in reverse post-order, so the lowest point a warp's lanes
//! wait at, which runs first, is the earliest in program order: lanes at a join wait until the lanes
//! still inside the branch reach it.
//!
//! It runs on the work-item form only, after the warp-vectorized clone is made: the clone runs
//! lanes under masks, which reconverge by construction.
use crate::ir::{Block, Module, Val};
use crate::lockstep::WARP_EXCHANGE;
use std::collections::HashMap;

fn is_exchange(i: Val) -> bool {
    i.is_call()
        && i.called_function()
            .is_some_and(|f| f.name() == WARP_EXCHANGE)
}

/// The blocks of `f` where lanes must meet again: the joins of branches that can reach a warp
/// exchange before their join.
fn joins(f: Val) -> Vec<Block> {
    let blocks = f.blocks();
    let has_exchange: Vec<bool> = blocks
        .iter()
        .map(|b| b.instructions().into_iter().any(is_exchange))
        .collect();
    if !has_exchange.contains(&true) {
        return Vec::new();
    }
    let index: HashMap<Block, usize> = blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    // One virtual exit after every block that leaves the kernel (returns, unreachable), so that
    // branches to two different returns have the exit as their join.
    let exit = blocks.len();
    let mut succs: Vec<Vec<usize>> = blocks
        .iter()
        .map(|b| {
            let s: Vec<usize> = b
                .successors()
                .iter()
                .filter_map(|s| index.get(s).copied())
                .collect();
            if s.is_empty() {
                vec![exit]
            } else {
                s
            }
        })
        .collect();
    succs.push(Vec::new());
    let ipdom = crate::uniform::immediate_post_dominators(&succs);
    let mut out = Vec::new();
    for (d, s) in succs.iter().enumerate().take(blocks.len()) {
        let mut targets = s.clone();
        targets.sort_unstable();
        targets.dedup();
        if targets.len() < 2 {
            continue;
        }
        let Some(j) = ipdom[d].filter(|&j| j != exit) else {
            continue;
        };
        // What the lanes may run between the branch and its join.
        let mut seen = vec![false; blocks.len()];
        let mut stack: Vec<usize> = targets.into_iter().filter(|&t| t != j).collect();
        let mut reaches = false;
        while let Some(b) = stack.pop() {
            if b == exit || seen[b] {
                continue;
            }
            seen[b] = true;
            if has_exchange[b] {
                reaches = true;
                break;
            }
            stack.extend(succs[b].iter().copied().filter(|&t| t != j));
        }
        if reaches && !out.contains(&blocks[j]) {
            out.push(blocks[j]);
        }
    }
    out
}

/// Whether `b` already begins (after its phis) with a warp exchange.
fn starts_with_exchange(b: Block) -> bool {
    b.first_non_phi().is_some_and(is_exchange)
}

/// Puts a warp exchange at the joins of the branches of `kernels` that can reach an exchange
/// before their join; gives how many.
pub fn run(m: Module, kernels: &[String]) -> usize {
    let mut inserted = 0;
    for name in kernels {
        let Some(f) = m.function(name) else { continue };
        if f.is_declaration() {
            continue;
        }
        for j in joins(f) {
            if starts_with_exchange(j) {
                continue;
            }
            let Some(first) = j.first_non_phi() else {
                continue;
            };
            crate::lockstep::wave_barrier_before(m, first);
            inserted += 1;
        }
    }
    inserted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::testing::run_pass;

    fn run_on(body: &str) -> (String, usize) {
        let ir = format!(
            "declare ptr addrspace(4) @__ferrocm_warp_exchange(i64) convergent
define void @k(ptr %g, i64 %tid, i1 %c, i64 %n) {{
{body}
}}
"
        );
        let (n, text) = run_pass(&ir, |m| run(m, &["k".to_string()]));
        (text, n)
    }

    /// The instructions of block `label` in the printed module.
    fn block<'a>(out: &'a str, label: &str) -> &'a str {
        let start = out
            .find(&format!("\n{label}:"))
            .unwrap_or_else(|| panic!("no block {label} in\n{out}"));
        let rest = &out[start + 1..];
        let end = rest[1..].find("\n\n").map_or(rest.len(), |e| e + 1);
        &rest[..end]
    }

    #[test]
    fn the_join_of_a_branch_around_an_exchange_waits_for_the_lanes_inside() {
        let (out, n) = run_on(
            "entry:
  br i1 %c, label %then, label %join
then:
  %e = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %tid)
  br label %join
join:
  %p = phi i64 [ 1, %then ], [ 2, %entry ]
  store i64 %p, ptr %g
  ret void",
        );
        assert_eq!(n, 1, "{out}");
        let join = block(&out, "join");
        let phi = join.find("phi").expect("phi stays first");
        let ex = join
            .find("@__ferrocm_warp_exchange(i64 0)")
            .unwrap_or_else(|| panic!("no exchange at the join:\n{out}"));
        assert!(phi < ex && ex < join.find("store").unwrap(), "{out}");
    }

    #[test]
    fn a_loop_around_a_branched_exchange_meets_before_its_next_trip() {
        // The histogram's shape: per trip, only some lanes exchange.
        let (out, n) = run_on(
            "entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %ok = icmp ult i64 %i, %tid
  br i1 %ok, label %then, label %latch
then:
  %e = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %i)
  br label %latch
latch:
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %head, label %done
done:
  ret void",
        );
        // The branch in the loop joins at the latch; the loop's exit needs one too.
        assert_eq!(n, 2, "{out}");
        assert!(
            block(&out, "latch").contains("@__ferrocm_warp_exchange(i64 0)"),
            "{out}"
        );
        assert!(
            block(&out, "done").contains("@__ferrocm_warp_exchange(i64 0)"),
            "{out}"
        );
    }

    #[test]
    fn branches_without_an_exchange_before_their_join_are_left_alone() {
        let (out, n) = run_on(
            "entry:
  %e = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %tid)
  br i1 %c, label %then, label %join
then:
  store i64 1, ptr %g
  br label %join
join:
  %e2 = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %tid)
  ret void",
        );
        assert_eq!(n, 0, "{out}");
    }

    #[test]
    fn early_returns_need_no_join() {
        let (out, n) = run_on(
            "entry:
  br i1 %c, label %then, label %out
then:
  %e = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %tid)
  ret void
out:
  ret void",
        );
        assert_eq!(n, 0, "{out}");
    }

    #[test]
    fn a_join_that_already_exchanges_gets_no_second_exchange() {
        let (out, n) = run_on(
            "entry:
  br i1 %c, label %then, label %join
then:
  %e = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 %tid)
  br label %join
join:
  %e2 = call ptr addrspace(4) @__ferrocm_warp_exchange(i64 1)
  ret void",
        );
        assert_eq!(n, 0, "{out}");
    }
}
