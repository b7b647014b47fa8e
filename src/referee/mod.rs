//! The referee: pure Rust rules, clocks, draw and records. No web crates here.
//!
//! Time comes in as `u64` milliseconds from a monotonic source and randomness as
//! a 32-byte seed, so every state is a deterministic function of
//! (setup, seed, words, timestamped events). Rule ids (`NS-4`, `C-3`, …) refer to
//! `RULES.md`.

pub mod bank;
pub mod board;
pub mod chess_clock;
pub mod chessboard;
pub mod commitment;
pub mod crazyhouse;
pub mod crazyhouse_game;
pub mod crazyhouse_pgn;
pub mod draw;
pub mod log;
pub mod nordau;
pub mod pgn;
pub mod seats;
pub mod session;
pub mod setup;
pub mod table;
pub mod verify;

pub use bank::Banks;
pub use board::{BoardRules, GameBoard};
pub use chess_clock::{
    ChessClock, ClockError, ClockEvent, Increment, Stage as ClockStage, TimeControl,
};
pub use commitment::{HexError, commitment, parse_hex32, stream_key};
pub use crazyhouse::{CrazyhouseBoard, Pocket, ZhClaim, ZhEnd, ZhMoveError};
pub use crazyhouse_game::{
    Reported, ZhError, ZhEvent, ZhGame, ZhLog, ZhLogError, ZhPhase, ZhReason, ZhResult, ZhSetup,
    ZhTimed, ZhView,
};
pub use crazyhouse_pgn::{ImportedGame, PgnImportError, zh_from_pgn, zh_to_pgn};
pub use log::LogError;
pub use nordau::{
    DrawClaim, EndReason, Event, Game, GameError, GameResult, InputMode, Outcome, PublicView,
    Reveal, RevealShift, RevealSwap, SwapRecord, Timed, ViewPhase,
};
pub use pgn::{PgnError, PgnInfo, to_pgn};
pub use seats::{Colour, Person, Seat, Seating};
pub use session::{Session, SessionError, SessionGame};
pub use setup::{
    BlockSchedule, Points, ScheduleLine, Setup, SetupError, SetupTextError, ShiftUnit,
};
pub use table::{Stage, Table, TableError, TableLoadError};
pub use verify::{Report, ShiftEntry, VerifyError, verify, verify_n};
