"""A game's set-up in plain words: the one table of what each option is called and does,
and the summary a game's start shows.

The board shows lights, not words, so the words live here, on the PC, and every
screen takes them from this module: the virtual board's status line and `?` help
(`ludo_host.words`, `virtual.terminal`), the web page's header, the HTML replay and
the docs (docs/rules.md's "The options in plain words" lists the same words; a test
checks it).

    >>> option_words("entry_on_1", True)
    'A 1 also brings a token out'
    >>> OPTIONS["three_sixes"].explains
    'What a third 6 in a row does.'
    >>> summary_lines({"preset": "classic", "players": "RY", "kinds": {"Y": "easy"},
    ...                "dice": "device", "options": {"entry_on_1": True}})
    ['Classic, 2 players: Red a person, Yellow the Easy computer', "The board's own dice", 'House rules: A 1 also brings a token out']
"""
SEAT_NAMES = {"R": "Red", "G": "Green", "Y": "Yellow", "B": "Blue"}
KIND_WORDS = {"human": "a person", "easy": "the Easy computer", "medium": "the Medium computer",
              "hard": "the Hard computer", "expert": "the Expert computer"}


class Option:
    """An option in plain words: its name, what it does in one line, and what each of its
    values means (`values`: value -> words)."""

    def __init__(self, title, explains, values):
        self.title = title
        self.explains = explains
        self.values = values

    def words(self, value):
        """What the option set to `value` means, e.g. "A 1 also brings a token out"."""
        if value in self.values:
            return self.values[value]
        return "%s: %s" % (self.title, value)


def _on_off(on, off):
    return {True: on, False: off}


# Every option of ludo.options.OPTIONS, in the set-up menu's order (the preset's own first).
OPTIONS = {
    "mode": Option("Free mode", "For 3 or 4 players: every colour captures every colour, and the 8 safe "
                   "squares are on.",
                   {"ordinary": "Free mode off: facing colours capture each other",
                    "free": "Free mode: every colour captures every colour"}),
    "safe_squares": Option("Safe squares", "The 8 start and star squares are safe: no capture there.",
                           _on_off("The 8 start and star squares are safe", "No safe squares")),
    "quick": Option("Quick Ludo", "2 tokens home win; the others are lifted off.",
                    _on_off("Quick Ludo: 2 tokens home win", "All 4 tokens home to win")),
    "mandatory_kill": Option("Capture before home", "No token goes home until its player has captured "
                             "once: it goes round again.",
                             _on_off("A capture first, then home", "Home without a capture")),
    "teams": Option("Teams", "Red and Green play against Yellow and Blue; partners never capture each "
                    "other and win together.",
                    _on_off("Teams: Red and Green against Yellow and Blue", "No teams")),
    "rolloff": Option("Roll-off", "Everyone rolls; the first to roll a 6 starts.",
                      _on_off("The first to roll a 6 starts", "The first seat starts")),
    "deadline": Option("Time per turn", "A turn not played in time is lost.",
                       {0: "No time limit"}),
    "stars": Option("Safe stars", "The star squares are safe: no capture there.",
                    _on_off("Stars are safe", "Stars are not safe: tokens on them can be captured")),
    "capture_bonus": Option("Roll again after a capture", "A capture earns another roll.",
                            _on_off("A capture earns another roll", "A capture earns no extra roll")),
    "centre_bonus": Option("Roll again for a token home", "A token reaching the centre earns another roll.",
                           _on_off("A token home earns another roll", "A token home earns no extra roll")),
    "three_sixes": Option("Three sixes in a row", "What a third 6 in a row does.",
                          {"forfeit": "Three sixes in a row: the third 6 is lost, the turn ends",
                           "void": "Three sixes in a row: the turn is lost, its moves taken back",
                           "none": "Three sixes in a row: no limit, roll again"}),
    "blockades": Option("Blockades", "Two tokens of one colour on a square block it: others can "
                        "neither pass nor land there.",
                        _on_off("Two tokens of one colour block the way", "Pairs do not block")),
    "rebound": Option("Bounce back from home", "A roll past home walks back from the centre instead of "
                      "being lost.",
                      _on_off("A roll past home bounces back", "A roll past home cannot be played")),
    "entry_on_1": Option("Out on a 1", "A 1 as well as a 6 brings a token out of the yard; only a 6 "
                         "rolls again.",
                         _on_off("A 1 also brings a token out", "Only a 6 brings a token out")),
    "highest_starts": Option("Highest roll starts", "Everyone rolls once; the highest roll starts (ties "
                             "roll again).",
                             _on_off("The highest opening roll starts", "The first seat starts")),
    "tokens_to_win": Option("Tokens home to win", "How many of a player's 4 tokens must reach home to win.",
                            {4: "All 4 tokens home to win", 3: "3 tokens home win", 2: "2 tokens home win",
                             1: "1 token home wins"}),
}
PRESETS = {
    "family": "Family: no blockades, stars safe, a capture earns a roll",
    "classic": "Classic: stars safe, one bonus roll for a 6, a capture or a token home, undo",
    "club": "Club: ordinary or free mode, rolls spent in any order",
    "strict": "Strict: only the start squares are safe, three sixes lose the turn, resign and deadlines",
}
DICE_WORDS = {"hand": "A real die, counted in by hand", "device": "The board's own dice",
              "seed": "The board's own dice"}


def option_words(name, value):
    """What option `name` set to `value` means, in plain words."""
    option = OPTIONS.get(name)
    if option is None:
        return "%s: %s" % (name, value)
    if name == "deadline" and value:
        return "Time per turn: %d s" % value
    return option.words(value)


def option_line(name, value):
    """The option's plain name and what its value means, e.g. "Out on a 1: Only a 6 brings a
    token out" (once only where the words name it already: "Three sixes in a row: ...")."""
    words = option_words(name, value)
    title = option_title(name)
    return words if words.startswith(title) else "%s: %s" % (title, words)


def option_title(name):
    """The option's plain name ("Out on a 1" for entry_on_1)."""
    option = OPTIONS.get(name)
    return option.title if option is not None else name


def preset_defaults(preset, players):
    """The options a game of that preset and seats has when nobody changes one (club's
    depend on the players: three play free mode).  {} for a preset the rules do not know."""
    try:
        import ludo
        return dict(ludo.Rules(preset, players, None).options)
    except Exception:       # (an unknown preset or seats: nothing to compare with)
        return {}


def house_rules(preset, players, options):
    """[(name, value)] of the options that differ from what the preset makes of them, but
    those that follow from the others (Quick Ludo's 2 tokens to win, free mode's safe
    squares)."""
    defaults = preset_defaults(preset, players)
    if not defaults:
        return []
    order = list(OPTIONS)
    names = sorted((n for n in options if n in defaults and options[n] != defaults[n]),
                   key=lambda n: (order.index(n) if n in order else len(order), n))
    return [(n, options[n]) for n in names if not _follows(preset, players, options, names, n)]


def _follows(preset, players, options, names, name):
    """Does option `name`'s value follow from the other changed options?"""
    import ludo
    try:
        rules = ludo.Rules(preset, players, {n: options[n] for n in names if n != name})
    except Exception:       # (the others alone are refused: it is a choice of its own)
        return False
    return rules.options.get(name) == options[name]


def seat_words(letter, kind, remote=""):
    """"Red a person", "Yellow the Easy computer", "Green on a link"."""
    name = SEAT_NAMES.get(letter, letter)
    if letter in (remote or "") and kind in (None, "human"):
        return "%s on a link" % name
    return "%s %s" % (name, KIND_WORDS.get(kind or "human", kind))


def summary_lines(setup, remote=""):
    """A game's start in plain words, a line each: the preset and who plays each seat, the
    dice, the house rules that differ from the preset (none: no line).

    setup: a record header's fields (or the set-up menu's choices as the same fields):
    preset, players (seat letters), kinds ({letter: kind}), dice ("device", "hand"),
    options (every option, or only those changed); remote: the letters played on a link.
    """
    preset = str(setup.get("preset") or "?")
    players = str(setup.get("players") or "")
    kinds = setup.get("kinds") or {}
    seats = ", ".join(seat_words(s, kinds.get(s, "human"), remote) for s in players)
    head = "%s, %d players" % (preset[:1].upper() + preset[1:], len(players))
    lines = [head + (": " + seats if seats else "")]
    lines.append(DICE_WORDS.get(setup.get("dice") or "device", str(setup.get("dice"))))
    rules = house_rules(preset, players, setup.get("options") or {})
    if rules:
        lines.append("House rules: " + "; ".join(option_words(n, v) for n, v in rules))
    return lines


def summary(setup, remote=""):
    """summary_lines in one line."""
    return ". ".join(summary_lines(setup, remote)) + "."


def docs_table():
    """The options in plain words as docs/rules.md lists them (one row an option)."""
    rows = ["| option | plain name | what it does | its values in words |", "|---|---|---|---|"]
    for name, option in OPTIONS.items():
        values = " / ".join(option.values[v] for v in option.values)
        rows.append("| `%s` | %s | %s | %s |" % (name, option.title, option.explains, values))
    return rows
