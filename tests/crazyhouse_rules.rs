//! One or more tests per Crazyhouse rule of RULES.md (ZH-1…ZH-6) on `CrazyhouseBoard`.
// Native only: these tests use proptest.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::crazyhouse::rules::ZH_PLY_LIMIT;
use nordau_shift::referee::{Colour, CrazyhouseBoard, Pocket, ZhClaim, ZhEnd, ZhMoveError};
use proptest::prelude::*;

fn board(fen: &str) -> CrazyhouseBoard {
    CrazyhouseBoard::from_fen(fen).unwrap_or_else(|| panic!("bad FEN {fen}"))
}

fn play(b: &mut CrazyhouseBoard, moves: &[&str]) {
    for m in moves {
        b.play_text(m)
            .unwrap_or_else(|e| panic!("{e} (after {:?}, FEN {})", b.sans(), b.fen()));
    }
}

fn pawns(n: u8) -> Pocket {
    Pocket {
        pawn: n,
        ..Pocket::default()
    }
}

#[test]
fn zh_1_capture_goes_to_the_capturers_pocket_in_their_colour() {
    let mut b = CrazyhouseBoard::default();
    play(&mut b, &["e4", "d5", "exd5"]);
    assert_eq!(b.pocket(Colour::White), pawns(1));
    assert_eq!(b.pocket(Colour::Black), Pocket::default());
    assert!(b.fen().contains("[P]"), "{}", b.fen());
    play(&mut b, &["Qxd5"]);
    assert_eq!(b.pocket(Colour::Black), pawns(1));
    // The black pawn White took is now a white pawn White can drop.
    play(&mut b, &["P@e4"]);
    assert_eq!(b.pocket(Colour::White), Pocket::default());
    assert!(
        b.fen().starts_with("rnb1kbnr/ppp1pppp/8/3q4/4P3/"),
        "{}",
        b.fen()
    );
    // Pawn drops carry their letter in SAN (`P@e4`), like every other drop.
    assert_eq!(b.sans(), ["e4", "d5", "exd5", "Qxd5", "P@e4"]);
    assert_eq!(b.ucis(), ["e2e4", "d7d5", "e4d5", "d8d5", "P@e4"]);
}

#[test]
fn zh_1_bad_input_is_refused_and_named() {
    let mut b = CrazyhouseBoard::default();
    let before = b.fen();
    assert_eq!(
        b.parse_move("e2e5"),
        Err(ZhMoveError::Illegal("e2e5".into()))
    );
    assert_eq!(
        b.parse_move("hello"),
        Err(ZhMoveError::Unreadable("hello".into()))
    );
    // Empty pocket: no drops.
    assert_eq!(
        b.parse_move("N@e4"),
        Err(ZhMoveError::Illegal("N@e4".into()))
    );
    assert_eq!(
        b.parse_move("K@e4"),
        Err(ZhMoveError::Illegal("K@e4".into()))
    );
    assert!(b.play_text("").is_err());
    assert!(
        b.play_text("Nxf7")
            .unwrap_err()
            .to_string()
            .contains("Nxf7")
    );
    assert_eq!(b.fen(), before);
    assert!(b.sans().is_empty());
}

#[test]
fn zh_1_drop_may_give_check_and_block_check() {
    let mut b = board("4k3/8/8/8/8/8/8/4K3[Rn] w - - 0 1");
    play(&mut b, &["R@e2"]);
    assert!(b.is_check());
    assert_eq!(b.sans(), ["R@e2+"]);
    // A drop that does not block is illegal; one between rook and king blocks.
    assert_eq!(
        b.parse_move("N@a1"),
        Err(ZhMoveError::Illegal("N@a1".into()))
    );
    let legal = b.legal_moves_uci();
    for sq in ["e3", "e4", "e5", "e6", "e7"] {
        assert!(legal.contains(&format!("N@{sq}")), "{legal:?}");
    }
    play(&mut b, &["N@e5"]);
    assert!(!b.is_check());
    assert_eq!(b.pocket(Colour::Black), Pocket::default());
    // A dropped knight gives check itself.
    let mut b = board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    play(&mut b, &["N@d6"]);
    assert!(b.is_check());
    assert_eq!(b.sans(), ["N@d6+"]);
}

#[test]
fn zh_2_no_pawn_drop_on_first_or_last_rank() {
    let b = board("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
    for m in ["P@a1", "P@a8", "P@h8", "P@d1", "a1", "a8"] {
        assert!(b.parse_move(m).is_err(), "{m} accepted");
    }
    let legal = b.legal_moves_uci();
    assert!(legal.contains(&"P@a2".to_string()));
    assert!(legal.contains(&"P@h7".to_string()));
    assert!(
        !legal
            .iter()
            .any(|m| m.starts_with("P@") && (m.ends_with('1') || m.ends_with('8')))
    );
    let mut b = board("4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1");
    for m in ["P@a1", "P@h8"] {
        assert!(b.parse_move(m).is_err(), "{m} accepted for Black");
    }
    play(&mut b, &["P@c2"]);
}

#[test]
fn zh_2_pawn_dropped_on_second_rank_may_step_two() {
    let mut b = board("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
    play(&mut b, &["P@a2", "@h7", "a4", "h5"]);
    assert_eq!(b.ucis(), ["P@a2", "P@h7", "a2a4", "h7h5"]);
    assert!(b.fen().starts_with("4k3/8/8/7p/P7/"), "{}", b.fen());
}

#[test]
fn zh_3_captured_promoted_piece_enters_pocket_as_pawn() {
    let mut b = board("r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
    play(&mut b, &["b8=Q+"]);
    assert!(
        b.fen().contains("Q~"),
        "promotion is remembered: {}",
        b.fen()
    );
    play(&mut b, &["Rxb8"]);
    assert_eq!(b.pocket(Colour::Black), pawns(1));
    // A promoted piece given in the FEN is remembered too.
    let mut b = board("Q~3k3/8/8/8/8/8/r7/4K3[] b - - 0 1");
    play(&mut b, &["Rxa8"]);
    assert_eq!(b.pocket(Colour::Black), pawns(1), "{}", b.fen());
}

#[test]
fn zh_4_dropped_rook_on_corner_does_not_restore_castling() {
    let mut b = board("4k3/8/8/8/8/8/8/R3K2R[R] w KQ - 0 1");
    play(&mut b, &["Rh2", "Kd7", "R@h1", "Ke7"]);
    assert_eq!(b.fen().split(' ').nth(2), Some("Q"), "{}", b.fen());
    assert!(b.parse_move("O-O").is_err());
    assert!(b.parse_move("e1g1").is_err());
    assert!(b.parse_move("O-O-O").is_ok());
}

#[test]
fn zh_5_check_a_drop_can_block_is_not_mate() {
    // Back-rank "mate", but Black holds a knight it can drop between.
    let mut b = board("6k1/5ppp/8/8/8/8/8/R5K1[n] w - - 0 1");
    play(&mut b, &["Ra8+"]);
    assert!(b.is_check());
    assert_eq!(b.automatic_end(), None);
    assert_eq!(b.sans(), ["Ra8+"]);
    assert_eq!(
        b.legal_moves_uci(),
        ["N@b8", "N@c8", "N@d8", "N@e8", "N@f8"]
    );
    play(&mut b, &["N@f8"]);
    assert_eq!(b.automatic_end(), None);
    // The same move with an empty black pocket is mate.
    let mut b = board("6k1/5ppp/8/8/8/8/8/R5K1[] w - - 0 1");
    play(&mut b, &["Ra8#"]);
    assert_eq!(
        b.automatic_end(),
        Some(ZhEnd::Checkmate {
            winner: Colour::White
        })
    );
}

#[test]
fn zh_5_drop_mate_ends_the_game() {
    let mut b = board("6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1");
    play(&mut b, &["R@a8"]);
    assert_eq!(b.sans(), ["R@a8#"]);
    assert_eq!(
        b.automatic_end(),
        Some(ZhEnd::Checkmate {
            winner: Colour::White
        })
    );
    assert!(b.legal_moves_uci().is_empty());
}

#[test]
fn zh_6_bare_kings_are_not_a_draw() {
    // shakmaty's Crazyhouse calls this insufficient material; ZH-6 does not.
    let mut b = board("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert_eq!(b.automatic_end(), None);
    assert!(b.claimable().is_empty());
    play(&mut b, &["Kd2", "Kd7"]);
    assert_eq!(b.automatic_end(), None);
    assert!(!b.legal_moves_uci().is_empty());
    // Trading down to bare kings on the board does not end the game either.
    let mut b = board("4k3/8/8/8/8/8/3r4/4K3[] w - - 0 1");
    play(&mut b, &["Kxd2"]);
    assert_eq!(b.automatic_end(), None);
    assert_eq!(
        b.pocket(Colour::White),
        Pocket {
            rook: 1,
            ..Pocket::default()
        }
    );
}

#[test]
fn zh_6_threefold_needs_equal_pockets() {
    // Same board, same pockets: a king triangle twice makes threefold.
    let start = "4k3/8/8/8/8/8/8/R3K3[nn] b - - 0 1";
    let mut b = board(start);
    let cycle = ["Kd8", "Ke2", "Ke8", "Ke1"];
    play(&mut b, &cycle);
    assert!(b.claimable().is_empty());
    play(&mut b, &cycle);
    assert_eq!(b.repetitions(), 3);
    assert_eq!(b.claimable(), vec![ZhClaim::Threefold]);
    assert_eq!(b.automatic_end(), None);

    // Same board three times, but each time a knight has moved from Black's
    // pocket to White's: [nn], [Nn], [NN] — not a repetition.
    let mut b = board(start);
    let cycle = ["N@a5", "Rxa5", "Kd8", "Ra1", "Kd7", "Ke2", "Ke8", "Ke1"];
    play(&mut b, &cycle);
    play(&mut b, &cycle);
    assert!(
        b.fen().starts_with("4k3/8/8/8/8/8/8/R3K3[NN] b"),
        "{}",
        b.fen()
    );
    assert_eq!(b.repetitions(), 1);
    assert!(b.claimable().is_empty());
}

#[test]
fn zh_6_no_fifty_move_rule() {
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3[] w - - 99 80",
        "4k3/8/8/8/8/8/8/R3K3[] w - - 149 80",
        "4k3/8/8/8/8/8/8/R3K3[] w - - 250 150",
    ] {
        let mut b = board(fen);
        play(&mut b, &["Ra2", "Kd7"]);
        assert_eq!(b.automatic_end(), None, "{fen}");
        assert!(b.claimable().is_empty(), "{fen}");
    }
}

/// ZH-6 counts half-moves in total, so repetition must not end the game first.
/// A knight shuffle from the start position repeats every 4 half-moves and
/// would hit fivefold after 16, so the 600 half-moves are not replayed from
/// move one: the board starts from a FEN whose move number says 295 moves
/// (590 half-moves) were already played (`from_fen` counts plies from it),
/// and the last 10 half-moves are the knight loop. Within those 10 a position
/// occurs at most 3 times, so only the ply limit can end the game.
#[test]
fn zh_6_600_half_moves_end_in_a_draw() {
    let mut b = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 296");
    assert_eq!(b.ply(), 590);
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play(&mut b, &cycle);
    play(&mut b, &cycle);
    play(&mut b, &["Nf3"]);
    assert_eq!(b.ply(), ZH_PLY_LIMIT - 1);
    assert_eq!(b.automatic_end(), None);
    play(&mut b, &["Nf6"]);
    assert_eq!(b.ply(), ZH_PLY_LIMIT);
    assert_eq!(b.repetitions(), 3);
    assert_eq!(b.automatic_end(), Some(ZhEnd::PlyLimit));

    // From the real start the counter begins at 0 and the same loop ends by
    // fivefold repetition instead, long before 600.
    let mut b = CrazyhouseBoard::default();
    for _ in 0..4 {
        play(&mut b, &cycle);
    }
    assert_eq!(b.ply(), 16);
    assert_eq!(b.automatic_end(), Some(ZhEnd::FivefoldRepetition));
}

#[test]
fn zh_6_mate_on_the_600th_half_move_stands() {
    let mut b = board("6k1/8/8/8/8/8/5PPP/6K1[r] b - - 0 300");
    assert_eq!(b.ply(), 599);
    assert_eq!(b.automatic_end(), None);
    play(&mut b, &["R@a1"]);
    assert_eq!(b.ply(), ZH_PLY_LIMIT);
    assert_eq!(
        b.automatic_end(),
        Some(ZhEnd::Checkmate {
            winner: Colour::Black
        })
    );
}

fn material(b: &CrazyhouseBoard) -> u32 {
    b.pieces_on_board() + b.pocket(Colour::White).total() + b.pocket(Colour::Black).total()
}

proptest! {
    /// ZH-1/ZH-3: no piece ever leaves the game; board + pockets is always 32.
    #[test]
    fn zh_material_is_conserved(picks in prop::collection::vec(any::<u32>(), 0..150)) {
        let mut b = CrazyhouseBoard::default();
        prop_assert_eq!(material(&b), 32);
        for pick in picks {
            if b.automatic_end().is_some() {
                break;
            }
            let legal = b.legal_moves_uci();
            prop_assert!(!legal.is_empty());
            let m = &legal[pick as usize % legal.len()];
            let before = b.fen();
            b.play_text(m).map_err(|e| TestCaseError::fail(format!("{e} in {before}")))?;
            prop_assert_eq!(material(&b), 32, "after {:?}: {}", b.ucis(), b.fen());
        }
    }
}

/// ZH-6: repetition also compares which pieces are promoted pawns. Two queens
/// swap places, the promoted one (`~`) and the real one; after 8 half-moves
/// the board looks the same but the marks are swapped, so the start position
/// comes back only every 16 half-moves: threefold after 32, as python-chess
/// and Lichess count it, not after 16.
#[test]
fn zh_6_repetition_compares_promoted_marks() {
    let mut b = board("8/8/8/7k/8/4K3/8/Q~Q6[] w - - 0 1");
    let cycle = [
        "a1a2", "h5h6", "b1a1", "h6h5", "a2b2", "h5h6", "b2b1", "h6h5",
    ];
    play(&mut b, &cycle);
    assert!(
        b.fen().starts_with("8/8/8/7k/8/4K3/8/QQ~6[] w"),
        "{}",
        b.fen()
    );
    assert_eq!(b.repetitions(), 1, "the marks differ from the start");
    play(&mut b, &cycle);
    assert_eq!(b.repetitions(), 2);
    assert!(b.claimable().is_empty(), "no threefold after 16 half-moves");
    play(&mut b, &cycle);
    assert!(b.claimable().is_empty());
    play(&mut b, &cycle);
    assert_eq!(b.ply(), 32);
    assert_eq!(b.repetitions(), 3);
    assert_eq!(b.claimable(), vec![ZhClaim::Threefold]);
    assert_eq!(b.automatic_end(), None);
}
