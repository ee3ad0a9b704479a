import { Link } from "react-router";
import type { BookPromoContent } from "../book-types.ts";

/** The book with its cover and a buy button; shown on home and on /eventos. */
export function BookPromo({ promo, headingId }: { promo: BookPromoContent; headingId: string }) {
  return (
    <section className="book-promo page-block" aria-labelledby={headingId}>
      <div className="row align-items-center gy-4">
        <div className="col-md-4 text-center">
          <img
            src={promo.cover.src}
            alt={promo.cover.alt}
            width={promo.cover.width}
            height={promo.cover.height}
            loading="lazy"
            className="img-fluid book-cover"
          />
        </div>
        <div className="col-md-8">
          <h2 id={headingId}>{promo.heading}</h2>
          {promo.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <Link to={promo.buy.to} className="btn btn-warning btn-lg">
            {promo.buy.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
