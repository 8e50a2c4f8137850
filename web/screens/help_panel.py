"""The help screen (pure Python HTML): the game's player aid (its renderer's help module), the
keyboard keys and the link to the tutorial."""

from web.i18n import t, tr
from web.screens.form_panels import language_select, tutorial_link
from web.kit.html_kit import button, esc
from web.model.turnflow import help_module


def help_panel(s):
    """The player aid: settings, a legend of every icon and abbreviation, a short rules summary
    and a link to the tutorial (from the renderer's help module)."""
    game = s.game.GAME_NAME if s.game is not None else s.form["game"]
    module = help_module(game)
    on = s.prefs.confirm
    awake = s.prefs.wakelock
    state = {True: t("app.help.on"), False: t("app.help.off")}
    settings = (
        f'<section class="settings"><h2>{esc(t("app.help.settings"))}</h2>'
        + button(
            "ui:toggle-confirm",
            t("app.help.confirm", state=state[bool(on)]),
            cls="btn toggle" + (" on" if on else ""),
            title=t("app.help.confirm_tip"),
        )
        + f'<p class="note">{esc(t("app.help.confirm_note"))}</p>'
        + button(
            "ui:toggle-wakelock",
            t("app.help.wakelock", state=state[bool(awake)]),
            cls="btn toggle" + (" on" if awake else ""),
            title=t("app.help.wakelock_tip"),
        )
        + f'<p class="lang-row">{language_select("lang-help")}</p>'
        + '</section>'
    )
    # Close at the top too (kept in view while the card scrolls): the help is long on a tablet
    close = button("ui:help", t("app.help.close"), cls="btn help-close")
    parts = [
        f'<div class="card help" role="dialog" aria-label="{esc(t("app.toolbar.help"))}">'
        f'<div class="help-head"><h1>{esc(t("app.toolbar.help"))}</h1>{close}</div>{settings}'
    ]
    if module is not None:
        title = tr(module.TITLE)
        rows = "".join(
            f'<tr><td class="sym">{sym}</td><th scope="row">{esc(tr(term))}</th><td>{esc(tr(meaning))}</td></tr>'
            for sym, term, meaning in module.legend()
        )
        parts.append(
            f'<section class="legend-table"><h2>{esc(t("app.help.legend", game=title))}</h2>'
            f'<table>{rows}</table></section>'
        )
        rules = "".join(f"<li>{esc(tr(r))}</li>" for r in module.RULES)
        link = (
            f'<p><a class="btn" href="{esc(tutorial_link(module.TUTORIAL))}" target="_blank" rel="noopener">'
            f'{esc(t("app.help.tutorial", game=title))}</a></p>'
            if module.TUTORIAL
            else ""
        )
        parts.append(
            f'<section class="rules"><h2>{esc(t("app.help.rules", game=title))}</h2><ol>{rules}</ol>{link}</section>'
        )
    parts.append(keys_section())
    parts.append(f'<div class="row">{button("ui:help", t("app.help.close"), cls="btn primary")}</div></div>')
    return "".join(parts)


def keys_section():
    """The Help panel's keyboard table: the keys and shortcuts of web/screens/keys.py."""
    from web.screens.keys import KEY_HELP, KEYS_HEADING, SHORTCUTS

    rows = [(t(k), what) for k, what in KEY_HELP] + [
        (k.upper() if k.isalpha() else k, what) for k, _, what in SHORTCUTS
    ]
    body = "".join(f'<tr><th scope="row"><kbd>{esc(k)}</kbd></th><td>{esc(t(what))}</td></tr>' for k, what in rows)
    return f'<section class="keys"><h2>{esc(t(KEYS_HEADING))}</h2><table>{body}</table></section>'
