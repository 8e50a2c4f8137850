"""The new-game screen (pure Python HTML): the form built from the registry (games, player counts,
options, seats and computer levels), the saved games, the storage notes and confirm questions."""

from engine.core.msg import N_

from web import i18n
from web.screens.review_panels import slot_button
from web.base import renderer
from web.i18n import t, tn, tr
from web.i18n.player_names import isolate
from web.kit.html_kit import button, esc, id_word, mark
from web.kit.seats import SEAT_MARKS
from web.model.games import PALETTE, bot_levels, game_spec, games
from web.model.settings import BOT_SPEEDS


def language_select(ident, label_key="app.lang.label"):
    """The language picker (toolbar and new-game form): each language in its own words.
    main.py's change handler reads ``data-lang``; not a form field (no name)."""
    cur = i18n.active()
    opts = "".join(
        f'<option value="{esc(code)}" lang="{esc(i18n.html_lang(code))}"'
        f'{" selected" if code == cur else ""}>{esc(name)}</option>'
        for code, name in i18n.NAMES.items()
    )
    return (
        f'<label class="lang-pick"><span class="visually-hidden">{esc(t(label_key))}</span>'
        f'<select id="{esc(ident)}" data-lang="1" aria-label="{esc(t(label_key))}">{opts}</select></label>'
    )


# ----- storage: problems, the damaged save, saved games (save slots) ---------------------------------------
def storage_notes(s):
    """Storage trouble, shown on every screen with the way out right in it: Export while writes
    fail (the game lives only in memory until a write after a later move succeeds), Take over
    while another tab plays the game on screen (the next move here starts a copy), Download for
    a saved game that could not be restored (kept aside, never deleted)."""
    out = ""
    blocked = s.saves.blocked  # said on every screen, with or without a game
    if s.saves.problem and (s.game is not None or blocked) and s.embed is None:
        export = button("ui:export", t("app.storage.export"), cls="btn primary") if s.game is not None else ""
        out += f'<div class="message storage-problem" role="alert">{esc(tr(s.saves.problem))} {export}</div>'
    if s.saves.copy_due and s.game is not None:  # "Back to the game" without choosing: said before any move
        out += (
            f'<div class="message elsewhere-copy" role="status">{esc(t("app.storage.copy_next"))} '
            f'{button("ui:take-over", t("app.ask.take_over"))}</div>'
        )
    if s.saves.damaged is not None:
        out += (
            f'<div class="message damaged" role="alert">{esc(t("app.storage.damaged"))} '
            f'{button("ui:download-damaged", t("app.storage.download"))}</div>'
        )
    return out


QUESTIONS = {
    "delete": (N_("app.ask.delete"), N_("app.ask.delete_yes")),
    "delete-current": (N_("app.ask.delete_current"), N_("app.ask.delete_yes")),
    "start": (N_("app.ask.start"), N_("app.ask.start_yes")),
    "import": (N_("app.ask.import"), N_("app.ask.import_yes")),
    "resume": (N_("app.ask.resume"), N_("app.ask.resume_yes")),
    "elsewhere": (N_("app.ask.elsewhere"), N_("app.ask.take_over")),
}


def confirm_box(s):
    if s.saves.question is None:
        return ""
    what, slot = s.saves.question
    if what == "delete" and slot == s.saves.slot and s.game is not None and not s.game.is_over:
        what = "delete-current"
    text, yes = (t(k) for k in QUESTIONS[what])
    if what == "elsewhere":  # one game, one writer: no "cancel", the tab must choose
        return (
            f'<div class="card confirm elsewhere" role="alertdialog"><p>{esc(text)}</p><div class="row">'
            f'{button("ui:take-over", yes, cls="btn primary")}{button("ui:play-copy", t("app.ask.play_copy"))}'
            f'</div></div>'
        )
    export = button("ui:export", t("app.ask.export_first")) if what in ("start", "import", "resume") else ""
    return (
        f'<div class="card confirm" role="alertdialog"><p>{esc(text)}</p><div class="row">'
        f'{button("ui:confirm-yes", yes, cls="btn danger")}{export}{button("ui:confirm-no", t("app.cancel"))}</div></div>'
    )


def saved_games(s):
    """The saved-games list on the new-game screen: resume any slot, delete one (asks first)."""
    if not s.saves.slots or s.embed is not None:
        return ""
    rows = []
    for x in s.saves.slots:
        try:
            label = tr(game_spec(x["game"]).title)
        except ValueError:  # a saved game of a game this build does not have
            label = x["game"]
        state = t("app.slots.finished") if x["over"] else tn("app.slots.move", "app.slots.moves", x["moves"])
        here = " " + t("app.slots.on_screen") if x["id"] == s.saves.slot and s.game is not None else ""
        rows.append(
            f'<li class="slot" data-slot="{esc(x["id"])}"><span class="slot-text"><b>{esc(label)}</b>{esc(here)} — '
            f'{esc(", ".join(isolate(p) for p in x["players"]))}<br><small>{esc(state)} · {esc(x["date"][:16].replace("T", " "))}'
            f'</small></span>{button("ui:slot-resume:" + x["id"], t("app.slots.resume"))}{slot_button(x)}'
            f'{button("ui:slot-delete:" + x["id"], t("app.slots.delete"), cls="btn danger")}</li>'
        )
    return f'<section class="card saved-games"><h2>{esc(t("app.slots.title"))}</h2><ul>{"".join(rows)}</ul></section>'


def tutorial_link(href):
    """The tutorial page's link in the active language (``lang=``: the page and its embedded
    boards speak it)."""
    href, lang = str(href), i18n.active()
    if lang == i18n.DEFAULT:
        return href
    return href + ("&" if "?" in href else "?") + "lang=" + lang


def tutorial_button(spec):
    """The new-game form's way to the chosen game's tutorial page (its help module's TUTORIAL),
    or nothing for a game without one."""
    try:
        help_mod = renderer.module(renderer.of(spec.name).help)
    except (ImportError, ValueError):
        return ""
    href = getattr(help_mod, "TUTORIAL", "")
    if not href:
        return ""
    return (
        f'<p class="learn"><a class="btn" href="{esc(tutorial_link(href))}" target="_blank" rel="noopener">'
        f'{esc(t("app.help.tutorial", game=game_title(spec)))}</a></p>'
    )


def game_title(spec):
    """The game's name in the active language: its catalog's ``<key prefix>.help.title`` (what its
    renderer's help TITLE says, without loading the renderer: a first visit downloads another game's
    renderer only when that game is drawn, docs/build.md "First visit"), else its renderer's help
    TITLE, else the spec's title."""
    key = f"{spec.key_prefix}.help.title"
    if spec.key_prefix and t(key) != key:
        return t(key)
    try:
        help_mod = renderer.module(renderer.of(spec.name).help)
    except (ImportError, ValueError):  # ValueError: no such game registered
        help_mod = None
    return str(help_mod.TITLE) if help_mod is not None else tr(spec.title)


def new_game_form(form, available, can_resume=False):
    """The new-game form, built from the game registry: the games, the chosen game's player
    counts, one field per option (spec.options) and a level per computer seat (spec.bots)."""
    spec = game_spec(form["game"])
    opts = []
    for g in games():
        why = available.get(g.name)
        sel = " selected" if g.name == spec.name else ""
        note = f" — {tr(why)}" if why else ""
        counts = g.player_counts
        opts.append(
            f'<option value="{esc(g.name)}"{sel}>{esc(game_title(g))} '
            f'({esc(t("app.form.player_range", low=counts[0], high=counts[-1]))}){esc(note)}</option>'
        )
    counts = "".join(
        f'<option value="{n}"{" selected" if n == form["players"] else ""}>'
        f'{esc(tr(spec.count_labels[n]) if n in spec.count_labels else n)}</option>'
        for n in spec.player_counts
    )
    levels = bot_levels(spec)
    rows = []
    for i in range(form["players"]):
        colour_opts = "".join(
            f'<option value="{c}"{" selected" if c == form["colours"][i] else ""}>{esc(t(label))}</option>'
            for c, label in PALETTE.items()
        )
        bot = i in form.get("bots", [])
        level = level_select(i, levels, form.get("levels", {}).get(i)) if bot and len(levels) > 1 else ""
        rows.append(
            f'<div class="seat-row">{mark(i, form["colours"][i])}'
            f'<input name="name{i}" aria-label="{esc(t("app.form.seat_name", seat=SEAT_MARKS[i][0]))}" maxlength="24" '
            f'value="{esc(form["names"][i])}">'
            f'<select name="colour{i}" data-refresh="1" aria-label="{esc(t("app.form.seat_colour", seat=SEAT_MARKS[i][0]))}">{colour_opts}</select>'
            f'{seat_kind_select(i, bot)}{level}</div>'
        )
    options = "".join(
        option_field(o, form.get("options", {}).get(o.name, o.default))
        for o in spec.options
        if o.applies(form["players"])
    )  # e.g. the solo game's options with 1 player only
    hidden = " checked" if form["hidden"] else ""
    solo = form["players"] == 1  # no other person: no hidden hands, no computer seats to explain
    bots_note = "" if solo else f'<p class="note">{esc(t("app.form.bots_note"))}</p>'
    hidden_box = (
        ""
        if solo
        else (
            f'<label class="check"><input type="checkbox" name="hidden" value="1"{hidden}> '
            f'{esc(t("app.form.hidden"))}</label>'
        )
    )
    resume = button("ui:resume", t("app.form.back")) if can_resume else ""
    # One language menu on this screen: the toolbar's.
    return (
        f'<form id="new-game" class="card">'
        f'<h1>{esc(t("app.form.title"))}</h1>'
        f'<label>{esc(t("app.form.game"))} <select name="game" data-refresh="1">{"".join(opts)}</select></label>'
        f"{tutorial_button(spec)}"
        f'<label>{esc(t("app.form.players"))} <select name="players" data-refresh="1">{counts}</select></label>'
        f'<fieldset><legend>{esc(t("app.form.seats"))}</legend>{"".join(rows)}{bots_note}</fieldset>{options}'
        f'{hidden_box}'
        f'{turn_settings_fields(form)}'
        f'<div class="row">{button("ui:start", t("app.form.start"), cls="btn primary")}{resume}</div></form>'
    )


def option_field(option, value):
    """One game option (an OptionSpec) as radio buttons named like the option (the form field
    and the URL parameter are both ``option.name``)."""
    return (
        f'<fieldset class="option" data-option="{esc(option.name)}">'
        f'<legend>{esc(tr(option.label) if option.label else id_word(option.name))}</legend>'
        + "".join(
            f'<label class="radio"><input type="radio" name="{esc(option.name)}" value="{esc(c)}"'
            f'{" checked" if c == value else ""}> {esc(id_word(c))}</label>'
            for c in option.choices
        )
        + "</fieldset>"
    )


def seat_kind_select(i, bot):
    """Human or Computer for seat ``i`` on the new-game form (field ``kind{i}``)."""
    opts = "".join(
        f'<option value="{v}"{" selected" if (v == "bot") == bot else ""}>{esc(lab)}</option>'
        for v, lab in (("human", t("app.form.human")), ("bot", t("app.form.computer")))
    )
    return (
        f'<select name="kind{i}" data-refresh="1" class="kind" '
        f'aria-label="{esc(t("app.form.seat_kind", seat=SEAT_MARKS[i][0]))}">{opts}</select>'
    )


def level_select(i, levels, level):
    """The level of computer seat ``i`` (field ``level{i}``), from the game's bot levels."""
    opts = "".join(
        f'<option value="{esc(v)}"{" selected" if v == level else ""}>{esc(id_word(v))}</option>' for v in levels
    )
    return (
        f'<label class="level-label">{esc(t(N_("app.form.level")))} <select name="level{i}" data-refresh="1" class="level" '
        f'aria-label="{esc(t("app.form.seat_level", seat=SEAT_MARKS[i][0]))}">{opts}</select></label>'
    )


def turn_settings_fields(form):
    """New-game form: "Confirm moves" (a device setting) and the computer seats' speed."""
    speed = form.get("speed", "normal")
    opts = "".join(
        f'<option value="{esc(k)}"{" selected" if k == speed else ""}>{esc(id_word(k))}</option>' for k in BOT_SPEEDS
    )
    checked = " checked" if form.get("confirm", False) else ""
    speed_field = (
        f'<label class="speed">{esc(t("app.form.speed"))} <select name="speed" data-refresh="1">{opts}</select></label>'
        if form.get("bots")
        else ""
    )
    return (
        f'<label class="check"><input type="checkbox" name="confirm" value="1" data-action="ui:confirm-pref"{checked}> '
        f'{esc(t("app.form.confirm"))}</label>{speed_field}'
    )
