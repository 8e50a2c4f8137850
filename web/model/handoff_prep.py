"""The table behind a hand-off, drawn while the device changes hands.

With hidden hands, End turn shows the hand-off card ("Pass the device to Ann") and the tap on
"I am Ann" draws the whole table for the new seat: ~170 KB of markup made in Python, then parsed
and laid out. The person is busy passing the device meanwhile, so the page draws that table's
markup right after the card is on screen and keeps it here; the hand-off tap then only writes it
(bench/tap_latency.py ``kinds``: a hand-off answers like a board tap).

Nothing secret reaches the DOM early: the markup stays in Python until the new seat taps.
A prepared drawing is used only when nothing changed since it was made: same session state (the
page's redraw counter, which every state change bumps), same board box, zoom and language.
"""

from web import i18n


class HandoffPrep:
    def __init__(self):
        self.key, self.page = None, None

    @staticmethod
    def _key(s, redraws):
        g = s.game
        # the pick: a place picked on the card (Session.handoff_pick) is not the prepared table
        return (
            id(g),
            len(g.actions),
            g.current_player,
            redraws,
            tuple(s.board_box or ()),
            s.zoom,
            s.pick,
            i18n.fingerprint(),
        )

    def prepare(self, s, redraws, draw):
        """On the hand-off card: draw the table the next seat will see (``draw(s)``, a full
        drawing) as the tap on the card will leave the session: that seat shown, no message, no
        move to animate. The session is restored as it was."""
        self.key = self.page = None
        if s.game is None or s.screen != "handoff":
            return
        saved = (s.shown_seat, s.message, s.just_played)
        s.shown_seat, s.message, s.just_played = s.game.current_player, "", []
        try:
            page = draw(s)
        finally:
            s.shown_seat, s.message, s.just_played = saved
        self.key, self.page = self._key(s, redraws), page

    def take(self, s, redraws_before_tap):
        """The prepared drawing if the session is now exactly what it was drawn for (the tap on
        the card was the only change since), else None. Used once."""
        key, page = self.key, self.page
        self.key = self.page = None
        if page is None or s.game is None or s.screen != "play" or s.message or s.just_played:
            return None
        if s.shown_seat != s.game.current_player or key != self._key(s, redraws_before_tap):
            return None
        return page
