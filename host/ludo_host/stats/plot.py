"""The PNG of `ludo-host stats --png`: dice faces, wins by seat and by player kind, game length."""
import matplotlib

from ludo.actions import KINDS

from ..words import count

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
from matplotlib.ticker import MaxNLocator  # noqa: E402

SEAT_COLOURS = {"R": "#d32f2f", "G": "#2e7d32", "Y": "#f9a825", "B": "#1565c0"}
SEAT_NAMES = {"R": "Red", "G": "Green", "Y": "Yellow", "B": "Blue"}


def plot(t, path):
    """Draw the totals `t` (stats.collect's) as a PNG at `path`."""
    fig = figure(t)
    fig.savefig(path, format="png")        # whatever the name ends with: the option is --png
    plt.close(fig)


def figure(t):
    """The four plots of the totals `t`, as a matplotlib figure."""
    fig, axes = plt.subplots(2, 2, figsize=(11, 8), dpi=100)
    fig.suptitle(count(t["games"], "Ludo game"), fontsize=14, fontweight="bold")

    ax = axes[0][0]
    n = sum(t["rolls"])
    ax.bar(range(1, 7), t["rolls"], color="#607d8b")
    if n:
        ax.axhline(n / 6.0, color="#b00020", linestyle="--", label="fair: %.0f each" % (n / 6.0))
        cs = t["chi_square"]
        ax.set_title("Game dice: %s, chi-square %.2f, p = %.3g" % (count(n, "roll"), cs["statistic"], cs["p_value"]),
                     fontsize=10)
        ax.set_ylim(0, max(t["rolls"]) * 1.2)
        ax.legend(loc="upper right", fontsize=9)
    else:
        ax.set_title("Game dice: no rolls", fontsize=10)
    ax.set_xticks(range(1, 7))
    ax.set_xlabel("face")
    ax.set_ylabel("times rolled")

    ax = axes[0][1]
    seats = [s for s in "RGYB" if t["seat_games"][s]]
    rates = [100.0 * t["seat_wins"][s] / t["seat_games"][s] for s in seats]
    bars = ax.bar([SEAT_NAMES[s] for s in seats], rates, color=[SEAT_COLOURS[s] for s in seats])
    for bar, s in zip(bars, seats):
        ax.annotate("%d/%d" % (t["seat_wins"][s], t["seat_games"][s]),
                    (bar.get_x() + bar.get_width() / 2, bar.get_height()), ha="center", va="bottom", fontsize=9)
    won = t.get("games_with_winner", t["games"])
    ax.set_title("Wins by seat (%s with a winner)" % count(won, "game"), fontsize=10)
    ax.set_ylabel("games won (%)")
    ax.set_ylim(0, max(rates + [10]) * 1.2)

    ax = axes[1][0]
    kinds = [k for k in KINDS if t["kind_games"][k]]
    rates = [100.0 * t["kind_wins"][k] / t["kind_games"][k] for k in kinds]
    bars = ax.bar(kinds, rates, color="#8d6e63")
    for bar, k in zip(bars, kinds):
        ax.annotate("%d/%d" % (t["kind_wins"][k], t["kind_games"][k]),
                    (bar.get_x() + bar.get_width() / 2, bar.get_height()), ha="center", va="bottom", fontsize=9)
    ax.set_title("Wins by player (human or computer level)", fontsize=10)
    ax.set_ylabel("seats that won (%)")
    ax.set_ylim(0, max(rates + [10]) * 1.2)

    ax = axes[1][1]
    if t["move_counts"]:
        ax.hist(t["move_counts"], bins=min(30, max(5, len(t["move_counts"]) // 3)), color="#26a69a")
    ax.set_title("Length of finished games", fontsize=10)
    ax.set_xlabel("moves")
    ax.set_ylabel("games")
    # Games and moves are counted whole: no "0.2 games" or "177.6 moves" on the axes.
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))

    fig.tight_layout(rect=(0, 0, 1, 0.96))
    return fig
