import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as classesAction } from "../routes/clases.tsx";
import { action as classAction, loader as classLoader } from "../routes/clases.$clase.tsx";
import { action as cardsAction } from "../routes/clases.$clase.tarjetas.tsx";
import { loader as entryLoader } from "../routes/entrar.$token.tsx";
import { issueReaderCard } from "../features/families/child-readers.server.ts";
import { cardLimitedMessage, cardRefusalTitle, FAMILY_MESSAGES } from "../features/families/family-messages.ts";
import { cardTokenHash, pruneOldCards } from "../features/families/old-cards.server.ts";
import { pruneCardRefusals } from "../features/classes/card-refusals.server.ts";
import { CLASS_MESSAGES } from "../features/classes/class-messages.ts";
import { hitRateLimit, rateLimitMax } from "../lib/rate-limit.server.ts";
import { INTERNAL_HEADERS } from "../lib/request.server.ts";
import {
  answerOf,
  routeArgs,
  settle,
  signUpReader,
  statusOf,
  type TestServices,
  withParams,
} from "../../tests/support/route-harness.ts";
import { useTestServices } from "../../tests/support/fixtures.ts";
import { familyWithOneChild, testAddresses, uniqueTestEmail } from "../../tests/support/family-fixtures.ts";
import { DATABASE_KINDS } from "../../tests/support/test-database.ts";
import { CARD_GUESSES, CARD_UNBLOCKS, cardGuessKey } from "./card-guesses.server.ts";

/**
 * Old cards and the card-guess blocks (issue 39, decision 063): a reprint leaves old cards that
 * say so and never count as guesses; a real card refused by the limit is told to wait, and its
 * teacher sees the block and can lift it.
 */

const nextAddress = testAddresses(19);
const unknownCard = (index: number) => `${"Q".repeat(18)}${String(index).padStart(6, "0")}`;

async function openCard(services: TestServices, token: string, ip: string) {
  return settle(async () =>
    entryLoader(
      withParams(await routeArgs(services, `/entrar/${token}`, { headers: { [INTERNAL_HEADERS.clientIp]: ip } }), {
        token,
      }),
    ),
  );
}

/** A teacher with a class of two students whose cards were printed; returns the tokens too. */
async function classWithCards(services: TestServices) {
  const teacher = await signUpReader(services, uniqueTestEmail("maestra"));
  const created = await settle(async () =>
    classesAction(
      await routeArgs(services, "/clases", {
        method: "POST",
        cookie: teacher.cookie,
        form: { intent: "crear", name: "3.º A", consent: "si" },
      }),
    ),
  );
  const classId = answerOf(created).headers.get("Location")!.split("/")[2]!.split("?")[0]!;
  await classPost(services, teacher.cookie, classId, { intent: "anadir", roster: "Ajolote Azul\nGarza Blanca" });
  const print = async () => {
    const answer = answerOf<{ cards: { url: string }[] }>(
      await cardsAction(
        withParams(
          await routeArgs(services, `/clases/${classId}/tarjetas`, { method: "POST", cookie: teacher.cookie }),
          { clase: classId },
        ),
      ),
    );
    return answer.body.cards.map((card) => card.url.split("/entrar/")[1]!);
  };
  return { teacher, classId, print };
}

async function classPost(services: TestServices, cookie: string, classId: string, form: Record<string, string>) {
  return settle(async () =>
    classAction(
      withParams(await routeArgs(services, `/clases/${classId}`, { method: "POST", cookie, form }), { clase: classId }),
    ),
  );
}

async function cardBlockOf(services: TestServices, cookie: string, classId: string) {
  const page = answerOf<{ cardBlock: { minutesLeft: number } | null }>(
    await classLoader(withParams(await routeArgs(services, `/clases/${classId}`, { cookie }), { clase: classId })),
  );
  return page.body.cardBlock;
}

/** Unknown cards from `ip` until the limit refuses one. */
async function exhaust(services: TestServices, ip: string) {
  for (let index = 0; index <= rateLimitMax(CARD_GUESSES); index++)
    await hitRateLimit(services.db, cardGuessKey(ip), CARD_GUESSES);
}

describe.each(DATABASE_KINDS)("old cards and card-guess blocks (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("a reprinted class's old cards say they are old (410, 'tu maestra o maestro'), a family's 'tu familia'", async () => {
    const { print } = await classWithCards(services);
    const [oldStudent] = await print();
    await print();
    const classOld = await openCard(services, oldStudent!, nextAddress());
    expect(statusOf(classOld)).toBe(410);
    expect(answerOf(classOld).body).toBe("Esta tarjeta es vieja: pide la nueva a tu maestra o maestro.");
    expect(cardRefusalTitle(410)).toBe("Tarjeta vieja");

    const { child } = await familyWithOneChild(services);
    const familyOld = await issueReaderCard(services.db, child.id);
    await issueReaderCard(services.db, child.id);
    const old = await openCard(services, familyOld, nextAddress());
    expect(statusOf(old)).toBe(410);
    expect(answerOf(old).body).toBe("Esta tarjeta es vieja: pide la nueva a tu familia.");
  });

  it("35 scans of old cards from one address count for nothing: a fresh card gets in, an unknown one is still looked up", async () => {
    const { print } = await classWithCards(services);
    const old = await print();
    const fresh = await print();
    const ip = nextAddress();
    for (let index = 0; index < 35; index++)
      expect(statusOf(await openCard(services, old[index % old.length]!, ip))).toBe(410);
    expect(statusOf(await openCard(services, fresh[0]!, ip))).toBe(200);
    const unknown = await openCard(services, unknownCard(1), ip);
    expect(statusOf(unknown)).toBe(404);
    // Whose card it might have been is not known: the words name no family and no teacher.
    expect(answerOf(unknown).body).toBe(FAMILY_MESSAGES.cardUnknown);
    expect(FAMILY_MESSAGES.cardUnknown).not.toMatch(/familia|maestr/);
  });

  it("an old card is forgotten after a year (then it is unknown) and with its reader", async () => {
    const { child } = await familyWithOneChild(services);
    const first = await issueReaderCard(services.db, child.id);
    const second = await issueReaderCard(services.db, child.id);
    await issueReaderCard(services.db, child.id);
    // The first card by its hash: two cards replaced within the same clock tick share a time.
    await sql`update old_login_cards set revoked_at = now() - interval '366 days'
      where token_hash = ${cardTokenHash(first)}`.execute(services.db);
    expect(statusOf(await openCard(services, first, nextAddress()))).toBe(404);
    expect(await pruneOldCards(services.db)).toBeGreaterThanOrEqual(1);
    expect(statusOf(await openCard(services, second, nextAddress()))).toBe(410);
    await services.db.deleteFrom("user").where("id", "=", child.id).execute();
    const left = await services.db
      .selectFrom("old_login_cards")
      .select("token_hash")
      .where("user_id", "=", child.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("a real card refused by the limit is told to wait, never that it does not work; its teacher sees the block and lifts it", async () => {
    const { teacher, classId, print } = await classWithCards(services);
    const other = await classWithCards(services);
    const [card] = await print();
    const [otherCard] = await other.print();
    const ip = nextAddress();
    expect(await cardBlockOf(services, teacher.cookie, classId)).toBeNull();
    for (let index = 0; index < rateLimitMax(CARD_GUESSES); index++)
      expect(statusOf(await openCard(services, unknownCard(index), ip))).toBe(404);

    const refused = answerOf(await openCard(services, card!, ip));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(refused.body).toBe(cardLimitedMessage(retryAfter));
    expect(`${cardRefusalTitle(429)} ${String(refused.body)}`).not.toMatch(/no sirve|ya no/);
    // An unknown token past the limit gets the very same answer.
    expect(answerOf(await openCard(services, unknownCard(99), ip)).body).toBe(refused.body);

    // The teacher whose student was refused sees it; another teacher, whose student was not, does not.
    const block = await cardBlockOf(services, teacher.cookie, classId);
    expect(block?.minutesLeft).toBe(10);
    expect(await cardBlockOf(services, other.teacher.cookie, other.classId)).toBeNull();
    // ...and cannot lift it.
    expect(statusOf(await classPost(services, other.teacher.cookie, other.classId, { intent: "desbloquear" }))).toBe(
      409,
    );
    expect(statusOf(await openCard(services, otherCard!, ip))).toBe(429);

    const lifted = answerOf(await classPost(services, teacher.cookie, classId, { intent: "desbloquear" }));
    expect(lifted.status).toBe(302);
    expect(lifted.headers.get("Location")).toBe(`/clases/${classId}?aviso=desbloqueado`);
    expect(await cardBlockOf(services, teacher.cookie, classId)).toBeNull();
    expect(statusOf(await openCard(services, card!, ip))).toBe(200);
    expect(statusOf(await openCard(services, otherCard!, ip))).toBe(200);
  });

  it("a refusal of an earlier block is not this one's: the teacher sees only a block their students met", async () => {
    const { teacher, classId, print } = await classWithCards(services);
    const [card] = await print();
    const ip = nextAddress();
    await exhaust(services, ip);
    expect(statusOf(await openCard(services, card!, ip))).toBe(429);
    expect(await cardBlockOf(services, teacher.cookie, classId)).not.toBeNull();
    // Eleven minutes on: that window is over, and a new one fills up with no student of theirs.
    await sql`update rate_limits set window_start = now() - interval '11 minutes' where key = ${cardGuessKey(ip)}`.execute(
      services.db,
    );
    await sql`update class_card_refusals set refused_at = now() - interval '11 minutes' where class_id = ${classId}`.execute(
      services.db,
    );
    expect(await cardBlockOf(services, teacher.cookie, classId)).toBeNull();
    await exhaust(services, ip);
    expect(await cardBlockOf(services, teacher.cookie, classId)).toBeNull();
  });

  it("'Desbloquear' with nothing blocked is refused and changes nothing; a teacher lifts only a few blocks a day", async () => {
    const { teacher, classId, print } = await classWithCards(services);
    const [card] = await print();
    const nothing = answerOf<{ formError: string }>(
      await classPost(services, teacher.cookie, classId, { intent: "desbloquear" }),
    );
    expect(nothing.status).toBe(409);
    expect(nothing.body.formError).toBe(CLASS_MESSAGES.nothingBlocked);

    const ip = nextAddress();
    for (let lift = 0; lift < CARD_UNBLOCKS.max; lift++) {
      await exhaust(services, ip);
      expect(statusOf(await openCard(services, card!, ip))).toBe(429);
      expect(statusOf(await classPost(services, teacher.cookie, classId, { intent: "desbloquear" }))).toBe(302);
    }
    await exhaust(services, ip);
    expect(statusOf(await openCard(services, card!, ip))).toBe(429);
    const limited = answerOf<{ formError: string }>(
      await classPost(services, teacher.cookie, classId, { intent: "desbloquear" }),
    );
    expect(limited.status).toBe(429);
    expect(limited.body.formError).toBe(CLASS_MESSAGES.unblocksLimited);
    expect(statusOf(await openCard(services, card!, ip))).toBe(429);
    expect(await cardBlockOf(services, teacher.cookie, classId)).not.toBeNull();

    // The records of refusals go within a day.
    await sql`update class_card_refusals set refused_at = now() - interval '25 hours' where class_id = ${classId}`.execute(
      services.db,
    );
    expect(await pruneCardRefusals(services.db)).toBe(1);
    expect(await cardBlockOf(services, teacher.cookie, classId)).toBeNull();
  });
});
