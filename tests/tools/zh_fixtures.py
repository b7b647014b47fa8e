#!/usr/bin/env python3
"""Writes Crazyhouse PGN fixtures as python-chess writes them (issue #11).

Seeded random games with `chess.variant.CrazyhouseBoard`, written with
`chess.pgn`, go to `tests/fixtures/crazyhouse/NAME.pgn`, and each game's final
position (python-chess's FEN) to `NAME.fen` beside it. `tests/crazyhouse_pgn.rs`
imports every fixture and compares the final position, so the test run needs
no Python; run this only to regenerate them on purpose:

    pip install chess   # python-chess 1.11
    python3 tests/tools/zh_fixtures.py
"""

import pathlib
import random

import chess
import chess.pgn
import chess.variant

OUT = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "crazyhouse"

# (name, seed, start FEN or None, most half-moves, write [%clk] comments)
GAMES = [
    ("random-1", 1, None, 80, False),
    ("random-2", 2, None, 160, True),
    ("random-3", 3, None, 300, False),
    ("random-4", 4, None, 40, False),
    ("random-5", 5, None, 600, False),
    # A set-up position: pockets on both sides, promoted pieces (`~`), pawns
    # about to promote, castling rights, Black to move on move 21.
    (
        "setup-pockets-promoted",
        6,
        "r3k2r/1P3ppp/2n5/3Q~4/6b~1/8/Pp3PPP/R3K2R[NBPPpq] b KQkq - 3 21",
        70,
        True,
    ),
]


def pick(rng, board):
    """A random legal move, preferring promotions and captures a little, so
    promoted pieces and pockets come up often."""
    moves = sorted(board.legal_moves, key=lambda m: m.uci())
    lively = [m for m in moves if m.promotion or board.is_capture(m)]
    if lively and rng.random() < 0.35:
        return rng.choice(lively)
    return rng.choice(moves)


def play(name, seed, fen, most, clocks):
    rng = random.Random(seed)
    board = chess.variant.CrazyhouseBoard(fen) if fen else chess.variant.CrazyhouseBoard()
    assert board.is_valid(), fen
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"python-chess fixture {name}"
    game.headers["White"] = f"Random {seed}a"
    game.headers["Black"] = f"Random {seed}b"
    node = game
    left = [180.0, 180.0]
    while len(board.move_stack) < most and board.outcome() is None:
        move = pick(rng, board)
        side = 0 if board.turn == chess.WHITE else 1
        board.push(move)
        node = node.add_variation(move)
        if clocks:
            left[side] = max(0.0, left[side] - rng.randint(1, 9) + 2)
            node.set_clock(left[side])
    outcome = board.outcome()
    game.headers["Result"] = outcome.result() if outcome else "*"
    (OUT / f"{name}.pgn").write_text(str(game) + "\n\n")
    (OUT / f"{name}.fen").write_text(board.fen() + "\n")
    print(f"{name}: {len(board.move_stack)} half-moves, {game.headers['Result']}, {board.fen()}")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for args in GAMES:
        play(*args)


if __name__ == "__main__":
    main()
