//! Crazyhouse records: PGN export with `[Variant "Crazyhouse"]`, drops as
//! `N@f3`, `[%clk]` comments and `[SetUp]`/`[FEN]` for a game from a set-up
//! position, and a strict PGN import that names the first move it cannot read
//! or play.
//!
//! Import accepts what other programs write (python-chess, Lichess, older
//! tools): a `FEN` tag with any legal Crazyhouse position (pockets in `[...]`,
//! promoted pieces marked `~`; the usual start is the same as no tag),
//! `Variant` spelled `Crazyhouse`, `crazyhouse` or `Crazy House`, castling
//! written `0-0`, and promotions without `=` (`gxh8Q`).
//!
//! Why not the `pgn-reader` crate: it skips tokens it cannot read without a
//! word, so `1. e4 e5 2. Nf9 Nc6` would load with Black's knight move played
//! by White. The import must refuse that and say which move is wrong, so the
//! movetext is read here by a small tokenizer; SAN itself is parsed by
//! shakmaty.

use crate::referee::chess_clock::TimeControl;
use crate::referee::common::{InputMode, Outcome};
use crate::referee::crazyhouse::game::{ZhGame, ZhReason};
use crate::referee::crazyhouse::rules::{CrazyhouseBoard, ZhMoveError};
use crate::referee::pgn::{
    Movetext, NotBoardMode, PgnInfo, TagSection, move_number, read_moves, read_record, record,
    record_error, result_token, roster_name, squashed, standard_san,
};

/// The PGN of a board-mode game, finished or not (`*` while it runs).
pub fn zh_to_pgn(game: &ZhGame, info: &PgnInfo) -> Result<String, NotBoardMode> {
    let board = game.board().ok_or(NotBoardMode)?;
    let setup = game.setup();
    let result = game.result();
    let token = result_token(result.map(|r| r.outcome));
    let mut tags = TagSection::new(info, "Crazyhouse", &setup.white, &setup.black, token);
    tags.tag("Variant", "Crazyhouse");
    if let Some(fen) = &setup.start_fen {
        tags.set_up(fen);
    }
    tags.time_control(&setup.control);
    if let Some(r) = result {
        tags.termination(r.reason == ZhReason::Flag);
    }

    let opening = setup.opening.len();
    // Half-moves before the first move: a FEN start says where the game stood.
    let first_ply = board.ply().saturating_sub(board.sans().len() as u32);
    let mut mt = Movetext::new(first_ply);
    for (i, san) in board.sans().iter().enumerate() {
        mt.push_move(san);
        if let Some(ms) = i.checked_sub(opening).and_then(|k| game.clk_after().get(k)) {
            mt.clk(*ms);
        }
    }
    if let Some(r) = result {
        mt.comment(r.reason.describe());
    }
    Ok(record(tags, mt, token))
}

/// A game read from PGN: the names, the moves (UCI), the recorded result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedGame {
    pub white: Option<String>,
    pub black: Option<String>,
    /// The `FEN` tag's position, rewritten by the referee; `None` for the
    /// usual start (with or without a tag).
    pub start_fen: Option<String>,
    /// Legal moves from the start position, in UCI (drops as `N@f3`).
    pub moves: Vec<String>,
    /// `None` for `*` or no result token: the game can be continued.
    pub outcome: Option<Outcome>,
}

impl ImportedGame {
    /// The setup that continues (or, with a result, shows) this game in board mode.
    pub fn into_setup(self, control: TimeControl) -> crate::referee::crazyhouse::game::ZhSetup {
        crate::referee::crazyhouse::game::ZhSetup {
            white: self.white.unwrap_or_else(|| "White".to_owned()),
            black: self.black.unwrap_or_else(|| "Black".to_owned()),
            control,
            mode: InputMode::Board,
            start_fen: self.start_fen,
            opening: self.moves,
            recorded: self.outcome,
        }
    }
}

record_error! {
    /// Why a PGN was refused; moves are named as in the PGN (`12... N@h3`).
    pub enum PgnImportError ("there is no game in this text"), refusals by number {
        /// The `Variant` tag names another game.
        OtherVariant(String),
        /// The `FEN` tag is unreadable or not a legal Crazyhouse position.
        BadFen(String),
    }
    |f| {
        PgnImportError::OtherVariant(v) => write!(f, "this is a {v} game, not Crazyhouse"),
        PgnImportError::BadFen(fen) => {
            write!(f, "the FEN tag is not a legal Crazyhouse position: {fen}")
        }
    }
}

/// The start position a `FEN` tag gives: `None` for the usual start.
fn start_of(fen: Option<&str>) -> Result<(CrazyhouseBoard, Option<String>), PgnImportError> {
    let Some(fen) = fen else {
        return Ok((CrazyhouseBoard::default(), None));
    };
    let board =
        CrazyhouseBoard::from_fen(fen).ok_or_else(|| PgnImportError::BadFen(fen.to_owned()))?;
    let canonical = board.fen();
    let usual = canonical == CrazyhouseBoard::default().fen();
    Ok((board, (!usual).then_some(canonical)))
}

/// Reads one Crazyhouse game from PGN and replays it, refusing it whole at the
/// first problem (nothing is half-imported).
pub fn zh_from_pgn(text: &str) -> Result<ImportedGame, PgnImportError> {
    let mut white = None;
    let mut black = None;
    let mut fen = None;
    let tokens = read_record(text, PgnImportError::BadTag, |name, value| {
        match name.as_str() {
            "White" => white = roster_name(value).or(white.take()),
            "Black" => black = roster_name(value).or(black.take()),
            "Variant" if squashed(&value) != "crazyhouse" => {
                return Err(PgnImportError::OtherVariant(value));
            }
            "FEN" => fen = Some(value),
            _ => {}
        }
        Ok(())
    })?;
    if tokens.is_empty() && white.is_none() && black.is_none() {
        return Err(PgnImportError::Empty);
    }
    let (mut board, start_fen) = start_of(fen.as_deref())?;
    let outcome = read_moves(tokens, PgnImportError::AfterResult, |text| {
        let number = move_number(board.ply());
        board.play_text(&standard_san(text)).map_err(|e| {
            let text = text.to_owned();
            match e {
                ZhMoveError::Unreadable(_) => PgnImportError::Unreadable { number, text },
                ZhMoveError::Illegal(_) => PgnImportError::Illegal { number, text },
                ZhMoveError::Ambiguous(_) => PgnImportError::Ambiguous { number, text },
            }
        })
    })?;
    Ok(ImportedGame {
        white,
        black,
        start_fen,
        moves: board.ucis().to_vec(),
        outcome,
    })
}
