"""One game's record file as the logger writes it: append-only, one fsync per line.

The file holds the record lines the board numbered 0 (header), 1.. (actions)
and last the footer; a line's sequence number is its index.  Lines are
written whole with a single `os.write` and synced, so a power cut or Ctrl-C
leaves only complete lines (a torn last line from a crash of the OS is cut
off when the file is resumed).
"""
import hashlib
import json
import os
import re

from .lines import canonical_json
from .._regular import open_regular

GAME_ID = re.compile(r"\A[0-9a-f]{8}\Z")
ABANDONED_FOOTER = '{"result":"*","seed":null,"termination":"abandoned"}'
MAX_FUTURE = 4096          # out-of-order lines kept while a gap is being filled
MAX_RESUME_BYTES = 8 << 20  # a record file we are willing to resume from


def safe_file_stem(game_id):
    """A file name stem for a game id that never comes unsanitised from the device."""
    if isinstance(game_id, str) and GAME_ID.match(game_id):
        return game_id
    digest = hashlib.sha256(repr(game_id).encode("utf-8", "replace")).hexdigest()[:12]
    return "unnamed-" + digest


def _fsync_dir(path):
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def is_footer(seq, text):
    return seq > 0 and text.startswith("{")


def file_path(game_id, directory, n=1):
    """The record file of a game id; n > 1: the n-th game that had the same id
    (a seed given again gives the same id), `<id>-<n>.ludo`."""
    return os.path.join(directory, safe_file_stem(game_id) + ("-%d" % n if n > 1 else "") + ".ludo")


def latest_number(game_id, directory):
    """The highest n whose file exists for the game id (1 when none does)."""
    n = 1
    while os.path.exists(file_path(game_id, directory, n + 1)):
        n += 1
    return n


# A line of the board's record (docs/record-format.md): the header and the footer are JSON
# objects; an action is one of these.
_PLACE = r"(?:y|c|h[1-5]|[0-9]|[1-4][0-9]|5[01])"
ACTION_LINE = re.compile(r"\A(?:roll [1-6](?: hand)?|pass|undo|(?:resign|timeout) [RGYB]"
                         r"|kind [RGYB] (?:human|easy|medium|hard|expert)"
                         r"|[RGYB][1-4] %s-%s(?:x(?:[RGYB][1-4])+)?(?:/[1-6])?)\Z" % (_PLACE, _PLACE))


def with_names(text, names, players=None):
    """A header's or footer's text with the seats' names (`names`: {seat: name}; those of
    `players` only, when given) as its `names` field (docs/record-format.md); the text as it
    is when there are none."""
    if not names:
        return text
    try:
        obj = json.loads(text)
    except ValueError:
        return text
    if players is None:
        players = obj.get("players") if isinstance(obj.get("players"), str) else "RGYB"
    given = {k: v for k, v in dict(names).items() if k in players and v}    # (a copy: the page's thread sets names)
    if not isinstance(obj, dict) or not given:
        return text
    obj["names"] = given
    return canonical_json(obj)


def without_names(text):
    """A line as the board sent it: a header or footer without the `names` the logger added."""
    if not text.startswith("{") or '"names"' not in text:
        return text
    try:
        obj = json.loads(text)
    except ValueError:
        return text
    if not isinstance(obj, dict):
        return text
    obj.pop("names", None)
    return canonical_json(obj)


def _first_damaged(lines):
    """The index of the first line (bytes) that is not a record line (not UTF-8, not the
    header's or the footer's JSON object, not an action); len(lines) when none is."""
    for i, raw in enumerate(lines):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return i
        if i == 0 or text.startswith("{"):
            try:
                obj = json.loads(text)
            except ValueError:
                return i
            if not isinstance(obj, dict) or (i > 0 and i < len(lines) - 1):   # a footer ends it
                return i
        elif not ACTION_LINE.match(text):
            return i
    return len(lines)


def _keep_aside(path):
    """Copy the file to <path>.damaged (-2, -3 ... if taken); returns the copy's path."""
    n = 1
    while True:
        keep = path + ".damaged" + ("-%d" % n if n > 1 else "")
        if not os.path.exists(keep):
            break
        n += 1
    with open(path, "rb") as src, open(keep, "wb") as dst:
        dst.write(src.read())
        dst.flush()
        os.fsync(dst.fileno())
    return keep


class GameFile:
    """The record of one game, in memory (for duplicate checks) and on disk."""

    def __init__(self, game_id, directory, n=1, names=None):
        self.game_id = game_id
        self.names = names if names is not None else {}   # {seat: name}: the header's and footer's `names`
        self.directory = directory
        self.n = n
        self.path = file_path(game_id, directory, n)
        self.lines = []          # index = sequence number
        self.future = {}         # seq -> text received ahead of a gap
        self.finished = False
        self.resumed = False
        self.damaged = None      # (line number, where the file as it was is kept) when resumed
        self._fd = None
        self._resume()

    # -- state -------------------------------------------------------------
    @property
    def next_seq(self):
        return len(self.lines)

    @property
    def has_gap(self):
        return bool(self.future) and not self.finished

    def _resume(self):
        """Pick up a file a previous run (or this run before a restart) left."""
        try:
            size = os.path.getsize(self.path)
        except OSError:
            return
        if size > MAX_RESUME_BYTES:
            raise OSError("%s is too large to resume (%d bytes)" % (self.path, size))
        with open_regular(self.path) as fh:      # a FIFO is refused, not waited on for ever
            data = fh.read()
        complete = data[:data.rfind(b"\n") + 1]
        if len(complete) != len(data):
            # A torn last line (crash mid-write): drop it, the board resends it.
            with open(self.path, "r+b") as fh:
                fh.truncate(len(complete))
                fh.flush()
                os.fsync(fh.fileno())
        lines = complete.split(b"\n")[:-1] if complete else []
        good = _first_damaged(lines)
        if good < len(lines):
            # A damaged line (a disk fault, an editor): the lines from it on are taken
            # again from the board (it resends them); the file as it was is kept aside.
            self.damaged = (good + 1, _keep_aside(self.path))
            lines = lines[:good]
            self._rewrite(b"".join(line + b"\n" for line in lines))
        self.lines = [line.decode("utf-8") for line in lines]
        self.resumed = True
        if self.lines and is_footer(len(self.lines) - 1, self.lines[-1]):
            self.finished = True

    # -- writing -----------------------------------------------------------
    def _rewrite(self, data):
        """The file made `data` whole: written beside it, synced, then renamed over it (a
        power cut leaves the old file or the new one, never half of either)."""
        with open(self.path + ".tmp", "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(self.path + ".tmp", self.path)
        _fsync_dir(self.directory)

    def _write_line(self, text):
        if self._fd is None:
            created = not os.path.exists(self.path)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            if created:
                _fsync_dir(self.directory)
        data = (text + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            n = os.write(self._fd, view)
            view = view[n:]
        os.fsync(self._fd)

    def offer(self, seq, text):
        """Take the line numbered `seq`.

        Returns "new" (written; possibly more lines from the gap buffer too),
        "dup" (already held, same text), "conflict" (already held, different
        text: kept as it was), "ahead" (kept until the gap before it is
        filled) or "late" (the game is finished; ignored).
        """
        if seq < len(self.lines):
            return "dup" if without_names(self.lines[seq]) == without_names(text) else "conflict"
        if self.finished:
            return "late"
        if seq > len(self.lines):
            if len(self.future) < MAX_FUTURE or seq in self.future:
                self.future[seq] = text
            return "ahead"
        self._append(text)
        while not self.finished and len(self.lines) in self.future:
            self._append(self.future.pop(len(self.lines)))
        return "new"

    def _append(self, text):
        seq = len(self.lines)
        if seq == 0 or is_footer(seq, text):        # the names the PC knows now (not a rule)
            players = None
            if seq > 0:
                try:
                    players = str(json.loads(self.lines[0]).get("players", ""))
                except (ValueError, AttributeError):
                    players = ""
            text = with_names(without_names(text), self.names, players)
        self._write_line(text)
        self.lines.append(text)
        if is_footer(seq, text):
            self.finished = True
            self.future.clear()
            self.close()

    @property
    def abandoned_here(self):
        """Finished by the logger's own abandoned footer (a board said it no longer had the
        game), not by a footer the board sent."""
        return self.finished and len(self.lines) > 1 and without_names(self.lines[-1]) == ABANDONED_FOOTER

    def take_up(self):
        """The game is on a board again after all: the logger's abandoned footer is taken
        off (the file rewritten whole, then renamed over it), and the game goes on here."""
        if not self.abandoned_here:
            return False
        keep = self.lines[:-1]
        self.close()
        self._rewrite("".join(text + "\n" for text in keep).encode("utf-8"))
        self.lines = keep
        self.finished = False
        return True

    def abandon(self):
        """Finish the file as abandoned (the board no longer has the game)."""
        if self.finished or not self.lines:
            return False
        self.future.clear()
        self._append(ABANDONED_FOOTER)
        return True

    def close(self):
        if self._fd is not None:
            try:
                os.close(self._fd)
            finally:
                self._fd = None
