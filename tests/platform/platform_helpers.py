"""Shared helpers of the board-platform tests (a uniquely named module: `from conftest import`
would pick another folder's conftest.py when several test folders are collected together)."""
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOST = os.path.join(ROOT, "host")
FIRMWARE = os.path.join(ROOT, "firmware")
STUBS = os.path.join(HOST, "ludo_host", "virtual", "stubs")
TEST_FW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fw")
if HOST not in sys.path:
    sys.path.insert(0, HOST)
if FIRMWARE not in sys.path:
    sys.path.append(FIRMWARE)      # last: firmware/code.py must not shadow the standard `code` module


def make_test_firmware(dest):
    """firmware/hw.py and what it imports of ludoboard/ (scene.py, settings.py, the package's
    __init__.py) with a tiny code.py: the platform without the app."""
    dest = str(dest)
    shutil.copytree(TEST_FW, dest, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(FIRMWARE, "hw.py"), dest)
    os.makedirs(os.path.join(dest, "ludoboard"))
    for name in ("__init__.py", "scene.py", "settings.py"):
        shutil.copy(os.path.join(FIRMWARE, "ludoboard", name), os.path.join(dest, "ludoboard"))
    return dest
