# Checking a game record: `verify_record` (docs/record-format.md, "Reading and checking").
#
# A record is proof of fair dice when every action is legal, every roll of the game's
# dice is the one its revealed seed gives, the seed and the header's set-up give the
# commitment published at the start (ludo-record/2; ludo-record/1's covers the seed
# alone), the game id is the commitment's, the rolls are the dice the header says, and
# a game that is over reveals its seed.  Loaded on first use (`ludo.verify_record`).
from .errors import RecordError
from .dice import Dice, commitment as seed_commitment
from .record import FORMAT_1, replay
from .game import Game


def verify_record(rec):
    """Every problem with a record, as (line number, text): actions that are not legal,
    rolls that the revealed seed does not give, a seed that does not fit the commitment
    (which covers the header's set-up too, in ludo-record/2), a game id that is not the
    commitment's, rolls whose dice the header's dice mode does not allow, a game that is
    over and withholds its seed, a footer the game does not give.
    """
    problems = list(rec.errors)
    if not rec.header:
        return problems or [(1, "no header")]
    h = rec.header
    foot = rec.footer
    last = rec.footer_line or (rec.last_line or len(rec.actions) + 1) + 1   # the footer's line
    seed = None
    if foot is None:
        problems.append((last, "no footer: the game is unfinished or the file was cut short"))
    elif foot.get("seed") is not None:
        s = foot.get("seed")
        if not _decimal(s):
            problems.append((last, "footer seed %r is not a whole number in decimal digits" % (s,)))
        elif _seed_fits(h, s, last, problems):
            seed = int(s)
    commit = h.get("commitment")
    if isinstance(commit, str) and h.get("game") != commit[:8]:
        problems.append((1, "game id %r is not the commitment's first 8 hex digits (%s)" % (h.get("game"), commit[:8])))
    mode = dice_mode(rec)
    if foot is not None and foot.get("seed") is None and foot.get("termination") != "abandoned":
        if mode == "device" and _device_rolls(rec):
            problems.append((last, "finished game withholds its seed: no roll can be checked"))
        elif mode == "device" or h.get("format") != FORMAT_1:
            problems.append((last, "finished game withholds its seed: its commitment cannot be checked"))
    dice = Dice(seed) if seed is not None and mode == "device" else None
    dice_problems = []

    def check(g, line, number):
        if not line.startswith("roll "):
            return
        if line.endswith(" hand"):
            if mode == "device":
                dice_problems.append((number, "roll %d of the game (%s) is marked hand in a device-dice "
                                      "record: its value was chosen, not thrown" % (g.rolls + 1, line)))
        elif mode == "hand":
            dice_problems.append((number, "roll %d of the game (%s) is not marked hand in a hand-dice record"
                                  % (g.rolls + 1, line)))
        elif dice is not None:
            want = dice.roll(g.rolls)
            if line != "roll %d" % want:
                dice_problems.append((number, "%s, but the seed gives roll %d" % (line, want)))

    start_errors = len(rec.errors)
    try:
        g, done = replay(Game, rec, None, False, check)
    except RecordError as exc:
        problems.append((1, str(exc)))
        problems.sort()
        return problems
    problems.extend(rec.errors[start_errors:])
    del rec.errors[start_errors:]
    problems.extend(dice_problems)
    if foot is not None and done == len(rec.actions):
        out = g.outcome()
        result = out.result() if out else "*"
        if foot.get("result") != result:
            problems.append((last, "footer says result %r, the game gives %r" % (foot.get("result"), result)))
        termination = out.termination if out else "abandoned"
        if foot.get("termination") != termination:
            problems.append((last, "footer says termination %r, the game gives %r"
                             % (foot.get("termination"), termination)))
    problems.sort()
    return problems


def dice_mode(rec):
    """The record's dice: "device" (the game's own, from its seed) or "hand" (a die's
    value entered); None for a header that says neither.  A ludo-record/1 header does
    not say: its writers revealed the seed unless rolls were made and every one was
    entered by hand, so that is a hand-dice game and any other a device-dice one.
    """
    h = rec.header
    if h.get("format") != FORMAT_1:
        return h.get("dice")
    if (rec.footer or {}).get("seed") is None:
        hand = False
        for a in rec.actions:
            if a.startswith("roll "):
                if not a.endswith(" hand"):
                    return "device"
                hand = True
        if hand:
            return "hand"
    return "device"


def uncovered_fields(header):
    """What a record's commitment leaves open of what ludo-record/2's covers: for a
    ludo-record/1 one (of the seed alone) the preset, options, players, kinds, dice
    (which its header does not state) and position (if it has one).
    """
    if header.get("format") != FORMAT_1:
        return ()
    return tuple(k for k in ("preset", "options", "players", "kinds", "dice", "position")
                 if k != "position" or k in header)


def _device_rolls(rec):
    return sum(1 for a in rec.actions if a.startswith("roll ") and not a.endswith(" hand"))


def _decimal(s):
    """A seed as the writers write it: ASCII digits, no sign, no leading zero, not huge
    (str.isdigit would take "²" and full-width digits, which int() refuses or reads).
    """
    if not isinstance(s, str) or not 0 < len(s) <= 80 or (s[0] == "0" and len(s) > 1):
        return False
    for ch in s:
        if ch < "0" or ch > "9":
            return False
    return True


def _seed_fits(h, s, last, problems):
    """Whether the revealed seed gives the header's commitment (appending why not)."""
    commit = h.get("commitment")
    if commit is None:
        problems.append((last, "the footer reveals seed %s, but the header has no commitment to check it by" % s))
        return False
    if h.get("format") == FORMAT_1:
        if commit == seed_commitment(int(s)):
            return True
        problems.append((last, "seed %s does not match the commitment %s" % (s, commit)))
        return False
    from .commit import setup_commitment
    try:
        if commit == setup_commitment(s, h):
            return True
        why = "the seed, or the header's preset, options, players, kinds or dice, were changed"
    except ValueError as exc:
        why = "the header holds %s" % exc
    problems.append((last, "seed %s does not match the commitment %s: %s" % (s, commit, why)))
    return False
