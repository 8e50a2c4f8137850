"""Hands on phones, the screens (pure HTML; docs/pairing.md): the table's pairing card (a code per
seat and a field for the phone's answer), the table's bar while a phone decides, and a phone's
screens (Join a table, its answer code, then its seat's table drawn by the same renderer from the
view the table sent). Only the phone's own seat's view is ever turned into markup on a phone, and
only the public view on the table while phones hold the seats."""

from web.i18n import t, tr
from web.i18n.player_names import isolate
from web.kit.html_kit import button, esc, seat_badge
from web.kit.regions import drawn_ids, pick_choices, table_regions
from web.screens.decision_panels import actions_panel
from web.screens.score_panels import log_of, score_breakdown, scores_panel
from web.screens.table_panels import inspector, pick_panel, table_layout


def _code(text, cls):
    """A code to copy: selectable text in a read-only field (one tap selects it on a phone)."""
    return (
        f'<textarea class="pair-code {cls}" readonly rows="3" spellcheck="false" '
        f'aria-label="{esc(t("app.remote.code_label"))}">{esc(text)}</textarea>'
    )


def qr_svg(rows, code, label):
    """A code as a QR image (its modules made by the page with lean-qr): one path of dark runs
    per row, a 4-module quiet zone, black on white whatever the theme (cameras need the contrast).
    data-qr holds the code it shows (the text beside it says the same)."""
    n, q = len(rows), 4
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < n:
            if row[x] == "1":
                start = x
                while x < n and row[x] == "1":
                    x += 1
                runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    side = n + 2 * q
    return (
        f'<svg class="pair-qr" viewBox="-{q} -{q} {side} {side}" role="img" shape-rendering="crispEdges" '
        f'aria-label="{esc(label)}" data-qr="{esc(code)}"><rect x="-{q}" y="-{q}" width="{side}" '
        f'height="{side}" fill="#fff"/><path fill="#000" d="{"".join(runs)}"/></svg>'
    )


# ----- the table (the host) ------------------------------------------------------------------------
def pairing_card(s):
    """The pairing card: per seat held by a phone, the table's code, the field for the phone's
    answer, its state; Play closes it (the game goes on; a seat still unpaired waits for its phone)."""
    names, colours = s.game.names, s.meta["colours"]
    rows = []
    for seat in s.remote.seats():
        link = s.remote.links[seat]
        name = isolate(names[seat])
        head = f"<h2>{seat_badge(seat, names, colours)}</h2>"
        if link.status == "connected":
            body = f'<p class="pair-ok" role="status">{esc(t("app.remote.connected", name=name))}</p>'
        elif link.status == "failed":  # the answer was taken, the channel never opened
            body = f'<p class="message" role="alert">{esc(t("app.remote.failed", name=name))}</p>' + button(
                f"ui:phone-retry:{seat}", t("app.remote.retry"), cls="btn primary"
            )
        elif link.status == "new" or not link.code:
            body = f'<p class="pair-wait">{esc(t("app.remote.making"))}</p>'
        else:
            state = ""
            if link.status == "connecting":
                state = f'<p class="pair-wait" role="status">{esc(t("app.remote.connecting"))}</p>'
            qr = qr_svg(link.qr, link.code, t("app.remote.qr_label", name=name)) if link.qr else ""
            scan = button(f"ui:phone-scan:{seat}", t("app.remote.scan_phone", name=name), cls="btn primary")
            body = (
                f'<div class="pair-scan-row">{qr}<div>{scan}</div></div>'
                f'<p class="pair-or">{esc(t("app.remote.or_type"))}</p>'
                f'<p>{esc(t("app.remote.table_code", name=name))}</p>{_code(link.code, "table-code")}'
                f'<label class="pair-field">{esc(t("app.remote.answer_label", name=name))}'
                f'<textarea class="pair-answer" rows="3" spellcheck="false" autocomplete="off" '
                f'data-remote-answer="{seat}">{esc(link.typed)}</textarea></label>'
                + button(f"ui:phone-answer:{seat}", t("app.remote.connect"), cls="btn primary")
                + state
            )
        drop = button(f"ui:phone-drop:{seat}", t("app.remote.keep_on_tablet"), cls="btn")
        rows.append(
            f'<section class="pair-seat" data-seat="{seat}" data-status="{link.status}">{head}{body}{drop}</section>'
        )
    return (
        f'<div class="card pairing"><h1>{esc(t("app.remote.title"))}</h1>'
        f'<p>{esc(t("app.remote.how"))}</p>{"".join(rows)}'
        f'{button("ui:phones-done", t("app.remote.play"), cls="btn primary")}</div>'
    )


def waiting_bar(s, view):
    """The table's decision bar while a phone decides: whose turn, and a way to pair again."""
    seat = s.game.current_player
    names, colours = view["players"], s.meta["colours"]
    name = isolate(names[seat])
    link = s.remote.links.get(seat)
    if link is not None and link.status == "connected":
        text = t("app.remote.deciding", name=name)
        again = ""
    else:
        text = t("app.remote.not_connected", name=name)
        again = button("ui:phones", t("app.remote.pair_again"), cls="btn primary")
    return (
        f'<section class="decision remote-wait"><div class="prompt">{seat_badge(seat, names, colours)}'
        f'<p role="status">{esc(text)}</p>{again}</div>{inspector(s)}</section>'
    )


# ----- a phone -------------------------------------------------------------------------------------
def join_button():
    """On the new-game screen: this device joins another device's table as a phone."""
    return (
        f'<section class="card join-table"><h2>{esc(t("app.remote.join_title"))}</h2>'
        f'<p>{esc(t("app.remote.join_how"))}</p>{button("ui:join", t("app.remote.join"), cls="btn")}</section>'
    )


def phone_screen(s, page=None):
    """What a phone shows: the join card, its answer code, or its seat's table."""
    p = s.phone
    leave = button("ui:join-leave", t("app.remote.leave"), cls="btn")
    if p.status == "connected" and p.state:
        return phone_table(s, page)
    if p.status in ("join", "lost"):
        lost = f'<p class="message" role="alert">{esc(t("app.remote.lost"))}</p>' if p.status == "lost" else ""
        scan = button("ui:join-scan", t("app.remote.scan_table"), cls="btn primary")
        return (
            f'<div class="card join">{lost}<h1>{esc(t("app.remote.join_title"))}</h1>{scan}'
            f'<p class="pair-or">{esc(t("app.remote.or_type"))}</p>'
            f'<label class="pair-field">{esc(t("app.remote.paste_table_code"))}'
            f'<textarea class="pair-answer" name="table-code" rows="3" spellcheck="false" autocomplete="off">'
            f"{esc(p.typed)}</textarea></label>{button('ui:join-code', t('app.remote.join'), cls='btn')}{leave}</div>"
        )
    if p.status == "waiting" and p.code:
        qr = qr_svg(p.qr, p.code, t("app.remote.phone_qr_label")) if p.qr else ""
        return (
            f'<div class="card join"><h1>{esc(t("app.remote.show_table"))}</h1>{qr}'
            f'<p class="pair-wait" role="status">{esc(t("app.remote.waiting_table"))}</p>'
            f'<p class="pair-or">{esc(t("app.remote.or_type"))}</p>{_code(p.code, "phone-code")}'
            f"{leave}</div>"
        )
    return f'<div class="card join"><p class="pair-wait" role="status">{esc(t("app.remote.making"))}</p>{leave}</div>'


def phone_table(s, page=None):
    """The seat's table on its phone: the view the table sent, drawn by the game's renderer, with
    the seat's choices when it decides (a tap sends the action id to the table)."""
    p = s.phone
    view = p.view()
    legal = p.legal_actions()
    names, colours = view["players"], s.meta["colours"]
    selected = f"ui:pick:{s.pick}" if s.pick is not None else None
    regions, legacy = table_regions(s, view, legal, selected=selected)
    drawn = drawn_ids(regions)
    breakdown = score_breakdown(view, None) if view.get("score_breakdown") is not None else []
    if view.get("is_over"):
        prompt = t("app.over.title")
    elif legal:
        prompt = tr(view.get("prompt", ""))
    else:
        seat = view.get("current_player")
        prompt = t("app.remote.others_turn", name=isolate(names[seat])) if seat is not None else ""
    choice = pick_choices(s, view, legal) if legal else None
    decision = (
        f'<section class="decision phone-bar"><div class="prompt">'
        f'{seat_badge(view.get("current_player"), names, colours)}<p role="status">{esc(prompt)}</p></div>'
        f'{inspector(s)}{pick_panel(choice)}'
        f'{actions_panel(legal, drawn, None, s.action_groups(view["game"])) if legal else ""}</section>'
    )
    side = [scores_panel(view, breakdown, colours) if breakdown else "", log_of(view, colours)]
    return table_layout(s, regions, legacy, decision, side, drawer_open=s.panel_open, page=page)
