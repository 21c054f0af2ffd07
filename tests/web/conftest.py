"""Fixtures the pages' Python tests share."""

from __future__ import annotations

import pytest

import common.i18n as i18n
from common.i18n import Translator


@pytest.fixture
def pseudo():
    """The pages in the pseudo-language for one test, English again afterwards."""
    i18n.use(Translator(i18n.PSEUDO))
    yield
    i18n.use(Translator())
