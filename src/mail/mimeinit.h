/* mimeinit: GMime started once, before the first mail is read or written. */
#ifndef AZ_MIMEINIT_H
#define AZ_MIMEINIT_H

/* g_mime_init, once; safe from any thread. */
void mime_init(void);

#endif
