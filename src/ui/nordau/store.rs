//! Where the table lives between page loads: the shared saved-state slot
//! (`ui::saved`), written after every event and before the screen shows it.
//! The keys are the ones every earlier version used, so existing saves load.

use crate::referee::{Table, TableLoadError};
use crate::ui::saved::{Saved, Slot};

pub const SLOT: Slot = Slot {
    key: "nordau-shift.table",
    // An unreadable save is kept here until the user deletes it.
    damaged_key: "nordau-shift.table.damaged",
    file_name: "nordau-shift-save.json",
};

impl Saved for Table {
    type Error = TableLoadError;

    fn to_json(&self) -> String {
        Table::to_json(self)
    }

    fn from_json(text: &str) -> Result<Table, TableLoadError> {
        Table::from_json(text)
    }

    fn is_newer(error: &TableLoadError) -> bool {
        matches!(error, TableLoadError::NewerVersion { .. })
    }
}
