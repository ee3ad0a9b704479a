import {
  LINE_SPACINGS,
  SPACINGS,
  TEXT_SIZES,
  THEMES,
  type ReadingSettings,
} from "../../../lib/reading-settings-cookie.ts";
import { READING_MESSAGES as M } from "../reading-messages.ts";

function Choices<T extends string>({
  name,
  legend,
  values,
  labels,
  checked,
}: {
  name: string;
  legend: string;
  values: readonly T[];
  labels: Record<T, string>;
  checked: T;
}) {
  return (
    <fieldset className="reading-settings-group">
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value} className="reading-settings-choice">
          <input type="radio" name={name} value={value} defaultChecked={value === checked} /> {labels[value]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * 'Aa' on a chapter page (issue 44 §2, decision 076): a disclosure with a plain form that posts
 * to /api/lectura, which keeps the choice and comes back here; the server then renders
 * the chapter with it. No script is needed to open, choose or apply: it is rendered to HTML on
 * the server (reading-comfort-html.server.tsx), so none of its code reaches the browser.
 */
export function ReadingSettingsPanel({ settings }: { settings: ReadingSettings }) {
  return (
    <details className="reading-settings">
      <summary>
        {M.settingsSummary} <span className="visually-hidden">{M.settingsName}</span>
      </summary>
      <form method="post" action="/api/lectura" className="reading-settings-form">
        <input type="hidden" name="que" value="ajustes" />
        <Choices name="tamano" legend={M.sizeLegend} values={TEXT_SIZES} labels={M.sizes} checked={settings.size} />
        <Choices
          name="espaciado"
          legend={M.spacingLegend}
          values={SPACINGS}
          labels={M.spacings}
          checked={settings.spacing}
        />
        <Choices
          name="interlineado"
          legend={M.linesLegend}
          values={LINE_SPACINGS}
          labels={M.lines}
          checked={settings.lines}
        />
        <Choices name="tema" legend={M.themeLegend} values={THEMES} labels={M.themes} checked={settings.theme} />
        <button type="submit" className="btn btn-primary">
          {M.apply}
        </button>
      </form>
    </details>
  );
}
