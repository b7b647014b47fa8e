//! The games the app can referee, and the one boundary between the app and a
//! game module. The home screen lists exactly these; the route `#/<id>` mounts
//! the entry's view. A game joins the list when it is playable end to end,
//! never before. Adding a game means adding a module and one entry here: the
//! shell (home, routes, app) has no per-game code.
//!
//! What a module may share:
//! `ui::board::Board` (the on-screen board, with optional drop pockets),
//! `ui::saved::{Slot, Saved, DamagedSave}` (its saved state in `localStorage`),
//! `ui::confirm::ConfirmButton`, and the `game` section of the strings.

use std::fmt;

use leptos::prelude::AnyView;

use super::i18n::Texts;

pub struct GameEntry {
    /// Stable id: the route is `#/<id>` (shared links and installed
    /// shortcuts keep working, so never rename one).
    pub id: &'static str,
    /// The link to the game: exactly `#/` and the id (checked when compiling;
    /// a static string, so links cost no allocation).
    pub href: &'static str,
    pub name: fn(&Texts) -> &'static str,
    pub summary: fn(&Texts) -> &'static str,
    /// The `localStorage` key of the module's save (`ui::saved::Slot::key`):
    /// one window at a time owns it, and hands it over (`ui::one_window`).
    pub save_key: &'static str,
    /// Mounts the module's root component (it owns its own screens and state).
    pub view: fn() -> AnyView,
}

/// Entries are identified by id (function pointers do not compare reliably).
impl PartialEq for GameEntry {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for GameEntry {}

impl fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameEntry").field("id", &self.id).finish()
    }
}

/// Whether `href` is `#/` followed by `id`.
const fn is_route_of(href: &str, id: &str) -> bool {
    let (href, id) = (href.as_bytes(), id.as_bytes());
    if href.len() != id.len() + 2 || href[0] != b'#' || href[1] != b'/' {
        return false;
    }
    let mut i = 0;
    while i < id.len() {
        if href[i + 2] != id[i] {
            return false;
        }
        i += 1;
    }
    true
}

// Every entry's link is its route, and no id is taken twice or by a page.
const _: () = {
    let mut i = 0;
    while i < GAMES.len() {
        assert!(
            is_route_of(GAMES[i].href, GAMES[i].id),
            "a game's href must be #/<id>"
        );
        let mut j = 0;
        while j < i {
            assert!(
                !is_route_of(GAMES[j].href, GAMES[i].id),
                "two games share an id"
            );
            j += 1;
        }
        assert!(
            !is_route_of("#/about", GAMES[i].id)
                && !is_route_of("#/verify", GAMES[i].id)
                && !is_route_of("#/tonight", GAMES[i].id)
                && !is_route_of("#/open", GAMES[i].id),
            "a game id is taken by a page"
        );
        i += 1;
    }
};

/// The game with this id, if the build has it.
pub fn find(id: &str) -> Option<&'static GameEntry> {
    GAMES.iter().find(|game| game.id == id)
}

/// Every game the app ships, in the order the home screen lists them.
/// A game's Cargo feature leaves it out of a build (`.ci/bench` measures each one's cost).
pub const GAMES: &[GameEntry] = &[
    #[cfg(feature = "nordau")]
    super::nordau::ENTRY,
    #[cfg(feature = "crazyhouse")]
    super::crazyhouse::ENTRY,
    #[cfg(feature = "bughouse")]
    super::bughouse::ENTRY,
    #[cfg(feature = "cards")]
    super::cards::ENTRY,
    #[cfg(feature = "undo")]
    super::undo::ENTRY,
];
