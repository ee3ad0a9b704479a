/**
 * Imported first by server/main.ts, before anything loads React: React picks its development or
 * production build from NODE_ENV once, when it is first loaded, and its development build renders
 * pages at about half the speed (issue 14). `npm start`, the container and the tests all start
 * through main.ts, so none of them can forget it; an explicit NODE_ENV (e.g. `development`) is kept.
 */
process.env.NODE_ENV ??= "production";
