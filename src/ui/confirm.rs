//! A button that acts only on a second tap, shared by the game modules.

use leptos::prelude::*;

use super::i18n::use_i18n;

/// A button that acts only on a second tap ("Confirm"), so a stray touch on a
/// crowded table changes nothing.
#[component]
pub fn ConfirmButton(
    label: Signal<String>,
    on_confirm: impl Fn() + Clone + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let armed = RwSignal::new(false);
    view! {
        <button type="button" class="button" class:danger=move || armed.get()
            on:click=move |_| {
                if armed.get_untracked() {
                    armed.set(false);
                    on_confirm();
                } else {
                    armed.set(true);
                }
            }
            on:blur=move |_| armed.set(false)
        >
            {move || if armed.get() { format!("{} — {}", label.get(), i18n.t().game.confirm) } else { label.get() }}
        </button>
    }
}
