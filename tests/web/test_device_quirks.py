"""iPad realities handled by design (docs/engines.md), checked on the sources: every viewport-height
length has its dynamic twin, the page keeps clear of the safe-area insets, the table takes fast
taps (no double-tap zoom, no selection or callout on a long press) while the words players copy
stay selectable, the note on keeping the games and the Home Screen steps are in index.html with
their words in every catalog, and the browser is told apart by feature, never by name.
e2e/test_device_e2e.py shows the same in Chromium."""

import re
from pathlib import Path

import pytest

from scripts import catalogs
from web import i18n
from web.i18n import t

ROOT = Path(__file__).resolve().parents[2]
CSS = (ROOT / "web/static/style.css").read_text(encoding="utf-8")
INDEX = (ROOT / "index.html").read_text(encoding="utf-8")
DEVICE = (ROOT / "web/static/device.js").read_text(encoding="utf-8")
STORE = (ROOT / "web/static/store.js").read_text(encoding="utf-8")

NOTE_KEYS = ["app.js.keep_note", "app.js.keep_how", "app.js.keep_ok"]
HELP_KEYS = ["app.js.install_title", "app.js.install_apple", "app.js.install_other", "app.js.close"]


def rules(css):
    """(selectors, body) of every plain rule (comments dropped; an @media's rules count as rules)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [(sel.strip(), body) for sel, body in re.findall(r"([^{}@]+)\{([^{}]*)\}", css)]


def declarations(body):
    return [tuple(part.strip() for part in d.split(":", 1)) for d in body.split(";") if ":" in d]


def rule_for(selector):
    """The declarations of the rules whose selector list names ``selector``."""
    out = []
    for sel, body in rules(CSS):
        if selector in [s.strip() for s in sel.split(",")]:
            out += declarations(body)
    return dict(out)


def test_every_vh_length_has_its_dvh_twin_after_it():
    """The browser's toolbars change the viewport's height: 100vh may be the height with them
    hidden. Each vh declaration is followed, in its rule, by the same property in dvh (a browser
    without dvh drops that one and keeps the vh line)."""
    seen = 0
    for sel, body in rules(CSS):
        decls = declarations(body)
        for i, (prop, value) in enumerate(decls):
            if re.search(r"\d(?:\.\d+)?vh\b", value):
                seen += 1
                twin = value.replace("vh", "dvh")
                assert (prop, twin) in decls[i + 1 :], f"{sel}: {prop}: {value} has no {twin} after it"
    assert seen >= 5


def test_the_page_is_the_dynamic_viewport_high_and_clear_of_the_safe_area():
    body = rule_for("body")
    assert body.get("height") == "100dvh"
    pad = body.get("padding", "")
    for side in ("top", "right", "bottom", "left"):
        assert f"env(safe-area-inset-{side}" in pad, pad
    viewport = re.search(r'<meta name="viewport" content="([^"]+)"', INDEX).group(1)
    assert "viewport-fit=cover" in viewport and "width=device-width" in viewport
    assert "user-scalable" not in viewport and "maximum-scale" not in viewport  # pinch zoom stays


def test_table_and_controls_take_fast_taps():
    for sel in (".board", ".region", ".layout", ".toolbar"):
        assert rule_for(sel).get("touch-action") == "manipulation", sel
    assert rule_for(".btn").get("touch-action") == "manipulation"
    assert rule_for(".board-scroll").get("touch-action") == "pan-x pan-y"  # pinch: boot.js
    for sel in (".board", ".region", ".btn", ".toolbar", ".bar > .decision"):
        d = rule_for(sel)
        assert d.get("-webkit-touch-callout") == "none", sel
        assert d.get("user-select") == d.get("-webkit-user-select") == "none", sel


def test_what_players_copy_stays_selectable():
    """No user-select: none on the log, the scores, Board as text, Help or the form; History's
    copied link (an input in the bar) is selectable again."""
    for sel, body in rules(CSS):
        if dict(declarations(body)).get("user-select") == "none":
            for kept in (".log", ".scores", ".board-text", ".help", ".card", "input", "textarea"):
                assert kept not in sel, f"{sel} makes {kept} unselectable"
    assert rule_for(".bar input").get("user-select") == "text"


def test_keep_note_and_install_steps_are_accessible_elements():
    note = re.search(r'<div id="keep-note"[^>]*>(.*?)</div>', INDEX, re.S)
    assert note, "index.html has no #keep-note"
    head = note.group(0).split(">", 1)[0]
    assert 'role="status"' in head and " hidden" in head  # shown by web/device.js only
    assert re.findall(r'data-i18n="(app\.js\.[\w.]+)"', note.group(1)) == NOTE_KEYS
    assert note.group(1).count('<button type="button" class="btn') == 2
    dialog = re.search(r'<dialog id="install-help"[^>]*>(.*?)</dialog>', INDEX, re.S)
    assert dialog and 'aria-labelledby="install-help-title"' in dialog.group(0)
    assert re.findall(r'data-i18n="(app\.js\.[\w.]+)"', dialog.group(1)) == HELP_KEYS
    assert rule_for(".keep-note").get("font-size") == "1rem"  # >= 12 px; its buttons are .btn (44 px)


@pytest.mark.parametrize("lang", catalogs.LANGS)
def test_note_and_steps_in_every_language(lang):
    """Real words in every language: not the key, and not the English outside English."""
    i18n.activate("en")
    english = {k: t(k) for k in NOTE_KEYS + HELP_KEYS}
    i18n.activate(lang)
    try:
        for key in NOTE_KEYS + HELP_KEYS:
            text = t(key)
            assert text and text != key, (lang, key)
            if lang != "en" and key != "app.js.close":
                assert text != english[key], (lang, key)
    finally:
        i18n.activate("en")


def test_browsers_told_apart_by_feature_never_by_name():
    for name, src in (("device.js", DEVICE), ("store.js", STORE)):
        assert "userAgent" not in src and "navigator.platform" not in src and "navigator.vendor" not in src, name
    assert '"BeforeInstallPromptEvent" in window' in DEVICE
    assert "navigator.standalone" in DEVICE and "(display-mode: standalone)" in DEVICE
    assert "navigator.storage.persist()" in STORE
