"""Commands that other threads send to the board through the logger, each waiting for its answer.

The logger owns the serial port and reads it in its own thread; a web page that wants
the board to do something (`seat`, `act`) hands its command over here and waits for the
board's answer: its `ok` reply (`{"cmd":"act","re":"ok"}`) or its error line
(`{"error":...,"re":"act"}`).  The logger writes the commands between two reads and
settles each answer as it reads it, oldest first for a command's name (the board
answers in the order it was asked).  A command with no answer in time, or whose link
went down, gets a one-line error instead.
"""
import collections
import queue
import threading

ANSWER_TIMEOUT_S = 5.0


class Request:
    """One command waiting for its answer (a dict: the board's reply or error line)."""

    def __init__(self, command):
        self.command = command
        self.answer = None
        self.done = threading.Event()

    def settle(self, answer):
        if not self.done.is_set():
            self.answer = answer
            self.done.set()


class Requests:
    """The commands handed over to the logger's thread, and those sent and not yet answered."""

    def __init__(self):
        self.waiting = queue.Queue()                 # Requests not written yet
        self.sent = collections.defaultdict(collections.deque)    # command name -> Requests sent

    # -- any thread ---------------------------------------------------------
    def ask(self, command, timeout=ANSWER_TIMEOUT_S):
        """Send `command` (a dict with "cmd") and wait for the board's answer: the reply
        dict, or `{"error": why}` (one line) when there is none in `timeout` seconds."""
        request = Request(command)
        self.waiting.put(request)
        if not request.done.wait(timeout):
            request.settle({"error": "the board did not answer %s within %g s" % (command["cmd"], timeout)})
        return request.answer

    # -- the logger's thread ---------------------------------------------------
    def write_waiting(self, send):
        """Write every command handed over: `send(command)` returns False when the link is down."""
        while True:
            try:
                request = self.waiting.get_nowait()
            except queue.Empty:
                return
            if request.done.is_set():           # (its asker stopped waiting)
                continue
            if send(request.command):
                self.sent[request.command["cmd"]].append(request)
            else:
                request.settle({"error": "not connected to the board"})

    def answered(self, name, answer):
        """The board answered command `name` (its ok reply or error line): True when a
        request was waiting for it."""
        sent = self.sent.get(name)
        while sent:
            request = sent.popleft()
            if not request.done.is_set():
                request.settle(answer)
                return True
        return False

    def link_lost(self, why):
        """The link went down: the commands sent get no answer now."""
        for sent in self.sent.values():
            while sent:
                sent.popleft().settle({"error": "lost the link to the board (%s)" % why})
