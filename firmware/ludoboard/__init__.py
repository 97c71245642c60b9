"""The board application: lights, buttons, menu, saves and the serial link.

Everything here runs unchanged on CPython, MicroPython and CircuitPython; the
one module that touches CircuitPython-only APIs is `hw` (firmware/hw.py).
"""
