//! Bughouse records in BPGN, the bughouse PGN that bughouse sites and tools
//! write: one move list for both boards, each move labelled with its number,
//! board and side (`1A. e4 1a. d5 1B. Nf3 1b. N@e4`: an upper-case letter is
//! White on that board, a lower-case one Black), `[WhiteA]`, `[BlackA]`,
//! `[WhiteB]`, `[BlackB]` tags, and a result for the teams: `1-0` when team 1
//! (White on A, Black on B) wins, `0-1` when team 2 does. docs/bughouse.md
//! describes what is written and what is read.
//!
//! The reader refuses the whole text at the first problem and names it, as
//! the Crazyhouse reader does (its tokenizer and dialects are shared:
//! `referee::pgn`).

use crate::referee::bughouse::game::{BhGame, BhOutcome, BhReason, BhSetup};
use crate::referee::bughouse::rules::{BhMove, BoardId, BughouseBoards, Team};
use crate::referee::chess_clock::TimeControl;
use crate::referee::common::{Colour, InputMode, Outcome};
use crate::referee::crazyhouse::ZhMoveError;
use crate::referee::pgn::{
    Movetext, PgnInfo, TagSection, outcome_of, read_record, record, record_error, roster_name,
    squashed, standard_san, strip_annotation,
};

/// `1-0` (team 1 wins), `0-1` (team 2), `1/2-1/2`, or `*`.
fn result_token(outcome: Option<BhOutcome>) -> &'static str {
    match outcome {
        Some(BhOutcome::Win(Team::One)) => "1-0",
        Some(BhOutcome::Win(Team::Two)) => "0-1",
        Some(BhOutcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

/// The players' tags, in the order of `BhSetup::names`.
const SEAT_TAGS: [&str; 4] = ["WhiteA", "BlackA", "WhiteB", "BlackB"];

/// `1A.`, `1a.`, `12B.`, `12b.`: move number, board, side.
fn label(number: u32, board: BoardId, colour: Colour) -> String {
    let letter = match colour {
        Colour::White => board.letter(),
        Colour::Black => board.letter().to_ascii_lowercase(),
    };
    format!("{number}{letter}.")
}

/// The BPGN of a match, finished or not (`*` while it runs). A clock-mode
/// match has no moves: its record is the players, the time control and the
/// result.
pub fn bh_to_bpgn(game: &BhGame, info: &PgnInfo) -> String {
    let setup = game.setup();
    let result = game.result();
    let token = result_token(result.map(|r| r.outcome));
    let players: Vec<(&str, &str)> = SEAT_TAGS
        .into_iter()
        .zip(setup.names.iter().map(String::as_str))
        .collect();
    let mut tags = TagSection::with_players(info, "Bughouse", &players, token);
    tags.tag("Variant", "Bughouse");
    if let Some([a, b]) = &setup.start_fens {
        tags.set_up(&format!("{a} | {b}"));
    }
    if setup.controls[0] == setup.controls[1] {
        tags.time_control(&setup.controls[0]);
    }
    if let Some(r) = result {
        tags.termination(r.reason == BhReason::Flag);
    }

    let mut mt = Movetext::new(0);
    if let Some(boards) = game.boards() {
        let opening = setup.opening.len();
        let mut ply = BoardId::BOTH.map(|b| boards.start_ply(b));
        for (i, m) in boards.moves().iter().enumerate() {
            let n = &mut ply[m.board.index()];
            mt.push_labelled(label(*n / 2 + 1, m.board, m.colour), &m.san);
            *n += 1;
            if let Some(ms) = i.checked_sub(opening).and_then(|k| game.clk_after().get(k)) {
                mt.clk(*ms);
            }
        }
    }
    if let Some(r) = result {
        mt.comment(&r.describe());
    }
    record(tags, mt, token)
}

/// A match read from BPGN: the names, the moves, the recorded result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedMatch {
    /// `[white A, black A, white B, black B]`, when the tags name them.
    pub names: [Option<String>; 4],
    /// The `FEN` tag's positions `[A, B]`, when the match did not start from
    /// the usual ones.
    pub start_fens: Option<[String; 2]>,
    /// Legal moves from the start, in the order played.
    pub moves: Vec<BhMove>,
    /// `None` for `*` or no result token: the match can be continued.
    pub outcome: Option<BhOutcome>,
}

impl ImportedMatch {
    /// The setup that shows (with a result) or continues (without) this
    /// match in board mode with `controls` for boards A and B.
    pub fn into_setup(self, controls: [TimeControl; 2]) -> BhSetup {
        let defaults = ["White A", "Black A", "White B", "Black B"];
        let mut i = 0;
        let names = self.names.map(|n| {
            let d = defaults[i];
            i += 1;
            n.unwrap_or_else(|| d.to_owned())
        });
        BhSetup {
            names,
            controls,
            mode: InputMode::Board,
            start_fens: self.start_fens,
            opening: self.moves,
            recorded: self.outcome,
        }
    }
}

record_error! {
    /// Why a BPGN was refused; moves are named by their label (`12b. N@h3`).
    pub enum BpgnImportError ("there is no match in this text"), refusals by label {
        /// The `Variant` tag names another game.
        OtherVariant(String),
        /// The `FEN` tag is not two legal positions `A | B`.
        BadFen(String),
        /// A move without a board label before it.
        Unlabelled(String),
        /// A label without a move after it.
        LabelWithoutMove(String),
        /// The label's side is not the side to move on its board.
        WrongSide {
            label: String,
            text: String,
        },
        /// The label's number is not the move being played on its board.
        WrongNumber {
            label: String,
            text: String,
            expected: String,
        },
    }
    |f| {
        BpgnImportError::OtherVariant(v) => write!(f, "this is a {v} game, not bughouse"),
        BpgnImportError::BadFen(fen) => write!(
            f,
            "the FEN tag is not two legal bughouse positions \"board A | board B\": {fen}"
        ),
        BpgnImportError::Unlabelled(text) => write!(
            f,
            "move {text} has no board label before it (such as 1A. or 1b.)"
        ),
        BpgnImportError::LabelWithoutMove(label) => {
            write!(f, "{label} is not followed by a move")
        }
        BpgnImportError::WrongSide { label, text } => {
            write!(f, "move {label} {text}: it is the other side's turn there")
        }
        BpgnImportError::WrongNumber { label, text, expected } => {
            write!(f, "move {label} {text}: the next move there is {expected}")
        }
    }
}

/// Whether a `Variant` tag names bughouse, however it is spelled.
fn is_bughouse(variant: &str) -> bool {
    matches!(squashed(variant).as_str(), "bughouse" | "bughousechess")
}

/// A label token's parts and whatever follows it in the same token
/// (`12b.N@e4` → 12, B, Black, `N@e4`).
fn split_label(token: &str) -> Option<(u32, BoardId, Colour, &str)> {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    let mut chars = rest.chars();
    let (board, colour) = match chars.next()? {
        'A' => (BoardId::A, Colour::White),
        'a' => (BoardId::A, Colour::Black),
        'B' => (BoardId::B, Colour::White),
        'b' => (BoardId::B, Colour::Black),
        _ => return None,
    };
    let after = chars.as_str().strip_prefix('.')?;
    if digits == 0 {
        return None;
    }
    let number = token[..digits].parse().ok()?;
    Some((number, board, colour, after.trim_start_matches('.')))
}

/// Reads one bughouse match from BPGN and replays it, refusing it whole at
/// the first problem.
pub fn bh_from_bpgn(text: &str) -> Result<ImportedMatch, BpgnImportError> {
    let mut names: [Option<String>; 4] = Default::default();
    let mut fen = None;
    let tokens = read_record(text, BpgnImportError::BadTag, |name, value| {
        let seat = SEAT_TAGS.iter().position(|&n| n == name);
        match (name.as_str(), seat) {
            (_, Some(i)) => names[i] = roster_name(value).or(names[i].take()),
            ("Variant", _) if !is_bughouse(&value) => {
                return Err(BpgnImportError::OtherVariant(value));
            }
            ("FEN", _) => fen = Some(value),
            _ => {}
        }
        Ok(())
    })?;
    if tokens.is_empty() && names.iter().all(Option::is_none) {
        return Err(BpgnImportError::Empty);
    }
    let (mut boards, start_fens) = match fen {
        None => (BughouseBoards::new(), None),
        Some(fen) => {
            let bad = || BpgnImportError::BadFen(fen.clone());
            let (a, b) = fen.split_once('|').ok_or_else(bad)?;
            let boards = BughouseBoards::from_fens(a, b).ok_or_else(bad)?;
            let fens = BoardId::BOTH.map(|x| boards.fen(x));
            let usual = BughouseBoards::new();
            let is_usual = BoardId::BOTH
                .iter()
                .all(|&x| fens[x.index()] == usual.fen(x));
            (boards, (!is_usual).then_some(fens))
        }
    };
    let mut outcome = None;
    let mut ended = false;
    // The label read and not yet used by a move.
    let mut pending: Option<(String, BoardId, Colour, u32)> = None;
    for token in &tokens {
        if ended {
            return Err(BpgnImportError::AfterResult(token.clone()));
        }
        if let Some(o) = outcome_of(token) {
            if let Some((label, ..)) = pending {
                return Err(BpgnImportError::LabelWithoutMove(label));
            }
            outcome = o.map(|o| match o {
                Outcome::Win(Colour::White) => BhOutcome::Win(Team::One),
                Outcome::Win(Colour::Black) => BhOutcome::Win(Team::Two),
                Outcome::Draw => BhOutcome::Draw,
            });
            ended = true;
            continue;
        }
        let mut text = token.as_str();
        if let Some((number, board, colour, rest)) = split_label(token) {
            if let Some((label, ..)) = pending {
                return Err(BpgnImportError::LabelWithoutMove(label));
            }
            let label = token[..token.len() - rest.len()].to_owned();
            pending = Some((label, board, colour, number));
            text = rest;
        }
        let text = strip_annotation(text);
        if text.is_empty() || text.starts_with('$') {
            continue;
        }
        let Some((label, board, colour, number)) = pending.take() else {
            return Err(BpgnImportError::Unlabelled(text.to_owned()));
        };
        let text = text.to_owned();
        if boards.turn(board) != colour {
            return Err(BpgnImportError::WrongSide { label, text });
        }
        let next = boards.move_number(board);
        if number != next {
            let expected = self::label(next, board, colour);
            return Err(BpgnImportError::WrongNumber {
                label,
                text,
                expected,
            });
        }
        boards
            .play_text(board, &standard_san(&text))
            .map_err(|e| match e.error {
                ZhMoveError::Unreadable(_) => BpgnImportError::Unreadable { label, text },
                ZhMoveError::Illegal(_) => BpgnImportError::Illegal { label, text },
                ZhMoveError::Ambiguous(_) => BpgnImportError::Ambiguous { label, text },
            })?;
    }
    if let Some((label, ..)) = pending {
        return Err(BpgnImportError::LabelWithoutMove(label));
    }
    Ok(ImportedMatch {
        names,
        start_fens,
        moves: boards
            .moves()
            .iter()
            .map(|m| BhMove {
                board: m.board,
                uci: m.uci.clone(),
            })
            .collect(),
        outcome,
    })
}
