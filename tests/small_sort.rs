//! The referee's small sort gives what the standard library's stable sort
//! gives (the order of legal-move lists and of tonight's people depends on it:
//! CE-2's proposal keeps drawn ties in their drawn order).
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::small_sort;
use proptest::prelude::*;

proptest! {
    #[test]
    fn sort_by_key_is_std_stable_sort(items in proptest::collection::vec((0u8..6, any::<u16>()), 0..80)) {
        let mut ours = items.clone();
        let mut std = items;
        // Key on the first field only: equal keys must keep their order.
        small_sort::sort_by_key(&mut ours, |(k, _)| *k);
        std.sort_by_key(|(k, _)| *k);
        prop_assert_eq!(ours, std);
    }

    #[test]
    fn sort_is_std_sort(items in proptest::collection::vec("[a-h][1-8][a-h][1-8][qrbn]?", 0..60)) {
        let mut ours = items.clone();
        let mut std = items;
        small_sort::sort(&mut ours);
        std.sort();
        prop_assert_eq!(ours, std);
    }
}
