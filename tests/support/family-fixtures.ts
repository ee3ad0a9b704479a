import { action as familyAction } from "../../app/routes/familia.tsx";
import { listChildReaders } from "../../app/features/families/child-readers.server.ts";
import { routeArgs, settle, signUpReader, type TestServices } from "./route-harness.ts";

let serial = 0;
/** An address no other test of the run uses. */
export const uniqueTestEmail = (name: string) => `${name}.${++serial}.${Date.now()}@example.com`;

/**
 * Client addresses of a block of the benchmarking range (198.18.0.0/15) of their own, one new
 * address per call: per-address limits of one test never meet another's.
 */
export function testAddresses(block: 18 | 19) {
  let used = 0;
  return () => {
    used++;
    return `198.${block}.${Math.floor(used / 250)}.${used % 250}`;
  };
}

/** An adult signed up, who adds one child (PIN 4821) through /familia's form action. */
export async function familyWithOneChild(services: TestServices) {
  const adult = await signUpReader(services, uniqueTestEmail("madre"));
  const form = {
    intent: "anadir",
    apodo: "Colibrí Veloz",
    picture: "taquito",
    birthYear: String(new Date().getFullYear() - 10),
    pin: "4821",
    pinAgain: "4821",
    consent: "si",
  };
  await settle(async () =>
    familyAction(await routeArgs(services, "/familia", { method: "POST", cookie: adult.cookie, form })),
  );
  const [child] = await listChildReaders(services.db, adult.userId);
  return { adult, child: child! };
}

/** The adult gives the child a new PIN through /familia's form action (as 'Cambiar su PIN' posts). */
export const changePin = (services: TestServices, adultCookie: string, childId: string, pin: string) =>
  settle(async () =>
    familyAction(
      await routeArgs(services, "/familia", {
        method: "POST",
        cookie: adultCookie,
        form: { intent: "pin", childId, pin, pinAgain: pin },
      }),
    ),
  );
