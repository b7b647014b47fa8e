//! The games the app can referee. The home screen lists exactly these; a game
//! joins the list when it is playable end to end, never before.

use super::i18n::Texts;

pub struct GameEntry {
    /// Route fragment of the game's setup screen.
    pub href: &'static str,
    pub name: fn(&Texts) -> &'static str,
    pub summary: fn(&Texts) -> &'static str,
}

/// The Nordau Shift table is complete in the `game-screens` feature but not yet
/// shipped: with it the app exceeds the 150 000 B gzip budget (see README "Size").
#[cfg(not(feature = "game-screens"))]
pub const GAMES: &[GameEntry] = &[];

#[cfg(feature = "game-screens")]
pub const GAMES: &[GameEntry] = &[GameEntry {
    href: "#/nordau",
    name: |t| t.nordau.game_name,
    summary: |t| t.nordau.game_summary,
}];
