"""What happened, in words (ludo_host.happened): the same words on the live page and in
the virtual board's status line; "your" for the seat a step concerns; places named as a
person sees them, never as square numbers."""
import random
import re

import ludo

from ludo_host.happened import move_label, said_to, short_words, what_happened
from ludo_host.virtual.last_action import LastAction


def test_a_capture_told_to_everyone_to_the_captured_and_to_the_capturer():
    events = ["capture G1", "bonus"]
    assert what_happened("Y", "Y2 20-24xG1", events) == (
        "Yellow moved Y2 4 squares. Yellow captured Green's G1: it goes back to the yard. "
        "Bonus: Yellow rolls again.")
    assert "Yellow captured your G1: it goes back to the yard." in what_happened("Y", "Y2 20-24xG1", events, viewer="G")
    assert what_happened("Y", "Y2 20-24xG1", events, viewer="Y").startswith(
        "You moved Y2 4 squares. You captured Green's G1: it goes back to the yard. Bonus: you roll again.")
    step = {"actor": "Y", "line": "Y2 20-24xG1", "events": events}
    assert sorted(said_to(step)) == ["G", "Y"]
    assert short_words(step) == "Y2 4 squares, captured Green's G1"


def test_rolls_passes_home_a_win_resign_and_a_hand_over():
    assert what_happened("R", "roll 3", ["pass"]) == "Red rolled 3. No token can use it: the turn passes."
    assert what_happened("R", "roll 6", ["three-sixes"], viewer="R") == \
        "You rolled 6. A third six in a row: the turn is lost."
    assert what_happened("B", "pass", []) == "Blue passed: no token could move."
    assert what_happened("G", "G3 h4-c", ["home G3", "win G"], viewer="G") == \
        "You moved G3 home. You won the game!"
    assert what_happened("Y", "resign Y", ["resign Y"]) == "Yellow resigned: their tokens leave the board."
    assert what_happened("Y", "kind Y medium", [], viewer="Y") == "The computer (Medium) plays for you now."
    assert short_words({"actor": "R", "line": "roll 3", "events": ["pass"]}) == "rolled 3, no move"
    assert short_words({"actor": "R", "line": "roll 3", "events": []}) == ""


def test_move_labels_name_places_as_a_person_sees_them():
    rules = ludo.Game("classic", players=2, seed=1).rules
    labels = {}
    rnd = random.Random(4)
    for seed in range(30):
        g = ludo.Game("classic", players=2, seed=seed)
        for _ in range(400):
            if g.outcome():
                break
            if g.needs_roll():
                g.roll()
                continue
            moves = list(g.legal_moves)
            for m in moves:
                if not m.is_pass:
                    text = move_label(m)
                    kind = ("yard" if m.start < 0 else "home" if m.end >= rules.home else
                            "column" if m.end >= rules.track_len > m.start else
                            "star" if rules.safe[(rules.entry[m.seat] + m.end) % 52] and m.end < rules.track_len
                            else "plain")
                    labels.setdefault(kind, text)
            g.push(rnd.choice(moves))
    assert labels["yard"].endswith(": out of the yard")
    assert labels["star"].endswith("squares, onto the star") or labels["star"].endswith("square, onto the star")
    assert labels["column"].endswith(", into the home column")
    assert labels["home"].endswith(", home")
    for text in labels.values():
        assert not re.search(r"square \d|to \d|\d+-\d+", text), text


def test_last_action_follows_a_game_as_the_terminal_shows_it():
    g = ludo.Game("classic", players=2, seed=3)
    last = LastAction()
    assert last.words(g) == ""
    rnd = random.Random(2)
    seen = []
    for _ in range(300):
        if g.outcome():
            break
        if g.needs_roll():
            g.roll()
        else:
            g.push(rnd.choice(list(g.legal_moves)))
        seen.append(last.words(g))
        assert last.words(g) == seen[-1]                  # (asked again: the same, not made again)
    assert any(w.startswith("Red rolled") for w in seen) and any(w.startswith("Yellow moved") for w in seen)
    assert any("captured" in w for w in seen)
    assert not any(re.search(r"square \d|to \d|\d+-\d+", w) for w in seen)       # no square numbers


def test_a_take_back_says_what_it_took_back():
    """Undo in the move list and the page's words: "Took back: Red's roll 3", the line it
    took back by its seat (the record's `undo` says no more)."""
    import ludo
    from ludo_host.happened import step_words
    from ludo_host.replay.steps import Replay
    g = ludo.Game("classic", players=2, seed=3)
    replay = Replay(ludo.Record(header=g.record().header, actions=[]))
    replay.push("roll %d" % g.roll())
    first = replay.steps[-1]["line"]
    assert replay.push("undo")
    assert replay.steps[-1]["took_back"] == first
    assert step_words(replay.steps[-1]) == "Took back: Red's %s." % first
    assert step_words(replay.steps[-1], viewer="R") == "Took back: your %s." % first
