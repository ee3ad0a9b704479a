/**
 * What a proxy's request id must look like to be kept: 8 to 64 letters, digits, `-` or `_` (a
 * UUID, as Caddy sends). Anything else, and any id a client sends without a trusted proxy in
 * front (TRUST_PROXY unset), is replaced by a fresh UUID: a client cannot plant text in the logs
 * nor pass its requests off as another's.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{7,63}$/;

export function chooseRequestId(sent: string | undefined, trustProxy: number | undefined): string {
  return trustProxy && sent && WELL_FORMED_REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}
