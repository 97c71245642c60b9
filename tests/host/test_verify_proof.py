"""`ludo-host verify`: a record is proof of fair dice.  Records whose dice a player chose
fail with a line naming the cheat; the commitment covers the header's set-up; a seed is
decimal ASCII; what the format says is ignored is ignored; control characters from a
record never reach the terminal.  The reproductions are in tests/host/repro/ (README)."""
import json
import pathlib
import re

import pytest

import games
import ludo

REPRO = pathlib.Path(__file__).resolve().parent / "repro"
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")     # any but the line ends


def lines_of(text):
    return text.split("\n")[:-1]


def canonical(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def write(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


def edit_header(text, **changes):
    lines = lines_of(text)
    lines[0] = canonical(dict(json.loads(lines[0]), **changes))
    return lines


# -- the reproductions -----------------------------------------------------------

@pytest.mark.parametrize("name,line,message", [
    ("cheat-hand-rolls.ludo", 2,
     "roll 1 of the game (roll 6 hand) is marked hand in a device-dice record: its value was chosen, not thrown"),
    ("device-roll-as-hand-roll.ludo", 101,
     "roll 51 of the game (roll 2 hand) is marked hand in a device-dice record: its value was chosen, not thrown"),
    ("cheat-seed-withheld.ludo", 123, "finished game withholds its seed: no roll can be checked"),
    ("seed-withheld-honest.ludo", 301, "finished game withholds its seed: no roll can be checked"),
    ("game-id-not-commitment.ludo", 1, "game id 'deadbeef' is not the commitment's first 8 hex digits (73475cb4)"),
    ("seed-super.ludo", 301, "footer seed '\u00b2' is not a whole number in decimal digits"),
])
def test_a_repro_record_fails_with_a_line_naming_what_is_wrong(cli, name, line, message):
    path = REPRO / name
    out = cli("verify", "-q", path)
    assert out.returncode == 1, out.stdout
    assert "%s:%d: %s" % (path, line, message) in out.stdout.splitlines(), out.stdout
    assert "rules core failed" not in out.stdout and "Traceback" not in out.stderr


def test_every_roll_relabelled_hand_is_named(cli):
    path = REPRO / "cheat-hand-rolls.ludo"
    rolls = [i + 1 for i, x in enumerate(lines_of(path.read_text())) if re.fullmatch(r"roll \d hand", x)]
    out = cli("verify", "-q", path)
    named = [int(m.group(1)) for m in re.finditer(r":(\d+): roll \d+ of the game \(roll \d hand\) is marked hand",
                                                 out.stdout)]
    assert named == rolls and len(rolls) > 50


@pytest.mark.parametrize("name", ["trailing-blank.ludo", "trailing-comment.ludo", "spaces-line.ludo", "bom.ludo"])
def test_an_honest_record_with_ignored_lines_verifies(cli, name):
    """docs/record-format.md: blank, whitespace-only and `#` lines anywhere (after the
    footer too) and a leading byte-order mark are ignored."""
    path = REPRO / name
    out = cli("verify", path)
    assert out.returncode == 0, out.stdout
    assert out.stdout.splitlines()[0] == "%s: ok (73475cb4 classic RY, 299 actions, result R)" % path


def test_an_older_record_verifies_and_says_what_its_commitment_leaves_out(cli):
    """A ludo-record/1 commitment is of the seed alone: the preset changed from strict to
    classic is not caught, and verify says which fields were open to such a change."""
    path = REPRO / "preset-changed-strict-to-classic.ludo"
    out = cli("verify", path)
    assert out.returncode == 0, out.stdout
    assert out.stdout.splitlines() == [
        "%s: ok (f4d1f84a classic RY, 80 actions, result R)" % path,
        "%s: warning: written as ludo-record/1, whose commitment covers the seed alone: its preset, "
        "options, players, kinds and dice could have been changed unseen" % path]
    assert cli("verify", "-q", path).stdout == ""


@pytest.mark.parametrize("name", ["esc-in-game-id.ludo", "c1-in-game-id.ludo"])
def test_control_characters_in_a_header_never_reach_the_terminal(cli, name):
    path = REPRO / name
    out = cli("verify", path)
    assert out.returncode == 1
    assert "game id" in out.stdout and not CONTROL.search(out.stdout + out.stderr), repr(out.stdout)
    out = cli("replay", path, "--to", "5", "--color", "never")
    assert out.returncode == 0, out.stderr
    assert "game \\x1b]0;PWNED" in out.stdout or "game \\x9b2J" in out.stdout, out.stdout
    assert not CONTROL.search(out.stdout + out.stderr), repr(out.stdout)


def test_a_file_name_with_an_escape_is_printed_escaped(cli, tmp_path):
    path = tmp_path / "\x1b]0;retitled\x07.ludo"
    out = cli("verify", path)
    assert out.returncode == 1
    assert out.stdout == "%s: cannot open: No such file or directory\n" % str(path).replace(
        "\x1b", "\\x1b").replace("\x07", "\\x07")


# -- ludo-record/2: the commitment covers the set-up --------------------------------

@pytest.fixture(scope="module")
def strict_text():
    return games.record_text(seed=5, preset="strict", kinds={"Y": "hard"})


def test_a_record_of_the_devices_dice_verifies(cli, tmp_path, strict_text):
    head = json.loads(lines_of(strict_text)[0])
    assert head["format"] == "ludo-record/2" and head["dice"] == "device"
    out = cli("verify", write(tmp_path, "g.ludo", lines_of(strict_text)))
    assert out.returncode == 0 and out.stdout.count("\n") == 1, out.stdout


@pytest.mark.parametrize("changes", [
    {"preset": "classic", "options": {}},
    {"kinds": {"R": "human", "Y": "human"}},
    {"kinds": {"R": "hard", "Y": "hard"}},
    {"dice": "hand"},
    {"options": dict(json.loads(games.record_text(seed=5, preset="strict").split("\n")[0])["options"],
                     deadline=30)},
], ids=["preset", "kinds-human", "kinds-hard", "dice", "options"])
def test_a_changed_set_up_does_not_match_the_commitment(cli, tmp_path, strict_text, changes):
    lines = edit_header(strict_text, **changes)
    path = write(tmp_path, "g.ludo", lines)
    out = cli("verify", path)
    assert out.returncode == 1
    seed = json.loads(lines[-1])["seed"]
    said = [x for x in out.stdout.splitlines()
            if x.startswith("%s:%d: seed %s does not match the commitment " % (path, len(lines), seed))]
    assert len(said) == 1, out.stdout
    assert said[0].endswith("the seed, or the header's preset, options, players, kinds or dice, were changed")


def test_a_changed_game_id_is_caught(cli, tmp_path, strict_text):
    head = json.loads(lines_of(strict_text)[0])
    path = write(tmp_path, "g.ludo", edit_header(strict_text, game="deadbeef"))
    out = cli("verify", path)
    assert out.stdout.splitlines() == [
        "%s:1: game id 'deadbeef' is not the commitment's first 8 hex digits (%s)" % (path, head["game"])]


def test_a_header_without_its_dice_is_refused(cli, tmp_path, strict_text):
    lines = lines_of(strict_text)
    head = json.loads(lines[0])
    del head["dice"]
    lines[0] = canonical(head)
    out = cli("verify", write(tmp_path, "g.ludo", lines))
    assert out.returncode == 1
    assert out.stdout.endswith(':1: header needs "dice": "device" (the game\'s own dice) or "hand" '
                               '(entered by hand)\n'), out.stdout


@pytest.mark.parametrize("seed", ["\u00b2", "\uff15", "0005", "+5", " 5", "5 ", "5_0", "", "1" * 81, 5])
def test_a_seed_not_in_canonical_decimal_is_refused(tmp_path, strict_text, seed):
    lines = lines_of(strict_text)
    lines[-1] = canonical(dict(json.loads(lines[-1]), seed=seed))
    problems = ludo.verify_record(ludo.Record.parse("\n".join(lines) + "\n"))
    assert problems == [(len(lines), "footer seed %r is not a whole number in decimal digits" % (seed,))]


def test_a_device_roll_entered_by_hand_in_the_core_fails_verify():
    """The rules core lets a device-dice game be given a die's value; its record says so,
    and verify names the roll."""
    g = ludo.Game("classic", players=2, seed=9)
    g.roll(6)
    rec = ludo.Record.parse(str(g.record()))
    assert rec.actions == ["roll 6 hand"]
    assert (2, "roll 1 of the game (roll 6 hand) is marked hand in a device-dice record: its value "
            "was chosen, not thrown") in ludo.verify_record(rec)


def test_a_hand_dice_record_reveals_its_seed_and_verifies(cli, tmp_path):
    text = games.record_text(seed=3, dice="hand", kinds={"R": "easy"})
    lines = lines_of(text)
    assert json.loads(lines[0])["dice"] == "hand"
    assert all(x.endswith(" hand") for x in lines if x.startswith("roll "))
    assert json.loads(lines[-1])["seed"] is not None
    out = cli("verify", write(tmp_path, "h.ludo", lines))
    assert out.returncode == 0 and out.stdout.count("\n") == 1, out.stdout
    # a roll not marked hand, or the seed withheld: refused
    i = next(k for k, x in enumerate(lines) if x.startswith("roll "))
    bad = list(lines)
    bad[i] = bad[i][:-len(" hand")]
    out = cli("verify", "-q", write(tmp_path, "d.ludo", bad))
    assert out.stdout.splitlines() == ["%s:%d: roll 1 of the game (%s) is not marked hand in a hand-dice record"
                                       % (tmp_path / "d.ludo", i + 1, bad[i])]
    withheld = lines[:-1] + [canonical(dict(json.loads(lines[-1]), seed=None))]
    out = cli("verify", "-q", write(tmp_path, "w.ludo", withheld))
    assert out.stdout == "%s:%d: finished game withholds its seed: its commitment cannot be checked\n" % (
        tmp_path / "w.ludo", len(lines))


def test_an_abandoned_game_without_its_seed_is_a_warning(cli, tmp_path, strict_text):
    lines = lines_of(strict_text)[:20] + ['{"result":"*","seed":null,"termination":"abandoned"}']
    path = write(tmp_path, "a.ludo", lines)
    out = cli("verify", path)
    assert out.returncode == 0, out.stdout
    rolls = sum(1 for x in lines if re.fullmatch(r"roll \d", x))
    assert out.stdout.splitlines()[1] == (
        "%s: warning: nothing about this game's dice is proven: the footer reveals no seed, so its %d rolls, "
        "and the players, kinds and options it began with, could have been changed unseen" % (path, rolls))


@pytest.mark.parametrize("extra", [
    lambda lines: [""] + lines,
    lambda lines: ["# logged at the club", "\t"] + lines,
    lambda lines: lines[:5] + ["  # a comment", " \t "] + lines[5:],
    lambda lines: lines + ["", "# checked", "   "],
], ids=["blank-first", "comment-first", "inside", "after-footer"])
def test_ignored_lines_anywhere_change_nothing(cli, tmp_path, strict_text, extra):
    lines = extra(lines_of(strict_text))
    path = tmp_path / "g.ludo"
    path.write_bytes(b"\xef\xbb\xbf" + ("\n".join(lines) + "\n").encode())
    out = cli("verify", path)
    assert out.returncode == 0 and out.stdout.count("\n") == 1, out.stdout


def test_a_cut_last_line_that_is_a_comment_is_not_a_problem(cli, tmp_path, strict_text):
    path = tmp_path / "g.ludo"
    path.write_text(strict_text + "# checked by Ann")
    assert cli("verify", path).returncode == 0
    path.write_text(strict_text[:-1])           # the footer without its line end: still cut short
    out = cli("verify", "-q", path)
    assert "cut short" in out.stdout


def test_replay_names_the_line_of_a_bad_action_past_ignored_lines(cli, tmp_path, strict_text):
    lines = lines_of(strict_text)
    lines = lines[:3] + ["# a note", "  "] + lines[3:]
    k = next(i for i in range(8, len(lines)) if re.match(r"[RY][1-4] ", lines[i]))
    lines[k] = "pass"
    path = write(tmp_path, "g.ludo", lines)
    out = cli("replay", path, "--to", "0", "--color", "never")
    assert out.returncode == 0
    assert out.stderr.startswith("ludo-host replay: %s:%d: action %d ('pass'): " % (path, k + 1, k - 2)), out.stderr
