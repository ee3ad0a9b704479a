import { useEffect, useState, type ReactNode } from "react";
import { SIDE_IMAGE_CANDIDATES, pickOne } from "../side-images.ts";

type Picks = { left: string; right: string };

/**
 * Frames `children` between two decorative images, one per side, picked at random once the
 * page is interactive. On narrow screens there is no room beside the content, so CSS hides them.
 */
export function DecoratedFrame({ children }: { children: ReactNode }) {
  const [picks, setPicks] = useState<Picks | null>(null);
  // After hydration only: a random pick during render would differ between server and browser.
  useEffect(() => {
    setPicks({ left: pickOne(SIDE_IMAGE_CANDIDATES.left), right: pickOne(SIDE_IMAGE_CANDIDATES.right) });
  }, []);
  const shown = picks ?? { left: SIDE_IMAGE_CANDIDATES.left[0]!, right: SIDE_IMAGE_CANDIDATES.right[0]! };
  return (
    <div className="decorated-frame" data-picked={picks ? "true" : undefined}>
      <img
        src={shown.left}
        alt=""
        width="200"
        height="500"
        className="side-decoration"
        data-testid="side-decoration-left"
      />
      <div className="decorated-frame-content">{children}</div>
      <img
        src={shown.right}
        alt=""
        width="200"
        height="500"
        className="side-decoration"
        data-testid="side-decoration-right"
      />
    </div>
  );
}
