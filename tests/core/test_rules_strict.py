"""The `strict` preset: every rule sentence of 004_1b6f6a09925c9d96.txt (rules, how a game
ends, the note on dice, and the terms) and every `strict` decision of
shared/rulesets/README.md (docs/rules.md maps them).
"""
import hashlib
import json

import pytest
from hypothesis import given, strategies as st

import ludo
from rulehelp import start, moves, play, tokens, field, turn_letter, random_game, random_checked_game

STARS = (8, 21, 34, 47)


def strict(**kw):
    kw.setdefault("seats", "RY")
    return start("strict", **kw)


# ---- introduction -------------------------------------------------------------------------

@pytest.mark.parametrize("players,seats", [(2, "RY"), (3, "RGY"), (4, "RGYB")])
def test_strict_two_to_four_players(players, seats):
    """"A race for two to four players, with just enough spite in it to keep everybody
    interested." (README: "Two players: Red and Yellow (opposite seats).")"""
    g = ludo.Game("strict", players=players, seed=1)
    assert field(g, 1) == seats


def test_strict_default_is_two_players_red_and_yellow():
    """README: "Two players: Red and Yellow (opposite seats)." """
    g = ludo.Game("strict", seed=1)
    assert g.seats == (0, 2)
    play(g, 3, 6)
    assert moves(g) == ["Y1 y-26"]


def test_strict_rule_set_is_written_out_not_assumed():
    """"Ludo has no single agreed rule book, so the exact set this site plays is written out
    below rather than assumed." — the preset is fixed data: its defaults are the text's."""
    d = ludo.option_defaults("strict")
    assert (d["stars"], d["capture_bonus"], d["centre_bonus"], d["three_sixes"],
            d["tokens_to_win"], d["rebound"], d["entry_on_1"], d["blockades"]) == (
        False, False, False, "void", 4, False, False, False)


# ---- the rules ------------------------------------------------------------------------------

def test_strict_four_tokens_all_start_in_the_yard():
    """"Each player has four tokens, which all start in their yard." """
    g = ludo.Game("strict", seed=1)
    assert field(g, 2) == "R=y,y,y,y/Y=y,y,y,y"


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_strict_six_needed_to_leave_the_yard(value):
    """"A six is needed to bring a token out of the yard and onto its entry square." (Terms:
    "The yard — ... A six is needed to leave it.")"""
    g = strict()
    assert play(g, value)[-1] == ("pass",)
    assert tokens(g, "R") == "y,y,y,y" and turn_letter(g) == "Y"


def test_strict_six_brings_token_onto_its_entry_square():
    """"A six is needed to bring a token out of the yard and onto its entry square." (Terms:
    "Entry square — The square a token enters the track on.")"""
    g = strict()
    g.roll(6)
    assert moves(g) == ["R1 y-0"]
    g = strict(turn="Y")
    g.roll(6)
    assert moves(g) == ["Y1 y-26"]


def test_strict_six_earns_another_roll():
    """"Rolling a six earns you another roll." """
    g = strict(R="10,y,y,y")
    events = play(g, 6, "R1 10-16")
    assert "bonus" in events[-1] and turn_letter(g) == "R" and g.needs_roll()


def test_strict_only_a_six_earns_another_roll():
    """README: "Only a 6 earns another roll." — no bonus for a capture or for reaching home."""
    g = strict(R="10,h3,y,y", Y="14,y,y,y")
    events = play(g, 4, "R1 10-14xY1")
    assert "bonus" not in events[-1] and turn_letter(g) == "Y"
    g = strict(R="10,h3,y,y")
    events = play(g, 3, "R2 h3-c")
    assert "bonus" not in events[-1] and turn_letter(g) == "Y"


def test_strict_three_sixes_forfeit_the_whole_turn():
    """"Three sixes in a row forfeits the whole turn, and nothing from that turn is played."
    (README: "Three sixes void the whole turn: every move of that turn is taken back ... and
    play passes.")"""
    g = strict(R="20,y,y,y", Y="40,y,y,y")
    before = tokens(g, "R")
    events = play(g, 6, "R1 20-26", 6, "R2 y-0", 6)
    assert events[-1] == ("three-sixes", "void")
    assert tokens(g, "R") == before
    assert turn_letter(g) == "Y" and g.needs_roll()


def test_strict_three_sixes_restore_captures():
    """README: "Three sixes void the whole turn: every move of that turn is taken back,
    captures included, and play passes." """
    g = strict(R="24,y,y,y", Y="30,y,y,y")
    events = play(g, 6, "R1 24-30xY1", 6, "R2 y-0", 6)
    assert "capture Y1" in events[1]
    assert events[-1] == ("three-sixes", "void")
    assert field(g, 2) == "R=24,y,y,y/Y=30,y,y,y"
    assert turn_letter(g) == "Y"


def test_strict_void_turn_can_still_be_popped_back():
    """README: "Three sixes void the whole turn" — taking the third 6 back (a replay tool's
    step back) brings the turn's moves back too."""
    g = strict(R="24,y,y,y", Y="30,y,y,y")
    play(g, 6, "R1 24-30xY1", 6, "R2 y-0")
    mid = g.position()
    play(g, 6)
    g.pop()
    assert g.position() == mid


def test_strict_move_one_token_the_number_rolled():
    """"Move one token the number rolled, around the track towards your own home." """
    g = strict(R="10,20,y,y")
    g.roll(4)
    assert moves(g) == ["R1 10-14", "R2 20-24"]
    play(g, "R2 20-24")
    assert tokens(g, "R") == "10,24,y,y" and turn_letter(g) == "Y"


@pytest.mark.parametrize("seat,last", [("R", 50), ("Y", 24)])
def test_strict_track_towards_your_own_home(seat, last):
    """"...around the track towards your own home." (README: the last track square is 50
    squares ahead of the entry square; then 5 home-column squares; home at 56.)"""
    g = strict(turn=seat, **{seat: "%d,y,y,y" % last})
    g.roll(1)
    assert [m.end_place for m in g.legal_moves] == ["h%s1" % seat]
    assert g.home_progress == 56


def test_strict_landing_on_a_single_opposing_token_sends_it_home():
    """"Landing on a square holding a single opposing token sends that token back to its yard,
    to start again from the beginning." (Terms: "Sending home — Landing on a lone opposing
    token, which returns it to its owner's yard.")"""
    g = strict(R="10,y,y,y", Y="14,y,y,y")
    events = play(g, 4, "R1 10-14xY1")
    assert "capture Y1" in events[-1]
    assert tokens(g, "Y") == "y,y,y,y"
    play(g, 5)                              # Yellow needs a six again
    assert tokens(g, "Y") == "y,y,y,y" and turn_letter(g) == "R"


@pytest.mark.parametrize("square", STARS)
def test_strict_star_squares_are_not_safe(square):
    """README: "Only the four entry squares are safe (used or not); there are no star
    squares." """
    g = strict(R="%d,y,y,y" % (square - 3), Y="%d,y,y,y" % square)
    g.roll(3)
    assert moves(g) == ["R1 %d-%dxY1" % (square - 3, square)]


@pytest.mark.parametrize("square", [13, 26, 39])
def test_strict_each_entry_square_is_safe(square):
    """"Each colour's entry square is safe. A token standing there cannot be sent home."
    (Terms: "It is safe: nothing can be sent home from it.") README: "(used or not)" — 13 and
    39 are safe in a Red-Yellow game too."""
    g = strict(R="%d,y,y,y" % (square - 3), Y="%d,y,y,y" % square)
    events = play(g, 3, "R1 %d-%d" % (square - 3, square))
    assert "capture Y1" not in events[-1]
    assert tokens(g, "Y") == "%d,y,y,y" % square


def test_strict_entry_square_safe_against_the_owner_entering_too():
    """"Each colour's entry square is safe." — Red entering onto its start square beside a lone
    Yellow token shares it."""
    g = strict(Y="0,y,y,y")
    g.roll(6)
    assert moves(g) == ["R1 y-0"]
    play(g, "R1 y-0")
    assert tokens(g, "Y") == "0,y,y,y"


def test_strict_two_tokens_hold_a_square_opponents_cannot_land():
    """"Two tokens of the same colour on one square hold it: nothing may land there." (Terms:
    "A block — Two tokens of one colour on a single square. Nothing can land on it")"""
    g = strict(R="10,y,y,y", Y="14,14,y,y")
    assert play(g, 4)[-1] == ("pass",)


def test_strict_nothing_may_land_own_colour_included():
    """README: ""Nothing may land there": no token of any colour, own included, may end a move
    on a square holding two tokens of one colour." """
    g = strict(R="10,14,14,y")
    g.roll(4)
    assert moves(g) == ["R2 14-18"]


def test_strict_own_block_on_entry_square_stops_entry():
    """README: "no token of any colour, own included, may end a move on a square holding two
    tokens of one colour." — not even one entering onto its own entry square."""
    g = strict(R="0,0,y,y")
    g.roll(6)
    assert moves(g) == ["R1 0-6"]


def test_strict_opposing_block_on_entry_square_stops_entry():
    """"nothing may land there" — an opposing pair on your entry square keeps you in the
    yard."""
    g = strict(Y="0,0,y,y")
    assert play(g, 6)[-1] == ("pass", "bonus")


def test_strict_block_rule_applies_in_the_home_column():
    """Lead's decision (README silent): "nothing may land on two tokens of one colour" also
    applies in the home column."""
    g = strict(R="h3,h3,48,y")
    assert play(g, 5)[-1] == ("pass",)
    assert tokens(g, "R") == "h3,h3,48,y"
    g = strict(R="h3,h2,48,y")
    g.roll(5)
    assert moves(g) == ["R3 48-h3"]


def test_strict_blocks_do_not_stop_passing_over():
    """"They do not stop other tokens passing over." (Terms: "but tokens may pass over
    it.")"""
    g = strict(R="10,y,y,y", Y="12,12,y,y")
    g.roll(5)
    assert moves(g) == ["R1 10-15"]
    g = strict(R="10,12,12,y")
    g.roll(5)
    assert "R1 10-15" in moves(g)


def test_strict_exact_roll_to_reach_home():
    """"A token needs the exact roll to reach home." """
    g = strict(R="h2,y,y,y")
    g.roll(4)
    assert moves(g) == ["R1 h2-c"]


@given(st.integers(1, 5), st.integers(1, 6))
def test_strict_no_overshoot_token_must_wait(column, value):
    """"You may not overshoot, so a token close to home may have to wait for the right
    number." """
    g = strict(R="h%d,c,c,c" % column)
    events = play(g, value)
    left = 6 - column
    if value <= left:
        end = "c" if value == left else "h%d" % (column + value)
        assert moves(g) == ["R1 h%d-%s" % (column, end)]
    else:
        assert "pass" in events[-1] and tokens(g, "R") == "h%d,c,c,c" % column


# ---- how a game ends -------------------------------------------------------------------------

def test_strict_first_to_get_all_four_home_wins():
    """"The first player to get all four of their tokens home wins." """
    g = strict(R="c,c,c,h5", Y="c,c,c,y")
    assert "win R" in play(g, 1, "R4 h5-c")[-1]
    assert g.outcome() == ludo.Outcome((0,), "finished")


def test_strict_all_four_not_two_or_three():
    """"All four, not two or three: a game continues until somebody finishes the whole
    set." """
    g = strict(R="c,c,h5,20", Y="c,c,c,30")
    play(g, 1, "R3 h5-c")
    assert g.outcome() is None and turn_letter(g) == "Y"


def test_strict_resignation_ends_the_game_against_that_player():
    """"A resignation or a missed deadline ends the game against that player." (README:
    "their tokens leave the board; the last player left wins.")"""
    g = strict(R="10,20,y,y", Y="30,y,y,y")
    g.resign("R")
    assert g.last_events == ("resign R", "win Y")
    assert tokens(g, "R") == "x,x,x,x"
    assert g.outcome() == ludo.Outcome((2,), "resigned")


def test_strict_missed_deadline_ends_the_game_against_that_player():
    """"A resignation or a missed deadline ends the game against that player." — the caller
    keeps the clock and reports the expiry (option `deadline`)."""
    g = start("strict", seats="RY", opts="deadline=60", R="10,y,y,y", Y="30,y,y,y", turn="Y")
    g.timeout()
    assert g.last_events == ("timeout Y", "win R")
    assert tokens(g, "Y") == "x,x,x,x"
    assert g.outcome() == ludo.Outcome((0,), "deadline")


def test_strict_timeout_needs_the_deadline_option():
    """"a missed deadline" — only a game with a deadline can miss one."""
    g = strict()
    with pytest.raises(ludo.IllegalMoveError, match="deadline"):
        g.timeout()


def test_strict_last_player_left_wins_after_several_leave():
    """README: "Resigning, or missing an optional per-turn deadline, ends the game for that
    player: their tokens leave the board; the last player left wins." """
    g = ludo.Game("strict", players=4, seed=4, options={"deadline": 30})
    g.roll(2)                      # Red: nothing to move, Green on turn
    g.timeout()                    # Green misses the deadline
    assert g.last_events == ("timeout G",) and turn_letter(g) == "Y" and g.outcome() is None
    assert tokens(g, "G") == "x,x,x,x"
    g.resign("B")                  # Blue resigns out of turn: Yellow stays on turn
    assert g.last_events == ("resign B",) and turn_letter(g) == "Y"
    play(g, 1)
    assert turn_letter(g) == "R"   # the turn skips the seats that left
    g.resign("R")
    assert g.outcome() == ludo.Outcome((2,), "resigned")
    with pytest.raises(ludo.IllegalMoveError):
        g.roll(3)


def test_strict_resigned_seat_cannot_resign_again():
    """"A resignation ... ends the game against that player." — once."""
    g = ludo.Game("strict", players=3, seed=4)
    g.resign("G")
    with pytest.raises(ludo.IllegalMoveError):
        g.resign("G")


def test_strict_rules_published_no_take_backs():
    """"The list here is the one this site implements, published so there is nothing to
    argue about halfway through a game." — lead's decision: no undo in strict (the board
    offers none); every other preset allows it."""
    assert not ludo.Game("strict", seed=1).rules.can_undo
    for preset in ("family", "classic", "club"):
        assert ludo.Game(preset, players=2, seed=1).rules.can_undo


def test_strict_unusable_six_still_earns_another_roll():
    """"Rolling a six earns you another roll." — also a six no token can use."""
    g = strict(R="h3,c,c,c", Y="0,0,y,y")
    assert play(g, 6)[-1] == ("pass", "bonus")
    assert turn_letter(g) == "R" and g.needs_roll()


@pytest.mark.parametrize("preset,players,can", [
    ("strict", 2, True), ("strict", 4, True), ("classic", 2, True), ("classic", 3, False),
    ("classic", 4, False), ("family", 2, False), ("family", 4, False), ("club", 2, False),
    ("club", 4, False)])
def test_resign_exists_in_strict_and_two_player_classic_only(preset, players, can):
    """Lead's decision: resigning is in strict's text ("A resignation ... ends the game
    against that player") and classic's two-player games (002: with 3+ players "Leave (the
    computer takes over)" replaces "Resign"); family and club have none."""
    g = ludo.Game(preset, players=players, seed=1)
    assert g.rules.can_resign == can
    if can:
        last = g.seats[-1]
        g.resign(last)
        assert tokens(g, "RGYB"[last]) == "x,x,x,x"
        if players == 2:
            assert g.outcome() == ludo.Outcome((g.seats[0],), "resigned")
        else:
            assert g.outcome() is None
    else:
        with pytest.raises(ludo.IllegalMoveError, match="resign"):
            g.resign(g.seats[-1])


# ---- dice from the seed ----------------------------------------------------------------------

def test_strict_commitment_known_at_start():
    """README: "a commitment to the seed is shown at the start" — the record's header carries
    the SHA-256 commitment (of the seed and the set-up the header states: docs/record-format.md),
    not the seed."""
    g = ludo.Game("strict", seed=123456)
    rec = g.record()
    covered = {k: rec.header[k] for k in ("dice", "kinds", "options", "players", "preset")}
    text = json.dumps(dict(covered, seed="123456"), sort_keys=True, separators=(",", ":"))
    assert rec.header["commitment"] == hashlib.sha256(text.encode()).hexdigest()
    assert rec.header["game"] == rec.header["commitment"][:8]
    assert "123456" not in str(rec)
    assert rec.footer is None


def test_strict_seed_published_at_the_end_every_roll_checkable():
    """"The dice come from the game's seed, which is published at the end, so every roll can
    be checked afterwards." (README: "Every roll derives from the game's seed ... the seed is
    revealed at the end, so anyone can check every roll afterwards")"""
    g = random_game("strict", 2, 77)
    rec = g.record()
    assert rec.footer["seed"] == "77"
    assert ludo.verify_record(ludo.Record.parse(str(rec))) == []
    # every roll is the seed's
    dice = ludo.Dice(77)
    rolls = [int(a[5]) for a in rec.actions if a.startswith("roll ")]
    assert rolls == [dice.roll(k) for k in range(len(rolls))]


def test_strict_a_changed_roll_is_caught():
    """"...so every roll can be checked afterwards." — a roll the seed does not give is
    reported by line number."""
    g = random_game("strict", 2, 77)
    lines = str(g.record()).split("\n")
    k = [i for i in range(len(lines)) if lines[i].startswith("roll ")][0]
    lines[k] = "roll %d" % (int(lines[k][5]) % 6 + 1)
    problems = ludo.verify_record(ludo.Record.parse("\n".join(lines)))
    assert problems and problems[0][0] == k + 1 and "seed" in problems[0][1]


def test_strict_wrong_seed_does_not_fit_commitment():
    """README: "a commitment to the seed is shown at the start and the seed is revealed at
    the end" — a revealed seed that does not match the commitment is reported."""
    g = random_game("strict", 2, 77)
    text = str(g.record()).replace('"seed":"77"', '"seed":"78"')
    problems = ludo.verify_record(ludo.Record.parse(text))
    assert any("commitment" in p[1] for p in problems)


def test_strict_hand_dice_are_marked_and_the_seed_still_revealed():
    """README: "(unless the dice were entered by hand)" and "Custom dice ... noted in the
    game record" — physical dice are `roll N hand` in a record whose header says
    `"dice":"hand"`; its footer reveals the seed all the same, which proves the header."""
    g = ludo.Game.from_position(strict(R="c,c,c,h5").position(), seed=31, dice="hand")
    play(g, 1, "R4 h5-c")
    rec = g.record()
    assert rec.actions == ["roll 1 hand", "R4 h5-c"] and rec.header["dice"] == "hand"
    assert rec.footer["seed"] == "31" and rec.footer["result"] == "R"
    assert ludo.verify_record(ludo.Record.parse(str(rec))) == []


@pytest.mark.parametrize("end", ["resign", "timeout"])
def test_strict_a_game_ended_before_any_roll_reveals_its_seed(end):
    """README: "a commitment to the seed is shown at the start and the seed is revealed at
    the end ... (unless the dice were entered by hand)" — a game that ends before anyone
    rolled entered no die by hand, so its footer reveals the seed, which fits the commitment."""
    g = ludo.Game("strict", seed=4242, options={"deadline": 5})
    g.resign("Y") if end == "resign" else g.timeout()
    rec = g.record()
    assert rec.footer["seed"] == "4242" and rec.actions == [end + " Y" if end == "resign" else "timeout R"]
    assert ludo.verify_record(ludo.Record.parse(str(rec))) == []


# ---- a void after another seat left ---------------------------------------------------------------

def test_three_sixes_void_keeps_a_resigned_seat_off_the_board():
    """README (strict): resigning "ends the game for that player: their tokens leave the
    board" — and a later three-sixes void of another seat's turn does not bring them back."""
    g = start("strict", seats="RGY", R="10,y,y,y", G="30,y,y,y", Y="40,y,y,y")
    play(g, 6, "R1 10-16")
    g.resign("G")
    play(g, 6, "R1 16-22", 6)
    assert "void" in g.last_events
    assert tokens(g, "G") == "x,x,x,x"


# ---- every action of random games ------------------------------------------------------------

@given(st.integers(0, 2 ** 32 - 1), st.sampled_from([2, 3, 4]))
def test_strict_random_games_obey_block_capture_count_and_bonus_rules(seed, players):
    """Every move of random strict games: exact count, nothing ever lands on two tokens of one
    colour, captures off the entry squares (stars are not safe), a bonus roll only for a 6;
    the record verifies against the revealed seed."""
    g = random_checked_game("strict", players, seed)
    assert len(g.outcome().winners) == 1
    assert ludo.verify_record(ludo.Record.parse(str(g.record()))) == []
