# The options of every preset (their types and defaults: `OPTIONS`,
# `option_defaults`), and the first step of building a Rules (rules.py's
# STEPS): the preset and the caller's options checked, the defaults filled in.
# The players and the checks across options are the next step (ludo.seating).
#
# Loaded when a game starts (and for the set-up menu's defaults) and dropped
# again afterwards on the board (see rules.py): the board's heap is small.
from .errors import OptionError
from .rules import preset_index

# Every option, its type and its default in each preset.  None = not offered.
# Order: family, classic, club, strict.
_BOOL, _INT, _STR = 0, 1, 2
OPTIONS = {
    # house rules (000's "House rules not used here", and more)
    "rebound": (_BOOL, (False, False, False, False)),
    "entry_on_1": (_BOOL, (False, False, False, False)),
    "blockades": (_BOOL, (False, False, None, False)),
    "centre_bonus": (_BOOL, (False, True, None, False)),
    "highest_starts": (_BOOL, (False, False, None, False)),
    "stars": (_BOOL, (True, True, None, False)),
    "capture_bonus": (_BOOL, (True, True, None, False)),
    "three_sixes": (_STR, ("forfeit", "forfeit", "void", "void")),
    "tokens_to_win": (_INT, (4, 4, 4, 4)),
    # club's options
    "mode": (_STR, (None, None, "ordinary", None)),
    "safe_squares": (_BOOL, (None, None, False, None)),
    "quick": (_BOOL, (None, None, False, None)),
    "mandatory_kill": (_BOOL, (None, None, False, None)),
    "teams": (_BOOL, (None, None, False, None)),
    "rolloff": (_BOOL, (None, None, False, None)),
    # strict's per-turn deadline in seconds (0 = none); expiry is reported by the caller
    "deadline": (_INT, (None, None, None, 0)),
}


def option_defaults(preset):
    """The preset's options and their defaults, as a new dict."""
    p = preset_index(preset)
    out = {}
    for name in OPTIONS:
        d = OPTIONS[name][1][p]
        if d is not None:
            out[name] = d
    return out


def _check_type(name, value):
    kind = OPTIONS[name][0]
    if kind == _BOOL and value in (0, 1) and not isinstance(value, float):    # True, False, 0, 1
        return bool(value)
    if kind == _INT and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind == _STR and isinstance(value, str):
        return value
    raise OptionError("option %r takes %s, not %r"
                      % (name, ("true or false", "a whole number", "a word")[kind], value))


def build(rules):
    """rules.options is the caller's dict (or None); checked, it becomes every option
    of the preset, the defaults filled in.  The caller's stays as rules.given: the
    next step (ludo.seating) asks which options were chosen.
    """
    preset = rules.preset
    p = preset_index(preset)
    opts = option_defaults(preset)
    given = rules.options or {}
    if not isinstance(given, dict):
        raise OptionError("options must be a dict of name: value, not %r" % (given,))
    for name in sorted(given):
        if name not in OPTIONS:
            raise OptionError("unknown option %r (known: %s)" % (name, ", ".join(sorted(OPTIONS))))
        if OPTIONS[name][1][p] is None:
            raise OptionError("option %r does not exist in the %s preset" % (name, preset))
        opts[name] = _check_type(name, given[name])
    rules.options = opts
    rules.given = given
