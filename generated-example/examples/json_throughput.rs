//! Parse throughput of the generated JSON language on a few MB of generated JSON.
//!
//! `cargo run --release -p generated-example --example json_throughput [MB]`

use generated_example::Json;
use reducer_core::Language;
use std::time::Instant;

/// xorshift64*: deterministic documents.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

fn value(r: &mut Rng, depth: u32, out: &mut String) {
    match if depth == 0 {
        2 + r.below(4)
    } else {
        r.below(6)
    } {
        0 => {
            out.push('{');
            for i in 0..r.below(5) {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&format!("\"key{}\": ", r.below(1000)));
                value(r, depth - 1, out);
            }
            out.push('}');
        }
        1 => {
            out.push('[');
            for i in 0..r.below(5) {
                if i > 0 {
                    out.push_str(", ");
                }
                value(r, depth - 1, out);
            }
            out.push(']');
        }
        2 => out.push_str(&format!("\"text {} with \\n escape\"", r.below(100_000))),
        3 => out.push_str(&format!("{}.{}e-3", r.below(1_000_000), r.below(100))),
        4 => out.push_str("true"),
        _ => out.push_str("null"),
    }
}

fn main() {
    let mb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let mut r = Rng(0x1234_5678_9abc_def1);
    let mut doc = String::from("[\n");
    while doc.len() < mb << 20 {
        if doc.len() > 2 {
            doc.push_str(",\n");
        }
        value(&mut r, 6, &mut doc);
    }
    doc.push_str("\n]\n");
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..5 {
        let t = Instant::now();
        let tree = Json.parse(&doc).expect("generated JSON parses");
        best = best.min(t.elapsed().as_secs_f64());
        nodes = tree.arena_len();
    }
    let mut pest_only = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        Json.parse_prefix(Json.start_rule(), &doc)
            .expect("generated JSON parses");
        pest_only = pest_only.min(t.elapsed().as_secs_f64());
    }
    let size = doc.len() as f64 / 1e6;
    println!(
        "pest parse only (no tree): best of 5 {:.1} ms = {:.1} MB/s",
        pest_only * 1e3,
        size / pest_only
    );
    println!(
        "{size:.2} MB, {nodes} nodes: best of 5 {:.1} ms = {:.1} MB/s (parse into Tree)",
        best * 1e3,
        size / best
    );
}
