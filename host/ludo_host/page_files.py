"""The pages' HTML, CSS and JavaScript, kept as files of their own (package data) and put
together into one self-contained page: the HTML replay (replay/static/) and the live page
of `ludo-host web` (web/static/).

A page's HTML file names what goes in it as `{{name}}`; `fill` puts the values in, in one
pass (a value is never read again for names), and refuses a name it was not given.
"""
import re
from importlib import resources

_NAME = re.compile(r"\{\{(\w+)\}\}")


def read(folder, name):
    """The text of static file `name` in `folder` ("web/static", "replay/static")."""
    return resources.files("ludo_host").joinpath(folder, name).read_text(encoding="utf-8")


def fill(template, values):
    """`template` with each `{{name}}` replaced by str(values[name])."""
    def one(match):
        name = match.group(1)
        if name not in values:
            raise KeyError("page template names {{%s}}, which was not given" % name)
        return str(values[name])
    return _NAME.sub(one, template)
