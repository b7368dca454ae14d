// The attribute needs a unit struct; the struct stays, and no second error follows.
#[reducer_macros::reducer(grammar = "dead_alternative.pest")]
pub struct Fields {
    x: u8,
}

fn main() {
    let _ = Fields { x: 1 }.x;
}
