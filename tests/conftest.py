import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder, so autosaves, locks and boards never touch the user's."""
    d = tmp_path / "data"
    monkeypatch.setenv("RISKTERM_DATA_DIR", str(d))
    return d


@pytest.fixture(scope="session")
def classic():
    from riskterm.rules.classic import ClassicRules

    return ClassicRules()
