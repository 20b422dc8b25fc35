#!/usr/bin/env python3
"""pydraughts drives Crown: the driver of `make test-clients` (docs/hub.md, docs/checkerboard.md).

pydraughts (github AttackingOrDefending/pydraughts, MIT) is a front end someone else wrote:
the library people script draughts engines with and put bots on lidraughts through. This
script plays whole games of English checkers through two of its engine drivers, used as
published:

- HubEngine (draughts/engines/hub.py), unmodified, against `crown hub`: move-time, depth and
  clock (time + increment) limits, each with pondering off and on; and a game of each other
  8x8 game both play (Russian, Brazilian, Italian: --variants), Crown against itself;
- CheckerBoardEngine (draughts/engines/checkerboard.py) loading Crown's Linux library
  (bin/crown-cb.so): exact move time, fixed average time and a game clock; and a game of each
  of --variants, which pydraughts sends as set gametype 25, 26, 22. pydraughts loads a
  library with ctypes.windll (Windows only); the two lines that do so are replaced here, at
  run time, by ctypes.CDLL, and nothing else of it is changed.

Crown plays itself, and pydraughts' random mover, both colours. Every move is checked against
pydraughts' own rules (draughts.Board, variant english); through Hub also each ponder move
Crown names, and that pydraughts understood every line Crown wrote; through the library also
the board and CBmove Crown wrote, and its reply to each `set gamehist`. The end is a summary: games per
driver and mode, plies checked, failures (each named), time. Exit status 1 on any failure.

It needs pydraughts' source tree (--pydraughts) and writes the stand-in module msl/loadlib.py
into --work: pydraughts imports msl.loadlib.Client64 (its bridge to 32-bit Windows engines)
when it loads, and that package is not installed here.
"""

import argparse
import collections
import ctypes
import logging
import os
import random
import re
import signal
import sys
import threading
import time
import traceback

# The stand-in for msl-loadlib's Client64, written into --work/msl.
STUB = '''# Stand-in written by Crown's testdata/clients/pydraughts_drive.py: pydraughts imports
# msl.loadlib.Client64 (a bridge to 32-bit Windows engines), which Linux cannot use.
class Client64:
    def __init__(self, *args, **kwargs):
        raise OSError("msl.loadlib stand-in: no 32-bit engine bridge on this machine")
'''

# MAX_PLIES ends a game that pydraughts' rules (threefold repetition, 40 king moves a
# side) have not ended by then: counted as unfinished, not as a failure.
MAX_PLIES = 400
# MOVE_TIMEOUT: an engine that has not answered a move by then is killed (a failure).
MOVE_TIMEOUT = 30.0
# QUIT_TIMEOUT: how long `crown hub` may take to exit after quit.
QUIT_TIMEOUT = 5.0

draughts = None  # the pydraughts modules, imported by load_pydraughts
engine_64 = None
Limit = None


class Failure(Exception):
    """A check that failed: what Crown (or the driver) did wrong, in words."""


class Tally:
    """What a run played and checked, and what failed."""

    def __init__(self):
        self.games = collections.Counter()  # (driver, mode) -> games played to the end
        self.unfinished = collections.Counter()  # (driver, mode) -> games cut at MAX_PLIES
        self.plies = 0  # plies checked against pydraughts' rules, every side's
        self.crown_moves = collections.Counter()  # driver -> Crown's moves checked
        self.ponder_moves = 0  # ponder moves named by `done`, checked legal
        self.move_times = collections.defaultdict(list)  # (driver, mode) -> Crown's wall times
        self.notes = collections.Counter()  # what pydraughts did that Crown had to cope with
        self.probes = []  # the single moves of checkerboard_probes, with their times
        # overruns: by how much each move's wall time passed the clock it had, Crown's search
        # keeping within it (a failure otherwise); the clock then goes on from zero.
        self.overruns = []
        self.failures = []

    def fail(self, where, what):
        self.failures.append(f"{where}: {what}")
        print(f"FAIL {where}: {what}", flush=True)


# ---------------------------------------------------------------------------------------
# Loading pydraughts


def load_pydraughts(source, work):
    """Import pydraughts from its source tree, with the stand-in msl module from work."""
    global draughts, engine_64, Limit
    os.makedirs(os.path.join(work, "msl"), exist_ok=True)
    with open(os.path.join(work, "msl", "loadlib.py"), "w") as f:
        f.write(STUB)
    sys.path[:0] = [work, source]
    import draughts as d
    import draughts.engine
    from draughts.engines.checkerboard_extra import engine_64 as e64
    draughts, engine_64, Limit = d, e64, draughts.engine.Limit


def same_position(fen_a, fen_b):
    """Whether two English FENs (W:W..:B.. in any order of squares) name one position."""
    def parts(fen):
        turn, *sides = fen.strip().split(":")
        return turn, {s[0]: frozenset(filter(None, s[1:].split(","))) for s in sides if s}
    return parts(fen_a) == parts(fen_b)


def check_legal(board, move, who):
    """Raise Failure unless move is one of board's legal moves by pydraughts' rules."""
    if move is None:
        raise Failure(f"{who} gave no move in {board.fen}")
    legal = [m.board_move for m in board.legal_moves()]
    if move.board_move not in legal:
        raise Failure(f"{who} played {move.pdn_move}, not legal in {board.fen}")


# ---------------------------------------------------------------------------------------
# Players


class Player:
    """A side of a game: move(board, limit) answers a move for board and sets spent, the
    seconds it took (and searched); after_move follows the move's play, end_game the
    game's end."""
    name = "crown"
    spent = 0.0
    searched = None  # the seconds the engine said its search took, when it said

    def after_move(self, board, limit):
        pass

    def end_game(self):
        pass


class RandomPlayer(Player):
    """pydraughts' own legal moves, one at random."""
    name = "random"

    def __init__(self, rng):
        self.rng = rng

    def move(self, board, limit):
        return self.rng.choice(board.legal_moves())


class CheckerBoardPlayer(Player):
    """Crown's library through pydraughts' CheckerBoardEngine, each move checked."""

    def __init__(self, engine, spy, tally):
        self.engine, self.spy, self.tally = engine, spy, tally

    def move(self, board, limit):
        self.spy.reset()
        t0 = time.monotonic()
        result = self.engine.play(board, limit)
        self.spent = time.monotonic() - t0
        said = re.search(r"\btime ([0-9.]+)s\b", result.info["info"])
        self.searched = float(said.group(1)) if said else None
        self.spy.check(board, result.move, self.tally)
        return result.move


class CheckerBoardSpy:
    """Watches what passes between pydraughts' Engine64 and the library: every command with
    its reply, and each getmove's board and CBmove, to check them after the move."""

    def __init__(self):
        self.commands = []  # (command, reply, returned) since reset
        self.board_after = None  # the Hub-style position string of the board Crown wrote
        self.cbmove = None

    def install(self, library):
        spy = self
        lib = ctypes.CDLL(library)  # fails here, with its reason, if the library does not load

        def load(self, command):
            # pydraughts' Engine64.__init__ is os.add_dll_directory + ctypes.windll.LoadLibrary
            # (Windows only); on Linux the same is ctypes.CDLL.
            self.engine = ctypes.CDLL(command)
        engine_64.Engine64.__init__ = load

        enginecommand = engine_64.Engine64.enginecommand
        getmove = engine_64.Engine64.getmove
        from_board = engine_64.from_board

        def command(self, text):
            out = enginecommand(self, text)
            spy.commands.append((text, out[0].decode(errors="replace"), out[1]))
            return out

        def move(self, *args, **kwargs):
            out = getmove(self, *args, **kwargs)
            spy.cbmove = out[2]
            return out

        def board(checker_board, old_board):
            fen = from_board(checker_board, old_board)
            spy.board_after = fen
            return fen
        engine_64.Engine64.enginecommand = command
        engine_64.Engine64.getmove = move
        engine_64.from_board = board
        return lib

    def reset(self):
        self.commands, self.board_after, self.cbmove = [], None, None

    def check(self, board, move, tally):
        """Check Crown's move on board (before it is played): legal by pydraughts' rules, the
        board Crown wrote is the position after it, the CBmove names it, and the game
        history pydraughts sent was taken (or, cut by pydraughts, refused), also one of
        exactly 256 characters that pydraughts passes without its NUL."""
        cut = cut_history(board)
        for text, reply, ok in self.commands:
            if text == cut:
                # Not a command: Crown answers "?", and searches without the history.
                if ok != 0:
                    raise Failure(f"a history cut by pydraughts was taken: {text!r}: {reply!r}")
                tally.notes["histories cut by pydraughts, refused"] += 1
            elif text.startswith("set gamehist "):
                if not (ok == 1 and reply.startswith("gamehist moves=")):
                    raise Failure(f"set gamehist refused: {reply!r} ({text!r})")
                reached = reply.split("fen=", 1)[1]
                if not same_position(reached, board.fen):
                    raise Failure(f"set gamehist reached {reached}, not the position {board.fen}")
                tally.notes["histories taken"] += 1
                if len(text) == 256:
                    # pydraughts passes a command of exactly 256 characters without its NUL;
                    # Crown reads on past the buffer, and takes the 256 when the rest is not moves.
                    tally.notes["histories of 256 characters sent without their NUL, taken"] += 1
            elif ok != 1:
                raise Failure(f"{text!r} refused: {reply!r}")
        check_legal(board, move, "Crown (CheckerBoardEngine)")
        after = board.copy()
        after.push(move)
        if self.board_after is None or self.board_after[1:] != after._game.get_fen()[1:]:
            raise Failure(f"board after {move.pdn_move} is {self.board_after}, "
                          f"not {after._game.get_fen()}")
        cb = self.cbmove
        steps = [cb["from"], cb["to"]]
        squares = [int(draughts.convert.move_to_variant(
            str(CB_ENGINE._row_col_to_num(board, y, x)), "english", to_algebraic=False))
            for x, y in steps]
        if squares != [move.steps_move[0], move.steps_move[-1]] or cb["jumps"] != len(move.captures):
            raise Failure(f"CBmove from {squares[0]} to {squares[1]} with {cb['jumps']} jumps "
                          f"is not {move.pdn_move}")


CB_ENGINE = None  # the one CheckerBoardEngine: the library holds one engine a process


def cut_history(board):
    """What pydraughts sends for board's history when it is over 256 characters (else
    None): the last 256, less their first word, which takes the command word with it."""
    moves = " ".join(m.pdn_move for m in board._reversible_moves)
    text = f"set gamehist {board._last_non_reversible_fen} {moves}"
    return " ".join(text[-256:].split()[1:]) if len(text) > 256 else None


class HubPlayer(Player):
    """`crown hub` through pydraughts' HubEngine, pondering when asked to: after its move on
    the reply it expects (done's ponder=), until the opponent's move brings ponder-hit (the
    reply expected) or stop (another)."""

    def __init__(self, engine, tally, ponder):
        self.engine, self.tally, self.ponder = engine, tally, ponder
        self.expects = None  # the reply the last done named
        self.thread = None  # the ponder search's thread, while one runs
        self.pondered = None  # the reply it ponders on
        self.outcome = {}

    def move(self, board, limit):
        t0 = time.monotonic()
        result, self.searched = None, None
        if self.thread is not None:
            hit = self.pondered.board_move == board.move_stack[-1].board_move
            result = self._end_pondering(hit)
            self.tally.notes["ponder hits (ponder-hit)" if hit else "ponder misses (stop)"] += 1
            if not hit:
                result = None  # the move of the position pondered on, not this one
        if result is None:
            result = watched(self.engine, lambda: self.engine.play(board, limit, False))
            self.searched = self.engine.info.get("time")
        self.spent = time.monotonic() - t0
        self.expects = result.ponder
        return result.move

    def after_move(self, board, limit):
        """Ponder on the reply expected on board (Crown has just moved), if asked to."""
        ponder, self.expects = self.expects, None
        if not self.ponder or not board.legal_moves():
            return
        if ponder is None:
            self.tally.notes["done lines without a ponder move"] += 1
            return
        check_legal(board, ponder, "Crown's ponder move (done ponder=)")
        self.tally.ponder_moves += 1
        after = board.copy()
        after.push(ponder)
        if not after.legal_moves():
            return  # a GUI never asks for a search of a finished game
        self.pondered, self.outcome = ponder, {}

        def run():
            try:
                self.outcome["result"] = self.engine.play(after, limit, True)
            except Exception as e:  # reported by _end_pondering
                self.outcome["error"] = e
        self.thread = threading.Thread(target=run, name="ponder", daemon=True)
        self.thread.start()

    def _end_pondering(self, hit):
        """Send ponder-hit (the expected reply came) or stop, and wait for done."""
        thread, self.thread = self.thread, None
        deadline = time.monotonic() + MOVE_TIMEOUT
        while self.engine._last_sent != "go ponder" and thread.is_alive():
            if time.monotonic() > deadline:
                kill(self.engine)
                raise Failure("the ponder search was never started")
            time.sleep(0.001)
        if thread.is_alive() and hit:
            self.engine.ponderhit()
        elif thread.is_alive():
            self.engine.stop()
        thread.join(MOVE_TIMEOUT)
        if thread.is_alive():
            kill(self.engine)
            thread.join()
            raise Failure(f"no done within {MOVE_TIMEOUT:.0f} s of {'ponder-hit' if hit else 'stop'}")
        if "error" in self.outcome:
            raise Failure(f"pondering: {describe(self.outcome['error'])}")
        return self.outcome["result"]

    def end_game(self):
        if self.thread is not None:
            self._end_pondering(False)


def watched(engine, call):
    """call(), killing the engine's process if it takes longer than MOVE_TIMEOUT."""
    timer = threading.Timer(MOVE_TIMEOUT, kill, [engine])
    timer.start()
    try:
        return call()
    except EOFError:
        raise Failure(f"the engine closed its output (or was killed after {MOVE_TIMEOUT:.0f} s)")
    finally:
        timer.cancel()


def kill(engine):
    """Kill the engine's process group (HubEngine starts it as one)."""
    try:
        os.killpg(engine.p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def discard(engine):
    """Kill the engine's process, reap it and close its pipes."""
    kill(engine)
    release(engine)


def release(engine):
    """Reap the engine's process and close the pipes HubEngine leaves open."""
    engine.p.wait()
    for f in (engine.p.stdin, engine.p.stdout):
        try:
            f.close()
        except OSError:
            pass  # a pipe the killed process left unread


def describe(e):
    """An exception in a line: a Failure's words, else its type, text and where."""
    if isinstance(e, Failure):
        return str(e)
    frame = traceback.extract_tb(e.__traceback__)[-1]
    return f"{type(e).__name__}: {e} (at {os.path.basename(frame.filename)}:{frame.lineno})"


# ---------------------------------------------------------------------------------------
# Games


class Clock:
    """A limit per move: the same each move, or a clock per side (time + increment)."""

    def __init__(self, make=None, time_=None, inc=None):
        self.make, self.start, self.inc = make, time_, inc
        self.left = {}

    def new_game(self):
        if self.start is not None:
            self.left = {draughts.BLACK: self.start, draughts.WHITE: self.start}

    def limit(self, side):
        if self.start is None:
            return self.make()
        return Limit(time=self.left[side], inc=self.inc)

    def spend(self, side, seconds):
        """Take a move's time off side's clock and add the increment. If the clock fell,
        the time it had, else None; a fallen clock goes on from zero."""
        if self.start is None:
            return None
        had = self.left[side]
        self.left[side] = max(had - seconds, 0) + self.inc
        return had if seconds > had else None


def play_game(tally, driver, mode, label, players, clock, variant="english"):
    """Play one game of variant from the start position; players maps colour to player."""
    board = draughts.Board(variant=variant)
    clock.new_game()
    where = f"{driver} {mode} {label}"
    began = time.monotonic()
    crown_moves = 0
    try:
        while not board.is_over():
            if len(board.move_stack) >= MAX_PLIES:
                tally.unfinished[(driver, mode)] += 1
                break
            side = board.turn
            player = players[side]
            move = player.move(board, clock.limit(side))
            check_legal(board, move, f"{player.name} ({'black' if side == draughts.BLACK else 'white'})")
            if player.name == "crown":
                crown_moves += 1
                tally.crown_moves[driver] += 1
                tally.move_times[(driver, mode)].append(player.spent)
                had = clock.spend(side, player.spent)
                if had is not None and player.searched is not None and player.searched > had:
                    raise Failure(f"Crown searched {player.searched:.3f} s with {had:.3f} s "
                                  f"on its clock")
                if had is not None:
                    # The machine's time, not Crown's: the wall time includes the waits of a
                    # busy machine (a core shared by other work) and pydraughts' own.
                    tally.overruns.append(player.spent - had)
            board.push(move)
            tally.plies += 1
            player.after_move(board, clock.limit(side))
        for p in set(players.values()):
            p.end_game()
    except Exception as e:
        tally.fail(f"{where}, ply {len(board.move_stack) + 1}", describe(e))
        return False
    tally.games[(driver, mode)] += 1
    winner = board.winner()
    outcome = {None: "unfinished", 0: "draw", draughts.BLACK: "black won", draughts.WHITE: "white won"}[winner]
    print(f"  {where}: {len(board.move_stack)} plies ({crown_moves} by Crown), {outcome}, "
          f"{time.monotonic() - began:.1f} s", flush=True)
    return True


def pairings(crown_a, crown_b, rng, games):
    """The games of a mode: Crown against itself, then against random with each colour."""
    rand = RandomPlayer(rng)
    cycle = [("crown-crown", {draughts.BLACK: crown_a, draughts.WHITE: crown_b}),
             ("crown-random", {draughts.BLACK: crown_a, draughts.WHITE: rand}),
             ("random-crown", {draughts.BLACK: rand, draughts.WHITE: crown_a})]
    return [cycle[i % len(cycle)] for i in range(games)]


# ---------------------------------------------------------------------------------------
# CheckerBoardEngine


def run_checkerboard(args, tally, rng):
    global CB_ENGINE
    spy = CheckerBoardSpy()
    spy.install(args.cb_lib)
    CB_ENGINE = draughts.engine.CheckerBoardEngine(args.cb_lib)
    print(f"CheckerBoardEngine: {CB_ENGINE.id.get('name')} from {args.cb_lib}", flush=True)
    # Crown's book at level 1 (any good move) gives the games some variety.
    CB_ENGINE.configure({"book": 1, "hashsize": 16, "divide-time-by": 20})
    for text, reply, ok in spy.commands:
        if ok != 1:
            tally.fail("CheckerBoardEngine set-up", f"{text!r} refused: {reply!r}")
    mt = args.movetime
    modes = [
        # Exact time: pydraughts sets info bit 1 (CB_EXACT_TIME) and maxtime = movetime.
        (f"movetime={mt}", Clock(lambda: Limit(movetime=mt))),
        # Fixed average time: maxtime = time / divide-time-by. pydraughts also sends the
        # time in its own clock bits, which Crown's reading finds empty (docs/checkerboard.md).
        (f"time={mt * 20:g}/20", Clock(lambda: Limit(time=mt * 20))),
        # A game clock, time + increment, kept here from each move's wall time.
        (f"clock={mt * 40:g}+{mt:g}", Clock(time_=mt * 40, inc=mt)),
    ]
    for mode, clock in modes:
        player = CheckerBoardPlayer(CB_ENGINE, spy, tally)
        for label, players in pairings(player, player, rng, args.games):
            play_game(tally, "CheckerBoardEngine", mode, label, players, clock)
    checkerboard_probes(args, tally, spy)
    for variant in filter(None, args.variants.split(",")):
        checkerboard_variant(args, tally, spy, variant)


class CheckerBoardVariantPlayer(Player):
    """Crown's library playing another game through a CheckerBoardEngine of its own (which
    sends set gametype with its first move): every command must be taken, each set
    gamehist too, and the move is checked by play_game."""

    def __init__(self, engine, spy):
        self.engine, self.spy = engine, spy

    def move(self, board, limit):
        self.spy.reset()
        t0 = time.monotonic()
        result = self.engine.play(board, limit)
        self.spent = time.monotonic() - t0
        for text, reply, ok in self.spy.commands:
            if ok != 1 and text != cut_history(board):
                raise Failure(f"{text!r} refused: {reply!r}")
        return result.move


def checkerboard_variant(args, tally, spy, variant):
    """A game of variant, Crown against itself through the library at exact move time."""
    mode = f"{variant} movetime={args.movetime}"
    try:
        engine = draughts.engine.CheckerBoardEngine(args.cb_lib)
        engine.configure({"book": 0, "hashsize": 16})
        player = CheckerBoardVariantPlayer(engine, spy)
        players = {draughts.WHITE: player, draughts.BLACK: player}
        play_game(tally, "CheckerBoardEngine", mode, "crown-crown", players,
                  Clock(lambda: Limit(movetime=args.movetime)), variant)
    except Exception as e:
        tally.fail(f"CheckerBoardEngine {mode}", describe(e))


def checkerboard_probes(args, tally, spy):
    """Single moves for what whole games cannot reach in a few minutes: a clock long enough
    for pydraughts' 10 ms and 100 ms units (over 32.767 s), and a history over 256
    characters (pydraughts' own test of it: two kings shuffling). The book is off, so that
    the first move is searched."""
    CB_ENGINE.setoption("book", 0)
    board = draughts.Board(variant="english")
    for seconds, note in [(33, "clock in 10 ms units"), (330, "clock in 100 ms units")]:
        where = f"CheckerBoardEngine probe time={seconds}"
        try:
            t0 = time.monotonic()
            spy.reset()
            result = CB_ENGINE.play(board, Limit(time=seconds))
            spent = time.monotonic() - t0
            spy.check(board, result.move, tally)
            tally.crown_moves["CheckerBoardEngine"] += 1
            tally.probes.append(f"time={seconds} ({note}): {result.move.pdn_move} in {spent:.2f} s")
            print(f"  {where}: {result.move.pdn_move} in {spent:.2f} s", flush=True)
        except Exception as e:
            tally.fail(where, describe(e))
    board = draughts.Board("english", "W:WK30:BK4")
    for _ in range(20):
        for steps in ([30, 26], [4, 8], [26, 30], [8, 4]):
            board.push(draughts.Move(board, steps_move=steps))
    where = "CheckerBoardEngine probe history of 80 king moves"
    try:
        spy.reset()
        result = CB_ENGINE.play(board, Limit(movetime=args.movetime))
        spy.check(board, result.move, tally)
        tally.crown_moves["CheckerBoardEngine"] += 1
        tally.probes.append(f"a history of 80 king moves: {result.move.pdn_move}")
        print(f"  {where}: {result.move.pdn_move}", flush=True)
    except Exception as e:
        tally.fail(where, describe(e))


# ---------------------------------------------------------------------------------------
# HubEngine


class WarningCounter(logging.Handler):
    """Counts what pydraughts logs as an unexpected engine response (a failure)."""

    def __init__(self, tally):
        super().__init__(logging.WARNING)
        self.tally = tally

    def emit(self, record):
        self.tally.fail("HubEngine", f"pydraughts warned: {record.getMessage()}")


def open_hub(args, ponder, variant="english"):
    """Start `crown hub` through HubEngine (which sends hub and reads the parameters),
    choose the variant (English checkers), init and ping."""
    engine = draughts.engine.HubEngine([args.crown, "hub"])
    try:
        if variant not in engine.variants:
            raise Failure(f"the variant parameter offers {sorted(engine.variants)}, not {variant}")
        engine.setoption("variant", variant)
        if "ponder" in engine.options:
            engine.setoption("ponder", ponder)
        watched(engine, engine.init)
        watched(engine, engine.ping)
    except Exception:
        discard(engine)
        raise
    return engine


def close_hub(engine, tally, where):
    """quit, and the process must exit with status 0."""
    try:
        engine.quit()
        code = engine.p.wait(QUIT_TIMEOUT)
        if code != 0:
            tally.fail(where, f"crown hub exited with status {code} after quit")
    except BrokenPipeError:
        tally.fail(where, "crown hub had gone before quit")
    except Exception:
        tally.fail(where, f"crown hub did not exit within {QUIT_TIMEOUT:.0f} s of quit")
        kill(engine)
    release(engine)


def run_hub(args, tally, rng):
    logging.getLogger("pydraughts").addHandler(WarningCounter(tally))
    mt = args.movetime
    limits = [
        (f"move-time={mt}", Clock(lambda: Limit(movetime=mt))),
        (f"depth={args.depth}", Clock(lambda: Limit(depth=args.depth))),
        # A game clock, time + increment, kept here from each move's wall time.
        (f"time={mt * 40:g}+{mt:g}", Clock(time_=mt * 40, inc=mt)),
    ]
    modes = [(f"{name} ponder={'on' if ponder else 'off'}", clock, ponder)
             for ponder in (False, True) for name, clock in limits]
    for i, (mode, clock, ponder) in enumerate(modes):
        hub_mode(args, tally, rng, mode, clock, ponder, announce=i == 0)
    for variant in filter(None, args.variants.split(",")):
        hub_variant(args, tally, variant)


def hub_variant(args, tally, variant):
    """A game of variant, Crown against itself at move-time, a `crown hub` a side."""
    mode = f"{variant} move-time={args.movetime}"
    engines, ok = [], False
    try:
        for _ in range(2):
            engines.append(open_hub(args, False, variant))
        a, b = (HubPlayer(e, tally, False) for e in engines)
        players = {draughts.WHITE: a, draughts.BLACK: b}
        ok = play_game(tally, "HubEngine", mode, "crown-crown", players,
                       Clock(lambda: Limit(movetime=args.movetime)), variant)
    except Exception as e:
        tally.fail(f"HubEngine {mode}", describe(e))
    for e in engines:
        if ok:
            close_hub(e, tally, f"HubEngine {mode}")
        else:
            discard(e)


def hub_mode(args, tally, rng, mode, clock, ponder, announce):
    """A mode's games, with a `crown hub` process a side (the first alone against random).
    A failure ends the mode: the engines' state is then unknown."""
    where = f"HubEngine {mode}"
    engines, ok = [], False
    try:
        for _ in range(2):
            engines.append(open_hub(args, ponder))
        if announce:
            e = engines[0]
            print(f"HubEngine: {e.id.get('name')} {e.id.get('version', '')}, "
                  f"{len(e.options)} parameters, variants {sorted(e.variants)}", flush=True)
        a, b = (HubPlayer(e, tally, ponder) for e in engines)
        for label, players in pairings(a, b, rng, args.games):
            for e in engines:
                e.send("new-game")
            if not play_game(tally, "HubEngine", mode, label, players, clock):
                break
        else:
            ok = True
    except Exception as e:
        tally.fail(where, describe(e))
    for e in engines:
        if ok:
            close_hub(e, tally, where)
        else:
            discard(e)


# ---------------------------------------------------------------------------------------


def summary(tally, drivers, seconds):
    print("\npydraughts drives Crown:")
    for driver in drivers:
        modes = [m for d, m in tally.games if d == driver]
        total = sum(n for (d, _), n in tally.games.items() if d == driver)
        print(f"  {driver}: {total} games, {tally.crown_moves[driver]} moves by Crown")
        for mode in sorted(set(modes)):
            times = tally.move_times[(driver, mode)]
            cut = tally.unfinished[(driver, mode)]
            extra = f", {cut} cut at {MAX_PLIES} plies" if cut else ""
            line = f"    {mode}: {tally.games[(driver, mode)]} games{extra}"
            if times:
                line += (f"; Crown's move: mean {sum(times) / len(times) * 1000:.0f} ms, "
                         f"longest {max(times) * 1000:.0f} ms")
            print(line)
        if driver == "CheckerBoardEngine":
            for probe in tally.probes:
                print(f"    probe, {probe}")
    for note, n in sorted(tally.notes.items()):
        print(f"  {note}: {n}")
    if tally.overruns:
        print(f"  moves past the clock in wall time, Crown's search within it: "
              f"{len(tally.overruns)}, the most {max(tally.overruns) * 1000:.0f} ms past")
    print(f"  plies checked against pydraughts' rules: {tally.plies}; ponder moves checked: "
          f"{tally.ponder_moves}")
    print(f"  failures: {len(tally.failures)}")
    for f in tally.failures:
        print(f"    {f}")
    print(f"  time: {seconds:.0f} s")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pydraughts", required=True, help="pydraughts' source tree (holds draughts/)")
    p.add_argument("--work", required=True, help="a folder for the stand-in msl module")
    p.add_argument("--crown", help="the crown binary, for HubEngine (crown hub)")
    p.add_argument("--cb-lib", help="Crown's CheckerBoard library (bin/crown-cb.so)")
    p.add_argument("--games", type=int, default=3, help="games per driver and mode")
    p.add_argument("--variants", default="russian,brazilian,italian",
                   help="the other games to play a game of through each driver, comma-separated")
    p.add_argument("--movetime", type=float, default=0.05, help="seconds a move")
    p.add_argument("--depth", type=int, default=8, help="the Hub depth limit")
    p.add_argument("--seed", type=int, default=1, help="the random mover's seed")
    args = p.parse_args()
    if not args.crown and not args.cb_lib:
        p.error("give --crown, --cb-lib or both")
    began = time.monotonic()
    load_pydraughts(os.path.abspath(args.pydraughts), os.path.abspath(args.work))
    print(f"pydraughts {getattr(draughts, '__version__', '?')} from {args.pydraughts}", flush=True)
    tally = Tally()
    rng = random.Random(args.seed)
    if args.crown:
        args.crown = os.path.abspath(args.crown)
        run_hub(args, tally, rng)
    if args.cb_lib:
        args.cb_lib = os.path.abspath(args.cb_lib)
        try:
            run_checkerboard(args, tally, rng)
        except Exception as e:
            tally.fail("CheckerBoardEngine", describe(e))
    drivers = ["HubEngine"] * bool(args.crown) + ["CheckerBoardEngine"] * bool(args.cb_lib)
    summary(tally, drivers, time.monotonic() - began)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
