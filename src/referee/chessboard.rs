//! Board mode (C-1, C-2): the on-screen board checked by shakmaty. The board
//! itself (moves, notation, repetition history, which shakmaty positions do not
//! keep) is the generic [`GameBoard`] shared with Crazyhouse; this module adds
//! the standard-chess rules of C-2. The history belongs to the board (NS-1), so
//! swaps never touch it.

use crate::referee::board::{BoardRules, GameBoard, PositionKey, colour};
use crate::referee::common::Colour;
use shakmaty::{Chess, Move, Position};
use std::fmt;

/// A draw the player to move may claim (C-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawClaim {
    /// The current position has occurred at least three times.
    Threefold,
    /// At least 50 moves by each side without capture or pawn move.
    FiftyMoves,
}

crate::referee::json::json_names! {
    DrawClaim { Threefold = "threefold", FiftyMoves = "fifty_moves" }
}

/// How the board ended the game by itself (C-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEnd {
    Checkmate { winner: Colour },
    Stalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Neither UCI (`e2e4`, `e7e8q`) nor SAN (`Nf3`, `O-O`).
    Unreadable,
    /// Readable but not legal in the current position.
    Illegal,
    /// Ambiguous SAN (e.g. `Nd2` when two knights can go there).
    Ambiguous,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Unreadable => "not a move in UCI or SAN notation",
            MoveError::Illegal => "illegal move in this position",
            MoveError::Ambiguous => "ambiguous move: say which piece moves",
        })
    }
}

/// A standard chess game with history: the generic board on shakmaty's
/// `Chess`, repetition by [`PositionKey`].
pub type ChessBoard = GameBoard<Chess>;

impl BoardRules for Chess {
    type Key = PositionKey;
    type MoveError = MoveError;

    fn repetition_key(&self) -> PositionKey {
        PositionKey::of(self)
    }

    fn move_error(kind: MoveError, _text: &str) -> MoveError {
        kind
    }
}

impl ChessBoard {
    /// Plays a legal move (from [`ChessBoard::parse_move`]).
    pub fn play(&mut self, m: Move) {
        self.play_unchecked(m);
    }

    /// C-2 automatic ends, checkmate first (a mate on the 75th move stands).
    pub fn automatic_end(&self) -> Option<BoardEnd> {
        let pos = self.pos();
        if pos.is_checkmate() {
            return Some(BoardEnd::Checkmate {
                winner: colour(pos.turn()).other(),
            });
        }
        if pos.is_stalemate() {
            return Some(BoardEnd::Stalemate);
        }
        if pos.is_insufficient_material() {
            return Some(BoardEnd::InsufficientMaterial);
        }
        if self.repetitions() >= 5 {
            return Some(BoardEnd::FivefoldRepetition);
        }
        if pos.halfmoves() >= 150 {
            return Some(BoardEnd::SeventyFiveMoves);
        }
        None
    }

    /// C-2: `side` cannot possibly mate (a flag of its opponent is then a draw).
    pub fn cannot_mate(&self, side: Colour) -> bool {
        let c = match side {
            Colour::White => shakmaty::Color::White,
            Colour::Black => shakmaty::Color::Black,
        };
        self.pos().has_insufficient_material(c)
    }

    /// C-2 claims open to the player to move in the current position.
    pub fn claimable(&self) -> Vec<DrawClaim> {
        let mut v = Vec::new();
        if self.repetitions() >= 3 {
            v.push(DrawClaim::Threefold);
        }
        if self.pos().halfmoves() >= 100 {
            v.push(DrawClaim::FiftyMoves);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(b: &mut ChessBoard, moves: &[&str]) {
        for m in moves {
            let mv = b.parse_move(m).unwrap();
            b.play(mv);
        }
    }

    #[test]
    fn c_2_reads_uci_and_san_and_refuses_illegal() {
        let mut b = ChessBoard::default();
        play(&mut b, &["e2e4", "e5", "Nf3"]);
        assert_eq!(b.sans(), ["e4", "e5", "Nf3"]);
        assert_eq!(b.ucis(), ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(b.parse_move("e5e4"), Err(MoveError::Illegal));
        assert_eq!(b.parse_move("hello"), Err(MoveError::Unreadable));
        assert_eq!(b.parse_move("Ke3"), Err(MoveError::Illegal));
    }

    #[test]
    fn c_2_mate_ends_the_game() {
        let mut b = ChessBoard::default();
        play(&mut b, &["f3", "e5", "g4", "Qh4#"]);
        assert_eq!(
            b.automatic_end(),
            Some(BoardEnd::Checkmate {
                winner: Colour::Black
            })
        );
        assert_eq!(b.sans().last().unwrap(), "Qh4#");
    }

    #[test]
    fn c_2_fifty_moves_is_a_claim_and_seventy_five_ends() {
        let mut b = ChessBoard::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 98 80").unwrap();
        play(&mut b, &["Ra2"]);
        assert!(b.claimable().is_empty());
        play(&mut b, &["Kd7"]);
        assert_eq!(b.claimable(), vec![DrawClaim::FiftyMoves]);
        assert_eq!(b.automatic_end(), None);
        let mut b = ChessBoard::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 80").unwrap();
        play(&mut b, &["Ra2"]);
        assert_eq!(b.automatic_end(), Some(BoardEnd::SeventyFiveMoves));
    }

    #[test]
    fn c_2_mate_on_the_seventy_fifth_move_stands() {
        let mut b = ChessBoard::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80").unwrap();
        play(&mut b, &["Ra8#"]);
        assert_eq!(
            b.automatic_end(),
            Some(BoardEnd::Checkmate {
                winner: Colour::White
            })
        );
    }

    #[test]
    fn c_2_dead_position_ends_the_game() {
        let mut b = ChessBoard::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1").unwrap();
        play(&mut b, &["Kxd2"]);
        assert_eq!(b.automatic_end(), Some(BoardEnd::InsufficientMaterial));
    }

    #[test]
    fn c_2_threefold_is_a_claim_and_fivefold_ends() {
        let mut b = ChessBoard::default();
        let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        play(&mut b, &cycle);
        assert!(b.claimable().is_empty());
        play(&mut b, &cycle);
        assert_eq!(b.claimable(), vec![DrawClaim::Threefold]);
        assert_eq!(b.automatic_end(), None);
        play(&mut b, &cycle);
        play(&mut b, &cycle);
        assert_eq!(b.automatic_end(), Some(BoardEnd::FivefoldRepetition));
    }

    /// C-2 counts a position again only with the same castling rights: the
    /// kings' walk back home leaves the pieces as they stood, but not the rights.
    #[test]
    fn c_2_repetition_needs_the_same_castling_rights() {
        let mut b = ChessBoard::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        play(&mut b, &["Ke2", "Ke7", "Ke1", "Ke8"]);
        assert_eq!(b.repetitions(), 1, "same pieces, no castling rights left");
        play(&mut b, &["Ke2", "Ke7", "Ke1", "Ke8"]);
        assert_eq!(b.repetitions(), 2);
    }

    /// C-2: an en passant square counts only when the capture is legal there,
    /// as FIDE and python-chess count it (shakmaty's `EnPassantMode::Legal`).
    #[test]
    fn c_2_repetition_counts_en_passant_only_when_it_can_be_taken() {
        // 1. e4 leaves e3 behind, but no black pawn can take there: after the
        // knights' dance the position after 1. e4 stands again.
        let mut b = ChessBoard::default();
        play(&mut b, &["e4", "Nf6", "Nf3", "Ng8", "Ng1"]);
        assert_eq!(b.repetitions(), 2);
        // After ...d5 the pawn on e5 may take on d6: the same pieces with White
        // to move later are another position.
        let mut b = ChessBoard::from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1").unwrap();
        play(&mut b, &["d5", "Ke2", "Ke7", "Ke1", "Ke8"]);
        assert_eq!(b.repetitions(), 1, "d6 could be taken before");
        play(&mut b, &["Ke2", "Ke7", "Ke1", "Ke8"]);
        assert_eq!(
            b.repetitions(),
            2,
            "counted from the first position without it"
        );
    }
}
