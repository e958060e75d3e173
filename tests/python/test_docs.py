"""docs/api.md (issue 26): its observation field tables are the games' own layouts, and every code
block on the page runs."""

import os
import re
import subprocess
import sys

import pytest

from conftest import SOURCE_DIR, subprocess_env
from turf import apidoc

PAGE = os.path.join(SOURCE_DIR, "docs", "api.md")


def page():
    with open(PAGE, encoding="utf-8") as f:
        return f.read()


def test_field_tables_are_generated_from_the_layouts():
    assert apidoc.problems(page()) == []


def test_a_changed_layout_needs_a_new_version():
    text = page()
    changed = text.replace("| `status` | 0 |", "| `status` | 1 |", 1)
    assert changed != text
    found = apidoc.problems(changed)
    assert found and all("bump the version" in p for p in found)
    bumped = re.sub(r"(### `dungeon`, players=2: observation version )(\d+)", lambda m: m.group(1) + "999", changed)
    assert any("--write" in p and "bump" not in p for p in apidoc.problems(bumped))


BLOCKS = re.findall(r"```python\n(.*?)```", page(), re.S)


def section_of(code):
    before = page()[: page().index(code)]
    return re.findall(r"^## (.+)$", before, re.M)[-1]


def test_every_section_has_an_example():
    sections = re.findall(r"^## (.+)$", page(), re.M)
    with_code = {section_of(b) for b in BLOCKS}
    assert set(sections) - with_code <= {"Building and importing", "Benchmarks"}


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_code_block_runs(code):
    out = subprocess.run([sys.executable, "-c", code], env=subprocess_env(), capture_output=True, text=True, cwd=SOURCE_DIR, timeout=600)
    assert out.returncode == 0, out.stderr


def test_the_package_layout_is_the_built_one():
    # Issue 29: "Building and importing" lists the package's files; the built package has those
    # and no others (the compiled part named with Python's extension suffix).
    import sysconfig

    import turf

    block = page().split("<!-- BEGIN package layout -->")[1].split("<!-- END package layout -->")[0]
    listed = {f.replace("<EXT>", sysconfig.get_config_var("EXT_SUFFIX")) for f in re.findall(r"^\| `(turf/[^`]+)` \|", block, re.M)}
    folder = os.path.dirname(turf.__file__)
    built = {"turf/" + f for f in os.listdir(folder) if f != "__pycache__"}
    assert listed == built
    assert turf._core.__file__.endswith("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    # The Python files are the source's, and the build copies every one (TURF_PY_FILES).
    source = {"turf/" + f for f in os.listdir(os.path.join(SOURCE_DIR, "src", "python", "turf")) if f.endswith(".py")}
    assert source == {f for f in listed if f.endswith(".py")}
