//! Blind stacks, before move one: the commitment in full and as a QR code
//! (the Nordau commitment card and verifier link), then each player's
//! optional words; "Lock words and deal" makes the game whose stacks the
//! seed and the words deal (docs/fairness.md §11).

use leptos::prelude::*;

use super::strings::TEXTS;
use super::use_cards;
use crate::ui::confirm::ConfirmButton;
use crate::ui::format;
use crate::ui::i18n::use_i18n;
use crate::ui::qr::QrCode;
use crate::ui::verifier::verifier_fragment;
use crate::web::{absolute_url, device};

#[component]
pub fn CommitScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let typed: [RwSignal<String>; 2] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let copied = RwSignal::new(false);
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
    let hex = move || info.with(|i| i.as_ref().map(|i| i.0.clone()).unwrap_or_default());
    let verify_url = Signal::derive(move || {
        info.with(|i| {
            i.as_ref()
                .map(|(c, setup, _, _)| absolute_url(&verifier_fragment(c, setup, None, &[])))
                .unwrap_or_default()
        })
    });
    let copy = move |_| {
        let text = hex();
        wasm_bindgen_futures::spawn_local(async move {
            copied.set(device::copy_text(&text).await);
        });
    };
    let lock = move |_| {
        let words: Vec<String> = typed.iter().map(|w| w.get_untracked()).collect();
        refused.set(!ctx.update(|g| {
            g.game = g.game.with_words(&words)?;
            g.awaiting_words = false;
            Ok(())
        }));
    };
    let word_field = move |i: usize| {
        view! {
            <label class="field">
                <span class="field-label">{move || format::fill(i18n.of(&TEXTS).words_for, &[("name", &info.with(|x| x.as_ref().map(|x| x.2[i].clone()).unwrap_or_default()))])}</span>
                <input type="text" class="text-input word-entry" autocomplete="off"
                    prop:value=move || typed[i].get()
                    on:input=move |ev| { typed[i].set(event_target_value(&ev)); refused.set(false); }/>
            </label>
        }
    };
    view! {
        <section class="ns-commit cs-commit page-narrow">
            <h1>{move || i18n.of(&TEXTS).commit_title}</h1>
            <p class="lead">{move || i18n.of(&TEXTS).commit_explain}</p>
            <div class="commit-card" data-verify-url=verify_url>
                <h2 class="card-title">{move || i18n.of(&TEXTS).commitment}</h2>
                <p class="hex commitment-hex" data-testid="commitment">{move || format::grouped_hex(&hex())}</p>
                <QrCode text=verify_url label=Signal::derive(move || i18n.of(&TEXTS).commitment.to_owned()) class="commit-qr".to_owned()/>
                <div class="button-row">
                    <button type="button" class="button" on:click=copy>
                        {move || if copied.get() { i18n.of(&TEXTS).copied } else { i18n.of(&TEXTS).copy }}
                    </button>
                </div>
            </div>
            <Show when=move || info.with(|i| i.as_ref().is_some_and(|i| i.3))>
                <p class="hint unsealed-warning" role="note">{move || i18n.of(&TEXTS).unsealed}</p>
            </Show>
            <div class="group">
                <h2 class="card-title">{move || i18n.of(&TEXTS).words_title}</h2>
                <p class="hint">{move || i18n.of(&TEXTS).words_explain}</p>
                {word_field(0)}
                {word_field(1)}
                <Show when=move || refused.get()>
                    <p class="form-error" role="alert">{move || i18n.of(&TEXTS).words_refused}</p>
                </Show>
            </div>
            <button type="button" class="button primary big cs-lock" on:click=lock>
                {move || i18n.of(&TEXTS).lock_words}
            </button>
            <ConfirmButton label=Signal::derive(move || i18n.of(&TEXTS).discard.to_owned())
                on_confirm=move |()| ctx.clear() />
        </section>
    }
}
