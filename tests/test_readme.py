"""Documentation checked by tests: the README's commands are the ones the code offers."""
import re
import shlex
from pathlib import Path

import pytest

from kb.cli.main import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _whist_lines():
    for line in README.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("whist "):
            yield line


@pytest.mark.parametrize("line", list(_whist_lines()))
def test_every_documented_command_parses(line):
    args = shlex.split(line)[1:]
    parsed = build_parser().parse_args(args)
    assert callable(parsed.func)


def test_the_readme_test_command_is_what_ci_runs():
    setup = re.findall(r"^bash \.ci/setup\.sh && (.+?)\s+#", README, re.M)
    assert len(setup) == 2, "two set-up commands: run the app, run the tests"
    assert setup[0].startswith(".venv/bin/whist serve")
    ci = (ROOT / ".ci" / "run").read_text()
    assert "bash .ci/setup.sh" in ci and setup[1].strip() in ci
