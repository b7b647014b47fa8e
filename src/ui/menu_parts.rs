//! Parts of a chess-clock module's game menu that every module shows the
//! same way: a resignation for each player and the clock adjustment. Players
//! are given by their index in the module's seat order; the module supplies
//! the words and the events.

use leptos::prelude::*;

use super::clock_controls::AdjustRow;
use super::confirm::ConfirmButton;
use super::i18n::use_i18n;

/// "Dana (White)", or just "White" when the name is the seat's word.
pub fn who(name: String, seat: &str) -> String {
    if name == seat {
        name
    } else {
        format!("{name} ({seat})")
    }
}

/// "Resign": one confirmed button a player.
#[component]
pub fn ResignButtons(
    /// The heading ("Resign").
    #[prop(into)]
    title: Signal<&'static str>,
    players: usize,
    /// A player's button ("Dana (White) resigns").
    #[prop(into)]
    label: Callback<usize, String>,
    #[prop(into)] on_resign: Callback<usize>,
) -> impl IntoView {
    view! {
        <h3>{move || title.get()}</h3>
        <div class="button-row">
            {(0..players).map(|i| view! {
                <ConfirmButton
                    label=Signal::derive(move || label.run(i))
                    on_confirm=move |()| on_resign.run(i)
                />
            }).collect_view()}
        </div>
    }
}

/// "Adjust the time": while the clocks stand paused, a row a player; else
/// the module's hint that a pause comes first.
#[component]
pub fn AdjustClocks(
    #[prop(into)] paused: Signal<bool>,
    #[prop(into)] hint: Signal<&'static str>,
    players: usize,
    #[prop(into)] who: Callback<usize, String>,
    #[prop(into)] remaining_ms: Callback<usize, Option<u64>>,
    #[prop(into)] on_adjust: Callback<(usize, u64)>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <h3>{i18n.word(|i| i.t().game.menu.adjust_title)}</h3>
        <Show when=move || paused.get() fallback=move || view! { <p class="hint">{move || hint.get()}</p> }>
            {(0..players).map(|i| view! {
                <AdjustRow
                    who=Signal::derive(move || who.run(i))
                    remaining_ms=Signal::derive(move || remaining_ms.run(i))
                    on_adjust=move |ms| on_adjust.run((i, ms))
                />
            }).collect_view()}
        </Show>
    }
}
