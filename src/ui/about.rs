//! About: licences, the credit to the rules' author, and what the app is not.

use leptos::prelude::*;

use super::i18n::use_i18n;

const RULES_LICENCE_URL: &str = "https://creativecommons.org/licenses/by-sa/4.0/";
const APP_LICENCE_URL: &str = "https://www.gnu.org/licenses/gpl-3.0.html";

#[component]
pub fn About() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <article class="about">
            <h1>{move || i18n.t().shell.about_title}</h1>
            <p class="callout">{move || i18n.t().shell.about_independent}</p>
            <p>{move || i18n.t().shell.about_rules_credit}</p>
            <p>
                {move || i18n.t().shell.about_rules_licence} " "
                <a href=RULES_LICENCE_URL rel="license noopener" target="_blank">"CC BY-SA 4.0"</a>
            </p>
            <p>
                {move || i18n.t().shell.about_app_licence} " "
                <a href=APP_LICENCE_URL rel="license noopener" target="_blank">"GPL-3.0-or-later"</a>
            </p>
            <p>{move || i18n.t().shell.about_offline}</p>
            <p>{move || i18n.t().shell.about_privacy}</p>
            <p class="version">
                {move || i18n.t().shell.about_version} " " {env!("CARGO_PKG_VERSION")}
            </p>
        </article>
    }
}
