//! A bughouse match at the table: four players, two boards, four clocks
//! (BH-1…BH-9, C-1, C-4, C-4a).
//!
//! Every state is the replay of (setup, timestamped events): [`BhGame::apply`]
//! checks an event completely on a copy and only then keeps the copy, so a
//! refused event changes nothing. Each board has its own two-player
//! [`ChessClock`] (BH-2); the match is one log.
//!
//! **Interpretations** (RULES.md leaves these to the app):
//! - One *Start* starts both boards: both White clocks run from that instant.
//! - *Pause* and *Resume* stop and restart all four clocks; the first end on
//!   either board (BH-4) stops all four at its instant.
//! - Clock mode cannot see the boards: a mate is reported for the side to
//!   move on a board (the mating player pressed), and BH-8 (a) ("nobody to
//!   move can move") is a report all four confirm. Board mode finds both.
//! - BH-8 (b) counts presses after the start in clock mode, on both boards
//!   together, as Crazyhouse counts its 600 half-moves.
//! - "Undo" is per board (C-4a, as in Crazyhouse): the last press on that
//!   board, in board mode with its move. A capture's piece leaves the
//!   partner's pocket again; if the partner has already dropped it, the undo
//!   is not offered and refused (the other board's game cannot be rewritten). The starting
//!   press is never undone (it started both boards). It is refused after an
//!   end the players chose (resignation, agreement, a report) or a flag, and
//!   open after an end the app found by itself, on the board whose move
//!   ended the match; the match then stands paused until *Resume*.
//! - A flag always loses (BH-4): material never leaves a bughouse match.

use crate::referee::PgnInfo;
use crate::referee::bughouse::bpgn::bh_to_bpgn;
use crate::referee::bughouse::rules::{
    BH_PLY_LIMIT, BhMove, BhMoveError, BoardId, BoardsEnd, BughouseBoards, Seat, Team,
};
use crate::referee::chess_clock::{ChessClock, ClockError, TimeControl};
use crate::referee::club::{BUGHOUSE_SEATS, ClubGame, GameEnd, TableResult, outcomes};
use crate::referee::common::{Colour, InputMode};
use crate::referee::crazyhouse::Pocket;
use crate::referee::json::{
    FromJson, Json, JsonError, JsonResult, Obj, ToJson, f, json_names, obj,
};
use crate::referee::log::{self, Timed};
use crate::referee::module::{GameModule, Logged, module_plumbing};
use crate::referee::names::{NameProblem, check_names, kept_from_old_save};
use crate::referee::tagged::tagged_json;
use serde_json::Value;
use std::fmt;

/// Game module id of bughouse logs and saves.
pub const GAME_BUGHOUSE: &str = "bughouse";

/// BH-7: without a chosen control every player gets 3 minutes.
pub fn default_control() -> TimeControl {
    TimeControl::sudden_death(3 * 60_000)
}

/// The presets a setup screen offers (minutes + seconds of increment); a
/// custom control is [`TimeControl::custom`] (increment or delay, per-player
/// bases for a handicap).
pub fn presets() -> [(&'static str, TimeControl); 4] {
    [
        ("3 + 0", default_control()),
        ("5 + 0", TimeControl::sudden_death(5 * 60_000)),
        ("2 + 1", TimeControl::fischer(2 * 60_000, 1_000)),
        ("3 + 2", TimeControl::fischer(3 * 60_000, 2_000)),
    ]
}

/// How a match is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BhSetup {
    /// Names `[white A, black A, white B, black B]`.
    pub names: [String; 4],
    /// Each board's clock `[A, B]`; its `base_ms` is `[white, black]` there,
    /// so each of the four players may have a handicap.
    pub controls: [TimeControl; 2],
    pub mode: InputMode,
    /// Board mode: the positions `[A, B]` the match starts from when they
    /// are not the usual ones (FENs with pockets).
    pub start_fens: Option<[String; 2]>,
    /// Moves played before this match's clocks started (an imported BPGN).
    /// Board mode only.
    pub opening: Vec<BhMove>,
    /// The result an imported BPGN recorded: the match is shown for review
    /// and takes no events.
    pub recorded: Option<BhOutcome>,
}

impl BhSetup {
    /// A match with the given names, BH-7's 3 minutes each.
    pub fn new(names: [&str; 4], mode: InputMode) -> BhSetup {
        BhSetup {
            names: names.map(str::to_owned),
            controls: [default_control(), default_control()],
            mode,
            start_fens: None,
            opening: Vec::new(),
            recorded: None,
        }
    }

    /// The boards this setup starts from (board mode), before the opening.
    pub fn start_boards(&self) -> Result<BughouseBoards, BhError> {
        match &self.start_fens {
            Some([a, b]) => BughouseBoards::from_fens(a, b).ok_or(BhError::BadStartPosition),
            None => Ok(BughouseBoards::new()),
        }
    }

    /// The name of the player at `seat`.
    pub fn name(&self, seat: Seat) -> &str {
        &self.names[seat.board.index() * 2 + seat.colour.index()]
    }
}

/// The result of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BhOutcome {
    Win(Team),
    Draw,
}

/// What the players report in clock mode, where the app cannot see the boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BhReport {
    /// The side to move on `board` is mated (BH-5).
    Checkmate { board: BoardId },
    /// BH-8 (a): nobody to move on either board can move (all four confirm).
    NobodyCanMove,
}

/// Everything that can happen in a match; stored with its timestamp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BhEvent {
    /// Starts both boards: both White clocks run.
    Start,
    /// Clock mode: the side to move on `board` moved and pressed.
    Press {
        board: BoardId,
    },
    /// Board mode: a move on `board` in UCI (`e2e4`, `N@f3`); it is the press.
    Move {
        board: BoardId,
        mv: String,
    },
    /// Stops all four clocks.
    Pause,
    Resume,
    /// While the clocks stand: set one player's remaining time.
    Adjust {
        board: BoardId,
        colour: Colour,
        remaining_ms: u64,
    },
    /// Takes back the last press on `board` (board mode: its move) as a
    /// correction (C-4a).
    Undo {
        board: BoardId,
    },
    Resign {
        board: BoardId,
        colour: Colour,
    },
    /// All four agreed a draw (BH-8).
    AgreeDraw,
    Report(BhReport),
    /// The running clock of the side to move on `board` reached zero
    /// (recorded at that instant).
    Flag {
        board: BoardId,
    },
}

/// An event and the time (ms) it happened at.
pub type BhTimed = Timed<BhEvent>;

/// Why a match ended; [`BhReason::rule`] names the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BhReason {
    Checkmate,
    Resignation,
    Flag,
    Agreement,
    /// BH-8 (a).
    NobodyCanMove,
    /// BH-8 (b).
    PlyLimit,
    /// The result written in an imported BPGN.
    Recorded,
}

impl BhReason {
    /// The rule id that ended the match (RULES.md).
    pub fn rule(self) -> &'static str {
        match self {
            BhReason::Checkmate => "BH-5",
            BhReason::Resignation | BhReason::Flag => "BH-4",
            BhReason::Agreement => "BH-8",
            BhReason::NobodyCanMove => "BH-8a",
            BhReason::PlyLimit => "BH-8b",
            BhReason::Recorded => "BPGN",
        }
    }

    /// English wording for records; the UI has its own texts.
    pub fn describe(self) -> &'static str {
        match self {
            BhReason::Checkmate => "checkmate",
            BhReason::Resignation => "resignation",
            BhReason::Flag => "loss on time",
            BhReason::Agreement => "draw agreed by all four players",
            BhReason::NobodyCanMove => "nobody to move on either board can move",
            BhReason::PlyLimit => "800 half-moves on both boards together",
            BhReason::Recorded => "result as recorded",
        }
    }
}

/// How and when the match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BhResult {
    pub outcome: BhOutcome,
    pub reason: BhReason,
    /// The player who was mated, resigned or flagged; for an end the boards
    /// found themselves (BH-8), the player to move on the board of the last
    /// move. `None` for an agreement, a report of BH-8 (a) or a recorded result.
    pub seat: Option<Seat>,
    pub at_ms: u64,
}

impl BhResult {
    /// The match ended here, with clocks; not a result read from a BPGN.
    pub fn played_here(&self) -> bool {
        self.reason != BhReason::Recorded
    }

    /// `"Team 1 wins: checkmate on board A (BH-5)"`, for records.
    pub fn describe(&self) -> String {
        let head = match self.outcome {
            BhOutcome::Win(t) => format!("Team {} wins", t.number()),
            BhOutcome::Draw => "Draw".to_owned(),
        };
        let on = match (self.reason, self.seat) {
            (
                BhReason::Checkmate | BhReason::Resignation | BhReason::Flag,
                Some(Seat { board, .. }),
            ) => format!(" on board {}", board.letter()),
            _ => String::new(),
        };
        format!(
            "{head}: {}{on} ({})",
            self.reason.describe(),
            self.reason.rule()
        )
    }
}

/// Why an event or a setup was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BhError {
    /// Name `index` (0-based) breaks the one name rule (`referee::names`).
    BadName {
        index: usize,
        problem: NameProblem,
    },
    /// A time outside [`TimeControl::within_limits`].
    BadTime,
    /// An opening move of the setup cannot be played.
    BadOpening(BhMoveError),
    /// A start FEN is unreadable or no legal position.
    BadStartPosition,
    /// Opening moves or a recorded result belong to board mode.
    OpeningNeedsBoardMode,
    Clock(ClockError),
    Move(BhMoveError),
    GameOver,
    NotStarted,
    AlreadyStarted,
    /// The event belongs to the other input mode.
    WrongMode,
    /// Only while the clocks run.
    NotRunning,
    /// The flag has not fallen on that board.
    NoFlag,
    /// An earlier timestamp than the last event's (C-4).
    TimeWentBackwards,
    NothingToUndo,
    /// The undone move captured a piece the partner has already dropped.
    UndoBlocked {
        board: BoardId,
    },
    /// Undo after an end the app found is only on the board that ended it.
    UndoOtherBoard {
        board: BoardId,
    },
}

impl fmt::Display for BhError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BhError::BadName { index, problem } => write!(f, "name {} {problem}", index + 1),
            BhError::BadTime => write!(
                f,
                "times must be 1 s to 10 h, increments and delays at most 10 min"
            ),
            BhError::BadOpening(e) => write!(f, "opening: {e}"),
            BhError::BadStartPosition => {
                write!(f, "a start position is not a legal bughouse position")
            }
            BhError::OpeningNeedsBoardMode => {
                write!(f, "a continued or recorded match needs board mode")
            }
            BhError::Clock(e) => write!(f, "{e}"),
            BhError::Move(e) => write!(f, "{e}"),
            BhError::GameOver => write!(f, "the match is over"),
            BhError::NotStarted => write!(f, "the clocks have not been started"),
            BhError::AlreadyStarted => write!(f, "the clocks were started already"),
            BhError::WrongMode => write!(f, "not possible in this input mode"),
            BhError::NotRunning => write!(f, "the clocks are not running"),
            BhError::NoFlag => write!(f, "no flag has fallen on that board"),
            BhError::TimeWentBackwards => write!(f, "time went backwards"),
            BhError::NothingToUndo => write!(f, "there is nothing to undo on that board"),
            BhError::UndoBlocked { board } => write!(
                f,
                "the piece that move captured has already been dropped on board {}",
                board.letter()
            ),
            BhError::UndoOtherBoard { board } => write!(
                f,
                "the match ended on board {}; only its last move can be undone",
                board.letter()
            ),
        }
    }
}

impl std::error::Error for BhError {}

impl From<ClockError> for BhError {
    fn from(e: ClockError) -> Self {
        BhError::Clock(e)
    }
}

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BhPhase {
    AwaitingStart,
    Running,
    Paused,
    Over,
}

/// One board as a screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct BhBoardView {
    /// Names `[white, black]`.
    pub names: [String; 2],
    pub side_to_move: Colour,
    /// Remaining time `[white, black]` (ms), without an unexpired simple delay.
    pub remaining_ms: [u64; 2],
    /// Unexpired simple delay `[white, black]` of the current turn (ms).
    pub delay_ms: [u64; 2],
    /// Moves completed `[white, black]` (clock presses).
    pub moves_made: [u32; 2],
    /// The number of the move being played on this board (1 for the first).
    pub move_number: u32,
    /// Board mode: the position with pockets.
    pub fen: Option<String>,
    pub in_check: bool,
    pub last_move_uci: Option<String>,
    pub last_move_san: Option<String>,
    /// Board mode, while running: what the side to move may play.
    pub legal_moves_uci: Vec<String>,
    /// `[white, black]` pockets (board mode).
    pub pockets: Option<[Pocket; 2]>,
    /// Board mode: the side to move has no move and waits (BH-6).
    pub waiting: bool,
    pub undo_available: bool,
}

/// Everything a screen shows at one instant.
#[derive(Clone, Debug, PartialEq)]
pub struct BhView {
    pub mode: InputMode,
    pub phase: BhPhase,
    /// `[A, B]`.
    pub boards: [BhBoardView; 2],
    /// Half-moves on both boards together (BH-8 b; presses in clock mode).
    pub half_moves: u32,
    pub result: Option<BhResult>,
}

/// A bughouse match: setup, events, and the state they replay to.
#[derive(Clone, Debug, PartialEq)]
pub struct BhGame {
    setup: BhSetup,
    events: Vec<BhTimed>,
    clocks: [ChessClock; 2],
    boards: Option<BughouseBoards>,
    /// For each move entered in this match (board mode, after the opening):
    /// the mover's time left right after it, for `[%clk]`.
    clk_after: Vec<u64>,
    result: Option<BhResult>,
}

impl BhGame {
    /// A new match, waiting for the start.
    pub fn new(setup: BhSetup) -> Result<BhGame, BhError> {
        check_names(setup.names.iter().map(String::as_str))
            .map_err(|(index, problem)| BhError::BadName { index, problem })?;
        BhGame::start(setup)
    }

    /// A new match whose names were checked already.
    fn start(setup: BhSetup) -> Result<BhGame, BhError> {
        if !setup.controls.iter().all(TimeControl::within_limits) {
            return Err(BhError::BadTime);
        }
        let continued =
            !setup.opening.is_empty() || setup.recorded.is_some() || setup.start_fens.is_some();
        if setup.mode == InputMode::Clock && continued {
            return Err(BhError::OpeningNeedsBoardMode);
        }
        let boards = match setup.mode {
            InputMode::Board => {
                let mut boards = setup.start_boards()?;
                boards
                    .play_all(&setup.opening)
                    .map_err(|(_, e)| BhError::BadOpening(e))?;
                Some(boards)
            }
            InputMode::Clock => None,
        };
        let first = |b: BoardId| boards.as_ref().map_or(Colour::White, |x| x.turn(b));
        let clocks = [
            ChessClock::with_first_mover(setup.controls[0].clone(), first(BoardId::A))?,
            ChessClock::with_first_mover(setup.controls[1].clone(), first(BoardId::B))?,
        ];
        let mut game = BhGame {
            setup,
            events: Vec::new(),
            clocks,
            boards,
            clk_after: Vec::new(),
            result: None,
        };
        game.result = match game.setup.recorded {
            Some(outcome) => Some(BhResult {
                outcome,
                reason: BhReason::Recorded,
                seat: None,
                at_ms: 0,
            }),
            None => game.boards_end(&BoardId::BOTH, 0),
        };
        Ok(game)
    }

    /// Replays recorded events; the same as the live match that recorded them.
    pub fn replay(setup: BhSetup, events: &[BhTimed]) -> Result<BhGame, BhLogError> {
        BhGame::new(setup)
            .map_err(BhLogError::Setup)?
            .replay(events)
    }

    pub fn setup(&self) -> &BhSetup {
        &self.setup
    }

    /// Board mode: both boards with pockets and the moves played.
    pub fn boards(&self) -> Option<&BughouseBoards> {
        self.boards.as_ref()
    }

    pub fn clock(&self, board: BoardId) -> &ChessClock {
        &self.clocks[board.index()]
    }

    pub fn result(&self) -> Option<BhResult> {
        self.result
    }

    /// Time left after each move entered in this match, in order (board
    /// mode; the opening's moves have none).
    pub fn clk_after(&self) -> &[u64] {
        &self.clk_after
    }

    /// The side whose turn it is on `board`.
    pub fn side_to_move(&self, board: BoardId) -> Colour {
        match &self.boards {
            Some(b) => b.turn(board),
            None => self.clocks[board.index()].to_move(),
        }
    }

    /// Presses after the start on both boards (BH-8 b in clock mode).
    fn presses(&self) -> u32 {
        self.clocks
            .iter()
            .flat_map(|c| [c.moves_made(Colour::White), c.moves_made(Colour::Black)])
            .fold(0u32, u32::saturating_add)
    }

    /// The earliest fallen flag by `now_ms`, A first on a tie.
    fn first_flag(&self, now_ms: u64) -> Option<(BoardId, Colour, u64)> {
        BoardId::BOTH
            .iter()
            .filter_map(|&b| {
                self.clocks[b.index()]
                    .flagged(now_ms)
                    .map(|(c, at)| (b, c, at))
            })
            .min_by_key(|&(_, _, at)| at)
    }

    fn require_running(&self) -> Result<(), BhError> {
        let clock = &self.clocks[0];
        if !clock.started() {
            return Err(BhError::NotStarted);
        }
        if clock.paused() {
            return Err(BhError::NotRunning);
        }
        Ok(())
    }

    fn end(&mut self, outcome: BhOutcome, reason: BhReason, seat: Option<Seat>, at_ms: u64) {
        self.result = Some(BhResult {
            outcome,
            reason,
            seat,
            at_ms,
        });
    }

    /// The end the boards show after a move on `moved` (board mode).
    fn boards_end(&self, moved: &[BoardId], at_ms: u64) -> Option<BhResult> {
        let boards = self.boards.as_ref()?;
        let last = *moved.last()?;
        let to_move = |board: BoardId| Seat {
            board,
            colour: boards.turn(board),
        };
        let (outcome, reason, seat) = match boards.automatic_end(moved)? {
            BoardsEnd::Checkmate { board } => {
                let mated = to_move(board);
                (
                    BhOutcome::Win(mated.team().other()),
                    BhReason::Checkmate,
                    mated,
                )
            }
            BoardsEnd::NobodyCanMove => (BhOutcome::Draw, BhReason::NobodyCanMove, to_move(last)),
            BoardsEnd::PlyLimit => (BhOutcome::Draw, BhReason::PlyLimit, to_move(last)),
        };
        Some(BhResult {
            outcome,
            reason,
            seat: Some(seat),
            at_ms,
        })
    }

    /// BH-8 (b) in clock mode: the press that completes the 800th half-move.
    fn tap_limit(&self, board: BoardId, at_ms: u64) -> Option<BhResult> {
        (self.presses() >= BH_PLY_LIMIT).then(|| BhResult {
            outcome: BhOutcome::Draw,
            reason: BhReason::PlyLimit,
            seat: Some(Seat {
                board,
                colour: self.clocks[board.index()].to_move(),
            }),
            at_ms,
        })
    }

    /// Clock mode, after the tap limit: the players may still report what the
    /// last move did on the board.
    fn ended_by_tap_limit(&self) -> bool {
        self.boards.is_none() && self.result.is_some_and(|r| r.reason == BhReason::PlyLimit)
    }

    fn step_event(&mut self, t: u64, event: &BhEvent) -> Result<(), BhError> {
        let board_mode = self.setup.mode == InputMode::Board;
        let report_after_limit = matches!(event, BhEvent::Report(_)) && self.ended_by_tap_limit();
        if !matches!(event, BhEvent::Undo { .. }) && self.is_over() && !report_after_limit {
            return Err(BhError::GameOver);
        }
        // A flag that fell before this event must be recorded first.
        if !matches!(event, BhEvent::Flag { .. } | BhEvent::Undo { .. })
            && let Some((_, colour, at_ms)) = self.first_flag(t)
        {
            return Err(BhError::Clock(ClockError::Flagged { colour, at_ms }));
        }
        match event {
            BhEvent::Start => {
                if self.clocks[0].started() {
                    return Err(BhError::AlreadyStarted);
                }
                for clock in &mut self.clocks {
                    clock.press(clock.to_move().other(), t)?;
                }
            }
            BhEvent::Press { board } => {
                if board_mode {
                    return Err(BhError::WrongMode);
                }
                self.require_running()?;
                let clock = &mut self.clocks[board.index()];
                clock.press(clock.to_move(), t)?;
                self.result = self.tap_limit(*board, t);
            }
            BhEvent::Move { board, mv } => {
                if !board_mode {
                    return Err(BhError::WrongMode);
                }
                self.require_running()?;
                let Some(boards) = self.boards.as_mut() else {
                    return Err(BhError::WrongMode);
                };
                let mover = boards.turn(*board);
                boards.play_text(*board, mv).map_err(BhError::Move)?;
                let clock = &mut self.clocks[board.index()];
                clock.press(mover, t)?;
                self.clk_after.push(clock.remaining_ms(mover, t));
                self.result = self.boards_end(&[*board], t);
            }
            BhEvent::Pause => {
                for clock in &mut self.clocks {
                    clock.pause(t)?;
                }
            }
            BhEvent::Resume => {
                for clock in &mut self.clocks {
                    clock.resume(t)?;
                }
            }
            BhEvent::Adjust {
                board,
                colour,
                remaining_ms,
            } => self.clocks[board.index()].adjust(*colour, *remaining_ms)?,
            BhEvent::Undo { board } => self.undo(*board, t)?,
            BhEvent::Resign { board, colour } => {
                let seat = Seat {
                    board: *board,
                    colour: *colour,
                };
                let outcome = BhOutcome::Win(seat.team().other());
                self.end(outcome, BhReason::Resignation, Some(seat), t);
            }
            BhEvent::AgreeDraw => self.end(BhOutcome::Draw, BhReason::Agreement, None, t),
            BhEvent::Report(report) => {
                if board_mode {
                    return Err(BhError::WrongMode);
                }
                if !self.clocks[0].started() {
                    return Err(BhError::NotStarted);
                }
                // A mate on the 800th tap stands; it ended at that tap.
                let t = self.result.map_or(t, |r| r.at_ms);
                match report {
                    BhReport::Checkmate { board } => {
                        let mated = Seat {
                            board: *board,
                            colour: self.clocks[board.index()].to_move(),
                        };
                        let outcome = BhOutcome::Win(mated.team().other());
                        self.end(outcome, BhReason::Checkmate, Some(mated), t);
                    }
                    BhReport::NobodyCanMove => {
                        self.end(BhOutcome::Draw, BhReason::NobodyCanMove, None, t)
                    }
                }
            }
            BhEvent::Flag { board } => {
                let Some((colour, at)) = self.clocks[board.index()].flagged(t) else {
                    return Err(BhError::NoFlag);
                };
                // The first flag ends the match; one that fell later on the
                // other board is no flag of this match.
                if self.first_flag(t).is_some_and(|(_, _, first)| first < at) {
                    return Err(BhError::NoFlag);
                }
                let seat = Seat {
                    board: *board,
                    colour,
                };
                let outcome = BhOutcome::Win(seat.team().other());
                // An undo (C-4a) that charges the tapper more than was left
                // shows a flag that fell before events already recorded:
                // the match ends now, and the other clocks stop now, never
                // in the past (C-4).
                let at = at.max(self.last_event_ms());
                self.end(outcome, BhReason::Flag, Some(seat), at);
            }
        }
        // BH-4: the first end stops all four clocks at its instant (a fallen
        // clock has stopped by itself). An undo reopens the match paused.
        if let Some(r) = self.result {
            for clock in &mut self.clocks {
                if clock.running().is_some() && clock.flagged(r.at_ms).is_none() {
                    clock.pause(r.at_ms)?;
                }
            }
        }
        Ok(())
    }

    /// Why undo on `board` would be refused now, if it would.
    fn undo_refusal(&self, board: BoardId) -> Option<BhError> {
        if let Some(r) = self.result {
            let automatic = match r.reason {
                BhReason::PlyLimit => true,
                BhReason::Checkmate | BhReason::NobodyCanMove => self.boards.is_some(),
                _ => false,
            };
            if !automatic {
                return Some(BhError::GameOver);
            }
            if let Some(seat) = r.seat
                && seat.board != board
            {
                return Some(BhError::UndoOtherBoard { board: seat.board });
            }
        }
        // Only presses of this match, never the start (it started both
        // boards) nor an imported opening (its moves were no presses).
        let clock = &self.clocks[board.index()];
        if clock.moves_made(Colour::White) + clock.moves_made(Colour::Black) == 0 {
            return Some(BhError::NothingToUndo);
        }
        // A capture whose piece the partner has dropped cannot be taken back,
        // so it is not offered (only a capture can be blocked: the rebuild
        // is tried for captures only).
        let captured = self.boards.as_ref().is_some_and(|boards| {
            boards
                .moves()
                .iter()
                .rev()
                .find(|m| m.board == board)
                .is_some_and(|m| m.san.contains('x'))
        });
        if captured && let Err(refusal) = self.boards_without_last(board) {
            return Some(refusal);
        }
        None
    }

    /// Board mode: the boards replayed without the last move on `board`, and
    /// that move's index. Refused when the partner has already dropped the
    /// piece it captured.
    fn boards_without_last(&self, board: BoardId) -> Result<(BughouseBoards, usize), BhError> {
        let moves = self.boards.as_ref().map_or(&[][..], BughouseBoards::moves);
        let last = moves
            .iter()
            .rposition(|m| m.board == board)
            .ok_or(BhError::NothingToUndo)?;
        let kept: Vec<BhMove> = moves
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != last)
            .map(|(_, m)| BhMove {
                board: m.board,
                uci: m.uci.clone(),
            })
            .collect();
        let mut rebuilt = self.setup.start_boards()?;
        rebuilt.play_all(&kept).map_err(|_| BhError::UndoBlocked {
            board: board.other(),
        })?;
        Ok((rebuilt, last))
    }

    /// Takes back the last press on `board`, in board mode with its move.
    fn undo(&mut self, board: BoardId, t: u64) -> Result<(), BhError> {
        if let Some(refusal) = self.undo_refusal(board) {
            return Err(refusal);
        }
        if self.boards.is_some() {
            let (rebuilt, last) = self.boards_without_last(board)?;
            self.boards = Some(rebuilt);
            // This match's moves are those after the opening: its `[%clk]`s.
            if let Some(k) = last.checked_sub(self.setup.opening.len()) {
                self.clk_after.remove(k);
            }
        }
        self.clocks[board.index()]
            .undo_press(t)
            .map_err(|_| BhError::NothingToUndo)?;
        self.result = None;
        Ok(())
    }

    /// The time the screen should show: the end of the match once it is over.
    fn shown_at(&self, now_ms: u64) -> u64 {
        match self.result {
            Some(r) if r.played_here() => r.at_ms,
            _ => now_ms.max(self.last_event_ms()),
        }
    }

    /// What a screen shows at `now_ms` (the end instant once the match is over).
    pub fn view(&self, now_ms: u64) -> BhView {
        let at = self.shown_at(now_ms);
        let phase = if self.is_over() {
            BhPhase::Over
        } else if !self.clocks[0].started() {
            BhPhase::AwaitingStart
        } else if self.clocks[0].paused() {
            BhPhase::Paused
        } else {
            BhPhase::Running
        };
        let playing = phase == BhPhase::Running;
        let colours = [Colour::White, Colour::Black];
        let boards = self.boards.as_ref();
        let board_view = |b: BoardId| {
            let clock = &self.clocks[b.index()];
            let moves_made = colours.map(|c| clock.moves_made(c));
            let last = boards.and_then(|x| x.last_move(b));
            BhBoardView {
                names: colours.map(|colour| self.setup.name(Seat { board: b, colour }).to_owned()),
                side_to_move: self.side_to_move(b),
                remaining_ms: colours.map(|c| clock.remaining_ms(c, at)),
                delay_ms: colours.map(|c| clock.delay_left_ms(c, at)),
                moves_made,
                move_number: match boards {
                    Some(x) => x.move_number(b),
                    None => moves_made[1] + 1,
                },
                fen: boards.map(|x| x.fen(b)),
                in_check: boards.is_some_and(|x| x.is_check(b)),
                last_move_uci: last.map(|m| m.uci.clone()),
                last_move_san: last.map(|m| m.san.clone()),
                legal_moves_uci: match boards {
                    Some(x) if playing => x.legal_moves_uci(b),
                    _ => Vec::new(),
                },
                pockets: boards.map(|x| colours.map(|c| x.pocket(b, c))),
                waiting: playing && boards.is_some_and(|x| !x.can_move(b)),
                undo_available: self.undo_refusal(b).is_none(),
            }
        };
        BhView {
            mode: self.setup.mode,
            phase,
            boards: [board_view(BoardId::A), board_view(BoardId::B)],
            half_moves: match boards {
                Some(x) => x.ply(),
                None => self.presses(),
            },
            result: self.result,
        }
    }
}

/// A bughouse log: the shared envelope with this game's setup and events
/// (no draw). Its JSON is the save and the exportable record.
pub type BhLog = log::Log<BhSetup, BhEvent>;

/// Why a bughouse log cannot be loaded.
pub type BhLogError = log::LogError<BhError, BhError>;

impl GameModule for BhGame {
    module_plumbing!(GAME_BUGHOUSE, BhEvent, BhError);

    /// The first flag on either board (BH-4).
    fn fallen_flag(&self, now_ms: u64) -> Option<(u64, BhEvent)> {
        self.first_flag(now_ms)
            .map(|(board, _, at)| (at, BhEvent::Flag { board }))
    }

    fn ended_here(&self) -> bool {
        self.result.is_some_and(|r| r.played_here())
    }

    /// Both boards' clocks run at once (BH-2).
    fn running_ms(&self, now_ms: u64) -> [Option<u64>; 2] {
        BoardId::BOTH.map(|b| self.clocks[b.index()].shown_ms(now_ms))
    }

    fn delay_running(&self, now_ms: u64) -> bool {
        self.clocks.iter().any(|clock| clock.delay_running(now_ms))
    }

    /// Names in the evening's seat order (`club::BUGHOUSE_SEATS`).
    fn club_end(&self, info: &PgnInfo) -> Option<GameEnd> {
        Some(GameEnd {
            game: ClubGame::Bughouse,
            names: BUGHOUSE_SEATS
                .map(|seat| self.setup().name(seat).to_owned())
                .to_vec(),
            result: TableResult {
                outcomes: outcomes::bughouse(self.result?.outcome),
                seat_points: None,
                record: bh_to_bpgn(self, info),
            },
        })
    }
}

impl Logged for BhGame {
    type LogSetup = BhSetup;
    type SetupError = BhError;

    fn log_setup(&self) -> BhSetup {
        self.setup.clone()
    }

    /// A save from before the one name rule keeps its names.
    fn restore(setup: BhSetup, _: Option<&log::DrawRecord>) -> Result<BhGame, BhLogError> {
        match BhGame::new(setup.clone()) {
            Err(BhError::BadName { .. }) if setup.names.iter().all(|n| kept_from_old_save(n)) => {
                BhGame::start(setup)
            }
            made => made,
        }
        .map_err(BhLogError::Setup)
    }
}

// ---- JSON ------------------------------------------------------------------
// Events are internally tagged: `{"type":"move","board":"a","mv":"e2e4"}`;
// a report carries its own tag inline: `{"type":"report","end":"checkmate","board":"b"}`.

json_names! {
    BoardId { A = "a", B = "b" }
    Team { One = "one", Two = "two" }
}

impl ToJson for BhOutcome {
    fn to_json(&self) -> Json {
        match self {
            BhOutcome::Win(t) => Json::Obj(vec![("win", t.to_json())]),
            BhOutcome::Draw => Json::Str("draw".into()),
        }
    }
}

impl FromJson for BhOutcome {
    fn from_json(v: &Value) -> JsonResult<BhOutcome> {
        match v {
            Value::String(s) if s == "draw" => Ok(BhOutcome::Draw),
            Value::Object(m) if m.len() == 1 && m.contains_key("win") => {
                Team::from_json(&m["win"]).map(BhOutcome::Win)
            }
            _ => Err(JsonError("expected \"draw\" or {\"win\": team}".into())),
        }
    }
}

impl ToJson for BhMove {
    fn to_json(&self) -> Json {
        obj([("board", f(&self.board)), ("mv", f(&self.uci))])
    }
}

impl FromJson for BhMove {
    fn from_json(v: &Value) -> JsonResult<BhMove> {
        let o = Obj::of(v)?;
        Ok(BhMove {
            board: o.req("board")?,
            uci: o.req("mv")?,
        })
    }
}

impl ToJson for BhSetup {
    fn to_json(&self) -> Json {
        obj([
            ("names", f(&self.names)),
            ("controls", f(&self.controls)),
            ("mode", f(&self.mode)),
            ("start_fens", self.start_fens.as_ref().map(|s| s.to_json())),
            (
                "opening",
                (!self.opening.is_empty()).then(|| self.opening.to_json()),
            ),
            ("recorded", self.recorded.as_ref().map(|r| r.to_json())),
        ])
    }
}

impl FromJson for BhSetup {
    fn from_json(v: &Value) -> JsonResult<BhSetup> {
        let o = Obj::of(v)?;
        Ok(BhSetup {
            names: o.req("names")?,
            controls: o.req("controls")?,
            mode: o.req("mode")?,
            start_fens: o.opt("start_fens")?,
            opening: o.or("opening", Vec::new())?,
            recorded: o.opt("recorded")?,
        })
    }
}

tagged_json! {
    BhReport by "end" { Checkmate { board } = "checkmate", NobodyCanMove = "nobody_can_move" }
    BhEvent by "type" {
        Start = "start", Press { board } = "press", Move { board, mv } = "move",
        Pause = "pause", Resume = "resume", Adjust { board, colour, remaining_ms } = "adjust",
        Undo { board } = "undo", Resign { board, colour } = "resign", AgreeDraw = "agree_draw",
        Report(end: flat) = "report", Flag { board } = "flag",
    }
}
