"""The hardware documents agree with the code: power figures, bill of materials, settings keys."""
import csv
import os
import re

import pytest

from conftest import ROOT
from ludo_host import deploy

HARDWARE = os.path.join(ROOT, "hardware")


def read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


def test_power_budget_figures_are_the_limiters():
    power = pytest.importorskip("ludoboard.scene")
    doc = read("hardware", "power-budget.md")

    def figures(rgb):
        frame = bytearray(bytes(rgb) * 99)
        out = bytearray(len(frame))
        full = power.estimate_ma(frame)
        power.limit(frame, out, 30, 10 ** 6)
        at30 = power.estimate_ma(out)
        scale = power.limit(frame, out, 30, 500)
        return full, at30, power.estimate_ma(out), scale

    full, at30, limited, scale = figures((255, 255, 255))
    assert "| all 99 white | %d mA | %d mA | %d mA (scaled to %d/256" % (full, at30, limited, scale) in doc
    full, at30, limited, _ = figures((255, 176, 0))
    assert "| all 99 yellow (R 255, G 176) | %d mA | %d mA | %d mA |" % (full, at30, limited) in doc
    full, at30, limited, _ = figures((255, 0, 0))
    assert "| all 99 one channel (red) | %d mA | %d mA | %d mA |" % (full, at30, limited) in doc
    assert "s = %d" % power.brightness_scale(30) in doc


def test_bom_has_the_parts_the_wiring_shows():
    with open(os.path.join(HARDWARE, "bom.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["part", "quantity", "example part number", "why"]
    assert all(len(r) == 4 and all(c.strip() for c in r) for r in rows[1:])
    text = " ".join(r[0] for r in rows[1:])
    for part in ("Pico", "74AHCT125", "470 ohm", "1000 uF", "push button", "1N5817", "5 V regulated power supply",
                 "pixels"):
        assert part in text, part
    buttons = [r for r in rows if "push button" in r[0]]
    assert buttons[0][1] == "4"


def test_build_guide_names_every_setting_and_troubleshoots():
    guide = read("docs", "build-guide.md")
    for key, value, _ in deploy.SETTINGS:
        assert "%s = %s" % (key, value) in guide, key
    for heading in ("Nothing lights", "Wrong colours", "One square off", "resets when many pixels light",
                    "Buttons do nothing"):
        assert heading.lower() in guide.lower(), heading
    for picture in re.findall(r"\]\(([^)]+\.(?:svg|png))\)", guide):
        assert os.path.exists(os.path.normpath(os.path.join(ROOT, "docs", picture))), picture


@pytest.mark.parametrize("doc", ["hardware/README.md", "hardware/power-budget.md", "docs/build-guide.md"])
def test_the_makers_docs_name_only_files_that_exist(doc):
    """A maker looks up the code a hardware document names (`ludoboard/scene.py`'s `limit`):
    every file path it names in backticks is there, under firmware/, the repository, or
    beside the document."""
    text = read(*doc.split("/"))
    paths = set(re.findall(r"`([\w.-]+(?:/[\w.-]+)+\.(?:py|json|svg|csv|md|png))`", text))
    assert paths, doc
    for path in sorted(paths):
        where = [os.path.join(ROOT, "firmware", path), os.path.join(ROOT, path),
                 os.path.join(ROOT, os.path.dirname(doc), path)]
        assert any(os.path.exists(w) for w in where), "%s names %s, which does not exist" % (doc, path)
