"""The `club` preset: every rule sentence of 003_786ef640509f7597.txt and every `club`
decision of shared/rulesets/README.md (docs/rules.md maps them).

Words: the text's "home" is the yard, its "safe zone" the 5 lane squares and the
finish; its colours in free mode are renamed after the physical yards (README).
Rolls are taken first and spent afterwards: `pending_rolls` holds them.
"""
import pytest
from hypothesis import given, strategies as st

import ludo
from ludo.replay import game_of
from rulehelp import start, moves, play, tokens, field, turn_letter, random_checked_game

MK = "mandatory_kill=1"
FREE = "mode=free"
SAFE = (0, 8, 13, 21, 26, 34, 39, 47)


def club(**kw):
    return start("club", **kw)


# ---- introduction and aim -------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_club_two_to_four_players_four_stones_each(players):
    """"Ludo is a classic game, enjoyable and competitive, played by two to four players.
    Each player has four stones in a colour of their own (red, yellow, green or blue)" """
    g = ludo.Game("club", players=players, seed=1)
    assert len(g.seats) == players
    assert all(tokens(g, "RGYB"[s]) == "y,y,y,y" for s in g.seats)


def test_club_aim_bring_every_stone_out_and_finish_it():
    """"the aim is to bring every stone out of home and finish it in the safe zone before the
    opponents do." and "Each player's aim is to move all four of their stones out of the
    starting area (home) and into the final safe zone at the centre of the board, travelling
    along a fixed route to get there." """
    g = club(seats="RB", R="c,c,c,h3", B="c,c,c,30")
    assert play(g, 3, "R4 h3-c")[-1] == ("home R4", "win R")
    assert g.outcome() == ludo.Outcome((0,), "finished")


def test_club_aim_quick_ludo_two_stones_enough():
    """"Under the Quick Ludo option, finishing two stones is enough to win." """
    g = club(seats="RB", opts="quick=1", R="c,h3,y,y")
    assert "win R" in play(g, 3, "R2 h3-c")[-1]


# ---- setting up ----------------------------------------------------------------------------

@pytest.mark.parametrize("players,mode,ok", [
    (2, "ordinary", True), (4, "ordinary", True), (3, "free", True), (4, "free", True),
    (3, "ordinary", False), (2, "free", False)])
def test_club_ordinary_mode_two_or_four_free_mode_three_or_four(players, mode, ok):
    """"The ordinary mode is played by two or four players; Free mode by three or four." (and
    "The game supports two and four players in the ordinary mode, and three and four in Free
    mode.")"""
    if ok:
        g = ludo.Game("club", players=players, seed=1, options={"mode": mode})
        assert g.options["mode"] == mode
    else:
        with pytest.raises(ludo.OptionError, match="mode"):
            ludo.Game("club", players=players, seed=1, options={"mode": mode})


def test_club_four_stones_in_a_colour_each():
    """"Each player owns 4 stones in a colour of their own: red, yellow, green, blue." """
    g = ludo.Game("club", players=4, seed=1)
    assert field(g, 2) == "R=y,y,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y"


def test_club_stones_numbered_within_colour():
    """"Each stone is numbered within its colour: red1, red2, red3, red4." """
    assert [ludo.token_name(t) for t in range(4)] == ["R1", "R2", "R3", "R4"]
    assert [ludo.token_name(t) for t in range(12, 16)] == ["B1", "B2", "B3", "B4"]


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_club_no_stone_moves_until_a_six(value):
    """"Every player begins at home, and no stone can move until a 6 is rolled." """
    g = club()
    events = play(g, value)
    assert "forfeit" in events[-1] and turn_letter(g) == "G"
    assert tokens(g, "R") == "y,y,y,y"


def test_club_rolloff_first_to_roll_a_six_starts():
    """"At the start, every player rolls the dice; the first to roll a 6 picks a colour, and
    the other colours are handed out automatically." and "1. Play starts with the owner, or
    with the player who rolled a 6 first." (README: "Start: the first seat, or a roll-off in
    which the first seat to roll a 6 starts (an option).")"""
    g = ludo.Game("club", players=4, seed=3, options={"rolloff": True})
    assert field(g, 4) == "rolloff" and g.needs_roll()
    events = play(g, 3, 5, 2, 4, 1)
    assert turn_letter(g) == "G" and field(g, 4) == "rolloff"
    events = play(g, 6)
    assert events[-1] == ("start G",)
    assert turn_letter(g) == "G" and field(g, 4) == "roll"


def test_club_rolloff_six_is_not_the_starters_first_roll():
    """Lead's decision (README silent): the roll-off's 6 chooses the starter; it is not spent
    as the starter's first roll (no stone enters with it)."""
    g = ludo.Game("club", players=2, seed=3, options={"rolloff": True})
    play(g, 6)
    assert turn_letter(g) == "R" and g.needs_roll() and g.pending_rolls == ()
    assert field(g, 6) == "0" and tokens(g, "R") == "y,y,y,y"


def test_club_without_rolloff_the_owner_starts():
    """"1. Play starts with the owner" — the first seat, by default."""
    g = ludo.Game("club", players=4, seed=3)
    assert turn_letter(g) == "R" and field(g, 4) == "roll"


@pytest.mark.parametrize("players,asked", [
    (2, ["safe_squares", "quick", "mandatory_kill"]),
    (4, ["mode", "safe_squares", "teams", "quick", "mandatory_kill"]),
    (3, ["quick", "mandatory_kill"])])
def test_club_owner_is_asked_which_options(players, asked):
    """"Before play begins the table owner is asked which options to use: Free mode (with four
    players), then Safe squares if Free mode was declined, then Play as teams (with four
    players), and Quick Ludo and Mandatory kill (always asked)." — each asked option can be
    set on its own for that player count (the board's menu asks them)."""
    for name in asked:
        ludo.Game("club", players=players, seed=1, options={name: name != "mode" or "free"})
    defaults = ludo.option_defaults("club")
    assert (defaults["mode"], defaults["safe_squares"], defaults["quick"],
            defaults["mandatory_kill"], defaults["teams"], defaults["rolloff"]) == (
        "ordinary", False, False, False, False, False)


def test_club_safe_squares_not_asked_once_free_mode_chosen():
    """"then Safe squares if Free mode was declined" — in free mode they are on, and turning
    them off is refused."""
    with pytest.raises(ludo.OptionError, match="safe_squares"):
        ludo.Game("club", players=4, seed=1, options={"mode": "free", "safe_squares": False})
    assert ludo.Game("club", players=4, seed=1, options={"mode": "free"}).options["safe_squares"]


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, {"mode": "free"})])
def test_club_teams_asked_only_with_four_in_ordinary_mode(players, options):
    """"then Play as teams (with four players)" and README: "Teams exist only in ordinary mode
    with four players" """
    opts = dict(options, teams=True)
    with pytest.raises(ludo.OptionError, match="teams"):
        ludo.Game("club", players=players, seed=1, options=opts)


# ---- how a turn works ------------------------------------------------------------------------

def test_club_turn_2_six_brings_a_stone_out_or_moves_one():
    """"2. If a player rolls a 6, they may bring a stone out of home, or move a stone already
    on the path." and "The 6: brings a stone out of home, or moves any stone already out." """
    g = club(R="10,30,y,y")
    play(g, 6, 1)
    assert {"R1 10-16", "R2 30-36", "R3 y-0"} <= set(moves(g))


def test_club_turn_3_six_earns_another_roll_which_must_be_taken():
    """"3. Rolling a 6 earns another roll, which the player must take." (README: "Rolls are
    taken first (a 6 must be followed by another roll), then spent")"""
    g = club(R="10,y,y,y")
    play(g, 6)
    assert g.needs_roll() and g.legal_moves == () and g.pending_rolls == (6,)
    with pytest.raises(ludo.IllegalMoveError):
        g.push("R1 10-16")
    play(g, 2)
    assert g.pending_rolls == (6, 2) and not g.needs_roll()


def test_club_turn_4_three_sixes_pass_the_turn_and_nothing_moves():
    """"4. If a 6 comes up three times in a row, the turn passes to the next player and
    nothing moves." (and "Three sixes: three 6s in a row end the turn on the spot." README:
    "Three 6s: nothing from that turn moves.")"""
    g = club(R="10,y,y,y", B="14,y,y,y")
    events = play(g, 6, 6, 6)
    assert "three-sixes" in events[-1]
    assert tokens(g, "R") == "10,y,y,y" and tokens(g, "B") == "14,y,y,y"
    assert turn_letter(g) == "G" and g.needs_roll() and g.pending_rolls == ()


def test_club_turn_5_six_then_five_on_one_stone_in_sequence():
    """"5. Rolls such as 6 and 5 may be used on one stone in sequence (6 then 5)" """
    g = club(R="10,y,y,y")
    play(g, 6, 5)
    assert g.pending_rolls == (6, 5)
    play(g, "R1 10-16")
    assert moves(g) == ["R1 16-21"]
    play(g, "R1 16-21")
    assert tokens(g, "R") == "21,y,y,y" and turn_letter(g) == "G"


def test_club_turn_5_rolls_spread_across_several_stones():
    """"5. ... or spread across several stones." """
    g = club(R="10,y,y,y")
    play(g, 6, 5, "R2 y-0", "R1 10-15")
    assert tokens(g, "R") == "15,0,y,y" and turn_letter(g) == "G"


def test_club_turn_5_rolls_spent_in_any_order():
    """README: "then spent one by one in any order the player chooses, on one stone or
    several." — the 5 may go first."""
    g = club(R="10,y,y,y")
    play(g, 6, 5)
    assert moves(g) == ["R1 10-15", "R1 10-16", "R2 y-0"]
    play(g, "R1 10-15")
    assert moves(g) == ["R1 15-21", "R2 y-0"]


@pytest.mark.parametrize("opts,where,rolls,alike,other", [
    ("entry_on_1=1", "y,y,y,y", (6, 1), ["R1 y-0/1", "R1 y-0/6"], None),
    ("rebound=1", "h2,10,y,y", (6, 2), ["R1 h2-h4/6"], "R1 h2-h4"),
])
def test_club_a_move_two_pending_rolls_make_alike_names_its_roll(opts, where, rolls, alike, other):
    """README: pending rolls are "spent one by one in any order the player chooses" — with
    a house rule two of them can make the same move (a 1 enters as well as a 6; a rebound
    lands where the smaller roll does), so its text names the roll it spends and every
    legal move reads differently."""
    g = club(opts=opts, R=where)
    play(g, *rolls)
    texts = [str(m) for m in g.legal_moves]
    assert len(set(texts)) == len(texts)
    assert [t for t in sorted(texts) if "/" in t] == alike
    if other:
        assert other in texts
    for m in g.legal_moves:
        assert g.parse_move(str(m)) == m
        assert "/" not in str(m) or m.roll == int(str(m).split("/")[1])
    # the text without its roll still reads (the first move it fits), as it did before
    assert g.parse_move(alike[0].split("/")[0]).token == 0


@pytest.mark.parametrize("opts,where,rolls,spent,then", [
    ("entry_on_1=1", "y,y,y,y", (6, 1), 1, "R1 0-6"),
    ("rebound=1", "h2,10,y,y", (6, 2), 2, "R2 10-16"),
])
def test_club_records_with_rolls_spent_alike_replay(opts, where, rolls, spent, then):
    """docs/record-format.md: a record "replays to the identical position" — also where two
    pending rolls make the same move, and whichever of them was spent first."""
    g = club(seats="RB", opts=opts, R=where)
    play(g, *rolls)
    g.push([m for m in g.legal_moves if m.roll == spent and m.token == 0][0])
    play(g, then)
    text = str(g.record())
    assert game_of(ludo.Record.parse(text)).position() == g.position()


def test_club_enter_with_the_six_then_move_it_with_the_five():
    """"5. Rolls such as 6 and 5 may be used on one stone in sequence (6 then 5)" — a stone
    brought out with the 6 moves on with the 5."""
    g = club()
    play(g, 6, 5)
    assert moves(g) == ["R1 y-0"]
    play(g, "R1 y-0")
    assert moves(g) == ["R1 0-5"]


def test_club_roll_no_stone_can_use_is_forfeited():
    """README: "A roll that no stone can use is forfeited." """
    g = club(R="h4,y,y,y")
    events = play(g, 6, 4)
    assert moves(g) == ["R2 y-0"]
    events = play(g, "R2 y-0")
    assert tokens(g, "R") == "h4,0,y,y"
    assert turn_letter(g) == "R" and moves(g) == ["R2 0-4"]
    g = club(R="h4,y,y,y")
    events = play(g, 4)
    assert events[-1] == ("forfeit",) and turn_letter(g) == "G"
    g = club(R="h1,h5,c,c")
    play(g, 6, 5)
    assert moves(g) == ["R1 h1-c"]              # the 6 fits no stone
    events = play(g, "R1 h1-c")
    assert "forfeit" in events[-1] and turn_letter(g) == "G" and g.pending_rolls == ()


def test_club_turn_6_landing_on_a_killable_opponent_kills_it():
    """"6. If a stone lands on a square holding an opponent's stone that can be killed, that
    stone is killed and sent back home." """
    g = club(R="10,y,y,y", B="14,y,y,y")
    events = play(g, 4, "R1 10-14xB1")
    assert "capture B1" in events[-1]
    assert tokens(g, "B") == "y,y,y,y"


def test_club_turn_7_safe_zone_stones_cannot_be_killed():
    """"7. Once a stone reaches the safe zone, no opponent can kill it." """
    g = club(R="h2,y,y,y", B="47,y,y,y", turn="B")
    g.roll(4)
    assert [m.end_place for m in g.legal_moves] == ["t51"]     # Blue goes on round, no lane
    g = club(R="h1,y,y,y", B="48,y,y,y", turn="B")
    play(g, 5, "B1 48-1")
    assert tokens(g, "R") == "h1,y,y,y"


# ---- the rules -------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_club_rolls_below_six_move_stones_already_out(value):
    """"Rolls below 6: move stones already on the path, nothing else." """
    g = club(R="10,y,y,y")
    play(g, value)
    assert moves(g) == ["R1 10-%d" % (10 + value)]


def test_club_killing_ordinary_mode_only_facing_colours():
    """"Killing: a stone landing on the same square as an opponent's stone sends that stone
    back home. In the ordinary mode a kill happens only between facing colours: red kills
    blue (and blue red), green kills yellow (and yellow green)." (README: "Rivals are facing
    colours only: Red and Blue, Green and Yellow.")"""
    # red lands on green: no kill; on yellow: no kill; on blue: kill
    for victim, kill in (("G", False), ("Y", False), ("B", True)):
        g = club(R="10,y,y,y", **{victim: "14,y,y,y"})
        play(g, 4)
        assert [m.captures != () for m in g.legal_moves] == [kill]
    # blue kills red, green kills yellow, yellow kills green
    for mover, victim in (("B", "R"), ("G", "Y"), ("Y", "G")):
        g = club(turn=mover, **{mover: "10,y,y,y", victim: "14,y,y,y"})
        play(g, 4)
        assert [len(m.captures) for m in g.legal_moves] == [1]


def test_club_non_rivals_share_a_square():
    """"In the ordinary mode a kill happens only between facing colours" — red and green
    stones stand together."""
    g = club(R="10,y,y,y", G="14,y,y,y")
    play(g, 4, "R1 10-14")
    assert tokens(g, "G") == "14,y,y,y" and tokens(g, "R") == "14,y,y,y"


def test_club_killing_takes_every_killable_stone_on_the_square():
    """README: "A landing stone kills every stone on the square that can be killed ... No
    blocks exist." — an ordinary-mode pair of rivals is killed together."""
    g = club(R="10,y,y,y", B="14,14,y,y")
    play(g, 4)
    assert moves(g) == ["R1 10-14xB1B2"]


def test_club_no_blocks_exist():
    """README: "No blocks exist." — a pair is passed over and landed on."""
    g = club(R="10,y,y,y", G="12,12,y,y", B="14,14,y,y")
    play(g, 2)
    assert moves(g) == ["R1 10-12"]
    g = club(R="10,y,y,y", B="12,12,y,y")
    play(g, 5)
    assert moves(g) == ["R1 10-15"]


def test_club_finishing_on_exact_count():
    """"Finishing: a stone must reach the last square of the safe zone on an exact count; a
    roll larger than the count left cannot be played with that stone." (README: "then 5 lane
    squares and the finish, reached by exact count at relative 57")"""
    g = club(R="h1,y,y,y")
    play(g, 5)
    assert moves(g) == ["R1 h1-c"]
    g = club(R="h1,y,y,y")
    assert play(g, 6, 6, 1)[-1] == ()
    assert moves(g) == ["R1 h1-h2", "R2 y-0"]


@given(st.integers(40, 56), st.integers(1, 6))
def test_club_roll_larger_than_count_left_cannot_be_played(progress, value):
    """"a roll larger than the count left cannot be played with that stone." """
    text = str(progress) if progress <= 51 else "h%d" % (progress - 51)
    g = club(R="%s,c,c,c" % text)
    g.roll(value)
    if value == 6:
        g.roll(1)
    ends = [m.end for m in g.legal_moves if m.roll == value]
    assert ends == ([progress + value] if progress + value <= 57 else [])


def test_club_geometry_stone_covers_52_squares_then_lane():
    """README: "the door to the safe zone is after the square just before the stone's entry
    square (Red: after 51; a stone entering at 26: after 25), so a stone covers 52 track
    squares (relative 0..51); then 5 lane squares and the finish" """
    g = club(R="51,y,y,y")
    play(g, 1)
    assert [m.end_place for m in g.legal_moves] == ["hR1"]
    g = club(B="25,y,y,y", turn="B")
    play(g, 1)
    assert [str(m) for m in g.legal_moves] == ["B1 25-h1"]
    assert g.home_progress == 57


def test_club_only_a_six_earns_another_roll():
    """README: "Only a 6 earns another roll (the text gives no bonus for a kill or a
    finish)." """
    g = club(R="10,h4,y,y", B="14,y,y,y")
    events = play(g, 4, "R1 10-14xB1")
    assert "bonus" not in events[-1] and turn_letter(g) == "G"
    g = club(R="10,h3,y,y", B="30,y,y,y")
    events = play(g, 3, "R2 h3-c")
    assert "bonus" not in events[-1] and turn_letter(g) == "G"


# ---- safe squares (an ordinary-mode option) ---------------------------------------------------

def test_club_safe_squares_are_an_option_in_ordinary_mode():
    """"Safe squares once belonged to Free mode alone; they are now an option in the ordinary
    mode as well." and README: "safe squares off in ordinary mode (the text's "exactly as it
    was")" """
    g = club(R="4,y,y,y", B="8,y,y,y")
    play(g, 4)
    assert moves(g) == ["R1 4-8xB1"]
    g = club(opts="safe_squares=1", R="4,y,y,y", B="8,y,y,y")
    play(g, 4)
    assert moves(g) == ["R1 4-8"]


@pytest.mark.parametrize("players", [2, 4])
def test_club_safe_squares_asked_whenever_free_mode_off(players):
    """"The table owner is asked about them at the start of any game where Free mode is off:
    always in a two-player game, and in a four-player game once Free mode has been
    declined." """
    g = ludo.Game("club", players=players, seed=1, options={"safe_squares": True})
    assert [sq for sq in range(52) if g.rules.safe[sq]] == list(SAFE)


def test_club_three_players_are_free_mode_with_safe_squares_on():
    """"A three-player game is Free mode by force, and its safe squares are already on." """
    g = ludo.Game("club", players=3, seed=1)
    assert g.options["mode"] == "free" and g.options["safe_squares"] is True


def test_club_the_eight_safe_squares_same_in_both_modes():
    """"The eight squares: 0, 8, 13, 21, 26, 34, 39, 47. They are the same in both modes,
    because the shared path is numbered the same way." """
    for opts in ({"safe_squares": True}, {"mode": "free"}):
        g = ludo.Game("club", players=4, seed=1, options=opts)
        assert [sq for sq in range(52) if g.rules.safe[sq]] == list(SAFE)


@pytest.mark.parametrize("square", SAFE)
def test_club_protection_runs_both_ways(square):
    """"Protection runs both ways: a stone standing on a safe square cannot be killed — and
    cannot itself kill anyone standing there with it." """
    mover, victim = ("B", "R") if square == 0 else ("R", "B")
    g = club(opts="safe_squares=1", seats="RB", turn=mover,
             **{mover: "%d,y,y,y" % ((square - 4) % 52), victim: "%d,y,y,y" % square})
    play(g, 4)
    assert [(m.end_place, m.captures) for m in g.legal_moves] == [("t%d" % square, ())]
    g.push(g.legal_moves[0])
    assert tokens(g, mover) == tokens(g, victim) == "%d,y,y,y" % square
    # the other way: a rival now lands on the square where the first one stands
    g = club(opts="safe_squares=1", seats="RB", turn=victim,
             **{mover: "%d,y,y,y" % square, victim: "%d,%d,y,y" % (square, (square - 4) % 52)})
    if g.progress(("RGYB".index(victim)) * 4 + 1) + 4 <= 51:
        play(g, 4)
        assert [m.captures for m in g.legal_moves if m.start >= 0 and m.end_place == "t%d" % square] == [()]


@pytest.mark.parametrize("square", [13, 39])
def test_club_safe_square_protects_any_colour(square):
    """"The square protects any colour: protection belongs to no particular colour; even the
    square that is another colour's starting square protects everyone standing on it." """
    g = club(opts="safe_squares=1", seats="RB", R="%d,y,y,y" % (square - 3), B="%d,y,y,y" % square)
    play(g, 3)
    assert moves(g) == ["R1 %d-%d" % (square - 3, square)]


def test_club_stones_on_safe_squares_reported_as_safe():
    """"When you ask where the stones are, any stone standing on one of these squares is
    reported as being in the safe zone." — the core's table `rules.safe` tells the board
    which squares to report (and light) as safe."""
    g = club(opts="safe_squares=1", seats="RB", R="8,9,y,y")
    assert g.rules.safe[8] == 1 and g.rules.safe[9] == 0


def test_club_safe_squares_change_nothing_else():
    """"The option changes nothing else: a kill still happens between facing colours (red and
    blue, green and yellow), and with the option off the game is exactly as it was." """
    g = club(opts="safe_squares=1", R="10,y,y,y", G="14,y,y,y", B="16,y,y,y")
    play(g, 4)
    assert moves(g) == ["R1 10-14"]
    g = club(opts="safe_squares=1", R="10,y,y,y", G="14,y,y,y", B="16,y,y,y")
    play(g, 6, 1)
    assert "R1 10-16xB1" in moves(g)


def test_club_entering_onto_a_rival_with_safe_squares_off_kills_it():
    """Lead's decision (README silent): with safe squares off, a stone entering from the yard
    onto a square holding a rival kills it, like any landing."""
    g = club(seats="RB", B="0,y,y,y")
    play(g, 6, 1)
    assert moves(g) == ["R1 y-0xB1"]
    g = club(seats="RB", opts="safe_squares=1", B="0,y,y,y")
    play(g, 6, 1)
    assert moves(g) == ["R1 y-0"]


# ---- Quick Ludo ---------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"mode": "free"}, {"teams": True}, {"mandatory_kill": True}])
def test_club_quick_ludo_available_in_every_case(options):
    """"An option the table owner is asked about at the start, available in every case:
    ordinary mode and Free mode, any number of players, with teams or without." """
    g = ludo.Game("club", players=4, seed=1, options=dict(options, quick=True))
    assert g.rules.tokens_to_win == 2
    for players in (2, 3):
        assert ludo.Game("club", players=players, seed=1, options={"quick": True}).rules.tokens_to_win == 2


def test_club_quick_ludo_changes_only_the_winning_condition():
    """"Turning it on changes not a single rule — the same route, the same killing, the same
    safe squares, the same turn order — only the winning condition changes." """
    a = ludo.Game("club", players=4, seed=1).rules
    b = ludo.Game("club", players=4, seed=1, options={"quick": True}).rules
    assert (a.entry, bytes(a.safe), bytes(a.rival), a.seats, a.track_len, a.home) == (
        b.entry, bytes(b.safe), bytes(b.rival), b.seats, b.track_len, b.home)
    assert (a.tokens_to_win, b.tokens_to_win) == (4, 2)


def test_club_quick_ludo_first_to_finish_two_stones_wins():
    """"Win with two stones: the first player to finish two stones wins, instead of four." """
    g = club(opts="quick=1", R="c,h3,20,y", B="c,30,y,y")
    events = play(g, 3, "R2 h3-c")
    assert "win R" in events[-1]
    assert g.outcome() == ludo.Outcome((0,), "finished")


def test_club_quick_ludo_the_rest_are_lifted():
    """"The rest are lifted: the moment you win, your two remaining stones are lifted off the
    board — they no longer appear when the stones are listed, and nobody can kill them." """
    g = club(opts="quick=1", R="c,h3,20,y", B="17,y,y,y")
    play(g, 3, "R2 h3-c")
    assert tokens(g, "R") == "c,c,x,x"
    assert g.place(2) is None and g.place(3) is None
    assert g.progress(2) is None


def test_club_quick_ludo_with_teams_plays_partners_stones():
    """"With teams: a player who finishes two stones moves on to play their partner's stones
    as usual, and the team wins once each partner has finished two stones — four for the
    team." """
    g = club(opts="quick=1,teams=1", R="c,h3,30,y", G="20,y,y,y", B="40,y,y,y")
    events = play(g, 3, "R2 h3-c")
    assert "win R" not in events[-1] and g.outcome() is None
    assert tokens(g, "R") == "c,c,x,x"          # lifted (lead's reading: at the player's finish)
    g = club(opts="quick=1,teams=1", R="c,c,x,x", G="c,h3,20,y", B="40,y,y,y")
    play(g, 3)
    assert moves(g) == ["G2 h3-c", "G3 20-23"]   # Red plays Green's stones
    events = play(g, "G2 h3-c")
    assert "win R+G" in events[-1]
    assert g.outcome() == ludo.Outcome((0, 1), "finished")
    assert g.outcome().result() == "R+G"


def test_club_quick_ludo_still_four_stones_spares_kill_and_can_be_killed():
    """"You still hold four stones throughout. The spare two are useful for killing and for
    holding safe squares, but finishing them is not needed to win." """
    g = club(opts="quick=1", R="c,h1,10,y", B="14,y,y,y")
    play(g, 4)
    assert "R3 10-14xB1" in moves(g)
    g = club(opts="quick=1", turn="B", R="c,h1,14,y", B="10,y,y,y")
    play(g, 4)
    assert moves(g) == ["B1 10-14xR3"]


# ---- Mandatory kill ------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"mode": "free"}, {"teams": True}, {"quick": True}])
def test_club_mandatory_kill_available_in_every_case(options):
    """"An option the table owner is asked about at the start, available in every case:
    ordinary mode and Free mode, any number of players, with teams or without, and alongside
    Quick Ludo." """
    g = ludo.Game("club", players=4, seed=1, options=dict(options, mandatory_kill=True))
    assert g.rules.mandatory_kill
    for players in (2, 3):
        assert ludo.Game("club", players=players, seed=1, options={"mandatory_kill": True}).rules.mandatory_kill


def test_club_mandatory_kill_no_safe_zone_before_a_kill():
    """"The idea is that you may not enter your safe zone until you have killed an opponent's
    stone at least once." and "No safe zone before a kill: as long as you have killed nobody,
    your safe zone is shut to you and no stone of yours can finish." — Red on 50 (and 10),
    each roll 1..5, against the same position without the rule: the stone that would enter
    its lane turns onto the track instead (on 0, a starting square, it may not stop: no move),
    every other move stays."""
    want = {    # roll: (with Mandatory kill, without)
        1: (["R1 50-51", "R2 10-11"], ["R1 50-51", "R2 10-11"]),
        2: (["R2 10-12"], ["R1 50-h1", "R2 10-12"]),
        3: (["R1 50-1", "R2 10-13"], ["R1 50-h2", "R2 10-13"]),
        4: (["R1 50-2", "R2 10-14"], ["R1 50-h3", "R2 10-14"]),
        5: (["R1 50-3", "R2 10-15"], ["R1 50-h4", "R2 10-15"]),
    }
    for v in range(1, 6):
        g = club(opts=MK, R="50,10,y,y")
        without = club(R="50,10,y,y")
        play(g, v)
        play(without, v)
        assert (moves(g), moves(without)) == want[v], v
        assert all(m.end_place.startswith("t") for m in g.legal_moves), v


def test_club_mandatory_kill_red_on_51_playing_2_lands_on_1():
    """"The stone turns rather than stops: if a stone of yours reaches the door of its safe
    zone while it is shut, it returns to the path and finishes its steps there. For example:
    red on 51 playing a 2 lands on 1" """
    g = club(opts=MK, R="51,y,y,y")
    play(g, 2)
    assert moves(g) == ["R1 51-1"]
    events = play(g, "R1 51-1")
    assert "turned R1" in events[-1]
    assert tokens(g, "R") == "1,y,y,y"


def test_club_mandatory_kill_blue_on_25_playing_2_lands_on_27():
    """"...and blue on 25 playing a 2 lands on path square 27 rather than in its safe zone."
    (in the ordinary mode Blue enters at 26)"""
    g = club(opts=MK, turn="B", B="25,y,y,y")
    play(g, 2)
    assert moves(g) == ["B1 25-27"]
    g = club(turn="B", B="25,y,y,y")          # door open (option off): into the lane
    play(g, 2)
    assert moves(g) == ["B1 25-h2"]


def test_club_mandatory_kill_return_is_announced():
    """"The return is announced aloud to the table." — a `turned` event."""
    g = club(opts=MK, turn="B", B="24,y,y,y")
    assert play(g, 5, "B1 24-29")[-1] == ("turned B1",)


def test_club_mandatory_kill_red_on_51_cannot_play_a_1():
    """"No stopping on 0 or on 26: these are the colours' starting squares — they are
    crossed, and the step counts, but no stone stops on them. So red standing on 51 cannot
    play a 1, and needs a 2 or more." """
    g = club(opts=MK, R="51,y,y,y")
    events = play(g, 1)
    assert events[-1] == ("forfeit",) and tokens(g, "R") == "51,y,y,y"
    g = club(opts=MK, R="22,y,y,y")
    assert play(g, 4)[-1] == ("forfeit",)              # 26 is not a stop either
    g = club(opts=MK, R="22,y,y,y")
    play(g, 5)
    assert moves(g) == ["R1 22-27"]                      # crossed, and the step counts


def test_club_mandatory_kill_free_mode_no_stopping_on_any_starting_square():
    """README: "no move may end on a starting square (ordinary: 0 and 26; free: 0, 13, 26,
    39)" """
    for sq in (13, 26, 39):
        g = club(opts=MK + "," + FREE, R="%d,y,y,y" % (sq - 3))
        assert "forfeit" in play(g, 3)[-1]


def test_club_mandatory_kill_entering_still_uses_the_entry_square():
    """README: "but entering from the yard still places a stone on its own entry square." """
    g = club(opts=MK)
    play(g, 6, 1)
    assert moves(g) == ["R1 y-0"]
    g = club(opts=MK + "," + FREE, turn="G", G="y,y,y,y")
    play(g, 6, 1)
    assert moves(g) == ["G1 y-13"]


def test_club_mandatory_kill_first_kill_opens_for_good_and_is_announced():
    """"The first kill opens it for good: for all four of your stones at once, and
    immediately — even if you kill on the first roll and enter on the second. The opening is
    announced to the whole table." (README: "Both events are announced.")"""
    g = club(opts=MK, R="18,50,y,y", B="24,y,y,y")
    play(g, 6, 2)
    assert "R2 50-h1" not in moves(g) and "R2 50-4" in moves(g)
    events = play(g, "R1 18-24xB1")
    assert events[-1] == ("capture B1", "door R")
    assert moves(g) == ["R2 50-h1"]
    play(g, "R2 50-h1")
    assert tokens(g, "R") == "24,h1,y,y" and "doors=R" in g.position()


def test_club_mandatory_kill_turned_stone_kills_and_opens():
    """"A stone that has turned back still kills and can be killed like any stone on the
    path; the turn itself may even land on an opponent and kill it." """
    g = club(opts=MK, R="51,y,y,y", B="1,y,y,y")
    events = play(g, 2, "R1 51-1xB1")
    assert events[-1] == ("turned R1", "capture B1", "door R")
    g = club(opts=MK, R="1,y,y,y", B="50,y,y,y", turn="B")     # Red's stone turned onto 1
    play(g, 3)
    assert moves(g) == ["B1 50-1xR1"]


def test_club_mandatory_kill_door_stays_open_after_own_stone_killed():
    """"Having a stone of yours killed afterwards does not shut your safe zone again; it
    opens once and stays open." """
    g = club(opts=MK, R="22,51,y,y", B="21,y,y,y", turn="B", extra="doors=R")
    play(g, 1, "B1 21-22xR1")
    assert "doors=RB" in g.position() and tokens(g, "R") == "y,51,y,y"
    play(g, 2)
    assert moves(g) == ["R2 51-h2"]


def test_club_mandatory_kill_killing_unchanged_facing_colours_only():
    """"Killing is unchanged: in the ordinary mode between facing colours (red and blue, green
    and yellow), and in Free mode every colour kills every colour." — landing on a green
    stone neither kills it nor opens red's door."""
    g = club(opts=MK, R="10,y,y,y", G="14,y,y,y")
    events = play(g, 4, "R1 10-14")
    assert events[-1] == () and "doors" not in g.position()
    g = club(opts=MK + "," + FREE, R="10,y,y,y", G="14,y,y,y")
    assert play(g, 4, "R1 10-14xG1")[-1] == ("capture G1", "door R")


def test_club_mandatory_kill_off_game_exactly_as_it_was():
    """"With the option off the game is exactly as it was, with no difference at all." """
    g = club(R="51,y,y,y")
    play(g, 1)
    assert moves(g) == ["R1 51-h1"]
    g = club(R="22,y,y,y")
    play(g, 4)
    assert moves(g) == ["R1 22-26"]


def test_club_mandatory_kill_door_opens_when_no_rival_can_be_killed_again():
    """Lead's decision (README silent): a shut door opens by itself once no rival stone can
    ever be killed again (every rival stone in its safe zone, home or lifted), so that every
    game ends (game.py `_open_door_if_no_prey`); it is announced like a kill's opening."""
    g = club(opts=MK, R="20,y,y,y", B="h1,h2,c,c", turn="B", extra="doors=B")
    events = play(g, 1, "B1 h1-h2")
    assert "door R" in events[-1] and "doors=RB" in g.position()
    g = club(opts=MK, R="20,y,y,y", B="h1,30,c,c", turn="B", extra="doors=B")
    events = play(g, 1, "B1 h1-h2")
    assert "door R" not in events[-1]           # a rival stone is still on the path


# ---- free mode ----------------------------------------------------------------------------------

def test_club_free_mode_every_colour_a_rival():
    """"A group mode in which every player plays for themselves, and every colour is a rival
    to every other (there are no teams)." and "A kill against everyone: every player can kill
    any other colour; landing on an opponent's stone sends it back home." """
    for victim in "GYB":
        g = club(opts=FREE, R="10,y,y,y", **{victim: "14,y,y,y"})
        play(g, 4)
        assert moves(g) == ["R1 10-14x%s1" % victim]


def test_club_free_mode_entries_spread_over_four_points():
    """"Here the players' homes are spread over four entry points around one shared circular
    path, so all the colours meet on the same route." and "In Free mode each colour has its
    own home: red 0, blue 13, green 26, yellow 39." (README: "every seat enters in front of
    its own yard (0, 13, 26, 39) ... its colours renamed after the physical yards")"""
    for seat, sq in zip("RGYB", (0, 13, 26, 39)):
        g = club(opts=FREE, turn=seat)
        play(g, 6, 1)
        assert moves(g) == ["%s1 y-%d" % (seat, sq)]


def test_club_free_mode_with_four_players_is_the_owners_choice():
    """"With four players: the owner is asked at the start whether to play in Free mode." """
    assert ludo.Game("club", players=4, seed=1).options["mode"] == "ordinary"
    assert ludo.Game("club", players=4, seed=1, options={"mode": "free"}).rules.free


def test_club_free_mode_three_players_automatic():
    """"With three players: Free mode is turned on automatically, and the colours are red,
    green and blue." (README: "Three players: Red, Green, Yellow" — renamed after the yards.)"""
    g = ludo.Game("club", players=3, seed=1)
    assert g.rules.free and field(g, 1) == "RGY" and g.rules.entry[:3] == (0, 13, 26)


def test_club_free_mode_turn_order_clockwise():
    """"Turn order follows the colours: red, then blue, then green, then yellow." — with the
    README's renaming, clockwise by entry square: R(0), G(13), Y(26), B(39)."""
    g = ludo.Game("club", players=4, seed=1, options={"mode": "free"})
    seen = ""
    for _ in range(4):
        seen += turn_letter(g)
        play(g, 1)
    assert seen == "RGYB"


def test_club_free_mode_winning_is_individual():
    """"Winning is individual: the first player to finish all four stones wins and the game
    ends — or two stones, if Quick Ludo is on." """
    g = club(opts=FREE, R="c,c,c,h5", G="c,c,c,10")
    assert "win R" in play(g, 1, "R4 h5-c")[-1]
    assert g.outcome().winners == (0,) and g.legal_moves == ()
    g = club(opts=FREE + ",quick=1", R="c,h5,y,y")
    assert "win R" in play(g, 1, "R2 h5-c")[-1]


@pytest.mark.parametrize("square", SAFE)
def test_club_free_mode_safe_squares_always_on(square):
    """"Safe squares: a stone standing on a safe square cannot be killed. The safe squares on
    the path are: 0, 8, 13, 21, 26, 34, 39, 47. They are always on in this mode, with no
    question asked." """
    mover = "G" if square == 0 else "R"
    g = club(opts=FREE, turn=mover, **{mover: "%d,y,y,y" % ((square - 2) % 52),
                                       "Y": "%d,y,y,y" % square})
    play(g, 2)
    assert [(m.end_place, m.captures) for m in g.legal_moves] == [("t%d" % square, ())]
    g.push(g.legal_moves[0])
    assert tokens(g, "Y") == "%d,y,y,y" % square


def test_club_free_mode_two_of_a_colour_cannot_be_killed():
    """"Stacking: two or more stones of your own colour on the same square cannot be
    killed." """
    g = club(opts=FREE, R="10,y,y,y", G="14,14,y,y")
    play(g, 4)
    assert moves(g) == ["R1 10-14"]
    play(g, "R1 10-14")
    assert tokens(g, "G") == "14,14,y,y"


def test_club_free_mode_different_colours_give_no_protection():
    """"Two stones of different colours on the same square give each other no protection." """
    g = club(opts=FREE, R="10,y,y,y", G="14,y,y,y", Y="14,y,y,y")
    g2 = club(opts=FREE, R="10,y,y,y", G="14,14,y,y", B="14,y,y,y")
    # G and Y together on a non-safe square: both are killed
    play(g, 4)
    assert moves(g) == ["R1 10-14xG1Y1"]
    play(g2, 4)
    assert moves(g2) == ["R1 10-14xB1"]     # the green pair is protected, the lone blue not


def test_club_free_mode_lane_is_safe():
    """"The safe zone: the moment a stone enters its final lane towards the finish, no
    opponent can kill it." """
    g = club(opts=FREE, R="h1,y,y,y", B="46,y,y,y", turn="B")
    play(g, 5)
    assert all(m.end_place.startswith("t") for m in g.legal_moves)


# ---- teams -----------------------------------------------------------------------------------------

def test_club_teams_red_green_against_yellow_blue():
    """README: "Teams exist only in ordinary mode with four players: Red+Green against
    Yellow+Blue. Partners never kill each other." """
    g = ludo.Game("club", players=4, seed=1, options={"teams": True})
    assert g.rules.partner == (1, 0, 3, 2)
    for a, b in ((0, 1), (2, 3)):
        assert not g.rules.rival[a * 4 + b] and not g.rules.rival[b * 4 + a]
    g = club(opts="teams=1", R="10,y,y,y", G="14,y,y,y")
    play(g, 4, "R1 10-14")
    assert tokens(g, "G") == "14,y,y,y"


def test_club_teams_finished_player_plays_partners_stones_team_wins_when_both_finish():
    """"With teams: a player who finishes ... moves on to play their partner's stones as
    usual" (teams without Quick Ludo: four stones each)."""
    g = club(opts="teams=1", R="c,c,c,h5", G="20,y,y,y", B="40,y,y,y")
    events = play(g, 1, "R4 h5-c")
    assert g.outcome() is None and "win R" not in events[-1]
    g = club(opts="teams=1", R="c,c,c,c", G="c,c,c,h4", B="40,y,y,y")
    play(g, 2)
    assert moves(g) == ["G4 h4-c"]
    assert g.legal_moves[0].seat == 0
    assert "win R+G" in play(g, "G4 h4-c")[-1]


# ---- special items and notes -------------------------------------------------------------------------

def test_club_custom_dice_is_a_physical_die_entered_and_recorded():
    """"Ludo Custom Dice can be bought from the shop and used at any time to choose the
    number the roll will show." (README: "is, on a real board, entering the value of a
    physical die: available in every preset, and noted in the game record.")"""
    g = ludo.Game("club", players=2, seed=5)
    g.roll(6)
    g.roll(4)
    assert g.record().actions == ["roll 6 hand", "roll 4 hand"]


@pytest.mark.parametrize("preset", ["family", "classic", "club", "strict"])
def test_custom_dice_physical_die_in_every_preset(preset):
    """README: "Custom dice (a shop item there) is, on a real board, entering the value of a
    physical die: available in every preset, and noted in the game record." """
    g = ludo.Game(preset, players=2, seed=5)
    g.roll(6)
    drawn = g.roll() if g.needs_roll() else None
    lines = g.record().actions
    assert lines[0] == "roll 6 hand"
    assert drawn is None or lines[1] == "roll %d" % drawn


def test_club_ordinary_mode_red_green_from_0_others_from_26():
    """"In the ordinary mode red and green start from home square 0, and the other colours
    from 26." (README: "Red and Green enter at 0, Yellow and Blue at 26, as written.")"""
    for seat, sq in zip("RGYB", (0, 0, 26, 26)):
        g = club(turn=seat)
        play(g, 6, 1)
        assert moves(g) == ["%s1 y-%d" % (seat, sq)]


def test_club_ordinary_two_players_are_red_and_blue():
    """README: "Two players: Red and Blue." (facing colours) and "Turn order: clockwise by
    seat." """
    g = ludo.Game("club", players=2, seed=1)
    assert field(g, 1) == "RB"
    g = ludo.Game("club", players=4, seed=1)
    seen = ""
    for _ in range(4):
        seen += turn_letter(g)
        play(g, 2)
    assert seen == "RGYB"


def test_club_colours_handed_out_automatically():
    """"Colours are handed out automatically once the first player has chosen." — on the board
    each player sits at a yard, so the seats are the colours (players chosen by count)."""
    assert field(ludo.Game("club", players=4, seed=1), 1) == "RGYB"
    assert field(ludo.Game("club", players=("green", "yellow"), seed=1), 1) == "GY"


def test_club_positions_updated_after_every_move():
    """"The positions of the stones on the board are updated automatically after every
    move." — every move changes `position()` and the places the board lights."""
    g = club(R="10,y,y,y")
    before = g.place(0)
    play(g, 3, "R1 10-13")
    assert (before, g.place(0)) == ("t10", "t13")


# ---- every action of random games ------------------------------------------------------------

@given(st.integers(0, 2 ** 32 - 1), st.sampled_from([
    (2, {}), (4, {}), (3, {}), (4, {"mode": "free"}), (2, {"safe_squares": True}),
    (4, {"mandatory_kill": True}), (3, {"mandatory_kill": True, "quick": True}),
    (4, {"teams": True}), (4, {"teams": True, "quick": True, "mandatory_kill": True}),
    (4, {"rolloff": True, "safe_squares": True})]))
def test_club_random_games_obey_kill_count_and_roll_rules(seed, setup):
    """Every move of random club games (each mode and option): exact count (or a turn at a
    shut door), every killable stone on the landing square killed, no bonus but the 6's
    extra roll; every game ends (README: Mandatory kill's door opens by itself once no rival
    can be killed)."""
    players, options = setup
    g = random_checked_game("club", players, seed, options)
    assert len(g.outcome().winners) == (2 if options.get("teams") else 1)
