//! Swedish chess / bughouse (BH-1…BH-9): four players, two boards, four
//! clocks. The boards with the partner's pockets and BH-5's mate, the match
//! with its clocks and log, BPGN records.

pub mod bpgn;
pub mod game;
pub mod rules;

pub use bpgn::{BpgnImportError, ImportedMatch, bh_from_bpgn, bh_to_bpgn};
pub use game::{
    BhBoardView, BhError, BhEvent, BhGame, BhLog, BhLogError, BhOutcome, BhPhase, BhReason,
    BhReport, BhResult, BhSetup, BhTimed, BhView,
};
pub use rules::{
    BH_PLY_LIMIT, BhMove, BhMoveError, BoardId, BoardsEnd, BughouseBoards, PlayedMove, Seat, Team,
};
