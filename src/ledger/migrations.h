#ifndef AZ_MIGRATIONS_H
#define AZ_MIGRATIONS_H

struct migration {
	int version;          /* the user_version it brings the ledger to */
	const char *name;
	const char *sql;
};

/* Ends with version 0; generated from sql/ at build time. */
extern const struct migration migrations[];

#endif
