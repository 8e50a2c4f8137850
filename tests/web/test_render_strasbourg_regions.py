"""Strasbourg's table as regions (docs/architecture.md "Page layout"), in plain CPython, over many real views:
seeded random 3/4/5-player games rendered at every step, each decision kind (tasks, plotting,
every auction and lobbying step) and the end. Every region is shown at a scale >= 1, so viewBox
units are CSS px: widths within the place's limit, fonts >= 12, no ellipsis, tap shapes >= 44
and never overlapping, targets as outlines, and data-info on everything a player may ask about."""

import random
import re
import xml.etree.ElementTree as ET

import pytest
from region_contract import check_region as check_contract
from svg_targets import check_targets

from engine import strasbourg
from web.boards import strasbourg as R
from web.boards.strasbourg import words

SVG = "{http://www.w3.org/2000/svg}"
LIMIT = {"board": 740, "own": 400, "side": 400, "others": 400}
BOARD_KINDS = {"drop", "draw", "put", "rest", "bid", "return", "shop", "goods", "sell", "build", "chapel"}
from web import i18n  # noqa: E402
from web.i18n import tr  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    """These tests read the English words (another test may have switched the language)."""
    i18n.activate("en")
    yield
    i18n.activate("en")


def _policy(rnd, la):
    ids = [a.id for a in la]
    if "draw" in ids and rnd.random() < 0.8:
        return "draw"
    return rnd.choice(la).id


def _playouts():
    """(label, game clone) for every 3rd step of 3 games (3, 4, 5 players) and their ends."""
    out = []
    for n, seed in ((3, 11), (4, 12), (5, 13)):
        g = strasbourg.new_game(n, seed)
        rnd = random.Random(seed)
        k = 0
        while not g.is_over:
            if k % 3 == 0 or g.st.decision.kind in ("return", "build", "chapel", "sell", "apprentice"):
                out.append((f"{n}p-{seed}-{k}-{g.st.decision.kind}", g.clone()))
            g.apply(_policy(rnd, g.legal_actions()))
            k += 1
        out.append((f"{n}p-{seed}-end", g.clone()))
    return out


VIEWS = _playouts()
KINDS = {}
for _label, _g in VIEWS:
    KINDS.setdefault(_g.st.decision.kind if _g.st.decision else "end", (_label, _g))


def _regions(g, seat="current"):
    seat = g.current_player if seat == "current" else seat
    la = g.legal_actions() if seat == g.current_player else []
    return R.render_regions(g.view(seat), la), la


def _hits(el):
    """[(target id, shape)] of the hit shapes inside el: ("rect", x, y, w, h) or ("circle", cx, cy, r)."""
    out = []
    for t in el.iter():
        aid = t.get("data-action")
        if aid is None:
            continue
        for h in t.iter():
            if "hit" not in (h.get("class") or "").split():
                continue
            if h.tag == SVG + "rect":
                out.append((aid, ("rect",) + tuple(float(h.get(k)) for k in ("x", "y", "width", "height"))))
            else:
                out.append((aid, ("circle",) + tuple(float(h.get(k)) for k in ("cx", "cy", "r"))))
    return out


def _overlap(a, b, eps=0.01):
    if a[0] == "circle" and b[0] == "rect":
        a, b = b, a
    if a[0] == "rect" and b[0] == "rect":
        _, x, y, w, h = a
        _, X, Y, W, H = b
        return x + eps < X + W and X + eps < x + w and y + eps < Y + H and Y + eps < y + h
    if a[0] == "rect":
        _, x, y, w, h = a
        _, cx, cy, r = b
        nx, ny = min(max(cx, x), x + w), min(max(cy, y), y + h)
        return (nx - cx) ** 2 + (ny - cy) ** 2 < (r - eps) ** 2
    return (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2 < (a[3] + b[3] - eps) ** 2


def check_region(reg, legal):
    """The contract for one region (the shared check and ours, stricter on targets); returns its root."""
    check_contract(reg, legal)
    root = ET.fromstring(reg.svg)
    assert root.tag == SVG + "svg"
    vb = root.get("viewBox").split()
    assert float(vb[2]) == reg.width <= LIMIT[reg.place], (reg.name, vb)
    assert float(vb[3]) == reg.height > 0
    for el in root.iter():
        fs = el.get("font-size")
        if fs is not None:
            assert float(fs) >= 12, (reg.name, fs, el.text)
        if el.tag == SVG + "text":
            s = "".join(el.itertext())
            assert "…" not in s and "..." not in s, (reg.name, s)
        # targets are outlines: no filled highlight over the printed element
        assert "hl" not in (el.get("class") or "").split(), reg.name
    # a sale's options are reached through the goods rows' picks (web/boards/strasbourg/sale.py)
    picks = any(aid.startswith("ui:pick:sale:") for aid in re.findall(r'data-action="([^"]+)"', reg.svg))
    through = {aid for aid in legal if aid.startswith("sell")} if picks else set()
    check_targets(root, legal, set(reg.drawn), R.HIT, through_ui=through)
    assert R.HIT >= 44
    hits = _hits(root)
    for i, (a, sa) in enumerate(hits):
        for b, sb in hits[i + 1 :]:
            assert a == b or not _overlap(sa, sb), (reg.name, a, b, sa, sb)
    return root


def _check_all(g, seat="current"):
    regs, la = _regions(g, seat)
    legal = {a.id: tr(a.label) for a in la}
    names = [r.name for r in regs]
    assert len(names) == len(set(names))
    assert [r.place for r in regs].count("board") == 1
    for r in regs:
        check_region(r, legal)
    drawn = set().union(*(r.drawn for r in regs))
    assert drawn == {a.id for a in la if a.kind in BOARD_KINDS}
    return regs


@pytest.mark.parametrize("label, g", VIEWS, ids=[v[0] for v in VIEWS])
def test_regions_keep_the_contract(label, g):
    regs = _check_all(g)
    places = {r.place for r in regs}
    want = {"board", "side", "others"} | ({"own"} if g.current_player is not None else set())
    assert places == want


def test_every_decision_kind_is_among_the_views():
    assert {"tasks", "draw", "stack", "bid", "return", "shop", "sell", "build", "chapel", "end"} <= set(KINDS)


@pytest.mark.parametrize("kind", ["bid", "shop", "end"])
def test_spectator_and_other_seats_views_keep_the_contract(kind):
    g = KINDS[kind][1]
    for seat in [None] + list(range(g.num_players)):
        regs = _check_all(g, seat)
        if seat is None:
            assert not [r for r in regs if r.place == "own"]
            assert len([r for r in regs if r.place == "others"]) == g.num_players


def _infos(root):
    return [el.get("data-info") for el in root.iter() if el.get("data-info")]


def _by(regs, name):
    return ET.fromstring(next(r.svg for r in regs if r.name == name))


def test_city_cells_points_and_guilds_explain_themselves():
    g = KINDS["shop"][1]
    regs, _ = _regions(g)
    info = _infos(_by(regs, "board"))
    v = g.view(g.current_player)
    for cell in v["city"]["cells"]:
        where = f"row {cell['r'] + 1}, column {cell['c'] + 1}"
        got = [i for i in info if where + ":" in i or where + "," in i]
        assert len(got) == 1, where
        assert "Neighbours:" in got[0]
        if not cell["lot"]:
            assert f"price {cell['price']} coins" in got[0]
            assert tr(v["guilds"][[x["key"] for x in v["guilds"]].index(cell["guild"])]["name"]) in got[0]
    assert sum(" where rows " in i for i in info) == len(v["city"]["white_points"])
    for gd in v["guilds"]:
        assert any(
            i.startswith(tr(gd["name"])) and f"sells for {gd['goods_value']}" in i.replace("one sells", "sells")
            for i in info
        )


def test_round_steps_council_and_abbreviations_explain_themselves():
    g = KINDS["bid"][1]
    regs, _ = _regions(g)
    v = g.view(g.current_player)
    info = _infos(_by(regs, "rounds"))
    for rb in v["rounds"]:
        for st in rb["steps"]:
            assert any(i.startswith(f"Round {rb['round']}, step {st['letter']}: {tr(st['label'])}.") for i in info)
    for mark, what in words.ABBREVIATIONS:
        assert f"{mark}: {i18n.t(what)}" in info
    for mark in ("N/C", "$", "$+M", "Ed", "Ch"):
        assert any(i.startswith(mark + ":") for i in info), mark
    council = _infos(_by(regs, "council"))
    for s in v["council"]:
        assert any(i.startswith(f"{tr(s['label'])} council seat") for i in council), s["seat"]


def test_own_board_explains_tasks_and_privileges():
    g = KINDS["bid"][1]
    regs, _ = _regions(g)
    seat = g.current_player
    info = _infos(_by(regs, f"player:{seat}"))
    ps = g.view(seat)["player_states"][seat]
    for t in ps["tasks"]:
        assert any(tr(t["text"]) in i for i in info), t["id"]
    assert any("privilege tiles: 1 VP each" in i for i in info)


def test_auction_region_shows_stake_bids_ranking_and_what_each_rank_gets():
    for label, g in VIEWS:
        v = g.view(g.current_player)
        a = v["auction"]
        if not a or not a["bids"] or not any(r["role"] for r in a["ranking_so_far"]):
            continue
        regs, _ = _regions(g)
        root = _by(regs, "auction")
        txt = " ".join("".join(t.itertext()) for t in root.iter(SVG + "text"))
        for r in a["rewards"]:
            assert all(w in txt for w in tr(r).split()), r
        for b in a["bids"]:
            assert f"= {b['value']}" in txt
        for i, r in enumerate(a["ranking_so_far"]):
            if r["role"]:
                assert f"{words.ordinal(i)} → {words.ROLE_WORD[r['role']]}" in txt
        return
    pytest.fail("no auction with a ranked bid among the views")


def test_long_names_are_never_cut_with_an_ellipsis_and_stay_in_data_info():
    g = KINDS["bid"][1].clone()
    long = ["Wilhelmina Augusta Braun", "Bartholomew Fitzgerald X", "Maximiliane Rosenzweig Q"]
    g.names = long[: g.num_players] + [f"P{i}" for i in range(g.num_players - 3)]
    regs = _check_all(g)
    allinfo = " ".join(i for r in regs for i in _infos(ET.fromstring(r.svg)))
    for nm in g.names:
        assert nm in allinfo


def test_composed_render_holds_every_region():
    g = KINDS["bid"][1]
    regs, la = _regions(g)
    svg, drawn = R.render(g.view(g.current_player), la)
    root = ET.fromstring(svg)
    assert root.get("viewBox").split()[2] == str(R.W)
    nested = [el for el in root if el.tag == SVG + "svg"]
    assert len(nested) == len(regs)
    assert drawn == set().union(*(r.drawn for r in regs))
    assert re.search(r'<svg x="\d+" y="\d+" width="740"', svg)
