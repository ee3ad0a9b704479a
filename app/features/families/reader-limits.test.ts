import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as chooserAction, headers as chooserHeaders } from "../../routes/quien-lee.tsx";
import { action as entryAction, headers as entryHeaders, loader as entryLoader } from "../../routes/entrar.$token.tsx";
import { rememberFamilyDevice } from "../../access/family-session.server.ts";
import { hitRateLimit } from "../../lib/rate-limit.server.ts";
import { INTERNAL_HEADERS } from "../../lib/request.server.ts";
import {
  answerOf,
  routeArgs,
  settle,
  statusOf,
  type TestServices,
  withParams,
} from "../../../tests/support/route-harness.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { changePin, familyWithOneChild, testAddresses } from "../../../tests/support/family-fixtures.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";
import { issueReaderCard } from "./child-readers.server.ts";
import { PIN_LIMITS, pinLimitKeys } from "./child-pin.server.ts";
import { ASK_AN_ADULT, FAMILY_MESSAGES, pinLimitedMessage } from "./family-messages.ts";

/**
 * The limits of a child's sign-in (issue 37): a PIN and a card are counted before they are
 * checked, so parallel guesses get no more tries than sequential ones, and a refusal says when
 * to try again.
 */

const nextAddress = testAddresses(18);

async function familyWithChild(services: TestServices) {
  const { adult, child } = await familyWithOneChild(services);
  const { context } = (await routeArgs(services, "/")) as unknown as { context: never };
  const device = (await rememberFamilyDevice(context, adult.userId)).split(";")[0]!;
  return { child, device, adult };
}

/** A PIN typed on the family device's chooser, from `ip`. */
async function typePin(services: TestServices, device: string, childId: string, pin: string, ip: string) {
  return settle(async () =>
    chooserAction(
      await routeArgs(services, "/quien-lee", {
        method: "POST",
        cookie: device,
        headers: { [INTERNAL_HEADERS.clientIp]: ip },
        form: { intent: "pin", lector: childId, pin },
      }),
    ),
  );
}

async function openCard(services: TestServices, token: string, ip: string) {
  return settle(async () =>
    entryLoader(
      withParams(await routeArgs(services, `/entrar/${token}`, { headers: { [INTERNAL_HEADERS.clientIp]: ip } }), {
        token,
      }),
    ),
  );
}

/** A Retry-After the page's own answer carries (React Router keeps only the route's `headers`). */
function retryAfterOnPage(headersOf: typeof chooserHeaders, answer: Headers, as: "actionHeaders" | "errorHeaders") {
  const empty = new Headers();
  const page = new Headers(
    headersOf({
      loaderHeaders: empty,
      parentHeaders: empty,
      actionHeaders: empty,
      errorHeaders: undefined,
      [as]: answer,
    } as never),
  );
  return Number(page.get("Retry-After"));
}

const fakeCard = (index: number) => `${"B".repeat(18)}${String(index).padStart(6, "0")}`;

describe.each(DATABASE_KINDS)("the limits of a child's sign-in (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("40 wrong PINs at once: exactly 5 are compared, the other 35 wait, told for how long", async () => {
    const { child, device } = await familyWithChild(services);
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => typePin(services, device, child.id, String(1000 + index), ip)),
    );
    const statuses = answers.map(statusOf);
    const compared = statuses.filter((status) => status === 401).length;
    expect(compared, "wrong PINs compared").toBe(PIN_LIMITS.perChild.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - PIN_LIMITS.perChild.max);
    const refused = answerOf<{ fieldErrors: { pin: string } }>(answers.find((answer) => statusOf(answer) === 429));
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(refused.body.fieldErrors.pin).toBe(pinLimitedMessage(retryAfter));
    expect(refused.body.fieldErrors.pin).toContain("Espera 15 minutos");
    expect(retryAfter).toBeGreaterThan(PIN_LIMITS.perChild.windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(PIN_LIMITS.perChild.windowSeconds);
    expect(retryAfterOnPage(chooserHeaders, refused.headers, "actionHeaders")).toBe(retryAfter);
    // The right PIN waits too, and another address gains nothing: the count is the child's.
    expect(statusOf(await typePin(services, device, child.id, "4821", ip))).toBe(429);
    expect(statusOf(await typePin(services, device, child.id, "4821", nextAddress()))).toBe(429);
  });

  it("one at a time, the sixth wrong PIN is refused unchecked; a right PIN takes no place in the address's count", async () => {
    const { child, device } = await familyWithChild(services);
    const ip = nextAddress();
    expect(statusOf(await typePin(services, device, child.id, "4821", ip))).toBe(302);
    const addressCount = async () => {
      const { rows } = await sql<{ count: number }>`
        select count from rate_limits where key = ${pinLimitKeys(child.id, ip).perAddress}`.execute(services.db);
      return Number(rows[0]?.count ?? 0);
    };
    expect(Number(await addressCount())).toBe(0);
    const statuses = [];
    for (let index = 0; index < 6; index++)
      statuses.push(statusOf(await typePin(services, device, child.id, "0000", ip)));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("a wrong PIN tells the tries left; from the second miss, that an adult can change it and how long the pause is", async () => {
    const { child, device } = await familyWithChild(services);
    const ip = nextAddress();
    const messages = [];
    for (let index = 0; index < PIN_LIMITS.perChild.max; index++)
      messages.push(answerOf<{ fieldErrors: { pin: string } }>(await typePin(services, device, child.id, "0000", ip)));
    const texts = messages.map((answer) => answer.body.fieldErrors.pin);
    expect(texts[0]).toBe(`${FAMILY_MESSAGES.wrongPin} Te quedan 4 intentos.`);
    expect(texts[1]).toBe(
      `${FAMILY_MESSAGES.wrongPin} Te quedan 3 intentos; después habrá que esperar 15 minutos. ${ASK_AN_ADULT}`,
    );
    expect(texts[3]).toContain("Te queda 1 intento;");
    // The last try: how long to wait now, and who can help.
    expect(texts[4]).toBe(
      `${FAMILY_MESSAGES.wrongPin} Ahora hay que esperar 15 minutos para probar otra vez. ${ASK_AN_ADULT}`,
    );
    expect(ASK_AN_ADULT).toContain("Una persona adulta de tu familia puede cambiarlo");
  });

  it("the adult's new PIN ends the pause: the child gets in with it at once, and only with it", async () => {
    const { child, device, adult } = await familyWithChild(services);
    const ip = nextAddress();
    for (let index = 0; index < PIN_LIMITS.perChild.max; index++) await typePin(services, device, child.id, "0000", ip);
    expect(statusOf(await typePin(services, device, child.id, "4821", ip))).toBe(429);
    const changed = await changePin(services, adult.cookie, child.id, "1357");
    expect(statusOf(changed)).toBe(302);
    expect(statusOf(await typePin(services, device, child.id, "4821", ip))).toBe(401);
    expect(statusOf(await typePin(services, device, child.id, "1357", ip))).toBe(302);
  });

  it("tries refused by a busy address take no place in the child's count: the child still gets in elsewhere", async () => {
    const { child, device } = await familyWithChild(services);
    const busy = nextAddress();
    const { perAddress } = PIN_LIMITS;
    for (let index = 0; index < perAddress.max * services.env.RATE_LIMIT_MULTIPLIER; index++)
      await hitRateLimit(services.db, pinLimitKeys(child.id, busy).perAddress, perAddress);
    for (let index = 0; index <= PIN_LIMITS.perChild.max; index++)
      expect(statusOf(await typePin(services, device, child.id, "0000", busy))).toBe(429);
    expect(statusOf(await typePin(services, device, child.id, "4821", nextAddress()))).toBe(302);
  });

  it("the 31st unknown card from one address is refused, told for how long; a real card is not counted", async () => {
    const ip = nextAddress();
    const { child } = await familyWithChild(services);
    const token = await issueReaderCard(services.db, child.id);
    // Real cards opened from the address never count against it.
    for (let index = 0; index < 3; index++) expect(statusOf(await openCard(services, token, ip))).toBe(200);
    const statuses = [];
    for (let index = 0; index < 31; index++) statuses.push(statusOf(await openCard(services, fakeCard(index), ip)));
    expect(
      statuses.filter((status) => status === 404),
      "unknown cards looked up",
    ).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    const refused = answerOf(await openCard(services, token, ip));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(retryAfterOnPage(entryHeaders, refused.headers, "errorHeaders")).toBe(retryAfter);
    // Signing in by it waits as well; another address gets in.
    const signIn = async (from: string) =>
      settle(async () =>
        entryAction(
          withParams(
            await routeArgs(services, `/entrar/${token}`, {
              method: "POST",
              headers: { [INTERNAL_HEADERS.clientIp]: from },
            }),
            { token },
          ),
        ),
      );
    expect(statusOf(await signIn(ip))).toBe(429);
    expect(statusOf(await signIn(nextAddress()))).toBe(302);
  });

  it("40 unknown cards at once from one address: exactly 30 are looked up", async () => {
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => openCard(services, fakeCard(index), ip)),
    );
    const statuses = answers.map(statusOf);
    expect(
      statuses.filter((status) => status === 404),
      "unknown cards looked up",
    ).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});
