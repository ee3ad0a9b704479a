import { useState } from "react";
import type { HomeContent } from "../home-content.server.ts";

/**
 * SPEC.md: the reviews strip is placeholder content repeated three times. The copies make the
 * scrolling loop seamless; only the first is read by screen readers, and readers can stop the
 * motion (WCAG 2.2.2). Under prefers-reduced-motion the strip does not move at all.
 */
const STRIP_COPIES = 3;

export function ReviewsStrip({ reviews }: { reviews: HomeContent["reviews"] }) {
  const [paused, setPaused] = useState(false);
  return (
    <section className="reviews page-block" aria-labelledby="resenas-titulo">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div>
          <h2 id="resenas-titulo" className="mb-0">
            {reviews.heading}
          </h2>
          <p className="reviews-note mb-0">{reviews.note}</p>
        </div>
        <button
          type="button"
          className="btn btn-outline-light btn-sm reviews-toggle"
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? reviews.playLabel : reviews.pauseLabel}
        </button>
      </div>
      <div className={`reviews-strip${paused ? " is-paused" : ""}`}>
        <div className="reviews-track">
          {Array.from({ length: STRIP_COPIES }, (_, copy) => (
            <ul
              className="reviews-copy list-unstyled"
              key={copy}
              aria-hidden={copy > 0 ? true : undefined}
              data-testid="reviews-copy"
            >
              {reviews.items.map((review) => (
                <li className="review" key={review.reader}>
                  <figure className="mb-0">
                    <blockquote className="mb-2">
                      <p className="mb-0">«{review.quote}»</p>
                    </blockquote>
                    <figcaption>{review.reader}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
