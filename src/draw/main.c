/* azalai-draw: the referee's drawing program (src/render/drawer.h). It
 * answers the requests of core/drawproto.h on descriptor 0, a socket the
 * referee holds, until EOF, and holds nothing else: not the ledger, not
 * the referee's environment. librsvg, cairo, libimagequant and libpng live
 * here, so the referee never loads them. */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sysexits.h>
#include <unistd.h>

#include "core/buf.h"
#include "core/diag.h"
#include "core/drawproto.h"
#include "core/xmalloc.h"
#include "draw/raster.h"

/* The limit of the data segment, in bytes. */
#define DATA_MAX (1024ul << 20)

/* 1 with all n bytes, 0 at an EOF before the first, -1 otherwise. */
static int
read_all(int fd, void *p, size_t n)
{
	char *c = p;
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, c + got, n - got);

		if (r == 0)
			return got == 0 ? 0 : -1;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)r;
	}
	return 1;
}

static int
write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n > 0) {
		ssize_t r = send(fd, c, n, MSG_NOSIGNAL);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		c += r;
		n -= (size_t)r;
	}
	return 0;
}

/* This picture may use cpu seconds more than the worker has used so far:
 * SIGXCPU ends a worker a hostile SVG keeps busy. */
static void
cpu_limit(unsigned cpu)
{
	struct rusage ru;
	struct rlimit rl;

	if (getrusage(RUSAGE_SELF, &ru) < 0 || getrlimit(RLIMIT_CPU, &rl) < 0)
		return;
	rl.rlim_cur = (rlim_t)ru.ru_utime.tv_sec + (rlim_t)ru.ru_stime.tv_sec + 1 + cpu;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_cur > rl.rlim_max)
		rl.rlim_cur = rl.rlim_max;
	setrlimit(RLIMIT_CPU, &rl);
}

/* AddressSanitizer's shadow and allocator regions count as data: under a
 * data limit its next mapping fails, so a sanitized build goes without. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED_ADDRESS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED_ADDRESS 1
#endif
#endif
#ifndef SANITIZED_ADDRESS
#define SANITIZED_ADDRESS 0
#endif

int
main(int argc, char **argv)
{
	struct rlimit data = { DATA_MAX, DATA_MAX }, core = { 0, 0 };
	struct stat st;
	const int fd = 0;

	(void)argv;
	if (argc != 1 || fstat(fd, &st) < 0 || !S_ISSOCK(st.st_mode)) {
		fprintf(stderr, "azalai-draw: azalai's drawing program, not a command: "
		    "azalai starts it\n");
		return EX_USAGE;
	}
#if !SANITIZED_ADDRESS
	setrlimit(RLIMIT_DATA, &data);
#else
	(void)data;
#endif
	setrlimit(RLIMIT_CORE, &core);
#ifdef M_MMAP_THRESHOLD
	/* Big blocks are still made and freed picture after picture: the
	 * table of a picture's colours, libimagequant's (about 1 MB), a base
	 * put out by another game's (3.1 MB for Targi's board, 640x1218), a
	 * picture too large for the pixels raster.c keeps. Left to itself
	 * glibc raises its threshold for mapping a block to the largest one
	 * freed; such blocks then come from the heap, which fragments and
	 * keeps what it held (Targi, when each picture had a surface of its
	 * own: peak 28.7 MB after one picture, 31.9 after a hundred). Fixed at
	 * 1 MB a big block is always mapped and given back whole, and the
	 * smaller ones come from the heap, which keeps up to 1 MB free at its
	 * top for the next one. */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	mallopt(M_TRIM_THRESHOLD, 1 << 20);
#endif
	for (;;) {
		struct buf png = BUF_INIT;
		struct diag d;
		uint32_t req[4], ans[2];
		char *svg;
		int r;

		if ((r = read_all(fd, req, sizeof req)) <= 0)
			return r == 0 ? EX_OK : EX_IOERR;
		if (req[0] > DRAWPROTO_SVG_MAX)
			return EX_PROTOCOL;
		svg = xmalloc((size_t)req[0] + 1);
		if (read_all(fd, svg, req[0]) <= 0 && req[0] > 0) {
			free(svg);
			return EX_IOERR;
		}
		svg[req[0]] = '\0';
		cpu_limit(req[3]);
		diag_clear(&d);
		if (board_png_palette(svg, req[0], (int)req[1], (int)req[2], &png, &d) == 0 &&
		    png.len <= DRAWPROTO_PNG_MAX) {
			ans[0] = DRAWPROTO_PNG;
			ans[1] = (uint32_t)png.len;
			r = write_all(fd, ans, sizeof ans) < 0 ||
			    write_all(fd, png.p, png.len) < 0;
		} else {
			if (png.len > DRAWPROTO_PNG_MAX)
				diag_set(&d, 0, "board picture: a PNG of %zu bytes, more than "
				    "%u", png.len, DRAWPROTO_PNG_MAX);
			ans[0] = DRAWPROTO_ERR;
			ans[1] = (uint32_t)strlen(d.msg);
			r = write_all(fd, ans, sizeof ans) < 0 ||
			    write_all(fd, d.msg, ans[1]) < 0;
		}
		free(svg);
		buf_free(&png);
		if (r)
			return EX_IOERR;
	}
}
