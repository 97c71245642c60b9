"""Compact JSON with sorted keys, the same bytes on CPython and MicroPython
(MicroPython's json.dumps has no sort_keys)."""
import json


def dumps(obj):
    parts = []
    _write(obj, parts)
    return "".join(parts)


def _write(obj, out):
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, str):
        out.append(json.dumps(obj))
    elif isinstance(obj, dict):
        out.append("{")
        first = True
        for key in sorted(obj):
            if not first:
                out.append(",")
            first = False
            out.append(json.dumps(key))
            out.append(":")
            _write(obj[key], out)
        out.append("}")
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        for i in range(len(obj)):
            if i:
                out.append(",")
            _write(obj[i], out)
        out.append("]")
    else:
        raise TypeError("cannot write %r as JSON" % (obj,))
