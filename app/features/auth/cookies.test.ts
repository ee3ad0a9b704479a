import { describe, expect, it } from "vitest";
import { ADULT_BIRTH_YEAR, createTestServices } from "../../../tests/support/route-harness.ts";

async function sessionCookieFor(siteUrl: string) {
  const services = await createTestServices("pglite", { env: { SITE_URL: siteUrl } });
  try {
    const response = await services.auth.api.signUpEmail({
      body: {
        email: "galleta@example.com",
        password: "cempasuchil-2025",
        name: "galleta",
        birthYear: ADULT_BIRTH_YEAR,
      } as never,
      asResponse: true,
    });
    return response.headers.getSetCookie().find((cookie) => cookie.includes("session_token"))!;
  } finally {
    await services.dispose();
  }
}

describe("session cookies", () => {
  it("are httpOnly and SameSite=Lax, and Secure when the site is served over https", async () => {
    const secure = await sessionCookieFor("https://valentinaytaquito.example");
    expect(secure).toMatch(/HttpOnly/i);
    expect(secure).toMatch(/SameSite=Lax/i);
    expect(secure).toMatch(/;\s*Secure/i);
    const plain = await sessionCookieFor("http://localhost:3999");
    expect(plain).not.toMatch(/;\s*Secure/i);
  });
});
