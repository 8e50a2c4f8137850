"""Barcelona's decisions, as data: every kind of frame on the turn stack, by chapter.

``RULES``: the decisions a seat makes, kind -> (options, apply, prompt key)
(engine/core/decision.py; the prompt is a message key, the view sends ``{"key": prompt}``). ``AUTOMATIC``: the frames that run by themselves, kind ->
run(game, frame). The game machine (game.py) only ever asks these two tables; a
decision whose options are empty is skipped (docs/barcelona.md).
"""

from ..core.decision import Rule
from ..core.msg import N_
from . import board_actions, building, effects, tile_actions, tram_actions, turn

RULES = {
    # the turn (p.6-8)
    "place": Rule(turn.place_options, turn.do_place, N_("bcn.prompt.place")),
    "owner": Rule(turn.owner_options, turn.do_owner, N_("bcn.prompt.owner")),
    "act": Rule(turn.act_options, turn.do_act, N_("bcn.prompt.act")),
    # the street actions (p.7-11); the goods and Cerdà tiles need no decision (effects.start_action);
    # street_mode is the Lluís Companys service's "wide/narrow streets action" (appendix 2)
    "cobble": Rule(board_actions.cobble_options, board_actions.do_cobble, N_("bcn.prompt.cobble")),
    "street_mode": Rule(board_actions.street_mode_options, board_actions.do_street_mode, N_("bcn.prompt.street_mode")),
    "street": Rule(board_actions.street_options, board_actions.do_street, N_("bcn.prompt.street")),
    "cross": Rule(board_actions.cross_options, board_actions.do_cross, N_("bcn.prompt.cross")),
    "improve": Rule(tile_actions.improve_options, tile_actions.do_improve, N_("bcn.prompt.improve")),
    "mtake": Rule(tile_actions.mtake_options, tile_actions.do_mtake, N_("bcn.prompt.mtake")),
    "service": Rule(tile_actions.service_options, tile_actions.do_service, N_("bcn.prompt.service")),
    "tram": Rule(tram_actions.tram_options, tram_actions.do_tram, N_("bcn.prompt.tram")),
    "passenger": Rule(tram_actions.passenger_options, tram_actions.do_passenger, N_("bcn.prompt.passenger")),
    "pact": Rule(tram_actions.pact_options, tram_actions.do_pact, N_("bcn.prompt.pact")),
    # gains: warehouse (p.7), goods in any mix and Sagrada Família tiles (p.15)
    "keep": Rule(effects.keep_options, effects.do_keep, N_("bcn.prompt.keep")),
    "split": Rule(effects.split_options, effects.do_split, N_("bcn.prompt.split")),
    "stile": Rule(effects.stile_options, effects.do_stile, N_("bcn.prompt.stile")),
    # building (p.12-13)
    "build": Rule(building.build_options, building.do_build, N_("bcn.prompt.build")),
}

AUTOMATIC = {
    "gain": effects.run_gain,  # one queued reward (printed order)
    "build_step": building.run_build_step,  # after the actions: must build if possible (p.12)
    "marker": building.run_marker,  # building step 6 (p.13)
    "endturn": turn.run_endturn,  # Cerdà check, draw, next player (p.6, p.14, p.16)
    "final": turn.run_final,  # final scoring after a solo game's last owed reward
    # the solo game (solo_turn.py): Gaudí's turn after the human's owner rewards he gave at once
    "gaudi_rest": turn.run_gaudi_rest,  # his action, build and end of turn
    "round_end": turn.run_round_end,  # scores noted, the end or the next turn
}
