//! The exact mode of `-j N`: speculation on the next candidates of the list, with the
//! result, the queries and the cache hits of `-j 1`.

use super::slots::Slot;
use super::{Candidate, Source, Tester};
use crate::engine::oracle::Outcome;
use std::collections::VecDeque;
use std::sync::atomic::Ordering;

impl Tester {
    /// [`Tester::first_interesting`]: the slots of the list decided in list order, up to `jobs`
    /// oracle runs going on the next ones.
    pub(super) fn first_interesting_pooled(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate>,
    ) -> Option<(usize, Vec<u8>)> {
        // Candidates not yet decided, in list order; `base` is the list index of the first.
        let mut slots: VecDeque<Slot> = VecDeque::new();
        let mut base = 0usize;
        let mut running = 0usize;
        let mut exhausted = false;
        let mut winner: Option<(usize, Vec<u8>)> = None;
        // The query budget ran out at the head of the list ([`Tester::set_budget`]).
        let mut spent = false;
        loop {
            // Decide the head of the list as far as the answers allow.
            while matches!(slots.front(), Some(Slot::Answered { .. })) {
                let slot = slots.pop_front().expect("an answered slot");
                base += 1;
                let (outcome, source, text) = self.decide(slot);
                if outcome == Outcome::NotInteresting && source != Source::Syntax {
                    self.refused.push(base - 1);
                }
                if outcome.is_interesting() {
                    winner = Some((base - 1, text));
                    break;
                }
                if outcome == Outcome::NotRun {
                    self.stop_not_run();
                    break;
                }
                if self.over_budget() {
                    // Where the sequential run stops taking candidates: what was started
                    // past this point is speculation.
                    spent = true;
                    break;
                }
            }
            if winner.is_some()
                || spent
                || self.not_run_cause.is_some()
                || (slots.is_empty() && exhausted)
            {
                break;
            }
            // Keep the workers busy with the next candidates of the list, and have the next
            // one prepared while they are all busy.
            loop {
                if running < self.jobs && self.start_waiting(&mut slots, base) {
                    running += 1;
                    continue;
                }
                let waiting = matches!(slots.back(), Some(Slot::Waiting { .. }));
                if exhausted || waiting || slots.len() >= self.jobs * 8 {
                    break;
                }
                match self.prepare(candidates) {
                    Some(slot) => slots.push_back(slot),
                    None => exhausted = true,
                }
            }
            if running == 0 {
                continue; // Only cheap answers so far: decide them.
            }
            // Wait for the next oracle answer.
            let done = self.next_done(&slots);
            running -= 1;
            self.answer(&mut slots, base, done);
        }
        // Whatever is left lies past the winner: oracle runs there were speculation. Cancel
        // the ones still running and wait for them (a completed one still feeds the cache).
        for slot in slots.iter() {
            match slot {
                Slot::Running { cancel, .. } => cancel.store(true, Ordering::SeqCst),
                Slot::Answered {
                    source: Source::Oracle,
                    ..
                } => self.stats.speculative += 1,
                Slot::Answered { .. } | Slot::Waiting { .. } => {}
            }
        }
        while running > 0 {
            let done = self.next_done(&slots);
            running -= 1;
            self.stats.speculative += 1;
            self.stats.not_run += done.not_run;
            if let Slot::Running { key, .. } = &slots[done.index - base] {
                self.cache.record_ahead(key, done.outcome);
            }
        }
        winner
    }
}
