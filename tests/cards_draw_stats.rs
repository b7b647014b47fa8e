//! C-3, CS-8 statistics: over 100 000 fixed seeds the blind stacks are
//! uniform over the 20 orders of three Yes and three No. Chi-square with the
//! threshold at p = 0.001 (the seeds are fixed, so the outcome is
//! deterministic and was checked once), in the style of
//! tests/nordau_draw_stats.rs.
#![cfg(all(feature = "cards", not(target_arch = "wasm32")))]

use nordau_shift::referee::cards::{BlindStacks, Stack};
use std::collections::BTreeMap;

const SEEDS: u64 = 100_000;

fn seed(i: u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&i.to_le_bytes());
    s[8..16].copy_from_slice(b"cards-v1");
    s
}

fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// Chi-square at p = 0.001 with 19 degrees of freedom (20 orders), and with
/// 5 (the first card's position among six, below).
const CRITICAL_19: f64 = 43.820;
const CRITICAL_5: f64 = 20.515;

#[test]
fn cs_8_the_20_stack_orders_are_uniform_over_100000_seeds() {
    let orders: Vec<String> = Stack::all().iter().map(Stack::to_text).collect();
    let mut first = BTreeMap::new();
    let mut later = BTreeMap::new();
    // Where the first Yes lies (0..=3) in each stack, pooled: a cheap check
    // of positions; and the Yes count per position (each must be 1/2).
    let mut yes_at = [0u64; 6];
    for i in 0..SEEDS {
        let mut deal = BlindStacks::new(&seed(i));
        *first.entry(deal.stack(0).to_text()).or_insert(0u64) += 1;
        let s = deal.stack(3).to_text();
        for (p, c) in s.chars().enumerate() {
            if c == 'Y' {
                yes_at[p] += 1;
            }
        }
        *later.entry(s).or_insert(0u64) += 1;
    }
    for (what, counts) in [("stack 0", &first), ("stack 3", &later)] {
        assert_eq!(counts.len(), 20, "{what}: every order occurs");
        assert!(counts.keys().all(|k| orders.contains(k)));
        let c: Vec<u64> = counts.values().copied().collect();
        let x2 = chi_square(&c);
        assert!(
            x2 < CRITICAL_19,
            "{what}: chi-square {x2:.2} >= {CRITICAL_19} (df 19), {counts:?}"
        );
    }
    let x2 = chi_square(&yes_at);
    assert!(x2 < CRITICAL_5, "Yes by position: {x2:.2}, {yes_at:?}");
}

#[test]
fn cs_8_the_test_catches_a_biased_shuffle() {
    // A naive shuffle (j = uniform over all six every time) is biased over
    // the 20 orders; the same threshold catches it.
    use nordau_shift::referee::draw::{DrawStream, STREAM_CARD_ORDER};
    let mut counts = BTreeMap::new();
    for i in 0..SEEDS {
        let mut s = DrawStream::new(&seed(i), STREAM_CARD_ORDER);
        let mut c = *b"YYYNNN";
        for k in 0..6 {
            let j = s.uniform(6) as usize;
            c.swap(k, j);
        }
        *counts.entry(c).or_insert(0u64) += 1;
    }
    let c: Vec<u64> = counts.values().copied().collect();
    assert!(chi_square(&c) > CRITICAL_19, "{counts:?}");
}
