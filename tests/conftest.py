import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session")
def classic():
    from riskterm.rules.classic import ClassicRules

    return ClassicRules()
