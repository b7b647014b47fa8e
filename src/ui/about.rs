//! About: licences, the credit to the rules' author, and what the app is not.

use leptos::prelude::*;

use super::i18n::use_i18n;
use crate::web::device::{self, Support};
use crate::web::persistence::{self, Persistence};
use crate::web::sound;

const RULES_LICENCE_URL: &str = "https://creativecommons.org/licenses/by-sa/4.0/";
const APP_LICENCE_URL: &str = "https://www.gnu.org/licenses/gpl-3.0.html";

#[component]
pub fn About() -> impl IntoView {
    let i18n = use_i18n();
    // The browser answers asynchronously; until then the line stays empty.
    let persistence = RwSignal::new(None::<Persistence>);
    wasm_bindgen_futures::spawn_local(async move {
        let answer = persistence::status().await;
        persistence.try_set(Some(answer)); // the page may have closed meanwhile
    });
    let storage = move || {
        let t = i18n.t().shell;
        persistence.get().map(|answer| match answer {
            Persistence::Persistent => t.storage_persistent,
            Persistence::BestEffort => t.storage_best_effort,
            Persistence::Unknown => t.storage_unknown,
        })
    };
    // What a game uses when the browser has it (iOS has no vibration, for one).
    let features = [
        ("wake-lock", device::wake_lock_support()),
        ("vibration", support(device::can_vibrate())),
        ("sound", support(sound::available())),
    ];
    let feature_rows = features
        .map(|(id, answer)| {
            let text = move || {
                let t = i18n.t().shell;
                let (name, hint) = match id {
                    "wake-lock" => (
                        t.feature_wake_lock,
                        (answer != Support::Available).then_some(t.feature_wake_lock_hint),
                    ),
                    "vibration" => (t.feature_vibration, None),
                    _ => (
                        t.feature_sound,
                        (answer == Support::Available).then_some(t.feature_sound_hint),
                    ),
                };
                let answer = match answer {
                    Support::Available => t.feature_available,
                    Support::Missing => t.feature_missing,
                    Support::Refused => t.feature_refused,
                };
                (format!("{name}: {answer}"), hint.unwrap_or_default())
            };
            view! {
                <li data-feature=id data-support=support_id(answer)>
                    <span class="feature-line">{move || text().0}</span>
                    <span class="hint">{move || text().1}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <article class="about">
            <h1>{i18n.word(|i| i.t().shell.about_title)}</h1>
            <p class="callout">{i18n.word(|i| i.t().shell.about_independent)}</p>
            <p>{i18n.word(|i| i.t().shell.about_rules_credit)}</p>
            <p>
                {i18n.word(|i| i.t().shell.about_rules_licence)} " "
                <a href=RULES_LICENCE_URL rel="license noopener" target="_blank">"CC BY-SA 4.0"</a>
            </p>
            <p>
                {i18n.word(|i| i.t().shell.about_app_licence)} " "
                <a href=APP_LICENCE_URL rel="license noopener" target="_blank">"GPL-3.0-or-later"</a>
            </p>
            <p>{i18n.word(|i| i.t().shell.about_offline)}</p>
            <p>{i18n.word(|i| i.t().shell.about_privacy)}</p>
            <p class="storage-status">
                {i18n.word(|i| i.t().shell.storage_label)} " " <span class="storage-answer">{storage}</span>
            </p>
            <h2>{i18n.word(|i| i.t().shell.features_title)}</h2>
            <ul class="feature-list">{feature_rows}</ul>
            <h2>{move || i18n.of(&super::voice::TEXTS).title}</h2>
            <p class="voice-languages" data-testid="voice-languages">{move || {
                let t = i18n.of(&super::voice::TEXTS);
                let langs = super::voice::speakable();
                if langs.is_empty() {
                    t.cannot_speak.to_owned()
                } else {
                    super::format::fill(t.can_speak, &[("langs", &langs.join(", "))])
                }
            }}</p>
            <p class="version">
                {i18n.word(|i| i.t().shell.about_version)} " " {env!("CARGO_PKG_VERSION")}
            </p>
        </article>
    }
}

fn support(available: bool) -> Support {
    if available {
        Support::Available
    } else {
        Support::Missing
    }
}

fn support_id(support: Support) -> &'static str {
    match support {
        Support::Available => "available",
        Support::Missing => "missing",
        Support::Refused => "refused",
    }
}
