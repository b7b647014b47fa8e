//! Nordau Shift (Carousel Chess, NS-1…NS-11): three players, two seats, hidden
//! shifts drawn from a committed seed, block banks, a running score.

pub mod bank;
pub mod commitment;
pub mod draw;
pub mod game;
pub mod log;
pub mod pgn;
pub mod seats;
pub mod session;
pub mod setup;
pub mod table;
pub mod verify;

pub use crate::referee::names::NameProblem;
pub use bank::Banks;
pub use game::{
    DrawClaim, EndReason, Event, Game, GameError, GameResult, PublicView, Reveal, RevealShift,
    RevealSwap, SwapCorrection, SwapCorrectionAsk, SwapRecord, Timed, ViewPhase,
};
pub use log::LogError;
pub use pgn::{PgnError, to_pgn};
pub use seats::{Person, Seat, Seating};
pub use session::{DrawFate, DrawRecord, Session, SessionError, SessionGame};
pub use setup::{
    BlockSchedule, NonCanonical, Points, ScheduleLine, Setup, SetupError, SetupTextError, ShiftUnit,
};
pub use table::{Stage, Table, TableError, TableLoadError};
pub use verify::{NsDraw, Report, ShiftEntry, VerifyError, verify, verify_n};
