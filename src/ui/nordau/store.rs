//! Where the table lives between page loads: localStorage, written after every
//! event and before the screen shows it. A save that cannot be read is never
//! overwritten silently: it is moved aside, stays downloadable, and the app
//! starts with an empty table.

use crate::referee::{Table, TableLoadError};
use crate::web::storage;

const KEY: &str = "nordau-shift.table";
/// An unreadable save is kept here until the user downloads or replaces it.
pub const DAMAGED_KEY: &str = "nordau-shift.table.damaged";

/// What loading found.
pub enum Loaded {
    Fresh,
    Restored(Table),
    /// The save is unreadable; its text was moved to `DAMAGED_KEY`.
    Damaged(TableLoadError),
}

pub fn load() -> Loaded {
    let Some(text) = storage::get(KEY) else {
        return Loaded::Fresh;
    };
    match Table::from_json(&text) {
        Ok(table) => Loaded::Restored(table),
        Err(error) => {
            if storage::set(DAMAGED_KEY, &text) {
                storage::remove(KEY);
            }
            Loaded::Damaged(error)
        }
    }
}

/// Returns whether the table was stored.
pub fn save(table: &Table) -> bool {
    storage::set(KEY, &table.to_json())
}

pub fn damaged_text() -> Option<String> {
    storage::get(DAMAGED_KEY)
}

/// Why the kept unreadable save cannot be read, if one is kept.
pub fn kept_damage() -> Option<TableLoadError> {
    damaged_text().and_then(|text| Table::from_json(&text).err())
}

/// The user deleted the kept unreadable save.
pub fn forget_damaged() {
    storage::remove(DAMAGED_KEY);
}
