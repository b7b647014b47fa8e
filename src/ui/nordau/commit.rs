//! Before move one: the commitment in full and as a QR code, then each
//! player's optional words in their own field; only "Lock words and draw
//! seats" draws anything from the seed (RULES.md "Commitment and draw",
//! docs/fairness.md §3), and only then are the seats shown, before "Begin".

use leptos::prelude::*;

use crate::ui::copy_button::CopyButton;

use super::use_table;
use crate::referee::{Seat, Stage};
use crate::ui::confirm::ConfirmButton;
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
    // One entry per player, in the order of the names.
    let typed: [RwSignal<String>; 3] = std::array::from_fn(|_| RwSignal::new(String::new()));

    let commitment_hex = Memo::new(move |_| {
        ctx.with_table(|t| t.commitment().map(|(hex, _)| hex))
            .unwrap_or_default()
    });
    let setup_text = Memo::new(move |_| {
        ctx.with_table(|t| t.commitment().map(|(_, setup)| setup.to_text()))
            .unwrap_or_default()
    });
    let names = Memo::new(move |_| {
        ctx.with_table(|t| t.commitment().map(|(_, setup)| setup.names.clone()))
            .unwrap_or_default()
    });
    let verify_url = Signal::derive(move || {
        absolute_url(&verifier_fragment(
            &commitment_hex.get(),
            &setup_text.get(),
            None,
            &[],
        ))
    });
    // The drawn game exists only once the words are locked.
    let drawn = Memo::new(move |_| {
        ctx.with_table(|t| match &t.stage {
            Stage::Drawn(game) => Some((game.words().to_vec(), game.initial_seating())),
            _ => None,
        })
    });
    let locked = move || drawn.with(Option::is_some);
    let words_refused = RwSignal::new(false);
    let seats = move || {
        let (_, seating) = drawn.get()?;
        let names = names.get();
        Some(
            [Seat::White, Seat::Black, Seat::Observer]
                .map(|seat| (seat, names[usize::from(seating.person_at(seat))].clone())),
        )
    };

    let share = move |_| {
        let t = i18n.of(&TEXTS);
        let (hex, url) = (commitment_hex.get_untracked(), verify_url.get_untracked());
        wasm_bindgen_futures::spawn_local(async move {
            device::share(t.commitment, &hex, &url).await;
        });
    };
    // The referee checks the words; a refusal leaves the commitment standing.
    let lock = move |_| {
        let words = typed.map(|w| w.get_untracked()).to_vec();
        words_refused.set(!ctx.update(|table| table.lock_words(words)));
    };
    let leave = move |()| {
        ctx.update(|t| {
            t.back_to_setup();
            Ok(())
        });
    };

    let word_field = move |index: usize| {
        view! {
            <label class="field">
                <span class="field-label">
                    {move || format::fill(i18n.of(&TEXTS).words_for, &[("name", &names.with(|n| n[index].clone()))])}
                </span>
                <input
                    type="text"
                    class="text-input word-entry"
                    autocomplete="off"
                    readonly=locked
                    prop:value=move || match drawn.get() {
                        Some((words, _)) => words.get(index).cloned().unwrap_or_default(),
                        None => typed[index].get(),
                    }
                    on:input=move |ev| {
                        typed[index].set(event_target_value(&ev));
                        words_refused.set(false);
                    }
                />
            </label>
        }
    };

    view! {
        <section class="commit-screen page-narrow">
            <h1>{i18n.word(|i| i.of(&TEXTS).commit_title)}</h1>
            <p class="lead">{i18n.word(|i| i.of(&TEXTS).commit_explain)}</p>
            <div class="commit-card" data-verify-url=verify_url>
                <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).commitment)}</h2>
                <p class="hex commitment-hex" data-testid="commitment">
                    {move || format::grouped_hex(&commitment_hex.get())}
                </p>
                <QrCode
                    text=verify_url
                    label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).commitment_qr))
                    class="commit-qr".to_owned()
                />
                <div class="button-row">
                    <CopyButton text=move |()| Some(commitment_hex.get_untracked())
                        label=Signal::derive(i18n.word(|i| i.of(&TEXTS).copy))
                        done=Signal::derive(i18n.word(|i| i.of(&TEXTS).copied))/>
                    <Show when=device::can_share>
                        <button type="button" class="button" on:click=share>
                            {i18n.word(|i| i.of(&TEXTS).share)}
                        </button>
                    </Show>
                </div>
            </div>
            <Show when=move || ctx.seed_unsealed()>
                <p class="hint unsealed-warning" role="note">{i18n.word(|i| i.of(&TEXTS).unsealed_warning)}</p>
            </Show>
            <div class="group">
                <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).words_title)}</h2>
                <p class="hint">{i18n.word(|i| i.of(&TEXTS).words_explain)}</p>
                {word_field(0)}
                {word_field(1)}
                {word_field(2)}
                <Show when=move || words_refused.get()>
                    <p class="form-error" role="alert">{i18n.word(|i| i.of(&TEXTS).words_too_many)}</p>
                </Show>
            </div>
            <Show
                when=locked
                fallback=move || view! {
                    <p class="hint">{i18n.word(|i| i.of(&TEXTS).lock_hint)}</p>
                    <button type="button" class="button primary big" on:click=lock>
                        {i18n.word(|i| i.of(&TEXTS).lock_words)}
                    </button>
                    <button type="button" class="button link" on:click=move |_| leave(())>
                        {i18n.word(|i| i.of(&TEXTS).change_setup)}
                    </button>
                }
            >
                <div class="group">
                    <p class="hint">{i18n.word(|i| i.of(&TEXTS).words_locked)}</p>
                    <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).seating_drawn)}</h2>
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
                <button type="button" class="button primary big" on:click=move |_| { ctx.update(|t| t.begin()); }>
                    {i18n.word(|i| i.of(&TEXTS).begin)}
                </button>
                <ConfirmButton
                    label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).abandon_draw))
                    on_confirm=leave
                />
            </Show>
        </section>
    }
}
