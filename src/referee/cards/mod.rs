//! The card-series duel (CS-1…CS-9): six moves in a row, each judged by the
//! top card of a stack of three Yes and three No that the opponent arranged
//! in secret or the committed seed shuffled. Pure referee: stacks and their
//! blind deal, series play on the shared board helpers, the game with its
//! optional Fischer clock and versioned log, PGN, and the verifier of blind
//! stacks. See docs/cards.md.

pub mod game;
pub mod pgn;
pub mod rules;
pub mod seal;
pub mod setup;
pub mod stack;
pub mod verify;

pub use game::{
    Attempt, CsError, CsEvent, CsGame, CsLog, CsLogError, CsPhase, CsReason, CsReport, CsResult,
    CsReveal, CsTimed, CsView, GAME_CARDS, ReplyRecord, SeriesEnd, SeriesView, TurnView,
};
pub use pgn::{CsImported, CsImportedMove, CsNotBoardMode, CsPgnError, cs_from_pgn, cs_to_pgn};
pub use rules::{CardsBoard, CsBoardEnd, PlayedMove};
pub use setup::{
    CsClock, CsSetup, CsSetupError, CsSetupTextError, StackSource, cs_commitment,
    cs_commitment_preimage,
};
pub use stack::{BlindStacks, Card, Stack, StackError};
pub use verify::{CsDraw, CsVerifyError, CsVerifyReport, cs_schedule, cs_verify};
