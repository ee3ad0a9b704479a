import { useHydrated } from "./use-hydrated.ts";

/** An image of the site's content, with its intrinsic size so the page never jumps while it loads. */
export type Picture = {
  src: string;
  /** Spanish alt text; "" for a decorative picture. */
  alt: string;
  width: number;
  height: number;
};

type SitePictureProps = {
  picture: Picture;
  className?: string;
  /** The one image above the fold: fetched first instead of lazily. */
  priority?: boolean;
};

export function SitePicture({ picture, className, priority = false }: SitePictureProps) {
  const image = { src: picture.src, alt: picture.alt, width: picture.width, height: picture.height, className };
  return priority ? <img {...image} fetchPriority="high" /> : <LaterImage {...image} />;
}

/** A transparent pixel: what a later image shows, in its own box, until the page works. */
const EMPTY_PICTURE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/**
 * An image below the first screen, fetched once the page works rather than while its scripts
 * are arriving: on a slow phone, lazy images near the first screen shared the link with the
 * scripts and left the page dead 0.3–0.4 s longer (decision 088). Until the page has hydrated,
 * a browser that runs scripts picks the `<source>`, an empty pixel in the image's reserved box;
 * then the source goes and the image loads as any lazy one. Without JavaScript, or in a browser
 * that does not know `(scripting: enabled)`, the source never applies and the image loads at
 * once. Give it its width and height, so nothing moves when it comes.
 */
export function LaterImage(props: Omit<React.ComponentProps<"img">, "loading" | "src"> & { src: string }) {
  const hydrated = useHydrated();
  return (
    <picture>
      {!hydrated && <source media="(scripting: enabled)" srcSet={EMPTY_PICTURE} data-until-hydrated="" />}
      <img {...props} loading="lazy" />
    </picture>
  );
}

type MediaRowProps = {
  picture: Picture;
  pictureClassName?: string;
  /** The section's own class, beside the shared `page-block`. */
  className: string;
  /** The id of the section's heading (inside `children`), which names the section. */
  headingId: string;
  children: React.ReactNode;
};

/** A page block with a picture on the left (on top on phones) and its text beside it. */
export function MediaRow({ picture, pictureClassName, className, headingId, children }: MediaRowProps) {
  return (
    <section className={`${className} page-block`} aria-labelledby={headingId}>
      <div className="row align-items-center gy-4">
        <div className="col-md-4 text-center">
          <SitePicture picture={picture} className={pictureClassName ? `img-fluid ${pictureClassName}` : "img-fluid"} />
        </div>
        <div className="col-md-8">{children}</div>
      </div>
    </section>
  );
}
