import { hostname } from "node:os";
import { setLogInstance } from "../app/lib/log.server.ts";

/**
 * Imported by server/main.ts before anything logs: every line names this instance as
 * `host:port`. compose.yaml gives each container its service's name as host name (app1, app2);
 * on one machine, instances differ by port.
 */
setLogInstance(`${hostname()}:${process.env.PORT || 3000}`);
