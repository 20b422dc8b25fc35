/* cbapi.c: the exported CheckerBoard entry points, with exactly the API's
 * prototypes (checked against cbapi.h by the compiler), handing over to
 * the Go functions that do the work. */
#include "cbapi.h"
#include "_cgo_export.h"

int getmove(int board[8][8], int color, double maxtime, char str[1024], int *playnow,
	int info, int moreinfo, struct CBmove *move)
{
	return crownGetMove((int *)board, color, maxtime, str, playnow, info, moreinfo, move);
}

int enginecommand(char command[256], char reply[1024])
{
	return crownEngineCommand(command, reply);
}
