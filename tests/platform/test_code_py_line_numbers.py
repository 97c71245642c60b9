"""code.py compiles the firmware without line numbers on the board (about 2 KB of heap),
unless settings.toml says LUDO_LINE_NUMBERS = 1 (docs/build-guide.md)."""
import os

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "firmware")


def _prologue():
    # code.py up to the first import of the app: the part that sets the compiler's level
    with open(os.path.join(FIRMWARE, "code.py")) as f:
        text = f.read()
    return text[:text.index("import hw")]


def _level_after_prologue(micropython, getenv):
    # os.getenv as the board would answer (CircuitPython 10.2+ gives str, 8.x-10.1 int for ints)
    code = ("import os, micropython\nmicropython.opt_level(0)\n%s\n" % getenv
            + _prologue()
            + "\nprint(micropython.opt_level())\nmicropython.opt_level(0)\n")
    return int(micropython.run_fresh(code).split()[-1])


def test_line_numbers_go_by_default(micropython):
    assert _level_after_prologue(micropython, "os.getenv = lambda key, default=None: default") == 3


def test_line_numbers_stay_when_the_setting_asks(micropython):
    assert _level_after_prologue(micropython, "os.getenv = lambda key, default=None: '1'") == 0
    assert _level_after_prologue(micropython, "os.getenv = lambda key, default=None: 1") == 0

