"""pytest imports test files by basename (rootdir on sys.path): two folders with the same
test file name make the whole run stop at collection. Keep them unique."""
import collections


def test_test_file_basenames_are_unique(repo_root):
    names = collections.defaultdict(list)
    for path in (repo_root / "tests").rglob("test_*.py"):
        names[path.name].append(str(path.relative_to(repo_root)))
    clashes = {n: p for n, p in names.items() if len(p) > 1}
    assert not clashes, "rename one of each: %s" % clashes
