//! Work split across the browser's tasks, so that no single task blocks input
//! for long (the app's start is the long one: docs/performance.md).
//!
//! `scheduler.postTask` (Chromium, Firefox) starts a new task as soon as the
//! browser has handled what was waiting; where it is missing (WebKit), a
//! message the page posts to itself does nearly the same (Chromium may deliver
//! several messages in one task, so it comes second). Unlike a timer, no
//! nesting clamps either to 4 ms and no fake clock pauses them (the browser
//! tests pause theirs).

use std::cell::RefCell;
use std::collections::VecDeque;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

type Job = Box<dyn FnOnce()>;

/// Hands `job` to `scheduler.postTask`, or gives it back where there is none.
fn post_task(job: Job) -> Option<Job> {
    let scheduler = js_sys::Reflect::get(&js_sys::global(), &"scheduler".into())
        .ok()
        .filter(JsValue::is_object);
    let post = scheduler.as_ref().and_then(|scheduler| {
        js_sys::Reflect::get(scheduler, &"postTask".into())
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()
    });
    let (Some(scheduler), Some(post)) = (scheduler, post) else {
        return Some(job);
    };
    let run = Closure::once_into_js(job); // freed once it has run
    if post.call1(&scheduler, &run).is_err() {
        // Never lose the job: run it now.
        let _ = run
            .unchecked_ref::<js_sys::Function>()
            .call0(&JsValue::NULL);
    }
    None
}

thread_local! {
    static WAITING: RefCell<VecDeque<Job>> = const { RefCell::new(VecDeque::new()) };
    // One channel for the page's lifetime: a port that is dropped may be
    // collected before its message arrives.
    static CHANNEL: Option<web_sys::MessageChannel> = open_channel();
}

fn open_channel() -> Option<web_sys::MessageChannel> {
    let channel = web_sys::MessageChannel::new().ok()?;
    let on_message = Closure::<dyn Fn()>::new(run_one);
    channel
        .port1()
        .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget(); // lives as long as the page
    Some(channel)
}

/// One message, one job: jobs run in the order they were queued.
fn run_one() {
    let job = WAITING.with(|waiting| waiting.borrow_mut().pop_front());
    if let Some(job) = job {
        job();
    }
}

/// Runs `job` in a task of its own, after the current one ends (and its
/// microtasks, so Leptos has drawn what the current task changed). Without a
/// message channel it runs at once.
pub fn next_task(job: impl FnOnce() + 'static) {
    let Some(job) = post_task(Box::new(job)) else {
        return;
    };
    WAITING.with(|waiting| waiting.borrow_mut().push_back(job));
    let posted = CHANNEL.with(|channel| {
        channel
            .as_ref()
            .is_some_and(|channel| channel.port2().post_message(&JsValue::NULL).is_ok())
    });
    if !posted {
        let job = WAITING.with(|waiting| waiting.borrow_mut().pop_back());
        if let Some(job) = job {
            job();
        }
    }
}
