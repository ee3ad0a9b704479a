import { useId } from "react";
import { Link } from "react-router";
import type { AccountSummary, Fact, Item } from "../account-summary.server.ts";
import { SUMMARY_LABELS as L } from "../account-summary-labels.ts";

function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="summary-facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Items({ items }: { items: Item[] }) {
  if (!items.length) return <p>{L.nothing}</p>;
  return (
    <ol className="summary-items">
      {items.map((item, index) => (
        <li key={index}>
          <p className="fw-bold mb-1">{item.title}</p>
          {item.text !== undefined && <blockquote className="summary-quote">{item.text}</blockquote>}
          <Facts facts={item.details} />
        </li>
      ))}
    </ol>
  );
}

/** A heading level: the reader's own sections are h2; a family member's, one level down (h4 under their h3). */
type Level = 2 | 4;

function Section({
  title,
  count,
  level = 2,
  children,
}: {
  title: string;
  count?: number;
  level?: Level;
  children: React.ReactNode;
}) {
  const id = useId();
  const Heading = level === 2 ? "h2" : "h4";
  return (
    <section className="summary-section" aria-labelledby={id}>
      <Heading id={id} className={level === 2 ? "h4" : "h6"}>
        {count === undefined ? title : `${title} (${count})`}
      </Heading>
      {children}
    </section>
  );
}

/** One child of the family on the page: who they are to the family, and their own summary. */
export type FamilyMemberSummary = { name: string; facts: Fact[]; summary: AccountSummary };

function FamilyMember({ member }: { member: FamilyMemberSummary }) {
  const id = useId();
  return (
    <section className="summary-member border-start border-3 ps-3 mb-4" aria-labelledby={id}>
      <h3 id={id} className="h5 text-break">
        {member.name}
      </h3>
      <Facts facts={member.facts} />
      <SummarySections summary={member.summary} level={4} />
    </section>
  );
}

/** /tu-perfil/mis-datos/resumen: everything the site keeps about the reader, to read or print. */
export function AccountSummaryPage({
  summary,
  family = [],
}: {
  summary: AccountSummary;
  /** The children the reader answers for (issue 39), each with their own summary. */
  family?: FamilyMemberSummary[];
}) {
  return (
    <div className="container py-4 account-summary">
      <h1>{L.title}</h1>
      <p className="lead">{L.intro}</p>
      <p>
        {L.generatedOn} {summary.generatedAt}. {L.timeZone}
      </p>
      <p className="d-print-none d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {L.print}
        </button>
        <Link to="/tu-perfil" className="btn btn-outline-primary">
          {L.backToProfile}
        </Link>
      </p>
      <p className="small">{L.completeFile}</p>

      <SummarySections summary={summary} level={2} />
      {family.length > 0 && (
        <Section title={L.familyHeading} count={family.length}>
          <p>{L.familyNote}</p>
          {family.map((member, index) => (
            <FamilyMember key={index} member={member} />
          ))}
        </Section>
      )}
    </div>
  );
}

/** Every section of one reader's summary, at `level` (the page's reader, or a family member). */
function SummarySections({ summary, level }: { summary: AccountSummary; level: Level }) {
  return (
    <>
      <Section level={level} title={L.accountHeading}>
        <Facts facts={summary.account} />
      </Section>
      <Section level={level} title={L.profileHeading}>
        {summary.profile.length ? <Facts facts={summary.profile} /> : <p>{L.nothing}</p>}
      </Section>
      {summary.guardian && (
        <Section level={level} title={L.guardianHeading}>
          <Facts facts={summary.guardian} />
        </Section>
      )}
      <Section level={level} title={L.chaptersHeading} count={summary.chapters.length}>
        <Items items={summary.chapters} />
      </Section>
      <Section level={level} title={L.charactersHeading} count={summary.characters.length}>
        <Items items={summary.characters} />
      </Section>
      {summary.reading.length > 0 && (
        <Section level={level} title={L.readingHeading} count={summary.reading.length}>
          <Items items={summary.reading} />
        </Section>
      )}
      <Section level={level} title={L.commentsHeading} count={summary.comments.length}>
        <Items items={summary.comments} />
      </Section>
      <Section level={level} title={L.reportsHeading} count={summary.reports.length}>
        <Items items={summary.reports} />
      </Section>
      <Section level={level} title={L.decisionsOnMineHeading} count={summary.decisionsOnMine.length}>
        <Items items={summary.decisionsOnMine} />
      </Section>
      {summary.decisionsTaken.length > 0 && (
        <Section level={level} title={L.decisionsTakenHeading} count={summary.decisionsTaken.length}>
          <Items items={summary.decisionsTaken} />
        </Section>
      )}
      <Section level={level} title={L.sessionsHeading} count={summary.sessions.length}>
        <p>{L.sessionsNote}</p>
        <Items items={summary.sessions} />
      </Section>
      <Section level={level} title={L.contactHeading} count={summary.contactMessages.length}>
        <Items items={summary.contactMessages} />
      </Section>
      {summary.signInFailures && (
        <Section level={level} title={L.signInFailuresHeading}>
          <Facts facts={summary.signInFailures} />
        </Section>
      )}
      {summary.otherTables.length > 0 && (
        <Section level={level} title={L.otherHeading}>
          <Facts facts={summary.otherTables} />
        </Section>
      )}
    </>
  );
}
