//! The reveal of a committed draw, as every drawn game shows it at its end
//! (RULES.md "Commitment and draw": the reveal screen carries the words):
//! the commitment, the seed, the setup code and the players' words, a QR code
//! and a link that open the verifier with all of them, and a button that
//! copies that link. Each game adds its title, its explanation and what the
//! draw decided (Nordau Shift's schedule) as children.

use leptos::prelude::*;

use crate::ui::copy_button::CopyButton;

use crate::referee::committed::DrawReveal;
use crate::ui::format;
use crate::ui::i18n::{Catalogue, use_i18n};
use crate::ui::qr::QrCode;
use crate::ui::verifier::verifier_fragment;
use crate::web::absolute_url;

pub struct RevealTexts {
    pub commitment: &'static str,
    pub seed: &'static str,
    pub setup_code: &'static str,
    pub words: &'static str,
    pub verify_qr: &'static str,
    pub open_verifier: &'static str,
    pub copy_link: &'static str,
    pub copied: &'static str,
}

pub static TEXTS: Catalogue<RevealTexts> = Catalogue {
    en: &EN,
    ru: &RU,
    he: &HE,
};

static EN: RevealTexts = RevealTexts {
    commitment: "Commitment",
    seed: "Seed",
    setup_code: "Setup code",
    words: "Players’ words",
    verify_qr: "QR code of the verifier link with the revealed seed",
    open_verifier: "Open in verifier",
    copy_link: "Copy the verifier link",
    copied: "Link copied",
};

static HE: RevealTexts = RevealTexts {
    commitment: "התחייבות",
    seed: "זרע",
    setup_code: "קוד הגדרה",
    words: "מילות השחקנים",
    verify_qr: "קוד QR של קישור האימות עם הזרע שנחשף",
    open_verifier: "פתיחה במאמת",
    copy_link: "העתקת קישור האימות",
    copied: "הקישור הועתק",
};

static RU: RevealTexts = RevealTexts {
    commitment: "Обязательство",
    seed: "Зерно",
    setup_code: "Код настроек",
    words: "Слова игроков",
    verify_qr: "QR-код ссылки на проверку с раскрытым зерном",
    open_verifier: "Открыть в проверке",
    copy_link: "Скопировать ссылку на проверку",
    copied: "Ссылка скопирована",
};

/// The code points of the characters in `word` that print as nothing or as a
/// plain space (a no-break space, an ideographic space, a zero-width joiner),
/// e.g. "U+00A0": such an entry changes the draw, so the screen names it.
pub fn unseen_characters(word: &str) -> Option<String> {
    let unseen: Vec<String> = word
        .chars()
        .filter(|&c| {
            (c.is_whitespace() && c != ' ')
                || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
        })
        .map(|c| format!("U+{:04X}", u32::from(c)))
        .collect();
    (!unseen.is_empty()).then(|| unseen.join(" "))
}

/// The reveal panel: `title` and `explain` are the game's, `names` (if any)
/// are the players as typed, shown above the exact setup code; `children`
/// follow the link (what the draw decided).
#[component]
pub fn RevealPanel(
    #[prop(into)] title: Signal<&'static str>,
    #[prop(into)] explain: Signal<&'static str>,
    reveal: DrawReveal,
    #[prop(optional)] names: Option<String>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let i18n = use_i18n();
    let fragment = verifier_fragment(
        &reveal.commitment_hex,
        &reveal.setup_text,
        Some(&reveal.seed_hex),
        &reveal.words,
    );
    let url = absolute_url(&fragment);
    let link = url.clone();
    let words = reveal.words.clone();
    view! {
        <div class="group reveal">
            <h2 class="card-title">{title}</h2>
            <p class="hint">{explain}</p>
            <dl class="reveal-facts">
                <dt>{i18n.word(|i| i.of(&TEXTS).commitment)}</dt>
                <dd class="hex" data-testid="reveal-commitment">{format::grouped_hex(&reveal.commitment_hex)}</dd>
                <dt>{i18n.word(|i| i.of(&TEXTS).seed)}</dt>
                <dd class="hex" data-testid="reveal-seed">{format::grouped_hex(&reveal.seed_hex)}</dd>
                <dt>{i18n.word(|i| i.of(&TEXTS).setup_code)}</dt>
                <dd>
                    {names.map(|n| view! { <span class="setup-names" data-testid="setup-names">{n}</span> })}
                    <code class="mono setup-code" data-testid="reveal-setup">{reveal.setup_text.clone()}</code>
                </dd>
                {(!words.is_empty()).then(|| view! {
                    <dt>{i18n.word(|i| i.of(&TEXTS).words)}</dt>
                    <dd>
                        // One entry per player, as the verifier reads them (one per line).
                        <ul class="words-list" data-testid="reveal-words">
                            {words.iter().map(|w| view! {
                                <li>
                                    <bdi class="mono word">{w.clone()}</bdi>
                                    {unseen_characters(w).map(|u| view! { " " <small class="word-unseen">{u}</small> })}
                                </li>
                            }).collect_view()}
                        </ul>
                    </dd>
                })}
            </dl>
            <QrCode text=url label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).verify_qr)) class="reveal-qr".to_owned()/>
            <div class="button-row">
                <a class="button" href=fragment data-testid="verify-link">{i18n.word(|i| i.of(&TEXTS).open_verifier)}</a>
                <CopyButton text=move |()| Some(link.clone()) testid="copy-verify-link"
                    label=Signal::derive(i18n.word(|i| i.of(&TEXTS).copy_link)) done=Signal::derive(i18n.word(|i| i.of(&TEXTS).copied))/>
            </div>
            {children.map(|c| c())}
        </div>
    }
}
