//! A reusable two-player chess clock: base times (handicaps allowed), stages
//! (e.g. 90 min for 40 moves, then 30 min added) and Fischer, Bronstein or
//! simple (US) delay increments.
//!
//! The clock is a pure function of its recorded, timestamped events (C-4):
//! time comes in as `u64` ms (the game time, which never runs backwards), nothing counts timer
//! ticks, and asking for the remaining time never changes anything. Every
//! refused operation returns a [`ClockError`] and leaves the clock untouched.
//!
//! **Interpretations** (written down as RULES.md asks):
//! - The first press is Black's and starts White's clock, as on a real clock;
//!   it is not a move. After that only the side whose clock runs may press.
//! - A stage with `moves: Some(n)` covers the next `n` moves of each side; its
//!   `add_ms` is credited on the press that completes the last move of the
//!   previous stage. If every stage is bounded, the last one repeats.
//! - Pausing keeps the unexpired simple delay of the current turn; resuming
//!   continues it (a pause never hands out a second delay).
//! - `undo_press` corrects the last press (C-4a): the state is folded again
//!   without it, so the tapper's clock ran all along and the opponent's shows
//!   what it showed at the tap. The tapper is charged exactly the time a clock
//!   ran since the tap (pauses are charged to nobody, an unexpired simple delay
//!   of the tapper's turn still absorbs its share), and loses the increment,
//!   stage bonus and move count of the undone press. An arbiter's adjustment
//!   made after the tap stands. Undoing the starting press stands the clock
//!   again and charges Black (who tapped) the time White's clock ran.
//! - Once a clock has fallen, presses, pauses, resumes and adjustments are
//!   refused; only `undo_press` is still accepted.

use crate::referee::common::Colour;
use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj, serde_via_json};
use crate::referee::tagged::tagged_json;
use serde_json::Value;
use std::fmt;

/// What a side gets for each completed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Increment {
    None,
    /// Added after each completed move.
    Fischer(u64),
    /// After a move, adds back the time used on it, but at most this much.
    Bronstein(u64),
    /// US delay: in each turn the clock only starts counting down after this much.
    SimpleDelay(u64),
}

/// One stage of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Moves of each side in this stage; `None` = the rest of the game.
    pub moves: Option<u32>,
    /// Time added when the stage starts (0 for the first: the base covers it).
    pub add_ms: u64,
    pub increment: Increment,
}

/// Base times and stages; the same stages apply to both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Base time of White and Black (`[white, black]`; they differ for a handicap).
    pub base_ms: [u64; 2],
    pub stages: Vec<Stage>,
}

impl TimeControl {
    fn single(base_ms: u64, increment: Increment) -> TimeControl {
        TimeControl {
            base_ms: [base_ms, base_ms],
            stages: vec![Stage {
                moves: None,
                add_ms: 0,
                increment,
            }],
        }
    }

    /// `ms` for the whole game, no increment.
    pub fn sudden_death(ms: u64) -> TimeControl {
        TimeControl::single(ms, Increment::None)
    }

    /// `base_ms` plus `inc_ms` after every move.
    pub fn fischer(base_ms: u64, inc_ms: u64) -> TimeControl {
        TimeControl::single(base_ms, Increment::Fischer(inc_ms))
    }

    /// `base_ms` with a Bronstein delay of `delay_ms`.
    pub fn bronstein(base_ms: u64, delay_ms: u64) -> TimeControl {
        TimeControl::single(base_ms, Increment::Bronstein(delay_ms))
    }

    /// `base_ms` with a simple (US) delay of `delay_ms` per turn.
    pub fn simple_delay(base_ms: u64, delay_ms: u64) -> TimeControl {
        TimeControl::single(base_ms, Increment::SimpleDelay(delay_ms))
    }

    /// FIDE classical: 90 min for 40 moves, then 30 min added for the rest of
    /// the game, with 30 s Fischer increment from move 1.
    pub fn classical_90_40_30_inc30() -> TimeControl {
        let inc = Increment::Fischer(30_000);
        TimeControl {
            base_ms: [90 * 60_000, 90 * 60_000],
            stages: vec![
                Stage {
                    moves: Some(40),
                    add_ms: 0,
                    increment: inc,
                },
                Stage {
                    moves: None,
                    add_ms: 30 * 60_000,
                    increment: inc,
                },
            ],
        }
    }

    /// The presets a setup screen offers, with their conventional names
    /// (minutes + seconds of increment).
    pub fn presets() -> Vec<(&'static str, TimeControl)> {
        vec![
            ("3 + 2", TimeControl::fischer(3 * 60_000, 2_000)),
            ("5 + 3", TimeControl::fischer(5 * 60_000, 3_000)),
            ("10 + 5", TimeControl::fischer(10 * 60_000, 5_000)),
            ("15 + 10", TimeControl::fischer(15 * 60_000, 10_000)),
            ("25 + 10", TimeControl::fischer(25 * 60_000, 10_000)),
            ("90/40 + 30, +30", TimeControl::classical_90_40_30_inc30()),
        ]
    }

    /// One stage for the whole game with per-side base times (a handicap when
    /// they differ).
    pub fn custom(white_ms: u64, black_ms: u64, increment: Increment) -> TimeControl {
        TimeControl::single(white_ms, increment).with_bases(white_ms, black_ms)
    }

    /// Whether every time is one a person could mean: bases from 1 s to 10 h,
    /// stage additions up to 10 h, increments and delays up to 10 min.
    pub fn within_limits(&self) -> bool {
        const HOURS_10: u64 = 10 * 3_600_000;
        let inc_ok = |i: Increment| match i {
            Increment::None => true,
            Increment::Fischer(ms) | Increment::Bronstein(ms) | Increment::SimpleDelay(ms) => {
                ms <= 600_000
            }
        };
        self.base_ms
            .iter()
            .all(|&b| (1_000..=HOURS_10).contains(&b))
            && self
                .stages
                .iter()
                .all(|s| s.add_ms <= HOURS_10 && inc_ok(s.increment))
    }

    /// The same control with handicap base times.
    pub fn with_bases(mut self, white_ms: u64, black_ms: u64) -> TimeControl {
        self.base_ms = [white_ms, black_ms];
        self
    }

    /// Checks the stages: at least one, no empty stage, only the last may be
    /// unbounded, and the first adds nothing (the base covers it).
    pub fn validate(&self) -> Result<(), ClockError> {
        let Some(first) = self.stages.first() else {
            return Err(ClockError::NoStages);
        };
        if first.add_ms != 0 {
            return Err(ClockError::FirstStageAddsTime);
        }
        let last = self.stages.len() - 1;
        for (i, s) in self.stages.iter().enumerate() {
            match s.moves {
                Some(0) => return Err(ClockError::EmptyStage),
                None if i != last => return Err(ClockError::UnboundedStageNotLast),
                _ => {}
            }
        }
        Ok(())
    }

    /// The stage of a side's `n`-th move (1-based) and which repetition of it.
    fn stage_of(&self, n: u32) -> (usize, u32) {
        let mut start: u32 = 0;
        for (i, s) in self.stages.iter().enumerate() {
            match s.moves {
                None => return (i, 0),
                Some(m) if n <= start.saturating_add(m) => return (i, 0),
                Some(m) => start = start.saturating_add(m),
            }
        }
        // Every stage is bounded: the last one repeats.
        let last = self.stages.len().saturating_sub(1);
        let m = self
            .stages
            .get(last)
            .and_then(|s| s.moves)
            .unwrap_or(1)
            .max(1);
        let over = n.saturating_sub(start).saturating_sub(1);
        (last, 1 + over / m)
    }

    fn increment_of(&self, n: u32) -> Increment {
        self.stages
            .get(self.stage_of(n).0)
            .map_or(Increment::None, |s| s.increment)
    }

    /// Time credited when a side has completed its `n`-th move and its next
    /// move falls in a new stage.
    fn bonus_after(&self, n: u32) -> u64 {
        let (now, next) = (self.stage_of(n), self.stage_of(n.saturating_add(1)));
        if now == next {
            0
        } else {
            self.stages.get(next.0).map_or(0, |s| s.add_ms)
        }
    }

    fn delay_of(&self, n: u32) -> u64 {
        match self.increment_of(n) {
            Increment::SimpleDelay(ms) => ms,
            _ => 0,
        }
    }
}

/// A recorded operation (the input of [`ChessClock::replay`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    Press { colour: Colour, at_ms: u64 },
    Pause { at_ms: u64 },
    Resume { at_ms: u64 },
    Adjust { colour: Colour, remaining_ms: u64 },
    UndoPress { at_ms: u64 },
}

/// Why an operation was refused (nothing changed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockError {
    NoStages,
    EmptyStage,
    UnboundedStageNotLast,
    FirstStageAddsTime,
    /// A timestamp earlier than the last accepted one (C-4).
    TimeWentBackwards {
        last_ms: u64,
        at_ms: u64,
    },
    /// Only this side may press now (Black before the start).
    WrongSide {
        expected: Colour,
    },
    NotStarted,
    Paused,
    NotPaused,
    /// Adjusting needs the clock standing (paused or not started).
    Running,
    /// A clock has fallen; only `undo_press` is accepted.
    Flagged {
        colour: Colour,
        at_ms: u64,
    },
    NothingToUndo,
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::NoStages => write!(f, "a time control needs at least one stage"),
            ClockError::EmptyStage => write!(f, "a stage must cover at least one move"),
            ClockError::UnboundedStageNotLast => {
                write!(f, "only the last stage may last for the rest of the game")
            }
            ClockError::FirstStageAddsTime => {
                write!(f, "the first stage adds no time (the base covers it)")
            }
            ClockError::TimeWentBackwards { last_ms, at_ms } => {
                write!(f, "time went backwards: {at_ms} ms after {last_ms} ms")
            }
            ClockError::WrongSide { expected } => {
                write!(f, "only {} may press now", expected.name())
            }
            ClockError::NotStarted => write!(f, "the clock has not been started"),
            ClockError::Paused => write!(f, "the clock is paused"),
            ClockError::NotPaused => write!(f, "the clock is not paused"),
            ClockError::Running => write!(f, "stop the clock first"),
            ClockError::Flagged { colour, at_ms } => {
                write!(f, "{}'s flag fell at {at_ms} ms", colour.name())
            }
            ClockError::NothingToUndo => write!(f, "there is no press to undo"),
        }
    }
}

impl std::error::Error for ClockError {}

/// What the state is folded from: the accepted operations minus undone
/// presses, plus what an undone starting press charges its tapper (C-4a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Press(Colour, u64),
    Pause(u64),
    Resume(u64),
    Adjust(Colour, u64),
    Debit(Colour, u64, u64),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    /// Remaining ms; for the running side, at `since`.
    balance: [u64; 2],
    /// Unexpired simple delay of the side to move (at `since` when running).
    delay_left: u64,
    /// Time the side to move has used in this turn before `since`.
    turn_used: u64,
    moves: [u32; 2],
    started: bool,
    paused: bool,
    to_move: Colour,
    since: u64,
    /// A clock that fell and was stopped afterwards (only after an undo).
    fell: Option<(Colour, u64)>,
}

impl State {
    fn new(tc: &TimeControl, first: Colour) -> State {
        State {
            balance: tc.base_ms,
            delay_left: 0,
            turn_used: 0,
            moves: [0, 0],
            started: false,
            paused: false,
            to_move: first,
            since: 0,
            fell: None,
        }
    }

    fn running(&self) -> Option<Colour> {
        (self.started && !self.paused).then_some(self.to_move)
    }

    fn elapsed(&self, now: u64) -> u64 {
        now.saturating_sub(self.since)
    }

    fn remaining(&self, c: Colour, now: u64) -> u64 {
        let balance = self.balance[c.index()];
        if self.running() == Some(c) {
            let used = self.elapsed(now).saturating_sub(self.delay_left);
            balance.saturating_sub(used)
        } else {
            balance
        }
    }

    fn delay_left(&self, c: Colour, now: u64) -> u64 {
        if !self.started || self.to_move != c {
            0
        } else if self.running() == Some(c) {
            self.delay_left.saturating_sub(self.elapsed(now))
        } else {
            self.delay_left
        }
    }

    fn flag_time(&self) -> Option<(Colour, u64)> {
        self.fell.or_else(|| {
            self.running().map(|c| {
                let at = self
                    .since
                    .saturating_add(self.delay_left)
                    .saturating_add(self.balance[c.index()]);
                (c, at)
            })
        })
    }

    /// Folds the running segment into the balance at `now`.
    fn settle(&mut self, now: u64) {
        if let Some(c) = self.running() {
            if self.fell.is_none()
                && let Some((_, at)) = self.flag_time()
                && at <= now
            {
                self.fell = Some((c, at));
            }
            let e = self.elapsed(now);
            let d = e.min(self.delay_left);
            let used = e - d;
            let i = c.index();
            self.balance[i] = self.balance[i].saturating_sub(used);
            self.delay_left -= d;
            self.turn_used = self.turn_used.saturating_add(used);
        }
        self.since = self.since.max(now);
    }

    fn apply(&mut self, tc: &TimeControl, step: Step) {
        match step {
            Step::Press(_, t) => {
                self.settle(t);
                if !self.started {
                    // The starting press leaves `to_move` (the first mover) as it is.
                    self.started = true;
                } else {
                    let c = self.to_move;
                    let i = c.index();
                    self.moves[i] = self.moves[i].saturating_add(1);
                    let n = self.moves[i];
                    let credit = match tc.increment_of(n) {
                        Increment::Fischer(ms) => ms,
                        Increment::Bronstein(ms) => self.turn_used.min(ms),
                        Increment::None | Increment::SimpleDelay(_) => 0,
                    };
                    let credit = credit.saturating_add(tc.bonus_after(n));
                    self.balance[i] = self.balance[i].saturating_add(credit);
                    self.to_move = c.other();
                }
                let next = self.moves[self.to_move.index()].saturating_add(1);
                self.delay_left = tc.delay_of(next);
                self.turn_used = 0;
            }
            Step::Pause(t) => {
                self.settle(t);
                if self.started {
                    self.paused = true;
                }
            }
            Step::Resume(t) => {
                self.settle(t);
                self.paused = false;
            }
            Step::Adjust(c, ms) => self.balance[c.index()] = ms,
            Step::Debit(c, ms, t) => {
                self.settle(t);
                let i = c.index();
                self.balance[i] = self.balance[i].saturating_sub(ms);
            }
        }
    }
}

/// The state `steps` lead to from a standing clock.
fn fold(tc: &TimeControl, first: Colour, steps: &[Step]) -> State {
    let mut state = State::new(tc, first);
    for &s in steps {
        state.apply(tc, s);
    }
    state
}

/// C-4a: how long a clock ran from a press at `tap` until `now`, pauses left
/// out; `after` are the steps since that press (it was the last, so no press
/// is among them).
fn ran_since(tap: u64, after: &[Step], now: u64) -> u64 {
    let mut ran = 0u64;
    let mut since = Some(tap);
    for s in after {
        match *s {
            Step::Pause(t) => {
                if let Some(from) = since.take() {
                    ran = ran.saturating_add(t.saturating_sub(from));
                }
            }
            Step::Resume(t) => {
                since.get_or_insert(t);
            }
            _ => {}
        }
    }
    ran.saturating_add(since.map_or(0, |from| now.saturating_sub(from)))
}

/// A two-player clock, at most one side running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessClock {
    control: TimeControl,
    /// Whose clock the starting press starts (White, unless a game continues
    /// from a position with Black to move).
    first: Colour,
    events: Vec<ClockEvent>,
    steps: Vec<Step>,
    state: State,
    last_ms: u64,
}

impl ChessClock {
    /// A standing clock; the first press (Black's) starts White's clock.
    pub fn new(control: TimeControl) -> Result<ChessClock, ClockError> {
        ChessClock::with_first_mover(control, Colour::White)
    }

    /// A standing clock whose starting press (by `first`'s opponent) starts
    /// `first`'s clock: for games continued from a position with Black to move.
    pub fn with_first_mover(control: TimeControl, first: Colour) -> Result<ChessClock, ClockError> {
        control.validate()?;
        let state = State::new(&control, first);
        Ok(ChessClock {
            control,
            first,
            events: Vec::new(),
            steps: Vec::new(),
            state,
            last_ms: 0,
        })
    }

    /// A clock rebuilt from recorded events; the same as the live clock that
    /// recorded them.
    pub fn replay(control: TimeControl, events: &[ClockEvent]) -> Result<ChessClock, ClockError> {
        let mut clock = ChessClock::new(control)?;
        for ev in events {
            match *ev {
                ClockEvent::Press { colour, at_ms } => clock.press(colour, at_ms)?,
                ClockEvent::Pause { at_ms } => clock.pause(at_ms)?,
                ClockEvent::Resume { at_ms } => clock.resume(at_ms)?,
                ClockEvent::Adjust {
                    colour,
                    remaining_ms,
                } => clock.adjust(colour, remaining_ms)?,
                ClockEvent::UndoPress { at_ms } => clock.undo_press(at_ms)?,
            }
        }
        Ok(clock)
    }

    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Every accepted operation, in order.
    pub fn events(&self) -> &[ClockEvent] {
        &self.events
    }

    fn check_time(&self, at_ms: u64) -> Result<(), ClockError> {
        if at_ms < self.last_ms {
            Err(ClockError::TimeWentBackwards {
                last_ms: self.last_ms,
                at_ms,
            })
        } else {
            Ok(())
        }
    }

    fn check_flag(&self, at_ms: u64) -> Result<(), ClockError> {
        match self.flagged(at_ms) {
            Some((colour, at_ms)) => Err(ClockError::Flagged { colour, at_ms }),
            None => Ok(()),
        }
    }

    fn commit(&mut self, event: ClockEvent, step: Step, at_ms: u64) {
        self.state.apply(&self.control, step);
        self.steps.push(step);
        self.events.push(event);
        self.last_ms = self.last_ms.max(at_ms);
    }

    /// `colour` presses its button at `at_ms`: before the start only Black may
    /// press (starting White's clock); afterwards only the side whose clock
    /// runs, which completes its move and starts the other side's clock.
    pub fn press(&mut self, colour: Colour, at_ms: u64) -> Result<(), ClockError> {
        self.check_time(at_ms)?;
        if !self.state.started {
            if colour != self.first.other() {
                return Err(ClockError::WrongSide {
                    expected: self.first.other(),
                });
            }
        } else {
            self.check_flag(at_ms)?;
            if self.state.paused {
                return Err(ClockError::Paused);
            }
            if colour != self.state.to_move {
                return Err(ClockError::WrongSide {
                    expected: self.state.to_move,
                });
            }
        }
        let event = ClockEvent::Press { colour, at_ms };
        self.commit(event, Step::Press(colour, at_ms), at_ms);
        Ok(())
    }

    /// Stops the running clock.
    pub fn pause(&mut self, at_ms: u64) -> Result<(), ClockError> {
        self.check_time(at_ms)?;
        if !self.state.started {
            return Err(ClockError::NotStarted);
        }
        self.check_flag(at_ms)?;
        if self.state.paused {
            return Err(ClockError::Paused);
        }
        self.commit(ClockEvent::Pause { at_ms }, Step::Pause(at_ms), at_ms);
        Ok(())
    }

    /// Restarts the clock of the side to move.
    pub fn resume(&mut self, at_ms: u64) -> Result<(), ClockError> {
        self.check_time(at_ms)?;
        if !self.state.paused {
            return Err(ClockError::NotPaused);
        }
        self.check_flag(at_ms)?;
        self.commit(ClockEvent::Resume { at_ms }, Step::Resume(at_ms), at_ms);
        Ok(())
    }

    /// An arbiter sets `colour`'s remaining time; only while no clock runs.
    pub fn adjust(&mut self, colour: Colour, remaining_ms: u64) -> Result<(), ClockError> {
        if self.state.running().is_some() {
            return Err(ClockError::Running);
        }
        if let Some((colour, at_ms)) = self.state.fell {
            return Err(ClockError::Flagged { colour, at_ms });
        }
        let event = ClockEvent::Adjust {
            colour,
            remaining_ms,
        };
        let at = self.last_ms;
        self.commit(event, Step::Adjust(colour, remaining_ms), at);
        Ok(())
    }

    /// Undoes the last press at `at_ms` as a correction (C-4a, module docs):
    /// the tapper is charged the time a clock ran since the tap, the opponent
    /// shows again what it showed at the tap.
    pub fn undo_press(&mut self, at_ms: u64) -> Result<(), ClockError> {
        self.check_time(at_ms)?;
        let Some(idx) = self
            .steps
            .iter()
            .rposition(|s| matches!(s, Step::Press(..)))
        else {
            return Err(ClockError::NothingToUndo);
        };
        let mut steps = self.steps.clone();
        if let Step::Press(tapper, tap_ms) = steps.remove(idx)
            && !steps[..idx].iter().any(|s| matches!(s, Step::Press(..)))
        {
            // Without the starting press no clock runs in the fold, so the
            // time White's clock ran is charged to Black explicitly.
            let ran = ran_since(tap_ms, &steps[idx..], at_ms);
            steps.push(Step::Debit(tapper, ran, at_ms));
        }
        self.state = fold(&self.control, self.first, &steps);
        self.steps = steps;
        self.events.push(ClockEvent::UndoPress { at_ms });
        self.last_ms = self.last_ms.max(at_ms);
        Ok(())
    }

    /// Remaining ms of `colour` at `now_ms`, never below zero. With a simple
    /// delay this excludes the unexpired delay (see [`Self::delay_left_ms`]).
    pub fn remaining_ms(&self, colour: Colour, now_ms: u64) -> u64 {
        self.state.remaining(colour, now_ms)
    }

    /// Whether the running clock is in its simple delay at `now_ms`.
    pub fn delay_running(&self, now_ms: u64) -> bool {
        self.running()
            .is_some_and(|colour| self.delay_left_ms(colour, now_ms) > 0)
    }

    /// Unexpired simple delay of `colour`'s current turn (0 when not its turn).
    pub fn delay_left_ms(&self, colour: Colour, now_ms: u64) -> u64 {
        self.state.delay_left(colour, now_ms)
    }

    /// What the running clock's face shows at `now_ms`: its unexpired delay
    /// while one runs, else its time; `None` when no clock runs.
    pub fn shown_ms(&self, now_ms: u64) -> Option<u64> {
        let colour = self.running()?;
        match self.delay_left_ms(colour, now_ms) {
            0 => Some(self.remaining_ms(colour, now_ms)),
            delay => Some(delay),
        }
    }

    /// Moves `colour` has completed (the starting press is not a move).
    pub fn moves_made(&self, colour: Colour) -> u32 {
        self.state.moves[colour.index()]
    }

    /// The side whose turn it is (whose clock runs, or will run on resume or start).
    pub fn to_move(&self) -> Colour {
        self.state.to_move
    }

    /// Whether the starting press has happened.
    pub fn started(&self) -> bool {
        self.state.started
    }

    /// The side whose clock runs, if any.
    pub fn running(&self) -> Option<Colour> {
        self.state.running()
    }

    pub fn paused(&self) -> bool {
        self.state.paused
    }

    /// The side whose clock has reached zero by `now_ms`, with the exact instant.
    pub fn flagged(&self, now_ms: u64) -> Option<(Colour, u64)> {
        self.state.flag_time().filter(|&(_, at)| at <= now_ms)
    }

    /// Whether `colour` has at most `threshold_ms` left at `now_ms`.
    pub fn low_time(&self, colour: Colour, now_ms: u64, threshold_ms: u64) -> bool {
        self.remaining_ms(colour, now_ms) <= threshold_ms
    }
}

// ---- JSON ------------------------------------------------------------------
// `Increment` is adjacently tagged (`{"type":"fischer","ms":3000}`), `ClockEvent`
// internally tagged (`{"type":"press","colour":"white","at_ms":5}`).

tagged_json! {
    Increment by "type" {
        None = "none", Fischer(ms) = "fischer", Bronstein(ms) = "bronstein",
        SimpleDelay(ms) = "simple_delay",
    }
    ClockEvent by "type" {
        Press { colour, at_ms } = "press", Pause { at_ms } = "pause",
        Resume { at_ms } = "resume", Adjust { colour, remaining_ms } = "adjust",
        UndoPress { at_ms } = "undo_press",
    }
}

impl ToJson for Stage {
    fn to_json(&self) -> Json {
        obj([
            ("moves", f(&self.moves)),
            ("add_ms", f(&self.add_ms)),
            ("increment", f(&self.increment)),
        ])
    }
}

impl FromJson for Stage {
    fn from_json(v: &Value) -> JsonResult<Stage> {
        let o = Obj::of(v)?;
        Ok(Stage {
            moves: o.opt("moves")?,
            add_ms: o.req("add_ms")?,
            increment: o.req("increment")?,
        })
    }
}

impl ToJson for TimeControl {
    fn to_json(&self) -> Json {
        obj([("base_ms", f(&self.base_ms)), ("stages", f(&self.stages))])
    }
}

impl FromJson for TimeControl {
    fn from_json(v: &Value) -> JsonResult<TimeControl> {
        let o = Obj::of(v)?;
        Ok(TimeControl {
            base_ms: o.req("base_ms")?,
            stages: o.req("stages")?,
        })
    }
}

serde_via_json!(TimeControl, ClockEvent);
