//! The seed at rest (docs/fairness.md "Threat model"): the table's secret seed
//! is stored AES-GCM-encrypted under a non-extractable WebCrypto key that lives
//! in IndexedDB, so neither Local Storage nor a downloaded save shows it before
//! the reveal. Where WebCrypto or IndexedDB is missing, [`seal`] returns `None`
//! and the caller stores the seed readable, and says so.

use std::cell::RefCell;

use crate::referee::secret::SecretAtRest;
use js_sys::{Array, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CryptoKey, IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransactionMode};

const DB: &str = "nordau-shift-vault";
const STORE: &str = "keys";
const KEY_ID: &str = "seed-key-v1";
/// Sealed text: `aesgcm1.<iv hex>.<ciphertext and tag hex>` (`referee::secret`).
const PREFIX: &str = crate::referee::secret::SEALED_PREFIX;

thread_local! {
    static KEY: RefCell<Option<CryptoKey>> = const { RefCell::new(None) };
}

/// The seed encrypted for storage, or `None` where this browser cannot.
pub async fn seal(seed: &[u8; 32]) -> Option<String> {
    let key = key(true).await.ok()?;
    let mut iv = [0u8; 12];
    crypto()?.get_random_values_with_u8_array(&mut iv).ok()?;
    let sealed = subtle()?
        .encrypt_with_object_and_u8_array(&algorithm(&iv), &key, seed)
        .ok()?;
    let bytes = Uint8Array::new(&JsFuture::from(sealed).await.ok()?).to_vec();
    Some(format!(
        "{PREFIX}.{}.{}",
        hex::encode(iv),
        hex::encode(bytes)
    ))
}

/// The seed back from [`seal`]'s text; `None` if the key is gone or the text
/// was altered (AES-GCM authenticates it).
pub async fn unseal(text: &str) -> Option<[u8; 32]> {
    let mut parts = text.split('.');
    let (Some(PREFIX), Some(iv), Some(data), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let (iv, data) = (hex::decode(iv).ok()?, hex::decode(data).ok()?);
    let key = key(false).await.ok()?;
    let plain = subtle()?
        .decrypt_with_object_and_u8_array(&algorithm(&iv), &key, &data)
        .ok()?;
    Uint8Array::new(&JsFuture::from(plain).await.ok()?)
        .to_vec()
        .try_into()
        .ok()
}

/// `secret` at rest (`referee::secret`): sealed where this browser can, else
/// readable (the caller says so).
pub async fn seal_secret(secret: &[u8; 32]) -> SecretAtRest {
    match seal(secret).await {
        Some(text) => SecretAtRest::Sealed(text),
        None => SecretAtRest::Plain(*secret),
    }
}

/// The secret back; `None` if it is sealed and does not open here.
pub async fn open_secret(secret: &SecretAtRest) -> Option<[u8; 32]> {
    match secret {
        SecretAtRest::Sealed(text) => unseal(text).await,
        SecretAtRest::Plain(secret) => Some(*secret),
    }
}

fn crypto() -> Option<web_sys::Crypto> {
    web_sys::window()?.crypto().ok()
}

fn subtle() -> Option<web_sys::SubtleCrypto> {
    // `crypto.subtle` is undefined outside secure contexts.
    let crypto = crypto()?;
    Reflect::get(&crypto, &"subtle".into())
        .ok()?
        .dyn_into()
        .ok()
}

fn object(entries: &[(&str, JsValue)]) -> Object {
    let o = Object::new();
    for (name, value) in entries {
        let _ = Reflect::set(&o, &(*name).into(), value);
    }
    o
}

fn algorithm(iv: &[u8]) -> Object {
    object(&[
        ("name", "AES-GCM".into()),
        ("iv", Uint8Array::from(iv).into()),
    ])
}

/// The IndexedDB request's result, once it succeeds.
async fn done(request: &IdbRequest) -> Result<JsValue, JsValue> {
    let request = request.clone();
    let promise = Promise::new(&mut |resolve, reject| {
        let ok = request.clone();
        let on_success = Closure::once_into_js(move || {
            let _ = resolve.call1(&JsValue::NULL, &ok.result().unwrap_or(JsValue::UNDEFINED));
        });
        let on_error = Closure::once_into_js(move || {
            let _ = reject.call0(&JsValue::NULL);
        });
        request.set_onsuccess(Some(on_success.unchecked_ref()));
        request.set_onerror(Some(on_error.unchecked_ref()));
    });
    JsFuture::from(promise).await
}

async fn open() -> Result<IdbDatabase, JsValue> {
    let factory = web_sys::window()
        .ok_or(JsValue::NULL)?
        .indexed_db()?
        .ok_or(JsValue::NULL)?;
    let request: IdbOpenDbRequest = factory.open_with_u32(DB, 1)?;
    let upgrading = request.clone();
    let on_upgrade = Closure::once_into_js(move || {
        if let Ok(db) = upgrading
            .result()
            .and_then(|db| db.dyn_into::<IdbDatabase>())
        {
            let _ = db.create_object_store(STORE);
        }
    });
    request.set_onupgradeneeded(Some(on_upgrade.unchecked_ref()));
    done(&request).await?.dyn_into()
}

async fn stored_key(db: &IdbDatabase) -> Result<Option<CryptoKey>, JsValue> {
    let store = db.transaction_with_str(STORE)?.object_store(STORE)?;
    Ok(done(&store.get(&KEY_ID.into())?).await?.dyn_into().ok())
}

/// The device's key: cached, read from IndexedDB, or (when `create`) made
/// non-extractable and stored there.
async fn key(create: bool) -> Result<CryptoKey, JsValue> {
    if let Some(key) = KEY.with(|k| k.borrow().clone()) {
        return Ok(key);
    }
    let db = open().await?;
    let key = match stored_key(&db).await? {
        Some(key) => key,
        None if create => {
            let usages = Array::of2(&"encrypt".into(), &"decrypt".into());
            let spec = object(&[("name", "AES-GCM".into()), ("length", 256.into())]);
            let made = subtle()
                .ok_or(JsValue::NULL)?
                .generate_key_with_object(&spec, false, &usages)?;
            let made: CryptoKey = JsFuture::from(made).await?.dyn_into()?;
            let store = db
                .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)?
                .object_store(STORE)?;
            // `add`, not `put`: if another tab stored a key meanwhile, use that one.
            match done(&store.add_with_key(&made, &KEY_ID.into())?).await {
                Ok(_) => made,
                Err(_) => stored_key(&db).await?.ok_or(JsValue::NULL)?,
            }
        }
        None => return Err(JsValue::NULL),
    };
    KEY.with(|k| *k.borrow_mut() = Some(key.clone()));
    Ok(key)
}
