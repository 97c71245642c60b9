"""The `classic` preset: every rule sentence of 002_0dbda2840e32ba19.txt (the numbered
rules, and the rules restated in its controls, tips and FAQ) and the `classic`
decision of shared/rulesets/README.md.  Screen-only sentences are mapped to the board
in docs/rules.md; the ones that carry a rule of play (undo, leave/resign, capture
marks) are tested here through the core API.
"""
import pytest
from hypothesis import given, strategies as st

import ludo
from rulehelp import start, moves, play, tokens, field, turn_letter, random_checked_game

SAFE = (0, 8, 13, 21, 26, 34, 39, 47)


def red_square(progress):
    if progress < 0:
        return "y"
    if progress <= 50:
        return str(progress)
    if progress <= 55:
        return "h%d" % (progress - 50)
    return "c"


# ---- 1. players, colours, order -------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_1_two_to_four_players_four_tokens_each(players):
    """1. "The game is for 2–4 players, and each player has 4 tokens." """
    g = ludo.Game("classic", players=players, seed=1)
    assert len(g.seats) == players
    assert all(tokens(g, "RGYB"[s]) == "y,y,y,y" for s in g.seats)


@pytest.mark.parametrize("players", [1, 5])
def test_classic_1_other_player_counts_refused(players):
    """1. "The game is for 2–4 players" """
    with pytest.raises(ludo.OptionError, match="players"):
        ludo.Game("classic", players=players)


def test_classic_1_colours_red_green_yellow_blue():
    """1. "The colors are Red, Green, Yellow, and Blue." """
    g = ludo.Game("classic", players=4, seed=1)
    assert field(g, 1) == "RGYB"
    assert ludo.SEAT_NAMES == ("red", "green", "yellow", "blue")


def test_classic_1_two_players_red_and_yellow_opposite():
    """1. "With 2 players, Red and Yellow (on opposite sides) are used" """
    g = ludo.Game("classic", players=2, seed=1)
    assert field(g, 1) == "RY"
    play(g, 6, "R1 y-0", 1, "R1 0-1")
    g.roll(6)
    assert moves(g) == ["Y1 y-26"]            # Yellow's start: opposite Red's (0 + 26)


def test_classic_1_three_players_red_green_yellow():
    """1. "...and with 3 players, Red, Green, and Yellow." """
    assert field(ludo.Game("classic", players=3, seed=1), 1) == "RGY"


@pytest.mark.parametrize("players,order", [(2, "RYRY"), (3, "RGYRGY"), (4, "RGYBRGYB")])
def test_classic_1_red_first_then_clockwise(players, order):
    """1. "Red goes first, and the turn passes from color to color clockwise as seen from
    above." """
    g = ludo.Game("classic", players=players, seed=1)
    seen = ""
    for _ in order:
        seen += turn_letter(g)
        play(g, 2)                      # nothing can move: the turn ends by itself
    assert seen == order


# ---- 2. the roll --------------------------------------------------------------------------

def test_classic_2_roll_the_die_once():
    """2. "On your turn, you roll the die once." — after a move with a 1..5 the turn passes."""
    g = start("classic", R="5,y,y,y")
    play(g, 3, "R1 5-8")
    assert turn_letter(g) == "G"


def test_classic_2_six_brings_a_token_onto_start_square():
    """2. "If you roll a 6, you can bring one token out of your yard onto your color's start
    square." """
    g = start("classic")
    g.roll(6)
    assert moves(g) == ["R1 y-0"]
    play(g, "R1 y-0")
    assert tokens(g, "R") == "0,y,y,y"


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_classic_2_only_a_six_brings_a_token_out(value):
    """2. "If you roll a 6, you can bring one token out of your yard" (FAQ: "You can bring a
    token out of your yard onto your start square only when you roll a 6.")"""
    g = start("classic", R="30,y,y,y")
    g.roll(value)
    assert moves(g) == ["R1 30-%d" % (30 + value)]


def test_classic_2_six_may_instead_move_a_token_six():
    """2. "You may instead use the 6 to move a token on the board 6 squares." """
    g = start("classic", R="30,y,y,y")
    g.roll(6)
    assert moves(g) == ["R1 30-36", "R2 y-0"]


# ---- 3. the track ---------------------------------------------------------------------

def test_classic_3_clockwise_round_the_52_square_track():
    """3. "Tokens move clockwise around the main track (52 squares)." """
    g = start("classic", Y="49,y,y,y", turn="Y")
    play(g, 5, "Y1 49-2")
    assert g.place(8) == "t2"


@pytest.mark.parametrize("seat,last", [("R", 50), ("G", 11), ("Y", 24), ("B", 37)])
def test_classic_3_last_track_square_is_50_ahead_of_start(seat, last):
    """3. "The last square of the main track is 50 squares ahead of your start square. After
    that, a token goes through your color's home column (5 squares) and into home at the
    center." """
    t = "RGYB".index(seat) * 4
    g = start("classic", turn=seat, **{seat: "%d,y,y,y" % (last - 1)})
    play(g, 1)
    assert [m.end_place for m in g.legal_moves] == ["t%d" % last]
    g.push(g.legal_moves[0])
    while turn_letter(g) != seat:
        play(g, 1)
    play(g, 1)
    assert [m.end_place for m in g.legal_moves] == ["h%s1" % seat]
    g = start("classic", turn=seat, **{seat: "%d,y,y,y" % last})
    play(g, 6)
    assert [m.end_place for m in g.legal_moves if m.token == t] == ["c" + seat]


@given(st.sampled_from("RGYB"))
def test_classic_3_home_is_exactly_56_from_start(seat):
    """3. "Home is exactly 56 squares from your start square" """
    t = "RGYB".index(seat) * 4
    g = start("classic", turn=seat)
    play(g, 6, "%s1 y-%d" % (seat, (13 * "RGYB".index(seat))))
    assert g.progress(t) == 0
    assert g.home_progress == 56


@given(st.integers(44, 55), st.integers(1, 6))
def test_classic_3_home_only_with_an_exact_roll(progress, value):
    """3. "...a token can enter it only with an exact roll (a token cannot move if the roll
    would take it past home)." """
    g = start("classic", R="%s,c,c,c" % red_square(progress))
    g.roll(value)
    if progress + value <= 56:
        assert [m.end for m in g.legal_moves] == [progress + value]
    else:
        assert g.legal_moves == ()


# ---- 4. capturing and safe squares ---------------------------------------------------------

def test_classic_4_landing_on_a_lone_opponent_captures_it():
    """4. "If you land on a square with only one opposing token, you capture it and send it
    back to its yard." """
    g = start("classic", R="5,y,y,y", G="9,y,y,y")
    events = play(g, 4, "R1 5-9xG1")
    assert "capture G1" in events[-1]
    assert tokens(g, "G") == "y,y,y,y" and g.place(4) == "yG1"


def _attack(square):
    if square < 5:
        return "G", str((square - 4) % 52), "Y"
    return "R", str(square - 4), "G"


@pytest.mark.parametrize("square", SAFE)
def test_classic_4_start_and_star_squares_are_safe_and_shared(square):
    """4. "However, each color's start square and the star squares (8 squares in total) are
    safe squares, where you cannot capture opposing tokens. On a safe square, tokens of
    different colors share the same square." """
    mover, at, victim = _attack(square)
    g = start("classic", turn=mover, **{mover: "%s,y,y,y" % at, victim: "%d,y,y,y" % square})
    g.roll(4)
    m = [m for m in g.legal_moves if m.start >= 0]
    assert [x.captures for x in m] == [()]
    g.push(m[0])
    assert tokens(g, victim) == "%d,y,y,y" % square
    assert g.place("RGYB".index(mover) * 4) == "t%d" % square


def test_classic_4_eight_safe_squares_in_total():
    """4. "(8 squares in total)" and "the star square 8 squares ahead of each color's start
    square is a safe square." """
    g = ludo.Game("classic", players=4, seed=1)
    assert [sq for sq in range(52) if g.rules.safe[sq]] == list(SAFE)


@pytest.mark.parametrize("players", [2, 3])
def test_classic_faq_safe_squares_of_unused_colours_stay_safe(players):
    """FAQ: "With 2 or 3 players, all 8 squares are safe, including the start squares of
    unused colors." and README: "All 8 safe squares are safe even when their colour is not
    playing" """
    seats = "RY" if players == 2 else "RGY"
    g = start("classic", seats=seats, R="35,y,y,y", Y="39,y,y,y")   # 39: Blue's start
    g.roll(4)
    assert moves(g) == ["R1 35-39"]
    play(g, "R1 35-39")
    assert tokens(g, "Y") == "39,y,y,y"


# ---- 5. blocks -----------------------------------------------------------------------------

def test_classic_5_opponents_cannot_land_on_a_block():
    """5. "A square with 2 or more tokens of the same color is a block, and opposing tokens
    cannot land on it." (FAQ: "If a roll would make a token land on a block, that token can't
    move.")"""
    g = start("classic", R="5,y,y,y", G="9,9,y,y")
    events = play(g, 4)
    assert "pass" in events[-1] and turn_letter(g) == "G"
    assert tokens(g, "R") == "5,y,y,y"


def test_classic_5_three_or_four_tokens_are_still_a_block():
    """5. "A square with 2 or more tokens of the same color is a block" (README: "3 or 4
    tokens still form one block")."""
    g = start("classic", R="5,30,y,y", G="9,9,9,9")
    g.roll(4)
    assert moves(g) == ["R2 30-34"]


def test_classic_5_opponents_may_pass_over_a_block():
    """5. "They may pass over it." """
    g = start("classic", R="5,y,y,y", G="9,9,y,y")
    g.roll(5)
    assert moves(g) == ["R1 5-10"]


def test_classic_5_block_on_your_start_square_stops_entry():
    """5. "When an opponent has a block on your start square, you cannot bring a token out of
    your yard." (FAQ: "...even if you roll a 6.")"""
    g = start("classic", R="y,y,y,y", G="0,0,y,y")
    events = play(g, 6)
    assert "pass" in events[-1]
    assert tokens(g, "R") == "y,y,y,y"


def test_classic_5_single_opponent_on_start_square_does_not_stop_entry():
    """5. "When an opponent has a block on your start square" — one token is no block: the
    entering token shares the (safe) start square."""
    g = start("classic", R="y,y,y,y", G="0,y,y,y")
    g.roll(6)
    assert moves(g) == ["R1 y-0"]


def test_classic_readme_no_landing_on_opposing_block_even_on_safe_square():
    """README: "no token may land on an opposing block, even on a safe square." (FAQ: "you
    can't land on a square with an opposing block ..., even if it's a safe square.")"""
    g = start("classic", R="5,30,y,y", G="8,8,y,y")
    g.roll(3)
    assert moves(g) == ["R2 30-33"]


def test_classic_readme_token_may_join_its_own_block():
    """README: "A token may join its own block (3 or 4 tokens still form one block)." """
    g = start("classic", R="9,9,5,y")
    g.roll(4)
    assert "R3 5-9" in moves(g)
    play(g, "R3 5-9")
    assert tokens(g, "R") == "9,9,9,y"


def test_classic_tip_block_stops_tokens_coming_from_behind():
    """Tip: "Putting 2 tokens of the same color on one square makes a block, and opposing
    tokens coming from behind cannot land on that square." """
    g = start("classic", R="15,15,y,y", G="13,y,y,y", turn="G")
    events = play(g, 2)
    assert events[-1] == ("pass",) and turn_letter(g) == "Y"
    assert tokens(g, "G") == "13,y,y,y"


# ---- 6. bonus rolls and three sixes -----------------------------------------------------------

def test_classic_6_six_rolls_again():
    """6. "When you roll a 6, ... you roll again" """
    g = start("classic", R="5,y,y,y")
    events = play(g, 6, "R1 5-11")
    assert "bonus" in events[-1] and turn_letter(g) == "R" and g.needs_roll()


def test_classic_6_capture_rolls_again():
    """6. "When you ... capture an opposing token ... you roll again" """
    g = start("classic", R="5,y,y,y", G="9,y,y,y")
    events = play(g, 4, "R1 5-9xG1")
    assert "bonus" in events[-1] and turn_letter(g) == "R" and g.needs_roll()


def test_classic_6_token_home_rolls_again():
    """6. "When you ... get a token home, you roll again" (FAQ: "Getting a token home lets you
    roll again.")"""
    g = start("classic", R="h2,20,y,y")
    events = play(g, 4, "R1 h2-c")
    assert "home R1" in events[-1] and "bonus" in events[-1]
    assert turn_letter(g) == "R" and g.needs_roll()


def test_classic_6_six_and_capture_roll_again_only_once():
    """6. "(only once, even if more than one of these happens)" """
    g = start("classic", R="5,y,y,y", G="11,y,y,y")
    events = play(g, 6, "R1 5-11xG1")
    assert events[-1].count("bonus") == 1
    play(g, 2, "R1 11-13")
    assert turn_letter(g) == "G"


def test_classic_6_six_and_home_roll_again_only_once():
    """6. "(only once, even if more than one of these happens)" — a 6 that takes a token
    home."""
    g = start("classic", R="50,20,y,y")
    events = play(g, 6, "R1 50-c")
    assert events[-1] == ("home R1", "bonus")
    play(g, 3, "R2 20-23")
    assert turn_letter(g) == "G"


def test_classic_6_three_sixes_third_cannot_be_used_turn_ends():
    """6. "If you roll three 6s in a row, the third 6 cannot be used and your turn ends.
    Tokens moved with the first 2 rolls stay where they are." """
    g = start("classic", R="5,y,y,y")
    events = play(g, 6, "R1 5-11", 6, "R2 y-0", 6)
    assert "three-sixes" in events[-1]
    assert tokens(g, "R") == "11,0,y,y"
    assert turn_letter(g) == "G" and g.needs_roll()


def test_classic_faq_three_sixes_with_no_token_out():
    """FAQ: "A 6 lets you roll again, but if you roll three 6s in a row, the third 6 can't be
    used and your turn ends." """
    g = start("classic", R="y,y,y,y", G="0,0,y,y")     # the 6s cannot be used at all
    events = play(g, 6, 6, 6)
    assert "bonus" in events[0] and "bonus" in events[1] and "three-sixes" in events[2]
    assert turn_letter(g) == "G"


# ---- 7. forced move ---------------------------------------------------------------------------

def test_classic_7_if_any_token_can_move_you_must_move():
    """7. "If any token can move, you must move one of them." — there is no pass."""
    g = start("classic", R="h4,20,y,y")
    g.roll(3)
    assert moves(g) == ["R2 20-23"]
    with pytest.raises(ludo.IllegalMoveError):
        g.push("pass")
    with pytest.raises(ludo.IllegalMoveError):
        g.roll(1)


def test_classic_7_no_token_can_move_turn_ends():
    """7. "If no token can move, your turn ends" (FAQ: "If you roll anything other than a 6
    while you have no tokens on the board, no token can move, so your turn ends.")"""
    g = start("classic")
    events = play(g, 3)
    assert events[-1] == ("pass",)
    assert turn_letter(g) == "G" and g.needs_roll()


def test_classic_7_unusable_six_rolls_again():
    """7. "(if you rolled a 6, you roll again)" """
    g = start("classic", R="h1,c,c,c")
    events = play(g, 6)
    assert events[-1] == ("pass", "bonus")
    assert turn_letter(g) == "R" and g.needs_roll()


# ---- 8. winning ------------------------------------------------------------------------------

def test_classic_8_first_to_get_all_four_home_wins():
    """8. "The first player to get all 4 tokens home wins." """
    g = start("classic", R="c,c,c,h5", G="c,c,c,y")
    events = play(g, 1, "R4 h5-c")
    assert "win R" in events[-1]
    assert g.outcome() == ludo.Outcome((0,), "finished")
    assert g.legal_moves == () and not g.needs_roll()


def test_classic_8_other_players_are_not_ranked():
    """8. "The other players are not ranked." """
    g = start("classic", R="c,c,c,h5", G="c,c,c,h5", Y="c,c,y,y")
    play(g, 1, "R4 h5-c")
    out = g.outcome()
    assert out.winners == (0,) and out.result() == "R"
    with pytest.raises(ludo.IllegalMoveError):
        g.roll(1)                       # Green cannot play on for second place


# ---- controls that carry a rule ---------------------------------------------------------------

def test_classic_controls_legal_tokens_are_marked():
    """Controls: "Tokens that can move get a gold ring at their base" — the board lights
    `legal_moves`' start places; each has its destination."""
    g = start("classic", R="5,h4,y,y")
    g.roll(2)
    assert [(m.start_place, m.end_place) for m in g.legal_moves] == [("t5", "t7"), ("hR4", "cR")]


def test_classic_controls_capturing_moves_are_marked_capture():
    """Controls: "moves that capture an opposing token are marked "Capture"" — Move.captures."""
    g = start("classic", R="5,20,y,y", G="9,y,y,y")
    g.roll(4)
    caps = dict((str(m), m.captures) for m in g.legal_moves)
    assert caps == {"R1 5-9xG1": (4,), "R2 20-24": ()}


def test_classic_controls_last_roll_and_moved_token():
    """Controls: "you can see the last roll and the token that moved" and "An orange ring
    marks the square the last moved token started from." """
    g = start("classic", R="5,y,y,y")
    play(g, 3, "R1 5-8")
    assert g.last_roll == 3
    assert str(g.last_move) == "R1 5-8" and g.last_move.start_place == "t5"


def test_classic_controls_undo_move_returns_to_before_the_move_with_the_same_roll():
    """Controls: ""Undo move" returns to the position before a person last moved a token ...
    The roll stays as it was, and you choose again which token to move with the same roll" """
    g = start("classic", R="5,20,y,y")
    play(g, 4, "R1 5-9")
    before = g.position()
    assert g.pop() == "R1 5-9"
    assert field(g, 4) == "move" and field(g, 5) == "4"
    assert moves(g) == ["R1 5-9", "R2 20-24"]
    play(g, "R2 20-24")
    assert g.position() != before and tokens(g, "R") == "5,24,y,y"
    assert g.rules.can_undo


def test_classic_controls_undo_restores_captures_and_computer_moves_after():
    """Controls: "(when you play the computer, the computer's moves after that are undone
    too)" — popping goes back across turns and puts captured tokens back."""
    g = start("classic", R="5,y,y,y", G="9,y,y,y")
    first = g.position()
    play(g, 4, "R1 5-9xG1", 2, "R1 9-11", 6)       # Green's turn now (the computer's)
    while len(g):
        g.pop()
    assert g.position() == first


def test_classic_controls_undo_cannot_give_a_new_roll():
    """Controls: "(you cannot roll again)" — the dice are a function of the seed and the roll
    count, so taking a roll back and rolling again gives the same value."""
    g = ludo.Game("classic", players=2, seed=1234)
    values = []
    for _ in range(5):
        v = g.roll()
        g.pop()
        values.append(g.roll())
        assert values[-1] == v
        if not g.needs_roll():
            g.push(g.legal_moves[0])


def test_classic_controls_leave_replaces_resign_with_three_or_more():
    """Controls: "In games with 3 or more players, "Leave (the computer takes over)" replaces
    "Resign", and the computer takes over the seat of a player who leaves." """
    g = ludo.Game("classic", players=3, seed=2)
    with pytest.raises(ludo.IllegalMoveError, match="resign"):
        g.resign("G")
    g.set_kind("G", "medium")
    assert g.kinds["G"] == "medium" and g.outcome() is None


def test_classic_controls_two_player_game_can_be_resigned():
    """Controls: "Resign" (two players; with 3+ it is replaced by "Leave")."""
    g = ludo.Game("classic", players=2, seed=2)
    play(g, 6, "R1 y-0")
    g.resign("R")
    assert g.outcome() == ludo.Outcome((2,), "resigned")


def test_classic_tip_home_column_tokens_cannot_be_captured():
    """Tip: "Tokens in the home column cannot be captured." """
    g = start("classic", R="h1,y,y,y", G="46,y,y,y", turn="G")
    g.roll(5)
    assert [m.end_place for m in g.legal_moves] == ["t51"]
    play(g, "G1 46-51")
    assert tokens(g, "R") == "h1,y,y,y"


def test_classic_tip_captured_token_needs_a_six_and_capturer_rolls_again():
    """Tip: "A captured token goes back to its yard and cannot come onto the board until a 6
    is rolled. The capturing player also rolls again" """
    g = start("classic", seats="RY", R="22,y,y,y", Y="24,y,y,y")
    events = play(g, 2, "R1 22-24xY1")
    assert "bonus" in events[-1]
    play(g, 1, "R1 24-25")
    assert turn_letter(g) == "Y"
    assert play(g, 5)[-1] == ("pass",)          # a 5 does not bring it back
    assert turn_letter(g) == "R"
    play(g, 1, "R1 25-26")
    g.roll(6)
    assert moves(g) == ["Y1 y-26"]


# ---- every action of random games ------------------------------------------------------------

@given(st.integers(0, 2 ** 32 - 1), st.sampled_from([2, 3, 4]))
def test_classic_random_games_obey_block_capture_count_and_bonus_rules(seed, players):
    """Every move of random classic games: exact count, never landing on an opposing block,
    captures off safe squares, one bonus roll for a 6, a capture or a token home (rules 2-7);
    every game ends with one winner (rule 8)."""
    g = random_checked_game("classic", players, seed)
    assert len(g.outcome().winners) == 1


def test_classic_readme_own_block_on_own_start_square_lets_a_third_enter():
    """README: "A token may join its own block (3 or 4 tokens still form one block)." — even
    on the start square, where an opposing block would stop entry."""
    g = start("classic", R="0,0,30,y")
    g.roll(6)
    assert "R4 y-0" in moves(g)
    play(g, "R4 y-0")
    assert tokens(g, "R") == "0,0,30,0"
