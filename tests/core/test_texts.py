"""The core's texts read back: the one-line position (docs/position.md) and the game
record (docs/record-format.md). Bad text gives the documented error, naming where."""
import random

import pytest
from hypothesis import given, settings, strategies as st

import ludo
from ludo.replay import game_of
from rulehelp import random_game

BASE = "classic RY R=5,y,y,y/Y=y,y,y,y R move 2 0 6"


# ---- positions -----------------------------------------------------------------------------

@pytest.mark.parametrize("text,words", [
    ("classic RY R=y,y,y,y/Y=y,y,y,y R move 2 0 6", "a move is due that no token can make"),
    ("classic RY R=c,c,c,c/Y=y,y,y,y R roll - 0 0", "R has won: the game is over"),
    ("classic RY R=c,c,c,c/Y=y,y,y,y R over - 0 0 won=RY:resigned", "no game is won by RY"),
    ("classic RGYB R=y,y,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R roll - 0 0 out=RGYB", "two seats still playing"),
    (BASE + " ro=RY:3:R", "only a roll-off has it"),
    ("classic RY R=y,y,y,y/Y=y,y,y,y R roll - 99999999 0", "counters out of range"),
    ("classic:three_sixes=none RY R=y,y,y,y/Y=y,y,y,y R roll - 300 0", "counters out of range"),
    ("classic RY R=y,y,y,y/Y=y,y,y,y R roll - \u0663 0", "bad counters"),
    ("club:rolloff=1 RGYB R=y,y,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R rolloff - 0 0 ro=RGYB:99999:R", "bad roll-off"),
    ("club:rolloff=1 RGYB R=y,y,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R rolloff - 0 0 ro=RGYB:\u00b2:R", "bad roll-off"),
])
def test_a_position_no_game_can_reach_is_refused_by_name(text, words):
    """docs/position.md: a text that is not a position a game can reach raises PositionError
    quoting the text (so the driving loop never meets a move due with none legal, or a game
    going on that somebody has won)."""
    with pytest.raises(ludo.PositionError, match=words) as info:
        ludo.Game.from_position(text)
    assert repr(text) in str(info.value) and "\n" not in str(info.value)


def test_positions_games_reach_still_read():
    assert ludo.Game.from_position(BASE).position() == BASE
    won = "classic RY R=c,c,c,c/Y=y,y,y,y R over - 0 9 won=R:finished"
    assert ludo.Game.from_position(won).outcome().winners == (0,)


def _mutations(text, rng):
    chars = "0123456789 -,:=/ychxRGYB\u00b2\u0663\u00e9"
    for _ in range(200):
        k = rng.randrange(len(text) + 1)
        how = rng.randrange(3)
        ch = rng.choice(chars)
        if how == 0:
            yield text[:k] + text[k + 1:]
        elif how == 1:
            yield text[:k] + ch + text[k + 1:]
        else:
            yield text[:k] + ch + text[k:]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(["family", "classic", "club", "strict"]))
def test_a_mangled_position_gives_a_position_error_or_a_game_never_another_error(seed, preset):
    """Any text gives a Game or one PositionError: never another exception type."""
    rng = random.Random(seed)
    g = random_game(preset, 4 if preset != "strict" else 2, seed, rng=rng)
    for _ in range(rng.randrange(len(g))):     # back to a position along the way
        g.pop()
    for text in _mutations(g.position(), rng):
        try:
            got = ludo.Game.from_position(text)
        except ludo.PositionError as exc:
            assert "\n" not in str(exc)
            continue
        assert ludo.Game.from_position(got.position()).position() == got.position()


# ---- records -------------------------------------------------------------------------------

def _record_text(seed=5):
    g = random_game("classic", 2, seed)
    return str(g.record()), g


def test_errors_name_the_files_line_numbers_when_comments_and_blanks_are_skipped():
    """docs/record-format.md: `.errors` lists (line number, message): the line of the file,
    blank lines and comments counted."""
    text, _ = _record_text()
    lines = text.split("\n")
    lines[1:1] = ["# a comment", "", "# another"]      # the actions now start at line 5
    lines[6] = "R9 foo"                                 # line 7, the third action
    rec = ludo.Record.parse("\n".join(lines))
    game_of(rec, strict=False)
    assert [n for n, _ in rec.errors] == [7]
    assert rec.errors[0][1].startswith("action 3 ('R9 foo')")
    with pytest.raises(ludo.RecordError, match=r"^line 7: action 3 \('R9 foo'\)"):
        game_of(ludo.Record.parse("\n".join(lines)))
    problems = ludo.verify_record(ludo.Record.parse("\n".join(lines)))
    assert problems[0][0] == 7


def test_a_last_line_cut_short_is_not_played():
    """A cut line may read as another action ('roll 4 hand' cut to 'roll 4', a club move's
    '/1' cut off): the reader reports it and the replay stops before it."""
    g = ludo.Game("classic", players=2, seed=3)
    g.roll(4)
    g.roll(4)                   # Yellow's 4: hand rolls are 'roll 4 hand'
    text = str(g.record())
    cut = text[:-len(" hand\n")]
    assert cut.endswith("roll 4")
    rec = ludo.Record.parse(cut)
    assert rec.errors == [(3, "last line is cut short (no line end): file truncated?")]
    assert rec.actions == ["roll 4 hand"]
    assert game_of(rec).codes == g.codes[:1]


def test_a_header_that_cannot_start_a_game_says_what_it_lacks():
    rec = ludo.Record({"format": "ludo-record/1", "players": "RY"}, ["roll 6"])
    with pytest.raises(ludo.RecordError, match="the header has no 'preset'"):
        game_of(rec)
    bad = ludo.Record.parse('{"format":"ludo-record/1","preset":"classic","players":"RY",'
                            '"options":{"warp":true}}\nroll 6\n{"result":"*","seed":"5"}\n')
    problems = ludo.verify_record(bad)
    assert problems == sorted(problems) and problems[0][0] == 1
    with pytest.raises(TypeError, match="str or bytes"):
        ludo.Record.parse(None)


# ---- move text -------------------------------------------------------------------------------

@pytest.mark.parametrize("text,words", [("zz top", "no token 'zz'"), ("R1+x", r"like R1\+6"),
                                        ("R1 y-0/9", "like R1 y-0/1"), ("R1 3-9", "illegal move")])
def test_a_bad_move_text_quotes_the_text_and_the_position(text, words):
    """docs/api.md: errors quote the bad input and the position."""
    g = ludo.Game("classic", seed=1)
    g.roll(6)
    with pytest.raises(ludo.IllegalMoveError, match=words) as info:
        g.push(text)
    assert repr(text) in str(info.value) and str(info.value).endswith(g.position())


@pytest.mark.parametrize("token, error", [(-1, IndexError), (16, IndexError), ("R1", TypeError)])
def test_a_token_that_is_not_0_to_15_is_an_error_not_another_tokens_place(token, error):
    # (-1 used to read token 15's place: Python's negative index)
    g = ludo.Game("classic", players=4, seed=1)
    with pytest.raises(error):
        g.progress(token)
    with pytest.raises(error):
        g.place(token)
    assert g.place(0) == "yR1" and g.progress(15) == -1


def test_an_on_off_value_is_no_seed():
    # (True was taken as seed 1: bool is an int in Python)
    with pytest.raises(ValueError, match="seed must be a non-negative whole number, not True"):
        ludo.Game("classic", players=2, seed=True)


@pytest.mark.parametrize("act", [
    lambda g: g.roll(7), lambda g: g.roll(True), lambda g: g.pop(), lambda g: g.resign("R"),
    lambda g: g.timeout(), lambda g: g.push_code(999), lambda g: g.push_code(7),
    lambda g: ludo.Game(g.rules, seed=False).roll(), lambda g: g.push("R1 0-6")],
    ids=["roll 7", "roll True", "pop nothing", "resign in classic", "timeout no deadline",
         "code 999", "code 7", "roll seedless", "illegal move"])
def test_every_illegal_action_names_the_position(act):
    # (the issue: typed errors quoting the bad input and the position)
    g = ludo.Game("classic", players=4, seed=1)
    with pytest.raises(ludo.IllegalMoveError) as err:
        act(g)
    assert g.position().split()[0] in str(err.value) and "RGYB" in str(err.value)


def test_event_kinds_are_named_integers_behind_the_protocols_words():
    """Game.event_at gives the last action's events as kind << 4 | subject, with the kinds
    named in ludo.actions (EV_*): the lights read them without text, and the words of
    last_events are made from the same bytes.  A pass names the seat that rolled."""
    from ludo import actions
    words = {actions.EV_PASS: "pass", actions.EV_BONUS: "bonus", actions.EV_CAPTURE: "capture ",
             actions.EV_HOME: "home ", actions.EV_WIN: "win "}
    seen = set()
    for seed in range(1, 30):
        g = ludo.Game("classic", players=2, seed=seed)
        while not g.is_over() and len(g.transcript) < 2000:
            roller = g.turn
            if g.needs_roll():
                g.roll()
            else:
                g.push(g.legal_moves[0])
            texts = g.last_events
            assert g.event_count == len(texts)
            for i in range(g.event_count):
                e = g.event_at(i)
                kind = e >> 4
                assert texts[i] == actions.event_text(e)
                if kind in words:
                    assert texts[i].startswith(words[kind])
                    seen.add(kind)
                if kind == actions.EV_PASS:
                    assert e & 15 == roller         # the seat that rolled, not the next
        if seen >= set(words):
            break
    assert seen >= set(words)
