//! ROCm's environment variables for the runtime's behaviour, read once per process:
//!
//! - `AMD_LOG_LEVEL` (0–5): messages on stderr through `tracing`. 1: failing HIP calls with
//!   their code, where in the library they failed and why; 2: warnings too; 3: every HIP call's
//!   result; 4: launches (kernel, grid, block, shared memory, stream) and the runtime's debug
//!   messages; 5: everything. When it is unset or 0 each call pays one atomic load.
//! - `AMD_SERIALIZE_KERNEL`: 1 waits for the device before each launch, 2 waits for the launch
//!   to finish after queuing it, 3 both. `HIP_LAUNCH_BLOCKING=1` makes launches synchronous (as
//!   2). Launches into a capturing stream are recorded, not waited for.
//! - `HIP_VISIBLE_DEVICES`, `CUDA_VISIBLE_DEVICES`, `ROCR_VISIBLE_DEVICES`: read by the `hip`
//!   crate (a list hiding the CPU device makes every call `hipErrorNoDevice`).

use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::OnceLock;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// The log level before `AMD_LOG_LEVEL` is read.
const UNREAD: u8 = u8::MAX;
static LOG_LEVEL: AtomicU8 = AtomicU8::new(UNREAD);

/// `AMD_LOG_LEVEL`, 0 when unset or not a number: one atomic load once read.
#[inline]
pub(crate) fn log_level() -> u8 {
    match LOG_LEVEL.load(Ordering::Relaxed) {
        UNREAD => init_log(),
        l => l,
    }
}

#[cold]
fn init_log() -> u8 {
    static INIT: OnceLock<u8> = OnceLock::new();
    *INIT.get_or_init(|| {
        let level = std::env::var("AMD_LOG_LEVEL")
            .ok()
            .and_then(|v| v.trim().parse::<u8>().ok())
            .unwrap_or(0)
            .min(5);
        if let Some(max) = tracing_level(level) {
            // A program that installed its own subscriber keeps it (and gets these messages).
            let _ = tracing::subscriber::set_global_default(StderrLog {
                max,
                level,
                next_span: AtomicU64::new(1),
            });
        }
        LOG_LEVEL.store(level, Ordering::Relaxed);
        level
    })
}

/// ROCm's levels as `tracing`'s: 1 errors, 2 warnings, 3 info, 4 debug, 5 trace.
fn tracing_level(level: u8) -> Option<Level> {
    match level {
        1 => Some(Level::ERROR),
        2 => Some(Level::WARN),
        3 => Some(Level::INFO),
        4 => Some(Level::DEBUG),
        5.. => Some(Level::TRACE),
        _ => None,
    }
}

/// Writes each enabled event as a line on stderr:
/// `:<AMD_LOG_LEVEL of the message>:<target> [pid:<pid> tid:<thread>] <message> <fields>`.
struct StderrLog {
    max: Level,
    level: u8,
    next_span: AtomicU64,
}

/// The message and the other fields of an event, in order.
#[derive(Default)]
struct Line {
    message: String,
    fields: String,
}

impl Visit for Line {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        use std::fmt::Write as _;
        if field.name() == "message" {
            let _ = write!(self.message, "{value:?}");
        } else {
            let _ = write!(self.fields, " {}={value:?}", field.name());
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            self.fields.push_str(&format!(" {}={value}", field.name()));
        }
    }
}

impl Subscriber for StderrLog {
    fn enabled(&self, meta: &Metadata<'_>) -> bool {
        *meta.level() <= self.max
    }

    fn max_level_hint(&self) -> Option<tracing::level_filters::LevelFilter> {
        Some(tracing::level_filters::LevelFilter::from_level(self.max))
    }

    fn new_span(&self, _span: &Attributes<'_>) -> Id {
        Id::from_u64(self.next_span.fetch_add(1, Ordering::Relaxed))
    }

    fn record(&self, _span: &Id, _values: &Record<'_>) {}

    fn record_follows_from(&self, _span: &Id, _follows: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let meta = event.metadata();
        let n = match *meta.level() {
            Level::ERROR => 1,
            Level::WARN => 2,
            Level::INFO => 3,
            Level::DEBUG => 4,
            _ => 5,
        };
        if n > self.level {
            return;
        }
        let mut line = Line::default();
        event.record(&mut line);
        let tid = std::thread::current().id();
        // One write per line, so lines of different threads do not interleave.
        let text = format!(
            ":{n}:{} [pid:{} tid:{tid:?}] {}{}\n",
            meta.target(),
            std::process::id(),
            line.message,
            line.fields
        );
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }

    fn enter(&self, _span: &Id) {}

    fn exit(&self, _span: &Id) {}
}

/// `AMD_SERIALIZE_KERNEL` / `HIP_LAUNCH_BLOCKING`: wait before a launch (bit 0), after it
/// (bit 1).
pub(crate) const SERIALIZE_BEFORE: u8 = 1;
pub(crate) const SERIALIZE_AFTER: u8 = 2;

pub(crate) fn serialize_launches() -> u8 {
    static MODE: OnceLock<u8> = OnceLock::new();
    *MODE.get_or_init(|| {
        let num = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse::<u8>().ok())
                .unwrap_or(0)
        };
        let mut mode = num("AMD_SERIALIZE_KERNEL") & (SERIALIZE_BEFORE | SERIALIZE_AFTER);
        if num("HIP_LAUNCH_BLOCKING") != 0 {
            mode |= SERIALIZE_AFTER;
        }
        mode
    })
}
