import { describe, expect, it } from "vitest";
import { action as cardAction } from "../../routes/familia.$lector.tarjeta.tsx";
import { action as chooserAction } from "../../routes/quien-lee.tsx";
import { action as entryAction } from "../../routes/entrar.$token.tsx";
import { rememberFamilyDevice } from "../../access/family-session.server.ts";
import { getUser } from "../../access/session.server.ts";
import { INTERNAL_HEADERS } from "../../lib/request.server.ts";
import {
  answerOf,
  cookieFrom,
  routeArgs,
  settle,
  type TestServices,
  withParams,
} from "../../../tests/support/route-harness.ts";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import { changePin, familyWithOneChild, testAddresses } from "../../../tests/support/family-fixtures.ts";
import { DATABASE_KINDS } from "../../../tests/support/test-database.ts";

/**
 * A new card or a new PIN is made because the old one may be in someone else's hands: the
 * sessions opened with it end at once (issue 37), on the page the child opens next too, though
 * the instance keeps signed-in readers in memory for a few seconds (decision 039).
 */

const nextAddress = testAddresses(19);
const family = familyWithOneChild;

/** The adult prints a new card for the child; returns its token. */
async function newCard(services: TestServices, adultCookie: string, childId: string) {
  const answer = answerOf<{ card: { url: string } }>(
    await cardAction(
      withParams(await routeArgs(services, `/familia/${childId}/tarjeta`, { method: "POST", cookie: adultCookie }), {
        lector: childId,
      }),
    ),
  );
  return answer.body.card.url.split("/entrar/")[1]!;
}

/** A scanned card's 'Entrar': the child's session cookie on that device. */
async function signInByCard(services: TestServices, token: string) {
  const answer = await settle(async () =>
    entryAction(
      withParams(
        await routeArgs(services, `/entrar/${token}`, {
          method: "POST",
          headers: { [INTERNAL_HEADERS.clientIp]: nextAddress() },
        }),
        { token },
      ),
    ),
  );
  return cookieFrom((answer as Response).headers);
}

async function signInByPin(services: TestServices, guardianId: string, childId: string, pin: string) {
  const { context } = (await routeArgs(services, "/")) as unknown as { context: never };
  const device = (await rememberFamilyDevice(context, guardianId)).split(";")[0]!;
  const answer = await settle(async () =>
    chooserAction(
      await routeArgs(services, "/quien-lee", {
        method: "POST",
        cookie: device,
        headers: { [INTERNAL_HEADERS.clientIp]: nextAddress() },
        form: { intent: "pin", lector: childId, pin },
      }),
    ),
  );
  return cookieFrom((answer as Response).headers);
}

/** Who a page opened with this cookie is for (null: signed out), as the layout asks. */
async function nextPageReader(services: TestServices, cookie: string) {
  const { context } = (await routeArgs(services, "/pasaporte", { cookie })) as unknown as { context: never };
  return (await getUser(context))?.id ?? null;
}

describe.each(DATABASE_KINDS)("a new card or PIN ends the child's sessions (%s)", (kind) => {
  const services = useTestServices(kind, { seed: true });

  it("a session opened with the old card is signed out on the child's next page once the card is remade", async () => {
    const { adult, child } = await family(services);
    const oldCard = await newCard(services, adult.cookie, child.id);
    const childCookie = await signInByCard(services, oldCard);
    // Opened twice, so the instance keeps the child in memory as it does for every reader.
    expect(await nextPageReader(services, childCookie)).toBe(child.id);
    expect(await nextPageReader(services, childCookie)).toBe(child.id);

    await newCard(services, adult.cookie, child.id);
    expect(await nextPageReader(services, childCookie)).toBeNull();
    expect(await services.auth.api.getSession({ headers: new Headers({ Cookie: childCookie }) })).toBeNull();
    // The adult, who remade it, stays signed in.
    expect(await nextPageReader(services, adult.cookie)).toBe(adult.userId);
  });

  it("a new PIN signs the child out everywhere: sessions opened with the old PIN and with a card", async () => {
    const { adult, child } = await family(services);
    const byCard = await signInByCard(services, await newCard(services, adult.cookie, child.id));
    const byPin = await signInByPin(services, adult.userId, child.id, "4821");
    for (const cookie of [byPin, byCard]) {
      expect(await nextPageReader(services, cookie)).toBe(child.id);
      expect(await nextPageReader(services, cookie)).toBe(child.id);
    }
    const changed = await changePin(services, adult.cookie, child.id, "7305");
    expect(answerOf(changed).headers.get("Location")).toBe("/familia?aviso=pin");
    expect(await nextPageReader(services, byPin)).toBeNull();
    expect(await nextPageReader(services, byCard)).toBeNull();
    // The new PIN opens a new session.
    expect(await nextPageReader(services, await signInByPin(services, adult.userId, child.id, "7305"))).toBe(child.id);
  });
});
