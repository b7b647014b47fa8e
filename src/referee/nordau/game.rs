//! Nordau Shift (NS-1…NS-10) on top of the shared pieces: the draw, the bank
//! clock and the board. A [`Game`] is the replay of its event log: every event
//! is validated on a copy of the state and only committed when it is legal, so a
//! refused event leaves the game untouched.

use crate::referee::PgnInfo;
pub use crate::referee::chessboard::DrawClaim;
use crate::referee::chessboard::{BoardEnd, ChessBoard, MoveError};
use crate::referee::club::{ClubGame, GameEnd, TableResult, outcomes};
use crate::referee::commitment::{normalise_words, stream_key};
pub use crate::referee::common::{InputMode, Outcome};
use crate::referee::json::{Json, ToJson, f, json_names, obj, serde_via_json, tagged};
use crate::referee::module::{GameModule, Logged};
use crate::referee::nordau::bank::Banks;
use crate::referee::nordau::commitment::commitment;
use crate::referee::nordau::draw::{ShiftDraw, draw_seating};
use crate::referee::nordau::log::GAME_NORDAU_SHIFT;
use crate::referee::nordau::pgn::to_pgn;
use crate::referee::nordau::seats::{Colour, Person, Seat, Seating};
use crate::referee::nordau::setup::{Setup, SetupError};
use crate::referee::tagged::tagged_json;
use std::fmt;

/// Everything that can happen in a game. Stored in the log with its timestamp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The first tap: White's bank starts running.
    Start,
    /// Clock mode: the side to move completed its move (C-1).
    Press,
    /// Board mode: a move in UCI (`e2e4`) or SAN (`Nf3`); it is the press (C-1).
    Move { mv: String },
    /// NS-5: after a swap, the new player is seated; the side to move's bank runs.
    Seated,
    /// Stop the running bank (e.g. an arbiter's pause).
    Pause,
    /// Restart the side to move's bank after a pause.
    Resume,
    /// Correct a mistaken tap: the last press/move is cancelled as if it never
    /// happened (C-4: no time is given back; the side that should have been
    /// moving was charged all along). Refused for a half-move that announced a
    /// swap: that needs `CorrectAfterSwap` (C-4b).
    UndoPress,
    /// C-4b: the half-move that ended a shift is taken back after its swap was
    /// announced, allowed by `by`, the mover's opponent. The announced swap is
    /// kept: the replacement half-move is still the last of its shift and
    /// draws nothing new (the coin is the shift's, fixed by the seed).
    CorrectAfterSwap { by: Person },
    /// NS-6: the running bank is empty; its seat loses.
    Flag,
    /// A seated player resigns.
    Resign { seat: Colour },
    /// One person agrees to a draw; all three are needed (NS-8).
    AgreeDraw { person: Person },
    /// Board mode: the player to move claims a draw (C-2).
    ClaimDraw { claim: DrawClaim },
    /// Clock mode: the side that just moved has mated (C-1).
    ReportMate { winner: Colour },
    /// Clock mode: the side to move is stalemated.
    ReportStalemate,
}

/// An event and the time (ms) it happened at.
pub type Timed = crate::referee::log::Timed<Event>;

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
    ThreefoldClaim,
    FiftyMoveClaim,
    Flag,
    Resignation,
    AgreedDraw,
}

impl EndReason {
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::SeventyFiveMoves => "75-move rule",
            EndReason::ThreefoldClaim => "threefold repetition (claimed)",
            EndReason::FiftyMoveClaim => "50-move rule (claimed)",
            EndReason::Flag => "loss on time",
            EndReason::Resignation => "resignation",
            EndReason::AgreedDraw => "draw agreed by all three",
        }
    }
}

/// The end of a game and the points (NS-8), per person (index into the names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub outcome: Outcome,
    pub reason: EndReason,
    pub at_ms: u64,
    /// Who sat where when the game ended: they take the points.
    pub seating: Seating,
    pub points: [u32; 3],
}

/// A swap that happened (NS-3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwapRecord {
    /// 0-based index of the shift that ended.
    pub shift: u32,
    /// Half-moves played in the game when the shift ended.
    pub after_ply: u32,
    /// The coin: the seat whose person stood up.
    pub coin: Colour,
    pub stood_up: Person,
    pub sat_down: Person,
}

/// C-4b: a correction made after the swap it would undo was announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwapCorrection {
    /// 1-based half-move number of the corrected half-move (its replacement
    /// has the same number).
    pub ply: u32,
    /// Board mode: the move taken back, in SAN.
    pub taken_back: Option<String>,
    /// Who made the corrected half-move, and the opponent who allowed it.
    pub mover: Person,
    pub allowed_by: Person,
    /// The swap that was announced (and is kept).
    pub coin: Colour,
    pub stood_up: Person,
    pub sat_down: Person,
}

/// Why an event was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Timestamps must not decrease (C-4).
    TimeWentBackwards { last_ms: u64, got_ms: u64 },
    /// The game is over; nothing more can happen.
    GameOver,
    /// The first tap (`Start`) has not happened yet.
    NotStarted,
    /// `Start` was already given.
    AlreadyStarted,
    /// The clocks are paused; resume first.
    Paused,
    /// `Resume` without a pause.
    NotPaused,
    /// A swap was announced; tap "seated" first (NS-5).
    AwaitingSeated,
    /// `Seated` without a pending swap.
    NotAwaitingSeated,
    /// This event belongs to the other input mode (C-1).
    WrongMode { needs: InputMode },
    /// The running bank emptied at `at_ms`: only `Flag` is accepted (NS-6).
    FlagFell { seat: Colour, at_ms: u64 },
    /// `Flag` while the running bank still has time.
    NoFlag,
    /// Board mode: the move is unreadable, illegal or ambiguous.
    IllegalMove { mv: String, why: MoveError },
    /// No press to undo (none yet, already undone, or something else happened since).
    NothingToUndo,
    /// C-4b: the half-move to undo announced a swap; only its mover's opponent
    /// may allow the correction (`CorrectAfterSwap`).
    SwapAnnounced { opponent: Person },
    /// `CorrectAfterSwap` for a half-move that announced no swap (`UndoPress`).
    NoAnnouncedSwap,
    /// Person index is not 0, 1 or 2.
    UnknownPerson(Person),
    /// This person already agreed to the draw.
    AlreadyAgreed(Person),
    /// The claim is not open in the current position.
    ClaimNotAvailable(DrawClaim),
    /// Reported mate names the side to move as winner (or no move was made).
    WrongWinner,
    /// Nothing was played yet, so there is nothing to report.
    NoMoveYet,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::TimeWentBackwards { last_ms, got_ms } => {
                write!(
                    f,
                    "time went backwards: event at {got_ms} ms after one at {last_ms} ms"
                )
            }
            GameError::GameOver => write!(f, "the game is over"),
            GameError::NotStarted => write!(f, "the game has not started"),
            GameError::AlreadyStarted => write!(f, "the game has already started"),
            GameError::Paused => write!(f, "the clocks are paused"),
            GameError::NotPaused => write!(f, "the clocks are not paused"),
            GameError::AwaitingSeated => write!(f, "waiting for the new player to be seated"),
            GameError::NotAwaitingSeated => write!(f, "no swap is waiting"),
            GameError::WrongMode { needs } => write!(f, "only possible in {needs:?} mode"),
            GameError::FlagFell { seat, at_ms } => {
                write!(f, "{}'s bank ran out at {at_ms} ms", seat.name())
            }
            GameError::NoFlag => write!(f, "no bank has run out"),
            GameError::IllegalMove { mv, why } => write!(f, "'{mv}': {why}"),
            GameError::NothingToUndo => write!(f, "there is no press to undo"),
            GameError::SwapAnnounced { opponent } => write!(
                f,
                "the swap is already announced: only the opponent (person {opponent}) can allow the correction"
            ),
            GameError::NoAnnouncedSwap => write!(f, "the last half-move announced no swap"),
            GameError::UnknownPerson(p) => write!(f, "unknown person {p}"),
            GameError::AlreadyAgreed(p) => write!(f, "person {p} already agreed"),
            GameError::ClaimNotAvailable(c) => write!(f, "{c:?} cannot be claimed now"),
            GameError::WrongWinner => write!(f, "only the side that just moved can have mated"),
            GameError::NoMoveYet => write!(f, "no move has been played"),
        }
    }
}

impl std::error::Error for GameError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    AwaitingStart,
    Running,
    Paused,
    AwaitingSeated,
    Over,
}

/// The mutable state; everything here is derived from the events.
#[derive(Clone, Debug, PartialEq)]
struct Core {
    seating: Seating,
    phase: Phase,
    banks: Banks,
    /// Half-moves played in the game.
    ply: u32,
    /// Current shift (0-based), half-moves played in it, and its hidden length.
    shift: u32,
    shift_ply: u32,
    shift_plies: u32,
    board: Option<ChessBoard>,
    agreed: [bool; 3],
    swaps: Vec<SwapRecord>,
    /// Game ply at which each finished shift ended.
    shift_ends: Vec<u32>,
    /// Seating and banks just before the last swap, kept until the next press
    /// (through `Seated`), so a clock-mode mate report can say the game ended
    /// on that move: no swap, and the points go to the mover (NS-3, NS-8).
    before_swap: Option<(Seating, Banks)>,
    result: Option<GameResult>,
    /// The state before the last press, for `UndoPress`.
    undo: Option<Box<Core>>,
    /// C-4b: corrections made after an announced swap, in order.
    corrections: Vec<SwapCorrection>,
    /// When the last press happened and how long a clock has run since (C-4a).
    since_tap: SinceTap,
}

/// C-4a: the time a clock ran after the last press, with pauses and the swap
/// announcement left out. Undoing the press charges exactly this to the
/// player who tapped; the opponent's bank goes back to what it was at the tap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SinceTap {
    tap_ms: u64,
    ran_ms: u64,
    running_since: Option<u64>,
}

impl SinceTap {
    fn ran_at(&self, t: u64) -> u64 {
        self.ran_ms
            + self
                .running_since
                .map_or(0, |since| t.saturating_sub(since))
    }

    fn stop(&mut self, t: u64) {
        self.ran_ms = self.ran_at(t);
        self.running_since = None;
    }

    fn start(&mut self, t: u64) {
        self.running_since.get_or_insert(t);
    }
}

/// A Nordau Shift game: committed setup, seed, optional words, input mode and
/// the events so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    setup: Setup,
    seed: [u8; 32],
    words: Vec<String>,
    mode: InputMode,
    commitment: [u8; 32],
    key: [u8; 32],
    initial_seating: Seating,
    draw: ShiftDraw,
    core: Core,
    events: Vec<Timed>,
}

pub use crate::referee::commitment::{MAX_WORD_BYTES, MAX_WORDS};

/// Full-move number of `colour`'s next move when `ply` half-moves are done.
fn next_move_number(ply: u32, colour: Colour) -> u32 {
    let h = if Colour::of_ply(ply) == colour {
        ply
    } else {
        ply + 1
    };
    h / 2 + 1
}

impl Game {
    /// A new game. `words` are the players' entropy typed after the commitment
    /// was shown (may be empty). Fails only on an invalid setup or oversize words.
    pub fn new(
        setup: Setup,
        seed: [u8; 32],
        words: Vec<String>,
        mode: InputMode,
    ) -> Result<Game, SetupError> {
        setup.validate()?;
        if words.len() > MAX_WORDS || words.iter().any(|w| w.len() > MAX_WORD_BYTES) {
            return Err(SetupError::BadWords);
        }
        let key = stream_key(&seed, &words);
        let seating = draw_seating(&key);
        let mut draw = ShiftDraw::new(&key, &setup);
        let first = setup.unit.plies(draw.length(0));
        let block = setup.schedule.block_for_move(1);
        let core = Core {
            seating,
            phase: Phase::AwaitingStart,
            banks: Banks::new(block, block),
            ply: 0,
            shift: 0,
            shift_ply: 0,
            shift_plies: first,
            board: (mode == InputMode::Board).then(ChessBoard::default),
            agreed: [false; 3],
            swaps: Vec::new(),
            shift_ends: Vec::new(),
            before_swap: None,
            result: None,
            undo: None,
            corrections: Vec::new(),
            since_tap: SinceTap::default(),
        };
        Ok(Game {
            commitment: commitment(&setup, &seed),
            setup,
            seed,
            words,
            mode,
            key,
            initial_seating: seating,
            draw,
            core,
            events: Vec::new(),
        })
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn mode(&self) -> InputMode {
        self.mode
    }

    /// The commitment shown before move one (C-3), as lower-case hex.
    pub fn commitment_hex(&self) -> String {
        hex::encode(self.commitment)
    }

    /// The seed. The UI must not show it before the game is over (NS-9).
    pub fn seed(&self) -> &[u8; 32] {
        &self.seed
    }

    pub fn words(&self) -> &[String] {
        &self.words
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.core.result.as_ref()
    }

    pub fn seating(&self) -> Seating {
        self.core.seating
    }

    pub fn initial_seating(&self) -> Seating {
        self.initial_seating
    }

    /// Swaps that happened so far (public: everybody saw them, NS-10).
    pub fn swaps(&self) -> &[SwapRecord] {
        &self.core.swaps
    }

    /// C-4b: corrections made after an announced swap (public: the opponent
    /// allowed each on screen).
    pub fn corrections(&self) -> &[SwapCorrection] {
        &self.core.corrections
    }

    /// Half-moves played.
    pub fn ply(&self) -> u32 {
        self.core.ply
    }

    /// Remaining ms on a seat's bank at `now_ms`.
    pub fn remaining_ms(&self, seat: Colour, now_ms: u64) -> u64 {
        self.core.banks.remaining_ms(seat, now_ms)
    }

    /// The board in board mode.
    pub fn board(&self) -> Option<&ChessBoard> {
        self.core.board.as_ref()
    }

    /// Names of the people by index.
    pub fn names(&self) -> &[String; 3] {
        &self.setup.names
    }

    /// What the screen may show at `now_ms` (NS-9: nothing about the hidden
    /// schedule). A flag that fell before `now_ms` is shown as the end.
    pub fn view(&self, now_ms: u64) -> PublicView {
        if self.core.result.is_none() && self.core.banks.flagged(now_ms).is_some() {
            let mut g = self.clone();
            g.tick(now_ms);
            return g.view_now(now_ms);
        }
        self.view_now(now_ms)
    }

    fn view_now(&self, now_ms: u64) -> PublicView {
        let c = &self.core;
        let name = |p: Person| self.setup.names[usize::from(p)].clone();
        let side_to_move = Colour::of_ply(c.ply);
        let phase = match c.phase {
            Phase::AwaitingStart => ViewPhase::AwaitingFirstPress,
            Phase::Running => ViewPhase::Running,
            Phase::Paused => ViewPhase::Paused,
            Phase::AwaitingSeated => {
                let s = c.swaps.last().expect("a swap precedes AwaitingSeated");
                ViewPhase::AwaitingSeated {
                    stood_up: name(s.stood_up),
                    sat_down: name(s.sat_down),
                    colour: s.coin,
                }
            }
            Phase::Over => {
                let r = c.result.as_ref().expect("Over has a result");
                ViewPhase::Over {
                    outcome: r.outcome,
                    reason: r.reason,
                }
            }
        };
        let playing = matches!(
            c.phase,
            Phase::Running | Phase::Paused | Phase::AwaitingSeated
        );
        let board = c.board.as_ref();
        PublicView {
            mode: self.mode,
            commitment_hex: self.commitment_hex(),
            people: self.setup.names.clone(),
            white: name(c.seating.person_at(Seat::White)),
            black: name(c.seating.person_at(Seat::Black)),
            observer: name(c.seating.person_at(Seat::Observer)),
            side_to_move,
            phase,
            white_ms: c.banks.remaining_ms(Colour::White, now_ms),
            black_ms: c.banks.remaining_ms(Colour::Black, now_ms),
            clock_running: c.banks.running(),
            half_moves: c.ply,
            move_number: c.ply / 2 + 1,
            swaps: c.swaps.len() as u32,
            last_move_san: board.and_then(|b| b.sans().last().cloned()),
            last_move_uci: board.and_then(|b| b.ucis().last().cloned()),
            fen: board.map(ChessBoard::fen),
            in_check: board.is_some_and(ChessBoard::is_check),
            // Only when a move would be accepted right now.
            legal_moves_uci: match board {
                Some(b) if c.phase == Phase::Running => b.legal_moves_uci(),
                _ => Vec::new(),
            },
            claimable_draws: match board {
                Some(b) if playing => b.claimable(),
                _ => Vec::new(),
            },
            draw_agreed_by: (0..3u8)
                .filter(|&p| c.agreed[usize::from(p)])
                .map(name)
                .collect(),
            undo_available: c.undo.is_some() && c.result.is_none(),
            swap_correction: c.announced_swap().filter(|_| c.result.is_none()).map(
                |(s, mover, opponent, opponent_colour)| SwapCorrectionAsk {
                    mover: name(mover),
                    opponent: name(opponent),
                    opponent_person: opponent,
                    opponent_colour,
                    stood_up: name(s.stood_up),
                    sat_down: name(s.sat_down),
                    colour: s.coin,
                },
            ),
            last_mover: c.ply.checked_sub(1).map(|last| {
                let seating = c.before_swap.as_ref().map_or(c.seating, |(s, _)| *s);
                name(seating.person_at(Seat::of_colour(Colour::of_ply(last))))
            }),
            points: c.result.as_ref().map(|r| r.points),
        }
    }

    /// The hidden schedule, only once the game is over (NS-9).
    pub fn reveal(&self) -> Option<Reveal> {
        self.core.result.as_ref()?;
        let mut draw = self.draw.clone();
        let name = |p: Person| self.setup.names[usize::from(p)].clone();
        let mut shifts = Vec::new();
        let mut start = 0;
        for k in 0..=self.core.shift {
            let length = draw.length(k as usize);
            let ended_at_ply = self.core.shift_ends.get(k as usize).copied();
            let swap = self
                .core
                .swaps
                .iter()
                .find(|s| s.shift == k)
                .map(|s| RevealSwap {
                    stood_up: name(s.stood_up),
                    sat_down: name(s.sat_down),
                    colour: s.coin,
                });
            shifts.push(RevealShift {
                index: k,
                length,
                plies: self.setup.unit.plies(length),
                coin: draw.coin(k as usize),
                started_at_ply: start,
                ended_at_ply,
                swap,
            });
            start = ended_at_ply.unwrap_or(start);
        }
        let seat_names = |s: Seating| Seat::ALL.map(|seat| name(s.person_at(seat)));
        Some(Reveal {
            seed_hex: hex::encode(self.seed),
            key_hex: hex::encode(self.key),
            words: normalise_words(&self.words),
            commitment_hex: self.commitment_hex(),
            setup_text: self.setup.to_text(),
            initial_seating: seat_names(self.initial_seating),
            shifts,
        })
    }
}

impl Core {
    fn require_running(&self) -> Result<(), GameError> {
        match self.phase {
            Phase::Running => Ok(()),
            Phase::AwaitingStart => Err(GameError::NotStarted),
            Phase::Paused => Err(GameError::Paused),
            Phase::AwaitingSeated => Err(GameError::AwaitingSeated),
            Phase::Over => Err(GameError::GameOver),
        }
    }

    /// Validates and applies one event; returns it in canonical form (board
    /// moves are stored as UCI).
    fn step(
        &mut self,
        setup: &Setup,
        mode: InputMode,
        draw: &mut ShiftDraw,
        t: u64,
        event: Event,
    ) -> Result<Event, GameError> {
        if self.phase == Phase::Over {
            return Err(GameError::GameOver);
        }
        if let Some((seat, at_ms)) = self.banks.flagged(t)
            && event != Event::Flag
        {
            return Err(GameError::FlagFell { seat, at_ms });
        }
        let mut snapshot = None;
        let mut keep_undo = false;
        let mut canonical = event.clone();
        match event {
            Event::Start => {
                if self.phase != Phase::AwaitingStart {
                    return Err(GameError::AlreadyStarted);
                }
                self.phase = Phase::Running;
                self.banks.start(Colour::White, t);
            }
            Event::Press => {
                if mode != InputMode::Clock {
                    return Err(GameError::WrongMode {
                        needs: InputMode::Clock,
                    });
                }
                self.require_running()?;
                snapshot = Some(self.without_undo());
                self.before_swap = None;
                self.complete_half_move(setup, draw, t, None);
            }
            Event::Move { mv } => {
                if mode != InputMode::Board {
                    return Err(GameError::WrongMode {
                        needs: InputMode::Board,
                    });
                }
                self.require_running()?;
                snapshot = Some(self.without_undo());
                self.before_swap = None;
                let board = self.board.as_mut().expect("board mode has a board");
                let m = board
                    .parse_move(&mv)
                    .map_err(|why| GameError::IllegalMove { mv, why })?;
                board.play(m);
                canonical = Event::Move {
                    mv: board.ucis().last().cloned().unwrap_or_default(),
                };
                let end = board.automatic_end();
                self.complete_half_move(setup, draw, t, end);
            }
            Event::Seated => {
                if self.phase != Phase::AwaitingSeated {
                    return Err(GameError::NotAwaitingSeated);
                }
                self.phase = Phase::Running;
                self.banks.start(Colour::of_ply(self.ply), t);
                self.since_tap.start(t);
                keep_undo = true;
            }
            // Players pause exactly to sort out a mis-tap: undo stays (C-4a).
            Event::Pause => {
                self.require_running()?;
                self.banks.stop(t);
                self.since_tap.stop(t);
                self.phase = Phase::Paused;
                keep_undo = true;
            }
            Event::Resume => {
                if self.phase != Phase::Paused {
                    return Err(GameError::NotPaused);
                }
                self.phase = Phase::Running;
                self.banks.start(Colour::of_ply(self.ply), t);
                self.since_tap.start(t);
                keep_undo = true;
            }
            Event::UndoPress => {
                if let Some((_, _, opponent, _)) = self.announced_swap() {
                    return Err(GameError::SwapAnnounced { opponent });
                }
                let before = self.undo.take().ok_or(GameError::NothingToUndo)?;
                *self = self.corrected(*before, t);
                return Ok(canonical);
            }
            Event::CorrectAfterSwap { by } => {
                let (swap, mover, opponent, _) = match self.announced_swap() {
                    Some(found) => found,
                    None if self.undo.is_some() => return Err(GameError::NoAnnouncedSwap),
                    None => return Err(GameError::NothingToUndo),
                };
                if by != opponent {
                    return Err(GameError::SwapAnnounced { opponent });
                }
                let record = SwapCorrection {
                    ply: self.ply,
                    taken_back: self.board.as_ref().and_then(|b| b.sans().last().cloned()),
                    mover,
                    allowed_by: by,
                    coin: swap.coin,
                    stood_up: swap.stood_up,
                    sat_down: swap.sat_down,
                };
                let mut corrections = std::mem::take(&mut self.corrections);
                corrections.push(record);
                let before = self.undo.take().ok_or(GameError::NothingToUndo)?;
                // The state before the press is still inside this shift, one
                // half-move from its end, with the same seats: the replacement
                // ends it with the same coin (`ShiftDraw` is indexed by shift).
                *self = self.corrected(*before, t);
                self.corrections = corrections;
                return Ok(canonical);
            }
            Event::Flag => {
                let (seat, _) = self.banks.flagged(t).ok_or(GameError::NoFlag)?;
                self.finish(setup, Outcome::Win(seat.other()), EndReason::Flag, t);
            }
            Event::Resign { seat } => {
                self.finish(setup, Outcome::Win(seat.other()), EndReason::Resignation, t);
            }
            Event::AgreeDraw { person } => {
                let slot = self
                    .agreed
                    .get_mut(usize::from(person))
                    .ok_or(GameError::UnknownPerson(person))?;
                if *slot {
                    return Err(GameError::AlreadyAgreed(person));
                }
                *slot = true;
                if self.agreed.iter().all(|&a| a) {
                    self.finish(setup, Outcome::Draw, EndReason::AgreedDraw, t);
                }
            }
            Event::ClaimDraw { claim } => {
                let board = self.board.as_ref().ok_or(GameError::WrongMode {
                    needs: InputMode::Board,
                })?;
                if self.phase == Phase::AwaitingStart || !board.claimable().contains(&claim) {
                    return Err(GameError::ClaimNotAvailable(claim));
                }
                let reason = match claim {
                    DrawClaim::Threefold => EndReason::ThreefoldClaim,
                    DrawClaim::FiftyMoves => EndReason::FiftyMoveClaim,
                };
                self.finish(setup, Outcome::Draw, reason, t);
            }
            Event::ReportMate { winner } => {
                self.check_report(mode)?;
                if winner != Colour::of_ply(self.ply - 1) {
                    return Err(GameError::WrongWinner);
                }
                self.cancel_pending_swap();
                self.finish(setup, Outcome::Win(winner), EndReason::Checkmate, t);
            }
            Event::ReportStalemate => {
                self.check_report(mode)?;
                self.cancel_pending_swap();
                self.finish(setup, Outcome::Draw, EndReason::Stalemate, t);
            }
        }
        if snapshot.is_some() {
            self.since_tap = SinceTap {
                tap_ms: t,
                ran_ms: 0,
                running_since: (self.phase == Phase::Running).then_some(t),
            };
        }
        self.undo = match snapshot {
            Some(s) => Some(s),
            None if keep_undo => self.undo.take(),
            None => None,
        };
        Ok(canonical)
    }

    /// C-4a: the state before the mistaken press, with the tapper's bank as it
    /// was at the tap less the time a clock ran since, and the opponent's bank
    /// as it was at the tap. A pause in force stays in force.
    fn corrected(&self, mut before: Core, t: u64) -> Core {
        let tapper = Colour::of_ply(before.ply);
        let tap = self.since_tap.tap_ms;
        let mut left = [Colour::White, Colour::Black].map(|c| before.banks.remaining_ms(c, tap));
        left[tapper.index()] = left[tapper.index()].saturating_sub(self.since_tap.ran_at(t));
        before.banks.reset(left[0], left[1], t);
        if self.phase == Phase::Paused {
            before.phase = Phase::Paused;
        } else {
            before.phase = Phase::Running;
            before.banks.start(tapper, t);
        }
        before
    }

    /// C-4b: when the half-move `UndoPress` would take back announced a swap
    /// (on the notice, or after "seated" before the next move): that swap, the
    /// mover and the mover's opponent (the other colour's player then).
    /// The announced swap, who made the half-move that announced it, and the
    /// opponent with the seat colour they still sit in.
    fn announced_swap(&self) -> Option<(&SwapRecord, Person, Person, Colour)> {
        let before = self.undo.as_deref()?;
        if self.swaps.len() <= before.swaps.len() {
            return None;
        }
        let swap = self.swaps.last()?;
        let mover = Colour::of_ply(before.ply);
        Some((
            swap,
            before.seating.person_at(Seat::of_colour(mover)),
            before.seating.person_at(Seat::of_colour(mover.other())),
            mover.other(),
        ))
    }

    fn without_undo(&self) -> Box<Core> {
        let mut c = self.clone();
        c.undo = None;
        Box::new(c)
    }

    fn check_report(&self, mode: InputMode) -> Result<(), GameError> {
        if mode != InputMode::Clock {
            return Err(GameError::WrongMode {
                needs: InputMode::Clock,
            });
        }
        if self.ply == 0 {
            return Err(GameError::NoMoveYet);
        }
        Ok(())
    }

    /// A clock-mode report after a shift-ending press (on the swap notice, or
    /// after `Seated` but before the next press): the game ended on that move,
    /// so the swap never happened (NS-3 "and the game has not").
    fn cancel_pending_swap(&mut self) {
        if let Some((seating, banks)) = self.before_swap.take() {
            self.seating = seating;
            self.banks = banks;
            self.swaps.pop();
            self.shift -= 1;
            self.shift_ply = self.shift_plies_of_ended();
            self.shift_plies = self.shift_ply;
        }
    }

    fn shift_plies_of_ended(&self) -> u32 {
        let end = self.shift_ends.last().copied().unwrap_or(0);
        let start = if self.shift_ends.len() >= 2 {
            self.shift_ends[self.shift_ends.len() - 2]
        } else {
            0
        };
        end - start
    }

    /// NS-2…NS-5: a half-move is complete. `end` is the board's verdict.
    fn complete_half_move(
        &mut self,
        setup: &Setup,
        draw: &mut ShiftDraw,
        t: u64,
        end: Option<BoardEnd>,
    ) {
        self.ply += 1;
        self.shift_ply += 1;
        self.agreed = [false; 3];
        let shift_over = self.shift_ply >= self.shift_plies;
        if shift_over {
            self.shift_ends.push(self.ply);
        }
        if let Some(end) = end {
            // The game ends on this move: no swap even if the shift ended too.
            let (outcome, reason) = match end {
                BoardEnd::Checkmate { winner } => (Outcome::Win(winner), EndReason::Checkmate),
                BoardEnd::Stalemate => (Outcome::Draw, EndReason::Stalemate),
                BoardEnd::InsufficientMaterial => (Outcome::Draw, EndReason::InsufficientMaterial),
                BoardEnd::FivefoldRepetition => (Outcome::Draw, EndReason::FivefoldRepetition),
                BoardEnd::SeventyFiveMoves => (Outcome::Draw, EndReason::SeventyFiveMoves),
            };
            self.banks.press(t, 0);
            self.finish(setup, outcome, reason, t);
            return;
        }
        let mover = Colour::of_ply(self.ply - 1);
        let credit = setup
            .schedule
            .block_for_move(next_move_number(self.ply, mover));
        if !shift_over {
            self.banks.press(t, credit);
            return;
        }
        // Keep what a mate report would need to cancel this swap.
        let mut pressed = self.banks.clone();
        pressed.press(t, credit);
        pressed.stop(t);
        self.before_swap = Some((self.seating, pressed));
        let coin = draw.coin(self.shift as usize);
        let stood_up = self.seating.person_at(Seat::of_colour(coin));
        let sat_down = self.seating.person_at(Seat::Observer);
        self.swaps.push(SwapRecord {
            shift: self.shift,
            after_ply: self.ply,
            coin,
            stood_up,
            sat_down,
        });
        self.seating.swap_with_observer(coin);
        // NS-5: one block each (for that colour's next move, NS-7), plus the
        // seater's bonus; the clocks stand until `Seated`.
        let mut fresh = [Colour::White, Colour::Black]
            .map(|c| setup.schedule.block_for_move(next_move_number(self.ply, c)));
        fresh[coin.index()] += setup.bonus_ms(fresh[coin.index()]);
        self.banks.reset(fresh[0], fresh[1], t);
        self.shift += 1;
        self.shift_ply = 0;
        self.shift_plies = setup.unit.plies(draw.length(self.shift as usize));
        self.phase = Phase::AwaitingSeated;
    }

    /// NS-8: points to the people seated now.
    fn finish(&mut self, setup: &Setup, outcome: Outcome, reason: EndReason, t: u64) {
        self.banks.stop(t);
        self.phase = Phase::Over;
        self.before_swap = None;
        let p = setup.points;
        let mut points = [0u32; 3];
        for seat in Seat::ALL {
            let person = usize::from(self.seating.person_at(seat));
            points[person] = match (outcome, seat) {
                (Outcome::Draw, _) => p.draw,
                (Outcome::Win(_), Seat::Observer) => p.observer,
                (Outcome::Win(w), s) if s == Seat::of_colour(w) => p.win,
                (Outcome::Win(_), _) => p.loss,
            };
        }
        self.result = Some(GameResult {
            outcome,
            reason,
            at_ms: t,
            seating: self.seating,
            points,
        });
    }
}

/// The game's phase as the screen may show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewPhase {
    /// Waiting for the first tap (`Event::Start`).
    AwaitingFirstPress,
    Running,
    Paused,
    /// NS-10: announce the swap; clocks stand until `Event::Seated`.
    AwaitingSeated {
        stood_up: String,
        sat_down: String,
        colour: Colour,
    },
    Over {
        outcome: Outcome,
        reason: EndReason,
    },
}

/// Everything the screen may show. By construction it holds nothing about the
/// current shift's length, the moves left in it or the next coin (NS-9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicView {
    pub mode: InputMode,
    pub commitment_hex: String,
    /// Names by person index (the order of the setup).
    pub people: [String; 3],
    pub white: String,
    pub black: String,
    pub observer: String,
    pub side_to_move: Colour,
    pub phase: ViewPhase,
    pub white_ms: u64,
    pub black_ms: u64,
    pub clock_running: Option<Colour>,
    pub half_moves: u32,
    /// Full-move number of the move being played.
    pub move_number: u32,
    /// Swaps so far (all were announced publicly).
    pub swaps: u32,
    pub last_move_san: Option<String>,
    pub last_move_uci: Option<String>,
    pub fen: Option<String>,
    pub in_check: bool,
    pub legal_moves_uci: Vec<String>,
    pub claimable_draws: Vec<DrawClaim>,
    pub draw_agreed_by: Vec<String>,
    pub undo_available: bool,
    /// C-4b: the undo on offer takes back a half-move whose swap was
    /// announced; it needs the opponent's confirmation (`CorrectAfterSwap`).
    pub swap_correction: Option<SwapCorrectionAsk>,
    /// Who made the last half-move (before any swap it triggered that a mate
    /// report would still cancel): the name a mate report credits.
    pub last_mover: Option<String>,
    /// Points per person when the game is over (NS-8).
    pub points: Option<[u32; 3]>,
}

/// C-4b: what the opponent is asked before a correction after an announced swap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwapCorrectionAsk {
    pub mover: String,
    pub opponent: String,
    /// The person whose confirmation is sent (`CorrectAfterSwap { by }`).
    pub opponent_person: Person,
    /// The seat the opponent still sits in (the question faces it).
    pub opponent_colour: Colour,
    /// The announced swap, kept after the correction.
    pub stood_up: String,
    pub sat_down: String,
    pub colour: Colour,
}

/// The reveal after the game: the full drawn schedule next to what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    pub seed_hex: String,
    pub key_hex: String,
    /// Player words after normalisation.
    pub words: Vec<String>,
    pub commitment_hex: String,
    pub setup_text: String,
    /// Names on White, Black, Observer at the start.
    pub initial_seating: [String; 3],
    pub shifts: Vec<RevealShift>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RevealShift {
    pub index: u32,
    /// Drawn length in the setup's unit, and in half-moves.
    pub length: u32,
    pub plies: u32,
    /// The drawn coin for the end of this shift.
    pub coin: Colour,
    pub started_at_ply: u32,
    /// Game ply at which it ended, if it ran to its end.
    pub ended_at_ply: Option<u32>,
    /// The swap it caused (none if the game ended first or on its last move).
    pub swap: Option<RevealSwap>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RevealSwap {
    pub stood_up: String,
    pub sat_down: String,
    pub colour: Colour,
}

// ---- JSON ------------------------------------------------------------------
// Events are internally tagged (`{"type":"move","mv":"e2e4"}`); the view is
// written only (tests check what a screen could ever see).

json_names! {
    EndReason {
        Checkmate = "checkmate",
        Stalemate = "stalemate",
        InsufficientMaterial = "insufficient_material",
        FivefoldRepetition = "fivefold_repetition",
        SeventyFiveMoves = "seventy_five_moves",
        ThreefoldClaim = "threefold_claim",
        FiftyMoveClaim = "fifty_move_claim",
        Flag = "flag",
        Resignation = "resignation",
        AgreedDraw = "agreed_draw",
    }
}

impl GameModule for Game {
    const ID: &'static str = GAME_NORDAU_SHIFT;
    type Event = Event;
    type Error = GameError;

    fn events(&self) -> &[Timed] {
        &self.events
    }

    fn record(&mut self, timed: Timed) {
        self.events.push(timed);
    }

    /// The draw is extended as shifts are reached: a refused event's
    /// extension is the same one the next accepted event would make.
    fn step(&mut self, t_ms: u64, event: Event) -> Result<Event, GameError> {
        self.core
            .step(&self.setup, self.mode, &mut self.draw, t_ms, event)
    }

    fn time_went_backwards(last_ms: u64, got_ms: u64) -> GameError {
        GameError::TimeWentBackwards { last_ms, got_ms }
    }

    /// NS-6: the running bank is empty.
    fn fallen_flag(&self, now_ms: u64) -> Option<(u64, Event)> {
        self.core
            .banks
            .flagged(now_ms)
            .map(|(_, at)| (at, Event::Flag))
    }

    fn is_over(&self) -> bool {
        self.core.result.is_some()
    }

    fn running_ms(&self, now_ms: u64) -> [Option<u64>; 2] {
        let banks = &self.core.banks;
        [banks.running().map(|c| banks.remaining_ms(c, now_ms)), None]
    }

    /// The three in the setup's order, with their seat points (NS-8).
    fn club_end(&self, info: &PgnInfo) -> Option<GameEnd> {
        let (outcomes, points) = outcomes::nordau(self.result()?);
        Some(GameEnd {
            game: ClubGame::Nordau,
            names: self.names().to_vec(),
            result: TableResult {
                outcomes,
                seat_points: Some(points),
                record: to_pgn(self, info).unwrap_or_else(|_| Logged::to_json(self)),
            },
        })
    }
}

tagged_json! {
    Event by "type" {
        Start = "start", Press = "press", Move { mv } = "move", Seated = "seated",
        Pause = "pause", Resume = "resume", UndoPress = "undo_press",
        CorrectAfterSwap { by } = "correct_after_swap", Flag = "flag",
        Resign { seat } = "resign", AgreeDraw { person } = "agree_draw",
        ClaimDraw { claim } = "claim_draw", ReportMate { winner } = "report_mate",
        ReportStalemate = "report_stalemate",
    }
}

impl ToJson for ViewPhase {
    fn to_json(&self) -> Json {
        match self {
            ViewPhase::AwaitingFirstPress => tagged("phase", "awaiting_first_press", []),
            ViewPhase::Running => tagged("phase", "running", []),
            ViewPhase::Paused => tagged("phase", "paused", []),
            ViewPhase::AwaitingSeated {
                stood_up,
                sat_down,
                colour,
            } => tagged(
                "phase",
                "awaiting_seated",
                [
                    ("stood_up", f(stood_up)),
                    ("sat_down", f(sat_down)),
                    ("colour", f(colour)),
                ],
            ),
            ViewPhase::Over { outcome, reason } => tagged(
                "phase",
                "over",
                [("outcome", f(outcome)), ("reason", f(reason))],
            ),
        }
    }
}

impl ToJson for PublicView {
    fn to_json(&self) -> Json {
        obj([
            ("mode", f(&self.mode)),
            ("commitment_hex", f(&self.commitment_hex)),
            ("people", f(&self.people)),
            ("white", f(&self.white)),
            ("black", f(&self.black)),
            ("observer", f(&self.observer)),
            ("side_to_move", f(&self.side_to_move)),
            ("phase", f(&self.phase)),
            ("white_ms", f(&self.white_ms)),
            ("black_ms", f(&self.black_ms)),
            ("clock_running", f(&self.clock_running)),
            ("half_moves", f(&self.half_moves)),
            ("move_number", f(&self.move_number)),
            ("swaps", f(&self.swaps)),
            ("last_move_san", f(&self.last_move_san)),
            ("last_move_uci", f(&self.last_move_uci)),
            ("fen", f(&self.fen)),
            ("in_check", f(&self.in_check)),
            ("legal_moves_uci", f(&self.legal_moves_uci)),
            ("claimable_draws", f(&self.claimable_draws)),
            ("draw_agreed_by", f(&self.draw_agreed_by)),
            ("undo_available", f(&self.undo_available)),
            ("swap_correction", f(&self.swap_correction)),
            ("last_mover", f(&self.last_mover)),
            ("points", f(&self.points)),
        ])
    }
}

impl ToJson for SwapCorrectionAsk {
    fn to_json(&self) -> Json {
        obj([
            ("mover", f(&self.mover)),
            ("opponent", f(&self.opponent)),
            ("opponent_person", f(&self.opponent_person)),
            ("stood_up", f(&self.stood_up)),
            ("sat_down", f(&self.sat_down)),
            ("colour", f(&self.colour)),
        ])
    }
}

serde_via_json!(ser PublicView);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ns_6_flag_loses_even_when_the_opponent_cannot_mate() {
        // White: king and rook; Black: a lone king that could never mate.
        // FIDE would call White's flag a draw; NS-6 says White loses.
        let mut g = Game::new(
            Setup::standard(["A", "B", "C"]),
            [1; 32],
            vec![],
            InputMode::Board,
        )
        .unwrap();
        g.core.board = ChessBoard::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        g.apply(0, Event::Start).unwrap();
        assert!(g.tick(15_000));
        let r = g.result().unwrap();
        assert_eq!(
            (r.outcome, r.reason),
            (Outcome::Win(Colour::Black), EndReason::Flag)
        );
    }

    #[test]
    fn ns_7_next_move_number_per_colour() {
        // After 0 half-moves both colours play move 1; after White's first
        // move White's next is move 2 and Black's still move 1.
        assert_eq!(next_move_number(0, Colour::White), 1);
        assert_eq!(next_move_number(0, Colour::Black), 1);
        assert_eq!(next_move_number(1, Colour::White), 2);
        assert_eq!(next_move_number(1, Colour::Black), 1);
        assert_eq!(next_move_number(80, Colour::White), 41);
        assert_eq!(next_move_number(80, Colour::Black), 41);
        assert_eq!(next_move_number(81, Colour::Black), 41);
    }
}
