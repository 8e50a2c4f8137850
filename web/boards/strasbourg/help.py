"""Strasbourg's player aid and turn-flow words (web/model/turnflow.py, help_panel.help_panel).

LEGEND: the abbreviations drawn on the table; RULES: a short summary of the Strasbourg rules in
Traditional Chinese (zh-Hant, the translation by 波利 of 板橋團: the authority for Strasbourg).
FIELD_NAMES: readable names of the numbers of a seat's entry in the view (``player_states``) for
the preview of a selected move.
SECRET_ID_KINDS: action kinds whose id names a secret (the value of a plotted card, a removed task
card, the guild of a tile sold from behind the screen), so another seat's last-move mark never
carries them."""

from engine.core.msg import N_
from engine.strasbourg.data import COUNCIL_NAMES, GUILD_NAMES
from web.i18n import t

from .glyphs import SEAT_CHIP, chapel_glyph, coin, edifice_glyph
from .words import GUILD_ABBR, KIND_MARK, Words

# TITLE (lazy, below): the game's name in the active language (str.help.title: 史特拉斯堡 in the
# Strasbourg rules in Traditional Chinese, their title; 斯特拉斯堡 in Simplified Chinese).
TUTORIAL = "tutorial/strasbourg.html"  # built by scripts/build_tutorials.py (docs/embedding.md)
SEAT_ENTRY = "player_states"


# The words below are catalog keys (locale/*/LC_MESSAGES/strasbourg.po), read in the active language:
# FIELD_NAMES through words.Words, the module constants END_TURN_QUESTION(S) and RULES through the
# module's __getattr__ (PEP 562), so the page asks for them after choosing its language.
class _Fields(Words):
    """FIELD_NAMES: "goods.<guild>" reads "<guild name> goods" in the active language."""

    def __getitem__(self, k):
        if k.startswith("goods.") and k[6:] in GUILD_NAMES:
            return t("str.field.goods", guild=t(GUILD_NAMES[k[6:]]))
        return super().__getitem__(k)


FIELD_NAMES = _Fields(
    {
        **{"goods." + g: N_("str.field.goods") for g in GUILD_NAMES},
        "coins": N_("str.field.coins"),
        "privileges": N_("str.field.privileges"),
        "family_supply": N_("str.field.family_supply"),
        "deck_size": N_("str.field.deck_size"),
        "hand_size": N_("str.field.hand_size"),
        "prestige": N_("str.field.prestige"),
        "shops": N_("str.field.shops"),
        "council_seats": N_("str.field.council_seats"),
        "task_count": N_("str.field.task_count"),
        "spent_cards": N_("str.field.spent_cards"),
    }
)
# deck_counts: which values are left in the own deck; a draw would show the card drawn, and the
# seat number is not a quantity.
IGNORE_FIELDS = ("deck_counts", "seat", "screened")
# A sale's three kinds alike (rules 2.4.0): even whether anything was sold stays behind the screen.
SECRET_ID_KINDS = ("put", "drop", "sell", "sell-all", "end-sale")
# The log lines that open a scoring: each is a banner of its own (web/model/banners.py).
SCORING_KEYS = ("str.log.council", "str.log.final")
# Action kinds whose button says it draws ("Draw a card"): the tap is the commitment, no Confirm
# (web/session.Session.needs_confirm); the card drawn is shown at once.
DRAW_KINDS = ("draw",)
# Decisions the hand-off card may take with hidden hands (web/model/handoff_choices.py): their ids
# and words show nothing the seat holds in secret. Plotting's draw and stop (hand and deck sizes
# are public) and the auction's pass; a bid says a face-down stack's sum.
HANDOFF_KINDS = ("draw", "stop", "pass")
_END_TURN_QUESTIONS = {
    "put": N_("str.endturn.stacks"),
    "rest": N_("str.endturn.stacks"),
    "stop": N_("str.endturn.stop"),
    "keep": N_("str.endturn.keep"),
}

_MEANING = {
    "nobility": N_("str.legend.nobility"),
    "trade": N_("str.legend.trade"),
    "election": N_("str.legend.election"),
    "edifice": N_("str.legend.edifice"),
    "chapel": N_("str.legend.chapel"),
}


def _svg(body, w=44, h=36):
    return (
        f'<svg class="legend-icon sxb" viewBox="{-w / 2} {-h / 2} {w} {h}" width="{w}" height="{h}" '
        f'aria-hidden="true"><style>.sxb text{{font-family:var(--euro-cjk,system-ui),system-ui,sans-serif;fill:#1d1d1d}}</style>{body}</svg>'
    )


def legend():
    rows = [
        (
            _svg(f'<text x="0" y="5" font-size="15" text-anchor="middle" font-weight="700">{mark}</text>'),
            mark,
            t(_MEANING[kind]),
        )
        for kind, mark in KIND_MARK.items()
    ]
    rows += [("", f"{abbr}", t("str.legend.guild", guild=t(GUILD_NAMES[guild]))) for guild, abbr in GUILD_ABBR.items()]
    for key, (fill, letter) in SEAT_CHIP.items():
        rows.append(
            (
                _svg(
                    f'<rect x="-17" y="-15" width="34" height="30" rx="5" fill="{fill}" stroke="#1d1d1d"/>'
                    f'<text x="0" y="6" font-size="15" text-anchor="middle" font-weight="700">{letter}</text>'
                ),
                letter,
                t("str.legend.council_seat", council=t(COUNCIL_NAMES[key])),
            )
        )
    rows += [
        (_svg(coin(0, 0, 5)), t("str.legend.coin"), t("str.legend.coin_info")),
        (_svg(edifice_glyph(0, 0, 4, 14)), t("str.legend.edifice_pic"), t("str.legend.edifice_info")),
        (_svg(chapel_glyph(0, 2, 12)), t("str.legend.chapel_pic"), t("str.legend.chapel_info")),
        ("", "A … I", t("str.legend.steps")),
        ("", t("str.legend.stacks"), t("str.legend.stacks_info")),
        ("", t("str.legend.token"), t("str.legend.token_info")),
    ]
    return rows


_RULES = [
    N_("str.rules.1"),
    N_("str.rules.2"),
    N_("str.rules.3"),
    N_("str.rules.4"),
    N_("str.rules.5"),
    N_("str.rules.6"),
    N_("str.rules.7"),
    N_("str.rules.8"),
    N_("str.rules.9"),
    N_("str.rules.10"),
    N_("str.rules.11"),
    N_("str.rules.12"),
    N_("str.rules.13"),
]

_LAZY = {
    "TITLE": lambda: t(N_("str.help.title")),
    "END_TURN_QUESTION": lambda: t("str.endturn.any"),
    "END_TURN_QUESTIONS": lambda: {k: t(v) for k, v in _END_TURN_QUESTIONS.items()},
    "RULES": lambda: [t(k) for k in _RULES],
}


def __getattr__(name):
    """END_TURN_QUESTION(S) and RULES in the active language (computed when read)."""
    if name in _LAZY:
        return _LAZY[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_LAZY))
