import { describe, expect, it } from "vitest";
import { pathForGoogle } from "../features/analytics/google-path.ts";
import { redactSecretPath } from "./secret-paths.ts";
import { redactSecretsInText } from "./secret-text.server.ts";

const TOKEN = "Ab3_xY9-kLmNoPqRsTuVwX12";

describe("a path that carries a credential", () => {
  it("keeps only its prefix, however the router would still read it", () => {
    const cards = [
      `/entrar/${TOKEN}`,
      `/ENTRAR/${TOKEN}`,
      `/Entrar/${TOKEN}/`,
      `/entrar/${TOKEN}.data`,
      `/entrar/${TOKEN}?book`,
      `//entrar//${TOKEN}`,
      `/%65ntrar/${TOKEN}`,
      `/%45NTRAR/${TOKEN}`,
      `/%2565ntrar/${TOKEN}`,
      `/entrar%2F${TOKEN}`,
      `/entrar%2f${TOKEN}`,
      `\\entrar\\${TOKEN}`,
      `/entrar/${TOKEN}/otra/cosa`,
    ];
    for (const path of cards) expect(redactSecretPath(path), path).toBe("/entrar/…");
    expect(redactSecretPath(`/permiso-familiar/${TOKEN}`)).toBe("/permiso-familiar/…");
    expect(redactSecretPath(`/Permiso-Familiar/${TOKEN}.data`)).toBe("/permiso-familiar/…");
    expect(redactSecretPath(`/api/auth/reset-password/${TOKEN}`)).toBe("/api/auth/reset-password/…");
    expect(redactSecretPath(`/API/Auth/Reset-Password/${TOKEN}`)).toBe("/api/auth/reset-password/…");
    expect(redactSecretPath(`/reservation/cancelar/${TOKEN}`)).toBe("/reservation/cancelar/…");
    expect(redactSecretPath(`/Reservation/Cancelar/${TOKEN}.data`)).toBe("/reservation/cancelar/…");
  });

  it("leaves every other path as it is", () => {
    for (const path of [
      "/",
      "/entrar",
      "/entrar/",
      "/entrarx/abc",
      "/eventos?taquito",
      "/familia/abc/tarjeta",
      "/permiso-familiar",
      "/api/auth/reset-password",
      "/api/auth/get-session",
      "/reservation",
      "/reservation?evento=dia-del-nino",
      "/qr/capitulo-1",
      "/capitulo/%C3%B1",
    ])
      expect(redactSecretPath(path), path).toBe(path);
  });
});

describe("text that may hold an address", () => {
  it("loses every secret path in it, wherever it sits and however it is spelt", () => {
    const text = [
      `GET /entrar/${TOKEN}.data`,
      `http://localhost:3000/ENTRAR/${TOKEN}?x=1`,
      `No route matches URL "/%65ntrar/${TOKEN}"`,
      `/entrar%2F${TOKEN}`,
      `at https://x.example/permiso-familiar/${TOKEN}`,
      `/api/auth/reset-password/${TOKEN}?callbackURL=%2Frecuperar-contrasena%2Fnueva`,
      `\\entrar\\${TOKEN}`,
      `GET /reservation/cancelar/${TOKEN} 200`,
    ].join("\n");
    const redacted = redactSecretsInText(text);
    expect(redacted).not.toContain(TOKEN);
    expect(redacted).toContain("GET /entrar/…\n");
    expect(redacted).toContain("http://localhost:3000/entrar/…?x=1");
    expect(redacted).toContain('URL "/entrar/…"');
    expect(redacted).toContain("https://x.example/permiso-familiar/…");
    expect(redacted).toContain("GET /reservation/cancelar/… 200");
    expect(redacted).toContain("/api/auth/reset-password/…?callbackURL=%2Frecuperar-contrasena%2Fnueva");
  });

  it("loses the value of a token or code in a query, and keeps the rest", () => {
    expect(redactSecretsInText(`/recuperar-contrasena/nueva?token=${TOKEN}&x=1`)).toBe(
      "/recuperar-contrasena/nueva?token=…&x=1",
    );
    expect(redactSecretsInText(`/api/auth/callback/google?state=s&code=${TOKEN}`)).toBe(
      "/api/auth/callback/google?state=s&code=…",
    );
    expect(redactSecretsInText("request /personajes 200 in 12 ms")).toBe("request /personajes 200 in 12 ms");
  });

  it("agrees with Google's short copy on every page a router reaches (the path Google hears)", () => {
    for (const page of ["/entrar/", "/permiso-familiar/"])
      for (const spelt of [
        page,
        page.toUpperCase(),
        page.replace("e", "%65"),
        page.replace("/", "//"),
        `${page.slice(0, -1)}\\`,
      ]) {
        const path = `${spelt}${TOKEN}`;
        expect(pathForGoogle(path), path).toBe(redactSecretPath(path));
        expect(pathForGoogle(`${path}.data?book`), path).toBe(redactSecretPath(`${path}.data`));
      }
  });
});
