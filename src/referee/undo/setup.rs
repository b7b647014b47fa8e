//! How an Undo Chess game is set up (UC-1, UC-2, C-1) and, for a drawn
//! start position, what is committed before move one (C-3): the canonical
//! setup text `uc1.…`, the setup bytes and the commitment
//! (docs/fairness.md §12).
//!
//! Layout (integers unsigned big-endian, `lp(x)` = u32 length ‖ bytes):
//!
//! ```text
//! setup_bytes = u8 start (0 drawn, 1 fixed) ‖ u32 number (0 when drawn)
//!             ‖ u32 white_tokens ‖ u32 black_tokens
//!             ‖ u32 white_ms ‖ u32 black_ms
//!             ‖ u32 stage_count ‖ (u32 moves (0 = rest of the game) ‖ u32 add_ms
//!                                  ‖ u8 increment (0 none, 1 Fischer, 2 Bronstein, 3 delay)
//!                                  ‖ u32 increment_ms)*
//!             ‖ u32 2 ‖ lp(white) ‖ lp(black)
//! commitment  = SHA-256( lp("undo-chess/commitment/v1") ‖ setup_bytes ‖ seed[32] )
//! text        = uc1.<start>.<tokens>.<bases>.<stages>.<white>_<black>
//! ```

use crate::referee::chess_clock::{Increment, Stage, TimeControl};
use crate::referee::commitment::{put_lp, put_u32};
use crate::referee::common::InputMode;
use crate::referee::names::{NameProblem, check_names};
use crate::referee::setup_text::{self, SetupCode, SetupTextError};
use crate::referee::undo::start::StartPosition;
use sha2::{Digest, Sha256};
use std::fmt;

/// Domain string of the Undo Chess commitment.
pub const UC_COMMIT_DOMAIN: &str = "undo-chess/commitment/v1";
/// Version prefix of the canonical setup text.
pub const UC_TEXT_VERSION: &str = "uc1";
/// Longest accepted setup text, in bytes.
pub const MAX_UC_SETUP_TEXT_BYTES: usize = 1024;
/// UC-2: each player starts with 0, 1, 2 or 3 tokens.
pub const MAX_START_TOKENS: u8 = 3;
/// UC-2's default.
pub const DEFAULT_TOKENS: u8 = 2;
/// At most this many stages in a time control.
pub const MAX_STAGES: usize = 8;
/// A bounded stage covers at most this many moves.
pub const MAX_STAGE_MOVES: u32 = 10_000;

/// Where the start position comes from (UC-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartChoice {
    /// Drawn from the committed seed and the players' words (stream 5).
    Drawn,
    /// Chosen: the standard position (518) or a number the players typed.
    Fixed(StartPosition),
}

/// An Undo Chess game's setup. The input mode is not committed (it changes
/// no draw and no clock); everything else is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UcSetup {
    pub white: String,
    pub black: String,
    /// UC-2: tokens `[white, black]` before the game, 0…3 each.
    pub tokens: [u8; 2],
    /// The shared clock's control (UC-1 includes loss on time; UC-5, UC-7).
    pub control: TimeControl,
    pub mode: InputMode,
    pub start: StartChoice,
}

impl UcSetup {
    /// A setup with UC-2's default of two tokens each.
    pub fn new(
        white: &str,
        black: &str,
        mode: InputMode,
        start: StartChoice,
        control: TimeControl,
    ) -> UcSetup {
        UcSetup {
            white: white.to_owned(),
            black: black.to_owned(),
            tokens: [DEFAULT_TOKENS; 2],
            control,
            mode,
            start,
        }
    }

    /// The same setup with other token counts.
    pub fn with_tokens(mut self, white: u8, black: u8) -> UcSetup {
        self.tokens = [white, black];
        self
    }

    /// Names as in docs/fairness.md §1.2 (not the duplicate rule: colours
    /// are chosen, not drawn); tokens 0…3; a valid control within the
    /// clock's limits, at most [`MAX_STAGES`] stages of at most
    /// [`MAX_STAGE_MOVES`] moves.
    pub fn validate(&self) -> Result<(), UcSetupError> {
        check_names([self.white.as_str(), self.black.as_str()])
            .map_err(|(index, problem)| UcSetupError::Name { index, problem })?;
        if self.tokens.iter().any(|&t| t > MAX_START_TOKENS) {
            return Err(UcSetupError::Tokens);
        }
        let c = &self.control;
        if c.validate().is_err()
            || !c.within_limits()
            || c.stages.len() > MAX_STAGES
            || c.stages
                .iter()
                .any(|s| s.moves.is_some_and(|m| m > MAX_STAGE_MOVES))
        {
            return Err(UcSetupError::Clock);
        }
        Ok(())
    }

    /// The committed bytes (module docs).
    pub fn setup_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let fit = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        match self.start {
            StartChoice::Drawn => {
                out.push(0);
                put_u32(&mut out, 0);
            }
            StartChoice::Fixed(p) => {
                out.push(1);
                put_u32(&mut out, p.number());
            }
        }
        for t in self.tokens {
            put_u32(&mut out, u32::from(t));
        }
        for b in self.control.base_ms {
            put_u32(&mut out, fit(b));
        }
        put_u32(&mut out, self.control.stages.len() as u32);
        for s in &self.control.stages {
            put_u32(&mut out, s.moves.unwrap_or(0));
            put_u32(&mut out, fit(s.add_ms));
            let (kind, ms) = increment_parts(s.increment);
            out.push(kind);
            put_u32(&mut out, fit(ms));
        }
        put_u32(&mut out, 2);
        put_lp(&mut out, self.white.as_bytes());
        put_lp(&mut out, self.black.as_bytes());
        out
    }

    /// The canonical setup text (docs/fairness.md §12.1), e.g.
    /// `uc1.r.2-2.300000-300000.0-0-f3000.Anna_Boris`.
    pub fn to_text(&self) -> String {
        let start = match self.start {
            StartChoice::Drawn => "r".to_owned(),
            StartChoice::Fixed(p) => p.number().to_string(),
        };
        let stages: Vec<String> = self
            .control
            .stages
            .iter()
            .map(|s| {
                let inc = match s.increment {
                    Increment::None => "n".to_owned(),
                    Increment::Fischer(ms) => format!("f{ms}"),
                    Increment::Bronstein(ms) => format!("b{ms}"),
                    Increment::SimpleDelay(ms) => format!("d{ms}"),
                };
                format!("{}-{}-{inc}", s.moves.unwrap_or(0), s.add_ms)
            })
            .collect();
        format!(
            "{UC_TEXT_VERSION}.{start}.{}-{}.{}-{}.{}.{}_{}",
            self.tokens[0],
            self.tokens[1],
            self.control.base_ms[0],
            self.control.base_ms[1],
            stages.join("_"),
            setup_text::encode_name(&self.white),
            setup_text::encode_name(&self.black)
        )
    }

    /// Reads a canonical setup text and nothing else; the input mode is not
    /// committed, so the caller says which it is.
    pub fn from_text(text: &str, mode: InputMode) -> Result<UcSetup, UcSetupTextError> {
        let fields = setup_text::fields::<UcSetupError>(text)?;
        let start = if fields[1] == "r" {
            StartChoice::Drawn
        } else {
            let n = number(fields[1], "start")?;
            StartChoice::Fixed(
                StartPosition::new(n).map_err(|_| UcSetupTextError::Own(StartOutOfRange(n)))?,
            )
        };
        let pair = |s: &str, field: &'static str| -> Result<[u32; 2], UcSetupTextError> {
            let n: Vec<u32> = s
                .split('-')
                .map(|p| number(p, field))
                .collect::<Result<_, _>>()?;
            match n[..] {
                [a, b] => Ok([a, b]),
                _ => Err(UcSetupTextError::BadField { field }),
            }
        };
        let tokens = pair(fields[2], "tokens")?.map(|t| u8::try_from(t).unwrap_or(u8::MAX));
        let bases = pair(fields[3], "bases")?.map(u64::from);
        let stages = fields[4]
            .split('_')
            .map(stage)
            .collect::<Result<Vec<_>, _>>()?;
        let names: Vec<&str> = fields[5].split('_').collect();
        let [white, black] = names[..] else {
            return Err(UcSetupTextError::BadField { field: "names" });
        };
        let setup = UcSetup {
            white: name(white, 0)?,
            black: name(black, 1)?,
            tokens,
            control: TimeControl {
                base_ms: bases,
                stages,
            },
            mode,
            start,
        };
        setup.validate().map_err(UcSetupTextError::Invalid)?;
        Ok(setup)
    }
}

fn increment_parts(i: Increment) -> (u8, u64) {
    match i {
        Increment::None => (0, 0),
        Increment::Fischer(ms) => (1, ms),
        Increment::Bronstein(ms) => (2, ms),
        Increment::SimpleDelay(ms) => (3, ms),
    }
}

fn number(s: &str, field: &'static str) -> Result<u32, UcSetupTextError> {
    setup_text::number_in(s, field)
}

fn name(s: &str, index: usize) -> Result<String, UcSetupTextError> {
    setup_text::name_in(s, index)
}

/// One stage: `<moves>-<add_ms>-<increment>`, moves `0` = the rest of the
/// game, increment `n`, `f<ms>`, `b<ms>` or `d<ms>`.
fn stage(s: &str) -> Result<Stage, UcSetupTextError> {
    let field = "stages";
    let parts: Vec<&str> = s.split('-').collect();
    let [moves, add, inc] = parts[..] else {
        return Err(UcSetupTextError::BadField { field });
    };
    let moves = number(moves, field)?;
    let add_ms = u64::from(number(add, field)?);
    let increment = match inc.split_at_checked(1) {
        Some(("n", "")) => Increment::None,
        Some((kind, ms)) => {
            let ms = u64::from(number(ms, field)?);
            match kind {
                "f" => Increment::Fischer(ms),
                "b" => Increment::Bronstein(ms),
                "d" => Increment::SimpleDelay(ms),
                _ => return Err(UcSetupTextError::BadField { field }),
            }
        }
        None => return Err(UcSetupTextError::BadField { field }),
    };
    Ok(Stage {
        moves: (moves != 0).then_some(moves),
        add_ms,
        increment,
    })
}

/// The full preimage of the commitment.
pub fn uc_commitment_preimage(setup: &UcSetup, seed: &[u8; 32]) -> Vec<u8> {
    let mut out = Vec::new();
    put_lp(&mut out, UC_COMMIT_DOMAIN.as_bytes());
    out.extend_from_slice(&setup.setup_bytes());
    out.extend_from_slice(seed);
    out
}

/// SHA-256 commitment to (setup, seed), shown before the position is drawn (C-3).
pub fn uc_commitment(setup: &UcSetup, seed: &[u8; 32]) -> [u8; 32] {
    Sha256::digest(uc_commitment_preimage(setup, seed)).into()
}

/// Why a setup is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcSetupError {
    /// Name `index` (0 White, 1 Black) breaks docs/fairness.md §1.2.
    Name { index: usize, problem: NameProblem },
    /// UC-2: 0 to 3 tokens each.
    Tokens,
    /// A time control the clock refuses or outside its limits.
    Clock,
}

impl fmt::Display for UcSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UcSetupError::Name { index, problem } => {
                let who = if *index == 0 { "White" } else { "Black" };
                write!(f, "{who}'s name {problem}")
            }
            UcSetupError::Tokens => write!(f, "each player starts with 0 to 3 tokens (UC-2)"),
            UcSetupError::Clock => write!(
                f,
                "times must be 1 s to 10 h, increments and delays at most 10 min, at most {MAX_STAGES} stages"
            ),
        }
    }
}

impl std::error::Error for UcSetupError {}

/// A start position number above 959.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartOutOfRange(pub u32);

impl fmt::Display for StartOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "there is no start position {}: Chess960 positions are numbered 0 to 959",
            self.0
        )
    }
}

impl SetupCode for UcSetupError {
    const VERSION: &'static str = UC_TEXT_VERSION;
    const FIELDS: usize = 6;
    const MAX_BYTES: usize = MAX_UC_SETUP_TEXT_BYTES;
    type Own = StartOutOfRange;
}

/// Why a setup text is refused (never repaired).
pub type UcSetupTextError = SetupTextError<UcSetupError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_3_setup_text_round_trips_and_commitment_covers_every_field() {
        let base = UcSetup::new(
            "Anna",
            "Boris Ø",
            InputMode::Board,
            StartChoice::Drawn,
            TimeControl::fischer(300_000, 3_000),
        );
        let text = base.to_text();
        assert_eq!(
            text,
            "uc1.r.2-2.300000-300000.0-0-f3000.Anna_Boris%20%C3%98"
        );
        assert_eq!(UcSetup::from_text(&text, InputMode::Board).unwrap(), base);
        let classical = UcSetup {
            control: TimeControl::classical_90_40_30_inc30(),
            start: StartChoice::Fixed(StartPosition::standard()),
            ..base.clone()
        }
        .with_tokens(0, 3);
        let text = classical.to_text();
        assert_eq!(
            text,
            "uc1.518.0-3.5400000-5400000.40-0-f30000_0-1800000-f30000.Anna_Boris%20%C3%98"
        );
        assert_eq!(
            UcSetup::from_text(&text, InputMode::Board).unwrap(),
            classical
        );
        let seed = [1u8; 32];
        let c = uc_commitment(&base, &seed);
        let changes: [fn(&mut UcSetup); 7] = [
            |s| s.white = "Anne".into(),
            |s| s.black = "Boris".into(),
            |s| s.tokens = [2, 1],
            |s| s.start = StartChoice::Fixed(StartPosition::standard()),
            |s| s.control = TimeControl::bronstein(300_000, 3_000),
            |s| s.control = TimeControl::fischer(300_000, 3_000).with_bases(300_000, 200_000),
            |s| s.control = TimeControl::sudden_death(300_000),
        ];
        for change in changes {
            let mut s = base.clone();
            change(&mut s);
            assert_ne!(uc_commitment(&s, &seed), c, "{s:?}");
        }
    }

    #[test]
    fn uc_2_setup_refuses_more_than_three_tokens() {
        let s = UcSetup::new(
            "A",
            "B",
            InputMode::Clock,
            StartChoice::Drawn,
            TimeControl::sudden_death(60_000),
        );
        assert_eq!(s.clone().with_tokens(3, 0).validate(), Ok(()));
        assert_eq!(s.with_tokens(4, 0).validate(), Err(UcSetupError::Tokens));
        assert!(matches!(
            UcSetup::from_text("uc1.r.4-2.60000-60000.0-0-n.A_B", InputMode::Clock),
            Err(UcSetupTextError::Invalid(UcSetupError::Tokens))
        ));
        assert!(matches!(
            UcSetup::from_text("uc1.960.2-2.60000-60000.0-0-n.A_B", InputMode::Clock),
            Err(UcSetupTextError::Own(StartOutOfRange(960)))
        ));
    }
}
