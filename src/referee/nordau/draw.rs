//! Nordau Shift's draws (NS-1…NS-3) on the shared ChaCha20 streams.

use crate::referee::draw::{DrawStream, STREAM_COINS, STREAM_SEATING, STREAM_SHIFT_LENGTHS};
use crate::referee::nordau::seats::{Colour, Person, Seating};
use crate::referee::nordau::setup::Setup;

/// NS-1 initial seating: shuffle people `[0, 1, 2]` on the seating stream; the
/// result lists the people on White, Black and Observer.
pub fn draw_seating(key: &[u8; 32]) -> Seating {
    let mut people: [Person; 3] = [0, 1, 2];
    DrawStream::new(key, STREAM_SEATING).shuffle(&mut people);
    Seating { people }
}

/// The hidden schedule (NS-2, NS-3): length and coin of shift k (0-based) are
/// the k-th draws of their streams. Drawn lazily and cached, so the answer for k
/// never depends on which shifts were asked for before.
#[derive(Clone, Debug)]
pub struct ShiftDraw {
    min: u32,
    max: u32,
    lengths_stream: DrawStream,
    coins_stream: DrawStream,
    lengths: Vec<u32>,
    coins: Vec<Colour>,
}

impl PartialEq for ShiftDraw {
    // The cache is an implementation detail: two draws are equal when they
    // produce the same sequence, i.e. same key and range.
    fn eq(&self, other: &Self) -> bool {
        self.min == other.min
            && self.max == other.max
            && self.lengths_stream.key() == other.lengths_stream.key()
    }
}

impl ShiftDraw {
    pub fn new(key: &[u8; 32], setup: &Setup) -> ShiftDraw {
        ShiftDraw {
            min: setup.min_shift,
            max: setup.max_shift,
            lengths_stream: DrawStream::new(key, STREAM_SHIFT_LENGTHS),
            coins_stream: DrawStream::new(key, STREAM_COINS),
            lengths: Vec::new(),
            coins: Vec::new(),
        }
    }

    /// Length of shift `k` in the setup's unit: `min + uniform(max - min + 1)`.
    pub fn length(&mut self, k: usize) -> u32 {
        while self.lengths.len() <= k {
            let l = self.min + self.lengths_stream.uniform(self.max - self.min + 1);
            self.lengths.push(l);
        }
        self.lengths[k]
    }

    /// Coin at the end of shift `k`: `uniform(2)`, 0 = White seat, 1 = Black seat.
    pub fn coin(&mut self, k: usize) -> Colour {
        while self.coins.len() <= k {
            let c = if self.coins_stream.uniform(2) == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            self.coins.push(c);
        }
        self.coins[k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_3_streams_are_independent_of_each_other() {
        let key = [1u8; 32];
        let setup = Setup::standard(["A", "B", "C"]);
        let mut d1 = ShiftDraw::new(&key, &setup);
        let mut d2 = ShiftDraw::new(&key, &setup);
        // Asking for coins first must not change lengths, and vice versa.
        let c5 = d1.coin(5);
        let l7 = d1.length(7);
        assert_eq!(d2.length(7), l7);
        assert_eq!(d2.coin(5), c5);
    }

    #[test]
    fn ns_1_seating_is_a_permutation() {
        for b in 0..50u8 {
            let s = draw_seating(&[b; 32]);
            let mut p = s.people;
            p.sort();
            assert_eq!(p, [0, 1, 2]);
        }
    }
}
