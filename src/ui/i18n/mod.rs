//! Every string the app shows, in every language it speaks.
//!
//! One typed catalogue per language, split into a section per screen: a missing
//! translation is a compile error, not a blank button at the table.
//! (leptos_i18n was considered; it pulls in leptos-use and ICU, which cost more
//! wasm than the whole app's size budget allows.)
pub mod game;
pub mod shell;
pub mod verifier;

use leptos::prelude::*;

use crate::web::storage;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Ru,
    He,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ru, Lang::He];

    /// BCP 47 tag, used for `<html lang>` and for storage.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::He => "he",
        }
    }

    /// The writing direction, for `<html dir>`: Hebrew runs right to left.
    pub fn dir(self) -> &'static str {
        match self {
            Lang::He => "rtl",
            Lang::En | Lang::Ru => "ltr",
        }
    }

    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        // Older Android and Java still say `iw` for Hebrew.
        let primary = if primary == "iw" {
            "he".to_owned()
        } else {
            primary
        };
        Lang::ALL.into_iter().find(|lang| lang.tag() == primary)
    }

    pub fn texts(self) -> &'static Texts {
        SHELL.get(self)
    }
}

/// The shell's strings of one language, a section per screen. A game module's
/// strings live beside its screens, as a [`Catalogue`] of its own.
pub struct Texts {
    /// The language these strings are in (a module picks its catalogue by it).
    pub lang: Lang,
    pub shell: &'static shell::ShellTexts,
    pub verifier: &'static verifier::VerifierTexts,
    /// Shared by every game module (saves, board, confirm).
    pub game: &'static game::GameTexts,
}

pub static EN: Texts = Texts {
    lang: Lang::En,
    shell: &shell::EN,
    verifier: &verifier::EN,
    game: &game::EN,
};

pub static RU: Texts = Texts {
    lang: Lang::Ru,
    shell: &shell::RU,
    verifier: &verifier::RU,
    game: &game::RU,
};

/// The shell's strings in every language, picked as a module's are.
pub static HE: Texts = Texts {
    lang: Lang::He,
    shell: &shell::HE,
    verifier: &verifier::HE,
    game: &game::HE,
};

static SHELL: Catalogue<Texts> = Catalogue {
    en: &EN,
    ru: &RU,
    he: &HE,
};

/// One module's strings in every language; a game module keeps its own beside
/// its screens, so adding a game never edits a central file.
pub struct Catalogue<T: 'static> {
    pub en: &'static T,
    pub ru: &'static T,
    pub he: &'static T,
}

impl<T> Catalogue<T> {
    pub fn get(&self, lang: Lang) -> &'static T {
        match lang {
            Lang::En => self.en,
            Lang::Ru => self.ru,
            Lang::He => self.he,
        }
    }
}

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
        Effect::new(move |_| {
            let lang = i18n.lang.get();
            crate::web::set_document_lang(lang.tag(), lang.dir());
        });
        provide_context(i18n);
        i18n
    }

    pub fn lang(&self) -> Lang {
        self.lang.get()
    }

    /// The language now, without tracking it (timers, effects).
    pub fn lang_untracked(&self) -> Lang {
        self.lang.get_untracked()
    }

    pub fn set_lang(&self, lang: Lang) {
        storage::set(STORAGE_KEY, lang.tag());
        self.lang.set(lang);
    }

    /// The current language's strings (tracks the language signal).
    pub fn t(&self) -> &'static Texts {
        self.lang.get().texts()
    }

    /// One word on the screen, read again when the language changes: `pick`
    /// takes it from a catalogue (`|i| i.of(&TEXTS).title`). Every word of
    /// every screen is this one closure type, so Leptos' rendering code is
    /// built once for all of them rather than once per word (issue #25).
    /// (A pick that returns something else, a pair of words or a part of a
    /// catalogue, is one more instantiation for each such type.)
    pub fn word<T: 'static>(
        self,
        pick: fn(&I18n) -> T,
    ) -> impl Fn() -> T + Copy + Send + Sync + 'static {
        move || pick(&self)
    }

    /// `word` as an owned `String`, for a label that is sometimes made of
    /// other parts (one closure type for all of these too).
    pub fn owned_word(
        self,
        pick: fn(&I18n) -> &'static str,
    ) -> impl Fn() -> String + Copy + Send + Sync + 'static {
        move || pick(&self).to_owned()
    }

    /// A module's strings in the current language (tracks the language signal).
    pub fn of<T>(&self, catalogue: &'static Catalogue<T>) -> &'static T {
        catalogue.get(self.lang.get())
    }
}

pub fn use_i18n() -> I18n {
    expect_context::<I18n>()
}
