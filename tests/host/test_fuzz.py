"""Hypothesis-fuzzed serial lines and record files: no crash, one clear error line."""
import argparse
import contextlib
import io
import json
import re

from hypothesis import given, strategies as st

from ludo_host._lines import LineSplitter
from ludo_host._status import StatusLine
from ludo_host.logger import Logger
from ludo_host import verify

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


@given(data=st.data())
def test_mutated_real_records_give_problems_not_crashes(tmp_path_factory, finished_game_text, data):
    lines = finished_game_text.split("\n")[:-1]
    i = data.draw(st.integers(0, len(lines) - 1))
    mutation = data.draw(st.sampled_from(["drop", "dup", "edit", "cut"]))
    annotation = lines[i].startswith("kind ")      # changes no position: may go or repeat
    if mutation == "drop":
        del lines[i]
    elif mutation == "dup":
        lines.insert(i, lines[i])
    elif mutation == "edit":
        lines[i] = data.draw(st.text(max_size=40).filter(lambda t: "\n" not in t and "\r" not in t))
    text = "\n".join(lines) + "\n"
    if mutation == "cut":
        text = text[:data.draw(st.integers(0, len(text) - 1))]
    path = tmp_path_factory.mktemp("fz") / "m.ludo"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code, lines = verify_output(path)
    for line in lines:
        m = OUTPUT.match(line)
        assert m and m.group("file") == str(path), line
    if mutation == "cut" or (mutation in ("drop", "dup") and not annotation):
        assert code == 1 and lines
