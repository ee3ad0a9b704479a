import { Events, OAuth2Server } from "oauth2-mock-server";

/** The account the local OpenID Connect server signs in, standing in for a Google account. */
export const GOOGLE_TEST_ACCOUNT = {
  sub: "google-lectora-1",
  email: "lectora.google@example.com",
  name: "Lectora de Google",
};

/** A real OpenID Connect provider on loopback (discovery, JWKS, code flow with PKCE). */
export async function startOidcServer(port: number) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, { ...GOOGLE_TEST_ACCOUNT, email_verified: true });
  });
  server.service.on(Events.BeforeUserinfo, (userInfo) => {
    userInfo.body = { ...GOOGLE_TEST_ACCOUNT, email_verified: true };
  });
  await server.start(port, "127.0.0.1");
  return server;
}
