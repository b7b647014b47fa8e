//! A voice at the table (issue #24, NS-10): the swap, and on request a
//! game's end and the start of the low-time warning, spoken in the app's
//! language by the phone's own voice. What is spoken is what screen readers
//! are told (each module's live region) or the running clock's time, so
//! nothing hidden is ever said (NS-9). One switch, beside sound,
//! in every game's menu: off, swaps (the default), swaps and results.

use leptos::prelude::*;

use super::i18n::{Catalogue, I18n, Lang, use_i18n};
use crate::web::{speech, storage};

const KEY: &str = "nordau-shift.voice";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Voice {
    Off,
    Swaps,
    All,
}

/// The stored choice; swaps only until someone changes it.
pub fn current() -> Voice {
    match storage::get(KEY).as_deref() {
        Some("off") => Voice::Off,
        Some("all") => Voice::All,
        _ => Voice::Swaps,
    }
}

impl Voice {
    /// Its stored value, also the switch's `data-voice`.
    fn name(self) -> &'static str {
        match self {
            Voice::Off => "off",
            Voice::Swaps => "swaps",
            Voice::All => "all",
        }
    }
}

fn store(voice: Voice) {
    storage::set(KEY, voice.name());
}

/// What the live region just said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum News {
    /// A swap's call (Nordau Shift): spoken unless the voice is off.
    Swap,
    /// A game's end (a flag, a mate, a resignation…): spoken on request.
    End,
    /// The running clock's low-time warning begins: spoken on request.
    LowTime,
}

/// Speaks `text` if the switch allows this kind of news and the phone has a
/// voice for the app's language.
pub fn announce(i18n: &I18n, news: News, text: &str) {
    let wanted = !matches!(
        (current(), news),
        (Voice::Off, _) | (Voice::Swaps, News::End | News::LowTime)
    );
    if wanted && !text.is_empty() {
        speech::say(text, i18n.lang_untracked().tag());
    }
}

pub struct VoiceTexts {
    pub off: &'static str,
    pub swaps: &'static str,
    pub all: &'static str,
    /// The About page's heading.
    pub title: &'static str,
    /// `{langs}`: the languages this phone has a voice for.
    pub can_speak: &'static str,
    pub cannot_speak: &'static str,
}

pub static TEXTS: Catalogue<VoiceTexts> = Catalogue {
    en: &EN,
    ru: &RU,
    he: &HE,
};

static EN: VoiceTexts = VoiceTexts {
    off: "Voice: off",
    swaps: "Voice: swaps",
    all: "Voice: swaps and results",
    title: "Voice",
    can_speak: "The swap is spoken aloud (switch it in a game's menu). This phone can speak: {langs}.",
    cannot_speak: "This phone has no voice for the app's languages: swaps are shown and sounded, not spoken.",
};

static RU: VoiceTexts = VoiceTexts {
    off: "Голос: выкл.",
    swaps: "Голос: смены",
    all: "Голос: смены и итоги",
    title: "Голос",
    can_speak: "Смена мест объявляется вслух (переключается в меню игры). Этот телефон говорит на языках: {langs}.",
    cannot_speak: "На этом телефоне нет голоса для языков приложения: смены показываются и звучат сигналом, но не проговариваются.",
};

static HE: VoiceTexts = VoiceTexts {
    off: "קול: כבוי",
    swaps: "קול: החלפות",
    all: "קול: החלפות ותוצאות",
    title: "קול",
    can_speak: "ההחלפה מוכרזת בקול (אפשר לשנות בתפריט המשחק). הטלפון הזה יכול לדבר: {langs}.",
    cannot_speak: "אין בטלפון הזה קול לשפות של האפליקציה: ההחלפות מוצגות ומושמעות בצליל, בלי דיבור.",
};

/// The languages of the app this phone has a voice for, by their own names.
pub fn speakable() -> Vec<&'static str> {
    Lang::ALL
        .into_iter()
        .filter(|lang| speech::can_speak(lang.tag()))
        .map(|lang| lang.texts().shell.language_name)
        .collect()
}

/// The menu's switch: off → swaps → swaps and results → off.
#[component]
pub fn VoiceSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let voice = RwSignal::new(current());
    view! {
        <button type="button" class="button voice-switch" data-voice=move || voice.get().name()
            on:click=move |_| {
                let next = match voice.get_untracked() {
                    Voice::Off => Voice::Swaps,
                    Voice::Swaps => Voice::All,
                    Voice::All => Voice::Off,
                };
                store(next);
                voice.set(next);
            }>
            {move || {
                let t = i18n.of(&TEXTS);
                match voice.get() {
                    Voice::Off => t.off,
                    Voice::Swaps => t.swaps,
                    Voice::All => t.all,
                }
            }}
        </button>
    }
}
