//! The parts of a drawn start's commitment screen that the card duel and
//! Undo Chess share: the commitment card (full hex, QR code of the verifier
//! link, copy) and each player's optional words.

use leptos::prelude::*;

use crate::ui::format;
use crate::ui::i18n::game::CommitTexts;
use crate::ui::qr::QrCode;
use crate::web::device;

/// The commitment in full and as a QR code of `verify_url`, with a copy button.
#[component]
pub fn CommitmentCard(
    texts: Signal<&'static CommitTexts>,
    hex: Signal<String>,
    verify_url: Signal<String>,
) -> impl IntoView {
    let copied = RwSignal::new(false);
    let copy = move |_| {
        let text = hex.get_untracked();
        wasm_bindgen_futures::spawn_local(async move {
            copied.set(device::copy_text(&text).await);
        });
    };
    view! {
        <div class="commit-card" data-verify-url=verify_url>
            <h2 class="card-title">{move || texts.get().commitment}</h2>
            <p class="hex commitment-hex" data-testid="commitment">{move || format::grouped_hex(&hex.get())}</p>
            <QrCode text=verify_url label=Signal::derive(move || texts.get().commitment.to_owned()) class="commit-qr".to_owned()/>
            <div class="button-row">
                <button type="button" class="button" on:click=copy>
                    {move || if copied.get() { texts.get().copied } else { texts.get().copy }}
                </button>
            </div>
        </div>
    }
}

/// Each player's words, typed into `typed`; `refused` shows that the
/// referee refused them (typing again clears it).
#[component]
pub fn WordsGroup(
    texts: Signal<&'static CommitTexts>,
    names: Signal<[String; 2]>,
    typed: [RwSignal<String>; 2],
    refused: RwSignal<bool>,
) -> impl IntoView {
    let word_field = move |i: usize| {
        view! {
            <label class="field">
                <span class="field-label">{move || format::fill(texts.get().words_for, &[("name", &names.with(|n| n[i].clone()))])}</span>
                <input type="text" class="text-input word-entry" autocomplete="off"
                    prop:value=move || typed[i].get()
                    on:input=move |ev| { typed[i].set(event_target_value(&ev)); refused.set(false); }/>
            </label>
        }
    };
    view! {
        <div class="group">
            <h2 class="card-title">{move || texts.get().words_title}</h2>
            <p class="hint">{move || texts.get().words_explain}</p>
            {word_field(0)}
            {word_field(1)}
            <Show when=move || refused.get()>
                <p class="form-error" role="alert">{move || texts.get().words_refused}</p>
            </Show>
        </div>
    }
}
