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

/**
 * What a later image shows until the page works: an empty picture of the image's own size. Its
 * size matters: under `height: auto` the box takes the shape of the picture shown, so an empty
 * pixel made a 4:3 thumbnail square until the real picture came, and the text below it moved.
 */
const emptyPicture = (width: number | string, height: number | string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"/>`)}`;

export function LaterImage(
  props: Omit<React.ComponentProps<"img">, "loading" | "src" | "width" | "height"> & {
    src: string;
    width: number | string;
    height: number | string;
  },
) {
  const hydrated = useHydrated();
  return (
    <picture>
      {!hydrated && (
        <source media="(scripting: enabled)" srcSet={emptyPicture(props.width, props.height)} data-until-hydrated="" />
      )}
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
