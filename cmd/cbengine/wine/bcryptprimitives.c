/* bcryptprimitives.c: a stand-in for Windows' bcryptprimitives.dll, for
 * Wine 8, which has none. Go's Windows runtime (1.22 and later) loads it
 * from the system folder when it starts and takes its random numbers from
 * ProcessPrng, present since Windows 10; without it the runtime stops at
 * once ("bcryptprimitives.dll not found"). make test-wine copies the
 * built stub into the Wine prefix's system32; Windows 10 and later have
 * the real one, and nothing else uses this. ProcessPrng here is RtlGenRandom
 * (advapi32's SystemFunction036, in Wine too): random bytes from the
 * system's generator, in pieces of what a ULONG can count. */
#include <windows.h>
#include <ntsecapi.h>

#define PIECE 0x40000000UL /* bytes asked of RtlGenRandom at a time */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len < PIECE ? (ULONG)len : PIECE;

		if (!RtlGenRandom(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
