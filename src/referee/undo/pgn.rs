//! Undo Chess records in PGN (board mode): `[Variant "Chess960"]`, the start
//! position in `[FEN]` (X-FEN castling rights, `[SetUp "1"]`, even for
//! position 518), `[StartPosition "518"]`, `[Tokens "2-2"]` (at the start),
//! `[%clk]` after every standing move, and every undo as a comment.
//!
//! The movetext holds the standing moves, so any Chess960-aware reader
//! (python-chess, Lichess, SCID) replays the game as it ended. An undo is a
//! comment placed where the game returned to, after the last move that
//! stood at that moment:
//!
//! ```text
//! 11... Nf6 {Undo 1: White gives a token to Black (tokens 1-3), takes back 12... Kxf7 and 12. Bxf7+} 12. Bb5
//! ```
//!
//! Undos are numbered in the order they were made; an undo whose position
//! was later taken back too (by a further undo) keeps its place if that many
//! moves stand at the end, else it goes after the last move. The log, not
//! the PGN, replays the undos.
//!
//! The reader ([`uc_from_pgn`]) takes a Chess960 (or standard) game for
//! review: tags, a `FEN` in X-FEN or Shredder-FEN, moves in SAN (`O-O`,
//! `0-0`, promotions with or without `=`), refusing the text whole at the
//! first problem; it ignores comments.

use crate::referee::chessboard::{ChessBoard, MoveError};
use crate::referee::common::Outcome;
use crate::referee::pgn::{
    Movetext, NotBoardMode, PgnInfo, TagSection, move_number, read_moves, read_record, record,
    record_error, result_token, roster_name, squashed, standard_san,
};
use crate::referee::undo::game::{UcGame, UcReason};
use crate::referee::undo::start::StartPosition;
use shakmaty::CastlingMode;

/// Why a game has no PGN.
pub type UcNotBoardMode = NotBoardMode;

/// The PGN of a board-mode game, finished or not (`*` while it runs).
pub fn uc_to_pgn(game: &UcGame, info: &PgnInfo) -> Result<String, UcNotBoardMode> {
    game.board().ok_or(NotBoardMode)?;
    let setup = game.setup();
    let result = game.result();
    let token = result_token(result.map(|r| r.outcome));
    let mut tags = TagSection::new(info, "Undo Chess", &setup.white, &setup.black, token);
    tags.tag("Variant", "Chess960");
    tags.set_up(&game.start().fen());
    tags.tag("StartPosition", &game.start().to_string());
    let [white_tokens, black_tokens] = setup.tokens;
    tags.tag("Tokens", &format!("{white_tokens}-{black_tokens}"));
    tags.time_control(&setup.control);
    tags.committed(game.commitment_hex(), game.reveal().as_ref());
    if let Some(r) = result {
        tags.termination(r.reason == UcReason::Flag);
    }

    let plies = game.plies();
    let mut mt = Movetext::new(0);
    let undo_comments = |mt: &mut Movetext, at: usize, last: bool| {
        for u in game.undos() {
            let anchor = (u.plies_after as usize).min(plies.len());
            if anchor == at || (last && anchor > at) {
                mt.comment(&format!(
                    "Undo {}: {} gives a token to {} (tokens {}-{}), takes back {} and {}",
                    u.index,
                    u.by.name(),
                    u.by.other().name(),
                    u.tokens_after[0],
                    u.tokens_after[1],
                    u.took_back[0].label(),
                    u.took_back[1].label()
                ));
            }
        }
    };
    for (i, p) in plies.iter().enumerate() {
        undo_comments(&mut mt, i, false);
        mt.push_move(p.mv.san.as_deref().unwrap_or("?"));
        mt.clk(p.clk_after_ms);
    }
    undo_comments(&mut mt, plies.len(), true);
    if let Some(r) = result {
        let mut why = r.reason.describe().to_owned();
        if r.flag_while_deciding {
            why.push_str(" (the clock ran out while deciding; the board's result stands, UC-7)");
        }
        mt.comment(&why);
    }
    Ok(record(tags, mt, token))
}

/// A game read from PGN for review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UcImported {
    pub white: Option<String>,
    pub black: Option<String>,
    /// The start position's FEN as the referee writes it (X-FEN).
    pub start_fen: String,
    /// The Chess960 start it is, if it is one (always with no `FEN` tag: 518).
    pub start: Option<StartPosition>,
    /// SAN (with `+`/`#`) and UCI (Chess960 castling) of every move.
    pub sans: Vec<String>,
    pub ucis: Vec<String>,
    /// The position before the first move and after each move: `fens[k]`
    /// after `k` moves, for stepping through the game.
    pub fens: Vec<String>,
    pub outcome: Option<Outcome>,
}

record_error! {
    /// Why a PGN was refused; moves are named as in the PGN (`12... Nf6`).
    pub enum UcPgnError ("there is no game in this text") {
        /// The `Variant` tag names a game other than chess or Chess960.
        OtherVariant(String),
        /// The `FEN` tag is unreadable or not a legal Chess960 position.
        BadFen(String),
        Move {
            number: String,
            text: String,
            error: MoveError,
        },
    }
    |f| {
        UcPgnError::OtherVariant(v) => write!(f, "this is a {v} game, not Chess960"),
        UcPgnError::BadFen(fen) => {
            write!(f, "the FEN tag is not a legal Chess960 position: {fen}")
        }
        UcPgnError::Move { number, text, error } => {
            write!(f, "move {number} {text}: {error}")
        }
    }
}

/// Whether a `Variant` tag names Chess960 or plain chess, however spelled.
fn is_chess960_or_chess(variant: &str) -> bool {
    matches!(
        squashed(variant).as_str(),
        "chess960"
            | "960"
            | "fischerandom"
            | "fischerrandom"
            | "fischerrandomchess"
            | "frc"
            | "undochess"
            | "standard"
            | "chess"
            | "normal"
            | "fromposition"
    )
}

/// Reads one Chess960 (or standard) game from PGN for review, refusing it
/// whole at the first problem.
pub fn uc_from_pgn(text: &str) -> Result<UcImported, UcPgnError> {
    let mut white = None;
    let mut black = None;
    let mut fen = None;
    let tokens = read_record(text, UcPgnError::BadTag, |name, value| {
        match name.as_str() {
            "White" => white = roster_name(value).or(white.take()),
            "Black" => black = roster_name(value).or(black.take()),
            "Variant" if !is_chess960_or_chess(&value) => {
                return Err(UcPgnError::OtherVariant(value));
            }
            "FEN" => fen = Some(value),
            _ => {}
        }
        Ok(())
    })?;
    if tokens.is_empty() && white.is_none() && black.is_none() && fen.is_none() {
        return Err(UcPgnError::Empty);
    }
    let start_fen = fen.unwrap_or_else(|| StartPosition::standard().fen());
    let mut board = ChessBoard::from_fen_in(&start_fen, CastlingMode::Chess960)
        .ok_or_else(|| UcPgnError::BadFen(start_fen.clone()))?;
    let start_fen = board.fen();
    let start = (0..crate::referee::undo::start::CHESS960_POSITIONS)
        .filter_map(|n| StartPosition::new(n).ok())
        .find(|p| p.fen() == start_fen);
    let mut fens = vec![start_fen.clone()];
    let outcome = read_moves(tokens, UcPgnError::AfterResult, |text| {
        let number = move_number(board.ply());
        let m = board
            .parse_move(&standard_san(text))
            .map_err(|error| UcPgnError::Move {
                number,
                text: text.to_owned(),
                error,
            })?;
        board.play(m);
        fens.push(board.fen());
        Ok(())
    })?;
    Ok(UcImported {
        white,
        black,
        start_fen,
        start,
        sans: board.sans().to_vec(),
        ucis: board.ucis().to_vec(),
        fens,
        outcome,
    })
}
