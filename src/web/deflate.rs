//! Raw deflate by the browser's own `CompressionStream` (record links,
//! CE-5), so the wasm carries no compressor (what that saves:
//! docs/performance.md). Inflating stays in the referee, which
//! limits what a hostile link may inflate to.

use js_sys::{Array, ArrayBuffer, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, ReadableStream, ReadableWritablePair, Response, WritableStream};

// web-sys has `CompressionStream` only behind `web_sys_unstable_apis`; the
// three members used here, bound directly.
#[wasm_bindgen]
extern "C" {
    type CompressionStream;

    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;

    #[wasm_bindgen(method, getter)]
    fn readable(this: &CompressionStream) -> ReadableStream;

    #[wasm_bindgen(method, getter)]
    fn writable(this: &CompressionStream) -> WritableStream;
}

/// `bytes` deflated (raw deflate, no header), or `None` where the browser
/// cannot (no `CompressionStream` or no "deflate-raw": Safari before 16.4).
pub async fn deflate_raw(bytes: &[u8]) -> Option<Vec<u8>> {
    // First, so a browser without it stops here, before any newer call.
    let compressor = CompressionStream::new("deflate-raw").ok()?;
    let blob = Blob::new_with_u8_array_sequence(&Array::of1(&Uint8Array::from(bytes))).ok()?;
    let pair = ReadableWritablePair::new(&compressor.readable(), &compressor.writable());
    let deflated =
        Response::new_with_opt_readable_stream(Some(&blob.stream().pipe_through(&pair))).ok()?;
    let buffer = JsFuture::from(deflated.array_buffer().ok()?).await.ok()?;
    Some(Uint8Array::new(buffer.dyn_ref::<ArrayBuffer>()?).to_vec())
}
