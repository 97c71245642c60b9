"""`ludo-host analyse FILE --png OUT`: a game's win-chance graph (matplotlib), one line per
colour, with the marked rolls and moves as dots on the line of the seat they belong to."""
from .totals import player_of

COLOURS = {"R": "#d62728", "G": "#2ca02c", "Y": "#e6b800", "B": "#1f77b4"}

NAMES = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
MARK_STYLE = {"blunder": ("X", 70), "mistake": ("D", 30), "very lucky": ("^", 55), "very unlucky": ("v", 55)}


def plot(result, path):
    """Draw the analysed game's win chances over its actions to a PNG file at `path`."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    actions = result["actions"]
    xs = list(range(1, len(actions) + 1))
    fig, ax = plt.subplots(figsize=(8, 3.6), dpi=100)
    for s in result["players"]:
        ys = [a["chances"][s] for a in actions]
        ax.plot([0] + xs, [result["seats"][s]["start"]] + ys, color=COLOURS[s], lw=1.4,
                label="%s (%s)" % (NAMES[s], player_of(result, s)))
    for mark, (marker, size) in MARK_STYLE.items():
        pts = [(i + 1, a["chances"][a["seat"]], COLOURS[a["seat"]]) for i, a in enumerate(actions)
               if a.get("mark") == mark and not a.get("taken_back")]
        if pts:
            ax.scatter([p[0] for p in pts], [p[1] for p in pts], c=[p[2] for p in pts], marker=marker,
                       s=size, edgecolors="black", linewidths=0.5, zorder=3, label=mark)
    ax.set_xlim(0, max(1, len(actions)))
    ax.set_ylim(0, 100)
    ax.set_xlabel("action")
    ax.set_ylabel("win chance (%)")
    ax.set_title("%s: %s, %d players" % (result.get("game") or "game", result["preset"], len(result["players"])),
                 fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def skill_png(path):
    """Where `stats --skill --png OUT` draws the luck and skill: OUT with -skill before .png."""
    root, ext = path[:-4], path[-4:]
    return (root if ext.lower() == ".png" else path) + "-skill.png"


def plot_skill(totals, path):
    """Per player: the luck of its dice per game, its error per decision and its mean
    result with luck taken out, as three bar charts side by side, to a PNG at `path`."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    players = list(totals["players"])
    figures = [totals["players"][p] for p in players]
    fig, axes = plt.subplots(1, 3, figsize=(10, 3.4), dpi=100)
    panels = (("luck per game (points)", [f["luck_per_game"] for f in figures], "#7e57c2"),
              ("error per decision (points)", [f["error_per_decision"] for f in figures], "#e65100"),
              ("result with luck taken out", [f["luck_free_mean"] or 0.0 for f in figures], "#2e7d32"))
    for ax, (title, values, colour) in zip(axes, panels):
        ax.barh(players, values, color=colour)
        ax.set_title(title, fontsize=9)
        ax.axvline(0, color="black", lw=0.8)
        ax.tick_params(labelsize=8)
        ax.invert_yaxis()
    from ..words import count
    fig.suptitle("Luck and skill over %s" % count(totals["games"], "game"), fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
