"""Counts in plain English: "1 game", "2 games"."""


def count(n, noun, plural=None):
    """`n` and the noun, singular for exactly one: count(1, "game") is "1 game"."""
    return "%d %s" % (n, noun if n == 1 else (plural or noun + "s"))
