import { exportAccountData, type AccountExport } from "../features/account/account-data.server.ts";
import { summariseAccountData } from "../features/account/account-summary.server.ts";
import { SUMMARY_LABELS as L } from "../features/account/account-summary-labels.ts";
import type { FamilyMemberSummary } from "../features/account/components/account-summary.tsx";
import {
  childAccountEmail,
  consentOfChild,
  isChildAccountEmail,
  listChildReaders,
} from "../features/families/child-readers.server.ts";
import { pictureById } from "../features/families/family-pictures.ts";
import { emailChildrenOf, linkConsentsToAccount } from "../features/guardians/guardian-consent.server.ts";
import { clanById } from "../features/profiles/clans.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { Db } from "../lib/db.server.ts";

/**
 * The children an adult answers for, whichever way they came in (issue 39, decision 066): the
 * child readers they added in /familia, and the children with an e-mail of their own whose
 * consent they gave by mail. Both the readable data page and the JSON list them.
 */
async function familyOf(db: Db, adult: { id: string; email: string }) {
  await linkConsentsToAccount(db, adult);
  const [readers, emailChildren] = await Promise.all([listChildReaders(db, adult.id), emailChildrenOf(db, adult.id)]);
  return { readers, emailChildren };
}

/** Each child's own export, as 'Descargar mis datos' adds them (`lectoresDeTuFamilia`). */
export async function familyExports(db: Db, adult: { id: string; email: string }): Promise<AccountExport[]> {
  const { readers, emailChildren } = await familyOf(db, adult);
  return Promise.all([
    ...readers.map((child) => exportAccountData(db, { id: child.id, email: childAccountEmail(child.id) })),
    ...emailChildren.map((child) => exportAccountData(db, { id: child.id, email: child.email })),
  ]);
}

/** Each child's summary in words, for 'Ver mis datos', with how they belong to the family. */
export async function familySummaries(db: Db, adult: { id: string; email: string }): Promise<FamilyMemberSummary[]> {
  const { readers, emailChildren } = await familyOf(db, adult);
  const clanName = (clan: number) => clanById(clan).name;
  const members: FamilyMemberSummary[] = [];
  for (const child of readers) {
    const summary = await summariseAccountData(db, { id: child.id, email: childAccountEmail(child.id) }, clanName);
    // The account's address is a placeholder no one reads (decision 030): never shown.
    summary.account = summary.account.map((fact) =>
      fact.label === L.email && isChildAccountEmail(fact.value) ? { ...fact, value: L.noEmail } : fact,
    );
    const consent = await consentOfChild(db, adult.id, child.id);
    members.push({
      name: child.apodo,
      facts: [
        { label: L.familyReader, value: L.familyReaderPin },
        { label: L.picture, value: pictureById(child.picture)?.label ?? L.none },
        {
          label: L.card,
          value: child.cardIssuedAt ? `${L.cardIssued} ${formatDateTime(child.cardIssuedAt)}` : L.noCard,
        },
        { label: L.consentBy, value: consent?.byEmail ?? L.none },
        { label: L.consentOn, value: formatDateTime(child.consentedAt) },
        { label: L.consentWords, value: consent ? `«${consent.text}»` : L.none },
      ],
      summary,
    });
  }
  for (const child of emailChildren) {
    const summary = await summariseAccountData(db, { id: child.id, email: child.email }, clanName);
    members.push({
      name: child.name ? `${child.name} (${child.email})` : child.email,
      facts: [
        { label: L.familyReader, value: L.familyReaderEmail },
        { label: L.consentBy, value: child.guardianEmail },
        { label: L.consentOn, value: formatDateTime(child.allowedAt) },
        { label: L.consentWords, value: child.consentText ? `«${child.consentText}»` : L.consentWordsUnknown },
      ],
      summary,
    });
  }
  return members;
}
