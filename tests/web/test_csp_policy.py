"""The Content-Security-Policy (web/page/csp.py) is the same in index.html, the tutorial pages and
scripts/serve.py, and the pages have nothing it would block: no inline script or event-handler
attribute, nothing from another host."""

import re
from pathlib import Path

import pytest

from web.page import csp
from web.screens import panels
from web.model.session import Session

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "index.html", *sorted((ROOT / "tutorial").glob("*.html"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_pages_carry_the_policy_and_no_inline_script(page):
    html = page.read_text()
    assert csp.META in html
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert re.search(r'\bsrc="', tag) or 'type="py"' in tag, tag  # type=py: PyScript fetches its src
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), "inline script"
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html), "another host"


def test_policy_is_strict():
    p = csp.POLICY
    assert p["default-src"] == "'self'" and p["object-src"] == "'none'"
    assert "'unsafe-inline'" not in p["script-src"] and "http" not in csp.CSP and "*" not in csp.CSP
    assert "frame-ancestors" in csp.CSP_HEADER and csp.CSP_HEADER.startswith(csp.CSP)


def test_server_sends_the_header():
    src = (ROOT / "scripts/serve.py").read_text()
    assert "Content-Security-Policy" in src and "CSP_HEADER" in src


def test_app_markup_has_no_inline_handlers():
    s = Session()
    html = panels.screen(s)
    assert not re.search(r"\son[a-z]+\s*=", html) and "<script" not in html
