"""Real recorded games for the host tests, played with the rules core."""
import random

import ludo


def play(seed=1, preset="classic", players=2, kinds=None, undo_every=0, hand_over=None,
         max_actions=5000, start="2026-11-29T14:00:00Z", dice="device"):
    """A finished game (ludo.Game) with random legal moves.

    undo_every: take back a move every that many actions (0 = never);
    hand_over: (action number, seat, kind): a `kind` line at that point;
    dice: "hand" enters a random die's value for every roll."""
    rng = random.Random(seed)
    g = ludo.Game(preset, players=players, seed=rng.getrandbits(40), start=start, dice=dice)
    for seat in sorted(kinds or {}):
        g.set_kind(seat, kinds[seat])
    n = 0
    while g.outcome() is None and n < max_actions:
        n += 1
        if hand_over and n == hand_over[0]:
            g.set_kind(hand_over[1], hand_over[2])
        if g.needs_roll():
            g.roll(rng.randint(1, 6) if dice == "hand" else None)
        else:
            g.push(rng.choice(list(g.legal_moves)))
            if undo_every and n % undo_every == 0:
                g.pop()
    return g


def record_text(seed=1, **kw):
    return str(play(seed, **kw).record(transcript=True))
