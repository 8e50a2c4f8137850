"""Hands on phones in Playwright pages (docs/pairing.md), shared by e2e/test_phones_e2e.py and
bench/phone_latency.py: the Chromium arguments, pairing a table page's seat with a phone page
through the text codes (read from one page's DOM, typed into the other), and waits on the pages'
own state (body[data-remote-moves], [data-remote-pending], [data-remote-sent], [data-remote-seq]:
web/page/remote.py)."""

from scripts.browser import click_and_wait

# Chromium hides host candidates behind mDNS names (<uuid>.local) unless the page may use the
# camera or microphone, and a headless renderer here cannot resolve them: the tests and benches
# offer the machine's addresses instead (the mDNS form of a code: tests/web/test_remote_code.py).
RTC_FLAGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TABLET = {"viewport": {"width": 1180, "height": 820}}


SENT = "!document.body.dataset.remotePending"  # the table has sent the phones their states


def sent(table):
    """{seat: seq} of the last state the table sent each phone (once it has sent them)."""
    table.wait_for_function(SENT)
    text = table.get_attribute("body", "data-remote-sent") or ""
    return {int(k): int(v) for k, v in (x.split(":") for x in text.split(",") if x)}


def wait_phone_current(phone, table, seat):
    """The phone shows the newest state the table sent its seat."""
    seq = sent(table).get(seat, 0)
    phone.wait_for_function(f"Number(document.body.dataset.remoteSeq || 0) >= {seq}")


def wait_moves(table, n):
    """The table has played more than ``n`` moves (a phone's tap reached it) and sent the phones
    their states."""
    table.wait_for_function(f"Number(document.body.dataset.remoteMoves || 0) > {n} && {SENT}")


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


def settled(table, seat):
    """Wait until ``seat``'s pairing has connected or failed (an answer whose channel never opened:
    web/static/remote.js CONNECT_MS; the card then says so), never on a silent wait; True if
    connected."""
    loc = table.locator(
        f'.pair-seat[data-seat="{seat}"][data-status="connected"], .pair-seat[data-seat="{seat}"][data-status="failed"]'
    )
    loc.wait_for()
    return loc.get_attribute("data-status") == "connected"


ATTEMPTS = 3  # pairings tried for one seat before a test gives up (a failed one is said, not hidden)


def retry(table, phone, seat):
    """After a failed pairing: the table's New code, the phone back to its Join screen."""
    print(f"pairing of seat {seat} failed (it said so): a new code", flush=True)
    click_and_wait(table, f'[data-action="ui:phone-retry:{seat}"]')
    click_and_wait(phone, '[data-action="ui:join-leave"]')


def pair(table, phone, seat):
    """Pair ``phone`` with ``seat`` of the table's pairing card: the table's code typed on the
    phone, the phone's code typed on the table; returns once the phone shows its seat's table. A
    pairing that fails (the card says so) is made again from a new code, up to ATTEMPTS."""
    for _ in range(ATTEMPTS):
        join(phone, table_code(table, seat))
        code = phone.locator("textarea.phone-code")
        code.wait_for()
        answer_on_table(table, seat, code.input_value())
        if settled(table, seat):
            phone.wait_for_selector(".phone-bar")
            return
        retry(table, phone, seat)
    raise AssertionError(f"seat {seat}: {ATTEMPTS} pairings failed")


# ----- the QR path: a fake camera that films another page's QR code -------------------------------
# Chromium plays a file as its camera (--use-fake-device-for-media-stream, with --use-fake-ui-for-
# media-stream granting it): the file is opened again each time a page starts the camera, so one
# path rewritten before each scan shows each scan the code it should read.
def camera_flags(path):
    return [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={path}",
    ]


def png_grey(data):
    """(width, height, bytes of luma) of an 8-bit, non-interlaced PNG (what a screenshot is)."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (0, 2, 6), (depth, colour, interlace)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = {0: 1, 2: 3, 6: 4}[colour]
    raw, stride = zlib.decompress(idat), w * bpp
    prev, out = bytearray(stride), bytearray()
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):  # undo the row filter (PNG spec 9.2)
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if bpp == 1:
            out += line
        else:
            out += bytes((line[i] * 299 + line[i + 1] * 587 + line[i + 2] * 114) // 1000 for i in range(0, stride, bpp))
    return w, h, bytes(out)


def write_y4m(path, png, size=(640, 480), frames=2):
    """A YUV4MPEG2 video (uncompressed 4:2:0) of the PNG image centred on white, for the fake camera."""
    w, h, grey = png_grey(png)
    fw, fh = size
    k = min((fw - 32) / w, (fh - 32) / h)  # fill the frame, a margin of white round it
    sw, sh = int(w * k), int(h * k)
    ox, oy = (fw - sw) // 2, (fh - sh) // 2
    luma = bytearray(b"\xff" * (fw * fh))
    for y in range(sh):
        src = int(y / k) * w
        row = bytes(grey[src + int(x / k)] for x in range(sw))
        luma[(oy + y) * fw + ox : (oy + y) * fw + ox + sw] = row
    chroma = b"\x80" * (fw // 2 * (fh // 2))
    frame = b"FRAME\n" + bytes(luma) + chroma + chroma
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{fw} H{fh} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * frames)
