//! An Undo Chess game at the table (UC-1…UC-7, C-1, C-2, C-4): the setup,
//! the start position, the timestamped events, the tokens, the shared clock
//! and, in board mode, the Chess960 board.
//!
//! Every state is the replay of (setup, seed and words for a drawn start,
//! events): [`UcGame::apply`] checks an event completely on a copy and only
//! then keeps the copy, so a refused event changes nothing.
//!
//! **Interpretations** (RULES.md leaves these to the app; docs/undo.md
//! explains each):
//! - An undo (UC-3) is an event of the side to move, `Undo { by }`: it takes
//!   back the last two standing moves (the opponent's last move and the
//!   undoer's move before it) and passes one token to the opponent. The
//!   undoer's clock keeps running and nothing else is pressed: the same side
//!   is to move again (UC-5, C-4). "Before you have moved" (UC-6) means: fewer
//!   than two standing moves. Increments credited for the taken-back moves
//!   stay credited, and a staged control keeps counting presses (time never
//!   returns, and neither is it taken away).
//! - Board mode rebuilds the position from the start by replaying the
//!   standing moves, so an undo restores the earlier position exactly:
//!   castling and en-passant rights, the 50/75-move counters and the
//!   repetition history. Taken-back positions no longer count for
//!   repetition.
//! - UC-7: a move that mates or stalemates the opponent, who holds a token
//!   and could undo (two standing moves), opens a decision: the opponent's
//!   clock runs; `Undo` or `Accept` settles it; a flag during the decision
//!   lets the board's result stand (mate: loss; stalemate: draw), not a loss
//!   on time. Resignation and an agreed draw remain possible. In clock mode
//!   the players report the mate or stalemate (`Report`), which then opens
//!   the same decision.
//! - The other automatic ends of C-2 (insufficient material, fivefold
//!   repetition, the 75-move rule) end the game at once: UC-7 names only mate
//!   and stalemate.
//! - A flag in board mode is a draw when the opponent cannot possibly mate
//!   (C-2); otherwise a loss.
//! - Tokens may grow above 3 by receiving them (UC-2 limits only the start);
//!   their total never changes (UC-4).
//! - C-4a, clock mode: `UndoTap` corrects the last tap (the move it ended
//!   stops standing; the tapper is charged the time since, the opponent's
//!   clock shows again what it showed at the tap, `ChessClock::undo_press`).
//!   Only while that tap is the last thing that happened, Pause, Resume and
//!   Adjust aside: not after a token undo, a report (so not in UC-7's
//!   decision), another correction or the end, and never the starting
//!   press. In board mode there is no free correction: a move entered on the
//!   screen board is taken back only with a token (UC-3).

use crate::referee::PgnInfo;
use crate::referee::chess_clock::{ChessClock, ClockError};
use crate::referee::chessboard::{BoardEnd, ChessBoard, DrawClaim, MoveError};
use crate::referee::club::{ClubGame, GameEnd, outcomes};
use crate::referee::commitment::{MAX_WORD_BYTES, MAX_WORDS};
use crate::referee::commitment::{normalise_words, stream_key};
use crate::referee::committed::ShownCommitment;
use crate::referee::common::{Colour, InputMode, Outcome};
use crate::referee::evening::{DrawFate, DrawRecord as EveningDraw};
use crate::referee::json::{FromJson, Json, JsonError, JsonResult, Obj, ToJson, f, obj};
use crate::referee::log::{self, DrawRecord, Timed};
use crate::referee::module::{GameModule, Logged, module_plumbing, restore_drawn, start_drawn};
use crate::referee::tagged::tagged_json;
use crate::referee::undo::pgn::uc_to_pgn;
use crate::referee::undo::setup::{StartChoice, UcSetup, UcSetupError, uc_commitment};
use crate::referee::undo::start::StartPosition;
use serde_json::Value;
use shakmaty::CastlingMode;
use std::fmt;

/// Game module id of Undo Chess logs and saves.
pub const GAME_UNDO: &str = "undo";

/// What the players report in clock mode, where the app cannot see the
/// board: the side to move is mated or stalemated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UcReport {
    Checkmate,
    Stalemate,
}

/// Everything that can happen in a game; stored with its timestamp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcEvent {
    /// The starting press: Black presses, White's clock runs.
    Start,
    /// Clock mode: the side to move made its move on the physical board.
    Press,
    /// Board mode: a move in UCI (castling as the king taking its rook,
    /// `e1h1`; `e1g1` is read too where it is unambiguous) or SAN (`O-O`).
    Move {
        mv: String,
    },
    /// UC-3: `by` (who must be the side to move) gives a token to the
    /// opponent and takes back the opponent's last move and `by`'s move
    /// before it.
    Undo {
        by: Colour,
    },
    /// C-4a, clock mode: the last tap was a mistake; it is taken back and
    /// the time since it is charged to the player who tapped.
    UndoTap,
    /// UC-7: the side to move accepts the mate (loss) or stalemate (draw).
    Accept,
    Pause,
    Resume,
    /// While the clock stands: an arbiter sets a side's remaining time.
    Adjust {
        colour: Colour,
        remaining_ms: u64,
    },
    Resign {
        colour: Colour,
    },
    AgreeDraw,
    /// Board mode: the player to move claims a draw (C-2).
    Claim(DrawClaim),
    /// Clock mode: mate or stalemate of the side to move on the physical board.
    Report(UcReport),
    /// The running clock reached zero (recorded at that instant).
    Flag,
}

/// An event and the time (ms) it happened at.
pub type UcTimed = Timed<UcEvent>;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UcReason {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
    ThreefoldClaim,
    FiftyMovesClaim,
    Agreement,
    Resignation,
    Flag,
}

impl UcReason {
    /// English wording for records (PGN comments); the UI has its own texts.
    pub fn describe(self) -> &'static str {
        match self {
            UcReason::Checkmate => "checkmate",
            UcReason::Stalemate => "stalemate",
            UcReason::InsufficientMaterial => "insufficient material",
            UcReason::FivefoldRepetition => "fivefold repetition",
            UcReason::SeventyFiveMoves => "75-move rule",
            UcReason::ThreefoldClaim => "threefold repetition (claimed)",
            UcReason::FiftyMovesClaim => "50-move rule (claimed)",
            UcReason::Agreement => "draw by agreement",
            UcReason::Resignation => "resignation",
            UcReason::Flag => "loss on time",
        }
    }
}

/// How and when the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UcResult {
    pub outcome: Outcome,
    pub reason: UcReason,
    pub at_ms: u64,
    /// UC-7: the decider's clock ran out while deciding, so the mate or
    /// stalemate on the board stands (`reason` says which).
    pub flag_while_deciding: bool,
}

/// What the board shows when UC-7 asks for a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UcBoardEnd {
    Checkmate,
    Stalemate,
}

/// Why an event or a setup was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcError {
    Setup(UcSetupError),
    /// A drawn start needs a seed ([`UcGame::new_drawn`]); a fixed one none.
    WrongConstructor,
    /// More than 16 words or a word over 256 bytes.
    Words,
    Clock(ClockError),
    /// The move text is unreadable, illegal or ambiguous.
    Move {
        text: String,
        error: MoveError,
    },
    /// UC-6: only the side to move may undo (`expected`).
    NotYourTurn {
        expected: Colour,
    },
    /// UC-3: `colour` holds no token.
    NoToken {
        colour: Colour,
    },
    /// UC-6: `colour` has not moved yet (no move of theirs to take back).
    NotMovedYet {
        colour: Colour,
    },
    /// UC-7: `colour` must first undo or accept.
    DecisionPending {
        colour: Colour,
    },
    /// There is no mate or stalemate to accept.
    NoDecision,
    /// Clock mode: a reported mate or stalemate needs a move before it.
    NothingToReport,
    /// C-4a: in board mode a move is taken back only with a token (UC-3).
    CorrectionNeedsToken,
    /// C-4a: the last tap is no longer the last thing that happened.
    NoTapToCorrect,
    GameOver,
    NotStarted,
    AlreadyStarted,
    /// The event belongs to the other input mode.
    WrongMode,
    Paused,
    NoClaim,
    NoFlag,
    TimeWentBackwards,
}

impl fmt::Display for UcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UcError::Setup(e) => write!(f, "{e}"),
            UcError::WrongConstructor => {
                write!(f, "a drawn start position needs a seed, a chosen one none")
            }
            UcError::Words => write!(
                f,
                "at most {MAX_WORDS} words of at most {MAX_WORD_BYTES} bytes"
            ),
            UcError::Clock(e) => write!(f, "{e}"),
            UcError::Move { text, error } => write!(f, "{text:?}: {error}"),
            UcError::NotYourTurn { expected } => write!(
                f,
                "only {} may undo now: an undo is made on one's own turn (UC-6)",
                expected.name()
            ),
            UcError::NoToken { colour } => {
                write!(f, "{} has no token to give (UC-3)", colour.name())
            }
            UcError::NotMovedYet { colour } => write!(
                f,
                "{} has not moved yet, so there is nothing to take back (UC-6)",
                colour.name()
            ),
            UcError::DecisionPending { colour } => write!(
                f,
                "{} must first undo or accept the result on the board (UC-7)",
                colour.name()
            ),
            UcError::NoDecision => write!(f, "there is no mate or stalemate to accept"),
            UcError::NothingToReport => {
                write!(f, "no move has been made, so nobody can be mated yet")
            }
            UcError::CorrectionNeedsToken => write!(
                f,
                "in board mode a move is taken back only with a token (UC-3); there is no free correction (C-4a)"
            ),
            UcError::NoTapToCorrect => write!(
                f,
                "only the last tap can be corrected, and only before a token undo, a report or another correction (C-4a)"
            ),
            UcError::GameOver => write!(f, "the game is over"),
            UcError::NotStarted => write!(f, "the game has not been started"),
            UcError::AlreadyStarted => write!(f, "the game was started already"),
            UcError::WrongMode => write!(f, "not possible in this input mode"),
            UcError::Paused => write!(f, "the clock is paused"),
            UcError::NoClaim => write!(f, "there is no such draw to claim"),
            UcError::NoFlag => write!(f, "no flag has fallen"),
            UcError::TimeWentBackwards => write!(f, "time went backwards"),
        }
    }
}

impl std::error::Error for UcError {}

impl From<ClockError> for UcError {
    fn from(e: ClockError) -> Self {
        UcError::Clock(e)
    }
}

/// A standing move: its place, and in board mode its notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRef {
    /// The full-move number (1 for White's and Black's first moves).
    pub number: u32,
    pub colour: Colour,
    /// Board mode: SAN with `+`/`#`.
    pub san: Option<String>,
    /// Board mode: UCI (Chess960 castling, `e1h1`).
    pub uci: Option<String>,
}

impl MoveRef {
    /// `12. Bxf7+` or `12... Kxf7`, or without notation `12. White`.
    pub fn label(&self) -> String {
        let dots = match self.colour {
            Colour::White => ".",
            Colour::Black => "...",
        };
        match &self.san {
            Some(san) => format!("{}{dots} {san}", self.number),
            None => format!("{}{dots} {}", self.number, self.colour.name()),
        }
    }
}

/// A move as it was played, standing or taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRecord {
    pub mv: MoveRef,
    pub at_ms: u64,
    /// The mover's time left right after the move.
    pub clk_after_ms: u64,
}

/// One undo (UC-3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndoRecord {
    /// 1 for the game's first undo.
    pub index: usize,
    /// Who gave the token (and moves again).
    pub by: Colour,
    pub at_ms: u64,
    /// The opponent's last move, then the undoer's move before it.
    pub took_back: [MoveRef; 2],
    /// Standing moves after the undo: it returned to the position after this
    /// many half-moves.
    pub plies_after: u32,
    /// Tokens `[white, black]` after the undo.
    pub tokens_after: [u8; 2],
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UcPhase {
    /// Waiting for the starting press.
    AwaitingStart,
    Playing,
    /// UC-7: `colour` is mated or stalemated and holds a token: undo or accept.
    Decision {
        colour: Colour,
        end: UcBoardEnd,
    },
    Over,
}

/// What to check a drawn start with (C-3).
pub type UcReveal = crate::referee::committed::DrawReveal;

/// Everything a screen shows at one instant.
#[derive(Clone, Debug, PartialEq)]
pub struct UcView {
    pub mode: InputMode,
    pub white: String,
    pub black: String,
    pub phase: UcPhase,
    pub paused: bool,
    pub side_to_move: Colour,
    /// Tokens `[white, black]` now (UC-2…UC-4).
    pub tokens: [u8; 2],
    /// Remaining time `[white, black]` (ms), without an unexpired simple delay.
    pub remaining_ms: [u64; 2],
    /// Unexpired simple delay `[white, black]` of the current turn (ms).
    pub delay_ms: [u64; 2],
    pub running: Option<Colour>,
    /// Standing half-moves.
    pub plies: u32,
    /// The number of the move being played (1 for the first).
    pub move_number: u32,
    /// The start position (UC-1): Scharnagl's number, White's back rank
    /// (`RNBQKBNR`) and the start FEN (X-FEN).
    pub start_number: u32,
    pub start_back_rank: String,
    pub start_fen: String,
    /// Board mode: the position now.
    pub fen: Option<String>,
    pub in_check: bool,
    pub last_move_uci: Option<String>,
    pub last_move_san: Option<String>,
    /// Board mode, while a move is wanted: legal moves in UCI, castling as
    /// the king taking its own rook (`b1a1`), sorted.
    pub legal_moves_uci: Vec<String>,
    pub claimable: Vec<DrawClaim>,
    /// Whether the side to move may undo now (UC-3, UC-6, UC-7).
    pub can_undo: bool,
    /// C-4a, clock mode: whether the last tap (by the side not to move) may
    /// be corrected now.
    pub can_correct_tap: bool,
    /// The two moves an undo would take back now (the opponent's last move
    /// first), for the confirmation and, in clock mode, to say which moves
    /// to take back on the physical board.
    pub undo_would_take_back: Option<[MoveRef; 2]>,
    /// The last undo, to say (in clock mode) which two moves to take back.
    pub last_undo: Option<UndoRecord>,
    pub undo_count: usize,
    pub result: Option<UcResult>,
    /// A drawn start: the commitment shown before the draw.
    pub commitment_hex: Option<String>,
    /// A drawn start, once the game has started: what to check it with.
    pub reveal: Option<UcReveal>,
}

#[derive(Clone, PartialEq)]
struct Drawn {
    seed: [u8; 32],
    words: Vec<String>,
    commitment: [u8; 32],
}

impl fmt::Debug for Drawn {
    /// Never the seed (the UI shows it only with the reveal).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Drawn {{ commitment: {} }}",
            hex::encode(self.commitment)
        )
    }
}

/// An Undo Chess game: setup, events, and the state they replay to.
#[derive(Clone, Debug, PartialEq)]
pub struct UcGame {
    setup: UcSetup,
    drawn: Option<Drawn>,
    start: StartPosition,
    events: Vec<UcTimed>,
    clock: ChessClock,
    /// Board mode: the position after the standing moves.
    board: Option<ChessBoard>,
    /// The standing moves.
    plies: Vec<PlyRecord>,
    undos: Vec<UndoRecord>,
    tokens: [u8; 2],
    started: bool,
    /// UC-7: the side to move is mated or stalemated and may undo.
    decision: Option<UcBoardEnd>,
    result: Option<UcResult>,
}

/// The board of a start position, in Chess960 mode.
fn start_board(start: StartPosition) -> ChessBoard {
    // Every number gives a legal position (tested over all 960).
    ChessBoard::from_fen_in(&start.fen(), CastlingMode::Chess960).unwrap_or_default()
}

impl UcGame {
    /// A game from a chosen start position (standard or typed), waiting
    /// for the starting press.
    pub fn new(setup: UcSetup) -> Result<UcGame, UcError> {
        let StartChoice::Fixed(start) = setup.start else {
            return Err(UcError::WrongConstructor);
        };
        UcGame::create(setup, start, None)
    }

    /// A game whose start position is drawn from `seed` and the players'
    /// `words` (typed after the commitment [`uc_commitment`] was shown).
    pub fn new_drawn<S: AsRef<str>>(
        setup: UcSetup,
        seed: [u8; 32],
        words: &[S],
    ) -> Result<UcGame, UcError> {
        if setup.start != StartChoice::Drawn {
            return Err(UcError::WrongConstructor);
        }
        let words: Vec<String> = words.iter().map(|w| w.as_ref().to_owned()).collect();
        if words.len() > MAX_WORDS || words.iter().any(|w| w.len() > MAX_WORD_BYTES) {
            return Err(UcError::Words);
        }
        let start = StartPosition::drawn(&stream_key(&seed, &words));
        let drawn = Drawn {
            seed,
            commitment: uc_commitment(&setup, &seed),
            words,
        };
        UcGame::create(setup, start, Some(drawn))
    }

    fn create(
        setup: UcSetup,
        start: StartPosition,
        drawn: Option<Drawn>,
    ) -> Result<UcGame, UcError> {
        setup.validate().map_err(UcError::Setup)?;
        let clock = ChessClock::new(setup.control.clone())?;
        let board = (setup.mode == InputMode::Board).then(|| start_board(start));
        Ok(UcGame {
            tokens: setup.tokens,
            setup,
            drawn,
            start,
            events: Vec::new(),
            clock,
            board,
            plies: Vec::new(),
            undos: Vec::new(),
            started: false,
            decision: None,
            result: None,
        })
    }

    /// Replays recorded events; the same as the live game that recorded them.
    pub fn replay(
        setup: UcSetup,
        seed: Option<[u8; 32]>,
        words: &[String],
        events: &[UcTimed],
    ) -> Result<UcGame, UcLogError> {
        start_drawn(setup, seed, words, UcGame::new_drawn, UcGame::new)
            .map_err(UcLogError::Setup)?
            .replay(events)
    }

    pub fn setup(&self) -> &UcSetup {
        &self.setup
    }

    /// The start position (UC-1).
    pub fn start(&self) -> StartPosition {
        self.start
    }

    pub fn board(&self) -> Option<&ChessBoard> {
        self.board.as_ref()
    }

    pub fn clock(&self) -> &ChessClock {
        &self.clock
    }

    /// Tokens `[white, black]` now.
    pub fn tokens(&self) -> [u8; 2] {
        self.tokens
    }

    /// The standing moves, in order.
    pub fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    /// Every undo so far, in order.
    pub fn undos(&self) -> &[UndoRecord] {
        &self.undos
    }

    pub fn result(&self) -> Option<UcResult> {
        self.result
    }

    /// The time of the last recorded event (0 before the first).
    pub fn last_event_ms(&self) -> u64 {
        self.events.last().map_or(0, |e| e.t_ms)
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Colour {
        Colour::of_ply(self.plies.len() as u32)
    }

    /// A drawn start: the commitment shown before the draw, lower-case hex.
    pub fn commitment_hex(&self) -> Option<String> {
        self.drawn.as_ref().map(|d| hex::encode(d.commitment))
    }

    /// A drawn start, once the game has started (the words are locked and
    /// the position is on the board): the seed, the setup text and the
    /// words. The seed draws nothing else, so it need not wait for the end.
    pub fn reveal(&self) -> Option<UcReveal> {
        let d = self.drawn.as_ref().filter(|_| self.started)?;
        Some(UcReveal {
            seed_hex: hex::encode(d.seed),
            setup_text: self.setup.to_text(),
            words: normalise_words(&d.words),
            commitment_hex: hex::encode(d.commitment),
        })
    }

    fn shown_at(&self, now_ms: u64) -> u64 {
        match self.result {
            Some(r) => r.at_ms,
            None => now_ms.max(self.last_event_ms()),
        }
    }

    fn end(&mut self, outcome: Outcome, reason: UcReason, at_ms: u64) {
        self.result = Some(UcResult {
            outcome,
            reason,
            at_ms,
            flag_while_deciding: false,
        });
        self.decision = None;
    }

    /// The board's result of a mate or stalemate of the side to move.
    fn board_result(&self, end: UcBoardEnd) -> (Outcome, UcReason) {
        match end {
            UcBoardEnd::Checkmate => (
                Outcome::Win(self.side_to_move().other()),
                UcReason::Checkmate,
            ),
            UcBoardEnd::Stalemate => (Outcome::Draw, UcReason::Stalemate),
        }
    }

    /// UC-7: a mate or stalemate of the side to move opens a decision when
    /// that side could undo; otherwise it ends the game.
    fn mate_or_stalemate(&mut self, end: UcBoardEnd, t: u64) {
        if self.undo_refusal(self.side_to_move()).is_none() {
            self.decision = Some(end);
        } else {
            let (outcome, reason) = self.board_result(end);
            self.end(outcome, reason, t);
        }
    }

    fn require_playing(&self) -> Result<(), UcError> {
        if !self.started {
            return Err(UcError::NotStarted);
        }
        if self.clock.paused() {
            return Err(UcError::Paused);
        }
        Ok(())
    }

    fn require_no_decision(&self) -> Result<(), UcError> {
        match self.decision {
            Some(_) => Err(UcError::DecisionPending {
                colour: self.side_to_move(),
            }),
            None => Ok(()),
        }
    }

    /// Why `by` may not undo now, if not (UC-3, UC-6), leaving aside the
    /// clock's state.
    fn undo_refusal(&self, by: Colour) -> Option<UcError> {
        if self.is_over() {
            return Some(UcError::GameOver);
        }
        if !self.started {
            return Some(UcError::NotStarted);
        }
        let to_move = self.side_to_move();
        if by != to_move {
            return Some(UcError::NotYourTurn { expected: to_move });
        }
        if self.plies.len() < 2 {
            return Some(UcError::NotMovedYet { colour: by });
        }
        if self.tokens[by.index()] == 0 {
            return Some(UcError::NoToken { colour: by });
        }
        None
    }

    /// Why the last tap may not be corrected now, if not (C-4a), leaving
    /// aside the clock's state: board mode needs a token, and the tap must
    /// be a move's and the last thing that happened (Pause, Resume and
    /// Adjust aside).
    fn tap_refusal(&self) -> Option<UcError> {
        if self.setup.mode == InputMode::Board {
            return Some(UcError::CorrectionNeedsToken);
        }
        if self.is_over() {
            return Some(UcError::GameOver);
        }
        if !self.started {
            return Some(UcError::NotStarted);
        }
        if self.decision.is_some() {
            return Some(UcError::DecisionPending {
                colour: self.side_to_move(),
            });
        }
        let last = self.events.iter().rev().find(|e| {
            !matches!(
                e.event,
                UcEvent::Pause | UcEvent::Resume | UcEvent::Adjust { .. }
            )
        });
        match last.map(|e| &e.event) {
            Some(UcEvent::Press) => None,
            _ => Some(UcError::NoTapToCorrect),
        }
    }

    /// The two moves an undo would take back now: the opponent's last, then
    /// the undoer's before it.
    fn last_two(&self) -> Option<[MoveRef; 2]> {
        match self.plies.as_slice() {
            [.., mine, theirs] => Some([theirs.mv.clone(), mine.mv.clone()]),
            _ => None,
        }
    }

    fn step_event(&mut self, t: u64, event: &UcEvent) -> Result<(), UcError> {
        if self.is_over() {
            return Err(UcError::GameOver);
        }
        let board_mode = self.setup.mode == InputMode::Board;
        // A flag that fell before this event must be recorded first.
        if !matches!(event, UcEvent::Flag)
            && let Some((colour, at)) = self.clock.flagged(t)
        {
            return Err(UcError::Clock(ClockError::Flagged { colour, at_ms: at }));
        }
        match event {
            UcEvent::Start => {
                if self.started {
                    return Err(UcError::AlreadyStarted);
                }
                self.clock.press(Colour::Black, t)?;
                self.started = true;
            }
            UcEvent::Press => {
                if board_mode {
                    return Err(UcError::WrongMode);
                }
                self.require_playing()?;
                self.require_no_decision()?;
                self.record_ply(None, None, t)?;
            }
            UcEvent::Move { mv } => {
                if !board_mode {
                    return Err(UcError::WrongMode);
                }
                self.require_playing()?;
                self.require_no_decision()?;
                self.play(mv, t)?;
            }
            UcEvent::Undo { by } => {
                self.require_playing()?;
                if let Some(refusal) = self.undo_refusal(*by) {
                    return Err(refusal);
                }
                self.undo(*by, t)?;
            }
            UcEvent::UndoTap => {
                self.require_playing()?;
                if let Some(refusal) = self.tap_refusal() {
                    return Err(refusal);
                }
                // C-4a: the clock's own correction, and the move it ended goes.
                self.clock.undo_press(t)?;
                self.plies.pop();
            }
            UcEvent::Accept => {
                self.require_playing()?;
                let end = self.decision.ok_or(UcError::NoDecision)?;
                let (outcome, reason) = self.board_result(end);
                self.end(outcome, reason, t);
            }
            UcEvent::Pause => self.clock.pause(t)?,
            UcEvent::Resume => self.clock.resume(t)?,
            UcEvent::Adjust {
                colour,
                remaining_ms,
            } => self.clock.adjust(*colour, *remaining_ms)?,
            UcEvent::Resign { colour } => {
                self.end(Outcome::Win(colour.other()), UcReason::Resignation, t)
            }
            UcEvent::AgreeDraw => self.end(Outcome::Draw, UcReason::Agreement, t),
            UcEvent::Claim(claim) => {
                let board = self.board.as_ref().ok_or(UcError::WrongMode)?;
                if !self.started {
                    return Err(UcError::NotStarted);
                }
                self.require_no_decision()?;
                if !board.claimable().contains(claim) {
                    return Err(UcError::NoClaim);
                }
                let reason = match claim {
                    DrawClaim::Threefold => UcReason::ThreefoldClaim,
                    DrawClaim::FiftyMoves => UcReason::FiftyMovesClaim,
                };
                self.end(Outcome::Draw, reason, t);
            }
            UcEvent::Report(report) => {
                if board_mode {
                    return Err(UcError::WrongMode);
                }
                if !self.started {
                    return Err(UcError::NotStarted);
                }
                self.require_no_decision()?;
                if self.plies.is_empty() {
                    return Err(UcError::NothingToReport);
                }
                let end = match report {
                    UcReport::Checkmate => UcBoardEnd::Checkmate,
                    UcReport::Stalemate => UcBoardEnd::Stalemate,
                };
                self.mate_or_stalemate(end, t);
            }
            UcEvent::Flag => {
                let Some((colour, at)) = self.clock.flagged(t) else {
                    return Err(UcError::NoFlag);
                };
                if let Some(end) = self.decision {
                    // UC-7: the result on the board stands.
                    let (outcome, reason) = self.board_result(end);
                    self.end(outcome, reason, at);
                    if let Some(r) = &mut self.result {
                        r.flag_while_deciding = true;
                    }
                } else {
                    // C-2: in board mode a flag is a draw when the opponent
                    // cannot possibly mate.
                    let outcome = match &self.board {
                        Some(b) if b.cannot_mate(colour.other()) => Outcome::Draw,
                        _ => Outcome::Win(colour.other()),
                    };
                    self.end(outcome, UcReason::Flag, at);
                }
            }
        }
        // The clock stops when the game ends (a fallen clock has stopped by itself).
        if let Some(r) = self.result
            && self.clock.running().is_some()
            && self.clock.flagged(r.at_ms).is_none()
        {
            self.clock.pause(r.at_ms)?;
        }
        Ok(())
    }

    /// Board mode: a move, then C-2's automatic ends and UC-7.
    fn play(&mut self, mv: &str, t: u64) -> Result<(), UcError> {
        let board = self.board.as_mut().ok_or(UcError::WrongMode)?;
        let m = board.parse_move(mv).map_err(|error| UcError::Move {
            text: mv.trim().to_owned(),
            error,
        })?;
        board.play(m);
        let san = board.last_move_san().map(str::to_owned);
        let uci = board.last_move_uci().map(str::to_owned);
        self.record_ply(san, uci, t)?;
        let end = self.board.as_ref().and_then(ChessBoard::automatic_end);
        match end {
            None => {}
            Some(BoardEnd::Checkmate { .. }) => self.mate_or_stalemate(UcBoardEnd::Checkmate, t),
            Some(BoardEnd::Stalemate) => self.mate_or_stalemate(UcBoardEnd::Stalemate, t),
            Some(BoardEnd::InsufficientMaterial) => {
                self.end(Outcome::Draw, UcReason::InsufficientMaterial, t)
            }
            Some(BoardEnd::FivefoldRepetition) => {
                self.end(Outcome::Draw, UcReason::FivefoldRepetition, t)
            }
            Some(BoardEnd::SeventyFiveMoves) => {
                self.end(Outcome::Draw, UcReason::SeventyFiveMoves, t)
            }
        }
        Ok(())
    }

    /// The side to move's move is made: its clock press and its record.
    fn record_ply(
        &mut self,
        san: Option<String>,
        uci: Option<String>,
        t: u64,
    ) -> Result<(), UcError> {
        let mover = self.side_to_move();
        self.clock.press(mover, t)?;
        let ply = self.plies.len() as u32;
        self.plies.push(PlyRecord {
            mv: MoveRef {
                number: ply / 2 + 1,
                colour: mover,
                san,
                uci,
            },
            at_ms: t,
            clk_after_ms: self.clock.remaining_ms(mover, t),
        });
        Ok(())
    }

    /// UC-3: the last two standing moves go, a token goes to the opponent;
    /// the clock is not touched (UC-5).
    fn undo(&mut self, by: Colour, t: u64) -> Result<(), UcError> {
        let took_back = self.last_two().ok_or(UcError::NotMovedYet { colour: by })?;
        let keep = self.plies.len() - 2;
        self.plies.truncate(keep);
        if let Some(board) = &self.board {
            let mut rebuilt = start_board(self.start);
            for uci in &board.ucis()[..keep] {
                let m = rebuilt.parse_move(uci).map_err(|error| UcError::Move {
                    text: uci.clone(),
                    error,
                })?;
                rebuilt.play(m);
            }
            self.board = Some(rebuilt);
        }
        self.tokens[by.index()] -= 1;
        self.tokens[by.other().index()] = self.tokens[by.other().index()].saturating_add(1);
        self.decision = None;
        self.undos.push(UndoRecord {
            index: self.undos.len() + 1,
            by,
            at_ms: t,
            took_back,
            plies_after: keep as u32,
            tokens_after: self.tokens,
        });
        Ok(())
    }

    /// What a screen shows at `now_ms` (the end instant once the game is over).
    pub fn view(&self, now_ms: u64) -> UcView {
        let at = self.shown_at(now_ms);
        let to_move = self.side_to_move();
        let phase = if self.is_over() {
            UcPhase::Over
        } else if !self.started {
            UcPhase::AwaitingStart
        } else if let Some(end) = self.decision {
            UcPhase::Decision {
                colour: to_move,
                end,
            }
        } else {
            UcPhase::Playing
        };
        let colours = [Colour::White, Colour::Black];
        let paused = self.clock.paused();
        let board = self.board.as_ref();
        let wants_move = phase == UcPhase::Playing && !paused;
        // Offered exactly when taken: nothing is taken once a flag has fallen
        // (it must be recorded first).
        let open = !paused && self.clock.flagged(at).is_none();
        let can_undo = open && self.undo_refusal(to_move).is_none();
        let can_correct_tap = open && self.tap_refusal().is_none();
        UcView {
            mode: self.setup.mode,
            white: self.setup.white.clone(),
            black: self.setup.black.clone(),
            phase,
            paused,
            side_to_move: to_move,
            tokens: self.tokens,
            remaining_ms: colours.map(|c| self.clock.remaining_ms(c, at)),
            delay_ms: colours.map(|c| self.clock.delay_left_ms(c, at)),
            running: self.clock.running(),
            plies: self.plies.len() as u32,
            move_number: self.plies.len() as u32 / 2 + 1,
            start_number: self.start.number(),
            start_back_rank: self.start.back_rank(),
            start_fen: self.start.fen(),
            fen: board.map(ChessBoard::fen),
            in_check: board.is_some_and(ChessBoard::is_check),
            last_move_uci: board.and_then(|b| b.last_move_uci()).map(str::to_owned),
            last_move_san: board.and_then(|b| b.last_move_san()).map(str::to_owned),
            legal_moves_uci: match board {
                Some(b) if wants_move => b.legal_moves_uci(),
                _ => Vec::new(),
            },
            claimable: match board {
                Some(b) if phase == UcPhase::Playing => b.claimable(),
                _ => Vec::new(),
            },
            can_undo,
            can_correct_tap,
            undo_would_take_back: if can_undo { self.last_two() } else { None },
            last_undo: self.undos.last().cloned(),
            undo_count: self.undos.len(),
            result: self.result,
            commitment_hex: self.commitment_hex(),
            reveal: self.reveal(),
        }
    }
}

// ---- the log ----------------------------------------------------------------

/// Why a log cannot be loaded.
pub type UcLogError = log::LogError<UcError, UcError>;

/// The log: the shared envelope with this module's setup and events. The
/// seed is `""` for a chosen start position.
pub type UcLog = log::Log<UcSetup, UcEvent>;

impl GameModule for UcGame {
    module_plumbing!(GAME_UNDO, UcEvent, UcError);

    fn fallen_flag(&self, now_ms: u64) -> Option<(u64, UcEvent)> {
        self.clock
            .flagged(now_ms)
            .map(|(_, at)| (at, UcEvent::Flag))
    }

    fn running_ms(&self, now_ms: u64) -> [Option<u64>; 2] {
        [self.clock.shown_ms(now_ms), None]
    }

    fn delay_running(&self, now_ms: u64) -> bool {
        self.clock.delay_running(now_ms)
    }

    fn club_end(&self, info: &PgnInfo) -> Option<GameEnd> {
        let s = self.setup();
        Some(outcomes::duel_end(
            ClubGame::Undo,
            [&s.white, &s.black],
            self.result?.outcome,
            uc_to_pgn(self, info),
            || self.to_json(),
        ))
    }

    fn commitment_before_move_one(&self) -> Option<ShownCommitment> {
        // An undo back to the start does not bring it back: moves were made.
        let d = self
            .drawn
            .as_ref()
            .filter(|_| self.plies.is_empty() && self.undos.is_empty())?;
        Some(ShownCommitment {
            commitment_hex: hex::encode(d.commitment),
            setup_text: self.setup.to_text(),
        })
    }

    fn revealed_draw(&self) -> Option<EveningDraw> {
        let d = self.drawn.as_ref()?;
        let fate = DrawFate::so_far(self.is_over(), self.plies.len());
        Some(EveningDraw::revealed(
            hex::encode(d.commitment),
            self.setup.to_text(),
            &d.seed,
            &d.words,
            fate,
        ))
    }
}

impl Logged for UcGame {
    type LogSetup = UcSetup;
    type SetupError = UcError;

    fn log_setup(&self) -> UcSetup {
        self.setup.clone()
    }

    /// The seed is `""` for a chosen start position.
    fn log_draw(&self) -> Option<DrawRecord> {
        let drawn = self.drawn.as_ref();
        Some(DrawRecord::of(drawn.map(|d| (&d.seed, &d.words[..]))))
    }

    fn restore(setup: UcSetup, draw: Option<&DrawRecord>) -> Result<UcGame, UcLogError> {
        let drawn = setup.start == StartChoice::Drawn;
        restore_drawn(setup, draw, drawn, UcGame::new_drawn, UcGame::new)
    }
}

// ---- JSON ------------------------------------------------------------------
// `start` is `"drawn"` or the position's number; events are internally
// tagged (`{"type":"undo","by":"white"}`).

impl ToJson for StartChoice {
    fn to_json(&self) -> Json {
        match self {
            StartChoice::Drawn => Json::Str("drawn".into()),
            StartChoice::Fixed(p) => p.number().to_json(),
        }
    }
}

impl FromJson for StartChoice {
    fn from_json(v: &Value) -> JsonResult<StartChoice> {
        match v {
            Value::String(s) if s == "drawn" => Ok(StartChoice::Drawn),
            Value::Number(_) => {
                let n = u32::from_json(v)?;
                StartPosition::new(n)
                    .map(StartChoice::Fixed)
                    .map_err(|e| JsonError(e.to_string()))
            }
            _ => Err(JsonError(
                "expected \"drawn\" or a start position number".into(),
            )),
        }
    }
}

impl ToJson for UcSetup {
    fn to_json(&self) -> Json {
        obj([
            ("white", f(&self.white)),
            ("black", f(&self.black)),
            ("tokens", f(&self.tokens.map(u32::from))),
            ("control", f(&self.control)),
            ("mode", f(&self.mode)),
            ("start", f(&self.start)),
        ])
    }
}

impl FromJson for UcSetup {
    fn from_json(v: &Value) -> JsonResult<UcSetup> {
        let o = Obj::of(v)?;
        let tokens: [u32; 2] = o.req("tokens")?;
        Ok(UcSetup {
            white: o.req("white")?,
            black: o.req("black")?,
            tokens: tokens.map(|t| u8::try_from(t).unwrap_or(u8::MAX)),
            control: o.req("control")?,
            mode: o.req("mode")?,
            start: o.req("start")?,
        })
    }
}

tagged_json! {
    UcReport by "end" { Checkmate = "checkmate", Stalemate = "stalemate" }
    UcEvent by "type" {
        Start = "start", Press = "press", Move { mv } = "move", Undo { by } = "undo",
        UndoTap = "undo_tap", Accept = "accept", Pause = "pause", Resume = "resume",
        Adjust { colour, remaining_ms } = "adjust", Resign { colour } = "resign",
        AgreeDraw = "agree_draw", Claim(claim) = "claim", Report(end: flat) = "report", Flag = "flag",
    }
}
