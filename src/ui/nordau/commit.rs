//! Before move one: the commitment in full and as a QR code, the drawn seats,
//! and the players' optional words (RULES.md "Commitment and draw").

use leptos::prelude::*;

use super::use_table;
use crate::referee::nordau::draw::draw_seating;
use crate::referee::{Seat, Stage};
use crate::referee::{commitment, stream_key};
use crate::ui::format;
use crate::ui::i18n::use_i18n;
use crate::ui::qr::QrCode;
use crate::ui::verifier::verifier_fragment;
use crate::web::{absolute_url, device};

use super::strings::TEXTS;

#[component]
pub fn CommitScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let words_text = RwSignal::new(String::new());
    let copied = RwSignal::new(false);

    let committed = move || {
        ctx.table.with(|t| match &t.stage {
            Stage::Committed { setup, seed, .. } => Some((setup.clone(), *seed)),
            _ => None,
        })
    };
    let commitment_hex = Memo::new(move |_| {
        committed()
            .map(|(setup, seed)| hex::encode(commitment(&setup, &seed)))
            .unwrap_or_default()
    });
    let setup_text = Memo::new(move |_| committed().map(|(s, _)| s.to_text()).unwrap_or_default());
    let verify_url = Signal::derive(move || {
        absolute_url(&verifier_fragment(
            &commitment_hex.get(),
            &setup_text.get(),
            None,
            &[],
        ))
    });
    let words = Memo::new(move |_| {
        words_text.with(|text| {
            text.split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
    });
    let words_refused = RwSignal::new(false);
    // The seats follow the words: they are drawn from the key the words make.
    let seats = move || {
        let (setup, seed) = committed()?;
        let seating = draw_seating(&stream_key(&seed, &words.get()));
        Some([Seat::White, Seat::Black, Seat::Observer].map(|seat| {
            (
                seat,
                setup.names[usize::from(seating.person_at(seat))].clone(),
            )
        }))
    };

    let copy = move |_| {
        let text = commitment_hex.get_untracked();
        wasm_bindgen_futures::spawn_local(async move {
            copied.set(device::copy_text(&text).await);
        });
    };
    let share = move |_| {
        let t = i18n.of(&TEXTS);
        let (hex, url) = (commitment_hex.get_untracked(), verify_url.get_untracked());
        wasm_bindgen_futures::spawn_local(async move {
            device::share(t.commitment, &hex, &url).await;
        });
    };
    // The referee checks the words; a refusal leaves the commitment standing.
    let begin = move |_| {
        let words = words.get_untracked();
        words_refused.set(!ctx.update(|table| table.start(words)));
    };

    view! {
        <section class="ns-commit page-narrow">
            <h1>{move || i18n.of(&TEXTS).commit_title}</h1>
            <p class="lead">{move || i18n.of(&TEXTS).commit_explain}</p>
            <div class="commit-card">
                <h2 class="card-title">{move || i18n.of(&TEXTS).commitment}</h2>
                <p class="hex commitment-hex" data-testid="commitment">
                    {move || format::grouped_hex(&commitment_hex.get())}
                </p>
                <QrCode
                    text=verify_url
                    label=Signal::derive(move || i18n.of(&TEXTS).commitment_qr.to_owned())
                    class="commit-qr".to_owned()
                />
                <div class="button-row">
                    <button type="button" class="button" on:click=copy>
                        {move || if copied.get() { i18n.of(&TEXTS).copied } else { i18n.of(&TEXTS).copy }}
                    </button>
                    <Show when=device::can_share>
                        <button type="button" class="button" on:click=share>
                            {move || i18n.of(&TEXTS).share}
                        </button>
                    </Show>
                </div>
            </div>
            <div class="group">
                <h2 class="card-title">{move || i18n.of(&TEXTS).seating_drawn}</h2>
                <ul class="seat-list">
                    {move || seats().map(|seats| seats.into_iter().map(|(seat, name)| {
                        let t = i18n.of(&TEXTS);
                        let (class, label) = match seat {
                            Seat::White => ("seat-chip white", t.white),
                            Seat::Black => ("seat-chip black", t.black),
                            Seat::Observer => ("seat-chip observer", t.observer),
                        };
                        view! {
                            <li class="seat-row">
                                <span class=class>{label}</span>
                                <span class="seat-name">{name}</span>
                            </li>
                        }
                    }).collect_view())}
                </ul>
            </div>
            <div class="group">
                <h2 class="card-title">{move || i18n.of(&TEXTS).words_title}</h2>
                <p class="hint">{move || i18n.of(&TEXTS).words_explain}</p>
                <label class="field">
                    <span class="field-label">{move || i18n.of(&TEXTS).words_label}</span>
                    <input
                        type="text"
                        class="text-input"
                        autocomplete="off"
                        prop:value=move || words_text.get()
                        on:input=move |ev| {
                            words_text.set(event_target_value(&ev));
                            words_refused.set(false);
                        }
                    />
                </label>
                <Show when=move || words_refused.get()>
                    <p class="form-error" role="alert">{move || i18n.of(&TEXTS).words_too_many}</p>
                </Show>
            </div>
            <button type="button" class="button primary big" on:click=begin>
                {move || i18n.of(&TEXTS).begin}
            </button>
            <button type="button" class="button link" on:click=move |_| { ctx.update(|t| { t.back_to_setup(); Ok(()) }); }>
                {move || i18n.of(&TEXTS).change_setup}
            </button>
        </section>
    }
}
