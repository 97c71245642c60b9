"""Hypothesis-fuzzed serial lines and record files: no crash, one clear error line."""
import argparse
import contextlib
import io
import json
import re

from hypothesis import given, strategies as st

from ludo_host.records.lines import LineSplitter
from ludo_host.logger.status import StatusLine
from ludo_host.logger import Logger
from ludo_host.records import verify

GID = "0a1b2c3d"

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70), st.text(max_size=30))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)

# Messages that look like the protocol's, with any field wrong.
protocol_like = st.fixed_dictionaries({}, optional={
    "ev": st.sampled_from(["start", "action", "end", "bogus", 3, None]),
    "re": st.sampled_from(["status", "resend", "ok", "record", "record-end", "x", None, 1]),
    "error": json_values,
    "game": st.one_of(st.just(GID), json_values),
    "seq": st.one_of(st.integers(-3, 10 ** 12), json_values),
    "line": st.one_of(st.sampled_from(["roll 6", "R1 y-0", "", "a\nb", "{x"]), json_values),
    "header": json_values, "footer": json_values, "turn": json_values, "events": json_values,
    "cmd": json_values, "from": json_values, "to": json_values, "state": json_values,
})


class WireStub:
    def __init__(self):
        self.sent = []

    def write(self, data):
        assert data.endswith(b"\n") and b"\n" not in data[:-1]
        self.sent.append(json.loads(data))
        return len(data)

    def close(self):
        pass


def fresh_logger(tmp_path):
    err = io.StringIO()
    lg = Logger(str(tmp_path), port="/nonexistent", status=StatusLine(err, tty=False))
    lg.ser = WireStub()
    return lg, err


def error_lines(err):
    return [line for line in err.getvalue().splitlines() if line.startswith("ludo-host log:")]


@given(raw=st.binary(max_size=300))
def test_random_bytes_line_one_error_at_most(tmp_path_factory, raw):
    lg, err = fresh_logger(tmp_path_factory.mktemp("fz"))
    lg.handle_line(raw.replace(b"\n", b""))
    assert len(error_lines(err)) <= 1
    if raw.strip() and not raw.strip().startswith(b"{"):
        assert len(error_lines(err)) == 1


@given(msg=protocol_like)
def test_protocol_like_messages_never_crash(tmp_path_factory, msg):
    d = tmp_path_factory.mktemp("fz")
    lg, err = fresh_logger(d)
    lg.handle_line(json.dumps(msg).encode())
    assert len(error_lines(err)) <= 1
    # Whatever was written is whole lines of a record that starts with its header.
    for path in d.iterdir():
        assert re.fullmatch(r"([0-9a-f]{8}|unnamed-[0-9a-f]{12})\.ludo", path.name)
        text = path.read_text()
        assert text.endswith("\n") and text.startswith("{")


@given(chunks=st.lists(st.binary(max_size=50), max_size=20), limit=st.integers(1, 40))
def test_line_splitter_bounded_and_lossless(chunks, limit):
    sp = LineSplitter(limit)
    out = []
    for c in chunks:
        out.extend(sp.feed(c))
        assert sp.pending() is None or len(sp.pending()) <= limit
    raw_lines = b"".join(chunks).split(b"\n")[:-1]
    want = [None if len(w) > limit else (w[:-1] if w.endswith(b"\r") else w) for w in raw_lines]
    assert out == want


OUTPUT = re.compile(r"^(?P<file>[^\n]+?)(:(?P<line>\d+))?: (?P<msg>.+)$")


def verify_output(path):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = verify.run(argparse.Namespace(files=[str(path)], quiet=True))
    return code, out.getvalue().splitlines()


@given(content=st.one_of(
    st.binary(max_size=2000),
    st.text(max_size=2000).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.lists(st.sampled_from(["roll 6", "roll 1 hand", "R1 y-0", "undo", "kind R hard", "pass",
                              '{"result":"R"}', "", "resign R", "timeout G", "R1 0-6xG2"]),
             max_size=30).map(lambda ls: ("\n".join(ls) + "\n").encode())))
def test_random_record_files_give_problem_lines_not_crashes(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("fz") / "r.ludo"
    path.write_bytes(content)
    code, lines = verify_output(path)
    assert code == 1 and lines, "a random file passed verification"
    for line in lines:
        m = OUTPUT.match(line)
        assert m and m.group("file") == str(path), line


MOVE = re.compile(r"^[RGYB][1-4][ +]")       # a move line: token, then squares or '+roll'


def edit_may_keep_the_game(lines, i, edit):
    """Whether replacing record line i by `edit` may still describe the same game, so that
    `verify` may rightly find no problem; otherwise the game changed and it must report one.

    By docs/record-format.md (and ludo/record.py, ludo/notation.py, which read it), an edit
    may keep the game only when:
    - it is the same text;
    - the line is an annotation (`kind B hard`: changes no position) and the edit is blank,
      only spaces, a comment (all ignored) or another `kind` line;
    - the line is a move and the edit names a token of the same colour: the same move may be
      written with another token of its pile or the yard, with its captures left out, as
      `R1+6`, or with spaces around;
    - the line is a roll and the edit is a hand roll (`roll N hand`): hand rolls are not
      checked against the seed, and when the value cannot move either, another value
      leads to the same position;
    - the next line is `undo`, which takes back whatever legal action the edit is (unless
      the edit is blank or a comment: then the undo takes back the action before, as when
      the line is dropped);
    - the line is the footer and the edit is a footer with the same result and termination;
    - the line is the header and the edit is a JSON object with the same format, preset,
      players and commitment (the start time is not covered by the commitment).
    Anything else changes the game: a line dropped (blank or comment), any other text in
    place of an action, the header or the footer."""
    line = lines[i]
    if edit == line:
        return True
    if i == 0:
        try:
            head = json.loads(edit)
        except ValueError:
            return False
        want = json.loads(line)
        return isinstance(head, dict) and all(
            head.get(k) == want[k] for k in ("format", "preset", "players", "commitment"))
    ignored = not edit.strip() or edit.strip()[0] == "#"
    if line.startswith("kind "):
        return ignored or edit.startswith("kind ")
    if MOVE.match(line):
        if re.match(r"^%s[1-4][ +]" % line[0], edit.strip()):
            return True
    if line.startswith("roll ") and re.fullmatch(r"roll [1-6] hand", edit):
        return True
    if i + 1 < len(lines) and lines[i + 1] == "undo" and not ignored:
        return True
    if i == len(lines) - 1 and line.startswith("{"):
        try:
            foot = json.loads(edit)
        except ValueError:
            return False
        want = json.loads(line)
        return isinstance(foot, dict) and all(foot.get(k) == want[k] for k in ("result", "termination"))
    return False


# record-like lines, and small edits of the line itself, to try besides any text
RECORD_LINES = ["", "#", "undo", "pass", "roll 6", "roll 1", "roll 6 hand", "R1 y-0", "Y1 y-26",
                "R1 0-6xY2", "R1+6", "kind Y easy", "kind R medium", "resign R", "resign Y",
                "timeout R", '{"result":"R"}', '{"result":"Y"}', '{"result":"*"}']


def small_edit(line, data):
    """The line with one character deleted, replaced or inserted."""
    if line:
        k = data.draw(st.integers(0, len(line) - 1))
    else:
        k = 0
    how = data.draw(st.sampled_from(["delete", "replace", "insert"]))
    ch = data.draw(st.sampled_from(list("0123456789 RGYBhycx-+/#{}") + ["é"]))
    if how == "delete":
        return line[:k] + line[k + 1:]
    if how == "replace":
        return line[:k] + ch + line[k + 1:]
    return line[:k] + ch + line[k:]


@given(data=st.data())
def test_mutated_real_records_give_problems_not_crashes(tmp_path_factory, finished_game_text, data):
    """A real record with a line dropped, doubled, edited or the file cut: `verify` reports
    problems as `file:line: message` lines and never crashes; it reports at least one (exit
    code 1) whenever the change alters the game (see edit_may_keep_the_game for an edit)."""
    lines = finished_game_text.split("\n")[:-1]
    original = list(lines)
    i = data.draw(st.integers(0, len(lines) - 1))
    mutation = data.draw(st.sampled_from(["drop", "dup", "edit", "cut"]))
    annotation = lines[i].startswith("kind ")      # changes no position: may go or repeat
    if mutation == "drop":
        del lines[i]
    elif mutation == "dup":
        lines.insert(i, lines[i])
    elif mutation == "edit":
        lines[i] = data.draw(st.one_of(
            st.text(max_size=40).filter(lambda t: "\n" not in t and "\r" not in t),
            st.sampled_from(RECORD_LINES),
            st.just(None)))
        if lines[i] is None:
            lines[i] = small_edit(original[i], data)
        if original[i].startswith("roll ") and data.draw(st.booleans()):
            lines[i] = "roll %d" % data.draw(st.integers(1, 6))     # another value, or the same
    text = "\n".join(lines) + "\n"
    if mutation == "cut":
        text = text[:data.draw(st.integers(0, len(text) - 1))]
    path = tmp_path_factory.mktemp("fz") / "m.ludo"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code, out = verify_output(path)
    for line in out:
        m = OUTPUT.match(line)
        assert m and m.group("file") == str(path), line
    assert code in (0, 1), code
    assert (code == 0) == (out == []), (code, out)
    if mutation == "cut" or (mutation in ("drop", "dup") and not annotation):
        assert code == 1 and out
    if mutation == "edit" and not edit_may_keep_the_game(original, i, lines[i]):
        assert code == 1 and out, "line %d %r edited to %r: no problem reported" % (
            i + 1, original[i], lines[i])


def test_every_roll_of_a_real_record_edited_to_another_value_is_reported(tmp_path, finished_game_text):
    """docs/record-format.md: `verify` reports "each `roll N` the revealed seed does not
    give" — every roll line of a real record, changed to the next value, is a problem (exit
    code 1) even where the other value leaves every later action legal."""
    lines = finished_game_text.split("\n")[:-1]
    rolls = [i for i, line in enumerate(lines) if re.fullmatch(r"roll [1-6]", line)]
    assert len(rolls) > 100
    path = tmp_path / "r.ludo"
    for i in rolls:
        edited = list(lines)
        edited[i] = "roll %d" % (int(lines[i][5]) % 6 + 1)
        path.write_text("\n".join(edited) + "\n")
        code, out = verify_output(path)
        assert code == 1 and out, "line %d %r edited to %r: no problem reported" % (i + 1, lines[i], edited[i])
