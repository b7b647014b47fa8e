//! A two-sided bank clock (NS-4…NS-7), reusable by any two-player board (a
//! bughouse match would hold one per board). A bank is a balance plus the
//! instant its side started running, so remaining time is always computed from
//! timestamps, never from counting ticks (C-4).

use crate::referee::common::Colour;

/// Banks of White and Black, at most one running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banks {
    /// Balance in ms at `since` (for the running side) or now (for a standing side).
    balance: [u64; 2],
    running: Option<Colour>,
    since: u64,
}

impl Banks {
    /// Both banks standing with the given balances.
    pub fn new(white_ms: u64, black_ms: u64) -> Banks {
        Banks {
            balance: [white_ms, black_ms],
            running: None,
            since: 0,
        }
    }

    /// The side whose bank is running, if any.
    pub fn running(&self) -> Option<Colour> {
        self.running
    }

    /// Remaining ms of `side` at `now` (never below zero).
    pub fn remaining_ms(&self, side: Colour, now_ms: u64) -> u64 {
        let balance = self.balance[side.index()];
        if self.running == Some(side) {
            balance.saturating_sub(now_ms.saturating_sub(self.since))
        } else {
            balance
        }
    }

    /// NS-6: the instant the running bank reaches zero, if one is running.
    pub fn flag_time(&self) -> Option<(Colour, u64)> {
        self.running
            .map(|side| (side, self.since.saturating_add(self.balance[side.index()])))
    }

    /// The running side whose bank is empty at `now_ms`, with the instant it emptied.
    /// A bank that reaches zero exactly at `now_ms` has flagged.
    pub fn flagged(&self, now_ms: u64) -> Option<(Colour, u64)> {
        self.flag_time().filter(|&(_, at)| at <= now_ms)
    }

    /// Starts `side`'s bank at `now_ms` (stopping the other one first).
    pub fn start(&mut self, side: Colour, now_ms: u64) {
        self.stop(now_ms);
        self.running = Some(side);
        self.since = now_ms;
    }

    /// Stops whichever bank runs, keeping what is left.
    pub fn stop(&mut self, now_ms: u64) {
        if let Some(side) = self.running {
            self.balance[side.index()] = self.remaining_ms(side, now_ms);
            self.running = None;
        }
        self.since = now_ms;
    }

    /// NS-4: the running side completes a move: its bank stops, is credited
    /// `credit_ms`, and the other side's bank starts.
    pub fn press(&mut self, now_ms: u64, credit_ms: u64) {
        if let Some(side) = self.running {
            self.stop(now_ms);
            self.balance[side.index()] += credit_ms;
            self.start(side.other(), now_ms);
        }
    }

    /// NS-5: sets both balances, all banks standing.
    pub fn reset(&mut self, white_ms: u64, black_ms: u64, now_ms: u64) {
        self.stop(now_ms);
        self.balance = [white_ms, black_ms];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_4_remaining_is_a_function_of_timestamps() {
        let mut b = Banks::new(15_000, 15_000);
        b.start(Colour::White, 1_000);
        assert_eq!(b.remaining_ms(Colour::White, 1_000), 15_000);
        assert_eq!(b.remaining_ms(Colour::White, 5_000), 11_000);
        // Asking twice or in any order never changes anything.
        assert_eq!(b.remaining_ms(Colour::White, 5_000), 11_000);
        assert_eq!(b.remaining_ms(Colour::Black, 5_000), 15_000);
        assert_eq!(b.remaining_ms(Colour::White, 99_000), 0);
    }

    #[test]
    fn ns_4_press_credits_one_block_to_the_mover() {
        let mut b = Banks::new(15_000, 15_000);
        b.start(Colour::White, 0);
        b.press(4_000, 15_000);
        assert_eq!(b.remaining_ms(Colour::White, 4_000), 26_000);
        assert_eq!(b.running(), Some(Colour::Black));
        assert_eq!(b.remaining_ms(Colour::Black, 10_000), 9_000);
    }

    #[test]
    fn ns_6_flag_time_is_when_the_running_bank_empties() {
        let mut b = Banks::new(15_000, 15_000);
        assert_eq!(b.flag_time(), None);
        b.start(Colour::Black, 2_000);
        assert_eq!(b.flag_time(), Some((Colour::Black, 17_000)));
        assert_eq!(b.flagged(16_999), None);
        assert_eq!(b.flagged(17_000), Some((Colour::Black, 17_000)));
        b.stop(10_000);
        assert_eq!(b.flagged(1_000_000), None);
        assert_eq!(b.remaining_ms(Colour::Black, 1_000_000), 7_000);
    }
}
