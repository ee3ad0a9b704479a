import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field.tsx";

describe("FormField", () => {
  it("names the control by its label and leaves it unmarked when valid", () => {
    const html = renderToStaticMarkup(
      <FormField id="email" label="Correo electrónico">
        {(control) => <input {...control} name="email" type="email" />}
      </FormField>,
    );
    expect(html).toContain('<label for="email" class="form-label">Correo electrónico</label>');
    expect(html).toContain('<input id="email" class="form-control" type="email" name="email"/>');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });

  it("marks the control invalid and describes it by its error, then its hint", () => {
    const html = renderToStaticMarkup(
      <FormField id="age" label="Edad" error="Demasiado." hint="Solo para personalizar.">
        {(control) => <input {...control} name="age" />}
      </FormField>,
    );
    expect(html).toContain('class="form-control is-invalid" aria-invalid="true" aria-describedby="age-error age-hint"');
    expect(html).toContain('<div id="age-error" class="invalid-feedback d-block">Demasiado.</div>');
    expect(html).toContain('<div id="age-hint" class="form-text">Solo para personalizar.</div>');
  });

  it("gives a select Bootstrap's form-select and can hide the label from sight only", () => {
    const html = renderToStaticMarkup(
      <FormField id="clan" label="Clan" select hideLabel invalid describedBy="clan-status" className="flex-grow-1">
        {(control) => <select {...control} name="clan" />}
      </FormField>,
    );
    expect(html).toContain('<div class="flex-grow-1"><label for="clan" class="visually-hidden">Clan</label>');
    expect(html).toContain(
      '<select id="clan" class="form-select is-invalid" aria-invalid="true" aria-describedby="clan-status"',
    );
  });
});
