/**
 * The demo's recorded pronunciations (decision 077): three glossary words said by eSpeak NG, a
 * synthetic placeholder voice the admin labels as such. Made once with Debian's `espeak-ng` and
 * `opus-tools` (see db/seed/glossary/README.md); the build, the seed and the tests only read the
 * committed files.
 */
const recordingFiles = import.meta.glob<string>("./glossary/*.ogg", {
  query: "?inline",
  import: "default",
  eager: true,
});

const fromDataUrl = (url: string) => new Uint8Array(Buffer.from(url.slice(url.indexOf(",") + 1), "base64"));

/** Glossary word ids (db/seed/glossary.ts) with a demo recording of the same name. */
export const seedGlossaryRecordings = ["cempasuchil", "ofrenda", "mictlan"].map((wordId) => {
  const file = recordingFiles[`./glossary/${wordId}.ogg`];
  if (!file) throw new Error(`seed: no recording for ${wordId}`);
  return { wordId, audio: () => fromDataUrl(file) };
});
