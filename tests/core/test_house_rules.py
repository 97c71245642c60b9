"""House rules: every option in `ludo.OPTIONS` that a family can switch on top of a
preset (issue 2: "every variant named in 000's "House rules not used here" list (home
rebound, entry on a 1 as well as a 6, impassable blockades, bonus roll for entering the
centre, highest opening roll starts), plus star squares on/off, capture bonus on/off,
three-sixes policy (forfeit the third / void the turn / none) and tokens needed to win").

club's own options (mode, safe_squares, quick, mandatory_kill, teams, rolloff) and strict's
deadline are tested with their presets; test_every_option_is_tested checks the list.
"""
import pathlib
import re

import pytest
from hypothesis import given, strategies as st

import ludo
from ludo.options import OPTIONS
from rulehelp import start, moves, play, tokens, field, turn_letter, random_checked_game

HERE = pathlib.Path(__file__).parent


def test_every_option_is_tested():
    """Every option in OPTIONS has a test named after it in these files."""
    names = ""
    for f in ("test_house_rules.py", "test_rules_club.py", "test_rules_strict.py", "test_options.py"):
        names += " ".join(re.findall(r"def (test_\w+)", (HERE / f).read_text()))
    words = {"safe_squares": "safe_squares", "mandatory_kill": "mandatory_kill", "quick": "quick",
             "teams": "teams", "rolloff": "rolloff", "mode": "free_mode", "deadline": "deadline"}
    for name in sorted(OPTIONS):
        assert words.get(name, name) in names, "no test for option %r" % name


# ---- home rebound --------------------------------------------------------------------------

@pytest.mark.parametrize("preset,start_at,value,end", [
    ("family", "h4", 5, "h3"), ("classic", "h5", 6, "h1"), ("strict", "h2", 6, "h4"),
    ("club", "h4", 5, "h3"), ("club", "h5", 6, "h1")])
def test_rebound_overshoot_bounces_back(preset, start_at, value, end):
    """House rule "Home rebound (bouncing back from an overshoot)" (000's list): the steps
    left over walk back from the centre."""
    seats = "RY" if preset == "strict" else ("RB" if preset == "club" else "RG")
    g = start(preset, seats=seats, opts="rebound=1", R="%s,c,c,c" % start_at)
    g.roll(value)
    if preset == "club" and value == 6:
        g.roll(1)
    want = "R1 %s-%s" % (start_at, end)
    if preset == "club":        # pending rolls: a rebound names its roll (R1 h4-h3/5)
        want += "/%d" % value
    assert want in moves(g)


@given(st.integers(1, 5), st.integers(1, 6))
def test_rebound_never_leaves_the_column_and_exact_still_finishes(column, value):
    """"Home rebound": an exact roll still reaches the centre; any larger one stays in the
    home column."""
    g = start("family", seats="RG", opts="rebound=1", R="h%d,c,c,c" % column)
    g.roll(value)
    (m,) = g.legal_moves
    reach = 50 + column + value
    assert m.end == (reach if reach <= 56 else 112 - reach)
    assert m.end_place == ("cR" if value == 6 - column else "hR%d" % (m.end - 50))


def test_rebound_off_by_default_overshoot_cannot_move():
    """Without "Home rebound" (every preset's default) an overshoot cannot be played."""
    g = start("family", seats="RG", R="h4,c,c,c")
    g.roll(5)
    assert moves(g) == ["pass"]


# ---- entry on a 1 ---------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["family", "classic", "strict", "club"])
def test_entry_on_1_enters_onto_the_start_square(preset):
    """House rule "Entry on a 1 as well as a 6" (000's list)."""
    g = start(preset, seats="RB" if preset == "club" else "RY", opts="entry_on_1=1")
    g.roll(1)
    assert moves(g) == ["R1 y-0/1" if preset == "club" else "R1 y-0"]   # club: the roll spent


def test_entry_on_1_a_6_still_enters_and_only_the_6_rolls_again():
    """"Entry on a 1 as well as a 6": the 6 still enters; a 1 earns no extra roll."""
    g = start("family", opts="entry_on_1=1")
    assert "bonus" not in play(g, 1, "R1 y-0")[-1] and turn_letter(g) == "G"
    g = start("family", opts="entry_on_1=1")
    assert "bonus" in play(g, 6, "R1 y-0")[-1]


@pytest.mark.parametrize("value", [2, 3, 4, 5])
def test_entry_on_1_other_rolls_still_cannot_enter(value):
    """"Entry on a 1 as well as a 6" — a 1, not a 2..5."""
    g = start("family", opts="entry_on_1=1")
    g.roll(value)
    assert moves(g) == ["pass"]


# ---- impassable blockades ------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["family", "classic", "strict"])
def test_blockades_opponents_cannot_pass(preset):
    """House rule "Impassable two-token blockades" (000's list): opponents may neither pass
    a pair nor land on it."""
    seats = "RY" if preset == "strict" else "RGYB"
    opp = "Y" if preset == "strict" else "G"
    g = start(preset, seats=seats, opts="blockades=1", R="5,30,y,y", **{opp: "7,7,y,y"})
    g.roll(4)
    assert moves(g) == ["R2 30-34"]
    g = start(preset, seats=seats, opts="blockades=1", R="5,30,y,y", **{opp: "7,7,y,y"})
    g.roll(2)
    assert moves(g) == ["R2 30-32"]


def test_blockades_off_pairs_are_passed():
    """Without "Impassable two-token blockades" (classic's rule 5) a block is passed over."""
    g = start("classic", R="5,30,y,y", G="7,7,y,y")
    g.roll(4)
    assert moves(g) == ["R1 5-9", "R2 30-34"]


def test_blockades_own_tokens_pass_and_join_their_own_pair():
    """"Impassable two-token blockades" stop opponents: a player's own tokens pass their pair
    and may join it (family, where stacks are friendly)."""
    g = start("family", opts="blockades=1", R="5,7,7,y")
    g.roll(4)
    assert moves(g) == ["R1 5-9", "R2 7-11"]
    g = start("family", opts="blockades=1", R="5,7,7,y")
    g.roll(2)
    assert moves(g) == ["R1 5-7", "R2 7-9"]


def test_blockades_on_a_start_square_stop_entry():
    """"Impassable two-token blockades" — a pair on your start square keeps you in the yard."""
    g = start("family", opts="blockades=1", G="0,0,y,y")
    g.roll(6)
    assert moves(g) == ["pass"]


def test_blockades_stop_the_way_into_the_home_column():
    """A pair on the track between a token and its home column bars the way in too."""
    g = start("family", opts="blockades=1", R="47,y,y,y", G="49,49,y,y")
    g.roll(6)
    assert moves(g) == ["R2 y-0"]


# ---- centre bonus -----------------------------------------------------------------------------

def test_centre_bonus_on_in_family_rolls_again():
    """House rule "Bonus roll for entering the centre" (000's list)."""
    g = start("family", opts="centre_bonus=1", R="h4,30,y,y")
    assert play(g, 2, "R1 h4-c")[-1] == ("home R1", "bonus")
    assert turn_letter(g) == "R"


def test_centre_bonus_off_in_classic_no_roll():
    """classic has it by its rule 6; switched off, getting a token home ends the turn."""
    g = start("classic", opts="centre_bonus=0", R="h4,30,y,y")
    assert play(g, 2, "R1 h4-c")[-1] == ("home R1",)
    assert turn_letter(g) == "G"


def test_centre_bonus_with_a_six_is_still_one_roll():
    """"Bonus roll for entering the centre" with a 6 that enters it: one extra roll, not two."""
    g = start("family", opts="centre_bonus=1", R="50,30,y,y")
    assert play(g, 6, "R1 50-c")[-1].count("bonus") == 1


# ---- highest opening roll starts ---------------------------------------------------------------

def test_highest_starts_highest_opening_roll_starts():
    """House rule "Highest opening roll chooses who starts" (000's list)."""
    g = ludo.Game("family", players=4, seed=3, options={"highest_starts": True})
    assert field(g, 4) == "rolloff" and g.needs_roll()
    events = play(g, 2, 5, 3, 4)
    assert events[-1] == ("start G",)
    assert turn_letter(g) == "G" and field(g, 4) == "roll"


def test_highest_starts_ties_roll_again():
    """"Highest opening roll chooses who starts" — the seats tied on the highest roll roll
    again, the others sit out."""
    g = ludo.Game("family", players=4, seed=3, options={"highest_starts": True})
    play(g, 3, 5, 2, 5)
    assert turn_letter(g) == "G" and field(g, 4) == "rolloff"
    play(g, 4)
    assert turn_letter(g) == "B"
    assert play(g, 6)[-1] == ("start B",)


def test_highest_starts_opening_roll_is_not_the_first_turns_roll():
    """The roll-off only chooses the starter: the starter then rolls for the first move."""
    g = ludo.Game("classic", players=2, seed=3, options={"highest_starts": True})
    play(g, 6, 2)
    assert turn_letter(g) == "R" and g.needs_roll() and tokens(g, "R") == "y,y,y,y"


def test_highest_starts_no_move_or_resign_during_roll_off():
    """"Highest opening roll chooses who starts" — while the opening rolls are thrown no token moves and nobody can resign or time out."""
    g = ludo.Game("strict", players=2, seed=3, options={"highest_starts": True, "deadline": 9})
    assert g.legal_moves == ()
    with pytest.raises(ludo.IllegalMoveError):
        g.resign("R")
    with pytest.raises(ludo.IllegalMoveError):
        g.timeout()


# ---- star squares -------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["family", "classic"])
def test_stars_off_star_squares_capture(preset):
    """Star squares on/off: with stars off, 8, 21, 34, 47 are ordinary squares."""
    g = start(preset, opts="stars=0", R="5,y,y,y", G="8,y,y,y")
    g.roll(3)
    assert moves(g) == ["R1 5-8xG1"]
    assert [sq for sq in range(52) if g.rules.safe[sq]] == [0, 13, 26, 39]


def test_stars_on_in_strict_star_squares_are_safe():
    """Star squares switched on in strict: 8, 21, 34, 47 become safe."""
    g = start("strict", seats="RY", opts="stars=1", R="5,y,y,y", Y="8,y,y,y")
    g.roll(3)
    assert moves(g) == ["R1 5-8"]


# ---- capture bonus -------------------------------------------------------------------------------

def test_capture_bonus_off_in_family_no_roll():
    """Capture bonus on/off: off, a capture ends the turn."""
    g = start("family", opts="capture_bonus=0", R="5,y,y,y", G="9,y,y,y")
    assert play(g, 4, "R1 5-9xG1")[-1] == ("capture G1",)
    assert turn_letter(g) == "G"


def test_capture_bonus_on_in_strict_rolls_again():
    """Capture bonus switched on in strict: a capture earns a roll."""
    g = start("strict", seats="RY", opts="capture_bonus=1", R="5,y,y,y", Y="9,y,y,y")
    assert play(g, 4, "R1 5-9xY1")[-1] == ("capture Y1", "bonus")
    assert turn_letter(g) == "R"


# ---- three sixes ------------------------------------------------------------------------------------

def test_three_sixes_void_in_family_takes_the_turn_back_captures_too():
    """Three-sixes policy "void the turn"."""
    g = start("family", opts="three_sixes=void", R="5,y,y,y", G="11,y,y,y")
    events = play(g, 6, "R1 5-11xG1", 6, "R2 y-0", 6)
    assert events[-1] == ("three-sixes", "void")
    assert field(g, 2).startswith("R=5,y,y,y/G=11,y,y,y") and turn_letter(g) == "G"


def test_three_sixes_forfeit_in_strict_keeps_the_earlier_moves():
    """Three-sixes policy "forfeit the third"."""
    g = start("strict", seats="RY", opts="three_sixes=forfeit", R="5,y,y,y")
    events = play(g, 6, "R1 5-11", 6, "R2 y-0", 6)
    assert events[-1] == ("three-sixes",)
    assert tokens(g, "R") == "11,0,y,y" and turn_letter(g) == "Y"


@pytest.mark.parametrize("preset", ["family", "classic", "strict"])
def test_three_sixes_none_every_six_rolls_again(preset):
    """Three-sixes policy "none": a third and fourth 6 are played like any 6."""
    g = start(preset, seats="RY", opts="three_sixes=none", R="5,y,y,y")
    play(g, 6, "R1 5-11", 6, "R1 11-17", 6, "R1 17-23", 6, "R1 23-29")
    assert turn_letter(g) == "R" and g.needs_roll() and tokens(g, "R") == "29,y,y,y"


def test_three_sixes_forfeit_in_club_spends_the_first_two():
    """Three-sixes policy "forfeit the third" in club: the third 6 is lost, the two before it
    are spent as usual."""
    g = start("club", seats="RB", opts="three_sixes=forfeit", R="5,y,y,y")
    events = play(g, 6, 6, 6)
    assert events[-1] == ("three-sixes",)
    assert g.pending_rolls == (6, 6)
    play(g, "R1 5-11", "R1 11-17")
    assert tokens(g, "R") == "17,y,y,y" and turn_letter(g) == "B"


def test_three_sixes_forfeit_in_club_position_round_trips():
    """The position after club's forfeited third 6 (two 6s still to spend) round-trips."""
    g = start("club", seats="RB", opts="three_sixes=forfeit", R="5,y,y,y")
    play(g, 6, 6, 6)
    assert ludo.Game.from_position(g.position()).position() == g.position()


def test_three_sixes_none_in_club_a_third_six_still_earns_a_roll():
    """Three-sixes policy "none" in club: "Rolling a 6 earns another roll, which the player
    must take" (003) holds for every 6."""
    g = start("club", seats="RB", opts="three_sixes=none", R="5,y,y,y")
    play(g, 6, 6, 6)
    assert g.needs_roll()


# ---- tokens to win --------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3])
def test_tokens_to_win_fewer_tokens_win(n):
    """Tokens needed to win: the first to bring n home wins; the others stay where they are
    (only club's Quick Ludo lifts them)."""
    home = ",".join(["c"] * (n - 1) + ["h5"] + ["30"] * (4 - n))
    g = start("family", seats="RG", opts="tokens_to_win=%d" % n, R=home)
    assert "win R" in play(g, 1, "R%d h5-c" % n)[-1]
    assert tokens(g, "R").count("30") == 4 - n


def test_tokens_to_win_not_reached_game_goes_on():
    """Tokens needed to win: fewer than that home is no win."""
    g = start("strict", seats="RY", opts="tokens_to_win=3", R="c,h5,30,y")
    play(g, 1, "R2 h5-c")
    assert g.outcome() is None and turn_letter(g) == "Y"


# ---- every action of random games ------------------------------------------------------------

@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(["family", "classic", "strict"]),
       st.fixed_dictionaries({}, optional={
           "rebound": st.booleans(), "entry_on_1": st.booleans(), "blockades": st.booleans(),
           "centre_bonus": st.booleans(), "stars": st.booleans(), "capture_bonus": st.booleans(),
           "three_sixes": st.sampled_from(["forfeit", "void", "none"]),
           "tokens_to_win": st.integers(1, 4), "highest_starts": st.booleans()}))
def test_house_rules_random_games_obey_their_rules(seed, preset, options):
    """Every move of random games under any mix of house rules: exact count (or a rebound),
    no landing on blocks, captures off safe squares, the bonus rolls the options give."""
    g = random_checked_game(preset, 4, seed, options)
    assert g.outcome() is not None
