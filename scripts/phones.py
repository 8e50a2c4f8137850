"""Hands on phones in Playwright pages (docs/pairing.md), shared by e2e/test_phones_e2e.py and
bench/phone_latency.py: the Chromium arguments, pairing a table page's seat with a phone page
through the text codes (read from one page's DOM, typed into the other), and waits on the pages'
own state (body[data-remote-sent], [data-remote-seq], [data-remote-moves]: web/page/remote.py)."""

from scripts.browser import click_and_wait

# Chromium hides host candidates behind mDNS names (<uuid>.local) unless the page may use the
# camera or microphone, and a headless renderer here cannot resolve them: the tests and benches
# offer the machine's addresses instead (the mDNS form of a code: tests/web/test_remote_code.py).
RTC_FLAGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TABLET = {"viewport": {"width": 1180, "height": 820}}


def sent(table):
    """{seat: seq} of the last state the table sent each phone."""
    text = table.get_attribute("body", "data-remote-sent") or ""
    return {int(k): int(v) for k, v in (x.split(":") for x in text.split(",") if x)}


def wait_phone_current(phone, table, seat):
    """The phone shows the newest state the table sent its seat."""
    seq = sent(table).get(seat, 0)
    phone.wait_for_function(f"Number(document.body.dataset.remoteSeq || 0) >= {seq}")


def wait_moves(table, n):
    """The table has played more than ``n`` moves (a phone's tap reached it)."""
    table.wait_for_function(f"Number(document.body.dataset.remoteMoves || 0) > {n}")


def join(phone, code):
    """On a phone page's new-game screen: Join a table, type the table's code, Join."""
    click_and_wait(phone, '[data-action="ui:join"]')
    phone.fill('textarea[name="table-code"]', code)
    click_and_wait(phone, '[data-action="ui:join-code"]')


def table_code(table, seat):
    """The table's code for ``seat`` on its pairing card (once the page has made it)."""
    loc = table.locator(f'.pair-seat[data-seat="{seat}"] textarea.table-code')
    loc.wait_for()
    return loc.input_value()


def answer_on_table(table, seat, code):
    table.fill(f'[data-remote-answer="{seat}"]', code)
    click_and_wait(table, f'[data-action="ui:phone-answer:{seat}"]')


def pair(table, phone, seat):
    """Pair ``phone`` with ``seat`` of the table's pairing card: the table's code typed on the
    phone, the phone's code typed on the table; returns once the phone shows its seat's table."""
    join(phone, table_code(table, seat))
    code = phone.locator("textarea.phone-code")
    code.wait_for()
    answer_on_table(table, seat, code.input_value())
    table.wait_for_selector(f'.pair-seat[data-seat="{seat}"][data-status="connected"]')
    phone.wait_for_selector(".phone-bar")
