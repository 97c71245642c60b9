# The Ludo board.  All behaviour lives in ludoboard/ and ludo/; hw.py is the hardware.
#
# No exception is caught here on purpose: the watchdog (armed by hw.Hardware)
# then resets the board, and the app resumes the saved game.
import os

try:
    from micropython import opt_level
except ImportError:             # CPython: the virtual board
    opt_level = None
if opt_level is not None:
    # The board compiles the modules below: without line numbers their code takes
    # about 2 KB less heap (bench/board_heap.py). Tracebacks then show no line
    # numbers: LUDO_LINE_NUMBERS = 1 in settings.toml keeps them.
    _getenv = getattr(os, "getenv", None)
    if _getenv is None or str(_getenv("LUDO_LINE_NUMBERS", 0)) != "1":
        opt_level(3)

import hw  # noqa: E402
from ludoboard.app import App  # noqa: E402

App(hw.Hardware(hw.load_settings())).run()
