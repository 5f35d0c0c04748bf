"""Segments wrap onto rows only when their labels would not fit side by side."""

from __future__ import annotations

from thaasbai.ui.rules_text import HUKUM_NAMES
from thaasbai.ui.segments import columns_for


def test_short_labels_share_one_row_on_the_narrowest_phone() -> None:
    assert columns_for(["Easy", "Normal", "Hard", "Ultra"], 328) == 4
    assert columns_for([str(n) for n in range(2, 7)], 328) == 5


def test_long_labels_split_evenly_instead_of_leaving_one_alone() -> None:
    names = list(HUKUM_NAMES.values())
    assert columns_for(names, 328) == 2  # 2 + 2 on a phone, never 3 + 1
    assert columns_for(names, 608) == 4  # one row on a phone turned sideways


def test_one_label_is_one_column() -> None:
    assert columns_for(["Only"], 10) == 1
