//! A game module's saved state in `localStorage`, and what the app shows when
//! it cannot be read. A save that cannot be read is never overwritten
//! silently: it is moved aside to the slot's damaged key, stays downloadable
//! until the user deletes it, and the module starts empty.

use std::fmt::Display;

use leptos::prelude::*;

use crate::ui::clicks;

use super::confirm::ConfirmButton;
use super::i18n::use_i18n;
use crate::referee::log::LogError;
use crate::referee::module::Logged;
use crate::web::{device, storage};

/// State a module keeps between page loads, as versioned JSON text.
pub trait Saved: Sized {
    /// Why a text cannot be restored; shown to the user as the detail.
    type Error: Display;

    fn to_json(&self) -> String;

    fn from_json(text: &str) -> Result<Self, Self::Error>;

    /// Whether the text was written by a newer version of the app (it is then
    /// explained as such, not as damage).
    fn is_newer(error: &Self::Error) -> bool;
}

/// Every game that keeps the module contract is saved as its log.
impl<G: Logged> Saved for G {
    type Error = LogError<G::SetupError, G::Error>;

    fn to_json(&self) -> String {
        Logged::to_json(self)
    }

    fn from_json(text: &str) -> Result<Self, Self::Error> {
        Logged::from_json(text)
    }

    fn is_newer(error: &Self::Error) -> bool {
        error.is_newer_version()
    }
}

/// Where one module's state lives. Never change a shipped slot's keys: saves
/// on players' phones are found by them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The save itself, written after every change.
    pub key: &'static str,
    /// An unreadable save is kept here until the user deletes it.
    pub damaged_key: &'static str,
    /// The file name of the unreadable save when downloaded.
    pub file_name: &'static str,
}

/// Why the save (or the one kept aside) cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// Written by a newer version of the app.
    pub newer: bool,
    /// The error, in the referee's words.
    pub detail: String,
}

impl Damage {
    fn of<T: Saved>(error: &T::Error) -> Damage {
        Damage {
            newer: T::is_newer(error),
            detail: error.to_string(),
        }
    }
}

/// What loading found.
pub enum Loaded<T> {
    /// Nothing saved.
    Fresh,
    Restored(T),
    /// The save is unreadable; its text was moved to the damaged key.
    Damaged(Damage),
}

impl Slot {
    /// The saved text: the game another window just handed over (when this
    /// phone's storage refused it), else what storage holds; and whether it
    /// was handed over (then it is not in storage yet).
    pub fn text(&self) -> (Option<String>, bool) {
        match super::one_window::take_received(self.key) {
            Some(handed) => (Some(handed), true),
            None => (storage::get(self.key), false),
        }
    }

    /// Reads `text` (from `text()`), keeping it aside if it is unreadable.
    pub fn load_text<T: Saved>(&self, text: Option<String>) -> Loaded<T> {
        let Some(text) = text else {
            return Loaded::Fresh;
        };
        match T::from_json(&text) {
            Ok(value) => Loaded::Restored(value),
            Err(error) => {
                // Removed only once it is safely kept aside.
                if storage::set(self.damaged_key, &text) {
                    storage::remove(self.key);
                }
                Loaded::Damaged(Damage::of::<T>(&error))
            }
        }
    }

    /// Returns whether the state was stored.
    pub fn save<T: Saved>(&self, value: &T) -> bool {
        storage::set(self.key, &value.to_json())
    }

    /// The text of the unreadable save kept aside, if any.
    pub fn damaged_text(&self) -> Option<String> {
        storage::get(self.damaged_key)
    }

    /// Why the kept unreadable save cannot be read, if one is kept.
    pub fn kept_damage<T: Saved>(&self) -> Option<Damage> {
        let text = self.damaged_text()?;
        T::from_json(&text).err().map(|e| Damage::of::<T>(&e))
    }

    /// Forgets the saved state (the module starts empty next time).
    pub fn clear(&self) {
        storage::remove(self.key);
    }

    /// The user deleted the kept unreadable save.
    pub fn forget_damaged(&self) {
        storage::remove(self.damaged_key);
    }
}

/// An unreadable save: say so, offer its text as a file, and carry on.
/// `on_close` runs after "Start fresh" and after the confirmed "Delete"
/// (the module hides the notice; the kept text is offered again next time
/// unless it was deleted).
///
/// `damaged-notice*` classes: shared by every module (the e2e tests select them).
#[component]
pub fn DamagedSave(
    /// The module's slot (`slot` is a reserved attribute name in `view!`).
    save: Slot,
    damage: Damage,
    #[prop(into)] on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let newer = damage.newer;
    view! {
        <div class="damaged-notice" role="alert">
            <p class="damaged-notice-title">
                {move || {
                    let t = &i18n.t().game.saves;
                    if newer { t.save_newer } else { t.save_damaged }
                }}
            </p>
            <p class="damaged-notice-help">{i18n.word(|i| i.t().game.saves.save_damaged_help)}</p>
            // The referee's message is English and technical: shown on request,
            // under a heading in the player's language.
            <details class="damaged-notice-more">
                <summary>{i18n.word(|i| i.t().game.saves.technical_detail)}</summary>
                <p class="damaged-notice-detail" lang="en">{damage.detail}</p>
            </details>
            <div class="button-row">
                <button type="button" class="button" on:click=move |_| {
                    if let Some(text) = save.damaged_text() {
                        device::download(save.file_name, "application/json", &text);
                    }
                }>{i18n.word(|i| i.t().game.saves.download_save)}</button>
                <button type="button" class="button primary" on:click=clicks::runs(on_close)>
                    {i18n.word(|i| i.t().game.saves.start_fresh)}
                </button>
                <ConfirmButton
                    label=Signal::derive(i18n.owned_word(|i| i.t().game.saves.delete_save))
                    on_confirm=move |()| {
                        save.forget_damaged();
                        on_close.run(());
                    }
                />
            </div>
        </div>
    }
}

/// The phone refused to store the game (private mode, storage full or off):
/// the game goes on in memory, and this says so above it with an export, so
/// a closed tab does not take the game with it. Gone once a save succeeds.
#[component]
pub fn UnsavedWarning(
    #[prop(into)] unsaved: Signal<bool>,
    /// The downloaded file's name.
    file_name: &'static str,
    /// The game as text, for the file (`None` when there is no game).
    #[prop(into)]
    export: Callback<(), Option<String>>,
    /// For the play screen's middle strip, where every pixel is a clock's:
    /// one button that says both what is wrong and what it does.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let download = move |_| {
        if let Some(text) = export.run(()) {
            device::download(file_name, "application/json", &text);
        }
    };
    move || {
        unsaved.get().then(|| {
            if compact {
                return view! {
                    <div class="unsaved-compact" role="alert">
                        <button type="button" class="button export-now" on:click=download>
                            {i18n.word(|i| i.t().game.saves.unsaved_short)}
                        </button>
                    </div>
                }
                .into_any();
            }
            view! {
                <div class="unsaved-warning" role="alert">
                    <p class="unsaved-title">{i18n.word(|i| i.t().game.saves.unsaved_title)}</p>
                    <p>{i18n.word(|i| i.t().game.saves.unsaved_help)}</p>
                    <button type="button" class="button primary export-now" on:click=download>
                        {i18n.word(|i| i.t().game.saves.export_now)}
                    </button>
                </div>
            }
            .into_any()
        })
    }
}
