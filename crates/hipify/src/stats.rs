//! Translation statistics in hipify-clang's shape (`--print-stats`, `--print-stats-csv`).

use crate::tables::{Api, CONV_TYPES};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::time::Duration;

/// References counted by name, conversion type and API.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counter {
    pub by_name: BTreeMap<String, u64>,
    pub by_conv: BTreeMap<u8, u64>,
    pub by_api: BTreeMap<Api, u64>,
}

impl Counter {
    pub fn add_ref(&mut self, name: &str, conv: u8, api: Api) {
        *self.by_name.entry(name.to_string()).or_default() += 1;
        *self.by_conv.entry(conv).or_default() += 1;
        *self.by_api.entry(api).or_default() += 1;
    }

    pub fn total(&self) -> u64 {
        self.by_conv.values().sum()
    }

    fn merge(&mut self, o: &Counter) {
        for (k, v) in &o.by_name {
            *self.by_name.entry(k.clone()).or_default() += v;
        }
        for (k, v) in &o.by_conv {
            *self.by_conv.entry(*k).or_default() += v;
        }
        for (k, v) in &o.by_api {
            *self.by_api.entry(*k).or_default() += v;
        }
    }
}

/// The statistics of one file (or of all files, for the summary).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileStats {
    pub name: String,
    pub converted: Counter,
    pub unconverted: Counter,
    pub replaced_bytes: u64,
    pub total_bytes: u64,
    /// Lines containing the start of a replacement.
    pub touched_lines: BTreeSet<u32>,
    /// For the summary: the sum of the files' changed-line counts (line numbers do not add up).
    pub touched_line_count: u64,
    pub total_lines: u64,
    pub elapsed: Duration,
    pub failed: bool,
}

impl FileStats {
    pub fn new(name: &str, src: &str) -> FileStats {
        FileStats {
            name: name.to_string(),
            total_bytes: src.len() as u64,
            total_lines: src.bytes().filter(|&b| b == b'\n').count() as u64,
            ..FileStats::default()
        }
    }

    pub fn changed_lines(&self) -> u64 {
        self.touched_lines.len() as u64 + self.touched_line_count
    }

    /// Adds another file's statistics (for the "GLOBAL" summary).
    pub fn add(&mut self, o: &FileStats) {
        self.converted.merge(&o.converted);
        self.unconverted.merge(&o.unconverted);
        self.replaced_bytes += o.replaced_bytes;
        self.total_bytes += o.total_bytes;
        self.touched_line_count += o.changed_lines();
        self.total_lines += o.total_lines;
        self.elapsed += o.elapsed;
        self.failed |= o.failed;
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        let conv = self.converted.total();
        let unconv = self.unconverted.total();
        let all = conv + unconv;
        // One decimal, as hipify-clang (ROCm 6) prints percentages.
        let ratio = |a: u64, b: u64| {
            if b == 0 {
                0.0
            } else {
                (a as f64) * 100.0 / (b as f64)
            }
        };
        let pct = |a: u64, b: u64| format!("{:.1}", ratio(a, b));
        let conversion = format!(
            "{:.1}",
            100.0 - if all == 0 { 100.0 } else { ratio(unconv, all) }
        );
        vec![
            ("CONVERTED refs count", conv.to_string()),
            ("UNCONVERTED refs count", unconv.to_string()),
            ("CONVERSION %", conversion),
            ("REPLACED bytes", self.replaced_bytes.to_string()),
            ("TOTAL bytes", self.total_bytes.to_string()),
            ("CHANGED lines of code", self.changed_lines().to_string()),
            ("TOTAL lines of code", self.total_lines.to_string()),
            (
                "CODE CHANGED (in bytes) %",
                pct(self.replaced_bytes, self.total_bytes),
            ),
            (
                "CODE CHANGED (in lines) %",
                pct(self.changed_lines(), self.total_lines),
            ),
            (
                "TIME ELAPSED s",
                format!("{:.2}", self.elapsed.as_secs_f64()),
            ),
        ]
    }

    /// The text form hipify-clang prints to standard error.
    pub fn to_text(&self) -> String {
        let mut s = format!("\n[HIPIFY] info: file '{}' statistics:\n", self.name);
        if self.failed || self.total_bytes == 0 || self.total_lines == 0 {
            s.push_str("\n  ERROR: Statistics is invalid due to failed hipification.\n\n");
        }
        for (k, v) in self.values() {
            let _ = writeln!(s, "  {k}: {v}");
        }
        counter_text(&mut s, &self.converted, "CONVERTED");
        counter_text(&mut s, &self.unconverted, "UNCONVERTED");
        s
    }

    /// The CSV form (`;`-separated, like hipify-clang's).
    pub fn to_csv(&self) -> String {
        let mut s = format!("\nfile '{}' statistics:\n", self.name);
        if self.failed || self.total_bytes == 0 || self.total_lines == 0 {
            s.push_str("\n  ERROR: Statistics is invalid due to failed hipification.\n\n");
        }
        for (k, v) in self.values() {
            let _ = writeln!(s, "{k};{v}");
        }
        counter_csv(&mut s, &self.converted);
        counter_csv(&mut s, &self.unconverted);
        s
    }
}

fn counter_text(s: &mut String, c: &Counter, what: &str) {
    if !c.by_conv.is_empty() {
        let _ = writeln!(s, "[HIPIFY] info: {what} refs by type:");
        for (k, v) in &c.by_conv {
            let _ = writeln!(s, "  {}: {v}", CONV_TYPES[*k as usize]);
        }
    }
    if !c.by_api.is_empty() {
        let _ = writeln!(s, "[HIPIFY] info: {what} refs by API:");
        for (k, v) in &c.by_api {
            let _ = writeln!(s, "  {}: {v}", k.title());
        }
    }
    if !c.by_name.is_empty() {
        let _ = writeln!(s, "[HIPIFY] info: {what} refs by names:");
        for (k, v) in &c.by_name {
            let _ = writeln!(s, "  {k}: {v}");
        }
    }
}

fn counter_csv(s: &mut String, c: &Counter) {
    if !c.by_conv.is_empty() {
        s.push_str("\nCUDA ref type;Count\n");
        for (k, v) in &c.by_conv {
            let _ = writeln!(s, "{};{v}", CONV_TYPES[*k as usize]);
        }
    }
    if !c.by_api.is_empty() {
        s.push_str("\nCUDA API;Count\n");
        for (k, v) in &c.by_api {
            let _ = writeln!(s, "{};{v}", k.title());
        }
    }
    if !c.by_name.is_empty() {
        s.push_str("\nCUDA ref name;Count\n");
        for (k, v) in &c.by_name {
            let _ = writeln!(s, "{k};{v}");
        }
    }
}

/// The summary after several files: the "GLOBAL" statistics, then the file counts.
pub fn summary(files: &[FileStats], csv: bool) -> String {
    let mut global = FileStats {
        name: "GLOBAL".into(),
        ..FileStats::default()
    };
    for f in files {
        global.add(f);
    }
    let converted_files = files
        .iter()
        .filter(|f| f.changed_lines() > 0 && f.total_bytes > 0 && f.total_lines > 0 && !f.failed)
        .count();
    let mut s = if csv {
        global.to_csv()
    } else {
        global.to_text()
    };
    if csv {
        let _ = write!(
            s,
            "\nTOTAL statistics:\nCONVERTED files;{converted_files}\nPROCESSED files;{}\n",
            files.len()
        );
    } else {
        let _ = write!(
            s,
            "\n[HIPIFY] info: TOTAL statistics:\n  CONVERTED files: {converted_files}\n  PROCESSED files: {}\n",
            files.len()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::conv_index;

    #[test]
    fn text_and_csv_forms() {
        let mut f = FileStats::new("a.cu", "x\ny\nz\nw\n");
        let mem = conv_index("memory").unwrap();
        f.converted.add_ref("cudaMalloc", mem, Api::Runtime);
        f.converted.add_ref("cudaMalloc", mem, Api::Runtime);
        f.converted.add_ref("cudaFree", mem, Api::Runtime);
        f.unconverted.add_ref("cudaFoo", mem, Api::Runtime);
        f.replaced_bytes = 2;
        f.touched_lines.insert(1);
        let t = f.to_text();
        assert!(
            t.contains("[HIPIFY] info: file 'a.cu' statistics:\n"),
            "{t}"
        );
        assert!(t.contains(
            "  CONVERTED refs count: 3\n  UNCONVERTED refs count: 1\n  CONVERSION %: 75.0\n"
        ));
        assert!(
            t.contains("  CODE CHANGED (in bytes) %: 25.0\n  CODE CHANGED (in lines) %: 25.0\n")
        );
        assert!(
            t.contains("[HIPIFY] info: CONVERTED refs by names:\n  cudaFree: 1\n  cudaMalloc: 2\n")
        );
        let c = f.to_csv();
        assert!(c.contains("CONVERTED refs count;3\n"));
        assert!(c.contains("\nCUDA API;Count\nCUDA RT API;3\n"));
        let s = summary(&[f.clone(), FileStats::new("b.cu", "q\n")], false);
        assert!(s.contains("file 'GLOBAL' statistics"));
        assert!(
            s.contains("  CONVERTED files: 1\n  PROCESSED files: 2\n"),
            "{s}"
        );
    }
}
