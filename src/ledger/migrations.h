#ifndef AZ_MIGRATIONS_H
#define AZ_MIGRATIONS_H

struct migration {
	int version;          /* migrations: the user_version it brings the ledger to;
	                       * upgrades: the one of before 0.1 it takes */
	const char *name;
	const char *sql;
};

/* Each ends with version 0; generated from sql/ at build time (embed.sh).
 * migrations: 001_schema.sql and what comes after the first release.
 * upgrades: the steps around 001 that bring a ledger of before it over. */
extern const struct migration migrations[];
extern const struct migration upgrades[];

#endif
