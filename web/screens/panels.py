"""The #app markup for the session's current screen, pure Python (no js imports; tested in CPython).

``screen(session)`` returns it; ``draw(session, keep)`` returns it with the region drawings it
sent (``Screen.sent``: web/main.py keeps them to patch the next redraw, table_panels.Page). This
module assembles the screens (toolbar, new game, hand-off, play, history, help) from the panel
modules: html_kit (escaping, buttons, seat tokens), form_panels (the new-game form),
decision_panels (the decision bar), table_panels (the table's layout), score_panels (scores, log,
chart), help_panel. Every text from players or engines goes through esc(): names are user input.
Only the view of the seat allowed to see it is ever turned into markup.
"""

from dataclasses import dataclass

from web.model import banners
from web import i18n
from web.i18n import t, tr
from web.i18n.player_names import isolate
from web.kit.regions import drawn_ids, pick_choices, table_regions
from web.model.games import game_spec

from web.screens.decision_panels import (
    _end_turn,
    actions_panel,
    handoff_summary,
    hint_box,
    preview_box,
    thinking,
)
from web.screens.form_panels import (
    confirm_box,
    language_select,
    new_game_form,
    saved_games,
    storage_notes,
)
from web.screens.handoff_card import with_board
from web.screens.help_panel import help_panel
from web.screens.review_panels import end_button, review_screen
from web.screens import remote_panels
from web.kit.html_kit import button, esc, seat_badge
from web.screens.score_panels import (
    end_panel,
    log_of,
    score_breakdown,
    scores_panel,
)
from web.screens.table_panels import (
    Page,
    off_board,
    tray,
    inspector,
    pick_panel,
    score_strip,
    table_layout,
    text_panel,
)


@dataclass(frozen=True)
class Screen:
    html: str  # the #app markup
    sent: dict  # {region name: drawing} of every region in it (placeholders or not)


def draw(s, keep=None):
    """The screen of session ``s``. ``keep``: {region name: drawing} the page already shows (only
    for a page that patches, web/morph.js); those regions become placeholders (table_panels.Page)."""
    page = Page(keep)
    return Screen(_screen(s, page), dict(page.sent))


def screen(s, keep=None):
    """The #app markup for session ``s`` (``draw(s, keep).html``)."""
    return draw(s, keep).html


def _screen(s, page):
    i18n.use_names(s.game.names if s.game is not None else ())  # a seat(i) in a message -> its name
    top = toolbar(s)
    msg = f'<div class="message" role="alert">{esc(message_text(s.message))}</div>' if s.message else ""
    msg += storage_notes(s)
    kind = s.screen
    if getattr(s, "help_open", False) and kind != "new":
        body = help_panel(s)
    elif kind == "new":
        body = (
            confirm_box(s)
            + new_game_form(
                dict(s.form, confirm=s.prefs.confirm),
                s.available(),
                can_resume=s.game is not None,
            )
            + saved_games(s)
            + remote_panels.join_button()
        )
    elif kind == "pair":  # hands on phones: the table's pairing card (web/screens/remote_panels.py)
        body = remote_panels.pairing_card(s)
    elif kind == "phone":  # this device holds one seat of another device's table
        body = remote_panels.phone_screen(s, page)
    elif kind == "handoff":
        body = handoff(s)
    elif kind == "history":
        body = history(s, page)
    elif kind == "review":
        body = review_screen(s, page)
    elif kind == "embed-error":
        body = (
            f'<div class="card"><h1>{esc(t("app.embed.broken_title"))}</h1>'
            f'<p>{esc(t("app.embed.broken_text"))}</p></div>'
        )
    else:
        body = play(s, page)
    head = ""
    if (
        kind in ("play", "over", "bot", "history", "review") and s.game is not None
    ):  # the other screens have a visible h1
        head = f'<h1 class="visually-hidden">{esc(tr(game_spec(s.game.GAME_NAME).title))}</h1>'
    return f'{top}{msg}<main class="screen screen-{kind}">{head}{body}</main>'


def message_text(m):
    """The message line: an engine or app message (translated now, so a language switch
    re-words it) or text already in words; capped like every shown message (limits.short)."""
    from web.model.limits import short

    return short(tr(m))


def whole_board_button(s):
    """Phones (style.css shows it there instead of -/Fit/+): the board shows the part that holds the
    decision's choices (kit.regions.focus_regions); this toggles the whole board (a tap, never hover)."""
    on = bool(getattr(s, "whole_board", False))
    name = t("app.toolbar.whole_board")
    return (
        f'<button type="button" class="btn whole-btn" data-action="ui:whole-board" aria-pressed="{"true" if on else "false"}" '
        f'title="{esc(name)}"><svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">'
        '<rect x="2" y="2" width="16" height="16" rx="2" fill="none" stroke="currentColor" stroke-width="2"/>'
        '<path d="M2 8h16M2 13h16M8 2v16M13 2v16" stroke="currentColor" stroke-width="1.2"/></svg>'
        f'<span class="whole-name">{esc(name)}</span></button>'
    )


def toolbar(s):
    """The top bar. On a game screen its controls come in two groups: the game's (Undo, History,
    zoom, the scores/log drawer) and the rest in ``.tb-more``, itself two parts: ``.tb-mid`` (New
    game, Help) and ``.tb-rare`` (Export, Install, full screen, Import, Board as text, language).
    Wide screens (>= 1366 px) show everything in one row; from 901 to 1365 px (a tablet in
    landscape, a small laptop) ``.tb-rare`` is a menu behind "More"; on a narrow one (a tablet in
    portrait) all of ``.tb-more`` is (web/style.css). ``ui:more`` is toggled in place by main.py.
    So the bar stays one row of full-size targets in every language (German is the longest)."""
    playing = s.screen in ("play", "over", "handoff", "bot", "review", "remote", "pair")
    embed = s.embed is not None
    board = s.screen in ("play", "over", "history", "bot", "remote") or (s.screen == "phone" and s.phone.state)
    # the review, the hand-off card and the phones' pairing card: the same bar, no zoom (a phone's
    # hand-off card kept every control in view: three rows over the card)
    grouped = (board or s.screen in ("review", "handoff", "pair")) and not embed
    # Embedded boards (tutorial pages) have no New game / Import / Export: they show one record.
    game, mid, rest = [], [], []
    head = (
        '<nav class="toolbar embed">'
        if embed
        else f'<nav class="toolbar"><span class="title">{esc(t("app.title"))}</span>'
    )
    if not embed:
        (mid if grouped else game).append(button("ui:new-game", t("app.toolbar.new_game")))
    if playing and s.screen != "review":  # the review: a finished game, nothing to undo
        game.append(button("ui:undo", t("app.toolbar.undo"), disabled=not s.can_undo(), title=undo_tip(s)))
    if playing and not embed:
        rest.append(button("ui:export", t("app.toolbar.export")))
        if s.screen not in ("over", "review"):  # hands on phones (docs/pairing.md)
            rest.append(button("ui:phones", t("app.remote.toolbar"), title=t("app.remote.toolbar_tip")))
    if embed and s.embed["play"] and s.game is not None and s.screen != "history":
        game.append(button("ui:embed-reset", t("app.toolbar.reset"), title=t("app.toolbar.reset_tip")))
    if s.browse.can_open():
        game.append(button("ui:history", t("app.toolbar.history"), title=t("app.toolbar.history_tip")))
    if not embed:
        (mid if grouped else rest).append(button("ui:help", t("app.toolbar.help"), title=t("app.toolbar.help_tip")))
        # Shown by web/device.js only where the browser offers them (classes on <html>).
        rest.append(
            button("ui:install", t("app.toolbar.install"), cls="btn device install", title=t("app.toolbar.install_tip"))
        )
        rest.append(
            f'<button type="button" class="btn device fullscreen" data-action="ui:fullscreen" '
            f'title="{esc(t("app.toolbar.fullscreen_tip"))}" aria-label="{esc(t("app.toolbar.fullscreen"))}"><svg viewBox="0 0 20 20" width="20" '
            'height="20" aria-hidden="true"><path d="M2 7V2h5M13 2h5v5M18 13v5h-5M7 18H2v-5" fill="none" '
            'stroke="currentColor" stroke-width="2"/></svg>'
            # Its name in words where it is a menu item (web/style.css .in-menu).
            f'<span class="in-menu" aria-hidden="true">{esc(t("app.toolbar.fullscreen"))}</span></button>'
        )
        rest.append(
            f'<label class="btn file">{esc(t("app.toolbar.import"))}<input type="file" '
            'accept=".json,application/json" data-action="ui:import"></label>'
        )
    if board:
        game.append(
            '<span class="zoom">'
            + button("ui:zoom-out", "−", title=t("app.toolbar.zoom_out"))
            + button("ui:zoom-fit", t("app.toolbar.fit"), title=t("app.toolbar.fit_tip"))
            + button("ui:zoom-in", "+", title=t("app.toolbar.zoom_in"))
            + whole_board_button(s)
            + "</span>"
        )
        # Tablets: scores and log live in a drawer (CSS hides this toggle when they fit beside the board).
        game.append(
            button("ui:panel", t("app.toolbar.panel"), cls="btn panel-toggle", title=t("app.toolbar.panel_tip"))
        )
        text_on = getattr(s, "text_open", False)
        (rest if grouped else game).append(
            f'<button type="button" class="btn board-text-btn" data-action="ui:board-text" '
            f'aria-pressed="{"true" if text_on else "false"}" title="{esc(t("app.a11y.button_tip"))}">'
            f'{esc(t("app.a11y.heading"))}</button>'
        )
    if not embed:
        rest.append(language_select("lang-toolbar"))
    if not grouped:
        return head + "".join(game + mid + rest) + "</nav>"
    more = (
        f'<button type="button" class="btn more-btn" data-action="ui:more" aria-expanded="false" '
        f'aria-controls="tb-more" title="{esc(t("app.toolbar.more_tip"))}"><span class="more-word">{esc(t("app.toolbar.more"))}</span>'
        '<svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true"><path d="M5 8l5 5 5-5" fill="none" '
        'stroke="currentColor" stroke-width="2"/></svg></button>'
    )
    return (
        head.replace('class="toolbar"', 'class="toolbar grouped"')
        + "".join(game)
        + more
        + '<div class="tb-more" id="tb-more"><div class="tb-mid">'
        + "".join(mid)
        + '</div><div class="tb-rare">'
        + "".join(rest)
        + "</div></div></nav>"
    )


def undo_tip(s):
    """Undo's title: the turn that just passed when that is what it takes back."""
    seat = s.take_back_seat() if not s.game.can_undo() else None
    return (
        t("app.toolbar.undo_tip") if seat is None else t("app.toolbar.take_back_tip", name=isolate(s.game.names[seat]))
    )


def handoff(s):
    seat = s.game.current_player
    names, colours = s.game.names, s.meta["colours"]
    return with_board(  # the next seat's places on a board beside it, if any (web/screens/handoff_card.py)
        s,
        f'<h1>{esc(t("app.handoff.title", name=isolate(names[seat])))}</h1>'
        f'<p>{seat_badge(seat, names, colours)}</p><p>{esc(t("app.handoff.only", name=isolate(names[seat])))}</p>'
        f'{button("ui:handoff-ok", t("app.handoff.ok", name=isolate(names[seat])), cls="btn primary")}'
        f"{handoff_choices(s)}{take_back_button(s)}{handoff_summary(s)}",
    )


def take_back_button(s):
    """ "Back to Ann's turn": the turn that just passed, taken back before the next seat decides
    (Session.take_back), in place of a confirmation asked before the device went round."""
    seat = s.take_back_seat()
    if seat is None:
        return ""
    return button("ui:undo", t("app.handoff.back", name=isolate(s.game.names[seat])), cls="btn take-back")


def handoff_choices(s):
    """The next seat's choices that show nothing secret (Session.handoff_choices), as buttons on
    the card: the tap that takes the device is the decision."""
    acts = s.handoff_choices()
    if not acts:
        return ""
    return (
        f'<section class="handoff-choices" aria-label="{esc(t("app.handoff.at_once"))}"><p>{esc(t("app.handoff.at_once"))}</p>'
        + "".join(button(f"ui:handoff-play:{a.id}", tr(a.label), cls="btn act") for a in acts)
        + "</section>"
    )


def open_pick(s, view, legal, selected):
    """The two-step choice's list, closed once one of its choices is selected (the preview box
    then asks to confirm it; Cancel brings the list back)."""
    choice = pick_choices(s, view, legal)
    if choice and selected in {a.id for a in choice[1]}:
        return None
    return choice


def play(s, page=None):
    banner = banners.html(s)  # first: the board marks the move the banner tells of (web/model/banners.py)
    view = s.view()
    legal = s.legal_actions()
    names, colours = view["players"], s.meta["colours"]
    hint = s.hints.current
    regions, legacy = table_regions(
        s,
        view,
        legal,
        hint=hint.id if hint is not None else None,
        selected=f"ui:pick:{s.pick}" if s.pick is not None else None,
    )
    # the bar leaves every id drawn in some region to the drawings (a choice drawn only off the
    # main board is a tray button as well: table_panels.off_board)
    drawn = drawn_ids(regions)
    selected = s.flow.selection
    side = []
    breakdown = score_breakdown(view, s.game)
    over = bool(view.get("is_over"))
    decision = tray_html = ""
    if over:
        winners = view.get("winners")
        # The result heads the main column (not the drawer): the first thing every player sees.
        decision = (
            f'<div class="over-top">{inspector(s)}'
            + end_panel(view, breakdown, s.game.winners() if winners is None else winners, colours, end_button(s))
            + "</div>"
        )
    elif s.screen == "bot":
        decision = thinking(s, names, colours)
        side.append(scores_panel(view, breakdown, colours))
    elif s.screen == "remote":  # a phone decides: the table shows the public view
        decision = remote_panels.waiting_bar(s, view)
        side.append(scores_panel(view, breakdown, colours))
    else:
        off = off_board(regions)
        rend = s.renderer(view["game"])
        picks = rend.tray_picks(legal, off) if rend is not None and rend.tray_picks else ()
        # A two-step choice begun in the tray (which card, then which stack) goes on there: under
        # the board, which keeps its place in sight (a chooser floated over it hid the board).
        choice = open_pick(s, view, legal, selected)
        in_tray = bool(choice) and any(k == s.pick for k, _, _ in picks)
        # its Cancel brings the other cards back (their choices lie behind it: data-stands-for)
        back = [a for k, _, ids in picks if k != s.pick for a in ids] if in_tray else ()
        second = pick_panel(choice, hint, back)
        # The prompt and the buttons of the pending decision: a bar above the board, so they
        # never hide in the drawer; the inspector and a two-step choice live there too.
        decision = (
            f'<section class="decision"><div class="prompt">'
            f'{seat_badge(view.get("current_player"), names, colours)}'
            f'<p>{esc(tr(view.get("prompt", "")))}</p>{hint_box(hint, legal, s.hints.thinking, s.hints.reason)}</div>{preview_box(s)}'
            f'{inspector(s)}{"" if in_tray else second}'
            f'{actions_panel(legal, drawn, hint, s.action_groups(view["game"]), selected, _end_turn(s))}</section>'
        )
        tray_html = tray(
            legal, off, hint, selected, getattr(s, "board_parts", None), picks, s.pick, second if in_tray else ""
        )
        side.append(scores_panel(view, breakdown, colours))
    side.append(log_of(view, colours))
    decision += text_panel(s, view, regions, legal)
    return table_layout(
        s,
        regions,
        legacy,
        decision,
        side,
        drawer_open=s.panel_open,
        page=page,
        banner=banner,
        tray_html=tray_html,
        strip="" if over else score_strip(view, colours),
    )


def history(s, page=None):
    """The read-only history browser: the board at the step, scores, the log with the step's lines
    highlighted. Only ui: controls carry data-action (no game action can be played here)."""
    h = s.browse.history
    view = h.view()
    names, colours = view["players"], s.meta["colours"]
    # no legal actions: the renderer draws no targets; a review's turning point: both moves drawn
    regions, legacy = table_regions(s, view, [], arrows=s.browse.arrows.get(h.step))
    game = h.game_at()
    breakdown = score_breakdown(view, game)
    # What the step did: its log lines (as filtered for the viewer), else the action's label
    # (never with hidden hands: a label can name a private choice).
    lines = [tr(e.get("text", "")) for e in view.get("log", []) if h.step and e.get("n") == h.step - 1]
    label = None if lines else h.label()
    what = "".join(f'<p class="hist-move">{esc(x)}</p>' for x in lines[-3:])
    what += f'<p class="hist-move">{esc(t("app.hist.move", label=tr(label)))}</p>' if label else ""
    status = (
        esc(t("app.over.title"))
        if view.get("is_over")
        else f'{seat_badge(view.get("current_player"), names, colours)} {esc(tr(view.get("prompt", "")))}'
    )
    controls = ""
    if s.embed is None or s.embed["controls"]:
        nav = [
            ("ui:hist-first", "« " + t("app.hist.first"), t("app.hist.first_tip"), h.step == 0),
            ("ui:hist-prev", "‹ " + t("app.hist.back"), t("app.hist.back_tip"), h.step == 0),
            ("ui:hist-next", t("app.hist.next") + " ›", t("app.hist.next_tip"), h.step == h.total),
            ("ui:hist-last", t("app.hist.last") + " »", t("app.hist.last_tip"), h.step == h.total),
        ]
        # by turn and by round (a game without rounds: by turn only); keys , . and < >
        turns = h.turn_stops()
        nav += [
            ("ui:hist-turn-prev", "‹ " + t("app.hist.turn_back"), t("app.hist.turn_back_tip"), h.step <= turns[0]),
            ("ui:hist-turn-next", t("app.hist.turn_next") + " ›", t("app.hist.turn_next_tip"), h.step >= turns[-1]),
        ]
        if h.round_number() is not None:
            rounds = h.round_stops()
            nav += [
                (
                    "ui:hist-round-prev",
                    "‹ " + t("app.hist.round_back"),
                    t("app.hist.round_back_tip"),
                    h.step <= rounds[0],
                ),
                (
                    "ui:hist-round-next",
                    t("app.hist.round_next") + " ›",
                    t("app.hist.round_next_tip"),
                    h.step >= rounds[-1],
                ),
            ]
        controls = (
            '<div class="hist-nav">'
            + "".join(button(a, lab, cls="btn hist-btn", disabled=dis, title=tip) for a, lab, tip, dis in nav)
            + "</div>"
        )
    back = t("app.review.back_review") if s.review.shown else t("app.hist.close")  # opened from the review
    close = button("ui:hist-close", back, cls="btn primary") if s.embed is None or s.embed["play"] else ""
    public = f'<p class="hist-note">{esc(t("app.hist.hidden"))}</p>' if h.hidden else ""
    close += copy_controls(s)
    step = t("app.hist.step", step=f"<b>{h.ordinal}</b>", total=h.count)  # numbers only: safe markup
    turn, turns = h.turn_ordinal()
    step += " · " + t("app.hist.turn", turn=turn, total=turns)
    if h.round_number() is not None:
        step += " · " + t("app.hist.round", round=h.round_number())
    bar = (
        f'<section class="decision history-bar" aria-label="{esc(t("app.toolbar.history"))}">'
        f'<p class="hist-step" role="status">{step}</p>{controls}{close}'
        f'<div class="prompt">{what}<p>{status}</p>{public}</div>{inspector(s)}</section>'
    )
    bar += text_panel(s, view, regions, [])
    side = [scores_panel(view, breakdown, colours), log_of(view, colours, highlight=h.step - 1 if h.step else None)]
    return table_layout(s, regions, legacy, bar, side, drawer_open=s.panel_open, cls_extra=" history", page=page)


def copy_controls(s):
    """History's authoring buttons (docs/embedding.md): a link to the position on screen and the
    code of an <iframe> showing it; what was copied stays on screen, selectable, in case the
    browser's clipboard is not available. Words: the tutorial domain (tut.history.*)."""
    if s.embed is not None:
        return ""
    out = (
        '<div class="hist-copy">'
        + button("ui:copy-link", t("tut.history.copy_link"), cls="btn hist-btn")
        + button("ui:copy-embed", t("tut.history.copy_embed"), cls="btn hist-btn")
        + "</div>"
    )
    copied = s.browse.copied
    if copied:
        what = t("tut.history.copied_link") if copied[0] == "link" else t("tut.history.copied_embed")
        out += (
            f'<label class="copy-box">{esc(what)} '
            f'<input class="copy-text" data-copied="{esc(copied[0])}" readonly value="{esc(copied[1])}"></label>'
        )
    return out
