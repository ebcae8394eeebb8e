//! hipRTC's link API for the CPU device: device bitcode from several programs (compiled with
//! `-fgpu-rdc`, see [`crate::Program::bitcode`]) or files is linked into one module, which is then
//! lowered to one code object, as `hipModuleLoadData` takes it.
use crate::{HiprtcResult, RtcError};
use kernel_abi::bundle;
use kernel_abi::CodeObject;

/// One input of a link, as the caller hands it over.
#[derive(Debug, Clone, Copy)]
pub enum LinkInput<'a> {
    /// LLVM bitcode, or textual LLVM IR, of ferrocm's device target.
    Bitcode(&'a [u8]),
    /// A clang offload bundle holding device bitcode (`hip-spirv64-...` entry).
    BundledBitcode(&'a [u8]),
}

/// A link in progress: inputs added in order, then [`Linker::complete`].
#[derive(Debug, Clone, Default)]
pub struct Linker {
    args: Vec<String>,
    inputs: Vec<(String, Vec<u8>)>,
    log: String,
}

const BITCODE_MAGIC: &[u8] = b"BC\xc0\xde";
const BITCODE_WRAPPER_MAGIC: &[u8] = b"\xde\xc0\x17\x0b";

fn is_bitcode(data: &[u8]) -> bool {
    data.starts_with(BITCODE_MAGIC) || data.starts_with(BITCODE_WRAPPER_MAGIC)
}

impl Linker {
    /// A linker whose code generation takes `options`: `-O0` .. `-O3` (default `-O3`), `-g`,
    /// and `-mllvm <flag>` pairs. The `-mllvm` flags tune AMD GPU code generation (inlining
    /// thresholds and the like): they are accepted and not applied, the CPU lowering having its
    /// own tuning; a `-mllvm` without its flag is an invalid option.
    pub fn new(options: &[&str]) -> Result<Linker, RtcError> {
        let mut args = Vec::new();
        let mut iter = options.iter().map(|o| o.trim());
        while let Some(opt) = iter.next() {
            match opt {
                "-O0" | "-O1" | "-O2" | "-O3" | "-g" => args.push(opt.to_string()),
                "-mllvm" => match iter.next() {
                    Some(flag) if !flag.is_empty() => {
                        tracing::debug!(flag, "-mllvm link option not applied on the CPU device")
                    }
                    _ => {
                        return Err(RtcError::new(
                            HiprtcResult::ErrorInvalidOption,
                            "link option '-mllvm': missing its flag",
                        ))
                    }
                },
                "" => {}
                _ => {
                    return Err(RtcError::new(
                        HiprtcResult::ErrorInvalidOption,
                        format!("link option '{opt}': not a supported option (-O0..-O3, -g)"),
                    ))
                }
            }
        }
        Ok(Linker {
            args,
            ..Linker::default()
        })
    }

    /// Sets the optimisation level of the linked code (0..=3).
    pub fn set_opt_level(&mut self, level: u32) -> Result<(), RtcError> {
        if level > 3 {
            return Err(RtcError::new(
                HiprtcResult::ErrorInvalidOption,
                format!("optimisation level {level}: must be 0 to 3"),
            ));
        }
        self.args.retain(|a| !a.starts_with("-O"));
        self.args.push(format!("-O{level}"));
        Ok(())
    }

    /// Adds one input, named `name` in diagnostics. Data that is not bitcode, IR text or a
    /// bundle holding device bitcode is [`HiprtcResult::ErrorInvalidInput`].
    pub fn add(&mut self, name: &str, input: LinkInput<'_>) -> Result<(), RtcError> {
        let invalid = |why: String| RtcError::new(HiprtcResult::ErrorInvalidInput, why);
        let data = match input {
            LinkInput::Bitcode(data) => {
                if is_bitcode(data) {
                    data.to_vec()
                } else {
                    // IR text, as C callers pass it: possibly with its terminating NUL.
                    let text = data.strip_suffix(b"\0").unwrap_or(data);
                    match std::str::from_utf8(text) {
                        Ok(t) if !t.trim().is_empty() && !t.contains('\0') => text.to_vec(),
                        _ => {
                            return Err(invalid(format!(
                                "link input '{name}' is neither LLVM bitcode nor LLVM IR text"
                            )))
                        }
                    }
                }
            }
            LinkInput::BundledBitcode(data) => {
                let entries = bundle::read(data).map_err(|e| {
                    invalid(format!("link input '{name}' is not an offload bundle: {e}"))
                })?;
                let device = entries
                    .iter()
                    .find(|e| e.id.contains("spirv64") && is_bitcode(e.data))
                    .ok_or_else(|| {
                        let ids: Vec<&str> = entries.iter().map(|e| e.id).collect();
                        invalid(format!(
                            "offload bundle '{name}' has no spirv64 device bitcode for the CPU \
                             device (entries: {})",
                            ids.join(", ")
                        ))
                    })?;
                device.data.to_vec()
            }
        };
        self.inputs.push((name.to_string(), data));
        Ok(())
    }

    /// Adds the file at `path` (bitcode, or an offload bundle when `bundled`). A file that cannot
    /// be read (missing, unreadable) is [`HiprtcResult::ErrorProgramCreationFailure`], as in
    /// ROCm's hipRTC; contents that are no link input are [`HiprtcResult::ErrorInvalidInput`].
    pub fn add_file(&mut self, path: &std::path::Path, bundled: bool) -> Result<(), RtcError> {
        let data = std::fs::read(path).map_err(|e| {
            RtcError::new(
                HiprtcResult::ErrorProgramCreationFailure,
                format!("link input file {}: {e}", path.display()),
            )
        })?;
        let name = path.display().to_string();
        let input = if bundled {
            LinkInput::BundledBitcode(&data)
        } else {
            LinkInput::Bitcode(&data)
        };
        self.add(&name, input)
    }

    /// How many inputs have been added.
    pub fn input_count(&self) -> usize {
        self.inputs.len()
    }

    /// Links the inputs and lowers the result: a serialized [`kernel_abi::CodeObject`]. A failure
    /// (no inputs, a symbol defined twice, one left undefined, a kernel the lowering rejects) is
    /// [`HiprtcResult::ErrorLinking`], with the details in [`Linker::log`].
    pub fn complete(&mut self) -> Result<Vec<u8>, RtcError> {
        self.log.clear();
        let inputs: Vec<(&str, &[u8])> = self
            .inputs
            .iter()
            .map(|(n, d)| (n.as_str(), d.as_slice()))
            .collect();
        let opts = comgr::CompileOptions {
            args: self.args.clone(),
            headers: Vec::new(),
        };
        let result = comgr::link_bitcode(&inputs)
            .and_then(|linked| comgr::lower_bitcode(&linked, &opts))
            .map(|co| CodeObject::to_bytes(&co));
        result.map_err(|e| {
            self.log = format!("{e}\n");
            RtcError::new(HiprtcResult::ErrorLinking, e.to_string())
        })
    }

    /// The log of the last [`Linker::complete`]: what went wrong, empty after a success.
    pub fn log(&self) -> &str {
        &self.log
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked() {
        assert!(Linker::new(&["-O2", "-g"]).is_ok());
        let l = Linker::new(&["-mllvm", "-inline-threshold=1", "-O1"]).expect("-mllvm pair");
        assert_eq!(l.args, ["-O1"]);
        let e = Linker::new(&["-mllvm"]).expect_err("-mllvm without its flag");
        assert_eq!(e.result, HiprtcResult::ErrorInvalidOption);
        let e = Linker::new(&["-fbogus"]).expect_err("bad option");
        assert_eq!(e.result, HiprtcResult::ErrorInvalidOption);
        assert!(e.message.contains("-fbogus"));
        let mut l = Linker::new(&[]).expect("linker");
        assert_eq!(
            l.set_opt_level(4).expect_err("level 4").result,
            HiprtcResult::ErrorInvalidOption
        );
        l.set_opt_level(1).expect("level 1");
        assert_eq!(l.args, ["-O1"]);
    }

    #[test]
    fn inputs_are_checked() {
        let mut l = Linker::new(&[]).expect("linker");
        for bad in [&b""[..], b"\0", b"\xff\xfe\x00garbage"] {
            let e = l.add("x", LinkInput::Bitcode(bad)).expect_err("not IR");
            assert_eq!(e.result, HiprtcResult::ErrorInvalidInput);
        }
        let e = l
            .add("b", LinkInput::BundledBitcode(b"not a bundle"))
            .expect_err("not a bundle");
        assert_eq!(e.result, HiprtcResult::ErrorInvalidInput);
        let host_only = bundle::write(&[(bundle::HOST_ENTRY_ID, b"")]);
        let e = l
            .add("h", LinkInput::BundledBitcode(&host_only))
            .expect_err("no device bitcode");
        assert!(e.message.contains(bundle::HOST_ENTRY_ID), "{e}");
        l.add("ir", LinkInput::Bitcode(b"target triple = \"spirv64\"\n\0"))
            .expect("IR text");
        assert_eq!(l.input_count(), 1);
    }

    #[test]
    fn missing_file_is_program_creation_failure() {
        let mut l = Linker::new(&[]).expect("linker");
        let e = l
            .add_file(std::path::Path::new("/nonexistent/ferrocm/x.bc"), false)
            .expect_err("no such file");
        assert_eq!(e.result, HiprtcResult::ErrorProgramCreationFailure);
        assert_eq!(l.input_count(), 0);
    }

    #[test]
    fn empty_link_is_error_linking() {
        let mut l = Linker::new(&[]).expect("linker");
        let e = l.complete().expect_err("nothing to link");
        assert_eq!(e.result, HiprtcResult::ErrorLinking);
        assert!(l.log().contains("nothing to link"), "{}", l.log());
    }
}
