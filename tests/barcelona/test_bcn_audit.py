"""Rule-audit findings (RULEBOOK = the Barcelona rulebook, zh-Hans: the authority; pages cited).

Each test pins one sentence of the rulebook that the engine did not follow before the audit.
"""

import pytest

from engine.barcelona import data as D
from engine.core.msg import key_text

from .helpers import ids, phase, position, push_frame
from engine.barcelona import effects


def _two_kind_tile():
    """A Sagrada tile whose printed reward holds both coins and cloth (RECON data)."""
    for lvl, tiles in D.SAGRADA_TILES.items():
        for i, t in enumerate(tiles):
            kinds = {k for k, _ in t}
            if {"coin", "cloth"} <= kinds:
                return lvl, i, t
    pytest.skip("no Sagrada tile mixes coins and cloth in data.py")


def test_sagrada_tile_with_two_resource_kinds_taken_in_any_mix():
    """RULEBOOK p.15 圣家堂轨: 「如果你从该板块中获得多种类型的资源，你可以以任何数量的组合获得
    它们。」 A tile printing coins AND cloth gives their total in any coins/cloth split, not
    the printed split only."""
    lvl, i, tile = _two_kind_tile()
    n = sum(a for k, a in tile if k in ("coin", "cloth"))
    slot = next(s for s, v in D.SAGRADA_SLOTS.items() if v == lvl)
    g = position(2)
    p = g.players[0]
    p.sagrada = slot - 1
    p.cobbles_placed = D.COBBLESTONES  # room in the warehouse
    p.coins = p.cloth = 0
    push_frame(g, 0, "act", rc=(0, 1), used="")
    g.sagrada_supply = {k: ([i] if k == lvl else []) for k in g.sagrada_supply}
    effects.gain(g, 0, (("sagrada", 1),), "sagrada")
    g._run()
    g._legal = None
    assert phase(g) == "stile"
    g.apply(f"stile:{lvl}.{i}")
    assert phase(g) == "split"
    assert ids(g) == [f"split:{c},{n - c}" for c in range(n + 1)]
    g.apply(f"split:{n},0")  # all coins, though cloth is printed too
    assert (p.coins, p.cloth) == (n, 0)
    vp = sum(a for k, a in tile if k == "vp")
    assert p.breakdown.get("sagrada", 0) == vp


def test_sagrada_tile_label_says_any_mix():
    """RULEBOOK p.15 (same sentence): the choice's label tells the player the resources
    can be mixed."""
    lvl, i, tile = _two_kind_tile()
    slot = next(s for s, v in D.SAGRADA_SLOTS.items() if v == lvl)
    g = position(2)
    g.players[0].sagrada = slot - 1
    push_frame(g, 0, "act", rc=(0, 1), used="")
    effects.gain(g, 0, (("sagrada", 1),), "sagrada")
    g._run()
    g._legal = None
    label = next(a.label for a in g.legal_actions() if a.id == f"stile:{lvl}.{i}")
    assert "bcn.gain.goods" in key_text(label)  # "+n coins/cloth in any mix"


@pytest.mark.parametrize("bad", [True, False])
def test_view_rejects_a_bool_seat(bad):
    """Interface promise: view(seat) never shows another seat's hand. ``True`` is an int in
    Python; it must not be taken for seat 1."""
    g = position(2)
    with pytest.raises(ValueError):
        g.view(bad)


def test_station_passenger_label_shows_no_coin_cost():
    """Appendix 2 p.18 弗兰萨车站: 「执行一次移动电车行动（无视放置乘客的金币费用）」. The
    passenger choice must not ask the player to pay the coins that are ignored."""
    from .test_bcn_actions import _service

    g = _service("station")
    g.apply("tram:h0-1")
    label = next(a.label for a in g.legal_actions() if a.id == "passenger:yes")
    assert "bcn.cost.coin" not in key_text(label), key_text(label)
    assert label["price"] == {"key": "bcn.opt.free"}


def test_narrow_street_label_counts_the_tiles_that_can_be_built():
    """RULEBOOK p.8 「建造 1 个宽街道板块/2 个窄街道板块」 with decision 6 (only 1 when only 1
    can be placed): the choice says how many narrow tiles will actually be built."""
    from .helpers import push_frame

    g = position(2)
    g.players[0].narrow_stacks = [0, 1]
    push_frame(g, 0, "street_mode")  # the Lluís Companys service's wide/narrow choice (p.19)
    label = next(a.label for a in g.legal_actions() if a.id == "streets:narrow")
    assert label == {"key": "bcn.opt.streets_narrow1"}  # "Build 1 narrow street"


def test_modernisme_take_label_shows_the_space_cost():
    """RULEBOOK p.9 拿取现代主义项目: 「其中一些格子显示有额外费用，玩家也必须立刻支付该费用。」
    The choice of space says what it costs (and the Operations pavilion's free cloth, p.19)."""
    from .helpers import start_action

    g = position(2)
    g.players[0].cloth = 2
    start_action(g, 0, "mtake")
    for a in g.legal_actions():
        i = int(a.id.split("@")[1])
        price = key_text(a.label.get("cost", ""))  # the space's cost (the tile's own text may say "cloth")
        assert ("bcn.cost.cloth" in price) == bool(D.MODERNISME_TAKE_COST[i]), key_text(a.label)
    g = position(2)
    g.players[0].cloth = 0
    start_action(g, 0, "mtake", free=True)
    assert all("bcn.cost.cloth" not in key_text(a.label.get("cost", "")) for a in g.legal_actions())
