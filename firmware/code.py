"""The Ludo board.  All behaviour lives in ludoboard/ and ludo/; hw.py is the hardware.

No exception is caught here on purpose: the watchdog (armed by hw.Hardware)
then resets the board, and the app resumes the saved game.
"""
import hw
from ludoboard.app import App

App(hw.Hardware(hw.load_settings())).run()
