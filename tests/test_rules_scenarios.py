"""Every YAML scenario under tests/scenarios/ is reproduced by the model."""
from pathlib import Path

import pytest

from kb.rules.scenarios import load, run, scenario_files

ROOT = Path(__file__).parent / "scenarios"
FILES = scenario_files(ROOT)


def test_there_are_scenarios():
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path):
    data = load(path)
    assert data.get("source"), "every scenario names its source"
    assert data.get("cites"), "every scenario cites the laws it rests on"
    res = run(path)
    assert res.passed, "\n".join(res.mismatches)
