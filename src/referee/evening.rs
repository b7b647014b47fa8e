//! The evening's record of commitments (docs/fairness.md "Threat model",
//! RULES "Commitment and draw"): every commitment shown at the table is
//! revealed once it is played, withdrawn or abandoned, and kept here with its
//! fate and its seed, so a draw given up and drawn again is visible to all
//! players. One record for every drawn game; its setup code says which game
//! it was (`ns1.`, `cs1.`, `uc1.`).

use crate::referee::commitment::normalise_words;
use crate::referee::json::{
    self, FromJson, Json, JsonResult, Obj, ToJson, f, obj, unknown_variant,
};
use serde_json::Value;

/// What became of a commitment shown at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawFate {
    /// The game was played to its end.
    Played,
    /// Given up before the words were locked: nothing was drawn.
    Withdrawn,
    /// Given up after the draw, `half_moves` into the game (0 = before
    /// move one).
    Abandoned { half_moves: u32 },
}

/// One commitment shown at the table, revealed: enough to verify it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawRecord {
    pub commitment_hex: String,
    pub setup_text: String,
    pub seed_hex: String,
    /// The players' entries (normalised) once locked; empty if none or never locked.
    pub words: Vec<String>,
    /// Written flat into the record: `"fate":"abandoned","half_moves":3`.
    pub fate: DrawFate,
}

impl ToJson for DrawRecord {
    fn to_json(&self) -> Json {
        let mut fields = vec![
            ("commitment_hex", self.commitment_hex.to_json()),
            ("setup_text", self.setup_text.to_json()),
            ("seed_hex", self.seed_hex.to_json()),
            ("words", self.words.to_json()),
        ];
        let fate = |name: &str| Json::Str(name.to_owned());
        match self.fate {
            DrawFate::Played => fields.push(("fate", fate("played"))),
            DrawFate::Withdrawn => fields.push(("fate", fate("withdrawn"))),
            DrawFate::Abandoned { half_moves } => {
                fields.push(("fate", fate("abandoned")));
                fields.push(("half_moves", half_moves.to_json()));
            }
        }
        Json::Obj(fields)
    }
}

impl FromJson for DrawRecord {
    fn from_json(v: &Value) -> JsonResult<DrawRecord> {
        let o = Obj::of(v)?;
        let fate = match o.tag("fate")? {
            "played" => DrawFate::Played,
            "withdrawn" => DrawFate::Withdrawn,
            "abandoned" => DrawFate::Abandoned {
                half_moves: o.req("half_moves")?,
            },
            other => return Err(unknown_variant(other)),
        };
        Ok(DrawRecord {
            commitment_hex: o.req("commitment_hex")?,
            setup_text: o.req("setup_text")?,
            seed_hex: o.req("seed_hex")?,
            words: o.req("words")?,
            fate,
        })
    }
}

impl DrawFate {
    /// A game's fate as it leaves the table: played once over, else
    /// abandoned `half_moves` in.
    pub fn so_far(over: bool, half_moves: usize) -> DrawFate {
        if over {
            DrawFate::Played
        } else {
            DrawFate::Abandoned {
                half_moves: u32::try_from(half_moves).unwrap_or(u32::MAX),
            }
        }
    }
}

impl DrawRecord {
    /// A revealed commitment: its seed, setup code and the players' words
    /// (normalised, as the draw consumed them).
    pub fn revealed(
        commitment_hex: String,
        setup_text: String,
        seed: &[u8; 32],
        words: &[String],
        fate: DrawFate,
    ) -> DrawRecord {
        DrawRecord {
            commitment_hex,
            setup_text,
            seed_hex: hex::encode(seed),
            words: normalise_words(words),
            fate,
        }
    }

    /// The draws of one game, by its setup codes' prefix (`"uc1."`).
    pub fn is_of(&self, prefix: &str) -> bool {
        self.setup_text.starts_with(prefix)
    }
}

/// The stored format's version; a newer one is refused, not misread.
pub const EVENING_VERSION: u32 = 1;
/// Enough for several evenings; the oldest go first.
pub const EVENING_KEEP: usize = 60;

/// The commitments of the games that keep no session of their own (the card
/// duel, Undo Chess), oldest first. Nordau Shift keeps its own in its
/// session (`nordau::Session::draws`), in the same record format.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evening {
    pub draws: Vec<DrawRecord>,
}

/// Why a stored evening cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EveningError {
    Corrupt(String),
    Newer { found: u64 },
}

impl std::fmt::Display for EveningError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EveningError::Corrupt(e) => write!(f, "corrupt record of the evening: {e}"),
            EveningError::Newer { found } => write!(
                f,
                "record of the evening of version {found}, newer than this app ({EVENING_VERSION})"
            ),
        }
    }
}

impl Evening {
    /// Keeps a revealed commitment. A commitment already kept is kept once:
    /// a played game stays played; otherwise the later fate replaces it (a
    /// game abandoned after it was saved as begun).
    pub fn record(&mut self, draw: DrawRecord) {
        match self
            .draws
            .iter_mut()
            .find(|d| d.commitment_hex == draw.commitment_hex)
        {
            Some(kept) if kept.fate == DrawFate::Played => {}
            Some(kept) => *kept = draw,
            None => self.draws.push(draw),
        }
        let start = self.draws.len().saturating_sub(EVENING_KEEP);
        self.draws.drain(..start);
    }

    /// The draws of one game (by setup-code prefix), oldest first.
    pub fn of<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = &'a DrawRecord> + 'a {
        self.draws.iter().filter(move |d| d.is_of(prefix))
    }

    pub fn to_text(&self) -> String {
        json::to_string(self)
    }

    pub fn from_text(text: &str) -> Result<Evening, EveningError> {
        let corrupt = |e: &dyn std::fmt::Display| EveningError::Corrupt(e.to_string());
        let v: Value = json::parse(text).map_err(|e| corrupt(&e))?;
        let o = Obj::of(&v).map_err(|e| corrupt(&e))?;
        let found: u64 = o.req("version").map_err(|e| corrupt(&e))?;
        if found > u64::from(EVENING_VERSION) {
            return Err(EveningError::Newer { found });
        }
        Ok(Evening {
            draws: o.req("draws").map_err(|e| corrupt(&e))?,
        })
    }
}

impl ToJson for Evening {
    fn to_json(&self) -> Json {
        obj([("version", f(&EVENING_VERSION)), ("draws", f(&self.draws))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(c: &str, fate: DrawFate) -> DrawRecord {
        DrawRecord::revealed(c.into(), "uc1.r".into(), &[7; 32], &[], fate)
    }

    #[test]
    fn a_played_game_stays_played_and_a_later_fate_replaces_an_earlier_one() {
        let mut e = Evening::default();
        e.record(draw("a", DrawFate::Played));
        e.record(draw("a", DrawFate::Abandoned { half_moves: 4 }));
        e.record(draw("b", DrawFate::Abandoned { half_moves: 0 }));
        e.record(draw("b", DrawFate::Abandoned { half_moves: 3 }));
        let fates: Vec<_> = e.draws.iter().map(|d| d.fate).collect();
        assert_eq!(
            fates,
            [DrawFate::Played, DrawFate::Abandoned { half_moves: 3 }]
        );
    }

    #[test]
    fn the_oldest_go_first_and_the_text_round_trips() {
        let mut e = Evening::default();
        for i in 0..EVENING_KEEP + 3 {
            e.record(draw(&format!("{i}"), DrawFate::Withdrawn));
        }
        assert_eq!(e.draws.len(), EVENING_KEEP);
        assert_eq!(e.draws[0].commitment_hex, "3");
        assert_eq!(Evening::from_text(&e.to_text()), Ok(e));
    }

    #[test]
    fn a_newer_or_damaged_record_is_refused_not_misread() {
        assert_eq!(
            Evening::from_text(r#"{"version":2,"draws":[]}"#),
            Err(EveningError::Newer { found: 2 })
        );
        for bad in [
            "",
            "[]",
            r#"{"version":1}"#,
            r#"{"version":1,"draws":[{"fate":"lost"}]}"#,
        ] {
            assert!(
                matches!(Evening::from_text(bad), Err(EveningError::Corrupt(_))),
                "{bad}"
            );
        }
    }
}
