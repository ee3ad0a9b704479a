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
  return (
    <img
      src={picture.src}
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      className={className}
      {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
    />
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
