//! "Ready for offline": the home screen says when the phone can leave the network.

use leptos::prelude::*;

use super::format;
use super::i18n::use_i18n;
use crate::web::service_worker::OfflineState;

/// The `data-state` the stylesheet colours by.
fn kind(state: OfflineState) -> &'static str {
    match state {
        OfflineState::Unsupported => "unsupported",
        OfflineState::Checking | OfflineState::Saving { .. } => "saving",
        OfflineState::Failed { .. } => "failed",
        OfflineState::Ready => "ready",
    }
}

#[component]
pub fn OfflineStatus(state: RwSignal<OfflineState>) -> impl IntoView {
    let i18n = use_i18n();
    let text = move || {
        let t = i18n.t().shell;
        match state.get() {
            OfflineState::Unsupported => t.offline_unsupported.into_any(),
            OfflineState::Checking | OfflineState::Saving { total: 0, .. } => {
                t.offline_saving.into_any()
            }
            OfflineState::Saving { done, total } => {
                let count = format::fill(
                    t.offline_count,
                    &[("done", &done.to_string()), ("total", &total.to_string())],
                );
                // The count wraps as one piece, never "3 / of 10".
                view! { {t.offline_saving} " " <span class="offline-count">{count}</span> }
                    .into_any()
            }
            OfflineState::Failed { .. } => view! {
                <strong>{t.offline_failed}</strong> " " {t.offline_failed_detail}
            }
            .into_any(),
            OfflineState::Ready => t.offline_ready.into_any(),
        }
    };
    // (done, total) once the worker has told; before that the bar is indeterminate.
    let counts = move || match state.get() {
        OfflineState::Saving { done, total } if total > 0 => Some((done, total)),
        _ => None,
    };
    view! {
        // One stable live region: its text changes, so screen readers announce it.
        <div class="offline-status" data-state=move || kind(state.get())>
            <p class="offline-text" role="status">{text}</p>
            // Ready keeps the bar, full: the card keeps one height from the
            // static first screen (index.html) through saving to ready, so
            // nothing below it moves under a finger.
            <Show when=move || matches!(kind(state.get()), "saving" | "ready")>
                <progress
                    class="offline-progress"
                    aria-label=move || {
                        let t = i18n.t().shell;
                        if state.get() == OfflineState::Ready { t.offline_ready } else { t.offline_saving }
                    }
                    max=move || counts().map_or(1, |(_, total)| total)
                    value=move || match state.get() {
                        OfflineState::Ready => Some(1),
                        _ => counts().map(|(done, _)| done),
                    }
                ></progress>
            </Show>
        </div>
    }
}
