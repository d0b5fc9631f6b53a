/* drawer: board pictures drawn by a program of their own, azalai-draw.
 *
 * The referee holds the ledger (raw mail, token hashes, hidden cards);
 * librsvg, cairo and libimagequant are most of a drawing's memory and read
 * what a template makes. So the referee never loads them: on the first
 * picture of a run it starts azalai-draw (fork + exec, nothing of the
 * referee's memory, descriptors or secrets shared) with a socket, and
 * sends it the SVG; the program answers with the PNG (src/draw/raster.h's
 * board_png_palette) or with the sentence of its diag, in the frames of
 * core/drawproto.h.
 *
 * The program is $AZALAI_LIBEXECDIR/azalai-draw when that variable is set
 * (a build tree, an installation moved elsewhere), else the one installed
 * in $(pkglibexecdir). A program that is missing, dies, answers anything
 * else or takes longer than its time costs that picture (-1 and a diag);
 * it is started again once per run, and after a second failure pictures
 * are off until the next run. */
#ifndef AZ_DRAWER_H
#define AZ_DRAWER_H

#include <stddef.h>
#include <sys/types.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/drawproto.h"

/* Seconds of CPU a picture may take, and of wall time (the program may
 * also wait, and be waited for). */
#define DRAWER_CPU_SECONDS 20
#define DRAWER_WALL_SECONDS 40

/* Pictures are drawn by running exe with the single argument arg (NULL
 * exe: azalai-draw, found as above; NULL arg: none). cpu is the CPU
 * seconds a picture may take in the program, wall the seconds the referee
 * waits for it (0: the defaults above). A run that never calls this draws
 * with azalai-draw and the defaults. */
void drawer_use(const char *exe, const char *arg, int cpu, int wall);
/* The board picture of the SVG, width pixels wide with at most colors
 * colours, appended to png by the drawing program. */
int drawer_png(const char *svg, size_t len, int width, int colors, struct buf *png,
    struct diag *);
/* The program's process id, -1 when none runs (for the tests). */
pid_t drawer_pid(void);
/* Ends the program (an EOF it exits on) and waits for it; pictures may
 * start another. */
void drawer_stop(void);

#endif
