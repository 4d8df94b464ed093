"""The second held-out gate set, scored for generalisation since session 9: it stays exactly as it was written.

It was written blind (see its README) on 2026-12-02; these digests were taken when it landed. A change
to its lines, however well meant, would turn it into development data without anyone noticing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.memory.blind_sets import assert_unchanged

FOLDER = Path(__file__).parent / "gate_test_set_v2"
DIGESTS = {
    "state.txt": "30a5ae5a40fdafff622afe60096598881c83be70f5c8f154bcd9bd55178dc1dc",
    "durable.txt": "6ef41f82d28fae9ac8b87d9c98be8470db34c847209a477cbefcd475d48b9d1e",
}


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_the_blind_set_is_unchanged(name: str) -> None:
    assert_unchanged(FOLDER / name, DIGESTS[name])
