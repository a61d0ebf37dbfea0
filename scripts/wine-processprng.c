/*
 * bcryptprimitives.dll for old wine: a test aid of scripts/windows-check, never shipped.
 *
 * Rust's standard library (1.78 on) takes its random bytes (HashMap seeds, and through it every
 * Rust program) from ProcessPrng in bcryptprimitives.dll. Debian 12's wine 8 has no such DLL, so
 * every Rust .exe stops before main with "bcryptprimitives.dll not found". The check builds this
 * file with mingw-w64 and puts the DLL beside the .exe it runs, in a temporary folder: ProcessPrng
 * is forwarded to advapi32's RtlGenRandom (exported as SystemFunction036), which every wine has
 * and which is what std itself called before 1.78. Real Windows (10 and later) has the real DLL.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* Fills `data` with `length` random bytes; TRUE when done, as the real one (which never fails). */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    /* RtlGenRandom takes a 32-bit length: a larger request goes in pieces. */
    while (length > 0) {
        ULONG piece = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, piece))
            return FALSE;
        data += piece;
        length -= piece;
    }
    return TRUE;
}
