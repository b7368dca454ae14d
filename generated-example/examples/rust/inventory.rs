//! A small stock list with one mistake: `restock` uses `note` after moving it.

use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy)]
pub enum Shelf {
    Front,
    Back { row: u8 },
    Cold(i8),
}

pub trait Priced {
    fn unit_price(&self) -> f64;
    fn worth(&self, count: u32) -> f64 {
        self.unit_price() * f64::from(count)
    }
}

impl Priced for Shelf {
    fn unit_price(&self) -> f64 {
        match *self {
            Shelf::Front => 1.5,
            Shelf::Back { row } if row > 3 => 0.75,
            Shelf::Cold(t @ -30..=-1) => 2.0 + f64::from(-t) / 10.0,
            _ => 1.0,
        }
    }
}

#[derive(Default)]
pub struct Store<'a> {
    items: BTreeMap<&'a str, (u32, Shelf)>,
    log: Vec<String>,
}

impl<'a> Store<'a> {
    pub fn restock(&mut self, name: &'a str, extra: u32) -> Option<u32> {
        let note = format!(r#"restock "{name}" by {extra}"#);
        let (count, _) = self.items.get_mut(name)?;
        *count = count.checked_add(extra)?;
        self.log.push(note);
        if extra > 100 {
            eprintln!("large order: {}", note.len());
        }
        Some(*count)
    }

    pub fn low(&self, below: u32) -> impl Iterator<Item = &&'a str> + '_ {
        self.items.iter().filter(move |(_, (n, _))| *n < below).map(|(k, _)| k)
    }
}
