"""The README's two commands, .ci/run, and what test.sh does with pytest's exit codes."""
import os
import pathlib
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


def _imports_of(path):
    """(absolute module names, relative (level, module, names)) a source file imports, in
    functions too (a sub-command imports its optional parts when they are used)."""
    import ast
    absolute, relative = set(), []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            absolute.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                relative.append((node.level, node.module, [a.name for a in node.names]))
            else:
                absolute.add(node.module)
    return absolute, relative


def _module_file(package_dir, dotted):
    base = package_dir.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


FIRMWARE_PACKAGES = {p.name for p in (pathlib.Path(__file__).resolve().parents[2] / "firmware").iterdir()
                     if (p / "__init__.py").exists()}


def test_run_sh_installs_what_every_sub_command_imports(repo_root):
    """`bash run.sh` installs the project's plain dependencies (python_setup ""), so every
    package a `ludo-host` sub-command imports, however late, must be one of them (stats --png
    draws with matplotlib)."""
    import importlib.metadata
    import sys
    import tomllib

    from ludo_host.cli import COMMANDS

    host = repo_root / "host"
    todo = [name for _, name, _ in COMMANDS]
    seen, third_party = set(), {}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = _module_file(host, name)
        assert path is not None, name
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        absolute, relative = _imports_of(path)
        for level, module, names in relative:
            base = package.split(".")[:len(package.split(".")) - level + 1]
            stem = ".".join(base + ([module] if module else []))
            todo.extend(m for m in [stem] + ["%s.%s" % (stem, n) for n in names] if _module_file(host, m))
        for module in absolute:
            top = module.split(".")[0]
            if top == "ludo_host":
                todo.append(module)
            # ludo: this project's core; ludoboard: the firmware the virtual board runs from firmware/
            elif top not in sys.stdlib_module_names and top not in FIRMWARE_PACKAGES:
                third_party.setdefault(top, name)
    assert "ludo_host.stats.plot" in seen and "matplotlib" in third_party
    project = tomllib.loads((repo_root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    plain = {re.split(r"[<>=!~;\[ ]", dep, 1)[0].lower().replace("_", "-") for dep in project["dependencies"]}
    distributions = importlib.metadata.packages_distributions()
    missing = ["%s (imported by %s)" % (top, by) for top, by in sorted(third_party.items())
               if not {d.lower() for d in distributions.get(top, [top])} & plain]
    assert not missing, "not installed by `bash run.sh` (pyproject.toml dependencies): " + ", ".join(missing)
