import { renderToStaticMarkup } from "react-dom/server";
import type { ReadingSettings } from "../../../lib/reading-settings-cookie.ts";
import { READING_MESSAGES as M } from "../reading-messages.ts";
import { ReadingSettingsPanel } from "./reading-settings-panel.tsx";

/** The paragraph anchors of a chapter's text (reading-comfort.server.ts numbers them). */
export const paragraphAnchor = (paragraph: number) => `#parrafo-${paragraph}`;

/**
 * What a chapter page shows of reading comfort (issue 44, decision 076), as HTML made on the
 * server: 'Aa' (a plain form) for everyone and, for a signed-in reader who left the chapter
 * midway, 'Seguir donde me quedé' (a plain link). Neither needs a script, so none of their code
 * is among the page's modules: a module the page asked for while hydrating came one round trip
 * after the others (tests/e2e/scripts-after-paint.spec.ts).
 */
export function readingComfortHtml(reading: { settings: ReadingSettings; resumeAt: number | null }): string {
  return renderToStaticMarkup(
    <>
      <ReadingSettingsPanel settings={reading.settings} />
      {reading.resumeAt !== null && (
        <p className="reading-resume">
          <a href={paragraphAnchor(reading.resumeAt)} className="btn btn-outline-primary">
            {M.resume}
          </a>
        </p>
      )}
    </>,
  );
}

/**
 * 'Léemelo' by the device's own voice, for a chapter without a recording (decision 079): hidden
 * until the page's idle work finds a Spanish voice on the device (speak-aloud.client.ts), so a
 * device without one never shows it.
 */
export const speakAloudButtonHtml = () =>
  renderToStaticMarkup(
    <p className="speak-aloud" hidden>
      <button type="button" className="btn btn-primary" data-speak-aloud="">
        Léemelo
      </button>
    </p>,
  );
