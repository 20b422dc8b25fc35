// Crown's board in the browser. The server keeps the game and decides every
// question of legality; this script draws what the server says and sends what
// the person does: clicks, drags and keys on squares.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const boardEl = $("board");
  const storageKey = "crown-game-id";
  const dragThreshold = 6; // pixels a pointer must travel before a press becomes a drag

  let state = null;         // the last state the server sent
  let selected = null;      // square (1-32) of the picked piece
  let pending = [];         // landing squares clicked so far for a capture
  let mustShow = [];        // squares to mark as having to capture
  let viaShow = [];         // landing squares that tell captures apart
  let userFlip = false;     // the person turned the board
  let focusRC = { r: 5, c: 0 }; // keyboard focus, in screen rows and columns
  let events = null;        // the EventSource following the game
  let drag = null;          // a press on a piece that may become a drag
  let suppressClick = false;

  const crownSVG =
    '<svg class="crown" viewBox="0 0 24 24" aria-hidden="true">' +
    '<path d="M3 17.5 L2 7.5 L7.5 11.5 L12 4 L16.5 11.5 L22 7.5 L21 17.5 Z" fill="#e8b923" stroke="#7a5a00" stroke-width="1.2" stroke-linejoin="round"/>' +
    '<rect x="3" y="18.6" width="18" height="2.6" rx="0.8" fill="#e8b923" stroke="#7a5a00" stroke-width="1"/>' +
    '<circle cx="12" cy="4" r="1.4" fill="#fff3c4"/></svg>';

  // --- the board's geometry -------------------------------------------------

  // Square s (1-32) sits on board row r (0 = squares 1-4, Black's back rank)
  // and column c (0 = the left edge seen from White's side).
  function squareRC(s) {
    const i = s - 1, r = i >> 2;
    return { r, c: 2 * (i & 3) + (r % 2 === 0 ? 1 : 0) };
  }
  function squareAt(r, c) {
    if (r < 0 || r > 7 || c < 0 || c > 7 || (r + c) % 2 === 0) return 0;
    return 4 * r + (c >> 1) + 1;
  }
  // The board is seen from White's side (square 1 at the top left) unless it
  // is turned: by default towards the colour the person plays.
  function flipped() {
    const fromBlack = state && state.human === "black";
    return fromBlack !== userFlip;
  }
  function screenToBoard(r, c) { return flipped() ? { r: 7 - r, c: 7 - c } : { r, c }; }

  const cells = []; // cells[screen row * 8 + screen col]
  function buildBoard() {
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        const el = document.createElement("div");
        el.className = "sq";
        el.dataset.r = r;
        el.dataset.c = c;
        boardEl.appendChild(el);
        cells.push(el);
      }
    }
  }

  function cellOf(sq) {
    const { r, c } = squareRC(sq);
    const s = flipped() ? { r: 7 - r, c: 7 - c } : { r, c };
    return cells[s.r * 8 + s.c];
  }

  // --- drawing -----------------------------------------------------------------

  const pieceNames = { b: "black man", w: "white man", B: "black king", W: "white king" };

  function pathSquares(mv) { return mv ? mv.path.concat(mv.captured) : []; }

  function draw() {
    if (!state) return;
    const last = state.last;
    const hints = hintSquares();
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        const el = cells[r * 8 + c];
        const b = screenToBoard(r, c);
        const sq = squareAt(b.r, b.c);
        el.dataset.sq = sq || "";
        el.className = "sq " + (sq ? "dark" : "light");
        el.innerHTML = "";
        if (!sq) {
          el.removeAttribute("role");
          el.removeAttribute("tabindex");
          el.removeAttribute("aria-label");
          continue;
        }
        el.setAttribute("role", "button");
        const isFocus = focusRC.r === r && focusRC.c === c;
        el.tabIndex = isFocus ? 0 : -1;
        const num = document.createElement("span");
        num.className = "num";
        num.textContent = sq;
        el.appendChild(num);
        const p = state.board[sq - 1];
        if (p) {
          const pc = document.createElement("div");
          pc.className = "piece " + p.toLowerCase() + (p === p.toUpperCase() ? " king" : "");
          if (p === p.toUpperCase()) pc.innerHTML = crownSVG;
          if (drag && drag.active && drag.from === sq) pc.classList.add("lifted");
          el.appendChild(pc);
        }
        let label = "square " + sq + (p ? ", " + pieceNames[p] : ", empty");
        if (last && last.path.includes(sq)) { el.classList.add("last"); }
        if (last && last.captured.includes(sq) && !p) { el.classList.add("taken"); }
        if (selected === sq) { el.classList.add("selected"); label += ", picked up"; }
        if (pending.includes(sq)) el.classList.add("pending");
        if (mustShow.includes(sq)) { el.classList.add("must"); label += ", must capture"; }
        if (viaShow.includes(sq)) el.classList.add("via");
        else if (hints.includes(sq)) el.classList.add("hint");
        el.setAttribute("aria-label", label);
      }
    }
  }

  // hintSquares returns where the picked piece can go next, from the
  // server's list of legal moves.
  function hintSquares() {
    if (!state || selected === null || !state.your_turn) return [];
    const out = [];
    for (const mv of state.legal) {
      if (mv.path[0] !== selected) continue;
      const rest = mv.path.slice(1);
      let k = 0;
      for (const s of rest) if (k < pending.length && s === pending[k]) k++;
      if (k === pending.length) out.push(mv.path[mv.path.length - 1]);
    }
    return out;
  }

  function sideTitle(c) { return c === "black" ? "Black" : "White"; }

  function render() {
    if (!state) return;
    $("title").textContent = state.title;
    draw();

    // Players above and below the board.
    const topColour = flipped() ? "white" : "black";
    for (const [id, colour] of [["player-top", topColour], ["player-bottom", topColour === "black" ? "white" : "black"]]) {
      const el = $(id);
      el.className = "player " + colour + (state.turn === colour && !state.over ? " to-move" : "");
      const who = state.engine[colour] ? "Crown (engine)" : state.human === "both" ? "Player" : "You";
      el.querySelector(".name").textContent = sideTitle(colour) + " — " + who;
      const lost = state.captured[colour === "black" ? 0 : 1];
      el.querySelector(".lost").textContent = lost > 0 ? lost + " lost" : "";
    }

    // Status line and the game-over banner.
    const status = $("status");
    status.classList.toggle("over", state.over);
    if (state.over) {
      const res = state.result === "1-0" ? "Black wins" : state.result === "0-1" ? "White wins" : "Draw";
      status.textContent = "Game over: " + res + " (" + state.reason + ")";
      $("banner-result").textContent = res;
      $("banner-reason").textContent = state.reason;
      $("banner").hidden = false;
    } else {
      $("banner").hidden = true;
      if (state.thinking) status.textContent = "Crown is thinking… (" + sideTitle(state.turn) + " to move)";
      else if (state.human === "both") status.textContent = sideTitle(state.turn) + " to move";
      else status.textContent = "Your move (" + sideTitle(state.turn) + ")";
      if (state.your_turn && state.must_capture.length > 0) status.textContent += " — a capture is compulsory";
    }

    $("undo").disabled = !state.can_undo;
    $("redo").disabled = !state.can_redo;
    $("go").disabled = state.over;
    $("go").textContent = state.thinking ? "Move now" : "Engine move";
    $("analysis").checked = state.analysis.on;
    renderAnalysis();
    renderRecord();
  }

  function renderAnalysis() {
    const a = state.analysis;
    $("analysis-panel").hidden = !a.on;
    if (!a.on) return;
    $("an-subject").textContent = a.subject === "engine" ? "Crown is thinking" : "Analysis";
    $("an-state").textContent = a.running ? "(searching…)" : a.has && a.final ? "(finished)" : state.over ? "(game over)" : "";
    if (!a.has) {
      $("an-score").textContent = $("an-depth").textContent = $("an-nodes").textContent = "…";
      $("an-pv").textContent = a.running ? "…" : "";
      return;
    }
    $("an-score").textContent = a.text + (a.text.includes("wins") ? "" : " (Black's view)");
    $("an-depth").textContent = a.depth;
    $("an-nodes").textContent = formatCount(a.nodes) + " in " + (a.time_ms / 1000).toFixed(1) + " s";
    $("an-pv").textContent = a.pv || "…";
  }

  function formatCount(n) {
    if (n >= 1e6) return (n / 1e6).toFixed(1) + "M";
    if (n >= 1e3) return (n / 1e3).toFixed(1) + "k";
    return String(n);
  }

  function renderRecord() {
    const list = $("moves");
    list.innerHTML = "";
    let li = null;
    state.moves.forEach((mv, i) => {
      if (mv.colour === "black" || !li) {
        li = document.createElement("li");
        list.appendChild(li);
        if (mv.colour === "white") {
          const gap = document.createElement("span");
          gap.className = "mv";
          gap.textContent = "…";
          li.appendChild(gap);
        }
      }
      const span = document.createElement("span");
      span.className = "mv" + (i === state.ply - 1 ? " current" : "") + (i >= state.ply ? " undone" : "");
      span.textContent = mv.text;
      li.appendChild(span);
    });
    const cur = list.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    if ($("pdn").value !== state.pdn) $("pdn").value = state.pdn;
    $("current-fen").value = state.fen;
    $("download").href = "api/games/" + state.id + "/pdn";
  }

  function say(text, kind) {
    const m = $("message");
    m.textContent = text || "";
    m.className = kind || "";
  }

  // --- talking to the server ------------------------------------------------

  async function api(method, path, body) {
    const opts = { method, headers: {} };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    let resp;
    try {
      resp = await fetch(path, opts);
    } catch (e) {
      return { ok: false, status: 0, data: { error: "The server cannot be reached: " + e.message } };
    }
    let data = {};
    try { data = await resp.json(); } catch (e) { data = { error: "The server answered " + resp.status }; }
    return { ok: resp.ok, status: resp.status, data };
  }

  function accept(st) {
    if (!st || !st.id) return;
    const fresh = !state || state.id !== st.id;
    if (!fresh && st.version < state.version) return; // an older answer overtaken by the event stream
    const moved = fresh || st.fen !== state.fen;
    state = st;
    window.crownState = st;
    if (moved) clearPick();
    render();
    if (fresh) follow(st.id);
  }

  function follow(id) {
    if (events) events.close();
    sessionStorage.setItem(storageKey, id);
    events = new EventSource("api/games/" + id + "/events");
    events.onmessage = (e) => {
      try { accept(JSON.parse(e.data)); } catch (err) { /* a torn event: the next one will do */ }
    };
    events.onerror = async () => {
      if (events.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
      const r = await api("GET", "api/games/" + id);
      if (r.status === 404) {
        say("That game was dropped by the server after a long idle time; here is a new one.", "info");
        await startNew(readForm(), true);
      } else {
        setTimeout(() => follow(id), 1000);
      }
    };
  }

  function clearPick() {
    selected = null;
    pending = [];
    mustShow = [];
    viaShow = [];
  }

  async function submit(path) {
    const r = await api("POST", "api/games/" + state.id + "/move", { path });
    if (r.ok) {
      clearPick();
      say("");
      accept(r.data);
      return;
    }
    const d = r.data;
    if (d.state) accept(d.state);
    switch (d.code) {
      case "ambiguous":
        pending = [];
        viaShow = viaSquares(d.options);
        mustShow = [];
        say(d.error, "info");
        break;
      case "incomplete":
        pending = path.slice(1);
        viaShow = [];
        say(d.error, "info");
        break;
      case "must_capture":
        clearPick();
        mustShow = d.must_capture || [];
        say(d.error, "error");
        break;
      default:
        clearPick();
        say(d.error || "The move was refused", "error");
    }
    render();
  }

  // viaSquares returns the landing squares between start and end of the
  // captures an ambiguous move could mean.
  function viaSquares(options) {
    const out = [];
    for (const text of options || []) {
      const sq = text.split(/[-x]/).map(Number);
      for (const s of sq.slice(1, -1)) if (!out.includes(s)) out.push(s);
    }
    return out;
  }

  // --- what the person does ----------------------------------------------------

  function ownPiece(sq) {
    const p = state.board[sq - 1];
    return p && p.toLowerCase() === state.turn[0];
  }

  // activate is a click, a tap or Enter on a square.
  function activate(sq) {
    if (!state || !sq) return;
    if (state.over) { say("The game is over: start a new one, or undo.", "info"); return; }
    if (!state.your_turn) { say("Wait: Crown is to move.", "info"); return; }
    if (ownPiece(sq) && pending.length === 0 && sq !== selected) {
      selected = sq;
      mustShow = [];
      viaShow = [];
      say("");
      render();
      return;
    }
    if (selected === sq && pending.length === 0) {
      clearPick();
      render();
      return;
    }
    if (selected === null) {
      say(state.board[sq - 1] ? "That is not your piece: pick one of yours." : "Pick one of your pieces first.", "info");
      return;
    }
    submit([selected, ...pending, sq]);
  }

  function squareFromEvent(e) {
    const el = e.target.closest && e.target.closest(".sq.dark");
    return el ? Number(el.dataset.sq) : 0;
  }

  boardEl.addEventListener("click", (e) => {
    if (suppressClick) { suppressClick = false; return; }
    const sq = squareFromEvent(e);
    if (sq) {
      const el = cellOf(sq);
      focusRC = { r: Number(el.dataset.r), c: Number(el.dataset.c) };
      activate(sq);
    }
  });

  boardEl.addEventListener("pointerdown", (e) => {
    if (!state || !state.your_turn || e.button > 0) return;
    const sq = squareFromEvent(e);
    if (!sq || !ownPiece(sq) || pending.length > 0) return;
    drag = { from: sq, x: e.clientX, y: e.clientY, id: e.pointerId, active: false, ghost: null };
  });

  window.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.active) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < dragThreshold) return;
      drag.active = true;
      selected = drag.from;
      pending = [];
      mustShow = [];
      viaShow = [];
      const src = cellOf(drag.from).querySelector(".piece");
      const ghost = src.cloneNode(true);
      const size = src.getBoundingClientRect().width;
      ghost.classList.add("ghost");
      ghost.style.width = ghost.style.height = size + "px";
      document.body.appendChild(ghost);
      drag.ghost = ghost;
      render();
    }
    drag.ghost.style.left = e.clientX + "px";
    drag.ghost.style.top = e.clientY + "px";
    e.preventDefault();
  });

  function endDrag(e) {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.active) return;
    d.ghost.remove();
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const el = under && under.closest(".sq.dark");
    const to = el && boardEl.contains(el) ? Number(el.dataset.sq) : 0;
    if (e.type === "pointerup" && to && to !== d.from) {
      submit([d.from, to]);
    } else {
      render();
    }
  }
  window.addEventListener("pointerup", endDrag);
  window.addEventListener("pointercancel", endDrag);

  // Keyboard: arrows move the focus between dark squares, Enter or Space
  // picks up and drops, Escape puts the piece back.
  boardEl.addEventListener("keydown", (e) => {
    let { r, c } = focusRC;
    switch (e.key) {
      case "ArrowLeft": c -= 2; break;
      case "ArrowRight": c += 2; break;
      case "ArrowUp": r -= 1; c += (c % 2 === 1) ? -1 : 1; break;
      case "ArrowDown": r += 1; c += (c % 2 === 1) ? -1 : 1; break;
      case "Enter": case " ": {
        e.preventDefault();
        const b = screenToBoard(focusRC.r, focusRC.c);
        activate(squareAt(b.r, b.c));
        return;
      }
      case "Escape":
        clearPick();
        say("");
        render();
        return;
      default:
        return;
    }
    e.preventDefault();
    if (r < 0 || r > 7) return;
    c = Math.max(0, Math.min(7, c));
    if ((r + c) % 2 === 0) c += c === 7 ? -1 : 1; // stay on a dark square at the edges
    focusRC = { r, c };
    draw();
    cells[r * 8 + c].focus();
  });
  boardEl.addEventListener("focusin", (e) => {
    const el = e.target.closest(".sq.dark");
    if (el) focusRC = { r: Number(el.dataset.r), c: Number(el.dataset.c) };
  });

  // --- the controls ------------------------------------------------------------

  function readForm() {
    return {
      variant: $("variant").value,
      human: $("human").value,
      movetime_ms: Number($("movetime").value),
      fen: $("fen").value.trim(),
    };
  }

  async function startNew(req, fresh) {
    const r = fresh || !state
      ? await api("POST", "api/games", req)
      : await api("POST", "api/games/" + state.id + "/new", req);
    if (!r.ok) {
      say(r.data.error, "error");
      return false;
    }
    userFlip = false;
    focusRC = { r: 5, c: 0 };
    clearPick();
    accept(r.data);
    return true;
  }

  $("new-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    if (await startNew(readForm())) say("New game: " + state.title + ".", "info");
  });

  $("undo").addEventListener("click", async () => {
    const r = await api("POST", "api/games/" + state.id + "/undo");
    clearPick();
    if (r.ok) { say(""); accept(r.data); } else say(r.data.error, "error");
  });
  $("redo").addEventListener("click", async () => {
    const r = await api("POST", "api/games/" + state.id + "/redo");
    clearPick();
    if (r.ok) { say(""); accept(r.data); } else say(r.data.error, "error");
  });
  $("go").addEventListener("click", async () => {
    clearPick();
    const r = await api("POST", "api/games/" + state.id + "/go");
    if (r.ok) accept(r.data); else say(r.data.error, "error");
  });
  $("flip").addEventListener("click", () => {
    userFlip = !userFlip;
    render();
  });
  $("analysis").addEventListener("change", async (e) => {
    const r = await api("POST", "api/games/" + state.id + "/analysis", { on: e.target.checked });
    if (r.ok) accept(r.data); else say(r.data.error, "error");
  });
  $("copy").addEventListener("click", async () => {
    const text = $("pdn").value;
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) {
      $("pdn").select();
      document.execCommand("copy");
    }
    say("The PDN record is on the clipboard.", "info");
  });
  $("load-pdn").addEventListener("click", async () => {
    const req = readForm();
    delete req.fen;
    req.pdn = $("pdn-input").value;
    if (await startNew(req)) say("Game loaded: " + state.moves.length + " moves.", "info");
  });

  // --- start -----------------------------------------------------------------

  async function init() {
    buildBoard();
    const id = sessionStorage.getItem(storageKey);
    if (id) {
      const r = await api("GET", "api/games/" + id);
      if (r.ok) {
        $("variant").value = r.data.variant;
        $("human").value = r.data.human;
        accept(r.data);
        return;
      }
    }
    await startNew(readForm(), true);
  }
  init();
})();
