# Typed errors of the rules core.  All are ValueErrors, so a caller that
# only cares that input was bad can catch ValueError.


class LudoError(ValueError):
    # Base class of every error the rules core raises on bad input.
    pass


class OptionError(LudoError):
    # An unknown, ill-typed or contradictory preset option (names it).
    pass


class IllegalMoveError(LudoError):
    # A move or action that is not legal in the current position.
    pass


class PositionError(LudoError):
    # A position text that cannot be read.
    pass


class RecordError(LudoError):
    # A game record that cannot be read or replayed.
    pass
