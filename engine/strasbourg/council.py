"""Council phase (議會階段), SEED § 3.

* Each council seat scores 1 prestige point to the owner of its family member.
* The player(s) with the most seats each take a privilege tile (ties: each one).
* All stacks not revealed this round leave the game.
* The round marker moves to step A of the next round board; after round 5 the
  game ends with the end scoring (scoring.py).

Privileges never run out: SEED § 起始設置 note "※家族成員、錢幣、貨物、特權狀標示物不夠使用時，
請自行拿其他物品代替"; every tied player takes one (the supply count may go below 0).
Family members stay on the council between rounds (nothing in the seed removes them).
"""

from . import data, scoring
from ..core.msg import N_, count, msg

# A player in a message is written {"seat": i}, the value of engine.core.msg.seat(i): log entries
# and labels are made on every move of every playout (bench/strasbourg_speed.py), so without a call.
_SEATS_OF, _MOST_SEATS = N_("str.log.seats_of"), N_("str.log.most_seats")
_MOST_SEATS_TEXT = tuple({"key": _MOST_SEATS, "who": {"seat": s}} for s in range(8))  # shared: never changed


def council_phase(game):
    st = game.st
    holders = list(st.council.values())
    held = [holders.count(s) for s in range(st.n)]  # st.seats_held(s) of each seat
    before = game.scores()
    for s in range(st.n):
        if held[s]:
            st.players[s].prestige += held[s] * data.COUNCIL_SEAT_VP
    parts = {"items": [{"key": _SEATS_OF, "who": {"seat": s}, "n": held[s]} for s in range(st.n)]}  # items()
    # points/totals: the council's own figures (a scoring banner tells only these)
    after = game.scores()
    points = [a - b for a, b in zip(after, before)]
    game.log_event(msg("str.log.council", round=st.round + 1, seats=parts, points=points, totals=after))
    top = max(held)
    if top > 0:
        for s in st.clockwise_from(st.start_player):
            if held[s] == top:
                st.privilege_supply -= 1  # below 0: a substitute marker
                st.players[s].privileges += 1
                st.players[s].privileges_seen += 1  # taken in the open (SEED § 3)
                game.log.append(
                    {
                        "n": len(game.actions),
                        "seat": s,  # game.log_event(..., seat=s)
                        "text": _MOST_SEATS_TEXT[s],
                    }
                )
    for s, p in enumerate(st.players):
        if p.stacks:
            n_cards = sum(len(x) for x in p.stacks)
            for x in p.stacks:
                p.spent.extend(x)
            p.stacks = []
            game.log_event(
                msg(
                    "str.log.discard",
                    who={"seat": s},
                    cards=count("str.n.unrevealed_card", "str.n.unrevealed_cards", n_cards),
                ),
                seat=s,
            )
    st.score_history.append([p.prestige for p in st.players])
    st.round += 1
    st.step = 0
    st.step_open = False
    if st.round >= data.ROUNDS:
        scoring.finish(game)
        return
    st.phase = "plot"
    st.plot_order = st.clockwise_from(st.start_player)
    st.plot_stage = "draw"
    game.log_event(msg("str.log.round_begins", round=st.round + 1))
