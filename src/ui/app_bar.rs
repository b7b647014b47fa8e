//! The top bar: app name (home link), About, Sun mode, and the language switch.

use leptos::prelude::*;

use super::i18n::{Lang, use_i18n};
use super::route::{Route, use_route};
use super::theme::SunToggle;

#[component]
pub fn AppBar() -> impl IntoView {
    let i18n = use_i18n();
    let route = use_route();
    view! {
        <header class="app-bar">
            // The name starts with the visible text (WCAG 2.5.3), then says where it goes.
            <a class="brand" href=Route::Home.href()
                aria-label=move || format!("{} — {}", i18n.t().shell.app_name, i18n.t().shell.nav_home)>
                <span>{i18n.word(|i| i.t().shell.app_name)}</span>
            </a>
            <nav class="app-bar-actions">
                <a
                    class="bar-icon"
                    href=Route::About.href()
                    aria-label=i18n.word(|i| i.t().shell.nav_about)
                    title=i18n.word(|i| i.t().shell.nav_about)
                    aria-current=move || (route.get() == Route::About).then_some("page")
                >
                    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" stroke-width="2"/>
                        <rect x="11" y="10" width="2" height="8" rx="1" fill="currentColor"/>
                        <circle cx="12" cy="6.8" r="1.4" fill="currentColor"/>
                    </svg>
                </a>
                <SunToggle class="bar-icon"/>
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
        <div class="lang-switch" role="group" aria-label=i18n.word(|i| i.t().shell.language_label)>
            {Lang::ALL
                .into_iter()
                .map(|lang| {
                    view! {
                        <button
                            type="button"
                            class="lang-option"
                            lang=lang.tag()
                            aria-pressed=move || (i18n.lang() == lang).to_string()
                            // "EN — English": the visible code first (WCAG 2.5.3), then the name.
                            aria-label=format!("{} — {}", lang.tag().to_ascii_uppercase(), lang.texts().shell.language_name)
                            on:click=move |_| i18n.set_lang(lang)
                        >
                            {lang.tag().to_ascii_uppercase()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}
