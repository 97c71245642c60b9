"""Opening a file only when it is a regular file: a FIFO, a device or a socket is refused
at once instead of being waited on (opening a FIFO for reading blocks until a writer comes)."""
import os
import stat

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


class NotRegularFile(OSError):
    """The path exists but is a folder, FIFO, device or socket; str() is one line, `kind`
    says which ('a folder', 'a FIFO (named pipe)', ...)."""

    def __init__(self, path, kind):
        super().__init__("%s is %s, not a regular file" % (path, kind))
        self.path = path
        self.kind = kind


def kind_of(mode):
    """'a folder', 'a FIFO (named pipe)', ... for a stat mode that is not a regular file's."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def open_regular(path):
    """A binary file object for reading `path`, or NotRegularFile (or another OSError).

    The file is opened without blocking and then checked by its descriptor, so a FIFO put
    in place between a check and the open is refused too."""
    fd = os.open(path, _FLAGS)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(path, kind_of(mode))
        if _FLAGS & getattr(os, "O_NONBLOCK", 0) and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
