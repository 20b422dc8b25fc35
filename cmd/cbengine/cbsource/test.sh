#!/bin/sh
# make test-cb-source (docs/checkerboard.md): CheckerBoard's program,
# compiled on Linux from its published source as it is, plays Crown's
# engine library. The source files compiled are the ones CheckerBoard's
# own project file (checkerboard.vcxproj) lists, unmodified, from the
# folder given; cbshim.h stands in for the Windows headers, and driver.cpp
# is the user at the keyboard and the referee (every move checked by
# CheckerBoard's move generator).
#
# usage: test.sh SOURCE LIBRARY HELPFILE BUILDDIR [driver flags...]
set -eu
src=$1 lib=$2 help=$3 build=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
CXX=${CXX:-g++}
start=$(date +%s)

for f in checkerboard.vcxproj CheckerBoard.c CB_movegen.c source/cb_interface.h; do
	if [ ! -f "$src/$f" ]; then
		echo "make test-cb-source: $src has no $f: not CheckerBoard's source as published" >&2
		exit 1
	fi
done
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
	commit=$(git -C "$src" log -1 --format='%h (%cs, "%s")')
	url=$(git -C "$src" remote get-url origin 2>/dev/null || echo "no remote")
	if [ -n "$(git -C "$src" status --porcelain --untracked-files=no)" ]; then
		state="MODIFIED (git status shows changes)"
	else
		state="unmodified"
	fi
else
	commit="unknown (not a git checkout)" url="" state="not a git checkout"
fi
echo "CheckerBoard source: $src, commit $commit, from $url, $state"

# The Windows SDK's header names, each including cbshim.h, and the two
# headers CheckerBoard includes in a case Linux does not find.
rm -rf "$build"
mkdir -p "$build/include" "$build/obj"
for h in windows.h Windows.h shlwapi.h shlobj.h commctrl.h wininet.h windowsx.h tchar.h \
	shellapi.h mmsystem.h io.h intrin.h commdlg.h; do
	echo "#include \"$here/cbshim.h\"" >"$build/include/$h"
done
echo '#include <CheckerBoard.h>' >"$build/include/checkerboard.h"
echo '#include <CBconsts.h>' >"$build/include/cbconsts.h"

# As the project file's x64 Release build has them (C++ throughout).
files=$(sed -n 's/.*<ClCompile Include="\([^"]*\)".*/\1/p' "$src/checkerboard.vcxproj")
flags="-std=c++17 -O1 -g -D_WIN64 -D_WINDOWS -DNDEBUG -D_CRT_SECURE_NO_WARNINGS -I$build/include -I$src -I$src/source"
echo "compiling CheckerBoard's $(echo $files | wc -w) files as its project lists them:" $files
for f in $files; do
	echo "$f"
done | xargs -P "$(nproc)" -I{} sh -c \
	"$CXX $flags -w -x c++ -c '$src/{}' -o '$build/obj/\$(basename {}).o' 2>'$build/obj/\$(basename {}).log' ||
	 { cat '$build/obj/\$(basename {}).log'; echo 'make test-cb-source: $src/{} does not compile' >&2; exit 255; }"
for f in cbshim driver; do
	$CXX $flags -isystem "$src" -isystem "$src/source" -Wall -Wextra -Werror -Wno-cast-function-type \
		-c "$here/$f.cpp" -o "$build/obj/cbsource-$f.o"
done
$CXX -o "$build/cbsource" "$build"/obj/*.o -ldl -lpthread
echo "built $build/cbsource in $(($(date +%s) - start)) s"

# CheckerBoard's installation: its folder, engines inside.
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
mkdir "$folder/engines"
ln -s "$help" "$folder/engines/$(basename "$help")"
"$build/cbsource" --lib "$lib" --folder "$folder" "$@"
