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
    MovetextError, NotBoardMode, PgnInfo, comment_text, outcome_of, push_movetext, read_record,
    result_token, roster_name, standard_san, strip_annotation, strip_move_number, tag,
    time_control_tag,
};
use std::fmt;

/// Why a game has no PGN.
pub type CsNotBoardMode = NotBoardMode;

/// Movetext tokens with move numbers and null moves, as the moves come.
struct Movetext {
    tokens: Vec<String>,
    ply: u32,
    after_comment: bool,
}

impl Movetext {
    fn emit(&mut self, san: &str) {
        let n = self.ply / 2 + 1;
        if self.ply.is_multiple_of(2) {
            self.tokens.push(format!("{n}."));
        } else if self.tokens.is_empty() || self.after_comment {
            self.tokens.push(format!("{n}..."));
        }
        self.tokens.push(san.to_owned());
        self.ply += 1;
        self.after_comment = false;
    }

    /// `colour`'s move; a null move of the other side first if needed.
    fn play(&mut self, colour: Colour, san: &str) {
        if Colour::of_ply(self.ply) != colour {
            self.emit("--");
        }
        self.emit(san);
    }

    fn comment(&mut self, text: &str) {
        self.tokens.push(format!("{{{}}}", comment_text(text)));
        self.after_comment = true;
    }
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
    let q = |o: &Option<String>, d: &str| o.clone().unwrap_or_else(|| d.to_owned());
    let mut out = String::new();
    tag(&mut out, "Event", &q(&info.event, "Card-series duel"));
    tag(&mut out, "Site", &q(&info.site, "?"));
    tag(&mut out, "Date", &q(&info.date, "????.??.??"));
    tag(&mut out, "Round", &q(&info.round, "?"));
    tag(&mut out, "White", &setup.white);
    tag(&mut out, "Black", &setup.black);
    tag(&mut out, "Result", token);
    let source = match setup.stacks {
        StackSource::Secret => "secret",
        StackSource::Blind => "blind",
    };
    tag(&mut out, "Stacks", source);
    if let Some(c) = &setup.clock
        && let Some(tc) = time_control_tag(&c.control())
    {
        tag(&mut out, "TimeControl", &tc);
    }
    if let Some(commitment) = game.commitment_hex() {
        tag(&mut out, "Commitment", &commitment);
    }
    if let Some(reveal) = game.reveal() {
        tag(&mut out, "Seed", &reveal.seed_hex);
        tag(&mut out, "SetupText", &reveal.setup_text);
    }
    if let Some(r) = result {
        let termination = match r.reason {
            CsReason::Flag => "time forfeit",
            _ => "normal",
        };
        tag(&mut out, "Termination", termination);
    }
    out.push('\n');

    let mut mt = Movetext {
        tokens: Vec::new(),
        ply: 0,
        after_comment: false,
    };
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
                        Card::Yes => mt.play(s.mover, san),
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
                mt.play(r.colour, r.text.as_deref().unwrap_or("?"));
            }
        }
    }
    if let Some(r) = result {
        mt.comment(r.reason.describe());
    }
    mt.tokens.push(token.to_owned());
    push_movetext(&mut out, mt.tokens);
    Ok(out)
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

/// Why a PGN was refused; tokens are counted from 1 among moves and nulls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsPgnError {
    Empty,
    BadTag(String),
    /// A `FEN` tag: card-series games start from the usual position.
    SetUp,
    UnclosedComment,
    UnbalancedVariation,
    Move {
        index: usize,
        text: String,
        error: MoveError,
    },
    /// A null move while in check (the turn cannot pass then).
    NullInCheck {
        index: usize,
    },
    AfterResult(String),
}

impl fmt::Display for CsPgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsPgnError::Empty => write!(f, "there is no game in this text"),
            CsPgnError::BadTag(line) => write!(f, "unreadable tag line: {line}"),
            CsPgnError::SetUp => write!(f, "a card-series game starts from the usual position"),
            CsPgnError::UnclosedComment => write!(f, "a {{comment}} is not closed"),
            CsPgnError::UnbalancedVariation => write!(f, "unbalanced ( ) in the moves"),
            CsPgnError::Move { index, text, error } => write!(f, "move {index} {text}: {error}"),
            CsPgnError::NullInCheck { index } => {
                write!(f, "move {index}: a null move (--) while in check")
            }
            CsPgnError::AfterResult(t) => write!(f, "unexpected text after the result: {t}"),
        }
    }
}

impl std::error::Error for CsPgnError {}

impl From<MovetextError> for CsPgnError {
    fn from(e: MovetextError) -> Self {
        match e {
            MovetextError::UnclosedComment => CsPgnError::UnclosedComment,
            MovetextError::UnbalancedVariation => CsPgnError::UnbalancedVariation,
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
    let mut outcome = None;
    let mut ended = false;
    let mut index = 0;
    for token in tokens {
        if ended {
            return Err(CsPgnError::AfterResult(token));
        }
        if let Some(o) = outcome_of(&token) {
            outcome = o;
            ended = true;
            continue;
        }
        let text = strip_annotation(strip_move_number(&token));
        if text.is_empty() || text.starts_with('$') {
            continue;
        }
        index += 1;
        if matches!(text, "--" | "Z0" | "0000") {
            if !board.pass_turn() {
                return Err(CsPgnError::NullInCheck { index });
            }
            continue;
        }
        let m = board
            .parse_move(&standard_san(text))
            .map_err(|error| CsPgnError::Move {
                index,
                text: text.to_owned(),
                error,
            })?;
        board.play(m, false);
    }
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
