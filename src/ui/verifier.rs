//! The verifier page: recompute a commitment and its schedule from seed and setup.

use leptos::prelude::*;

use super::i18n::use_i18n;
use super::route::Query;

#[component]
pub fn Verifier(query: Query) -> impl IntoView {
    let i18n = use_i18n();
    let _ = query;
    view! { <h1>{move || i18n.t().verifier.title}</h1> }
}
