// window.euroMorph(root, html): make root's children the nodes of `html`, touching only what
// differs (web/main.py redraw on the game screens). Rewriting the whole screen with innerHTML
// makes the browser re-create, re-style and lay out every node (~150 KB of board SVG and panels)
// at each tap; a History step or a move changes a few parts of it, so unchanged subtrees are kept
// as they are and only the differing ones are replaced. Measured in bench/tap_latency.py (History
// taps) and docs/web-shell.md.
//
// Why not morphdom (npm): what we need is 30 lines — compare, recurse, replace — with no keyed
// moves, no hooks and no form-state rules; the screens that hold typed input (the new-game form,
// imports) are not morphed at all (main.py uses innerHTML there), so the result is the same DOM as
// innerHTML would give, node for node (attributes and text), except that kept nodes keep their
// live state (focus, scroll, a running animation).
(function () {
  "use strict";

  function sameShell(a, b) {  // same element and attributes (children may differ)
    if (a.nodeType !== 1 || b.nodeType !== 1 || a.nodeName !== b.nodeName) return false;
    var aa = a.attributes, ba = b.attributes;
    if (aa.length !== ba.length) return false;
    for (var i = 0; i < ba.length; i++) {
      if (a.getAttributeNS(ba[i].namespaceURI, ba[i].localName) !== ba[i].value) return false;
    }
    return true;
  }

  function patchChildren(oldParent, newParent) {
    var olds = Array.prototype.slice.call(oldParent.childNodes);
    var news = Array.prototype.slice.call(newParent.childNodes);
    if (olds.length !== news.length) {  // a part appeared or went away: this level is rebuilt
      oldParent.replaceChildren.apply(oldParent, news);
      return;
    }
    for (var i = 0; i < news.length; i++) {
      var a = olds[i], b = news[i];
      if (a.isEqualNode(b)) continue;             // native deep compare: unchanged subtree kept
      if (sameShell(a, b)) patchChildren(a, b);   // same element, something inside changed
      else a.replaceWith(b);
    }
  }

  window.euroMorph = function (root, html) {
    var tpl = document.createElement("template");  // parsed inert: no styles, no layout yet
    tpl.innerHTML = html;
    patchChildren(root, tpl.content);
  };
})();
