"""The pages' HTML, CSS and JavaScript files: all shipped, all put in, nothing left over."""
import fnmatch
import tomllib
from pathlib import Path

import pytest

from ludo_host import page_files
from ludo_host.web import page

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "host" / "ludo_host"


def test_every_static_file_is_package_data():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["ludo_host"]
    files = [p.relative_to(PACKAGE).as_posix() for folder in ("web/static", "replay/static")
             for p in (PACKAGE / folder).iterdir()]
    assert "web/static/page.js" in files and "replay/static/draw.js" in files
    for name in files:
        assert any(fnmatch.fnmatch(name, g) for g in globs), name


@pytest.mark.parametrize("role", page.ROLES)
def test_a_page_is_one_file_with_its_css_and_script_in(role):
    html = page.render(role)
    assert "{{" not in html
    assert "window.LudoDraw" in html and "ludoLive" in html
    assert ("seatplay" in html) == (role != "watch")
    assert "<link" not in html and " src=" not in html


def test_fill_refuses_a_name_it_was_not_given_and_reads_no_value_twice():
    assert page_files.fill("a{{x}}b", {"x": "{{y}}"}) == "a{{y}}b"
    with pytest.raises(KeyError, match="y"):
        page_files.fill("{{x}}{{y}}", {"x": 1})
    with pytest.raises(ValueError, match="role"):
        page.render("admin")


def test_each_script_file_parses():
    """The pages' JavaScript files are checked as JavaScript (node --check), as the files
    they now are."""
    import shutil
    import subprocess
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (test.sh installs it)")
    scripts = sorted((PACKAGE / "web" / "static").glob("*.js")) + sorted((PACKAGE / "replay" / "static").glob("*.js"))
    assert len(scripts) >= 4
    for path in scripts:
        done = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, (path.name, done.stderr)
