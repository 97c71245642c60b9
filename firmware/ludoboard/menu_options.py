# The set-up menu's options (a base class of menu.Menu): their values, as the
# die shows them and as the game takes them.
# The order options are offered in: the preset's own first, then house rules.
OPTION_ORDER = ("mode", "safe_squares", "quick", "mandatory_kill", "teams", "rolloff", "deadline",
                "stars", "capture_bonus", "centre_bonus", "three_sixes", "blockades", "rebound",
                "entry_on_1", "highest_starts", "tokens_to_win")
CHOICES = {
    "three_sixes": ("forfeit", "void", "none"),
    "mode": ("ordinary", "free"),
    "tokens_to_win": (4, 3, 2, 1),
    "deadline": (0, 30, 60, 120, 300),
}


def values_of(name):
    if name in CHOICES:
        return CHOICES[name]
    return (False, True)


def index_of(name, value):
    # The menu's index of an option's value (0 for a value the menu does not offer).
    vals = values_of(name)
    return vals.index(value) if value in vals else 0


def names_of(options):
    # The options of a game in the menu's order.
    names = [n for n in OPTION_ORDER if n in options]
    return names + [n for n in sorted(options) if n not in OPTION_ORDER]


class Options:
    def options(self):
        # The options the players changed here (name -> value); the rules settle the rest.
        out = {}
        for name in self.touched:
            out[name] = values_of(name)[self.values[name]]
        return out

    def option_display(self):
        # (0, 0|1) for an on/off option, (1, index) for a choice; for the die.
        name = self.names[self.cursor]
        return (0 if name not in CHOICES else 1), self.values[name]
