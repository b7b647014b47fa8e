//! One board for every on-screen variant (C-1, C-2): a shakmaty position plus
//! what shakmaty positions do not keep, namely the repetition history and the
//! SAN/UCI move lists.
//!
//! Standard chess ([`ChessBoard`](super::chessboard::ChessBoard)) and
//! Crazyhouse ([`CrazyhouseBoard`](super::crazyhouse::CrazyhouseBoard)) used
//! to repeat this code; they are now aliases of [`GameBoard`], so move reading,
//! notation and repetition counting are written and fixed once. What differs
//! between variants is small and lives in [`BoardRules`]: the position type
//! (the implementor itself), what counts as "the same position" (ZH-6 adds
//! the pockets) and the move error type. Variant rules (automatic ends,
//! claims, pockets, ply limit) stay with each variant as impl blocks on its
//! alias.

use crate::referee::chessboard::MoveError;
use crate::referee::common::Colour;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, Board, CastlingMode, Color, EnPassantMode, FromSetup, Move, Position, Square,
};
use std::fmt::Debug;

/// What makes two chess positions "the same" for repetition (C-2): the
/// pieces, the side to move, the castling rights and the en passant square
/// only when a capture there is legal. Compared whole rather than hashed, so
/// two positions can never collide; it also keeps shakmaty's 6 kB of random
/// zobrist keys, which do not compress, out of the wasm (issue #25).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionKey {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
}

impl PositionKey {
    /// The key of any shakmaty position (variants add their own parts).
    pub fn of(pos: &impl Position) -> PositionKey {
        PositionKey {
            board: pos.board().clone(),
            turn: pos.turn(),
            castling: pos.castles().castling_rights(),
            ep: pos.ep_square(EnPassantMode::Legal),
        }
    }
}

/// What a variant supplies to [`GameBoard`]; implemented by the shakmaty
/// position types themselves (`Chess`, `variant::Crazyhouse`).
pub trait BoardRules: Position + FromSetup + Default + Clone + Debug + PartialEq {
    /// What makes two positions "the same" for repetition counting.
    type Key: Clone + Debug + PartialEq;
    /// Why a move text was refused.
    type MoveError;

    /// The repetition key of this position.
    fn repetition_key(&self) -> Self::Key;

    /// The variant's error for a refused move text (`text` trimmed).
    fn move_error(kind: MoveError, text: &str) -> Self::MoveError;
}

/// shakmaty writes a pawn drop as `@e4`; PGN readers (Lichess among them)
/// expect `P@e4`, like every other drop (`N@f3`).
pub(crate) fn drop_with_role(san: String) -> String {
    if san.starts_with('@') {
        format!("P{san}")
    } else {
        san
    }
}

/// Reads a move in UCI (`e2e4`, `e7e8q`, `N@f3`) or SAN (`Nf3`, `O-O`,
/// `N@f3`) in `pos` and checks it is legal there (shared by [`GameBoard`] and
/// the bughouse boards, which keep their own positions).
pub(crate) fn parse_move_in<V: BoardRules>(pos: &V, text: &str) -> Result<Move, V::MoveError> {
    let t = text.trim();
    if let Ok(uci) = t.parse::<UciMove>() {
        return uci
            .to_move(pos)
            .map_err(|_| V::move_error(MoveError::Illegal, t));
    }
    let san =
        SanPlus::from_ascii(t.as_bytes()).map_err(|_| V::move_error(MoveError::Unreadable, t))?;
    san.san.to_move(pos).map_err(|e| match e {
        SanError::AmbiguousSan => V::move_error(MoveError::Ambiguous, t),
        _ => V::move_error(MoveError::Illegal, t),
    })
}

/// Legal moves of `pos` in UCI (drops as `N@f3`), sorted.
pub(crate) fn legal_moves_uci_of<V: Position>(pos: &V) -> Vec<String> {
    legal_moves_uci_in(pos, CastlingMode::Standard)
}

/// Legal moves of `pos` in UCI, castling written as `mode` writes it
/// (Chess960: the king takes its own rook, `b1a1`), sorted.
pub(crate) fn legal_moves_uci_in<V: Position>(pos: &V, mode: CastlingMode) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| UciMove::from_move(*m, mode).to_string())
        .collect();
    crate::referee::small_sort::sort(&mut v);
    v
}

/// A game of variant `V` with its history. Equality compares the position
/// (as `V` defines it), the repetition history and the move lists.
#[derive(Clone, Debug, PartialEq)]
pub struct GameBoard<V: BoardRules> {
    pos: V,
    /// How castling rights are read from a FEN and castling is written in
    /// UCI: `Standard` (`e1g1`), or `Chess960` for Undo Chess (`e1h1`, the
    /// king takes its own rook).
    castling: CastlingMode,
    /// Half-moves before the first position of `history` (from a FEN's move number).
    start_ply: u32,
    /// Repetition key of every position reached, the current one last.
    history: Vec<V::Key>,
    /// SAN (with `+`/`#`) and UCI of every move played.
    sans: Vec<String>,
    ucis: Vec<String>,
}

impl<V: BoardRules> Default for GameBoard<V> {
    fn default() -> Self {
        GameBoard::new(V::default(), 0, CastlingMode::Standard)
    }
}

pub(super) fn colour(c: Color) -> Colour {
    match c {
        Color::White => Colour::White,
        Color::Black => Colour::Black,
    }
}

impl<V: BoardRules> GameBoard<V> {
    fn new(pos: V, start_ply: u32, castling: CastlingMode) -> Self {
        let k = pos.repetition_key();
        GameBoard {
            pos,
            castling,
            start_ply,
            history: vec![k],
            sans: Vec::new(),
            ucis: Vec::new(),
        }
    }

    /// A board from a FEN (Crazyhouse: pockets in `[...]`, promoted pieces
    /// with `~`). The repetition history starts here; the ply count starts
    /// from the FEN's move number and side to move, as if the game so far had
    /// been played on this board.
    pub fn from_fen(fen: &str) -> Option<Self> {
        GameBoard::from_fen_in(fen, CastlingMode::Standard)
    }

    /// [`GameBoard::from_fen`] with castling read and written in `castling`
    /// mode (Chess960: X-FEN or Shredder-FEN rights, UCI castling as the king
    /// taking its rook).
    pub fn from_fen_in(fen: &str, castling: CastlingMode) -> Option<Self> {
        let fen: Fen = fen.trim().parse().ok()?;
        let pos: V = fen.into_position(castling).ok()?;
        // Saturating: a pasted FEN may say move 4 294 967 295.
        let start_ply = (pos.fullmoves().get() - 1)
            .saturating_mul(2)
            .saturating_add(u32::from(pos.turn() == Color::Black));
        Some(GameBoard::new(pos, start_ply, castling))
    }

    /// The position (read-only, for variant rules).
    pub(super) fn pos(&self) -> &V {
        &self.pos
    }

    /// Reads a move in UCI (`e2e4`, `e7e8q`, `N@f3`) or SAN (`Nf3`, `O-O`,
    /// `N@f3`) and checks it is legal. Does not play it.
    pub fn parse_move(&self, text: &str) -> Result<Move, V::MoveError> {
        parse_move_in(&self.pos, text)
    }

    /// Plays `m`, which the caller has checked is legal here.
    pub(super) fn play_unchecked(&mut self, m: Move) {
        let uci = UciMove::from_move(m, self.castling).to_string();
        let san =
            drop_with_role(SanPlus::from_move_and_play_unchecked(&mut self.pos, m).to_string());
        self.history.push(self.pos.repetition_key());
        self.sans.push(san);
        self.ucis.push(uci);
    }

    pub fn turn(&self) -> Colour {
        colour(self.pos.turn())
    }

    /// FEN of the current position (Crazyhouse: with pockets, e.g.
    /// `.../RNBQKBNR[Pn] w KQkq - 0 3`).
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

    /// UCI of the last move played, if any.
    pub fn last_move_uci(&self) -> Option<&str> {
        self.ucis.last().map(String::as_str)
    }

    /// SAN (with `+`/`#`) of the last move played, if any.
    pub fn last_move_san(&self) -> Option<&str> {
        self.sans.last().map(String::as_str)
    }

    /// Half-moves in total, including those before a FEN start.
    pub fn ply(&self) -> u32 {
        self.start_ply
            .saturating_add(u32::try_from(self.sans.len()).unwrap_or(u32::MAX))
    }

    /// Legal moves in UCI (drops as `N@f3`), sorted, for the UI's move input.
    pub fn legal_moves_uci(&self) -> Vec<String> {
        legal_moves_uci_in(&self.pos, self.castling)
    }

    /// How this board reads and writes castling.
    pub fn castling_mode(&self) -> CastlingMode {
        self.castling
    }

    /// SAN of a legal move without playing it.
    pub fn san_of(&self, m: Move) -> String {
        drop_with_role(San::from_move(&self.pos, m).to_string())
    }

    /// How often the current position (by the variant's key) has occurred.
    pub fn repetitions(&self) -> usize {
        match self.history.last() {
            Some(current) => self.history.iter().filter(|k| *k == current).count(),
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::referee::chessboard::ChessBoard;
    use crate::referee::crazyhouse::rules::CrazyhouseBoard;

    #[test]
    fn one_board_serves_both_variants() {
        let mut b = ChessBoard::default();
        assert_eq!((b.last_move_uci(), b.last_move_san()), (None, None));
        for t in ["e2e4", "d5", "exd5"] {
            let m = b.parse_move(t).unwrap();
            b.play(m);
        }
        assert_eq!(b.sans(), ["e4", "d5", "exd5"]);
        assert_eq!(b.ucis(), ["e2e4", "d7d5", "e4d5"]);
        assert_eq!(b.last_move_uci(), Some("e4d5"));
        assert_eq!(b.last_move_san(), Some("exd5"));
        assert_eq!(b.ply(), 3);

        let mut z = CrazyhouseBoard::default();
        assert_eq!((z.last_move_uci(), z.last_move_san()), (None, None));
        for t in ["e2e4", "d5", "exd5", "Qxd5", "P@e4"] {
            z.play_text(t).unwrap();
        }
        assert_eq!(z.sans(), ["e4", "d5", "exd5", "Qxd5", "P@e4"]);
        assert_eq!(z.ucis(), ["e2e4", "d7d5", "e4d5", "d8d5", "P@e4"]);
        assert_eq!(z.last_move_uci(), Some("P@e4"));
        assert_eq!(z.last_move_san(), Some("P@e4"));
        assert_eq!(z.clone(), z);
        assert_ne!(z, CrazyhouseBoard::default());
    }
}
