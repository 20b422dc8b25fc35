// Crown's board in the browser. The server keeps the game and decides every
// question of legality; this script draws what the server says and sends what
// the person does: clicks, drags and keys on squares.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const boardEl = $("board");
  const storageKey = "crown-game-id";
  const langStorageKey = "crown-lang";
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
  let analysisAsked = null; // the analysis switch asked for, while its request is on its way
  let variants = [];        // the games the server plays (GET api/variants), in its order
  let defaultVariant = "";  // the game the server offers first (crown serve --variant)
  let dropped = false;      // the move on its way was dropped there by a drag: no animation
  let anim = null;          // the move being animated: {to, layer}
  let resignArmed = false;  // Resign was clicked once: the next click resigns

  // crownShapes draw a crown in a 24 by 24 box: on a king (crownSVG) and
  // in the rules' diagrams.
  const crownShapes =
    '<path d="M3 17.5 L2 7.5 L7.5 11.5 L12 4 L16.5 11.5 L22 7.5 L21 17.5 Z" fill="#e8b923" stroke="#7a5a00" stroke-width="1.2" stroke-linejoin="round"/>' +
    '<rect x="3" y="18.6" width="18" height="2.6" rx="0.8" fill="#e8b923" stroke="#7a5a00" stroke-width="1"/>' +
    '<circle cx="12" cy="4" r="1.4" fill="#fff3c4"/>';
  const crownSVG = '<svg class="crown" viewBox="0 0 24 24" aria-hidden="true">' + crownShapes + '</svg>';

  // --- the player's language ------------------------------------------------

  // languages are the catalogues in i18n/, each named in its own language.
  const languages = { en: "English", tl: "Tagalog", sw: "Kiswahili", te: "తెలుగు", pa: "ਪੰਜਾਬੀ" };
  let english = {};   // the English catalogue: every key
  let catalogue = {}; // the chosen language's; a key it lacks comes from english

  // t returns the text of key in the chosen language with {name} replaced
  // by params.name.
  function t(key, params) {
    const text = catalogue[key] ?? english[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (m, name) => (params && name in params ? String(params[name]) : m));
  }

  async function loadCatalogue(lang) {
    try {
      const resp = await fetch("i18n/" + lang + ".json");
      if (resp.ok) return await resp.json();
    } catch (e) { /* the page works on with the English texts */ }
    return {};
  }

  // firstLanguage is the remembered choice, else the first of the
  // browser's languages there is a catalogue for (Punjabi only in
  // Gurmukhi, not Shahmukhi), else English.
  function firstLanguage() {
    const kept = localStorage.getItem(langStorageKey);
    if (kept && kept in languages) return kept;
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const parts = tag.toLowerCase().split("-");
      if (parts[0] === "pa" && (parts.includes("arab") || parts.includes("pk"))) continue;
      if (parts[0] in languages) return parts[0];
      if (parts[0] === "fil") return "tl";
    }
    return "en";
  }

  async function setLanguage(lang, remember) {
    if (remember) localStorage.setItem(langStorageKey, lang);
    catalogue = lang === "en" ? english : await loadCatalogue(lang);
    document.documentElement.lang = lang;
    $("lang").value = lang;
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
    for (const el of document.querySelectorAll("[data-i18n-aria-label]")) el.setAttribute("aria-label", t(el.dataset.i18nAriaLabel));
    fillForm();
    render();
  }

  // variantTitle names a game in the player's language, or by the
  // server's English title where no catalogue has it.
  function variantTitle(name) {
    const key = "variant." + name;
    if (key in catalogue || key in english) return t(key);
    const v = variants.find((x) => x.name === name);
    return v ? v.title : name;
  }

  // fillForm writes the new-game form's choices in the player's language:
  // every game the server plays, and the colours with the note on the one
  // that moves first in the game chosen.
  function fillForm() {
    const sel = $("variant");
    const chosen = sel.value || (state && state.variant) || defaultVariant;
    sel.innerHTML = "";
    for (const v of variants) sel.add(new Option(variantTitle(v.name), v.name));
    if (chosen) sel.value = chosen;
    labelColours();
  }

  // labelColours writes the colours' options, the note "moves first" on
  // the first mover of the game the form has chosen.
  function labelColours() {
    const v = variants.find((x) => x.name === $("variant").value);
    const first = v ? v.first_mover : "black";
    for (const o of $("human").options) {
      if (o.value === "black" || o.value === "white") {
        o.textContent = o.value === first ? t("new.human.first", { side: sideTitle(o.value) }) : sideTitle(o.value);
      }
    }
  }

  // --- the board's geometry -------------------------------------------------

  // Square s (1-32, Crown's numbers: the English ones in every game) sits
  // on board row r (0 = squares 1-4, Black's back rank) and column c (0 =
  // the left edge seen from White's side). The games on the board of the
  // other colour (Italian, Spanish: rules.mirrored) are drawn as the
  // English board's mirror image, square 1 at the top right.
  function mirrored() { return !!(state && state.rules.mirrored); }
  function squareRC(s, mirror = mirrored()) {
    const i = s - 1, r = i >> 2;
    const c = 2 * (i & 3) + (r % 2 === 0 ? 1 : 0);
    return { r, c: mirror ? 7 - c : c };
  }
  function squareAt(r, c, mirror = mirrored()) {
    if (r < 0 || r > 7 || c < 0 || c > 7) return 0;
    if (mirror) c = 7 - c;
    if ((r + c) % 2 === 0) return 0;
    return 4 * r + (c >> 1) + 1;
  }
  // nameOf writes square sq as the game does: its number in the game's
  // numbering, or its coordinate (state.squares).
  function nameOf(sq) { return (state && state.squares[sq - 1]) || String(sq); }
  // The board is seen from White's side (square 1 at the top left) unless it
  // is turned: by default towards the colour the person plays.
  function flipped() {
    const fromBlack = state && state.human === "black";
    return fromBlack !== userFlip;
  }
  function screenToBoard(r, c) { return flipped() ? { r: 7 - r, c: 7 - c } : { r, c }; }
  // darkCell reports whether the screen cell holds a square.
  function darkCell(r, c) { const b = screenToBoard(r, c); return squareAt(b.r, b.c) !== 0; }

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

  function pathSquares(mv) { return mv ? mv.path.concat(mv.captured) : []; }

  function draw() {
    if (!state) return;
    const last = state.last;
    const hints = hintSquares();
    // The pieces that must capture are marked as the turn starts.
    const mustNow = state.your_turn ? state.must_capture : [];
    if (!darkCell(focusRC.r, focusRC.c)) focusRC.c += focusRC.c === 7 ? -1 : 1; // the board's colours changed
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
        num.textContent = nameOf(sq);
        el.appendChild(num);
        const p = state.board[sq - 1];
        if (p) {
          const pc = document.createElement("div");
          pc.className = "piece " + p.toLowerCase() + (p === p.toUpperCase() ? " king" : "");
          if (p === p.toUpperCase()) pc.innerHTML = crownSVG;
          if (drag && drag.active && drag.from === sq) pc.classList.add("lifted");
          if (anim && anim.to === sq) pc.classList.add("arriving");
          el.appendChild(pc);
        }
        const parts = [t("sq.label", { n: nameOf(sq) }), p ? t("piece." + p) : t("sq.empty")];
        if (movable(sq)) el.classList.add("movable");
        if (last && last.path.includes(sq)) { el.classList.add("last"); }
        if (last && last.captured.includes(sq) && !p) { el.classList.add("taken"); }
        if (selected === sq) { el.classList.add("selected"); parts.push(t("sq.picked")); }
        if (pending.includes(sq)) el.classList.add("pending");
        if (mustShow.includes(sq) || mustNow.includes(sq)) { el.classList.add("must"); parts.push(t("sq.must")); }
        if (state.hint && state.hint.move.path.includes(sq)) el.classList.add("hinted");
        if (viaShow.includes(sq)) el.classList.add("via");
        else if (hints.includes(sq)) el.classList.add("hint");
        el.setAttribute("aria-label", parts.join(", "));
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

  function sideTitle(c) { return t("side." + c); }

  // reasonText says why the game ended, from the server's code.
  function reasonText() {
    const n = state.ending === "three_kings" ? state.rules.three_kings_moves : state.rules.draw_moves;
    return t("ending." + state.ending, { side: sideTitle(state.ending_side || state.turn), n });
  }

  function render() {
    if (!state) return;
    $("title").textContent = variantTitle(state.variant);
    draw();

    // Players above and below the board.
    const topColour = flipped() ? "white" : "black";
    for (const [id, colour] of [["player-top", topColour], ["player-bottom", topColour === "black" ? "white" : "black"]]) {
      const el = $(id);
      el.className = "player " + colour + (state.turn === colour && !state.over ? " to-move" : "");
      const who = t(state.engine[colour] ? "who.engine" : state.human === "both" ? "who.player" : "who.you");
      el.querySelector(".name").textContent = t("player.name", { side: sideTitle(colour), who });
      const lost = state.captured[colour === "black" ? 0 : 1];
      el.querySelector(".lost").textContent = lost > 0 ? t("player.lost", { n: lost }) : "";
    }

    // Status line and the game-over banner.
    const status = $("status");
    status.classList.toggle("over", state.over);
    // The result is good news to the person who won, bad to the loser.
    const winner = state.result === "1-0" ? "black" : state.result === "0-1" ? "white" : "";
    const person = state.human === "both" ? "" : state.human;
    status.classList.toggle("won", state.over && !!winner && winner === person);
    status.classList.toggle("lost", state.over && !!winner && !!person && winner !== person);
    if (state.over) {
      const res = t(state.result === "1-0" ? "result.black" : state.result === "0-1" ? "result.white" : "result.draw");
      const reason = reasonText();
      status.textContent = t("status.over", { result: res, reason });
      $("banner-result").textContent = res;
      $("banner-reason").textContent = reason;
      $("banner").hidden = false;
    } else {
      $("banner").hidden = true;
      const side = sideTitle(state.turn);
      let text = t(state.thinking ? "status.thinking" : state.human === "both" ? "status.toMove" : "status.yourMove", { side });
      if (state.ply < state.moves.length) text = t("status.browsing", { n: state.ply, total: state.moves.length, side });
      if (state.your_turn && state.must_capture.length > 0) text = t("status.mustCapture", { status: text });
      status.textContent = text;
    }

    $("undo").disabled = !state.can_undo;
    $("resign").disabled = !state.can_resign;
    if (!state.can_resign) resignArmed = false;
    $("resign").textContent = t(resignArmed ? "btn.resign.confirm" : "btn.resign");
    $("resign").classList.toggle("confirm", resignArmed);
    $("offer-draw").hidden = state.human === "both";
    $("offer-draw").disabled = !state.can_offer_draw;
    const offer = state.draw_offer;
    $("offer-text").hidden = !offer;
    $("offer-text").textContent = offer ? t(offer.answer === "" ? "draw.thinking" : "draw." + offer.answer) : "";
    renderClock();
    $("redo").disabled = !state.can_redo;
    $("go").disabled = state.over;
    $("go").textContent = t(state.thinking ? "btn.go.now" : "btn.go");
    // While the switch's request is on its way, an event from before it
    // must not turn the switch back.
    $("analysis").checked = analysisAsked ?? state.analysis.on;
    $("hint").disabled = !state.your_turn || state.human === "both" || !!state.review;
    const h = $("hint-text");
    h.hidden = !state.hint && !state.analysis.hinting;
    h.textContent = state.hint ? t("hint.text", { move: state.hint.move.text, score: scoreText(state.hint.score) })
      : state.analysis.hinting ? t("hint.thinking") : "";
    renderAnalysis();
    renderReview();
    renderRecord();
    renderRules();
  }

  // lineCut is how many moves of a line of analysis are shown until the
  // person asks for the rest ("more").
  const lineCut = 10;
  let linesWhole = false; // the person asked for the whole lines

  // --- the clock -----------------------------------------------------------------

  let clockAt = 0;   // when the state's clock was read (performance.now())
  let clockTick = 0; // the interval that counts the running side's time down
  const clockShortMS = 10000; // less is shown in red, with tenths

  // clockText writes a time left as minutes and seconds, with tenths when
  // short: "4:07", "0:08.3".
  function clockText(ms) {
    ms = Math.max(0, ms);
    if (ms < clockShortMS) {
      const tenths = Math.floor(ms / 100);
      return "0:0" + Math.floor(tenths / 10) + "." + (tenths % 10);
    }
    const s = Math.floor(ms / 1000);
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  // renderClock shows each side's time beside its name, the running side's
  // counted down from the state's; the server decides when a time runs out.
  function renderClock() {
    const c = state && state.clock;
    if (!c || !c.running) { clearInterval(clockTick); clockTick = 0; }
    for (const id of ["player-top", "player-bottom"]) {
      const el = $(id).querySelector(".clock");
      el.hidden = !c;
      if (!c) continue;
      const colour = $(id).classList.contains("black") ? "black" : "white";
      const running = c.running === colour;
      const ms = (colour === "black" ? c.black_ms : c.white_ms) - (running ? performance.now() - clockAt : 0);
      el.textContent = clockText(ms);
      el.dataset.ms = String(Math.max(0, Math.round(ms)));
      el.classList.toggle("running", running);
      el.classList.toggle("short", ms < clockShortMS);
      el.setAttribute("aria-label", t("clock.label", { side: sideTitle(colour), time: clockText(ms) }));
    }
    if (c && c.running && !clockTick) clockTick = setInterval(renderClock, 100);
  }

  function renderAnalysis() {
    const a = state.analysis;
    $("analysis-panel").hidden = !a.on;
    renderBar();
    renderArrow();
    if (!a.on) return;
    $("an-subject").textContent = t(a.subject === "engine" ? "an.thinking" : "an.toggle");
    $("an-state").textContent = a.running ? t("an.searching") : a.has && a.final ? t("an.finished") : state.over ? t("an.over") : "";
    $("an-more").replaceChildren();
    if (!a.has) {
      $("an-score").textContent = $("an-depth").textContent = $("an-nodes").textContent = "…";
      $("an-pv").textContent = a.running ? "…" : "";
      return;
    }
    $("an-score").textContent = sideScoreText(a.score);
    $("an-depth").textContent = a.depth;
    $("an-nodes").textContent = t("an.count", { nodes: formatCount(a.nodes), s: (a.time_ms / 1000).toFixed(1) });
    if (a.pv) {
      const cut = writeLine($("an-pv"), a.pv);
      if (cut) $("an-more").appendChild(moreButton(cut));
    } else {
      $("an-pv").textContent = "…";
    }
    $("an-want").value = String(a.want);
    const list = $("an-lines");
    list.innerHTML = "";
    if (a.want > 1) {
      for (const l of a.lines) {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "line";
        b.title = t("an.play.title", { move: l.move.text });
        b.disabled = !state.your_turn;
        const score = document.createElement("span");
        score.className = "score";
        score.textContent = scoreText(l.score);
        const moves = document.createElement("span");
        const cut = writeLine(moves, l.pv);
        b.append(score, moves);
        b.addEventListener("click", () => submit(l.move.path));
        li.appendChild(b);
        if (cut) li.appendChild(moreButton(cut));
        list.appendChild(li);
      }
    }
  }

  // writeLine writes a line of moves into el, each move kept whole (the
  // line wraps between moves only): its first lineCut moves, or all of
  // them once the person asked for the rest. It returns how many moves
  // are left out, or, when the whole of a long line is shown, -1 (a
  // "less" toggle is due).
  function writeLine(el, text) {
    const moves = text.split(/\s+/).filter(Boolean);
    const shown = linesWhole ? moves : moves.slice(0, lineCut);
    el.replaceChildren();
    shown.forEach((m, i) => {
      if (i > 0) el.append(" ");
      const span = document.createElement("span");
      span.className = "nb";
      span.textContent = m;
      el.appendChild(span);
    });
    if (moves.length <= lineCut) return 0;
    return linesWhole ? -1 : moves.length - shown.length;
  }

  // moreButton toggles between lines cut to lineCut moves and whole
  // lines; cut is what writeLine returned.
  function moreButton(cut) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "more";
    b.textContent = cut > 0 ? t("an.more", { n: cut }) : t("an.less");
    b.setAttribute("aria-expanded", String(cut < 0));
    b.addEventListener("click", () => { linesWhole = !linesWhole; renderAnalysis(); });
    return b;
  }

  // analysisHere reports whether analysis has a report of the position
  // on the board (not of one the board has left).
  function analysisHere() {
    const a = state.analysis;
    return a.on && a.has && a.fen === state.fen && !state.over;
  }

  // renderBar draws the evaluation bar beside the board while analysis is
  // on: Black's part (the server's black_share, from Black's view whoever
  // is to move) on the side of the board where Black sits, and the score
  // at the end of the side ahead, written as the panel writes it (from the
  // side to move, named: docs/scores.md).
  function renderBar() {
    const bar = $("eval-bar");
    const a = state.analysis;
    bar.hidden = !a.on;
    if (!a.on) return;
    const here = analysisHere();
    const share = here ? a.black_share : 500;
    const blackTop = !flipped();
    bar.classList.toggle("flipped", !blackTop);
    bar.querySelector(".eval-black").style.height = share / 10 + "%";
    const label = bar.querySelector(".eval-text");
    const text = here ? sideScoreText(a.score) : "";
    label.textContent = text;
    const blackAhead = share >= 500;
    label.className = "eval-text " + (blackAhead === blackTop ? "top" : "bottom") + (blackAhead ? " on-black" : " on-white");
    bar.setAttribute("aria-label", t("an.bar", { score: text || "…" }));
    bar.title = t("an.bar", { score: text || "…" });
    bar.dataset.share = String(share);
  }

  // renderArrow draws the best move analysis found in the position on the
  // board as an arrow along its path, square by square.
  function renderArrow() {
    const svg = $("best-arrow");
    svg.replaceChildren();
    const best = analysisHere() ? state.analysis.best : null;
    svg.dataset.move = best ? best.text : "";
    if (!best) return;
    const centre = (sq) => {
      const { r, c } = squareRC(sq);
      const s = flipped() ? { r: 7 - r, c: 7 - c } : { r, c };
      return [s.c + 0.5, s.r + 0.5];
    };
    const pts = best.path.map(centre);
    // The shaft stops short of the last centre, where the head's tip is.
    const [x1, y1] = pts[pts.length - 2], [x2, y2] = pts[pts.length - 1];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const head = 0.38;
    const bx = x2 - (x2 - x1) * head / len, by = y2 - (y2 - y1) * head / len;
    const shaft = pts.slice(0, -1).concat([[bx, by]]);
    svgEl("polyline", { points: shaft.map((p) => p.join(",")).join(" "), class: "shaft" }, svg);
    const nx = -(y2 - y1) / len * head * 0.7, ny = (x2 - x1) / len * head * 0.7;
    svgEl("polygon", { points: `${x2},${y2} ${bx + nx},${by + ny} ${bx - nx},${by - ny}`, class: "head" }, svg);
  }

  // scoreText writes a score in the player's language as crown analyze
  // and crown annotate write it (docs/scores.md, search.ScoreText), from
  // the view of the side to move in the position scored (s.side): an
  // evaluation in men ("+0.35", "0.00"), a forced result in the winner's
  // moves, the endgame database's value in words.
  function scoreText(s) {
    switch (s.kind) {
      case "win": return t(s.moves === 1 ? "score.win.one" : "score.win", { n: s.moves });
      case "loss": return s.moves === 0 ? t("score.lost") : t(s.moves === 1 ? "score.loss.one" : "score.loss", { n: s.moves });
      case "dbwin": return t("score.dbwin");
      case "dbloss": return t("score.dbloss");
      case "dbdraw": return t("score.dbdraw");
    }
    if (s.cm === 0) return "0.00";
    const a = Math.abs(s.cm);
    return (s.cm < 0 ? "-" : "+") + Math.floor(a / 100) + "." + String(a % 100).padStart(2, "0");
  }

  // sideScoreText writes a score with the side whose view it is: "White: +0.35".
  function sideScoreText(s) { return t("score.side", { side: sideTitle(s.side), score: scoreText(s) }); }

  // moveComment writes a reviewed move's comment as crown annotate does,
  // in the player's language: its score from the side that moved, and the
  // best move with its score when it is another that scores more.
  function moveComment(rm) {
    const played = scoreText(rm.score);
    return rm.best ? t("review.comment.best", { score: played, move: rm.best, best: scoreText(rm.best_score) }) : played;
  }

  // --- the review ----------------------------------------------------------------

  // The graph's geometry in its viewBox: room at the left for the scale,
  // below for the move numbers.
  const graph = { w: 600, h: 196, left: 34, right: 592, top: 8, bottom: 170, maxTicks: 12 };
  let saidReviewing = false; // the message says a review is under way

  // renderReview draws the review: how far it went, the evaluation graph
  // (Black's view, on the review's scale: evaluations clipped, proven
  // results at the edges) with its scale, move numbers and legend, a
  // point per position that goes there when clicked, the comment on the
  // move that led to the position on the board, and the summary.
  function renderReview() {
    const rv = state.review;
    $("review-panel").hidden = !rv;
    $("review").disabled = state.moves.length === 0 || !!(rv && rv.running);
    if (saidReviewing && !(rv && rv.running)) say("");
    if (!rv) return;
    $("review-status").textContent = rv.error ? t("review.failed", { detail: rv.error })
      : rv.running ? t("review.running", { done: rv.done, total: rv.total }) : t("review.done", { total: rv.total });
    const svg = $("review-graph");
    svg.innerHTML = "";
    const n = Math.max(rv.total, 1);
    const x = (ply) => graph.left + ply * (graph.right - graph.left) / n;
    const mid = (graph.top + graph.bottom) / 2;
    const y = (v) => mid - v * (graph.bottom - graph.top) / 2 / rv.result;
    const el = (tag, attrs, parent) => svgEl(tag, attrs, parent || svg);
    const label = (x, y, anchor, text, cls) => { el("text", { x, y, "text-anchor": anchor, class: cls || "g-label" }).textContent = text; };
    el("rect", { x: graph.left, y: graph.top, width: graph.right - graph.left, height: graph.bottom - graph.top, class: "g-bg" });
    // The scale: the clip in men, 0, and the results at the edges.
    for (const v of [rv.clip, -rv.clip]) el("line", { x1: graph.left, x2: graph.right, y1: y(v), y2: y(v), class: "g-clip" });
    el("line", { x1: graph.left, x2: graph.right, y1: mid, y2: mid, class: "g-zero" });
    for (const v of [rv.clip, 0, -rv.clip]) label(graph.left - 4, y(v) + 4, "end", (v > 0 ? "+" : v < 0 ? "-" : "") + Math.abs(v) / 100);
    label(graph.left + 4, graph.top + 12, "start", t("review.axis.black"), "g-label g-edge");
    label(graph.left + 4, graph.bottom - 5, "start", t("review.axis.white"), "g-label g-edge");
    // The move numbers, at most maxTicks of them.
    const nums = moveNumbers();
    const first = state.rules.first_mover;
    const step = Math.max(1, Math.ceil((nums[nums.length - 1] || 1) / graph.maxTicks));
    state.moves.forEach((mv, i) => {
      if (mv.colour !== first || nums[i] % step !== 0 || i >= rv.total) return;
      el("line", { x1: x(i + 1), x2: x(i + 1), y1: graph.bottom, y2: graph.bottom + 4, class: "g-tick" });
      label(x(i + 1), graph.bottom + 16, "middle", String(nums[i]));
    });
    el("line", { x1: x(state.ply), x2: x(state.ply), y1: graph.top, y2: graph.bottom, class: "g-now" });
    if (rv.summary.turn >= 0) {
      const tx = x(rv.summary.turn + 1);
      el("line", { x1: tx, x2: tx, y1: graph.top, y2: graph.bottom, class: "g-turn" });
    }
    if (rv.points.length > 0) {
      const pts = rv.points.map((p) => x(p.ply).toFixed(1) + "," + y(p.value).toFixed(1));
      el("polygon", { points: x(0) + "," + mid + " " + pts.join(" ") + " " + x(rv.points[rv.points.length - 1].ply) + "," + mid, class: "g-area" });
      el("polyline", { points: pts.join(" "), class: "g-line" });
    }
    for (const p of rv.points) {
      const mark = p.mark === "??" ? " blunder" : p.mark === "?" ? " mistake" : "";
      const g = el("g", { class: "g-point" + mark + (p.ply === state.ply ? " now" : ""), "data-ply": p.ply, tabindex: "0", role: "button" });
      const name = p.ply === 0 ? t("review.start") : state.moves[p.ply - 1].text + p.mark;
      el("title", {}, g).textContent = name + " " + (p.ply === 0 ? (rv.start ? sideScoreText(rv.start) : "") : moveComment(rv.moves[p.ply - 1]));
      el("circle", { cx: x(p.ply), cy: y(p.value), r: 9, class: "g-hit" }, g);
      el("circle", { cx: x(p.ply), cy: y(p.value), r: mark ? 5 : 3, class: "g-dot" }, g);
      const go = () => gotoPly(p.ply);
      g.addEventListener("click", go);
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    }
    $("review-legend-scale").textContent = t("review.legend", { clip: rv.clip / 100 });
    $("review-legend-mistake").textContent = t("review.legend.mistake", { men: rv.mistake_drop / 100 });
    $("review-legend-blunder").textContent = t("review.legend.blunder", { men: rv.blunder_drop / 100 });
    const rm = state.ply > 0 ? rv.moves[state.ply - 1] : null;
    const comment = $("review-comment");
    comment.className = rm && rm.mark === "??" ? "blunder" : rm && rm.mark === "?" ? "mistake" : "";
    comment.textContent = rm ? moveLabel(state.ply - 1, nums) + rm.mark + " — " + reviewComment(rm) : "";
    const s = rv.summary;
    let text = t("review.side", { side: sideTitle("black"), mistakes: s.mistakes[0], blunders: s.blunders[0] }) + " " +
      t("review.side", { side: sideTitle("white"), mistakes: s.mistakes[1], blunders: s.blunders[1] });
    if (s.turn >= 0) text += " " + t("review.turn", { move: s.turn_text });
    $("review-summary").textContent = text;
  }

  // moveNumbers returns the record's number of each move of the game: a
  // numbered move is the first mover's and the reply.
  function moveNumbers() {
    const first = state.rules.first_mover;
    const out = [];
    let n = 0;
    state.moves.forEach((mv, i) => {
      if (mv.colour === first || i === 0) n++;
      out.push(n);
    });
    return out;
  }

  // moveLabel writes move i as the record numbers it: "12. 26-22" for the
  // first mover's, "12... 26-22" for the reply.
  function moveLabel(i, nums) {
    const mv = state.moves[i];
    return nums[i] + (mv.colour === state.rules.first_mover ? ". " : "... ") + mv.text;
  }

  // reviewComment says what the review found of a move: mistake or
  // blunder, and its comment (moveComment: the score it leaves and the
  // better move with its score, from the side that moved).
  function reviewComment(rm) {
    const comment = moveComment(rm);
    return rm.mark === "??" ? t("review.blunder", { comment }) : rm.mark === "?" ? t("review.mistake", { comment }) : comment;
  }

  // gotoPly shows the position after ply moves of the game, which stays
  // whole: the server moves its cursor, and the record keeps every move.
  // Steps asked for before the answer comes count from the last asked;
  // the requests go one after another, so the last asked is the last
  // done, and one overtaken before it was sent is not sent.
  let navPly = null;                // the ply last asked for, until its answer comes
  let navQueue = Promise.resolve(); // the requests asked for, in order
  function gotoPly(ply) {
    if (!state) return;
    ply = Math.max(0, Math.min(state.moves.length, ply));
    if (ply === (navPly ?? state.ply)) return;
    clearPick();
    navPly = ply;
    const id = state.id;
    navQueue = navQueue.then(async () => {
      if (navPly !== ply) return;
      const r = await api("POST", "api/games/" + id + "/goto", { ply });
      if (navPly === ply) navPly = null;
      if (r.ok) { say(""); accept(r.data); } else say(errorText(r.data), "error");
    }).catch(() => { navPly = null; }); // a step that failed does not stop the next
  }
  function stepPly(delta) { if (state) gotoPly((navPly ?? state.ply) + delta); }

  function formatCount(n) {
    if (n >= 1e6) return (n / 1e6).toFixed(1) + "M";
    if (n >= 1e3) return (n / 1e3).toFixed(1) + "k";
    return String(n);
  }

  function renderRecord() {
    const list = $("moves");
    list.innerHTML = "";
    let li = null;
    const first = state.rules.first_mover; // a numbered move is the first mover's and the reply
    state.moves.forEach((mv, i) => {
      if (mv.colour === first || !li) {
        li = document.createElement("li");
        list.appendChild(li);
        if (mv.colour !== first) {
          const gap = document.createElement("span");
          gap.className = "mv";
          gap.textContent = "…";
          li.appendChild(gap);
        }
      }
      const span = document.createElement("span");
      span.className = "mv" + (i === state.ply - 1 ? " current" : "") + (i >= state.ply ? " ahead" : "");
      span.textContent = mv.text;
      span.dataset.ply = i + 1;
      span.setAttribute("role", "button");
      const rm = state.review && state.review.moves[i];
      if (rm) {
        span.textContent += rm.mark;
        if (rm.mark) span.classList.add(rm.mark === "??" ? "blunder" : "mistake");
        span.title = reviewComment(rm);
        span.dataset.comment = moveComment(rm);
      }
      li.appendChild(span);
    });
    const cur = list.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    const end = state.moves.length;
    $("nav-first").disabled = $("nav-prev").disabled = state.ply === 0;
    $("nav-next").disabled = $("nav-last").disabled = state.ply === end;
    if (pdnShown !== state.pdn) writePDN(state.pdn);
    $("current-fen").value = state.fen;
    $("download").href = "api/games/" + state.id + "/pdn";
  }

  // writePDN shows the record: its text as it is (what Copy and the
  // download give), each word of up to pdnWord characters (a move, a move
  // number) kept whole on its line; longer ones, a FEN, may break.
  let pdnShown = null;
  const pdnWord = 24;
  function writePDN(text) {
    pdnShown = text;
    const box = $("pdn");
    box.replaceChildren();
    for (const part of text.split(/(\s+)/)) {
      if (part === "") continue;
      if (/\s/.test(part) || part.length > pdnWord) { box.append(part); continue; }
      const span = document.createElement("span");
      span.className = "nb";
      span.textContent = part;
      box.appendChild(span);
    }
  }

  function say(text, kind) {
    saidReviewing = false;
    const m = $("message");
    m.textContent = text || "";
    m.className = kind || "";
  }

  // --- the rules panel ---------------------------------------------------------

  // Diagrams are drawn from a FEN-like position ("W:W22:B18", ranges such
  // as 21-32 and K for kings allowed), a move's path of squares, the
  // squares it takes, and a square where a man is crowned.
  // Their squares are Crown's numbers, drawn mirrored where the game's
  // board is (squareRC).
  const diagrams = {
    start: { fen: "B:W21-32:B1-12" },
    start8: { fen: "W:W25-32:B1-8" }, // Thai: 8 men a side
    capture: { fen: "W:W22:B18", path: [22, 15], taken: [18] },
    multi: { fen: "W:W27:B23,15", path: [27, 18, 11], taken: [23, 15] },
    crown: { fen: "W:W6:B", path: [6, 2], crown: 2 },
    flying: { fen: "W:WK29:B22", path: [29, 11], taken: [22] },
    landBehind: { fen: "W:WK29:B22", path: [29, 18], taken: [22] }, // Thai: just behind the piece taken
  };
  const svgNS = "http://www.w3.org/2000/svg";
  let diagramCount = 0; // keeps the arrow markers' ids apart

  function diagramPieces(fen) {
    const out = {};
    for (const part of fen.split(":").slice(1)) {
      const colour = part[0] === "B" ? "b" : "w";
      for (const item of part.slice(1).split(",").filter(Boolean)) {
        const king = item[0] === "K";
        const [a, b] = item.replace("K", "").split("-").map(Number);
        for (let sq = a; sq <= (b || a); sq++) out[sq] = king ? colour.toUpperCase() : colour;
      }
    }
    return out;
  }

  function svgEl(tag, attrs, parent) {
    const el = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (parent) parent.appendChild(el);
    return el;
  }

  // drawDiagram returns a small board as an SVG (seen from White's side,
  // as the board starts), with no text in it: the caption says what it shows.
  function drawDiagram(d) {
    const svg = svgEl("svg", { viewBox: "0 0 8 8", "aria-hidden": "true", class: "diagram-board" });
    const centre = (sq) => { const { r, c } = squareRC(sq); return [c + 0.5, r + 0.5]; };
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) svgEl("rect", { x: c, y: r, width: 1, height: 1, class: squareAt(r, c) ? "d" : "l" }, svg);
    }
    const drawPiece = (sq, p, cls) => {
      const [x, y] = centre(sq);
      svgEl("circle", { cx: x, cy: y, r: 0.4, class: "p " + p.toLowerCase() + (cls ? " " + cls : "") }, svg);
      if (p === p.toUpperCase()) {
        const g = svgEl("g", { transform: `translate(${x - 0.27} ${y - 0.27}) scale(0.0225)`, class: cls || "" }, svg);
        g.innerHTML = crownShapes;
      }
    };
    const pieces = diagramPieces(d.fen);
    for (const [sq, p] of Object.entries(pieces)) drawPiece(Number(sq), p, (d.taken || []).includes(Number(sq)) ? "taken" : "");
    if (d.crown) drawPiece(d.crown, "W", "future");
    if (d.path) {
      const id = "arrow" + ++diagramCount;
      const marker = svgEl("marker", { id, viewBox: "0 0 4 4", refX: 2, refY: 2, markerWidth: 3, markerHeight: 3, orient: "auto" },
        svgEl("defs", {}, svg));
      svgEl("path", { d: "M0 0 L4 2 L0 4 Z", class: "arrow-head" }, marker);
      svgEl("polyline", { points: d.path.map((sq) => centre(sq).join(",")).join(" "), class: "arrow", "marker-end": `url(#${id})` }, svg);
    }
    for (const sq of d.taken || []) {
      const [x, y] = centre(sq);
      svgEl("path", { d: `M${x - 0.2} ${y - 0.2} L${x + 0.2} ${y + 0.2} M${x + 0.2} ${y - 0.2} L${x - 0.2} ${y + 0.2}`, class: "cross" }, svg);
    }
    return svg;
  }

  let rulesShown = ""; // the language and rule set the panel was written for

  // compulsoryKeys say which capture must be taken, by the server's code
  // of the rule (rules.precedence).
  const compulsoryKeys = {
    any: "rules.compulsory", king_first: "rules.compulsory.kingFirst", most: "rules.compulsory.most",
    most_kings: "rules.compulsory.mostKings", italian: "rules.compulsory.italian",
  };

  // captureKey says how pieces capture under rules r: short jumps (American,
  // Italian), flying kings with men that capture backward (Pool, Russian,
  // Brazilian) or forward only (Czech, Spanish), or Thai's king that lands
  // just behind the piece it takes.
  function captureKey(r) {
    if (r.land_behind) return "rules.capture.landBehind";
    if (!r.flying_kings) return "rules.capture";
    return r.men_capture_back ? "rules.capture.flying" : "rules.capture.flyingForward";
  }

  // crowningKey says when a man is crowned under rules r.
  function crowningKey(r) {
    if (r.crown_in_capture) return "rules.kings.inCapture";
    return r.men_capture_back ? "rules.kings.endOnly" : "rules.kings";
  }

  // renderRules writes the panel "How to play and rules" for the game in
  // force, in the chosen language, from its rules as the server gives them:
  // a paragraph per rule that differs among the games, each with the
  // diagrams it needs.
  function renderRules() {
    if (!state) return;
    const r = state.rules;
    const key = document.documentElement.lang + " " + state.variant;
    if (key === rulesShown) return;
    rulesShown = key;
    const box = $("rules");
    box.innerHTML = "";
    box.dataset.variant = state.variant;
    const add = (tag, text) => {
      const el = document.createElement(tag);
      el.textContent = text;
      box.appendChild(el);
      return el;
    };
    const figures = (...names) => {
      const row = add("div", "");
      row.className = "figures";
      for (const name of names) {
        const fig = document.createElement("figure");
        fig.className = "diagram";
        fig.dataset.diagram = name;
        fig.appendChild(drawDiagram(diagrams[name === "start" && r.men_per_side === 8 ? "start8" : name]));
        const cap = document.createElement("figcaption");
        cap.textContent = t("fig." + name);
        fig.appendChild(cap);
        row.appendChild(fig);
      }
    };
    add("h3", t("how.title"));
    for (const k of ["how.move", "how.multi", "how.stuck", "how.game"]) add("p", t(k));
    add("h3", t("rules.title", { variant: variantTitle(state.variant) }));
    add("h4", t("rules.board.h"));
    add("p", t(r.algebraic ? "rules.board.coords" : r.mirrored ? "rules.board.mirrored" : "rules.board"));
    add("h4", t("rules.pieces.h"));
    add("p", t(r.men_per_side === 8 ? "rules.pieces.thai" : r.first_mover === "white" ? "rules.pieces.white" : "rules.pieces"));
    figures("start");
    add("h4", t("rules.moves.h"));
    add("p", t(r.flying_kings ? "rules.moves.flying" : "rules.moves"));
    add("h4", t("rules.capture.h"));
    add("p", t(captureKey(r)));
    if (r.men_spare_kings) add("p", t("rules.capture.spareKings"));
    add("p", t(compulsoryKeys[r.precedence] || "rules.compulsory"));
    add("p", t("rules.multi"));
    const shown = ["capture", "multi"];
    if (r.flying_kings) shown.push(r.land_behind ? "landBehind" : "flying");
    figures(...shown);
    add("h4", t("rules.kings.h"));
    add("p", t(crowningKey(r)));
    figures("crown");
    add("h4", t("rules.end.h"));
    add("p", t("rules.end.win"));
    add("p", t("rules.end.draw", { n: r.draw_moves }));
    if (r.three_kings_moves > 0) add("p", t("rules.end.threeKings", { n: r.three_kings_moves }));
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
      return { ok: false, status: 0, data: { error: t("err.unreachable", { detail: e.message }), local: true } };
    }
    let data = {};
    try { data = await resp.json(); } catch (e) { data = { error: t("err.status", { status: resp.status }), local: true }; }
    return { ok: resp.ok, status: resp.status, data };
  }

  function accept(st) {
    if (!st || !st.id) return;
    const fresh = !state || state.id !== st.id;
    if (!fresh && st.version < state.version) return; // an older answer overtaken by the event stream
    const moved = fresh || st.fen !== state.fen;
    const before = state;
    const otherGame = fresh || st.variant !== state.variant;
    state = st;
    if (otherGame) {
      // The form shows the game in force: a loaded PDN's GameType may have
      // chosen another.
      $("variant").value = st.variant;
      labelColours();
    }
    window.crownState = st;
    clockAt = performance.now();
    if (moved) clearPick();
    const step = !fresh && st.last && st.ply === before.ply + 1 && moved;
    if (step && !dropped) startAnimation(before, st.last); else if (moved) stopAnimation();
    dropped = false;
    render();
    if (fresh) follow(st.id);
  }

  // --- move animation ------------------------------------------------------------

  const hopMS = 170; // the time of one step or jump

  // startAnimation shows move mv, played in position before, as the piece
  // going square by square along its path, each piece it takes fading as
  // it is jumped. The board is drawn as it is after the move, its piece
  // at the end hidden until the moving one gets there.
  function startAnimation(before, mv) {
    stopAnimation();
    const piece = before.board[mv.path[0] - 1];
    if (!piece || document.hidden || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const to = mv.path[mv.path.length - 1];
    const layer = document.createElement("div");
    layer.className = "anim-layer";
    document.body.appendChild(layer);
    const centre = (sq) => { const r = cellOf(sq).getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2, size: r.width }; };
    const put = (p, sq) => {
      const c = centre(sq), size = c.size * 0.78;
      const el = document.createElement("div");
      el.className = "piece anim " + p.toLowerCase() + (p === p.toUpperCase() ? " king" : "");
      if (p === p.toUpperCase()) el.innerHTML = crownSVG;
      Object.assign(el.style, { left: c.x - size / 2 + "px", top: c.y - size / 2 + "px", width: size + "px", height: size + "px" });
      layer.appendChild(el);
      return el;
    };
    const points = mv.path.map(centre);
    const hops = points.length - 1;
    // Each piece taken fades as the hop over it ends: the hop whose
    // segment passes nearest its square.
    for (const sq of mv.captured) {
      const c = centre(sq);
      let best = 0, bestDist = Infinity;
      for (let i = 0; i < hops; i++) {
        const d = segmentDistance(c, points[i], points[i + 1]);
        if (d < bestDist) { best = i; bestDist = d; }
      }
      put(before.board[sq - 1] || "w", sq).animate([{ opacity: 1 }, { opacity: 0 }],
        { delay: (best + 0.6) * hopMS, duration: hopMS * 0.4, fill: "forwards" });
    }
    const mover = put(piece, mv.path[0]);
    const frames = points.map((p) => ({ transform: `translate(${p.x - points[0].x}px, ${p.y - points[0].y}px)` }));
    const run = mover.animate(frames, { duration: hops * hopMS, easing: "linear", fill: "forwards" });
    anim = { to, layer };
    const mine = anim;
    run.finished.then(() => { if (anim === mine) { stopAnimation(); draw(); } }, () => {});
  }

  function stopAnimation() {
    if (!anim) return;
    anim.layer.remove();
    anim = null;
  }

  // segmentDistance is the distance from point c to the segment a-b.
  function segmentDistance(c, a, b) {
    const dx = b.x - a.x, dy = b.y - a.y;
    const len2 = dx * dx + dy * dy || 1;
    const k = Math.max(0, Math.min(1, ((c.x - a.x) * dx + (c.y - a.y) * dy) / len2));
    return Math.hypot(c.x - a.x - k * dx, c.y - a.y - k * dy);
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
        say(t("msg.dropped"), "info");
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
    const to = path[path.length - 1];
    switch (d.code) {
      case "ambiguous":
        pending = [];
        viaShow = viaSquares(d.options);
        mustShow = [];
        say(t("err.ambiguous", { n: (d.options || []).length, from: nameOf(path[0]), to: nameOf(to) }), "info");
        break;
      case "incomplete":
        pending = path.slice(1);
        viaShow = [];
        say(t("err.incomplete"), "info");
        break;
      case "must_capture":
        // The forced-capture hint: the pieces that can capture are marked.
        clearPick();
        mustShow = d.must_capture || [];
        say(t(mustShow.includes(path[0]) ? "err.mustCapturePiece" : "err.mustCapture"), "error");
        break;
      default:
        clearPick();
        say(refusal(d, path), "error");
    }
    render();
  }

  // refusal says why the server refused a move, from its code; a refusal
  // with no code known here shows the server's own words.
  function refusal(d, path) {
    switch (d.code) {
      case "not_your_turn": return t("msg.wait");
      case "not_your_piece": return t("err.notYourPiece", { n: nameOf(path[0]) });
      case "illegal": return t("err.illegal", { move: path.map(nameOf).join("-") });
    }
    return errorText(d);
  }

  // errorText is an error answer for people, from its code; the server's
  // own words, which are in English, stand in the sentence as the detail
  // where the code says too little (a FEN or PDN that cannot be read), or
  // behind a general sentence for a code the page does not know.
  function errorText(d) {
    if (d.local) return d.error;
    if (d.code === "game_over") return t("msg.over");
    const key = "err." + d.code;
    return t(key in english ? key : "err.refused", { detail: d.error });
  }

  // viaSquares returns the landing squares between start and end of the
  // captures an ambiguous move could mean.
  function viaSquares(options) {
    const out = [];
    for (const mv of options || []) {
      for (const s of mv.path.slice(1, -1)) if (!out.includes(s)) out.push(s);
    }
    return out;
  }

  // --- what the person does ----------------------------------------------------

  function ownPiece(sq) {
    const p = state.board[sq - 1];
    return p && p.toLowerCase() === state.turn[0];
  }

  // movable reports whether the piece on sq has a legal move the person
  // may play now: only such a piece can be picked up.
  function movable(sq) {
    return !!(state && state.your_turn && state.legal.some((mv) => mv.path[0] === sq));
  }

  // refuseStuck says why an own piece that cannot move is not picked up:
  // a capture is compulsory elsewhere (the pieces that must capture are
  // marked), or it is blocked.
  function refuseStuck(sq) {
    if (state.must_capture.length > 0) {
      mustShow = state.must_capture;
      say(t("err.mustCapture"), "error");
    } else {
      say(t("msg.cannotMove", { n: nameOf(sq) }), "info");
    }
    render();
  }

  // activate is a click, a tap or Enter on a square.
  function activate(sq) {
    if (!state || !sq) return;
    if (state.over) { say(t("msg.over"), "info"); return; }
    if (!state.your_turn) { say(t("msg.wait"), "info"); return; }
    if (ownPiece(sq) && pending.length === 0 && sq !== selected) {
      if (!movable(sq)) { refuseStuck(sq); return; }
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
      say(t(state.board[sq - 1] ? "msg.notYours" : "msg.pickFirst"), "info");
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
    if (!sq || !movable(sq) || pending.length > 0) return;
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
      dropped = true; // the piece is where it was dropped: no animation
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
    if (!darkCell(r, c)) c += c === 7 ? -1 : 1; // stay on a dark square at the edges
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
      level: Number($("level").value),
      ...clockSetting(),
      fen: $("fen").value.trim(),
    };
  }

  // clockSetting reads the clock chosen, "base+increment" in
  // milliseconds, as the request's fields; none for no clock.
  function clockSetting() {
    const v = $("clock").value;
    if (!v) return {};
    const [base, inc] = v.split("+").map(Number);
    return { clock_ms: base, increment_ms: inc };
  }

  async function startNew(req, fresh) {
    const r = fresh || !state
      ? await api("POST", "api/games", req)
      : await api("POST", "api/games/" + state.id + "/new", req);
    if (!r.ok) {
      say(errorText(r.data), "error");
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
    if (await startNew(readForm())) say(t("msg.newGame", { title: variantTitle(state.variant) }), "info");
  });

  $("undo").addEventListener("click", async () => {
    const r = await api("POST", "api/games/" + state.id + "/undo");
    clearPick();
    if (r.ok) { say(""); accept(r.data); } else say(errorText(r.data), "error");
  });
  $("redo").addEventListener("click", async () => {
    const r = await api("POST", "api/games/" + state.id + "/redo");
    clearPick();
    if (r.ok) { say(""); accept(r.data); } else say(errorText(r.data), "error");
  });
  $("go").addEventListener("click", async () => {
    clearPick();
    const r = await api("POST", "api/games/" + state.id + "/go");
    if (r.ok) accept(r.data); else say(errorText(r.data), "error");
  });
  // The record's moves, its buttons and the arrow keys step through the
  // game (the arrows move between squares while the board has the focus).
  $("moves").addEventListener("click", (e) => {
    const el = e.target.closest(".mv[data-ply]");
    if (el) gotoPly(Number(el.dataset.ply));
  });
  $("nav-first").addEventListener("click", () => gotoPly(0));
  $("nav-prev").addEventListener("click", () => stepPly(-1));
  $("nav-next").addEventListener("click", () => stepPly(1));
  $("nav-last").addEventListener("click", () => gotoPly(state.moves.length));
  document.addEventListener("keydown", (e) => {
    if (!state || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) return;
    const el = e.target;
    if (el.closest && (el.closest("#board, input, textarea, select, [contenteditable]"))) return;
    const steps = { ArrowLeft: () => stepPly(-1), ArrowRight: () => stepPly(1), Home: () => gotoPly(0), End: () => gotoPly(state.moves.length) };
    if (!(e.key in steps)) return;
    e.preventDefault();
    steps[e.key]();
  });
  // Resign takes two clicks: the first arms the button for a few seconds.
  let resignTimer = 0;
  const resignArmMS = 4000;
  $("resign").addEventListener("click", async () => {
    clearTimeout(resignTimer);
    if (!resignArmed) {
      resignArmed = true;
      resignTimer = setTimeout(() => { resignArmed = false; render(); }, resignArmMS);
      render();
      return;
    }
    resignArmed = false;
    clearPick();
    const r = await api("POST", "api/games/" + state.id + "/resign");
    if (r.ok) { say(""); accept(r.data); } else { say(errorText(r.data), "error"); render(); }
  });
  $("offer-draw").addEventListener("click", async () => {
    const r = await api("POST", "api/games/" + state.id + "/draw");
    if (r.ok) accept(r.data); else say(errorText(r.data), "error");
  });
  $("flip").addEventListener("click", () => {
    userFlip = !userFlip;
    render();
  });
  $("analysis").addEventListener("change", async (e) => {
    analysisAsked = e.target.checked;
    const r = await api("POST", "api/games/" + state.id + "/analysis", { on: e.target.checked });
    analysisAsked = null;
    if (r.ok) accept(r.data); else { say(errorText(r.data), "error"); render(); }
  });
  $("an-want").addEventListener("change", async (e) => {
    const r = await api("POST", "api/games/" + state.id + "/analysis", { on: true, lines: Number(e.target.value) });
    if (r.ok) accept(r.data); else say(errorText(r.data), "error");
  });
  $("hint").addEventListener("click", async () => {
    const r = await api("POST", "api/games/" + state.id + "/hint");
    if (r.ok) accept(r.data); else say(errorText(r.data), "error");
  });
  $("review").addEventListener("click", async () => {
    const r = await api("POST", "api/games/" + state.id + "/review");
    // The answer may come after the review has ended (the event stream
    // is ahead of it): render anew so that the message goes at once.
    if (r.ok) { say(t("msg.reviewing"), "info"); saidReviewing = true; accept(r.data); render(); } else say(errorText(r.data), "error");
  });
  $("pdn-file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    $("pdn-input").value = await f.text();
    e.target.value = "";
    $("load-pdn").click();
  });
  $("copy").addEventListener("click", async () => {
    const text = state.pdn;
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) {
      window.getSelection().selectAllChildren($("pdn"));
      document.execCommand("copy");
    }
    say(t("msg.copied"), "info");
  });
  $("load-pdn").addEventListener("click", async () => {
    const req = readForm();
    delete req.fen;
    req.pdn = $("pdn-input").value;
    if (await startNew(req)) say(t("msg.loaded", { n: state.moves.length }), "info");
  });

  // --- start -----------------------------------------------------------------

  async function init() {
    buildBoard();
    for (const [code, name] of Object.entries(languages)) $("lang").add(new Option(name, code));
    $("lang").addEventListener("change", (e) => setLanguage(e.target.value, true));
    english = await loadCatalogue("en");
    const r = await api("GET", "api/variants");
    if (r.ok) {
      variants = r.data.variants;
      defaultVariant = r.data.default || "";
    }
    $("variant").addEventListener("change", labelColours);
    await setLanguage(firstLanguage(), false);
    const id = sessionStorage.getItem(storageKey);
    if (id) {
      const g = await api("GET", "api/games/" + id);
      if (g.ok) {
        $("human").value = g.data.human;
        accept(g.data);
        return;
      }
    }
    await startNew(readForm(), true);
  }
  init();
})();
