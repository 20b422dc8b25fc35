// cbshim.cpp: the working part of cbshim.h, the Windows API under
// CheckerBoard's source on Linux (make test-cb-source). One window (the
// main one, whose procedure is CheckerBoard's WindowFunc) with a message
// queue and a timer; dialog boxes whose controls remember what is put in
// them; threads, mutexes and critical sections over pthreads; libraries
// over dlopen; Windows paths taken with either separator. Whatever is not
// here does nothing (cbshim.h).
#include "cbshim.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <dirent.h>
#include <dlfcn.h>
#include <fnmatch.h>
#include <map>
#include <mutex>
#include <pthread.h>
#include <set>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <thread>
#include <unistd.h>
#include <vector>

#undef fopen

namespace {

// A path as Linux takes it: CheckerBoard writes "dir\\file".
std::string unix_path(const char *name)
{
	std::string p(name ? name : "");
	std::replace(p.begin(), p.end(), '\\', '/');
	return p;
}

std::string basename_of(const std::string &path)
{
	size_t slash = path.find_last_of('/');
	return slash == std::string::npos ? path : path.substr(slash + 1);
}

// ---- the main window and its queue ----

struct cbshim_handle_tag {};
cbshim_handle_tag main_window_tag;
HWND const main_window = reinterpret_cast<HWND>(&main_window_tag);
WNDPROC window_proc;
std::mutex queue_mu;
std::condition_variable queue_cv;
std::deque<MSG> queue;
long sync_posted, synced;  // cbshim_sync's messages posted and dispatched
const UINT WM_CBSHIM_SYNC = WM_USER + 0x3c00;

// ---- dialogs and their controls ----

struct Control {
	std::string text;
	std::vector<std::string> items;
	int selected = -1;
	int checked = 0;
};

struct Dialog {
	std::map<int, Control *> controls;
	bool ended = false;
	INT_PTR result = 0;
};

std::mutex dialogs_mu;
std::set<void *> dialogs;                    // open dialogs (handles are Dialog *)
std::map<void *, Control *> control_handles;  // every control ever made

Dialog *dialog_of(HWND h)
{
	std::lock_guard<std::mutex> lock(dialogs_mu);
	return dialogs.count(h) ? reinterpret_cast<Dialog *>(h) : nullptr;
}

Control *control_of(HWND h)
{
	std::lock_guard<std::mutex> lock(dialogs_mu);
	auto it = control_handles.find(h);
	return it == control_handles.end() ? nullptr : it->second;
}

Control *control_in(HWND dlg, int id)
{
	Dialog *d = dialog_of(dlg);
	if (d == nullptr)
		return nullptr;
	std::lock_guard<std::mutex> lock(dialogs_mu);
	Control *&c = d->controls[id];
	if (c == nullptr) {
		c = new Control;
		control_handles[c] = c;
	}
	return c;
}

int find_item(const Control *c, int start, const char *prefix)
{
	size_t n = strlen(prefix);
	for (size_t k = 0; k < c->items.size(); ++k) {
		size_t i = (static_cast<size_t>(start + 1) + k) % c->items.size();
		if (strncasecmp(c->items[i].c_str(), prefix, n) == 0)
			return static_cast<int>(i);
	}
	return LB_ERR;
}

// What a list box, combo box or button does with a message.
LRESULT control_message(Control *c, UINT msg, WPARAM wparam, LPARAM lparam)
{
	const char *text = reinterpret_cast<const char *>(lparam);
	switch (msg) {
	case LB_ADDSTRING:
	case CB_ADDSTRING:
		c->items.push_back(text);
		return static_cast<LRESULT>(c->items.size() - 1);
	case LB_RESETCONTENT:
		c->items.clear();
		c->selected = -1;
		return 0;
	case LB_DELETESTRING:
		if (wparam >= c->items.size())
			return LB_ERR;
		c->items.erase(c->items.begin() + static_cast<long>(wparam));
		return static_cast<LRESULT>(c->items.size());
	case LB_DIR: {
		// The files of the current folder that match the pattern.
		DIR *dir = opendir(".");
		if (dir == nullptr)
			return LB_ERR;
		std::vector<std::string> names;
		while (struct dirent *e = readdir(dir))
			if (fnmatch(text, e->d_name, FNM_CASEFOLD) == 0)
				names.push_back(e->d_name);
		closedir(dir);
		std::sort(names.begin(), names.end());
		c->items.insert(c->items.end(), names.begin(), names.end());
		return static_cast<LRESULT>(c->items.size()) - 1;
	}
	case LB_SELECTSTRING: {
		int i = find_item(c, static_cast<int>(wparam), text);
		if (i != LB_ERR)
			c->selected = i;
		return i;
	}
	case LB_SETCURSEL:
	case CB_SETCURSEL:
		c->selected = wparam < c->items.size() ? static_cast<int>(wparam) : -1;
		return c->selected;
	case LB_GETCURSEL:
	case CB_GETCURSEL:
		return c->selected;
	case LB_GETTEXT:
		if (wparam >= c->items.size())
			return LB_ERR;
		strcpy(reinterpret_cast<char *>(lparam), c->items[wparam].c_str());
		return static_cast<LRESULT>(c->items[wparam].size());
	case BM_SETCHECK:
		c->checked = static_cast<int>(wparam);
		return 0;
	case BM_GETCHECK:
		return c->checked;
	}
	return 0;
}

// ---- threads ----

struct Thread {
	LPTHREAD_START_ROUTINE start;
	LPVOID param;
};

void *thread_main(void *arg)
{
	Thread t = *static_cast<Thread *>(arg);
	delete static_cast<Thread *>(arg);
	t.start(t.param);
	return nullptr;
}

pthread_mutex_t *recursive_mutex()
{
	pthread_mutexattr_t attr;
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_t *m = new pthread_mutex_t;
	pthread_mutex_init(m, &attr);
	pthread_mutexattr_destroy(&attr);
	return m;
}

struct Mutex {
	pthread_mutex_t *m;
};
std::mutex mutexes_mu;
std::set<HANDLE> mutexes;

std::map<std::string, HINSTANCE> modules;  // loaded libraries by file name
std::mutex modules_mu;
int libraries_loaded, libraries_freed;  // LoadLibrary calls that loaded, FreeLibrary calls

const auto start_time = std::chrono::steady_clock::now();

}  // namespace

long cbshim_clock(void)
{
	return static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(
		std::chrono::steady_clock::now() - start_time).count());
}

int MessageBox(HWND, const char *text, const char *caption, UINT type)
{
	cbshim_message_box(text ? text : "", caption ? caption : "");
	return (type & MB_YESNO) ? IDNO : IDOK;
}

BOOL RegisterClass(const WNDCLASS *wc)
{
	window_proc = wc->lpfnWndProc;
	return TRUE;
}

HWND CreateWindow(const char *, const char *, DWORD, int, int, int, int, HWND parent, HMENU, HINSTANCE, LPVOID)
{
	if (parent != nullptr || window_proc == nullptr)
		return nullptr;  // the toolbar, status bar and header are not made
	window_proc(main_window, WM_CREATE, 0, 0);
	return main_window;
}

BOOL PostMessage(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam)
{
	if (hwnd != main_window)
		return FALSE;
	std::lock_guard<std::mutex> lock(queue_mu);
	queue.push_back(MSG{hwnd, msg, wparam, lparam, 0, {0, 0}});
	queue_cv.notify_all();
	return TRUE;
}

// SendMessage to the main window runs its procedure at once, on the
// caller's thread (Windows would run it on the window's thread, waiting).
LRESULT SendMessage(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam)
{
	if (hwnd == main_window)
		return window_proc(hwnd, msg, wparam, lparam);
	if (Control *c = control_of(hwnd))
		return control_message(c, msg, wparam, lparam);
	return 0;
}

BOOL GetMessage(MSG *msg, HWND, UINT, UINT)
{
	std::unique_lock<std::mutex> lock(queue_mu);
	queue_cv.wait(lock, [] { return !queue.empty(); });
	*msg = queue.front();
	queue.pop_front();
	return msg->message != WM_QUIT;
}

LRESULT DispatchMessage(const MSG *msg)
{
	if (msg->message == WM_CBSHIM_SYNC) {
		std::lock_guard<std::mutex> lock(queue_mu);
		++synced;
		queue_cv.notify_all();
		return 0;
	}
	return window_proc(msg->hwnd, msg->message, msg->wParam, msg->lParam);
}

void cbshim_sync(void)
{
	std::unique_lock<std::mutex> lock(queue_mu);
	long want = ++sync_posted;
	queue.push_back(MSG{main_window, WM_CBSHIM_SYNC, 0, 0, 0, {0, 0}});
	queue_cv.notify_all();
	queue_cv.wait(lock, [want] { return synced >= want; });
}

void PostQuitMessage(int code)
{
	std::lock_guard<std::mutex> lock(queue_mu);
	queue.push_back(MSG{main_window, WM_QUIT, static_cast<WPARAM>(code), 0, 0, {0, 0}});
	queue_cv.notify_all();
}

UINT_PTR SetTimer(HWND hwnd, UINT_PTR id, UINT ms, void *)
{
	std::thread([hwnd, id, ms] {
		for (;;) {
			std::this_thread::sleep_for(std::chrono::milliseconds(ms));
			PostMessage(hwnd, WM_TIMER, id, 0);
		}
	}).detach();
	return id;
}

BOOL SetWindowText(HWND, const char *)
{
	return TRUE;
}

BOOL GetClientRect(HWND, RECT *r)
{
	*r = RECT{0, 0, 480, 480};
	return TRUE;
}

BOOL GetWindowRect(HWND, RECT *r)
{
	*r = RECT{0, 0, 480, 560};
	return TRUE;
}

INT_PTR DialogBox(HINSTANCE, const char *name, HWND, DLGPROC proc)
{
	char key[32];
	if (reinterpret_cast<uintptr_t>(name) < 0x10000) {
		snprintf(key, sizeof(key), "#%u", static_cast<unsigned>(reinterpret_cast<uintptr_t>(name)));
		name = key;
	}
	Dialog *d = new Dialog;
	HWND h = reinterpret_cast<HWND>(d);
	{
		std::lock_guard<std::mutex> lock(dialogs_mu);
		dialogs.insert(h);
	}
	proc(h, WM_INITDIALOG, 0, 0);
	if (!d->ended) {
		int button = cbshim_dialog_user(name, h);
		proc(h, WM_COMMAND, static_cast<WPARAM>(button), 0);
	}
	if (!d->ended)
		proc(h, WM_COMMAND, IDCANCEL, 0);
	INT_PTR result = d->result;
	std::lock_guard<std::mutex> lock(dialogs_mu);
	dialogs.erase(h);
	return result;  // the dialog and its controls are kept: a control's handle may outlive it
}

BOOL EndDialog(HWND dlg, INT_PTR result)
{
	Dialog *d = dialog_of(dlg);
	if (d == nullptr)
		return FALSE;
	d->ended = true;
	d->result = result;
	return TRUE;
}

HWND GetDlgItem(HWND dlg, int id)
{
	return reinterpret_cast<HWND>(control_in(dlg, id));
}

BOOL SetDlgItemText(HWND dlg, int id, const char *text)
{
	Control *c = control_in(dlg, id);
	if (c == nullptr)
		return FALSE;
	c->text = text ? text : "";
	return TRUE;
}

UINT GetDlgItemText(HWND dlg, int id, char *text, int size)
{
	Control *c = control_in(dlg, id);
	if (c == nullptr || size <= 0)
		return 0;
	snprintf(text, static_cast<size_t>(size), "%s", c->text.c_str());
	return static_cast<UINT>(strlen(text));
}

BOOL SetDlgItemInt(HWND dlg, int id, UINT value, BOOL is_signed)
{
	char buf[32];
	snprintf(buf, sizeof(buf), is_signed ? "%d" : "%u", value);
	return SetDlgItemText(dlg, id, buf);
}

UINT GetDlgItemInt(HWND dlg, int id, BOOL *ok, BOOL)
{
	Control *c = control_in(dlg, id);
	char *end = nullptr;
	long v = c ? strtol(c->text.c_str(), &end, 10) : 0;
	bool good = c != nullptr && end != c->text.c_str() && *end == 0;
	if (ok)
		*ok = good;
	return good ? static_cast<UINT>(v) : 0;
}

LRESULT SendDlgItemMessage(HWND dlg, int id, UINT msg, WPARAM wparam, LPARAM lparam)
{
	Control *c = control_in(dlg, id);
	return c ? control_message(c, msg, wparam, lparam) : 0;
}

HINSTANCE LoadLibrary(const char *name)
{
	std::string path = unix_path(name);
	void *lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
	if (lib != nullptr) {
		std::lock_guard<std::mutex> lock(modules_mu);
		modules[basename_of(path)] = static_cast<HINSTANCE>(lib);
		++libraries_loaded;
	}
	return static_cast<HINSTANCE>(lib);
}

FARPROC GetProcAddress(HINSTANCE lib, const char *name)
{
	FARPROC fn = reinterpret_cast<FARPROC>(dlsym(lib, name));
	return fn ? cbshim_engine_export(name, fn) : nullptr;
}

BOOL FreeLibrary(HINSTANCE lib)
{
	if (lib == nullptr)
		return FALSE;
	{
		std::lock_guard<std::mutex> lock(modules_mu);
		++libraries_freed;
		for (auto it = modules.begin(); it != modules.end(); ++it)
			if (it->second == lib) {
				modules.erase(it);
				break;
			}
	}
	return dlclose(lib) == 0;
}

void cbshim_library_counts(int *loaded, int *freed)
{
	std::lock_guard<std::mutex> lock(modules_mu);
	*loaded = libraries_loaded;
	*freed = libraries_freed;
}

HMODULE GetModuleHandle(const char *name)
{
	std::lock_guard<std::mutex> lock(modules_mu);
	auto it = modules.find(basename_of(unix_path(name)));
	return it == modules.end() ? nullptr : it->second;
}

HANDLE CreateThread(void *, size_t, LPTHREAD_START_ROUTINE start, LPVOID param, DWORD, DWORD *id)
{
	pthread_t t;
	if (pthread_create(&t, nullptr, thread_main, new Thread{start, param}) != 0)
		return nullptr;
	pthread_detach(t);
	if (id)
		*id = static_cast<DWORD>(t);
	return reinterpret_cast<HANDLE>(new Thread{nullptr, nullptr});
}

HANDLE CreateMutex(void *, BOOL owned, const char *)
{
	Mutex *m = new Mutex{recursive_mutex()};
	if (owned)
		pthread_mutex_lock(m->m);
	std::lock_guard<std::mutex> lock(mutexes_mu);
	mutexes.insert(m);
	return m;
}

static Mutex *mutex_of(HANDLE h)
{
	std::lock_guard<std::mutex> lock(mutexes_mu);
	return mutexes.count(h) ? static_cast<Mutex *>(h) : nullptr;
}

DWORD WaitForSingleObject(HANDLE h, DWORD)
{
	Mutex *m = mutex_of(h);
	if (m == nullptr)
		return 0xFFFFFFFF;  // WAIT_FAILED: only mutexes are waited for
	pthread_mutex_lock(m->m);
	return 0;
}

BOOL ReleaseMutex(HANDLE h)
{
	Mutex *m = mutex_of(h);
	return m != nullptr && pthread_mutex_unlock(m->m) == 0;
}

BOOL CloseHandle(HANDLE)
{
	return TRUE;  // threads are detached; mutexes live to the end
}

void InitializeCriticalSection(CRITICAL_SECTION *cs)
{
	cs->mutex = recursive_mutex();
}

void EnterCriticalSection(CRITICAL_SECTION *cs)
{
	pthread_mutex_lock(static_cast<pthread_mutex_t *>(cs->mutex));
}

void LeaveCriticalSection(CRITICAL_SECTION *cs)
{
	pthread_mutex_unlock(static_cast<pthread_mutex_t *>(cs->mutex));
}

void Sleep(DWORD ms)
{
	std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

BOOL SetCurrentDirectory(const char *dir)
{
	return chdir(unix_path(dir).c_str()) == 0;
}

DWORD GetCurrentDirectory(DWORD size, char *buf)
{
	return getcwd(buf, size) ? static_cast<DWORD>(strlen(buf)) : 0;
}

BOOL CreateDirectory(const char *dir, void *)
{
	return mkdir(unix_path(dir).c_str(), 0777) == 0;
}

BOOL DeleteFile(const char *name)
{
	return unlink(unix_path(name).c_str()) == 0;
}

BOOL PathAppend(char *path, const char *more)
{
	size_t n = strlen(path);
	if (n > 0 && path[n - 1] != '\\' && path[n - 1] != '/')
		strcat(path, "\\");
	strcat(path, more);
	return TRUE;
}

BOOL GlobalMemoryStatusEx(MEMORYSTATUSEX *m)
{
	struct sysinfo si;
	if (sysinfo(&si) != 0)
		return FALSE;
	m->ullTotalPhys = static_cast<DWORDLONG>(si.totalram) * si.mem_unit;
	m->ullAvailPhys = static_cast<DWORDLONG>(si.freeram) * si.mem_unit;
	return TRUE;
}

DWORD GetModuleFileName(HMODULE, char *name, DWORD size)
{
	snprintf(name, size, "%s\\CheckerBoard.exe", cbshim_install_folder());
	return static_cast<DWORD>(strlen(name));
}

HRESULT SHGetFolderPath(HWND, int, HANDLE, DWORD, char *path)
{
	snprintf(path, MAX_PATH, "%s\\Documents", cbshim_install_folder());
	CreateDirectory(path, nullptr);
	return 0;
}

LONG RegCreateKeyEx(HKEY, const char *, DWORD, const char *, DWORD, DWORD, void *, HKEY *result, DWORD *disposition)
{
	*result = HKEY_CURRENT_USER;
	if (disposition)
		*disposition = REG_CREATED_NEW_KEY;  // a first run: CheckerBoard's defaults
	return ERROR_SUCCESS;
}

LONG RegQueryValueEx(HKEY, const char *, DWORD *, DWORD *, BYTE *, DWORD *)
{
	return ERROR_FILE_NOT_FOUND;
}

LONG RegSetValueEx(HKEY, const char *, DWORD, DWORD, const BYTE *, DWORD)
{
	return ERROR_SUCCESS;
}

LONG RegCloseKey(HKEY)
{
	return ERROR_SUCCESS;
}

HINSTANCE ShellExecute(HWND, const char *, const char *file, const char *, const char *, int)
{
	cbshim_shell_open(file ? file : "");
	return reinterpret_cast<HINSTANCE>(static_cast<uintptr_t>(42));  // above 32: opened
}

FILE *cbshim_fopen(const char *name, const char *mode)
{
	return fopen(unix_path(name).c_str(), mode);
}
