//! Speech (Web Speech `speechSynthesis`): the phone's installed voices, which
//! work offline. Only through `Reflect`, so the app carries no web-sys
//! bindings for it; a browser without it, or without a voice for the
//! language, stays silent.

use js_sys::Reflect;
use wasm_bindgen::{JsCast, JsValue};

use super::device::call;

fn synthesis() -> Option<JsValue> {
    let window = web_sys::window()?;
    Reflect::get(&window, &"speechSynthesis".into())
        .ok()
        .filter(|s| !s.is_undefined() && !s.is_null())
}

/// The primary subtags a voice's `lang` may carry for `tag` (Android's
/// older voices call Hebrew `iw`).
fn matches(voice_lang: &str, tag: &str) -> bool {
    let primary = voice_lang
        .split(['-', '_'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    primary == tag || (tag == "he" && primary == "iw")
}

/// The installed voice for the language `tag` (`en`, `ru`, `he`), if any.
fn voice_for(synthesis: &JsValue, tag: &str) -> Option<JsValue> {
    let voices: js_sys::Array = call(synthesis, "getVoices", &[])?.dyn_into().ok()?;
    voices.iter().find(|voice| {
        Reflect::get(voice, &"lang".into())
            .ok()
            .and_then(|l| l.as_string())
            .is_some_and(|l| matches(&l, tag))
    })
}

/// Whether this phone has a voice for the language `tag`.
pub fn can_speak(tag: &str) -> bool {
    synthesis().is_some_and(|s| voice_for(&s, tag).is_some())
}

/// Says `text` in the language `tag` with that language's voice, cutting off
/// whatever was being said (the newest news matters); silent without one.
pub fn say(text: &str, tag: &str) {
    let Some(synthesis) = synthesis() else {
        return;
    };
    let Some(voice) = voice_for(&synthesis, tag) else {
        return;
    };
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(constructor) = Reflect::get(&window, &"SpeechSynthesisUtterance".into())
        .and_then(|c| c.dyn_into::<js_sys::Function>())
    else {
        return;
    };
    let args = js_sys::Array::of1(&JsValue::from_str(text));
    let Ok(utterance) = Reflect::construct(&constructor, &args) else {
        return;
    };
    let lang = Reflect::get(&voice, &"lang".into()).unwrap_or_else(|_| tag.into());
    let _ = Reflect::set(&utterance, &"lang".into(), &lang);
    let _ = Reflect::set(&utterance, &"voice".into(), &voice);
    call(&synthesis, "cancel", &[]);
    call(&synthesis, "speak", &[utterance]);
}
