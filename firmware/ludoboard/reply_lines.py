# The lines of the PC's `record` and `resend` replies (replies.py streams them),
# derived again from the game's transcript on a scratch game (nothing but the
# transcript is stored).  Loaded in the pass after replies.py compiled (one
# compile a pass), released with it when the reply ends.
import ludo

from . import load, transient, protocol

_REPLAY_SLICE = 8           # actions replayed between two turns of the main loop


def _release_texts():
    """The position and move texts are needed only now (the replay is over): their code goes."""
    transient("ludo.position")
    transient("ludo.notation")


def _gone(g, cmd):
    """The error line that ends a reply whose game a new game replaced while it streamed."""
    text = "no game %s on the board any more (a new game began): the reply stopped" % g.game_id
    return load("ludoboard.record_lines").dumps({"error": text, "re": cmd})


def _scratch_of(g):
    """A fresh game at g's start, for re-deriving lines."""
    s = ludo.Game(g.rules, seed=g.seed, start=g.start_time, dice=g.dice)
    kinds = g.start_kinds
    for letter in sorted(kinds):
        s.set_kind(letter, kinds[letter])
    s.commitment = g.commitment     # (after the set-up: the live game's, not worked out again,
    s.game_id = g.game_id           # which would compile ludo/commit.py beside the replay)
    return s


def _replayed(scratch, code):
    """The record line of one transcript code, which is then applied to the scratch game:
    a roll, a move or a pass (code <= 112, ludo's CODE_PASS: the live game made it, so
    it is legal) by the game's own code, the rarer codes by ludo.extras (whose compile
    would be the largest beside the live game).
    """
    if code <= 112:
        text = scratch.action_text(code)
        scratch._push_code(code)
        return text
    return scratch.push_transcript_code(code)


def resend(app, g, first, last, ended):
    """The `resend` reply's lines: events first..last of game g, re-derived from its transcript (None: a turn for the
    main loop)."""
    codes = g.transcript
    if first == 0:
        yield load("ludoboard.record_lines").start_line(g)     # (only then; kept to the reply's end)
    scratch = _scratch_of(g)
    top = last if last <= len(codes) else len(codes)
    for i in range(top):
        if app.game is not g:
            yield _gone(g, "resend")
            return
        code = codes[i]
        text = _replayed(scratch, code)
        if i + 1 >= first:
            yield protocol.action_line(scratch, i + 1, text, scratch.last_events if code < 121 else ())
        if i % _REPLAY_SLICE == _REPLAY_SLICE - 1:
            yield None          # let the main loop run (and collect the slice's garbage)
    _release_texts()
    if ended and last > len(codes) and first <= last:
        yield protocol.end_line(g, len(codes) + 1)
    yield '{"from":%d,"game":"%s","re":"resend","to":%d}' % (first, g.game_id, last)


def record(app, g, ended):
    """The `record` reply's lines: the board's record of g, one reply line per record line, then record-end."""
    record_lines = load("ludoboard.record_lines")     # (kept to the reply's end: replies.stream)
    dumps = record_lines.dumps
    gid = g.game_id
    n = 0
    yield dumps({"game": gid, "n": n, "re": "record", "text": record_lines.header_text(g)})
    scratch = _scratch_of(g)
    codes = g.transcript
    for i in range(len(codes)):
        if app.game is not g:
            yield _gone(g, "record")
            return
        n += 1
        yield dumps({"game": gid, "n": n, "re": "record", "text": _replayed(scratch, codes[i])})
    _release_texts()
    if ended:
        n += 1
        yield dumps({"game": gid, "n": n, "re": "record", "text": dumps(record_lines.footer(g))})
    yield dumps({"game": gid, "lines": n + 1, "re": "record-end"})
