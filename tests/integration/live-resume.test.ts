import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  endLiveStreams,
  holdReadiness,
  resetReadinessForTests,
  startDraining,
} from "../../app/lib/readiness.server.ts";
import { createLiveHub } from "../../app/lib/live-hub.server.ts";
import { loader as liveLoader } from "../../app/routes/api.live.ts";
import { loader as readyLoader } from "../../app/routes/readyz.ts";
import { loader as healthLoader } from "../../app/routes/healthz.ts";
import { routeArgs, type TestServices } from "../support/route-harness.ts";
import { useTestServices } from "../support/fixtures.ts";
import {
  openLiveStream,
  readStream,
  startLiveFeedServer,
  type LiveFeedServer,
  type OpenStream,
} from "../support/live-feed-server.ts";

type Transport = {
  name: string;
  /** Opens a stream of the feed as a reader's browser would, through this transport. */
  opener(services: TestServices): {
    open(path: string, headers?: Record<string, string>): Promise<OpenStream>;
    close(): Promise<void>;
  };
};

/** What `npm start` serves: the feed on Node's own response, before the app (server/live-feed-response.ts). */
const productionServer: Transport = {
  name: "the production server",
  opener(services) {
    let server: LiveFeedServer | undefined;
    return {
      async open(path, headers = {}) {
        server ??= await startLiveFeedServer(services);
        return openLiveStream(server.origin, path, headers);
      },
      close: async () => server?.close(),
    };
  },
};

/** What `npm run dev` serves: the route, through a web stream (app/routes/api.live.ts). */
const developmentRoute: Transport = {
  name: "the development server's route",
  opener(services) {
    return {
      async open(path, headers = {}) {
        const controller = new AbortController();
        const response = (await liveLoader(
          await routeArgs(services, path, {
            headers: { "x-client-ip": "203.0.113.9", ...headers },
            signal: controller.signal,
          }),
        )) as Response;
        return readStream(response, () => controller.abort());
      },
      close: async () => {},
    };
  },
};

// docs/decisions/034 and 038: what a reader's browser reads from the live feed when it connects,
// comes back with Last-Event-ID, and when the instance drains; and /readyz against /healthz.
describe.each([productionServer, developmentRoute])(
  "the live feed across reconnects and drains, from $name",
  (transport) => {
    const services = useTestServices("pglite");
    let opener: ReturnType<Transport["opener"]>;
    beforeAll(() => {
      opener = transport.opener(services);
    });
    afterAll(() => opener.close());
    afterEach(() => resetReadinessForTests());

    const open = (path: string, headers: Record<string, string> = {}) => opener.open(path, headers);
    const comment = (n: number) => services.live.publish("comments:cap-1", undefined, { op: "upsert", n });

    it("gives every change an id, and a reader who comes back with Last-Event-ID each missed one exactly once", async () => {
      const first = await open("/api/live?topic=comments:cap-1");
      expect(first.response.headers.get("content-type")).toContain("text/event-stream");
      await expect.poll(() => first.events()[0]?.type).toBe("hello");
      expect(first.events()[0]).toMatchObject({ data: "fresh" });
      expect(first.events()[0]!.id).toBeTruthy();
      await comment(1);
      await comment(2);
      await expect.poll(() => first.events().length).toBe(3);
      const [, one, two] = first.events();
      expect(one).toMatchObject({ type: "change", data: '{"topic":"comments:cap-1","data":{"op":"upsert","n":1}}' });
      expect(one!.id).not.toBe(two!.id);
      // The stream drops after the first change; two more come before the reader is back.
      first.close();
      await comment(3);
      await comment(4);
      await new Promise((done) => setTimeout(done, 200));
      const back = await open("/api/live?topic=comments:cap-1", { "Last-Event-ID": one!.id! });
      await expect.poll(() => back.events().length).toBe(4);
      await comment(5);
      await expect.poll(() => back.events().length).toBe(5);
      const events = back.events();
      expect(events[0]).toMatchObject({ type: "hello", data: "resumed" });
      expect(events.slice(1).map((event) => JSON.parse(event.data!).data.n)).toEqual([2, 3, 4, 5]);
      // The same id from our own reconnect (?lastEventId=) resumes the same way.
      const viaQuery = await open(`/api/live?topic=comments:cap-1&lastEventId=${one!.id}`);
      await expect.poll(() => viaQuery.events().length).toBe(5);
      back.close();
      viaQuery.close();
    });

    it("tells a reader whose last change it does not know to reload", async () => {
      const stream = await open("/api/live?topic=comments:cap-1", { "Last-Event-ID": "desconocido" });
      await expect.poll(() => stream.events()[0]).toMatchObject({ type: "hello", data: "reload" });
      stream.close();
    });

    it("moves an open stream's last id past another instance's start, as a mark no page handles as a change", async () => {
      const stream = await open("/api/live?topic=comments:cap-1");
      await expect.poll(() => stream.events().length).toBe(1);
      // Another instance starts on the same database (docs/decisions/045).
      const other = await createLiveHub(services.testDatabase);
      await expect.poll(() => stream.events().length).toBe(2);
      const mark = stream.events()[1]!;
      expect(mark).toMatchObject({ type: "mark", data: "start" });
      expect(other.headId()).toBe(mark.id);
      // A reader that comes back with it, to the new instance, resumes there.
      const back = await open("/api/live?topic=comments:cap-1", { "Last-Event-ID": mark.id! });
      await expect.poll(() => back.events()[0]).toMatchObject({ type: "hello", data: "resumed" });
      back.close();
      stream.close();
      await other.close();
    });

    it("a start behind a proxy holds /readyz at 503 for a moment, alive all along", async () => {
      const args = async (path: string) => routeArgs(services, path);
      holdReadiness(300);
      const held = (await readyLoader(await args("/readyz"))) as Response;
      expect([held.status, await held.text()]).toEqual([503, "starting"]);
      expect(((await healthLoader(await args("/healthz"))) as Response).status).toBe(200);
      await new Promise((done) => setTimeout(done, 350));
      expect(((await readyLoader(await args("/readyz"))) as Response).status).toBe(200);
    });

    it("drains: /readyz turns 503 while /healthz stays 200, then live streams end with a short retry", async () => {
      const args = async (path: string) => routeArgs(services, path);
      expect(((await readyLoader(await args("/readyz"))) as Response).status).toBe(200);
      const stream = await open("/api/live?topic=characters");
      await expect.poll(() => stream.events().length).toBe(1);
      startDraining();
      const ready = (await readyLoader(await args("/readyz"))) as Response;
      expect([ready.status, await ready.text()]).toEqual([503, "draining"]);
      expect(((await healthLoader(await args("/healthz"))) as Response).status).toBe(200);
      // Until the proxy has noticed, the stream stays open and changes still reach it.
      await services.live.publish("characters");
      await expect.poll(() => stream.events().length).toBe(2);
      expect(stream.ended()).toBe(false);
      endLiveStreams();
      await expect.poll(() => stream.ended()).toBe(true);
      const retry = Number(/retry: (\d+)\n\n$/.exec(stream.text())?.[1]);
      expect(retry).toBeGreaterThanOrEqual(500);
      expect(retry).toBeLessThanOrEqual(2500);
      await expect.poll(() => services.liveConnections.open()).toBe(0);
      // A stream that opens now ends at once, with the same hint.
      const late = await open("/api/live?topic=characters");
      await expect.poll(() => late.ended()).toBe(true);
      expect(late.text()).toMatch(/retry: \d+\n\n$/);
      await expect.poll(() => services.liveConnections.open()).toBe(0);
    });
  },
);
