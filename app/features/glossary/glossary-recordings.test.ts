import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useTestServices } from "../../../tests/support/fixtures.ts";
import {
  RECORDING_MAX_BYTES,
  RECORDING_MESSAGES,
  readRecording,
  storeRecording,
} from "./glossary-recordings.server.ts";

const demoOgg = () => new Uint8Array(readFileSync(new URL("../../../db/seed/glossary/ofrenda.ogg", import.meta.url)));

describe("glossary recordings", () => {
  const services = useTestServices("pglite");
  const rowCount = async () =>
    Number(
      (
        await services.db
          .selectFrom("glossary_recordings")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses what is not audio, or too big, with a Spanish message, and writes nothing", async () => {
    const before = await rowCount();
    for (const bytes of [
      new TextEncoder().encode("no soy audio"),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      new Uint8Array(0),
    ])
      expect(await storeRecording(services.db, bytes)).toEqual({
        ok: false,
        status: 400,
        error: RECORDING_MESSAGES.wrongType,
      });
    const tooBig = new Uint8Array(RECORDING_MAX_BYTES + 1);
    tooBig.set(demoOgg());
    expect(await storeRecording(services.db, tooBig)).toMatchObject({ ok: false, error: RECORDING_MESSAGES.tooBig });
    expect(await rowCount()).toBe(before);
  });

  it("keeps an Ogg Opus recording once, by its content, served as audio/ogg", async () => {
    const stored = await storeRecording(services.db, demoOgg());
    expect(stored).toMatchObject({ ok: true, url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.ogg$/) });
    const again = await storeRecording(services.db, demoOgg());
    expect(again).toEqual(stored);
    const [, hash] = /([0-9a-f]{32})\.ogg$/.exec(stored.ok ? stored.url : "")!;
    const row = await readRecording(services.db, hash!, "ogg");
    expect(row?.content_type).toBe("audio/ogg");
    expect(await readRecording(services.db, hash!, "mp3")).toBeUndefined();
  });
});
