"""The wiring diagram and the placement template are valid SVG and render to a real, non-blank picture."""
import os
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest

from conftest import ROOT
from ludo_host.deploy import pixelmap, template

SVG = "{http://www.w3.org/2000/svg}"
WIRING = os.path.join(ROOT, "hardware", "wiring.svg")
TEMPLATE = os.path.join(ROOT, "hardware", "template.svg")


def rsvg():
    path = shutil.which("rsvg-convert")
    assert path, "rsvg-convert is missing: apt-get install librsvg2-bin (test.sh's APT_PACKAGES has it)"
    return path


def decode_png(data):
    """(width, height, rows of RGBA tuples) of an 8-bit RGB/RGBA non-interlaced PNG (what rsvg-convert writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 4 if colour == 6 else 3
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:(x + 1) * bpp]) for x in range(width)])
        prev = line
    return width, height, rows


def render(svg_path, tmp_path, width):
    out = tmp_path / (os.path.basename(svg_path) + ".png")
    subprocess.run([rsvg(), "-w", str(width), "-o", str(out), svg_path], check=True, timeout=60)
    return decode_png(out.read_bytes())


def assert_drawn(rows, min_dark, min_colours):
    """Enough dark ink (lines, text) and enough distinct colours: not a blank or one-colour picture."""
    pixels = [p for row in rows for p in row]
    dark = sum(1 for p in pixels if p[0] + p[1] + p[2] < 300 and (len(p) < 4 or p[3] > 128))
    colours = {p[:3] for p in pixels}
    assert dark >= min_dark * len(pixels), dark / len(pixels)
    assert len(colours) >= min_colours


def test_wiring_svg_is_valid_and_labels_every_part():
    root = ET.parse(WIRING).getroot()
    assert root.tag == SVG + "svg"
    text = " ".join("".join(t.itertext()) for t in root.iter(SVG + "text"))
    for label in ("Pico", "GP2", "GP10", "GP11", "GP12", "GP13", "VBUS", "VSYS", "74AHCT125", "470 \u03a9",
                  "1000 \u00b5F", "ROLL", "SELECT", "CONFIRM", "BACK", "1N5817", "Option A", "Option B",
                  "LUDO_CURRENT_BUDGET_MA", "DIN", "+5 V", "GND"):
        assert label in text, label


def test_wiring_svg_renders(tmp_path):
    width, height, rows = render(WIRING, tmp_path, 650)
    assert (width, height) == (650, 470)          # viewBox 1300 x 940, scaled by half
    assert_drawn(rows, 0.01, 200)
    # the +5 V rail is red right across the top (y = 100 in the drawing)
    rail = rows[50]
    assert sum(1 for p in rail if p[0] > 150 and p[1] < 110 and p[2] < 110) > 0.8 * width


def test_committed_template_is_the_generated_one():
    with open(TEMPLATE, encoding="utf-8") as f:
        assert f.read() == template.render(pixelmap.load(), 400 / 15, "pixelmap.json")


def test_template_svg_is_valid_and_shows_every_pixel_and_button():
    root = ET.parse(TEMPLATE).getroot()
    assert root.tag == SVG + "svg" and root.get("width").endswith("mm")
    width_mm = float(root.get("width")[:-2])
    assert float(root.get("viewBox").split()[2]) == width_mm        # 1 user unit = 1 mm: prints to scale
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    places = pixelmap.load()
    for i, place in enumerate(places):
        assert str(i) in texts and (place in texts or place.startswith("d")), place
    for label in ("ROLL", "SELECT", "CONFIRM", "BACK", "DATA IN", "100 mm"):
        assert label in texts, label
    squares = [r for r in root.iter(SVG + "rect") if r.get("width") == r.get("height") == template._n(400 / 15)]
    assert len(squares) == 15 * 15 - 4 * 36 - 9     # track and home squares; yards and centre are drawn whole


def test_template_renders_to_scale(tmp_path):
    geo = template.Geometry(400 / 15)
    px_per_mm = 1.0
    width, height, rows = render(TEMPLATE, tmp_path, round(geo.width * px_per_mm))
    assert width == round(geo.width * px_per_mm) and abs(height - geo.height * px_per_mm) <= 1
    assert_drawn(rows, 0.01, 200)
    # the middle of Red's yard is red-tinted; the middle of pixel 0's circle (t0) is white on a red entry square
    x, y = geo.cell_centre(9, 0)
    assert rows[round((y - 5) * px_per_mm)][round((x - 5) * px_per_mm)][:3] == (0xf6, 0xc1, 0xbf)
    x, y = geo.place("t0")
    r, g, b = rows[round((y - geo.sq * 0.16) * px_per_mm)][round(x * px_per_mm)][:3]
    assert (r, g, b) == (255, 255, 255)


@pytest.mark.parametrize("square_mm", [15.0, 33.3])
def test_template_command_other_square_sizes(tmp_path, square_mm, capsys):
    import argparse
    parser = argparse.ArgumentParser()
    template.add_arguments(parser)
    out = str(tmp_path / "t.svg")
    assert template.run(parser.parse_args(["--square-mm", str(square_mm), "-o", out])) == 0
    assert "square %.1f mm" % square_mm in capsys.readouterr()[0]
    root = ET.parse(out).getroot()
    geo = template.Geometry(square_mm)
    assert root.get("width") == "%smm" % template._n(geo.width)
    width, _, rows = render(out, tmp_path, 600)
    assert_drawn(rows, 0.005, 200)
    # the title lines fit the page: the right-hand margin of the header band stays white
    scale = width / geo.width
    margin_x = round((geo.width - template.MARGIN / 2) * scale)
    for y in range(round(template.MARGIN * scale), round(geo.board_y * scale)):
        assert all(p[:3] == (255, 255, 255) for p in rows[y][margin_x:]), y


def test_template_of_a_map_with_a_spare_pixel_says_the_count_to_set(tmp_path, capsys):
    """docs/build-guide.md: `null` marks a spare pixel; the map then has one entry more
    than there are places, and LUDO_PIXEL_COUNT must say so."""
    import argparse
    import json
    with open(pixelmap.DEFAULT_PATH) as f:
        data = json.load(f)
    data["pixels"].insert(40, None)
    spare = tmp_path / "spare.json"
    spare.write_text(json.dumps(data))
    parser = argparse.ArgumentParser()
    template.add_arguments(parser)
    assert template.run(parser.parse_args(["--map", str(spare), "-o", str(tmp_path / "t.svg")])) == 0
    assert "%s: 100 pixels: LUDO_PIXEL_COUNT = 100 in settings.toml" % spare in capsys.readouterr()[0]


def test_template_command_rejects_bad_input(tmp_path, capsys):
    import argparse
    parser = argparse.ArgumentParser()
    template.add_arguments(parser)
    assert template.run(parser.parse_args(["--square-mm", "3", "-o", str(tmp_path / "t.svg")])) == 2
    assert "outside" in capsys.readouterr()[1]
    bad = tmp_path / "map.json"
    bad.write_text('{"format": "ludo-pixelmap/1", "pixels": ["t0"]}')
    assert template.run(parser.parse_args(["--map", str(bad), "-o", str(tmp_path / "t.svg")])) == 2
    assert "lit by no pixel" in capsys.readouterr()[1]
    assert not (tmp_path / "t.svg").exists()


def test_template_of_a_map_with_a_spare_pixel():
    """A null entry (a spare pixel in the chain) shifts the indices and is drawn nowhere."""
    places = [None] + pixelmap.load()
    root = ET.fromstring(template.render(places, 25.0).encode())
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    assert "99" in texts and "0" not in texts
    assert len(template.hops(places, template.Geometry(25.0))) == 98


def test_checking_a_map_writes_nothing_and_replacing_a_template_is_said(tmp_path, capsys, monkeypatch):
    """The build guide's map check (`--check`) names the count to set and writes no file;
    without it, a template.svg already there is replaced with a word about it."""
    import argparse
    monkeypatch.chdir(tmp_path)
    parser = argparse.ArgumentParser()
    template.add_arguments(parser)
    assert template.run(parser.parse_args(["--map", pixelmap.DEFAULT_PATH, "--check"])) == 0
    out = capsys.readouterr()[0]
    assert "every place once, 99 pixels: LUDO_PIXEL_COUNT = 99 in settings.toml (nothing written)" in out
    assert not (tmp_path / "template.svg").exists()
    assert template.run(parser.parse_args([])) == 0
    assert "wrote template.svg: square" in capsys.readouterr()[0]
    assert template.run(parser.parse_args([])) == 0
    assert "wrote template.svg (replacing the one there): square" in capsys.readouterr()[0]


def test_template_refuses_an_output_it_cannot_write_and_a_zero_size_in_one_line(tmp_path, capsys):
    """`-o FOLDER`, an output in a folder that is not there, and `--square-mm 0` are each
    one line on stderr, no traceback, and no default size in place of the 0 given."""
    import argparse
    parser = argparse.ArgumentParser()
    template.add_arguments(parser)
    assert template.run(parser.parse_args(["-o", str(tmp_path)])) == 2
    err = capsys.readouterr()[1]
    assert "is a folder: give a file name" in err and len(err.splitlines()) == 1
    assert template.run(parser.parse_args(["-o", str(tmp_path / "nosuch" / "t.svg")])) == 1
    err = capsys.readouterr()[1]
    assert "cannot write" in err and "No such file or directory" in err and len(err.splitlines()) == 1
    assert template.run(parser.parse_args(["--square-mm", "0", "-o", str(tmp_path / "t.svg")])) == 2
    assert "a square of 0.0 mm is outside" in capsys.readouterr()[1]
    assert template.run(parser.parse_args(["--board-mm", "-5", "-o", str(tmp_path / "t.svg")])) == 2
    assert "(a -5 mm board) is outside" in capsys.readouterr()[1]
    assert not (tmp_path / "t.svg").exists()
