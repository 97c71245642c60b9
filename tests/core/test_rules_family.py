"""The `family` preset: every rule sentence of 000_c159dbef5e42893a.txt and every
`family` decision of shared/rulesets/README.md (docs/rules.md maps them).

Sentences about the website's screen (tapping, the "No moves - Pass" button) are
mapped to the physical board in docs/rules.md; where they carry a rule (the pass
is an explicit action) that rule is tested here.
"""
import pytest
from hypothesis import given, strategies as st

import ludo
from rulehelp import start, moves, play, tokens, field, turn_letter, random_checked_game

STARTS = {"R": 0, "G": 13, "Y": 26, "B": 39}
SAFE = (0, 8, 13, 21, 26, 34, 39, 47)


def red_square(progress):
    """Position text of a Red token at a progress (family geometry)."""
    if progress < 0:
        return "y"
    if progress <= 50:
        return str(progress)
    if progress <= 55:
        return "h%d" % (progress - 50)
    return "c"


# ---- Introduction ------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_family_race_for_2_to_4_players_with_four_tokens_each(players):
    """"Ludo is a race for 2 to 4 players ... Each player has four tokens." """
    g = ludo.Game("family", players=players, seed=1)
    assert len(g.seats) == players
    for s in g.seats:
        assert tokens(g, "RGYB"[s]) == "y,y,y,y"


@pytest.mark.parametrize("players", [0, 1, 5])
def test_family_fewer_than_2_or_more_than_4_players_refused(players):
    """"Ludo is a race for 2 to 4 players" (and "2, 3, or 4 players may play")."""
    with pytest.raises(ludo.OptionError, match="players"):
        ludo.Game("family", players=players, seed=1)


def test_family_route_yard_circuit_home_column_centre():
    """"Roll a six-sided die to bring them out of your yard, around the shared clockwise
    circuit, up your private home column, and into the centre." """
    g = start("family", seats="RG", R="y,c,c,c")
    play(g, 6, "R1 y-0")
    seen = [g.place(0)]
    while g.outcome() is None:
        if turn_letter(g) == "R":
            v = min(5, 56 - g.progress(0))
            g.roll(v)
            g.push(g.legal_moves[0])
            seen.append(g.place(0))
        else:
            play(g, 1, "pass")
    squares = [int(p[1:]) for p in seen if p.startswith("t")]
    assert squares == sorted(squares) and squares[0] == 0 and squares[-1] == 50   # clockwise
    assert [p for p in seen if p.startswith("h")] == ["hR5"]
    assert seen[-1] == "cR"
    assert g.outcome().winners == (0,)


# ---- Players -----------------------------------------------------------------

def test_family_red_player_1_starts():
    """"Red (Player 1) sits at the bottom-left and starts." """
    g = ludo.Game("family", players=4, seed=3)
    assert g.seats[0] == 0 and g.turn == 0 and g.needs_roll()
    assert g.place(0) == "yR1"          # Red's yard: bottom-left on the board (docs/rules.md)


def test_family_play_proceeds_clockwise_red_green_yellow_blue():
    """"Green (Player 2) sits at the top-left. Play proceeds clockwise." and "Yellow
    (Player 3) sits at the top-right." and "Blue (Player 4) sits at the bottom-right." """
    g = ludo.Game("family", players=4, seed=3)
    order = []
    for _ in range(8):
        order.append(turn_letter(g))
        play(g, 1, "pass")
    assert "".join(order) == "RGYBRGYB"
    assert [ludo.SEAT_NAMES[s] for s in g.seats] == ["red", "green", "yellow", "blue"]


@pytest.mark.parametrize("players,seats", [(2, "RG"), (3, "RGY"), (4, "RGYB")])
def test_family_unused_colours_are_removed_at_setup(players, seats):
    """"2, 3, or 4 players may play. Unused colours are removed at setup."
    Decision: "Two players: seats Red and Green (players 1 and 2); three: Red, Green, Yellow." """
    g = ludo.Game("family", players=players, seed=2)
    assert field(g, 1) == seats
    for s in range(4):
        for i in range(4):
            if "RGYB"[s] in seats:
                assert g.place(s * 4 + i) == "y%s%d" % ("RGYB"[s], i + 1)
            else:
                assert g.place(s * 4 + i) is None and g.progress(s * 4 + i) is None


def test_family_two_players_take_turns_red_then_green():
    """Decision: "Two players: seats Red and Green (players 1 and 2)" — they alternate."""
    g = ludo.Game("family", players=2, seed=2)
    order = []
    for _ in range(4):
        order.append(turn_letter(g))
        play(g, 2, "pass")
    assert order == ["R", "G", "R", "G"]


# ---- Objective -------------------------------------------------------------------

def test_family_objective_first_to_bring_all_four_into_the_centre_wins():
    """"Be the first player to move all four of your tokens from your yard, once around the
    outer track, up your home column, and into the centre." """
    g = start("family", R="c,c,c,h3", G="c,c,c,h1")
    assert g.outcome() is None
    events = play(g, 3, "R4 h3-c")
    assert "win R" in events[-1]
    assert g.outcome() == ludo.Outcome((0,), "finished")
    assert g.outcome().result() == "R"


def test_family_three_tokens_home_is_not_a_win():
    """"Be the first player to move all four of your tokens ... into the centre." """
    g = start("family", R="c,c,h4,30")
    play(g, 2, "R3 h4-c")
    assert g.outcome() is None


# ---- Setup -----------------------------------------------------------------------

def test_family_setup_four_tokens_in_each_yard():
    """"Each player places four tokens in their coloured yard (the large corner of matching
    colour)." """
    g = ludo.Game("family", players=4, seed=9)
    assert field(g, 2) == "R=y,y,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y"
    assert [g.place(t) for t in (0, 5, 10, 15)] == ["yR1", "yG2", "yY3", "yB4"]


@pytest.mark.parametrize("value", [0, 7, -1, "6", 2.0, True])
def test_family_single_six_sided_die_shows_1_to_6(value):
    """"A single six-sided die is shared." — a die showing anything but 1..6 is refused."""
    g = ludo.Game("family", players=2, seed=9)
    with pytest.raises(ludo.IllegalMoveError):
        g.roll(value)
    assert field(g, 7) == "0"


def test_family_shared_die_draws_every_face_for_every_seat():
    """"A single six-sided die is shared." — the game's own dice serve every seat, 1..6."""
    g = ludo.Game("family", players=4, seed=11)
    faces = {}
    for _ in range(400):
        if g.outcome() is not None:
            break
        if g.needs_roll():
            seat = g.turn
            v = g.roll()
            assert 1 <= v <= 6
            faces.setdefault(seat, set()).add(v)
        else:
            g.push(g.legal_moves[0])
    assert all(faces[s] == {1, 2, 3, 4, 5, 6} for s in faces) and len(faces) == 4


def test_family_red_rolls_first_and_turns_pass_clockwise():
    """"Red rolls first; turns then pass clockwise." """
    g = ludo.Game("family", players=3, seed=4)
    assert turn_letter(g) == "R" and g.needs_roll()
    seen = []
    for _ in range(6):
        seen.append(turn_letter(g))
        play(g, 4, "pass")
    assert seen == list("RGYRGY")


# ---- Gameplay ----------------------------------------------------------------------

def test_family_turn_is_roll_then_move_one_token():
    """"Each turn has two parts: roll, then move one token — or acknowledge that you have no
    legal move." """
    g = start("family", R="5,20,y,y")
    assert g.needs_roll() and moves(g) == []
    g.roll(3)
    assert not g.needs_roll()
    assert moves(g) == ["R1 5-8", "R2 20-23"]
    play(g, "R2 20-23")
    assert tokens(g, "R") == "5,23,y,y" and turn_letter(g) == "G"


def test_family_turn_without_legal_move_is_acknowledged():
    """"Each turn has two parts: roll, then move one token — or acknowledge that you have no
    legal move." """
    g = start("family")
    g.roll(2)
    assert moves(g) == ["pass"] and not g.needs_roll() and turn_letter(g) == "R"
    play(g, "pass")
    assert turn_letter(g) == "G"


def test_family_tap_the_die_throws_the_games_own_dice():
    """"Tap the die to throw it." — on the board the roll button draws from the game's dice
    (recorded as `roll N`); a physical die is entered as `g.roll(N)` (`roll N hand`)."""
    g = ludo.Game("family", players=2, seed=21)
    v = g.roll()
    assert 1 <= v <= 6
    assert g.record().actions == ["roll %d" % v]


# ---- Rolling -------------------------------------------------------------------------

def test_family_six_enters_or_advances_six():
    """"A 6 lets you either bring a token out of the yard onto your start square (tap your
    yard, then tap the start square), or advance a token already on the track by six
    spaces (tap that token, then tap where it will land)." """
    g = start("family", R="5,y,y,y")
    g.roll(6)
    assert moves(g) == ["R1 5-11", "R2 y-0"]
    enter = [m for m in g.legal_moves if m.start == -1][0]
    assert (enter.start_place, enter.end_place) == ("yR2", "t0")
    step = [m for m in g.legal_moves if m.start == 5][0]
    assert (step.start_place, step.end_place, step.end - step.start) == ("t5", "t11", 6)


@pytest.mark.parametrize("move", ["R1 5-11", "R2 y-0"])
def test_family_after_a_six_move_you_roll_again(move):
    """"After that move you roll again." """
    g = start("family", R="5,y,y,y")
    events = play(g, 6, move)
    assert "bonus" in events[-1]
    assert turn_letter(g) == "R" and g.needs_roll()


def test_family_three_sixes_forfeit_the_third_roll():
    """"Three 6s in a row on the same turn forfeits the third roll: no token moves, and play
    passes to the next player."  Decision: "moves already made in the turn stay." """
    g = start("family", R="5,y,y,y")
    events = play(g, 6, "R1 5-11", 6, "R1 11-17", 6)
    assert "three-sixes" in events[-1]
    assert tokens(g, "R") == "17,y,y,y"          # the first two 6s' moves stay
    assert turn_letter(g) == "G" and g.needs_roll()


def test_family_three_sixes_counter_survives_queries():
    """"Three 6s in a row on the same turn forfeits the third roll" — asking for the legal
    moves or the position between rolls does not reset the count."""
    g = start("family", R="5,y,y,y")
    for move in ("R1 5-11", "R1 11-17"):
        g.roll(6)
        list(g.legal_moves), g.position(), g.legal_moves
        g.push(move)
        g.position(), g.needs_roll(), g.legal_moves
    g.roll(6)
    assert "three-sixes" in g.last_events and turn_letter(g) == "G"


def test_family_sixes_must_be_in_a_row():
    """"Three 6s in a row on the same turn" — a capture's bonus roll that is not a 6 breaks
    the row."""
    g = start("family", R="5,y,y,y", G="14,y,y,y")
    play(g, 6, "R1 5-11", 3, "R1 11-14xG1", 6, "R2 y-0", 6, "R2 0-6")
    assert turn_letter(g) == "R" and g.needs_roll()
    assert field(g, 6) == "2"


def test_family_no_legal_move_tap_pass_to_end_the_turn():
    """"If no token can legally use the rolled number, tap No moves — Pass to end the turn." """
    g = start("family", R="y,y,y,y")
    g.roll(4)
    assert moves(g) == ["pass"]
    assert g.legal_moves[0].is_pass
    assert turn_letter(g) == "R"            # nothing happens until the player passes
    events = play(g, "pass")
    assert events[-1] == ("pass",)
    assert turn_letter(g) == "G"


def test_family_pass_is_explicit_not_automatic():
    """Decision: ""No moves — Pass" is an explicit acknowledgement by the player." — until it
    is pushed the game waits; a roll is refused."""
    g = start("family", R="h3,c,c,c")
    g.roll(5)
    assert moves(g) == ["pass"] and not g.needs_roll()
    with pytest.raises(ludo.IllegalMoveError):
        g.roll(2)
    assert g.record().actions[-1] == "roll 5 hand"


def test_family_pass_only_when_no_token_can_move():
    """"If no token can legally use the rolled number, tap No moves — Pass" — with a legal
    move there is no pass."""
    g = start("family", R="h3,20,y,y")
    g.roll(4)
    assert moves(g) == ["R2 20-24"]
    with pytest.raises(ludo.IllegalMoveError):
        g.push("pass")


def test_family_unusable_six_still_grants_another_roll_after_pass():
    """"A 6 that cannot be used still grants another roll after you pass" and the decision
    "A 6 that no token can use still earns another roll after the Pass." """
    g = start("family", R="h1,c,c,c")
    g.roll(6)
    assert moves(g) == ["pass"]
    events = play(g, "pass")
    assert "bonus" in events[-1]
    assert turn_letter(g) == "R" and g.needs_roll()


def test_family_unusable_third_six_grants_no_roll():
    """"A 6 that cannot be used still grants another roll after you pass (unless it was the
    third consecutive 6)." """
    g = start("family", R="h1,c,c,c", sixes=2)
    events = play(g, 6)
    assert "three-sixes" in events[-1] and "bonus" not in events[-1]
    assert turn_letter(g) == "G"


# ---- Leaving the yard ---------------------------------------------------------------------

@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_family_token_cannot_enter_until_a_six(value):
    """"A token cannot enter the track until you roll a 6." """
    g = start("family", R="y,y,y,y")
    g.roll(value)
    assert moves(g) == ["pass"]


@given(st.sampled_from("RGYB"))
def test_family_six_moves_token_onto_start_square_not_six_spaces(seat):
    """"That 6 moves it from the yard onto your coloured start square (it does not travel six
    spaces)." """
    g = start("family", turn=seat)
    g.roll(6)
    assert moves(g) == ["%s1 y-%d" % (seat, STARTS[seat])]
    play(g, "%s1 y-%d" % (seat, STARTS[seat]))
    assert g.place("RGYB".index(seat) * 4) == "t%d" % STARTS[seat]
    assert g.progress("RGYB".index(seat) * 4) == 0


def test_family_any_yard_token_may_be_the_one_entering():
    """"Tap the yard, then tap the start square to confirm." — the yard is one pile: naming
    any yard token enters one (the core records the lowest-numbered one)."""
    g = start("family", R="y,30,y,y")
    g.roll(6)
    play(g, "R4 y-0")
    assert tokens(g, "R") == "0,30,y,y"


# ---- Moving on the track -----------------------------------------------------------------------

def test_family_tokens_travel_clockwise_round_the_52_square_circuit():
    """"Tokens travel clockwise around the 52-space outer circuit." — past square 51 comes 0."""
    g = start("family", G="49,y,y,y", turn="G")
    play(g, 5, "G1 49-2")
    assert tokens(g, "G") == "2,y,y,y"


def test_family_choose_which_token_to_advance():
    """"If more than one of your tokens is on the board, choose which one to advance: tap the
    token (or stacked pile), then tap the highlighted landing square." """
    g = start("family", R="5,20,33,y")
    g.roll(2)
    assert moves(g) == ["R1 5-7", "R2 20-22", "R3 33-35"]
    play(g, "R3 33-35")
    assert tokens(g, "R") == "5,20,35,y"


def test_family_stacked_pile_is_one_choice():
    """"tap the token (or stacked pile)" — a pile of friendly tokens is one choice, moving as
    its lowest-numbered token."""
    g = start("family", R="9,9,20,y")
    g.roll(2)
    assert moves(g) == ["R1 9-11", "R3 20-22"]
    play(g, "R2 9-11")            # naming any token of the pile moves the pile's one token
    assert tokens(g, "R") == "11,9,20,y"


@given(st.integers(0, 44), st.integers(1, 6))
def test_family_move_is_exact_face_value(square, value):
    """"The move must be the exact face value." """
    g = start("family", R="%d,y,y,y" % square)
    g.roll(value)
    track = [m for m in g.legal_moves if m.token == 0]
    assert len(track) == 1 and track[0].end - track[0].start == value


@pytest.mark.parametrize("seat,last", [("R", 50), ("G", 11), ("Y", 24), ("B", 37)])
def test_family_token_turns_into_own_home_column_after_nearly_a_lap(seat, last):
    """"After nearly a full lap, a token turns into its own coloured home column (five
    spaces) and then into the centre." (README: the last track square is 50 squares ahead of
    the entry square; then 5 home-column squares; home is 56 from the entry.)"""
    g = start("family", turn=seat, **{seat: "%d,y,y,y" % last})
    t = "RGYB".index(seat) * 4
    assert g.progress(t) == 50
    places = []
    for v in (1, 1, 1, 1, 1, 1):
        g.roll(v)
        g.push("%s1+1" % seat)
        places.append(g.place(t))
        while g.turn != t // 4:
            play(g, 1, "pass")
    assert places == ["h%s%d" % (seat, i) for i in range(1, 6)] + ["c" + seat]
    assert g.progress(t) == 56 == g.home_progress


def test_family_opponents_cannot_enter_your_home_column():
    """"Opponents cannot enter your home column." — Green passes Red's column entrance and
    goes on round the track."""
    g = start("family", R="h2,y,y,y", G="48,y,y,y", turn="G")
    play(g, 5, "G1 48-1")
    assert g.place(4) == "t1"
    assert tokens(g, "R") == "h2,y,y,y"


# ---- Exact finish --------------------------------------------------------------------------

def test_family_centre_needs_exact_count():
    """"To enter the centre a token must land on it by exact count." """
    g = start("family", R="h3,y,y,y")
    g.roll(3)
    assert moves(g) == ["R1 h3-c"]
    play(g, "R1 h3-c")
    assert tokens(g, "R") == "c,y,y,y"


@given(st.integers(44, 55), st.integers(1, 6))
def test_family_roll_larger_than_remaining_steps_cannot_move(progress, value):
    """"If the roll is larger than the remaining steps, that token cannot move" (and no
    rebound: README "Rolls overshooting home cannot be played with that token")."""
    g = start("family", R="%s,c,c,c" % red_square(progress))
    g.roll(value)
    if progress + value <= 56:
        assert [m.end for m in g.legal_moves] == [progress + value]
    else:
        assert moves(g) == ["pass"]


def test_family_overshoot_choose_a_different_token():
    """"If the roll is larger than the remaining steps, that token cannot move; choose a
    different token or pass." """
    g = start("family", R="h4,30,y,y")
    g.roll(4)
    assert moves(g) == ["R2 30-34"]


def test_family_overshoot_or_pass():
    """"...that token cannot move; choose a different token or pass." """
    g = start("family", R="h4,y,y,y")
    g.roll(4)
    assert moves(g) == ["pass"]
    play(g, "pass")
    assert turn_letter(g) == "G" and tokens(g, "R") == "h4,y,y,y"


# ---- Capturing and safe squares -----------------------------------------------------------------

def test_family_landing_on_opponent_on_non_safe_square_captures():
    """"Landing on a non-safe space occupied by an opponent's token captures it." """
    g = start("family", R="5,y,y,y", G="9,y,y,y")
    g.roll(4)
    assert moves(g) == ["R1 5-9xG1"]
    assert g.legal_moves[0].captures == (4,)
    events = play(g, "R1 5-9xG1")
    assert "capture G1" in events[-1]


def test_family_captured_token_returns_to_yard_and_needs_a_six():
    """"The captured token returns to its owner's yard and needs another 6 to re-enter." """
    g = start("family", seats="RG", R="5,y,y,y", G="9,y,y,y")
    play(g, 4, "R1 5-9xG1")
    assert tokens(g, "G") == "y,y,y,y" and g.place(4) == "yG1"
    play(g, 1, "R1 9-10")               # Red's bonus roll
    g.roll(5)
    assert moves(g) == ["pass"]         # Green: a 5 does not bring it back
    play(g, "pass", 1, "R1 10-11")
    g.roll(6)
    assert moves(g) == ["G1 y-13"]


def test_family_capture_grants_an_extra_roll():
    """"A capture grants an extra roll." """
    g = start("family", R="5,y,y,y", G="9,y,y,y")
    events = play(g, 4, "R1 5-9xG1")
    assert "bonus" in events[-1]
    assert turn_letter(g) == "R" and g.needs_roll()


def test_family_six_and_capture_earn_one_extra_roll_not_two():
    """Decision: "A move that is both a 6 and a capture earns one extra roll, not two." """
    g = start("family", R="5,y,y,y", G="11,y,y,y")
    events = play(g, 6, "R1 5-11xG1")
    assert events[-1].count("bonus") == 1
    play(g, 2, "R1 11-13")
    assert turn_letter(g) == "G"


def test_family_opposing_stack_is_captured_whole():
    """Decision: "Landing on a non-safe square captures every opposing token on it (friendly
    stacks are allowed, so an opposing stack is captured whole)." """
    g = start("family", R="5,y,y,y", G="9,9,y,y")
    g.roll(4)
    assert moves(g) == ["R1 5-9xG1G2"]
    events = play(g, "R1 5-9xG1G2")
    assert "capture G1" in events[-1] and "capture G2" in events[-1]
    assert tokens(g, "G") == "y,y,y,y"


def _attack(square):
    """A capture set-up onto `square`: (seat moving, its token text, the victim seat)."""
    if square < 5:                      # Red cannot stand behind its own start square
        return "G", str((square - 4) % 52), "Y"
    return "R", str(square - 4), "G"


@pytest.mark.parametrize("square", SAFE)
def test_family_safe_squares_starts_and_stars_cannot_be_captured(square):
    """"Safe squares are the four coloured start spaces, the four gold star spaces on the
    circuit, every home-column space, and the centre. Tokens on a safe square cannot be
    captured; they share the square with whoever else lands there." """
    mover, at, victim = _attack(square)
    kw = {mover: "%s,y,y,y" % at, victim: "%d,y,y,y" % square}
    g = start("family", turn=mover, **kw)
    g.roll(4)
    m = [m for m in g.legal_moves if m.token == "RGYB".index(mover) * 4][0]
    assert m.captures == () and str(m) == "%s1 %s-%d" % (mover, at, square)
    play(g, str(m))
    assert tokens(g, victim) == "%d,y,y,y" % square          # they share the square
    assert g.place("RGYB".index(mover) * 4) == "t%d" % square


@pytest.mark.parametrize("square", [1, 5, 9, 14, 22, 30, 40, 50])
def test_family_non_safe_squares_capture(square):
    """"Landing on a non-safe space occupied by an opponent's token captures it." (every
    square but the starts and stars)"""
    mover, at, victim = _attack(square)
    g = start("family", turn=mover, **{mover: "%s,y,y,y" % at, victim: "%d,y,y,y" % square})
    g.roll(4)
    assert [m.captures for m in g.legal_moves if m.start >= 0] == [("RGYB".index(victim) * 4,)]


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_family_home_column_and_centre_tokens_are_never_captured(value):
    """"Safe squares are ... every home-column space, and the centre." — no opponent move
    ends in Red's column or centre, so a token there is never captured."""
    g = start("family", R="h1,h5,c,y", G="46,y,y,y", turn="G")
    g.roll(value)
    assert [m.end_place for m in g.legal_moves if m.start >= 0] == ["t%d" % ((46 + value) % 52)]
    assert all(m.captures == () for m in g.legal_moves)
    g.push(g.legal_moves[0])
    assert tokens(g, "R") == "h1,h5,c,y"


def test_family_friendly_tokens_may_stack():
    """"Friendly tokens may occupy the same square (they stack)." """
    g = start("family", R="3,9,y,y")
    g.roll(6)
    assert "R1 3-9" in moves(g)
    play(g, "R1 3-9")
    assert tokens(g, "R") == "9,9,y,y"


def test_family_no_impassable_blockades_pass_over_a_stack():
    """"This edition does not form impassable blockades." — an opposing pair is passed."""
    g = start("family", R="5,y,y,y", G="7,7,y,y")
    g.roll(4)
    assert moves(g) == ["R1 5-9"]


def test_family_no_blockades_land_on_a_stack():
    """"This edition does not form impassable blockades." — an opposing pair may be landed on
    (and is captured whole, README)."""
    g = start("family", R="5,y,y,y", G="7,7,y,y")
    g.roll(2)
    assert moves(g) == ["R1 5-7xG1G2"]


def test_family_stack_on_a_safe_square_shares_with_opponent():
    """"Tokens on a safe square cannot be captured; they share the square with whoever else
    lands there." — even a pair on a star square is shared, not blocked."""
    g = start("family", R="4,y,y,y", G="8,8,y,y")
    g.roll(4)
    assert moves(g) == ["R1 4-8"]


# ---- Winning ---------------------------------------------------------------------------------

def test_family_first_to_place_all_four_in_centre_wins():
    """"The first player to place all four tokens in the centre wins." """
    g = start("family", seats="RG", R="c,c,c,40", G="c,c,c,h4", turn="G")
    play(g, 2, "G4 h4-c")
    assert g.outcome().winners == (1,) and g.outcome().termination == "finished"


def test_family_game_ends_at_that_moment():
    """"The game ends at that moment (remaining players do not continue for place)." — even
    a winning 6 gives no further roll, and nothing more can be played."""
    g = start("family", R="c,c,c,50", G="30,y,y,y")
    events = play(g, 6, "R4 50-c")
    assert "win R" in events[-1] and "bonus" not in events[-1]
    assert g.outcome() is not None
    assert not g.needs_roll() and g.legal_moves == ()
    with pytest.raises(ludo.IllegalMoveError):
        g.roll(3)
    with pytest.raises(ludo.IllegalMoveError):
        g.push("pass")
    assert field(g, 4) == "over"


def test_family_other_players_are_not_ranked():
    """"(remaining players do not continue for place)" — the outcome names one winner."""
    g = start("family", R="c,c,c,h4", G="c,c,c,y", Y="c,c,y,y")
    play(g, 2, "R4 h4-c")
    assert g.outcome().winners == (0,)


# ---- House rules not used here -------------------------------------------------------------------

def test_family_house_rule_not_used_home_rebound():
    """"House rules not used here ... Home rebound (bouncing back from an overshoot)" """
    g = start("family", R="h4,y,y,y")
    g.roll(5)
    assert moves(g) == ["pass"]
    assert ludo.option_defaults("family")["rebound"] is False


def test_family_house_rule_not_used_entry_on_a_1():
    """"House rules not used here ... Entry on a 1 as well as a 6" """
    g = start("family")
    g.roll(1)
    assert moves(g) == ["pass"]
    assert ludo.option_defaults("family")["entry_on_1"] is False


def test_family_house_rule_not_used_impassable_blockades():
    """"House rules not used here ... Impassable two-token blockades" """
    g = start("family", R="20,y,y,y", G="22,22,y,y")
    g.roll(5)
    assert moves(g) == ["R1 20-25"]
    assert ludo.option_defaults("family")["blockades"] is False


def test_family_house_rule_not_used_centre_bonus_but_capture_still_grants():
    """"House rules not used here ... Bonus roll for entering the centre (a capture still
    grants a bonus roll)" """
    g = start("family", R="h3,10,y,y", G="14,y,y,y")
    events = play(g, 3, "R1 h3-c")
    assert "home R1" in events[-1] and "bonus" not in events[-1]
    assert turn_letter(g) == "G"
    g = start("family", R="h3,10,y,y", G="14,y,y,y")
    assert "bonus" in play(g, 4, "R2 10-14xG1")[-1]


def test_family_house_rule_not_used_highest_opening_roll_red_always_starts():
    """"House rules not used here ... Highest opening roll chooses who starts (Red always
    starts)" """
    for seed in range(5):
        g = ludo.Game("family", players=4, seed=seed)
        assert g.turn == 0 and field(g, 4) == "roll"
        g.roll(1)
        assert turn_letter(g) == "R" and moves(g) == ["pass"]
    assert ludo.option_defaults("family")["highest_starts"] is False


# ---- every action of random games ------------------------------------------------------------

@given(st.integers(0, 2 ** 32 - 1), st.sampled_from([2, 3, 4]))
def test_family_random_games_obey_capture_count_and_bonus_rules(seed, players):
    """Every move of random family games: exact face value, captures on non-safe squares
    (whole stacks), never a killable opponent left beside a landing token, one bonus roll for a
    6 and/or a capture, none for the centre; every game ends with one winner."""
    g = random_checked_game("family", players, seed)
    assert len(g.outcome().winners) == 1


def test_family_entering_beside_opponents_on_the_start_square_shares():
    """"Safe squares are the four coloured start spaces ... they share the square with
    whoever else lands there." — entering onto a start square holding opponents captures
    nothing (and, with no blockades, a pair there does not stop it)."""
    g = start("family", G="0,0,y,y", Y="0,y,y,y")
    g.roll(6)
    assert [(str(m), m.captures) for m in g.legal_moves] == [("R1 y-0", ())]
    play(g, "R1 y-0")
    assert tokens(g, "G") == "0,0,y,y" and tokens(g, "Y") == "0,y,y,y"


# ---- README: "Geometry shared by all presets" (checked for every preset) -------------------------

PRESETS = ("family", "classic", "club", "strict")


def _opts(preset):
    return {"mode": "free"} if preset == "club" else None


@pytest.mark.parametrize("preset", PRESETS)
def test_geometry_seats_clockwise_with_entries_0_13_26_39(preset):
    """README: "Track squares `0..51`, clockwise. Seats clockwise: Red, Green, Yellow, Blue,
    with entry (start) squares 0, 13, 26, 39." (club: free mode; ordinary mode's entries are
    the text's own, see test_club_ordinary_mode_red_green_from_0_others_from_26)"""
    g = ludo.Game(preset, players=4, seed=1, options=_opts(preset))
    assert g.seats == (0, 1, 2, 3) and g.rules.entry == (0, 13, 26, 39)
    for seat in "RGYB":
        h = start(preset, turn=seat, opts="mode=free" if preset == "club" else "")
        h.roll(6)
        if preset == "club":
            h.roll(1)
        assert [m.end_place for m in h.legal_moves] == ["t%d" % STARTS[seat]]


@pytest.mark.parametrize("preset", PRESETS)
def test_geometry_star_squares_8_ahead_of_each_entry(preset):
    """README: "Star squares are 8 squares ahead of each entry square: 8, 21, 34, 47." —
    safe where the preset has stars (family, classic, club's safe squares), ordinary in
    strict ("there are no star squares")."""
    g = ludo.Game(preset, players=4, seed=1, options=_opts(preset))
    stars = [sq for sq in (8, 21, 34, 47) if g.rules.safe[sq]]
    assert stars == ([] if preset == "strict" else [8, 21, 34, 47])
    assert [e + 8 for e in (0, 13, 26, 39)] == [8, 21, 34, 47]


@pytest.mark.parametrize("preset,last,home", [
    ("family", 50, 56), ("classic", 50, 56), ("strict", 50, 56), ("club", 51, 57)])
def test_geometry_last_track_square_and_home_distance(preset, last, home):
    """README: "`family`, `classic`, `strict`: a token's last track square is 50 squares ahead
    of its entry square; then 5 home-column squares; home is exactly 56 squares from the entry
    square." and "`club`: ... a stone covers 52 track squares (relative 0..51); then 5 lane
    squares and the finish, reached by exact count at relative 57." """
    g = start(preset, seats="RB" if preset == "club" else "RY", R="%d,c,c,c" % last)
    assert g.home_progress == home
    g.roll(1)
    assert [m.end_place for m in g.legal_moves] == ["hR1"]
    g = start(preset, seats="RB" if preset == "club" else "RY", R="h1,c,c,c")
    g.roll(home - last - 1)
    assert [m.end_place for m in g.legal_moves] == ["cR"]


@pytest.mark.parametrize("preset", PRESETS)
def test_geometry_entering_needs_a_six_and_overshoot_cannot_be_played(preset):
    """README: "Entering from the yard always needs a 6 and puts the token on its entry square
    (it does not travel six squares). Rolls overshooting home cannot be played with that
    token." """
    seats = "RB" if preset == "club" else "RY"
    for v in range(1, 6):
        g = start(preset, seats=seats)
        g.roll(v)
        assert [str(m) for m in g.legal_moves if not m.is_pass] == []
    g = start(preset, seats=seats, R="h5,c,c,y")
    g.roll(6)
    if preset == "club":
        g.roll(2)
    assert [m for m in g.legal_moves if not m.is_pass and m.token == 0 and m.roll == 6] == []
    assert [str(m) for m in g.legal_moves if not m.is_pass and m.roll == 6] == ["R4 y-0"]
