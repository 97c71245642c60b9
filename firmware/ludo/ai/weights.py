# Hard's weights and search limits (ludo.ai.hard's Hard; docs/computer-players.md).
# The parts of Hard read these as weights.NAME when they run, so setting one
# here before a Hard player first meets a game tries another value.

# ---- Hard's weights (points; a square of progress is W_STEP) ---------------
W_STEP = 10             # one square of progress
W_OUT = 400             # a token out of the yard: entering eagerly measured best (70 -> 300 -> 400)
W_CURVE = 3             # extra worth growing with the square of progress (0 -> 3 measured best)
W_LANE = 60             # in the home column: nobody can capture it any more
W_HOME = 40             # home, on top of the home-column premium
W_BLOCK = 15            # two of a colour on a square opponents may not land on
W_DOOR = 150            # club, Mandatory kill: our door is open
W_POOL_CURVE = 30       # pool rules (club): the curve, growing only up to the home column (no safe squares: a
                        # token's worth is its progress less what it may still lose on the way; measured 3 -> 30)
W_POOL_HOME = 100       # pool rules: home, on top of the home column (reaching it needs an exact count; 40 -> 100)
DANGER_PCT = 100        # share of a threatened token's worth counted as lost
OPP_PCT = 100           # share of the other seats' (average) worth counted against us
WIN = 1000000           # a won (or lost) game

# ---- Hard's search --------------------------------------------------------
HARD_BONUS_ROLL = 100   # worth of a roll still to come this turn (what its look-ahead measures on average)
HARD_DEPTH = 3          # deepest chain of own moves and bonus rolls it looks at
HARD_BUDGET = 24        # positions it may judge per decision (bounds the time on the board)
LOOK_COST = 18          # budget it must have left to look past a bonus roll (six outcomes)
HARD_EXPAND = 2         # at each of its choices, how many of the best-looking moves it follows further

