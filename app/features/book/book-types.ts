/** Shapes of the book's content as loaders hand it to the page components. */

import type { Picture } from "../../ui/picture.tsx";

export type PictureContent = Picture;

export type LinkContent = { label: string; to: string };

export type BookPromoContent = {
  heading: string;
  paragraphs: string[];
  cover: PictureContent;
  /** null when no BOOK_URL is configured: no button. */
  buy: LinkContent | null;
};

export type AuthorContent = {
  name: string;
  role: string;
  bio: string;
  portrait: PictureContent;
};

export type AuthorsContent = {
  heading: string;
  intro: string;
  authors: AuthorContent[];
};
