"""The hand-off card's choices: the next seat's decision where nothing secret shows.

With hidden hands the device goes from seat to seat through the hand-off card ("Pass the device
to Ann", "I am Ann"): one tap more per turn (bench/RESULTS.md "Taps"). Where the next seat's
decision offers choices whose ids and words are the same whatever that seat holds in secret (a
card drawn blind, a stop, a pass), the card offers them too, so the tap that takes the device is
also the decision (issue 51). "I am Ann" stays for a seat that wants to look first.

Which decisions: the kinds the game names (``HANDOFF_KINDS`` in its renderer's help module,
web/boards/<game>/help.py), whose ids and words say nothing the seat holds; a game whose first
decisions name its secrets (a placement naming the pieces in hand) names none. A guard checks
each against the public view: legal with the same words in the game masked for nobody (every
secret and unseen order re-dealt or blanked, ``game.masked_for(None, seed)``) for each of SEEDS,
and in the game itself; where the public view offers one the game does not (or words it
otherwise), the card offers none of them, as offering the rest would tell what is missing.
"""

from web.i18n import tr

SEEDS = (0x5EED, 0xB0A7, 0xC0DE)


def public_choices(game, kinds=()):
    """[Action] of the pending decision of ``kinds`` whose id and words no secret changes (in
    the order the engine lists them); [] when there is none or the game is over."""
    if game is None or game.is_over or game.current_player is None or not kinds:
        return []
    legal = [a for a in game.legal_actions() if a.kind in kinds]
    if not legal:
        return []
    real = {a.id: tr(a.label) for a in legal}
    for seed in SEEDS:
        there = {a.id: tr(a.label) for a in game.masked_for(None, seed).legal_actions() if a.kind in kinds}
        if there != real:
            return []
    return legal
