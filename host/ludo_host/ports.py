"""`ludo-host ports`: list serial ports and mark the board's data channel.

CircuitPython shows two serial interfaces when `boot.py` enables the data
channel: the REPL console ("CircuitPython CDC control") and the data port
("CircuitPython CDC2").  The board speaks the game protocol only on the data
port, so that is the one the logger wants.

The virtual board (`ludo-host board`) has its data channel on a pseudo-terminal
whose number changes from run to run, and is freed for any terminal when it
stops; so it keeps a stable path to it, VIRTUAL_LINK, only while it runs.
"""
import os
import sys

DATA_INTERFACE = "CircuitPython CDC2"
# Said wherever no board is found: the virtual board stands in for one.
NO_BOARD_HINT = "without a board, `ludo-host board --virtual` runs a virtual one, which `ludo-host log` finds"
DATA_DIR = os.path.join(os.path.expanduser("~"), ".local", "share", "ludo-board")
VIRTUAL_LINK = os.path.join(DATA_DIR, "data-port")
LOCK_DIR = os.path.join(DATA_DIR, "locks")     # one logger per board, one virtual board per save (_lock.py)


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


def find_board_port(ports=None, virtual=True):
    """The device path of the board's data channel, or None when none is attached.

    With several boards attached the first by device name is taken (the log
    command says so and accepts --port to choose).  With none, a running virtual
    board's stable path (unless `virtual` is false, or a listing is given).
    """
    found = board_ports(ports)
    if found:
        return found[0].device
    return virtual_board_port() if virtual and ports is None else None


def virtual_board_port():
    """VIRTUAL_LINK while a virtual board runs (the link leads to its pseudo-terminal), else None.

    A board killed (kill -9, its terminal closed) leaves the link behind, leading to a
    pty that a new terminal soon takes: the link is believed only while the process that
    made it, named in VIRTUAL_LINK.pid, is alive."""
    link = VIRTUAL_LINK
    if not (os.path.islink(link) and os.path.exists(link)):
        return None
    try:
        with open(link + ".pid") as f:
            pid = int(f.read().split()[0])
        os.kill(pid, 0)
    except PermissionError:
        return link                 # alive, someone else's
    except (OSError, ValueError, IndexError):
        return None
    return link


def publish_virtual_port(device):
    """Point VIRTUAL_LINK at a virtual board's pseudo-terminal (atomically), with this
    process's id beside it; returns the link."""
    link = VIRTUAL_LINK
    os.makedirs(os.path.dirname(link), exist_ok=True)
    for path, write in ((link + ".pid", None), (link, device)):
        tmp = "%s.%d.tmp" % (path, os.getpid())
        if os.path.lexists(tmp):
            os.unlink(tmp)
        if write is None:
            with open(tmp, "w") as f:
                f.write("%d\n" % os.getpid())
        else:
            os.symlink(write, tmp)
        os.replace(tmp, path)
    return link


def withdraw_virtual_port(device):
    """Remove VIRTUAL_LINK if it still leads to `device` (another board may have taken it)."""
    link = VIRTUAL_LINK
    try:
        if os.readlink(link) == device:
            os.unlink(link)
            os.unlink(link + ".pid")
    except OSError:
        pass


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
    virtual = virtual_board_port()
    if args.board:
        device = find_board_port(ports) or virtual
        if device is None:
            print("ludo-host ports: no board data channel (%r) found; %s" % (DATA_INTERFACE, NO_BOARD_HINT),
                  file=sys.stderr)
            return 1
        print(device)
        return 0
    if not ports and virtual is None:
        print("no serial ports found: is the board plugged in? (%s)" % NO_BOARD_HINT)
        return 1
    for info in ports:
        mark = "*" if is_board_data_port(info) else " "
        print("%s %s" % (mark, describe(info)))
    if virtual is not None:
        print("* %s  virtual board (ludo-host board): %s" % (virtual, os.path.realpath(virtual)))
    boards = board_ports(ports)
    if boards:
        print("* = a board's data channel (its USB interface says %s): `ludo-host log` reads it"
              % DATA_INTERFACE)
    elif virtual is not None:
        print("* = the virtual board's data channel: `ludo-host log` reads it")
    else:
        print("no board data channel (%s) among these: is the board plugged in, and does its "
              "boot.py enable usb_cdc data? (%s)" % (DATA_INTERFACE, NO_BOARD_HINT))
    return 0
