import type { ReadingSettings } from "../../../lib/reading-settings-cookie.ts";
import { ReadingPlace } from "./reading-place.tsx";
import { ReadingSettingsPanel } from "./reading-settings-panel.tsx";

export type ReadingComfortData = {
  settings: ReadingSettings;
  trackChapterId: string | null;
  resumeAt: number | null;
};

/**
 * What a chapter page shows of reading comfort (issue 44, decision 076): 'Aa' for everyone, and
 * a signed-in reader's place. One module, loaded by the chapter route on demand: the server
 * renders it into the first HTML, and a plain form and a plain link work until it arrives.
 */
export function ReadingComfort({ reading }: { reading: ReadingComfortData }) {
  return (
    <>
      <ReadingSettingsPanel settings={reading.settings} />
      {reading.trackChapterId && <ReadingPlace chapterId={reading.trackChapterId} resumeAt={reading.resumeAt} />}
    </>
  );
}
