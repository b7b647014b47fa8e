//! Sun mode (issue #10, item 15): a light, maximum-contrast theme for street
//! tables in daylight, where the dark theme washes out in glare. The colours
//! are CSS custom properties under `<html data-theme="sun">` (assets/app.css);
//! this module only decides which theme is on. The choice is remembered; until
//! there is one, the system's light/dark setting decides (assets/boot.js makes
//! the same decision before the wasm loads, so the splash does not flash).

use leptos::prelude::*;

use super::i18n::use_i18n;
use crate::web::{self, storage};

const STORAGE_KEY: &str = "nordau-shift.theme";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Dark,
    Sun,
}

impl Theme {
    fn tag(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Sun => "sun",
        }
    }

    fn from_tag(tag: &str) -> Option<Theme> {
        [Theme::Dark, Theme::Sun]
            .into_iter()
            .find(|theme| theme.tag() == tag)
    }

    fn from_system(prefers_light: bool) -> Theme {
        if prefers_light {
            Theme::Sun
        } else {
            Theme::Dark
        }
    }

    fn other(self) -> Theme {
        match self {
            Theme::Dark => Theme::Sun,
            Theme::Sun => Theme::Dark,
        }
    }

    /// Each theme's `--bg` in assets/app.css, for the browser's bar.
    fn bar_colour(self) -> &'static str {
        match self {
            Theme::Dark => "#11161c",
            Theme::Sun => "#ffffff",
        }
    }

    fn color_scheme(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Sun => "light",
        }
    }
}

/// The theme on screen, shared through context.
#[derive(Clone, Copy)]
pub struct Themes {
    theme: RwSignal<Theme>,
    /// The user picked a theme (stored or not): the system no longer decides.
    chosen: StoredValue<bool>,
}

impl Themes {
    /// The remembered choice, else the system's light/dark setting.
    pub fn provide() -> Themes {
        let stored = storage::get(STORAGE_KEY).and_then(|tag| Theme::from_tag(&tag));
        let themes = Themes {
            theme: RwSignal::new(
                stored.unwrap_or_else(|| Theme::from_system(web::theme::prefers_light())),
            ),
            chosen: StoredValue::new(stored.is_some()),
        };
        web::theme::on_preference_change(move |light| {
            if themes.chosen.try_get_value() == Some(false) {
                themes.theme.try_set(Theme::from_system(light));
            }
        });
        Effect::new(move |_| {
            let theme = themes.theme.get();
            let name = (theme == Theme::Sun).then_some(theme.tag());
            web::theme::apply(name, theme.bar_colour(), theme.color_scheme());
        });
        provide_context(themes);
        themes
    }

    pub fn is_sun(&self) -> bool {
        self.theme.get() == Theme::Sun
    }

    /// Switches to the other theme and remembers it.
    pub fn toggle(&self) {
        let next = self.theme.get_untracked().other();
        storage::set(STORAGE_KEY, next.tag());
        self.chosen.set_value(true);
        self.theme.set(next);
    }
}

/// The app's themes; a component mounted alone (component tests) gets its own.
pub fn use_themes() -> Themes {
    use_context::<Themes>().unwrap_or_else(Themes::provide)
}

/// The Sun mode switch: one button, pressed while Sun mode is on. `class`
/// fits it to its place (the clock strip, the app bar).
#[component]
pub fn SunToggle(class: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    let themes = use_themes();
    view! {
        <button
            type="button"
            class=format!("sun-toggle {class}")
            aria-pressed=move || themes.is_sun().to_string()
            aria-label=i18n.word(|i| i.t().game.controls.sun_mode)
            title=i18n.word(|i| i.t().game.controls.sun_mode_hint)
            on:click=move |_| themes.toggle()
        >
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <circle cx="12" cy="12" r="4.6" fill="currentColor"/>
                <path
                    d="M12 1.6v3M12 19.4v3M1.6 12h3M19.4 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1"
                    fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"
                />
            </svg>
        </button>
    }
}
