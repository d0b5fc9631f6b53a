/* drawer: board pictures drawn in a process of their own.
 *
 * The referee holds the ledger (raw mail, token hashes, hidden cards);
 * librsvg, cairo and libimagequant are most of its memory and read what a
 * template makes. So the referee never loads them: on the first picture of
 * a run it starts its own binary afresh (fork + exec, nothing of the
 * parent's memory shared) in a hidden mode that holds only a socket, and
 * sends it the SVG; the worker answers with the PNG board_png_palette
 * makes, byte for byte the one the referee would have made, or with the
 * sentence of its diag.
 *
 * Frames, native byte order (both ends are the same binary):
 *   request   u32 svg bytes, i32 width, i32 colours, u32 CPU seconds, SVG
 *   answer    u32 kind (DRAWER_PNG or DRAWER_ERR), u32 bytes, the bytes
 * A worker that dies, answers anything else or takes longer than its time
 * costs that picture (-1 and a diag); it is started again once per run, and
 * after a second failure pictures are off until the next run. */
#ifndef AZ_DRAWER_H
#define AZ_DRAWER_H

#include <stddef.h>
#include <sys/types.h>

#include "core/buf.h"
#include "core/diag.h"

/* The argument that makes azalai a worker (its only argument). */
#define DRAWER_ARG "--draw-worker"
/* The largest SVG sent and the largest PNG taken back. */
#define DRAWER_SVG_MAX (4u << 20)
#define DRAWER_PNG_MAX (32u << 20)
/* Seconds of CPU a picture may take, and of wall time (the worker may also
 * wait, and be waited for); the worker's data segment, in bytes. */
#define DRAWER_CPU_SECONDS 20
#define DRAWER_WALL_SECONDS 40
#define DRAWER_DATA_MAX (1024ul << 20)

enum { DRAWER_PNG = 1, DRAWER_ERR = 2 };

/* Pictures are drawn by running exe with the single argument arg (NULL
 * exe: in this process, with board_png_palette, as the tests and the
 * archive do). cpu is the CPU seconds a picture may take in the worker,
 * wall the seconds the referee waits for it (0: the defaults above). */
void drawer_use(const char *exe, const char *arg, int cpu, int wall);
/* board_png_palette through the worker when one is in use. */
int drawer_png(const char *svg, size_t len, int width, int colors, struct buf *png,
    struct diag *);
/* The worker's process id, -1 when none runs (for the tests). */
pid_t drawer_pid(void);
/* Ends the worker (an EOF it exits on) and waits for it; pictures may
 * start another. */
void drawer_stop(void);

/* The worker: answers the requests on fd until it is closed; the exit
 * status of the process. */
int drawer_worker(int fd);

#endif
