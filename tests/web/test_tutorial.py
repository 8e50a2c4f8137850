"""tutorial/barcelona.html (scripts/make_tutorial.py): up to date, self-contained, real positions."""
import importlib.util
import re
from html import unescape
from pathlib import Path

import engine
from web.session import parse_embed_query

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "tutorial" / "barcelona.html"


def make_tutorial():
    spec = importlib.util.spec_from_file_location("make_tutorial", ROOT / "scripts" / "make_tutorial.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_committed_page_is_what_the_script_generates():
    assert PAGE.read_text() == make_tutorial().page(), "run scripts/make_tutorial.py"


def test_page_loads_nothing_from_other_hosts():
    text = PAGE.read_text()
    assert not re.search(r"(?i)(https?:)?//[a-z0-9]", text.replace("<!doctype html>", ""))
    assert "<script" not in text
    for url in re.findall(r'(?:src|href)="([^"]*)"', text):
        assert url.startswith(("../", "#", "data:")), url


def test_every_frame_is_a_real_barcelona_position_citing_a_rulebook_page():
    text = PAGE.read_text()
    srcs = [unescape(s) for s in re.findall(r'<iframe src="([^"]+)"', text)]
    assert len(srcs) == 3
    for cite in ("p.6", "p.7-11", "p.12-13"):
        assert f"Barcelona rulebook {cite}" in text
    for src in srcs:
        assert src.startswith("../index.html?embed=1&")
        spec = parse_embed_query(src.split("?", 1)[1])
        rec = spec["record"]
        assert (rec["game"], len(rec["players"]), rec["options"]) == ("barcelona", 2, {"layout": "printed"})
        game = engine.replay(rec)  # every scripted id is legal
        assert len(game.actions) == len(rec["actions"]) >= spec["step"] >= 1
