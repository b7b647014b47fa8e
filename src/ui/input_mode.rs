//! The choice every game's setup offers (C-1): a physical board with the phone
//! as the clock, or the on-screen board where entering a move is the press.

use leptos::prelude::*;

use super::i18n::use_i18n;

/// Two radio cards in a fieldset; `name` is the radio group's name.
#[component]
pub fn InputModeChoice(
    name: &'static str,
    /// Whether the on-screen board is chosen.
    #[prop(into)]
    board: Signal<bool>,
    #[prop(into)] on_change: Callback<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let card = move |on_screen: bool| {
        view! {
            <label class="choice">
                <input
                    type="radio"
                    name=name
                    prop:checked=move || board.get() == on_screen
                    on:change=move |_| on_change.run(on_screen)
                />
                <span class="choice-body">
                    <span class="choice-title">
                        {move || { let m = &i18n.t().game.mode; if on_screen { m.board } else { m.clock } }}
                    </span>
                    <span class="choice-hint">
                        {move || { let m = &i18n.t().game.mode; if on_screen { m.board_hint } else { m.clock_hint } }}
                    </span>
                </span>
            </label>
        }
    };
    view! {
        <fieldset class="group">
            <legend>{i18n.word(|i| i.t().game.mode.legend)}</legend>
            {card(false)}
            {card(true)}
        </fieldset>
    }
}
