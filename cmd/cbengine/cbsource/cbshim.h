// cbshim.h: the Windows API that CheckerBoard's source uses, as far as
// compiling and running it on Linux needs (make test-cb-source,
// docs/checkerboard.md). Every header name CheckerBoard includes from the
// Windows SDK (windows.h, commctrl.h, shlwapi.h, ...) is made, at build
// time, to include this file; CheckerBoard's own files are compiled as
// they are.
//
// Three kinds of name: the types and constants its code spells (the
// Windows SDK's values where one matters); the calls that work
// (cbshim.cpp: the main window's messages and timer, dialog boxes and
// their controls, LoadLibrary over dlopen, threads and locks over pthreads,
// a wall clock for clock(), files, an empty registry, message boxes
// recorded); and every other call of the GUI (drawing, menus, toolbar,
// clipboard, sound), which does nothing.
#pragma once
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <time.h>
#include <assert.h>
#include <algorithm>
#include <string>
#include <type_traits>

// ---- types ----
typedef int BOOL;
typedef int INT;
typedef unsigned int UINT;
typedef unsigned long DWORD;
typedef unsigned short WORD;
typedef unsigned char BYTE;
typedef long LONG;
typedef char CHAR;
typedef char TCHAR;
typedef uintptr_t WPARAM;
typedef intptr_t LPARAM;
typedef intptr_t LRESULT;
typedef intptr_t INT_PTR;
typedef uintptr_t UINT_PTR;
typedef uintptr_t DWORD_PTR;
typedef unsigned long COLORREF;
typedef char *LPSTR;
typedef const char *LPCSTR;
typedef const char *LPCTSTR;
typedef char *LPTSTR;
typedef void *LPVOID;
typedef DWORD *LPDWORD;
typedef void *HANDLE;
struct cbshim_handle;
typedef struct cbshim_handle *HWND, *HMENU, *HINSTANCE, *HMODULE, *HDC, *HICON, *HBITMAP, *HBRUSH,
	*HPEN, *HFONT, *HGDIOBJ, *HACCEL, *HCURSOR, *HGLOBAL, *HKEY, *HINTERNET, *HRGN, *HDROP;
typedef HKEY *PHKEY;
typedef long HRESULT;
#define WINAPI
#define CALLBACK
#define APIENTRY
#define __stdcall
#define __cdecl
typedef LRESULT (*WNDPROC)(HWND, UINT, WPARAM, LPARAM);
typedef INT_PTR (*DLGPROC)(HWND, UINT, WPARAM, LPARAM);
typedef DWORD (*LPTHREAD_START_ROUTINE)(LPVOID);
typedef intptr_t (*FARPROC)();
typedef BYTE *LPBYTE;
typedef char *PTSTR;
typedef void *LPITEMIDLIST;
typedef long long LONGLONG;
typedef unsigned long long DWORDLONG;

struct POINT { LONG x, y; };
struct RECT { LONG left, top, right, bottom; };
typedef RECT *LPRECT;
struct MSG { HWND hwnd; UINT message; WPARAM wParam; LPARAM lParam; DWORD time; POINT pt; };
struct PAINTSTRUCT { HDC hdc; BOOL fErase; RECT rcPaint; };
struct NMHDR { HWND hwndFrom; UINT_PTR idFrom; UINT code; };
typedef NMHDR *LPNMHDR;
struct TOOLTIPTEXT { NMHDR hdr; LPSTR lpszText; char szText[80]; HINSTANCE hinst; UINT uFlags; };
typedef TOOLTIPTEXT *LPTOOLTIPTEXT;
struct TBBUTTON { int iBitmap; int idCommand; BYTE fsState; BYTE fsStyle; DWORD_PTR dwData; INT_PTR iString; };
typedef TBBUTTON *LPTBBUTTON;
struct TBADDBITMAP { HINSTANCE hInst; UINT_PTR nID; };
struct INITCOMMONCONTROLSEX { DWORD dwSize; DWORD dwICC; };
struct WNDCLASS {
	UINT style; WNDPROC lpfnWndProc; int cbClsExtra; int cbWndExtra; HINSTANCE hInstance; HICON hIcon;
	HCURSOR hCursor; HBRUSH hbrBackground; LPCSTR lpszMenuName; LPCSTR lpszClassName;
};
struct OPENFILENAME {
	DWORD lStructSize; HWND hwndOwner; HINSTANCE hInstance; LPCSTR lpstrFilter; LPSTR lpstrCustomFilter;
	DWORD nMaxCustFilter; DWORD nFilterIndex; LPSTR lpstrFile; DWORD nMaxFile; LPSTR lpstrFileTitle;
	DWORD nMaxFileTitle; LPCSTR lpstrInitialDir; LPCSTR lpstrTitle; DWORD Flags; WORD nFileOffset;
	WORD nFileExtension; LPCSTR lpstrDefExt; LPARAM lCustData; void *lpfnHook; LPCSTR lpTemplateName;
};
struct CHOOSECOLOR {
	DWORD lStructSize; HWND hwndOwner; HWND hInstance; COLORREF rgbResult; COLORREF *lpCustColors;
	DWORD Flags; LPARAM lCustData; void *lpfnHook; LPCSTR lpTemplateName;
};
struct FILETIME { DWORD dwLowDateTime, dwHighDateTime; };
struct WIN32_FIND_DATA {
	DWORD dwFileAttributes; FILETIME ftCreationTime, ftLastAccessTime, ftLastWriteTime;
	DWORD nFileSizeHigh, nFileSizeLow, dwReserved0, dwReserved1; char cFileName[260]; char cAlternateFileName[14];
};
struct BITMAPFILEHEADER { WORD bfType; DWORD bfSize; WORD bfReserved1, bfReserved2; DWORD bfOffBits; };
struct BITMAPINFOHEADER {
	DWORD biSize; LONG biWidth, biHeight; WORD biPlanes, biBitCount; DWORD biCompression, biSizeImage;
	LONG biXPelsPerMeter, biYPelsPerMeter; DWORD biClrUsed, biClrImportant;
};
struct RGBQUAD { BYTE rgbBlue, rgbGreen, rgbRed, rgbReserved; };
struct BITMAPINFO { BITMAPINFOHEADER bmiHeader; RGBQUAD bmiColors[1]; };
struct BROWSEINFO {
	HWND hwndOwner; LPITEMIDLIST pidlRoot; LPSTR pszDisplayName; LPCSTR lpszTitle; UINT ulFlags;
	int (*lpfn)(HWND, UINT, LPARAM, LPARAM); LPARAM lParam; int iImage;
};
struct HD_ITEM { UINT mask; int cxy; LPSTR pszText; HBITMAP hbm; int cchTextMax; int fmt; LPARAM lParam; };
struct WINDOWPOS { HWND hwnd, hwndInsertAfter; int x, y, cx, cy; UINT flags; };
struct HD_LAYOUT { RECT *prc; WINDOWPOS *pwpos; };
struct HD_NOTIFY { NMHDR hdr; int iItem; int iButton; HD_ITEM *pitem; };
struct MEMORYSTATUSEX {
	DWORD dwLength, dwMemoryLoad; DWORDLONG ullTotalPhys, ullAvailPhys, ullTotalPageFile, ullAvailPageFile,
	ullTotalVirtual, ullAvailVirtual, ullAvailExtendedVirtual;
};
struct MENUBARINFO { DWORD cbSize; RECT rcBar; HMENU hMenu; HWND hwndMenu; BOOL fBarFocused, fFocused; };
struct CRITICAL_SECTION { void *mutex; };

// ---- what the driver (driver.cpp) answers for the shim ----
// A message box shown (recorded; the answer is OK, or No to a question).
void cbshim_message_box(const char *text, const char *caption);
// An engine function CheckerBoard asked GetProcAddress for: the driver may
// hand back a function of its own that counts and checks, then calls fn.
FARPROC cbshim_engine_export(const char *name, FARPROC fn);
// A dialog box opened by CheckerBoard's code, after its WM_INITDIALOG: the
// driver, as the user, sets its controls and names the button to press.
int cbshim_dialog_user(const char *name, HWND dialog);
// A file ShellExecute would open (the engine's help).
void cbshim_shell_open(const char *file);
// The folder that stands for CheckerBoard's installation (its executable's).
const char *cbshim_install_folder(void);
// Milliseconds since the start: clock() below.
long cbshim_clock(void);
// How many times LoadLibrary loaded a library, and FreeLibrary was called.
void cbshim_library_counts(int *loaded, int *freed);
// Returns once the window has handled every message posted before the call.
void cbshim_sync(void);

// ---- constants ----
#define TRUE 1
#define FALSE 0
#define MAX_PATH 260
#define INFINITE 0xFFFFFFFF
#define CLK_TCK 1000
#define INVALID_HANDLE_VALUE ((HANDLE)(intptr_t)-1)
#define INVALID_FILE_SIZE ((DWORD)0xFFFFFFFF)
#define ERROR_SUCCESS 0L
#define ERROR_FILE_NOT_FOUND 2L
#define THREAD_PRIORITY_NORMAL 0
#define THREAD_PRIORITY_BELOW_NORMAL (-1)
#define IDOK 1
#define IDCANCEL 2
#define IDYES 6
#define IDNO 7
#define MB_OK 0x0
#define MB_YESNO 0x4
#define MB_ICONINFORMATION 0x40
#define BST_UNCHECKED 0
#define BST_CHECKED 1
#define WM_CREATE 0x0001
#define WM_DESTROY 0x0002
#define WM_QUIT 0x0012
#define WM_SIZE 0x0005
#define WM_ACTIVATE 0x0006
#define WM_SETTEXT 0x000C
#define WM_GETTEXT 0x000D
#define WM_PAINT 0x000F
#define WM_SETFONT 0x0030
#define WM_NOTIFY 0x004E
#define WM_INITDIALOG 0x0110
#define WM_COMMAND 0x0111
#define WM_TIMER 0x0113
#define WM_LBUTTONDOWN 0x0201
#define WM_RBUTTONDOWN 0x0204
#define WM_SIZING 0x0214
#define WM_DROPFILES 0x0233
#define WM_USER 0x0400
#define SB_SETTEXT (WM_USER + 1)
#define TB_CHECKBUTTON (WM_USER + 2)
#define TB_CHANGEBITMAP (WM_USER + 43)
#define TB_BUTTONSTRUCTSIZE (WM_USER + 30)
#define TB_ADDBITMAP (WM_USER + 19)
#define TB_ADDBUTTONS (WM_USER + 20)
#define TB_AUTOSIZE (WM_USER + 33)
#define BFFM_SETSELECTION (WM_USER + 102)
#define BFFM_SETSTATUSTEXT (WM_USER + 100)
#define BFFM_INITIALIZED 1
#define BFFM_SELCHANGED 2
#define TTN_NEEDTEXT (-520)
#define HDN_ENDTRACK (-306)
#define TBSTATE_ENABLED 0x04
#define TBSTYLE_BUTTON 0x00
#define TBSTYLE_SEP 0x01
#define TBSTYLE_TOOLTIPS 0x0100
#define TBSTYLE_FLAT 0x0800
#define CCS_ADJUSTABLE 0x20
#define STD_FILENEW 6
#define STD_FILEOPEN 7
#define STD_FILESAVE 8
#define STD_FIND 12
#define STD_UNDO 3
#define STD_REDOW 4
#define IDB_STD_SMALL_COLOR 0
#define HINST_COMMCTRL ((HINSTANCE)(intptr_t)-1)
#define ICC_BAR_CLASSES 0x4
#define ICC_COOL_CLASSES 0x400
#define CW_USEDEFAULT ((int)0x80000000)
#define WS_BORDER 0x00800000L
#define WS_CHILD 0x40000000L
#define WS_VISIBLE 0x10000000L
#define WS_MAXIMIZEBOX 0x00010000L
#define WS_OVERLAPPEDWINDOW 0x00CF0000L
#define SW_SHOW 5
#define SE_ERR_NOASSOC 31
#define COLOR_MENU 4
#define SM_CXSCREEN 0
#define SM_CYSCREEN 1
#define SM_CXSIZE 30
#define SM_CYMENU 15
#define SM_CXSIZEFRAME 32
#define SRCCOPY 0x00CC0020
#define SRCPAINT 0x00EE0086
#define SRCAND 0x008800C6
#define PATCOPY 0x00F00021
#define BLACKNESS 0x00000042
#define HALFTONE 4
#define TRANSPARENT 1
#define PS_SOLID 0
#define BLACK_PEN 7
#define WHITE_PEN 6
#define WHITE_BRUSH 0
#define DKGRAY_BRUSH 3
#define DEFAULT_GUI_FONT 17
#define ANSI_CHARSET 0
#define OUT_DEFAULT_PRECIS 0
#define CLIP_DEFAULT_PRECIS 0
#define DEFAULT_QUALITY 0
#define DEFAULT_PITCH 0
#define FF_SCRIPT 0x40
#define DIB_RGB_COLORS 0
#define CBM_INIT 4
#define CF_TEXT 1
#define CF_BITMAP 2
#define GHND 0x42
#define GMEM_DDESHARE 0x2000
#define MF_STRING 0
#define MF_BYPOSITION 0x400
#define MF_CHECKED 0x8
#define MF_UNCHECKED 0
#define OBJID_MENU ((LONG)0xFFFFFFFD)
#define SND_ASYNC 1
#define SND_FILENAME 0x20000
#define FILE_ATTRIBUTE_READONLY 1
#define FILE_ATTRIBUTE_DIRECTORY 0x10
#define FILE_SHARE_READ 1
#define FILE_FLAG_SEQUENTIAL_SCAN 0x08000000
#define GENERIC_READ 0x80000000
#define OPEN_EXISTING 3
#define OFN_HIDEREADONLY 4
#define OFN_PATHMUSTEXIST 0x800
#define CC_RGBINIT 1
#define CC_FULLOPEN 2
#define CSIDL_PERSONAL 5
#define BIF_RETURNONLYFSDIRS 1
#define BIF_RETURNFSANCESTORS 8
#define BIF_USENEWUI 0x50
#define HKEY_CURRENT_USER ((HKEY)(uintptr_t)0x80000001)
#define KEY_READ 0x20019
#define KEY_WRITE 0x20006
#define REG_BINARY 3
#define REG_CREATED_NEW_KEY 1
#define REG_OPENED_EXISTING_KEY 2
#define GWL_HINSTANCE (-6)
#define HWND_TOP ((HWND)0)
#define HWND_DESKTOP ((HWND)0)
#define SWP_NOSIZE 1
#define LB_ERR (-1)
#define LB_ADDSTRING 0x180
#define LB_DELETESTRING 0x182
#define LB_SELECTSTRING 0x18C
#define LB_GETTEXT 0x189
#define LB_GETCURSEL 0x188
#define LB_SETCURSEL 0x186
#define LB_RESETCONTENT 0x184
#define LB_SETTABSTOPS 0x192
#define LB_INITSTORAGE 0x1A8
#define LB_DIR 0x18D
#define LBN_DBLCLK 2
#define CB_ADDSTRING 0x143
#define CB_GETCURSEL 0x147
#define CB_SETCURSEL 0x14E
#define CBN_SELCHANGE 1
#define BM_GETCHECK 0xF0
#define BM_SETCHECK 0xF1
#define HDF_LEFT 0
#define HDF_STRING 0x4000
#define HDI_WIDTH 1
#define HDI_TEXT 2
#define HDI_FORMAT 4
#define WC_HEADER "SysHeader32"
#define STATUSCLASSNAME "msctls_statusbar32"
#define TOOLBARCLASSNAME "ToolbarWindow32"
#define IDC_ARROW ((LPCSTR)32512)

// ---- macros of the Windows headers ----
#define LOWORD(l) ((WORD)(((DWORD_PTR)(l)) & 0xffff))
#define HIWORD(l) ((WORD)((((DWORD_PTR)(l)) >> 16) & 0xffff))
#define MAKELONG(a, b) ((LONG)(((WORD)(((DWORD_PTR)(a)) & 0xffff)) | ((DWORD)((WORD)(((DWORD_PTR)(b)) & 0xffff))) << 16))
#define MAKELPARAM(l, h) ((LPARAM)(DWORD)MAKELONG(l, h))
#define MAKEINTRESOURCE(i) ((LPSTR)((uintptr_t)((WORD)(i))))
#define RGB(r, g, b) ((COLORREF)(((BYTE)(r) | ((WORD)((BYTE)(g)) << 8)) | (((DWORD)(BYTE)(b)) << 16)))
#define PALETTERGB(r, g, b) (0x02000000 | RGB(r, g, b))
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#define PtrToLong(p) ((long)(intptr_t)(p))
inline double max(double a, double b) { return a > b ? a : b; }
inline double min(double a, double b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline int min(int a, int b) { return a < b ? a : b; }
inline char *_strlwr(char *s) { for (char *p = s; *p; ++p) *p = (char)tolower((unsigned char)*p); return s; }
inline unsigned char _BitScanForward(unsigned long *index, unsigned long mask)
{
	if (mask == 0)
		return 0;
	*index = (unsigned long)__builtin_ctzl(mask);
	return 1;
}

// ---- the calls that work ----
// clock() is wall time in milliseconds, as Microsoft's C library has it
// (CLK_TCK 1000); glibc's clock() is the process's CPU time, which would
// charge CheckerBoard's clocks every engine thread's time.
#define clock() cbshim_clock()
int MessageBox(HWND hwnd, const char *text, const char *caption, UINT type);
BOOL PostMessage(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam);
LRESULT SendMessage(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam);
HINSTANCE LoadLibrary(const char *name);
FARPROC GetProcAddress(HINSTANCE lib, const char *name);
BOOL FreeLibrary(HINSTANCE lib);
HMODULE GetModuleHandle(const char *name);
HANDLE CreateThread(void *attributes, size_t stack, LPTHREAD_START_ROUTINE start, LPVOID param, DWORD flags, DWORD *id);
HANDLE CreateMutex(void *attributes, BOOL owned, const char *name);
DWORD WaitForSingleObject(HANDLE h, DWORD ms);
BOOL ReleaseMutex(HANDLE h);
BOOL CloseHandle(HANDLE h);
void InitializeCriticalSection(CRITICAL_SECTION *cs);
void EnterCriticalSection(CRITICAL_SECTION *cs);
void LeaveCriticalSection(CRITICAL_SECTION *cs);
void Sleep(DWORD ms);
BOOL SetCurrentDirectory(const char *dir);
DWORD GetCurrentDirectory(DWORD size, char *buf);
BOOL CreateDirectory(const char *dir, void *attributes);
BOOL DeleteFile(const char *name);
BOOL PathAppend(char *path, const char *more);
BOOL GlobalMemoryStatusEx(MEMORYSTATUSEX *m);

// the window, its messages and its timer (the driver's WinMain runs the loop)
BOOL RegisterClass(const WNDCLASS *wc);
HWND CreateWindow(const char *cls, const char *title, DWORD style, int x, int y, int w, int h, HWND parent,
	HMENU menu, HINSTANCE inst, LPVOID param);
BOOL GetMessage(MSG *msg, HWND hwnd, UINT min, UINT max);
LRESULT DispatchMessage(const MSG *msg);
void PostQuitMessage(int code);
UINT_PTR SetTimer(HWND hwnd, UINT_PTR id, UINT ms, void *fn);
BOOL SetWindowText(HWND hwnd, const char *text);
BOOL GetClientRect(HWND hwnd, RECT *r);
BOOL GetWindowRect(HWND hwnd, RECT *r);
// dialogs: the driver plays the user, controls hold what is set in them
INT_PTR DialogBox(HINSTANCE inst, const char *name, HWND parent, DLGPROC proc);
BOOL EndDialog(HWND dlg, INT_PTR result);
HWND GetDlgItem(HWND dlg, int id);
BOOL SetDlgItemText(HWND dlg, int id, const char *text);
UINT GetDlgItemText(HWND dlg, int id, char *text, int size);
BOOL SetDlgItemInt(HWND dlg, int id, UINT value, BOOL is_signed);
UINT GetDlgItemInt(HWND dlg, int id, BOOL *ok, BOOL is_signed);
LRESULT SendDlgItemMessage(HWND dlg, int id, UINT msg, WPARAM wparam, LPARAM lparam);
// the program's folder, its documents folder, its registry (always empty)
DWORD GetModuleFileName(HMODULE module, char *name, DWORD size);
HRESULT SHGetFolderPath(HWND hwnd, int folder, HANDLE token, DWORD flags, char *path);
LONG RegCreateKeyEx(HKEY key, const char *subkey, DWORD reserved, const char *cls, DWORD options, DWORD sam,
	void *security, HKEY *result, DWORD *disposition);
LONG RegQueryValueEx(HKEY key, const char *name, DWORD *reserved, DWORD *type, BYTE *data, DWORD *size);
LONG RegSetValueEx(HKEY key, const char *name, DWORD reserved, DWORD type, const BYTE *data, DWORD size);
LONG RegCloseKey(HKEY key);
HINSTANCE ShellExecute(HWND hwnd, const char *verb, const char *file, const char *params, const char *dir, int show);
// files: CheckerBoard writes Windows paths; fopen takes either separator
FILE *cbshim_fopen(const char *name, const char *mode);
#define fopen(name, mode) cbshim_fopen(name, mode)

// ---- everything else does nothing ----
// A call of the GUI's becomes a value that converts to zero, false or a
// null pointer of whatever type its caller wants; its arguments are not
// evaluated (none of CheckerBoard's has a side effect the game needs).
struct cbshim_nothing {
	operator long() const { return 0; }
	template <class T> operator T *() const { return nullptr; }
	template <class T, class = typename std::enable_if<std::is_enum<T>::value>::type> operator T() const { return T(); }
};
#define CBSHIM_NOTHING(...) (cbshim_nothing{})
#define AppendMenu(...) CBSHIM_NOTHING()
#define BeginPaint(...) CBSHIM_NOTHING()
#define BitBlt(...) CBSHIM_NOTHING()
#define CheckMenuItem(...) CBSHIM_NOTHING()
#define ChooseColor(...) CBSHIM_NOTHING()
#define CloseClipboard(...) CBSHIM_NOTHING()
#define CoTaskMemFree(...) CBSHIM_NOTHING()
#define CommDlgExtendedError(...) CBSHIM_NOTHING()
#define CopyRect(...) CBSHIM_NOTHING()
#define CreateCompatibleBitmap(...) CBSHIM_NOTHING()
#define CreateCompatibleDC(...) CBSHIM_NOTHING()
#define CreateDIBitmap(...) CBSHIM_NOTHING()
#define CreateFile(...) CBSHIM_NOTHING()
#define CreateFont(...) CBSHIM_NOTHING()
#define CreatePen(...) CBSHIM_NOTHING()
#define CreateSemaphore(...) CBSHIM_NOTHING()
#define CreateWindowEx(...) CBSHIM_NOTHING()
#define DefWindowProc(...) CBSHIM_NOTHING()
#define DeleteMenu(...) CBSHIM_NOTHING()
#define DeleteObject(...) CBSHIM_NOTHING()
#define DestroyMenu(...) CBSHIM_NOTHING()
#define DragAcceptFiles(...) CBSHIM_NOTHING()
#define DragFinish(...) CBSHIM_NOTHING()
#define DragQueryFile(...) CBSHIM_NOTHING()
#define DrawMenuBar(...) CBSHIM_NOTHING()
#define EmptyClipboard(...) CBSHIM_NOTHING()
#define EnableWindow(...) CBSHIM_NOTHING()
#define EndPaint(...) CBSHIM_NOTHING()
#define FillRect(...) CBSHIM_NOTHING()
#define FindFirstFile(...) CBSHIM_NOTHING()
#define FindNextFile(...) CBSHIM_NOTHING()
#define GetClipboardData(...) CBSHIM_NOTHING()
#define GetDC(...) CBSHIM_NOTHING()
#define GetDesktopWindow(...) CBSHIM_NOTHING()
#define GetDlgCtrlID(...) CBSHIM_NOTHING()
#define GetFileSize(...) CBSHIM_NOTHING()
#define GetLastError(...) CBSHIM_NOTHING()
#define GetMenuBarInfo(...) CBSHIM_NOTHING()
#define GetOpenFileName(...) CBSHIM_NOTHING()
#define GetParent(...) CBSHIM_NOTHING()
#define GetSaveFileName(...) CBSHIM_NOTHING()
#define GetStockObject(...) CBSHIM_NOTHING()
#define GetSubMenu(...) CBSHIM_NOTHING()
#define GetSysColor(...) CBSHIM_NOTHING()
#define GetSysColorBrush(...) CBSHIM_NOTHING()
#define GetSystemMetrics(...) CBSHIM_NOTHING()
#define GlobalAlloc(...) CBSHIM_NOTHING()
#define GlobalLock(...) CBSHIM_NOTHING()
#define GlobalUnlock(...) CBSHIM_NOTHING()
#define Header_InsertItem(...) CBSHIM_NOTHING()
#define Header_Layout(...) CBSHIM_NOTHING()
#define InitCommonControlsEx(...) CBSHIM_NOTHING()
#define InvalidateRect(...) CBSHIM_NOTHING()
#define LineTo(...) CBSHIM_NOTHING()
#define LoadAccelerators(...) CBSHIM_NOTHING()
#define LoadCursor(...) CBSHIM_NOTHING()
#define LoadIcon(...) CBSHIM_NOTHING()
#define LoadMenu(...) CBSHIM_NOTHING()
#define MoveToEx(...) CBSHIM_NOTHING()
#define MoveWindow(...) CBSHIM_NOTHING()
#define OffsetRect(...) CBSHIM_NOTHING()
#define OpenClipboard(...) CBSHIM_NOTHING()
#define PatBlt(...) CBSHIM_NOTHING()
#define PlaySound(...) CBSHIM_NOTHING()
#define ReadFile(...) CBSHIM_NOTHING()
#define ReleaseDC(...) CBSHIM_NOTHING()
#define SHBrowseForFolder(...) CBSHIM_NOTHING()
#define SHGetPathFromIDList(...) CBSHIM_NOTHING()
#define SelectObject(...) CBSHIM_NOTHING()
#define SetBkMode(...) CBSHIM_NOTHING()
#define SetClipboardData(...) CBSHIM_NOTHING()
#define SetFocus(...) CBSHIM_NOTHING()
#define SetMenu(...) CBSHIM_NOTHING()
#define SetStretchBltMode(...) CBSHIM_NOTHING()
#define SetTextColor(...) CBSHIM_NOTHING()
#define SetThreadPriority(...) CBSHIM_NOTHING()
#define SetWindowPos(...) CBSHIM_NOTHING()
#define ShowWindow(...) CBSHIM_NOTHING()
#define StretchBlt(...) CBSHIM_NOTHING()
#define TextOut(...) CBSHIM_NOTHING()
#define TranslateAccelerator(...) CBSHIM_NOTHING()
#define TranslateMessage(...) CBSHIM_NOTHING()
#define UpdateWindow(...) CBSHIM_NOTHING()
#define __cpuid(...) CBSHIM_NOTHING()
#define _fcloseall(...) CBSHIM_NOTHING()
#define GetWindowLongPtr(...) CBSHIM_NOTHING()
