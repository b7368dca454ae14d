//! Parse throughput of a generated language on a directory of real files (best of 5 rounds,
//! parse into a `Tree`, every file must print back byte for byte).
//!
//! `cargo run --release -p generated-example --example parse_throughput [c|js|java] [DIR]`
//!
//! Defaults: C on the 38 Perses inputs (`../shared/bench/perses`, next to the repository),
//! JavaScript and Java on the project's corpus files (`tests/corpus/js`, `tests/corpus/java`).

use generated_example::{Java, JavaScript, C};
use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, exts, out);
        } else if p
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| exts.contains(&x))
        {
            out.push(p);
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let lang_name = args.next().unwrap_or_else(|| "c".to_string());
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (lang, exts, default_dir): (&dyn Language, &[&str], PathBuf) = match lang_name.as_str() {
        "c" => (&C, &["c"], manifest.join("../../shared/bench/perses")),
        "js" => (
            &JavaScript,
            &["js", "mjs"],
            manifest.join("tests/corpus/js"),
        ),
        "java" => (&Java, &["java"], manifest.join("tests/corpus/java")),
        other => panic!("unknown language {other:?} (c, js or java)"),
    };
    let dir = args.next().map(PathBuf::from).unwrap_or(default_dir);
    let mut paths = Vec::new();
    files(&dir, exts, &mut paths);
    paths.sort();
    let texts: Vec<String> = paths
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    assert!(
        !texts.is_empty(),
        "no {lang_name} files below {}",
        dir.display()
    );
    let bytes: usize = texts.iter().map(String::len).sum();
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for (text, path) in texts.iter().zip(&paths) {
            let tree = lang
                .parse(text)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(tree.text(), *text, "{} prints back", path.display());
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    let mb = bytes as f64 / 1e6;
    println!(
        "{lang_name}: {} files, {mb:.2} MB below {}: best of 5 {:.2} s = {:.2} MB/s",
        texts.len(),
        dir.display(),
        best,
        mb / best
    );
}
