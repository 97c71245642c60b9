"""Train the win-chance model (ludo.winchance) and write its weights module.

    pip install -e '.[train]'                      # numpy (training only; the board never needs it)
    python bench/train_winchance.py --seed 1 --games 72000 --hidden 24 --continue-by hard \
        --cache games.pkl                          # the shipped weights: about 100 minutes
                                                   # on 2 shared cores (docs/analysis.md)
    python bench/train_winchance.py --seed 1       # 10,000 games, 16 units: about 10 minutes
    python bench/train_winchance.py --seed 1 --games 400 --epochs 5 --out /tmp/w.py   # a quick try

1. Plays games of the computer players (each seat its own, drawn per game: Medium
   half the time, Hard and Easy a fifth each, a random mover a tenth) in every preset with option sets drawn
   from the ones the rules offer, 2 to 4 players, and records positions where a roll
   is next: each seat's features (ludo.winchance.features) and, at the game's end,
   who won.  The targets are these Monte Carlo outcomes.
2. Fits a small net (features -> HIDDEN ReLU units -> a score per seat; the seats'
   scores -> chances by a softmax, teams averaging their two seats' scores) by Adam
   on the log loss, printing the learning curve (training and held-out loss per
   epoch, and the held-out Brier score).
3. Rounds the weights to whole numbers, checks the integer model against the float
   one on held-out positions (their mean difference in chance), and writes
   firmware/ludo/winchance_weights.py.
"""
import argparse
from array import array
import math
import multiprocessing
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

import ludo  # noqa: E402
from ludo import winchance  # noqa: E402
from ludo.errors import OptionError  # noqa: E402
from ai_tournament import KINDS  # noqa: E402  (bench/, this script's folder)

F = winchance.FEATURES
OUT = os.path.join(ROOT, "firmware", "ludo", "winchance_weights.py")
MAX_ACTIONS = 5000
KIND_MIX = (("random", 1), ("easy", 2), ("medium", 5), ("hard", 2))
CONTINUE_FROM = 400     # --continue-by: the hand-over comes at an action drawn from 0..this


def computer(kind, seed):
    """A computer player of `kind` (random: any legal move, uniformly), as the tournaments
    make them (bench/ai_tournament.py's KINDS)."""
    return KINDS[kind](seed=seed)


def random_setup(rng):
    """(preset, players, options) drawn from what the rules offer (weighted to the defaults)."""
    while True:
        preset = rng.choice(ludo.PRESETS)
        players = rng.choice((2, 3, 4, 4))
        opts = {}
        if rng.random() < 0.5:
            if preset in ("family", "classic", "strict"):
                for name in ("stars", "capture_bonus", "centre_bonus", "blockades", "entry_on_1",
                             "rebound"):
                    if rng.random() < 0.2:
                        opts[name] = rng.random() < 0.5
                if rng.random() < 0.2:
                    opts["three_sixes"] = rng.choice(("forfeit", "void", "none"))
                if rng.random() < 0.15:
                    opts["tokens_to_win"] = rng.choice((1, 2, 3))
            else:
                for name in ("safe_squares", "quick", "mandatory_kill", "teams", "rolloff",
                             "entry_on_1", "rebound"):
                    if rng.random() < 0.25:
                        opts[name] = rng.random() < 0.6
                if rng.random() < 0.3:
                    opts["mode"] = "free"
        try:
            ludo.Game(preset, players=players, seed=1, options=opts)
        except OptionError:
            continue
        return preset, players, opts


def play_game(job):
    """One game: [(features, active seats, team rows, position text)...], winner mask (the
    position's text, so that other features can be tried on the same games).  With a
    `continue_by` kind, the mixed players hand over to that kind on every seat at an
    action drawn from 0..CONTINUE_FROM, and only the positions after it are kept: the
    positions a mix of players reaches, judged by how strong players go on from them."""
    index, seed, continue_by = job
    rng = random.Random(seed * 1000003 + index)
    preset, players, opts = random_setup(rng)
    game = ludo.Game(preset, players=players, seed=rng.getrandbits(40), options=opts)
    kinds = [k for k, n in KIND_MIX for _ in range(n)]
    who = {s: computer(rng.choice(kinds), rng.getrandbits(20)) for s in game.seats}
    switch = rng.randrange(CONTINUE_FROM + 1) if continue_by else -1
    rows = []
    n = 0
    while game.outcome() is None and n < MAX_ACTIONS:
        if n == switch:
            who = {s: computer(continue_by, rng.getrandbits(20)) for s in game.seats}
        if game.needs_roll():
            if n >= switch and rng.random() < 0.3:
                rows.append((array("i", winchance.features(game)), _active(game), game.position()))
            game.roll()
        else:
            game.push(who[game.turn].choose(game))
        n += 1
    out = game.outcome()
    if out is None:
        return index, [], 0, preset
    mask = 0
    for s in out.winners:
        mask |= 1 << s
    return index, [(f, a, _teams(game), text) for f, a, text in rows], mask, preset


def _active(game):
    return [s for s in game.rules.seats if not (game.out >> s) & 1]


def _teams(game):
    return tuple(game.rules.partner)


def make_arrays(games):
    """X (N, 4, F) in 1.0 units, M (N, 4, 4) group rows, Y (N, 4) the winning group, A (N, 4)
    mask, and each game's rows as (first, end) in order of play."""
    import numpy as np
    rows = []
    bounds = []
    for _, positions, winners, _ in games:
        bounds.append((len(rows), len(rows) + len(positions)))
        for f, active, partner, _ in positions:
            rows.append((f, active, partner, winners))
    n = len(rows)
    X = np.zeros((n, 4, F), dtype=np.float32)
    M = np.zeros((n, 4, 4), dtype=np.float32)
    Y = np.zeros((n, 4), dtype=np.float32)
    A = np.zeros((n, 4), dtype=bool)
    for i, (f, active, partner, winners) in enumerate(rows):
        X[i] = np.array(f, dtype=np.float32).reshape(4, F) / 256.0
        for s in active:
            p = partner[s]
            if p >= 0 and p in active:
                if p < s:
                    continue
                M[i, s, s] = M[i, s, p] = 0.5
            else:
                M[i, s, s] = 1.0
            A[i, s] = True
            if (winners >> s) & 1:
                Y[i, s] = 1.0
    return X, M, Y, A, bounds


def td_targets(net, X, M, A, Y, bounds, lam):
    """TD(lambda) targets: each position's target mixes the net's chances for the positions
    after it (weights (1 - lam) lam^k) with the game's result (the rest)."""
    import numpy as np
    P = np.concatenate([net.forward(X[k:k + 65536], M[k:k + 65536], A[k:k + 65536])[0]
                        for k in range(0, len(X), 65536)])
    T = np.array(Y, copy=True)
    for first, end in bounds:
        for t in range(end - 2, first - 1, -1):
            T[t] = (1 - lam) * P[t + 1] + lam * T[t + 1]
    return T.astype(np.float32)


class Net:
    """features -> ReLU hidden -> score per seat; group scores -> softmax."""

    def __init__(self, hidden, rng):
        import numpy as np
        self.W1 = (rng.standard_normal((hidden, F)) * math.sqrt(2.0 / F)).astype(np.float64)
        self.b1 = np.zeros(hidden)
        self.W2 = rng.standard_normal(hidden) * 0.1
        self.params = [self.W1, self.b1, self.W2]

    def forward(self, X, M, A):
        import numpy as np
        H = X @ self.W1.T + self.b1            # (N, 4, h)
        R = np.maximum(H, 0)
        z = R @ self.W2                         # (N, 4)
        g = np.einsum("nij,nj->ni", M, z)
        g = np.where(A, g, -1e9)
        g = g - g.max(axis=1, keepdims=True)
        e = np.exp(g) * A
        P = e / e.sum(axis=1, keepdims=True)
        return P, (H, R)

    def loss_grad(self, X, M, Y, A):
        import numpy as np
        P, (H, R) = self.forward(X, M, A)
        n = len(X)
        loss = -np.sum(Y * np.log(np.maximum(P, 1e-12))) / n
        dg = (P - Y) * A / n                        # (N, 4)
        dz = np.einsum("nij,ni->nj", M, dg)
        gW2 = np.einsum("nsh,ns->h", R, dz)
        dR = dz[:, :, None] * self.W2[None, None, :]
        dH = dR * (H > 0)
        gW1 = np.einsum("nsh,nsf->hf", dH, X)
        gb1 = dH.sum(axis=(0, 1))
        return loss, [gW1, gb1, gW2]


def evaluate(net, X, M, Y, A):
    import numpy as np
    P, _ = net.forward(X, M, A)
    loss = -np.sum(Y * np.log(np.maximum(P, 1e-12))) / len(X)
    brier = np.sum(((P - Y) * A) ** 2) / len(X)
    return loss, brier, P


def train(net, data, val, epochs, lr, seed, first=1):
    """Adam on the log loss against data's targets (X, M, targets, A); prints the curve."""
    import numpy as np
    rng = np.random.default_rng(seed)
    X, M, Y, A = data
    m = [np.zeros_like(p) for p in net.params]
    v = [np.zeros_like(p) for p in net.params]
    step = 0
    batch = 256
    if first == 1:
        print("epoch  train-loss  held-out-loss  held-out-Brier   (log loss; lower is better)")
        vl, vb, _ = evaluate(net, *val)
        print("%5d  %10s  %13.4f  %14.4f   (before training)" % (0, "", vl, vb), flush=True)
    for epoch in range(first, first + epochs):
        order = rng.permutation(len(X))
        total = 0.0
        for k in range(0, len(X), batch):
            idx = order[k:k + batch]
            loss, grads = net.loss_grad(X[idx], M[idx], Y[idx], A[idx])
            total += loss * len(idx)
            step += 1
            rate = lr * (0.5 if epoch - first >= epochs * 2 // 3 else 1.0)
            for p, g, mm, vv in zip(net.params, grads, m, v):
                mm *= 0.9
                mm += 0.1 * g
                vv *= 0.999
                vv += 0.001 * g * g
                p -= rate * (mm / (1 - 0.9 ** step)) / (np.sqrt(vv / (1 - 0.999 ** step)) + 1e-8)
        vl, vb, _ = evaluate(net, *val)
        print("%5d  %10.4f  %13.4f  %14.4f" % (epoch, total / len(X), vl, vb), flush=True)


def quantize(net):
    """The integer weights (ludo.winchance.scores' arithmetic)."""
    ln2 = math.log(2)
    w1 = [int(round(x * 256)) for x in net.W1.reshape(-1)]
    b1 = [int(round(x * 65536)) for x in net.b1]
    w2 = [int(round(x / ln2 * 64)) for x in net.W2]
    return len(net.b1), w1, b1, w2


def write_module(path, hidden, w1, b1, w2, info):
    """The weights module: W1 as 16-bit whole numbers in one array (one object on the
    board's heap, half a tuple's size), B1 and W2 as tuples."""
    import struct
    if any(not -32768 <= x < 32768 for x in w1):
        raise SystemExit("train_winchance: a W1 weight is outside 16 bits (%d): the weights "
                         "module cannot hold it" % max(w1, key=abs))
    packed = struct.pack("<%dh" % len(w1), *w1)

    def block(name, values, per=14):
        lines = []
        for i in range(0, len(values), per):
            lines.append("    " + ", ".join("%d" % x for x in values[i:i + per]) + ",")
        return "%s = (\n%s\n)\n" % (name, "\n".join(lines))
    rows = "\n".join("    %r" % packed[i:i + 24] for i in range(0, len(packed), 24))
    text = ("# The win-chance model's weights (ludo.winchance), written by bench/train_winchance.py;\n"
            "# do not edit by hand.  %s\n"
            "# W1: HIDDEN rows of ludo.winchance.FEATURES weights (x 256), 16-bit little-endian\n"
            "# whole numbers in one array (one object on the board); B1 (x 65536);\n"
            "# W2: a seat's score per hidden unit (bits x 64); B2 (cancels out in the softmax).\n"
            "from array import array\n\n"
            "HIDDEN = %d\n" % (info, hidden)
            + "W1 = array(\"h\", (\n%s\n))\n" % rows
            + block("B1", b1) + block("W2", w2) + "B2 = 0\n")
    with open(path, "w") as fh:
        fh.write(text)


def play_games(args, t0):
    """The games of the run, in the order of the jobs; with --cache, the games already played
    (same seed and --continue-by: game i is the same whatever --games says) are read, and only
    the others are played and added."""
    import pickle
    known = {}
    key = (args.seed, args.continue_by)
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, "rb") as fh:
            data = pickle.load(fh)
        if data.get("key") == key:
            known = data["games"]
            print("%d games read from %s" % (len(known), args.cache))
        else:
            print("%s holds other games (%s): playing again" % (args.cache, data.get("key")))
    jobs = [(i, args.seed, args.continue_by) for i in range(args.games) if i not in known]
    if jobs:
        with multiprocessing.Pool(args.jobs) as pool:
            for k, g in enumerate(pool.imap_unordered(play_game, jobs, chunksize=4), 1):
                known[g[0]] = g
                if k % max(1, len(jobs) // 20) == 0 or k == len(jobs):
                    print("played %d/%d games, %.0f s" % (k, len(jobs), time.time() - t0), flush=True)
        if args.cache:
            tmp = args.cache + ".tmp"
            with open(tmp, "wb") as fh:
                pickle.dump({"key": key, "games": known}, fh)
            os.replace(tmp, args.cache)
    return [known[i] for i in range(args.games)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=10000, help="games of self-play (default 10000)")
    ap.add_argument("--hidden", type=int, default=16, help="hidden units (default 16)")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--td-rounds", type=int, default=2,
                    help="rounds of TD(lambda) after the Monte Carlo fit (default 2; 0: none)")
    ap.add_argument("--td-lambda", type=float, default=0.7)
    ap.add_argument("--td-epochs", type=int, default=4, help="epochs per TD round (default 4)")
    ap.add_argument("--jobs", type=int, default=2, help="processes playing games (default 2)")
    ap.add_argument("--continue-by", choices=[k for k in KINDS if k != "random"],
                    help="keep only positions after every seat is handed to this kind, at a "
                         "point drawn per game (default: the mixed players play to the end; "
                         "expert: judged by the weights in the firmware now, a step of policy "
                         "iteration)")
    ap.add_argument("--presets", help="fit on these presets' games only (comma-separated; the "
                                      "games are played and cached as without it)")
    ap.add_argument("--cache", help="a file of played games: read (the games it holds for this seed and "
                                    "--continue-by) and written (with the ones played), so that other "
                                    "fits or more games do not play the same games again")
    ap.add_argument("--out", default=OUT, help="weights module to write (default: the firmware's)")
    args = ap.parse_args()
    try:
        import numpy as np
    except ImportError:
        sys.exit("train_winchance: numpy is needed for training: pip install -e '.[train]'")

    unknown = [p for p in (args.presets or "").split(",") if p and p not in ludo.PRESETS]
    if unknown:
        ap.error("--presets: unknown preset %s (one of: %s)" % (", ".join(unknown), ", ".join(ludo.PRESETS)))
    t0 = time.time()
    games = play_games(args, t0)
    if args.presets:
        keep = args.presets.split(",")
        games = [g for g in games if g[3] in keep]
        print("%d games of %s kept for the fit" % (len(games), args.presets))
        if len(games) < 10:
            sys.exit("train_winchance: %d games of %s: too few to fit and hold a tenth out"
                     % (len(games), args.presets))
    rng = random.Random(args.seed)
    rng.shuffle(games)
    cut = len(games) // 10
    val = make_arrays(games[:cut])[:4]
    X, M, Y, A, bounds = make_arrays(games[cut:])
    data = (X, M, Y, A)
    print("positions: %d for training, %d held out (from %d games)" % (len(data[0]), len(val[0]), cut))
    net = Net(args.hidden, np.random.default_rng(args.seed))
    train(net, data, val, args.epochs, args.lr, args.seed)
    epoch = args.epochs + 1
    for k in range(args.td_rounds):
        print("TD(%.1f) round %d: targets from the net's own chances for the positions that followed"
              % (args.td_lambda, k + 1), flush=True)
        T = td_targets(net, X, M, A, Y, bounds, args.td_lambda)
        train(net, (X, M, T, A), val, args.td_epochs, args.lr / 2, args.seed + k + 1, first=epoch)
        epoch += args.td_epochs
    hidden, w1, b1, w2 = quantize(net)
    info = "seed %d, %d games, %d positions, %d hidden units" % (args.seed, args.games, len(data[0]), hidden)
    if args.continue_by:
        info += ", continued by %s" % args.continue_by
    if args.presets:
        info += ", presets %s" % args.presets
    write_module(args.out, hidden, w1, b1, w2, info)
    # the integer model as the board runs it, against the float one
    _, _, P = evaluate(net, *val)
    diff = _integer_check(args.out, val, P)
    print("integer model against the float one, held-out positions: mean |difference| %.3f points" % diff)
    print("wrote %s (%d weights) in %.0f s" % (os.path.relpath(args.out), len(w1) + len(b1) + len(w2),
                                               time.time() - t0))


def _integer_check(path, val, P, n=400):
    """Mean absolute difference (percentage points) between the integer and float chances."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("trained_weights", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    X, M, Y, A = val
    saved = winchance.W
    winchance.W = mod
    try:
        total = 0.0
        count = 0
        for i in range(min(n, len(X))):
            sc = _int_scores(X[i])
            groups = [(s, [j for j in range(4) if M[i, s, j] > 0]) for s in range(4) if A[i, s]]
            gs = [sum(sc[j] for j in members) // len(members) if len(members) == 2 else sc[s]
                  for s, members in groups]
            top = max(gs)
            es = [winchance._EXP2[(top - g) & 63] >> ((top - g) >> 6) if top - g < 64 * 14 else 0 for g in gs]
            for (s, _), e in zip(groups, es):
                total += abs(e / sum(es) - P[i, s]) * 100
                count += 1
        return total / max(count, 1)
    finally:
        winchance.W = saved


def _int_scores(x):
    """winchance.scores' arithmetic on one position's features (x: 4 x F in 1.0 units)."""
    W = winchance.W
    out = []
    for s in range(4):
        f = [int(round(v * 256)) for v in x[s]]
        acc = W.B2
        for j in range(W.HIDDEN):
            h = W.B1[j] + sum(W.W1[j * F + i] * f[i] for i in range(F))
            if h > 0:
                acc += W.W2[j] * (h >> 10)
        out.append(acc >> 6)
    return out


if __name__ == "__main__":
    main()
