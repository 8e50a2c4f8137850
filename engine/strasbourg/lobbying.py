"""Step effects of the lobbying phase, SEED § 2. 關說階段, steps A-I.

A) 1st: a family member to the Nobility seat; 2nd: to the Church seat.
B/D/F) guild of the round board. 4-5 players: 1st Master, 2nd Journeyman
   (旅行商), 3rd Apprentice (見習商人); 3 players: 1st Master, 2nd Apprentice.
   a. a family member on that guild's council seat      (Master)
   b. one goods tile of that guild from the supply       (Master, Journeyman)
   c. buy one empty city cell of that guild: pay its price, put a family member
      on it (a "shop")                                   (Master, Journeyman)
   Apprentice: b OR c.
C/E) 1st only: sell any number of goods for their printed value, from behind the screen
   (SEED "從屏風後面"), in one act: selling.py. A shop that cannot be paid is logged like
   ``no-shop`` (NO_SHOP), so the log never tells another seat's coins.
G) 1st only: sell goods as C/E, and a family member to the Merchants seat.
H) the Nobility seat holder builds this round's edifice on an empty grey lot.
I) the Church seat holder places a chapel on a free white point.
(H/I order per the seed; RESEARCH §2 reports the reverse order, see data.py.)

Placing on an occupied council seat returns the previous family member to its
owner's supply (RESEARCH §7). Family members and goods never run out: SEED
§ 起始設置 note "※家族成員、錢幣、貨物、特權狀標示物不夠使用時，請自行拿其他物品代替"
(substitutes are used; the supply counts in state.py then go below 0). Product
decisions (seed silent): seat and goods gains are automatic (never harmful);
buying a shop is optional.

Queue items (``Decision``s, engine/core/decision.py): ``seat`` (council=) and ``goods``
(guild=) are automatic; ``build`` and ``chapel`` become decisions when there is a real choice.
``shop`` (guild=, role=), ``apprentice`` (guild=) and ``sell`` (letter=) stand behind the
screen: they are asked whenever the public tallies allow a choice (an empty cell of the guild;
goods the seat may hold, screens.may_hold_goods), with the empty option, so whether a step is
asked tells nobody what the screen holds (rules 2.2.0; records made before play as they were
made: rulesets.py); a sale is one act whatever is sold (rules 2.4.0, selling.py).
"""

from functools import partial

from ..core.action import Action, memo_action, memo_lookup
from ..core.decision import Decision
from ..core.msg import N_, count, msg
from . import data
from .plotting import OPTION_LISTS, memo_list
from .selling import SALE_OVER  # noqa: F401 (the sale's public line; tests import it from here)
from .state import CELL_GUILD, CELL_PRICE, GUILD_CELLS, LOTS

# A player in a message is written {"seat": i}, the value of engine.core.msg.seat(i): log entries
# and labels are made on every move of every playout (bench/strasbourg_speed.py), so without a call.


def roles(kind, n):
    if kind == "nobility":
        return ["nobility", "church"]
    if kind == "guild":
        return ["master", "apprentice"] if n == 3 else ["master", "journeyman", "apprentice"]
    return ["seller"]


def effects(kind, guild, letter, seat, role):
    """The queued items a winner of the step gets, in order: a tuple shared by every game
    (Decisions are immutable; the queue copies them in)."""
    key = (kind, guild, letter, seat, role)
    items = _EFFECTS.get(key)
    if items is None:
        items = _EFFECTS[key] = tuple(_effects(kind, guild, letter, seat, role))
    return items


_EFFECTS: dict = {}  # bounded: steps x guilds x seats x roles


def _effects(kind, guild, letter, seat, role):
    if kind == "nobility":
        return [Decision("seat", seat, council=role)]
    if kind == "guild":
        if role == "master":
            return [
                Decision("seat", seat, council=guild),
                Decision("goods", seat, guild=guild),
                Decision("shop", seat, guild=guild, role=role),
            ]
        if role == "journeyman":
            return [Decision("goods", seat, guild=guild), Decision("shop", seat, guild=guild, role=role)]
        return [Decision("apprentice", seat, guild=guild)]
    if kind == "election":
        return [Decision("sell", seat, letter=letter), Decision("seat", seat, council="merchants")]
    return [Decision("sell", seat, letter=letter)]


# The name of each winning rank's role (message keys; the catalogs hold the words).
ROLE_NAMES = {
    "master": N_("str.role.master"),
    "journeyman": N_("str.role.journeyman"),
    "apprentice": N_("str.role.apprentice"),
    "nobility": N_("str.role.nobility"),
    "church": N_("str.role.church"),
    "seller": N_("str.role.seller"),
}

# What each rank of a step gets (message keys, in rank order).
REWARD_TEXT = {
    "nobility": [N_("str.reward.nobility1"), N_("str.reward.nobility2")],
    "guild4": [N_("str.reward.master"), N_("str.reward.journeyman"), N_("str.reward.apprentice3rd")],
    "guild3": [N_("str.reward.master"), N_("str.reward.apprentice2nd")],
    "trade": [N_("str.reward.trade")],
    "election": [N_("str.reward.election")],
}


def reward_text(kind, n):
    """What each winning rank of a step gets: a list of messages, best rank first."""
    keys = REWARD_TEXT[("guild3" if n == 3 else "guild4") if kind == "guild" else kind]
    return [{"key": k} for k in keys]


# ----- automatic effects ------------------------------------------------------
# The log lines of the effects every random playout runs, as dict literals (the messages
# msg(key, ...) makes), their keys named here for the extractor.
_ALREADY_SEAT, _TAKE_SEAT_FROM, _TAKE_SEAT = (
    N_("str.log.already_seat"),
    N_("str.log.take_seat_from"),
    N_("str.log.take_seat"),
)
_TAKE_GOODS, _BUILD, _CHAPEL = N_("str.log.take_goods"), N_("str.log.build"), N_("str.log.chapel")


# Lines that name only seats, a council seat or a guild, made once and shared: a message is data
# nobody changes (the view hands it out as it is), and fewer new objects mean fewer collections.
_SEAT_TEXTS: dict = {}  # (key, seat, council seat, previous holder or None) -> line
_GOODS_TEXT: dict = {}  # (seat, guild) -> line


def _seat_text(key, seat, council_seat, prev):
    k = (key, seat, council_seat, prev)
    text = _SEAT_TEXTS.get(k)
    if text is None:
        text = _SEAT_TEXTS[k] = {"key": key, "who": {"seat": seat}, "council": data.council_name(council_seat)}
        if prev is not None:
            text["prev"] = {"seat": prev}
    return text


def _log(game, seat, text):
    """game.log_event(text, seat=seat), without its keyword handling."""
    game.log.append({"n": len(game.actions), "seat": seat, "text": text})


def place_seat(game, seat, council_seat):
    st = game.st
    p = st.players[seat]
    holder = st.council[council_seat]
    if holder == seat:
        _log(game, seat, _seat_text(_ALREADY_SEAT, seat, council_seat, None))
        return
    if holder is not None:
        st.players[holder].supply += 1
    p.supply -= 1
    st.council[council_seat] = seat
    if holder is not None:
        _log(game, seat, _seat_text(_TAKE_SEAT_FROM, seat, council_seat, holder))
    else:
        _log(game, seat, _seat_text(_TAKE_SEAT, seat, council_seat, None))


def take_goods(game, seat, guild):
    st = game.st
    st.goods_supply[guild] -= 1  # below 0: a substitute tile (SEED § 起始設置 note)
    st.players[seat].goods[guild] += 1
    st.players[seat].goods_sure[guild] += 1  # taken from the open supply: everyone saw it
    text = _GOODS_TEXT.get((seat, guild))
    if text is None:
        text = _GOODS_TEXT[seat, guild] = {
            "key": _TAKE_GOODS,
            "who": {"seat": seat},
            "guild": {"key": data.GUILD_NAMES[guild]},
        }
    _log(game, seat, text)


# ----- shops --------------------------------------------------------------------
def shop_cells(game, seat, guild):
    """Empty cells of the guild the player can pay for. A family member is always
    available (substitutes, SEED § 起始設置 note)."""
    shops, coins = game.st.shops, game.st.players[seat].coins
    return [i for i in GUILD_CELLS[guild] if shops[i] is None and CELL_PRICE[i] <= coins]


def open_cells(game, guild):
    """Whether the guild has an empty cell (public: a shop step is asked then)."""
    shops = game.st.shops
    return any(shops[i] is None for i in GUILD_CELLS[guild])


def shop_actions(game, seat, guild):
    get = memo_lookup  # memo_action's lookup inline: no partial made when warm (hot)
    return [
        get(("strasbourg", "shop", i)) or memo_action(("strasbourg", "shop", i), partial(_shop_action, i, guild))
        for i in shop_cells(game, seat, guild)
    ]


def _shop_action(i, guild):
    r, c = divmod(i, data.CITY_COLS)
    return Action(
        f"shop:{r},{c}",
        msg(
            "str.act.shop",
            guild={"key": data.GUILD_NAMES[guild]},
            row=r + 1,
            col=c + 1,
            coins=count("str.n.coin", "str.n.coins", CELL_PRICE[i]),
        ),
    )


def buy_shop(game, seat, arg):
    st = game.st
    r, c = map(int, arg.split(","))
    i = r * data.CITY_COLS + c
    p = st.players[seat]
    p.coins -= CELL_PRICE[i]
    st.coins_paid += CELL_PRICE[i]
    p.supply -= 1
    st.shops[i] = seat
    game.log_event(
        msg(
            "str.log.buy_shop",
            who={"seat": seat},
            guild={"key": data.GUILD_NAMES[CELL_GUILD[i]]},
            row=r + 1,
            col=c + 1,
            price=CELL_PRICE[i],
        ),
        seat=seat,
    )


def legal_shop(game, d):
    return shop_actions(game, d.seat, d.guild) + [_NO_SHOP]


_NO_SHOP = Action("no-shop", msg("str.act.no_shop"))
_NOTHING = Action("no-shop", msg("str.act.take_nothing"))


def do_shop(game, d, action):
    seat = d.seat
    if action.kind == "shop":
        buy_shop(game, seat, action.arg)
    else:
        game.log_event(msg(NO_SHOP, who={"seat": seat}), seat=seat)
    game.st.decision = None


NO_SHOP = N_("str.log.no_shop")  # the same words whether the seat could pay or not (coins are secret)


def legal_apprentice(game, d):
    seat, guild = d.seat, d.guild
    acts = [
        memo_action(
            ("strasbourg", "goods", guild),
            lambda: Action("goods", msg("str.act.goods", guild={"key": data.GUILD_NAMES[guild]})),
        )
    ]
    acts += shop_actions(game, seat, guild)
    acts.append(_NOTHING)
    return acts


def do_apprentice(game, d, action):
    seat, guild = d.seat, d.guild
    if action.kind == "goods":
        take_goods(game, seat, guild)
    elif action.kind == "shop":
        buy_shop(game, seat, action.arg)
    else:
        game.log_event(msg("str.log.take_nothing", who={"seat": seat}), seat=seat)
    game.st.decision = None


# ----- edifice and chapel -------------------------------------------------------------
def free_lots(game):
    built = game.st.built
    return [i for i in LOTS if i not in built]


def legal_build(game, d):
    st = game.st
    key = ("build", st.edifices[st.round], frozenset(st.built))
    return OPTION_LISTS.get(key) or memo_list(key, partial(_build_options, game))


def _build_options(game):
    value = game.st.edifices[game.st.round]
    get = memo_lookup  # memo_action's lookup inline: no partial made when warm
    return [
        get(("strasbourg", "build", value, i))
        or memo_action(("strasbourg", "build", value, i), partial(_build_action, value, i))
        for i in free_lots(game)
    ]


def _build_action(value, i):
    r, c = divmod(i, data.CITY_COLS)
    return Action(f"build:{r},{c}", msg("str.act.build", value=value, row=r + 1, col=c + 1))


def do_build(game, d, action):
    r, c = map(int, action.arg.split(","))
    build_edifice(game, d.seat, r * data.CITY_COLS + c)


def build_edifice(game, seat, i):
    st = game.st
    r, c = divmod(i, data.CITY_COLS)
    value = st.edifices[st.round]
    st.built[i] = value
    _log(game, seat, {"key": _BUILD, "who": {"seat": seat}, "value": value, "row": r + 1, "col": c + 1})
    st.decision = None


def free_points(game):
    chapels = frozenset(game.st.chapels)  # points are (r, c) tuples
    return [p for p in data.WHITE_POINTS if p not in chapels]


def legal_chapel(game, d):
    key = ("chapel", frozenset(game.st.chapels))
    return OPTION_LISTS.get(key) or memo_list(key, partial(_chapel_options, game))


def _chapel_options(game):
    get = memo_lookup  # memo_action's lookup inline: no partial made when warm
    return [
        get(("strasbourg", "chapel", r, c))
        or memo_action(("strasbourg", "chapel", r, c), partial(_chapel_action, r, c))
        for r, c in free_points(game)
    ]


def _chapel_action(r, c):
    return Action(f"chapel:{r},{c}", msg("str.act.chapel", r0=r, r1=r + 1, c0=c, c1=c + 1))


def do_chapel(game, d, action):
    r, c = map(int, action.arg.split(","))
    place_chapel(game, d.seat, (r, c))


def place_chapel(game, seat, point):
    st = game.st
    r, c = point
    st.chapels.append((r, c))
    st.chapel_supply -= 1
    _log(game, seat, {"key": _CHAPEL, "who": {"seat": seat}, "r0": r, "r1": r + 1, "c0": c, "c1": c + 1})
    st.decision = None


# ----- starting a queued item --------------------------------------------------------
# Each starter runs an automatic item and returns None, or returns the item itself when
# it needs a choice (it then becomes the pending decision). decisions.py tables them.
def start_seat(game, d):
    place_seat(game, d.seat, d.council)


def start_goods(game, d):
    take_goods(game, d.seat, d.guild)


def start_shop(game, d):
    # Coins stand behind the screen: the step is asked while the guild has an empty cell
    # (public), whatever the seat can pay; "buy no shop" is always one of its options.
    if open_cells(game, d.guild) if game.asks_screened else shop_cells(game, d.seat, d.guild):
        return d
    # nothing to buy: the same words as choosing no shop
    game.log_event(msg(NO_SHOP, who={"seat": d.seat}), seat=d.seat)
    return None


def start_apprentice(game, d):
    # b OR c (Strasbourg rules (zh-Hant), steps B/D/F (the Apprentice)), asked while the guild has an empty cell (coins are secret)
    if open_cells(game, d.guild) if game.asks_screened else shop_cells(game, d.seat, d.guild):
        return d
    take_goods(game, d.seat, d.guild)
    return None


def start_build(game, d):
    lots = free_lots(game)
    if len(lots) > 1:
        return d
    if lots:
        build_edifice(game, d.seat, lots[0])
    return None


def start_chapel(game, d):
    st = game.st
    pts = free_points(game)
    if st.chapel_supply and len(pts) > 1:
        return d
    if st.chapel_supply and pts:
        place_chapel(game, d.seat, pts[0])
    return None
