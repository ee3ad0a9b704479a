import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root.tsx";

function renderError(thrown: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => null,
      loader: () => {
        throw thrown;
      },
      ErrorBoundary: ErrorBoundary as never,
    },
  ]);
  return renderToString(<Stub initialEntries={["/"]} hydrationData={{ errors: { 0: thrown } }} />);
}

describe("the error page", () => {
  it("answers an unexpected error in Spanish, without the error's message or stack", () => {
    const error = new Error("conexión a la base secreta falló");
    error.stack = "Error: at secretFunction (/srv/app/secret.ts:1:1)";
    const html = renderError(error);
    expect(html).toContain("Algo salió mal");
    expect(html).not.toContain("secreta");
    expect(html).not.toContain("secretFunction");
  });
});
