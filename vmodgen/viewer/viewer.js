// vmodgen replay viewer: plays the per-step deltas in #replay-data (see vmodgen/viewer/timeline.py).
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("replay-data").textContent);
  const $ = (id) => document.getElementById(id);
  const NF = D.frames.length, NP = D.pieces.length;
  const SIDE_COLOURS = ["#c8d8f0", "#f0d0c0", "#d8f0c8", "#f0e8b0", "#e0c8f0"];
  const sides = [];
  D.looks.forEach((l) => { if (l.side && !sides.includes(l.side)) sides.push(l.side); });

  // ---- images: data URIs become blob URLs once (each drawn many times) ----
  const imageUrl = D.images.map((im) => {
    const comma = im.uri.indexOf(",");
    const mime = im.uri.slice(5, im.uri.indexOf(";"));
    const bin = atob(im.uri.slice(comma + 1));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    im.uri = null;
    return URL.createObjectURL(new Blob([bytes], { type: mime }));
  });

  // ---- the way back: inverse deltas, worked out once ----
  const cur = { map: new Int32Array(NP).fill(-1), x: new Int32Array(NP), y: new Int32Array(NP),
                sp: new Int32Array(NP), look: new Int32Array(NP) };
  const inverse = new Array(NF);
  (function () {
    const s = { map: new Int32Array(NP).fill(-1), x: new Int32Array(NP), y: new Int32Array(NP),
                sp: new Int32Array(NP), look: new Int32Array(NP) };
    for (let k = 0; k < NF; k++) {
      const d = D.frames[k].delta, inv = [];
      for (const e of d) {
        const n = e[0];
        inv.push([n, s.map[n], s.x[n], s.y[n], s.sp[n], s.look[n]]);
        s.map[n] = e[1]; s.x[n] = e[2]; s.y[n] = e[3]; s.sp[n] = e[4]; s.look[n] = e[5];
      }
      inverse[k] = inv;
    }
  })();

  // ---- maps ----
  const maps = D.maps.map((m, i) => buildMap(m, i));
  let shown = -1, zoom = 1;

  function buildMap(m, i) {
    const wrap = document.createElement("div");
    wrap.className = "mapwrap"; wrap.hidden = true; wrap.dataset.map = m.name;
    wrap.dataset.offset = JSON.stringify(m.stackOffset);
    const el = document.createElement("div");
    el.className = "map"; el.style.width = m.width + "px"; el.style.height = m.height + "px";
    for (const b of m.boards) {
      if (b.image >= 0) {
        const img = document.createElement("img");
        img.className = "board"; img.src = imageUrl[b.image]; img.alt = b.name;
        Object.assign(img.style, { left: b.x + "px", top: b.y + "px", width: b.width + "px", height: b.height + "px" });
        if (b.reversed) img.style.transform = "rotate(180deg)";
        el.appendChild(img);
      }
    }
    if (!m.boards.some((b) => b.image >= 0)) el.appendChild(gridCanvas(m));
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("width", m.width); svg.setAttribute("height", m.height);
    svg.innerHTML = "<defs><marker id='ah" + i + "' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='5' markerHeight='5' orient='auto'>" +
      "<path d='M0,0L10,5L0,10z' fill='#e00'/></marker></defs><g class='hl'></g>";
    const pieces = document.createElement("div");
    const arrows = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    arrows.setAttribute("width", m.width); arrows.setAttribute("height", m.height);
    el.appendChild(pieces); el.appendChild(svg); el.appendChild(arrows);
    wrap.appendChild(el);
    $("maps").appendChild(wrap);
    const tab = document.createElement("button");
    tab.textContent = m.name; tab.onclick = () => showMap(i);
    $("maptabs").appendChild(tab);
    // hexes in buckets, for the label under the mouse
    const H = m.hexes, cell = Math.max(20, ...m.hexagon.map((p) => Math.abs(p[0]) + Math.abs(p[1]))) * 2;
    const buckets = new Map();
    for (let h = 0; h < H.labels.length; h++) {
      const key = Math.floor(H.x[h] / cell) + "," + Math.floor(H.y[h] / cell);
      if (!buckets.has(key)) buckets.set(key, []);
      buckets.get(key).push(h);
    }
    const info = { m, wrap, el, svg, hl: svg.querySelector(".hl"), arrows, pieces, tab, buckets, cell, index: i };
    el.addEventListener("mousemove", (ev) => hover(info, ev));
    el.addEventListener("mouseleave", () => { $("tip").hidden = true; });
    return info;
  }

  function terrainColour(t) {
    if (!t) return null;
    let h = 0;
    for (const c of t) h = (h * 31 + c.charCodeAt(0)) % 360;
    return "hsla(" + h + ",45%,70%,0.55)";
  }

  function gridCanvas(m) {
    // a map without art: its hex grid, labels and terrain, drawn once
    const c = document.createElement("canvas");
    c.className = "board";
    const s = Math.min(1, 4096 / Math.max(m.width, m.height, 1));
    c.width = Math.max(1, Math.round(m.width * s)); c.height = Math.max(1, Math.round(m.height * s));
    c.style.width = m.width + "px"; c.style.height = m.height + "px";
    const g = c.getContext("2d");
    g.fillStyle = "#f4f1e6"; g.fillRect(0, 0, c.width, c.height);
    g.scale(s, s);
    for (const b of m.boards) { g.strokeStyle = "#888"; g.strokeRect(b.x, b.y, b.width, b.height); }
    const H = m.hexes, poly = m.hexagon;
    if (!poly.length) return c;
    const hh = Math.max(...poly.map((p) => p[1])) * 2;
    g.lineWidth = 1 / s;
    g.font = Math.max(6, hh * 0.2) + "px sans-serif"; g.textAlign = "center";
    const labels = hh * s >= 18;
    for (let h = 0; h < H.labels.length; h++) {
      const x = H.x[h], y = H.y[h];
      g.beginPath();
      poly.forEach((p, j) => (j ? g.lineTo(x + p[0], y + p[1]) : g.moveTo(x + p[0], y + p[1])));
      g.closePath();
      const fill = terrainColour(H.terrain[h]);
      if (fill) { g.fillStyle = fill; g.fill(); }
      g.strokeStyle = "#a9a48f"; g.stroke();
      if (labels) { g.fillStyle = "#777"; g.fillText(H.labels[h], x, y - hh * 0.28); }
    }
    return c;
  }

  function nearestHex(info, x, y) {
    const { m, buckets, cell } = info, H = m.hexes;
    const cx = Math.floor(x / cell), cy = Math.floor(y / cell);
    let best = -1, bd = Infinity;
    for (let i = cx - 1; i <= cx + 1; i++) for (let j = cy - 1; j <= cy + 1; j++) {
      for (const h of buckets.get(i + "," + j) || []) {
        const d = (H.x[h] - x) ** 2 + (H.y[h] - y) ** 2;
        if (d < bd) { bd = d; best = h; }
      }
    }
    const r = Math.max(...m.hexagon.map((p) => Math.hypot(p[0], p[1])), 1);
    return bd <= r * r ? best : -1;
  }

  function mapPoint(info, ev) {
    const r = info.el.getBoundingClientRect();
    return [(ev.clientX - r.left) / zoom, (ev.clientY - r.top) / zoom];
  }

  function hover(info, ev) {
    const [x, y] = mapPoint(info, ev);
    const h = nearestHex(info, x, y), H = info.m.hexes;
    const where = h >= 0 ? "hex " + H.labels[h] + (H.terrain[h] ? " (" + H.terrain[h] + ")" : "") : "";
    $("status").textContent = info.m.name + "  " + Math.round(x) + "," + Math.round(y) + (where ? "  \u2014  " + where : "");
    const pc = ev.target.closest && ev.target.closest(".pc");
    const tip = $("tip");
    if (!pc && !where) { tip.hidden = true; return; }
    if (!pc) { tip.innerHTML = esc(where); place(tip, ev); return; }
    const look = D.looks[cur.look[+pc.dataset.n]];
    let t = "<b>" + esc(look.name || "(no name)") + "</b>" + (look.side ? "<br>side: " + esc(look.side) : "") +
      "<br>" + esc(info.m.name) + " " + pc.dataset.x + "," + pc.dataset.y + (where ? ", " + esc(where) : "");
    const n0 = +pc.dataset.n, here = [];
    for (let n = 0; n < NP; n++) {
      if (n !== n0 && cur.map[n] === cur.map[n0] && cur.x[n] === cur.x[n0] && cur.y[n] === cur.y[n0]) here.push(n);
    }
    for (let i = here.length - 1; i >= 0; i--) if (D.looks[cur.look[here[i]]].hidden) here.splice(i, 1);
    if (here.length) {
      here.sort((a, b) => cur.sp[b] - cur.sp[a]);
      t += "<br>with: " + here.slice(0, 12).map((n) => esc(D.looks[cur.look[n]].name || D.pieces[n])).join(", ") +
        (here.length > 12 ? " \u2026" : "");
    }
    if (look.properties.length) {
      t += "<table>" + look.properties.slice(0, 40).map((p) => "<tr><td>" + esc(p[0]) + "</td><td>" + esc(p[1]) + "</td></tr>").join("") + "</table>";
    }
    tip.innerHTML = t;
    place(tip, ev);
  }

  function place(tip, ev) {
    tip.hidden = false;
    tip.style.left = Math.min(ev.clientX + 14, innerWidth - 370) + "px";
    tip.style.top = Math.min(ev.clientY + 14, innerHeight - tip.offsetHeight - 4) + "px";
  }

  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }

  function showMap(i) {
    if (i < 0 || i >= maps.length) return;
    if (shown >= 0) { maps[shown].wrap.hidden = true; maps[shown].tab.classList.remove("on"); }
    shown = i; maps[i].wrap.hidden = false; maps[i].tab.classList.add("on");
    applyZoom();
  }

  function applyZoom() {
    for (const info of maps) info.el.style.transform = "scale(" + zoom + ")";
    // the wrapper scrolls over the scaled size
    for (const info of maps) {
      info.el.style.marginRight = (info.m.width * (zoom - 1)) + "px";
      info.el.style.marginBottom = (info.m.height * (zoom - 1)) + "px";
    }
  }

  function fitZoom() {
    if (shown < 0) return;
    const w = maps[shown].wrap, m = maps[shown].m;
    zoom = Math.max(0.05, Math.min(2, (w.clientWidth - 4) / m.width, (w.clientHeight - 4) / m.height));
    applyZoom();
  }

  // ---- counters ----
  const elems = new Array(NP).fill(null);

  function drawLook(el, n) {
    const look = D.looks[cur.look[n]];
    el.innerHTML = "";
    if (look.images.length) {
      let w = 0, h = 0;
      for (const i of look.images) {
        const img = document.createElement("img");
        img.src = imageUrl[i]; img.alt = ""; img.draggable = false;
        img.width = D.images[i].w; img.height = D.images[i].h;
        w = Math.max(w, D.images[i].w); h = Math.max(h, D.images[i].h);
        el.appendChild(img);
      }
      el.className = "pc"; el.style.width = w + "px"; el.style.height = h + "px";
    } else {
      el.className = "pc box"; el.style.width = ""; el.style.height = "";
      el.textContent = look.name || D.pieces[n];
      const k = sides.indexOf(look.side);
      el.style.background = k >= 0 ? SIDE_COLOURS[k % SIDE_COLOURS.length] : "#ddd";
    }
    el.dataset.look = cur.look[n];
  }

  function syncPiece(n) {
    let el = elems[n];
    const mi = cur.map[n] >= 0 ? D.mapOf[cur.map[n]] : -1;
    // off every map, or hidden by its owner (VASSAL does not draw it for the other players)
    if (mi < 0 || D.looks[cur.look[n]].hidden) { if (el) el.hidden = true; return; }
    if (!el) {
      el = elems[n] = document.createElement("div");
      el.dataset.id = D.pieces[n]; el.dataset.n = n;
    }
    const info = maps[mi];
    if (el.parentNode !== info.pieces) info.pieces.appendChild(el);
    el.hidden = false;
    if (el.dataset.look !== String(cur.look[n])) drawLook(el, n);
    const off = info.m.stackOffset, sp = cur.sp[n];
    el.dataset.map = info.m.name; el.dataset.x = cur.x[n]; el.dataset.y = cur.y[n]; el.dataset.sp = sp;
    el.style.left = (cur.x[n] + sp * off[0]) + "px";
    el.style.top = (cur.y[n] + sp * off[1]) + "px";
    el.style.zIndex = 1 + sp;
  }

  // ---- stepping ----
  let pos = -1;
  const dirty = new Set();

  function apply(entries) {
    for (const e of entries) {
      const n = e[0];
      cur.map[n] = e[1]; cur.x[n] = e[2]; cur.y[n] = e[3]; cur.sp[n] = e[4]; cur.look[n] = e[5];
      dirty.add(n);
    }
  }

  let moved = [];
  function goTo(t) {
    t = Math.max(0, Math.min(NF - 1, t | 0));
    while (pos < t) apply(D.frames[++pos].delta);
    while (pos > t) apply(inverse[pos--]);
    for (const n of dirty) syncPiece(n);
    dirty.clear();
    for (const n of moved) if (elems[n]) elems[n].classList.remove("moved");
    moved = [];
    drawFrame();
  }

  function drawFrame() {
    const f = D.frames[pos];
    for (const info of maps) info.arrows.innerHTML = "";
    const seen = new Set();
    for (const mv of f.moves || []) {
      const a = D.mapOf[mv[0]], b = D.mapOf[mv[3]];
      if (mv[6].length && mv[6].every((n) => D.looks[cur.look[n]].hidden)) continue;   // unseen moves
      for (const n of mv[6]) if (elems[n]) { elems[n].classList.add("moved"); moved.push(n); }
      if (b < 0) continue;
      const info = maps[b];
      if (a === b) {
        const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
        line.setAttribute("x1", mv[1]); line.setAttribute("y1", mv[2]);
        line.setAttribute("x2", mv[4]); line.setAttribute("y2", mv[5]);
        line.setAttribute("stroke", "#e00"); line.setAttribute("stroke-width", "5");
        line.setAttribute("stroke-opacity", "0.8");
        line.setAttribute("marker-end", "url(#ah" + b + ")");
        info.arrows.appendChild(line);
      } else {
        const c = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        c.setAttribute("cx", mv[4]); c.setAttribute("cy", mv[5]); c.setAttribute("r", 30);
        c.setAttribute("fill", "none"); c.setAttribute("stroke", "#e00"); c.setAttribute("stroke-width", "5");
        info.arrows.appendChild(c);
      }
      seen.add(b);
    }
    // follow the moves: show the map the step moved pieces on
    if (seen.size && !seen.has(shown)) showMap([...seen][0]);
    drawHighlight();
    $("slider").value = pos; $("jump").value = pos;
    $("count").textContent = "/ " + (NF - 1);
    $("where").textContent = D.files[f.file] + " \u00b7 step " + f.step + (f.player ? " \u00b7 " + f.player : "") +
      (turnAt(pos) ? " \u00b7 " + turnAt(pos) : "");
    let b = "";
    if (f.undo) b += "<span class='badge b-undo'>undo</span>";
    if (f.undone) b += "<span class='badge b-undone'>undone later</span>";
    if (f.turn) b += "<span class='badge b-turn'>" + esc(f.turn) + "</span>";
    $("badges").innerHTML = b;
    drawChat();
    for (const li of $("findings").children) li.classList.toggle("on", +li.dataset.frame === pos);
  }

  const turnIndex = D.bookmarks.filter((b) => b.kind !== "file");
  function turnAt(k) {
    let t = "";
    for (const b of turnIndex) { if (b.frame <= k) t = b.text; else break; }
    return t;
  }

  function drawChat() {
    const out = [];
    let lines = 0;
    for (let k = pos; k >= 0 && lines < 60; k--) {
      const ch = D.frames[k].chat;
      if (!ch) continue;
      for (let j = ch.length - 1; j >= 0; j--) {
        const dice = /\broll|\bdice\b|\b\d+d\d+\b|\*\*\*/i.test(ch[j]);
        const fk = D.frames[k];
        out.push("<div data-frame='" + k + "' class='" + (k === pos ? "now " : "") + (dice ? "dice " : "") +
          (fk.undone ? "undone " : "") + (fk.undo ? "undo" : "") + "'" + (fk.undone ? " title='undone later'" : "") + ">" +
          "<span class='k'>" + k + "</span> " + esc(ch[j]) + "</div>");
        lines++;
      }
    }
    const chat = $("chat");
    chat.innerHTML = out.reverse().join("");
    chat.scrollTop = chat.scrollHeight;
  }

  // ---- findings ----
  let selected = -1;
  function drawHighlight() {
    for (const info of maps) info.hl.innerHTML = "";
    if (selected < 0) return;
    const f = D.findings[selected];
    if (f.frame !== pos) return;
    for (const h of f.hexes) {
      const mi = D.mapOf[h[0]];
      if (mi < 0) continue;
      const info = maps[mi], poly = info.m.hexagon.length ? info.m.hexagon : [[-40, 0], [-20, -35], [20, -35], [40, 0], [20, 35], [-20, 35]];
      const p = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
      p.setAttribute("points", poly.map((q) => (h[1] + q[0]) + "," + (h[2] + q[1])).join(" "));
      p.setAttribute("fill", "rgba(255,0,0,0.18)"); p.setAttribute("stroke", "#e00"); p.setAttribute("stroke-width", "6");
      info.hl.appendChild(p);
    }
  }

  function showFinding(i) {
    selected = i;
    const f = D.findings[i];
    goTo(f.frame);
    const h = f.hexes[0];
    if (h && D.mapOf[h[0]] >= 0) {
      showMap(D.mapOf[h[0]]);
      if (zoom < 0.75) { zoom = 0.75; applyZoom(); }
      const w = maps[shown].wrap;
      w.scrollLeft = h[1] * zoom - w.clientWidth / 2; w.scrollTop = h[2] * zoom - w.clientHeight / 2;
    }
    drawHighlight();
  }

  D.findings.forEach((f, i) => {
    const li = document.createElement("li");
    li.dataset.frame = f.frame;
    li.innerHTML = "<a>" + esc("[" + f.rule + "] " + f.where) + "</a> " + esc(f.message);
    li.querySelector("a").onclick = () => showFinding(i);
    $("findings").appendChild(li);
  });
  $("nfind").textContent = "(" + D.findings.length + ")";

  // ---- bookmarks ----
  for (const b of D.bookmarks) {
    const o = document.createElement("option");
    o.value = b.frame; o.textContent = (b.kind === "file" ? "\u25A0 " : b.kind === "turn" ? "\u25B8 " : "   \u00b7 ") + b.text + " (" + b.frame + ")";
    $("bookmarks").appendChild(o);
    const li = document.createElement("li");
    li.innerHTML = "<a>" + esc(b.text) + "</a> <span class='k'>" + b.frame + "</span>";
    li.querySelector("a").onclick = () => goTo(b.frame);
    $("bmlist").appendChild(li);
  }
  $("bookmarks").onchange = (e) => { if (e.target.value !== "") goTo(+e.target.value); e.target.value = ""; };
  $("notes").innerHTML = D.notes.map((n) => "<p>" + esc(n) + "</p>").join("");
  $("chat").onclick = (e) => { const d = e.target.closest("div[data-frame]"); if (d) goTo(+d.dataset.frame); };

  // ---- controls ----
  let timer = null;
  function play(on) {
    if (timer) { clearInterval(timer); timer = null; }
    if (on) timer = setInterval(() => { if (pos >= NF - 1) play(false); else goTo(pos + 1); }, +$("speed").value);
    $("b-play").innerHTML = timer ? "&#x275A;&#x275A;" : "&#x25B6;";
  }
  function bookmarkFrom(k, dir) {
    const fs = D.bookmarks.map((b) => b.frame);
    return dir > 0 ? (fs.find((f) => f > k) ?? NF - 1) : ([...fs].reverse().find((f) => f < k) ?? 0);
  }
  $("b-first").onclick = () => goTo(0);
  $("b-back").onclick = () => goTo(pos - 1);
  $("b-fwd").onclick = () => goTo(pos + 1);
  $("b-last").onclick = () => goTo(NF - 1);
  $("b-play").onclick = () => play(!timer);
  $("speed").onchange = () => { if (timer) play(true); };
  $("slider").max = NF - 1; $("jump").max = NF - 1;
  $("slider").oninput = (e) => goTo(+e.target.value);
  $("jump").onchange = (e) => goTo(+e.target.value);
  $("z-in").onclick = () => { zoom = Math.min(4, zoom * 1.25); applyZoom(); };
  $("z-out").onclick = () => { zoom = Math.max(0.05, zoom / 1.25); applyZoom(); };
  $("z-fit").onclick = fitZoom;
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.target.tagName === "SELECT") return;
    const keys = { ArrowRight: () => goTo(pos + 1), ArrowLeft: () => goTo(pos - 1), Home: () => goTo(0),
      End: () => goTo(NF - 1), " ": () => play(!timer), PageDown: () => goTo(bookmarkFrom(pos, 1)),
      PageUp: () => goTo(bookmarkFrom(pos, -1)) };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });

  $("title").textContent = D.title;
  document.title = D.title;
  if (maps.length) showMap(0);
  goTo(0);
  // open where play happens: the map most moves land on; with no move, the map with most pieces
  // at the start (a sheet of off-map boxes can hold more pieces than the map played on)
  const landed = maps.map(() => 0), counts = maps.map(() => 0);
  for (const f of D.frames) for (const mv of f.moves || []) if (D.mapOf[mv[3]] >= 0) landed[D.mapOf[mv[3]]]++;
  for (let n = 0; n < NP; n++) if (cur.map[n] >= 0 && D.mapOf[cur.map[n]] >= 0) counts[D.mapOf[cur.map[n]]]++;
  const by = Math.max(0, ...landed) > 0 ? landed : counts;
  if (maps.length) showMap(by.indexOf(Math.max(...by)));
  fitZoom();
  const hash = /#step=(\d+)(?:&finding=(\d+))?/.exec(location.hash);
  if (hash) { if (hash[2] !== undefined && D.findings[+hash[2]]) showFinding(+hash[2]); else goTo(+hash[1]); }

  // ---- for tests and scripts ----
  window.vmodgenViewer = {
    goTo, frame: () => pos, count: () => NF, zoom: () => zoom, showMap, shownMap: () => (shown >= 0 ? maps[shown].m.name : null),
    frameOf: (file, step) => D.fileStart[file] + step,
    look: (id) => { const n = D.pieces.indexOf(id); return n >= 0 ? D.looks[cur.look[n]] : null; },
    positions: () => {
      const out = {};
      for (let n = 0; n < NP; n++) if (cur.map[n] >= 0) out[D.pieces[n]] = [D.mapNames[cur.map[n]], cur.x[n], cur.y[n], cur.sp[n]];
      return out;
    },
  };
})();
