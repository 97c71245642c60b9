"""The win chance of a position (ludo.winchance): whole chances that sum to 1 per team,
exact at the end, the same when the seats are rotated, and the same under MicroPython."""
import pytest

import ludo
from ludo import winchance
from configs import CONFIGS, config_id
import mpharness

SCALE = winchance.SCALE

PLAY = """
import ludo
from ludo import winchance
""" + mpharness.LCG_SOURCE + """def chances_of_game(preset, players, options, seed, every):
    rng = Lcg(seed)
    g = ludo.Game(preset, players=players, seed=seed, options=options)
    out = []
    n = 0
    while g.outcome() is None:
        if n % every == 0:
            out.append(winchance.chances(g))
        if g.needs_roll():
            g.roll()
        else:
            moves = g.legal_moves
            g.push(moves[rng.below(len(moves))])
        n += 1
    out.append(winchance.chances(g))
    return out
"""


def _env():
    env = {}
    exec(PLAY, env)
    return env


def _team_sum(game, chances):
    seen = set()
    total = 0
    for s in game.seats:
        team = winchance.team_of(game.rules, s)
        if team[-1] in seen or team[0] in seen:
            continue
        seen.update(team)
        total += chances[s]
    return total


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_chances_sum_to_one_and_are_exact_at_the_end(config):
    """Every position of a game: whole parts per 10,000 that sum to 10,000 (teams counted once);
    seats not playing get 0; the finished game gives its winners all of it."""
    preset, players, opts = config
    rng = __import__("random").Random(5)
    g = ludo.Game(preset, players=players, seed=21, options=opts)
    n = 0
    while g.outcome() is None and n < 3000:
        c = winchance.chances(g)
        assert len(c) == 4 and all(isinstance(x, int) and 0 <= x <= SCALE for x in c)
        assert _team_sum(g, c) == SCALE, (g.position(), c)
        for s in range(4):
            if s not in g.seats:
                assert c[s] == 0
        if g.needs_roll():
            g.roll()
        else:
            g.push(rng.choice(g.legal_moves))
        n += 1
    out = g.outcome()
    c = winchance.chances(g)
    assert [c[s] for s in range(4)] == [SCALE if s in out.winners else 0 for s in range(4)]


def test_a_leader_near_home_is_favoured():
    """The model has learnt something a person knows: three tokens home and the last in the
    home column is nearly a won game against a rival whose tokens are all in the yard."""
    g = ludo.Game.from_position("classic RY R=c,c,c,h4/Y=y,y,y,y Y roll - 0 200")
    c = winchance.chances(g)
    assert c[0] > 9000 and c[0] + c[2] == SCALE
    back = ludo.Game.from_position("classic RY R=y,y,y,y/Y=c,c,c,h4 R roll - 0 200")
    assert winchance.chances(back)[2] > 9000


def _rotate_position(text, k):
    """The same position with every seat moved k seats on (R->G for k=1), 13 squares a seat."""
    letters = "RGYB"

    def seat(ch):
        return letters[(letters.index(ch) + k) % 4]

    def tokens(field):
        parts = []
        for part in field.split("/"):
            cells = []
            for cell in part[2:].split(","):
                cells.append(str((int(cell) + 13 * k) % 52) if cell.isdigit() else cell)
            parts.append(seat(part[0]) + "=" + ",".join(cells))
        parts.sort(key=lambda p: letters.index(p[0]))
        return "/".join(parts)
    f = text.split(" ")
    f[1] = "".join(sorted((seat(ch) for ch in f[1]), key=letters.index))
    f[2] = tokens(f[2])
    f[3] = seat(f[3])
    for i in range(8, len(f)):
        key, _, value = f[i].partition("=")
        if key == "ts":
            f[i] = "ts=" + tokens(value)
        elif key in ("out", "doors", "tsd"):
            f[i] = key + "=" + "".join(sorted((seat(ch) for ch in value), key=letters.index))
    return " ".join(f)


@pytest.mark.parametrize("preset,players,k", [("classic", 4, 1), ("classic", 4, 2), ("family", 4, 3),
                                              ("classic", 2, 2), ("strict", 2, 2), ("family", 3, 1)])
def test_rotating_the_seats_rotates_the_chances(preset, players, k):
    """A position and the same position with every seat moved k places on give the same
    chances, moved with the seats (positions from a game of random moves, rolls and moves due)."""
    rng = __import__("random").Random(2)
    g = ludo.Game(preset, players=players, seed=9)
    checked = 0
    n = 0
    while g.outcome() is None:
        if n % 7 == 0:
            text = g.position()
            try:
                rotated = ludo.Game.from_position(_rotate_position(text, k))
            except ludo.PositionError:
                rotated = None      # (3 players: R,G,Y moved one on is G,Y,B: a seating no game has)
            if rotated is not None:
                a = winchance.chances(g)
                b = winchance.chances(rotated)
                assert [b[(s + k) % 4] for s in range(4)] == a, (text, a, b)
                checked += 1
        if g.needs_roll():
            g.roll()
        else:
            g.push(rng.choice(g.legal_moves))
        n += 1
    if players != 3:
        assert checked > 20


def test_move_and_roll_chances_leave_the_game_alone():
    g = ludo.Game("classic", players=4, seed=3)
    for _ in range(40):
        if g.needs_roll():
            before = g.position()
            rolls = winchance.roll_chances(g)
            assert len(rolls) == 6 and all(sum(c) == SCALE for c in rolls)
            assert g.position() == before
            g.roll()
        else:
            before = g.position()
            per_move = winchance.move_chances(g)
            assert len(per_move) == len(g.legal_moves)
            assert g.position() == before
            # a move due is worth its best move to the seat on turn
            assert winchance.chances(g)[g.turn] == max(c[g.turn] for c in per_move)
            g.push(g.legal_moves[0])


def test_weights_fit_the_board():
    """The weights ship as data of at most 16 KB (as whole numbers: 4 bytes each at most)."""
    from ludo import winchance_weights as w
    n = len(w.W1) + len(w.B1) + len(w.W2)
    assert len(w.W1) == w.HIDDEN * winchance.FEATURES and len(w.W2) == w.HIDDEN
    assert n * 4 <= 16 * 1024
    assert all(-(1 << 29) < x < (1 << 29) for x in list(w.W1) + list(w.B1) + list(w.W2))
    assert w.W1.typecode == "h"         # 16 bits each, in one object on the board's heap


def test_chances_identical_under_micropython(micropython):
    """The board's interpreter gives the same chances, to the last part, as CPython."""
    configs = [c for c in CONFIGS if c[0] != "strict" or c[1] == 2][:12]
    calls = ["print(repr(chances_of_game(%r, %r, %r, %d, 9)))" % (p, n, o, 4) for p, n, o in configs]
    out = micropython.run(PLAY + "\n".join(calls)).strip().split("\n")
    assert len(out) == len(configs)
    env = _env()
    for (p, n, o), line in zip(configs, out):
        assert eval(line) == env["chances_of_game"](p, n, o, 4, 9), (p, n, o)


def test_boards_sum_equals_the_pcs(monkeypatch):
    """scores' board path (constant features folded into biases, only non-zero
    features summed) gives the PC's whole numbers, in every configuration."""
    games = []
    for p, n, o in CONFIGS:
        g = ludo.Game(p, players=n, seed=3, options=o)
        k = 0
        while g.outcome() is None and k < 300:
            if k % 7 == 0:
                games.append(g.copy())
            if g.needs_roll():
                g.roll()
            else:
                moves = g.legal_moves
                g.push(moves[k % len(moves)])
            k += 1
    pc = [winchance.scores(g) for g in games]
    monkeypatch.setattr(winchance, "_mul", None)
    assert [winchance.scores(g) for g in games] == pc
