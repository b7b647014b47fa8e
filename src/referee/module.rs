//! The contract every game module implements (issue #20), so that each
//! promise about a game is written once and holds for all of them:
//!
//! - [`GameModule`]: the game's one transition ([`GameModule::step`]) and what
//!   its clocks show; provided once for all games: validate on a copy, then
//!   commit ([`GameModule::apply`]), time never going backwards (C-4), the
//!   flag recorded at the instant it fell ([`GameModule::tick`]).
//! - [`Logged`]: the game as a log (the save and the exportable record), in
//!   the one envelope of [`crate::referee::log`], with one replay.
//!
//! A new module implements these two for its game type; the UI's module
//! context, the save slot and the contract test (`tests/module_contract.rs`)
//! then work for it unchanged (docs/adding-a-game.md).

use crate::referee::PgnInfo;
use crate::referee::club::GameEnd;
use crate::referee::commitment::parse_hex32;
use crate::referee::committed::ShownCommitment;
use crate::referee::evening::DrawRecord as EveningDraw;
use crate::referee::json::{self, FromJson, ToJson};
use crate::referee::log::{DrawRecord, Log, LogError, Timed, check_header, check_read_header};
use std::fmt;

/// A game at the table: a deterministic function of its setup and its
/// timestamped events.
pub trait GameModule: Clone + Sized {
    /// The module id written in logs and saves. Never change a shipped one.
    const ID: &'static str;
    /// Everything that can happen in a game; stored with its timestamp.
    type Event: Clone + ToJson + FromJson;
    /// Why an event was refused (nothing changed).
    type Error: fmt::Display + fmt::Debug;

    /// The recorded events, in order.
    fn events(&self) -> &[Timed<Self::Event>];
    /// Appends an event that [`GameModule::step`] accepted.
    fn record(&mut self, timed: Timed<Self::Event>);

    /// The game's own transition: checks `event` at `t_ms` completely and
    /// changes the game. It runs on a copy, so whatever it changed before
    /// refusing is thrown away. Returns the event as it is to be recorded
    /// (a move may be normalised, e.g. SAN to UCI).
    fn step(&mut self, t_ms: u64, event: Self::Event) -> Result<Self::Event, Self::Error>;

    /// The refusal of an event timed before the last recorded one (C-4).
    fn time_went_backwards(last_ms: u64, got_ms: u64) -> Self::Error;

    /// The first flag that fell by `now_ms`, if the game runs and one did:
    /// the instant it fell and the event that records it.
    fn fallen_flag(&self, now_ms: u64) -> Option<(u64, Self::Event)>;

    fn is_over(&self) -> bool;
    /// Ended at this table (an imported record opened for review ends
    /// without an announcement).
    fn ended_here(&self) -> bool {
        self.is_over()
    }

    /// What the running clocks show at `now_ms`, delay included: none, one,
    /// or two at once (Swedish chess's boards, BH-2).
    fn running_ms(&self, now_ms: u64) -> [Option<u64>; 2];

    /// Whether a running clock shows a simple delay at `now_ms` (its bank
    /// standing beside it), not its bank: the redraw timer then never writes
    /// what `running_ms` shows into the bank's face.
    fn delay_running(&self, _now_ms: u64) -> bool {
        false
    }

    /// A committed draw, revealed with what became of it so far (played once
    /// over, else abandoned `n` half-moves in): what the evening's record
    /// keeps when the game leaves the table. `None` where nothing was
    /// committed. Only called once the game ends or is given up.
    fn revealed_draw(&self) -> Option<EveningDraw> {
        None
    }

    /// A drawn game's commitment while the play screen shows it: from the
    /// start until the first move stands (RULES.md "Commitment and draw"),
    /// so that a player who joins after the commitment screen still sees
    /// what the reveal must match. `None` where nothing was committed.
    fn commitment_before_move_one(&self) -> Option<ShownCommitment> {
        None
    }

    /// How the game ended, for tonight's table (CE-4): its players' names in
    /// seat order, their outcomes and its record (its PGN dated by `info`, or
    /// its log where it has no moves). `None` while it runs, and for a game
    /// that no evening holds.
    fn club_end(&self, _info: &PgnInfo) -> Option<GameEnd> {
        None
    }

    // ---- provided: the same for every game --------------------------------

    /// The time of the last recorded event (0 before the first): the floor
    /// of every new event's time.
    fn last_event_ms(&self) -> u64 {
        self.events().last().map_or(0, |e| e.t_ms)
    }

    /// Applies one event at `t_ms`, or refuses it and changes nothing: the
    /// event is checked on a copy, which replaces the game only once accepted.
    fn apply(&mut self, t_ms: u64, event: Self::Event) -> Result<(), Self::Error> {
        let last = self.last_event_ms();
        if t_ms < last {
            return Err(Self::time_went_backwards(last, t_ms));
        }
        let mut next = self.clone();
        let recorded = next.step(t_ms, event)?;
        next.record(Timed {
            t_ms,
            event: recorded,
        });
        *self = next;
        Ok(())
    }

    /// Records a fallen flag at its exact instant, if one fell by `now_ms`:
    /// a timer that woke late (a hidden tab, a frozen page) must not move
    /// the end of the game (C-4). Returns whether anything changed.
    fn tick(&mut self, now_ms: u64) -> bool {
        if self.is_over() {
            return false;
        }
        match self.fallen_flag(now_ms) {
            Some((at, flag)) => self.apply(at.max(self.last_event_ms()), flag).is_ok(),
            None => false,
        }
    }

    /// `self` (a new game) after `events`: the same as the live game that
    /// recorded them.
    fn replay<S>(
        mut self,
        events: &[Timed<Self::Event>],
    ) -> Result<Self, LogError<S, Self::Error>> {
        for (index, timed) in events.iter().enumerate() {
            self.apply(timed.t_ms, timed.event.clone())
                .map_err(|error| LogError::Event { index, error })?;
        }
        Ok(self)
    }
}

/// The plumbing of [`GameModule`] for a game with module id `$id` that keeps
/// its events in `self.events`, checks and applies one in
/// `self.step_event(t, &event)` (recording it as given), keeps its end in
/// `self.result` and refuses an earlier time with `$error::TimeWentBackwards`:
/// `ID`, `Event`, `Error`, `events`, `record`, `step`, `time_went_backwards`
/// and `is_over`.
macro_rules! module_plumbing {
    ($id:expr, $event:ty, $error:ident) => {
        const ID: &'static str = $id;
        type Event = $event;
        type Error = $error;

        fn events(&self) -> &[$crate::referee::log::Timed<$event>] {
            &self.events
        }

        fn record(&mut self, timed: $crate::referee::log::Timed<$event>) {
            self.events.push(timed);
        }

        fn step(&mut self, t_ms: u64, event: $event) -> Result<$event, $error> {
            self.step_event(t_ms, &event)?;
            Ok(event)
        }

        fn time_went_backwards(_: u64, _: u64) -> $error {
            $error::TimeWentBackwards
        }

        fn is_over(&self) -> bool {
            self.result.is_some()
        }
    };
}
pub(crate) use module_plumbing;

/// A game stored and exchanged as a log in the shared envelope.
pub trait Logged: GameModule {
    /// The setup as the log holds it.
    type LogSetup: Clone + ToJson + FromJson;
    /// Why a logged setup is refused.
    type SetupError: fmt::Display + fmt::Debug;

    fn log_setup(&self) -> Self::LogSetup;
    /// The seed and words, for a module with a draw (`None`: the module
    /// draws nothing and the log has no such fields).
    fn log_draw(&self) -> Option<DrawRecord> {
        None
    }
    /// The new game a log's setup and draw describe, before any event.
    fn restore(
        setup: Self::LogSetup,
        draw: Option<&DrawRecord>,
    ) -> Result<Self, LogError<Self::SetupError, Self::Error>>;

    // ---- provided ----------------------------------------------------------

    fn to_log(&self) -> Log<Self::LogSetup, Self::Event> {
        Log::new(
            Self::ID,
            self.log_setup(),
            self.log_draw(),
            self.events().to_vec(),
        )
    }

    /// The save and the exportable record: compact JSON of the log.
    fn to_json(&self) -> String {
        json::to_string(&self.to_log())
    }

    /// Replays a log read already (a record inside another, e.g. a table).
    fn from_log(
        log: &Log<Self::LogSetup, Self::Event>,
    ) -> Result<Self, LogError<Self::SetupError, Self::Error>> {
        check_read_header(log, Self::ID).map_err(LogError::Header)?;
        Self::restore(log.setup.clone(), log.draw.as_ref())?.replay(&log.events)
    }

    /// Replays a JSON log; refuses newer versions and anything that does not
    /// replay. The header is checked first, so a newer log is reported as
    /// newer, not as corrupt.
    fn from_json(text: &str) -> Result<Self, LogError<Self::SetupError, Self::Error>> {
        let value = json::parse(text).map_err(LogError::corrupt)?;
        check_header(&value, Self::ID).map_err(LogError::Header)?;
        let log = Log::from_json(&value).map_err(LogError::corrupt)?;
        Self::restore(log.setup, log.draw.as_ref())?.replay(&log.events)
    }
}

/// The seed of a log's draw: `Some` for a drawn game, `None` for a game that
/// drew nothing (no draw, or the empty seed and no words); any other seed is
/// refused.
pub fn logged_seed<S, E>(
    draw: Option<&DrawRecord>,
    drawn: bool,
) -> Result<Option<[u8; 32]>, LogError<S, E>> {
    let empty = draw.is_none_or(|d| d.seed.is_empty() && d.words.is_empty());
    match (drawn, draw) {
        (true, Some(d)) => parse_hex32(&d.seed).map(Some).map_err(LogError::Seed),
        (true, None) => Err(LogError::SeedMismatch),
        (false, _) if empty => Ok(None),
        (false, _) => Err(LogError::SeedMismatch),
    }
}

/// The new game a log describes, for a game whose setup may draw (`drawn`):
/// `new_drawn` starts it from the logged seed and words, `new` with no draw;
/// a refusal of either is the log's setup error.
pub fn restore_drawn<Setup, G, E>(
    setup: Setup,
    draw: Option<&DrawRecord>,
    drawn: bool,
    new_drawn: impl FnOnce(Setup, [u8; 32], &[String]) -> Result<G, E>,
    new: impl FnOnce(Setup) -> Result<G, E>,
) -> Result<G, LogError<E, E>> {
    let words = draw.map_or(&[][..], |d| &d.words[..]);
    let seed = logged_seed(draw, drawn)?;
    start_drawn(setup, seed, words, new_drawn, new).map_err(LogError::Setup)
}

/// A game drawn from `seed` and `words` with `new_drawn`, or, with no seed,
/// started by `new`.
pub fn start_drawn<Setup, G, E>(
    setup: Setup,
    seed: Option<[u8; 32]>,
    words: &[String],
    new_drawn: impl FnOnce(Setup, [u8; 32], &[String]) -> Result<G, E>,
    new: impl FnOnce(Setup) -> Result<G, E>,
) -> Result<G, E> {
    match seed {
        Some(seed) => new_drawn(setup, seed, words),
        None => new(setup),
    }
}
