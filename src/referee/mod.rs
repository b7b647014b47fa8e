//! The referee: pure Rust rules, clocks, draw and records. No web crates here.
//!
//! Time comes in as `u64` milliseconds (the UI's game time: the wall clock
//! plus a stored offset, docs/reliability.md) and randomness as a 32-byte
//! seed, so every state is a deterministic function of (setup, seed, words,
//! timestamped events). Rule ids (`NS-4`, `C-3`, …) refer to docs/rules.md.
//!
//! The shared pieces live here: the contract every game implements
//! (`module`), the log envelope (`log`), the board over shakmaty, the chess
//! clock, names, setup texts, the draw streams and commitment encoding, PGN
//! basics and the JSON codec. Each game module is one folder (`nordau/`,
//! `crazyhouse/`, `bughouse/`, `cards/`, `undo/`) with its rules, game state
//! and records, and imports nothing from another game's folder. The
//! re-exports below are the names the UI and the tests use.

pub mod board;
pub mod bughouse;
#[cfg(feature = "cards")]
pub mod cards;
pub mod case;
pub mod chess_clock;
pub mod chessboard;
pub mod club;
pub mod commitment;
pub mod committed;
pub mod common;
pub mod crazyhouse;
pub mod draw;
pub mod evening;
pub mod inflate;
pub mod json;
pub mod json_text;
pub mod log;
pub mod module;
pub mod names;
pub mod nordau;
pub mod pgn;
pub mod secret;
pub mod setup_text;
pub mod share;
pub mod small_sort;
pub mod tagged;
#[cfg(feature = "undo")]
pub mod undo;

pub use board::{BoardRules, GameBoard};
pub use bughouse::{
    BhEvent, BhGame, BhOutcome, BhReason, BhResult, BhSetup, BhView, BoardId, Team, bh_from_bpgn,
    bh_to_bpgn,
};
pub use chess_clock::{
    ChessClock, ClockError, ClockEvent, Increment, Stage as ClockStage, TimeControl,
};
pub use commitment::{HexError, parse_hex32, stream_key};
pub use common::{Colour, InputMode, Outcome};
pub use crazyhouse::{
    CrazyhouseBoard, ImportedGame, PgnImportError, Pocket, Reported, ZhClaim, ZhEnd, ZhError,
    ZhEvent, ZhGame, ZhLogError, ZhMoveError, ZhPhase, ZhReason, ZhResult, ZhSetup, ZhTimed,
    ZhView, zh_from_pgn, zh_to_pgn,
};
pub use log::HeaderError;
pub use nordau::commitment::commitment;
pub use nordau::{
    Banks, BlockSchedule, DrawClaim, EndReason, Event, Game, GameError, GameResult, LogError,
    Person, PgnError, Points, PublicView, Report, Reveal, RevealShift, RevealSwap, ScheduleLine,
    Seat, Seating, Session, SessionError, SessionGame, Setup, SetupError, SetupTextError,
    ShiftEntry, ShiftUnit, Stage, SwapCorrection, SwapCorrectionAsk, SwapRecord, Table, TableError,
    TableLoadError, Timed, VerifyError, ViewPhase, to_pgn, verify, verify_n,
};
pub use pgn::PgnInfo;
