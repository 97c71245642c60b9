"""Finding the board's CIRCUITPY drive, and the CircuitPython version its boot_out.txt
names (`ludo-host deploy`)."""
import os
import re
import sys

from .._regular import NotRegularFile, open_regular
from .drive import DeployError

MIN_VERSION = (9, 0)
VERSION = re.compile(r"CircuitPython (\d+)\.(\d+)\.(\d+)(\S*)(?: on [^;\n]*; ([^\n]*))?")


def _unescape_mount(path):
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), path)


def _windows_drives():
    import ctypes
    import string
    kernel32 = ctypes.windll.kernel32
    mask = kernel32.GetLogicalDrives()
    for i, letter in enumerate(string.ascii_uppercase):
        if i < 2 or not mask & (1 << i):
            continue                # A: and B: may be floppy drives that ask for a disk
        root = letter + ":\\"
        label = ctypes.create_unicode_buffer(261)
        if kernel32.GetVolumeInformationW(ctypes.c_wchar_p(root), label, 261, None, None, None, None, 0):
            if re.match(r"^CIRCUITPY\d*$", label.value.upper()):
                yield root


def candidate_drives(platform=sys.platform, mounts="/proc/mounts", volumes="/Volumes"):
    """Folders where a CIRCUITPY drive may be mounted on this computer."""
    found = []
    if platform == "win32":
        found += list(_windows_drives())
    elif platform == "darwin":
        if os.path.isdir(volumes):
            found += [os.path.join(volumes, n) for n in sorted(os.listdir(volumes))
                      if re.match(r"^CIRCUITPY\d*$", n)]
    else:
        try:
            with open(mounts, encoding="utf-8", errors="replace") as f:
                for line in f:
                    fields = line.split()
                    if len(fields) > 1:
                        mount = _unescape_mount(fields[1])
                        if re.match(r"^CIRCUITPY\d*$", os.path.basename(mount)):
                            found.append(mount)
        except OSError:
            pass
        user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
        found += ["/media/%s/CIRCUITPY" % user, "/run/media/%s/CIRCUITPY" % user, "/media/CIRCUITPY",
                  "/mnt/CIRCUITPY"]
    unique = []
    for path in found:
        if path not in unique:
            unique.append(path)
    return unique


def find_drive():
    """The one mounted CIRCUITPY drive, or DeployError."""
    drives = [p for p in candidate_drives() if os.path.isfile(os.path.join(p, "boot_out.txt"))]
    if not drives:
        raise DeployError("no CIRCUITPY drive found: plug the board in (a USB data cable, not a charge-only one) "
                          "or give its folder with --drive PATH")
    if len(drives) > 1:
        raise DeployError("several CIRCUITPY drives found (%s): choose one with --drive PATH" % ", ".join(drives))
    return drives[0]


def read_version(drive):
    """((major, minor, micro), 'x.y.z-suffix', board) from the drive's boot_out.txt."""
    path = os.path.join(drive, "boot_out.txt")
    try:
        with open_regular(path) as f:
            text = f.read(4096).decode("utf-8", "replace")
    except FileNotFoundError:
        raise DeployError("%s has no boot_out.txt: is it a CIRCUITPY drive? (CircuitPython writes the file "
                          "when it starts; install CircuitPython %d.%d or newer first)" % ((drive,) + MIN_VERSION))
    except NotRegularFile as exc:
        raise DeployError("%s is %s, not the file CircuitPython writes: is %s a CIRCUITPY drive? nothing was "
                          "copied" % (path, exc.kind, drive))
    except OSError as exc:
        raise DeployError("cannot read %s: %s" % (path, exc.strerror or exc))
    m = VERSION.search(text)
    if not m:
        first = text.strip().splitlines()[0] if text.strip() else "(empty)"
        raise DeployError("%s does not name a CircuitPython version (it says %r): this firmware needs "
                          "CircuitPython %d.%d or newer" % ((path, first[:80]) + MIN_VERSION))
    version = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return version, "%d.%d.%d%s" % (version + (m.group(4),)), (m.group(5) or "unknown board").strip()
