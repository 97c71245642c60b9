# JSON texts for the rarer lines (the start line, the save's header, replies to
# the PC): loaded by begin.py and commands.py, which are themselves loaded only
# then.  `dumps` writes byte for byte what `ludo.dumps` writes.
import ludo

from .session import _footer, _plain


def dumps(obj):
    # ludo.dumps: sorted keys, no spaces (CPython's json.dumps(sort_keys=True, separators=(",", ":"))).
    # The pieces go into one list joined once (no string built by concatenation).
    out = []
    _put(out, obj)
    return "".join(out)


def _put(out, obj):
    if isinstance(obj, str):
        if _plain(obj):
            out.append('"')
            out.append(obj)
            out.append('"')
        else:
            out.append(ludo.dumps(obj))
    elif obj is None or obj is True or obj is False:
        out.append("null" if obj is None else "true" if obj else "false")
    elif isinstance(obj, int):
        out.append("%d" % obj)
    elif isinstance(obj, dict):
        sep = "{"
        for k in sorted(obj):
            out.append(sep)
            _put(out, k)
            out.append(":")
            _put(out, obj[k])
            sep = ","
        out.append("{}" if sep == "{" else "}")
    elif isinstance(obj, list) or isinstance(obj, tuple):
        sep = "["
        for v in obj:
            out.append(sep)
            _put(out, v)
            sep = ","
        out.append("[]" if sep == "[" else "]")
    else:
        out.append(ludo.dumps(obj))     # raises TypeError, as ludo.dumps does


def footer(g):
    # The record footer (ludo.record's footer_of): the result, or '*' / 'abandoned' while
    # unfinished.
    result, seed, termination = _footer(g)
    return {"result": result, "seed": seed, "termination": termination}


def last_seq(g, ended):
    return g.transcript_length + (1 if ended else 0)
