//! `rocm_agent_enumerator`: each agent's ISA name (see `hipcc::agent_enumerator`).
use hipcc::agent_enumerator as ae;
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ty = match ae::parse(&args) {
        Ok(Some(ty)) => ty,
        Ok(None) => {
            print!("{}", ae::HELP);
            return;
        }
        Err(line) => {
            eprintln!("{line}");
            std::process::exit(2);
        }
    };
    let names = match ae::device_arch_names() {
        Ok(n) => n,
        Err(e) => {
            eprintln!("rocm_agent_enumerator: error: cannot read the devices: {e}");
            std::process::exit(1);
        }
    };
    let mut stdout = std::io::stdout();
    let _ = stdout.write_all(ae::report(ty, &names).as_bytes());
    let _ = stdout.flush();
}
