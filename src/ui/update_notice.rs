//! "A new version is ready": the user decides when the update takes over.

use leptos::prelude::*;

use crate::ui::clicks;

use super::i18n::use_i18n;
use crate::web::service_worker::SwStatus;

#[component]
pub fn UpdateNotice(sw: SwStatus) -> impl IntoView {
    let i18n = use_i18n();
    let dismissed = RwSignal::new(false);
    view! {
        <Show when=move || sw.update_waiting.get() && !dismissed.get()>
            <div class="update-notice" role="status">
                <span>{i18n.word(|i| i.t().shell.update_ready)}</span>
                <button type="button" class="button primary" on:click=move |_| sw.accept_update()>
                    {i18n.word(|i| i.t().shell.update_now)}
                </button>
                <button type="button" class="button" on:click=clicks::sets(dismissed, true)>
                    {i18n.word(|i| i.t().shell.update_later)}
                </button>
            </div>
        </Show>
    }
}
