"""Every light signal against its golden frames (tests/board/golden/*.json).

A failure prints which places differ.  If the change is deliberate, run
`python tests/board/golden.py NAME` and review docs/img/lights-NAME.png.
"""
import pytest

import golden


@pytest.mark.parametrize("name", sorted(golden.SCENARIOS))
def test_signal_matches_golden_frames(name):
    want = golden.load(name)
    info = {"seed": want["seed"], "plan": want["plan"]} if want["setup"] else None
    board = golden.reach(name, info)
    got = golden.frames_of(board)
    # the same animation steps on both sides, every one of golden.STEPS, so zip below
    # compares each frame with the golden frame of its own step and drops none
    assert [f["step"] for f in want["frames"]] == list(golden.STEPS), \
        "%s's golden file holds steps %r, not %r (regenerate with `python tests/board/golden.py %s`)" % (
            name, [f["step"] for f in want["frames"]], list(golden.STEPS), name)
    assert [f["step"] for f in got] == list(golden.STEPS), [f["step"] for f in got]
    for g, w in zip(got, want["frames"]):
        assert g["step"] == w["step"]
        assert sorted(g) == sorted(w) == ["lit", "step"], (sorted(g), sorted(w))
        if g != w:
            diff = sorted(set(g["lit"].items()) ^ set(w["lit"].items()))
            pytest.fail("%s at animation step %d differs (regenerate with `python tests/board/golden.py %s` "
                        "if deliberate): %s" % (name, w["step"], name, diff[:12]))


def test_every_scenario_has_a_golden_file_and_picture():
    import os
    for name in golden.SCENARIOS:
        assert os.path.exists(os.path.join(golden.GOLDEN_DIR, name + ".json")), name
        assert os.path.exists(os.path.join(golden.IMG_DIR, "lights-%s.png" % name)), name


def test_signals_are_distinct():
    """Different signals must look different (a golden that equals another proves nothing)."""
    seen = {}
    for name in golden.SCENARIOS:
        frames = golden.load(name)["frames"]
        key = repr([f["lit"] for f in frames])
        assert key not in seen, "%s looks exactly like %s" % (name, seen.get(key))
        seen[key] = name
