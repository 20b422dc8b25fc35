/* reload.c: a Windows host that loads Crown's CheckerBoard DLL, uses it,
 * frees it, loads and uses it again, and frees it once more before the
 * process exits, as CheckerBoard does when the user switches engines and at
 * exit. A Go runtime cannot be unloaded, so the DLL pins itself (cbapi.c's
 * DllMain): FreeLibrary must leave it in the process, the second
 * LoadLibrary must return the same module, and its engine must answer
 * with the state it had (the hash size set before the unload). make
 * test-wine builds it with mingw-w64 and runs it under Wine.
 *
 * Usage: reload DLL
 * Prints one line a step and "reload: ok" at the end; exits 1 on a failure,
 * saying which. */
#include <windows.h>
#include <stdio.h>
#include <string.h>

/* The API's prototypes and struct CBmove, as a host declares them. */
struct coor {
	int x, y;
};
struct CBmove {
	int jumps, newpiece, oldpiece;
	struct coor from, to, path[12], del[12];
	int delpiece[12];
};
typedef int (*getmove_fn)(int board[8][8], int color, double maxtime, char str[1024], int *playnow,
	int info, int moreinfo, struct CBmove *move);
typedef int (*enginecommand_fn)(char command[256], char reply[1024]);

enum { FREE = 0, WHITE = 1, BLACK = 2, MAN = 4, RESET_MOVES = 1, UNKNOWN = 3 };

#define MAXTIME 0.1   /* seconds a move */
#define HASHSIZE "16" /* MiB, set before the unload and asked after it */
#define GO_ON_MS 300  /* the runtime's threads run on this long between the steps */

static int fail(const char *what)
{
	printf("reload: FAIL: %s (error %lu)\n", what, GetLastError());
	return 1;
}

/* command sends cmd and prints the reply; 0 if the engine did not handle it. */
static int command(enginecommand_fn ec, const char *cmd, char reply[1024])
{
	char buf[256];
	int ret;

	snprintf(buf, sizeof buf, "%s", cmd);
	reply[0] = 0;
	ret = ec(buf, reply);
	printf("%s: %s\n", cmd, reply);
	return ret;
}

static void start_position(int b[8][8])
{
	memset(b, 0, sizeof(int[8][8]));
	for (int y = 0; y < 8; y++)
		for (int x = 0; x < 8; x++)
			if ((x + y) % 2 == 0 && y < 3)
				b[x][y] = BLACK | MAN;
			else if ((x + y) % 2 == 0 && y > 4)
				b[x][y] = WHITE | MAN;
}

/* play asks for a move of color on b and checks that the board changed. */
static int play(getmove_fn gm, int b[8][8], int color, int info)
{
	int before[8][8], playnow = 0;
	char str[1024] = "";
	struct CBmove m;
	int ret;

	memcpy(before, b, sizeof before);
	ret = gm(b, color, MAXTIME, str, &playnow, info, 0, &m);
	printf("getmove: ret %d, %d,%d to %d,%d, %s\n", ret, m.from.x, m.from.y, m.to.x, m.to.y, str);
	if (ret < 0 || ret > UNKNOWN || memcmp(before, b, sizeof before) == 0)
		return fail("getmove played no move");
	return 0;
}

/* use loads the DLL, checks its name and plays a move of color on b. */
static HMODULE use(const char *dll, int b[8][8], int color, int info, enginecommand_fn *ecp)
{
	HMODULE h = LoadLibraryA(dll);
	char reply[1024];

	if (h == NULL) {
		fail("LoadLibrary");
		return NULL;
	}
	*ecp = (enginecommand_fn)(void *)GetProcAddress(h, "enginecommand");
	getmove_fn gm = (getmove_fn)(void *)GetProcAddress(h, "getmove");
	if (*ecp == NULL || gm == NULL) {
		fail("GetProcAddress of enginecommand or getmove");
		return NULL;
	}
	if (!command(*ecp, "name", reply) || strncmp(reply, "Crown", 5) != 0) {
		fail("name is not Crown's");
		return NULL;
	}
	return play(gm, b, color, info) ? NULL : h;
}

/* loaded says whether the process still holds a module named like dll. */
static int loaded(const char *dll)
{
	const char *base = strrchr(dll, '\\');
	const char *slash = strrchr(dll, '/');

	if (slash > base)
		base = slash;
	return GetModuleHandleA(base ? base + 1 : dll) != NULL;
}

int main(int argc, char **argv)
{
	int b[8][8];
	char reply[1024];
	enginecommand_fn ec;
	HMODULE first, second;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc != 2) {
		fprintf(stderr, "usage: reload DLL\n");
		return 2;
	}
	start_position(b);
	if ((first = use(argv[1], b, BLACK, RESET_MOVES, &ec)) == NULL)
		return 1;
	command(ec, "about", reply);
	if (!command(ec, "set hashsize " HASHSIZE, reply))
		return fail("set hashsize");
	if (!FreeLibrary(first))
		return fail("FreeLibrary");
	if (!loaded(argv[1]))
		return fail("the DLL was unloaded: it is not pinned");
	printf("FreeLibrary: the DLL stays loaded (pinned)\n");
	Sleep(GO_ON_MS);

	if ((second = use(argv[1], b, WHITE, 0, &ec)) == NULL)
		return 1;
	if (second != first)
		return fail("the second LoadLibrary gave another module");
	if (!command(ec, "get hashsize", reply) || strcmp(reply, HASHSIZE) != 0)
		return fail("the engine lost its state across FreeLibrary");
	if (!FreeLibrary(second))
		return fail("FreeLibrary");
	Sleep(GO_ON_MS);
	printf("reload: ok\n");
	return 0;
}
