"""bench/train_winchance.py, the one command that trains the win chance (issue 27): from a
seed it plays games, fits the net, prints its learning curve and writes a weights module
that the board's judge reads. Tiny runs here (30 games, 4 hidden units: about a second)."""
import importlib.util
import os
import subprocess
import sys

import pytest

import ludo
from ludo import winchance_judge, winchance_net

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "bench", "train_winchance.py")


def _train(out, seed=1, more=()):
    pytest.importorskip("numpy")
    run = subprocess.run([sys.executable, SCRIPT, "--seed", str(seed), "--games", "30", "--hidden", "4",
                          "--epochs", "3", "--td-rounds", "1", "--td-epochs", "1", "--jobs", "1",
                          "--out", str(out)] + list(more), capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return run.stdout


def _weights(path):
    spec = importlib.util.spec_from_file_location("trained_weights", str(path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _chances(game, weights=None):
    """The board's judge on game, with these weights in place of the shipped ones."""
    saved = winchance_net.W
    if weights is not None:
        winchance_net.W = weights
    winchance_net._BIAS_OF[0] = None        # (its biases are summed once per rules and weights)
    try:
        return list(winchance_judge.static(game))
    finally:
        winchance_net.W = saved
        winchance_net._BIAS_OF[0] = None


def test_training_prints_its_curve_and_writes_weights_the_board_judges_by(tmp_path):
    out = tmp_path / "weights.py"
    text = _train(out)
    curve = [line.split() for line in text.splitlines() if line[:5].strip().isdigit()]
    assert [int(row[0]) for row in curve] == [0, 1, 2, 3, 4]     # before, 3 epochs, 1 TD epoch
    losses = [float(row[1]) for row in curve[1:4]]
    assert losses[-1] < losses[0]                                # the fit lowers its training loss
    assert "wrote" in text.splitlines()[-1]
    w = _weights(out)
    assert w.HIDDEN == 4
    assert (len(w.W1), len(w.B1), len(w.W2)) == (4 * winchance_net.FEATURES, 4, 4)
    assert "seed 1, 30 games" in out.read_text().splitlines()[1]
    g = ludo.Game("classic", players=4, seed=3)
    differ = 0
    while not g.is_over():
        mine = _chances(g, w)
        assert sum(mine) == winchance_net.SCALE
        differ += mine != _chances(g)
        if g.needs_roll():
            g.roll()
        else:
            g.push(g.legal_moves[0])
    assert differ > 0                       # (the judge read the new weights, not the shipped)
    final = _chances(g, w)
    assert sorted(final) == [0, 0, 0, winchance_net.SCALE]


def test_the_same_seed_trains_the_same_weights(tmp_path):
    _train(tmp_path / "a.py")
    _train(tmp_path / "b.py")
    _train(tmp_path / "c.py", seed=2)
    a, b, c = ((tmp_path / n).read_text() for n in ("a.py", "b.py", "c.py"))
    assert a == b
    assert a != c


def test_a_fit_on_some_presets_games_continued_by_expert(tmp_path):
    # the experiments of docs/analysis.md: a step of policy iteration (the games played on by
    # Expert, judging by the weights in the firmware now) and a net of one preset's games
    out = tmp_path / "w.py"
    text = _train(out, more=["--continue-by", "expert", "--presets", "classic,family,strict"])
    kept = [line for line in text.splitlines() if "kept for the fit" in line]
    assert len(kept) == 1 and kept[0].endswith("games of classic,family,strict kept for the fit")
    assert 10 <= int(kept[0].split()[0]) < 30      # (club's games left out)
    assert out.read_text().splitlines()[1].endswith("continued by expert, presets classic,family,strict")
    by_hard = tmp_path / "h.py"          # the same games' set-ups and hand-overs, Hard playing on
    _train(by_hard, more=["--continue-by", "hard", "--presets", "classic,family,strict"])
    assert _weights(out).W1 != _weights(by_hard).W1


def test_an_unknown_preset_is_one_line_before_any_game_is_played(tmp_path):
    run = subprocess.run([sys.executable, SCRIPT, "--games", "30", "--presets", "classic,clasic",
                          "--out", str(tmp_path / "w.py")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip().splitlines()[-1].endswith(
        "error: --presets: unknown preset clasic (one of: family, classic, club, strict)")
    assert not (tmp_path / "w.py").exists()
