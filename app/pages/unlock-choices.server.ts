import type { Db } from "../lib/db.server.ts";
import { chapterName } from "../features/chapters/chapter-links.ts";
import { listChapterAddresses } from "../features/chapters/chapters.server.ts";
import type { UnlockChoices } from "../features/characters/unlock-choices.ts";
import { listWorkingQrCodes, type QrTarget } from "../features/qr/qr-studio.server.ts";

const naturalOrder = new Intl.Collator("es", { numeric: true });

const codeNames = (codes: readonly QrTarget[]) =>
  codes
    .map((code) => (code.label.trim() ? `${code.label.trim()}, código ${code.code}` : `código ${code.code}`))
    .join("; ");

/**
 * The character editor's list of what can unlock a character. A character unlocks when a
 * reader visits its `requiredUrl` (decision 003): for a chapter that is its printed token path
 * (never its slug, whose visit unlocks nothing), reached by scanning the chapter's QR code;
 * for any other code, the path it leads to. Each chapter names its codes; the codes that lead
 * elsewhere are listed once per destination.
 */
export async function unlockChoices(db: Db): Promise<UnlockChoices> {
  const [chapters, codes] = await Promise.all([listChapterAddresses(db), listWorkingQrCodes(db)]);
  const codesTo = new Map<string, QrTarget[]>();
  for (const code of codes) codesTo.set(code.target, [...(codesTo.get(code.target) ?? []), code]);
  const chapterPaths = new Set(chapters.map((chapter) => chapter.requiredUrl));
  return {
    chapters: chapters.map((chapter) => {
      const printed = codesTo.get(chapter.requiredUrl);
      return {
        path: chapter.requiredUrl,
        label: printed ? `${chapterName(chapter)} (${codeNames(printed)})` : chapterName(chapter),
      };
    }),
    codes: [...codesTo]
      .filter(([target]) => !chapterPaths.has(target))
      .map(([target, printed]) => ({ path: target, label: `${codeNames(printed)}: lleva a ${target}` }))
      .sort((a, b) => naturalOrder.compare(a.label, b.label)),
  };
}
