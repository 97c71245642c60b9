"""The seat links' room (host side): who holds which seat, a link acts only for its seat and
on its turn, fill, leave, resign, the 45 s rule and the room's lifetime, against a stand-in
board that checks actions with the rules core as the board will."""
import ludo
import pytest

from conftest import Clock
from ludo_host.web import room as rooms
from ludo_host.web.room import Room


class Board:
    """The board's side of the interface: kinds per seat, actions checked on a real game."""

    def __init__(self, players=4, preset="classic", seed=3):
        self.game = ludo.Game(preset, players=players, seed=seed)
        self.kinds = {ludo.SEAT_LETTERS[s]: "human" for s in self.game.seats}
        self.calls = []

    def set_kind(self, seat, kind):
        self.calls.append(("kind", seat, kind))
        self.kinds[seat] = kind
        return None

    def act(self, seat, action):
        g = self.game
        if ludo.SEAT_LETTERS[g.turn] != seat and action != "resign":
            return "not %s's turn" % seat
        if action == "roll":
            if not g.needs_roll():
                return "no roll is due"
            g.roll()
        elif action == "resign":
            g.resign(seat)
        else:
            legal = {str(m): m for m in g.legal_moves}
            if action not in legal:
                return "%s is not a legal move now" % action
            g.push(legal[action])
        self.calls.append(("act", seat, action))
        return None

    def turn(self):
        return ludo.SEAT_LETTERS[self.game.turn]


@pytest.fixture
def table():
    board, clock = Board(), Clock()
    room = Room("RGYB", linked="GYB", board=board, turn=board.turn, clock=clock)
    return board, clock, room


def test_each_open_seat_has_its_own_unguessable_link(table):
    board, clock, room = table
    links = room.links()
    assert sorted(links) == ["B", "G", "Y"]                 # Red is played at the table
    assert len(set(links.values())) == 3 and all(len(t) >= 24 for t in links.values())
    assert room.seat_of(links["G"]).letter == "G"
    for wrong in ("", links["G"][:-1], links["G"] + "x", None, 7, "\u00e9"):
        assert room.seat_of(wrong) is None


def test_a_link_acts_only_for_its_seat_and_on_its_turn(table):
    board, clock, room = table
    green = room.seat_of(room.links()["G"])
    yellow = room.seat_of(room.links()["Y"])
    assert room.act(green, "roll") == "this link does not play its seat now"     # not joined yet
    assert room.join(green) is None and board.kinds["G"] == "remote"
    assert room.act(green, "roll") == "not your turn"             # Red (the table) is on turn
    moved = False
    for _ in range(500):                                          # until Green has moved a token by link
        g, seat = board.game, board.turn()
        if seat != "G":                                           # the other seats, straight on the board
            assert board.act(seat, "roll" if g.needs_roll() else str(next(iter(g.legal_moves)))) is None
            continue
        assert room.act(yellow, "roll") == "this link does not play its seat now"
        if g.needs_roll():
            assert room.act(green, "R1 0-6").startswith("an action is roll, pass, resign or a move of your own")
            assert room.act(green, "warp").startswith("an action is")
            assert room.act(green, "roll") is None
            continue
        move = str(next(iter(g.legal_moves)))
        wrong = "G4 40-44" if move != "G4 40-44" else "G4 41-45"
        assert room.act(green, wrong) == "%s is not a legal move now" % wrong
        assert room.act(green, move) is None and board.calls[-1] == ("act", "G", move)
        moved = True
        break
    assert moved


def test_fill_gives_the_open_seats_to_the_computer_and_their_links_die(table):
    board, clock, room = table
    green = room.seat_of(room.links()["G"])
    room.join(green)
    assert room.fill() is None
    assert board.kinds == {"R": "human", "G": "remote", "Y": "medium", "B": "medium"}
    assert room.links() == {}
    yellow = [s for s in room.seats.values() if s.letter == "Y"][0]
    assert room.join(yellow) == "the computer plays this seat now (the table can reopen it: a new link)"


def test_leave_hands_the_seat_to_the_computer_with_three_or_more(table):
    board, clock, room = table
    green = room.seat_of(room.links()["G"])
    room.join(green)
    assert room.leave(green) is None and board.kinds["G"] == "medium"
    assert room.act(green, "roll") == "this link does not play its seat now"
    assert room.join(green) is None and board.kinds["G"] == "remote"       # leaving is not for ever
    assert room.leave(green) is None and board.kinds["G"] == "medium"
    two = Board(players=2)
    duo = Room("RY", linked="Y", board=two, turn=two.turn, clock=Clock(), can_resign=lambda s: True)
    yellow = duo.seat_of(duo.links()["Y"])
    duo.join(yellow)
    assert duo.leave(yellow) == "with two players there is no leaving: resign instead"
    assert two.kinds["Y"] == "remote"


def test_resign_only_where_the_game_allows_it(table):
    board, clock, room = table
    green = room.seat_of(room.links()["G"])
    room.join(green)
    assert room.act(green, "resign") == "this game does not let G resign now"
    two = Board(players=2)
    duo = Room("RY", linked="Y", board=two, turn=two.turn, clock=Clock(), can_resign=lambda s: True)
    yellow = duo.seat_of(duo.links()["Y"])
    duo.join(yellow)
    assert duo.act(yellow, "resign") is None and two.game.outcome() is not None


def test_away_45_s_the_computer_plays_and_control_returns_on_reconnect(table):
    board, clock, room = table
    green = room.seat_of(room.links()["G"])
    room.join(green)
    room.closed(green)
    clock.now += rooms.AWAY_S - 1
    assert room.tick() and board.kinds["G"] == "remote"          # 44 s: still the player's
    clock.now += 1
    assert room.tick() and board.kinds["G"] == "medium" and green.covered
    assert room.act(green, "roll") == "the computer is playing this seat's turns (it was away)"
    assert room.join(green) is None                                # back
    assert board.kinds["G"] == "remote" and not green.covered
    # Two pages of one player: away only when both closed.
    room.join(green)
    room.closed(green)
    clock.now += 100
    assert room.tick() and board.kinds["G"] == "remote"


def test_the_room_ends_30_minutes_after_everyone_left_or_after_24_hours(table):
    board, clock, room = table
    green = room.seat_of(room.links()["G"])
    room.join(green)
    room.watch()
    clock.now += 3600
    assert room.tick()                                              # people are there
    room.closed(green)
    room.closed()                                                   # the watcher too
    clock.now += rooms.EMPTY_S - 1
    assert room.tick()
    room.watch()                                                    # somebody came back
    clock.now += rooms.EMPTY_S
    assert room.tick()
    room.closed()
    clock.now += rooms.EMPTY_S
    assert not room.tick()
    busy = Room("RG", linked="G", board=Board(players=2), turn=lambda: "R", clock=clock)
    busy.watch()
    clock.now += rooms.LIFETIME_S - 1
    assert busy.tick()
    clock.now += 1
    assert not busy.tick()


def test_the_table_reopens_a_seat_with_a_new_link_and_the_old_one_no_longer_plays(table):
    """A friend who lost their link, or a computer's seat for a late friend (issue 24)."""
    board, clock, room = table
    green = room.seat_of(room.links()["G"])
    room.join(green)
    fresh = room.reopen("G")
    assert fresh.token != green.token and room.seat_of(green.token) is None
    assert board.calls[-1] == ("kind", "G", "human")          # the table plays it until someone joins
    assert room.links()["G"] == fresh.token and room.join(fresh) is None
    assert room.fill() is None and board.kinds["Y"] == "medium"
    late = room.reopen("Y")                                   # the computer plays on until the friend joins
    assert board.kinds["Y"] == "medium" and room.join(late) is None and board.kinds["Y"] == "remote"
    assert room.reopen("R").state == "open" and room.reopen("Q").startswith("seat Q is not")


def test_the_room_goes_on_into_the_next_game_with_the_same_seats(table):
    board, clock, room = table
    green = room.seat_of(room.links()["G"])
    yellow = room.seat_of(room.links()["Y"])
    room.join(green)
    room.join(yellow)
    room.leave(yellow)
    board.calls.clear()
    # the next game: the board forgot the remote flag; its menu gave Green to the computer
    assert room.next_game({"R": "human", "G": "medium", "Y": "human", "B": "human"}) is None
    assert board.calls == [("kind", "G", "remote"), ("kind", "Y", "medium")]
    assert room.seat_of(green.token) is green and green.state == "remote"
    # the 24 h rule is the room's, over all its games
    clock.now += rooms.LIFETIME_S - 1
    assert room.tick()
    clock.now += 1
    assert not room.tick()
