#!/usr/bin/env bash
# test-wine.sh: Crown's CheckerBoard DLL under Wine (make test-wine; see
# docs/checkerboard.md, "Under Wine"). Two parts:
#  1. reload.exe (reload.c, mingw-w64) loads bin/crown-cb.dll, asks its name
#     and about text and plays a move, frees it, loads it again and plays
#     again, and frees it before it exits: the DLL must pin itself.
#  2. The real CheckerBoard, built with mingw-w64 from its published source
#     (CHECKERBOARD_SRC; skipped with a message when absent), run under Wine
#     on Xvfb and driven by xdotool as a person would with the keyboard:
#     choose crown-cb.dll as both engines, 0.2 s a move, Engine - Engine,
#     then copy the game (Ctrl+C) once it has ended, screenshot the board
#     and quit (Ctrl+Q, which frees the DLL). Crown's PDN reader must
#     replay every move of the game CheckerBoard recorded.
# Wine 8 has no bcryptprimitives.dll, which Go's runtime needs (Windows 10
# and later have it): the stub bcryptprimitives.c goes into the prefix's
# system32. Everything built or written is under OUT; the Wine prefix is
# made anew each run, so CheckerBoard starts with its default settings.
#
# Environment (make test-wine sets it): DLL, HELP (the help file), CROWN
# (bin/crown), OUT, SCREENSHOT, MINGW_CC, MINGW_CXX, MINGW_WINDRES,
# CHECKERBOARD_SRC, and optionally GAME_TIMEOUT (seconds the game may take, 600).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
: "${DLL:?}" "${HELP:?}" "${CROWN:?}" "${OUT:?}" "${SCREENSHOT:?}" "${MINGW_CC:?}" "${MINGW_CXX:?}" "${MINGW_WINDRES:?}"
CHECKERBOARD_SRC=${CHECKERBOARD_SRC:-}
GAME_TIMEOUT=${GAME_TIMEOUT:-600}
start=$SECONDS

say() { echo "test-wine: $*"; }
die() { say "FAIL: $*"; exit 1; }

# Debian's packages, installed if missing (as make cb-windows installs
# mingw-w64): apt-get, so as root.
need=()
command -v wine >/dev/null || need+=(wine wine64)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v xclip >/dev/null || need+=(xclip)
test -x /usr/bin/import || need+=(imagemagick)
command -v "$MINGW_CXX" >/dev/null || need+=(g++-mingw-w64-x86-64)
if ((${#need[@]})); then
	t=$SECONDS
	say "installing ${need[*]}"
	apt-get update -q >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
	say "installed in $((SECONDS - t)) s"
fi

# The CheckerBoard build (OUT/checkerboard/build) is kept from one run to
# the next while the source is not newer; everything else is made anew.
find "$OUT" -mindepth 1 -maxdepth 1 ! -name checkerboard -exec rm -rf {} + 2>/dev/null || true
rm -rf "$OUT/checkerboard/run"
mkdir -p "$OUT"
export WINEPREFIX=$OUT/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
xvfb=
cleanup() {
	wineserver -k 2>/dev/null || true
	if [[ -n $xvfb ]]; then kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; fi
}
trap cleanup EXIT

# No path of the machine that built the DLL may be in it (make builds with
# -trimpath): not the source's, Go's nor the module cache's.
for dir in "$(cd "$here/../../.." && pwd)" "$(go env GOROOT)" "$(go env GOMODCACHE)"; do
	! grep -q -a -F "$dir" "$DLL" || die "$DLL holds the build machine's path $dir"
done

"$MINGW_CC" -std=c11 -O1 -Wall -Wextra -Werror -o "$OUT/reload.exe" "$here/reload.c"
"$MINGW_CC" -O1 -Wall -Wextra -Werror -shared -o "$OUT/bcryptprimitives.dll" "$here/bcryptprimitives.c" -ladvapi32
t=$SECONDS
wineboot -i >/dev/null 2>&1
cp "$OUT/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
say "Wine prefix made in $((SECONDS - t)) s ($(wine --version))"

# Part 1: unload and reload.
cp "$DLL" "$OUT/crown-cb.dll"
(cd "$OUT" && timeout 120 wine reload.exe crown-cb.dll) >"$OUT/reload.log" 2>&1 || { cat "$OUT/reload.log"; die "reload.exe failed"; }
cat "$OUT/reload.log"
grep -q '^reload: ok' "$OUT/reload.log" || die "reload.exe did not finish"
about=$(grep '^about: ' "$OUT/reload.log")
! grep -q -E '(^|[ ,;=])(/|[A-Za-z]:\\)[^ ,;=/\\]+[/\\]' <<<"$about" || die "the about text shows a path: $about"
say "unload and reload: ok (the DLL stays loaded after FreeLibrary and answers again; about text without paths)"

# Part 2: the real CheckerBoard.
if [[ -z $CHECKERBOARD_SRC || ! -f $CHECKERBOARD_SRC/CheckerBoard.c ]]; then
	say "CheckerBoard: skipped: its source is not at CHECKERBOARD_SRC='$CHECKERBOARD_SRC'" \
		"(git clone github eygilbert/CheckerBoard there, or make test-wine CHECKERBOARD_SRC=DIR)"
	say "$((SECONDS - start)) s"
	exit 0
fi
src=$(cd "$CHECKERBOARD_SRC" && pwd)
rev=$(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo "not a git checkout")

# Its Visual Studio project compiles the .c files as C++ (CompileAs Cpp)
# with these definitions, and links these libraries. mingw-w64's headers
# are lower case where MSVC's file system is not, and its windows.h gives
# C++ no min and max: a folder of links and a forced include make up for
# both without touching the source.
build_checkerboard() {
	local b=$1
	rm -rf "$b"
	mkdir -p "$b/inc"
	ln -s "$(echo '#include <windows.h>' | "$MINGW_CC" -xc -E -M - | grep -o '/[^ ]*/windows\.h' | head -1)" "$b/inc/Windows.h"
	ln -s "$src/CBconsts.h" "$b/inc/cbconsts.h"
	ln -s "$src/CheckerBoard.h" "$b/inc/checkerboard.h"
	cat >"$b/inc/minmax.h" <<'EOF'
#ifdef __cplusplus
template <class A, class B> static inline auto max(A a, B b) -> decltype(a > b ? a : b) { return a > b ? a : b; }
template <class A, class B> static inline auto min(A a, B b) -> decltype(a < b ? a : b) { return a < b ? a : b; }
#endif
EOF
	local cflags=(-O1 -w -fpermissive -D_WIN64 -D_WINDOWS -DNDEBUG -D_CRT_SECURE_NO_WARNINGS -I"$b/inc" -I"$src" -I"$src/source" -include minmax.h)
	local sources=(CB_movegen CheckerBoard PDNfind PDNparser bitboard bmp coordinates crc dialogs fen graphics registry saveashtml utility)
	printf '%s\n' "${sources[@]}" | xargs -P 2 -I{} "$MINGW_CXX" -x c++ "${cflags[@]}" -c "$src/{}.c" -o "$b/{}.o"
	"$MINGW_CXX" "${cflags[@]}" -c "$src/app_instance.cpp" -o "$b/app_instance.o"
	# The about box's picture names MFC's AFX_IDC_CHANGE, which mingw-w64's
	# afxres.h lacks: any bitmap of the program's own does.
	"$MINGW_WINDRES" -DAFX_IDC_CHANGE=101 -I"$src" -I"$b/inc" "$src/checkerboard.rc" -O coff -o "$b/resources.o"
	"$MINGW_CXX" -static -mwindows -o "$b/CheckerBoard.exe" "$b"/*.o -lcomctl32 -lshlwapi -lwinmm -lwininet -lgdi32 -lcomdlg32 -lole32 -luuid
}
t=$SECONDS
cb=$OUT/checkerboard
if [[ ! -f $cb/build/CheckerBoard.exe || -n $(find "$src" -name .git -prune -o -newer "$cb/build/CheckerBoard.exe" -print -quit) ]]; then
	build_checkerboard "$cb/build"
	say "CheckerBoard ($src, commit $rev) built in $((SECONDS - t)) s"
else
	say "CheckerBoard ($src, commit $rev) as built before, in $cb/build"
fi
# CheckerBoard's folder: the program, its piece bitmaps, the engines.
mkdir -p "$cb/run/engines"
cp "$cb/build/CheckerBoard.exe" "$cb/run/"
cp -r "$src/bmp" "$cb/run/"
cp "$DLL" "$cb/run/engines/crown-cb.dll"
cp "$HELP" "$cb/run/engines/"

exec 3>"$OUT/xvfb.display"
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp >"$OUT/xvfb.log" 2>&1 &
xvfb=$!
exec 3>&-
for _ in $(seq 100); do test -s "$OUT/xvfb.display" && break; sleep 0.1; done
test -s "$OUT/xvfb.display" || die "Xvfb did not start: $(cat "$OUT/xvfb.log")"
export DISPLAY=:$(head -1 "$OUT/xvfb.display")

# window NAME [SECONDS]: the id of the visible window whose title matches
# the extended regular expression NAME, waiting for it up to SECONDS (30).
window() {
	local w
	for _ in $(seq $((${2:-30} * 5))); do
		w=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1) || true
		if [[ -n $w ]]; then echo "$w"; return 0; fi
		sleep 0.2
	done
	return 1
}
# gone NAME SECONDS: wait up to SECONDS for no visible window's title to
# match NAME; false if one still does.
gone() {
	for _ in $(seq $(($2 * 5))); do
		xdotool search --onlyvisible --name "$1" >/dev/null 2>&1 || return 0
		sleep 0.2
	done
	return 1
}
# keys WINDOW KEY...: give WINDOW the keyboard and press the keys in turn.
keys() {
	local w=$1
	shift
	xdotool windowfocus --sync "$w"
	for k in "$@"; do xdotool key "$k"; sleep 0.3; done
}
shot() { import -window root "$1"; }

t=$SECONDS
(cd "$cb/run" && exec wine CheckerBoard.exe) >"$OUT/checkerboard.log" 2>&1 &
cbpid=$!
# A fresh CheckerBoard looks for its default engines, cake64.dll and
# simplech64.dll, and says in a box for each that it is not there.
for which in primary secondary; do
	w=$(window '^Error$' 60) || { shot "$SCREENSHOT"; die "no box about the missing $which engine (screen: $SCREENSHOT)"; }
	keys "$w" Return
	sleep 1
done
main=$(window '^CheckerBoard: no engine found$') || { shot "$SCREENSHOT"; die "CheckerBoard's window did not appear (screen: $SCREENSHOT)"; }
# Engine > Select...: OK has the focus; Tab twice to the primary engine's
# list, Home picks its first (and only) DLL, Tab to the secondary's, Home.
keys "$main" alt+g Return
w=$(window '^Choose your engines$') || die "Engine > Select... opened no dialog"
keys "$w" Tab Tab Home Tab Home Return
window '^CheckerBoard: Crown ' 60 >/dev/null || { shot "$SCREENSHOT"; die "CheckerBoard did not load Crown (screen: $SCREENSHOT)"; }
title=$(xdotool getwindowname "$main")
say "CheckerBoard loaded the DLL: its title is '$title'"
# Options > Level > 0.2 seconds (below Exact, the separator, Instant, 0.1),
# then Options > Mode > Engine - Engine (below Normal, Autoplay, Analysis,
# 2 Players): the primary engine plays Black, the secondary White, Crown both.
keys "$main" alt+o Down Right Down Down Down Return
keys "$main" alt+o Right Down Down Down Down Return
say "Engine - Engine at 0.2 s a move started"

# pdn: CheckerBoard's game, copied with Ctrl+C, into OUT/game.pdn.
# CheckerBoard shows the game in a box and puts it on the clipboard once
# the box is closed; the clipboard holds a mark before, so that only the
# new copy is taken.
pdn() {
	printf 'none' | xclip -selection clipboard -i >/dev/null 2>&1
	keys "$main" ctrl+c
	local box
	box=$(window '^printout is$' 60) || return 1
	for _ in 1 2 3; do
		keys "$box" Return
		gone '^printout is$' 5 && break
	done
	for _ in $(seq 40); do
		xclip -o -selection clipboard -t UTF8_STRING >"$OUT/game.pdn" 2>/dev/null || true
		if grep -q '^\[Event' "$OUT/game.pdn"; then return 0; fi
		sleep 0.5
	done
	return 1
}
# plies: the number of moves in game.pdn, its tags, comments and result
# left out.
plies() {
	tr -d '\r' <"$OUT/game.pdn" | grep -v '^\[' | tr '\n' ' ' | sed -E 's/\{[^}]*\}//g; s#(^| )(1-0|0-1|1/2-1/2)( |$)# #g' |
		grep -o -E '\b[0-9]+[-x][0-9]+(x[0-9]+)*\b' | wc -l
}
# The game is over when CheckerBoard has said why (a draw by repetition or
# the 40-move rule, in the last move's comment) or its result tag is set.
n=0
while :; do
	sleep 10
	((SECONDS - t < GAME_TIMEOUT)) || { shot "$SCREENSHOT"; die "the game did not end in $GAME_TIMEOUT s (screen: $SCREENSHOT)"; }
	pdn || { shot "$SCREENSHOT"; die "CheckerBoard did not copy its game (screen: $SCREENSHOT)"; }
	m=$(plies)
	say "$m plies"
	if grep -q -E 'CB declared|Result "(1-0|0-1|1/2-1/2)"' "$OUT/game.pdn"; then break; fi
	# No draw declared: the game ended without a move (a side had none) if
	# nothing was played since the last look.
	((m == n && m > 0)) && break
	n=$m
done
sleep 1
shot "$SCREENSHOT"
game_s=$((SECONDS - t))
ending=$(tr -d '\r' <"$OUT/game.pdn" | tr '\n' ' ' | grep -o 'CB declared[^}]*' || echo "no move left")

# Every move CheckerBoard recorded must be legal: Crown's PDN reader
# (crown annotate) replays the game, stopping at a move it cannot play.
tr -d '\r' <"$OUT/game.pdn" >"$OUT/game-lf.pdn"
replayed=$("$CROWN" annotate --depth 1 --out "$OUT/annotated.pdn" "$OUT/game-lf.pdn" 2>&1 | tr '\r' '\n' | sed -n 's/^game 1 (american): \([0-9]*\) of .*/\1/p') || true
((m >= 20)) || die "only $m plies were played"
[[ $replayed == "$m" ]] || die "Crown's PDN reader replays ${replayed:-no} moves of the $m in $OUT/game.pdn"

# Ctrl+Q: CheckerBoard saves its settings, frees both engines and exits.
keys "$main" ctrl+q
for _ in $(seq 100); do kill -0 "$cbpid" 2>/dev/null || break; sleep 0.2; done
if kill -0 "$cbpid" 2>/dev/null; then die "CheckerBoard did not exit after Ctrl+Q"; fi
rc=0
wait "$cbpid" || rc=$?
((rc == 0)) || die "CheckerBoard exited with $rc"
say "CheckerBoard: Crown against Crown, $m plies in $game_s s, every one replayed by Crown's PDN reader; $ending;" \
	"CheckerBoard exited cleanly, freeing the DLL; game $OUT/game.pdn, screenshot $SCREENSHOT"
say "$((SECONDS - start)) s"
