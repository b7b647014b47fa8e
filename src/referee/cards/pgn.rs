//! Card-series records in PGN (board mode).
//!
//! The movetext holds the accepted moves. A side that moves again within a
//! series is written with a null move `--` of the other side in between
//! (`1. e4 -- 2. Nf3`), the notation ChessBase, SCID and python-chess read,
//! so the file replays move by move in those programs. Comments carry what
//! PGN has no place for: each series' start (`{Series 3: White}`), every
//! refused move (`{No: Nf3}`), the reply to a check (`{Reply}`) and, once a
//! series is over, its whole stack (`{Stack: YNNYYN}`; after a check
//! `{Stack: YNY, check (unused: NNY)}`). A series still running shows only
//! its turned cards (`{Turned: YN}`), never the rest.
//!
//! The reader ([`cs_from_pgn`]) takes such a file back: tags, moves and `--`
//! (also `Z0` and `0000`), refusing it whole at the first problem. It
//! ignores comments, so it gives the accepted moves, not the cards.

use crate::referee::cards::game::{CsGame, CsReason, SeriesEnd, Turn};
use crate::referee::cards::rules::CardsBoard;
use crate::referee::cards::setup::StackSource;
use crate::referee::cards::stack::Card;
use crate::referee::chessboard::MoveError;
use crate::referee::common::{Colour, Outcome};
use crate::referee::module::GameModule;
use crate::referee::pgn::{
    Movetext, NotBoardMode, PgnInfo, TagSection, read_moves, read_record, record, record_error,
    result_token, roster_name, standard_san,
};

/// Why a game has no PGN.
pub type CsNotBoardMode = NotBoardMode;

/// `colour`'s move; a null move of the other side first if needed.
fn play(mt: &mut Movetext, colour: Colour, san: &str) {
    if Colour::of_ply(mt.ply()) != colour {
        mt.push_move("--");
    }
    mt.push_move(san);
}

fn letters(cards: &[Card]) -> String {
    cards.iter().map(|c| c.letter()).collect()
}

/// The PGN of a board-mode game, finished or not (`*` while it runs).
pub fn cs_to_pgn(game: &CsGame, info: &PgnInfo) -> Result<String, CsNotBoardMode> {
    game.board().ok_or(NotBoardMode)?;
    let setup = game.setup();
    let result = game.result();
    let token = result_token(result.map(|r| r.outcome));
    let mut tags = TagSection::new(info, "Card-series duel", &setup.white, &setup.black, token);
    let source = match setup.stacks {
        StackSource::Secret => "secret",
        StackSource::Blind => "blind",
    };
    tags.tag("Stacks", source);
    if let Some(c) = &setup.clock {
        tags.time_control(&c.control());
    }
    tags.committed(game.commitment_hex(), game.reveal().as_ref());
    if let Some(r) = result {
        tags.termination(r.reason == CsReason::Flag);
    }

    let mut mt = Movetext::new(0);
    let over = game.is_over();
    let mut number = 0;
    for turn in game.turns() {
        match turn {
            Turn::Series(s) => {
                number += 1;
                mt.comment(&format!("Series {number}: {}", s.mover.name()));
                for a in &s.attempts {
                    let san = a.text.as_deref().unwrap_or("?");
                    match a.card {
                        Card::Yes => play(&mut mt, s.mover, san),
                        Card::No => mt.comment(&format!("No: {san}")),
                    }
                }
                let cards = s.stack.cards();
                let turned = s.attempts.len().min(cards.len());
                let (shown, unused) = cards.split_at(turned);
                let text = match s.end {
                    Some(SeriesEnd::Complete) => format!("Stack: {}", letters(&cards)),
                    Some(SeriesEnd::Check) => {
                        format!(
                            "Stack: {}, check (unused: {})",
                            letters(shown),
                            letters(unused)
                        )
                    }
                    Some(SeriesEnd::GameOver) if over && unused.is_empty() => {
                        format!("Stack: {}", letters(shown))
                    }
                    Some(SeriesEnd::GameOver) if over => {
                        format!("Stack: {} (unused: {})", letters(shown), letters(unused))
                    }
                    _ => format!("Turned: {}", letters(shown)),
                };
                mt.comment(&text);
            }
            Turn::Reply(r) => {
                mt.comment("Reply");
                play(&mut mt, r.colour, r.text.as_deref().unwrap_or("?"));
            }
        }
    }
    if let Some(r) = result {
        mt.comment(r.reason.describe());
    }
    Ok(record(tags, mt, token))
}

/// One accepted move read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsImportedMove {
    pub colour: Colour,
    pub san: String,
    pub uci: String,
}

/// A game read from PGN: names, accepted moves, result, final position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsImported {
    pub white: Option<String>,
    pub black: Option<String>,
    pub moves: Vec<CsImportedMove>,
    pub outcome: Option<Outcome>,
    pub fen: String,
}

record_error! {
    /// Why a PGN was refused; tokens are counted from 1 among moves and nulls.
    pub enum CsPgnError ("there is no game in this text") {
        /// A `FEN` tag: card-series games start from the usual position.
        SetUp,
        Move {
            index: usize,
            text: String,
            error: MoveError,
        },
        /// A null move while in check (the turn cannot pass then).
        NullInCheck {
            index: usize,
        },
    }
    |f| {
        CsPgnError::SetUp => write!(f, "a card-series game starts from the usual position"),
        CsPgnError::Move { index, text, error } => write!(f, "move {index} {text}: {error}"),
        CsPgnError::NullInCheck { index } => {
            write!(f, "move {index}: a null move (--) while in check")
        }
    }
}

/// Reads one card-series game (or any standard game) from PGN.
pub fn cs_from_pgn(text: &str) -> Result<CsImported, CsPgnError> {
    let mut white = None;
    let mut black = None;
    let tokens = read_record(text, CsPgnError::BadTag, |name, value| {
        match name.as_str() {
            "White" => white = roster_name(value).or(white.take()),
            "Black" => black = roster_name(value).or(black.take()),
            "FEN" | "SetUp" if value != "0" => return Err(CsPgnError::SetUp),
            _ => {}
        }
        Ok(())
    })?;
    if tokens.is_empty() && white.is_none() && black.is_none() {
        return Err(CsPgnError::Empty);
    }
    let mut board = CardsBoard::default();
    let mut index = 0;
    let outcome = read_moves(tokens, CsPgnError::AfterResult, |text| {
        index += 1;
        if matches!(text, "--" | "Z0" | "0000") {
            if !board.pass_turn() {
                return Err(CsPgnError::NullInCheck { index });
            }
            return Ok(());
        }
        let m = board
            .parse_move(&standard_san(text))
            .map_err(|error| CsPgnError::Move {
                index,
                text: text.to_owned(),
                error,
            })?;
        board.play(m, false);
        Ok(())
    })?;
    Ok(CsImported {
        white,
        black,
        moves: board
            .moves()
            .iter()
            .map(|m| CsImportedMove {
                colour: m.colour,
                san: m.san.clone(),
                uci: m.uci.clone(),
            })
            .collect(),
        outcome,
        fen: board.fen(),
    })
}
