/** The point of a picture that a crop keeps in view, in percent of its width and height. */
export type FocalPoint = { x: number; y: number };

export const CENTER: FocalPoint = { x: 50, y: 50 };

const HORIZONTAL: Record<string, number> = { left: 0, center: 50, right: 100 };
const VERTICAL: Record<string, number> = { top: 0, center: 50, bottom: 100 };
const PERCENT = /^(\d+(?:\.\d+)?)%$/;

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/**
 * Reads an object-position value as a focal point. Besides the picker's own 'X% Y%' it reads
 * the keywords that older characters were saved with ('center', 'top', 'left top', '50% top'),
 * so they open in the picker where they were. Null for anything else (lengths, calc()).
 */
export function focalPointOf(position: string): FocalPoint | null {
  const words = position.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 2) return null;
  const percent = (word: string | undefined) => {
    const match = word ? PERCENT.exec(word) : null;
    return match ? Number(match[1]) : undefined;
  };
  const [first, second] = words as [string, string | undefined];
  // A vertical keyword first ('top left') is the same point as 'left top'.
  const swapped = first in VERTICAL && first !== "center" && (second === undefined || second in HORIZONTAL);
  const [horizontalWord, verticalWord] = swapped ? [second, first] : [first, second];
  const x = horizontalWord === undefined ? 50 : (HORIZONTAL[horizontalWord] ?? percent(horizontalWord));
  const y = verticalWord === undefined ? 50 : (VERTICAL[verticalWord] ?? percent(verticalWord));
  return x === undefined || y === undefined ? null : { x: clamp(x), y: clamp(y) };
}

/** The object-position value of a focal point: what the character form saves. */
export const focalPointValue = (point: FocalPoint) => `${point.x}% ${point.y}%`;
