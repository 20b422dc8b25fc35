// End-to-end tests of crown serve's board in a real headless Chromium.
// CROWN_URL names the running server (make test-browser starts one);
// CHROMIUM the browser (default /usr/bin/chromium). Screenshots go to out/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";

const base = process.env.CROWN_URL;
if (!base) throw new Error("set CROWN_URL to the address crown serve prints");
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, "out");
fs.mkdirSync(outDir, { recursive: true });

// tinyThink is the engine's time per move in these tests: enough for a
// legal reply, short enough for whole games.
const tinyThink = 20;
// maxPlies ends a game the tests play if the rules have not ended it.
const maxPlies = 400;
const desktop = { width: 1100, height: 820 };
const phone = { width: 390, height: 844 };

// The page's catalogues, read from the source tree, and its languages.
const languages = ["en", "tl", "sw", "te", "pa"];
const catalogues = Object.fromEntries(languages.map((lang) =>
  [lang, JSON.parse(fs.readFileSync(path.join(here, "..", "static", "i18n", lang + ".json"), "utf8"))]));
const text = (lang, key, params = {}) =>
  (catalogues[lang][key] ?? catalogues.en[key]).replace(/\{(\w+)\}/g, (m, name) => String(params[name] ?? m));

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
});
after(async () => { await browser?.close(); });

async function openBoard(viewport = desktop, locale = "en-US") {
  const context = await browser.newContext({ viewport, acceptDownloads: true, locale });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base);
  await page.waitForFunction(() => window.crownState && window.crownState.id);
  page.jsErrors = errors;
  return page;
}

const state = (page) => page.evaluate(() => window.crownState);
// pdnShown is the record in the PDN box, as the person reads and copies it.
const pdnShown = (page) => page.textContent("#pdn");
const square = (page, n) => page.locator(`#board .sq[data-sq="${n}"]`);

// newGame fills in the new-game form and starts.
// A clock is "base+increment" in milliseconds, "" for none.
async function newGame(page, { variant = "american", human = "white", movetime = tinyThink, fen = "", clock = "" } = {}) {
  await page.evaluate(([ms, clock]) => {
    const sel = document.getElementById("movetime");
    if (![...sel.options].some((o) => o.value === String(ms))) sel.add(new Option(ms + " ms", String(ms)));
    const clocks = document.getElementById("clock");
    if (![...clocks.options].some((o) => o.value === clock)) clocks.add(new Option(clock, clock));
    document.getElementById("message").textContent = "";
  }, [movetime, clock]);
  await page.selectOption("#clock", clock);
  await page.selectOption("#variant", variant);
  await page.selectOption("#human", human);
  await page.selectOption("#movetime", String(movetime));
  await page.fill("#fen", fen);
  await page.click("#start");
  await page.waitForFunction(() => document.getElementById("message").textContent !== "");
  const st = await state(page);
  assert.equal(st.variant, variant, "the new game started");
  // A new game starts at ply 0; when the engine moves first, its reply
  // (tinyThink) may be on the board already.
  assert.ok(st.ply === 0 || (st.ply === 1 && st.moves[0].colour !== human), `a new game at ply ${st.ply}`);
}

async function waitTurn(page) {
  await page.waitForFunction(() => window.crownState.your_turn || window.crownState.over, null, { timeout: 20000 });
  return state(page);
}

// needsPath reports whether another legal move shares mv's start and end,
// so that the landing squares must be given.
function needsPath(st, mv) {
  const end = (m) => m.path[m.path.length - 1];
  return st.legal.some((o) => o !== mv && o.path[0] === mv.path[0] && end(o) === end(mv) && o.text !== mv.text);
}

async function clickMove(page, st, mv) {
  const squares = needsPath(st, mv) ? mv.path : [mv.path[0], mv.path[mv.path.length - 1]];
  for (const s of squares) await square(page, s).click();
}

async function dragMove(page, st, mv) {
  const from = await square(page, mv.path[0]).boundingBox();
  const to = await square(page, mv.path[mv.path.length - 1]).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 2 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  if (needsPath(st, mv)) {
    // The drop was ambiguous: give the landing squares, then the end.
    for (const s of mv.path.slice(1)) await square(page, s).click();
  }
}

// playGame plays the person's side with the given input until the game
// ends, choosing the n-th legal move in turn so the games differ.
async function playGame(page, move) {
  for (let i = 0; ; i++) {
    const st = await waitTurn(page);
    if (st.over) return st;
    assert.ok(st.ply < maxPlies, "the game should have ended by the rules");
    const mv = st.legal[i % st.legal.length];
    await move(page, st, mv);
    await page.waitForFunction((ply) => window.crownState.ply > ply, st.ply);
  }
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(outDir, name), fullPage: true });
}

test("start: square 1 top left from White's side, pieces on dark squares", async () => {
  const page = await openBoard();
  await newGame(page, { human: "white", movetime: 1000 });
  const st = await state(page);
  assert.equal(st.ply, 0);
  const boxes = {};
  for (const n of [1, 4, 29, 32]) boxes[n] = await square(page, n).boundingBox();
  assert.ok(boxes[1].x < boxes[4].x && boxes[1].y < boxes[29].y, "1 is left of 4 and above 29");
  assert.ok(boxes[32].x > boxes[29].x && boxes[32].y > boxes[4].y, "32 is right of 29 and below 4");
  const top = await page.locator("#board .sq").first().getAttribute("class");
  assert.match(top, /light/, "the top-left corner is a light square");
  assert.equal(await page.locator("#board .sq.light .piece").count(), 0);
  assert.equal(await page.locator("#board .sq.dark .piece.b").count(), 12);
  assert.equal(await page.locator("#board .sq.dark .piece.w").count(), 12);
  // One look at the board: the engine (Black) replies after a second, and
  // twelve round trips may take longer on a loaded machine.
  const men = await page.evaluate(() => [...Array(12).keys()].map((i) =>
    document.querySelectorAll(`#board .sq[data-sq="${i + 1}"] .piece.b`).length));
  const moved = (await state(page)).ply > 0;
  if (!moved) for (let n = 1; n <= 12; n++) assert.equal(men[n - 1], 1, `black man on ${n}`);
  await shot(page, "start.png");
  await page.click("#flip");
  const one = await square(page, 1).boundingBox(), last = await square(page, 32).boundingBox();
  assert.ok(one.x > last.x && one.y > last.y, "flipped: 1 is at the bottom right");
  await page.context().close();
});

test("a full game by clicks against the engine, then the PDN parses back", async () => {
  const page = await openBoard();
  await newGame(page, { human: "black" });
  const end = await playGame(page, clickMove);
  assert.ok(end.over && ["1-0", "0-1", "1/2-1/2"].includes(end.result), `game over with a result: ${end.result}`);
  await page.waitForSelector("#banner:not([hidden])");
  assert.match(await page.textContent("#status"), /Game over/);
  const reasons = { no_moves: /has no legal move/, no_pieces: /has no pieces left/, repetition: /third time/, move_count: /-move rule/, three_kings: /three kings/ };
  assert.match(await page.textContent("#banner-reason"), reasons[end.ending], `the reason of ${end.ending}: ${end.reason}`);
  await shot(page, "game-over.png");

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.click("#copy");
  await page.waitForFunction(() => /clipboard/.test(document.getElementById("message").textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await pdnShown(page), "Copy puts the PDN on the clipboard");

  // Download the record and load it back into a new game.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const file = path.join(outDir, "game.pdn");
  await download.saveAs(file);
  const pdn = fs.readFileSync(file, "utf8");
  assert.match(pdn, /\[Result "(1-0|0-1|1\/2-1\/2)"\]/);
  assert.equal(pdn, await pdnShown(page), "the download is the record shown");
  await page.selectOption("#human", "both");
  await page.click("#load summary");
  await page.fill("#pdn-input", pdn);
  await page.click("#load-pdn");
  await page.waitForFunction(() => document.getElementById("message").textContent.startsWith("Game loaded"));
  const loaded = await state(page);
  assert.equal(loaded.fen, end.fen, "the loaded game reaches the same position");
  assert.equal(loaded.ply, end.ply);
  assert.equal(loaded.over, true);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test("a full game by drags against the engine", async () => {
  const page = await openBoard();
  await newGame(page, { human: "white", fen: "B:W21,22,23,24,25,26:B1,2,3,5,6,7" });
  const end = await playGame(page, dragMove);
  assert.ok(end.over, "the game ended");
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

for (const [size, viewport] of [["desktop", desktop], ["phone", phone]]) {
  test(`forced capture on a ${size}: the pieces that must capture are marked as the turn starts; another is not picked up`, async () => {
    const page = await openBoard(viewport);
    await newGame(page, { human: "both", fen: "B:W18,30:B14,9,3" });
    // Marked before any click, and said in the status line.
    assert.match(await square(page, 14).getAttribute("class"), /\bmust\b/);
    for (const n of [3, 9, 18, 30]) assert.doesNotMatch(await square(page, n).getAttribute("class"), /\bmust\b/, `${n} is not marked`);
    assert.match(await page.textContent("#status"), /capture is compulsory/);
    assert.match(await square(page, 14).getAttribute("aria-label"), new RegExp(text("en", "sq.must") + "$"));
    await shot(page, `capture-marks-${size}.png`);
    // A man that may not move now (3: the capture is compulsory) is not
    // picked up: the board says why.
    await square(page, 3).click();
    await page.waitForFunction(() => /capture is compulsory/.test(document.getElementById("message").textContent));
    assert.doesNotMatch(await square(page, 3).getAttribute("class"), /\bselected\b/);
    assert.equal(await page.locator("#board .sq.selected").count(), 0);
    assert.equal((await state(page)).ply, 0);
    await square(page, 14).click();
    assert.match(await square(page, 14).getAttribute("class"), /\bselected\b/);
    await square(page, 23).click();
    await page.waitForFunction(() => window.crownState.ply === 1);
    // White's turn has no capture: no piece is marked.
    assert.equal(await page.locator("#board .sq.must").count(), 0);
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

test("only pieces with a legal move are picked up, by click, key or drag", async () => {
  const page = await openBoard();
  await newGame(page, { human: "both" });
  const st = await state(page);
  const movable = [...new Set(st.legal.map((m) => m.path[0]))].sort((a, b) => a - b);
  assert.deepEqual(movable, [9, 10, 11, 12]);
  assert.equal(await page.locator("#board .sq.movable").count(), 4, "the movable pieces are marked as such");
  // 1, on Black's back rank, cannot move.
  await square(page, 1).click();
  await page.waitForFunction((want) => document.getElementById("message").textContent === want, text("en", "msg.cannotMove", { n: 1 }));
  assert.equal(await page.locator("#board .sq.selected").count(), 0);
  // Nor by a drag: the piece stays, nothing is picked up.
  const from = await square(page, 5).boundingBox(), to = await square(page, 14).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  assert.equal(await page.locator(".ghost").count(), 0, "no piece follows the pointer");
  await page.mouse.up();
  assert.equal((await state(page)).ply, 0);
  await square(page, 9).click();
  assert.match(await square(page, 9).getAttribute("class"), /\bselected\b/);
  // The picked piece stays picked when a stuck one is clicked.
  await square(page, 2).click();
  assert.match(await square(page, 9).getAttribute("class"), /\bselected\b/);
  await square(page, 13).click();
  await page.waitForFunction(() => window.crownState.ply === 1);
  assert.deepEqual((await state(page)).last.path, [9, 13]);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test("multi-jumps: one click on the end square, and landing squares when two captures share it", async () => {
  const page = await openBoard();
  await newGame(page, { human: "both", fen: "W:W27:B23,15,3" });
  // The move is animated: the man and the two it takes above the board,
  // the man hidden at its end until the moving one gets there.
  await page.evaluate(() => {
    window.animSeen = 0;
    new MutationObserver(() => {
      window.animSeen = Math.max(window.animSeen, document.querySelectorAll(".anim-layer .piece.anim").length);
    }).observe(document.body, { childList: true, subtree: true });
  });
  await square(page, 27).click();
  await square(page, 11).click();
  await page.waitForFunction(() => window.crownState.ply === 1);
  let st = await state(page);
  assert.deepEqual(st.last.path, [27, 18, 11]);
  assert.deepEqual(st.last.captured.sort((a, b) => a - b), [15, 23]);
  assert.equal(await page.evaluate(() => window.animSeen), 3, "the moving man and the two it takes");
  await page.waitForFunction(() => !document.querySelector(".anim-layer") && !document.querySelector(".piece.arriving"));

  // 18x9x2 and 18x11x2 both end on 2.
  await newGame(page, { human: "both", fen: "W:W18:B1,6,K7,14,15,24" });
  await square(page, 18).click();
  await square(page, 2).click();
  await page.waitForFunction(() => /different captures/.test(document.getElementById("message").textContent));
  assert.match(await square(page, 9).getAttribute("class"), /\bvia\b/);
  assert.match(await square(page, 11).getAttribute("class"), /\bvia\b/);
  await square(page, 11).click();
  await square(page, 2).click();
  await page.waitForFunction(() => window.crownState.ply === 1);
  st = await state(page);
  assert.deepEqual(st.last.path, [18, 11, 2]);
  assert.equal(st.board[1], "W", "the man crowned on 2");
  assert.equal(await square(page, 2).locator(".piece svg.crown").count(), 1, "kings are drawn crowned");
  await page.context().close();
});

test("Pool: a flying king captures at a distance", async () => {
  const page = await openBoard();
  await newGame(page, { variant: "pool", human: "both", fen: "W:WK29:B22,10,9,26" });
  assert.equal((await state(page)).variant, "pool");
  const st = await state(page);
  const mv = st.legal.find((m) => m.path[m.path.length - 1] === 13);
  assert.ok(mv, "29x15x6x13 is legal");
  await dragMove(page, st, mv);
  await page.waitForFunction(() => window.crownState.ply === 1);
  const after = await state(page);
  assert.deepEqual(after.last.path, [29, 15, 6, 13]);
  assert.deepEqual(after.last.captured.sort((a, b) => a - b), [9, 10, 22]);
  assert.equal(after.board[12], "W");
  await page.context().close();
});

test("undo and redo against the engine", async () => {
  const page = await openBoard();
  await newGame(page, { human: "black" });
  await square(page, 11).click();
  await square(page, 15).click();
  await page.waitForFunction(() => window.crownState.ply === 2 && window.crownState.your_turn);
  const two = await state(page);
  await page.click("#undo");
  await page.waitForFunction(() => window.crownState.ply === 0);
  const st = await state(page);
  assert.equal(st.fen, st.start_fen);
  assert.equal(await square(page, 11).locator(".piece.b").count(), 1, "the man is back on 11");
  await page.click("#redo");
  await page.waitForFunction(() => window.crownState.ply === 2);
  assert.equal((await state(page)).fen, two.fen);
  await page.context().close();
});

// namedGame is a game with its own identity: its event, its players and a
// result the rules do not give (a draw agreed).
const namedGame = '[Event "Ohio State Ty 1946"]\n[Date "1946.07.04"]\n[Black "MF Tinsley"]\n[White "M Rex"]\n[Result "1/2-1/2"]\n' +
  "1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 1/2-1/2";
const namedTags = ['[Event "Ohio State Ty 1946"]', '[Date "1946.07.04"]', '[Black "MF Tinsley"]', '[White "M Rex"]', '[Result "1/2-1/2"]'];

// download saves the record "Download PDN" gives and returns its text.
async function download(page, name) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const where = path.join(outDir, name);
  await file.saveAs(where);
  return fs.readFileSync(where, "utf8");
}

// atPly waits for the board to show the position after ply moves.
async function atPly(page, ply) {
  await page.waitForFunction((n) => window.crownState.ply === n, ply);
  return state(page);
}

for (const [size, viewport] of [["desktop", desktop], ["phone", phone]]) for (const lang of languages) {
  test(`navigation on a ${size} in ${lang}: keys, the record's moves and its buttons step through a loaded game, which stays whole with its tags`, async () => {
    const page = await openBoard(viewport);
    await page.selectOption("#lang", lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    // The person plays Black against the engine: stepping back to White's
    // turns must not make the engine move.
    await loadPDN(page, namedGame, "black");
    const end = await state(page);
    assert.equal(end.ply, 6);
    const whole = await pdnShown(page);
    for (const tag of namedTags) assert.ok(whole.includes(tag), `${tag} kept: ${whole}`);
    assert.ok(!whole.includes("Crown web game") && !whole.includes('"Player"'), "no tag replaced");
    const fens = [end.start_fen];
    if (size === "desktop") {
      // The keys, with the focus off the board (where arrows move between squares).
      await page.locator("h1").click();
      await page.keyboard.press("Home");
      assert.equal((await atPly(page, 0)).fen, end.start_fen);
      for (let i = 1; i <= 6; i++) {
        await page.keyboard.press("ArrowRight");
        fens.push((await atPly(page, i)).fen);
      }
      assert.equal(fens[6], end.fen);
      await page.keyboard.press("ArrowRight"); // at the end: stays
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      assert.equal((await atPly(page, 4)).fen, fens[4]);
      await page.keyboard.press("End");
      await atPly(page, 6);
    } else {
      // The buttons, as a phone has no keys.
      await page.click("#nav-first");
      assert.equal((await atPly(page, 0)).fen, end.start_fen);
      assert.ok(await page.isDisabled("#nav-prev"), "no step back from the start");
      for (let i = 1; i <= 6; i++) {
        await page.click("#nav-next");
        fens.push((await atPly(page, i)).fen);
      }
      assert.ok(await page.isDisabled("#nav-next"), "no step on from the end");
      await page.click("#nav-prev");
      await atPly(page, 5);
      await page.click("#nav-last");
      await atPly(page, 6);
    }
    // A click on a move in the record shows the position after it.
    await page.locator('#moves .mv[data-ply="3"]').click();
    let st = await atPly(page, 3);
    assert.equal(st.fen, fens[3]);
    assert.equal(await page.locator("#moves .mv.current").textContent(), "8-11");
    assert.equal(await page.locator("#moves .mv.ahead").count(), 3, "the rest of the game is kept, shown after the current move");
    assert.equal(st.moves.length, 6);
    assert.equal(await page.textContent("#status"), text(lang, "status.browsing", { n: 3, total: 6, side: text(lang, "side.white") }));
    // White, the engine, is to move here: it waits, the game stays whole.
    await new Promise((r) => setTimeout(r, 400));
    st = await state(page);
    assert.ok(st.ply === 3 && st.moves.length === 6 && !st.thinking, "the engine does not move in a position looked at");
    assert.equal(await pdnShown(page), whole, "the PDN box holds the whole game");
    assert.equal(await download(page, `navigated-${size}-${lang}.pdn`), whole, "the download is the whole game with its tags");
    await shot(page, `navigation-${size}-${lang}.png`);
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

test("game over: the line green when you won, red when you lost; a side with no piece left has none", async () => {
  const page = await openBoard();
  const colour = () => page.evaluate(() => getComputedStyle(document.getElementById("status")).color);
  // You play Black and take White's last man.
  await newGame(page, { human: "black", fen: "B:W18:B14" });
  await square(page, 14).click();
  await square(page, 23).click();
  await page.waitForFunction(() => window.crownState.over);
  assert.equal(await page.textContent("#banner-reason"), text("en", "ending.no_pieces", { side: text("en", "side.white") }));
  assert.match(await page.getAttribute("#status", "class"), /\bwon\b/);
  const won = await colour();
  await shot(page, "won.png");
  // You play White, and the engine takes your last man.
  await newGame(page, { human: "white", fen: "B:W18:B14" });
  await page.waitForFunction(() => window.crownState.over, null, { timeout: 20000 });
  assert.match(await page.getAttribute("#status", "class"), /\blost\b/);
  const lost = await colour();
  assert.notEqual(won, lost, "won and lost are told apart by colour");
  assert.match(await pdnShown(page), /\[Termination "White has no pieces left"\]/);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test("the system's dark theme, the favicon and a long FEN shown whole", async () => {
  const context = await browser.newContext({ viewport: desktop, colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto(base);
  await page.waitForFunction(() => window.crownState && window.crownState.id);
  await newGame(page, { human: "both" });
  const paper = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const [r, g, b] = paper.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 150, `dark paper: ${paper}`);
  // The FEN box shows a long FEN whole: its text fits its box.
  await square(page, 11).click();
  await square(page, 15).click();
  await page.waitForFunction(() => window.crownState.ply === 1);
  const box = await page.evaluate(() => { const el = document.getElementById("current-fen"); return [el.scrollHeight, el.clientHeight, el.value.length]; });
  assert.ok(box[0] <= box[1] + 1 && box[2] > 60, `the FEN fits its box: ${box}`);
  const icon = await page.evaluate(async () => {
    const href = document.querySelector("link[rel=icon]").href;
    const resp = await fetch(href);
    return [resp.status, resp.headers.get("content-type"), (await resp.text()).startsWith("<svg")];
  });
  assert.deepEqual(icon, [200, "image/svg+xml", true]);
  await shot(page, "dark.png");
  await context.close();
});

test("keyboard: arrows and Enter pick up and drop", async () => {
  const page = await openBoard();
  await newGame(page, { human: "both" });
  await page.focus('#board .sq[tabindex="0"]');
  // Focus starts on 21 (bottom-left dark square of row 6 seen from White).
  for (const key of ["ArrowUp", "ArrowUp", "ArrowUp"]) await page.keyboard.press(key);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.sq), "9");
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.sq), "13");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.crownState.ply === 1);
  assert.deepEqual((await state(page)).last.path, [9, 13]);
  await page.context().close();
});

// unbroken checks that every move shown in the element sel (a span.nb
// each) sits on one line: none is broken at its hyphen or x. It returns
// how many there are.
async function unbroken(page, sel) {
  const rects = await page.locator(sel + " .nb").evaluateAll((els) => els.map((e) => [e.textContent, e.getClientRects().length]));
  for (const [move, n] of rects) assert.equal(n, 1, `${move} in ${sel} on one line`);
  return rects.length;
}

// The analysis panel (docs: issue 58, item 5): Black a man up and to
// move, so Black's part of the bar is the larger, at the top where Black
// sits; the best move's arrow on its squares; the line cut to its first
// moves, the rest on demand, in every language.
const lineCut = 10;
for (const [size, viewport] of [["desktop", desktop], ["phone", phone]]) {
  test(`analysis on a ${size}, every language: the evaluation bar, the best move's arrow, lines cut with the rest on demand, moves whole`, async () => {
    const page = await openBoard(viewport);
    await newGame(page, { human: "both", fen: "B:W22-32:B1-12" });
    assert.ok(await page.isHidden("#eval-bar"), "no bar while analysis is off");
    await page.check("#analysis");
    // The analysis's last report (crown serve --analysis-time), which
    // stays: each check below then reads the same line.
    await page.waitForFunction(() => {
      const a = window.crownState.analysis;
      return a.has && a.final && a.best && a.fen === window.crownState.fen;
    }, null, { timeout: 60000 });
    const final = (await state(page)).analysis;
    assert.ok(final.black_share > 500, `Black, a man up, is ahead: ${final.black_share} (${JSON.stringify(final.score)})`);
    assert.ok(final.pv.split(" ").length > lineCut, `a line longer than ${lineCut} moves: ${final.pv}`);
    // A report is read with what the page drew for it, in one look.
    const seen = () => page.evaluate(() => {
      const a = window.crownState.analysis;
      const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
      const bar = document.getElementById("eval-bar"), black = bar.querySelector(".eval-black");
      const svg = document.getElementById("best-arrow");
      const head = svg.querySelector(".head");
      const tip = head ? head.getAttribute("points").split(" ")[0].split(",").map(Number) : null;
      const sb = svg.getBoundingClientRect();
      const cell = (sq) => box(document.querySelector(`#board .sq[data-sq="${sq}"]`));
      return {
        a, bar: box(bar), black: box(black), label: bar.querySelector(".eval-text").textContent, aria: bar.getAttribute("aria-label"),
        arrow: svg.dataset.move, tip: tip && { x: sb.x + tip[0] * sb.width / 8, y: sb.y + tip[1] * sb.height / 8 },
        from: cell(a.best.path[0]), to: cell(a.best.path[a.best.path.length - 1]),
        shown: [...document.querySelectorAll("#an-pv .nb")].map((e) => e.textContent), score: document.getElementById("an-score").textContent,
      };
    });
    let v = await seen();
    // The bar: beside the board, as tall, Black's part as the server says, on top.
    const board = await page.locator("#board").boundingBox();
    assert.ok(v.bar.x + v.bar.w <= board.x + 1 && Math.abs(v.bar.h - board.height) < 2, `the bar beside the board: ${JSON.stringify(v.bar)}`);
    assert.ok(Math.abs(v.black.h / (v.bar.h - 4) - v.a.black_share / 1000) < 0.05, `Black's part ${v.black.h} of ${v.bar.h} for ${v.a.black_share}`);
    assert.ok(Math.abs(v.black.y - v.bar.y) < 3, "Black's part at the top, where Black sits");
    assert.ok(v.label.length > 0 && v.score.includes(v.label), `the bar's score ${v.label} is the panel's ${v.score}`);
    // The arrow: the best move, its head on the square it goes to.
    assert.equal(v.arrow, v.a.best.text);
    assert.ok(Math.abs(v.tip.x - (v.to.x + v.to.w / 2)) < 2 && Math.abs(v.tip.y - (v.to.y + v.to.h / 2)) < 2, "the arrow's head on the best move's square");
    // The line: cut to its first moves, the rest on demand.
    assert.deepEqual(v.shown, v.a.pv.split(" ").slice(0, lineCut));
    await unbroken(page, "#an-pv");
    if (viewport === phone) {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= phone.width, `the bar leaves no sideways scrolling: ${width}`);
    }
    await shot(page, `item5-analysis-${size}.png`);
    for (const lang of languages) {
      await page.selectOption("#lang", lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      v = await seen();
      assert.equal(v.aria, text(lang, "an.bar", { score: v.label }));
      // One look at the line and its toggle: the report may change between two.
      const more = await page.evaluate(() => [document.querySelector("#an-more .more").textContent, window.crownState.analysis.pv]);
      assert.equal(more[0], text(lang, "an.more", { n: more[1].split(" ").length - lineCut }));
      await page.click("#an-more .more");
      const whole = await page.evaluate(() => [[...document.querySelectorAll("#an-pv .nb")].map((e) => e.textContent), window.crownState.analysis.pv,
        document.querySelector("#an-more .more").textContent]);
      assert.deepEqual(whole[0], whole[1].split(" "), "the whole line on demand");
      assert.equal(whole[2], text(lang, "an.less"));
      await unbroken(page, "#an-pv");
      if (lang === "en") await shot(page, `item5-analysis-whole-line-${size}.png`);
      await page.click("#an-more .more");
      assert.equal(await page.locator("#an-pv .nb").count(), lineCut, "cut again");
    }
    // Several lines: each cut the same way, its moves whole.
    await page.selectOption("#lang", "en");
    await page.selectOption("#an-want", "3");
    await page.waitForFunction(() => window.crownState.analysis.lines.length === 3, null, { timeout: 20000 });
    const lines = await page.evaluate(() => [...document.querySelectorAll("#an-lines li")].map((li, i) =>
      [li.querySelectorAll(".line .nb").length, !!li.querySelector(".more"), window.crownState.analysis.lines[i].pv.split(" ").length]));
    for (const [n, more, all] of lines) {
      assert.equal(n, Math.min(all, lineCut), `a line of ${all} moves shows ${n}`);
      assert.equal(more, all > lineCut, `a line of ${all} moves: more on demand`);
    }
    await unbroken(page, "#an-lines");
    // Off: no bar, no arrow.
    await page.uncheck("#analysis");
    await page.waitForSelector("#eval-bar", { state: "hidden" });
    assert.equal(await page.locator("#best-arrow *").count(), 0);
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

test("the PDN box on a phone: every move whole on its line, the text as the record", async () => {
  const page = await openBoard(phone);
  await loadPDN(page, namedGame, "both");
  const st = await state(page);
  assert.equal(await pdnShown(page), st.pdn, "the box holds the record's text");
  assert.ok(await unbroken(page, "#pdn") >= 6);
  await page.locator("#pdn").scrollIntoViewIfNeeded();
  await shot(page, "item5-pdn-phone.png");
  await page.context().close();
});

test("analysis shows score, depth and line as the engine thinks", async () => {
  const page = await openBoard();
  await newGame(page, { human: "both" });
  await square(page, 11).click();
  await square(page, 15).click();
  await page.waitForFunction(() => window.crownState.ply === 1);
  await page.check("#analysis");
  await page.waitForFunction(() => {
    const a = window.crownState.analysis;
    return a.on && a.has && a.depth >= 4 && a.pv.length > 0;
  }, null, { timeout: 20000 });
  assert.match(await page.textContent("#an-depth"), /^\d+$/);
  assert.notEqual(await page.textContent("#an-pv"), "…");
  await shot(page, "mid-game-analysis.png");
  await page.uncheck("#analysis");
  await page.waitForSelector("#analysis-panel", { state: "hidden" });
  await page.context().close();
});

// scoreIn writes a score of the server's data as the page must in a
// language (docs/scores.md): men with two decimals, a forced result in the
// winner's moves, the endgame database's value, each in its words.
function scoreIn(lang, s) {
  switch (s.kind) {
    case "win": return text(lang, s.moves === 1 ? "score.win.one" : "score.win", { n: s.moves });
    case "loss": return s.moves === 0 ? text(lang, "score.lost") : text(lang, s.moves === 1 ? "score.loss.one" : "score.loss", { n: s.moves });
    case "dbwin": case "dbloss": case "dbdraw": return text(lang, "score." + s.kind);
  }
  return s.cm === 0 ? "0.00" : (s.cm < 0 ? "-" : "+") + (Math.abs(s.cm) / 100).toFixed(2);
}
const sideScoreIn = (lang, s) => text(lang, "score.side", { side: text(lang, "side." + s.side), score: scoreIn(lang, s) });

// Scores come from the server as data and are written in the player's
// language, from the side to move (docs/scores.md): a forced win in moves
// (Black's 19-24 wins within 3 plies, 2 moves; White to move wins within 7
// plies, 4 moves), an evaluation in men.
test("analysis scores in every language: a win in so many moves, an evaluation in men, from the side to move", async () => {
  const page = await openBoard();
  for (const [fen, side, n] of [["B:W32:BK19,K23", "black", 2], ["W:WK19,K23:B5", "white", 4]]) {
    await newGame(page, { human: "both", fen });
    await page.check("#analysis");
    await page.waitForFunction((n) => {
      const a = window.crownState.analysis;
      return a.has && a.score.kind === "win" && a.score.moves === n;
    }, n, { timeout: 20000 });
    assert.equal((await state(page)).analysis.score.side, side);
    for (const lang of languages) {
      await page.selectOption("#lang", lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      const win = text(lang, "score.win", { n });
      assert.equal(await page.textContent("#an-score"), text(lang, "score.side", { side: text(lang, "side." + side), score: win }), `${fen} in ${lang}`);
    }
    await page.uncheck("#analysis");
  }
  await page.selectOption("#lang", "en");
  await newGame(page, { human: "both" });
  await page.check("#analysis");
  await page.waitForFunction(() => window.crownState.analysis.has, null, { timeout: 20000 });
  const shown = await page.textContent("#an-score");
  assert.match(shown, /^Black: ([+-]\d+\.\d\d|0\.00)$/);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

// The check of the convention: one position's score is the same
// number in the web board, in crown analyze and in the comment crown
// annotate writes, all three from the side to move (White here) and at
// the same depth (the board's engine and the commands' search the same
// way: one thread, the board's table size).
test("one position's score: the web board, crown analyze and an annotated PDN show the same number", async () => {
  const fen = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15";
  const page = await openBoard();
  await newGame(page, { human: "both", fen });
  await page.check("#analysis");
  await page.waitForFunction(() => window.crownState.analysis.has && window.crownState.analysis.depth >= 8, null, { timeout: 20000 });
  const seen = await page.evaluate(() => ({ a: window.crownState.analysis, shown: document.getElementById("an-score").textContent }));
  await page.uncheck("#analysis");
  const crown = path.join(repo, "bin", "crown");
  const depth = String(seen.a.depth);
  const analyzed = execFileSync(crown, ["analyze", "--fen", fen, "--depth", depth, "--hash", "16"], { encoding: "utf8" });
  const best = analyzed.match(/^bestmove move=(\S+) score=(\S+) depth=(\d+) /m);
  assert.ok(best && best[3] === depth, analyzed);
  assert.equal(seen.shown, text("en", "score.side", { side: "White", score: best[2] }), `the board at depth ${depth} against analyze`);
  assert.equal(seen.a.score.side, "white");
  const dir = path.join(outDir, "one-score");
  fs.mkdirSync(dir, { recursive: true });
  const game = path.join(dir, "game.pdn");
  fs.writeFileSync(game, `[FEN "${fen}"]\n1... ${best[1]} *\n`);
  const annotated = execFileSync(crown, ["annotate", "--depth", depth, "--hash", "16", game], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  assert.ok(annotated.includes(` ${best[1]} {${best[2]}}`), annotated);
  fs.writeFileSync(path.join(dir, "figures.txt"), `${fen} at depth ${depth}: the board "${seen.shown}", analyze score=${best[2]}, annotate {${best[2]}} after ${best[1]}\n`);
  await shot(page, "one-score.png");
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

// The engine's levels (play.Levels, docs/levels.md): the select names
// them in the page's language; a game started at a level carries it, and
// the engine at that level replies to the person's moves.
const levels = [1, 2, 3, 4, 5, 6, 7, 8];
for (const [size, viewport] of [["desktop", desktop], ["phone", phone]]) {
  test(`levels on a ${size}: chosen in every language and played`, async () => {
    const page = await openBoard(viewport);
    for (const [i, lang] of languages.entries()) {
      await page.selectOption("#lang", lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      assert.equal(await page.textContent('label:has(> #level) > span'), text(lang, "new.level"));
      assert.deepEqual(await page.$$eval("#level option", (os) => os.map((o) => o.textContent)),
        levels.map((n) => text(lang, `new.level.${n}`)), `the levels in ${lang}`);
      // A level a language: the weakest first, where the engine's reply
      // comes at once whatever the time per move.
      const level = String(levels[i]);
      await page.selectOption("#level", level);
      await newGame(page, { human: "black", movetime: 1000 });
      let st = await state(page);
      assert.equal(st.level, levels[i], `the game's level in ${lang}`);
      assert.equal(await page.inputValue("#level"), level, "the select keeps the level chosen");
      for (let move = 0; move < 2; move++) {
        st = await waitTurn(page);
        await clickMove(page, st, st.legal[move % st.legal.length]);
        await page.waitForFunction((ply) => window.crownState.ply > ply, st.ply);
      }
      st = await waitTurn(page);
      assert.equal(st.ply, 4, `two moves each at level ${level}`);
      if (i === 0) await shot(page, `level-${size}.png`);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `no sideways scrolling (page is ${width}px wide)`);
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

test("phone width: the board fits and plays", async () => {
  const page = await openBoard(phone);
  await newGame(page, { human: "white" });
  await page.waitForFunction(() => window.crownState.your_turn);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= phone.width, `no sideways scrolling (page is ${width}px wide)`);
  const board = await page.locator("#board").boundingBox();
  assert.ok(board.width >= 300 && board.x >= 0 && board.x + board.width <= phone.width, "the board fills the width");
  const st = await state(page);
  await clickMove(page, st, st.legal[0]);
  await page.waitForFunction(() => window.crownState.ply >= 2);
  await shot(page, "phone.png");
  await page.context().close();
});

test("language: the first of the browser's languages with a catalogue, then the one chosen, remembered", async () => {
  const page = await openBoard(desktop, "sw-KE");
  assert.equal(await page.getAttribute("html", "lang"), "sw");
  assert.equal(await page.inputValue("#lang"), "sw");
  assert.equal(await page.textContent("#undo"), text("sw", "btn.undo"));
  await page.selectOption("#lang", "pa");
  await page.waitForFunction(() => document.documentElement.lang === "pa");
  await page.reload();
  await page.waitForFunction(() => window.crownState && document.documentElement.lang === "pa");
  assert.equal(await page.textContent("#new-game summary"), text("pa", "new.title"));
  await page.context().close();
});

test("a text missing from a catalogue comes from English, key by key", async () => {
  const page = await openBoard();
  const partial = { ...catalogues.sw };
  delete partial["btn.undo"];
  await page.route("**/i18n/sw.json", (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(partial) }));
  await page.selectOption("#lang", "sw");
  await page.waitForFunction(() => document.documentElement.lang === "sw");
  assert.equal(await page.textContent("#undo"), catalogues.en["btn.undo"]);
  assert.equal(await page.textContent("#redo"), catalogues.sw["btn.redo"]);
  await page.context().close();
});

for (const lang of languages) {
  test(`in ${lang}: texts, labels of squares, a move by keys, the forced capture, a refusal and the rules of both rule sets`, async () => {
    const page = await openBoard();
    await newGame(page, { human: "both" });
    await page.selectOption("#lang", lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.equal(await page.getAttribute("html", "lang"), lang);
    assert.equal(await page.textContent("#undo"), text(lang, "btn.undo"));
    assert.equal(await page.textContent("#new-game summary"), text(lang, "new.title"));
    assert.equal(await page.textContent("#title"), text(lang, "variant.american"));
    assert.equal(await page.textContent("#status"), text(lang, "status.toMove", { side: text(lang, "side.black") }));
    assert.equal(await square(page, 9).getAttribute("role"), "button");
    assert.equal(await square(page, 9).getAttribute("aria-label"), text(lang, "sq.label", { n: 9 }) + ", " + text(lang, "piece.b"));
    assert.equal(await square(page, 13).getAttribute("aria-label"), text(lang, "sq.label", { n: 13 }) + ", " + text(lang, "sq.empty"));

    // A move with the keyboard: focus starts on 21; up three times is 9,
    // picked up with Enter, then down to 13 and Enter.
    await page.focus('#board .sq[tabindex="0"]');
    for (const key of ["ArrowUp", "ArrowUp", "ArrowUp", "Enter"]) await page.keyboard.press(key);
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-label")),
      [text(lang, "sq.label", { n: 9 }), text(lang, "piece.b"), text(lang, "sq.picked")].join(", "));
    for (const key of ["ArrowDown", "Enter"]) await page.keyboard.press(key);
    await page.waitForFunction(() => window.crownState.ply === 1);
    assert.deepEqual((await state(page)).last.path, [9, 13]);
    assert.equal(await page.textContent("#status"), text(lang, "status.toMove", { side: text(lang, "side.white") }));

    // A quiet move while a capture exists: the hint in this language.
    await newGame(page, { human: "both", fen: "B:W18,30:B14,9,3" });
    await page.waitForFunction((want) => document.getElementById("status").textContent.endsWith(want),
      text(lang, "status.mustCapture", { status: "" }).trim());
    await square(page, 3).click();
    await page.waitForFunction((want) => document.getElementById("message").textContent === want, text(lang, "err.mustCapture"));
    assert.match(await square(page, 14).getAttribute("class"), /\bmust\b/);
    assert.match(await square(page, 14).getAttribute("aria-label"), new RegExp(text(lang, "sq.must") + "$"));

    // A FEN the server cannot read: the refusal in this language, the
    // server's detail inside it.
    await page.fill("#fen", "B:W33:B1");
    await page.click("#start");
    const before = text(lang, "err.bad_fen").split("{detail}")[0];
    await page.waitForFunction((want) => document.getElementById("message").textContent.startsWith(want), before);
    assert.match(await page.textContent("#message"), /33/);
    await page.fill("#fen", "");

    // The rules of each rule set, with their diagrams.
    await page.click("#rules-panel summary");
    for (const variant of ["american", "pool"]) {
      await newGame(page, { variant, human: "both" });
      await page.waitForFunction((v) => document.getElementById("rules").dataset.variant === v, variant);
      const rules = page.locator("#rules");
      assert.equal(await rules.locator("h3").first().textContent(), text(lang, "how.title"));
      assert.equal(await rules.locator("h3").nth(1).textContent(), text(lang, "rules.title", { variant: text(lang, "variant." + variant) }));
      const paragraphs = await rules.locator("p").allTextContents();
      assert.ok(paragraphs.includes(text(lang, "how.stuck")), "how to play says why the game seems stuck");
      assert.ok(paragraphs.includes(text(lang, variant === "pool" ? "rules.kings.endOnly" : "rules.kings")), "the crowning rule of the rule set");
      assert.equal(paragraphs.includes(text(lang, "rules.end.threeKings", { n: 13 })), variant === "pool", "the three-kings count in Pool only");
      const diagrams = await rules.locator("figure").evaluateAll((els) => els.map((e) => e.dataset.diagram));
      assert.deepEqual(diagrams, variant === "pool" ? ["start", "capture", "multi", "flying", "crown"] : ["start", "capture", "multi", "crown"]);
      assert.equal(await rules.locator("figure[data-diagram=start] circle").count(), 24, "the start diagram has 24 men");
      await rules.screenshot({ path: path.join(outDir, `rules-${variant}-${lang}.png`) });
    }
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

// --- every game of the family ------------------------------------------------------

// games are what the tests expect of each game the server plays: the name
// of Crown's square 1 (Black's back row, b8 on the English board) in the
// game's notation, a move's shape in it, and the paragraphs of its rules
// panel that tell it from the others.
const games = {
  american: { one: "1", move: /^\d+[-x]\d+$/, board: "rules.board", capture: "rules.capture", must: "rules.compulsory", crown: "rules.kings" },
  pool: { one: "1", move: /^\d+[-x]\d+$/, board: "rules.board", capture: "rules.capture.flying", must: "rules.compulsory", crown: "rules.kings.endOnly" },
  russian: { one: "b8", move: /^[a-h][1-8][-:][a-h][1-8]$/, board: "rules.board.coords", capture: "rules.capture.flying", must: "rules.compulsory", crown: "rules.kings.inCapture" },
  brazilian: { one: "1", move: /^\d+[-x]\d+$/, board: "rules.board", capture: "rules.capture.flying", must: "rules.compulsory.most", crown: "rules.kings.endOnly" },
  czech: { one: "b8", move: /^[a-h][1-8][-:][a-h][1-8]$/, board: "rules.board.coords", capture: "rules.capture.flyingForward", must: "rules.compulsory.kingFirst", crown: "rules.kings" },
  italian: { one: "4", move: /^\d+[-x]\d+$/, board: "rules.board.mirrored", capture: "rules.capture", must: "rules.compulsory.italian", crown: "rules.kings" },
  spanish: { one: "29", move: /^\d+[-x]\d+$/, board: "rules.board.mirrored", capture: "rules.capture.flyingForward", must: "rules.compulsory.mostKings", crown: "rules.kings" },
  thai: { one: "b8", move: /^[a-h][1-8][-:][a-h][1-8]$/, board: "rules.board.coords", capture: "rules.capture.landBehind", must: "rules.compulsory", crown: "rules.kings" },
};

test("every game: offered, drawn as the game is, a move each side against the engine, its notation, its PDN and its rules", async () => {
  const page = await openBoard();
  const list = await page.evaluate(() => fetch("api/variants").then((r) => r.json()));
  const offered = await page.locator("#variant option").evaluateAll((els) => els.map((e) => [e.value, e.textContent]));
  assert.deepEqual(offered, list.variants.map((v) => [v.name, text("en", "variant." + v.name)]), "the selector offers every game");
  assert.deepEqual(Object.keys(games), list.variants.map((v) => v.name), "the tests know every game");
  await page.click("#rules-panel summary");
  for (const v of list.variants) {
    const want = games[v.name];
    // The person plays the side that moves second: the engine opens.
    const human = v.first_mover === "white" ? "black" : "white";
    await page.selectOption("#variant", v.name);
    assert.equal(await page.textContent(`#human option[value=${v.first_mover}]`), text("en", "new.human.first", { side: text("en", "side." + v.first_mover) }));
    await newGame(page, { variant: v.name, human });
    let st = await waitTurn(page);
    assert.equal(st.ply, 1, `${v.name}: the engine moved first`);
    assert.equal(st.moves[0].colour, v.first_mover, `${v.name}: ${v.first_mover} moves first`);
    assert.equal(await page.locator("#board .piece").count(), st.rules.men_per_side * 2 - st.captured[0] - st.captured[1]);

    // The board as the game is: Crown's square 1 (b8 on the English board)
    // named as the game names it, right of square 4 (h8) on the board of
    // the other colour, its mirror image, where the top-left corner is dark.
    // The board is turned towards Black when the person plays Black.
    assert.equal(await square(page, 1).locator(".num").textContent(), want.one, `${v.name}: the name of square 1`);
    const one = await square(page, 1).boundingBox(), four = await square(page, 4).boundingBox();
    assert.equal(one.x < four.x, st.rules.mirrored === (human === "black"), `${v.name}: square 1 beside square 4`);
    const corner = await page.locator("#board .sq").first().getAttribute("class");
    assert.match(corner, st.rules.mirrored ? /dark/ : /light/, `${v.name}: the top-left corner`);

    // A move by clicks, the engine's reply, both in the game's notation.
    await clickMove(page, st, st.legal[0]);
    await page.waitForFunction(() => window.crownState.ply >= 3 || window.crownState.over, null, { timeout: 20000 });
    st = await state(page);
    const shown = await page.locator("#moves .mv").allTextContents();
    assert.deepEqual(shown.filter((m) => m !== "…"), st.moves.map((m) => m.text));
    for (const m of st.moves) assert.match(m.text, want.move, `${v.name}: ${m.text} in the game's notation`);
    const pdn = await pdnShown(page);
    if (v.name !== "american") assert.ok(pdn.includes(`[GameType "${v.game_type}"]`), `${v.name}: the PDN's GameType`);
    assert.ok(pdn.includes("1. " + st.moves[0].text + " " + st.moves[1].text), `${v.name}: the first mover opens move 1: ${pdn}`);

    // The rules panel explains this game.
    await page.waitForFunction((name) => document.getElementById("rules").dataset.variant === name, v.name);
    const rules = page.locator("#rules");
    assert.equal(await rules.locator("h3").nth(1).textContent(), text("en", "rules.title", { variant: text("en", "variant." + v.name) }));
    const paragraphs = await rules.locator("p").allTextContents();
    for (const k of ["board", "capture", "must", "crown"]) assert.ok(paragraphs.includes(text("en", want[k])), `${v.name}: ${want[k]}`);
    assert.equal(paragraphs.includes(text("en", "rules.capture.spareKings")), v.name === "italian", "men spare kings in Italian only");
    assert.equal(await rules.locator("figure[data-diagram=start] circle").count(), st.rules.men_per_side * 2);
    await shot(page, `game-${v.name}.png`);
  }
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test("a Russian PDN loaded with the form at American: the GameType chooses the game, the form shows it", async () => {
  const page = await openBoard();
  await page.selectOption("#variant", "american");
  await loadPDN(page, '[GameType "25"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *', "both");
  await page.waitForFunction(() => window.crownState.variant === "russian" && window.crownState.ply === 4);
  const st = await state(page);
  assert.equal(st.variant, "russian");
  assert.equal(await page.inputValue("#variant"), "russian", "the selector shows the game loaded");
  assert.equal(await page.textContent("#title"), text("en", "variant.russian"));
  assert.deepEqual(st.moves.map((m) => m.text), ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]);
  assert.deepEqual(await page.locator("#moves .mv").allTextContents(), ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]);
  assert.ok((await pdnShown(page)).includes("1. c3-d4 f6-e5 2. d4:f6 g7:e5"));
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

// --- resign, draw offer and clock (issue 58, item 8) ------------------------------

// banner waits for the game to end and returns the banner's two lines.
async function banner(page) {
  await page.waitForSelector("#banner:not([hidden])", { timeout: 20000 });
  return [await page.textContent("#banner-result"), await page.textContent("#banner-reason")];
}

for (const [size, viewport] of [["desktop", desktop], ["phone", phone]]) {
  test(`play on a ${size}, every language: resign with two clicks, a draw offer the engine declines and one it accepts, the clock and its flag`, async () => {
    const page = await openBoard(viewport);
    for (const lang of languages) {
      await page.selectOption("#lang", lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      const side = (c) => text(lang, "side." + c);

      // Resign: the first click asks again, the second resigns; White
      // (the person) resigned, Black wins.
      await newGame(page, { human: "white" });
      await waitTurn(page);
      assert.equal(await page.textContent("#resign"), text(lang, "btn.resign"));
      await page.click("#resign");
      assert.equal(await page.textContent("#resign"), text(lang, "btn.resign.confirm"));
      assert.equal((await state(page)).over, false, "one click does not resign");
      await page.click("#resign");
      assert.deepEqual(await banner(page), [text(lang, "result.black"), text(lang, "ending.resigned", { side: side("white") })]);
      assert.ok(await page.isDisabled("#resign"));
      assert.match(await pdnShown(page), /\[Result "1-0"\][^]*\[Termination "White resigned"\]/);
      if (lang === "en") await shot(page, `item8-resign-${size}.png`);

      // A draw offered when the engine (White, eleven men to one) is ahead:
      // declined, the game goes on, no second offer in the position.
      await newGame(page, { human: "black", movetime: 100, fen: "B:W22-32:B1" });
      assert.ok(await page.isEnabled("#offer-draw"));
      assert.equal(await page.textContent("#offer-draw"), text(lang, "btn.draw"));
      await page.click("#offer-draw");
      await page.waitForFunction(() => window.crownState.draw_offer && window.crownState.draw_offer.answer === "declined", null, { timeout: 20000 });
      assert.equal(await page.textContent("#offer-text"), text(lang, "draw.declined"));
      assert.ok(await page.isDisabled("#offer-draw"), "one offer in a position");
      assert.equal((await state(page)).over, false);
      if (lang === "en") await shot(page, `item8-draw-declined-${size}.png`);
      // And when the engine (one man to four) is behind: accepted, a draw.
      await newGame(page, { human: "black", movetime: 100, fen: "B:W32:B1,2,3,14" });
      await page.click("#offer-draw");
      assert.deepEqual(await banner(page), [text(lang, "result.draw"), text(lang, "ending.agreed")]);
      assert.equal(await page.textContent("#offer-text"), text(lang, "draw.accepted"));
      assert.match(await pdnShown(page), /\[Result "1\/2-1\/2"\][^]*\[Termination "draw agreed"\]/);

      // A clock of two seconds for the person (Black, at the bottom), who
      // does not move: it counts down, and the flag falls.
      await newGame(page, { human: "black", clock: "2000+0" });
      const bottom = page.locator("#player-bottom .clock"), top = page.locator("#player-top .clock");
      assert.match(await bottom.getAttribute("class"), /\brunning\b/);
      assert.doesNotMatch(await top.getAttribute("class"), /\brunning\b/);
      assert.equal(await top.textContent(), "0:02.0", "the engine's clock stands");
      const first = Number(await bottom.getAttribute("data-ms"));
      await page.waitForTimeout(300);
      assert.ok(Number(await bottom.getAttribute("data-ms")) < first, "the running clock counts down");
      // Its label and its text in one look, as the clock ticks between two.
      const [aria, shown] = await bottom.evaluate((e) => [e.getAttribute("aria-label"), e.textContent]);
      assert.equal(aria, text(lang, "clock.label", { side: side("black"), time: shown }));
      assert.deepEqual(await banner(page), [text(lang, "result.white"), text(lang, "ending.time", { side: side("black") })]);
      assert.equal(await bottom.textContent(), "0:00.0");
      assert.doesNotMatch(await bottom.getAttribute("class"), /\brunning\b/);
    }
    // A game on a clock with increments: the engine moves on its time,
    // each side's time shown, the person's running.
    await page.selectOption("#lang", "en");
    await newGame(page, { human: "white", clock: "60000+1000" });
    const st = await waitTurn(page);
    assert.ok(st.clock.black_ms > 0 && st.clock.black_ms <= 61000 && st.clock.running === "white", JSON.stringify(st.clock));
    assert.match(await page.getAttribute("#player-bottom .clock", "class"), /\brunning\b/);
    assert.match(await page.textContent("#player-top .clock"), /^(1:0[01]|0:5\d)$/);
    await shot(page, `item8-clock-${size}.png`);
    // No clock: none shown.
    await newGame(page, { human: "both" });
    assert.ok(await page.isHidden("#player-bottom .clock"));
    assert.ok(await page.isHidden("#offer-draw"), "no draw to offer without an engine");
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

// --- game review, hints and lines (docs/review.md) ------------------------------

const repo = path.join(here, "..", "..");
// reviewPDN: a short game whose first move, 14-18, gives a man away (a
// blunder the review marks), and a Pool game Crown played against a weaker
// self.
const reviewPDN = '[Event "blunder"]\n[FEN "B:W23,32:B14,1"]\n1. 14-18 23x14 2. 1-6 14-10 *';
const poolPDN = fs.readFileSync(path.join(repo, "testdata", "pool-game.pdn"), "utf8");

// loadPDN pastes a PDN game into the load form and loads it.
async function loadPDN(page, pdn, human = "white") {
  await page.selectOption("#human", human);
  await page.evaluate(() => { document.getElementById("load").open = true; });
  await page.fill("#pdn-input", pdn);
  await page.click("#load-pdn");
  await page.waitForFunction(() => window.crownState.moves.length > 0 && window.crownState.ply === window.crownState.moves.length);
}

// reviewGame clicks Review and waits for the review's end. If it does not
// end, the failure says what the page and the server held (a review
// waits for one of the server's search slots).
async function reviewGame(page) {
  await page.click("#review");
  try {
    await page.waitForFunction(() => window.crownState.review && !window.crownState.review.running, null, { timeout: 60000 });
  } catch (e) {
    const seen = await page.evaluate(async () => {
      const st = window.crownState;
      const vars = await fetch("/debug/vars").then((r) => r.text(), (err) => String(err));
      return JSON.stringify({ ply: st.ply, moves: st.moves.length, review: st.review, server: vars });
    }).catch((err) => String(err));
    throw new Error(`${e.message}; the page and the server then: ${seen}`);
  }
  const st = await state(page);
  assert.equal(st.review.error, "");
  assert.equal(st.review.done, st.moves.length);
  return st;
}

for (const lang of languages) {
  test(`in ${lang}: review of a loaded game: the graph, a click on a point, the marks, the summary`, async () => {
    const page = await openBoard();
    await page.selectOption("#lang", lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await loadPDN(page, reviewPDN);
    let st = await reviewGame(page);
    // The graph: a point per position, the blunder in red.
    assert.equal(await page.locator("#review-graph .g-point").count(), st.moves.length + 1);
    const blunders = st.review.moves.filter((m) => m.mark === "??").length;
    assert.ok(blunders >= 1);
    assert.equal(await page.locator("#review-graph .g-point.blunder").count(), blunders);
    assert.equal(await page.locator('#review-graph .g-point.blunder[data-ply="1"]').count(), 1, "14-18 is a blunder");
    assert.equal(await page.textContent("#review-status"), text(lang, "review.done", { total: st.moves.length }));
    assert.ok(st.review.summary.turn_text.endsWith("??"), "the game turned at a blunder");
    assert.ok((await page.textContent("#review-summary")).includes(text(lang, "review.turn", { move: st.review.summary.turn_text })));
    // The record marks the blunder, its comment in its title.
    assert.equal(await page.locator("#moves .mv.blunder").count(), blunders);
    const bad = page.locator("#moves .mv.blunder").first();
    assert.equal(await bad.textContent(), "14-18??");
    const rm = st.review.moves[0];
    const comment = rm.best ? text(lang, "review.comment.best", { score: scoreIn(lang, rm.score), move: rm.best, best: scoreIn(lang, rm.best_score) }) : scoreIn(lang, rm.score);
    assert.equal(await bad.getAttribute("title"), text(lang, "review.blunder", { comment }), "the comment in the player's language");
    assert.equal(await page.locator('#review-graph .g-point[data-ply="1"] title').textContent(), "14-18?? " + comment);
    assert.equal(await page.locator('#review-graph .g-point[data-ply="0"] title').textContent(), text(lang, "review.start") + " " + sideScoreIn(lang, st.review.start));
    // A click on the point after the first move shows that position; the
    // engine (Black, the side to move there) waits under review.
    const before = st.fen;
    await page.locator('#review-graph .g-point[data-ply="1"]').click();
    await page.waitForFunction(() => window.crownState.ply === 1);
    st = await state(page);
    assert.notEqual(st.fen, before);
    assert.equal(st.board[17], "b", "14-18 is on the board: a black man on 18");
    assert.equal(await page.locator('#review-graph .g-point.now[data-ply="1"]').count(), 1);
    await page.locator('#review-graph .g-point[data-ply="0"]').click();
    await page.waitForFunction(() => window.crownState.ply === 0);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await state(page)).ply, 0, "the engine does not move while a review is on the board");
    assert.equal((await state(page)).board[13], "b", "the start: a black man on 14");
    // The record and its download are the whole game with the review's
    // marks and comments, at whatever position the board shows.
    const pdn = await download(page, `reviewed-${lang}.pdn`);
    assert.equal(pdn, await pdnShown(page));
    for (const part of ['[Event "blunder"]', '[Review "complete"]', "[Annotator ", "14-18??", "23x14", "14-10", "{Black: ", "best "]) {
      assert.ok(pdn.includes(part), `${part} in the reviewed record: ${pdn}`);
    }
    await shot(page, `review-${lang}.png`);
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });

  test(`in ${lang}: a hint in a game against the engine is a legal best move; analysis lines are played by a click`, async () => {
    const page = await openBoard();
    await page.selectOption("#lang", lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await newGame(page, { human: "black", movetime: 200 });
    let st = await waitTurn(page);
    await page.click("#hint");
    await page.waitForFunction(() => window.crownState.hint, null, { timeout: 20000 });
    st = await state(page);
    assert.ok(st.legal.some((m) => m.text === st.hint.move.text), `hint ${st.hint.move.text} among the legal moves`);
    assert.ok((await page.textContent("#hint-text")).startsWith(text(lang, "hint.text", { move: st.hint.move.text, score: "" }).replace(/\(\)$/, "").trimEnd()));
    assert.equal(await page.locator("#board .sq.hinted").count(), st.hint.move.path.length);
    assert.equal(await page.textContent("#hint"), text(lang, "btn.hint"));
    // Three lines of analysis, the second played by a click.
    await page.check("#analysis");
    await page.selectOption("#an-want", "3");
    await page.waitForFunction(() => window.crownState.analysis.lines.length === 3, null, { timeout: 20000 });
    // The list is drawn anew with every report, so the second line is
    // read and clicked in one step.
    const title = await page.evaluate(() => {
      const b = document.querySelectorAll("#an-lines .line")[1];
      b.click();
      return b.title;
    });
    await page.waitForFunction(() => window.crownState.moves.length > 0);
    st = await state(page);
    assert.equal(title, text(lang, "an.play.title", { move: st.moves[0].text }), "the move of the line clicked is played");
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

// Review on a phone (issue 58, item 6): the comment on the move that led
// to the position shown is written under the board, for a phone has no
// hover; the graph has its scale, move numbers and legend; the message
// that a review is under way goes when it ends.
for (const lang of languages) {
  test(`in ${lang} on a phone: the review's comment under the board, the graph's scale and legend, no stale message`, async () => {
    const page = await openBoard(phone);
    await page.selectOption("#lang", lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await loadPDN(page, reviewPDN, "both");
    let st = await reviewGame(page);
    await page.waitForFunction(() => document.getElementById("message").textContent === "");
    // The scale: the clip in men both ways and 0, the results at the edges.
    const labels = await page.locator("#review-graph text").allTextContents();
    const clip = String(st.review.clip / 100);
    for (const want of ["+" + clip, "0", "-" + clip, text(lang, "review.axis.black"), text(lang, "review.axis.white"), "1", "2"]) {
      assert.ok(labels.includes(want), `${want} on the graph: ${labels}`);
    }
    assert.equal(await page.textContent("#review-legend-scale"), text(lang, "review.legend", { clip }));
    assert.equal(await page.textContent("#review-legend-mistake"), text(lang, "review.legend.mistake", { men: st.review.mistake_drop / 100 }));
    assert.equal(await page.textContent("#review-legend-blunder"), text(lang, "review.legend.blunder", { men: st.review.blunder_drop / 100 }));
    // The blunder's comment, under the board, in view, as the record's title.
    await page.click("#nav-first");
    await atPly(page, 0);
    assert.equal(await page.textContent("#review-comment"), "", "no comment at the start");
    await page.click("#nav-next");
    st = await atPly(page, 1);
    const comment = page.locator("#review-comment");
    const said = await comment.textContent();
    assert.ok(said.startsWith("1. 14-18?? — " + text(lang, "review.blunder", { comment: "" })), said);
    assert.ok(said.includes(st.review.moves[0].best), `the better move ${st.review.moves[0].best} named: ${said}`);
    assert.match(await comment.getAttribute("class"), /\bblunder\b/);
    assert.equal(said.slice("1. 14-18?? — ".length), await page.locator("#moves .mv").first().getAttribute("title"));
    await comment.scrollIntoViewIfNeeded();
    const box = await comment.boundingBox(), board = await page.locator("#board").boundingBox();
    assert.ok(box.y >= board.y + board.height && box.x >= 0 && box.x + box.width <= phone.width, "under the board, within the phone's width");
    await page.click("#nav-next");
    await atPly(page, 2);
    assert.ok((await comment.textContent()).startsWith("1... 23x14 — "), "the reply's comment");
    await page.locator("#review-panel").scrollIntoViewIfNeeded();
    await shot(page, `item6-review-phone-${lang}.png`);
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

test("review of a Pool game loaded from a file, on a phone", async () => {
  const page = await openBoard(phone);
  const file = path.join(outDir, "pool-game.pdn");
  fs.writeFileSync(file, poolPDN);
  await page.selectOption("#human", "both");
  await page.evaluate(() => { document.getElementById("load").open = true; });
  await page.setInputFiles("#pdn-file", file);
  await page.waitForFunction(() => window.crownState.variant === "pool" && window.crownState.moves.length > 40);
  assert.equal(await page.inputValue("#variant"), "pool", "the selector shows the game loaded");
  const st = await reviewGame(page);
  assert.equal(await page.locator("#review-graph .g-point").count(), st.moves.length + 1);
  const marked = st.review.moves.filter((m) => m.mark).length;
  assert.equal(await page.locator("#moves .mv.mistake, #moves .mv.blunder").count(), marked);
  const box = await page.locator("#review-graph").boundingBox();
  assert.ok(box.width <= phone.width, "the graph fits the phone");
  await page.locator("#review-graph").scrollIntoViewIfNeeded();
  await shot(page, "review-pool-phone.png");
  await page.context().close();
});

// The SVG graphs crown annotate draws (--graph), opened in Chromium: a
// game of Tinsley's and the Pool game, at 0.1 s a position.
test("crown annotate's SVG graphs open in the browser and show the games", async () => {
  const dir = path.join(outDir, "annotate");
  fs.rmSync(dir, { recursive: true, force: true });
  const crown = path.join(repo, "bin", "crown");
  for (const [name, file, games] of [["tinsley", "tinsley-games.pdn", "1"], ["pool", "pool-game.pdn", "1"]]) {
    const out = path.join(dir, name + ".pdn");
    execFileSync(crown, ["annotate", "--movetime", "0.1", "--games", games, "--out", out, "--graph", path.join(dir, name),
      path.join(repo, "testdata", file)], { stdio: ["ignore", "pipe", "pipe"] });
    const pdn = fs.readFileSync(out, "utf8");
    assert.match(pdn, /\[Review "complete"\]/);
    const page = await browser.newPage({ viewport: { width: 800, height: 360 } });
    await page.goto("file://" + path.join(dir, name, "game-1.svg"));
    const moves = (pdn.match(/\{/g) || []).length - 1;
    assert.equal(await page.locator("g.point").count(), moves + 1, "a point per position");
    const title = await page.textContent("svg > text");
    assert.ok(title.length > 0);
    await page.screenshot({ path: path.join(outDir, `annotate-${name}.png`) });
    await page.close();
  }
});
