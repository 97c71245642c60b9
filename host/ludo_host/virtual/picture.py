"""Pictures of the board (PNG, with Pillow): a frame drawn as the painted board with a
coloured disc at each lit pixel, and a terminal screen (ANSI text) drawn as an image.

    from ludo_host.virtual.picture import frame_image
    frame_image(frame, pixel_map).save("roll.png")

    python -m ludo_host.virtual.picture --frames run.jsonl --index -1 out.png
    python -m ludo_host.virtual.picture --ansi capture.txt out.png   # tmux capture-pane -e -p
"""
import argparse
import json
import re
import sys

from .. import layout
from ..colours import DIE_ORIGIN, PAINT, boost, die_cell

FONT_PATHS = ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
              "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf")


def _pil():
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise RuntimeError("pictures need Pillow: pip install pillow") from None
    return Image, ImageDraw, ImageFont


def _mix(rgb, percent, base=(250, 248, 240)):
    """The paint lightened towards the board's white, as printed on cardboard."""
    return tuple(base[i] + (rgb[i] - base[i]) * percent // 100 for i in range(3))


def _ground(row, col):
    region = layout.region(row, col)
    if region.startswith("yard"):
        r0, c0 = layout.YARD_ORIGIN[region[4]]
        inner = r0 + 1 <= row <= r0 + 4 and c0 + 1 <= col <= c0 + 4
        return _mix(PAINT[region[4]], 35 if inner else 90)
    if region.startswith("home"):
        return _mix(PAINT[region[4]], 70)
    if region == "centre":
        return (200, 200, 200)
    return (250, 248, 240)


def frame_image(frame, pixel_map=None, cell=32, caption=None):
    """A PIL image of the board showing a frame (R,G,B bytes in strip order)."""
    Image, ImageDraw, ImageFont = _pil()
    if pixel_map is None:
        from .engine import default_pixel_map
        pixel_map = default_pixel_map()
    colours = {}
    for index, place in enumerate(pixel_map):
        if 3 * index + 2 < len(frame):
            colours[place] = tuple(frame[3 * index:3 * index + 3])
    width = (DIE_ORIGIN[1] + 4) * cell
    caption_h = cell if caption else 0
    image = Image.new("RGB", (width, layout.SIZE * cell + caption_h), (40, 40, 40))
    draw = ImageDraw.Draw(image)
    for row in range(layout.SIZE):
        for col in range(layout.SIZE):
            box = (col * cell, row * cell, (col + 1) * cell - 1, (row + 1) * cell - 1)
            draw.rectangle(box, fill=_ground(row, col))
    for place in layout.TRACK_CELLS:
        r, c = place
        draw.rectangle((c * cell, r * cell, (c + 1) * cell - 1, (r + 1) * cell - 1), outline=(90, 90, 90))
    for seat, (r, c) in layout.CENTRE_CELLS.items():
        draw.rectangle((c * cell, r * cell, (c + 1) * cell - 1, (r + 1) * cell - 1), fill=_mix(PAINT[seat], 80))
    # the die's panel
    r0, c0 = DIE_ORIGIN
    draw.rounded_rectangle((c0 * cell - cell // 3, r0 * cell - cell // 3, (c0 + 3) * cell + cell // 3,
                            (r0 + 3) * cell + cell // 3), radius=cell // 3, fill=(235, 235, 235))
    pad = max(2, cell // 6)
    for place in layout.all_places():
        r, c = die_cell(place) if place[0] == "d" else layout.cell(place)
        rgb = colours.get(place, (0, 0, 0))
        disc = (c * cell + pad, r * cell + pad, (c + 1) * cell - 1 - pad, (r + 1) * cell - 1 - pad)
        if any(rgb):
            draw.ellipse(disc, fill=boost(rgb), outline=(30, 30, 30))
        else:
            draw.ellipse(disc, outline=(150, 150, 150))
    if caption:
        font = _font(ImageFont, cell // 2)
        draw.text((cell // 4, layout.SIZE * cell + cell // 5), caption, fill=(235, 235, 235), font=font)
    return image


def _font(ImageFont, size):
    for path in FONT_PATHS:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            continue
    return ImageFont.load_default()


_SGR = re.compile(r"\x1b\[([0-9;]*)m")
_OTHER = re.compile(r"\x1b\[[0-9;?]*[A-Za-ln-z]")


def ansi_cells(text, default_fg=(220, 220, 220), default_bg=(18, 18, 18)):
    """Terminal text with SGR colours -> rows of (char, fg, bg)."""
    rows = []
    for line in text.rstrip("\n").split("\n"):
        line = _OTHER.sub("", line)
        fg, bg = default_fg, default_bg
        row = []
        pos = 0
        for match in _SGR.finditer(line + "\x1b[m"):
            for ch in line[pos:match.start()]:
                row.append((ch, fg, bg))
            pos = match.end()
            codes = [int(x) if x else 0 for x in match.group(1).split(";")]
            i = 0
            while i < len(codes):
                code = codes[i]
                if code == 0:
                    fg, bg = default_fg, default_bg
                elif code in (38, 48) and i + 4 < len(codes) + 1 and codes[i + 1:i + 2] == [2]:
                    rgb = tuple(codes[i + 2:i + 5])
                    if code == 38:
                        fg = rgb
                    else:
                        bg = rgb
                    i += 4
                elif code == 39:
                    fg = default_fg
                elif code == 49:
                    bg = default_bg
                i += 1
        rows.append(row)
    return rows


def ansi_image(text, font_size=16, columns=None):
    """A PIL image of a terminal screen given as text with ANSI colours."""
    Image, ImageDraw, ImageFont = _pil()
    font = _font(ImageFont, font_size)
    left, top, right, bottom = font.getbbox("M")
    cw = int(round(font.getlength("M")))
    ch = int(font_size * 1.2)
    rows = ansi_cells(text)
    width = columns or max((len(r) for r in rows), default=1)
    image = Image.new("RGB", (width * cw + 2 * cw, len(rows) * ch + ch), (18, 18, 18))
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(rows):
        for x, (char, fg, bg) in enumerate(row):
            box = (cw + x * cw, ch // 2 + y * ch, cw + (x + 1) * cw - 1, ch // 2 + (y + 1) * ch - 1)
            draw.rectangle(box, fill=bg)
            if char.strip():
                draw.text((box[0], box[1]), char, fill=fg, font=font)
    return image


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ludo_host.virtual.picture", description=__doc__.split("\n")[0])
    parser.add_argument("out", help="PNG file to write")
    parser.add_argument("--frames", help="JSON lines from `ludo-host board --headless --frames`")
    parser.add_argument("--index", type=int, default=-1, help="which frame (default: the last)")
    parser.add_argument("--ansi", help="a terminal capture with colours (tmux capture-pane -e -p)")
    parser.add_argument("--caption")
    args = parser.parse_args(argv)
    if args.ansi:
        with open(args.ansi) as f:
            ansi_image(f.read()).save(args.out)
        return 0
    if not args.frames:
        parser.error("give --frames or --ansi")
    with open(args.frames) as f:
        frames = [json.loads(line) for line in f if line.strip()]
    item = frames[args.index]
    frame = bytes(v for px in item["pixels"] for v in px)
    frame_image(frame, caption=args.caption).save(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
