import { Link } from "react-router";
import { MediaRow } from "../../../ui/picture.tsx";
import type { BookPromoContent } from "../book-types.ts";

/** The book with its cover and a buy button; shown on home and on /eventos. */
export function BookPromo({ promo, headingId }: { promo: BookPromoContent; headingId: string }) {
  return (
    <MediaRow picture={promo.cover} pictureClassName="book-cover" className="book-promo" headingId={headingId}>
      <h2 id={headingId}>{promo.heading}</h2>
      {promo.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {promo.buy && (
        <Link to={promo.buy.to} className="btn btn-warning btn-lg">
          {promo.buy.label}
        </Link>
      )}
    </MediaRow>
  );
}
