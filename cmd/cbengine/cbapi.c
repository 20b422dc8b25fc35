/* cbapi.c: the exported CheckerBoard entry points, with exactly the API's
 * prototypes (checked against cbapi.h by the compiler), handing over to
 * the Go functions that do the work; on Windows also DllMain, which pins
 * the library in the process. */
#include "cbapi.h"
#include "_cgo_export.h"

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

int enginecommand(char command[256], char reply[1024])
{
	return crownEngineCommand(command, reply);
}
