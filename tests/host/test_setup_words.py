"""A game's set-up in plain words (ludo_host.setup_words): one table of every option's
plain name, explanation and values, said alike by the status line, the help, the page,
the HTML replay and the docs; the summary of a game's start."""
import pathlib
import sys

import ludo
from ludo.options import OPTIONS as RULES_OPTIONS
from ludo_host import setup_words
from ludo_host.setup_words import OPTIONS, house_rules, option_line, summary, summary_lines

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "firmware"))


def test_every_option_has_a_plain_name_an_explanation_and_words_for_each_value():
    from ludoboard.setup_menu.options import values_of
    assert set(OPTIONS) == set(RULES_OPTIONS)
    for name, option in OPTIONS.items():
        assert option.title and "_" not in option.title, name
        assert option.explains.endswith(".") and len(option.explains) < 120, name
        for value in values_of(name):               # every value the set-up menu offers
            words = setup_words.option_words(name, value)
            assert words and "_" not in words and str(value) != words, (name, value)
    assert option_line("entry_on_1", True) == "Out on a 1: A 1 also brings a token out"
    assert option_line("three_sixes", "void") == "Three sixes in a row: the turn is lost, its moves taken back"
    assert option_line("deadline", 60) == "Time per turn: 60 s"


def test_the_docs_list_the_same_words():
    """docs/rules.md's "The options in plain words" is the table, row for row."""
    docs = (ROOT / "docs" / "rules.md").read_text()
    for row in setup_words.docs_table():
        assert row in docs, "docs/rules.md lacks (or says otherwise):\n" + row


def test_a_games_start_says_preset_seats_dice_and_the_house_rules_that_differ():
    header = {"preset": "classic", "players": "RGYB", "dice": "hand",
              "kinds": {"R": "human", "G": "medium", "Y": "human", "B": "easy"},
              "options": dict(ludo.Rules("classic", 4, {"entry_on_1": True, "stars": False}).options)}
    assert summary_lines(header, remote="Y") == [
        "Classic, 4 players: Red a person, Green the Medium computer, Yellow on a link, Blue the Easy computer",
        "A real die, counted in by hand",
        "House rules: Stars are not safe: tokens on them can be captured; A 1 also brings a token out"]
    plain = dict(header, dice="device", options=dict(ludo.Rules("classic", 4).options))
    assert summary_lines(plain)[1:] == ["The board's own dice"]         # no house rules: no line
    assert summary(plain).startswith("Classic, 4 players: Red a person, ") and summary(plain).endswith(".")


def test_options_that_follow_from_others_are_not_said_twice():
    """Quick Ludo makes 2 tokens win, free mode turns the safe squares on, three club players
    play free mode: only what the players chose is a house rule."""
    quick = ludo.Rules("club", 4, {"mode": "free", "quick": True}).options
    assert house_rules("club", "RGYB", quick) == [("mode", "free"), ("quick", True)]
    assert house_rules("club", "RGY", ludo.Rules("club", 3).options) == []
    assert house_rules("nonsense", "RG", {"stars": False}) == []


def test_the_walk_through_of_a_new_option_names_its_words():
    """docs/firmware.md's "add a set-up menu option": the first test above fails for an option
    without words here, and the virtual board would say its bare name ("short_track: True"),
    so the walk-through names this table and docs/rules.md's rows among its steps."""
    doc = (ROOT / "docs" / "firmware.md").read_text()
    walk = doc.split("## Walk-through: add a set-up menu option", 1)[1].split("\n## ", 1)[0]
    assert "host/ludo_host/setup_words.py" in walk and "docs/rules.md" in walk
    assert (ROOT / "host" / "ludo_host" / "setup_words.py").exists()
