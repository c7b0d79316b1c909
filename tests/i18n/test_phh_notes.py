"""The notes of a PHH file read under PHH's reading (where RULES.md would rule otherwise) are answered in the
reader's language: each reads, in English, exactly as the engine wrote it, and is translated."""

from __future__ import annotations

import random
import warnings

from django.utils import translation

from apps.core.i18n import error_message
from apps.engine import phh
from tests.engine.test_phh_corpus import generate

LANGUAGES = ("id", "ru", "pt")


def test_every_note_of_a_pokerkit_corpus_is_translated() -> None:
    notes = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for variant, seed in (("F2L3D", 18), ("N2L1D", 81)):
            rng = random.Random(seed)
            random.seed(seed)
            for _ in range(60):
                fields, _ = generate(rng, variant)
                notes += phh.replay_phh(phh.HandHistory(fields), rules="phh").notes
    kinds = {n["code"] for n in notes}
    assert {"phh_forced_bets", "fixed_limit_amount", "card_conflict"} <= kinds, kinds
    for note in notes:
        with translation.override("en"):
            assert error_message("phh_note", {}, note["note"]) == note["note"]
        for lang in LANGUAGES:
            with translation.override(lang):
                assert error_message("phh_note", {}, note["note"]) != note["note"], (lang, note["note"])
