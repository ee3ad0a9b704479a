/**
 * An audio file whole, or the byte range a browser asked for (it seeks a tapped word with one):
 * 206 with Content-Range, 416 past the end.
 */
export function audioResponse(
  request: Request,
  audio: Uint8Array,
  contentType: string,
  extraHeaders: Record<string, string>,
): Response {
  const headers = { ...extraHeaders, "Content-Type": contentType, "Accept-Ranges": "bytes" };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("Range") ?? "");
  if (!range || (!range[1] && !range[2]))
    return new Response(new Uint8Array(audio), { headers: { ...headers, "Content-Length": String(audio.length) } });
  const size = audio.length;
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start >= size || start > end)
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  return new Response(new Uint8Array(audio.subarray(start, end + 1)), {
    status: 206,
    headers: {
      ...headers,
      "Content-Range": `bytes ${start}-${end}/${size}`,
      "Content-Length": String(end - start + 1),
    },
  });
}
