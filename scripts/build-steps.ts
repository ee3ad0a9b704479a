import { join } from "node:path";

/**
 * What `npm run build` runs (package.json's "build" spells the same steps), each a Node script
 * from the repository's root: React Router's build, each route's stylesheet (decision 080), the
 * addresses of the modules the server names (decision 082), and the precompressed copies. `npm start` (start.ts) and `npm test` (test.ts) run these, so a step
 * added here reaches both.
 */
export const buildSteps = (root: string): string[][] => [
  [join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
  [join(root, "scripts/route-styles.ts")],
  [join(root, "scripts/client-modules.ts")],
  [join(root, "scripts/precompress.ts")],
];
