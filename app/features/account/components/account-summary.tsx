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

function Section({ title, count, children }: { title: string; count?: number; children: React.ReactNode }) {
  return (
    <section className="summary-section">
      <h2 className="h4">{count === undefined ? title : `${title} (${count})`}</h2>
      {children}
    </section>
  );
}

/** /tu-perfil/mis-datos/resumen: everything the site keeps about the reader, to read or print. */
export function AccountSummaryPage({ summary }: { summary: AccountSummary }) {
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

      <Section title={L.accountHeading}>
        <Facts facts={summary.account} />
      </Section>
      <Section title={L.profileHeading}>
        {summary.profile.length ? <Facts facts={summary.profile} /> : <p>{L.nothing}</p>}
      </Section>
      {summary.guardian && (
        <Section title={L.guardianHeading}>
          <Facts facts={summary.guardian} />
        </Section>
      )}
      <Section title={L.chaptersHeading} count={summary.chapters.length}>
        <Items items={summary.chapters} />
      </Section>
      <Section title={L.charactersHeading} count={summary.characters.length}>
        <Items items={summary.characters} />
      </Section>
      <Section title={L.commentsHeading} count={summary.comments.length}>
        <Items items={summary.comments} />
      </Section>
      <Section title={L.reportsHeading} count={summary.reports.length}>
        <Items items={summary.reports} />
      </Section>
      <Section title={L.decisionsOnMineHeading} count={summary.decisionsOnMine.length}>
        <Items items={summary.decisionsOnMine} />
      </Section>
      {summary.decisionsTaken.length > 0 && (
        <Section title={L.decisionsTakenHeading} count={summary.decisionsTaken.length}>
          <Items items={summary.decisionsTaken} />
        </Section>
      )}
      <Section title={L.sessionsHeading} count={summary.sessions.length}>
        <p>{L.sessionsNote}</p>
        <Items items={summary.sessions} />
      </Section>
      <Section title={L.contactHeading} count={summary.contactMessages.length}>
        <Items items={summary.contactMessages} />
      </Section>
      {summary.signInFailures && (
        <Section title={L.signInFailuresHeading}>
          <Facts facts={summary.signInFailures} />
        </Section>
      )}
      {summary.otherTables.length > 0 && (
        <Section title={L.otherHeading}>
          <Facts facts={summary.otherTables} />
        </Section>
      )}
    </div>
  );
}
