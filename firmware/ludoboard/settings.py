# Reading the LUDO_* settings (os.getenv, or settings.toml's simple lines): hw.load_settings
# loads this once at start and drops it again.
try:
    from typing import Any, Dict  # noqa: F401  (type comments only)
except ImportError:
    pass

# (lowest, highest) for the integer settings
LIMITS = {
    "LUDO_PIXEL_COUNT": (1, 1024),
    "LUDO_BRIGHTNESS": (0, 100),
    "LUDO_CURRENT_BUDGET_MA": (0, 100000),
    "LUDO_MAP_CHECK": (0, 1),
    "LUDO_LINE_NUMBERS": (0, 1),
    "LUDO_SKIP_FIXUPS": (0, 1),
    "LUDO_COMPUTER_PAUSE_MS": (0, 10000),
}


def _read_settings_toml(path="settings.toml"):
    # type: (str) -> Dict[str, str]
    """Fallback for ports without os.getenv: the simple KEY = value lines of settings.toml."""
    found = {}  # type: Dict[str, str]
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError:
        return found
    for line in lines:
        line = line.strip()
        if not line or line[0] == "#" or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = value.strip()
        if value[:1] == '"':
            value = value[1:value.find('"', 1)]
        elif "#" in value:
            value = value[:value.find("#")].strip()
        found[key.strip()] = value
    return found


def load(defaults, getenv):
    # type: (Dict[str, Any], Any) -> Dict[str, Any]
    """The LUDO_* settings (hw.load_settings): os.getenv's values, else settings.toml's lines."""
    table = None
    settings = {}  # type: Dict[str, Any]
    for key in sorted(defaults):
        default = defaults[key]
        if getenv is not None:
            raw = getenv(key)
        else:
            if table is None:
                table = _read_settings_toml()
            raw = table.get(key)
        if raw is None:
            settings[key] = default
            continue
        text = str(raw).strip()   # 8.x-10.1 give ints, 10.2+ strings: parse ourselves
        if not isinstance(default, int):
            settings[key] = text
            continue
        try:
            value = int(text)
        except ValueError:
            print("settings.toml: %s = %r is not a whole number; using %d" % (key, text, default))
            value = default
        low, high = LIMITS[key]
        if not low <= value <= high:
            print("settings.toml: %s = %d is outside %d..%d; using %d"
                  % (key, value, low, high, min(max(value, low), high)))
            value = min(max(value, low), high)
        settings[key] = value
    return settings
