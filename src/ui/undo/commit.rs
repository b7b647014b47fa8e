//! A drawn start before move one (UC-1, C-3): the commitment in full and as
//! a QR code with its verifier link, then each player's optional words;
//! "Lock words and draw the position" makes the game.
//!
//! Until the words are locked the seed would decide the position, so it is
//! never readable: it is kept in this page and stored only sealed with
//! `web::vault` (AES-GCM, a non-extractable key), as every game's secret at
//! rest is (`referee::secret`). A browser that cannot seal stores it
//! readable and says so. Once the words are locked the position is drawn and
//! shown (the players set up the board from it), so the seed decides nothing
//! more: the game's save holds it plainly from then on and the reveal shows
//! it from the starting press.

use leptos::prelude::*;

use super::strings::TEXTS;
use super::use_uc;
use crate::referee::evening::{DrawFate, DrawRecord};
use crate::referee::undo::{UcGame, UcPending, UcSetup, uc_commitment};
use crate::ui::commit_parts::{CommitmentCard, WordsGroup};
use crate::ui::confirm::ConfirmButton;
use crate::ui::evening;
use crate::ui::i18n::use_i18n;
use crate::ui::verifier::verifier_fragment;
use crate::web::{absolute_url, device, storage, vault};

/// `referee::undo::UcPending`'s text (older versions' lines still read).
const PENDING_KEY: &str = "undo.pending";

/// A drawn setup whose commitment is shown and whose words are not locked.
#[derive(Clone, PartialEq)]
pub struct Pending {
    setup: UcSetup,
    seed: [u8; 32],
    sealed: bool,
}

impl std::fmt::Debug for Pending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pending")
    }
}

/// A fresh seed for `setup`, sealed and stored; `None` without randomness.
pub async fn create(setup: UcSetup) -> Option<Pending> {
    let seed = device::random_seed()?;
    let secret = vault::seal_secret(&seed).await;
    let sealed = secret.is_sealed();
    let stored = UcPending { setup, secret };
    storage::set(PENDING_KEY, &stored.to_json());
    Some(Pending {
        setup: stored.setup,
        seed,
        sealed,
    })
}

/// The stored drawn setup, unsealed, if there is one.
pub async fn load() -> Option<Pending> {
    let stored = UcPending::from_text(&storage::get(PENDING_KEY)?).ok()?;
    let seed = vault::open_secret(&stored.secret).await?;
    Some(Pending {
        sealed: stored.secret.is_sealed(),
        setup: stored.setup,
        seed,
    })
}

pub fn forget() {
    storage::remove(PENDING_KEY);
}

/// Discarded before the words were locked: the seed is revealed in the
/// evening's record at once (docs/fairness.md §10), then forgotten.
fn withdraw(pending: &Pending, commitment_hex: String) {
    evening::record(DrawRecord::revealed(
        commitment_hex,
        pending.setup.to_text(),
        &pending.seed,
        &[],
        DrawFate::Withdrawn,
    ));
    forget();
}

#[component]
pub fn CommitScreen(pending: Pending, #[prop(into)] on_done: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_uc();
    super::setup::scroll_to_top();
    let typed: [RwSignal<String>; 2] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let refused = RwSignal::new(false);
    let texts = Signal::derive(i18n.word(|i| &i.of(&TEXTS).commit));
    let hex = hex::encode(uc_commitment(&pending.setup, &pending.seed));
    let names = [pending.setup.white.clone(), pending.setup.black.clone()];
    let verify_url = absolute_url(&verifier_fragment(
        &hex,
        &pending.setup.to_text(),
        None,
        &[],
    ));
    let unsealed = !pending.sealed;
    let discarded = pending.clone();
    let discarded_hex = hex.clone();
    let lock = move |_| {
        let words: Vec<String> = typed.iter().map(|w| w.get_untracked()).collect();
        match UcGame::new_drawn(pending.setup.clone(), pending.seed, &words) {
            Ok(game) => {
                ctx.begin(game);
                forget();
                on_done.run(());
            }
            Err(_) => refused.set(true),
        }
    };
    view! {
        <section class="commit-screen uc-commit page-narrow">
            <h1>{move || texts.get().title}</h1>
            <p class="lead">{move || texts.get().explain}</p>
            <CommitmentCard texts=texts hex=Signal::stored(hex) verify_url=Signal::stored(verify_url)/>
            {unsealed.then(|| view! { <p class="hint unsealed-warning" role="note">{i18n.word(|i| i.of(&TEXTS).unsealed)}</p> })}
            <WordsGroup texts=texts names=Signal::stored(names) typed=typed refused=refused/>
            <button type="button" class="button primary big uc-lock" on:click=lock>
                {move || texts.get().lock_words}
            </button>
            <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).discard))
                on_confirm=move |()| { withdraw(&discarded, discarded_hex.clone()); on_done.run(()); } />
        </section>
    }
}
