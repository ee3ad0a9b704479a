/**
 * Bookings the site takes itself (issue 40 §3, decision 070): 'Disponible' leads to a booking
 * form, seats are counted (the last ones atomically), a full event says '¡Cupo lleno!' by itself,
 * the confirmation mails a one-use cancel link, a cancellation gives the seat to the first on the
 * waiting list, and the organiser sees, exports and marks the list.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { siteLocalParts } from "../../app/features/events/event-schedule.ts";
import { BOOKING_MESSAGES } from "../../app/features/events/booking.schema.ts";
import type { ReceivedMail } from "../support/smtp-server.ts";
import {
  expect,
  expectNoAxeViolations,
  newContext,
  siteServer,
  signUpAdmin,
  test,
  uniqueEmail,
  uniqueWord,
} from "./support.ts";

const DAY = 24 * 60 * 60 * 1000;
const readMailbox = (): ReceivedMail[] => JSON.parse(readFileSync(siteServer().mailbox, "utf8")) as ReceivedMail[];
const mailsTo = (email: string) => readMailbox().filter((mail) => mail.to.includes(email));
const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+\/reservation\/cancelar\/\S+/.exec(mail.text)![0];

/** An event booked on this site, added by the admin signed in on `page`; returns its id. */
async function addSiteEvent(page: Page, { capacity, inDays = 10 }: { capacity: number; inDays?: number }) {
  const name = `Cuentacuentos ${uniqueWord()}`;
  const { date } = siteLocalParts(new Date(Date.now() + inDays * DAY));
  const answer = await page.request.post("/adminpanel/eventos", {
    headers: { Origin: siteServer().baseURL },
    form: {
      intent: "add",
      name,
      date,
      time: "11:00",
      placeName: "Biblioteca del Lago",
      city: "Pátzcuaro",
      region: "Michoacán",
      capacity: String(capacity),
      bookingUrl: "/reservation",
      description: "",
    },
  });
  expect(answer.status()).toBe(200);
  await page.goto("/adminpanel/eventos");
  const href = await page
    .getByTestId("admin-event")
    .filter({ hasText: name })
    .getByRole("link", { name: /^Reservas/ })
    .getAttribute("href");
  return { id: decodeURIComponent(href!.split("/").at(-1)!), name };
}

async function fillBooking(page: Page, fields: { name: string; email: string; children: string; adults: string }) {
  await page.getByLabel("Tu nombre (persona adulta)").fill(fields.name);
  await page.getByLabel("Tu correo electrónico").fill(fields.email);
  await page.getByLabel("Niños y niñas").fill(fields.children);
  await page.getByLabel("Personas adultas").fill(fields.adults);
  await page.getByLabel("Acepto que me escriban a este correo solo sobre este evento.").check();
}

const eventCard = (page: Page, name: string) => page.getByTestId("event").filter({ hasText: name });

// Each test signs up an admin, adds an event and walks two or three browsers through it. The
// events it adds come before the demo's on /eventos, whose other specs read the demo's alone.
test.describe.configure({ timeout: 120_000 });
test.use({ siteOfItsOwn: "bookings.spec.ts adds upcoming events and takes seats" });

test("a booking from 'Disponible', '¡Cupo lleno!' by itself, the waiting list, and a one-use cancel link that passes the seat on", async ({
  page,
  browser,
}) => {
  await signUpAdmin(page);
  const event = await addSiteEvent(page, { capacity: 2 });

  // A parent books both seats from the calendar.
  const first = await newContext(browser);
  const parent = await first.newPage();
  await parent.goto("/eventos");
  await eventCard(parent, event.name)
    .getByRole("link", { name: /^Disponible/ })
    .click();
  await expect(parent).toHaveURL(new RegExp(`/reservation\\?evento=${event.id}$`));
  await expect(parent.getByTestId("seats-left")).toHaveText("Quedan 2 lugares.");
  const firstEmail = uniqueEmail("mama");
  await fillBooking(parent, { name: "Lupe", email: firstEmail, children: "1", adults: "1" });
  await parent.getByRole("button", { name: "Reservar" }).click();
  await expect(parent.getByRole("heading", { name: "Tu reserva está hecha" })).toBeFocused();
  await expect(parent.getByText(`Te enviamos un correo a ${firstEmail}`)).toBeVisible();
  await expect(parent.getByTestId("cancel-link")).toHaveCount(0);
  await expect.poll(() => mailsTo(firstEmail).length).toBe(1);
  const confirmation = mailsTo(firstEmail)[0]!;
  expect(confirmation.headers.subject).toBe(`Tu reserva para «${event.name}»`);
  const cancelLink = linkIn(confirmation);

  // Full: the calendar says so by itself, with no booking link.
  await parent.goto("/eventos");
  await expect(eventCard(parent, event.name).getByText("¡Cupo lleno!", { exact: true })).toBeVisible();
  await expect(eventCard(parent, event.name).getByRole("link")).toHaveCount(0);

  // Another parent finds it full and joins the waiting list.
  const second = await newContext(browser);
  const other = await second.newPage();
  await other.goto(`/reservation?evento=${event.id}`);
  await expect(other.getByTestId("booking-full")).toContainText("¡Cupo lleno!");
  const secondEmail = uniqueEmail("papa");
  await fillBooking(other, { name: "Tomás", email: secondEmail, children: "2", adults: "0" });
  await other.getByRole("button", { name: "Anotarme en la lista de espera" }).click();
  await expect(other.getByRole("heading", { name: "Estás en la lista de espera" })).toBeVisible();
  await expect.poll(() => mailsTo(secondEmail).length).toBe(1);

  // The first cancels (opening the link changes nothing until the button); the seats go to the second.
  await parent.goto(cancelLink);
  await expect(parent.getByText("Lupe: tienes 2 lugares")).toBeVisible();
  await parent.getByRole("button", { name: "Cancelar mi reserva" }).click();
  await expect(parent.getByRole("status")).toContainText(`cancelaste tu lugar en «${event.name}»`);
  await expect.poll(() => mailsTo(secondEmail).length).toBe(2);
  const freed = mailsTo(secondEmail)[1]!;
  expect(freed.headers.subject).toBe(`¡Se liberó un lugar en «${event.name}»!`);
  expect(linkIn(freed)).not.toBe(cancelLink);

  // Once only.
  const again = await parent.goto(cancelLink);
  expect(again?.status()).toBe(404);
  await expect(parent.getByText("Este enlace ya no sirve")).toBeVisible();

  // The organiser's list: the second family booked, nobody waiting.
  await page.goto(`/adminpanel/eventos/${event.id}`);
  await expect(page.getByTestId("seats-taken")).toContainText("2 de 2 lugares reservados.");
  await expect(page.getByTestId("booking")).toHaveCount(1);
  await expect(page.getByTestId("booking")).toContainText(secondEmail);
  await expect(page.getByTestId("waiting")).toHaveCount(0);
  await first.close();
  await second.close();
});

test("bad input gets a Spanish message beside its field and writes nothing", async ({ page, browser }) => {
  await signUpAdmin(page);
  const event = await addSiteEvent(page, { capacity: 2 });
  const past = await addSiteEvent(page, { capacity: 5, inDays: -2 });
  const context = await newContext(browser);
  const visitor = await context.newPage();

  await visitor.goto(`/reservation?evento=${event.id}`);
  await fillBooking(visitor, { name: "Ana", email: uniqueEmail(), children: "0", adults: "0" });
  const zero = visitor.waitForResponse((response) => response.request().method() === "POST");
  await visitor.getByRole("button", { name: "Reservar" }).click();
  expect((await zero).status()).toBe(400);
  await expect(visitor.getByText(BOOKING_MESSAGES.noSeats)).toBeVisible();
  await expect(visitor.getByLabel("Niños y niñas")).toHaveAttribute("aria-invalid", "true");

  await visitor.getByLabel("Niños y niñas").fill("2");
  await visitor.getByLabel("Personas adultas").fill("1");
  await visitor.getByRole("button", { name: "Reservar" }).click();
  await expect(visitor.getByText(BOOKING_MESSAGES.seatsLeft(2))).toBeVisible();

  await visitor.getByLabel("Personas adultas").fill("11");
  await visitor.getByRole("button", { name: "Reservar" }).click();
  await expect(visitor.getByText(BOOKING_MESSAGES.adults)).toBeVisible();

  await visitor.getByLabel("Personas adultas").fill("0");
  await visitor.getByLabel("Acepto que me escriban a este correo solo sobre este evento.").uncheck();
  await visitor.getByRole("button", { name: "Reservar" }).click();
  await expect(visitor.getByText(BOOKING_MESSAGES.consent)).toBeVisible();
  await expectNoAxeViolations(visitor, "the booking form with its messages");

  // A past event offers no form, and a post to it is refused.
  await visitor.goto(`/reservation?evento=${past.id}`);
  await expect(visitor.getByText("Este evento ya pasó")).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Reservar" })).toHaveCount(0);
  const late = await context.request.post("/reservation", {
    headers: { Origin: siteServer().baseURL },
    form: { evento: past.id, name: "Ana", email: uniqueEmail(), children: "1", adults: "0", consent: "on" },
  });
  expect(late.status()).toBe(400);
  expect(await late.text()).toContain(BOOKING_MESSAGES.past);

  for (const id of [event.id, past.id]) {
    await page.goto(`/adminpanel/eventos/${id}`);
    await expect(page.getByTestId("booking")).toHaveCount(0);
    await expect(page.getByTestId("seats-taken")).toContainText(/^0 de/);
  }
  await context.close();
});

test("50 parallel bookings for the last 10 seats: exactly 10 taken, the rest offered the waiting list", async ({
  page,
}) => {
  await signUpAdmin(page);
  const event = await addSiteEvent(page, { capacity: 10 });
  const answers = await Promise.all(
    Array.from({ length: 50 }, async (_, n) => {
      const response = await fetch(`${siteServer().baseURL}/reservation`, {
        method: "POST",
        headers: { Origin: siteServer().baseURL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          evento: event.id,
          name: `Familia ${n}`,
          email: uniqueEmail(`familia${n}`),
          children: "1",
          adults: "0",
          consent: "on",
          intent: "book",
        }),
      });
      return { status: response.status, text: await response.text() };
    }),
  );
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(refused).toHaveLength(40);
  for (const answer of refused) expect(answer.text).toContain("Anotarme en la lista de espera");

  await page.goto(`/adminpanel/eventos/${event.id}`);
  await expect(page.getByTestId("seats-taken")).toContainText("10 de 10 lugares reservados.");
  await expect(page.getByTestId("booking")).toHaveCount(10);
  await page.goto("/eventos");
  await expect(eventCard(page, event.name).getByText("¡Cupo lleno!", { exact: true })).toBeVisible();
});

test("the organiser marks attendance and exports the list as CSV", async ({ page, browser }) => {
  await signUpAdmin(page);
  const event = await addSiteEvent(page, { capacity: 5 });
  const context = await newContext(browser);
  const visitor = await context.newPage();
  const email = uniqueEmail("abuela");
  await visitor.goto(`/reservation?evento=${event.id}`);
  await fillBooking(visitor, { name: "Abuela Lupe", email, children: "3", adults: "1" });
  await visitor.getByRole("button", { name: "Reservar" }).click();
  await expect(visitor.getByRole("heading", { name: "Tu reserva está hecha" })).toBeVisible();
  await context.close();

  await page.goto("/adminpanel/eventos");
  await page
    .getByTestId("admin-event")
    .filter({ hasText: event.name })
    .getByRole("link", { name: /^Reservas/ })
    .click();
  const row = page.getByTestId("booking").filter({ hasText: email });
  await expect(row.getByTestId("attended")).toHaveText("Sin marcar");
  // The row shows the new state at once, while its save is on its way: a reload before the save
  // ends would abort it, as an organiser leaving that moment would.
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith(".data"),
  );
  await row.getByRole("button", { name: "Marcar que vino: Abuela Lupe" }).click();
  await expect(row.getByTestId("attended")).toHaveText("Vino");
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("booking").filter({ hasText: email }).getByTestId("attended")).toHaveText("Vino");
  await expectNoAxeViolations(page, "the organiser's list");

  const csv = await page.request.get(`/adminpanel/eventos/${event.id}/reservas.csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("nombre,correo,ninos,adultos,lugares,estado,asistio,reservado_el");
  expect(lines[1]).toMatch(new RegExp(`^Abuela Lupe,${email.replace(/\./g, "\\.")},3,1,4,reservado,si,\\d{4}-`));

  // Nobody else gets the list.
  const visitorCsv = await fetch(`${siteServer().baseURL}/adminpanel/eventos/${event.id}/reservas.csv`, {
    redirect: "manual",
  });
  expect([302, 303, 403]).toContain(visitorCsv.status);
});

test("with mail off, the page says no e-mail was sent and shows the cancel link once", async ({
  browser,
  siteWithoutOptionalServices,
}) => {
  const context = await newContext(browser, { baseURL: siteWithoutOptionalServices.baseURL });
  try {
    const page = await context.newPage();
    // The demo calendar's bookable event takes its bookings here.
    await page.goto("/eventos");
    await page.getByRole("link", { name: /^Disponible/ }).click();
    await expect(page).toHaveURL(/\/reservation\?evento=dia-del-nino$/);
    await fillBooking(page, { name: "Regina", email: uniqueEmail(), children: "1", adults: "1" });
    await page.getByRole("button", { name: "Reservar" }).click();
    await expect(page.getByText("No se envió ningún correo.")).toBeVisible();
    const link = page.getByTestId("cancel-link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/reservation\/cancelar\/[\w-]{32}$/);
    // Shown once: the page itself never shows it again.
    await page.goto("/reservation?evento=dia-del-nino");
    await expect(page.getByTestId("cancel-link")).toHaveCount(0);
    await page.goto(new URL(href!).pathname);
    await page.getByRole("button", { name: "Cancelar mi reserva" }).click();
    await expect(page.getByRole("status")).toContainText("cancelaste tu lugar");
  } finally {
    await context.close();
  }
});
