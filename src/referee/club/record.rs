//! The evening as stored on the phone ("club.tonight") and as it travels
//! (CE-5): one versioned JSON record. Reading checks everything a
//! [`Tonight`] promises (valid, distinct names; the right number of distinct
//! players per game; only the last game unfinished; seat points only in
//! Nordau Shift), so a damaged record is refused with its reason, never
//! half-loaded.

use super::{ClubGame, Person, PlayerOutcome, TableGame, TableResult, Tonight};
use crate::referee::json::{self, FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::names::{check_name, comparison_key};
use serde_json::Value;
use std::fmt;

/// The stored format's version; a newer one is refused, not misread.
pub const TONIGHT_VERSION: u32 = 1;

crate::referee::json::json_names! {
    ClubGame { Nordau = "nordau", Crazyhouse = "crazyhouse", Bughouse = "bughouse", Cards = "cards", Undo = "undo" }
    PlayerOutcome { Won = "won", Drawn = "drawn", Lost = "lost", Observed = "observed" }
}

/// Why a stored or received evening cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TonightError {
    Corrupt(String),
    Newer { found: u64 },
}

impl fmt::Display for TonightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TonightError::Corrupt(e) => write!(f, "damaged record of tonight's table: {e}"),
            TonightError::Newer { found } => write!(
                f,
                "record of tonight's table of version {found}, newer than this app ({TONIGHT_VERSION})"
            ),
        }
    }
}

impl ToJson for Person {
    fn to_json(&self) -> Json {
        obj([
            ("name", f(&self.name)),
            ("present", f(&self.present)),
            ("waiting_since", f(&self.waiting_since)),
        ])
    }
}

impl FromJson for Person {
    fn from_json(v: &Value) -> JsonResult<Person> {
        let o = Obj::of(v)?;
        Ok(Person {
            name: o.req("name")?,
            present: o.req("present")?,
            waiting_since: o.req("waiting_since")?,
        })
    }
}

impl ToJson for TableResult {
    fn to_json(&self) -> Json {
        obj([
            ("outcomes", f(&self.outcomes)),
            (
                "seat_points",
                self.seat_points.as_ref().map(|p| p.to_json()),
            ),
            ("record", f(&self.record)),
        ])
    }
}

impl FromJson for TableResult {
    fn from_json(v: &Value) -> JsonResult<TableResult> {
        let o = Obj::of(v)?;
        Ok(TableResult {
            outcomes: o.req("outcomes")?,
            seat_points: o.opt("seat_points")?,
            record: o.req("record")?,
        })
    }
}

impl ToJson for TableGame {
    fn to_json(&self) -> Json {
        obj([
            ("game", f(&self.game)),
            ("players", f(&self.players)),
            ("proposed", f(&self.proposed)),
            ("tie_drawn", f(&self.tie_drawn)),
            ("result", self.result.as_ref().map(|r| r.to_json())),
        ])
    }
}

impl FromJson for TableGame {
    fn from_json(v: &Value) -> JsonResult<TableGame> {
        let o = Obj::of(v)?;
        Ok(TableGame {
            game: o.req("game")?,
            players: o.req("players")?,
            proposed: o.req("proposed")?,
            tie_drawn: o.req("tie_drawn")?,
            result: o.opt("result")?,
        })
    }
}

impl ToJson for Tonight {
    fn to_json(&self) -> Json {
        obj([
            ("version", f(&TONIGHT_VERSION)),
            ("people", f(&self.people)),
            ("games", f(&self.games)),
        ])
    }
}

impl Tonight {
    pub fn to_text(&self) -> String {
        json::to_string(self)
    }

    pub fn from_text(text: &str) -> Result<Tonight, TonightError> {
        let corrupt = |e: &dyn fmt::Display| TonightError::Corrupt(e.to_string());
        let v: Value = json::parse(text).map_err(|e| corrupt(&e))?;
        let o = Obj::of(&v).map_err(|e| corrupt(&e))?;
        let found: u64 = o.req("version").map_err(|e| corrupt(&e))?;
        if found > u64::from(TONIGHT_VERSION) {
            return Err(TonightError::Newer { found });
        }
        let tonight = Tonight {
            people: o.req("people").map_err(|e| corrupt(&e))?,
            games: o.req("games").map_err(|e| corrupt(&e))?,
        };
        tonight.check().map_err(TonightError::Corrupt)?;
        Ok(tonight)
    }

    /// What every evening built by [`Tonight`]'s own methods holds.
    fn check(&self) -> Result<(), String> {
        for (i, person) in self.people.iter().enumerate() {
            check_name(&person.name).map_err(|p| format!("person {}: the name {p}", i + 1))?;
            let key = comparison_key(&person.name);
            if self.people[..i]
                .iter()
                .any(|q| comparison_key(&q.name) == key)
            {
                return Err(format!("{} is listed twice", person.name));
            }
        }
        for (i, game) in self.games.iter().enumerate() {
            let at = |what: &str| format!("game {}: {what}", i + 1);
            let needed = game.game.players();
            for list in [&game.players, &game.proposed] {
                if list.len() != needed {
                    return Err(at(&format!("{} players, not {needed}", list.len())));
                }
                for (k, id) in list.iter().enumerate() {
                    if *id >= self.people.len() || list[..k].contains(id) {
                        return Err(at(&format!("no such player #{id}, or twice")));
                    }
                }
            }
            match &game.result {
                None if i + 1 != self.games.len() => {
                    return Err(at("unfinished, yet not the last"));
                }
                None => {}
                Some(r) if !r.fits(game.game) => {
                    return Err(at("outcomes or seat points do not match its players"));
                }
                Some(_) => {}
            }
        }
        let finished = self.finished_count();
        if let Some(p) = self.people.iter().find(|p| p.waiting_since > finished) {
            return Err(format!("{} waits since a game not yet played", p.name));
        }
        Ok(())
    }
}
