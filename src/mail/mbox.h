/* mbox: where the messages of an mbox file begin and end. GMime finds the
 * "From " lines; this knows nothing of the ledger, so it can be fuzzed. */
#ifndef AZ_MBOX_H
#define AZ_MBOX_H

#include <stddef.h>

/* Calls each(arg, begin, end) for every message of raw[0..len) in order,
 * with raw[begin..end) its header and body (without the "From " line), so
 * 0 <= begin < end <= len and each begin is at or after the end before it.
 * Stops at the first nonzero return of each and returns it; else 0. */
int mbox_split(const char *raw, size_t len,
    int (*each)(void *arg, size_t begin, size_t end), void *arg);

#endif
