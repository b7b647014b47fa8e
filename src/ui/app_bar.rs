//! The top bar: app name (home link), About, and the language switch.

use leptos::prelude::*;

use super::i18n::{Lang, use_i18n};
use super::route::{Route, use_route};

#[component]
pub fn AppBar() -> impl IntoView {
    let i18n = use_i18n();
    let route = use_route();
    view! {
        <header class="app-bar">
            <a class="brand" href=Route::Home.href() aria-label=move || i18n.t().nav_home>
                <img src="icons/icon.svg" alt="" width="32" height="32"/>
                <span>{move || i18n.t().app_name}</span>
            </a>
            <nav class="app-bar-actions">
                <a
                    class="bar-link"
                    href=Route::About.href()
                    aria-current=move || (route.get() == Route::About).then_some("page")
                >
                    {move || i18n.t().nav_about}
                </a>
                <LanguageSwitch/>
            </nav>
        </header>
    }
}

/// One button per language, each labelled in its own language.
#[component]
fn LanguageSwitch() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="lang-switch" role="group" aria-label=move || i18n.t().language_label>
            {Lang::ALL
                .into_iter()
                .map(|lang| {
                    view! {
                        <button
                            type="button"
                            class="lang-option"
                            lang=lang.tag()
                            aria-pressed=move || (i18n.lang() == lang).to_string()
                            aria-label=lang.texts().language_name
                            on:click=move |_| i18n.set_lang(lang)
                        >
                            {lang.tag().to_uppercase()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}
