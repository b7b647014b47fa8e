//! A club evening in the browser (RULES "Club evening", docs/club.md): the
//! Tonight screen (`#/tonight`), the codes that take a record home
//! (`take_home`) and the screen that opens one (`#/open/…`, `review`). The
//! rules are the referee's (`referee::club`); here the evening is stored
//! under `club.tonight`, handed to a game's setup as its names, and a game
//! that ends at the table enters it.

pub mod review;
pub mod strings;
pub mod take_home;
pub mod tonight;

use crate::referee::club::record::TonightError;
use crate::referee::club::{GameEnd, Tonight};
use crate::ui::route::{self, Route};
use crate::web::storage;
use leptos::prelude::GetUntracked;

/// The stored evening (docs/saves.md); never renamed.
pub const KEY: &str = "club.tonight";
/// Where an unreadable evening is kept aside (`storage::read_or_set_aside`).
const UNREADABLE_KEY: &str = "club.tonight.unreadable";

/// The stored evening, or a new one; an unreadable one is kept aside. A
/// newer app's evening, or one that could not be set aside, is refused: the
/// caller stores nothing over it.
pub fn load() -> Result<Tonight, TonightError> {
    storage::read_or_set_aside(KEY, UNREADABLE_KEY, Tonight::from_text, |e| {
        matches!(e, TonightError::Corrupt(_))
    })
    .map(Option::unwrap_or_default)
}

/// The stored evening as `load` reads it, and whether an unreadable one was
/// just moved aside (the screen says so).
pub fn load_noting_damage() -> (Result<Tonight, TonightError>, bool) {
    let stored = storage::get(KEY).is_some();
    let read = load();
    let moved = stored && read.is_ok() && storage::get(KEY).is_none();
    (read, moved)
}

/// Stores the evening; whether the phone kept it.
pub fn save(tonight: &Tonight) -> bool {
    storage::set(KEY, &tonight.to_text())
}

/// The names tonight's table seated for the game being played, in the game's
/// seat order, when that game is `game_id`'s: what its setup starts with.
pub fn seated(game_id: &str) -> Option<Vec<String>> {
    let tonight = load().ok()?;
    let playing = tonight.in_progress().filter(|g| g.game.id() == game_id)?;
    Some(
        playing
            .players
            .iter()
            .map(|id| tonight.people[*id].name.clone())
            .collect(),
    )
}

/// A setup form's name fields (in the game's seat order) as tonight's table
/// seated them, when the evening is playing this page's game: starting a
/// game on the Tonight screen opens its setup with the names filled in.
pub fn seat(fields: Vec<&mut String>) {
    let Route::Game(entry) = route::use_route().get_untracked() else {
        return;
    };
    if let Some(names) = seated(entry.id).filter(|n| n.len() == fields.len()) {
        for (field, name) in fields.into_iter().zip(names) {
            *field = name;
        }
    }
}

/// A game ended at this table: entered in the evening when it is the game
/// the evening is playing (`Tonight::enter`); anything else leaves the
/// evening as it was.
pub fn enter(end: GameEnd) {
    if let Ok(mut tonight) = load()
        && tonight.enter(end).is_ok()
    {
        save(&tonight);
    }
}
