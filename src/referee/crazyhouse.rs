//! Crazyhouse in board mode (ZH-1…ZH-6, C-2) on `shakmaty::variant::Crazyhouse`.
//!
//! shakmaty supplies drops, pockets, promoted-piece memory (ZH-3) and legal
//! moves that include drops, so mate already has to survive every drop (ZH-5).
//! This wrapper adds what ZH-6 changes from C-2: repetition counts a position
//! only with equal pockets, there is no 50-/75-move rule and no
//! insufficient-material draw, and the game is drawn after 600 half-moves.

use crate::referee::seats::Colour;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::variant::Crazyhouse;
use shakmaty::{
    Bitboard, Board, ByColor, ByRole, CastlingMode, Color, EnPassantMode, Move, Position, Square,
};
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
    pub fn total(&self) -> u32 {
        [self.pawn, self.knight, self.bishop, self.rook, self.queen]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }
}

/// What makes two positions "the same" for repetition (ZH-6): board, side to
/// move, castling rights, en passant (only when capturable) and both pockets.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RepetitionKey {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
    pockets: ByColor<ByRole<u8>>,
}

fn key(pos: &Crazyhouse) -> RepetitionKey {
    RepetitionKey {
        board: pos.board().clone(),
        turn: pos.turn(),
        castling: pos.castles().castling_rights(),
        ep: pos.ep_square(EnPassantMode::Legal),
        pockets: pos.pockets().copied().unwrap_or_default(),
    }
}

fn colour(c: Color) -> Colour {
    match c {
        Color::White => Colour::White,
        Color::Black => Colour::Black,
    }
}

/// A Crazyhouse game with history.
#[derive(Clone, Debug)]
pub struct CrazyhouseBoard {
    pos: Crazyhouse,
    /// Half-moves before the first position of `history` (from a FEN's move number).
    start_ply: u32,
    /// Every position reached, the current one last.
    history: Vec<RepetitionKey>,
    /// SAN (with `+`/`#`) and UCI of every move played.
    sans: Vec<String>,
    ucis: Vec<String>,
}

impl Default for CrazyhouseBoard {
    fn default() -> Self {
        CrazyhouseBoard::new(Crazyhouse::default(), 0)
    }
}

impl CrazyhouseBoard {
    fn new(pos: Crazyhouse, start_ply: u32) -> Self {
        let k = key(&pos);
        CrazyhouseBoard {
            pos,
            start_ply,
            history: vec![k],
            sans: Vec::new(),
            ucis: Vec::new(),
        }
    }

    /// A board from a Crazyhouse FEN (pockets in `[...]`, promoted pieces with
    /// `~`). The repetition history starts here; the ply count (ZH-6) starts
    /// from the FEN's move number and side to move, as if the game so far had
    /// been played on this board.
    pub fn from_fen(fen: &str) -> Option<CrazyhouseBoard> {
        let fen: Fen = fen.trim().parse().ok()?;
        let pos: Crazyhouse = fen.into_position(CastlingMode::Standard).ok()?;
        let start_ply =
            (pos.fullmoves().get() - 1).saturating_mul(2) + u32::from(pos.turn() == Color::Black);
        Some(CrazyhouseBoard::new(pos, start_ply))
    }

    /// Reads a move in UCI (`e2e4`, `N@f3`) or SAN (`Nxf7`, `N@f3`) and checks
    /// it is legal. Does not play it.
    pub fn parse_move(&self, text: &str) -> Result<Move, ZhMoveError> {
        let t = text.trim();
        if let Ok(uci) = t.parse::<UciMove>() {
            return uci
                .to_move(&self.pos)
                .map_err(|_| ZhMoveError::Illegal(t.to_owned()));
        }
        let san =
            SanPlus::from_ascii(t.as_bytes()).map_err(|_| ZhMoveError::Unreadable(t.to_owned()))?;
        san.san.to_move(&self.pos).map_err(|e| match e {
            SanError::AmbiguousSan => ZhMoveError::Ambiguous(t.to_owned()),
            _ => ZhMoveError::Illegal(t.to_owned()),
        })
    }

    /// Plays a move if it is legal here; the state is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<(), ZhMoveError> {
        if !self.pos.is_legal(m) {
            return Err(ZhMoveError::Illegal(
                UciMove::from_move(m, CastlingMode::Standard).to_string(),
            ));
        }
        let uci = UciMove::from_move(m, CastlingMode::Standard).to_string();
        let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, m).to_string();
        self.history.push(key(&self.pos));
        self.sans.push(san);
        self.ucis.push(uci);
        Ok(())
    }

    /// Parses and plays a move text in one step.
    pub fn play_text(&mut self, text: &str) -> Result<(), ZhMoveError> {
        let m = self.parse_move(text)?;
        self.play(m)
    }

    pub fn turn(&self) -> Colour {
        colour(self.pos.turn())
    }

    /// FEN with pockets, e.g. `.../RNBQKBNR[Pn] w KQkq - 0 3`.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }

    pub fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    pub fn ucis(&self) -> &[String] {
        &self.ucis
    }

    /// Half-moves in total (ZH-6), including those before a FEN start.
    pub fn ply(&self) -> u32 {
        self.start_ply
            .saturating_add(u32::try_from(self.sans.len()).unwrap_or(u32::MAX))
    }

    /// The pocket of `side` (pieces it may drop).
    pub fn pocket(&self, side: Colour) -> Pocket {
        let p = self.pos.pockets().copied().unwrap_or_default();
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

    /// Number of pieces on the board (kings included).
    pub fn pieces_on_board(&self) -> u32 {
        self.pos.board().occupied().count() as u32
    }

    /// Legal moves in UCI (drops as `N@f3`), sorted, for the UI's move input.
    pub fn legal_moves_uci(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .pos
            .legal_moves()
            .iter()
            .map(|m| UciMove::from_move(*m, CastlingMode::Standard).to_string())
            .collect();
        v.sort();
        v
    }

    /// SAN of a legal move without playing it.
    pub fn san_of(&self, m: Move) -> String {
        San::from_move(&self.pos, m).to_string()
    }

    /// How often the current position (pockets included) has occurred.
    pub fn repetitions(&self) -> usize {
        match self.history.last() {
            Some(current) => self.history.iter().filter(|k| *k == current).count(),
            None => 0,
        }
    }

    /// Automatic ends: mate first (a mate on the 600th half-move stands), then
    /// stalemate, fivefold repetition and the 600-half-move limit. Never
    /// insufficient material, 50 or 75 moves (ZH-6).
    pub fn automatic_end(&self) -> Option<ZhEnd> {
        if self.pos.is_checkmate() {
            return Some(ZhEnd::Checkmate {
                winner: colour(self.pos.turn()).other(),
            });
        }
        if self.pos.is_stalemate() {
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
