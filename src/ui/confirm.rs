//! A button that acts only on a second tap, shared by the game modules.

use leptos::prelude::*;

use super::i18n::use_i18n;

/// A button that acts only on a second tap ("Confirm"), so a stray touch on a
/// crowded table changes nothing.
#[component]
pub fn ConfirmButton(
    label: Signal<String>,
    /// One callback type for every button: a generic closure here would
    /// copy this component's code into every caller (docs/lean-modules.md).
    #[prop(into)]
    on_confirm: Callback<()>,
    /// Whether the first tap has been made, when the caller shows something
    /// meanwhile (a sentence saying what the second tap will do).
    #[prop(optional)]
    armed: Option<RwSignal<bool>>,
    /// Armed, say only "Confirm" (the caller says what it confirms), so the
    /// button keeps its size under the second tap.
    #[prop(optional)]
    confirm_only: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let armed = armed.unwrap_or_else(|| RwSignal::new(false));
    view! {
        <button type="button" class="button" class:danger=move || armed.get()
            on:click=move |_| {
                if armed.get_untracked() {
                    armed.set(false);
                    on_confirm.run(());
                } else {
                    armed.set(true);
                }
            }
            on:blur=move |_| armed.set(false)
        >
            {move || match (armed.get(), confirm_only) {
                (true, true) => i18n.t().game.confirm.to_owned(),
                (true, false) => format!("{} — {}", label.get(), i18n.t().game.confirm),
                (false, _) => label.get(),
            }}
        </button>
    }
}
