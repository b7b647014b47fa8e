//! The games the app can referee. The home screen lists exactly these; a game
//! joins the list when it is playable end to end, never before.

use super::i18n::Texts;

pub struct GameEntry {
    /// Route fragment of the game's setup screen.
    pub href: &'static str,
    pub name: fn(&Texts) -> &'static str,
    pub summary: fn(&Texts) -> &'static str,
}

pub const GAMES: &[GameEntry] = &[];
