//! Argument rules: the calls whose arguments hipify-clang changes besides renaming the function (device
//! symbols through `HIP_SYMBOL`, flags HIP needs, C++ overloads told apart by their arity, rocSPARSE and
//! MIOpen argument orders). Read from `data/arguments.tsv`, whose header documents the format; applied by
//! [`crate::translate`].

use crate::tables::{FastMap, TableError};
use std::sync::OnceLock;

/// When a rule set applies: the call's family translated to HIP names, or to ROC (or MIOpen) names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Hip,
    Roc,
}

/// One change to a call's arguments; argument numbers are the call's original ones, from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// Argument `n` becomes `name(argument)`.
    Wrap { n: usize, name: String },
    /// Argument `n` is removed (with `warn`, a "possible data loss" warning).
    Remove { n: usize, warn: bool },
    /// `text` is inserted before argument `n`, or appended when there is none.
    Add { n: usize, text: String },
    /// Argument `n` is replaced by `text`.
    Replace { n: usize, text: String },
    /// `count` arguments from `n` move before argument `to` (or to the end).
    Move { n: usize, to: usize, count: usize },
    /// Argument `n` is copied before argument `to` (or to the end).
    Copy { n: usize, to: usize },
    /// With `arity` arguments the function is renamed `name`.
    Overload { arity: usize, name: String },
}

/// The rules of one call in one mode.
#[derive(Debug, Clone)]
pub struct RuleSet {
    pub mode: Mode,
    pub ops: Vec<Op>,
}

/// All argument rules, by CUDA function name.
#[derive(Debug, Default)]
pub struct ArgRules {
    map: FastMap<String, Vec<RuleSet>>,
}

pub const ARGUMENTS_FILE: &str = include_str!("../data/arguments.tsv");

impl ArgRules {
    /// The rules compiled into the crate (parsed once).
    pub fn builtin() -> Result<&'static ArgRules, TableError> {
        static R: OnceLock<Result<ArgRules, TableError>> = OnceLock::new();
        R.get_or_init(|| ArgRules::parse(ARGUMENTS_FILE))
            .as_ref()
            .map_err(|e| e.clone())
    }

    /// The rule sets of `name`.
    pub fn get(&self, name: &str) -> &[RuleSet] {
        self.map.get(name).map_or(&[], |v| v.as_slice())
    }

    /// Every function with rules.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.map.keys().map(String::as_str)
    }

    pub fn parse(text: &str) -> Result<ArgRules, TableError> {
        let mut rules = ArgRules::default();
        for (i, line) in text.lines().enumerate() {
            let err = |message: String| TableError {
                file: "arguments.tsv".into(),
                line: i + 1,
                message,
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let (Some(name), Some(mode)) = (words.next(), words.next()) else {
                return Err(err("a rule needs a function, a mode and rules".into()));
            };
            let mode = match mode {
                "hip" => Mode::Hip,
                "roc" => Mode::Roc,
                m => return Err(err(format!("unknown mode '{m}' (hip or roc)"))),
            };
            let mut ops = Vec::new();
            for w in words {
                ops.push(parse_op(w).map_err(err)?);
            }
            if ops.is_empty() {
                return Err(err(format!("'{name}' has no rules")));
            }
            let sets = rules.map.entry(name.to_string()).or_default();
            if sets.iter().any(|s| s.mode == mode) {
                return Err(err(format!("'{name}' has two '{mode:?}' lines")));
            }
            sets.push(RuleSet { mode, ops });
        }
        Ok(rules)
    }
}

fn parse_op(w: &str) -> Result<Op, String> {
    let (key, value) = w
        .split_once('=')
        .ok_or_else(|| format!("'{w}' is not KEY=VALUE"))?;
    let parts: Vec<&str> = value.splitn(3, ':').collect();
    let num = |s: &str| -> Result<usize, String> {
        s.parse()
            .map_err(|_| format!("'{s}' is not an argument number in '{w}'"))
    };
    let text = |k: usize| -> Result<String, String> {
        match parts.get(k) {
            Some(t) if !t.is_empty() => Ok(t.replace(',', ", ")),
            _ => Err(format!("'{w}' needs a text")),
        }
    };
    Ok(match key {
        "wrap" => Op::Wrap {
            n: num(parts[0])?,
            name: text(1)?,
        },
        "remove" | "remove!" => Op::Remove {
            n: num(value)?,
            warn: key == "remove!",
        },
        "add" => Op::Add {
            n: num(parts[0])?,
            text: text(1)?,
        },
        "replace" => Op::Replace {
            n: num(parts[0])?,
            text: text(1)?,
        },
        "move" => Op::Move {
            n: num(parts[0])?,
            to: num(parts.get(1).ok_or_else(|| format!("'{w}' needs N:TO"))?)?,
            count: parts.get(2).map_or(Ok(1), |c| num(c))?,
        },
        "copy" => Op::Copy {
            n: num(parts[0])?,
            to: num(parts.get(1).ok_or_else(|| format!("'{w}' needs N:TO"))?)?,
        },
        "overload" => Op::Overload {
            arity: num(parts[0])?,
            name: text(1)?,
        },
        k => return Err(format!("unknown rule '{k}'")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_rules_parse_and_name_known_functions() {
        let rules = ArgRules::builtin().expect("arguments.tsv parses");
        let tables = crate::Tables::builtin().expect("tables parse");
        let mut n = 0;
        for name in rules.names() {
            assert!(
                tables.lookup(name).is_some(),
                "'{name}' has argument rules but is in no table"
            );
            n += 1;
        }
        assert!(n > 100, "{n} functions with rules");
        assert_eq!(
            rules.get("cudaEventCreate")[0].ops[1],
            Op::Overload {
                arity: 2,
                name: "hipEventCreateWithFlags".into()
            }
        );
    }

    #[test]
    fn bad_rules_are_errors_with_their_line() {
        for (text, msg) in [
            ("f hip", "no rules"),
            ("f gpu wrap=0:X", "unknown mode"),
            ("f hip wrap=x:X", "not an argument number"),
            ("f hip add=1", "needs a text"),
            ("f hip frob=1", "unknown rule"),
            ("f hip move=1", "needs N:TO"),
            ("\nf hip remove=1\nf hip remove=2", "two"),
        ] {
            let e = ArgRules::parse(text).expect_err(text);
            assert!(e.message.contains(msg), "{text}: {e}");
            assert!(e.line >= 1);
        }
        assert_eq!(
            ArgRules::parse("\nf hip remove=1\nf hip remove=2")
                .unwrap_err()
                .line,
            3
        );
    }
}
