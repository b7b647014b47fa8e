//! The play screen's frame that every two-seat module shows the same way:
//! Black's half (turned to face Black), the middle strip, the board in board
//! mode, White's half, and the game menu while it is open. A module supplies
//! the pieces; nothing here knows a rule.

use leptos::prelude::*;

use crate::referee::Colour;

#[component]
pub fn PlayFrame(
    /// The page's heading for screen readers (the game's name).
    #[prop(into)]
    heading: Signal<&'static str>,
    /// The section's classes.
    class: &'static str,
    #[prop(into)] board_mode: Signal<bool>,
    menu_open: RwSignal<bool>,
    /// A seat's half (the clock button).
    #[prop(into)]
    half: Callback<Colour, AnyView>,
    #[prop(into)] middle: ViewFn,
    /// The on-screen board, shown in board mode.
    #[prop(into)]
    board: ViewFn,
    /// Laid over the halves after White's (Nordau Shift's seat swap).
    #[prop(optional, into)]
    overlay: Option<ViewFn>,
    /// The game menu, shown while `menu_open`.
    #[prop(into)]
    menu: ViewFn,
) -> impl IntoView {
    view! {
        // The page's heading for screen readers: the play screen shows none. Not
        // inside the section, whose CSS places the halves by `:first-child`.
        <h1 class="sr-only">{move || heading.get()}</h1>
        <section class=class class:board-mode=move || board_mode.get()>
            {half.run(Colour::Black)}
            {middle.run()}
            <Show when=move || board_mode.get()>
                {board.run()}
            </Show>
            {half.run(Colour::White)}
            {overlay.map(|overlay| overlay.run())}
            <Show when=move || menu_open.get()>
                {menu.run()}
            </Show>
        </section>
    }
}
