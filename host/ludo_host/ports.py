"""`ludo-host ports`: list serial ports and mark the board's data channel.

CircuitPython shows two serial interfaces when `boot.py` enables the data
channel: the REPL console ("CircuitPython CDC control") and the data port
("CircuitPython CDC2").  The board speaks the game protocol only on the data
port, so that is the one the logger wants.
"""
import sys

DATA_INTERFACE = "CircuitPython CDC2"


def _comports():
    from serial.tools import list_ports
    return list(list_ports.comports())


def is_board_data_port(info):
    """True when a `ListPortInfo` is a CircuitPython data channel."""
    interface = getattr(info, "interface", None) or ""
    return interface.strip() == DATA_INTERFACE


def board_ports(ports=None):
    """All ports that are a board's data channel, sorted by device name."""
    if ports is None:
        ports = _comports()
    return sorted((p for p in ports if is_board_data_port(p)), key=lambda p: p.device)


def find_board_port(ports=None):
    """The device path of the board's data channel, or None when none is attached.

    With several boards attached the first by device name is taken (the log
    command says so and accepts --port to choose).
    """
    found = board_ports(ports)
    return found[0].device if found else None


def describe(info):
    parts = [info.device]
    for label, value in (("interface", getattr(info, "interface", None)),
                         ("description", info.description),
                         ("hwid", info.hwid)):
        if value and value != "n/a":
            parts.append("%s: %s" % (label, value))
    return "  ".join(parts)


def add_arguments(parser):
    parser.add_argument("--board", action="store_true",
                        help="print only the board's data port (exit 1 when there is none)")


def run(args):
    ports = sorted(_comports(), key=lambda p: p.device)
    if args.board:
        device = find_board_port(ports)
        if device is None:
            print("ludo-host ports: no board data channel (%r) found" % DATA_INTERFACE, file=sys.stderr)
            return 1
        print(device)
        return 0
    if not ports:
        print("no serial ports found")
        return 1
    for info in ports:
        mark = "*" if is_board_data_port(info) else " "
        print("%s %s" % (mark, describe(info)))
    boards = board_ports(ports)
    if boards:
        print("* = the board's data channel (%s)" % DATA_INTERFACE)
    else:
        print("no board data channel (%s) among these: is the board plugged in, and does its "
              "boot.py enable usb_cdc data?" % DATA_INTERFACE)
    return 0
