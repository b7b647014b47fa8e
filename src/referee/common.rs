//! The vocabulary every game module shares: sides, input modes (C-1) and the
//! result on the board.

use crate::referee::json::{FromJson, Json, JsonError, JsonResult, ToJson, json_names};
use serde_json::Value;

/// A side of the board (and of the clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// Index into two-element arrays: White 0, Black 1.
    pub fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }

    /// The side that plays half-move number `ply` (0-based; White starts).
    pub fn of_ply(ply: u32) -> Colour {
        if ply.is_multiple_of(2) {
            Colour::White
        } else {
            Colour::Black
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }
}

/// C-1 input modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputMode {
    /// Physical board; the phone counts clock presses, players report the end.
    Clock,
    /// On-screen board; entering a move is the clock press.
    Board,
}

/// The result on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Colour),
    Draw,
}

// ---- JSON: snake_case names; `Outcome` as `"draw"` or `{"win": colour}` ----

json_names! {
    Colour { White = "white", Black = "black" }
    InputMode { Clock = "clock", Board = "board" }
}

impl ToJson for Outcome {
    fn to_json(&self) -> Json {
        match self {
            Outcome::Win(c) => Json::Obj(vec![("win", c.to_json())]),
            Outcome::Draw => Json::Str("draw".into()),
        }
    }
}

impl FromJson for Outcome {
    fn from_json(v: &Value) -> JsonResult<Outcome> {
        match v {
            Value::String(s) if s == "draw" => Ok(Outcome::Draw),
            Value::Object(m) if m.len() == 1 && m.contains_key("win") => {
                Colour::from_json(&m["win"]).map(Outcome::Win)
            }
            _ => Err(JsonError("expected \"draw\" or {\"win\": colour}".into())),
        }
    }
}
