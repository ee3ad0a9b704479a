/**
 * Reading Accept-Encoding (RFC 9110 §12.5.3): each coding's weight, `*` for codings not named,
 * `q=0` for "never". A coding neither named nor covered by `*` is not acceptable (identity always is).
 */
function weights(acceptEncoding: string | null): Map<string, number> {
  const weights = new Map<string, number>();
  for (const entry of (acceptEncoding ?? "").split(",")) {
    const [coding = "", ...parameters] = entry.trim().toLowerCase().split(";");
    if (!coding.trim()) continue;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(coding.trim(), Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/**
 * Of `offered` (in the server's order of preference), the coding the client weighs highest, the
 * earlier one on a tie; null when it accepts none of them (the body then goes as it is).
 */
export function chooseEncoding<Coding extends string>(
  acceptEncoding: string | null,
  offered: readonly Coding[],
): Coding | null {
  const accepted = weights(acceptEncoding);
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = accepted.get(coding) ?? accepted.get("*") ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}
