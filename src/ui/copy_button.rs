//! "Copy", then "Copied": one button for every text a player copies (a
//! commitment, a verifier link, a game record).

use leptos::prelude::*;

use crate::web::device;

/// Copies what `text` gives (nothing when it gives `None`) and then reads
/// `done` instead of `label`, so a player sees the copy worked; a refused
/// clipboard leaves `label`.
#[component]
pub fn CopyButton(
    #[prop(into)] text: Callback<(), Option<String>>,
    #[prop(into)] label: Signal<&'static str>,
    #[prop(into)] done: Signal<&'static str>,
    #[prop(optional)] testid: Option<&'static str>,
) -> impl IntoView {
    let copied = RwSignal::new(false);
    let copy = move |_| {
        if let Some(text) = text.run(()) {
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(device::copy_text(&text).await);
            });
        }
    };
    view! {
        <button type="button" class="button" data-testid=testid on:click=copy>
            {move || if copied.get() { done.get() } else { label.get() }}
        </button>
    }
}
