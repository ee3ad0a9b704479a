import { trackReadingPosition } from "./reading-position.client.ts";
import { offerSpeakAloud } from "./speak-aloud.client.ts";

/**
 * What a chapter page does once the browser is idle or the reader scrolls (use-reading-tracker.ts),
 * never with its first scripts: a signed-in reader's place is noted (decision 076), and a chapter
 * without a recording offers 'Léemelo' by the device's own voice where it has one (decision 079).
 */
export function whenChapterIdle(chapterId: string | null, resumeAt: number): () => void {
  const stopOffer = offerSpeakAloud();
  const stopTracking = chapterId ? trackReadingPosition(chapterId, resumeAt) : undefined;
  return () => {
    stopOffer();
    stopTracking?.();
  };
}
