//! The evening's commitments with their fates (docs/fairness.md "Threat
//! model"), from the session: the shared list (`ui::evening`) shows them, as
//! it does every drawn game's.

use leptos::prelude::*;

use super::use_table;
use crate::referee::nordau::DrawRecord;
use crate::ui::evening;

fn session_draws() -> Signal<Vec<DrawRecord>> {
    let ctx = use_table();
    Signal::derive(move || {
        ctx.with_table(|t| t.session.as_ref().map(|s| s.draws.clone()))
            .unwrap_or_default()
    })
}

/// Every commitment of the evening, in order.
#[component]
pub fn DrawList() -> impl IntoView {
    view! { <evening::DrawList draws=session_draws()/> }
}

/// The last draw, if it was left rather than played: revealed right away.
#[component]
pub fn LeftDraw() -> impl IntoView {
    view! { <evening::LeftDraw draws=session_draws()/> }
}
