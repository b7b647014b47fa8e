//! A Crazyhouse game at the table: the setup, the timestamped events, the
//! two-player clock and, in board mode, the board (C-1, C-4, ZH-1…ZH-6).
//!
//! Every state is the replay of (setup, events): [`ZhGame::apply`] checks an
//! event completely on a copy and only then keeps the copy, so a refused event
//! changes nothing.
//!
//! **Interpretations** (RULES.md leaves these to the app):
//! - A flag always loses: in Crazyhouse no material is ever insufficient
//!   (ZH-6), since captured pieces come back as drops.
//! - Clock mode knows no position, so the players report mate or stalemate
//!   with a button (C-1); board mode finds them by itself.
//! - "Undo" takes back the last press (board mode: the last move with it) as a
//!   correction (C-4a): the time a clock ran since that tap is charged to the
//!   player who tapped, the opponent's clock shows what it showed at the tap.
//!   It is refused once the game has been ended on purpose (resignation,
//!   agreement, a report, a claim) or by a flag, and accepted after an end the
//!   app found by itself, so a mis-tapped mating move or 600th tap can be
//!   taken back. The clocks stop at the end of the game, so a game reopened by
//!   an undo stands paused until someone taps Resume.
//! - ZH-6's 600 half-moves count taps in clock mode (each press after the
//!   start is a half-move), so the limit ends clock-mode games too.

use crate::referee::PgnInfo;
use crate::referee::chess_clock::{ChessClock, ClockError, TimeControl};
use crate::referee::club::{ClubGame, GameEnd, outcomes};
use crate::referee::common::{Colour, InputMode, Outcome};
use crate::referee::crazyhouse::pgn::zh_to_pgn;
use crate::referee::crazyhouse::rules::{
    CrazyhouseBoard, Pocket, ZH_PLY_LIMIT, ZhClaim, ZhEnd, ZhMoveError,
};
use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::log::{self, Timed};
use crate::referee::module::{GameModule, Logged, module_plumbing};
use crate::referee::names::{NameProblem, check_names, kept_from_old_save};
use crate::referee::tagged::tagged_json;
use serde_json::Value;
use std::fmt;

/// Game module id of Crazyhouse logs and saves.
pub const GAME_CRAZYHOUSE: &str = "crazyhouse";

/// How a Crazyhouse game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZhSetup {
    pub white: String,
    pub black: String,
    pub control: TimeControl,
    pub mode: InputMode,
    /// The position the game starts from when it is not the usual one (a PGN
    /// with a `FEN` tag; pockets and `~` promoted marks included). Board mode only.
    pub start_fen: Option<String>,
    /// Moves (UCI, drops as `N@f3`) played before this game's clock started:
    /// a game continued from an imported PGN. Board mode only.
    pub opening: Vec<String>,
    /// The result an imported PGN recorded, if it had one: the game is then
    /// shown for review and takes no more events.
    pub recorded: Option<Outcome>,
}

/// What the players report in clock mode, where the app cannot see the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reported {
    Checkmate { winner: Colour },
    Stalemate,
}

/// Everything that can happen in a game; stored with its timestamp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZhEvent {
    /// The starting press: the side not to move presses, the other's clock runs.
    Start,
    /// Clock mode: the side to move made its move on the physical board.
    Press,
    /// Board mode: a move in UCI (`e2e4`, `e7e8q`, `N@f3`); it is the press.
    Move {
        mv: String,
    },
    Pause,
    Resume,
    /// While the clock stands: set a side's remaining time (an arbiter's fix).
    Adjust {
        colour: Colour,
        remaining_ms: u64,
    },
    /// Takes back the last press (board mode: and its move) as a correction:
    /// the tapper pays the time since the tap (C-4a).
    Undo,
    Resign {
        colour: Colour,
    },
    /// Both players agreed a draw.
    AgreeDraw,
    /// Board mode: the player to move claims threefold repetition (ZH-6).
    ClaimThreefold,
    /// Clock mode: the players report mate or stalemate on the physical board.
    Report(Reported),
    /// The clock of the side to move reached zero (recorded at that instant).
    Flag,
}

/// An event and the time (ms) it happened at.
pub type ZhTimed = Timed<ZhEvent>;

/// Why a Crazyhouse game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZhReason {
    Checkmate,
    Stalemate,
    Resignation,
    Agreement,
    ThreefoldClaim,
    FivefoldRepetition,
    /// ZH-6: 600 half-moves.
    PlyLimit,
    Flag,
    /// The result written in an imported PGN.
    Recorded,
}

impl ZhReason {
    /// English wording for records (PGN comments); the UI has its own texts.
    pub fn describe(self) -> &'static str {
        match self {
            ZhReason::Checkmate => "checkmate",
            ZhReason::Stalemate => "stalemate",
            ZhReason::Resignation => "resignation",
            ZhReason::Agreement => "draw by agreement",
            ZhReason::ThreefoldClaim => "threefold repetition with equal pockets (claimed)",
            ZhReason::FivefoldRepetition => "fivefold repetition",
            ZhReason::PlyLimit => "600 half-moves",
            ZhReason::Flag => "loss on time",
            ZhReason::Recorded => "result as recorded",
        }
    }
}

/// How and when the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZhResult {
    pub outcome: Outcome,
    pub reason: ZhReason,
    pub at_ms: u64,
}

impl ZhResult {
    /// The game ended at the table, with clocks; not a result read from an
    /// imported PGN.
    pub fn played_here(&self) -> bool {
        self.reason != ZhReason::Recorded
    }
}

/// Why an event or a setup was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZhError {
    /// Name `index` (0-based) breaks the one name rule (`referee::names`).
    BadName {
        index: usize,
        problem: NameProblem,
    },
    /// A time outside [`TimeControl::within_limits`].
    BadTime,
    /// An opening move of the setup is not legal.
    BadOpening(ZhMoveError),
    /// The start FEN is unreadable or not a legal Crazyhouse position.
    BadStartPosition(String),
    /// Opening moves or a recorded result belong to board mode.
    OpeningNeedsBoardMode,
    Clock(ClockError),
    Move(ZhMoveError),
    GameOver,
    NotStarted,
    AlreadyStarted,
    /// The event belongs to the other input mode.
    WrongMode,
    /// Only while a clock runs.
    NotRunning,
    /// No threefold repetition to claim.
    NoClaim,
    /// The flag has not fallen.
    NoFlag,
    /// An earlier timestamp than the last event's (C-4).
    TimeWentBackwards,
    NothingToUndo,
}

impl fmt::Display for ZhError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZhError::BadName { index, problem } => write!(f, "name {} {problem}", index + 1),
            ZhError::BadTime => write!(
                f,
                "times must be 1 s to 10 h, increments and delays at most 10 min"
            ),
            ZhError::BadOpening(e) => write!(f, "opening: {e}"),
            ZhError::BadStartPosition(fen) => {
                write!(f, "{fen:?} is not a legal Crazyhouse position")
            }
            ZhError::OpeningNeedsBoardMode => {
                write!(f, "a continued or recorded game needs board mode")
            }
            ZhError::Clock(e) => write!(f, "{e}"),
            ZhError::Move(e) => write!(f, "{e}"),
            ZhError::GameOver => write!(f, "the game is over"),
            ZhError::NotStarted => write!(f, "the clock has not been started"),
            ZhError::AlreadyStarted => write!(f, "the clock was started already"),
            ZhError::WrongMode => write!(f, "not possible in this input mode"),
            ZhError::NotRunning => write!(f, "no clock is running"),
            ZhError::NoClaim => write!(f, "there is no threefold repetition to claim"),
            ZhError::NoFlag => write!(f, "no flag has fallen"),
            ZhError::TimeWentBackwards => write!(f, "time went backwards"),
            ZhError::NothingToUndo => write!(f, "there is nothing to undo"),
        }
    }
}

impl std::error::Error for ZhError {}

impl From<ClockError> for ZhError {
    fn from(e: ClockError) -> Self {
        ZhError::Clock(e)
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZhPhase {
    /// Waiting for the starting press.
    AwaitingStart,
    Running,
    Paused,
    Over,
}

/// Everything a screen shows at one instant.
#[derive(Clone, Debug, PartialEq)]
pub struct ZhView {
    pub mode: InputMode,
    pub white: String,
    pub black: String,
    pub phase: ZhPhase,
    pub side_to_move: Colour,
    /// Remaining time `[white, black]` (ms), without an unexpired simple delay.
    pub remaining_ms: [u64; 2],
    /// Unexpired simple delay `[white, black]` of the current turn (ms).
    pub delay_ms: [u64; 2],
    /// Moves completed `[white, black]`.
    pub moves_made: [u32; 2],
    /// The number of the move being played (1 for the first).
    pub move_number: u32,
    pub fen: Option<String>,
    pub in_check: bool,
    pub last_move_uci: Option<String>,
    pub last_move_san: Option<String>,
    pub legal_moves_uci: Vec<String>,
    /// `[white, black]` pockets (board mode).
    pub pockets: Option<[Pocket; 2]>,
    pub can_claim_threefold: bool,
    pub undo_available: bool,
    pub result: Option<ZhResult>,
}

/// A Crazyhouse game: setup, events, and the state they replay to.
#[derive(Clone, Debug, PartialEq)]
pub struct ZhGame {
    setup: ZhSetup,
    events: Vec<ZhTimed>,
    clock: ChessClock,
    board: Option<CrazyhouseBoard>,
    /// For each move entered in this game (board mode): the mover's time left
    /// right after it, for `[%clk]` comments.
    clk_after: Vec<u64>,
    result: Option<ZhResult>,
}

/// The board a setup starts from: its FEN, or the usual start.
fn start_board(setup: &ZhSetup) -> Result<CrazyhouseBoard, ZhError> {
    match &setup.start_fen {
        Some(fen) => {
            CrazyhouseBoard::from_fen(fen).ok_or_else(|| ZhError::BadStartPosition(fen.clone()))
        }
        None => Ok(CrazyhouseBoard::default()),
    }
}

/// `start` after `moves`.
fn board_after(
    mut board: CrazyhouseBoard,
    moves: &[String],
) -> Result<CrazyhouseBoard, ZhMoveError> {
    for mv in moves {
        board.play_text(mv)?;
    }
    Ok(board)
}

impl ZhGame {
    /// A new game, waiting for the starting press.
    pub fn new(setup: ZhSetup) -> Result<ZhGame, ZhError> {
        check_names([setup.white.as_str(), setup.black.as_str()])
            .map_err(|(index, problem)| ZhError::BadName { index, problem })?;
        ZhGame::start(setup)
    }

    /// A new game whose names were checked already.
    fn start(setup: ZhSetup) -> Result<ZhGame, ZhError> {
        if !setup.control.within_limits() {
            return Err(ZhError::BadTime);
        }
        let continued =
            !setup.opening.is_empty() || setup.recorded.is_some() || setup.start_fen.is_some();
        if setup.mode == InputMode::Clock && continued {
            return Err(ZhError::OpeningNeedsBoardMode);
        }
        let board = match setup.mode {
            InputMode::Board => Some(
                board_after(start_board(&setup)?, &setup.opening).map_err(ZhError::BadOpening)?,
            ),
            InputMode::Clock => None,
        };
        let first = board.as_ref().map_or(Colour::White, CrazyhouseBoard::turn);
        let clock = ChessClock::with_first_mover(setup.control.clone(), first)?;
        let mut game = ZhGame {
            setup,
            events: Vec::new(),
            clock,
            board,
            clk_after: Vec::new(),
            result: None,
        };
        if let Some(outcome) = game.setup.recorded {
            game.result = Some(ZhResult {
                outcome,
                reason: ZhReason::Recorded,
                at_ms: 0,
            });
        } else {
            game.result = game.board_end(0);
        }
        Ok(game)
    }

    /// Replays recorded events; the same as the live game that recorded them.
    pub fn replay(setup: ZhSetup, events: &[ZhTimed]) -> Result<ZhGame, ZhLogError> {
        ZhGame::new(setup)
            .map_err(ZhLogError::Setup)?
            .replay(events)
    }

    pub fn setup(&self) -> &ZhSetup {
        &self.setup
    }

    pub fn board(&self) -> Option<&CrazyhouseBoard> {
        self.board.as_ref()
    }

    pub fn clock(&self) -> &ChessClock {
        &self.clock
    }

    pub fn result(&self) -> Option<ZhResult> {
        self.result
    }

    /// Time left after each move entered in this game, in order (board mode).
    pub fn clk_after(&self) -> &[u64] {
        &self.clk_after
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Colour {
        match &self.board {
            Some(board) => board.turn(),
            None => self.clock.to_move(),
        }
    }

    /// The time the screen should show: the end of the game once it is over.
    fn shown_at(&self, now_ms: u64) -> u64 {
        match self.result {
            Some(r) if r.played_here() => r.at_ms,
            _ => now_ms.max(self.last_event_ms()),
        }
    }

    fn require_running(&self) -> Result<(), ZhError> {
        if !self.clock.started() {
            return Err(ZhError::NotStarted);
        }
        if self.clock.running().is_none() {
            return Err(ZhError::NotRunning);
        }
        Ok(())
    }

    fn end(&mut self, outcome: Outcome, reason: ZhReason, at_ms: u64) {
        self.result = Some(ZhResult {
            outcome,
            reason,
            at_ms,
        });
    }

    fn board_end(&self, at_ms: u64) -> Option<ZhResult> {
        let (outcome, reason) = match self.board.as_ref()?.automatic_end()? {
            ZhEnd::Checkmate { winner } => (Outcome::Win(winner), ZhReason::Checkmate),
            ZhEnd::Stalemate => (Outcome::Draw, ZhReason::Stalemate),
            ZhEnd::FivefoldRepetition => (Outcome::Draw, ZhReason::FivefoldRepetition),
            ZhEnd::PlyLimit => (Outcome::Draw, ZhReason::PlyLimit),
        };
        Some(ZhResult {
            outcome,
            reason,
            at_ms,
        })
    }

    /// ZH-6 in clock mode: the press that completes the 600th half-move
    /// (taps after the start) ends the game as a draw.
    fn tap_limit(&self, at_ms: u64) -> Option<ZhResult> {
        let taps = self
            .clock
            .moves_made(Colour::White)
            .saturating_add(self.clock.moves_made(Colour::Black));
        (taps >= ZH_PLY_LIMIT).then_some(ZhResult {
            outcome: Outcome::Draw,
            reason: ZhReason::PlyLimit,
            at_ms,
        })
    }

    /// The game was ended by the clock-mode tap limit (ZH-6), so the players
    /// may still report what the last move did on the board.
    fn ended_by_tap_limit(&self) -> bool {
        self.board.is_none() && self.result.is_some_and(|r| r.reason == ZhReason::PlyLimit)
    }

    /// Undo is open while the game runs, and after an end the app found by
    /// itself (the board's ends, the clock-mode tap limit); ends the players
    /// chose or reported, and flags, are final.
    fn undo_allowed(&self) -> bool {
        match self.result {
            None => true,
            Some(r) => match r.reason {
                ZhReason::PlyLimit => true,
                ZhReason::Checkmate | ZhReason::Stalemate | ZhReason::FivefoldRepetition => {
                    self.board.is_some()
                }
                _ => false,
            },
        }
    }

    fn step_event(&mut self, t: u64, event: &ZhEvent) -> Result<(), ZhError> {
        let board_mode = self.setup.mode == InputMode::Board;
        let report_after_limit = matches!(event, ZhEvent::Report(_)) && self.ended_by_tap_limit();
        if !matches!(event, ZhEvent::Undo) && self.is_over() && !report_after_limit {
            return Err(ZhError::GameOver);
        }
        // A flag that fell before this event must be recorded first.
        if !matches!(event, ZhEvent::Flag | ZhEvent::Undo)
            && let Some((colour, at)) = self.clock.flagged(t)
        {
            return Err(ZhError::Clock(ClockError::Flagged { colour, at_ms: at }));
        }
        match event {
            ZhEvent::Start => {
                if self.clock.started() {
                    return Err(ZhError::AlreadyStarted);
                }
                self.clock.press(self.clock.to_move().other(), t)?;
            }
            ZhEvent::Press => {
                if board_mode {
                    return Err(ZhError::WrongMode);
                }
                self.require_running()?;
                self.clock.press(self.clock.to_move(), t)?;
                self.result = self.tap_limit(t);
            }
            ZhEvent::Move { mv } => {
                if !board_mode {
                    return Err(ZhError::WrongMode);
                }
                self.require_running()?;
                let Some(board) = self.board.as_mut() else {
                    return Err(ZhError::WrongMode);
                };
                let mover = board.turn();
                board.play_text(mv).map_err(ZhError::Move)?;
                self.clock.press(mover, t)?;
                self.clk_after.push(self.clock.remaining_ms(mover, t));
                self.result = self.board_end(t);
            }
            ZhEvent::Pause => self.clock.pause(t)?,
            ZhEvent::Resume => self.clock.resume(t)?,
            ZhEvent::Adjust {
                colour,
                remaining_ms,
            } => self.clock.adjust(*colour, *remaining_ms)?,
            ZhEvent::Undo => self.undo(t)?,
            ZhEvent::Resign { colour } => {
                self.end(Outcome::Win(colour.other()), ZhReason::Resignation, t);
            }
            ZhEvent::AgreeDraw => self.end(Outcome::Draw, ZhReason::Agreement, t),
            ZhEvent::ClaimThreefold => {
                let board = self.board.as_ref().ok_or(ZhError::WrongMode)?;
                if !board.claimable().contains(&ZhClaim::Threefold) {
                    return Err(ZhError::NoClaim);
                }
                self.end(Outcome::Draw, ZhReason::ThreefoldClaim, t);
            }
            ZhEvent::Report(reported) => {
                if board_mode {
                    return Err(ZhError::WrongMode);
                }
                // A mate or stalemate on the 600th tap stands, as on the
                // board; it ended when the tap was made.
                let t = self.result.map_or(t, |r| r.at_ms);
                match reported {
                    Reported::Checkmate { winner } => {
                        self.end(Outcome::Win(*winner), ZhReason::Checkmate, t)
                    }
                    Reported::Stalemate => self.end(Outcome::Draw, ZhReason::Stalemate, t),
                }
            }
            ZhEvent::Flag => {
                let Some((colour, at)) = self.clock.flagged(t) else {
                    return Err(ZhError::NoFlag);
                };
                self.end(Outcome::Win(colour.other()), ZhReason::Flag, at);
            }
        }
        // The clocks stop when the game ends (a fallen clock has stopped by
        // itself). Should an undo reopen the game, it reopens paused, and the
        // minutes spent looking at the result are charged to nobody.
        if let Some(r) = self.result
            && r.reason != ZhReason::Flag
            && self.clock.running().is_some()
        {
            self.clock.pause(r.at_ms)?;
        }
        Ok(())
    }

    /// Why "undo" would be refused now, if it would (the screen offers it
    /// exactly when this is `None`).
    fn undo_refusal(&self) -> Option<ZhError> {
        if !self.undo_allowed() {
            return Some(ZhError::GameOver);
        }
        if !self.clock.started() {
            return Some(ZhError::NothingToUndo);
        }
        // Only moves of this game are taken back, never the opening, and
        // never the starting press in board mode (it is not a move).
        match &self.board {
            Some(board) if board.ucis().len() <= self.setup.opening.len() => {
                Some(ZhError::NothingToUndo)
            }
            _ => None,
        }
    }

    /// Takes back the last press, and in board mode the last move with it.
    fn undo(&mut self, t: u64) -> Result<(), ZhError> {
        if let Some(refusal) = self.undo_refusal() {
            return Err(refusal);
        }
        if let Some(board) = &self.board {
            let moves = &board.ucis()[..board.ucis().len().saturating_sub(1)];
            let start = start_board(&self.setup)?;
            self.board = Some(board_after(start, moves).map_err(ZhError::Move)?);
            self.clk_after.pop();
        }
        self.clock
            .undo_press(t)
            .map_err(|_| ZhError::NothingToUndo)?;
        self.result = None;
        Ok(())
    }

    /// What a screen shows at `now_ms` (the end instant once the game is over).
    pub fn view(&self, now_ms: u64) -> ZhView {
        let at = self.shown_at(now_ms);
        let phase = if self.is_over() {
            ZhPhase::Over
        } else if !self.clock.started() {
            ZhPhase::AwaitingStart
        } else if self.clock.paused() {
            ZhPhase::Paused
        } else {
            ZhPhase::Running
        };
        let colours = [Colour::White, Colour::Black];
        let board = self.board.as_ref();
        let moves_made = colours.map(|c| self.clock.moves_made(c));
        let move_number = match board {
            Some(b) => b.ply() / 2 + 1,
            // Move n lasts until Black's n-th move is made.
            None => moves_made[1] + 1,
        };
        let playing = phase == ZhPhase::Running;
        ZhView {
            mode: self.setup.mode,
            white: self.setup.white.clone(),
            black: self.setup.black.clone(),
            phase,
            side_to_move: self.side_to_move(),
            remaining_ms: colours.map(|c| self.clock.remaining_ms(c, at)),
            delay_ms: colours.map(|c| self.clock.delay_left_ms(c, at)),
            moves_made,
            move_number,
            fen: board.map(CrazyhouseBoard::fen),
            in_check: board.is_some_and(CrazyhouseBoard::is_check),
            last_move_uci: board.and_then(|b| b.last_move_uci()).map(str::to_owned),
            last_move_san: board.and_then(|b| b.last_move_san()).map(str::to_owned),
            legal_moves_uci: match board {
                Some(b) if playing => b.legal_moves_uci(),
                _ => Vec::new(),
            },
            pockets: board.map(|b| colours.map(|c| b.pocket(c))),
            can_claim_threefold: playing
                && board.is_some_and(|b| b.claimable().contains(&ZhClaim::Threefold)),
            undo_available: self.undo_refusal().is_none(),
            result: self.result,
        }
    }
}

/// A Crazyhouse log: the shared envelope with this game's setup and events
/// (no draw). Its JSON is the save and the exportable record.
pub type ZhLog = log::Log<ZhSetup, ZhEvent>;

/// Why a Crazyhouse log cannot be loaded.
pub type ZhLogError = log::LogError<ZhError, ZhError>;

impl GameModule for ZhGame {
    module_plumbing!(GAME_CRAZYHOUSE, ZhEvent, ZhError);

    fn fallen_flag(&self, now_ms: u64) -> Option<(u64, ZhEvent)> {
        self.clock
            .flagged(now_ms)
            .map(|(_, at)| (at, ZhEvent::Flag))
    }

    fn ended_here(&self) -> bool {
        self.result.is_some_and(|r| r.played_here())
    }

    /// The running delay counts as displayed time, so the face changes when
    /// the delay runs out.
    fn running_ms(&self, now_ms: u64) -> [Option<u64>; 2] {
        [self.clock.shown_ms(now_ms), None]
    }

    fn delay_running(&self, now_ms: u64) -> bool {
        self.clock.delay_running(now_ms)
    }

    fn club_end(&self, info: &PgnInfo) -> Option<GameEnd> {
        let s = self.setup();
        Some(outcomes::duel_end(
            ClubGame::Crazyhouse,
            [&s.white, &s.black],
            self.result?.outcome,
            zh_to_pgn(self, info),
            || self.to_json(),
        ))
    }
}

impl Logged for ZhGame {
    type LogSetup = ZhSetup;
    type SetupError = ZhError;

    fn log_setup(&self) -> ZhSetup {
        self.setup.clone()
    }

    /// A save from before the one name rule keeps its names.
    fn restore(setup: ZhSetup, _: Option<&log::DrawRecord>) -> Result<ZhGame, ZhLogError> {
        match ZhGame::new(setup.clone()) {
            Err(ZhError::BadName { .. })
                if [&setup.white, &setup.black]
                    .into_iter()
                    .all(|n| kept_from_old_save(n)) =>
            {
                ZhGame::start(setup)
            }
            made => made,
        }
        .map_err(ZhLogError::Setup)
    }
}

// ---- JSON ------------------------------------------------------------------
// Events are internally tagged (`{"type":"adjust","colour":"black",…}`); a
// report carries its own tag inline: `{"type":"report","end":"checkmate","winner":"white"}`.

/// The setup, with the imported-game fields written only when set.
impl ToJson for ZhSetup {
    fn to_json(&self) -> Json {
        obj([
            ("white", f(&self.white)),
            ("black", f(&self.black)),
            ("control", f(&self.control)),
            ("mode", f(&self.mode)),
            ("start_fen", self.start_fen.as_ref().map(|s| s.to_json())),
            (
                "opening",
                (!self.opening.is_empty()).then(|| self.opening.to_json()),
            ),
            ("recorded", self.recorded.as_ref().map(|r| r.to_json())),
        ])
    }
}

impl FromJson for ZhSetup {
    fn from_json(v: &Value) -> JsonResult<ZhSetup> {
        let o = Obj::of(v)?;
        Ok(ZhSetup {
            white: o.req("white")?,
            black: o.req("black")?,
            control: o.req("control")?,
            mode: o.req("mode")?,
            start_fen: o.opt("start_fen")?,
            opening: o.or("opening", Vec::new())?,
            recorded: o.opt("recorded")?,
        })
    }
}

tagged_json! {
    Reported by "end" { Checkmate { winner } = "checkmate", Stalemate = "stalemate" }
    ZhEvent by "type" {
        Start = "start", Press = "press", Move { mv } = "move", Pause = "pause",
        Resume = "resume", Adjust { colour, remaining_ms } = "adjust", Undo = "undo",
        Resign { colour } = "resign", AgreeDraw = "agree_draw",
        ClaimThreefold = "claim_threefold", Report(end: flat) = "report", Flag = "flag",
    }
}
