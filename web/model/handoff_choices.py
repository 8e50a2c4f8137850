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

Places: a decision whose ids name a secret may still have a public part, where it happens (a
placement's intersection, whatever pieces go there). The game says how an id maps to its place
(``HANDOFF_PLACES`` in the same help module: action id -> place key, or None); the card draws
the board with those places as its choices, ``ui:pick:<key>`` (the renderer draws a legal
``ui:pick:`` id at its place), and a tap takes the device and then plays the seat's one action
there, or picks the place when there are several (Session.handoff_pick). The same guard: the
places, in order, are those of each masked copy, else the card offers none.
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


def public_places(game, place_of=None):
    """[place key] of the pending decision's legal actions that ``place_of`` (the game's
    ``HANDOFF_PLACES``) maps to a place, each once, in the order the engine lists them, when the
    game masked for nobody lists the same for each of SEEDS; [] otherwise or when the game is over."""
    if game is None or game.is_over or game.current_player is None or place_of is None:
        return []
    real = _places(game.legal_actions(), place_of)
    if not real:
        return []
    for seed in SEEDS:
        if _places(game.masked_for(None, seed).legal_actions(), place_of) != real:
            return []
    return real


def _places(legal, place_of):
    out = {}
    for a in legal:
        key = place_of(a.id)
        if key is not None:
            out.setdefault(str(key), None)
    return list(out)


def at_place(legal, key, place_of):
    """The legal actions at place ``key`` (what a tap on it on the card stands for)."""
    return [a for a in legal if str(place_of(a.id)) == key]  # None -> "None": never a place key
