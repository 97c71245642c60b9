"""The virtual board's "Just now: ..." line: the last action of the game being played, in
the words of happened.py, followed by the app's own record."""
import ludo

from ..happened import step_words
from ..replay.steps import Replay


class LastAction:
    """The words of the last action of a game that is being played, followed by its record
    (the virtual board's status line: `words(game)` with the app's ludo.Game).  Each new
    action line is pushed on a Replay of its own, so the seat that acted is known."""

    def __init__(self):
        self.game_id = None
        self.replay = None
        self.seen = -1
        self.said = ""

    def words(self, game):
        """The last action's words ("" before the first one, or with no game)."""
        if game is None:
            return ""
        if game.transcript_length == self.seen and game.game_id == self.game_id:
            return self.said
        rec = game.record(transcript=True)
        if game.game_id != self.game_id or self.replay is None or len(self.replay.actions) > len(rec.actions):
            self.game_id = game.game_id
            self.replay = Replay(ludo.Record(header=rec.header, actions=[]))
        replay = self.replay
        for line in rec.actions[len(replay.actions):]:
            if not replay.push(line):
                break
        self.seen = game.transcript_length
        last = replay.steps[-1]
        move = replay.game.last_move if last.get("moved") else None
        self.said = step_words(last, move)
        return self.said
