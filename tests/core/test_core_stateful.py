"""Random games of every preset and option set, checking invariants after every action."""
import pytest
from hypothesis import strategies as st, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import ludo
from ludo.replay import game_of
from ludo.game import OFF, ROLL, MOVE, ROLLOFF, OVER
from configs import CONFIGS, config_id

MAX_ACTIONS = 20000     # no game of any preset comes near this in random play


def check_invariants(g):
    r = g.rules
    # four tokens per seat, each on a square it may stand on
    for s in range(4):
        for t in range(s * 4, s * 4 + 4):
            b = g.pos[t]
            if s not in r.seats:
                assert b == OFF
                continue
            if b == OFF:
                assert (g.out >> s) & 1 or r.lift, "token %s off the board without resign/lift" % ludo.token_name(t)
                continue
            assert 0 <= b <= r.home + 1, "token beyond home (no exact finish?)"
    # the occupancy tables agree with the tokens
    occ = bytearray(208)
    for t in range(16):
        b = g.pos[t]
        if 0 < b <= r.track_len:
            occ[((r.entry[t >> 2] + b - 1) % 52) * 4 + (t >> 2)] += 1
    assert occ == g.occ
    # blocks: strict never lets a third token of a colour onto a square
    if r.blocks == 2:
        assert max(occ) <= 2
    assert g.phase in (ROLL, MOVE, ROLLOFF, OVER)
    assert (g.outcome() is None) == (g.phase != OVER)
    if g.phase == MOVE:
        assert g.legal_moves, "a move is due but none is legal (the pass should be automatic)"
    else:
        assert g.legal_moves == ()


class GamePlay(RuleBasedStateMachine):
    @initialize(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2 ** 64))
    def start(self, config, seed):
        preset, players, opts = config
        self.g = ludo.Game(preset, players=players, seed=seed, options=opts)
        self.history = [self.g.position()]

    def _after(self):
        g = self.g
        p = g.position()
        assert ludo.Game.from_position(p).position() == p      # position text round-trips
        self.history.append(p)
        assert len(g) < MAX_ACTIONS

    @precondition(lambda self: self.g.outcome() is None and self.g.needs_roll())
    @rule(hand=st.one_of(st.none(), st.integers(1, 6)))
    def roll(self, hand):
        self.g.roll(hand)
        self._after()

    @precondition(lambda self: self.g.outcome() is None and not self.g.needs_roll())
    @rule(data=st.data())
    def move(self, data):
        g = self.g
        moves = g.legal_moves
        m = data.draw(st.sampled_from(moves))
        r = g.rules
        if m.code != 112 and m.end < r.track_len:
            sq = (r.entry[m.token >> 2] + m.end) % 52
            held = g.held[sq] & ~(1 << (m.token >> 2)) if r.blocks in (1, 3) else g.held[sq]
            assert not (r.blocks and held), "move %s lands on a block" % m
            assert not r.no_stop[sq] or m.start == -1
        if m.code != 112:
            assert m.end <= r.home, "exact finish broken by %s" % m
        g.push(m)
        self._after()

    @precondition(lambda self: len(self.g) > 0)
    @rule(k=st.integers(1, 40))
    def take_back(self, k):
        k = min(k, len(self.g))
        for _ in range(k):
            self.g.pop()
        del self.history[-k:]
        assert self.g.position() == self.history[-1]      # push/pop round-trip

    @invariant()
    def invariants(self):
        check_invariants(self.g)

    @invariant()
    def record_replays(self):
        g = self.g
        if len(g) % 25 == 0 or g.outcome() is not None:
            assert game_of(ludo.Record.parse(str(g.record()))).position() == g.position()
            assert game_of(ludo.Record.parse(str(g.record(transcript=True)))).position() == g.position()


TestGamePlay = GamePlay.TestCase
# A default run plays ~20 random games of up to 150 actions with take-backs (about 30 s);
# LUDO_LONG=1 (tests/conftest.py) raises both.
TestGamePlay.settings = settings(stateful_step_count=min(settings().stateful_step_count, 150),
                                 max_examples=20 if settings().max_examples <= 100 else settings().max_examples)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_terminate_and_replay(config):
    """Every game of every preset terminates; its record replays to the same end and verifies."""
    import random
    preset, players, opts = config
    for seed in range(2):
        rng = random.Random(seed)
        g = ludo.Game(preset, players=players, seed=seed, options=opts)
        while g.outcome() is None:
            if g.needs_roll():
                g.roll()
            else:
                g.push(rng.choice(list(g.legal_moves)))
            check_invariants(g)
            assert len(g) < MAX_ACTIONS, "game does not end: %s" % g.position()
        text = str(g.record())
        rec = ludo.Record.parse(text)
        assert rec.errors == []
        assert game_of(rec).position() == g.position()
        assert ludo.verify_record(rec) == []
