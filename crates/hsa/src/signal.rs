//! HSA signals: a 64-bit value that producers update and consumers wait on.
//!
//! Waiting spins for a couple of microseconds, then polls while yielding its core (most waits in a
//! dispatch are short), then blocks on a condition variable. Every update notifies blocked waiters.

use crate::error::{HsaError, Result};
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

/// Condition of [`Signal::wait`] (`hsa_signal_condition_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignalCondition {
    Eq,
    Ne,
    Lt,
    Gte,
}

impl SignalCondition {
    fn holds(self, value: i64, compare: i64) -> bool {
        match self {
            SignalCondition::Eq => value == compare,
            SignalCondition::Ne => value != compare,
            SignalCondition::Lt => value < compare,
            SignalCondition::Gte => value >= compare,
        }
    }
}

/// How long a waiter spins before it blocks.
const SPIN: Duration = Duration::from_micros(2);
/// After spinning, how long a waiter keeps polling while yielding its core to other threads.
const YIELD_POLL: Duration = Duration::from_micros(50);

struct SignalInner {
    handle: u64,
    value: AtomicI64,
    waiters: AtomicUsize,
    lock: Mutex<()>,
    cond: Condvar,
}

impl Drop for SignalInner {
    fn drop(&mut self) {
        let mut reg = registry().lock().unwrap_or_else(|e| e.into_inner());
        // Only remove our own entry; a dead Weak cannot be anyone else's.
        if reg.get(&self.handle).is_some_and(|w| w.strong_count() == 0) {
            reg.remove(&self.handle);
        }
    }
}

fn registry() -> &'static Mutex<HashMap<u64, Weak<SignalInner>>> {
    static REG: OnceLock<Mutex<HashMap<u64, Weak<SignalInner>>>> = OnceLock::new();
    REG.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Handles are never reused, so a stale handle cannot name a newer signal.
static NEXT_HANDLE: AtomicU64 = AtomicU64::new(1);

/// A signal. Cloning gives another reference to the same signal.
#[derive(Clone)]
pub struct Signal {
    inner: Arc<SignalInner>,
}

impl std::fmt::Debug for Signal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Signal")
            .field("handle", &self.inner.handle)
            .field("value", &self.load())
            .finish()
    }
}

impl Signal {
    /// Creates a signal with `initial` value and registers its handle.
    pub fn new(initial: i64) -> Signal {
        let handle = NEXT_HANDLE.fetch_add(1, Ordering::Relaxed);
        let inner = Arc::new(SignalInner {
            handle,
            value: AtomicI64::new(initial),
            waiters: AtomicUsize::new(0),
            lock: Mutex::new(()),
            cond: Condvar::new(),
        });
        registry()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(handle, Arc::downgrade(&inner));
        Signal { inner }
    }

    /// The signal's handle (`hsa_signal_t.handle`); never 0.
    pub fn handle(&self) -> u64 {
        self.inner.handle
    }

    /// Looks up a live signal by handle. Unknown or destroyed handles are an error.
    pub fn from_handle(handle: u64) -> Result<Signal> {
        let reg = registry().lock().unwrap_or_else(|e| e.into_inner());
        let inner = reg.get(&handle).and_then(Weak::upgrade);
        drop(reg);
        inner
            .map(|inner| Signal { inner })
            .ok_or(HsaError::InvalidSignal(handle))
    }

    /// Unregisters the handle: later [`Signal::from_handle`] calls fail. References already
    /// held keep working (they own the memory), as HSA leaves that undefined.
    pub fn destroy(self) {
        let mut reg = registry().lock().unwrap_or_else(|e| e.into_inner());
        reg.remove(&self.inner.handle);
    }

    pub fn load(&self) -> i64 {
        self.inner.value.load(Ordering::Acquire)
    }

    pub fn store(&self, v: i64) {
        self.inner.value.store(v, Ordering::SeqCst);
        self.wake();
    }

    /// Adds `v`; returns the previous value.
    pub fn add(&self, v: i64) -> i64 {
        let old = self.inner.value.fetch_add(v, Ordering::SeqCst);
        self.wake();
        old
    }

    /// Subtracts `v`; returns the previous value.
    pub fn sub(&self, v: i64) -> i64 {
        let old = self.inner.value.fetch_sub(v, Ordering::SeqCst);
        self.wake();
        old
    }

    /// Stores `v`; returns the previous value.
    pub fn exchange(&self, v: i64) -> i64 {
        let old = self.inner.value.swap(v, Ordering::SeqCst);
        self.wake();
        old
    }

    /// Compare-and-swap; returns the value observed (equal to `expected` on success).
    pub fn cas(&self, expected: i64, v: i64) -> i64 {
        match self
            .inner
            .value
            .compare_exchange(expected, v, Ordering::SeqCst, Ordering::SeqCst)
        {
            Ok(old) => {
                self.wake();
                old
            }
            Err(old) => old,
        }
    }

    fn wake(&self) {
        // A waiter registers in `waiters` before its last check of the value (both SeqCst),
        // so either it sees our update or we see it and notify under the lock it waits with.
        if self.inner.waiters.load(Ordering::SeqCst) > 0 {
            let _g = self.inner.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.inner.cond.notify_all();
        }
    }

    /// Waits until `condition(value, compare)` holds or `timeout` passes (`None`: no limit).
    /// Returns the last value observed; on timeout the condition may not hold.
    pub fn wait(&self, condition: SignalCondition, compare: i64, timeout: Option<Duration>) -> i64 {
        let start = Instant::now();
        let deadline = timeout.map(|t| start + t);
        loop {
            let v = self.load();
            if condition.holds(v, compare) {
                return v;
            }
            let waited = start.elapsed();
            if waited >= SPIN + YIELD_POLL {
                break;
            }
            if waited < SPIN {
                std::hint::spin_loop();
            } else {
                // Runnable threads (the packet processor this waiter waits for, on a busy machine)
                // get the core; an idle machine answers within microseconds.
                std::thread::yield_now();
            }
        }
        self.inner.waiters.fetch_add(1, Ordering::SeqCst);
        let mut guard = self.inner.lock.lock().unwrap_or_else(|e| e.into_inner());
        let result = loop {
            let v = self.inner.value.load(Ordering::SeqCst);
            if condition.holds(v, compare) {
                break v;
            }
            match deadline {
                None => {
                    guard = self
                        .inner
                        .cond
                        .wait(guard)
                        .unwrap_or_else(|e| e.into_inner());
                }
                Some(d) => {
                    let now = Instant::now();
                    if now >= d {
                        break v;
                    }
                    guard = self
                        .inner
                        .cond
                        .wait_timeout(guard, d - now)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
            }
        };
        drop(guard);
        self.inner.waiters.fetch_sub(1, Ordering::SeqCst);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    #[test]
    fn conditions() {
        let s = Signal::new(5);
        let t = Some(Duration::from_millis(1));
        assert_eq!(s.wait(SignalCondition::Eq, 5, t), 5);
        assert_eq!(s.wait(SignalCondition::Ne, 4, t), 5);
        assert_eq!(s.wait(SignalCondition::Lt, 6, t), 5);
        assert_eq!(s.wait(SignalCondition::Gte, 5, t), 5);
    }

    #[test]
    fn operations_return_old_values() {
        let s = Signal::new(1);
        assert_eq!(s.add(2), 1);
        assert_eq!(s.sub(1), 3);
        assert_eq!(s.exchange(10), 2);
        assert_eq!(s.cas(9, 0), 10);
        assert_eq!(s.load(), 10);
        assert_eq!(s.cas(10, 0), 10);
        assert_eq!(s.load(), 0);
        s.store(-3);
        assert_eq!(s.load(), -3);
    }

    #[test]
    fn wait_times_out() {
        let s = Signal::new(1);
        let start = Instant::now();
        let v = s.wait(SignalCondition::Eq, 0, Some(Duration::from_millis(30)));
        assert_eq!(v, 1);
        assert!(start.elapsed() >= Duration::from_millis(30));
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn blocked_waiter_is_woken() {
        let s = Signal::new(1);
        let s2 = s.clone();
        let h =
            thread::spawn(move || s2.wait(SignalCondition::Eq, 0, Some(Duration::from_secs(10))));
        thread::sleep(Duration::from_millis(20));
        s.sub(1);
        assert_eq!(h.join().ok(), Some(0));
    }

    #[test]
    fn many_threads_count_down() {
        let n = 16;
        let s = Signal::new(n * 100);
        let waiters: Vec<_> = (0..4)
            .map(|_| {
                let s = s.clone();
                thread::spawn(move || s.wait(SignalCondition::Eq, 0, Some(Duration::from_secs(20))))
            })
            .collect();
        let workers: Vec<_> = (0..n)
            .map(|_| {
                let s = s.clone();
                thread::spawn(move || {
                    for _ in 0..100 {
                        s.sub(1);
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().ok();
        }
        for w in waiters {
            assert_eq!(w.join().ok(), Some(0));
        }
    }

    #[test]
    fn handles_are_validated() {
        let s = Signal::new(7);
        let h = s.handle();
        assert_eq!(Signal::from_handle(h).map(|s| s.load()), Ok(7));
        s.clone().destroy();
        assert_eq!(
            Signal::from_handle(h).err(),
            Some(HsaError::InvalidSignal(h))
        );
        assert!(Signal::from_handle(0).is_err());
        assert!(Signal::from_handle(u64::MAX).is_err());
        let s2 = Signal::new(0);
        let h2 = s2.handle();
        drop(s2);
        assert!(Signal::from_handle(h2).is_err());
    }
}
