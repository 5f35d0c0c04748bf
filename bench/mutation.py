"""Mutation testing: do the tests notice when the rules, the views, the table's submit
pipeline or the server's submit path are broken?

    python bench/mutation.py [--minutes 30] [--jobs 2] [--only trick,views,...] [--keep DIR]

mutmut (``pip install -e '.[test]'``) makes small changes ("mutants") to one function at a
time -- ``<`` for ``<=``, ``and`` for ``or``, a constant changed, a line dropped -- and runs
the tests that cover that function against each.  A mutant the tests still pass is a
*survivor*: either a test is missing or the change cannot alter behaviour (an equivalent
mutant).  docs/TESTING.md records the last run and a verdict on every survivor.

The run happens in a temporary copy of the repository, so the working tree (and
pyproject.toml) stay untouched.  Each target pairs source with its own fast test files:

- ``trick``, ``thulla``: the engine's rules, against the rule tests;
- ``views``: the per-seat views, against the leak oracle's tests and the rule tests;
- ``table``: ``Table`` and its submit pipeline, against the table tests;
- ``server``: the room server's message handlers (``server/rooms/handlers.py``, which
  authorise and hand over to the table's pipeline), against the server's pipeline,
  version, bad-input and session tests.

The run stops after ``--minutes`` (results so far are kept), then prints the counts and
every surviving mutant as a diff.  Exit status 0 when no mutant survived, 1 otherwise.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RULE_TESTS = [
    "tests/engine/test_common_rules.py",
    "tests/engine/test_thaas_rules.py",
    "tests/engine/test_dhihaeh_rules.py",
    "tests/engine/test_thulla_rules.py",
    "tests/engine/test_match_rules.py",
    "tests/engine/test_views.py",
]
LEAK_TESTS = ["tests/table/test_table_views_leak_nothing.py"]
TARGETS: dict[str, tuple[str, list[str], list[str]]] = {
    # name: (source file, mutant name globs, test files)
    "trick": ("thaasbai/engine/trick.py", ["thaasbai.engine.trick.*"], RULE_TESTS),
    "thulla": ("thaasbai/engine/thulla.py", ["thaasbai.engine.thulla.*"], RULE_TESTS),
    "views": (
        "thaasbai/engine/views.py",
        ["thaasbai.engine.views.*"],
        [*LEAK_TESTS, *RULE_TESTS],
    ),
    "table": (
        "thaasbai/table/table.py",
        ["thaasbai.table.table.*"],
        ["tests/table/test_table.py", *LEAK_TESTS],
    ),
    "server": (
        "thaasbai/server/rooms/handlers.py",
        ["thaasbai.server.rooms.handlers.*"],
        [
            "tests/server/test_one_pipeline.py",
            "tests/server/test_versions.py",
            "tests/server/test_bad_input.py",
            "tests/server/test_sessions.py",
        ],
    ),
}
# What the copied test files import besides themselves.
SUPPORT = [
    "tests/conftest.py",
    "tests/knowledge.py",
    "tests/engine/__init__.py",
    "tests/engine/deals.py",
    "tests/engine/scenarios.py",
    "tests/server/server_harness.py",
]


def setup(work: Path, names: list[str]) -> list[str]:
    """Copy the package and the chosen targets' tests into ``work``; write mutmut's
    configuration there.  Returns the mutant name globs to run."""
    shutil.copytree(REPO / "thaasbai", work / "thaasbai", ignore=shutil.ignore_patterns("ui"))
    (work / "thaasbai" / "ui").mkdir()
    (work / "thaasbai" / "ui" / "__init__.py").write_text("")
    shutil.copy(REPO / "pyproject.toml", work / "pyproject.toml")
    sources, globs, tests = [], [], []
    for name in names:
        source, name_globs, test_files = TARGETS[name]
        sources.append(source)
        globs += name_globs
        tests += [t for t in test_files if t not in tests]
    for path in [*tests, *SUPPORT]:
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / path, work / path)
    lines = "\n    ".join
    (work / "setup.cfg").write_text(
        "[mutmut]\n"
        "source_paths = thaasbai\n"
        f"only_mutate =\n    {lines(sources)}\n"
        f"pytest_add_cli_args_test_selection =\n    {lines(tests)}\n"
        "pytest_add_cli_args =\n    -p\n    no:randomly\n    -p\n    no:cacheprovider\n"
        "use_git_change_detection = false\n"
    )
    return globs


def mutmut(work: Path, *args: str, timeout: float | None = None) -> str:
    exe = Path(sys.executable).with_name("mutmut")
    try:
        done = subprocess.run(
            [str(exe), *args],
            cwd=work,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        return done.stdout + done.stderr
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout or b""
        return (out.decode() if isinstance(out, bytes) else out) + "\n(stopped: time limit)\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="stop the run after this")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--only", default=",".join(TARGETS), help="comma-separated targets")
    parser.add_argument("--keep", type=Path, help="work in this directory and keep it")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n]
    for n in names:
        if n not in TARGETS:
            parser.error(f"unknown target {n!r}; choose from {', '.join(TARGETS)}")
    work = args.keep or Path(tempfile.mkdtemp(prefix="thaasbai-mutation-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        globs = setup(work, names)
        started = time.monotonic()
        log = mutmut(
            work, "run", "--max-children", str(args.jobs), *globs, timeout=args.minutes * 60
        )
        elapsed = time.monotonic() - started
        results = mutmut(work, "results", "--all", "true")
        status: dict[str, str] = {}
        for line in results.splitlines():
            m = re.match(r"\s*(\S+): (\S.*)$", line)
            if m and "__mutmut_" in m.group(1):
                status[m.group(1)] = m.group(2).strip()
        chosen = {k: v for k, v in status.items() if any(_matches(k, g) for g in globs)}
        counts: dict[str, int] = {}
        for v in chosen.values():
            counts[v] = counts.get(v, 0) + 1
        print(f"mutation run: {', '.join(names)} in {elapsed / 60:.1f} min")
        for k in sorted(counts):
            print(f"  {k}: {counts[k]}")
        survivors = sorted(k for k, v in chosen.items() if v == "survived")
        print(f"surviving mutants: {len(survivors)}")
        for name in survivors:
            print(f"\n--- {name}")
            print(mutmut(work, "show", name).strip())
        if not chosen:
            print(log[-4000:])
            return 2
        return 1 if survivors else 0
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


def _matches(name: str, glob: str) -> bool:
    import fnmatch

    return fnmatch.fnmatch(name, glob)


if __name__ == "__main__":
    sys.exit(main())
