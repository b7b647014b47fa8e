//! Crazyhouse (ZH-1…ZH-6) with a full two-player chess clock (C-4): the board
//! with pockets and drops, the game with its clock and log, PGN records.

pub mod game;
pub mod pgn;
pub mod rules;

pub use game::{
    Reported, ZhError, ZhEvent, ZhGame, ZhLogError, ZhPhase, ZhReason, ZhResult, ZhSetup, ZhTimed,
    ZhView,
};
pub use pgn::{ImportedGame, PgnImportError, zh_from_pgn, zh_to_pgn};
pub use rules::{CrazyhouseBoard, Pocket, ZhClaim, ZhEnd, ZhMoveError};
