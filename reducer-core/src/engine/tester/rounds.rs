//! The merge mode of `-j N` ([`Parallel::Merge`](super::Parallel::Merge)): rounds of N
//! oracle runs, and the successes of a round merged.
//!
//! The exact mode runs ahead on the next candidates of a list but throws away everything
//! past the first success, so each success costs a sequential oracle run and a slow oracle
//! gets little from more jobs. Here a round takes the next candidates of the list until N of
//! them need the oracle, runs those N together and waits for all of them. When several are
//! interesting, the next round tests the union of all of them, and in its other N − 1 slots
//! the list's next candidates as the list will offer them once that union is adopted (each
//! with every success; [`Ahead`]): the list goes on from its first success, so these are the
//! round's failures after it, then the candidates it has not offered yet. Their answers,
//! acceptances included, stay in the cache ([`AheadCache`](super::ahead::AheadCache)), and
//! the list's next round starts with them, so a merge round is also the first half of the
//! next one. A union the cache already accepts (the successes nested: every deletion part of
//! the largest one, as a galloping step's) takes no round: the list's next round starts
//! with those candidates anyway. Only if the union is refused are the unions of the first k
//! successes tested (k from all but one down to 2, one more round), and the largest
//! interesting one is adopted, else the first success. One round can so commit many
//! deletions of independent parts of the input. Which candidates form a round depends only on the list and the cache, which
//! depend only on earlier answers: the result is deterministic for a given N.

use super::slots::Slot;
use super::{Candidate, Found, Merge, Source, Tester, Then};
use crate::engine::oracle::Outcome;
use std::collections::VecDeque;
use std::time::Duration;

/// At most this many cheap answers (cache, syntax) per oracle run of a round, so that a
/// list of rejected candidates does not pile up in memory.
const CHEAP_PER_RUN: usize = 64;

/// What a round holds, which decides what may join it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The list's next candidates; when the list runs out, texts of the look-ahead join them.
    List,
    /// The union of the last round's successes, then the list's next candidates with it
    /// ([`Ahead`]); none of them runs if the cache accepts the union.
    Union,
    /// Unions of the first k successes.
    Unions,
}

/// The answers of one round.
struct Round {
    /// The round's interesting candidates: their positions in the round and texts.
    interesting: Vec<(usize, Vec<u8>)>,
    /// How many candidates the round took from the list.
    len: usize,
    /// The list has no candidate left.
    exhausted: bool,
}

impl Tester {
    /// [`Tester::first_interesting_merged`] in merge mode: rounds until one has a success,
    /// then the merge of its successes.
    pub(super) fn first_interesting_in_rounds<'c>(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate<'c>>,
        merge: &mut Merge<'_, 'c>,
        then: &mut Then<'_, 'c>,
    ) -> Option<Found> {
        let mut base = 0;
        let round = loop {
            let round = self.round(candidates, Kind::List)?;
            if !round.interesting.is_empty() {
                break round;
            }
            if round.exhausted || self.stopped() {
                return None;
            }
            base += round.len;
        };
        let round_len = round.len;
        let mut successes = round.interesting.into_iter();
        let (first, text) = successes.next().expect("a success");
        let winners: Vec<usize> = std::iter::once(first)
            .chain(successes.map(|(i, _)| i))
            .map(|i| base + i)
            .collect();
        let first = Found {
            winners: winners[..1].to_vec(),
            text,
        };
        if winners.len() == 1 || self.stopped() {
            return Some(first);
        }
        // The union of every success, and beside it the list's next candidates with it: the
        // list goes on after its first success, with the round's failures after it, then
        // what it has not offered yet.
        let again: Vec<usize> = (winners[0] + 1..base + round_len)
            .filter(|i| !winners.contains(i))
            .collect();
        let whole = {
            let mut ahead = Ahead::new(&winners, again, base + round_len, candidates, merge, then);
            self.round(&mut ahead, Kind::Union)
        };
        let Some(whole) = whole else {
            return Some(first); // the tester stopped; the first success stands
        };
        if let Some((0, text)) = whole.interesting.into_iter().next() {
            return Some(Found { winners, text });
        }
        if self.stopped() {
            return Some(first);
        }
        // The union was refused: the unions of the first k successes, largest first (the
        // first interesting one in this order is the largest).
        let sizes: Vec<usize> = (2..winners.len()).rev().take(self.jobs).collect();
        let mut unions = sizes.iter().map(|&k| merge(&winners[..k]));
        let Some(merged) = self.round(&mut unions, Kind::Unions) else {
            return Some(first);
        };
        Some(match merged.interesting.into_iter().next() {
            Some((i, text)) => Found {
                winners: winners[..sizes[i]].to_vec(),
                text,
            },
            None => first,
        })
    }

    /// One round: the next candidates of the list until `jobs` of them run (or the list
    /// ends), all runs awaited, then every answer settled and counted in list order. A
    /// candidate the cache accepts does not end the round: the runs after it may succeed
    /// too, and all are merged. `None` if the tester stopped on a test that could not be run
    /// before any success.
    /// When a list runs out before `jobs` runs (but after one), the free slots run texts of
    /// the look-ahead (`tester/lookahead.rs`), whose answers go to the cache only.
    fn round<'c>(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate<'c>>,
        kind: Kind,
    ) -> Option<Round> {
        let mut slots: VecDeque<Slot<'c>> = VecDeque::new();
        // Candidates whose text another one of the round runs already: (slot, that slot).
        let mut twins: Vec<(usize, usize)> = Vec::new();
        let mut running = 0;
        let mut exhausted = false;
        while running < self.jobs && slots.len() < self.jobs * CHEAP_PER_RUN {
            let Some(slot) = self.prepare(candidates) else {
                exhausted = true;
                break;
            };
            let twin = match &slot {
                Slot::Waiting { key, .. } if key.is_some() => slots
                    .iter()
                    .position(|s| matches!(s, Slot::Running { key: k, .. } if k == key)),
                _ => None,
            };
            let accepted = matches!(
                &slot,
                Slot::Answered { outcome, source: Source::Cache, .. } if outcome.is_interesting()
            );
            slots.push_back(slot);
            if kind == Kind::Union && accepted && slots.len() == 1 {
                break; // a known union: the list's next round runs the rest
            }
            match twin {
                Some(of) => {
                    // Left waiting: it takes the answer of its twin.
                    let last = slots.len() - 1;
                    twins.push((last, of));
                    let Some(Slot::Waiting { text, key, .. }) = slots.pop_back() else {
                        unreachable!()
                    };
                    slots.push_back(Slot::Answered {
                        outcome: Outcome::Unresolved,
                        source: Source::Cache,
                        text,
                        key,
                        elapsed: Duration::ZERO,
                        check: None,
                    });
                }
                None if self.start_waiting(&mut slots, 0) => running += 1,
                None => {}
            }
        }
        let listed = slots.len();
        // Only beside runs of the list itself: a round of filler alone would be a round more.
        if exhausted && kind == Kind::List && running > 0 {
            while running < self.jobs {
                let Some(filler) = self.next_filler(&slots) else {
                    break;
                };
                slots.push_back(filler);
                if self.start_waiting(&mut slots, 0) {
                    running += 1;
                    self.stats.speculative += 1;
                } else {
                    slots.pop_back();
                }
            }
        }
        self.stats.rounds += u64::from(running > 0);
        while running > 0 {
            let done = self.next_done(&slots);
            running -= 1;
            self.answer(&mut slots, 0, done);
        }
        for (twin, of) in twins {
            let Slot::Answered {
                outcome: answer, ..
            } = slots[of]
            else {
                unreachable!("every run of the round has ended")
            };
            if let Slot::Answered { outcome, .. } = &mut slots[twin] {
                *outcome = answer;
            }
        }
        slots.truncate(listed);
        let len = slots.len();
        let mut interesting = Vec::new();
        for (i, slot) in slots.into_iter().enumerate() {
            let (outcome, _, text) = self.decide(slot);
            if outcome.is_interesting() {
                interesting.push((i, text));
            } else if outcome == Outcome::NotRun && interesting.is_empty() {
                self.stop_not_run();
                return None;
            }
        }
        Some(Round {
            interesting,
            len,
            exhausted,
        })
    }
}

/// The candidates of a merge round: first the union of every success of the round before,
/// then, for the round's other slots, each candidate the list will offer next united with
/// every success. If the union is adopted, these are the texts the list goes on with (the
/// same deletions of what is left, the same splices), so their answers, which the cache
/// keeps, answer the list's next round. A candidate the list rejected gets no union. Once
/// the list has run out, the caller's next list as it will be if the union is adopted
/// ([`Then`]): a galloping step's next step.
struct Ahead<'w, 'i, 'm, 't, 'c> {
    winners: &'w [usize],
    /// The candidates the list offered already that it will offer again, in order.
    again: std::vec::IntoIter<usize>,
    /// The index of the list's next candidate.
    next: usize,
    candidates: &'i mut dyn Iterator<Item = Candidate<'c>>,
    merge: &'m mut Merge<'m, 'c>,
    then: &'t mut Then<'t, 'c>,
    whole_given: bool,
    /// The caller's next list, once the list has run out.
    after: Option<std::vec::IntoIter<Candidate<'c>>>,
}

impl<'w, 'i, 'm, 't, 'c> Ahead<'w, 'i, 'm, 't, 'c> {
    fn new(
        winners: &'w [usize],
        again: Vec<usize>,
        next: usize,
        candidates: &'i mut dyn Iterator<Item = Candidate<'c>>,
        merge: &'m mut Merge<'m, 'c>,
        then: &'t mut Then<'t, 'c>,
    ) -> Self {
        Ahead {
            winners,
            again: again.into_iter(),
            next,
            candidates,
            merge,
            then,
            whole_given: false,
            after: None,
        }
    }
}

impl<'c> Iterator for Ahead<'_, '_, '_, '_, 'c> {
    type Item = Candidate<'c>;

    fn next(&mut self) -> Option<Candidate<'c>> {
        if !std::mem::replace(&mut self.whole_given, true) {
            return Some((self.merge)(self.winners));
        }
        if let Some(index) = self.again.next() {
            return Some(self.with(index));
        }
        if let Some(after) = self.after.as_mut() {
            return after.next();
        }
        for _ in 0..CHEAP_PER_RUN {
            let Some(candidate) = self.candidates.next() else {
                let after = self.after.insert((self.then)(self.winners).into_iter());
                return after.next();
            };
            let index = self.next;
            self.next += 1;
            if candidate.text.is_some() {
                return Some(self.with(index));
            }
        }
        None
    }
}

impl<'c> Ahead<'_, '_, '_, '_, 'c> {
    /// The candidate at `index` with every success.
    fn with(&mut self, index: usize) -> Candidate<'c> {
        let mut with: Vec<usize> = self.winners.to_vec();
        with.push(index);
        with.sort_unstable();
        (self.merge)(&with)
    }
}
