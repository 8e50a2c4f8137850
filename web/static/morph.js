// window.euroMorph(root, html): make root's children the nodes of `html`, touching only what
// differs (web/main.py redraw on the game screens). Rewriting the whole screen with innerHTML
// makes the browser re-create, re-style and lay out every node (~150 KB of board SVG and panels)
// at each tap; a History step or a move changes a few parts of it, so unchanged subtrees are kept
// as they are and only the differing ones are replaced. Measured in bench/tap_latency.py (History
// taps; the figures: docs/bots.md "No peeking"); how a redraw patches: docs/app-model.md "Redraws".
//
// Why not morphdom (npm): what we need is 50 lines — compare, recurse, replace — with no keyed
// moves, no hooks and no form-state rules; the screens that hold typed input (the new-game form,
// imports) are not morphed at all (main.py uses innerHTML there), so the result is the same DOM as
// innerHTML would give, node for node (attributes and text), except that kept nodes keep their
// live state (focus, scroll, a running animation).
(function () {
  "use strict";

  // Same element with the same attribute names in the same order (values and children may
  // differ): it is kept and its values are updated, so the layout's wrapper (whose class says
  // "history" or not) and a region whose label changed are not re-created with all they hold.
  // Names in a different order: replaced, so the DOM serialises exactly as a fresh parse would.
  function sameShape(a, b) {
    if (a.nodeType !== 1 || b.nodeType !== 1 || a.nodeName !== b.nodeName) return false;
    var aa = a.attributes, ba = b.attributes;
    if (aa.length !== ba.length) return false;
    for (var i = 0; i < ba.length; i++) {
      if (aa[i].name !== ba[i].name || aa[i].namespaceURI !== ba[i].namespaceURI) return false;
    }
    return true;
  }

  function copyValues(a, b) {  // a and b have sameShape
    var aa = a.attributes, ba = b.attributes;
    for (var i = 0; i < ba.length; i++) {
      if (aa[i].value !== ba[i].value) aa[i].value = ba[i].value;
    }
  }

  // A region's drawing the page holds already comes as <svg data-keep="NAME"></svg> (web/screens/panels.py
  // _region_svg): the drawing of region NAME as the page shows it before this patch.
  function keepName(n) {
    return n.nodeType === 1 && n.localName === "svg" ? n.getAttribute("data-keep") : null;
  }

  function patchChildren(oldParent, newParent, kept) {
    var olds = Array.prototype.slice.call(oldParent.childNodes);
    var news = Array.prototype.slice.call(newParent.childNodes);
    if (olds.length !== news.length) {  // a part appeared or went away: this level is rebuilt
      oldParent.replaceChildren.apply(oldParent, news);
      return;
    }
    for (var i = 0; i < news.length; i++) {
      var a = olds[i], b = news[i], k = keepName(b);
      if (k !== null && kept[k] === a) continue;  // the same drawing in the same place: untouched
      if (a.isEqualNode(b)) continue;             // native deep compare: unchanged subtree kept
      if (sameShape(a, b)) {                       // same element: new values, patch inside
        copyValues(a, b);
        patchChildren(a, b, kept);
      } else a.replaceWith(b);
    }
  }

  // true when done; false when `html` holds a placeholder for a drawing the page does not have
  // (main.py then rebuilds from the full markup).
  window.euroMorph = function (root, html) {
    var kept = {};  // region name -> its drawing, as the page shows it before the patch
    root.querySelectorAll("section[data-region], div[data-region]").forEach(function (el) {
      var svg = el.firstElementChild;
      if (svg && svg.localName === "svg") kept[el.getAttribute("data-region")] = svg;
    });
    var tpl = document.createElement("template");  // parsed inert: no styles, no layout yet
    tpl.innerHTML = html;
    patchChildren(root, tpl.content, kept);
    // placeholders a rebuilt or reordered level brought in: each gets the drawing it names
    var left = root.querySelectorAll("svg[data-keep]");
    for (var i = 0; i < left.length; i++) {
      var name = left[i].getAttribute("data-keep"), svg = kept[name];
      if (!svg || svg.isConnected) return false;
      left[i].replaceWith(svg);
      delete kept[name];
    }
    return true;
  };
})();
