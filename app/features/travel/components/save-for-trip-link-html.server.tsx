import { renderToStaticMarkup } from "react-dom/server";
import { TRAVEL_MESSAGES } from "../travel-messages.ts";
import { saveForTripFromChapterPath } from "../trip-addresses.ts";

/**
 * A chapter page's 'Guardar para el viaje' (issue 43, decision 075), as HTML made on the server: a
 * plain link to the passport's trip panel, which saves on arrival. The chapter page composes it
 * into the HTML it already inserts (the reading controls' block), so its route module, the
 * page's first-load JavaScript, gains not a byte (scripts/budget.ts).
 */
export const saveForTripLinkHtml = (chapter: { slug: string }) =>
  renderToStaticMarkup(
    <p className="trip-save-link">
      <a href={saveForTripFromChapterPath(chapter)} className="btn btn-outline-primary">
        {TRAVEL_MESSAGES.save}
      </a>
    </p>,
  );
