"""settings.toml for `ludo-host deploy`: the LUDO_* keys and their defaults, added to the
user's file without changing any line of it."""
import re

MAP_NAME = "pixelmap.json"

# (key, TOML value, comment): SPEC section 3, the board's defaults for a Pico.
SETTINGS = (
    ("LUDO_PIXEL_PIN", '"GP2"', "Data pin of the strip (through the 74AHCT125 and the 470 ohm resistor)."),
    ("LUDO_PIXEL_COUNT", "99", "Pixels on the strip: 52 track, 20 home column, 16 yard, 4 centre, 7 die."),
    ("LUDO_PIXEL_ORDER", '"GRB"', "Colour order: GRB for WS2812B, often RGB for WS2811 pixel strings."),
    ("LUDO_BRIGHTNESS", "30", "Brightness in percent."),
    ("LUDO_CURRENT_BUDGET_MA", "500", "Frames are scaled to stay under this many mA: 500 on USB "
                                      "(see hardware/power-budget.md)."),
    ("LUDO_BUTTON_PINS", '"GP10,GP11,GP12,GP13"', "Roll, select, confirm, back: each pin to GND when pressed."),
    ("LUDO_PIXEL_MAP", '"%s"' % MAP_NAME, "Which board place each pixel lights."),
    ("LUDO_MAP_CHECK", "0", "1 = light the pixels one by one at start, to check the strip against the map."),
    ("LUDO_LINE_NUMBERS", "0", "1 = line numbers in tracebacks on the console (the code then takes about 2 KB "
                               "more of the board's heap)."),
    ("LUDO_SKIP_FIXUPS", "0", "1 = no confirm after tokens must be put right by hand: for a board without "
                              "wooden tokens (the virtual board sets it)."),
    ("LUDO_COMPUTER_PAUSE_MS", "1400", "A computer seat's pause before it rolls (and, without fix-ups, "
                                       "before it moves), in ms: long enough to see each of its turns."),
)
# Boards whose pins are not the Pico's GP names (boot_out.txt names the board): the
# pins deploy writes for them instead.  The Pico, Pico W, Pico 2 (RP2350) take SETTINGS'.
BOARD_PINS = (
    ("Feather RP2040", {"LUDO_PIXEL_PIN": '"D5"', "LUDO_BUTTON_PINS": '"D6,D9,D10,D11"'}),
)
SETTINGS_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=")


def board_pins(board):
    """The pins BOARD_PINS gives `board` (boot_out.txt's name); {} for a Pico."""
    for name, pins in BOARD_PINS:
        if name.lower() in board.lower():
            return pins
    return {}


def merge_settings(text, settings=SETTINGS):
    """(new text, added keys): ``text`` with the missing keys added; every existing line kept as it is."""
    newline = "\r\n" if "\r\n" in text else "\n"
    present = set()
    table_at = None
    lines = text.splitlines(True)
    for i, line in enumerate(lines):
        m = SETTINGS_KEY.match(line)
        if m and table_at is None:
            present.add(m.group(1))
        if table_at is None and line.lstrip().startswith("["):
            table_at = i        # CircuitPython reads only the keys before the first [table]
    missing = [s for s in settings if s[0] not in present]
    if not missing:
        return text, []
    block = ["# Ludo board settings added by ludo-host deploy (docs/build-guide.md). Change the values as you",
             "# like: deploy never overwrites a value that is already here."]
    for key, value, comment in missing:
        block += ["# " + comment, "%s = %s" % (key, value)]
    block = newline.join(block) + newline
    if table_at is None:
        head = "".join(lines)
        if head and not head.endswith("\n"):
            head += newline
        if head.strip():
            head += newline
        return head + block, [k for k, _, _ in missing]
    head, tail = "".join(lines[:table_at]), "".join(lines[table_at:])
    if head and not head.endswith("\n"):
        head += newline
    return head + block + newline + tail, [k for k, _, _ in missing]
