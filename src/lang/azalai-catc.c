/* azalai-catc PODIR LANG OUT: compiles LANG's catalogs under PODIR into OUT
 * (src/lang/catcomp.h), as the build does for every shipped language. */
#include <stdio.h>

#include "core/diag.h"
#include "lang/catcomp.h"

int
main(int argc, char **argv)
{
	struct diag d = { 0 };

	if (argc != 4) {
		fprintf(stderr, "usage: azalai-catc PODIR LANG OUT\n");
		return 2;
	}
	if (catcomp_compile(argv[1], argv[2], argv[3], &d) < 0) {
		fprintf(stderr, "azalai-catc: %s\n", d.msg);
		return 1;
	}
	return 0;
}
