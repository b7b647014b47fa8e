//! The parts of a drawn start's commitment screen that the card duel and
//! Undo Chess share: the commitment card (full hex, QR code of the verifier
//! link, copy) and each player's optional words; and the commitment on the
//! play screen until move one.

use leptos::prelude::*;

use crate::ui::clicks;

use crate::ui::copy_button::CopyButton;

use crate::referee::committed::ShownCommitment;
use crate::ui::format;
use crate::ui::i18n::game::CommitTexts;
use crate::ui::qr::QrCode;
use crate::ui::verifier::verifier_fragment;
use crate::web::absolute_url;

/// The commitment in full and as a QR code of `verify_url`, with a copy button.
#[component]
pub fn CommitmentCard(
    texts: Signal<&'static CommitTexts>,
    hex: Signal<String>,
    verify_url: Signal<String>,
) -> impl IntoView {
    view! {
        <div class="commit-card" data-verify-url=verify_url>
            <h2 class="card-title">{move || texts.get().commitment}</h2>
            <p class="hex commitment-hex" data-testid="commitment">{move || format::grouped_hex(&hex.get())}</p>
            <QrCode text=verify_url label=Signal::derive(move || texts.get().commitment.to_owned()) class="commit-qr".to_owned()/>
            <div class="button-row">
                <CopyButton text=move |()| Some(hex.get_untracked())
                    label=Signal::derive(move || texts.get().copy) done=Signal::derive(move || texts.get().copied)/>
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

/// The commitment on the play screen until move one (RULES.md "Commitment
/// and draw"): its first and last groups at a glance, so a player who joins
/// late can compare it with a photo, and the whole of it with its QR code a
/// tap away. Nothing once the game's first move stands.
#[component]
pub fn PlayCommitment(
    texts: Signal<&'static CommitTexts>,
    #[prop(into)] shown: Signal<Option<ShownCommitment>>,
) -> impl IntoView {
    // Re-rendered only when the commitment comes or goes, so an open panel
    // stays open while the clock runs.
    let shown = Memo::new(move |_| shown.get());
    let open = RwSignal::new(false);
    move || {
        shown.get().map(|c| {
            let url = absolute_url(&verifier_fragment(&c.commitment_hex, &c.setup_text, None, &[]));
            let grouped = format::grouped_hex(&c.commitment_hex);
            let glance = match grouped.split(' ').collect::<Vec<_>>()[..] {
                [first, .., last] => format!("{first} … {last}"),
                _ => grouped.clone(),
            };
            view! {
                <div class="play-commitment" data-testid="play-commitment">
                    <button type="button" class="play-commitment-toggle" aria-expanded=move || open.get().to_string()
                        on:click=move |_| open.update(|o| *o = !*o)>
                        <span class="play-commitment-label">{move || texts.get().commitment}</span>
                        " " <span class="mono">{glance}</span>
                    </button>
                    <Show when=move || open.get()>
                        <div class="play-commitment-body" role="dialog" aria-label=move || texts.get().commitment>
                            <p class="hint">{move || texts.get().until_move_one}</p>
                            <p class="hex commitment-hex" data-testid="play-commitment-hex">{grouped.clone()}</p>
                            <QrCode text=url.clone() label=Signal::derive(move || texts.get().commitment.to_owned()) class="commit-qr".to_owned()/>
                            <button type="button" class="button" on:click=clicks::sets(open, false)>{move || texts.get().close}</button>
                        </div>
                    </Show>
                </div>
            }
        })
    }
}
