/** The two stores behind the one Kysely interface (database.ts); migrations branch on it where the SQL differs. */
export type Dialect = 'sqlite' | 'postgres';
