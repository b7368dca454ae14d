//! What the shell and `man` read about a reducer, generated from its clap definition:
//! `--completions SHELL` prints the completion script, `--man` the manual page (roff).

use super::args::{Args, Flavor};
use std::io::Write;

/// The completion script of `bin` for `shell`.
pub(super) fn completions(bin: &str, flavor: Flavor, shell: clap_complete::Shell) -> Vec<u8> {
    let mut cmd = Args::command_for(bin, flavor);
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, bin.to_string(), &mut out);
    out
}

/// The manual page of `bin` (roff, section 1).
pub(super) fn man_page(bin: &str, flavor: Flavor) -> Vec<u8> {
    let mut out = Vec::new();
    let man = clap_mangen::Man::new(Args::command_for(bin, flavor));
    // Rendering into memory cannot fail.
    let _ = man.render(&mut out);
    out
}

/// Writes `text` to stdout; a reader that went away (`| head`) is no error.
pub(super) fn print(text: &[u8]) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write to stdout: {e}"))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap_complete::Shell;

    const C: Flavor = Flavor::Language {
        name: "C",
        extensions: &["c", "h"],
    };

    #[test]
    fn completions_name_the_program_and_its_options() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let text = String::from_utf8(completions("reduce-c", C, shell)).unwrap();
            assert!(text.contains("reduce-c"), "{shell}");
            for option in ["max-time", "expect-stderr", "test", "output"] {
                assert!(text.contains(option), "{shell}: {option}");
            }
        }
    }

    #[test]
    fn the_man_page_is_roff_with_the_options_and_the_exit_statuses() {
        let text = String::from_utf8(man_page("reduce-c", C)).unwrap();
        assert!(text.starts_with(".ie"), "{}", &text[..80]);
        assert!(text.contains(".TH reduce-c 1"), "{}", &text[..200]);
        for part in ["max\\-time", "expect\\-signal", "Exit status", "Examples"] {
            assert!(text.contains(part), "{part}");
        }
    }
}
