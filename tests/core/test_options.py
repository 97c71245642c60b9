"""Options and players: what a caller may ask of each preset, and the clear error
(`ludo.OptionError`, a ValueError, naming the option) for anything unknown or
contradictory.  Issue 2: "Unknown or contradictory options raise a clear error naming
the option."
"""
import pytest
from hypothesis import given, strategies as st

import ludo
from ludo.options import OPTIONS
from rulehelp import DEFAULTS

PRESETS = ("family", "classic", "club", "strict")


def game(preset, players=None, **options):
    return ludo.Game(preset, players=players, seed=1, options=options)


def turns_taken(g, n):
    """The seat letters of the next n turns, each turn a roll of 2 that nothing can use
    (every token is in the yard): family passes explicitly, the others end by themselves."""
    seen = ""
    for _ in range(n):
        seen += "RGYB"[g.turn]
        g.roll(2)
        if not g.needs_roll():
            assert [str(m) for m in g.legal_moves] == ["pass"], g.position()
            g.push("pass")
    return seen


# ---- every preset's options ------------------------------------------------------------

def test_option_error_is_a_value_error():
    """Issue 2: typed errors, "subclasses of `ValueError`"."""
    assert issubclass(ludo.OptionError, ValueError)
    assert issubclass(ludo.OptionError, ludo.LudoError)


@pytest.mark.parametrize("preset", PRESETS)
def test_options_defaults_are_the_presets_and_complete(preset):
    """docs/rules.md: each preset's options and defaults ("Option defaults per preset") — a
    game made without options carries exactly the preset's defaults, and no other option.
    The values are the table's, written out in rulehelp.DEFAULTS."""
    want = DEFAULTS[preset]
    assert ludo.option_defaults(preset) == want
    assert ludo.Game(preset, seed=1).options == want
    offered = sorted(n for n in OPTIONS if OPTIONS[n][1][PRESETS.index(preset)] is not None)
    assert offered == sorted(want)


@pytest.mark.parametrize("preset,name", [
    (p, n) for p in PRESETS for n in sorted(OPTIONS)
    if OPTIONS[n][1][PRESETS.index(p)] is None])
def test_option_not_offered_by_the_preset_is_refused_by_name(preset, name):
    """An option the preset does not offer (club's options elsewhere, family's star squares in
    club, strict's deadline elsewhere) raises OptionError naming it."""
    kind = OPTIONS[name][0]
    value = {0: True, 1: 2, 2: "free"}[kind]
    with pytest.raises(ludo.OptionError, match=name):
        game(preset, **{name: value})


@pytest.mark.parametrize("preset", PRESETS)
def test_unknown_option_is_refused_by_name(preset):
    """"Unknown or contradictory options raise a clear error naming the option." """
    with pytest.raises(ludo.OptionError, match="wild_squares"):
        game(preset, wild_squares=True)


@pytest.mark.parametrize("name,value", [
    ("rebound", "yes"), ("rebound", 2), ("rebound", None), ("entry_on_1", "1"),
    ("stars", []), ("tokens_to_win", "4"), ("tokens_to_win", True), ("tokens_to_win", 2.0),
    ("three_sixes", 1), ("three_sixes", "sometimes"), ("three_sixes", True)])
def test_option_of_the_wrong_type_is_refused_by_name(name, value):
    """Options have types: true/false, whole numbers, words; anything else is an OptionError
    naming the option."""
    with pytest.raises(ludo.OptionError, match=name):
        game("family", **{name: value})


@pytest.mark.parametrize("value", [0, 5, -1])
def test_tokens_to_win_is_one_to_four(value):
    """tokens_to_win counts a seat's tokens: 1 to 4."""
    with pytest.raises(ludo.OptionError, match="tokens_to_win"):
        game("classic", tokens_to_win=value)


def test_deadline_is_whole_seconds_not_negative():
    """strict's per-turn deadline: seconds, 0 (none) or more."""
    with pytest.raises(ludo.OptionError, match="deadline"):
        game("strict", deadline=-5)
    with pytest.raises(ludo.OptionError, match="deadline"):
        game("strict", deadline="30")
    assert game("strict", deadline=45).rules.deadline == 45


def test_bool_options_take_0_and_1_too():
    """A stored game's options are written `name=0/1`: 0 and 1 read as false and true."""
    g = game("family", rebound=1, stars=0)
    assert g.options["rebound"] is True and g.options["stars"] is False


@pytest.mark.parametrize("value", [1.0, 0.0, 2, "yes", None])
def test_bool_options_take_nothing_else(value):
    """docs/rules.md: on/off options take True/False or 1/0 (not 1.0: a PC's JSON may send it)."""
    with pytest.raises(ludo.OptionError, match="option 'stars' takes true or false"):
        game("family", stars=value)


@pytest.mark.parametrize("seconds,ok", [(0, True), (30, True), (3600, True), (3601, False), (-1, False)])
def test_deadline_is_seconds_from_0_to_an_hour(seconds, ok):
    """docs/rules.md: strict's `deadline`, seconds per turn, 0 = none, at most 3600."""
    if ok:
        assert ludo.Game("strict", seed=1, options={"deadline": seconds}).options["deadline"] == seconds
    else:
        with pytest.raises(ludo.OptionError, match="option 'deadline' is seconds, 0 to 3600"):
            ludo.Game("strict", seed=1, options={"deadline": seconds})


def test_options_must_be_a_dict():
    """`options` is a dict of name: value; anything else is an OptionError."""
    with pytest.raises(ludo.OptionError, match="options"):
        ludo.Game("family", seed=1, options=[("rebound", True)])


def test_unknown_preset_is_refused_by_name():
    """Only the four presets exist; the error names the bad one."""
    with pytest.raises(ludo.OptionError, match="chess"):
        ludo.Game("chess", seed=1)


# ---- contradictions ------------------------------------------------------------------------

def test_teams_in_free_mode_is_refused():
    """README: "Teams exist only in ordinary mode with four players" """
    with pytest.raises(ludo.OptionError, match="teams"):
        game("club", 4, teams=True, mode="free")


@pytest.mark.parametrize("players", [2, 3])
def test_teams_with_fewer_than_four_players_is_refused(players):
    """README: "Teams exist only in ordinary mode with four players" """
    with pytest.raises(ludo.OptionError, match="teams"):
        game("club", players, teams=True)


def test_free_mode_with_two_players_is_refused():
    """003: "Free mode by three or four." """
    with pytest.raises(ludo.OptionError, match="mode"):
        game("club", 2, mode="free")


def test_ordinary_mode_with_three_players_is_refused():
    """003: "The ordinary mode is played by two or four players" and "A three-player game is
    Free mode by force" """
    with pytest.raises(ludo.OptionError, match="mode"):
        game("club", 3, mode="ordinary")
    assert game("club", 3).options["mode"] == "free"


def test_unknown_mode_is_refused():
    """club's `mode` is "ordinary" or "free"."""
    with pytest.raises(ludo.OptionError, match="mode"):
        game("club", 4, mode="chaos")


def test_safe_squares_off_in_free_mode_is_refused():
    """003: "They are always on in this mode, with no question asked." """
    with pytest.raises(ludo.OptionError, match="safe_squares"):
        game("club", 4, mode="free", safe_squares=False)
    assert game("club", 4, mode="free", safe_squares=True).options["safe_squares"]


@pytest.mark.parametrize("n", [1, 3, 4])
def test_quick_with_another_tokens_to_win_is_refused(n):
    """003: Quick Ludo: "finishing two stones is enough to win" — asking for another count
    too is a contradiction."""
    with pytest.raises(ludo.OptionError, match="tokens_to_win"):
        game("club", 4, quick=True, tokens_to_win=n)
    assert game("club", 4, quick=True, tokens_to_win=2).rules.tokens_to_win == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_rolloff_and_highest_starts_together_are_refused(preset):
    """Two ways of choosing the starter cannot both apply: the error names one of them
    (no preset offers both, so it names the one the preset does not offer)."""
    with pytest.raises(ludo.OptionError, match="rolloff|highest_starts"):
        game(preset, rolloff=True, highest_starts=True)


# ---- seats: by count and by names ------------------------------------------------------------------

@pytest.mark.parametrize("preset,count,seats", [
    ("family", 2, (0, 1)), ("family", 3, (0, 1, 2)), ("family", 4, (0, 1, 2, 3)),
    ("classic", 2, (0, 2)), ("classic", 3, (0, 1, 2)), ("classic", 4, (0, 1, 2, 3)),
    ("club", 2, (0, 3)), ("club", 3, (0, 1, 2)), ("club", 4, (0, 1, 2, 3)),
    ("strict", 2, (0, 2)), ("strict", 3, (0, 1, 2)), ("strict", 4, (0, 1, 2, 3))])
def test_seats_by_count(preset, count, seats):
    """Seats for a player count: family 2 = Red+Green (README), classic 2 = Red+Yellow
    (002 rule 1), club 2 = Red+Blue (README), strict 2 = Red+Yellow (README); 3 players are
    Red, Green, Yellow everywhere."""
    assert ludo.Game(preset, players=count, seed=1).seats == seats


def test_default_player_counts():
    """Without `players`: four, and strict's two (README: strict "Two players: Red and
    Yellow")."""
    assert [len(ludo.Game(p, seed=1).seats) for p in PRESETS] == [4, 4, 4, 2]


@pytest.mark.parametrize("players,seats,order", [
    ("RY", (0, 2), "RYRY"), ("ry", (0, 2), "RYRY"), (("red", "yellow"), (0, 2), "RYRY"),
    (("Yellow", "RED"), (0, 2), "RYRY"), ((0, 2), (0, 2), "RYRY"), (("R", "yellow"), (0, 2), "RYRY"),
    # three seats given anticlockwise or mixed: with two, both ways round look alike
    ("YGR", (0, 1, 2), "RGYRGY"), (("blue", "yellow", "red"), (0, 2, 3), "RYBRYB"),
    ((3, 1, 0), (0, 1, 3), "RGBRGB"), (("b", "Green", 2, "R"), (0, 1, 2, 3), "RGYBRGYB")])
def test_seats_by_names_letters_or_indices(players, seats, order):
    """docs/api.md: "`players` is a count (2..4) or seats (`"RY"`, `("red", "yellow")`,
    `(0, 2)`)" — in any order and case; turns still go clockwise."""
    g = ludo.Game("classic", players=players, seed=1)
    assert g.seats == seats
    assert turns_taken(g, len(order)) == order


@given(st.lists(st.sampled_from("RGYB"), min_size=2, max_size=4, unique=True))
def test_any_two_to_four_distinct_seats_play_in_clockwise_order(letters):
    """Any 2..4 different seats may play; turns go clockwise from the first of them."""
    g = ludo.Game("family", players="".join(letters), seed=1)
    assert g.seats == tuple(sorted("RGYB".index(c) for c in letters))
    clockwise = "".join(c for c in "RGYB" if c in letters)     # R, G, Y, B around the board
    assert turns_taken(g, 2 * len(letters)) == clockwise * 2


@pytest.mark.parametrize("players", [("R", "R"), ("R",), (), ("R", "G", "Y", "B", "R"),
                                     ("R", "purple"), 1, 5, 2.5, "red"])
def test_bad_seats_are_refused(players):
    """Repeated, unknown, too few or too many seats are an OptionError."""
    with pytest.raises(ludo.OptionError):
        ludo.Game("family", players=players, seed=1)


@pytest.mark.parametrize("seats", [("R", "G"), ("Y", "B"), ("R", "Y"), ("G", "B")])
def test_club_ordinary_two_seats_must_face_each_other(seats):
    """README: ordinary mode "Rivals are facing colours only: Red and Blue, Green and Yellow.
    Two players: Red and Blue." — two seats that could never kill each other are refused."""
    with pytest.raises(ludo.OptionError, match="facing"):
        ludo.Game("club", players=seats, seed=1)


def test_club_ordinary_green_and_yellow_may_play():
    """README: "Rivals are facing colours only: ... Green and Yellow" — a facing pair other than the default Red and Blue."""
    g = ludo.Game("club", players=("G", "Y"), seed=1)
    assert g.seats == (1, 2) and g.rules.rival[1 * 4 + 2]


def test_club_free_mode_any_three_seats():
    """003 free mode with three players: any three yards may be used; each enters in front of
    its own yard."""
    g = ludo.Game("club", players="RGB", seed=1)
    assert g.rules.free and g.rules.entry[3] == 39


def test_options_survive_the_position_text():
    """Options that differ from the defaults are written in the position and read back."""
    g = game("family", rebound=True, three_sixes="void", tokens_to_win=3)
    h = ludo.Game.from_position(g.position())
    assert h.options == g.options
