"""The translations are complete, current and well-formed: a build with a missing or stale one fails.

Given the .po files in locale/, when they are read, then every msgid has a translation in each of the three
languages, none is fuzzy, each keeps its msgid's placeholders; and makemessages run on the sources now would
find exactly the msgids the .po files hold (none to add, none to drop).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("id", "ru", "pt")
MAKEMESSAGES = ["makemessages", "-l", "id", "-l", "ru", "-l", "pt", "--no-obsolete"]
#: %(name)s / %(name)d (Python, Django templates), %s / %d, and {name} (str.format)
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdfr]|%[sdfr]|\{\w*\}")
_NPLURALS = {"id": 1, "ru": 4, "pt": 2}


def _po(lang: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"))


def _entries(po: polib.POFile) -> Iterator[polib.POEntry]:
    return (e for e in po if not e.obsolete)


def _key(e: polib.POEntry) -> tuple[str | None, str, str | None]:
    return (e.msgctxt, e.msgid, e.msgid_plural or None)


def _placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in _PLACEHOLDER.finditer(text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    po = _po(lang)
    assert not po.metadata_is_fuzzy, "the header is fuzzy: msgfmt would ignore it (and its charset)"
    assert po.metadata.get("Language") == lang
    untranslated = [e.msgid for e in _entries(po) if not e.translated()]
    fuzzy = [e.msgid for e in _entries(po) if "fuzzy" in e.flags]
    assert not untranslated, f"{len(untranslated)} msgids without a {lang} translation: {untranslated[:10]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy {lang} translations: {fuzzy[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders(lang: str) -> None:
    wrong = []
    for e in _entries(_po(lang)):
        if not e.translated():  # the test above reports it
            continue
        if e.msgid_plural:
            allowed = set(_placeholders(e.msgid)) | set(_placeholders(e.msgid_plural))
            if len(e.msgstr_plural) != _NPLURALS[lang]:
                wrong.append((e.msgid, f"{len(e.msgstr_plural)} plural forms, not {_NPLURALS[lang]}"))
            for form in e.msgstr_plural.values():
                if not set(_placeholders(form)) <= allowed:
                    wrong.append((e.msgid, form))
        elif _placeholders(e.msgstr) != _placeholders(e.msgid):
            wrong.append((e.msgid, e.msgstr))
    assert not wrong, wrong[:10]


def test_the_placeholder_check_sees_a_dropped_or_renamed_placeholder() -> None:
    assert _placeholders("raise to %(amount)s") != _placeholders("рейз до %(amout)s")
    assert _placeholders("seat %(seat)s of %(n)s") != _placeholders("место %(seat)s")
    assert _placeholders("%(a)s and %(b)s") == _placeholders("%(b)s и %(a)s")


def test_every_language_has_the_same_msgids() -> None:
    keys = {lang: {_key(e) for e in _entries(_po(lang))} for lang in LANGUAGES}
    assert keys["id"] == keys["ru"] == keys["pt"]


def test_the_catalogues_are_current_with_the_sources(tmp_path: Path) -> None:
    """makemessages on a copy of the sources (with a copy of locale/) finds exactly the msgids we hold."""
    assert shutil.which("xgettext"), "makemessages needs gettext's xgettext: make test installs it"
    copy = tmp_path / "src"
    skip = shutil.ignore_patterns(
        ".*",
        "__pycache__",
        "*.pyc",
        "*.mo",
        "var",
        "node_modules",
        "staticfiles",
        "test-artifacts",
        "*.egg-info",
    )
    shutil.copytree(ROOT, copy, ignore=skip, symlinks=True)
    done = subprocess.run(
        [sys.executable, "manage.py", *MAKEMESSAGES],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    for lang in LANGUAGES:
        ours = {_key(e) for e in _entries(_po(lang))}
        fresh = {
            _key(e) for e in _entries(polib.pofile(str(copy / "locale" / lang / "LC_MESSAGES" / "django.po")))
        }
        added, dropped = sorted(fresh - ours, key=str), sorted(ours - fresh, key=str)
        assert not added, f"makemessages would add to {lang} (run it and translate): {added[:10]}"
        assert not dropped, f"makemessages would drop from {lang} (run it): {dropped[:10]}"


def test_the_catalogues_compile_without_msgfmt(tmp_path: Path) -> None:
    """The bare-machine path (polib): each .po compiles to a .mo that gettext reads back, translated."""
    import gettext

    for lang in LANGUAGES:
        mo = tmp_path / f"{lang}.mo"
        _po(lang).save_as_mofile(str(mo))
        with mo.open("rb") as f:
            catalogue = gettext.GNUTranslations(f)
        assert catalogue.gettext("Skip to content") not in ("", "Skip to content")
        assert catalogue.pgettext("hand", "Royal Flush")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_msgfmt_accepts_the_formats(lang: str, tmp_path: Path) -> None:
    assert shutil.which("msgfmt"), "gettext's msgfmt is missing: make test installs it"
    po = ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"
    done = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "x.mo"), str(po)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
