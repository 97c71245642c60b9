"""Presets and option sets the core tests play: every preset, every option, house rules mixed."""
CONFIGS = (
    ("family", 4, {}), ("family", 2, {}), ("family", 3, {}),
    ("classic", 4, {}), ("classic", 2, {}), ("classic", 3, {}),
    ("club", 4, {}), ("club", 2, {}), ("club", 3, {}),
    ("club", 4, {"mode": "free"}),
    ("club", 4, {"safe_squares": True, "quick": True}),
    ("club", 4, {"teams": True, "quick": True, "mandatory_kill": True}),
    ("club", 4, {"teams": True, "rolloff": True}),
    ("club", 4, {"mode": "free", "mandatory_kill": True}),
    ("club", 2, {"mandatory_kill": True, "three_sixes": "forfeit"}),
    ("club", 4, {"entry_on_1": True, "rebound": True}),
    ("club", 2, {"entry_on_1": True, "rebound": True, "tokens_to_win": 2, "safe_squares": True}),
    ("strict", 2, {}), ("strict", 4, {"deadline": 30}), ("strict", 3, {}),
    ("family", 4, {"rebound": True, "blockades": True, "highest_starts": True, "entry_on_1": True,
                   "centre_bonus": True, "capture_bonus": False, "three_sixes": "void",
                   "tokens_to_win": 2, "stars": False}),
    ("classic", 4, {"three_sixes": "none", "rebound": True, "entry_on_1": True}),
    ("strict", 2, {"stars": True, "blockades": True, "three_sixes": "forfeit", "tokens_to_win": 3}),
)


def config_id(c):
    preset, players, opts = c
    return "%s-%d-%s" % (preset, players, ",".join("%s=%s" % (k, opts[k]) for k in sorted(opts)) or "default")
