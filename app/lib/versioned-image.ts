/**
 * Site images carry their content's version (its last change), so an edited character or
 * chapter busts caches while an unchanged one stays cached. Other hosts' URLs are left as they
 * are (they may be signed).
 */
export function versionedImageSrc(imageUrl: string, updatedAt: Date): string {
  if (!imageUrl.startsWith("/") || imageUrl.startsWith("//")) return imageUrl;
  return `${imageUrl}${imageUrl.includes("?") ? "&" : "?"}v=${updatedAt.getTime()}`;
}
