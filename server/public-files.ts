/**
 * Whether a path's last segment has an extension, as every file of public/ has (its test keeps
 * it so): only such a path is looked for among the client's files, never a page's.
 */
export function namesAFile(path: string): boolean {
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  return lastSegment.lastIndexOf(".") > 0;
}
