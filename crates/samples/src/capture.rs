//! Captures what the process writes to standard output (file descriptor 1) while a closure
//! runs, so the printf sample can check the device's output. Device printf is written by the
//! runtime, outside this crate's control, so the capture works at the descriptor level: fd 1 is
//! pointed at a temporary file and restored afterwards.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::fd::AsRawFd;

/// Runs `f` with fd 1 redirected to a temporary file; returns `f`'s result and the captured text.
/// Standard output is restored even when `f` returns an error.
pub fn capture_stdout<T>(f: impl FnOnce() -> T) -> std::io::Result<(T, String)> {
    let path = std::env::temp_dir().join(format!(
        "ferrocm-samples-stdout-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let mut file = File::options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&path)?;
    // The file only needs to live as long as the open descriptor.
    let _ = std::fs::remove_file(&path);
    std::io::stdout().flush()?;
    flush_c_stdio();
    // SAFETY: dup on fd 1 has no memory-safety preconditions; the result is checked.
    let saved = unsafe { libc::dup(1) };
    if saved < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors are open (file is alive, 1 was just duplicated).
    if unsafe { libc::dup2(file.as_raw_fd(), 1) } < 0 {
        let err = std::io::Error::last_os_error();
        // SAFETY: `saved` is a descriptor this function owns.
        unsafe { libc::close(saved) };
        return Err(err);
    }
    let value = f();
    let _ = std::io::stdout().flush();
    flush_c_stdio();
    // SAFETY: `saved` is the original stdout, still open; restoring it closes the file's copy.
    let restored = unsafe { libc::dup2(saved, 1) };
    let restore_err = std::io::Error::last_os_error();
    // SAFETY: `saved` is owned here and no longer needed.
    unsafe { libc::close(saved) };
    if restored < 0 {
        return Err(restore_err);
    }
    let mut text = String::new();
    file.seek(SeekFrom::Start(0))?;
    file.read_to_string(&mut text)?;
    Ok((value, text))
}

fn flush_c_stdio() {
    // SAFETY: fflush(NULL) flushes every C stdio output stream; it takes no pointers of ours.
    unsafe { libc::fflush(std::ptr::null_mut()) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_descriptor_writes_and_restores() {
        let (v, text) = capture_stdout(|| {
            let mut out = std::io::stdout();
            let _ = out.write_all(b"captured line\n");
            let _ = out.flush();
            42
        })
        .expect("capture");
        assert_eq!(v, 42);
        assert!(text.contains("captured line"), "got {text:?}");
        // fd 1 is usable again (writing to it must not fail).
        assert!(std::io::stdout().write_all(b"").is_ok());
    }
}
