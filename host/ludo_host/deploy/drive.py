"""Reading and writing files on the CIRCUITPY drive for `ludo-host deploy`.

Every path deploy touches is resolved first and refused when it leads outside the
drive's root (a link in a test folder or a mounted path): nothing is written through
a link to somewhere else. Files are read only when they are regular files, so a FIFO
is refused instead of waited on.
"""
import errno
import os
import shutil

from .._regular import NotRegularFile, open_regular

TMP_SUFFIX = ".ludo-tmp"


class DeployError(Exception):
    """A one-line reason why deploy stopped."""


def inside(root, path):
    """True when `path`, every link on the way resolved, stays under `root` (itself resolved)."""
    real = os.path.realpath(path)
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def check_inside(root, drive, rel):
    """DeployError unless drive/rel resolves to a place on the drive."""
    path = os.path.join(drive, *rel.split("/"))
    if not inside(root, path):
        raise DeployError("%s on the drive leads outside it (to %s, through a link): remove the link; "
                          "nothing was copied" % (rel, os.path.realpath(path)))


def read_file(path, what):
    """The bytes of a regular file, None when there is none; a FIFO, device or folder is a
    DeployError (it is never opened for a blocking read). `what` names the file in the error."""
    try:
        with open_regular(path) as f:
            return f.read()
    except FileNotFoundError:
        return None
    except NotRegularFile as exc:
        raise DeployError("%s is %s, not a file: remove it or put a file there; nothing was copied"
                          % (what, exc.kind))


def fsync_folder(folder):
    """Make renames and new names in `folder` durable where the OS allows it."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder or ".", os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        pass


def write_new(path, data):
    """Write a file that nothing reads yet (in the staging folder), flushed to the device."""
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def atomic_write(path, data):
    """Write ``data`` to ``path`` so that ``path`` is always the old or the new file, never a mix."""
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, "." + name + TMP_SUFFIX)
    try:
        write_new(tmp, data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise
    fsync_folder(folder)


def remove_tree(path):
    """Remove a folder of ours (the staging or the old-modules folder); a link is removed, never followed."""
    if os.path.islink(path) or os.path.isfile(path):
        os.remove(path)
    elif os.path.isdir(path):
        shutil.rmtree(path)


def carry_over(old, new, keep_out, rel=""):
    """Move every entry of folder `old` that is not in `keep_out` (relative paths) into
    folder `new`, where the staged files already are: renames only, no copy."""
    for name in sorted(os.listdir(old)):
        src, dst = os.path.join(old, name), os.path.join(new, name)
        sub = rel + "/" + name if rel else name
        if sub in keep_out:
            continue
        if os.path.isdir(src) and not os.path.islink(src) and os.path.isdir(dst):
            carry_over(src, dst, keep_out, sub)
        elif not os.path.lexists(dst):
            os.rename(src, dst)


def rescue(leftover, drive, files):
    """Before a staging or old-modules folder left by a stopped deploy is removed: put back
    the user's own files that were being carried inside a package folder (not modules,
    not firmware files) where they belong, unless a file of that name is there."""
    if os.path.islink(leftover) or not os.path.isdir(leftover):
        return
    for folder, dirs, names in os.walk(leftover):
        for name in names:
            rel = os.path.relpath(os.path.join(folder, name), leftover).replace(os.sep, "/")
            if ("/" not in rel or rel in files or name.endswith((".py", ".mpy", TMP_SUFFIX))):
                continue
            target = os.path.join(drive, *rel.split("/"))
            if not os.path.lexists(target):
                os.makedirs(os.path.dirname(target), exist_ok=True)
                os.rename(os.path.join(folder, name), target)


def free_bytes(drive):
    """Free bytes on the drive, or None when the drive cannot say."""
    try:
        return shutil.disk_usage(drive).free
    except OSError:
        return None


def cluster_size(drive):
    """The drive's allocation unit (FAT: the cluster): every file takes whole ones."""
    try:
        size = os.statvfs(drive).f_frsize
    except (AttributeError, OSError):
        size = 0
    return size if 0 < size <= 65536 else 4096


def write_failure(exc, rel, drive, needed, after):
    """The one-line reason for an OSError while writing `rel`; `after` says what state the drive is in."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOSPC:
        free = free_bytes(drive)
        why = "the drive is full (%s bytes free, %d needed): delete files you do not need" % (
            "?" if free is None else free, needed)
    elif code == errno.EFBIG:
        why = ("a file-size limit stopped the write (the file is larger than this computer lets the "
               "program write: see ulimit -f)")
    elif code in (errno.EROFS, errno.EACCES, errno.EPERM):
        why = ("the drive is read-only to this computer (write-protected, or a boot.py that remounts it "
               "for the board?)")
    else:
        why = "was the board unplugged? plug it back in"
    return "could not write %s (%s): %s; %s" % (rel, exc.strerror or exc, why, after)
