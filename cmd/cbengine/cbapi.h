/* cbapi.h: CheckerBoard's engine interface as Crown's library exports it.
 *
 * The types, codes and prototypes are those of CheckerBoard's public API
 * (cb_interface.h): a host that loads the library declares the same ones.
 * 64-bit hosts only: 32-bit CheckerBoard calls engines __stdcall, which
 * this library does not provide (see docs/checkerboard.md).
 */
#ifndef CROWN_CBAPI_H
#define CROWN_CBAPI_H

/* Piece codes on board[8][8]. */
#define CB_FREE 0
#define CB_WHITE 1
#define CB_BLACK 2
#define CB_MAN 4
#define CB_KING 8

/* Return values of getmove(): the result claim from the mover's view. */
#define CB_DRAW 0
#define CB_WIN 1
#define CB_LOSS 2
#define CB_UNKNOWN 3

/* getmove() info bits; bits 2-3 select the incremental clock's unit. */
#define CB_RESET_MOVES 1
#define CB_EXACT_TIME 2
#define CB_INCR_TIME_SHIFT 2

/* Buffer sizes of the interface. */
#define CB_STATUS_SIZE 1024
#define ENGINECOMMAND_REPLY_SIZE 1024

/* Crown's own bound on a command's length: the API says 256 bytes, but
 * CheckerBoard's set gamehist is as long as the game (cbapi.c). */
#define CROWN_COMMAND_MAX 65536

struct coor {
	int x;
	int y;
};

struct CBmove {
	int jumps;            /* number of pieces captured */
	int newpiece;         /* piece code that lands on 'to' */
	int oldpiece;         /* piece code that leaves 'from' */
	struct coor from, to; /* squares in board[x][y] coordinates */
	struct coor path[12]; /* landing squares: path[1..jumps-1] intermediate */
	struct coor del[12];  /* captured squares */
	int delpiece[12];     /* their piece codes */
};

#ifdef _WIN32
#define CB_EXPORT __declspec(dllexport)
#else
#define CB_EXPORT __attribute__((visibility("default")))
#endif

CB_EXPORT int getmove(int board[8][8], int color, double maxtime, char str[1024], int *playnow,
	int info, int moreinfo, struct CBmove *move);
CB_EXPORT int enginecommand(char command[256], char reply[1024]);

#endif
