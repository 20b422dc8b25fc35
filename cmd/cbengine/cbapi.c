/* cbapi.c: the exported CheckerBoard entry points, with exactly the API's
 * prototypes (checked against cbapi.h by the compiler), handing over to
 * the Go functions that do the work; on Windows also DllMain, which pins
 * the library in the process. */
#define _GNU_SOURCE /* process_vm_readv */
#include "cbapi.h"
#include "_cgo_export.h"

#include <stdint.h>

#ifdef _WIN32
#include <windows.h>

/* A Go runtime cannot be unloaded (golang/go#11100; crashes after
 * FreeLibrary, #32497): its threads, started when the library loads, would
 * go on running in unmapped code. CheckerBoard calls FreeLibrary when the
 * user switches engines and at exit, so the library pins itself: once
 * loaded it stays until the process ends, FreeLibrary only drops a count
 * (the ELF library has the same from the linker's NODELETE flag).
 *
 * It pins in DLL_PROCESS_ATTACH because that covers every host, even one
 * that loads and frees the library without calling it, while Go's runtime
 * is already starting: the C runtime runs the constructors, Go's among
 * them (it starts the runtime on a thread of its own), before DllMain.
 * GetModuleHandleExW only finds the module that holds this function and
 * marks it pinned; it loads nothing and waits for no thread, so it is safe
 * under the loader lock DllMain holds. A failure is not fatal: the library
 * still works, as before, until a host unloads it; refusing to load would
 * unload a runtime already started. */
BOOL WINAPI DllMain(HINSTANCE dll, DWORD reason, LPVOID reserved)
{
	HMODULE self;

	(void)dll;
	(void)reserved;
	if (reason == DLL_PROCESS_ATTACH)
		GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_PIN | GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS,
			(LPCWSTR)(void *)DllMain, &self);
	return TRUE;
}
#endif

int getmove(int board[8][8], int color, double maxtime, char str[1024], int *playnow,
	int info, int moreinfo, struct CBmove *move)
{
	return crownGetMove((int *)board, color, maxtime, str, playnow, info, moreinfo, move);
}

/* The API gives enginecommand a command of 256 bytes, but CheckerBoard's
 * own set gamehist is as long as the game (utility.c builds it in a
 * std::string), so the command's end is looked for past 256 bytes too,
 * up to CROWN_COMMAND_MAX (cbapi.h), but only in memory that can be read: a host's
 * command without its NUL, next to a page it cannot read, would otherwise
 * crash it. The first 256 bytes the API promises; past them each new page
 * is asked first. */
#define CB_COMMAND_API 256

#ifdef _WIN32
/* readable reports whether the page holding p can be read. */
static int readable(const char *p)
{
	MEMORY_BASIC_INFORMATION m;

	if (VirtualQuery(p, &m, sizeof m) == 0 || m.State != MEM_COMMIT)
		return 0;
	return !(m.Protect & (PAGE_NOACCESS | PAGE_GUARD));
}

static uintptr_t page_size(void)
{
	SYSTEM_INFO si;

	GetSystemInfo(&si);
	return si.dwPageSize;
}
#else
#include <sys/uio.h>
#include <unistd.h>

/* readable reports whether the byte at p can be read: the kernel copies
 * it (process_vm_readv on this process), failing with EFAULT where a read
 * would fault. */
static int readable(const char *p)
{
	char b;
	struct iovec local = { &b, 1 }, remote = { (void *)p, 1 };

	return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == 1;
}

static uintptr_t page_size(void)
{
	return (uintptr_t)sysconf(_SC_PAGESIZE);
}
#endif

/* command_length returns the length of the NUL-terminated command at p,
 * or -1 when no NUL comes within CROWN_COMMAND_MAX bytes or before memory
 * that cannot be read. */
static int command_length(const char *p)
{
	uintptr_t page = page_size();
	int i;

	for (i = 0; i < CROWN_COMMAND_MAX; i++) {
		if (i >= CB_COMMAND_API && ((uintptr_t)(p + i) % page == 0 || i == CB_COMMAND_API) && !readable(p + i))
			return -1;
		if (p[i] == 0)
			return i;
	}
	return -1;
}

int enginecommand(char command[256], char reply[1024])
{
	return crownEngineCommand(command, command == NULL ? 0 : command_length(command), reply);
}
