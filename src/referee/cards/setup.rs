//! How a card-series duel is set up (CS-1, CS-8, CS-9), and, for blind
//! stacks, what is committed before move one (C-3): the canonical setup
//! text `cs1.…`, the setup bytes and the commitment (docs/fairness.md §11).
//!
//! Layout (integers unsigned big-endian, `lp(x)` = u32 length ‖ bytes):
//!
//! ```text
//! setup_bytes = u8 clock (0 none, 1 Fischer) ‖ u32 white_ms ‖ u32 black_ms ‖ u32 increment_ms
//!             ‖ u32 2 ‖ lp(white) ‖ lp(black)                      (times 0 without a clock)
//! commitment  = SHA-256( lp("card-series-duel/commitment/v1") ‖ setup_bytes ‖ seed[32] )
//! text        = cs1.<clock>.<white>_<black>    clock: none | <white_ms>-<black_ms>-<increment_ms>
//! ```

use crate::referee::chess_clock::{Increment, TimeControl};
use crate::referee::commitment::{put_lp, put_u32};
use crate::referee::common::InputMode;
use crate::referee::names::{NameProblem, check_names};
use crate::referee::setup_text::{self, SetupCode, SetupTextError};
use sha2::{Digest, Sha256};
use std::fmt;

/// Domain string of the card-series commitment.
pub const CS_COMMIT_DOMAIN: &str = "card-series-duel/commitment/v1";
/// Version prefix of the canonical setup text.
pub const CS_TEXT_VERSION: &str = "cs1";
/// Longest accepted setup text, in bytes.
pub const MAX_CS_SETUP_TEXT_BYTES: usize = 1024;

/// Where the stacks come from (CS-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackSource {
    /// The opponent arranges each stack on a private screen; the referee
    /// receives the order as an event ([`super::CsEvent::SetStack`]).
    Secret,
    /// Shuffled from the committed seed (ChaCha20 stream 4).
    Blind,
}

/// The optional Fischer clock (CS-9): base time per side and an increment
/// credited at every hand-over (docs/cards.md, "Clock").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CsClock {
    pub white_ms: u64,
    pub black_ms: u64,
    pub increment_ms: u64,
}

impl CsClock {
    /// Equal bases, Fischer increment.
    pub fn fischer(base_ms: u64, increment_ms: u64) -> CsClock {
        CsClock {
            white_ms: base_ms,
            black_ms: base_ms,
            increment_ms,
        }
    }

    /// The shared clock's control for this setting.
    pub fn control(&self) -> TimeControl {
        TimeControl::custom(
            self.white_ms,
            self.black_ms,
            Increment::Fischer(self.increment_ms),
        )
    }
}

/// A card-series duel's setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsSetup {
    pub white: String,
    pub black: String,
    /// `None`: no clock (CS-9 makes clocks optional).
    pub clock: Option<CsClock>,
    pub mode: InputMode,
    pub stacks: StackSource,
    /// Clock mode: CS-4 refuses a move named again after a No card refused
    /// it in the same series. Every new game has it; a save written before
    /// the rule was enforced (no such field) replays as it was played.
    pub refuse_named_repeats: bool,
}

impl CsSetup {
    /// A setup without a clock.
    pub fn new(white: &str, black: &str, mode: InputMode, stacks: StackSource) -> CsSetup {
        CsSetup {
            white: white.to_owned(),
            black: black.to_owned(),
            clock: None,
            mode,
            stacks,
            refuse_named_repeats: true,
        }
    }

    /// The same setup with a clock.
    pub fn with_clock(mut self, clock: CsClock) -> CsSetup {
        self.clock = Some(clock);
        self
    }

    /// Names as in docs/fairness.md §1.2; times as `TimeControl::within_limits`.
    pub fn validate(&self) -> Result<(), CsSetupError> {
        check_names([self.white.as_str(), self.black.as_str()])
            .map_err(|(index, problem)| CsSetupError::Name { index, problem })?;
        if let Some(c) = self.clock
            && !c.control().within_limits()
        {
            return Err(CsSetupError::Clock);
        }
        Ok(())
    }

    /// The committed bytes (module docs).
    pub fn setup_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let (flag, times) = match self.clock {
            Some(c) => (1, [c.white_ms, c.black_ms, c.increment_ms]),
            None => (0, [0, 0, 0]),
        };
        out.push(flag);
        for t in times {
            // Validated times fit (10 h < 2^32 ms); saturate anything else.
            put_u32(&mut out, u32::try_from(t).unwrap_or(u32::MAX));
        }
        put_u32(&mut out, 2);
        put_lp(&mut out, self.white.as_bytes());
        put_lp(&mut out, self.black.as_bytes());
        out
    }

    /// The canonical setup text `cs1.<clock>.<white>_<black>`.
    pub fn to_text(&self) -> String {
        let clock = match self.clock {
            Some(c) => format!("{}-{}-{}", c.white_ms, c.black_ms, c.increment_ms),
            None => "none".to_owned(),
        };
        format!(
            "{CS_TEXT_VERSION}.{clock}.{}_{}",
            percent_encode(&self.white),
            percent_encode(&self.black)
        )
    }

    /// Reads a canonical setup text; the input mode is not committed, so
    /// the caller says which it is (the stacks are blind: only blind setups
    /// have a commitment).
    pub fn from_text(text: &str, mode: InputMode) -> Result<CsSetup, CsSetupTextError> {
        let fields = setup_text::fields::<CsSetupError>(text)?;
        let clock = if fields[1] == "none" {
            None
        } else {
            let n: Vec<u64> = fields[1]
                .split('-')
                .map(|p| number(p, "clock"))
                .collect::<Result<_, _>>()?;
            let [white_ms, black_ms, increment_ms] = n[..] else {
                return Err(CsSetupTextError::BadField { field: "clock" });
            };
            Some(CsClock {
                white_ms,
                black_ms,
                increment_ms,
            })
        };
        let names: Vec<&str> = fields[2].split('_').collect();
        let [white, black] = names[..] else {
            return Err(CsSetupTextError::BadField { field: "names" });
        };
        let setup = CsSetup {
            white: percent_decode(white, 0)?,
            black: percent_decode(black, 1)?,
            clock,
            mode,
            stacks: StackSource::Blind,
            refuse_named_repeats: true,
        };
        setup.validate().map_err(CsSetupTextError::Invalid)?;
        Ok(setup)
    }
}

/// The full preimage of the commitment.
pub fn cs_commitment_preimage(setup: &CsSetup, seed: &[u8; 32]) -> Vec<u8> {
    let mut out = Vec::new();
    put_lp(&mut out, CS_COMMIT_DOMAIN.as_bytes());
    out.extend_from_slice(&setup.setup_bytes());
    out.extend_from_slice(seed);
    out
}

/// SHA-256 commitment to (setup, seed), shown before move one (C-3).
pub fn cs_commitment(setup: &CsSetup, seed: &[u8; 32]) -> [u8; 32] {
    Sha256::digest(cs_commitment_preimage(setup, seed)).into()
}

/// Why a setup is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsSetupError {
    /// Name `index` (0 White, 1 Black) breaks docs/fairness.md §1.2.
    Name { index: usize, problem: NameProblem },
    /// A time outside the limits (bases 1 s to 10 h, increment at most 10 min).
    Clock,
}

impl fmt::Display for CsSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsSetupError::Name { index, problem } => {
                let who = if *index == 0 { "White" } else { "Black" };
                write!(f, "{who}'s name {problem}")
            }
            CsSetupError::Clock => {
                write!(f, "times must be 1 s to 10 h, the increment at most 10 min")
            }
        }
    }
}

impl std::error::Error for CsSetupError {}

impl SetupCode for CsSetupError {
    const VERSION: &'static str = CS_TEXT_VERSION;
    const FIELDS: usize = 3;
    const MAX_BYTES: usize = MAX_CS_SETUP_TEXT_BYTES;
    type Own = std::convert::Infallible;
}

/// Why a setup text is refused (never repaired).
pub type CsSetupTextError = SetupTextError<CsSetupError>;

fn number(s: &str, field: &'static str) -> Result<u64, CsSetupTextError> {
    setup_text::number_in(s, field).map(u64::from)
}

/// Letters and digits as themselves, every other byte as `%XX` (upper case),
/// as Nordau's setup text writes names (docs/fairness.md §1.1).
fn percent_encode(s: &str) -> String {
    setup_text::encode_name(s)
}

fn percent_decode(s: &str, index: usize) -> Result<String, CsSetupTextError> {
    setup_text::name_in(s, index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_3_setup_text_round_trips_and_commitment_covers_every_field() {
        let base = CsSetup::new("Anna", "Boris Ø", InputMode::Board, StackSource::Blind)
            .with_clock(CsClock::fischer(300_000, 3_000));
        let text = base.to_text();
        assert_eq!(text, "cs1.300000-300000-3000.Anna_Boris%20%C3%98");
        assert_eq!(CsSetup::from_text(&text, InputMode::Board).unwrap(), base);
        let seed = [1u8; 32];
        let c = cs_commitment(&base, &seed);
        let mut others = Vec::new();
        for f in [
            |s: &mut CsSetup| s.white = "Anne".into(),
            |s: &mut CsSetup| s.black = "Boris".into(),
            |s: &mut CsSetup| s.clock = None,
            |s: &mut CsSetup| s.clock = Some(CsClock::fischer(300_000, 2_000)),
            |s: &mut CsSetup| s.clock.as_mut().unwrap().black_ms = 200_000,
        ] {
            let mut s = base.clone();
            f(&mut s);
            others.push(s);
        }
        for s in others {
            assert_ne!(cs_commitment(&s, &seed), c, "{s:?}");
        }
        let untimed = CsSetup::new("A", "B", InputMode::Clock, StackSource::Blind);
        assert_eq!(untimed.to_text(), "cs1.none.A_B");
        assert_eq!(
            CsSetup::from_text("cs1.none.A_B", InputMode::Clock).unwrap(),
            untimed
        );
    }
}
