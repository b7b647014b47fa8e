//! A card-series duel at the table (CS-1…CS-9, C-1, C-2, C-4): the setup,
//! the timestamped events, the stacks, the optional Fischer clock and, in
//! board mode, the board.
//!
//! Every state is the replay of (setup, seed and words for blind stacks,
//! events): [`CsGame::apply`] checks an event completely on a copy and only
//! then keeps the copy, so a refused event changes nothing.
//!
//! **Interpretations** (RULES.md leaves these to the app; docs/cards.md
//! explains each):
//! - Turns alternate as on a normal clock: a series, the opponent's series
//!   or one reply (CS-6), and so on. The clock is pressed once per turn, at
//!   the hand-over, so the mover's clock runs through the whole series
//!   (CS-9) and the Fischer increment is credited once per turn. With secret
//!   stacks the hand-over press is the submission of the next mover's stack:
//!   the arranger is the player whose clock is running (after a series, the
//!   mover who just finished; after a reply, the defender who just replied),
//!   so arranging costs the arranger's time. Before move one Black arranges
//!   White's first stack with the clock standing.
//! - A refused move never happened: it spends no en-passant right and adds
//!   no position to the repetition history. "The first move after the
//!   double step" (CS-9) is the first move that stands.
//! - CS-4 compares moves by the piece type and their UCI (from, to,
//!   promotion; castling as the king's move) within one series: after a
//!   refused Be2 the king may still go f1–e2 (the rule's Interpretation). A
//!   reply has no cards and no forbidden moves.
//! - CS-7: when every legal move of the player to move was refused in this
//!   series, the game is stalemate, even in check (a mate needs no legal
//!   move at all).
//! - A move that leaves the opponent without a legal move ends the game
//!   only when the opponent is to move (a checking move ends the series at
//!   once; otherwise at the end of the series).
//! - A reply that gives check changes nothing: the attacker's new series
//!   starts in check and its first moves must answer it.
//! - Clock mode cannot see the board: the mover reports whether the move
//!   gives check when it is played, before its card is turned; a No card
//!   cancels the check (CS-9). Mate and stalemate are reported.
//! - The 50- and 75-move rules count accepted moves (100 and 150 in a row
//!   without a capture or a pawn move, whoever made them).
//! - There is no undo of a move whose card was turned: it stands as the
//!   card says (C-4a), and time mistakes are fixed by the adjustment in
//!   pause. A series move's card is turned by the very tap (board mode: the
//!   move) that ends it, so the one tap C-4a's "Undo last tap" corrects is
//!   the reply to a check (CS-6, no card), while no card has been turned
//!   since: `UndoTap` takes the reply back, and with it the hand-over press
//!   it made (blind stacks) or the next stack laid after it (secret stacks:
//!   its submission was the press; the defender lays it again). The time
//!   since is charged to the defender who tapped (`ChessClock::undo_press`).

use crate::referee::PgnInfo;
use crate::referee::cards::pgn::cs_to_pgn;
use crate::referee::cards::rules::{CardsBoard, CsBoardEnd};
use crate::referee::cards::setup::{CsClock, CsSetup, CsSetupError, StackSource, cs_commitment};
use crate::referee::cards::stack::{BlindStacks, Card, STACK_SIZE, Stack};
use crate::referee::chess_clock::{ChessClock, ClockError};
use crate::referee::chessboard::{DrawClaim, MoveError};
use crate::referee::club::{ClubGame, GameEnd, outcomes};
use crate::referee::commitment::{MAX_WORD_BYTES, MAX_WORDS};
use crate::referee::commitment::{normalise_words, stream_key};
use crate::referee::committed::ShownCommitment;
use crate::referee::common::{Colour, InputMode, Outcome};
use crate::referee::evening::{DrawFate, DrawRecord as EveningDraw};
use crate::referee::json::{
    FromJson, Json, JsonError, JsonResult, Obj, ToJson, f, json_names, obj,
};
use crate::referee::log::{self, DrawRecord, Timed};
use crate::referee::module::{GameModule, Logged, module_plumbing, restore_drawn, start_drawn};
use crate::referee::tagged::tagged_json;
use serde_json::Value;
use std::fmt;

/// Game module id of card-series logs and saves.
pub const GAME_CARDS: &str = "cards";
/// Longest accepted clock-mode note on a move, in bytes.
pub const MAX_NOTE_BYTES: usize = 32;

/// What the players report in clock mode, where the app cannot see the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsReport {
    Checkmate {
        winner: Colour,
    },
    /// Including CS-7's stalemate made of forbidden moves.
    Stalemate,
}

/// Everything that can happen in a game; stored with its timestamp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsEvent {
    /// Secret stacks: the arranger submits the next mover's stack (CS-3).
    /// After the start this is also the arranger's clock press.
    SetStack {
        stack: Stack,
    },
    /// The starting press: Black presses, White's clock runs.
    Start,
    /// Board mode: a move in UCI or SAN: a series move (its card is turned)
    /// or the reply to a check.
    Move {
        mv: String,
    },
    /// Clock mode: the move was made on the physical board; `check` if it
    /// gives check (reported before the card is turned); `note` optionally
    /// names it (`Nf3`) so refused moves can be listed.
    Played {
        check: bool,
        note: Option<String>,
    },
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
    /// Clock mode: mate or stalemate on the physical board.
    Report(CsReport),
    /// C-4a: the last tap (a reply to a check, no card turned since) was a
    /// mistake; it is taken back and the time since it is charged to the
    /// player who tapped.
    UndoTap,
    /// The running clock reached zero (recorded at that instant).
    Flag,
}

/// An event and the time (ms) it happened at.
pub type CsTimed = Timed<CsEvent>;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsReason {
    Checkmate,
    Stalemate,
    /// CS-7: every legal move was refused in this series.
    ForbiddenStalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
    ThreefoldClaim,
    FiftyMovesClaim,
    Agreement,
    Resignation,
    Flag,
}

impl CsReason {
    /// The rule that ended the game (RULES.md).
    pub fn rule(self) -> &'static str {
        match self {
            CsReason::Checkmate | CsReason::Stalemate | CsReason::Agreement => "CS-7",
            CsReason::ForbiddenStalemate => "CS-7",
            _ => "C-2",
        }
    }

    /// English wording for records; the UI has its own texts.
    pub fn describe(self) -> &'static str {
        match self {
            CsReason::Checkmate => "checkmate",
            CsReason::Stalemate => "stalemate",
            CsReason::ForbiddenStalemate => {
                "stalemate: every legal move was refused in this series"
            }
            CsReason::InsufficientMaterial => "insufficient material",
            CsReason::FivefoldRepetition => "fivefold repetition",
            CsReason::SeventyFiveMoves => "75-move rule",
            CsReason::ThreefoldClaim => "threefold repetition (claimed)",
            CsReason::FiftyMovesClaim => "50-move rule (claimed)",
            CsReason::Agreement => "draw by agreement",
            CsReason::Resignation => "resignation",
            CsReason::Flag => "time",
        }
    }
}

/// How and when the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CsResult {
    pub outcome: Outcome,
    pub reason: CsReason,
    pub at_ms: u64,
}

/// Why an event or a setup was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsError {
    Setup(CsSetupError),
    /// Blind stacks need a seed ([`CsGame::new_blind`]); secret ones none.
    WrongConstructor,
    /// More than 16 words or a word over 256 bytes.
    Words,
    Clock(ClockError),
    /// The move text is unreadable, illegal or ambiguous.
    Move {
        text: String,
        error: MoveError,
    },
    /// CS-4: refused by a No card earlier in this series.
    Forbidden {
        san: String,
    },
    /// The next series cannot begin before `mover`'s stack is arranged.
    StackNeeded {
        mover: Colour,
    },
    /// No stack is wanted now.
    NoStackNeeded,
    /// Stacks are blind: the seed deals them.
    BlindStacks,
    /// A clock-mode note longer than [`MAX_NOTE_BYTES`].
    NoteTooLong,
    /// C-4a: the last move's card was turned; the move stands as it says.
    CardTurned,
    /// C-4a: no move has been made that a correction could take back.
    NoTapToCorrect,
    GameOver,
    NotStarted,
    AlreadyStarted,
    /// The event belongs to the other input mode.
    WrongMode,
    /// The game has no clock.
    NoClock,
    Paused,
    NoClaim,
    NoFlag,
    TimeWentBackwards,
}

impl fmt::Display for CsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsError::Setup(e) => write!(f, "{e}"),
            CsError::WrongConstructor => {
                write!(f, "blind stacks need a seed, secret stacks none")
            }
            CsError::Words => write!(
                f,
                "at most {MAX_WORDS} words of at most {MAX_WORD_BYTES} bytes"
            ),
            CsError::Clock(e) => write!(f, "{e}"),
            CsError::Move { text, error } => write!(f, "{text:?}: {error}"),
            CsError::Forbidden { san } => write!(
                f,
                "{san} was refused by a No card in this series and may not be played again in it (CS-4)"
            ),
            CsError::StackNeeded { mover } => write!(
                f,
                "{} must first arrange the stack for {}'s series",
                mover.other().name(),
                mover.name()
            ),
            CsError::NoStackNeeded => write!(f, "no stack is needed now"),
            CsError::BlindStacks => write!(f, "the stacks are dealt from the seed"),
            CsError::NoteTooLong => write!(f, "a note has at most {MAX_NOTE_BYTES} bytes"),
            CsError::CardTurned => write!(
                f,
                "the last move's card was turned, so it stands as the card says (C-4a); a time mistake is fixed by the time adjustment in pause"
            ),
            CsError::NoTapToCorrect => write!(f, "there is no tap to correct yet"),
            CsError::GameOver => write!(f, "the game is over"),
            CsError::NotStarted => write!(f, "the game has not been started"),
            CsError::AlreadyStarted => write!(f, "the game was started already"),
            CsError::WrongMode => write!(f, "not possible in this input mode"),
            CsError::NoClock => write!(f, "this game has no clock"),
            CsError::Paused => write!(f, "the clock is paused"),
            CsError::NoClaim => write!(f, "there is no such draw to claim"),
            CsError::NoFlag => write!(f, "no flag has fallen"),
            CsError::TimeWentBackwards => write!(f, "time went backwards"),
        }
    }
}

impl std::error::Error for CsError {}

impl From<ClockError> for CsError {
    fn from(e: ClockError) -> Self {
        CsError::Clock(e)
    }
}

/// One turned card and the move it judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub card: Card,
    /// Board mode: SAN with `+`/`#`; clock mode: the players' note, if any.
    pub text: Option<String>,
    /// Board mode: the move's UCI.
    pub uci: Option<String>,
    /// What CS-4 compares: in board mode the piece type and the UCI
    /// (`kf1e2`); in clock mode the named move ([`named_key`]).
    pub key: Option<String>,
    /// The move gave check and the check counted (its card was Yes).
    pub check: bool,
    pub at_ms: u64,
}

/// How a series ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesEnd {
    /// All six cards were turned.
    Complete,
    /// An accepted move gave check (CS-6).
    Check,
    /// The game ended during the series.
    GameOver,
}

/// What CS-4 compares of a move named in clock mode: the note without
/// surrounding spaces and without the check, mate and comment marks a player
/// may add or leave out (`Nf3+`, `Nf3!` and ` Nf3` name `Nf3`). Letters keep
/// their case: `Bc4` (bishop) and `bc4` (pawn) are two moves.
pub fn named_key(note: &str) -> String {
    note.trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .trim()
        .to_owned()
}

/// A series as it was played. The stack is private to the module until the
/// series is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Series {
    pub(super) mover: Colour,
    pub(super) stack: Stack,
    pub(super) attempts: Vec<Attempt>,
    pub(super) end: Option<SeriesEnd>,
}

impl Series {
    /// CS-4's keys of the moves refused in this series.
    fn refused_keys(&self) -> Vec<String> {
        self.refused(|a| a.key.clone())
    }

    fn refused_ucis(&self) -> Vec<String> {
        self.refused(|a| a.uci.clone())
    }

    fn refused(&self, part: impl Fn(&Attempt) -> Option<String>) -> Vec<String> {
        self.attempts
            .iter()
            .filter(|a| a.card == Card::No)
            .filter_map(part)
            .collect()
    }

    fn view(&self, number: usize) -> SeriesView {
        SeriesView {
            number,
            mover: self.mover,
            attempts: self.attempts.clone(),
            cards_left: STACK_SIZE - self.attempts.len(),
            end: self.end,
            stack: self.end.map(|_| self.stack.to_text()),
        }
    }
}

/// The one move without cards that answers a check (CS-6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyRecord {
    pub colour: Colour,
    /// Board mode: SAN; clock mode: the note, if any.
    pub text: Option<String>,
    pub uci: Option<String>,
    pub check: bool,
    pub at_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Turn {
    Series(Series),
    Reply(ReplyRecord),
}

/// A series as the screen may show it: only turned cards, and the whole
/// stack once the series is over (the stack is then spent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesView {
    /// 1-based, counting every series of the game.
    pub number: usize,
    pub mover: Colour,
    /// The turned cards, in order, with their moves.
    pub attempts: Vec<Attempt>,
    pub cards_left: usize,
    pub end: Option<SeriesEnd>,
    /// `YNYNNY` once the series is over; `None` while it runs.
    pub stack: Option<String>,
}

impl SeriesView {
    /// The moves refused so far (CS-4's list), as the attempts name them.
    pub fn refused(&self) -> Vec<Option<String>> {
        self.attempts
            .iter()
            .filter(|a| a.card == Card::No)
            .map(|a| a.text.clone())
            .collect()
    }
}

/// A turn of the game's history, as the screen may show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnView {
    Series(SeriesView),
    Reply(ReplyRecord),
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsPhase {
    /// Secret stacks: `mover.other()` arranges the stack of `mover`'s next
    /// series on a private screen.
    AwaitingStack {
        mover: Colour,
    },
    /// Waiting for the starting press.
    AwaitingStart,
    /// A series is running.
    Series,
    /// The checked player answers with one move (CS-6).
    Reply,
    Over,
}

/// What the reveal shows after a blind game (C-3).
pub type CsReveal = crate::referee::committed::DrawReveal;

/// Everything a screen shows at one instant. Holds no unturned card.
#[derive(Clone, Debug, PartialEq)]
pub struct CsView {
    pub mode: InputMode,
    pub white: String,
    pub black: String,
    pub stacks: StackSource,
    pub phase: CsPhase,
    pub paused: bool,
    /// Whose move it is (the mover in a series, the checked player in a
    /// reply, the next mover while a stack is arranged).
    pub side_to_move: Colour,
    /// The current series, or the last one while the next stack is arranged.
    pub series: Option<SeriesView>,
    /// Series begun so far.
    pub series_count: usize,
    /// Remaining time `[white, black]` (ms), if the game has a clock.
    pub remaining_ms: Option<[u64; 2]>,
    pub running: Option<Colour>,
    pub fen: Option<String>,
    pub in_check: bool,
    pub last_move_san: Option<String>,
    pub last_move_uci: Option<String>,
    /// Board mode, while a move is wanted: legal moves CS-4 allows, UCI, sorted.
    pub legal_moves_uci: Vec<String>,
    /// Board mode: the moves refused in the running series (CS-4), UCI.
    pub forbidden_uci: Vec<String>,
    pub claimable: Vec<DrawClaim>,
    /// C-4a: whether the last tap (a reply, no card turned since) may be
    /// corrected now.
    pub can_correct_tap: bool,
    pub result: Option<CsResult>,
    /// Blind stacks: the commitment shown before move one.
    pub commitment_hex: Option<String>,
    /// Blind stacks, once the game is over: what to check it with.
    pub reveal: Option<CsReveal>,
}

#[derive(Clone, PartialEq)]
struct Blind {
    seed: [u8; 32],
    words: Vec<String>,
    commitment: [u8; 32],
    stacks: BlindStacks,
}

impl fmt::Debug for Blind {
    /// Never the seed (it deals every coming stack).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Blind {{ commitment: {} }}",
            hex::encode(self.commitment)
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Secret stacks: `mover`'s next series waits for its stack.
    NeedStack(Colour),
    /// The last turn is a running series.
    Series,
    /// `defender` answers a check.
    Reply(Colour),
}

/// The move of a series or a reply, as entered.
enum Input<'a> {
    Board(&'a str),
    Clock { check: bool, note: Option<String> },
}

/// A card-series duel: setup, events, and the state they replay to.
#[derive(Clone, Debug, PartialEq)]
pub struct CsGame {
    setup: CsSetup,
    blind: Option<Blind>,
    events: Vec<CsTimed>,
    clock: Option<ChessClock>,
    board: Option<CardsBoard>,
    turns: Vec<Turn>,
    series_count: usize,
    stage: Stage,
    started: bool,
    result: Option<CsResult>,
}

impl CsGame {
    /// A game with secret stacks, waiting for White's first stack.
    pub fn new(setup: CsSetup) -> Result<CsGame, CsError> {
        if setup.stacks != StackSource::Secret {
            return Err(CsError::WrongConstructor);
        }
        CsGame::create(setup, None)
    }

    /// A game with blind stacks dealt from `seed` and the players' `words`
    /// (typed after the commitment [`cs_commitment`] was shown).
    pub fn new_blind<S: AsRef<str>>(
        setup: CsSetup,
        seed: [u8; 32],
        words: &[S],
    ) -> Result<CsGame, CsError> {
        if setup.stacks != StackSource::Blind {
            return Err(CsError::WrongConstructor);
        }
        let words: Vec<String> = words.iter().map(|w| w.as_ref().to_owned()).collect();
        if words.len() > MAX_WORDS || words.iter().any(|w| w.len() > MAX_WORD_BYTES) {
            return Err(CsError::Words);
        }
        let key = stream_key(&seed, &words);
        let blind = Blind {
            seed,
            commitment: cs_commitment(&setup, &seed),
            words,
            stacks: BlindStacks::new(&key),
        };
        CsGame::create(setup, Some(blind))
    }

    fn create(setup: CsSetup, blind: Option<Blind>) -> Result<CsGame, CsError> {
        setup.validate().map_err(CsError::Setup)?;
        let clock = match setup.clock {
            Some(c) => Some(ChessClock::new(c.control())?),
            None => None,
        };
        let board = (setup.mode == InputMode::Board).then(CardsBoard::default);
        let mut game = CsGame {
            setup,
            blind,
            events: Vec::new(),
            clock,
            board,
            turns: Vec::new(),
            series_count: 0,
            stage: Stage::NeedStack(Colour::White),
            started: false,
            result: None,
        };
        game.next_series(Colour::White, 0)?;
        Ok(game)
    }

    /// Replays recorded events; the same as the live game that recorded them.
    pub fn replay(
        setup: CsSetup,
        seed: Option<[u8; 32]>,
        words: &[String],
        events: &[CsTimed],
    ) -> Result<CsGame, CsLogError> {
        start_drawn(setup, seed, words, CsGame::new_blind, CsGame::new)
            .map_err(CsLogError::Setup)?
            .replay(events)
    }

    pub fn setup(&self) -> &CsSetup {
        &self.setup
    }

    pub fn board(&self) -> Option<&CardsBoard> {
        self.board.as_ref()
    }

    pub fn clock(&self) -> Option<&ChessClock> {
        self.clock.as_ref()
    }

    pub fn result(&self) -> Option<CsResult> {
        self.result
    }

    /// Blind stacks, before the first event: the same game (same seed and
    /// commitment) with the players' words, typed after the commitment was
    /// shown (docs/fairness.md §3).
    pub fn with_words<S: AsRef<str>>(&self, words: &[S]) -> Result<CsGame, CsError> {
        let blind = self.blind.as_ref().ok_or(CsError::WrongConstructor)?;
        if !self.events.is_empty() {
            return Err(CsError::AlreadyStarted);
        }
        CsGame::new_blind(self.setup.clone(), blind.seed, words)
    }

    /// The commitment shown before move one (blind stacks), lower-case hex.
    pub fn commitment_hex(&self) -> Option<String> {
        self.blind.as_ref().map(|b| hex::encode(b.commitment))
    }

    /// Whether the save ([`CsGame::to_json`]) holds something no player may
    /// see yet: an unturned card of a secret stack, or the seed of blind
    /// stacks before the game is over. The UI seals or withholds the save
    /// while this is true (docs/cards.md, "Where the secret lives").
    pub fn save_holds_secret(&self) -> bool {
        match self.setup.stacks {
            StackSource::Blind => !self.is_over(),
            StackSource::Secret => {
                self.turns
                    .iter()
                    .any(|t| matches!(t, Turn::Series(s) if s.end.is_none()))
                    || (!self.is_over() && self.holds_discarded_stack())
            }
        }
    }

    /// Whether the log holds a stack that a correction (C-4a) took back
    /// unturned: its order says what the arranger meant to lay again, so it
    /// stays as secret as a running series until the game is over.
    fn holds_discarded_stack(&self) -> bool {
        let mut laid_since_move = false;
        self.events.iter().any(|e| {
            match e.event {
                CsEvent::SetStack { .. } => laid_since_move = true,
                CsEvent::Move { .. } | CsEvent::Played { .. } => laid_since_move = false,
                CsEvent::UndoTap => return laid_since_move,
                _ => {}
            }
            false
        })
    }

    /// The time of the last recorded event (0 before the first).
    pub fn last_event_ms(&self) -> u64 {
        self.events.last().map_or(0, |e| e.t_ms)
    }

    pub(super) fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The game's history as the screen may show it (no unturned card).
    pub fn history(&self) -> Vec<TurnView> {
        let mut number = 0;
        self.turns
            .iter()
            .map(|t| match t {
                Turn::Series(s) => {
                    number += 1;
                    TurnView::Series(s.view(number))
                }
                Turn::Reply(r) => TurnView::Reply(r.clone()),
            })
            .collect()
    }

    /// The side whose move (or, while a stack is arranged, whose next series) it is.
    /// Once the game is over, the board's side to move (the mated king's, in
    /// check), or in clock mode the side whose series the game ended in.
    pub fn side_to_move(&self) -> Colour {
        match self.stage {
            Stage::NeedStack(m) => m,
            Stage::Reply(d) => d,
            Stage::Series => match &self.board {
                Some(board) if self.is_over() => board.turn(),
                _ => self
                    .turns
                    .iter()
                    .rev()
                    .find_map(|t| match t {
                        Turn::Series(s) => Some(s.mover),
                        Turn::Reply(_) => None,
                    })
                    .unwrap_or(Colour::White),
            },
        }
    }

    fn current_series(&self) -> Option<&Series> {
        match self.turns.last() {
            Some(Turn::Series(s)) if s.end.is_none() => Some(s),
            _ => None,
        }
    }

    fn current_series_mut(&mut self) -> Option<&mut Series> {
        match self.turns.last_mut() {
            Some(Turn::Series(s)) if s.end.is_none() => Some(s),
            _ => None,
        }
    }

    /// Refused moves of the running series (CS-4), as `part` of a series
    /// gives them; none during a reply.
    fn forbidden_by(&self, part: fn(&Series) -> Vec<String>) -> Vec<String> {
        match self.stage {
            Stage::Series => self.current_series().map(part).unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// CS-4's keys of the refused moves of the running series.
    fn forbidden(&self) -> Vec<String> {
        self.forbidden_by(Series::refused_keys)
    }

    fn shown_at(&self, now_ms: u64) -> u64 {
        match self.result {
            Some(r) => r.at_ms,
            None => now_ms.max(self.last_event_ms()),
        }
    }

    /// Begins `mover`'s next series: dealt at once from the seed, or waiting
    /// for the arranged stack. `mover.other()` is the arranger: once the game
    /// runs, the blind deal is its clock press.
    fn next_series(&mut self, mover: Colour, t: u64) -> Result<(), CsError> {
        match &mut self.blind {
            Some(blind) => {
                let stack = blind.stacks.stack(self.series_count);
                self.begin_series(mover, stack, t)
            }
            None => {
                self.stage = Stage::NeedStack(mover);
                Ok(())
            }
        }
    }

    fn begin_series(&mut self, mover: Colour, stack: Stack, t: u64) -> Result<(), CsError> {
        if self.started
            && let Some(clock) = &mut self.clock
        {
            clock.press(mover.other(), t)?;
        }
        self.turns.push(Turn::Series(Series {
            mover,
            stack,
            attempts: Vec::new(),
            end: None,
        }));
        self.series_count += 1;
        self.stage = Stage::Series;
        Ok(())
    }

    fn require_playing(&self) -> Result<(), CsError> {
        if !self.started {
            return Err(CsError::NotStarted);
        }
        if self.clock.as_ref().is_some_and(ChessClock::paused) {
            return Err(CsError::Paused);
        }
        if let Stage::NeedStack(mover) = self.stage {
            return Err(CsError::StackNeeded { mover });
        }
        Ok(())
    }

    fn end(&mut self, outcome: Outcome, reason: CsReason, at_ms: u64) {
        self.result = Some(CsResult {
            outcome,
            reason,
            at_ms,
        });
        if let Some(s) = self.current_series_mut() {
            s.end = Some(SeriesEnd::GameOver);
        }
    }

    fn board_end(&mut self, t: u64) {
        let forbidden = self.forbidden();
        let Some(end) = self
            .board
            .as_ref()
            .and_then(|b| b.automatic_end(&forbidden))
        else {
            return;
        };
        let (outcome, reason) = match end {
            CsBoardEnd::Checkmate { winner } => (Outcome::Win(winner), CsReason::Checkmate),
            CsBoardEnd::Stalemate => (Outcome::Draw, CsReason::Stalemate),
            CsBoardEnd::ForbiddenStalemate => (Outcome::Draw, CsReason::ForbiddenStalemate),
            CsBoardEnd::InsufficientMaterial => (Outcome::Draw, CsReason::InsufficientMaterial),
            CsBoardEnd::FivefoldRepetition => (Outcome::Draw, CsReason::FivefoldRepetition),
            CsBoardEnd::SeventyFiveMoves => (Outcome::Draw, CsReason::SeventyFiveMoves),
        };
        self.end(outcome, reason, t);
    }

    fn step_event(&mut self, t: u64, event: &CsEvent) -> Result<(), CsError> {
        if self.is_over() {
            return Err(CsError::GameOver);
        }
        let board_mode = self.setup.mode == InputMode::Board;
        // A flag that fell before this event must be recorded first.
        if !matches!(event, CsEvent::Flag)
            && let Some((colour, at)) = self.clock.as_ref().and_then(|c| c.flagged(t))
        {
            return Err(CsError::Clock(ClockError::Flagged { colour, at_ms: at }));
        }
        match event {
            CsEvent::SetStack { stack } => {
                if self.blind.is_some() {
                    return Err(CsError::BlindStacks);
                }
                let Stage::NeedStack(mover) = self.stage else {
                    return Err(CsError::NoStackNeeded);
                };
                if self.clock.as_ref().is_some_and(ChessClock::paused) {
                    return Err(CsError::Paused);
                }
                self.begin_series(mover, *stack, t)?;
            }
            CsEvent::Start => {
                if self.started {
                    return Err(CsError::AlreadyStarted);
                }
                if let Stage::NeedStack(mover) = self.stage {
                    return Err(CsError::StackNeeded { mover });
                }
                if let Some(clock) = &mut self.clock {
                    clock.press(clock.to_move().other(), t)?;
                }
                self.started = true;
            }
            CsEvent::Move { mv } => {
                if !board_mode {
                    return Err(CsError::WrongMode);
                }
                self.play(t, Input::Board(mv))?;
            }
            CsEvent::Played { check, note } => {
                if board_mode {
                    return Err(CsError::WrongMode);
                }
                if note.as_ref().is_some_and(|n| n.len() > MAX_NOTE_BYTES) {
                    return Err(CsError::NoteTooLong);
                }
                let input = Input::Clock {
                    check: *check,
                    note: note.clone(),
                };
                self.play(t, input)?;
            }
            CsEvent::Pause => self.clock.as_mut().ok_or(CsError::NoClock)?.pause(t)?,
            CsEvent::Resume => self.clock.as_mut().ok_or(CsError::NoClock)?.resume(t)?,
            CsEvent::Adjust {
                colour,
                remaining_ms,
            } => self
                .clock
                .as_mut()
                .ok_or(CsError::NoClock)?
                .adjust(*colour, *remaining_ms)?,
            CsEvent::Resign { colour } => {
                self.end(Outcome::Win(colour.other()), CsReason::Resignation, t)
            }
            CsEvent::AgreeDraw => self.end(Outcome::Draw, CsReason::Agreement, t),
            CsEvent::Claim(claim) => {
                let board = self.board.as_ref().ok_or(CsError::WrongMode)?;
                if !self.started {
                    return Err(CsError::NotStarted);
                }
                if !board.claimable().contains(claim) {
                    return Err(CsError::NoClaim);
                }
                let reason = match claim {
                    DrawClaim::Threefold => CsReason::ThreefoldClaim,
                    DrawClaim::FiftyMoves => CsReason::FiftyMovesClaim,
                };
                self.end(Outcome::Draw, reason, t);
            }
            CsEvent::Report(report) => {
                if board_mode {
                    return Err(CsError::WrongMode);
                }
                if !self.started {
                    return Err(CsError::NotStarted);
                }
                match report {
                    CsReport::Checkmate { winner } => {
                        self.end(Outcome::Win(*winner), CsReason::Checkmate, t)
                    }
                    CsReport::Stalemate => self.end(Outcome::Draw, CsReason::Stalemate, t),
                }
            }
            CsEvent::UndoTap => {
                if let Some(refusal) = self.tap_refusal() {
                    return Err(refusal);
                }
                self.correct_tap(t)?;
            }
            CsEvent::Flag => {
                let Some((colour, at)) = self.clock.as_ref().and_then(|c| c.flagged(t)) else {
                    return Err(CsError::NoFlag);
                };
                // C-2: in board mode a flag is a draw when the opponent
                // cannot possibly mate.
                let outcome = match &self.board {
                    Some(b) if b.cannot_mate(colour.other()) => Outcome::Draw,
                    _ => Outcome::Win(colour.other()),
                };
                self.end(outcome, CsReason::Flag, at);
            }
        }
        // The clock stops when the game ends (a fallen clock has stopped by itself).
        if let Some(r) = self.result
            && r.reason != CsReason::Flag
            && let Some(clock) = &mut self.clock
            && clock.running().is_some()
        {
            clock.pause(r.at_ms)?;
        }
        Ok(())
    }

    /// A series move (its card is turned) or a reply.
    fn play(&mut self, t: u64, input: Input) -> Result<(), CsError> {
        self.require_playing()?;
        // Read the move (board mode) or its name (clock mode) and check it
        // against CS-4 first.
        let mut chosen = None;
        let (text, uci, key, check) = match input {
            Input::Board(mv) => {
                let board = self.board.as_ref().ok_or(CsError::WrongMode)?;
                let m = board.parse_move(mv).map_err(|error| CsError::Move {
                    text: mv.trim().to_owned(),
                    error,
                })?;
                let key = CardsBoard::key(m);
                let san = board.san_plus(m);
                if self.forbidden().contains(&key) {
                    return Err(CsError::Forbidden { san });
                }
                let check = board.gives_check(m);
                chosen = Some(m);
                (Some(san), Some(CardsBoard::uci(m)), Some(key), check)
            }
            Input::Clock { check, note } => {
                // CS-4 in clock mode: the move as named, compared as written.
                let key = note
                    .as_deref()
                    .filter(|_| self.setup.refuse_named_repeats)
                    .map(named_key)
                    .filter(|k| !k.is_empty());
                if let (Some(k), Some(named)) = (&key, &note)
                    && self.forbidden().contains(k)
                {
                    return Err(CsError::Forbidden { san: named.clone() });
                }
                (note, None, key, check)
            }
        };
        match self.stage {
            Stage::Series => {
                let Some(series) = self.current_series() else {
                    return Err(CsError::NotStarted);
                };
                let mover = series.mover;
                let index = series.attempts.len();
                let card = series.stack.card(index).unwrap_or(Card::No);
                let last = index + 1 >= STACK_SIZE;
                let counted_check = card == Card::Yes && check;
                let mut kept = true;
                if card == Card::Yes
                    && let (Some(m), Some(board)) = (chosen, self.board.as_mut())
                {
                    kept = board.play(m, !counted_check && !last);
                }
                let attempt = Attempt {
                    card,
                    text,
                    uci,
                    key,
                    check: counted_check,
                    at_ms: t,
                };
                if let Some(s) = self.current_series_mut() {
                    s.attempts.push(attempt);
                }
                if counted_check {
                    // CS-6: the rest of the series is forfeited; the checked
                    // player answers at once, on their own clock.
                    if let Some(s) = self.current_series_mut() {
                        s.end = Some(SeriesEnd::Check);
                    }
                    if let Some(clock) = &mut self.clock {
                        clock.press(mover, t)?;
                    }
                    self.stage = Stage::Reply(mover.other());
                } else if last || !kept {
                    // `!kept` cannot happen (a check ends the series), but a
                    // board that could not pass the turn back ends it too.
                    if let Some(s) = self.current_series_mut() {
                        s.end = Some(SeriesEnd::Complete);
                    }
                    if card == Card::No
                        && let Some(board) = self.board.as_mut()
                    {
                        board.hand_over();
                    }
                    self.next_series(mover.other(), t)?;
                }
            }
            Stage::Reply(defender) => {
                if let (Some(m), Some(board)) = (chosen, self.board.as_mut()) {
                    board.play(m, false);
                }
                self.turns.push(Turn::Reply(ReplyRecord {
                    colour: defender,
                    text,
                    uci,
                    check,
                    at_ms: t,
                }));
                self.next_series(defender.other(), t)?;
            }
            Stage::NeedStack(mover) => return Err(CsError::StackNeeded { mover }),
        }
        self.board_end(t);
        Ok(())
    }

    /// Why the last tap may not be corrected now, if not (C-4a): only a
    /// reply, before the next card is turned, while the clock runs.
    fn tap_refusal(&self) -> Option<CsError> {
        if self.is_over() {
            return Some(CsError::GameOver);
        }
        if !self.started {
            return Some(CsError::NotStarted);
        }
        if self.clock.as_ref().is_some_and(ChessClock::paused) {
            return Some(CsError::Paused);
        }
        // The last move made: a reply, or a series move (its card turned);
        // a series with no card turned yet is passed over.
        for turn in self.turns.iter().rev() {
            match turn {
                Turn::Reply(_) => return None,
                Turn::Series(s) if !s.attempts.is_empty() => return Some(CsError::CardTurned),
                Turn::Series(_) => {}
            }
        }
        Some(CsError::NoTapToCorrect)
    }

    /// C-4a: takes back the last reply. The game is the replay of the events
    /// before it; the clock is the one that ran, with the reply's press (or
    /// the next stack's, secret stacks) corrected by `undo_press`.
    fn correct_tap(&mut self, t: u64) -> Result<(), CsError> {
        let reply = self
            .events
            .iter()
            .rposition(|e| matches!(e.event, CsEvent::Move { .. } | CsEvent::Played { .. }))
            .ok_or(CsError::NoTapToCorrect)?;
        let pressed = self.blind.is_some()
            || self.events[reply..]
                .iter()
                .any(|e| matches!(e.event, CsEvent::SetStack { .. }));
        let mut clock = self.clock.clone();
        if pressed && let Some(c) = &mut clock {
            c.undo_press(t)?;
        }
        let fresh = CsGame::create(self.setup.clone(), self.blind.clone())?;
        let mut rebuilt = <CsGame as GameModule>::replay::<CsError>(fresh, &self.events[..reply])
            .map_err(|e| match e {
            log::LogError::Event { error, .. } => error,
            _ => CsError::NoTapToCorrect,
        })?;
        rebuilt.clock = clock;
        rebuilt.events = std::mem::take(&mut self.events);
        *self = rebuilt;
        Ok(())
    }

    /// What a screen shows at `now_ms` (the end instant once the game is
    /// over). It holds only turned cards.
    pub fn view(&self, now_ms: u64) -> CsView {
        let at = self.shown_at(now_ms);
        let phase = if self.is_over() {
            CsPhase::Over
        } else {
            match self.stage {
                Stage::NeedStack(mover) => CsPhase::AwaitingStack { mover },
                _ if !self.started => CsPhase::AwaitingStart,
                Stage::Series => CsPhase::Series,
                Stage::Reply(_) => CsPhase::Reply,
            }
        };
        let colours = [Colour::White, Colour::Black];
        let clock = self.clock.as_ref();
        let paused = clock.is_some_and(ChessClock::paused);
        let board = self.board.as_ref();
        let wants_move = matches!(phase, CsPhase::Series | CsPhase::Reply) && !paused;
        let forbidden = self.forbidden();
        let last = board.and_then(|b| b.moves().last());
        let number = self
            .turns
            .iter()
            .filter(|t| matches!(t, Turn::Series(_)))
            .count();
        let series = self.turns.iter().rev().find_map(|t| match t {
            Turn::Series(s) => Some(s.view(number)),
            Turn::Reply(_) => None,
        });
        CsView {
            mode: self.setup.mode,
            white: self.setup.white.clone(),
            black: self.setup.black.clone(),
            stacks: self.setup.stacks,
            phase,
            paused,
            side_to_move: self.side_to_move(),
            series,
            series_count: self.series_count,
            remaining_ms: clock.map(|c| colours.map(|col| c.remaining_ms(col, at))),
            running: clock.and_then(ChessClock::running),
            fen: board.map(CardsBoard::fen),
            in_check: board.is_some_and(CardsBoard::is_check),
            last_move_san: last.map(|m| m.san.clone()),
            last_move_uci: last.map(|m| m.uci.clone()),
            legal_moves_uci: match board {
                Some(b) if wants_move => b.allowed_moves_uci(&forbidden),
                _ => Vec::new(),
            },
            forbidden_uci: self.forbidden_by(Series::refused_ucis),
            claimable: match board {
                Some(b) if self.started && !self.is_over() => b.claimable(),
                _ => Vec::new(),
            },
            // C-4a: offered exactly when taken, and nothing is taken once a
            // flag has fallen (it must be recorded first).
            can_correct_tap: self.clock.as_ref().and_then(|c| c.flagged(at)).is_none()
                && self.tap_refusal().is_none(),
            result: self.result,
            commitment_hex: self.commitment_hex(),
            reveal: self.reveal(),
        }
    }

    /// Blind stacks, after the game: the seed, the setup text and the words.
    pub fn reveal(&self) -> Option<CsReveal> {
        let blind = self.blind.as_ref().filter(|_| self.is_over())?;
        Some(CsReveal {
            seed_hex: hex::encode(blind.seed),
            setup_text: self.setup.to_text(),
            words: normalise_words(&blind.words),
            commitment_hex: hex::encode(blind.commitment),
        })
    }
}

// ---- the log ----------------------------------------------------------------

/// Why a log cannot be loaded.
pub type CsLogError = log::LogError<CsError, CsError>;

/// The log: the shared envelope with this module's setup and events. The
/// seed is `""` with secret stacks.
pub type CsLog = log::Log<CsSetup, CsEvent>;

impl GameModule for CsGame {
    // The recorded events: with secret stacks they hold the stacks' order,
    // never shown during the game (docs/cards.md).
    module_plumbing!(GAME_CARDS, CsEvent, CsError);

    fn fallen_flag(&self, now_ms: u64) -> Option<(u64, CsEvent)> {
        let (_, at) = self.clock.as_ref()?.flagged(now_ms)?;
        Some((at, CsEvent::Flag))
    }

    fn club_end(&self, info: &PgnInfo) -> Option<GameEnd> {
        let s = self.setup();
        Some(outcomes::duel_end(
            ClubGame::Cards,
            [&s.white, &s.black],
            self.result?.outcome,
            cs_to_pgn(self, info),
            || self.to_json(),
        ))
    }

    fn running_ms(&self, now_ms: u64) -> [Option<u64>; 2] {
        let running = self
            .clock
            .as_ref()
            .and_then(|c| Some(c.remaining_ms(c.running()?, now_ms)));
        [running, None]
    }

    fn commitment_before_move_one(&self) -> Option<ShownCommitment> {
        // Move one is the first card turned (or, in a reply, the first move).
        let untouched = self.turns.iter().all(|t| match t {
            Turn::Series(s) => s.attempts.is_empty(),
            Turn::Reply(_) => false,
        });
        let b = self.blind.as_ref().filter(|_| untouched)?;
        Some(ShownCommitment {
            commitment_hex: hex::encode(b.commitment),
            setup_text: self.setup.to_text(),
        })
    }

    fn revealed_draw(&self) -> Option<EveningDraw> {
        let b = self.blind.as_ref()?;
        let fate = DrawFate::so_far(self.is_over(), self.moves_made());
        Some(EveningDraw::revealed(
            hex::encode(b.commitment),
            self.setup.to_text(),
            &b.seed,
            &b.words,
            fate,
        ))
    }
}

impl CsGame {
    /// The moves that stand: a series' moves under a Yes card and the replies.
    fn moves_made(&self) -> usize {
        self.turns
            .iter()
            .map(|t| match t {
                Turn::Series(s) => s.attempts.iter().filter(|a| a.card == Card::Yes).count(),
                Turn::Reply(_) => 1,
            })
            .sum()
    }
}

impl Logged for CsGame {
    type LogSetup = CsSetup;
    type SetupError = CsError;

    fn log_setup(&self) -> CsSetup {
        self.setup.clone()
    }

    /// The seed is `""` with secret stacks (the key of the log's shape).
    fn log_draw(&self) -> Option<DrawRecord> {
        let blind = self.blind.as_ref();
        Some(DrawRecord::of(blind.map(|b| (&b.seed, &b.words[..]))))
    }

    fn restore(setup: CsSetup, draw: Option<&DrawRecord>) -> Result<CsGame, CsLogError> {
        let blind = setup.stacks == StackSource::Blind;
        restore_drawn(setup, draw, blind, CsGame::new_blind, CsGame::new)
    }
}

// ---- JSON ------------------------------------------------------------------

json_names! {
    StackSource { Secret = "secret", Blind = "blind" }
}

impl ToJson for Stack {
    fn to_json(&self) -> Json {
        Json::Str(self.to_text())
    }
}

impl FromJson for Stack {
    fn from_json(v: &Value) -> JsonResult<Stack> {
        let text = String::from_json(v)?;
        Stack::from_text(&text).map_err(|e| JsonError(e.to_string()))
    }
}

impl ToJson for CsClock {
    fn to_json(&self) -> Json {
        obj([
            ("white_ms", f(&self.white_ms)),
            ("black_ms", f(&self.black_ms)),
            ("increment_ms", f(&self.increment_ms)),
        ])
    }
}

impl FromJson for CsClock {
    fn from_json(v: &Value) -> JsonResult<CsClock> {
        let o = Obj::of(v)?;
        Ok(CsClock {
            white_ms: o.req("white_ms")?,
            black_ms: o.req("black_ms")?,
            increment_ms: o.req("increment_ms")?,
        })
    }
}

impl ToJson for CsSetup {
    fn to_json(&self) -> Json {
        obj([
            ("white", f(&self.white)),
            ("black", f(&self.black)),
            ("clock", self.clock.as_ref().map(ToJson::to_json)),
            ("mode", f(&self.mode)),
            ("stacks", f(&self.stacks)),
            // Written only where it matters, so saves of board-mode games
            // keep their bytes.
            (
                "refuse_named_repeats",
                (self.mode == InputMode::Clock && self.refuse_named_repeats)
                    .then(|| true.to_json()),
            ),
        ])
    }
}

impl FromJson for CsSetup {
    fn from_json(v: &Value) -> JsonResult<CsSetup> {
        let o = Obj::of(v)?;
        let mode = o.req("mode")?;
        Ok(CsSetup {
            white: o.req("white")?,
            black: o.req("black")?,
            clock: o.opt("clock")?,
            mode,
            stacks: o.req("stacks")?,
            // Absent in clock-mode saves from before CS-4 refused named
            // repeats; in board mode the board refuses them (never written).
            refuse_named_repeats: mode == InputMode::Board
                || o.or("refuse_named_repeats", false)?,
        })
    }
}

tagged_json! {
    CsReport by "end" { Checkmate { winner } = "checkmate", Stalemate = "stalemate" }
    CsEvent by "type" {
        SetStack { stack } = "set_stack", Start = "start", Move { mv } = "move",
        Played { check, note: opt } = "played", Pause = "pause", Resume = "resume",
        Adjust { colour, remaining_ms } = "adjust", Resign { colour } = "resign",
        AgreeDraw = "agree_draw", Claim(claim) = "claim", Report(end: flat) = "report", Flag = "flag",
        UndoTap = "undo_tap",
    }
}
