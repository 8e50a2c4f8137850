"""Test helper shared by the renderer tests: the clickable-target contract of a board SVG."""

SVG = "{http://www.w3.org/2000/svg}"


def targets(root):
    return [el for el in root.iter() if el.get("data-action") is not None]


def check_targets(root, legal, drawn, min_hit, through_ui=frozenset()):
    """``drawn`` == the data-action elements, each once, all legal, class ``legal``, a tooltip
    with the action's label, every hit shape >= ``min_hit`` units each way; nothing inert
    carries class ``legal``. ``legal`` maps id -> label. ``through_ui``: drawn ids reached
    through a ``ui:`` target (a two-step choice), not drawn themselves."""
    ui = [el for el in targets(root) if el.get("data-action").startswith("ui:")]
    els = [el for el in targets(root) if not el.get("data-action").startswith("ui:")]
    assert bool(ui) == bool(through_ui), "ui: targets only for two-step choices"
    ids = [el.get("data-action") for el in els]
    assert set(ids) == set(drawn) - set(through_ui), "drawn set = the data-action elements"
    assert len(ids) == len(set(ids)), "each id drawn once"
    assert drawn <= set(legal)
    for el in els:
        assert "legal" in el.get("class", "").split()
        t = el.find(SVG + "title")
        assert t is not None and legal[el.get("data-action")] in t.text
        hits = [h for h in el.iter() if "hit" in h.get("class", "").split()]
        assert hits, el.get("data-action")
        for h in hits:
            if h.tag == SVG + "rect":
                assert float(h.get("width")) >= min_hit and float(h.get("height")) >= min_hit
            elif h.tag == SVG + "circle":
                assert 2 * float(h.get("r")) >= min_hit
            else:
                pts = [tuple(map(float, p.split(","))) for p in h.get("points").split()]
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                assert max(xs) - min(xs) >= min_hit and max(ys) - min(ys) >= min_hit
    for el in root.iter():
        if "legal" in el.get("class", "").split():
            assert el.get("data-action") in legal or el.get("data-action").startswith("ui:")
