//! The card-series duel's rules (CS-1…CS-9, C-1, C-2, C-4), played through
//! the referee without any UI. Test names cite the rule ids.
#![cfg(all(feature = "cards", not(target_arch = "wasm32")))]

use nordau_shift::referee::cards::{
    BlindStacks, Card, CardsBoard, CsBoardEnd, CsClock, CsError, CsEvent, CsGame, CsPhase,
    CsReason, CsReport, CsSetup, SeriesEnd, Stack, StackError, StackSource, TurnView,
    cs_commitment, cs_from_pgn, cs_to_pgn, cs_verify,
};
use nordau_shift::referee::chess_clock::ClockError;
use nordau_shift::referee::chessboard::MoveError;
use nordau_shift::referee::commitment::stream_key;
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::pgn::recorded_draw;
use nordau_shift::referee::{Colour, DrawClaim, InputMode, Outcome, PgnInfo};

const W: Colour = Colour::White;
const B: Colour = Colour::Black;

fn stack(s: &str) -> Stack {
    Stack::from_text(s).unwrap()
}

fn setup(mode: InputMode, stacks: StackSource) -> CsSetup {
    CsSetup::new("Anna", "Boris", mode, stacks).with_clock(CsClock::fischer(300_000, 2_000))
}

/// A board-mode game with secret stacks, White's first stack set, started at 0.
fn board_game(first: &str) -> CsGame {
    let mut g = CsGame::new(setup(InputMode::Board, StackSource::Secret)).unwrap();
    g.apply(
        0,
        CsEvent::SetStack {
            stack: stack(first),
        },
    )
    .unwrap();
    g.apply(0, CsEvent::Start).unwrap();
    g
}

/// Plays `moves` one second apart from `t`; returns the time of the last.
fn play(g: &mut CsGame, t: u64, moves: &[&str]) -> u64 {
    let mut t = t;
    for m in moves {
        t += 1_000;
        g.apply(t, CsEvent::Move { mv: (*m).into() })
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    t
}

fn set(g: &mut CsGame, t: u64, s: &str) {
    g.apply(t, CsEvent::SetStack { stack: stack(s) }).unwrap();
}

#[test]
fn cs_2_white_starts_and_series_of_six_alternate() {
    let mut g = CsGame::new(setup(InputMode::Board, StackSource::Secret)).unwrap();
    assert_eq!(
        g.view(0).phase,
        CsPhase::AwaitingStack { mover: W },
        "Black arranges White's first stack"
    );
    assert_eq!(
        g.apply(0, CsEvent::Start),
        Err(CsError::StackNeeded { mover: W })
    );
    set(&mut g, 0, "YYYNNN");
    assert_eq!(g.view(0).phase, CsPhase::AwaitingStart);
    assert_eq!(
        g.apply(0, CsEvent::Move { mv: "e4".into() }),
        Err(CsError::NotStarted)
    );
    g.apply(0, CsEvent::Start).unwrap();
    let t = play(&mut g, 0, &["e4", "d4", "Nf3"]);
    assert_eq!(g.view(t).side_to_move, W, "CS-9: still White's series");
    let t = play(&mut g, t, &["Bc4", "Bb5", "Be2"]);
    let v = g.view(t);
    assert_eq!(v.phase, CsPhase::AwaitingStack { mover: B });
    let s = v.series.unwrap();
    assert_eq!(s.end, Some(SeriesEnd::Complete));
    assert_eq!(
        s.stack.as_deref(),
        Some("YYYNNN"),
        "a spent stack is public"
    );
    assert_eq!(
        g.apply(t, CsEvent::Move { mv: "e5".into() }),
        Err(CsError::StackNeeded { mover: B })
    );
    set(&mut g, t, "NYNYNY");
    assert_eq!(g.view(t).side_to_move, B);
    assert_eq!(g.board().unwrap().turn(), B);
    let t = play(&mut g, t, &["e5", "e6", "d6", "Nc6", "a6", "h6"]);
    let v = g.view(t);
    assert_eq!(v.phase, CsPhase::AwaitingStack { mover: W });
    assert_eq!(v.series_count, 2);
    assert!(
        v.fen
            .unwrap()
            .starts_with("r1bqkbnr/pppp1pp1/2n1p2p/8/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq -")
    );
}

#[test]
fn cs_3_a_stack_holds_three_yes_and_three_no() {
    assert_eq!(Stack::from_text("YYYYNN"), Err(StackError::Mix { yes: 4 }));
    assert_eq!(Stack::from_text("NNNNNN"), Err(StackError::Mix { yes: 0 }));
    assert_eq!(
        Stack::from_text("YYYNN"),
        Err(StackError::Length { found: 5 })
    );
    assert!(Stack::new([Card::Yes; 6]).is_err());
    // A log with a bad stack is refused, not repaired.
    let mut g = board_game("YNYNYN");
    play(&mut g, 0, &["e4"]);
    let bad = g.to_json().replace("YNYNYN", "YYYYYN");
    assert!(CsGame::from_json(&bad).is_err());
}

#[test]
fn cs_3_a_no_card_takes_the_move_back() {
    let mut g = board_game("NYYYNN");
    let before = g.view(0).fen;
    let t = play(&mut g, 0, &["e4"]);
    let v = g.view(t);
    assert_eq!(v.fen, before, "the piece returns");
    let s = v.series.unwrap();
    assert_eq!(s.attempts[0].card, Card::No);
    assert_eq!(s.attempts[0].text.as_deref(), Some("e4"));
    assert_eq!(s.cards_left, 5);
    assert_eq!(s.refused(), vec![Some("e4".to_owned())]);
    assert!(g.board().unwrap().moves().is_empty());
}

#[test]
fn cs_4_a_refused_move_is_forbidden_only_within_its_series() {
    let mut g = board_game("NYYYNN");
    let t = play(&mut g, 0, &["e4"]);
    let v = g.view(t);
    assert_eq!(v.forbidden_uci, ["e2e4"]);
    assert!(!v.legal_moves_uci.contains(&"e2e4".to_owned()));
    assert_eq!(
        g.apply(t + 1, CsEvent::Move { mv: "e2e4".into() }),
        Err(CsError::Forbidden { san: "e4".into() })
    );
    // Nothing was turned by the refused attempt.
    assert_eq!(g.view(t + 1).series.unwrap().cards_left, 5);
    let t = play(&mut g, t, &["d4", "Nf3", "c4", "Nc3", "b3"]);
    set(&mut g, t, "YYYNNN");
    let t = play(&mut g, t, &["e5", "Nc6", "Nf6", "a6", "a5", "h6"]);
    set(&mut g, t, "YYYNNN");
    // A later series may play it.
    assert!(g.view(t).legal_moves_uci.contains(&"e2e4".to_owned()));
    play(&mut g, t, &["e4"]);
    assert_eq!(g.board().unwrap().moves().last().unwrap().san, "e4");
}

#[test]
fn cs_4_the_same_move_is_the_same_piece_between_the_same_squares() {
    // The reproduction of issue #21: stack YNYYNN, 1.e4 (Yes) Be2 (No)
    // Bc4 (Yes) Kf1 (Yes); the king's f1–e2 is another move than the
    // refused bishop's f1–e2.
    let mut g = board_game("YNYYNN");
    let t = play(&mut g, 0, &["e4", "Be2", "Bc4", "Kf1"]);
    let v = g.view(t);
    assert_eq!(v.forbidden_uci, ["f1e2"], "the refused Be2, as attempted");
    assert!(
        v.legal_moves_uci.contains(&"f1e2".to_owned()),
        "Ke2 is offered"
    );
    let t = play(&mut g, t, &["Ke2"]);
    assert_eq!(g.view(t).series.unwrap().cards_left, 1);
    // The same piece type between the same squares is the same move, also
    // after the piece went away and came back: Nf3 refused, Ne2, Ng1, and
    // Nf3 is still refused in this series.
    let mut g = board_game("YNYYNN");
    let t = play(&mut g, 0, &["e4", "Nf3", "Ne2", "Ng1"]);
    assert!(!g.view(t).legal_moves_uci.contains(&"g1f3".to_owned()));
    assert_eq!(
        g.apply(t + 1, CsEvent::Move { mv: "Nf3".into() }),
        Err(CsError::Forbidden { san: "Nf3".into() })
    );
}

#[test]
fn cs_5_a_series_turns_all_six_cards_and_the_same_piece_may_move_again() {
    let mut g = board_game("YNYNYN");
    let t = play(&mut g, 0, &["Nf3", "Ng5", "Ng1", "Nc3", "Nf3", "Nh4"]);
    let sans: Vec<&str> = g
        .board()
        .unwrap()
        .moves()
        .iter()
        .map(|m| m.san.as_str())
        .collect();
    assert_eq!(sans, ["Nf3", "Ng1", "Nf3"]);
    let s = g.view(t).series.unwrap();
    assert_eq!(s.attempts.len(), 6);
    assert_eq!(s.cards_left, 0);
}

#[test]
fn cs_6_an_accepted_check_ends_the_series_and_the_reply_has_no_card() {
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["e4", "Qh5", "Qxf7+"]);
    let v = g.view(t);
    assert_eq!(v.phase, CsPhase::Reply);
    assert_eq!(v.side_to_move, B);
    assert!(v.in_check);
    let s = v.series.as_ref().unwrap();
    assert_eq!(s.end, Some(SeriesEnd::Check));
    assert_eq!(s.cards_left, 3, "the rest of the series is forfeited");
    assert!(s.attempts[2].check);
    assert_eq!(v.running, Some(B), "the checked player's clock runs");
    // The reply: one move, no card; then the defender arranges the
    // attacker's fresh stack on the defender's own clock.
    let t = play(&mut g, t, &["Kxf7"]);
    let v = g.view(t);
    assert_eq!(v.phase, CsPhase::AwaitingStack { mover: W });
    assert_eq!(v.running, Some(B));
    assert_eq!(v.series_count, 1);
    set(&mut g, t + 500, "NNNYYY");
    let v = g.view(t + 500);
    assert_eq!(v.phase, CsPhase::Series);
    assert_eq!(v.side_to_move, W);
    assert_eq!(v.running, Some(W));
    assert_eq!(v.series.unwrap().number, 2);
    match &g.history()[1] {
        TurnView::Reply(r) => {
            assert_eq!(r.colour, B);
            assert_eq!(r.text.as_deref(), Some("Kxf7"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cs_7_a_game_ended_in_blacks_series_shows_black_to_move() {
    // Issue #21, 11: Black resigns (or a flag falls) during Black's own
    // series; the board is Black's to move, and so is the view.
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["e4", "d4", "Nf3", "c4", "Nc3", "b3"]);
    set(&mut g, t, "YYYNNN");
    let t = play(&mut g, t, &["e5"]);
    assert_eq!(g.view(t).side_to_move, B);
    g.apply(t + 1, CsEvent::Resign { colour: B }).unwrap();
    let v = g.view(t + 1);
    assert_eq!(v.phase, CsPhase::Over);
    assert_eq!(v.side_to_move, B, "the board's side to move");
    assert!(v.fen.unwrap().contains(" b "));
    // A mate: the mated side is to move, in check.
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["f3", "g4", "a3", "a4", "h3", "b3"]);
    set(&mut g, t, "YYYNNN");
    let t = play(&mut g, t, &["e5", "Qh4#"]);
    let v = g.view(t);
    assert_eq!(v.phase, CsPhase::Over);
    assert_eq!((v.side_to_move, v.in_check), (W, true));
}

#[test]
fn cs_9_a_no_card_rejects_a_checking_move_before_its_check_counts() {
    let mut g = board_game("YYNYNN");
    let t = play(&mut g, 0, &["e4", "Qh5", "Qxf7+"]);
    let v = g.view(t);
    assert_eq!(
        v.phase,
        CsPhase::Series,
        "no check counted: the series goes on"
    );
    assert_eq!(v.side_to_move, W);
    assert!(!v.in_check);
    let s = v.series.unwrap();
    assert!(!s.attempts[2].check);
    assert_eq!(s.cards_left, 3);
    assert_eq!(
        g.apply(t + 1, CsEvent::Move { mv: "Qxf7+".into() }),
        Err(CsError::Forbidden {
            san: "Qxf7+".into()
        })
    );
}

#[test]
fn cs_7_an_accepted_mate_ends_the_game() {
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["f3", "g4", "a3", "h3", "h4", "b3"]);
    set(&mut g, t, "YNYNNY");
    let t = play(&mut g, t, &["e5", "a6", "Qh4#"]);
    let r = g.result().unwrap();
    assert_eq!(r.outcome, Outcome::Win(B));
    assert_eq!(r.reason, CsReason::Checkmate);
    assert_eq!(g.view(t).phase, CsPhase::Over);
    assert_eq!(g.view(t).series.unwrap().end, Some(SeriesEnd::Check));
    assert!(g.apply(t + 1, CsEvent::Move { mv: "a4".into() }).is_err());
}

#[test]
fn cs_7_a_mate_refused_by_a_no_card_is_no_mate() {
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["f3", "g4", "a3", "h3", "h4", "b3"]);
    set(&mut g, t, "YNNYYN");
    let t = play(&mut g, t, &["e5", "Qh4#"]);
    assert!(g.result().is_none());
    assert_eq!(g.view(t).side_to_move, B);
    assert_eq!(g.view(t).forbidden_uci, ["d8h4"]);
}

#[test]
fn cs_7_stalemate_made_only_of_forbidden_moves() {
    // White: king h1 and a blocked pawn; the king has two squares.
    let b = CardsBoard::from_fen("7k/8/8/8/8/p7/P5r1/7K w - - 0 1").unwrap();
    let mut legal = b.legal_moves_uci();
    legal.sort();
    assert_eq!(legal, ["h1g2"], "Kxg2 is the only move");
    assert_eq!(b.automatic_end(&[]), None);
    assert_eq!(
        b.automatic_end(&["kh1g2".to_owned()]),
        Some(CsBoardEnd::ForbiddenStalemate)
    );
    // CS-4: a refused move of another piece between the same squares forbids nothing.
    assert_eq!(b.automatic_end(&["rh1g2".to_owned()]), None);
    // Literal (Interpretation): in check with every escape refused, too.
    let b = CardsBoard::from_fen("7k/8/8/8/8/8/6q1/7K w - - 0 1").unwrap();
    assert!(b.is_check());
    assert_eq!(b.legal_moves_uci(), ["h1g2"]);
    assert_eq!(
        b.automatic_end(&["kh1g2".to_owned()]),
        Some(CsBoardEnd::ForbiddenStalemate)
    );
    // Without forbidden moves the usual ends apply.
    let mate = CardsBoard::from_fen("7k/8/8/8/8/8/6qr/7K w - - 0 1").unwrap();
    assert_eq!(
        mate.automatic_end(&[]),
        Some(CsBoardEnd::Checkmate { winner: B })
    );
    let stale = CardsBoard::from_fen("7k/8/8/8/8/6q1/8/7K w - - 0 1").unwrap();
    assert_eq!(stale.automatic_end(&[]), Some(CsBoardEnd::Stalemate));
}

/// White: e4, e5, a3 stand; Black's series then ends with `black`'s moves.
fn before_en_passant(black_stack: &str, black: &[&str]) -> (CsGame, u64) {
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["e4", "e5", "a3", "h3", "h4", "b3"]);
    set(&mut g, t, black_stack);
    let t = play(&mut g, t, black);
    (g, t)
}

#[test]
fn cs_9_en_passant_on_the_first_series_move_after_the_double_step() {
    let (mut g, t) = before_en_passant("NNNYYY", &["h6", "h5", "g6", "a6", "b6", "d5"]);
    set(&mut g, t, "YYYNNN");
    assert!(g.view(t).legal_moves_uci.contains(&"e5d6".to_owned()));
    play(&mut g, t, &["exd6"]);
    assert_eq!(g.board().unwrap().moves().last().unwrap().san, "exd6");
}

#[test]
fn cs_9_en_passant_is_lost_after_the_first_series_move() {
    let (mut g, t) = before_en_passant("NNNYYY", &["h6", "h5", "g6", "a6", "b6", "d5"]);
    set(&mut g, t, "YYYNNN");
    let t = play(&mut g, t, &["a4"]);
    assert!(!g.view(t).legal_moves_uci.contains(&"e5d6".to_owned()));
    assert!(matches!(
        g.apply(t + 1, CsEvent::Move { mv: "exd6".into() }),
        Err(CsError::Move {
            error: MoveError::Illegal,
            ..
        })
    ));
}

#[test]
fn cs_9_a_refused_move_spends_no_en_passant_right() {
    let (mut g, t) = before_en_passant("NNNYYY", &["h6", "h5", "g6", "a6", "b6", "d5"]);
    set(&mut g, t, "NYYYNN");
    let t = play(&mut g, t, &["a4"]);
    assert!(g.view(t).legal_moves_uci.contains(&"e5d6".to_owned()));
    play(&mut g, t, &["exd6"]);
}

#[test]
fn cs_9_a_double_step_inside_a_series_is_not_capturable_later() {
    // Black's d5 stands first, then Black moves on: White's series cannot take it.
    let (mut g, t) = before_en_passant("YYYNNN", &["d5", "a6", "b6", "h6", "h5", "g6"]);
    set(&mut g, t, "YYYNNN");
    assert!(!g.view(t).legal_moves_uci.contains(&"e5d6".to_owned()));
}

#[test]
fn cs_9_the_movers_clock_runs_through_the_series_and_a_refusal_gives_no_time_back() {
    let mut g = board_game("NYNYNY");
    play(&mut g, 0, &["e4", "d4", "Nf3", "c4", "Nc3", "b3"]);
    // Six seconds on White's clock; the pressing arranger (White) pays for
    // arranging Black's stack too, then gets one increment.
    let v = g.view(6_000);
    assert_eq!(v.remaining_ms, Some([294_000, 300_000]));
    assert_eq!(v.running, Some(W));
    set(&mut g, 9_000, "YYYNNN");
    let v = g.view(10_000);
    assert_eq!(v.remaining_ms, Some([291_000 + 2_000, 299_000]));
    assert_eq!(v.running, Some(B));
}

#[test]
fn cs_8_blind_stacks_come_from_the_committed_seed() {
    let seed = [7u8; 32];
    let words = ["blue whale"];
    let s = setup(InputMode::Board, StackSource::Blind);
    assert_eq!(
        CsGame::new(s.clone()).err(),
        Some(CsError::WrongConstructor)
    );
    let mut g = CsGame::new_blind(s.clone(), seed, &words).unwrap();
    let commitment = hex::encode(cs_commitment(&s, &seed));
    assert_eq!(
        g.view(0).commitment_hex.as_deref(),
        Some(commitment.as_str())
    );
    assert_eq!(g.view(0).phase, CsPhase::AwaitingStart);
    assert_eq!(
        g.apply(
            0,
            CsEvent::SetStack {
                stack: stack("YYYNNN")
            }
        ),
        Err(CsError::BlindStacks)
    );
    g.apply(0, CsEvent::Start).unwrap();
    let mut deal = BlindStacks::new(&stream_key(&seed, &words));
    let mut t = 0;
    // Play three series; each turns the dealt stack in order.
    for k in 0..3 {
        let expected = deal.stack(k).to_text();
        for _ in 0..6 {
            t += 100;
            let legal = g.view(t).legal_moves_uci;
            // A quiet move that never checks: the first legal one that does not.
            let board = g.board().unwrap();
            let mv = legal
                .iter()
                .find(|m| !board.gives_check(board.parse_move(m).unwrap()))
                .unwrap()
                .clone();
            g.apply(t, CsEvent::Move { mv }).unwrap();
        }
        let TurnView::Series(s) = &g.history()[k] else {
            panic!()
        };
        let turned: String = s.attempts.iter().map(|a| a.card.letter()).collect();
        assert_eq!(turned, expected, "series {k}");
        assert_eq!(s.stack.as_deref(), Some(expected.as_str()));
    }
    assert!(g.view(t).reveal.is_none(), "the seed stays hidden");
    assert!(g.save_holds_secret());
    g.apply(t, CsEvent::AgreeDraw).unwrap();
    let r = g.view(t).reveal.unwrap();
    assert_eq!(r.seed_hex, hex::encode(seed));
    assert_eq!(r.commitment_hex, commitment);
    assert_eq!(r.words, ["blue whale"]);
    assert!(!g.save_holds_secret());
}

/// C-3, "one promise for every drawn game": a blind game's PGN carries the
/// words, so the record alone verifies to the stacks it dealt (issue #21
/// item 4), an entry of ideographic spaces included.
#[test]
fn c_3_blind_game_pgn_carries_the_words_and_verifies() {
    let seed = [8u8; 32];
    let words = ["\u{3000}", "Ёж"];
    let s = setup(InputMode::Board, StackSource::Blind);
    let mut g = CsGame::new_blind(s, seed, &words).unwrap();
    g.apply(0, CsEvent::Start).unwrap();
    g.apply(10, CsEvent::AgreeDraw).unwrap();
    let pgn = cs_to_pgn(&g, &PgnInfo::default()).unwrap();
    let read = recorded_draw(&pgn).unwrap().unwrap();
    assert_eq!(read.words, ["\u{3000}", "Ёж"]);
    let report = cs_verify(
        &read.commitment_hex,
        read.seed_hex.as_deref().unwrap(),
        &read.setup_text,
        &read.words,
        3,
    )
    .unwrap();
    let mut deal = BlindStacks::new(&stream_key(&seed, &words));
    for k in 0..3 {
        assert_eq!(report.stacks[k], deal.stack(k).to_text());
    }
}

/// RULES.md "Commitment and draw": the commitment is on the play screen
/// until the first card is turned; open stacks committed nothing.
#[test]
fn c_3_commitment_on_the_play_screen_until_move_one() {
    let s = setup(InputMode::Board, StackSource::Blind);
    let mut g = CsGame::new_blind(s.clone(), [4; 32], &["w"]).unwrap();
    let shown = |g: &CsGame| g.commitment_before_move_one().map(|c| c.commitment_hex);
    assert_eq!(shown(&g), Some(hex::encode(cs_commitment(&s, &[4; 32]))));
    g.apply(0, CsEvent::Start).unwrap();
    assert!(shown(&g).is_some(), "still shown after the starting press");
    let mv = g.view(10).legal_moves_uci[0].clone();
    g.apply(10, CsEvent::Move { mv }).unwrap();
    assert_eq!(shown(&g), None, "gone once a card is turned");
    assert_eq!(shown(&board_game("YYYNNN")), None);
}

#[test]
fn cs_8_secret_stacks_never_show_an_unturned_card() {
    let mut g = board_game("NNYYNY");
    assert!(g.save_holds_secret());
    let t = play(&mut g, 0, &["e4", "d4"]);
    let v = g.view(t);
    let s = v.series.as_ref().unwrap();
    assert_eq!(s.stack, None);
    assert_eq!(s.attempts.len(), 2);
    assert_eq!(s.cards_left, 4);
    // Neither the view nor the game's Debug prints the order.
    for text in [format!("{v:?}"), format!("{g:?}")] {
        assert!(!text.contains("NNYYNY"), "{text}");
        assert!(!text.contains("YYNY"), "{text}");
    }
    // The save does hold it (the UI seals it).
    assert!(g.to_json().contains("NNYYNY"));
    // The PGN of a running series shows turned cards only.
    let pgn = cs_to_pgn(&g, &PgnInfo::default()).unwrap();
    assert!(pgn.contains("{Turned: NN}"), "{pgn}");
    assert!(!pgn.contains("NNYYNY"), "{pgn}");
}

#[test]
fn cs_4_in_clock_mode_a_refused_move_named_again_is_refused() {
    // Issue #21, 7: the screen lists Nf3 as "refused, not again"; naming
    // it again (with or without its check mark) is refused with the reason.
    let mut g = CsGame::new(setup(InputMode::Clock, StackSource::Secret)).unwrap();
    set(&mut g, 0, "NYYYNN");
    g.apply(0, CsEvent::Start).unwrap();
    let played = |note: Option<&str>| CsEvent::Played {
        check: false,
        note: note.map(str::to_owned),
    };
    g.apply(1_000, played(Some("Nf3"))).unwrap();
    for again in ["Nf3", " Nf3+ ", "Nf3!"] {
        let refused = g.apply(2_000, played(Some(again)));
        assert_eq!(refused, Err(CsError::Forbidden { san: again.into() }));
        assert!(refused.unwrap_err().to_string().contains("(CS-4)"));
    }
    assert_eq!(
        g.view(2_000).series.unwrap().cards_left,
        5,
        "nothing was turned"
    );
    // Another move, or a move not named, takes the next card.
    g.apply(2_000, played(Some("Nc3"))).unwrap();
    g.apply(3_000, played(None)).unwrap();
    assert_eq!(g.view(3_000).series.unwrap().cards_left, 3);
    // The save says the game refuses named repeats and reads back so.
    let json = g.to_json();
    assert!(json.contains(r#""refuse_named_repeats":true"#), "{json}");
    let back = CsGame::from_json(&json).unwrap();
    assert_eq!(back.to_json(), json);
    assert_eq!(
        back.clone().apply(4_000, played(Some("Nf3"))),
        Err(CsError::Forbidden { san: "Nf3".into() })
    );
    // A save from before the rule was enforced (no such field) replays as
    // it was played: the repeat it holds stands.
    let old = json.replace(r#","refuse_named_repeats":true"#, "");
    assert_ne!(old, json);
    let mut old_game = CsGame::from_json(&old).unwrap();
    old_game.apply(4_000, played(Some("Nf3"))).unwrap();
    assert!(!old_game.to_json().contains("refuse_named_repeats"));
}

#[test]
fn c_1_clock_mode_reports_moves_cards_checks_and_the_end() {
    let mut g = CsGame::new(setup(InputMode::Clock, StackSource::Secret)).unwrap();
    set(&mut g, 0, "NYNYYN");
    g.apply(0, CsEvent::Start).unwrap();
    let played = |check, note: Option<&str>| CsEvent::Played {
        check,
        note: note.map(str::to_owned),
    };
    assert_eq!(
        g.apply(1, CsEvent::Move { mv: "e4".into() }),
        Err(CsError::WrongMode)
    );
    // A check on a No card does not count (CS-9).
    g.apply(1_000, played(true, Some("Qxf7+"))).unwrap();
    g.apply(2_000, played(false, Some("e4"))).unwrap();
    g.apply(3_000, played(false, None)).unwrap();
    let v = g.view(3_000);
    assert_eq!(v.phase, CsPhase::Series);
    assert_eq!(
        v.series.unwrap().refused(),
        vec![Some("Qxf7+".to_owned()), None]
    );
    // An accepted check ends the series: the reply, then Black arranges.
    g.apply(4_000, played(true, Some("Bb5+"))).unwrap();
    assert_eq!(g.view(4_000).phase, CsPhase::Reply);
    g.apply(5_000, played(false, Some("c6"))).unwrap();
    assert_eq!(g.view(5_000).phase, CsPhase::AwaitingStack { mover: W });
    set(&mut g, 6_000, "YYYNNN");
    g.apply(7_000, CsEvent::Report(CsReport::Checkmate { winner: W }))
        .unwrap();
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(W), CsReason::Checkmate)
    );
    assert!(cs_to_pgn(&g, &PgnInfo::default()).is_err());
    let back = CsGame::from_json(&g.to_json()).unwrap();
    assert_eq!(back, g);
}

#[test]
fn c_2_flag_resignation_agreement_and_claims() {
    let mut g = board_game("YYYNNN");
    assert!(g.tick(300_000));
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.at_ms),
        (Outcome::Win(B), CsReason::Flag, 300_000)
    );

    let mut g = board_game("YYYNNN");
    g.apply(5, CsEvent::Resign { colour: W }).unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::Win(B));
    assert_eq!(g.apply(6, CsEvent::AgreeDraw), Err(CsError::GameOver));

    let mut g = board_game("YYYNNN");
    assert_eq!(
        g.apply(5, CsEvent::Claim(DrawClaim::Threefold)),
        Err(CsError::NoClaim)
    );
    // Knights out and back: the start position is faced a third time when
    // Black's second series ends.
    let t = play(&mut g, 0, &["Nf3", "Ng1", "Nf3", "Nh4", "Ne5", "Ng5"]);
    set(&mut g, t, "YYYNNN");
    let t = play(&mut g, t, &["Nf6", "Ng8", "Nf6", "Nh5", "Ne4", "Ng4"]);
    set(&mut g, t, "YYYNNN");
    let t = play(&mut g, t, &["Ng1", "Nf3", "Ng1", "Nh3", "Nc3", "Na3"]);
    set(&mut g, t, "YYYNNN");
    let t = play(&mut g, t, &["Ng8", "Nf6", "Ng8", "Nh6", "Nc6", "Na6"]);
    assert!(
        g.view(t).claimable.contains(&DrawClaim::Threefold),
        "{:?}",
        g.view(t).claimable
    );
    g.apply(t, CsEvent::Claim(DrawClaim::Threefold)).unwrap();
    assert_eq!(g.result().unwrap().reason, CsReason::ThreefoldClaim);
}

#[test]
fn c_4_the_log_replays_to_the_same_game_and_the_pgn_reads_back() {
    let mut g = board_game("YNYNYN");
    let t = play(&mut g, 0, &["e4", "d4", "Nf3", "Bc4", "Be2", "O-O"]);
    set(&mut g, t, "NYYNYN");
    let t = play(&mut g, t, &["e5", "d5", "Nc6", "Bd7", "Bg4", "Qd6"]);
    set(&mut g, t, "YYYNNN");
    let t = play(&mut g, t, &["Bb5", "Bxc6+", "bxc6"]);
    let back = CsGame::from_json(&g.to_json()).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.view(t), g.view(t));
    let pgn = cs_to_pgn(&g, &PgnInfo::default()).unwrap();
    for piece in [
        "{Series 1: White}",
        "{No: d4}",
        "{No: O-O}",
        "1. e4",
        "-- 2. Nf3",
        "{Stack: YNYNYN}",
        "{Series 2: Black}",
        "{No: e5}",
        "{Stack: YY, check (unused: YNNN)}",
        "{Reply}",
        "bxc6",
        "[Stacks \"secret\"]",
        "[TimeControl \"300+2\"]",
    ] {
        // Movetext wraps anywhere between words, comments too.
        let flat = pgn.replace('\n', " ");
        assert!(flat.contains(piece), "{piece} missing from\n{pgn}");
    }
    let imported = cs_from_pgn(&pgn).unwrap();
    let sans: Vec<&str> = imported.moves.iter().map(|m| m.san.as_str()).collect();
    let played: Vec<&str> = g
        .board()
        .unwrap()
        .moves()
        .iter()
        .map(|m| m.san.as_str())
        .collect();
    assert_eq!(sans, played);
    assert_eq!(imported.fen, g.board().unwrap().fen());
    assert_eq!(imported.white.as_deref(), Some("Anna"));
}

/// C-4a: the reply to a check (CS-6) has no card, so its tap may be
/// corrected while no card has been turned since: the time since is charged
/// to the defender who tapped, the attacker's clock shows again what it
/// showed at the tap. Secret stacks: the stack laid after the reply goes
/// with it (laying it was the press).
#[test]
fn c4a_cs_tap_corrected_before_card_turned() {
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["e4", "Qh5", "Qxf7+"]); // check at 3 s
    let checked = g.view(t).fen.clone();
    assert_eq!(g.view(t).remaining_ms, Some([299_000, 300_000]));
    play(&mut g, 4_000, &["Kxf7"]); // the reply at 5 s
    assert!(g.view(5_000).can_correct_tap, "no card turned since");
    set(&mut g, 6_000, "NNNYYY"); // Black's press: White's clock runs
    // Black: 3 s used, 2 s increment.
    assert_eq!(g.view(6_000).remaining_ms, Some([299_000, 299_000]));
    assert!(g.view(7_000).can_correct_tap, "still no card turned");
    g.apply(8_000, CsEvent::UndoTap).unwrap();
    let v = g.view(8_000);
    assert_eq!(v.phase, CsPhase::Reply);
    assert_eq!(v.side_to_move, B);
    assert_eq!(v.fen, checked, "the reply is taken back on the board");
    assert_eq!(v.running, Some(B));
    // Black's clock ran all along since the check (5 s), without the
    // increment of the undone press; White's shows what it showed at the tap.
    assert_eq!(v.remaining_ms, Some([299_000, 295_000]));
    assert_eq!(v.series_count, 1);
    assert!(!v.can_correct_tap, "the check's card was turned");
    // Black replies again, and lays the stack again.
    play(&mut g, 8_000, &["Kxf7"]);
    set(&mut g, 10_000, "YNYNYN");
    let t = play(&mut g, 10_000, &["d4"]);
    assert_eq!(g.view(t).phase, CsPhase::Series);
    let text = g.to_json();
    assert!(text.contains(r#"{"type":"undo_tap"}"#), "{text}");
    assert_eq!(CsGame::from_json(&text).unwrap(), g);
}

/// A clock-mode game with blind stacks, played with checking moves a second
/// apart until a Yes card counts one (within two series): the defender's
/// reply is due. Returns the game and the time.
fn blind_game_at_reply() -> (CsGame, u64) {
    let setup = setup(InputMode::Clock, StackSource::Blind);
    let mut g = CsGame::new_blind(setup, [7; 32], &["c4a"]).unwrap();
    g.apply(0, CsEvent::Start).unwrap();
    let mut t = 0;
    let check = CsEvent::Played {
        check: true,
        note: None,
    };
    while g.view(t).phase != CsPhase::Reply {
        t += 1_000;
        g.apply(t, check.clone()).unwrap();
    }
    (g, t)
}

/// C-4a with blind stacks in clock mode: the reply's tap is the hand-over
/// press and is corrected with it, before the next series' first card.
#[test]
fn c4a_cs_blind_reply_tap_corrected_before_card_turned() {
    let (mut g, t) = blind_game_at_reply();
    let attacker = g.view(t).side_to_move.other();
    let before = g.clone();
    let reply = CsEvent::Played {
        check: false,
        note: Some("Kf8".into()),
    };
    g.apply(t + 2_000, reply).unwrap();
    assert_eq!(g.view(t + 2_000).running, Some(attacker));
    assert!(g.view(t + 3_000).can_correct_tap);
    g.apply(t + 5_000, CsEvent::UndoTap).unwrap();
    // The same as if the defender had never tapped.
    assert_eq!(g.view(t + 5_000), before.view(t + 5_000));
}

/// C-4a: once the running clock has run out, nothing is taken back, and the
/// view stops offering the correction at that instant, before any tick has
/// recorded the flag (found by `cards_props` under random play).
#[test]
fn c4a_cs_no_correction_once_a_flag_has_fallen() {
    let (mut g, mut t) = blind_game_at_reply();
    let reply = CsEvent::Played {
        check: false,
        note: None,
    };
    t += 2_000;
    g.apply(t, reply).unwrap();
    let v = g.view(t);
    let running = v.running.unwrap();
    let left = v.remaining_ms.unwrap()[usize::from(running == Colour::Black)];
    assert!(
        g.view(t + left - 1).can_correct_tap,
        "offered while the clock runs"
    );
    let late = t + left + 1_000;
    assert!(!g.view(late).can_correct_tap, "the flag fell first");
    let before = g.clone();
    assert!(matches!(
        g.apply(late, CsEvent::UndoTap),
        Err(CsError::Clock(ClockError::Flagged { .. }))
    ));
    assert_eq!(g, before);
}

/// C-4a: a move whose card was turned stands as the card says; the referee
/// refuses a correction with the reason (time mistakes: the adjustment in
/// pause, which exists), and the view does not offer it.
#[test]
fn c4a_cs_no_correction_after_card_turned() {
    let refused = |g: &mut CsGame, t: u64, want: CsError| {
        let before = g.clone();
        assert_eq!(g.apply(t, CsEvent::UndoTap), Err(want));
        assert_eq!(*g, before, "a refused correction changes nothing");
        assert!(!g.view(t).can_correct_tap);
    };
    let mut g = CsGame::new(setup(InputMode::Board, StackSource::Secret)).unwrap();
    refused(&mut g, 0, CsError::NotStarted);
    set(&mut g, 0, "YNYNNY");
    g.apply(0, CsEvent::Start).unwrap();
    refused(&mut g, 500, CsError::NoTapToCorrect);
    play(&mut g, 0, &["e4"]); // Yes
    refused(&mut g, 1_500, CsError::CardTurned);
    play(&mut g, 1_000, &["d4"]); // No
    refused(&mut g, 2_500, CsError::CardTurned);
    assert!(
        CsError::CardTurned
            .to_string()
            .contains("adjustment in pause")
    );
    // The six cards turned: White arranges Black's stack; the last move
    // (its card turned) stands.
    play(&mut g, 2_000, &["a3", "Nf3", "Nc3", "h3"]);
    assert_eq!(g.view(6_000).phase, CsPhase::AwaitingStack { mover: B });
    refused(&mut g, 6_500, CsError::CardTurned);
    // The time adjustment in pause fixes a time mistake instead.
    g.apply(7_000, CsEvent::Pause).unwrap();
    refused(&mut g, 7_100, CsError::Paused);
    g.apply(
        7_200,
        CsEvent::Adjust {
            colour: W,
            remaining_ms: 290_000,
        },
    )
    .unwrap();
    assert_eq!(g.view(7_200).remaining_ms.unwrap()[0], 290_000);
    g.apply(7_300, CsEvent::Resume).unwrap();
    // After a reply, the attacker's first card ends the chance to correct.
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["e4", "Qh5", "Qxf7+", "Kxf7"]);
    set(&mut g, t, "YNYNNY");
    play(&mut g, t, &["d4"]);
    refused(&mut g, t + 1_500, CsError::CardTurned);
    g.apply(t + 2_000, CsEvent::Resign { colour: B }).unwrap();
    refused(&mut g, t + 2_500, CsError::GameOver);
}

/// C-4a without a clock: the reply is taken back all the same.
#[test]
fn c4a_cs_reply_corrected_without_a_clock() {
    let setup = CsSetup::new("Anna", "Boris", InputMode::Board, StackSource::Secret);
    let mut g = CsGame::new(setup).unwrap();
    set(&mut g, 0, "YYYNNN");
    g.apply(0, CsEvent::Start).unwrap();
    let t = play(&mut g, 0, &["e4", "Qh5", "Qxf7+"]);
    let checked = g.view(t).fen.clone();
    play(&mut g, t, &["Kxf7"]);
    g.apply(t + 2_000, CsEvent::UndoTap).unwrap();
    assert_eq!(g.view(t + 2_000).fen, checked);
    assert_eq!(g.view(t + 2_000).phase, CsPhase::Reply);
}

/// C-4a with secret stacks: a stack taken back unturned by a correction
/// keeps the save sealed until the game is over (its order is what the
/// arranger meant to lay again).
#[test]
fn c4a_cs_a_stack_taken_back_stays_secret_until_the_end() {
    let mut g = board_game("YYYNNN");
    let t = play(&mut g, 0, &["e4", "Qh5", "Qxf7+", "Kxf7"]);
    assert!(!g.save_holds_secret());
    set(&mut g, t + 1_000, "NNNYYY");
    assert!(g.save_holds_secret());
    g.apply(t + 2_000, CsEvent::UndoTap).unwrap();
    assert_eq!(g.view(t + 2_000).phase, CsPhase::Reply);
    assert!(g.save_holds_secret(), "the taken-back stack is in the log");
    let t = play(&mut g, t + 2_000, &["Kxf7"]);
    assert!(g.save_holds_secret());
    g.apply(t + 1_000, CsEvent::AgreeDraw).unwrap();
    assert!(
        !g.save_holds_secret(),
        "every stack may be shown after the end"
    );
}
