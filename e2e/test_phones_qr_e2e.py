"""Hands on phones through the QR path (docs/pairing.md "QR codes"): a table page and phone pages,
each in its own browser context, pair by scanning each other's QR codes with Chromium's fake
camera. The camera plays a YUV4MPEG2 file made here from a screenshot of the other page's QR
image (scripts/phones.py `write_y4m`); Chromium opens that file again each time a page starts
its camera, so the file is rewritten before each scan. Headless Chromium on Linux has no
BarcodeDetector for QR codes: the vendored zxing-wasm reader reads them (asserted), its
WebAssembly fetched from this origin (the guard fails on a request to another host).

Every wait is on a page's own state (docs/testing.md)."""

import pytest

from e2e_harness import E2E_ARGS, wait_ready
from phone_pages import Devices, barcelona_secrets, boot, play_on_phones, rec_current, saved, table_and_phones
from scripts.browser import CHROMIUM, click_and_wait, play_step
from scripts.phones import (
    PHONE,
    RTC_FLAGS,
    answer_on_table,
    camera_flags,
    retry,
    settled,
    table_code,
    wait_moves,
    wait_phone_current,
    write_y4m,
)


@pytest.fixture(scope="module")
def camera(tmp_path_factory):
    return tmp_path_factory.mktemp("camera") / "camera.y4m"


@pytest.fixture(scope="module")
def cam_browser(browser_type, camera):
    write_y4m(camera, _white_png())  # the file must exist when the browser starts
    b = browser_type.launch(executable_path=CHROMIUM, args=E2E_ARGS + RTC_FLAGS + camera_flags(camera))
    yield b
    b.close()


@pytest.fixture
def device(request, cam_browser):
    devices = Devices(request, cam_browser)
    yield devices
    devices.close()


def _white_png():
    """A tiny white PNG (1x1 grey), for the camera file before the first code."""
    import struct
    import zlib

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", 2, 2, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\0\xff\xff" * 2))
        + chunk(b"IEND", b"")
    )


def film(camera, page, selector):
    """Point the fake camera at the QR image ``selector`` on ``page`` (a screenshot of it)."""
    loc = page.locator(selector)
    loc.wait_for()
    png = loc.screenshot()
    write_y4m(camera, png)
    return png, loc.get_attribute("data-qr")


def scan_pair(camera, table, phone, seat, attempts=3):
    """Pair ``seat`` by two scans: the phone films the table's QR code, the table the phone's.
    Returns the table's code filmed (its PNG and its text). A pairing that fails (the card says
    so: scripts/phones.py `settled`) is made again from a new code."""
    for _ in range(attempts):
        filmed = film(camera, table, f'.pair-seat[data-seat="{seat}"] svg.pair-qr')
        click_and_wait(phone, '[data-action="ui:join"]')
        click_and_wait(phone, '[data-action="ui:join-scan"]')  # the camera view opens; it reads the code
        film(camera, phone, ".join svg.pair-qr")  # the phone's answer, as a QR code
        assert phone.evaluate("window.euroRemote.scanning()") == ""  # the camera view closed itself
        click_and_wait(table, f'[data-action="ui:phone-scan:{seat}"]')
        if settled(table, seat):
            phone.wait_for_selector(".phone-bar")
            return filmed
        retry(table, phone, seat)
    raise AssertionError(f"seat {seat}: {attempts} pairings failed")


def test_two_phones_pair_by_qr_codes_and_play(device, base, camera):
    table, phones = table_and_phones(
        device, base, "game=barcelona&players=3&seed=11&hidden=1&bots=2&botdelay=0", (0, 1)
    )
    # The QR code shows the seat's code (the text fallback beside it says the same).
    qr = table.locator('.pair-seat[data-seat="0"] svg.pair-qr')
    qr.wait_for()
    assert qr.get_attribute("data-qr") == table.locator('.pair-seat[data-seat="0"] textarea.table-code').input_value()
    box = qr.bounding_box()
    assert box["width"] >= 160  # a code a phone's camera reads from arm's length

    codes = {seat: scan_pair(camera, table, phones[seat], seat) for seat in (0, 1)}
    for p in phones.values():
        assert p.evaluate("window.euroRemote.reader()") == "zxing-wasm"
    assert table.evaluate("window.euroRemote.reader()") == "zxing-wasm"
    click_and_wait(table, '[data-action="ui:phones-done"]')
    play_on_phones(table, phones, 3, barcelona_secrets)

    # The phone of the seat deciding drops mid-turn (a reload: its page and channel are gone). The
    # table says so and makes a new code for that seat; the phone filming the seat's old code
    # (a replayed code) gets an answer the table refuses; filming the new one pairs it again.
    table.wait_for_function("!document.body.dataset.bot")
    seat = rec_current(saved(table))
    old_qr, old = codes[seat]
    phone = phones[seat]
    phone.reload()
    wait_ready(phone)
    table.wait_for_selector('.remote-wait [data-action="ui:phones"]')
    click_and_wait(table, '.remote-wait [data-action="ui:phones"]')
    new = table.locator(f'.pair-seat[data-seat="{seat}"] svg.pair-qr')
    new.wait_for()
    assert new.get_attribute("data-qr") != old
    write_y4m(camera, old_qr)  # the seat's code from before the drop, filmed then
    click_and_wait(phone, '[data-action="ui:join"]')
    click_and_wait(phone, '[data-action="ui:join-scan"]')
    film(camera, phone, ".join svg.pair-qr")
    click_and_wait(table, f'[data-action="ui:phone-scan:{seat}"]')
    table.wait_for_selector(".message")
    assert table.locator(f'.pair-seat[data-seat="{seat}"]').get_attribute("data-status") == "offered"
    click_and_wait(phone, '[data-action="ui:join-leave"]')
    scan_pair(camera, table, phone, seat)
    click_and_wait(table, '[data-action="ui:phones-done"]')
    n = len(saved(table)["actions"])
    wait_phone_current(phone, table, seat)
    play_step(phone, tap=True)
    wait_moves(table, n)
    barcelona_secrets(table, phones)


def test_a_filmed_code_of_another_seat_is_refused(device, base, camera):
    """The camera view closes on Escape; the table films a phone's answer meant for seat 0 while
    pairing seat 1: refused, seat 1 stays unpaired and seat 0 is not taken."""
    table, phones = table_and_phones(device, base, "game=strasbourg&players=3&seed=5&hidden=1&bots=2&botdelay=0", (0,))
    phone = phones[0]
    # The camera view: it films (a blank page: nothing to read), Escape closes it and the camera.
    write_y4m(camera, _white_png())
    click_and_wait(phone, '[data-action="ui:join"]')
    click_and_wait(phone, '[data-action="ui:join-scan"]')
    phone.wait_for_function("document.querySelector('.qr-scan video')?.videoWidth > 0")
    assert phone.evaluate("document.activeElement.closest('.qr-scan') !== null")  # focus in the view
    phone.keyboard.press("Escape")
    phone.wait_for_function("!document.querySelector('.qr-scan') && window.euroRemote.scanning() === ''")
    film(camera, table, '.pair-seat[data-seat="0"] svg.pair-qr')
    click_and_wait(phone, '[data-action="ui:join-scan"]')
    film(camera, phone, ".join svg.pair-qr")
    click_and_wait(table, '[data-action="ui:phone-scan:1"]')
    table.wait_for_selector(".message")
    assert table.locator('.pair-seat[data-seat="1"]').get_attribute("data-status") == "offered"
    assert table.locator('.pair-seat[data-seat="0"]').get_attribute("data-status") == "offered"


# The browser's own reader, faked (this test browser has none for QR codes): it "reads" the code
# the test hands it (window.__fakeCode), so the path through BarcodeDetector is the one taken.
FAKE_BARCODE_DETECTOR = """
window.__detected = 0;
window.BarcodeDetector = class {
  constructor(opts) { this.formats = (opts && opts.formats) || []; }
  static getSupportedFormats() { return Promise.resolve(["qr_code", "ean_13"]); }
  detect(image) {
    window.__detected++;
    return Promise.resolve(window.__fakeCode ? [{ rawValue: window.__fakeCode, format: "qr_code" }] : []);
  }
};
"""


def test_a_browser_with_a_barcode_detector_reads_with_it_and_never_loads_zxing(device, base):
    """Where the browser has a BarcodeDetector that reads QR codes, the scan reads with it (the
    camera's frames handed to detect()) and the zxing-wasm reader is never fetched."""
    table, phones = table_and_phones(device, base, "game=barcelona&players=2&seed=6&hidden=1&botdelay=0", ())
    phone = device(**PHONE)
    phone.add_init_script(FAKE_BARCODE_DETECTOR)
    fetched = []
    phone.on("request", lambda r: fetched.append(r.url))
    boot(phone, f"{base}index.html")
    phone.evaluate(f"window.__fakeCode = {table_code(table, 0)!r}")
    click_and_wait(phone, '[data-action="ui:join"]')
    click_and_wait(phone, '[data-action="ui:join-scan"]')
    code = phone.locator("textarea.phone-code")
    code.wait_for()  # the table's code was read, the phone answered it
    assert phone.evaluate("window.euroRemote.reader()") == "BarcodeDetector"
    assert phone.evaluate("window.__detected") >= 1
    assert not [u for u in fetched if "zxing" in u], fetched
    answer_on_table(table, 0, code.input_value())
    assert settled(table, 0)
    phone.wait_for_selector(".phone-bar")
