//! Crazyhouse in board mode (ZH-1…ZH-6, C-2) on `shakmaty::variant::Crazyhouse`.
//!
//! shakmaty supplies drops, pockets, promoted-piece memory (ZH-3) and legal
//! moves that include drops, so mate already has to survive every drop (ZH-5).
//! The board (moves, notation, history) is the generic [`GameBoard`] shared
//! with standard chess; this module adds what ZH-6 changes from C-2:
//! repetition counts a position only with equal pockets and the same pieces
//! marked as promoted pawns, there is no
//! 50-/75-move rule and no insufficient-material draw, and the game is drawn
//! after 600 half-moves.

use crate::referee::board::{BoardRules, GameBoard, PositionKey, colour};
use crate::referee::chessboard::MoveError;
use crate::referee::common::Colour;
use shakmaty::uci::UciMove;
use shakmaty::variant::Crazyhouse;
use shakmaty::{Bitboard, ByColor, ByRole, CastlingMode, Move, Position};
use std::fmt;

/// ZH-6: after this many half-moves in total the game is a draw.
pub const ZH_PLY_LIMIT: u32 = 600;

/// Why a move text was refused; every variant names the text it refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZhMoveError {
    /// Neither UCI (`e2e4`, `N@f3`) nor SAN (`Nxf7`, `N@f3`).
    Unreadable(String),
    /// Readable but not legal in the current position.
    Illegal(String),
    /// Ambiguous SAN (e.g. `Nd2` when two knights can go there).
    Ambiguous(String),
}

impl fmt::Display for ZhMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZhMoveError::Unreadable(m) => write!(f, "{m:?} is not a move in UCI or SAN notation"),
            ZhMoveError::Illegal(m) => write!(f, "{m:?} is illegal in this position"),
            ZhMoveError::Ambiguous(m) => write!(f, "{m:?} is ambiguous: say which piece moves"),
        }
    }
}

impl std::error::Error for ZhMoveError {}

/// How the board ended a Crazyhouse game by itself (ZH-5, ZH-6, C-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZhEnd {
    Checkmate {
        winner: Colour,
    },
    Stalemate,
    /// The same position (pockets included) for the fifth time (C-2, ZH-6).
    FivefoldRepetition,
    /// ZH-6: 600 half-moves in total were played.
    PlyLimit,
}

/// A draw the player to move may claim in Crazyhouse (ZH-6: threefold only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZhClaim {
    /// The current position, pockets included, has occurred at least three times.
    Threefold,
}

/// One colour's pocket, counts per role, for display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pocket {
    pub pawn: u8,
    pub knight: u8,
    pub bishop: u8,
    pub rook: u8,
    pub queen: u8,
}

impl Pocket {
    /// The pocket of `side` in `pos` (the bughouse boards use it too).
    pub(crate) fn of(pos: &Crazyhouse, side: Colour) -> Pocket {
        let p = pos.pockets().copied().unwrap_or_default();
        let r = match side {
            Colour::White => p.white,
            Colour::Black => p.black,
        };
        Pocket {
            pawn: r.pawn,
            knight: r.knight,
            bishop: r.bishop,
            rook: r.rook,
            queen: r.queen,
        }
    }

    pub fn total(&self) -> u32 {
        [self.pawn, self.knight, self.bishop, self.rook, self.queen]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }
}

/// What makes two positions "the same" for repetition (ZH-6): board, side to
/// move, castling rights, en passant (only when capturable), both pockets, and
/// which pieces are promoted pawns (they go back to a pocket as pawns, ZH-3),
/// as Lichess and python-chess count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepetitionKey {
    position: PositionKey,
    pockets: ByColor<ByRole<u8>>,
    promoted: Bitboard,
}

/// A Crazyhouse game with history: the generic board on shakmaty's
/// `Crazyhouse`, repetition with pockets (ZH-6).
pub type CrazyhouseBoard = GameBoard<Crazyhouse>;

impl BoardRules for Crazyhouse {
    type Key = RepetitionKey;
    type MoveError = ZhMoveError;

    fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            position: PositionKey::of(self),
            pockets: self.pockets().copied().unwrap_or_default(),
            promoted: self.promoted(),
        }
    }

    fn move_error(kind: MoveError, text: &str) -> ZhMoveError {
        let text = text.to_owned();
        match kind {
            MoveError::Unreadable => ZhMoveError::Unreadable(text),
            MoveError::Illegal => ZhMoveError::Illegal(text),
            MoveError::Ambiguous => ZhMoveError::Ambiguous(text),
        }
    }
}

impl CrazyhouseBoard {
    /// Plays a move if it is legal here; the state is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<(), ZhMoveError> {
        if !self.pos().is_legal(m) {
            return Err(ZhMoveError::Illegal(
                UciMove::from_move(m, CastlingMode::Standard).to_string(),
            ));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Parses and plays a move text in one step.
    pub fn play_text(&mut self, text: &str) -> Result<(), ZhMoveError> {
        let m = self.parse_move(text)?;
        self.play(m)
    }

    /// The pocket of `side` (pieces it may drop).
    pub fn pocket(&self, side: Colour) -> Pocket {
        Pocket::of(self.pos(), side)
    }

    /// Number of pieces on the board (kings included).
    pub fn pieces_on_board(&self) -> u32 {
        self.pos().board().occupied().count() as u32
    }

    /// Automatic ends: mate first (a mate on the 600th half-move stands), then
    /// stalemate, fivefold repetition and the 600-half-move limit. Never
    /// insufficient material, 50 or 75 moves (ZH-6).
    pub fn automatic_end(&self) -> Option<ZhEnd> {
        let pos = self.pos();
        if pos.is_checkmate() {
            return Some(ZhEnd::Checkmate {
                winner: colour(pos.turn()).other(),
            });
        }
        if pos.is_stalemate() {
            return Some(ZhEnd::Stalemate);
        }
        if self.repetitions() >= 5 {
            return Some(ZhEnd::FivefoldRepetition);
        }
        if self.ply() >= ZH_PLY_LIMIT {
            return Some(ZhEnd::PlyLimit);
        }
        None
    }

    /// Claims open to the player to move (ZH-6: threefold with equal pockets).
    pub fn claimable(&self) -> Vec<ZhClaim> {
        if self.automatic_end().is_none() && self.repetitions() >= 3 {
            vec![ZhClaim::Threefold]
        } else {
            Vec::new()
        }
    }
}
