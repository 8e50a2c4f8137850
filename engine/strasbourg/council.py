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
from ..core.words import count


def council_phase(game):
    st = game.st
    held = [st.seats_held(s) for s in range(st.n)]
    for s in range(st.n):
        if held[s]:
            st.players[s].prestige += held[s] * data.COUNCIL_SEAT_VP
    parts = ", ".join(f"{game.names[s]} {held[s]}" for s in range(st.n))
    game.log_event(f"Council of round {st.round + 1}: seats {parts} (1 point each)")
    top = max(held)
    if top > 0:
        for s in st.clockwise_from(st.start_player):
            if held[s] == top:
                st.privilege_supply -= 1      # below 0: a substitute marker
                st.players[s].privileges += 1
                st.players[s].privileges_seen += 1     # taken in the open (SEED § 3)
                game.log_event(f"{game.names[s]} has the most seats and takes a privilege", seat=s)
    for s, p in enumerate(st.players):
        if p.stacks:
            n_cards = sum(len(x) for x in p.stacks)
            for x in p.stacks:
                p.spent.extend(x)
            p.stacks = []
            game.log_event(f"{game.names[s]} discards {count(n_cards, 'unrevealed card')}", seat=s)
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
    game.log_event(f"Round {st.round + 1} begins: plotting")
