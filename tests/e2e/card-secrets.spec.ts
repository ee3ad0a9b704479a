/**
 * Issue 37: a login card's address is its credential. An admin's statistics listed card
 * addresses (/entrar/<token>) and one, copied from paginas.csv, signed a stranger in as an
 * 8-year-old; the server's log held them too. Here children and students sign in by card as
 * they do (a scan, the 'Entrar' tap, other spellings the router takes) and afterwards no place
 * the site keeps or shows holds a token: the statistics page, its CSVs, the stored views and day
 * counts, the server's log lines, /metrics (docs/decisions/053).
 */
import type { APIRequestContext } from "@playwright/test";
import { FAMILY_PICTURES } from "../../app/features/families/family-pictures.ts";
import { askControlSocket, controlSocketPath } from "../../app/lib/control-socket.server.ts";
import { openDatabase } from "../../app/lib/db.server.ts";
import { E2E_METRICS_TOKEN } from "../support/e2e-metrics.ts";
import {
  ADULT_BIRTH_YEAR,
  PASSWORD,
  expect,
  newContext,
  startSiteServer,
  test,
  uniqueEmail,
  workerPort,
} from "./support.ts";

/** A card's address anywhere in a text, in any spelling the router takes (a token we did not print too). */
const CARD_ADDRESS = /(?:\/|%2f)(?:entrar|%65ntrar)(?:\/|%2f)+[A-Za-z0-9_-]{24}/gi;

/** How many times `text` holds one of `tokens`, or a card's address holding another token. */
const leaksIn = (text: string, tokens: string[]) =>
  tokens.reduce((sum, token) => sum + text.split(token).length - 1, 0) +
  (text.match(CARD_ADDRESS) ?? []).filter((address) => !tokens.some((token) => address.endsWith(token))).length;

async function signUpAdult(request: APIRequestContext, baseURL: string) {
  const email = uniqueEmail("adulto");
  const response = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name: "adulto", birthYear: ADULT_BIRTH_YEAR },
    headers: { Origin: baseURL },
  });
  // A site without a mail server signs a new account in at once (decision 011).
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

/** A family's child, added and given a card through the server as the pages' forms post. */
async function familyChildCard(request: APIRequestContext, baseURL: string, apodo: string) {
  const added = await request.post(`${baseURL}/familia`, {
    headers: { Origin: baseURL },
    form: {
      intent: "anadir",
      apodo,
      picture: FAMILY_PICTURES[0]!.id,
      birthYear: String(new Date().getFullYear() - 10),
      pin: "2468",
      pinAgain: "2468",
      consent: "si",
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const cardPage = /href="(\/familia\/[^"/]+\/tarjeta)"/.exec(await added.text())?.[1];
  expect(cardPage, "the child's card page").toBeTruthy();
  const printed = await request.post(`${baseURL}${cardPage}`, { headers: { Origin: baseURL }, form: {} });
  return cardPathsIn(await printed.text())[0]!;
}

/** A class of students, each with a card, as the teacher's pages post; their card paths. */
async function classCards(request: APIRequestContext, baseURL: string, apodos: string[]) {
  const created = await request.post(`${baseURL}/clases`, {
    headers: { Origin: baseURL },
    form: { intent: "crear", name: "Tercero B", consent: "si" },
  });
  const classId = new URL(created.url()).pathname.split("/")[2]!;
  const added = await request.post(`${baseURL}/clases/${classId}`, {
    headers: { Origin: baseURL },
    form: { intent: "anadir", roster: apodos.join("\n") },
  });
  expect(new URL(added.url()).search).toBe("?aviso=anadidos");
  const printed = await request.post(`${baseURL}/clases/${classId}/tarjetas`, {
    headers: { Origin: baseURL },
    form: {},
  });
  return cardPathsIn(await printed.text());
}

const cardPathsIn = (html: string) => {
  const paths = [
    ...new Set([...html.matchAll(/https?:\/\/[^/"\s<]+(\/entrar\/[A-Za-z0-9_-]{24})(?![\w-])/g)].map((m) => m[1]!)),
  ];
  expect(paths.length, "printed card addresses").toBeGreaterThan(0);
  return paths;
};

test("after card sign-ins, no statistic, CSV, stored view, log line or metric holds a card's token", async ({
  browser,
}) => {
  // A site of its own, logging at "info" (the access log) and keeping what it writes.
  test.slow();
  const site = await startSiteServer(workerPort(14), {
    LOG_LEVEL: "info",
    SMTP_URL: "",
    METRICS_TOKEN: E2E_METRICS_TOKEN,
  });
  const { baseURL } = site;
  let stopped = false;
  try {
    const adult = await browser.newContext({ baseURL });
    await signUpAdult(adult.request, baseURL);
    const familyCard = await familyChildCard(adult.request, baseURL, "Quetzalli");
    const studentCards = await classCards(adult.request, baseURL, ["Xochitl 10", "Tonatiuh 11", "Citlali 12"]);
    const cards = [familyCard, ...studentCards];
    const tokens = cards.map((card) => card.split("/").pop()!);

    // Each child on a device of their own: the card's page (a page view), then 'Entrar'.
    const spelt = [familyCard, studentCards[0]!, studentCards[1]!.replace("/entrar/", "/ENTRAR/"), studentCards[2]!];
    for (const card of spelt) {
      const device = await newContext(browser, { baseURL });
      const page = await device.newPage();
      const reported = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/page-view");
      await page.goto(card);
      await reported;
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await expect(page).toHaveURL(/\/pasaporte$/);
      await device.close();
    }
    // Spellings a script may send: the router's percent-decoded and data forms.
    expect((await adult.request.get(`${baseURL}/%65ntrar/${tokens[3]}`)).status()).toBe(200);
    expect((await adult.request.get(`${baseURL}${cards[3]}.data`)).status()).toBe(200);

    // The admin's statistics, once the reports have been stored.
    const admin = await browser.newContext({ baseURL });
    const adminEmail = await signUpAdult(admin.request, baseURL);
    const granted = await askControlSocket(controlSocketPath(site.dataDir), ["grant", adminEmail]);
    expect(granted.ok, granted.message).toBe(true);
    let statsPage = "";
    await expect
      .poll(async () => {
        statsPage = await (await admin.request.get(`${baseURL}/adminpanel/estadisticas`)).text();
        return statsPage.includes("/entrar/");
      })
      .toBe(true);
    const csvLinks = [...new Set([...statsPage.matchAll(/href="(\/adminpanel\/estadisticas\/[^"]+\.csv[^"]*)"/g)])].map(
      (match) => match[1]!.replaceAll("&amp;", "&"),
    );
    expect(csvLinks.some((link) => link.includes("paginas.csv"))).toBe(true);
    let csvs = "";
    for (const link of csvLinks) csvs += await (await admin.request.get(`${baseURL}${link}`)).text();
    expect(csvs).toContain("/entrar/");
    const metrics = await (
      await admin.request.get(`${baseURL}/metrics`, { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toContain("site_http_requests_total");

    await site.stop();
    stopped = true;
    const logLines = site.output().split("\n");
    expect(logLines.some((line) => line.includes('"msg":"request"') && line.includes("/entrar/"))).toBe(true);

    const database = await openDatabase({ kind: "pglite", dataDir: site.dataDir });
    let views: string;
    let days: string;
    try {
      views = JSON.stringify(await database.db.selectFrom("page_views").selectAll().execute());
      days = JSON.stringify(await database.db.selectFrom("page_view_days").selectAll().execute());
    } finally {
      await database.close();
    }
    expect(views).toContain("/entrar/");

    const found = {
      statsPage: leaksIn(statsPage, tokens),
      csvs: leaksIn(csvs, tokens),
      pageViews: leaksIn(views, tokens),
      pageViewDays: leaksIn(days, tokens),
      logLines: logLines.filter((line) => leaksIn(line, tokens) > 0).length,
      metrics: leaksIn(metrics, tokens),
    };
    expect(found).toEqual({ statsPage: 0, csvs: 0, pageViews: 0, pageViewDays: 0, logLines: 0, metrics: 0 });
  } finally {
    if (!stopped) await site.stop();
  }
});
