"""Under a real MicroPython interpreter the players (Expert too, with its deadline) choose exactly
what CPython chooses."""
import ludo  # noqa: F401  (puts nothing on the path; the CPython side imports the same files)

# Positions with real choices in several presets; the last three have pending
# rolls (club), a finished partner (teams) and a bonus roll to look past.
POSITIONS = [
    "classic RGYB R=26,19,0,0/G=36,21,y,y/Y=y,y,y,y/B=21,51,47,43 B move 6 1 75",
    "classic RGYB R=1,30,y,y/G=5,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 4 0 20",
    "family RGYB R=20,40,3,y/G=16,y,y,y/Y=30,31,y,y/B=44,y,y,y R move 5 0 40",
    "strict RY R=1,30,12,y/Y=5,40,y,y Y move 3 0 30",
    "club RGYB R=1,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=5,y,y,y R move 6,4 1 20",
    "club:teams=1,quick=1,mandatory_kill=1 RGYB R=c,c,y,y/G=1,30,y,y/Y=5,y,y,y/B=y,y,y,y R move 6,2 1 60",
    "classic RGYB R=30,y,y,y/G=24,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 6 1 20",
]

SCRIPT = """
import ludo
from ludo import ai
out = []
for text in %(positions)r:
    g = ludo.Game.from_position(text)
    out.append("%%s|%%s|%%s|%%s" %% (ai.Easy(seed=3).choose(g), ai.Medium(seed=3).choose(g),
                                   ai.Hard(seed=3).choose(g), ai.Expert(seed=3).choose(g)))
# Expert with a deadline (a clock that moves on 1 ms a reading: 5 judgements, then
# only what it has): the same moves and the same positions judged
ticks = [(1 << 29) - 2]
def clock():
    ticks[0] = (ticks[0] + 1) & ((1 << 29) - 1)
    return ticks[0]
for text in %(positions)r:
    g = ludo.Game.from_position(text)
    x = ai.Expert(seed=3)
    x.clock = clock
    x.time_ms = 5
    out.append("%%s %%d" %% (x.choose(g), x.nodes))
# a whole game: every choice of every level must agree
g = ludo.Game("club", players=4, seed=17, options={"teams": True})
players = [ai.Easy(1), ai.Medium(2), ai.Hard(3), ai.Expert(4)]
n = 0
while g.outcome() is None and n < 4000:
    if g.needs_roll():
        g.roll()
    else:
        g.push(players[g.turn].choose(g))
    n += 1
out.append(g.position())
print("\\n".join(out))
"""


def test_same_choices_as_cpython(micropython):
    code = SCRIPT % {"positions": POSITIONS}
    scope = {}
    import io
    import contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(code, "<cpython>", "exec"), scope)
    expected = buf.getvalue()
    got = micropython.run(code)
    assert got == expected
    assert len(expected.splitlines()) == 2 * len(POSITIONS) + 1
