//! The verifier API the UI's verifier page calls (C-3, NS-11).
// Native only: these tests read files, run Node and use proptest.
#![cfg(not(target_arch = "wasm32"))]

mod nordau_common;

use nordau_common::{NAMES, seed};
use nordau_shift::referee::SetupTextError;
use nordau_shift::referee::commitment::HexError;
use nordau_shift::referee::module::GameModule;
use nordau_shift::referee::nordau::verify::{DEFAULT_REPORT_SHIFTS, verify_n};
use nordau_shift::referee::{Colour, Event, Game, InputMode, Setup, VerifyError, verify};

#[test]
fn c_3_verify_recomputes_a_played_games_schedule() {
    let setup = Setup::standard(NAMES);
    let mut g = Game::new(
        setup.clone(),
        seed(5),
        vec!["Hello".into()],
        InputMode::Clock,
    )
    .unwrap();
    g.apply(0, Event::Start).unwrap();
    for i in 1..=30 {
        g.apply(i * 100, Event::Press).unwrap();
        let _ = g.apply(i * 100 + 50, Event::Seated);
    }
    g.apply(
        10_000,
        Event::Resign {
            seat: Colour::White,
        },
    )
    .unwrap();
    let reveal = g.reveal().unwrap();
    let report = verify(
        &reveal.commitment_hex,
        &reveal.seed_hex,
        &reveal.setup_text,
        &["hello"],
    )
    .unwrap();
    assert_eq!(report.shifts.len(), DEFAULT_REPORT_SHIFTS);
    assert_eq!(report.seating, g.initial_seating());
    assert_eq!(report.key_hex, reveal.key_hex);
    for (shown, revealed) in report.shifts.iter().zip(&reveal.shifts) {
        assert_eq!((shown.length, shown.coin), (revealed.length, revealed.coin));
    }
    for swap in g.swaps() {
        let k = swap.shift as usize;
        assert_eq!(report.shifts[k].coin, swap.coin);
        let end: u32 = report.shifts[..=k].iter().map(|s| s.plies).sum();
        assert_eq!(end, swap.after_ply);
    }
    // Words are normalised; hex has one text only (docs/fairness.md §1.3).
    let shouted = verify_n(
        &reveal.commitment_hex,
        &reveal.seed_hex,
        &reveal.setup_text,
        &["  HELLO "],
        3,
    )
    .unwrap();
    assert_eq!(shouted.shifts[..], report.shifts[..3]);
    assert_eq!(
        verify(
            &format!("  {}\n", reveal.commitment_hex),
            &reveal.seed_hex,
            &reveal.setup_text,
            &["hello"]
        ),
        Err(VerifyError::Commitment(HexError::NotHex { position: 0 }))
    );
    let upper = reveal.seed_hex.to_uppercase();
    let first_letter = upper.find(|c: char| c.is_ascii_uppercase()).unwrap();
    assert_eq!(
        verify(
            &reveal.commitment_hex,
            &upper,
            &reveal.setup_text,
            &["hello"]
        ),
        Err(VerifyError::Seed(HexError::UpperCase {
            position: first_letter
        }))
    );
    assert!(matches!(
        verify(
            &reveal.commitment_hex,
            &reveal.seed_hex,
            &format!("{} ", reveal.setup_text),
            &["hello"]
        ),
        Err(VerifyError::Setup(SetupTextError::BadCharacter {
            found: ' ',
            ..
        }))
    ));
}

#[test]
fn c_3_verify_says_what_is_wrong() {
    let setup = Setup::standard(NAMES);
    let text = setup.to_text();
    let s = hex::encode(seed(1));
    let c = hex::encode(nordau_shift::referee::commitment(&setup, &seed(1)));
    let none: &[&str] = &[];
    assert_eq!(
        verify("xyz", &s, &text, none),
        Err(VerifyError::Commitment(HexError::NotHex { position: 0 }))
    );
    assert_eq!(
        verify(&c[..62], &s, &text, none),
        Err(VerifyError::Commitment(HexError::WrongLength {
            found_digits: 62
        }))
    );
    assert_eq!(
        verify(&c, &format!("{s}00"), &text, none),
        Err(VerifyError::Seed(HexError::WrongLength {
            found_digits: 66
        }))
    );
    assert_eq!(
        verify(&c, &s, "ns1.f.3-6", none),
        Err(VerifyError::Setup(SetupTextError::FieldCount { found: 3 }))
    );
    let other = text.replace("3-6", "3-7");
    let Err(VerifyError::Mismatch { shown, computed }) = verify(&c, &s, &other, none) else {
        panic!("a changed setup must not verify");
    };
    assert_eq!(shown, c);
    assert_ne!(computed, c);
    let mut wrong_seed = seed(1);
    wrong_seed[0] ^= 1;
    assert!(matches!(
        verify(&c, &hex::encode(wrong_seed), &text, none),
        Err(VerifyError::Mismatch { .. })
    ));
    let many: Vec<String> = (0..17).map(|i| i.to_string()).collect();
    assert_eq!(verify(&c, &s, &text, &many), Err(VerifyError::Words));
    assert!(verify(&c, &s, &text, none).is_ok());
    // Messages are readable sentences for the verifier page.
    let msg = verify(&c, &s, &other, none).unwrap_err().to_string();
    assert!(msg.starts_with("MISMATCH"), "{msg}");
}
