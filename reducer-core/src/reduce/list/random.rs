//! A small seeded generator for the randomised list reducers: the same seed gives the same
//! choices, so a run with `--seed N` can be repeated exactly.

/// SplitMix64 (Steele, Lea and Flood's generator): a 64-bit state stepped by a constant and
/// mixed on output. Cloning it clones the sequence to come, which is what lets a reducer
/// simulate the steps that follow before it commits to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Random {
    state: u64,
}

impl Random {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Random { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in 0..bound (bound > 0), by rejection so that every value is as likely.
    pub fn below(&mut self, bound: usize) -> usize {
        let bound = bound as u64;
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % bound) as usize;
            }
        }
    }

    /// Puts `items` in a random order (Fisher and Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_fixes_the_sequence() {
        let (mut a, mut b, mut c) = (Random::new(7), Random::new(7), Random::new(8));
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..5).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn shuffles_are_permutations_and_vary() {
        let mut r = Random::new(1);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..50 {
            let mut v: Vec<u8> = (0..6).collect();
            r.shuffle(&mut v);
            let mut sorted = v.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..6).collect::<Vec<u8>>());
            seen.insert(v);
        }
        assert!(seen.len() > 20, "{} orders", seen.len());
        assert!((0..1000).all(|_| r.below(3) < 3));
    }
}
