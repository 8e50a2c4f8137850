"""Barcelona's decisions, as data: every kind of frame on the turn stack, by chapter.

``RULES``: the decisions a seat makes, kind -> (options, apply, prompt)
(engine/core/decision.py). ``AUTOMATIC``: the frames that run by themselves, kind ->
run(game, frame). The game machine (game.py) only ever asks these two tables; a
decision whose options are empty is skipped (docs/barcelona.md).
"""
from ..core.decision import Rule
from . import actions as A
from . import building, effects, turn

RULES = {
    # the turn (p.6-8)
    "place": Rule(turn.place_options, turn.do_place, "Place your citizens on an intersection"),
    "owner": Rule(turn.owner_options, turn.do_owner, "Choose your intersection rewards"),
    "act": Rule(turn.act_options, turn.do_act, "Take the street actions of your intersection, or finish"),
    # the street actions (p.7-11)
    "goods": Rule(A.goods_options, A.do_goods, "Coins or cloth?"),
    "cobble": Rule(A.cobble_options, A.do_cobble, "Choose a pavement space"),
    "street_mode": Rule(A.street_mode_options, A.do_street_mode, "Wide or narrow streets?"),
    "street": Rule(A.street_options, A.do_street, "Choose a street space"),
    "cross": Rule(A.cross_options, A.do_cross, "Choose an intersection for your tile"),
    "improve": Rule(A.improve_options, A.do_improve, "Choose a Modernisme space to improve"),
    "mtake": Rule(A.mtake_options, A.do_mtake, "Choose a Modernisme project and a space"),
    "service": Rule(A.service_options, A.do_service, "Choose a public service"),
    "tram": Rule(A.tram_options, A.do_tram, "Choose where your tram goes"),
    "passenger": Rule(A.passenger_options, A.do_passenger, "Drop a passenger?"),
    "pact": Rule(A.pact_options, A.do_pact, "Take the street's action?"),
    # gains: warehouse (p.7), goods in any mix and Sagrada Família tiles (p.15)
    "keep": Rule(effects.keep_options, effects.do_keep, "Warehouse full: choose what to keep"),
    "split": Rule(effects.split_options, effects.do_split, "Choose coins and cloth"),
    "stile": Rule(effects.stile_options, effects.do_stile, "Choose a Sagrada Família tile"),
    # building (p.12-13)
    "build": Rule(building.build_options, building.do_build, "You must build: choose a building"),
}

AUTOMATIC = {
    "gain": effects.run_gain,              # one queued reward (printed order)
    "build_step": building.run_build_step,  # after the actions: must build if possible (p.12)
    "marker": building.run_marker,          # building step 6 (p.13)
    "endturn": turn.run_endturn,            # Cerdà check, draw, next player (p.6, p.14, p.16)
}
