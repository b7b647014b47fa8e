//! Every string the app shows, in every language it speaks.
//!
//! One typed catalogue per language: a missing translation is a compile error,
//! not a blank button at the table. (leptos_i18n was considered; it pulls in
//! leptos-use and ICU, which cost more wasm than the whole app's budget allows.)

use leptos::prelude::*;

use crate::web::storage;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Ru,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ru];

    /// BCP 47 tag, used for `<html lang>` and for storage.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|lang| lang.tag() == primary)
    }

    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Ru => &RU,
        }
    }
}

/// The strings of one language.
pub struct Texts {
    /// The language's own name, shown in the language switch.
    pub language_name: &'static str,
    pub app_name: &'static str,
    pub tagline: &'static str,
    pub choose_game: &'static str,
    pub no_games_yet: &'static str,
    pub nav_home: &'static str,
    pub nav_about: &'static str,
    pub language_label: &'static str,
    pub back: &'static str,
    pub about_title: &'static str,
    pub about_independent: &'static str,
    pub about_rules_credit: &'static str,
    pub about_rules_licence: &'static str,
    pub about_app_licence: &'static str,
    pub about_offline: &'static str,
    pub about_privacy: &'static str,
    pub about_version: &'static str,
    pub update_ready: &'static str,
    pub update_now: &'static str,
    pub update_later: &'static str,
    pub offline_ready: &'static str,
    pub not_found: &'static str,
}

pub static EN: Texts = Texts {
    language_name: "English",
    app_name: "Nordau Shift",
    tagline: "Referee and clock for over-the-board chess variants. Works offline.",
    choose_game: "Choose a game",
    no_games_yet: "No game can be refereed in this version yet. The Nordau Shift table comes next.",
    nav_home: "Home",
    nav_about: "About",
    language_label: "Language",
    back: "Back",
    about_title: "About",
    about_independent: "This app is an independent, unofficial referee. It is not the official Nordau Shift app and is not endorsed by the author of the rules.",
    about_rules_credit: "Nordau Shift (Carousel Chess) rules by Mike Daykhin.",
    about_rules_licence: "The rules texts are licensed under CC BY-SA 4.0; any rules text shown here stays under that licence.",
    about_app_licence: "The app is free software under the GNU General Public License, version 3 or later.",
    about_offline: "After the first visit the app works with no network: install it from the browser menu to keep it on your home screen.",
    about_privacy: "No accounts, no tracking: nothing leaves this phone.",
    about_version: "Version",
    update_ready: "A new version is ready.",
    update_now: "Update now",
    update_later: "Later",
    offline_ready: "Ready to work offline.",
    not_found: "This page does not exist.",
};

pub static RU: Texts = Texts {
    language_name: "Русский",
    app_name: "Nordau Shift",
    tagline: "Судья и часы для шахматных вариантов за настоящей доской. Работает без сети.",
    choose_game: "Выберите игру",
    no_games_yet: "В этой версии пока нельзя судить ни одну игру. Следующим появится стол Nordau Shift.",
    nav_home: "Главная",
    nav_about: "О приложении",
    language_label: "Язык",
    back: "Назад",
    about_title: "О приложении",
    about_independent: "Это независимый, неофициальный судья. Это не официальное приложение Nordau Shift, и автор правил его не одобрял.",
    about_rules_credit: "Правила Nordau Shift (Carousel Chess) — Михаил Дайхин (Mike Daykhin).",
    about_rules_licence: "Тексты правил распространяются по лицензии CC BY-SA 4.0; любой показанный здесь текст правил остаётся под этой лицензией.",
    about_app_licence: "Приложение — свободная программа под GNU General Public License версии 3 или более поздней.",
    about_offline: "После первого открытия приложение работает без сети: установите его через меню браузера, чтобы оно было на главном экране.",
    about_privacy: "Без аккаунтов и слежки: ничто не покидает этот телефон.",
    about_version: "Версия",
    update_ready: "Готова новая версия.",
    update_now: "Обновить",
    update_later: "Позже",
    offline_ready: "Готово к работе без сети.",
    not_found: "Такой страницы нет.",
};

const STORAGE_KEY: &str = "nordau-shift.lang";

/// The chosen language, shared through context; every text read is reactive.
#[derive(Clone, Copy)]
pub struct I18n {
    lang: RwSignal<Lang>,
}

impl I18n {
    /// The remembered choice, else the browser's language, else English.
    pub fn provide() -> I18n {
        let initial = storage::get(STORAGE_KEY)
            .and_then(|tag| Lang::from_tag(&tag))
            .or_else(|| crate::web::browser_language().and_then(|tag| Lang::from_tag(&tag)))
            .unwrap_or(Lang::En);
        let i18n = I18n {
            lang: RwSignal::new(initial),
        };
        Effect::new(move |_| crate::web::set_document_lang(i18n.lang.get().tag()));
        provide_context(i18n);
        i18n
    }

    pub fn lang(&self) -> Lang {
        self.lang.get()
    }

    pub fn set_lang(&self, lang: Lang) {
        storage::set(STORAGE_KEY, lang.tag());
        self.lang.set(lang);
    }

    /// The current language's strings (tracks the language signal).
    pub fn t(&self) -> &'static Texts {
        self.lang.get().texts()
    }
}

pub fn use_i18n() -> I18n {
    expect_context::<I18n>()
}
