# Hard: what a seat's tokens are worth (ludo.ai.evaluate; the worth of one token by its
# place: ludo.ai.tables).


def seat_worth(val, pos, s, need):
    """Worth of seat s's tokens; with fewer than 4 needed to win, the spare ones count a quarter."""
    a = val[pos[s * 4] & 63]      # & 63: OFF (255) reads val[63], 0
    b = val[pos[s * 4 + 1] & 63]
    c = val[pos[s * 4 + 2] & 63]
    d = val[pos[s * 4 + 3] & 63]
    total = a + b + c + d
    if need >= 4:
        return total
    if a < b:                       # sort the four, largest first (no allocation)
        a, b = b, a
    if c < d:
        c, d = d, c
    if a < c:
        a, c = c, a
    if b < d:
        b, d = d, b
    if b < c:
        b, c = c, b
    best = a
    if need >= 2:
        best += b
    if need >= 3:
        best += c
    return best + (total - best) // 4
