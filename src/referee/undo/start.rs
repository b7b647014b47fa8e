//! UC-1: Chess960 start positions in Scharnagl's numbering (0…959, standard
//! chess is 518), and the draw of one from the committed seed (ChaCha20
//! stream 5, docs/fairness.md §12).
//!
//! The number `n` places White's back rank, left to right (files a…h), in
//! this order (Black mirrors it):
//!
//! ```text
//! light bishop  file 2·(n mod 4) + 1                      (b, d, f, h)        n1 = n div 4
//! dark bishop   file 2·(n1 mod 4)                         (a, c, e, g)        n2 = n1 div 4
//! queen         the (n2 mod 6)-th empty square, from 0                        n3 = n2 div 6
//! knights       n3 (0…9) picks two of the five empty squares:
//!               0 NN---  1 N-N--  2 N--N-  3 N---N  4 -NN--
//!               5 -N-N-  6 -N--N  7 --NN-  8 --N-N  9 ---NN
//! rook, king, rook on the three squares left, in this order
//! ```

use crate::referee::commitment::stream_key;
use crate::referee::draw::{DrawStream, STREAM_CHESS960};
use std::fmt;

/// How many start positions there are.
pub const CHESS960_POSITIONS: u32 = 960;
/// Standard chess in Scharnagl's numbering.
pub const STANDARD_POSITION: u32 = 518;

/// Which two of the five squares left after the bishops and the queen take
/// the knights, for `n3` = 0…9.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// A Chess960 start position by its number (0…959).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StartPosition(u16);

/// Why a typed position number is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// Nothing was typed.
    Empty,
    /// Not a whole number written with the digits 0–9.
    NotANumber(String),
    /// A number above 959.
    OutOfRange(String),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Empty => write!(f, "type a start position number from 0 to 959"),
            StartError::NotANumber(t) => write!(
                f,
                "{t:?} is not a start position number: type a whole number from 0 to 959"
            ),
            StartError::OutOfRange(t) => write!(
                f,
                "there is no start position {t}: Chess960 positions are numbered 0 to 959 (standard chess is 518)"
            ),
        }
    }
}

impl std::error::Error for StartError {}

impl StartPosition {
    /// Position `number`, if it is 0…959.
    pub fn new(number: u32) -> Result<StartPosition, StartError> {
        match u16::try_from(number) {
            Ok(n) if number < CHESS960_POSITIONS => Ok(StartPosition(n)),
            _ => Err(StartError::OutOfRange(number.to_string())),
        }
    }

    /// Standard chess, position 518.
    pub fn standard() -> StartPosition {
        StartPosition(STANDARD_POSITION as u16)
    }

    /// The number the players typed: ASCII digits, surrounding spaces
    /// allowed, 0…959 (leading zeros are harmless: `007` is 7).
    pub fn from_typed(text: &str) -> Result<StartPosition, StartError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(StartError::Empty);
        }
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(StartError::NotANumber(t.to_owned()));
        }
        let digits = t.trim_start_matches('0');
        if digits.len() > 3 {
            return Err(StartError::OutOfRange(t.to_owned()));
        }
        let n: u32 = digits.parse().unwrap_or(0);
        StartPosition::new(n).map_err(|_| StartError::OutOfRange(t.to_owned()))
    }

    /// UC-1: the position drawn from `key` (the stream key of
    /// docs/fairness.md §3): `uniform(960)`, the first draw of stream 5.
    pub fn drawn(key: &[u8; 32]) -> StartPosition {
        StartPosition(DrawStream::new(key, STREAM_CHESS960).uniform(CHESS960_POSITIONS) as u16)
    }

    /// The position drawn from a seed and the players' words.
    pub fn drawn_from<S: AsRef<str>>(seed: &[u8; 32], words: &[S]) -> StartPosition {
        StartPosition::drawn(&stream_key(seed, words))
    }

    /// Scharnagl's number, 0…959.
    pub fn number(self) -> u32 {
        u32::from(self.0)
    }

    pub fn is_standard(self) -> bool {
        self.number() == STANDARD_POSITION
    }

    /// White's back rank from a to h in upper-case letters, e.g. `RNBQKBNR`.
    pub fn back_rank(self) -> String {
        let mut rank = [None::<char>; 8];
        let mut n = self.number() as usize;
        rank[2 * (n % 4) + 1] = Some('B');
        n /= 4;
        rank[2 * (n % 4)] = Some('B');
        n /= 4;
        let empty = |rank: &[Option<char>; 8]| -> Vec<usize> {
            (0..8).filter(|&i| rank[i].is_none()).collect()
        };
        let q = empty(&rank)[n % 6];
        rank[q] = Some('Q');
        n /= 6;
        let free = empty(&rank);
        let (a, b) = KNIGHTS[n];
        rank[free[a]] = Some('N');
        rank[free[b]] = Some('N');
        for (square, piece) in empty(&rank).into_iter().zip(['R', 'K', 'R']) {
            rank[square] = Some(piece);
        }
        rank.iter().map(|c| c.unwrap_or('?')).collect()
    }

    /// The start FEN, castling rights in X-FEN (`KQkq`: each side's rooks are
    /// the outermost on their side of the king).
    pub fn fen(self) -> String {
        let white = self.back_rank();
        let black = white.to_ascii_lowercase();
        format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
    }

    /// The number of a back rank written as [`StartPosition::back_rank`]
    /// writes it (`RNBQKBNR` → 518), if it is a Chess960 start.
    pub fn from_back_rank(rank: &str) -> Option<StartPosition> {
        let target = rank.to_ascii_uppercase();
        (0..CHESS960_POSITIONS)
            .map(|n| StartPosition(n as u16))
            .find(|p| p.back_rank() == target)
    }
}

impl fmt::Display for StartPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Board;

    #[test]
    fn uc_1_numbering_agrees_with_shakmaty_for_all_960() {
        for n in 0..CHESS960_POSITIONS {
            let p = StartPosition::new(n).unwrap();
            let board: Board = p.fen().split(' ').next().unwrap().parse().unwrap();
            assert_eq!(board, Board::chess960(n), "{n}");
            assert_eq!(StartPosition::from_back_rank(&p.back_rank()), Some(p));
        }
        assert_eq!(StartPosition::standard().back_rank(), "RNBQKBNR");
    }

    #[test]
    fn uc_1_typed_numbers() {
        assert_eq!(StartPosition::from_typed(" 518 ").unwrap().number(), 518);
        assert_eq!(StartPosition::from_typed("007").unwrap().number(), 7);
        assert_eq!(StartPosition::from_typed("0").unwrap().number(), 0);
        assert_eq!(StartPosition::from_typed("959").unwrap().number(), 959);
        assert_eq!(StartPosition::from_typed(""), Err(StartError::Empty));
        assert!(matches!(
            StartPosition::from_typed("960"),
            Err(StartError::OutOfRange(_))
        ));
        assert!(matches!(
            StartPosition::from_typed("-1"),
            Err(StartError::NotANumber(_))
        ));
        assert!(matches!(
            StartPosition::from_typed("99999999999999999999"),
            Err(StartError::OutOfRange(_))
        ));
    }
}
