"""A game's commitment (docs/record-format.md): the SHA-256 of its seed and the set-up
its header states (preset, options, players, kinds, dice, position), computed alike on
CPython and MicroPython; the dice mode a game is played with."""
import hashlib
import json

import pytest

import ludo
from ludo.replay import game_of


def documented_commitment(header, seed):
    """The commitment as docs/record-format.md defines it, from the header alone."""
    covered = {k: header[k] for k in ("dice", "kinds", "options", "players", "position", "preset") if k in header}
    text = json.dumps(dict(covered, seed="%d" % seed), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


SETUPS = [
    dict(preset="classic", players=4, seed=7),
    dict(preset="club", players=3, seed=2 ** 64 - 1, options={"mode": "free"}, dice="hand"),
    dict(preset="family", players="RG", seed=0, kinds={"G": "easy"}),
    dict(preset="strict", players=2, seed=99, options={"deadline": 30}, kinds={"R": "hard", "Y": "medium"}),
]


def make(setup):
    s = dict(setup)
    kinds = s.pop("kinds", {})
    g = ludo.Game(**s)
    for seat in sorted(kinds):
        g.set_kind(seat, kinds[seat])
    return g


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s["preset"])
def test_the_commitment_is_the_documented_hash_of_seed_and_header(setup):
    g = make(setup)
    head = g.record().header
    assert head["commitment"] == documented_commitment(head, setup["seed"])
    assert head["game"] == g.game_id == head["commitment"][:8]
    assert head["dice"] == setup.get("dice", "device")


def test_a_position_is_covered():
    text = "classic RY R=5,y,y,y/Y=y,y,y,y R roll - 0 3"
    g = ludo.Game.from_position(text, seed=12)
    head = g.record().header
    assert head["position"] == text
    assert head["commitment"] == documented_commitment(head, 12)
    other = ludo.Game.from_position(text.replace("R=5", "R=6"), seed=12)
    assert other.commitment != g.commitment


def test_kinds_given_before_the_first_action_are_the_set_up_and_later_ones_are_not():
    g = ludo.Game("classic", players=2, seed=5)
    plain = g.game_id
    g.set_kind("Y", "hard")             # before the first action: the set-up, a new id
    assert g.game_id != plain and g.record().header["kinds"] == {"R": "human", "Y": "hard"}
    committed = g.commitment
    g.roll()
    g.set_kind("R", "easy")             # during the game: a `kind` line, the id stays
    assert g.commitment == committed and g.record(transcript=True).header["kinds"]["R"] == "human"


def test_a_recorded_hand_over_before_the_first_action_keeps_the_set_up_and_is_a_line():
    """A board gives its header out at the start: a seat handed over before anyone rolls is
    a `kind` line (record=True), the commitment stays the start's, and the record (read
    back, replayed, written again) is the same text."""
    g = ludo.Game("classic", players=2, seed=5)
    committed = g.commitment
    g.set_kind("Y", "hard", record=True)
    assert g.commitment == committed and g.start_kinds == {"R": "human", "Y": "human"}
    assert g.kinds["Y"] == "hard" and g.transcript_length == 1
    g.roll()
    text = str(g.record(transcript=True))
    assert text.split("\n")[1:3] == ["kind Y hard", "roll %d" % g.last_roll]
    again = game_of(ludo.Record.parse(text))
    assert again.kinds["Y"] == "hard" and str(again.record(transcript=True)) == text


def test_every_kind_on_every_seat_is_a_code_of_its_own_read_back_from_the_record():
    """A hand-over is one transcript code: human..hard on a seat are 122..137 (as before the
    Expert), expert 138..141; each reads back as its `kind` line, and a record with them
    replays, verifies and is written back the same."""
    g = ludo.Game("classic", players=4, seed=3)
    g.roll()
    codes = []
    for seat in "RGYB":
        for kind in ludo.KINDS:
            code = g.set_kind(seat, kind, record=True)
            assert g.action_text(code) == "kind %s %s" % (seat, kind)
            codes.append(code)
    assert sorted(codes) == list(range(122, 142)) and len(set(codes)) == 20
    assert g.set_kind("G", "expert", record=True) == 139 and g.kinds["G"] == "expert"
    while not g.is_over():              # (a finished game: verify wants its footer)
        g.roll() if g.needs_roll() else g.push(g.legal_moves[0])
    text = str(g.record(transcript=True))
    assert "kind G expert" in text.split("\n")
    again = game_of(ludo.Record.parse(text))
    assert again.kinds["G"] == "expert" and again.transcript == g.transcript
    assert str(again.record(transcript=True)).split("\n")[1:-2] == text.split("\n")[1:-2]    # (the actions)
    assert ludo.verify_record(ludo.Record.parse(text)) == []
    board = ludo.Game("classic", players=4, seed=3)     # a board's saved transcript, code by code
    for code in g.transcript:
        board.push_transcript_code(code)
    assert board.kinds == g.kinds and board.transcript == g.transcript


def test_an_expert_seat_in_the_header_reads_and_verifies():
    g = ludo.Game("classic", players=2, seed=8)
    g.set_kind("Y", "expert")
    while not g.is_over():
        g.roll() if g.needs_roll() else g.push(g.legal_moves[-1])
    rec = ludo.Record.parse(str(g.record()))
    assert rec.header["kinds"] == {"R": "human", "Y": "expert"} and ludo.verify_record(rec) == []
    assert game_of(rec).kinds["Y"] == "expert"


def test_a_hand_dice_game_takes_only_a_dies_value():
    g = ludo.Game("classic", players=2, seed=5, dice="hand")
    with pytest.raises(ludo.IllegalMoveError, match="dice are entered by hand; enter the die's value"):
        g.roll()
    assert g.roll(6) == 6 and g.copy().dice == "hand"
    with pytest.raises(ludo.LudoError, match='dice is "device"'):
        ludo.Game("classic", dice="loaded")


def test_a_replayed_record_keeps_its_dice_and_its_commitment():
    g = make(SETUPS[1])
    g.roll(3)
    rec = ludo.Record.parse(str(g.record()))
    again = game_of(rec)
    assert again.dice == "hand" and again.commitment == g.commitment and again.game_id == g.game_id


def test_the_commitment_under_micropython_with_and_without_hashlib(micropython):
    """The board computes the same commitment, with its hashlib and with ludo.sha256."""
    calls = ["import ludo, ludo.dice"]
    for without in (False, True):
        if without:
            calls.append("ludo.dice.hashlib = None")
        for s in SETUPS:
            kinds = s.get("kinds", {})
            args = dict((k, v) for k, v in s.items() if k != "kinds")
            calls.append("g = ludo.Game(**%r)" % (args,))
            calls += ["g.set_kind(%r, %r)" % (k, kinds[k]) for k in sorted(kinds)]
            calls.append("print(g.commitment, g.game_id)")
    got = micropython.run("\n".join(calls)).split("\n")
    want = ["%s %s" % (make(s).commitment, make(s).game_id) for s in SETUPS]
    assert got[:2 * len(SETUPS)] == want + want
