/**
 * The console's roles (docs/console.md, "Roles"): an `owner` may do everything, a `moderator` everything
 * but accounts and API keys. Ranked, so "at least a moderator" is one comparison; `anyone` is the rank of
 * the pages a visitor needs before signing in (the sign-in form, the stylesheet, the language switch).
 */
export const ROLES = ['owner', 'moderator'] as const;
export type Role = (typeof ROLES)[number];
/** Who may use a route: `anyone`, or a signed-in account of at least this role. */
export type Access = 'anyone' | Role;

const RANK: Record<Access, number> = { anyone: 0, moderator: 1, owner: 2 };

export function isRole(value: unknown): value is Role {
  return value === 'owner' || value === 'moderator';
}

/** Whether an account of `role` (undefined: nobody signed in) may use a route that needs `needed`. */
export function allows(role: Role | undefined, needed: Access): boolean {
  return RANK[role ?? 'anyone'] >= RANK[needed];
}
