/* host.c: a test host that loads Crown's CheckerBoard library the way
 * CheckerBoard does (dlopen, dlsym, its own copy of the API's prototypes
 * and struct CBmove) and drives it through getmove and enginecommand alone.
 *
 * Usage:
 *   host LIB play MAXTIME MAXPLIES HASHMIB GAMETYPE [MODE] < fens
 *                                                   engine-vs-engine games, one per FEN line,
 *                                                   in game type GAMETYPE (set gametype; its
 *                                                   FENs and moves numbered as CheckerBoard
 *                                                   numbers that game type's squares);
 *                                                   MODE: plain (maxtime, the default), exact
 *                                                   (CB_EXACT_TIME) or incr (an incremental
 *                                                   clock: 20 x maxtime, + maxtime a move)
 *   host LIB playnow DELAYMS                        set *playnow from another thread during
 *                                                   an "infinite" search, report how fast it stops
 *                                                   and how long its threads waited for a
 *                                                   processor meanwhile (Linux; 0 elsewhere)
 *   host LIB bad                                    bad input: boards, colours, commands
 *   host LIB script MAXTIME < lines                 a line "getmove FEN" calls getmove on the
 *                                                   position with MAXTIME, any other line is
 *                                                   sent to enginecommand
 *   host LIB soak < requests                        a request a line, one reply line each, for
 *                                                   crown soak checkerboard, which plays the
 *                                                   games and judges every reply:
 *       cmd <command>                               enginecommand (any length, as CheckerBoard
 *                                                   sends set gamehist)
 *       getmove <FEN> <maxtime> <flags> <remaining ms> <increment ms> <playnow ms>
 *                                                   getmove on a new board of FEN; flags: 1
 *                                                   CB_RESET_MOVES, 2 CB_EXACT_TIME, 4 an
 *                                                   incremental clock of remaining and increment
 *                                                   (packed into info and moreinfo as
 *                                                   CheckerBoard does); playnow ms >= 0 sets
 *                                                   *playnow from another thread that long
 *                                                   after the call, unless it has returned
 *
 * Output is one record a line, read by the Go test (host_test.go):
 *   name <reply>
 *   game <n> <FEN>
 *   start <64 ints: board[x][y], x major>
 *   ply <k> color <c> ret <r> ms <wall millis> cpu <process CPU millis> board <64 ints>
 *       move <jumps> <oldpiece> <newpiece>
 *       <from x y> <to x y> <path: 12 x y> <del: 12 x y> <delpiece: 12>   (all on one line)
 *   clock <remaining ms> <increment ms>     (incr mode) the clock getmove is given, before its ply
 *   movelist ret <r> fen <FEN> reply <reply>   before each ply: get movelist of its position
 *   info <status string>
 *   end <reason> ret <r>
 *   idle cpu_ms <millis> wall_ms <millis>   after the games: CPU the process used while
 *                                           no getmove ran (no search may be left running)
 *   getmove ret <r> board <64 ints> move ...   (script) a getmove's return, board and CBmove,
 *                                           then its info line
 *   cmd [<command>] ret <r> reply <reply>   (script) an enginecommand
 *   cmd ret <r> reply <reply>               (soak) an enginecommand, its reply's line breaks
 *                                           written as " | "
 *   getmove ret <r> ms <wall millis> cpu <process CPU millis> stop <millis from *playnow
 *       set to the return, -1 if it was not set> board <64 ints> move ... info <status>
 *                                           (soak, all on one line)
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <dirent.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* CheckerBoard's definitions, restated as a host has them. */
#define CB_WHITE 1
#define CB_BLACK 2
#define CB_MAN 4
#define CB_KING 8
#define CB_DRAW 0
#define CB_LOSS 2
#define CB_RESET_MOVES 1
#define CB_EXACT_TIME 2
#define CB_INCR_TIME_SHIFT 2
#define STATUS_SIZE 1024
#define REPLY_SIZE 1024
#define COMMAND_SIZE 256
#define IDLE_MS 300

struct coor {
	int x;
	int y;
};

struct CBmove {
	int jumps;
	int newpiece;
	int oldpiece;
	struct coor from, to;
	struct coor path[12];
	struct coor del[12];
	int delpiece[12];
};

typedef int (*CB_GETMOVE)(int board[8][8], int color, double maxtime, char str[1024], int *playnow,
	int info, int moreinfo, struct CBmove *move);
typedef int (*CB_ENGINECOMMAND)(char command[256], char reply[1024]);

static CB_GETMOVE getmove;
static CB_ENGINECOMMAND enginecommand;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* gametype is the game type the host plays (play's GAMETYPE; 21 otherwise):
 * as in CheckerBoard, it numbers the squares of every FEN and move the host
 * writes or reads. */
static int gametype = 21;

/* coor_square is CheckerBoard's coorstonumber (cb_interface.h): the number
 * of the square at board[x][y] in the game type. */
static int coor_square(int x, int y)
{
	switch (gametype) {
	case 22: /* Italian */
		return 1 + 4 * y + x / 2;
	case 24: /* Spanish */
		return 1 + 4 * (7 - y) + (7 - x) / 2;
	case 29: /* Czech */
		return 33 - (1 + 4 * y + x / 2);
	}
	return 4 * (y + 1) - x / 2;
}

/* square_coor is coor_square's inverse, found by search: CheckerBoard's own
 * numbertocoors is not coorstonumber's inverse for Czech. */
static void square_coor(int n, int *x, int *y)
{
	for (*y = 0; *y < 8; (*y)++)
		for (*x = *y & 1; *x < 8; *x += 2)
			if (coor_square(*x, *y) == n)
				return;
	*x = *y = 0;
}

/* cpu_now is the CPU time of the whole process (every thread), in seconds:
 * what the engine spent, whether or not the machine let it run. */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* parse_fen reads a PDN FEN ("W:W17,K22:B1-12", the game type's numbers)
 * into board and color. */
static int parse_fen(const char *fen, int board[8][8], int *color)
{
	memset(board, 0, sizeof(int) * 64);
	if (fen[0] != 'W' && fen[0] != 'B')
		return -1;
	*color = fen[0] == 'W' ? CB_WHITE : CB_BLACK;
	const char *p = fen + 1;
	int side = 0;
	while (*p && *p != '\n' && *p != '.') {
		if (*p == ':') {
			p++;
			if (*p == 'W')
				side = CB_WHITE;
			else if (*p == 'B')
				side = CB_BLACK;
			else
				return -1;
			p++;
			continue;
		}
		if (*p == ',') {
			p++;
			continue;
		}
		int king = 0;
		if (*p == 'K') {
			king = 1;
			p++;
		}
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;
		if (end == p)
			return -1;
		p = end;
		if (*p == '-') {
			hi = strtol(p + 1, &end, 10);
			p = end;
		}
		for (long n = lo; n <= hi; n++) {
			int x, y;
			if (n < 1 || n > 32 || !side)
				return -1;
			square_coor((int)n, &x, &y);
			board[x][y] = side | (king ? CB_KING : CB_MAN);
		}
	}
	return 0;
}

/* write_fen writes board and color as a PDN FEN in the game type's numbers. */
static void write_fen(int board[8][8], int color, char *out)
{
	out += sprintf(out, "%c", color == CB_WHITE ? 'W' : 'B');
	for (int side = CB_WHITE; side <= CB_BLACK; side++) {
		out += sprintf(out, ":%c", side == CB_WHITE ? 'W' : 'B');
		const char *sep = "";
		for (int n = 1; n <= 32; n++) {
			int x, y;
			square_coor(n, &x, &y);
			if (board[x][y] & side) {
				out += sprintf(out, "%s%s%d", sep, board[x][y] & CB_KING ? "K" : "", n);
				sep = ",";
			}
		}
	}
}

/* move_text writes a CBmove in PDN, the game type's numbers: 11-15, or
 * 9x18x27 with every landing. */
static void move_text(const struct CBmove *m, char *out)
{
	out += sprintf(out, "%d", coor_square(m->from.x, m->from.y));
	if (m->jumps == 0) {
		sprintf(out, "-%d", coor_square(m->to.x, m->to.y));
		return;
	}
	for (int i = 1; i < m->jumps && i < 12; i++)
		out += sprintf(out, "x%d", coor_square(m->path[i].x, m->path[i].y));
	sprintf(out, "x%d", coor_square(m->to.x, m->to.y));
}

static void print_board(int board[8][8])
{
	for (int x = 0; x < 8; x++)
		for (int y = 0; y < 8; y++)
			printf(" %d", board[x][y]);
}

static void print_move(const struct CBmove *m)
{
	printf(" move %d %d %d %d %d %d %d", m->jumps, m->oldpiece, m->newpiece, m->from.x, m->from.y,
		m->to.x, m->to.y);
	for (int i = 0; i < 12; i++)
		printf(" %d %d", m->path[i].x, m->path[i].y);
	for (int i = 0; i < 12; i++)
		printf(" %d %d", m->del[i].x, m->del[i].y);
	for (int i = 0; i < 12; i++)
		printf(" %d", m->delpiece[i]);
}

static int command(const char *cmd, char *reply)
{
	char buf[COMMAND_SIZE];
	snprintf(buf, sizeof buf, "%s", cmd);
	return enginecommand(buf, reply);
}

/* play plays one game from fen, engine against itself, through getmove. */
enum mode { PLAIN, EXACT, INCR };

/* clock_info packs an incremental clock as CheckerBoard does: the unit
 * (1, 10 or 100 ms) in info bits 2-3, remaining and increment in its
 * high and low 16 bits of moreinfo. */
static void clock_info(double remaining_ms, double increment_ms, int *info, int *moreinfo)
{
	int mode = 1;
	double unit = 1;
	while (remaining_ms / unit > 65535 && mode < 3) {
		mode++;
		unit *= 10;
	}
	int r = (int)(remaining_ms / unit), i = (int)(increment_ms / unit);
	if (r < 0)
		r = 0;
	if (r > 65535)
		r = 65535;
	*info |= mode << CB_INCR_TIME_SHIFT;
	*moreinfo = r << 16 | (i & 0xffff);
}

static void play(int game, const char *fen, double maxtime, int maxplies, enum mode mode)
{
	/* Each side's clock, in ms, for incr mode. */
	double clock[3] = {0, 20 * maxtime * 1000, 20 * maxtime * 1000}, increment = maxtime * 1000;
	int board[8][8], color;
	static char hist[1 << 17], moves[1 << 16];
	char str[STATUS_SIZE], reply[REPLY_SIZE], mv[64];
	if (parse_fen(fen, board, &color) != 0) {
		printf("game %d bad FEN %s\n", game, fen);
		return;
	}
	printf("game %d %s\nstart", game, fen);
	print_board(board);
	printf("\n");
	char start[256];
	write_fen(board, color, start);
	moves[0] = 0;
	for (int ply = 0;; ply++) {
		if (ply >= maxplies) {
			printf("end maxplies ret 3\n");
			return;
		}
		/* set gamehist as CheckerBoard does before every getmove (here
		 * the whole game; the command buffer is larger than 256 bytes). */
		snprintf(hist, sizeof hist, "set gamehist %s%s", start, moves);
		enginecommand(hist, reply);
		/* and the legal moves, as CheckerBoard asks an engine that has get
		   movelist before it lets it move */
		char now_fen[256];
		write_fen(board, color, now_fen);
		snprintf(hist, sizeof hist, "get movelist %s", now_fen);
		int listed = enginecommand(hist, reply);
		printf("movelist ret %d fen %s reply %s\n", listed, now_fen, reply);
		int before[8][8];
		memcpy(before, board, sizeof before);
		struct CBmove m;
		memset(&m, 0, sizeof m);
		int playnow = 0;
		str[0] = 0;
		double t0, c0;
		int info = ply == 0 ? CB_RESET_MOVES : 0, moreinfo = 0;
		if (mode == EXACT)
			info |= CB_EXACT_TIME;
		if (mode == INCR) {
			clock[color] += increment; /* remaining includes this move's increment */
			clock_info(clock[color], increment, &info, &moreinfo);
			printf("clock %.0f %.0f\n", clock[color], increment);
		}
		t0 = now();
		c0 = cpu_now();
		int ret = getmove(board, color, maxtime, str, &playnow, info, moreinfo, &m);
		double ms = (now() - t0) * 1000, cpu = (cpu_now() - c0) * 1000;
		clock[color] -= ms;
		if (memcmp(before, board, sizeof before) == 0) {
			printf("info %s\nend nomove ret %d\n", str, ret);
			return;
		}
		printf("ply %d color %d ret %d ms %.3f cpu %.3f board", ply, color, ret, ms, cpu);
		print_board(board);
		print_move(&m);
		printf("\ninfo %s\n", str);
		move_text(&m, mv);
		size_t len = strlen(moves);
		snprintf(moves + len, sizeof moves - len, " %s", mv);
		color ^= CB_WHITE | CB_BLACK;
		if (ret == CB_DRAW) {
			printf("end draw ret %d\n", ret);
			return;
		}
	}
}

/* waited_ms sums how long the process's threads have waited for a processor
 * while runnable (the second field of Linux's per-thread schedstat): the part
 * of a delay that a loaded machine, not the library, caused. 0 where the
 * file does not exist. */
static double waited_ms(void)
{
	DIR *d = opendir("/proc/self/task");
	if (!d)
		return 0;
	double sum = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char path[64];
		snprintf(path, sizeof path, "/proc/self/task/%.20s/schedstat", e->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			continue; /* the thread has ended */
		unsigned long long run, wait;
		if (fscanf(f, "%llu %llu", &run, &wait) == 2)
			sum += wait / 1e6;
		fclose(f);
	}
	closedir(d);
	return sum;
}

struct stopper {
	int *playnow;
	int delay_ms;
	double set_at;
	double waited_at; /* waited_ms() when playnow was set */
	const char *str;        /* getmove's status string, read while it thinks */
	char seen[STATUS_SIZE]; /* what it held just before playnow was set */
};

static void *stop_later(void *arg)
{
	struct stopper *s = arg;
	struct timespec d = {s->delay_ms / 1000, (s->delay_ms % 1000) * 1000000L};
	nanosleep(&d, NULL);
	/* Read the status as CheckerBoard repaints it: while the engine writes. */
	memcpy(s->seen, s->str, STATUS_SIZE);
	s->seen[STATUS_SIZE - 1] = 0;
	s->waited_at = waited_ms();
	s->set_at = now();
	__atomic_store_n(s->playnow, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

/* playnow_test starts an "infinite" search and sets *playnow from another
 * thread after delay_ms, then reports how long getmove took to return. */
static void playnow_test(int delay_ms)
{
	int board[8][8], color;
	char str[STATUS_SIZE];
	struct CBmove m;
	int playnow = 0;
	parse_fen("B:W21-32:B1-12", board, &color);
	str[0] = 0;
	static struct stopper s;
	s.playnow = &playnow;
	s.delay_ms = delay_ms;
	s.str = str;
	pthread_t th;
	pthread_create(&th, NULL, stop_later, &s);
	double t0 = now();
	int ret = getmove(board, color, 8600000.0, str, &playnow, CB_RESET_MOVES, 0, &m);
	double t1 = now(), waited = waited_ms();
	pthread_join(th, NULL);
	printf("playnow ret %d total_ms %.3f stop_ms %.3f waited_ms %.3f board", ret, (t1 - t0) * 1000,
	       (t1 - s.set_at) * 1000, waited - s.waited_at);
	print_board(board);
	printf("\nthinking %s\ninfo %s\n", s.seen, str);
}

/* bad_test sends bad input and checks that nothing is written past the
 * buffers: each buffer is followed by guard bytes that must stay intact. */
static void bad_test(void)
{
	struct {
		char reply[REPLY_SIZE];
		char guard[64];
	} r;
	struct {
		char str[STATUS_SIZE];
		char guard[64];
	} s;
	int board[8][8], color, ret;
	struct CBmove m;

	/* 13 men a side. */
	parse_fen("B:W20-32:B1-13", board, &color);
	memset(s.guard, 0x5a, sizeof s.guard);
	ret = getmove(board, color, 0.05, s.str, NULL, 0, 0, &m);
	printf("bad13 ret %d guard %d info %s\n", ret, s.guard[0] == 0x5a && s.guard[63] == 0x5a, s.str);

	/* Impossible colours. */
	parse_fen("B:W21-32:B1-12", board, &color);
	ret = getmove(board, 3, 0.05, s.str, NULL, 0, 0, &m);
	printf("badcolor3 ret %d info %s\n", ret, s.str);
	ret = getmove(board, 0, 0.05, s.str, NULL, 0, 0, &m);
	printf("badcolor0 ret %d info %s\n", ret, s.str);

	/* A piece code that is none. */
	board[0][0] = 7;
	ret = getmove(board, CB_BLACK, 0.05, s.str, NULL, 0, 0, &m);
	printf("badcode ret %d info %s\n", ret, s.str);

	/* Bad times. */
	parse_fen("B:W21-32:B1-12", board, &color);
	ret = getmove(board, CB_BLACK, -1, s.str, NULL, 0, 0, &m);
	printf("badtime ret %d info %s\n", ret, s.str);

	/* No legal move: black has no piece left. */
	parse_fen("B:W21:B", board, &color);
	ret = getmove(board, CB_BLACK, 0.05, s.str, NULL, 0, 0, &m);
	printf("nomove ret %d info %s\n", ret, s.str);

	/* Null pointers: no board; no command; no reply, str, playnow or move. */
	ret = getmove(NULL, CB_BLACK, 0.05, s.str, NULL, 0, 0, &m);
	printf("nullboard ret %d info %s\n", ret, s.str);
	ret = enginecommand(NULL, r.reply);
	printf("nullcmd ret %d reply %s\n", ret, r.reply);
	ret = enginecommand("name", NULL);
	parse_fen("B:W21-32:B1-12", board, &color);
	int moved = getmove(board, CB_BLACK, 0.01, NULL, NULL, 0, 0, NULL);
	printf("nullreply ret %d nullstr ret %d\n", ret, moved);

	/* Unknown and malformed commands. */
	const char *cmds[] = {"frobnicate", "get nothing", "set hashsize 0", "set hashsize x", "",
		"set dbpath /nonexistent-crown-db", "set gametype 20", "staticevaluation B:W33:B1", NULL};
	for (int i = 0; cmds[i]; i++) {
		memset(r.guard, 0x5a, sizeof r.guard);
		ret = command(cmds[i], r.reply);
		printf("cmd [%s] ret %d guard %d reply %s\n", cmds[i], ret, r.guard[0] == 0x5a, r.reply);
	}

	/* Overlong commands: 300 bytes (over CheckerBoard's 256) and 100000 bytes. */
	static char big[100001];
	size_t sizes[] = {300, 100000};
	for (int i = 0; i < 2; i++) {
		memset(big, 'x', sizes[i]);
		memcpy(big, "staticevaluation ", 17);
		big[sizes[i]] = 0;
		memset(r.guard, 0x5a, sizeof r.guard);
		ret = enginecommand(big, r.reply);
		printf("long %zu ret %d guard %d reply %.80s\n", sizes[i], ret, r.guard[0] == 0x5a && r.guard[63] == 0x5a,
			r.reply);
	}

	/* A command without its NUL filling a page whose next page cannot be
	 * read: the library looks past the API's 256 bytes for the end (as
	 * CheckerBoard's long set gamehist needs) only in readable memory. */
	long page = sysconf(_SC_PAGESIZE);
	char *two = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (two == MAP_FAILED || mprotect(two + page, page, PROT_NONE) != 0) {
		printf("unterminated: no pages\n");
	} else {
		memset(two, 'x', page);
		ret = enginecommand(two, r.reply);
		printf("unterminated ret %d reply %s\n", ret, r.reply);
		munmap(two, 2 * page);
	}

	/* A set gamehist longer than the API's 256 bytes, as CheckerBoard
	 * sends one, is read whole. */
	char hist[1024] = "set gamehist B:WK32:BK1";
	for (int i = 0; i < 20; i++)
		strcat(hist, " 1-6 32-27 6-1 27-32");
	ret = enginecommand(hist, r.reply);
	printf("longhist %zu ret %d reply %.40s\n", strlen(hist), ret, r.reply);

	/* A set gamehist of exactly the API's 256 bytes with no NUL, as
	 * pydraughts passes one, followed in memory by bytes not its own. */
	struct {
		char cmd[256];
		char after[8];
	} full;
	char moves[] = " 1-6 32-27 6-1 27-32";
	memset(full.cmd, ' ', sizeof full.cmd);
	memcpy(full.cmd, "set gamehist B:WK32:BK1", 23);
	for (int i = 0; i < 11; i++)
		memcpy(full.cmd + sizeof full.cmd - 11 * 20 + i * 20, moves, 20);
	memcpy(full.after, "0\xa1`\xb7\xd4\x7f", 7);
	ret = enginecommand(full.cmd, r.reply);
	printf("fullbuffer ret %d reply %.40s\n", ret, r.reply);

	/* A reply longer than the buffer: about's text is cut, never overrun. */
	memset(r.guard, 0x5a, sizeof r.guard);
	ret = command("about", r.reply);
	printf("about ret %d guard %d len %zu\n", ret, r.guard[0] == 0x5a, strlen(r.reply));
}

/* script runs the lines of stdin: "getmove FEN" calls getmove on the
 * position with maxtime (a new board each time), any other line is sent to
 * enginecommand. */
static void script(double maxtime)
{
	static char line[1 << 12];
	char reply[REPLY_SIZE], str[STATUS_SIZE];
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\r\n")] = 0;
		if (line[0] == 0 || line[0] == '#')
			continue;
		if (strncmp(line, "getmove ", 8) != 0) {
			int ret = command(line, reply);
			printf("cmd [%s] ret %d reply %s\n", line, ret, reply);
			continue;
		}
		int board[8][8], color;
		if (parse_fen(line + 8, board, &color) != 0) {
			printf("bad FEN %s\n", line + 8);
			continue;
		}
		struct CBmove m;
		memset(&m, 0, sizeof m);
		int playnow = 0;
		str[0] = 0;
		int ret = getmove(board, color, maxtime, str, &playnow, 0, 0, &m);
		printf("getmove ret %d board", ret);
		print_board(board);
		print_move(&m);
		printf("\ninfo %s\n", str);
	}
}

/* A stopper sets *playnow after a delay, unless told first that getmove
 * has returned. */
struct soak_stopper {
	pthread_mutex_t mu;
	pthread_cond_t cond;
	int returned; /* getmove has returned: set nothing */
	int delay_ms;
	int *playnow;
	double set_at; /* when *playnow was set, 0 if it was not */
};

static void *soak_stop_later(void *arg)
{
	struct soak_stopper *s = arg;
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += s->delay_ms / 1000;
	until.tv_nsec += (s->delay_ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&s->mu);
	while (!s->returned) {
		if (pthread_cond_timedwait(&s->cond, &s->mu, &until) != 0)
			break; /* the delay has passed */
	}
	if (!s->returned) {
		s->set_at = now();
		__atomic_store_n(s->playnow, 1, __ATOMIC_SEQ_CST);
	}
	pthread_mutex_unlock(&s->mu);
	return NULL;
}

/* one_line writes s with its line breaks as " | ". */
static void one_line(const char *s)
{
	for (; *s; s++) {
		if (*s == '\r')
			continue;
		if (*s == '\n')
			fputs(" | ", stdout);
		else
			putchar(*s);
	}
}

/* soak_getmove answers a soak getmove request: the words after "getmove". */
static void soak_getmove(char *args)
{
	char fen[512];
	double maxtime;
	int flags, remaining, increment, playnow_ms;
	if (sscanf(args, "%511s %lf %d %d %d %d", fen, &maxtime, &flags, &remaining, &increment, &playnow_ms) != 6) {
		printf("bad request getmove %s\n", args);
		return;
	}
	int board[8][8], color;
	if (parse_fen(fen, board, &color) != 0) {
		printf("bad FEN %s\n", fen);
		return;
	}
	int info = 0, moreinfo = 0;
	if (flags & 1)
		info |= CB_RESET_MOVES;
	if (flags & 2)
		info |= CB_EXACT_TIME;
	if (flags & 4)
		clock_info(remaining, increment, &info, &moreinfo);
	struct CBmove m;
	memset(&m, 0, sizeof m);
	char str[STATUS_SIZE];
	str[0] = 0;
	int playnow = 0;
	static struct soak_stopper s;
	pthread_t th;
	int stopper = playnow_ms >= 0;
	if (stopper) {
		pthread_mutex_init(&s.mu, NULL);
		pthread_cond_init(&s.cond, NULL);
		s.returned = 0;
		s.delay_ms = playnow_ms;
		s.playnow = &playnow;
		s.set_at = 0;
		if (pthread_create(&th, NULL, soak_stop_later, &s) != 0) {
			printf("bad request: no thread for playnow\n");
			return;
		}
	}
	double t0 = now(), c0 = cpu_now();
	int ret = getmove(board, color, maxtime, str, &playnow, info, moreinfo, &m);
	double t1 = now(), cpu = (cpu_now() - c0) * 1000;
	double stop_ms = -1;
	if (stopper) {
		pthread_mutex_lock(&s.mu);
		s.returned = 1;
		pthread_cond_signal(&s.cond);
		pthread_mutex_unlock(&s.mu);
		pthread_join(th, NULL);
		if (s.set_at > 0)
			stop_ms = (t1 - s.set_at) * 1000;
		pthread_mutex_destroy(&s.mu);
		pthread_cond_destroy(&s.cond);
	}
	str[STATUS_SIZE - 1] = 0;
	printf("getmove ret %d ms %.3f cpu %.3f stop %.3f board", ret, (t1 - t0) * 1000, cpu, stop_ms);
	print_board(board);
	print_move(&m);
	printf(" info ");
	one_line(str);
	printf("\n");
}

/* soak serves the requests of crown soak checkerboard, a line each. */
static void soak(void)
{
	static char line[1 << 17];
	char reply[REPLY_SIZE];
	fflush(stdout); /* the name line: the client waits for it */
	while (fgets(line, sizeof line, stdin)) {
		size_t n = strcspn(line, "\r\n");
		if (line[n] == 0 && n == sizeof line - 1) {
			printf("bad request: line longer than %zu bytes\n", sizeof line - 2);
			return;
		}
		line[n] = 0;
		if (strncmp(line, "cmd ", 4) == 0) {
			/* The reply buffer is filled as far as the library writes. */
			memset(reply, 0, sizeof reply);
			int ret = enginecommand(line + 4, reply);
			reply[REPLY_SIZE - 1] = 0;
			printf("cmd ret %d reply ", ret);
			one_line(reply);
			printf("\n");
		} else if (strncmp(line, "getmove ", 8) == 0) {
			soak_getmove(line + 8);
		} else {
			printf("bad request %.80s\n", line);
		}
		fflush(stdout);
	}
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: host LIB play MAXTIME MAXPLIES HASHMIB GAMETYPE | playnow DELAYMS | bad | script MAXTIME | soak\n");
		return 2;
	}
	void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		fprintf(stderr, "host: %s\n", dlerror());
		return 1;
	}
	getmove = (CB_GETMOVE)dlsym(lib, "getmove");
	enginecommand = (CB_ENGINECOMMAND)dlsym(lib, "enginecommand");
	if (!getmove || !enginecommand) {
		fprintf(stderr, "host: getmove or enginecommand not exported\n");
		return 1;
	}
	char reply[REPLY_SIZE];
	if (command("name", reply))
		printf("name %s\n", reply);
	else
		printf("name ? (not handled)\n");
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* The opening book off, as a CheckerBoard user may set it: the tests
	   measure the search's times, and a book move is played at once. */
	if (!command("set book 0", reply)) {
		fprintf(stderr, "host: set book 0: %s\n", reply);
		return 1;
	}

	if (strcmp(argv[2], "play") == 0 && (argc == 7 || argc == 8)) {
		enum mode mode = PLAIN;
		if (argc == 8 && strcmp(argv[7], "exact") == 0)
			mode = EXACT;
		else if (argc == 8 && strcmp(argv[7], "incr") == 0)
			mode = INCR;
		else if (argc == 8 && strcmp(argv[7], "plain") != 0) {
			fprintf(stderr, "host: unknown mode %s\n", argv[7]);
			return 2;
		}
		double maxtime = atof(argv[3]);
		int maxplies = atoi(argv[4]);
		char cmd[64];
		snprintf(cmd, sizeof cmd, "set hashsize %s", argv[5]);
		int ok = command(cmd, reply);
		printf("hashsize ret %d reply %s\n", ok, reply);
		command("get hashsize", reply);
		printf("gethashsize %s\n", reply);
		gametype = atoi(argv[6]);
		snprintf(cmd, sizeof cmd, "set gametype %s", argv[6]);
		ok = command(cmd, reply);
		printf("gametype ret %d reply %s\n", ok, reply);
		char line[512];
		int game = 0;
		while (fgets(line, sizeof line, stdin)) {
			line[strcspn(line, "\r\n")] = 0;
			if (line[0] == 0 || line[0] == '#')
				continue;
			play(++game, line, maxtime, maxplies, mode);
		}
		double c0 = cpu_now(), t0 = now();
		struct timespec idle = {0, IDLE_MS * 1000000L};
		nanosleep(&idle, NULL);
		printf("idle cpu_ms %.3f wall_ms %.3f\n", (cpu_now() - c0) * 1000, (now() - t0) * 1000);
	} else if (strcmp(argv[2], "playnow") == 0 && argc == 4) {
		playnow_test(atoi(argv[3]));
	} else if (strcmp(argv[2], "bad") == 0) {
		bad_test();
	} else if (strcmp(argv[2], "script") == 0 && argc == 4) {
		script(atof(argv[3]));
	} else if (strcmp(argv[2], "soak") == 0 && argc == 3) {
		soak();
	} else {
		fprintf(stderr, "host: bad arguments\n");
		return 2;
	}
	dlclose(lib);
	printf("done\n");
	return 0;
}
