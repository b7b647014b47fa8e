//! Parts of a chess-clock module's setup screen that every module shows the
//! same way: the two players' names, the rules in brief, a refusal, and the
//! box that imports a record to continue or review a game; `form` holds a
//! clocked game's form values and the groups the two-player games share.

use leptos::prelude::*;

use super::i18n::game::ImportTexts;
use super::i18n::use_i18n;

#[cfg(any(
    feature = "crazyhouse",
    feature = "bughouse",
    feature = "cards",
    feature = "undo"
))]
pub mod form;

/// "Rules in brief", folded.
#[component]
pub fn RulesInBrief(#[prop(into)] rules: Signal<&'static [&'static str]>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <details class="group rules">
            <summary>{i18n.word(|i| i.t().game.setup.rules_title)}</summary>
            <ul>
                {move || rules.get().iter().map(|rule| view! { <li>{*rule}</li> }).collect_view()}
            </ul>
        </details>
    }
}

/// "Continue or review a game": a text area for a record, its refusal, and
/// the Import button.
#[component]
pub fn ImportBox(
    #[prop(into)] words: Signal<&'static ImportTexts>,
    /// The text as typed (kept while another screen replaces the form).
    text: RwSignal<String>,
    /// Imports the text; gives why it was refused, if it was: a signal, so
    /// a refusal can retell itself in a new language. Shown until an edit.
    #[prop(into)]
    on_import: Callback<String, Option<Signal<String>>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let problem = RwSignal::new(None::<Signal<String>>);
    view! {
        <details class="group import">
            <summary>{move || words.get().title}</summary>
            <p class="hint">{move || words.get().explain}</p>
            <label class="field">
                <span class="field-label">{move || words.get().label}</span>
                <textarea
                    class="text-input pgn-input"
                    rows="6"
                    spellcheck="false"
                    autocomplete="off"
                    prop:value=move || text.get()
                    on:input=move |ev| { text.set(event_target_value(&ev)); problem.set(None); }
                ></textarea>
            </label>
            {move || problem.get().map(|problem| view! {
                <p class="form-error" role="alert">
                    <strong>{i18n.word(|i| i.t().game.setup.import_failed)} ": "</strong>
                    <span>{move || problem.get()}</span>
                </p>
            })}
            <button type="button" class="button" on:click=move |_| problem.set(on_import.run(text.get_untracked()))>
                {i18n.word(|i| i.t().game.setup.import_button)}
            </button>
        </details>
    }
}

/// One player's name field of a setup form (the one name rule is the
/// referee's: the form keeps what was typed and the referee says what is
/// wrong). `on_input` gets every edit.
#[component]
pub fn NameField(
    #[prop(into)] label: Signal<&'static str>,
    #[prop(into)] placeholder: Signal<&'static str>,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] on_input: Callback<String>,
    /// The input's id, where tests or labels need one.
    #[prop(optional)]
    id: Option<String>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span class="field-label">{move || label.get()}</span>
            <input
                type="text"
                class="text-input"
                id=id
                autocomplete="off"
                maxlength="64"
                placeholder=move || placeholder.get()
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
        </label>
    }
}

/// "Players": White's and Black's name fields.
#[component]
pub fn TwoNames(
    /// The fieldset's legend ("Players").
    #[prop(into)]
    legend: Signal<&'static str>,
    /// The fields' labels, White's first.
    #[prop(into)]
    labels: Signal<[&'static str; 2]>,
    /// The names used when a field is left empty.
    #[prop(into)]
    placeholders: Signal<[&'static str; 2]>,
    /// The names as typed.
    #[prop(into)]
    value: Callback<usize, String>,
    /// A field changed: its index and text.
    #[prop(into)]
    on_input: Callback<(usize, String)>,
) -> impl IntoView {
    let field = move |i: usize| {
        view! {
            <NameField
                label=Signal::derive(move || labels.get()[i])
                placeholder=Signal::derive(move || placeholders.get()[i])
                value=Signal::derive(move || value.run(i))
                on_input=move |text| on_input.run((i, text))
            />
        }
    };
    view! {
        <fieldset class="group">
            <legend>{move || legend.get()}</legend>
            {field(0)}
            {field(1)}
        </fieldset>
    }
}

/// Why the form was refused, in the current language, while it stands.
#[component]
pub fn FormError(#[prop(into)] problem: Signal<Option<String>>) -> impl IntoView {
    move || {
        problem
            .get()
            .map(|text| view! { <p class="form-error" role="alert">{text}</p> })
    }
}
