"""PyScript glue for the banners (web/model/banners.py decides what they say and for how long): the
banner on screen goes by itself after the speed's time, and moves to the foot of the board box
when it would hide the move it tells of."""

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from web.page.core import P, S, body, redraw


def schedule_banner():
    """After every redraw: (re)start the timer of the banner on screen, if it has one."""
    if P.banner_timer is not None:
        window.clearTimeout(P.banner_timer)
        P.banner_timer = None
    el = document.querySelector("section.banner")  # the screen on show draws it (or not)
    if is_none(el):
        body.removeAttribute("data-banner")
        return
    body.dataset.banner = f"{el.dataset.banner}:{el.dataset.bannerN}"  # tests wait on it
    mark = el.getAttribute("data-banner-mark")  # the move it tells of must stay in sight
    if mark:
        m = document.querySelector(f'.board-scroll .lastmove[data-last="{window.CSS.escape(mark)}"]')
        if not is_none(m):
            a, b = m.getBoundingClientRect(), el.getBoundingClientRect()
            if a.bottom > b.top and a.top < b.bottom and a.right > b.left and a.left < b.right:
                el.classList.add("low")
    ms = S.banners.due(S)
    if ms is not None:
        P.banner_timer = window.setTimeout(banner_proxy, ms)


def banner_next():
    P.banner_timer = None
    if S.banners.shown() is not None:
        S.banners.next()
        redraw()


banner_proxy = create_proxy(banner_next)
