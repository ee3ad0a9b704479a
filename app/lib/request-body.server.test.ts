import { describe, expect, it } from "vitest";
import { REQUEST_BODY_MESSAGES, requestBodyMiddleware } from "./request-body.server.ts";

/** What the root middleware does with a request: passes it on (null) or refuses it (status, message). */
async function verdict(request: Request): Promise<{ status: number; message: unknown } | null> {
  try {
    await requestBodyMiddleware({ request } as never, () => Promise.resolve(new Response()));
    return null;
  } catch (thrown) {
    const refusal = thrown as { data: unknown; init: { status: number } };
    return { status: refusal.init.status, message: refusal.data };
  }
}

const form = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
const json = (path: string, body: string) =>
  new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
const multipart = (path: string, fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`http://localhost${path}`, { method: "POST", body });
};

// Issue 37: a NUL that reached PostgreSQL in a reader's text failed the query (a 500). Every
// action's body passes this root middleware first.
describe("a request body with a NUL", () => {
  const refused = { status: 400, message: REQUEST_BODY_MESSAGES.badCharacters };

  it("is refused with a 400 in Spanish in a form: an apodo, a comment, a class's roster, a contact message", async () => {
    expect(await verdict(form("/tu-perfil", { intent: "apodo", displayName: "Tac\u0000o" }))).toEqual(refused);
    expect(await verdict(multipart("/capitulo-1", { intent: "comment", text: "hola\u0000" }))).toEqual(refused);
    expect(await verdict(form("/clases/una", { intent: "add", roster: "Ana\nBeto\u0000" }))).toEqual(refused);
    expect(await verdict(form("/tu-perfil", { ["display\u0000Name"]: "Taco" }))).toEqual(refused);
  });

  it("is refused in a JSON API's body, written raw or escaped", async () => {
    expect(await verdict(json("/api/page-view", '{"path":"/a","title":"x\u0000"}'))).toEqual(refused);
    expect(await verdict(json("/api/page-view", '{"path":"/a","title":"x\\u0000"}'))).toEqual(refused);
  });

  it("lets the same text through without it, line breaks and tabs included", async () => {
    expect(await verdict(form("/tu-perfil", { intent: "apodo", displayName: "Taco" }))).toBeNull();
    expect(await verdict(multipart("/capitulo-1", { intent: "comment", text: "hola\r\n\tadiós" }))).toBeNull();
    expect(await verdict(json("/api/page-view", '{"path":"/a","title":"x"}'))).toBeNull();
  });
});
