//! Sorting for the short lists the referee sorts: a position's legal moves
//! (at most 218), tonight's people (tens). A stable insertion sort: the
//! standard library's sorts are faster on long lists but cost 3–4 kB of wasm
//! for every element type and order they are used with (four of them cost
//! about 15 kB of code); this costs a few hundred bytes each. Same result as
//! `slice::sort_by_key` (stable), checked against it in `tests/small_sort.rs`.

/// Sorts `items` by `key`, keeping equal keys in their order.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    insertion_sort(items, |a, b| key(a) > key(b));
}

/// Sorts `items` in their own order.
pub fn sort<T: Ord>(items: &mut [T]) {
    insertion_sort(items, |a, b| a > b);
}

/// Moves each item back past those it must follow (`after(earlier, item)`);
/// never past an equal one, so the sort is stable.
fn insertion_sort<T>(items: &mut [T], mut after: impl FnMut(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && after(&items[j - 1], &items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}
