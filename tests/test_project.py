"""What a fresh clone must answer by itself: documents that stand alone, every setting
documented, and packaging metadata that says what the code needs."""

from __future__ import annotations

import argparse
import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from thaasbai import __version__, cli

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DOCS = sorted((ROOT / "docs").glob("*.md"))
MARKDOWN = [ROOT / "README.md", *DOCS]
SOURCES = sorted((ROOT / "thaasbai").rglob("*.py"))
# Modules that exist only inside a browser's Python (Pyodide), never a distribution.
BROWSER_ONLY = {"js", "pyodide", "pyodide_js", "micropip", "flet_js"}  # Pyodide and Flet's worker


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


# -- documents ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", [*MARKDOWN, *SOURCES, ROOT / "pyproject.toml"], ids=_rel)
def test_nothing_points_outside_the_clone_at_the_shared_spec(path):
    text = path.read_text(encoding="utf-8")
    for outside in ("../shared", "shared/spec"):
        assert outside not in text, f"{_rel(path)} points at {outside}: use docs/ instead"


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {
        _slug(line.lstrip("#"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }


@pytest.mark.parametrize("path", MARKDOWN, ids=_rel)
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(path):
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        assert linked.exists(), f"{_rel(path)} links to missing {target}"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked), f"{_rel(path)} links to missing #{anchor}"


def test_the_record_format_says_seats_is_required():
    text = (ROOT / "docs" / "RECORD.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `seats`"))
    assert "yes" in row


def _variables_in_code() -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        found |= set(re.findall(r"\bTHAASBAI_[A-Z][A-Z0-9_]*", path.read_text(encoding="utf-8")))
    return found


def test_the_code_reads_the_variables_we_expect_to_find():
    """Guards the scan below: it must find the room server's and the app's variables."""
    assert {"THAASBAI_PORT", "THAASBAI_BOT_PACE", "THAASBAI_SEED"} <= _variables_in_code()


@pytest.mark.parametrize("name", sorted(_variables_in_code()))
def test_every_environment_variable_the_code_reads_is_documented(name):
    config = (ROOT / "docs" / "CONFIG.md").read_text(encoding="utf-8")
    assert f"`{name}`" in config, f"{name} is not described in docs/CONFIG.md"
    serve = cli.build_parser()._subparsers._group_actions[0].choices["serve"]
    assert name in serve.format_help(), f"{name} is not named by thaasbai serve --help"


def _commands() -> dict[str, argparse.ArgumentParser]:
    return dict(cli.build_parser()._subparsers._group_actions[0].choices)


@pytest.mark.parametrize("command", sorted(_commands()))
def test_the_readme_names_every_command_and_option(command):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"thaasbai {command}" in readme
    for action in _commands()[command]._actions:
        for option in action.option_strings:
            if option in ("-h", "--help"):
                continue
            assert re.search(rf"{re.escape(option)}\b", readme), (
                f"README does not mention thaasbai {command} {option}"
            )


# -- packaging -----------------------------------------------------------------------------


def test_the_version_is_written_once_in_the_package():
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    dynamic = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "thaasbai.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+|rc\d+)?", __version__)


def test_the_licence_is_an_spdx_expression_with_its_file():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "The Thaasbai developers" in text
    assert "License :: " not in " ".join(project.get("classifiers", []))  # SPDX replaces it
    build = [Requirement(r) for r in PYPROJECT["build-system"]["requires"]]
    setuptools = next(r for r in build if r.name == "setuptools")
    assert not setuptools.specifier.contains("76.9")  # license-files needs 77


def test_every_runtime_dependency_has_an_upper_bound():
    for text in PYPROJECT["project"]["dependencies"]:
        req = Requirement(text)
        ops = {spec.operator for spec in req.specifier}
        assert ops & {"<", "==", "~="}, f"{text} has no upper bound"


def test_redis_is_an_extra_that_the_tests_still_install():
    runtime = {Requirement(r).name for r in PYPROJECT["project"]["dependencies"]}
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert "redis" not in runtime
    assert {Requirement(r).name for r in extras["redis"]} == {"redis"}
    assert "thaasbai[redis]" in extras["test"]


def _third_party_imports() -> dict[str, str]:
    """Top-level module -> a file of thaasbai/ that imports it."""
    found: dict[str, str] = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.partition(".")[0]
                if top not in sys.stdlib_module_names and top != "thaasbai":
                    found.setdefault(top, _rel(path))
    return found


def test_every_module_the_code_imports_is_declared():
    project = PYPROJECT["project"]
    declared = {Requirement(r).name.lower() for r in project["dependencies"]}
    for reqs in project["optional-dependencies"].values():
        declared |= {Requirement(r).name.lower() for r in reqs}
    distributions = importlib.metadata.packages_distributions()
    imports = _third_party_imports()
    assert "starlette" in imports  # the scan works
    for module, where in sorted(imports.items()):
        if module in BROWSER_ONLY:
            continue
        names = {d.lower() for d in distributions.get(module, [module])}
        assert names & declared, f"{where} imports {module}, which pyproject.toml does not declare"
