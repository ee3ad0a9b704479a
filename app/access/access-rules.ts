/**
 * The access rules of the route table (app/routes.ts): each names a layout module in
 * app/access/layouts/ whose middleware admits its readers. Read at build time by the route
 * table and by the tests that check every route against the rule it sits under.
 */
export const ACCESS_RULES = [
  "open-always",
  "auth-endpoints",
  "everyone",
  "readers",
  "age-question",
  "adult-readers",
  "admins",
] as const;

export type AccessRule = (typeof ACCESS_RULES)[number];
