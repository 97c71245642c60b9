"""The options of `ludo-host log` (cli.py reads them here through the logger package),
and the players' names argument that `ludo-host web` takes too."""


def add_arguments(parser):
    parser.add_argument("--port", help="serial device of the board's data channel "
                        "(default: the port whose interface is 'CircuitPython CDC2')")
    parser.add_argument("--dir", default="games", help="folder for the record files (default: ./games)")
    parser.add_argument("--no-time", action="store_true",
                        help="do not set the board's clock from this PC on connect")
    parser.add_argument("--status-every", type=float, default=5.0, metavar="S",
                        help="ask the board's status every S seconds to notice lost lines (default 5)")
    add_names_argument(parser)


def add_names_argument(parser):
    """--names R=Anna,G=Ben (`ludo-host log` and `ludo-host web`)."""
    parser.add_argument("--names", type=names_argument, default={}, metavar="R=Anna,G=Ben",
                        help="the players' names by seat, written in the records (and shown by replay "
                             "and stats)")


def names_argument(text):
    """{seat: name} from "R=Anna,G=Ben" (argparse's type: a clear error for bad input)."""
    import argparse
    from ludo.record import MAX_NAME, clean_name
    names = {}
    for part in text.split(","):
        if not part.strip():
            continue
        seat, eq, name = part.partition("=")
        seat, name = seat.strip().upper(), clean_name(name)
        if not eq or seat not in ("R", "G", "Y", "B") or not name:
            raise argparse.ArgumentTypeError("%r: give seat=name pairs, e.g. R=Anna,G=Ben (seats R, G, Y, B)"
                                             % part.strip()[:40])
        if len(name) >= MAX_NAME and len(part.partition("=")[2].strip()) > MAX_NAME:
            raise argparse.ArgumentTypeError("%s's name is longer than %d characters" % (seat, MAX_NAME))
        names[seat] = name
    return names
