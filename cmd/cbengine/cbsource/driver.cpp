// driver.cpp: CheckerBoard's own program, compiled from its published
// source on Linux over cbshim.h, plays Crown's engine library as a user
// would have it do (make test-cb-source, docs/checkerboard.md). main runs
// CheckerBoard's WinMain; a second thread is the user, who picks the
// engine in Engine > Select, opens About, Help, Evaluate and Options, sets
// each time level from the Level menu, starts engine matches and autoplay
// games and presses Play to make the engine move now. CheckerBoard's code
// makes every call into the library. The driver's part is to count the
// calls on their way (GetProcAddress hands CheckerBoard a wrapper of each
// engine function) and to check every move getmove returns against
// CheckerBoard's own move generator (CB_movegen.c's getmovelist, its
// domove; in the other game types, which CB_movegen does not know, the
// library's get movelist as CheckerBoard reads it), then to print what
// happened and exit non-zero on a failure.
#include <windows.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <stdarg.h>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "standardheader.h"
#include "cb_interface.h"
#include "CBstructs.h"
#include "CBconsts.h"
#include "CheckerBoard.h"
#include "CB_movegen.h"
#include "resource.h"
#include "dialogs.h"

int WINAPI WinMain(HINSTANCE inst, HINSTANCE prev, LPSTR args, int show);

// CheckerBoard.c's globals that the user can see on the screen.
extern HWND hwnd;
extern int CBstate;  // enum state in CheckerBoard.c: 0 NORMAL
extern emstats_t emstats;
extern PDNgame cbgame;
extern CB_GETMOVE getmove1, getmove2;

namespace {

using Clock = std::chrono::steady_clock;

const int state_normal = 0;  // CheckerBoard.c's enum state
const char engine_file[] = "crown.dll";  // the library's name in CheckerBoard's engines folder
// A move's CPU time may pass maxtime by this factor and this many seconds
// (the library's other threads, its garbage collector, a table's first
// touch) before it is a failure; its wall time is only reported, since on
// a loaded machine the search waits for a core.
const double cpu_slack = 1.5, cpu_grace = 0.05;

struct Settings {
	std::string folder;  // CheckerBoard's installation, made by the driver
	int fixed_games = 2;
	int incremental_games = 2;
	int exact_plies = 60;
	int playnow_plies = 16;
	int gametype_plies = 40;  // an autoplay game's plies in each other game type
	double phase_timeout = 600;  // seconds
	double run_timeout = 1200;   // seconds, the whole run
	bool verbose = false;        // every call on stderr
	std::string secondary = engine_file;  // the secondary engine's file in the engines folder
} settings;

// ---- what happened ----

std::mutex mu;
std::map<std::string, int> getmove_by_mode;
std::map<std::string, int> command_counts;
std::vector<std::string> message_boxes;
std::vector<std::string> shell_opened;
std::vector<std::string> failures;
std::map<std::string, std::vector<std::string>> dialog_lists;
long moves_checked, getmove_calls, resets;
double worst_ratio[3];  // elapsed / allowed: fixed, exact, incremental
double worst_cpu_ratio[3];  // CPU time / allowed
std::string worst_move[3];  // the move of worst_ratio
int playnow_clicks, playnow_stopped;
double playnow_worst_ms;
std::string phase = "start";
std::map<std::string, int> phase_moves;
std::vector<std::pair<std::string, std::string>> phase_games;  // in the order played

CB_GETMOVE library_getmove;
CB_ENGINECOMMAND library_enginecommand;

// The search in progress, for the user's Play button.
std::atomic<long> search_serial{0};
std::atomic<bool> searching{false};
std::atomic<long> clicked_serial{-1};
Clock::time_point clicked_at;

// The process's CPU time in seconds: the library's search threads, and
// CheckerBoard's, which sleep while it searches.
double cpu_seconds()
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void fail(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	std::lock_guard<std::mutex> lock(mu);
	failures.push_back(phase + ": " + buf);
	fprintf(stderr, "FAIL %s: %s\n", phase.c_str(), buf);
}

std::string first_line(const std::string &s)
{
	std::string line = s.substr(0, s.find_first_of("\r\n"));
	return line.size() > 100 ? line.substr(0, 100) + "..." : line;
}

std::string board_text(Board8x8 b, int color)
{
	std::string s = color == CB_BLACK ? "B:" : "W:";
	for (int n = 1; n <= 32; ++n) {
		int x, y;
		numbertocoors(n, &x, &y, GT_ENGLISH);
		int p = b[x][y];
		s += p == 0 ? '.' : p == (CB_BLACK | CB_MAN) ? 'b' : p == (CB_WHITE | CB_MAN) ? 'w' : p == (CB_BLACK | CB_KING) ? 'B' : 'W';
	}
	return s;
}

bool same_square(coor a, coor b)
{
	return a.x == b.x && a.y == b.y;
}

// Whether the CBmove getmove wrote describes the legal move m.
bool move_agrees(const CBmove &got, const CBmove &m)
{
	if (got.jumps != m.jumps || got.oldpiece != m.oldpiece || got.newpiece != m.newpiece ||
		!same_square(got.from, m.from) || !same_square(got.to, m.to))
		return false;
	for (int i = 0; i < m.jumps; ++i) {
		bool found = false;
		for (int j = 0; j < got.jumps; ++j)
			found = found || same_square(got.del[j], m.del[i]);
		if (!found)
			return false;
	}
	return true;
}

// Checks one getmove: the board it returned must be the board before with
// one of CB_movegen's legal moves made, and its CBmove that move.
void check_move(Board8x8 before, int color, Board8x8 after, const CBmove &got, int result)
{
	CBmove list[MAXMOVES];
	int isjump = 0;
	Board8x8 work;
	memcpy(work, before, sizeof(work));
	int n = 0;
	if (cbgame.gametype == GT_ENGLISH)
		n = getmovelist(color, list, work, &isjump);
	else if (get_movelist_from_engine(work, color, list, &n, &isjump) != 0) {
		fail("no move list CheckerBoard reads from the library in %s", board_text(before, color).c_str());
		return;
	}
	if (result < CB_DRAW || result > CB_UNKNOWN)
		fail("getmove returned %d, not a result code", result);
	if (n == 0) {
		if (memcmp(before, after, sizeof(Board8x8)) != 0)
			fail("no legal move in %s, but the board changed", board_text(before, color).c_str());
		return;
	}
	for (int i = 0; i < n; ++i) {
		Board8x8 next;
		memcpy(next, before, sizeof(next));
		domove(list[i], next);
		if (memcmp(next, after, sizeof(next)) != 0)
			continue;
		if (!move_agrees(got, list[i]))
			fail("the CBmove disagrees with the board's move in %s", board_text(before, color).c_str());
		std::lock_guard<std::mutex> lock(mu);
		++moves_checked;
		++phase_moves[phase];
		return;
	}
	fail("the board returned is no legal successor of %s: %s", board_text(before, color).c_str(),
		board_text(after, CB_CHANGECOLOR(color)).c_str());
}

INT WINAPI counted_getmove(Board8x8 board, int color, double maxtime, char str[1024], int *playnow, int info,
	int moreinfo, CBmove *move)
{
	Board8x8 before;
	memcpy(before, board, sizeof(before));
	double increment = 0, remaining = 0;
	bool incremental = get_incremental_times(info, moreinfo, &increment, &remaining);
	int mode = incremental ? 2 : (info & CB_EXACT_TIME) ? 1 : 0;
	static const char *const mode_names[] = {"fixed", "exact", "incremental"};
	{
		std::lock_guard<std::mutex> lock(mu);
		++getmove_calls;
		++getmove_by_mode[mode_names[mode]];
		if (info & CB_RESET_MOVES)
			++resets;
	}
	long serial = ++search_serial;
	searching = true;
	Clock::time_point start = Clock::now();
	double cpu_start = cpu_seconds();
	int result = library_getmove(board, color, maxtime, str, playnow, info, moreinfo, move);
	double cpu = cpu_seconds() - cpu_start;
	Clock::time_point end = Clock::now();
	searching = false;
	double elapsed = std::chrono::duration<double>(end - start).count();
	check_move(before, color, board, *move, result);

	if (settings.verbose)
		fprintf(stderr, "getmove %s maxtime %.3f info %d moreinfo %#x: %d in %.3f s: %s\n", mode_names[mode], maxtime, info,
			static_cast<unsigned>(moreinfo), result, elapsed, first_line(str).c_str());
	std::lock_guard<std::mutex> lock(mu);
	double allowed = incremental ? remaining : maxtime;
	if (allowed > 0)
		worst_cpu_ratio[mode] = std::max(worst_cpu_ratio[mode], cpu / allowed);
	if (allowed > 0 && elapsed / allowed > worst_ratio[mode]) {
		char buf[300];
		snprintf(buf, sizeof(buf), "%.3f s of %.3f s in %s, call %ld: %s", elapsed, allowed, phase.c_str(), serial,
			first_line(str).c_str());
		worst_ratio[mode] = elapsed / allowed;
		worst_move[mode] = buf;
	}
	if (!incremental && allowed < 60 && cpu > cpu_slack * allowed + cpu_grace)
		failures.push_back(phase + ": a move used " + std::to_string(cpu) + " s of CPU with maxtime " + std::to_string(allowed));
	if (incremental && elapsed > remaining)
		failures.push_back(phase + ": a move took " + std::to_string(elapsed) + " s with " + std::to_string(remaining) + " s on the clock");
	if (clicked_serial == serial) {
		double ms = std::chrono::duration<double, std::milli>(end - clicked_at).count();
		++playnow_stopped;
		playnow_worst_ms = std::max(playnow_worst_ms, ms);
		if (ms > 1000)
			failures.push_back(phase + ": getmove returned " + std::to_string(ms) + " ms after Play was pressed");
	}
	return result;
}

INT WINAPI counted_enginecommand(const char *command, char reply[ENGINECOMMAND_REPLY_SIZE])
{
	// Counted by its command word and, for get and set, the option's name.
	char word[64] = "", key[64] = "";
	sscanf(command, "%63s %63s", word, key);
	std::string kind = word;
	if (kind == "get" || kind == "set")
		kind += std::string(" ") + key;
	int handled = library_enginecommand(command, reply);
	if (settings.verbose)
		fprintf(stderr, "enginecommand %s: %d %s\n", first_line(command).c_str(), handled, first_line(reply).c_str());
	if (memchr(reply, 0, ENGINECOMMAND_REPLY_SIZE) == nullptr)
		fail("the reply to %s fills its 1024 bytes without a NUL", kind.c_str());
	std::lock_guard<std::mutex> lock(mu);
	++command_counts[kind];
	return handled;
}

void wait_for(const char *what, double seconds, const std::function<bool()> &done)
{
	Clock::time_point limit = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
	while (!done()) {
		if (Clock::now() > limit) {
			fail("timed out after %.0f s waiting for %s", seconds, what);
			return;
		}
		std::this_thread::sleep_for(std::chrono::milliseconds(10));
	}
}

void command(int id)
{
	PostMessage(hwnd, WM_COMMAND, static_cast<WPARAM>(id), 0);
	cbshim_sync();
}

void set_phase(const std::string &name)
{
	std::lock_guard<std::mutex> lock(mu);
	phase = name;
	fprintf(stderr, "cbsource: %s\n", name.c_str());
}

// The match's finished games (CheckerBoard counts emstats.games only when
// it resumes a match from its files).
int match_games()
{
	return emstats.wins + emstats.losses + emstats.draws + emstats.unknowns;
}

bool idle()
{
	return CBstate == state_normal && !getenginebusy() && !getanimationbusy() && !getenginestarting();
}

// Menu > Normal mode, and wait for the engine to finish its move.
void stop_and_wait()
{
	command(CM_NORMAL);
	wait_for("CheckerBoard to return to normal mode", 30, idle);
	cbshim_sync();
}

void play_match(const char *name, int level_command, int games)
{
	set_phase(name);
	command(level_command);
	command(CM_ENGINEMATCH);
	wait_for("the engine match's games", settings.phase_timeout, [games] { return match_games() >= games; });
	int played = match_games();
	char result[160];
	snprintf(result, sizeof(result), "%d games (engine 1 +%d -%d =%d, %d unknown)", played, emstats.wins,
		emstats.losses, emstats.draws, emstats.unknowns);
	stop_and_wait();
	std::lock_guard<std::mutex> lock(mu);
	phase_games.emplace_back(name, result);
}

// An autoplay game, Crown playing both sides, to its end or max_plies.
void play_autoplay(const char *name, int max_plies, bool press_play)
{
	set_phase(name);
	command(GAMENEW);
	long first = search_serial;
	command(CM_AUTOPLAY);
	Clock::time_point limit = Clock::now() + std::chrono::seconds(static_cast<long>(settings.phase_timeout));
	while (CBstate != state_normal && search_serial - first < max_plies && Clock::now() < limit) {
		if (press_play && searching) {
			long serial = search_serial;
			std::this_thread::sleep_for(std::chrono::milliseconds(150));
			if (searching && search_serial == serial) {
				clicked_at = Clock::now();
				clicked_serial = serial;
				++playnow_clicks;
				PostMessage(hwnd, WM_COMMAND, MOVESPLAY, 0);  // the toolbar's Play button
				wait_for("the engine to play now", 5, [serial] { return !searching || search_serial != serial; });
			}
		}
		std::this_thread::sleep_for(std::chrono::milliseconds(5));
	}
	if (Clock::now() >= limit)
		fail("the autoplay game did not end in %.0f s", settings.phase_timeout);
	bool ended = CBstate == state_normal;
	int plies = static_cast<int>(cbgame.moves.size());
	stop_and_wait();
	std::lock_guard<std::mutex> lock(mu);
	phase_games.emplace_back(name, "1 game, " + std::to_string(plies) + " plies" + (ended ? ", played to its end" : ", stopped there"));
}

// An autoplay game of another game type: the user sends set gametype in
// Engine > Engine command (CheckerBoard's enginecommand, as that dialog
// sends it), and the new game is of that type.
void play_gametype(int gametype, int plies)
{
	char reply[ENGINECOMMAND_REPLY_SIZE], text[64];
	snprintf(text, sizeof(text), "set gametype %d", gametype);
	set_phase(text);
	if (!enginecommand(text, reply) || atoi(reply) != gametype)
		fail("%s: %s", text, reply);
	snprintf(text, sizeof(text), "autoplay, game type %d (0.1 s)", gametype);
	play_autoplay(text, plies, false);
	if (cbgame.gametype != gametype)
		fail("the autoplay game was of game type %d, not %d", cbgame.gametype, gametype);
}

bool has_box(const char *caption)
{
	std::lock_guard<std::mutex> lock(mu);
	for (const std::string &b : message_boxes)
		if (b.compare(0, strlen(caption), caption) == 0)
			return true;
	return false;
}

// The user: what a person would click, in order.
void user()
{
	wait_for("CheckerBoard's window", 10, [] { return hwnd != nullptr; });
	// At first start CheckerBoard looks for its default engines (cake64.dll
	// and simplech64.dll), which are not there, and says so twice.
	wait_for("CheckerBoard's first engine load", 10, [] {
		std::lock_guard<std::mutex> lock(mu);
		return message_boxes.size() >= 2;
	});

	set_phase("engine select");
	command(ENGINESELECT);
	wait_for("the engines to load", 10, [] { return getmove1 != nullptr && getmove2 != nullptr; });
	if (getmove1 == nullptr) {
		command(GAMEEXIT);
		return;
	}

	set_phase("engine menu");
	command(ENGINEABOUT);
	command(ENGINEHELP);
	command(ENGINEEVAL);
	if (!has_box("About Engine"))
		fail("Engine > About showed no text");
	if (!has_box("Static Evaluation"))
		fail("Engine > Evaluate showed no evaluation");
	if (shell_opened.empty())
		fail("Engine > Help opened no file");
	command(ENGINEOPTIONS);

	play_match("engine match, fixed time (0.1 s)", LEVEL01S, settings.fixed_games);
	play_match("engine match, incremental time", LEVELINCREMENT, settings.incremental_games);
	command(LEVEL01S);
	command(LEVELEXACT);
	play_autoplay("autoplay, exact time (0.1 s)", settings.exact_plies, false);
	command(LEVELEXACT);
	command(LEVEL1M);
	set_phase("engine options: book off");
	command(ENGINEOPTIONS);
	play_autoplay("autoplay, 1 minute a move, Play pressed", settings.playnow_plies, true);
	command(LEVEL01S);
	if (settings.gametype_plies > 0)
		for (int gametype : {GT_ITALIAN, GT_SPANISH, GT_RUSSIAN, GT_BRAZILIAN, GT_CZECH})
			play_gametype(gametype, settings.gametype_plies);

	set_phase("exit");
	command(GAMEEXIT);
}

void print_report(double seconds)
{
	std::lock_guard<std::mutex> lock(mu);
	printf("CheckerBoard's program on Linux, Crown's library as primary (%s) and secondary engine (%s)\n", engine_file,
		settings.secondary.c_str());
	for (const auto &g : phase_games)
		printf("  %-45s %s, %d moves checked\n", g.first.c_str(), g.second.c_str(), phase_moves[g.first]);
	printf("getmove calls: %ld (", getmove_calls);
	const char *sep = "";
	for (const auto &m : getmove_by_mode) {
		printf("%s%s %d", sep, m.first.c_str(), m.second);
		sep = ", ";
	}
	printf("); CB_RESET_MOVES in %ld\n", resets);
	static const char *const modes[] = {"fixed", "exact", "incremental"};
	static const char *const allowed[] = {"maxtime", "maxtime", "the clock left"};
	for (int m = 0; m < 3; ++m)
		if (!worst_move[m].empty())
			printf("  longest %s move: %.2f x %s (CPU time at most %.2f x): %s\n", modes[m], worst_ratio[m], allowed[m],
				worst_cpu_ratio[m], worst_move[m].c_str());
	printf("playnow: Play pressed %d times mid-search, %d searches stopped, slowest return %.1f ms after the press\n",
		playnow_clicks, playnow_stopped, playnow_worst_ms);
	int total = 0;
	for (const auto &c : command_counts)
		total += c.second;
	printf("enginecommand calls: %d:", total);
	sep = " ";
	for (const auto &c : command_counts) {
		printf("%s%s %d", sep, c.first.c_str(), c.second);
		sep = ", ";
	}
	printf("\n");
	for (const auto &l : dialog_lists)
		printf("  Engine > Options offers %s: %s\n", l.first.c_str(), l.second.empty() ? "(none)" :
			(l.second.front() + " .. " + l.second.back() + " (" + std::to_string(l.second.size()) + " values)").c_str());
	int loaded = 0, freed = 0;
	cbshim_library_counts(&loaded, &freed);
	printf("LoadLibrary: %d calls returned a library; FreeLibrary: %d calls\n", loaded, freed);
	printf("message boxes: %zu\n", message_boxes.size());
	for (const std::string &b : message_boxes)
		printf("  %s\n", b.c_str());
	for (const std::string &f : shell_opened)
		printf("opened for the user: %s\n", f.c_str());
	printf("moves checked: %ld (against CB_movegen in English, in the other game types against the library's get movelist as CheckerBoard reads it)\n", moves_checked);
	printf("failures: %zu\n", failures.size());
	for (const std::string &f : failures)
		printf("  %s\n", f.c_str());
	printf("time: %.1f s\n", seconds);
}

std::vector<std::string> list_items(HWND dialog, int id)
{
	std::vector<std::string> items;
	char buf[256];
	for (int i = 0; SendDlgItemMessage(dialog, id, LB_GETTEXT, static_cast<WPARAM>(i), reinterpret_cast<LPARAM>(buf)) != LB_ERR; ++i)
		items.push_back(buf);
	return items;
}

bool copy_file(const std::string &from, const std::string &to)
{
	FILE *in = fopen(from.c_str(), "rb");
	FILE *out = in ? fopen(to.c_str(), "wb") : nullptr;
	bool ok = out != nullptr;
	char buf[1 << 16];
	size_t n;
	while (ok && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		ok = fwrite(buf, 1, n, out) == n;
	ok = ok && !ferror(in);
	if (out && fclose(out) != 0)
		ok = false;
	if (in)
		fclose(in);
	return ok;
}

}  // namespace

// ---- cbshim.h's questions ----

void cbshim_message_box(const char *text, const char *caption)
{
	std::lock_guard<std::mutex> lock(mu);
	message_boxes.push_back(std::string(caption) + ": " + first_line(text));
	if (settings.verbose)
		fprintf(stderr, "message box %s\n", message_boxes.back().c_str());
}

FARPROC cbshim_engine_export(const char *name, FARPROC fn)
{
	if (strcmp(name, "getmove") == 0) {
		library_getmove = reinterpret_cast<CB_GETMOVE>(fn);
		return reinterpret_cast<FARPROC>(counted_getmove);
	}
	if (strcmp(name, "enginecommand") == 0) {
		library_enginecommand = reinterpret_cast<CB_ENGINECOMMAND>(fn);
		return reinterpret_cast<FARPROC>(counted_enginecommand);
	}
	return fn;
}

int cbshim_dialog_user(const char *name, HWND dialog)
{
	char id[16];
	if (strcmp(name, "IDD_DIALOGENGINES") == 0) {
		// Engine > Select: Crown as primary and secondary engine.
		SendDlgItemMessage(dialog, IDC_PRIMARY, LB_SELECTSTRING, static_cast<WPARAM>(-1), reinterpret_cast<LPARAM>(engine_file));
		SendDlgItemMessage(dialog, IDC_SECONDARY, LB_SELECTSTRING, static_cast<WPARAM>(-1),
			reinterpret_cast<LPARAM>(settings.secondary.c_str()));
		return IDC_OK;
	}
	if (strcmp(name, "IDD_ENGINEOPTIONS") == 0) {
		static int visits;
		if (++visits == 1) {
			// What it offers, then a hash table of 128 MB and the
			// smallest endgame cache it offers.
			{
				std::lock_guard<std::mutex> lock(mu);
				dialog_lists["hash sizes (MB)"] = list_items(dialog, IDC_HASHSIZE);
				dialog_lists["endgame cache sizes (MB)"] = list_items(dialog, IDC_EGDBSIZE);
			}
			SendDlgItemMessage(dialog, IDC_HASHSIZE, LB_SELECTSTRING, static_cast<WPARAM>(-1), reinterpret_cast<LPARAM>("128"));
			SendDlgItemMessage(dialog, IDC_EGDBSIZE, LB_SETCURSEL, 0, 0);
		} else {
			// The opening book off, so that every move is searched.
			for (int button : {IDC_BOOKALLKINDS, IDC_BOOKGOOD, IDC_BOOKBEST})
				SendDlgItemMessage(dialog, button, BM_SETCHECK, BST_UNCHECKED, 0);
			SendDlgItemMessage(dialog, IDC_BOOKOFF, BM_SETCHECK, BST_CHECKED, 0);
		}
		return IDC_OK;
	}
	snprintf(id, sizeof(id), "#%d", IDD_START_ENGINE_MATCH);
	if (strcmp(name, id) == 0)
		return ID_START_MATCH;  // 3-move ballots, as offered
	snprintf(id, sizeof(id), "#%d", IDD_INCREMENTAL_TIMES);
	if (strcmp(name, id) == 0) {
		SetDlgItemText(dialog, IDC_INITIAL_TIME, "4");
		SetDlgItemText(dialog, IDC_TIME_INCREMENT, "0.1");
		return ID_OK;
	}
	fail("dialog %s opened, which the user does not know", name);
	return IDCANCEL;
}

void cbshim_shell_open(const char *file)
{
	char cwd[MAX_PATH];
	std::string path = std::string(getcwd(cwd, sizeof(cwd)) ? cwd : "?") + "/" + file;
	struct stat st;
	std::lock_guard<std::mutex> lock(mu);
	shell_opened.push_back(path + (stat(path.c_str(), &st) == 0 ? "" : " (missing)"));
}

const char *cbshim_install_folder(void)
{
	return settings.folder.c_str();
}

int main(int argc, char **argv)
{
	std::string library;
	for (int i = 1; i + 1 < argc; i += 2) {
		std::string flag = argv[i], value = argv[i + 1];
		if (flag == "--lib")
			library = value;
		else if (flag == "--folder")
			settings.folder = value;
		else if (flag == "--fixed-games")
			settings.fixed_games = atoi(value.c_str());
		else if (flag == "--incremental-games")
			settings.incremental_games = atoi(value.c_str());
		else if (flag == "--exact-plies")
			settings.exact_plies = atoi(value.c_str());
		else if (flag == "--secondary")
			settings.secondary = value;
		else if (flag == "--verbose")
			settings.verbose = value == "1";
		else if (flag == "--playnow-plies")
			settings.playnow_plies = atoi(value.c_str());
		else if (flag == "--gametype-plies")
			settings.gametype_plies = atoi(value.c_str());
		else {
			fprintf(stderr, "cbsource: unknown flag %s\n", flag.c_str());
			return 2;
		}
	}
	if (library.empty() || settings.folder.empty()) {
		fprintf(stderr, "usage: cbsource --lib LIBRARY --folder EMPTY_DIR [--fixed-games N] [--incremental-games N] "
			"[--exact-plies N] [--playnow-plies N] [--gametype-plies N] [--secondary FILE] [--verbose 1]\n");
		return 2;
	}
	// CheckerBoard's installation: the engine in its engines folder.
	std::string engines = settings.folder + "/engines";
	mkdir(engines.c_str(), 0777);
	if (symlink(library.c_str(), (engines + "/" + engine_file).c_str()) != 0) {
		perror("cbsource: linking the library into the engines folder");
		return 2;
	}
	// A secondary engine of another name is a copy: a second library in
	// the process, a second engine (and Go runtime), as CheckerBoard on
	// Windows loads a copied DLL.
	if (settings.secondary != engine_file && !copy_file(library, engines + "/" + settings.secondary)) {
		perror("cbsource: copying the library as the secondary engine");
		return 2;
	}
	Clock::time_point start = Clock::now();
	std::thread(user).detach();
	std::thread([start] {
		// A run that hangs (a window that never answers) still reports.
		std::this_thread::sleep_for(std::chrono::duration<double>(settings.run_timeout));
		fail("the run did not end in %.0f s", settings.run_timeout);
		print_report(std::chrono::duration<double>(Clock::now() - start).count());
		fflush(stdout);
		_exit(1);
	}).detach();
	WinMain(nullptr, nullptr, const_cast<char *>(""), SW_SHOW);
	print_report(std::chrono::duration<double>(Clock::now() - start).count());
	fflush(stdout);
	_exit(failures.empty() && moves_checked > 0 ? 0 : 1);  // CheckerBoard's threads run on
}
