//! The contract every game module keeps (issue #20, `src/referee/module.rs`),
//! written once and run for all five modules over random event sequences:
//!
//! 1. C-4: a state is a function of its setup and timed events: the save
//!    loads to the live game, and so do `restore` + `replay` and `from_log`,
//!    at any point of the game.
//! 2. C-4: a refused event changes nothing, not even the save's text.
//! 3. The save round trips byte for byte.
//! 4. A newer save is reported as newer (update the app, don't discard it),
//!    whatever its body; a save of another module as of another game.
//! 5. C-4: time never goes backwards: an event timed before the last one is
//!    refused; the last event's time never decreases; a flag is recorded at
//!    the instant it fell, however late the timer woke, and ends the game.
//! 6. Mutated and truncated saves (and records, for the modules that import
//!    PGN) are refused or loaded, never a panic; a mutated save that loads
//!    writes a save that loads to the same game.
//!
//! Per module there is only [`Contract`]'s constructor and event generator
//! (and the record importer, for 6); everything asserted is generic. Cases
//! per property: `CONTRACT_CASES` (default [`CASES`]); `CONTRACT_STATS=1`
//! prints what each property's cases reached.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::bughouse::{BhEvent, BhGame, BhReport, BhSetup, BoardId};
use nordau_shift::referee::chessboard::DrawClaim;
use nordau_shift::referee::crazyhouse::{
    Reported, ZhEvent, ZhGame, ZhSetup, zh_from_pgn, zh_to_pgn,
};
use nordau_shift::referee::log::{HeaderError, LogError};
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::{
    BlockSchedule, Colour, Event, Game, InputMode, PgnInfo, Setup, ShiftUnit, TimeControl,
    bh_from_bpgn, bh_to_bpgn,
};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{TestCaseError, TestCaseResult, TestError, TestRunner};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

#[cfg(feature = "cards")]
use nordau_shift::referee::cards::{
    CsClock, CsEvent, CsGame, CsReport, CsSetup, Stack, StackSource, cs_from_pgn, cs_to_pgn,
};
#[cfg(feature = "undo")]
use nordau_shift::referee::undo::{
    StartChoice, StartPosition, UcEvent, UcGame, UcReport, UcSetup, uc_from_pgn, uc_to_pgn,
};

// ---- the per-module part -------------------------------------------------------

/// How a random game starts: the module reads what it has (mode, seed,
/// setup variant).
#[derive(Clone, Copy, Debug)]
struct Start {
    clock: bool,
    seed: [u8; 32],
    variant: u16,
}

impl Start {
    fn mode(&self) -> InputMode {
        if self.clock {
            InputMode::Clock
        } else {
            InputMode::Board
        }
    }

    /// Most games are started at 0 by the constructor; some are left for
    /// the random events to start (or fail to).
    fn started(&self) -> bool {
        !self.variant.is_multiple_of(8)
    }
}

/// A random choice of event: `kind` picks the event (each module weights
/// its kinds over 0…239, moves most; 240…255 are drawn far more rarely and
/// hold what ends a game: claims, reports, resignation, agreement, flag),
/// `n` its details (which legal move, which colour, board, time…).
#[derive(Clone, Copy, Debug)]
struct Pick {
    kind: u8,
    n: u16,
}

impl Pick {
    fn colour(self) -> Colour {
        if self.n.is_multiple_of(2) {
            Colour::White
        } else {
            Colour::Black
        }
    }
}

/// The `n`-th legal move (mod count), or a move nothing allows.
fn nth(legal: &[String], n: u16) -> String {
    if legal.is_empty() {
        "a1a1".into()
    } else {
        legal[usize::from(n) % legal.len()].clone()
    }
}

/// What a module gives the contract: a new game and random events.
trait Contract: GameModule<Event: Debug> + Logged + PartialEq + Debug {
    const NAME: &'static str;
    /// A new game for `start`, started or not.
    fn new_game(start: &Start) -> Self;
    /// The event `pick` stands for in this game at `t_ms`: mostly legal
    /// moves, and every other kind of event, many of them refused.
    fn event(&self, pick: Pick, t_ms: u64) -> Self::Event;
}

/// A module that reads records (PGN) too.
trait Imports: Contract {
    /// The game's exported record (board mode).
    fn export(&self) -> Option<String>;
    /// Reads a record (and, where the module can, makes the game it
    /// continues); only whether it was accepted counts.
    fn import(text: &str) -> Result<(), String>;
}

/// Every module id, for "a save of another game".
fn all_ids() -> Vec<&'static str> {
    let mut ids = vec![ZhGame::ID, BhGame::ID, Game::ID];
    #[cfg(feature = "cards")]
    ids.push(CsGame::ID);
    #[cfg(feature = "undo")]
    ids.push(UcGame::ID);
    ids
}

impl Contract for ZhGame {
    const NAME: &'static str = "crazyhouse";

    fn new_game(s: &Start) -> Self {
        let control = match s.variant % 3 {
            0 => TimeControl::fischer(300_000, 2_000),
            1 => TimeControl::sudden_death(240_000),
            _ => TimeControl::bronstein(180_000, 3_000),
        };
        let opening = if !s.clock && s.variant.is_multiple_of(5) {
            vec!["e2e4".into(), "d7d5".into(), "e4d5".into()]
        } else {
            Vec::new()
        };
        let setup = ZhSetup {
            white: "Dana".into(),
            black: "Yossi".into(),
            control,
            mode: s.mode(),
            start_fen: None,
            opening,
            recorded: None,
        };
        let mut g = ZhGame::new(setup).unwrap();
        if s.started() {
            g.apply(0, ZhEvent::Start).unwrap();
        }
        g
    }

    fn event(&self, p: Pick, t: u64) -> ZhEvent {
        let v = self.view(t);
        match p.kind {
            0..=199 if v.mode == InputMode::Clock => ZhEvent::Press,
            0..=199 => ZhEvent::Move {
                mv: nth(&v.legal_moves_uci, p.n),
            },
            200..=204 => ZhEvent::Start,
            205..=214 => ZhEvent::Pause,
            215..=229 => ZhEvent::Resume,
            230..=239 if p.n.is_multiple_of(2) => ZhEvent::Undo,
            230..=239 => ZhEvent::Adjust {
                colour: p.colour(),
                remaining_ms: u64::from(p.n) * 20,
            },
            240..=247 => ZhEvent::ClaimThreefold,
            248 => ZhEvent::Resign { colour: p.colour() },
            249 => ZhEvent::AgreeDraw,
            250..=251 => ZhEvent::Report(if p.n.is_multiple_of(2) {
                Reported::Stalemate
            } else {
                Reported::Checkmate { winner: p.colour() }
            }),
            _ => ZhEvent::Flag,
        }
    }
}

impl Imports for ZhGame {
    fn export(&self) -> Option<String> {
        zh_to_pgn(self, &PgnInfo::default()).ok()
    }

    fn import(text: &str) -> Result<(), String> {
        let imported = zh_from_pgn(text).map_err(|e| e.to_string())?;
        ZhGame::new(imported.into_setup(TimeControl::fischer(60_000, 0)))
            .map(drop)
            .map_err(|e| e.to_string())
    }
}

impl Contract for BhGame {
    const NAME: &'static str = "bughouse";

    fn new_game(s: &Start) -> Self {
        let mut setup = BhSetup::new(["Ann", "Ben", "Cat", "Dov"], s.mode());
        let control = if s.variant.is_multiple_of(2) {
            TimeControl::fischer(300_000, 1_000)
        } else {
            TimeControl::sudden_death(240_000)
        };
        setup.controls = [control.clone(), control];
        let mut g = BhGame::new(setup).unwrap();
        if s.started() {
            g.apply(0, BhEvent::Start).unwrap();
        }
        g
    }

    fn event(&self, p: Pick, t: u64) -> BhEvent {
        let board = if p.n & 0x100 == 0 {
            BoardId::A
        } else {
            BoardId::B
        };
        let v = self.view(t);
        match p.kind {
            0..=199 if v.mode == InputMode::Clock => BhEvent::Press { board },
            0..=199 => BhEvent::Move {
                board,
                mv: nth(&v.boards[board.index()].legal_moves_uci, p.n),
            },
            200..=204 => BhEvent::Start,
            205..=214 => BhEvent::Pause,
            215..=229 => BhEvent::Resume,
            230..=239 if p.n.is_multiple_of(2) => BhEvent::Undo { board },
            230..=239 => BhEvent::Adjust {
                board,
                colour: p.colour(),
                remaining_ms: u64::from(p.n) * 20,
            },
            240..=247 => BhEvent::Report(BhReport::Checkmate { board }),
            248 => BhEvent::Resign {
                board,
                colour: p.colour(),
            },
            249 => BhEvent::AgreeDraw,
            250..=251 => BhEvent::Report(BhReport::NobodyCanMove),
            _ => BhEvent::Flag { board },
        }
    }
}

impl Imports for BhGame {
    fn export(&self) -> Option<String> {
        (self.setup().mode == InputMode::Board).then(|| bh_to_bpgn(self, &PgnInfo::default()))
    }

    fn import(text: &str) -> Result<(), String> {
        let imported = bh_from_bpgn(text).map_err(|e| e.to_string())?;
        let control = TimeControl::fischer(60_000, 0);
        BhGame::new(imported.into_setup([control.clone(), control]))
            .map(drop)
            .map_err(|e| e.to_string())
    }
}

#[cfg(feature = "cards")]
impl Contract for CsGame {
    const NAME: &'static str = "cards";

    fn new_game(s: &Start) -> Self {
        let blind = s.variant.is_multiple_of(2);
        let stacks = if blind {
            StackSource::Blind
        } else {
            StackSource::Secret
        };
        let mut setup = CsSetup::new("Ann", "Ben", s.mode(), stacks);
        if !s.variant.is_multiple_of(3) {
            setup = setup.with_clock(CsClock::fischer(300_000, 1_000));
        }
        let mut g = if blind {
            CsGame::new_blind(setup, s.seed, &["w"]).unwrap()
        } else {
            CsGame::new(setup).unwrap()
        };
        if s.started() {
            if !blind {
                let stack = Stack::all()[usize::from(s.variant) % 20];
                g.apply(0, CsEvent::SetStack { stack }).unwrap();
            }
            g.apply(0, CsEvent::Start).unwrap();
        }
        g
    }

    fn event(&self, p: Pick, t: u64) -> CsEvent {
        let v = self.view(t);
        match p.kind {
            0..=159 if v.mode == InputMode::Clock => CsEvent::Played {
                check: p.n.is_multiple_of(8),
                note: Some(format!("m{}", p.n)),
            },
            0..=159 => CsEvent::Move {
                mv: nth(&v.legal_moves_uci, p.n),
            },
            160..=164 => CsEvent::Move {
                mv: nth(&v.forbidden_uci, p.n),
            },
            165..=199 => CsEvent::SetStack {
                stack: Stack::all()[usize::from(p.n) % 20],
            },
            200..=204 => CsEvent::Start,
            205..=214 => CsEvent::Pause,
            215..=234 => CsEvent::Resume,
            235..=239 => CsEvent::Adjust {
                colour: p.colour(),
                remaining_ms: u64::from(p.n) * 20,
            },
            240..=246 => CsEvent::Claim(if p.n.is_multiple_of(2) {
                DrawClaim::Threefold
            } else {
                DrawClaim::FiftyMoves
            }),
            247 => CsEvent::Resign { colour: p.colour() },
            248 => CsEvent::AgreeDraw,
            249..=251 => CsEvent::Report(if p.n.is_multiple_of(2) {
                CsReport::Stalemate
            } else {
                CsReport::Checkmate { winner: p.colour() }
            }),
            _ => CsEvent::Flag,
        }
    }
}

#[cfg(feature = "cards")]
impl Imports for CsGame {
    fn export(&self) -> Option<String> {
        cs_to_pgn(self, &PgnInfo::default()).ok()
    }

    fn import(text: &str) -> Result<(), String> {
        cs_from_pgn(text).map(drop).map_err(|e| e.to_string())
    }
}

#[cfg(feature = "undo")]
impl Contract for UcGame {
    const NAME: &'static str = "undo";

    fn new_game(s: &Start) -> Self {
        let drawn = s.variant.is_multiple_of(3);
        let choice = if drawn {
            StartChoice::Drawn
        } else {
            StartChoice::Fixed(StartPosition::new(u32::from(s.variant) % 960).unwrap())
        };
        let tokens = (s.variant / 3 % 4) as u8;
        let control = TimeControl::fischer(300_000, 1_000);
        let setup =
            UcSetup::new("Ann", "Ben", s.mode(), choice, control).with_tokens(tokens, 3 - tokens);
        let mut g = if drawn {
            UcGame::new_drawn(setup, s.seed, &["w"]).unwrap()
        } else {
            UcGame::new(setup).unwrap()
        };
        if s.started() {
            g.apply(0, UcEvent::Start).unwrap();
        }
        g
    }

    fn event(&self, p: Pick, t: u64) -> UcEvent {
        let v = self.view(t);
        match p.kind {
            0..=179 if v.mode == InputMode::Clock => UcEvent::Press,
            0..=179 => UcEvent::Move {
                mv: nth(&v.legal_moves_uci, p.n),
            },
            180..=199 => UcEvent::Undo {
                by: if p.n.is_multiple_of(4) {
                    v.side_to_move.other()
                } else {
                    v.side_to_move
                },
            },
            200..=204 => UcEvent::Start,
            205..=214 => UcEvent::Pause,
            215..=229 => UcEvent::Resume,
            230..=234 => UcEvent::Adjust {
                colour: p.colour(),
                remaining_ms: u64::from(p.n) * 20,
            },
            235..=239 => UcEvent::Accept,
            240..=245 => UcEvent::Claim(if p.n.is_multiple_of(2) {
                DrawClaim::Threefold
            } else {
                DrawClaim::FiftyMoves
            }),
            246 => UcEvent::Resign { colour: p.colour() },
            247 => UcEvent::AgreeDraw,
            248..=250 => UcEvent::Report(if p.n.is_multiple_of(2) {
                UcReport::Stalemate
            } else {
                UcReport::Checkmate
            }),
            _ => UcEvent::Flag,
        }
    }
}

#[cfg(feature = "undo")]
impl Imports for UcGame {
    fn export(&self) -> Option<String> {
        uc_to_pgn(self, &PgnInfo::default()).ok()
    }

    fn import(text: &str) -> Result<(), String> {
        uc_from_pgn(text).map(drop).map_err(|e| e.to_string())
    }
}

impl Contract for Game {
    const NAME: &'static str = "nordau";

    fn new_game(s: &Start) -> Self {
        let mut setup = Setup::standard(["Anna", "Boris", "Chen"]);
        setup.min_shift = 1 + u32::from(s.variant % 4);
        setup.max_shift = setup.min_shift + u32::from(s.variant / 4 % 3);
        if s.variant & 0x40 != 0 {
            setup.unit = ShiftUnit::HalfMoves;
        }
        setup.bonus_permille = u32::from(s.variant % 7) * 100;
        if s.variant & 0x80 != 0 {
            setup.schedule = BlockSchedule::single(60_000);
        }
        let mut g = Game::new(setup, s.seed, vec!["w".into()], s.mode()).unwrap();
        if s.started() {
            g.apply(0, Event::Start).unwrap();
        }
        g
    }

    fn event(&self, p: Pick, t: u64) -> Event {
        let v = self.view(t);
        match p.kind {
            0..=169 if v.mode == InputMode::Clock => Event::Press,
            0..=169 => Event::Move {
                mv: nth(&v.legal_moves_uci, p.n),
            },
            170..=199 => Event::Seated,
            200..=204 => Event::Start,
            205..=214 => Event::Pause,
            215..=229 => Event::Resume,
            230..=235 => Event::UndoPress,
            // C-4b: mostly the opponent the view names, sometimes anyone.
            236..=239 => Event::CorrectAfterSwap {
                by: v
                    .swap_correction
                    .filter(|_| !p.n.is_multiple_of(4))
                    .map_or((p.n % 4) as u8, |a| a.opponent_person),
            },
            240..=246 => Event::AgreeDraw {
                person: (p.n % 4) as u8,
            },
            247 => Event::Resign { seat: p.colour() },
            248..=249 => Event::ClaimDraw {
                claim: if p.n.is_multiple_of(2) {
                    DrawClaim::Threefold
                } else {
                    DrawClaim::FiftyMoves
                },
            },
            250 => Event::ReportMate { winner: p.colour() },
            251 => Event::ReportStalemate,
            _ => Event::Flag,
        }
    }
}

// ---- random cases and the one driver -----------------------------------------

/// One step of a random sequence.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// `dt` ms pass, then the event.
    Event { dt: u64, pick: Pick },
    /// `dt` ms pass, then the app's timer looks for a fallen flag.
    Tick { dt: u64 },
    /// An event timed `back` (mod the last event's time, plus 1) ms before
    /// the last recorded event: a clock that went backwards.
    Late { back: u64, pick: Pick },
}

#[derive(Clone, Debug)]
struct Case {
    start: Start,
    ops: Vec<Op>,
    /// After which op the replay is compared too (besides the end).
    probe: Index,
}

fn pick() -> impl Strategy<Value = Pick> {
    let kind = prop_oneof![60 => 0u8..240, 1 => 240u8..=255];
    (kind, any::<u16>()).prop_map(|(kind, n)| Pick { kind, n })
}

/// Mostly a few seconds, sometimes none (two events at one instant),
/// sometimes long enough for a flag to fall.
fn dt() -> impl Strategy<Value = u64> {
    prop_oneof![
        8 => Just(0u64),
        64 => 1u64..2_000,
        8 => 2_000u64..20_000,
        2 => 20_000u64..250_000,
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        20 => (dt(), pick()).prop_map(|(dt, pick)| Op::Event { dt, pick }),
        2 => dt().prop_map(|dt| Op::Tick { dt }),
        1 => (any::<u64>(), pick()).prop_map(|(back, pick)| Op::Late { back, pick }),
    ]
}

fn case() -> impl Strategy<Value = Case> {
    (
        any::<bool>(),
        any::<[u8; 32]>(),
        any::<u16>(),
        prop::collection::vec(op(), 0..200),
        any::<Index>(),
    )
        .prop_map(|(clock, seed, variant, ops, probe)| Case {
            start: Start {
                clock,
                seed,
                variant,
            },
            ops,
            probe,
        })
}

/// What one op did, for the property being checked.
enum What<'a, G: GameModule> {
    Applied {
        event: &'a G::Event,
        t_ms: u64,
        refused: Option<&'a G::Error>,
        late: bool,
    },
    Ticked {
        changed: bool,
    },
}

struct Step<'a, G: GameModule> {
    index: usize,
    before: &'a G,
    after: &'a G,
    /// The monotonic clock's reading when the op happened.
    now: u64,
    what: What<'a, G>,
}

/// Ops played once a game is over.
const AFTER_THE_END: usize = 8;

/// Plays `case`, handing every op to `check`; returns the game at the end.
fn play<G: Contract>(
    case: &Case,
    mut check: impl FnMut(&Step<G>) -> TestCaseResult,
) -> Result<G, TestCaseError> {
    let mut g = G::new_game(&case.start);
    let mut now = g.last_event_ms();
    let mut after_the_end = 0;
    for (index, op) in case.ops.iter().enumerate() {
        // A few events after the end (all refused) are enough.
        if g.is_over() {
            after_the_end += 1;
            if after_the_end > AFTER_THE_END {
                break;
            }
        }
        let before = g.clone();
        let (event, t_ms, late) = match *op {
            Op::Tick { dt } => {
                now += dt;
                let changed = g.tick(now);
                let what = What::Ticked { changed };
                check(&Step {
                    index,
                    before: &before,
                    after: &g,
                    now,
                    what,
                })?;
                continue;
            }
            Op::Event { dt, pick } => {
                now += dt;
                (g.event(pick, now), now, false)
            }
            Op::Late { back, pick } => {
                let last = g.last_event_ms();
                if last == 0 {
                    continue;
                }
                let t = last - 1 - back % last;
                (g.event(pick, t), t, true)
            }
        };
        let result = g.apply(t_ms, event.clone());
        check(&Step {
            index,
            before: &before,
            after: &g,
            now,
            what: What::Applied {
                event: &event,
                t_ms,
                refused: result.as_ref().err(),
                late,
            },
        })?;
    }
    Ok(g)
}

// ---- running a property, with proof that it was not vacuous ------------------------

/// Cases per property when `CONTRACT_CASES` is not set.
const CASES: u32 = 64;

thread_local! {
    /// What the running property saw, to show its cases were not vacuous.
    static SEEN: RefCell<BTreeMap<String, u64>> = RefCell::default();
}

fn seen(what: impl Into<String>) {
    SEEN.with(|s| *s.borrow_mut().entry(what.into()).or_default() += 1);
}

/// Runs `test` over `strategy`; afterwards every `required` outcome must have
/// been seen at least once, so a generator that stopped reaching a state
/// (refusals, flags, ended games) fails instead of passing vacuously.
fn check<S: Strategy>(
    property: &str,
    strategy: S,
    required: &[&str],
    test: impl Fn(S::Value) -> TestCaseResult,
) where
    S::Value: Debug,
{
    let cases = std::env::var("CONTRACT_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(CASES);
    let config = ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    SEEN.with(|s| s.borrow_mut().clear());
    match TestRunner::new(config).run(&strategy, test) {
        Ok(()) => {}
        Err(TestError::Fail(why, input)) => {
            panic!("{property}: {why}\nminimal failing input: {input:#?}")
        }
        Err(e) => panic!("{property}: {e}"),
    }
    let tally = SEEN.with(|s| s.borrow().clone());
    if std::env::var_os("CONTRACT_STATS").is_some() {
        eprintln!("{property}: {cases} cases: {tally:?}");
    }
    for want in required {
        assert!(
            tally.get(*want).is_some_and(|&n| n > 0),
            "{property}: no case reached '{want}' in {cases} cases (seen: {tally:?})"
        );
    }
}

fn outcome<G: Contract>(step: &Step<G>) {
    match step.what {
        What::Applied { refused: None, .. } => seen("accepted"),
        What::Applied {
            refused: Some(_), ..
        } => seen("refused"),
        What::Ticked { changed: true } => seen("flag"),
        What::Ticked { changed: false } => {}
    }
    if step.after.is_over() && !step.before.is_over() {
        seen("ended");
        if let Some(last) = step.after.events().last() {
            let event = format!("{:?}", last.event);
            let kind: String = event.chars().take_while(|c| c.is_alphanumeric()).collect();
            seen(format!("ended by {kind}"));
        }
    }
}

// ---- the contract: every property, written once ---------------------------------

/// `restore` + `replay` of the game's own setup, draw and events.
fn replayed<G: Contract>(g: &G) -> Result<G, LogError<G::SetupError, G::Error>> {
    G::restore(g.log_setup(), g.log_draw().as_ref())?.replay(g.events())
}

fn same_as_replay<G: Contract>(g: &G, at: &str) -> TestCaseResult {
    let loaded = G::from_json(&g.to_json());
    prop_assert!(
        loaded.is_ok(),
        "{at}: the save does not load: {:?}",
        loaded.err()
    );
    prop_assert_eq!(
        &loaded.unwrap(),
        g,
        "{}: the save loads to another game",
        at
    );
    let replay = replayed(g);
    prop_assert!(
        replay.is_ok(),
        "{at}: restore + replay refused: {:?}",
        replay.err()
    );
    prop_assert_eq!(&replay.unwrap(), g, "{}: restore + replay differs", at);
    let from_log = G::from_log(&g.to_log());
    prop_assert!(
        from_log.is_ok(),
        "{at}: from_log refused: {:?}",
        from_log.err()
    );
    prop_assert_eq!(&from_log.unwrap(), g, "{}: from_log differs", at);
    Ok(())
}

/// Promise 1 (C-4): a state is a function of setup and timed events.
fn c4_replay_equals_live_game<G: Contract>() {
    check(
        &format!("c4_replay_equals_live_game_{}", G::NAME),
        case(),
        &["accepted", "ended"],
        |case| {
            let probe = case.probe.index(case.ops.len().max(1));
            let g = play::<G>(&case, |step| {
                outcome(step);
                if step.index == probe {
                    same_as_replay(step.after, &format!("after op {probe}"))?;
                }
                Ok(())
            })?;
            same_as_replay(&g, "at the end")
        },
    );
}

/// Promise 2 (C-4): a refused event changes nothing (the game and its save).
fn c4_refused_event_changes_nothing<G: Contract>() {
    check(
        &format!("c4_refused_event_changes_nothing_{}", G::NAME),
        case(),
        &["accepted", "refused", "refused after the end"],
        |case| {
            play::<G>(&case, |step| {
                outcome(step);
                if let What::Applied {
                    event,
                    t_ms,
                    refused: Some(error),
                    ..
                } = &step.what
                {
                    if step.before.is_over() {
                        seen("refused after the end");
                    }
                    prop_assert_eq!(
                        step.after,
                        step.before,
                        "refused {:?} at {} ({}) changed the game",
                        event,
                        t_ms,
                        error
                    );
                    prop_assert_eq!(step.after.to_json(), step.before.to_json());
                    prop_assert!(!error.to_string().trim().is_empty(), "a refusal says why");
                }
                Ok(())
            })
            .map(drop)
        },
    );
}

/// Promise 3: the save round trips byte for byte.
fn json_round_trips_byte_for_byte<G: Contract>() {
    check(
        &format!("json_round_trips_byte_for_byte_{}", G::NAME),
        case(),
        &["accepted"],
        |case| {
            let g = play::<G>(&case, |step| {
                outcome(step);
                Ok(())
            })?;
            let json = g.to_json();
            let back = G::from_json(&json);
            prop_assert!(back.is_ok(), "the save does not load: {:?}", back.err());
            prop_assert_eq!(back.unwrap().to_json(), json);
            Ok(())
        },
    );
}

/// Promise 4: a newer save is reported as newer, whatever its body; another
/// module's save as of another game; version 0 and another format refused.
fn newer_save_is_reported_as_newer<G: Contract>() {
    check(
        &format!("newer_save_is_reported_as_newer_{}", G::NAME),
        case(),
        &["accepted"],
        |case| {
            let g = play::<G>(&case, |step| {
                outcome(step);
                Ok(())
            })?;
            let json = g.to_json();
            let header = format!(
                "{{\"format\":\"nordau-shift-referee-log\",\"version\":1,\"game\":\"{}\",",
                G::ID
            );
            prop_assert!(json.starts_with(&header), "unexpected header: {}", json);
            let body = &json[header.len()..];
            let with = |version: &str, game: &str, body: &str| {
                format!(
                    "{{\"format\":\"nordau-shift-referee-log\",\"version\":{version},\"game\":\"{game}\",{body}"
                )
            };
            // A newer version, with this body, a body this build cannot
            // read, no body at all, or another game's id.
            let damaged = body.replacen("\"events\"", "\"events2\"", 1);
            for newer in [
                with("2", G::ID, body),
                with("7", G::ID, &damaged),
                with("2", G::ID, "\"setup\":{\"new\":true}}"),
                with("2", "some-future-game", body),
            ] {
                let r = G::from_json(&newer);
                prop_assert!(
                    r.as_ref().is_err_and(LogError::is_newer_version),
                    "not reported as newer: {:?} for {}",
                    r.err(),
                    newer
                );
            }
            for other in all_ids().into_iter().filter(|&id| id != G::ID) {
                let r = G::from_json(&with("1", other, body));
                prop_assert!(
                    matches!(&r, Err(LogError::Header(HeaderError::WrongGame(g))) if g == other),
                    "a save of {} is not refused as another game's: {:?}",
                    other,
                    r.err()
                );
            }
            let r = G::from_json(&with("0", G::ID, body));
            prop_assert!(r.as_ref().is_err_and(|e| !e.is_newer_version()));
            let r = G::from_json(&json.replacen("nordau-shift-referee-log", "other-log", 1));
            prop_assert!(
                matches!(&r, Err(LogError::Header(HeaderError::WrongFormat(_)))),
                "{:?}",
                r.err()
            );
            let mut log = g.to_log();
            log.version = 2;
            prop_assert!(G::from_log(&log).is_err_and(|e| e.is_newer_version()));
            Ok(())
        },
    );
}

/// Promise 5 (C-4): time never goes backwards, and a flag is recorded at its instant.
fn c4_time_never_goes_backwards<G: Contract>() {
    check(
        &format!("c4_time_never_goes_backwards_{}", G::NAME),
        case(),
        &["late refused", "flag", "accepted at the last event's time"],
        |case| {
            play::<G>(&case, |step| {
                outcome(step);
                let (before, after) = (step.before, step.after);
                prop_assert!(after.last_event_ms() >= before.last_event_ms());
                prop_assert!(after.last_event_ms() <= step.now, "an event after now");
                let times: Vec<u64> = after.events().iter().map(|e| e.t_ms).collect();
                prop_assert!(times.windows(2).all(|w| w[0] <= w[1]), "{:?}", times);
                match step.what {
                    What::Applied {
                        t_ms,
                        refused,
                        late: true,
                        ..
                    } => {
                        seen("late refused");
                        let last = before.last_event_ms();
                        prop_assert!(
                            refused.is_some(),
                            "an event at {t_ms} < {last} was accepted"
                        );
                        prop_assert_eq!(
                            refused.unwrap().to_string(),
                            G::time_went_backwards(last, t_ms).to_string()
                        );
                        prop_assert_eq!(after, before);
                    }
                    What::Applied {
                        t_ms,
                        refused: None,
                        ..
                    } => {
                        if t_ms == before.last_event_ms() && !before.events().is_empty() {
                            seen("accepted at the last event's time");
                        }
                        prop_assert_eq!(after.events().len(), before.events().len() + 1);
                        prop_assert_eq!(after.last_event_ms(), t_ms);
                    }
                    What::Applied { .. } => {}
                    What::Ticked { changed: false } => {
                        prop_assert_eq!(
                            after,
                            before,
                            "a tick that found no flag changed the game"
                        );
                    }
                    What::Ticked { changed: true } => {
                        prop_assert!(!before.is_over(), "a flag after the end");
                        prop_assert!(after.is_over(), "a flag did not end the game");
                        prop_assert_eq!(after.events().len(), before.events().len() + 1);
                        // The timer woke late: the same flag, at the same
                        // instant, whenever it looks.
                        for late in [1, 60_000, 3_600_000] {
                            let mut later = before.clone();
                            prop_assert!(later.tick(step.now + late));
                            prop_assert_eq!(
                                &later,
                                after,
                                "a tick {} ms later moved the flag",
                                late
                            );
                        }
                        let mut again = after.clone();
                        prop_assert!(!again.tick(step.now + 1_000), "a second flag");
                    }
                }
                Ok(())
            })
            .map(drop)
        },
    );
}

// ---- 6. fuzzed parsers --------------------------------------------------------------

/// A mutation of a text: where, what, and the splice it may use.
#[derive(Clone, Copy, Debug)]
struct Mutation {
    at: Index,
    kind: u8,
    token: Index,
    len: u8,
}

fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(
        (any::<Index>(), 0u8..8, any::<Index>(), any::<u8>()).prop_map(|(at, kind, token, len)| {
            Mutation {
                at,
                kind,
                token,
                len,
            }
        }),
        1..5,
    )
}

/// Pieces that break JSON and PGN in interesting ways.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\",
    "\\u",
    "\\ud800",
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1e400",
    "1.5",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999",
    "\"t_ms\":",
    "\"event\":",
    "\"kind\":",
    "\"mv\":",
    "\"version\":2",
    "e2e4",
    "a1a1",
    "P@a1",
    "Q@h8",
    "e7e8q",
    "O-O",
    "O-O-O",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "{",
    "}",
    "(",
    ")",
    ";",
    "[FEN \"",
    "[Event \"x\"]\n",
    "\n",
    "\r\n",
    "\t",
    " ",
    "\u{0}",
    "\u{fffd}",
    "\u{10ffff}",
    "\u{202e}",
    "\u{301}",
    "é",
    "😀",
    "",
];

fn mutate(text: &str, muts: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in muts {
        let len = chars.len();
        let i = m.at.index(len + 1);
        let token: Vec<char> = TOKENS[m.token.index(TOKENS.len())].chars().collect();
        let n = usize::from(m.len % 16) + 1;
        match m.kind {
            // One character replaced by a token.
            0 if i < len => {
                chars.splice(i..i + 1, token);
            }
            // A token inserted.
            1 => {
                chars.splice(i..i, token);
            }
            // A few characters deleted.
            2 => {
                chars.drain(i..(i + n).min(len));
            }
            // Truncated.
            3 => chars.truncate(i),
            // A piece of the text copied elsewhere (a duplicated event).
            4 if len > 0 => {
                let from = m.token.index(len);
                let piece: Vec<char> = chars[from..(from + n * 4).min(len)].to_vec();
                chars.splice(i..i, piece);
            }
            // A digit changed: times, counts, versions.
            5 => {
                if let Some(j) = (i..len).chain(0..i).find(|&j| chars[j].is_ascii_digit()) {
                    chars[j] = char::from(b'0' + m.len % 10);
                }
            }
            // Two characters swapped.
            6 if len > 1 => {
                let j = m.token.index(len);
                chars.swap(i.min(len - 1), j);
            }
            // One byte's worth of ASCII, control characters included.
            _ if i < len => chars[i] = char::from(m.len % 128),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Runs `f`, turning a panic into a failure that names the input.
fn no_panic<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let why = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        TestCaseError::fail(format!("{what} PANICKED on {input:?}: {why}"))
    })
}

/// Promise 6: mutated saves load or are refused, never panic; one that loads writes
/// a save that loads to the same game.
fn fuzzed_saves_never_panic<G: Contract>() {
    check(
        &format!("fuzzed_saves_never_panic_{}", G::NAME),
        (case(), prop::collection::vec(mutations(), 8)),
        &["mutated save refused", "mutated save loaded"],
        |(case, all)| {
            let g = play::<G>(&case, |_| Ok(()))?;
            let json = g.to_json();
            for muts in &all {
                let text = mutate(&json, muts);
                match no_panic("from_json", &text, || G::from_json(&text))? {
                    Err(e) => {
                        seen("mutated save refused");
                        prop_assert!(!e.to_string().trim().is_empty());
                    }
                    Ok(h) => {
                        seen("mutated save loaded");
                        let again = no_panic("to_json", &text, || h.to_json())?;
                        let back = G::from_json(&again);
                        prop_assert!(
                            back.is_ok(),
                            "{:?} loads but its save {:?} does not",
                            text,
                            again
                        );
                        prop_assert_eq!(&back.unwrap(), &h);
                    }
                }
            }
            Ok(())
        },
    );
}

/// Promise 6: mutated records (PGN) import or are refused, never panic; the record
/// as exported imports.
fn fuzzed_records_never_panic<G: Imports>() {
    let board_case = case().prop_map(|mut c| {
        c.start.clock = false;
        c
    });
    check(
        &format!("fuzzed_records_never_panic_{}", G::NAME),
        (board_case, prop::collection::vec(mutations(), 8)),
        &["mutated record refused", "mutated record imported"],
        |(case, all)| {
            let g = play::<G>(&case, |_| Ok(()))?;
            let record = no_panic("export", "", || g.export())?;
            prop_assert!(record.is_some(), "a board-mode game exports no record");
            let record = record.unwrap();
            let imported = no_panic("import", &record, || G::import(&record))?;
            prop_assert!(
                imported.is_ok(),
                "its own record {:?} is refused: {:?}",
                record,
                imported
            );
            for muts in &all {
                let text = mutate(&record, muts);
                match no_panic("import", &text, || G::import(&text))? {
                    Ok(()) => seen("mutated record imported"),
                    Err(e) => {
                        seen("mutated record refused");
                        prop_assert!(!e.trim().is_empty());
                    }
                }
            }
            Ok(())
        },
    );
}

// ---- the tests: every module, every property ------------------------------------------

macro_rules! contract {
    ($(#[$cfg:meta])* $module:ident: $game:ty $(, $records:ident)?) => {
        $(#[$cfg])*
        mod $module {
            use super::*;

            #[test]
            fn c4_replay_equals_live_game() {
                super::c4_replay_equals_live_game::<$game>();
            }

            #[test]
            fn c4_refused_event_changes_nothing() {
                super::c4_refused_event_changes_nothing::<$game>();
            }

            #[test]
            fn json_round_trips_byte_for_byte() {
                super::json_round_trips_byte_for_byte::<$game>();
            }

            #[test]
            fn newer_save_is_reported_as_newer() {
                super::newer_save_is_reported_as_newer::<$game>();
            }

            #[test]
            fn c4_time_never_goes_backwards() {
                super::c4_time_never_goes_backwards::<$game>();
            }

            #[test]
            fn fuzzed_saves_never_panic() {
                super::fuzzed_saves_never_panic::<$game>();
            }

            $(
                /// The module reads records (`
                #[doc = stringify!($records)]
                /// `): they are fuzzed too.
                #[test]
                fn fuzzed_records_never_panic() {
                    super::fuzzed_records_never_panic::<$game>();
                }
            )?
        }
    };
}

contract!(crazyhouse: ZhGame, zh_from_pgn);
contract!(bughouse: BhGame, bh_from_bpgn);
contract!(#[cfg(feature = "cards")] cards: CsGame, cs_from_pgn);
contract!(#[cfg(feature = "undo")] undo: UcGame, uc_from_pgn);
contract!(nordau: Game);
