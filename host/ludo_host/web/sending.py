"""What the server sends a page (server.py's Watcher), and the heartbeat it must answer.

Each page has a sender that sends what it lacks (Hub.messages_for) whenever it is woken;
a send that blocks for send_timeout_s (a page that reads nothing while the kernel's
buffers are full) drops the page.  Its heartbeat sends `{"type":"beat","id":...}` every
beat_every_s, which the page must answer in kind within beat_answer_s, or it is dropped:
a page that stops reading goes within 10 s, whatever the buffers hide (admission.Limits).
"""
import asyncio
import secrets


def drop(hub, w):
    """Drop a page at once: one that does not read would not read a closing handshake
    either; its page reconnects for the game as it is."""
    hub.watchers.discard(w)
    transport = w.request.transport
    if transport is not None:
        transport.abort()


async def send_loop(hub, w):
    while not w.ws.closed:
        await w.wake.wait()
        w.wake.clear()
        for text in hub.messages_for(w):
            try:
                await asyncio.wait_for(w.ws.send_str(text), hub.limits.send_timeout_s)
            except (asyncio.TimeoutError, ConnectionError, RuntimeError):
                drop(hub, w)              # too slow, or gone
                return


async def beat_loop(hub, w):
    """The heartbeat: every beat_every_s a beat the page must answer within beat_answer_s."""
    lim = hub.limits
    while not w.ws.closed:
        await asyncio.sleep(lim.beat_every_s)
        w.beat = secrets.token_hex(6)
        w.beat_answered.clear()
        w.reply({"type": "beat", "id": w.beat})
        try:
            await asyncio.wait_for(w.beat_answered.wait(), lim.beat_answer_s)
        except asyncio.TimeoutError:
            drop(hub, w)
            return
