"""HTML for everything around the board, pure Python (no js imports; tested in CPython).

screen(session) returns the whole #app markup for the session's current screen.
Every text that comes from players or engines goes through esc(): names are user input.
Only the view of the seat allowed to see it is ever turned into markup.
"""
import math
from html import escape

from engine.core.msg import N_

from . import i18n, renderer
from .a11y import board_text
from .i18n import t, tn, tr
from .regions import drawn_ids, pick_choices, table_regions
from .seats import SEAT_MARKS, needs_white_text, rival_colour
from .session import BOT_SPEEDS, PALETTE, bot_levels, game_spec, games
from .svgkit import shape_body


def esc(x):
    return escape(str(x), quote=True)


def button(action, label, cls="btn", disabled=False, title=None):
    dis = " disabled" if disabled else ""
    tip = f' title="{esc(title)}"' if title else ""
    return f'<button type="button" class="{cls}" data-action="{esc(action)}"{tip}{dis}>{esc(label)}</button>'


# ----- seats ----------------------------------------------------------------------------------------
def mark(seat, colour, letter=None):
    """A seat's token: its colour, shape and letter (``letter``: another one, e.g. Gaudí's "G")."""
    own, shape = SEAT_MARKS[seat % len(SEAT_MARKS)]
    letter = letter or own
    ink = "#fff" if needs_white_text(colour) else "#000"
    body = shape_body(shape, 10, 10, 8, f'fill="{esc(colour)}" stroke="#000" stroke-width="1"')
    return (f'<svg class="mark" viewBox="0 0 20 20" aria-hidden="true">{body}'
            f'<text x="10" y="14" fill="{ink}">{esc(letter)}</text></svg>')


def seat_badge(seat, names, colours, letters=None):
    if seat is None or not 0 <= seat < len(names):
        return ""
    return f'<span class="seat">{mark(seat, colours[seat], _letter(letters, seat))}{esc(names[seat])}</span>'


# ----- the screens ---------------------------------------------------------------------------------------
# Region drawings the page shows already (web/main.py redraw passes them as ``keep``): a region
# whose drawing is the one the page has is sent as a placeholder, <svg data-keep="NAME"></svg>,
# that web/morph.js fills with the node it holds, so a tap does not make the browser parse and
# compare ~150 KB of unchanged SVG again (issue 9: taps redraw in <= 100 ms while a computer
# thinks). ``SENT``: every region's drawing in the last screen(), placeholders or not.
_KEEP = {}
SENT = {}


def screen(s, keep=None):
    """The #app markup for session ``s``. ``keep``: {region name: drawing} the page already
    shows (only for a page that patches, web/morph.js); those regions become placeholders."""
    global _KEEP, SENT
    _KEEP, SENT = keep or {}, {}
    try:
        return _screen(s)
    finally:
        _KEEP = {}


def _region_svg(r):
    """A region's drawing, or the placeholder for the one the page shows already (see _KEEP)."""
    SENT[r.name] = r.svg
    if _KEEP.get(r.name) == r.svg:
        return f'<svg data-keep="{esc(r.name)}"></svg>'
    return r.svg


def _screen(s):
    i18n.use_names(s.game.names if s.game is not None else ())   # a seat(i) in a message -> its name
    top = toolbar(s)
    msg = f'<div class="message" role="alert">{esc(message_text(s.message))}</div>' if s.message else ""
    msg += storage_notes(s)
    kind = s.screen
    if getattr(s, "help_open", False) and kind != "new":
        body = help_panel(s)
    elif kind == "new":
        body = (confirm_box(s)
                + new_game_form(dict(s.form, confirm=getattr(s, "prefs", {}).get("confirm", False)), s.available(),
                                can_resume=s.game is not None)
                + saved_games(s))
    elif kind == "handoff":
        body = handoff(s)
    elif kind == "history":
        body = history(s)
    elif kind == "embed-error":
        body = (f'<div class="card"><h1>{esc(t("app.embed.broken_title"))}</h1>'
                f'<p>{esc(t("app.embed.broken_text"))}</p></div>')
    else:
        body = play(s)
    head = ""
    if kind in ("play", "over", "bot", "history") and s.game is not None:  # the other screens have a visible h1
        head = f'<h1 class="visually-hidden">{esc(tr(game_spec(s.game.GAME_NAME).title))}</h1>'
    return f'{top}{msg}<main class="screen screen-{kind}">{head}{body}</main>'


def message_text(m):
    """The message line: an engine or app message (translated now, so a language switch
    re-words it) or text already in words; capped like every shown message (limits.short)."""
    from .limits import short
    return short(tr(m))


def language_select(ident, label_key="app.lang.label"):
    """The language picker (toolbar and new-game form): each language in its own words.
    main.py's change handler reads ``data-lang``; not a form field (no name)."""
    cur = i18n.active()
    opts = "".join(f'<option value="{esc(code)}" lang="{esc(i18n.html_lang(code))}"'
                   f'{" selected" if code == cur else ""}>{esc(name)}</option>' for code, name in i18n.NAMES.items())
    return (f'<label class="lang-pick"><span class="visually-hidden">{esc(t(label_key))}</span>'
            f'<select id="{esc(ident)}" data-lang="1" aria-label="{esc(t(label_key))}">{opts}</select></label>')


# ----- storage: problems, the damaged save, saved games (save slots) ---------------------------------------
def storage_notes(s):
    """Storage trouble, shown on every screen with the way out right in it: Export while writes
    fail (the game lives only in memory until a write after a later move succeeds), Download for
    a saved game that could not be restored (kept aside, never deleted)."""
    out = ""
    blocked = getattr(s, "store_blocked", False)  # said on every screen, with or without a game
    if s.store_problem and (s.game is not None or blocked) and s.embed is None:
        export = button("ui:export", t("app.storage.export"), cls="btn primary") if s.game is not None else ""
        out += (f'<div class="message storage-problem" role="alert">{esc(tr(s.store_problem))} '
                f'{export}</div>')
    if s.damaged is not None:
        out += (f'<div class="message damaged" role="alert">{esc(t("app.storage.damaged"))} '
                f'{button("ui:download-damaged", t("app.storage.download"))}</div>')
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
    if s.question is None:
        return ""
    what, slot = s.question
    if what == "delete" and slot == s.slot and s.game is not None and not s.game.is_over:
        what = "delete-current"
    text, yes = (t(k) for k in QUESTIONS[what])
    if what == "elsewhere":  # one game, one writer: no "cancel", the tab must choose
        return (f'<div class="card confirm elsewhere" role="alertdialog"><p>{esc(text)}</p><div class="row">'
                f'{button("ui:take-over", yes, cls="btn primary")}{button("ui:play-copy", t("app.ask.play_copy"))}'
                f'</div></div>')
    export = button("ui:export", t("app.ask.export_first")) if what in ("start", "import", "resume") else ""
    return (f'<div class="card confirm" role="alertdialog"><p>{esc(text)}</p><div class="row">'
            f'{button("ui:confirm-yes", yes, cls="btn danger")}{export}{button("ui:confirm-no", t("app.cancel"))}</div></div>')


def saved_games(s):
    """The saved-games list on the new-game screen: resume any slot, delete one (asks first)."""
    if not s.slots or s.embed is not None:
        return ""
    rows = []
    for x in s.slots:
        try:
            label = tr(game_spec(x["game"]).title)
        except ValueError:  # a saved game of a game this build does not have
            label = x["game"]
        state = t("app.slots.finished") if x["over"] else tn("app.slots.move", "app.slots.moves", x["moves"])
        here = " " + t("app.slots.on_screen") if x["id"] == s.slot and s.game is not None else ""
        rows.append(f'<li class="slot" data-slot="{esc(x["id"])}"><span class="slot-text"><b>{esc(label)}</b>{esc(here)} — '
                    f'{esc(", ".join(x["players"]))}<br><small>{esc(state)} · {esc(x["date"][:16].replace("T", " "))}'
                    f'</small></span>{button("ui:slot-resume:" + x["id"], t("app.slots.resume"))}'
                    f'{button("ui:slot-delete:" + x["id"], t("app.slots.delete"), cls="btn danger")}</li>')
    return f'<section class="card saved-games"><h2>{esc(t("app.slots.title"))}</h2><ul>{"".join(rows)}</ul></section>'


def toolbar(s):
    """The top bar. On a game screen its controls come in two groups: the game's (Undo, History,
    zoom, the scores/log drawer) and the rest in ``.tb-more``, itself two parts: ``.tb-mid`` (New
    game, Help) and ``.tb-rare`` (Export, Install, full screen, Import, Board as text, language).
    Wide screens (>= 1366 px) show everything in one row; from 901 to 1365 px (a tablet in
    landscape, a small laptop) ``.tb-rare`` is a menu behind "More"; on a narrow one (a tablet in
    portrait) all of ``.tb-more`` is (web/style.css). ``ui:more`` is toggled in place by main.py.
    So the bar stays one row of full-size targets in every language (German is the longest)."""
    playing = s.screen in ("play", "over", "handoff", "bot")
    embed = s.embed is not None
    board = s.screen in ("play", "over", "history", "bot")
    grouped = board and not embed
    # Embedded boards (tutorial pages) have no New game / Import / Export: they show one record.
    game, mid, rest = [], [], []
    head = '<nav class="toolbar embed">' if embed else f'<nav class="toolbar"><span class="title">{esc(t("app.title"))}</span>'
    if not embed:
        (mid if grouped else game).append(button("ui:new-game", t("app.toolbar.new_game")))
    if playing:
        game.append(button("ui:undo", t("app.toolbar.undo"), disabled=not s.can_undo(), title=t("app.toolbar.undo_tip")))
        if not embed:
            rest.append(button("ui:export", t("app.toolbar.export")))
    if embed and s.embed["play"] and s.game is not None and s.screen != "history":
        game.append(button("ui:embed-reset", t("app.toolbar.reset"), title=t("app.toolbar.reset_tip")))
    if s.can_browse():
        game.append(button("ui:history", t("app.toolbar.history"), title=t("app.toolbar.history_tip")))
    if not embed:
        (mid if grouped else rest).append(button("ui:help", t("app.toolbar.help"), title=t("app.toolbar.help_tip")))
        # Shown by web/device.js only where the browser offers them (classes on <html>).
        rest.append(button("ui:install", t("app.toolbar.install"), cls="btn device install", title=t("app.toolbar.install_tip")))
        rest.append(f'<button type="button" class="btn device fullscreen" data-action="ui:fullscreen" '
                    f'title="{esc(t("app.toolbar.fullscreen_tip"))}" aria-label="{esc(t("app.toolbar.fullscreen"))}"><svg viewBox="0 0 20 20" width="20" '
                    'height="20" aria-hidden="true"><path d="M2 7V2h5M13 2h5v5M18 13v5h-5M7 18H2v-5" fill="none" '
                    'stroke="currentColor" stroke-width="2"/></svg>'
                    # Its name in words where it is a menu item (web/style.css .in-menu).
                    f'<span class="in-menu" aria-hidden="true">{esc(t("app.toolbar.fullscreen"))}</span></button>')
        rest.append(f'<label class="btn file">{esc(t("app.toolbar.import"))}<input type="file" '
                    'accept=".json,application/json" data-action="ui:import"></label>')
    if board:
        game.append('<span class="zoom">' + button("ui:zoom-out", "−", title=t("app.toolbar.zoom_out"))
                    + button("ui:zoom-fit", t("app.toolbar.fit"), title=t("app.toolbar.fit_tip"))
                    + button("ui:zoom-in", "+", title=t("app.toolbar.zoom_in")) + "</span>")
        # Tablets: scores and log live in a drawer (CSS hides this toggle when they fit beside the board).
        game.append(button("ui:panel", t("app.toolbar.panel"), cls="btn panel-toggle", title=t("app.toolbar.panel_tip")))
        text_on = getattr(s, "text_open", False)
        (rest if grouped else game).append(
            f'<button type="button" class="btn board-text-btn" data-action="ui:board-text" '
            f'aria-pressed="{"true" if text_on else "false"}" title="{esc(t("app.a11y.button_tip"))}">'
            f'{esc(t("app.a11y.heading"))}</button>')
    if not embed:
        rest.append(language_select("lang-toolbar"))
    if not grouped:
        return head + "".join(game + mid + rest) + "</nav>"
    more = (f'<button type="button" class="btn more-btn" data-action="ui:more" aria-expanded="false" '
            f'aria-controls="tb-more" title="{esc(t("app.toolbar.more_tip"))}">{esc(t("app.toolbar.more"))}'
            '<svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true"><path d="M5 8l5 5 5-5" fill="none" '
            'stroke="currentColor" stroke-width="2"/></svg></button>')
    return (head.replace('class="toolbar"', 'class="toolbar grouped"') + "".join(game) + more
            + '<div class="tb-more" id="tb-more"><div class="tb-mid">' + "".join(mid)
            + '</div><div class="tb-rare">' + "".join(rest) + "</div></div></nav>")


def game_title(spec):
    """The game's name in the active language: its renderer's help TITLE, else the spec's title."""
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
        opts.append(f'<option value="{esc(g.name)}"{sel}>{esc(game_title(g))} '
                    f'({esc(t("app.form.player_range", low=counts[0], high=counts[-1]))}){esc(note)}</option>')
    counts = "".join(f'<option value="{n}"{" selected" if n == form["players"] else ""}>'
                     f'{esc(tr(spec.count_labels[n]) if n in spec.count_labels else n)}</option>'
                     for n in spec.player_counts)
    levels = bot_levels(spec)
    rows = []
    for i in range(form["players"]):
        colour_opts = "".join(f'<option value="{c}"{" selected" if c == form["colours"][i] else ""}>{esc(t(label))}</option>'
                              for c, label in PALETTE.items())
        bot = i in form.get("bots", [])
        level = level_select(i, levels, form.get("levels", {}).get(i)) if bot and len(levels) > 1 else ""
        rows.append(f'<div class="seat-row">{mark(i, form["colours"][i])}'
                    f'<input name="name{i}" aria-label="{esc(t("app.form.seat_name", seat=SEAT_MARKS[i][0]))}" maxlength="24" '
                    f'value="{esc(form["names"][i])}">'
                    f'<select name="colour{i}" data-refresh="1" aria-label="{esc(t("app.form.seat_colour", seat=SEAT_MARKS[i][0]))}">{colour_opts}</select>'
                    f'{seat_kind_select(i, bot)}{level}</div>')
    options = "".join(option_field(o, form.get("options", {}).get(o.name, o.default)) for o in spec.options
                      if o.applies(form["players"]))   # e.g. the solo game's options with 1 player only
    hidden = " checked" if form["hidden"] else ""
    solo = form["players"] == 1   # no other person: no hidden hands, no computer seats to explain
    bots_note = "" if solo else f'<p class="note">{esc(t("app.form.bots_note"))}</p>'
    hidden_box = "" if solo else (f'<label class="check"><input type="checkbox" name="hidden" value="1"{hidden}> '
                                  f'{esc(t("app.form.hidden"))}</label>')
    resume = button("ui:resume", t("app.form.back")) if can_resume else ""
    # One language menu on this screen: the toolbar's.
    return (f'<form id="new-game" class="card">'
            f'<h1>{esc(t("app.form.title"))}</h1>'
            f'<label>{esc(t("app.form.game"))} <select name="game" data-refresh="1">{"".join(opts)}</select></label>'
            f'<label>{esc(t("app.form.players"))} <select name="players" data-refresh="1">{counts}</select></label>'
            f'<fieldset><legend>{esc(t("app.form.seats"))}</legend>{"".join(rows)}{bots_note}</fieldset>{options}'
            f'{hidden_box}'
            f'{turn_settings_fields(form)}'
            f'<div class="row">{button("ui:start", t("app.form.start"), cls="btn primary")}{resume}</div></form>')


def _word(value):
    """An option name or choice as a form label: ``board_layout`` -> "Board layout"."""
    text = str(value).replace("_", " ").replace("-", " ")
    return text[:1].upper() + text[1:]


# The words of ids the form and panels show (option names and choices, computer levels and
# speeds, action kinds, score categories a game gives no name for): the app's catalog; an id
# missing here reads as its own words (_word), which the pseudo-locale test catches.
ID_WORDS = {
    "layout": N_("app.id.layout"), "printed": N_("app.id.printed"), "shuffled": N_("app.id.shuffled"),
    "difficulty": N_("app.id.difficulty"), "rules": N_("app.id.rules"), "original": N_("app.id.original"),
    "2.0": N_("app.id.v2"),
    "easy": N_("app.id.easy"), "normal": N_("app.id.normal"), "hard": N_("app.id.hard"),
    "fast": N_("app.id.fast"), "slow": N_("app.id.slow"),
    "off": N_("app.id.off"), "on": N_("app.id.on"),
}


def id_word(value):
    """An id's words in the active language (ID_WORDS), else its own words."""
    key = ID_WORDS.get(str(value))
    return t(key) if key else _word(value)


def option_field(option, value):
    """One game option (an OptionSpec) as radio buttons named like the option (the form field
    and the URL parameter are both ``option.name``)."""
    return (f'<fieldset class="option" data-option="{esc(option.name)}">'
            f'<legend>{esc(tr(option.label) if option.label else id_word(option.name))}</legend>'
            + "".join(f'<label class="radio"><input type="radio" name="{esc(option.name)}" value="{esc(c)}"'
                      f'{" checked" if c == value else ""}> {esc(id_word(c))}</label>' for c in option.choices)
            + "</fieldset>")


def seat_kind_select(i, bot):
    """Human or Computer for seat ``i`` on the new-game form (field ``kind{i}``)."""
    opts = "".join(f'<option value="{v}"{" selected" if (v == "bot") == bot else ""}>{esc(lab)}</option>'
                   for v, lab in (("human", t("app.form.human")), ("bot", t("app.form.computer"))))
    return (f'<select name="kind{i}" data-refresh="1" class="kind" '
            f'aria-label="{esc(t("app.form.seat_kind", seat=SEAT_MARKS[i][0]))}">{opts}</select>')


def level_select(i, levels, level):
    """The level of computer seat ``i`` (field ``level{i}``), from the game's bot levels."""
    opts = "".join(f'<option value="{esc(v)}"{" selected" if v == level else ""}>{esc(id_word(v))}</option>'
                   for v in levels)
    return (f'<label class="level-label">{esc(t(N_("app.form.level")))} <select name="level{i}" data-refresh="1" class="level" '
            f'aria-label="{esc(t("app.form.seat_level", seat=SEAT_MARKS[i][0]))}">{opts}</select></label>')


def thinking(s, names, colours):
    """The decision bar while a computer seat decides: who is thinking (nothing of its secrets)."""
    if s.auto_pending():
        return auto_turn(s)
    seat, budget = s.game.current_player, s.bot_thinks()
    # A searching level shows its time budget: a bar that fills over the budget (CSS animation;
    # main.py sets its animation-delay so a redraw while it thinks does not restart it).
    bar = (f'<p class="think-budget">{esc(t("app.bot.budget", seconds=f"{budget / 1000:.1f}"))}</p>'
           f'<div class="think-bar" aria-hidden="true"><span style="animation-duration: {budget}ms"></span></div>'
           if budget else "")
    return (f'<section class="decision thinking" data-bot="{seat}"><div class="prompt" role="status">'
            f'{seat_badge(seat, names, colours)}<p>{esc(t("app.bot.thinking"))}</p>{bar}</div>'
            f'</section>')


def auto_turn(s):
    """The decision bar while a non-player opponent's turn is shown step by step (Barcelona's
    Gaudí): his steps so far, newest last; the board marks them (lastmove)."""
    v = s.view()
    auto = v.get("gaudi") or {}
    steps = "".join(f'<li>{esc(tr(x.get("text", "")))}</li>' for x in auto.get("last_turn", []))
    name = tr(auto["name"]) if auto.get("name") else t("app.bot.opponent")
    return (f'<section class="decision thinking auto-turn" data-bot="auto"><div class="prompt" role="status">'
            f'<p>{esc(t("app.bot.auto_turn", name=name))}</p></div><ol class="auto-steps">{steps}</ol></section>')


def handoff(s):
    seat = s.game.current_player
    names, colours = s.game.names, s.meta["colours"]
    return (f'<div class="card handoff"><h1>{esc(t("app.handoff.title", name=names[seat]))}</h1>'
            f'<p>{seat_badge(seat, names, colours)}</p><p>{esc(t("app.handoff.only", name=names[seat]))}</p>'
            f'{button("ui:handoff-ok", t("app.handoff.ok", name=names[seat]), cls="btn primary")}'
            f'{handoff_summary(s)}</div>')


def play(s):
    view = s.view()
    legal = s.legal_actions()
    names, colours = view["players"], s.meta["colours"]
    hint = s.hint
    regions, legacy = table_regions(s, view, legal, hint=hint.id if hint is not None else None,
                                    selected=f"ui:pick:{s.pick}" if s.pick is not None else None)
    drawn = bar_drawn(regions)
    selected = getattr(s, "selection", None)
    side = []
    breakdown = score_breakdown(view, s.game)
    over = bool(view.get("is_over"))
    decision = ""
    if over:
        winners = view.get("winners")
        # The result heads the main column (not the drawer): the first thing every player sees.
        decision = (f'<div class="over-top">{inspector(s)}'
                    + end_panel(view, breakdown, s.game.winners() if winners is None else winners, colours)
                    + "</div>")
    elif s.screen == "bot":
        decision = thinking(s, names, colours)
        side.append(scores_panel(view, breakdown, colours))
    else:
        # The prompt and the buttons of the pending decision: a bar above the board, so they
        # never hide in the drawer; the inspector and a two-step choice live there too.
        decision = (f'<section class="decision"><div class="prompt">'
                    f'{seat_badge(view.get("current_player"), names, colours)}'
                    f'<p>{esc(tr(view.get("prompt", "")))}</p>{hint_box(hint, legal, s.hint_thinking)}</div>{preview_box(s)}'
                    f'{inspector(s)}{pick_panel(pick_choices(s, view, legal), hint)}'
                    f'{actions_panel(legal, drawn, hint, s.action_groups(view["game"]), selected, _end_turn(s))}</section>')
        side.append(scores_panel(view, breakdown, colours))
    side.append(log_of(view, colours))
    decision += text_panel(s, view, regions, legal)
    return table_layout(s, regions, legacy, decision, side, drawer_open=s.panel_open)


def text_panel(s, view, regions, legal):
    """ "Board as text" (ui:board-text): the table's state in words, under the decision bar."""
    if not getattr(s, "text_open", False):
        return ""
    return board_text(view, regions, legal)


# At most this many choices drawn off the main board become bar buttons too. 0 for now: with the
# bar's long labels (Strasbourg's five task cards) the buttons lay over the board (issue 25, open).
OFF_BOARD_BUTTONS = 0
SIDE_FIRST = 8          # more choices than this on side boards: those boards lead their column


def bar_drawn(regions):
    """The ids the decision bar leaves to the drawings: those on the main board. A choice drawn
    only on another region (the own board, a side board: it may lie below the screen's foot, in
    portrait or on a laptop's side column) is a button in the bar as well, unless there are more
    than OFF_BOARD_BUTTONS of them (then the region holding them comes first in its column)."""
    board = drawn_ids([r for r in regions if r.place == "board"])
    if not board and len(regions) == 1:  # a plain picture: the one drawing is the board
        return drawn_ids(regions)
    off = drawn_ids(regions) - board
    return board if len(off) <= OFF_BOARD_BUTTONS else board | off


# ----- the table: regions laid out in columns (TABLE.md; CSS in style.css) ---------------------------------
def table_layout(s, regions, legacy, decision, side, drawer_open=False, cls_extra=""):
    """The table fits the screen (docs/architecture.md "Page layout"): the decision bar across the
    top keeps one height (what does not fit in it lies over the board, never pushes it down);
    under it the main board fills its box (its SVG is the box's size, the drawing fitted inside:
    zoom 1 = Fit shows all of it, + and pinch enlarge it inside the scrolling box). Landscape:
    a side column on the right holds the "own" region first, then the "side" regions and the
    aside (other players in a collapsible section, scores, log). Portrait / narrow: own and side
    regions follow the board in one scrolling column; the aside is the drawer (ui:panel).
    Regions other than the main board are shown at their viewBox width (scale 1) where there is
    room; the main board is drawn for the scale it is shown at (regions.board_scale)."""
    board = [r for r in regions if r.place == "board"]
    own = [r for r in regions if r.place == "own"]
    sides = [r for r in regions if r.place == "side"]
    others = [r for r in regions if r.place == "others"]
    cls = "layout table" + cls_extra + ("" if board else " no-board")
    if drawer_open:
        cls += " panel-open"
    aspect = ""
    if board and not legacy:   # the board's height per width: the portrait column sizes its box by it
        aspect = f' style="--aspect:{(board[0].height or board[0].width) / max(1, board[0].width):.4f}"'
    if legacy:
        main = board_area(board[0].svg, s.zoom, board_min_px(s.game.GAME_NAME if s.game else "")) if board else ""
    else:
        main = "".join(board_region(r, s.zoom) for r in board)
    # Too many choices off the main board for the bar (bar_drawn): the side boards holding them
    # come first in their column, before the own board.
    lead = []
    if len(drawn_ids(sides)) > SIDE_FIRST:
        lead, sides = [r for r in sides if r.drawn], [r for r in sides if not r.drawn]
    right = "".join(region_html(r) for r in lead) + "".join(region_html(r) for r in own)
    if sides:
        right += '<div class="regions">' + "".join(region_html(r) for r in sides) + "</div>"
    close = button("ui:panel", t("app.close"), cls="btn drawer-close", title=t("app.drawer.close_tip"))
    rivals = ""
    if others:
        rivals = (f'<details class="others" open><summary>{esc(t("app.drawer.others"))}</summary><div class="regions">'
                  + "".join(region_html(r) for r in others) + "</div></details>")
    return (f'<div class="{cls}"><div class="bar">{decision}</div><div class="col-main"{aspect}>{main}</div>'
            f'<div class="col-side">{right}<aside class="side">{close}{rivals}{"".join(side)}</aside></div></div>'
            f'{fresh_style(s)}')


def own_buttons_style(board, own):
    """Landscape from 1000 px wide shows the own board at the top of the side column: the bar then
    leaves its choices to it (no second button for them; portrait keeps them, see bar_drawn)."""
    ids = drawn_ids(own) - drawn_ids(board)
    if not ids:
        return ""
    sel = ",".join(f'.decision .btn.act[data-action="{_css_str(a)}"]' for a in sorted(ids))
    return (f'<style class="own-buttons">@media (min-width: 1000px) and (orientation: landscape) '
            f'{{{sel}{{display: none}}}}</style>')


def region_html(r):
    """A side / own / others region: its viewBox width in px (scale 1) where there is room, the
    width of its column where there is not (a phone)."""
    w = max(1, r.width)
    return (f'<section class="region region-{esc(r.place)}" data-region="{esc(r.name)}" '
            f'aria-label="{esc(tr(r.title) if r.title else r.name)}" style="flex-basis:{w:g}px;'
            f'max-width:{w * 1.25:g}px">{_region_svg(r)}</section>')


def board_region(r, zoom):
    """The main board: a box filling the room under the decision bar; its SVG fills the box at zoom 1 and is ``zoom`` times the box
    when zoomed (the box scrolls)."""
    w, h = max(1, r.width), max(1, r.height or r.width)
    return (f'<section class="board-area"><div class="board-scroll">'
            f'<div class="board fit region region-board" data-region="{esc(r.name)}" data-zoom="{zoom:g}" '
            f'data-size="{w:g} {h:g}" style="{board_size(f"{w:g} {h:g}", zoom)}">{_region_svg(r)}</div></div></section>')


def board_size(size, zoom):
    """The main board's style at ``zoom``; ``size`` is its data-size ("W H" viewBox px, or "area
    MIN" for a plain picture). main.py restyles the board in place with it on a zoom tap (no
    re-render of the screen), so this is the one place the zoomed size is worked out."""
    a, b = size.split()
    if a == "area":
        return f"width:calc(max(100%, {b}px) * {zoom:g})"
    return f"width:{100 * zoom:g}%;height:{100 * zoom:g}%"


def inspector(s):
    """The inspector: the full text of the element tapped last (its data-info), plays nothing."""
    if not getattr(s, "inspecting", ""):
        return ""
    lines = "".join(f"<p>{esc(x)}</p>" for x in s.inspecting.split("\n") if x.strip())
    return (f'<section class="inspector" role="status" aria-live="polite">{lines}'
            f'{button("ui:inspect-close", t("app.close"), cls="btn inspector-close")}</section>')


def pick_panel(choice, hint=None):
    """Second step of a two-step board choice: the legal actions at the picked place."""
    if not choice:
        return ""
    sentence, acts = choice
    hinted = hint.id if hint is not None else None
    return (f'<section class="pick" aria-label="{esc(t("app.pick.choose"))}"><p class="why">{esc(tr(sentence))}</p><div class="group">'
            + "".join(button(a.id, tr(a.label), cls="btn act pick-btn" + (" hint" if a.id == hinted else ""))
                      for a in acts)
            + button("ui:pick-cancel", t("app.cancel"), cls="btn") + "</div></section>")


def board_area(svg, zoom, min_px=0):
    """A plain ``render`` picture (renderers without regions): zoom 1 = fit the width of the
    board area, never so narrow that tap targets drop below 44 CSS px (then it scrolls)."""
    if not svg:
        return ""
    return (f'<section class="board-area"><div class="board-scroll">'
            f'<div class="board" data-zoom="{zoom:g}" data-size="area {min_px}" '
            f'style="{board_size(f"area {min_px}", zoom)}">{svg}</div></div></section>')


def history(s):
    """The read-only history browser: the board at the step, scores, the log with the step's lines
    highlighted. Only ui: controls carry data-action (no game action can be played here)."""
    h = s.history
    view = h.view()
    names, colours = view["players"], s.meta["colours"]
    regions, legacy = table_regions(s, view, [])  # no legal actions: the renderer draws no targets
    game = h.game_at()
    breakdown = score_breakdown(view, game)
    # What the step did: its log lines (as filtered for the viewer), else the action's label
    # (never with hidden hands: a label can name a private choice).
    lines = [tr(e.get("text", "")) for e in view.get("log", []) if h.step and e.get("n") == h.step - 1]
    label = None if lines else h.label()
    what = "".join(f'<p class="hist-move">{esc(x)}</p>' for x in lines[-3:])
    what += f'<p class="hist-move">{esc(t("app.hist.move", label=tr(label)))}</p>' if label else ""
    status = (esc(t("app.over.title")) if view.get("is_over") else
              f'{seat_badge(view.get("current_player"), names, colours)} {esc(tr(view.get("prompt", "")))}')
    controls = ""
    if s.embed is None or s.embed["controls"]:
        nav = [("ui:hist-first", "« " + t("app.hist.first"), t("app.hist.first_tip"), h.step == 0),
               ("ui:hist-prev", "‹ " + t("app.hist.back"), t("app.hist.back_tip"), h.step == 0),
               ("ui:hist-next", t("app.hist.next") + " ›", t("app.hist.next_tip"), h.step == h.total),
               ("ui:hist-last", t("app.hist.last") + " »", t("app.hist.last_tip"), h.step == h.total)]
        controls = '<div class="hist-nav">' + "".join(
            button(a, lab, cls="btn hist-btn", disabled=dis, title=tip) for a, lab, tip, dis in nav) + "</div>"
    close = button("ui:hist-close", t("app.hist.close"), cls="btn primary") if s.embed is None or s.embed["play"] else ""
    public = (f'<p class="hist-note">{esc(t("app.hist.hidden"))}</p>'
              if h.hidden else "")
    close += copy_controls(s)
    step = t("app.hist.step", step=f"<b>{h.step}</b>", total=h.total)   # numbers only: safe markup
    bar = (f'<section class="decision history-bar" aria-label="{esc(t("app.toolbar.history"))}">'
           f'<p class="hist-step" role="status">{step}</p>{controls}{close}'
           f'<div class="prompt">{what}<p>{status}</p>{public}</div>{inspector(s)}</section>')
    bar += text_panel(s, view, regions, [])
    side = [scores_panel(view, breakdown, colours),
            log_of(view, colours, highlight=h.step - 1 if h.step else None)]
    return table_layout(s, regions, legacy, bar, side, drawer_open=s.panel_open, cls_extra=" history")


def copy_controls(s):
    """History's authoring buttons (docs/embedding.md): a link to the position on screen and the
    code of an <iframe> showing it; what was copied stays on screen, selectable, in case the
    browser's clipboard is not available. Words: the tutorial domain (tut.history.*)."""
    if s.embed is not None:
        return ""
    out = ('<div class="hist-copy">' + button("ui:copy-link", t("tut.history.copy_link"), cls="btn hist-btn")
           + button("ui:copy-embed", t("tut.history.copy_embed"), cls="btn hist-btn") + "</div>")
    copied = getattr(s, "copied", None)
    if copied:
        what = t("tut.history.copied_link") if copied[0] == "link" else t("tut.history.copied_embed")
        out += (f'<label class="copy-box">{esc(what)} '
                f'<input class="copy-text" data-copied="{esc(copied[0])}" readonly value="{esc(copied[1])}"></label>')
    return out


def hint_box(hint, legal, thinking=False):
    """The Hint button, and what it suggested for this position (or that it is being worked out:
    the background worker searches at the Hard level)."""
    if not legal:
        return ""
    text = (f'<p class="hint-text" role="status">{esc(t("app.hint.suggested", label=tr(hint.label)))}</p>'
            if hint is not None else "")
    if thinking and hint is None:
        text = f'<p class="hint-text hint-thinking" role="status">{esc(t("app.hint.thinking"))}</p>'
    return f'<div class="hint-row">{button("ui:hint", t("app.hint.button"), cls="btn hint-btn", title=t("app.hint.tip"))}{text}</div>'


_MIN_PX = {}


def board_min_px(game, tap=44):
    """The board width (CSS px) at which the renderer's smallest hit shape (HIT viewBox units in
    a W-unit-wide viewBox) is ``tap`` px; 0 when the renderer does not say."""
    if game not in _MIN_PX:
        try:
            r = renderer.of(game)
        except (ImportError, ValueError):  # ValueError: no such game registered
            r = None
        # +1: rounding never lands at 43.9
        _MIN_PX[game] = math.ceil(r.width * tap / r.hit) + 1 if r is not None and r.hit else 0
    return _MIN_PX[game]


# ----- side panels ----------------------------------------------------------------------------------------
def _end_turn(s):
    ends = getattr(s, "end_turn_buttons", None)
    return ends() if ends else set()


def actions_panel(legal, drawn, hint=None, headings=None, selected=None, end_turn=()):
    """Buttons for the legal actions not drawn on the board, grouped by action kind. ``headings``:
    the game's table kind -> group heading (its renderer's ACTION_GROUPS). ``end_turn``: the ids
    that are the turn's own end-turn button (class end-turn: the E key presses it)."""
    groups = {}
    for a in legal:
        if a.id not in drawn:
            groups.setdefault(a.kind, []).append(a)
    if not groups:
        hint = t("app.actions.on_board") if legal else t("app.actions.none")
        return f'<section class="actions"><p class="hint">{esc(hint)}</p></section>'
    headings = headings or {}
    out = [f'<section class="actions"><h2>{esc(t("app.actions.title"))}</h2>']
    for kind, acts in groups.items():
        out.append(f'<div class="group" data-kind="{esc(kind)}"><h3>{esc(tr(headings[kind]) if headings.get(kind) else id_word(kind))}</h3>')
        out.extend(_act_button(a, hint, selected, a.id in end_turn) for a in acts)
        out.append("</div>")
    out.append("</section>")
    return "".join(out)


def score_breakdown(view, game):
    """Per seat {category: points}: the view's (filtered for its viewer: secret objectives stay
    secret); a game whose view has none yet falls back to the game's."""
    breakdown = view.get("score_breakdown")
    return game.score_breakdown() if breakdown is None else breakdown


def _categories(breakdown):
    cats = []
    for row in breakdown:
        for k in row:
            if k not in cats:
                cats.append(k)
    return cats


def score_table(names, colours, breakdown, totals, winners=(), over=True, letters=None):
    """Categories down, seats across: five seats still fit the narrow side panel.

    The Total row is always the sum of the rows above it. A game in progress may break its
    score down "as if the game ended now" (Strasbourg: shops, parishes... count only at the end)
    while its score so far is smaller: then the sum is labelled so, and the score so far gets
    its own row."""
    cats = _categories(breakdown)
    n = len(names)
    rows_of = [(breakdown[i] if i < len(breakdown) else {}) for i in range(n)]
    sums = [sum(v for v in row.values() if isinstance(v, (int, float)) and not isinstance(v, bool))
            for row in rows_of]
    win = [' class="winner"' if seat in winners else "" for seat in range(n)]
    head = "".join(f'<th{win[i]} title="{esc(names[i])}">{mark(i, colours[i], _letter(letters, i))}<span class="nm">{esc(names[i])}</span></th>'
                   for i in range(n))
    rows = []
    for c in cats:
        cells = "".join(f"<td{win[i]}>{esc(rows_of[i].get(c, 0))}</td>" for i in range(n))
        rows.append(f"<tr><th>{esc(category_word(c))}</th>{cells}</tr>")
    projected = bool(cats) and not over and list(sums) != list(totals[:n])
    if not cats:
        sums = list(totals[:n])  # no breakdown: the total is the score
    label = t("app.scores.if_ended") if projected else t("app.scores.total")
    total = "".join(f'<td{win[i]}>{esc(sums[i])}</td>' for i in range(n))
    rows.append(f'<tr class="total"><th>{esc(label)}</th>{total}</tr>')
    if projected:
        now = "".join(f'<td>{esc(totals[i])}</td>' for i in range(n))
        rows.append(f'<tr class="now"><th>{esc(t("app.scores.now"))}</th>{now}</tr>')
    return (f'<table class="scores"><thead><tr><th><span class="visually-hidden">{esc(t("app.a11y.score_head"))}</span></th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def category_word(cat):
    """A score category's name: the game's key for it (``bcn.score.<id>`` / ``str.score.<id>``,
    engine/*/data.py) when its catalog has one, else the app's words for the id."""
    if isinstance(cat, str) and "." not in cat:
        for prefix in ("bcn", "str"):
            key = f"{prefix}.score.{cat}"
            text = t(key)
            if text != key:
                return text
    if isinstance(cat, str) and cat not in ID_WORDS:
        text = tr(cat)   # a frozen 1.x engine names its categories in English ("street bonuses")
        if text != cat:
            return text
    return tr(cat) if isinstance(cat, dict) else id_word(cat)


def _letter(letters, seat):
    return letters[seat] if letters and 0 <= seat < len(letters) else None


def seat_letters(view):
    """The letter on each column's token: the seats' own (A, B, ...), then a non-player
    opponent's (Barcelona's Gaudí: "G", never the next seat's letter)."""
    letters = [SEAT_MARKS[i % len(SEAT_MARKS)][0] for i in range(len(view.get("players") or []))]
    if view.get("gaudi"):
        letters.append(t("bcn.ui.gaudi_letter"))
    return letters


def with_rival(view, breakdown, colours):
    """Names, colours, breakdowns and totals with a non-player opponent's column added (Barcelona's
    solo game: Gaudí, ``view["gaudi"]``; his seat index follows the players')."""
    names, colours = list(view["players"]), list(colours)[:len(view["players"])]
    breakdown, totals = list(breakdown)[:len(names)], list(view["scores"])[:len(names)]
    rival = view.get("gaudi")
    if rival:
        names.append(tr(rival["name"]))
        colours.append(rival_colour(colours))
        breakdown.append(rival["breakdown"])
        totals.append(rival["score"])
    return names, colours, breakdown, totals


def rival_history(view):
    """The score history, with the non-player opponent's scores as one more column if known."""
    hist = [list(row) for row in view.get("score_history", [])]
    rival = (view.get("gaudi") or {}).get("score_history")
    if rival and len(rival) == len(hist):
        hist = [row + [x] for row, x in zip(hist, rival)]
    return hist


def scores_panel(view, breakdown, colours):
    names, colours, breakdown, totals = with_rival(view, breakdown, colours)
    return (f'<section class="score-panel"><h2>{esc(t("app.scores.title"))}</h2>'
            + score_table(names, colours, breakdown, totals, over=bool(view.get("is_over")),
                          letters=seat_letters(view))
            + "</section>")


def end_panel(view, breakdown, winners, colours):
    names, colours, breakdown, totals = with_rival(view, breakdown, colours)
    if view.get("gaudi") and not winners:      # the solo game: no winning seat = Gaudí won
        winners = [len(view["players"])]
    who = i18n.join([names[w] for w in winners])
    won = tn("app.over.wins", "app.over.win", len(winners), who=who)
    tie = f'<p class="tiebreak">{esc(tr(view["tiebreak"]))}</p>' if view.get("tiebreak") else ""
    return (f'<section class="end"><h2>{esc(t("app.over.title"))}</h2><p class="winners">{esc(won)}</p>{tie}'
            + score_table(names, colours, breakdown, totals, winners, letters=seat_letters(view))
            + score_chart(rival_history(view), names, colours, letters=seat_letters(view))
            + button("ui:new-game", t("app.over.again"), cls="btn primary") + "</section>")


def log_of(view, colours, highlight=None):
    """The log panel of a view; a non-player opponent's lines (Gaudí's) carry his token too."""
    names, colours, _, _ = with_rival(view, [], colours)
    return log_panel(view.get("log", []), names, colours, highlight, seat_letters(view))


def log_panel(log, names, colours, highlight=None, letters=None):
    """Newest first. ``highlight``: the action index (entry ``n``) whose lines are marked (history)."""
    items = []
    for e in reversed(log[-200:]):  # newest first; long games stay light
        seat = e.get("seat")
        icon = (mark(seat, colours[seat], _letter(letters, seat))
                if isinstance(seat, int) and 0 <= seat < len(colours) else "")
        cur = ' class="current" aria-current="step"' if highlight is not None and e.get("n") == highlight else ""
        items.append(f'<li{cur}>{icon}{esc(tr(e.get("text", "")))}</li>')
    return f'<section class="log"><h2>{esc(t("app.log.title"))}</h2><ol reversed>{"".join(items)}</ol></section>'


_DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"]


def score_chart(history, names, colours, w=420, h=220, letters=None):
    """An SVG line chart of each seat's score over turns (history: list of per-turn score lists)."""
    if not history:
        return ""
    pad_l, pad_r, pad_t, pad_b = 36, 10, 10, 24
    values = [v for row in history for v in row] or [0]
    lo, hi = min(0, min(values)), max(1, max(values))  # scores can go negative (Strasbourg tasks)
    n = max(1, len(history) - 1)

    def xy(i, v):
        return (pad_l + (w - pad_l - pad_r) * i / n, h - pad_b - (h - pad_t - pad_b) * (v - lo) / (hi - lo))

    zero_y = xy(0, 0)[1]
    out = [f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{esc(t("app.chart.label"))}">',
           f'<line x1="{pad_l}" y1="{zero_y:.1f}" x2="{w - pad_r}" y2="{zero_y:.1f}" class="axis"/>',
           f'<line x1="{pad_l}" y1="{pad_t}" x2="{pad_l}" y2="{h - pad_b}" class="axis"/>',
           f'<text x="{pad_l - 4}" y="{pad_t + 8}" text-anchor="end">{hi}</text>',
           f'<text x="{pad_l - 4}" y="{zero_y + 4:.1f}" text-anchor="end">0</text>',
           (f'<text x="{pad_l - 4}" y="{h - pad_b}" text-anchor="end">{lo}</text>' if lo < 0 else ""),
           f'<text x="{w - pad_r}" y="{h - 6}" text-anchor="end">{esc(t("app.chart.turn", n=len(history) - 1))}</text>']
    for seat, name in enumerate(names):
        pts = " ".join("%.1f,%.1f" % xy(i, row[seat]) for i, row in enumerate(history) if seat < len(row))
        dash = _DASHES[seat % len(_DASHES)]
        out.append(f'<polyline points="{pts}" fill="none" stroke="{esc(colours[seat])}" stroke-width="2.5"'
                   f'{f" stroke-dasharray={chr(34)}{dash}{chr(34)}" if dash else ""}><title>{esc(name)}</title></polyline>')
    out.append("</svg>")
    legend = "".join(f"<li>{seat_badge(i, names, colours, letters)}</li>" for i in range(len(names)))
    return f'<figure class="chart-box">{"".join(out)}<ul class="legend">{legend}</ul></figure>'


def _act_button(a, hint, selected, ends=False):
    """A game action's button; the selected one (preview, not yet confirmed) is pressed; the
    turn's own end-turn button (``ends``) is marked end-turn."""
    cls = ("btn act" + (" hint" if hint is not None and a.id == hint.id else "")
           + (" selected" if a.id == selected else "") + (" end-turn" if ends else ""))
    pressed = ' aria-pressed="true"' if a.id == selected else ""
    return f'<button type="button" class="{cls}" data-action="{esc(a.id)}"{pressed}>{esc(tr(a.label))}</button>'


# ----- turn flow: preview + confirm, hand-off summary, help, settings (web/turnflow.py) -------------------
def preview_box(s):
    """The selected move: what it gives the deciding seat, and Confirm / Cancel. Confirm reads
    "End turn" when the move passes the turn (asked even with "Confirm moves" off)."""
    p = s.preview() if getattr(s, "selection", None) else None
    if p is None:
        return ""
    gives = "".join(f'<li class="{"up" if d > 0 else "down"}">{esc(_change(name, d))}</li>' for name, d in p.changes)
    notes = []
    if p.reveals:
        notes.append(t("app.preview.reveals"))
    if p.uncertain:
        notes.append(t("app.preview.uncertain", fields=i18n.join([tr(x) for x in p.uncertain])))
    if p.ends_turn:
        notes.append(tr(p.question) + (" " + t("app.preview.undo_until") if not p.game_over else ""))
    body = (f'<ul class="pv-gives" aria-label="{esc(t("app.preview.gives"))}">{gives}</ul>' if gives else
            f'<p class="pv-none">{esc(t("app.preview.no_change"))}</p>' if not p.reveals else "")
    ok = t("app.preview.end_turn") if p.ends_turn else t("app.preview.confirm")
    cls = "btn primary confirm end-turn" if p.ends_turn else "btn primary confirm"
    return (f'<div class="preview" role="status" data-selected="{esc(p.id)}" data-ends-turn="{int(p.ends_turn)}">'
            f'<p class="pv-label">{esc(tr(p.label))}</p>{body}'
            + "".join(f'<p class="pv-note">{esc(n)}</p>' for n in notes)
            + f'<div class="pv-buttons">{button("ui:confirm", ok, cls=cls)}'
            f'{button("ui:cancel", t("app.cancel"), cls="btn cancel", title=t("app.preview.cancel_tip"))}</div></div>')


def _change(name, delta):
    from .turnflow import change_text
    return change_text(name, delta)


def handoff_summary(s):
    """What the others did since the incoming player's last turn (public log lines)."""
    if not hasattr(s, "handoff_summary"):
        return ""
    lines, older = s.handoff_summary()
    if not lines:
        return ""
    names, colours = s.game.names, s.meta["colours"]
    items = []
    for e in lines:
        seat = e.get("seat")
        icon = mark(seat, colours[seat]) if isinstance(seat, int) and 0 <= seat < len(colours) else ""
        items.append(f"<li>{icon}{esc(tr(e.get('text', '')))}</li>")
    more = f'<p class="note">{esc(tn("app.since.older", "app.since.older_many", older))}</p>' if older else ""
    who = names[s.game.current_player]
    return (f'<section class="since" aria-label="{esc(t("app.since.label"))}"><h2>{esc(t("app.since.title", name=who))}</h2>'
            f'{more}<ol>{"".join(items)}</ol></section>')


def fresh_style(s):
    """The move just made animates once (a short pop of its last-move mark), never on later redraws
    and never under prefers-reduced-motion (style.css ``turn flow``)."""
    played = getattr(s, "just_played", None) or []
    if not played:
        return ""
    sel = ",".join(f'.board .lastmove[data-seat="{int(seat)}"][data-last="{_css_str(aid)}"]' for seat, aid in played)
    return f'<style class="fresh">@media (prefers-reduced-motion: no-preference) {{{sel}{{animation: tf-pop .28s ease-out}}}}</style>'


def _css_str(x):
    return str(x).replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")


def turn_settings_fields(form):
    """New-game form: "Confirm moves" (a device setting) and the computer seats' speed."""
    speed = form.get("speed", "normal")
    opts = "".join(f'<option value="{esc(k)}"{" selected" if k == speed else ""}>{esc(id_word(k))}</option>'
                   for k in BOT_SPEEDS)
    checked = " checked" if form.get("confirm", False) else ""
    speed_field = (f'<label class="speed">{esc(t("app.form.speed"))} <select name="speed" data-refresh="1">{opts}</select></label>'
                   if form.get("bots") else "")
    return (f'<label class="check"><input type="checkbox" name="confirm" value="1" data-action="ui:confirm-pref"{checked}> '
            f'{esc(t("app.form.confirm"))}</label>{speed_field}')


def help_panel(s):
    """The player aid: settings, a legend of every icon and abbreviation, a short rules summary
    and a link to the tutorial (from the renderer's help module)."""
    game = s.game.GAME_NAME if s.game is not None else s.form["game"]
    module = s.help_module(game) if hasattr(s, "help_module") else None
    on = s.prefs.get("confirm", False)
    awake = s.prefs.get("wakelock", True)
    state = {True: t("app.help.on"), False: t("app.help.off")}
    settings = (f'<section class="settings"><h2>{esc(t("app.help.settings"))}</h2>'
                + button("ui:toggle-confirm", t("app.help.confirm", state=state[bool(on)]),
                         cls="btn toggle" + (" on" if on else ""),
                         title=t("app.help.confirm_tip"))
                + f'<p class="note">{esc(t("app.help.confirm_note"))}</p>'
                + button("ui:toggle-wakelock", t("app.help.wakelock", state=state[bool(awake)]),
                         cls="btn toggle" + (" on" if awake else ""),
                         title=t("app.help.wakelock_tip"))
                + f'<p class="lang-row">{language_select("lang-help")}</p>'
                + '</section>')
    parts = [f'<div class="card help" role="dialog" aria-label="{esc(t("app.toolbar.help"))}"><h1>{esc(t("app.toolbar.help"))}</h1>{settings}']
    if module is not None:
        title = tr(module.TITLE)
        rows = "".join(f'<tr><td class="sym">{sym}</td><th scope="row">{esc(tr(term))}</th><td>{esc(tr(meaning))}</td></tr>'
                       for sym, term, meaning in module.legend())
        parts.append(f'<section class="legend-table"><h2>{esc(t("app.help.legend", game=title))}</h2>'
                     f'<table>{rows}</table></section>')
        rules = "".join(f"<li>{esc(tr(r))}</li>" for r in module.RULES)
        link = (f'<p><a class="btn" href="{esc(tutorial_link(module.TUTORIAL))}" target="_blank" rel="noopener">'
                f'{esc(t("app.help.tutorial", game=title))}</a></p>' if module.TUTORIAL else "")
        parts.append(f'<section class="rules"><h2>{esc(t("app.help.rules", game=title))}</h2><ol>{rules}</ol>{link}</section>')
    parts.append(keys_section())
    parts.append(f'<div class="row">{button("ui:help", t("app.help.close"), cls="btn primary")}</div></div>')
    return "".join(parts)


def keys_section():
    """The Help panel's keyboard table: the keys and shortcuts of web/keys.py."""
    from .keys import KEY_HELP, KEYS_HEADING, SHORTCUTS
    rows = [(t(k), what) for k, what in KEY_HELP] + [(k.upper() if k.isalpha() else k, what) for k, _, what in SHORTCUTS]
    body = "".join(f'<tr><th scope="row"><kbd>{esc(k)}</kbd></th><td>{esc(t(what))}</td></tr>' for k, what in rows)
    return f'<section class="keys"><h2>{esc(t(KEYS_HEADING))}</h2><table>{body}</table></section>'


def tutorial_link(href):
    """The tutorial page's link in the active language (``lang=``: the page and its embedded
    boards speak it)."""
    href, lang = str(href), i18n.active()
    if lang == i18n.DEFAULT:
        return href
    return href + ("&" if "?" in href else "?") + "lang=" + lang
