"""The same package, unchanged, under a real MicroPython interpreter (WebAssembly build in Node)."""
import os

import ludo
from configs import CONFIGS
import mpharness

PLAY = """
import ludo
""" + mpharness.LCG_SOURCE + """def play(preset, players, options, seed):
    rng = Lcg(seed)
    g = ludo.Game(preset, players=players, seed=seed, options=options)
    n = 0
    while g.outcome() is None:
        if g.needs_roll():
            g.roll()
        else:
            moves = g.legal_moves
            g.push(moves[rng.below(len(moves))])
        n += 1
        if n % 97 == 0 and len(g) > 3:      # take a few actions back now and then
            for _ in range(3):
                g.pop()
    return g
"""


def _cpython_record(preset, players, options, seed):
    env = {}
    exec(PLAY, env)
    return str(env["play"](preset, players, options, seed).record(transcript=True))


def test_records_are_byte_identical_to_cpython(micropython):
    """Seeded games of every preset and option set give the same record, byte for byte."""
    calls = []
    for preset, players, opts in CONFIGS:
        calls.append("print(repr(str(play(%r, %r, %r, %d).record(transcript=True))))"
                     % (preset, players, opts, 11))
    out = micropython.run(PLAY + "\n".join(calls))
    lines = out.strip().split("\n")
    assert len(lines) == len(CONFIGS)
    for (preset, players, opts), line in zip(CONFIGS, lines):
        mp_record = eval(line)
        assert mp_record == _cpython_record(preset, players, opts, 11), (preset, opts)


def test_dice_sequence_identical(micropython):
    seeds = [0, 1, 7, 2 ** 32 + 5, 2 ** 64 - 1, 123456789012345678901234567890]
    code = "from ludo.dice import Dice, commitment\n" + "\n".join(
        "print(''.join(str(Dice(%d).roll(k)) for k in range(200)), commitment(%d))" % (s, s) for s in seeds)
    got = micropython.run(code).split("\n")
    for s, line in zip(seeds, got):
        d = ludo.Dice(s)
        assert line == "%s %s" % ("".join(str(d.roll(k)) for k in range(200)), ludo.commitment(s))


def test_sha256_fallback_matches_hashlib_under_micropython(micropython):
    """The pure-Python SHA-256 (for boards without hashlib) agrees with hashlib."""
    import hashlib
    data = [b"", b"abc", bytes(range(256)) * 3, b"x" * 55, b"y" * 64]
    code = "from ludo.sha256 import sha256\nimport binascii\n" + "\n".join(
        "print(binascii.hexlify(sha256(%r)).decode())" % d for d in data)
    got = micropython.run(code).split()
    assert got == [hashlib.sha256(d).hexdigest() for d in data]


def test_errors_are_typed_under_micropython(micropython):
    out = micropython.run(
        "import ludo\n"
        "g = ludo.Game('classic', players=2, seed=3)\n"
        "try:\n    g.push('R1 y-0')\nexcept ludo.IllegalMoveError as e:\n    print('illegal', isinstance(e, ValueError))\n"
        "try:\n    ludo.Game('club', options={'teams': 1, 'mode': 'free'})\nexcept ludo.OptionError as e:\n    print('option', e)\n")
    assert "illegal True" in out
    assert "option 'teams'" in out


def test_legal_moves_iteration_allocates_nothing(micropython):
    """Iterating legal_moves allocates nothing: the moves are built once per position
    (bench/core_memory.py prints the figures, including the property access itself)."""
    out = micropython.run(
        "import gc, ludo\n"
        "g = ludo.Game('classic', players=4, seed=5)\n"
        "g.roll(6)\n"
        "moves = g.legal_moves\n"
        "def walk():\n"
        "    n = 0\n"
        "    for m in moves:\n"
        "        n += m.roll\n"
        "    return n\n"
        "a = b = n = walk()\n"      # globals exist before measuring (a new one grows the dict)
        "gc.collect()\n"
        "a = gc.mem_alloc()\n"
        "n = walk()\n"
        "b = gc.mem_alloc()\n"
        "print(b - a, n)\n")
    alloc, n = out.split()
    assert int(n) > 0
    assert int(alloc) == 0


SEARCH_ALLOC = """
import gc, ludo
from ludo.dice import Dice
g = ludo.Game.from_position("classic RGYB R=0,10,20,y/G=13,y,y,y/Y=y,y,y,y/B=y,y,y,y R roll - 0 0", seed=5)
sim = ludo.Game(g.rules, seed=False)
n = len(g.state())
mem = memoryview(bytearray(2 * n))
b0 = mem[0:n]
b1 = mem[n:2 * n]
d = Dice(2 ** 64 - 1)
def search():
    sim.set_state(g.state(into=b0))
    ev = 0
    for v in (5, 6, 3, 1):
        sim.set_state(b0)
        sim.apply(v)
        for i in range(sim._nl):
            sim.set_state(b0)
            sim.apply(v)
            sim.apply(sim._lc[i])
            ev += sim._nev          # events noted (a 6's bonus at least)
            sim.state(into=b1)
            sim.set_state(b1)
    return ev
def rolls():
    for k in range(200):
        d.roll(k)
a = b = c = ev = 0
search()
rolls()
gc.collect()
gc.disable()
a = gc.mem_alloc()
ev = search()
b = gc.mem_alloc()
rolls()
c = gc.mem_alloc()
print(b - a, c - b, ev)
"""


def test_search_calls_and_rolls_allocate_nothing(micropython):
    """set_state, state(into=), apply (rolls, moves, a capture) and the dice's one-roll
    code allocate nothing under MicroPython (bench/core_memory.py prints the figures)."""
    search, rolls, events = micropython.run(SEARCH_ALLOC).split()
    assert (int(search), int(rolls)) == (0, 0)
    assert int(events) > 0


EXTRAS = """
import ludo, sys
g = ludo.Game('strict', players=2, seed=4)
print('extras' in ''.join(sys.modules))
g.roll()
if not g.needs_roll():
    g.push(g.legal_moves[0])
g.set_kind('Y', 'hard')
g.resign('R')
print(g.outcome().result(), g.last_events, 'ludo.extras' in sys.modules)
h = ludo.Game('strict', players=4, seed=4, options={'deadline': 30})
h.timeout()
print(h.turn, h.last_events)
c = ludo.Game('club', players=4, seed=9, options={'teams': True, 'rolloff': True})
while c.phase == 2:
    c.roll()
print(c.turn, c.last_events)
s = ludo.Game('strict', players=2, seed=4)
print([s.push_transcript_code(code) for code in g.transcript])
print(s.position() == g.position())
"""


def test_rarely_used_actions_load_and_agree_under_micropython(micropython):
    """Resign, timeout, the roll-off and transcript replay (ludo.extras, loaded on first use)
    give CPython's results under MicroPython."""
    import subprocess
    import sys
    out = micropython.run_fresh(EXTRAS)     # nothing of ludo imported yet
    firmware = os.path.dirname(os.path.dirname(os.path.abspath(ludo.__file__)))
    cpython = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, %r)\n" % firmware + EXTRAS],
                             capture_output=True, text=True, check=True).stdout    # a fresh sys.modules
    assert out.strip() == cpython.strip()
    lines = out.strip().split("\n")
    assert lines[0] == "False" and lines[-1] == "True"
    assert "resign R" in lines[1] and lines[1].endswith("True")
