"""Helpers for the computer-player tests (ludo.ai); a unique module name, since
pytest puts every test folder on sys.path and `conftest` names clash."""
import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "firmware")
if FIRMWARE not in sys.path:
    sys.path.append(FIRMWARE)      # for ludoboard (the board app); ludo is installed

import ludo  # noqa: E402
from ludo import ai  # noqa: E402

LEVELS = ("easy", "medium", "hard")
CLASSES = {"easy": ai.Easy, "medium": ai.Medium, "hard": ai.Hard}


def random_move(game, rng):
    legal = game.legal_moves
    return legal[rng.below(len(legal))]


def play_on(game, choose, max_actions, check=None):
    """Rolls the game's dice and plays `choose(game)` until the game ends or
    max_actions actions were taken; `check(game, move)` sees every choice first."""
    n = 0
    while game.outcome() is None and n < max_actions:
        if game.needs_roll():
            game.roll()
        else:
            move = choose(game)
            if check is not None:
                check(game, move)
            game.push(move)
        n += 1
    return n


def is_one_of(move, legal):
    for m in legal:
        if m is move:
            return True
    return False


def new_game(preset, players, seed, options=None):
    return ludo.Game(preset, players=players, seed=seed, options=options)
