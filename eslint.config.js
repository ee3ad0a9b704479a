import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * The house's layers (docs/decisions/006-layers-point-down.md). Imports only point down:
 *
 *   process       server/ (the HTTP server: it loads the built app at run time, never imports
 *                 it) and scripts/ (commands: admin, backup, restore, budget, bench, start)
 *        ↓
 *   app layer     app/routes, app/root.tsx, app/entry.server.tsx, db/seed, and beneath the
 *                 routes, pointing down among themselves: app/pages (joins of several
 *                 features for one page) → app/access (what every request passes: its address,
 *                 origin, session, and the route table's access rules; the reader's types) →
 *                 app/runtime (the process's services, wired once)
 *        ↓
 *   features      app/features/<domain> (no feature imports another)
 *        ↓
 *   shared        app/lib (server), app/ui (components and hooks)
 *
 * server/ reaches only the shared layer. A command in scripts/ is a composition root of its own,
 * for the command line, as a route is for a page: it may call a feature (`npm run admin` grants
 * through the admins feature) and start server/main.ts, never import a route, the app's
 * composition root or a component. Nothing in app/ or db/ imports either. Tests may reach
 * across layers: they drive routes and features together.
 */
const APP_LAYER = [
  "./app/routes",
  "./app/root.tsx",
  "./app/entry.server.tsx",
  "./app/pages",
  "./app/access",
  "./app/runtime",
  "./db",
];
const FEATURES = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  {
    target: ["./app/lib", "./app/ui"],
    from: ["./app/features", ...APP_LAYER],
    message: "Shared code (app/lib, app/ui) knows no feature and no route: pass what it needs in as a parameter.",
  },
  {
    target: "./app/features",
    from: APP_LAYER,
    message: "A feature never imports a route or the composition root: the route calls the feature.",
  },
  // bulletproof-react's rule: features do not import each other; the route that shows two composes them.
  ...FEATURES.map((feature) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`],
    message: `Feature '${feature}' imports another feature: compose them in the route, or move the shared part to app/lib or app/ui.`,
  })),
  {
    target: "./app/pages",
    from: ["./app/routes", "./app/root.tsx"],
    message: "A page's join of features never imports a route: the route calls it.",
  },
  {
    target: "./app/access",
    from: ["./app/routes", "./app/root.tsx", "./app/pages"],
    message: "Access (guards, session, request middlewares) sits below the pages' joins and the routes.",
  },
  {
    target: "./app/runtime",
    from: ["./app/routes", "./app/root.tsx", "./app/pages", "./app/access"],
    message: "The services are wired below everything that uses them: never import access, a join or a route.",
  },
  {
    target: "./server",
    from: [...APP_LAYER, "./app/features", "./app/ui"],
    message:
      "The HTTP server uses only shared code (app/lib): the app reaches it as the build, loaded at run time. Move what both need to app/lib.",
  },
  {
    target: "./scripts",
    from: [...APP_LAYER, "./app/ui"],
    message: "A command calls features and shared code, never a route, the app's composition root or a component.",
  },
  {
    target: ["./app", "./db"],
    from: ["./server", "./scripts"],
    message: "The app never imports the HTTP server or a command: they sit above it.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      // Builds and profiles compared by npm run bench:signed-in.
      ".bench/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "test-results-*/",
      ".test-times/",
      "playwright-report/",
      "public/",
      // Other checkouts built beside this one for side-by-side benchmarks (--baseline).
      ".bench/",
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A function a reader takes in at once, a file about one idea (issue 45): counted without
    // blank lines and comments, so explaining why never costs room. Split where a reader would
    // look for one idea (a page's sections, a factory's parts, a job's steps).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
      "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // An Intl formatter is made on first use (app/lib/on-first-use.ts), never as a module loads:
    // making one costs a cheap phone ~80 ms before hydrating, on every page whose scripts hold it.
    // A server module never reaches the browser: its formatters are made once per process.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            ":matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']",
          message: "Make Intl objects on first use (onFirstUse in app/lib/on-first-use.ts), not as the module loads.",
        },
      ],
    },
  },
  {
    // The tables' types mirror the migrations one to one, and app/lib/db-schema.test.ts reads this
    // one file to check them against the migrated database: declarations, not logic to split.
    files: ["app/lib/db-schema.ts"],
    rules: { "max-lines": "off" },
  },
  {
    // Browser code must never pull in a server module (the build refuses it too, later and less clearly).
    files: ["app/**/*.tsx", "app/ui/**/*.ts", "app/features/**/use-*.ts"],
    ignores: ["app/root.tsx", "app/entry.server.tsx", "app/routes/**", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "**/*.server.ts"],
              allowTypeImports: true,
              message: "Components run in the browser: import server modules only as types.",
            },
          ],
        },
      ],
    },
  },
);
