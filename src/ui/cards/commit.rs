//! Blind stacks, before move one: the commitment in full and as a QR code
//! (the Nordau commitment card and verifier link), then each player's
//! optional words; "Lock words and deal" makes the game whose stacks the
//! seed and the words deal (docs/fairness.md §11).

use leptos::prelude::*;

use super::strings::TEXTS;
use super::use_cards;
use crate::ui::commit_parts::{CommitmentCard, WordsGroup};
use crate::ui::confirm::ConfirmButton;
use crate::ui::i18n::use_i18n;
use crate::ui::verifier::verifier_fragment;
use crate::web::absolute_url;

#[component]
pub fn CommitScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let typed: [RwSignal<String>; 2] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let refused = RwSignal::new(false);
    let info = Memo::new(move |_| {
        ctx.game.with(|g| {
            g.as_ref().map(|g| {
                let s = g.game.setup();
                (
                    g.game.commitment_hex().unwrap_or_default(),
                    s.to_text(),
                    [s.white.clone(), s.black.clone()],
                    g.unsealed(),
                )
            })
        })
    });
    let texts = Signal::derive(i18n.word(|i| &i.of(&TEXTS).commit));
    let hex =
        Signal::derive(move || info.with(|i| i.as_ref().map(|i| i.0.clone()).unwrap_or_default()));
    let verify_url = Signal::derive(move || {
        info.with(|i| {
            i.as_ref()
                .map(|(c, setup, _, _)| absolute_url(&verifier_fragment(c, setup, None, &[])))
                .unwrap_or_default()
        })
    });
    let names =
        Signal::derive(move || info.with(|i| i.as_ref().map(|i| i.2.clone()).unwrap_or_default()));
    let lock = move |_| {
        let words: Vec<String> = typed.iter().map(|w| w.get_untracked()).collect();
        refused.set(!ctx.update(|g| {
            g.game = g.game.with_words(&words)?;
            g.awaiting_words = false;
            Ok(())
        }));
    };
    view! {
        <section class="commit-screen cs-commit page-narrow">
            <h1>{move || texts.get().title}</h1>
            <p class="lead">{move || texts.get().explain}</p>
            <CommitmentCard texts=texts hex=hex verify_url=verify_url/>
            <Show when=move || info.with(|i| i.as_ref().is_some_and(|i| i.3))>
                <p class="hint unsealed-warning" role="note">{i18n.word(|i| i.of(&TEXTS).unsealed)}</p>
            </Show>
            <WordsGroup texts=texts names=names typed=typed refused=refused/>
            <button type="button" class="button primary big cs-lock" on:click=lock>
                {move || texts.get().lock_words}
            </button>
            <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).discard))
                on_confirm=move |()| ctx.clear() />
        </section>
    }
}
