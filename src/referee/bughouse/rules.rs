//! The two bughouse boards in board mode (BH-1…BH-9) on shakmaty's
//! `Crazyhouse` position, the one the Crazyhouse module already compiles in
//! (no second move generator in the wasm).
//!
//! shakmaty's Crazyhouse supplies drops, pawn drops never on the first or
//! last rank (BH-3) and the memory of promoted pawns. What bughouse changes is
//! done here:
//! - a capture goes to the *partner's* pocket on the other board, keeping its
//!   colour (BH-3): shakmaty puts it in the capturer's own pocket, so it is
//!   taken out there and added on the other board, through `Setup`;
//! - mate is BH-5's: in check, no legal move or drop, and no empty square
//!   between the king and its one checker (a check that a dropped piece
//!   could block is not mate, whatever the pocket holds). shakmaty's own
//!   `is_checkmate` (and its `#` in SAN) looks at the current pocket only, so
//!   it is not used;
//! - no stalemate (BH-6): a player without a move waits;
//! - BH-8 (a): nobody to move on either board can move; (b) 800 half-moves on
//!   both boards together; no repetition rule (BH-9).

use crate::referee::board::{drop_with_role, legal_moves_uci_of, parse_move_in};
use crate::referee::common::Colour;
use crate::referee::crazyhouse::{Pocket, ZhMoveError};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::variant::Crazyhouse;
use shakmaty::{
    CastlingMode, Color, EnPassantMode, FromSetup, Move, Position, PositionError, Role, attacks,
};
use std::fmt;

/// BH-8 (b): after this many half-moves on both boards together the match is
/// drawn.
pub const BH_PLY_LIMIT: u32 = 800;

/// One of the two boards (BH-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardId {
    A,
    B,
}

impl BoardId {
    pub const BOTH: [BoardId; 2] = [BoardId::A, BoardId::B];

    pub fn index(self) -> usize {
        match self {
            BoardId::A => 0,
            BoardId::B => 1,
        }
    }

    pub fn other(self) -> BoardId {
        match self {
            BoardId::A => BoardId::B,
            BoardId::B => BoardId::A,
        }
    }

    /// `A` or `B`.
    pub fn letter(self) -> char {
        match self {
            BoardId::A => 'A',
            BoardId::B => 'B',
        }
    }
}

/// A team (BH-1): team 1 is White on A and Black on B, team 2 is Black on A
/// and White on B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Team {
    One,
    Two,
}

impl Team {
    /// The team playing `colour` on `board`.
    pub fn of(board: BoardId, colour: Colour) -> Team {
        match (board, colour) {
            (BoardId::A, Colour::White) | (BoardId::B, Colour::Black) => Team::One,
            _ => Team::Two,
        }
    }

    pub fn other(self) -> Team {
        match self {
            Team::One => Team::Two,
            Team::Two => Team::One,
        }
    }

    /// The colour this team plays on `board`.
    pub fn colour_on(self, board: BoardId) -> Colour {
        match (self, board) {
            (Team::One, BoardId::A) | (Team::Two, BoardId::B) => Colour::White,
            _ => Colour::Black,
        }
    }

    /// 1 or 2.
    pub fn number(self) -> u8 {
        match self {
            Team::One => 1,
            Team::Two => 2,
        }
    }
}

/// One of the four players: a colour on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    pub board: BoardId,
    pub colour: Colour,
}

impl Seat {
    pub fn team(self) -> Team {
        Team::of(self.board, self.colour)
    }

    /// The partner (BH-1, BH-3): the other colour on the other board.
    pub fn partner(self) -> Seat {
        Seat {
            board: self.board.other(),
            colour: self.colour.other(),
        }
    }
}

/// A move of the match: which board, and the move in UCI (`e2e4`, `N@f3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BhMove {
    pub board: BoardId,
    pub uci: String,
}

/// A played move as records show it: its board, UCI and SAN (with BH-5's `#`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub board: BoardId,
    /// The player who moved.
    pub colour: Colour,
    pub uci: String,
    pub san: String,
}

/// Why a board move was refused; the move error names the text refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BhMoveError {
    pub board: BoardId,
    pub error: ZhMoveError,
}

impl fmt::Display for BhMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board {}: {}", self.board.letter(), self.error)
    }
}

impl std::error::Error for BhMoveError {}

/// How the boards ended the match by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardsEnd {
    /// BH-5 mate on `board`: the side to move there is mated.
    Checkmate { board: BoardId },
    /// BH-8 (a): nobody to move on either board can move.
    NobodyCanMove,
    /// BH-8 (b): 800 half-moves on both boards together.
    PlyLimit,
}

/// Both boards with their pockets and the moves played, in the order they
/// were played.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BughouseBoards {
    pos: [Crazyhouse; 2],
    /// Half-moves before the first position of each board (from a FEN's
    /// move number), for move numbers only.
    start_ply: [u32; 2],
    moves: Vec<PlayedMove>,
}

/// `pos` with `delta` added to `colour`'s pocket of `role` (a count never goes
/// below zero). Through `Setup`, since shakmaty keeps pockets private; a
/// board may hold more than one set's material (BH-3), so "too much material"
/// is no error here.
fn with_pocket(pos: &Crazyhouse, colour: Color, role: Role, add: bool) -> Option<Crazyhouse> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    let pockets = setup.pockets.get_or_insert_with(Default::default);
    let n = pockets.get_mut(colour).get_mut(role);
    *n = if add {
        n.checked_add(1)?
    } else {
        n.checked_sub(1)?
    };
    Crazyhouse::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .ok()
}

fn ours(c: Color) -> Colour {
    match c {
        Color::White => Colour::White,
        Color::Black => Colour::Black,
    }
}

/// BH-5: the side to move in `pos` is mated.
fn bh_mate(pos: &Crazyhouse) -> bool {
    let checkers = pos.checkers();
    if checkers.is_empty() || !pos.legal_moves().is_empty() {
        return false;
    }
    match (checkers.single_square(), pos.board().king_of(pos.turn())) {
        // One checker: mate only if no square lies between it and the king,
        // where a piece the partner may yet pass could be dropped.
        (Some(checker), Some(king)) => attacks::between(checker, king).is_empty(),
        // Double check: no single drop blocks both.
        _ => true,
    }
}

impl BughouseBoards {
    /// Both boards at the usual start, empty pockets.
    pub fn new() -> BughouseBoards {
        BughouseBoards::default()
    }

    /// Boards A and B from FENs with pockets (`…[Qn] w - - 0 1`); `None` if
    /// either is unreadable or no legal position. A board may hold more than
    /// one set's material (BH-3).
    pub fn from_fens(a: &str, b: &str) -> Option<BughouseBoards> {
        let read = |fen: &str| {
            let fen: Fen = fen.trim().parse().ok()?;
            fen.into_position::<Crazyhouse>(CastlingMode::Standard)
                .or_else(PositionError::ignore_too_much_material)
                .ok()
        };
        let pos = [read(a)?, read(b)?];
        let start_ply = pos.each_ref().map(|p| {
            (p.fullmoves().get() - 1)
                .saturating_mul(2)
                .saturating_add(u32::from(p.turn() == Color::Black))
        });
        Some(BughouseBoards {
            pos,
            start_ply,
            moves: Vec::new(),
        })
    }

    /// Plays `moves` in order; the first refused move is returned with its
    /// index (nothing is undone: use on a copy).
    pub fn play_all(&mut self, moves: &[BhMove]) -> Result<(), (usize, BhMoveError)> {
        for (i, m) in moves.iter().enumerate() {
            self.play_text(m.board, &m.uci).map_err(|e| (i, e))?;
        }
        Ok(())
    }

    /// Half-moves before `board`'s first position (from a FEN's move number).
    pub fn start_ply(&self, board: BoardId) -> u32 {
        self.start_ply[board.index()]
    }

    /// The number of the move being played on `board` (from a FEN's move
    /// number when the board started from one).
    pub fn move_number(&self, board: BoardId) -> u32 {
        self.start_ply[board.index()].saturating_add(self.ply_on(board)) / 2 + 1
    }

    fn pos(&self, board: BoardId) -> &Crazyhouse {
        &self.pos[board.index()]
    }

    /// Reads a move on `board` (UCI or SAN, drops as `N@f3`) and checks it is
    /// legal there. Does not play it.
    pub fn parse_move(&self, board: BoardId, text: &str) -> Result<Move, BhMoveError> {
        parse_move_in(self.pos(board), text).map_err(|error| BhMoveError { board, error })
    }

    /// Plays a move text on `board`; nothing changes if it is refused.
    pub fn play_text(&mut self, board: BoardId, text: &str) -> Result<(), BhMoveError> {
        let m = self.parse_move(board, text)?;
        let refused = || BhMoveError {
            board,
            error: ZhMoveError::Illegal(text.trim().to_owned()),
        };
        let i = board.index();
        let pos = &self.pos[i];
        if !pos.is_legal(m) {
            return Err(refused());
        }
        let mover = pos.turn();
        // What the capture passes on (BH-3): a promoted piece as a pawn.
        let passed = match m {
            Move::Normal {
                capture: Some(role),
                to,
                ..
            } => Some(if pos.promoted().contains(to) {
                Role::Pawn
            } else {
                role
            }),
            Move::EnPassant { .. } => Some(Role::Pawn),
            _ => None,
        };
        let uci = UciMove::from_move(m, CastlingMode::Standard).to_string();
        let san = drop_with_role(San::from_move(pos, m).to_string());
        let mut next = pos.clone();
        next.play_unchecked(m);
        let mut other = self.pos[1 - i].clone();
        if let Some(role) = passed {
            // shakmaty put it in the capturer's pocket; the captured piece
            // (the opponent's colour) goes to the partner, who plays that
            // colour on the other board.
            next = with_pocket(&next, mover, role, false).ok_or_else(refused)?;
            other = with_pocket(&other, !mover, role, true).ok_or_else(refused)?;
        }
        let suffix = if bh_mate(&next) {
            "#"
        } else if next.is_check() {
            "+"
        } else {
            ""
        };
        self.pos[i] = next;
        self.pos[1 - i] = other;
        self.moves.push(PlayedMove {
            board,
            colour: ours(mover),
            uci,
            san: san + suffix,
        });
        Ok(())
    }

    /// Every move played, in order, both boards.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// Half-moves on both boards together (BH-8 b).
    pub fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// Half-moves played on `board`.
    pub fn ply_on(&self, board: BoardId) -> u32 {
        self.moves.iter().filter(|m| m.board == board).count() as u32
    }

    /// The last move played on `board`.
    pub fn last_move(&self, board: BoardId) -> Option<&PlayedMove> {
        self.moves.iter().rev().find(|m| m.board == board)
    }

    pub fn turn(&self, board: BoardId) -> Colour {
        ours(self.pos(board).turn())
    }

    /// FEN of `board` with its pockets (`…[Qn] w KQkq - 0 3`).
    pub fn fen(&self, board: BoardId) -> String {
        Fen::from_position(self.pos(board), EnPassantMode::Legal).to_string()
    }

    pub fn is_check(&self, board: BoardId) -> bool {
        self.pos(board).is_check()
    }

    /// Legal moves on `board` in UCI, sorted.
    pub fn legal_moves_uci(&self, board: BoardId) -> Vec<String> {
        legal_moves_uci_of(self.pos(board))
    }

    /// BH-6: the side to move on `board` has a legal move (or drop).
    pub fn can_move(&self, board: BoardId) -> bool {
        !self.pos(board).legal_moves().is_empty()
    }

    /// BH-5: the side to move on `board` is mated.
    pub fn is_mate(&self, board: BoardId) -> bool {
        bh_mate(self.pos(board))
    }

    /// The pieces `colour` may drop on `board`.
    pub fn pocket(&self, board: BoardId, colour: Colour) -> Pocket {
        Pocket::of(self.pos(board), colour)
    }

    /// Pieces on `board` (kings included).
    pub fn pieces_on(&self, board: BoardId) -> u32 {
        self.pos(board).board().occupied().count() as u32
    }

    /// Ends the boards show by themselves, given that the last move was on
    /// `moved` (a mate can only come from a move on its own board): mate
    /// first (a mate on the 800th half-move stands), then BH-8 (a), then (b).
    pub fn automatic_end(&self, moved: &[BoardId]) -> Option<BoardsEnd> {
        if let Some(&board) = moved.iter().find(|&&b| self.is_mate(b)) {
            return Some(BoardsEnd::Checkmate { board });
        }
        if BoardId::BOTH.iter().all(|&b| !self.can_move(b)) {
            return Some(BoardsEnd::NobodyCanMove);
        }
        if self.ply() >= BH_PLY_LIMIT {
            return Some(BoardsEnd::PlyLimit);
        }
        None
    }
}
