//! Undo Chess (UC-1…UC-7): Chess960 from a drawn (or chosen) start
//! position, with undo tokens that take back the opponent's last move and
//! one's own move before it. Pure referee: the Chess960 numbering and the
//! committed draw of the start, the game with tokens, the shared clock and
//! the versioned log, PGN export and import, and the verifier of a drawn
//! start. See docs/undo.md and docs/fairness.md §12.

pub mod game;
pub mod pending;
pub mod pgn;
pub mod setup;
pub mod start;
pub mod verify;

pub use game::{
    GAME_UNDO, MoveRef, PlyRecord, UcBoardEnd, UcError, UcEvent, UcGame, UcLog, UcLogError,
    UcPhase, UcReason, UcReport, UcResult, UcReveal, UcTimed, UcView, UndoRecord,
};
pub use pending::{UcPending, UcPendingError};
pub use pgn::{UcImported, UcNotBoardMode, UcPgnError, uc_from_pgn, uc_to_pgn};
pub use setup::{
    DEFAULT_TOKENS, MAX_START_TOKENS, StartChoice, UcSetup, UcSetupError, UcSetupTextError,
    uc_commitment, uc_commitment_preimage,
};
pub use start::{CHESS960_POSITIONS, STANDARD_POSITION, StartError, StartPosition};
pub use verify::{
    UcDraw, UcRevealSetupError, UcVerifyError, UcVerifyReport, uc_schedule, uc_verify,
};
