"""Golden frames: one small JSON file per light signal under tests/board/golden/.

Each file holds how to reach the state (a game set-up sent as the PC's `new`
command with a fixed seed, then a plan of button presses) and the frames the
board shows there at a few animation steps, as {place: "rrggbb"} of the lit
places.  tests/board/test_golden.py replays every plan and compares.

Regenerate (after a deliberate change of what the lights say), then look at
the pictures in docs/img/lights-*.png:

    python tests/board/golden.py            # all
    python tests/board/golden.py win pass   # some
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Board, ROOT, new_game_cmd  # noqa: E402

import ludo  # noqa: E402
from ludoboard import players  # noqa: E402

GOLDEN_DIR = os.path.join(HERE, "golden")
IMG_DIR = os.path.join(ROOT, "docs", "img")
STEPS = (0, 2, 4, 6, 8, 12, 16, 25)
BAD_MAP = os.path.join(GOLDEN_DIR, "bad-pixelmap.json")


class FirstMoveAI:
    """A stand-in computer player (the first legal move), so goldens do not depend on ludo.ai."""

    def choose(self, game):
        return game.legal_moves[0]


class FakeAI:
    Easy = Medium = Hard = Expert = FirstMoveAI


def _seat(ch):
    return "RGYB".index(ch)


# --- finding a game that reaches a signal ---------------------------------
def selectable(g):
    out = []
    legal = g.legal_moves
    for i, m in enumerate(legal):
        if not any(o.roll == m.roll and o.start_place == m.start_place and o.end_place == m.end_place
                   for o in legal[:i]):
            out.append(m)
    return out


def find(setup, want, seeds=range(1, 400), max_actions=3000):
    """Play seeded games at random until want(game, events) after an action; the plan to get there."""
    for seed in seeds:
        g = ludo.Game(setup["preset"], players=setup.get("players"), seed=seed,
                      options=setup.get("options") or {})
        rng = random.Random(seed)
        plan = []
        computers = [_seat(s) for s in (setup.get("kinds") or {})]
        while not g.is_over() and len(plan) < max_actions:
            if g.needs_roll():
                g.roll()
                plan.append("roll")
            else:
                m = g.legal_moves[0] if g.turn in computers else rng.choice(selectable(g))
                g.push(m)
                plan.append("move:%d" % m.code)
            if want(g, g.last_events):
                return seed, plan
    raise LookupError("no game reaches the signal")


def has(prefix):
    return lambda g, ev: any(e.startswith(prefix) for e in ev)


def after_roll(test):
    return lambda g, ev: g.codes and g.codes[-1] < 16 and not g.needs_roll() and test(g)


def stack_on_track(g):
    seen = set()
    for t in range(16):
        p = g.place(t)
        if p and p[0] == "t":
            if (t >> 2, p) in seen:
                return True
            seen.add((t >> 2, p))
    return False


def shared_safe(g):
    by_place = {}
    for t in range(16):
        p = g.place(t)
        if p and p[0] == "t" and g.rules.safe[int(p[1:])]:
            by_place.setdefault(p, set()).add(t >> 2)
    return any(len(s) > 1 for s in by_place.values())


CLASSIC4 = {"preset": "classic", "players": 4}
# name -> (what it shows, set-up, want or None (start of game), presses after the plan)
SCENARIOS = {
    "start": ("a new game: safe squares dimly marked, Red's yard breathes, the die breathes red: roll",
              CLASSIC4, None, ""),
    "destinations": ("after a roll: the die shows it; every legal landing square glows dim; movable tokens",
                     CLASSIC4, after_roll(lambda g: len(selectable(g)) >= 3), ""),
    "selected": ("select: the chosen token blinks, its landing square flashes white",
                 CLASSIC4, after_roll(lambda g: len(selectable(g)) >= 3), "select"),
    "capture-preview": ("a move that captures: the victim's square flashes both colours, its yard spot blinks",
                        CLASSIC4, after_roll(lambda g: any(m.captures for m in g.legal_moves)), "selectcap"),
    "stack": ("two tokens of one colour on a square: brighter", CLASSIC4,
              lambda g, ev: g.needs_roll() and stack_on_track(g), ""),
    "shared-safe": ("tokens of two colours on a safe square: the square alternates their colours", CLASSIC4,
                    lambda g, ev: g.needs_roll() and shared_safe(g), ""),
    "last-origin": ("where the last move started: dim orange", CLASSIC4,
                    lambda g, ev: g.codes and 16 <= g.codes[-1] < 112 and not ev and g.last_move is not None
                    and g.last_move.start >= 0, ""),
    "bonus": ("a bonus roll: the die flashes white and the seat's colour", CLASSIC4,
              lambda g, ev: g.codes and g.codes[-1] >= 16 and "bonus" in ev and not any(
                  e.startswith("capture") for e in ev), ""),
    "pass": ("no move possible: the roll, then a dash on the die, in the colour of the seat that rolled", CLASSIC4,
             lambda g, ev: "pass" in ev and "bonus" not in ev and len(g.codes) > 8, ""),
    "pass-prompt": ("family: no move possible, confirm to pass (the die blinks its roll)",
                    {"preset": "family", "players": 4},
                    lambda g, ev: g.legal_moves and g.legal_moves[0].is_pass and len(g.codes) > 8, ""),
    "three-sixes": ("the third six: a red cross blinks on the die", CLASSIC4, has("three-sixes"), ""),
    "void": ("strict: three sixes void the turn; the moved tokens must go back (blink -> place)",
             {"preset": "strict", "players": 2}, has("void"), ""),
    "capture-fixup": ("after a capture: the captured token's square blinks, then its yard spot, until confirm",
                      CLASSIC4, has("capture"), ""),
    "undo-fixup": ("after an undo (back): the token must go back where it came from",
                   CLASSIC4, lambda g, ev: g.codes and 16 <= g.codes[-1] < 112 and not ev
                   and g.last_move is not None and g.last_move.start >= 0, "back"),
    "door": ("club, mandatory kill: the first kill opens the seat's door (its home column lights up)",
             {"preset": "club", "players": 2, "options": {"mandatory_kill": True}}, has("door"), ""),
    "turned": ("club, mandatory kill: a stone turns at its shut door (the door flashes red)",
               {"preset": "club", "players": 2, "options": {"mandatory_kill": True}}, has("turned"), ""),
    "pool": ("club: rolls taken first, the die shows each unspent roll in turn",
             {"preset": "club", "players": 2},
             lambda g, ev: not g.needs_roll() and len(g.pending_rolls) >= 2 and g.legal_moves, ""),
    "home": ("a token reaches the centre: the centre flashes", CLASSIC4,
             lambda g, ev: has("home")(g, ev) and not g.is_over(), ""),
    "win": ("a win: the winner's colour races round the track", {"preset": "classic", "players": 2},
            lambda g, ev: g.is_over(), ""),
    "rolloff": ("club roll-off: the seat that starts flashes its yard",
                {"preset": "club", "players": 2, "options": {"rolloff": True}}, has("start"), ""),
    "resign": ("strict: resigning (long back, confirm): the seat's tokens leave the board (blink white)",
               {"preset": "strict", "players": 2}, lambda g, ev: len(g.codes) > 30 and g.needs_roll()
               and all(g.place(t) for t in range(16) if g.place(t) and g.place(t)[0] == "t"), "back! confirm"),
    "hurry": ("strict with a deadline: the seat's yard blinks fast in its last 10 seconds",
              {"preset": "strict", "players": 2, "options": {"deadline": 30}}, None, "wait:21000"),
    "refusal": ("a press that means nothing now: all seven die pixels blink white", CLASSIC4, None, "select"),
    "pause": ("long press on back: the pause menu (the die shows the item)", CLASSIC4,
              lambda g, ev: len(g.codes) > 6 and g.needs_roll(), "back!"),
    "hand-entry": ("dice by hand: select counts the die's value up, confirm enters it",
                   dict(CLASSIC4, dice="hand"), None, "select select select"),
    "check": ("after a reset: the position is shown and the die breathes white until confirm", CLASSIC4,
              lambda g, ev: len(g.codes) > 20 and g.needs_roll(), "reset"),
    "computer": ("a computer seat: it rolls, lights its move and waits for someone to move the token",
                 dict(CLASSIC4, kinds={"G": "hard"}),
                 after_roll(lambda g: g.turn == 1 and not g.legal_moves[0].is_pass), ""),
    "remote": ("a seat played from afar (a seat link): a light runs round its yard while it is on turn",
               CLASSIC4, None, "seat:R"),
    "remote-move": ("a move played from afar: lit as a computer's, for someone at the table to carry out",
                    CLASSIC4, after_roll(lambda g: g.turn == 1 and len(selectable(g)) >= 2), "seat:G act wait:2000"),
    "coach": ("long press on select: the coach lights the move the Hard computer would play (cyan)",
              CLASSIC4, after_roll(lambda g: len(selectable(g)) >= 2 and g.turn == 0), "select!"),
    "map-error": ("a missing or broken pixel map: the die and centre blink magenta (built-in order used)",
                  None, None, ""),
    "menu-preset": ("set-up menu, page 1: the preset (die: 1 family, 2 classic, 3 club, 4 strict)",
                    None, None, ""),
    "menu-players": ("set-up menu, page 2: the players (their yards lit; die: how many)", None, None, "confirm"),
    "menu-kinds": ("set-up menu, page 3: computer seats (die: 1 person, 2 easy, 3 medium, 4 hard)",
                   None, None, "confirm confirm select select"),
    "menu-option": ("set-up menu, page 4: options, one by one (track: which; die: green on / red off)",
                    None, None, "confirm confirm confirm confirm confirm confirm confirm confirm"),
    "menu-dice": ("set-up menu, page 5: dice (white tumbling: the board's; orange: a real die by hand)",
                  None, None, "confirm confirm confirm confirm confirm confirm confirm confirm "
                              "confirm confirm confirm select"),
}


# --- reaching the state ---------------------------------------------------
def board_for(name, nvm=None):
    settings = {"LUDO_PIXEL_MAP": BAD_MAP} if name == "map-error" else None
    return Board(nvm=nvm, settings=settings)


def reach(name, plan_info=None):
    """A Board in the scenario's state (plan_info: {"seed", "plan"} from the golden file)."""
    about, setup, want, presses = SCENARIOS[name]
    saved = players._ai
    players._ai = FakeAI if name in ("computer", "coach", "menu-kinds") else None
    players._players.clear()
    try:
        b = board_for(name)
        b.app.screen.computers = players.available()
        if setup is not None:
            seed = plan_info["seed"] if plan_info else 1
            extra = dict((k, v) for k, v in setup.items() if k not in ("preset", "players"))
            b.ask(new_game_cmd(setup["preset"], setup["players"], seed, **extra))
            for step in (plan_info["plan"] if plan_info else []):
                if b.app.fixing():
                    b.press("confirm")
                if step == "roll":
                    b.press("roll")
                elif b.app.is_computer():        # the computer chose; a person moves it and confirms
                    assert b.app.legal[b.app.selected].code == int(step[5:])
                    b.press("confirm")
                else:
                    b.select_code(int(step[5:]))
                    b.press("confirm")
        for word in presses.split():
            if word == "reset":
                b = board_for(name, b.nvm)
            elif word == "selectcap":
                for _ in range(len(b.app.legal)):
                    b.press("select")
                    if b.app.legal[b.app.selected].captures:
                        break
            elif word.startswith("wait:"):
                b.wait(int(word[5:]))
            elif word.startswith("seat:"):      # the PC: the seat is played from afar
                assert b.ask({"cmd": "seat", "seat": word[5:], "kind": "remote"})[-1]["re"] == "ok"
            elif word == "act":                 # ... and plays the last of its legal moves
                g = b.game
                out = b.ask({"cmd": "act", "seat": "RGYB"[g.turn], "action": str(b.app.legal[-1])})
                assert out[-1] == {"cmd": "act", "re": "ok"}, out
            else:
                b.presses(word)
        return b
    finally:
        players._ai = saved
        players._players.clear()


def frames_of(b):
    out = []
    for step in STEPS:
        frame = b.frame_at(step)
        out.append({"step": step, "lit": dict((k, "%02x%02x%02x" % v) for k, v in sorted(b.lit(frame).items()))})
    return out


def load(name):
    with open(os.path.join(GOLDEN_DIR, name + ".json")) as f:
        return json.load(f)


def regenerate(name):
    about, setup, want, presses = SCENARIOS[name]
    info = None
    if setup is not None:
        info = {"seed": 1, "plan": []}
        if want is not None:
            seed, plan = find(setup, want)
            info = {"seed": seed, "plan": plan}
    b = reach(name, info)
    data = {"name": name, "shows": about, "setup": setup, "presses": presses,
            "seed": info["seed"] if info else None, "plan": info["plan"] if info else [],
            "frames": frames_of(b)}
    with open(os.path.join(GOLDEN_DIR, name + ".json"), "w") as f:
        json.dump(data, f, indent=None, separators=(",", ":"), sort_keys=True)
        f.write("\n")
    picture(name, b, about)
    return data


def picture(name, b, caption):
    """docs/img/lights-NAME.png: the frame at step 0 and, if the signal moves, a later one."""
    from PIL import Image
    from ludo_host.virtual.picture import frame_image
    pixel_map = [None] * len(b.pixel_of)
    for place, i in b.pixel_of.items():
        pixel_map[i] = place
    first = b.frame_at(0)
    shots = [first]
    steps = (4, 8, 12, 2, 6, 16, 25)
    die = [i for place, i in b.pixel_of.items() if place[0] == "d"]
    later = [f for f in (b.frame_at(step) for step in steps) if f != first]
    # a later frame in which the die changed, if one does (it says the most), else any
    moved = [f for f in later if any(f[3 * i:3 * i + 3] != first[3 * i:3 * i + 3] for i in die)]
    if moved or later:
        shots.append((moved or later)[0])
    images = [frame_image(f, pixel_map, cell=22) for f in shots]
    w = sum(im.width for im in images) + 10 * (len(images) - 1)
    out = Image.new("RGB", (w, images[0].height), (255, 255, 255))
    x = 0
    for im in images:
        out.paste(im, (x, 0))
        x += im.width + 10
    os.makedirs(IMG_DIR, exist_ok=True)
    out.save(os.path.join(IMG_DIR, "lights-%s.png" % name), optimize=True)


if __name__ == "__main__":
    names = sys.argv[1:] or list(SCENARIOS)
    for n in names:
        d = regenerate(n)
        print("%-16s seed %-5s plan %4d  %s" % (n, d["seed"], len(d["plan"]), d["shows"]))
