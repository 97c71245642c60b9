"""The README's two commands, .ci/run, and what test.sh does with pytest's exit codes."""
import os
import re
import subprocess

import pytest


def quick_start_commands(readme):
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```\w*\n(.*?)```", section, re.S).group(1)
    return [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]


def test_readme_quick_start_is_exactly_the_two_commands(repo_root):
    readme = (repo_root / "README.md").read_text(encoding="utf-8")
    assert quick_start_commands(readme) == ["bash run.sh", "bash test.sh"]


def test_ci_runs_the_readme_test_command(repo_root):
    ci = (repo_root / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-1] == "exec bash test.sh"
    assert all(c.startswith(("set ", "cd ")) for c in commands[:-1]), commands


def test_readme_links_point_at_files_in_the_repo(repo_root):
    readme = (repo_root / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)\)", readme)
    assert "docs/api.md" in targets
    missing = [t for t in targets if "://" not in t and not (repo_root / t).exists()]
    assert not missing, "README links to files that do not exist: %s" % ", ".join(missing)


def test_setup_scripts_parse(repo_root):
    for script in ("run.sh", "test.sh", ".ci/run"):
        subprocess.run(["bash", "-n", str(repo_root / script)], check=True)


def test_test_sh_fails_when_pytest_runs_no_test(repo_root):
    venv = os.environ.get("LUDO_VENV") or str(repo_root / ".venv")
    if os.environ.get("VIRTUAL_ENV") != venv:
        pytest.skip("run through bash test.sh (then its set-up is done and this run is quick)")
    done = subprocess.run(
        ["bash", "test.sh", "tests/tooling/test_setup_scripts.py", "-q", "-k", "no_test_has_this_name"],
        cwd=repo_root, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "ran no test" in done.stderr
